//! Moving tasks: `can_migrate_task` with `task_hot`, `detach_tasks` and `detach_one_task`
//! (spec §17.7, §17.8.4). The functions choose; the caller applies the moves (`attach_tasks`).

use crate::cpumask::Cpu;
use crate::placement::TaskId;
use crate::topology::SdFlags;

use super::env::{
    LBF_ACTIVE_LB, LBF_ALL_PINNED, LBF_DST_PINNED, LBF_NEED_BREAK, LBF_SOME_PINNED, LbEnv,
    MigrationType,
};
use super::view::{LbTask, LbView};
use super::{CpuIdleType, LbFamily, Trace};

/// `task_hot(p, env)`: ran on the source within `sysctl_sched_migration_cost`. CACHE_HOT_BUDDY
/// needs the next/last buddies, which the engine does not keep (docs/model.md).
fn task_hot<V: LbView>(v: &V, env: &LbEnv, p: &LbTask) -> bool {
    let level = &v.domains().levels[env.level];
    if !env.family.is_4x() && level.flags.has(SdFlags::SHARE_CPUCAPACITY) {
        return false;
    }
    let cost = v.migration_cost();
    if cost == 0 {
        return false;
    }
    // rq_clock_task(src) - p->se.exec_start < sysctl_sched_migration_cost (signed)
    (env.now as i64 - p.exec_start as i64) < cost as i64
}

/// `can_migrate_task(p, env)` (spec §17.7.1).
pub fn can_migrate_task<V: LbView>(
    v: &V,
    env: &mut LbEnv,
    p: &LbTask,
    nr_balance_failed: u32,
    cache_nice_tries: u32,
    tr: &mut Trace,
) -> bool {
    // 6.18: "We do not migrate tasks that are: 1) delayed dequeued unless we migrate load"
    if p.delayed && env.migration_type != MigrationType::Load {
        tr.note(|| format!("    task {}: delayed, not migrating load", p.id));
        return false;
    }
    // 6.18 (task_is_ineligible_on_dst_cpu): before the first failed balance, a task that is
    // not eligible stays unless the destination's runqueue is empty; tested before the
    // affinity test, so it leaves LBF_ALL_PINNED set
    if env.family >= LbFamily::V618
        && nr_balance_failed == 0
        && v.place_lag()
        && v.cfs_h_nr_running(env.dst_cpu) > 0
        && !p.eligible
    {
        tr.note(|| {
            format!(
                "    task {}: not eligible, CPU {} has tasks",
                p.id, env.dst_cpu
            )
        });
        return false;
    }
    if env.family >= LbFamily::V515 && p.per_cpu_kthread {
        return false;
    }
    if !p.allowed.test(env.dst_cpu) {
        env.flags |= LBF_SOME_PINNED;
        let active = env.family >= LbFamily::V515 && env.flags & LBF_ACTIVE_LB != 0;
        if env.idle == CpuIdleType::NewlyIdle || env.flags & LBF_DST_PINNED != 0 || active {
            tr.note(|| format!("    task {}: not allowed on CPU {}", p.id, env.dst_cpu));
            return false;
        }
        // another CPU of the local group the task may use
        if let Some(c) = env.dst_grpmask.and(&env.cpus).and(&p.allowed).first() {
            env.flags |= LBF_DST_PINNED;
            env.new_dst_cpu = c;
        }
        tr.note(|| format!("    task {}: not allowed on CPU {}", p.id, env.dst_cpu));
        return false;
    }
    env.flags &= !LBF_ALL_PINNED;
    if p.running {
        tr.note(|| format!("    task {}: running", p.id));
        return false;
    }
    if env.family >= LbFamily::V515 && env.flags & LBF_ACTIVE_LB != 0 {
        return true;
    }
    let hot = task_hot(v, env, p);
    if !hot || nr_balance_failed > cache_nice_tries {
        return true;
    }
    tr.note(|| {
        format!(
            "    task {}: cache hot (ran {} ns ago < migration_cost), nr_balance_failed {} <= cache_nice_tries {}",
            p.id,
            env.now.saturating_sub(p.exec_start),
            nr_balance_failed,
            cache_nice_tries
        )
    });
    false
}

/// `detach_tasks(env)`: the tasks to move from `src` (tail of cfs_tasks first) and where to.
/// `gone` are tasks of `src` already detached in this `load_balance` call.
pub fn detach_tasks<V: LbView>(
    v: &V,
    env: &mut LbEnv,
    src: Cpu,
    gone: &[TaskId],
    tr: &mut Trace,
) -> Vec<(TaskId, Cpu)> {
    let mut out = Vec::new();
    if env.imbalance <= 0 {
        return out;
    }
    let mut src_nr = v.nr_running(src).saturating_sub(gone.len() as u32);
    if env.family >= LbFamily::V515 && src_nr <= 1 {
        env.flags &= !LBF_ALL_PINNED;
        return out;
    }
    let mut tasks = Vec::new();
    v.cfs_tasks(src, &mut tasks);
    tasks.retain(|t| !gone.contains(&t.id));
    let (failed, nice) = (env.nr_balance_failed, env.cache_nice_tries);
    for p in tasks {
        if env.idle != CpuIdleType::NotIdle && src_nr <= 1 {
            break;
        }
        env.loop_ += 1;
        if env.loop_ > env.loop_max {
            break;
        }
        if env.loop_ > env.loop_break {
            env.loop_break += super::state::SCHED_NR_MIGRATE;
            env.flags |= LBF_NEED_BREAK;
            break;
        }
        if !can_migrate_task(v, env, &p, failed, nice, tr) {
            continue;
        }
        if env.family.is_4x() {
            let load = p.load;
            if (load / 2) as i64 > env.imbalance {
                tr.note(|| {
                    format!(
                        "    task {}: load {} / 2 > imbalance {}",
                        p.id, load, env.imbalance
                    )
                });
                continue;
            }
            env.imbalance -= load as i64;
        } else {
            match env.migration_type {
                MigrationType::Load => {
                    let load = p.load.max(1);
                    let shifted = load >> failed.min(63);
                    if shifted as i64 > env.imbalance {
                        tr.note(|| {
                            format!(
                                "    task {}: load {} >> nr_balance_failed {} > imbalance {}",
                                p.id, load, failed, env.imbalance
                            )
                        });
                        continue;
                    }
                    env.imbalance -= load as i64;
                }
                MigrationType::Util => {
                    if p.util_est as i64 > env.imbalance {
                        tr.note(|| {
                            format!(
                                "    task {}: util {} > imbalance {}",
                                p.id, p.util_est, env.imbalance
                            )
                        });
                        continue;
                    }
                    env.imbalance -= p.util_est as i64;
                }
                MigrationType::Task => env.imbalance -= 1,
                // misfit tasks are not modelled (symmetric machines)
                MigrationType::Misfit => continue,
            }
        }
        tr.note(|| format!("    detach task {} (imbalance now {})", p.id, env.imbalance));
        out.push((p.id, env.dst_cpu));
        src_nr -= 1;
        if v.preempt() && env.idle == CpuIdleType::NewlyIdle {
            break;
        }
        if env.imbalance <= 0 {
            break;
        }
    }
    out
}

/// `detach_one_task` of the active-balance stopper (spec §17.8.4): the first task from the tail
/// of busiest's cfs_tasks that may run on `dst`. The stopper has preempted busiest's current
/// task, so it is not "running"; the cache-hot test is bypassed (4.15-5.11 through
/// `nr_balance_failed = cache_nice_tries + 1`, 5.15 through LBF_ACTIVE_LB). The stopper's
/// `lb_env` leaves `migration_type` at 0, `migrate_load`, so a 6.18 delayed task may be taken.
pub fn detach_one_task<V: LbView>(v: &V, src: Cpu, dst: Cpu) -> Option<TaskId> {
    let v5_15 = LbFamily::of(v.domains().version) >= LbFamily::V515;
    let mut tasks = Vec::new();
    v.cfs_tasks(src, &mut tasks);
    tasks
        .into_iter()
        .find(|p| p.allowed.test(dst) && !(v5_15 && p.per_cpu_kthread))
        .map(|p| p.id)
}
