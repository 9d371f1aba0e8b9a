//! The reproduction targets of shared/spec/targets.md that the model meets today, asserted on
//! the gallery presets with default parameters (docs/calibration.md lists the ones it misses).

use wakelab_sim::cpumask::CpuMask;
use wakelab_sim::experiment::{DetailOptions, run_point, run_point_detailed};
use wakelab_sim::presets;
use wakelab_sim::report::build_report;
use wakelab_stats::SisCounters;

/// Seeds every bar is asserted over: the mean must meet it, and a failure reports the spread
/// (docs/calibration.md: T1's 2-client gain ranges from +26% to +45% over 8 seeds).
const SEEDS: [u32; 5] = [1, 2, 3, 4, 5];

/// Mean, minimum and maximum of `xs`.
fn stats(xs: &[f64]) -> (f64, f64, f64) {
    let mean = xs.iter().sum::<f64>() / xs.len() as f64;
    let lo = xs.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = xs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    (mean, lo, hi)
}

/// `x` over the seeds as "mean (min..max over n seeds)", in percent.
fn spread_pct(xs: &[f64]) -> String {
    let (m, lo, hi) = stats(xs);
    format!(
        "{:+.1}% ({:+.1}%..{:+.1}% over {} seeds)",
        100.0 * m,
        100.0 * lo,
        100.0 * hi,
        xs.len()
    )
}

/// Hmean gain of the patched variant per client count, one run per point, for one seed.
fn hmean_gain(id: &str, clients: &[u32], duration_ms: u64, seed: u32) -> Vec<f64> {
    let mut e = presets::experiment(id).unwrap();
    e.clients = clients.to_vec();
    e.iterations = 1;
    e.scenario.run.duration_ms = duration_ms;
    e.scenario.run.warmup_ms = duration_ms / 5;
    e.scenario.run.seed = seed;
    let mut results = vec![];
    for v in 0..2 {
        for &c in clients {
            results.push(run_point(&e, v, c, 0, None).unwrap());
        }
    }
    let rep = build_report(&e, &results);
    let curves = rep.curves();
    (0..clients.len())
        .map(|i| curves[1].1[i].1 / curves[0].1[i].1 - 1.0)
        .collect()
}

/// The gains per client count over `SEEDS`: `out[i]` holds client count i's gain per seed.
fn gains_over_seeds(id: &str, clients: &[u32], duration_ms: u64) -> Vec<Vec<f64>> {
    let per_seed: Vec<Vec<f64>> = SEEDS
        .iter()
        .map(|&s| hmean_gain(id, clients, duration_ms, s))
        .collect();
    (0..clients.len())
        .map(|i| per_seed.iter().map(|g| g[i]).collect())
        .collect()
}

/// T1: "Use a recently used CPU as an idle candidate and the basis for SIS" on dbench-xfs.
/// Bar: >= +50% at 1 client, a clear gain at 2, within about +-10% at 8 and 64 (published
/// +184%, +40%, +0.6%, -1.4%; the HWP thresholds were calibrated on these figures under an
/// earlier engine: docs/calibration.md). Each bar holds for the mean over `SEEDS`, except
/// **the clear 2-client gain, which is not met** (+11% in the mean, -0.3..+55% over the seeds,
/// since dbench's CPU per operation is the recordings' (2026-12-06); about -5% before): two
/// walking clients keep every core about 37% in C0, which HWP already runs at ~2.5 GHz, as fast
/// as the patched pairs on their two CPUs each, except where the pairs land on SMT siblings of
/// one core (docs/calibration.md, "T1 with dbench's measured CPU per operation"). The test pins
/// that miss (within +-15%) so a change that moves it is seen.
#[test]
fn t1_recent_used_cpu_gains_at_low_client_counts_only() {
    let clients = [1, 2, 8, 64];
    let g = gains_over_seeds("t1", &clients, 500);
    for (c, xs) in clients.iter().zip(&g) {
        eprintln!("T1 gain at {c} clients: {}", spread_pct(xs));
    }
    assert!(stats(&g[0]).0 >= 0.50, "1 client: {}", spread_pct(&g[0]));
    assert!(
        stats(&g[1]).0.abs() <= 0.15,
        "2 clients (a known miss: update docs/calibration.md if it moved): {}",
        spread_pct(&g[1])
    );
    assert!(
        stats(&g[2]).0.abs() <= 0.10,
        "8 clients: {}",
        spread_pct(&g[2])
    );
    assert!(
        stats(&g[3]).0.abs() <= 0.10,
        "64 clients: {}",
        spread_pct(&g[3])
    );
}

/// T1 mechanism: without the patch the dbench client walks around the LLC (its bound kworker
/// is busy on the client's CPU, so select_idle_sibling finds the next idle core); with it the
/// client alternates between two CPUs. Counted per 100 ms, after warm-up, averaged over `SEEDS`
/// (2.6 CPUs, 2..3 over the seeds: an occasional balancer pull or noise task moves it).
#[test]
fn t1_mechanism_the_client_walks_the_llc_without_the_patch_and_keeps_two_cpus_with_it() {
    let mut e = presets::experiment("t1").unwrap();
    e.scenario.run.duration_ms = 300;
    e.scenario.run.warmup_ms = 100;
    // (CPUs the client ran on, the fastest CPU's average MHz) per seed
    let cpus_used = |variant: usize| -> Vec<(f64, f64)> {
        SEEDS
            .iter()
            .map(|&seed| {
                let mut e = e.clone();
                e.scenario.run.seed = seed;
                let d = run_point_detailed(
                    &e,
                    variant,
                    1,
                    0,
                    DetailOptions {
                        window: Some((100_000_000, 200_000_000)),
                        explain_decision: None,
                        shadow_kernel: None,
                    },
                    None,
                )
                .unwrap();
                let mut m = CpuMask::EMPTY;
                for s in d.timeline.iter().filter(|s| s.task == Some(0)) {
                    m.set(s.cpu);
                }
                let max_mhz = *d.result.cpu_avg_mhz.iter().max().unwrap();
                (m.weight() as f64, max_mhz as f64)
            })
            .collect()
    };
    let (base, patched) = (cpus_used(0), cpus_used(1));
    let col = |v: &[(f64, f64)], k: usize| -> Vec<f64> {
        v.iter().map(|x| if k == 0 { x.0 } else { x.1 }).collect()
    };
    let show = |xs: &[f64]| {
        let (m, lo, hi) = stats(xs);
        format!("{m:.1} ({lo}..{hi} over {} seeds)", xs.len())
    };
    let (base_cpus, patched_cpus) = (col(&base, 0), col(&patched, 0));
    let (base_mhz, patched_mhz) = (col(&base, 1), col(&patched, 1));
    eprintln!(
        "base: {} CPUs, fastest {} MHz",
        show(&base_cpus),
        show(&base_mhz)
    );
    eprintln!(
        "patched: {} CPUs, fastest {} MHz",
        show(&patched_cpus),
        show(&patched_mhz)
    );
    assert!(
        stats(&base_cpus).0 >= 6.0,
        "baseline client used only {} of 8 CPUs in 100 ms",
        show(&base_cpus)
    );
    assert!(
        stats(&patched_cpus).0 <= 3.0,
        "patched client used {} CPUs in 100 ms, baseline {}",
        show(&patched_cpus),
        show(&base_cpus)
    );
    // HWP: the walking pair leaves every core slow; kept on two CPUs they run fast.
    assert!(
        stats(&patched_mhz).0 > 1.3 * stats(&base_mhz).0,
        "fastest CPU: patched {} MHz vs base {} MHz",
        show(&patched_mhz),
        show(&base_mhz)
    );
}

/// T4 schedstats: "Do not replace recent_used_cpu with the new target" raises Recent Used Hit
/// by orders of magnitude and the Recent Success Rate from ~0% to tens of percent. 64 clients,
/// each bar on the mean over `SEEDS`.
#[test]
fn t4_recent_used_cpu_hits_rise_by_orders_of_magnitude() {
    let mut e = presets::experiment("t4").unwrap();
    e.scenario.run.duration_ms = 150;
    e.scenario.run.warmup_ms = 30;
    let runs: Vec<_> = SEEDS
        .iter()
        .map(|&seed| {
            let mut e = e.clone();
            e.scenario.run.seed = seed;
            let sis = |v: usize| run_point(&e, v, 64, 0, None).unwrap().sis.to_counters();
            (sis(0), sis(1))
        })
        .collect();
    let per_seed = |f: &dyn Fn(&SisCounters, &SisCounters) -> f64| -> Vec<f64> {
        runs.iter().map(|(b, p)| f(b, p)).collect()
    };
    let show = |xs: &[f64]| {
        let (m, lo, hi) = stats(xs);
        format!("{m:.2} ({lo:.2}..{hi:.2} over {} seeds)", xs.len())
    };
    let hit_ratio = per_seed(&|b, p| p.sis_recent_hit as f64 / b.sis_recent_hit.max(1) as f64);
    eprintln!("T4 Recent Used Hit patched/base: {}", show(&hit_ratio));
    assert!(
        stats(&hit_ratio).0 >= 100.0,
        "Recent Used Hit patched/base {}",
        show(&hit_ratio)
    );
    // Published baseline: 0.00% (56 547 hits in 1.59e9 attempts). Our baseline has almost no
    // attempts at all (tens, docs/calibration.md), so its rate is noise: only require that the
    // patch raises it.
    let rate_b = per_seed(&|b, _| b.derived().recent_success_rate);
    let rate_p = per_seed(&|_, p| p.derived().recent_success_rate);
    assert!(
        stats(&rate_b).0 < stats(&rate_p).0,
        "Recent Success Rate: baseline {}% vs patched {}%",
        show(&rate_b),
        show(&rate_p)
    );
    assert!(
        stats(&rate_p).0 > 10.0,
        "patched Recent Success Rate {}%",
        show(&rate_p)
    );
    // Domain Scanned (published -12%), computed as in kernel-model.md §11.3, was asserted down
    // here until 7 December 2026; since the empty read is charged with the run before it (event
    // order and rounding only) its mean change at 64 clients is +0.0% (-0.9%..+2.0% over the
    // seeds), and Search Efficiency (published 5.04 -> 5.77) has been within the seeds' spread
    // since tbench's sends became system calls (3 December 2026): both not met, reported in
    // docs/calibration.md (T4), printed here, not asserted.
    let scanned = per_seed(&|b, p| p.derived().domain_scanned / b.derived().domain_scanned - 1.0);
    eprintln!(
        "T4 Domain Scanned change at 64 clients: {}",
        spread_pct(&scanned)
    );
    let eff = per_seed(&|b, p| p.derived().search_efficiency - b.derived().search_efficiency);
    eprintln!("T4 Search Efficiency change at 64 clients: {}", show(&eff));
}

/// T2 "Do not migrate if the prev_cpu is idle": wake-ups from round-robin IO interrupts
/// migrate clients less with the patch. Only the direction is asserted (at least 10% fewer, on
/// the mean over `SEEDS`): the model's drop over the preset (-22%, -39% in these short runs)
/// is larger than the published ~-10%. The published throughput is pgbench's (next test); dbench's own gain in the model is
/// in docs/calibration.md.
#[test]
fn t2_prev_idle_patch_reduces_migrations_of_interrupt_woken_clients() {
    let mut e = presets::experiment("t2").unwrap();
    e.scenario.run.duration_ms = 200;
    e.scenario.run.warmup_ms = 40;
    let change: Vec<f64> = SEEDS
        .iter()
        .map(|&seed| {
            let mut e = e.clone();
            e.scenario.run.seed = seed;
            let migrations = |v: usize| -> u64 {
                [1, 4, 16]
                    .iter()
                    .map(|&c| run_point(&e, v, c, 0, None).unwrap().migrations)
                    .sum()
            };
            migrations(1) as f64 / migrations(0) as f64 - 1.0
        })
        .collect();
    eprintln!("T2 migrations: {}", spread_pct(&change));
    assert!(
        stats(&change).0 < -0.10,
        "migrations {}: not at least 10% fewer",
        spread_pct(&change)
    );
}

/// T2's throughput bar, on the workload the changelog measured it with: pgbench select-only on
/// a UMA machine, published within about +-3% at 1-16 clients. The patch only changes wake-ups
/// from an idle CPU (interrupt context); select-only pgbench wakes only with sync wake-ups from
/// a running client or backend, so throughput is neutral by construction of the preset. The
/// contrast shows that this is the reason: the same clients committing with a WAL flush
/// (completion interrupts round robin) are not neutral in the model (docs/calibration.md, T2).
/// Both on the mean over `SEEDS`.
#[test]
fn t2_pgbench_select_only_throughput_is_neutral_and_interrupt_driven_commits_are_not() {
    let clients = [1, 4, 16];
    for (c, g) in clients
        .iter()
        .zip(gains_over_seeds("t2-pgbench", &clients, 200))
    {
        eprintln!("T2 pgbench select-only {c} clients: {}", spread_pct(&g));
        assert!(stats(&g).0.abs() <= 0.03, "{c} clients: {}", spread_pct(&g));
    }
    let mut e = presets::experiment("t2-pgbench").unwrap();
    e.scenario.workload = serde_json::from_value(serde_json::json!({"kind": "pgbench"})).unwrap();
    e.iterations = 1;
    e.scenario.run.duration_ms = 200;
    e.scenario.run.warmup_ms = 40;
    let gain: Vec<f64> = SEEDS
        .iter()
        .map(|&seed| {
            let mut e = e.clone();
            e.scenario.run.seed = seed;
            let tps = |v: usize| run_point(&e, v, 1, 0, None).unwrap().value;
            tps(1) / tps(0) - 1.0
        })
        .collect();
    eprintln!(
        "T2 pgbench read-write (WAL flush per commit) 1 client: {}",
        spread_pct(&gain)
    );
    assert!(
        stats(&gain).0 > 0.10,
        "read-write pgbench at 1 client: {}",
        spread_pct(&gain)
    );
}
