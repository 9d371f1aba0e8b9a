//! Workload generators written in the task-behaviour language (issue 6).
//!
//! A [`WorkloadConfig`] (tbench, dbench, hackbench, pgbench, netperf, schbench, barrier or a
//! custom task list) plus any mix of [`Interference`] (rt-app style periodic RT tasks, interrupt
//! load, CPU hogs, imported task lists) is turned by [`build`] into the engine's input: initial
//! tasks, fork templates, periodic interrupt sources, the [`Metric`] that turns the engine's
//! counters into the benchmark's number, and whether the run ends when every task exited.
//!
//! Everything here is deterministic: generators are pure functions of the configuration, the
//! client count and the topology (no hash-map iteration, no floating point that reaches the
//! simulation; floats only appear in [`Metric::value`], after a run).
//!
//! What each workload models, its parameters and where every default comes from:
//! docs/workloads.md. rt-app import/export: [`rtapp`].

mod config;
mod error;
mod generators;
mod interference;
mod noise;
pub mod rtapp;
mod validate;

pub use config::{
    BarrierConfig, CustomConfig, DbenchConfig, DbenchVariant, HackbenchConfig, HackbenchIpc,
    HackbenchMode, Kworkers, LoopDevice, NOMINAL_MHZ, NetperfConfig, NetperfProto, PgbenchConfig,
    PgbenchSocket, SchbenchConfig, StartPolicy, TbenchConfig, WorkloadConfig, XfsFsync,
};
pub use error::{ConfigError, WorkloadError};
pub use generators::{BARRIER_ID, HACKBENCH_GATE, PG_AUX, PgAux, RESERVED_BARRIER_BASE};
pub use interference::{
    HogInterference, Interference, IrqInterference, MAX_INSTANCES, RtInterference,
    TasksInterference,
};
pub use noise::{
    COST_JITTER_PERMILLE, MAX_COST_JITTER_PERMILLE, MAX_RATE_PERMILLE, NoiseError, SystemNoise,
};
pub use validate::{FIFO_PRIO, MAX_NAME_CHARS, MAX_START_NS, NICE, validate};

use serde::{Deserialize, Serialize};

use crate::engine::behaviour::{Phase, TaskRef, TaskSpec, compile};
use crate::engine::stats::Histogram;
use crate::engine::{IrqSource, MAX_TASKS};
use crate::topology::Topology;

/// Most clients (threads, groups, instances) one build accepts.
pub const MAX_CLIENTS: u32 = 4096;

/// How the engine's counters become the benchmark's number.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Metric {
    /// `ops * per_op / measured seconds` (ops counted after the warm-up). Higher is better.
    Throughput { unit: String, per_op: f64 },
    /// Seconds from the start of the run until every benchmark task exited. Lower is better.
    CompletionTime,
    /// The `percentile`-th wake-up latency (engine histogram: time from becoming runnable to
    /// running), in microseconds. Lower is better.
    Latency { percentile: u32 },
}

impl Metric {
    /// Whether a larger value is better (Hmean for throughput, Amean for times).
    pub fn higher_is_better(&self) -> bool {
        matches!(self, Metric::Throughput { .. })
    }

    /// Unit of [`Metric::value`].
    pub fn unit(&self) -> &str {
        match self {
            Metric::Throughput { unit, .. } => unit,
            Metric::CompletionTime => "seconds",
            Metric::Latency { .. } => "usec",
        }
    }

    /// The benchmark's number from a run: `ops` counted after the warm-up, `measured_s` the
    /// measured window (end minus warm-up), `elapsed_s` the whole run, `latency` the engine's
    /// wake-up latency histogram. A zero-length window gives 0.
    pub fn value(&self, ops: u64, measured_s: f64, _elapsed_s: f64, latency: &Histogram) -> f64 {
        match self {
            Metric::Throughput { per_op, .. } => {
                if measured_s > 0.0 {
                    ops as f64 * per_op / measured_s
                } else {
                    0.0
                }
            }
            // the caller passes the time from the benchmark's own start to its end
            Metric::CompletionTime => measured_s,
            Metric::Latency { percentile } => latency.percentile(*percentile) as f64 / 1000.0,
        }
    }
}

/// What [`build`] produces: the engine's task list and everything needed to read the result.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct WorkloadBuild {
    /// Tasks that exist at start: the benchmark's first, then interference tasks.
    pub tasks: Vec<TaskSpec>,
    /// Fork templates (`Phase::Fork { template }` indexes this list).
    pub templates: Vec<TaskSpec>,
    /// Periodic interrupt sources (interrupt interference).
    pub irqs: Vec<IrqSource>,
    pub metric: Metric,
    /// End the run when every task exited (completion-time workloads).
    pub stop_when_all_exited: bool,
    /// The last `background_tasks` entries of `tasks` are interference that never exits; a
    /// completion-time run should end when all *other* tasks exited (needs engine support, see
    /// docs/workloads.md "Engine notes").
    pub background_tasks: u32,
    /// Tasks the programs fork while running (their ids follow every initial task, in fork
    /// order). Programs may reference them: compile with `n_tasks = tasks.len() + forked_tasks`
    /// ([`WorkloadBuild::compile_programs`]).
    pub forked_tasks: u32,
}

impl WorkloadBuild {
    /// Number of benchmark (non-background) initial tasks.
    pub fn benchmark_tasks(&self) -> usize {
        self.tasks.len() - self.background_tasks as usize
    }

    /// Compile every program (tasks, then templates), allowing references to forked tasks.
    pub fn compile_programs(&self) -> Result<Vec<Vec<crate::engine::Op>>, WorkloadError> {
        let n_tasks = self.tasks.len() as u32 + self.forked_tasks;
        let n_templates = self.templates.len() as u32;
        self.tasks
            .iter()
            .chain(self.templates.iter())
            .map(|t| {
                compile(&t.program, t.kthread, n_tasks, n_templates).map_err(|error| {
                    WorkloadError::Program {
                        task: t.name.clone(),
                        error,
                    }
                })
            })
            .collect()
    }
}

/// Build a workload for `clients` (what mmtests' client/thread/group count means for it; see
/// [`WorkloadConfig`]) on `topo`, with interference alongside.
pub fn build(
    cfg: &WorkloadConfig,
    interference: &[Interference],
    clients: u32,
    topo: &Topology,
) -> Result<WorkloadBuild, WorkloadError> {
    if clients == 0 || clients > MAX_CLIENTS {
        return Err(WorkloadError::Clients {
            got: clients,
            max: MAX_CLIENTS,
        });
    }
    // Interference first: forked children get ids after every initial task, so the benchmark
    // needs to know how many background tasks will follow its own.
    let mut background = Vec::new();
    let mut irqs = Vec::new();
    let mut relative = Vec::new();
    for (i, itf) in interference.iter().enumerate() {
        let start = background.len();
        itf.generate(topo, &mut background, &mut irqs)
            .map_err(|error| WorkloadError::Interference {
                index: i,
                kind: itf.kind(),
                error,
            })?;
        if itf.has_relative_refs() {
            relative.push((start, background.len()));
        }
        if background.len() > MAX_TASKS {
            return Err(WorkloadError::InterferenceTasks {
                index: i,
                max: MAX_TASKS,
            });
        }
    }
    let mut b =
        generators::generate(cfg, clients, background.len() as u32, topo).map_err(|error| {
            WorkloadError::Workload {
                kind: cfg.kind(),
                error,
            }
        })?;
    for (s, e) in relative {
        let off = (b.tasks.len() + s) as u32;
        for t in &mut background[s..e] {
            offset_refs(&mut t.program, off).ok_or(WorkloadError::RefOverflow)?;
        }
    }
    let total = b.tasks.len() + background.len() + b.templates.len() + b.forks as usize;
    if total > MAX_TASKS {
        return Err(WorkloadError::TooManyTasks {
            total,
            max: MAX_TASKS,
        });
    }
    let nbg = background.len() as u32;
    b.tasks.extend(background);
    let wb = WorkloadBuild {
        tasks: b.tasks,
        templates: b.templates,
        irqs,
        metric: b.metric,
        stop_when_all_exited: b.stop_when_all_exited,
        background_tasks: nbg,
        forked_tasks: b.forks,
    };
    wb.compile_programs()?;
    Ok(wb)
}

/// Add `offset` to every absolute task reference in a program (used to place a self-contained
/// task list after other tasks). `None` when a reference would overflow.
pub(crate) fn offset_refs(program: &mut [Phase], offset: u32) -> Option<()> {
    for ph in program.iter_mut() {
        match ph {
            Phase::Wake {
                task: TaskRef::Task(t),
                ..
            } => {
                *t = t.checked_add(offset)?;
            }
            Phase::Wake {
                task: TaskRef::PerCpu { base },
                ..
            } => {
                *base = base.checked_add(offset)?;
            }
            Phase::FlushWorkqueue {
                task: TaskRef::Task(t),
            } => {
                *t = t.checked_add(offset)?;
            }
            Phase::FlushWorkqueue {
                task: TaskRef::PerCpu { base },
            } => {
                *base = base.checked_add(offset)?;
            }
            Phase::Send {
                task: TaskRef::Task(t),
                ..
            } => {
                *t = t.checked_add(offset)?;
            }
            Phase::Send {
                task: TaskRef::PerCpu { base },
                ..
            } => {
                *base = base.checked_add(offset)?;
            }
            Phase::Io { completion, .. } => {
                if let Some(w) = &mut completion.worker {
                    *w = w.checked_add(offset)?;
                }
                if let Some(base) = &mut completion.ksoftirqd {
                    *base = base.checked_add(offset)?;
                }
                if let Some(base) = &mut completion.work {
                    *base = base.checked_add(offset)?;
                }
            }
            Phase::Loop { body, .. } | Phase::Syscall { body } => offset_refs(body, offset)?,
            _ => {}
        }
    }
    Some(())
}
