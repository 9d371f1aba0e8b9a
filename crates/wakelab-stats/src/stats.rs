//! Per-sample-vector statistics, computed the way mmtests computes them.
//!
//! Source of truth: `bin/lib/MMTests/Stat.pm` (`calc_amean`, `calc_hmean`,
//! `calc_geomean`, `calc_stddev`, `calc_coeffvar`, `_calc_meanci`) and
//! `bin/lib/MMTests/Summarise.pm` (`runStatFunc`, `extractSummary`) in
//! gormanm/mmtests. Undefined results are `f64::NAN`, where mmtests returns
//! the string `"NaN"`.

use serde::{Deserialize, Serialize};

/// Which way a metric improves. Decides the mean (Hmean for higher-is-better,
/// Amean for lower-is-better, as `Summarise::getStatName` does), the sort order
/// used to pick the "best" samples, and the sign convention of percentages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Direction {
    /// Throughput-like metrics (mmtests `_PreferredVal = "Higher"`).
    HigherBetter,
    /// Time/latency-like metrics (mmtests' default, `"Lower"`).
    LowerBetter,
}

/// Arithmetic mean; NaN for an empty slice (`calc_amean`).
pub fn amean(data: &[f64]) -> f64 {
    if data.is_empty() {
        return f64::NAN;
    }
    data.iter().sum::<f64>() / data.len() as f64
}

/// Harmonic mean `n / sum(1/x)`; NaN for an empty slice or if any sample is
/// `<= 0` (`calc_hmean`).
pub fn hmean(data: &[f64]) -> f64 {
    if data.is_empty() || data.iter().any(|&x| x.is_nan() || x <= 0.0) {
        return f64::NAN;
    }
    data.len() as f64 / data.iter().map(|&x| 1.0 / x).sum::<f64>()
}

/// Geometric mean `(prod x)^(1/n)`; NaN for an empty slice (`calc_geomean`,
/// which multiplies directly rather than summing logarithms).
pub fn gmean(data: &[f64]) -> f64 {
    if data.is_empty() {
        return f64::NAN;
    }
    data.iter().product::<f64>().powf(1.0 / data.len() as f64)
}

/// Sample standard deviation `sqrt(sum((x - amean)^2) / (n - 1))`; NaN when
/// `n <= 1` (`calc_stddev("amean", ...)`).
pub fn stddev(data: &[f64]) -> f64 {
    let n = data.len();
    if n <= 1 {
        return f64::NAN;
    }
    let m = amean(data);
    let ss: f64 = data.iter().map(|&x| (x - m) * (x - m)).sum();
    (ss / (n - 1) as f64).sqrt()
}

/// Standard deviation of the harmonic mean as mmtests computes it
/// (`calc_stddev("hmean", ...)`): `sqrt(sum((1/x - 1/H)^2) * H^4 / n)` — the
/// divisor is `n`, not `n - 1`. NaN when `n <= 1` or the harmonic mean is
/// undefined.
pub fn hstddev(data: &[f64]) -> f64 {
    let n = data.len();
    let h = hmean(data);
    if h.is_nan() || n <= 1 {
        return f64::NAN;
    }
    let ss: f64 = data
        .iter()
        .map(|&x| {
            let d = 1.0 / x - 1.0 / h;
            d * d
        })
        .sum();
    (ss * h.powi(4) / n as f64).sqrt()
}

/// Coefficient of variation `100 * stddev / mean` (`calc_coeffvar`): a NaN
/// standard deviation or mean counts as 0, and a zero mean gives 0.
pub fn coeffvar(stddev: f64, mean: f64) -> f64 {
    let s = if stddev.is_nan() { 0.0 } else { stddev };
    let m = if mean.is_nan() { 0.0 } else { mean };
    if m != 0.0 { s * 100.0 / m } else { 0.0 }
}

/// Smallest sample; NaN for an empty slice.
pub fn min(data: &[f64]) -> f64 {
    data.iter().copied().reduce(f64::min).unwrap_or(f64::NAN)
}

/// Largest sample; NaN for an empty slice.
pub fn max(data: &[f64]) -> f64 {
    data.iter().copied().reduce(f64::max).unwrap_or(f64::NAN)
}

/// The samples sorted best first: descending for higher-is-better, ascending
/// for lower-is-better (`Summarise::extractSummary`).
pub fn sort_best_first(data: &[f64], dir: Direction) -> Vec<f64> {
    let mut v = data.to_vec();
    match dir {
        Direction::HigherBetter => v.sort_by(|a, b| b.total_cmp(a)),
        Direction::LowerBetter => v.sort_by(|a, b| a.total_cmp(b)),
    }
    v
}

/// How many samples the "best `pct`%" statistics keep:
/// `max(1, floor(n * pct / 100))` (`Summarise::runStatFunc`).
pub fn best_count(n: usize, pct: u32) -> usize {
    ((n * pct as usize) / 100).max(1)
}

/// The mean matching `dir`: [`hmean`] for higher-is-better, [`amean`] otherwise.
pub fn mean_for(data: &[f64], dir: Direction) -> f64 {
    match dir {
        Direction::HigherBetter => hmean(data),
        Direction::LowerBetter => amean(data),
    }
}

/// The standard deviation matching `dir`: [`hstddev`] for higher-is-better,
/// [`stddev`] otherwise.
pub fn stddev_for(data: &[f64], dir: Direction) -> f64 {
    match dir {
        Direction::HigherBetter => hstddev(data),
        Direction::LowerBetter => stddev(data),
    }
}

/// Mean of the best `pct`% of samples ("BHmean-95", "BAmean-50", ...): the
/// first [`best_count`] samples in best-first order, averaged with the mean
/// matching `dir`. NaN for an empty slice.
pub fn best_mean(data: &[f64], pct: u32, dir: Direction) -> f64 {
    if data.is_empty() {
        return f64::NAN;
    }
    let sorted = sort_best_first(data, dir);
    mean_for(&sorted[..best_count(sorted.len(), pct)], dir)
}

/// mmtests' `percentile-N` statistic: the sample at position
/// `max(1, floor(n * pct / 100))` (1-based) in best-first order. Note that for
/// higher-is-better data this counts from the top. NaN for an empty slice.
pub fn percentile(data: &[f64], pct: u32, dir: Direction) -> f64 {
    if data.is_empty() {
        return f64::NAN;
    }
    let sorted = sort_best_first(data, dir);
    sorted[best_count(sorted.len(), pct) - 1]
}

/// Everything mmtests' multi-operation summary (`SummariseMultiops`) reports
/// for one sample vector, plus the mean's confidence interval.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// Which way is better; picks Hmean vs Amean.
    pub direction: Direction,
    /// Number of samples.
    pub n: usize,
    /// Smallest sample.
    pub min: f64,
    /// Hmean (higher-is-better) or Amean (lower-is-better).
    pub mean: f64,
    /// Standard deviation matching the mean ([`hstddev`] or [`stddev`]).
    pub stddev: f64,
    /// `100 * stddev / mean` ([`coeffvar`]).
    pub coeffvar: f64,
    /// Largest sample.
    pub max: f64,
    /// Mean of the best 50% of samples.
    pub best50: f64,
    /// Mean of the best 95% of samples.
    pub best95: f64,
    /// Mean of the best 99% of samples.
    pub best99: f64,
}

impl Summary {
    /// Summarise `data` for a metric improving in direction `dir`.
    pub fn new(data: &[f64], dir: Direction) -> Self {
        let mean = mean_for(data, dir);
        let sd = stddev_for(data, dir);
        Summary {
            direction: dir,
            n: data.len(),
            min: min(data),
            mean,
            stddev: sd,
            coeffvar: coeffvar(sd, mean),
            max: max(data),
            best50: best_mean(data, 50, dir),
            best95: best_mean(data, 95, dir),
            best99: best_mean(data, 99, dir),
        }
    }

    /// The mean's interval `mean ± 1.96 σ`, see
    /// [`crate::significance::mean_interval`].
    pub fn interval(&self) -> Option<(f64, f64)> {
        crate::significance::mean_interval(self.mean, self.stddev)
    }
}
