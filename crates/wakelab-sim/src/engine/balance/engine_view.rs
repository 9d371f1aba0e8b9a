//! The engine's [`LbView`]: the live runqueues as `load_balance` reads them.

use crate::cpumask::{Cpu, CpuMask};
use crate::engine::behaviour::SchedClass;
use crate::engine::view::View;

use super::view::{LbTask, LbView, task_util_est};

impl LbView for View<'_> {
    fn cpu_load_idx(&self, cpu: Cpu, idx: usize) -> u64 {
        self.sim.rqs[cpu as usize].cpu_load[idx]
    }

    fn cpu_runnable(&self, cpu: Cpu) -> u64 {
        self.sim.rqs[cpu as usize].cfs_avg.runnable_avg
    }

    fn cfs_tasks(&self, cpu: Cpu, out: &mut Vec<LbTask>) {
        let sim = self.sim;
        let rq = &sim.rqs[cpu as usize];
        let fam = super::LbFamily::of(sim.sd.version);
        let mk = |t: u32, running: bool| {
            let task = &sim.tasks[t as usize];
            let ue = task.util_est_ewma.max(task.util_est_enqueued) as u64;
            LbTask {
                id: t,
                load: task.avg.load_avg,
                util_est: task_util_est(fam, task.avg.util_avg as u64, ue),
                allowed: task.pl.allowed,
                running,
                exec_start: task.exec_start,
                per_cpu_kthread: task.kthread && task.pl.allowed.weight() == 1,
                eligible: !sim.beh.eevdf || sim.entity_eligible(cpu, t),
                delayed: task.sched_delayed,
            }
        };
        out.clear();
        // delayed tasks (6.18 DELAY_DEQUEUE) are on cfs_tasks too: can_migrate_task decides
        for &(_, t) in &rq.cfs_q {
            out.push(mk(t, false));
        }
        if let Some(c) = rq.curr {
            if matches!(sim.tasks[c as usize].class, SchedClass::Fair { .. }) {
                out.push(mk(c, true));
            }
        }
        // rq->cfs_tasks: enqueue and pick move a task to the head, detach_tasks starts at the
        // tail, so the least recently enqueued or picked task comes first
        out.sort_by_key(|p| sim.tasks[p.id as usize].lb_seq);
    }

    fn curr_allowed(&self, cpu: Cpu) -> Option<CpuMask> {
        self.sim.rqs[cpu as usize]
            .curr
            .map(|t| self.sim.tasks[t as usize].pl.allowed)
    }

    fn migration_cost(&self) -> u64 {
        self.sim.p.migration_cost_ns
    }

    fn preempt(&self) -> bool {
        self.sim.p.preempt
    }

    fn hz(&self) -> u32 {
        self.sim.p.hz
    }

    fn place_lag(&self) -> bool {
        self.sim.beh.place_lag
    }

    fn misfit_task_load(&self, cpu: Cpu) -> u64 {
        self.sim.rqs[cpu as usize].misfit_task_load
    }
}
