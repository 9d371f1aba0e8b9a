//! Engine parameters: scheduler tunables (kernel defaults) and model constants (estimates).
//!
//! Every constant that is an estimate rather than a kernel default says so; all are editable in
//! the scenario (`engine` section) and listed in docs/model.md.

use serde::{Deserialize, Serialize};

use crate::check::{at_most, between};
use crate::scenario::{ScenarioError, err};

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
    /// CPU time of the wake-up path itself on the waker (ttwu + enqueue), ns. **Measured** with
    /// `context_switch_ns` on the recording host (recordings/switch-cost, "3. The pieces of a
    /// hop", `scripts/trace-reads/switch-cost/derive.py`): a ring of N tasks passing a 100-byte
    /// token through pipes, pinned to one vCPU (recordings/switch-ring, N = 2 to 40, untraced),
    /// costs per hop a write and a read (0.30 + 0.32 µs, timed alone), b wake-ups each with the
    /// read that found its pipe empty first (0.26 µs, `PIPE_EMPTY_READ_CYCLES`) and b + p
    /// switches (b blocks and p preemptions per hop, counted by each task). A traced hackbench
    /// run finds the waker's extra cost of a waking write equal to the sleeper's of a blocking
    /// read (reading 2 there), so wake-up = empty read + switch: 0.26 + 1.18 µs. Until 7
    /// December 2026 0.85 µs, from the two-task ring with one wake-up per half-cycle assumed
    /// (it has 0.58: a preempted writer finds the token back without sleeping).
    pub wakeup_cost_ns: u64,
    /// Time an IO completion interrupt occupies the CPU it is delivered to, ns. Estimate.
    pub irq_cost_ns: u64,
    /// Delay from a remote wake-up's decision to the target CPU noticing it (IPI), ns. Estimate.
    pub ipi_latency_ns: u64,
    /// Time a CPU leaving idle for a wake-up spends before it runs the wakee, beyond its
    /// C-state's exit latency and `ipi_latency_ns`, ns (idle-task time: no task is charged).
    /// 0 by default: nothing measured natively. The validation runs of recordings made under
    /// `perf sched record` set the `power:cpu_idle` exit tracepoint's measured 0.86 µs on the
    /// CPUs that fire it (`idle_exit_cpus`; recordings/observer, "power:cpu_idle"). Not written
    /// to a scenario while 0.
    #[serde(skip_serializing_if = "is_zero")]
    pub idle_exit_ns: u64,
    /// The CPUs whose exits from idle cost `idle_exit_ns` (default `null`: every CPU). The
    /// validation runs of the recording host name vCPU 0 alone: only its idle task fires
    /// `power:cpu_idle` there (recordings/observer, "Which vCPU fires it"). Not written to a
    /// scenario while `null`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub idle_exit_cpus: Option<crate::cpumask::CpuMask>,
    /// Length of one context switch, ns (charged to the incoming task, as the kernel's clock
    /// update in `__schedule` charges what follows it, the pick and `context_switch`, to the
    /// next task). **Measured** (above): the median over the six ring sizes of what a switch
    /// leaves per hop, 1.18 µs (1.00 µs at two tasks, 1.35 µs at forty: the model keeps one
    /// figure). 0.85 µs until 7 December 2026.
    pub context_switch_ns: u64,
    /// Maximum events per run (a budget; the run stops cleanly with a message beyond it).
    pub max_events: u64,
    /// Per-CPU timeline segments kept for the UI (older ones are dropped first). Bound.
    pub max_timeline_segments: usize,
    /// Wake-up records kept for "explain this wake-up". Bound.
    pub max_wakeup_records: usize,
    /// Load balancer: `"fair"` (kernel/sched/fair.c's load_balance per version, spec §17) or
    /// `"simple"` (the earlier model: imbalance in tasks, one task per attempt).
    pub balancer: super::balance::Balancer,
    /// CONFIG_PREEMPT(ION): a new-idle balance moves at most one task (spec §17.7.2), and a
    /// task inside a `syscall` block is preempted at once. Server distribution kernels use
    /// PREEMPT_VOLUNTARY: false (a `syscall` block is then not preempted before it returns to
    /// user space or sleeps).
    pub preempt: bool,
    /// Modelled cost of one `load_balance` call per CPU of the domain, ns (feeds
    /// `max_newidle_lb_cost`, which gates new-idle balancing against `avg_idle`; the kernel
    /// measures it with sched_clock and has no constant, spec §17.12). Estimate.
    pub lb_cost_per_cpu_ns: u64,
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
            wakeup_cost_ns: 1_450,
            irq_cost_ns: 5_000,
            ipi_latency_ns: 2_000,
            idle_exit_ns: 0,
            idle_exit_cpus: None,
            context_switch_ns: 1_180,
            max_events: 200_000_000,
            max_timeline_segments: 200_000,
            max_wakeup_records: 20_000,
            balancer: super::balance::Balancer::Fair,
            preempt: false,
            lb_cost_per_cpu_ns: 100,
        }
    }
}

/// Ranges of the scheduler tunables: the limits of the 4.x sysctl table (kernel/sysctl.c,
/// CONFIG_SCHED_DEBUG: `min_sched_granularity_ns = 100000` and `max_sched_granularity_ns =
/// NSEC_PER_SEC` bound `sched_min_granularity_ns` and `sched_latency_ns`;
/// `sched_wakeup_granularity_ns` is bounded by 0 and NSEC_PER_SEC). 5.13 moved the knobs to
/// debugfs without bounds; the model keeps the 4.x ones for every version.
pub const SCHED_GRANULARITY_NS: (u64, u64) = (100_000, 1_000_000_000);
/// `sched_wakeup_granularity_ns`: 0 to NSEC_PER_SEC (kernel/sysctl.c, as above).
pub const WAKEUP_GRANULARITY_NS: (u64, u64) = (0, 1_000_000_000);
/// `sched_migration_cost_ns`: the sysctl is a plain `proc_dointvec` int (no min/max), so the
/// kernel's bound is INT_MAX ns (~2.1 s).
pub const MIGRATION_COST_NS: (u64, u64) = (0, i32::MAX as u64);
/// Cache-refill cycles after a migration: 0 to 10^8 cycles (33 ms at 3 GHz). Refilling a
/// whole 100 MB LLC is ~1.6 M lines; 10^8 is 60x that, and it keeps `remaining += extra` far
/// from overflow (amounts of work are bounded to 2^50 elsewhere).
pub const COLD_CYCLES: (u64, u64) = (0, 100_000_000);
/// Costs of the wake-up path, an interrupt, an IPI and a context switch: 0 to 10 ms. The
/// real ones are about 1-10 µs (docs/model.md; 0.85 µs measured for a wake-up or a switch);
/// 10 ms is over 1000x that, and keeps `now + lat + ipi` and `work_in(cost)` far from overflow.
pub const PATH_COST_NS: (u64, u64) = (0, 10_000_000);
/// Load-balance cost per CPU: at most 100 µs (a runqueue read costs ~0.1 µs; 1000x that keeps
/// `cost * span` far from overflow for 512 CPUs).
pub const LB_COST_PER_CPU_NS: u64 = 100_000;
/// CONFIG_HZ: 100 to 1000 (the kernel's Kconfig choices are 100, 250, 300 and 1000).
pub const HZ: (u32, u32) = (100, 1000);
/// SMT throughput entries: 1 to 8192 (1/1024 units: 8x one thread is already unphysical);
/// at most 8 entries (SMT 8 is the widest machine, docs/limits.md).
pub const SMT_THROUGHPUT: (u32, u32) = (1, 8192);
/// Event budget per run: 1 to 2x10^9 (about ten minutes of native CPU).
pub const MAX_EVENTS: (u64, u64) = (1, 2_000_000_000);
/// Interpreter steps (task-program ops executed: run, wake, ops, loop, fork, ...) allowed per
/// event of the budget: a run may execute at most `max_events x STEPS_PER_EVENT` steps
/// (`EngineParams::max_steps`). Zero-time steps cost no events, so without this bound a
/// program such as `loop forever { ops 1 }` did 10 000 steps per event, 2x10^12 per run at the
/// default event budget (hours of CPU, issue 21). The gallery's workloads execute 1 to 3
/// steps per event; 16 leaves room for long zero-time sequences (wake many, then wait).
pub const STEPS_PER_EVENT: u64 = 16;
/// Timeline segments kept: at most 2x10^6 (~80 MB, the most a browser tab should hold).
pub const MAX_TIMELINE_SEGMENTS: usize = 2_000_000;
/// Wake-up records kept: at most 10^6.
pub const MAX_WAKEUP_RECORDS: usize = 1_000_000;

impl EngineParams {
    /// Check every field against its range; the error names the field as `engine.<field>`.
    pub fn validate(&self) -> Result<(), ScenarioError> {
        let f =
            |field: &'static str| move |m: crate::check::Limit| err(format!("engine.{field}"), m);
        between(self.hz, HZ.0, HZ.1).map_err(f("hz"))?;
        let (lo, hi) = SCHED_GRANULARITY_NS;
        between(self.sched_latency_ns, lo, hi).map_err(f("sched_latency_ns"))?;
        between(self.min_granularity_ns, lo, hi).map_err(f("min_granularity_ns"))?;
        let (lo, hi) = WAKEUP_GRANULARITY_NS;
        between(self.wakeup_granularity_ns, lo, hi).map_err(f("wakeup_granularity_ns"))?;
        let (lo, hi) = MIGRATION_COST_NS;
        between(self.migration_cost_ns, lo, hi).map_err(f("migration_cost_ns"))?;
        if self.smt_throughput.is_empty() || self.smt_throughput.len() > 8 {
            return Err(err(
                "engine.smt_throughput",
                format!("needs 1 to 8 entries (got {})", self.smt_throughput.len()),
            ));
        }
        for (i, &t) in self.smt_throughput.iter().enumerate() {
            between(t, SMT_THROUGHPUT.0, SMT_THROUGHPUT.1)
                .map_err(|m| err(format!("engine.smt_throughput[{i}]"), m))?;
        }
        let (lo, hi) = COLD_CYCLES;
        between(self.cold_llc_cycles, lo, hi).map_err(f("cold_llc_cycles"))?;
        between(self.cold_core_cycles, lo, hi).map_err(f("cold_core_cycles"))?;
        let (lo, hi) = PATH_COST_NS;
        between(self.wakeup_cost_ns, lo, hi).map_err(f("wakeup_cost_ns"))?;
        between(self.irq_cost_ns, lo, hi).map_err(f("irq_cost_ns"))?;
        between(self.ipi_latency_ns, lo, hi).map_err(f("ipi_latency_ns"))?;
        between(self.idle_exit_ns, lo, hi).map_err(f("idle_exit_ns"))?;
        between(self.context_switch_ns, lo, hi).map_err(f("context_switch_ns"))?;
        at_most(self.lb_cost_per_cpu_ns, LB_COST_PER_CPU_NS).map_err(f("lb_cost_per_cpu_ns"))?;
        between(self.max_events, MAX_EVENTS.0, MAX_EVENTS.1).map_err(f("max_events"))?;
        at_most(self.max_timeline_segments, MAX_TIMELINE_SEGMENTS)
            .map_err(f("max_timeline_segments"))?;
        at_most(self.max_wakeup_records, MAX_WAKEUP_RECORDS).map_err(f("max_wakeup_records"))?;
        Ok(())
    }

    /// `1 + ilog2(min(ncpus, 8))`: the SCHED_TUNABLESCALING_LOG factor applied to latency and
    /// granularities (kernel/sched/fair.c `get_update_sysctl_factor`).
    pub fn tunable_factor(nr_cpus: usize) -> u64 {
        let n = nr_cpus.clamp(1, 8) as u64;
        1 + (63 - n.leading_zeros() as u64)
    }

    /// The run's interpreter step budget: `max_events x STEPS_PER_EVENT` (docs/limits.md).
    pub fn max_steps(&self) -> u64 {
        self.max_events.saturating_mul(STEPS_PER_EVENT)
    }

    pub fn tick_ns(&self) -> u64 {
        1_000_000_000 / self.hz as u64
    }
}

/// serde's `skip_serializing_if` for a field whose default is 0.
fn is_zero(v: &u64) -> bool {
    *v == 0
}
