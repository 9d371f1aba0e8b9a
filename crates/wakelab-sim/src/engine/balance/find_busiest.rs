//! `find_busiest_group` with `update_sd_lb_stats` / `update_sd_pick_busiest`,
//! `calculate_imbalance` (+ 4.x `fix_small_imbalance`, 5.x `adjust_numa_imbalance`) and
//! `find_busiest_queue` (spec §17.4-§17.6).

use serde::Serialize;

use crate::cpumask::{Cpu, cpulist};
use crate::topology::{SchedDomains, SdFlags};

use super::env::{LbEnv, MigrationType};
use super::lb_stats::{
    GroupType, SgInput, SgLbStats, cfs_h_nr_runnable, check_cpu_capacity, cpu_util, group_classify,
    group_cores, group_has_capacity_4x, group_is_smt, group_sgc, sgc_max_capacity,
    sgc_min_capacity, update_sg_lb_stats,
};
use super::state::LbState;
use super::view::LbView;
use super::{CpuIdleType, LbFamily, Trace};

/// `struct sd_lb_stats`.
#[derive(Clone, Debug, Serialize)]
pub struct SdLbStats {
    pub busiest: Option<SgLbStats>,
    pub local: SgLbStats,
    pub total_load: u64,
    pub total_capacity: u64,
    /// `sds->avg_load` (4.x always; 5.x only on the overloaded/local paths).
    pub avg_load: u64,
    /// Groups in list order with their stats (for the trace and the snapshot).
    pub groups: Vec<SgLbStats>,
    pub prefer_sibling: bool,
}

/// Whether `level`'s child has SD_PREFER_SIBLING (`sd->child->flags`).
fn child_prefers_sibling(sd: &SchedDomains, level: usize) -> bool {
    level > 0 && sd.levels[level - 1].flags.has(SdFlags::PREFER_SIBLING)
}

/// What `update_sd_pick_busiest` reads besides the two groups' statistics: the domain's
/// SD_ASYM_CPUCAPACITY flag and the capacities its test compares.
struct AsymCapacity {
    /// `env->sd->flags & SD_ASYM_CPUCAPACITY`.
    flag: bool,
    /// `sds->local->sgc->min_capacity`.
    local_min: u64,
    /// `sg->sgc->min_capacity`.
    sg_min: u64,
    /// `capacity_of(env->dst_cpu)` (5.15).
    dst: u64,
    /// `sds->local->sgc->max_capacity` and `sg->sgc->max_capacity` (the misfit test).
    local_max: u64,
    sg_max: u64,
}

impl AsymCapacity {
    /// The SD_ASYM_CPUCAPACITY refusal at the end of `update_sd_pick_busiest`: the candidate
    /// has higher per-CPU capacity than the destination ("Migrating tasks to less capable CPUs
    /// may harm throughput"). 4.15/4.16: `sum_nr_running <= group_weight &&
    /// group_smaller_cpu_capacity(sds->local, sg)` (`min_capacity * capacity_margin (1280) <
    /// ref min_capacity * 1024`); 5.10-5.12: for has_spare / fully_busy candidates,
    /// `group_smaller_min_cpu_capacity(sds->local, sg)` (`fits_capacity`, the same margin);
    /// 5.15: `capacity_greater(sg->sgc->min_capacity, capacity_of(env->dst_cpu))` (`cap1 *
    /// 1024 > cap2 * 1078`, 4aed8aa41524, v5.13).
    /// The misfit test at the head of `update_sd_pick_busiest`, "Don't try to pull misfit
    /// tasks we can't help": a misfit group is skipped unless the destination is bigger and
    /// the local group has spare capacity. 5.10 / 5.11: `group_smaller_max_cpu_capacity(sg,
    /// sds->local)` (`fits_capacity` of the two max capacities); 5.15:
    /// `capacity_greater(capacity_of(dst_cpu), sg->sgc->max_capacity)`; 6.18 the same, only
    /// at an SD_ASYM_CPUCAPACITY level (elsewhere a misfit group is a CPU of reduced capacity).
    fn misfit_cannot_help(&self, fam: LbFamily, sgs: &SgLbStats, local: GroupType) -> bool {
        if sgs.group_type != GroupType::MisfitTask || (fam >= LbFamily::V618 && !self.flag) {
            return false;
        }
        let bigger = match fam {
            LbFamily::V4 => return false,
            LbFamily::V510 | LbFamily::V511 => self.sg_max * 1280 < self.local_max * 1024,
            LbFamily::V515 | LbFamily::V618 => self.dst * 1024 > self.sg_max * 1078,
        };
        !bigger || local != GroupType::HasSpare
    }

    fn refuses(&self, fam: LbFamily, sgs: &SgLbStats) -> bool {
        if !self.flag {
            return false;
        }
        match fam {
            LbFamily::V4 => {
                sgs.sum_nr_running <= sgs.group_weight && self.local_min * 1280 < self.sg_min * 1024
            }
            LbFamily::V510 | LbFamily::V511 => {
                sgs.group_type.rank() <= GroupType::FullyBusy.rank()
                    && self.local_min * 1280 < self.sg_min * 1024
            }
            LbFamily::V515 | LbFamily::V618 => {
                sgs.group_type.rank() <= GroupType::FullyBusy.rank()
                    && self.sg_min * 1024 > self.dst * 1078
            }
        }
    }
}

/// 6.18 `smt_vs_nonsmt_groups(sg1, sg2)`: one group is an SMT core and the other is not (a
/// missing busiest group is neither).
fn smt_vs_nonsmt_groups(sg1: Option<&SgLbStats>, sg2: &SgLbStats) -> bool {
    sg1.is_some_and(|b| b.smt_group != sg2.smt_group)
}

/// 6.18's has_spare ordering (also smt_balance groups with an idle CPU): the group with fewer
/// idle CPUs, then more tasks.
fn busier_with_spare(busiest: &SgLbStats, sgs: &SgLbStats) -> bool {
    if sgs.idle_cpus > busiest.idle_cpus {
        false
    } else {
        !(sgs.idle_cpus == busiest.idle_cpus && sgs.sum_nr_running <= busiest.sum_nr_running)
    }
}

/// `update_sd_pick_busiest` (4.x, spec §17.4.2; 5.x, §17.5.2; 6.18.2 fair.c). SD_ASYM_PACKING
/// is not modelled (no level has it). `have_busiest`: `sds->busiest` is set.
fn update_sd_pick_busiest(
    fam: LbFamily,
    busiest: &SgLbStats,
    have_busiest: bool,
    sgs: &SgLbStats,
    local: GroupType,
    asym: &AsymCapacity,
    tr: &mut Trace,
) -> bool {
    if fam.is_4x() {
        if sgs.group_type.rank() > busiest.group_type.rank() {
            return true;
        }
        if sgs.group_type.rank() < busiest.group_type.rank() {
            return false;
        }
        if sgs.avg_load <= busiest.avg_load {
            return false;
        }
    } else {
        if sgs.sum_h_nr_running == 0 {
            return false;
        }
        if asym.misfit_cannot_help(fam, sgs, local) {
            tr.note(|| {
                format!(
                    "  update_sd_pick_busiest: {} not picked (misfit task we can't help: \
                     max_capacity {}, local group {})",
                    cpulist(&sgs.span),
                    asym.sg_max,
                    local.name()
                )
            });
            return false;
        }
        if sgs.group_type.rank() > busiest.group_type.rank() {
            return true;
        }
        if sgs.group_type.rank() < busiest.group_type.rank() {
            return false;
        }
        let take = match sgs.group_type {
            GroupType::Overloaded => sgs.avg_load > busiest.avg_load,
            // 6.18: a group with spare CPUs on either side compares as has_spare, else as
            // fully_busy
            GroupType::SmtBalance if sgs.idle_cpus != 0 || busiest.idle_cpus != 0 => {
                busier_with_spare(busiest, sgs)
            }
            // 6.18: avg_load is 0 for both, and the later group replaces the busiest unless
            // that is an SMT core ("SMT sched groups need more help than non-SMT groups")
            GroupType::FullyBusy | GroupType::SmtBalance if fam >= LbFamily::V618 => {
                if sgs.avg_load < busiest.avg_load {
                    false
                } else {
                    !(sgs.avg_load == busiest.avg_load && busiest.smt_group)
                }
            }
            GroupType::FullyBusy | GroupType::SmtBalance => sgs.avg_load > busiest.avg_load,
            // 6.18: do not pick an SMT core with one task over a group of plain CPUs
            GroupType::HasSpare
                if fam >= LbFamily::V618
                    && smt_vs_nonsmt_groups(have_busiest.then_some(busiest), sgs) =>
            {
                return !(sgs.smt_group && sgs.sum_h_nr_running <= 1);
            }
            // the first imbalanced group stays
            GroupType::Imbalanced => false,
            // the biggest misfit; 5.x: a tie goes to the later group, 6.18: the first stays
            GroupType::MisfitTask if fam >= LbFamily::V618 => {
                sgs.group_misfit_task_load > busiest.group_misfit_task_load
            }
            GroupType::MisfitTask => sgs.group_misfit_task_load >= busiest.group_misfit_task_load,
            GroupType::AsymPacking => false,
            GroupType::HasSpare | GroupType::Other => busier_with_spare(busiest, sgs),
        };
        if !take {
            return false;
        }
    }
    if asym.refuses(fam, sgs) {
        tr.note(|| {
            let (what, cap) = if fam >= LbFamily::V515 {
                ("capacity_of(dst_cpu)", asym.dst)
            } else {
                ("the local group's", asym.local_min)
            };
            format!(
                "  update_sd_pick_busiest: {} not picked (SD_ASYM_CPUCAPACITY: min_capacity {} \
                 against {what} {cap})",
                cpulist(&sgs.span),
                asym.sg_min,
            )
        });
        return false;
    }
    true
}

/// `update_sd_lb_stats(env, sds)`: walk the groups of `env.dst_cpu`'s domain in list order.
pub fn update_sd_lb_stats<V: LbView>(
    v: &V,
    st: &mut LbState,
    env: &LbEnv,
    tr: &mut Trace,
) -> SdLbStats {
    let sd = v.domains();
    let level = &sd.levels[env.level];
    let fam = env.family;
    let mut asym = AsymCapacity {
        flag: level.flags.has(SdFlags::ASYM_CPUCAPACITY),
        local_min: 0,
        sg_min: 0,
        dst: v.capacity_of(env.dst_cpu) as u64,
        local_max: 0,
        sg_max: 0,
    };
    let prefer_sibling = child_prefers_sibling(sd, env.level);
    let mut sds = SdLbStats {
        busiest: None,
        local: SgLbStats::initial(fam),
        total_load: 0,
        total_capacity: 0,
        avg_load: 0,
        groups: Vec::new(),
        prefer_sibling,
    };
    let mut busiest_stat = SgLbStats::initial(fam);
    let mut overload = false;
    for (gi, g) in level.groups_from(env.dst_cpu).enumerate() {
        let local_group = gi == 0;
        let first = g.first().unwrap_or(0);
        let sgc = group_sgc(v, env.level, g, local_group, env.idle, env.dst_cpu);
        let mut sgs = update_sg_lb_stats(
            v,
            &SgInput {
                family: fam,
                level,
                group: *g,
                cpus: env.cpus,
                local_group,
                idle: env.idle,
                sgc_imbalance: st.sgc_imbalance[env.level][first as usize],
                sgc,
                smt_group: group_is_smt(&sd.levels, env.level),
            },
        );
        if fam >= LbFamily::V618 {
            sgs.cores = group_cores(v.topology(), g);
        }
        overload |= sgs.overload;
        if local_group {
            sds.local = sgs;
            asym.local_min = sgc_min_capacity(v, sgc, g);
            asym.local_max = sgc_max_capacity(v, sgc, g);
        } else {
            asym.sg_min = sgc_min_capacity(v, sgc, g);
            asym.sg_max = sgc_max_capacity(v, sgc, g);
            // 4.x SD_PREFER_SIBLING: a group with 2+ more tasks than a local group with spare
            // capacity counts as overloaded (5.x moved this test to find_busiest_group)
            if fam.is_4x()
                && prefer_sibling
                && group_has_capacity_4x(level.imbalance_pct, &sds.local)
                && sgs.sum_nr_running > sds.local.sum_nr_running + 1
            {
                sgs.group_no_capacity = true;
                sgs.group_type = group_classify(
                    fam,
                    level.imbalance_pct,
                    &sgs,
                    st.sgc_imbalance[env.level][first as usize],
                );
            }
            if update_sd_pick_busiest(
                fam,
                &busiest_stat,
                sds.busiest.is_some(),
                &sgs,
                sds.local.group_type,
                &asym,
                tr,
            ) {
                busiest_stat = sgs;
                sds.busiest = Some(sgs);
            }
        }
        sds.total_load += sgs.group_load;
        sds.total_capacity += sgs.group_capacity;
        sds.groups.push(sgs);
    }
    // the top level rewrites rd->overload (the engine keeps NUMA_BALANCING's fbq off)
    if env.level + 1 == sd.levels.len() {
        st.overload = overload;
    }
    sds
}

/// 4.x `fix_small_imbalance` (spec §17.4.4): may raise the imbalance to one task's load.
fn fix_small_imbalance<V: LbView>(v: &V, env: &mut LbEnv, sds: &mut SdLbStats) {
    let busiest = sds.busiest.expect("busiest");
    let local = &mut sds.local;
    let mut imbn = 2;
    if local.sum_nr_running == 0 {
        // cpu_avg_load_per_task(dst_cpu)
        let nr = v.cfs_h_nr_running(env.dst_cpu) as u64;
        local.load_per_task = v
            .runnable_load_avg(env.dst_cpu)
            .checked_div(nr)
            .unwrap_or(0);
    } else if busiest.load_per_task > local.load_per_task {
        imbn = 1;
    }
    let scaled = busiest.load_per_task.saturating_mul(1024) / busiest.group_capacity;
    if busiest.avg_load.saturating_add(scaled)
        >= local.avg_load.saturating_add(scaled.saturating_mul(imbn))
    {
        env.imbalance = busiest.load_per_task as i64;
        return;
    }
    let mut capa_now = busiest
        .group_capacity
        .saturating_mul(busiest.load_per_task.min(busiest.avg_load));
    capa_now = capa_now.saturating_add(
        local
            .group_capacity
            .saturating_mul(local.load_per_task.min(local.avg_load)),
    );
    capa_now /= 1024;
    let mut capa_move = 0;
    if busiest.avg_load > scaled {
        capa_move += busiest
            .group_capacity
            .saturating_mul(busiest.load_per_task.min(busiest.avg_load - scaled));
    }
    let bl = busiest.avg_load.saturating_mul(busiest.group_capacity);
    let lpt = busiest.load_per_task.saturating_mul(1024);
    let tmp = if bl < lpt {
        bl / local.group_capacity
    } else {
        lpt / local.group_capacity
    };
    capa_move = capa_move.saturating_add(
        local
            .group_capacity
            .saturating_mul(local.load_per_task.min(local.avg_load.saturating_add(tmp))),
    );
    capa_move /= 1024;
    if capa_move > capa_now {
        env.imbalance = busiest.load_per_task as i64;
    }
}

/// 4.x `calculate_imbalance` (spec §17.4.4), load units.
fn calculate_imbalance_4x<V: LbView>(v: &V, env: &mut LbEnv, sds: &mut SdLbStats) {
    let busiest = sds.busiest.as_mut().expect("busiest");
    if busiest.group_type == GroupType::Imbalanced {
        busiest.load_per_task = busiest.load_per_task.min(sds.avg_load);
    }
    let busiest = *busiest;
    let local = sds.local;
    if busiest.avg_load <= sds.avg_load || local.avg_load >= sds.avg_load {
        env.imbalance = 0;
        fix_small_imbalance(v, env, sds);
        return;
    }
    let mut load_above_capacity = u64::MAX;
    if busiest.group_type == GroupType::Overloaded && local.group_type == GroupType::Overloaded {
        let x = busiest.sum_nr_running as u64 * 1024;
        if x > busiest.group_capacity {
            load_above_capacity = (x - busiest.group_capacity) * 1024 / busiest.group_capacity;
        }
    }
    let max_pull = (busiest.avg_load - sds.avg_load).min(load_above_capacity);
    env.imbalance = (max_pull
        .saturating_mul(busiest.group_capacity)
        .min((sds.avg_load - local.avg_load).saturating_mul(local.group_capacity))
        / 1024)
        .min(i64::MAX as u64) as i64;
    if (env.imbalance as u64) < busiest.load_per_task {
        fix_small_imbalance(v, env, sds);
    }
}

/// `adjust_numa_imbalance` per version (spec §17.5.5; 6.18: `dst_running > imb_numa_nr`, on
/// the imbalance before it is halved).
fn adjust_numa_imbalance(
    fam: LbFamily,
    imb: i64,
    local: &SgLbStats,
    busiest: &SgLbStats,
    imb_numa_nr: u32,
) -> i64 {
    match fam {
        LbFamily::V618 => {
            if local.sum_nr_running + 1 > imb_numa_nr || imb > NUMA_IMBALANCE_MIN {
                imb
            } else {
                0
            }
        }
        LbFamily::V4 => imb,
        LbFamily::V510 => {
            if busiest.sum_nr_running <= 2 {
                0
            } else {
                imb
            }
        }
        LbFamily::V511 | LbFamily::V515 => {
            let (nr, w) = if fam == LbFamily::V511 {
                (busiest.sum_nr_running, busiest.group_weight)
            } else {
                (local.sum_nr_running + 1, local.group_weight)
            };
            if nr >= (w >> 2) {
                imb
            } else if imb <= 2 {
                0
            } else {
                imb
            }
        }
    }
}

/// `NUMA_IMBALANCE_MIN`.
const NUMA_IMBALANCE_MIN: i64 = 2;

/// 6.18 `sibling_imbalance(env, sds, busiest, local)`: the tasks to spread so both groups run
/// as many per core; 0 for a busy destination.
fn sibling_imbalance(env: &LbEnv, busiest: &SgLbStats, local: &SgLbStats) -> i64 {
    if env.idle == CpuIdleType::NotIdle || busiest.sum_nr_running == 0 {
        return 0;
    }
    let (ncores_busiest, ncores_local) = (busiest.cores as i64, local.cores as i64);
    let (b_nr, l_nr) = (busiest.sum_nr_running as i64, local.sum_nr_running as i64);
    if ncores_busiest == ncores_local {
        return (b_nr - l_nr).max(0);
    }
    // balance such that nr_running / ncores is the same on both groups, rounded
    let mut imbalance = (ncores_local * b_nr - ncores_busiest * l_nr).max(0);
    imbalance = 2 * imbalance + ncores_local + ncores_busiest;
    imbalance /= ncores_local + ncores_busiest;
    // take advantage of resource in an empty sched group
    if imbalance <= 1 && l_nr == 0 && b_nr > 1 {
        imbalance = 2;
    }
    imbalance
}

/// 5.x `calculate_imbalance` (spec §17.5.4): sets the migration type and the imbalance.
fn calculate_imbalance_5x<V: LbView>(v: &V, env: &mut LbEnv, sds: &mut SdLbStats) {
    let sd = v.domains();
    let level = &sd.levels[env.level];
    let busiest = sds.busiest.expect("busiest");
    match busiest.group_type {
        // 6.18: a misfit group away from an SD_ASYM_CPUCAPACITY level is a CPU of reduced
        // capacity, whose load is moved
        GroupType::MisfitTask
            if env.family >= LbFamily::V618 && !level.flags.has(SdFlags::ASYM_CPUCAPACITY) =>
        {
            env.migration_type = MigrationType::Load;
            env.imbalance = busiest.group_misfit_task_load as i64;
            return;
        }
        GroupType::MisfitTask => {
            env.migration_type = MigrationType::Misfit;
            env.imbalance = 1;
            return;
        }
        GroupType::AsymPacking => {
            env.migration_type = MigrationType::Task;
            env.imbalance = busiest.sum_h_nr_running as i64;
            return;
        }
        GroupType::SmtBalance => {
            // reduce the number of tasks sharing CPU capacity
            env.migration_type = MigrationType::Task;
            env.imbalance = 1;
            return;
        }
        GroupType::Imbalanced => {
            env.migration_type = MigrationType::Task;
            env.imbalance = 1;
            return;
        }
        _ => {}
    }
    let local = sds.local;
    if local.group_type == GroupType::HasSpare {
        if busiest.group_type.rank() > GroupType::FullyBusy.rank()
            && !level.flags.has(SdFlags::SHARE_PKG_RESOURCES)
        {
            env.migration_type = MigrationType::Util;
            env.imbalance = (local.group_capacity.max(local.group_util) - local.group_util) as i64;
            if env.idle != CpuIdleType::NotIdle && env.imbalance == 0 {
                env.migration_type = MigrationType::Task;
                env.imbalance = 1;
            }
            return;
        }
        env.migration_type = MigrationType::Task;
        if env.family >= LbFamily::V618 {
            // the NUMA allowance sees the whole difference; halved after it
            env.imbalance = if busiest.group_weight == 1 || sds.prefer_sibling {
                sibling_imbalance(env, &busiest, &local)
            } else {
                // unsigned int subtraction in the kernel, then max_t(long, 0, ·)
                (local.idle_cpus.wrapping_sub(busiest.idle_cpus) as i64).max(0)
            };
            if level.flags.has(SdFlags::NUMA) {
                env.imbalance = adjust_numa_imbalance(
                    env.family,
                    env.imbalance,
                    &local,
                    &busiest,
                    level.imb_numa_nr,
                );
            }
            env.imbalance >>= 1;
            return;
        }
        if busiest.group_weight == 1 || sds.prefer_sibling {
            let d = busiest.sum_nr_running as i64 - local.sum_nr_running as i64;
            env.imbalance = d.max(0) >> 1;
        } else {
            // unsigned int subtraction in the kernel, then max_t(long, 0, ·) (spec §17.5.4)
            let d = local.idle_cpus.wrapping_sub(busiest.idle_cpus);
            env.imbalance = (d as i64).max(0) >> 1;
        }
        if level.flags.has(SdFlags::NUMA) {
            env.imbalance = adjust_numa_imbalance(env.family, env.imbalance, &local, &busiest, 0);
        }
        return;
    }
    if local.group_type.rank() < GroupType::Overloaded.rank() {
        sds.local.avg_load = local.group_load * 1024 / local.group_capacity;
        if env.family >= LbFamily::V618 {
            if sds.local.avg_load >= busiest.avg_load {
                env.imbalance = 0;
                return;
            }
            sds.avg_load = sds.total_load * 1024 / sds.total_capacity.max(1);
            // 6.18 (91dcf1e8068e, v5.19): local above the domain average pulls nothing
            if sds.local.avg_load >= sds.avg_load {
                env.imbalance = 0;
                return;
            }
        } else {
            sds.avg_load = sds.total_load * 1024 / sds.total_capacity.max(1);
            if sds.local.avg_load >= busiest.avg_load {
                env.imbalance = 0;
                return;
            }
        }
    }
    env.migration_type = MigrationType::Load;
    // unsigned long arithmetic as in fair.c: nothing above checks `local->avg_load <
    // sds->avg_load` for a fully busy local group, so with a domain of 3+ groups the second
    // difference can wrap and min() takes the first (pulling onto a busy CPU). Fixed upstream
    // by 91dcf1e8068e "sched/fair: Fix imbalance overflow" (v5.19), not in 5.10.7 or 5.15.85.
    let a = busiest
        .avg_load
        .wrapping_sub(sds.avg_load)
        .wrapping_mul(busiest.group_capacity);
    let b = sds
        .avg_load
        .wrapping_sub(sds.local.avg_load)
        .wrapping_mul(local.group_capacity);
    env.imbalance = (a.min(b) / 1024).min(i64::MAX as u64) as i64;
}

/// `find_busiest_group(env)`: the busiest group's stats and the statistics, or `None` when
/// balanced. Sets `env.imbalance` (and `env.migration_type` on 5.x).
pub fn find_busiest_group<V: LbView>(
    v: &V,
    st: &mut LbState,
    env: &mut LbEnv,
    tr: &mut Trace,
) -> (Option<SgLbStats>, SdLbStats) {
    let mut sds = update_sd_lb_stats(v, st, env, tr);
    for g in &sds.groups {
        tr.note(|| {
            format!(
                "  group {}: {} load {} util {} capacity {} nr {} h_nr {} idle {} avg_load {}",
                cpulist(&g.span),
                g.group_type.name(),
                g.group_load,
                g.group_util,
                g.group_capacity,
                g.sum_nr_running,
                g.sum_h_nr_running,
                g.idle_cpus,
                g.avg_load
            )
        });
    }
    let level = &v.domains().levels[env.level];
    let pct = level.imbalance_pct as u64;
    let fam = env.family;
    let verdict: Result<(), &'static str> = (|| {
        let Some(busiest) = sds.busiest else {
            return Err("no busiest group");
        };
        let local = sds.local;
        if fam.is_4x() {
            if busiest.sum_nr_running == 0 {
                return Err("busiest has no CFS task");
            }
            sds.avg_load = 1024 * sds.total_load / sds.total_capacity.max(1);
            if busiest.group_type == GroupType::Imbalanced {
                return Ok(());
            }
            if env.idle != CpuIdleType::NotIdle
                && group_has_capacity_4x(level.imbalance_pct, &local)
                && busiest.group_no_capacity
            {
                return Ok(());
            }
            if local.avg_load >= busiest.avg_load {
                return Err("local.avg_load >= busiest.avg_load");
            }
            if local.avg_load >= sds.avg_load {
                return Err("local.avg_load >= sds.avg_load");
            }
            if env.idle == CpuIdleType::Idle {
                if busiest.group_type != GroupType::Overloaded
                    && local.idle_cpus <= busiest.idle_cpus + 1
                {
                    return Err("CPU_IDLE: busiest not overloaded, idle_cpus within 1");
                }
            } else if busiest.avg_load.saturating_mul(100) <= local.avg_load.saturating_mul(pct) {
                return Err("100 * busiest.avg_load <= imbalance_pct * local.avg_load");
            }
            return Ok(());
        }
        if matches!(
            busiest.group_type,
            GroupType::MisfitTask | GroupType::AsymPacking | GroupType::Imbalanced
        ) {
            return Ok(());
        }
        if local.group_type.rank() > busiest.group_type.rank() {
            return Err("local.group_type > busiest.group_type");
        }
        if local.group_type == GroupType::Overloaded {
            if local.avg_load >= busiest.avg_load {
                return Err("local.avg_load >= busiest.avg_load");
            }
            sds.avg_load = sds.total_load * 1024 / sds.total_capacity.max(1);
            if local.avg_load >= sds.avg_load {
                return Err("local.avg_load >= sds.avg_load");
            }
            if busiest.avg_load.saturating_mul(100) <= local.avg_load.saturating_mul(pct) {
                return Err("100 * busiest.avg_load <= imbalance_pct * local.avg_load");
            }
        }
        if sds.prefer_sibling && local.group_type == GroupType::HasSpare {
            // 6.18: sibling_imbalance, 0 for a busy CPU
            let excess = if fam >= LbFamily::V618 {
                sibling_imbalance(env, &busiest, &local) > 1
            } else {
                busiest.sum_nr_running > local.sum_nr_running + 1
            };
            if excess {
                return Ok(());
            }
        }
        if busiest.group_type != GroupType::Overloaded {
            if env.idle == CpuIdleType::NotIdle {
                return Err("busiest not overloaded and this CPU is busy");
            }
            // 6.18: let a non-SMT CPU pull from an SMT core sharing with its sibling
            if busiest.group_type == GroupType::SmtBalance
                && smt_vs_nonsmt_groups(Some(&local), &busiest)
            {
                return Ok(());
            }
            if busiest.group_weight > 1 && local.idle_cpus <= busiest.idle_cpus + 1 {
                return Err("busiest not overloaded, local.idle_cpus <= busiest.idle_cpus + 1");
            }
            if busiest.sum_h_nr_running == 1 {
                return Err("busiest not overloaded, one CFS task");
            }
        }
        Ok(())
    })();
    if let Err(why) = verdict {
        tr.note(|| format!("  find_busiest_group: balanced ({why})"));
        env.imbalance = 0;
        return (None, sds);
    }
    if fam.is_4x() {
        calculate_imbalance_4x(v, env, &mut sds);
    } else {
        calculate_imbalance_5x(v, env, &mut sds);
    }
    let busiest = sds.busiest.expect("busiest");
    tr.note(|| {
        format!(
            "  find_busiest_group: busiest {} ({}), calculate_imbalance: {:?} {}",
            cpulist(&busiest.span),
            busiest.group_type.name(),
            env.migration_type,
            env.imbalance
        )
    });
    if !fam.is_4x() && env.imbalance == 0 {
        // 5.5+: `return env->imbalance ? sds.busiest : NULL`
        return (None, sds);
    }
    (Some(busiest), sds)
}

/// `find_busiest_queue(env, group)` (spec §17.6; the SD_ASYM_CPUCAPACITY skip per version from
/// 4.15.11, 5.10.7 and 5.15.85 fair.c).
pub fn find_busiest_queue<V: LbView>(v: &V, env: &LbEnv, group: &SgLbStats) -> Option<Cpu> {
    let level = &v.domains().levels[env.level];
    let pct = level.imbalance_pct;
    let asym = level.flags.has(SdFlags::ASYM_CPUCAPACITY);
    let mut busiest = None;
    let (mut best_load, mut best_cap) = (0u64, 1u64);
    let mut best_util = 0u64;
    let mut best_nr = 0u32;
    for i in group.span.and(&env.cpus).iter() {
        let nr = cfs_h_nr_runnable(v, i, env.family);
        if env.family >= LbFamily::V515 && nr == 0 {
            continue;
        }
        let capacity = v.capacity_of(i) as u64;
        // SD_ASYM_CPUCAPACITY: leave a CPU with one CFS task that a lower-capacity dst_cpu
        // could only take by an active balance (4ad3831a9d4a, v4.20: not in 4.15/4.16). 5.10 /
        // 5.11: `capacity_of(dst_cpu) < capacity`; 5.15: `!capacity_greater(capacity_of(dst_cpu),
        // capacity)` (4aed8aa41524, v5.13), so also a CPU of about the same capacity.
        let dst_cap = v.capacity_of(env.dst_cpu) as u64;
        let asym_skip = match env.family {
            LbFamily::V4 => false,
            LbFamily::V510 | LbFamily::V511 => asym && dst_cap < capacity && nr == 1,
            LbFamily::V515 | LbFamily::V618 => asym && dst_cap * 1024 <= capacity * 1078 && nr == 1,
        };
        if asym_skip {
            continue;
        }
        let by_load = |load: u64, rq_nr: u32| -> bool {
            !(rq_nr == 1 && load as i64 > env.imbalance && !check_cpu_capacity(v, i, pct))
        };
        if env.family.is_4x() {
            let wl = v.runnable_load_avg(i);
            if !by_load(wl, v.nr_running(i)) {
                continue;
            }
            if wl * best_cap > best_load * capacity {
                (best_load, best_cap, busiest) = (wl, capacity, Some(i));
            }
            continue;
        }
        match env.migration_type {
            MigrationType::Load => {
                let load = v.cpu_load(i);
                if !by_load(load, nr) {
                    continue;
                }
                if load * best_cap > best_load * capacity {
                    (best_load, best_cap, busiest) = (load, capacity, Some(i));
                }
            }
            MigrationType::Util => {
                // 6.18: cpu_util_cfs_boost (runnable_avg counts too: "boost")
                let util = if env.family >= LbFamily::V618 {
                    cpu_util(v, i, env.family)
                        .max(v.cpu_runnable(i))
                        .min(v.domains().capacity_orig[i as usize] as u64)
                } else {
                    cpu_util(v, i, env.family)
                };
                if nr <= 1 {
                    continue;
                }
                if best_util < util {
                    (best_util, busiest) = (util, Some(i));
                }
            }
            MigrationType::Task => {
                if best_nr < nr {
                    (best_nr, busiest) = (nr, Some(i));
                }
            }
            // "For ASYM_CPUCAPACITY domains with misfit tasks we simply seek the
            // 'biggest' misfit task."
            MigrationType::Misfit => {
                let misfit = v.misfit_task_load(i);
                if misfit > best_load {
                    (best_load, busiest) = (misfit, Some(i));
                }
            }
        }
    }
    busiest
}
