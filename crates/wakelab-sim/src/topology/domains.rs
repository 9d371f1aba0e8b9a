//! Sched-domain hierarchy derived from a [`Topology`] for one kernel version (spec §2).
//!
//! The kernel keeps one `sched_domain` struct per CPU per level; what differs between the copies
//! of one level is only per-CPU mutable state (avg_scan_cost, balance timestamps), which the
//! engine keeps in its own per-CPU arrays. The immutable part (span, groups, flags, parameters)
//! is stored once per *instance* (one per distinct span) here.

use serde::Serialize;

use crate::cpumask::{Cpu, CpuMask, WrapCursor};
use crate::kernel::{KernelVersion, TopologyFlags};

use super::Topology;

/// `SD_*` flags with the 4.15 header values (spec §2.2).
#[derive(Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct SdFlags(pub u32);

impl SdFlags {
    pub const LOAD_BALANCE: u32 = 0x1;
    pub const BALANCE_NEWIDLE: u32 = 0x2;
    pub const BALANCE_EXEC: u32 = 0x4;
    pub const BALANCE_FORK: u32 = 0x8;
    pub const BALANCE_WAKE: u32 = 0x10;
    pub const WAKE_AFFINE: u32 = 0x20;
    pub const ASYM_CPUCAPACITY: u32 = 0x40;
    pub const SHARE_CPUCAPACITY: u32 = 0x80;
    pub const SHARE_POWERDOMAIN: u32 = 0x100;
    pub const SHARE_PKG_RESOURCES: u32 = 0x200;
    pub const SERIALIZE: u32 = 0x400;
    pub const ASYM_PACKING: u32 = 0x800;
    pub const PREFER_SIBLING: u32 = 0x1000;
    pub const OVERLAP: u32 = 0x2000;
    pub const NUMA: u32 = 0x4000;

    #[inline]
    pub fn has(self, f: u32) -> bool {
        self.0 & f != 0
    }

    const NAMES: [(u32, &'static str); 15] = [
        (Self::LOAD_BALANCE, "LOAD_BALANCE"),
        (Self::BALANCE_NEWIDLE, "BALANCE_NEWIDLE"),
        (Self::BALANCE_EXEC, "BALANCE_EXEC"),
        (Self::BALANCE_FORK, "BALANCE_FORK"),
        (Self::BALANCE_WAKE, "BALANCE_WAKE"),
        (Self::WAKE_AFFINE, "WAKE_AFFINE"),
        (Self::ASYM_CPUCAPACITY, "ASYM_CPUCAPACITY"),
        (Self::SHARE_CPUCAPACITY, "SHARE_CPUCAPACITY"),
        (Self::SHARE_POWERDOMAIN, "SHARE_POWERDOMAIN"),
        (Self::SHARE_PKG_RESOURCES, "SHARE_PKG_RESOURCES"),
        (Self::SERIALIZE, "SERIALIZE"),
        (Self::ASYM_PACKING, "ASYM_PACKING"),
        (Self::PREFER_SIBLING, "PREFER_SIBLING"),
        (Self::OVERLAP, "OVERLAP"),
        (Self::NUMA, "NUMA"),
    ];
}

impl std::fmt::Debug for SdFlags {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let names: Vec<&str> = Self::NAMES
            .iter()
            .filter(|(bit, _)| self.has(*bit))
            .map(|(_, n)| *n)
            .collect();
        write!(f, "{}", names.join("|"))
    }
}

/// Which topology level a domain comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum LevelKind {
    Smt,
    Mc,
    /// The package level before 6.8.
    Die,
    /// The same level from 6.8 on ("sched/topology: Rename 'DIE' domain to 'PKG'"): the
    /// 6.18 model's name for it; its `sd_init` parameters are DIE's.
    Pkg,
    Node,
    Numa,
}

/// One level of the hierarchy, with its `sd_init` parameters and its instances.
#[derive(Clone, Debug)]
pub struct DomainLevel {
    pub kind: LevelKind,
    pub flags: SdFlags,
    pub imbalance_pct: u32,
    pub busy_factor: u32,
    pub cache_nice_tries: u32,
    /// 4.x `*_idx` load indices (spec §2.2); all zero in 5.x (fields absent there).
    pub busy_idx: u32,
    pub idle_idx: u32,
    /// 4.x `smt_gain` (1178 on SMT levels, else 0).
    pub smt_gain: u32,
    /// `sd->imb_numa_nr` (5.18+, read in 6.18.2's build_sched_domains): the NUMA imbalance
    /// allowance in tasks; only 6.18's balancer reads it, on SD_NUMA levels (spec §17.5.5 has
    /// 5.15's rule).
    pub imb_numa_nr: u32,
    /// Instance index of each CPU at this level.
    instance_of: Vec<u16>,
    /// Span of each instance.
    spans: Vec<CpuMask>,
    /// Groups of each instance, in build order (ascending lowest CPU).
    groups: Vec<Vec<CpuMask>>,
}

impl DomainLevel {
    #[inline]
    pub fn span(&self, cpu: Cpu) -> &CpuMask {
        &self.spans[self.instance_of[cpu as usize] as usize]
    }
    /// `sd->span_weight` (all instances of a level have the same weight on the machines we build).
    #[inline]
    pub fn span_weight(&self, cpu: Cpu) -> usize {
        self.span(cpu).weight()
    }
    /// Instance index of `cpu` at this level (e.g. which LLC object).
    #[inline]
    pub fn instance(&self, cpu: Cpu) -> usize {
        self.instance_of[cpu as usize] as usize
    }
    pub fn nr_instances(&self) -> usize {
        self.spans.len()
    }
    /// Groups of `cpu`'s domain at this level, in the kernel's circular order starting at the
    /// group that contains `cpu` (the local group, `sd->groups`).
    pub fn groups_from(&self, cpu: Cpu) -> impl Iterator<Item = &CpuMask> + '_ {
        let gs = &self.groups[self.instance_of[cpu as usize] as usize];
        let start = gs.iter().position(|g| g.test(cpu)).unwrap_or(0);
        (0..gs.len()).map(move |i| &gs[(start + i) % gs.len()])
    }
    /// `min_interval` / `balance_interval` (ms) = span weight; `max_interval` = 2x (spec §2.2).
    pub fn min_interval_ms(&self, cpu: Cpu) -> u64 {
        self.span_weight(cpu) as u64
    }
    pub fn max_interval_ms(&self, cpu: Cpu) -> u64 {
        2 * self.span_weight(cpu) as u64
    }
}

/// The domain hierarchy of every CPU (levels lowest first), plus the LLC bookkeeping of spec §1.2.
#[derive(Clone, Debug)]
pub struct SchedDomains {
    pub version: KernelVersion,
    /// Non-degenerate levels, lowest first. Every CPU has every level (machines are uniform).
    pub levels: Vec<DomainLevel>,
    /// Index in `levels` of the `sd_llc` level (highest with SHARE_PKG_RESOURCES), if any.
    pub llc_level: Option<usize>,
    /// Index of the lowest level with SD_ASYM_CPUCAPACITY, if any.
    pub asym_level: Option<usize>,
    /// `capacity_orig_of` per CPU for this version (4.x SMT: smt_gain / weight = 589; §2.3).
    pub capacity_orig: Vec<u16>,
    /// `rd->max_cpu_capacity`.
    pub max_cpu_capacity: u16,
}

/// Candidate level before degenerate removal.
struct Candidate {
    kind: LevelKind,
    spans_of: Vec<CpuMask>,
    distance: u8,
}

/// `asym_cpu_capacity_level()` (kernel/sched/topology.c, 4.20-5.13; 05484e098448): none if
/// every CPU has the same capacity; else, from every CPU's point of view, the level at which a
/// CPU of higher capacity than any seen below first appears, keeping the highest such level
/// over all CPUs (levels below the current answer are skipped, as the kernel's `tl_id <
/// asym_level` does). That is the lowest level where every CPU sees the highest capacity.
/// Degenerate levels are already removed; they span no new CPU, so the answer is the same.
fn asym_cpu_capacity_level(topo: &Topology, kept: &[Candidate]) -> Option<usize> {
    let n = topo.nr_cpus() as Cpu;
    let cap0 = topo.arch_capacity(0);
    if (0..n).all(|i| topo.arch_capacity(i) == cap0) {
        return None;
    }
    let mut asym_level = 0usize;
    let mut asym_tl = None;
    for i in 0..n {
        let mut max_capacity = topo.arch_capacity(i);
        for (tl_id, c) in kept.iter().enumerate() {
            if tl_id < asym_level {
                continue;
            }
            for j in c.spans_of[i as usize].iter() {
                let capacity = topo.arch_capacity(j);
                if capacity <= max_capacity {
                    continue;
                }
                max_capacity = capacity;
                asym_level = tl_id;
                asym_tl = Some(tl_id);
            }
        }
    }
    asym_tl
}

/// `sd->imb_numa_nr` of every candidate level, as 6.18.2's `build_sched_domains` computes it
/// on the tree before degenerate levels are removed (topology.c): at the first level above the
/// LLC, the LLCs it spans (or 1/8 of its CPUs if it spans one LLC), at least 1; above it, that
/// times the span over the span of the first NUMA level above it. Levels at or below the LLC
/// keep 0. Machines are uniform, so CPU 0's tree answers for every CPU.
fn imb_numa_nr_of(cands: &[Candidate]) -> Vec<u32> {
    let shares_llc = |c: &Candidate| matches!(c.kind, LevelKind::Smt | LevelKind::Mc);
    let weight = |c: &Candidate| c.spans_of[0].weight() as u32;
    let (mut imb, mut imb_span) = (0u32, 1u32);
    let mut out = Vec::with_capacity(cands.len());
    for (ci, sd) in cands.iter().enumerate() {
        let child = ci.checked_sub(1).map(|i| &cands[i]);
        if !shares_llc(sd) && child.is_some_and(shares_llc) {
            let child = child.expect("child");
            let nr_llcs = weight(sd) / weight(child);
            imb = if nr_llcs == 1 {
                weight(sd) >> 3
            } else {
                nr_llcs
            };
            imb = imb.max(1);
            out.push(imb);
            // span based on the first NUMA domain above
            imb_span = cands[ci + 1..]
                .iter()
                .find(|c| c.kind == LevelKind::Numa)
                .map_or(weight(sd), weight);
        } else {
            let factor = (weight(sd) / imb_span).max(1);
            out.push(imb * factor);
        }
    }
    out
}

impl SchedDomains {
    /// Build the hierarchy of spec §2.1 with the per-version `sd_init` parameters of §2.2;
    /// `asym` says where SD_ASYM_CPUCAPACITY comes from (mainline or Android/EAS, issue 24).
    pub fn build(topo: &Topology, version: KernelVersion, asym: TopologyFlags) -> SchedDomains {
        let n = topo.nr_cpus();
        let per_cpu =
            |f: &dyn Fn(Cpu) -> CpuMask| -> Vec<CpuMask> { (0..n as Cpu).map(f).collect() };
        let mut cands = vec![
            Candidate {
                kind: LevelKind::Smt,
                spans_of: per_cpu(&|c| *topo.smt_mask(c)),
                distance: 0,
            },
            Candidate {
                kind: LevelKind::Mc,
                spans_of: per_cpu(&|c| *topo.llc_mask(c)),
                distance: 0,
            },
        ];
        // x86: DIE (PKG since 6.8) only when a package holds a single NUMA node (spec §2.1).
        if topo.shape.nodes_per_socket == 1 {
            cands.push(Candidate {
                kind: if version >= KernelVersion::V6_18 {
                    LevelKind::Pkg
                } else {
                    LevelKind::Die
                },
                spans_of: per_cpu(&|c| *topo.socket_mask(c)),
                distance: 0,
            });
        }
        // sched_init_numa: NODE (identity distance), then one NUMA level per larger distance.
        cands.push(Candidate {
            kind: LevelKind::Node,
            spans_of: per_cpu(&|c| *topo.node_mask(c)),
            distance: 10,
        });
        let mut distances: Vec<u8> = vec![];
        for a in 0..topo.nr_nodes() as u16 {
            for b in 0..topo.nr_nodes() as u16 {
                let d = topo.node_distance(a, b);
                if d > 10 && !distances.contains(&d) {
                    distances.push(d);
                }
            }
        }
        distances.sort_unstable();
        for d in distances {
            let spans = per_cpu(&|c| {
                let node = topo.place(c).node;
                let mut m = CpuMask::EMPTY;
                for other in 0..topo.nr_nodes() as u16 {
                    if topo.node_distance(node, other) <= d {
                        m = m.or(topo.node_span(other as usize));
                    }
                }
                m
            });
            cands.push(Candidate {
                kind: LevelKind::Numa,
                spans_of: spans,
                distance: d,
            });
        }

        let imb_numa_nr = imb_numa_nr_of(&cands);

        // Degenerate removal (spec §2.1): drop single-CPU spans and parents equal to their child.
        // `kept_from[k]`: the candidates that make kept level k, its own first and then the
        // degenerate parents removed into it (cpu_attach_domain passes their SD_PREFER_SIBLING
        // down to it).
        let mut kept: Vec<Candidate> = vec![];
        let mut kept_from: Vec<Vec<usize>> = vec![];
        let nr_cands = cands.len();
        let mut kinds: Vec<LevelKind> = Vec::with_capacity(nr_cands);
        for (ci, c) in cands.into_iter().enumerate() {
            kinds.push(c.kind);
            if c.spans_of[0].weight() <= 1 {
                continue;
            }
            if let Some(prev) = kept.last() {
                if prev.spans_of == c.spans_of {
                    kept_from.last_mut().expect("kept").push(ci);
                    continue;
                }
            }
            kept.push(c);
            kept_from.push(vec![ci]);
        }

        let is4 = version.is_4x();
        let asym_level = match asym {
            // Android/EAS (arm64 topology flags, 2016): the level spanning CPUs of different
            // capacity, i.e. DIE on machines whose clusters have one capacity each.
            TopologyFlags::AndroidEas => kept.iter().position(|c| {
                c.spans_of.iter().any(|span| {
                    let first = topo.arch_capacity(span.first().unwrap());
                    span.iter().any(|x| topo.arch_capacity(x) != first)
                })
            }),
            // Mainline 4.15/4.16: no architecture sets the flag.
            TopologyFlags::Mainline if is4 => None,
            // Mainline 4.20+: build_sched_domains' detection.
            TopologyFlags::Mainline => asym_cpu_capacity_level(topo, &kept),
        };

        // SD_PREFER_SIBLING per kept level (topology.c sd_init, build_sched_domains,
        // cpu_attach_domain): sd_init sets it on every level but NUMA; 5.x (4.20+, not 4.15 /
        // 4.16) then clears it on the child of a level with SD_ASYM_CPUCAPACITY ("Don't attempt
        // to spread across CPUs of different capacities"), the candidate just below, before the
        // degenerate ones are removed; a removed degenerate parent passes its flag down.
        let asym_cand = asym_level.map(|a| kept_from[a][0]);
        let cand_asym = |ci: usize| -> bool {
            match asym_cand {
                None => false,
                // 5.15 mainline flags every level spanning several capacities: the detected
                // level and all above it (see below)
                Some(a) if asym == TopologyFlags::Mainline && version >= KernelVersion::V5_15 => {
                    ci >= a
                }
                Some(a) => ci == a,
            }
        };
        let cand_prefer = |ci: usize| -> bool {
            kinds[ci] != LevelKind::Numa && (is4 || ci + 1 >= nr_cands || !cand_asym(ci + 1))
        };
        let prefer_sibling: Vec<bool> = kept_from
            .iter()
            .map(|cis| cis.iter().any(|&ci| cand_prefer(ci)))
            .collect();

        let mut levels: Vec<DomainLevel> = Vec::with_capacity(kept.len());
        for (li, c) in kept.iter().enumerate() {
            let mut flags = SdFlags::BALANCE_NEWIDLE
                | SdFlags::BALANCE_EXEC
                | SdFlags::BALANCE_FORK
                | SdFlags::WAKE_AFFINE;
            if is4 {
                flags |= SdFlags::LOAD_BALANCE;
            }
            let (imbalance_pct, cache_nice_tries, busy_idx, idle_idx, smt_gain);
            let default_pct = if is4 { 125 } else { 117 };
            match c.kind {
                LevelKind::Smt => {
                    flags |= SdFlags::SHARE_CPUCAPACITY
                        | SdFlags::SHARE_PKG_RESOURCES
                        | SdFlags::PREFER_SIBLING;
                    imbalance_pct = 110;
                    cache_nice_tries = 0;
                    (busy_idx, idle_idx) = (0, 0);
                    smt_gain = if is4 { 1178 } else { 0 };
                }
                LevelKind::Mc => {
                    flags |= SdFlags::SHARE_PKG_RESOURCES | SdFlags::PREFER_SIBLING;
                    imbalance_pct = 117;
                    cache_nice_tries = 1;
                    (busy_idx, idle_idx) = if is4 { (2, 0) } else { (0, 0) };
                    smt_gain = 0;
                }
                LevelKind::Die | LevelKind::Pkg | LevelKind::Node => {
                    flags |= SdFlags::PREFER_SIBLING;
                    imbalance_pct = default_pct;
                    cache_nice_tries = 1;
                    (busy_idx, idle_idx) = if is4 { (2, 1) } else { (0, 0) };
                    smt_gain = 0;
                }
                LevelKind::Numa => {
                    flags |= SdFlags::SERIALIZE | SdFlags::NUMA | SdFlags::OVERLAP;
                    if c.distance > 30 {
                        // RECLAIM_DISTANCE: remote nodes lose exec/fork balancing and wake-affine.
                        flags &=
                            !(SdFlags::BALANCE_EXEC | SdFlags::BALANCE_FORK | SdFlags::WAKE_AFFINE);
                    }
                    imbalance_pct = default_pct;
                    cache_nice_tries = 2;
                    (busy_idx, idle_idx) = if is4 { (3, 2) } else { (0, 0) };
                    smt_gain = 0;
                }
            }
            if Some(li) == asym_level {
                flags |= SdFlags::ASYM_CPUCAPACITY;
            }
            // 5.14+ mainline ("sched/topology: Rework CPU capacity asymmetry detection", Beata
            // Michalska): asym_cpu_capacity_classify() flags every level whose span holds more
            // than one capacity, and sd_asym_cpucapacity is the lowest level spanning all of
            // them (SD_ASYM_CPUCAPACITY_FULL) - `asym_level`, the same level as before on
            // every shape the model accepts. So 5.15 also flags the levels above it.
            if asym == TopologyFlags::Mainline
                && version >= KernelVersion::V5_15
                && asym_level.is_some_and(|a| li > a)
            {
                flags |= SdFlags::ASYM_CPUCAPACITY;
            }
            if prefer_sibling[li] {
                flags |= SdFlags::PREFER_SIBLING;
            } else {
                flags &= !SdFlags::PREFER_SIBLING;
            }
            // 4.15/4.16: levels at and below an asym level get SD_BALANCE_WAKE (spec §2.2).
            if is4 && asym_level.is_some_and(|a| li <= a) {
                flags |= SdFlags::BALANCE_WAKE;
            }
            // Instances: distinct spans, numbered in order of their lowest CPU.
            let mut spans: Vec<CpuMask> = vec![];
            let mut instance_of = vec![0u16; n];
            for cpu in 0..n {
                let span = c.spans_of[cpu];
                let idx = match spans.iter().position(|s| *s == span) {
                    Some(i) => i,
                    None => {
                        spans.push(span);
                        spans.len() - 1
                    }
                };
                instance_of[cpu] = idx as u16;
            }
            // Groups: the child level's spans covering this span (single CPUs at the lowest level),
            // built in wrap order from the instance's first CPU.
            let groups = spans
                .iter()
                .map(|span| {
                    let mut covered = CpuMask::EMPTY;
                    let mut gs = vec![];
                    let mut cur = WrapCursor::new(span.first().unwrap());
                    while let Some(cpu) = cur.next(span) {
                        if covered.test(cpu) {
                            continue;
                        }
                        let g = if li == 0 {
                            CpuMask::single(cpu)
                        } else {
                            kept[li - 1].spans_of[cpu as usize].and(span)
                        };
                        covered = covered.or(&g);
                        gs.push(g);
                    }
                    gs
                })
                .collect();
            levels.push(DomainLevel {
                kind: c.kind,
                flags: SdFlags(flags),
                imbalance_pct,
                busy_factor: if is4 { 32 } else { 16 },
                cache_nice_tries,
                busy_idx,
                idle_idx,
                smt_gain,
                imb_numa_nr: imb_numa_nr[kept_from[li][0]],
                instance_of,
                spans,
                groups,
            });
        }

        let llc_level = levels
            .iter()
            .rposition(|l| l.flags.has(SdFlags::SHARE_PKG_RESOURCES));
        // capacity_orig (spec §2.3): 4.x with an SMT level: smt_gain / span weight.
        let capacity_orig: Vec<u16> = (0..n as Cpu)
            .map(|cpu| {
                let arch = topo.arch_capacity(cpu);
                match levels.first() {
                    Some(l) if is4 && l.kind == LevelKind::Smt => {
                        (l.smt_gain as usize / l.span_weight(cpu)) as u16
                    }
                    _ => arch,
                }
            })
            .collect();
        let max_cpu_capacity = capacity_orig.iter().copied().max().unwrap_or(1024);
        SchedDomains {
            version,
            levels,
            llc_level,
            asym_level,
            capacity_orig,
            max_cpu_capacity,
        }
    }

    /// The `sd_llc` level, if the machine has one.
    pub fn llc(&self) -> Option<&DomainLevel> {
        self.llc_level.map(|i| &self.levels[i])
    }

    /// Human-readable dump (tests, `wakelab describe`).
    pub fn describe(&self, cpu: Cpu) -> String {
        let mut out = String::new();
        for l in &self.levels {
            let groups: Vec<String> = l
                .groups_from(cpu)
                .map(|g| format!("{{{}}}", crate::cpumask::cpulist(g)))
                .collect();
            out.push_str(&format!(
                "{:?} span={:?} pct={} busy_factor={} flags={:?} groups={}\n",
                l.kind,
                l.span(cpu),
                l.imbalance_pct,
                l.busy_factor,
                l.flags,
                groups.join(" ")
            ));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::topology::{MachineShape, Numbering};
    use expect_test::expect;

    fn topo(sockets: u16, llcs: u16, cores: u16, smt: u8) -> Topology {
        Topology::new(&MachineShape::symmetric(sockets, llcs, cores, smt)).unwrap()
    }

    #[test]
    fn two_socket_smt_is_smt_mc_numa() {
        // spec §2.1: "SMT, MC, NUMA (DIE == MC is removed)"
        let sd = SchedDomains::build(
            &topo(2, 1, 4, 2),
            KernelVersion::V5_10,
            TopologyFlags::Mainline,
        );
        expect![[r#"
            Smt span=1,9 pct=110 busy_factor=16 flags=BALANCE_NEWIDLE|BALANCE_EXEC|BALANCE_FORK|WAKE_AFFINE|SHARE_CPUCAPACITY|SHARE_PKG_RESOURCES|PREFER_SIBLING groups={1} {9}
            Mc span=0-3,8-11 pct=117 busy_factor=16 flags=BALANCE_NEWIDLE|BALANCE_EXEC|BALANCE_FORK|WAKE_AFFINE|SHARE_PKG_RESOURCES|PREFER_SIBLING groups={1,9} {2,10} {3,11} {0,8}
            Numa span=0-15 pct=117 busy_factor=16 flags=BALANCE_NEWIDLE|BALANCE_EXEC|BALANCE_FORK|WAKE_AFFINE|SERIALIZE|OVERLAP|NUMA groups={0-3,8-11} {4-7,12-15}
        "#]]
        .assert_eq(&sd.describe(1));
        assert_eq!(sd.llc_level, Some(1));
    }

    #[test]
    fn four_x_defaults_and_smt_capacity_589() {
        let sd = SchedDomains::build(
            &topo(2, 1, 4, 2),
            KernelVersion::V4_15,
            TopologyFlags::Mainline,
        );
        assert_eq!(sd.levels[2].imbalance_pct, 125);
        assert_eq!(sd.levels[2].busy_factor, 32);
        assert!(sd.levels[0].flags.has(SdFlags::LOAD_BALANCE));
        assert!(!sd.levels[0].flags.has(SdFlags::BALANCE_WAKE));
        assert_eq!(sd.capacity_orig[0], 589);
        let sd5 = SchedDomains::build(
            &topo(2, 1, 4, 2),
            KernelVersion::V5_10,
            TopologyFlags::Mainline,
        );
        assert_eq!(sd5.capacity_orig[0], 1024);
    }

    #[test]
    fn no_smt_single_socket_is_mc_only() {
        let sd = SchedDomains::build(
            &topo(1, 1, 8, 1),
            KernelVersion::V4_16,
            TopologyFlags::Mainline,
        );
        assert_eq!(sd.levels.len(), 1);
        assert_eq!(sd.levels[0].kind, LevelKind::Mc);
        assert_eq!(sd.capacity_orig[3], 1024);
    }

    #[test]
    fn several_llcs_per_socket_keep_die() {
        let sd = SchedDomains::build(
            &topo(1, 2, 4, 1),
            KernelVersion::V5_10,
            TopologyFlags::Mainline,
        );
        let kinds: Vec<_> = sd.levels.iter().map(|l| l.kind).collect();
        assert_eq!(kinds, vec![LevelKind::Mc, LevelKind::Die]);
        // 6.8 renamed the level PKG; its parameters stay DIE's
        let pkg = SchedDomains::build(
            &topo(1, 2, 4, 1),
            KernelVersion::V6_18,
            TopologyFlags::Mainline,
        );
        assert_eq!(pkg.levels[1].kind, LevelKind::Pkg);
        assert_eq!(pkg.levels[1].flags, sd.levels[1].flags);
        assert_eq!(pkg.levels[1].imbalance_pct, sd.levels[1].imbalance_pct);
        assert_eq!(sd.levels[1].groups_from(5).count(), 2);
        assert_eq!(
            sd.levels[1].groups_from(5).next().unwrap().to_vec(),
            vec![4, 5, 6, 7]
        );
    }

    fn big_little(cluster_capacity: Vec<u16>, llcs: u16) -> Topology {
        Topology::new(&MachineShape {
            sockets: 1,
            nodes_per_socket: 1,
            llcs_per_socket: llcs,
            cores_per_llc: 8 / llcs,
            smt: 1,
            numbering: Numbering::Linear,
            cluster_capacity,
            numa_remote_distance: 21,
            numa_socket_distance: 11,
        })
        .unwrap()
    }

    #[test]
    fn android_eas_big_little_gets_asym_and_4x_balance_wake() {
        let t = big_little(vec![446, 1024], 2);
        let sd = SchedDomains::build(&t, KernelVersion::V4_16, TopologyFlags::AndroidEas);
        assert_eq!(sd.asym_level, Some(1));
        assert!(sd.levels[1].flags.has(SdFlags::ASYM_CPUCAPACITY));
        assert!(sd.levels[0].flags.has(SdFlags::BALANCE_WAKE));
        assert!(sd.levels[1].flags.has(SdFlags::BALANCE_WAKE));
        assert_eq!(sd.capacity_orig[0], 446);
        assert_eq!(sd.max_cpu_capacity, 1024);
        let sd5 = SchedDomains::build(&t, KernelVersion::V5_10, TopologyFlags::AndroidEas);
        assert_eq!(sd5.asym_level, Some(1));
        assert!(!sd5.levels[1].flags.has(SdFlags::BALANCE_WAKE));
    }

    #[test]
    fn mainline_4x_sets_no_asym_flag_and_5x_detects_it() {
        let t = big_little(vec![446, 1024], 2);
        for v in [KernelVersion::V4_15, KernelVersion::V4_16] {
            let sd = SchedDomains::build(&t, v, TopologyFlags::Mainline);
            assert_eq!(sd.asym_level, None, "{v}");
            assert!(
                sd.levels
                    .iter()
                    .all(|l| !l.flags.has(SdFlags::ASYM_CPUCAPACITY)
                        && !l.flags.has(SdFlags::BALANCE_WAKE))
            );
            // wake_cap still reads rd->max_cpu_capacity, which does not need the flag.
            assert_eq!(sd.max_cpu_capacity, 1024);
        }
        let sd = SchedDomains::build(&t, KernelVersion::V5_10, TopologyFlags::Mainline);
        assert_eq!(sd.asym_level, Some(1));
        assert!(!sd.levels[0].flags.has(SdFlags::BALANCE_WAKE));
        // Two sockets: 5.10 flags only the detected level, 5.15 every mixed level above too.
        let mut shape = t.shape.clone();
        shape.sockets = 2;
        let t2 = Topology::new(&shape).unwrap();
        let flagged = |v| {
            let sd = SchedDomains::build(&t2, v, TopologyFlags::Mainline);
            let f: Vec<bool> = sd
                .levels
                .iter()
                .map(|l| l.flags.has(SdFlags::ASYM_CPUCAPACITY))
                .collect();
            (sd.asym_level, f)
        };
        assert_eq!(
            flagged(KernelVersion::V5_10),
            (Some(1), vec![false, true, false])
        );
        assert_eq!(
            flagged(KernelVersion::V5_15),
            (Some(1), vec![false, true, true])
        );
        // Symmetric machines: no flag under either rule.
        let x = topo(1, 2, 4, 1);
        for f in TopologyFlags::ALL {
            assert_eq!(
                SchedDomains::build(&x, KernelVersion::V4_15, f).asym_level,
                None
            );
        }
    }

    #[test]
    fn asym_detection_is_the_level_where_every_cpu_sees_the_top_capacity() {
        // Three capacities in four clusters: the littles first see the bigs at DIE. Capacities
        // are per cluster and the same in every socket, so on every shape the model accepts
        // the detection and the Android/EAS rule pick the same level.
        let t = big_little(vec![446, 800, 800, 1024], 4);
        let sd = SchedDomains::build(&t, KernelVersion::V5_10, TopologyFlags::Mainline);
        assert_eq!(sd.levels[sd.asym_level.unwrap()].kind, LevelKind::Die);
        let eas = SchedDomains::build(&t, KernelVersion::V5_10, TopologyFlags::AndroidEas);
        assert_eq!(eas.asym_level, sd.asym_level);
    }

    /// 5.x sd_init (5.10.7 / 5.15.85 topology.c): `if ((sd->flags & SD_ASYM_CPUCAPACITY) &&
    /// sd->child) sd->child->flags &= ~SD_PREFER_SIBLING;`, then cpu_attach_domain passes a
    /// removed degenerate parent's SD_PREFER_SIBLING down to its child. 4.15.11 / 4.16.13
    /// sd_init has no such test: the child keeps the flag.
    #[test]
    fn asym_level_clears_prefer_sibling_on_its_child_from_5x() {
        let prefer = |t: &Topology, v, f| -> Vec<bool> {
            SchedDomains::build(t, v, f)
                .levels
                .iter()
                .map(|l| l.flags.has(SdFlags::PREFER_SIBLING))
                .collect()
        };
        let t = big_little(vec![446, 1024], 2);
        // MC, DIE (asym; NODE, equal to DIE, removed into it)
        for v in [KernelVersion::V4_15, KernelVersion::V4_16] {
            assert_eq!(
                prefer(&t, v, TopologyFlags::AndroidEas),
                vec![true, true],
                "{v}"
            );
        }
        for v in [
            KernelVersion::V5_10,
            KernelVersion::V5_11,
            KernelVersion::V5_15,
        ] {
            for f in TopologyFlags::ALL {
                assert_eq!(prefer(&t, v, f), vec![false, true], "{v} {f:?}");
            }
        }
        // Two sockets: MC, DIE, NUMA. 5.10 flags only DIE: MC loses the flag, DIE keeps it
        // (NODE's, passed down, is set as well). 5.15 also flags NODE and NUMA (every level
        // spanning both capacities): NODE's sd_init clears DIE's flag, NUMA's clears NODE's,
        // so removing NODE passes nothing down and DIE ends without it; NUMA never has it.
        let mut shape = t.shape.clone();
        shape.sockets = 2;
        let t2 = Topology::new(&shape).unwrap();
        let m = TopologyFlags::Mainline;
        assert_eq!(
            prefer(&t2, KernelVersion::V5_10, m),
            vec![false, true, false]
        );
        assert_eq!(
            prefer(&t2, KernelVersion::V5_15, m),
            vec![false, false, false]
        );
        assert_eq!(
            prefer(&t2, KernelVersion::V5_15, TopologyFlags::AndroidEas),
            vec![false, true, false]
        );
        assert_eq!(
            prefer(&t2, KernelVersion::V4_15, TopologyFlags::AndroidEas),
            vec![true, true, false]
        );
        // Symmetric machines: unchanged (every level but NUMA)
        let x = topo(2, 2, 4, 2);
        for v in [
            KernelVersion::V4_15,
            KernelVersion::V5_10,
            KernelVersion::V5_15,
        ] {
            let sd = SchedDomains::build(&x, v, m);
            for l in &sd.levels {
                assert_eq!(
                    l.flags.has(SdFlags::PREFER_SIBLING),
                    l.kind != LevelKind::Numa,
                    "{v}"
                );
            }
        }
    }
}
