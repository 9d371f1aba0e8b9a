//! The computations the worker runs, as plain Rust (tested natively): core results in, DTOs out.

use wakelab_plot::{LineChart, Series};
use wakelab_sim::pelt;

use crate::dto::{UtilCurve, UtilTraceRequest, UtilTraceResult};

/// Limits that keep a request cheap enough for an interactive page.
const MAX_CURVES: usize = 8;
const MAX_DURATION_MS: u32 = 10_000;

/// Run the PELT utilisation demo. `elapsed_ms` is left at 0 for the caller to fill.
pub fn util_trace(req: &UtilTraceRequest) -> Result<UtilTraceResult, String> {
    if req.duty_pcts.is_empty() || req.duty_pcts.len() > MAX_CURVES {
        return Err(format!("duty_pcts: give 1 to {MAX_CURVES} duty cycles"));
    }
    if let Some(d) = req.duty_pcts.iter().find(|&&d| d > 100) {
        return Err(format!("duty_pcts: {d} is above 100"));
    }
    if req.period_ms == 0 || req.step_ms == 0 {
        return Err("period_ms and step_ms must be positive".into());
    }
    if req.duration_ms == 0 || req.duration_ms > MAX_DURATION_MS {
        return Err(format!("duration_ms must be 1..={MAX_DURATION_MS}"));
    }
    const MS: u64 = 1_000_000;
    let curves = req
        .duty_pcts
        .iter()
        .map(|&duty| {
            let samples = pelt::util_trace(
                duty,
                req.period_ms as u64 * MS,
                req.duration_ms as u64 * MS,
                req.step_ms as u64 * MS,
            );
            UtilCurve {
                duty_pct: duty,
                t_ms: samples.iter().map(|s| s.t_ns as f64 / MS as f64).collect(),
                util: samples.iter().map(|s| s.util_avg).collect(),
            }
        })
        .collect();
    Ok(UtilTraceResult {
        request: req.clone(),
        curves,
        elapsed_ms: 0.0,
    })
}

/// The chart the page draws for a [`UtilTraceResult`].
pub fn util_trace_chart(res: &UtilTraceResult) -> LineChart {
    LineChart {
        title: format!(
            "PELT util_avg of a periodic task (period {} ms)",
            res.request.period_ms
        ),
        x_label: "time (ms)".into(),
        y_label: "util_avg".into(),
        series: res
            .curves
            .iter()
            .map(|c| Series {
                label: format!("{}% duty cycle", c.duty_pct),
                points: c
                    .t_ms
                    .iter()
                    .zip(&c.util)
                    .map(|(&t, &u)| (t, u as f64))
                    .collect(),
            })
            .collect(),
        y_range: Some((0.0, 1024.0)),
        legend: wakelab_plot::Legend::UpperLeft,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_request_converges_to_duty() {
        let res = util_trace(&UtilTraceRequest::default()).unwrap();
        assert_eq!(res.curves.len(), 3);
        for c in &res.curves {
            assert_eq!(c.t_ms.len(), c.util.len());
            assert_eq!(c.t_ms.len(), 401);
            let last = *c.util.last().unwrap() as f64;
            let want = 1024.0 * c.duty_pct as f64 / 100.0;
            assert!((last - want).abs() < 80.0, "duty {}: {last}", c.duty_pct);
        }
        let chart = util_trace_chart(&res);
        assert_eq!(chart.series.len(), 3);
        assert_eq!(chart.series[1].points[400].0, 400.0);
    }

    #[test]
    fn bad_requests_are_rejected() {
        let mut r = UtilTraceRequest {
            duty_pcts: vec![101],
            ..UtilTraceRequest::default()
        };
        assert!(util_trace(&r).is_err());
        r.duty_pcts = vec![];
        assert!(util_trace(&r).is_err());
        r = UtilTraceRequest::default();
        r.duration_ms = 0;
        assert!(util_trace(&r).is_err());
    }

    #[test]
    fn envelopes_reject_other_versions() {
        use crate::dto::{DTO_VERSION, Envelope, FromWorker};
        let e = Envelope::new(FromWorker::Ready);
        assert_eq!(e.v, DTO_VERSION);
        assert_eq!(e.clone().open().unwrap(), FromWorker::Ready);
        let stale = Envelope {
            v: DTO_VERSION + 1,
            ..e
        };
        assert!(stale.open().unwrap_err().contains("reload"));
    }
}
