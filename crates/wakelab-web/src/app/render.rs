//! Drawing the results: the main chart, the results table and the Ops block, redrawn as
//! points arrive and on resize or a colour-scheme change.

use crate::dom::{DomExt, NodeExt};
use web_sys::{HtmlCanvasElement, HtmlInputElement};

use super::App;
use crate::canvas::MeasuredCanvas;
use crate::dom::{clear, el, fit_canvas, make, set_hidden, set_text, theme, typed};
use crate::glue;
use crate::results_ui;
use plotters::prelude::*;
use wakelab_plot::{LineChart, TimelineChart, TimelineLayout, XyChart};
use wakelab_sim::presets;
use wakelab_sim::report::{ExperimentReport, build_report};

/// Draw `chart` on `canvas` at devicePixelRatio scale (crisp on HiDPI screens).
pub fn draw_xy(canvas: &HtmlCanvasElement, chart: &XyChart) -> Result<(), String> {
    let dpr = fit_canvas(canvas);
    let backend = MeasuredCanvas::new(canvas).ok_or("the canvas has no 2d context")?;
    wakelab_plot::draw_xy_chart(backend.into_drawing_area(), chart, &theme(dpr))
}

/// Draw a [`LineChart`] (kept for the browser tests and simple plots).
pub fn draw(canvas: &HtmlCanvasElement, chart: &LineChart) -> Result<(), String> {
    draw_xy(canvas, &XyChart::from(chart))
}

/// Draw a timeline; the layout is in device pixels.
pub fn draw_timeline(
    canvas: &HtmlCanvasElement,
    chart: &TimelineChart,
) -> Result<TimelineLayout, String> {
    let dpr = fit_canvas(canvas);
    let backend = MeasuredCanvas::new(canvas).ok_or("the canvas has no 2d context")?;
    wakelab_plot::draw_timeline(backend.into_drawing_area(), chart, &theme(dpr))
}

impl App {
    pub(crate) fn render_results(&mut self) {
        let Some(run) = &self.run else {
            return;
        };
        let report = build_report(&run.exp, &run.results);
        let show = typed::<HtmlInputElement>("show-published");
        let has_published = !run.published.is_empty();
        set_hidden(&el("published-toggle"), !has_published);
        let published: &[(u32, f64, f64)] = if has_published && show.checked() {
            &run.published
        } else {
            &[]
        };
        let mut chart = glue::report_chart(&report, published);
        let word = glue::clients_word(&run.exp);
        chart.x_label = word.to_string();
        results_ui::decorate_chart(&mut chart, &report);
        if let Err(e) = draw_xy(&typed("plot-canvas"), &chart) {
            return self.fail(&e);
        }
        el("plot-canvas").set_attr(
            "aria-label",
            &format!(
                "{} against {word} count for {}",
                if report.unit.is_empty() {
                    "result"
                } else {
                    &report.unit
                },
                report.variants.join(" and ")
            ),
        );
        render_summary(&report, run.results.is_empty(), published, word);
        results_ui::after_summary(&report);
        results_ui::render(&report, &run.results);
        let mut ops = if run.results.is_empty() {
            set_text("compare", "Results appear here as points complete.");
            String::new()
        } else {
            set_text("compare", &report.compare.render_text());
            report.ops_text.clone()
        };
        // the posting's schedstats under the simulated ones, with the published overlay
        if let (Some(sis), true, [a, b, ..]) =
            (run.published_sis, show.checked(), &report.variants[..])
        {
            let block = presets::sis_ops_text(&sis, [a, b]);
            if !ops.is_empty() {
                ops.push('\n');
            }
            ops.push_str(&format!(
                "Published Ops (the posting's schedstats over its whole run)\n{block}"
            ));
        }
        set_text("ops", &ops);
        self.report = Some(report);
        self.chart = Some(chart);
    }

    pub(super) fn redraw(&mut self) {
        if let Some(chart) = &self.chart {
            if let Err(e) = draw_xy(&typed("plot-canvas"), chart) {
                crate::dom::report_error("redrawing the results chart", &e);
            }
        }
        results_ui::redraw();
        crate::sched_import_ui::redraw();
        self.draw_detail();
    }
}

/// A gain in percent as a table cell: (text, class).
pub(crate) fn gain_cell(g: Option<f64>, class: &str) -> (String, String) {
    match g {
        Some(g) if g.abs() < 0.005 => ("0.00%".to_string(), format!("{class} same")),
        // Below half a percent: shown, but not coloured as a win or a loss (the
        // comparison's significance stars say whether a difference is real).
        Some(g) if g.abs() < 0.5 => (format!("{g:+.2}%"), format!("{class} same")),
        Some(g) => (
            format!("{g:+.2}%"),
            format!("{class} {}", if g > 0.0 { "better" } else { "worse" }),
        ),
        None => ("…".into(), class.to_string()),
    }
}

/// The results table: per client count each variant's value and gain; for a gallery preset
/// with the published overlay on, the posting's two figures and their gain beside them.
fn render_summary(
    report: &ExperimentReport,
    empty: bool,
    published: &[(u32, f64, f64)],
    clients_word: &str,
) {
    let table = el("summary");
    clear(&table);
    let thead = make("thead", "", "");
    let tr = make("tr", "", "");
    tr.append(&make("th", "", clients_word));
    for v in &report.variants {
        tr.append(&make("th", "", v));
    }
    for v in report.variants.iter().skip(1) {
        tr.append(&make("th", "", &format!("Δ {v}")));
    }
    // Published columns pair with the first two variants (a preset's baseline and patch).
    let with_published = !published.is_empty() && report.variants.len() >= 2;
    if with_published {
        for h in ["published: baseline", "published: patched", "Δ published"] {
            tr.append(&make("th", "published", h));
        }
    }
    thead.append(&tr);
    table.append(&thead);
    let tbody = make("tbody", "", "");
    let published_cells = glue::published_cells(report, published);
    for (i, row) in glue::summary(report).into_iter().enumerate() {
        let tr = make("tr", "", "");
        tr.append(&make("th", "", &row.clients.to_string()));
        for cell in &row.cells {
            let td = match cell {
                Some(c) => make("td", "num", &glue::fmt_num(c.mean)),
                None => make("td", "num", "…"),
            };
            // the iterations' range on a line of its own, so the table stays narrow
            if let Some(c) = cell.filter(|c| c.n > 1) {
                let range = format!("{}–{}", glue::fmt_num(c.min), glue::fmt_num(c.max));
                td.append(&make("span", "range", &range));
            }
            tr.append(&td);
        }
        for g in row.gain_pct.iter().skip(1) {
            let (text, class) = gain_cell(*g, "num");
            tr.append(&make("td", &class, &text));
        }
        if with_published {
            match published_cells.get(i).copied().flatten() {
                Some(p) => {
                    for v in [p.base, p.patched] {
                        tr.append(&make("td", "num published", &glue::fmt_num(v)));
                    }
                    let (text, class) = gain_cell(p.gain_pct, "num published");
                    tr.append(&make("td", &class, &text));
                }
                None => {
                    for _ in 0..3 {
                        tr.append(&make("td", "num published", "–"));
                    }
                }
            }
        }
        tbody.append(&tr);
    }
    table.append(&tbody);
    let dir = if report.higher_is_better {
        "higher is better"
    } else {
        "lower is better"
    };
    set_text(
        "summary-caption",
        &if empty {
            "Waiting for the first point…".to_string()
        } else {
            format!(
                "{} per {} count ({dir}); Hmean/Amean of the iterations, their min–max \
                 below; Δ = \
                 gain over {} (positive = better).{}",
                if report.unit.is_empty() {
                    "value"
                } else {
                    &report.unit
                },
                clients_word.trim_end_matches('s'),
                report.variants.first().map_or("", |s| s.as_str()),
                if with_published {
                    " Published: the patch posting's figures for the first two variants (its \
                     baseline and patched kernels), measured on the authors' machine (compare \
                     the Δ, not absolute values)."
                } else {
                    ""
                }
            )
        },
    );
}
