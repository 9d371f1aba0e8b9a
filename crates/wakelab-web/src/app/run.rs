//! A run: the experiment's points queued on the pool, their results as they arrive,
//! progress with the time left, cancel, and failure.

use crate::dom::DomExt;
use std::collections::HashMap;

use wasm_bindgen::prelude::*;
use web_sys::HtmlElement;

use super::App;
use super::pool::Job;
use crate::dom::{el, now_ms, set_hidden, set_text, typed};
use crate::dto::PointJob;
use crate::glue;
use crate::runbar::{self, Decision, Running, Trigger, WorkProgress};
use wakelab_sim::experiment::PointResult;
use wakelab_sim::scenario::Experiment;
use wakelab_stats::SisCounters;

/// Least time between two redraws of the results while points arrive. A redraw draws every
/// chart on the main thread; on a 2-core machine that competes with the workers (measured:
/// 2 workers were only 1.4x faster than 1 with a redraw per point). The first and the last
/// point always redraw.
pub(super) const RENDER_INTERVAL_MS: f64 = 250.0;

pub(crate) struct Run {
    pub(super) exp: Experiment,
    /// job id -> point (variant, clients, iteration)
    pub(super) pending: HashMap<u32, (usize, u32, u32)>,
    /// The work done, by each point's cost (progress and time left).
    pub(super) work: WorkProgress,
    /// The cost model's estimate of the run's wall time when it started, ms.
    pub(super) estimate_ms: f64,
    pub(super) total: usize,
    pub(super) results: Vec<PointResult>,
    pub(super) started: f64,
    pub(super) workers: usize,
    pub(super) finished: bool,
    pub(super) published: Vec<(u32, f64, f64)>,
    /// The posting's SIS schedstats (baseline, patched), for the Ops block.
    pub(super) published_sis: Option<[SisCounters; 2]>,
    /// When the results were last redrawn during this run (see [`RENDER_INTERVAL_MS`]).
    pub(super) last_render_ms: f64,
    /// The workers' own time on this run's points, summed, ms.
    pub(super) worker_ms: f64,
    /// When a progress message last updated the progress bar.
    pub(super) last_progress_ms: f64,
    /// What started it (an automatic run gives way to a newer edit).
    pub(super) trigger: Trigger,
}

impl App {
    // --- runs -------------------------------------------------------------------------------

    pub(super) fn fail(&mut self, message: &str) {
        web_sys::console::error_1(&format!("wakelab: {message}").into());
        let e = el("error");
        e.set_text_content(Some(message));
        set_hidden(&e, false);
        el("plot").set_attr("data-state", "error");
        set_text("status", "Failed.");
        self.failed = true;
        if let Some(run) = self.run.as_mut() {
            run.finished = true;
        }
        el("cancel")
            .unchecked_ref::<HtmlElement>()
            .set_attribute("disabled", "")
            .ok();
        self.sync_run_button();
    }

    /// Whether a run is in progress.
    pub(super) fn running(&self) -> bool {
        self.run.as_ref().is_some_and(|r| !r.finished)
    }

    /// Run is enabled when the form is valid and no run is in progress (Cancel first).
    pub(super) fn sync_run_button(&self) {
        let run = el("run");
        let why = if !self.valid {
            Some("Fix the problems listed below to run")
        } else if self.running() {
            Some("A run is in progress: Cancel it first")
        } else {
            None
        };
        match why {
            Some(w) => {
                run.set_attr("disabled", "");
                run.set_attr("title", w);
            }
            None => {
                run.remove_attr("disabled");
                run.set_attr("title", "Run (Ctrl+Enter)");
            }
        }
    }

    /// Terminate every busy worker (they stop at once) and respawn it; drop queued jobs. A
    /// scheduler-trace import is not part of a run: it stays queued or running.
    pub(super) fn cancel_jobs(&mut self) {
        for i in self.pool.cancel(self.import_job) {
            self.respawn(i);
        }
        self.detail_job = None;
        if self.trace_job.take().is_some() {
            set_text("trace-status", "Trace export cancelled.");
        }
    }

    pub(super) fn cancel(&mut self, why: &str) {
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
        // The previous results come back (a cancelled run's few points say little); without
        // any, the points that completed are shown.
        let restored = match self.prev.take() {
            Some(prev) => {
                self.run = Some(prev);
                true
            }
            None => false,
        };
        self.render_results();
        if let Some(r) = &self.run {
            set_text("plot-title", &r.exp.scenario.title);
        }
        if restored {
            // the timeline's pickers name the shown results' variants and client counts
            self.fill_timeline_pickers();
        }
        el("plot").set_attr("data-state", "cancelled");
        set_text(
            "status",
            &if restored {
                format!("{why} after {done} of {total} points: showing the previous results again.")
            } else {
                format!("{why} after {done} of {total} points. Press Run to start again.")
            },
        );
        self.sync_run_button();
        self.update_stale();
        set_text(
            "progress-text",
            &format!("{done} / {total} points · cancelled"),
        );
        el("cancel").set_attr("disabled", "");
        set_text("tl-status", "");
    }

    /// Start a run of the form's experiment, if [`runbar::decide`] lets `trigger` start one.
    pub(super) fn start_run(&mut self, trigger: Trigger) {
        let running = self.run.as_ref().filter(|r| !r.finished).map(|r| Running {
            trigger: r.trigger,
            same_experiment: r.exp == self.exp,
        });
        // (a long edit is left to `decide`: edits only start cheap runs)
        if self.valid && running.is_none() && trigger != Trigger::Edit {
            let est = self.cost.estimate_ms(&self.exp, self.slots.len());
            if let Some(say) = runbar::long_run(trigger, est) {
                let go = trigger == Trigger::User
                    && web_sys::window()
                        .and_then(|w| w.confirm_with_message(&say).ok())
                        .unwrap_or(false);
                if !go {
                    // nothing runs: no spinner on a results card that has nothing yet
                    if el("plot").get_attribute("data-state").as_deref() == Some("idle") {
                        el("plot").set_attr("data-state", "waiting");
                    }
                    set_text(
                        "status",
                        if trigger == Trigger::User {
                            "Not run."
                        } else {
                            &say
                        },
                    );
                    return;
                }
            }
        }
        let decision = runbar::decide(trigger, self.valid, self.cheap(), running);
        if trigger != Trigger::Edit && !matches!(decision, Decision::Refuse(_)) {
            // This run is of the form as it is now: an automatic run still waiting for quiet
            // (scheduled by the last edit) would only run it again, replacing a finished
            // table by an empty one if this run ends first.
            self.auto_gen = self.auto_gen.wrapping_add(1);
        }
        match decision {
            Decision::Refuse(why) => {
                if !why.is_empty() {
                    set_text("status", &why);
                }
                return;
            }
            // the run in progress is not wanted any more; `prev` keeps the last completed one
            Decision::Replace => self.cancel_jobs(),
            Decision::Start => {
                if let Some(done) = self
                    .run
                    .take()
                    .filter(|r| r.finished && r.pending.is_empty())
                {
                    self.prev = Some(done);
                }
            }
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
            self.pool.push_back(Job::Point(PointJob {
                job,
                experiment: json.clone(),
                variant: v as u32,
                clients: c,
                iteration: it,
            }));
        }
        let total = pending.len();
        let work = WorkProgress::new(
            pending
                .iter()
                .map(|(&job, &(_, c, _))| (job, runbar::job_units(&self.exp, c))),
        );
        let published = if self.published.is_empty() {
            Vec::new()
        } else {
            self.published.clone()
        };
        self.run = Some(Run {
            exp: self.exp.clone(),
            pending,
            work,
            estimate_ms: self.cost.estimate_ms(&self.exp, self.slots.len()),
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
            trigger,
        });
        self.failed = false;
        // The timeline belongs to the previous experiment: drop any pending one and draw a
        // new one when this run completes.
        if let Some(old) = self.detail_job.take() {
            self.pool.unqueue(old);
        }
        self.detail = None;
        set_hidden(&el("error"), true);
        el("plot").set_attr("data-state", "running");
        el("cancel").remove_attr("disabled");
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
        if !self.keep_address {
            self.update_link();
        }
        self.sync_run_button();
        self.update_stale();
        self.render_results();
        self.show_progress();
        self.fill_timeline_pickers();
    }

    pub(super) fn on_point(&mut self, job: u32, r: PointResult) {
        let Some(run) = self.run.as_mut() else {
            return;
        };
        if run.pending.remove(&job).is_none() {
            return;
        }
        run.work.finish(job);
        run.results.push(r);
        let done = run.pending.is_empty();
        let now = now_ms();
        let redraw = done || now - run.last_render_ms >= RENDER_INTERVAL_MS;
        if redraw {
            run.last_render_ms = now;
        }
        if self.first_point_ms.is_none() {
            self.first_point_ms = Some(now);
            el("plot").set_attr("data-first-point-ms", &format!("{now:.0}"));
        }
        if redraw {
            self.render_results();
            self.show_progress();
        }
        if done {
            // how long the final report and charts took on the main thread (perf harness)
            el("plot").set_attr("data-render-ms", &format!("{:.1}", now_ms() - now));
        }
        if done {
            let run = self.run.as_mut().expect_throw("run");
            run.finished = true;
            let secs = (now - run.started) / 1000.0;
            let n = run.total;
            let w = run.workers;
            el("plot").set_attr("data-state", "done");
            el("plot").set_attr("data-done-ms", &format!("{now:.0}"));
            el("plot").set_attr("data-run-ms", &format!("{:.0}", secs * 1000.0));
            // the workers' own simulation time, summed (what the perf harness compares with a
            // native run: the page's posting, report building and drawing are not in it)
            el("plot").set_attr("data-worker-ms", &format!("{:.1}", run.worker_ms));
            el("cancel").set_attr("disabled", "");
            let (exp, worker_ms) = (run.exp.clone(), run.worker_ms);
            self.cost.learn(&exp, worker_ms);
            self.sync_run_button();
            self.show_run_summary();
            self.update_stale();
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

    pub(super) fn show_progress(&self) {
        let Some(run) = &self.run else {
            return;
        };
        let done = run.results.len();
        let frac = run.work.fraction();
        let bar = typed::<web_sys::HtmlProgressElement>("progress");
        bar.set_value(frac);
        let elapsed = now_ms() - run.started;
        let eta = if run.finished || done == run.total {
            String::new()
        } else {
            let left = run.work.time_left_ms(elapsed, run.estimate_ms);
            format!(" · {} left", runbar::fmt_duration(left))
        };
        set_text(
            "progress-text",
            &format!("{done} / {} points{eta}", run.total),
        );
    }
}
