//! Running scenarios: one point (variant, client count, iteration) at a time, so callers can
//! spread points over threads (CLI) or Web Workers (browser) and results do not depend on how.

use serde::{Deserialize, Serialize};

use crate::engine::sim::{Progress, Sim, SimInput, StopReason};
use crate::engine::stats::{
    FreqSample, PlainWake, RunnableSample, ShadowStats, TimelineSeg, WakePreempt, WakeRecord,
};
use crate::engine::{MAX_TASKS, SimInputError};
use crate::freq::{FreqError, FreqModel};
use crate::kernel::{KernelConfig, KernelError};
use crate::placement::{Event, SisStats};
use crate::scenario::{Arch, Experiment, Scenario, ScenarioError, derive_seed};
use crate::topology::{SchedDomains, ShapeError, Topology};
use crate::workload::{self, Interference, Metric, TasksInterference, WorkloadError};

/// Why a point did not run, or stopped before its end. `Display` is the message users see.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RunError {
    /// The scenario (the variant's) fails validation.
    #[error(transparent)]
    Scenario(#[from] ScenarioError),
    #[error(transparent)]
    Machine(#[from] ShapeError),
    #[error(transparent)]
    Kernel(#[from] KernelError),
    /// The frequency hardware and configuration do not fit the machine.
    #[error(transparent)]
    Freq(#[from] FreqError),
    #[error(transparent)]
    Workload(#[from] WorkloadError),
    /// The engine refused the built input (not expected from a validated scenario).
    #[error(transparent)]
    Input(#[from] SimInputError),
    #[error("the workload has more than {max} tasks")]
    TooManyTasks { max: usize },
    #[error("variant {0} does not exist")]
    NoSuchVariant(usize),
    /// The run hit `engine.max_events` at `sim_ns`.
    #[error(
        "the run stopped at the event budget ({events} events) after {:.3} s of simulated time: \
         shorten the run or raise engine.max_events",
        *.sim_ns as f64 / 1e9
    )]
    EventBudget { events: u64, sim_ns: u64 },
    /// The progress callback asked to stop.
    #[error("cancelled")]
    Cancelled,
    /// The run hit the interpreter step budget (`per_event` x `engine.max_events`) at `sim_ns`.
    #[error(
        "the run stopped at the interpreter step budget ({steps} steps: {per_event} x \
         engine.max_events) after {:.3} s of simulated time: a task program runs many zero-time \
         steps (ops, wake, fork, loops) per unit of work; give its loops some run time, shorten \
         the run or raise engine.max_events",
        *.sim_ns as f64 / 1e9
    )]
    StepBudget {
        steps: u64,
        per_event: u64,
        sim_ns: u64,
    },
    /// The programs forked past the engine's task limit (`max`) at `sim_ns`.
    #[error(
        "the run stopped at the task limit ({max} tasks, initial and forked, exited ones \
         included) after {:.3} s of simulated time: a task program forks without bound",
        *.sim_ns as f64 / 1e9
    )]
    TaskLimit { max: usize, sim_ns: u64 },
}

/// What one run produced.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PointResult {
    pub variant: usize,
    pub clients: u32,
    pub iteration: u32,
    /// The benchmark's number (throughput, seconds or latency, see `metric`).
    pub value: f64,
    pub metric: Metric,
    pub stop: StopReason,
    pub sim_ns: u64,
    pub events: u64,
    pub ops: u64,
    pub wakeups: u64,
    pub migrations: u64,
    pub context_switches: u64,
    pub sis: SisStats,
    pub latency_p50_ns: u64,
    pub latency_p99_ns: u64,
    /// Mean busy fraction and mean frequency of each CPU over the run.
    pub cpu_busy_pct: Vec<f32>,
    pub cpu_avg_mhz: Vec<u32>,
    /// Energy over the run (millijoules) from the power model.
    pub energy_mj: f64,
    /// Share of all busy CPU time spent at each frequency (kHz, fraction), ascending.
    #[serde(default)]
    pub pstate_residency: Vec<(u32, f64)>,
    /// Share of all idle CPU time spent in each C-state (name, fraction), shallowest first.
    #[serde(default)]
    pub cstate_residency: Vec<(String, f64)>,
    /// Wake-up latency (runnable to running, after the warm-up) as a log2 histogram: entry i
    /// counts latencies in [2^i, 2^(i+1)) ns. Empty in results written before it existed.
    #[serde(default)]
    pub wake_latency_log2: Vec<u64>,
}

/// A run with its timelines (for the per-CPU view and "explain this wake-up").
#[derive(Clone, Debug, Serialize)]
pub struct PointDetail {
    pub result: PointResult,
    /// Every task's name by task id; a forked task is named after its fork template and numbered
    /// among that template's forks (`hackbench-thread/receiver/3`).
    pub task_names: Vec<String>,
    pub timeline: Vec<TimelineSeg>,
    pub freq_samples: Vec<FreqSample>,
    /// Each CPU's runnable-task count inside the timeline window (`RunnableSample`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub runnable: Vec<RunnableSample>,
    pub wake_records: Vec<WakeRecord>,
    /// Wake-ups that made no fair placement decision (pinned and RT tasks).
    pub plain_wakes: Vec<PlainWake>,
    /// 6.18: the wake-up preemption checks on busy CPUs inside the timeline window.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub wake_preempts: Vec<WakePreempt>,
    pub explanation: Option<Vec<Event>>,
    /// The shadow kernel's disagreements (`DetailOptions::shadow_kernel`), when one was given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shadow: Option<ShadowStats>,
}

impl PointDetail {
    /// The 6.18 wake-up preemption check (`wakeup_preempt` -> `check_preempt_wakeup_fair`) that
    /// followed placement decision `decision`, as text in the layout of
    /// [`crate::placement::explain::render_events`]: what a `sched_wakeup` tracepoint would
    /// read (`WakePreempt`). None when none was recorded: a CFS kernel, a wakee placed on an
    /// idle CPU, or a wake-up outside the timeline window.
    pub fn explain_wake_preempt(&self, decision: u64) -> Option<String> {
        let w = self.wake_records.iter().find(|w| w.decision == decision)?;
        let p = self
            .wake_preempts
            .iter()
            .find(|p| p.t_ns == w.t_ns && p.wakee == w.task)?;
        let name = |t: crate::engine::TaskId| {
            self.task_names
                .get(t as usize)
                .cloned()
                .unwrap_or_else(|| format!("task {t}"))
        };
        let lag = |ns: i64, eligible: bool| {
            format!(
                "lag {:+.2} µs of virtual time: {}",
                ns as f64 / 1000.0,
                if eligible { "eligible" } else { "not eligible" }
            )
        };
        let yes = |b: bool| if b { "yes" } else { "no" };
        Some(format!(
            "wakeup_preempt() [CPU {cpu}]\n  check_preempt_wakeup_fair()\n    curr {curr}: {cl}\n    \
             protect_slice(curr): {prot}\n    wakee {wakee}: {wl}\n    wakee still queued by \
             DELAY_DEQUEUE: {delayed}\n<- TIF_NEED_RESCHED set on CPU {cpu} (by this check or \
             before it): {resched}\n",
            cpu = p.cpu,
            curr = name(p.curr),
            cl = lag(p.curr_lag_ns, p.curr_eligible),
            prot = yes(p.curr_protected),
            wakee = name(p.wakee),
            wl = lag(p.wakee_lag_ns, p.wakee_eligible),
            delayed = yes(p.wakee_delayed),
            resched = yes(p.resched),
        ))
    }
}

/// Options for a detailed run.
#[derive(Clone, Copy, Debug, Default)]
pub struct DetailOptions {
    /// Record the per-CPU timeline in this window (ns).
    pub window: Option<(u64, u64)>,
    /// Record the full decision trace of the N-th placement decision.
    pub explain_decision: Option<u64>,
    /// Take every placement decision again under this kernel, on the run's own state, and
    /// count where the two disagree (`PointDetail::shadow`). The run's results do not change.
    pub shadow_kernel: Option<KernelConfig>,
}

/// Build the engine input for one point; also returns the programs' names (the initial tasks',
/// then the fork templates').
pub fn build_input(
    sc: &Scenario,
    clients: u32,
    seed: u64,
    detail: DetailOptions,
) -> Result<(SimInput, Metric, Vec<String>), RunError> {
    sc.validate()?;
    let topo = Topology::new(&sc.machine.shape)?;
    let behaviour = sc.kernel.resolve()?;
    let domains = SchedDomains::build(&topo, sc.kernel.version, sc.kernel.topology_flags);
    let mut freq_cfg = sc.freq.clone();
    freq_cfg.tick_ns = sc.engine.tick_ns();
    let freq = FreqModel::new(&sc.machine.hw, &freq_cfg, &topo, sc.kernel.version)?;
    // System noise runs as one more interference entry, after the scenario's own.
    let noise = sc.noise.tasks(&topo);
    let wb = if noise.is_empty() {
        workload::build(&sc.workload, &sc.interference, clients, &topo)?
    } else {
        let mut all = sc.interference.clone();
        all.push(Interference::Tasks(TasksInterference { tasks: noise }));
        workload::build(&sc.workload, &all, clients, &topo)?
    };
    if wb.tasks.len() + wb.templates.len() > MAX_TASKS {
        return Err(RunError::TooManyTasks { max: MAX_TASKS });
    }
    let programs = wb.compile_programs()?;
    // by program: the initial tasks, then the fork templates (`Task::prog` indexes both)
    let names = wb
        .tasks
        .iter()
        .chain(wb.templates.iter())
        .map(|t| t.name.clone())
        .collect();
    let freq_invariant = !sc.kernel.version.is_4x() || sc.machine.arch == Arch::Arm64;
    let mut engine = sc.engine.clone();
    engine.validate()?;
    if detail.window.is_none() {
        engine.max_timeline_segments = 0;
    }
    let input = SimInput {
        topology: topo,
        domains,
        behaviour,
        freq,
        params: engine,
        placement: sc.placement,
        tasks: wb.tasks,
        templates: wb.templates,
        programs,
        irqs: wb.irqs,
        seed,
        duration_ns: sc.run.duration_ms * 1_000_000,
        warmup_ns: sc.run.warmup_ms * 1_000_000,
        stop_when_all_exited: wb.stop_when_all_exited,
        background_tasks: wb.background_tasks,
        freq_invariant,
        explain_wakeup: detail.explain_decision,
        shadow_behaviour: detail.shadow_kernel.map(|k| k.resolve()).transpose()?,
        timeline_window: detail.window,
        cstate_exit_ns: sc
            .machine
            .hw
            .idle
            .states
            .iter()
            .map(|s| s.exit_latency_ns)
            .collect(),
        cost_jitter_permille: sc.noise.cost_jitter_permille,
    };
    Ok((input, wb.metric, names))
}

/// Run one point of an experiment.
pub fn run_point(
    exp: &Experiment,
    variant: usize,
    clients: u32,
    iteration: u32,
    progress: Option<Progress<'_>>,
) -> Result<PointResult, RunError> {
    run_point_detailed(
        exp,
        variant,
        clients,
        iteration,
        DetailOptions::default(),
        progress,
    )
    .map(|d| d.result)
}

/// Run one point and keep its timelines.
pub fn run_point_detailed(
    exp: &Experiment,
    variant: usize,
    clients: u32,
    iteration: u32,
    detail: DetailOptions,
    progress: Option<Progress<'_>>,
) -> Result<PointDetail, RunError> {
    if variant >= exp.variants.len() {
        return Err(RunError::NoSuchVariant(variant));
    }
    let sc = exp.variant_scenario(variant);
    let seed = derive_seed(sc.run.seed, clients, iteration);
    let (input, metric, program_names) = build_input(&sc, clients, seed, detail)?;
    let warmup = input.warmup_ns;
    // completion-time benchmarks are timed from their own start (e.g. hackbench `start_ms`)
    let bench_start = input.tasks[..input.tasks.len() - input.background_tasks as usize]
        .iter()
        .map(|t| t.start_ns)
        .min()
        .unwrap_or(0);
    let n_initial = input.tasks.len();
    let mut sim = Sim::new(input)?;
    let stop = sim.run(progress);
    if stop == StopReason::EventBudget {
        return Err(RunError::EventBudget {
            events: sim.stats().events,
            sim_ns: sim.now(),
        });
    }
    if stop == StopReason::Cancelled {
        return Err(RunError::Cancelled);
    }
    if stop == StopReason::StepBudget {
        return Err(RunError::StepBudget {
            steps: sim.stats().steps,
            per_event: crate::engine::params::STEPS_PER_EVENT,
            sim_ns: sim.now(),
        });
    }
    if stop == StopReason::TaskLimit {
        return Err(RunError::TaskLimit {
            max: MAX_TASKS,
            sim_ns: sim.now(),
        });
    }
    let st = sim.stats();
    let end = sim.now();
    let window_start = if metric == Metric::CompletionTime {
        bench_start
    } else {
        warmup
    };
    let measured_s = end.saturating_sub(window_start) as f64 / 1e9;
    let value = metric.value(st.ops, measured_s, end as f64 / 1e9, &st.wake_latency);
    let n = sim.nr_cpus();
    let cpu_busy_pct = (0..n)
        .map(|c| sim.busy_fraction(c) as f32 * 100.0)
        .collect();
    let cpu_avg_mhz = (0..n).map(|c| sim.avg_khz(c) / 1000).collect();
    let result = PointResult {
        variant,
        clients,
        iteration,
        value,
        metric,
        stop,
        sim_ns: end,
        events: st.events,
        ops: st.ops,
        wakeups: st.wakeups,
        migrations: st.migrations,
        context_switches: st.context_switches,
        sis: sim.sis_totals(),
        latency_p50_ns: st.wake_latency.percentile(50),
        latency_p99_ns: st.wake_latency.percentile(99),
        cpu_busy_pct,
        cpu_avg_mhz,
        energy_mj: sim.energy_mj(),
        pstate_residency: Vec::new(),
        cstate_residency: Vec::new(),
        wake_latency_log2: st.wake_latency.buckets.clone(),
    };
    let (pr, cr) = sim.residency();
    let mut result = result;
    result.pstate_residency = pr;
    result.cstate_residency = cr;
    let st = sim.stats();
    // forked tasks: their template's name and their number among its forks ("…/receiver/3")
    let mut forks_of = vec![0u32; program_names.len()];
    let task_names = sim
        .task_programs()
        .into_iter()
        .enumerate()
        .map(|(t, p)| {
            let name = &program_names[p as usize];
            if t < n_initial {
                return name.clone();
            }
            let k = forks_of[p as usize];
            forks_of[p as usize] += 1;
            format!("{name}/{k}")
        })
        .collect();
    Ok(PointDetail {
        result,
        task_names,
        timeline: st.timeline.clone(),
        freq_samples: st.freq_samples.clone(),
        runnable: st.runnable.clone(),
        wake_records: st.wake_records.clone(),
        plain_wakes: st.plain_wakes.clone(),
        wake_preempts: st.wake_preempts.clone(),
        explanation: st.explanation.clone(),
        shadow: detail.shadow_kernel.map(|_| st.shadow),
    })
}

/// Every point of an experiment in a fixed order: variant-major, then clients, then iteration.
pub fn points(exp: &Experiment) -> Vec<(usize, u32, u32)> {
    let clients = exp.client_counts();
    let mut v = Vec::new();
    for var in 0..exp.variants.len() {
        for &c in &clients {
            for it in 0..exp.iterations {
                v.push((var, c, it));
            }
        }
    }
    v
}
