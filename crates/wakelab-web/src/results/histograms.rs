//! Histograms of one chosen point (a client count), one bar per variant, averaged over the
//! iterations: frequency (P-state) residency as a share of busy CPU time, idle-state (C-state)
//! residency as a share of idle CPU time (both summed over all CPUs, as `wakelab run
//! --residency` prints them), and the wake-up latency distribution (runnable to running, after
//! the warm-up) as a share of all wake-ups in log2 buckets.

use std::collections::BTreeMap;

use wakelab_plot::{BarChart, BarSeries, Legend, XyChart, XySeries};
use wakelab_sim::experiment::PointResult;

/// Most frequency categories drawn; more levels are grouped into equal-width ranges.
pub const MAX_PSTATE_BARS: usize = 16;

fn of_point(
    results: &[PointResult],
    variant: usize,
    clients: u32,
) -> impl Iterator<Item = &PointResult> {
    results
        .iter()
        .filter(move |r| r.variant == variant && r.clients == clients)
}

/// Frequency residency: categories are frequencies (GHz), or equal ranges of them when the
/// machine has more than [`MAX_PSTATE_BARS`] levels; values percent of busy time. Nothing is
/// left out, so each variant's bars add up to 100%.
pub fn pstate_chart(variants: &[String], results: &[PointResult], clients: u32) -> BarChart {
    // kHz -> per-variant sum of fractions over the iterations
    let mut levels: BTreeMap<u32, Vec<f64>> = BTreeMap::new();
    let mut n = vec![0u32; variants.len()];
    for (v, nv) in n.iter_mut().enumerate() {
        for r in of_point(results, v, clients) {
            *nv += 1;
            for &(khz, f) in &r.pstate_residency {
                levels
                    .entry(khz)
                    .or_insert_with(|| vec![0.0; variants.len()])[v] += f;
            }
        }
    }
    let khz: Vec<u32> = levels.keys().copied().collect();
    let (labels, bin_of) = pstate_bins(&khz);
    let mut sums = vec![vec![0.0; variants.len()]; labels.len()];
    for (i, vals) in levels.values().enumerate() {
        for (v, f) in vals.iter().enumerate() {
            sums[bin_of[i]][v] += f;
        }
    }
    bar_chart(
        "frequency (GHz)",
        "% of busy time",
        labels,
        variants,
        |v| {
            sums.iter()
                .map(|s| (n[v] > 0).then(|| s[v] / n[v] as f64 * 100.0))
                .collect()
        },
        &n,
    )
}

/// Categories for frequency levels (ascending kHz): one per level when there are few, else
/// equal ranges of whole 100 MHz steps. Returns the labels and each level's category.
pub fn pstate_bins(khz: &[u32]) -> (Vec<String>, Vec<usize>) {
    if khz.len() <= MAX_PSTATE_BARS {
        return (
            khz.iter().map(|&k| ghz(k)).collect(),
            (0..khz.len()).collect(),
        );
    }
    let (lo, hi) = (khz[0], khz[khz.len() - 1]);
    let step = 100_000u32;
    let width = (hi - lo)
        .div_ceil(MAX_PSTATE_BARS as u32 - 1)
        .div_ceil(step)
        .max(1)
        * step;
    let nbins = ((hi - lo) / width + 1) as usize;
    let labels = (0..nbins)
        .map(|b| {
            let a = lo + b as u32 * width;
            format!("{}–{}", ghz(a), ghz(a + width - step))
        })
        .collect();
    let bin_of = khz.iter().map(|&k| ((k - lo) / width) as usize).collect();
    (labels, bin_of)
}

/// Idle-state residency: categories are C-state names (shallowest first), values percent of
/// idle time.
pub fn cstate_chart(variants: &[String], results: &[PointResult], clients: u32) -> BarChart {
    let mut names: Vec<String> = Vec::new();
    let mut sums: Vec<Vec<f64>> = Vec::new();
    let mut n = vec![0u32; variants.len()];
    for (v, nv) in n.iter_mut().enumerate() {
        for r in of_point(results, v, clients) {
            *nv += 1;
            for (name, f) in &r.cstate_residency {
                let i = match names.iter().position(|x| x == name) {
                    Some(i) => i,
                    None => {
                        names.push(name.clone());
                        sums.push(vec![0.0; variants.len()]);
                        names.len() - 1
                    }
                };
                sums[i][v] += f;
            }
        }
    }
    bar_chart(
        "idle state",
        "% of idle time",
        names,
        variants,
        |v| {
            sums.iter()
                .map(|s| (n[v] > 0).then(|| s[v] / n[v] as f64 * 100.0))
                .collect()
        },
        &n,
    )
}

/// The wake-up latency histogram of one variant at one client count, summed over iterations.
pub fn latency_buckets(results: &[PointResult], variant: usize, clients: u32) -> Vec<u64> {
    let mut b: Vec<u64> = Vec::new();
    for r in of_point(results, variant, clients) {
        if b.len() < r.wake_latency_log2.len() {
            b.resize(r.wake_latency_log2.len(), 0);
        }
        for (i, &c) in r.wake_latency_log2.iter().enumerate() {
            b[i] += c;
        }
    }
    b
}

/// Upper bound (ns) of the bucket holding the p-th percentile, as the engine's histogram
/// computes it (`None` without wake-ups).
pub fn percentile_ns(buckets: &[u64], p: u32) -> Option<u64> {
    let count: u64 = buckets.iter().sum();
    if count == 0 {
        return None;
    }
    let want = (count * p as u64).div_ceil(100).max(1);
    let mut acc = 0;
    for (i, &n) in buckets.iter().enumerate() {
        acc += n;
        if acc >= want {
            return Some(1u64 << (i + 1));
        }
    }
    None
}

/// Wake-up latency distribution: categories are the log2 buckets labelled by their lower
/// bound (the first bucket, [0, 2) ns, as 0: a task that ran at once), values percent of the variant's wake-ups (so variants with different wake-up counts
/// compare). Empty buckets at either end are trimmed.
pub fn latency_chart(variants: &[String], results: &[PointResult], clients: u32) -> BarChart {
    let per: Vec<Vec<u64>> = (0..variants.len())
        .map(|v| latency_buckets(results, v, clients))
        .collect();
    let len = per.iter().map(Vec::len).max().unwrap_or(0);
    let nonzero = |i: usize| per.iter().any(|b| b.get(i).copied().unwrap_or(0) > 0);
    let first = (0..len).find(|&i| nonzero(i)).unwrap_or(0);
    let last = (0..len).rev().find(|&i| nonzero(i)).map_or(0, |i| i + 1);
    let range = first..last.max(first);
    let n: Vec<u32> = per
        .iter()
        .map(|b| u32::from(b.iter().sum::<u64>() > 0))
        .collect();
    bar_chart(
        "wake-up latency (bucket from … to twice that)",
        "% of wake-ups",
        range
            .clone()
            .map(|i| {
                if i == 0 {
                    "0".into()
                } else {
                    fmt_ns(1u64 << i)
                }
            })
            .collect(),
        variants,
        |v| {
            let total: u64 = per[v].iter().sum();
            range
                .clone()
                .map(|i| {
                    (total > 0)
                        .then(|| per[v].get(i).copied().unwrap_or(0) as f64 / total as f64 * 100.0)
                })
                .collect()
        },
        &n,
    )
}

/// Wake-up latency against client count: each variant's p99 (solid) and p50 (dashed) upper
/// bounds in µs, from the iterations' merged histograms.
pub fn latency_by_clients_chart(
    variants: &[String],
    clients: &[u32],
    results: &[PointResult],
) -> XyChart {
    let mut series = Vec::new();
    for (p, dashed) in [(99, false), (50, true)] {
        for (v, name) in variants.iter().enumerate() {
            series.push(XySeries {
                label: format!("{name} p{p}"),
                points: clients
                    .iter()
                    .filter_map(|&c| {
                        let b = latency_buckets(results, v, c);
                        percentile_ns(&b, p).map(|ns| (c as f64, ns as f64 / 1000.0))
                    })
                    .collect(),
                dashed,
                markers: true,
                color: v,
                ..XySeries::default()
            });
        }
    }
    let (x_ticks, x_log2) = super::client_ticks(clients);
    // Room above the lines for the four-line legend (p99 is largest at either end).
    let top = series
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p.1))
        .fold(0.0f64, f64::max);
    XyChart {
        title: String::new(),
        x_label: "clients".into(),
        y_label: "wake-up latency (µs, upper bound)".into(),
        series,
        y_range: (top > 0.0).then_some((0.0, top * 2.5)),
        legend: Legend::UpperRight,
        x_log2,
        x_ticks,
    }
}

/// A one-line summary per variant: p50 and p99 upper bounds and the number of wake-ups.
pub fn latency_summary(variants: &[String], results: &[PointResult], clients: u32) -> String {
    variants
        .iter()
        .enumerate()
        .map(|(v, name)| {
            let b = latency_buckets(results, v, clients);
            match (percentile_ns(&b, 50), percentile_ns(&b, 99)) {
                (Some(p50), Some(p99)) => format!(
                    "{name}: p50 < {}, p99 < {} ({} wake-ups)",
                    fmt_ns(p50),
                    fmt_ns(p99),
                    b.iter().sum::<u64>()
                ),
                _ => format!("{name}: no wake-ups recorded"),
            }
        })
        .collect::<Vec<_>>()
        .join(" · ")
}

fn bar_chart(
    x_label: &str,
    y_label: &str,
    categories: Vec<String>,
    variants: &[String],
    values: impl Fn(usize) -> Vec<Option<f64>>,
    n: &[u32],
) -> BarChart {
    BarChart {
        title: String::new(),
        x_label: x_label.into(),
        y_label: y_label.into(),
        categories,
        series: variants
            .iter()
            .enumerate()
            .filter(|(v, _)| n[*v] > 0)
            .map(|(v, name)| BarSeries {
                label: name.clone(),
                values: values(v),
                color: v,
            })
            .collect(),
        y_range: None,
        legend: Legend::UpperRight,
    }
}

/// GHz with as many decimals as needed (2.1, 2.15).
fn ghz(khz: u32) -> String {
    let s = format!("{:.2}", khz as f64 / 1e6);
    let s = s.trim_end_matches('0');
    if s.ends_with('.') {
        format!("{s}0")
    } else {
        s.to_string()
    }
}

/// ns in the largest unit that keeps a number of at least 1, two significant digits.
pub fn fmt_ns(ns: u64) -> String {
    let (v, unit) = if ns >= 1_000_000 {
        (ns as f64 / 1e6, "ms")
    } else if ns >= 1_000 {
        (ns as f64 / 1e3, "µs")
    } else {
        (ns as f64, "ns")
    };
    if v >= 10.0 || unit == "ns" {
        format!("{v:.0} {unit}")
    } else {
        format!("{v:.1} {unit}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wakelab_sim::experiment::run_point;
    use wakelab_sim::presets;

    fn point(variant: usize, clients: u32, pstates: &[(u32, f64)], lat: &[u64]) -> PointResult {
        let mut e = presets::experiment("default").unwrap();
        e.scenario.run.duration_ms = 20;
        e.scenario.run.warmup_ms = 5;
        let mut r = run_point(&e, 0, 1, 0, None).unwrap();
        r.variant = variant;
        r.clients = clients;
        r.pstate_residency = pstates.to_vec();
        r.cstate_residency = vec![("C1".into(), 0.25), ("C6".into(), 0.75)];
        r.wake_latency_log2 = lat.to_vec();
        r
    }

    fn names() -> Vec<String> {
        vec!["base".into(), "patched".into()]
    }

    #[test]
    fn residency_is_averaged_over_iterations_and_adds_up_to_100() {
        let rs = vec![
            point(0, 2, &[(800_000, 0.5), (3_400_000, 0.5)], &[]),
            point(
                0,
                2,
                &[(800_000, 0.7), (3_400_000, 0.295), (2_000_000, 0.005)],
                &[],
            ),
            point(1, 2, &[(3_400_000, 1.0)], &[]),
            point(1, 8, &[(800_000, 1.0)], &[]), // another client count: ignored
        ];
        let c = pstate_chart(&names(), &rs, 2);
        assert_eq!(c.categories, ["0.8", "2.0", "3.4"]);
        assert_eq!(c.series.len(), 2);
        let base = &c.series[0].values;
        assert!((base[0].unwrap() - 60.0).abs() < 1e-9, "{base:?}");
        assert!((base[1].unwrap() - 0.25).abs() < 1e-9, "{base:?}");
        assert!((base[2].unwrap() - 39.75).abs() < 1e-9, "{base:?}");
        assert_eq!(c.series[1].values, vec![Some(0.0), Some(0.0), Some(100.0)]);
        let cs = cstate_chart(&names(), &rs, 2);
        assert_eq!(cs.categories, ["C1", "C6"]);
        assert_eq!(cs.series[1].values, vec![Some(25.0), Some(75.0)]);
    }

    #[test]
    fn many_levels_are_grouped_into_ranges_that_keep_every_share() {
        // 0.8 .. 4.0 GHz in 100 MHz steps: 33 levels, 1/33 of the time each
        let levels: Vec<(u32, f64)> = (8..=40).map(|r| (r * 100_000, 1.0 / 33.0)).collect();
        let rs = vec![point(0, 1, &levels, &[])];
        let c = pstate_chart(&names(), &rs, 1);
        assert!(c.categories.len() <= MAX_PSTATE_BARS, "{:?}", c.categories);
        // 3.2 GHz over 15 ranges rounds up to 300 MHz each
        assert_eq!(c.categories[0], "0.8–1.0");
        assert_eq!(c.categories.last().unwrap(), "3.8–4.0");
        let sum: f64 = c.series[0].values.iter().flatten().sum();
        assert!((sum - 100.0).abs() < 1e-9, "{sum}");
        assert_eq!(ghz(2_150_000), "2.15");
        assert_eq!(ghz(2_000_000), "2.0");
    }

    #[test]
    fn a_variant_without_results_has_no_bars() {
        let rs = vec![point(1, 4, &[(800_000, 1.0)], &[0, 2])];
        let c = pstate_chart(&names(), &rs, 4);
        assert_eq!(c.series.len(), 1);
        assert_eq!(c.series[0].label, "patched");
        assert_eq!(c.series[0].color, 1, "keeps the variant's colour");
        assert!(pstate_chart(&names(), &rs, 2).series.is_empty());
    }

    #[test]
    fn latency_is_a_share_of_wakeups_with_trimmed_ends() {
        // buckets 10 (1 µs) and 12 (4 µs); variant 1 twice as many wake-ups, same shape
        let mut a = vec![0u64; 16];
        a[10] = 3;
        a[12] = 1;
        let b: Vec<u64> = a.iter().map(|x| x * 2).collect();
        let rs = vec![point(0, 1, &[], &a), point(1, 1, &[], &b)];
        let c = latency_chart(&names(), &rs, 1);
        assert_eq!(c.categories, ["1.0 µs", "2.0 µs", "4.1 µs"]);
        let mut z = vec![0u64; 4];
        z[0] = 1;
        z[3] = 1;
        let c0 = latency_chart(&names()[..1], &[point(0, 1, &[], &z)], 1);
        assert_eq!(c0.categories, ["0", "2 ns", "4 ns", "8 ns"]);
        assert_eq!(c.series[0].values, vec![Some(75.0), Some(0.0), Some(25.0)]);
        assert_eq!(c.series[0].values, c.series[1].values);
        assert_eq!(percentile_ns(&a, 50), Some(2048));
        assert_eq!(percentile_ns(&a, 99), Some(8192));
        let s = latency_summary(&names(), &rs, 1);
        assert!(
            s.contains("base: p50 < 2.0 µs, p99 < 8.2 µs (4 wake-ups)"),
            "{s}"
        );
        assert!(s.contains("(8 wake-ups)"), "{s}");
    }

    #[test]
    fn a_real_run_records_a_latency_histogram() {
        let mut e = presets::experiment("default").unwrap();
        e.scenario.run.duration_ms = 30;
        e.scenario.run.warmup_ms = 10;
        let r = run_point(&e, 0, 2, 0, None).unwrap();
        let total: u64 = r.wake_latency_log2.iter().sum();
        assert!(total > 10, "{:?}", r.wake_latency_log2);
        // the engine's own percentiles come from the same histogram
        assert_eq!(
            percentile_ns(&r.wake_latency_log2, 99).map(|p| p.min(r.latency_p99_ns.max(1))),
            Some(r.latency_p99_ns)
        );
        assert!(!r.pstate_residency.is_empty() && !r.cstate_residency.is_empty());
        let c = latency_chart(&names()[..1], std::slice::from_ref(&r), 2);
        let sum: f64 = c.series[0].values.iter().flatten().sum();
        assert!((sum - 100.0).abs() < 1e-9);
    }

    #[test]
    fn latency_by_clients_has_p99_above_p50_per_variant() {
        let mut a = vec![0u64; 16];
        a[10] = 90;
        a[14] = 10;
        let rs = vec![
            point(0, 1, &[], &a),
            point(0, 4, &[], &a[..11]),
            point(1, 1, &[], &[]),
        ];
        let c = latency_by_clients_chart(&names(), &[1, 4], &rs);
        assert_eq!(
            c.series
                .iter()
                .map(|s| s.label.as_str())
                .collect::<Vec<_>>(),
            ["base p99", "patched p99", "base p50", "patched p50"]
        );
        assert_eq!(c.series[0].points, vec![(1.0, 32.768), (4.0, 2.048)]);
        assert_eq!(c.series[2].points, vec![(1.0, 2.048), (4.0, 2.048)]);
        assert!(c.series[1].points.is_empty(), "no wake-ups, no point");
        assert!(c.series[2].dashed && !c.series[0].dashed);
        assert_eq!(c.y_range, Some((0.0, 32.768 * 2.5)), "room for the legend");
    }

    #[test]
    fn ns_format_picks_a_unit() {
        assert_eq!(fmt_ns(512), "512 ns");
        assert_eq!(fmt_ns(1024), "1.0 µs");
        assert_eq!(fmt_ns(16_384), "16 µs");
        assert_eq!(fmt_ns(2_097_152), "2.1 ms");
    }
}
