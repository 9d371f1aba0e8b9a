//! Idle-core tracking (§6.1): `test_idle_cores`, `set_idle_cores` and `__update_idle_core`
//! (`has_idle_cores` of each LLC's `sched_domain_shared`).

use crate::cpumask::Cpu;

use super::super::explain::{Event, Explain};
use super::super::{Behaviour, PlacementState, SchedView};
use super::Ctx;

impl<V: SchedView, E: Explain> Ctx<'_, V, E> {
    /// `test_idle_cores(cpu, def)` (§6.1).
    #[inline]
    pub(super) fn test_idle_cores(&self, cpu: Cpu, def: bool) -> bool {
        if self.view.domains().llc_level.is_none() {
            return def;
        }
        self.st.has_idle_cores[self.llc_index(cpu)]
    }
    /// `set_idle_cores(cpu, val)` (§6.1).
    #[inline]
    pub(super) fn set_idle_cores(&mut self, cpu: Cpu, val: bool) {
        if self.view.domains().llc_level.is_none() {
            return;
        }
        let llc = self.llc_index(cpu);
        self.st.has_idle_cores[llc] = val;
        self.ev(Event::Write {
            what: "has_idle_cores",
            cpu: Some(cpu),
            value: val as i64,
        });
    }
}

/// `__update_idle_core(rq)` (§6.1): the engine calls it when `cpu` switches to its idle task
/// (4.15 `pick_next_task_idle`, 5.x `set_next_task_idle`). Sets the LLC's has_idle_cores when
/// every other SMT sibling is idle. No-op without SMT or when the flag is already set.
pub fn update_idle_core<V: SchedView>(view: &V, st: &mut PlacementState, _b: &Behaviour, cpu: Cpu) {
    let topo = view.topology();
    if !topo.smt_active() {
        return;
    }
    // test_idle_cores(cpu, true): no shared object → "true" → nothing to do.
    if view.domains().llc_level.is_none() {
        return;
    }
    let llc = topo.place(cpu).llc as usize;
    if st.has_idle_cores[llc] {
        return;
    }
    for s in topo.smt_mask(cpu).iter() {
        if s == cpu {
            continue;
        }
        // 4.15 idle_cpu / 5.x available_idle_cpu: identical on bare metal.
        if !view.idle_cpu(s) {
            return;
        }
    }
    st.has_idle_cores[llc] = true;
}
