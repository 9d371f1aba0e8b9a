//! Hardware model: turbo by active cores (§13.5), transition latency, HWP controller model
//! (§13.4), HWP dynamic boost (5.10), idle-state selection, energy, determinism.
use wakelab_sim::cpumask::{Cpu, CpuMask};
use wakelab_sim::freq::*;
use wakelab_sim::kernel::KernelVersion::{self, V4_15, V5_10};
use wakelab_sim::topology::{MachineShape, Numbering, Topology};

const MS: u64 = 1_000_000;
const US: u64 = 1_000;

fn topo(cores: u16, smt: u8) -> Topology {
    Topology::new(&MachineShape::symmetric(1, 1, cores, smt)).unwrap()
}

fn build(
    m: &MachineFreq,
    cfg: &FreqConfig,
    t: &Topology,
    v: KernelVersion,
    busy: &[Cpu],
) -> FreqModel {
    let mut f = FreqModel::new(m, cfg, t, v).unwrap();
    f.init(&CpuMask::from_cpus(busy.iter().copied()));
    f
}

fn gov(g: Governor) -> FreqConfig {
    FreqConfig {
        governor: g,
        ..FreqConfig::default()
    }
}

fn no_latency(mut m: MachineFreq) -> MachineFreq {
    m.freq.transition_latency_ns = 0;
    m
}

#[test]
fn performance_runs_at_turbo_limit_for_active_cores() {
    // skl-client-8t: 4.0 / 3.9 / 3.8 / 3.7 GHz with 1..4 active cores; idle cores in C6 do not
    // count (§13.5). SMT siblings 0/4, 1/5, 2/6, 3/7.
    let m = no_latency(skl_client_8t());
    let t = topo(4, 2);
    let cases: &[(&[Cpu], u32)] = &[
        (&[0], 4_000_000),
        (&[0, 4], 4_000_000), // one core, both threads
        (&[0, 1], 3_900_000),
        (&[0, 1, 2], 3_800_000),
        (&[0, 1, 2, 3], 3_700_000),
        (&[0, 1, 2, 3, 4, 5, 6, 7], 3_700_000),
    ];
    for (busy, khz) in cases {
        let f = build(&m, &gov(Governor::Performance), &t, V5_10, busy);
        assert_eq!(f.cur_khz(busy[0]), *khz, "busy {busy:?}");
        assert_eq!(
            f.active_cores(0),
            busy.iter()
                .map(|&c| c % 4)
                .collect::<std::collections::BTreeSet<_>>()
                .len()
        );
    }
    // Idle only in C1 (max_state 0): every core counts as active → 4-core limit.
    let cfg = FreqConfig {
        idle: IdleConfig {
            max_state: Some(0),
            ..IdleConfig::default()
        },
        ..gov(Governor::Performance)
    };
    let f = build(&m, &cfg, &t, V5_10, &[0]);
    assert_eq!(f.cur_khz(0), 3_700_000);
    // no_turbo: base ratio.
    let cfg = FreqConfig {
        no_turbo: true,
        ..gov(Governor::Performance)
    };
    let f = build(&m, &cfg, &t, V5_10, &[0]);
    assert_eq!(f.cur_khz(0), 3_400_000);
}

#[test]
fn turbo_limit_follows_cores_waking_and_sleeping() {
    let m = no_latency(clx_2s_80t());
    let t = Topology::new(&MachineShape::symmetric(2, 1, 20, 2)).unwrap();
    let mut f = build(&m, &gov(Governor::Performance), &t, V5_10, &[0]);
    assert_eq!(f.cur_khz(0), 3_900_000);
    // Socket 1 activity does not change socket 0's limit.
    for c in 20..40 {
        f.idle_exit(MS, c);
    }
    assert_eq!(f.cur_khz(0), 3_900_000);
    assert_eq!(f.cur_khz(20), 3_200_000);
    f.take_changed();
    // 20 busy cores in socket 0 → all-core turbo 3.2 GHz.
    for c in 1..20 {
        f.idle_exit(2 * MS, c);
    }
    assert_eq!(f.cur_khz(0), 3_200_000);
    assert!(f.take_changed().test(0));
    // Long predicted idle (initial prediction: a tick) → C6 → inactive at once.
    for c in 2..20 {
        f.idle_enter(3 * MS, c);
    }
    assert_eq!(f.cur_khz(0), 3_900_000, "2 active cores");
    // CPU 1 learns short idle periods → C1 → its core stays active while idle ...
    let mut now = 4 * MS;
    for _ in 0..40 {
        f.idle_enter(now, 1);
        f.idle_exit(now + 5 * US, 1);
        now += MS;
    }
    assert_eq!(f.idle_enter(now, 1), 0);
    assert_eq!(f.cur_khz(0), 3_900_000);
    assert_eq!(f.active_cores(0), 2);
    // ... until the tick-stop correction promotes it to C6 one tick later.
    f.on_timer(now + 4 * MS);
    assert_eq!(f.idle_state(1), Some(2));
    assert_eq!(f.active_cores(0), 1);
    assert_eq!(f.cur_khz(0), 3_900_000);
}

#[test]
fn transition_latency_delays_the_change() {
    let mut m = skl_client_8t();
    m.freq.domain = DomainScope::Core;
    m.freq.transition_latency_ns = 50 * US;
    let t = topo(4, 1);
    let mut f = build(&m, &gov(Governor::Performance), &t, V5_10, &[0, 1, 2, 3]);
    assert_eq!(f.cur_khz(0), 3_700_000);
    // Cores 1-3 go idle into C6 (initial prediction = a tick) → 1 active core.
    for c in 1..4 {
        assert_eq!(f.idle_enter(MS, c), 2);
    }
    assert_eq!(f.next_timer(), Some(MS + 50 * US));
    f.on_timer(MS + 49 * US);
    assert_eq!(f.cur_khz(0), 3_700_000);
    assert!(f.take_changed().is_empty());
    f.on_timer(MS + 50 * US);
    assert_eq!(f.cur_khz(0), 4_000_000);
    assert!(f.take_changed().test(0));
}

#[test]
fn package_domain_runs_at_highest_busy_request() {
    // Package-wide clock: a busy core at max drags an idle-ish core up (shared PLL).
    let m = no_latency(skl_client_8t());
    let t = topo(4, 1);
    let mut f = build(&m, &gov(Governor::Schedutil), &t, V4_15, &[0, 1]);
    f.update_util(
        MS,
        0,
        &UtilSignals {
            cfs_util: 1024,
            ..Default::default()
        },
        UpdateFlags::NONE,
    );
    f.update_util(
        MS,
        1,
        &UtilSignals {
            cfs_util: 10,
            ..Default::default()
        },
        UpdateFlags::NONE,
    );
    assert_eq!(f.cur_khz(1), f.cur_khz(0));
    assert_eq!(f.cur_khz(0), 1_000_000); // 4.15 ramp: 1.25 x 800 MHz
}

/// Drive every CPU in `cpus` at duty `busy_pct` with a 1 ms period for `ms` ms; return the
/// frequency of `cpus[0]` at the end. `on_timer` is honoured between events.
fn run_duty(f: &mut FreqModel, cpus: &[Cpu], busy_pct: u64, ms: u64) -> u32 {
    let mut t = 0;
    let busy = MS * busy_pct / 100;
    let mut events: Vec<(u64, bool)> = vec![];
    for i in 0..ms {
        events.push((i * MS, true));
        events.push((i * MS + busy, false));
    }
    for (et, on) in events {
        while let Some(nt) = f.next_timer() {
            if nt > et {
                break;
            }
            f.on_timer(nt);
        }
        t = et;
        for &c in cpus {
            if on {
                f.idle_exit(t, c);
            } else if busy < MS {
                f.idle_enter(t, c);
            }
        }
    }
    f.on_timer(t);
    f.cur_khz(cpus[0])
}

fn hwp_at(epp: u8, pct: u64) -> u32 {
    let m = no_latency(skx_2s_88t());
    let t = topo(4, 1);
    let cfg = FreqConfig {
        hwp: HwpConfig {
            epp,
            ..HwpConfig::default()
        },
        ..gov(Governor::Hwp)
    };
    let mut f = build(&m, &cfg, &t, V5_10, &[]);
    run_duty(&mut f, &[0], pct, 400)
}

#[test]
fn hwp_low_utilisation_settles_low_high_utilisation_climbs() {
    let low = hwp_at(128, 15);
    let high = hwp_at(128, 80);
    assert!(low <= 1_200_000, "15 % busy core: {low} kHz");
    assert_eq!(
        high, 3_700_000,
        "80 % busy core reaches the 1-core turbo limit"
    );
    let mid = hwp_at(128, 35);
    assert!(low < mid && mid < high, "{low} < {mid} < {high}");
}

#[test]
fn hwp_epp_biases_the_choice() {
    // 45 % busy: inside the ramp of every default anchor (EPP 128: 25-70 %, EPP 255: 30-95 %)
    let perf = hwp_at(0, 45);
    let bal = hwp_at(128, 45);
    let power = hwp_at(255, 45);
    assert!(
        perf > bal && bal > power,
        "EPP 0 {perf} > 128 {bal} > 255 {power}"
    );
    // Per-policy EPP override on CPU 1 only.
    let m = no_latency(skx_2s_88t());
    let t = topo(4, 1);
    let cfg = FreqConfig {
        hwp: HwpConfig {
            epp_overrides: vec![EppOverride {
                cpus: CpuMask::single(1),
                epp: 0,
            }],
            ..HwpConfig::default()
        },
        ..gov(Governor::Hwp)
    };
    let mut f = build(&m, &cfg, &t, V5_10, &[]);
    run_duty(&mut f, &[0, 1], 25, 300);
    assert!(f.cur_khz(1) > f.cur_khz(0));
}

#[test]
fn hwp_ramp_is_gradual_and_desired_overrides() {
    let m = no_latency(skx_2s_88t());
    let t = topo(4, 1);
    let mut f = build(&m, &gov(Governor::Hwp), &t, V5_10, &[0]);
    // Starts at guaranteed (base 2.1 GHz); a fully busy core climbs over several samples.
    assert_eq!(f.cur_khz(0), 2_100_000);
    f.on_timer(MS);
    let after1 = f.cur_khz(0);
    assert!(after1 < 3_700_000);
    let mut t_ = MS;
    while let Some(n) = f.next_timer() {
        if n > 200 * MS {
            break;
        }
        t_ = n;
        f.on_timer(n);
    }
    assert_eq!(f.cur_khz(0), 3_700_000);
    assert!(
        f.next_timer().is_none(),
        "steady fully-busy core needs no timer (t={t_})"
    );
    let cfg = FreqConfig {
        hwp: HwpConfig {
            desired: 15,
            ..HwpConfig::default()
        },
        ..gov(Governor::Hwp)
    };
    let mut f = build(&m, &cfg, &t, V5_10, &[0]);
    f.on_timer(30 * MS);
    assert_eq!(f.cur_khz(0), 1_500_000);
}

#[test]
fn hwp_dynamic_boost_raises_min_stepwise_and_drops() {
    // 5.10: IOWAIT seen twice within 2 ticks → min (10) → (10+21)/2 = 15 → 21 → 37; dropped
    // after 3 ms without util updates. EPP 255 keeps the controller itself low.
    let m = no_latency(skx_2s_88t());
    let t = topo(4, 1);
    let cfg = FreqConfig {
        hwp: HwpConfig {
            epp: 255,
            dynamic_boost: true,
            ..HwpConfig::default()
        },
        ..gov(Governor::Hwp)
    };
    let mut f = build(&m, &cfg, &t, V5_10, &[]);
    let s = UtilSignals::default();
    let mut got = vec![];
    for i in 0..5u64 {
        let now = 100 * MS + i * MS;
        f.on_timer(now);
        f.idle_exit(now, 0);
        f.update_util(now, 0, &s, UpdateFlags::IOWAIT);
        got.push(f.cur_khz(0) / 100_000);
        f.idle_enter(now + 10 * US, 0);
    }
    assert_eq!(got[1..], [15, 21, 37, 37]);
    // Quiet for 5 ms, then a plain update: boost dropped.
    f.on_timer(110 * MS);
    f.idle_exit(110 * MS, 0);
    f.update_util(110 * MS, 0, &s, UpdateFlags::NONE);
    assert!(f.cur_khz(0) < 2_100_000, "{}", f.cur_khz(0));
    // 4.15 has no hook: nothing happens.
    let mut f = build(&m, &cfg, &t, V4_15, &[]);
    for i in 0..5u64 {
        let now = 100 * MS + i * MS;
        f.on_timer(now);
        f.idle_exit(now, 0);
        f.update_util(now, 0, &s, UpdateFlags::IOWAIT);
        f.idle_enter(now + 10 * US, 0);
    }
    assert!(f.cur_khz(0) < 2_100_000);
}

#[test]
fn migration_boost_hint_holds_a_floor() {
    let m = no_latency(skx_2s_88t());
    let t = topo(4, 1);
    let cfg = FreqConfig {
        hwp: HwpConfig {
            epp: 255,
            ..HwpConfig::default()
        },
        migration_boost: Some(BoostHint {
            duration_ns: 2 * MS,
            level_pct: 80,
        }),
        ..gov(Governor::Hwp)
    };
    let mut f = build(&m, &cfg, &t, V5_10, &[]);
    f.on_timer(100 * MS);
    let low = f.cur_khz(0);
    f.idle_exit(100 * MS, 0);
    f.update_util(100 * MS, 0, &UtilSignals::default(), UpdateFlags::MIGRATION);
    assert!(f.cur_khz(0) >= 3_700_000 * 80 / 100);
    assert!(f.cur_khz(0) > low);
    f.idle_enter(100 * MS + 100 * US, 0);
    f.on_timer(102 * MS);
    assert!(f.cur_khz(0) < 3_700_000 * 80 / 100);
}

#[test]
fn idle_selection_follows_predicted_idle_and_latency_limit() {
    let m = skl_client_8t(); // C1 2/2 µs, C1E 10/20 µs, C6 85/200 µs
    let t = topo(4, 1);
    let mut f = build(&m, &gov(Governor::Performance), &t, V5_10, &[0]);
    let mut now = MS;
    let mut pick = |f: &mut FreqModel, idle: u64, n: usize| {
        let mut s = 0;
        for _ in 0..n {
            s = f.idle_enter(now, 0);
            now += idle;
            f.idle_exit(now, 0);
            now += 10 * US;
        }
        s
    };
    assert_eq!(pick(&mut f, 5 * US, 40), 0, "5 µs idles → C1");
    assert_eq!(pick(&mut f, 50 * US, 20), 1, "50 µs idles → C1E");
    assert_eq!(pick(&mut f, 2 * MS, 20), 2, "2 ms idles → C6");
    let r = f.residency(0, now);
    assert!(r.cstate_ns.iter().all(|&x| x > 0));
    assert_eq!(r.cstate_usage.iter().sum::<u64>(), 80);
    // PM QoS latency limit 50 µs excludes C6.
    let cfg = FreqConfig {
        idle: IdleConfig {
            latency_limit_ns: Some(50 * US),
            ..IdleConfig::default()
        },
        ..gov(Governor::Performance)
    };
    let mut f = build(&m, &cfg, &t, V5_10, &[0]);
    assert_eq!(f.idle_enter(MS, 0), 1);
    // Exit latency: a core state is demoted to C1 when the sibling is busy.
    let t2 = topo(4, 2);
    let mut f = build(&m, &gov(Governor::Performance), &t2, V5_10, &[0, 4]);
    assert_eq!(f.idle_enter(MS, 0), 2);
    assert_eq!(
        f.idle_exit(2 * MS, 0),
        2_000,
        "sibling busy: thread only in C1"
    );
    f.idle_enter(3 * MS, 0);
    f.idle_enter(3 * MS, 4);
    assert_eq!(
        f.idle_exit(5 * MS, 0),
        85_000,
        "both idle in C6: core C6 exit"
    );
}

#[test]
fn energy_accumulates_consistently() {
    let m = no_latency(skl_client_8t());
    let t = topo(4, 1);
    let run = |max_khz: Option<u32>| {
        let cfg = FreqConfig {
            max_khz,
            ..gov(Governor::Performance)
        };
        let f = build(&m, &cfg, &t, V5_10, &[0]);
        (f.cur_khz(0), f.energy(1_000 * MS))
    };
    let (fast_khz, fast) = run(None);
    let (slow_khz, slow) = run(Some(2_000_000));
    assert_eq!((fast_khz, slow_khz), (4_000_000, 2_000_000));
    // 1 s at 4 GHz costs more than at 2 GHz; idle cores identical.
    assert!(
        fast.core_uj[0] > 2 * slow.core_uj[0],
        "{} vs {}",
        fast.core_uj[0],
        slow.core_uj[0]
    );
    assert_eq!(fast.core_uj[1], slow.core_uj[1]);
    // Busy core energy = busy power x time (analytic, from the power spec).
    let p = &m.power.cores[0];
    assert_eq!(fast.core_uj[0], p.busy_uw(4_000_000)); // µW x 1 s = µJ
    // Idle core in C6 for 1 s.
    assert_eq!(fast.core_uj[1], p.idle_mw[2] as u64 * 1000);
    // Package = cores + uncore; total = packages.
    assert_eq!(
        fast.package_uj[0],
        fast.core_uj.iter().sum::<u64>() + m.power.package_mw as u64 * 1000
    );
    assert_eq!(fast.total_uj, fast.package_uj.iter().sum::<u64>());
    // Energy is monotonic in time.
    let cfg = gov(Governor::Performance);
    let f = build(&m, &cfg, &t, V5_10, &[0]);
    assert!(f.energy(2 * MS).total_uj > f.energy(MS).total_uj);
}

#[test]
fn residency_and_timeline_account_busy_time_at_frequency() {
    let m = no_latency(skl_client_8t());
    let t = topo(4, 1);
    let mut f = build(&m, &gov(Governor::Performance), &t, V5_10, &[0]);
    f.idle_enter(3 * MS, 0);
    f.idle_exit(5 * MS, 0);
    f.idle_enter(6 * MS, 0);
    let r = f.residency(0, 10 * MS);
    assert_eq!(r.c0_ns, 4 * MS);
    let i = r.levels_khz.iter().position(|&k| k == 4_000_000).unwrap();
    assert_eq!(r.pstate_ns[i], 4 * MS);
    assert_eq!(r.cstate_ns.iter().sum::<u64>(), 6 * MS);
    let tl = f.timeline();
    assert_eq!(tl.busy_ns(0, 0), MS);
    assert_eq!(tl.avg_khz(0, 0), 4_000_000);
    assert_eq!(tl.busy_ns(4, 0), 0);
}

#[test]
fn freq_scale_per_version() {
    // 5.10 x86: ΔAPERF/ΔMPERF relative to the 4-core turbo (37 on skl-client-8t), clipped at 1024.
    let m = no_latency(skl_client_8t());
    let t = topo(4, 1);
    let mut f = build(&m, &gov(Governor::Performance), &t, V5_10, &[0]);
    f.tick(4 * MS, 0);
    assert_eq!(f.freq_scale(0), 1024, "40 > 37: clipped");
    let cfg = FreqConfig {
        max_khz: Some(1_850_000),
        ..gov(Governor::Performance)
    };
    let mut f = build(&m, &cfg, &t, V5_10, &[0]);
    f.tick(4 * MS, 0);
    // 18 / 37 of 1024: (18/34) / (1024*37/34 >> 0 ... ) with the kernel's integer ratio.
    let ratio = 37 * 1024 / 34;
    assert_eq!(
        f.freq_scale(0) as u64,
        (((18u64 * 1024) << 20) / (34 * 1024 * ratio)).min(1024)
    );
    let mut f = build(&m, &cfg, &t, V4_15, &[0]);
    f.tick(4 * MS, 0);
    assert_eq!(f.freq_scale(0), 1024, "4.15 x86 is not frequency invariant");
    // pixel2: cur / max of the cluster.
    let p = no_latency(pixel2());
    let pt = Topology::new(&MachineShape {
        sockets: 1,
        nodes_per_socket: 1,
        llcs_per_socket: 2,
        cores_per_llc: 4,
        smt: 1,
        numbering: Numbering::Linear,
        cluster_capacity: PIXEL2_CLUSTER_CAPACITY.to_vec(),
        numa_remote_distance: 21,
        numa_socket_distance: 11,
    })
    .unwrap();
    let cfg = FreqConfig {
        max_khz: Some(1_000_000),
        ..gov(Governor::Performance)
    };
    let f = build(&p, &cfg, &pt, V4_15, &[0, 4]);
    assert_eq!(f.cur_khz(0), 960_000);
    assert_eq!(f.freq_scale(0), 960_000 * 1024 / 1_900_800);
    // Work rate: a little CPU at 960 MHz delivers capacity-scaled reference cycles.
    assert_eq!(
        f.work_khz(0),
        960_000 * 480 * 2_457_600 / (1024 * 1_900_800)
    );
    assert_eq!(f.work_khz(4), f.cur_khz(4) as u64);
}

#[test]
fn schedutil_shared_cluster_policy_takes_the_max() {
    let p = no_latency(pixel2());
    let pt = Topology::new(&MachineShape {
        sockets: 1,
        nodes_per_socket: 1,
        llcs_per_socket: 2,
        cores_per_llc: 4,
        smt: 1,
        numbering: Numbering::Linear,
        cluster_capacity: PIXEL2_CLUSTER_CAPACITY.to_vec(),
        numa_remote_distance: 21,
        numa_socket_distance: 11,
    })
    .unwrap();
    for v in [V4_15, V5_10] {
        let mut f = build(&p, &gov(Governor::Schedutil), &pt, v, &[4, 5]);
        // big cluster (capacity 1024): util 512 on CPU 5, 100 on CPU 4 → 1.25 x 2 457 600 x 0.5 =
        // 1 536 000 → lowest table entry at or above: 1 574 400.
        let t0 = 20 * MS;
        f.update_util(
            t0,
            5,
            &UtilSignals {
                cfs_util: 512,
                ..Default::default()
            },
            UpdateFlags::NONE,
        );
        f.update_util(
            t0 + 20 * MS,
            4,
            &UtilSignals {
                cfs_util: 100,
                ..Default::default()
            },
            UpdateFlags::NONE,
        );
        f.update_util(
            t0 + 21 * MS,
            5,
            &UtilSignals {
                cfs_util: 512,
                ..Default::default()
            },
            UpdateFlags::NONE,
        );
        assert_eq!(f.cur_khz(4), 1_574_400, "{v}");
        assert_eq!(f.cur_khz(5), 1_574_400);
        // The little cluster is untouched (idle since start, at its initial max).
        assert_eq!(f.cur_khz(0), 1_900_800);
    }
}

/// A pseudo-random but fixed call sequence; returns a fingerprint of everything observable.
fn scripted(seed: u64) -> (Vec<u32>, u64, Vec<u64>) {
    let m = skl_client_8t();
    let t = topo(4, 2);
    let cfg = FreqConfig {
        hwp: HwpConfig {
            dynamic_boost: true,
            ..HwpConfig::default()
        },
        ..gov(Governor::Hwp)
    };
    let mut f = build(&m, &cfg, &t, V5_10, &[]);
    let mut x = seed;
    let mut now = 0u64;
    let mut trace = vec![];
    let mut busy = [false; 8];
    for _ in 0..20_000 {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        now += (x >> 33) % (300 * US);
        while let Some(nt) = f.next_timer() {
            if nt > now {
                break;
            }
            f.on_timer(nt);
        }
        let c = ((x >> 20) % 8) as Cpu;
        if busy[c as usize] {
            f.idle_enter(now, c);
        } else {
            f.idle_exit(now, c);
            let fl = if (x >> 10).is_multiple_of(3) {
                UpdateFlags::IOWAIT
            } else {
                UpdateFlags::NONE
            };
            f.update_util(
                now,
                c,
                &UtilSignals {
                    cfs_util: ((x >> 40) % 1024) as u32,
                    ..Default::default()
                },
                fl,
            );
        }
        busy[c as usize] = !busy[c as usize];
        if !f.take_changed().is_empty() {
            trace.push(f.cur_khz(c));
        }
    }
    let r = f.residency(3, now);
    (trace, f.energy(now).total_uj, r.cstate_ns)
}

#[test]
fn deterministic() {
    let a = scripted(7);
    let b = scripted(7);
    assert_eq!(a, b);
    assert!(
        a.0.len() > 100,
        "the script must exercise frequency changes"
    );
    assert_ne!(a, scripted(8));
}

#[test]
fn validation_names_fields() {
    let mut m = skl_client_8t();
    if let PStates::Ratio(r) = &mut m.freq.pstates {
        r.turbo = vec![37, 40];
    }
    assert_eq!(
        m.validate().unwrap_err().field,
        "freq.pstates.ratio.turbo[1]"
    );
    let mut m = skl_client_8t();
    m.power.cores[0].idle_mw.pop();
    assert_eq!(m.validate().unwrap_err().field, "power.cores[0].idle_mw");
    let bad: Result<FreqConfig, _> = serde_json::from_str(r#"{"governor":"hwp","bogus":1}"#);
    assert!(bad.is_err());
    let cfg: FreqConfig =
        serde_json::from_str(r#"{"governor":"schedutil","hwp":{"epp":0}}"#).unwrap();
    assert_eq!(cfg.hwp.epp, 0);
    let cfg = FreqConfig {
        governor: Governor::Hwp,
        ..FreqConfig::default()
    };
    let mut m = skl_client_8t();
    m.freq.hwp = None;
    let e = FreqModel::new(&m, &cfg, &topo(4, 2), V5_10).unwrap_err();
    assert_eq!(e.field, "freq.governor");
    // Round trip of a preset through JSON.
    let m = clx_2s_80t();
    let back: MachineFreq = serde_json::from_str(&serde_json::to_string(&m).unwrap()).unwrap();
    assert_eq!(back, m);
}
