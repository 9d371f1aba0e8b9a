//! The fair-class placement functions, mirroring `kernel/sched/fair.c` per version.
//!
//! Function names and the order of checks follow fair.c; each function's doc comment names the
//! spec section. Version and patch differences are read from [`Behaviour`] fields; every
//! patch-controlled branch carries a comment with the patch id (`grep -rn <patch-id>`).
//!
//! Nothing here allocates: masks are `Copy` bitsets, scans use [`WrapCursor`], and the explainer
//! is a generic parameter ([`NoExplain`] compiles to nothing).

use crate::cpumask::{Cpu, CpuMask, WrapCursor};
use crate::kernel::patches::{IdleCoreScan, IdleTest, NumaSpareRule, SisShape, SlowPath};
use crate::topology::SdFlags;

use super::explain::{Event, Explain, Func, Verdict};
use super::{
    Behaviour, Decision, PlacementState, Rule, SchedView, SdFlag, TaskPlacement, WakeRequest,
};

/// 1 second: record_wakee's decay period (`HZ` jiffies), in ns.
const WAKEE_DECAY_NS: u64 = 1_000_000_000;
/// `capacity_margin` / fits_capacity: util * 1280 < capacity * 1024 (§3.2, §5.3).
const CAPACITY_MARGIN: u64 = 1280;
const SCHED_CAPACITY_SCALE: u64 = 1024;

/// Everything a placement call reads and writes, bundled so the kernel functions below keep
/// fair.c's parameter lists (p, prev, target, sd) without threading ten arguments.
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
    /// `test_idle_cores(cpu, def)` (§6.1).
    #[inline]
    fn test_idle_cores(&self, cpu: Cpu, def: bool) -> bool {
        if self.view.domains().llc_level.is_none() {
            return def;
        }
        self.st.has_idle_cores[self.llc_index(cpu)]
    }
    /// `set_idle_cores(cpu, val)` (§6.1).
    #[inline]
    fn set_idle_cores(&mut self, cpu: Cpu, val: bool) {
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
        let avg = self.st.avg_scan_cost[this] as i64;
        let new = avg + (time as i64 - avg) / 8;
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
    if (d.cpu as usize) >= nr || !allowed.test(d.cpu) {
        d.cpu = select_fallback_rq(view, p.prev_cpu, p, ex);
        d.rule = Rule::Fallback;
    }
    d
}

/// `select_fallback_rq(task_cpu(p), p)` (core.c, §3.0), simplified: the first allowed CPU of
/// prev's node, else the first allowed CPU anywhere, else prev (empty affinity: documented).
fn select_fallback_rq<V: SchedView, E: Explain>(
    view: &V,
    prev: Cpu,
    p: &TaskPlacement,
    ex: &mut E,
) -> Cpu {
    let topo = view.topology();
    let allowed = p.allowed.and(topo.all());
    let prev_ok = (prev as usize) < topo.nr_cpus();
    let cpu = prev_ok
        .then(|| topo.node_mask(prev).and(&allowed).first())
        .flatten()
        .or_else(|| allowed.first())
        .unwrap_or(if prev_ok { prev } else { 0 });
    if ex.enabled() {
        ex.event(Event::Enter {
            func: Func::SelectFallbackRq,
        });
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

/// `record_wakee` (§3.1): mutates the waker (`current`), even for IRQ-context wake-ups.
fn record_wakee<V: SchedView, E: Explain>(
    c: &mut Ctx<V, E>,
    p: &TaskPlacement,
    current: &mut TaskPlacement,
) {
    let now = c.view.now();
    // `time_after(jiffies, current->wakee_flip_decay_ts + HZ)`: halve once, not per second.
    if now > current.wakee_flip_decay_ts.saturating_add(WAKEE_DECAY_NS) {
        current.wakee_flips >>= 1;
        current.wakee_flip_decay_ts = now;
    }
    if current.last_wakee != Some(p.id) {
        current.last_wakee = Some(p.id);
        current.wakee_flips = current.wakee_flips.saturating_add(1);
    }
}

/// `wake_wide` (§3.1): factor = LLC size of the waker's CPU.
fn wake_wide<V: SchedView, E: Explain>(
    c: &mut Ctx<V, E>,
    p: &TaskPlacement,
    current: &TaskPlacement,
) -> bool {
    let mut master = current.wakee_flips as u64;
    let mut slave = p.wakee_flips as u64;
    let factor = c.sd_llc_size(c.this) as u64;
    if master < slave {
        std::mem::swap(&mut master, &mut slave);
    }
    let wide = !(slave < factor || master < slave * factor);
    c.chk("wake_wide", None, wide)
}

/// `wake_cap` — 4.15/4.16 only (§3.2).
fn wake_cap<V: SchedView, E: Explain>(
    c: &mut Ctx<V, E>,
    p: &TaskPlacement,
    cpu: Cpu,
    prev_cpu: Cpu,
) -> bool {
    let min_cap = c.capacity_orig_of(prev_cpu).min(c.capacity_orig_of(cpu));
    let max_cap = c.view.domains().max_cpu_capacity as u64;
    if max_cap - min_cap < max_cap >> 3 {
        return false;
    }
    let r = min_cap * SCHED_CAPACITY_SCALE < p.util_avg as u64 * CAPACITY_MARGIN;
    c.chk("wake_cap", None, r)
}

/// `wake_affine` — 4.15 boolean (§4.1); ≥4.16 CPU-returning (§4.2-§4.4). Returns the affine
/// target (this_cpu, or prev via the idle rules), `None` for "stay on prev".
fn wake_affine<V: SchedView, E: Explain>(
    c: &mut Ctx<V, E>,
    level: usize,
    p: &TaskPlacement,
    current: &TaskPlacement,
    this_cpu: Cpu,
    prev_cpu: Cpu,
    sync: bool,
) -> Option<Cpu> {
    c.enter(Func::WakeAffine);
    let b = c.b;
    let target = if b.wake_affine_returns_cpu {
        // wake-affine-return-cpu: `int target = nr_cpumask_bits;` ... returns a CPU id.
        let mut target = None;
        if b.wa_idle {
            target = wake_affine_idle(c, this_cpu, prev_cpu, sync);
        }
        if b.wa_weight && target.is_none() {
            target = wake_affine_weight(c, level, p, current, this_cpu, prev_cpu, sync);
        }
        c.stats().nr_wakeups_affine_attempts += 1;
        if target.is_some() {
            c.stats().nr_wakeups_affine += 1;
        }
        target
    } else {
        // 4.15: `bool affine = false;` ... `return affine;` (caller: new_cpu = cpu).
        let mut affine = false;
        if b.wa_idle {
            affine = if b.wa_idle_trimmed_params {
                // wake-affine-idle-params: (this_cpu, prev_cpu, sync).
                wake_affine_idle(c, this_cpu, prev_cpu, sync).is_some()
            } else {
                wake_affine_idle_415(c, level, p, this_cpu, prev_cpu, sync)
            };
        }
        if b.wa_weight && !affine {
            affine = wake_affine_weight(c, level, p, current, this_cpu, prev_cpu, sync).is_some();
        }
        c.stats().nr_wakeups_affine_attempts += 1;
        if affine {
            c.stats().nr_wakeups_affine += 1;
        }
        affine.then_some(this_cpu)
    };
    c.leave(Func::WakeAffine, target)
}

/// `wake_affine_idle(sd, p, this_cpu, prev_cpu, sync)` — 4.15 signature (§4.1). `sd` and `p`
/// are unused, as in the kernel (wake-affine-idle-params removes them).
fn wake_affine_idle_415<V: SchedView, E: Explain>(
    c: &mut Ctx<V, E>,
    _sd: usize,
    _p: &TaskPlacement,
    this_cpu: Cpu,
    prev_cpu: Cpu,
    sync: bool,
) -> bool {
    wake_affine_idle(c, this_cpu, prev_cpu, sync).is_some()
}

/// `wake_affine_idle` — 4.15 (§4.1), 4.16 (§4.2), 5.10 (§4.3), 5.11+ (§4.4). `None` is
/// `nr_cpumask_bits` ("no opinion"); 4.15's `true` is `Some(this_cpu)`.
fn wake_affine_idle<V: SchedView, E: Explain>(
    c: &mut Ctx<V, E>,
    this_cpu: Cpu,
    prev_cpu: Cpu,
    sync: bool,
) -> Option<Cpu> {
    c.enter(Func::WakeAffineIdle);
    let b = c.b;
    let r = 'r: {
        if b.wa_idle_prefers_idle_prev {
            // prev-idle-no-migrate: an idle waker CPU only wins if it shares the LLC with prev,
            // and then an idle prev is kept.
            let this_idle = c.idle_for_wa(this_cpu);
            if c.chk("idle(this_cpu)", Some(this_cpu), this_idle)
                && c.chk(
                    "cpus_share_cache(this_cpu, prev_cpu)",
                    None,
                    c.cpus_share_cache(this_cpu, prev_cpu),
                )
            {
                let prev_idle = c.idle_for_wa(prev_cpu);
                break 'r Some(if c.chk("idle(prev_cpu)", Some(prev_cpu), prev_idle) {
                    prev_cpu
                } else {
                    this_cpu
                });
            }
        } else {
            // 4.15: an idle waker CPU attracts the task, no cache test (§4.1).
            let this_idle = c.idle_for_wa(this_cpu);
            if c.chk("idle(this_cpu)", Some(this_cpu), this_idle) {
                break 'r Some(this_cpu);
            }
        }
        let one = c.view.nr_running(this_cpu) == 1;
        c.scanned += 1;
        if c.chk(
            "sync && nr_running(this_cpu) == 1",
            Some(this_cpu),
            sync && one,
        ) {
            break 'r Some(this_cpu);
        }
        // 5.11 (d8fcb81f1acf): an idle prev wins even across LLCs.
        if b.wa_idle_prev_idle_any_llc {
            let prev_idle = c.idle_for_wa(prev_cpu);
            if c.chk("idle(prev_cpu)", Some(prev_cpu), prev_idle) {
                break 'r Some(prev_cpu);
            }
        }
        None
    };
    c.leave(Func::WakeAffineIdle, r)
}

impl<V: SchedView, E: Explain> Ctx<'_, V, E> {
    /// wake_affine_idle's idle test: `idle_cpu` (4.x) / `available_idle_cpu` (5.x, no
    /// sched_idle).
    #[inline]
    fn idle_for_wa(&mut self, cpu: Cpu) -> bool {
        self.available_idle_cpu(cpu)
    }
}

/// `wake_affine_weight` — 4.15/4.16 (§4.1, `<=`), 5.10+ (§4.3, cpu_load, strict `<`, sync +1).
fn wake_affine_weight<V: SchedView, E: Explain>(
    c: &mut Ctx<V, E>,
    level: usize,
    p: &TaskPlacement,
    current: &TaskPlacement,
    this_cpu: Cpu,
    prev_cpu: Cpu,
    sync: bool,
) -> Option<Cpu> {
    c.enter(Func::WakeAffineWeight);
    let b = c.b;
    let v = c.view;
    let load = |cpu| {
        if b.wa_weight_uses_cpu_load {
            v.cpu_load(cpu) as i64
        } else {
            // target_load/source_load at wake_idx 0 = weighted_cpuload = runnable_load_avg.
            v.runnable_load_avg(cpu) as i64
        }
    };
    c.scanned += 2;
    let imbalance_pct = v.domains().levels[level].imbalance_pct as i64;
    let r = 'r: {
        let mut this_eff_load = load(this_cpu);
        c.val("this_load", this_eff_load);
        if sync {
            let current_load = current.load_avg as i64;
            if current_load > this_eff_load {
                break 'r Some(this_cpu);
            }
            this_eff_load -= current_load;
        }
        let task_load = p.load_avg as i64;
        this_eff_load += task_load;
        if b.wa_bias {
            this_eff_load *= 100;
        }
        this_eff_load *= v.capacity_of(prev_cpu) as i64;

        let mut prev_eff_load = load(prev_cpu);
        c.val("prev_load", prev_eff_load);
        prev_eff_load -= task_load;
        if b.wa_bias {
            prev_eff_load *= 100 + (imbalance_pct - 100) / 2;
        }
        prev_eff_load *= v.capacity_of(this_cpu) as i64;
        if b.wa_weight_strict && sync {
            prev_eff_load += 1;
        }
        c.val("this_eff_load", this_eff_load);
        c.val("prev_eff_load", prev_eff_load);
        let affine = if b.wa_weight_strict {
            this_eff_load < prev_eff_load
        } else {
            this_eff_load <= prev_eff_load
        };
        if c.chk("this_eff_load < prev_eff_load (4.x: <=)", None, affine) {
            Some(this_cpu)
        } else {
            None
        }
    };
    c.leave(Func::WakeAffineWeight, r)
}

/// `select_idle_sibling(p, prev, target)` — 4.15 (§5.1), 4.16 (§5.2), 5.10/5.11 (§5.3/5.4),
/// 5.12 (§5.5/5.6), 5.15 (§5.7), with the §11.3 schedstats.
fn select_idle_sibling<V: SchedView, E: Explain>(
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
                let usable =
                    idle && p.allowed.test(recent_used_cpu) && c.fits(task_util, recent_used_cpu);
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

/// account-search-cost: `sis_search_depth` — the SIS_PROP depth computed once per search
/// (same formula as select_idle_cpu, §7.3, §11.2).
fn sis_search_depth<V: SchedView, E: Explain>(c: &mut Ctx<V, E>, sd: &CpuMask) -> i64 {
    let avg_idle = c.view.avg_idle(c.this) / 512;
    let avg_cost = c.st.avg_scan_cost[c.this as usize] + 1;
    sis_prop_nr(c.b.sis_prop, sd.weight() as u64, avg_idle, avg_cost)
}

/// SIS_PROP: `nr = span_avg > 4*avg_cost ? span_avg / avg_cost : 4` (INT_MAX without SIS_PROP).
#[inline]
fn sis_prop_nr(sis_prop: bool, span_weight: u64, avg_idle: u64, avg_cost: u64) -> i64 {
    if !sis_prop {
        return i32::MAX as i64;
    }
    let span_avg = span_weight.saturating_mul(avg_idle);
    if span_avg > 4 * avg_cost {
        (span_avg / avg_cost).min(i32::MAX as u64) as i64
    } else {
        4
    }
}

/// `select_idle_core` — 4.15/4.16 (§6.2), 5.10/5.11 (§6.3), idle-candidate v2 (§6.4) and its
/// v1. Returns the CPU and whether it is an idle core or a candidate thread.
fn select_idle_core<V: SchedView, E: Explain>(
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
fn select_idle_cpu<V: SchedView, E: Explain>(
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
    let avg_cost = c.st.avg_scan_cost[this as usize] + 1;
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
fn select_idle_cpu_merged<V: SchedView, E: Explain>(
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
        let avg_cost = c.st.avg_scan_cost[this as usize] + 1;
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
fn select_idle_smt<V: SchedView, E: Explain>(
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
fn select_idle_capacity<V: SchedView, E: Explain>(
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

// ------------------------------------------------------------------------------------------
// Slow path (§8)

/// `find_idlest_cpu` (§8.1): descend from `sd` (a level index of `cpu`'s hierarchy).
fn find_idlest_cpu<V: SchedView, E: Explain>(
    c: &mut Ctx<V, E>,
    sd_level: usize,
    p: &TaskPlacement,
    cpu: Cpu,
    prev_cpu: Cpu,
    sd_flag: SdFlag,
) -> Cpu {
    c.enter(Func::FindIdlestCpu);
    let domains = c.view.domains();
    if !domains.levels[sd_level].span(cpu).intersects(&p.allowed) {
        return c
            .leave(Func::FindIdlestCpu, Some(prev_cpu))
            .unwrap_or(prev_cpu);
    }
    let mut cpu = cpu;
    let mut new_cpu = cpu;
    let mut sd = Some(sd_level);
    while let Some(level) = sd {
        let child = level.checked_sub(1);
        let lvl = &domains.levels[level];
        if !lvl.flags.has(sd_flag.bits()) {
            sd = child;
            continue;
        }
        let group = match c.b.slow_path {
            SlowPath::V4 => find_idlest_group(c, level, p, cpu, sd_flag),
            SlowPath::V5 => find_idlest_group_5x(c, level, p, cpu, sd_flag),
        };
        let Some(group) = group else {
            sd = child;
            continue;
        };
        new_cpu = find_idlest_group_cpu(c, &group, p, cpu);
        if new_cpu == cpu {
            // Now try balancing at a lower domain level of 'cpu'.
            sd = child;
            continue;
        }
        // Now try balancing at a lower domain level of 'new_cpu'.
        cpu = new_cpu;
        let weight = lvl.span_weight(cpu);
        sd = None;
        for (i, tmp) in domains.levels.iter().enumerate() {
            if weight <= tmp.span_weight(cpu) {
                break;
            }
            if tmp.flags.has(sd_flag.bits()) {
                sd = Some(i);
            }
        }
    }
    c.leave(Func::FindIdlestCpu, Some(new_cpu));
    new_cpu
}

impl<V: SchedView, E: Explain> Ctx<'_, V, E> {
    /// `cpu_util_wake(cpu, p)` — 4.15/4.16 (§8.2): remove p's own blocked util from its prev CPU.
    fn cpu_util_wake(&self, cpu: Cpu, p: &TaskPlacement) -> u64 {
        if cpu != p.prev_cpu || p.is_new {
            return self.cpu_util(cpu);
        }
        let util = self.view.cfs_util_avg(cpu) as u64;
        let util = util - util.min(p.util_avg as u64);
        util.min(self.capacity_orig_of(cpu))
    }

    /// `capacity_spare_wake` — 4.15: orig − util; 4.16 (rt-irq-spare-capacity): max(capacity_of
    /// − util, 0) (§8.2).
    fn capacity_spare_wake(&self, cpu: Cpu, p: &TaskPlacement) -> u64 {
        let util = self.cpu_util_wake(cpu, p);
        if self.b.spare_uses_capacity_of {
            // rt-irq-spare-capacity: RT/IRQ pressure (capacity_of) counts, clamped at 0.
            (self.view.capacity_of(cpu) as i64 - util as i64).max(0) as u64
        } else {
            self.capacity_orig_of(cpu).wrapping_sub(util)
        }
    }
}

/// `find_idlest_group` — 4.15/4.16 (§8.3), incl. the min_runnable quirk of the "similar
/// runnable load" branch and C's unsigned wrap-around on ULONG_MAX sums.
fn find_idlest_group<V: SchedView, E: Explain>(
    c: &mut Ctx<V, E>,
    level: usize,
    p: &TaskPlacement,
    this_cpu: Cpu,
    sd_flag: SdFlag,
) -> Option<CpuMask> {
    c.enter(Func::FindIdlestGroup);
    let lvl = &c.view.domains().levels[level];
    let pct = lvl.imbalance_pct as u64;
    let imbalance_scale: u64 = 100 + (pct - 100) / 2;
    let imbalance: u64 = SCHED_CAPACITY_SCALE * (pct - 100) / 100;
    let mut idlest: Option<CpuMask> = None;
    let mut most_spare_sg: Option<CpuMask> = None;
    let mut min_runnable_load = u64::MAX;
    let mut this_runnable_load = u64::MAX;
    let mut min_avg_load = u64::MAX;
    let mut this_avg_load = u64::MAX;
    let mut most_spare: u64 = 0;
    let mut this_spare: u64 = 0;
    for group in lvl.groups_from(this_cpu) {
        if !group.intersects(&p.allowed) {
            continue;
        }
        let local_group = group.test(this_cpu);
        let mut avg_load: u64 = 0;
        let mut runnable_load: u64 = 0;
        let mut max_spare_cap: u64 = 0;
        let mut capacity: u64 = 0;
        for i in group.iter() {
            c.scanned += 1;
            // source_load / target_load at forkexec_idx/wake_idx 0 = weighted_cpuload.
            runnable_load += c.view.runnable_load_avg(i);
            avg_load += c.view.cpu_load(i);
            let spare_cap = c.capacity_spare_wake(i, p);
            if spare_cap > max_spare_cap {
                max_spare_cap = spare_cap;
            }
            capacity += c.view.capacity_of(i) as u64;
        }
        let capacity = capacity.max(1);
        avg_load = avg_load * SCHED_CAPACITY_SCALE / capacity;
        runnable_load = runnable_load * SCHED_CAPACITY_SCALE / capacity;
        if local_group {
            this_runnable_load = runnable_load;
            this_avg_load = avg_load;
            this_spare = max_spare_cap;
        } else {
            if min_runnable_load > runnable_load.wrapping_add(imbalance) {
                // The runnable load is significantly smaller.
                min_runnable_load = runnable_load;
                min_avg_load = avg_load;
                idlest = Some(*group);
            } else if runnable_load < min_runnable_load.wrapping_add(imbalance)
                && min_avg_load.wrapping_mul(100) > imbalance_scale.wrapping_mul(avg_load)
            {
                // Runnable loads are close: take blocked load into account. min_runnable_load
                // keeps the previous group's value (reproduced as in the kernel).
                min_avg_load = avg_load;
                idlest = Some(*group);
            }
            if most_spare < max_spare_cap {
                most_spare = max_spare_cap;
                most_spare_sg = Some(*group);
            }
        }
    }
    c.val("this_runnable_load", this_runnable_load as i64);
    c.val("min_runnable_load", min_runnable_load as i64);
    c.val("this_spare", this_spare as i64);
    c.val("most_spare", most_spare as i64);
    let task_util = p.util_avg as u64;
    let r = 'r: {
        // Only consider spare capacity when util is meaningful (not for fork).
        if sd_flag != SdFlag::Fork {
            if this_spare > task_util / 2
                && imbalance_scale.wrapping_mul(this_spare) > most_spare.wrapping_mul(100)
            {
                break 'r None;
            }
            if most_spare > task_util / 2 {
                break 'r most_spare_sg;
            }
        }
        let Some(idlest) = idlest else {
            break 'r None;
        };
        if min_runnable_load > this_runnable_load.wrapping_add(imbalance) {
            break 'r None;
        }
        if this_runnable_load < min_runnable_load.wrapping_add(imbalance)
            && this_avg_load.wrapping_mul(100) < imbalance_scale.wrapping_mul(min_avg_load)
        {
            break 'r None;
        }
        Some(idlest)
    };
    c.leave(Func::FindIdlestGroup, r.and_then(|g| g.first()));
    r
}

/// 5.x group classification (subset of `enum group_type`, §8.5). Lower is idler.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum GroupType {
    HasSpare,
    FullyBusy,
    Misfit,
    Overloaded,
}

#[derive(Clone, Copy, Debug)]
struct SgStats {
    group_type: GroupType,
    avg_load: u64,
    group_util: u64,
    idle_cpus: u32,
    sum_nr_running: u32,
    group_weight: u32,
    max_capacity: u64,
}

/// `update_sg_wakeup_stats` (5.10+, §8.5): group statistics with p removed.
fn update_sg_wakeup_stats<V: SchedView, E: Explain>(
    c: &mut Ctx<V, E>,
    level: usize,
    group: &CpuMask,
    p: &TaskPlacement,
    sd_flag: SdFlag,
) -> SgStats {
    let view = c.view;
    let lvl = &view.domains().levels[level];
    let pct = lvl.imbalance_pct as u64;
    // p is accounted on prev (its blocked contribution) unless new; queued there only for exec.
    let accounted = |i: Cpu| i == p.prev_cpu && !p.is_new;
    let running_on = |i: Cpu| sd_flag == SdFlag::Exec && accounted(i);
    let (mut load, mut util, mut runnable, mut capacity, mut max_capacity) = (0u64, 0, 0, 0, 0);
    let (mut sum_nr, mut idle_cpus) = (0u32, 0u32);
    for i in group.iter() {
        c.scanned += 1;
        let acc = accounted(i);
        let run = running_on(i) as u32;
        // cpu_load_without
        let l = view.cpu_load(i);
        load += if acc { l.saturating_sub(p.load_avg) } else { l };
        // cpu_util_without
        let u = if acc {
            let mut u = (view.cfs_util_avg(i) as u64).saturating_sub(p.util_avg as u64);
            let mut est = view.util_est_enqueued(i) as u64;
            if run == 1 {
                est = est.saturating_sub(p.util_est as u64);
            }
            u = u.max(est);
            u.min(c.capacity_orig_of(i))
        } else {
            c.cpu_util(i)
        };
        util += u;
        // cpu_runnable_without (model: p's runnable contribution ≈ its util).
        let r = view.cfs_runnable_avg(i);
        runnable += if run == 1 {
            r.saturating_sub(p.util_avg as u64)
        } else {
            r
        };
        let nr_running = view.nr_running(i).saturating_sub(run);
        sum_nr += nr_running;
        if nr_running == 0 && (view.idle_cpu(i) || run == 1) {
            idle_cpus += 1;
        }
        let cap = view.capacity_of(i) as u64;
        capacity += cap;
        max_capacity = max_capacity.max(cap);
    }
    let capacity = capacity.max(1);
    let weight = group.weight() as u32;
    let misfit = lvl.flags.has(SdFlags::ASYM_CPUCAPACITY)
        && !fits_capacity(p.util(true) as u64, max_capacity);
    // group_is_overloaded / group_has_capacity (imbalance_pct = sd's).
    let overloaded =
        sum_nr > weight && (capacity * 100 < util * pct || capacity * pct < runnable * 100);
    let has_capacity =
        sum_nr < weight || (capacity * pct >= runnable * 100 && capacity * 100 > util * pct);
    let group_type = if overloaded {
        GroupType::Overloaded
    } else if misfit {
        GroupType::Misfit
    } else if !has_capacity {
        GroupType::FullyBusy
    } else {
        GroupType::HasSpare
    };
    let avg_load = if matches!(group_type, GroupType::FullyBusy | GroupType::Overloaded) {
        load * SCHED_CAPACITY_SCALE / capacity
    } else {
        0
    };
    SgStats {
        group_type,
        avg_load,
        group_util: util,
        idle_cpus,
        sum_nr_running: sum_nr,
        group_weight: weight,
        max_capacity,
    }
}

/// `update_pick_idlest` (5.10+).
fn update_pick_idlest(idlest: &SgStats, sgs: &SgStats) -> bool {
    if sgs.group_type < idlest.group_type {
        return true;
    }
    if sgs.group_type > idlest.group_type {
        return false;
    }
    match sgs.group_type {
        GroupType::Overloaded | GroupType::FullyBusy => idlest.avg_load > sgs.avg_load,
        GroupType::Misfit => idlest.max_capacity < sgs.max_capacity,
        GroupType::HasSpare => {
            !(idlest.idle_cpus > sgs.idle_cpus
                || (idlest.idle_cpus == sgs.idle_cpus && idlest.group_util <= sgs.group_util))
        }
    }
}

/// `find_idlest_group` — 5.10+ group_type model (§8.5; imbalanced/asym-packing types and NUMA
/// balancing preferences are not modelled).
fn find_idlest_group_5x<V: SchedView, E: Explain>(
    c: &mut Ctx<V, E>,
    level: usize,
    p: &TaskPlacement,
    this_cpu: Cpu,
    sd_flag: SdFlag,
) -> Option<CpuMask> {
    c.enter(Func::FindIdlestGroup);
    let lvl = &c.view.domains().levels[level];
    let pct = lvl.imbalance_pct as u64;
    let numa = lvl.flags.has(SdFlags::NUMA);
    let span_weight = lvl.span_weight(this_cpu) as u32;
    let mut idlest: Option<(CpuMask, SgStats)> = None;
    let mut local: Option<SgStats> = None;
    let init = SgStats {
        group_type: GroupType::Overloaded,
        avg_load: u32::MAX as u64,
        group_util: 0,
        idle_cpus: 0,
        sum_nr_running: 0,
        group_weight: 0,
        max_capacity: 0,
    };
    for group in lvl.groups_from(this_cpu) {
        if !group.intersects(&p.allowed) {
            continue;
        }
        let sgs = update_sg_wakeup_stats(c, level, group, p, sd_flag);
        if group.test(this_cpu) {
            local = Some(sgs);
            continue;
        }
        let cur = idlest.as_ref().map(|x| x.1).unwrap_or(init);
        if update_pick_idlest(&cur, &sgs) {
            idlest = Some((*group, sgs));
        }
    }
    let r = 'r: {
        let Some((ig, idl)) = idlest else {
            break 'r None;
        };
        let Some(loc) = local else {
            break 'r Some(ig);
        };
        if loc.group_type < idl.group_type {
            break 'r None;
        }
        if loc.group_type > idl.group_type {
            break 'r Some(ig);
        }
        match loc.group_type {
            GroupType::Overloaded | GroupType::FullyBusy => {
                let imbalance = SCHED_CAPACITY_SCALE * (pct - 100) / 100;
                if numa && idl.avg_load + imbalance >= loc.avg_load {
                    break 'r None;
                }
                if idl.avg_load >= loc.avg_load + imbalance {
                    break 'r None;
                }
                if 100 * loc.avg_load <= pct * idl.avg_load {
                    break 'r None;
                }
                Some(ig)
            }
            GroupType::Misfit => {
                if loc.max_capacity >= idl.max_capacity {
                    None
                } else {
                    Some(ig)
                }
            }
            GroupType::HasSpare => {
                if numa {
                    let stay = match c.b.numa_spare_rule {
                        NumaSpareRule::LocalIdle => loc.idle_cpus > 0,
                        NumaSpareRule::QuarterSpan => loc.sum_nr_running < span_weight / 4,
                        NumaSpareRule::QuarterGroupPlusOne => {
                            loc.sum_nr_running + 1 < loc.group_weight / 4
                        }
                    };
                    if stay {
                        break 'r None;
                    }
                }
                if loc.idle_cpus >= idl.idle_cpus {
                    break 'r None;
                }
                Some(ig)
            }
        }
    };
    c.leave(Func::FindIdlestGroup, r.and_then(|g| g.first()));
    r
}

/// `find_idlest_group_cpu` — 4.15 (tie prefers this_cpu), 4.16 (§8.4), 5.x (sched_idle
/// returned at once, cpu_load; §8.5).
fn find_idlest_group_cpu<V: SchedView, E: Explain>(
    c: &mut Ctx<V, E>,
    group: &CpuMask,
    p: &TaskPlacement,
    this_cpu: Cpu,
) -> Cpu {
    c.enter(Func::FindIdlestGroupCpu);
    if group.weight() == 1 {
        let cpu = group.first().expect("weight 1");
        c.leave(Func::FindIdlestGroupCpu, Some(cpu));
        return cpu;
    }
    let b = c.b;
    let v4 = b.slow_path == SlowPath::V4;
    let mut min_load = u64::MAX;
    let mut min_exit_latency = u32::MAX;
    let mut latest_idle_timestamp = 0u64;
    let mut least_loaded_cpu = this_cpu;
    let mut shallowest_idle_cpu: Option<Cpu> = None;
    let cpus = group.and(&p.allowed);
    for i in cpus.iter() {
        if !v4 && c.sched_idle_cpu(i) {
            c.examine(Func::FindIdlestGroupCpu, i, Verdict::Idle);
            c.leave(Func::FindIdlestGroupCpu, Some(i));
            return i;
        }
        if c.available_idle_cpu(i) {
            let idle = c.view.idle_exit_latency(i);
            let stamp = c.view.idle_stamp(i);
            match idle {
                Some(lat) if lat < min_exit_latency => {
                    // Prefer the shallowest idle state.
                    min_exit_latency = lat;
                    latest_idle_timestamp = stamp;
                    shallowest_idle_cpu = Some(i);
                }
                _ if (idle.is_none() || idle == Some(min_exit_latency))
                    && stamp > latest_idle_timestamp =>
                {
                    // Same state (or none): prefer the most recently idled CPU.
                    latest_idle_timestamp = stamp;
                    shallowest_idle_cpu = Some(i);
                }
                _ => {}
            }
            c.examine(Func::FindIdlestGroupCpu, i, Verdict::Idle);
        } else if shallowest_idle_cpu.is_none() {
            let load = if v4 {
                c.view.runnable_load_avg(i)
            } else {
                c.view.cpu_load(i)
            };
            // 4.15 also takes this_cpu on a tie (removed in 4.16).
            if load < min_load
                || (b.idlest_cpu_tie_prefers_this && load == min_load && i == this_cpu)
            {
                min_load = load;
                least_loaded_cpu = i;
            }
            c.examine(Func::FindIdlestGroupCpu, i, Verdict::Busy);
        }
    }
    let r = shallowest_idle_cpu.unwrap_or(least_loaded_cpu);
    c.leave(Func::FindIdlestGroupCpu, Some(r));
    r
}

// ------------------------------------------------------------------------------------------
// Engine hooks

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::{KernelConfig, KernelVersion};
    use crate::placement::NoExplain;
    use crate::placement::snapshot::Snapshot;

    /// §8.4: 4.15 prefers this_cpu on a load tie, 4.16 does not. (find_idlest_cpu never passes
    /// a group containing this_cpu, so this is only observable by calling the function directly.)
    #[test]
    fn find_idlest_group_cpu_tie_4_15_vs_4_16() {
        let json = r#"{"format":1,"machine":{"sockets":1,"cores_per_llc":4},
            "kernel":{"version":"4.15"},"cpus":[{"cpus":"0-3","nr_running":1}],
            "task":{"prev_cpu":0},"request":{"this_cpu":2}}"#;
        for (v, expect) in [(KernelVersion::V4_15, 2), (KernelVersion::V4_16, 0)] {
            let mut l = Snapshot::from_json(json).unwrap().load().unwrap();
            l.behaviour = KernelConfig::baseline(v).resolve().unwrap();
            let mut st = l.state.clone();
            let b = l.behaviour;
            let mut ex = NoExplain;
            let mut c = Ctx {
                view: &l,
                st: &mut st,
                b: &b,
                ex: &mut ex,
                this: 2,
                in_task: true,
                scanned: 0,
                rule: Rule::NoBalance,
                wake_avg_idle_used: 0,
                scan_examined: 0,
            };
            let group = CpuMask::first_n(4);
            assert_eq!(
                find_idlest_group_cpu(&mut c, &group, &l.task, 2),
                expect,
                "{v}"
            );
        }
    }
}
