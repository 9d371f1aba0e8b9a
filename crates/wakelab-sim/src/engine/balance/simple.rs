//! Load balancing: new-idle balance, periodic balance and NOHZ idle kicks.
//!
//! A documented simplification of kernel/sched/fair.c's load_balance (docs/model.md, "Load
//! balancing"): imbalance is measured in runnable CFS tasks, one task moves per attempt, cache-hot
//! tasks (ran within `sysctl_sched_migration_cost` on their CPU) are not pulled, and intervals
//! follow the domains' `balance_interval * busy_factor` (spec §2.2).

use crate::cpumask::{Cpu, WrapCursor};
use crate::topology::SdFlags;

use crate::engine::sim::Sim;
use crate::engine::task::{TaskId, TaskState};

/// A queued CFS task on `from` that may move to `to`: allowed there and not cache-hot.
///
/// Like `load_balance`, nothing is taken from a runqueue with a single runnable task (only
/// `busiest->nr_running > 1` is detached from), so a task on its way to a waking CPU stays put.
fn pick_migratable(sim: &Sim, from: Cpu, to: Cpu) -> Option<TaskId> {
    let rq = &sim.rqs[from as usize];
    if rq.nr_running() < 2 {
        return None;
    }
    // detach_tasks walks from the tail of cfs_tasks: prefer the task that waited longest.
    rq.cfs_q.iter().rev().map(|&(_, t)| t).find(|&t| {
        let task = &sim.tasks[t as usize];
        task.state == TaskState::Runnable
            && task.pl.allowed.test(to)
            && !(task.last_ran == Some(from)
                && sim.now.saturating_sub(task.exec_start) < sim.p.migration_cost_ns)
    })
}

/// Number of queued (waiting) CFS tasks on `cpu`.
fn queued(sim: &Sim, cpu: Cpu) -> usize {
    sim.rqs[cpu as usize].cfs_q.len()
}

/// `newidle_balance` (spec §7.2): `cpu` is about to go idle; pull one waiting task from the
/// busiest CPU of its lowest domain that has one. Returns true if a task was pulled.
pub(crate) fn newidle_balance(sim: &mut Sim, cpu: Cpu) -> bool {
    if sim.rqs[cpu as usize].avg_idle < sim.p.migration_cost_ns {
        return false;
    }
    sim.update_capacity(cpu);
    for li in 0..sim.sd.levels.len() {
        let level = &sim.sd.levels[li];
        if !level.flags.has(SdFlags::BALANCE_NEWIDLE) {
            continue;
        }
        let span = *level.span(cpu);
        let mut best: Option<(usize, Cpu, TaskId)> = None;
        let mut cur = WrapCursor::new(cpu);
        while let Some(c) = cur.next(&span) {
            if c == cpu {
                continue;
            }
            let n = queued(sim, c);
            if n == 0 || best.is_some_and(|(bn, _, _)| bn >= n) {
                continue;
            }
            if let Some(t) = pick_migratable(sim, c, cpu) {
                best = Some((n, c, t));
            }
        }
        if let Some((_, from, t)) = best {
            sim.stats.newidle_pulls += 1;
            sim.move_queued_task(t, from, cpu, true);
            return true;
        }
    }
    false
}

/// Periodic balance from the tick of a busy CPU, plus the NOHZ kick that lets an idle CPU pull
/// waiting work (idle CPUs have no tick of their own).
pub(crate) fn periodic_balance(sim: &mut Sim, cpu: Cpu) {
    let now = sim.now;
    // NOHZ idle balance: a CPU with waiting tasks kicks an idle CPU to pull one.
    if queued(sim, cpu) > 0 {
        for li in 0..sim.sd.levels.len() {
            let span = *sim.sd.levels[li].span(cpu);
            let mut cur = WrapCursor::new(cpu);
            let mut target = None;
            while let Some(c) = cur.next(&span) {
                let rq = &sim.rqs[c as usize];
                if c != cpu && rq.curr.is_none() && rq.nr_running() == 0 && !rq.wake_pending {
                    if let Some(t) = pick_migratable(sim, cpu, c) {
                        target = Some((c, t));
                        break;
                    }
                }
            }
            if let Some((idle, t)) = target {
                sim.stats.nohz_pulls += 1;
                sim.move_queued_task(t, cpu, idle, false);
                break;
            }
        }
    }
    // Busy periodic balance at each level whose interval elapsed.
    for li in 0..sim.sd.levels.len().min(8) {
        let level = &sim.sd.levels[li];
        let interval = level.min_interval_ms(cpu) * level.busy_factor as u64 * 1_000_000;
        if now.saturating_sub(sim.rqs[cpu as usize].last_balance[li]) < interval {
            continue;
        }
        sim.rqs[cpu as usize].last_balance[li] = now;
        let span = *level.span(cpu);
        // SIS_UTIL (§7.6): the LLC-level balance refreshes the LLC's idle-scan depth.
        if Some(li) == sim.sd.llc_level {
            let sum_util: u64 = span
                .iter()
                .map(|c| sim.rqs[c as usize].cfs_avg.util_avg.min(1024) as u64)
                .sum();
            sim.with_placement(|view, st, _| {
                crate::placement::update_idle_cpu_scan(view, st, cpu, sum_util)
            });
        }
        let mine = sim.rqs[cpu as usize].nr_running() as usize;
        let mut busiest: Option<(usize, Cpu)> = None;
        for c in span.iter() {
            let n = sim.rqs[c as usize].nr_running() as usize;
            if c != cpu && n >= mine + 2 && busiest.is_none_or(|(bn, _)| n > bn) {
                busiest = Some((n, c));
            }
        }
        if let Some((_, from)) = busiest {
            if let Some(t) = pick_migratable(sim, from, cpu) {
                sim.stats.periodic_pulls += 1;
                sim.move_queued_task(t, from, cpu, false);
                return;
            }
        }
    }
}
