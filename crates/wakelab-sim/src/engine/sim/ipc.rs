//! Blocking IPC: `send` and `recv` on a task's inbox (engine/channel.rs holds the buffer
//! arithmetic), and the wake-ups the kernel's pipe and socket code issues, per version:
//!
//! * **pipe, 4.15 / 4.16** (fs/pipe.c before the 5.5 rework): one wait queue `pipe->wait` for
//!   readers and writers, non-exclusive waits (`pipe_wait`). `pipe_write` wakes everyone asleep
//!   on it after writing (`do_wakeup`), `pipe_read` after it released a slot; both
//!   `wake_up_interruptible_sync_poll`, i.e. WF_SYNC.
//! * **pipe, 5.10 - 6.18** (since 5.5's `rd_wait` / `wr_wait`, exclusive waits):
//!   `pipe_write` wakes one reader if the pipe was empty when it started (`was_empty`), and a
//!   writer that had slept passes the wake-up on to the next writer if the pipe is not full
//!   (`wake_next_writer`). `pipe_read` up to 6.13 (5.10 - 5.15 here) wakes one writer if the
//!   pipe was full (every slot used) when it started (`was_full`), even if this read freed no
//!   slot: the writer then finds no room and sleeps again. From 6.14 (6.18 here; "pipe_read:
//!   don't wake up the writer if the pipe is still full") it wakes one only when it releases a
//!   buffer while the pipe is full (`wake_writer |= pipe_full(...)` before `pipe_update_tail`).
//!   All WF_SYNC.
//! * **AF_UNIX stream** (net/unix/af_unix.c, every modelled version): a write wakes a sleeping
//!   reader through `sk_data_ready` = `sock_def_readable` (WF_SYNC); a read that frees an skb
//!   runs `sock_wfree` -> `unix_write_space`, which wakes every sleeping writer (non-exclusive
//!   `sock_wait_for_wmem`) once `unix_writable`, also WF_SYNC.
//! * **TCP over loopback** (net/ipv4/tcp.c, net/core/dev.c, drivers/net/loopback.c, every
//!   modelled version): `tcp_sendmsg` copies the data into an skb and transmits it;
//!   `loopback_xmit` hands it to `__netif_rx`, which queues it on this CPU's backlog and raises
//!   NET_RX_SOFTIRQ; the `local_bh_enable` at the end of `__dev_queue_xmit` runs the softirq at
//!   once, on the **sender's** CPU and in the sender's context: `net_rx_action` ->
//!   `process_backlog` -> `ip_rcv` -> `tcp_v4_rcv` -> `tcp_rcv_established` -> `tcp_data_queue`
//!   queues the data and `tcp_data_ready` calls `sk_data_ready` = `sock_def_readable` ->
//!   `wake_up_interruptible_sync_poll`: a WF_SYNC wake-up of the reader from the sender's CPU
//!   while the sender is still inside `tcp_sendmsg`, in softirq context (`in_task()` false,
//!   which 6.18's next-buddy-eevdf asks before it forces a preemption). The sender then returns to user space and
//!   keeps running (whatever its program does next) until it blocks. In the model the receive
//!   path is `net_rx_cycles` of the sender's own run time (the recording host's kernel counts
//!   the softirq in the interrupted task's runtime; engine/channel.rs
//!   `TCP_LOOPBACK_NET_RX_CYCLES`), the data becomes readable and the reader is woken when
//!   those cycles are done ([`Sim::net_rx_done`]). Writers asleep on a full socket are woken by
//!   `sk_stream_write_space`, `wake_up_interruptible_poll`: **not** WF_SYNC, and from the
//!   softirq that processes the reader's ACK (on loopback, raised by its transmit).
//!
//! Every wake-up is issued from the CPU of the task whose `send` or `recv` causes it (the writer
//! wakes the reader from its CPU, the reader the writers from its CPU), and the waker pays the
//! engine's `wakeup_cost_ns` (plus the placement scan) for each wake-up it issues. A woken task
//! re-executes its `send` / `recv` (as `wait_event` re-checks its condition), so a wake-up that
//! finds no room is followed by another sleep, as in the kernel.

use crate::cpumask::Cpu;
use crate::engine::channel::{Inbox, WriteOutcome};
use crate::engine::task::{BlockReason, TaskId, TaskState};

use crate::engine::behaviour::Op;

use super::Sim;

impl Sim {
    /// `send` of `bytes` from `t` (running on `cpu`) into `to`'s inbox. Returns true if the
    /// task stopped (it sleeps on a full buffer, or pays owed overhead first); its pc then
    /// points at the `send` again.
    pub(super) fn chan_send(&mut self, t: TaskId, cpu: Cpu, to: TaskId, bytes: u32) -> bool {
        let woken = std::mem::take(&mut self.tasks[t as usize].chan_woken);
        if to as usize >= self.tasks.len() || self.tasks[to as usize].state == TaskState::Exited {
            // no reader (not forked yet, or exited): EPIPE in the kernel; the write is lost
            return false;
        }
        let out = self.tasks[to as usize].inbox.write(bytes);
        let was_empty = match out {
            WriteOutcome::Full => {
                self.tasks[t as usize].chan_woken = woken;
                self.tasks[t as usize].pc -= 1;
                if self.flush_overhead(t, cpu) {
                    return true;
                }
                self.stats.chan_write_blocks += 1;
                self.tasks[to as usize].inbox.writers.push_back(t);
                self.block(t, cpu, BlockReason::Channel);
                return true;
            }
            WriteOutcome::Written { was_empty } => was_empty,
        };
        let kind = self.tasks[to as usize].inbox.kind;
        match kind {
            Inbox::Pipe { .. } if self.sd.version.is_4x() => {
                // do_wakeup -> wake_up_interruptible_sync_poll(&pipe->wait): all sleepers
                self.wake_reader(to, cpu, t, true, true);
                self.wake_writers(to, cpu, t, usize::MAX, true, true);
            }
            Inbox::Pipe { .. } => {
                if was_empty {
                    self.wake_reader(to, cpu, t, true, true);
                }
                if woken && !self.tasks[to as usize].inbox.pipe_full() {
                    self.wake_writers(to, cpu, t, 1, true, true); // wake_next_writer
                }
            }
            // unix_stream_sendmsg queues the skb on the peer and calls sk_data_ready =
            // sock_def_readable: wake_up_interruptible_sync_poll
            Inbox::Unix { .. } => self.wake_reader(to, cpu, t, true, true),
            Inbox::Tcp {
                net_rx_cycles,
                net_rx_local_cycles,
                ..
            } => {
                // loopback: the receive path runs in softirq on this CPU, as part of this
                // task's run, before the data is readable and the reader is woken; it costs
                // less when the reader last ran here (task_cpu: its socket, its wait queue and
                // the task were last touched on this CPU; TCP_LOOPBACK_NET_RX_LOCAL_CYCLES)
                let net_rx_cycles = if self.tasks[to as usize].cpu == cpu {
                    net_rx_local_cycles
                } else {
                    net_rx_cycles
                };
                self.stats.net_rx_softirqs += 1;
                self.tasks[t as usize].net_rx = Some((to, bytes));
                if net_rx_cycles == 0 {
                    self.net_rx_done(t, cpu);
                    return false;
                }
                self.tasks[t as usize].remaining += net_rx_cycles as u64;
                self.retime(cpu);
                return true;
            }
        }
        false
    }

    /// The end of a loopback send's receive path on `cpu`, in `t`'s context: `tcp_data_queue`
    /// makes the data readable, `tcp_data_ready` -> `sk_data_ready` = `sock_def_readable`
    /// wakes the reader, WF_SYNC, from this CPU (the waker pays the wake-up's cost, then
    /// `tcp_sendmsg` returns and `t` goes on with its program). Called when `t` finished the
    /// cycles, before its next step.
    pub(super) fn net_rx_done(&mut self, t: TaskId, cpu: Cpu) {
        let Some((to, bytes)) = self.tasks[t as usize].net_rx.take() else {
            return;
        };
        if self.tasks[to as usize].state == TaskState::Exited {
            return; // the reader closed its socket meanwhile: the segment is dropped
        }
        self.tasks[to as usize].inbox.deliver(bytes);
        // from NET_RX_SOFTIRQ: in_task() is false while a softirq is served
        self.wake_reader(to, cpu, t, true, false);
    }

    /// `recv` of `bytes` by `t` from its own inbox. Returns true if the task stopped (it sleeps
    /// on an empty buffer, or pays owed overhead first); its pc then points at the `recv` again.
    pub(super) fn chan_recv(&mut self, t: TaskId, cpu: Cpu, bytes: u32) -> bool {
        self.tasks[t as usize].chan_woken = false;
        // a pass charged ahead is done by now (the run it closed has completed)
        self.tasks[t as usize].empty_read_ahead = 0;
        loop {
            let task = &mut self.tasks[t as usize];
            if task.recv_left == 0 {
                task.recv_left = bytes;
            }
            if task.inbox.unread == 0 {
                task.pc -= 1;
                if self.flush_overhead(t, cpu) {
                    return true;
                }
                let task = &mut self.tasks[t as usize];
                if !std::mem::replace(&mut task.recv_found_empty, true) {
                    // the read's pass that finds nothing, prepare_to_wait and schedule() up to
                    // the dequeue: the reader's own time, before it sleeps; what arrives
                    // meanwhile is found by wait_event's re-check, and it does not sleep
                    task.remaining += task.inbox.kind.empty_read_cycles() as u64;
                    self.retime(cpu);
                    return true;
                }
                task.recv_found_empty = false;
                self.stats.chan_read_blocks += 1;
                self.tasks[t as usize].inbox.reader_waiting = true;
                self.block(t, cpu, BlockReason::Channel);
                return true;
            }
            task.recv_found_empty = false;
            let want = task.recv_left;
            let r = task.inbox.read(want);
            task.recv_left -= r.bytes;
            let left = task.recv_left;
            let (kind, writers, writable) = (
                task.inbox.kind,
                !task.inbox.writers.is_empty(),
                task.inbox.writable(),
            );
            match kind {
                Inbox::Pipe { .. } if self.sd.version.is_4x() => {
                    if r.freed > 0 {
                        self.wake_writers(t, cpu, t, usize::MAX, true, true);
                    }
                }
                Inbox::Pipe { .. } if self.sd.version.pipe_read_wakes_writer_on_release() => {
                    // wake_writer |= pipe_full(head, tail, max_usage) as a buffer is released:
                    // the first release sees the pipe as the read found it
                    if r.was_full && r.freed > 0 {
                        self.wake_writers(t, cpu, t, 1, true, true);
                    }
                }
                Inbox::Pipe { .. } => {
                    if r.was_full {
                        self.wake_writers(t, cpu, t, 1, true, true);
                    }
                }
                Inbox::Unix { .. } => {
                    if r.freed > 0 && writers && writable {
                        self.wake_writers(t, cpu, t, usize::MAX, true, true);
                    }
                }
                Inbox::Tcp { .. } => {
                    if writers && writable {
                        // sk_stream_write_space runs where the reader's ACK is processed: on
                        // loopback, the softirq its transmit raises (in_task() false)
                        self.wake_writers(t, cpu, t, usize::MAX, false, false);
                    }
                }
            }
            if left == 0 {
                return false;
            }
        }
    }

    /// The owner of `inbox_of` exits: its writers get EPIPE (`pipe_release` /
    /// `unix_release_sock` wake them); they find the reader gone and drop their write.
    pub(super) fn chan_release(&mut self, inbox_of: TaskId, cpu: Cpu) {
        if !self.tasks[inbox_of as usize].inbox.writers.is_empty() {
            self.wake_writers(inbox_of, cpu, inbox_of, usize::MAX, false, true);
        }
    }

    /// Wake the owner of `inbox_of` if it sleeps in `recv`; `in_task` is false from a softirq.
    fn wake_reader(
        &mut self,
        inbox_of: TaskId,
        cpu: Cpu,
        waker: TaskId,
        sync: bool,
        in_task: bool,
    ) {
        let inbox = &mut self.tasks[inbox_of as usize].inbox;
        if !inbox.reader_waiting {
            if self.tasks[inbox_of as usize].empty_read_ahead > 0 {
                self.cancel_empty_read_ahead(inbox_of);
            }
            return;
        }
        inbox.reader_waiting = false;
        self.chan_wake(inbox_of, cpu, waker, sync, in_task);
    }

    /// A run phase of `t` just charged: if its next step is a `recv` (directly, or past the end
    /// of its loop) and the inbox is empty now, the pass that will find it empty
    /// (`Inbox::empty_read_cycles`) is charged with the run, as its last cycles. One run
    /// completion then ends both, instead of one each (a blocking read in tbench cost an event
    /// of its own: docs/performance.md). Data delivered before those last cycles begin takes the
    /// pass back ([`Sim::cancel_empty_read_ahead`]): the `recv` then finds it, as it would have
    /// at the end of the run; data delivered later is found by the re-check after the pass.
    /// The same as charging the pass when the `recv` finds the inbox empty, but for the event
    /// order of equal times and a nanosecond of rounding.
    #[inline]
    pub(super) fn charge_empty_read_ahead(&mut self, t: TaskId) {
        let task = &self.tasks[t as usize];
        if task.inbox.unread != 0 || task.recv_found_empty {
            return;
        }
        let prog = &self.programs[task.code as usize];
        let mut pc = task.pc as usize;
        if let Some(Op::LoopEnd { start }) = prog.get(pc) {
            let left = task.loops[task.loop_sp as usize - 1];
            if left == u32::MAX || left > 1 {
                pc = *start as usize + 1;
            } else {
                pc += 1;
            }
        }
        if !matches!(prog.get(pc), Some(Op::Recv(_))) {
            return;
        }
        let cycles = task.inbox.kind.empty_read_cycles();
        let task = &mut self.tasks[t as usize];
        task.remaining += cycles as u64;
        task.empty_read_ahead = cycles;
        task.recv_found_empty = true;
    }

    /// Data reached the inbox of `t`, which has an empty read's pass charged ahead: if the run
    /// before it is not done yet, the pass is taken back (the `recv` will find the data);
    /// otherwise the pass has begun and goes on.
    fn cancel_empty_read_ahead(&mut self, t: TaskId) {
        let ahead = std::mem::take(&mut self.tasks[t as usize].empty_read_ahead) as u64;
        let cpu = self.tasks[t as usize].cpu;
        let running = self.rqs[cpu as usize].curr == Some(t);
        let mut left = self.tasks[t as usize].remaining;
        if running {
            left = left.saturating_sub(self.cycles_done(cpu));
        }
        if left > ahead {
            let task = &mut self.tasks[t as usize];
            task.remaining -= ahead;
            task.recv_found_empty = false;
            if running {
                self.retime(cpu);
            }
        }
    }

    /// Wake up to `n` writers asleep on `inbox_of`'s inbox, in wait-queue order.
    fn wake_writers(
        &mut self,
        inbox_of: TaskId,
        cpu: Cpu,
        waker: TaskId,
        n: usize,
        sync: bool,
        in_task: bool,
    ) {
        for _ in 0..n {
            let Some(w) = self.tasks[inbox_of as usize].inbox.writers.pop_front() else {
                return;
            };
            self.tasks[w as usize].chan_woken = true;
            self.chan_wake(w, cpu, waker, sync, in_task);
        }
    }

    /// `try_to_wake_up` of a task asleep on a channel, from `waker`'s context on `cpu`; the
    /// waker pays the wake-up's cost.
    fn chan_wake(&mut self, t: TaskId, cpu: Cpu, waker: TaskId, sync: bool, in_task: bool) {
        let task = &self.tasks[t as usize];
        if task.state != TaskState::Blocked || task.block != BlockReason::Channel {
            return;
        }
        self.try_to_wake_up(t, cpu, Some(waker), sync, false, in_task);
        if waker != t && self.rqs[cpu as usize].curr == Some(waker) {
            self.charge_wakeup(waker, cpu);
        }
    }
}
