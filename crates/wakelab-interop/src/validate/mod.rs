//! Real vs model (issue 18, item 3): each recorded benchmark next to the model's version of it
//! on a machine shaped like the recording host, both summarised by the same code
//! ([`crate::sched_trace::summarise`]): the recording's summary is committed beside its metadata
//! (`NAME.summary.json`, from `wakelab trace-import --json`), the model's comes from Wakelab's own
//! run ([`crate::sched_trace::stream_of_point`]).
//!
//! A row is *off* when model and real differ by more than 2x either way (or one of them is zero
//! or undefined and the other is not), except shares under [`SHARE_FLOOR`] on both sides. Rows
//! that are off today are listed, with a reason, in an expected-miss list ([`Miss`],
//! `recordings/validation-misses.tsv`); [`check_misses`] fails both ways: on an off row that is
//! not listed (a change broke the structure) and on a listed row that is within 2x (a fix: drop
//! it from the list). `wakelab validate` prints the tables and writes them into
//! docs/calibration.md.

pub mod bench;
pub mod instances;
pub mod rows;

use std::fmt::Write as _;

use wakelab_sim::experiment::{DetailOptions, PointDetail, run_point_detailed};

use crate::sched_trace::{TraceSummary, stream_of_point, summarise};
pub use bench::{BenchError, KernelChoice, ModelBench, Recording, model_bench};
pub use instances::{InstancePair, instances_markdown};
pub use rows::{Row, Unit};

/// Model/real factor beyond which a row is off (either way).
pub const OFF_FACTOR: f64 = 2.0;
/// Shares (0..=1) below this on both sides agree whatever their ratio: "rare" in both runs
/// (0.02% against 0.07% of wake-ups landing on an idle CPU is no structural difference).
pub const SHARE_FLOOR: f64 = 0.01;
/// Edges with less than this share of a benchmark's wake-ups in both runs are not rows.
pub const MIN_EDGE_SHARE: f64 = 0.01;
/// The markers in docs/calibration.md between which the generated tables go.
pub const DOC_BEGIN: &str = "<!-- wakelab validate: begin (generated; do not edit by hand) -->";
pub const DOC_END: &str = "<!-- wakelab validate: end -->";

/// Why [`model_summary`] has no summary.
#[derive(Debug, thiserror::Error)]
pub enum SummaryError {
    /// The run could not be made.
    #[error("{0}")]
    Run(String),
    /// The run records more segments or wake-ups than a detailed run keeps, so a summary of it
    /// would leave part of it out.
    #[error("{0}")]
    TooLarge(String),
}

/// The model's detailed run of `b` (every segment and wake-up recorded), refused when it holds
/// more than a detailed run keeps.
pub fn model_detail(b: &ModelBench) -> Result<PointDetail, SummaryError> {
    let d = run_point_detailed(
        &b.experiment,
        0,
        b.clients,
        0,
        DetailOptions {
            window: Some((0, u64::MAX)),
            explain_decision: None,
            shadow_kernel: None,
        },
        None,
    )
    .map_err(|e| SummaryError::Run(e.to_string()))?;
    let engine = &b.experiment.scenario.engine;
    if d.timeline.len() >= engine.max_timeline_segments
        || d.wake_records.len() >= engine.max_wakeup_records
        || d.plain_wakes.len() >= engine.max_wakeup_records
    {
        return Err(SummaryError::TooLarge(format!(
            "{}: the run has more than {} timeline segments or {} wake-ups, the most a \
             detailed run records: shorten it",
            b.experiment.scenario.title, engine.max_timeline_segments, engine.max_wakeup_records
        )));
    }
    Ok(d)
}

/// The model's run of `b`, as a trace summary (comm groups named like the real trace's).
pub fn model_summary(b: &ModelBench) -> Result<TraceSummary, SummaryError> {
    let d = model_detail(b)?;
    let mut s = stream_of_point(&d);
    if let Some(traced) = b.idle_context_traced {
        s.events.retain(|e| !lost_in_untraced_idle(e, traced));
    }
    for t in &mut s.tasks {
        t.comm = (b.relabel)(&t.comm);
    }
    Ok(summarise(&s))
}

/// Whether the recording lost `e`: a wake-up issued in the idle context (an interrupt while the
/// CPU idles, no waker task) of a CPU whose idle-task context the recording does not hold
/// ([`bench::idle_event_cpus`]). A task's first wake-up has no waker in the model either (the
/// model has no parent to fork it) and is kept.
fn lost_in_untraced_idle(
    e: &crate::sched_trace::Event,
    traced: wakelab_sim::cpumask::CpuMask,
) -> bool {
    use crate::sched_trace::EventKind;
    matches!(
        e.kind,
        EventKind::Wake {
            waker: None,
            new_task: false,
            ..
        }
    ) && !traced.test(e.cpu as wakelab_sim::cpumask::Cpu)
}

/// Whether a row agrees.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Within [`OFF_FACTOR`] (or both zero).
    Within,
    /// Off by more than [`OFF_FACTOR`], or one side zero / undefined.
    Off,
    /// Undefined in both runs (e.g. no samples): not compared.
    Undefined,
}

/// One row of a table.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    pub label: String,
    pub unit: Unit,
    pub real: Option<f64>,
    pub model: Option<f64>,
    /// The model's lowest and highest value over the runs (seeds), when two or more define it.
    pub model_range: Option<(f64, f64)>,
}

impl Line {
    /// model / real, when both are defined and real is not zero.
    pub fn ratio(&self) -> Option<f64> {
        match (self.real, self.model) {
            (Some(r), Some(m)) if r != 0.0 => Some(m / r),
            _ => None,
        }
    }

    pub fn verdict(&self) -> Verdict {
        match (self.real, self.model) {
            (None, None) => Verdict::Undefined,
            (Some(r), Some(m)) if r == 0.0 && m == 0.0 => Verdict::Within,
            (Some(r), Some(m)) if self.unit == Unit::Share && r.max(m) < SHARE_FLOOR => {
                Verdict::Within
            }
            (Some(_), Some(_)) => match self.ratio() {
                Some(x) if (1.0 / OFF_FACTOR..=OFF_FACTOR).contains(&x) => Verdict::Within,
                _ => Verdict::Off,
            },
            _ => Verdict::Off,
        }
    }
}

/// The rows of a benchmark, real next to model: the model's value of a row is the median over
/// `models`, one run per seed (the lower median, so always one run's value; runs where the row
/// is undefined are left out). One seed alone moves some rows across the 2x line
/// (docs/calibration.md, "Seeds").
pub fn compare(real: &TraceSummary, models: &[TraceSummary], roles: &[&str]) -> Vec<Line> {
    let all: Vec<&TraceSummary> = std::iter::once(real).chain(models).collect();
    let edges = rows::edge_union(&all, roles, MIN_EDGE_SHARE);
    let r = rows::rows(real, roles, &edges);
    let m: Vec<Vec<rows::Row>> = models
        .iter()
        .map(|s| rows::rows(s, roles, &edges))
        .collect();
    r.into_iter()
        .enumerate()
        .map(|(i, r)| {
            let values: Vec<f64> = m.iter().filter_map(|rows| rows[i].value).collect();
            let model_range = (values.len() >= 2).then(|| {
                let lo = values.iter().copied().fold(f64::INFINITY, f64::min);
                let hi = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
                (lo, hi)
            });
            Line {
                label: r.label,
                unit: r.unit,
                real: r.value,
                model: lower_median(values),
                model_range,
            }
        })
        .collect()
}

/// The lower median of `v` (`None` if empty).
fn lower_median(mut v: Vec<f64>) -> Option<f64> {
    v.sort_by(f64::total_cmp);
    v.get(v.len().checked_sub(1)? / 2).copied()
}

/// One benchmark's table (or why it has none).
#[derive(Clone, Debug)]
pub struct Report {
    pub name: String,
    pub command: String,
    /// What the model ran; `None` with `no_model` set.
    pub model: Option<String>,
    pub no_model: Option<String>,
    pub lines: Vec<Line>,
}

/// An expected miss: rows of benchmarks matching the globs (`*` matches any run of
/// characters) are off today, for `reason`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Miss {
    pub bench: String,
    pub row: String,
    pub reason: String,
    /// Line in the list (1-based), for messages.
    pub line: usize,
}

/// Most entries in an expected-miss list.
pub const MAX_MISSES: usize = 2000;

/// Read an expected-miss list: `bench-glob<TAB>row-glob<TAB>reason` per line; `#` comments
/// and blank lines are skipped.
pub fn parse_misses(text: &str) -> Result<Vec<Miss>, String> {
    let mut out = Vec::new();
    for (i, l) in text.lines().enumerate() {
        let t = l.trim_end();
        if t.trim().is_empty() || t.trim_start().starts_with('#') {
            continue;
        }
        let f: Vec<&str> = t.split('\t').collect();
        let [bench, row, reason] = f[..] else {
            return Err(format!(
                "line {}: expected bench<TAB>row<TAB>reason, found {} field(s)",
                i + 1,
                f.len()
            ));
        };
        if reason.trim().is_empty() {
            return Err(format!("line {}: the reason is empty", i + 1));
        }
        if out.len() == MAX_MISSES {
            return Err(format!("more than {MAX_MISSES} entries (MAX_MISSES)"));
        }
        out.push(Miss {
            bench: bench.trim().into(),
            row: row.trim().into(),
            reason: reason.trim().into(),
            line: i + 1,
        });
    }
    Ok(out)
}

/// `*`-glob match (no other metacharacters).
pub fn glob(pat: &str, s: &str) -> bool {
    let parts: Vec<&str> = pat.split('*').collect();
    if parts.len() == 1 {
        return pat == s;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !s.starts_with(first) || s.len() < first.len() + last.len() || !s.ends_with(last) {
        return false;
    }
    let mut rest = &s[first.len()..s.len() - last.len()];
    for p in &parts[1..parts.len() - 1] {
        match rest.find(p) {
            Some(i) => rest = &rest[i + p.len()..],
            None => return false,
        }
    }
    true
}

fn miss_for<'a>(misses: &'a [Miss], bench: &str, row: &str) -> Option<&'a Miss> {
    misses
        .iter()
        .find(|m| glob(&m.bench, bench) && glob(&m.row, row))
}

/// What disagrees between the tables and the expected-miss list (empty: all agree).
pub fn check_misses(reports: &[Report], misses: &[Miss]) -> Vec<String> {
    let mut problems = Vec::new();
    let mut used = vec![false; misses.len()];
    for r in reports {
        for l in &r.lines {
            let m = misses
                .iter()
                .position(|m| glob(&m.bench, &r.name) && glob(&m.row, &l.label));
            if let Some(i) = m {
                used[i] = true;
            }
            match (l.verdict(), m) {
                (Verdict::Off, None) => problems.push(format!(
                    "{}: `{}` is off by more than {OFF_FACTOR}x (real {}, model {}) and not in \
                     the expected misses",
                    r.name,
                    l.label,
                    fmt_value(l.real, l.unit),
                    fmt_value(l.model, l.unit)
                )),
                (Verdict::Within, Some(i)) => problems.push(format!(
                    "{}: `{}` is within {OFF_FACTOR}x now (real {}, model {}), but expected-miss \
                     line {} lists it: drop or narrow that entry",
                    r.name,
                    l.label,
                    fmt_value(l.real, l.unit),
                    fmt_value(l.model, l.unit),
                    misses[i].line
                )),
                _ => {}
            }
        }
    }
    for (m, u) in misses.iter().zip(used) {
        if !u {
            problems.push(format!(
                "expected-miss line {} ({} / {}) matches no row",
                m.line, m.bench, m.row
            ));
        }
    }
    problems
}

/// Three significant digits, no exponent.
fn sig3(x: f64) -> String {
    let a = x.abs();
    if a == 0.0 {
        "0".into()
    } else if a >= 100.0 {
        format!("{x:.0}")
    } else if a >= 10.0 {
        format!("{x:.1}")
    } else if a >= 1.0 {
        format!("{x:.2}")
    } else if a >= 0.01 {
        format!("{x:.3}")
    } else {
        format!("{x:.4}")
    }
}

/// A value as the tables print it (`—` when undefined).
pub fn fmt_value(v: Option<f64>, unit: Unit) -> String {
    match v {
        None => "—".into(),
        Some(x) => match unit {
            Unit::Share => format!("{}%", sig3(100.0 * x)),
            Unit::Micros => format!("{} µs", sig3(x)),
            Unit::Number => sig3(x),
        },
    }
}

/// The tables as Markdown (one `###` section per benchmark), with the reason of each off row
/// from `misses` (or "not in the expected misses").
pub fn markdown(reports: &[Report], misses: &[Miss]) -> String {
    let mut o = String::new();
    let (mut within, mut off, mut undefined) = (0, 0, 0);
    for r in reports {
        for l in &r.lines {
            match l.verdict() {
                Verdict::Within => within += 1,
                Verdict::Off => off += 1,
                Verdict::Undefined => undefined += 1,
            }
        }
    }
    let _ = writeln!(
        o,
        "{} recordings, {} with a model counterpart: {within} rows within {OFF_FACTOR}x, \
         {off} off, {undefined} undefined in both.\n",
        reports.len(),
        reports.iter().filter(|r| r.model.is_some()).count()
    );
    for r in reports {
        let _ = writeln!(o, "### {}\n", r.name);
        let _ = writeln!(o, "Real: `{}`.", r.command.replace('`', "'"));
        match (&r.model, &r.no_model) {
            (Some(m), _) => {
                let _ = writeln!(o, "Model: {m}.\n");
            }
            (None, why) => {
                let _ = writeln!(
                    o,
                    "No model counterpart: {}.\n",
                    why.as_deref().unwrap_or("unknown")
                );
                continue;
            }
        }
        let _ = writeln!(
            o,
            "| row | real | model | model/real | model over the seeds | off by > {OFF_FACTOR}x |"
        );
        let _ = writeln!(o, "|---|--:|--:|--:|--:|---|");
        for l in &r.lines {
            let ratio = l.ratio().map_or("—".into(), sig3);
            let mark = match l.verdict() {
                Verdict::Off => match miss_for(misses, &r.name, &l.label) {
                    Some(m) => format!("**off**: {}", m.reason),
                    None => "**off** (not in the expected misses)".into(),
                },
                _ => String::new(),
            };
            let range = match l.model_range {
                Some((lo, hi)) => format!(
                    "{} - {}",
                    fmt_value(Some(lo), l.unit),
                    fmt_value(Some(hi), l.unit)
                ),
                None => "—".into(),
            };
            let _ = writeln!(
                o,
                "| {} | {} | {} | {ratio} | {range} | {mark} |",
                l.label.replace('|', "\\|"),
                fmt_value(l.real, l.unit),
                fmt_value(l.model, l.unit)
            );
        }
        o.push('\n');
    }
    o
}

/// `doc` with the text between [`DOC_BEGIN`] and [`DOC_END`] replaced by `generated`.
pub fn splice_doc(doc: &str, generated: &str) -> Result<String, String> {
    let b = doc
        .find(DOC_BEGIN)
        .ok_or_else(|| format!("no `{DOC_BEGIN}` marker"))?;
    let e = doc[b..]
        .find(DOC_END)
        .map(|i| b + i)
        .ok_or_else(|| format!("no `{DOC_END}` marker after the begin marker"))?;
    Ok(format!(
        "{}{DOC_BEGIN}\n\n{}{}",
        &doc[..b],
        generated.trim_end_matches('\n').to_string() + "\n\n",
        &doc[e..]
    ))
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_model_value_is_the_lower_median_of_the_runs() {
        assert_eq!(lower_median(vec![]), None);
        assert_eq!(lower_median(vec![7.0]), Some(7.0));
        assert_eq!(lower_median(vec![3.0, 1.0, 2.0]), Some(2.0));
        // an even count takes the lower middle: always one run's value
        assert_eq!(lower_median(vec![4.0, 1.0, 3.0, 2.0]), Some(2.0));
    }

    use super::*;

    fn line(real: Option<f64>, model: Option<f64>) -> Line {
        Line {
            label: "x: burst p50 (wake-up to block)".into(),
            unit: Unit::Micros,
            real,
            model,
            model_range: None,
        }
    }

    #[test]
    fn a_wake_up_in_an_untraced_idle_context_is_lost() {
        use crate::sched_trace::{Event, EventKind};
        use wakelab_sim::cpumask::CpuMask;
        let wake = |cpu, waker, new_task| Event {
            t_ns: 1,
            cpu,
            kind: EventKind::Wake {
                waker,
                wakee: 3,
                new_task,
            },
        };
        let vcpu0 = CpuMask::single(0);
        // an interrupt on idle vCPU 1: lost; on idle vCPU 0: kept
        assert!(lost_in_untraced_idle(&wake(1, None, false), vcpu0));
        assert!(!lost_in_untraced_idle(&wake(0, None, false), vcpu0));
        // a task's wake-up on vCPU 1 runs in the task's context; a task's start is kept
        assert!(!lost_in_untraced_idle(&wake(1, Some(2), false), vcpu0));
        assert!(!lost_in_untraced_idle(&wake(1, None, true), vcpu0));
        let switch = Event {
            t_ns: 1,
            cpu: 1,
            kind: EventKind::Switch {
                prev: Some(2),
                prev_blocked: true,
                next: None,
                inferred: false,
            },
        };
        assert!(!lost_in_untraced_idle(&switch, vcpu0));
    }

    #[test]
    fn verdicts() {
        assert_eq!(line(Some(10.0), Some(20.0)).verdict(), Verdict::Within);
        assert_eq!(line(Some(10.0), Some(5.0)).verdict(), Verdict::Within);
        assert_eq!(line(Some(10.0), Some(20.1)).verdict(), Verdict::Off);
        assert_eq!(line(Some(10.0), Some(4.9)).verdict(), Verdict::Off);
        assert_eq!(line(Some(0.0), Some(0.0)).verdict(), Verdict::Within);
        assert_eq!(line(Some(0.0), Some(1.0)).verdict(), Verdict::Off);
        assert_eq!(line(Some(1.0), Some(0.0)).verdict(), Verdict::Off);
        assert_eq!(line(None, Some(1.0)).verdict(), Verdict::Off);
        assert_eq!(line(None, None).verdict(), Verdict::Undefined);
        let share = |r, m| Line {
            unit: Unit::Share,
            ..line(Some(r), Some(m))
        };
        assert_eq!(share(0.0002, 0.0007).verdict(), Verdict::Within);
        assert_eq!(share(0.0, 0.009).verdict(), Verdict::Within);
        assert_eq!(share(0.0, 0.02).verdict(), Verdict::Off);
    }

    #[test]
    fn globs() {
        assert!(glob("hackbench-*", "hackbench-pipe-thread-g1"));
        assert!(glob("*-g1", "hackbench-pipe-thread-g1"));
        assert!(glob("h*pipe*g1", "hackbench-pipe-thread-g1"));
        assert!(!glob("h*socket*", "hackbench-pipe-thread-g1"));
        assert!(glob("tbench-c2", "tbench-c2"));
        assert!(!glob("tbench-c2", "tbench-c21"));
        assert!(glob("*", ""));
        assert!(!glob("ab*ba", "aba"));
    }

    #[test]
    fn misses_fail_both_ways() {
        let misses =
            parse_misses("# comment\n\ntbench-*\t*burst p50*\treason one\nhack*\t*\tstale\n")
                .unwrap();
        assert_eq!(misses.len(), 2);
        let rep = |l: Line| Report {
            name: "tbench-c1".into(),
            command: "tbench".into(),
            model: Some("m".into()),
            no_model: None,
            lines: vec![l],
        };
        // listed and off: fine, but the stale entry is reported
        let p = check_misses(&[rep(line(Some(1.0), Some(5.0)))], &misses);
        assert_eq!(p.len(), 1, "{p:?}");
        assert!(p[0].contains("line 4"), "{p:?}");
        // listed and within: a fix shows up
        let p = check_misses(&[rep(line(Some(1.0), Some(1.5)))], &misses[..1]);
        assert!(p[0].contains("within 2x now"), "{p:?}");
        // off and not listed: a break shows up
        let p = check_misses(&[rep(line(Some(1.0), Some(5.0)))], &[]);
        assert!(p[0].contains("not in the expected misses"), "{p:?}");
        assert!(parse_misses("a\tb\n").unwrap_err().contains("line 1"));
        // a blank reason is trimmed away: two fields
        assert!(parse_misses("a\tb\t \n").unwrap_err().contains("line 1"));
    }

    #[test]
    fn doc_splice_replaces_between_markers() {
        let doc = format!("intro\n{DOC_BEGIN}\nold\n{DOC_END}\nrest\n");
        let out = splice_doc(&doc, "new table\n").unwrap();
        assert_eq!(
            out,
            format!("intro\n{DOC_BEGIN}\n\nnew table\n\n{DOC_END}\nrest\n")
        );
        assert_eq!(splice_doc(&out, "new table").unwrap(), out);
        assert!(splice_doc("no markers", "x").is_err());
    }

    #[test]
    fn values_print_with_units() {
        assert_eq!(fmt_value(Some(0.1234), Unit::Share), "12.3%");
        assert_eq!(fmt_value(Some(8.64), Unit::Micros), "8.64 µs");
        assert_eq!(fmt_value(Some(1234.5), Unit::Number), "1234");
        assert_eq!(fmt_value(None, Unit::Number), "—");
    }
}
