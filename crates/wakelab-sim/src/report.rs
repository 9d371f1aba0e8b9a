//! Turning point results into mmtests-style comparisons (via `wakelab-stats`).

use serde::Serialize;
use wakelab_stats::{CompareReport, Comparison, Direction, OpsBlock, SisCounters};

use crate::experiment::PointResult;
use crate::placement::SisStats;
use crate::scenario::Experiment;

/// Everything an experiment produced, in a form CLI and web render the same way.
#[derive(Clone, Debug, Serialize)]
pub struct ExperimentReport {
    pub title: String,
    pub unit: String,
    pub higher_is_better: bool,
    pub variants: Vec<String>,
    pub clients: Vec<u32>,
    /// samples[variant][client index] = values of every iteration.
    pub samples: Vec<Vec<Vec<f64>>>,
    pub compare: CompareReport,
    /// SIS and wake_affine schedstats summed over all points of each variant.
    pub sis: Vec<SisStats>,
    pub ops_text: String,
}

impl SisStats {
    /// The counters the mmtests "Ops SIS" block reads.
    pub fn to_counters(&self) -> SisCounters {
        SisCounters {
            sis_search: self.sis_search,
            sis_domain_search: self.sis_domain_search,
            sis_scanned: self.sis_scanned,
            sis_failed: self.sis_failed,
            sis_recent_hit: self.sis_recent_hit,
            sis_recent_miss: self.sis_recent_miss,
        }
    }
}

/// Build the comparison from results (any order; missing points are left out).
pub fn build_report(exp: &Experiment, results: &[PointResult]) -> ExperimentReport {
    let clients = exp.client_counts();
    let nv = exp.variants.len();
    let mut samples = vec![vec![Vec::new(); clients.len()]; nv];
    let mut sis = vec![SisStats::default(); nv];
    let mut migrations = vec![0u64; nv];
    // energy (J) and the benchmark's number per watt of average power, per variant
    let mut energy_j = vec![0f64; nv];
    let mut per_watt = vec![(0f64, 0u32); nv];
    let mut higher = true;
    let mut unit = String::new();
    // deterministic order whatever the completion order
    let mut sorted: Vec<&PointResult> = results.iter().collect();
    sorted.sort_by_key(|r| (r.variant, r.clients, r.iteration));
    for r in sorted {
        if let Some(ci) = clients.iter().position(|&c| c == r.clients) {
            if r.variant < nv {
                samples[r.variant][ci].push(r.value);
                sis[r.variant].add(&r.sis);
                migrations[r.variant] += r.migrations;
                let j = r.energy_mj / 1000.0;
                energy_j[r.variant] += j;
                let watts = if r.sim_ns > 0 {
                    j / (r.sim_ns as f64 / 1e9)
                } else {
                    0.0
                };
                if watts > 0.0 && r.value.is_finite() {
                    per_watt[r.variant].0 += r.value / watts;
                    per_watt[r.variant].1 += 1;
                }
                higher = r.metric.higher_is_better();
                unit = r.metric.unit().to_string();
            }
        }
    }
    let names: Vec<String> = exp.variants.iter().map(|v| v.name.clone()).collect();
    let dir = if higher {
        Direction::HigherBetter
    } else {
        Direction::LowerBetter
    };
    let mut cmp = Comparison::new(exp.scenario.title.clone(), dir, names.clone());
    for (ci, c) in clients.iter().enumerate() {
        let per_variant: Vec<Vec<f64>> = (0..nv).map(|v| samples[v][ci].clone()).collect();
        if per_variant.iter().any(|s| !s.is_empty()) {
            cmp.push(c.to_string(), per_variant);
        }
    }
    let mut ops = OpsBlock::new(names.clone());
    let counters: Vec<SisCounters> = sis.iter().map(|s| s.to_counters()).collect();
    ops.push_sis(&counters);
    ops.push_row(
        "wake_affine attempts",
        sis.iter()
            .map(|s| s.nr_wakeups_affine_attempts as f64)
            .collect(),
    );
    ops.push_row(
        "wake_affine moves",
        sis.iter().map(|s| s.nr_wakeups_affine as f64).collect(),
    );
    ops.push_row("migrations", migrations.iter().map(|&m| m as f64).collect());
    ops.push_row("energy J", energy_j.clone());
    ops.push_row(
        format!("{unit} per W (mean)"),
        per_watt
            .iter()
            .map(|&(sum, n)| if n > 0 { sum / n as f64 } else { 0.0 })
            .collect(),
    );
    ExperimentReport {
        title: exp.scenario.title.clone(),
        unit,
        higher_is_better: higher,
        variants: names,
        clients,
        samples,
        compare: cmp.report(),
        sis,
        ops_text: ops.render_text(),
    }
}

impl ExperimentReport {
    /// One curve per variant: (client count, mean of the iterations: harmonic for throughput,
    /// arithmetic for times), in client order. Points without samples are left out.
    pub fn curves(&self) -> Vec<(String, Vec<(f64, f64)>)> {
        self.variants
            .iter()
            .enumerate()
            .map(|(v, name)| {
                let pts = self
                    .clients
                    .iter()
                    .enumerate()
                    .filter(|(ci, _)| !self.samples[v][*ci].is_empty())
                    .map(|(ci, &c)| {
                        let s = &self.samples[v][ci];
                        let m = if self.higher_is_better {
                            wakelab_stats::stats::hmean(s)
                        } else {
                            wakelab_stats::stats::amean(s)
                        };
                        (c as f64, m)
                    })
                    .collect();
                (name.clone(), pts)
            })
            .collect()
    }
}
