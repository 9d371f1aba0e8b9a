//! Governor behaviour derived from kernel-model.md §12, §13 and the worked scenarios §16 E/F.
use wakelab_sim::cpumask::CpuMask;
use wakelab_sim::freq::*;
use wakelab_sim::kernel::KernelVersion::{self, V4_15, V5_10};
use wakelab_sim::topology::{MachineShape, Topology};

const MS: u64 = 1_000_000;
const US: u64 = 1_000;

fn topo(cores: u16) -> Topology {
    Topology::new(&MachineShape::symmetric(1, 1, cores, 1)).unwrap()
}

/// Intel-like machine without HWP: ratios lowest/min_pstate `min`, base 24, 1C turbo 35 (spec
/// §16 F numbers). Without HWP, 5.10 schedutil drives PERF_CTL directly (§13.1, §13.3).
fn machine(min: u8, turbo: Vec<u8>) -> MachineFreq {
    let mut m = skx_2s_88t();
    let r = RatioSpec {
        bus_khz: 100_000,
        lowest: min,
        min_pstate: min,
        base: 24,
        turbo,
    };
    m.freq.hwp = None;
    m.freq.pstates = PStates::Ratio(r);
    m.freq.transition_latency_ns = 0;
    m
}

fn model(m: &MachineFreq, cores: u16, g: Governor, v: KernelVersion) -> FreqModel {
    let cfg = FreqConfig {
        governor: g,
        ..FreqConfig::default()
    };
    let mut f = FreqModel::new(m, &cfg, &topo(cores), v).unwrap();
    f.init(&CpuMask::single(0));
    f
}

fn sig(util: u32) -> UtilSignals {
    UtilSignals {
        cfs_util: util,
        ..UtilSignals::default()
    }
}

/// Break schedutil's busy hold by a short idle period just before `t`.
fn blip(f: &mut FreqModel, t: u64) {
    f.idle_enter(t - 2 * US, 0);
    f.idle_exit(t - US, 0);
}

fn ratio(f: &FreqModel) -> u32 {
    f.cur_khz(0) / 100_000
}

#[test]
fn formulas_match_spec_16_e_and_f() {
    // E, 4.15: F = policy.cur = 1.2 GHz, util 512 → raw 750 000 kHz.
    assert_eq!(schedutil_raw_khz(1_200_000, 512, 1024), 750_000);
    // E, 5.10: F = cpuinfo.max_freq = 3.5 GHz → 2 187 500 kHz.
    assert_eq!(schedutil_raw_khz(3_500_000, 512, 1024), 2_187_500);
    // F: busy 0.40 → 102/256, turbo 35, base 24, APERF/MPERF 1.25 (1.25 << 14 = 20480).
    assert_eq!(intel_pstate_target(102, 35, 8, 24, 0), 17);
    assert_eq!(intel_pstate_target(102, 35, 8, 24, 20480), 23);
    // min_pstate floor before the avg pull.
    assert_eq!(intel_pstate_target(10, 35, 8, 24, 0), 8);
}

#[test]
fn schedutil_415_not_invariant_ramps_from_policy_cur() {
    // min_pstate 7: policy.cur starts at 700 MHz (intel_cpufreq init).
    let m = machine(7, vec![35]);
    let mut f = model(&m, 2, Governor::Schedutil, V4_15);
    assert_eq!(ratio(&f), 7);
    // util 1024: raw = 1.25 * 700 000 = 875 000 → ceil → ratio 9.
    f.update_util(MS, 0, &sig(1024), UpdateFlags::NONE);
    assert_eq!(ratio(&f), 9);
    // 1.25 * 900 000 = 1 125 000 → 12 (cur 1.2 GHz).
    blip(&mut f, 2 * MS);
    f.update_util(2 * MS, 0, &sig(1024), UpdateFlags::NONE);
    assert_eq!(ratio(&f), 12);
    // §16 E: util 512 at cur 1.2 GHz → 750 000 kHz → ceil(7.5) = ratio 8.
    blip(&mut f, 3 * MS);
    f.update_util(3 * MS, 0, &sig(512), UpdateFlags::NONE);
    assert_eq!(ratio(&f), 8);
}

#[test]
fn schedutil_415_clamps_to_policy_min() {
    // §16 E variant: policy.min 800 MHz above the raw 750 000 kHz. Reach cur = 1.2 GHz first.
    let m = machine(8, vec![35]);
    let mut f = model(&m, 2, Governor::Schedutil, V4_15);
    f.update_util(MS, 0, &sig(1024), UpdateFlags::NONE); // 1 000 000 → 10
    blip(&mut f, 2 * MS);
    f.update_util(2 * MS, 0, &sig(983), UpdateFlags::NONE); // 1 250 000*983/1024 = 1 199 951 → 12
    assert_eq!(ratio(&f), 12);
    blip(&mut f, 3 * MS);
    f.update_util(3 * MS, 0, &sig(100), UpdateFlags::NONE); // 146 484 → clamped to 800 000
    assert_eq!(ratio(&f), 8);
}

#[test]
fn schedutil_510_invariant_uses_max_freq() {
    let m = machine(8, vec![35]);
    let mut f = model(&m, 2, Governor::Schedutil, V5_10);
    f.update_util(MS, 0, &sig(512), UpdateFlags::NONE);
    assert_eq!(f.cur_khz(0), 2_200_000, "§16 E: 2 187 500 kHz → P-state 22");
    // util_est counts (max of util_avg and util_est.enqueued).
    blip(&mut f, 2 * MS);
    let s = UtilSignals {
        cfs_util: 100,
        cfs_util_est: 1024,
        ..UtilSignals::default()
    };
    f.update_util(2 * MS, 0, &s, UpdateFlags::NONE);
    assert_eq!(ratio(&f), 35);
    // RT runnable → max.
    blip(&mut f, 3 * MS);
    f.update_util(3 * MS, 0, &sig(0), UpdateFlags::NONE);
    assert_eq!(ratio(&f), 8);
    blip(&mut f, 4 * MS);
    let s = UtilSignals {
        rt_runnable: true,
        ..UtilSignals::default()
    };
    f.update_util(4 * MS, 0, &s, UpdateFlags::NONE);
    assert_eq!(ratio(&f), 35);
}

#[test]
fn schedutil_busy_hold_keeps_frequency_until_idle() {
    let m = machine(8, vec![35]);
    let mut f = model(&m, 2, Governor::Schedutil, V5_10);
    f.update_util(MS, 0, &sig(1024), UpdateFlags::NONE);
    assert_eq!(ratio(&f), 35);
    f.update_util(2 * MS, 0, &sig(100), UpdateFlags::NONE); // no idle since: held
    assert_eq!(ratio(&f), 35);
    blip(&mut f, 3 * MS);
    f.update_util(3 * MS, 0, &sig(100), UpdateFlags::NONE);
    assert_eq!(ratio(&f), 8); // 437 500 → clamped to 8
}

#[test]
fn schedutil_rate_limit_honoured() {
    let m = machine(8, vec![35]);
    // intel_cpufreq default rate limit: 500 µs (§12.2).
    let mut f = model(&m, 2, Governor::Schedutil, V5_10);
    f.update_util(MS, 0, &sig(512), UpdateFlags::NONE);
    assert_eq!(ratio(&f), 22);
    blip(&mut f, MS + 400 * US);
    f.update_util(MS + 400 * US, 0, &sig(1024), UpdateFlags::NONE);
    assert_eq!(ratio(&f), 22, "399 µs after the last change: not evaluated");
    f.update_util(MS + 500 * US, 0, &sig(1024), UpdateFlags::NONE);
    assert_eq!(ratio(&f), 35);
    // Configured 2 ms.
    let cfg = FreqConfig {
        governor: Governor::Schedutil,
        schedutil: SchedutilConfig {
            rate_limit_us: Some(2000),
        },
        ..FreqConfig::default()
    };
    let mut f = FreqModel::new(&m, &cfg, &topo(2), V5_10).unwrap();
    f.init(&CpuMask::single(0));
    f.update_util(MS, 0, &sig(512), UpdateFlags::NONE);
    blip(&mut f, 2 * MS + 900 * US);
    f.update_util(2 * MS + 900 * US, 0, &sig(1024), UpdateFlags::NONE);
    assert_eq!(ratio(&f), 22);
    f.update_util(3 * MS, 0, &sig(1024), UpdateFlags::NONE);
    assert_eq!(ratio(&f), 35);
}

/// Drive IOWAIT updates then plain updates 1 ms apart, idling in between; return ratios.
fn iowait_run(f: &mut FreqModel, ups: usize, downs: usize) -> Vec<u32> {
    let mut out = vec![];
    let mut t = MS;
    for i in 0..ups + downs {
        if i > 0 {
            blip(f, t);
        }
        let fl = if i < ups {
            UpdateFlags::IOWAIT
        } else {
            UpdateFlags::NONE
        };
        f.update_util(t, 0, &sig(0), fl);
        out.push(ratio(f));
        t += MS;
    }
    out
}

#[test]
fn schedutil_iowait_boost_510() {
    // 128 → 256 → 512 → 1024 capacity units: 546 875 (→ min 8), 1 093 750 (11), 2 187 500 (22),
    // 4 375 000 (→ max 35); then halving 512, 256, 128, and below 128 → 0.
    let m = machine(8, vec![35]);
    let mut f = model(&m, 2, Governor::Schedutil, V5_10);
    assert_eq!(iowait_run(&mut f, 4, 4), vec![8, 11, 22, 35, 22, 11, 8, 8]);
}

#[test]
fn schedutil_iowait_boost_415() {
    // Boost in kHz from policy.min (800 000) doubling to max_freq; next = 1.25 x cur x boost / max.
    // cur 800 000: 228 571 → 8; 457 142 → 8; cur 800 000, boost 3.2 M: 914 285 → 10;
    // cur 1.0 M, boost 3.5 M: 1 250 000 → 13; again 1 625 000 → 17. Decay: 1.75 M at cur 1.7 M:
    // 1 062 500 → 11; 875 000 at cur 1.1 M: 343 750 → 8; 437 500 < policy.min → 0 → 8.
    let m = machine(8, vec![35]);
    let mut f = model(&m, 2, Governor::Schedutil, V4_15);
    assert_eq!(iowait_run(&mut f, 5, 3), vec![8, 8, 10, 13, 17, 11, 8, 8]);
}

#[test]
fn schedutil_iowait_boost_resets_after_a_tick_of_silence() {
    let m = machine(8, vec![35]);
    let mut f = model(&m, 2, Governor::Schedutil, V5_10);
    assert_eq!(iowait_run(&mut f, 3, 0), vec![8, 11, 22]);
    // 10 ms later (> TICK_NSEC 4 ms): boost restarts at 128.
    blip(&mut f, 13 * MS);
    f.update_util(13 * MS, 0, &sig(0), UpdateFlags::IOWAIT);
    assert_eq!(ratio(&f), 8);
}

/// Run CPU 0 with a duty cycle: busy `busy` ns of every `period`, an update each period
/// start (flags from `fl(i)`), from `t0` for `n` periods.
fn duty(
    f: &mut FreqModel,
    t0: u64,
    n: usize,
    period: u64,
    busy: u64,
    fl: impl Fn(usize) -> UpdateFlags,
) -> u64 {
    let mut t = t0;
    for i in 0..n {
        f.on_timer(t);
        f.idle_exit(t, 0);
        f.update_util(t, 0, &sig(0), fl(i));
        f.on_timer(t + busy);
        f.idle_enter(t + busy, 0);
        t += period;
    }
    t
}

#[test]
fn powersave_tracks_c0_residency() {
    // §13.2 / §16 F shape: turbo 35, base 24. 40 % busy at ratio 8: target 43*102>>8 = 17
    // (first sample after start discarded); then steady at 17 (avg_pstate 17 = target).
    let m = machine(8, vec![35]);
    let mut f = model(&m, 2, Governor::Powersave, V5_10);
    f.idle_enter(0, 0);
    duty(&mut f, 0, 60, MS, 400 * US, |_| UpdateFlags::NONE);
    assert_eq!(ratio(&f), 17);
    // Fully busy → 1.25 x 35 clamped to turbo 35.
    f.idle_exit(60 * MS, 0);
    for i in 0..5 {
        f.update_util(61 * MS + i * 10 * MS, 0, &sig(1024), UpdateFlags::NONE);
    }
    assert_eq!(ratio(&f), 35);
}

#[test]
fn powersave_iowait_boost_per_version() {
    let m = machine(8, vec![35]);
    // 5.10: one IOWAIT call → boost 1/8 → target 43*32>>8 = 5 → min_pstate 8.
    let mut f = model(&m, 2, Governor::Powersave, V5_10);
    f.idle_enter(0, 0);
    let t = duty(&mut f, 0, 25, MS, 10 * US, |_| UpdateFlags::NONE);
    assert_eq!(ratio(&f), 8);
    duty(&mut f, t, 10, MS, 10 * US, |i| {
        if i == 9 {
            UpdateFlags::IOWAIT
        } else {
            UpdateFlags::NONE
        }
    });
    assert_eq!(ratio(&f), 8);
    // 5.10: IOWAIT on consecutive 1 ms calls: 1/8, 1/4, 1/2, 1 → at the next 10 ms sample the
    // busy fraction is 1.0 → 35.
    let mut f = model(&m, 2, Governor::Powersave, V5_10);
    f.idle_enter(0, 0);
    duty(&mut f, 0, 31, MS, 10 * US, |i| {
        if i >= 26 {
            UpdateFlags::IOWAIT
        } else {
            UpdateFlags::NONE
        }
    });
    assert_eq!(ratio(&f), 35);
    // 4.15: a single IOWAIT call sets boost 100 % and evaluates at once (no 10 ms gate).
    let mut f = model(&m, 2, Governor::Powersave, V4_15);
    f.idle_enter(0, 0);
    let t = duty(&mut f, 0, 22, MS, 10 * US, |_| UpdateFlags::NONE);
    assert_eq!(ratio(&f), 8);
    f.idle_exit(t, 0);
    f.update_util(t, 0, &sig(0), UpdateFlags::IOWAIT);
    assert_eq!(
        ratio(&f),
        35,
        "4.15 iowait evaluates immediately with busy = 100 %"
    );
    // The boost halves per sample: the next (10 ms later) sample uses 1/2 → 43*128>>8 = 21,
    // pulled halfway toward avg_pstate 35 → 28.
    f.idle_enter(t + 10 * US, 0);
    f.idle_exit(t + 10 * MS, 0);
    f.update_util(t + 10 * MS + US, 0, &sig(0), UpdateFlags::NONE);
    assert!(ratio(&f) < 35);
}
