//! The structural rows of a benchmark, read from a [`TraceSummary`] (of the recording or of the
//! model's run, the same code for both).
//!
//! A row is a property of the benchmark's task graph and rhythm that does not depend on how much
//! the machine had to give (run and sleep lengths, wake-ups per CPU time, who wakes whom, what a
//! waker does next), per comm group ("role"). Totals that scale with the run length (counts of
//! events, CPU time) are not rows: the recordings ran 3 s beside background load, the model runs
//! a fraction of that on an otherwise idle machine.

use crate::sched_trace::summary::{Activity, IDLE_WAKER, TraceSummary};

/// One row: a label and a value (`None`: undefined, e.g. no samples or a zero denominator).
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub label: String,
    pub value: Option<f64>,
    pub unit: Unit,
}

/// How a row's value is printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// Microseconds (the value is in µs).
    Micros,
    /// A share, 0..=1, printed as a percentage.
    Share,
    /// A plain number.
    Number,
}

fn ratio(a: u64, b: u64) -> Option<f64> {
    (b > 0).then(|| a as f64 / b as f64)
}

fn us(n: u64, v: u64) -> Option<f64> {
    (n > 0).then(|| v as f64 / 1000.0)
}

fn role_rows(role: &str, a: Option<&Activity>, tasks: Option<u32>, bench_cpu: u64) -> Vec<Row> {
    let row = |what: &str, value: Option<f64>, unit: Unit| Row {
        label: format!("{role}: {what}"),
        value,
        unit,
    };
    let Some(a) = a else {
        // the role is absent from this run: every row undefined
        return [
            ("tasks", Unit::Number),
            ("share of the benchmark's CPU time", Unit::Share),
            ("burst p50 (wake-up to block)", Unit::Micros),
            ("burst p90", Unit::Micros),
            ("sleep p50", Unit::Micros),
            ("wake-ups received per ms on CPU", Unit::Number),
            ("wake-ups issued per block", Unit::Number),
            ("waker blocks next (share)", Unit::Share),
            ("woken onto an idle CPU (share)", Unit::Share),
            ("preempted (share of switch-outs)", Unit::Share),
        ]
        .into_iter()
        .map(|(w, u)| row(w, None, u))
        .collect();
    };
    vec![
        row("tasks", tasks.map(f64::from), Unit::Number),
        row(
            "share of the benchmark's CPU time",
            ratio(a.cpu_ns, bench_cpu),
            Unit::Share,
        ),
        row(
            "burst p50 (wake-up to block)",
            us(a.burst.n, a.burst.p50),
            Unit::Micros,
        ),
        row("burst p90", us(a.burst.n, a.burst.p90), Unit::Micros),
        row("sleep p50", us(a.sleep.n, a.sleep.p50), Unit::Micros),
        row(
            "wake-ups received per ms on CPU",
            (a.cpu_ns > 0).then(|| a.wakeups as f64 / (a.cpu_ns as f64 / 1e6)),
            Unit::Number,
        ),
        row(
            "wake-ups issued per block",
            ratio(a.wakes_issued, a.blocks),
            Unit::Number,
        ),
        row(
            "waker blocks next (share)",
            ratio(
                a.waker_then_blocked,
                a.waker_then_blocked + a.waker_then_preempted,
            ),
            Unit::Share,
        ),
        row(
            "woken onto an idle CPU (share)",
            ratio(a.woken_to_idle, a.woken_to_idle + a.woken_to_busy),
            Unit::Share,
        ),
        row(
            "preempted (share of switch-outs)",
            ratio(a.preemptions, a.preemptions + a.blocks),
            Unit::Share,
        ),
    ]
}

/// The rows of `roles` (comm groups) in `s`: per role, then the wake-up edges between roles
/// (and from interrupts / the idle task) as shares of all those wake-ups. `edges` lists the
/// edges to print (the union over both runs, so real and model have the same rows).
pub fn rows(s: &TraceSummary, roles: &[&str], edges: &[(String, String)]) -> Vec<Row> {
    let group = |r: &str| s.groups.iter().find(|g| g.group == r);
    let bench_cpu: u64 = roles
        .iter()
        .filter_map(|r| group(r))
        .map(|g| g.activity.cpu_ns)
        .sum();
    let mut out = Vec::new();
    for r in roles {
        let g = group(r);
        out.extend(role_rows(
            r,
            g.map(|g| &g.activity),
            g.map(|g| g.tasks),
            bench_cpu,
        ));
    }
    let total: u64 = bench_edges(s, roles).iter().map(|e| e.2).sum();
    for (w, e) in edges {
        let n = s
            .wake_graph
            .iter()
            .find(|x| &x.waker == w && &x.wakee == e)
            .map_or(0, |x| x.count);
        out.push(Row {
            label: format!("wake-ups {w} -> {e} (share)"),
            value: ratio(n, total),
            unit: Unit::Share,
        });
    }
    out
}

/// The wake-up edges among `roles` (the waker may also be an interrupt or the idle task):
/// (waker, wakee, count).
pub fn bench_edges(s: &TraceSummary, roles: &[&str]) -> Vec<(String, String, u64)> {
    s.wake_graph
        .iter()
        .filter(|e| {
            roles.contains(&e.wakee.as_str())
                && (roles.contains(&e.waker.as_str()) || e.waker == IDLE_WAKER)
        })
        .map(|e| (e.waker.clone(), e.wakee.clone(), e.count))
        .collect()
}

/// The edges to compare: every edge among `roles` that has at least `min_share` of the
/// benchmark's wake-ups in any of the summaries, in a stable order (roles' order, then idle/irq).
pub fn edge_union(
    summaries: &[&TraceSummary],
    roles: &[&str],
    min_share: f64,
) -> Vec<(String, String)> {
    let mut keep: Vec<(String, String)> = Vec::new();
    for s in summaries {
        let es = bench_edges(s, roles);
        let total: u64 = es.iter().map(|e| e.2).sum();
        for (w, e, n) in es {
            if total > 0
                && n as f64 >= min_share * total as f64
                && !keep.contains(&(w.clone(), e.clone()))
            {
                keep.push((w, e));
            }
        }
    }
    let rank = |w: &str| roles.iter().position(|r| *r == w).unwrap_or(roles.len());
    keep.sort_by(|x, y| {
        (rank(&x.0), rank(&x.1), &x.0, &x.1).cmp(&(rank(&y.0), rank(&y.1), &y.0, &y.1))
    });
    keep
}
