//! Scheduler-trace import for the page (issue 18), as plain Rust tested natively: the worker
//! reads a trace with `wakelab_interop::sched_trace` (the CLI's `trace-import` code, same
//! limits), summarises it and derives its workload ([`import`]); the summary crosses to the
//! page as the dedicated [`TraceSummaryDto`] ([`summary_dto`]), never as the interop crate's
//! types; the page puts the derived workload into the form ([`apply_workload`]) and draws the
//! per-CPU utilisation ([`cpu_chart`]). The DOM side is `sched_import_ui` (wasm only).

use wakelab_interop::sched_trace::summary::{Activity, Dist};
use wakelab_interop::sched_trace::{
    DeriveOptions, TraceSource, TraceSummary, derive_workload, read_trace, summarise,
};
use wakelab_plot::{BarChart, BarSeries, Legend};
use wakelab_sim::scenario::Experiment;
use wakelab_sim::workload::WorkloadConfig;

use crate::dto::{CpuRowDto, EdgeDto, GroupRowDto, ImportTraceDone, TraceSummaryDto};

pub use wakelab_interop::sched_trace::parse::MAX_TRACE_BYTES;

/// Default clock of the recording machine (MHz), as `wakelab trace-import --mhz`.
pub const DEFAULT_MHZ: u32 = 3000;
/// Highest clock accepted (the CLI's bound).
pub const MAX_MHZ: u32 = 100_000;
/// Wake-up edges shown (the summary keeps up to 64; the rest are in the count line).
pub const SHOWN_EDGES: usize = 8;
/// Comm groups shown in the table (the summary keeps up to 64, the most CPU time first).
pub const SHOWN_GROUPS: usize = 24;
/// Longest file name put into the experiment's title.
const MAX_NAME_IN_TITLE: usize = 80;

/// The worker's side: read, summarise, derive. `Err` is the reader's message (naming the line
/// when it is about one) prefixed for the page.
pub fn import(bytes: &[u8], mhz: u32, job: u32) -> Result<ImportTraceDone, String> {
    if mhz == 0 || mhz > MAX_MHZ {
        return Err(format!(
            "the recording machine's clock must be between 1 and {MAX_MHZ} MHz (got {mhz})"
        ));
    }
    let stream = read_trace(bytes).map_err(|e| format!("Could not read the trace: {e}"))?;
    let summary = summarise(&stream);
    let opts = DeriveOptions {
        mhz,
        ..DeriveOptions::default()
    };
    let (workload, derive_error, derive_notes, derived_tasks) =
        match derive_workload(&stream, &opts) {
            Ok(d) => {
                let n = match &d.workload {
                    WorkloadConfig::Custom(c) => c.tasks.len() as u32,
                    _ => 0,
                };
                match serde_json::to_string(&d.workload) {
                    Ok(j) => (Some(j), None, d.notes, n),
                    Err(e) => (None, Some(e.to_string()), d.notes, 0),
                }
            }
            Err(e) => (None, Some(e), Vec::new(), 0),
        };
    Ok(ImportTraceDone {
        job,
        summary: summary_dto(&summary),
        workload,
        derive_error,
        derive_notes,
        derived_tasks,
        mhz,
        elapsed_ms: 0.0,
    })
}

fn us(ns: u64) -> f64 {
    ns as f64 / 1e3
}

fn p(d: &Dist, f: impl Fn(&Dist) -> u64) -> Option<f64> {
    (d.n > 0).then(|| us(f(d)))
}

fn share(a: u64, b: u64) -> Option<f64> {
    (b > 0).then(|| a as f64 / b as f64)
}

fn group_row(group: &str, tasks: u32, a: &Activity, span_ns: u64) -> GroupRowDto {
    GroupRowDto {
        group: group.to_string(),
        tasks,
        cpu_share: share(a.cpu_ns, span_ns).unwrap_or(0.0),
        run_p50_us: p(&a.run, |d| d.p50),
        run_p90_us: p(&a.run, |d| d.p90),
        burst_p50_us: p(&a.burst, |d| d.p50),
        burst_p90_us: p(&a.burst, |d| d.p90),
        sleep_p50_us: p(&a.sleep, |d| d.p50),
        wakes_per_block: share(a.wakes_issued, a.blocks),
        woken_to_idle: share(a.woken_to_idle, a.woken_to_idle + a.woken_to_busy),
        migrations: a.migrations,
        wake_migrations: a.wake_migrations,
    }
}

/// The page's view of a summary.
pub fn summary_dto(s: &TraceSummary) -> TraceSummaryDto {
    let t = &s.totals;
    let mut notes = s.notes.clone();
    if s.groups.len() > SHOWN_GROUPS {
        notes.push(format!(
            "{} comm groups; the {SHOWN_GROUPS} with the most CPU time are shown",
            s.groups.len()
        ));
    }
    TraceSummaryDto {
        source: match s.source {
            TraceSource::PerfScript => "perf script",
            TraceSource::TraceCmd => "trace-cmd report",
            TraceSource::Wakelab => "Wakelab run",
        }
        .to_string(),
        nr_cpus: s.nr_cpus,
        span_ms: s.span_ns as f64 / 1e6,
        lines: s.read.lines,
        tasks: t.tasks,
        context_switches: t.context_switches,
        wakeups: t.wakeups,
        woken_to_idle: share(t.woken_to_idle, t.woken_to_idle + t.woken_to_busy),
        migrations: t.migrations,
        wake_migrations: t.wake_migrations,
        meta: s.meta.iter().map(|(k, v)| (k.clone(), v.clone())).collect(),
        skipped: s
            .read
            .skipped
            .iter()
            .map(|(k, v)| (k.clone(), *v))
            .collect(),
        groups: s
            .groups
            .iter()
            .take(SHOWN_GROUPS)
            .map(|g| group_row(&g.group, g.tasks, &g.activity, s.span_ns))
            .collect(),
        edges: s
            .wake_graph
            .iter()
            .take(SHOWN_EDGES)
            .map(|e| EdgeDto {
                waker: e.waker.clone(),
                wakee: e.wakee.clone(),
                count: e.count,
                share: share(e.count, t.wakeups).unwrap_or(0.0),
                to_idle: share(e.to_idle, e.count).unwrap_or(0.0),
            })
            .collect(),
        cpus: s
            .cpus
            .iter()
            .map(|c| {
                let f_ns: u64 = c.freq_khz_ns.iter().map(|&(_, ns)| ns).sum();
                let idle_ns: u64 = c.idle_state_ns.iter().map(|&(_, ns)| ns).sum();
                CpuRowDto {
                    cpu: c.cpu,
                    busy: share(c.busy_ns, c.span_ns).unwrap_or(0.0),
                    context_switches: c.context_switches,
                    mean_mhz: (f_ns > 0).then(|| {
                        c.freq_khz_ns
                            .iter()
                            .map(|&(k, ns)| k as f64 / 1e3 * ns as f64)
                            .sum::<f64>()
                            / f_ns as f64
                    }),
                    idle_states: c
                        .idle_state_ns
                        .iter()
                        .filter(|_| idle_ns > 0)
                        .map(|&(st, ns)| (st, ns as f64 / idle_ns as f64))
                        .collect(),
                }
            })
            .collect(),
        notes,
    }
}

/// Per-CPU utilisation as bars (one per CPU, busy %), the one part of the summary a picture
/// reads better than numbers once there are more than a few CPUs.
pub fn cpu_chart(s: &TraceSummaryDto) -> BarChart {
    BarChart {
        title: String::new(),
        x_label: "CPU".into(),
        y_label: "busy %".into(),
        categories: s.cpus.iter().map(|c| c.cpu.to_string()).collect(),
        series: vec![BarSeries {
            label: "busy".into(),
            values: s.cpus.iter().map(|c| Some(c.busy * 100.0)).collect(),
            color: 0,
        }],
        y_range: Some((0.0, 100.0)),
        legend: Legend::Hidden,
    }
}

/// "Run this workload": the form's experiment with the derived workload (custom kind) in
/// place of its own, as `wakelab trace-import --workload` builds it: the trace already holds
/// whatever interfered, so the experiment's interference sources go; a derived workload is not
/// replicated per client, so one client count. Machine, variants (kernels), run length,
/// iterations and seed stay the form's.
pub fn apply_workload(
    exp: &mut Experiment,
    workload_json: &str,
    file_name: &str,
) -> Result<(), String> {
    let w: WorkloadConfig = serde_json::from_str(workload_json)
        .map_err(|e| format!("the derived workload could not be read: {e}"))?;
    exp.scenario.workload = w;
    exp.scenario.interference.clear();
    exp.clients = vec![1];
    exp.scenario.title = title_for(file_name);
    Ok(())
}

/// The experiment title for a trace file: `"Trace: <name>"` (the name cut to 80 characters).
pub fn title_for(file_name: &str) -> String {
    let name: String = file_name.chars().take(MAX_NAME_IN_TITLE).collect();
    let cut = if file_name.chars().count() > MAX_NAME_IN_TITLE {
        "…"
    } else {
        ""
    };
    format!("Trace: {name}{cut}")
}

/// Whether the page should parse a file of `size` bytes at all (the reader's own bound, checked
/// before the file is read or posted to a worker).
pub fn size_refusal(size: f64) -> Option<String> {
    (size > MAX_TRACE_BYTES as f64).then(|| {
        format!(
            "Could not read the trace: the file is {:.0} MiB, more than the {} MiB a trace may \
             have (MAX_TRACE_BYTES; cut it with perf script --time or trace-cmd report --first, \
             or record less)",
            size / (1u64 << 20) as f64,
            MAX_TRACE_BYTES >> 20
        )
    })
}

/// A percentage for the tables: "37%", "0.4%", or "–" for none.
pub fn pct(x: Option<f64>) -> String {
    match x {
        None => "–".into(),
        Some(v) if v > 0.0 && v < 0.001 => "<0.1%".into(),
        Some(v) if v > 0.0 && v < 0.01 => format!("{:.1}%", v * 100.0),
        Some(v) => format!("{:.0}%", v * 100.0),
    }
}

/// Microseconds for the tables: "12.6", "3974", or "–".
pub fn micros(x: Option<f64>) -> String {
    match x {
        None => "–".into(),
        Some(v) if v >= 1000.0 => format!("{v:.0}"),
        Some(v) => format!("{v:.1}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TBENCH: &[u8] =
        include_bytes!("../../../recordings/excerpts/tbench-c2-50ms.perf-script.txt.gz");

    #[test]
    fn the_tbench_excerpt_summarises_and_derives_a_runnable_workload() {
        let d = import(TBENCH, DEFAULT_MHZ, 7).unwrap();
        assert_eq!(d.job, 7);
        let s = &d.summary;
        assert_eq!((s.source.as_str(), s.nr_cpus), ("perf script", 2));
        assert!((s.span_ms - 50.0).abs() < 1.0, "{}", s.span_ms);
        let names: Vec<&str> = s.groups.iter().map(|g| g.group.as_str()).collect();
        assert_eq!(&names[..2], ["tbench", "tbench_srv"], "{names:?}");
        let tb = &s.groups[0];
        assert_eq!(tb.tasks, 2);
        assert!(tb.cpu_share > 0.5 && tb.run_p50_us.unwrap() > 1.0, "{tb:?}");
        assert!(tb.wakes_per_block.unwrap() > 1.0, "{tb:?}");
        assert_eq!(
            (s.edges[0].waker.as_str(), s.edges[0].wakee.as_str()),
            ("tbench", "tbench_srv")
        );
        assert!(s.edges[0].share > 0.5 && s.edges.len() <= SHOWN_EDGES);
        assert_eq!(s.cpus.len(), 2);
        assert!(s.cpus.iter().all(|c| c.busy > 0.5 && c.busy <= 1.0));
        assert_eq!(cpu_chart(s).categories, ["0", "1"]);
        // the derived workload goes into a preset and validates there
        assert!(d.derive_error.is_none() && d.derived_tasks == 4, "{d:?}");
        let mut exp = wakelab_sim::presets::experiment("default").unwrap();
        apply_workload(&mut exp, d.workload.as_deref().unwrap(), "tbench.txt.gz").unwrap();
        exp.validate().unwrap();
        assert_eq!(exp.clients, [1]);
        assert_eq!(exp.scenario.title, "Trace: tbench.txt.gz");
        // and fits in a short share link
        let frag = wakelab_link::encode(&wakelab_link::LinkV1::new(&exp, Default::default()));
        assert!(frag.len() < wakelab_link::WARN_LENGTH, "{}", frag.len());
    }

    #[test]
    fn the_hackbench_excerpt_derives_a_workload_whose_link_fits() {
        let gz = include_bytes!(
            "../../../recordings/excerpts/hackbench-pipe-process-g1-start-100ms.perf-script.txt.gz"
        );
        let d = import(gz, DEFAULT_MHZ, 1).unwrap();
        assert!(d.derived_tasks > 4, "{}", d.derived_tasks);
        let mut exp = wakelab_sim::presets::experiment("default").unwrap();
        apply_workload(&mut exp, d.workload.as_deref().unwrap(), "hackbench.txt.gz").unwrap();
        exp.validate().unwrap();
        let frag = wakelab_link::encode(&wakelab_link::LinkV1::new(&exp, Default::default()));
        assert!(frag.len() < wakelab_link::WARN_LENGTH, "{}", frag.len());
        let (_, back) = crate::glue::decode_link(&format!("#{frag}")).unwrap();
        assert_eq!(back, exp);
    }

    #[test]
    fn malformed_traces_name_the_line_and_limits_are_the_readers() {
        let bad = b"          tbench 23908 [000]  7556.161410173:       sched:sched_waking: comm=x pid=1 prio=120 target_cpu=000\n\
                    garbage that is not an event\n";
        let e = import(bad, DEFAULT_MHZ, 1).unwrap_err();
        assert!(
            e.starts_with("Could not read the trace: line 2: expected"),
            "{e}"
        );
        let e = import(&TBENCH[..TBENCH.len() / 2], DEFAULT_MHZ, 1).unwrap_err();
        assert!(e.starts_with("Could not read the trace: gzip: "), "{e}");
        assert!(
            import(b"", DEFAULT_MHZ, 1)
                .unwrap_err()
                .contains("no scheduler events")
        );
        assert!(import(TBENCH, 0, 1).unwrap_err().contains("between 1 and"));
        assert!(size_refusal(MAX_TRACE_BYTES as f64).is_none());
        assert!(
            size_refusal(MAX_TRACE_BYTES as f64 + 1.0)
                .unwrap()
                .contains("512 MiB")
        );
    }

    #[test]
    fn formats_and_titles() {
        assert_eq!(pct(Some(0.371)), "37%");
        assert_eq!(pct(Some(0.004)), "0.4%");
        assert_eq!(pct(None), "–");
        assert_eq!(pct(Some(0.0002)), "<0.1%");
        assert_eq!(pct(Some(0.0)), "0%");
        assert_eq!(micros(Some(12.64)), "12.6");
        assert_eq!(micros(Some(3973.9)), "3974");
        let long = "x".repeat(300);
        let t = title_for(&long);
        assert!(t.chars().count() <= wakelab_sim::scenario::MAX_TITLE_CHARS && t.ends_with('…'));
    }
}
