//! The worker pool's decisions, plain Rust tested natively: how many workers, which ready idle
//! worker gets the next queued job, which replies are stale (a worker's epoch), what cancel
//! drops and which workers it respawns, and where a worker's progress or error message goes.
//! `app::pool` is its DOM side: it spawns, posts to and terminates the Web Workers.

use std::collections::VecDeque;

/// Upper bound of the pool (more workers than this only cost memory).
pub const MAX_WORKERS: usize = 8;

/// Workers to start: one per hardware thread (`navigator.hardwareConcurrency`; 2 when the
/// browser does not say), at most [`MAX_WORKERS`]. An embed runs one: a docs page with several
/// embeds would otherwise start (and load the module into) two or more workers per frame.
pub fn pool_size(hardware_concurrency: f64, embed: bool) -> usize {
    if embed {
        return 1;
    }
    let hc = if hardware_concurrency.is_finite() {
        hardware_concurrency as usize
    } else {
        2
    };
    hc.clamp(1, MAX_WORKERS)
}

/// A job the pool queues: identified by its job id (the id its replies carry).
pub trait PoolJob {
    fn id(&self) -> u32;
}

/// What the pool knows of one worker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WorkerState {
    /// Bumped at each respawn: replies of a terminated worker carry the old one.
    pub epoch: u32,
    /// The worker posted `Ready` (messages sent before its wasm loaded would be lost).
    pub ready: bool,
    /// The job it runs.
    pub busy: Option<u32>,
}

/// The epoch of a worker's first spawn.
pub const FIRST_EPOCH: u32 = 1;

/// The workers' states and the queue of jobs waiting for one.
#[derive(Debug)]
pub struct Pool<J> {
    workers: Vec<WorkerState>,
    queue: VecDeque<J>,
}

impl<J> Default for Pool<J> {
    fn default() -> Self {
        Pool {
            workers: Vec::new(),
            queue: VecDeque::new(),
        }
    }
}

impl<J: PoolJob> Pool<J> {
    /// Number of workers.
    pub fn len(&self) -> usize {
        self.workers.len()
    }

    pub fn is_empty(&self) -> bool {
        self.workers.is_empty()
    }

    pub fn worker(&self, idx: usize) -> Option<&WorkerState> {
        self.workers.get(idx)
    }

    /// A worker was spawned (epoch [`FIRST_EPOCH`], not ready); returns its index.
    pub fn add(&mut self) -> usize {
        self.workers.push(WorkerState {
            epoch: FIRST_EPOCH,
            ready: false,
            busy: None,
        });
        self.workers.len() - 1
    }

    /// Queue a job behind the others.
    pub fn push_back(&mut self, job: J) {
        self.queue.push_back(job);
    }

    /// Queue a job before the others (a timeline or an import the user waits for).
    pub fn push_front(&mut self, job: J) {
        self.queue.push_front(job);
    }

    /// Drop the queued job `id` (one that was replaced); a running one is left to finish.
    pub fn unqueue(&mut self, id: u32) {
        self.queue.retain(|j| j.id() != id);
    }

    /// Queued job ids, front first.
    pub fn queued(&self) -> impl Iterator<Item = u32> + '_ {
        self.queue.iter().map(PoolJob::id)
    }

    /// Whether a reply from worker `idx` stamped `epoch` is from the current worker (false:
    /// one that was terminated and respawned, or no such worker).
    pub fn current(&self, idx: usize, epoch: u32) -> bool {
        self.workers.get(idx).is_some_and(|w| w.epoch == epoch)
    }

    /// Worker `idx` posted `Ready`.
    pub fn set_ready(&mut self, idx: usize) {
        self.workers[idx].ready = true;
    }

    /// The next job to post and its worker: the first ready, idle worker takes the job at the
    /// front of the queue. The caller posts it, then calls [`Pool::dispatched`] (a job whose
    /// post failed leaves the worker idle).
    pub fn assign(&mut self) -> Option<(usize, J)> {
        let idx = self
            .workers
            .iter()
            .position(|w| w.ready && w.busy.is_none())?;
        let job = self.queue.pop_front()?;
        Some((idx, job))
    }

    /// Worker `idx` now runs job `id`.
    pub fn dispatched(&mut self, idx: usize, id: u32) {
        self.workers[idx].busy = Some(id);
    }

    /// Worker `idx` replied with its job's result or error: it is idle again.
    pub fn finished(&mut self, idx: usize) {
        self.workers[idx].busy = None;
    }

    /// Cancel every job but `keep` (a trace import, which is not part of a run): drop the
    /// queued ones and return the workers running one, which must be terminated (the only way
    /// to stop a worker) and respawned ([`Pool::next_epoch`], [`Pool::respawned`]).
    pub fn cancel(&mut self, keep: Option<u32>) -> Vec<usize> {
        self.queue.retain(|j| Some(j.id()) == keep);
        self.workers
            .iter()
            .enumerate()
            .filter(|(_, w)| w.busy.is_some() && w.busy != keep)
            .map(|(i, _)| i)
            .collect()
    }

    /// The epoch the respawn of worker `idx` gets.
    pub fn next_epoch(&self, idx: usize) -> u32 {
        self.workers[idx].epoch + 1
    }

    /// Worker `idx` was respawned with `epoch`: not ready yet, idle.
    pub fn respawned(&mut self, idx: usize, epoch: u32) {
        self.workers[idx] = WorkerState {
            epoch,
            ready: false,
            busy: None,
        };
    }
}

/// The jobs other than a run's points that may be in flight (each replaces the previous one
/// of its kind).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct InFlight {
    pub detail: Option<u32>,
    pub trace: Option<u32>,
    pub import: Option<u32>,
}

/// Where a worker's progress report goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProgressTo {
    /// A point of the run in progress: the progress bar.
    Run,
    /// The timeline's run: its status line.
    Detail,
    /// The trace export's run: its status line.
    Trace,
    /// A job that was replaced or cancelled.
    Nobody,
}

/// Where the progress of `job` goes; `run_point`: it is a pending point of the current run.
pub fn progress_to(job: u32, run_point: bool, jobs: InFlight) -> ProgressTo {
    if run_point {
        ProgressTo::Run
    } else if jobs.detail == Some(job) {
        ProgressTo::Detail
    } else if jobs.trace == Some(job) {
        ProgressTo::Trace
    } else {
        ProgressTo::Nobody
    }
}

/// What a worker's error reply does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorTo {
    /// The trace import failed: its card says so.
    Import,
    /// The trace export failed: its status line says so.
    Trace,
    /// The timeline's run failed: its status line says so.
    Detail,
    /// A reply to a job that was replaced or cancelled: ignored.
    Stale,
    /// A point of the run in progress (or a job-less error): the run fails and its jobs are
    /// cancelled.
    Run,
}

/// Where an error about `job` goes; `run_point`: `job` is a pending point of the run in
/// progress (one not finished).
pub fn error_to(job: Option<u32>, run_point: bool, jobs: InFlight) -> ErrorTo {
    match job {
        Some(_) if job == jobs.import => ErrorTo::Import,
        Some(_) if job == jobs.trace => ErrorTo::Trace,
        Some(_) if job == jobs.detail => ErrorTo::Detail,
        Some(_) if !run_point => ErrorTo::Stale,
        _ => ErrorTo::Run,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq)]
    struct J(u32);
    impl PoolJob for J {
        fn id(&self) -> u32 {
            self.0
        }
    }

    fn pool(n: usize) -> Pool<J> {
        let mut p = Pool::default();
        for _ in 0..n {
            p.add();
        }
        p
    }

    /// Post every job the pool hands out; returns (worker, job) in order.
    fn pump(p: &mut Pool<J>) -> Vec<(usize, u32)> {
        let mut out = vec![];
        while let Some((i, j)) = p.assign() {
            p.dispatched(i, j.0);
            out.push((i, j.0));
        }
        out
    }

    #[test]
    fn size_follows_the_hardware_threads_within_bounds() {
        assert_eq!(pool_size(4.0, false), 4);
        assert_eq!(pool_size(64.0, false), MAX_WORKERS);
        assert_eq!(pool_size(0.0, false), 1);
        assert_eq!(pool_size(f64::NAN, false), 2);
        assert_eq!(pool_size(f64::INFINITY, false), 2);
        assert_eq!(pool_size(16.0, true), 1);
    }

    #[test]
    fn only_ready_idle_workers_take_jobs_in_queue_order() {
        let mut p = pool(3);
        for j in 10..15 {
            p.push_back(J(j));
        }
        // nobody is ready: nothing is posted (messages before Ready are lost)
        assert_eq!(pump(&mut p), []);
        p.set_ready(1);
        assert_eq!(pump(&mut p), [(1, 10)]);
        p.set_ready(0);
        p.set_ready(2);
        assert_eq!(pump(&mut p), [(0, 11), (2, 12)]);
        assert_eq!(pump(&mut p), []);
        p.finished(2);
        assert_eq!(pump(&mut p), [(2, 13)]);
        assert_eq!(p.queued().collect::<Vec<_>>(), [14]);
    }

    #[test]
    fn a_failed_post_leaves_the_worker_idle() {
        let mut p = pool(1);
        p.set_ready(0);
        p.push_back(J(1));
        p.push_back(J(2));
        let (i, j) = p.assign().unwrap();
        assert_eq!((i, j.0), (0, 1));
        // not dispatched: the next job goes to the same worker
        assert_eq!(pump(&mut p), [(0, 2)]);
    }

    #[test]
    fn front_jobs_go_first_and_replaced_jobs_leave_the_queue() {
        let mut p = pool(1);
        p.push_back(J(1));
        p.push_back(J(2));
        p.push_front(J(3));
        p.unqueue(1);
        assert_eq!(p.queued().collect::<Vec<_>>(), [3, 2]);
    }

    #[test]
    fn cancel_keeps_the_import_and_respawns_the_busy_workers() {
        let mut p = pool(4);
        for i in 0..4 {
            p.set_ready(i);
        }
        for j in [7, 1, 2] {
            p.push_back(J(j));
        }
        pump(&mut p);
        for j in [3, 4, 8] {
            p.push_back(J(j));
        }
        // worker 0 runs the import (7), 1 and 2 points, 3 is idle
        let respawn = p.cancel(Some(7));
        assert_eq!(respawn, [1, 2]);
        assert_eq!(p.queued().collect::<Vec<_>>(), [] as [u32; 0]);
        for i in respawn {
            let e = p.next_epoch(i);
            assert_eq!(e, FIRST_EPOCH + 1);
            p.respawned(i, e);
        }
        // the old workers' replies are stale; the new ones wait for Ready
        assert!(!p.current(1, FIRST_EPOCH));
        assert!(p.current(1, FIRST_EPOCH + 1));
        assert!(p.current(0, FIRST_EPOCH));
        assert!(!p.current(9, FIRST_EPOCH));
        assert!(!p.worker(1).unwrap().ready);
        assert_eq!(p.worker(0).unwrap().busy, Some(7));
        // without an import every busy worker goes
        assert_eq!(p.cancel(None), [0]);
        // a queued import survives a cancel
        p.respawned(0, p.next_epoch(0));
        p.push_back(J(9));
        p.push_back(J(5));
        assert_eq!(p.cancel(Some(9)), [] as [usize; 0]);
        assert_eq!(p.queued().collect::<Vec<_>>(), [9]);
    }

    #[test]
    fn progress_and_errors_go_to_their_job() {
        let jobs = InFlight {
            detail: Some(5),
            trace: Some(6),
            import: Some(7),
        };
        assert_eq!(progress_to(1, true, jobs), ProgressTo::Run);
        assert_eq!(progress_to(5, false, jobs), ProgressTo::Detail);
        assert_eq!(progress_to(6, false, jobs), ProgressTo::Trace);
        assert_eq!(progress_to(2, false, jobs), ProgressTo::Nobody);
        assert_eq!(error_to(Some(7), false, jobs), ErrorTo::Import);
        assert_eq!(error_to(Some(6), false, jobs), ErrorTo::Trace);
        assert_eq!(error_to(Some(5), false, jobs), ErrorTo::Detail);
        assert_eq!(error_to(Some(2), false, jobs), ErrorTo::Stale);
        assert_eq!(error_to(Some(1), true, jobs), ErrorTo::Run);
        // an error no job owns fails the run
        assert_eq!(error_to(None, false, jobs), ErrorTo::Run);
        assert_eq!(error_to(None, false, InFlight::default()), ErrorTo::Run);
    }
}
