//! The fair-class placement functions, mirroring kernel/sched/fair.c (work in progress).

use super::*;

/// `select_task_rq` (core.c, §3.0): the entry point the engine calls.
pub fn select_task_rq<V: SchedView, E: Explain>(
    view: &V,
    st: &mut PlacementState,
    b: &Behaviour,
    req: &WakeRequest,
    p: &mut TaskPlacement,
    current: &mut TaskPlacement,
    ex: &mut E,
) -> Decision {
    select_task_rq_fair(view, st, b, req, p, current, ex)
}

/// `select_task_rq_fair` (§3.3-§3.7).
pub fn select_task_rq_fair<V: SchedView, E: Explain>(
    _view: &V,
    _st: &mut PlacementState,
    _b: &Behaviour,
    _req: &WakeRequest,
    p: &mut TaskPlacement,
    _current: &mut TaskPlacement,
    _ex: &mut E,
) -> Decision {
    Decision {
        cpu: p.prev_cpu,
        rule: Rule::FallbackTarget,
        scanned: 0,
        affine: false,
        want_affine: false,
        fast_path: false,
        wake_avg_idle_used: 0,
    }
}

/// `__update_idle_core` (§6.1): call when `cpu` switches to its idle task.
pub fn update_idle_core<V: SchedView>(
    _view: &V,
    _st: &mut PlacementState,
    _b: &Behaviour,
    _cpu: Cpu,
) {
}

/// SIS_UTIL `update_idle_cpu_scan` (§7.6): call from periodic balance at the LLC level with the
/// LLC's utilisation sum.
pub fn update_idle_cpu_scan<V: SchedView>(
    _view: &V,
    _st: &mut PlacementState,
    _cpu: Cpu,
    _sum_util: u64,
) {
}
