//! Frequency / idle / power descriptions of the four target machines (shared/spec/targets.md).
//! Every number is an estimate; docs/frequency.md gives the source of each.

use super::spec::*;

/// Intel server/client C-states as intel_idle lists them: C1 (thread, 2 µs), C1E (core,
/// 10 µs / 20 µs residency), C6 (core, turbo-inactive). `c6_exit_ns`, `c6_residency_ns` differ
/// by platform (Skylake client 85/200 µs, Skylake-SP 133/600 µs in intel_idle's tables).
pub fn default_intel_idle(c6_exit_ns: u64, c6_residency_ns: u64) -> IdleSpec {
    IdleSpec {
        states: vec![
            CState {
                name: "C1".into(),
                exit_latency_ns: 2_000,
                target_residency_ns: 2_000,
                core_level: false,
                turbo_inactive: false,
            },
            CState {
                name: "C1E".into(),
                exit_latency_ns: 10_000,
                target_residency_ns: 20_000,
                core_level: true,
                turbo_inactive: false,
            },
            CState {
                name: "C6".into(),
                exit_latency_ns: c6_exit_ns,
                target_residency_ns: c6_residency_ns,
                core_level: true,
                turbo_inactive: true,
            },
        ],
    }
}

fn hwp_caps(r: &RatioSpec) -> HwpCaps {
    HwpCaps {
        highest: r.turbo_pstate(),
        guaranteed: r.base,
        most_efficient: r.min_pstate,
        lowest: r.lowest,
    }
}

/// `skl-client-8t`: i7-6700-class Skylake client, 4 cores x 2 threads. Base 3.4 GHz, turbo
/// 4.0 / 3.9 / 3.8 / 3.7 GHz with 1 / 2 / 3 / 4 active cores, LFM and max efficiency 0.8 GHz
/// (ARK-class public figures; per-core bins estimated). Client Skylake clocks all cores from
/// one PLL: one package-wide frequency domain.
pub fn skl_client_8t() -> MachineFreq {
    let r = RatioSpec {
        bus_khz: 100_000,
        lowest: 8,
        min_pstate: 8,
        base: 34,
        turbo: vec![40, 39, 38, 37],
    };
    MachineFreq {
        freq: FreqSpec {
            domain: DomainScope::Package,
            hwp: Some(hwp_caps(&r)),
            pstates: PStates::Ratio(r),
            transition_latency_ns: 20_000,
        },
        idle: default_intel_idle(85_000, 200_000),
        power: PowerSpec {
            cores: vec![CorePower {
                c_dyn_pf: 1600,
                v_lo_mhz: 800,
                v_lo_mv: 700,
                v_hi_mhz: 4000,
                v_hi_mv: 1250,
                static_mw: 1000,
                smt_extra_permille: 150,
                idle_mw: vec![800, 500, 50],
            }],
            package_mw: 4000,
        },
    }
}

fn xeon(base: u8, turbo: Vec<u8>) -> MachineFreq {
    let r = RatioSpec {
        bus_khz: 100_000,
        lowest: 10,
        min_pstate: 10,
        base,
        turbo,
    };
    MachineFreq {
        freq: FreqSpec {
            domain: DomainScope::Core,
            hwp: Some(hwp_caps(&r)),
            pstates: PStates::Ratio(r),
            transition_latency_ns: 20_000,
        },
        idle: default_intel_idle(133_000, 600_000),
        power: PowerSpec {
            cores: vec![CorePower {
                c_dyn_pf: 1450,
                v_lo_mhz: 1000,
                v_lo_mv: 700,
                v_hi_mhz: 3900,
                v_hi_mv: 1080,
                static_mw: 800,
                smt_extra_permille: 150,
                idle_mw: vec![700, 450, 60],
            }],
            package_mw: 25_000,
        },
    }
}

/// `epyc-kvm-2vcpu`: the machine the benchmark recordings were made on (recordings/README.md,
/// each recording's `host` fields): a KVM guest with 2 vCPUs of an "AMD EPYC" (Zen 1), no
/// frequency scaling visible to the guest and no cpuidle driver.
///
/// * Clock: one P-state at the TSC's 1996.249 MHz (`host.cpu_mhz_proc_cpuinfo`), because the
///   guest has no cpufreq (`host.cpufreq`): the host's real clock (Zen 1 may boost to ~3 GHz)
///   is unknown, so cycle counts derived from it are a lower bound.
/// * Idle: `host.cpuidle.driver` is `none`, so the guest idles in `default_idle` (HLT, a VM
///   exit), one idle state "HLT". Its exit latency, 7.6 µs, is **measured**: a wake-up onto
///   the idle vCPU takes 9.6 µs from `sched_waking` to the wakee's switch-in (the median of
///   the one-pair recordings' medians: tbench-c1 9.3 / 9.0, pgbench-select-c1 9.6 / 9.8,
///   pgbench-rw-c1 10.2 µs, recordings of 2026-12-01 15:06, `wake_latency` in their
///   summaries), where the model with a 1 µs exit latency takes 3.0 µs (`wakelab validate
///   --model-summaries`): the other 6.6 µs are the VM's (the IPI's exit, waking the halted
///   vCPU's host thread, the entry). It includes no host halt polling (perf bench sched pipe,
///   which wakes the idle vCPU every 8 µs, sees 6.5 µs) and belongs to that VM instance: the
///   earlier instance's tbench-c1 made 176 MB/sec against this one's 122, and on a later one
///   (v1300) the same wake-up takes 25.4 µs and tbench-c1 makes 74 MB/sec (recordings/README.md,
///   "tbench on three instances"). Target residency the same (one state: never consulted).
/// * Power: not measurable in a guest; the numbers are a placeholder estimate of the Zen 1
///   class (about 3-4 W per busy core at 2 GHz) so energy columns stay finite. Not validated.
pub fn epyc_kvm_2vcpu() -> MachineFreq {
    MachineFreq {
        freq: FreqSpec {
            domain: DomainScope::Package,
            pstates: PStates::Table(vec![ClusterTable {
                name: "vcpu".into(),
                khz: vec![1_996_249],
            }]),
            transition_latency_ns: 0,
            hwp: None,
        },
        idle: IdleSpec {
            states: vec![CState {
                name: "HLT".into(),
                exit_latency_ns: 7_600,
                target_residency_ns: 7_600,
                core_level: false,
                turbo_inactive: false,
            }],
        },
        power: PowerSpec {
            cores: vec![CorePower {
                c_dyn_pf: 1500,
                v_lo_mhz: 2000,
                v_lo_mv: 1000,
                v_hi_mhz: 2000,
                v_hi_mv: 1000,
                static_mw: 500,
                smt_extra_permille: 0,
                idle_mw: vec![300],
            }],
            package_mw: 0,
        },
    }
}

/// Expand turbo bins given as (up to N active cores, ratio) into one entry per core count.
fn bins(cores: usize, bins: &[(usize, u8)]) -> Vec<u8> {
    (1..=cores)
        .map(|n| {
            bins.iter()
                .find(|b| n <= b.0)
                .map_or(bins.last().unwrap().1, |b| b.1)
        })
        .collect()
}

/// `clx-2s-80t`: Xeon Gold 6248-class Cascade Lake, 20 cores per socket. Base 2.5 GHz, 1-core
/// turbo 3.9 GHz, all-core turbo 3.2 GHz (ARK-class public figures); intermediate bins are
/// estimates interpolated between them. Per-core P-states (one domain per core).
pub fn clx_2s_80t() -> MachineFreq {
    xeon(
        25,
        bins(
            20,
            &[(2, 39), (4, 37), (8, 36), (12, 35), (16, 33), (20, 32)],
        ),
    )
}

/// `skx-2s-88t`: Xeon Gold 6152 Skylake-SP, 22 cores per socket. Base 2.1 GHz, 1-core turbo
/// 3.7 GHz, all-core turbo 3.0 GHz (ARK-class public figures); intermediate bins estimated.
pub fn skx_2s_88t() -> MachineFreq {
    xeon(
        21,
        bins(
            22,
            &[(2, 37), (4, 35), (8, 34), (12, 33), (16, 31), (22, 30)],
        ),
    )
}

/// Estimated `arch_scale_cpu_capacity` of the Pixel 2 clusters (little, big): IPC ratio
/// about 0.6 times the frequency ratio 1.9/2.45 (estimate; use in `MachineShape`).
pub const PIXEL2_CLUSTER_CAPACITY: [u16; 2] = [480, 1024];

/// `pixel2`: Snapdragon 835, 4 little (up to 1.9 GHz) + 4 big (up to 2.46 GHz) cores, one
/// cpufreq policy and clock per cluster. Tables follow the msm8998 cpufreq tables as commonly
/// published (estimate: the exact set of operating points varies by speed bin).
pub fn pixel2() -> MachineFreq {
    let little = vec![
        300_000, 364_800, 441_600, 518_400, 595_200, 672_000, 748_800, 825_600, 883_200, 960_000,
        1_036_800, 1_094_400, 1_171_200, 1_248_000, 1_324_800, 1_401_600, 1_478_400, 1_555_200,
        1_670_400, 1_747_200, 1_824_000, 1_900_800,
    ];
    let big = vec![
        300_000, 345_600, 422_400, 499_200, 576_000, 652_800, 729_600, 806_400, 902_400, 979_200,
        1_056_000, 1_132_800, 1_190_400, 1_267_200, 1_344_000, 1_420_800, 1_497_600, 1_574_400,
        1_651_200, 1_728_000, 1_804_800, 1_881_600, 1_958_400, 2_035_200, 2_112_000, 2_208_000,
        2_265_600, 2_323_200, 2_361_600, 2_457_600,
    ];
    let idle = IdleSpec {
        states: vec![
            CState {
                name: "WFI".into(),
                exit_latency_ns: 1_000,
                target_residency_ns: 1_000,
                core_level: false,
                turbo_inactive: false,
            },
            CState {
                name: "core-pc".into(),
                exit_latency_ns: 150_000,
                target_residency_ns: 600_000,
                core_level: true,
                turbo_inactive: true,
            },
        ],
    };
    MachineFreq {
        freq: FreqSpec {
            domain: DomainScope::Llc,
            pstates: PStates::Table(vec![
                ClusterTable {
                    name: "little".into(),
                    khz: little,
                },
                ClusterTable {
                    name: "big".into(),
                    khz: big,
                },
            ]),
            transition_latency_ns: 100_000,
            hwp: None,
        },
        idle,
        power: PowerSpec {
            cores: vec![
                CorePower {
                    c_dyn_pf: 160,
                    v_lo_mhz: 300,
                    v_lo_mv: 600,
                    v_hi_mhz: 1900,
                    v_hi_mv: 900,
                    static_mw: 20,
                    smt_extra_permille: 0,
                    idle_mw: vec![10, 1],
                },
                CorePower {
                    c_dyn_pf: 450,
                    v_lo_mhz: 300,
                    v_lo_mv: 600,
                    v_hi_mhz: 2460,
                    v_hi_mv: 1050,
                    static_mw: 60,
                    smt_extra_permille: 0,
                    idle_mw: vec![30, 2],
                },
            ],
            package_mw: 150,
        },
    }
}
