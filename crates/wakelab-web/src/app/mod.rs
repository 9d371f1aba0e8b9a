//! The main-thread side: the scenario editor, a pool of simulation Web Workers, progress,
//! results (chart, tables, comparison text), the per-CPU timeline, share links and embeds.
//!
//! State lives in one `App` behind a thread-local; DOM events and worker messages borrow it
//! briefly. Nothing heavy runs here: simulations run in the workers; the page only builds the
//! report from point results and draws. User text is only ever set with `textContent`.
//!
//! One concept per module: `pool` (the workers and their jobs), `run` (a run's points,
//! progress and cancel), `form` (the scenario form), `share` (links, embeds, exports),
//! `detail` (the timeline and explanations), `render` (the results' chart and tables) and
//! `import` (the scheduler-trace import's worker job and "Run this workload").
//! This file holds the state and wires the page's events to it.

mod detail;
mod form;
mod import;
mod pool;
mod render;
mod run;
mod share;

use crate::dom::DomExt;
use std::cell::RefCell;

use wasm_bindgen::prelude::*;
use web_sys::{Element, Event, HtmlInputElement, HtmlSelectElement, MouseEvent};

use crate::dom::{
    copy_text, doc, el, listen, listen_reentrant, on_click, set_hidden, set_text, typed, window,
};
use crate::dto::DetailDone;
use crate::glue;
use crate::results_ui;
use wakelab_plot::{TimelineLayout, XyChart};
use wakelab_sim::presets;
use wakelab_sim::report::ExperimentReport;
use wakelab_sim::scenario::Experiment;
use wakelab_stats::SisCounters;

pub(crate) use render::gain_cell;
pub use render::{draw, draw_timeline, draw_xy};

use crate::runbar::Trigger;
use form::{build_static_options, gallery_published, gallery_published_sis};
use pool::{Job, Slot};
use run::Run;

pub(crate) struct App {
    exp: Experiment,
    preset: String,
    /// The gallery preset the experiment came from (the last loaded, or a link's base), which
    /// "Copy for a mailing list" describes the experiment against; kept through edits.
    origin: String,
    published: Vec<(u32, f64, f64)>,
    published_sis: Option<[SisCounters; 2]>,
    /// The Web Workers, by index (their state and the job queue are `pool`'s).
    slots: Vec<Slot>,
    pool: crate::pool::Pool<Job>,
    next_job: u32,
    run: Option<Run>,
    report: Option<ExperimentReport>,
    chart: Option<XyChart>,
    /// Experiment the timeline ran (so explanations re-run exactly that point).
    detail_exp: Option<String>,
    detail: Option<DetailDone>,
    detail_job: Option<u32>,
    /// The trace export in flight (results_ui downloads it).
    trace_job: Option<u32>,
    /// What that export holds (its file name says so).
    trace_kind: crate::results::trace::TraceKind,
    /// The scheduler-trace import in flight (sched_import_ui shows it).
    import_job: Option<u32>,
    selected_wake: Option<usize>,
    layout: Option<TimelineLayout>,
    /// The timeline's zoom and pan.
    zoom: detail::TimelineZoom,
    first_point_ms: Option<f64>,
    valid: bool,
    /// The form's problems as the run bar lists them (empty when valid).
    errors: Vec<crate::runbar::ErrorLink>,
    embed: Option<String>,
    failed: bool,
    /// How long runs take in this browser (learned from finished runs).
    cost: crate::runbar::CostModel,
    /// Whether the user typed the title; if not, it follows the scenario.
    title_own: bool,
    /// The gallery presets' titles (a title equal to one is not the user's own).
    preset_titles: Vec<String>,
    /// A link that could not be opened stays in the address bar until the user changes the
    /// experiment or copies a link.
    keep_address: bool,
    /// Bumped by every edit: a scheduled automatic run only starts if no edit followed it.
    auto_gen: u32,
    /// The last completed run, shown again when a newer run is cancelled.
    prev: Option<Run>,
}

thread_local! {
    static APP: RefCell<Option<App>> = const { RefCell::new(None) };
}

/// Run `f` on the app unless it is already borrowed (which would be a re-entrant event).
pub(crate) fn with_app(f: impl FnOnce(&mut App)) {
    APP.with(|cell| match cell.try_borrow_mut() {
        Ok(mut guard) => {
            if let Some(app) = guard.as_mut() {
                f(app);
            }
        }
        Err(_) => web_sys::console::warn_1(&"wakelab: re-entrant event ignored".into()),
    });
}

/// Entry point of the `app` binary.
pub fn start() {
    console_error_panic_hook::set_once();
    let search = window().location().search().unwrap_or_default();
    let embed = search
        .trim_start_matches('?')
        .split('&')
        .find_map(|kv| kv.strip_prefix("embed="))
        .map(|v| match v {
            "table" | "compare" | "timeline" => v.to_string(),
            _ => "plot".to_string(),
        });
    let hash = window().location().hash().unwrap_or_default();
    let mut link_error = None;
    let mut view = wakelab_link::ViewState::default();
    let mut preset = "default".to_string();
    let mut origin = "default".to_string();
    let exp = if hash.len() > 1 {
        match glue::decode_link(&hash) {
            Ok((link, exp)) => {
                preset = match (
                    &link.experiment.base,
                    link.experiment.patch.is_null()
                        || link
                            .experiment
                            .patch
                            .as_object()
                            .is_some_and(|m| m.is_empty()),
                ) {
                    (Some(b), true) if link.experiment.machine.is_none() => b.clone(),
                    _ => String::new(),
                };
                origin = wakelab_link_origin(&link);
                view = link.view;
                exp
            }
            Err(e) => {
                link_error = Some(e);
                presets::experiment("default").expect_throw("default preset")
            }
        }
    } else {
        presets::experiment("default").expect_throw("default preset")
    };
    let published = gallery_published(&preset);
    let published_sis = gallery_published_sis(&preset);
    let preset_titles = crate::runbar::preset_titles();
    let title_own = crate::runbar::title_is_own(&exp, &preset_titles);
    let keep_address = link_error.is_some();
    APP.with(|cell| {
        *cell.borrow_mut() = Some(App {
            exp,
            preset,
            origin,
            published,
            published_sis,
            slots: Vec::new(),
            pool: crate::pool::Pool::default(),
            next_job: 1,
            run: None,
            report: None,
            chart: None,
            detail_exp: None,
            detail: None,
            detail_job: None,
            trace_job: None,
            trace_kind: crate::results::trace::TraceKind::Whole,
            import_job: None,
            selected_wake: None,
            layout: None,
            zoom: Default::default(),
            first_point_ms: None,
            valid: true,
            errors: Vec::new(),
            embed: embed.clone(),
            failed: false,
            cost: Default::default(),
            title_own,
            preset_titles,
            keep_address,
            auto_gen: 0,
            prev: None,
        })
    });
    if let Some(which) = &embed {
        let body = doc().body().expect_throw("body");
        body.set_attr("data-embed", which);
        if search.contains("controls=run") {
            body.set_attr("data-controls", "run");
        }
        let full = window()
            .location()
            .pathname()
            .unwrap_or_else(|_| "./".into())
            + &hash;
        el("open-full").set_attr("href", &full);
    }
    if let Some(msg) = link_error {
        let stop = if msg.ends_with(['.', '?', '!']) {
            ""
        } else {
            "."
        };
        let text = format!(
            "This link could not be opened: {msg}{stop} Showing the default scenario instead."
        );
        set_text("link-error", &text);
        set_hidden(&el("link-error-box"), false);
        web_sys::console::warn_1(&format!("wakelab: link not opened: {msg}").into());
        // The broken link stays in the address bar (what the user opened, to report it); the
        // button copies the message with it.
        let report = format!(
            "{text}\nLink: {}",
            window().location().href().unwrap_or_default()
        );
        on_click("copy-link-error", move || {
            copy_text(&report, "Message", "link-error-status")
        });
    }
    results_ui::apply_theme(&view);
    build_static_options();
    install_handlers();
    results_ui::install();
    crate::sched_import_ui::install();
    with_app(|app| app.fill_form());
    let go = move || {
        with_app(|app| {
            app.spawn_pool();
            app.start_run(Trigger::Load);
            // After start_run filled the pickers; the timeline and histograms then use them.
            results_ui::apply_view(&view);
        });
    };
    if embed.is_some() {
        // An embed starts its worker and its run only once it is on screen (issue 22 item 7):
        // a docs page with several embeds runs the ones the reader scrolls to.
        set_text("status", "Runs when scrolled into view.");
        crate::dom::when_visible(&el("plot"), go);
    } else {
        go();
    }
}

/// The gallery preset a link was built on (its base experiment, generation dropped), or ""
/// for a link that carries the whole experiment.
fn wakelab_link_origin(link: &wakelab_link::LinkV1) -> String {
    link.experiment
        .base
        .as_deref()
        .map(crate::results::mail::preset_of_base)
        .filter(|id| presets::experiment(id).is_some())
        .unwrap_or_default()
        .to_string()
}

fn install_handlers() {
    on_click("run", || with_app(|a| a.start_run(Trigger::User)));
    // Ctrl+Enter (Cmd+Enter on a Mac) runs from anywhere on the page.
    listen(&doc(), "keydown", |ev| {
        if let Some(k) = ev.dyn_ref::<web_sys::KeyboardEvent>()
            && k.key() == "Enter"
            && (k.ctrl_key() || k.meta_key())
        {
            ev.prevent_default();
            with_app(|a| a.start_run(Trigger::User));
        }
    });
    // A gallery card's button loads its preset (which runs it) and shows the results.
    listen(&el("gallery-cards"), "click", |ev| {
        let id = ev
            .target()
            .and_then(|t| t.dyn_into::<Element>().ok())
            .and_then(|t| t.closest("[data-preset]").ok().flatten())
            .and_then(|b| b.get_attribute("data-preset"));
        if let Some(id) = id {
            with_app(|a| a.load_preset(&id));
            el("plot").scroll_into_view();
        }
    });
    // The run bar's problem list: each entry focuses its field (without touching the address
    // bar's link, which a followed "#id" would replace).
    listen(&el("run-errors"), "click", |ev| {
        let target = ev
            .target()
            .and_then(|t| t.dyn_into::<Element>().ok())
            .and_then(|t| t.closest("[data-focus]").ok().flatten());
        if let Some(a) = target {
            ev.prevent_default();
            let id = a.get_attribute("data-focus").unwrap_or_default();
            if let Some(f) = crate::dom::by_id(&id) {
                // a field inside a folded <details> must be shown first
                if let Ok(Some(d)) = f.closest("details") {
                    d.set_attr("open", "");
                }
                f.scroll_into_view_with_bool(false);
                if let Some(h) = f.dyn_ref::<web_sys::HtmlElement>() {
                    // Ignored: focus() fails only for an element that cannot take focus, and
                    // the field is already scrolled into view.
                    let _ = h.focus();
                }
            }
        }
    });
    on_click("cancel", || with_app(|a| a.cancel("Cancelled")));
    on_click("copy-compare", || {
        let text = el("compare").text_content().unwrap_or_default();
        copy_text(&text, "Comparison", "compare-status");
    });
    on_click("copy-link", || with_app(|a| a.copy_link()));
    on_click("copy-mail", || with_app(|a| a.copy_for_mail()));
    on_click("embed", || with_app(|a| a.show_embed()));
    on_click("export-svg", || with_app(|a| a.export("svg")));
    on_click("export-png", || with_app(|a| a.export("png")));
    on_click("export-csv", || with_app(|a| a.export("csv")));
    on_click("export-json", || with_app(|a| a.export("json")));
    on_click("json-apply", || with_app(|a| a.apply_json()));
    on_click("tl-run", || with_app(|a| a.run_detail(None)));
    on_click("explain", || {
        with_app(|a| {
            if let Some(i) = a.selected_wake {
                a.explain(i)
            }
        })
    });
    let scenario = el("scenario");
    listen_reentrant(&scenario, "click", |ev| {
        let action = ev
            .target()
            .and_then(|t| t.dyn_into::<Element>().ok())
            .and_then(|t| crate::editor::dom::action_of(&t));
        if let Some(a) = action {
            with_app(|app| app.editor_action(&a));
        }
    });
    listen_reentrant(&scenario, "change", |ev| on_form_event(ev, true));
    listen_reentrant(&scenario, "input", |ev| on_form_event(ev, false));
    listen(&el("show-published"), "change", |_| {
        with_app(|a| a.render_results())
    });
    listen(&el("wake-list"), "change", |_| {
        // Each option's value is its wake-up's index (the list shows the zoomed window's).
        let i = typed::<HtmlSelectElement>("wake-list")
            .value()
            .parse::<usize>();
        with_app(|a| {
            if let Ok(i) = i {
                a.select_wake(i);
            }
        })
    });
    listen(&el("wake-list"), "keydown", |ev| {
        if let Some(k) = ev.dyn_ref::<web_sys::KeyboardEvent>()
            && k.key() == "Enter"
        {
            with_app(|a| {
                if let Some(i) = a.selected_wake {
                    a.explain(i)
                }
            })
        }
    });
    listen(&el("timeline-canvas"), "click", |ev| {
        if let Some(m) = ev.dyn_ref::<MouseEvent>() {
            let (x, y) = (m.offset_x() as f64, m.offset_y() as f64);
            with_app(|a| a.click_timeline(x, y));
        }
    });
    install_timeline_zoom();
    listen(&window(), "resize", |_| {
        with_app(|a| {
            a.redraw();
        })
    });
    if let Ok(Some(mq)) = window().match_media("(prefers-color-scheme: dark)") {
        listen(&mq, "change", |_| with_app(|a| a.redraw()));
    }
    listen(&el("share-url"), "focus", |ev| {
        if let Some(t) = ev
            .target()
            .and_then(|t| t.dyn_into::<HtmlInputElement>().ok())
        {
            t.select();
        }
    });
}

/// Zoom and pan of the timeline: W/S/A/D while it has focus, a drag selects a range, Reset
/// zoom; the From and Length fields (and the pickers) update the link as they change.
fn install_timeline_zoom() {
    let canvas = el("timeline-canvas");
    // The pointer's x in CSS px of the canvas (also while captured outside it).
    fn css_x(ev: &Event) -> Option<f64> {
        let m = ev.dyn_ref::<MouseEvent>()?;
        let t = ev.current_target()?.dyn_into::<Element>().ok()?;
        Some(m.client_x() as f64 - t.get_bounding_client_rect().left())
    }
    listen(&canvas, "keydown", |ev| {
        if let Some(k) = ev.dyn_ref::<web_sys::KeyboardEvent>() {
            if k.ctrl_key() || k.meta_key() || k.alt_key() {
                return;
            }
            if k.key() == "Escape" {
                with_app(|a| a.timeline_cancel_drag());
                return;
            }
            let key = k.key();
            let mut handled = false;
            with_app(|a| handled = a.timeline_key(&key));
            if handled {
                ev.prevent_default();
            }
        }
    });
    listen(&canvas, "pointerdown", |ev| {
        if let Some(p) = ev.dyn_ref::<web_sys::PointerEvent>()
            && p.is_primary()
            && p.button() == 0
            && let Some(x) = css_x(&ev)
        {
            if let Some(c) = ev
                .current_target()
                .and_then(|t| t.dyn_into::<Element>().ok())
            {
                // Ignored: capture fails only for a pointer no longer active; the drag then
                // ends at the canvas's edge.
                let _ = c.set_pointer_capture(p.pointer_id());
            }
            with_app(|a| a.timeline_press(x));
        }
    });
    listen(&canvas, "pointermove", |ev| {
        if let Some(x) = css_x(&ev) {
            with_app(|a| a.timeline_pointer_move(x));
        }
    });
    listen(&canvas, "pointerup", |ev| {
        if let Some(x) = css_x(&ev) {
            with_app(|a| a.timeline_release(x));
        }
    });
    listen(&canvas, "pointercancel", |_| {
        with_app(|a| a.timeline_cancel_drag())
    });
    listen(&canvas, "pointerleave", |_| {
        with_app(|a| a.timeline_pointer_leave())
    });
    on_click("tl-reset", || with_app(|a| a.reset_zoom()));
    for id in ["tl-start", "tl-length", "tl-variant", "tl-clients"] {
        listen(&el(id), "change", |_| {
            with_app(|a| {
                if !a.keep_address {
                    a.update_link();
                }
            })
        });
    }
}

fn on_form_event(ev: Event, committed: bool) {
    let Some(target) = ev.target().and_then(|t| t.dyn_into::<Element>().ok()) else {
        return;
    };
    // A control the editor just removed (see `listen_reentrant`).
    if !target.is_connected() {
        return;
    }
    let id = target.id();
    let tag = target.tag_name();
    // Selects and checkboxes report on "change"; text fields on every "input".
    let is_text = tag == "TEXTAREA"
        || (tag == "INPUT"
            && target
                .get_attribute("type")
                .is_some_and(|t| t != "checkbox"));
    // Text fields react to every keystroke ("input"), selects and checkboxes to "change".
    if is_text == committed {
        return;
    }
    with_app(|a| match id.as_str() {
        "preset" => {
            let v = typed::<HtmlSelectElement>("preset").value();
            if !v.is_empty() {
                a.load_preset(&v);
            }
        }
        "machine-preset" => a.load_machine(&typed::<HtmlSelectElement>("machine-preset").value()),
        "kernel-version" => {
            a.set_kernel_version(&typed::<HtmlSelectElement>("kernel-version").value())
        }
        "workload-kind" => {
            a.set_workload_kind(&typed::<HtmlSelectElement>("workload-kind").value())
        }
        "json" | "share-url" | "embed-code" => {}
        "f-title" => {
            // An empty title is the user's way back to the derived one.
            a.title_own = !typed::<HtmlInputElement>("f-title")
                .value()
                .trim()
                .is_empty();
            a.read_form();
        }
        _ => a.read_form(),
    });
}
