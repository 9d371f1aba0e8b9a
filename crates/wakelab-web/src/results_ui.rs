//! The DOM side of the results beyond the main chart (data shaping is in [`crate::results`]):
//! the energy / per-watt charts, the residency and wake-up latency histograms of a chosen
//! point, the measured-results overlay (chart lines and table columns) and the Perfetto trace
//! download. `app` calls in at a few hooks; this module keeps its own state so the two sides
//! stay apart. User and file text is only ever set with `textContent`.

use crate::dom::{DomExt, NodeExt};
use std::cell::RefCell;

use wasm_bindgen::prelude::*;
use web_sys::{HtmlCanvasElement, HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};

use crate::app::with_app;
use crate::canvas::MeasuredCanvas;
use crate::dom::{
    clear, download, el, fit_canvas, listen, make, on_click, set_hidden, set_text, theme, typed,
};
use crate::dto::TraceDone;
use crate::glue;
use crate::results::{self, histograms, power};
use plotters::prelude::*;
use wakelab_interop::measured::MeasuredResults;
use wakelab_plot::{BarChart, XyChart};
use wakelab_sim::experiment::PointResult;
use wakelab_sim::report::ExperimentReport;

/// The charts last drawn, for redraws (resize, colour scheme).
struct Drawn {
    energy: XyChart,
    per_watt: XyChart,
    pstate: BarChart,
    cstate: BarChart,
    latency: BarChart,
    latency_by_clients: XyChart,
}

#[derive(Default)]
struct State {
    measured: Option<MeasuredResults>,
    drawn: Option<Drawn>,
}

thread_local! {
    static STATE: RefCell<State> = RefCell::new(State::default());
}

/// Install the handlers of the results-side controls (once, at start).
pub(crate) fn install() {
    on_click("measured-apply", || {
        let text = typed::<HtmlTextAreaElement>("measured-text").value();
        apply_measured(results::measured::parse(&text));
    });
    on_click("measured-clear", || {
        STATE.with(|s| s.borrow_mut().measured = None);
        set_hidden(&el("measured-error"), true);
        clear(&el("measured-info"));
        el("measured-clear").set_attr("disabled", "");
        with_app(|a| a.render_results());
    });
    listen(&el("measured-file"), "change", |_| read_file());
    listen(&el("pw-clients"), "change", |_| {
        with_app(|a| a.render_results())
    });
    for id in ["embed-size", "embed-theme", "embed-what", "embed-controls"] {
        listen(&el(id), "change", |_| {
            if el("embed-box").get_attribute("hidden").is_none() {
                with_app(|a| a.show_embed());
            }
        });
    }
    on_click("trace-run", || with_app(|a| a.request_trace(false)));
    on_click("trace-window", || with_app(|a| a.request_trace(true)));
}

// --- view state in links --------------------------------------------------------------------

/// The view the pickers show: the timeline's point and window (and `theme` for embeds).
pub(crate) fn current_view(
    exp: &wakelab_sim::scenario::Experiment,
    theme: Option<wakelab_link::Theme>,
) -> wakelab_link::ViewState {
    let num = |id: &str| typed::<HtmlInputElement>(id).value_as_number();
    let point = match (
        typed::<HtmlSelectElement>("tl-variant").value().parse(),
        typed::<HtmlSelectElement>("tl-clients").value().parse(),
    ) {
        (Ok(v), Ok(c)) => Some((v, c)),
        _ => None,
    };
    results::view::view_state(exp, point, Some((num("tl-start"), num("tl-length"))), theme)
}

/// Restore a link's view into the pickers (after they were filled for its experiment).
pub(crate) fn apply_view(view: &wakelab_link::ViewState) {
    if let Some(p) = &view.selected {
        typed::<HtmlSelectElement>("tl-variant").set_value(&p.variant.to_string());
        typed::<HtmlSelectElement>("tl-clients").set_value(&p.clients.to_string());
        typed::<HtmlSelectElement>("pw-clients").set_value(&p.clients.to_string());
    }
    if let Some([a, b]) = view.window_ms {
        // The timeline shows at most glue::MAX_WINDOW_MS; a longer window keeps its start.
        let len = ((b - a) as f64).min(glue::MAX_WINDOW_MS);
        typed::<HtmlInputElement>("tl-start").set_value(&a.to_string());
        typed::<HtmlInputElement>("tl-length").set_value(&len.to_string());
    }
}

/// A link's forced colour scheme (embed option), before anything is drawn.
pub(crate) fn apply_theme(view: &wakelab_link::ViewState) {
    if let (Some(t), Some(root)) = (view.embed.theme, crate::dom::doc().document_element()) {
        let name = match t {
            wakelab_link::Theme::Light => "light",
            wakelab_link::Theme::Dark => "dark",
        };
        root.set_attr("data-theme", name);
    }
}

// --- measured overlay ------------------------------------------------------------------------

fn apply_measured(parsed: Result<MeasuredResults, String>) {
    let err = el("measured-error");
    match parsed {
        Ok(m) => {
            STATE.with(|s| s.borrow_mut().measured = Some(m));
            set_hidden(&err, true);
            el("measured-clear").remove_attr("disabled");
            with_app(|a| a.render_results());
        }
        Err(e) => {
            // The parser's message names the line; shown as text, the overlay left as it was.
            err.set_text_content(Some(&format!("Could not read the measured results: {e}")));
            set_hidden(&err, false);
        }
    }
}

fn read_file() {
    let input = typed::<HtmlInputElement>("measured-file");
    let Some(file) = input.files().and_then(|f| f.get(0)) else {
        return;
    };
    let Ok(reader) = web_sys::FileReader::new() else {
        return;
    };
    let r2 = reader.clone();
    let onload = Closure::<dyn FnMut(web_sys::Event)>::new(move |_| {
        let bytes = r2
            .result()
            .ok()
            .map(|b| js_sys::Uint8Array::new(&b).to_vec())
            .unwrap_or_default();
        apply_measured(results::measured::parse_bytes(&bytes));
    });
    reader.set_onload(Some(onload.as_ref().unchecked_ref()));
    // One closure per loaded file: rare, small.
    onload.forget();
    if reader.read_as_array_buffer(&file).is_err() {
        apply_measured(Err("the file could not be read".into()));
    }
}

/// Add the measured curves (if any) to the results chart.
pub(crate) fn decorate_chart(chart: &mut XyChart, report: &ExperimentReport) {
    STATE.with(|s| {
        if let Some(m) = &s.borrow().measured {
            results::measured::add_to_chart(chart, report, m);
        }
    });
}

/// Add measured columns (and rows for client counts only the file has) to the `#summary`
/// table that `app` just rendered, and describe the overlay under it.
pub(crate) fn after_summary(report: &ExperimentReport) {
    let info = el("measured-info");
    clear(&info);
    STATE.with(|s| {
        let s = s.borrow();
        let Some(m) = &s.measured else {
            return;
        };
        for line in results::measured::describe(report, m) {
            info.append(&make("p", "", &line));
        }
        let t = results::measured::table(report, m);
        let table = el("summary");
        let Ok(Some(head)) = table.query_selector("thead tr") else {
            return;
        };
        let sim_cols = head.children().length();
        for h in t.headers.iter().chain(&t.delta_headers) {
            head.append(&make("th", "measured", h));
        }
        let Ok(Some(tbody)) = table.query_selector("tbody") else {
            return;
        };
        // Existing rows by client count, then every row in client order.
        let mut old = Vec::new();
        let rows = tbody.children();
        for i in 0..rows.length() {
            if let Some(r) = rows.item(i) {
                let c = r
                    .first_element_child()
                    .and_then(|th| th.text_content())
                    .and_then(|t| t.parse::<u32>().ok());
                old.push((c, r));
            }
        }
        clear(&tbody);
        for row in &t.rows {
            let tr = match old.iter().position(|(c, _)| *c == Some(row.clients)) {
                Some(i) if row.simulated => old.remove(i).1,
                _ => {
                    let tr = make("tr", "", "");
                    tr.append(&make("th", "", &row.clients.to_string()));
                    for _ in 1..sim_cols {
                        tr.append(&make("td", "num sim-missing", "–"));
                    }
                    tr
                }
            };
            for v in &row.values {
                let text = v.map_or_else(|| "–".to_string(), glue::fmt_num);
                tr.append(&make("td", "num measured", &text));
            }
            for d in &row.deltas {
                let (text, class) = match d {
                    Some(_) => crate::app::gain_cell(*d, "num measured delta"),
                    None => ("–".to_string(), "num measured delta".to_string()),
                };
                tr.append(&make("td", &class, &text));
            }
            tbody.append(&tr);
        }
    });
}

// --- energy, residency, latency --------------------------------------------------------------

/// Recompute and draw the power and histogram charts from the run's results so far.
pub(crate) fn render(report: &ExperimentReport, results_so_far: &[PointResult]) {
    let pick = typed::<HtmlSelectElement>("pw-clients");
    let old = pick.value();
    clear(&pick);
    for c in &report.clients {
        let o = make("option", "", &c.to_string());
        o.set_attr("value", &c.to_string());
        pick.append(&o);
    }
    let clients = old
        .parse::<u32>()
        .ok()
        .filter(|c| report.clients.contains(c))
        .or_else(|| report.clients.first().copied())
        .unwrap_or(1);
    pick.set_value(&clients.to_string());
    let pc = power::power_charts(report, results_so_far);
    let v = &report.variants;
    let drawn = Drawn {
        energy: pc.energy,
        per_watt: pc.per_watt,
        pstate: histograms::pstate_chart(v, results_so_far, clients),
        cstate: histograms::cstate_chart(v, results_so_far, clients),
        latency: histograms::latency_chart(v, results_so_far, clients),
        latency_by_clients: histograms::latency_by_clients_chart(
            v,
            &report.clients,
            results_so_far,
        ),
    };
    set_text(
        "latency-summary",
        &if results_so_far.iter().any(|r| r.clients == clients) {
            format!(
                "{clients} clients: {}",
                histograms::latency_summary(v, results_so_far, clients)
            )
        } else {
            format!("Waiting for the points with {clients} clients…")
        },
    );
    draw_all(&drawn);
    el("power-card").set_attr(
        "data-state",
        if results_so_far.is_empty() {
            "running"
        } else {
            "done"
        },
    );
    STATE.with(|s| s.borrow_mut().drawn = Some(drawn));
}

/// Draw the last charts again (resize, colour scheme).
pub(crate) fn redraw() {
    STATE.with(|s| {
        if let Some(d) = &s.borrow().drawn {
            draw_all(d);
        }
    });
}

fn draw_all(d: &Drawn) {
    let report = |r: Result<(), String>| {
        if let Err(e) = r {
            crate::dom::report_error("drawing a chart", &e);
        }
    };
    report(draw_xy("energy-canvas", &d.energy));
    report(draw_xy("perwatt-canvas", &d.per_watt));
    report(draw_bars("pstate-canvas", &d.pstate));
    report(draw_bars("cstate-canvas", &d.cstate));
    report(draw_bars("latency-canvas", &d.latency));
    report(draw_xy("latency-clients-canvas", &d.latency_by_clients));
}

fn draw_xy(id: &str, chart: &XyChart) -> Result<(), String> {
    let canvas: HtmlCanvasElement = typed(id);
    crate::app::draw_xy(&canvas, chart)?;
    let n = chart.series.iter().filter(|s| !s.points.is_empty()).count();
    canvas.set_attr("data-series", &n.to_string());
    Ok(())
}

fn draw_bars(id: &str, chart: &BarChart) -> Result<(), String> {
    let canvas: HtmlCanvasElement = typed(id);
    let dpr = fit_canvas(&canvas);
    let backend = MeasuredCanvas::new(&canvas).ok_or("the canvas has no 2d context")?;
    wakelab_plot::draw_bar_chart(backend.into_drawing_area(), chart, &theme(dpr))?;
    canvas.set_attr("data-series", &chart.series.len().to_string());
    canvas.set_attr("data-categories", &chart.categories.join("|"));
    Ok(())
}

// --- trace export ----------------------------------------------------------------------------

/// The worker's trace arrived: download it.
pub(crate) fn on_trace(
    t: &TraceDone,
    experiment: &str,
    variant_name: &str,
    kind: results::trace::TraceKind,
) {
    let name = results::trace::file_name(
        experiment,
        variant_name,
        t.clients,
        kind,
        t.from_ms,
        t.to_ms,
    );
    download(&name, "application/json", &t.json);
    set_text(
        "trace-status",
        &format!(
            "Downloaded {name} ({:.1} MB, {} CPUs, {:.0}–{:.0} ms; simulated in {:.1} s): open \
             it in ui.perfetto.dev (Open trace file) or chrome://tracing.",
            t.json.len() as f64 / 1e6,
            t.nr_cpus,
            t.from_ms,
            t.to_ms,
            t.elapsed_ms / 1000.0
        ),
    );
    el("trace-status").set_attr("data-state", "done");
}
