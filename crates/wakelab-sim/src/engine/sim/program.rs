//! The task-program interpreter: executes a task's `Op`s (run, wake, sleep, wait, send, recv,
//! exec, I/O, barrier, group commit, WAL flush, fork, loops, exit) until it runs, blocks, migrates or exits.

use rand_core::RngCore;

use crate::cpumask::Cpu;
use crate::engine::behaviour::{Amount, IrqRoute, Op, WakeTarget};
use crate::engine::task::{BlockReason, TaskId, TaskState};

use super::{Ev, Sim};

impl Sim {
    pub(super) fn draw(&mut self, a: Amount) -> u64 {
        match a {
            Amount::Fixed(v) => v,
            Amount::Uniform { lo, hi } => {
                if hi <= lo {
                    lo
                } else {
                    lo + self.rng.next_u64() % (hi - lo + 1)
                }
            }
            Amount::Exp { mean } => {
                // Inverse CDF with libm (bit-identical on every target), truncated at 20x mean.
                let u = ((self.rng.next_u64() >> 11) as f64 + 0.5) / (1u64 << 53) as f64;
                let x = -libm::log(u) * mean as f64;
                (x as u64).min(mean.saturating_mul(20))
            }
        }
    }

    /// Execute the running task's program from its pc until it runs, blocks or exits.
    pub(super) fn advance(&mut self, t: TaskId, cpu: Cpu) {
        let prog = self.tasks[t as usize].code as usize;
        // a loopback send's receive path (softirq on this CPU) has just run: wake its reader
        if self.tasks[t as usize].net_rx.is_some() {
            self.net_rx_done(t, cpu);
        }
        // whatever made the program go on, it is no longer waiting at a call's return
        self.tasks[t as usize].at_user_return = false;
        // Bound zero-time steps so a program of only wakes/ops cannot spin forever.
        // The run's total is bounded too (`EngineParams::max_steps`, checked by the event loop).
        for _ in 0..10_000 {
            self.stats.steps += 1;
            let pc = self.tasks[t as usize].pc as usize;
            let op = self.programs[prog][pc];
            self.tasks[t as usize].pc += 1;
            match op {
                Op::Run(a) => {
                    let cycles = self.draw(a).max(1);
                    self.tasks[t as usize].remaining += self.jittered(t, cycles);
                    self.charge_empty_read_ahead(t);
                    self.retime(cpu);
                    return;
                }
                Op::Wake { target, sync } => {
                    let to = match target {
                        WakeTarget::Task(x) => Some(x),
                        WakeTarget::Offset(d) => Some(super::share::offset_target(t, d)),
                        WakeTarget::PerCpu(base) => Some(base + cpu as u32),
                        WakeTarget::Sender => self.tasks[t as usize].reply_to,
                    };
                    if let Some(to) = to {
                        self.post_message(t, to, cpu, sync);
                    }
                    self.charge_wakeup(t, cpu);
                }
                Op::Ops(n) => {
                    self.tasks[t as usize].ops += n as u64;
                    if self.now >= self.warmup_ns {
                        self.stats.ops += n as u64;
                    }
                }
                Op::Sleep(a) => {
                    let ns = self.draw(a);
                    if self.flush_overhead(t, cpu) {
                        // Pay the owed overhead first, then re-execute the sleep (pc rewound):
                        // the duration drawn above is discarded and drawn again then, a draw
                        // the RNG stream (and so every result) depends on.
                        self.tasks[t as usize].pc -= 1;
                        return;
                    }
                    self.block(t, cpu, BlockReason::Timer);
                    let task = &mut self.tasks[t as usize];
                    task.timer_gen = task.timer_gen.wrapping_add(1);
                    let seg = task.timer_gen;
                    self.q.push(self.now + ns, Ev::Timer { task: t, seg });
                    return;
                }
                Op::Wait => {
                    // a worker back at its wait has finished the item it took (workqueue.rs)
                    self.work_finished(t, cpu);
                    if self.flush_overhead(t, cpu) {
                        self.tasks[t as usize].pc -= 1;
                        return;
                    }
                    if self.tasks[t as usize].tokens > 0 {
                        self.tasks[t as usize].take_message();
                        continue;
                    }
                    self.block(t, cpu, BlockReason::Message);
                    return;
                }
                Op::Send { target, bytes } => {
                    let to = match target {
                        WakeTarget::Task(x) => x,
                        WakeTarget::Offset(d) => super::share::offset_target(t, d),
                        WakeTarget::PerCpu(base) => base + cpu as u32,
                        // rejected by `compile`
                        WakeTarget::Sender => continue,
                    };
                    if self.chan_send(t, cpu, to, bytes) {
                        return;
                    }
                }
                Op::Recv(bytes) => {
                    if self.chan_recv(t, cpu, bytes) {
                        return;
                    }
                }
                Op::Exec => {
                    if self.flush_overhead(t, cpu) {
                        self.tasks[t as usize].pc -= 1;
                        return;
                    }
                    if self.sched_exec(t, cpu) {
                        return;
                    }
                }
                Op::Io { ns, irq } => {
                    if self.flush_overhead(t, cpu) {
                        self.tasks[t as usize].pc -= 1;
                        return;
                    }
                    if !self.completions.is_empty() {
                        if self.io_submit(t, cpu) {
                            // the worker was woken by `t` and finishes the request: no
                            // interrupt, no device time
                            self.block(t, cpu, BlockReason::Io);
                            self.stats.io_waits += 1;
                            return;
                        }
                        self.io_kick(t, cpu);
                    }
                    let request_ns = self.start_io(t, cpu, ns, irq);
                    // a completion through kernel threads, armed by the `IoVia` before
                    self.io_route(t, request_ns);
                    return;
                }
                Op::IoVia(c) => self.arm_io_route(t, c),
                Op::IoSubmit => {
                    if self.flush_overhead(t, cpu) {
                        self.tasks[t as usize].pc -= 1;
                        return;
                    }
                    // the worker is woken by `t`, which goes on (compile allows submit_only
                    // with an at_submission route only)
                    self.io_submit_only(t, cpu);
                }
                Op::IoWait => {
                    if self.flush_overhead(t, cpu) {
                        self.tasks[t as usize].pc -= 1;
                        return;
                    }
                    if self.io_wait(t) {
                        self.block(t, cpu, BlockReason::Io);
                        self.stats.io_waits += 1;
                        return;
                    }
                }
                Op::CondResched => {
                    if self.flush_overhead(t, cpu) {
                        self.tasks[t as usize].pc -= 1;
                        return;
                    }
                    // cond_resched(): a preemption owed in kernel mode is taken here, as at a
                    // return to user space; the `SyscallEnter` after it re-enters the call
                    let task = &mut self.tasks[t as usize];
                    if task.in_syscall && std::mem::take(&mut task.need_resched) {
                        task.in_syscall = false;
                        task.at_user_return = true;
                        self.resched.set(cpu);
                        return;
                    }
                }
                Op::CompleteIoTake => {
                    if self.complete_io_take(t, cpu) {
                        return;
                    }
                }
                Op::CompleteIoEnd => self.complete_io_end(t, cpu),
                Op::FlushWorkqueue(target) => {
                    let w = match target {
                        WakeTarget::Task(x) => x,
                        WakeTarget::Offset(d) => super::share::offset_target(t, d),
                        WakeTarget::PerCpu(base) => base + cpu as u32,
                        // rejected by `compile`
                        WakeTarget::Sender => continue,
                    };
                    if (w as usize) < self.tasks.len() && self.flush_workqueue(t, cpu, w as TaskId)
                    {
                        return;
                    }
                }
                Op::Barrier { id, parties } => {
                    if self.flush_overhead(t, cpu) {
                        self.tasks[t as usize].pc -= 1;
                        return;
                    }
                    let idx = match self.barriers.iter().position(|(b, _)| *b == id) {
                        Some(i) => i,
                        None => {
                            self.barriers
                                .push((id, Vec::with_capacity(parties as usize)));
                            self.barriers.len() - 1
                        }
                    };
                    if self.barriers[idx].1.len() + 1 >= parties as usize {
                        // the last to arrive wakes the others (`pthread_barrier_wait`'s
                        // FUTEX_WAKE), each wake-up charged to it as any other; the emptied
                        // list keeps its allocation for the next round
                        let waiters = std::mem::take(&mut self.barriers[idx].1);
                        self.barriers[idx].1 = self.wake_up_all(waiters, t, cpu);
                        continue;
                    }
                    self.barriers[idx].1.push(t);
                    self.block(t, cpu, BlockReason::Barrier);
                    return;
                }
                Op::CommitWait(j) => {
                    if self.commit_wait(t, cpu, j) {
                        return;
                    }
                }
                Op::CommitStart(j) => {
                    if self.commit_start(t, cpu, j) {
                        return;
                    }
                }
                Op::CommitEnd(j) => self.commit_end(t, cpu, j),
                Op::WalFlush { wal, ns, irq, ios } => {
                    if self.xlog_flush(t, cpu, wal.into(), (ns, irq, ios)) {
                        return;
                    }
                }
                Op::Lock(id) => {
                    if self.lock_acquire(t, cpu, id) {
                        return;
                    }
                }
                Op::UnlockAll => self.unlock_all(t, cpu),
                Op::Fork { template } => {
                    self.do_fork(t, cpu, self.n_initial + template);
                }
                Op::LoopStart { count, end } => {
                    let task = &mut self.tasks[t as usize];
                    if count == 0 {
                        task.pc = end + 1;
                    } else {
                        task.loops[task.loop_sp as usize] = count;
                        task.loop_sp += 1;
                    }
                }
                Op::LoopEnd { start } => {
                    let task = &mut self.tasks[t as usize];
                    let sp = task.loop_sp as usize - 1;
                    if task.loops[sp] != u32::MAX {
                        task.loops[sp] -= 1;
                    }
                    if task.loops[sp] > 0 {
                        task.pc = start + 1;
                    } else {
                        task.loop_sp -= 1;
                    }
                }
                Op::SyscallEnter => self.tasks[t as usize].in_syscall = true,
                Op::SyscallExit => {
                    // the call's own overhead (a wake-up's cost) is still kernel time
                    if self.flush_overhead(t, cpu) {
                        self.tasks[t as usize].pc -= 1;
                        return;
                    }
                    // exit_to_user_mode: TIF_NEED_RESCHED set inside the call -> schedule(),
                    // before the task runs anything else (its next step waits for it)
                    let task = &mut self.tasks[t as usize];
                    task.in_syscall = false;
                    if std::mem::take(&mut task.need_resched) {
                        task.at_user_return = true;
                        self.resched.set(cpu);
                        return;
                    }
                }
                Op::Exit => {
                    if self.flush_overhead(t, cpu) {
                        self.tasks[t as usize].pc -= 1;
                        return;
                    }
                    // locks still held are released (PostgreSQL's backend exit aborts the
                    // transaction and releases them)
                    self.unlock_all(t, cpu);
                    self.do_exit(t, cpu);
                    return;
                }
            }
        }
        // A program that only does zero-time steps: charge a minimal run to make time pass.
        self.tasks[t as usize].remaining += 1000;
        self.retime(cpu);
    }

    /// Block `t` (running on `cpu`) on an IO of `ns` whose completion interrupt, on the CPU
    /// `irq` picks, wakes it.
    /// Returns the device time of each of the IO's requests (all of `ns` but for an IO of
    /// several requests, `IoCompletion::requeues`, whose first one completes after its share).
    pub(super) fn start_io(&mut self, t: TaskId, cpu: Cpu, ns: Amount, irq: IrqRoute) -> u64 {
        let ns = self.draw(ns) / self.io_requests(t);
        let irq_cpu = match irq {
            IrqRoute::Issuer => cpu,
            // `Sim::new` refused CPUs beyond the machine (no clamping)
            IrqRoute::Cpu(c) => c,
            IrqRoute::RoundRobin => {
                self.irq_rr = (self.irq_rr + 1) % self.topo.nr_cpus() as u16;
                self.irq_rr
            }
        };
        self.block(t, cpu, BlockReason::Io);
        self.stats.io_waits += 1;
        self.q.push(
            self.now + ns,
            Ev::IoDone {
                task: t,
                cpu: irq_cpu,
            },
        );
        ns
    }

    /// If the task owes overhead cycles (wake-up costs), run them first. Returns true if it did.
    pub(super) fn flush_overhead(&mut self, t: TaskId, cpu: Cpu) -> bool {
        if self.tasks[t as usize].remaining > 0 {
            self.retime(cpu);
            true
        } else {
            false
        }
    }

    /// Post a message from `from` (running on `cpu`) to `to`: the wake-up of a pipe/socket.
    pub(super) fn post_message(&mut self, from: TaskId, to: u32, cpu: Cpu, sync: bool) {
        let to = to as TaskId;
        if to as usize >= self.tasks.len() {
            return;
        }
        let target = &mut self.tasks[to as usize];
        if target.state == TaskState::Exited {
            return;
        }
        target.push_message(from);
        if target.state == TaskState::Blocked && target.block == BlockReason::Message {
            target.take_message();
            self.try_to_wake_up(to, cpu, Some(from), sync, false, true);
        }
    }

    /// The ttwu cost on the waker `t` running on `cpu` (every wake-up a step issues: `wake`,
    /// a channel's, a journal's): the wake-up itself plus the last idle scan's cost.
    pub(super) fn charge_wakeup(&mut self, t: TaskId, cpu: Cpu) {
        let cost = self.p.wakeup_cost_ns + self.last_scan_cost;
        if cost > 0 {
            self.tasks[t as usize].remaining += self.freq.work_in(cpu, cost);
        }
    }

    /// `wake_up_all` on a wait list (not WF_SYNC) by `waker` running on `cpu`, each wake-up
    /// charged to the waker. Returns the emptied list so the caller can keep its allocation
    /// (sleepers that find their condition still false go back on the list when they run).
    pub(super) fn wake_up_all(
        &mut self,
        mut list: Vec<TaskId>,
        waker: TaskId,
        cpu: Cpu,
    ) -> Vec<TaskId> {
        for &x in &list {
            self.try_to_wake_up(x, cpu, Some(waker), false, false, true);
            self.charge_wakeup(waker, cpu);
        }
        list.clear();
        list
    }
}
