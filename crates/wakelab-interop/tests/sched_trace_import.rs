//! Data-driven tests of the trace reader, summary and derived workload on recorded excerpts
//! (`tests/data`: `perf sched record -- perf bench sched pipe`, `trace-cmd` of `perf bench sched
//! messaging`, both recorded on a 2-CPU VM).

use wakelab_interop::sched_trace::{
    DeriveOptions, TraceSource, derive_workload, read_trace, summarise, summary_text,
};

const PERF: &str = include_str!("data/perf-sched-pipe.txt");
const TRACE_CMD: &str = include_str!("data/trace-cmd-messaging.txt");

#[test]
fn perf_excerpt_summary() {
    let s = read_trace(PERF.as_bytes()).unwrap();
    assert_eq!(s.source, TraceSource::PerfScript);
    assert_eq!(s.nr_cpus, 2);
    let sum = summarise(&s);
    let pipe = sum.groups.iter().find(|g| g.group == "sched-pipe").unwrap();
    assert!(pipe.activity.wakeups > 30, "{:?}", pipe.activity);
    assert!(pipe.activity.burst.n > 20 && pipe.activity.blocks >= pipe.activity.burst.n);
    assert!(pipe.activity.run.p50 > 0 && pipe.activity.run.p50 < 1_000_000);
    // read: it times the switch-ins a trace lost (sched_trace::repair)
    assert!(sum.read.kept.contains_key("sched_stat_runtime"));
    let back = wakelab_interop::sched_trace::TraceSummary::from_json(&sum.to_json()).unwrap();
    assert_eq!(back, sum);
    assert!(summary_text(&sum).contains("sched-pipe"));
}

#[test]
fn trace_cmd_excerpt_and_gzip() {
    let s = read_trace(TRACE_CMD.as_bytes()).unwrap();
    assert_eq!(s.source, TraceSource::TraceCmd);
    assert!(s.stats.wakeup_superseded > 0);
    let sum = summarise(&s);
    assert!(sum.totals.context_switches > 50);
}

#[test]
fn bad_lines_name_the_line() {
    let text = format!(
        "{}\nthis is not an event\n",
        &PERF[..PERF.find('\n').unwrap()]
    );
    let e = read_trace(text.as_bytes()).unwrap_err();
    assert_eq!(e.line(), Some(2));
    let bad = "  a  1 [000] 1.000001: sched:sched_switch: prev_comm=a prev_pid=x\n";
    let e = read_trace(bad.as_bytes()).unwrap_err();
    assert!(e.to_string().contains("line 1: sched_switch"), "{e}");
    assert!(read_trace(b"").is_err());
}

#[test]
fn derived_workload_runs() {
    let s = read_trace(PERF.as_bytes()).unwrap();
    let d = derive_workload(&s, &DeriveOptions::default()).unwrap();
    let mut exp = wakelab_sim::presets::experiment("default").unwrap();
    exp.scenario.workload = d.workload;
    exp.scenario.interference.clear();
    exp.scenario.run.duration_ms = 20;
    exp.scenario.run.warmup_ms = 2;
    let r = wakelab_sim::experiment::run_point(&exp, 0, 1, 0, None).unwrap();
    assert!(r.value > 0.0, "the derived loop must make progress");
}
