//! The LLC scans `select_idle_sibling` calls (§6.2-§7.8): `select_idle_core`, `select_idle_cpu`
//! (classic and the 5.12+ merged scan), `select_idle_smt`, `select_idle_capacity`, and their
//! budgets (SIS_PROP `sis_prop_nr`, account-search-cost's depth, SIS_UTIL `update_idle_cpu_scan`).

use crate::cpumask::{Cpu, CpuMask, WrapCursor};
use crate::kernel::patches::{IdleCoreScan, SisShape};

use super::super::explain::{Explain, Func, Verdict};
use super::super::{PlacementState, Rule, SchedView, TaskPlacement};
use super::{Ctx, SCHED_CAPACITY_SCALE, fits_capacity};

/// account-search-cost: `sis_search_depth` — the SIS_PROP depth computed once per search
/// (same formula as select_idle_cpu, §7.3, §11.2).
pub(super) fn sis_search_depth<V: SchedView, E: Explain>(c: &mut Ctx<V, E>, sd: &CpuMask) -> i64 {
    let avg_idle = c.view.avg_idle(c.this) / 512;
    let avg_cost = c.st.avg_scan_cost[c.this as usize].saturating_add(1);
    sis_prop_nr(c.b.sis_prop, sd.weight() as u64, avg_idle, avg_cost)
}

/// SIS_PROP: `nr = span_avg > 4*avg_cost ? span_avg / avg_cost : 4` (INT_MAX without SIS_PROP).
#[inline]
fn sis_prop_nr(sis_prop: bool, span_weight: u64, avg_idle: u64, avg_cost: u64) -> i64 {
    if !sis_prop {
        return i32::MAX as i64;
    }
    let span_avg = span_weight.saturating_mul(avg_idle);
    // Saturating: a snapshot's avg_scan_cost is bounded (1 s) and the engine's stays below
    // ~0.5 s, but a hand-built `PlacementState` must not overflow here (issue 21).
    if span_avg > avg_cost.saturating_mul(4) {
        (span_avg / avg_cost).min(i32::MAX as u64) as i64
    } else {
        4
    }
}

/// `select_idle_core` — 4.15/4.16 (§6.2), 5.10/5.11 (§6.3), idle-candidate v2 (§6.4) and its
/// v1. Returns the CPU and whether it is an idle core or a candidate thread.
pub(super) fn select_idle_core<V: SchedView, E: Explain>(
    c: &mut Ctx<V, E>,
    p: &TaskPlacement,
    sd: &CpuMask,
    target: Cpu,
) -> Option<(Cpu, Rule)> {
    if !c.smt_present() {
        return None;
    }
    let flag = c.test_idle_cores(target, false);
    if !c.chk("has_idle_cores (target's LLC)", Some(target), flag) {
        return None;
    }
    c.enter(Func::SelectIdleCore);
    let b = c.b;
    let mut cpus = sd.and(&p.allowed);
    // clear-target-from-scan: target is known busy; do not examine it again.
    if b.clear_target_from_scan {
        cpus.clear(target);
    }
    let mut idle_candidate: Option<Cpu> = None;
    let mut cur = WrapCursor::new(target);
    while let Some(core) = cur.next(&cpus) {
        let view = c.view;
        let smt = view.topology().smt_mask(core);
        let mut idle = true;
        match b.idle_core_scan {
            IdleCoreScan::NoBreak => {
                // 4.x: every sibling is examined (and cleared), no early break.
                for cpu in smt.iter() {
                    cpus.clear(cpu);
                    c.stats().sis_scanned += 1;
                    if !c.available_idle_cpu(cpu) {
                        idle = false;
                        c.examine(Func::SelectIdleCore, cpu, Verdict::CoreBusy);
                    }
                }
            }
            IdleCoreScan::EarlyBreak | IdleCoreScan::CandidateV2 => {
                for cpu in smt.iter() {
                    c.stats().sis_scanned += 1;
                    if !c.available_idle_cpu(cpu) {
                        idle = false;
                        c.examine(Func::SelectIdleCore, cpu, Verdict::CoreBusy);
                        break;
                    }
                    // idle-candidate: first idle, allowed CPU seen.
                    if b.idle_core_scan == IdleCoreScan::CandidateV2
                        && idle_candidate.is_none()
                        && p.allowed.test(cpu)
                    {
                        idle_candidate = Some(cpu);
                        c.examine(Func::SelectIdleCore, cpu, Verdict::Candidate);
                    }
                }
                cpus.andnot_assign(smt);
            }
            IdleCoreScan::CandidateV1 => {
                // idle-candidate-v1: a busy sibling only stops the core once a candidate
                // exists, and the candidate is not tested for idleness (the acknowledged bug).
                for cpu in smt.iter() {
                    c.stats().sis_scanned += 1;
                    if !c.available_idle_cpu(cpu) {
                        idle = false;
                        c.examine(Func::SelectIdleCore, cpu, Verdict::CoreBusy);
                        if idle_candidate.is_some() {
                            break;
                        }
                    }
                    if idle_candidate.is_none() && p.allowed.test(cpu) {
                        idle_candidate = Some(cpu);
                        c.examine(Func::SelectIdleCore, cpu, Verdict::Candidate);
                    }
                }
                cpus.andnot_assign(smt);
            }
        }
        if idle {
            c.examine(Func::SelectIdleCore, core, Verdict::CoreIdle);
            c.leave(Func::SelectIdleCore, Some(core));
            return Some((core, Rule::IdleCore));
        }
    }
    // Failed scan: no idle core in target's LLC.
    c.set_idle_cores(target, false);
    c.leave(Func::SelectIdleCore, idle_candidate);
    idle_candidate.map(|i| (i, Rule::IdleCandidate))
}

/// `select_idle_cpu` — 4.15/4.16/5.10/5.11 (§7.3): SIS_PROP-limited scan from target with the
/// `--nr` off-by-one, the wasted first check of target, no cost update on budget exhaustion,
/// and (4.x) disallowed CPUs consuming budget. `nr_in` is account-search-cost's precomputed depth.
pub(super) fn select_idle_cpu<V: SchedView, E: Explain>(
    c: &mut Ctx<V, E>,
    p: &TaskPlacement,
    sd: &CpuMask,
    target: Cpu,
    nr_in: Option<i64>,
) -> Option<Cpu> {
    let this = c.this;
    // this_sd = sd_llc[this CPU]: the waker's own LLC domain copy.
    c.sd_llc_span(this)?;
    c.enter(Func::SelectIdleCpu);
    let b = c.b;
    let avg_idle = c.view.avg_idle(this) / 512;
    let avg_cost = c.st.avg_scan_cost[this as usize].saturating_add(1);
    c.val("avg_idle/512", avg_idle as i64);
    c.val("avg_cost", avg_cost as i64);
    if b.sis_avg_cpu && avg_idle < avg_cost {
        c.chk("SIS_AVG_CPU: avg_idle < avg_cost", None, true);
        return c.leave(Func::SelectIdleCpu, None);
    }
    let mut nr = match nr_in {
        Some(n) => n,
        None => sis_prop_nr(b.sis_prop, sd.weight() as u64, avg_idle, avg_cost),
    };
    c.val("nr", nr);
    let mut cpus = if b.scan_disallowed_consume_budget {
        // 4.x: the loop walks the whole span; the affinity test comes after the budget test.
        *sd
    } else {
        sd.and(&p.allowed)
    };
    // clear-target-from-scan
    if b.clear_target_from_scan {
        cpus.clear(target);
    }
    let mut examined = 0u32;
    let mut found = None;
    let mut cur = WrapCursor::new(target);
    while let Some(cpu) = cur.next(&cpus) {
        // 5.10-based schedstat: counted before the budget test.
        c.stats().sis_scanned += 1;
        nr -= 1;
        if nr == 0 {
            c.examine(Func::SelectIdleCpu, cpu, Verdict::BudgetExhausted);
            // Early return: avg_scan_cost is NOT updated (§7.3).
            c.scan_examined += examined;
            return c.leave(Func::SelectIdleCpu, None);
        }
        if b.scan_disallowed_consume_budget && !p.allowed.test(cpu) {
            c.examine(Func::SelectIdleCpu, cpu, Verdict::NotAllowed);
            continue;
        }
        examined += 1;
        if c.idle(cpu) {
            c.examine(Func::SelectIdleCpu, cpu, Verdict::Idle);
            found = Some(cpu);
            break;
        }
        c.examine(Func::SelectIdleCpu, cpu, Verdict::Busy);
    }
    c.scan_examined += examined;
    // account-search-cost charges the cost in select_idle_sibling instead.
    if !b.account_search_cost {
        let t = c.st.params.scan_time(examined);
        c.update_avg_scan_cost(t);
    }
    c.leave(Func::SelectIdleCpu, found)
}

/// `select_idle_cpu` — 5.12 merged core/cpu scan (§7.4), 5.12.y/5.13 (`has_idle_core` from the
/// caller), 5.15 (aged idle, SIS_UTIL, start at target+1; §7.5, §7.6). `has_idle_core = None`
/// is vanilla 5.12 (flag read here).
pub(super) fn select_idle_cpu_merged<V: SchedView, E: Explain>(
    c: &mut Ctx<V, E>,
    p: &TaskPlacement,
    sd: &CpuMask,
    has_idle_core: Option<bool>,
    target: Cpu,
) -> Option<(Cpu, Rule)> {
    let this = c.this;
    c.sd_llc_span(this)?;
    c.enter(Func::SelectIdleCpu);
    let b = c.b;
    let mut cpus = sd.and(&p.allowed);
    let mut idle_cpu: Option<Cpu> = None;
    let mut nr: i64 = i32::MAX as i64;
    let smt = match has_idle_core {
        Some(h) => h,
        None => c.test_idle_cores(target, false),
    };
    c.chk("has_idle_core (core mode)", Some(target), smt);
    let timed = b.sis_prop && !smt;
    if timed {
        let avg_idle = if b.aged_avg_idle {
            // 5.14+: wake_avg_idle, already aged by the engine; no /512.
            c.view.wake_avg_idle(this)
        } else {
            c.view.avg_idle(this) / 512
        };
        let avg_cost = c.st.avg_scan_cost[this as usize].saturating_add(1);
        c.val("avg_idle", avg_idle as i64);
        c.val("avg_cost", avg_cost as i64);
        nr = sis_prop_nr(true, sd.weight() as u64, avg_idle, avg_cost);
    }
    if b.sis_util && c.view.domains().llc_level.is_some() {
        // `nr = nr_idle_scan + 1` because `!--nr` is the stop condition.
        nr = c.st.nr_idle_scan[c.llc_index(target)] as i64 + 1;
        if nr == 1 {
            c.chk("SIS_UTIL: nr_idle_scan == 0 (LLC overloaded)", None, true);
            return c
                .leave(Func::SelectIdleCpu, None)
                .map(|i| (i, Rule::IdleCpu));
        }
    }
    if !smt {
        c.val("nr", nr);
    }
    let start = if b.scan_from_target_plus_one {
        target + 1
    } else {
        target
    };
    let mut examined = 0u32;
    let mut cur = WrapCursor::new(start);
    while let Some(cpu) = cur.next(&cpus) {
        if smt {
            if let Some(i) = select_idle_core_one(c, p, cpu, &mut cpus, &mut idle_cpu) {
                c.leave(Func::SelectIdleCpu, Some(i));
                return Some((i, Rule::IdleCore));
            }
        } else {
            nr -= 1;
            if nr == 0 {
                c.examine(Func::SelectIdleCpu, cpu, Verdict::BudgetExhausted);
                return c
                    .leave(Func::SelectIdleCpu, None)
                    .map(|i| (i, Rule::IdleCpu));
            }
            // Forward-port schedstat: per CPU examined, after the budget test.
            c.stats().sis_scanned += 1;
            examined += 1;
            if c.idle(cpu) {
                c.examine(Func::SelectIdleCpu, cpu, Verdict::Idle);
                idle_cpu = Some(cpu);
                break;
            }
            c.examine(Func::SelectIdleCpu, cpu, Verdict::Busy);
        }
    }
    if smt {
        // Vanilla 5.12 clears the WAKER's LLC flag (bug); idle-cores-clear-target fixes it.
        let who = if b.clear_idle_cores_on_waker {
            this
        } else {
            target
        };
        c.set_idle_cores(who, false);
    }
    if timed {
        let time = c.st.params.scan_time(examined);
        if b.aged_avg_idle {
            // `this_rq->wake_avg_idle -= min(this_rq->wake_avg_idle, time)`: the engine applies it.
            c.wake_avg_idle_used = c.view.wake_avg_idle(this).min(time);
        }
        c.update_avg_scan_cost(time);
    } else if !b.scan_cost_under_sis_prop && !smt {
        let time = c.st.params.scan_time(examined);
        c.update_avg_scan_cost(time);
    }
    let rule = if smt {
        Rule::IdleCandidate
    } else {
        Rule::IdleCpu
    };
    c.leave(Func::SelectIdleCpu, idle_cpu).map(|i| (i, rule))
}

/// `select_idle_core(p, core, cpus, &idle_cpu)` — 5.12+ per-core helper (§6.5).
fn select_idle_core_one<V: SchedView, E: Explain>(
    c: &mut Ctx<V, E>,
    p: &TaskPlacement,
    core: Cpu,
    cpus: &mut CpuMask,
    idle_cpu: &mut Option<Cpu>,
) -> Option<Cpu> {
    if !c.smt_present() {
        // `__select_idle_cpu(core)`.
        c.stats().sis_scanned += 1;
        let idle = c.idle(core);
        c.examine(
            Func::SelectIdleCore,
            core,
            if idle { Verdict::Idle } else { Verdict::Busy },
        );
        return idle.then_some(core);
    }
    let view = c.view;
    let smt = view.topology().smt_mask(core);
    let mut idle = true;
    for cpu in smt.iter() {
        c.stats().sis_scanned += 1;
        if !c.available_idle_cpu(cpu) {
            idle = false;
            c.examine(Func::SelectIdleCore, cpu, Verdict::CoreBusy);
            if idle_cpu.is_none() {
                if c.sched_idle_cpu(cpu) && p.allowed.test(cpu) {
                    *idle_cpu = Some(cpu);
                    c.examine(Func::SelectIdleCore, cpu, Verdict::Candidate);
                    break;
                }
                continue;
            }
            break;
        }
        if idle_cpu.is_none() && p.allowed.test(cpu) {
            *idle_cpu = Some(cpu);
            c.examine(Func::SelectIdleCore, cpu, Verdict::Candidate);
        }
    }
    if idle {
        c.examine(Func::SelectIdleCore, core, Verdict::CoreIdle);
        return Some(core);
    }
    *cpus = cpus.andnot(smt);
    None
}

/// `select_idle_smt(p, sd, target)` — 4.x (§7.7: allowed filter, `idle_cpu`), 5.10/5.11 (+span,
/// +sched_idle), 5.12.y+ `select_idle_smt(p, sd, prev)` (no SMT-key test inside).
pub(super) fn select_idle_smt<V: SchedView, E: Explain>(
    c: &mut Ctx<V, E>,
    p: &TaskPlacement,
    sd: &CpuMask,
    target: Cpu,
) -> Option<Cpu> {
    let b = c.b;
    if b.sis_shape == SisShape::Classic && !c.smt_present() {
        return None;
    }
    c.enter(Func::SelectIdleSmt);
    let view = c.view;
    let smt = view.topology().smt_mask(target);
    let mut found = None;
    for cpu in smt.iter() {
        if b.smt_skips_target && cpu == target {
            continue;
        }
        // 5.10-based schedstat: per sibling iterated, before the filters.
        c.stats().sis_scanned += 1;
        if !p.allowed.test(cpu) {
            c.examine(Func::SelectIdleSmt, cpu, Verdict::NotAllowed);
            continue;
        }
        if b.smt_checks_span && !sd.test(cpu) {
            c.examine(Func::SelectIdleSmt, cpu, Verdict::NotInSpan);
            continue;
        }
        c.scan_examined += 1;
        if c.idle(cpu) {
            c.examine(Func::SelectIdleSmt, cpu, Verdict::Idle);
            found = Some(cpu);
            break;
        }
        c.examine(Func::SelectIdleSmt, cpu, Verdict::Busy);
    }
    c.leave(Func::SelectIdleSmt, found)
}

/// `select_idle_capacity` (≥5.7, asym systems; §7.8).
pub(super) fn select_idle_capacity<V: SchedView, E: Explain>(
    c: &mut Ctx<V, E>,
    p: &TaskPlacement,
    span: &CpuMask,
    target: Cpu,
) -> Option<Cpu> {
    c.enter(Func::SelectIdleCapacity);
    let cpus = span.and(&p.allowed);
    let task_util = p.util(true) as u64;
    let mut best_cap = 0u64;
    let mut best_cpu = None;
    let mut cur = WrapCursor::new(target);
    while let Some(cpu) = cur.next(&cpus) {
        let cpu_cap = c.view.capacity_of(cpu) as u64;
        if !c.idle(cpu) {
            c.examine(Func::SelectIdleCapacity, cpu, Verdict::Busy);
            continue;
        }
        if fits_capacity(task_util, cpu_cap) {
            c.examine(Func::SelectIdleCapacity, cpu, Verdict::Idle);
            return c.leave(Func::SelectIdleCapacity, Some(cpu));
        }
        c.examine(Func::SelectIdleCapacity, cpu, Verdict::DoesNotFit);
        if cpu_cap > best_cap {
            best_cap = cpu_cap;
            best_cpu = Some(cpu);
        }
    }
    c.leave(Func::SelectIdleCapacity, best_cpu)
}

/// SIS_UTIL `update_idle_cpu_scan` (§7.6): the engine calls it from periodic (not new-idle)
/// load balancing at the LLC level with `sum_util` = Σ cpu_util over the LLC of `cpu`.
pub fn update_idle_cpu_scan<V: SchedView>(
    view: &V,
    st: &mut PlacementState,
    cpu: Cpu,
    sum_util: u64,
) {
    let Some(llc) = view.domains().llc() else {
        return;
    };
    let llc_weight = llc.span_weight(cpu) as u64;
    let pct = llc.imbalance_pct as u64;
    let x = sum_util / llc_weight;
    let tmp = (x * x * pct * pct / (10000 * SCHED_CAPACITY_SCALE)).min(SCHED_CAPACITY_SCALE);
    let y = (SCHED_CAPACITY_SCALE - tmp) * llc_weight / SCHED_CAPACITY_SCALE;
    let idx = view.topology().place(cpu).llc as usize;
    st.nr_idle_scan[idx] = y as u32;
}
