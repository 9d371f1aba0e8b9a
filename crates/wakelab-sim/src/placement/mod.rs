//! Wake-up and fork/exec placement: `select_task_rq_fair` and everything under it (spec §3-§8, §11).
//!
//! The functions in `fair` mirror `kernel/sched/fair.c` (names and order of checks) per kernel
//! version; what differs between versions and patches is read from a resolved
//! [`Behaviour`]. The engine implements [`SchedView`] (read-only
//! scheduler state), owns a [`PlacementState`] (the mutable placement state the kernel keeps in
//! sched-domain objects and schedstats) and calls [`select_task_rq`] on every wake-up, fork and
//! exec. `Snapshot` ([`snapshot`]) is a pure-JSON `SchedView` for `wakelab decide`.
//!
//! Hot-path rules: no allocation, no hashing, generic over `SchedView` and [`Explain`].

pub mod explain;
pub(crate) mod fair;
pub(crate) mod frozen;
pub mod snapshot;
pub(crate) mod stats;

use serde::{Deserialize, Serialize};

use crate::cpumask::{Cpu, CpuMask};
use crate::topology::{SchedDomains, Topology};

pub use crate::kernel::Behaviour;
pub use explain::{Event, Explain, Func, NoExplain, Recorder, Verdict};
pub use fair::{select_task_rq, select_task_rq_fair, update_idle_core, update_idle_cpu_scan};
pub use snapshot::{DecideOutput, Snapshot, SnapshotError, decide_json, render_text};
pub use stats::SisStats;

/// Identifier of a task (the engine's task index).
pub type TaskId = u32;

/// Read-only view of scheduler state that placement reads. Implemented by the engine and by
/// [`Snapshot`]. All loads/utils are the kernel's PELT quantities (0..1024 scale for util).
pub trait SchedView {
    /// Current time (ns).
    fn now(&self) -> u64;
    fn topology(&self) -> &Topology;
    fn domains(&self) -> &SchedDomains;
    /// `idle_cpu(c)`: curr is the idle task && nr_running == 0 && no wake-up pending (§1.1).
    /// On bare metal this is also `available_idle_cpu`.
    fn idle_cpu(&self, cpu: Cpu) -> bool;
    /// `sched_idle_cpu(c)` (≥5.4): nr_running > 0 and all runnable tasks are SCHED_IDLE.
    fn sched_idle_cpu(&self, _cpu: Cpu) -> bool {
        false
    }
    /// `rq->ttwu_pending` (5.x): a remote wake-up is queued for this CPU. Part of `idle_cpu`;
    /// asked on its own by the 5.10+ slow path's `idle_cpu_without` (§8.5).
    fn ttwu_pending(&self, cpu: Cpu) -> bool;
    /// `rq->nr_running` (all classes).
    fn nr_running(&self, cpu: Cpu) -> u32;
    /// `rq->cfs.h_nr_running` (defaults to nr_running: no RT tasks).
    fn cfs_h_nr_running(&self, cpu: Cpu) -> u32 {
        self.nr_running(cpu)
    }
    /// `cfs_h_nr_delayed(rq)` (6.12+): sleeping tasks still queued by DELAY_DEQUEUE, counted
    /// in `nr_running`. 0 before 6.18 and in snapshots.
    fn cfs_h_nr_delayed(&self, _cpu: Cpu) -> u32 {
        0
    }
    /// 4.x `weighted_cpuload` = `cfs.runnable_load_avg` (runnable entities only).
    fn runnable_load_avg(&self, cpu: Cpu) -> u64;
    /// 5.x `cpu_load` = `cfs.avg.load_avg` (includes blocked load); also 4.x `cfs.avg.load_avg`.
    fn cpu_load(&self, cpu: Cpu) -> u64;
    /// `cfs.avg.util_avg`.
    fn cfs_util_avg(&self, cpu: Cpu) -> u32;
    /// `cfs.avg.util_est.enqueued` (5.x; 0 in 4.x).
    fn util_est_enqueued(&self, cpu: Cpu) -> u32;
    /// `cfs.avg.runnable_avg` (5.7+, used by the 5.x slow path). Defaults to util_avg.
    fn cfs_runnable_avg(&self, cpu: Cpu) -> u64 {
        self.cfs_util_avg(cpu) as u64
    }
    /// `capacity_of(c)`: capacity_orig minus RT/DL/IRQ pressure (§9), at least 1.
    fn capacity_of(&self, cpu: Cpu) -> u32;
    /// `rq->avg_idle` (ns, §7.2).
    fn avg_idle(&self, cpu: Cpu) -> u64;
    /// 5.14+ `rq->wake_avg_idle` already aged to `now` (§7.5). The engine maintains it; after a
    /// completed SIS_PROP scan it must subtract [`Decision::wake_avg_idle_used`].
    fn wake_avg_idle(&self, cpu: Cpu) -> u64;
    /// `rq->idle_stamp` (ns; 0 = not set).
    fn idle_stamp(&self, cpu: Cpu) -> u64;
    /// Exit latency (ns) of the cpuidle state the CPU is in, if any.
    fn idle_exit_latency(&self, cpu: Cpu) -> Option<u32>;
    /// `is_per_cpu_kthread(rq->curr)` for §5.3 step 3 (only asked about the waker CPU).
    fn curr_is_per_cpu_kthread(&self, cpu: Cpu) -> bool;
    /// Stored `struct sched_group_capacity` fields of the group `group` at domain `level`, where
    /// they differ from what the model recomputes (a snapshot's `groups`). `None` (the engine):
    /// capacity = Σ capacity_of, min/max = min/max capacity_of over the group, no imbalance.
    #[inline]
    fn stored_sgc(&self, _level: usize, _group: &CpuMask) -> Option<StoredSgc> {
        None
    }
    /// Whether any group has stored fields ([`SchedView::stored_sgc`]); false for the engine.
    #[inline]
    fn any_stored_sgc(&self) -> bool {
        false
    }
}

/// A sched group's `sgc` as stored (each `None` field is recomputed from capacity_of).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredSgc {
    /// `sgc->capacity`.
    pub capacity: Option<u64>,
    /// `sgc->min_capacity`.
    pub min_capacity: Option<u64>,
    /// `sgc->max_capacity` (4.20+).
    pub max_capacity: Option<u64>,
    /// `sgc->imbalance` (`sg_imbalanced`), set by load_balance on LBF_SOME_PINNED.
    pub imbalance: bool,
}

/// Per-task placement fields, copied in and written back by the caller.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TaskPlacement {
    pub id: TaskId,
    /// `task_cpu(p)` / `p->wake_cpu`: the CPU it last ran on (for fork: the parent's CPU).
    pub prev_cpu: Cpu,
    /// `p->recent_used_cpu` (≥4.16 or recent-used-cpu).
    pub recent_used_cpu: Cpu,
    /// `p->cpus_allowed`.
    pub allowed: CpuMask,
    pub wakee_flips: u32,
    /// ns.
    pub wakee_flip_decay_ts: u64,
    pub last_wakee: Option<TaskId>,
    /// `p->se.avg.util_avg`.
    pub util_avg: u32,
    /// `max(util_est.ewma, util_est.enqueued)` (5.x; 0 in 4.x).
    pub util_est: u32,
    /// `task_h_load(p)` (≈ `se.avg.load_avg` in the root group).
    pub load_avg: u64,
    /// No PELT timestamp yet (fork): `cpu_util_wake` ignores the task.
    pub is_new: bool,
    /// `p->se.avg.runnable_avg` (5.7+), which 5.10's `cpu_runnable_without` subtracts from
    /// task_cpu's runnable_avg. `None`: the model's stand-in, util_avg, and only for exec (the
    /// engine does not track a task's runnable signal apart from its utilisation).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub runnable_avg: Option<u64>,
    /// PF_EXITING (only matters for `current`: 5.x ignores sync).
    pub exiting: bool,
    /// This is a CPU's idle task (e.g. `current` for an interrupt on an idle CPU).
    pub is_idle_task: bool,
}

impl TaskPlacement {
    /// A task with neutral defaults that last ran on `prev` and may run anywhere in `allowed`.
    pub fn new(id: TaskId, prev: Cpu, allowed: CpuMask) -> TaskPlacement {
        TaskPlacement {
            id,
            prev_cpu: prev,
            recent_used_cpu: prev,
            allowed,
            wakee_flips: 0,
            wakee_flip_decay_ts: 0,
            last_wakee: None,
            util_avg: 0,
            util_est: 0,
            load_avg: 0,
            is_new: false,
            runnable_avg: None,
            exiting: false,
            is_idle_task: false,
        }
    }

    /// `task_util(p)` (4.x) / `task_util_est(p)` (5.x when `est`).
    #[inline]
    pub fn util(&self, est: bool) -> u32 {
        if est {
            self.util_avg.max(self.util_est)
        } else {
            self.util_avg
        }
    }
}

/// Which balance the call is for (`sd_flag`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SdFlag {
    /// SD_BALANCE_WAKE (try_to_wake_up).
    Wake,
    /// SD_BALANCE_FORK (wake_up_new_task).
    Fork,
    /// SD_BALANCE_EXEC (sched_exec).
    Exec,
}

impl SdFlag {
    /// The `SD_BALANCE_*` bit.
    #[inline]
    pub fn bits(self) -> u32 {
        use crate::topology::SdFlags;
        match self {
            SdFlag::Wake => SdFlags::BALANCE_WAKE,
            SdFlag::Fork => SdFlags::BALANCE_FORK,
            SdFlag::Exec => SdFlags::BALANCE_EXEC,
        }
    }
}

/// One placement request.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WakeRequest {
    pub p: TaskId,
    /// The CPU executing the wake-up / fork / exec (`smp_processor_id()`).
    pub this_cpu: Cpu,
    pub kind: SdFlag,
    /// WF_SYNC.
    #[serde(default)]
    pub sync: bool,
    /// `in_task()`: false for wake-ups from interrupt context (5.15 kthread stacking).
    #[serde(default = "yes")]
    pub in_task: bool,
}

fn yes() -> bool {
    true
}

/// Which rule produced the CPU.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rule {
    /// select_idle_sibling: target was idle.
    TargetIdle,
    /// select_idle_sibling: prev idle and cache-sharing.
    PrevIdle,
    /// 5.10+: per-CPU kthread waker stacking on prev.
    KthreadStack,
    /// recent_used_cpu hit.
    RecentUsed,
    /// select_idle_capacity (asym) found a CPU or fell back to target.
    IdleCapacity,
    /// select_idle_core found an idle core.
    IdleCore,
    /// idle-candidate / 5.12 merged scan: an idle thread seen during the core search.
    IdleCandidate,
    /// select_idle_cpu found an idle CPU.
    IdleCpu,
    /// select_idle_smt(target) (≤5.11).
    IdleSmt,
    /// select_idle_smt(prev) (5.12.y+).
    IdleSmtPrev,
    /// select_idle_sibling fell through: return target (stacking).
    FallbackTarget,
    /// No LLC domain: return target.
    NoLlc,
    /// Fork/exec (or 4.x asym wake) slow path: find_idlest_cpu.
    SlowPath,
    /// No domain to balance over (e.g. fork with no SD_BALANCE_FORK level): prev.
    NoBalance,
    /// Only one CPU allowed: select_task_rq did not call the class.
    SingleCpu,
    /// The class returned a disallowed CPU: select_fallback_rq.
    Fallback,
    /// vcpu-pack (the recording host's build): one of its packing rules placed the task
    /// before mainline's code ran.
    VcpuPack,
}

/// The outcome of [`select_task_rq`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Decision {
    pub cpu: Cpu,
    pub rule: Rule,
    /// Runqueues examined (idle/load reads of a CPU's runqueue) — the engine may charge
    /// `scanned × PlacementParams::rq_scan_cost_ns` to the waker.
    pub scanned: u32,
    /// wake_affine chose a CPU (this_cpu, or prev via the idle rules).
    pub affine: bool,
    /// want_affine was true (the waker CPU was a candidate).
    pub want_affine: bool,
    /// The fast path (select_idle_sibling) ran.
    pub fast_path: bool,
    /// 5.15 + SIS_PROP: idle time consumed by a completed scan; the engine subtracts it from
    /// `this_rq.wake_avg_idle` (§7.5). 0 otherwise.
    pub wake_avg_idle_used: u64,
}

/// Modelled costs and knobs (documented in docs/placement.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlacementParams {
    /// Modelled wall time to examine one runqueue in a scan (ns). An estimate: ~one remote
    /// cache-line miss (the rq's curr/nr_running). Feeds avg_scan_cost (§7.3).
    #[serde(default = "default_rq_scan_cost")]
    pub rq_scan_cost_ns: u64,
    /// Fixed overhead of a scan (timestamps, mask setup) (ns).
    #[serde(default = "default_scan_overhead")]
    pub scan_overhead_ns: u64,
}

fn default_rq_scan_cost() -> u64 {
    25
}
fn default_scan_overhead() -> u64 {
    50
}

impl Default for PlacementParams {
    fn default() -> Self {
        PlacementParams {
            rq_scan_cost_ns: default_rq_scan_cost(),
            scan_overhead_ns: default_scan_overhead(),
        }
    }
}

/// Range of both scan costs: 0 to 1 ms. The modelled cost is one remote cache-line miss per
/// runqueue (~25-100 ns); 1 ms is 10 000x that. With at most 512 runqueues a scan then costs
/// at most ~0.5 s, far from u64 overflow in `scan_time` and in `avg_scan_cost`'s EWMA.
pub const SCAN_COST_NS: (u64, u64) = (0, 1_000_000);

impl PlacementParams {
    /// Modelled duration of a scan that examined `n` runqueues. Saturating: validated costs
    /// stay far below overflow, but a hand-built `PlacementParams` must never wrap.
    #[inline]
    pub fn scan_time(&self, n: u32) -> u64 {
        self.scan_overhead_ns
            .saturating_add((n as u64).saturating_mul(self.rq_scan_cost_ns))
    }

    /// Check both costs against [`SCAN_COST_NS`]; the error names `placement.<field>`.
    pub fn validate(&self) -> Result<(), crate::scenario::ScenarioError> {
        use crate::check::between;
        use crate::scenario::err;
        let (lo, hi) = SCAN_COST_NS;
        between(self.rq_scan_cost_ns, lo, hi).map_err(|m| err("placement.rq_scan_cost_ns", m))?;
        between(self.scan_overhead_ns, lo, hi).map_err(|m| err("placement.scan_overhead_ns", m))?;
        Ok(())
    }
}

/// Mutable placement state owned by the engine: what the kernel keeps in `sched_domain_shared`
/// (per LLC), in each CPU's own LLC-level `sched_domain` copy, and in schedstats.
#[derive(Clone, Debug, PartialEq)]
pub struct PlacementState {
    /// `sd_llc_shared->has_idle_cores`, per LLC (global LLC index, `Topology::place().llc`).
    pub has_idle_cores: Vec<bool>,
    /// `sd_llc_shared->nr_idle_scan` (SIS_UTIL), per LLC.
    pub nr_idle_scan: Vec<u32>,
    /// `sd_llc[cpu]->avg_scan_cost` (ns), per CPU (each CPU has its own domain copy, §1.2).
    pub avg_scan_cost: Vec<u64>,
    /// Schedstats of each CPU's runqueue.
    pub stats: Vec<SisStats>,
    pub params: PlacementParams,
}

impl PlacementState {
    /// Fresh state as after domain build: flags clear, costs 0, nr_idle_scan = LLC size.
    pub fn new(topo: &Topology) -> PlacementState {
        PlacementState {
            has_idle_cores: vec![false; topo.nr_llcs()],
            nr_idle_scan: (0..topo.nr_llcs())
                .map(|l| topo.llc_span(l).weight() as u32)
                .collect(),
            avg_scan_cost: vec![0; topo.nr_cpus()],
            stats: vec![SisStats::default(); topo.nr_cpus()],
            params: PlacementParams::default(),
        }
    }

    /// Sum of all CPUs' schedstats.
    pub fn total_stats(&self) -> SisStats {
        SisStats::sum(self.stats.iter())
    }
}
