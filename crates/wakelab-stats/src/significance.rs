//! Percentage differences and the significance rule of the compare output.
//!
//! `pdiff`/`pndiff` are transcribed from `bin/lib/MMTests/Stat.pm`. The
//! interval is `_calc_meanci` in the same file: `mean ± qnorm(1 - α/2, sd = σ)`
//! with α = 0.05 (`Summarise::runStatFunc`), i.e. `mean ± 1.959964 σ`, where σ
//! is the standard deviation matching the mean (not the standard error).
//! The "significant when the two intervals do not overlap" decision follows the
//! project's issue text; see `docs/statistics.md` for what could and could not
//! be checked against mmtests' `Compare.pm`.

use serde::{Deserialize, Serialize};

use crate::stats::{Direction, Summary};

/// `qnorm(0.975)`: the two-sided 95% normal quantile mmtests asks R for.
pub const Z_95: f64 = 1.959_963_984_540_054;

/// How a row's percentage is computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PctOp {
    /// `new / base - 1` (in percent): higher values are better.
    Pdiff,
    /// `1 - new / base` (in percent): lower values are better.
    Pndiff,
}

impl PctOp {
    /// The operation for a value row (mean, min, max, best-N means) of a
    /// metric improving in `dir`.
    pub fn for_direction(dir: Direction) -> Self {
        match dir {
            Direction::HigherBetter => PctOp::Pdiff,
            Direction::LowerBetter => PctOp::Pndiff,
        }
    }

    /// Apply to `new` against `base`.
    pub fn apply(self, new: f64, base: f64) -> f64 {
        match self {
            PctOp::Pdiff => pdiff(new, base),
            PctOp::Pndiff => pndiff(new, base),
        }
    }
}

/// mmtests' `pdiff`: `new * 100 / base - 100`; 0 when equal or `new == 0`;
/// 100 when `base` is 0 or NaN.
pub fn pdiff(new: f64, base: f64) -> f64 {
    if new == base || new == 0.0 {
        return 0.0;
    }
    if base == 0.0 || base.is_nan() {
        return 100.0;
    }
    new * 100.0 / base - 100.0
}

/// mmtests' `pndiff`: `100 - new * 100 / base`; 0 when equal; 100 when
/// `new == 0`; -99 when `base == 0`. A NaN `base` gives NaN, as in Perl.
pub fn pndiff(new: f64, base: f64) -> f64 {
    if new == base {
        return 0.0;
    }
    if new == 0.0 {
        return 100.0;
    }
    if base == 0.0 {
        return -99.0;
    }
    100.0 - new * 100.0 / base
}

/// The interval `mean ± Z_95 * stddev`, or `None` when either is NaN (one
/// sample, or an undefined mean) — mmtests then stores no interval.
pub fn mean_interval(mean: f64, stddev: f64) -> Option<(f64, f64)> {
    if mean.is_nan() || stddev.is_nan() {
        return None;
    }
    let q = Z_95 * stddev;
    Some((mean - q, mean + q))
}

/// Whether two closed intervals share at least one point.
pub fn intervals_overlap(a: (f64, f64), b: (f64, f64)) -> bool {
    a.0 <= b.1 && b.0 <= a.1
}

/// Whether `new` differs significantly from `base`: both intervals exist and
/// do not overlap. Touching intervals count as overlapping.
pub fn is_significant(base: &Summary, new: &Summary) -> bool {
    match (base.interval(), new.interval()) {
        (Some(a), Some(b)) => !intervals_overlap(a, b),
        _ => false,
    }
}
