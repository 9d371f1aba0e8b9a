//! The engine's implementation of [`SchedView`]: what placement reads of live scheduler state.

use crate::cpumask::Cpu;
use crate::placement::SchedView;
use crate::topology::{SchedDomains, Topology};

use super::sim::Sim;

/// A read-only view of the simulation for one placement decision.
pub struct View<'a> {
    pub sim: &'a Sim,
}

impl SchedView for View<'_> {
    #[inline]
    fn now(&self) -> u64 {
        self.sim.now
    }
    #[inline]
    fn topology(&self) -> &Topology {
        &self.sim.topo
    }
    #[inline]
    fn domains(&self) -> &SchedDomains {
        &self.sim.sd
    }
    /// `idle_cpu` (§1.1): the idle task runs, nothing is queued, no wake-up is in flight.
    #[inline]
    fn idle_cpu(&self, cpu: Cpu) -> bool {
        let rq = &self.sim.rqs[cpu as usize];
        rq.curr.is_none() && rq.nr_running() == 0 && !rq.wake_pending
    }
    #[inline]
    fn ttwu_pending(&self, cpu: Cpu) -> bool {
        self.sim.rqs[cpu as usize].wake_pending
    }
    #[inline]
    fn nr_running(&self, cpu: Cpu) -> u32 {
        self.sim.rqs[cpu as usize].nr_running()
    }
    /// `rq->cfs.h_nr_running`.
    #[inline]
    fn cfs_h_nr_running(&self, cpu: Cpu) -> u32 {
        self.sim.rqs[cpu as usize].nr_cfs
    }
    #[inline]
    fn cfs_h_nr_delayed(&self, cpu: Cpu) -> u32 {
        self.sim.rqs[cpu as usize].nr_delayed
    }
    #[inline]
    fn runnable_load_avg(&self, cpu: Cpu) -> u64 {
        self.sim.rqs[cpu as usize].runnable_load.load_avg
    }
    #[inline]
    fn cpu_load(&self, cpu: Cpu) -> u64 {
        self.sim.rqs[cpu as usize].cfs_avg.load_avg
    }
    #[inline]
    fn cfs_util_avg(&self, cpu: Cpu) -> u32 {
        self.sim.rqs[cpu as usize].cfs_avg.util_avg
    }
    #[inline]
    fn util_est_enqueued(&self, cpu: Cpu) -> u32 {
        self.sim.rqs[cpu as usize].util_est_enqueued
    }
    #[inline]
    fn capacity_of(&self, cpu: Cpu) -> u32 {
        self.sim.rqs[cpu as usize].capacity
    }
    #[inline]
    fn avg_idle(&self, cpu: Cpu) -> u64 {
        self.sim.rqs[cpu as usize].avg_idle
    }
    #[inline]
    fn wake_avg_idle(&self, cpu: Cpu) -> u64 {
        aged_wake_avg_idle(self.sim, cpu)
    }
    #[inline]
    fn idle_stamp(&self, cpu: Cpu) -> u64 {
        self.sim.rqs[cpu as usize].idle_stamp
    }
    #[inline]
    fn idle_exit_latency(&self, cpu: Cpu) -> Option<u32> {
        let rq = &self.sim.rqs[cpu as usize];
        rq.cstate
            .and_then(|s| self.sim.cstate_exit_ns.get(s))
            // saturating: validated exit latencies are at most 100 ms, far below u32::MAX ns
            .map(|&l| u32::try_from(l).unwrap_or(u32::MAX))
    }
    #[inline]
    fn curr_is_per_cpu_kthread(&self, cpu: Cpu) -> bool {
        match self.sim.rqs[cpu as usize].curr {
            Some(t) => {
                let task = &self.sim.tasks[t as usize];
                task.kthread && task.pl.allowed.weight() == 1
            }
            None => false,
        }
    }
}

/// `wake_avg_idle` aged to now: halved once per jiffy elapsed since `wake_stamp` (§7.5).
pub(crate) fn aged_wake_avg_idle(sim: &Sim, cpu: Cpu) -> u64 {
    let rq = &sim.rqs[cpu as usize];
    let jiffies = sim.now / sim.tick_ns();
    let elapsed = jiffies.saturating_sub(rq.wake_stamp);
    if elapsed >= 64 {
        0
    } else {
        rq.wake_avg_idle >> elapsed
    }
}
