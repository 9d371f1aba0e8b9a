//! The trace summary a scheduler developer wants first, computed from an [`EventStream`]
//! (a recorded trace or a Wakelab run, by the same code).
//!
//! Definitions (every time in integer ns):
//!
//! * **run**: one on-CPU stretch, from being switched in to being switched out.
//! * **burst**: CPU time from a wake-up until the task blocks again, summed over the stretches
//!   in between (a preempted task, `prev_state` R, keeps its burst going; S/D/I/... ends it).
//!   The first burst of a task whose wake-up is before the trace is not counted.
//! * **sleep**: from blocking (switched out not runnable) to the next wake-up.
//! * **wake-up latency**: from the wake-up event to being switched in.
//! * **waker runs on**: after a task wakes another, how long it stays on the CPU (until it
//!   blocks or is preempted; both counted).
//! * **woken to idle / busy**: whether the task was switched in after a wake-up by the idle
//!   task (it was placed on an idle CPU) or by another task (it queued behind one). This is
//!   known the same way for `sched_waking`-only traces, whose `target_cpu` is the previous CPU,
//!   not the chosen one.
//! * **migrations**: switched in on another CPU than the one it last ran on; `wake_migrations`
//!   are those right after a wake-up (placement), the rest are load balancing.
//! * per CPU: busy time (a task other than idle on it) from the CPU's first switch to the end of
//!   the trace; frequency and idle-state residency when `power:` events are present.
//!
//! Tasks are grouped by comm with digit runs collapsed ([`comm_group`]).

use std::collections::{BTreeMap, HashMap};

use serde::{Deserialize, Serialize};

use super::events::{EventKind, EventStream, ReadStats, TaskIdx, TraceSource, comm_group};

/// Version of the JSON form ([`TraceSummary`]).
pub const SUMMARY_VERSION: u32 = 1;
/// Tasks listed one by one (the most CPU time first); every task is in its group.
pub const MAX_SUMMARY_TASKS: usize = 32;
/// Comm groups listed (the most CPU time first); the rest are counted in `notes`.
pub const MAX_SUMMARY_GROUPS: usize = 64;
/// Wake-up graph edges listed (the most frequent first).
pub const MAX_SUMMARY_EDGES: usize = 64;
/// Wake-ups remembered per on-CPU stretch of a waker for "waker runs on" (a hackbench sender
/// wakes 20 receivers in one stretch; beyond this the rest are not sampled).
const MAX_WAKES_PER_RUN: usize = 256;
/// Name of the waker group for wake-ups from the idle task or an interrupt on it.
pub const IDLE_WAKER: &str = "(idle/irq)";
/// Name of the waker group for a task's first wake-up with no waker: a simulated scenario's
/// tasks starting (from_sim.rs; a real trace's `sched_wakeup_new` comes from the parent).
pub const START_WAKER: &str = "(start)";

/// A distribution: count, mean and nearest-rank percentiles, all integers (ns).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Dist {
    pub n: u64,
    pub mean: u64,
    pub min: u64,
    pub p10: u64,
    pub p50: u64,
    pub p90: u64,
    pub p99: u64,
    pub max: u64,
}

impl Dist {
    /// Summarise samples (sorted in place).
    pub fn of(v: &mut [u64]) -> Dist {
        if v.is_empty() {
            return Dist::default();
        }
        v.sort_unstable();
        let n = v.len();
        let pct = |p: usize| v[(p * n).div_ceil(100).clamp(1, n) - 1];
        let sum: u128 = v.iter().map(|&x| x as u128).sum();
        Dist {
            n: n as u64,
            mean: (sum / n as u128) as u64,
            min: v[0],
            p10: pct(10),
            p50: pct(50),
            p90: pct(90),
            p99: pct(99),
            max: v[n - 1],
        }
    }
}

/// What a task (or a group of tasks) did.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Activity {
    /// On-CPU time in the trace.
    pub cpu_ns: u64,
    pub run: Dist,
    pub burst: Dist,
    pub sleep: Dist,
    pub wake_latency: Dist,
    /// After this task woke another: time until it left the CPU.
    pub waker_runs_on: Dist,
    /// ... of which it left by blocking / by being preempted.
    pub waker_then_blocked: u64,
    pub waker_then_preempted: u64,
    /// Times switched out blocked / runnable (preempted).
    pub blocks: u64,
    pub preemptions: u64,
    /// Wake-ups received, and where they were switched in.
    pub wakeups: u64,
    pub woken_to_idle: u64,
    pub woken_to_busy: u64,
    /// Wake-ups this task issued.
    pub wakes_issued: u64,
    pub migrations: u64,
    pub wake_migrations: u64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TaskSummary {
    pub pid: u32,
    pub comm: String,
    pub group: String,
    #[serde(flatten)]
    pub activity: Activity,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GroupSummary {
    pub group: String,
    pub tasks: u32,
    #[serde(flatten)]
    pub activity: Activity,
}

/// Who wakes whom, by comm group.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WakeEdge {
    pub waker: String,
    pub wakee: String,
    pub count: u64,
    /// Of which the wakee was switched in on an idle CPU.
    pub to_idle: u64,
}

/// One CPU.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CpuSummary {
    pub cpu: u32,
    /// From the CPU's first switch to the end of the trace.
    pub span_ns: u64,
    pub busy_ns: u64,
    pub context_switches: u64,
    /// Time at each frequency (kHz, ns), ascending; empty without `power:cpu_frequency`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub freq_khz_ns: Vec<(u32, u64)>,
    /// Time in each idle state (state, ns); empty without `power:cpu_idle`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub idle_state_ns: Vec<(u32, u64)>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Totals {
    pub tasks: u64,
    pub context_switches: u64,
    pub wakeups: u64,
    pub woken_to_idle: u64,
    pub woken_to_busy: u64,
    pub migrations: u64,
    pub wake_migrations: u64,
    pub forks: u64,
    pub exits: u64,
}

/// The summary (JSON form versioned by [`SUMMARY_VERSION`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TraceSummary {
    pub version: u32,
    pub source: TraceSource,
    pub nr_cpus: u32,
    pub span_ns: u64,
    /// perf's header lines (host, kernel, CPU, command line) when the trace has them.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub meta: BTreeMap<String, String>,
    pub read: ReadStats,
    pub totals: Totals,
    pub groups: Vec<GroupSummary>,
    pub tasks: Vec<TaskSummary>,
    pub wake_graph: Vec<WakeEdge>,
    pub cpus: Vec<CpuSummary>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

/// Samples and state of one task while the stream is walked.
#[derive(Default)]
struct Acc {
    on_cpu: Option<(u32, u64)>,
    last_cpu: Option<u32>,
    /// Woken and not yet switched in: (time, waker group edge).
    woken: Option<(u64, usize)>,
    burst: Option<u64>,
    blocked_at: Option<u64>,
    wakes_this_run: Vec<u64>,
    run: Vec<u64>,
    bursts: Vec<u64>,
    sleep: Vec<u64>,
    latency: Vec<u64>,
    waker_runs_on: Vec<u64>,
    a: Activity,
}

#[derive(Default, Clone, Copy)]
struct CpuAcc {
    cur: Option<(Option<TaskIdx>, u64)>,
    first: Option<u64>,
    busy: u64,
    switches: u64,
    freq: Option<(u32, u64)>,
    idle: Option<(u32, u64)>,
}

/// Summarise a stream.
pub fn summarise(s: &EventStream) -> TraceSummary {
    let (t0, t_end) = s.span();
    let n = s.tasks.len();
    let mut acc: Vec<Acc> = (0..n).map(|_| Acc::default()).collect();
    let mut cpus = vec![CpuAcc::default(); s.nr_cpus as usize];
    let mut freq: Vec<BTreeMap<u32, u64>> = vec![BTreeMap::new(); s.nr_cpus as usize];
    let mut idle: Vec<BTreeMap<u32, u64>> = vec![BTreeMap::new(); s.nr_cpus as usize];
    let group_of: Vec<String> = s.tasks.iter().map(|t| comm_group(&t.comm)).collect();
    let mut edges: Vec<WakeEdge> = Vec::new();
    // (waker group, none and a task's start, wakee group)
    let mut edge_ix: HashMap<(Option<&str>, bool, &str), usize> = HashMap::new();
    let mut totals = Totals {
        tasks: n as u64,
        ..Totals::default()
    };

    for e in &s.events {
        let t = e.t_ns;
        let c = e.cpu as usize;
        match e.kind {
            EventKind::Switch {
                prev,
                prev_blocked,
                next,
                inferred,
            } => {
                totals.context_switches += 1;
                let ca = &mut cpus[c];
                if let Some((Some(q), since)) = ca.cur {
                    ca.busy += t.saturating_sub(since);
                    // The trace lost `q`'s switch-out (some tracers drop a task's own events,
                    // e.g. a host agent's in a VM): its run ended at an unknown time before
                    // this switch, so it is not counted, and `q` is not left running to the
                    // end of the trace.
                    if prev != Some(q) && acc[q as usize].on_cpu.is_some_and(|(oc, _)| oc == e.cpu)
                    {
                        acc[q as usize].on_cpu = None;
                        acc[q as usize].burst = None;
                    }
                }
                ca.cur = Some((next, t));
                ca.first.get_or_insert(t);
                ca.switches += 1;
                if let Some(p) = prev {
                    let a = &mut acc[p as usize];
                    if let Some((_, since)) = a.on_cpu.take() {
                        let run = t.saturating_sub(since);
                        a.run.push(run);
                        a.a.cpu_ns += run;
                        if let Some(b) = &mut a.burst {
                            *b += run;
                        }
                    } else {
                        // on the CPU since before the trace: its burst is unknown
                        a.burst = None;
                    }
                    for tw in a.wakes_this_run.drain(..) {
                        a.waker_runs_on.push(t.saturating_sub(tw));
                        if prev_blocked {
                            a.a.waker_then_blocked += 1;
                        } else {
                            a.a.waker_then_preempted += 1;
                        }
                    }
                    if prev_blocked {
                        a.a.blocks += 1;
                        if let Some(b) = a.burst.take() {
                            a.bursts.push(b);
                        }
                        a.blocked_at = Some(t);
                    } else {
                        a.a.preemptions += 1;
                    }
                    a.last_cpu = Some(e.cpu);
                }
                if let Some(nx) = next {
                    let a = &mut acc[nx as usize];
                    let moved = a.last_cpu.is_some_and(|l| l != e.cpu);
                    if moved {
                        a.a.migrations += 1;
                        totals.migrations += 1;
                    }
                    if let Some((tw, edge)) = a.woken.take() {
                        // an inferred switch-in's time is a lower bound: no latency sample
                        if !inferred {
                            a.latency.push(t.saturating_sub(tw));
                        }
                        if prev.is_none() {
                            a.a.woken_to_idle += 1;
                            totals.woken_to_idle += 1;
                            edges[edge].to_idle += 1;
                        } else {
                            a.a.woken_to_busy += 1;
                            totals.woken_to_busy += 1;
                        }
                        if moved {
                            a.a.wake_migrations += 1;
                            totals.wake_migrations += 1;
                        }
                    }
                    a.on_cpu = Some((e.cpu, t));
                }
            }
            EventKind::Wake {
                waker,
                wakee,
                new_task,
            } => {
                let key = (
                    waker.map(|w| group_of[w as usize].as_str()),
                    waker.is_none() && new_task,
                    group_of[wakee as usize].as_str(),
                );
                let edge = *edge_ix.entry(key).or_insert_with(|| {
                    edges.push(WakeEdge {
                        waker: match key {
                            (Some(g), _, _) => g,
                            (None, true, _) => START_WAKER,
                            (None, false, _) => IDLE_WAKER,
                        }
                        .to_string(),
                        wakee: key.2.to_string(),
                        count: 0,
                        to_idle: 0,
                    });
                    edges.len() - 1
                });
                edges[edge].count += 1;
                totals.wakeups += 1;
                if let Some(w) = waker {
                    let wa = &mut acc[w as usize];
                    wa.a.wakes_issued += 1;
                    if wa.on_cpu.is_some() && wa.wakes_this_run.len() < MAX_WAKES_PER_RUN {
                        wa.wakes_this_run.push(t);
                    }
                }
                let a = &mut acc[wakee as usize];
                a.a.wakeups += 1;
                // a task woken while still on its CPU (it had not finished blocking) does not
                // wait to be switched in; a second wake-up before it runs is not a new one
                if a.on_cpu.is_none() && a.woken.is_none() {
                    if let Some(b) = a.blocked_at.take() {
                        a.sleep.push(t.saturating_sub(b));
                    }
                    a.woken = Some((t, edge));
                    a.burst = Some(0);
                }
            }
            EventKind::Fork { .. } => totals.forks += 1,
            EventKind::Exit { .. } => totals.exits += 1,
            EventKind::Migrate { .. } => {}
            EventKind::Freq { khz } => {
                if let Some((k, since)) = cpus[c].freq.replace((khz, t)) {
                    *freq[c].entry(k).or_insert(0) += t.saturating_sub(since);
                }
            }
            EventKind::Idle { state } => {
                let prev = match state {
                    Some(st) => cpus[c].idle.replace((st, t)),
                    None => cpus[c].idle.take(),
                };
                if let Some((st, since)) = prev {
                    *idle[c].entry(st).or_insert(0) += t.saturating_sub(since);
                }
            }
        }
    }
    // close what is still open at the end of the trace
    for (c, ca) in cpus.iter_mut().enumerate() {
        if let Some((Some(_), since)) = ca.cur {
            ca.busy += t_end.saturating_sub(since);
        }
        if let Some((k, since)) = ca.freq {
            *freq[c].entry(k).or_insert(0) += t_end.saturating_sub(since);
        }
        if let Some((st, since)) = ca.idle {
            *idle[c].entry(st).or_insert(0) += t_end.saturating_sub(since);
        }
    }
    for a in acc.iter_mut() {
        if let Some((_, since)) = a.on_cpu {
            a.a.cpu_ns += t_end.saturating_sub(since);
        }
    }

    // groups: merge the samples of their tasks
    let mut groups: BTreeMap<&str, (u32, Acc)> = BTreeMap::new();
    for (i, a) in acc.iter().enumerate() {
        let g = groups.entry(group_of[i].as_str()).or_default();
        g.0 += 1;
        merge(&mut g.1, a);
    }
    let mut group_list: Vec<GroupSummary> = groups
        .into_iter()
        .map(|(g, (k, mut a))| GroupSummary {
            group: g.to_string(),
            tasks: k,
            activity: finish(&mut a),
        })
        .collect();
    group_list.sort_by(|a, b| {
        b.activity
            .cpu_ns
            .cmp(&a.activity.cpu_ns)
            .then(a.group.cmp(&b.group))
    });
    let mut notes = Vec::new();
    if group_list.len() > MAX_SUMMARY_GROUPS {
        notes.push(format!(
            "{} comm groups; the {MAX_SUMMARY_GROUPS} with the most CPU time are listed",
            group_list.len()
        ));
        group_list.truncate(MAX_SUMMARY_GROUPS);
    }
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&x, &y| {
        acc[y]
            .a
            .cpu_ns
            .cmp(&acc[x].a.cpu_ns)
            .then(s.tasks[x].pid.cmp(&s.tasks[y].pid))
    });
    order.truncate(MAX_SUMMARY_TASKS);
    let tasks = order
        .into_iter()
        .map(|i| TaskSummary {
            pid: s.tasks[i].pid,
            comm: s.tasks[i].comm.clone(),
            group: group_of[i].clone(),
            activity: finish(&mut acc[i]),
        })
        .collect();
    edges.sort_by(|a, b| {
        b.count
            .cmp(&a.count)
            .then(a.waker.cmp(&b.waker))
            .then(a.wakee.cmp(&b.wakee))
    });
    if edges.len() > MAX_SUMMARY_EDGES {
        notes.push(format!(
            "{} wake-up edges; the {MAX_SUMMARY_EDGES} most frequent are listed",
            edges.len()
        ));
        edges.truncate(MAX_SUMMARY_EDGES);
    }
    if s.stats.switch_ins_inferred > 0 {
        notes.push(format!(
            "{} switches from idle to a task were missing from the trace (a CPU whose idle task \
             leaves no events) and were inferred: those runs are counted from the task's wake-up \
             or the CPU's last switch to idle, and have no wake-up latency",
            s.stats.switch_ins_inferred
        ));
    }
    if s.stats.lost_events > 0 {
        notes.push(format!(
            "the tracer lost {} events: counts are low and some runs are merged",
            s.stats.lost_events
        ));
    }
    let cpus = cpus
        .iter()
        .enumerate()
        .map(|(c, ca)| CpuSummary {
            cpu: c as u32,
            span_ns: ca.first.map_or(0, |f| t_end.saturating_sub(f)),
            busy_ns: ca.busy,
            context_switches: ca.switches,
            freq_khz_ns: freq[c].iter().map(|(&k, &v)| (k, v)).collect(),
            idle_state_ns: idle[c].iter().map(|(&k, &v)| (k, v)).collect(),
        })
        .collect();
    TraceSummary {
        version: SUMMARY_VERSION,
        source: s.source,
        nr_cpus: s.nr_cpus,
        span_ns: t_end - t0,
        meta: s.meta.clone(),
        read: s.stats.clone(),
        totals,
        groups: group_list,
        tasks,
        wake_graph: edges,
        cpus,
        notes,
    }
}

fn merge(into: &mut Acc, a: &Acc) {
    into.run.extend_from_slice(&a.run);
    into.bursts.extend_from_slice(&a.bursts);
    into.sleep.extend_from_slice(&a.sleep);
    into.latency.extend_from_slice(&a.latency);
    into.waker_runs_on.extend_from_slice(&a.waker_runs_on);
    let (d, s) = (&mut into.a, &a.a);
    d.cpu_ns += s.cpu_ns;
    d.waker_then_blocked += s.waker_then_blocked;
    d.waker_then_preempted += s.waker_then_preempted;
    d.blocks += s.blocks;
    d.preemptions += s.preemptions;
    d.wakeups += s.wakeups;
    d.woken_to_idle += s.woken_to_idle;
    d.woken_to_busy += s.woken_to_busy;
    d.wakes_issued += s.wakes_issued;
    d.migrations += s.migrations;
    d.wake_migrations += s.wake_migrations;
}

fn finish(a: &mut Acc) -> Activity {
    let mut out = a.a.clone();
    out.run = Dist::of(&mut a.run);
    out.burst = Dist::of(&mut a.bursts);
    out.sleep = Dist::of(&mut a.sleep);
    out.wake_latency = Dist::of(&mut a.latency);
    out.waker_runs_on = Dist::of(&mut a.waker_runs_on);
    out
}

impl TraceSummary {
    /// The JSON form (pretty, stable field order).
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a summary always serialises")
    }

    /// Read a JSON summary back (version checked).
    pub fn from_json(s: &str) -> Result<TraceSummary, String> {
        let v: TraceSummary = serde_json::from_str(s).map_err(|e| format!("summary: {e}"))?;
        if v.version != SUMMARY_VERSION {
            return Err(format!(
                "summary version {} is not supported (this build reads {SUMMARY_VERSION})",
                v.version
            ));
        }
        Ok(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_rank_percentiles() {
        let mut v: Vec<u64> = (1..=100).rev().collect();
        let d = Dist::of(&mut v);
        assert_eq!(
            (d.n, d.min, d.p10, d.p50, d.p90, d.p99, d.max),
            (100, 1, 10, 50, 90, 99, 100)
        );
        assert_eq!(d.mean, 50);
        let d = Dist::of(&mut [7]);
        assert_eq!((d.p10, d.p99, d.mean), (7, 7, 7));
        assert_eq!(Dist::of(&mut []), Dist::default());
    }
}
