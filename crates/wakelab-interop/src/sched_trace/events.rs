//! The neutral event stream every summary is computed from.
//!
//! Both a recorded trace (`perf script` / `trace-cmd report` text, [`super::parse`]) and
//! Wakelab's own simulated run ([`super::from_sim`]) become an [`EventStream`], so the real and
//! the modelled run are summarised by the same code ([`super::summary`]).

use std::collections::BTreeMap;

use serde::Serialize;

/// Index of a task in [`EventStream::tasks`]. The idle task (pid 0) is never a task: it is
/// `None` wherever a task may be absent.
pub type TaskIdx = u32;

/// A task as the trace names it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TaskInfo {
    /// Thread id in the trace (perf's and ftrace's `pid`); the simulator's task id for a
    /// simulated run.
    pub pid: u32,
    /// Last name the trace gave the task (`exec` and `prctl` rename tasks; the last name is
    /// what the task spent most of a short trace as).
    pub comm: String,
}

/// What happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventKind {
    /// `sched_switch` on `Event::cpu`. `prev_blocked`: the previous task left the CPU because it
    /// blocked (prev_state other than R/R+), not because it was preempted.
    Switch {
        prev: Option<TaskIdx>,
        prev_blocked: bool,
        next: Option<TaskIdx>,
        /// Not in the trace: an `idle -> next` switch the reader inferred because `next` later
        /// runs on a CPU the trace last saw go idle (`sched_trace/repair.rs`). Its time is the
        /// earliest the trace allows, so the summary leaves its wake-up latency out.
        inferred: bool,
    },
    /// A wake-up of `wakee` issued by `waker` (the task running the wake-up code; `None` when
    /// the idle task or an interrupt of it did). `Event::cpu` is the CPU the wake-up code ran
    /// on. `new_task`: `sched_wakeup_new` (first wake-up after fork).
    Wake {
        waker: Option<TaskIdx>,
        wakee: TaskIdx,
        new_task: bool,
    },
    /// `sched_migrate_task`: moved from one CPU to another.
    Migrate { task: TaskIdx, from: u32, to: u32 },
    /// `sched_process_fork`.
    Fork {
        parent: Option<TaskIdx>,
        child: TaskIdx,
    },
    /// `sched_process_exit`.
    Exit { task: TaskIdx },
    /// `power:cpu_frequency`: the CPU now runs at `khz`.
    Freq { khz: u32 },
    /// `power:cpu_idle`: the CPU entered idle state `state`, or left idle (`None`).
    Idle { state: Option<u32> },
}

/// One event at a time on a CPU.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Event {
    pub t_ns: u64,
    pub cpu: u32,
    pub kind: EventKind,
}

/// Where a stream came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TraceSource {
    /// `perf script` text.
    PerfScript,
    /// `trace-cmd report` text (or the raw tracefs `trace` file, which has the same layout).
    TraceCmd,
    /// A Wakelab simulated run (`PointDetail`).
    Wakelab,
}

/// Counts of what the reader kept and skipped.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct ReadStats {
    /// Lines read (all of them).
    pub lines: u64,
    /// Event lines kept, by event name (`sched_switch`, ...).
    pub kept: BTreeMap<String, u64>,
    /// Event lines skipped because the summary does not use the event, by name.
    pub skipped: BTreeMap<String, u64>,
    /// `sched_wakeup` lines dropped because the trace also has `sched_waking` (which runs in the
    /// waker's context, so it names the waker; `sched_wakeup` may run on the target CPU).
    pub wakeup_superseded: u64,
    /// Events the tracer reported lost (`[LOST n EVENTS]`).
    pub lost_events: u64,
    /// `idle -> task` switches missing from the trace and inferred by the reader
    /// (`sched_trace/repair.rs`; summaries written before the repair have none).
    #[serde(default)]
    pub switch_ins_inferred: u64,
}

/// A trace as a time-ordered event stream.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventStream {
    pub source: TraceSource,
    pub tasks: Vec<TaskInfo>,
    /// Sorted by time (stable: events at the same time keep the order they were read in).
    pub events: Vec<Event>,
    /// 1 + the highest CPU number seen.
    pub nr_cpus: u32,
    pub stats: ReadStats,
    /// `perf script --header` lines (`hostname`, `os release`, `nrcpus online`, `cpudesc`,
    /// `cmdline`, ...) when present.
    pub meta: BTreeMap<String, String>,
}

impl EventStream {
    /// Time of the first and last event (0, 0 when empty).
    pub fn span(&self) -> (u64, u64) {
        match (self.events.first(), self.events.last()) {
            (Some(a), Some(b)) => (a.t_ns, b.t_ns),
            _ => (0, 0),
        }
    }
}

/// `comm` with every run of digits replaced by `*`: the group that threads and per-CPU
/// kthreads of one kind share (`kworker/1:2` and `kworker/0:1` are `kworker/*:*`,
/// `tbench-client/3` is `tbench-client/*`).
pub fn comm_group(comm: &str) -> String {
    let mut out = String::with_capacity(comm.len());
    let mut in_digits = false;
    for c in comm.chars() {
        if c.is_ascii_digit() {
            if !in_digits {
                out.push('*');
            }
            in_digits = true;
        } else {
            out.push(c);
            in_digits = false;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_collapse_digit_runs() {
        assert_eq!(comm_group("kworker/u4:12"), "kworker/u*:*");
        assert_eq!(comm_group("tbench"), "tbench");
        assert_eq!(comm_group("lto cgu.03"), "lto cgu.*");
        assert_eq!(comm_group("tbench-client/17"), "tbench-client/*");
    }
}
