//! A frozen machine state's answers to [`SchedView`]: the per-CPU record both snapshot files
//! resolve to (`wakelab decide`'s [`LoadedSnapshot`](super::snapshot::LoadedSnapshot) and
//! `wakelab balance`'s `LoadedBalance`), and the one `SchedView` implementation over it.

use serde::Serialize;

use crate::cpumask::{Cpu, CpuMask};
use crate::topology::{SchedDomains, Topology};

use super::{SchedView, StoredSgc};

/// Resolved state of one CPU.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct CpuState {
    pub nr_running: u32,
    pub wakeup_pending: bool,
    pub sched_idle: bool,
    pub per_cpu_kthread: bool,
    pub runnable_load_avg: u64,
    pub load_avg: u64,
    pub util_avg: u32,
    pub util_est: u32,
    pub runnable_avg: u64,
    pub capacity: u32,
    pub avg_idle: u64,
    pub wake_avg_idle: u64,
    pub idle_stamp: u64,
    pub exit_latency_ns: Option<u32>,
}

/// A snapshot's frozen state: what the shared [`SchedView`] implementation reads.
pub(crate) trait FrozenView {
    fn now_ns(&self) -> u64;
    fn frozen_topology(&self) -> &Topology;
    fn frozen_domains(&self) -> &SchedDomains;
    /// One record per CPU.
    fn cpus(&self) -> &[CpuState];
    /// The resolved `groups`: (level, group span, stored fields).
    fn groups(&self) -> &[(usize, CpuMask, StoredSgc)];
    /// `rq->cfs.h_nr_running` (default: nr_running, no RT tasks).
    fn h_nr_running(&self, cpu: Cpu) -> u32 {
        self.cpus()[cpu as usize].nr_running
    }
}

/// The [`FrozenView`] accessors of a loaded snapshot whose fields are `snapshot.now_ns`,
/// `topology`, `domains`, `cpus` and `groups` (both snapshot files'), inside its impl block.
macro_rules! frozen_view_fields {
    () => {
        fn now_ns(&self) -> u64 {
            self.snapshot.now_ns
        }
        fn frozen_topology(&self) -> &$crate::topology::Topology {
            &self.topology
        }
        fn frozen_domains(&self) -> &$crate::topology::SchedDomains {
            &self.domains
        }
        fn cpus(&self) -> &[$crate::placement::frozen::CpuState] {
            &self.cpus
        }
        fn groups(
            &self,
        ) -> &[(
            usize,
            $crate::cpumask::CpuMask,
            $crate::placement::StoredSgc,
        )] {
            &self.groups
        }
    };
}
pub(crate) use frozen_view_fields;

impl<T: FrozenView> SchedView for T {
    fn now(&self) -> u64 {
        self.now_ns()
    }
    fn topology(&self) -> &Topology {
        self.frozen_topology()
    }
    fn domains(&self) -> &SchedDomains {
        self.frozen_domains()
    }
    fn idle_cpu(&self, cpu: Cpu) -> bool {
        let s = &self.cpus()[cpu as usize];
        s.nr_running == 0 && !s.wakeup_pending
    }
    fn sched_idle_cpu(&self, cpu: Cpu) -> bool {
        let s = &self.cpus()[cpu as usize];
        s.sched_idle && s.nr_running > 0
    }
    fn ttwu_pending(&self, cpu: Cpu) -> bool {
        self.cpus()[cpu as usize].wakeup_pending
    }
    fn nr_running(&self, cpu: Cpu) -> u32 {
        self.cpus()[cpu as usize].nr_running
    }
    fn cfs_h_nr_running(&self, cpu: Cpu) -> u32 {
        self.h_nr_running(cpu)
    }
    fn runnable_load_avg(&self, cpu: Cpu) -> u64 {
        self.cpus()[cpu as usize].runnable_load_avg
    }
    fn cpu_load(&self, cpu: Cpu) -> u64 {
        self.cpus()[cpu as usize].load_avg
    }
    fn cfs_util_avg(&self, cpu: Cpu) -> u32 {
        self.cpus()[cpu as usize].util_avg
    }
    fn util_est_enqueued(&self, cpu: Cpu) -> u32 {
        self.cpus()[cpu as usize].util_est
    }
    fn cfs_runnable_avg(&self, cpu: Cpu) -> u64 {
        self.cpus()[cpu as usize].runnable_avg
    }
    fn capacity_of(&self, cpu: Cpu) -> u32 {
        self.cpus()[cpu as usize].capacity
    }
    fn avg_idle(&self, cpu: Cpu) -> u64 {
        self.cpus()[cpu as usize].avg_idle
    }
    fn wake_avg_idle(&self, cpu: Cpu) -> u64 {
        self.cpus()[cpu as usize].wake_avg_idle
    }
    fn idle_stamp(&self, cpu: Cpu) -> u64 {
        self.cpus()[cpu as usize].idle_stamp
    }
    fn idle_exit_latency(&self, cpu: Cpu) -> Option<u32> {
        self.cpus()[cpu as usize].exit_latency_ns
    }
    fn curr_is_per_cpu_kthread(&self, cpu: Cpu) -> bool {
        self.cpus()[cpu as usize].per_cpu_kthread
    }
    fn any_stored_sgc(&self) -> bool {
        !self.groups().is_empty()
    }
    fn stored_sgc(&self, level: usize, group: &CpuMask) -> Option<StoredSgc> {
        self.groups()
            .iter()
            .find(|(l, m, _)| *l == level && m == group)
            .map(|g| g.2)
    }
}
