//! Scenario-side configuration of frequency control: governor, policy limits, HWP controller
//! parameters, idle governor and the "beyond the kernel" hints (spec §12, §13).

use serde::{Deserialize, Serialize};

use super::spec::{FreqError, ferr};
use crate::cpumask::CpuMask;

/// Frequency governor / driver mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Governor {
    /// Highest P-state (with turbo: the hardware runs at the active-core turbo limit). On HWP
    /// machines: HWP min = max = highest, EPP 0 (§13.4).
    Performance,
    /// intel_pstate active mode without HWP, "powersave" (§13.2). Intel ratio machines only.
    Powersave,
    /// schedutil (§12). On Intel ratio machines through intel_cpufreq (passive mode, §13.3):
    /// per-CPU policies; 5.10+ on an HWP machine the ratio is written as the HWP minimum.
    Schedutil,
    /// intel_pstate active mode with HWP, "powersave" policy: the hardware chooses (§13.4).
    #[default]
    Hwp,
}

/// Scenario configuration of frequency control.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FreqConfig {
    #[serde(default)]
    pub governor: Governor,
    /// intel_pstate `no_turbo`: cap at the base ratio.
    #[serde(default)]
    pub no_turbo: bool,
    /// `scaling_min_freq` (kHz); None = hardware minimum (`min_pstate` / lowest table entry).
    #[serde(default)]
    pub min_khz: Option<u32>,
    /// `scaling_max_freq` (kHz); None = hardware maximum.
    #[serde(default)]
    pub max_khz: Option<u32>,
    /// Scheduler tick length (TICK_NSEC; 4 ms for HZ=250). Must equal the engine's tick.
    #[serde(default = "default_tick_ns")]
    pub tick_ns: u64,
    #[serde(default)]
    pub schedutil: SchedutilConfig,
    #[serde(default)]
    pub hwp: HwpConfig,
    #[serde(default)]
    pub idle: IdleConfig,
    /// Beyond the kernel: raise the CPU's frequency floor for a while after a task migrates
    /// onto it (update with `UpdateFlags::MIGRATION`).
    #[serde(default)]
    pub migration_boost: Option<BoostHint>,
    /// Beyond the kernel: raise the CPU's frequency floor for a while after an I/O wake-up
    /// (update with `UpdateFlags::IOWAIT`), independent of the governor's own iowait boost.
    #[serde(default)]
    pub wake_boost: Option<BoostHint>,
    #[serde(default)]
    pub timeline: TimelineConfig,
}

pub(crate) fn default_tick_ns() -> u64 {
    4_000_000
}

impl Default for FreqConfig {
    fn default() -> Self {
        FreqConfig {
            governor: Governor::default(),
            no_turbo: false,
            min_khz: None,
            max_khz: None,
            tick_ns: default_tick_ns(),
            schedutil: SchedutilConfig::default(),
            hwp: HwpConfig::default(),
            idle: IdleConfig::default(),
            migration_boost: None,
            wake_boost: None,
            timeline: TimelineConfig::default(),
        }
    }
}

/// schedutil tunables (§12.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct SchedutilConfig {
    /// `rate_limit_us`; None = the kernel default: the driver's transition delay
    /// (intel_cpufreq: 500 µs, 5.10 with HWP: 5000 µs), else min(latency x 1000, 10 ms).
    #[serde(default)]
    pub rate_limit_us: Option<u64>,
}

/// What the OS writes into IA32_HWP_REQUEST, and the model of the undocumented hardware
/// controller (§13.4).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HwpConfig {
    /// Energy-performance preference 0 (performance) .. 255 (power); default
    /// balance_performance 0x80.
    #[serde(default = "default_epp")]
    pub epp: u8,
    /// Per-policy EPP: CPUs in `cpus` use `epp` instead.
    #[serde(default)]
    pub epp_overrides: Vec<EppOverride>,
    /// Desired performance (ratio); 0 = autonomous.
    #[serde(default)]
    pub desired: u8,
    /// `hwp_dynamic_boost` (5.10 rules; has no effect on 4.x where the hook does not exist).
    #[serde(default)]
    pub dynamic_boost: bool,
    #[serde(default)]
    pub controller: HwpController,
}

pub(crate) fn default_epp() -> u8 {
    0x80
}

impl Default for HwpConfig {
    fn default() -> Self {
        HwpConfig {
            epp: default_epp(),
            epp_overrides: Vec::new(),
            desired: 0,
            dynamic_boost: false,
            controller: HwpController::default(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EppOverride {
    pub cpus: CpuMask,
    pub epp: u8,
}

/// Model of the HWP hardware controller (not documented by Intel; every default is an
/// estimate, see docs/frequency.md).
///
/// Every `sample_ns` the controller of a frequency domain measures its C0 residency (fraction
/// of the window in which at least one of its CPUs was busy), folds it into an EWMA whose time
/// constant is `window_ns`, maps the EWMA linearly onto a target performance level between the
/// most-efficient ratio (at `util_lo_pct` or below) and the HWP max (at `util_hi_pct` or above),
/// and moves its performance level toward the target by at most `ramp_up` / `ramp_down` ratio
/// steps per ms. The per-EPP parameters are interpolated linearly between `anchors`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HwpController {
    #[serde(default = "default_hwp_sample")]
    pub sample_ns: u64,
    /// Parameter sets at given EPP values, ascending EPP; at least one.
    #[serde(default = "default_hwp_anchors")]
    pub anchors: Vec<HwpAnchor>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HwpAnchor {
    pub epp: u8,
    /// EWMA time constant of the utilisation estimate (ns).
    pub window_ns: u64,
    /// Utilisation (percent C0) at or below which the target is the most-efficient ratio.
    pub util_lo_pct: u8,
    /// Utilisation (percent C0) at or above which the target is the HWP max.
    pub util_hi_pct: u8,
    /// Maximum increase per ms, in 1/256 ratio steps.
    pub ramp_up_per_ms: u32,
    /// Maximum decrease per ms, in 1/256 ratio steps.
    pub ramp_down_per_ms: u32,
}

pub(crate) fn default_hwp_sample() -> u64 {
    1_000_000
}

/// Estimates (docs/frequency.md): EPP 0 races to max on modest load and ramps almost at once;
/// 128 leaves the most efficient ratio above 25% C0 and reaches max at 70% (calibrated against
/// T1, docs/calibration.md); 255 needs a core nearly always busy and climbs slowly.
pub(crate) fn default_hwp_anchors() -> Vec<HwpAnchor> {
    vec![
        HwpAnchor {
            epp: 0,
            window_ns: 4_000_000,
            util_lo_pct: 2,
            util_hi_pct: 25,
            ramp_up_per_ms: 64 * 256,
            ramp_down_per_ms: 2 * 256,
        },
        HwpAnchor {
            epp: 128,
            window_ns: 12_000_000,
            util_lo_pct: 25,
            util_hi_pct: 70,
            ramp_up_per_ms: 6 * 256,
            ramp_down_per_ms: 3 * 256,
        },
        HwpAnchor {
            epp: 255,
            window_ns: 32_000_000,
            util_lo_pct: 30,
            util_hi_pct: 95,
            ramp_up_per_ms: 256,
            ramp_down_per_ms: 6 * 256,
        },
    ]
}

impl Default for HwpController {
    fn default() -> Self {
        HwpController {
            sample_ns: default_hwp_sample(),
            anchors: default_hwp_anchors(),
        }
    }
}

/// Menu-like idle governor settings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IdleConfig {
    /// PM QoS CPU latency limit (ns); states with a larger exit latency are not used.
    #[serde(default)]
    pub latency_limit_ns: Option<u64>,
    /// Deepest state index allowed (`max_cstate`); None = all.
    #[serde(default)]
    pub max_state: Option<usize>,
    /// Weight of a new idle duration in the per-CPU prediction EWMA is 1/2^shift.
    #[serde(default = "default_idle_shift")]
    pub ewma_shift: u8,
    /// A CPU that stays idle one tick beyond entry in a state shallower than the deepest
    /// allowed is re-evaluated with an unbounded prediction (the tick-stop/menu correction).
    #[serde(default = "yes")]
    pub promote_after_tick: bool,
}

fn default_idle_shift() -> u8 {
    2
}
fn yes() -> bool {
    true
}

impl Default for IdleConfig {
    fn default() -> Self {
        IdleConfig {
            latency_limit_ns: None,
            max_state: None,
            ewma_shift: default_idle_shift(),
            promote_after_tick: true,
        }
    }
}

/// A frequency-floor hint (not kernel behaviour).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoostHint {
    /// How long the floor holds after the triggering update (ns).
    pub duration_ns: u64,
    /// Floor as a percentage of the CPU's maximum frequency (lowest level at or above it).
    pub level_pct: u8,
}

/// Bounded per-CPU frequency timeline.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TimelineConfig {
    /// Initial bucket width (ns); doubled (merging pairs) whenever `max_buckets` is exceeded.
    #[serde(default = "default_bucket")]
    pub bucket_ns: u64,
    #[serde(default = "default_max_buckets")]
    pub max_buckets: usize,
}

fn default_bucket() -> u64 {
    1_000_000
}
fn default_max_buckets() -> usize {
    2048
}

impl Default for TimelineConfig {
    fn default() -> Self {
        TimelineConfig {
            bucket_ns: default_bucket(),
            max_buckets: default_max_buckets(),
        }
    }
}

impl FreqConfig {
    /// Field-level checks that do not need the machine (machine-dependent ones are made by
    /// `FreqModel::new`).
    pub fn validate(&self) -> Result<(), FreqError> {
        if self.tick_ns == 0 {
            return Err(ferr("freq.tick_ns", "must be positive"));
        }
        if let (Some(a), Some(b)) = (self.min_khz, self.max_khz)
            && a > b
        {
            return Err(ferr("freq.min_khz", "must not exceed max_khz"));
        }
        let c = &self.hwp.controller;
        if c.sample_ns < 10_000 || c.sample_ns > 100_000_000 {
            return Err(ferr(
                "freq.hwp.controller.sample_ns",
                "must be 10 µs..=100 ms",
            ));
        }
        if c.anchors.is_empty() {
            return Err(ferr(
                "freq.hwp.controller.anchors",
                "needs at least one anchor",
            ));
        }
        for (i, a) in c.anchors.iter().enumerate() {
            let f = |s: &str| format!("freq.hwp.controller.anchors[{i}].{s}");
            if i > 0 && a.epp <= c.anchors[i - 1].epp {
                return Err(ferr(f("epp"), "anchors must have strictly ascending EPP"));
            }
            if a.window_ns < c.sample_ns {
                return Err(ferr(f("window_ns"), "must be at least sample_ns"));
            }
            if a.util_hi_pct > 100 || a.util_lo_pct >= a.util_hi_pct {
                return Err(ferr(
                    f("util_hi_pct"),
                    "need util_lo_pct < util_hi_pct <= 100",
                ));
            }
            if a.ramp_up_per_ms == 0 || a.ramp_down_per_ms == 0 {
                return Err(ferr(f("ramp_up_per_ms"), "ramp rates must be positive"));
            }
        }
        if let Some(r) = self.schedutil.rate_limit_us
            && r > 1_000_000
        {
            return Err(ferr("freq.schedutil.rate_limit_us", "must be at most 1 s"));
        }
        if self.idle.ewma_shift > 8 {
            return Err(ferr("freq.idle.ewma_shift", "must be 0..=8"));
        }
        for (name, b) in [
            ("migration_boost", &self.migration_boost),
            ("wake_boost", &self.wake_boost),
        ] {
            if let Some(b) = b
                && (b.level_pct > 100 || b.duration_ns > 1_000_000_000)
            {
                return Err(ferr(
                    format!("freq.{name}"),
                    "level_pct must be 0..=100 and duration_ns at most 1 s",
                ));
            }
        }
        if self.timeline.bucket_ns == 0 || self.timeline.max_buckets < 2 {
            return Err(ferr(
                "freq.timeline",
                "bucket_ns must be positive and max_buckets at least 2",
            ));
        }
        Ok(())
    }
}
