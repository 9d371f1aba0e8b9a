//! A Wakelab run ([`PointDetail`]: per-CPU timeline segments, wake-up records, frequency
//! changes) as the same [`EventStream`] a recorded trace becomes, so the real-vs-model tables
//! come from one summary code.
//!
//! The **waker task** of a wake-up is the record's `waker`: the engine's `current` at
//! `try_to_wake_up`, as a trace's `sched_waking` names it (none: an interrupt on an idle CPU).
//! Until December 2026 it was rebuilt from the waker CPU's timeline, which named the first
//! client of a wake-all (jbd2's commit, a barrier's release) as the waker of the others when it
//! preempted the waker at the same instant.
//!
//! What `PointDetail` does not carry, and how it is rebuilt here:
//!
//! * **prev_state** (blocked or preempted) at a switch: the task blocked when its next wake-up
//!   record comes before (or without) its next segment;
//! * **names**: a forked task has its fork template's name (`task_names` lists every task);
//!   a task id beyond the list (not expected) is called `forked-<id>`;
//! * wake-ups come from two lists: a [`WakeRecord`] is written by the fair class's
//!   `select_task_rq` call, which (as in core.c) is skipped for a task allowed on one CPU only
//!   (a bound kworker) and not made for RT tasks; those wake-ups are [`PlainWake`]s. Both go
//!   into the stream, in time order;
//! * the **start** of a scenario's tasks: their first wake-ups are `new_task` wake-ups with
//!   no waker (a real trace has the benchmark's parent process fork them; the model has no
//!   parent), which the summary counts under [`START_WAKER`], not as interrupts; a fork during
//!   the run is a `new_task` wake-up from its parent;
//! * exit and idle-state (C-state) events: not in the stream (the result's aggregate
//!   `cstate_residency` has the residency).
//!
//! The stream needs the whole run recorded: run the point with `DetailOptions::window` covering the
//! run, and `engine.max_timeline_segments` / `engine.max_wakeup_records` large enough (wake-up
//! records beyond the cap are dropped, and a task's block after that looks like a preemption).
//!
//! [`START_WAKER`]: super::summary::START_WAKER
//! [`WakeRecord`]: wakelab_sim::engine::WakeRecord
//! [`PlainWake`]: wakelab_sim::engine::PlainWake

use std::collections::BTreeMap;

use wakelab_sim::experiment::PointDetail;

/// One wake-up of a run as the stream needs it.
struct Wake {
    t_ns: u64,
    wakee: TaskIdx,
    waker_cpu: usize,
    waker: Option<TaskIdx>,
    new_task: bool,
}

/// Every wake-up of a run, decided or not.
fn all_wakes(d: &PointDetail) -> impl Iterator<Item = Wake> + '_ {
    d.wake_records
        .iter()
        .map(|w| Wake {
            t_ns: w.t_ns,
            wakee: w.task,
            waker_cpu: w.waker_cpu as usize,
            waker: w.waker,
            new_task: w.new_task,
        })
        .chain(d.plain_wakes.iter().map(|w| Wake {
            t_ns: w.t_ns,
            wakee: w.task,
            waker_cpu: w.waker_cpu as usize,
            waker: w.waker,
            new_task: w.new_task,
        }))
}

use super::events::{Event, EventKind, EventStream, ReadStats, TaskIdx, TaskInfo, TraceSource};

/// The event stream of a simulated run.
pub fn stream_of_point(d: &PointDetail) -> EventStream {
    let nr_cpus = d.result.cpu_busy_pct.len().max(
        d.timeline
            .iter()
            .map(|s| s.cpu as usize + 1)
            .max()
            .unwrap_or(0),
    );
    let max_task = d
        .timeline
        .iter()
        .filter_map(|s| s.task)
        .chain(all_wakes(d).map(|w| w.wakee))
        .max()
        .map_or(0, |m| m as usize + 1)
        .max(d.task_names.len());
    let tasks: Vec<TaskInfo> = (0..max_task)
        .map(|i| TaskInfo {
            pid: i as u32,
            comm: d
                .task_names
                .get(i)
                .cloned()
                .unwrap_or_else(|| format!("forked-{i}")),
        })
        .collect();

    // per CPU, segments in time order; per task, its segment starts and wake-up times
    let mut per_cpu: Vec<Vec<(u64, u64, Option<TaskIdx>)>> = vec![Vec::new(); nr_cpus];
    let mut starts: Vec<Vec<u64>> = vec![Vec::new(); max_task];
    let mut ends_at: Vec<Vec<u64>> = vec![Vec::new(); max_task];
    for s in &d.timeline {
        per_cpu[s.cpu as usize].push((s.start, s.end, s.task));
        if let Some(t) = s.task {
            starts[t as usize].push(s.start);
            ends_at[t as usize].push(s.end);
        }
    }
    for v in &mut per_cpu {
        v.sort_unstable();
    }
    for v in starts.iter_mut().chain(ends_at.iter_mut()) {
        v.sort_unstable();
    }
    let (w0, w1) = (
        d.timeline.iter().map(|s| s.start).min().unwrap_or(0),
        d.timeline.iter().map(|s| s.end).max().unwrap_or(0),
    );
    let mut wakes: Vec<Vec<u64>> = vec![Vec::new(); max_task];
    for w in all_wakes(d) {
        if w.t_ns >= w0 && w.t_ns <= w1 {
            wakes[w.wakee as usize].push(w.t_ns);
        }
    }
    for v in &mut wakes {
        v.sort_unstable();
    }
    let first_after = |v: &[u64], t: u64| v.get(v.partition_point(|&x| x < t)).copied();
    let first_strictly_after = |v: &[u64], t: u64| v.get(v.partition_point(|&x| x <= t)).copied();
    let blocked = |task: TaskIdx, t: u64| {
        let w = first_after(&wakes[task as usize], t);
        let s = first_strictly_after(&starts[task as usize], t);
        match (w, s) {
            (Some(w), Some(s)) => w <= s,
            (None, Some(_)) => false,
            _ => true,
        }
    };

    // (time, rank, event): at one instant wake-ups go before switches (a waker that wakes and
    // blocks at once), unless the wakee itself leaves a CPU at that instant (it blocked first)
    let mut evs: Vec<(u64, u8, Event)> = Vec::new();
    for (cpu, segs) in per_cpu.iter().enumerate() {
        let mut cur: Option<Option<TaskIdx>> = None;
        let mut cur_end = 0;
        for &(start, end, task) in segs {
            if let Some(c) = cur {
                if cur_end < start && c.is_some() {
                    // a gap (outside the window or dropped): the CPU went idle
                    evs.push(switch(cur_end, cpu, c, None, &blocked));
                    cur = Some(None);
                }
            }
            let prev = cur.unwrap_or(None);
            if cur.is_none() || prev != task {
                evs.push(switch(start, cpu, prev, task, &blocked));
            }
            cur = Some(task);
            cur_end = end;
        }
        if let Some(Some(t)) = cur {
            evs.push(switch(cur_end, cpu, Some(t), None, &blocked));
        }
    }
    for Wake {
        t_ns,
        wakee,
        waker_cpu,
        waker,
        new_task,
    } in all_wakes(d)
    {
        if t_ns < w0 || t_ns > w1 {
            continue;
        }
        let late = ends_at[wakee as usize].binary_search(&t_ns).is_ok();
        evs.push((
            t_ns,
            if late { 2 } else { 0 },
            Event {
                t_ns,
                cpu: waker_cpu as u32,
                kind: EventKind::Wake {
                    waker,
                    wakee,
                    new_task,
                },
            },
        ));
    }
    for f in &d.freq_samples {
        if f.t_ns >= w0 && f.t_ns <= w1 {
            evs.push((
                f.t_ns,
                1,
                Event {
                    t_ns: f.t_ns,
                    cpu: f.cpu as u32,
                    kind: EventKind::Freq { khz: f.khz },
                },
            ));
        }
    }
    evs.sort_by_key(|e| (e.0, e.1));
    let mut kept: BTreeMap<String, u64> = BTreeMap::new();
    for (_, _, e) in &evs {
        let name = match e.kind {
            EventKind::Switch { .. } => "sched_switch",
            EventKind::Wake { .. } => "sched_waking",
            EventKind::Freq { .. } => "cpu_frequency",
            _ => "other",
        };
        *kept.entry(name.into()).or_insert(0) += 1;
    }
    EventStream {
        source: TraceSource::Wakelab,
        tasks,
        events: evs.into_iter().map(|e| e.2).collect(),
        nr_cpus: nr_cpus as u32,
        stats: ReadStats {
            kept,
            ..ReadStats::default()
        },
        meta: BTreeMap::new(),
    }
}

fn switch(
    t: u64,
    cpu: usize,
    prev: Option<TaskIdx>,
    next: Option<TaskIdx>,
    blocked: &impl Fn(TaskIdx, u64) -> bool,
) -> (u64, u8, Event) {
    (
        t,
        1,
        Event {
            t_ns: t,
            cpu: cpu as u32,
            kind: EventKind::Switch {
                prev,
                prev_blocked: prev.is_some_and(|p| blocked(p, t)),
                next,
                inferred: false,
            },
        },
    )
}
