//! The worker pool's DOM side: module Web Workers running the simulation, posting them jobs
//! and terminating and respawning one whose job was cancelled (terminating is the only way to
//! stop it). The decisions (which worker gets which job, stale replies, what cancel does,
//! where a reply goes) are `crate::pool`'s, tested natively.

use crate::dom::DomExt;
use serde::Serialize;
use wasm_bindgen::prelude::*;
use web_sys::{ErrorEvent, MessageEvent, Worker, WorkerOptions, WorkerType};

use super::run::RENDER_INTERVAL_MS;
use super::{App, with_app};
use crate::dom::{el, js_err, now_ms, set_text, window};
use crate::dto::{
    ATTACHMENT, DetailJob, Envelope, FromWorker, ImportTraceJob, PointJob, ToWorker, TraceJob,
};
use crate::glue;
use crate::pool::{ErrorTo, InFlight, PoolJob, ProgressTo, error_to, pool_size, progress_to};
use crate::results_ui;

/// The worker script (web/worker.js): it loads this same wasm module, whose `main` starts
/// the worker side when there is no window.
const WORKER_URL: &str = "./worker.js";
/// A Web Worker and its handlers (its state is in `App::pool`).
pub(super) struct Slot {
    pub(super) worker: Worker,
    pub(super) _on_message: Closure<dyn FnMut(MessageEvent)>,
    pub(super) _on_error: Closure<dyn FnMut(ErrorEvent)>,
}

impl Slot {
    pub(super) fn spawn(idx: usize, epoch: u32) -> Result<Slot, String> {
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
            _on_message: on_message,
            _on_error: on_error,
        })
    }

    pub(super) fn stop(&self) {
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.terminate();
    }
}

pub(super) enum Job {
    Point(PointJob),
    Detail(DetailJob),
    Trace(TraceJob),
    /// The job and its file (posted as the message's `dto::ATTACHMENT`).
    ImportTrace(ImportTraceJob, web_sys::Blob),
}

impl PoolJob for Job {
    fn id(&self) -> u32 {
        match self {
            Job::Point(p) => p.job,
            Job::Detail(d) => d.job,
            Job::Trace(t) => t.job,
            Job::ImportTrace(t, _) => t.job,
        }
    }
}
impl App {
    // --- pool -------------------------------------------------------------------------------

    pub(super) fn spawn_pool(&mut self) {
        let size = pool_size(
            window().navigator().hardware_concurrency(),
            self.embed.is_some(),
        );
        for i in 0..size {
            match Slot::spawn(i, crate::pool::FIRST_EPOCH) {
                Ok(s) => {
                    self.slots.push(s);
                    self.pool.add();
                }
                Err(e) => {
                    self.fail(&format!("The simulation worker failed: {e}"));
                    return;
                }
            }
        }
    }

    pub(super) fn respawn(&mut self, idx: usize) {
        let epoch = self.pool.next_epoch(idx);
        self.slots[idx].stop();
        match Slot::spawn(idx, epoch) {
            Ok(s) => {
                self.slots[idx] = s;
                self.pool.respawned(idx, epoch);
            }
            Err(e) => self.fail(&format!("The simulation worker failed: {e}")),
        }
    }

    pub(super) fn pump(&mut self) {
        while let Some((i, job)) = self.pool.assign() {
            let id = job.id();
            let mut attachment = None;
            let msg = match job {
                Job::Point(p) => ToWorker::RunPoint(p),
                Job::Detail(d) => ToWorker::RunDetail(d),
                Job::Trace(t) => ToWorker::Trace(t),
                Job::ImportTrace(t, file) => {
                    attachment = Some(file);
                    ToWorker::ImportTrace(t)
                }
            };
            let value = match Envelope::new(msg)
                .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
            {
                Ok(v) => v,
                Err(e) => return self.fail(&e.to_string()),
            };
            if let Some(file) = attachment
                && let Err(e) = js_sys::Reflect::set(&value, &ATTACHMENT.into(), &file)
            {
                return self.fail(&js_err(e));
            }
            if let Err(e) = self.slots[i].worker.post_message(&value) {
                return self.fail(&js_err(e));
            }
            self.pool.dispatched(i, id);
        }
    }

    /// The jobs besides the run's points that may be in flight.
    fn in_flight(&self) -> InFlight {
        InFlight {
            detail: self.detail_job,
            trace: self.trace_job,
            import: self.import_job,
        }
    }

    pub(super) fn on_worker_error(&mut self, idx: usize, epoch: u32, what: String) {
        if !self.pool.current(idx, epoch) {
            return;
        }
        let what = if what.is_empty() {
            "it could not be loaded".to_string()
        } else {
            what
        };
        self.fail(&format!("The simulation worker failed: {what}"));
    }

    pub(super) fn on_worker(&mut self, idx: usize, epoch: u32, data: JsValue) {
        if !self.pool.current(idx, epoch) {
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
                self.pool.set_ready(idx);
                self.pump();
            }
            FromWorker::Progress { job, frac } => {
                let run_point = self
                    .run
                    .as_ref()
                    .is_some_and(|r| r.pending.contains_key(&job));
                match progress_to(job, run_point, self.in_flight()) {
                    ProgressTo::Run => {
                        let run = self.run.as_mut().expect_throw("run");
                        run.work.partial(job, frac);
                        // Progress alone repaints at most as often as the results do: every
                        // repaint costs the browser a frame (layout, paint, commit) on a core
                        // the workers could use.
                        let now = now_ms();
                        if now - run.last_progress_ms >= RENDER_INTERVAL_MS {
                            run.last_progress_ms = now;
                            self.show_progress();
                        }
                    }
                    ProgressTo::Detail => {
                        set_text("tl-status", &format!("Simulating… {:.0}%", frac * 100.0));
                    }
                    ProgressTo::Trace => set_text(
                        "trace-status",
                        &format!("Simulating the run for the trace… {:.0}%", frac * 100.0),
                    ),
                    ProgressTo::Nobody => {}
                }
            }
            FromWorker::Point(p) => {
                self.pool.finished(idx);
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
                self.pool.finished(idx);
                self.on_detail(*d);
                self.pump();
            }
            FromWorker::Trace(t) => {
                self.pool.finished(idx);
                if self.trace_job == Some(t.job) {
                    self.trace_job = None;
                    let name = self
                        .run
                        .as_ref()
                        .and_then(|r| r.exp.variants.get(t.variant as usize))
                        .map_or_else(|| format!("variant{}", t.variant), |v| v.name.clone());
                    let exp = self.run.as_ref().map_or(&self.exp, |r| &r.exp);
                    // The preset's id while the experiment is one, else its title.
                    let what = if self.preset.is_empty() {
                        exp.scenario.title.as_str()
                    } else {
                        self.preset.as_str()
                    };
                    results_ui::on_trace(&t, what, &name, self.trace_kind);
                }
                self.pump();
            }
            FromWorker::ImportTrace(d) => {
                self.pool.finished(idx);
                if self.take_import(d.job) {
                    crate::sched_import_ui::on_done(*d);
                }
                self.pump();
            }
            FromWorker::Error { job, message } => {
                self.pool.finished(idx);
                let run_point = job.is_some_and(|j| {
                    self.run
                        .as_ref()
                        .is_some_and(|r| !r.finished && r.pending.contains_key(&j))
                });
                match error_to(job, run_point, self.in_flight()) {
                    ErrorTo::Import => {
                        self.import_job = None;
                        crate::sched_import_ui::on_error(&message);
                    }
                    ErrorTo::Trace => {
                        self.trace_job = None;
                        set_text("trace-status", &message);
                        el("trace-status").set_attr("data-state", "error");
                    }
                    ErrorTo::Detail => {
                        self.detail_job = None;
                        set_text("tl-status", &format!("The timeline run failed: {message}"));
                    }
                    // A reply to a job that was replaced or cancelled.
                    ErrorTo::Stale => {}
                    ErrorTo::Run => {
                        self.fail(&format!("The simulation failed: {message}"));
                        self.cancel_jobs();
                    }
                }
                self.pump();
            }
        }
    }
}
