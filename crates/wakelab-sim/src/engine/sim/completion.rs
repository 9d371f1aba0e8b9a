//! IO completions through kernel threads (`io`'s `completion`, behaviour.rs [`IoCompletion`]):
//! the completion interrupt hands the request to a thread that finishes it and wakes the waiter
//! from its own CPU, instead of waking the waiter itself.
//!
//! Two threads, as on a loop device (drivers/block/loop.c, block/blk-mq.c):
//!
//! * a **worker** (the loop device's `kworker/uN:M`): `loop_process_work` finishes the
//!   request in task context (`loop_handle_cmd` -> `blk_mq_complete_request`);
//! * **ksoftirqd/N**: `blk_mq_complete_request_remote` sends a single-queue device's
//!   completion to BLOCK_SOFTIRQ (`blk_mq_raise_softirq`); raised outside interrupt context,
//!   `raise_softirq_irqoff` cannot run it at irq exit and wakes `ksoftirqd/N` of the raising
//!   CPU (`wakeup_softirqd`), which runs `blk_done_softirq` -> `->complete` ->
//!   `blk_mq_end_request` -> `bio_endio`, waking the waiter.
//!
//! Each thread runs `loop { complete_io }`: take the next completion handed to it (sleep while
//! there is none), run, then wake the waiter (not WF_SYNC, `in_task`), or, for a completion
//! drawn to raise the softirq, hand it to `ksoftirqd/N` of this CPU and wake that. The default
//! (`IoCompletion::IRQ`) never comes here: the interrupt wakes the waiter (wakeup.rs,
//! `io_done`), and no random number is drawn for it.
//!
//! With `work`, the request's end (`bio_endio`) does not wake the waiter but queues a work item
//! on a bound per-CPU workqueue of the CPU it runs on (xfs's log: `xlog_bio_end_io` ->
//! `queue_work(l_ioend_workqueue)`, WQ_HIGHPRI, so `kworker/N:1H`), whose worker runs
//! `complete_io` (`xlog_ioend_work` -> `xlog_state_done_syncing` -> ... `wake_up_all` of the
//! iclog's `ic_force_wait`) and wakes the waiter from there.
//!
//! With `at_submission` the submitter itself queues the request on the worker and wakes it,
//! from its own CPU, before it blocks (`loop_queue_rq` -> `loop_queue_work`): a write the loop
//! device takes into its backing file's page cache, with no interrupt and no device time
//! (`Sim::io_submit`).
//!
//! Simplified: an IO with a device time (a loop device's flush: the backing file's fsync) wakes
//! the worker from the interrupt's CPU when the device is done; the real loop worker is woken
//! when the request is queued (from the submitter) and then sleeps in the backing file's fsync
//! until the disk's interrupt, so that first wake-up and run of the worker are not modelled.
//! One completion per step: a softirq run that finds several requests on its list
//! (`blk_cpu_done`) takes them one after another, each with its own `cycles`.

use std::collections::VecDeque;

use crate::cpumask::Cpu;
use crate::engine::behaviour::IoCompletion;
use crate::engine::task::{BlockReason, TaskId, TaskState};

use super::Sim;

/// A completion handed to a thread: whose IO it is, its route, where it goes after this
/// thread (the first ksoftirqd if the thread raises BLOCK_SOFTIRQ, the first per-CPU worker its
/// end queues work on), and how many of the IO's device requests are still to come
/// (`IoCompletion::requeues`).
#[derive(Clone, Copy, Debug)]
pub(super) struct Pending {
    waiter: TaskId,
    route: IoCompletion,
    softirq: Option<u32>,
    work: Option<u32>,
    requeues: u8,
    request_ns: u64,
    /// Not a completion but a request's dispatch (blk-flush's, `requeues`): kblockd's run
    /// (the `work` worker), which wakes the route's worker to take the request, then the
    /// worker's run (`loop_queue_work` -> `loop_process_work`, up to its wait for the backing
    /// file), which passes nothing on: the request's end comes after its device time.
    dispatch: Dispatch,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Dispatch {
    /// A completion (the default).
    No,
    /// At the `work` worker: dispatch to the route's worker.
    Kblockd,
    /// At the route's worker: ends there.
    Worker,
}

/// One completion thread's list (`blk_cpu_done` for ksoftirqd, the worker's command list) and
/// the completion it is working on.
#[derive(Clone, Debug)]
pub(super) struct Completer {
    task: TaskId,
    queue: VecDeque<Pending>,
    taken: Option<Pending>,
}

/// The IO completion state of a run: the route of every IO in flight that does not complete
/// in its interrupt, and the completion threads' lists. Empty in runs without such IOs.
#[derive(Clone, Debug, Default)]
pub(super) struct Completions {
    /// (task, route) of the `io` a task is about to start (`Op::IoVia`, compiled before it).
    armed: Vec<(TaskId, IoCompletion)>,
    /// (waiter, route, raises the softirq, each request's device time): set when the IO
    /// starts (or a further request of it is dispatched), taken when it completes.
    routes: Vec<(TaskId, IoCompletion, bool, u64)>,
    completers: Vec<Completer>,
    /// (submitter, done) of the requests queued with `submit_only` and not yet waited for
    /// (`Op::IoSubmit` .. `Op::IoWait`).
    in_flight: Vec<(TaskId, bool)>,
}

impl Completions {
    /// Whether no IO of the run has armed a route (the default storage: nothing to do).
    pub(super) fn is_empty(&self) -> bool {
        self.armed.is_empty()
    }

    fn completer(&mut self, task: TaskId) -> &mut Completer {
        let i = match self.completers.iter().position(|c| c.task == task) {
            Some(i) => i,
            None => {
                self.completers.push(Completer {
                    task,
                    queue: VecDeque::new(),
                    taken: None,
                });
                self.completers.len() - 1
            }
        };
        &mut self.completers[i]
    }
}

impl Sim {
    /// `Op::IoVia`: the next `io` of `t` completes through `c`'s threads.
    pub(super) fn arm_io_route(&mut self, t: TaskId, c: IoCompletion) {
        let armed = &mut self.completions.armed;
        match armed.iter_mut().find(|a| a.0 == t) {
            Some(a) => a.1 = c,
            None => armed.push((t, c)),
        }
    }

    /// The requests `t`'s next IO is made of (1 + the armed route's `requeues`): its `ns` is
    /// spread evenly over them.
    pub(super) fn io_requests(&self, t: TaskId) -> u64 {
        self.completions
            .armed
            .iter()
            .find(|a| a.0 == t)
            .map_or(1, |a| 1 + a.1.requeues as u64)
    }

    /// `t`, on `cpu`, submits an IO of several requests (`requeues`) with a `work` route:
    /// blk-flush puts its first request on the requeue list and kicks kblockd on this CPU
    /// (`blk_insert_flush` -> `blk_kick_flush` -> `blk_mq_kick_requeue_list`), waking the `work`
    /// worker of `cpu`, which dispatches it. Simplified: the request's device time starts at
    /// once, not after that run.
    pub(super) fn io_kick(&mut self, t: TaskId, cpu: Cpu) {
        let Some(&(_, c)) = self.completions.armed.iter().find(|a| a.0 == t) else {
            return;
        };
        if let (Some(base), true) = (c.work, c.requeues > 0) {
            let p = Pending {
                waiter: t,
                route: c,
                softirq: None,
                work: None,
                requeues: 0,
                request_ns: 0,
                dispatch: Dispatch::Kblockd,
            };
            self.hand_completion(base + cpu as u32, p, cpu, Some(t));
        }
    }

    /// `t`, on `cpu`, submits an IO whose route takes it at submission
    /// (`IoCompletion::at_submission`): it queues the request on the worker and wakes it
    /// itself (`loop_queue_rq` -> `loop_queue_work`, not WF_SYNC), then blocks (the caller).
    /// Returns false, doing nothing, for any other IO.
    pub(super) fn io_submit(&mut self, t: TaskId, cpu: Cpu) -> bool {
        // every at-submission route has a worker (compile refuses one without:
        // behaviour.rs, `io.completion.at_submission`)
        let Some((i, w)) = self
            .completions
            .armed
            .iter()
            .enumerate()
            .find_map(|(i, a)| match a.1.worker {
                Some(w) if a.0 == t && a.1.at_submission => Some((i, w)),
                _ => None,
            })
        else {
            return false;
        };
        let (_, c) = self.completions.armed.swap_remove(i);
        let raise = self.draw_softirq(&c);
        let p = Pending {
            waiter: t,
            route: c,
            softirq: if raise { c.ksoftirqd } else { None },
            work: None,
            requeues: 0,
            request_ns: 0,
            dispatch: Dispatch::No,
        };
        self.hand_completion(w, p, cpu, Some(t));
        true
    }

    /// `t`, on `cpu`, queues its IO on the at-submission route's worker and wakes it, and goes
    /// on running (`io`'s `submit_only`); its `io_wait` sleeps until the request is done.
    pub(super) fn io_submit_only(&mut self, t: TaskId, cpu: Cpu) {
        if self.io_submit(t, cpu) {
            self.completions.in_flight.push((t, false));
        }
    }

    /// `t`'s `io_wait`: whether it must sleep (its request is not done yet). A request already
    /// done, or none, lets it go on.
    pub(super) fn io_wait(&mut self, t: TaskId) -> bool {
        let Some(i) = self.completions.in_flight.iter().position(|f| f.0 == t) else {
            return false;
        };
        if self.completions.in_flight[i].1 {
            self.completions.in_flight.swap_remove(i);
            return false;
        }
        true
    }

    /// Remember how `t`'s IO, started now with `request_ns` of device time per request,
    /// completes, if an `IoVia` armed a route for it (else the interrupt completes it: nothing
    /// to do, nothing drawn). Whether it raises BLOCK_SOFTIRQ is drawn here
    /// (`softirq_permille`; no draw at 0 or 1000).
    pub(super) fn io_route(&mut self, t: TaskId, request_ns: u64) {
        if self.completions.armed.is_empty() {
            return;
        }
        let Some(i) = self.completions.armed.iter().position(|a| a.0 == t) else {
            return;
        };
        let (_, c) = self.completions.armed.swap_remove(i);
        let raise = self.draw_softirq(&c);
        self.completions.routes.push((t, c, raise, request_ns));
    }

    /// The completion interrupt of `t`'s IO ran on `cpu` (wakeup.rs, `io_done`). Returns false
    /// if the IO completes in the interrupt (no route: the default).
    pub(super) fn io_done_via_thread(&mut self, t: TaskId, cpu: Cpu) -> bool {
        let Some(i) = self.completions.routes.iter().position(|r| r.0 == t) else {
            return false;
        };
        let (_, c, raise, request_ns) = self.completions.routes.swap_remove(i);
        if self.tasks[t as usize].state != TaskState::Blocked {
            return true;
        }
        let p = Pending {
            waiter: t,
            route: c,
            softirq: if raise { c.ksoftirqd } else { None },
            work: c.work,
            requeues: c.requeues,
            request_ns,
            dispatch: Dispatch::No,
        };
        match c.worker {
            Some(w) => self.hand_completion(w, p, cpu, None),
            // no worker: the interrupt itself is this request's end
            None => self.next_hop(p, None, cpu),
        }
        true
    }

    /// A request of `p`'s IO has been finished on `cpu` by the thread `by` (None: the
    /// interrupt): pass it on, in the route's order. A raised softirq goes to `ksoftirqd/cpu`
    /// (`wakeup_softirqd`); then a `work` route's end queues the work item on this CPU's
    /// per-CPU worker (`queue_work` on a bound workqueue picks the local pool); then, if
    /// requests of the IO are still to come, this thread dispatches the next to the worker
    /// (blk-flush's next step: `blk_mq_requeue_work` -> `loop_queue_rq` -> `loop_queue_work`,
    /// waking the loop worker from here); else it wakes the waiter (not WF_SYNC).
    fn next_hop(&mut self, p: Pending, by: Option<TaskId>, cpu: Cpu) {
        match p.dispatch {
            Dispatch::No => {}
            Dispatch::Kblockd => {
                if let (Some(w), Some(t)) = (p.route.worker, by) {
                    let q = Pending {
                        dispatch: Dispatch::Worker,
                        ..p
                    };
                    self.hand_completion(w, q, cpu, Some(t));
                }
                return;
            }
            Dispatch::Worker => return,
        }
        if let Some(base) = p.softirq {
            let q = Pending { softirq: None, ..p };
            return self.hand_completion(base + cpu as u32, q, cpu, by);
        }
        if let Some(base) = p.work {
            let q = Pending { work: None, ..p };
            return self.hand_completion(base + cpu as u32, q, cpu, by);
        }
        if p.requeues > 0 && p.route.worker.is_some() {
            // the next request reaches the worker after its share of the device time, as the
            // first did (`IoCompletion::requeues`)
            let c = IoCompletion {
                requeues: p.requeues - 1,
                ..p.route
            };
            let raise = self.draw_softirq(&c);
            self.completions
                .routes
                .push((p.waiter, c, raise, p.request_ns));
            // this thread (kblockd's requeue work) dispatches it: the worker takes it now
            if let (Some(w), Some(t)) = (p.route.worker, by) {
                let q = Pending {
                    dispatch: Dispatch::Worker,
                    ..p
                };
                self.hand_completion(w, q, cpu, Some(t));
            }
            self.q.push(
                self.now + p.request_ns,
                super::Ev::IoRequeued {
                    task: p.waiter,
                    cpu,
                },
            );
            return;
        }
        if let Some(i) = self
            .completions
            .in_flight
            .iter()
            .position(|f| f.0 == p.waiter)
        {
            let w = &self.tasks[p.waiter as usize];
            if !(w.state == TaskState::Blocked && w.block == BlockReason::Io) {
                // submitted with `submit_only` and not waited for yet: its `io_wait` goes on
                self.completions.in_flight[i].1 = true;
                return;
            }
            self.completions.in_flight.swap_remove(i);
        }
        match by {
            None => self.wake_from_interrupt(p.waiter, cpu, true),
            Some(t) => {
                let w = &self.tasks[p.waiter as usize];
                if w.state == TaskState::Blocked && w.block == BlockReason::Io {
                    self.try_to_wake_up(p.waiter, cpu, Some(t), false, true, true);
                    self.charge_wakeup(t, cpu);
                }
            }
        }
    }

    /// Whether a request of route `c` raises BLOCK_SOFTIRQ at its end (`softirq_permille`,
    /// drawn; no draw at 0 or 1000).
    fn draw_softirq(&mut self, c: &IoCompletion) -> bool {
        c.ksoftirqd.is_some()
            && match c.softirq_permille {
                0 => false,
                p if p >= 1000 => true,
                p => {
                    self.draw(crate::engine::behaviour::Amount::Uniform { lo: 0, hi: 999 })
                        < p as u64
                }
            }
    }

    /// Put `p` on thread `to`'s list and wake it if it sleeps in `complete_io`: from interrupt
    /// context on `cpu` (`waker` None) or by the task `waker` running there.
    fn hand_completion(&mut self, to: u32, p: Pending, cpu: Cpu, waker: Option<TaskId>) {
        let to = to as TaskId;
        if to as usize >= self.tasks.len() || self.tasks[to as usize].state == TaskState::Exited {
            return;
        }
        self.completions.completer(to).queue.push_back(p);
        let k = &self.tasks[to as usize];
        if k.state == TaskState::Blocked && k.block == BlockReason::Completion {
            match waker {
                None => self.wake_from_interrupt(to, cpu, false),
                Some(w) => {
                    self.try_to_wake_up(to, cpu, Some(w), false, false, true);
                    self.charge_wakeup(w, cpu);
                }
            }
        }
    }

    /// `complete_io`'s first half: take the next completion handed to `t`, or sleep until one
    /// is (the pc left on the step, so the wake-up takes it). Returns true if `t` stopped.
    pub(super) fn complete_io_take(&mut self, t: TaskId, cpu: Cpu) -> bool {
        let c = self.completions.completer(t);
        if let Some(p) = c.queue.pop_front() {
            c.taken = Some(p);
            return false;
        }
        if !self.flush_overhead(t, cpu) {
            self.block(t, cpu, BlockReason::Completion);
        }
        self.tasks[t as usize].pc -= 1;
        true
    }

    /// `complete_io`'s end: wake the taken completion's waiter from `t` on `cpu`, or raise
    /// BLOCK_SOFTIRQ on `cpu` (hand it to `ksoftirqd/cpu` and wake that, `wakeup_softirqd`).
    pub(super) fn complete_io_end(&mut self, t: TaskId, cpu: Cpu) {
        let Some(p) = self.completions.completer(t).taken.take() else {
            return;
        };
        self.next_hop(p, Some(t), cpu);
    }
}
