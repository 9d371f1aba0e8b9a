//! Observation: read-only accessors for run results (stats, residency, energy) and the
//! invariant check.

use crate::cpumask::Cpu;
use crate::engine::behaviour::SchedClass;
use crate::engine::stats::RunStats;
use crate::engine::task::TaskState;

use super::{Residency, Sim};

impl Sim {
    pub fn stats(&self) -> &RunStats {
        &self.stats
    }

    pub fn now(&self) -> u64 {
        self.now
    }

    /// Each task's program: its index in the initial tasks, then the fork templates (a forked
    /// task runs its template's program), in task-id order.
    pub fn task_programs(&self) -> Vec<u32> {
        self.tasks.iter().map(|t| t.prog).collect()
    }

    pub fn nr_cpus(&self) -> usize {
        self.rqs.len()
    }

    /// Fraction of the run the CPU spent running tasks.
    pub fn busy_fraction(&self, cpu: usize) -> f64 {
        if self.now == 0 {
            0.0
        } else {
            self.rqs[cpu].busy_ns as f64 / self.now as f64
        }
    }

    /// Mean frequency of the CPU at its ticks (i.e. while busy), kHz.
    pub fn avg_khz(&self, cpu: usize) -> u32 {
        let (_, n, khz) = self.stats.util_acc[cpu];
        khz.checked_div(n).unwrap_or(0) as u32
    }

    /// Machine-wide residency: share of all CPUs' busy time at each frequency (kHz, ascending;
    /// levels never used are left out) and share of all idle time in each C-state (by name).
    pub fn residency(&self) -> Residency {
        let names: Vec<String> = self.freq.idle_state_names().map(str::to_string).collect();
        let mut p: Vec<(u32, u64)> = Vec::new();
        let mut c = vec![0u64; names.len()];
        for cpu in 0..self.rqs.len() as Cpu {
            let r = self.freq.residency(cpu, self.now);
            for (k, ns) in r.levels_khz.iter().zip(r.pstate_ns.iter()) {
                match p.binary_search_by_key(k, |e| e.0) {
                    Ok(i) => p[i].1 += ns,
                    Err(i) => p.insert(i, (*k, *ns)),
                }
            }
            for (i, ns) in r.cstate_ns.iter().enumerate() {
                if i < c.len() {
                    c[i] += ns;
                }
            }
        }
        let busy: u64 = p.iter().map(|e| e.1).sum::<u64>().max(1);
        let idle: u64 = c.iter().sum::<u64>().max(1);
        (
            p.into_iter()
                .filter(|e| e.1 > 0)
                .map(|(k, ns)| (k, ns as f64 / busy as f64))
                .collect(),
            names
                .into_iter()
                .zip(c)
                .map(|(n, ns)| (n, ns as f64 / idle as f64))
                .collect(),
        )
    }

    /// SIS and wake_affine schedstats summed over CPUs.
    pub fn sis_totals(&self) -> crate::placement::SisStats {
        self.pstate.total_stats()
    }

    /// Energy of the run so far (millijoules), from the power model.
    pub fn energy_mj(&self) -> f64 {
        self.freq.energy(self.now).total_uj as f64 / 1000.0
    }

    /// Check the engine's invariants (tests call this after runs): every runnable task is queued
    /// exactly once on its own CPU, a running task is its CPU's `curr`, the runqueue counts
    /// match the queues, and no CPU was busy longer than the run.
    pub fn check_invariants(&self) -> Result<(), crate::engine::InvariantViolation> {
        self.invariants().map_err(crate::engine::InvariantViolation)
    }

    /// [`Sim::check_invariants`]: the first broken invariant, in words.
    fn invariants(&self) -> Result<(), String> {
        let mut seen = vec![0u8; self.tasks.len()];
        for (c, rq) in self.rqs.iter().enumerate() {
            let mut cfs = rq.cfs_q.len() as u32;
            let mut rt = rq.rt_q.len() as u32;
            if let Some(t) = rq.curr {
                let task = &self.tasks[t as usize];
                if task.state != TaskState::Running || task.cpu as usize != c {
                    return Err(format!(
                        "cpu {c}: curr {t} is {:?} on cpu {}",
                        task.state, task.cpu
                    ));
                }
                seen[t as usize] += 1;
                match task.class {
                    SchedClass::Fair { .. } => cfs += 1,
                    SchedClass::Fifo { .. } => rt += 1,
                }
            }
            let mut delayed = 0;
            let mut load = 0u64;
            for &(v, t) in &rq.cfs_q {
                let task = &self.tasks[t as usize];
                // a delayed task (EEVDF's DELAY_DEQUEUE) is asleep but still queued
                let state_ok = match task.sched_delayed {
                    false => task.state == TaskState::Runnable,
                    true => task.state == TaskState::Blocked,
                };
                if !state_ok || task.cpu as usize != c || v != task.vruntime {
                    return Err(format!(
                        "cpu {c}: queued {t} is {:?} (delayed {}) on cpu {}",
                        task.state, task.sched_delayed, task.cpu
                    ));
                }
                // EEVDF: the queue's plain u64 order is the kernel's wrapping order only while
                // no vruntime wraps (eevdf::VRUNTIME_BASE)
                if self.beh.eevdf && v.abs_diff(rq.min_vruntime) >= super::eevdf::VRUNTIME_BASE / 2
                {
                    return Err(format!(
                        "cpu {c}: queued {t} has vruntime {v}, min_vruntime {}",
                        rq.min_vruntime
                    ));
                }
                delayed += task.sched_delayed as u32;
                load += task.weight as u64;
                seen[t as usize] += 1;
            }
            if delayed != rq.nr_delayed {
                return Err(format!(
                    "cpu {c}: nr_delayed {} but {delayed} delayed tasks queued",
                    rq.nr_delayed
                ));
            }
            if self.beh.eevdf && load != rq.avg_load {
                return Err(format!(
                    "cpu {c}: avg_load {} but the queued weights sum to {load}",
                    rq.avg_load
                ));
            }
            for &(_, t) in &rq.rt_q {
                let task = &self.tasks[t as usize];
                if task.state != TaskState::Runnable || task.cpu as usize != c {
                    return Err(format!("cpu {c}: rt-queued {t} is {:?}", task.state));
                }
                seen[t as usize] += 1;
            }
            if cfs != rq.nr_cfs || rt != rq.nr_rt {
                return Err(format!(
                    "cpu {c}: nr_cfs {} / nr_rt {} but {cfs} / {rt} tasks queued or running",
                    rq.nr_cfs, rq.nr_rt
                ));
            }
            if rq.busy_ns > self.now {
                return Err(format!(
                    "cpu {c}: busy {} ns in a {} ns run",
                    rq.busy_ns, self.now
                ));
            }
        }
        for (t, task) in self.tasks.iter().enumerate() {
            let runnable = matches!(task.state, TaskState::Runnable | TaskState::Running);
            if runnable && seen[t] != 1 {
                return Err(format!(
                    "task {t} is {:?} but queued {} times",
                    task.state, seen[t]
                ));
            }
            if !runnable && seen[t] != task.sched_delayed as u8 {
                return Err(format!("task {t} is {:?} but queued", task.state));
            }
        }
        self.lock_invariants()
    }

    pub(crate) fn tick_ns(&self) -> u64 {
        self.tick_ns
    }
}
