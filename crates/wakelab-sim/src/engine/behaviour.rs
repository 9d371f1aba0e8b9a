//! The task-behaviour language: what every simulated task does, as a small program of phases.
//!
//! Every workload (tbench, dbench, hackbench, ...) is a generator of [`TaskSpec`]s written in this
//! language, and users can write their own in JSON. The engine executes the compiled form
//! ([`Op`]) with a program counter per task; nothing here allocates while a simulation runs.
//!
//! Messages: `wake` posts one token to the target task and wakes it if it is waiting; `wait`
//! consumes a token or blocks until one arrives. That is the semantics of a pipe or socket with
//! one reader, so a wake-up sent before the target waits is never lost, but it has no size:
//! a writer never blocks.
//!
//! Blocking IPC with real buffer sizes: every task owns an *inbox*, the read end of a pipe or
//! socket (its `recv` steps name the kind: a 64 KiB pipe unless they say an AF_UNIX or a loopback
//! TCP socket); `send` writes bytes into a task's inbox and sleeps while it is full, `recv`
//! reads bytes from the task's own inbox and sleeps while it is empty. Who is woken, when, and whether WF_SYNC, follow the kernel's pipe and
//! socket code per version (`engine/channel.rs`, `engine/sim/ipc.rs`).

use serde::{Deserialize, Serialize};

use crate::cpumask::CpuMask;

pub use super::channel::Inbox;
use super::channel::MAX_MESSAGE_BYTES;
use super::error::{ProgramError, program_field};

/// A duration or cycle count drawn per execution. Integer-valued; the draw uses the
/// simulation's seeded RNG (and the `libm` crate for `exp`, so native and wasm agree).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Amount {
    /// A constant.
    Fixed(u64),
    /// Uniform in `[lo, hi]`.
    Uniform { lo: u64, hi: u64 },
    /// Exponential with the given mean, truncated at 20x the mean.
    Exp { mean: u64 },
}

impl Amount {
    pub fn mean(&self) -> u64 {
        match *self {
            Amount::Fixed(v) => v,
            Amount::Uniform { lo, hi } => lo / 2 + hi / 2,
            Amount::Exp { mean } => mean,
        }
    }
}

/// Which task a `wake` addresses: an index into the scenario's task list, resolved at build
/// time, or relative within the task's group (client/server pairs, hackbench groups).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TaskRef {
    /// Absolute task index.
    Task(u32),
    /// One of a set of per-CPU tasks (bound kworkers): task `base + c` where `c` is the CPU the
    /// waker runs on at that moment (`queue_work` on a bound workqueue).
    PerCpu { base: u32 },
    /// The task whose message this task consumed last (reply to whoever queued the work).
    Sender,
}

/// Where the completion interrupt of an IO is delivered (spec: MSI-X style or fixed).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum IrqRoute {
    /// Round-robin over all CPUs (MSI-X vectors spread across CPUs).
    #[default]
    RoundRobin,
    /// The CPU that issued the IO.
    Issuer,
    /// A fixed CPU.
    Cpu(u16),
}

/// How an IO's completion reaches the task waiting for it (`io`'s `completion`). The default,
/// no thread, is an SSD's or NVMe's: the completion interrupt wakes the waiter itself
/// (`blk_mq_complete_request` in hardirq context). Otherwise the completion goes through kernel
/// threads, each running a `complete_io` step (engine/sim/completion.rs):
///
/// * `worker` (a task id): the interrupt hands the completion to that thread, woken from the
///   interrupt's CPU if it sleeps; it finishes the request there, as a loop device's worker
///   (`kworker/uN:M`, `loop_process_work`) does for the file it writes through.
/// * `ksoftirqd` (the first of one task per CPU, as a `per_cpu` wake target): a completion
///   that raises BLOCK_SOFTIRQ where it cannot run at once (`blk_mq_complete_request_remote`
///   -> `blk_mq_raise_softirq` -> `raise_softirq`, which outside interrupt context wakes
///   `ksoftirqd/N`, `wakeup_softirqd`) is run by `ksoftirqd/N` of the CPU it was raised on:
///   the worker's CPU when there is a worker, else the interrupt's.
/// * `softirq_permille`: the share of completions (drawn per IO) that raise the softirq; the
///   others are finished by the worker (or, with no worker, by the interrupt) directly.
/// * `work` (the first of one task per CPU, as a `per_cpu` wake target): the bio's end_io
///   queues a work item on a bound per-CPU workqueue of the CPU it runs on instead of waking
///   the waiter (xfs's `xlog_bio_end_io` -> `queue_work` on xfs-log, WQ_HIGHPRI: the log
///   force's waiter is woken by `xlog_ioend_work` in `kworker/N:1H`): the last thread of the
///   route (or the interrupt) hands the completion to `work + N`, N its CPU, which runs a
///   `complete_io` step and wakes the waiter.
/// * `requeues` (0 to [`MAX_IO_REQUEUES`], needs `worker`): device requests of the IO after
///   the first, each dispatched by the thread that finished the one before (the `work` worker
///   when there is one) to `worker` again, which wakes it: blk-flush's sequence
///   (block/blk-flush.c) for a REQ_PREFLUSH | REQ_FUA write on a device with a write cache and
///   no FUA (a loop device): a flush, the write, a flush, each next step put on the requeue list
///   and run by kblockd's `blk_mq_requeue_work` on the completing CPU
///   (`blk_mq_kick_requeue_list`; kblockd is WQ_HIGHPRI and bound, so the same `kworker/N:1H`
///   pool as xfs-log), which dispatches it to the loop worker. The IO's `ns` is waited once,
///   before the first.
/// * `at_submission` (needs `worker`, no `work` or `requeues`): the submitter queues the request
///   on the worker and wakes it itself, from its own CPU, as it submits (`loop_queue_rq` ->
///   `loop_queue_work`), then waits; the worker finishes the request after its run, with no
///   interrupt and no device time (the IO's `ns` is not waited): a write a loop device takes
///   into its backing file's page cache.
///
/// The last thread then wakes the waiter from its own CPU (not WF_SYNC).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IoCompletion {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub worker: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ksoftirqd: Option<u32>,
    #[serde(default = "IoCompletion::all")]
    pub softirq_permille: u16,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub work: Option<u32>,
    #[serde(default, skip_serializing_if = "is_zero_u8")]
    pub requeues: u8,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub at_submission: bool,
}

fn is_zero_u8(n: &u8) -> bool {
    *n == 0
}

/// Most `requeues` of an IO completion: blk-flush's longest sequence (`blk_flush_policy`:
/// PREFLUSH, DATA, POSTFLUSH) is three requests.
pub const MAX_IO_REQUEUES: u8 = 2;

impl IoCompletion {
    /// The direct completion by the interrupt (no thread).
    pub const IRQ: IoCompletion = IoCompletion {
        worker: None,
        ksoftirqd: None,
        softirq_permille: 1000,
        work: None,
        requeues: 0,
        at_submission: false,
    };
    fn all() -> u16 {
        1000
    }
    /// Whether the interrupt wakes the waiter itself (the default, nothing to serialise).
    pub fn is_irq(&self) -> bool {
        self.worker.is_none() && self.ksoftirqd.is_none() && self.work.is_none()
    }
}

impl Default for IoCompletion {
    fn default() -> Self {
        IoCompletion::IRQ
    }
}

/// Most `softirq_permille` of an IO completion (all of them).
pub const MAX_SOFTIRQ_PERMILLE: u16 = 1000;

/// One phase of a task's behaviour (the user-facing JSON form).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Phase {
    /// Run for this many CPU cycles (time = cycles / frequency, shared with SMT siblings).
    Run { cycles: Amount },
    /// Post a message to a task, waking it if it waits. `sync` marks a WF_SYNC wake-up (the
    /// waker is about to sleep: pipes, sockets).
    Wake {
        task: TaskRef,
        #[serde(default)]
        sync: bool,
    },
    /// Sleep for a time (a timer wakes the task; the wake-up comes from the timer interrupt on
    /// the CPU the task slept on).
    Sleep { ns: Amount },
    /// Wait for a message (block unless one is pending).
    Wait,
    /// Write `bytes` into `task`'s inbox (pipe or socket); sleep while it is full. Wakes the
    /// inbox's owner if it sleeps in `recv` (WF_SYNC: `pipe_write`, `sock_def_readable`).
    Send { task: TaskRef, bytes: u32 },
    /// Read `bytes` from the task's own inbox, sleeping while it is empty (one or more read
    /// calls, as a reader that loops until it has the whole message). Reading makes room and
    /// wakes writers asleep on a full buffer, as the kind's read path does. `inbox` says what
    /// the inbox is (default a 64 KiB pipe); every `recv` of a program must say the same, and
    /// the inbox exists from the task's creation (a task without `recv` has the default).
    Recv {
        bytes: u32,
        #[serde(default, skip_serializing_if = "Inbox::is_default")]
        inbox: Inbox,
    },
    /// `execve`: `sched_exec` places the task through `select_task_rq(SD_BALANCE_EXEC)` (the
    /// slow path) and migrates it there if that is another CPU. The exec's own work is a
    /// `run` after it (it runs on the new CPU, as in the kernel, where `sched_exec` comes early
    /// in `bprm_execve`).
    Exec,
    /// Start an IO and block until its completion interrupt wakes the task (an iowait sleep),
    /// or, with `completion`, until the kernel thread that finishes it does ([`IoCompletion`]).
    /// With `submit_only` (needs `completion.at_submission`) the task queues the request,
    /// wakes the worker and goes on (`submit_bio` without the wait: the rest of a writeback's
    /// submission); a later `io_wait` sleeps until the request is done.
    Io {
        ns: Amount,
        #[serde(default)]
        irq: IrqRoute,
        #[serde(default, skip_serializing_if = "IoCompletion::is_irq")]
        completion: IoCompletion,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        submit_only: bool,
    },
    /// Sleep until the task's IO started with `submit_only` is done; go on at once if it
    /// already is, or if there is none (`folio_wait_writeback`).
    IoWait,
    /// `cond_resched()` inside a `syscall` block: if a wake-up marked this task to be
    /// preempted while it ran in kernel mode (PREEMPT_NONE / VOLUNTARY), switch now rather
    /// than at the return to user space (writeback's page loops, `write_cache_pages`). Nothing
    /// happens otherwise, nor under full preemption (the switch happened at the wake-up).
    CondResched,
    /// A completion thread's step (ksoftirqd running BLOCK_SOFTIRQ, `blk_done_softirq`; a loop
    /// device's worker, `loop_process_work`): sleep until an IO completion is handed to this
    /// task, run `cycles` (the request's completion: `blk_mq_end_request` up to the wake-up),
    /// then wake the IO's waiter from this CPU (not WF_SYNC), or, for a completion that
    /// raises BLOCK_SOFTIRQ, hand it to `ksoftirqd/N` of this CPU and wake that instead
    /// ([`IoCompletion`]). One completion per step: a thread's program is
    /// `loop { complete_io }`.
    CompleteIo { cycles: Amount },
    /// Wait at barrier `id` until `parties` tasks have arrived; the last one wakes the others.
    Barrier { id: u16, parties: u16 },
    /// Fork a new task running task template `template` (fork placement: the slow path).
    Fork { template: u32 },
    /// Group commit, a client's side (engine/sim/journal.rs): ask journal `journal` to commit
    /// the running transaction, waking its committer if it sleeps, and sleep until that
    /// transaction is committed (ext4's fsync: `jbd2_log_start_commit`, then
    /// `jbd2_log_wait_commit`). Every commit wakes every waiter; one whose transaction is a
    /// later one sleeps again.
    CommitWait { journal: u16 },
    /// Group commit, the committer's side: sleep until a commit is requested, then make the
    /// running transaction the committing one (kjournald2, `jbd2_journal_commit_transaction`);
    /// requests from now on join the next transaction. The commit's work follows as steps.
    CommitStart { journal: u16 },
    /// Group commit: the committing transaction is on disk; wake every task waiting on the
    /// journal (`wake_up(&journal->j_wait_done_commit)`, not WF_SYNC).
    CommitEnd { journal: u16 },
    /// `flush_workqueue` on the queue worker `task` serves (engine/sim/workqueue.rs): sleep until
    /// the worker has finished every work item (message) queued to it before this step; go on at
    /// once if it has. The worker, finishing the last of them, wakes the first task flushing
    /// (`pwq_dec_nr_in_flight`, not WF_SYNC); that task, once it runs, wakes the ones flushing
    /// behind it whose items are done too (`__flush_workqueue`: a flusher hands on to the next,
    /// from its own CPU). xfs's fsync flushes the CIL push workqueue this way
    /// (`xlog_cil_push_now`).
    FlushWorkqueue { task: TaskRef },
    /// Group flush with a leader (engine/sim/wal.rs): a database commit's WAL flush, as
    /// PostgreSQL's `XLogFlush` does it. The task's commit record is inserted into WAL `wal`;
    /// if a flush already covered it, the step is done; if another task holds the write lock
    /// (`WALWriteLock`), sleep until it is released and check again (`LWLockAcquireOrWait`);
    /// else take the lock, write and flush every record inserted so far (`ios` IO waits one
    /// after another, plus one more in `extra_io_permille` of the flushes, each of `ns` with
    /// its completion interrupt routed by `irq`, as `io`: the `write` and `fdatasync` of
    /// `XLogWrite`), release the lock and wake every task waiting for it (`LWLockRelease`,
    /// not WF_SYNC).
    WalFlush {
        wal: u16,
        ns: Amount,
        #[serde(default)]
        irq: IrqRoute,
        /// IO waits of one flush (1 to `MAX_WAL_FLUSH_IOS`); default 1.
        #[serde(default = "one_io", skip_serializing_if = "is_one_io")]
        ios: u8,
        /// Share of flushes, per mille (0 to 1000), with one more IO wait (drawn per flush);
        /// default 0.
        #[serde(default, skip_serializing_if = "is_zero_permille")]
        extra_io_permille: u16,
    },
    /// Take lock `id` (drawn per execution: a number, or `{lo, hi}` for a random row of a
    /// table) until the task's next `unlock_all` (engine/sim/locks.rs): a database row lock as
    /// `UPDATE` takes it. If another task holds it, sleep until it is handed over (FIFO).
    Lock { id: Amount },
    /// Release every lock the task holds (a transaction's end, PostgreSQL's
    /// `ProcReleaseLocks`); each goes to its first waiter, woken (not WF_SYNC) from here.
    UnlockAll,
    /// Count `n` operations of the workload's throughput metric.
    Ops { n: u32 },
    /// One system call: `body` runs in kernel mode. With a PREEMPT_NONE / PREEMPT_VOLUNTARY
    /// kernel (`engine.preempt: false`, the default; server distributions) a preemption decided
    /// while the task is inside (a wake-up's `check_preempt_wakeup`, the tick's
    /// `check_preempt_tick`) only sets TIF_NEED_RESCHED: the switch happens when the call
    /// returns to user space at the end of `body`, or earlier if the task sleeps inside it
    /// (`schedule()` switches then anyway). With `engine.preempt: true` (CONFIG_PREEMPT) it is
    /// immediate, as outside a call. Example: fsync on XFS queues the log work (waking the
    /// kworker) and sleeps in `xlog_wait` within one call: `[wake, wait]`, so the caller blocks
    /// instead of being preempted by the task it woke. `body` holds `run`, `wake`, `wait`,
    /// `sleep`, `send`, `recv`, `io`, `commit_wait` and `ops` only.
    Syscall { body: Vec<Phase> },
    /// Repeat `body` `count` times (`None` = forever).
    Loop {
        count: Option<u32>,
        body: Vec<Phase>,
    },
    /// Exit (also implied at the end of the program).
    Exit,
}

/// Scheduling class of a task.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SchedClass {
    /// SCHED_NORMAL with a nice value (-20..=19).
    Fair { nice: i8 },
    /// SCHED_FIFO with a priority (1..=99); preempts every fair task on its CPU.
    Fifo { prio: u8 },
}

impl Default for SchedClass {
    fn default() -> Self {
        SchedClass::Fair { nice: 0 }
    }
}

/// A task, or a template forked at run time.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TaskSpec {
    /// Display name (`tbench-client/3`). Rendered as text only.
    pub name: String,
    #[serde(default)]
    pub class: SchedClass,
    /// CPUs the task may run on; `None` = all.
    #[serde(default)]
    pub affinity: Option<CpuMask>,
    /// A kernel thread: it runs in kernel mode, so under PREEMPT_NONE / PREEMPT_VOLUNTARY it is
    /// preempted only when it sleeps or at a `cond_resched` step (allowed anywhere in its
    /// program; a `syscall` block in it is plain steps); bound to one CPU (`affinity`), it is
    /// also a per-CPU kthread for the 5.x stacking rule (spec §5.3) and 5.15's balancer.
    #[serde(default)]
    pub kthread: bool,
    /// CPU the task starts on (its parent's CPU at fork). Default: spread round-robin.
    #[serde(default)]
    pub start_cpu: Option<u16>,
    /// Delay before the task first becomes runnable, ns.
    #[serde(default)]
    pub start_ns: u64,
    pub program: Vec<Phase>,
}

impl TaskSpec {
    /// A fair-class task free to run anywhere, starting at once, running `program`.
    pub fn new(name: String, program: Vec<Phase>) -> TaskSpec {
        TaskSpec {
            name,
            class: SchedClass::default(),
            affinity: None,
            kthread: false,
            start_cpu: None,
            start_ns: 0,
            program,
        }
    }
}

/// Resolved target of a compiled `wake`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WakeTarget {
    Task(u32),
    PerCpu(u32),
    Sender,
    /// The task this many ids after the one running the program (before it, if negative): the
    /// engine's form of `Task` in a program it shares between tasks (engine/sim/share.rs), so
    /// that client/server pairs that differ only in their peer run one program.
    Offset(i32),
}

/// Compiled instruction. Loops become `LoopStart`/`LoopEnd` pairs with jump targets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Op {
    Run(Amount),
    Wake {
        target: WakeTarget,
        sync: bool,
    },
    Sleep(Amount),
    Wait,
    Send {
        target: WakeTarget,
        bytes: u32,
    },
    Recv(u32),
    Exec,
    Io {
        ns: Amount,
        irq: IrqRoute,
    },
    /// The completion route of the next `Io` of the program, compiled before it when `io`'s
    /// `completion` is not the interrupt's (kept apart so that `Op` stays 32 bytes: the
    /// interpreter loads one per step, docs/performance.md).
    IoVia(IoCompletion),
    /// `io`'s `submit_only`: queue the request on the armed route's worker and wake it (the
    /// [`Op::IoVia`] before it), without waiting.
    IoSubmit,
    /// `io_wait`: sleep until the request [`Op::IoSubmit`] queued is done.
    IoWait,
    /// `cond_resched`: switch if a preemption is owed ([`Phase::CondResched`]); the
    /// [`Op::SyscallEnter`] after it re-enters kernel mode if it did.
    CondResched,
    /// `complete_io`'s first half: take the next completion handed to this task (sleep while
    /// there is none); a `Run` and [`Op::CompleteIoEnd`] follow.
    CompleteIoTake,
    /// `complete_io`'s end: wake the taken completion's waiter (or raise the softirq).
    CompleteIoEnd,
    Barrier {
        id: u16,
        parties: u16,
    },
    Fork {
        template: u32,
    },
    CommitWait(u16),
    CommitStart(u16),
    CommitEnd(u16),
    /// `flush_workqueue` on the target's queue ([`Phase::FlushWorkqueue`]; never `Sender`).
    FlushWorkqueue(WakeTarget),
    /// `wal` below `MAX_WALS` (64), one byte so that an op stays 32 bytes.
    WalFlush {
        wal: u8,
        ns: Amount,
        irq: IrqRoute,
        ios: FlushIos,
    },
    Lock(Amount),
    UnlockAll,
    Ops(u32),
    /// Start of a loop: `count` iterations (`u32::MAX` = forever); `end` = index of its LoopEnd.
    LoopStart {
        count: u32,
        end: u32,
    },
    /// End of a loop: jump back to `start + 1` while iterations remain.
    LoopEnd {
        start: u32,
    },
    /// Entry into a `syscall` block (kernel mode: no preemption under PREEMPT_VOLUNTARY).
    SyscallEnter,
    /// The block's return to user space, where an owed preemption happens.
    SyscallExit,
    Exit,
}

/// Maximum loop nesting (the per-task loop counter stack is fixed-size).
pub const MAX_LOOP_DEPTH: usize = 4;
/// Journals a scenario may use (`commit_*` steps name ids `0..MAX_JOURNALS`).
pub const MAX_JOURNALS: u16 = 64;
/// WALs a scenario may use (`wal_flush` steps name ids `0..MAX_WALS`).
pub const MAX_WALS: u16 = 64;
/// IO waits of one WAL flush (`wal_flush`'s `ios`, pgbench's `ios_per_flush`): at most 8.
pub const MAX_WAL_FLUSH_IOS: u8 = 8;

/// A compiled `wal_flush`'s IO waits, packed into 16 bits so that an [`Op`] stays 32 bytes:
/// `ios - 1` (0 to 7) above `extra_io_permille` (0 to 1000, 10 bits).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FlushIos(u16);

impl FlushIos {
    /// `ios` in 1..=`MAX_WAL_FLUSH_IOS`, `extra_io_permille` at most 1000 (checked when the
    /// program is compiled).
    pub fn new(ios: u8, extra_io_permille: u16) -> FlushIos {
        debug_assert!((1..=MAX_WAL_FLUSH_IOS).contains(&ios) && extra_io_permille <= 1000);
        FlushIos((u16::from(ios.saturating_sub(1)) << 10) | extra_io_permille.min(1000))
    }
    /// IO waits of every flush.
    pub fn ios(self) -> u8 {
        (self.0 >> 10) as u8 + 1
    }
    /// Share of flushes, per mille, with one more.
    pub fn extra_io_permille(self) -> u16 {
        self.0 & 0x3ff
    }
}

fn one_io() -> u8 {
    1
}
fn is_one_io(n: &u8) -> bool {
    *n == 1
}
fn is_zero_permille(p: &u16) -> bool {
    *p == 0
}
/// Locks a task may hold at once (`lock`); a `lock` step beyond that is skipped. It bounds the
/// lock table (engine/sim/locks.rs) to this many entries per task.
pub const MAX_LOCKS_HELD: usize = 16;
/// Maximum compiled length of one program.
pub const MAX_PROGRAM_OPS: usize = 4096;

/// The inbox a program's `recv` steps read (the default pipe if it has none), or an error if
/// two of them disagree.
pub fn program_inbox(phases: &[Phase]) -> Result<Inbox, ProgramError> {
    fn walk(phases: &[Phase], found: &mut Option<Inbox>) -> Result<(), ProgramError> {
        for ph in phases {
            match ph {
                Phase::Recv { inbox, .. } => match found {
                    Some(f) if f != inbox => {
                        return Err(program_field(
                            "recv.inbox",
                            format!(
                                "every recv of a task reads its one inbox ({f:?} and {inbox:?})"
                            ),
                        ));
                    }
                    _ => *found = Some(*inbox),
                },
                Phase::Loop { body, .. } | Phase::Syscall { body } => walk(body, found)?,
                _ => {}
            }
        }
        Ok(())
    }
    let mut found = None;
    walk(phases, &mut found)?;
    Ok(found.unwrap_or_default())
}

/// Compile a phase list into a flat program. `n_tasks`/`n_templates` bound the references;
/// `kthread`: the program is a kernel thread's, always in kernel mode ([`TaskSpec::kthread`]).
pub fn compile(
    phases: &[Phase],
    kthread: bool,
    n_tasks: u32,
    n_templates: u32,
) -> Result<Vec<Op>, ProgramError> {
    program_inbox(phases)?;
    let mut out = Vec::new();
    let refs = Refs {
        n_tasks,
        n_templates,
        kthread,
    };
    compile_into(phases, &mut out, 0, &refs)?;
    out.push(Op::Exit);
    if out.len() > MAX_PROGRAM_OPS {
        return Err(ProgramError::TooLong {
            steps: out.len(),
            max: MAX_PROGRAM_OPS,
        });
    }
    Ok(out)
}

/// Largest amount (cycles or ns): 2^50 (13 days in ns) keeps every time sum far from u64
/// overflow.
pub const MAX_AMOUNT: u64 = 1 << 50;
/// Largest exponential mean: 2^45, so the 20x truncation stays below [`MAX_AMOUNT`].
pub const MAX_EXP_MEAN: u64 = MAX_AMOUNT / 32;

fn check_amount(a: &Amount, what: &'static str) -> Result<(), ProgramError> {
    match *a {
        Amount::Fixed(v) if v > MAX_AMOUNT => Err(program_field(
            what,
            format!("must be at most {MAX_AMOUNT} (got {v})"),
        )),
        Amount::Uniform { lo, hi } if lo > hi || hi > MAX_AMOUNT => Err(program_field(
            what,
            format!("uniform range [{lo}, {hi}] is empty or above {MAX_AMOUNT}"),
        )),
        Amount::Exp { mean } if mean > MAX_EXP_MEAN => Err(program_field(
            what,
            format!("mean must be at most {MAX_EXP_MEAN} (got {mean})"),
        )),
        _ => Ok(()),
    }
}

fn check_bytes(b: u32, what: &'static str) -> Result<(), ProgramError> {
    if b == 0 || b > MAX_MESSAGE_BYTES {
        return Err(program_field(
            what,
            format!("must be between 1 and {MAX_MESSAGE_BYTES} (got {b})"),
        ));
    }
    Ok(())
}

/// What a program is compiled for: the bounds of its references and whether it is a kernel
/// thread's.
struct Refs {
    n_tasks: u32,
    n_templates: u32,
    kthread: bool,
}

fn compile_into(
    phases: &[Phase],
    out: &mut Vec<Op>,
    depth: usize,
    refs: &Refs,
) -> Result<(), ProgramError> {
    let (n_tasks, n_templates) = (refs.n_tasks, refs.n_templates);
    for ph in phases {
        if out.len() > MAX_PROGRAM_OPS {
            return Err(ProgramError::Overlong {
                max: MAX_PROGRAM_OPS,
            });
        }
        match ph {
            Phase::Run { cycles } => {
                check_amount(cycles, "run.cycles")?;
                out.push(Op::Run(*cycles));
            }
            Phase::Wake { task, sync } => {
                let target = match *task {
                    TaskRef::Task(t) => {
                        if t >= n_tasks {
                            return Err(ProgramError::NoSuchTask {
                                step: "wake",
                                task: t,
                                n_tasks,
                            });
                        }
                        WakeTarget::Task(t)
                    }
                    // base + nr_cpus <= n_tasks is checked when the machine is known (Sim::new).
                    TaskRef::PerCpu { base } => {
                        if base >= n_tasks {
                            return Err(ProgramError::NoSuchPerCpuTasks { step: "wake", base });
                        }
                        WakeTarget::PerCpu(base)
                    }
                    TaskRef::Sender => WakeTarget::Sender,
                };
                out.push(Op::Wake {
                    target,
                    sync: *sync,
                });
            }
            Phase::Sleep { ns } => {
                check_amount(ns, "sleep.ns")?;
                out.push(Op::Sleep(*ns));
            }
            Phase::Wait => out.push(Op::Wait),
            Phase::Send { task, bytes } => {
                check_bytes(*bytes, "send.bytes")?;
                let target = match *task {
                    TaskRef::Task(t) if t >= n_tasks => {
                        return Err(ProgramError::NoSuchTask {
                            step: "send",
                            task: t,
                            n_tasks,
                        });
                    }
                    TaskRef::Task(t) => WakeTarget::Task(t),
                    TaskRef::PerCpu { base } if base >= n_tasks => {
                        return Err(ProgramError::NoSuchPerCpuTasks { step: "send", base });
                    }
                    TaskRef::PerCpu { base } => WakeTarget::PerCpu(base),
                    TaskRef::Sender => {
                        return Err(program_field(
                            "send.task",
                            "\"sender\" is not supported (an inbox does not record who wrote; \
                             name the task)",
                        ));
                    }
                };
                out.push(Op::Send {
                    target,
                    bytes: *bytes,
                });
            }
            Phase::Recv { bytes, inbox } => {
                check_bytes(*bytes, "recv.bytes")?;
                inbox.check()?;
                out.push(Op::Recv(*bytes));
            }
            Phase::Exec => out.push(Op::Exec),
            Phase::Io {
                ns,
                irq,
                completion,
                submit_only,
            } => {
                check_amount(ns, "io.ns")?;
                if *submit_only && !completion.at_submission {
                    return Err(program_field(
                        "io.submit_only",
                        "needs completion.at_submission (only a request the submitter hands \
                         to a worker can be waited for later)",
                    ));
                }
                // base + nr_cpus <= n_tasks for ksoftirqd and work is checked when the
                // machine is known (Sim::new)
                if let Some(w) = completion.worker {
                    if w >= n_tasks {
                        return Err(ProgramError::NoSuchTask {
                            step: "io",
                            task: w,
                            n_tasks,
                        });
                    }
                }
                for base in [completion.ksoftirqd, completion.work]
                    .into_iter()
                    .flatten()
                {
                    if base >= n_tasks {
                        return Err(ProgramError::NoSuchPerCpuTasks { step: "io", base });
                    }
                }
                if completion.softirq_permille > MAX_SOFTIRQ_PERMILLE {
                    return Err(program_field(
                        "io.completion.softirq_permille",
                        format!(
                            "must be at most {MAX_SOFTIRQ_PERMILLE} (got {})",
                            completion.softirq_permille
                        ),
                    ));
                }
                if completion.requeues > MAX_IO_REQUEUES {
                    return Err(program_field(
                        "io.completion.requeues",
                        format!(
                            "must be at most {MAX_IO_REQUEUES} (got {})",
                            completion.requeues
                        ),
                    ));
                }
                if completion.requeues > 0 && completion.worker.is_none() {
                    return Err(program_field(
                        "io.completion.requeues",
                        "needs a worker to dispatch the further requests to",
                    ));
                }
                if completion.at_submission
                    && (completion.worker.is_none()
                        || completion.work.is_some()
                        || completion.requeues > 0)
                {
                    return Err(program_field(
                        "io.completion.at_submission",
                        "needs a worker, and no work or requeues (the worker finishes the \
                         request itself)",
                    ));
                }
                if !completion.is_irq() {
                    out.push(Op::IoVia(*completion));
                }
                out.push(if *submit_only {
                    Op::IoSubmit
                } else {
                    Op::Io { ns: *ns, irq: *irq }
                });
            }
            Phase::IoWait => out.push(Op::IoWait),
            Phase::CondResched if refs.kthread => {
                // a kernel thread stays in kernel mode: the enter takes it back after a switch
                out.push(Op::CondResched);
                out.push(Op::SyscallEnter);
            }
            Phase::CondResched => {
                return Err(ProgramError::OutsideSyscall {
                    step: "cond_resched",
                });
            }
            Phase::CompleteIo { cycles } => {
                check_amount(cycles, "complete_io.cycles")?;
                out.push(Op::CompleteIoTake);
                out.push(Op::Run(*cycles));
                out.push(Op::CompleteIoEnd);
            }
            Phase::Barrier { id, parties } => {
                if *parties == 0 {
                    return Err(ProgramError::NoBarrierParties);
                }
                out.push(Op::Barrier {
                    id: *id,
                    parties: *parties,
                });
            }
            Phase::Fork { template } => {
                if *template >= n_templates {
                    return Err(ProgramError::NoSuchTemplate {
                        template: *template,
                    });
                }
                out.push(Op::Fork {
                    template: *template,
                });
            }
            Phase::FlushWorkqueue { task } => {
                let target = match *task {
                    TaskRef::Task(t) => {
                        if t >= n_tasks {
                            return Err(ProgramError::NoSuchTask {
                                step: "flush_workqueue",
                                task: t,
                                n_tasks,
                            });
                        }
                        WakeTarget::Task(t)
                    }
                    TaskRef::PerCpu { base } => {
                        if base >= n_tasks {
                            return Err(ProgramError::NoSuchPerCpuTasks {
                                step: "flush_workqueue",
                                base,
                            });
                        }
                        WakeTarget::PerCpu(base)
                    }
                    TaskRef::Sender => {
                        return Err(program_field(
                            "flush_workqueue.task",
                            "must name a task (\"sender\" is a wake's reply, not a worker)",
                        ));
                    }
                };
                out.push(Op::FlushWorkqueue(target));
            }
            Phase::CommitWait { journal } => out.push(Op::CommitWait(*journal)),
            Phase::CommitStart { journal } => out.push(Op::CommitStart(*journal)),
            Phase::CommitEnd { journal } => out.push(Op::CommitEnd(*journal)),
            Phase::WalFlush {
                wal,
                ns,
                irq,
                ios,
                extra_io_permille,
            } => {
                if *ios == 0 || *ios > MAX_WAL_FLUSH_IOS {
                    return Err(program_field(
                        "wal_flush.ios",
                        format!("must be between 1 and {MAX_WAL_FLUSH_IOS} (got {ios})"),
                    ));
                }
                if *extra_io_permille > 1000 {
                    return Err(program_field(
                        "wal_flush.extra_io_permille",
                        format!("must be at most 1000 (got {extra_io_permille})"),
                    ));
                }
                if *wal >= MAX_WALS {
                    return Err(program_field(
                        "wal_flush.wal",
                        format!("must be at most {} (got {wal})", MAX_WALS - 1),
                    ));
                }
                out.push(Op::WalFlush {
                    wal: *wal as u8,
                    ns: *ns,
                    irq: *irq,
                    ios: FlushIos::new(*ios, *extra_io_permille),
                })
            }
            Phase::Lock { id } => out.push(Op::Lock(*id)),
            Phase::UnlockAll => out.push(Op::UnlockAll),
            Phase::Ops { n } => out.push(Op::Ops(*n)),
            Phase::Loop { count, body } => {
                if depth + 1 > MAX_LOOP_DEPTH {
                    return Err(ProgramError::TooDeep {
                        max: MAX_LOOP_DEPTH,
                    });
                }
                if body.is_empty() {
                    continue;
                }
                let start = out.len();
                out.push(Op::LoopStart {
                    count: count.unwrap_or(u32::MAX),
                    end: 0,
                });
                compile_into(body, out, depth + 1, refs)?;
                let end = out.len();
                out.push(Op::LoopEnd {
                    start: start as u32,
                });
                if let Op::LoopStart { end: e, .. } = &mut out[start] {
                    *e = end as u32;
                }
            }
            Phase::Exit => out.push(Op::Exit),
            Phase::Syscall { body } => {
                if let Some(ph) = body.iter().find(|ph| !in_syscall_body(ph)) {
                    return Err(ProgramError::NotInSyscall {
                        step: phase_name(ph),
                    });
                }
                if refs.kthread {
                    // a kernel thread never leaves kernel mode: the call is its steps
                    compile_into(body, out, depth, refs)?;
                    continue;
                }
                out.push(Op::SyscallEnter);
                for ph in body {
                    if let Phase::CondResched = ph {
                        // a switch taken here leaves kernel mode; the enter takes it back
                        out.push(Op::CondResched);
                        out.push(Op::SyscallEnter);
                    } else {
                        compile_into(std::slice::from_ref(ph), out, depth, refs)?;
                    }
                }
                out.push(Op::SyscallExit);
            }
        }
    }
    Ok(())
}

/// Phases a `syscall` block may hold: one call's steps, without control flow of its own.
fn in_syscall_body(ph: &Phase) -> bool {
    matches!(
        ph,
        Phase::Run { .. }
            | Phase::Wake { .. }
            | Phase::Wait
            | Phase::Sleep { .. }
            | Phase::Send { .. }
            | Phase::Recv { .. }
            | Phase::Io { .. }
            | Phase::IoWait
            | Phase::CondResched
            | Phase::CommitWait { .. }
            | Phase::FlushWorkqueue { .. }
            | Phase::Ops { .. }
    )
}

/// The JSON name of a phase, for messages.
pub(crate) fn phase_name(ph: &Phase) -> &'static str {
    match ph {
        Phase::Run { .. } => "run",
        Phase::Wake { .. } => "wake",
        Phase::Sleep { .. } => "sleep",
        Phase::Wait => "wait",
        Phase::Send { .. } => "send",
        Phase::Recv { .. } => "recv",
        Phase::Exec => "exec",
        Phase::Io { .. } => "io",
        Phase::IoWait => "io_wait",
        Phase::CondResched => "cond_resched",
        Phase::CompleteIo { .. } => "complete_io",
        Phase::Barrier { .. } => "barrier",
        Phase::Fork { .. } => "fork",
        Phase::CommitWait { .. } => "commit_wait",
        Phase::CommitStart { .. } => "commit_start",
        Phase::CommitEnd { .. } => "commit_end",
        Phase::FlushWorkqueue { .. } => "flush_workqueue",
        Phase::WalFlush { .. } => "wal_flush",
        Phase::Lock { .. } => "lock",
        Phase::UnlockAll => "unlock_all",
        Phase::Ops { .. } => "ops",
        Phase::Syscall { .. } => "syscall",
        Phase::Loop { .. } => "loop",
        Phase::Exit => "exit",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loops_compile_to_jumps() {
        let p = vec![
            Phase::Loop {
                count: Some(3),
                body: vec![
                    Phase::Run {
                        cycles: Amount::Fixed(10),
                    },
                    Phase::Wait,
                ],
            },
            Phase::Ops { n: 1 },
        ];
        let ops = compile(&p, false, 1, 0).unwrap();
        assert_eq!(
            ops,
            vec![
                Op::LoopStart { count: 3, end: 3 },
                Op::Run(Amount::Fixed(10)),
                Op::Wait,
                Op::LoopEnd { start: 0 },
                Op::Ops(1),
                Op::Exit
            ]
        );
    }

    #[test]
    fn bad_references_are_reported() {
        let p = vec![Phase::Wake {
            task: TaskRef::Task(5),
            sync: true,
        }];
        assert_eq!(
            compile(&p, false, 2, 0).unwrap_err(),
            ProgramError::NoSuchTask {
                step: "wake",
                task: 5,
                n_tasks: 2
            }
        );
        let p = vec![Phase::Fork { template: 0 }];
        assert_eq!(
            compile(&p, false, 2, 0).unwrap_err(),
            ProgramError::NoSuchTemplate { template: 0 }
        );
        let deep = (0..6).fold(vec![Phase::Wait], |b, _| {
            vec![Phase::Loop {
                count: None,
                body: b,
            }]
        });
        assert_eq!(
            compile(&deep, false, 1, 0).unwrap_err(),
            ProgramError::TooDeep {
                max: MAX_LOOP_DEPTH
            }
        );
    }

    #[test]
    fn a_system_call_compiles_to_enter_and_exit_around_its_steps() {
        let j = r#"[{"syscall": {"body": [{"wake": {"task": {"task": 1}}}, {"wait": null}]}}]"#;
        let p: Vec<Phase> = serde_json::from_str(j).unwrap();
        let ops = compile(&p, false, 2, 0).unwrap();
        assert_eq!(
            ops,
            vec![
                Op::SyscallEnter,
                Op::Wake {
                    target: WakeTarget::Task(1),
                    sync: false
                },
                Op::Wait,
                Op::SyscallExit,
                Op::Exit
            ]
        );
        let j = r#"[{"syscall": {"body": [{"loop": {"count": 2, "body": [{"wait": null}]}}]}}]"#;
        let p: Vec<Phase> = serde_json::from_str(j).unwrap();
        let e = compile(&p, false, 2, 0).unwrap_err();
        assert_eq!(e, ProgramError::NotInSyscall { step: "loop" });
    }

    #[test]
    fn json_form_reads_naturally() {
        let j = r#"[{"loop": {"count": null, "body": [
            {"run": {"cycles": 20000}},
            {"wake": {"task": {"task": 1}, "sync": true}},
            {"wait": null},
            {"io": {"ns": {"mean": 100000}, "irq": "round_robin"}},
            {"sleep": {"ns": {"lo": 10, "hi": 20}}}
        ]}}]"#;
        let p: Vec<Phase> = serde_json::from_str(j).unwrap();
        let ops = compile(&p, false, 2, 0).unwrap();
        assert_eq!(ops.len(), 8); // loop start, 5 phases, loop end, exit
    }
}

#[cfg(test)]
mod size_tests {
    use super::*;

    #[test]
    fn flush_ios_pack_both_counts() {
        for ios in 1..=MAX_WAL_FLUSH_IOS {
            for p in [0, 1, 350, 999, 1000] {
                let f = FlushIos::new(ios, p);
                assert_eq!((f.ios(), f.extra_io_permille()), (ios, p));
            }
        }
    }

    #[test]
    fn an_op_stays_32_bytes() {
        // the interpreter loads one op per step; programs of 32-byte ops are what
        // docs/performance.md measured (December 2026, "programs shared between tasks")
        assert!(
            std::mem::size_of::<Op>() <= 32,
            "{}",
            std::mem::size_of::<Op>()
        );
    }
}
