//! Locks held until the end of a transaction (`lock`, `unlock_all`): a database's row locks as
//! an `UPDATE` takes them. PostgreSQL (src/backend/access/heap/heapam.c, `heap_update`): a
//! backend that finds the row's `xmax` in progress takes the tuple lock
//! (`heap_acquire_tuplock`) and sleeps on the holder's transaction lock
//! (`XactLockTableWait`); the holder releases every lock it holds at commit, after the
//! commit's WAL flush (`CommitTransaction` -> `ProcReleaseLocks` -> `LockReleaseAll`), and the
//! lock manager grants the lock to the waiters in queue order and wakes them
//! (`ProcLockWakeup` -> `ProcWakeup` -> `SetLatch`, a signal: not WF_SYNC).
//!
//! The model is one FIFO lock per id, handed to its first waiter at release (one wake-up per
//! hand-off). What it leaves out: the tuple lock as a separate step (with three or more
//! contenders the host wakes the next waiter when the new holder drops the tuple lock, only for
//! it to sleep again on the new holder's transaction: up to two wake-ups per hand-off),
//! deadlock detection (a custom program that takes locks in two orders can deadlock; its
//! tasks then stay asleep), and lock modes (every lock is exclusive).

use std::collections::{BTreeMap, VecDeque};

use crate::cpumask::Cpu;
use crate::engine::behaviour::{Amount, MAX_LOCKS_HELD};
use crate::engine::task::{BlockReason, TaskId, TaskState};

use super::Sim;

/// The locks currently held, by id, and the ids each task holds.
#[derive(Clone, Debug, Default)]
pub(super) struct Locks {
    held: BTreeMap<u32, HeldLock>,
    /// Per task (indexed by task id, grown on first use): the ids it holds.
    by_task: Vec<Vec<u32>>,
}

#[derive(Clone, Debug)]
struct HeldLock {
    owner: TaskId,
    /// Tasks asleep until the lock is handed to them, in arrival order.
    waiters: VecDeque<TaskId>,
}

impl Locks {
    fn held_by(&self, t: TaskId) -> &[u32] {
        self.by_task.get(t as usize).map_or(&[], Vec::as_slice)
    }

    fn add(&mut self, t: TaskId, id: u32) {
        let i = t as usize;
        if self.by_task.len() <= i {
            self.by_task.resize_with(i + 1, Vec::new);
        }
        self.by_task[i].push(id);
    }
}

impl Sim {
    /// `lock`: returns true if the task sleeps until the lock is handed to it (it then holds
    /// it when it runs again: its pc has moved past the step), or if it first runs overhead it
    /// owes (its pc is then left on the step, and the id it drew is kept in `wait_key`).
    pub(super) fn lock_acquire(&mut self, t: TaskId, cpu: Cpu, id: Amount) -> bool {
        let key = self.tasks[t as usize].wait_key;
        let id = if key == 0 {
            // ids are at most u32::MAX (checked when the scenario is validated)
            self.draw(id) as u32
        } else {
            (key - 1) as u32
        };
        self.tasks[t as usize].wait_key = 0;
        let held = self.locks.held_by(t);
        if held.contains(&id) || held.len() >= MAX_LOCKS_HELD {
            // held already (PostgreSQL counts a lock taken twice), or the table is full
            return false;
        }
        let Some(lock) = self.locks.held.get(&id) else {
            self.locks.held.insert(
                id,
                HeldLock {
                    owner: t,
                    waiters: VecDeque::new(),
                },
            );
            self.locks.add(t, id);
            return false;
        };
        debug_assert_ne!(lock.owner, t);
        // About to sleep: owed overhead first (then this step runs again with the same id).
        if self.flush_overhead(t, cpu) {
            self.tasks[t as usize].wait_key = u64::from(id) + 1;
            self.tasks[t as usize].pc -= 1;
            return true;
        }
        self.locks.held.get_mut(&id).unwrap().waiters.push_back(t);
        self.block(t, cpu, BlockReason::Lock);
        true
    }

    /// `unlock_all` (and a task's exit): release every lock `t` holds, in the order it took
    /// them; each lock goes to its first waiter, which is woken from `cpu` (not WF_SYNC), the
    /// wake-up charged to `t`.
    pub(super) fn unlock_all(&mut self, t: TaskId, cpu: Cpu) {
        let Some(ids) = self.locks.by_task.get_mut(t as usize) else {
            return;
        };
        let ids = std::mem::take(ids);
        for &id in &ids {
            let lock = self
                .locks
                .held
                .get_mut(&id)
                .expect("a held lock is in the table");
            match lock.waiters.pop_front() {
                None => {
                    self.locks.held.remove(&id);
                }
                Some(w) => {
                    lock.owner = w;
                    self.locks.add(w, id);
                    self.try_to_wake_up(w, cpu, Some(t), false, false, true);
                    self.charge_wakeup(t, cpu);
                }
            }
        }
        // keep the allocation for the task's next transaction
        let mut v = ids;
        v.clear();
        self.locks.by_task[t as usize] = v;
    }

    /// Every held lock is in its owner's list and no task holds more than `MAX_LOCKS_HELD`;
    /// every waiter is asleep on a lock.
    pub(super) fn lock_invariants(&self) -> Result<(), String> {
        for (&id, lock) in &self.locks.held {
            if !self.locks.held_by(lock.owner).contains(&id) {
                return Err(format!(
                    "lock {id}: its owner {} does not list it",
                    lock.owner
                ));
            }
            for &w in &lock.waiters {
                let task = &self.tasks[w as usize];
                if task.state != TaskState::Blocked || task.block != BlockReason::Lock {
                    return Err(format!("lock {id}: waiter {w} is {:?}", task.state));
                }
            }
        }
        for (t, ids) in self.locks.by_task.iter().enumerate() {
            if ids.len() > MAX_LOCKS_HELD {
                return Err(format!("task {t} holds {} locks", ids.len()));
            }
            if let Some(id) = ids.iter().find(|id| !self.locks.held.contains_key(id)) {
                return Err(format!("task {t} lists lock {id}, which is not held"));
            }
        }
        Ok(())
    }
}
