//! A closed-loop workload in the behaviour language derived from a trace: who wakes whom and
//! each task's CPU-burst distributions are kept, timestamps are not, so another placement (or
//! another machine, or kernel) changes the timing the way it would on a real machine.
//!
//! Derivation, per selected task (docs/workloads.md, "Derived from a trace"):
//!
//! * Its **bursts** (CPU time from a wake-up until it blocks, across preemptions) are split at
//!   the wake-ups it issues: `gap` = CPU before each wake-up (from the burst start or the
//!   previous wake-up), `tail` = CPU after the last one until it blocks; bursts with no wake-up
//!   of a selected task give `solo`.
//! * A burst **starts** with `wait` when a selected task woke it, else with `sleep` drawn from
//!   the sleep lengths of those bursts (timers, interrupts, unselected wakers).
//! * The task's program is a forever loop of `L` slots (`L` <= [`MAX_SLOTS`]): the share of
//!   wait-started slots and the number of wake-ups of each target per slot follow the trace's
//!   rates per burst, rounded to `L` slots (the smallest `L` that rounds every rate within
//!   10%). Each slot ends with `ops 1`: the metric is bursts per second.
//! * Every task first replays its bursts before the first one a kept task woke (at most
//!   [`MAX_PREFIX_BURSTS`]: their wake-ups, fixed CPU amounts and sleeps), then enters its loop.
//!   So the messages in flight when the loops start are the trace's: a pipe pair starts with
//!   one message, not zero (deadlock) or two. The loop's statistics are from the other bursts.
//! * `sync` (WF_SYNC) is not in a trace: a wake-up is marked sync when the waker's median CPU
//!   after its last wake-up until it blocks is at most [`SYNC_TAIL_NS`].
//! * Amounts: CPU ns become cycles at `mhz`; a distribution becomes `uniform` with the same
//!   mean and standard deviation when that stays non-negative (coefficient of variation <=
//!   1/sqrt 3), else `exp` with the same mean.

use std::collections::BTreeMap;

use wakelab_sim::engine::{Amount, Phase, TaskRef, TaskSpec};
use wakelab_sim::workload::Metric;
use wakelab_sim::workload::{CustomConfig, WorkloadConfig};

use super::events::{EventKind, EventStream, TaskIdx, comm_group};

/// Most tasks in a derived workload (the most CPU time first).
pub const MAX_DERIVED_TASKS: usize = 64;
/// Most slots (bursts) in one iteration of a task's loop.
pub const MAX_SLOTS: usize = 16;
/// Most wake-ups written out in one slot (a hackbench sender wakes its receivers thousands of
/// times per burst: the slot loops over a shorter pattern instead).
const MAX_WAKES_PER_SLOT_BODY: usize = 256;
/// Most bursts replayed before a task's loop.
pub const MAX_PREFIX_BURSTS: usize = 8;
/// Median CPU after the last wake-up at or below which the wake-ups are marked WF_SYNC.
pub const SYNC_TAIL_NS: u64 = 10_000;
/// Wake-ups remembered in one burst (beyond this they are counted, not kept in order).
const MAX_WAKES_PER_BURST: usize = 4096;
/// Tracer processes: never part of the derived workload.
const TRACERS: [&str; 3] = ["perf", "perf-exec", "trace-cmd"];

/// Options of a derivation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeriveOptions {
    /// Clock (MHz) at which the trace's CPU times become cycles: the recording machine's.
    pub mhz: u32,
    /// Keep only tasks of these comm groups (`comm_group` names, e.g. `sched-pipe`); empty =
    /// every task with at least `min_bursts` bursts.
    pub groups: Vec<String>,
    /// Tasks with fewer complete bursts are left out.
    pub min_bursts: usize,
}

impl Default for DeriveOptions {
    fn default() -> Self {
        DeriveOptions {
            mhz: 3000,
            groups: Vec::new(),
            min_bursts: 10,
        }
    }
}

/// The derived workload and what was assumed or left out.
#[derive(Clone, Debug, PartialEq)]
pub struct DerivedWorkload {
    pub workload: WorkloadConfig,
    pub notes: Vec<String>,
}

#[derive(Default, Clone)]
struct Burst {
    started_by: Option<TaskIdx>,
    cpu: u64,
    /// (wakee, CPU of this burst when it woke it)
    wakes: Vec<(TaskIdx, u64)>,
}

#[derive(Default)]
struct T {
    seen: bool,
    on_cpu: Option<u64>,
    cur: Option<Burst>,
    blocked_at: Option<u64>,
    /// Sleep before the current burst (for sleep-started bursts).
    last_sleep: Option<u64>,
    bursts: Vec<(Burst, Option<u64>)>,
    cpu_ns: u64,
}

/// Derive a workload. Errors when no task qualifies.
pub fn derive_workload(s: &EventStream, o: &DeriveOptions) -> Result<DerivedWorkload, String> {
    let n = s.tasks.len();
    let mut ts: Vec<T> = (0..n).map(|_| T::default()).collect();
    // pass 1: bursts of every task, wake-ups by any task
    for e in &s.events {
        let t = e.t_ns;
        match e.kind {
            EventKind::Switch {
                prev,
                prev_blocked,
                next,
                ..
            } => {
                if let Some(p) = prev {
                    let x = &mut ts[p as usize];
                    if !x.seen {
                        // on a CPU or runnable since before the trace
                        x.seen = true;
                        x.cur = Some(Burst::default());
                    }
                    if let Some(since) = x.on_cpu.take() {
                        let run = t.saturating_sub(since);
                        x.cpu_ns += run;
                        if let Some(b) = &mut x.cur {
                            b.cpu += run;
                        }
                    }
                    if prev_blocked {
                        if let Some(b) = x.cur.take() {
                            let sl = x.last_sleep.take();
                            x.bursts.push((b, sl));
                        }
                        x.blocked_at = Some(t);
                    }
                }
                if let Some(nx) = next {
                    let x = &mut ts[nx as usize];
                    if !x.seen {
                        // on a CPU or runnable since before the trace
                        x.seen = true;
                        x.cur = Some(Burst::default());
                    }
                    x.on_cpu = Some(t);
                }
            }
            EventKind::Wake { waker, wakee, .. } => {
                if let Some(w) = waker {
                    let x = &mut ts[w as usize];
                    if let (Some(b), Some(since)) = (&mut x.cur, x.on_cpu) {
                        if b.wakes.len() < MAX_WAKES_PER_BURST {
                            let at = b.cpu + t.saturating_sub(since);
                            b.wakes.push((wakee, at));
                        }
                    }
                }
                let x = &mut ts[wakee as usize];
                let first = !x.seen;
                x.seen = true;
                if x.on_cpu.is_none() && (x.cur.is_none() || first) {
                    x.last_sleep = x.blocked_at.take().map(|b| t.saturating_sub(b));
                    x.cur = Some(Burst {
                        started_by: waker,
                        ..Burst::default()
                    });
                }
            }
            _ => {}
        }
    }

    // selection
    let mut notes = Vec::new();
    let mut cand: Vec<usize> = (0..n)
        .filter(|&i| {
            let g = comm_group(&s.tasks[i].comm);
            !TRACERS.contains(&s.tasks[i].comm.as_str())
                && ts[i].bursts.len() >= o.min_bursts
                && (o.groups.is_empty() || o.groups.contains(&g))
        })
        .collect();
    cand.sort_by(|&a, &b| ts[b].cpu_ns.cmp(&ts[a].cpu_ns).then(a.cmp(&b)));
    if cand.len() > MAX_DERIVED_TASKS {
        notes.push(format!(
            "{} tasks qualify; the {MAX_DERIVED_TASKS} with the most CPU time are kept",
            cand.len()
        ));
        cand.truncate(MAX_DERIVED_TASKS);
    }
    if cand.is_empty() {
        return Err(format!(
            "no task has at least {} complete bursts (wake-up to block){}: record longer or \
             lower the minimum",
            o.min_bursts,
            if o.groups.is_empty() {
                String::new()
            } else {
                format!(" in the groups {}", o.groups.join(", "))
            }
        ));
    }
    cand.sort_unstable(); // task order: the trace's order of first appearance
    let index: BTreeMap<TaskIdx, u32> = cand
        .iter()
        .enumerate()
        .map(|(k, &i)| (i as TaskIdx, k as u32))
        .collect();
    let cyc = |ns: u64| ns.saturating_mul(o.mhz as u64) / 1000;

    let mut tasks = Vec::new();
    let mut dropped_rates = 0usize;
    for &i in &cand {
        let x = &ts[i];
        // the bursts before the first one a kept task woke are replayed once (the prefix);
        // the loop follows the rest
        let kept_waker = |b: &Burst| b.started_by.is_some_and(|w| index.contains_key(&w));
        let j = x
            .bursts
            .iter()
            .position(|(b, _)| kept_waker(b))
            .unwrap_or(0);
        let (prefix, bursts) = x.bursts.split_at(j);
        let nb = bursts.len().max(1) as f64;
        let mut gaps = Vec::new();
        let mut tails = Vec::new();
        let mut solos = Vec::new();
        let mut sleeps = Vec::new();
        let mut waited = 0usize;
        let mut per_target: BTreeMap<u32, u64> = BTreeMap::new();
        for (b, sl) in bursts {
            let sel: Vec<(u32, u64)> = b
                .wakes
                .iter()
                .filter_map(|&(w, at)| index.get(&w).map(|&k| (k, at)))
                .collect();
            if kept_waker(b) {
                waited += 1;
            } else if let Some(sl) = sl {
                sleeps.push(*sl);
            }
            if sel.is_empty() {
                solos.push(b.cpu);
                continue;
            }
            let mut last = 0;
            for &(k, at) in &sel {
                gaps.push(at.saturating_sub(last));
                last = at;
                *per_target.entry(k).or_insert(0) += 1;
            }
            tails.push(b.cpu.saturating_sub(last));
        }
        // rates per burst, rounded to L slots
        let wait_rate = waited as f64 / nb;
        let rates: Vec<(u32, f64)> = per_target
            .iter()
            .map(|(&k, &c)| (k, c as f64 / nb))
            .collect();
        let slots = pick_slots(wait_rate, &rates);
        let n_wait = (wait_rate * slots as f64).round() as usize;
        let mut wakes_in_slot: Vec<Vec<(u32, u64)>> = vec![Vec::new(); slots];
        for &(k, r) in &rates {
            let total = (r * slots as f64).round() as u64;
            if total == 0 {
                dropped_rates += 1;
                continue;
            }
            // spread evenly over the slots
            for s in 0..slots {
                let c = total * (s as u64 + 1) / slots as u64 - total * s as u64 / slots as u64;
                if c > 0 {
                    wakes_in_slot[s].push((k, c));
                }
            }
        }
        let sync = median(&mut tails).is_some_and(|m| m <= SYNC_TAIL_NS);
        let gap = amount(&gaps, cyc);
        let tail = amount(&tails, cyc);
        let solo = amount(&solos, cyc).or(gap);
        let sleep = amount(&sleeps, |v| v).unwrap_or(Amount::Fixed(1_000_000));
        let mut program = Vec::new();
        for (n, (f, sl)) in prefix.iter().take(MAX_PREFIX_BURSTS).enumerate() {
            if n > 0 {
                program.push(Phase::Sleep {
                    ns: Amount::Fixed(sl.unwrap_or(0)),
                });
            }
            let mut last = 0;
            for &(w, at) in &f.wakes {
                if let Some(&k) = index.get(&w) {
                    program.push(run(Amount::Fixed(cyc(at.saturating_sub(last)))));
                    program.push(Phase::Wake {
                        task: TaskRef::Task(k),
                        sync,
                    });
                    last = at;
                }
            }
            program.push(run(Amount::Fixed(cyc(f.cpu.saturating_sub(last)))));
        }
        let mut body = Vec::new();
        for (s, wakes) in wakes_in_slot.iter().enumerate() {
            // wait-started slots first then sleep-started, spread evenly
            let waits = n_wait * (s + 1) / slots - n_wait * s / slots;
            body.push(if waits > 0 {
                Phase::Wait
            } else {
                Phase::Sleep { ns: sleep }
            });
            if wakes.is_empty() {
                if let Some(a) = solo {
                    body.push(run(a));
                }
            } else {
                body.extend(wake_phases(wakes, gap, sync));
                if let Some(a) = tail {
                    body.push(run(a));
                }
            }
            body.push(Phase::Ops { n: 1 });
        }
        program.push(Phase::Loop { count: None, body });
        tasks.push(TaskSpec::new(
            format!("{}/{}", s.tasks[i].comm, s.tasks[i].pid),
            program,
        ));
    }
    if dropped_rates > 0 {
        notes.push(format!(
            "{dropped_rates} wake-up edges are rarer than once per {MAX_SLOTS} bursts of their waker and were left out"
        ));
    }
    let left: usize = (0..n)
        .filter(|i| !index.contains_key(&(*i as TaskIdx)))
        .count();
    notes.push(format!(
        "{} tasks kept, {left} left out (fewer than {} bursts, tracers, or not in the chosen groups); \
         their wake-ups of kept tasks became sleeps",
        cand.len(),
        o.min_bursts
    ));
    Ok(DerivedWorkload {
        workload: WorkloadConfig::Custom(CustomConfig {
            tasks,
            templates: Vec::new(),
            metric: Metric::Throughput {
                unit: "bursts/s".into(),
                per_op: 1.0,
            },
            stop_when_all_exited: false,
            replicate: false,
        }),
        notes,
    })
}

fn run(cycles: Amount) -> Phase {
    Phase::Run { cycles }
}

/// The wake-ups of one slot: `(target, count)`; repeated patterns become a loop.
fn wake_phases(wakes: &[(u32, u64)], gap: Option<Amount>, sync: bool) -> Vec<Phase> {
    let m = wakes.iter().map(|w| w.1).min().unwrap_or(1).max(1);
    let mut body = Vec::new();
    for &(k, c) in wakes {
        let reps = (c / m).max(1) as usize;
        for _ in 0..reps {
            if body.len() >= 2 * MAX_WAKES_PER_SLOT_BODY {
                break;
            }
            if let Some(g) = gap {
                body.push(run(g));
            }
            body.push(Phase::Wake {
                task: TaskRef::Task(k),
                sync,
            });
        }
    }
    if m == 1 {
        body
    } else {
        vec![Phase::Loop {
            count: Some(m.min(u32::MAX as u64) as u32),
            body,
        }]
    }
}

/// The smallest number of slots that rounds every rate (per burst) within 10%, at most
/// [`MAX_SLOTS`].
fn pick_slots(wait_rate: f64, rates: &[(u32, f64)]) -> usize {
    let ok = |l: usize| {
        std::iter::once(wait_rate)
            .chain(rates.iter().map(|r| r.1))
            .filter(|&r| r > 0.0)
            .all(|r| {
                let x = r * l as f64;
                (x.round() - x).abs() <= 0.1 * x
            })
    };
    (1..=MAX_SLOTS).find(|&l| ok(l)).unwrap_or(MAX_SLOTS)
}

fn median(v: &mut [u64]) -> Option<u64> {
    if v.is_empty() {
        return None;
    }
    v.sort_unstable();
    Some(v[(v.len() - 1) / 2])
}

/// Mean- and spread-preserving amount of a sample (see the module docs); `None` if empty.
fn amount(v: &[u64], scale: impl Fn(u64) -> u64) -> Option<Amount> {
    if v.is_empty() {
        return None;
    }
    let n = v.len() as f64;
    let mean = v.iter().map(|&x| x as f64).sum::<f64>() / n;
    let var = v.iter().map(|&x| (x as f64 - mean).powi(2)).sum::<f64>() / n;
    let half = (3.0 * var).sqrt();
    let m = scale(mean.round() as u64);
    if m == 0 {
        return Some(Amount::Fixed(0));
    }
    if half == 0.0 {
        return Some(Amount::Fixed(m));
    }
    if half <= mean {
        let lo = scale((mean - half).round() as u64);
        let hi = scale((mean + half).round() as u64);
        return Some(Amount::Uniform { lo, hi });
    }
    Some(Amount::Exp { mean: m })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_round_rates() {
        assert_eq!(pick_slots(1.0, &[(0, 1.0)]), 1);
        assert_eq!(pick_slots(0.5, &[(0, 1.0)]), 2);
        assert_eq!(pick_slots(1.0, &[(0, 0.25), (1, 0.75)]), 4);
        assert_eq!(pick_slots(0.0, &[(0, 0.013)]), MAX_SLOTS);
    }

    #[test]
    fn amounts_keep_mean_and_spread() {
        assert_eq!(amount(&[10, 10], |x| x), Some(Amount::Fixed(10)));
        // mean 10, sd 1: uniform 10 +- sqrt(3)
        assert_eq!(
            amount(&[9, 11], |x| x),
            Some(Amount::Uniform { lo: 8, hi: 12 })
        );
        assert_eq!(
            amount(&[0, 0, 0, 100], |x| x),
            Some(Amount::Exp { mean: 25 })
        );
        assert_eq!(amount(&[], |x| x), None);
    }
}
