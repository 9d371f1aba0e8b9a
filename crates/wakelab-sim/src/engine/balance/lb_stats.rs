//! Per-group statistics: `struct sg_lb_stats`, `update_sg_lb_stats`, `group_classify` and the
//! capacity predicates, per version family (spec §17.4.1 for 4.x, §17.5.1 for 5.5+).

use serde::Serialize;

use crate::cpumask::{Cpu, CpuMask};
use crate::placement::StoredSgc;
use crate::topology::{DomainLevel, SdFlags};

use super::view::LbView;
use super::{CpuIdleType, LbFamily};

/// `enum group_type`. 4.x uses Other < Imbalanced < Overloaded; 5.5+ uses HasSpare <
/// FullyBusy < MisfitTask < AsymPacking < Imbalanced < Overloaded; 6.6+ adds SmtBalance between
/// MisfitTask and AsymPacking. [`GroupType::rank`] keeps all three orders.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum GroupType {
    /// 4.x `group_other`.
    Other,
    HasSpare,
    FullyBusy,
    MisfitTask,
    /// 6.6+ `group_smt_balance`: an SMT core with 2+ CFS tasks, seen by an idle CPU.
    SmtBalance,
    AsymPacking,
    Imbalanced,
    Overloaded,
}

impl GroupType {
    pub fn rank(self) -> u8 {
        match self {
            GroupType::Other | GroupType::HasSpare => 0,
            GroupType::FullyBusy => 1,
            GroupType::MisfitTask => 2,
            GroupType::SmtBalance => 3,
            GroupType::AsymPacking => 4,
            GroupType::Imbalanced => 5,
            GroupType::Overloaded => 6,
        }
    }
    /// The kernel's name (`group_has_spare`, ...).
    pub fn name(self) -> &'static str {
        match self {
            GroupType::Other => "group_other",
            GroupType::HasSpare => "group_has_spare",
            GroupType::FullyBusy => "group_fully_busy",
            GroupType::MisfitTask => "group_misfit_task",
            GroupType::SmtBalance => "group_smt_balance",
            GroupType::AsymPacking => "group_asym_packing",
            GroupType::Imbalanced => "group_imbalanced",
            GroupType::Overloaded => "group_overloaded",
        }
    }
}

/// `struct sg_lb_stats` (fields of both families; the unused ones stay 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct SgLbStats {
    /// The group's CPUs.
    pub span: CpuMask,
    pub avg_load: u64,
    pub group_load: u64,
    pub group_capacity: u64,
    pub group_util: u64,
    /// 5.x `group_runnable`.
    pub group_runnable: u64,
    /// 4.x: CFS tasks; 5.x: all classes (`nr_running`).
    pub sum_nr_running: u32,
    /// 5.x `sum_h_nr_running` (CFS tasks).
    pub sum_h_nr_running: u32,
    pub idle_cpus: u32,
    pub group_weight: u32,
    pub group_type: GroupType,
    /// 4.x `sum_weighted_load` and `load_per_task`.
    pub sum_weighted_load: u64,
    pub load_per_task: u64,
    /// 4.x `group_no_capacity`.
    pub group_no_capacity: bool,
    /// Some CPU has `nr_running > 1` (feeds `rd->overload`).
    pub overload: bool,
    /// 6.18 `sg->flags & SD_SHARE_CPUCAPACITY`: the group is one SMT core (its child domain
    /// is an SMT level).
    #[serde(skip)]
    pub smt_group: bool,
    /// 6.18 `sg->cores`: the SMT cores the group spans.
    #[serde(skip)]
    pub cores: u32,
    /// 6.18 `sgs->group_smt_balance` (`smt_balance()`).
    #[serde(skip)]
    pub group_smt_balance: bool,
    /// 5.x `group_misfit_task_load`: the largest `rq->misfit_task_load` of a remote group's
    /// busy CPUs at an SD_ASYM_CPUCAPACITY level; 6.18 also, elsewhere, the load of a CPU
    /// with one CFS task and capacity reduced by RT/IRQ pressure (`sched_reduced_capacity`,
    /// seen by an idle CPU).
    #[serde(skip_serializing_if = "is_zero")]
    pub group_misfit_task_load: u64,
}

fn is_zero(x: &u64) -> bool {
    *x == 0
}

impl SgLbStats {
    /// `init_sd_lb_stats`' busiest stats: 4.x all zero / `group_other`; 5.x `group_has_spare`
    /// with `idle_cpus = UINT_MAX` (spec §17.5.2).
    pub fn initial(family: LbFamily) -> SgLbStats {
        SgLbStats {
            span: CpuMask::EMPTY,
            avg_load: 0,
            group_load: 0,
            group_capacity: 0,
            group_util: 0,
            group_runnable: 0,
            sum_nr_running: 0,
            sum_h_nr_running: 0,
            idle_cpus: if family.is_4x() { 0 } else { u32::MAX },
            group_weight: 0,
            group_type: if family.is_4x() {
                GroupType::Other
            } else {
                GroupType::HasSpare
            },
            sum_weighted_load: 0,
            load_per_task: 0,
            group_no_capacity: false,
            overload: false,
            smt_group: false,
            cores: 0,
            group_smt_balance: false,
            group_misfit_task_load: 0,
        }
    }
}

/// `cpu_util(c)` (§10.5): 4.x `min(util_avg, orig)`; 5.x with util_est.
pub fn cpu_util<V: LbView>(v: &V, cpu: Cpu, family: LbFamily) -> u64 {
    let u = v.cfs_util_avg(cpu) as u64;
    let u = if family.is_4x() {
        u
    } else {
        u.max(v.util_est_enqueued(cpu) as u64)
    };
    u.min(v.domains().capacity_orig[cpu as usize] as u64)
}

/// The CFS tasks the balancer counts on `cpu` (`sum_h_nr_running`, `find_busiest_queue`,
/// `need_active_balance`): `cfs.h_nr_running`, from 6.18 `cfs.h_nr_runnable`, which leaves out
/// the delayed (DELAY_DEQUEUE) tasks that `nr_running` keeps.
pub fn cfs_h_nr_runnable<V: LbView>(v: &V, cpu: Cpu, family: LbFamily) -> u32 {
    if family >= LbFamily::V618 {
        v.cfs_h_nr_running(cpu) - v.cfs_h_nr_delayed(cpu)
    } else {
        v.cfs_h_nr_running(cpu)
    }
}

/// `check_cpu_capacity(rq, sd)`: capacity noticeably reduced by RT/IRQ pressure.
pub fn check_cpu_capacity<V: LbView>(v: &V, cpu: Cpu, pct: u32) -> bool {
    let orig = v.domains().capacity_orig[cpu as usize] as u64;
    (v.capacity_of(cpu) as u64) * (pct as u64) < orig * 100
}

/// 6.18 `sched_reduced_capacity(rq, sd)`: one runnable CFS task (with more, the group is
/// overloaded) on a CPU whose capacity RT/IRQ pressure reduced (`check_cpu_capacity`).
fn sched_reduced_capacity<V: LbView>(v: &V, cpu: Cpu, fam: LbFamily, pct: u32) -> bool {
    cfs_h_nr_runnable(v, cpu, fam) == 1 && check_cpu_capacity(v, cpu, pct)
}

/// 4.x `source_load(cpu, idx)`: the low estimate (remote groups).
fn source_load<V: LbView>(v: &V, cpu: Cpu, idx: usize) -> u64 {
    let total = v.runnable_load_avg(cpu);
    if idx == 0 {
        return total;
    }
    v.cpu_load_idx(cpu, idx - 1).min(total)
}

/// 4.x `target_load(cpu, idx)`: the high estimate (the local group).
fn target_load<V: LbView>(v: &V, cpu: Cpu, idx: usize) -> u64 {
    let total = v.runnable_load_avg(cpu);
    if idx == 0 {
        return total;
    }
    v.cpu_load_idx(cpu, idx - 1).max(total)
}

/// 4.x `get_sd_load_idx(sd, idle)`: busy_idx, idle_idx or newidle_idx (0 on every level).
pub fn get_sd_load_idx(level: &DomainLevel, idle: CpuIdleType) -> usize {
    match idle {
        CpuIdleType::NotIdle => level.busy_idx as usize,
        CpuIdleType::Idle => level.idle_idx as usize,
        CpuIdleType::NewlyIdle => 0,
    }
}

/// 4.x `group_has_capacity(env, sgs)`.
pub fn group_has_capacity_4x(pct: u32, s: &SgLbStats) -> bool {
    s.sum_nr_running < s.group_weight || s.group_capacity * 100 > s.group_util * pct as u64
}

/// 4.x `group_is_overloaded(env, sgs)`.
pub fn group_is_overloaded_4x(pct: u32, s: &SgLbStats) -> bool {
    s.sum_nr_running > s.group_weight && s.group_capacity * 100 < s.group_util * pct as u64
}

/// 5.x `group_has_capacity(imbalance_pct, sgs)`.
pub fn group_has_capacity_5x(pct: u32, s: &SgLbStats) -> bool {
    let pct = pct as u64;
    if s.sum_nr_running < s.group_weight {
        return true;
    }
    if s.group_capacity * pct < s.group_runnable * 100 {
        return false;
    }
    s.group_capacity * 100 > s.group_util * pct
}

/// 5.x `group_is_overloaded(imbalance_pct, sgs)`.
pub fn group_is_overloaded_5x(pct: u32, s: &SgLbStats) -> bool {
    let pct = pct as u64;
    if s.sum_nr_running <= s.group_weight {
        return false;
    }
    if s.group_capacity * 100 < s.group_util * pct {
        return true;
    }
    s.group_capacity * pct < s.group_runnable * 100
}

/// `group_classify`: 4.x (no_capacity, sgc imbalance, other); 5.x (overloaded, imbalanced,
/// asym_packing, misfit, fully_busy, has_spare); 6.18 puts smt_balance after asym_packing.
/// Asym packing is not modelled (docs/model.md: no level has SD_ASYM_PACKING).
pub fn group_classify(family: LbFamily, pct: u32, s: &SgLbStats, sgc_imbalance: bool) -> GroupType {
    if family.is_4x() {
        if s.group_no_capacity {
            GroupType::Overloaded
        } else if sgc_imbalance {
            GroupType::Imbalanced
        } else {
            GroupType::Other
        }
    } else if group_is_overloaded_5x(pct, s) {
        GroupType::Overloaded
    } else if sgc_imbalance {
        GroupType::Imbalanced
    } else if s.group_smt_balance {
        GroupType::SmtBalance
    } else if s.group_misfit_task_load != 0 {
        GroupType::MisfitTask
    } else if !group_has_capacity_5x(pct, s) {
        GroupType::FullyBusy
    } else {
        GroupType::HasSpare
    }
}

/// Inputs of one `update_sg_lb_stats` call.
pub struct SgInput<'a> {
    pub family: LbFamily,
    pub level: &'a DomainLevel,
    pub group: CpuMask,
    /// `env->cpus`.
    pub cpus: CpuMask,
    pub local_group: bool,
    pub idle: CpuIdleType,
    pub sgc_imbalance: bool,
    /// The group's `sgc` as this pass reads it ([`group_sgc`]); `None`: fresh.
    pub sgc: Option<StoredSgc>,
    /// `sg->flags & SD_SHARE_CPUCAPACITY` ([`group_is_smt`]).
    pub smt_group: bool,
}

/// `sg->flags & SD_SHARE_CPUCAPACITY`: a group holds its child domain's flags (set in
/// `get_group`, and the surviving child's when a degenerate one is removed), so the groups of
/// the level just above an SMT level are SMT cores. The lowest level's groups have none.
pub fn group_is_smt(levels: &[DomainLevel], level: usize) -> bool {
    level > 0 && levels[level - 1].flags.has(SdFlags::SHARE_CPUCAPACITY)
}

/// `sg->cores` (`init_sched_groups_capacity`): the group's CPUs counted once per SMT core.
pub fn group_cores(topo: &crate::topology::Topology, group: &CpuMask) -> u32 {
    let mut left = *group;
    let mut cores = 0;
    while let Some(c) = left.first() {
        cores += 1;
        left = left.andnot(topo.smt_mask(c));
        left.clear(c);
    }
    cores
}

/// `group->sgc` as `update_sd_lb_stats` leaves it for `update_sg_lb_stats`: a stored value
/// ([`crate::placement::SchedView::stored_sgc`]) except for the local group, which
/// `update_group_capacity(sd, dst_cpu)` refreshes unless the pass is CPU_NEWLY_IDLE (the model
/// takes a stored `sgc->next_update` as not yet reached): at the lowest level from capacity_of
/// (`update_cpu_capacity`), above it as the sum / min / max of the child domain's groups'
/// `sgc` (stored or fresh; an SD_OVERLAP child's sum of capacity_of is fresh). `None`: every
/// field fresh, i.e. computed from capacity_of.
pub fn group_sgc<V: LbView>(
    v: &V,
    level: usize,
    group: &CpuMask,
    local_group: bool,
    idle: CpuIdleType,
    dst_cpu: Cpu,
) -> Option<StoredSgc> {
    if !v.any_stored_sgc() {
        return None;
    }
    if !local_group || idle == CpuIdleType::NewlyIdle {
        return v.stored_sgc(level, group);
    }
    if level == 0 {
        return None;
    }
    let child = &v.domains().levels[level - 1];
    if child.flags.has(SdFlags::OVERLAP) {
        return None;
    }
    let (mut stale, mut cap, mut min, mut max) = (false, 0u64, u64::MAX, 0u64);
    for cg in child.groups_from(dst_cpu) {
        let st = v.stored_sgc(level - 1, cg);
        stale |= st.is_some();
        let st = st.unwrap_or_default();
        let caps = || cg.iter().map(|c| v.capacity_of(c) as u64);
        cap += st.capacity.unwrap_or_else(|| caps().sum());
        min = min.min(st.min_capacity.unwrap_or_else(|| caps().min().unwrap_or(0)));
        max = max.max(st.max_capacity.unwrap_or_else(|| caps().max().unwrap_or(0)));
    }
    stale.then_some(StoredSgc {
        capacity: Some(cap),
        min_capacity: Some(min),
        max_capacity: Some(max),
        imbalance: false,
    })
}

/// `group->sgc->min_capacity` as this pass reads it: the value [`group_sgc`] returned, else
/// fresh, the smallest capacity_of of the group's CPUs (what `update_group_capacity` stores:
/// `update_cpu_capacity` at the lowest level, the minimum of the child's groups above it).
pub fn sgc_min_capacity<V: LbView>(v: &V, sgc: Option<StoredSgc>, group: &CpuMask) -> u64 {
    match sgc.and_then(|g| g.min_capacity) {
        Some(c) => c,
        None => group
            .iter()
            .map(|c| v.capacity_of(c) as u64)
            .min()
            .unwrap_or(0),
    }
}

/// `group->sgc->max_capacity` as this pass reads it: as [`sgc_min_capacity`], the largest
/// capacity_of when fresh.
pub fn sgc_max_capacity<V: LbView>(v: &V, sgc: Option<StoredSgc>, group: &CpuMask) -> u64 {
    match sgc.and_then(|g| g.max_capacity) {
        Some(c) => c,
        None => group
            .iter()
            .map(|c| v.capacity_of(c) as u64)
            .max()
            .unwrap_or(0),
    }
}

/// `update_sg_lb_stats(env, group, sgs, ...)`.
pub fn update_sg_lb_stats<V: LbView>(v: &V, inp: &SgInput<'_>) -> SgLbStats {
    let fam = inp.family;
    let mut s = SgLbStats::initial(fam);
    s.idle_cpus = 0;
    s.span = inp.group;
    let load_idx = get_sd_load_idx(inp.level, inp.idle);
    for i in inp.group.and(&inp.cpus).iter() {
        let nr = v.nr_running(i);
        if fam.is_4x() {
            s.group_load += if inp.local_group {
                target_load(v, i, load_idx)
            } else {
                source_load(v, i, load_idx)
            };
            s.group_util += cpu_util(v, i, fam);
            s.sum_nr_running += v.cfs_h_nr_running(i);
            s.sum_weighted_load += v.runnable_load_avg(i);
        } else {
            s.group_load += v.cpu_load(i);
            s.group_util += cpu_util(v, i, fam);
            s.group_runnable += v.cpu_runnable(i);
            s.sum_h_nr_running += cfs_h_nr_runnable(v, i, fam);
            s.sum_nr_running += nr;
        }
        if nr > 1 {
            s.overload = true;
        }
        if nr == 0 && v.idle_cpu(i) {
            s.idle_cpus += 1;
            // "Idle cpu can't have misfit task"
            continue;
        }
        if fam.is_4x() || inp.local_group {
            continue;
        }
        if inp.level.flags.has(SdFlags::ASYM_CPUCAPACITY) {
            // Check for a misfit task on the cpu
            let misfit = v.misfit_task_load(i);
            if s.group_misfit_task_load < misfit {
                s.group_misfit_task_load = misfit;
                s.overload = true;
            }
        } else if fam >= LbFamily::V618
            && inp.idle != CpuIdleType::NotIdle
            && sched_reduced_capacity(v, i, fam, inp.level.imbalance_pct)
        {
            // 6.18: a task running on a CPU with reduced capacity
            s.group_misfit_task_load = s.group_misfit_task_load.max(v.cpu_load(i));
        }
    }
    // sgc->capacity: the sum of the group's CPUs' capacity_of (update_group_capacity; the
    // model reads it live instead of at sgc->next_update, docs/model.md), or a snapshot's
    // stored value
    s.group_capacity = match inp.sgc.and_then(|g| g.capacity) {
        Some(c) => c,
        None => inp
            .group
            .iter()
            .map(|c| v.capacity_of(c) as u64)
            .sum::<u64>(),
    }
    .max(1);
    s.group_weight = inp.group.weight() as u32;
    let pct = inp.level.imbalance_pct;
    if fam.is_4x() {
        s.avg_load = s.group_load * 1024 / s.group_capacity;
        if s.sum_nr_running > 0 {
            s.load_per_task = s.sum_weighted_load / s.sum_nr_running as u64;
        }
        s.group_no_capacity = group_is_overloaded_4x(pct, &s);
        s.group_type = group_classify(fam, pct, &s, inp.sgc_imbalance);
    } else {
        if fam >= LbFamily::V618 {
            s.smt_group = inp.smt_group;
            // `smt_balance(env, sgs, group)`: an idle CPU looks at a remote SMT core with more
            // than one CFS task
            s.group_smt_balance = !inp.local_group
                && inp.idle != CpuIdleType::NotIdle
                && inp.smt_group
                && s.sum_h_nr_running > 1;
        }
        s.group_type = group_classify(fam, pct, &s, inp.sgc_imbalance);
        // 5.x computes avg_load here only for an overloaded group
        if s.group_type == GroupType::Overloaded {
            s.avg_load = s.group_load * 1024 / s.group_capacity;
        }
    }
    s
}
