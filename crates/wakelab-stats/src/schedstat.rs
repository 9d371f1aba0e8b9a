//! The "Ops ..." block: whole-run counters and derived rates, one column per
//! kernel.
//!
//! Row names come from mmtests' `bin/lib/MMTests/MonitorProcschedstat.pm`
//! (`%_fieldNameMap`); the derived formulas are those of
//! the project spec `kernel-model.md` §11.3 (the same as `parseSchedstat` there). The
//! layout is mmtests' compare table without a percentage column: label
//! `Ops` + one space + the row name padded to the longest name, then one
//! `%15.2f` field per kernel, under a two-line header of `%15s` names.

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use crate::format::{fixed, header_lines};

/// Value field width of the Ops block, as in the published postings.
pub const OPS_FIELD_LENGTH: usize = 15;

/// Raw SIS schedstat counters summed over all CPUs for a whole run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SisCounters {
    /// Calls of select_idle_sibling.
    pub sis_search: u64,
    /// Times the LLC domain was searched because the fast checks failed.
    pub sis_domain_search: u64,
    /// Runqueues scanned (the fast checks count as one).
    pub sis_scanned: u64,
    /// Calls that found no idle CPU.
    pub sis_failed: u64,
    /// recent_used_cpu was usable and returned.
    pub sis_recent_hit: u64,
    /// recent_used_cpu was a candidate but not usable.
    pub sis_recent_miss: u64,
}

/// The derived rows of [`SisCounters`], as f64 so they print uniformly.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SisDerived {
    /// `sis_scanned - (sis_search - sis_domain_search)`.
    pub domain_scanned: f64,
    /// `sis_recent_hit + sis_recent_miss`.
    pub recent_attempts: f64,
    /// `100 * sis_search / sis_scanned`; 100 when nothing was scanned.
    pub search_efficiency: f64,
    /// `100 * sis_domain_search / domain_scanned`; 100 when there was no
    /// domain search (or nothing scanned in it).
    pub domain_search_eff: f64,
    /// `100 * (sis_search - sis_domain_search) / sis_search`; 100 without
    /// searches.
    pub fast_success_rate: f64,
    /// `100 * (sis_search - sis_failed) / sis_search`; 100 without searches.
    pub success_rate: f64,
    /// `100 * sis_recent_hit / recent_attempts`; 0 without attempts.
    pub recent_success_rate: f64,
}

fn pct(num: f64, den: f64, if_zero: f64) -> f64 {
    if den > 0.0 {
        100.0 * num / den
    } else {
        if_zero
    }
}

impl SisCounters {
    /// Compute the derived rates (kernel-model.md §11.3).
    pub fn derived(&self) -> SisDerived {
        let search = self.sis_search as f64;
        let domain_search = self.sis_domain_search as f64;
        let fast = self.sis_search as i128 - self.sis_domain_search as i128;
        let domain_scanned = (self.sis_scanned as i128 - fast) as f64;
        let attempts = self.sis_recent_hit as f64 + self.sis_recent_miss as f64;
        SisDerived {
            domain_scanned,
            recent_attempts: attempts,
            search_efficiency: pct(search, self.sis_scanned as f64, 100.0),
            domain_search_eff: if self.sis_domain_search == 0 {
                100.0
            } else {
                pct(domain_search, domain_scanned, 100.0)
            },
            fast_success_rate: pct(fast as f64, search, 100.0),
            success_rate: pct(
                (self.sis_search as i128 - self.sis_failed as i128) as f64,
                search,
                100.0,
            ),
            recent_success_rate: pct(self.sis_recent_hit as f64, attempts, 0.0),
        }
    }

    /// The 13 SIS rows in the order of Mel Gorman's postings, names without
    /// the `Ops ` prefix.
    pub fn rows(&self) -> Vec<(&'static str, f64)> {
        let d = self.derived();
        vec![
            ("SIS Search", self.sis_search as f64),
            ("SIS Domain Search", self.sis_domain_search as f64),
            ("SIS Scanned", self.sis_scanned as f64),
            ("SIS Domain Scanned", d.domain_scanned),
            ("SIS Failures", self.sis_failed as f64),
            ("SIS Recent Used Hit", self.sis_recent_hit as f64),
            ("SIS Recent Used Miss", self.sis_recent_miss as f64),
            ("SIS Recent Attempts", d.recent_attempts),
            ("SIS Search Efficiency", d.search_efficiency),
            ("SIS Domain Search Eff", d.domain_search_eff),
            ("SIS Fast Success Rate", d.fast_success_rate),
            ("SIS Success Rate", d.success_rate),
            ("SIS Recent Success Rate", d.recent_success_rate),
        ]
    }
}

/// One line of an [`OpsBlock`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OpsRow {
    /// Name without the `Ops ` prefix, e.g. `"SIS Search"` or `"Migrations"`.
    pub name: String,
    /// One value per kernel.
    pub values: Vec<f64>,
}

/// A block of `Ops` lines for N kernels side by side.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OpsBlock {
    /// Column names, baseline first.
    pub kernels: Vec<String>,
    /// Lines in print order.
    pub rows: Vec<OpsRow>,
}

impl OpsBlock {
    /// An empty block for these kernels.
    pub fn new(kernels: Vec<String>) -> Self {
        OpsBlock {
            kernels,
            rows: Vec::new(),
        }
    }

    /// Append a caller-named row (e.g. `"Migrations"`, `"Wake Affine"`).
    pub fn push_row(&mut self, name: impl Into<String>, values: Vec<f64>) -> &mut Self {
        self.rows.push(OpsRow {
            name: name.into(),
            values,
        });
        self
    }

    /// Append the 13 SIS rows, `counters[k]` being kernel `k`'s counters.
    pub fn push_sis(&mut self, counters: &[SisCounters]) -> &mut Self {
        let per_kernel: Vec<_> = counters.iter().map(SisCounters::rows).collect();
        if let Some(first) = per_kernel.first() {
            for (i, (name, _)) in first.iter().enumerate() {
                let values = per_kernel.iter().map(|r| r[i].1).collect();
                self.push_row(*name, values);
            }
        }
        self
    }

    /// Only the `Ops ...` lines, without the kernel header.
    pub fn render_rows(&self) -> String {
        let w = self.name_width();
        let mut out = String::new();
        for row in &self.rows {
            let _ = write!(out, "Ops {:<w$}", row.name);
            for &v in &row.values {
                out.push_str(&fixed(v, OPS_FIELD_LENGTH, 2));
            }
            out.push('\n');
        }
        out
    }

    /// The two-line kernel header followed by the rows.
    pub fn render_text(&self) -> String {
        let mut out = header_lines(&self.kernels, 4 + self.name_width(), OPS_FIELD_LENGTH);
        out.push_str(&self.render_rows());
        out
    }

    fn name_width(&self) -> usize {
        self.rows
            .iter()
            .map(|r| r.name.chars().count())
            .max()
            .unwrap_or(0)
    }
}
