//! New-idle balance: 4.15 `idle_balance`, 5.10+ `newidle_balance` (spec §17.9).

use crate::cpumask::Cpu;
use crate::engine::sim::Sim;
use crate::topology::SdFlags;

use super::rebalance::{Origin, apply, jiffies, run_load_balance};
use super::state::{MAX_LEVELS, get_sd_balance_interval, update_newidle_cost};
use super::{CpuIdleType, LbFamily};

/// `update_next_balance(sd, &next_balance)`: the level's idle (not busy) interval.
fn update_next_balance(sim: &Sim, cpu: Cpu, li: usize, nb: &mut u64) {
    let s = &sim.lb.sd[cpu as usize][li];
    let l = &sim.sd.levels[li];
    let interval = get_sd_balance_interval(
        s.balance_interval,
        l.busy_factor,
        false,
        sim.sd.version.is_4x(),
        sim.p.hz,
        sim.topo.nr_cpus(),
    );
    *nb = (*nb).min(s.last_balance + interval);
}

/// `newidle_balance(this_rq)`: `cpu` has no CFS task to run. Returns true if a task is now
/// queued on it. The cost of each `load_balance` call (which the kernel measures with
/// `sched_clock`) is modelled as `engine.lb_cost_per_cpu_ns` per CPU of the domain's span; it
/// only feeds `max_newidle_lb_cost` and the `avg_idle` gate, no simulated time passes.
pub fn newidle_balance(sim: &mut Sim, cpu: Cpu) -> bool {
    let fam = LbFamily::of(sim.sd.version);
    if fam >= LbFamily::V618 {
        return sched_balance_newidle(sim, cpu);
    }
    let j = jiffies(sim);
    let mut next_balance = j + sim.p.hz as u64;
    let mut pulled = false;
    let mut curr_cost = 0u64;
    if fam >= LbFamily::V515 && sim.rqs[cpu as usize].wake_pending {
        return false;
    }
    let nlevels = sim.sd.levels.len().min(MAX_LEVELS);
    if nlevels == 0 {
        return false;
    }
    let avg_idle = sim.rqs[cpu as usize].avg_idle;
    if avg_idle < sim.p.migration_cost_ns || !sim.lb.overload {
        update_next_balance(sim, cpu, 0, &mut next_balance);
    } else {
        for li in 0..nlevels {
            let max_cost = sim.lb.sd[cpu as usize][li].max_newidle_lb_cost;
            if avg_idle < curr_cost + max_cost {
                update_next_balance(sim, cpu, li, &mut next_balance);
                break;
            }
            if sim.sd.levels[li].flags.has(SdFlags::BALANCE_NEWIDLE) {
                let res = run_load_balance(sim, cpu, li, CpuIdleType::NewlyIdle);
                pulled = apply(sim, &res, Origin::NewIdle) > 0 || res.active.is_some();
                let cost = sim.p.lb_cost_per_cpu_ns * sim.sd.levels[li].span_weight(cpu) as u64;
                let s = &mut sim.lb.sd[cpu as usize][li];
                s.max_newidle_lb_cost = s.max_newidle_lb_cost.max(cost);
                curr_cost += cost;
            }
            update_next_balance(sim, cpu, li, &mut next_balance);
            let rq = &sim.rqs[cpu as usize];
            if pulled || rq.nr_running() > 0 || (fam >= LbFamily::V515 && rq.wake_pending) {
                break;
            }
        }
    }
    newidle_out(sim, cpu, curr_cost, pulled, next_balance)
}

/// 6.18 `sched_balance_newidle(this_rq)`: gated by the lowest domain's `max_newidle_lb_cost`
/// instead of `sysctl_sched_migration_cost`; a level that pulls nothing records 3/2 of its
/// maximum cost (`update_newidle_cost`, capped), so failing levels are tried less. The cost of
/// a level is modelled as in [`newidle_balance`] (the kernel's chained timing also counts the
/// blocked-load update, which takes no simulated time here).
fn sched_balance_newidle(sim: &mut Sim, cpu: Cpu) -> bool {
    let j = jiffies(sim);
    let hz = sim.p.hz;
    let mut next_balance = j + hz as u64;
    let mut pulled = false;
    let mut curr_cost = 0u64;
    // a task is waiting to run: it is enqueued when switching to idle
    if sim.rqs[cpu as usize].wake_pending {
        return false;
    }
    let nlevels = sim.sd.levels.len().min(MAX_LEVELS);
    if nlevels == 0 {
        return false;
    }
    let avg_idle = sim.rqs[cpu as usize].avg_idle;
    if !sim.lb.overload || avg_idle < sim.lb.sd[cpu as usize][0].max_newidle_lb_cost {
        update_next_balance(sim, cpu, 0, &mut next_balance);
    } else {
        for li in 0..nlevels {
            update_next_balance(sim, cpu, li, &mut next_balance);
            let max_cost = sim.lb.sd[cpu as usize][li].max_newidle_lb_cost;
            if avg_idle < curr_cost + max_cost {
                break;
            }
            let mut continue_balancing = true;
            if sim.sd.levels[li].flags.has(SdFlags::BALANCE_NEWIDLE) {
                let res = run_load_balance(sim, cpu, li, CpuIdleType::NewlyIdle);
                continue_balancing = res.continue_balancing;
                pulled = apply(sim, &res, Origin::NewIdle) > 0 || res.active.is_some();
                let mut domain_cost =
                    sim.p.lb_cost_per_cpu_ns * sim.sd.levels[li].span_weight(cpu) as u64;
                curr_cost += domain_cost;
                // failing newidle is not effective: bump the cost so it runs less
                if !pulled {
                    domain_cost = 3 * max_cost / 2;
                }
                let migration_cost = sim.p.migration_cost_ns;
                let s = &mut sim.lb.sd[cpu as usize][li];
                update_newidle_cost(s, domain_cost, j, hz, migration_cost);
            }
            if pulled || !continue_balancing {
                break;
            }
        }
    }
    newidle_out(sim, cpu, curr_cost, pulled, next_balance)
}

/// The common end of both versions' functions: `rq->max_idle_balance_cost` keeps the largest
/// cost of one pass (`curr_cost` is 0 when the pass was gated off, so the `max` is then a no-op,
/// as the kernel's update inside the `else` branch is), a CFS task queued meanwhile counts as
/// pulled (5.x `cfs.h_nr_running`, 6.18 `cfs.h_nr_queued`: delayed tasks included), and
/// `rq->next_balance` moves to the earliest level's.
fn newidle_out(
    sim: &mut Sim,
    cpu: Cpu,
    curr_cost: u64,
    mut pulled: bool,
    next_balance: u64,
) -> bool {
    let rq = &mut sim.rqs[cpu as usize];
    rq.max_idle_balance_cost = rq.max_idle_balance_cost.max(curr_cost);
    if rq.nr_cfs > 0 {
        pulled = true;
    }
    if sim.lb.next_balance[cpu as usize] > next_balance {
        sim.lb.next_balance[cpu as usize] = next_balance;
    }
    pulled
}
