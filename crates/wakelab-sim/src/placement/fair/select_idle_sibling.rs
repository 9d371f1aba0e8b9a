//! `select_idle_sibling` (§5): the fast path's checks in fair.c's order (target, prev, per-CPU
//! kthread stacking, `recent_used_cpu`, asym capacity), then the LLC scans, with the §11.3
//! schedstats.

use crate::cpumask::Cpu;
use crate::kernel::patches::SisShape;

use super::super::explain::{Event, Explain, Func};
use super::super::{Rule, SchedView, TaskPlacement};
use super::Ctx;
use super::select_idle_scan::{
    select_idle_capacity, select_idle_core, select_idle_cpu, select_idle_cpu_merged,
    select_idle_smt, sis_search_depth,
};

/// `select_idle_sibling(p, prev, target)` — 4.15 (§5.1), 4.16 (§5.2), 5.10/5.11 (§5.3/5.4),
/// 5.12 (§5.5/5.6), 5.15 (§5.7), with the §11.3 schedstats.
pub(super) fn select_idle_sibling<V: SchedView, E: Explain>(
    c: &mut Ctx<V, E>,
    p: &mut TaskPlacement,
    prev: Cpu,
    target: Cpu,
) -> Cpu {
    c.enter(Func::SelectIdleSibling);
    let r = select_idle_sibling_inner(c, p, prev, target);
    c.leave(Func::SelectIdleSibling, Some(r));
    r
}

fn select_idle_sibling_inner<V: SchedView, E: Explain>(
    c: &mut Ctx<V, E>,
    p: &mut TaskPlacement,
    prev: Cpu,
    mut target: Cpu,
) -> Cpu {
    let b = c.b;
    // Schedstats: one search; the cheap checks together count as ONE scan (§11.3).
    c.stats().sis_search += 1;
    c.stats().sis_scanned += 1;
    let asym = c.asym();
    // 5.x step 0: task_util for the FITS tests (uclamp'd util_est).
    let task_util = if asym { p.util(true) } else { 0 };

    // 1. target idle
    let t_idle = c.idle(target);
    if c.chk("idle(target)", Some(target), t_idle) && c.fits(task_util, target) {
        return c.decide(Rule::TargetIdle, target);
    }
    // 2. prev idle and cache-affine
    if prev != target
        && c.chk(
            "cpus_share_cache(prev, target)",
            Some(prev),
            c.cpus_share_cache(prev, target),
        )
    {
        let p_idle = c.idle(prev);
        if c.chk("idle(prev)", Some(prev), p_idle) && c.fits(task_util, prev) {
            return c.decide(Rule::PrevIdle, prev);
        }
    }
    // 3. per-CPU kthread waker stacking (5.10+; 5.15 adds in_task() and FITS(prev)).
    if b.kthread_stacking {
        let this = c.this;
        let kt = c.view.curr_is_per_cpu_kthread(this);
        let in_task_ok = !b.kthread_stacking_in_task || c.in_task;
        if kt && in_task_ok && prev == this {
            c.scanned += 1;
            let nr_ok = c.view.nr_running(this) <= 1;
            let fit_ok = !b.kthread_stacking_in_task || c.fits(task_util, prev);
            if c.chk(
                "per-cpu kthread waker, prev == this, nr_running <= 1",
                Some(prev),
                nr_ok && fit_ok,
            ) {
                return c.decide(Rule::KthreadStack, prev);
            }
        }
    }
    // 4. recent_used_cpu (recent-used-cpu; 4.16+).
    if b.recent_used_cpu {
        let recent_used_cpu = p.recent_used_cpu;
        // recent-keep-prev (5.15: 89aafd67f28c) / recent-as-target: prev becomes the next
        // candidate unconditionally, before the old value is tested.
        if b.recent_keep_prev {
            p.recent_used_cpu = prev;
            c.ev(Event::Write {
                what: "p.recent_used_cpu",
                cpu: None,
                value: prev as i64,
            });
        }
        let valid = (recent_used_cpu as usize) < c.view.topology().nr_cpus();
        let candidate = valid
            && recent_used_cpu != prev
            && recent_used_cpu != target
            && c.cpus_share_cache(recent_used_cpu, target);
        c.chk(
            "recent_used_cpu != prev && != target && shares cache with target",
            Some(recent_used_cpu),
            candidate,
        );
        if candidate {
            if b.recent_as_target {
                // recent-as-target: an idle recent CPU becomes the search target (no allowed or
                // fits test in the sketch).
                let idle = c.idle(recent_used_cpu);
                if c.chk(
                    "idle(recent_used_cpu) -> new target",
                    Some(recent_used_cpu),
                    idle,
                ) {
                    c.stats().sis_recent_hit += 1;
                    target = recent_used_cpu;
                } else {
                    c.stats().sis_recent_miss += 1;
                }
            } else {
                let idle = c.idle(recent_used_cpu);
                // `cpumask_test_cpu(p->recent_used_cpu, p->cpus_ptr)`: the field, not the local.
                // With recent-keep-prev (as posted and merged, 89aafd67f28c) the field already
                // holds prev, so prev's affinity is tested; recent-affinity-fix (ae2ad293d6be)
                // tests the candidate. Before keep-prev the two are the same CPU.
                let affinity_cpu = if b.recent_affinity_fix {
                    recent_used_cpu
                } else {
                    p.recent_used_cpu
                };
                let usable =
                    idle && {
                        let what = if affinity_cpu == recent_used_cpu {
                            "cpumask_test_cpu(recent_used_cpu, p->cpus_ptr)"
                        } else {
                            "cpumask_test_cpu(p->recent_used_cpu = prev, p->cpus_ptr)"
                        };
                        c.chk(what, Some(affinity_cpu), p.allowed.test(affinity_cpu))
                    } && c.fits(task_util, recent_used_cpu);
                if c.chk("idle && allowed && fits", Some(recent_used_cpu), usable) {
                    // Replace recent_used_cpu with prev as it is a potential candidate for the
                    // next wake (the in-branch write; redundant with recent-keep-prev).
                    p.recent_used_cpu = prev;
                    c.ev(Event::Write {
                        what: "p.recent_used_cpu",
                        cpu: None,
                        value: prev as i64,
                    });
                    c.stats().sis_recent_hit += 1;
                    return c.decide(Rule::RecentUsed, recent_used_cpu);
                }
                c.stats().sis_recent_miss += 1;
            }
        }
    }
    // 5. asymmetric capacity (5.x): select_idle_capacity over sd_asym_cpucapacity.
    if let Some(level) = c.view.domains().asym_level.filter(|_| asym) {
        let view = c.view;
        let span = view.domains().levels[level].span(target);
        let i = select_idle_capacity(c, p, span, target);
        return c.decide(Rule::IdleCapacity, i.unwrap_or(target));
    }
    // 6. sd = sd_llc[target]
    let Some(sd) = c.sd_llc_span(target) else {
        return c.decide(Rule::NoLlc, target);
    };
    c.stats().sis_domain_search += 1;
    match b.sis_shape {
        SisShape::Classic => {
            // account-search-cost: depth computed once here; cost charged after cpu+smt.
            let nr = if b.account_search_cost {
                Some(sis_search_depth(c, sd))
            } else {
                None
            };
            if let Some((i, rule)) = select_idle_core(c, p, sd, target) {
                return c.decide(rule, i);
            }
            c.scan_examined = 0;
            let i = select_idle_cpu(c, p, sd, target, nr);
            if let Some(i) = i {
                if b.account_search_cost {
                    let t = c.st.params.scan_time(c.scan_examined);
                    c.update_avg_scan_cost(t);
                }
                return c.decide(Rule::IdleCpu, i);
            }
            let i = select_idle_smt(c, p, sd, target);
            if b.account_search_cost {
                let t = c.st.params.scan_time(c.scan_examined);
                c.update_avg_scan_cost(t);
            }
            if let Some(i) = i {
                return c.decide(Rule::IdleSmt, i);
            }
        }
        SisShape::Merged => {
            // select-idle-smt-prev (5.12.y/5.13+): the caller reads has_idle_cores (only with
            // SMT) and first tries prev's siblings. Vanilla 5.12 reads the flag inside
            // select_idle_cpu.
            let mut has_idle_core = None;
            if b.select_idle_smt_prev {
                let mut hic = false;
                if c.smt_present() {
                    hic = c.test_idle_cores(target, false);
                    if !hic
                        && c.cpus_share_cache(prev, target)
                        && let Some(i) = select_idle_smt(c, p, sd, prev)
                    {
                        return c.decide(Rule::IdleSmtPrev, i);
                    }
                }
                has_idle_core = Some(hic);
            }
            if let Some((i, rule)) = select_idle_cpu_merged(c, p, sd, has_idle_core, target) {
                return c.decide(rule, i);
            }
        }
    }
    c.stats().sis_failed += 1;
    c.decide(Rule::FallbackTarget, target)
}
