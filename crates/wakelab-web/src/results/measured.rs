//! Measured results (compare-mmtests text, its JSON export, Wakelab's measured JSON or a simple
//! CSV, parsed by `wakelab_interop::measured`) next to the simulated ones: dashed
//! `"<kernel> (measured)"` lines on the results chart and measured columns in the table.
//! Kernels pair with variants by position, as `wakelab compare-measured` pairs them.

use wakelab_interop::measured::{
    ImportOptions, MeasuredResults, parse_measured, parse_measured_bytes,
};
use wakelab_interop::overlay::{MEASURED_SUFFIX, measured_series, overlay_warnings};
use wakelab_plot::{XyChart, XySeries};
use wakelab_sim::report::ExperimentReport;

use super::client_ticks;

/// Parse pasted or loaded text; the error is the parser's message naming the line.
pub fn parse(text: &str) -> Result<MeasuredResults, String> {
    if text.trim().is_empty() {
        return Err(
            "nothing to read: paste compare-mmtests output, its JSON export or a CSV \
                    (clients,kernel1,kernel2,...), or load a file"
                .into(),
        );
    }
    plottable(parse_measured(text, &ImportOptions::default()).map_err(|e| e.to_string())?)
}

/// Parse a loaded file (gzip'ed JSON exports too); errors as [`parse`].
pub fn parse_bytes(bytes: &[u8]) -> Result<MeasuredResults, String> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return parse("");
    }
    plottable(parse_measured_bytes(bytes, &ImportOptions::default()).map_err(|e| e.to_string())?)
}

fn plottable(m: MeasuredResults) -> Result<MeasuredResults, String> {
    if m.numeric_rows().is_empty() {
        return Err(format!(
            "no row of the {} statistic has a client or group count to plot (operations: {})",
            m.stat,
            m.rows
                .iter()
                .take(5)
                .map(|r| r.operation.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    Ok(m)
}

/// Add the measured curves to the results chart (dashed, with markers, in the colour of the
/// variant at the same position) and put their client counts on the x axis.
pub fn add_to_chart(chart: &mut XyChart, report: &ExperimentReport, m: &MeasuredResults) {
    let mut counts: Vec<u32> = report.clients.clone();
    for (k, s) in measured_series(m).into_iter().enumerate() {
        let points: Vec<(f64, f64)> = s.points.into_iter().filter(|p| p.0 > 0.0).collect();
        counts.extend(points.iter().map(|p| p.0.round() as u32));
        chart.series.push(XySeries {
            label: s.label,
            points,
            dashed: true,
            markers: true,
            color: k,
            ..XySeries::default()
        });
    }
    // Keep any other ticks (published numbers) too.
    counts.extend(
        chart
            .x_ticks
            .iter()
            .filter(|t| t.0 > 0.0)
            .map(|t| t.0.round() as u32),
    );
    let (ticks, log2) = client_ticks(&counts);
    chart.x_ticks = ticks;
    chart.x_log2 = log2;
}

/// Measured columns of the results table: one per kernel, labelled `(measured)`, then each
/// kernel's change against the first (`Δ <kernel> (measured)`, positive = better, as the
/// simulated Δ columns: the docs say to compare the changes, not the values), and one row per
/// client count of the simulation or the file (`simulated` says which rows the simulation
/// has).
#[derive(Clone, Debug, PartialEq)]
pub struct MeasuredTable {
    pub headers: Vec<String>,
    pub delta_headers: Vec<String>,
    pub rows: Vec<MeasuredTableRow>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct MeasuredTableRow {
    pub clients: u32,
    pub simulated: bool,
    pub values: Vec<Option<f64>>,
    /// Kernel `k + 1` against kernel 0 in percent, positive = better; None where either value
    /// is missing or the baseline is 0.
    pub deltas: Vec<Option<f64>>,
}

pub fn table(report: &ExperimentReport, m: &MeasuredResults) -> MeasuredTable {
    let rows_m = m.numeric_rows();
    let mut counts: Vec<u32> = report.clients.clone();
    counts.extend(
        rows_m
            .iter()
            .filter(|(x, _)| *x >= 0.0 && x.fract() == 0.0 && *x <= u32::MAX as f64)
            .map(|(x, _)| *x as u32),
    );
    counts.sort_unstable();
    counts.dedup();
    // The file's direction when it says (mmtests' Hmean / Amean), else the simulation's (a
    // CSV); a mismatch is one of describe()'s warnings.
    let higher_is_better = m.higher_is_better.unwrap_or(report.higher_is_better);
    MeasuredTable {
        headers: m
            .kernels
            .iter()
            .map(|k| format!("{k}{MEASURED_SUFFIX}"))
            .collect(),
        delta_headers: m
            .kernels
            .iter()
            .skip(1)
            .map(|k| format!("Δ {k}{MEASURED_SUFFIX}"))
            .collect(),
        rows: counts
            .into_iter()
            .map(|c| {
                let values: Vec<Option<f64>> = (0..m.kernels.len())
                    .map(|k| {
                        rows_m
                            .iter()
                            .find(|(x, _)| *x == c as f64)
                            .and_then(|(_, r)| r.values.get(k).copied().flatten())
                    })
                    .collect();
                let deltas = values
                    .iter()
                    .skip(1)
                    .map(|v| crate::glue::gain_pct((*values.first()?)?, (*v)?, higher_is_better))
                    .collect();
                MeasuredTableRow {
                    clients: c,
                    simulated: report.clients.contains(&c),
                    values,
                    deltas,
                }
            })
            .collect(),
    }
}

/// What the user should know: the file's format and statistic, the parser's notes and the
/// overlay's warnings (direction mismatch, no common client count, column pairing).
pub fn describe(report: &ExperimentReport, m: &MeasuredResults) -> Vec<String> {
    let mut v = vec![format!(
        "Measured: {} kernel{} ({}), statistic {}{}, {} row{} — dashed lines marked \
         \"(measured)\"; kernels pair with variants by position; \"Δ … (measured)\" is each \
         kernel's change against the file's first, to read beside the simulated Δ.",
        m.kernels.len(),
        if m.kernels.len() == 1 { "" } else { "s" },
        m.kernels.join(", "),
        m.stat,
        if m.benchmark.is_empty() {
            String::new()
        } else {
            format!(" of {}", m.benchmark)
        },
        m.rows.len(),
        if m.rows.len() == 1 { "" } else { "s" },
    )];
    v.extend(m.notes.iter().map(|n| format!("Note: {n}")));
    v.extend(
        overlay_warnings(report, m)
            .into_iter()
            .map(|w| format!("Warning: {w}")),
    );
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use wakelab_sim::report::build_report;
    use wakelab_sim::{experiment::run_point, presets};

    fn report() -> ExperimentReport {
        let mut e = presets::experiment("default").unwrap();
        e.clients = vec![1, 2];
        e.scenario.run.duration_ms = 20;
        e.scenario.run.warmup_ms = 5;
        let rs: Vec<_> = wakelab_sim::experiment::points(&e)
            .into_iter()
            .map(|(v, c, it)| run_point(&e, v, c, it, None).unwrap())
            .collect();
        build_report(&e, &rs)
    }

    const CSV: &str = "clients,v4.16,v4.16-patched\n1,100.5,101\n2,190,210\n64,3000,3300\n";

    #[test]
    fn csv_overlays_dashed_measured_lines_and_table_columns() {
        let rep = report();
        let m = parse(CSV).unwrap();
        let mut chart = crate::glue::report_chart(&rep, &[]);
        let before = chart.series.len();
        add_to_chart(&mut chart, &rep, &m);
        assert_eq!(chart.series.len(), before + 2);
        let s = &chart.series[before + 1];
        assert_eq!(s.label, "v4.16-patched (measured)");
        assert!(s.dashed && s.markers && s.color == 1);
        assert_eq!(s.points, vec![(1.0, 101.0), (2.0, 210.0), (64.0, 3300.0)]);
        assert!(chart.x_ticks.iter().any(|t| t.1 == "64") && chart.x_log2);

        let t = table(&rep, &m);
        assert_eq!(t.headers, ["v4.16 (measured)", "v4.16-patched (measured)"]);
        assert_eq!(
            t.rows
                .iter()
                .map(|r| (r.clients, r.simulated))
                .collect::<Vec<_>>(),
            [(1, true), (2, true), (64, false)]
        );
        assert_eq!(t.rows[0].values, vec![Some(100.5), Some(101.0)]);
        assert_eq!(t.delta_headers, ["Δ v4.16-patched (measured)"]);
        let deltas: Vec<String> = t
            .rows
            .iter()
            .map(|r| format!("{:+.2}", r.deltas[0].unwrap()))
            .collect();
        assert_eq!(deltas, ["+0.50", "+10.53", "+10.00"]);
        let d = describe(&rep, &m).join("\n");
        assert!(d.contains("2 kernels (v4.16, v4.16-patched)"), "{d}");
    }

    /// Times (mmtests' Amean rows): lower is better, so a shorter time is a positive Δ; a
    /// missing value leaves its Δ empty.
    #[test]
    fn deltas_follow_the_files_direction_and_skip_missing_values() {
        let text = "\
                             v4.16                  v4.16
                           vanilla                patched
Amean     1          2.00 (   0.00%)        1.50 *  25.00%*
Amean     2          4.00 (   0.00%)        5.00 * -25.00%*
";
        let m = parse(text).unwrap();
        assert_eq!(m.higher_is_better, Some(false));
        let t = table(&report(), &m);
        assert_eq!(t.rows[0].deltas, vec![Some(25.0)]);
        assert_eq!(t.rows[1].deltas, vec![Some(-25.0)]);
        let m = parse("clients,a,b\n1,100,\n2,0,5\n").unwrap();
        let t = table(&report(), &m);
        assert_eq!(t.rows[0].deltas, vec![None]);
        assert_eq!(
            t.rows[1].deltas,
            vec![None],
            "a zero baseline has no percentage"
        );
    }

    #[test]
    fn malformed_input_names_the_line() {
        let e = parse("clients,a,b\n1,2,3\n2,x,4\n").unwrap_err();
        assert!(e.starts_with("line 3"), "{e}");
        assert!(parse("   \n").unwrap_err().contains("nothing to read"));
        let e = parse("{\"kernels\": [").unwrap_err();
        assert!(!e.is_empty());
    }

    #[test]
    fn mmtests_text_is_read() {
        let text = "\
                             v4.16                  v4.16
                           vanilla                patched
Hmean     1        100.00 (   0.00%)      110.00 *  10.00%*
Hmean     2        200.00 (   0.00%)      220.00 *  10.00%*
";
        let m = parse(text).unwrap();
        assert_eq!(m.kernels.len(), 2);
        assert_eq!(m.stat, "Hmean");
        let rep = report();
        let t = table(&rep, &m);
        assert_eq!(t.rows[1].values, vec![Some(200.0), Some(220.0)]);
        assert_eq!(t.rows[1].deltas, vec![Some(10.0)]);
    }
}
