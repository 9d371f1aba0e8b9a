//! The comparison model and its compare-mmtests text layout.
//!
//! Row set and order follow `bin/lib/MMTests/SummariseMultiops.pm`
//! (`min, _mean, stddev-_mean, coeffvar-_mean, max, _mean-50, _mean-95,
//! _mean-99`) with the names of `Stat.pm`'s `stat_names`; the layout follows
//! `Compare::_generateRenderTable` / `_generateHeaderTable` and
//! `PrintGeneric::printRow`: rows grouped by statistic, then by operation;
//! `%-{w}s %-{w}s` labels, `%12.2f` values, ` (%7.2f%%)` percentages, and
//! ` *%7.2f%%*` (parentheses replaced by `*`) on significant mean rows.

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use crate::format::{fixed, header_lines};
use crate::significance::{PctOp, is_significant};
use crate::stats::{Direction, Summary};

/// mmtests' default value field width (`Summarise::initialise`).
pub const FIELD_LENGTH: usize = 12;
/// mmtests' default percentage field width (`Compare::_generateRenderTable`).
pub const COMPARE_LENGTH: usize = 7;

fn default_precision() -> usize {
    2
}

/// Samples of one operation (client count, group count, ...) for every
/// kernel, in the same order as [`Comparison::kernels`]. A kernel without a
/// sample vector (shorter `samples`) is treated like an empty one.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OperationSamples {
    /// Operation key printed in the second column, e.g. `"64"`.
    pub operation: String,
    /// `samples[k]` holds the raw samples measured on kernel `k`.
    pub samples: Vec<Vec<f64>>,
}

/// A benchmark compared across kernels; the first kernel is the baseline
/// every other column is compared against.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Comparison {
    /// Benchmark name (kept in the structured report; mmtests prints it
    /// outside the table, so [`CompareReport::render_text`] does not).
    pub title: String,
    /// Which way the metric improves.
    pub metric_direction: Direction,
    /// Column names, e.g. `"5.10.0-rc6-schedstat"`.
    pub kernels: Vec<String>,
    /// One entry per operation, in print order.
    pub rows: Vec<OperationSamples>,
    /// Decimals of the value columns (mmtests `_Precision`, default 2).
    #[serde(default = "default_precision")]
    pub precision: usize,
}

/// Which summary statistic a report row shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum StatKind {
    /// Smallest sample.
    Min,
    /// Hmean or Amean, depending on direction; the only row that can be
    /// marked significant.
    Mean,
    /// Standard deviation matching the mean.
    Stddev,
    /// Coefficient of variation.
    CoeffVar,
    /// Largest sample.
    Max,
    /// Mean of the best N% of samples.
    Best(u32),
}

impl StatKind {
    /// The rows of a multi-operation comparison, in mmtests' order.
    pub const ALL: [StatKind; 8] = [
        StatKind::Min,
        StatKind::Mean,
        StatKind::Stddev,
        StatKind::CoeffVar,
        StatKind::Max,
        StatKind::Best(50),
        StatKind::Best(95),
        StatKind::Best(99),
    ];

    /// The row label mmtests prints (`Stat.pm` `stat_names`): `Hmean`,
    /// `HStddev`, `HCoeffVar`, `BHmean-95` for higher-is-better; `Amean`,
    /// `Stddev`, `CoeffVar`, `BAmean-95` for lower-is-better.
    pub fn name(self, dir: Direction) -> String {
        let h = dir == Direction::HigherBetter;
        match self {
            StatKind::Min => "Min".into(),
            StatKind::Max => "Max".into(),
            StatKind::Mean => if h { "Hmean" } else { "Amean" }.into(),
            StatKind::Stddev => if h { "HStddev" } else { "Stddev" }.into(),
            StatKind::CoeffVar => if h { "HCoeffVar" } else { "CoeffVar" }.into(),
            StatKind::Best(p) => format!("{}-{p}", if h { "BHmean" } else { "BAmean" }),
        }
    }

    /// How the percentage is computed (`Stat.pm` `stat_compare`: spread rows
    /// always use `pndiff`, the others follow the direction).
    pub fn pct_op(self, dir: Direction) -> PctOp {
        match self {
            StatKind::Stddev | StatKind::CoeffVar => PctOp::Pndiff,
            _ => PctOp::for_direction(dir),
        }
    }

    /// This statistic's value in `s`.
    pub fn value(self, s: &Summary) -> f64 {
        match self {
            StatKind::Min => s.min,
            StatKind::Mean => s.mean,
            StatKind::Stddev => s.stddev,
            StatKind::CoeffVar => s.coeffvar,
            StatKind::Max => s.max,
            StatKind::Best(50) => s.best50,
            StatKind::Best(95) => s.best95,
            StatKind::Best(99) => s.best99,
            StatKind::Best(_) => f64::NAN,
        }
    }
}

/// One kernel's entry in a report row.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Cell {
    /// The statistic, or `None` when undefined (mmtests then prints `0.00`
    /// and a `0.00%` difference).
    pub value: Option<f64>,
    /// Percentage difference against the baseline, positive = better
    /// (may be NaN when only the baseline is undefined, as in mmtests).
    pub pct: f64,
    /// Mean rows only: the intervals of this kernel and the baseline do not
    /// overlap. Always `false` for the baseline and other rows.
    pub significant: bool,
    /// Mean rows only: `mean ± 1.96 σ`, when defined.
    pub interval: Option<(f64, f64)>,
}

/// One line of the comparison: a statistic for one operation across kernels.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReportRow {
    /// Printed label, e.g. `"Hmean"`.
    pub stat: String,
    /// Which statistic.
    pub kind: StatKind,
    /// Operation key, e.g. `"64"`.
    pub operation: String,
    /// One cell per kernel, baseline first.
    pub cells: Vec<Cell>,
}

/// The computed comparison, ready for text, CSV or JSON output.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CompareReport {
    /// Benchmark name.
    pub title: String,
    /// Which way the metric improves.
    pub direction: Direction,
    /// Column names, baseline first.
    pub kernels: Vec<String>,
    /// Decimals of the value columns.
    pub precision: usize,
    /// Rows grouped by statistic, then operation (mmtests' order).
    pub rows: Vec<ReportRow>,
    /// `summaries[op][kernel]`: the full summary behind the rows.
    pub summaries: Vec<Vec<Summary>>,
}

impl Comparison {
    /// An empty comparison with the default precision of 2.
    pub fn new(title: impl Into<String>, dir: Direction, kernels: Vec<String>) -> Self {
        Comparison {
            title: title.into(),
            metric_direction: dir,
            kernels,
            rows: Vec::new(),
            precision: default_precision(),
        }
    }

    /// Append an operation with its per-kernel samples.
    pub fn push(&mut self, operation: impl Into<String>, samples: Vec<Vec<f64>>) -> &mut Self {
        self.rows.push(OperationSamples {
            operation: operation.into(),
            samples,
        });
        self
    }

    /// Compute every statistic, percentage and significance flag.
    pub fn report(&self) -> CompareReport {
        let dir = self.metric_direction;
        let summaries: Vec<Vec<Summary>> = self
            .rows
            .iter()
            .map(|op| {
                (0..self.kernels.len())
                    .map(|k| Summary::new(op.samples.get(k).map_or(&[][..], |v| v), dir))
                    .collect()
            })
            .collect();
        let mut rows = Vec::new();
        for kind in StatKind::ALL {
            let op_fn = kind.pct_op(dir);
            for (op, sums) in self.rows.iter().zip(&summaries) {
                let base = sums.first().map_or(f64::NAN, |s| kind.value(s));
                let cells = sums
                    .iter()
                    .enumerate()
                    .map(|(k, s)| {
                        // A kernel without samples for this operation is
                        // missing (Compare.pm: `exists $summary{$op}` fails):
                        // every row prints 0.00 and 0.00%.
                        let v = if s.n == 0 { f64::NAN } else { kind.value(s) };
                        let is_mean = kind == StatKind::Mean;
                        Cell {
                            value: (!v.is_nan()).then_some(v),
                            pct: if v.is_nan() {
                                0.0
                            } else {
                                op_fn.apply(v, base)
                            },
                            significant: is_mean && k > 0 && is_significant(&sums[0], s),
                            interval: if is_mean { s.interval() } else { None },
                        }
                    })
                    .collect();
                rows.push(ReportRow {
                    stat: kind.name(dir),
                    kind,
                    operation: op.operation.clone(),
                    cells,
                });
            }
        }
        CompareReport {
            title: self.title.clone(),
            direction: dir,
            kernels: self.kernels.clone(),
            precision: self.precision,
            rows,
            summaries,
        }
    }

    /// For figures quoted from a posting (one value per kernel and operation): only the mean
    /// rows, with their percentages, and no significance marks, which single figures cannot
    /// carry.
    pub fn quoted_report(&self) -> CompareReport {
        let mut r = self.report();
        r.rows.retain(|row| row.kind == StatKind::Mean);
        for cell in r.rows.iter_mut().flat_map(|row| row.cells.iter_mut()) {
            cell.significant = false;
            cell.interval = None;
        }
        r
    }

    /// Shorthand for `self.report().render_text()`.
    pub fn render_text(&self) -> String {
        self.report().render_text()
    }
}

impl CompareReport {
    /// The compare-mmtests text: two header lines with the kernel names
    /// right-aligned over their columns, then one line per row.
    pub fn render_text(&self) -> String {
        let stat_w = StatKind::ALL
            .iter()
            .map(|k| k.name(self.direction).len())
            .max()
            .unwrap_or(0);
        let op_w = self
            .rows
            .iter()
            .map(|r| r.operation.chars().count())
            .max()
            .unwrap_or(0);
        let mut out = header_lines(
            &self.kernels,
            stat_w + 1 + op_w,
            FIELD_LENGTH + COMPARE_LENGTH + 4,
        );
        for row in &self.rows {
            let _ = write!(out, "{:<stat_w$} {:<op_w$}", row.stat, row.operation);
            for cell in &row.cells {
                out.push_str(&fixed(
                    cell.value.unwrap_or(0.0),
                    FIELD_LENGTH,
                    self.precision,
                ));
                let pct = fixed(cell.pct, COMPARE_LENGTH, 2);
                if cell.significant {
                    let _ = write!(out, " *{pct}%*");
                } else {
                    let _ = write!(out, " ({pct}%)");
                }
            }
            out.push('\n');
        }
        out
    }

    /// Long-format CSV: `stat,operation,kernel,value,pct,significant,n,note`, one line per
    /// cell; `n` is the number of samples behind it. An undefined value is an empty field
    /// and `note` says why (`n=1`: a spread needs two samples; `n=0`: no samples), so a
    /// one-iteration run's empty stddev does not read as a lost number.
    pub fn to_csv(&self) -> String {
        let mut out = String::from("stat,operation,kernel,value,pct,significant,n,note\n");
        let n_ops = self.summaries.len();
        for (i, row) in self.rows.iter().enumerate() {
            // Rows are grouped by statistic, each group in operation order (report()).
            let sums = (n_ops > 0).then(|| self.summaries.get(i % n_ops)).flatten();
            for (k, cell) in row.cells.iter().enumerate() {
                let value = cell.value.map(|v| v.to_string()).unwrap_or_default();
                let n = sums.and_then(|s| s.get(k)).map(|s| s.n);
                let note = match (cell.value, n) {
                    (Some(_), _) | (None, None) => String::new(),
                    (None, Some(0)) => "n=0: no samples".into(),
                    (None, Some(1)) => "n=1: a spread needs two samples".into(),
                    (None, Some(n)) => format!("n={n}: undefined"),
                };
                let _ = writeln!(
                    out,
                    "{},{},{},{},{},{},{},{}",
                    csv_field(&row.stat),
                    csv_field(&row.operation),
                    csv_field(self.kernels.get(k).map_or("", String::as_str)),
                    value,
                    cell.pct,
                    cell.significant,
                    n.map(|n| n.to_string()).unwrap_or_default(),
                    note
                );
            }
        }
        out
    }
}

/// A text cell (names, labels; never the numbers this crate formats), RFC 4180 quoted, and
/// spreadsheet-safe: a cell a spreadsheet would read as a formula (`=`, `+`, `-`, `@`, or a
/// tab or carriage return before one) gets a leading `'`, as OWASP's CSV-injection advice has
/// it, so a variant named `=HYPERLINK(...)` in a shared link stays text when the CSV is opened.
fn csv_field(s: &str) -> String {
    let s = if s.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{s}")
    } else {
        s.to_string()
    };
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s
    }
}
