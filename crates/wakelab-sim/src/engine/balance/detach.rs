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
                    // 6.18 relaxes the test after failed balances as for load:
                    // shr_bound(util, nr_balance_failed)
                    let util = if env.family >= LbFamily::V618 {
                        p.util_est >> failed.min(63)
                    } else {
                        p.util_est
                    };
                    if util as i64 > env.imbalance {
                        tr.note(|| {
                            format!(
                                "    task {}: util {} > imbalance {}",
                                p.id, util, env.imbalance
                            )
                        });
                        continue;
                    }
                    env.imbalance -= p.util_est as i64;
                }
                MigrationType::Task => env.imbalance -= 1,
                MigrationType::Misfit => {
                    // "This is not a misfit task": 5.x task_fits_capacity(p,
                    // capacity_of(src_cpu)), 6.18 task_fits_cpu(p, src_cpu)
                    let src_cap = v.capacity_of(src) as u64;
                    if super::misfit::fits_capacity(p.util_est, src_cap) {
                        tr.note(|| {
                            format!(
                                "    task {}: util {} fits capacity_of(src) {}",
                                p.id, p.util_est, src_cap
                            )
                        });
                        continue;
                    }
                    env.imbalance = 0;
                }
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

/// `detach_one_task(env)` of the active-balance stopper (spec §17.8.4): the first task from the
/// tail of busiest's cfs_tasks that `can_migrate_task` lets go. The stopper has preempted
/// busiest's current task, so it is not "running". `env` is the stopper's own
/// ([`stopper_env`]): its flags bypass the cache-hot test (4.15-5.11 through
/// `nr_balance_failed = cache_nice_tries + 1`, set when load_balance kicked the stopper; 5.15
/// through LBF_ACTIVE_LB), its zero-initialised `migration_type` is `migrate_load`, so a 6.18
/// delayed task may be taken, and 6.18's ineligibility test reads its domain's
/// `nr_balance_failed`.
pub fn detach_one_task<V: LbView>(v: &V, env: &mut LbEnv, src: Cpu) -> Option<TaskId> {
    let mut tasks = Vec::new();
    v.cfs_tasks(src, &mut tasks);
    // the stopper thread is busiest's current task: the task it preempted is not on a CPU
    for p in &mut tasks {
        p.running = false;
    }
    let (failed, nice) = (env.nr_balance_failed, env.cache_nice_tries);
    let mut tr = Trace::off();
    tasks
        .into_iter()
        .find(|p| can_migrate_task(v, env, p, failed, nice, &mut tr))
        .map(|p| p.id)
}

/// The `lb_env` of `active_load_balance_cpu_stop`: `.sd` = `level` (the target's lowest domain
/// spanning busiest), `.dst_cpu` = `target`, `.src_cpu` = busiest, `.idle = CPU_IDLE`, `.flags`
/// LBF_DST_PINNED (4.15-5.11: "we have CPU_IDLE, but no @dst_grpmask", so no new_dst_cpu) or
/// LBF_ACTIVE_LB (5.15+); every other field zero (`migrate_load`).
pub fn stopper_env(
    family: LbFamily,
    level: usize,
    busiest: Cpu,
    target: Cpu,
    nr_balance_failed: u32,
    cache_nice_tries: u32,
    now: u64,
) -> LbEnv {
    LbEnv {
        family,
        level,
        dst_cpu: target,
        dst_grpmask: crate::cpumask::CpuMask::single(target),
        new_dst_cpu: target,
        idle: CpuIdleType::Idle,
        imbalance: 0,
        cpus: crate::cpumask::CpuMask::single(target),
        src_cpu: Some(busiest),
        flags: if family >= LbFamily::V515 {
            LBF_ACTIVE_LB
        } else {
            LBF_DST_PINNED
        },
        loop_: 0,
        loop_break: 0,
        loop_max: 0,
        migration_type: MigrationType::Load,
        nr_balance_failed,
        cache_nice_tries,
        now,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::balance::snapshot::{BalanceSnapshot, LoadedBalance};

    /// CPU 1 runs task 1 (preempted by the stopper) with tasks 2 and 3 queued; CPU 0 runs
    /// task 0. A snapshot's cfs_tasks are listed tail first, in the file's order: 2, 3, 1.
    fn state(version: &str, task2: &str) -> LoadedBalance {
        let s = format!(
            r#"{{"format":1,"machine":{{"sockets":1,"cores_per_llc":2}},
            "kernel":{{"version":"{version}"}},"now_ns":10000000000,"this_cpu":0,"level":0,
            "idle":"not_idle","tasks":[{{"id":0,"cpu":0,"running":true}},
            {{"id":2,"cpu":1{task2}}},{{"id":3,"cpu":1}},{{"id":1,"cpu":1,"running":true}}]}}"#
        );
        BalanceSnapshot::from_json(&s).unwrap().load().unwrap()
    }

    fn stop(v: &LoadedBalance, failed: u32) -> Option<TaskId> {
        let family = LbFamily::of(v.domains.version);
        let mut env = stopper_env(family, 0, 1, 0, failed, 1, 10_000_000_000);
        detach_one_task(v, &mut env, 1)
    }

    /// 6.18's `can_migrate_task` in the stopper: before a failed balance an ineligible task
    /// stays when the target has CFS tasks (`task_is_ineligible_on_dst_cpu`), the next one goes;
    /// after a failure it goes itself. 5.15 has no such test.
    #[test]
    fn the_stopper_takes_an_ineligible_task_only_after_a_failed_balance() {
        let v = state("6.18", r#","eligible":false"#);
        let tail = {
            let mut t = Vec::new();
            v.cfs_tasks(1, &mut t);
            t.iter().map(|p| p.id).collect::<Vec<_>>()
        };
        assert_eq!(tail, [2, 3, 1]);
        assert_eq!(stop(&v, 0), Some(3), "the next task goes instead");
        assert_eq!(stop(&v, 1), Some(2));
        assert_eq!(stop(&state("6.18", ""), 0), Some(2));
        assert_eq!(stop(&state("5.15", ""), 0), Some(2));
    }

    /// The stopper preempted busiest's current task: it may be the one moved; a per-CPU
    /// kthread never is (5.15+), and a task that may not run on the target is skipped.
    #[test]
    fn the_stopper_skips_pinned_tasks_and_may_take_the_preempted_one() {
        let pinned = state("5.15", r#","allowed":"1""#);
        assert_eq!(stop(&pinned, 1), Some(3));
        let only_running = r#"{"format":1,"machine":{"sockets":1,"cores_per_llc":2},
            "kernel":{"version":"4.15"},"now_ns":10000000000,"this_cpu":0,"level":0,
            "idle":"not_idle","tasks":[{"id":0,"cpu":0,"running":true},
            {"id":1,"cpu":1,"running":true,"ran_ns_ago":0}]}"#;
        let v = BalanceSnapshot::from_json(only_running)
            .unwrap()
            .load()
            .unwrap();
        // 4.15: the cache-hot test passes through nr_balance_failed = cache_nice_tries + 1
        assert_eq!(stop(&v, 2), Some(1));
        let kthread = state("5.15", r#","per_cpu_kthread":true"#);
        assert_eq!(stop(&kthread, 1), Some(3));
    }
}
