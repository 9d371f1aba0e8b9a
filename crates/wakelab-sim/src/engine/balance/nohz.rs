//! NOHZ idle balance (spec §17.10): idle CPUs have no tick, so a busy CPU's tick kicks an idle
//! CPU (the ILB) that runs `rebalance_domains` for every idle CPU whose balance is due.
//! The kick's IPI and the softirq are run at once (spec §17.12); blocked-load-only (STATS)
//! kicks are not modelled: the engine decays PELT signals when it reads them.

use crate::cpumask::{Cpu, WrapCursor};
use crate::engine::sim::Sim;

use super::lb_stats::check_cpu_capacity;
use super::rebalance::{Origin, cpu_load_update_nohz, jiffies, rebalance_domains};
use super::{CpuIdleType, LbFamily};

/// `nohz_balance_enter_idle`: the CPU stopped its tick.
pub fn nohz_balance_enter_idle(sim: &mut Sim, cpu: Cpu) {
    sim.lb.nohz.idle_cpus_mask.set(cpu);
    if sim.sd.version.is_4x() {
        // cpu_load_update_nohz_start: cpu_load[0] = weighted_cpuload (0 on an empty rq)
        sim.rqs[cpu as usize].cpu_load[0] = sim.rqs[cpu as usize].runnable_load.load_avg;
    }
}

/// Busy CPUs of `cpu`'s LLC (`sd_llc_shared->nr_busy_cpus`): a CPU counts as busy until it
/// enters idle.
fn nr_busy_cpus(sim: &Sim, cpu: Cpu) -> usize {
    match sim.sd.llc() {
        Some(l) => l
            .span(cpu)
            .iter()
            .filter(|&c| !sim.rqs[c as usize].idle)
            .count(),
        None => 1,
    }
}

/// `nohz_balancer_kick` (5.x) / `nohz_kick_needed` + `nohz_balancer_kick` (4.15) on a busy
/// tick of `cpu`.
pub fn nohz_balancer_kick(sim: &mut Sim, cpu: Cpu) {
    // nohz_balance_exit_idle: the first busy tick takes the CPU out of the mask
    sim.lb.nohz.idle_cpus_mask.clear(cpu);
    if sim.lb.nohz.idle_cpus_mask.is_empty() {
        return;
    }
    let j = jiffies(sim);
    if j < sim.lb.nohz.next_balance {
        return;
    }
    let fam = LbFamily::of(sim.sd.version);
    let rq = &sim.rqs[cpu as usize];
    let lowest_pct = sim.sd.levels[0].imbalance_pct;
    // nohz_balancer_kick's tests in the kernel's order (each `goto out` with NOHZ_KICK_MASK)
    #[allow(clippy::if_same_then_else)]
    let kick = if rq.nr_running() >= 2 {
        true
    } else if rq.nr_cfs >= 1
        && check_cpu_capacity(&crate::engine::view::View { sim }, cpu, lowest_pct)
    {
        true
    } else if !fam.is_4x() && sim.sd.asym_level.is_some() {
        // asymmetric systems: only a misfit task kicks (not modelled), the LLC test is skipped
        false
    } else {
        nr_busy_cpus(sim, cpu) > 1
    };
    if !kick {
        return;
    }
    // kick_ilb / find_new_ilb
    let ilb = if fam.is_4x() {
        sim.lb.nohz.next_balance += 1;
        let first = sim.lb.nohz.idle_cpus_mask.first();
        first.filter(|&c| sim.idle_cpu(c))
    } else {
        sim.lb.nohz.next_balance = j + 1;
        sim.lb
            .nohz
            .idle_cpus_mask
            .iter()
            .find(|&c| (fam == LbFamily::V510 || c != cpu) && sim.idle_cpu(c))
    };
    if let Some(ilb) = ilb {
        nohz_idle_balance(sim, ilb);
    }
}

/// The ILB's pass: `nohz_idle_balance` (4.15) / `_nohz_idle_balance` (5.x) followed by the
/// ILB's own `rebalance_domains(CPU_IDLE)`.
fn nohz_idle_balance(sim: &mut Sim, ilb: Cpu) {
    let fam = LbFamily::of(sim.sd.version);
    let j = jiffies(sim);
    let mut nb = j + 60 * sim.p.hz as u64;
    let mut upd = false;
    let mask = sim.lb.nohz.idle_cpus_mask;
    let mut order = Vec::with_capacity(mask.weight());
    if fam == LbFamily::V515 {
        // for_each_cpu_wrap(b, idle_cpus_mask, this_cpu + 1): this CPU last
        let start = if (ilb as usize + 1) < sim.topo.nr_cpus() {
            ilb + 1
        } else {
            0
        };
        let mut cur = WrapCursor::new(start);
        while let Some(c) = cur.next(&mask) {
            order.push(c);
        }
    } else {
        order.extend(mask.iter().filter(|&c| c != ilb));
    }
    for b in order {
        if !sim.idle_cpu(b) {
            continue;
        }
        if j >= sim.lb.next_balance[b as usize] {
            if fam.is_4x() {
                // cpu_load_update_idle: decay the idle CPU's history to now
                if sim.rqs[b as usize].runnable_load.load_avg == 0 {
                    cpu_load_update_nohz(sim, b, 0);
                }
            }
            rebalance_domains(sim, b, CpuIdleType::Idle, Origin::Nohz);
        }
        if nb > sim.lb.next_balance[b as usize] {
            nb = sim.lb.next_balance[b as usize];
            upd = true;
        }
    }
    if upd {
        sim.lb.nohz.next_balance = nb;
    }
    if fam != LbFamily::V515 && sim.idle_cpu(ilb) {
        rebalance_domains(sim, ilb, CpuIdleType::Idle, Origin::Nohz);
    }
}
