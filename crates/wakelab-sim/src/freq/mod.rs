//! Frequency, turbo, idle-state and power models (spec §10.2, §12, §13); docs/frequency.md.
//!
//! The engine drives one [`FreqModel`] per simulated machine:
//!
//! * [`FreqModel::new`] — every CPU starts idle, in the deepest allowed C-state, at time 0;
//!   [`FreqModel::init`] marks the CPUs that are busy at time 0 (call it before anything else).
//! * [`FreqModel::update_util`] / [`FreqModel::update_util_from`] wherever the kernel calls
//!   `cpufreq_update_util` (§12.1): enqueue, dequeue, tick (after the PELT update), migration
//!   attach/detach, RT/DL updates. Flags: [`UpdateFlags`].
//! * [`FreqModel::tick`] on every scheduler tick of a busy CPU (x86 5.x frequency-invariance
//!   sampling, §10.2). Call it before the tick's `update_util` and PELT update.
//! * [`FreqModel::idle_enter`] when a CPU goes idle, [`FreqModel::idle_exit`] when it leaves idle
//!   (charge the returned exit latency to whatever wakes it).
//! * [`FreqModel::on_timer`] at [`FreqModel::next_timer`] (HWP sampling, transitions, boosts,
//!   idle promotion). Every call accepts any `now` at or after the previous call's; due timers
//!   are processed first, so a late `on_timer` only loses timing precision.
//! * After any call, [`FreqModel::take_changed`]: CPUs whose effective frequency changed; re-time
//!   their running work with [`FreqModel::work_khz`] / [`FreqModel::ns_for_work`].
//!
//! Everything is integer arithmetic; calls never allocate except when the bounded timeline
//! grows by a bucket row.

mod config;
mod presets;
mod spec;

pub use config::{
    BoostHint, EppOverride, FreqConfig, Governor, HwpAnchor, HwpConfig, HwpController, IdleConfig,
    SchedutilConfig, TimelineConfig,
};
pub use governors::{intel_pstate_target, schedutil_raw_khz};
pub use presets::{
    PIXEL2_CLUSTER_CAPACITY, clx_2s_80t, default_intel_idle, epyc_kvm_2vcpu, pixel2, skl_client_8t,
    skx_2s_88t,
};
pub use spec::{
    CState, ClusterTable, CorePower, DomainScope, FreqError, FreqSpec, HwpCaps, IdleSpec,
    MachineFreq, PStates, PowerSpec, RatioSpec,
};

use crate::cpumask::{Cpu, CpuMask};
use crate::kernel::KernelVersion;
use crate::topology::Topology;
use spec::ferr;

/// The CPU's scheduler signals at a `cpufreq_update_util` call (§12.3), 1024 scale.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct UtilSignals {
    /// `rq->cfs.avg.util_avg` (unclamped).
    pub cfs_util: u32,
    /// `rq->cfs.avg.util_est.enqueued` (0 on 4.x, which has no util_est).
    pub cfs_util_est: u32,
    /// `rq->avg_rt.util_avg` (5.x).
    pub rt_util: u32,
    /// `rq->avg_irq.util_avg` (5.x).
    pub irq_util: u32,
    /// RT tasks runnable on the CPU (5.x schedutil goes to max, §12.3).
    pub rt_runnable: bool,
}

/// Flags of a `cpufreq_update_util` call.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct UpdateFlags(pub u32);

impl UpdateFlags {
    pub const NONE: UpdateFlags = UpdateFlags(0);
    /// SCHED_CPUFREQ_IOWAIT: enqueue of a task that waited for I/O.
    pub const IOWAIT: UpdateFlags = UpdateFlags(1);
    /// SCHED_CPUFREQ_RT / _DL on 4.x (update from the RT or DL class: 4.x schedutil → max).
    pub const RT: UpdateFlags = UpdateFlags(2);
    /// A task was attached to this CPU by migration (only used by `migration_boost`).
    pub const MIGRATION: UpdateFlags = UpdateFlags(4);

    #[inline]
    pub fn has(self, f: UpdateFlags) -> bool {
        self.0 & f.0 != 0
    }
}

impl std::ops::BitOr for UpdateFlags {
    type Output = UpdateFlags;
    fn bitor(self, o: UpdateFlags) -> UpdateFlags {
        UpdateFlags(self.0 | o.0)
    }
}

/// Energy so far (µJ).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EnergyReport {
    /// Per physical core (busy and idle power of the core).
    pub core_uj: Vec<u64>,
    /// Per CPU: its core's energy split evenly among the core's threads.
    pub cpu_uj: Vec<u64>,
    /// Per package: its cores plus the package base (uncore) power.
    pub package_uj: Vec<u64>,
    pub total_uj: u64,
}

/// Where one CPU spent its time so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CpuResidency {
    /// Busy (C0) time.
    pub c0_ns: u64,
    /// Busy time per frequency level, parallel to `levels_khz`.
    pub pstate_ns: Vec<u64>,
    pub levels_khz: Vec<u32>,
    /// Idle time per requested C-state (like cpuidle's per-state `time`).
    pub cstate_ns: Vec<u64>,
    /// Number of entries per C-state (cpuidle `usage`).
    pub cstate_usage: Vec<u64>,
}

/// Bounded per-CPU timeline of busy time and cycles: bucket `b` covers
/// `[b * bucket_ns, (b+1) * bucket_ns)`. Buckets double in width (pairs merged) when full.
#[derive(Clone, Debug)]
pub struct Timeline {
    bucket_ns: u64,
    max_buckets: usize,
    ncpu: usize,
    /// Rows of `ncpu` entries: busy ns.
    c0: Vec<u64>,
    /// Rows of `ncpu` entries: kHz x ns while busy.
    khz_ns: Vec<u64>,
}

impl Timeline {
    fn new(ncpu: usize, cfg: &TimelineConfig) -> Timeline {
        Timeline {
            bucket_ns: cfg.bucket_ns,
            max_buckets: cfg.max_buckets,
            ncpu,
            c0: Vec::new(),
            khz_ns: Vec::new(),
        }
    }
    pub fn bucket_ns(&self) -> u64 {
        self.bucket_ns
    }
    pub fn len(&self) -> usize {
        self.c0.len() / self.ncpu.max(1)
    }
    pub fn is_empty(&self) -> bool {
        self.c0.is_empty()
    }
    /// Busy ns of `cpu` in bucket `b`.
    pub fn busy_ns(&self, b: usize, cpu: Cpu) -> u64 {
        self.c0[b * self.ncpu + cpu as usize]
    }
    /// Average frequency (kHz) of `cpu` while busy in bucket `b` (0 if never busy).
    pub fn avg_khz(&self, b: usize, cpu: Cpu) -> u32 {
        let i = b * self.ncpu + cpu as usize;
        self.khz_ns[i].checked_div(self.c0[i]).unwrap_or(0) as u32
    }
    fn add(&mut self, cpu: usize, mut t0: u64, t1: u64, khz: u32) {
        while t0 < t1 {
            let mut b = (t0 / self.bucket_ns) as usize;
            while b >= self.max_buckets {
                self.halve();
                b = (t0 / self.bucket_ns) as usize;
            }
            while self.len() <= b {
                self.c0.extend(std::iter::repeat_n(0, self.ncpu));
                self.khz_ns.extend(std::iter::repeat_n(0, self.ncpu));
            }
            let end = ((b as u64 + 1) * self.bucket_ns).min(t1);
            let dt = end - t0;
            let i = b * self.ncpu + cpu;
            self.c0[i] += dt;
            self.khz_ns[i] = self.khz_ns[i].saturating_add(khz as u64 * dt);
            t0 = end;
        }
    }
    fn halve(&mut self) {
        let n = self.len();
        let m = n.div_ceil(2);
        for b in 0..m {
            for c in 0..self.ncpu {
                let (a, z) = (2 * b * self.ncpu + c, (2 * b + 1) * self.ncpu + c);
                let (mut s0, mut s1) = (self.c0[a], self.khz_ns[a]);
                if 2 * b + 1 < n {
                    s0 += self.c0[z];
                    s1 = s1.saturating_add(self.khz_ns[z]);
                }
                self.c0[b * self.ncpu + c] = s0;
                self.khz_ns[b * self.ncpu + c] = s1;
            }
        }
        self.c0.truncate(m * self.ncpu);
        self.khz_ns.truncate(m * self.ncpu);
        self.bucket_ns *= 2;
    }
}

const NONE: u64 = u64::MAX;

/// How a frequency domain's level is chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// The governor writes a level per CPU (PERF_CTL / cpufreq table); the domain runs at the
    /// highest.
    Direct,
    /// HWP autonomous controller within the [min, max] requests of its CPUs.
    Hwp,
}

/// One frequency level table.
#[derive(Clone, Debug)]
struct Levels {
    khz: Vec<u32>,
}

#[derive(Clone, Debug, Default)]
struct HwpDom {
    /// Utilisation EWMA in 1/2^20.
    util: i64,
    /// Performance level in ratio x 256.
    perf: i64,
    next_sample: u64,
    acc_busy: u64,
    acc_to: u64,
    steady: bool,
    // per-EPP parameters (interpolated)
    window_ns: i64,
    lo: i64,
    hi: i64,
    up: i64,
    down: i64,
}

#[derive(Clone, Debug)]
struct Domain {
    cpus: CpuMask,
    /// `cpus` as a list (increasing): the hot loops walk it instead of scanning all the
    /// mask's words.
    cpu_list: Vec<Cpu>,
    cores: Vec<u16>,
    package: u16,
    table: u16,
    cur: u16,
    pending: Option<(u16, u64)>,
    nr_busy: u16,
}

#[derive(Clone, Debug)]
struct Core {
    threads: CpuMask,
    /// `threads` as a list (increasing), for the per-event loops (`settle_core`, ...).
    thread_list: Vec<Cpu>,
    domain: u16,
    package: u16,
    nr_busy: u8,
    active: bool,
    acct_t: u64,
    energy_fj: u128,
    busy_uw: Vec<u64>,
    idle_uw: Vec<u64>,
    smt_extra_permille: u64,
    /// HWP autonomous controller of this core (§13.4 model).
    hwp: HwpDom,
}

#[derive(Clone, Debug, Default)]
struct Package {
    active_cores: u16,
    domains: Vec<u16>,
    cores: Vec<u16>,
}

/// schedutil per-CPU state (`struct sugov_cpu`).
#[derive(Clone, Copy, Debug, Default)]
struct SugovCpu {
    last_update: u64,
    iowait_boost: u32,
    pending: bool,
    saved_idle_calls: u64,
    sig: UtilSignals,
    /// 4.x shared path: flags, util, max stored at the last update.
    flags: UpdateFlags,
    util: u64,
    max: u64,
}

/// schedutil policy state (`struct sugov_policy` + `cpufreq_policy.cur`).
#[derive(Clone, Debug)]
struct Policy {
    cpus: CpuMask,
    domain: u16,
    last_freq_update: u64,
    next_freq: u32,
    cached_raw: u32,
    cur_khz: u32,
    need_update: bool,
}

/// intel_pstate per-CPU state (non-HWP powersave, §13.2; HWP dynamic boost, §13.4).
#[derive(Clone, Copy, Debug, Default)]
struct PstateCpu {
    sample_time: u64,
    last_sample_time: u64,
    prev_c0: u64,
    prev_aperf: u128,
    prev_tsc: u64,
    /// Fixed point, 8 fractional bits.
    iowait_boost: i64,
    last_update: u64,
    busy_scaled: i64,
    s_mperf: u64,
    s_aperf: u128,
    s_tsc: u64,
    // HWP dynamic boost
    sched_flags: u32,
    last_io_update: u64,
    hwp_boost_min: u8,
}

#[derive(Clone, Debug)]
struct CpuSt {
    core: u16,
    domain: u16,
    policy: u16,
    busy: bool,
    cstate: u8,
    idle_since: u64,
    predicted: u64,
    idle_calls: u64,
    promote_at: u64,
    c0_ns: u64,
    aperf: u128,
    fs_c0: u64,
    fs_aperf: u128,
    freq_scale: u32,
    /// Direct mode: requested level.
    req: u16,
    /// HWP mode: request fields (ratios).
    hwp_min: u8,
    hwp_max: u8,
    hwp_desired: u8,
    sugov_min: u8,
    floor: u16,
    floor_until: u64,
    sg: SugovCpu,
    ps: PstateCpu,
    cstate_ns: Vec<u64>,
    cstate_usage: Vec<u64>,
    pstate_ns: Vec<u64>,
    /// Work-rate scale (capacity / IPC) as num/den applied to kHz.
    work_num: u64,
    work_den: u64,
    /// `work_khz` at the domain's current level: read on every re-timing of a run, so it is
    /// cached (a division) and refreshed whenever the domain's level changes
    /// (`refresh_work_khz`).
    work_khz: u64,
    /// `arch_scale_cpu_capacity(NULL, cpu)`: 1024 on x86, the cluster capacity on arm64.
    arch_cap: u64,
}

/// The runtime frequency / idle / power model of one machine. See the module docs for the
/// calling protocol.
#[derive(Clone, Debug)]
pub struct FreqModel {
    version: KernelVersion,
    gov: Governor,
    mode: Mode,
    spec: MachineFreq,
    cfg: FreqConfig,
    ratio: Option<RatioSpec>,
    tables: Vec<Levels>,
    /// Policy limits per table (levels).
    min_level: Vec<u16>,
    max_level: Vec<u16>,
    /// schedutil uses cpuinfo.max_freq (invariant) instead of policy.cur.
    invariant: bool,
    /// x86 APERF/MPERF tick-based freq_scale (5.x Intel).
    tick_scale: bool,
    arch_max_freq_ratio: u64,
    rate_limit_ns: u64,
    remote_ok: bool,
    hwp_boost_on: bool,
    cpus: Vec<CpuSt>,
    cores: Vec<Core>,
    domains: Vec<Domain>,
    packages: Vec<Package>,
    policies: Vec<Policy>,
    deepest: u8,
    changed: CpuMask,
    /// `changed` is not empty: what the event loop asks after every event, one byte instead of
    /// copying and clearing the 64-byte mask (docs/performance.md).
    changed_any: bool,
    next_due: u64,
    last_now: u64,
    timeline: Timeline,
}

mod governors;
mod hardware;

impl FreqModel {
    /// Build the model. Fails with a field-level message when the machine description, the
    /// configuration or their combination with `topo` is invalid.
    pub fn new(
        spec: &MachineFreq,
        cfg: &FreqConfig,
        topo: &Topology,
        version: KernelVersion,
    ) -> Result<FreqModel, FreqError> {
        spec.validate()?;
        cfg.validate()?;
        hardware::build(spec, cfg, topo, version)
    }

    /// Mark the CPUs busy at time 0 (all others stay idle in their initial state). Call once,
    /// before any other call.
    pub fn init(&mut self, busy: &CpuMask) {
        for cpu in busy.iter() {
            if (cpu as usize) < self.cpus.len() && !self.cpus[cpu as usize].busy {
                self.set_busy(0, cpu, true);
            }
        }
        // The state at time 0 is the starting condition: no transition latency.
        for d in 0..self.domains.len() {
            if let Some((lvl, _)) = self.domains[d].pending {
                self.domains[d].cur = lvl;
                self.domains[d].pending = None;
                self.refresh_work_khz(d);
            }
        }
        self.run_timers(0);
        self.changed = CpuMask::EMPTY;
        self.changed_any = false;
    }

    /// `cpufreq_update_util` for `cpu`'s runqueue, made on `cpu` itself (§12.1).
    pub fn update_util(&mut self, now: u64, cpu: Cpu, sig: &UtilSignals, flags: UpdateFlags) {
        self.update_util_from(now, cpu, cpu, sig, flags);
    }

    /// `cpufreq_update_util` for `cpu`'s runqueue made while running on CPU `from` (remote
    /// enqueue). Governors ignore remote requests they cannot act on (§12.2, §13.2).
    pub fn update_util_from(
        &mut self,
        now: u64,
        cpu: Cpu,
        from: Cpu,
        sig: &UtilSignals,
        flags: UpdateFlags,
    ) {
        self.advance(now);
        let c = cpu as usize;
        self.cpus[c].sg.sig = *sig;
        self.hints(now, cpu, flags);
        match self.gov {
            Governor::Performance => {}
            Governor::Schedutil => self.sugov_update(now, cpu, from, flags),
            Governor::Powersave => {
                if from == cpu {
                    self.pstate_update(now, cpu, flags)
                }
            }
            Governor::Hwp => {
                if self.hwp_boost_on {
                    self.hwp_boost_update(now, cpu, from, flags)
                }
            }
        }
    }

    /// Scheduler tick on busy `cpu`: x86 5.x `arch_scale_freq_tick` (§10.2).
    pub fn tick(&mut self, now: u64, cpu: Cpu) {
        self.advance(now);
        if !self.tick_scale {
            return;
        }
        let core = self.cpus[cpu as usize].core as usize;
        self.settle_core(core, now);
        let base_khz = self
            .ratio
            .as_ref()
            .map_or(1, |r| r.base as u64 * r.bus_khz as u64);
        let s = &mut self.cpus[cpu as usize];
        let acnt = s.aperf - s.fs_aperf;
        let mcnt = (s.c0_ns - s.fs_c0) as u128 * base_khz as u128;
        s.fs_aperf = s.aperf;
        s.fs_c0 = s.c0_ns;
        let den = mcnt * self.arch_max_freq_ratio as u128;
        if den == 0 {
            return;
        }
        let fs = ((acnt << 20) / den).min(1024) as u32;
        if fs > 0 {
            s.freq_scale = fs;
        }
    }

    /// `cpu` enters idle at `now`; returns the C-state index chosen by the idle governor.
    pub fn idle_enter(&mut self, now: u64, cpu: Cpu) -> usize {
        self.advance(now);
        if !self.cpus[cpu as usize].busy {
            return self.cpus[cpu as usize].cstate as usize;
        }
        self.set_busy(now, cpu, false);
        self.cpus[cpu as usize].cstate as usize
    }

    /// `cpu` leaves idle at `now`; returns the exit latency (ns) of the state it was really in.
    pub fn idle_exit(&mut self, now: u64, cpu: Cpu) -> u64 {
        self.advance(now);
        if self.cpus[cpu as usize].busy {
            return 0;
        }
        let lat = self.exit_latency(cpu);
        let dur = now - self.cpus[cpu as usize].idle_since;
        let shift = self.cfg.idle.ewma_shift;
        let s = &mut self.cpus[cpu as usize];
        let p = s.predicted as i128;
        s.predicted = (p + ((dur as i128 - p) >> shift)).max(0) as u64;
        self.set_busy(now, cpu, true);
        lat
    }

    /// Effective frequency (kHz) of `cpu`'s clock now (domain sharing, turbo limit and
    /// transition latency applied). For an idle CPU: the frequency it would wake up at.
    pub fn cur_khz(&self, cpu: Cpu) -> u32 {
        let d = &self.domains[self.cpus[cpu as usize].domain as usize];
        self.tables[d.table as usize].khz[d.cur as usize]
    }

    /// Work rate of `cpu` in reference kHz (reference cycles per ms): `cur_khz` scaled by the
    /// CPU's capacity relative to the machine's biggest CPU at its maximum frequency. Equal to
    /// `cur_khz` on symmetric machines.
    #[inline]
    pub fn work_khz(&self, cpu: Cpu) -> u64 {
        let s = &self.cpus[cpu as usize];
        debug_assert_eq!(
            s.work_khz,
            self.compute_work_khz(cpu),
            "stale work_khz cache"
        );
        s.work_khz
    }

    fn compute_work_khz(&self, cpu: Cpu) -> u64 {
        let s = &self.cpus[cpu as usize];
        (self.cur_khz(cpu) as u64 * s.work_num / s.work_den).max(1)
    }

    /// Recompute the cached `work_khz` of domain `d`'s CPUs after its level changed.
    pub(super) fn refresh_work_khz(&mut self, d: usize) {
        for c in self.domains[d].cpus.iter() {
            let k = self.compute_work_khz(c);
            self.cpus[c as usize].work_khz = k;
        }
    }

    /// Time (ns, rounded up) `cpu` needs for `work` reference cycles at its current rate.
    pub fn ns_for_work(&self, cpu: Cpu, work: u64) -> u64 {
        crate::wide::mul_div_ceil(work, 1_000_000, self.work_khz(cpu))
    }

    /// Reference cycles `cpu` completes in `ns` at its current rate (rounded down).
    pub fn work_in(&self, cpu: Cpu, ns: u64) -> u64 {
        crate::wide::mul_div(ns, self.work_khz(cpu), 1_000_000)
    }

    /// Frequency-invariance scale (1024 = reference) for PELT (§10.2): 1024 on 4.x x86; on 5.x
    /// x86 the last tick's ΔAPERF/ΔMPERF relative to the 4-core turbo ratio, clipped at 1024;
    /// with frequency tables cur/max of the cluster.
    #[inline]
    pub fn freq_scale(&self, cpu: Cpu) -> u32 {
        if self.ratio.is_some() {
            self.cpus[cpu as usize].freq_scale
        } else {
            let d = &self.domains[self.cpus[cpu as usize].domain as usize];
            let t = &self.tables[d.table as usize].khz;
            (t[d.cur as usize] as u64 * 1024 / *t.last().unwrap() as u64) as u32
        }
    }

    /// Earliest time `on_timer` is needed, or None.
    pub fn next_timer(&self) -> Option<u64> {
        (self.next_due != NONE).then_some(self.next_due)
    }

    /// Process everything due at or before `now`.
    pub fn on_timer(&mut self, now: u64) {
        self.last_now = self.last_now.max(now);
        self.run_timers(now);
    }

    /// Whether [`FreqModel::take_changed`] would return CPUs.
    #[inline]
    pub fn has_changed(&self) -> bool {
        self.changed_any
    }

    /// CPUs whose effective frequency changed since the last call.
    pub fn take_changed(&mut self) -> CpuMask {
        self.changed_any = false;
        std::mem::replace(&mut self.changed, CpuMask::EMPTY)
    }

    /// Energy consumed up to `now` (µJ).
    pub fn energy(&self, now: u64) -> EnergyReport {
        let mut core_uj = Vec::with_capacity(self.cores.len());
        let mut cpu_uj = vec![0u64; self.cpus.len()];
        let mut package_uj = vec![0u64; self.packages.len()];
        for (i, c) in self.cores.iter().enumerate() {
            let dt = now.saturating_sub(c.acct_t) as u128;
            let fj = c.energy_fj + self.core_power_uw(i) as u128 * dt;
            let uj = (fj / 1_000_000_000) as u64;
            core_uj.push(uj);
            let n = c.threads.weight() as u128;
            for t in c.threads.iter() {
                cpu_uj[t as usize] = (fj / n / 1_000_000_000) as u64;
            }
            package_uj[c.package as usize] += uj;
        }
        for p in package_uj.iter_mut() {
            // mW x ns = pJ
            *p += (self.spec.power.package_mw as u128 * now as u128 / 1_000_000) as u64;
        }
        let total_uj = package_uj.iter().sum();
        EnergyReport {
            core_uj,
            cpu_uj,
            package_uj,
            total_uj,
        }
    }

    /// Residency of `cpu` up to `now`.
    pub fn residency(&self, cpu: Cpu, now: u64) -> CpuResidency {
        let s = &self.cpus[cpu as usize];
        let core = &self.cores[s.core as usize];
        let d = &self.domains[s.domain as usize];
        let dt = now.saturating_sub(core.acct_t);
        let mut r = CpuResidency {
            c0_ns: s.c0_ns,
            pstate_ns: s.pstate_ns.clone(),
            levels_khz: self.tables[d.table as usize].khz.clone(),
            cstate_ns: s.cstate_ns.clone(),
            cstate_usage: s.cstate_usage.clone(),
        };
        if s.busy {
            r.c0_ns += dt;
            r.pstate_ns[d.cur as usize] += dt;
        } else {
            r.cstate_ns[s.cstate as usize] += dt;
        }
        r
    }

    /// The bounded per-CPU frequency timeline (settled up to the last call).
    pub fn timeline(&self) -> &Timeline {
        &self.timeline
    }

    /// Frequency levels (kHz) available to `cpu`.
    pub fn levels_khz(&self, cpu: Cpu) -> &[u32] {
        let d = &self.domains[self.cpus[cpu as usize].domain as usize];
        &self.tables[d.table as usize].khz
    }

    /// The C-state `cpu` is idle in (None when busy).
    pub fn idle_state(&self, cpu: Cpu) -> Option<usize> {
        let s = &self.cpus[cpu as usize];
        (!s.busy).then_some(s.cstate as usize)
    }

    /// Active cores of `cpu`'s package, as counted for the turbo limit (§13.5).
    pub fn active_cores(&self, cpu: Cpu) -> usize {
        let core = &self.cores[self.cpus[cpu as usize].core as usize];
        self.packages[core.package as usize].active_cores as usize
    }

    /// The kernel version the model follows.
    pub fn version(&self) -> KernelVersion {
        self.version
    }

    /// Idle-state names, shallowest first.
    pub fn idle_state_names(&self) -> impl Iterator<Item = &str> {
        self.spec.idle.states.iter().map(|s| s.name.as_str())
    }
}

pub(crate) fn check(cond: bool, field: &str, msg: &str) -> Result<(), FreqError> {
    if cond { Ok(()) } else { Err(ferr(field, msg)) }
}
