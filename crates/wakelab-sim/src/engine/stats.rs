//! What a run records: counters, wake-up latency histogram, bounded per-CPU timelines and
//! wake-up records for "explain this wake-up".

use serde::{Deserialize, Serialize};

use crate::cpumask::Cpu;
use crate::placement::{Event, Rule};

use super::task::TaskId;

/// Log2-bucketed latency histogram (ns): bucket i holds [2^i, 2^(i+1)).
#[derive(Clone, Debug, Default, Serialize)]
pub struct Histogram {
    pub buckets: Vec<u64>,
    pub count: u64,
    pub sum: u64,
    pub max: u64,
}

impl Histogram {
    pub fn record(&mut self, v: u64) {
        let b = 64 - v.max(1).leading_zeros() as usize - 1;
        if self.buckets.len() <= b {
            self.buckets.resize(b + 1, 0);
        }
        self.buckets[b] += 1;
        self.count += 1;
        self.sum += v;
        self.max = self.max.max(v);
    }

    /// Upper bound of the bucket holding the p-th percentile (p in 0..=100).
    pub fn percentile(&self, p: u32) -> u64 {
        if self.count == 0 {
            return 0;
        }
        let want = (self.count * p as u64).div_ceil(100).max(1);
        let mut acc = 0;
        for (i, &n) in self.buckets.iter().enumerate() {
            acc += n;
            if acc >= want {
                return (1u64 << (i + 1)).min(self.max.max(1));
            }
        }
        self.max
    }
}

/// One stretch of a CPU's timeline: a task ran (or the CPU idled) from `start` to `end`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct TimelineSeg {
    pub cpu: Cpu,
    pub start: u64,
    pub end: u64,
    /// `None` = idle.
    pub task: Option<TaskId>,
    /// 6.18 (EEVDF), a fair task: its lag when it was picked, `V - vruntime` in ns of virtual
    /// time (`avg_vruntime` with the task still queued; unclamped): >= 0 is eligible. A task
    /// that preempted its waker at once carries its placed lag here. `None` otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lag_ns: Option<i64>,
}

/// A CPU's segment still running: (start, task or `None` = idle, the task's lag at its pick).
type OpenSeg = (u64, Option<TaskId>, Option<i64>);

/// A frequency change on a CPU.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct FreqSample {
    pub cpu: Cpu,
    pub t_ns: u64,
    pub khz: u32,
}

/// A change of a CPU's count of runnable tasks (running or waiting; RT included; 6.18's
/// delayed-dequeue sleepers excluded, as a scheduler trace sees them), inside the timeline
/// window. The first sample of a CPU may carry the window start and the count in force then.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct RunnableSample {
    pub cpu: Cpu,
    pub t_ns: u64,
    pub nr: u32,
}

/// A wake-up decision, kept for the timeline and "explain this wake-up".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct WakeRecord {
    pub t_ns: u64,
    pub task: TaskId,
    pub waker_cpu: Cpu,
    /// The task running the wake-up, `current` at `try_to_wake_up` (a trace's `sched_waking`
    /// names it): the waker's own step, the parent at a fork, or for an interrupt's wake-up
    /// (timer, IO completion) the task it interrupted; `None` when that is the idle task.
    pub waker: Option<TaskId>,
    /// The first wake-up of a task (`wake_up_new_task`, a trace's `sched_wakeup_new`): a fork,
    /// with its parent as `waker`, or a task of the scenario starting (no parent).
    pub new_task: bool,
    pub prev_cpu: Cpu,
    pub cpu: Cpu,
    /// WF_SYNC: the waker said it is about to sleep (pipes, sockets).
    pub sync: bool,
    pub rule: Rule,
    /// Index of the decision (to re-run it with an explanation).
    pub decision: u64,
}

/// A wake-up (or a fork) that made no fair-class placement decision, so it has no
/// [`WakeRecord`]: the task is allowed on one CPU only (core.c's `select_task_rq` does not call
/// the class: a bound kworker), is an RT task (`select_task_rq_rt`), or on 6.18 is still queued
/// by DELAY_DEQUEUE (`ttwu_runnable` requeues it where it is). Kept so that a trace of
/// the run (the validation's summaries) sees every wake-up, not only the decided ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PlainWake {
    pub t_ns: u64,
    pub task: TaskId,
    pub waker_cpu: Cpu,
    /// As [`WakeRecord::waker`].
    pub waker: Option<TaskId>,
    /// As [`WakeRecord::new_task`].
    pub new_task: bool,
    pub cpu: Cpu,
}

/// 6.18 (EEVDF): what the running task and the wakee looked like right after
/// `check_preempt_wakeup_fair` ran for a wake-up onto a busy CPU (kept while a timeline window
/// is recorded, up to `wake_cap`), as a tracepoint on `sched_wakeup` reads them on a real
/// kernel (scripts/trace-reads/tbench/eevdf.bt): `update_curr` has charged the running task,
/// the wakee is placed. Lags are `V - vruntime` in ns of virtual time (unclamped), V the
/// load-weighted average with both counted; >= 0 is eligible.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct WakePreempt {
    pub t_ns: u64,
    pub cpu: Cpu,
    /// The running task (the waker itself for a wake-up issued on this CPU).
    pub curr: TaskId,
    pub wakee: TaskId,
    pub curr_lag_ns: i64,
    pub curr_eligible: bool,
    /// `protect_slice(curr)`: its RUN_TO_PARITY protection (vprot) not yet used up.
    pub curr_protected: bool,
    pub wakee_lag_ns: i64,
    pub wakee_eligible: bool,
    /// The wakee was still queued by DELAY_DEQUEUE (`ttwu_runnable` requeued it).
    pub wakee_delayed: bool,
    /// A reschedule is pending on the CPU afterwards (TIF_NEED_RESCHED): set by this check or
    /// already before it.
    pub resched: bool,
}

/// Everything counted during a run.
/// Every `select_task_rq` decision of a run taken again, on the same state, under a second
/// kernel (the same kernel without a patch, say): how often the two kernels disagree. A patch
/// whose `differ_cpu` and `differ_state` stay 0 never decides differently on this run's states:
/// the code it changes is not reached, or gives the same answer where it is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShadowStats {
    /// Decisions taken under both kernels.
    pub decisions: u64,
    /// ... where the second kernel picks another CPU.
    pub differ_cpu: u64,
    /// ... where it picks the same CPU but leaves other placement state (the task's or the
    /// waker's `recent_used_cpu` and wakee flips, `has_idle_cores`, `avg_scan_cost`,
    /// `nr_idle_scan`) different.
    pub differ_state: u64,
    /// ... where CPU and state agree but the search costs differently: other runqueues
    /// scanned (charged to the waker, `PlacementParams::rq_scan_cost_ns`) or other SIS_PROP
    /// idle time consumed.
    pub differ_cost: u64,
}

#[derive(Clone, Debug, Default)]
pub struct RunStats {
    /// Placement decisions taken again under a second kernel (`SimInput::shadow_behaviour`).
    pub shadow: ShadowStats,
    pub events: u64,
    /// Task-program steps executed (bounded by `EngineParams::max_steps`).
    pub steps: u64,
    pub ops: u64,
    pub wakeups: u64,
    pub decisions: u64,
    pub migrations: u64,
    pub balance_migrations: u64,
    /// Of `balance_migrations`, 6.18 delayed tasks moved asleep (`migrate_load`).
    pub delayed_migrations: u64,
    /// Tasks moved by the active-balance stopper.
    pub active_balances: u64,
    pub newidle_pulls: u64,
    pub nohz_pulls: u64,
    pub periodic_pulls: u64,
    pub context_switches: u64,
    pub exits: u64,
    pub fallbacks: u64,
    pub fork_failures: u64,
    /// `send`s that found the target's inbox full and slept (each sleep counts, also a
    /// writer's second sleep after a wake-up that found no room).
    pub chan_write_blocks: u64,
    /// `recv`s that found the inbox empty and slept.
    pub chan_read_blocks: u64,
    /// IO waits started (an `io` step, each IO wait of a `wal_flush`'s flush).
    pub io_waits: u64,
    /// Loopback TCP sends whose receive path (`net_rx_action`) ran on the sender's CPU.
    pub net_rx_softirqs: u64,
    /// `exec` steps run (`sched_exec` placement decisions of fair tasks).
    pub execs: u64,
    pub wake_latency: Histogram,
    pub end_ns: u64,
    pub timeline: Vec<TimelineSeg>,
    pub timeline_cap: usize,
    pub timeline_dropped: u64,
    pub freq_samples: Vec<FreqSample>,
    /// Runqueue-length changes inside the timeline window, up to `timeline_cap`.
    pub runnable: Vec<RunnableSample>,
    /// Per CPU: the last count seen, and whether a sample was kept in the window yet.
    runnable_last: Vec<(Option<u32>, bool)>,
    pub wake_records: Vec<WakeRecord>,
    /// Wake-ups without a placement decision, up to `wake_cap` as well.
    pub plain_wakes: Vec<PlainWake>,
    /// 6.18: the wake-up preemption checks on busy CPUs, up to `wake_cap` as well.
    pub wake_preempts: Vec<WakePreempt>,
    pub wake_cap: usize,
    pub explanation: Option<Vec<Event>>,
    /// Open segment per CPU.
    open: Vec<Option<OpenSeg>>,
    /// Per-CPU samples at ticks: (util sum, count, kHz sum).
    pub util_acc: Vec<(u64, u64, u64)>,
}

impl RunStats {
    pub fn new(n: usize) -> RunStats {
        RunStats {
            open: vec![Some((0, None, None)); n],
            runnable_last: vec![(None, false); n],
            util_acc: vec![(0, 0, 0); n],
            ..Default::default()
        }
    }

    fn in_window(w: Option<(u64, u64)>, start: u64, end: u64) -> bool {
        match w {
            Some((a, b)) => end > a && start < b,
            None => false,
        }
    }

    fn close(&mut self, cpu: Cpu, now: u64, w: Option<(u64, u64)>) {
        if let Some((start, task, lag_ns)) = self.open[cpu as usize].take() {
            if now > start && Self::in_window(w, start, now) {
                if self.timeline.len() < self.timeline_cap {
                    self.timeline.push(TimelineSeg {
                        cpu,
                        start,
                        end: now,
                        task,
                        lag_ns,
                    });
                } else {
                    self.timeline_dropped += 1;
                }
            }
        }
    }

    pub fn segment_start(
        &mut self,
        cpu: Cpu,
        task: TaskId,
        lag_ns: Option<i64>,
        now: u64,
        w: Option<(u64, u64)>,
    ) {
        self.close(cpu, now, w);
        self.open[cpu as usize] = Some((now, Some(task), lag_ns));
    }

    pub fn segment_start_idle(&mut self, cpu: Cpu, now: u64, w: Option<(u64, u64)>) {
        self.close(cpu, now, w);
        self.open[cpu as usize] = Some((now, None, None));
    }

    pub fn segment_end(&mut self, cpu: Cpu, now: u64, w: Option<(u64, u64)>) {
        self.close(cpu, now, w);
        self.open[cpu as usize] = Some((now, None, None));
    }

    pub fn freq_change(&mut self, cpu: Cpu, t_ns: u64, khz: u32) {
        if self.freq_samples.len() < self.timeline_cap {
            self.freq_samples.push(FreqSample { cpu, t_ns, khz });
        }
    }

    /// `cpu` now has `nr` runnable tasks; kept when it changed inside `window` (a CPU's first
    /// kept change is preceded by the count at the window start, when one was seen before).
    pub fn runnable_change(&mut self, cpu: Cpu, now: u64, nr: u32, window: (u64, u64)) {
        let c = cpu as usize;
        let (last, started) = &mut self.runnable_last[c];
        let prev = last.replace(nr);
        if now < window.0 || now > window.1 || prev == Some(nr) {
            return;
        }
        if self.runnable.len() + 2 > self.timeline_cap {
            return;
        }
        if !*started {
            *started = true;
            if let Some(p) = prev.filter(|_| now > window.0) {
                self.runnable.push(RunnableSample {
                    cpu,
                    t_ns: window.0,
                    nr: p,
                });
            }
        }
        self.runnable.push(RunnableSample { cpu, t_ns: now, nr });
    }

    pub fn record_wake(&mut self, r: WakeRecord) {
        if self.wake_records.len() < self.wake_cap {
            self.wake_records.push(r);
        }
    }

    pub fn record_plain_wake(&mut self, w: PlainWake) {
        if self.plain_wakes.len() < self.wake_cap {
            self.plain_wakes.push(w);
        }
    }

    pub fn record_wake_preempt(&mut self, w: WakePreempt) {
        if self.wake_preempts.len() < self.wake_cap {
            self.wake_preempts.push(w);
        }
    }

    pub fn sample_util(&mut self, cpu: Cpu, _now: u64, util: u32, khz: u32) {
        let a = &mut self.util_acc[cpu as usize];
        a.0 += util as u64;
        a.1 += 1;
        a.2 += khz as u64;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn histogram_percentiles() {
        let mut h = Histogram::default();
        for v in [1000, 2000, 3000, 100_000] {
            h.record(v);
        }
        assert_eq!(h.count, 4);
        assert_eq!(h.percentile(50), 2048);
        assert_eq!(h.percentile(100), 100_000);
    }
}
