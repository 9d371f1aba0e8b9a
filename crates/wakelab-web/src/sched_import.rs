//! Scheduler-trace import for the page (issue 18), as plain Rust tested natively: the worker
//! reads a trace with `wakelab_interop::sched_trace` (the CLI's `trace-import` code, same
//! limits), summarises it and derives its workload ([`import`]); the summary crosses to the
//! page as the dedicated [`TraceSummaryDto`] ([`summary_dto`]), never as the interop crate's
//! types; the page puts the derived workload into the form ([`apply_workload`]) and draws the
//! per-CPU utilisation ([`cpu_chart`]). The DOM side is `sched_import_ui` (wasm only).

use std::collections::{BTreeMap, BTreeSet};

use wakelab_interop::sched_trace::summary::{Activity, Dist};
use wakelab_interop::sched_trace::{
    DeriveOptions, EventStream, TraceSource, TraceSummary, comm_group, derive_workload, read_trace,
    summarise,
};
use wakelab_plot::{BarChart, BarSeries, Legend};
use wakelab_sim::scenario::Experiment;
use wakelab_sim::workload::WorkloadConfig;

use crate::dto::{
    CpuRowDto, EdgeDto, GroupRowDto, ImportTraceDone, ImportTraceJob, TraceSummaryDto,
};

pub use wakelab_interop::sched_trace::parse::MAX_TRACE_BYTES;
use wakelab_interop::sched_trace::parse::MAX_TRACE_LINES;

/// Default clock of the recording machine (MHz), as `wakelab trace-import --mhz`.
pub const DEFAULT_MHZ: u32 = 3000;
/// Highest clock accepted (the CLI's bound).
pub const MAX_MHZ: u32 = 100_000;
/// Default of the "Minimum bursts per task" field: `trace-import --min-bursts`'s
/// (`DeriveOptions::default().min_bursts`, checked by a test).
pub const DEFAULT_MIN_BURSTS: u32 = 10;
/// Highest "Minimum bursts per task" accepted (page-side; the CLI takes any number): the
/// reader's `MAX_TRACE_LINES`, since every burst ends with a line of its own (the switch out),
/// so no task of a trace the reader accepts has more.
pub const MAX_MIN_BURSTS: u32 = MAX_TRACE_LINES as u32;
/// Wake-up edges shown (the summary keeps up to 64; the rest are in the count line).
pub const SHOWN_EDGES: usize = 8;
/// Comm groups shown in the table (the summary keeps up to 64, the most CPU time first).
pub const SHOWN_GROUPS: usize = 24;
/// Longest file name put into the experiment's title.
const MAX_NAME_IN_TITLE: usize = 80;

/// The last trace a worker read: its bytes' length and hash, its events and their summary.
/// Changing a derivation option posts the same file again; the worker that read it then
/// derives from the kept events instead of parsing the text again ([`import_with`]). One trace
/// per worker, replaced by the next file; the pool may hand the job to another worker, which
/// reads the file itself (same result, only slower).
#[derive(Default)]
pub struct LastTrace {
    kept: Option<(usize, u64, EventStream, TraceSummary)>,
}

/// The bytes' fingerprint: SipHash (std's `DefaultHasher`, fixed keys) over all of them. A
/// collision would show the other file's events; the length is compared too.
fn fingerprint(bytes: &[u8]) -> u64 {
    use std::hash::{DefaultHasher, Hasher};
    let mut h = DefaultHasher::new();
    h.write(bytes);
    h.finish()
}

/// [`import_with`] without a kept trace (every call reads the bytes).
pub fn import(bytes: &[u8], req: &ImportTraceJob) -> Result<ImportTraceDone, String> {
    import_with(&mut LastTrace::default(), bytes, req)
}

/// The worker's side: read, summarise, derive with the request's options (`mhz`, `groups`,
/// `min_bursts`: `trace-import --workload`'s). `Err` is the reader's message (naming the line
/// when it is about one) prefixed for the page, or which option is out of range. The same
/// bytes as `last`'s are not parsed again (`ImportTraceDone::reused`).
pub fn import_with(
    last: &mut LastTrace,
    bytes: &[u8],
    req: &ImportTraceJob,
) -> Result<ImportTraceDone, String> {
    let ImportTraceJob {
        job,
        mhz,
        ref groups,
        min_bursts,
    } = *req;
    if mhz == 0 || mhz > MAX_MHZ {
        return Err(format!(
            "the recording machine's clock must be between 1 and {MAX_MHZ} MHz (got {mhz})"
        ));
    }
    if min_bursts > MAX_MIN_BURSTS {
        return Err(format!(
            "the minimum bursts per task must be between 0 and {MAX_MIN_BURSTS} (got {min_bursts})"
        ));
    }
    let hash = fingerprint(bytes);
    let reused = matches!(&last.kept, Some((len, h, _, _)) if *len == bytes.len() && *h == hash);
    if !reused {
        // the previous trace's events go first: one trace in memory at a time
        last.kept = None;
        let stream = read_trace(bytes).map_err(|e| format!("Could not read the trace: {e}"))?;
        let summary = summarise(&stream);
        last.kept = Some((bytes.len(), hash, stream, summary));
    }
    let Some((_, _, stream, summary)) = &last.kept else {
        unreachable!("kept just above")
    };
    let opts = DeriveOptions {
        mhz,
        groups: groups.clone(),
        min_bursts: min_bursts as usize,
    };
    let mut kept = BTreeMap::new();
    let (workload, derive_error, derive_notes, derived_tasks) = match derive_workload(stream, &opts)
    {
        Ok(d) => {
            let n = match &d.workload {
                WorkloadConfig::Custom(c) => {
                    kept = kept_by_group(c.tasks.iter().map(|t| t.name.as_str()));
                    c.tasks.len() as u32
                }
                _ => 0,
            };
            match serde_json::to_string(&d.workload) {
                Ok(j) => (Some(j), None, d.notes, n),
                Err(e) => (None, Some(e.to_string()), d.notes, 0),
            }
        }
        Err(e) => (None, Some(e), Vec::new(), 0),
    };
    let mut summary = summary_dto(summary);
    for g in &mut summary.groups {
        g.kept = kept.get(&g.group).copied().unwrap_or(0);
    }
    Ok(ImportTraceDone {
        job,
        summary,
        workload,
        derive_error,
        derive_notes,
        derived_tasks,
        mhz,
        groups: groups.clone(),
        min_bursts,
        reused,
        elapsed_ms: 0.0,
    })
}

/// Tasks of a derived workload per comm group. The derivation names a task `comm/pid`
/// (`kworker/0:2/16200`); its group is the summary's `comm_group` of the comm.
fn kept_by_group<'a>(names: impl Iterator<Item = &'a str>) -> BTreeMap<String, u32> {
    let mut kept = BTreeMap::new();
    for name in names {
        let comm = name.rsplit_once('/').map_or(name, |(c, _)| c);
        *kept.entry(comm_group(comm)).or_insert(0) += 1;
    }
    kept
}

/// The panel's "Minimum bursts per task" field (its `valueAsNumber`: NaN when empty) as
/// `trace-import --min-bursts`; the message names the field.
pub fn min_bursts_of(v: f64) -> Result<u32, String> {
    if v.is_finite() && (0.0..=MAX_MIN_BURSTS as f64).contains(&v) && v.fract() == 0.0 {
        Ok(v as u32)
    } else {
        Err(format!(
            "Minimum bursts per task must be a whole number between 0 and {MAX_MIN_BURSTS} \
             (got {}).",
            if v.is_nan() {
                "nothing".into()
            } else {
                v.to_string()
            }
        ))
    }
}

/// The comm groups the derived workload keeps, from the group table's checkboxes (`shown`:
/// the table's groups in order, `unticked`: those cleared), as `trace-import --groups`: every
/// box ticked is the CLI's default, no `--groups` (every group, also those the table does
/// not show: `SHOWN_GROUPS`); otherwise the ticked groups, and only them. No box ticked is
/// refused (the CLI's empty list would mean every group); the message names the field.
pub fn chosen_groups(shown: &[String], unticked: &BTreeSet<String>) -> Result<Vec<String>, String> {
    if !shown.iter().any(|g| unticked.contains(g)) {
        return Ok(Vec::new());
    }
    let ticked: Vec<String> = shown
        .iter()
        .filter(|g| !unticked.contains(*g))
        .cloned()
        .collect();
    if ticked.is_empty() {
        return Err(
            "Comm groups in the workload: tick at least one group in the table's first column."
                .into(),
        );
    }
    Ok(ticked)
}

/// The CLI command that derives the same workload from the file (the options at their
/// defaults are left out); `None` when a chosen group has a comma, which `--groups` splits at.
pub fn cli_command(
    file_name: &str,
    mhz: u32,
    groups: &[String],
    min_bursts: u32,
) -> Option<String> {
    if groups.iter().any(|g| g.contains(',')) {
        return None;
    }
    let d = DeriveOptions::default();
    let mut cmd = format!("wakelab trace-import {} --workload", shell_word(file_name));
    if mhz != d.mhz {
        cmd += &format!(" --mhz {mhz}");
    }
    if !groups.is_empty() {
        cmd += &format!(" --groups {}", shell_word(&groups.join(",")));
    }
    if min_bursts as usize != d.min_bursts {
        cmd += &format!(" --min-bursts {min_bursts}");
    }
    Some(cmd)
}

/// `s` as one POSIX shell word: as is when it has only safe characters, else single-quoted.
fn shell_word(s: &str) -> String {
    let safe = |c: char| c.is_ascii_alphanumeric() || "._-/:=+@%,".contains(c);
    if !s.is_empty() && s.chars().all(safe) {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', "'\\''"))
    }
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
        kept: 0,
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

    /// A request with the CLI's default options.
    fn req(job: u32, mhz: u32) -> ImportTraceJob {
        ImportTraceJob {
            job,
            mhz,
            groups: Vec::new(),
            min_bursts: DEFAULT_MIN_BURSTS,
        }
    }

    #[test]
    fn the_tbench_excerpt_summarises_and_derives_a_runnable_workload() {
        let d = import(TBENCH, &req(7, DEFAULT_MHZ)).unwrap();
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
        let d = import(gz, &req(1, DEFAULT_MHZ)).unwrap();
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
        let e = import(bad, &req(1, DEFAULT_MHZ)).unwrap_err();
        assert!(
            e.starts_with("Could not read the trace: line 2: expected"),
            "{e}"
        );
        let e = import(&TBENCH[..TBENCH.len() / 2], &req(1, DEFAULT_MHZ)).unwrap_err();
        assert!(e.starts_with("Could not read the trace: gzip: "), "{e}");
        assert!(
            import(b"", &req(1, DEFAULT_MHZ))
                .unwrap_err()
                .contains("no scheduler events")
        );
        assert!(
            import(TBENCH, &req(1, 0))
                .unwrap_err()
                .contains("between 1 and")
        );
        assert!(size_refusal(MAX_TRACE_BYTES as f64).is_none());
        assert!(
            size_refusal(MAX_TRACE_BYTES as f64 + 1.0)
                .unwrap()
                .contains("512 MiB")
        );
    }

    #[test]
    fn the_group_selection_and_minimum_derive_as_the_cli_does() {
        assert_eq!(
            DEFAULT_MIN_BURSTS as usize,
            DeriveOptions::default().min_bursts
        );
        let all = import(TBENCH, &req(1, DEFAULT_MHZ)).unwrap();
        let kept = |d: &ImportTraceDone| -> Vec<(String, u32)> {
            d.summary
                .groups
                .iter()
                .filter(|g| g.kept > 0)
                .map(|g| (g.group.clone(), g.kept))
                .collect()
        };
        assert_eq!(
            kept(&all),
            [("tbench".into(), 2), ("tbench_srv".into(), 2)],
            "the CLI's default keeps the two tbench groups"
        );
        assert_eq!((all.groups.len(), all.min_bursts), (0, 10));
        // unticking tbench_srv: the clients alone (what `--groups tbench` derives)
        let shown: Vec<String> = all.summary.groups.iter().map(|g| g.group.clone()).collect();
        let unticked = BTreeSet::from(["tbench_srv".to_string()]);
        let groups = chosen_groups(&shown, &unticked).unwrap();
        assert!(groups.len() == shown.len() - 1 && !groups.contains(&"tbench_srv".into()));
        let mut r = req(2, DEFAULT_MHZ);
        r.groups = groups.clone();
        let one = import(TBENCH, &r).unwrap();
        assert_eq!(one.derived_tasks, 2);
        assert_eq!(kept(&one), [("tbench".into(), 2)]);
        assert_eq!(
            one.summary.groups.len(),
            all.summary.groups.len(),
            "the summary stays"
        );
        assert_eq!(one.groups, groups);
        // the same as the CLI's own options give
        let stream = read_trace(TBENCH).unwrap();
        let cli = derive_workload(
            &stream,
            &DeriveOptions {
                groups: vec!["tbench".into()],
                ..DeriveOptions::default()
            },
        )
        .unwrap();
        assert_eq!(
            one.workload,
            Some(serde_json::to_string(&cli.workload).unwrap())
        );
        // which runs under a preset
        let mut exp = wakelab_sim::presets::experiment("default").unwrap();
        apply_workload(&mut exp, one.workload.as_deref().unwrap(), "t.txt.gz").unwrap();
        exp.validate().unwrap();
        // a lower minimum keeps more tasks; one above every task's bursts derives nothing
        let mut r = req(3, DEFAULT_MHZ);
        r.min_bursts = 0;
        let more = import(TBENCH, &r).unwrap();
        assert!(more.derived_tasks > 4, "{}", more.derived_tasks);
        assert_eq!(
            more.summary.groups.iter().map(|g| g.kept).sum::<u32>(),
            more.derived_tasks,
            "every kept task is counted in its group's row"
        );
        r.min_bursts = 100_000;
        let none = import(TBENCH, &r).unwrap();
        assert!(none.workload.is_none() && none.derived_tasks == 0);
        assert!(
            none.derive_error
                .as_deref()
                .unwrap()
                .starts_with("no task has at least 100000 complete bursts"),
            "{none:?}"
        );
        r.min_bursts = MAX_MIN_BURSTS + 1;
        assert!(
            import(TBENCH, &r)
                .unwrap_err()
                .contains("minimum bursts per task must be between 0 and 4000000")
        );
    }

    #[test]
    fn the_checkboxes_become_the_clis_groups() {
        let shown: Vec<String> = ["tbench", "tbench_srv", "kworker/*:*", "lto *u*l*h*x"]
            .map(String::from)
            .to_vec();
        let none = BTreeSet::new();
        // every box ticked: no --groups (every group, also those not shown)
        assert_eq!(chosen_groups(&shown, &none).unwrap(), Vec::<String>::new());
        // a group that is not in the table does not count as unticked
        let gone = BTreeSet::from(["cc*".to_string()]);
        assert!(chosen_groups(&shown, &gone).unwrap().is_empty());
        let off = BTreeSet::from(["tbench_srv".to_string()]);
        assert_eq!(
            chosen_groups(&shown, &off).unwrap(),
            ["tbench", "kworker/*:*", "lto *u*l*h*x"]
        );
        let all: BTreeSet<String> = shown.iter().cloned().collect();
        let e = chosen_groups(&shown, &all).unwrap_err();
        assert!(
            e.starts_with("Comm groups in the workload: tick at least one"),
            "{e}"
        );

        assert_eq!(
            cli_command("t.txt.gz", DEFAULT_MHZ, &[], DEFAULT_MIN_BURSTS).unwrap(),
            "wakelab trace-import t.txt.gz --workload"
        );
        let groups = chosen_groups(&shown, &off).unwrap();
        assert_eq!(
            cli_command("my trace.gz", 2900, &groups, 3).unwrap(),
            "wakelab trace-import 'my trace.gz' --workload --mhz 2900 \
             --groups 'tbench,kworker/*:*,lto *u*l*h*x' --min-bursts 3"
        );
        assert_eq!(
            cli_command("it's.txt", DEFAULT_MHZ, &["a".into()], DEFAULT_MIN_BURSTS).unwrap(),
            r"wakelab trace-import 'it'\''s.txt' --workload --groups a"
        );
        // --groups splits at commas: such a group has no CLI spelling
        assert_eq!(cli_command("t", 1, &["a,b".into()], 1), None);
    }

    #[test]
    fn the_minimum_bursts_field() {
        assert_eq!(min_bursts_of(10.0), Ok(10));
        assert_eq!(min_bursts_of(0.0), Ok(0));
        assert_eq!(min_bursts_of(MAX_MIN_BURSTS as f64), Ok(MAX_MIN_BURSTS));
        for bad in [
            -1.0,
            2.5,
            f64::NAN,
            f64::INFINITY,
            MAX_MIN_BURSTS as f64 + 1.0,
        ] {
            let e = min_bursts_of(bad).unwrap_err();
            assert!(
                e.starts_with(
                    "Minimum bursts per task must be a whole number between 0 and 4000000"
                ),
                "{e}"
            );
        }
        assert!(min_bursts_of(2.5).unwrap_err().ends_with("(got 2.5)."));
        assert!(
            min_bursts_of(f64::NAN)
                .unwrap_err()
                .ends_with("(got nothing).")
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

    /// A changed option re-derives from the kept events: the same summary and the same
    /// workload as a fresh read with that option, without parsing; another file is read.
    #[test]
    fn a_changed_option_derives_from_the_kept_events() {
        let mut last = LastTrace::default();
        let first = import_with(&mut last, TBENCH, &req(1, DEFAULT_MHZ)).unwrap();
        assert!(!first.reused);
        let again = import_with(&mut last, TBENCH, &req(2, 2000)).unwrap();
        assert!(again.reused);
        let fresh = import(TBENCH, &req(2, 2000)).unwrap();
        assert!(!fresh.reused);
        assert_eq!(again.summary, fresh.summary);
        assert_eq!(again.workload, fresh.workload);
        assert_ne!(
            again.workload, first.workload,
            "the clock changes the derived cycles"
        );
        // another file is read, and replaces it
        let plain: &[u8] = include_bytes!("../../wakelab-interop/tests/data/perf-sched-pipe.txt");
        let other = import_with(&mut last, plain, &req(3, 2000)).unwrap();
        assert!(!other.reused);
        assert!(import_with(&mut last, plain, &req(4, 2000)).unwrap().reused);
        assert!(
            !import_with(&mut last, TBENCH, &req(5, 2000))
                .unwrap()
                .reused
        );
        // a file that fails to read leaves nothing kept
        assert!(import_with(&mut last, b"garbage\n", &req(6, 2000)).is_err());
        assert!(last.kept.is_none());
    }
}
