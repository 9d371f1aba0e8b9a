//! SIS and wake_affine schedstat counters (spec §11.3), per runqueue of the CPU executing the
//! wake-up (`this_rq()`).

use serde::{Deserialize, Serialize};

/// Per-CPU placement schedstats. The SIS counters follow Mel Gorman's out-of-tree schedstat
/// patches (5.10-based increment points; the Jul-2021 forward port's points for 5.12+, §11.3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SisStats {
    /// select_idle_sibling calls.
    pub sis_search: u64,
    /// Runqueues "scanned" by the patch's definition (entry + per sibling/iteration).
    pub sis_scanned: u64,
    /// Calls that reached the LLC domain scans.
    pub sis_domain_search: u64,
    /// Calls that fell through to `return target` after the domain scans failed.
    pub sis_failed: u64,
    /// recent_used_cpu was a candidate and was returned.
    pub sis_recent_hit: u64,
    /// recent_used_cpu was a candidate but not idle / not allowed / did not fit.
    pub sis_recent_miss: u64,
    /// wake_affine() calls (`nr_wakeups_affine_attempts`).
    pub nr_wakeups_affine_attempts: u64,
    /// wake_affine() chose a CPU (`nr_wakeups_affine` / `sd->ttwu_move_affine`).
    pub nr_wakeups_affine: u64,
}

impl SisStats {
    /// Field-wise sum (`a + b`).
    pub fn add(&mut self, o: &SisStats) {
        self.sis_search += o.sis_search;
        self.sis_scanned += o.sis_scanned;
        self.sis_domain_search += o.sis_domain_search;
        self.sis_failed += o.sis_failed;
        self.sis_recent_hit += o.sis_recent_hit;
        self.sis_recent_miss += o.sis_recent_miss;
        self.nr_wakeups_affine_attempts += o.nr_wakeups_affine_attempts;
        self.nr_wakeups_affine += o.nr_wakeups_affine;
    }

    /// Field-wise difference `self - earlier` (saturating), for per-interval deltas.
    pub fn delta_since(&self, earlier: &SisStats) -> SisStats {
        SisStats {
            sis_search: self.sis_search.saturating_sub(earlier.sis_search),
            sis_scanned: self.sis_scanned.saturating_sub(earlier.sis_scanned),
            sis_domain_search: self
                .sis_domain_search
                .saturating_sub(earlier.sis_domain_search),
            sis_failed: self.sis_failed.saturating_sub(earlier.sis_failed),
            sis_recent_hit: self.sis_recent_hit.saturating_sub(earlier.sis_recent_hit),
            sis_recent_miss: self.sis_recent_miss.saturating_sub(earlier.sis_recent_miss),
            nr_wakeups_affine_attempts: self
                .nr_wakeups_affine_attempts
                .saturating_sub(earlier.nr_wakeups_affine_attempts),
            nr_wakeups_affine: self
                .nr_wakeups_affine
                .saturating_sub(earlier.nr_wakeups_affine),
        }
    }

    /// Sum over CPUs.
    pub fn sum<'a>(it: impl IntoIterator<Item = &'a SisStats>) -> SisStats {
        let mut s = SisStats::default();
        for x in it {
            s.add(x);
        }
        s
    }

    /// "SIS Domain Scanned" = sis_scanned − (sis_search − sis_domain_search) (§11.3).
    pub fn domain_scanned(&self) -> u64 {
        self.sis_scanned
            .saturating_sub(self.sis_search.saturating_sub(self.sis_domain_search))
    }
}
