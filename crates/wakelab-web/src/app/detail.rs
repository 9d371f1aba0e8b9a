//! The per-CPU timeline of one point, its wake-up list, the explanation of one wake-up
//! (a re-run tracing that decision) and the Perfetto trace export.

use crate::dom::{DomExt, NodeExt};
use web_sys::{HtmlCanvasElement, HtmlInputElement, HtmlSelectElement};

use super::App;
use super::pool::Job;
use super::render::draw_timeline;
use crate::dom::{clear, el, make, set_hidden, set_text, typed, window};
use crate::dto::{DetailDone, DetailJob, TraceJob};
use crate::glue;

/// Wake-ups listed next to the timeline.
const MAX_LISTED_WAKES: usize = 600;

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

    pub(super) fn run_detail(&mut self, explain: Option<u64>) {
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
                &format!("Decision trace of wake-up #{decision}."),
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
            format!(" (the first {MAX_LISTED_WAKES} are listed below)")
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
        el("timeline-card").set_attr(
            "data-capped",
            if d.notes.is_empty() { "false" } else { "true" },
        );
        let list = typed::<HtmlSelectElement>("wake-list");
        clear(&list);
        for w in d.wakes.iter().take(MAX_LISTED_WAKES) {
            let o = make("option", "", &glue::describe_wake(&d, w));
            list.append(&o);
        }
        set_hidden(&el("explanation"), true);
        self.selected_wake = None;
        el("explain").set_attr("disabled", "");
        let canvas: HtmlCanvasElement = typed("timeline-canvas");
        let lanes = d.nr_cpus as f64;
        if let Err(e) = canvas.style().set_property(
            "height",
            &format!("{}px", (90.0 + lanes * 26.0).min(2400.0)),
        ) {
            crate::dom::report_dom_error("sizing the timeline", &e);
        }
        self.detail = Some(d);
        self.draw_detail();
        el("timeline-card").set_attr("data-state", "done");
    }

    pub(super) fn draw_detail(&mut self) {
        let Some(d) = &self.detail else {
            return;
        };
        let chart = glue::timeline_chart(d, self.selected_wake);
        match draw_timeline(&typed("timeline-canvas"), &chart) {
            Ok(l) => self.layout = Some(l),
            Err(e) => set_text("tl-status", &e),
        }
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
        el("trace-status").set_attr("data-state", "running");
        self.pump();
    }

    pub(super) fn click_timeline(&mut self, css_x: f64, css_y: f64) {
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
