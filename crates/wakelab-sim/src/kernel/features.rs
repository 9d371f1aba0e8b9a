//! Sched features that steer wake-up placement (`kernel/sched/features.h`; spec §4, §7.1), and
//! the EEVDF features of 6.18 that steer picking, preemption and placement in the runqueue
//! (features.h of 6.18.2; docs/model.md, "6.18").
//!
//! Each version has its own defaults, and a feature that does not exist in a version (e.g.
//! SIS_UTIL before 5.15, SIS_AVG_CPU from 5.12) cannot be overridden there: setting it is an error
//! with a message naming the feature and the version.

use serde::{Deserialize, Serialize};

use super::KernelVersion;

/// A placement-related sched feature.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum SchedFeature {
    /// Prefer an idle waker CPU / sync single-task waker CPU in wake_affine (§4).
    #[serde(rename = "WA_IDLE")]
    WaIdle,
    /// Fall back to the load comparison of wake_affine_weight (§4).
    #[serde(rename = "WA_WEIGHT")]
    WaWeight,
    /// Scale prev's side of the load comparison by half the domain's imbalance_pct, which
    /// favours the waking CPU (§4.1).
    #[serde(rename = "WA_BIAS")]
    WaBias,
    /// Limit select_idle_cpu's scan by avg_idle / avg_scan_cost (§7.3).
    #[serde(rename = "SIS_PROP")]
    SisProp,
    /// Skip select_idle_cpu when avg_idle/512 < avg_scan_cost (§7.3; removed in 5.12).
    #[serde(rename = "SIS_AVG_CPU")]
    SisAvgCpu,
    /// Limit the scan by the LLC utilisation (nr_idle_scan, §7.6; 6.0, backported in 5.15.85).
    #[serde(rename = "SIS_UTIL")]
    SisUtil,
    /// EEVDF: place a waking task by the lag it had when it slept (`place_entity`, 6.6+).
    #[serde(rename = "PLACE_LAG")]
    PlaceLag,
    /// EEVDF: a new task's first deadline is half a slice away (`place_entity`, 6.6+).
    #[serde(rename = "PLACE_DEADLINE_INITIAL")]
    PlaceDeadlineInitial,
    /// EEVDF: the running task keeps the CPU until it reaches its deadline
    /// (`set_protect_slice`, 6.6+; 6.17+ bounded by the shortest queued slice).
    #[serde(rename = "RUN_TO_PARITY")]
    RunToParity,
    /// EEVDF: a sleeping task that is not eligible stays queued until it is picked or woken;
    /// a wake-up then requeues it where it is, without `select_task_rq` (6.12+).
    #[serde(rename = "DELAY_DEQUEUE")]
    DelayDequeue,
    /// EEVDF: a delayed task leaving the queue with positive lag forgets it (6.12+).
    #[serde(rename = "DELAY_ZERO")]
    DelayZero,
}

impl SchedFeature {
    pub const ALL: [SchedFeature; 11] = [
        SchedFeature::WaIdle,
        SchedFeature::WaWeight,
        SchedFeature::WaBias,
        SchedFeature::SisProp,
        SchedFeature::SisAvgCpu,
        SchedFeature::SisUtil,
        SchedFeature::PlaceLag,
        SchedFeature::PlaceDeadlineInitial,
        SchedFeature::RunToParity,
        SchedFeature::DelayDequeue,
        SchedFeature::DelayZero,
    ];

    /// The kernel's name (`"SIS_PROP"`).
    pub fn name(self) -> &'static str {
        match self {
            SchedFeature::WaIdle => "WA_IDLE",
            SchedFeature::WaWeight => "WA_WEIGHT",
            SchedFeature::WaBias => "WA_BIAS",
            SchedFeature::SisProp => "SIS_PROP",
            SchedFeature::SisAvgCpu => "SIS_AVG_CPU",
            SchedFeature::SisUtil => "SIS_UTIL",
            SchedFeature::PlaceLag => "PLACE_LAG",
            SchedFeature::PlaceDeadlineInitial => "PLACE_DEADLINE_INITIAL",
            SchedFeature::RunToParity => "RUN_TO_PARITY",
            SchedFeature::DelayDequeue => "DELAY_DEQUEUE",
            SchedFeature::DelayZero => "DELAY_ZERO",
        }
    }

    /// What the feature does, for the page and the CLI: the kernel function it steers and
    /// what switching it off changes (spec sections as in the variant docs).
    pub fn explanation(self) -> &'static str {
        match self {
            SchedFeature::WaIdle => {
                "wake_affine asks wake_affine_idle first (§4): an idle waking CPU attracts \
                 the wakee (from 4.16 only when it shares the LLC with prev, and an idle prev \
                 is kept), and a sync wake-up from a CPU whose only task is the waker goes to \
                 the waker's CPU (6.18 does not count delayed tasks there). Off: only \
                 WA_WEIGHT's load comparison decides."
            }
            SchedFeature::WaWeight => {
                "When wake_affine_idle has no answer, wake_affine_weight compares the load of \
                 the waking and the previous CPU with the wakee moved (and, on a sync wake-up, \
                 the waker taken off) and picks the waking CPU if its side is lighter (§4). \
                 Off: without an idle answer the wakee stays with prev's side."
            }
            SchedFeature::WaBias => {
                "In wake_affine_weight, multiplies the waking CPU's side by 100 and prev's by \
                 100 + (imbalance_pct - 100) / 2, so prev must be that much lighter to keep \
                 the wakee (§4.1). Off: the loads are compared as they are."
            }
            SchedFeature::SisProp => {
                "select_idle_cpu scans a number of the LLC's CPUs proportional to this CPU's \
                 average idle time over the average scan cost (span_weight * avg_idle / \
                 avg_scan_cost, at least 4) for an idle one (§7.3). Off: the scan is bounded only by the LLC \
                 (or by SIS_UTIL where it exists). Removed in 6.7."
            }
            SchedFeature::SisAvgCpu => {
                "select_idle_cpu gives up at once when the CPU's average idle time / 512 is \
                 below the average scan cost (§7.3). Off by default; removed in 5.12."
            }
            SchedFeature::SisUtil => {
                "select_idle_cpu scans at most nr_idle_scan CPUs, which the load balancer \
                 derives from the LLC's utilisation: a busy LLC is scanned little or not at \
                 all (§7.6). From 6.0, and backported to 5.15.85."
            }
            SchedFeature::PlaceLag => {
                "place_entity puts a waking task at the queue's average vruntime less the lag \
                 it had when it slept, inflated for the weight it adds, so a task that was \
                 owed time keeps its claim and one that overran keeps its debt. Off: every \
                 woken task starts at the average (lag 0)."
            }
            SchedFeature::PlaceDeadlineInitial => {
                "place_entity gives a new (forked) task half a slice to its first deadline: \
                 the tasks already queued are on average half-way through theirs (fair.c's \
                 reason). Off: a full slice."
            }
            SchedFeature::RunToParity => {
                "set_protect_slice: the task picked keeps the CPU until its deadline \
                 (6.17+: at most the shortest slice queued), even if a woken task is an \
                 earlier-deadline pick; wake-up preemption and update_curr respect it. Off: \
                 a woken task with an earlier deadline preempts at once."
            }
            SchedFeature::DelayDequeue => {
                "A task that blocks while not eligible (it has run ahead of its share) stays \
                 queued, dequeued only when picked, so its negative lag is not forgotten; \
                 its wake-up before that is ttwu_runnable: requeued on the CPU where it slept, \
                 with no select_task_rq, so no wake-up placement at all. From 6.12."
            }
            SchedFeature::DelayZero => {
                "When a delayed task finally leaves the queue, a positive lag is clamped to 0 \
                 (it keeps only its debt). Off: it keeps the lag it has then. From 6.12."
            }
        }
    }

    /// Default of the feature in `v`, or `None` if the feature does not exist there (§7.1).
    pub fn default_in(self, v: KernelVersion) -> Option<bool> {
        use KernelVersion::*;
        match self {
            SchedFeature::WaIdle | SchedFeature::WaWeight | SchedFeature::WaBias => Some(true),
            // 5.15.85 carries the SIS_UTIL backport, which turned SIS_PROP off by default;
            // 6.7 removed SIS_PROP (984ffb6a4366).
            SchedFeature::SisProp => match v {
                V5_15 => Some(false),
                V6_18 => None,
                _ => Some(true),
            },
            SchedFeature::SisAvgCpu => match v {
                V4_15 | V4_16 | V5_10 | V5_11 => Some(false),
                V5_12 | V5_15 | V6_18 => None,
            },
            SchedFeature::SisUtil => match v {
                V5_15 | V6_18 => Some(true),
                _ => None,
            },
            // all on by default in 6.18 (features.h)
            SchedFeature::PlaceLag
            | SchedFeature::PlaceDeadlineInitial
            | SchedFeature::RunToParity
            | SchedFeature::DelayDequeue
            | SchedFeature::DelayZero => v.is_eevdf().then_some(true),
        }
    }
}

/// User overrides of sched features (`/sys/kernel/debug/sched_features`). `None` = version default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FeatureOverrides {
    #[serde(rename = "WA_IDLE", default, skip_serializing_if = "Option::is_none")]
    pub wa_idle: Option<bool>,
    #[serde(rename = "WA_WEIGHT", default, skip_serializing_if = "Option::is_none")]
    pub wa_weight: Option<bool>,
    #[serde(rename = "WA_BIAS", default, skip_serializing_if = "Option::is_none")]
    pub wa_bias: Option<bool>,
    #[serde(rename = "SIS_PROP", default, skip_serializing_if = "Option::is_none")]
    pub sis_prop: Option<bool>,
    #[serde(
        rename = "SIS_AVG_CPU",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub sis_avg_cpu: Option<bool>,
    #[serde(rename = "SIS_UTIL", default, skip_serializing_if = "Option::is_none")]
    pub sis_util: Option<bool>,
    #[serde(rename = "PLACE_LAG", default, skip_serializing_if = "Option::is_none")]
    pub place_lag: Option<bool>,
    #[serde(
        rename = "PLACE_DEADLINE_INITIAL",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub place_deadline_initial: Option<bool>,
    #[serde(
        rename = "RUN_TO_PARITY",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub run_to_parity: Option<bool>,
    #[serde(
        rename = "DELAY_DEQUEUE",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub delay_dequeue: Option<bool>,
    #[serde(
        rename = "DELAY_ZERO",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub delay_zero: Option<bool>,
}

impl FeatureOverrides {
    pub fn get(&self, f: SchedFeature) -> Option<bool> {
        let mut copy = *self;
        *copy.slot(f)
    }

    pub fn set(&mut self, f: SchedFeature, value: Option<bool>) {
        *self.slot(f) = value;
    }

    /// The one place that maps a feature to its field.
    fn slot(&mut self, f: SchedFeature) -> &mut Option<bool> {
        match f {
            SchedFeature::WaIdle => &mut self.wa_idle,
            SchedFeature::WaWeight => &mut self.wa_weight,
            SchedFeature::WaBias => &mut self.wa_bias,
            SchedFeature::SisProp => &mut self.sis_prop,
            SchedFeature::SisAvgCpu => &mut self.sis_avg_cpu,
            SchedFeature::SisUtil => &mut self.sis_util,
            SchedFeature::PlaceLag => &mut self.place_lag,
            SchedFeature::PlaceDeadlineInitial => &mut self.place_deadline_initial,
            SchedFeature::RunToParity => &mut self.run_to_parity,
            SchedFeature::DelayDequeue => &mut self.delay_dequeue,
            SchedFeature::DelayZero => &mut self.delay_zero,
        }
    }

    /// Every override must name a feature that exists in `v`.
    pub fn validate(&self, v: KernelVersion) -> Result<(), super::KernelError> {
        for f in SchedFeature::ALL {
            if self.get(f).is_some() && f.default_in(v).is_none() {
                return Err(super::KernelError::UnknownFeature {
                    feature: f.name(),
                    version: v,
                });
            }
        }
        Ok(())
    }

    /// Effective value of `f` in `v` (false if the feature does not exist there).
    pub fn effective(&self, f: SchedFeature, v: KernelVersion) -> bool {
        match f.default_in(v) {
            None => false,
            Some(d) => self.get(f).unwrap_or(d),
        }
    }
}
