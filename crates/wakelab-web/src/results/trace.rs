//! Perfetto trace export, run by a worker: the worker already has the simulation, so the
//! page's bundle does not carry the trace writer and the page never holds a second copy of the
//! run. Same recording settings and bound as `wakelab trace` (`wakelab_interop::trace`).

use wakelab_interop::trace::{
    MAX_TRACE_EVENTS, MAX_TRACE_SEGMENTS, TraceError, TraceOptions, chrome_trace_with,
};
use wakelab_sim::experiment::{self, DetailOptions};
use wakelab_sim::scenario::Experiment;

use crate::dto::{TraceDone, TraceJob};
use crate::glue::ProgressFn;

/// `text` as part of a file name: ASCII letters, digits, `.` and `_` kept, every other run
/// of characters one `-`, no `-` or `.` at either end (no hidden files, no `..`), at most
/// `max` characters; `x` if nothing is left.
pub fn file_part(text: &str, max: usize) -> String {
    let mut out = String::new();
    for c in text.chars() {
        if c.is_ascii_alphanumeric() || c == '.' || c == '_' {
            out.push(c);
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    let cut: String = out.chars().take(max).collect();
    let t = cut.trim_matches(['-', '.']);
    if t.is_empty() { "x".into() } else { t.into() }
}

/// What a trace download holds (and so its name): `whole` run or a `window` of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TraceKind {
    Whole,
    Window,
}

/// The download's file name says what it is: the experiment (its preset's id, else its
/// title), the variant, the client count, the kind of trace and its time range, so the two
/// trace buttons, two windows or two experiments never share a name
/// (`wakelab-trace-t1-4.15-recent-used-8clients-window-60-80ms.json`).
pub fn file_name(
    experiment: &str,
    variant: &str,
    clients: u32,
    kind: TraceKind,
    from_ms: f64,
    to_ms: f64,
) -> String {
    let kind = match kind {
        TraceKind::Whole => "whole",
        TraceKind::Window => "window",
    };
    format!(
        "wakelab-trace-{}-{}-{clients}clients-{kind}-{}-{}ms.json",
        file_part(experiment, 40),
        file_part(variant, 40),
        super::zoom::fmt_ms(from_ms),
        super::zoom::fmt_ms(to_ms),
    )
}

/// Run the job's point with a timeline over its window and export it; a run too long to
/// export whole gives a message with a window that fits.
pub fn run_trace(job: &TraceJob, progress: Option<ProgressFn<'_>>) -> Result<TraceDone, String> {
    run_trace_bounded(job, MAX_TRACE_SEGMENTS, progress)
}

/// [`run_trace`] with another bound on the timeline segments (tests).
pub fn run_trace_bounded(
    job: &TraceJob,
    max_segments: usize,
    progress: Option<ProgressFn<'_>>,
) -> Result<TraceDone, String> {
    let mut exp = Experiment::from_json(&job.experiment).map_err(|e| e.to_string())?;
    let variant = job.variant as usize;
    let name = exp
        .variants
        .get(variant)
        .map(|v| v.name.clone())
        .ok_or_else(|| format!("variant {variant} does not exist"))?;
    // Record a little more than the bound so an over-long window is detected, and every
    // wake-up; recording caps do not change the run.
    exp.scenario.engine.max_timeline_segments = max_segments + 1;
    exp.scenario.engine.max_wakeup_records = 1_000_000;
    exp.validate().map_err(|e| e.to_string())?;
    let run_ns = exp.scenario.run.duration_ms * 1_000_000;
    let (from, to) = match job.window_ms {
        None => (0, run_ns),
        Some((a, b)) => {
            if !(a.is_finite() && b.is_finite() && a >= 0.0 && b > a) {
                return Err("the trace window must start at 0 ms or later and end after it".into());
            }
            ((a * 1e6) as u64, (b * 1e6) as u64)
        }
    };
    let d = experiment::run_point_detailed(
        &exp,
        variant,
        job.clients,
        job.iteration,
        DetailOptions {
            window: Some((from, to)),
            explain_decision: None,
            shadow_kernel: None,
        },
        progress,
    )
    .map_err(|e| e.to_string())?;
    let cpus = d.result.cpu_busy_pct.len();
    let end = to.min(d.result.sim_ns.max(from + 1));
    let opts = TraceOptions {
        window: Some((from, end)),
        max_segments,
        max_events: MAX_TRACE_EVENTS,
        title: Some(format!(
            "{} / {name} / {} clients / iteration {}",
            exp.scenario.title, job.clients, job.iteration
        )),
    };
    match chrome_trace_with(&d, cpus, &opts) {
        Ok(json) => Ok(TraceDone {
            job: job.job,
            variant: job.variant,
            clients: job.clients,
            json,
            from_ms: from as f64 / 1e6,
            to_ms: end as f64 / 1e6,
            nr_cpus: cpus as u32,
            elapsed_ms: 0.0,
        }),
        Err(
            e @ TraceError::TooLong {
                window_ns,
                suggested_window_ns,
                ..
            },
        ) => Err(format!(
            "This run is too long to export whole: {:.0}–{:.0} ms hold {}. Export a time window \
             of at most about {:.1} ms instead (set From and Length above, then \"Trace of this \
             window\").",
            window_ns.0 as f64 / 1e6,
            window_ns.1 as f64 / 1e6,
            e.too_long_what().unwrap_or_default(),
            (suggested_window_ns as f64 / 1e6).max(0.1)
        )),
        Err(e) => Err(e.to_string()),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn names_say_what_each_download_is_and_never_collide() {
        use super::{TraceKind, file_name, file_part};
        let whole = file_name("t1", "4.15 recent/used", 8, TraceKind::Whole, 0.0, 300.0);
        assert_eq!(
            whole,
            "wakelab-trace-t1-4.15-recent-used-8clients-whole-0-300ms.json"
        );
        let window = file_name("t1", "4.15 recent/used", 8, TraceKind::Window, 0.0, 300.0);
        assert_ne!(
            whole, window,
            "the kind is in the name even for the same range"
        );
        assert_eq!(
            file_name("t1", "v", 2, TraceKind::Window, 61.25, 63.5),
            "wakelab-trace-t1-v-2clients-window-61.25-63.5ms.json"
        );
        // titles and names with path separators, dots, markup, non-ASCII
        assert_eq!(file_part("../../etc/passwd", 40), "etc-passwd");
        assert_eq!(file_part("<b>Ünïcode</b> … test", 40), "b-n-code-b-test");
        assert_eq!(file_part("...", 40), "x");
        assert_eq!(file_part(&"a".repeat(100), 40).len(), 40);
        assert_eq!(
            file_part(
                "T1: Use a recently used CPU (dbench-xfs, skl-client-8t)",
                40
            ),
            "T1-Use-a-recently-used-CPU-dbench-xfs-sk"
        );
    }

    use super::*;
    use serde_json::Value;
    use wakelab_sim::presets;

    fn job(window_ms: Option<(f64, f64)>) -> TraceJob {
        let mut e = presets::experiment("default").unwrap();
        e.scenario.run.duration_ms = 40;
        e.scenario.run.warmup_ms = 10;
        TraceJob {
            job: 7,
            experiment: serde_json::to_string(&e).unwrap(),
            variant: 1,
            clients: 2,
            iteration: 0,
            window_ms,
        }
    }

    fn events(json: &str) -> Vec<Value> {
        let v: Value = serde_json::from_str(json).unwrap();
        v["traceEvents"].as_array().unwrap().clone()
    }

    #[test]
    fn the_whole_run_exports_with_one_track_per_cpu_and_sorted_times() {
        let t = run_trace(&job(None), None).unwrap();
        assert_eq!(t.job, 7);
        assert_eq!((t.from_ms, t.to_ms), (0.0, 40.0));
        let ev = events(&t.json);
        let slices = ev.iter().filter(|e| e["ph"] == "X").count();
        assert!(slices > 10, "{slices} slices");
        let threads: std::collections::BTreeSet<String> = ev
            .iter()
            .filter(|e| e["ph"] == "M" && e["name"] == "thread_name")
            .map(|e| e["args"]["name"].as_str().unwrap().to_string())
            .collect();
        assert_eq!(threads.len(), t.nr_cpus as usize, "{threads:?}");
        let ts: Vec<f64> = ev.iter().filter_map(|e| e["ts"].as_f64()).collect();
        assert!(ts.windows(2).all(|w| w[0] <= w[1]), "timestamps not sorted");
        assert!(t.json.contains("/ patched") || t.json.contains(" clients / iteration 0"));
    }

    #[test]
    fn a_window_exports_only_that_window() {
        let t = run_trace(&job(Some((20.0, 25.0))), None).unwrap();
        let ev = events(&t.json);
        assert!(
            ev.iter()
                .filter(|e| e["ph"] == "X")
                .all(|e| e["ts"].as_f64().unwrap() >= 20_000.0
                    && e["ts"].as_f64().unwrap() < 25_000.0),
        );
        assert!(run_trace(&job(Some((5.0, 5.0))), None).is_err());
    }

    #[test]
    fn too_long_runs_say_which_window_fits() {
        let e = run_trace_bounded(&job(None), 20, None).unwrap_err();
        assert!(e.contains("too long to export whole"), "{e}");
        assert!(e.contains("more than the 20"), "{e}");
        assert!(e.contains("Trace of this window"), "{e}");
    }
}
