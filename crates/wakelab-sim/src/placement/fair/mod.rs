//! The fair-class placement functions, mirroring `kernel/sched/fair.c` per version.
//!
//! Function names and the order of checks follow fair.c; each function's doc comment names the
//! spec section. Version and patch differences are read from [`Behaviour`] fields; every
//! patch-controlled branch carries a comment with the patch id (`grep -rn <patch-id>`).
//!
//! One file per part of fair.c (each opens with the functions it holds):
//!
//! - `select_task_rq`: `select_task_rq` / `select_fallback_rq` (core.c)
//!   and `select_task_rq_fair`, the entry point and its domain walk (§3);
//! - `wake_affine`: `record_wakee`, `wake_wide`, `wake_cap` and the wake_affine family (§3.1-§4);
//! - `select_idle_sibling`: the fast path's sequence of cheap checks (§5);
//! - `select_idle_scan`: the LLC scans it calls (`select_idle_core/cpu/smt/capacity`) and their
//!   SIS_PROP / SIS_UTIL budgets (§6.2-§7);
//! - `idle_cores`: `has_idle_cores` tracking (`test_idle_cores`, `set_idle_cores`,
//!   `__update_idle_core`; §6.1);
//! - `slow_path`: `find_idlest_cpu` / `find_idlest_group` / `find_idlest_group_cpu` (§8);
//! - `vcpu_pack`: the recording host's packing rules (`vcpu-pack`, not mainline), which run
//!   first in its `select_task_rq_fair`.
//!
//! This file holds the shared context (`Ctx`) and the primitives every part reads (§1, §9,
//! §10.5). Nothing here allocates: masks are `Copy` bitsets, scans use
//! [`WrapCursor`](crate::cpumask::WrapCursor), and the explainer is a generic parameter
//! ([`NoExplain`](super::NoExplain) compiles to nothing).

mod idle_cores;
mod select_idle_scan;
mod select_idle_sibling;
mod select_task_rq;
mod slow_path;
mod vcpu_pack;
mod wake_affine;

pub use idle_cores::update_idle_core;
pub use select_idle_scan::update_idle_cpu_scan;
pub use select_task_rq::{select_task_rq, select_task_rq_fair};

use crate::cpumask::{Cpu, CpuMask};
use crate::kernel::patches::IdleTest;

use super::explain::{Event, Explain, Func, Verdict};
use super::{Behaviour, PlacementState, Rule, SchedView};

/// 1 second: record_wakee's decay period (`HZ` jiffies), in ns.
const WAKEE_DECAY_NS: u64 = 1_000_000_000;
/// `capacity_margin` / fits_capacity: util * 1280 < capacity * 1024 (§3.2, §5.3).
const CAPACITY_MARGIN: u64 = 1280;
const SCHED_CAPACITY_SCALE: u64 = 1024;

/// Everything a placement call reads and writes, bundled so the kernel functions in the
/// submodules keep fair.c's parameter lists (p, prev, target, sd) without threading ten
/// arguments.
struct Ctx<'a, V: SchedView, E: Explain> {
    view: &'a V,
    st: &'a mut PlacementState,
    b: &'a Behaviour,
    ex: &'a mut E,
    /// `smp_processor_id()`: the CPU executing the wake-up.
    this: Cpu,
    in_task: bool,
    /// Runqueues read (idle tests, load reads).
    scanned: u32,
    rule: Rule,
    wake_avg_idle_used: u64,
    /// Runqueues examined by the idle-cpu/smt scans since the account-search-cost timestamp.
    scan_examined: u32,
}

impl<'a, V: SchedView, E: Explain> Ctx<'a, V, E> {
    #[inline]
    fn ev(&mut self, e: Event) {
        if self.ex.enabled() {
            self.ex.event(e);
        }
    }
    #[inline]
    fn enter(&mut self, func: Func) {
        self.ev(Event::Enter { func });
    }
    #[inline]
    fn leave(&mut self, func: Func, result: Option<Cpu>) -> Option<Cpu> {
        self.ev(Event::Leave { func, result });
        result
    }
    #[inline]
    fn chk(&mut self, what: &'static str, cpu: Option<Cpu>, pass: bool) -> bool {
        self.ev(Event::Check { what, cpu, pass });
        pass
    }
    #[inline]
    fn val(&mut self, name: &'static str, value: i64) {
        self.ev(Event::Value { name, value });
    }
    #[inline]
    fn examine(&mut self, func: Func, cpu: Cpu, verdict: Verdict) {
        self.ev(Event::Examine { func, cpu, verdict });
    }
    #[inline]
    fn decide(&mut self, rule: Rule, cpu: Cpu) -> Cpu {
        self.rule = rule;
        self.ev(Event::Rule { rule, cpu });
        cpu
    }
    #[inline]
    fn stats(&mut self) -> &mut super::SisStats {
        &mut self.st.stats[self.this as usize]
    }

    // ---- primitives (§1.1, §1.2, §6.1, §9, §10.5)

    /// `available_idle_cpu(c)` (= `idle_cpu(c)` on bare metal; 4.x calls `idle_cpu`).
    #[inline]
    fn available_idle_cpu(&mut self, cpu: Cpu) -> bool {
        self.scanned += 1;
        self.view.idle_cpu(cpu)
    }
    /// `sched_idle_cpu(c)`: only exists from 5.4 (false in 4.x).
    #[inline]
    fn sched_idle_cpu(&mut self, cpu: Cpu) -> bool {
        self.b.idle_test == IdleTest::AvailableOrSchedIdle && self.view.sched_idle_cpu(cpu)
    }
    /// IDLE(c) of §5: `idle_cpu` (4.x) or `available_idle_cpu || sched_idle_cpu` (≥5.10).
    #[inline]
    fn idle(&mut self, cpu: Cpu) -> bool {
        self.available_idle_cpu(cpu) || self.sched_idle_cpu(cpu)
    }
    #[inline]
    fn cpus_share_cache(&self, a: Cpu, b: Cpu) -> bool {
        self.view.topology().cpus_share_cache(a, b)
    }
    /// `sched_smt_present` static key.
    #[inline]
    fn smt_present(&self) -> bool {
        self.view.topology().smt_active()
    }
    /// `sched_asym_cpucapacity` static key (5.x; 4.x uses wake_cap instead).
    #[inline]
    fn asym(&self) -> bool {
        self.b.asym_fits && self.view.domains().asym_level.is_some()
    }
    /// `asym_fits_capacity(util, cpu)` (§5.3 FITS).
    #[inline]
    fn fits(&self, util: u32, cpu: Cpu) -> bool {
        !self.asym() || fits_capacity(util as u64, self.view.capacity_of(cpu) as u64)
    }
    /// `sd_llc[cpu]` span, if the machine has an LLC domain.
    #[inline]
    fn sd_llc_span(&self, cpu: Cpu) -> Option<&'a CpuMask> {
        let view: &'a V = self.view;
        view.domains().llc().map(|l| l.span(cpu))
    }
    /// `sd_llc_size[cpu]` (1 without an LLC domain).
    #[inline]
    fn sd_llc_size(&self, cpu: Cpu) -> usize {
        self.view
            .domains()
            .llc()
            .map(|l| l.span_weight(cpu))
            .unwrap_or(1)
    }
    #[inline]
    fn llc_index(&self, cpu: Cpu) -> usize {
        self.view.topology().place(cpu).llc as usize
    }
    #[inline]
    fn capacity_orig_of(&self, cpu: Cpu) -> u64 {
        self.view.domains().capacity_orig[cpu as usize] as u64
    }
    /// `cpu_util(c)` (§10.5): 4.x min(util_avg, orig); 5.x with util_est.
    #[inline]
    fn cpu_util(&self, cpu: Cpu) -> u64 {
        let u = self.view.cfs_util_avg(cpu) as u64;
        let u = if self.b.version.is_4x() {
            u
        } else {
            u.max(self.view.util_est_enqueued(cpu) as u64)
        };
        u.min(self.capacity_orig_of(cpu))
    }
    /// Charge a scan of `examined` runqueues to avg_scan_cost of this CPU's LLC domain copy:
    /// `update_avg(&this_sd->avg_scan_cost, time)` (§7.3: signed `/ 8`, rounds toward zero).
    fn update_avg_scan_cost(&mut self, time: u64) {
        let this = self.this as usize;
        // Both fit in i64 with the validated costs; clamped and saturating so that a
        // hand-built state or an extreme scan time cannot wrap (issue 21).
        let avg = self.st.avg_scan_cost[this].min(i64::MAX as u64) as i64;
        let time = time.min(i64::MAX as u64) as i64;
        let new = avg.saturating_add(time.saturating_sub(avg) / 8);
        self.st.avg_scan_cost[this] = new.max(0) as u64;
        self.ev(Event::Write {
            what: "this_sd.avg_scan_cost",
            cpu: None,
            value: new,
        });
    }
}

/// `fits_capacity(cap, max)`: cap * 1280 < max * 1024.
#[inline]
fn fits_capacity(util: u64, cap: u64) -> bool {
    util * CAPACITY_MARGIN < cap * SCHED_CAPACITY_SCALE
}
