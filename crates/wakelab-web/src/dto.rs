//! Messages between the page (main thread) and the simulation Web Workers.
//!
//! These are dedicated wire types, never the core's internal types: the core may change its
//! structs freely, and only [`crate::glue`] has to follow. Every message travels in an
//! [`Envelope`] carrying [`DTO_VERSION`]; a receiver rejects a version it does not know (the
//! page and the workers come from one build, so a mismatch means a stale cached file).
//! Encoded with serde-wasm-bindgen as plain JS objects; keep integers below 2^53 (u32 seeds,
//! nanosecond times of runs shorter than 120 s).
//!
//! Experiments travel as the core's experiment JSON (the CLI's file format) and point results
//! as the core's `--points-out` JSON: both are the core's stable, versioned file formats, so
//! the worker and the page agree on them without mirroring the core's structs here.

use serde::{Deserialize, Serialize};

/// Version of every message type in this module. Bump on any incompatible change.
pub const DTO_VERSION: u32 = 5;

/// A versioned message.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Envelope<T> {
    pub v: u32,
    pub msg: T,
}

impl<T> Envelope<T> {
    pub fn new(msg: T) -> Envelope<T> {
        Envelope {
            v: DTO_VERSION,
            msg,
        }
    }

    /// The message, if the envelope has the version this build speaks.
    pub fn open(self) -> Result<T, String> {
        if self.v == DTO_VERSION {
            Ok(self.msg)
        } else {
            Err(format!(
                "message version {} but this page speaks version {DTO_VERSION}; reload the page",
                self.v
            ))
        }
    }
}

/// Page -> worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ToWorker {
    /// Run one point of an experiment (variant x clients x iteration).
    RunPoint(PointJob),
    /// Run one point with a timeline window (and optionally explain one wake-up).
    RunDetail(DetailJob),
    /// Run one point and export it as a Chrome trace-event JSON document (Perfetto).
    Trace(TraceJob),
    /// Read a scheduler trace (`perf script` / `trace-cmd report` text, plain or gzip),
    /// summarise it and derive its closed-loop workload.
    ImportTrace(ImportTraceJob),
}

/// Worker -> page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum FromWorker {
    /// The worker's wasm is loaded and its message handler installed; sent once, first.
    Ready,
    /// Simulated fraction (0..1) of the job's run so far (sent at most every ~100 ms).
    Progress {
        job: u32,
        frac: f64,
    },
    Point(PointDone),
    Detail(Box<DetailDone>),
    Trace(TraceDone),
    ImportTrace(Box<ImportTraceDone>),
    Error {
        #[serde(default)]
        job: Option<u32>,
        message: String,
    },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PointJob {
    /// Chosen by the page; echoed in the reply.
    pub job: u32,
    /// The experiment as the core's JSON file format.
    pub experiment: String,
    pub variant: u32,
    pub clients: u32,
    pub iteration: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PointDone {
    pub job: u32,
    /// The core's `PointResult` as JSON (the `wakelab run --points-out` format).
    pub result: String,
    /// Wall-clock time the worker spent, ms (measured by the worker, not the core).
    pub elapsed_ms: f64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DetailJob {
    pub job: u32,
    pub experiment: String,
    pub variant: u32,
    pub clients: u32,
    pub iteration: u32,
    /// Timeline window start and end, ms of simulated time.
    pub window_start_ms: f64,
    pub window_end_ms: f64,
    /// Index of the wake-up decision to explain (from [`WakeDto::decision`]).
    #[serde(default)]
    pub explain: Option<u64>,
}

/// One stretch of a CPU's timeline.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SegDto {
    pub cpu: u32,
    pub start_ns: u64,
    pub end_ns: u64,
    /// Index into [`DetailDone::task_names`]; `None` = idle.
    pub task: Option<u32>,
}

/// A frequency change.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct FreqDto {
    pub cpu: u32,
    pub t_ns: u64,
    pub khz: u32,
}

/// A CPU's count of runnable tasks changing (running or waiting, RT included; 6.18's delayed
/// sleepers left out, as a trace would show them).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunnableDto {
    pub cpu: u32,
    pub t_ns: u64,
    pub nr: u32,
}

/// One wake-up placement decision.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WakeDto {
    pub t_ns: u64,
    pub task: u32,
    /// The task that ran the wake-up (`current` at `try_to_wake_up`, a trace's `sched_waking`):
    /// the waker's own step, the parent at a fork, or the task an interrupt's wake-up
    /// interrupted; `None` for the idle task (an interrupt on an idle CPU, or a scenario's task
    /// starting).
    pub waker: Option<u32>,
    pub waker_cpu: u32,
    /// `wake_up_new_task`: a fork (with its parent as `waker`) or a scenario's task starting.
    pub new_task: bool,
    /// WF_SYNC: the waker said it is about to sleep.
    pub sync: bool,
    pub prev_cpu: u32,
    pub cpu: u32,
    /// The rule that chose the CPU (e.g. `RecentUsed`).
    pub rule: String,
    pub decision: u64,
}

/// The detail run's placement decisions taken again under the first variant's kernel on the
/// same states (`DetailOptions::shadow_kernel`): how many of them the variant's kernel decides
/// differently.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShadowDto {
    /// The first variant's name.
    pub against: String,
    pub decisions: u64,
    pub differ_cpu: u64,
    pub differ_state: u64,
    pub differ_cost: u64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DetailDone {
    pub job: u32,
    pub variant: u32,
    pub clients: u32,
    pub iteration: u32,
    pub window_start_ms: f64,
    pub window_end_ms: f64,
    pub nr_cpus: u32,
    /// Highest frequency of the machine (MHz), for the frequency strips.
    pub max_mhz: f64,
    pub task_names: Vec<String>,
    pub segs: Vec<SegDto>,
    /// Frequency changes in the window, plus each CPU's frequency at the window start.
    pub freq: Vec<FreqDto>,
    /// Runnable-count changes in the window, per CPU from its first change (a CPU whose count
    /// does not change in the window has none).
    #[serde(default)]
    pub runnable: Vec<RunnableDto>,
    /// Wake-ups in the window (at most [`crate::glue::MAX_WAKES`]).
    pub wakes: Vec<WakeDto>,
    /// The point's result (benchmark value, unit).
    pub value: f64,
    pub unit: String,
    pub explain: Option<u64>,
    /// The decision trace (`render_events`) when `explain` was set and the decision was seen.
    pub explanation: Option<String>,
    pub elapsed_ms: f64,
    /// Recording bounds this run reached, as sentences for the page (empty: none).
    #[serde(default)]
    pub notes: Vec<String>,
    /// Against the first variant's kernel, when this variant's kernel differs from it.
    #[serde(default)]
    pub shadow: Option<ShadowDto>,
    /// When the window's timeline segments reached `engine.max_timeline_segments`: the time
    /// (ms) after which segments are missing. Segments are recorded in the window only, so a
    /// run of a shorter or later window records them (the timeline's zoom re-runs then).
    #[serde(default)]
    pub segments_missing_from_ms: Option<f64>,
}

/// Export one point (variant x clients x iteration) as a Perfetto-compatible trace.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TraceJob {
    pub job: u32,
    pub experiment: String,
    pub variant: u32,
    pub clients: u32,
    pub iteration: u32,
    /// Time window (ms of simulated time); `None` = the whole run.
    #[serde(default)]
    pub window_ms: Option<(f64, f64)>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TraceDone {
    pub job: u32,
    pub variant: u32,
    pub clients: u32,
    /// The Chrome trace-event JSON document.
    pub json: String,
    /// The exported window, ms.
    pub from_ms: f64,
    pub to_ms: f64,
    pub nr_cpus: u32,
    pub elapsed_ms: f64,
}

/// Property of the posted message (beside `v` and `msg`) that carries a job's file: the
/// browser's `Blob` itself, which structured clone shares without copying its bytes. A JS
/// object cannot travel inside the serde-encoded message (an internally tagged enum buffers
/// its content, which loses `serde_wasm_bindgen::preserve`'s wrapper), so it rides beside it.
pub const ATTACHMENT: &str = "attachment";

/// Read a scheduler trace file (the page's "Import a scheduler trace" panel). The file is the
/// message's [`ATTACHMENT`]; the worker reads it with `FileReaderSync`. The page checks its
/// size against the reader's `MAX_TRACE_BYTES` before posting.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ImportTraceJob {
    pub job: u32,
    /// Clock (MHz) of the recording machine: the derivation turns CPU time into cycles at it.
    pub mhz: u32,
    /// The comm groups the derived workload keeps (`trace-import --groups`); empty = every
    /// group.
    pub groups: Vec<String>,
    /// Tasks with fewer complete bursts are left out (`trace-import --min-bursts`).
    pub min_bursts: u32,
}

/// A trace read: its summary, and the derived workload (or why there is none).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ImportTraceDone {
    pub job: u32,
    pub summary: TraceSummaryDto,
    /// The derived workload as the core's workload JSON (`"kind": "custom"`); `None` when no
    /// task qualifies (`derive_error` says why).
    pub workload: Option<String>,
    pub derive_error: Option<String>,
    /// What the derivation assumed or left out.
    pub derive_notes: Vec<String>,
    /// Tasks in the derived workload.
    pub derived_tasks: u32,
    /// The derivation's options, as asked.
    pub mhz: u32,
    pub groups: Vec<String>,
    pub min_bursts: u32,
    pub elapsed_ms: f64,
}

/// The summary as the page shows it (numbers already reduced to what the tables print; times
/// in µs). Built by `crate::sched_import::summary_dto` from the interop crate's summary.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TraceSummaryDto {
    /// `perf script`, `trace-cmd report`, ...
    pub source: String,
    pub nr_cpus: u32,
    pub span_ms: f64,
    pub lines: u64,
    pub tasks: u64,
    pub context_switches: u64,
    pub wakeups: u64,
    /// Share (0..1) of the wake-ups switched in on an idle CPU; `None` without any.
    pub woken_to_idle: Option<f64>,
    pub migrations: u64,
    pub wake_migrations: u64,
    /// perf's header lines (host, kernel, CPU, command line), in key order.
    pub meta: Vec<(String, String)>,
    /// Event lines skipped, by name.
    pub skipped: Vec<(String, u64)>,
    pub groups: Vec<GroupRowDto>,
    pub edges: Vec<EdgeDto>,
    pub cpus: Vec<CpuRowDto>,
    /// The summary's own notes (lists cut, events lost).
    pub notes: Vec<String>,
}

/// One comm group (digit runs collapsed: `kworker/*:*`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct GroupRowDto {
    pub group: String,
    pub tasks: u32,
    /// Of its tasks, those the derived workload keeps.
    pub kept: u32,
    /// CPU time over the trace's span: 1.0 = one CPU's worth.
    pub cpu_share: f64,
    pub run_p50_us: Option<f64>,
    pub run_p90_us: Option<f64>,
    pub burst_p50_us: Option<f64>,
    pub burst_p90_us: Option<f64>,
    pub sleep_p50_us: Option<f64>,
    /// Wake-ups this group issued per time one of its tasks blocked.
    pub wakes_per_block: Option<f64>,
    /// Share of its wake-ups switched in on an idle CPU.
    pub woken_to_idle: Option<f64>,
    pub migrations: u64,
    pub wake_migrations: u64,
}

/// Who wakes whom, by comm group.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct EdgeDto {
    pub waker: String,
    pub wakee: String,
    pub count: u64,
    /// Of all wake-ups in the trace.
    pub share: f64,
    /// Of this edge's wake-ups, switched in on an idle CPU.
    pub to_idle: f64,
}

/// One CPU.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct CpuRowDto {
    pub cpu: u32,
    /// Busy share (0..1) from the CPU's first switch to the end of the trace.
    pub busy: f64,
    pub context_switches: u64,
    /// Time-weighted mean frequency, MHz (with `power:cpu_frequency` events).
    pub mean_mhz: Option<f64>,
    /// Share of the recorded idle time in each idle state (with `power:cpu_idle` events).
    pub idle_states: Vec<(u32, f64)>,
}
