//! The reproduction targets of shared/spec/targets.md that the model meets today, asserted on
//! the gallery presets with default parameters (docs/calibration.md lists the ones it misses).

use wakelab_sim::cpumask::CpuMask;
use wakelab_sim::experiment::{DetailOptions, run_point, run_point_detailed};
use wakelab_sim::presets;
use wakelab_sim::report::build_report;

fn hmean_gain(id: &str, clients: &[u32], duration_ms: u64) -> Vec<(u32, f64)> {
    let mut e = presets::experiment(id).unwrap();
    e.clients = clients.to_vec();
    e.iterations = 1;
    e.scenario.run.duration_ms = duration_ms;
    e.scenario.run.warmup_ms = duration_ms / 5;
    let mut results = vec![];
    for v in 0..2 {
        for &c in clients {
            results.push(run_point(&e, v, c, 0, None).unwrap());
        }
    }
    let rep = build_report(&e, &results);
    let curves = rep.curves();
    clients
        .iter()
        .enumerate()
        .map(|(i, &c)| (c, curves[1].1[i].1 / curves[0].1[i].1 - 1.0))
        .collect()
}

/// T1: "Use a recently used CPU as an idle candidate and the basis for SIS" on dbench-xfs.
/// Bar: >= +50% at 1 client, a clear gain at 2, within about +-10% at 8 and 64 (published
/// +184%, +40%, +0.6%, -1.4%; the model gives about +110%, +36%, 0%, 0%: docs/calibration.md).
/// "Clear" is taken as at least +15%: over 8 seeds the 2-client gain ranges from +26% to +45%.
#[test]
fn t1_recent_used_cpu_gains_at_low_client_counts_only() {
    let g = hmean_gain("t1", &[1, 2, 8, 64], 500);
    eprintln!("T1 gains: {g:?}");
    assert!(g[0].1 >= 0.50, "1 client: {:+.1}%", g[0].1 * 100.0);
    assert!(g[1].1 >= 0.15, "2 clients: {:+.1}%", g[1].1 * 100.0);
    assert!(g[2].1.abs() <= 0.10, "8 clients: {:+.1}%", g[2].1 * 100.0);
    assert!(g[3].1.abs() <= 0.10, "64 clients: {:+.1}%", g[3].1 * 100.0);
}

/// T1 mechanism: without the patch the dbench client walks around the LLC (its bound kworker
/// is busy on the client's CPU, so select_idle_sibling finds the next idle core); with it the
/// client alternates between two CPUs. Counted per 100 ms, after warm-up.
#[test]
fn t1_mechanism_the_client_walks_the_llc_without_the_patch_and_keeps_two_cpus_with_it() {
    let mut e = presets::experiment("t1").unwrap();
    e.scenario.run.duration_ms = 300;
    e.scenario.run.warmup_ms = 100;
    let cpus_used = |variant: usize| {
        let d = run_point_detailed(
            &e,
            variant,
            1,
            0,
            DetailOptions {
                window: Some((100_000_000, 200_000_000)),
                explain_decision: None,
            },
            None,
        )
        .unwrap();
        let mut m = CpuMask::EMPTY;
        for s in d.timeline.iter().filter(|s| s.task == Some(0)) {
            m.set(s.cpu);
        }
        (
            m.weight(),
            d.result.cpu_avg_mhz.clone(),
            d.result.cpu_busy_pct.clone(),
        )
    };
    let (base, base_mhz, base_busy) = cpus_used(0);
    let (patched, patched_mhz, patched_busy) = cpus_used(1);
    eprintln!("base: {base} CPUs, MHz {base_mhz:?} busy {base_busy:?}");
    eprintln!("patched: {patched} CPUs, MHz {patched_mhz:?} busy {patched_busy:?}");
    assert!(
        base >= 6,
        "baseline client used only {base} of 8 CPUs in 100 ms"
    );
    assert!(patched <= 3, "patched client used {patched} CPUs in 100 ms");
    // HWP: the walking pair leaves every core slow; kept on two CPUs they run fast.
    let max_mhz = |v: &[u32]| *v.iter().max().unwrap();
    assert!(
        max_mhz(&patched_mhz) as f64 > 1.3 * max_mhz(&base_mhz) as f64,
        "patched {patched_mhz:?} vs base {base_mhz:?}"
    );
}

/// T4 schedstats: "Do not replace recent_used_cpu with the new target" raises Recent Used Hit
/// by orders of magnitude and the Recent Success Rate from ~0% to tens of percent.
#[test]
fn t4_recent_used_cpu_hits_rise_by_orders_of_magnitude() {
    let mut e = presets::experiment("t4").unwrap();
    e.scenario.run.duration_ms = 150;
    e.scenario.run.warmup_ms = 30;
    let sis = |v: usize| run_point(&e, v, 64, 0, None).unwrap().sis;
    let (b, p) = (sis(0), sis(1));
    eprintln!("T4 base {b:?}\npatched {p:?}");
    assert!(
        p.sis_recent_hit >= 100 * b.sis_recent_hit.max(1),
        "hits {} -> {}",
        b.sis_recent_hit,
        p.sis_recent_hit
    );
    let rate = |s: &wakelab_sim::placement::SisStats| {
        100.0 * s.sis_recent_hit as f64 / (s.sis_recent_hit + s.sis_recent_miss).max(1) as f64
    };
    // Published baseline: 0.00% (56 547 hits in 1.59e9 attempts). Our baseline has almost no
    // attempts at all (tens, docs/calibration.md), so its rate is noise: only require that the
    // patch raises it.
    assert!(
        rate(&b) < rate(&p),
        "baseline {:.2}% vs patched {:.2}%",
        rate(&b),
        rate(&p)
    );
    assert!(
        rate(&p) > 10.0,
        "patched recent success rate {:.2}%",
        rate(&p)
    );
    // Domain Scanned down (published -12%) and Search Efficiency up (published 5.04 -> 5.77),
    // computed as in kernel-model.md §11.3.
    let domain_scanned =
        |s: &wakelab_sim::placement::SisStats| s.sis_scanned - (s.sis_search - s.sis_domain_search);
    let efficiency =
        |s: &wakelab_sim::placement::SisStats| 100.0 * s.sis_search as f64 / s.sis_scanned as f64;
    assert!(
        domain_scanned(&p) < domain_scanned(&b),
        "domain scanned {} -> {}",
        domain_scanned(&b),
        domain_scanned(&p)
    );
    assert!(
        efficiency(&p) > efficiency(&b),
        "search efficiency {:.2} -> {:.2}",
        efficiency(&b),
        efficiency(&p)
    );
}

/// T2 "Do not migrate if the prev_cpu is idle": wake-ups from round-robin IO interrupts
/// migrate clients less with the patch. Only the direction is asserted: the model's drop
/// (about -21% over the preset) is larger than the published ~-10%. The published throughput
/// is pgbench's (next test); dbench's own gain in the model is in docs/calibration.md.
#[test]
fn t2_prev_idle_patch_reduces_migrations_of_interrupt_woken_clients() {
    let mut e = presets::experiment("t2").unwrap();
    e.scenario.run.duration_ms = 200;
    e.scenario.run.warmup_ms = 40;
    let migrations = |v: usize| -> u64 {
        [1, 4, 16]
            .iter()
            .map(|&c| run_point(&e, v, c, 0, None).unwrap().migrations)
            .sum()
    };
    let (b, p) = (migrations(0), migrations(1));
    eprintln!("T2 migrations {b} -> {p}");
    assert!(
        (p as f64) < 0.9 * b as f64,
        "migrations {b} -> {p}: not at least 10% fewer"
    );
}

/// T2's throughput bar, on the workload the changelog measured it with: pgbench select-only on
/// a UMA machine, published within about +-3% at 1-16 clients. The patch only changes wake-ups
/// from an idle CPU (interrupt context); select-only pgbench wakes only with sync wake-ups from
/// a running client or backend, so throughput is neutral. The contrast shows that this is the
/// reason: the same clients committing with a WAL flush (completion interrupts round robin)
/// are not neutral in the model (docs/calibration.md, T2).
#[test]
fn t2_pgbench_select_only_throughput_is_neutral_and_interrupt_driven_commits_are_not() {
    for (c, g) in hmean_gain("t2-pgbench", &[1, 4, 16], 200) {
        eprintln!("T2 pgbench select-only {c} clients: {:+.2}%", 100.0 * g);
        assert!(g.abs() <= 0.03, "{c} clients: {:+.2}%", 100.0 * g);
    }
    let mut e = presets::experiment("t2-pgbench").unwrap();
    e.scenario.workload = serde_json::from_value(serde_json::json!({"kind": "pgbench"})).unwrap();
    e.iterations = 1;
    e.scenario.run.duration_ms = 200;
    e.scenario.run.warmup_ms = 40;
    let tps = |v: usize| run_point(&e, v, 1, 0, None).unwrap().value;
    let (b, p) = (tps(0), tps(1));
    eprintln!("T2 pgbench read-write (WAL flush per commit) 1 client: {b:.0} -> {p:.0} tps");
    assert!(p > 1.1 * b, "read-write pgbench {b:.0} -> {p:.0} tps");
}
