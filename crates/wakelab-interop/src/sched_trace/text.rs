//! The summary as text for the terminal (`wakelab trace-import`). Times in µs.

use std::fmt::Write;

use super::summary::{Activity, Dist, TraceSummary};

fn us(ns: u64) -> String {
    if ns >= 10_000_000 {
        format!("{:.0}", ns as f64 / 1e3)
    } else {
        format!("{:.1}", ns as f64 / 1e3)
    }
}

fn dist(d: &Dist) -> String {
    if d.n == 0 {
        return "-".into();
    }
    format!("{}/{}/{}", us(d.p50), us(d.p90), us(d.p99))
}

fn pct(a: u64, b: u64) -> String {
    if b == 0 {
        "-".into()
    } else {
        format!("{:.0}%", 100.0 * a as f64 / b as f64)
    }
}

fn activity_row(out: &mut String, name: &str, k: &str, a: &Activity, span: u64) {
    let _ = writeln!(
        out,
        "{name:<24} {k:>5} {cpu:>7} {run:>20} {burst:>20} {sleep:>20} {lat:>18} {idle:>5} {mig:>6}",
        cpu = pct(a.cpu_ns, span),
        run = dist(&a.run),
        burst = dist(&a.burst),
        sleep = dist(&a.sleep),
        lat = dist(&a.wake_latency),
        idle = pct(a.woken_to_idle, a.woken_to_idle + a.woken_to_busy),
        mig = a.migrations,
    );
}

/// Render a summary.
pub fn summary_text(s: &TraceSummary) -> String {
    let mut o = String::new();
    let span = s.span_ns;
    let _ = writeln!(
        o,
        "trace: {:?}, {} CPUs, {:.3} s, {} tasks, {} context switches, {} wake-ups ({} to idle CPUs), {} migrations ({} at wake-up)",
        s.source,
        s.nr_cpus,
        span as f64 / 1e9,
        s.totals.tasks,
        s.totals.context_switches,
        s.totals.wakeups,
        pct(
            s.totals.woken_to_idle,
            s.totals.woken_to_idle + s.totals.woken_to_busy
        ),
        s.totals.migrations,
        s.totals.wake_migrations
    );
    for (k, v) in &s.meta {
        let _ = writeln!(o, "  {k}: {v}");
    }
    if !s.read.skipped.is_empty() {
        let list: Vec<String> = s
            .read
            .skipped
            .iter()
            .map(|(k, v)| format!("{k} {v}"))
            .collect();
        let _ = writeln!(o, "skipped events: {}", list.join(", "));
    }
    let _ = writeln!(
        o,
        "\nper comm group (distributions p50/p90/p99 in µs; cpu = share of one CPU over the trace)"
    );
    let head = |o: &mut String, first: &str| {
        let _ = writeln!(
            o,
            "{first:<24} {:>5} {:>7} {:>20} {:>20} {:>20} {:>18} {:>5} {:>6}",
            "tasks", "cpu", "run", "burst", "sleep", "wake latency", "idle", "migr"
        );
    };
    head(&mut o, "group");
    for g in &s.groups {
        activity_row(&mut o, &g.group, &g.tasks.to_string(), &g.activity, span);
    }
    let _ = writeln!(o, "\ntop tasks by CPU time");
    head(&mut o, "comm (pid)");
    for t in &s.tasks {
        let name = format!("{} ({})", t.comm, t.pid);
        activity_row(&mut o, &name, "1", &t.activity, span);
    }
    let _ = writeln!(
        o,
        "\nwakers: after waking a task, how long the waker stays on its CPU (p50/p90/p99 µs) and how it leaves"
    );
    let _ = writeln!(
        o,
        "{:<24} {:>9} {:>20} {:>9} {:>10}",
        "group", "wakes", "runs on", "blocks", "preempted"
    );
    for g in s.groups.iter().filter(|g| g.activity.wakes_issued > 0) {
        let a = &g.activity;
        let _ = writeln!(
            o,
            "{:<24} {:>9} {:>20} {:>9} {:>10}",
            g.group,
            a.wakes_issued,
            dist(&a.waker_runs_on),
            a.waker_then_blocked,
            a.waker_then_preempted
        );
    }
    let _ = writeln!(o, "\nwake-up graph (waker group -> wakee group)");
    let _ = writeln!(
        o,
        "{:<24} {:<24} {:>9} {:>6}",
        "waker", "wakee", "count", "idle"
    );
    for e in &s.wake_graph {
        let _ = writeln!(
            o,
            "{:<24} {:<24} {:>9} {:>6}",
            e.waker,
            e.wakee,
            e.count,
            pct(e.to_idle, e.count)
        );
    }
    let _ = writeln!(o, "\nCPUs");
    for c in &s.cpus {
        let _ = write!(
            o,
            "cpu{:<4} busy {:>5}  switches {:>8}",
            c.cpu,
            pct(c.busy_ns, c.span_ns),
            c.context_switches
        );
        if !c.freq_khz_ns.is_empty() {
            let tot: u64 = c.freq_khz_ns.iter().map(|x| x.1).sum();
            let l: Vec<String> = c
                .freq_khz_ns
                .iter()
                .map(|(k, v)| format!("{}MHz {}", k / 1000, pct(*v, tot)))
                .collect();
            let _ = write!(o, "  freq: {}", l.join(" "));
        }
        if !c.idle_state_ns.is_empty() {
            let l: Vec<String> = c
                .idle_state_ns
                .iter()
                .map(|(k, v)| format!("C{k} {}", pct(*v, c.span_ns)))
                .collect();
            let _ = write!(o, "  idle states: {}", l.join(" "));
        }
        let _ = writeln!(o);
    }
    for n in &s.notes {
        let _ = writeln!(o, "note: {n}");
    }
    o
}
