//! `flush_workqueue` (kernel/workqueue.c, `__flush_workqueue`): a task sleeps until the worker
//! has finished every work item queued to it before the flush.
//!
//! A worker's work items are the messages posted to it (`wake`: `queue_work` wakes an idle
//! worker); an item is taken when the worker's `wait` takes the message and finished when the
//! worker next reaches `wait` (the work function has returned: `process_one_work` ->
//! `pwq_dec_nr_in_flight`). Each worker counts the three (`Task::works_*`).
//!
//! The kernel gives each flusher a flush colour, the colour of the works queued before it; the
//! worker completes only the *first* flusher (`wq->first_flusher`) when the last work of its
//! colour ends, and that flusher, once it runs, completes the flushers behind it whose colours
//! have no work left in flight (the list walk and `flush_workqueue_prep_pwqs` in
//! `__flush_workqueue`'s tail), and makes the next one first. Here a flusher's colour is the
//! worker's queued count when it came (`target`): it is done when `works_done >= target`.
//! So one finished push of xfs's CIL wakes one client from the worker and the other clients
//! flushing behind it from that client's CPU (recordings/dbench-peer-wakes).

use crate::cpumask::Cpu;
use crate::engine::task::{BlockReason, TaskId};

use super::Sim;

/// A task asleep in `flush_workqueue`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Flusher {
    worker: TaskId,
    task: TaskId,
    /// The worker's `works_queued` when the flush began: done once `works_done` reaches it.
    target: u64,
    /// Woken by the worker as `wq->first_flusher`: it hands on when it runs.
    first: bool,
    /// Woken (by the worker or a flusher before it); its step passes when it runs.
    woken: bool,
}

impl Sim {
    /// The `flush_workqueue` step of `t` on `worker`'s queue: true if `t` sleeps (its pc is
    /// left on the step, so the wake-up re-executes it, as `wait_for_completion` returns into
    /// `__flush_workqueue`).
    pub(super) fn flush_workqueue(&mut self, t: TaskId, cpu: Cpu, worker: TaskId) -> bool {
        if let Some(i) = self.flushers.iter().position(|f| f.task == t) {
            let f = self.flushers[i];
            if !f.woken {
                // not ours to pass yet (cannot happen: only a wake-up makes the step run again)
                self.block(t, cpu, BlockReason::Flush);
                self.tasks[t as usize].pc -= 1;
                return true;
            }
            self.flushers.remove(i);
            if f.first {
                self.flush_hand_on(t, cpu, f.worker);
            }
            return false;
        }
        let target = self.tasks[worker as usize].works_queued;
        if self.tasks[worker as usize].works_done >= target {
            // nothing queued before us is in flight: `__flush_workqueue` returns at once
            return false;
        }
        if self.flush_overhead(t, cpu) {
            self.tasks[t as usize].pc -= 1;
            return true;
        }
        self.flushers.push(Flusher {
            worker,
            task: t,
            target,
            first: false,
            woken: false,
        });
        self.block(t, cpu, BlockReason::Flush);
        self.tasks[t as usize].pc -= 1;
        true
    }

    /// The worker `w` reached `wait`: the item it took is finished. Wakes the first flusher
    /// whose items are all done, unless one woken as first has not run yet (the kernel has one
    /// `first_flusher` at a time; that one hands on).
    pub(super) fn work_finished(&mut self, w: TaskId, cpu: Cpu) {
        let task = &mut self.tasks[w as usize];
        if task.works_started == task.works_done {
            return;
        }
        task.works_done = task.works_started;
        if self.flushers.is_empty() {
            return;
        }
        let done = self.tasks[w as usize].works_done;
        if self.flushers.iter().any(|f| f.worker == w && f.first) {
            return;
        }
        if let Some(f) = self
            .flushers
            .iter_mut()
            .find(|f| f.worker == w && !f.woken && f.target <= done)
        {
            f.first = true;
            f.woken = true;
            let x = f.task;
            // complete(&wq->first_flusher->done) from the worker: not WF_SYNC
            self.try_to_wake_up(x, cpu, Some(w), false, false, true);
            self.charge_wakeup(w, cpu);
        }
    }

    /// The first flusher `t` (on `cpu`) returns from its wait: it completes every flusher
    /// behind it on the same queue whose items are done too.
    fn flush_hand_on(&mut self, t: TaskId, cpu: Cpu, w: TaskId) {
        let done = self.tasks[w as usize].works_done;
        let mut i = 0;
        while i < self.flushers.len() {
            let f = self.flushers[i];
            i += 1;
            if f.worker != w || f.woken || f.target > done {
                continue;
            }
            self.flushers[i - 1].woken = true;
            self.try_to_wake_up(f.task, cpu, Some(t), false, false, true);
            self.charge_wakeup(t, cpu);
        }
    }
}
