//! Percentages and the significance rule, including the published numbers.

use wakelab_stats::format::fixed;
use wakelab_stats::significance::*;
use wakelab_stats::stats::{Direction, Summary};

fn pct2(new: f64, base: f64) -> String {
    fixed(pdiff(new, base), 0, 2)
}

/// Hmean throughput, tbench, targets.md T3 (schedstat -> idlecandidate).
/// The posting gives the percentage only for 64 clients.
#[test]
fn t3_published_hmeans_give_published_percentage() {
    assert_eq!(pct2(13792.01, 12325.51), "11.90");
}

/// targets.md T4 means with the percentages of the LKML posting
/// (20201203141124.7391-6, "Do not replace recent_used_cpu").
#[test]
fn t4_published_hmeans_give_published_percentages() {
    let table = [
        (1, 505.67, 501.34, "-0.86"),
        (2, 974.06, 981.39, "0.75"),
        (4, 1904.43, 1926.13, "1.14"),
        (8, 3721.02, 3799.86, "2.12"),
        (16, 6769.17, 6938.40, "2.50"),
        (32, 10312.58, 10632.11, "3.10"),
        (64, 13792.01, 13670.17, "-0.88"),
        (128, 20963.44, 21456.33, "2.35"),
        (256, 20335.62, 21070.24, "3.61"),
        (320, 20147.25, 20624.92, "2.37"),
    ];
    for (clients, base, new, want) in table {
        assert_eq!(pct2(new, base), want, "{clients} clients");
    }
}

/// targets.md T5 (hackbench, lower is better): 1.0534 -> 0.7293 is +30.7%.
#[test]
fn lower_is_better_uses_pndiff() {
    assert_eq!(fixed(pndiff(0.7293, 1.0534), 0, 1), "30.8");
    assert_eq!(fixed(pndiff(1.1080, 1.2538), 0, 1), "11.6");
    assert!(pndiff(1.6391, 1.6219) < 0.0);
    assert_eq!(PctOp::for_direction(Direction::LowerBetter), PctOp::Pndiff);
}

#[test]
fn percentage_edge_cases_follow_stat_pm() {
    assert_eq!(pdiff(5.0, 5.0), 0.0);
    assert_eq!(pdiff(0.0, 5.0), 0.0);
    assert_eq!(pdiff(5.0, 0.0), 100.0);
    assert_eq!(pdiff(5.0, f64::NAN), 100.0);
    assert_eq!(pndiff(5.0, 5.0), 0.0);
    assert_eq!(pndiff(0.0, 5.0), 100.0);
    assert_eq!(pndiff(5.0, 0.0), -99.0);
    assert!(pndiff(5.0, f64::NAN).is_nan());
}

#[test]
fn interval_is_mean_plus_minus_1_96_sigma() {
    assert!((Z_95 - 1.96).abs() < 1e-3);
    let (lo, hi) = mean_interval(100.0, 10.0).unwrap();
    assert!((lo - (100.0 - 19.59963984540054)).abs() < 1e-9);
    assert!((hi - (100.0 + 19.59963984540054)).abs() < 1e-9);
    assert!(mean_interval(100.0, f64::NAN).is_none());
    assert!(mean_interval(f64::NAN, 1.0).is_none());
}

fn lower(d: &[f64]) -> Summary {
    Summary::new(d, Direction::LowerBetter)
}

#[test]
fn separated_runs_are_significant() {
    // amean 10, sd 1 -> [8.04, 11.96]; amean 15, sd 1 -> [13.04, 16.96]
    assert!(is_significant(
        &lower(&[9.0, 10.0, 11.0]),
        &lower(&[14.0, 15.0, 16.0])
    ));
}

#[test]
fn overlapping_runs_are_not_significant() {
    // [8.04, 11.96] vs [9.04, 12.96]
    assert!(!is_significant(
        &lower(&[9.0, 10.0, 11.0]),
        &lower(&[10.0, 11.0, 12.0])
    ));
}

#[test]
fn sigma_not_standard_error_decides() {
    // means 10 and 13, sd 1 with n = 3: standard-error intervals
    // (±1.96/sqrt(3) = ±1.13) would not overlap, sigma intervals (±1.96) do.
    assert!(!is_significant(
        &lower(&[9.0, 10.0, 11.0]),
        &lower(&[12.0, 13.0, 14.0])
    ));
}

#[test]
fn zero_variance_runs_with_different_means_are_significant() {
    assert!(is_significant(&lower(&[3.0, 3.0]), &lower(&[4.0, 4.0])));
    assert!(
        !is_significant(&lower(&[3.0, 3.0]), &lower(&[3.0, 3.0])),
        "touching = overlapping"
    );
}

#[test]
fn single_samples_are_never_significant() {
    assert!(!is_significant(&lower(&[1.0]), &lower(&[100.0])));
    assert!(!is_significant(&lower(&[]), &lower(&[1.0, 2.0])));
}

#[test]
fn higher_is_better_uses_harmonic_sigma() {
    let a = Summary::new(&[100.0, 101.0, 99.0], Direction::HigherBetter);
    let b = Summary::new(&[120.0, 121.0, 119.0], Direction::HigherBetter);
    let (lo, hi) = a.interval().unwrap();
    assert!(
        (hi - lo - 2.0 * Z_95 * wakelab_stats::stats::hstddev(&[100.0, 101.0, 99.0])).abs() < 1e-9
    );
    assert!(is_significant(&a, &b));
}
