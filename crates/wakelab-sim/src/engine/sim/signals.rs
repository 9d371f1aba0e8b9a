//! PELT and capacity signals: per-CPU and per-task load/util tracking (spec §10), RT/IRQ
//! pressure on capacity (§9.2), and the util signals cpufreq reads.

use crate::cpumask::Cpu;
use crate::engine::behaviour::SchedClass;
use crate::engine::task::{Task, TaskId, TaskState};
use crate::freq::UtilSignals;

use super::Sim;

impl Sim {
    /// Invariance scale for the running contribution (spec §10.2).
    #[inline(always)]
    pub(super) fn pelt_scale(&self, cpu: Cpu) -> u32 {
        if self.freq_invariant {
            (self.freq.freq_scale(cpu) * self.topo.arch_capacity(cpu) as u32) >> 10
        } else {
            1024
        }
    }

    /// Bring the CPU's PELT signals (cfs, 4.x runnable load, RT, IRQ) up to `now`.
    pub(super) fn update_rq_avgs(&mut self, cpu: Cpu) {
        let now = self.now;
        let scale = self.pelt_scale(cpu);
        let curr_class = self.rqs[cpu as usize]
            .curr
            .map(|t| self.tasks[t as usize].class);
        let rq = &mut self.rqs[cpu as usize];
        let cfs_running = matches!(curr_class, Some(SchedClass::Fair { .. }));
        let rt_running = matches!(curr_class, Some(SchedClass::Fifo { .. }));
        let lw = rq.load_weight;
        rq.cfs_avg.update(
            now,
            lw.max(cfs_running as u64),
            rq.nr_cfs as u64,
            cfs_running,
            1,
            scale,
        );
        rq.rt_pelt.update(
            now,
            rt_running as u64,
            rt_running as u64,
            rt_running,
            1,
            scale,
        );
        let in_irq = rq.irq_until > now;
        rq.irq_pelt.update(now, 1, in_irq as u64, in_irq, 1, 1024);
    }

    pub(super) fn update_task_avg(&mut self, t: TaskId, cpu: Cpu) {
        let now = self.now;
        let scale = self.pelt_scale(cpu);
        let task = &mut self.tasks[t as usize];
        let runnable = matches!(task.state, TaskState::Runnable | TaskState::Running);
        let running = task.state == TaskState::Running;
        if task.avg.last_update_time == 0 {
            task.avg.last_update_time = now;
        }
        task.avg.update(
            now,
            runnable as u64,
            runnable as u64,
            running,
            task.weight as u64,
            scale,
        );
        task.pl.util_avg = task.avg.util_avg;
        task.pl.load_avg = task.avg.load_avg;
        task.pl.util_est = task
            .avg
            .util_avg
            .max(task.util_est_ewma.max(task.util_est_enqueued));
    }

    /// Before a placement decision, decay a sleeping task's signals to now (the kernel syncs
    /// them against prev's clock in the slow path and via `cpu_util_without`).
    pub(super) fn sync_task_signals(&mut self, t: TaskId) {
        if self.tasks[t as usize].attached {
            let cpu = self.tasks[t as usize].cpu;
            self.update_task_avg(t, cpu);
        }
        let task = &mut self.tasks[t as usize];
        task.pl.is_new = !task.attached;
    }

    /// `update_cpu_capacity` / `scale_rt_capacity` (spec §9.2).
    pub(crate) fn update_capacity(&mut self, cpu: Cpu) {
        let now = self.now;
        let orig = self.sd.capacity_orig[cpu as usize] as u64;
        let rq = &mut self.rqs[cpu as usize];
        let cap = if self.sd.version.is_4x() {
            // rt_avg halves every 500 ms (sched_avg_update)
            const PERIOD: u64 = crate::capacity::SCHED_AVG_PERIOD_NS;
            while now - rq.age_stamp > PERIOD {
                rq.age_stamp += PERIOD;
                rq.rt_avg /= 2;
            }
            crate::capacity::scale_rt_capacity_4x(orig, rq.rt_avg, now - rq.age_stamp)
        } else {
            crate::capacity::scale_rt_capacity_5x(
                orig,
                rq.rt_pelt.util_avg as u64,
                rq.irq_pelt.util_avg as u64,
            )
        };
        rq.capacity = cap.max(1) as u32;
    }

    pub(crate) fn util_signals(&self, cpu: Cpu) -> UtilSignals {
        let rq = &self.rqs[cpu as usize];
        UtilSignals {
            cfs_util: rq.cfs_avg.util_avg,
            cfs_util_est: rq.util_est_enqueued,
            rt_util: rq.rt_pelt.util_avg,
            irq_util: rq.irq_pelt.util_avg,
            rt_runnable: rq.nr_rt > 0,
        }
    }
}

/// util_est update at dequeue for sleep (spec §10.4).
pub(super) fn util_est_dequeue(task: &mut Task, capacity_orig: u32) {
    let ue = task.avg.util_avg;
    task.util_est_enqueued = ue;
    if task.util_est_ewma < ue {
        task.util_est_ewma = ue; // UTIL_EST_FASTUP
        return;
    }
    let diff = task.util_est_ewma as i64 - ue as i64;
    if diff.unsigned_abs() < 10 || ue > capacity_orig {
        return;
    }
    // ewma += (enqueued - ewma) / 4, with shift arithmetic
    let ewma = ((task.util_est_ewma as i64) << 2) - diff;
    task.util_est_ewma = (ewma >> 2).max(0) as u32;
}
