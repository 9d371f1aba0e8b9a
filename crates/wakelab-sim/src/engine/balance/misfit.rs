//! Misfit tasks (v4.20, Morten Rasmussen's asymmetric-capacity series): on a machine whose
//! domains carry SD_ASYM_CPUCAPACITY, a CFS task whose utilisation does not fit its CPU's
//! capacity marks the runqueue (`rq->misfit_task_load`); the balancer then classifies the
//! group `group_misfit_task` and moves the task to a CPU of higher capacity, by an active
//! balance when it is the running task (lb_stats.rs, find_busiest.rs, detach.rs,
//! load_balance.rs). This file holds `update_misfit_status`, `task_fits_cpu` and the NOHZ
//! kick's `check_misfit_status`, read in 5.10.7, 5.11.14, 5.15.85 and 6.18.2 fair.c.
//!
//! 4.15 / 4.16 have no misfit (their asymmetric rule is `wake_cap` at wake-up). uclamp is not
//! modelled: no task has clamps, so 5.x `uclamp_task_util` and 6.18 `util_fits_cpu` reduce to
//! `fits_capacity(task_util_est(p), capacity_of(cpu))`.

use crate::cpumask::{Cpu, CpuMask};
use crate::engine::behaviour::SchedClass;
use crate::engine::sim::Sim;
use crate::engine::task::TaskId;
use crate::topology::SchedDomains;

use super::LbFamily;
use super::view::task_util_est;

/// `fits_capacity(cap, max)`: `cap * 1280 < max * 1024` (20% headroom).
#[inline]
pub fn fits_capacity(util: u64, capacity: u64) -> bool {
    util * 1280 < capacity * 1024
}

/// `sched_asym_cpucapacity` (5.x) / `sched_asym_cpucap_active()` (6.18): some level of the
/// domains has SD_ASYM_CPUCAPACITY. Never on 4.x, which has no misfit tasks.
pub fn asym_cpucap_active(sd: &SchedDomains) -> bool {
    !sd.version.is_4x() && sd.asym_level.is_some()
}

/// What `update_misfit_status` reads of the task.
#[derive(Clone, Copy, Debug)]
pub struct MisfitTask {
    /// `task_util_est(p)` ([`task_util_est`]).
    pub util_est: u64,
    /// `task_h_load(p)`.
    pub load: u64,
    /// `p->cpus_ptr`.
    pub allowed: CpuMask,
}

/// 6.18 `p->max_allowed_capacity` (`set_task_max_allowed_capacity`): the highest capacity of
/// `asym_cap_list` whose CPUs the task may use, i.e. the largest `arch_scale_cpu_capacity` of
/// its allowed CPUs.
fn max_allowed_capacity(sd: &SchedDomains, allowed: &CpuMask) -> u64 {
    allowed
        .iter()
        .filter_map(|c| sd.capacity_orig.get(c as usize))
        .map(|&c| c as u64)
        .max()
        .unwrap_or(0)
}

/// `update_misfit_status(p, rq)` once `sched_asym_cpucapacity` is known to be on: the new
/// `rq->misfit_task_load` of `cpu`, whose `capacity_of` is `capacity`, running `p` (`None`: the
/// CPU is going idle, `newidle_balance`'s first step).
pub fn misfit_task_load(sd: &SchedDomains, cpu: Cpu, capacity: u64, p: Option<&MisfitTask>) -> u64 {
    let fam = LbFamily::of(sd.version);
    let Some(p) = p else {
        return 0;
    };
    // 5.11+: a task that may run on one CPU only has nowhere to go
    if fam >= LbFamily::V511 && p.allowed.weight() == 1 {
        return 0;
    }
    // 6.18: already on the biggest CPU it may use
    if fam >= LbFamily::V618
        && sd.capacity_orig.get(cpu as usize).map(|&c| c as u64)
            == Some(max_allowed_capacity(sd, &p.allowed))
    {
        return 0;
    }
    // 5.x `task_fits_capacity(p, capacity_of(cpu))`, 6.18 `task_fits_cpu(p, cpu)`
    if fits_capacity(p.util_est, capacity) {
        return 0;
    }
    // "Make sure that misfit_task_load will not be null even if task_h_load() returns 0."
    p.load.max(1)
}

/// `check_misfit_status(rq, sd)` of `nohz_balancer_kick`, at the `sd_asym_cpucapacity` level
/// `asym_pct` is that level's `imbalance_pct`: 5.x kicks for a misfit task if a bigger CPU
/// exists (`cpu_capacity_orig < rd->max_cpu_capacity`) or this one's capacity is reduced
/// (`check_cpu_capacity`); 6.18 for any misfit task.
pub fn check_misfit_status(sim: &Sim, cpu: Cpu, asym_pct: u32) -> bool {
    let rq = &sim.rqs[cpu as usize];
    if rq.misfit_task_load == 0 {
        return false;
    }
    if LbFamily::of(sim.sd.version) >= LbFamily::V618 {
        return true;
    }
    let orig = sim.sd.capacity_orig[cpu as usize] as u64;
    orig < sim.sd.max_cpu_capacity as u64 || (rq.capacity as u64) * (asym_pct as u64) < orig * 100
}

/// The engine's `update_misfit_status(p, rq)`: at a CFS task's pick (`pick_next_task_fair`,
/// 6.18 `__set_next_task_fair`), at its tick (`task_tick_fair`) and with `None` when the CPU
/// goes idle (`newidle_balance`). A no-op unless the machine has asymmetric capacities.
#[inline]
pub(crate) fn update_misfit_status(sim: &mut Sim, cpu: Cpu, p: Option<TaskId>) {
    if !sim.misfit_active {
        return;
    }
    let task = p.map(|t| {
        let task = &sim.tasks[t as usize];
        debug_assert!(matches!(task.class, SchedClass::Fair { .. }));
        let ue = task.util_est_ewma.max(task.util_est_enqueued) as u64;
        MisfitTask {
            util_est: task_util_est(LbFamily::of(sim.sd.version), task.avg.util_avg as u64, ue),
            load: task.avg.load_avg,
            allowed: task.pl.allowed,
        }
    });
    let capacity = sim.rqs[cpu as usize].capacity as u64;
    sim.rqs[cpu as usize].misfit_task_load =
        misfit_task_load(&sim.sd, cpu, capacity, task.as_ref());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::{KernelVersion, TopologyFlags};
    use crate::topology::Topology;

    fn domains(version: KernelVersion) -> SchedDomains {
        let m = crate::presets::machine("pixel2").expect("preset");
        let topo = Topology::new(&m.shape).expect("topo");
        SchedDomains::build(&topo, version, TopologyFlags::Mainline)
    }

    fn task(util_est: u64, allowed: CpuMask) -> MisfitTask {
        MisfitTask {
            util_est,
            load: 0,
            allowed,
        }
    }

    #[test]
    fn a_task_too_big_for_its_cpu_is_misfit_from_5_10_on() {
        let all = CpuMask::first_n(8);
        for v in [
            KernelVersion::V5_10,
            KernelVersion::V5_15,
            KernelVersion::V6_18,
        ] {
            let sd = domains(v);
            assert!(asym_cpucap_active(&sd), "{v}");
            let little = sd.capacity_orig[0] as u64;
            // 80% of the little CPU's capacity fits (strictly below), more does not
            let fit = little * 1024 / 1280 - 1;
            assert_eq!(misfit_task_load(&sd, 0, little, Some(&task(fit, all))), 0);
            // task_h_load 0 still marks the runqueue: max(load, 1)
            assert_eq!(
                misfit_task_load(&sd, 0, little, Some(&task(fit + 2, all))),
                1
            );
            assert_eq!(misfit_task_load(&sd, 0, little, None), 0);
        }
        assert!(!asym_cpucap_active(&domains(KernelVersion::V4_15)));
    }

    #[test]
    fn pinned_tasks_and_the_biggest_cpu_are_not_misfit_per_version() {
        let sd = domains(KernelVersion::V5_10);
        let big = (0..8u16)
            .max_by_key(|&c| sd.capacity_orig[c as usize])
            .expect("cpu");
        let pinned = CpuMask::single(big);
        let cap = sd.capacity_orig[big as usize] as u64;
        // 5.10 has no nr_cpus_allowed test; 5.11 does
        assert_eq!(
            misfit_task_load(&sd, big, cap, Some(&task(1024, pinned))),
            1
        );
        let sd = domains(KernelVersion::V5_15);
        assert_eq!(
            misfit_task_load(&sd, big, cap, Some(&task(1024, pinned))),
            0
        );
        // 5.15: a big CPU whose capacity is below the task's need marks it; 6.18 does not
        // (already on the biggest CPU the task may use)
        let all = CpuMask::first_n(8);
        assert_eq!(misfit_task_load(&sd, big, cap, Some(&task(1024, all))), 1);
        let sd = domains(KernelVersion::V6_18);
        assert_eq!(misfit_task_load(&sd, big, cap, Some(&task(1024, all))), 0);
    }
}
