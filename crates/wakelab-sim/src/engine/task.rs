//! A simulated task: its program state, CFS accounting, PELT signals and placement fields.

use crate::cpumask::Cpu;
use crate::pelt::SchedAvg;
use crate::placement::TaskPlacement;

use super::behaviour::{MAX_LOOP_DEPTH, SchedClass};
use super::channel::Channel;

/// Index of a task in the simulation.
pub type TaskId = u32;

/// `sched_prio_to_weight[]` (kernel/sched/core.c): nice -20..=19.
pub const PRIO_TO_WEIGHT: [u32; 40] = [
    88761, 71755, 56483, 46273, 36291, 29154, 23254, 18705, 14949, 11916, 9548, 7620, 6100, 4904,
    3906, 3121, 2501, 1991, 1586, 1277, 1024, 820, 655, 526, 423, 335, 272, 215, 172, 137, 110, 87,
    70, 56, 45, 36, 29, 23, 18, 15,
];

pub fn nice_to_weight(nice: i8) -> u32 {
    PRIO_TO_WEIGHT[(nice.clamp(-20, 19) + 20) as usize]
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TaskState {
    /// Not started yet (start_ns in the future).
    New,
    /// On a runqueue, waiting for the CPU.
    Runnable,
    /// The CPU's current task.
    Running,
    /// Waiting for a message, a timer, an IO or a barrier.
    Blocked,
    Exited,
}

/// Why a blocked task sleeps (for iowait accounting and the cpufreq IOWAIT flag).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlockReason {
    Message,
    Timer,
    Io,
    Barrier,
    /// Asleep in `send` on a full inbox or in `recv` on an empty one.
    Channel,
    /// Asleep on a journal: a committer waiting for a request, or a client waiting for its
    /// transaction's commit (engine/sim/journal.rs).
    Journal,
    /// Asleep until a lock is released: a WAL's write lock (engine/sim/wal.rs).
    Lock,
    /// A completion thread (ksoftirqd, a loop worker) asleep in `complete_io` until an IO
    /// completion is handed to it (engine/sim/completion.rs).
    Completion,
    /// Asleep in `flush_workqueue` until a worker has finished the items queued before
    /// (engine/sim/workqueue.rs).
    Flush,
}

/// A simulated task. `repr(C)` keeps the declaration order: the fields the event loop and the
/// program interpreter read on every event (program counter, state, timer generation, the run
/// phase's work and accounting stamps) come first, so one event touches one or two cache lines of
/// the task rather than four (docs/performance.md).
#[derive(Clone, Debug)]
#[repr(C)]
pub struct Task {
    /// Index of the task spec or fork template the task was made from.
    pub prog: u32,
    /// The program it runs (engine/sim/share.rs: equal programs are kept once).
    pub code: u32,
    pub pc: u32,
    pub state: TaskState,
    pub class: SchedClass,
    pub block: BlockReason,
    pub loop_sp: u8,
    /// Inside a `syscall` block: in kernel mode, where a PREEMPT_NONE / PREEMPT_VOLUNTARY kernel
    /// does not preempt (engine/sim/cfs.rs, `schedule`).
    pub in_syscall: bool,
    /// TIF_NEED_RESCHED set while `in_syscall`: the preemption the task owes on its return to
    /// user space (cleared when it stops running, as `__schedule` clears the flag).
    pub need_resched: bool,
    /// Stopped at a system call's return with a preemption owed (`exit_to_user_mode` calls
    /// `schedule()` before the task is back in user space): its program goes on only after the
    /// scheduler has run (engine/sim/cfs.rs, `schedule`), so a next call entered at once does
    /// not defer the preemption again.
    pub at_user_return: bool,
    /// EEVDF: `se->sched_delayed`: blocked, but still queued until picked or woken
    /// (DELAY_DEQUEUE).
    pub sched_delayed: bool,
    /// Sleep/timer generation (lazy cancellation of timer events).
    pub timer_gen: u32,
    pub weight: u32,
    /// `task_cpu(p)`: where it is queued or last ran.
    pub cpu: Cpu,
    /// This run's cost factor of the task's run phases, 1 << 16 = 1.0 (sim/jitter.rs).
    pub cost_scale: u32,
    /// Cycles left in the current run phase.
    pub remaining: u64,
    /// Start of the current accounting interval while running.
    pub exec_start: u64,
    pub vruntime: u64,
    /// Time the task last became runnable (wake-up latency).
    pub runnable_since: u64,
    pub sum_exec: u64,
    /// sum_exec when the task was last picked (for the slice check).
    pub prev_sum_exec: u64,
    /// EEVDF (6.18, engine/sim/eevdf.rs): `se->deadline`, the virtual deadline.
    pub deadline: u64,
    /// EEVDF: `se->vlag`, the lag kept from the last dequeue for the next placement.
    pub vlag: i64,
    pub loops: [u32; MAX_LOOP_DEPTH],
    /// Contribution added to the CPU's util_est sum at enqueue.
    pub util_est_contrib: u32,
    /// Whether the task has ever been attached (PELT "new task" marker, spec §10.3).
    pub attached: bool,
    /// A loopback TCP send whose receive path (`net_rx_action`, softirq on this task's CPU) is
    /// running as part of this task's run: (reader, bytes); delivered and the reader woken
    /// when the run completes (engine/sim/ipc.rs).
    pub net_rx: Option<(TaskId, u32)>,
    /// Pending messages (see behaviour.rs).
    pub tokens: u32,
    /// Placement fields (prev, recent_used_cpu, flips, affinity, util snapshot).
    pub pl: TaskPlacement,
    /// CPU it last ran on (cache warmth).
    pub last_ran: Option<Cpu>,
    /// EEVDF: `se->slice`, the request size (ns): `sysctl_sched_base_slice`.
    pub slice: u64,
    /// EEVDF: `se->vprot`, the vruntime up to which the running task is protected from a
    /// pick (`set_protect_slice`, RUN_TO_PARITY).
    pub vprot: u64,
    /// EEVDF: `se->rel_deadline`, the deadline is kept relative to vruntime across a
    /// migration (PLACE_REL_DEADLINE).
    pub rel_deadline: bool,
    /// EEVDF: order of insertion into the runqueue's tree (equal deadlines: the earlier one
    /// is left of the later, as `rb_add` places equal keys).
    pub tree_seq: u64,
    pub avg: SchedAvg,
    /// util_est (spec §10.4).
    pub util_est_ewma: u32,
    pub util_est_enqueued: u32,
    /// Senders of pending messages, oldest first (a ring of `SENDER_RING`; older senders are
    /// forgotten when it overflows, the message itself is kept).
    pub senders: [TaskId; SENDER_RING],
    pub sender_head: u8,
    pub sender_len: u8,
    /// Sender of the message consumed last (`wake` to `sender`).
    pub reply_to: Option<TaskId>,
    /// The pipe or socket this task's `recv` reads (engine/channel.rs).
    pub inbox: Channel,
    /// Bytes the current `recv` still has to read (0: none in progress).
    pub recv_left: u32,
    /// Woken from a channel wait: the next `send` is a writer that had waited (`pipe_write`'s
    /// `wake_next_writer`).
    pub chan_woken: bool,
    /// The current `recv` found its inbox empty and paid the pass that found it so
    /// (`Inbox::empty_read_cycles`): if the inbox is still empty when that is done, it sleeps.
    pub recv_found_empty: bool,
    /// The empty read's pass charged ahead with the run before the `recv` (engine/sim/ipc.rs,
    /// `charge_empty_read_ahead`): the last this many cycles of `remaining`, taken back if data
    /// arrives before they begin (0: none, or the pass has begun).
    pub empty_read_ahead: u32,
    /// The journal transaction a `commit_wait` waits for, or the WAL record a `wal_flush`
    /// waits for (0: none in progress).
    pub wait_key: u64,
    pub wakeups: u64,
    pub migrations: u64,
    pub ops: u64,
    pub kthread: bool,
    /// Task is one whose completion ends a completion-time workload (hackbench).
    pub exit_time: Option<u64>,
    /// When the task was last enqueued or picked (`rq->cfs_tasks` order: larger = nearer the
    /// head); load balancing scans from the smallest.
    pub lb_seq: u64,
    /// As a workqueue worker (engine/sim/workqueue.rs): messages queued to the task, taken by
    /// it, and finished (a taken message is finished when the task next reaches `wait`).
    pub works_queued: u64,
    pub works_started: u64,
    pub works_done: u64,
}

/// Senders remembered per task.
pub const SENDER_RING: usize = 32;

impl Task {
    /// Queue a message from `from`.
    #[inline]
    pub fn push_message(&mut self, from: TaskId) {
        self.tokens += 1;
        self.works_queued += 1;
        let len = self.sender_len as usize;
        if len < SENDER_RING {
            self.senders[(self.sender_head as usize + len) % SENDER_RING] = from;
            self.sender_len += 1;
        } else {
            // overwrite the oldest
            self.senders[self.sender_head as usize] = from;
            self.sender_head = ((self.sender_head as usize + 1) % SENDER_RING) as u8;
        }
    }

    /// Consume one message (the caller checked `tokens > 0`); remembers its sender.
    #[inline]
    pub fn take_message(&mut self) {
        self.tokens -= 1;
        self.works_started += 1;
        if self.sender_len > 0 {
            self.reply_to = Some(self.senders[self.sender_head as usize]);
            self.sender_head = ((self.sender_head as usize + 1) % SENDER_RING) as u8;
            self.sender_len -= 1;
        }
    }
}
