//! `should_we_balance`, `load_balance` and `need_active_balance` (spec §17.2.4, §17.3, §17.8).
//! Pure: the result says which tasks move where and whether the active-balance stopper runs;
//! the caller applies it.

use serde::Serialize;

use crate::cpumask::{Cpu, CpuMask};
use crate::placement::TaskId;

use super::detach::detach_tasks;
use super::env::{
    LBF_ALL_PINNED, LBF_DST_PINNED, LBF_NEED_BREAK, LBF_SOME_PINNED, LbEnv, MigrationType,
};
use super::find_busiest::{SdLbStats, find_busiest_group, find_busiest_queue};
use super::lb_stats::{cfs_h_nr_runnable, check_cpu_capacity};
use super::state::{LbState, MAX_PINNED_INTERVAL_MS, SCHED_NR_MIGRATE, local_group};
use super::view::LbView;
use super::{CpuIdleType, LbFamily, Trace};
use crate::topology::SdFlags;

/// What one `load_balance` call decided.
#[derive(Clone, Debug, Serialize)]
pub struct LbResult {
    /// `should_we_balance` said yes.
    pub balanced_by_this_cpu: bool,
    /// Statistics of the last `find_busiest_group` pass.
    pub stats: Option<SdLbStats>,
    pub busiest_group: Option<CpuMask>,
    pub busiest_cpu: Option<Cpu>,
    pub migration_type: Option<MigrationType>,
    /// `env.imbalance` as computed by find_busiest_group (before detaching).
    pub imbalance: i64,
    /// Tasks moved: (task, from, to), in detach order.
    pub moved: Vec<(TaskId, Cpu, Cpu)>,
    /// Active balance: the stopper on `.0` pushes a task to `.1`.
    pub active: Option<(Cpu, Cpu)>,
    /// `continue_balancing` after the call.
    pub continue_balancing: bool,
}

/// `should_we_balance(env)` (spec §17.2.4).
pub fn should_we_balance<V: LbView>(v: &V, env: &LbEnv) -> bool {
    if !env.cpus.test(env.dst_cpu) {
        return false;
    }
    if env.idle == CpuIdleType::NewlyIdle {
        return true;
    }
    let g = local_group(v.domains(), env.level, env.dst_cpu);
    if env.family >= LbFamily::V618 {
        return should_we_balance_idle_core(v, env, &g);
    }
    // the first idle CPU of the group balances; else the group's first CPU
    for c in g.and(&env.cpus).iter() {
        if v.idle_cpu(c) {
            return c == env.dst_cpu;
        }
    }
    g.first() == Some(env.dst_cpu)
}

/// 6.18's periodic part of `should_we_balance` (from 6.6): above the SMT level the
/// first idle CPU on an idle core balances; failing that the first idle SMT sibling of a busy
/// core; else the group's first CPU. (Its new-idle bail-out for a CPU that has a task or a
/// wake-up pending never applies here: the engine runs new-idle balance only on an empty CPU
/// with no wake-up pending, spec §17.9.)
fn should_we_balance_idle_core<V: LbView>(v: &V, env: &LbEnv, g: &CpuMask) -> bool {
    let level = &v.domains().levels[env.level];
    let topo = v.topology();
    let mut swb_cpus = g.and(&env.cpus);
    let mut idle_smt = None;
    while let Some(cpu) = swb_cpus.first() {
        swb_cpus.clear(cpu);
        if !v.idle_cpu(cpu) {
            continue;
        }
        // is_core_idle(cpu): every SMT sibling idle too
        let core_idle = topo.smt_mask(cpu).iter().all(|s| s == cpu || v.idle_cpu(s));
        if !level.flags.has(SdFlags::SHARE_CPUCAPACITY) && !core_idle {
            idle_smt.get_or_insert(cpu);
            // no need to look at this core's other siblings
            swb_cpus.andnot_assign(topo.smt_mask(cpu));
            continue;
        }
        return cpu == env.dst_cpu;
    }
    if let Some(c) = idle_smt {
        return c == env.dst_cpu;
    }
    g.first() == Some(env.dst_cpu)
}

/// `need_active_balance(env)` and 5.10's `voluntary_active_balance` (spec §17.8.2); returns
/// (need, voluntary).
fn need_active_balance<V: LbView>(v: &V, env: &LbEnv, src: Cpu, failed: u32) -> (bool, bool) {
    let level = &v.domains().levels[env.level];
    let pct = level.imbalance_pct as u64;
    let reduced = env.idle != CpuIdleType::NotIdle
        && cfs_h_nr_runnable(v, src, env.family) == 1
        && check_cpu_capacity(v, src, level.imbalance_pct)
        && (v.capacity_of(src) as u64) * pct < (v.capacity_of(env.dst_cpu) as u64) * 100;
    let too_many = failed > level.cache_nice_tries + 2;
    match env.family {
        LbFamily::V4 => (reduced || too_many, false),
        LbFamily::V510 | LbFamily::V511 => {
            let voluntary = reduced || env.migration_type == MigrationType::Misfit;
            (voluntary || too_many, voluntary)
        }
        LbFamily::V515 | LbFamily::V618 => {
            let need = (env.migration_type == MigrationType::Task && too_many)
                || reduced
                || env.migration_type == MigrationType::Misfit;
            (need, need)
        }
    }
}

/// `load_balance(this_cpu, this_rq, sd, idle, &continue_balancing)` at domain `level`.
pub fn load_balance<V: LbView>(
    v: &V,
    st: &mut LbState,
    this_cpu: Cpu,
    level: usize,
    idle: CpuIdleType,
    tr: &mut Trace,
) -> LbResult {
    let sd = v.domains();
    let lvl = &sd.levels[level];
    let family = LbFamily::of(sd.version);
    let has_parent = level + 1 < sd.levels.len();
    let max_interval = lvl.max_interval_ms(this_cpu);
    let min_interval = lvl.min_interval_ms(this_cpu);
    let mut env = LbEnv {
        family,
        level,
        dst_cpu: this_cpu,
        dst_grpmask: local_group(sd, level, this_cpu),
        new_dst_cpu: this_cpu,
        idle,
        imbalance: 0,
        // env.cpus = span(sd) & cpu_active_mask (every CPU is active in the model)
        cpus: *lvl.span(this_cpu),
        src_cpu: None,
        flags: 0,
        loop_: 0,
        loop_break: SCHED_NR_MIGRATE,
        loop_max: 0,
        migration_type: MigrationType::Load,
        nr_balance_failed: st.sd[this_cpu as usize][level].nr_balance_failed,
        cache_nice_tries: lvl.cache_nice_tries,
        now: v.now(),
    };
    let mut res = LbResult {
        balanced_by_this_cpu: true,
        stats: None,
        busiest_group: None,
        busiest_cpu: None,
        migration_type: None,
        imbalance: 0,
        moved: Vec::new(),
        active: None,
        continue_balancing: true,
    };
    tr.note(|| {
        format!(
            "load_balance(cpu {this_cpu}, level {level} {:?}, {idle:?})",
            lvl.kind
        )
    });
    enum Exit {
        Balanced,
        AllPinned,
        OnePinned,
        Moved,
    }
    let exit = 'redo: loop {
        if !should_we_balance(v, &env) {
            tr.note(|| "  should_we_balance: no (another CPU of the group balances)".into());
            res.balanced_by_this_cpu = false;
            res.continue_balancing = false;
            break 'redo Exit::Balanced;
        }
        let (group, stats) = find_busiest_group(v, st, &mut env, tr);
        res.stats = Some(stats);
        let Some(group) = group else {
            break 'redo Exit::Balanced;
        };
        res.busiest_group = Some(group.span);
        res.imbalance = env.imbalance;
        res.migration_type = (!family.is_4x()).then_some(env.migration_type);
        let Some(busiest) = find_busiest_queue(v, &env, &group) else {
            tr.note(|| "  find_busiest_queue: none".into());
            break 'redo Exit::Balanced;
        };
        tr.note(|| format!("  find_busiest_queue: CPU {busiest}"));
        res.busiest_cpu = Some(busiest);
        env.src_cpu = Some(busiest);
        let gone: Vec<TaskId> = res.moved.iter().map(|m| m.0).collect();
        let busiest_nr = v.nr_running(busiest).saturating_sub(gone.len() as u32);
        if family >= LbFamily::V515 {
            env.flags |= LBF_ALL_PINNED;
        }
        if busiest_nr > 1 {
            env.flags |= LBF_ALL_PINNED;
            env.loop_max = SCHED_NR_MIGRATE.min(busiest_nr);
            loop {
                let gone: Vec<TaskId> = res.moved.iter().map(|m| m.0).collect();
                let got = detach_tasks(v, &mut env, busiest, &gone, tr);
                res.moved
                    .extend(got.into_iter().map(|(t, to)| (t, busiest, to)));
                if env.flags & LBF_NEED_BREAK != 0 {
                    env.flags &= !LBF_NEED_BREAK;
                    continue;
                }
                if env.flags & LBF_DST_PINNED != 0 && env.imbalance > 0 {
                    env.cpus.clear(env.dst_cpu);
                    tr.note(|| format!("  LBF_DST_PINNED: retry with dst CPU {}", env.new_dst_cpu));
                    env.dst_cpu = env.new_dst_cpu;
                    env.flags &= !LBF_DST_PINNED;
                    env.loop_ = 0;
                    env.loop_break = SCHED_NR_MIGRATE;
                    continue;
                }
                break;
            }
            if has_parent && env.flags & LBF_SOME_PINNED != 0 && env.imbalance > 0 {
                *st.local_group_imbalance(sd, level + 1, this_cpu) = true;
                tr.note(|| "  LBF_SOME_PINNED: parent's local group marked imbalanced".into());
            }
            if env.flags & LBF_ALL_PINNED != 0 {
                env.cpus.clear(busiest);
                if !env.cpus.is_subset(&env.dst_grpmask) {
                    tr.note(|| format!("  LBF_ALL_PINNED: CPU {busiest} dropped, redo"));
                    env.loop_ = 0;
                    env.loop_break = SCHED_NR_MIGRATE;
                    continue 'redo;
                }
                break 'redo Exit::AllPinned;
            }
        }
        let sdst = &mut st.sd[this_cpu as usize][level];
        let mut active = false;
        if res.moved.is_empty() {
            if idle != CpuIdleType::NewlyIdle {
                sdst.nr_balance_failed += 1;
            }
            let failed = sdst.nr_balance_failed;
            let (need, _) = need_active_balance(v, &env, busiest, failed);
            if need {
                if !v.curr_allowed(busiest).is_some_and(|m| m.test(this_cpu)) {
                    tr.note(|| "  need_active_balance: busiest's curr may not run here".into());
                    env.flags |= LBF_ALL_PINNED;
                    break 'redo Exit::OnePinned;
                }
                env.flags &= !LBF_ALL_PINNED;
                active = true;
                res.active = Some((busiest, this_cpu));
                tr.note(|| {
                    format!("  active balance: stopper on CPU {busiest} pushes to CPU {this_cpu}")
                });
                let sdst = &mut st.sd[this_cpu as usize][level];
                if family < LbFamily::V515 {
                    sdst.nr_balance_failed = lvl.cache_nice_tries + 1;
                }
            }
        } else {
            sdst.nr_balance_failed = 0;
        }
        let failed = st.sd[this_cpu as usize][level].nr_balance_failed;
        let (need, voluntary) = need_active_balance(v, &env, busiest, failed);
        let sdst = &mut st.sd[this_cpu as usize][level];
        let reset = match family {
            LbFamily::V4 => !active,
            LbFamily::V510 | LbFamily::V511 => !active || voluntary,
            LbFamily::V515 | LbFamily::V618 => !active || need,
        };
        if reset {
            sdst.balance_interval = min_interval;
        } else if family < LbFamily::V515 && sdst.balance_interval < max_interval {
            sdst.balance_interval *= 2;
        }
        break 'redo Exit::Moved;
    };
    match exit {
        Exit::Moved => {}
        Exit::Balanced | Exit::AllPinned | Exit::OnePinned => {
            if matches!(exit, Exit::Balanced)
                && has_parent
                && (family.is_4x() || env.flags & LBF_ALL_PINNED == 0)
            {
                *st.local_group_imbalance(sd, level + 1, this_cpu) = false;
            }
            if !matches!(exit, Exit::OnePinned) {
                st.sd[this_cpu as usize][level].nr_balance_failed = 0;
            }
            let sdst = &mut st.sd[this_cpu as usize][level];
            // 5.x: `if (env.idle == CPU_NEWLY_IDLE) goto out;` skips the backoff (4.x has no
            // such test); written as the kernel's condition, not clippy's simplification
            #[allow(clippy::nonminimal_bool)]
            let backoff = !(idle == CpuIdleType::NewlyIdle && !family.is_4x());
            if backoff
                && ((env.flags & LBF_ALL_PINNED != 0
                    && sdst.balance_interval < MAX_PINNED_INTERVAL_MS)
                    || sdst.balance_interval < max_interval)
            {
                sdst.balance_interval *= 2;
            }
            res.moved.clear();
        }
    }
    tr.note(|| {
        format!(
            "  -> moved {:?}, balance_interval {} ms, nr_balance_failed {}",
            res.moved.iter().map(|m| m.0).collect::<Vec<_>>(),
            st.sd[this_cpu as usize][level].balance_interval,
            st.sd[this_cpu as usize][level].nr_balance_failed
        )
    });
    res
}
