//! Scenario-side configuration of frequency control: governor, policy limits, HWP controller
//! parameters, idle governor and the "beyond the kernel" hints (spec §12, §13).

use serde::{Deserialize, Serialize};

use super::spec::{FreqError, MAX_KHZ, ferr};
use crate::check::{at_most, between};
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

/// `freq.tick_ns`: 1 ms to 10 ms, the ticks of CONFIG_HZ 1000 to 100 (the engine overwrites
/// it with its own tick, `engine.hz`, before a run).
pub const TICK_NS: (u64, u64) = (1_000_000, 10_000_000);
/// `hwp.controller.sample_ns`: 10 µs to 100 ms (estimate: the controller is understood to
/// sample every ~1 ms; outside this range the model is meaningless).
pub const HWP_SAMPLE_NS: (u64, u64) = (10_000, 100_000_000);
/// `anchors[].window_ns`: `sample_ns` to 10 s. The EWMA windows are ms-scale; 10 s keeps
/// `window_ns` within i64 and `diff x sample_ns` (< 2^20 x 2^27) far from overflow.
pub const HWP_WINDOW_MAX_NS: u64 = 10_000_000_000;
/// `anchors[].ramp_up_per_ms` / `ramp_down_per_ms`: 1 to 65536 (1/256 ratio steps per ms):
/// 65536 crosses the whole u8 ratio range in one ms, so larger values change nothing; it
/// keeps `ramp x sample_ns` (< 2^16 x 2^27) far from i64 overflow.
pub const HWP_RAMP: (u32, u32) = (1, 65_536);
/// `schedutil.rate_limit_us`: at most 1 s (the kernel's is an unbounded unsigned int; the
/// defaults are 0.5-10 ms and a longer limit freezes the frequency for the whole run).
pub const RATE_LIMIT_MAX_US: u64 = 1_000_000;
/// `idle.latency_limit_ns`: at most 2000 s, the PM QoS CPU latency default and largest value
/// (include/linux/pm_qos.h `PM_QOS_CPU_DMA_LAT_DEFAULT_VALUE`, 5.7+
/// `PM_QOS_CPU_LATENCY_DEFAULT_VALUE`: 2000 * USEC_PER_SEC µs).
pub const LATENCY_LIMIT_MAX_NS: u64 = 2_000_000_000_000;
/// `idle.max_state`: at most 15, the index of the 16th state (`machine.hw.idle.states` holds
/// at most 16; a larger index would mean "all" anyway).
pub const MAX_STATE: usize = 15;
/// `idle.ewma_shift`: 0 to 8 (weight 1 down to 1/256 for a new idle duration).
pub const EWMA_SHIFT_MAX: u8 = 8;
/// Boost hints: the floor holds at most 1 s after its trigger.
pub const BOOST_MAX_NS: u64 = 1_000_000_000;
/// Frequency timeline: initial bucket 1 µs to 1 s; 2 to 4096 buckets (each bucket holds 16
/// bytes per CPU: 4096 x 512 CPUs is 32 MB, twice the default's worst case).
pub const BUCKET_NS: (u64, u64) = (1_000, 1_000_000_000);
pub const MAX_BUCKETS: (usize, usize) = (2, 4096);

impl FreqConfig {
    /// Field-level checks that do not need the machine (machine-dependent ones are made by
    /// `FreqModel::new` and `Scenario::validate`). Fields are named from `freq.`.
    pub fn validate(&self) -> Result<(), FreqError> {
        let f =
            |field: &'static str| move |m: crate::check::Limit| ferr(format!("freq.{field}"), m);
        between(self.tick_ns, TICK_NS.0, TICK_NS.1).map_err(f("tick_ns"))?;
        if let Some(k) = self.min_khz {
            at_most(k, MAX_KHZ).map_err(f("min_khz"))?;
        }
        if let Some(k) = self.max_khz {
            at_most(k, MAX_KHZ).map_err(f("max_khz"))?;
        }
        if let (Some(a), Some(b)) = (self.min_khz, self.max_khz)
            && a > b
        {
            return Err(ferr("freq.min_khz", "must not exceed max_khz"));
        }
        let c = &self.hwp.controller;
        between(c.sample_ns, HWP_SAMPLE_NS.0, HWP_SAMPLE_NS.1)
            .map_err(f("hwp.controller.sample_ns"))?;
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
            between(a.window_ns, c.sample_ns, HWP_WINDOW_MAX_NS).map_err(|m| {
                ferr(
                    f("window_ns"),
                    format!("{m}: at least sample_ns, at most 10 s"),
                )
            })?;
            between(a.util_hi_pct, 1, 100).map_err(|m| ferr(f("util_hi_pct"), m))?;
            if a.util_lo_pct >= a.util_hi_pct {
                return Err(ferr(
                    f("util_lo_pct"),
                    format!(
                        "must be below util_hi_pct ({}) (got {})",
                        a.util_hi_pct, a.util_lo_pct
                    ),
                ));
            }
            between(a.ramp_up_per_ms, HWP_RAMP.0, HWP_RAMP.1)
                .map_err(|m| ferr(f("ramp_up_per_ms"), m))?;
            between(a.ramp_down_per_ms, HWP_RAMP.0, HWP_RAMP.1)
                .map_err(|m| ferr(f("ramp_down_per_ms"), m))?;
        }
        if let Some(r) = self.schedutil.rate_limit_us {
            at_most(r, RATE_LIMIT_MAX_US).map_err(f("schedutil.rate_limit_us"))?;
        }
        if let Some(l) = self.idle.latency_limit_ns {
            at_most(l, LATENCY_LIMIT_MAX_NS).map_err(f("idle.latency_limit_ns"))?;
        }
        if let Some(m) = self.idle.max_state {
            at_most(m, MAX_STATE).map_err(f("idle.max_state"))?;
        }
        at_most(self.idle.ewma_shift, EWMA_SHIFT_MAX).map_err(f("idle.ewma_shift"))?;
        for (name, b) in [
            ("migration_boost", &self.migration_boost),
            ("wake_boost", &self.wake_boost),
        ] {
            if let Some(b) = b {
                at_most(b.level_pct, 100).map_err(|m| ferr(format!("freq.{name}.level_pct"), m))?;
                at_most(b.duration_ns, BOOST_MAX_NS)
                    .map_err(|m| ferr(format!("freq.{name}.duration_ns"), m))?;
            }
        }
        between(self.timeline.bucket_ns, BUCKET_NS.0, BUCKET_NS.1)
            .map_err(f("timeline.bucket_ns"))?;
        between(self.timeline.max_buckets, MAX_BUCKETS.0, MAX_BUCKETS.1)
            .map_err(f("timeline.max_buckets"))?;
        Ok(())
    }

    /// Checks that need the machine's CPU count: every EPP override names CPUs of it.
    pub fn validate_for(&self, nr_cpus: usize) -> Result<(), FreqError> {
        for (i, o) in self.hwp.epp_overrides.iter().enumerate() {
            let field = format!("freq.hwp.epp_overrides[{i}].cpus");
            if o.cpus.is_empty() {
                return Err(ferr(field, "the set is empty"));
            }
            if let Some(c) = o.cpus.iter().find(|&c| c as usize >= nr_cpus) {
                return Err(ferr(field, crate::check::cpu(c, nr_cpus).unwrap_err()));
            }
        }
        Ok(())
    }
}
