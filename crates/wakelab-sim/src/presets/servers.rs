//! Machine presets for the server shapes users bring (issue 19): an arm64 server with SMT-4,
//! Ampere Altra, AMD EPYC with 4- and 8-core CCX LLCs, and an Intel server with sub-NUMA
//! clustering. Each shape is given as Linux builds its sched domains from it (which CPUs share
//! an LLC *as the scheduler sees it*, the SLIT distances), with the public figure it comes from.
//! Cache sizes are named in the comments only: the model has no cache capacity (docs/model.md).
//! Clocks and idle states feed the frequency model; power figures are estimates (core power at
//! the all-core clock about 70% of the part's TDP divided by its cores, the rest uncore), like
//! the seed machines' (docs/frequency.md).

use crate::freq::{
    CState, ClusterTable, CorePower, DomainScope, FreqSpec, HwpCaps, IdleSpec, MachineFreq,
    PStates, PowerSpec, RatioSpec,
};
use crate::scenario::Arch;
use crate::topology::{MachineShape, Numbering};

/// The ids, in the order `wakelab presets` and the page list them.
pub const IDS: [&str; 5] = [
    "tx2-2s-224t",
    "altra-80c",
    "rome-2s-256t",
    "milan-2s-256t",
    "icx-2s-160t-snc2",
];

#[allow(clippy::too_many_arguments)]
fn shape(
    sockets: u16,
    nodes: u16,
    llcs: u16,
    cores_per_llc: u16,
    smt: u8,
    numbering: Numbering,
    remote: u8,
    socket: u8,
) -> MachineShape {
    MachineShape {
        sockets,
        nodes_per_socket: nodes,
        llcs_per_socket: llcs,
        cores_per_llc,
        smt,
        numbering,
        cluster_capacity: vec![],
        numa_remote_distance: remote,
        numa_socket_distance: socket,
    }
}

/// A server machine preset by id: its architecture, shape and hardware.
pub fn machine(id: &str) -> Option<(Arch, MachineShape, MachineFreq)> {
    Some(match id {
        // Marvell (Cavium) ThunderX2 CN9975: 28 cores x 4 threads per socket, 2 sockets; 32 MB
        // L3 shared by the socket's cores (one LLC per socket), 256 KB L2 per core; 2.0 GHz
        // base, 2.5 GHz turbo (Marvell ThunderX2 product brief; Isambard's CN99xx nodes). One
        // node per socket, SLIT 10/20 (the firmware's table as `numactl -H` reports it on
        // ThunderX2 systems). arm64 enumerates CPUs in MPIDR order, so a core's four threads
        // are adjacent (`Numbering::Linear`; node 0 = CPUs 0-111).
        "tx2-2s-224t" => (
            Arch::Arm64,
            shape(2, 1, 1, 28, 4, Numbering::Linear, 20, 11),
            arm_cppc(
                1_000_000,
                2_500_000,
                wfi_only(),
                CorePower {
                    c_dyn_pf: 1200,
                    v_lo_mhz: 1000,
                    v_lo_mv: 750,
                    v_hi_mhz: 2500,
                    v_hi_mv: 950,
                    static_mw: 700,
                    // SMT-4 on a wide core: each extra busy thread adds issue-slot use, not
                    // a second core's worth (estimate).
                    smt_extra_permille: 100,
                    idle_mw: vec![500],
                },
                20_000,
            ),
        ),
        // Ampere Altra Q80-30: 80 Neoverse N1 cores, no SMT, one socket and one node; 1 MB L2
        // per core, 32 MB system-level cache (Ampere Altra product brief); 3.0 GHz, cpufreq
        // range 1.0-3.0 GHz (`lscpu` maxmhz/minmhz on Altra). The PPTT describes no shared
        // CPU-side cache, so arch_topology's cpu_coregroup_mask() falls back to the node: the
        // MC domain (and sd_llc) spans all 80 CPUs in 4.15-5.15. The 2-core CLS level of 5.16+
        // (Darren Hart, "arch_topology: Limit span of cpu_clustergroup_mask()") is not
        // modelled; no modelled version has it.
        "altra-80c" => (
            Arch::Arm64,
            shape(1, 1, 1, 80, 1, Numbering::Linear, 20, 11),
            arm_cppc(
                1_000_000,
                3_000_000,
                wfi_only(),
                CorePower {
                    c_dyn_pf: 650,
                    v_lo_mhz: 1000,
                    v_lo_mv: 700,
                    v_hi_mhz: 3000,
                    v_hi_mv: 900,
                    static_mw: 300,
                    smt_extra_permille: 0,
                    idle_mw: vec![150],
                },
                20_000,
            ),
        ),
        // AMD EPYC 7742 (Rome, Zen 2): 64 cores x 2 threads per socket, 2 sockets; 16 CCXs of
        // 4 cores each sharing 16 MB L3 (the LLC); base 2.25 GHz, boost up to 3.4 GHz (AMD
        // EPYC 7742 product page). NPS1: one node per socket; SLIT 10/32 (AMD's 2-socket
        // table, `numactl -H`). x86 enumeration: thread 0 of every core first.
        "rome-2s-256t" => (
            Arch::X86,
            shape(2, 1, 16, 4, 2, Numbering::X86, 32, 11),
            // 25 MHz frequency-ID steps (Zen CoreCOF); acpi-cpufreq P-states 2.25/2.0/1.5 GHz.
            // Boost by active cores is not published: 3.4 GHz for 1-8 active cores down to
            // 3.2 GHz (an estimate of the all-core boost of loaded parts).
            epyc(60, 90, &[(8, 136), (32, 132), (64, 128)], 600, 500),
        ),
        // AMD EPYC 7763 (Milan, Zen 3): 64 cores x 2 threads per socket, 2 sockets; 8 CCDs of 8
        // cores each sharing 32 MB L3; base 2.45 GHz, boost up to 3.5 GHz (AMD EPYC 7763
        // product page). NPS1, SLIT 10/32 as on Rome.
        "milan-2s-256t" => (
            Arch::X86,
            shape(2, 1, 8, 8, 2, Numbering::X86, 32, 11),
            epyc(60, 98, &[(8, 140), (32, 136), (64, 132)], 650, 550),
        ),
        // Intel Xeon Platinum 8380 (Ice Lake-SP): 40 cores x 2 threads per socket, 2 sockets;
        // 60 MB L3 per socket; base 2.3 GHz, 1-core turbo 3.4 GHz, all-core turbo 3.0 GHz
        // (Intel ARK). With SNC-2 each socket is two NUMA nodes of 20 cores; the L3 is shared
        // by the socket for off-package data but arch/x86/kernel/smpboot.c's match_llc() does
        // not match CPUs of different nodes (snc_cpu[] / topology_sane()), so each node is
        // one LLC and the package has no DIE level (x86_has_numa_in_package). SLIT 10 / 11
        // (same socket) / 20 (other socket), as the firmware reports SNC-2 (estimate: the
        // table is the BIOS's).
        "icx-2s-160t-snc2" => (
            Arch::X86,
            shape(2, 2, 2, 20, 2, Numbering::X86, 20, 11),
            icx_8380(),
        ),
        _ => return None,
    })
}

/// One WFI state: what arm64 servers without PSCI idle states in their ACPI tables run
/// (estimate: 1 µs exit).
fn wfi_only() -> IdleSpec {
    IdleSpec {
        states: vec![CState {
            name: "WFI".into(),
            exit_latency_ns: 1_000,
            target_residency_ns: 1_000,
            core_level: false,
            turbo_inactive: false,
        }],
    }
}

/// An arm64 server under cppc_cpufreq: CPPC requests are continuous; the table steps 100 MHz
/// from `lo_khz` to `hi_khz` (the model needs levels; 100 MHz is finer than any effect it
/// models). One clock per core (CPPC is per-CPU on both parts).
fn arm_cppc(
    lo_khz: u32,
    hi_khz: u32,
    idle: IdleSpec,
    core: CorePower,
    transition_ns: u64,
) -> MachineFreq {
    let khz = (lo_khz..=hi_khz).step_by(100_000).collect();
    MachineFreq {
        freq: FreqSpec {
            domain: DomainScope::Core,
            pstates: PStates::Table(vec![ClusterTable {
                name: "cppc".into(),
                khz,
            }]),
            transition_latency_ns: transition_ns,
            hwp: None,
        },
        idle,
        power: PowerSpec {
            cores: vec![core],
            package_mw: 30_000,
        },
    }
}

/// Expand (up to N active cores, ratio) bins into one entry per active-core count.
fn bins(bins: &[(usize, u8)]) -> Vec<u8> {
    let cores = bins.last().map_or(0, |b| b.0);
    (1..=cores)
        .map(|n| bins.iter().find(|b| n <= b.0).map_or(0, |b| b.1))
        .collect()
}

/// An EPYC part: ratios in 25 MHz steps, no HWP (acpi-cpufreq), per-core clocks (Zen 2/3 run
/// each core at its own frequency). Idle states as acpi_idle registers them from _CST on EPYC
/// 7002/7003 (`cpupower idle-info`): C1 (MWAIT, 1 µs) and C2 (CC6, 400 µs exit; acpi_idle's
/// target residency is 2 x the latency, drivers/acpi/processor_idle.c latency_factor).
fn epyc(lowest: u8, base: u8, boost: &[(usize, u8)], c_dyn_pf: u32, static_mw: u32) -> MachineFreq {
    let r = RatioSpec {
        bus_khz: 25_000,
        lowest,
        min_pstate: lowest,
        base,
        turbo: bins(boost),
    };
    MachineFreq {
        freq: FreqSpec {
            domain: DomainScope::Core,
            pstates: PStates::Ratio(r),
            transition_latency_ns: 20_000,
            hwp: None,
        },
        idle: IdleSpec {
            states: vec![
                CState {
                    name: "C1".into(),
                    exit_latency_ns: 1_000,
                    target_residency_ns: 2_000,
                    core_level: false,
                    turbo_inactive: false,
                },
                CState {
                    name: "C2".into(),
                    exit_latency_ns: 400_000,
                    target_residency_ns: 800_000,
                    core_level: true,
                    turbo_inactive: true,
                },
            ],
        },
        power: PowerSpec {
            cores: vec![CorePower {
                c_dyn_pf,
                v_lo_mhz: 1500,
                v_lo_mv: 750,
                v_hi_mhz: 3400,
                v_hi_mv: 1150,
                static_mw,
                smt_extra_permille: 150,
                idle_mw: vec![600, 40],
            }],
            // Rome/Milan's I/O die draws a large, nearly constant share of the TDP.
            package_mw: 60_000,
        },
    }
}

/// Xeon Platinum 8380: bins between the ARK 1-core (3.4 GHz) and all-core (3.0 GHz) figures
/// are interpolated (estimate); lowest 0.8 GHz. Idle states: intel_idle's icx_cstates (C1 1/1
/// µs, C1E 4/4 µs, C6 170/600 µs since 5.13; 128/384 µs before).
fn icx_8380() -> MachineFreq {
    let r = RatioSpec {
        bus_khz: 100_000,
        lowest: 8,
        min_pstate: 8,
        base: 23,
        turbo: bins(&[(2, 34), (4, 33), (8, 32), (16, 31), (40, 30)]),
    };
    let caps = HwpCaps {
        highest: r.turbo_pstate(),
        guaranteed: r.base,
        most_efficient: r.min_pstate,
        lowest: r.lowest,
    };
    let st = |name: &str, exit_us: u64, res_us: u64, core: bool| CState {
        name: name.into(),
        exit_latency_ns: exit_us * 1000,
        target_residency_ns: res_us * 1000,
        core_level: core,
        turbo_inactive: core && name == "C6",
    };
    MachineFreq {
        freq: FreqSpec {
            domain: DomainScope::Core,
            hwp: Some(caps),
            pstates: PStates::Ratio(r),
            transition_latency_ns: 20_000,
        },
        idle: IdleSpec {
            states: vec![
                st("C1", 1, 1, false),
                st("C1E", 4, 4, true),
                st("C6", 170, 600, true),
            ],
        },
        power: PowerSpec {
            cores: vec![CorePower {
                c_dyn_pf: 1300,
                v_lo_mhz: 800,
                v_lo_mv: 700,
                v_hi_mhz: 3400,
                v_hi_mv: 1050,
                static_mw: 800,
                smt_extra_permille: 150,
                idle_mw: vec![700, 450, 60],
            }],
            package_mw: 40_000,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::{KernelVersion, TopologyFlags};
    use crate::topology::{LevelKind, SchedDomains, Topology};

    fn llc_weight(id: &str, v: KernelVersion) -> (usize, Vec<LevelKind>) {
        let (_, s, _) = machine(id).unwrap();
        let t = Topology::new(&s).unwrap();
        let d = SchedDomains::build(&t, v, TopologyFlags::Mainline);
        let llc = d.levels[d.llc_level.unwrap()].span_weight(0);
        (llc, d.levels.iter().map(|l| l.kind).collect())
    }

    #[test]
    fn shapes_build_the_domains_linux_builds() {
        use LevelKind::*;
        let v = KernelVersion::V5_10;
        // ThunderX2: SMT-4, one LLC per socket, two nodes.
        assert_eq!(llc_weight("tx2-2s-224t", v), (112, vec![Smt, Mc, Numa]));
        // Altra: the whole node is the LLC, nothing above it.
        assert_eq!(llc_weight("altra-80c", v), (80, vec![Mc]));
        // Rome: 4-core CCX LLCs of 8 CPUs; Milan: 8-core CCX LLCs of 16 CPUs.
        assert_eq!(llc_weight("rome-2s-256t", v), (8, vec![Smt, Mc, Die, Numa]));
        assert_eq!(
            llc_weight("milan-2s-256t", v),
            (16, vec![Smt, Mc, Die, Numa])
        );
        // SNC-2: the node is the LLC; no DIE; NUMA levels at distance 11 and 20.
        assert_eq!(
            llc_weight("icx-2s-160t-snc2", v),
            (40, vec![Smt, Mc, Numa, Numa])
        );
    }

    #[test]
    fn numbering_matches_the_platform() {
        let (_, s, _) = machine("tx2-2s-224t").unwrap();
        let t = Topology::new(&s).unwrap();
        assert_eq!(t.smt_mask(5).to_vec(), vec![4, 5, 6, 7]);
        assert_eq!(format!("{:?}", t.node_mask(0)), "0-111");
        let (_, s, _) = machine("rome-2s-256t").unwrap();
        let t = Topology::new(&s).unwrap();
        assert_eq!(t.smt_mask(3).to_vec(), vec![3, 131]);
        assert_eq!(format!("{:?}", t.llc_mask(129)), "0-3,128-131");
    }
}
