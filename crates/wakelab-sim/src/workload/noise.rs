//! System noise (issue 19): what an idle-looking Linux machine runs besides the benchmark, and
//! the run-to-run spread of per-operation costs. One set of defaults for every scenario, measured
//! on the team's host (recordings/host-2vcpu/idle-noise.json: how, and every figure); a scenario
//! switches it off or scales it with its `noise` section.
//!
//! The background is built from the behaviour language like any interference, so each source
//! wakes its task from where it really runs:
//!
//! * a **per-CPU kworker** per CPU (kthread bound to the CPU): deferrable per-CPU work (vmstat,
//!   the page allocator's drain, the `events` workqueue), woken by a timer on its own CPU;
//! * **RCU's grace-period kthread**, **kcompactd** (one per node), **unbound kworkers** and a
//!   **periodic daemon** with long bursts: woken by a timer;
//! * **network interrupts**: a daemon waiting on a socket is woken by the NIC's receive
//!   interrupt, delivered to one CPU (the queue's `smp_affinity`; CPU 0 here: a single-queue or
//!   first-queue vector, the default before irqbalance spreads them), so the wake-up comes from
//!   that CPU, idle or not;
//! * **block interrupts**: none by default: no background task waited for the disk in the quiet
//!   recordings (a benchmark's own IO completions are its workload's `io` phases).
//!
//! Per-CPU sources scale with the machine; daemons and interrupt-woken tasks are per machine.

use serde::{Deserialize, Serialize};

use crate::cpumask::CpuMask;
use crate::engine::behaviour::{Amount, IoCompletion, IrqRoute, Phase, SchedClass, TaskSpec};
use crate::topology::Topology;

/// A scenario's system noise. Absent from a scenario file = the measured defaults.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SystemNoise {
    /// Run the background activity (kworkers, RCU, daemons, network and block interrupts).
    pub background: bool,
    /// Rate of every background source, per mille of the measured rate (1000 = as measured;
    /// 0..=10000).
    pub rate_permille: u32,
    /// Standard deviation of each task's per-run cost factor, per mille (0 = no jitter;
    /// 0..=250). Default [`COST_JITTER_PERMILLE`].
    pub cost_jitter_permille: u32,
}

impl Default for SystemNoise {
    fn default() -> Self {
        SystemNoise {
            background: true,
            rate_permille: 1000,
            cost_jitter_permille: COST_JITTER_PERMILLE,
        }
    }
}

/// Per-task cost spread: the coefficient of variation of the CPU time of hackbench's receivers
/// in the socket, process, 1-group recording (20 tasks doing identical work in one run: 1.9%;
/// idle-noise.json `cost_spread`). The least disturbed of the recordings: everywhere else the
/// spread also holds how often each task blocked and was preempted, which the model produces
/// itself. An upper bound of the intrinsic spread.
pub const COST_JITTER_PERMILLE: u32 = 19;

/// Largest `cost_jitter_permille` (a factor below 0.25 would be a different machine).
pub const MAX_COST_JITTER_PERMILLE: u32 = 250;
/// Largest `rate_permille`: 10x the measured activity.
pub const MAX_RATE_PERMILLE: u32 = 10_000;

/// One background source as measured: mean time between wake-ups and median CPU burst per
/// wake-up (µs at the recording host's nominal 2.0 GHz).
struct Source {
    name: &'static str,
    mean_interval_us: u64,
    burst_us: u64,
}

// Measured on the 2-vCPU host (recordings/host-2vcpu/idle-noise.json, `sources`): the
// background tasks of the three quiet recordings that leave the machine mostly idle (tbench-c1,
// perf-bench-sched-pipe, pgbench-select-c1), wake-ups per second averaged over them, median
// burst (on-CPU time from a wake-up to the next block).

/// Per-CPU kworkers (`kworker/N:M`): 2.0 wake-ups/s per CPU, 11 µs. One per CPU, bound to it.
const KWORKER: Source = Source {
    name: "kworker",
    mean_interval_us: 500_000,
    burst_us: 11,
};
/// RCU's grace-period kthread (`rcu_preempt`): 5.0/s, 7.5 µs. One per machine.
const RCU: Source = Source {
    name: "rcu_preempt",
    mean_interval_us: 200_000,
    burst_us: 8,
};
/// Memory compaction (`kcompactdN`): 1.7/s, 6.7 µs. One per NUMA node, bound to its CPUs.
const KCOMPACTD: Source = Source {
    name: "kcompactd",
    mean_interval_us: 590_000,
    burst_us: 7,
};
/// Unbound kworkers (`kworker/uN:M`): 1.6/s, 26 µs. One per machine.
const KWORKER_UNBOUND: Source = Source {
    name: "kworker/u",
    mean_interval_us: 625_000,
    burst_us: 26,
};
/// A periodic daemon with long bursts (the host's DAMON monitor, `kdamond.0`): 1.2/s, 1.0 ms.
/// One per machine.
const DAEMON: Source = Source {
    name: "daemon",
    mean_interval_us: 830_000,
    burst_us: 1000,
};
/// A user task woken by network receive interrupts (the host's agent, comm `memfd:sealed-N`,
/// woken from the idle task on CPU 0): 13/s, 29 µs. One per machine, its interrupt on CPU 0.
const NET_RX: Source = Source {
    name: "net-rx",
    mean_interval_us: 76_000,
    burst_us: 29,
};
/// The recording host's nominal clock (recordings/README.md, "The host").
const HOST_MHZ: u64 = 2_000;

/// Error in the noise section, with its field path.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("noise.{field}: {message}")]
pub struct NoiseError {
    pub field: &'static str,
    pub message: String,
}

impl SystemNoise {
    /// No background and no jitter: the model as it was before issue 19.
    pub fn off() -> SystemNoise {
        SystemNoise {
            background: false,
            rate_permille: 1000,
            cost_jitter_permille: 0,
        }
    }

    pub fn validate(&self) -> Result<(), NoiseError> {
        crate::check::at_most(self.rate_permille, MAX_RATE_PERMILLE).map_err(|m| NoiseError {
            field: "rate_permille",
            message: m.into(),
        })?;
        crate::check::at_most(self.cost_jitter_permille, MAX_COST_JITTER_PERMILLE).map_err(
            |m| NoiseError {
                field: "cost_jitter_permille",
                message: m.into(),
            },
        )?;
        Ok(())
    }

    /// The background tasks on `topo` (empty when off or at rate 0). Task references: none.
    pub fn tasks(&self, topo: &Topology) -> Vec<TaskSpec> {
        if !self.background || self.rate_permille == 0 {
            return vec![];
        }
        let n = topo.nr_cpus();
        let mut out = Vec::with_capacity(n + topo.nr_nodes() + 4);
        for cpu in 0..n as u16 {
            out.push(self.timer_task(
                format!("noise:kworker/{cpu}"),
                &KWORKER,
                Some(CpuMask::single(cpu)),
                true,
                cpu,
            ));
        }
        for node in 0..topo.nr_nodes() {
            let span = *topo.node_span(node);
            out.push(self.timer_task(
                format!("noise:kcompactd{node}"),
                &KCOMPACTD,
                Some(span),
                true,
                span.first().unwrap_or(0),
            ));
        }
        // per-machine sources start spread over the machine
        // the first two are kernel threads (in kernel mode: TaskSpec::kthread), the daemon not
        for (k, (s, kthread)) in [(&RCU, true), (&KWORKER_UNBOUND, true), (&DAEMON, false)]
            .into_iter()
            .enumerate()
        {
            let cpu = ((k + 1) * n / 4) as u16;
            out.push(self.timer_task(format!("noise:{}", s.name), s, None, kthread, cpu));
        }
        out.push(self.irq_task(&NET_RX, 0, (n - 1) as u16));
        out
    }

    /// Mean time between wake-ups at this scenario's rate.
    fn interval(&self, s: &Source) -> Amount {
        Amount::Exp {
            mean: (s.mean_interval_us * 1000 * 1000 / self.rate_permille as u64).max(1),
        }
    }

    fn burst(s: &Source) -> Amount {
        // measured µs at the host's clock, as cycles: the work takes the same time on a
        // model CPU at 2.0 GHz and less at a faster clock
        let c = s.burst_us * HOST_MHZ;
        Amount::Uniform {
            lo: c / 2,
            hi: c * 3 / 2,
        }
    }

    fn timer_task(
        &self,
        name: String,
        s: &Source,
        affinity: Option<CpuMask>,
        kthread: bool,
        cpu: u16,
    ) -> TaskSpec {
        TaskSpec {
            name,
            class: SchedClass::Fair { nice: 0 },
            affinity,
            kthread,
            start_cpu: Some(cpu),
            start_ns: 0,
            program: vec![Phase::Loop {
                count: None,
                body: vec![
                    Phase::Sleep {
                        ns: self.interval(s),
                    },
                    Phase::Run {
                        cycles: Self::burst(s),
                    },
                ],
            }],
        }
    }

    /// A task woken by a device interrupt delivered to `irq_cpu` (`Io` with a fixed route:
    /// the completion interrupt runs there and wakes the task from there, idle or not).
    fn irq_task(&self, s: &Source, irq_cpu: u16, start_cpu: u16) -> TaskSpec {
        TaskSpec {
            name: format!("noise:{}", s.name),
            class: SchedClass::Fair { nice: 0 },
            affinity: None,
            kthread: false,
            start_cpu: Some(start_cpu),
            start_ns: 0,
            program: vec![Phase::Loop {
                count: None,
                body: vec![
                    Phase::Io {
                        ns: self.interval(s),
                        irq: IrqRoute::Cpu(irq_cpu),
                        completion: IoCompletion::IRQ,
                        submit_only: false,
                    },
                    Phase::Run {
                        cycles: Self::burst(s),
                    },
                ],
            }],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::topology::MachineShape;

    fn topo(cpus: u16) -> Topology {
        Topology::new(&MachineShape::symmetric(1, 1, cpus, 1)).unwrap()
    }

    #[test]
    fn per_cpu_sources_scale_with_the_machine_and_off_is_empty() {
        let d = SystemNoise::default();
        assert_eq!(d.tasks(&topo(8)).len(), 8 + 1 + 4);
        assert_eq!(d.tasks(&topo(64)).len(), 64 + 1 + 4);
        let kw = &d.tasks(&topo(8))[3];
        assert!(kw.kthread);
        assert_eq!(kw.affinity, Some(CpuMask::single(3)));
        assert!(SystemNoise::off().tasks(&topo(8)).is_empty());
        let zero = SystemNoise {
            rate_permille: 0,
            ..SystemNoise::default()
        };
        assert!(zero.tasks(&topo(8)).is_empty());
    }

    #[test]
    fn validation_names_the_field() {
        let mut n = SystemNoise {
            cost_jitter_permille: 251,
            ..SystemNoise::default()
        };
        assert_eq!(n.validate().unwrap_err().field, "cost_jitter_permille");
        n.cost_jitter_permille = 0;
        n.rate_permille = 10_001;
        let e = n.validate().unwrap_err();
        assert_eq!(
            e.to_string(),
            "noise.rate_permille: must be at most 10000 (got 10001)"
        );
    }
}
