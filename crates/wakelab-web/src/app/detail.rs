//! The per-CPU timeline of one point, its wake-up list, the explanation of one wake-up
//! (a re-run tracing that decision), zoom and pan (Perfetto's W/S/A/D keys and a drag that
//! selects a range; the arithmetic is `results::zoom`) and the Perfetto trace export.

use crate::dom::{DomExt, NodeExt};
use wasm_bindgen::prelude::*;
use web_sys::{HtmlCanvasElement, HtmlElement, HtmlInputElement, HtmlSelectElement};

use super::App;
use super::pool::Job;
use super::render::draw_timeline;
use crate::dom::{clear, el, make, set_hidden, set_text, typed, window};
use crate::dto::{DetailDone, DetailJob, TraceJob};
use crate::glue;
use crate::results::zoom::{self, PAN_STEP, Window, ZOOM_IN};

/// Wake-ups listed next to the timeline.
const MAX_LISTED_WAKES: usize = 600;
/// A pointer that moves less than this (CSS px) between press and release clicked.
const DRAG_PX: f64 = 4.0;
/// Quiet time after the last zoom or pan before a window outside the recording is simulated.
const ZOOM_RUN_DELAY_MS: i32 = 250;

/// The timeline's zoom: what it shows, what Reset zoom returns to, and the pointer.
#[derive(Default)]
pub(super) struct TimelineZoom {
    /// The window drawn (and in the From and Length fields); `None` before a timeline.
    view: Option<Window>,
    /// The window last asked for with Show timeline (or after a run, or by a link).
    home: Option<Window>,
    /// The pointer's CSS x over the canvas, the anchor of W and S.
    pointer_x: Option<f64>,
    /// Where a press started (CSS x), while the button is down.
    drag_from: Option<f64>,
    /// The click that ends a drag is not a click on a wake-up mark.
    suppress_click: bool,
    /// Bumped by every zoom: a scheduled simulation runs only if no zoom followed it.
    generation: u32,
}

impl App {
    // --- timeline ---------------------------------------------------------------------------

    pub(super) fn fill_timeline_pickers(&self) {
        let exp = self.run.as_ref().map_or(&self.exp, |r| &r.exp);
        let vs = typed::<HtmlSelectElement>("tl-variant");
        let old_v = vs.value();
        clear(&vs);
        for (i, v) in exp.variants.iter().enumerate() {
            let o = make("option", "", &v.name);
            o.set_attr("value", &i.to_string());
            vs.append(&o);
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
            o.set_attr("value", &c.to_string());
            cs.append(&o);
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

    /// Show the timeline of the window in the fields (Show timeline, after a run, a link's
    /// window), or explain wake-up `explain` of the timeline shown. A new window is the one
    /// Reset zoom returns to.
    pub(super) fn run_detail(&mut self, explain: Option<u64>) {
        if explain.is_none() {
            self.zoom.view = None;
            self.zoom.home = None;
            self.zoom.generation = self.zoom.generation.wrapping_add(1);
        }
        self.start_detail(explain);
    }

    fn start_detail(&mut self, explain: Option<u64>) {
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
        if explain.is_none() {
            let w = Window {
                start_ms: start,
                end_ms: start + len,
            };
            self.zoom.view.get_or_insert(w);
            self.zoom.home.get_or_insert(w);
        }
        // One detail job at a time: a newer request replaces a queued one; a running one
        // finishes (short) and its reply is dropped.
        if let Some(old) = self.detail_job.take() {
            self.pool.unqueue(old);
        }
        let job = self.next_job;
        self.next_job += 1;
        self.detail_job = Some(job);
        if explain.is_none() {
            self.detail_exp = Some(exp_json.clone());
        }
        self.pool.push_front(Job::Detail(DetailJob {
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
        el("timeline-card").set_attr("data-state", "running");
        self.pump();
    }

    pub(super) fn on_detail(&mut self, d: DetailDone) {
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
                &if text.contains("check_preempt_wakeup_fair") {
                    format!(
                        "Decision trace of wake-up #{decision}, then the wake-up preemption \
                         check that followed it (6.18)."
                    )
                } else {
                    format!("Decision trace of wake-up #{decision}.")
                },
            );
            el("timeline-card").set_attr("data-state", "done");
            return;
        }
        let name = self
            .run
            .as_ref()
            .and_then(|r| r.exp.variants.get(d.variant as usize))
            .map(|v| v.name.clone())
            .unwrap_or_default();
        let wakes = if d.wakes.len() >= glue::MAX_WAKES {
            format!("the first {} wake-ups", d.wakes.len())
        } else {
            format!("{} wake-ups", d.wakes.len())
        };
        let listed = if d.wakes.len() > MAX_LISTED_WAKES {
            format!(" (the first {MAX_LISTED_WAKES} of the window shown are listed below)")
        } else {
            String::new()
        };
        // Recording bounds reached are said, not left to look like an idle machine.
        let notes = d.notes.join(" ");
        set_text(
            "tl-status",
            &format!(
                "{name}, {} clients: {:.3} {} · {wakes} in {:.0}–{:.0} ms{listed} (simulated in \
                 {:.0} ms). Click a ▼ mark or pick a wake-up below to explain it.{}{notes}",
                d.clients,
                d.value,
                d.unit,
                d.window_start_ms,
                d.window_end_ms,
                d.elapsed_ms,
                if notes.is_empty() { "" } else { " " },
            ),
        );
        match &d.shadow {
            Some(s) => {
                set_text("tl-shadow", &glue::shadow_sentence(s));
                set_hidden(&el("tl-shadow"), false);
            }
            None => set_hidden(&el("tl-shadow"), true),
        }
        el("timeline-card").set_attr(
            "data-capped",
            if d.notes.is_empty() { "false" } else { "true" },
        );
        set_hidden(&el("explanation"), true);
        self.selected_wake = None;
        el("explain").set_attr("disabled", "");
        let canvas: HtmlCanvasElement = typed("timeline-canvas");
        let lanes = d.nr_cpus as f64;
        // 26 px a lane from 8 CPUs up; a small machine's lanes share 200 px, so its
        // runnable-count lines and frequency strips stay readable
        let lane_px = (200.0 / lanes.max(1.0)).max(26.0);
        if let Err(e) = canvas.style().set_property(
            "height",
            &format!("{}px", (90.0 + lanes * lane_px).min(2400.0)),
        ) {
            crate::dom::report_dom_error("sizing the timeline", &e);
        }
        self.detail = Some(d);
        self.fill_wake_list();
        self.draw_detail();
        el("timeline-card").set_attr("data-state", "done");
        // Zoomed or panned on while this window was simulated: simulate the new one.
        if let (Some(view), Some(rec)) = (self.zoom.view, self.recorded())
            && view != rec
            && zoom::needs_run(&view, &rec, self.capped())
        {
            self.schedule_zoom_run();
        }
    }

    pub(super) fn draw_detail(&mut self) {
        let Some(d) = &self.detail else {
            return;
        };
        let mut chart = glue::timeline_chart(d, self.selected_wake);
        if let Some(v) = self.zoom.view {
            chart.t0_ms = v.start_ms;
            chart.t1_ms = v.end_ms;
        }
        let canvas: HtmlCanvasElement = typed("timeline-canvas");
        match draw_timeline(&canvas, &chart) {
            Ok(l) => self.layout = Some(l),
            Err(e) => set_text("tl-status", &e),
        }
        let (a, b) = (zoom::fmt_ms(chart.t0_ms), zoom::fmt_ms(chart.t1_ms));
        canvas.set_attr("data-window", &format!("{a}-{b}"));
        // The plotted range in CSS px (tests point at a time with it).
        if let Some(l) = &self.layout {
            let dpr = window().device_pixel_ratio().clamp(1.0, 4.0);
            canvas.set_attr(
                "data-plot-x",
                &format!("{:.1},{:.1}", l.x0 / dpr, l.x1 / dpr),
            );
        }
        canvas.set_attr(
            "aria-label",
            &format!(
                "Per-CPU timeline of {a}–{b} ms: tasks and frequencies. W and S zoom in and \
                 out, A and D pan."
            ),
        );
        let zoomed = matches!((self.zoom.view, self.zoom.home), (Some(v), Some(h)) if v != h);
        if zoomed {
            el("tl-reset").remove_attr("disabled");
        } else {
            el("tl-reset").set_attr("disabled", "");
        }
    }

    /// List the wake-ups of the window shown (the first [`MAX_LISTED_WAKES`]); each option's
    /// value is the wake-up's index in the recording.
    fn fill_wake_list(&self) {
        let Some(d) = &self.detail else {
            return;
        };
        let list = typed::<HtmlSelectElement>("wake-list");
        clear(&list);
        let shown = |t_ns: u64| {
            let t = t_ns as f64 / 1e6;
            self.zoom
                .view
                .is_none_or(|v| t >= v.start_ms && t <= v.end_ms)
        };
        for (i, w) in d
            .wakes
            .iter()
            .enumerate()
            .filter(|(_, w)| shown(w.t_ns))
            .take(MAX_LISTED_WAKES)
        {
            let o = make("option", "", &glue::describe_wake(d, w));
            o.set_attr("value", &i.to_string());
            list.append(&o);
        }
        if let Some(i) = self.selected_wake {
            list.set_value(&i.to_string());
        }
    }

    // --- zoom and pan -----------------------------------------------------------------------

    /// The window the timeline shown was recorded over.
    fn recorded(&self) -> Option<Window> {
        self.detail.as_ref().map(|d| Window {
            start_ms: d.window_start_ms,
            end_ms: d.window_end_ms,
        })
    }

    /// Where the recording's timeline segments ran out (a re-run of a zoomed window helps).
    fn capped(&self) -> Option<f64> {
        self.detail
            .as_ref()
            .and_then(|d| d.segments_missing_from_ms)
    }

    fn run_ms(&self) -> f64 {
        let exp = self.run.as_ref().map_or(&self.exp, |r| &r.exp);
        exp.scenario.run.duration_ms as f64
    }

    /// The time (ms) under CSS x `css_x` of the canvas, clamped to the plotted range.
    fn time_at(&self, css_x: f64) -> Option<f64> {
        let l = self.layout.as_ref()?;
        if l.x1 <= l.x0 {
            return None;
        }
        let dpr = window().device_pixel_ratio().clamp(1.0, 4.0);
        let f = ((css_x * dpr - l.x0) / (l.x1 - l.x0)).clamp(0.0, 1.0);
        Some(l.t0_ms + f * (l.t1_ms - l.t0_ms))
    }

    /// A key pressed while the timeline has focus; whether it was one of W, S, A, D.
    pub(super) fn timeline_key(&mut self, key: &str) -> bool {
        let (Some(view), true) = (self.zoom.view, self.detail.is_some()) else {
            return false;
        };
        let (run, max) = (self.run_ms(), glue::MAX_WINDOW_MS);
        let anchor = self
            .zoom
            .pointer_x
            .and_then(|x| self.time_at(x))
            .unwrap_or(f64::NAN);
        let w = match key {
            "w" | "W" => view.zoom(ZOOM_IN, anchor, run, max),
            "s" | "S" => view.zoom(1.0 / ZOOM_IN, anchor, run, max),
            "a" | "A" => view.pan(-PAN_STEP, run, max),
            "d" | "D" => view.pan(PAN_STEP, run, max),
            _ => return false,
        };
        self.set_view(w);
        true
    }

    /// Back to the window last asked for.
    pub(super) fn reset_zoom(&mut self) {
        if let Some(h) = self.zoom.home {
            self.set_view(h);
        }
    }

    /// Show `w`: the fields and the link follow, the drawing at once (from the recording),
    /// and a window the recording does not cover whole is simulated after a short quiet.
    fn set_view(&mut self, w: Window) {
        if self.zoom.view == Some(w) || self.detail.is_none() {
            return;
        }
        self.zoom.view = Some(w);
        typed::<HtmlInputElement>("tl-start").set_value(&zoom::fmt_ms(w.start_ms));
        typed::<HtmlInputElement>("tl-length").set_value(&zoom::fmt_ms(w.len_ms()));
        if !self.keep_address {
            self.update_link();
        }
        self.fill_wake_list();
        self.draw_detail();
        // A simulation scheduled for an earlier view is not needed any more.
        self.zoom.generation = self.zoom.generation.wrapping_add(1);
        if let Some(rec) = self.recorded()
            && zoom::needs_run(&w, &rec, self.capped())
        {
            self.schedule_zoom_run();
        }
    }

    /// Simulate the view after [`ZOOM_RUN_DELAY_MS`] unless another zoom comes first (keys
    /// held down repeat: one simulation for where they stop).
    fn schedule_zoom_run(&mut self) {
        self.zoom.generation = self.zoom.generation.wrapping_add(1);
        let generation = self.zoom.generation;
        let cb = Closure::once_into_js(move || {
            super::with_app(|a| {
                if a.zoom.generation == generation {
                    a.start_detail(None);
                }
            })
        });
        // Ignored: setTimeout fails only without a window; the next zoom schedules again.
        let _ = window().set_timeout_with_callback_and_timeout_and_arguments_0(
            cb.unchecked_ref(),
            ZOOM_RUN_DELAY_MS,
        );
    }

    pub(super) fn timeline_pointer_move(&mut self, css_x: f64) {
        self.zoom.pointer_x = Some(css_x);
        let Some(from) = self.zoom.drag_from else {
            return;
        };
        let brush: HtmlElement = typed("tl-brush");
        if (css_x - from).abs() < DRAG_PX {
            set_hidden(&brush, true);
            return;
        }
        // The brush covers the selection over the lanes, within the plotted range.
        let Some(l) = &self.layout else {
            return;
        };
        let dpr = window().device_pixel_ratio().clamp(1.0, 4.0);
        let (lo, hi) = (l.x0 / dpr, l.x1 / dpr);
        let top = l.lanes.first().map_or(0.0, |y| y.0 / dpr);
        let bottom = l.lanes.last().map_or(top, |y| y.1 / dpr);
        let a = from.min(css_x).clamp(lo, hi);
        let b = from.max(css_x).clamp(lo, hi);
        let style = brush.style();
        for (k, v) in [
            ("left", a),
            ("width", (b - a).max(1.0)),
            ("top", top),
            ("height", (bottom - top).max(1.0)),
        ] {
            if let Err(e) = style.set_property(k, &format!("{v}px")) {
                crate::dom::report_dom_error("drawing the selection", &e);
            }
        }
        set_hidden(&brush, false);
    }

    pub(super) fn timeline_pointer_leave(&mut self) {
        if self.zoom.drag_from.is_none() {
            self.zoom.pointer_x = None;
        }
    }

    pub(super) fn timeline_press(&mut self, css_x: f64) {
        if self.detail.is_some() {
            self.zoom.drag_from = Some(css_x);
        }
    }

    /// The button is released: a drag zooms into the range it covered.
    pub(super) fn timeline_release(&mut self, css_x: f64) {
        set_hidden(&el("tl-brush"), true);
        let Some(from) = self.zoom.drag_from.take() else {
            return;
        };
        if (css_x - from).abs() < DRAG_PX {
            return;
        }
        self.zoom.suppress_click = true;
        let (Some(a), Some(b)) = (self.time_at(from), self.time_at(css_x)) else {
            return;
        };
        if let Some(w) = Window::selected(a, b, self.run_ms(), glue::MAX_WINDOW_MS) {
            self.set_view(w);
        }
    }

    pub(super) fn timeline_cancel_drag(&mut self) {
        self.zoom.drag_from = None;
        set_hidden(&el("tl-brush"), true);
    }

    pub(super) fn select_wake(&mut self, i: usize) {
        self.selected_wake = Some(i);
        el("explain").remove_attr("disabled");
        self.draw_detail();
    }

    pub(super) fn explain(&mut self, i: usize) {
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
            self.pool.unqueue(old);
        }
        let job = self.next_job;
        self.next_job += 1;
        self.trace_job = Some(job);
        self.trace_kind = if window_ms.is_some() {
            crate::results::trace::TraceKind::Window
        } else {
            crate::results::trace::TraceKind::Whole
        };
        self.pool.push_back(Job::Trace(TraceJob {
            job,
            experiment: json,
            variant,
            clients,
            iteration: 0,
            window_ms,
        }));
        set_text("trace-status", "Simulating the run for the trace…");
        el("trace-status").set_attr("data-state", "running");
        self.pump();
    }

    pub(super) fn click_timeline(&mut self, css_x: f64, css_y: f64) {
        if std::mem::take(&mut self.zoom.suppress_click) {
            return;
        }
        let (Some(layout), Some(d)) = (&self.layout, &self.detail) else {
            return;
        };
        let dpr = window().device_pixel_ratio().clamp(1.0, 4.0);
        let Some((t, lane)) = layout.hit(css_x * dpr, css_y * dpr) else {
            return;
        };
        let tol = 8.0 * dpr / layout.px_per_ms();
        if let Some(i) = glue::nearest_wake(d, t, lane, tol) {
            typed::<HtmlSelectElement>("wake-list").set_value(&i.to_string());
            self.select_wake(i);
            self.explain(i);
        }
    }
}
