//! The hardware side: construction, busy/idle bookkeeping, energy and counter accounting,
//! domain resolution (max of requests, turbo limit by active cores, transition latency), the
//! HWP controller model, idle-state selection and timers (§13.4, §13.5).

use super::*;

impl FreqModel {
    // ----------------------------------------------------------------------------------------
    // Bookkeeping
    // ----------------------------------------------------------------------------------------

    pub(super) fn advance(&mut self, now: u64) {
        self.last_now = self.last_now.max(now);
        if now >= self.next_due {
            self.run_timers(now);
        }
    }

    #[inline]
    pub(super) fn note_timer(&mut self, t: u64) {
        if t < self.next_due {
            self.next_due = t;
        }
    }

    /// Power (µW) of a core in its present state.
    pub(super) fn core_power_uw(&self, core: usize) -> u64 {
        let c = &self.cores[core];
        if c.nr_busy > 0 {
            let lvl = self.domains[c.domain as usize].cur as usize;
            let p = c.busy_uw[lvl];
            // saturating: validated powers stay far below overflow (docs/limits.md)
            let extra = p
                .saturating_mul(c.smt_extra_permille)
                .saturating_mul(c.nr_busy as u64 - 1)
                / 1000;
            p.saturating_add(extra)
        } else {
            c.idle_uw[self.core_cstate(core) as usize]
        }
    }

    /// The shallowest C-state among the core's threads (the core's state when all are idle).
    fn core_cstate(&self, core: usize) -> u8 {
        self.cores[core]
            .thread_list
            .iter()
            .map(|&t| self.cpus[t as usize].cstate)
            .min()
            .unwrap_or(0)
    }

    /// Accrue energy, C0/APERF counters and residencies of `core`'s threads up to `now`.
    pub(super) fn settle_core(&mut self, core: usize, now: u64) {
        let t0 = self.cores[core].acct_t;
        if now <= t0 {
            return;
        }
        let dt = now - t0;
        let p = self.core_power_uw(core);
        let (lvl, khz) = {
            let d = &self.domains[self.cores[core].domain as usize];
            (
                d.cur as usize,
                self.tables[d.table as usize].khz[d.cur as usize],
            )
        };
        for &t in &self.cores[core].thread_list {
            let s = &mut self.cpus[t as usize];
            if s.busy {
                s.c0_ns += dt;
                s.aperf += crate::wide::mul_wide(khz as u64, dt);
                s.pstate_ns[lvl] += dt;
                self.timeline.add(t as usize, t0, now, khz);
            } else {
                s.cstate_ns[s.cstate as usize] += dt;
            }
        }
        let c = &mut self.cores[core];
        c.energy_fj += crate::wide::mul_wide(p, dt);
        c.acct_t = now;
    }

    pub(super) fn set_busy(&mut self, now: u64, cpu: Cpu, busy: bool) {
        let c = cpu as usize;
        let core = self.cpus[c].core as usize;
        let d = self.cpus[c].domain as usize;
        if self.mode == Mode::Hwp {
            self.hwp_catch_up(core, now);
        }
        self.settle_core(core, now);
        if busy {
            let s = &mut self.cpus[c];
            s.busy = true;
            s.promote_at = NONE;
            self.cores[core].nr_busy += 1;
            self.domains[d].nr_busy += 1;
        } else {
            let pred = self.cpus[c].predicted;
            let st = self.select_state(pred);
            let deepest = self.deepest;
            let promote = self.cfg.idle.promote_after_tick && st < deepest;
            let tick = self.cfg.tick_ns;
            let s = &mut self.cpus[c];
            s.busy = false;
            s.idle_since = now;
            s.idle_calls += 1;
            s.cstate = st;
            s.cstate_usage[st as usize] += 1;
            s.promote_at = if promote { now + tick } else { NONE };
            let pa = s.promote_at;
            self.note_timer(pa);
            self.cores[core].nr_busy -= 1;
            self.domains[d].nr_busy -= 1;
        }
        if self.mode == Mode::Hwp {
            self.cores[core].hwp.steady = false;
            let t = self.cores[core].hwp.next_sample;
            self.note_timer(t);
        }
        self.update_core_active(core, now);
        self.resolve(d, now);
    }

    /// Recompute whether the core counts as active for turbo (§13.5) and propagate.
    pub(super) fn update_core_active(&mut self, core: usize, now: u64) {
        let active = self.cores[core].nr_busy > 0
            || !self.spec.idle.states[self.core_cstate(core) as usize].turbo_inactive;
        if active == self.cores[core].active {
            return;
        }
        self.cores[core].active = active;
        let p = self.cores[core].package as usize;
        if active {
            self.packages[p].active_cores += 1;
        } else {
            self.packages[p].active_cores -= 1;
        }
        let has_turbo = self.ratio.as_ref().is_some_and(|r| !r.turbo.is_empty());
        if has_turbo {
            for i in 0..self.packages[p].domains.len() {
                let d = self.packages[p].domains[i] as usize;
                self.resolve(d, now);
            }
        }
    }

    // ----------------------------------------------------------------------------------------
    // Domain resolution
    // ----------------------------------------------------------------------------------------

    /// Whether `cpu` (of domain `dom`) is in the domain's request set: the busy CPUs, or all
    /// when none is busy (estimate: the hardware resolves over logical processors in C0).
    #[inline]
    fn in_request_set(&self, dom: &Domain, cpu: Cpu) -> bool {
        dom.nr_busy == 0 || self.cpus[cpu as usize].busy
    }

    /// HWP request of a set of CPUs (max of each field), ratios.
    fn hwp_request(&self, set: impl Iterator<Item = Cpu>) -> (u8, u8, u8) {
        let (mut mn, mut mx, mut de) = (0u8, 0u8, 0u8);
        for c in set {
            let s = &self.cpus[c as usize];
            mn = mn.max(s.hwp_min).max(s.sugov_min).max(s.ps.hwp_boost_min);
            mx = mx.max(s.hwp_max);
            de = de.max(s.hwp_desired);
        }
        (mn.min(mx), mx, de)
    }

    /// The level the domain should run at now, before transition latency.
    ///
    /// Runs for every domain of a package whenever a core's turbo activity changes, so the
    /// request set is tested per CPU (`in_request_set`) rather than built as a mask.
    fn domain_target(&self, d: usize) -> u16 {
        let dom = &self.domains[d];
        let mut level = match self.mode {
            Mode::Direct => dom
                .cpu_list
                .iter()
                .copied()
                .filter(|&c| self.in_request_set(dom, c))
                .map(|c| self.cpus[c as usize].req)
                .max()
                .unwrap_or(0),
            Mode::Hwp => {
                let lowest = self.ratio.as_ref().map_or(0, |r| r.lowest) as i64;
                // Cores with a busy thread (or all cores when the domain is idle).
                let mut best = 0i64;
                for &core in &dom.cores {
                    let c = &self.cores[core as usize];
                    if dom.nr_busy > 0 && c.nr_busy == 0 {
                        continue;
                    }
                    let (mn, mx, _) = self.hwp_request(
                        c.thread_list
                            .iter()
                            .copied()
                            .filter(|&t| dom.cpus.test(t) && self.in_request_set(dom, t)),
                    );
                    let r = ((c.hwp.perf + 128) >> 8).clamp(mn as i64, mx as i64);
                    best = best.max(r);
                }
                (best - lowest).max(0) as u16
            }
        };
        for &c in &dom.cpu_list {
            if self.in_request_set(dom, c) {
                level = level.max(self.cpus[c as usize].floor);
            }
        }
        if let Some(r) = &self.ratio {
            let pkg = &self.packages[dom.package as usize];
            let lim = (r.turbo_limit(pkg.active_cores as usize) - r.lowest) as u16;
            level = level.min(lim);
        }
        level.min(self.tables[dom.table as usize].khz.len() as u16 - 1)
    }

    /// Re-evaluate the domain's level; a change takes effect after the transition latency.
    pub(super) fn resolve(&mut self, d: usize, now: u64) {
        let target = self.domain_target(d);
        let lat = self.spec.freq.transition_latency_ns;
        let dom = &mut self.domains[d];
        if target == dom.cur {
            dom.pending = None;
            return;
        }
        if lat == 0 {
            self.apply_level(d, target, now);
            return;
        }
        match dom.pending {
            Some((_, t)) => dom.pending = Some((target, t)),
            None => {
                dom.pending = Some((target, now + lat));
                self.note_timer(now + lat);
            }
        }
    }

    fn apply_level(&mut self, d: usize, level: u16, now: u64) {
        for i in 0..self.domains[d].cores.len() {
            let core = self.domains[d].cores[i] as usize;
            self.settle_core(core, now);
        }
        let dom = &mut self.domains[d];
        dom.pending = None;
        if dom.cur != level {
            dom.cur = level;
            self.changed = self.changed.or(&dom.cpus);
            self.changed_any = true;
            self.refresh_work_khz(d);
        }
    }

    // ----------------------------------------------------------------------------------------
    // HWP controller model (§13.4 "simulator suggestion"; all constants in HwpController)
    // ----------------------------------------------------------------------------------------

    /// Target performance (ratio x 256) of a core's controller for utilisation `util` (1/2^20).
    fn hwp_target(&self, core: usize, util: i64) -> i64 {
        let c = &self.cores[core];
        let h = &c.hwp;
        let (mn, mx, de) = self.hwp_request(c.thread_list.iter().copied());
        let (mn, mx) = (mn as i64, mx as i64);
        if de != 0 {
            return (de as i64).clamp(mn, mx) << 8;
        }
        let eff = self
            .spec
            .freq
            .hwp
            .map_or(mn, |caps| caps.most_efficient as i64)
            .clamp(mn, mx);
        let t = if util <= h.lo {
            eff << 8
        } else if util >= h.hi {
            mx << 8
        } else {
            (eff << 8) + ((mx - eff) << 8) * (util - h.lo) / (h.hi - h.lo)
        };
        t.clamp(mn << 8, mx << 8)
    }

    /// Run the core's controller for every sample point up to `now`.
    pub(super) fn hwp_catch_up(&mut self, core: usize, now: u64) {
        let p = self.cfg.hwp.controller.sample_ns;
        let busy = self.cores[core].nr_busy > 0;
        let full: i64 = if busy { 1 << 20 } else { 0 };
        while self.cores[core].hwp.next_sample <= now {
            let h = &mut self.cores[core].hwp;
            let g = h.next_sample;
            if busy {
                h.acc_busy += g - h.acc_to;
            }
            h.acc_to = g;
            let u = ((h.acc_busy as i64) << 20) / p as i64;
            h.acc_busy = 0;
            h.next_sample = g + p;
            // EWMA with time constant window_ns, rounded away from zero so it converges.
            let diff = u - h.util;
            let w = h.window_ns;
            let step = if diff >= 0 {
                (diff * p as i64 + w - 1) / w
            } else {
                -((-diff * p as i64 + w - 1) / w)
            };
            h.util += step;
            let util = h.util;
            let target = self.hwp_target(core, util);
            let h = &mut self.cores[core].hwp;
            if target > h.perf {
                h.perf = (h.perf + h.up).min(target);
            } else {
                h.perf = (h.perf - h.down).max(target);
            }
            if u == full && h.util == full && h.perf == target {
                h.steady = true;
                if h.next_sample <= now {
                    let last = h.next_sample + (now - h.next_sample) / p * p;
                    h.acc_to = last;
                    h.next_sample = last + p;
                }
                break;
            }
        }
        let h = &mut self.cores[core].hwp;
        if now > h.acc_to {
            if busy {
                h.acc_busy += now - h.acc_to;
            }
            h.acc_to = now;
        }
    }

    /// A core's HWP request changed (min/desired): its controller must re-run.
    pub(super) fn hwp_kick(&mut self, core: usize, now: u64) {
        self.hwp_catch_up(core, now);
        self.cores[core].hwp.steady = false;
        let t = self.cores[core].hwp.next_sample;
        self.note_timer(t);
    }

    // ----------------------------------------------------------------------------------------
    // Idle states
    // ----------------------------------------------------------------------------------------

    /// Menu-like choice: the deepest allowed state whose target residency fits `predicted`.
    pub(super) fn select_state(&self, predicted: u64) -> u8 {
        let st = &self.spec.idle.states;
        let limit = self.cfg.idle.latency_limit_ns.unwrap_or(u64::MAX);
        let maxs = self
            .cfg
            .idle
            .max_state
            .unwrap_or(usize::MAX)
            .min(st.len() - 1);
        let mut best = 0;
        for (i, s) in st.iter().enumerate().take(maxs + 1).skip(1) {
            if s.exit_latency_ns > limit {
                break;
            }
            if s.target_residency_ns <= predicted {
                best = i;
            }
        }
        best as u8
    }

    /// Exit latency of the state `cpu` is really in: a core-level state only applies when the
    /// siblings are idle too (else the deepest thread-level state at or above it).
    pub(super) fn exit_latency(&self, cpu: Cpu) -> u64 {
        let st = &self.spec.idle.states;
        let s = &self.cpus[cpu as usize];
        let mut eff = s.cstate as usize;
        if st[eff].core_level {
            let core = &self.cores[s.core as usize];
            let mut sib_busy = false;
            let mut sib_min = usize::MAX;
            for t in core.threads.iter() {
                if t == cpu {
                    continue;
                }
                let o = &self.cpus[t as usize];
                if o.busy {
                    sib_busy = true;
                } else {
                    sib_min = sib_min.min(o.cstate as usize);
                }
            }
            if sib_busy {
                eff = (0..=eff).rev().find(|&i| !st[i].core_level).unwrap_or(0);
            } else {
                eff = eff.min(sib_min);
            }
        }
        st[eff].exit_latency_ns
    }

    fn promote(&mut self, cpu: usize, now: u64) {
        let core = self.cpus[cpu].core as usize;
        self.settle_core(core, now);
        let st = self.deepest;
        let s = &mut self.cpus[cpu];
        s.promote_at = NONE;
        if !s.busy && st > s.cstate {
            s.cstate = st;
            self.update_core_active(core, now);
        }
    }

    // ----------------------------------------------------------------------------------------
    // Hints (beyond the kernel)
    // ----------------------------------------------------------------------------------------

    pub(super) fn hints(&mut self, now: u64, cpu: Cpu, flags: UpdateFlags) {
        let mut hint = None;
        if flags.has(UpdateFlags::MIGRATION)
            && let Some(b) = self.cfg.migration_boost
        {
            hint = Some(b);
        }
        if flags.has(UpdateFlags::IOWAIT)
            && let Some(b) = self.cfg.wake_boost
        {
            hint = Some(match hint {
                Some(h) => BoostHint {
                    duration_ns: h.duration_ns.max(b.duration_ns),
                    level_pct: h.level_pct.max(b.level_pct),
                },
                None => b,
            });
        }
        let Some(h) = hint else { return };
        let c = cpu as usize;
        let d = self.cpus[c].domain as usize;
        let t = self.domains[d].table as usize;
        let khz = &self.tables[t].khz;
        let want = (*khz.last().unwrap() as u64 * h.level_pct as u64 / 100) as u32;
        let lvl = (khz.iter().position(|&k| k >= want).unwrap_or(khz.len() - 1) as u16)
            .min(self.max_level[t]);
        let s = &mut self.cpus[c];
        s.floor = s.floor.max(lvl);
        s.floor_until = if s.floor_until == NONE {
            now + h.duration_ns
        } else {
            s.floor_until.max(now + h.duration_ns)
        };
        let fu = s.floor_until;
        self.note_timer(fu);
        self.resolve(d, now);
    }

    // ----------------------------------------------------------------------------------------
    // Timers
    // ----------------------------------------------------------------------------------------

    pub(super) fn run_timers(&mut self, now: u64) {
        if self.mode == Mode::Hwp {
            for core in 0..self.cores.len() {
                let h = &self.cores[core].hwp;
                if !h.steady && h.next_sample <= now {
                    let before = (h.perf + 128) >> 8;
                    self.hwp_catch_up(core, now);
                    if (self.cores[core].hwp.perf + 128) >> 8 != before {
                        let d = self.cores[core].domain as usize;
                        self.resolve(d, now);
                    }
                }
            }
        }
        for c in 0..self.cpus.len() {
            if self.cpus[c].floor_until <= now {
                let s = &mut self.cpus[c];
                s.floor = 0;
                s.floor_until = NONE;
                let d = s.domain as usize;
                self.resolve(d, now);
            }
            if self.cpus[c].promote_at <= now {
                self.promote(c, now);
            }
        }
        for d in 0..self.domains.len() {
            if let Some((lvl, t)) = self.domains[d].pending
                && t <= now
            {
                self.apply_level(d, lvl, now);
            }
        }
        // Exact next deadline.
        let mut next = NONE;
        if self.mode == Mode::Hwp {
            for c in &self.cores {
                if !c.hwp.steady {
                    next = next.min(c.hwp.next_sample);
                }
            }
        }
        for s in &self.cpus {
            next = next.min(s.floor_until).min(s.promote_at);
        }
        for d in &self.domains {
            if let Some((_, t)) = d.pending {
                next = next.min(t);
            }
        }
        self.next_due = next;
    }
}

// --------------------------------------------------------------------------------------------
// Construction
// --------------------------------------------------------------------------------------------

fn interp(a: i64, b: i64, x: i64, x0: i64, x1: i64) -> i64 {
    if x1 == x0 {
        a
    } else {
        a + (b - a) * (x - x0) / (x1 - x0)
    }
}

/// HWP controller parameters for an EPP value, interpolated between anchors.
fn hwp_params(c: &HwpController, epp: u8, h: &mut HwpDom) {
    let a = &c.anchors;
    let (lo, hi) = if epp <= a[0].epp {
        (a[0], a[0])
    } else if epp >= a[a.len() - 1].epp {
        (a[a.len() - 1], a[a.len() - 1])
    } else {
        let i = a.iter().position(|x| x.epp >= epp).unwrap();
        (a[i - 1], a[i])
    };
    let (x, x0, x1) = (epp as i64, lo.epp as i64, hi.epp as i64);
    let f = |p: u64, q: u64| interp(p as i64, q as i64, x, x0, x1);
    h.window_ns = f(lo.window_ns, hi.window_ns).max(1);
    h.lo = f(lo.util_lo_pct as u64, hi.util_lo_pct as u64) * (1 << 20) / 100;
    h.hi = (f(lo.util_hi_pct as u64, hi.util_hi_pct as u64) * (1 << 20) / 100).max(h.lo + 1);
    let per_sample = |r: i64| (r * c.sample_ns as i64 / 1_000_000).max(1);
    h.up = per_sample(f(lo.ramp_up_per_ms as u64, hi.ramp_up_per_ms as u64));
    h.down = per_sample(f(lo.ramp_down_per_ms as u64, hi.ramp_down_per_ms as u64));
}

pub(super) fn build(
    spec: &MachineFreq,
    cfg: &FreqConfig,
    topo: &Topology,
    version: KernelVersion,
) -> Result<FreqModel, FreqError> {
    let ncpu = topo.nr_cpus();
    let llcs_ps = topo.shape.llcs_per_socket as usize;
    let (ratio, tables) = match &spec.freq.pstates {
        PStates::Ratio(r) => {
            let khz = (r.lowest..=r.turbo_pstate())
                .map(|x| x as u32 * r.bus_khz)
                .collect();
            (Some(r.clone()), vec![Levels { khz }])
        }
        PStates::Table(ts) => {
            check(
                ts.len() == 1 || ts.len() == llcs_ps,
                "freq.pstates.table",
                "needs one table, or one per LLC of a socket",
            )?;
            (
                None,
                ts.iter().map(|t| Levels { khz: t.khz.clone() }).collect(),
            )
        }
    };
    check(
        spec.power.cores.len() == 1 || spec.power.cores.len() == llcs_ps,
        "power.cores",
        "needs one core model, or one per LLC of a socket",
    )?;
    check(
        !(tables.len() > 1 && spec.freq.domain == DomainScope::Package),
        "freq.domain",
        "a package-wide domain cannot mix cluster tables",
    )?;
    let gov = cfg.governor;
    check(
        gov != Governor::Powersave || ratio.is_some(),
        "freq.governor",
        "powersave (intel_pstate) needs Intel ratio P-states",
    )?;
    check(
        gov != Governor::Hwp || spec.freq.hwp.is_some(),
        "freq.governor",
        "hwp needs a machine with HWP capabilities (freq.hwp)",
    )?;
    let mode = if gov == Governor::Hwp
        || (gov == Governor::Schedutil && spec.freq.hwp.is_some() && !version.is_4x())
    {
        Mode::Hwp
    } else {
        Mode::Direct
    };

    // Policy limits per table.
    let mut min_level = Vec::new();
    let mut max_level = Vec::new();
    for t in &tables {
        let (mn, mx) = match &ratio {
            Some(r) => {
                let top = if cfg.no_turbo {
                    r.base
                } else {
                    r.turbo_pstate()
                } as u32;
                let mut mn = r.min_pstate as u32;
                if let Some(k) = cfg.min_khz {
                    mn = mn.max(k.div_ceil(r.bus_khz));
                }
                let mut mx = top;
                if let Some(k) = cfg.max_khz {
                    mx = mx.min(k / r.bus_khz);
                }
                let mx = mx.max(r.lowest as u32);
                let mn = mn.min(mx);
                ((mn - r.lowest as u32) as u16, (mx - r.lowest as u32) as u16)
            }
            None => {
                let n = t.khz.len();
                let mn = cfg
                    .min_khz
                    .and_then(|k| t.khz.iter().position(|&f| f >= k))
                    .unwrap_or(0);
                let mx = cfg
                    .max_khz
                    .and_then(|k| t.khz.iter().rposition(|&f| f <= k))
                    .unwrap_or(n - 1);
                let mx = mx.max(mn.min(n - 1));
                (mn.min(mx) as u16, mx as u16)
            }
        };
        min_level.push(mn);
        max_level.push(mx);
    }

    let invariant = ratio.is_none() || !version.is_4x();
    let tick_scale = ratio.is_some() && !version.is_4x();
    let arch_max_freq_ratio = match &ratio {
        Some(r) if !cfg.no_turbo => r.turbo_4c() as u64 * 1024 / r.base as u64,
        _ => 1024,
    };
    let rate_limit_ns = match cfg.schedutil.rate_limit_us {
        Some(us) => us * 1000,
        None => match &ratio {
            Some(_) if mode == Mode::Hwp => 5_000_000,
            Some(_) => 500_000,
            None => {
                let lat_us = spec.freq.transition_latency_ns / 1000;
                if lat_us > 0 {
                    (lat_us * 1000).min(10_000) * 1000
                } else {
                    1_000_000
                }
            }
        },
    };

    // Domains.
    let nunits = match spec.freq.domain {
        DomainScope::Core => topo.nr_cores(),
        DomainScope::Llc => topo.nr_llcs(),
        DomainScope::Package => topo.shape.sockets as usize,
    };
    let unit_of = |cpu: Cpu| -> usize {
        let p = topo.place(cpu);
        match spec.freq.domain {
            DomainScope::Core => p.core as usize,
            DomainScope::Llc => p.llc as usize,
            DomainScope::Package => p.socket as usize,
        }
    };
    let table_of = |cpu: Cpu| -> usize {
        if tables.len() == 1 {
            0
        } else {
            topo.place(cpu).llc as usize % llcs_ps
        }
    };
    let mut domains: Vec<Domain> = (0..nunits)
        .map(|_| Domain {
            cpus: CpuMask::EMPTY,
            cpu_list: Vec::new(),
            cores: Vec::new(),
            package: 0,
            table: 0,
            cur: 0,
            pending: None,
            nr_busy: 0,
        })
        .collect();
    for cpu in 0..ncpu as Cpu {
        let d = &mut domains[unit_of(cpu)];
        d.cpus.set(cpu);
        d.package = topo.place(cpu).socket;
        d.table = table_of(cpu) as u16;
    }
    for d in domains.iter_mut() {
        d.cpu_list = d.cpus.iter().collect();
    }
    for (i, d) in domains.iter().enumerate() {
        for cpu in d.cpus.iter() {
            if table_of(cpu) != d.table as usize {
                return Err(ferr(
                    "freq.domain",
                    format!("domain {i} spans CPUs with different frequency tables"),
                ));
            }
        }
    }
    let mut packages: Vec<Package> = (0..topo.shape.sockets as usize)
        .map(|_| Package::default())
        .collect();
    for (i, d) in domains.iter().enumerate() {
        packages[d.package as usize].domains.push(i as u16);
    }

    // Cores.
    let nstates = spec.idle.states.len();
    let mut cores = Vec::with_capacity(topo.nr_cores());
    for core in 0..topo.nr_cores() {
        let threads = *topo.core_span(core);
        let first = threads.first().unwrap();
        let d = unit_of(first);
        domains[d].cores.push(core as u16);
        let pkg = topo.place(first).socket;
        packages[pkg as usize].cores.push(core as u16);
        let pm = if spec.power.cores.len() == 1 {
            &spec.power.cores[0]
        } else {
            &spec.power.cores[topo.place(first).llc as usize % llcs_ps]
        };
        let t = &tables[domains[d].table as usize];
        let mut hwp = HwpDom::default();
        let epp = threads
            .iter()
            .map(|c| cpu_epp(cfg, gov, c))
            .min()
            .unwrap_or(cfg.hwp.epp);
        hwp_params(&cfg.hwp.controller, epp, &mut hwp);
        hwp.next_sample = cfg.hwp.controller.sample_ns;
        cores.push(Core {
            threads,
            thread_list: threads.iter().collect(),
            domain: d as u16,
            package: pkg,
            nr_busy: 0,
            active: false,
            acct_t: 0,
            energy_fj: 0,
            busy_uw: t.khz.iter().map(|&k| pm.busy_uw(k)).collect(),
            idle_uw: pm.idle_mw.iter().map(|&m| m as u64 * 1000).collect(),
            smt_extra_permille: pm.smt_extra_permille as u64,
            hwp,
        });
    }

    // Policies: per CPU on intel_cpufreq, per domain with cluster tables.
    let mut policies = Vec::new();
    let mut cpu_policy = vec![0u16; ncpu];
    if ratio.is_some() {
        for cpu in 0..ncpu {
            cpu_policy[cpu] = policies.len() as u16;
            policies.push(CpuMask::single(cpu as Cpu));
        }
    } else {
        for d in &domains {
            for c in d.cpus.iter() {
                cpu_policy[c as usize] = policies.len() as u16;
            }
            policies.push(d.cpus);
        }
    }

    // Initial level per table.
    let init_level = |t: usize| -> u16 {
        match gov {
            Governor::Performance => max_level[t],
            Governor::Powersave => min_level[t],
            Governor::Schedutil => {
                if ratio.is_some() {
                    min_level[t]
                } else {
                    max_level[t]
                }
            }
            Governor::Hwp => {
                let r = ratio.as_ref().unwrap();
                ((r.base - r.lowest) as u16).clamp(min_level[t], max_level[t])
            }
        }
    };
    let policies: Vec<Policy> = policies
        .into_iter()
        .map(|cpus| {
            let d = unit_of(cpus.first().unwrap());
            let t = domains[d].table as usize;
            Policy {
                cpus,
                domain: d as u16,
                last_freq_update: 0,
                next_freq: 0,
                cached_raw: 0,
                cur_khz: tables[t].khz[init_level(t) as usize],
                need_update: false,
            }
        })
        .collect();

    // Work-rate scale: capacity relative to the biggest CPU at its maximum frequency.
    let max_cap = (0..ncpu as Cpu)
        .map(|c| topo.arch_capacity(c))
        .max()
        .unwrap_or(1024) as u64;
    let ref_khz = (0..ncpu as Cpu)
        .filter(|&c| topo.arch_capacity(c) as u64 == max_cap)
        .map(|c| *tables[table_of(c)].khz.last().unwrap())
        .max()
        .unwrap_or(1) as u64;

    let mut m = FreqModel {
        version,
        gov,
        mode,
        spec: spec.clone(),
        cfg: cfg.clone(),
        ratio: ratio.clone(),
        tables,
        min_level: min_level.clone(),
        max_level: max_level.clone(),
        invariant,
        tick_scale,
        arch_max_freq_ratio,
        rate_limit_ns,
        remote_ok: ratio.is_none(),
        hwp_boost_on: cfg.hwp.dynamic_boost && !version.is_4x() && gov == Governor::Hwp,
        cpus: Vec::with_capacity(ncpu),
        cores,
        domains,
        packages,
        policies,
        deepest: 0,
        changed: CpuMask::EMPTY,
        changed_any: false,
        next_due: NONE,
        last_now: 0,
        timeline: Timeline::new(ncpu, &cfg.timeline),
    };
    m.deepest = m.select_state(u64::MAX);
    for cpu in 0..ncpu {
        let cpuid = cpu as Cpu;
        let d = unit_of(cpuid);
        let t = m.domains[d].table as usize;
        let lvl = init_level(t);
        let nlev = m.tables[t].khz.len();
        let own_max = *m.tables[t].khz.last().unwrap() as u64;
        let (hwp_min, hwp_max) = match &ratio {
            Some(r) => (
                (m.min_level[t] + r.lowest as u16) as u8,
                (m.max_level[t] + r.lowest as u16) as u8,
            ),
            None => (0, 0),
        };
        m.cpus.push(CpuSt {
            core: topo.place(cpuid).core,
            domain: d as u16,
            policy: cpu_policy[cpu],
            busy: false,
            cstate: m.deepest,
            idle_since: 0,
            predicted: cfg.tick_ns,
            idle_calls: 0,
            promote_at: NONE,
            c0_ns: 0,
            aperf: 0,
            fs_c0: 0,
            fs_aperf: 0,
            freq_scale: 1024,
            req: lvl,
            hwp_min,
            hwp_max,
            hwp_desired: cfg.hwp.desired,
            sugov_min: 0,
            floor: 0,
            floor_until: NONE,
            sg: SugovCpu::default(),
            ps: PstateCpu::default(),
            cstate_ns: vec![0; nstates],
            cstate_usage: vec![0; nstates],
            pstate_ns: vec![0; nlev],
            work_num: topo.arch_capacity(cpuid) as u64 * ref_khz,
            work_den: max_cap * own_max,
            work_khz: 0, // set below, once the domains have their level
            arch_cap: if ratio.is_some() {
                1024
            } else {
                topo.arch_capacity(cpuid) as u64
            },
        });
    }
    for core in 0..m.cores.len() {
        let init = m.init_perf(core);
        m.cores[core].hwp.perf = init;
        let active = !m.spec.idle.states[m.deepest as usize].turbo_inactive;
        m.cores[core].active = active;
        if active {
            let p = m.cores[core].package as usize;
            m.packages[p].active_cores += 1;
        }
    }
    for d in 0..m.domains.len() {
        let t = m.domains[d].table as usize;
        m.domains[d].cur = init_level(t);
        let target = m.domain_target(d);
        m.domains[d].cur = target;
        m.refresh_work_khz(d);
    }
    if mode == Mode::Hwp {
        m.next_due = cfg.hwp.controller.sample_ns;
    }
    Ok(m)
}

fn cpu_epp(cfg: &FreqConfig, gov: Governor, cpu: Cpu) -> u8 {
    if gov == Governor::Performance {
        return 0;
    }
    cfg.hwp
        .epp_overrides
        .iter()
        .rev()
        .find(|o| o.cpus.test(cpu))
        .map_or(cfg.hwp.epp, |o| o.epp)
}

impl FreqModel {
    fn init_perf(&self, core: usize) -> i64 {
        let lowest = self.ratio.as_ref().map_or(0, |r| r.lowest) as i64;
        let d = &self.domains[self.cores[core].domain as usize];
        let t = d.table as usize;
        let lvl = match self.gov {
            Governor::Hwp => {
                let r = self.ratio.as_ref().unwrap();
                ((r.base - r.lowest) as u16).clamp(self.min_level[t], self.max_level[t])
            }
            _ => self.min_level[t],
        };
        (lvl as i64 + lowest) << 8
    }
}
