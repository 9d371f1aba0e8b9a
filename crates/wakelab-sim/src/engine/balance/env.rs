//! `struct lb_env` and the enums that travel with it (kernel/sched/fair.c).

use serde::Serialize;

use crate::cpumask::{Cpu, CpuMask};

use super::{CpuIdleType, LbFamily};

/// `enum migration_type` (5.5+; 4.x always moves load).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MigrationType {
    Load,
    Util,
    Task,
    Misfit,
}

/// `LBF_*` flags.
pub const LBF_ALL_PINNED: u32 = 0x01;
pub const LBF_NEED_BREAK: u32 = 0x02;
pub const LBF_DST_PINNED: u32 = 0x04;
pub const LBF_SOME_PINNED: u32 = 0x08;
/// 5.15 `LBF_ACTIVE_LB`.
pub const LBF_ACTIVE_LB: u32 = 0x10;

/// `struct lb_env`.
#[derive(Clone, Debug)]
pub struct LbEnv {
    pub family: LbFamily,
    /// Index of `sd` in the domain levels.
    pub level: usize,
    pub dst_cpu: Cpu,
    /// `dst_grpmask`: the local group's span.
    pub dst_grpmask: CpuMask,
    pub new_dst_cpu: Cpu,
    pub idle: CpuIdleType,
    pub imbalance: i64,
    pub cpus: CpuMask,
    pub src_cpu: Option<Cpu>,
    pub flags: u32,
    pub loop_: u32,
    pub loop_break: u32,
    pub loop_max: u32,
    pub migration_type: MigrationType,
    /// `sd->nr_balance_failed` and `sd->cache_nice_tries` of this CPU's copy (read by
    /// can_migrate_task / detach_tasks).
    pub nr_balance_failed: u32,
    pub cache_nice_tries: u32,
    /// Current time (ns) and `sysctl_sched_migration_cost`.
    pub now: u64,
}
