//! The patch registry, the kernel configuration of a scenario ([`KernelConfig`]) and its
//! resolution into the flat [`Behaviour`] the placement hot path reads (spec §3-§8, §11).
//!
//! A baseline version *is* its behaviours; a patch toggle applies the patch's behaviour on top of
//! a baseline that does not already contain it. Every place in `placement/` where a patch changes
//! behaviour reads a `Behaviour` field with a comment naming the patch id, so
//! `grep -rn <patch-id> crates/wakelab-sim/src` shows the patch's whole footprint.

use serde::{Deserialize, Serialize};

use super::features::{FeatureOverrides, SchedFeature};
use super::topology_flags::TopologyFlags;
use super::{KernelError, KernelVersion};

/// Stable identifier of a toggleable patch (kebab-case in files and links).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PatchId {
    WakeAffineIdleParams,
    WakeAffineReturnCpu,
    PrevIdleNoMigrate,
    RecentUsedCpu,
    RtIrqSpareCapacity,
    IdleCandidate,
    IdleCandidateV1,
    RecentKeepPrev,
    RecentAffinityFix,
    RecentAsTarget,
    ClearTargetFromScan,
    AccountSearchCost,
    SelectIdleSmtPrev,
    IdleCoresClearTarget,
    VcpuPack,
    NextBuddyEevdf,
    RevertForceWakeupPreemption,
    WakeupPreemptDelayed,
    LagClampMaxSlice,
}

/// One entry of the registry (shown in the UI).
#[derive(Clone, Copy, Debug, Serialize)]
pub struct PatchInfo {
    pub id: PatchId,
    /// The kebab-case id as a string.
    pub key: &'static str,
    pub title: &'static str,
    pub author: &'static str,
    /// Version it landed in, or "not merged".
    pub landed: &'static str,
    /// One paragraph: what it changes and why.
    pub explanation: &'static str,
    /// Baselines it can be applied to (those that do not already contain it).
    pub applies_to: &'static [KernelVersion],
    /// Which decision points it touches.
    pub affects: &'static str,
    /// No functional change (decisions must be identical with and without it).
    pub nfc: bool,
}

use KernelVersion::*;

/// The registry, in presentation order.
pub const PATCHES: &[PatchInfo] = &[
    PatchInfo {
        id: PatchId::WakeAffineIdleParams,
        key: "wake-affine-idle-params",
        title: "sched/fair: Remove unnecessary parameters from wake_affine_idle()",
        author: "Mel Gorman",
        landed: "4.16",
        explanation: "wake_affine_idle() took the sched_domain and the task but used neither. The \
            patch trims its signature to (this_cpu, prev_cpu, sync) in preparation for the \
            restructure that follows. No functional change.",
        applies_to: &[V4_15],
        affects: "wake_affine_idle signature only",
        nfc: true,
    },
    PatchInfo {
        id: PatchId::WakeAffineReturnCpu,
        key: "wake-affine-return-cpu",
        title: "sched/fair: Restructure wake_affine*() to return a CPU id",
        author: "Mel Gorman",
        landed: "4.16",
        explanation: "wake_affine(), wake_affine_idle() and wake_affine_weight() returned a \
            boolean 'pull to the waker CPU'. They now return the CPU to use as the idle-search \
            target (this_cpu, or nr_cpumask_bits for 'no opinion' which wake_affine turns into \
            prev_cpu). Needed so the next patch can return prev_cpu. No functional change.",
        applies_to: &[V4_15],
        affects: "wake_affine return type",
        nfc: true,
    },
    PatchInfo {
        id: PatchId::PrevIdleNoMigrate,
        key: "prev-idle-no-migrate",
        title: "sched/fair: Do not migrate if the prev_cpu is idle",
        author: "Mel Gorman",
        landed: "4.16",
        explanation: "When the waker CPU is idle (an interrupt woke the task) and shares the LLC \
            with prev_cpu, wake_affine_idle() returned the waker CPU, so interrupt-driven \
            wake-ups dragged tasks to whichever CPU took the interrupt. If prev_cpu is idle too \
            the task now stays on prev_cpu (cache-hot, no migration); an idle waker CPU in \
            another LLC no longer wins by itself. Requires wake-affine-return-cpu.",
        applies_to: &[V4_15],
        affects: "wake_affine_idle",
        nfc: false,
    },
    PatchInfo {
        id: PatchId::RecentUsedCpu,
        key: "recent-used-cpu",
        title: "sched/fair: Use a recently used CPU as an idle candidate and the basis for SIS",
        author: "Mel Gorman",
        landed: "4.16",
        explanation: "Adds p->recent_used_cpu. A task performing an affine wake-up records the \
            CPU it runs on (current->recent_used_cpu = cpu); when that task is woken later, \
            select_idle_sibling() tries its recent CPU (if idle, allowed, cache-sharing with \
            the target and neither prev nor target) before scanning the LLC, and on a hit \
            records prev as the new recent CPU. Two communicating tasks then keep bouncing \
            between two CPUs instead of walking around the LLC, so their cores stay busy and \
            run at higher frequency.",
        applies_to: &[V4_15],
        affects: "select_idle_sibling (recent check), select_task_rq_fair (waker bookkeeping)",
        nfc: false,
    },
    PatchInfo {
        id: PatchId::RtIrqSpareCapacity,
        key: "rt-irq-spare-capacity",
        title: "sched/fair: Consider RT/IRQ pressure in capacity_spare_wake",
        author: "Joel Fernandes",
        landed: "4.16",
        explanation: "capacity_spare_wake() computed spare capacity from capacity_orig, ignoring \
            time taken by RT/DL tasks and interrupts, so the slow path (fork, exec, and wake-ups \
            on asymmetric systems) could pick a big CPU that was busy running RT work. It now \
            uses capacity_of() (RT/IRQ pressure removed) and clamps the result at 0.",
        applies_to: &[V4_15],
        affects: "find_idlest_group (slow path, 4.x)",
        nfc: false,
    },
    PatchInfo {
        id: PatchId::IdleCandidate,
        key: "idle-candidate",
        title: "sched/fair: Return an idle cpu if one is found after a failed search for an idle core (v2)",
        author: "Mel Gorman",
        landed: "not merged",
        explanation: "select_idle_core() walks the LLC core by core; when no fully idle core \
            exists it cleared has_idle_cores and returned nothing, after which select_idle_cpu() \
            scanned the same runqueues again. The patch remembers the first idle, allowed \
            hyperthread met before a core's first busy sibling and returns it, skipping the \
            second scan. Superseded in 5.12 by the merged core/cpu scan.",
        applies_to: &[V5_10, V5_11],
        affects: "select_idle_core",
        nfc: false,
    },
    PatchInfo {
        id: PatchId::IdleCandidateV1,
        key: "idle-candidate-v1",
        title: "sched/fair: Return an idle cpu if one is found after a failed search for an idle core (v1, buggy)",
        author: "Mel Gorman",
        landed: "not merged",
        explanation: "The first posting of idle-candidate. After a busy sibling it kept \
            examining the core's siblings until a candidate was found, and recorded the first \
            allowed sibling as candidate without testing that it was idle, so it could return a \
            busy CPU (acknowledged in review by Vincent Guittot; fixed in v2). Mutually \
            exclusive with idle-candidate.",
        applies_to: &[V5_10, V5_11],
        affects: "select_idle_core",
        nfc: false,
    },
    PatchInfo {
        id: PatchId::RecentKeepPrev,
        key: "recent-keep-prev",
        title: "sched/fair: Do not replace recent_used_cpu with the new target",
        author: "Mel Gorman",
        landed: "5.15 (89aafd67f28c)",
        explanation: "With the 4.16 bookkeeping, the waker overwrote its recent_used_cpu with the \
            CPU it ran on, which on the next wake-up usually equals prev, so the recent check \
            rarely helped. The patch sets p->recent_used_cpu = prev unconditionally in \
            select_idle_sibling() (before testing the old value) and drops the \
            current->recent_used_cpu write, raising the recent-CPU hit rate. As posted and \
            merged, the affinity test that follows still reads p->recent_used_cpu, which now \
            holds prev: the kernel tests prev's affinity instead of the candidate's, so a \
            disallowed recent CPU can be returned (select_task_rq's select_fallback_rq then \
            picks another) and an allowed one is refused when prev is disallowed. Fixed in 6.5 \
            by recent-affinity-fix.",
        applies_to: &[V4_15, V4_16, V5_10, V5_11, V5_12],
        affects: "select_idle_sibling (recent check), select_task_rq_fair (waker bookkeeping)",
        nfc: false,
    },
    PatchInfo {
        id: PatchId::RecentAffinityFix,
        key: "recent-affinity-fix",
        title: "sched/fair: Use recent_used_cpu to test p->cpus_ptr",
        author: "Miaohe Lin",
        landed: "6.5 (ae2ad293d6be), 6.4.y",
        explanation: "Fixes 89aafd67f28c (recent-keep-prev): after p->recent_used_cpu = prev, the \
            recent-CPU check tested cpumask_test_cpu(p->recent_used_cpu, p->cpus_ptr), i.e. \
            prev's affinity. The fix tests the candidate, recent_used_cpu, so a recent CPU is \
            returned only if the task may run there. Requires recent-keep-prev (part of 5.15).",
        applies_to: &[V4_15, V4_16, V5_10, V5_11, V5_12, V5_15],
        affects: "select_idle_sibling (recent check)",
        nfc: false,
    },
    PatchInfo {
        id: PatchId::RecentAsTarget,
        key: "recent-as-target",
        title: "recent_used_cpu as the search target (review sketch, Dec 2020)",
        author: "Mel Gorman",
        landed: "not merged",
        explanation: "Alternative sketched in review: instead of returning an idle \
            recent_used_cpu immediately, make it the target of the LLC search, so an idle core \
            is still preferred and the CPU scan starts at the recent CPU. Includes the \
            keep-prev bookkeeping. As in the sketch there is no allowed test on the recent CPU; \
            if the final fallback returns a disallowed CPU, select_task_rq's \
            select_fallback_rq picks another.",
        applies_to: &[V5_10, V5_11],
        affects: "select_idle_sibling (recent check, search target), select_task_rq_fair",
        nfc: false,
    },
    PatchInfo {
        id: PatchId::ClearTargetFromScan,
        key: "clear-target-from-scan",
        title: "sched/fair: Clear the target CPU from the cpumask of CPUs searched",
        author: "Mel Gorman",
        landed: "not merged (v1 06/10)",
        explanation: "select_idle_sibling() already found the target busy, so examining it again \
            at the start of select_idle_core()/select_idle_cpu() wastes one unit of the scan \
            budget. The patch removes target from the scanned mask. Mainline later started the \
            scan at target+1 instead (5.15).",
        applies_to: &[V5_10, V5_11],
        affects: "select_idle_core, select_idle_cpu",
        nfc: false,
    },
    PatchInfo {
        id: PatchId::AccountSearchCost,
        key: "account-search-cost",
        title: "sched/fair: Account for the idle cpu/smt search cost",
        author: "Mel Gorman",
        landed: "not merged (v1 07/10)",
        explanation: "avg_scan_cost was only updated when select_idle_cpu() found a CPU or walked \
            the whole mask, so failed limited scans never raised the cost. The patch computes \
            the depth once in select_idle_sibling() and updates avg_scan_cost after \
            select_idle_cpu() and select_idle_smt() whatever their outcome.",
        applies_to: &[V5_10, V5_11],
        affects: "select_idle_sibling, select_idle_cpu (avg_scan_cost)",
        nfc: false,
    },
    PatchInfo {
        id: PatchId::SelectIdleSmtPrev,
        key: "select-idle-smt-prev",
        title: "sched/fair: Bring back select_idle_smt(), but differently",
        author: "Rik van Riel",
        landed: "5.13 (c722f35b513f), 5.12.y",
        explanation: "Vanilla 5.12 dropped select_idle_smt(). When no idle core is known and prev \
            shares the LLC with target, the task's previous core is checked for an idle sibling \
            before the LLC scan, which keeps tasks on a warm core.",
        applies_to: &[V5_12],
        affects: "select_idle_sibling",
        nfc: false,
    },
    PatchInfo {
        id: PatchId::IdleCoresClearTarget,
        key: "idle-cores-clear-target",
        title: "sched/fair: Fix clearing of has_idle_cores flag in select_idle_cpu()",
        author: "Gautham R. Shenoy",
        landed: "5.13 (02dbb7246c5b), 5.12.y",
        explanation: "Vanilla 5.12 cleared has_idle_cores of the waker's LLC after a failed \
            idle-core scan of the target's LLC; when they differ, the wrong flag is cleared. The \
            fix clears the target's flag.",
        applies_to: &[V5_12],
        affects: "select_idle_cpu (has_idle_cores)",
        nfc: false,
    },
    PatchInfo {
        id: PatchId::VcpuPack,
        key: "vcpu-pack",
        title: "vCPU packing in select_task_rq_fair (the recording host's 6.18.44-fc build, sched_vcpu_pack=15)",
        author: "unknown: read from the host kernel's machine code",
        landed: "not in mainline",
        explanation: "The kernel our recordings ran on packs wake-ups before mainline's \
            placement runs: a task woken by an interrupt on an idle CPU runs there; a sync \
            wake-up stays on the waker's CPU, and any other wake-up goes to its busy previous \
            CPU, the waker's CPU or the first busy CPU, if that CPU has room: only fair tasks, \
            at most one runnable, no queued remote wake-up, and its utilisation with the task's \
            below 70% of its capacity. Fork and exec stay on the parent's CPU under the same \
            test. Decoded from the live kernel text (recordings/host-kernel/README.md); the \
            validation experiments that stand for that host turn it on.",
        applies_to: &[V6_18],
        affects: "select_task_rq_fair (before record_wakee and the domain walk)",
        nfc: false,
    },
    PatchInfo {
        id: PatchId::NextBuddyEevdf,
        key: "next-buddy-eevdf",
        title: "sched/fair: Reimplement NEXT_BUDDY to align with EEVDF goals",
        author: "Mel Gorman",
        landed: "6.19 (e837456fdca8); 6.18.y stable 7ce7a08cde16",
        explanation: "Reworks the wake-up preemption check around an explicit action. With the \
            NEXT_BUDDY feature off (6.18's default, and 6.19's after 'Disable scheduler feature \
            NEXT_BUDDY'), what changes: a forked child's wake-up (WF_FORK) and a still-delayed \
            wakee's never preempt, and a waker that is no longer eligible is rescheduled at \
            once (in task context) before the EEVDF pick is consulted; that last rule was \
            reverted before 6.19 (revert-force-wakeup-preemption). The NEXT_BUDDY path itself \
            (the wakee as cfs_rq->next, WF_SYNC preemption after sysctl_sched_migration_cost) \
            is not modelled: the feature is off. The recording host's 6.18.44 build contains it \
            (recordings/host-kernel/README.md).",
        applies_to: &[V6_18],
        affects: "check_preempt_wakeup_fair",
        nfc: false,
    },
    PatchInfo {
        id: PatchId::RevertForceWakeupPreemption,
        key: "revert-force-wakeup-preemption",
        title: "sched/fair: Revert force wakeup preemption",
        author: "Vincent Guittot",
        landed: "6.19 (15257cc2f905); 6.18.y stable",
        explanation: "Removes next-buddy-eevdf's 'reschedule if the waker is no longer \
            eligible': a running task becomes ineligible soon after it starts running (its \
            vruntime is updated before it uses its slice or a minimum quantum), so the rule \
            preempted far more often without the wakee being sure to run next.",
        applies_to: &[V6_18],
        affects: "check_preempt_wakeup_fair",
        nfc: false,
    },
    PatchInfo {
        id: PatchId::WakeupPreemptDelayed,
        key: "wakeup-preempt-delayed",
        title: "sched/fair: Fix wakeup_preempt_fair() vs delayed dequeue",
        author: "Vincent Guittot",
        landed: "upstream ac8e69e69363 (2026); 6.18.y stable 63273472430e",
        explanation: "6.18's wake-up preemption check asked __pick_eevdf() whether the wakee had \
            become the pick, and a delayed (sleeping, DELAY_DEQUEUE) entity it returned simply \
            meant 'no preemption'. The fix makes the check pick as pick_next_entity() does: a \
            delayed entity the pick returns is eligible, so past its 0-lag point, and is \
            dequeued, and the pick is made again. A task that wakes the next task of a chain \
            while the previous sleeper still sits delayed on its runqueue is then preempted by \
            its wakee. The recording host's 6.18.44 build contains it (its \
            check_preempt_wakeup_fair calls dequeue_entities in the pick loop: \
            recordings/host-kernel/README.md); the validation experiments that stand for that \
            host turn it on, with next-buddy-eevdf and revert-force-wakeup-preemption.",
        applies_to: &[V6_18],
        affects: "check_preempt_wakeup_fair (the pick of a wake-up preemption)",
        nfc: false,
    },
    PatchInfo {
        id: PatchId::LagClampMaxSlice,
        key: "lag-clamp-max-slice",
        title: "sched/fair: Increase max lag clamping",
        author: "Peter Zijlstra (posted by Vincent Guittot)",
        landed: "not in 6.18.2 (posted 13 June 2025, 2/4 of 'Manage lag and run to parity \
            with different slices'; merged with the same code as 6e3c0a4e1ad1 'sched/fair: Fix \
            lag clamp', which 6.18.y carries); in the recording host's 6.18.44 build",
        explanation: "update_entity_lag() clamps the lag a task leaves the runqueue with. 6.18.2 \
            clamps it to twice the task's own slice, at least a tick: max(2 * slice, TICK_NSEC) \
            of virtual time. The patch clamps it to the longest slice on the runqueue plus a \
            tick instead (cfs_rq_max_slice() + TICK_NSEC, max_slice kept in the rbtree's \
            augmented data), so that a task with a long custom slice cannot make the others \
            lose the positive lag they earned while it ran to parity. In the model every task \
            has the base slice, so the limit becomes slice + tick: larger than 6.18.2's when \
            the slice is shorter than a tick (always at HZ=250, where the base slice is at most \
            3 ms), smaller when it is longer. The recording host's kernel has it (its update_entity_lag, read from the \
            live kernel text: recordings/host-kernel/README.md, 'The lag clamp').",
        applies_to: &[V6_18],
        affects: "update_entity_lag (the lag kept across a sleep or a migration)",
        nfc: false,
    },
];

impl PatchId {
    pub const ALL: [PatchId; 19] = [
        PatchId::WakeAffineIdleParams,
        PatchId::WakeAffineReturnCpu,
        PatchId::PrevIdleNoMigrate,
        PatchId::RecentUsedCpu,
        PatchId::RtIrqSpareCapacity,
        PatchId::IdleCandidate,
        PatchId::IdleCandidateV1,
        PatchId::RecentKeepPrev,
        PatchId::RecentAffinityFix,
        PatchId::RecentAsTarget,
        PatchId::ClearTargetFromScan,
        PatchId::AccountSearchCost,
        PatchId::SelectIdleSmtPrev,
        PatchId::IdleCoresClearTarget,
        PatchId::VcpuPack,
        PatchId::NextBuddyEevdf,
        PatchId::RevertForceWakeupPreemption,
        PatchId::WakeupPreemptDelayed,
        PatchId::LagClampMaxSlice,
    ];

    /// The patches this one is posted on top of: on a version a listed patch applies to (it is
    /// not yet merged there), it must be enabled too (`KernelConfig::validate`). Direct
    /// dependencies only; [`PatchId::requires_all`] follows them.
    pub fn requires(self) -> &'static [PatchId] {
        match self {
            // Mel's series 1: "Do not migrate if the prev CPU is idle" sits on "Restructure
            // wake_affine*() to return a CPU id"
            PatchId::PrevIdleNoMigrate => &[PatchId::WakeAffineReturnCpu],
            // "Use prev instead of new target as recent_used_cpu" edits the recent_used_cpu
            // block that series 1 added
            PatchId::RecentKeepPrev => &[PatchId::RecentUsedCpu],
            // the fix changes a line that recent-keep-prev brings (5.15 contains it)
            PatchId::RecentAffinityFix => &[PatchId::RecentKeepPrev],
            // both change check_preempt_wakeup_fair as next-buddy-eevdf left it
            PatchId::RevertForceWakeupPreemption | PatchId::WakeupPreemptDelayed => {
                &[PatchId::NextBuddyEevdf]
            }
            _ => &[],
        }
    }

    /// [`PatchId::requires`], followed transitively, each patch once, dependencies first.
    pub fn requires_all(self) -> Vec<PatchId> {
        let mut out = Vec::new();
        for &d in self.requires() {
            for dd in d.requires_all().into_iter().chain([d]) {
                if !out.contains(&dd) {
                    out.push(dd);
                }
            }
        }
        out
    }

    pub fn info(self) -> &'static PatchInfo {
        PATCHES
            .iter()
            .find(|p| p.id == self)
            .expect("registry covers every id")
    }

    pub fn key(self) -> &'static str {
        self.info().key
    }

    pub fn parse(s: &str) -> Option<PatchId> {
        PATCHES.iter().find(|p| p.key == s).map(|p| p.id)
    }

    fn bit(self) -> u32 {
        1 << (self as u32)
    }
}

/// A set of enabled patch toggles. Serialised as a sorted list of ids.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PatchSet(u32);

impl PatchSet {
    pub const EMPTY: PatchSet = PatchSet(0);

    pub fn of(ids: &[PatchId]) -> PatchSet {
        let mut s = PatchSet::EMPTY;
        for &id in ids {
            s.insert(id);
        }
        s
    }
    #[inline]
    pub fn contains(self, id: PatchId) -> bool {
        self.0 & id.bit() != 0
    }
    pub fn insert(&mut self, id: PatchId) {
        self.0 |= id.bit();
    }
    pub fn remove(&mut self, id: PatchId) {
        self.0 &= !id.bit();
    }
    pub fn is_empty(&self) -> bool {
        self.0 == 0
    }
    pub fn iter(self) -> impl Iterator<Item = PatchId> {
        PatchId::ALL.into_iter().filter(move |&p| self.contains(p))
    }
}

impl Serialize for PatchSet {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for PatchSet {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let ids = Vec::<String>::deserialize(d)?;
        let mut s = PatchSet::EMPTY;
        for id in ids {
            match PatchId::parse(&id) {
                Some(p) => s.insert(p),
                None => {
                    let known: Vec<&str> = PATCHES.iter().map(|p| p.key).collect();
                    return Err(serde::de::Error::custom(format!(
                        "unknown patch {id:?} (known: {})",
                        known.join(", ")
                    )));
                }
            }
        }
        Ok(s)
    }
}

/// The kernel a scenario runs: a baseline version, patch toggles on top, and feature overrides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KernelConfig {
    pub version: KernelVersion,
    #[serde(default, skip_serializing_if = "PatchSet::is_empty")]
    pub patches: PatchSet,
    #[serde(default, skip_serializing_if = "is_default_features")]
    pub features: FeatureOverrides,
    /// Where SD_ASYM_CPUCAPACITY comes from on mixed-capacity machines (default: mainline).
    #[serde(default, skip_serializing_if = "TopologyFlags::is_mainline")]
    pub topology_flags: TopologyFlags,
}

fn is_default_features(f: &FeatureOverrides) -> bool {
    *f == FeatureOverrides::default()
}

impl KernelConfig {
    pub fn baseline(version: KernelVersion) -> KernelConfig {
        KernelConfig {
            version,
            patches: PatchSet::EMPTY,
            features: FeatureOverrides::default(),
            topology_flags: TopologyFlags::Mainline,
        }
    }

    pub fn with(mut self, p: PatchId) -> KernelConfig {
        self.patches.insert(p);
        self
    }

    /// The same kernel with another source of the asymmetric-capacity domain flag.
    pub fn with_topology_flags(mut self, t: TopologyFlags) -> KernelConfig {
        self.topology_flags = t;
        self
    }

    /// Check applicability, dependencies, exclusions and feature overrides.
    pub fn validate(&self) -> Result<(), KernelError> {
        let v = self.version;
        for p in self.patches.iter() {
            let info = p.info();
            if !info.applies_to.contains(&v) {
                let list: Vec<&str> = info.applies_to.iter().map(|v| v.name()).collect();
                return Err(KernelError::NotApplicable {
                    patch: info.key,
                    version: v,
                    applies_to: list.join(", "),
                });
            }
        }
        let has = |p| self.patches.contains(p);
        for p in self.patches.iter() {
            for &dep in p.requires() {
                if dep.info().applies_to.contains(&v) && !has(dep) {
                    return Err(KernelError::Requires {
                        patch: p.key(),
                        version: v,
                        requires: dep.key(),
                    });
                }
            }
        }
        if has(PatchId::IdleCandidate) && has(PatchId::IdleCandidateV1) {
            return Err(KernelError::Exclusive(
                "\"idle-candidate\" and \"idle-candidate-v1\" are two versions of one patch",
            ));
        }
        if has(PatchId::RecentAsTarget) && has(PatchId::RecentAffinityFix) {
            return Err(KernelError::Exclusive(
                "\"recent-as-target\" has no affinity test on the recent CPU for \
                 \"recent-affinity-fix\" to fix",
            ));
        }
        if has(PatchId::RecentAsTarget) && has(PatchId::RecentKeepPrev) {
            return Err(KernelError::Exclusive(
                "\"recent-as-target\" already contains the recent-keep-prev bookkeeping",
            ));
        }
        self.features.validate(v)
    }

    /// Validate and resolve into the flat [`Behaviour`] the hot path reads.
    pub fn resolve(&self) -> Result<Behaviour, KernelError> {
        self.validate()?;
        Ok(Behaviour::resolve_unchecked(self))
    }
}

/// Which idle predicate the fast path uses (§5: IDLE(c)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum IdleTest {
    /// 4.15/4.16: `idle_cpu(c)`.
    IdleCpu,
    /// ≥5.10: `available_idle_cpu(c) || sched_idle_cpu(c)`.
    AvailableOrSchedIdle,
}

/// Shape of select_idle_sibling after the cheap checks (§5.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum SisShape {
    /// select_idle_core, select_idle_cpu, select_idle_smt(target) (4.15 … 5.11).
    Classic,
    /// 5.12+: merged select_idle_cpu (core mode inside), optional select_idle_smt(prev).
    Merged,
}

/// Variant of the per-core idle test of the classic select_idle_core (§6.2-§6.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum IdleCoreScan {
    /// 4.15/4.16: every sibling examined, no early break.
    NoBreak,
    /// 5.10/5.11: break at the first busy sibling.
    EarlyBreak,
    /// idle-candidate (v2): early break + remember first idle allowed sibling.
    CandidateV2,
    /// idle-candidate-v1: the buggy first posting.
    CandidateV1,
}

/// Slow-path model (§8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum SlowPath {
    /// 4.15/4.16 runnable/avg/spare find_idlest_group (§8.3).
    V4,
    /// 5.10+ group_type classification (§8.5).
    V5,
}

/// The NUMA has_spare rule of the 5.x find_idlest_group (§8.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum NumaSpareRule {
    /// 5.10: stay if the local group has an idle CPU.
    LocalIdle,
    /// 5.11/5.12: stay if local sum_nr_running < span_weight/4.
    QuarterSpan,
    /// 5.15: stay if local sum_nr_running + 1 < group_weight/4.
    QuarterGroupPlusOne,
}

/// Kernel behaviour resolved once from (version, patches, features). Plain data: the hot path
/// only reads these fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Behaviour {
    pub version: KernelVersion,
    // ---- sched features (§4, §7.1)
    pub wa_idle: bool,
    pub wa_weight: bool,
    pub wa_bias: bool,
    pub sis_prop: bool,
    pub sis_avg_cpu: bool,
    pub sis_util: bool,
    /// EEVDF fair class (6.18, engine/sim/eevdf.rs) and its features; all false before 6.18.
    pub eevdf: bool,
    pub place_lag: bool,
    pub place_deadline_initial: bool,
    pub run_to_parity: bool,
    pub delay_dequeue: bool,
    pub delay_zero: bool,

    // ---- select_task_rq_fair (§3)
    /// 4.x: the domain walk stops at a level without SD_LOAD_BALANCE.
    pub walk_tests_load_balance: bool,
    /// 4.x: wake_cap() for asymmetric capacity (§3.2).
    pub wake_cap: bool,
    /// ≥4.17: sync is ignored when the waker is exiting (§4.6).
    pub sync_ignores_exiting: bool,
    /// The waker records `current.recent_used_cpu = cpu` after an affine fast-path wake-up
    /// (recent-used-cpu adds it; recent-keep-prev / recent-as-target remove it).
    pub waker_sets_recent_used_cpu: bool,

    // ---- wake_affine (§4)
    /// wake-affine-idle-params: wake_affine_idle takes (this_cpu, prev_cpu, sync) only.
    pub wa_idle_trimmed_params: bool,
    /// wake-affine-return-cpu: wake_affine* return CPU ids instead of booleans.
    pub wake_affine_returns_cpu: bool,
    /// prev-idle-no-migrate: an idle waker CPU wins only if it shares the LLC with prev, and then
    /// yields to an idle prev.
    pub wa_idle_prefers_idle_prev: bool,
    /// 5.11 (d8fcb81f1acf): wake_affine_idle returns an idle prev even across LLCs (rule 3).
    pub wa_idle_prev_idle_any_llc: bool,
    /// ≥4.17: strict `<` with sync +1 in wake_affine_weight (4.x: `<=`).
    pub wa_weight_strict: bool,
    /// 5.x: wake_affine_weight uses cpu_load (incl. blocked); 4.x runnable_load_avg.
    pub wa_weight_uses_cpu_load: bool,

    // ---- select_idle_sibling (§5)
    pub idle_test: IdleTest,
    /// 5.x: asym-capacity FITS tests and select_idle_capacity (§5.3, §7.8).
    pub asym_fits: bool,
    /// 5.10: per-CPU kthread stacking (§5.3 step 3).
    pub kthread_stacking: bool,
    /// 5.15: kthread stacking also requires in_task() and FITS(prev).
    pub kthread_stacking_in_task: bool,
    /// recent-used-cpu: the recent_used_cpu check in select_idle_sibling.
    pub recent_used_cpu: bool,
    /// recent-keep-prev: `p.recent_used_cpu = prev` unconditionally before the test.
    pub recent_keep_prev: bool,
    /// recent-affinity-fix: the recent check tests the candidate's affinity. Without it the
    /// check reads `p->recent_used_cpu` (prev once recent-keep-prev has written it).
    pub recent_affinity_fix: bool,
    /// recent-as-target: an idle recent CPU becomes the search target.
    pub recent_as_target: bool,
    pub sis_shape: SisShape,
    pub idle_core_scan: IdleCoreScan,
    /// 5.10: select_idle_smt also skips siblings outside span(sd), accepts sched_idle.
    pub smt_checks_span: bool,
    /// 6.18: select_idle_smt skips `target` itself (`if (cpu == target) continue;`).
    pub smt_skips_target: bool,
    /// select-idle-smt-prev (5.12.y/5.13+): select_idle_smt(prev) when no idle core.
    pub select_idle_smt_prev: bool,
    /// 5.12 vanilla: the merged scan clears has_idle_cores of the WAKER's LLC (bug).
    pub clear_idle_cores_on_waker: bool,

    // ---- select_idle_cpu (§7)
    /// 4.x: disallowed CPUs are in the scan mask and consume budget.
    pub scan_disallowed_consume_budget: bool,
    /// 5.15: scan starts at target + 1.
    pub scan_from_target_plus_one: bool,
    /// 5.12+: avg_idle/avg_cost reads and the cost update only under SIS_PROP.
    pub scan_cost_under_sis_prop: bool,
    /// 5.14+: wake_avg_idle (aged, no /512) instead of avg_idle/512.
    pub aged_avg_idle: bool,
    /// clear-target-from-scan.
    pub clear_target_from_scan: bool,
    /// account-search-cost.
    pub account_search_cost: bool,
    /// Schedstats use the Jul-2021 forward port's increment points (5.12+, §11.3).
    pub schedstat_forward_port: bool,

    // ---- slow path (§8)
    pub slow_path: SlowPath,
    /// rt-irq-spare-capacity: capacity_spare_wake uses capacity_of and clamps at 0.
    pub spare_uses_capacity_of: bool,
    /// 4.15: find_idlest_group_cpu prefers this_cpu on a load tie.
    pub idlest_cpu_tie_prefers_this: bool,
    pub numa_spare_rule: NumaSpareRule,

    // ---- the recording host's build (not mainline)
    /// vcpu-pack: `sched_vcpu_pack=15`'s four packing rules in select_task_rq_fair.
    pub vcpu_pack: bool,

    // ---- later changes of the wake-up preemption check (6.18.y stable)
    /// next-buddy-eevdf: no preemption on WF_FORK or by a delayed wakee; an ineligible waker
    /// is rescheduled (NEXT_BUDDY off).
    pub next_buddy_eevdf: bool,
    /// revert-force-wakeup-preemption: without next-buddy-eevdf's ineligible-waker rule.
    pub revert_force_wakeup_preemption: bool,
    /// wakeup-preempt-delayed: the wake-up preemption check dequeues a delayed entity its pick
    /// returns and picks again (`pick_next_entity` in check_preempt_wakeup_fair).
    pub wakeup_preempt_dequeues_delayed: bool,

    // ---- later changes of the lag (the recording host's build)
    /// lag-clamp-max-slice: update_entity_lag clamps to cfs_rq_max_slice() + TICK_NSEC
    /// instead of max(2 * se->slice, TICK_NSEC).
    pub lag_clamp_max_slice: bool,
}

impl Behaviour {
    /// Behaviour of an unpatched baseline with default features.
    pub fn baseline(v: KernelVersion) -> Behaviour {
        Behaviour::resolve_unchecked(&KernelConfig::baseline(v))
    }

    fn resolve_unchecked(cfg: &KernelConfig) -> Behaviour {
        let v = cfg.version;
        let f = |x| cfg.features.effective(x, v);
        let p = |x| cfg.patches.contains(x);
        let is4 = v.is_4x();
        let ge = |x: KernelVersion| v >= x;
        // recent_used_cpu exists from 4.16, or on 4.15 with the patch.
        let recent_used_cpu = ge(V4_16) || p(PatchId::RecentUsedCpu);
        let recent_as_target = p(PatchId::RecentAsTarget);
        let recent_keep_prev = ge(V5_15) || p(PatchId::RecentKeepPrev) || recent_as_target;
        let idle_core_scan = if p(PatchId::IdleCandidate) {
            IdleCoreScan::CandidateV2
        } else if p(PatchId::IdleCandidateV1) {
            IdleCoreScan::CandidateV1
        } else if is4 {
            IdleCoreScan::NoBreak
        } else {
            IdleCoreScan::EarlyBreak
        };
        Behaviour {
            version: v,
            wa_idle: f(SchedFeature::WaIdle),
            wa_weight: f(SchedFeature::WaWeight),
            wa_bias: f(SchedFeature::WaBias),
            sis_prop: f(SchedFeature::SisProp),
            sis_avg_cpu: f(SchedFeature::SisAvgCpu),
            sis_util: f(SchedFeature::SisUtil),
            eevdf: v.is_eevdf(),
            place_lag: f(SchedFeature::PlaceLag),
            place_deadline_initial: f(SchedFeature::PlaceDeadlineInitial),
            run_to_parity: f(SchedFeature::RunToParity),
            delay_dequeue: f(SchedFeature::DelayDequeue),
            delay_zero: f(SchedFeature::DelayZero),
            walk_tests_load_balance: is4,
            wake_cap: is4,
            sync_ignores_exiting: !is4,
            waker_sets_recent_used_cpu: recent_used_cpu && !recent_keep_prev,
            wa_idle_trimmed_params: ge(V4_16) || p(PatchId::WakeAffineIdleParams),
            wake_affine_returns_cpu: ge(V4_16) || p(PatchId::WakeAffineReturnCpu),
            wa_idle_prefers_idle_prev: ge(V4_16) || p(PatchId::PrevIdleNoMigrate),
            wa_idle_prev_idle_any_llc: ge(V5_11),
            wa_weight_strict: !is4,
            wa_weight_uses_cpu_load: !is4,
            idle_test: if is4 {
                IdleTest::IdleCpu
            } else {
                IdleTest::AvailableOrSchedIdle
            },
            asym_fits: !is4,
            kthread_stacking: !is4,
            kthread_stacking_in_task: ge(V5_15),
            recent_used_cpu,
            recent_keep_prev,
            // merged in 6.5 (ae2ad293d6be): 6.18's select_idle_sibling tests p->cpus_ptr
            recent_affinity_fix: ge(V6_18) || p(PatchId::RecentAffinityFix),
            recent_as_target,
            sis_shape: if ge(V5_12) {
                SisShape::Merged
            } else {
                SisShape::Classic
            },
            idle_core_scan,
            smt_checks_span: !is4,
            smt_skips_target: ge(V6_18),
            select_idle_smt_prev: ge(V5_15) || p(PatchId::SelectIdleSmtPrev),
            clear_idle_cores_on_waker: v == V5_12 && !p(PatchId::IdleCoresClearTarget),
            scan_disallowed_consume_budget: is4,
            scan_from_target_plus_one: ge(V5_15),
            scan_cost_under_sis_prop: ge(V5_12),
            aged_avg_idle: ge(V5_15),
            clear_target_from_scan: p(PatchId::ClearTargetFromScan),
            account_search_cost: p(PatchId::AccountSearchCost),
            schedstat_forward_port: ge(V5_12),
            slow_path: if is4 { SlowPath::V4 } else { SlowPath::V5 },
            spare_uses_capacity_of: ge(V4_16) || p(PatchId::RtIrqSpareCapacity),
            idlest_cpu_tie_prefers_this: v == V4_15,
            numa_spare_rule: match v {
                V5_11 | V5_12 => NumaSpareRule::QuarterSpan,
                V5_15 | V6_18 => NumaSpareRule::QuarterGroupPlusOne,
                _ => NumaSpareRule::LocalIdle,
            },
            vcpu_pack: p(PatchId::VcpuPack),
            next_buddy_eevdf: p(PatchId::NextBuddyEevdf),
            revert_force_wakeup_preemption: p(PatchId::RevertForceWakeupPreemption),
            wakeup_preempt_dequeues_delayed: p(PatchId::WakeupPreemptDelayed),
            lag_clamp_max_slice: p(PatchId::LagClampMaxSlice),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registry_is_complete_and_keys_round_trip() {
        for id in PatchId::ALL {
            let info = id.info();
            assert_eq!(PatchId::parse(info.key), Some(id));
            let json = serde_json::to_string(&id).unwrap();
            assert_eq!(json, format!("\"{}\"", info.key));
            assert!(!info.applies_to.is_empty());
        }
        assert_eq!(PATCHES.len(), PatchId::ALL.len());
    }

    #[test]
    fn validation_messages() {
        let c = KernelConfig::baseline(V4_16).with(PatchId::RecentUsedCpu);
        assert!(
            c.validate()
                .unwrap_err()
                .to_string()
                .contains("cannot be applied to 4.16")
        );
        let c = KernelConfig::baseline(V5_10)
            .with(PatchId::IdleCandidate)
            .with(PatchId::IdleCandidateV1);
        assert!(
            c.validate()
                .unwrap_err()
                .to_string()
                .contains("at most one")
        );
        let c = KernelConfig::baseline(V4_15).with(PatchId::PrevIdleNoMigrate);
        assert!(c.validate().unwrap_err().to_string().contains("requires"));
        // the requirement table, per version: a patch alone is refused exactly where a patch it
        // needs applies (is not merged yet), and valid with those added
        for v in KernelVersion::ALL {
            for p in PatchId::ALL {
                if !p.info().applies_to.contains(&v) {
                    continue;
                }
                let needed: Vec<PatchId> = p
                    .requires_all()
                    .into_iter()
                    .filter(|d| d.info().applies_to.contains(&v))
                    .collect();
                let alone = KernelConfig::baseline(v).with(p).validate();
                assert_eq!(alone.is_err(), !needed.is_empty(), "{p:?} on {v:?}");
                let full = needed
                    .iter()
                    .fold(KernelConfig::baseline(v).with(p), |k, &d| k.with(d));
                assert_eq!(full.validate(), Ok(()), "{p:?} on {v:?}");
            }
        }
        assert_eq!(
            PatchId::RecentAffinityFix.requires_all(),
            [PatchId::RecentUsedCpu, PatchId::RecentKeepPrev]
        );
        let e = KernelConfig::baseline(V5_12)
            .with(PatchId::RecentAffinityFix)
            .validate()
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "kernel.patches: \"recent-affinity-fix\" on 5.12 requires \"recent-keep-prev\" (it \
             is posted on top of that patch, which 5.12 does not contain)"
        );
        let mut c = KernelConfig::baseline(V5_10);
        c.features.sis_util = Some(true);
        assert!(c.validate().unwrap_err().to_string().contains("SIS_UTIL"));
        let mut c = KernelConfig::baseline(V5_12);
        c.features.sis_avg_cpu = Some(false);
        assert!(
            c.validate()
                .unwrap_err()
                .to_string()
                .contains("does not exist in 5.12")
        );
        let c: Result<KernelConfig, _> =
            serde_json::from_str(r#"{"version":"5.10","patches":["nope"]}"#);
        assert!(c.unwrap_err().to_string().contains("unknown patch"));
        let c: Result<KernelConfig, _> = serde_json::from_str(r#"{"version":"5.10","x":1}"#);
        assert!(c.is_err());
    }

    #[test]
    fn series_one_on_4_15_equals_4_16_except_non_patch_changes() {
        let patched = KernelConfig::baseline(V4_15)
            .with(PatchId::WakeAffineIdleParams)
            .with(PatchId::WakeAffineReturnCpu)
            .with(PatchId::PrevIdleNoMigrate)
            .with(PatchId::RecentUsedCpu)
            .with(PatchId::RtIrqSpareCapacity)
            .resolve()
            .unwrap();
        let mut b416 = Behaviour::baseline(V4_16);
        // Differences between 4.15 and 4.16 that are not in the patch list (§8.4):
        assert!(!b416.idlest_cpu_tie_prefers_this);
        b416.idlest_cpu_tie_prefers_this = true;
        b416.version = V4_15;
        assert_eq!(patched, b416);
    }

    #[test]
    fn keep_prev_on_5_12_equals_5_15_bookkeeping() {
        let b = KernelConfig::baseline(V5_12)
            .with(PatchId::RecentKeepPrev)
            .resolve()
            .unwrap();
        let b15 = Behaviour::baseline(V5_15);
        assert_eq!(b.recent_keep_prev, b15.recent_keep_prev);
        assert_eq!(b.waker_sets_recent_used_cpu, b15.waker_sets_recent_used_cpu);
    }

    #[test]
    fn feature_defaults() {
        assert!(Behaviour::baseline(V5_10).sis_prop);
        assert!(!Behaviour::baseline(V5_15).sis_prop);
        assert!(Behaviour::baseline(V5_15).sis_util);
        let mut c = KernelConfig::baseline(V5_15);
        c.features.sis_prop = Some(true);
        c.features.sis_util = Some(false);
        let b = c.resolve().unwrap();
        assert!(b.sis_prop && !b.sis_util);
    }
}
