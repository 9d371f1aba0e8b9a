//! Group flush with a leader: a database's commit waits for its WAL record to be on disk, and
//! whichever committer gets the write lock flushes every record inserted so far for all of
//! them. This is PostgreSQL's `XLogFlush` (src/backend/access/transam/xlog.c) with
//! `synchronous_commit = on` and `commit_delay = 0` (the defaults):
//!
//! ```text
//! for (;;) {
//!     if (record <= LogwrtResult.Flush) break;          /* done already? */
//!     if (!LWLockAcquireOrWait(WALWriteLock, LW_EXCLUSIVE))
//!         continue;        /* slept until the holder released it: check again */
//!     if (record <= LogwrtResult.Flush) { LWLockRelease(WALWriteLock); break; }
//!     WriteRqst.Write = WriteRqst.Flush = insertpos;    /* everything inserted so far */
//!     XLogWrite(WriteRqst, ...);                        /* write + fdatasync */
//!     LWLockRelease(WALWriteLock);
//!     break;
//! }
//! ```
//!
//! `XLogWrite` is a `pwrite` of the WAL pages and an `fdatasync`, and the flusher sleeps on
//! the disk several times in them (on the recording host: the WAL page write, in some flushes
//! a metadata write, and the device's cache flush; recordings/pgbench-rw-fdatasync): the step's
//! `ios` IO waits one after another, plus one more in `extra_io_permille` of the flushes,
//! drawn when the lock is taken, all while the lock is held.
//!
//! `LWLockAcquireOrWait` waits in `LW_WAIT_UNTIL_FREE` mode, and `LWLockRelease` wakes every
//! such waiter (`LWLockWakeup`; a semaphore post, not WF_SYNC) from the releasing backend,
//! after its flush. Unlike jbd2 (engine/sim/journal.rs) there is no committer task: the
//! leader is the first committer to find the lock free, and a waiter whose record came after
//! the leader's flush position takes the lock next.

use crate::cpumask::Cpu;
use crate::engine::behaviour::{Amount, FlushIos, IrqRoute};
use crate::engine::task::{BlockReason, TaskId};

use super::Sim;

/// One WAL's positions (record counts, never wrapping) and its write lock.
#[derive(Clone, Debug, Default)]
pub(super) struct Wal {
    /// The latest commit record inserted (`XLogCtl->Insert`'s position, in records).
    inserted: u64,
    /// `LogwrtResult.Flush`: the latest record on disk.
    flushed: u64,
    /// `WALWriteLock`'s holder, the position its flush covers (`insertpos` when it took the
    /// lock) and the IO waits of its flush still to come after the one in progress.
    holder: Option<(TaskId, u64, u8)>,
    /// Tasks asleep in `LWLockAcquireOrWait` until the lock is released.
    waiters: Vec<TaskId>,
}

impl Sim {
    /// `wal_flush`: returns true if the task blocked (on the lock or on its own flush's IO);
    /// its pc is then left on the step, which runs again when it is woken, as the loop in
    /// `XLogFlush` does.
    pub(super) fn xlog_flush(
        &mut self,
        t: TaskId,
        cpu: Cpu,
        id: u16,
        (ns, irq, ios): (Amount, IrqRoute, FlushIos),
    ) -> bool {
        // the table grows on first use; ids are below `MAX_WALS` (checked when the scenario
        // is validated, `crate::engine::behaviour::MAX_WALS`)
        let w = id as usize;
        if self.wals.len() <= w {
            self.wals.resize_with(w + 1, Wal::default);
        }
        if self.tasks[t as usize].wait_key == 0 {
            // the commit record (XactLogCommitRecord), inserted before the flush
            self.wals[w].inserted += 1;
            self.tasks[t as usize].wait_key = self.wals[w].inserted;
        }
        if let Some((holder, upto, left)) = self.wals[w].holder
            && holder == t
        {
            if left > 0 {
                // back from one of the flush's IO waits, more to come (owed overhead first;
                // then this step runs again)
                if !self.flush_overhead(t, cpu) {
                    self.wals[w].holder = Some((t, upto, left - 1));
                    self.start_io(t, cpu, ns, irq);
                }
                self.tasks[t as usize].pc -= 1;
                return true;
            }
            // back from XLogWrite's last IO: LWLockRelease(WALWriteLock) wakes every waiter
            let wal = &mut self.wals[w];
            wal.flushed = wal.flushed.max(upto);
            wal.holder = None;
            let waiters = std::mem::take(&mut wal.waiters);
            let v = self.wake_up_all(waiters, t, cpu);
            if self.wals[w].waiters.is_empty() {
                self.wals[w].waiters = v;
            }
        }
        let record = self.tasks[t as usize].wait_key;
        if record <= self.wals[w].flushed {
            // done already (by this task's flush or another's)
            self.tasks[t as usize].wait_key = 0;
            return false;
        }
        // About to sleep either way: owed overhead first (then this step runs again).
        if self.flush_overhead(t, cpu) {
            self.tasks[t as usize].pc -= 1;
            return true;
        }
        if self.wals[w].holder.is_some() {
            // LWLockAcquireOrWait: sleep until the holder releases the lock
            self.wals[w].waiters.push(t);
            self.block(t, cpu, BlockReason::Lock);
        } else {
            // got the lock: write and flush every record inserted so far
            let upto = self.wals[w].inserted;
            let extra = match ios.extra_io_permille() {
                0 => 0,
                p if p >= 1000 => 1,
                p => u8::from(self.draw(Amount::Uniform { lo: 0, hi: 999 }) < u64::from(p)),
            };
            self.wals[w].holder = Some((t, upto, ios.ios() - 1 + extra));
            self.start_io(t, cpu, ns, irq);
        }
        self.tasks[t as usize].pc -= 1;
        true
    }
}
