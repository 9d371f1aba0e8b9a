//! `select_task_rq` and `select_fallback_rq` (core.c, §3.0) and `select_task_rq_fair` (§3.3-§3.7):
//! the entry point, want_affine and the domain walk that picks the fast or the slow path.

use crate::cpumask::Cpu;
use crate::topology::SdFlags;

use super::super::explain::{Event, Explain, Func};
use super::super::{
    Behaviour, Decision, PlacementState, Rule, SchedView, SdFlag, TaskPlacement, WakeRequest,
};
use super::Ctx;
use super::select_idle_sibling::select_idle_sibling;
use super::slow_path::find_idlest_cpu;
use super::vcpu_pack::{decide_packed, vcpu_pack};
use super::wake_affine::{record_wakee, wake_affine, wake_cap, wake_wide};

/// `select_task_rq` (core.c, §3.0): the entry point the engine calls for every wake-up, fork
/// and exec. Skips the class when only one CPU is allowed, then re-validates the class's choice
/// with `select_fallback_rq`.
pub fn select_task_rq<V: SchedView, E: Explain>(
    view: &V,
    st: &mut PlacementState,
    b: &Behaviour,
    req: &WakeRequest,
    p: &mut TaskPlacement,
    current: &mut TaskPlacement,
    ex: &mut E,
) -> Decision {
    let nr = view.topology().nr_cpus();
    let allowed = p.allowed.and(view.topology().all());
    if allowed.weight() == 1 {
        // `p->nr_cpus_allowed > 1` is false: cpumask_any(p->cpus_ptr), no class hook.
        let cpu = allowed.first().expect("weight 1");
        if ex.enabled() {
            ex.event(Event::Rule {
                rule: Rule::SingleCpu,
                cpu,
            });
        }
        return Decision {
            cpu,
            rule: Rule::SingleCpu,
            scanned: 0,
            affine: false,
            want_affine: false,
            fast_path: false,
            wake_avg_idle_used: 0,
        };
    }
    let mut d = select_task_rq_fair(view, st, b, req, p, current, ex);
    // `if (unlikely(!is_cpu_allowed(p, cpu))) cpu = select_fallback_rq(task_cpu(p), p);`
    // (every modelled CPU is online and active, so is_cpu_allowed is the affinity test).
    let ok = (d.cpu as usize) < nr && allowed.test(d.cpu);
    if ex.enabled() && !ok {
        ex.event(Event::Check {
            what: "is_cpu_allowed(p, cpu)",
            cpu: Some(d.cpu),
            pass: false,
        });
    }
    if !ok {
        // task_cpu(p) is still prev: the task has not been moved yet.
        d.cpu = select_fallback_rq(view, p.prev_cpu, p, ex);
        d.rule = Rule::Fallback;
    }
    d
}

/// `select_fallback_rq(task_cpu(p), p)` (core.c, §3.0; the same first steps in the 4.x
/// `cpu_active`/`cpus_allowed` and the 5.x `is_cpu_allowed` forms): the first allowed CPU of `cpumask_of_node(cpu_to_node(cpu))` in cpumask order,
/// else the first allowed CPU of `p->cpus_ptr`. The cpuset / cpu_possible_mask widening that
/// follows only runs when no allowed CPU is online, which a model machine (all CPUs online,
/// affinity validated non-empty) cannot reach; prev is returned then.
fn select_fallback_rq<V: SchedView, E: Explain>(
    view: &V,
    prev: Cpu,
    p: &TaskPlacement,
    ex: &mut E,
) -> Cpu {
    let topo = view.topology();
    let allowed = p.allowed.and(topo.all());
    let prev_ok = (prev as usize) < topo.nr_cpus();
    let in_node = prev_ok
        .then(|| topo.node_mask(prev).and(&allowed).first())
        .flatten();
    let cpu = in_node
        .or_else(|| allowed.first())
        .unwrap_or(if prev_ok { prev } else { 0 });
    if ex.enabled() {
        ex.event(Event::Enter {
            func: Func::SelectFallbackRq,
        });
        ex.event(Event::Check {
            what: "allowed CPU in task_cpu(p)'s node (first in cpumask order)",
            cpu: in_node,
            pass: in_node.is_some(),
        });
        if in_node.is_none() {
            ex.event(Event::Check {
                what: "any allowed CPU (first in p->cpus_ptr)",
                cpu: allowed.first(),
                pass: allowed.first().is_some(),
            });
        }
        ex.event(Event::Leave {
            func: Func::SelectFallbackRq,
            result: Some(cpu),
        });
        ex.event(Event::Rule {
            rule: Rule::Fallback,
            cpu,
        });
    }
    cpu
}

/// `select_task_rq_fair` — 4.15 (§3.3), 4.16 (§3.4), 5.10 (§3.5), 5.11/5.12 (§3.6), 5.15 (§3.7).
///
/// Mutates `p` (recent_used_cpu) and `current` (record_wakee's flips, 4.16-5.14's
/// `current->recent_used_cpu`), `st` (has_idle_cores, avg_scan_cost, schedstats of this_cpu).
pub fn select_task_rq_fair<V: SchedView, E: Explain>(
    view: &V,
    st: &mut PlacementState,
    b: &Behaviour,
    req: &WakeRequest,
    p: &mut TaskPlacement,
    current: &mut TaskPlacement,
    ex: &mut E,
) -> Decision {
    let mut c = Ctx {
        view,
        st,
        b,
        ex,
        this: req.this_cpu,
        in_task: req.in_task,
        scanned: 0,
        rule: Rule::NoBalance,
        wake_avg_idle_used: 0,
        scan_examined: 0,
    };
    c.enter(Func::SelectTaskRqFair);
    let cpu = req.this_cpu;
    let prev_cpu = p.prev_cpu;
    let mut new_cpu = prev_cpu;
    let sd_flag = req.kind;
    // 4.17+: `sync = (wake_flags & WF_SYNC) && !(current->flags & PF_EXITING)`.
    let sync = req.sync && !(b.sync_ignores_exiting && current.exiting);
    let mut want_affine = false;
    let mut affine = false;

    // vcpu-pack: the recording host's build places the task here when one of its packing
    // rules applies, and mainline's code below does not run (not even record_wakee).
    if b.vcpu_pack {
        if let Some(packed) = vcpu_pack(&mut c, sd_flag, p, current, cpu, sync) {
            let packed = decide_packed(&mut c, packed);
            c.leave(Func::SelectTaskRqFair, Some(packed));
            return Decision {
                cpu: packed,
                rule: c.rule,
                scanned: c.scanned,
                affine: false,
                want_affine: false,
                fast_path: false,
                wake_avg_idle_used: 0,
            };
        }
    }

    if sd_flag == SdFlag::Wake {
        record_wakee(&mut c, p, current);
        let ww = wake_wide(&mut c, p, current);
        // 4.x: wake_cap() (asymmetric capacity only, §3.2); gone by 5.10.
        let wc = b.wake_cap && wake_cap(&mut c, p, cpu, prev_cpu);
        let allowed = c.chk("cpu in p->cpus_allowed", Some(cpu), p.allowed.test(cpu));
        want_affine = !ww && !wc && allowed;
        c.chk("want_affine", None, want_affine);
    }

    // The domain walk: lowest level first (for_each_domain(cpu, tmp)).
    let domains = view.domains();
    let mut affine_sd: Option<usize> = None;
    let mut sd: Option<usize> = None;
    for (i, tmp) in domains.levels.iter().enumerate() {
        // 4.x: `if (!(tmp->flags & SD_LOAD_BALANCE)) break;`
        if b.walk_tests_load_balance && !tmp.flags.has(SdFlags::LOAD_BALANCE) {
            break;
        }
        if want_affine && tmp.flags.has(SdFlags::WAKE_AFFINE) && tmp.span(cpu).test(prev_cpu) {
            affine_sd = Some(i);
            break;
        }
        if tmp.flags.has(sd_flag.bits()) {
            sd = Some(i);
        } else if !want_affine {
            break;
        }
    }
    if let Some(a) = affine_sd {
        c.val("affine_sd level", a as i64);
        // Wake-affine beats the balance flags.
        sd = None;
        if cpu != prev_cpu {
            let target = wake_affine(&mut c, a, p, current, cpu, prev_cpu, sync);
            affine = target.is_some();
            // 4.15 boolean form: new_cpu = this_cpu if affine; ≥4.16: the returned CPU.
            new_cpu = target.unwrap_or(prev_cpu);
        }
    }

    let mut fast_path = false;
    match sd {
        None => {
            if sd_flag == SdFlag::Wake {
                fast_path = true;
                new_cpu = select_idle_sibling(&mut c, p, prev_cpu, new_cpu);
                // recent-used-cpu adds this; recent-keep-prev / recent-as-target remove it
                // (gone in 5.15).
                if want_affine && b.waker_sets_recent_used_cpu {
                    current.recent_used_cpu = cpu;
                    c.ev(Event::Write {
                        what: "current.recent_used_cpu",
                        cpu: None,
                        value: cpu as i64,
                    });
                }
            } else {
                c.decide(Rule::NoBalance, new_cpu);
            }
        }
        Some(level) => {
            new_cpu = find_idlest_cpu(&mut c, level, p, cpu, prev_cpu, sd_flag);
            c.decide(Rule::SlowPath, new_cpu);
        }
    }
    c.leave(Func::SelectTaskRqFair, Some(new_cpu));
    Decision {
        cpu: new_cpu,
        rule: c.rule,
        scanned: c.scanned,
        affine,
        want_affine,
        fast_path,
        wake_avg_idle_used: c.wake_avg_idle_used,
    }
}
