//! Measured results next to simulated ones: series for plots (drawn dashed, labelled
//! `(measured)`) and a side-by-side text table for the CLI.
//!
//! Columns are matched by position: simulated variant `i` sits next to measured kernel `i`, and
//! each side's percentages are against its own first column, so the comparison to read is the
//! *change* each side shows, not the absolute values (the model is calibrated for direction and
//! rough size, not for a particular machine's numbers).

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};
use wakelab_sim::report::ExperimentReport;
use wakelab_stats::format::fixed;
use wakelab_stats::{Direction, PctOp};

use crate::measured::MeasuredResults;

/// Suffix of every measured series label.
pub const MEASURED_SUFFIX: &str = " (measured)";

/// A curve for a plot.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MeasuredSeries {
    /// `"<kernel> (measured)"` or a simulated variant's name.
    pub label: String,
    /// `(client count, value)` in client order.
    pub points: Vec<(f64, f64)>,
    /// True for measured series: draw them dashed.
    pub measured: bool,
}

/// One series per measured kernel over the numeric operations (client or group counts),
/// labelled `"<kernel> (measured)"`, for drawing as extra dashed lines.
pub fn measured_series(m: &MeasuredResults) -> Vec<MeasuredSeries> {
    let mut rows = m.numeric_rows();
    rows.sort_by(|a, b| a.0.total_cmp(&b.0));
    m.kernels
        .iter()
        .enumerate()
        .map(|(k, name)| MeasuredSeries {
            label: format!("{name}{MEASURED_SUFFIX}"),
            points: rows
                .iter()
                .filter_map(|(x, r)| r.values.get(k).copied().flatten().map(|v| (*x, v)))
                .collect(),
            measured: true,
        })
        .collect()
}

/// The simulated curves (`measured: false`) followed by the measured ones.
pub fn overlay_series(report: &ExperimentReport, m: &MeasuredResults) -> Vec<MeasuredSeries> {
    let mut v: Vec<MeasuredSeries> = report
        .curves()
        .into_iter()
        .map(|(label, points)| MeasuredSeries {
            label,
            points,
            measured: false,
        })
        .collect();
    v.extend(measured_series(m));
    v
}

/// Warnings about comparing these two (direction mismatch, no common client counts).
pub fn overlay_warnings(report: &ExperimentReport, m: &MeasuredResults) -> Vec<String> {
    let mut w = Vec::new();
    if let Some(h) = m.higher_is_better {
        if h != report.higher_is_better {
            w.push(format!(
                "the measured statistic ({}) is {} but the simulated metric ({}) is {}",
                m.stat,
                if h {
                    "higher-is-better"
                } else {
                    "lower-is-better"
                },
                report.unit,
                if report.higher_is_better {
                    "higher-is-better"
                } else {
                    "lower-is-better"
                }
            ));
        }
    }
    let common = m
        .numeric_rows()
        .iter()
        .filter(|(x, _)| report.clients.iter().any(|&c| c as f64 == *x))
        .count();
    if common == 0 {
        w.push("no client count appears in both the simulation and the measured file".into());
    }
    if m.kernels.len() != report.variants.len() {
        w.push(format!(
            "{} simulated variants vs {} measured kernels: columns are paired by position",
            report.variants.len(),
            m.kernels.len()
        ));
    }
    w
}

fn cell(v: Option<f64>, base: Option<f64>, op: PctOp) -> String {
    match v {
        None => format!("{:>12} {:>10}", "-", ""),
        Some(v) => {
            let pct = base.map_or(0.0, |b| op.apply(v, b));
            format!("{} ({}%)", fixed(v, 12, 2), fixed(pct, 7, 2))
        }
    }
}

/// The simulated comparison and the measured one side by side, one line per client count:
/// simulated columns (mean of the iterations: Hmean for throughput, Amean for times), then the
/// measured columns, each clearly marked. Percentages are against each side's first column,
/// positive = better.
pub fn side_by_side_text(report: &ExperimentReport, m: &MeasuredResults) -> String {
    let sim_dir = if report.higher_is_better {
        Direction::HigherBetter
    } else {
        Direction::LowerBetter
    };
    let meas_dir = match m.higher_is_better {
        Some(true) => Direction::HigherBetter,
        Some(false) => Direction::LowerBetter,
        None => sim_dir,
    };
    let curves = report.curves();
    let meas_rows = m.numeric_rows();
    let mut xs: Vec<f64> = report.clients.iter().map(|&c| c as f64).collect();
    for (x, _) in &meas_rows {
        if !xs.contains(x) {
            xs.push(*x);
        }
    }
    xs.sort_by(f64::total_cmp);
    let sim_at = |v: usize, x: f64| {
        curves
            .get(v)
            .and_then(|c| c.1.iter().find(|p| p.0 == x))
            .map(|p| p.1)
    };
    let meas_at = |k: usize, x: f64| {
        meas_rows
            .iter()
            .find(|(rx, _)| *rx == x)
            .and_then(|(_, r)| r.values.get(k).copied().flatten())
    };
    let mut out = String::new();
    let sim_stat = if report.higher_is_better {
        "Hmean"
    } else {
        "Amean"
    };
    let _ = writeln!(
        out,
        "Simulated (Wakelab): {}, {} of the iterations, {}",
        report.title, sim_stat, report.unit
    );
    let _ = writeln!(
        out,
        "Measured (imported{}): {}{}, {} kernel(s)",
        match m.format {
            crate::InputFormat::MmtestsText => " compare-mmtests text",
            crate::InputFormat::MmtestsJson => " compare-mmtests JSON",
            crate::InputFormat::WakelabJson => " JSON",
            crate::InputFormat::Csv => " CSV",
        },
        if m.benchmark.is_empty() {
            "benchmark not named"
        } else {
            &m.benchmark
        },
        if m.stat == "value" {
            String::new()
        } else {
            format!(", {}", m.stat)
        },
        m.kernels.len()
    );
    for w in overlay_warnings(report, m) {
        let _ = writeln!(out, "warning: {w}");
    }
    let _ = writeln!(
        out,
        "Percentages: change against each side's first column, positive = better.\n"
    );
    let col_w = 12 + 2 + 7 + 2; // "%12.2f (%7.2f%)"
    let names: Vec<(String, String)> = report
        .variants
        .iter()
        .map(|v| ("simulated".to_string(), v.clone()))
        .chain(
            m.kernels
                .iter()
                .map(|k| ("measured".to_string(), k.clone())),
        )
        .collect();
    let widths: Vec<usize> = names
        .iter()
        .map(|(_, n)| col_w.max(n.chars().count()) + 2)
        .collect();
    let lead = 8;
    for line in 0..2 {
        let _ = write!(out, "{:<lead$}", if line == 1 { "clients" } else { "" });
        for ((kind, name), w) in names.iter().zip(&widths) {
            let s = if line == 0 { kind } else { name };
            let _ = write!(out, "{s:>w$}");
        }
        out.push('\n');
    }
    let nv = report.variants.len();
    for &x in &xs {
        let _ = write!(out, "{:<lead$}", format!("{x}"));
        let sim_base = sim_at(0, x);
        for v in 0..nv {
            let _ = write!(
                out,
                "{:>w$}",
                cell(sim_at(v, x), sim_base, PctOp::for_direction(sim_dir)),
                w = widths[v]
            );
        }
        let meas_base = meas_at(0, x);
        for k in 0..m.kernels.len() {
            let _ = write!(
                out,
                "{:>w$}",
                cell(meas_at(k, x), meas_base, PctOp::for_direction(meas_dir)),
                w = widths[nv + k]
            );
        }
        out.push('\n');
    }
    let others: Vec<&str> = m
        .rows
        .iter()
        .filter(|r| r.operation.parse::<f64>().is_err())
        .map(|r| r.operation.as_str())
        .collect();
    if !others.is_empty() {
        let _ = writeln!(
            out,
            "\n(measured operations that are not client counts, not shown: {})",
            others.join(", ")
        );
    }
    out
}
