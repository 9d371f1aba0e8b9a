//! Engine parameters: scheduler tunables (kernel defaults) and model constants (estimates).
//!
//! Every constant that is an estimate rather than a kernel default says so; all are editable in
//! the scenario (`engine` section) and listed in docs/model.md.

use serde::{Deserialize, Serialize};

/// Tunables of the simulated scheduler and of the hardware model.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct EngineParams {
    /// Scheduler tick rate (CONFIG_HZ). Kernel default for server distros: 250.
    pub hz: u32,
    /// `sysctl_sched_latency` before the log2(ncpus) scaling: 6 ms (kernel default).
    pub sched_latency_ns: u64,
    /// `sysctl_sched_min_granularity` before scaling: 0.75 ms (kernel default).
    pub min_granularity_ns: u64,
    /// `sysctl_sched_wakeup_granularity` before scaling: 1 ms (kernel default).
    pub wakeup_granularity_ns: u64,
    /// `sysctl_sched_migration_cost`: 0.5 ms (kernel default; gates new-idle balancing).
    pub migration_cost_ns: u64,
    /// Combined throughput of k busy SMT threads of one core relative to one thread, in 1/1024
    /// (index k-1). Estimate: 2 threads give ~1.25x (typical SPECrate SMT gain on Skylake).
    pub smt_throughput: Vec<u32>,
    /// Extra cycles a task pays when it resumes on a CPU that shares no cache with the CPU it
    /// last ran on (cold LLC). Estimate.
    pub cold_llc_cycles: u64,
    /// Extra cycles when it resumes on another core of the same LLC (cold L1/L2). Estimate.
    pub cold_core_cycles: u64,
    /// CPU time of the wake-up path itself on the waker (ttwu + enqueue), ns. Estimate.
    pub wakeup_cost_ns: u64,
    /// Time an IO completion interrupt occupies the CPU it is delivered to, ns. Estimate.
    pub irq_cost_ns: u64,
    /// Delay from a remote wake-up's decision to the target CPU noticing it (IPI), ns. Estimate.
    pub ipi_latency_ns: u64,
    /// Length of one context switch, ns (charged to the incoming task). Estimate.
    pub context_switch_ns: u64,
    /// Maximum events per run (a budget; the run stops cleanly with a message beyond it).
    pub max_events: u64,
    /// Per-CPU timeline segments kept for the UI (older ones are dropped first). Bound.
    pub max_timeline_segments: usize,
    /// Wake-up records kept for "explain this wake-up". Bound.
    pub max_wakeup_records: usize,
}

impl Default for EngineParams {
    fn default() -> Self {
        EngineParams {
            hz: 250,
            sched_latency_ns: 6_000_000,
            min_granularity_ns: 750_000,
            wakeup_granularity_ns: 1_000_000,
            migration_cost_ns: 500_000,
            smt_throughput: vec![1024, 1280, 1450, 1560, 1640, 1700, 1740, 1770],
            cold_llc_cycles: 60_000,
            cold_core_cycles: 6_000,
            wakeup_cost_ns: 1_500,
            irq_cost_ns: 5_000,
            ipi_latency_ns: 2_000,
            context_switch_ns: 1_000,
            max_events: 200_000_000,
            max_timeline_segments: 200_000,
            max_wakeup_records: 20_000,
        }
    }
}

impl EngineParams {
    pub fn validate(&self) -> Result<(), String> {
        if !(100..=1000).contains(&self.hz) {
            return Err("engine.hz: must be 100..=1000".into());
        }
        if self.smt_throughput.is_empty() || self.smt_throughput.iter().any(|&t| t == 0 || t > 8192)
        {
            return Err("engine.smt_throughput: values must be 1..=8192".into());
        }
        if self.max_events == 0 || self.max_events > 2_000_000_000 {
            return Err("engine.max_events: must be 1..=2e9".into());
        }
        if self.max_timeline_segments > 2_000_000 || self.max_wakeup_records > 1_000_000 {
            return Err("engine.max_timeline_segments/max_wakeup_records: too large".into());
        }
        Ok(())
    }

    /// `1 + ilog2(min(ncpus, 8))`: the SCHED_TUNABLESCALING_LOG factor applied to latency and
    /// granularities (kernel/sched/fair.c `get_update_sysctl_factor`).
    pub fn tunable_factor(nr_cpus: usize) -> u64 {
        let n = nr_cpus.clamp(1, 8) as u64;
        1 + (63 - n.leading_zeros() as u64)
    }

    pub fn tick_ns(&self) -> u64 {
        1_000_000_000 / self.hz as u64
    }
}
