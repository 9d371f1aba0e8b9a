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

/// Busy CPUs of `cpu`'s LLC (`sd_llc_shared->nr_busy_cpus`, spec §17.10.1). A CPU stops
/// counting when it enters idle (4.15 `tick_nohz_idle_enter` -> `set_cpu_sd_state_idle`; 5.x
/// `nohz_balance_enter_idle`) and counts again only from its first busy tick
/// (`set_cpu_sd_state_busy`, from `nohz_kick_needed` / `nohz_balance_exit_idle`), not when it
/// merely leaves the idle loop. The engine stops the tick at every idle entry, so that is
/// exactly "not in `nohz.idle_cpus_mask`": both are entered in `nohz_balance_enter_idle` and
/// left at the first busy tick. CPUs that never went idle count (the counter starts at the
/// LLC's weight).
fn nr_busy_cpus(sim: &Sim, cpu: Cpu) -> usize {
    match sim.sd.llc() {
        Some(l) => l
            .span(cpu)
            .iter()
            .filter(|&c| !sim.lb.nohz.idle_cpus_mask.test(c))
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
    } else if (if fam >= LbFamily::V618 {
        // `cfs.h_nr_runnable`: delayed tasks left out
        rq.nr_cfs - rq.nr_delayed
    } else {
        rq.nr_cfs
    }) >= 1
        && check_cpu_capacity(&crate::engine::view::View { sim }, cpu, lowest_pct)
    {
        true
    } else if let (false, Some(asym)) = (fam.is_4x(), sim.sd.asym_level) {
        // sd_asym_cpucapacity: a misfit task that a bigger CPU could run kicks; "For
        // asymmetric systems, we do not want to nicely balance cache use": the LLC test is
        // skipped
        super::misfit::check_misfit_status(sim, cpu, sim.sd.levels[asym].imbalance_pct)
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
    if fam >= LbFamily::V515 {
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
    if fam < LbFamily::V515 && sim.idle_cpu(ilb) {
        rebalance_domains(sim, ilb, CpuIdleType::Idle, Origin::Nohz);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::experiment::{DetailOptions, build_input};

    /// T1's machine and kernel (skl-client-8t, 4.15), no task started yet.
    fn sim() -> Sim {
        let mut e = crate::presets::experiment("t1").unwrap();
        e.scenario.noise.background = false;
        let sc = e.variant_scenario(0);
        let (input, _, _) = build_input(&sc, 1, 1, DetailOptions::default()).unwrap();
        Sim::new(input).unwrap()
    }

    /// 4.15 `nohz_kick_needed`: `nr_busy_cpus` counts a CPU from its first busy tick
    /// (`set_cpu_sd_state_busy`), not from the moment it leaves the idle loop, so CPU 0's tick
    /// with one busy CPU in the LLC kicks no ILB while CPU 5 has left idle without ticking; CPU 5's
    /// first busy tick counts it and kicks.
    #[test]
    fn a_cpu_counts_as_busy_from_its_first_busy_tick() {
        let mut sim = sim();
        for c in 1..8 {
            sim.rqs[c as usize].idle = true;
            nohz_balance_enter_idle(&mut sim, c);
        }
        // CPU 5 leaves the idle loop (a wake-up), no tick yet: still NOHZ-idle
        sim.rqs[5].idle = false;
        let before = sim.lb.nohz.next_balance;
        nohz_balancer_kick(&mut sim, 0);
        assert_eq!(nr_busy_cpus(&sim, 0), 1);
        assert_eq!(sim.lb.nohz.next_balance, before, "no ILB kicked");
        // CPU 5's first busy tick: nohz_balance_exit_idle + set_cpu_sd_state_busy, then its
        // own kick check sees CPUs 0 and 5 busy
        nohz_balancer_kick(&mut sim, 5);
        assert_eq!(nr_busy_cpus(&sim, 0), 2);
        assert_ne!(sim.lb.nohz.next_balance, before, "the ILB was kicked");
    }
}
