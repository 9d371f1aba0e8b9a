//! Hand-computed statistics on small vectors.

use wakelab_stats::stats::*;

fn close(a: f64, b: f64) {
    assert!((a - b).abs() <= 1e-12 * b.abs().max(1.0), "{a} != {b}");
}

#[test]
fn arithmetic_mean_and_sample_stddev() {
    let d = [1.0, 2.0, 3.0, 4.0];
    close(amean(&d), 2.5);
    // squared deviations 2.25 + 0.25 + 0.25 + 2.25 = 5, divided by n-1 = 3
    close(stddev(&d), (5.0f64 / 3.0).sqrt());
    close(
        coeffvar(stddev(&d), amean(&d)),
        100.0 * (5.0f64 / 3.0).sqrt() / 2.5,
    );
}

#[test]
fn harmonic_mean_and_harmonic_stddev_divide_by_n() {
    let d = [1.0, 2.0, 4.0];
    // 3 / (1 + 1/2 + 1/4) = 12/7
    close(hmean(&d), 12.0 / 7.0);
    // 1/x - 7/12 = 5/12, -1/12, -4/12: squares sum to 42/144 = 7/24;
    // sqrt(7/24 * (12/7)^4 / 3) -- divisor n = 3, not n-1
    let expect = (7.0 / 24.0 * (12.0f64 / 7.0).powi(4) / 3.0).sqrt();
    close(hstddev(&d), expect);
    let with_n_minus_1 = (7.0 / 24.0 * (12.0f64 / 7.0).powi(4) / 2.0).sqrt();
    assert!((hstddev(&d) - with_n_minus_1).abs() > 0.1);
}

#[test]
fn geometric_mean() {
    close(gmean(&[2.0, 8.0]), 4.0);
    close(gmean(&[1.0, 3.0, 9.0]), 3.0);
}

#[test]
fn undefined_cases_do_not_panic() {
    assert!(amean(&[]).is_nan());
    assert!(hmean(&[]).is_nan());
    assert!(
        hmean(&[3.0, 0.0]).is_nan(),
        "mmtests: Hmean of a non-positive sample is NaN"
    );
    assert!(hmean(&[3.0, -1.0]).is_nan());
    assert!(stddev(&[5.0]).is_nan());
    assert!(hstddev(&[5.0]).is_nan());
    assert!(min(&[]).is_nan() && max(&[]).is_nan());
    assert_eq!(coeffvar(f64::NAN, 5.0), 0.0);
    assert_eq!(coeffvar(3.0, 0.0), 0.0);
    assert_eq!(coeffvar(3.0, f64::NAN), 0.0);
    let s = Summary::new(&[], Direction::HigherBetter);
    assert!(s.mean.is_nan() && s.best50.is_nan() && s.interval().is_none());
    let one = Summary::new(&[7.0], Direction::LowerBetter);
    assert_eq!(
        (one.mean, one.min, one.max, one.best50, one.coeffvar),
        (7.0, 7.0, 7.0, 7.0, 0.0)
    );
    assert!(one.stddev.is_nan());
}

#[test]
fn best_count_rounds_down_but_keeps_one() {
    for (n, pct, keep) in [
        (10, 50, 5),
        (10, 95, 9),
        (10, 99, 9),
        (100, 99, 99),
        (3, 50, 1),
        (1, 50, 1),
        (1, 99, 1),
        (20, 95, 19),
    ] {
        assert_eq!(best_count(n, pct), keep, "n={n} pct={pct}");
    }
}

#[test]
fn best_means_take_the_best_end() {
    let d = [20.0, 40.0, 10.0, 30.0];
    // higher is better: best half is {40, 30}, averaged harmonically
    close(
        best_mean(&d, 50, Direction::HigherBetter),
        2.0 / (1.0 / 40.0 + 1.0 / 30.0),
    );
    // lower is better: best half is {10, 20}, averaged arithmetically
    close(best_mean(&d, 50, Direction::LowerBetter), 15.0);
    // 95% of 4 samples keeps 3
    close(best_mean(&d, 95, Direction::LowerBetter), 20.0);
    close(
        best_mean(&d, 95, Direction::HigherBetter),
        3.0 / (1.0 / 40.0 + 1.0 / 30.0 + 1.0 / 20.0),
    );
}

#[test]
fn summary_picks_mean_by_direction() {
    let d = [1.0, 2.0, 4.0];
    let h = Summary::new(&d, Direction::HigherBetter);
    close(h.mean, 12.0 / 7.0);
    close(h.stddev, hstddev(&d));
    close(h.coeffvar, 100.0 * hstddev(&d) / (12.0 / 7.0));
    assert_eq!((h.min, h.max, h.n), (1.0, 4.0, 3));
    let l = Summary::new(&d, Direction::LowerBetter);
    close(l.mean, 7.0 / 3.0);
    close(l.stddev, stddev(&d));
}

#[test]
fn percentile_counts_from_the_best_end() {
    let d = [5.0, 1.0, 4.0, 2.0, 3.0, 6.0, 8.0, 7.0];
    assert_eq!(percentile(&d, 25, Direction::LowerBetter), 2.0);
    assert_eq!(percentile(&d, 50, Direction::LowerBetter), 4.0);
    assert_eq!(percentile(&d, 25, Direction::HigherBetter), 7.0);
    assert!(percentile(&[], 50, Direction::LowerBetter).is_nan());
}
