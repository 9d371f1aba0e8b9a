//! What the load balancer reads: [`LbView`], the placement view plus the per-task and 4.x
//! per-CPU state of `load_balance` (spec §17.1). Implemented by the engine and by the
//! `wakelab balance` snapshot, so both run the same fair.c code.

use crate::cpumask::{Cpu, CpuMask};
use crate::placement::{SchedView, TaskId};

use super::LbFamily;

/// A CFS task on a runqueue as `detach_tasks` / `can_migrate_task` see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LbTask {
    pub id: TaskId,
    /// `task_h_load(p)`: `p->se.avg.load_avg` (root cgroup, no FAIR_GROUP_SCHED scaling; with
    /// it the value is one unit lower and decisions are unchanged, spec §17.1).
    pub load: u64,
    /// `task_util_est(p)` ([`task_util_est`]; 4.x: `task_util(p)`).
    pub util_est: u64,
    pub allowed: CpuMask,
    /// `task_running(src, p)`: it is the source CPU's current task.
    pub running: bool,
    /// `p->se.exec_start` (ns): when it last started running or was last accounted.
    pub exec_start: u64,
    /// A per-CPU kthread (5.15 never pulls those).
    pub per_cpu_kthread: bool,
    /// 6.18 `entity_eligible(task_cfs_rq(p), &p->se)` (always true before EEVDF).
    pub eligible: bool,
    /// 6.18 `p->se.sched_delayed`: asleep but still queued (DELAY_DEQUEUE).
    pub delayed: bool,
}

/// `task_util_est(p)` = `max(task_util(p), _task_util_est(p))` from the task's `util_avg` and
/// `max(ewma, enqueued)` of its util_est (4.x's balancer reads `task_util(p)` alone). 5.10 / 5.11
/// `_task_util_est` sets the flag bit `UTIL_AVG_UNCHANGED` (0x1 then) in its result (spec
/// §17.7.2); from 5.13 the flag is bit 31 and `_task_util_est` masks it off (5.15.85, 6.18.2
/// fair.c), so 5.15 and 6.18 compare the plain value.
pub fn task_util_est(family: LbFamily, util_avg: u64, util_est: u64) -> u64 {
    match family {
        LbFamily::V4 => util_avg,
        LbFamily::V510 | LbFamily::V511 => util_avg.max(util_est | 1),
        LbFamily::V515 | LbFamily::V618 => util_avg.max(util_est),
    }
}

/// Read-only state for one `load_balance` pass.
pub trait LbView: SchedView {
    /// 4.x `rq->cpu_load[idx]` (idx 0..=4; 0 is the last tick's weighted_cpuload).
    fn cpu_load_idx(&self, cpu: Cpu, idx: usize) -> u64;
    /// 5.x `cpu_runnable(rq)` = `cfs.avg.runnable_avg` (1024 per runnable task at steady state).
    fn cpu_runnable(&self, cpu: Cpu) -> u64;
    /// `rq->cfs_tasks` in the order `detach_tasks` visits them: tail (least recently enqueued or
    /// picked) first. Includes a running CFS task (with `running` set).
    fn cfs_tasks(&self, cpu: Cpu, out: &mut Vec<LbTask>);
    /// `busiest->curr->cpus_ptr` for active balance (any class); `None` when idle.
    fn curr_allowed(&self, cpu: Cpu) -> Option<CpuMask>;
    /// `sysctl_sched_migration_cost` (ns).
    fn migration_cost(&self) -> u64;
    /// CONFIG_PREEMPT(ION): a new-idle `detach_tasks` stops after one task.
    fn preempt(&self) -> bool;
    /// CONFIG_HZ.
    fn hz(&self) -> u32;
    /// 6.18 `sched_feat(PLACE_LAG)` (false before EEVDF).
    fn place_lag(&self) -> bool;
    /// `rq->misfit_task_load` (5.x+ on asymmetric machines, else 0; misfit.rs).
    fn misfit_task_load(&self, cpu: Cpu) -> u64;
}
