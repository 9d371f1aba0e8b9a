//! Interference alongside a benchmark: rt-app style periodic RT tasks, interrupt load, CPU
//! hogs and self-contained task lists (e.g. imported from rt-app).

use serde::{Deserialize, Serialize};

use crate::cpumask::CpuMask;
use crate::engine::IrqSource;
use crate::engine::behaviour::{Amount, Phase, SchedClass, TaskSpec};
use crate::topology::Topology;

use super::config::NOMINAL_MHZ;
use super::error::{ConfigError, field};

/// One source of interference. Interference tasks never exit; they are appended after the
/// benchmark's tasks (see [`super::WorkloadBuild::background_tasks`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Interference {
    /// rt-app style periodic SCHED_FIFO tasks: run `runtime_us`, sleep the rest of `period_us`.
    Rt(RtInterference),
    /// Periodic interrupt load (a ping flood): one [`IrqSource`] per CPU of `cpus`.
    Irq(IrqInterference),
    /// Fair tasks that always run.
    Hog(HogInterference),
    /// A self-contained task list (task references index this list; no forks).
    Tasks(TasksInterference),
}

/// Periodic RT tasks.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RtInterference {
    /// Name prefix. Default "rt-app".
    pub name: String,
    /// Number of tasks. Default 0 = one per CPU of `cpus` (1 if `cpus` is not given).
    pub instances: u32,
    /// CPU work per period, in µs at `mhz` (rt-app's "run": calibrated work). Default 20000.
    pub runtime_us: u64,
    /// Period in µs. Default 100000.
    pub period_us: u64,
    /// Affinity of every instance (kernel cpulist, e.g. "4-7"). Default: all CPUs.
    pub cpus: Option<CpuMask>,
    /// Pin instance i to the i-th CPU of `cpus` instead of giving it the whole set. Default false.
    pub pin_each: bool,
    /// SCHED_FIFO priority 1..=99. Default 10 (estimate of a typical rt-app configuration).
    pub prio: u8,
    /// Clock at which `runtime_us` of work is measured (rt-app calibrates its busy loop on the
    /// CPU it runs on at the maximum frequency). Default 3000 (NOMINAL_MHZ).
    pub mhz: u32,
    /// First activation, ns. Default 0.
    pub start_ns: u64,
}

impl Default for RtInterference {
    fn default() -> Self {
        RtInterference {
            name: "rt-app".into(),
            instances: 0,
            runtime_us: 20_000,
            period_us: 100_000,
            cpus: None,
            pin_each: false,
            prio: 10,
            mhz: NOMINAL_MHZ,
            start_ns: 0,
        }
    }
}

/// Interrupt load on chosen CPUs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IrqInterference {
    /// CPUs that receive the interrupts (required).
    pub cpus: CpuMask,
    /// Time between interrupts on each CPU. Default 100 µs (10k interrupts/s: estimate for a
    /// ping flood's receive interrupts after coalescing).
    #[serde(default = "irq_period")]
    pub period_ns: u64,
    /// Time each interrupt (hard IRQ + net-rx softirq) occupies the CPU. Default 5 µs (estimate).
    #[serde(default = "irq_duration")]
    pub duration_ns: u64,
}

fn irq_period() -> u64 {
    100_000
}
fn irq_duration() -> u64 {
    5_000
}

/// CPU hogs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct HogInterference {
    /// Number of hogs. Default 1.
    pub count: u32,
    /// Affinity. Default: all CPUs.
    pub cpus: Option<CpuMask>,
    /// Nice value. Default 0.
    pub nice: i8,
}

impl Default for HogInterference {
    fn default() -> Self {
        HogInterference {
            count: 1,
            cpus: None,
            nice: 0,
        }
    }
}

/// A task list (e.g. from [`super::rtapp::import_rtapp`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TasksInterference {
    pub tasks: Vec<TaskSpec>,
}

/// Largest interference task count per entry.
pub const MAX_INSTANCES: u32 = 4096;

fn check_cpus(m: &CpuMask, topo: &Topology) -> Result<(), ConfigError> {
    if m.is_empty() {
        return Err(field("cpus", "the set is empty"));
    }
    if !m.is_subset(topo.all()) {
        return Err(field(
            "cpus",
            format!(
                "{} is not within the machine's CPUs {}",
                crate::cpumask::cpulist(m),
                crate::cpumask::cpulist(topo.all())
            ),
        ));
    }
    Ok(())
}

/// The k-th CPU of `m` (wrapping).
fn nth_cpu(m: &CpuMask, k: usize) -> u16 {
    let v = m.to_vec();
    v[k % v.len()]
}

impl Interference {
    /// Append this interference's tasks (task references relative to the start of `tasks`'s
    /// final position are fixed by the caller) and interrupt sources.
    pub(super) fn generate(
        &self,
        topo: &Topology,
        tasks: &mut Vec<TaskSpec>,
        irqs: &mut Vec<IrqSource>,
    ) -> Result<(), ConfigError> {
        match self {
            Interference::Rt(r) => {
                if r.prio == 0 || r.prio > 99 {
                    return Err(field(
                        "prio",
                        format!("must be between 1 and 99 (got {})", r.prio),
                    ));
                }
                if r.period_us == 0 || r.runtime_us > r.period_us || r.period_us > 100_000_000 {
                    return Err(field(
                        "runtime_us/period_us",
                        format!(
                            "need 0 <= runtime ({}) <= period ({}) <= 100 s",
                            r.runtime_us, r.period_us
                        ),
                    ));
                }
                if r.mhz == 0 || r.mhz > 10_000 {
                    return Err(field(
                        "mhz",
                        format!("must be between 1 and 10000 (got {})", r.mhz),
                    ));
                }
                let all = *topo.all();
                let mask = match &r.cpus {
                    Some(m) => {
                        check_cpus(m, topo)?;
                        *m
                    }
                    None => all,
                };
                let n = match (r.instances, &r.cpus) {
                    (0, Some(m)) => m.weight() as u32,
                    (0, None) => 1,
                    (n, _) => n,
                };
                if n > MAX_INSTANCES {
                    return Err(field("instances", format!("at most {MAX_INSTANCES}")));
                }
                let cycles = r.runtime_us * r.mhz as u64;
                let sleep = (r.period_us - r.runtime_us) * 1000;
                let mut body = Vec::new();
                if cycles > 0 {
                    body.push(Phase::Run {
                        cycles: Amount::Fixed(cycles),
                    });
                }
                body.push(Phase::Sleep {
                    ns: Amount::Fixed(sleep.max(1)),
                });
                for i in 0..n as usize {
                    let cpu = nth_cpu(&mask, i);
                    tasks.push(TaskSpec {
                        name: format!("{}/{i}", r.name),
                        class: SchedClass::Fifo { prio: r.prio },
                        affinity: Some(if r.pin_each {
                            CpuMask::single(cpu)
                        } else {
                            mask
                        }),
                        kthread: false,
                        start_cpu: Some(cpu),
                        start_ns: r.start_ns,
                        program: vec![Phase::Loop {
                            count: None,
                            body: body.clone(),
                        }],
                    });
                }
            }
            Interference::Irq(q) => {
                check_cpus(&q.cpus, topo)?;
                if q.period_ns < 1_000 || q.duration_ns == 0 || q.duration_ns >= q.period_ns {
                    return Err(field(
                        "period_ns/duration_ns",
                        format!(
                            "need 0 < duration ({}) < period ({}) and period >= 1 µs",
                            q.duration_ns, q.period_ns
                        ),
                    ));
                }
                for cpu in q.cpus.iter() {
                    irqs.push(IrqSource {
                        cpu,
                        period_ns: q.period_ns,
                        duration_ns: q.duration_ns,
                    });
                }
            }
            Interference::Hog(h) => {
                if h.count == 0 || h.count > MAX_INSTANCES {
                    return Err(field(
                        "count",
                        format!("must be between 1 and {MAX_INSTANCES} (got {})", h.count),
                    ));
                }
                if !(-20..=19).contains(&h.nice) {
                    return Err(field(
                        "nice",
                        format!("must be between -20 and 19 (got {})", h.nice),
                    ));
                }
                let mask = match &h.cpus {
                    Some(m) => {
                        check_cpus(m, topo)?;
                        *m
                    }
                    None => *topo.all(),
                };
                for i in 0..h.count as usize {
                    tasks.push(TaskSpec {
                        name: format!("hog/{i}"),
                        class: SchedClass::Fair { nice: h.nice },
                        affinity: h.cpus,
                        kthread: false,
                        start_cpu: Some(nth_cpu(&mask, i)),
                        start_ns: 0,
                        program: vec![Phase::Loop {
                            count: None,
                            body: vec![Phase::Run {
                                cycles: Amount::Fixed(10_000_000),
                            }],
                        }],
                    });
                }
            }
            Interference::Tasks(t) => {
                if t.tasks.is_empty() {
                    return Err(field("tasks", "the list is empty"));
                }
                if t.tasks.len() > MAX_INSTANCES as usize {
                    return Err(field("tasks", format!("at most {MAX_INSTANCES}")));
                }
                for spec in &t.tasks {
                    if has_fork(&spec.program) {
                        return Err(ConfigError::Task {
                            task: spec.name.clone(),
                            error: Box::new(ConfigError::Forks),
                        });
                    }
                    if let Some(m) = &spec.affinity {
                        check_cpus(m, topo).map_err(|e| ConfigError::Task {
                            task: spec.name.clone(),
                            error: Box::new(e),
                        })?;
                    }
                }
                tasks.extend(t.tasks.iter().cloned());
            }
        }
        Ok(())
    }

    /// Whether task references in this entry's programs are relative to its own list.
    pub(super) fn has_relative_refs(&self) -> bool {
        matches!(self, Interference::Tasks(_))
    }
}

fn has_fork(p: &[Phase]) -> bool {
    p.iter().any(|ph| match ph {
        Phase::Fork { .. } => true,
        Phase::Loop { body, .. } => has_fork(body),
        _ => false,
    })
}

impl Interference {
    /// The `kind` tag.
    pub fn kind(&self) -> &'static str {
        match self {
            Interference::Rt(_) => "rt",
            Interference::Irq(_) => "irq",
            Interference::Hog(_) => "hog",
            Interference::Tasks(_) => "tasks",
        }
    }
}
