//! The engine's periodic balancing: `trigger_load_balance` from the tick, `rebalance_domains`
//! (spec §17.2.3), `attach_tasks` and the active-balance stopper (§17.8.4).

use crate::cpumask::Cpu;
use crate::engine::sim::Sim;
use crate::engine::view::View;

use super::cpu_load::cpu_load_update;
use super::detach::{detach_one_task, stopper_env};
use super::load_balance::{LbResult, load_balance};
use super::state::get_sd_balance_interval;
use super::{CpuIdleType, LbFamily, Trace};

/// Why a balance ran (for the run statistics).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    Periodic,
    NewIdle,
    Nohz,
}

/// `jiffies` of the simulation.
#[inline]
pub fn jiffies(sim: &Sim) -> u64 {
    sim.now / sim.p.tick_ns()
}

/// `load_balance` on the live state (the balancer state is moved out for the call).
pub fn run_load_balance(sim: &mut Sim, cpu: Cpu, level: usize, idle: CpuIdleType) -> LbResult {
    let mut st = std::mem::take(&mut sim.lb);
    let mut tr = Trace::off();
    let res = {
        let view = View { sim };
        load_balance(&view, &mut st, cpu, level, idle, &mut tr)
    };
    sim.lb = st;
    res
}

/// `attach_tasks` and, for an active balance, `active_load_balance_cpu_stop`. Returns the
/// number of tasks moved.
pub fn apply(sim: &mut Sim, res: &LbResult, origin: Origin) -> usize {
    for &(t, from, to) in &res.moved {
        // periodic and NOHZ balancing run in SCHED_SOFTIRQ, new-idle balancing in schedule()
        sim.move_queued_task(t, from, to, origin == Origin::NewIdle);
        match origin {
            Origin::Periodic => sim.stats.periodic_pulls += 1,
            Origin::NewIdle => sim.stats.newidle_pulls += 1,
            Origin::Nohz => sim.stats.nohz_pulls += 1,
        }
    }
    if let Some((busiest, target)) = res.active {
        active_load_balance_cpu_stop(sim, busiest, target);
    }
    res.moved.len()
}

/// The stopper on `busiest` (spec §17.8.4), run at once (the model has no stopper thread):
/// it preempts busiest's current task, then moves the first task from the tail that may run on
/// `target`. Simplified: immediate instead of after the stopper's wake-up (docs/model.md).
fn active_load_balance_cpu_stop(sim: &mut Sim, busiest: Cpu, target: Cpu) {
    if sim.rqs[busiest as usize].nr_running() == 0 {
        return;
    }
    sim.preempt_curr_for_stopper(busiest);
    // for_each_domain(target_cpu, sd): the lowest one spanning busiest
    let Some(li) = (0..sim.sd.levels.len().min(super::state::MAX_LEVELS))
        .find(|&li| sim.sd.levels[li].span(target).test(busiest))
    else {
        return;
    };
    let mut env = stopper_env(
        LbFamily::of(sim.sd.version),
        li,
        busiest,
        target,
        sim.lb.sd[target as usize][li].nr_balance_failed,
        sim.sd.levels[li].cache_nice_tries,
        sim.now,
    );
    let t = {
        let view = View { sim };
        detach_one_task(&view, &mut env, busiest)
    };
    if let Some(t) = t {
        // the stopper is a task
        sim.move_queued_task(t, busiest, target, true);
        sim.stats.active_balances += 1;
        // sd->nr_balance_failed = 0
        sim.lb.sd[target as usize][li].nr_balance_failed = 0;
    }
}

/// 4.x `cpu_load_update_active` (tick) and `cpu_load_update_nohz_stop` / `_idle`: bring
/// `cpu_load[]` up to this jiffy with `load` as the new sample.
pub fn cpu_load_update_nohz(sim: &mut Sim, cpu: Cpu, load: u64) {
    let j = jiffies(sim);
    let rq = &mut sim.rqs[cpu as usize];
    let pending = j.saturating_sub(rq.last_load_update_tick);
    if pending > 0 {
        rq.last_load_update_tick = j;
        cpu_load_update(&mut rq.cpu_load, load, pending);
    }
}

/// `trigger_load_balance` from the tick of a busy CPU (the engine's idle CPUs have no tick:
/// they are NOHZ idle at once).
pub fn trigger_load_balance(sim: &mut Sim, cpu: Cpu) {
    if sim.sd.levels.is_empty() {
        return;
    }
    if sim.sd.version.is_4x() {
        // cpu_load_update_active: one periodic sample (after any NOHZ catch-up)
        let load = sim.rqs[cpu as usize].runnable_load.load_avg;
        cpu_load_update_nohz(sim, cpu, load);
    }
    if jiffies(sim) >= sim.lb.next_balance[cpu as usize] {
        let idle = if sim.idle_cpu(cpu) {
            CpuIdleType::Idle
        } else {
            CpuIdleType::NotIdle
        };
        rebalance_domains(sim, cpu, idle, Origin::Periodic);
    }
    super::nohz::nohz_balancer_kick(sim, cpu);
}

/// `rebalance_domains(rq, idle)` (spec §17.2.3).
pub fn rebalance_domains(sim: &mut Sim, cpu: Cpu, mut idle: CpuIdleType, origin: Origin) {
    let hz = sim.p.hz;
    let n = sim.topo.nr_cpus();
    let is4 = sim.sd.version.is_4x();
    let fam = LbFamily::of(sim.sd.version);
    let j = jiffies(sim);
    let mut continue_balancing = true;
    let mut next_balance = j + 60 * hz as u64;
    let mut updated = false;
    let mut need_decay = false;
    let mut max_cost = 0u64;
    let mut busy = idle != CpuIdleType::Idle;
    let nlevels = sim.sd.levels.len().min(super::state::MAX_LEVELS);
    for li in 0..nlevels {
        let migration_cost = sim.p.migration_cost_ns;
        let s = &mut sim.lb.sd[cpu as usize][li];
        if fam >= LbFamily::V618 {
            // sched_balance_domains: the decay through update_newidle_cost, and need_decay is
            // this level's answer, not an OR over the levels
            need_decay = super::state::update_newidle_cost(s, 0, j, hz, migration_cost);
        } else if j > s.next_decay_max_lb_cost {
            s.max_newidle_lb_cost = s.max_newidle_lb_cost * 253 / 256;
            s.next_decay_max_lb_cost = j + hz as u64;
            need_decay = true;
        }
        max_cost += s.max_newidle_lb_cost;
        if !continue_balancing {
            if need_decay {
                continue;
            }
            break;
        }
        let bf = sim.sd.levels[li].busy_factor;
        let mut interval = get_sd_balance_interval(s.balance_interval, bf, busy, is4, hz, n);
        if j >= s.last_balance + interval {
            let res = run_load_balance(sim, cpu, li, idle);
            if !res.continue_balancing {
                continue_balancing = false;
            }
            if res.balanced_by_this_cpu && Some(li) == sim.sd.llc_level {
                sis_util_update(sim, cpu, li);
            }
            if apply(sim, &res, origin) > 0 {
                idle = if sim.idle_cpu(cpu) {
                    CpuIdleType::Idle
                } else {
                    CpuIdleType::NotIdle
                };
                busy = idle != CpuIdleType::Idle;
            }
            let s = &mut sim.lb.sd[cpu as usize][li];
            s.last_balance = j;
            interval = get_sd_balance_interval(s.balance_interval, bf, busy, is4, hz, n);
        }
        let s = &sim.lb.sd[cpu as usize][li];
        if next_balance > s.last_balance + interval {
            next_balance = s.last_balance + interval;
            updated = true;
        }
    }
    if need_decay {
        sim.rqs[cpu as usize].max_idle_balance_cost = sim.p.migration_cost_ns.max(max_cost);
    }
    if updated {
        sim.lb.next_balance[cpu as usize] = next_balance;
        if fam < LbFamily::V515
            && idle == CpuIdleType::Idle
            && sim.lb.nohz.next_balance > next_balance
        {
            sim.lb.nohz.next_balance = next_balance;
        }
    }
}

/// 5.15's SIS_UTIL hook in `update_sd_lb_stats` at the LLC level (§7.6): refresh the LLC's
/// idle-scan depth from the LLC's utilisation.
fn sis_util_update(sim: &mut Sim, cpu: Cpu, li: usize) {
    let span = *sim.sd.levels[li].span(cpu);
    let sum_util: u64 = span
        .iter()
        .map(|c| sim.rqs[c as usize].cfs_avg.util_avg.min(1024) as u64)
        .sum();
    sim.with_placement(|view, st, _| {
        crate::placement::update_idle_cpu_scan(view, st, cpu, sum_util)
    });
}
