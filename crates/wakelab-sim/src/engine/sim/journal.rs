//! Group commit: a journal (ext4's jbd2, a database's WAL) whose committer writes every
//! transaction requested so far in one commit and then wakes every task waiting on it.
//!
//! The state and the three steps follow jbd2 (fs/jbd2/journal.c, commit.c):
//!
//! * `commit_wait` (a client's fsync): `jbd2_log_start_commit(journal, tid)` for the running
//!   transaction (`__jbd2_log_start_commit`: only if it is not requested yet, and then
//!   `wake_up(&journal->j_wait_commit)`), then `jbd2_log_wait_commit`:
//!   `wait_event(journal->j_wait_done_commit, !tid_gt(tid, journal->j_commit_sequence))`.
//! * `commit_start` (kjournald2): sleep on `j_wait_commit` until
//!   `j_commit_sequence != j_commit_request`, then `jbd2_journal_commit_transaction` makes the
//!   running transaction the committing one; later requests open the next one.
//! * `commit_end`: `j_commit_sequence = commit_transaction->t_tid` and
//!   `wake_up(&journal->j_wait_done_commit)`: every waiter is woken (non-exclusive waits, not
//!   WF_SYNC); one waiting for a later transaction re-checks its condition and sleeps again, as
//!   `wait_event` does.

use crate::cpumask::Cpu;
use crate::engine::task::{BlockReason, TaskId};

use super::Sim;

/// One journal's transaction ids (`tid_t`, here never wrapping) and sleepers.
#[derive(Clone, Debug)]
pub(super) struct Journal {
    /// `j_running_transaction->t_tid`: the transaction new updates join.
    running: u64,
    /// `j_commit_request`: the latest transaction a commit was asked for.
    commit_request: u64,
    /// `j_commit_sequence`: the latest committed transaction.
    commit_sequence: u64,
    /// The transaction being committed (between `commit_start` and `commit_end`).
    committing: Option<u64>,
    /// Committers asleep on `j_wait_commit` (jbd2 has one per journal; a custom workload may
    /// give it more, all woken by a request, as `wake_up` wakes every sleeper there).
    committers: Vec<TaskId>,
    /// Tasks asleep on `j_wait_done_commit` (each task's `wait_key` is the transaction it
    /// waits for).
    waiters: Vec<TaskId>,
}

/// A journal's wait queue: `j_wait_done_commit` or `j_wait_commit`.
#[derive(Clone, Copy)]
enum Sleepers {
    Waiters,
    Committers,
}

impl Journal {
    fn new() -> Journal {
        Journal {
            running: 1,
            commit_request: 0,
            commit_sequence: 0,
            committing: None,
            committers: Vec::new(),
            waiters: Vec::new(),
        }
    }
}

impl Sim {
    /// The journal's index: its id (below `MAX_JOURNALS`, checked when the scenario is
    /// validated, `crate::engine::behaviour::MAX_JOURNALS`), the table grown on first use.
    fn journal_index(&mut self, id: u16) -> usize {
        let i = id as usize;
        if self.journals.len() <= i {
            self.journals.resize_with(i + 1, Journal::new);
        }
        i
    }

    /// `commit_wait`: returns true if the task sleeps (its pc is left on the step, so the
    /// wake-up re-checks the condition, as `wait_event` does).
    pub(super) fn commit_wait(&mut self, t: TaskId, cpu: Cpu, id: u16) -> bool {
        let j = self.journal_index(id);
        if self.tasks[t as usize].wait_key == 0 {
            // the fsync's transaction: the running one (the client changed the file since)
            let tid = self.journals[j].running;
            self.tasks[t as usize].wait_key = tid;
            // __jbd2_log_start_commit
            if self.journals[j].commit_request != tid {
                self.journals[j].commit_request = tid;
                let committers = std::mem::take(&mut self.journals[j].committers);
                let v = self.wake_up_all(committers, t, cpu);
                if self.journals[j].committers.is_empty() {
                    self.journals[j].committers = v;
                }
            }
        }
        let tid = self.tasks[t as usize].wait_key;
        if tid <= self.journals[j].commit_sequence {
            self.tasks[t as usize].wait_key = 0;
            return false;
        }
        self.sleep_on_journal(t, cpu, j, Sleepers::Waiters);
        true
    }

    /// `commit_start`: returns true if the committer sleeps until a commit is requested.
    pub(super) fn commit_start(&mut self, t: TaskId, cpu: Cpu, id: u16) -> bool {
        let j = self.journal_index(id);
        let jr = &mut self.journals[j];
        if jr.committing.is_none() && jr.commit_request == jr.running {
            // jbd2_journal_commit_transaction: the running transaction is now committing
            jr.committing = Some(jr.running);
            jr.running += 1;
            return false;
        }
        self.sleep_on_journal(t, cpu, j, Sleepers::Committers);
        true
    }

    /// Put `t` to sleep on one of journal `j`'s lists, its pc left on the step so the wake-up
    /// re-checks the condition (`wait_event`). Overhead the task still owes is paid first: then
    /// it runs that and re-executes the step instead.
    fn sleep_on_journal(&mut self, t: TaskId, cpu: Cpu, j: usize, list: Sleepers) {
        if !self.flush_overhead(t, cpu) {
            let jr = &mut self.journals[j];
            match list {
                Sleepers::Waiters => jr.waiters.push(t),
                Sleepers::Committers => jr.committers.push(t),
            }
            self.block(t, cpu, BlockReason::Journal);
        }
        self.tasks[t as usize].pc -= 1;
    }

    /// `commit_end`: the committing transaction is on disk; wake every waiter.
    pub(super) fn commit_end(&mut self, t: TaskId, cpu: Cpu, id: u16) {
        let j = self.journal_index(id);
        let Some(tid) = self.journals[j].committing.take() else {
            // no commit in progress: nothing to complete (a program error the engine tolerates)
            return;
        };
        self.journals[j].commit_sequence = tid;
        let waiters = std::mem::take(&mut self.journals[j].waiters);
        let v = self.wake_up_all(waiters, t, cpu);
        if self.journals[j].waiters.is_empty() {
            self.journals[j].waiters = v;
        }
    }
}
