//! Switch-ins a trace lost: a task that leaves a CPU the trace last saw go idle.
//!
//! Some traces have no event of one CPU's idle task: the team's 2-vCPU recordings (perf 6.1 on a
//! 6.18 KVM guest) never show `prev_comm=swapper/1`, so every switch from idle to a task on vCPU 1
//! is missing (recordings/README.md, Caveats). Summarised as read, that task's run is lost
//! (its CPU time, its burst, its wake-up's latency and whether it woke onto an idle CPU): in a
//! pgbench recording the backend's CPU time came out 20x too low.
//!
//! The stream itself says when a switch-in is missing: on a CPU whose last switch went to idle,
//! a task appears as the previous task of a switch, or as the waker of a wake-up issued on that
//! CPU. The repair inserts the missing `idle -> task` switch, marked `inferred`
//! ([`EventKind::Switch`]). Its time: the task's switch-out from that run less the CPU time the
//! kernel accounted to the task on that CPU meanwhile (`sched_stat_runtime`, which `perf sched
//! record` records), kept within what the stream allows (not before the CPU went idle or the
//! task's last wake-up, not after the event that showed the task). Without `sched_stat_runtime`
//! it is that earliest allowed time, which makes the run too long by the wake-up latency. Either
//! way the summary counts the run and the idle CPU, and leaves the wake-up latency out.

use std::collections::HashMap;

use super::events::{Event, EventKind, TaskIdx};

/// One `sched_stat_runtime` line: `ns` of CPU time accounted to `task` on `cpu` at `t_ns`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RuntimeRecord {
    pub t_ns: u64,
    pub cpu: u32,
    pub task: TaskIdx,
    pub ns: u64,
}

/// A switch-in to insert: `task` onto `cpu`, shown by the event at index `shown_at`.
struct Missing {
    shown_at: usize,
    cpu: u32,
    task: TaskIdx,
    /// Earliest and latest time the stream allows.
    earliest: u64,
    latest: u64,
}

/// Insert the missing switch-ins into `events` (sorted by time); returns how many.
/// `runtimes` is sorted here (by time, stable).
pub(crate) fn infer_missing_switch_ins(
    events: &mut Vec<Event>,
    runtimes: &mut [RuntimeRecord],
    nr_cpus: u32,
    nr_tasks: usize,
) -> u64 {
    let missing = find_missing(events, nr_cpus, nr_tasks);
    if missing.is_empty() {
        return 0;
    }
    runtimes.sort_by_key(|r| r.t_ns);
    let mut by_task: HashMap<TaskIdx, Vec<RuntimeRecord>> = HashMap::new();
    for r in runtimes.iter() {
        by_task.entry(r.task).or_default().push(*r);
    }
    // indices of each CPU's switches, to find where a run that had no switch-in ended
    let mut switches: Vec<Vec<usize>> = vec![Vec::new(); nr_cpus as usize];
    for (i, e) in events.iter().enumerate() {
        if matches!(e.kind, EventKind::Switch { .. }) {
            switches[e.cpu as usize].push(i);
        }
    }
    let inserts: Vec<(usize, Event)> = missing
        .iter()
        .map(|m| {
            let t_in = timed(m, events, &switches, &by_task);
            (
                m.shown_at,
                Event {
                    t_ns: t_in,
                    cpu: m.cpu,
                    kind: EventKind::Switch {
                        prev: None,
                        prev_blocked: false,
                        next: Some(m.task),
                        inferred: true,
                    },
                },
            )
        })
        .collect();
    let n = inserts.len() as u64;
    // An inserted switch sorts by its time; at equal times after the events read before the
    // one that showed it, and before that one (keys 2i+1 for read events, 2i for an insert
    // shown by event i). The read events keep their order: the stream is sorted already.
    let mut keyed: Vec<(u64, usize, Event)> = events
        .drain(..)
        .enumerate()
        .map(|(i, e)| (e.t_ns, 2 * i + 1, e))
        .chain(inserts.into_iter().map(|(i, e)| (e.t_ns, 2 * i, e)))
        .collect();
    keyed.sort_unstable_by_key(|&(t, k, _)| (t, k));
    *events = keyed.into_iter().map(|(_, _, e)| e).collect();
    n
}

/// Walk the stream: where a task shows up on a CPU last seen going idle.
fn find_missing(events: &[Event], nr_cpus: u32, nr_tasks: usize) -> Vec<Missing> {
    // per CPU: what the stream says runs there (None: not known yet), and since when
    let mut running: Vec<Option<(Option<TaskIdx>, u64)>> = vec![None; nr_cpus as usize];
    // per task: its latest wake-up not yet followed by a switch-in
    let mut woken_at: Vec<Option<u64>> = vec![None; nr_tasks];
    let mut out = Vec::new();
    for (i, e) in events.iter().enumerate() {
        let c = e.cpu as usize;
        // the task this event shows running on `c`, if any
        let shown = match e.kind {
            EventKind::Switch { prev, .. } => prev,
            EventKind::Wake { waker, .. } => waker,
            _ => None,
        };
        if let (Some(task), Some((None, idle_since))) = (shown, running[c]) {
            let earliest = woken_at[task as usize]
                .map_or(idle_since, |w| w.max(idle_since))
                .min(e.t_ns);
            out.push(Missing {
                shown_at: i,
                cpu: e.cpu,
                task,
                earliest,
                latest: e.t_ns,
            });
            woken_at[task as usize] = None;
            running[c] = Some((Some(task), earliest));
        }
        match e.kind {
            EventKind::Switch { next, .. } => {
                running[c] = Some((next, e.t_ns));
                if let Some(n) = next {
                    woken_at[n as usize] = None;
                }
            }
            EventKind::Wake { wakee, .. } => woken_at[wakee as usize] = Some(e.t_ns),
            _ => {}
        }
    }
    out
}

/// The switch-in time of `m`: its run's end less the CPU time accounted during it, within
/// `[earliest, latest]`; `earliest` when the trace has no accounting for it.
fn timed(
    m: &Missing,
    events: &[Event],
    switches: &[Vec<usize>],
    by_task: &HashMap<TaskIdx, Vec<RuntimeRecord>>,
) -> u64 {
    let on_cpu = &switches[m.cpu as usize];
    let k = on_cpu.partition_point(|&i| i < m.shown_at);
    let end = on_cpu.get(k).and_then(|&i| match events[i].kind {
        EventKind::Switch { prev, .. } if prev == Some(m.task) => Some(events[i].t_ns),
        _ => None,
    });
    let (Some(t_out), Some(recs)) = (end, by_task.get(&m.task)) else {
        return m.earliest;
    };
    let from = recs.partition_point(|r| r.t_ns <= m.earliest);
    let ran: u64 = recs[from..]
        .iter()
        .take_while(|r| r.t_ns <= t_out)
        .filter(|r| r.cpu == m.cpu)
        .map(|r| r.ns)
        .sum();
    if ran == 0 {
        return m.earliest;
    }
    t_out.saturating_sub(ran).clamp(m.earliest, m.latest)
}

#[cfg(test)]
mod tests {
    use super::super::events::EventStream;
    use super::super::parse::read_trace;
    use super::super::summary::{TaskSummary, summarise};

    /// The summary of task `comm` in `s`.
    fn task(s: &EventStream, comm: &str) -> TaskSummary {
        let sum = summarise(s);
        sum.tasks.into_iter().find(|t| t.comm == comm).unwrap()
    }

    /// A 2-CPU perf trace in which CPU 1's idle task leaves no events: `b` is woken onto idle
    /// CPU 1 at 1.000100, runs there (accounted 30 µs) and blocks at 1.000150; no
    /// `swapper/1 ==> b` switch is in the trace.
    const LOST_SWITCH_IN: &str = "\
 a 10 [000] 1.000000: sched:sched_switch: prev_comm=swapper/0 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=a next_pid=10 next_prio=120
 b 11 [001] 1.000010: sched:sched_switch: prev_comm=b prev_pid=11 prev_prio=120 prev_state=S ==> next_comm=swapper/1 next_pid=0 next_prio=120
 a 10 [000] 1.000100: sched:sched_waking: comm=b pid=11 prio=120 target_cpu=001
 b 11 [001] 1.000150: sched:sched_stat_runtime: comm=b pid=11 runtime=30000 [ns]
 b 11 [001] 1.000150: sched:sched_switch: prev_comm=b prev_pid=11 prev_prio=120 prev_state=S ==> next_comm=swapper/1 next_pid=0 next_prio=120
 a 10 [000] 1.000200: sched:sched_switch: prev_comm=a prev_pid=10 prev_prio=120 prev_state=S ==> next_comm=swapper/0 next_pid=0 next_prio=120
";

    #[test]
    fn a_lost_switch_in_is_inferred_and_timed_by_the_accounted_runtime() {
        let s = read_trace(LOST_SWITCH_IN.as_bytes()).unwrap();
        assert_eq!(s.stats.switch_ins_inferred, 1);
        let sum = summarise(&s);
        let b = sum.tasks.iter().find(|t| t.comm == "b").unwrap();
        // the run: 1.000150 - 30 µs = 1.000120 -> 1.000150
        assert_eq!(b.activity.cpu_ns, 30_000);
        assert_eq!(b.activity.woken_to_idle, 1);
        // its latency is not known: no sample
        assert_eq!(b.activity.wake_latency.n, 0);
        assert!(sum.notes.iter().any(|n| n.contains("1 switches from idle")));
    }

    #[test]
    fn without_accounting_the_run_starts_at_the_wake_up() {
        let trace: String = LOST_SWITCH_IN
            .lines()
            .filter(|l| !l.contains("sched_stat_runtime"))
            .map(|l| format!("{l}\n"))
            .collect();
        let s = read_trace(trace.as_bytes()).unwrap();
        assert_eq!(s.stats.switch_ins_inferred, 1);
        let b = task(&s, "b");
        assert_eq!(b.activity.cpu_ns, 50_000);
    }

    #[test]
    fn a_task_whose_switch_out_is_lost_is_not_left_running() {
        // `c` is switched in on CPU 0 and the trace never shows it leave; `a` leaves CPU 0
        // later. Without the summary's check `c` would run to the end of the trace.
        let trace = format!(
            "{LOST_SWITCH_IN} c 12 [000] 1.000300: sched:sched_switch: prev_comm=swapper/0 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=c next_pid=12 next_prio=120
 a 10 [000] 1.000400: sched:sched_switch: prev_comm=a prev_pid=10 prev_prio=120 prev_state=S ==> next_comm=swapper/0 next_pid=0 next_prio=120
 a 10 [001] 1.900000: sched:sched_switch: prev_comm=swapper/1 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=a next_pid=10 next_prio=120
"
        );
        let sum = summarise(&read_trace(trace.as_bytes()).unwrap());
        let c = sum.tasks.iter().find(|t| t.comm == "c");
        assert!(c.is_none_or(|c| c.activity.cpu_ns == 0), "{c:?}");
    }

    #[test]
    fn a_complete_trace_is_left_alone() {
        let trace = LOST_SWITCH_IN.replace(
            " b 11 [001] 1.000150: sched:sched_stat_runtime",
            " swapper 0 [001] 1.000120: sched:sched_switch: prev_comm=swapper/1 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=b next_pid=11 next_prio=120\n b 11 [001] 1.000150: sched:sched_stat_runtime",
        );
        let s = read_trace(trace.as_bytes()).unwrap();
        assert_eq!(s.stats.switch_ins_inferred, 0);
        let b = task(&s, "b");
        assert_eq!(b.activity.cpu_ns, 30_000);
        assert_eq!(b.activity.wake_latency.n, 1);
    }
}
