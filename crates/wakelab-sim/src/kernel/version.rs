//! Kernel baselines the model knows (spec §0.1).

use serde::{Deserialize, Serialize};

/// A kernel baseline: a named set of behaviours of the fair class, the topology code, PELT and
/// cpufreq, as shared/spec/kernel-model.md describes them per version.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum KernelVersion {
    /// Linux 4.15 (before Mel Gorman's Jan-2018 series).
    #[serde(rename = "4.15")]
    V4_15,
    /// Linux 4.16 (after Mel Gorman's series 1 and Joel Fernandes' capacity_spare_wake fix).
    #[serde(rename = "4.16")]
    V4_16,
    /// Linux 5.10 (before the Dec-2020 "reduce scanning" work; base of Mel's series 2).
    #[serde(rename = "5.10")]
    V5_10,
    /// Linux 5.11 (Julia Lawall's prev-idle rule in wake_affine_idle).
    #[serde(rename = "5.11")]
    V5_11,
    /// Linux 5.12 vanilla (merged select_idle_core/cpu, reconstructed: spec §5.5).
    #[serde(rename = "5.12")]
    V5_12,
    /// Linux 5.15.85 (recent_used_cpu = prev, scan from target+1, SIS_UTIL backport).
    #[serde(rename = "5.15")]
    V5_15,
    /// Linux 6.18 (EEVDF: eligibility and virtual deadlines, lag placement, RUN_TO_PARITY,
    /// PREEMPT_SHORT, DELAY_DEQUEUE; SIS_PROP gone), docs/model.md "6.18".
    #[serde(rename = "6.18")]
    V6_18,
}

impl KernelVersion {
    pub const ALL: [KernelVersion; 7] = [
        KernelVersion::V4_15,
        KernelVersion::V4_16,
        KernelVersion::V5_10,
        KernelVersion::V5_11,
        KernelVersion::V5_12,
        KernelVersion::V5_15,
        KernelVersion::V6_18,
    ];

    /// The name used in scenario files, links and the UI (`"4.15"`).
    pub fn name(self) -> &'static str {
        match self {
            KernelVersion::V4_15 => "4.15",
            KernelVersion::V4_16 => "4.16",
            KernelVersion::V5_10 => "5.10",
            KernelVersion::V5_11 => "5.11",
            KernelVersion::V5_12 => "5.12",
            KernelVersion::V5_15 => "5.15",
            KernelVersion::V6_18 => "6.18",
        }
    }

    pub fn parse(s: &str) -> Option<KernelVersion> {
        KernelVersion::ALL.into_iter().find(|v| v.name() == s)
    }

    /// 4.x kernels: `sd_init` defaults with imbalance_pct 125 / busy_factor 32 and *_idx fields,
    /// `smt_gain` (SMT capacity 589), rt_avg-based capacity, non-invariant x86 PELT (spec §2.2,
    /// §2.3, §9.2, §10.2).
    pub fn is_4x(self) -> bool {
        matches!(self, KernelVersion::V4_15 | KernelVersion::V4_16)
    }

    /// 6.6+ fair class: EEVDF picks by eligibility and virtual deadline instead of CFS's
    /// leftmost vruntime, places by lag, and preempts on wake-up only when the wakee becomes the
    /// EEVDF pick (`check_preempt_wakeup_fair`); 6.12+ delays the dequeue of a sleeping task that
    /// has negative lag (DELAY_DEQUEUE).
    pub fn is_eevdf(self) -> bool {
        self >= KernelVersion::V6_18
    }

    /// 6.14+ `pipe_read` wakes a writer only when it releases a buffer of a full pipe
    /// (`wake_writer |= pipe_full(head, tail, pipe->max_usage)` before `pipe_update_tail`;
    /// Oleg Nesterov, "pipe_read: don't wake up the writer if the pipe is still full", merged
    /// in 6.14). From 5.5 to 6.13 it woke one whenever the pipe was full as the read started
    /// (`was_full`), even if the read released nothing.
    pub fn pipe_read_wakes_writer_on_release(self) -> bool {
        self >= KernelVersion::V6_18
    }
}

impl std::fmt::Display for KernelVersion {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
