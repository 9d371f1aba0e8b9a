//! The app's side of "Import a scheduler trace" (the panel itself is `sched_import_ui`): the
//! worker job that reads the trace, and "Run this workload", which puts the derived workload
//! into the form and runs it like a preset.

use super::App;
use super::pool::Job;
use crate::dom::el;
use crate::dto::ImportTraceJob;
use crate::runbar::Trigger;
use crate::sched_import;

impl App {
    /// Read `file` in a simulation worker (parsing a trace takes 50 ms to seconds: never on
    /// the main thread). The job goes to the front of the queue: a run in progress only
    /// delays it by its points already on the workers. One import at a time. `mhz`, `groups`
    /// and `min_bursts` are the derivation's options (`trace-import --workload`'s).
    pub(crate) fn request_import(
        &mut self,
        file: web_sys::Blob,
        mhz: u32,
        groups: Vec<String>,
        min_bursts: u32,
    ) {
        if let Some(old) = self.import_job.take() {
            self.pool.unqueue(old);
        }
        let job = self.next_job;
        self.next_job += 1;
        self.import_job = Some(job);
        let req = ImportTraceJob {
            job,
            mhz,
            groups,
            min_bursts,
        };
        self.pool.push_front(Job::ImportTrace(req, file));
        self.pump();
    }

    /// Forget the import in flight (its options became invalid): its reply is dropped.
    pub(crate) fn cancel_import(&mut self) {
        if let Some(old) = self.import_job.take() {
            self.pool.unqueue(old);
        }
    }

    /// The reply to the import in flight, if `job` is it (a replaced import's is dropped).
    pub(super) fn take_import(&mut self, job: u32) -> bool {
        if self.import_job == Some(job) {
            self.import_job = None;
            true
        } else {
            false
        }
    }

    /// "Run this workload": the form's experiment with the derived workload (machine,
    /// variants, run length and iterations stay the form's), then a run as a preset starts
    /// one (it replaces a run in progress).
    pub(crate) fn run_derived(
        &mut self,
        workload_json: &str,
        file_name: &str,
    ) -> Result<(), String> {
        sched_import::apply_workload(&mut self.exp, workload_json, file_name)?;
        self.title_own = true;
        self.keep_address = false;
        self.detail = None;
        self.mark_custom();
        self.fill_form();
        // an invalid experiment is not run; its link still shows the edit
        self.update_link();
        self.start_run(Trigger::Load);
        el("plot").scroll_into_view();
        Ok(())
    }
}
