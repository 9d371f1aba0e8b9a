//! The results chart of an experiment report: the one the page shows and the CLI writes
//! (`wakelab run --svg/--png`), so both draw the same thing from the same numbers.
//! Behind the `report` feature: the rest of this crate knows nothing of the core's types.

use wakelab_sim::report::ExperimentReport;

use crate::{Legend, XyChart, XySeries};

/// The results chart: one line per variant with its min-max spread, plus the published
/// numbers (two-variant presets) as dashed lines.
pub fn report_chart(report: &ExperimentReport, published: &[(u32, f64, f64)]) -> XyChart {
    let mut series = Vec::new();
    let curves = report.curves();
    for (v, (name, pts)) in curves.iter().enumerate() {
        let band = report
            .clients
            .iter()
            .enumerate()
            .filter(|(ci, _)| report.samples[v][*ci].len() > 1)
            .map(|(ci, &c)| {
                let s = &report.samples[v][ci];
                (
                    c as f64,
                    s.iter().copied().fold(f64::INFINITY, f64::min),
                    s.iter().copied().fold(f64::NEG_INFINITY, f64::max),
                )
            })
            .collect();
        series.push(XySeries {
            label: name.clone(),
            points: pts.clone(),
            band,
            markers: true,
            color: v,
            ..XySeries::default()
        });
    }
    if !published.is_empty() && report.variants.len() >= 2 {
        for v in 0..2 {
            series.push(XySeries {
                label: format!("published: {}", report.variants[v]),
                points: published
                    .iter()
                    .map(|&(c, a, b)| (c as f64, if v == 0 { a } else { b }))
                    .collect(),
                dashed: true,
                markers: true,
                color: v,
                ..XySeries::default()
            });
        }
    }
    let mut ticks: Vec<u32> = report.clients.clone();
    ticks.extend(published.iter().map(|p| p.0));
    ticks.sort_unstable();
    ticks.dedup();
    // Thin the labels when they would collide: keep every k-th.
    let step = ticks.len().div_ceil(12).max(1);
    let x_ticks = ticks
        .iter()
        .enumerate()
        .filter(|(i, _)| i % step == 0 || *i == ticks.len() - 1)
        .map(|(_, &c)| (c as f64, c.to_string()))
        .collect();
    let max_c = ticks.last().copied().unwrap_or(1);
    XyChart {
        title: String::new(),
        x_label: "clients".into(),
        y_label: if report.unit.is_empty() {
            "value".into()
        } else {
            report.unit.clone()
        },
        series,
        y_range: None,
        legend: if report.higher_is_better {
            Legend::LowerRight
        } else {
            Legend::UpperRight
        },
        x_log2: max_c >= 16 && ticks.first().copied().unwrap_or(1) >= 1,
        x_ticks,
    }
}
