//! Pure-JSON scheduler snapshot for `wakelab decide`: a frozen machine state, one placement
//! request, and the decision with its explanation (docs/placement.md, docs/examples/decide/).
//!
//! The file ([`Snapshot`], `"format": 1`) is validated and turned into a [`LoadedSnapshot`],
//! which implements [`SchedView`](super::SchedView). Per-CPU state is given as a list of
//! entries, each applying to a cpulist; later entries override earlier ones, unset fields take
//! documented defaults.

use serde::{Deserialize, Serialize};

use crate::cpumask::{Cpu, CpuMask, MAX_CPUS};
use crate::kernel::{Behaviour, KernelConfig, KernelError};
use crate::topology::{MachineShape, SchedDomains, ShapeError, Topology};

pub use super::frozen::CpuState;

use super::explain::{Event, Recorder, render_events};
use super::frozen::FrozenView;
use super::{
    PlacementParams, PlacementState, Rule, SdFlag, SisStats, StoredSgc, TaskId, TaskPlacement,
    WakeRequest, select_task_rq,
};

/// Largest accepted snapshot file.
pub const MAX_SNAPSHOT_BYTES: usize = 1 << 20;

/// The snapshot file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Snapshot {
    /// Must be 1.
    pub format: u32,
    /// Free text shown in the trace header.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub description: String,
    pub machine: MachineShape,
    pub kernel: KernelConfig,
    /// Current time (ns).
    #[serde(default)]
    pub now_ns: u64,
    /// Per-CPU state entries, applied in order.
    #[serde(default)]
    pub cpus: Vec<CpuEntry>,
    /// `has_idle_cores` per LLC (global LLC index). Empty = all false.
    #[serde(default)]
    pub has_idle_cores: Vec<bool>,
    /// `avg_scan_cost` (ns): empty = 0, one value = every CPU, else one per CPU.
    #[serde(default)]
    pub avg_scan_cost: Vec<u64>,
    /// SIS_UTIL `nr_idle_scan`: empty = LLC size, one value = every LLC, else one per LLC.
    #[serde(default)]
    pub nr_idle_scan: Vec<u32>,
    /// Stored `sched_group_capacity` fields of some groups (stale values, `sgc->imbalance`).
    /// Unlisted groups: recomputed from capacity_of, imbalance false.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub groups: Vec<GroupSpec>,
    /// The task being placed.
    pub task: TaskSpec,
    /// The task running on `request.this_cpu` (the waker). Default: that CPU's idle task.
    #[serde(default)]
    pub current: Option<TaskSpec>,
    pub request: RequestSpec,
    #[serde(default)]
    pub params: PlacementParams,
}

/// State of the CPUs in `cpus`. Unset fields keep earlier entries' values or the defaults:
/// nr_running 0 (idle), load/runnable load = 1024 × nr_running, util = min(1024 × nr_running,
/// 1024), util_est 0, capacity = capacity_orig of the version, avg_idle 1 ms (the boot value
/// 2 × sysctl_sched_migration_cost), wake_avg_idle = avg_idle / 2, idle_stamp = now − 1 ms (at
/// least 1), no cpuidle state. The RT/IRQ pressure signals (`rt_avg` with `rt_avg_age_ns` on
/// 4.x, `rt_util_avg` / `irq_util_avg` on 5.x) set capacity the way `update_cpu_capacity`
/// computes it ([`crate::capacity`]); an entry gives either them or `capacity`, and the later
/// entry wins.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CpuEntry {
    pub cpus: CpuMask,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nr_running: Option<u32>,
    /// A wake-up is queued for this CPU (`ttwu_pending`): not idle even with nr_running 0.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wakeup_pending: Option<bool>,
    /// All runnable tasks are SCHED_IDLE (`sched_idle_cpu`, ≥5.4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sched_idle: Option<bool>,
    /// curr is a per-CPU kthread.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub per_cpu_kthread: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub runnable_load_avg: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub load_avg: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub util_avg: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub util_est: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub runnable_avg: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub capacity: Option<u32>,
    /// 4.x `rq->rt_avg`: RT/DL and IRQ time, ns × 1024 (at full frequency), halved every
    /// 500 ms.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rt_avg: Option<u64>,
    /// 4.x `rq_clock - rq->age_stamp` (ns; default 0): how long rt_avg has been accumulating
    /// since its last halving.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rt_avg_age_ns: Option<u64>,
    /// 5.x `rq->avg_rt.util_avg`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rt_util_avg: Option<u32>,
    /// 5.x `rq->avg_irq.util_avg`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub irq_util_avg: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub avg_idle: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wake_avg_idle: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub idle_stamp: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exit_latency_ns: Option<u32>,
}

/// One sched group's stored `sched_group_capacity` (the group of `level` that holds `cpu`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GroupSpec {
    /// Domain level index, lowest first.
    pub level: usize,
    /// Any CPU of the group.
    pub cpu: Cpu,
    /// `sgc->capacity` (default: Σ capacity_of over the group).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub capacity: Option<u64>,
    /// `sgc->min_capacity` (default: min capacity_of over the group).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_capacity: Option<u64>,
    /// `sgc->max_capacity` (5.x; default: max capacity_of over the group).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_capacity: Option<u64>,
    /// `sgc->imbalance` (default false).
    #[serde(default)]
    pub imbalance: bool,
}

/// Resolved `groups`: (level, group span, stored fields).
pub(crate) type ResolvedGroups = Vec<(usize, CpuMask, StoredSgc)>;

/// Check `groups` against the machine and version; resolve each to (level, group span, sgc).
pub(crate) fn resolve_groups(
    groups: &[GroupSpec],
    domains: &SchedDomains,
    nr: usize,
) -> Result<ResolvedGroups, (String, String)> {
    let nlevels = domains.levels.len();
    let mut out: Vec<(usize, CpuMask, StoredSgc)> = Vec::with_capacity(groups.len());
    for (k, g) in groups.iter().enumerate() {
        let p = |f: &str| format!("groups[{k}].{f}");
        if g.level >= nlevels {
            return Err((
                p("level"),
                format!(
                    "this machine has {nlevels} domain levels (0 to {})",
                    nlevels.max(1) - 1
                ),
            ));
        }
        crate::check::cpu(g.cpu, nr).map_err(|m| (p("cpu"), m.to_string()))?;
        let span = domains.levels[g.level]
            .groups_from(g.cpu)
            .next()
            .copied()
            .unwrap_or(CpuMask::single(g.cpu));
        let weight = span.weight() as u64;
        if let Some(c) = g.capacity {
            crate::check::between(c, 1, 1024 * weight).map_err(|m| {
                (
                    p("capacity"),
                    format!("{m}: at most 1024 per CPU of the group ({weight})"),
                )
            })?;
        }
        for (f, v) in [
            ("min_capacity", g.min_capacity),
            ("max_capacity", g.max_capacity),
        ] {
            if let Some(v) = v {
                crate::check::between(v, 1, 1024).map_err(|m| (p(f), m.to_string()))?;
            }
        }
        if g.max_capacity.is_some() && domains.version.is_4x() {
            return Err((
                p("max_capacity"),
                "4.15/4.16 have no sgc->max_capacity (added in 4.20)".into(),
            ));
        }
        if let (Some(lo), Some(hi)) = (g.min_capacity, g.max_capacity)
            && lo > hi
        {
            return Err((
                p("min_capacity"),
                format!("must not exceed max_capacity ({lo} > {hi})"),
            ));
        }
        if out.iter().any(|(l, m, _)| *l == g.level && *m == span) {
            return Err((
                p("cpu"),
                format!(
                    "the level-{} group {} is listed twice",
                    g.level,
                    crate::cpumask::cpulist(&span)
                ),
            ));
        }
        out.push((
            g.level,
            span,
            StoredSgc {
                capacity: g.capacity,
                min_capacity: g.min_capacity,
                max_capacity: g.max_capacity,
                imbalance: g.imbalance,
            },
        ));
    }
    Ok(out)
}

/// The capacity a CPU entry's RT/IRQ pressure signals give on this version (`None`: the entry
/// states none). Errors name the field.
pub(crate) fn pressure_capacity(
    orig: u64,
    is_4x: bool,
    rt_avg: Option<u64>,
    rt_avg_age_ns: Option<u64>,
    rt_util_avg: Option<u32>,
    irq_util_avg: Option<u32>,
) -> Result<Option<u64>, (&'static str, String)> {
    if is_4x {
        for (f, v) in [("rt_util_avg", rt_util_avg), ("irq_util_avg", irq_util_avg)] {
            if v.is_some() {
                return Err((
                    f,
                    "5.x signal (avg_rt / avg_irq, 4.19+); 4.15/4.16 state RT and IRQ time as \
                     rt_avg (with rt_avg_age_ns)"
                        .into(),
                ));
            }
        }
        if rt_avg.is_none() {
            if rt_avg_age_ns.is_some() {
                return Err(("rt_avg_age_ns", "needs rt_avg".into()));
            }
            return Ok(None);
        }
    } else {
        for (f, v) in [("rt_avg", rt_avg), ("rt_avg_age_ns", rt_avg_age_ns)] {
            if v.is_some() {
                return Err((
                    f,
                    "4.15/4.16 signal (removed in 4.19); 5.x states rt_util_avg and irq_util_avg"
                        .into(),
                ));
            }
        }
        if rt_util_avg.is_none() && irq_util_avg.is_none() {
            return Ok(None);
        }
    }
    // rt_avg counts ns x 1024: 2^62 is ~140 years of RT time; the age is at most ~146 years
    if let Some(x) = rt_avg {
        crate::check::at_most(x, 1u64 << 62).map_err(|m| ("rt_avg", m.to_string()))?;
    }
    if let Some(x) = rt_avg_age_ns {
        crate::check::at_most(x, 1u64 << 62).map_err(|m| ("rt_avg_age_ns", m.to_string()))?;
    }
    if let Some(x) = rt_util_avg {
        crate::check::at_most(x, 1024).map_err(|m| ("rt_util_avg", m.to_string()))?;
    }
    if let Some(x) = irq_util_avg {
        crate::check::at_most(x, 1024).map_err(|m| ("irq_util_avg", m.to_string()))?;
    }
    Ok(Some(if is_4x {
        crate::capacity::scale_rt_capacity_4x(orig, rt_avg.unwrap_or(0), rt_avg_age_ns.unwrap_or(0))
    } else {
        crate::capacity::scale_rt_capacity_5x(
            orig,
            rt_util_avg.unwrap_or(0) as u64,
            irq_util_avg.unwrap_or(0) as u64,
        )
    }))
}

/// A task in a snapshot (defaults: recent_used_cpu = prev_cpu, allowed = all CPUs, zeros).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TaskSpec {
    #[serde(default)]
    pub id: TaskId,
    pub prev_cpu: Cpu,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recent_used_cpu: Option<Cpu>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allowed: Option<CpuMask>,
    #[serde(default)]
    pub wakee_flips: u32,
    #[serde(default)]
    pub wakee_flip_decay_ts: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_wakee: Option<TaskId>,
    #[serde(default)]
    pub util_avg: u32,
    #[serde(default)]
    pub util_est: u32,
    #[serde(default)]
    pub load_avg: u64,
    /// No PELT history yet. Default: true for `request.kind: fork` (a forked task is placed
    /// before `post_init_entity_util_avg`), false otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_new: Option<bool>,
    /// `p->se.avg.runnable_avg` (5.10's cpu_runnable_without). Default: the model's stand-in,
    /// util_avg, subtracted for exec only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub runnable_avg: Option<u64>,
    #[serde(default)]
    pub exiting: bool,
    #[serde(default)]
    pub is_idle_task: bool,
}

/// The request (`p` is `task.id`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RequestSpec {
    pub this_cpu: Cpu,
    #[serde(default = "wake")]
    pub kind: SdFlag,
    #[serde(default)]
    pub sync: bool,
    #[serde(default = "yes")]
    pub in_task: bool,
}

fn wake() -> SdFlag {
    SdFlag::Wake
}
fn yes() -> bool {
    true
}

/// A validated snapshot: implements [`SchedView`](super::SchedView) (through `frozen`).
#[derive(Clone, Debug)]
pub struct LoadedSnapshot {
    pub snapshot: Snapshot,
    pub topology: Topology,
    pub domains: SchedDomains,
    pub behaviour: Behaviour,
    pub cpus: Vec<CpuState>,
    pub state: PlacementState,
    pub task: TaskPlacement,
    pub current: TaskPlacement,
    pub request: WakeRequest,
    /// The resolved `groups`: (level, group span, stored fields).
    pub groups: Vec<(usize, CpuMask, StoredSgc)>,
}

/// Why a placement snapshot is refused. `Display` is the message users see.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SnapshotError {
    #[error("snapshot is {len} bytes; the limit is {max}")]
    TooLarge { len: usize, max: usize },
    /// Not JSON, or not the snapshot's shape (serde's message, with line and column).
    #[error("snapshot: {0}")]
    Json(String),
    #[error(transparent)]
    Machine(#[from] ShapeError),
    #[error(transparent)]
    Kernel(#[from] KernelError),
    /// A field of the snapshot (`field`: its path, `task.prev_cpu`, `cpus[2].capacity`).
    #[error("{field}: {message}")]
    Field { field: String, message: String },
}

fn bad(field: &str, message: impl Into<String>) -> SnapshotError {
    SnapshotError::Field {
        field: field.to_string(),
        message: message.into(),
    }
}

fn task_from(
    spec: &TaskSpec,
    all: &CpuMask,
    nr: usize,
    field: &str,
    kind: Option<SdFlag>,
) -> Result<TaskPlacement, SnapshotError> {
    let fork = kind == Some(SdFlag::Fork);
    if fork && spec.is_new == Some(false) && spec.util_avg != 0 {
        return Err(bad(
            &format!("{field}.is_new"),
            format!(
                "a forked task is placed before it has PELT history (is_new, \
             util_avg 0), so is_new false with util_avg {} cannot happen at fork",
                spec.util_avg
            ),
        ));
    }
    if spec.prev_cpu as usize >= nr {
        return Err(bad(
            &format!("{field}.prev_cpu"),
            format!("CPU {} does not exist ({nr} CPUs)", spec.prev_cpu),
        ));
    }
    let recent = spec.recent_used_cpu.unwrap_or(spec.prev_cpu);
    if recent as usize >= nr {
        return Err(bad(
            &format!("{field}.recent_used_cpu"),
            format!("CPU {recent} does not exist ({nr} CPUs)"),
        ));
    }
    let allowed = spec.allowed.unwrap_or(*all);
    if !allowed.is_subset(all) {
        return Err(bad(
            &format!("{field}.allowed"),
            format!("names CPUs beyond the machine's {nr}"),
        ));
    }
    if allowed.is_empty() {
        return Err(bad(&format!("{field}.allowed"), "must not be empty"));
    }
    Ok(TaskPlacement {
        id: spec.id,
        prev_cpu: spec.prev_cpu,
        recent_used_cpu: recent,
        allowed,
        wakee_flips: spec.wakee_flips,
        wakee_flip_decay_ts: spec.wakee_flip_decay_ts,
        last_wakee: spec.last_wakee,
        util_avg: spec.util_avg,
        util_est: spec.util_est,
        load_avg: spec.load_avg,
        is_new: spec.is_new.unwrap_or(fork),
        runnable_avg: spec.runnable_avg,
        exiting: spec.exiting,
        is_idle_task: spec.is_idle_task,
    })
}

impl Snapshot {
    /// Parse and validate JSON (size-bounded, unknown fields rejected).
    pub fn from_json(input: &str) -> Result<Snapshot, SnapshotError> {
        if input.len() > MAX_SNAPSHOT_BYTES {
            return Err(SnapshotError::TooLarge {
                len: input.len(),
                max: MAX_SNAPSHOT_BYTES,
            });
        }
        serde_json::from_str(input).map_err(|e| SnapshotError::Json(e.to_string()))
    }

    /// Validate and build the view.
    pub fn load(&self) -> Result<LoadedSnapshot, SnapshotError> {
        if self.format != 1 {
            return Err(bad(
                "format",
                format!("unsupported snapshot format {} (expected 1)", self.format),
            ));
        }
        let topology = Topology::new(&self.machine)?;
        // the same ranges as an experiment's `placement` section (docs/limits.md)
        self.params.validate().map_err(|e| {
            bad(
                &format!("params.{}", e.field.trim_start_matches("placement.")),
                e.message,
            )
        })?;
        let behaviour = self.kernel.resolve()?;
        let domains =
            SchedDomains::build(&topology, self.kernel.version, self.kernel.topology_flags);
        let nr = topology.nr_cpus();
        debug_assert!(nr <= MAX_CPUS);
        let all = *topology.all();
        let mut cpus: Vec<CpuState> = (0..nr)
            .map(|c| CpuState {
                nr_running: 0,
                wakeup_pending: false,
                sched_idle: false,
                per_cpu_kthread: false,
                runnable_load_avg: 0,
                load_avg: 0,
                util_avg: 0,
                util_est: 0,
                runnable_avg: 0,
                capacity: domains.capacity_orig[c] as u32,
                avg_idle: 1_000_000,
                wake_avg_idle: 500_000,
                // Idle CPUs went through new-idle balancing: a non-zero stamp (1 ms ago), so
                // find_idlest_group_cpu's "most recently idle" test can pick them (§8.4).
                idle_stamp: self.now_ns.saturating_sub(1_000_000).max(1),
                exit_latency_ns: None,
            })
            .collect();
        for (k, e) in self.cpus.iter().enumerate() {
            if !e.cpus.is_subset(&all) {
                return Err(bad(
                    &format!("cpus[{k}].cpus"),
                    format!("names CPUs beyond the machine's {nr}"),
                ));
            }
            for c in e.cpus.iter() {
                let s = &mut cpus[c as usize];
                if let Some(n) = e.nr_running {
                    s.nr_running = n;
                    let l = 1024 * n as u64;
                    s.load_avg = l;
                    s.runnable_load_avg = l;
                    s.util_avg = (1024 * n).min(1024);
                    s.runnable_avg = l;
                }
                macro_rules! set {
                    ($f:ident) => {
                        if let Some(v) = e.$f {
                            s.$f = v;
                        }
                    };
                }
                set!(wakeup_pending);
                set!(sched_idle);
                set!(per_cpu_kthread);
                set!(runnable_load_avg);
                set!(load_avg);
                set!(util_avg);
                set!(util_est);
                set!(runnable_avg);
                if e.capacity.is_some()
                    && (e.rt_avg.is_some() || e.rt_util_avg.is_some() || e.irq_util_avg.is_some())
                {
                    return Err(bad(
                        &format!("cpus[{k}].capacity"),
                        "give either capacity or the RT/IRQ signals it is computed from, not both",
                    ));
                }
                set!(capacity);
                if let Some(cap) = pressure_capacity(
                    domains.capacity_orig[c as usize] as u64,
                    self.kernel.version.is_4x(),
                    e.rt_avg,
                    e.rt_avg_age_ns,
                    e.rt_util_avg,
                    e.irq_util_avg,
                )
                .map_err(|(f, m)| bad(&format!("cpus[{k}].{f}"), m))?
                {
                    s.capacity = cap as u32;
                }
                if let Some(a) = e.avg_idle {
                    s.avg_idle = a;
                    s.wake_avg_idle = a / 2;
                }
                set!(wake_avg_idle);
                set!(idle_stamp);
                if e.exit_latency_ns.is_some() {
                    s.exit_latency_ns = e.exit_latency_ns;
                }
                if s.capacity == 0 || s.capacity > 1024 {
                    return Err(bad(&format!("cpus[{k}].capacity"), "must be 1..=1024"));
                }
                if s.sched_idle && s.nr_running == 0 {
                    return Err(bad(
                        &format!("cpus[{k}].sched_idle"),
                        "a sched-idle CPU needs nr_running > 0".to_string(),
                    ));
                }
            }
        }
        let groups =
            resolve_groups(&self.groups, &domains, nr).map_err(|(path, m)| bad(&path, m))?;
        let mut state = PlacementState::new(&topology);
        state.params = self.params;
        let nllc = topology.nr_llcs();
        match self.has_idle_cores.len() {
            0 => {}
            n if n == nllc => state.has_idle_cores.copy_from_slice(&self.has_idle_cores),
            n => {
                return Err(bad(
                    "has_idle_cores",
                    format!("needs one value per LLC ({nllc}), got {n}"),
                ));
            }
        }
        // avg_scan_cost is an EWMA of scan times (each at most 512 x 1 ms + 1 ms with the
        // placement ranges); 1 s keeps `avg_cost + 1` and `4 * avg_cost` in select_idle_cpu
        // far from overflow.
        for (i, &c) in self.avg_scan_cost.iter().enumerate() {
            crate::check::at_most(c, 1_000_000_000)
                .map_err(|m| bad(&format!("avg_scan_cost[{i}]"), m))?;
        }
        match self.avg_scan_cost.len() {
            0 => {}
            1 => state
                .avg_scan_cost
                .iter_mut()
                .for_each(|x| *x = self.avg_scan_cost[0]),
            n if n == nr => state.avg_scan_cost.copy_from_slice(&self.avg_scan_cost),
            n => {
                return Err(bad(
                    "avg_scan_cost",
                    format!("needs {} (one per CPU), got {n}", value_counts(nr)),
                ));
            }
        }
        match self.nr_idle_scan.len() {
            0 => {}
            1 => state
                .nr_idle_scan
                .iter_mut()
                .for_each(|x| *x = self.nr_idle_scan[0]),
            n if n == nllc => state.nr_idle_scan.copy_from_slice(&self.nr_idle_scan),
            n => {
                return Err(bad(
                    "nr_idle_scan",
                    format!("needs {} (one per LLC), got {n}", value_counts(nllc)),
                ));
            }
        }
        let r = self.request;
        if r.this_cpu as usize >= nr {
            return Err(bad(
                "request.this_cpu",
                format!("CPU {} does not exist ({nr} CPUs)", r.this_cpu),
            ));
        }
        let task = task_from(&self.task, &all, nr, "task", Some(r.kind))?;
        let current = match &self.current {
            Some(c) => task_from(c, &all, nr, "current", None)?,
            None => {
                // The idle task of this_cpu (an interrupt woke p).
                let mut t = TaskPlacement::new(u32::MAX - r.this_cpu as u32, r.this_cpu, all);
                t.is_idle_task = true;
                t
            }
        };
        if r.kind == SdFlag::Exec && task.prev_cpu != r.this_cpu {
            return Err(bad(
                "request.kind",
                "exec runs on the task's own CPU (task.prev_cpu must equal request.this_cpu)",
            ));
        }
        let request = WakeRequest {
            p: task.id,
            this_cpu: r.this_cpu,
            kind: r.kind,
            sync: r.sync,
            in_task: r.in_task,
        };
        Ok(LoadedSnapshot {
            snapshot: self.clone(),
            topology,
            domains,
            behaviour,
            cpus,
            state,
            task,
            current,
            request,
            groups,
        })
    }
}

impl FrozenView for LoadedSnapshot {
    crate::placement::frozen::frozen_view_fields!();
}

/// One state change made by the decision.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Change {
    pub what: String,
    pub before: String,
    pub after: String,
}

/// Result of [`decide_json`].
#[derive(Clone, Debug, Serialize)]
pub struct DecideOutput {
    pub description: String,
    pub kernel: KernelConfig,
    pub cpu: Cpu,
    pub rule: Rule,
    pub affine: bool,
    pub want_affine: bool,
    pub fast_path: bool,
    pub scanned: u32,
    /// Task and waker after the decision.
    pub task: TaskPlacement,
    pub current: TaskPlacement,
    /// Every state change (recent_used_cpu, flips, has_idle_cores, avg_scan_cost, ...).
    pub changes: Vec<Change>,
    /// Schedstat increments on this_cpu's runqueue.
    pub stats_delta: SisStats,
    pub trace: Vec<Event>,
}

impl LoadedSnapshot {
    /// Run `select_task_rq` on a copy of the state and report.
    pub fn decide(&self) -> DecideOutput {
        let mut st = self.state.clone();
        let mut p = self.task;
        let mut cur = self.current;
        let mut rec = Recorder::default();
        let d = select_task_rq(
            self,
            &mut st,
            &self.behaviour,
            &self.request,
            &mut p,
            &mut cur,
            &mut rec,
        );
        let mut changes = vec![];
        let mut diff = |what: String, a: String, b: String| {
            if a != b {
                changes.push(Change {
                    what,
                    before: a,
                    after: b,
                });
            }
        };
        let t0 = &self.task;
        diff(
            "task.recent_used_cpu".into(),
            t0.recent_used_cpu.to_string(),
            p.recent_used_cpu.to_string(),
        );
        let c0 = &self.current;
        diff(
            "current.recent_used_cpu".into(),
            c0.recent_used_cpu.to_string(),
            cur.recent_used_cpu.to_string(),
        );
        diff(
            "current.wakee_flips".into(),
            c0.wakee_flips.to_string(),
            cur.wakee_flips.to_string(),
        );
        diff(
            "current.wakee_flip_decay_ts".into(),
            c0.wakee_flip_decay_ts.to_string(),
            cur.wakee_flip_decay_ts.to_string(),
        );
        diff(
            "current.last_wakee".into(),
            format!("{:?}", c0.last_wakee),
            format!("{:?}", cur.last_wakee),
        );
        for (i, (a, b)) in self
            .state
            .has_idle_cores
            .iter()
            .zip(&st.has_idle_cores)
            .enumerate()
        {
            diff(
                format!("has_idle_cores[llc {i}]"),
                a.to_string(),
                b.to_string(),
            );
        }
        for (i, (a, b)) in self
            .state
            .avg_scan_cost
            .iter()
            .zip(&st.avg_scan_cost)
            .enumerate()
        {
            diff(
                format!("avg_scan_cost[cpu {i}]"),
                a.to_string(),
                b.to_string(),
            );
        }
        if d.wake_avg_idle_used > 0 {
            let w = self.cpus[self.request.this_cpu as usize].wake_avg_idle;
            diff(
                format!("wake_avg_idle[cpu {}]", self.request.this_cpu),
                w.to_string(),
                (w - d.wake_avg_idle_used).to_string(),
            );
        }
        let this = self.request.this_cpu as usize;
        DecideOutput {
            description: self.snapshot.description.clone(),
            kernel: self.snapshot.kernel,
            cpu: d.cpu,
            rule: d.rule,
            affine: d.affine,
            want_affine: d.want_affine,
            fast_path: d.fast_path,
            scanned: d.scanned,
            task: p,
            current: cur,
            changes,
            stats_delta: st.stats[this].delta_since(&self.state.stats[this]),
            trace: rec.events,
        }
    }
}

/// Decide one placement from a JSON snapshot: chosen CPU, state changes and explanation.
pub fn decide_json(input: &str) -> Result<DecideOutput, SnapshotError> {
    Ok(Snapshot::from_json(input)?.load()?.decide())
}

/// Readable trace of a decision (`wakelab decide --text`).
pub fn render_text(o: &DecideOutput) -> String {
    let mut out = String::new();
    if !o.description.is_empty() {
        out.push_str(&format!("# {}\n", o.description));
    }
    let patches: Vec<&str> = o.kernel.patches.iter().map(|p| p.key()).collect();
    out.push_str(&format!(
        "kernel {}{}\n",
        o.kernel.version,
        if patches.is_empty() {
            String::new()
        } else {
            format!(" + {}", patches.join(" + "))
        }
    ));
    out.push_str(&render_events(&o.trace));
    out.push_str(&format!(
        "result: CPU {} (rule {:?}, affine {}, runqueues read {})\n",
        o.cpu, o.rule, o.affine, o.scanned
    ));
    if !o.changes.is_empty() {
        out.push_str("changes:\n");
        for c in &o.changes {
            out.push_str(&format!("  {}: {} -> {}\n", c.what, c.before, c.after));
        }
    }
    let s = &o.stats_delta;
    out.push_str(&format!(
        "schedstats: search +{} scanned +{} domain_search +{} failed +{} recent_hit +{} \
         recent_miss +{} affine_attempts +{} affine +{}\n",
        s.sis_search,
        s.sis_scanned,
        s.sis_domain_search,
        s.sis_failed,
        s.sis_recent_hit,
        s.sis_recent_miss,
        s.nr_wakeups_affine_attempts,
        s.nr_wakeups_affine
    ));
    out
}

/// The value counts a per-CPU or per-LLC list accepts: none, one for all, or one each
/// ("0 or 1 values" when one each is one).
fn value_counts(each: usize) -> String {
    if each <= 1 {
        "0 or 1 values".into()
    } else {
        format!("0, 1 or {each} values")
    }
}
