//! One simulated run as a Chrome trace-event JSON document (the "JSON Array/Object Format" of
//! the Trace Event Format), which ui.perfetto.dev imports natively and chrome://tracing opens.
//!
//! Layout:
//!
//! * process 1 `"CPUs"`, one thread per CPU named `"CPU N"` (tid `N + 1`, sorted by N): a
//!   complete event (`ph: "X"`) per stretch a task ran, named by the task;
//! * on the CPU that was chosen, an instant event (`ph: "i"`, `s: "t"`) per wake-up with the
//!   waker CPU, prev CPU, chosen CPU and the placement rule that fired in `args`, and a flow
//!   (`ph: "s"` on the waker's CPU, `ph: "f"` on the chosen CPU, same `id`) from the waker to the
//!   next slice on the chosen CPU;
//! * an instant `"migrate <task>"` wherever a task changed CPU: at its wake-up (`reason:
//!   "wake-up"`) or, when no wake-up explains it, at the start of its first slice on the new CPU
//!   (`reason: "load balance / preemption (from the timeline)"`);
//! * per-CPU counters (`ph: "C"`): `"CPU N freq"` (`MHz`) and `"CPU N state"` (`busy` = 1 while
//!   a task runs, 0 idle). The model does not record C-state residency per instant, so the
//!   idle-state track is this busy/idle counter.
//!
//! Timestamps are µs written with exactly three decimals (ns precision; no float rounding),
//! events are sorted by time, so every track is monotonic. Metadata about the run and notes on
//! what was left out go to `otherData`.

use std::collections::HashMap;
use std::fmt;
use std::fmt::Write as _;

use wakelab_sim::experiment::PointDetail;

/// Default bound on the timeline segments of one export (about 150 bytes each in the JSON).
pub const MAX_TRACE_SEGMENTS: usize = 150_000;
/// Bound on all events of one export.
pub const MAX_TRACE_EVENTS: usize = 1_000_000;

/// The process holding the CPU tracks.
pub const CPUS_PID: u32 = 1;

/// Options of an export.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceOptions {
    /// Export only `[from, to)` ns of simulated time. `None` = the whole run `[0, sim_ns]`.
    /// Pass the same window the run was made with (`DetailOptions.window`): the engine records
    /// the timeline only there, but wake-up and frequency records everywhere.
    pub window: Option<(u64, u64)>,
    /// Refuse runs with more timeline segments than this in the window.
    pub max_segments: usize,
    /// Refuse runs whose export would hold more events than this (segments, wake-up flows and
    /// instants, frequency samples); at most `MAX_TRACE_EVENTS`, larger values are capped.
    pub max_events: usize,
    /// A title stored in `otherData`.
    pub title: Option<String>,
}

impl Default for TraceOptions {
    fn default() -> Self {
        TraceOptions {
            window: None,
            max_segments: MAX_TRACE_SEGMENTS,
            max_events: MAX_TRACE_EVENTS,
            title: None,
        }
    }
}

/// Why a run cannot be exported.
#[derive(Clone, Debug, PartialEq)]
pub enum TraceError {
    /// Too many segments, or too many trace events in all: export a shorter window.
    TooLong {
        segments: usize,
        max_segments: usize,
        /// The export's estimated event count (segments, wake-up flows and instants, frequency
        /// samples) against `MAX_TRACE_EVENTS`.
        events: usize,
        max_events: usize,
        window_ns: (u64, u64),
        /// A window length (ns) that should fit, from the run's segment density.
        suggested_window_ns: u64,
    },
    /// The run was made without a timeline (`DetailOptions.window` unset).
    NoTimeline,
    /// The window is empty or inverted.
    BadWindow { from_ns: u64, to_ns: u64 },
    /// A record names a CPU the machine does not have.
    BadCpu { cpu: usize, machine_cpus: usize },
}

impl fmt::Display for TraceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TraceError::TooLong {
                window_ns,
                suggested_window_ns,
                ..
            } => write!(
                f,
                "the run is too long to export whole: {:.3}..{:.3} ms hold {}; export a time \
                 window of at most about {:.3} ms (CLI: --from-ms A --to-ms B; API: \
                 DetailOptions.window and TraceOptions.window)",
                window_ns.0 as f64 / 1e6,
                window_ns.1 as f64 / 1e6,
                self.too_long_what().unwrap_or_default(),
                *suggested_window_ns as f64 / 1e6
            ),
            TraceError::NoTimeline => write!(
                f,
                "the run has no timeline: run it with DetailOptions.window set to the time \
                 window to export"
            ),
            TraceError::BadWindow { from_ns, to_ns } => write!(
                f,
                "empty time window {:.3}..{:.3} ms: the end must be after the start",
                *from_ns as f64 / 1e6,
                *to_ns as f64 / 1e6
            ),
            TraceError::BadCpu { cpu, machine_cpus } => write!(
                f,
                "the run names CPU {cpu} but the machine has {machine_cpus} CPUs"
            ),
        }
    }
}

impl std::error::Error for TraceError {}

impl TraceError {
    /// For `TooLong`: which bound the window exceeds, e.g. "184534 timeline segments, more than
    /// the 150000 a trace may hold" or "about 1203311 trace events, more than the 1000000 ...".
    pub fn too_long_what(&self) -> Option<String> {
        let TraceError::TooLong {
            segments,
            max_segments,
            events,
            max_events,
            ..
        } = self
        else {
            return None;
        };
        Some(if segments > max_segments {
            format!("{segments} timeline segments, more than the {max_segments} a trace may hold")
        } else {
            format!(
                "about {events} trace events (timeline segments, wake-ups and their \
                 preemption checks, frequency and runqueue-length samples), more than the {max_events} a trace may \
                 hold"
            )
        })
    }
}

/// Export the whole run (window `[0, sim_ns]`) with the default bounds.
pub fn chrome_trace(detail: &PointDetail, machine_cpus: usize) -> Result<String, TraceError> {
    chrome_trace_with(detail, machine_cpus, &TraceOptions::default())
}

/// Append a counter value at `t` to a time-ordered step series: a later value at the same
/// instant replaces the earlier one, and a value equal to the one in force adds no step.
fn push_step(points: &mut Vec<(u64, u32)>, t: u64, v: u32) {
    if points.last().is_some_and(|p| p.0 == t) {
        points.pop();
    }
    if points.last().is_some_and(|p| p.1 == v) {
        return;
    }
    points.push((t, v));
}

/// µs with exactly three decimals from integer ns.
fn us(ns: u64) -> String {
    format!("{}.{:03}", ns / 1000, ns % 1000)
}

/// A signed duration in µs with ns precision ("-3.600").
fn signed_us(ns: i64) -> String {
    let sign = if ns < 0 { "-" } else { "" };
    format!("{sign}{}", us(ns.unsigned_abs()))
}

fn js(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_else(|_| "\"?\"".into())
}

fn tid(cpu: usize) -> u32 {
    cpu as u32 + 1
}

struct Out {
    /// (ts ns, insertion order, JSON object).
    ev: Vec<(u64, usize, String)>,
}

impl Out {
    fn push(&mut self, ts: u64, s: String) {
        let n = self.ev.len();
        self.ev.push((ts, n, s));
    }
}

/// Export a run (or the window in `opts`) as Chrome trace-event JSON.
pub fn chrome_trace_with(
    detail: &PointDetail,
    machine_cpus: usize,
    opts: &TraceOptions,
) -> Result<String, TraceError> {
    let (from, to) = opts.window.unwrap_or((0, detail.result.sim_ns));
    if to <= from {
        return Err(TraceError::BadWindow {
            from_ns: from,
            to_ns: to,
        });
    }
    if detail.timeline.is_empty() {
        return Err(TraceError::NoTimeline);
    }
    let in_window = |s: &&wakelab_sim::engine::stats::TimelineSeg| s.end > from && s.start < to;
    let nseg = detail.timeline.iter().filter(in_window).count();
    let nwake = detail
        .wake_records
        .iter()
        .filter(|w| w.t_ns >= from && w.t_ns <= to)
        .count();
    let nplain = detail
        .plain_wakes
        .iter()
        .filter(|w| w.t_ns >= from && w.t_ns <= to)
        .count();
    let npreempt = detail
        .wake_preempts
        .iter()
        .filter(|w| w.t_ns >= from && w.t_ns <= to)
        .count();
    // the counters: each CPU's value at the window start, then its changes inside the window
    let nfreq = detail
        .freq_samples
        .iter()
        .filter(|f| f.t_ns > from && f.t_ns <= to)
        .count()
        + machine_cpus;
    let nrunnable = detail
        .runnable
        .iter()
        .filter(|r| r.t_ns >= from && r.t_ns <= to)
        .count();
    let estimate = nseg * 3 + nwake * 4 + nplain + npreempt + nfreq + nrunnable;
    let max_events = opts.max_events.min(MAX_TRACE_EVENTS);
    if nseg > opts.max_segments || estimate > max_events {
        // densities over the span the recorded segments cover (the engine stops recording at
        // its cap, so the last recorded end may be well before `to`); the suggestion fits both
        // bounds with a 20% margin
        let covered_end = detail
            .timeline
            .iter()
            .filter(in_window)
            .map(|s| s.end.min(to))
            .max()
            .unwrap_or(to);
        let span = covered_end.saturating_sub(from).max(1) as f64;
        let fit_segments = opts.max_segments as f64 * 0.8 / (nseg.max(1) as f64 / span);
        let fit_events = max_events as f64 * 0.8 / (estimate.max(1) as f64 / span);
        let suggested = (fit_segments.min(fit_events).max(1.0) as u64).clamp(1, to - from);
        return Err(TraceError::TooLong {
            segments: nseg,
            max_segments: opts.max_segments,
            events: estimate,
            max_events,
            window_ns: (from, to),
            suggested_window_ns: suggested,
        });
    }
    let check_cpu = |c: usize| {
        if c >= machine_cpus {
            Err(TraceError::BadCpu {
                cpu: c,
                machine_cpus,
            })
        } else {
            Ok(())
        }
    };
    let name_of = |t: u32| -> String {
        detail
            .task_names
            .get(t as usize)
            .cloned()
            .unwrap_or_else(|| format!("task {t}"))
    };
    let mut notes: Vec<String> = Vec::new();
    let mut out = Out { ev: Vec::new() };

    // ---- task slices and busy/idle state, per CPU --------------------------------------------
    type Slice = (u64, u64, Option<u32>, Option<i64>);
    let mut per_cpu: Vec<Vec<Slice>> = vec![Vec::new(); machine_cpus];
    for s in detail.timeline.iter().filter(in_window) {
        let c = s.cpu as usize;
        check_cpu(c)?;
        let (a, b) = (s.start.max(from), s.end.min(to));
        if b > a {
            per_cpu[c].push((a, b, s.task, s.lag_ns));
        }
    }
    let mut clipped = false;
    // per task: (start, end, cpu) of its slices, for migrations
    let mut per_task: HashMap<u32, Vec<(u64, u64, usize)>> = HashMap::new();
    for (c, segs) in per_cpu.iter_mut().enumerate() {
        segs.sort_by_key(|s| (s.0, s.1));
        let mut last_state: Option<u8> = None;
        for &(a, b, task, lag_ns) in segs.iter() {
            let state = task.is_some() as u8;
            if last_state != Some(state) {
                out.push(
                    a,
                    format!(
                        r#"{{"name":{},"cat":"cpu","ph":"C","pid":{CPUS_PID},"tid":{},"ts":{},"args":{{"busy":{state}}}}}"#,
                        js(&format!("CPU {c} state")),
                        tid(c),
                        us(a)
                    ),
                );
                last_state = Some(state);
            }
            if let Some(t) = task {
                clipped |= a == from || b == to;
                out.push(
                    a,
                    format!(
                        r#"{{"name":{},"cat":"sched","ph":"X","pid":{CPUS_PID},"tid":{},"ts":{},"dur":{},"args":{{"task":{},"task_id":{t},"cpu":{c}{}}}}}"#,
                        js(&name_of(t)),
                        tid(c),
                        us(a),
                        us(b - a),
                        js(&name_of(t)),
                        // EEVDF: the lag the task was picked with (µs of virtual time)
                        lag_ns.map_or(String::new(), |l| format!(r#","lag_at_pick_us":{}"#, signed_us(l))),
                    ),
                );
                per_task.entry(t).or_default().push((a, b, c));
            }
        }
        // close the state track at the window end (or the last segment's end)
        if let Some(&(_, b, _, _)) = segs.last() {
            if last_state == Some(1) {
                out.push(
                    b,
                    format!(
                        r#"{{"name":{},"cat":"cpu","ph":"C","pid":{CPUS_PID},"tid":{},"ts":{},"args":{{"busy":0}}}}"#,
                        js(&format!("CPU {c} state")),
                        tid(c),
                        us(b)
                    ),
                );
            }
        }
    }
    if clipped {
        notes.push("slices crossing the window edges are cut at the edges".into());
    }

    // ---- wake-ups: instant on the chosen CPU, flow from the waker's CPU -----------------------
    // the task that ran the wake-up (the summary's group names for none)
    let waker_of = |waker: Option<u32>, new_task: bool| match waker {
        Some(w) => name_of(w),
        None if new_task => crate::sched_trace::summary::START_WAKER.to_string(),
        None => crate::sched_trace::summary::IDLE_WAKER.to_string(),
    };
    let mut wake_moves: HashMap<u32, Vec<(u64, usize)>> = HashMap::new();
    let mut last_wake: Option<u64> = None;
    for w in &detail.wake_records {
        last_wake = Some(last_wake.map_or(w.t_ns, |l: u64| l.max(w.t_ns)));
        if w.t_ns < from || w.t_ns > to {
            continue;
        }
        let (wc, pc, cc) = (w.waker_cpu as usize, w.prev_cpu as usize, w.cpu as usize);
        check_cpu(wc)?;
        check_cpu(pc)?;
        check_cpu(cc)?;
        let rule = serde_json::to_value(w.rule)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_else(|| format!("{:?}", w.rule));
        let name = name_of(w.task);
        let migrated = pc != cc;
        out.push(
            w.t_ns,
            format!(
                r#"{{"name":{},"cat":"wakeup","ph":"i","s":"t","pid":{CPUS_PID},"tid":{},"ts":{},"args":{{"task":{},"task_id":{},"waker":{},"waker_cpu":{wc},"prev_cpu":{pc},"cpu":{cc},"rule":{},"decision":{},"migrated":{migrated}}}}}"#,
                js(&format!("wakeup {name}")),
                tid(cc),
                us(w.t_ns),
                js(&name),
                w.task,
                js(&waker_of(w.waker, w.new_task)),
                js(&rule),
                w.decision
            ),
        );
        out.push(
            w.t_ns,
            format!(
                r#"{{"name":"wakeup","cat":"wakeup","ph":"s","id":{},"pid":{CPUS_PID},"tid":{},"ts":{}}}"#,
                w.decision,
                tid(wc),
                us(w.t_ns)
            ),
        );
        out.push(
            w.t_ns,
            format!(
                r#"{{"name":"wakeup","cat":"wakeup","ph":"f","id":{},"pid":{CPUS_PID},"tid":{},"ts":{}}}"#,
                w.decision,
                tid(cc),
                us(w.t_ns)
            ),
        );
        if migrated {
            out.push(
                w.t_ns,
                format!(
                    r#"{{"name":{},"cat":"migration","ph":"i","s":"t","pid":{CPUS_PID},"tid":{},"ts":{},"args":{{"task":{},"task_id":{},"from_cpu":{pc},"to_cpu":{cc},"reason":"wake-up","rule":{}}}}}"#,
                    js(&format!("migrate {name}")),
                    tid(cc),
                    us(w.t_ns),
                    js(&name),
                    w.task,
                    js(&rule),
                ),
            );
            wake_moves.entry(w.task).or_default().push((w.t_ns, cc));
        }
    }
    // wake-ups that made no placement decision (a pinned or RT task): an instant, no flow
    for w in &detail.plain_wakes {
        if w.t_ns < from || w.t_ns > to {
            continue;
        }
        let (wc, cc) = (w.waker_cpu as usize, w.cpu as usize);
        check_cpu(wc)?;
        check_cpu(cc)?;
        let name = name_of(w.task);
        out.push(
            w.t_ns,
            format!(
                r#"{{"name":{},"cat":"plain-wakeup","ph":"i","s":"t","pid":{CPUS_PID},"tid":{},"ts":{},"args":{{"task":{},"task_id":{},"waker":{},"waker_cpu":{wc},"cpu":{cc},"decision":"none: a pinned or RT task"}}}}"#,
                js(&format!("wakeup {name}")),
                tid(cc),
                us(w.t_ns),
                js(&name),
                w.task,
                js(&waker_of(w.waker, w.new_task)),
            ),
        );
        wake_moves.entry(w.task).or_default().push((w.t_ns, cc));
    }
    // 6.18: what the wake-up preemption check saw on a busy CPU (the engine keeps these only
    // inside the timeline window)
    for w in &detail.wake_preempts {
        if w.t_ns < from || w.t_ns > to {
            continue;
        }
        let cc = w.cpu as usize;
        check_cpu(cc)?;
        let (curr, wakee) = (name_of(w.curr), name_of(w.wakee));
        out.push(
            w.t_ns,
            format!(
                r#"{{"name":{},"cat":"wakeup-preempt","ph":"i","s":"t","pid":{CPUS_PID},"tid":{},"ts":{},"args":{{"curr":{},"curr_id":{},"curr_lag_us":{},"curr_eligible":{},"curr_protected":{},"wakee":{},"wakee_id":{},"wakee_lag_us":{},"wakee_eligible":{},"wakee_delayed":{},"need_resched":{}}}}}"#,
                js(&format!("wakeup_preempt {wakee}")),
                tid(cc),
                us(w.t_ns),
                js(&curr),
                w.curr,
                signed_us(w.curr_lag_ns),
                w.curr_eligible,
                w.curr_protected,
                js(&wakee),
                w.wakee,
                signed_us(w.wakee_lag_ns),
                w.wakee_eligible,
                w.wakee_delayed,
                w.resched,
            ),
        );
    }
    if let Some(l) = last_wake {
        if l < to {
            // records stop before the window ends: the engine keeps only the first N
            let after = detail
                .timeline
                .iter()
                .filter(|s| s.task.is_some() && s.start > l.max(from) && s.start < to)
                .count();
            if after > 100 {
                notes.push(format!(
                    "wake-up records end at {:.3} ms (the engine keeps the first \
                     engine.max_wakeup_records = {} records)",
                    l as f64 / 1e6,
                    detail.wake_records.len()
                ));
            }
        }
    }

    // ---- migrations the wake-ups do not explain (load balancing, preemption) -----------------
    let mut tasks: Vec<_> = per_task.into_iter().collect();
    tasks.sort_by_key(|(t, _)| *t);
    for (t, mut segs) in tasks {
        segs.sort_by_key(|s| (s.0, s.1));
        for pair in segs.windows(2) {
            let (prev, next) = (pair[0], pair[1]);
            if prev.2 == next.2 {
                continue;
            }
            let explained = wake_moves.get(&t).is_some_and(|v| {
                v.iter()
                    .any(|&(ts, c)| c == next.2 && ts >= prev.1 && ts <= next.0)
            });
            if !explained {
                let name = name_of(t);
                out.push(
                    next.0,
                    format!(
                        r#"{{"name":{},"cat":"migration","ph":"i","s":"t","pid":{CPUS_PID},"tid":{},"ts":{},"args":{{"task":{},"task_id":{t},"from_cpu":{},"to_cpu":{},"reason":"load balance / preemption (from the timeline)"}}}}"#,
                        js(&format!("migrate {name}")),
                        tid(next.2),
                        us(next.0),
                        js(&name),
                        prev.2,
                        next.2
                    ),
                );
            }
        }
    }

    // ---- frequency counters ------------------------------------------------------------------
    let mut freq: Vec<Vec<(u64, u32)>> = vec![Vec::new(); machine_cpus];
    for f in &detail.freq_samples {
        let c = f.cpu as usize;
        check_cpu(c)?;
        freq[c].push((f.t_ns, f.khz));
    }
    for (c, samples) in freq.iter_mut().enumerate() {
        samples.sort_by_key(|s| s.0);
        // the value in force at the window start, then every change inside it
        let mut points: Vec<(u64, u32)> = Vec::new();
        if let Some(&(_, k)) = samples.iter().rev().find(|s| s.0 <= from) {
            points.push((from, k));
        }
        for &(t, k) in samples.iter().filter(|s| s.0 > from && s.0 <= to) {
            push_step(&mut points, t, k);
        }
        for (t, k) in points {
            out.push(
                t,
                format!(
                    r#"{{"name":{},"cat":"cpu","ph":"C","pid":{CPUS_PID},"tid":{},"ts":{},"args":{{"MHz":{}}}}}"#,
                    js(&format!("CPU {c} freq")),
                    tid(c),
                    us(t),
                    us(k as u64) // kHz / 1000 with three decimals = MHz
                ),
            );
        }
    }
    if detail.freq_samples.is_empty() {
        notes.push("no frequency changes were recorded in this run".into());
    }

    // ---- runqueue lengths ----------------------------------------------------------------------
    // per CPU, the count after the last change at each instant (a dequeue and an enqueue in the
    // same nanosecond are one step)
    let mut runnable: Vec<Vec<(u64, u32)>> = vec![Vec::new(); machine_cpus];
    for r in detail
        .runnable
        .iter()
        .filter(|r| r.t_ns >= from && r.t_ns <= to)
    {
        let c = r.cpu as usize;
        check_cpu(c)?;
        push_step(&mut runnable[c], r.t_ns, r.nr);
    }
    for (c, points) in runnable.iter().enumerate() {
        for &(t, nr) in points {
            out.push(
                t,
                format!(
                    r#"{{"name":{},"cat":"cpu","ph":"C","pid":{CPUS_PID},"tid":{},"ts":{},"args":{{"tasks":{nr}}}}}"#,
                    js(&format!("CPU {c} runnable")),
                    tid(c),
                    us(t),
                ),
            );
        }
    }

    // ---- assemble -----------------------------------------------------------------------------
    out.ev.sort_by_key(|e| (e.0, e.1));
    let mut s = String::with_capacity(out.ev.len() * 160 + 4096);
    s.push_str("{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n");
    let mut first = true;
    let mut meta = |s: &mut String, line: String| {
        if !first {
            s.push_str(",\n");
        }
        first = false;
        s.push_str(&line);
    };
    meta(
        &mut s,
        format!(
            r#"{{"name":"process_name","ph":"M","pid":{CPUS_PID},"tid":0,"args":{{"name":"CPUs"}}}}"#
        ),
    );
    meta(
        &mut s,
        format!(
            r#"{{"name":"process_sort_index","ph":"M","pid":{CPUS_PID},"tid":0,"args":{{"sort_index":0}}}}"#
        ),
    );
    for c in 0..machine_cpus {
        meta(
            &mut s,
            format!(
                r#"{{"name":"thread_name","ph":"M","pid":{CPUS_PID},"tid":{},"args":{{"name":"CPU {c}"}}}}"#,
                tid(c)
            ),
        );
        meta(
            &mut s,
            format!(
                r#"{{"name":"thread_sort_index","ph":"M","pid":{CPUS_PID},"tid":{},"args":{{"sort_index":{c}}}}}"#,
                tid(c)
            ),
        );
    }
    for (_, _, e) in out.ev {
        meta(&mut s, e);
    }
    s.push_str("\n],\n\"otherData\":{");
    let r = &detail.result;
    let _ = write!(
        s,
        "\"generator\":\"wakelab\",\"title\":{},\"variant\":{},\"clients\":{},\"iteration\":{},\
         \"window_ns\":[{from},{to}],\"sim_ns\":{},\"machine_cpus\":{machine_cpus},\"notes\":[",
        js(opts.title.as_deref().unwrap_or("")),
        r.variant,
        r.clients,
        r.iteration,
        r.sim_ns
    );
    for (i, n) in notes.iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        s.push_str(&js(n));
    }
    s.push_str("]}}\n");
    Ok(s)
}
