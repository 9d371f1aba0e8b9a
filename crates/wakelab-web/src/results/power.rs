//! Energy and performance per watt against client count, per variant: the per-client view of
//! the Ops block's "energy J" and "`<unit> per W (mean)`" rows (`wakelab_sim::report`), computed
//! the same way (average power = the point's energy over its simulated time).

use wakelab_plot::{Legend, XyChart, XySeries};
use wakelab_sim::experiment::PointResult;
use wakelab_sim::report::ExperimentReport;

use super::client_ticks;

/// One point's energy (J) and the benchmark's number per watt of average power (`None` when
/// the run has no energy or no finite value).
pub fn point_power(r: &PointResult) -> (f64, Option<f64>) {
    let j = r.energy_mj / 1000.0;
    let watts = if r.sim_ns > 0 {
        j / (r.sim_ns as f64 / 1e9)
    } else {
        0.0
    };
    let per_watt = (watts > 0.0 && r.value.is_finite()).then(|| r.value / watts);
    (j, per_watt)
}

/// The two charts: energy (J, mean of the iterations) and `<unit> per W` (mean of the
/// iterations' ratios, as the Ops block averages them), one line per variant.
#[derive(Clone, Debug, PartialEq)]
pub struct PowerCharts {
    pub energy: XyChart,
    pub per_watt: XyChart,
}

/// Sums over the iterations of one (variant, client count).
#[derive(Clone, Copy, Default)]
struct Acc {
    joules: f64,
    n: u32,
    per_watt: f64,
    n_per_watt: u32,
}

pub fn power_charts(report: &ExperimentReport, results: &[PointResult]) -> PowerCharts {
    let nv = report.variants.len();
    let nc = report.clients.len();
    // [variant][client index] = (sum J, n, sum per-W, n per-W)
    let mut acc = vec![vec![Acc::default(); nc]; nv];
    for r in results {
        let Some(ci) = report.clients.iter().position(|&c| c == r.clients) else {
            continue;
        };
        if r.variant >= nv {
            continue;
        }
        let (j, pw) = point_power(r);
        let a = &mut acc[r.variant][ci];
        a.joules += j;
        a.n += 1;
        if let Some(pw) = pw {
            a.per_watt += pw;
            a.n_per_watt += 1;
        }
    }
    let series = |pick: &dyn Fn(&Acc) -> Option<f64>| -> Vec<XySeries> {
        report
            .variants
            .iter()
            .enumerate()
            .map(|(v, name)| XySeries {
                label: name.clone(),
                points: report
                    .clients
                    .iter()
                    .zip(&acc[v])
                    .filter_map(|(&c, a)| pick(a).map(|y| (c as f64, y)))
                    .collect(),
                markers: true,
                color: v,
                ..XySeries::default()
            })
            .collect()
    };
    let (x_ticks, x_log2) = client_ticks(&report.clients);
    let chart = |y_label: String, series: Vec<XySeries>, legend: Legend| XyChart {
        title: String::new(),
        x_label: "clients".into(),
        y_label,
        series,
        y_range: None,
        legend,
        x_log2,
        x_ticks: x_ticks.clone(),
    };
    let unit = if report.unit.is_empty() {
        "value"
    } else {
        report.unit.as_str()
    };
    PowerCharts {
        energy: chart(
            "energy per run (J)".into(),
            series(&|a| (a.n > 0).then(|| a.joules / a.n as f64)),
            // runs have a fixed length, so energy rises with the load: the lower right is free
            Legend::LowerRight,
        ),
        per_watt: chart(
            format!("{unit} per W"),
            series(&|a| (a.n_per_watt > 0).then(|| a.per_watt / a.n_per_watt as f64)),
            if report.higher_is_better {
                Legend::LowerRight
            } else {
                Legend::UpperRight
            },
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dto::PointJob;
    use crate::glue::{parse_point, run_point};
    use wakelab_sim::report::build_report;
    use wakelab_sim::{presets, scenario::Experiment};

    fn small() -> Experiment {
        let mut e = presets::experiment("default").unwrap();
        e.clients = vec![1, 4];
        e.iterations = 2;
        e.scenario.run.duration_ms = 40;
        e.scenario.run.warmup_ms = 10;
        e
    }

    fn run_all(e: &Experiment) -> Vec<PointResult> {
        let json = serde_json::to_string(e).unwrap();
        crate::glue::job_order(e)
            .into_iter()
            .map(|(v, c, it)| {
                let job = PointJob {
                    job: 0,
                    experiment: json.clone(),
                    variant: v as u32,
                    clients: c,
                    iteration: it,
                };
                parse_point(&run_point(&job, None).unwrap()).unwrap()
            })
            .collect()
    }

    #[test]
    fn per_client_energy_matches_the_ops_block_totals() {
        let e = small();
        let results = run_all(&e);
        let report = build_report(&e, &results);
        let pc = power_charts(&report, &results);
        assert_eq!(pc.energy.series.len(), 2);
        assert_eq!(pc.per_watt.series.len(), 2);
        for (v, s) in pc.energy.series.iter().enumerate() {
            assert_eq!(s.points.len(), 2, "one point per client count");
            // mean per client count x iterations = the Ops block's total energy of the variant
            let total: f64 = s.points.iter().map(|p| p.1 * 2.0).sum();
            let ops_total: f64 = results
                .iter()
                .filter(|r| r.variant == v)
                .map(|r| r.energy_mj / 1000.0)
                .sum();
            assert!((total - ops_total).abs() < 1e-9 * ops_total.max(1.0));
            assert!(s.points.iter().all(|p| p.1 > 0.0), "energy is positive");
        }
        // more clients do more work and burn more energy on the same machine
        let s = &pc.energy.series[0];
        assert!(s.points[1].1 > s.points[0].1, "{:?}", s.points);
        assert!(report.ops_text.contains("per W"));
        assert!(pc.per_watt.y_label.ends_with("per W"));
        // the mean over all points of a variant equals the Ops block's mean
        let mean_pw: f64 = pc.per_watt.series[1]
            .points
            .iter()
            .map(|p| p.1)
            .sum::<f64>()
            / 2.0;
        let direct: Vec<f64> = results
            .iter()
            .filter(|r| r.variant == 1)
            .filter_map(|r| point_power(r).1)
            .collect();
        let direct_mean = direct.iter().sum::<f64>() / direct.len() as f64;
        assert!((mean_pw - direct_mean).abs() < 1e-9 * direct_mean);
    }

    #[test]
    fn missing_points_are_left_out() {
        let e = small();
        let results: Vec<PointResult> =
            run_all(&e).into_iter().filter(|r| r.clients == 4).collect();
        let report = build_report(&e, &results);
        let pc = power_charts(&report, &results);
        assert!(
            pc.energy
                .series
                .iter()
                .all(|s| s.points.len() == 1 && s.points[0].0 == 4.0)
        );
        let mut r = results[0].clone();
        r.energy_mj = 0.0;
        assert_eq!(point_power(&r).1, None);
    }
}
