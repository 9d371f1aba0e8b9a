//! The main-thread side: the scenario editor, a pool of simulation Web Workers, progress,
//! results (chart, tables, comparison text), the per-CPU timeline, share links and embeds.
//!
//! State lives in one [`App`] behind a thread-local; DOM events and worker messages borrow it
//! briefly. Nothing heavy runs here: simulations run in the workers; the page only builds the
//! report from point results and draws. User text is only ever set with `textContent`.

use std::cell::RefCell;
use std::collections::{HashMap, VecDeque};

use serde::Serialize;
use serde_json::Value;
use wasm_bindgen::prelude::*;
use web_sys::{
    Document, Element, ErrorEvent, Event, HtmlCanvasElement, HtmlElement, HtmlInputElement,
    HtmlSelectElement, HtmlTextAreaElement, MessageEvent, MouseEvent, Worker, WorkerOptions,
    WorkerType,
};

use crate::canvas::MeasuredCanvas;
use crate::dto::{DetailDone, DetailJob, Envelope, FromWorker, PointJob, ToWorker, TraceJob};
use crate::editor::path::pointer;
use crate::glue;
use crate::results_ui;
use plotters::prelude::*;
use wakelab_plot::{LineChart, Theme, TimelineChart, TimelineLayout, XyChart};
use wakelab_sim::experiment::PointResult;
use wakelab_sim::kernel::{KernelVersion, PatchId};
use wakelab_sim::presets;
use wakelab_sim::report::{ExperimentReport, build_report};
use wakelab_sim::scenario::{Experiment, ScenarioError, default_client_counts};
use wakelab_stats::SisCounters;

/// The worker script (web/worker.js): it loads this same wasm module, whose `main` starts
/// the worker side when there is no window.
const WORKER_URL: &str = "./worker.js";
/// Upper bound of the pool (more workers than this only cost memory).
const MAX_WORKERS: usize = 8;
/// Least time between two redraws of the results while points arrive. A redraw draws every
/// chart on the main thread; on a 2-core machine that competes with the workers (measured:
/// 2 workers were only 1.4x faster than 1 with a redraw per point). The first and the last
/// point always redraw.
const RENDER_INTERVAL_MS: f64 = 250.0;
/// Wake-ups listed next to the timeline.
const MAX_LISTED_WAKES: usize = 600;

// ---------------------------------------------------------------------------------------------
// DOM helpers

fn window() -> web_sys::Window {
    web_sys::window().expect_throw("no window")
}

pub(crate) fn doc() -> Document {
    window().document().expect_throw("no document")
}

pub(crate) fn el(id: &str) -> Element {
    doc()
        .get_element_by_id(id)
        .unwrap_or_else(|| wasm_bindgen::throw_str(&format!("the page has no #{id} element")))
}

pub(crate) fn typed<T: JsCast>(id: &str) -> T {
    el(id)
        .dyn_into::<T>()
        .unwrap_or_else(|_| wasm_bindgen::throw_str(&format!("#{id} has the wrong element type")))
}

pub(crate) fn make(tag: &str, class: &str, text: &str) -> Element {
    let e = doc().create_element(tag).expect_throw("create_element");
    if !class.is_empty() {
        e.set_class_name(class);
    }
    if !text.is_empty() {
        e.set_text_content(Some(text));
    }
    e
}

pub(crate) fn set_text(id: &str, text: &str) {
    el(id).set_text_content(Some(text));
}

pub(crate) fn set_hidden(e: &Element, hidden: bool) {
    if hidden {
        let _ = e.set_attribute("hidden", "");
    } else {
        let _ = e.remove_attribute("hidden");
    }
}

pub(crate) fn clear(e: &Element) {
    e.set_text_content(None);
}

fn now_ms() -> f64 {
    window().performance().map_or(0.0, |p| p.now())
}

fn js_err(e: JsValue) -> String {
    e.as_string()
        .or_else(|| {
            e.dyn_ref::<js_sys::Error>()
                .map(|e| String::from(e.message()))
        })
        .unwrap_or_else(|| format!("{e:?}"))
}

pub(crate) fn listen(target: &web_sys::EventTarget, event: &str, f: impl FnMut(Event) + 'static) {
    let c = Closure::<dyn FnMut(Event)>::new(f);
    target
        .add_event_listener_with_callback(event, c.as_ref().unchecked_ref())
        .expect_throw("addEventListener");
    c.forget();
}

/// Like [`listen`], for handlers that may be re-entered: redrawing the editor removes the
/// focused control, and the browser then commits its pending `change` synchronously, inside
/// the handler that is redrawing. An `FnMut` closure would throw there; this one runs and
/// `with_app` drops the nested event (the control's value was read on `input` already).
fn listen_reentrant(target: &web_sys::EventTarget, event: &str, f: impl Fn(Event) + 'static) {
    let c = Closure::<dyn Fn(Event)>::new(f);
    target
        .add_event_listener_with_callback(event, c.as_ref().unchecked_ref())
        .expect_throw("addEventListener");
    c.forget();
}

pub(crate) fn on_click(id: &str, f: impl Fn() + 'static) {
    listen(&el(id), "click", move |_| f());
}

fn prefers_dark() -> bool {
    // A link may force the scheme (embed option); otherwise follow the reader's setting.
    if let Some(t) = doc()
        .document_element()
        .and_then(|e| e.get_attribute("data-theme"))
    {
        return t == "dark";
    }
    window()
        .match_media("(prefers-color-scheme: dark)")
        .ok()
        .flatten()
        .is_some_and(|m| m.matches())
}

pub(crate) fn theme(scale: f64) -> Theme {
    if prefers_dark() {
        Theme::dark(scale)
    } else {
        Theme::light(scale)
    }
}

/// Size the canvas backing store in device pixels; returns the device pixel ratio.
pub(crate) fn fit_canvas(canvas: &HtmlCanvasElement) -> f64 {
    let dpr = window().device_pixel_ratio().clamp(1.0, 4.0);
    let rect = canvas.get_bounding_client_rect();
    let (w, h) = (rect.width().max(100.0), rect.height().max(80.0));
    canvas.set_width((w * dpr).round() as u32);
    canvas.set_height((h * dpr).round() as u32);
    dpr
}

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

pub(crate) fn download(name: &str, mime: &str, data: &str) {
    let parts = js_sys::Array::of1(&JsValue::from_str(data));
    let opts = web_sys::BlobPropertyBag::new();
    opts.set_type(mime);
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &opts) else {
        return;
    };
    if let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) {
        download_url(name, &url);
        let _ = web_sys::Url::revoke_object_url(&url);
    }
}

fn download_url(name: &str, url: &str) {
    let a: web_sys::HtmlAnchorElement = make("a", "", "").unchecked_into();
    a.set_href(url);
    a.set_download(name);
    let _ = doc().body().map(|b| b.append_child(&a));
    a.click();
    a.remove();
}

/// Copy `text` to the clipboard; `done` gets a message for the status line.
fn copy_text(text: &str, what: &'static str, status_id: &'static str) {
    let clip = window().navigator().clipboard();
    let ok = Closure::<dyn FnMut(JsValue)>::new(move |_: JsValue| {
        set_text(status_id, &format!("{what} copied."))
    });
    let fail = Closure::<dyn FnMut(JsValue)>::new(move |_: JsValue| {
        set_text(
            status_id,
            &format!("Could not use the clipboard: select the {what} and copy it by hand."),
        )
    });
    let _ = clip.write_text(text).then2(&ok, &fail);
    // One call each; a copy is rare, so leaking the two small closures is fine.
    ok.forget();
    fail.forget();
}

// ---------------------------------------------------------------------------------------------
// The scenario form: one table of fields, read and written through the experiment's JSON.

#[derive(Clone, Copy)]
enum Kind {
    /// Whole number in a range.
    Int(u64, u64),
    Text(usize),
    Clients,
}

struct Field {
    section: &'static str,
    id: &'static str,
    label: &'static str,
    /// Field path as `Experiment::validate` names it (dots; JSON pointer after conversion).
    path: &'static str,
    kind: Kind,
    hint: &'static str,
}

const FIELDS: &[Field] = &[
    Field {
        section: "fields-title",
        id: "f-title",
        label: "Title",
        path: "scenario.title",
        kind: Kind::Text(200),
        hint: "",
    },
    Field {
        section: "fields-exp",
        id: "f-clients",
        label: "Client counts",
        path: "clients",
        kind: Kind::Clients,
        hint: "comma separated; empty = mmtests' topology-aware default",
    },
    Field {
        section: "fields-exp",
        id: "f-iterations",
        label: "Iterations",
        path: "iterations",
        kind: Kind::Int(1, 64),
        hint: "",
    },
    Field {
        section: "fields-exp",
        id: "f-duration",
        label: "Duration (ms)",
        path: "scenario.run.duration_ms",
        kind: Kind::Int(1, 120_000),
        hint: "simulated time per run",
    },
    Field {
        section: "fields-exp",
        id: "f-warmup",
        label: "Warm-up (ms)",
        path: "scenario.run.warmup_ms",
        kind: Kind::Int(0, 119_999),
        hint: "",
    },
    Field {
        section: "fields-exp",
        id: "f-seed",
        label: "Seed",
        path: "scenario.run.seed",
        kind: Kind::Int(0, u32::MAX as u64),
        hint: "",
    },
];

fn set_at(root: &mut Value, path: &str, v: Value) -> Result<(), String> {
    let ptr = pointer(path);
    let (parent, key) = ptr.rsplit_once('/').unwrap_or(("", &ptr));
    let obj = root
        .pointer_mut(parent)
        .and_then(Value::as_object_mut)
        .ok_or_else(|| format!("{path}: no such field in this experiment"))?;
    obj.insert(key.to_string(), v);
    Ok(())
}

/// Build the static fields of the form.
fn build_fields() {
    for f in FIELDS {
        let wrap = make("div", "field", "");
        let label = make("label", "", f.label);
        let _ = label.set_attribute("for", f.id);
        let control: Element = match f.kind {
            Kind::Int(min, max) => {
                let i = make("input", "", "");
                let _ = i.set_attribute("type", "number");
                let _ = i.set_attribute("inputmode", "numeric");
                let _ = i.set_attribute("min", &min.to_string());
                let _ = i.set_attribute("max", &max.to_string());
                let _ = i.set_attribute("step", "1");
                i
            }
            Kind::Text(max) => {
                let i = make("input", "", "");
                let _ = i.set_attribute("type", "text");
                let _ = i.set_attribute("maxlength", &max.to_string());
                i
            }
            Kind::Clients => {
                let i = make("input", "", "");
                let _ = i.set_attribute("type", "text");
                let _ = i.set_attribute("inputmode", "numeric");
                let _ = i.set_attribute("autocomplete", "off");
                i
            }
        };
        control.set_id(f.id);
        let _ = control.set_attribute("data-path", f.path);
        let err_id = format!("{}-error", f.id);
        let mut described = err_id.clone();
        let _ = wrap.append_child(&label);
        let _ = wrap.append_child(&control);
        if !f.hint.is_empty() {
            let h = make("small", "hint", f.hint);
            let hid = format!("{}-hint", f.id);
            h.set_id(&hid);
            described = format!("{hid} {err_id}");
            let _ = wrap.append_child(&h);
        }
        let _ = control.set_attribute("aria-describedby", &described);
        let e = make("p", "field-error", "");
        e.set_id(&err_id);
        let _ = e.set_attribute("data-for", f.path);
        let _ = e.set_attribute("aria-live", "polite");
        let _ = wrap.append_child(&e);
        let _ = el(f.section).append_child(&wrap);
    }
}

// ---------------------------------------------------------------------------------------------
// The worker pool

struct Slot {
    worker: Worker,
    epoch: u32,
    ready: bool,
    busy: Option<u32>,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(ErrorEvent)>,
}

impl Slot {
    fn spawn(idx: usize, epoch: u32) -> Result<Slot, String> {
        let opts = WorkerOptions::new();
        opts.set_type(WorkerType::Module);
        let worker = Worker::new_with_options(WORKER_URL, &opts).map_err(js_err)?;
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |ev: MessageEvent| {
            with_app(|app| app.on_worker(idx, epoch, ev.data()));
        });
        let on_error = Closure::<dyn FnMut(ErrorEvent)>::new(move |ev: ErrorEvent| {
            ev.prevent_default();
            let what = ev.message();
            with_app(|app| app.on_worker_error(idx, epoch, what));
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        Ok(Slot {
            worker,
            epoch,
            ready: false,
            busy: None,
            _on_message: on_message,
            _on_error: on_error,
        })
    }

    fn stop(&self) {
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.terminate();
    }
}

enum Job {
    Point(PointJob),
    Detail(DetailJob),
    Trace(TraceJob),
}

impl Job {
    fn id(&self) -> u32 {
        match self {
            Job::Point(p) => p.job,
            Job::Detail(d) => d.job,
            Job::Trace(t) => t.job,
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Application state

struct Run {
    exp: Experiment,
    /// job id -> point (variant, clients, iteration)
    pending: HashMap<u32, (usize, u32, u32)>,
    /// Simulated fraction of running points.
    partial: HashMap<u32, f64>,
    total: usize,
    results: Vec<PointResult>,
    started: f64,
    workers: usize,
    finished: bool,
    published: Vec<(u32, f64, f64)>,
    /// The posting's SIS schedstats (baseline, patched), for the Ops block.
    published_sis: Option<[SisCounters; 2]>,
    /// When the results were last redrawn during this run (see [`RENDER_INTERVAL_MS`]).
    last_render_ms: f64,
    /// The workers' own time on this run's points, summed, ms.
    worker_ms: f64,
    /// When a progress message last updated the progress bar.
    last_progress_ms: f64,
}

pub(crate) struct App {
    exp: Experiment,
    preset: String,
    published: Vec<(u32, f64, f64)>,
    published_sis: Option<[SisCounters; 2]>,
    slots: Vec<Slot>,
    queue: VecDeque<Job>,
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
    selected_wake: Option<usize>,
    layout: Option<TimelineLayout>,
    first_point_ms: Option<f64>,
    valid: bool,
    embed: Option<String>,
    failed: bool,
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
    APP.with(|cell| {
        *cell.borrow_mut() = Some(App {
            exp,
            preset,
            published,
            published_sis,
            slots: Vec::new(),
            queue: VecDeque::new(),
            next_job: 1,
            run: None,
            report: None,
            chart: None,
            detail_exp: None,
            detail: None,
            detail_job: None,
            trace_job: None,
            selected_wake: None,
            layout: None,
            first_point_ms: None,
            valid: true,
            embed: embed.clone(),
            failed: false,
        })
    });
    if let Some(which) = &embed {
        let body = doc().body().expect_throw("body");
        let _ = body.set_attribute("data-embed", which);
        let full = window()
            .location()
            .pathname()
            .unwrap_or_else(|_| "./".into())
            + &hash;
        let _ = el("open-full").set_attribute("href", &full);
    }
    if let Some(msg) = link_error {
        let banner = el("link-error");
        let stop = if msg.ends_with(['.', '?', '!']) {
            ""
        } else {
            "."
        };
        banner.set_text_content(Some(&format!(
            "This link could not be opened: {msg}{stop} Showing the default scenario instead."
        )));
        set_hidden(&banner, false);
        web_sys::console::warn_1(&format!("wakelab: link not opened: {msg}").into());
        // Drop the broken fragment so a reload does not show the error again.
        let _ = window()
            .history()
            .map(|h| h.replace_state_with_url(&JsValue::NULL, "", Some(&strip_hash())));
    }
    results_ui::apply_theme(&view);
    build_fields();
    build_static_options();
    install_handlers();
    results_ui::install();
    with_app(|app| {
        app.fill_form();
        app.spawn_pool();
        app.start_run();
        // After start_run filled the pickers; the timeline and histograms then use them.
        results_ui::apply_view(&view);
    });
}

fn strip_hash() -> String {
    let loc = window().location();
    loc.pathname().unwrap_or_default() + &loc.search().unwrap_or_default()
}

fn gallery_entry(preset: &str) -> Option<presets::GalleryEntry> {
    presets::gallery().into_iter().find(|g| g.id == preset)
}

fn gallery_published_sis(preset: &str) -> Option<[SisCounters; 2]> {
    gallery_entry(preset).and_then(|g| g.published_sis)
}

fn gallery_published(preset: &str) -> Vec<(u32, f64, f64)> {
    gallery_entry(preset)
        .map(|g| g.published.to_vec())
        .unwrap_or_default()
}

fn build_static_options() {
    let sel = el("preset");
    for g in presets::gallery() {
        let o = make("option", "", g.title);
        let _ = o.set_attribute("value", g.id);
        let _ = sel.append_child(&o);
    }
    let o = make("option", "", "Custom (edited or from a link)");
    let _ = o.set_attribute("value", "");
    let _ = sel.append_child(&o);
    let m = el("machine-preset");
    let o = make("option", "", "(custom)");
    let _ = o.set_attribute("value", "");
    let _ = m.append_child(&o);
    for id in presets::machine_ids() {
        let o = make("option", "", id);
        let _ = o.set_attribute("value", id);
        let _ = m.append_child(&o);
    }
    let k = el("kernel-version");
    for v in KernelVersion::ALL {
        let o = make("option", "", v.name());
        let _ = o.set_attribute("value", v.name());
        let _ = k.append_child(&o);
    }
    let w = el("workload-kind");
    for kind in [
        "tbench",
        "dbench",
        "hackbench",
        "pgbench",
        "netperf",
        "schbench",
        "barrier",
        "custom",
    ] {
        let o = make("option", "", kind);
        let _ = o.set_attribute("value", kind);
        let _ = w.append_child(&o);
    }
}

fn install_handlers() {
    on_click("run", || with_app(|a| a.start_run()));
    on_click("cancel", || with_app(|a| a.cancel("Cancelled")));
    on_click("copy-compare", || {
        let text = el("compare").text_content().unwrap_or_default();
        copy_text(&text, "Comparison", "compare-status");
    });
    on_click("copy-link", || with_app(|a| a.copy_link()));
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
        let i = typed::<HtmlSelectElement>("wake-list").selected_index();
        with_app(|a| {
            if i >= 0 {
                a.select_wake(i as usize);
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
        _ => a.read_form(),
    });
}

impl App {
    // --- pool -------------------------------------------------------------------------------

    fn pool_size() -> usize {
        let hc = window().navigator().hardware_concurrency();
        (if hc.is_finite() { hc as usize } else { 2 }).clamp(1, MAX_WORKERS)
    }

    fn spawn_pool(&mut self) {
        for i in 0..Self::pool_size() {
            match Slot::spawn(i, 1) {
                Ok(s) => self.slots.push(s),
                Err(e) => {
                    self.fail(&format!("The simulation worker failed: {e}"));
                    return;
                }
            }
        }
    }

    fn respawn(&mut self, idx: usize) {
        let epoch = self.slots[idx].epoch + 1;
        self.slots[idx].stop();
        match Slot::spawn(idx, epoch) {
            Ok(s) => self.slots[idx] = s,
            Err(e) => self.fail(&format!("The simulation worker failed: {e}")),
        }
    }

    fn pump(&mut self) {
        for i in 0..self.slots.len() {
            if !self.slots[i].ready || self.slots[i].busy.is_some() {
                continue;
            }
            let Some(job) = self.queue.pop_front() else {
                break;
            };
            let id = job.id();
            let msg = match job {
                Job::Point(p) => ToWorker::RunPoint(p),
                Job::Detail(d) => ToWorker::RunDetail(d),
                Job::Trace(t) => ToWorker::Trace(t),
            };
            let value = match Envelope::new(msg)
                .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
            {
                Ok(v) => v,
                Err(e) => return self.fail(&e.to_string()),
            };
            if let Err(e) = self.slots[i].worker.post_message(&value) {
                return self.fail(&js_err(e));
            }
            self.slots[i].busy = Some(id);
        }
    }

    fn on_worker_error(&mut self, idx: usize, epoch: u32, what: String) {
        if self.slots.get(idx).is_none_or(|s| s.epoch != epoch) {
            return;
        }
        let what = if what.is_empty() {
            "it could not be loaded".to_string()
        } else {
            what
        };
        self.fail(&format!("The simulation worker failed: {what}"));
    }

    fn on_worker(&mut self, idx: usize, epoch: u32, data: JsValue) {
        if self.slots.get(idx).is_none_or(|s| s.epoch != epoch) {
            return;
        }
        let msg = match serde_wasm_bindgen::from_value::<Envelope<FromWorker>>(data)
            .map_err(|e| format!("malformed worker reply: {e}"))
            .and_then(Envelope::open)
        {
            Ok(m) => m,
            Err(e) => return self.fail(&e),
        };
        match msg {
            FromWorker::Ready => {
                self.slots[idx].ready = true;
                self.pump();
            }
            FromWorker::Progress { job, frac } => {
                if let Some(run) = self.run.as_mut()
                    && run.pending.contains_key(&job)
                {
                    run.partial.insert(job, frac);
                    // Progress alone repaints at most as often as the results do: every
                    // repaint costs the browser a frame (layout, paint, commit) on a core the
                    // workers could use.
                    let now = now_ms();
                    if now - run.last_progress_ms >= RENDER_INTERVAL_MS {
                        run.last_progress_ms = now;
                        self.show_progress();
                    }
                } else if self.detail_job == Some(job) {
                    set_text("tl-status", &format!("Simulating… {:.0}%", frac * 100.0));
                } else if self.trace_job == Some(job) {
                    set_text(
                        "trace-status",
                        &format!("Simulating the run for the trace… {:.0}%", frac * 100.0),
                    );
                }
            }
            FromWorker::Point(p) => {
                self.slots[idx].busy = None;
                // Hand the worker its next job before redrawing: the redraw takes the main
                // thread for a while, and the worker would sit idle through it.
                self.pump();
                if let Some(run) = self.run.as_mut()
                    && run.pending.contains_key(&p.job)
                {
                    run.worker_ms += p.elapsed_ms;
                }
                match glue::parse_point(&p.result) {
                    Ok(r) => self.on_point(p.job, r),
                    Err(e) => self.fail(&e),
                }
                // post what on_point queued (the timeline job after the run's last point)
                self.pump();
            }
            FromWorker::Detail(d) => {
                self.slots[idx].busy = None;
                self.on_detail(*d);
                self.pump();
            }
            FromWorker::Trace(t) => {
                self.slots[idx].busy = None;
                if self.trace_job == Some(t.job) {
                    self.trace_job = None;
                    let name = self
                        .run
                        .as_ref()
                        .and_then(|r| r.exp.variants.get(t.variant as usize))
                        .map_or_else(|| format!("variant{}", t.variant), |v| v.name.clone());
                    results_ui::on_trace(&t, &name);
                }
                self.pump();
            }
            FromWorker::Error { job, message } if job.is_some() && job == self.trace_job => {
                self.slots[idx].busy = None;
                self.trace_job = None;
                set_text("trace-status", &message);
                let _ = el("trace-status").set_attribute("data-state", "error");
                self.pump();
            }
            FromWorker::Error { job, message } => {
                self.slots[idx].busy = None;
                let current_point = job.is_some_and(|j| {
                    self.run
                        .as_ref()
                        .is_some_and(|r| !r.finished && r.pending.contains_key(&j))
                });
                if job.is_some() && job != self.detail_job && !current_point {
                    // A reply to a job that was replaced or cancelled.
                } else if job.is_some() && job == self.detail_job {
                    self.detail_job = None;
                    set_text("tl-status", &format!("The timeline run failed: {message}"));
                } else {
                    self.fail(&format!("The simulation failed: {message}"));
                    self.cancel_jobs();
                }
                self.pump();
            }
        }
    }

    // --- runs -------------------------------------------------------------------------------

    fn fail(&mut self, message: &str) {
        web_sys::console::error_1(&format!("wakelab: {message}").into());
        let e = el("error");
        e.set_text_content(Some(message));
        set_hidden(&e, false);
        let _ = el("plot").set_attribute("data-state", "error");
        set_text("status", "Failed.");
        self.failed = true;
        if let Some(run) = self.run.as_mut() {
            run.finished = true;
        }
        el("cancel")
            .unchecked_ref::<HtmlElement>()
            .set_attribute("disabled", "")
            .ok();
    }

    /// Terminate every busy worker (they stop at once) and respawn it; drop queued jobs.
    fn cancel_jobs(&mut self) {
        self.queue.clear();
        for i in 0..self.slots.len() {
            if self.slots[i].busy.is_some() {
                self.respawn(i);
            }
        }
        self.detail_job = None;
        if self.trace_job.take().is_some() {
            set_text("trace-status", "Trace export cancelled.");
        }
    }

    fn cancel(&mut self, why: &str) {
        let Some(run) = self.run.as_mut() else {
            return;
        };
        if run.finished {
            return;
        }
        run.finished = true;
        let done = run.results.len();
        let total = run.total;
        self.cancel_jobs();
        // show every point that completed (redraws are throttled while a run goes on)
        self.render_results();
        let _ = el("plot").set_attribute("data-state", "cancelled");
        set_text(
            "status",
            &format!("{why} after {done} of {total} points. Press Run to start again."),
        );
        set_text(
            "progress-text",
            &format!("{done} / {total} points · cancelled"),
        );
        let _ = el("cancel").set_attribute("disabled", "");
        set_text("tl-status", "");
    }

    fn start_run(&mut self) {
        if !self.valid {
            set_text("status", "Fix the highlighted fields first.");
            return;
        }
        if let Some(run) = &self.run
            && !run.finished
        {
            self.cancel_jobs();
        }
        let json = match glue::to_json(&self.exp) {
            Ok(j) => j,
            Err(e) => return self.fail(&e),
        };
        let order = glue::job_order(&self.exp);
        let mut pending = HashMap::new();
        for (v, c, it) in order {
            let job = self.next_job;
            self.next_job += 1;
            pending.insert(job, (v, c, it));
            self.queue.push_back(Job::Point(PointJob {
                job,
                experiment: json.clone(),
                variant: v as u32,
                clients: c,
                iteration: it,
            }));
        }
        let total = pending.len();
        let published = if self.published.is_empty() {
            Vec::new()
        } else {
            self.published.clone()
        };
        self.run = Some(Run {
            exp: self.exp.clone(),
            pending,
            partial: HashMap::new(),
            total,
            results: Vec::new(),
            started: now_ms(),
            last_render_ms: f64::NEG_INFINITY,
            worker_ms: 0.0,
            last_progress_ms: f64::NEG_INFINITY,
            workers: self.slots.len().min(total).max(1),
            finished: false,
            published,
            published_sis: self.published_sis,
        });
        self.failed = false;
        // The timeline belongs to the previous experiment: drop any pending one and draw a
        // new one when this run completes.
        if let Some(old) = self.detail_job.take() {
            self.queue.retain(|j| j.id() != old);
        }
        self.detail = None;
        set_hidden(&el("error"), true);
        let _ = el("plot").set_attribute("data-state", "running");
        let _ = el("cancel").remove_attribute("disabled");
        set_text(
            "status",
            &format!(
                "Running {total} points on {} Web Worker{}…",
                self.slots.len().min(total),
                if self.slots.len().min(total) == 1 {
                    ""
                } else {
                    "s"
                }
            ),
        );
        set_text("plot-title", &self.exp.scenario.title);
        // the workers start before the page redraws (as in `on_point`)
        self.pump();
        self.update_link();
        self.render_results();
        self.show_progress();
        self.fill_timeline_pickers();
    }

    fn on_point(&mut self, job: u32, r: PointResult) {
        let Some(run) = self.run.as_mut() else {
            return;
        };
        if run.pending.remove(&job).is_none() {
            return;
        }
        run.partial.remove(&job);
        run.results.push(r);
        let done = run.pending.is_empty();
        let now = now_ms();
        let redraw = done || now - run.last_render_ms >= RENDER_INTERVAL_MS;
        if redraw {
            run.last_render_ms = now;
        }
        if self.first_point_ms.is_none() {
            self.first_point_ms = Some(now);
            let _ = el("plot").set_attribute("data-first-point-ms", &format!("{now:.0}"));
        }
        if redraw {
            self.render_results();
            self.show_progress();
        }
        if done {
            // how long the final report and charts took on the main thread (perf harness)
            let _ = el("plot").set_attribute("data-render-ms", &format!("{:.1}", now_ms() - now));
        }
        if done {
            let run = self.run.as_mut().expect_throw("run");
            run.finished = true;
            let secs = (now - run.started) / 1000.0;
            let n = run.total;
            let w = run.workers;
            let _ = el("plot").set_attribute("data-state", "done");
            let _ = el("plot").set_attribute("data-done-ms", &format!("{now:.0}"));
            let _ = el("plot").set_attribute("data-run-ms", &format!("{:.0}", secs * 1000.0));
            // the workers' own simulation time, summed (what the perf harness compares with a
            // native run: the page's posting, report building and drawing are not in it)
            let _ = el("plot").set_attribute("data-worker-ms", &format!("{:.1}", run.worker_ms));
            let _ = el("cancel").set_attribute("disabled", "");
            set_text(
                "status",
                &format!(
                    "{n} point{} simulated in {secs:.1} s on {w} Web Worker{}.",
                    if n == 1 { "" } else { "s" },
                    if w == 1 { "" } else { "s" }
                ),
            );
            if self.detail.is_none() && self.embed.is_none() {
                self.run_detail(None);
            }
        }
    }

    fn show_progress(&self) {
        let Some(run) = &self.run else {
            return;
        };
        let done = run.results.len();
        let partial: f64 = run.partial.values().sum();
        let frac = if run.total == 0 {
            1.0
        } else {
            ((done as f64 + partial) / run.total as f64).min(1.0)
        };
        let bar = typed::<web_sys::HtmlProgressElement>("progress");
        bar.set_value(frac);
        let elapsed = (now_ms() - run.started) / 1000.0;
        let eta = if run.finished || done == run.total {
            String::new()
        } else if frac > 0.02 && elapsed > 0.2 {
            let left = elapsed * (1.0 - frac) / frac;
            if left < 1.0 {
                " · under a second left".to_string()
            } else {
                format!(" · about {left:.0} s left")
            }
        } else {
            " · estimating time left…".to_string()
        };
        set_text(
            "progress-text",
            &format!("{done} / {} points{eta}", run.total),
        );
    }

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
        results_ui::decorate_chart(&mut chart, &report);
        if let Err(e) = draw_xy(&typed("plot-canvas"), &chart) {
            return self.fail(&e);
        }
        let _ = el("plot-canvas").set_attribute(
            "aria-label",
            &format!(
                "{} against client count for {}",
                if report.unit.is_empty() {
                    "result"
                } else {
                    &report.unit
                },
                report.variants.join(" and ")
            ),
        );
        render_summary(&report, run.results.is_empty(), published);
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

    fn redraw(&mut self) {
        if let Some(chart) = &self.chart {
            let _ = draw_xy(&typed("plot-canvas"), chart);
        }
        results_ui::redraw();
        self.draw_detail();
    }

    // --- the form ---------------------------------------------------------------------------

    fn fill_form(&mut self) {
        typed::<HtmlSelectElement>("preset").set_value(&self.preset);
        let v = serde_json::to_value(&self.exp).unwrap_or(Value::Null);
        for f in FIELDS {
            let cur = v.pointer(&pointer(f.path)).cloned().unwrap_or(Value::Null);
            match f.kind {
                Kind::Clients => {
                    let list: Vec<String> =
                        self.exp.clients.iter().map(|c| c.to_string()).collect();
                    let i = typed::<HtmlInputElement>(f.id);
                    i.set_value(&list.join(", "));
                    let def: Vec<String> = default_client_counts(&self.exp.scenario.machine.shape)
                        .iter()
                        .map(|c| c.to_string())
                        .collect();
                    i.set_placeholder(&format!("default: {}", def.join(", ")));
                }
                _ => {
                    let s = match &cur {
                        Value::String(s) => s.clone(),
                        Value::Null => String::new(),
                        other => other.to_string(),
                    };
                    typed::<HtmlInputElement>(f.id).set_value(&s);
                }
            }
        }
        typed::<HtmlSelectElement>("machine-preset")
            .set_value(self.exp.scenario.machine.preset.as_deref().unwrap_or(""));
        typed::<HtmlSelectElement>("kernel-version")
            .set_value(self.exp.scenario.kernel.version.name());
        typed::<HtmlSelectElement>("workload-kind").set_value(self.exp.scenario.workload.kind());
        crate::editor::dom::render(&self.exp);
        self.fill_workload();
        self.after_edit(false);
        let entry = gallery_entry(&self.preset);
        set_text(
            "preset-summary",
            entry.as_ref().map_or("A custom experiment.", |g| g.summary),
        );
        // what the model shows against the published result, beside the published overlay
        let model = entry.map_or("", |g| g.model);
        set_text("preset-model", model);
        set_hidden(&el("preset-model"), model.is_empty());
    }

    fn fill_workload(&self) {
        let root = el("workload-params");
        clear(&root);
        let v = serde_json::to_value(&self.exp.scenario.workload).unwrap_or(Value::Null);
        let Some(obj) = v.as_object() else {
            return;
        };
        let mut nested = Vec::new();
        for (key, val) in obj {
            if key == "kind" {
                continue;
            }
            let id = format!("w-{key}");
            let path = format!("scenario.workload.{key}");
            let (control, is_check) = match val {
                Value::Bool(b) => {
                    let i = make("input", "", "");
                    let _ = i.set_attribute("type", "checkbox");
                    i.unchecked_ref::<HtmlInputElement>().set_checked(*b);
                    (i, true)
                }
                Value::Number(n) => {
                    let i = make("input", "", "");
                    let _ = i.set_attribute("type", "number");
                    let int = n.is_u64() || n.is_i64();
                    let _ = i.set_attribute("step", if int { "1" } else { "any" });
                    let _ = i.set_attribute("data-num", if int { "int" } else { "float" });
                    i.unchecked_ref::<HtmlInputElement>()
                        .set_value(&n.to_string());
                    (i, false)
                }
                Value::String(s) => {
                    let i = make("input", "", "");
                    let _ = i.set_attribute("type", "text");
                    i.unchecked_ref::<HtmlInputElement>().set_value(s);
                    (i, false)
                }
                _ => {
                    // A custom workload's tasks and templates have their own editor.
                    let custom = self.exp.scenario.workload.kind() == "custom";
                    if !(custom && (key == "tasks" || key == "templates")) {
                        nested.push(key.clone());
                    }
                    continue;
                }
            };
            control.set_id(&id);
            let _ = control.set_attribute("data-wkey", key);
            let _ = control.set_attribute("data-path", &path);
            let wrap = make("div", if is_check { "field check" } else { "field" }, "");
            let label = make("label", "", &key.replace('_', " "));
            let _ = label.set_attribute("for", &id);
            if is_check {
                let _ = wrap.append_child(&control);
                let _ = wrap.append_child(&label);
            } else {
                let _ = wrap.append_child(&label);
                let _ = wrap.append_child(&control);
            }
            let e = make("p", "field-error", "");
            let _ = e.set_attribute("data-for", &path);
            let _ = wrap.append_child(&e);
            let _ = root.append_child(&wrap);
        }
        if !nested.is_empty() {
            let _ = root.append_child(&make(
                "p",
                "hint wide",
                &format!("More in the JSON editor below: {}.", nested.join(", ")),
            ));
        }
    }

    /// Read every field into the experiment, then validate.
    fn read_form(&mut self) {
        let mut v = match serde_json::to_value(&self.exp) {
            Ok(v) => v,
            Err(e) => return self.fail(&e.to_string()),
        };
        let mut local: Vec<(String, String)> = Vec::new();
        for f in FIELDS {
            let parsed: Result<Value, String> = match f.kind {
                Kind::Clients => glue::parse_clients(&typed::<HtmlInputElement>(f.id).value())
                    .map(|c| serde_json::json!(c)),
                Kind::Text(_) => Ok(Value::String(typed::<HtmlInputElement>(f.id).value())),
                Kind::Int(min, max) => {
                    let s = typed::<HtmlInputElement>(f.id).value();
                    match s.trim().parse::<u64>() {
                        Ok(n) if (min..=max).contains(&n) => Ok(n.into()),
                        Ok(_) => Err(format!("must be {min}..={max}")),
                        Err(_) if s.trim().is_empty() => Err("enter a value".into()),
                        Err(_) => Err("enter a whole number".into()),
                    }
                }
            };
            match parsed {
                Ok(x) => {
                    if let Err(e) = set_at(&mut v, f.path, x) {
                        local.push((f.path.to_string(), e));
                    }
                }
                Err(e) => local.push((f.path.to_string(), e)),
            }
        }
        // The editor's fields: machine, frequency, variants, interference, custom tasks.
        crate::editor::read(&self.exp, &mut v, crate::editor::dom::raw, &mut local);
        // Workload parameters.
        let params = doc()
            .query_selector_all("#workload-params [data-wkey]")
            .expect_throw("querySelectorAll");
        for n in 0..params.length() {
            let Some(input) = params
                .item(n)
                .and_then(|x| x.dyn_into::<HtmlInputElement>().ok())
            else {
                continue;
            };
            let key = input.get_attribute("data-wkey").unwrap_or_default();
            let path = format!("scenario.workload.{key}");
            let val = if input.type_() == "checkbox" {
                Ok(Value::Bool(input.checked()))
            } else if let Some(num) = input.get_attribute("data-num") {
                let s = input.value();
                if num == "int" {
                    s.trim()
                        .parse::<u64>()
                        .map(Value::from)
                        .map_err(|_| "enter a whole number (0 or more)".to_string())
                } else {
                    s.trim()
                        .parse::<f64>()
                        .ok()
                        .filter(|x| x.is_finite())
                        .and_then(serde_json::Number::from_f64)
                        .map(Value::Number)
                        .ok_or_else(|| "enter a number".to_string())
                }
            } else {
                Ok(Value::String(input.value()))
            };
            match val {
                Ok(x) => {
                    let _ = set_at(&mut v, &path, x);
                }
                Err(e) => local.push((path, e)),
            }
        }
        if !local.is_empty() {
            self.set_valid(false);
            show_errors(&local);
            return;
        }
        match serde_json::from_value::<Experiment>(v) {
            Ok(mut exp) => {
                crate::editor::normalise(&mut exp, &self.exp);
                let machine_changed = exp.scenario.machine.shape != self.exp.scenario.machine.shape;
                let relayout = crate::editor::layout_changed(&self.exp, &exp);
                self.exp = exp;
                if relayout {
                    crate::editor::dom::render(&self.exp);
                }
                if machine_changed {
                    self.exp.scenario.machine.preset = None;
                    typed::<HtmlSelectElement>("machine-preset").set_value("");
                }
                self.mark_custom();
                self.after_edit(true);
            }
            Err(e) => {
                self.set_valid(false);
                show_errors(&[(String::new(), e.to_string())]);
            }
        }
    }

    fn set_valid(&mut self, valid: bool) {
        self.valid = valid;
        let run = el("run");
        if valid {
            let _ = run.remove_attribute("disabled");
        } else {
            let _ = run.set_attribute("disabled", "");
            set_text("run-summary", "Fix the highlighted fields to run.");
        }
    }

    fn mark_custom(&mut self) {
        if !self.preset.is_empty() {
            self.preset.clear();
            typed::<HtmlSelectElement>("preset").set_value("");
            set_text("preset-summary", "A custom experiment.");
            // the gallery's "what Wakelab shows" describes the preset as it was, not this edit
            set_hidden(&el("preset-model"), true);
        }
    }

    /// Validate, show the messages by their fields, redraw the machine, refresh the JSON.
    fn after_edit(&mut self, edited: bool) {
        // The core's field checks plus whether the parts fit together (editor::check).
        let errors = crate::editor::check::check(&self.exp);
        self.valid = errors.is_empty();
        show_errors(&errors);
        self.set_valid(self.valid);
        render_machine(&self.exp);
        if let Ok(j) = glue::to_json_pretty(&self.exp) {
            typed::<HtmlTextAreaElement>("json").set_value(&j);
        }
        let points = if self.valid {
            wakelab_sim::experiment::points(&self.exp).len()
        } else {
            0
        };
        set_text(
            "run-summary",
            &if self.valid {
                format!(
                    "{points} runs: {} variant{} × {} client count{} × {} iteration{}",
                    self.exp.variants.len(),
                    if self.exp.variants.len() == 1 {
                        ""
                    } else {
                        "s"
                    },
                    self.exp.client_counts().len(),
                    if self.exp.client_counts().len() == 1 {
                        ""
                    } else {
                        "s"
                    },
                    self.exp.iterations,
                    if self.exp.iterations == 1 { "" } else { "s" },
                )
            } else {
                "Fix the highlighted fields to run.".to_string()
            },
        );
        if edited && self.run.as_ref().is_some_and(|r| r.finished) {
            set_text(
                "status",
                "The scenario changed: press Run to update the results.",
            );
        }
    }

    /// An editor button (add/remove a variant, an interference source, a task).
    fn editor_action(&mut self, a: &crate::editor::actions::Action) {
        match crate::editor::actions::perform(&mut self.exp, a) {
            Ok(focus) => {
                crate::editor::dom::status("");
                self.mark_custom();
                crate::editor::dom::render(&self.exp);
                crate::editor::dom::focus(&focus);
                self.after_edit(true);
            }
            Err(m) => crate::editor::dom::status(&m),
        }
    }

    fn load_preset(&mut self, id: &str) {
        let Some(exp) = presets::experiment(id) else {
            return;
        };
        self.exp = exp;
        self.preset = id.to_string();
        self.published = gallery_published(id);
        self.published_sis = gallery_published_sis(id);
        self.detail = None;
        self.fill_form();
        self.start_run();
    }

    fn load_machine(&mut self, id: &str) {
        if let Some(m) = presets::machine(id) {
            self.exp.scenario.machine = m;
            self.mark_custom();
            self.fill_form();
        }
    }

    fn set_kernel_version(&mut self, name: &str) {
        let Some(v) = KernelVersion::parse(name) else {
            return;
        };
        let keep = |mut k: wakelab_sim::kernel::KernelConfig| {
            k.version = v;
            for p in PatchId::ALL {
                if !p.info().applies_to.contains(&v) {
                    k.patches.remove(p);
                }
            }
            k.features = Default::default();
            k
        };
        self.exp.scenario.kernel = keep(self.exp.scenario.kernel);
        for var in &mut self.exp.variants {
            if let Some(k) = var.kernel {
                var.kernel = Some(keep(k));
            }
        }
        self.mark_custom();
        crate::editor::dom::render(&self.exp);
        self.after_edit(true);
    }

    fn set_workload_kind(&mut self, kind: &str) {
        match serde_json::from_value(serde_json::json!({ "kind": kind })) {
            Ok(w) => {
                self.exp.scenario.workload = w;
                // An empty custom workload cannot run: start from one example task.
                crate::editor::actions::ensure_custom_task(&mut self.exp);
                self.mark_custom();
                self.fill_workload();
                crate::editor::dom::render(&self.exp);
                self.after_edit(true);
            }
            Err(e) => show_errors(&[(
                "scenario.workload".into(),
                format!("{kind} needs parameters: {e}; use the JSON editor"),
            )]),
        }
    }

    fn apply_json(&mut self) {
        let text = typed::<HtmlTextAreaElement>("json").value();
        let out = el("json-error");
        let parsed = wakelab_sim::scenario::read_json(&text).and_then(|v| {
            serde_json::from_value::<Experiment>(v).map_err(|e| ScenarioError {
                field: "experiment".into(),
                message: e.to_string(),
            })
        });
        match parsed {
            Ok(exp) => {
                let err = exp.validate().err();
                self.exp = exp;
                self.mark_custom();
                self.fill_form();
                match err {
                    Some(e) => out.set_text_content(Some(&format!(
                        "Applied, but not valid yet: {}: {}",
                        e.field, e.message
                    ))),
                    None => out.set_text_content(Some("Applied.")),
                }
            }
            Err(e) => {
                out.set_text_content(Some(&format!("Not applied: {}: {}", e.field, e.message)));
            }
        }
    }

    // --- share, embed, export ---------------------------------------------------------------

    /// The share link of the experiment with the view the pickers show (and `theme` for embeds).
    fn link_fragment(&self, theme: Option<wakelab_link::Theme>) -> String {
        let exp = self.run.as_ref().map_or(&self.exp, |r| &r.exp);
        wakelab_link::encode(&wakelab_link::LinkV1::new(
            exp,
            results_ui::current_view(exp, theme),
        ))
    }

    fn update_link(&self) {
        let frag = self.link_fragment(None);
        let url = format!("{}#{frag}", strip_hash());
        if let Ok(h) = window().history() {
            let _ = h.replace_state_with_url(&JsValue::NULL, "", Some(&url));
        }
        let full = window().location().href().unwrap_or_default();
        typed::<HtmlInputElement>("share-url").set_value(&full);
        let warn = el("link-warning");
        if full.len() > wakelab_link::WARN_LENGTH {
            warn.set_text_content(Some(&format!(
                "This link is {} characters long: some chat apps and mail clients cut links \
                 longer than about {} characters. Use the JSON export to share it safely.",
                full.len(),
                wakelab_link::WARN_LENGTH
            )));
            set_hidden(&warn, false);
        } else {
            set_hidden(&warn, true);
        }
    }

    fn copy_link(&mut self) {
        self.update_link();
        let url = typed::<HtmlInputElement>("share-url").value();
        set_hidden(&el("share"), false);
        copy_text(&url, "Link", "share-status");
    }

    pub(crate) fn show_embed(&mut self) {
        self.update_link();
        let loc = window().location();
        let base = format!(
            "{}{}",
            loc.origin().unwrap_or_default(),
            loc.pathname().unwrap_or_default()
        );
        let which = typed::<HtmlSelectElement>("embed-what").value();
        let title = self.exp.scenario.title.replace(['"', '<', '>', '&'], "");
        let (w, h) =
            crate::results::view::embed_size(&typed::<HtmlSelectElement>("embed-size").value());
        let theme =
            crate::results::view::theme_named(&typed::<HtmlSelectElement>("embed-theme").value());
        let code = format!(
            "<iframe src=\"{base}?embed={which}#{}\" width=\"{w}\" height=\"{h}\" \
             title=\"Wakelab: {title}\" loading=\"lazy\" style=\"border:0\"></iframe>",
            self.link_fragment(theme)
        );
        typed::<HtmlTextAreaElement>("embed-code").set_value(&code);
        set_hidden(&el("share"), false);
        set_hidden(&el("embed-box"), false);
    }

    fn export(&self, what: &str) {
        let Some(report) = &self.report else {
            return;
        };
        let stem = if self.preset.is_empty() {
            "wakelab".to_string()
        } else {
            format!("wakelab-{}", self.preset)
        };
        match what {
            "svg" => {
                if let Some(chart) = &self.chart {
                    let mut c = chart.clone();
                    c.title = report.title.clone();
                    match crate::canvas::svg_string((960, 540), |root| {
                        wakelab_plot::draw_xy_chart(root, &c, &Theme::light(1.0))
                    }) {
                        Ok(svg) => download(&format!("{stem}.svg"), "image/svg+xml", &svg),
                        Err(e) => web_sys::console::error_1(&e.into()),
                    }
                }
            }
            "png" => {
                let canvas: HtmlCanvasElement = typed("plot-canvas");
                if let Ok(url) = canvas.to_data_url_with_type("image/png") {
                    download_url(&format!("{stem}.png"), &url);
                }
            }
            "csv" => download(&format!("{stem}.csv"), "text/csv", &report.compare.to_csv()),
            _ => {
                #[derive(Serialize)]
                struct Export<'a> {
                    experiment: &'a Experiment,
                    report: &'a ExperimentReport,
                    link: String,
                }
                let exp = self.run.as_ref().map_or(&self.exp, |r| &r.exp);
                let doc = Export {
                    experiment: exp,
                    report,
                    link: window().location().href().unwrap_or_default(),
                };
                if let Ok(j) = glue::to_json_pretty(&doc) {
                    download(&format!("{stem}.json"), "application/json", &j);
                }
            }
        }
    }

    // --- timeline ---------------------------------------------------------------------------

    fn fill_timeline_pickers(&self) {
        let exp = self.run.as_ref().map_or(&self.exp, |r| &r.exp);
        let vs = typed::<HtmlSelectElement>("tl-variant");
        let old_v = vs.value();
        clear(&vs);
        for (i, v) in exp.variants.iter().enumerate() {
            let o = make("option", "", &v.name);
            let _ = o.set_attribute("value", &i.to_string());
            let _ = vs.append_child(&o);
        }
        // Default: the patched (last) variant, where the pair should stay put.
        let want_v = if old_v.parse::<usize>().is_ok_and(|i| i < exp.variants.len()) {
            old_v
        } else {
            (exp.variants.len().saturating_sub(1)).to_string()
        };
        vs.set_value(&want_v);
        let cs = typed::<HtmlSelectElement>("tl-clients");
        let old_c = cs.value();
        clear(&cs);
        let counts = exp.client_counts();
        for c in &counts {
            let o = make("option", "", &c.to_string());
            let _ = o.set_attribute("value", &c.to_string());
            let _ = cs.append_child(&o);
        }
        let want_c = if counts.iter().any(|c| c.to_string() == old_c) {
            old_c
        } else {
            counts.first().copied().unwrap_or(1).to_string()
        };
        cs.set_value(&want_c);
        let start = typed::<HtmlInputElement>("tl-start");
        if start.value().is_empty()
            || start.value_as_number() >= exp.scenario.run.duration_ms as f64
        {
            start.set_value(&exp.scenario.run.warmup_ms.to_string());
        }
        let len = typed::<HtmlInputElement>("tl-length");
        if len.value().is_empty() {
            len.set_value("20");
        }
    }

    fn run_detail(&mut self, explain: Option<u64>) {
        let exp_json = match explain {
            Some(_) => match &self.detail_exp {
                Some(j) => j.clone(),
                None => return,
            },
            None => {
                let exp = self.run.as_ref().map_or(&self.exp, |r| &r.exp);
                match glue::to_json(exp) {
                    Ok(j) => j,
                    Err(_) => return,
                }
            }
        };
        let (variant, clients, start, len) = match (explain, &self.detail) {
            (Some(_), Some(d)) => (
                d.variant,
                d.clients,
                d.window_start_ms,
                d.window_end_ms - d.window_start_ms,
            ),
            _ => (
                typed::<HtmlSelectElement>("tl-variant")
                    .value()
                    .parse()
                    .unwrap_or(0),
                typed::<HtmlSelectElement>("tl-clients")
                    .value()
                    .parse()
                    .unwrap_or(1),
                typed::<HtmlInputElement>("tl-start").value_as_number(),
                typed::<HtmlInputElement>("tl-length").value_as_number(),
            ),
        };
        if !(start.is_finite() && len.is_finite() && len > 0.0 && start >= 0.0) {
            set_text(
                "tl-status",
                "Give a start of 0 ms or more and a positive length.",
            );
            return;
        }
        if len > glue::MAX_WINDOW_MS {
            set_text(
                "tl-status",
                &format!("Windows are limited to {} ms.", glue::MAX_WINDOW_MS),
            );
            return;
        }
        // One detail job at a time: a newer request replaces a queued one; a running one
        // finishes (short) and its reply is dropped.
        if let Some(old) = self.detail_job.take() {
            self.queue.retain(|j| j.id() != old);
        }
        let job = self.next_job;
        self.next_job += 1;
        self.detail_job = Some(job);
        if explain.is_none() {
            self.detail_exp = Some(exp_json.clone());
        }
        self.queue.push_front(Job::Detail(DetailJob {
            job,
            experiment: exp_json,
            variant,
            clients,
            iteration: 0,
            window_start_ms: start,
            window_end_ms: start + len,
            explain,
        }));
        set_text(
            "tl-status",
            if explain.is_some() {
                "Re-running the point to trace the decision…"
            } else {
                "Simulating the point with a timeline…"
            },
        );
        let _ = el("timeline-card").set_attribute("data-state", "running");
        self.pump();
    }

    fn on_detail(&mut self, d: DetailDone) {
        if self.detail_job != Some(d.job) {
            return;
        }
        self.detail_job = None;
        if let Some(decision) = d.explain {
            let text = d.explanation.clone().unwrap_or_else(|| {
                format!("Decision {decision} was not reached in this run (nothing to explain).")
            });
            set_text("explanation", &text);
            set_hidden(&el("explanation"), false);
            set_text(
                "tl-status",
                &format!("Decision trace of wake-up #{decision}."),
            );
            let _ = el("timeline-card").set_attribute("data-state", "done");
            return;
        }
        let name = self
            .run
            .as_ref()
            .and_then(|r| r.exp.variants.get(d.variant as usize))
            .map(|v| v.name.clone())
            .unwrap_or_default();
        set_text(
            "tl-status",
            &format!(
                "{name}, {} clients: {:.3} {} · {} wake-ups in {:.0}–{:.0} ms (simulated in {:.0} ms). \
                 Click a ▼ mark or pick a wake-up below to explain it.",
                d.clients,
                d.value,
                d.unit,
                d.wakes.len(),
                d.window_start_ms,
                d.window_end_ms,
                d.elapsed_ms
            ),
        );
        let list = typed::<HtmlSelectElement>("wake-list");
        clear(&list);
        for w in d.wakes.iter().take(MAX_LISTED_WAKES) {
            let o = make("option", "", &glue::describe_wake(&d, w));
            let _ = list.append_child(&o);
        }
        set_hidden(&el("explanation"), true);
        self.selected_wake = None;
        let _ = el("explain").set_attribute("disabled", "");
        let canvas: HtmlCanvasElement = typed("timeline-canvas");
        let lanes = d.nr_cpus as f64;
        let _ = canvas.style().set_property(
            "height",
            &format!("{}px", (90.0 + lanes * 26.0).min(2400.0)),
        );
        self.detail = Some(d);
        self.draw_detail();
        let _ = el("timeline-card").set_attribute("data-state", "done");
    }

    fn draw_detail(&mut self) {
        let Some(d) = &self.detail else {
            return;
        };
        let chart = glue::timeline_chart(d, self.selected_wake);
        match draw_timeline(&typed("timeline-canvas"), &chart) {
            Ok(l) => self.layout = Some(l),
            Err(e) => set_text("tl-status", &e),
        }
    }

    fn select_wake(&mut self, i: usize) {
        self.selected_wake = Some(i);
        let _ = el("explain").remove_attribute("disabled");
        self.draw_detail();
    }

    fn explain(&mut self, i: usize) {
        let Some(d) = &self.detail else {
            return;
        };
        let Some(w) = d.wakes.get(i) else {
            return;
        };
        let decision = w.decision;
        self.run_detail(Some(decision));
    }

    /// Export the timeline's chosen point (iteration 0) as a Perfetto trace: the whole run or
    /// the timeline's window. The worker runs and writes it; one export at a time.
    pub(crate) fn request_trace(&mut self, window: bool) {
        let exp = self.run.as_ref().map_or(&self.exp, |r| &r.exp);
        let Ok(json) = glue::to_json(exp) else {
            return;
        };
        let variant = typed::<HtmlSelectElement>("tl-variant")
            .value()
            .parse()
            .unwrap_or(0);
        let clients = typed::<HtmlSelectElement>("tl-clients")
            .value()
            .parse()
            .unwrap_or(1);
        let window_ms = if window {
            let start = typed::<HtmlInputElement>("tl-start").value_as_number();
            let len = typed::<HtmlInputElement>("tl-length").value_as_number();
            if !(start.is_finite() && len.is_finite() && len > 0.0 && start >= 0.0) {
                set_text(
                    "trace-status",
                    "Give a start of 0 ms or more and a positive length above.",
                );
                return;
            }
            Some((start, start + len))
        } else {
            None
        };
        if let Some(old) = self.trace_job.take() {
            self.queue.retain(|j| j.id() != old);
        }
        let job = self.next_job;
        self.next_job += 1;
        self.trace_job = Some(job);
        self.queue.push_back(Job::Trace(TraceJob {
            job,
            experiment: json,
            variant,
            clients,
            iteration: 0,
            window_ms,
        }));
        set_text("trace-status", "Simulating the run for the trace…");
        let _ = el("trace-status").set_attribute("data-state", "running");
        self.pump();
    }

    fn click_timeline(&mut self, css_x: f64, css_y: f64) {
        let (Some(layout), Some(d)) = (&self.layout, &self.detail) else {
            return;
        };
        let dpr = window().device_pixel_ratio().clamp(1.0, 4.0);
        let Some((t, lane)) = layout.hit(css_x * dpr, css_y * dpr) else {
            return;
        };
        let tol = 8.0 * dpr / layout.px_per_ms();
        if let Some(i) = glue::nearest_wake(d, t, lane, tol) {
            if i < MAX_LISTED_WAKES {
                typed::<HtmlSelectElement>("wake-list").set_selected_index(i as i32);
            }
            self.select_wake(i);
            self.explain(i);
        }
    }
}

/// Show validation messages next to their fields (longest matching `data-for`), clearing the
/// others. An empty path goes to the form-wide slot.
fn show_errors(errors: &[(String, String)]) {
    let slots = doc()
        .query_selector_all("#scenario [data-for]")
        .expect_throw("querySelectorAll");
    let mut els = Vec::new();
    for i in 0..slots.length() {
        if let Some(e) = slots.item(i).and_then(|n| n.dyn_into::<Element>().ok()) {
            e.set_text_content(None);
            els.push(e);
        }
    }
    let invalid = doc()
        .query_selector_all("#scenario [aria-invalid]")
        .expect_throw("querySelectorAll");
    for i in 0..invalid.length() {
        if let Some(e) = invalid.item(i).and_then(|n| n.dyn_into::<Element>().ok()) {
            let _ = e.remove_attribute("aria-invalid");
        }
    }
    for (path, message) in errors {
        let best = els
            .iter()
            .filter_map(|e| {
                let f = e.get_attribute("data-for")?;
                let m = f.is_empty()
                    || *path == f
                    || path.starts_with(&format!("{f}."))
                    || path.starts_with(&format!("{f}["));
                m.then_some((f.len(), e))
            })
            .max_by_key(|(l, _)| *l);
        if let Some((_, e)) = best {
            let f = e.get_attribute("data-for").unwrap_or_default();
            let text = if f.is_empty() && !path.is_empty() {
                format!("{path}: {message}")
            } else {
                message.clone()
            };
            e.set_text_content(Some(&text));
            if let Ok(Some(input)) = doc().query_selector(&format!("#scenario [data-path=\"{f}\"]"))
            {
                let _ = input.set_attribute("aria-invalid", "true");
            }
        }
    }
}

fn render_machine(exp: &Experiment) {
    let root = el("machine-pic");
    clear(&root);
    let shape = &exp.scenario.machine.shape;
    let pic = match glue::machine_picture(shape) {
        Ok(p) => p,
        Err(e) => {
            root.set_text_content(Some(&format!("No picture: {e}")));
            return;
        }
    };
    let n = shape.nr_cpus();
    let cores =
        shape.sockets as usize * shape.llcs_per_socket as usize * shape.cores_per_llc as usize;
    let caption = format!(
        "{n} CPUs: {} socket{} × {} LLC{} × {} cores × {} thread{} · {}",
        shape.sockets,
        if shape.sockets == 1 { "" } else { "s" },
        shape.llcs_per_socket,
        if shape.llcs_per_socket == 1 { "" } else { "s" },
        shape.cores_per_llc,
        shape.smt,
        if shape.smt == 1 { "" } else { "s" },
        match (shape.numbering, shape.smt > 1) {
            (wakelab_sim::topology::Numbering::X86, true) => {
                format!("x86 numbering: CPU n's sibling is CPU n+{cores}")
            }
            (_, true) => "linear numbering: siblings are adjacent".to_string(),
            _ => "no SMT".to_string(),
        }
    );
    let _ = root.set_attribute("aria-label", &format!("Machine picture. {caption}"));
    let small = n > 64;
    for (s, sock) in pic.iter().enumerate() {
        let sd = make("div", "socket", "");
        let _ = sd.append_child(&make("span", "pic-label", &format!("Socket {s}")));
        let llcs = make("div", "llcs", "");
        for llc in &sock.llcs {
            let ld = make("div", "llc", "");
            let first = llc
                .cores
                .first()
                .and_then(|c| c.first())
                .copied()
                .unwrap_or(0);
            let label = match llc.capacity {
                Some(c) => format!("LLC · capacity {c}"),
                None => format!("LLC (CPU {first}…)"),
            };
            let _ = ld.append_child(&make("span", "pic-label", &label));
            let cd = make("div", if small { "cores small" } else { "cores" }, "");
            for core in &llc.cores {
                let c = make("div", "core", "");
                for (t, cpu) in core.iter().enumerate() {
                    let th = make("span", &format!("thread t{t}"), &cpu.to_string());
                    let _ = th.set_attribute("title", &format!("CPU {cpu} (thread {t})"));
                    let _ = c.append_child(&th);
                }
                let _ = cd.append_child(&c);
            }
            let _ = ld.append_child(&cd);
            let _ = llcs.append_child(&ld);
        }
        let _ = sd.append_child(&llcs);
        let _ = root.append_child(&sd);
    }
    set_text("machine-caption", &caption);
}

/// A gain in percent as a table cell: (text, class).
fn gain_cell(g: Option<f64>, class: &str) -> (String, String) {
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
fn render_summary(report: &ExperimentReport, empty: bool, published: &[(u32, f64, f64)]) {
    let table = el("summary");
    clear(&table);
    let thead = make("thead", "", "");
    let tr = make("tr", "", "");
    let _ = tr.append_child(&make("th", "", "clients"));
    for v in &report.variants {
        let _ = tr.append_child(&make("th", "", v));
    }
    for v in report.variants.iter().skip(1) {
        let _ = tr.append_child(&make("th", "", &format!("Δ {v}")));
    }
    // Published columns pair with the first two variants (a preset's baseline and patch).
    let with_published = !published.is_empty() && report.variants.len() >= 2;
    if with_published {
        for h in ["published: baseline", "published: patched", "Δ published"] {
            let _ = tr.append_child(&make("th", "published", h));
        }
    }
    let _ = thead.append_child(&tr);
    let _ = table.append_child(&thead);
    let tbody = make("tbody", "", "");
    let published_cells = glue::published_cells(report, published);
    for (i, row) in glue::summary(report).into_iter().enumerate() {
        let tr = make("tr", "", "");
        let _ = tr.append_child(&make("th", "", &row.clients.to_string()));
        for cell in &row.cells {
            let td = match cell {
                Some(c) => make("td", "num", &glue::fmt_num(c.mean)),
                None => make("td", "num", "…"),
            };
            // the iterations' range on a line of its own, so the table stays narrow
            if let Some(c) = cell.filter(|c| c.n > 1) {
                let range = format!("{}–{}", glue::fmt_num(c.min), glue::fmt_num(c.max));
                let _ = td.append_child(&make("span", "range", &range));
            }
            let _ = tr.append_child(&td);
        }
        for g in row.gain_pct.iter().skip(1) {
            let (text, class) = gain_cell(*g, "num");
            let _ = tr.append_child(&make("td", &class, &text));
        }
        if with_published {
            match published_cells.get(i).copied().flatten() {
                Some(p) => {
                    for v in [p.base, p.patched] {
                        let _ = tr.append_child(&make("td", "num published", &glue::fmt_num(v)));
                    }
                    let (text, class) = gain_cell(p.gain_pct, "num published");
                    let _ = tr.append_child(&make("td", &class, &text));
                }
                None => {
                    for _ in 0..3 {
                        let _ = tr.append_child(&make("td", "num published", "–"));
                    }
                }
            }
        }
        let _ = tbody.append_child(&tr);
    }
    let _ = table.append_child(&tbody);
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
                "{} per client count ({dir}); Hmean/Amean of the iterations, their min–max \
                 below; Δ = \
                 gain over {} (positive = better).{}",
                if report.unit.is_empty() {
                    "value"
                } else {
                    &report.unit
                },
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
