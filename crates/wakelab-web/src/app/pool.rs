//! The worker pool: module Web Workers running the simulation, a queue of jobs, and a
//! respawn of a worker whose job was cancelled (terminating is the only way to stop it).

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
use crate::results_ui;

/// The worker script (web/worker.js): it loads this same wasm module, whose `main` starts
/// the worker side when there is no window.
const WORKER_URL: &str = "./worker.js";
/// Upper bound of the pool (more workers than this only cost memory).
const MAX_WORKERS: usize = 8;

pub(super) struct Slot {
    pub(super) worker: Worker,
    pub(super) epoch: u32,
    pub(super) ready: bool,
    pub(super) busy: Option<u32>,
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
            epoch,
            ready: false,
            busy: None,
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

impl Job {
    pub(super) fn id(&self) -> u32 {
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

    pub(super) fn pool_size() -> usize {
        let hc = window().navigator().hardware_concurrency();
        (if hc.is_finite() { hc as usize } else { 2 }).clamp(1, MAX_WORKERS)
    }

    pub(super) fn spawn_pool(&mut self) {
        // An embed runs one worker: a docs page with several embeds would otherwise start
        // (and load the module into) two or more workers per frame.
        let size = if self.embed.is_some() {
            1
        } else {
            Self::pool_size()
        };
        for i in 0..size {
            match Slot::spawn(i, 1) {
                Ok(s) => self.slots.push(s),
                Err(e) => {
                    self.fail(&format!("The simulation worker failed: {e}"));
                    return;
                }
            }
        }
    }

    pub(super) fn respawn(&mut self, idx: usize) {
        let epoch = self.slots[idx].epoch + 1;
        self.slots[idx].stop();
        match Slot::spawn(idx, epoch) {
            Ok(s) => self.slots[idx] = s,
            Err(e) => self.fail(&format!("The simulation worker failed: {e}")),
        }
    }

    pub(super) fn pump(&mut self) {
        for i in 0..self.slots.len() {
            if !self.slots[i].ready || self.slots[i].busy.is_some() {
                continue;
            }
            let Some(job) = self.queue.pop_front() else {
                break;
            };
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
            self.slots[i].busy = Some(id);
        }
    }

    pub(super) fn on_worker_error(&mut self, idx: usize, epoch: u32, what: String) {
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

    pub(super) fn on_worker(&mut self, idx: usize, epoch: u32, data: JsValue) {
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
                    run.work.partial(job, frac);
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
                self.slots[idx].busy = None;
                if self.take_import(d.job) {
                    crate::sched_import_ui::on_done(*d);
                }
                self.pump();
            }
            FromWorker::Error { job, message } if job.is_some() && job == self.import_job => {
                self.slots[idx].busy = None;
                self.import_job = None;
                crate::sched_import_ui::on_error(&message);
                self.pump();
            }
            FromWorker::Error { job, message } if job.is_some() && job == self.trace_job => {
                self.slots[idx].busy = None;
                self.trace_job = None;
                set_text("trace-status", &message);
                el("trace-status").set_attr("data-state", "error");
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
}
