//! `wakelab balance`: one `load_balance` call on a frozen machine state (docs/balance.md,
//! docs/examples/balance/). The JSON file ([`BalanceSnapshot`], `"format": 1`) lists per-CPU
//! signals and the tasks on each runqueue; the output is the decision (groups and their types,
//! busiest group and queue, imbalance, tasks moved, active balance) with an explain trace.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::cpumask::{Cpu, CpuMask, cpulist};
use crate::kernel::KernelConfig;
use crate::placement::frozen::{CpuState, FrozenView};
use crate::placement::snapshot::{GroupSpec, pressure_capacity, resolve_groups};
use crate::placement::{StoredSgc, TaskId};
use crate::topology::{MachineShape, SchedDomains, Topology};

use super::cpu_load::CPU_LOAD_IDX_MAX;
use super::detach::{detach_one_task, stopper_env};
use super::find_busiest::SdLbStats;
use super::load_balance::load_balance;
use super::misfit;
use super::state::{LbState, MAX_LEVELS, get_sd_balance_interval, local_group};
use super::view::{LbTask, LbView, task_util_est};
use super::{CpuIdleType, LbFamily, Trace};

/// Largest accepted snapshot file (the same bound as `wakelab decide`'s).
pub const MAX_BALANCE_SNAPSHOT_BYTES: usize = 1 << 20;
/// Most tasks a snapshot may list.
pub const MAX_SNAPSHOT_TASKS: usize = 4096;

/// A refused snapshot: the field's path and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{path}: {message}")]
pub struct BalanceSnapshotError {
    pub path: String,
    pub message: String,
}

fn bad(path: impl Into<String>, message: impl Into<String>) -> BalanceSnapshotError {
    BalanceSnapshotError {
        path: path.into(),
        message: message.into(),
    }
}

/// The snapshot file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BalanceSnapshot {
    /// Must be 1.
    pub format: u32,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub description: String,
    pub machine: MachineShape,
    pub kernel: KernelConfig,
    /// CONFIG_HZ (default 1000, where a jiffy is 1 ms).
    #[serde(default = "hz_default")]
    pub hz: u32,
    #[serde(default)]
    pub now_ns: u64,
    /// `sysctl_sched_migration_cost` (default 500 µs).
    #[serde(default = "migration_cost_default")]
    pub migration_cost_ns: u64,
    /// CONFIG_PREEMPT (default false).
    #[serde(default)]
    pub preempt: bool,
    /// The balancing CPU (`this_cpu`, `env->dst_cpu`).
    pub this_cpu: Cpu,
    /// Domain level index, lowest first (see the trace header for the levels).
    pub level: usize,
    pub idle: CpuIdleType,
    /// This CPU's copy of the level's `sched_domain` fields.
    #[serde(default)]
    pub sd: SdSpec,
    /// Groups whose shared `sgc->imbalance` is set: (level, any CPU of the group).
    #[serde(default)]
    pub sgc_imbalance: Vec<GroupRef>,
    /// Stored `sched_group_capacity` fields of some groups, as in `wakelab decide`
    /// (`imbalance: true` is the same as listing the group in `sgc_imbalance`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub groups: Vec<GroupSpec>,
    /// Per-CPU signal overrides, applied in order.
    #[serde(default)]
    pub cpus: Vec<CpuSpec>,
    /// Tasks; each CPU's tasks in `rq->cfs_tasks` order from the tail (visited first).
    #[serde(default)]
    pub tasks: Vec<TaskSpec>,
}

fn hz_default() -> u32 {
    1000
}
fn migration_cost_default() -> u64 {
    500_000
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SdSpec {
    #[serde(default)]
    pub nr_balance_failed: u32,
    /// Default: `min_interval` (the span weight, ms).
    #[serde(default)]
    pub balance_interval_ms: Option<u64>,
    /// `sd->last_balance` in jiffies. Default: balance due (0 with now far enough).
    #[serde(default)]
    pub last_balance: Option<u64>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GroupRef {
    pub level: usize,
    pub cpu: Cpu,
}

/// Signals of the CPUs in `cpus`; unset fields derive from the CPU's tasks: load = Σ task
/// load, runnable_load = Σ load of runnable tasks, util = min(Σ task util, 1024),
/// runnable_avg = 1024 × CFS tasks, cpu_load[] = runnable_load (a steady state), capacity =
/// capacity_orig of the version (or, from the RT/IRQ pressure signals, what
/// `update_cpu_capacity` computes; an entry gives either those or `capacity`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CpuSpec {
    pub cpus: CpuMask,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub load_avg: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub runnable_load_avg: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub util_avg: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub util_est: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub runnable_avg: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub capacity: Option<u32>,
    /// 4.x `rq->rt_avg` (ns × 1024) and `rq_clock - age_stamp` (ns, default 0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rt_avg: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rt_avg_age_ns: Option<u64>,
    /// 5.x `avg_rt.util_avg` and `avg_irq.util_avg`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rt_util_avg: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub irq_util_avg: Option<u32>,
    /// 4.x cpu_load[0..5].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cpu_load: Option<[u64; CPU_LOAD_IDX_MAX]>,
    /// A wake-up is on its way (`ttwu_pending`): not idle.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wakeup_pending: Option<bool>,
}

/// Class of a snapshot task.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TaskClass {
    #[default]
    Fair,
    Rt,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TaskSpec {
    pub id: TaskId,
    pub cpu: Cpu,
    /// The CPU's current task (at most one per CPU).
    #[serde(default)]
    pub running: bool,
    #[serde(default)]
    pub class: TaskClass,
    /// `se.avg.load_avg` (default 1024, a nice-0 task always runnable).
    #[serde(default = "load_default")]
    pub load: u64,
    /// `se.avg.util_avg` (default: 1024 if running, else 0).
    #[serde(default)]
    pub util: Option<u32>,
    /// `max(ewma, enqueued)` of util_est (5.x; default 0).
    #[serde(default)]
    pub util_est: u32,
    #[serde(default)]
    pub allowed: Option<CpuMask>,
    /// How long ago it last ran (`now - se.exec_start`, ns). Default: 1 s (cache cold).
    #[serde(default)]
    pub ran_ns_ago: Option<u64>,
    #[serde(default)]
    pub per_cpu_kthread: bool,
    /// 6.18 only: `entity_eligible` on its runqueue (lag >= 0; default true). A task that is
    /// not is not pulled to a CPU with queued CFS tasks before the first failed balance
    /// (`task_is_ineligible_on_dst_cpu`, PLACE_LAG).
    #[serde(default)]
    pub eligible: Option<bool>,
}

fn load_default() -> u64 {
    1024
}

/// Resolved per-CPU state the balancer reads beyond placement's [`CpuState`].
#[derive(Clone, Copy, Debug)]
struct LbCpuState {
    h_nr_running: u32,
    cpu_load: [u64; CPU_LOAD_IDX_MAX],
    curr: Option<usize>,
}

/// A validated snapshot: implements `LbView`.
#[derive(Clone, Debug)]
pub struct LoadedBalance {
    pub snapshot: BalanceSnapshot,
    pub topology: Topology,
    pub domains: SchedDomains,
    cpus: Vec<CpuState>,
    lb_cpus: Vec<LbCpuState>,
    tasks: Vec<(TaskSpec, LbTask)>,
    /// The resolved `groups`: (level, group span, stored fields).
    groups: Vec<(usize, CpuMask, StoredSgc)>,
}

impl BalanceSnapshot {
    /// Parse (size-bounded; unknown fields and duplicate keys refused, errors with paths).
    pub fn from_json(input: &str) -> Result<BalanceSnapshot, BalanceSnapshotError> {
        if input.len() > MAX_BALANCE_SNAPSHOT_BYTES {
            return Err(bad(
                "(file)",
                format!(
                    "is {} bytes; the limit is {MAX_BALANCE_SNAPSHOT_BYTES}",
                    input.len()
                ),
            ));
        }
        // duplicate keys refused, as in every other input (docs/limits.md)
        let v = crate::scenario::read_json(input).map_err(|e| bad(e.field, e.message))?;
        let r: Result<BalanceSnapshot, _> = serde_path_to_error::deserialize(v);
        r.map_err(|e| bad(e.path().to_string(), e.inner().to_string()))
    }

    /// Validate and resolve.
    pub fn load(&self) -> Result<LoadedBalance, BalanceSnapshotError> {
        if self.format != 1 {
            return Err(bad(
                "format",
                format!("unsupported format {} (expected 1)", self.format),
            ));
        }
        let topology = Topology::new(&self.machine).map_err(|e| bad("machine", e.to_string()))?;
        self.kernel
            .resolve()
            .map_err(|e| bad("kernel", e.to_string()))?;
        crate::check::between(self.hz, 100, 1000).map_err(|m| bad("hz", m))?;
        crate::check::at_most(self.migration_cost_ns, i32::MAX as u64)
            .map_err(|m| bad("migration_cost_ns", m))?;
        // now and ran_ns_ago: at most ~146 years, far from overflow in `now - ago`
        crate::check::at_most(self.now_ns, 1u64 << 62).map_err(|m| bad("now_ns", m))?;
        let domains =
            SchedDomains::build(&topology, self.kernel.version, self.kernel.topology_flags);
        let nr = topology.nr_cpus();
        crate::check::cpu(self.this_cpu, nr).map_err(|m| bad("this_cpu", m))?;
        let nlevels = domains.levels.len().min(MAX_LEVELS);
        if self.level >= nlevels {
            return Err(bad(
                "level",
                format!(
                    "this machine has {nlevels} domain levels (0 to {})",
                    nlevels.max(1) - 1
                ),
            ));
        }
        for (k, g) in self.sgc_imbalance.iter().enumerate() {
            if g.level >= nlevels {
                return Err(bad(
                    format!("sgc_imbalance[{k}].level"),
                    format!("must be below {nlevels}"),
                ));
            }
            crate::check::cpu(g.cpu, nr).map_err(|m| bad(format!("sgc_imbalance[{k}].cpu"), m))?;
        }
        crate::check::at_most(self.sd.nr_balance_failed, 1000)
            .map_err(|m| bad("sd.nr_balance_failed", m))?;
        if let Some(b) = self.sd.balance_interval_ms {
            crate::check::between(b, 1, 1_000_000).map_err(|m| bad("sd.balance_interval_ms", m))?;
        }
        if self.tasks.len() > MAX_SNAPSHOT_TASKS {
            return Err(bad(
                "tasks",
                format!(
                    "at most {MAX_SNAPSHOT_TASKS} tasks (got {})",
                    self.tasks.len()
                ),
            ));
        }
        let all = *topology.all();
        // The placement-only signals are the values this file has no field for: avg_idle
        // 1 ms, wake_avg_idle half of it, no idle stamp or cpuidle state, no SCHED_IDLE.
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
                idle_stamp: 0,
                exit_latency_ns: None,
            })
            .collect();
        let mut lb_cpus = vec![
            LbCpuState {
                h_nr_running: 0,
                cpu_load: [0; CPU_LOAD_IDX_MAX],
                curr: None,
            };
            nr
        ];
        let mut tasks = Vec::with_capacity(self.tasks.len());
        let mut util_sum = vec![0u64; nr];
        for (k, t) in self.tasks.iter().enumerate() {
            let p = |f: &str| format!("tasks[{k}].{f}");
            crate::check::cpu(t.cpu, nr).map_err(|m| bad(p("cpu"), m))?;
            if self.tasks[..k].iter().any(|o| o.id == t.id) {
                return Err(bad(p("id"), format!("task {} is listed twice", t.id)));
            }
            crate::check::at_most(t.load, 1u64 << 20).map_err(|m| bad(p("load"), m))?;
            let util = t.util.unwrap_or(if t.running { 1024 } else { 0 });
            crate::check::at_most(util, 1024).map_err(|m| bad(p("util"), m))?;
            crate::check::at_most(t.util_est, 1024).map_err(|m| bad(p("util_est"), m))?;
            let allowed = t.allowed.unwrap_or(all);
            if allowed.is_empty() || !allowed.is_subset(&all) {
                return Err(bad(
                    p("allowed"),
                    format!(
                        "must be a non-empty subset of the machine's CPUs 0-{}",
                        nr - 1
                    ),
                ));
            }
            if !allowed.test(t.cpu) {
                return Err(bad(
                    p("allowed"),
                    format!("does not contain the task's CPU {}", t.cpu),
                ));
            }
            if t.eligible.is_some() && !self.kernel.version.is_eevdf() {
                return Err(bad(
                    p("eligible"),
                    format!(
                        "eligibility is EEVDF's (6.18); {} has none",
                        self.kernel.version
                    ),
                ));
            }
            let ago = t.ran_ns_ago.unwrap_or(1_000_000_000);
            crate::check::at_most(ago, 1u64 << 62).map_err(|m| bad(p("ran_ns_ago"), m))?;
            let (s, lb) = (&mut cpus[t.cpu as usize], &mut lb_cpus[t.cpu as usize]);
            if t.running {
                if lb.curr.is_some() {
                    return Err(bad(
                        p("running"),
                        format!("CPU {} already has a running task", t.cpu),
                    ));
                }
                lb.curr = Some(k);
                s.per_cpu_kthread = t.per_cpu_kthread;
            }
            s.nr_running += 1;
            if t.class == TaskClass::Fair {
                lb.h_nr_running += 1;
                s.load_avg += t.load;
                s.runnable_load_avg += t.load;
                util_sum[t.cpu as usize] += util as u64;
            }
            tasks.push((
                t.clone(),
                LbTask {
                    id: t.id,
                    load: t.load,
                    util_est: task_util_est(
                        LbFamily::of(self.kernel.version),
                        util as u64,
                        t.util_est as u64,
                    ),
                    allowed,
                    running: t.running,
                    exec_start: self.now_ns.saturating_sub(ago),
                    per_cpu_kthread: t.per_cpu_kthread,
                    eligible: t.eligible.unwrap_or(true),
                    delayed: false,
                },
            ));
        }
        for (c, (s, lb)) in cpus.iter_mut().zip(&mut lb_cpus).enumerate() {
            s.util_avg = util_sum[c].min(1024) as u32;
            s.runnable_avg = 1024 * lb.h_nr_running as u64;
            lb.cpu_load = [s.runnable_load_avg; CPU_LOAD_IDX_MAX];
        }
        for (k, e) in self.cpus.iter().enumerate() {
            if !e.cpus.is_subset(&all) {
                return Err(bad(
                    format!("cpus[{k}].cpus"),
                    format!("names CPUs beyond the machine's {nr}"),
                ));
            }
            for c in e.cpus.iter() {
                let (s, lb) = (&mut cpus[c as usize], &mut lb_cpus[c as usize]);
                if let Some(x) = e.load_avg {
                    s.load_avg = x;
                }
                if let Some(x) = e.runnable_load_avg {
                    s.runnable_load_avg = x;
                    if e.cpu_load.is_none() {
                        lb.cpu_load = [x; CPU_LOAD_IDX_MAX];
                    }
                }
                if let Some(x) = e.util_avg {
                    s.util_avg = x;
                }
                if let Some(x) = e.util_est {
                    s.util_est = x;
                }
                if let Some(x) = e.runnable_avg {
                    s.runnable_avg = x;
                }
                if e.capacity.is_some()
                    && (e.rt_avg.is_some() || e.rt_util_avg.is_some() || e.irq_util_avg.is_some())
                {
                    return Err(bad(
                        format!("cpus[{k}].capacity"),
                        "give either capacity or the RT/IRQ signals it is computed from, not both",
                    ));
                }
                if let Some(x) = e.capacity {
                    s.capacity = x;
                }
                if let Some(cap) = pressure_capacity(
                    domains.capacity_orig[c as usize] as u64,
                    self.kernel.version.is_4x(),
                    e.rt_avg,
                    e.rt_avg_age_ns,
                    e.rt_util_avg,
                    e.irq_util_avg,
                )
                .map_err(|(f, m)| bad(format!("cpus[{k}].{f}"), m))?
                {
                    s.capacity = cap as u32;
                }
                if let Some(x) = e.cpu_load {
                    lb.cpu_load = x;
                }
                if let Some(x) = e.wakeup_pending {
                    s.wakeup_pending = x;
                }
                let p = |f: &str| format!("cpus[{k}].{f}");
                crate::check::between(s.capacity, 1, 1024).map_err(|m| bad(p("capacity"), m))?;
                crate::check::at_most(s.util_avg, 1024).map_err(|m| bad(p("util_avg"), m))?;
                crate::check::at_most(s.util_est, 1024).map_err(|m| bad(p("util_est"), m))?;
                for (what, v) in [
                    ("load_avg", s.load_avg),
                    ("runnable_load_avg", s.runnable_load_avg),
                    ("runnable_avg", s.runnable_avg),
                ] {
                    crate::check::at_most(v, 1u64 << 32).map_err(|m| bad(p(what), m))?;
                }
                for (i, &v) in lb.cpu_load.iter().enumerate() {
                    crate::check::at_most(v, 1u64 << 32)
                        .map_err(|m| bad(format!("cpus[{k}].cpu_load[{i}]"), m))?;
                }
            }
        }
        let groups = resolve_groups(&self.groups, &domains, nr).map_err(|(p, m)| bad(p, m))?;
        Ok(LoadedBalance {
            snapshot: self.clone(),
            topology,
            domains,
            cpus,
            lb_cpus,
            tasks,
            groups,
        })
    }
}

impl FrozenView for LoadedBalance {
    crate::placement::frozen::frozen_view_fields!();
    fn h_nr_running(&self, cpu: Cpu) -> u32 {
        self.lb_cpus[cpu as usize].h_nr_running
    }
}

impl LbView for LoadedBalance {
    fn cpu_load_idx(&self, cpu: Cpu, idx: usize) -> u64 {
        self.lb_cpus[cpu as usize].cpu_load[idx]
    }
    fn cpu_runnable(&self, cpu: Cpu) -> u64 {
        self.cpus[cpu as usize].runnable_avg
    }
    fn cfs_tasks(&self, cpu: Cpu, out: &mut Vec<LbTask>) {
        out.clear();
        out.extend(
            self.tasks
                .iter()
                .filter(|(s, _)| s.cpu == cpu && s.class == TaskClass::Fair)
                .map(|(_, t)| *t),
        );
    }
    fn curr_allowed(&self, cpu: Cpu) -> Option<CpuMask> {
        self.lb_cpus[cpu as usize]
            .curr
            .map(|k| self.tasks[k].1.allowed)
    }
    fn migration_cost(&self) -> u64 {
        self.snapshot.migration_cost_ns
    }
    fn preempt(&self) -> bool {
        self.snapshot.preempt
    }
    fn hz(&self) -> u32 {
        self.snapshot.hz
    }
    fn place_lag(&self) -> bool {
        let k = &self.snapshot.kernel;
        let f = crate::kernel::SchedFeature::PlaceLag;
        k.features
            .get(f)
            .or(f.default_in(k.version))
            .unwrap_or(false)
    }
    /// What `update_misfit_status` left for the CPU's running CFS task at its last tick or
    /// pick (the snapshot's signals are a steady state): derived, not an input.
    fn misfit_task_load(&self, cpu: Cpu) -> u64 {
        if !misfit::asym_cpucap_active(&self.domains) {
            return 0;
        }
        let curr = self.lb_cpus[cpu as usize]
            .curr
            .map(|k| &self.tasks[k])
            .filter(|(s, _)| s.class == TaskClass::Fair)
            .map(|(_, t)| misfit::MisfitTask {
                util_est: t.util_est,
                load: t.load,
                allowed: t.allowed,
            });
        misfit::misfit_task_load(
            &self.domains,
            cpu,
            crate::placement::SchedView::capacity_of(self, cpu) as u64,
            curr.as_ref(),
        )
    }
}

/// A moved task.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Move {
    pub task: TaskId,
    pub from: Cpu,
    pub to: Cpu,
}

/// Result of [`balance_json`].
#[derive(Clone, Debug, Serialize)]
pub struct BalanceOutput {
    pub description: String,
    pub kernel: KernelConfig,
    pub this_cpu: Cpu,
    pub level: usize,
    pub level_name: String,
    pub idle: CpuIdleType,
    /// The periodic balance of this level is due (`jiffies >= last_balance + interval`);
    /// always true for new-idle balancing.
    pub due: bool,
    pub should_we_balance: bool,
    pub stats: Option<SdLbStats>,
    pub busiest_group: Option<String>,
    pub busiest_cpu: Option<Cpu>,
    pub migration_type: Option<super::env::MigrationType>,
    pub imbalance: i64,
    pub moved: Vec<Move>,
    /// Active balance: the stopper on `from` pushes `task` to `to`.
    pub active: Option<Move>,
    pub nr_balance_failed: u32,
    pub balance_interval_ms: u64,
    /// The parent level's local-group `sgc->imbalance` after the call.
    pub parent_group_imbalance: Option<bool>,
    pub trace: Vec<String>,
}

impl LoadedBalance {
    /// Run one `load_balance` (if due) and report.
    pub fn balance(&self) -> BalanceOutput {
        let s = &self.snapshot;
        let nr = self.topology.nr_cpus();
        let mut st = LbState::new(&self.domains, nr);
        let (cpu, li) = (s.this_cpu, s.level);
        let lvl = &self.domains.levels[li];
        {
            let sd = &mut st.sd[cpu as usize][li];
            sd.nr_balance_failed = s.sd.nr_balance_failed;
            if let Some(b) = s.sd.balance_interval_ms {
                sd.balance_interval = b;
            }
        }
        for g in &s.sgc_imbalance {
            let first = self.domains.levels[g.level]
                .groups_from(g.cpu)
                .next()
                .and_then(|m| m.first())
                .unwrap_or(g.cpu);
            st.sgc_imbalance[g.level][first as usize] = true;
        }
        for (l, m, g) in &self.groups {
            if g.imbalance {
                st.sgc_imbalance[*l][m.first().unwrap_or(0) as usize] = true;
            }
        }
        let mut tr = Trace::on();
        tr.note(|| {
            let names: Vec<String> = self
                .domains
                .levels
                .iter()
                .enumerate()
                .map(|(i, l)| format!("{i} {:?} {}", l.kind, cpulist(l.span(cpu))))
                .collect();
            format!("domains of CPU {cpu}: {}", names.join(", "))
        });
        let j = s.now_ns / (1_000_000_000 / s.hz as u64);
        let busy = s.idle != CpuIdleType::Idle;
        let interval = get_sd_balance_interval(
            st.sd[cpu as usize][li].balance_interval,
            lvl.busy_factor,
            busy,
            self.domains.version.is_4x(),
            s.hz,
            nr,
        );
        let last = s.sd.last_balance.unwrap_or(0);
        let due = s.idle == CpuIdleType::NewlyIdle || j >= last + interval;
        let mut out = BalanceOutput {
            description: s.description.clone(),
            kernel: s.kernel,
            this_cpu: cpu,
            level: li,
            level_name: format!("{:?}", lvl.kind),
            idle: s.idle,
            due,
            should_we_balance: false,
            stats: None,
            busiest_group: None,
            busiest_cpu: None,
            migration_type: None,
            imbalance: 0,
            moved: vec![],
            active: None,
            nr_balance_failed: s.sd.nr_balance_failed,
            balance_interval_ms: st.sd[cpu as usize][li].balance_interval,
            parent_group_imbalance: None,
            trace: vec![],
        };
        if !due {
            tr.note(|| {
                format!(
                    "rebalance_domains: jiffies {j} < last_balance {last} + interval {interval}: not due"
                )
            });
        } else {
            let r = load_balance(self, &mut st, cpu, li, s.idle, &mut tr);
            out.should_we_balance = r.balanced_by_this_cpu;
            out.stats = r.stats;
            out.busiest_group = r.busiest_group.map(|m| cpulist(&m));
            out.busiest_cpu = r.busiest_cpu;
            out.migration_type = r.migration_type;
            out.imbalance = r.imbalance;
            out.moved = r
                .moved
                .iter()
                .map(|&(task, from, to)| Move { task, from, to })
                .collect();
            if let Some((from, to)) = r.active {
                // for_each_domain(target_cpu, sd): the lowest one spanning busiest
                let sl = (0..self.domains.levels.len().min(MAX_LEVELS))
                    .find(|&l| self.domains.levels[l].span(to).test(from))
                    .unwrap_or(li);
                let mut env = stopper_env(
                    LbFamily::of(self.domains.version),
                    sl,
                    from,
                    to,
                    st.sd[to as usize][sl].nr_balance_failed,
                    self.domains.levels[sl].cache_nice_tries,
                    self.snapshot.now_ns,
                );
                let task = detach_one_task(self, &mut env, from);
                tr.note(|| match task {
                    Some(t) => format!(
                        "active_load_balance_cpu_stop: task {t} from CPU {from} to CPU {to}"
                    ),
                    None => format!(
                        "active_load_balance_cpu_stop: no task of CPU {from} may run on CPU {to}"
                    ),
                });
                out.active = task.map(|task| Move { task, from, to });
            }
            out.nr_balance_failed = st.sd[cpu as usize][li].nr_balance_failed;
            out.balance_interval_ms = st.sd[cpu as usize][li].balance_interval;
            if li + 1 < self.domains.levels.len().min(MAX_LEVELS) {
                let first = local_group(&self.domains, li + 1, cpu)
                    .first()
                    .unwrap_or(cpu);
                out.parent_group_imbalance = Some(st.sgc_imbalance[li + 1][first as usize]);
            }
        }
        let _ = LbFamily::of(self.domains.version);
        out.trace = tr.lines.unwrap_or_default();
        out
    }
}

/// Run `wakelab balance` on JSON input.
pub fn balance_json(input: &str) -> Result<BalanceOutput, BalanceSnapshotError> {
    Ok(BalanceSnapshot::from_json(input)?.load()?.balance())
}

/// Readable form (`wakelab balance --text`).
pub fn render_text(o: &BalanceOutput) -> String {
    let mut out = String::new();
    if !o.description.is_empty() {
        out.push_str(&format!("# {}\n", o.description));
    }
    out.push_str(&format!("kernel {}\n", o.kernel.version));
    for l in &o.trace {
        out.push_str(l);
        out.push('\n');
    }
    let moved: Vec<String> = o
        .moved
        .iter()
        .map(|m| format!("task {} {}->{}", m.task, m.from, m.to))
        .collect();
    out.push_str(&format!(
        "result: {}{}\n",
        if moved.is_empty() {
            "nothing moved".to_string()
        } else {
            format!("moved {}", moved.join(", "))
        },
        match o.active {
            Some(m) => format!(
                "; active balance moves task {} {}->{}",
                m.task, m.from, m.to
            ),
            None => String::new(),
        }
    ));
    out.push_str(&format!(
        "after: nr_balance_failed {}, balance_interval {} ms{}\n",
        o.nr_balance_failed,
        o.balance_interval_ms,
        match o.parent_group_imbalance {
            Some(b) => format!(", parent group imbalance {b}"),
            None => String::new(),
        }
    ));
    out
}
