//! OS-side frequency governors: schedutil (§12), intel_pstate non-HWP powersave (§13.2) and
//! the intel_pstate HWP dynamic boost hook (§13.4), per kernel version.

use super::*;

/// IOWAIT_BOOST_MIN (5.x schedutil): SCHED_CAPACITY_SCALE / 8.
const IOWAIT_BOOST_MIN: u32 = 128;
/// INTEL_PSTATE_SAMPLING_INTERVAL.
const PSTATE_SAMPLING_NS: u64 = 10_000_000;
/// intel_pstate fixed point: FRAC_BITS, EXT_FRAC_BITS.
const FRAC_BITS: u32 = 8;
const EXT_FRAC_BITS: u32 = 14;
/// ONE_EIGHTH_FP.
const ONE_EIGHTH_FP: i64 = 1 << (FRAC_BITS - 3);
/// hwp_boost_hold_time_ns.
const HWP_BOOST_HOLD_NS: u64 = 3_000_000;

impl FreqModel {
    fn arch_cap(&self, cpu: usize) -> u64 {
        // arch_scale_cpu_capacity(NULL, cpu): 1024 on x86, the cluster capacity on arm64.
        self.cpus[cpu].arch_cap.max(1)
    }

    fn cpuinfo_max_khz(&self, p: usize) -> u32 {
        let t = self.domains[self.policies[p].domain as usize].table as usize;
        *self.tables[t].khz.last().unwrap()
    }

    fn policy_limits_khz(&self, p: usize) -> (u32, u32) {
        let t = self.domains[self.policies[p].domain as usize].table as usize;
        let k = &self.tables[t].khz;
        (k[self.min_level[t] as usize], k[self.max_level[t] as usize])
    }

    // ----------------------------------------------------------------------------------------
    // schedutil (§12)
    // ----------------------------------------------------------------------------------------

    pub(super) fn sugov_update(&mut self, now: u64, cpu: Cpu, from: Cpu, flags: UpdateFlags) {
        let c = cpu as usize;
        let p = self.cpus[c].policy as usize;
        let shared = self.policies[p].cpus.weight() > 1;
        let local = from == cpu || self.remote_ok || self.policies[p].cpus.test(from);
        let v4 = self.version.is_4x();
        if v4 {
            if shared {
                let max = self.arch_cap(c);
                let sg = &mut self.cpus[c].sg;
                sg.util = (sg.sig.cfs_util as u64).min(max);
                sg.max = max;
                sg.flags = flags;
            }
            self.iowait_set_v4(c, now, flags);
            self.cpus[c].sg.last_update = now;
            if !self.sugov_should_update(p, now, local) {
                return;
            }
            let next_f = if shared {
                if flags.has(UpdateFlags::RT) {
                    self.cpuinfo_max_khz(p)
                } else {
                    self.next_freq_shared_v4(p, now)
                }
            } else {
                let busy = self.sugov_cpu_is_busy(c);
                if flags.has(UpdateFlags::RT) {
                    self.cpuinfo_max_khz(p)
                } else {
                    let max = self.arch_cap(c);
                    let util = (self.cpus[c].sg.sig.cfs_util as u64).min(max);
                    let (util, max) = self.iowait_apply_v4(c, p, util, max);
                    let mut f = self.get_next_freq(p, util, max);
                    let pol = &mut self.policies[p];
                    if busy && f < pol.next_freq && pol.next_freq != 0 {
                        f = pol.next_freq;
                        pol.cached_raw = 0;
                    }
                    f
                }
            };
            self.sugov_commit(p, now, next_f);
        } else {
            self.iowait_boost_v5(c, now, flags);
            self.cpus[c].sg.last_update = now;
            if !self.sugov_should_update(p, now, local) {
                return;
            }
            let next_f = if shared {
                self.next_freq_shared_v5(p, now)
            } else {
                let busy = !self.policies[p].need_update && self.sugov_cpu_is_busy(c);
                let max = self.arch_cap(c);
                let util = self.sugov_get_util_v5(c, max);
                let util = self.iowait_apply_v5(c, now, util, max);
                let mut f = self.get_next_freq(p, util, max);
                let pol = &mut self.policies[p];
                if busy && f < pol.next_freq {
                    f = pol.next_freq;
                    pol.cached_raw = 0;
                }
                f
            };
            self.sugov_commit(p, now, next_f);
        }
    }

    /// §12.2: only local (or cross-CPU-capable) updates, at most once per rate limit.
    fn sugov_should_update(&mut self, p: usize, now: u64, local: bool) -> bool {
        if !local {
            return false;
        }
        now - self.policies[p].last_freq_update >= self.rate_limit_ns
            || self.policies[p].last_freq_update == 0 && self.policies[p].next_freq == 0
    }

    /// The NOHZ idle-calls test (§12.3 "busy" hold).
    fn sugov_cpu_is_busy(&mut self, c: usize) -> bool {
        let s = &mut self.cpus[c];
        let busy = s.idle_calls == s.sg.saved_idle_calls;
        s.sg.saved_idle_calls = s.idle_calls;
        busy
    }

    /// `get_next_freq`: 1.25 x F x util / max, F = cpuinfo.max_freq if invariant else
    /// policy.cur; resolved onto the policy limits / table (§12.3).
    fn get_next_freq(&mut self, p: usize, util: u64, max: u64) -> u32 {
        let f = if self.invariant {
            self.cpuinfo_max_khz(p)
        } else {
            self.policies[p].cur_khz
        };
        let raw = schedutil_raw_khz(f, util, max);
        let pol = &self.policies[p];
        if raw == pol.cached_raw && pol.next_freq != 0 && !pol.need_update {
            return pol.next_freq;
        }
        self.policies[p].cached_raw = raw;
        self.resolve_freq(p, raw)
    }

    /// `cpufreq_driver_resolve_freq`: clamp to [policy.min, policy.max]; with a table the
    /// lowest entry at or above (intel_cpufreq has no table: kHz kept).
    fn resolve_freq(&self, p: usize, khz: u32) -> u32 {
        let (mn, mx) = self.policy_limits_khz(p);
        let f = khz.clamp(mn, mx);
        if self.ratio.is_some() {
            return f;
        }
        let t = self.domains[self.policies[p].domain as usize].table as usize;
        let k = &self.tables[t].khz;
        k[k.iter().position(|&x| x >= f).unwrap_or(k.len() - 1)]
    }

    /// `sugov_update_commit` / `sugov_update_next_freq` + fast switch.
    fn sugov_commit(&mut self, p: usize, now: u64, next_f: u32) {
        if self.policies[p].next_freq == next_f {
            return;
        }
        self.policies[p].next_freq = next_f;
        self.policies[p].last_freq_update = now;
        let d = self.policies[p].domain as usize;
        let t = self.domains[d].table as usize;
        let (lvl, cur) = match &self.ratio {
            Some(r) => {
                // intel_cpufreq: ceil(freq / 100 MHz), clamped to the policy ratios (§13.3).
                let ratio = next_f.div_ceil(r.bus_khz);
                let mn = self.min_level[t] as u32 + r.lowest as u32;
                let mx = self.max_level[t] as u32 + r.lowest as u32;
                let ratio = ratio.clamp(mn, mx);
                ((ratio - r.lowest as u32) as u16, ratio * r.bus_khz)
            }
            None => {
                let k = &self.tables[t].khz;
                let f = self.resolve_freq(p, next_f);
                (k.iter().position(|&x| x == f).unwrap_or(0) as u16, f)
            }
        };
        self.policies[p].cur_khz = cur;
        let cpus = self.policies[p].cpus;
        if self.mode == Mode::Hwp {
            // 5.9+ intel_cpufreq with HWP: the P-state becomes the HWP minimum (§13.3).
            let lowest = self.ratio.as_ref().map_or(0, |r| r.lowest) as u16;
            for c in cpus.iter() {
                self.cpus[c as usize].sugov_min = (lvl + lowest) as u8;
                let core = self.cpus[c as usize].core as usize;
                self.hwp_kick(core, now);
            }
        } else {
            for c in cpus.iter() {
                self.cpus[c as usize].req = lvl;
            }
        }
        self.resolve(d, now);
    }

    // --- 4.15 / 4.16 --------------------------------------------------------------------

    /// `sugov_set_iowait_boost` (4.15): boost is a frequency (kHz).
    fn iowait_set_v4(&mut self, c: usize, now: u64, flags: UpdateFlags) {
        let p = self.cpus[c].policy as usize;
        let (pmin, _) = self.policy_limits_khz(p);
        let bmax = self.cpuinfo_max_khz(p);
        let tick = self.cfg.tick_ns;
        let sg = &mut self.cpus[c].sg;
        if flags.has(UpdateFlags::IOWAIT) {
            if sg.pending {
                return;
            }
            sg.pending = true;
            if sg.iowait_boost != 0 {
                sg.iowait_boost = (sg.iowait_boost << 1).min(bmax);
            } else {
                sg.iowait_boost = pmin;
            }
        } else if sg.iowait_boost != 0 && now - sg.last_update > tick {
            sg.iowait_boost = 0;
            sg.pending = false;
        }
    }

    /// `sugov_iowait_boost` (4.15): decay when no new request, then util := boost,
    /// max := max_freq if that is relatively higher.
    fn iowait_apply_v4(&mut self, c: usize, p: usize, util: u64, max: u64) -> (u64, u64) {
        let (pmin, _) = self.policy_limits_khz(p);
        let bmax = self.cpuinfo_max_khz(p) as u64;
        let sg = &mut self.cpus[c].sg;
        if sg.iowait_boost == 0 {
            return (util, max);
        }
        if sg.pending {
            sg.pending = false;
        } else {
            sg.iowait_boost >>= 1;
            if sg.iowait_boost < pmin {
                sg.iowait_boost = 0;
                return (util, max);
            }
        }
        let b = sg.iowait_boost as u64;
        if util * bmax < max * b {
            (b, bmax)
        } else {
            (util, max)
        }
    }

    fn next_freq_shared_v4(&mut self, p: usize, now: u64) -> u32 {
        let (mut util, mut max) = (0u64, 1u64);
        let tick = self.cfg.tick_ns;
        let cpus = self.policies[p].cpus;
        for j in cpus.iter() {
            let j = j as usize;
            let sg = &mut self.cpus[j].sg;
            if now - sg.last_update > tick {
                sg.iowait_boost = 0;
                sg.pending = false;
                continue;
            }
            if sg.flags.has(UpdateFlags::RT) {
                return self.cpuinfo_max_khz(p);
            }
            let (ju, jm) = (sg.util, sg.max);
            if ju * max > jm * util {
                util = ju;
                max = jm;
            }
            (util, max) = self.iowait_apply_v4(j, p, util, max);
        }
        self.get_next_freq(p, util, max)
    }

    // --- 5.10+ --------------------------------------------------------------------------

    /// `schedutil_cpu_util(FREQUENCY_UTIL)` without DL (§12.3, 5.10).
    fn sugov_get_util_v5(&self, c: usize, max: u64) -> u64 {
        let s = &self.cpus[c].sg.sig;
        if s.rt_runnable {
            return max;
        }
        let irq = s.irq_util as u64;
        if irq >= max {
            return max;
        }
        let u = (s.cfs_util.max(s.cfs_util_est)) as u64 + s.rt_util as u64;
        if u >= max {
            return max;
        }
        let u = u * (max - irq) / max + irq;
        u.min(max)
    }

    fn iowait_reset_v5(&mut self, c: usize, now: u64, set: bool) -> bool {
        let tick = self.cfg.tick_ns;
        let sg = &mut self.cpus[c].sg;
        if now - sg.last_update <= tick {
            return false;
        }
        sg.iowait_boost = if set { IOWAIT_BOOST_MIN } else { 0 };
        sg.pending = set;
        true
    }

    /// `sugov_iowait_boost` (5.10): capacity units, 128 doubling to 1024.
    fn iowait_boost_v5(&mut self, c: usize, now: u64, flags: UpdateFlags) {
        let set = flags.has(UpdateFlags::IOWAIT);
        if self.cpus[c].sg.iowait_boost != 0 && self.iowait_reset_v5(c, now, set) {
            return;
        }
        if !set {
            return;
        }
        let sg = &mut self.cpus[c].sg;
        if sg.pending {
            return;
        }
        sg.pending = true;
        if sg.iowait_boost != 0 {
            sg.iowait_boost = (sg.iowait_boost << 1).min(1024);
            return;
        }
        sg.iowait_boost = IOWAIT_BOOST_MIN;
    }

    /// `sugov_iowait_apply` (5.10).
    fn iowait_apply_v5(&mut self, c: usize, now: u64, util: u64, max: u64) -> u64 {
        if self.cpus[c].sg.iowait_boost == 0 {
            return util;
        }
        if self.iowait_reset_v5(c, now, false) {
            return util;
        }
        let sg = &mut self.cpus[c].sg;
        if !sg.pending {
            sg.iowait_boost >>= 1;
            if sg.iowait_boost < IOWAIT_BOOST_MIN {
                sg.iowait_boost = 0;
                return util;
            }
        }
        sg.pending = false;
        let boost = (sg.iowait_boost as u64 * max) >> 10;
        boost.max(util)
    }

    fn next_freq_shared_v5(&mut self, p: usize, now: u64) -> u32 {
        let (mut util, mut max) = (0u64, 1u64);
        let cpus = self.policies[p].cpus;
        for j in cpus.iter() {
            let j = j as usize;
            let jm = self.arch_cap(j);
            let ju = self.sugov_get_util_v5(j, jm);
            let ju = self.iowait_apply_v5(j, now, ju, jm);
            if ju * max > jm * util {
                util = ju;
                max = jm;
            }
        }
        self.get_next_freq(p, util, max)
    }

    // ----------------------------------------------------------------------------------------
    // intel_pstate active mode without HWP, powersave (§13.2)
    // ----------------------------------------------------------------------------------------

    pub(super) fn pstate_update(&mut self, now: u64, cpu: Cpu, flags: UpdateFlags) {
        let c = cpu as usize;
        let tick = self.cfg.tick_ns;
        let iowait = flags.has(UpdateFlags::IOWAIT);
        let ps = &mut self.cpus[c].ps;
        let mut force = false;
        if self.version.is_4x() {
            if iowait {
                ps.iowait_boost = 1 << FRAC_BITS;
                ps.last_update = now;
                // The last sample was 100 % busy: the P-state is max anyway.
                if (ps.busy_scaled >> FRAC_BITS) == 100 {
                    return;
                }
                force = true;
            } else if ps.iowait_boost != 0 && now - ps.last_update > tick {
                ps.iowait_boost = 0;
            }
        } else {
            let delta = now - ps.last_update;
            if iowait {
                if delta > tick {
                    ps.iowait_boost = ONE_EIGHTH_FP;
                } else if ps.iowait_boost >= ONE_EIGHTH_FP {
                    ps.iowait_boost = (ps.iowait_boost << 1).min(1 << FRAC_BITS);
                } else {
                    ps.iowait_boost = ONE_EIGHTH_FP;
                }
            } else if ps.iowait_boost != 0 {
                if delta > tick {
                    ps.iowait_boost = 0;
                } else {
                    ps.iowait_boost >>= 1;
                }
            }
        }
        if !force {
            ps.last_update = now;
            if now.wrapping_sub(ps.sample_time) < PSTATE_SAMPLING_NS || now < ps.sample_time {
                return;
            }
        }
        if !self.pstate_sample(c, now) {
            return;
        }
        let target = self.pstate_target(c);
        let r = self.ratio.as_ref().unwrap();
        let t = self.domains[self.cpus[c].domain as usize].table as usize;
        // intel_pstate_prepare_request: clamp to [max(min_pstate, min_perf), max(that, max_perf)].
        let mn = self.min_level[t] as i64 + r.lowest as i64;
        let mx = (self.max_level[t] as i64 + r.lowest as i64).max(mn);
        let ratio = target.clamp(mn, mx);
        let lvl = (ratio - r.lowest as i64) as u16;
        if self.cpus[c].req != lvl {
            self.cpus[c].req = lvl;
            let d = self.cpus[c].domain as usize;
            self.resolve(d, now);
        }
    }

    /// `intel_pstate_sample`: APERF/MPERF/TSC deltas since the previous sample.
    fn pstate_sample(&mut self, c: usize, now: u64) -> bool {
        let core = self.cpus[c].core as usize;
        self.settle_core(core, now);
        let s = &mut self.cpus[c];
        let ps = &mut s.ps;
        if s.c0_ns == ps.prev_c0 || now == ps.prev_tsc {
            return false;
        }
        ps.last_sample_time = ps.sample_time;
        ps.sample_time = now;
        ps.s_mperf = s.c0_ns - ps.prev_c0;
        ps.s_aperf = s.aperf - ps.prev_aperf;
        ps.s_tsc = now - ps.prev_tsc;
        ps.prev_c0 = s.c0_ns;
        ps.prev_aperf = s.aperf;
        ps.prev_tsc = now;
        ps.last_sample_time != 0
    }

    /// `get_target_pstate` (§13.2), fixed point exactly as the kernel.
    fn pstate_target(&mut self, c: usize) -> i64 {
        let (rbase, turbo, min_pstate, bus) = {
            let r = self.ratio.as_ref().unwrap();
            (r.base, r.turbo_pstate(), r.min_pstate, r.bus_khz)
        };
        let no_turbo = self.cfg.no_turbo;
        let v4 = self.version.is_4x();
        let ps = &mut self.cpus[c].ps;
        // ΔMPERF / ΔTSC: both tick at the TSC rate, so the ratio is C0 time / wall time.
        let mut busy_frac = ((ps.s_mperf as i64) << FRAC_BITS) / ps.s_tsc as i64;
        let boost = ps.iowait_boost;
        if v4 {
            ps.iowait_boost >>= 1;
        }
        if busy_frac < boost {
            busy_frac = boost;
        }
        ps.busy_scaled = busy_frac * 100;
        let base = if no_turbo { rbase } else { turbo };
        let base_khz = rbase as u128 * bus as u128;
        let core_avg_perf =
            ((ps.s_aperf << EXT_FRAC_BITS) / (ps.s_mperf as u128 * base_khz).max(1)) as i64;
        intel_pstate_target(busy_frac, base, min_pstate, rbase, core_avg_perf)
    }

    // ----------------------------------------------------------------------------------------
    // HWP dynamic boost (5.10, §13.4)
    // ----------------------------------------------------------------------------------------

    pub(super) fn hwp_boost_update(&mut self, now: u64, cpu: Cpu, from: Cpu, flags: UpdateFlags) {
        let c = cpu as usize;
        self.cpus[c].ps.sched_flags |= flags.0;
        if from != cpu {
            return;
        }
        let tick = self.cfg.tick_ns;
        let before = self.cpus[c].ps.hwp_boost_min;
        let ps = &mut self.cpus[c].ps;
        ps.sample_time = now;
        if ps.sched_flags & UpdateFlags::IOWAIT.0 != 0 {
            ps.sched_flags = 0;
            let do_io = now < ps.last_io_update + 2 * tick;
            ps.last_io_update = now;
            if do_io {
                self.hwp_boost_up(c);
            }
        } else {
            if ps.hwp_boost_min != 0 && ps.sample_time > ps.last_update + HWP_BOOST_HOLD_NS {
                ps.hwp_boost_min = 0;
            }
            ps.last_update = ps.sample_time;
        }
        if self.cpus[c].ps.hwp_boost_min != before {
            let core = self.cpus[c].core as usize;
            self.hwp_kick(core, now);
            let d = self.cpus[c].domain as usize;
            self.resolve(d, now);
        }
    }

    /// `intel_pstate_hwp_boost_up`: min → (min+guaranteed)/2 → guaranteed → max.
    fn hwp_boost_up(&mut self, c: usize) {
        let guaranteed = self.spec.freq.hwp.map_or(0, |h| h.guaranteed);
        let s = &mut self.cpus[c];
        let (min_limit, max_limit) = (s.hwp_min, s.hwp_max);
        let ps = &mut s.ps;
        if max_limit == min_limit || ps.hwp_boost_min >= max_limit {
            return;
        }
        if ps.hwp_boost_min == 0 {
            ps.hwp_boost_min = min_limit;
        }
        let level1 = ((guaranteed as u16 + min_limit as u16) >> 1) as u8;
        if ps.hwp_boost_min < level1 {
            ps.hwp_boost_min = level1;
        } else if ps.hwp_boost_min < guaranteed {
            ps.hwp_boost_min = guaranteed;
        } else if ps.hwp_boost_min == guaranteed && max_limit != guaranteed {
            ps.hwp_boost_min = max_limit;
        } else {
            return;
        }
        ps.last_update = ps.sample_time;
    }
}

/// schedutil's `map_util_freq`: `(F + F/4) * util / max` in kHz (§12.3), before resolution.
pub fn schedutil_raw_khz(f_khz: u32, util: u64, max: u64) -> u32 {
    let f = f_khz as u64;
    ((f + (f >> 2)) * util / max.max(1)).min(u32::MAX as u64) as u32
}

/// intel_pstate `get_target_pstate` after the busy fraction is known (§13.2):
/// `busy_frac` = ΔMPERF/ΔTSC (after the iowait-boost max) with 8 fractional bits, `base` the
/// turbo (or, with no_turbo, max non-turbo) ratio, `core_avg_perf` = ΔAPERF/ΔMPERF with 14
/// fractional bits. Returns the ratio before the policy clamp.
pub fn intel_pstate_target(
    busy_frac: i64,
    base: u8,
    min_pstate: u8,
    max_pstate_physical: u8,
    core_avg_perf: i64,
) -> i64 {
    let base = base as i64;
    let mut target = base + (base >> 2);
    target = (target * busy_frac) >> FRAC_BITS;
    if target < min_pstate as i64 {
        target = min_pstate as i64;
    }
    let avg_pstate = (max_pstate_physical as i64 * core_avg_perf) >> EXT_FRAC_BITS;
    if avg_pstate > target {
        target += (avg_pstate - target) >> 1;
    }
    target
}
