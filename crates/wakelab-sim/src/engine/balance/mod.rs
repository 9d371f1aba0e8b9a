//! Load balancing (spec §17): kernel/sched/fair.c's `load_balance` per version family, the
//! periodic `rebalance_domains`, new-idle balance and the NOHZ idle balancer, plus the older
//! simple model (`engine.balancer: "simple"`).
//!
//! One file per part of fair.c, in its order: `view` (what the balancer reads), `state`
//! (per-CPU `sched_domain` fields, `sgc->imbalance`, `rq->next_balance`, nohz), `cpu_load`
//! (4.x `cpu_load[]`), `lb_stats` (`update_sg_lb_stats`, `group_classify`), `find_busiest`
//! (`update_sd_lb_stats`, `find_busiest_group`, `calculate_imbalance`, `find_busiest_queue`),
//! `detach` (`can_migrate_task`, `detach_tasks`), [`load_balance`] (`should_we_balance`,
//! `load_balance`, `need_active_balance`), `misfit` (`update_misfit_status`, `task_fits_cpu`,
//! `check_misfit_status`); the engine side: `rebalance`
//! (`trigger_load_balance`, `rebalance_domains`, attach and the active-balance stopper),
//! `newidle`, `nohz`; [`snapshot`] is `wakelab balance`.
//!
//! Pure parts are generic over `view::LbView` and return what to move; the engine applies it.

pub(crate) mod cpu_load;
pub(crate) mod detach;
pub(crate) mod engine_view;
pub mod env;
pub(crate) mod find_busiest;
pub(crate) mod lb_stats;
pub(crate) mod load_balance;
pub(crate) mod misfit;
pub(crate) mod newidle;
pub(crate) mod nohz;
pub(crate) mod rebalance;
pub(crate) mod simple;
pub mod snapshot;
pub(crate) mod state;
pub(crate) mod view;

use serde::{Deserialize, Serialize};

use crate::kernel::KernelVersion;

pub use load_balance::{LbResult, load_balance};
pub use state::LbState;

/// Which balancer the engine runs (`engine.balancer`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Balancer {
    /// fair.c's load_balance per version (spec §17).
    #[default]
    Fair,
    /// The earlier model: imbalance in runnable tasks, one task per attempt (docs/model.md).
    Simple,
}

/// `enum cpu_idle_type`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CpuIdleType {
    /// CPU_IDLE.
    Idle,
    /// CPU_NOT_IDLE.
    NotIdle,
    /// CPU_NEWLY_IDLE.
    NewlyIdle,
}

/// Balancer code family of a kernel version (spec §17.0): 4.15 = 4.16; 5.10; 5.11 (5.12 is
/// modelled as 5.11: which release each 5.15 change landed in was not checked, §17.14); 5.15;
/// 6.18 (5.15 plus the changes read in 6.18.2's fair.c and topology.c, docs/model.md "6.18").
/// Ordered by release: `>= LbFamily::V515` is "5.15's code or later".
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub enum LbFamily {
    V4,
    V510,
    V511,
    V515,
    V618,
}

impl LbFamily {
    pub fn of(v: KernelVersion) -> LbFamily {
        match v {
            KernelVersion::V4_15 | KernelVersion::V4_16 => LbFamily::V4,
            KernelVersion::V5_10 => LbFamily::V510,
            KernelVersion::V5_11 | KernelVersion::V5_12 => LbFamily::V511,
            KernelVersion::V5_15 => LbFamily::V515,
            KernelVersion::V6_18 => LbFamily::V618,
        }
    }
    pub fn is_4x(self) -> bool {
        self == LbFamily::V4
    }
}

/// Explain trace: lines are built only when recording (the engine passes [`Trace::off`]).
#[derive(Debug, Default)]
pub struct Trace {
    pub lines: Option<Vec<String>>,
}

impl Trace {
    pub fn off() -> Trace {
        Trace { lines: None }
    }
    pub fn on() -> Trace {
        Trace {
            lines: Some(Vec::new()),
        }
    }
    #[inline]
    pub fn note(&mut self, f: impl FnOnce() -> String) {
        if let Some(l) = self.lines.as_mut() {
            l.push(f());
        }
    }
}
