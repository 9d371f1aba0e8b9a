//! The slow path (§8): `find_idlest_cpu`, `find_idlest_group` (4.x and the 5.x group_type
//! model with `update_sg_wakeup_stats` / `update_pick_idlest`), `find_idlest_group_cpu`, and
//! `capacity_spare_wake` / `cpu_util_wake`.

use crate::cpumask::{Cpu, CpuMask};
use crate::kernel::patches::{NumaSpareRule, SlowPath};
use crate::topology::SdFlags;

use super::super::explain::{Explain, Func, Verdict};
use super::super::{SchedView, SdFlag, TaskPlacement};
use super::{Ctx, SCHED_CAPACITY_SCALE, fits_capacity};

/// `find_idlest_cpu` (§8.1): descend from `sd` (a level index of `cpu`'s hierarchy).
pub(super) fn find_idlest_cpu<V: SchedView, E: Explain>(
    c: &mut Ctx<V, E>,
    sd_level: usize,
    p: &TaskPlacement,
    cpu: Cpu,
    prev_cpu: Cpu,
    sd_flag: SdFlag,
) -> Cpu {
    c.enter(Func::FindIdlestCpu);
    let domains = c.view.domains();
    if !domains.levels[sd_level].span(cpu).intersects(&p.allowed) {
        return c
            .leave(Func::FindIdlestCpu, Some(prev_cpu))
            .unwrap_or(prev_cpu);
    }
    let mut cpu = cpu;
    let mut new_cpu = cpu;
    let mut sd = Some(sd_level);
    while let Some(level) = sd {
        let child = level.checked_sub(1);
        let lvl = &domains.levels[level];
        if !lvl.flags.has(sd_flag.bits()) {
            sd = child;
            continue;
        }
        let group = match c.b.slow_path {
            SlowPath::V4 => find_idlest_group(c, level, p, cpu, sd_flag),
            SlowPath::V5 => find_idlest_group_5x(c, level, p, cpu, sd_flag),
        };
        let Some(group) = group else {
            sd = child;
            continue;
        };
        new_cpu = find_idlest_group_cpu(c, &group, p, cpu);
        if new_cpu == cpu {
            // Now try balancing at a lower domain level of 'cpu'.
            sd = child;
            continue;
        }
        // Now try balancing at a lower domain level of 'new_cpu'.
        cpu = new_cpu;
        let weight = lvl.span_weight(cpu);
        sd = None;
        for (i, tmp) in domains.levels.iter().enumerate() {
            if weight <= tmp.span_weight(cpu) {
                break;
            }
            if tmp.flags.has(sd_flag.bits()) {
                sd = Some(i);
            }
        }
    }
    c.leave(Func::FindIdlestCpu, Some(new_cpu));
    new_cpu
}

impl<V: SchedView, E: Explain> Ctx<'_, V, E> {
    /// `cpu_util_wake(cpu, p)` — 4.15/4.16 (§8.2): remove p's own blocked util from its prev CPU.
    fn cpu_util_wake(&self, cpu: Cpu, p: &TaskPlacement) -> u64 {
        if cpu != p.prev_cpu || p.is_new {
            return self.cpu_util(cpu);
        }
        let util = self.view.cfs_util_avg(cpu) as u64;
        let util = util - util.min(p.util_avg as u64);
        util.min(self.capacity_orig_of(cpu))
    }

    /// `capacity_spare_wake` — 4.15: orig − util; 4.16 (rt-irq-spare-capacity): max(capacity_of
    /// − util, 0) (§8.2).
    fn capacity_spare_wake(&self, cpu: Cpu, p: &TaskPlacement) -> u64 {
        let util = self.cpu_util_wake(cpu, p);
        if self.b.spare_uses_capacity_of {
            // rt-irq-spare-capacity: RT/IRQ pressure (capacity_of) counts, clamped at 0.
            (self.view.capacity_of(cpu) as i64 - util as i64).max(0) as u64
        } else {
            self.capacity_orig_of(cpu).wrapping_sub(util)
        }
    }
}

/// `find_idlest_group` — 4.15/4.16 (§8.3), incl. the min_runnable quirk of the "similar
/// runnable load" branch and C's unsigned wrap-around on ULONG_MAX sums.
fn find_idlest_group<V: SchedView, E: Explain>(
    c: &mut Ctx<V, E>,
    level: usize,
    p: &TaskPlacement,
    this_cpu: Cpu,
    sd_flag: SdFlag,
) -> Option<CpuMask> {
    c.enter(Func::FindIdlestGroup);
    let lvl = &c.view.domains().levels[level];
    let pct = lvl.imbalance_pct as u64;
    let imbalance_scale: u64 = 100 + (pct - 100) / 2;
    let imbalance: u64 = SCHED_CAPACITY_SCALE * (pct - 100) / 100;
    let mut idlest: Option<CpuMask> = None;
    let mut most_spare_sg: Option<CpuMask> = None;
    let mut min_runnable_load = u64::MAX;
    let mut this_runnable_load = u64::MAX;
    let mut min_avg_load = u64::MAX;
    let mut this_avg_load = u64::MAX;
    let mut most_spare: u64 = 0;
    let mut this_spare: u64 = 0;
    for group in lvl.groups_from(this_cpu) {
        if !group.intersects(&p.allowed) {
            continue;
        }
        let local_group = group.test(this_cpu);
        let mut avg_load: u64 = 0;
        let mut runnable_load: u64 = 0;
        let mut max_spare_cap: u64 = 0;
        let mut capacity: u64 = 0;
        for i in group.iter() {
            c.scanned += 1;
            // source_load / target_load at forkexec_idx/wake_idx 0 = weighted_cpuload.
            runnable_load += c.view.runnable_load_avg(i);
            avg_load += c.view.cpu_load(i);
            let spare_cap = c.capacity_spare_wake(i, p);
            if spare_cap > max_spare_cap {
                max_spare_cap = spare_cap;
            }
            capacity += c.view.capacity_of(i) as u64;
        }
        // "Adjust by relative CPU capacity of the group": group->sgc->capacity, as stored
        let capacity = c
            .view
            .stored_sgc(level, group)
            .and_then(|g| g.capacity)
            .unwrap_or(capacity)
            .max(1);
        avg_load = avg_load * SCHED_CAPACITY_SCALE / capacity;
        runnable_load = runnable_load * SCHED_CAPACITY_SCALE / capacity;
        if local_group {
            this_runnable_load = runnable_load;
            this_avg_load = avg_load;
            this_spare = max_spare_cap;
        } else {
            if min_runnable_load > runnable_load.wrapping_add(imbalance) {
                // The runnable load is significantly smaller.
                min_runnable_load = runnable_load;
                min_avg_load = avg_load;
                idlest = Some(*group);
            } else if runnable_load < min_runnable_load.wrapping_add(imbalance)
                && min_avg_load.wrapping_mul(100) > imbalance_scale.wrapping_mul(avg_load)
            {
                // Runnable loads are close: take blocked load into account. min_runnable_load
                // keeps the previous group's value (reproduced as in the kernel).
                min_avg_load = avg_load;
                idlest = Some(*group);
            }
            if most_spare < max_spare_cap {
                most_spare = max_spare_cap;
                most_spare_sg = Some(*group);
            }
        }
    }
    c.val("this_runnable_load", this_runnable_load as i64);
    c.val("min_runnable_load", min_runnable_load as i64);
    c.val("this_spare", this_spare as i64);
    c.val("most_spare", most_spare as i64);
    let task_util = p.util_avg as u64;
    let r = 'r: {
        // Only consider spare capacity when util is meaningful (not for fork).
        if sd_flag != SdFlag::Fork {
            if this_spare > task_util / 2
                && imbalance_scale.wrapping_mul(this_spare) > most_spare.wrapping_mul(100)
            {
                break 'r None;
            }
            if most_spare > task_util / 2 {
                break 'r most_spare_sg;
            }
        }
        let Some(idlest) = idlest else {
            break 'r None;
        };
        if min_runnable_load > this_runnable_load.wrapping_add(imbalance) {
            break 'r None;
        }
        if this_runnable_load < min_runnable_load.wrapping_add(imbalance)
            && this_avg_load.wrapping_mul(100) < imbalance_scale.wrapping_mul(min_avg_load)
        {
            break 'r None;
        }
        Some(idlest)
    };
    c.leave(Func::FindIdlestGroup, r.and_then(|g| g.first()));
    r
}

/// 5.x group classification (`enum group_type` without asym_packing, §8.5). Lower is idler.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum GroupType {
    HasSpare,
    FullyBusy,
    Misfit,
    /// `sg_imbalanced(group)`: the group's `sgc->imbalance` is set (only a snapshot's `groups`
    /// set it here; "not used in the slow wakeup path" beyond ranking).
    Imbalanced,
    Overloaded,
}

#[derive(Clone, Copy, Debug)]
struct SgStats {
    group_type: GroupType,
    avg_load: u64,
    group_util: u64,
    idle_cpus: u32,
    sum_nr_running: u32,
    group_weight: u32,
    max_capacity: u64,
}

/// `update_sg_wakeup_stats` (5.10+, §8.5): group statistics with p removed.
fn update_sg_wakeup_stats<V: SchedView, E: Explain>(
    c: &mut Ctx<V, E>,
    level: usize,
    group: &CpuMask,
    p: &TaskPlacement,
    sd_flag: SdFlag,
) -> SgStats {
    let view = c.view;
    let lvl = &view.domains().levels[level];
    let pct = lvl.imbalance_pct as u64;
    // p is accounted on prev (its blocked contribution) unless new; queued there only for exec.
    let accounted = |i: Cpu| i == p.prev_cpu && !p.is_new;
    let running_on = |i: Cpu| sd_flag == SdFlag::Exec && accounted(i);
    let (mut load, mut util, mut runnable, mut capacity, mut max_capacity) = (0u64, 0, 0, 0, 0);
    let (mut sum_nr, mut idle_cpus) = (0u32, 0u32);
    for i in group.iter() {
        c.scanned += 1;
        let acc = accounted(i);
        let run = running_on(i) as u32;
        // cpu_load_without
        let l = view.cpu_load(i);
        load += if acc { l.saturating_sub(p.load_avg) } else { l };
        // cpu_util_without
        let u = if acc {
            let mut u = (view.cfs_util_avg(i) as u64).saturating_sub(p.util_avg as u64);
            let mut est = view.util_est_enqueued(i) as u64;
            if run == 1 {
                est = est.saturating_sub(p.util_est as u64);
            }
            u = u.max(est);
            u.min(c.capacity_orig_of(i))
        } else {
            c.cpu_util(i)
        };
        util += u;
        // cpu_runnable_without: `lsub_positive(&runnable, p->se.avg.runnable_avg)` on
        // task_cpu(p) unless p is new. Without the task's runnable_avg the model subtracts its
        // util_avg, for exec only (the 5.x slow path's only caller with p accounted).
        let p_runnable = match p.runnable_avg {
            Some(x) if acc => x,
            None if run == 1 => p.util_avg as u64,
            _ => 0,
        };
        runnable += view.cfs_runnable_avg(i).saturating_sub(p_runnable);
        let nr_running = view.nr_running(i).saturating_sub(run);
        sum_nr += nr_running;
        // `if (!nr_running && idle_cpu_without(i, p))`: idle_cpu_without is 0 unless curr is
        // the idle task or p (exec: p runs on i), and 0 with `rq->ttwu_pending` either way.
        let idle_without = if run == 1 {
            !view.ttwu_pending(i)
        } else {
            view.idle_cpu(i)
        };
        if nr_running == 0 && idle_without {
            idle_cpus += 1;
        }
        let cap = view.capacity_of(i) as u64;
        capacity += cap;
        max_capacity = max_capacity.max(cap);
    }
    // group->sgc->capacity / max_capacity / imbalance, as stored
    let sgc = view.stored_sgc(level, group).unwrap_or_default();
    let capacity = sgc.capacity.unwrap_or(capacity).max(1);
    let max_capacity = sgc.max_capacity.unwrap_or(max_capacity);
    let weight = group.weight() as u32;
    let misfit = lvl.flags.has(SdFlags::ASYM_CPUCAPACITY)
        && !fits_capacity(p.util(true) as u64, max_capacity);
    // group_is_overloaded / group_has_capacity (imbalance_pct = sd's).
    let overloaded =
        sum_nr > weight && (capacity * 100 < util * pct || capacity * pct < runnable * 100);
    let has_capacity =
        sum_nr < weight || (capacity * pct >= runnable * 100 && capacity * 100 > util * pct);
    // group_classify: overloaded, imbalanced, (asym_packing), misfit, fully_busy, has_spare
    let group_type = if overloaded {
        GroupType::Overloaded
    } else if sgc.imbalance {
        GroupType::Imbalanced
    } else if misfit {
        GroupType::Misfit
    } else if !has_capacity {
        GroupType::FullyBusy
    } else {
        GroupType::HasSpare
    };
    let avg_load = if matches!(group_type, GroupType::FullyBusy | GroupType::Overloaded) {
        load * SCHED_CAPACITY_SCALE / capacity
    } else {
        0
    };
    SgStats {
        group_type,
        avg_load,
        group_util: util,
        idle_cpus,
        sum_nr_running: sum_nr,
        group_weight: weight,
        max_capacity,
    }
}

/// `update_pick_idlest` (5.10+).
fn update_pick_idlest(idlest: &SgStats, sgs: &SgStats) -> bool {
    if sgs.group_type < idlest.group_type {
        return true;
    }
    if sgs.group_type > idlest.group_type {
        return false;
    }
    match sgs.group_type {
        GroupType::Overloaded | GroupType::FullyBusy => idlest.avg_load > sgs.avg_load,
        GroupType::Misfit => idlest.max_capacity < sgs.max_capacity,
        // "Those types are not used in the slow wakeup path"
        GroupType::Imbalanced => false,
        GroupType::HasSpare => {
            !(idlest.idle_cpus > sgs.idle_cpus
                || (idlest.idle_cpus == sgs.idle_cpus && idlest.group_util <= sgs.group_util))
        }
    }
}

/// `find_idlest_group` — 5.10+ group_type model (§8.5; the asym-packing type and NUMA
/// balancing preferences are not modelled).
fn find_idlest_group_5x<V: SchedView, E: Explain>(
    c: &mut Ctx<V, E>,
    level: usize,
    p: &TaskPlacement,
    this_cpu: Cpu,
    sd_flag: SdFlag,
) -> Option<CpuMask> {
    c.enter(Func::FindIdlestGroup);
    let lvl = &c.view.domains().levels[level];
    let pct = lvl.imbalance_pct as u64;
    let numa = lvl.flags.has(SdFlags::NUMA);
    let span_weight = lvl.span_weight(this_cpu) as u32;
    let mut idlest: Option<(CpuMask, SgStats)> = None;
    let mut local: Option<SgStats> = None;
    let init = SgStats {
        group_type: GroupType::Overloaded,
        avg_load: u32::MAX as u64,
        group_util: 0,
        idle_cpus: 0,
        sum_nr_running: 0,
        group_weight: 0,
        max_capacity: 0,
    };
    for group in lvl.groups_from(this_cpu) {
        if !group.intersects(&p.allowed) {
            continue;
        }
        let sgs = update_sg_wakeup_stats(c, level, group, p, sd_flag);
        if group.test(this_cpu) {
            local = Some(sgs);
            continue;
        }
        let cur = idlest.as_ref().map(|x| x.1).unwrap_or(init);
        if update_pick_idlest(&cur, &sgs) {
            idlest = Some((*group, sgs));
        }
    }
    let r = 'r: {
        let Some((ig, idl)) = idlest else {
            break 'r None;
        };
        let Some(loc) = local else {
            break 'r Some(ig);
        };
        if loc.group_type < idl.group_type {
            break 'r None;
        }
        if loc.group_type > idl.group_type {
            break 'r Some(ig);
        }
        match loc.group_type {
            GroupType::Overloaded | GroupType::FullyBusy => {
                let imbalance = SCHED_CAPACITY_SCALE * (pct - 100) / 100;
                if numa && idl.avg_load + imbalance >= loc.avg_load {
                    break 'r None;
                }
                if idl.avg_load >= loc.avg_load + imbalance {
                    break 'r None;
                }
                if 100 * loc.avg_load <= pct * idl.avg_load {
                    break 'r None;
                }
                Some(ig)
            }
            // "Those type are not used in the slow wakeup path"
            GroupType::Imbalanced => None,
            GroupType::Misfit => {
                if loc.max_capacity >= idl.max_capacity {
                    None
                } else {
                    Some(ig)
                }
            }
            GroupType::HasSpare => {
                if numa {
                    let stay = match c.b.numa_spare_rule {
                        NumaSpareRule::LocalIdle => loc.idle_cpus > 0,
                        NumaSpareRule::QuarterSpan => loc.sum_nr_running < span_weight / 4,
                        NumaSpareRule::QuarterGroupPlusOne => {
                            loc.sum_nr_running + 1 < loc.group_weight / 4
                        }
                    };
                    if stay {
                        break 'r None;
                    }
                }
                if loc.idle_cpus >= idl.idle_cpus {
                    break 'r None;
                }
                Some(ig)
            }
        }
    };
    c.leave(Func::FindIdlestGroup, r.and_then(|g| g.first()));
    r
}

/// `find_idlest_group_cpu` — 4.15 (tie prefers this_cpu), 4.16 (§8.4), 5.x (sched_idle
/// returned at once, cpu_load; §8.5).
fn find_idlest_group_cpu<V: SchedView, E: Explain>(
    c: &mut Ctx<V, E>,
    group: &CpuMask,
    p: &TaskPlacement,
    this_cpu: Cpu,
) -> Cpu {
    c.enter(Func::FindIdlestGroupCpu);
    if group.weight() == 1 {
        let cpu = group.first().expect("weight 1");
        c.leave(Func::FindIdlestGroupCpu, Some(cpu));
        return cpu;
    }
    let b = c.b;
    let v4 = b.slow_path == SlowPath::V4;
    let mut min_load = u64::MAX;
    let mut min_exit_latency = u32::MAX;
    let mut latest_idle_timestamp = 0u64;
    let mut least_loaded_cpu = this_cpu;
    let mut shallowest_idle_cpu: Option<Cpu> = None;
    let cpus = group.and(&p.allowed);
    for i in cpus.iter() {
        if !v4 && c.sched_idle_cpu(i) {
            c.examine(Func::FindIdlestGroupCpu, i, Verdict::Idle);
            c.leave(Func::FindIdlestGroupCpu, Some(i));
            return i;
        }
        if c.available_idle_cpu(i) {
            let idle = c.view.idle_exit_latency(i);
            let stamp = c.view.idle_stamp(i);
            match idle {
                Some(lat) if lat < min_exit_latency => {
                    // Prefer the shallowest idle state.
                    min_exit_latency = lat;
                    latest_idle_timestamp = stamp;
                    shallowest_idle_cpu = Some(i);
                }
                _ if (idle.is_none() || idle == Some(min_exit_latency))
                    && stamp > latest_idle_timestamp =>
                {
                    // Same state (or none): prefer the most recently idled CPU.
                    latest_idle_timestamp = stamp;
                    shallowest_idle_cpu = Some(i);
                }
                _ => {}
            }
            c.examine(Func::FindIdlestGroupCpu, i, Verdict::Idle);
        } else if shallowest_idle_cpu.is_none() {
            let load = if v4 {
                c.view.runnable_load_avg(i)
            } else {
                c.view.cpu_load(i)
            };
            // 4.15 also takes this_cpu on a tie (removed in 4.16).
            if load < min_load
                || (b.idlest_cpu_tie_prefers_this && load == min_load && i == this_cpu)
            {
                min_load = load;
                least_loaded_cpu = i;
            }
            c.examine(Func::FindIdlestGroupCpu, i, Verdict::Busy);
        }
    }
    let r = shallowest_idle_cpu.unwrap_or(least_loaded_cpu);
    c.leave(Func::FindIdlestGroupCpu, Some(r));
    r
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::{KernelConfig, KernelVersion};
    use crate::placement::snapshot::Snapshot;
    use crate::placement::{NoExplain, Rule};

    /// §8.4: 4.15 prefers this_cpu on a load tie, 4.16 does not. (find_idlest_cpu never passes
    /// a group containing this_cpu, so this is only observable by calling the function directly.)
    #[test]
    fn find_idlest_group_cpu_tie_4_15_vs_4_16() {
        let json = r#"{"format":1,"machine":{"sockets":1,"cores_per_llc":4},
            "kernel":{"version":"4.15"},"cpus":[{"cpus":"0-3","nr_running":1}],
            "task":{"prev_cpu":0},"request":{"this_cpu":2}}"#;
        for (v, expect) in [(KernelVersion::V4_15, 2), (KernelVersion::V4_16, 0)] {
            let mut l = Snapshot::from_json(json).unwrap().load().unwrap();
            l.behaviour = KernelConfig::baseline(v).resolve().unwrap();
            let mut st = l.state.clone();
            let b = l.behaviour;
            let mut ex = NoExplain;
            let mut c = Ctx {
                view: &l,
                st: &mut st,
                b: &b,
                ex: &mut ex,
                this: 2,
                in_task: true,
                scanned: 0,
                rule: Rule::NoBalance,
                wake_avg_idle_used: 0,
                scan_examined: 0,
            };
            let group = CpuMask::first_n(4);
            assert_eq!(
                find_idlest_group_cpu(&mut c, &group, &l.task, 2),
                expect,
                "{v}"
            );
        }
    }
}
