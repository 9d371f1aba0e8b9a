//! Shared helpers for the mechanism tests that run small custom workloads on the recording
//! host's shape (tests/eevdf.rs, tests/ipc_exec.rs, tests/group_commit.rs, tests/wal_flush.rs).
#![allow(dead_code)]

use wakelab_sim::engine::{RunStats, Sim};
use wakelab_sim::experiment::{DetailOptions, build_input};
use wakelab_sim::kernel::{KernelConfig, KernelVersion};
use wakelab_sim::presets::{experiment, machine};
use wakelab_sim::scenario::{RunConfig, Scenario};
use wakelab_sim::workload::WorkloadConfig;

/// A machine shaped like the recording host (recordings/README.md: 1 socket, 2 vCPUs, no SMT),
/// held at 2.0 GHz (its nominal clock; the guest sees no cpufreq), running only `workload`:
/// mechanism tests switch background noise and interference off.
pub fn host_2vcpu(workload: serde_json::Value, ms: u64, kernel: KernelConfig) -> Scenario {
    let mut sc = experiment("default").unwrap().scenario;
    let mut m = machine("skl-client-8c-nosmt").unwrap();
    m.shape.cores_per_llc = 2;
    sc.machine = m;
    sc.freq.governor = wakelab_sim::freq::Governor::Performance;
    sc.freq.max_khz = Some(2_000_000);
    sc.kernel = kernel;
    sc.interference.clear();
    sc.noise = wakelab_sim::workload::SystemNoise::off();
    sc.workload = serde_json::from_value::<WorkloadConfig>(workload).unwrap();
    sc.run = RunConfig {
        duration_ms: ms,
        warmup_ms: 0,
        seed: 7,
    };
    sc
}

/// A task that runs forever, pinned to `cpu`.
pub fn hog(name: &str, cpu: u32) -> serde_json::Value {
    serde_json::json!({"name": name, "affinity": cpu.to_string(), "start_cpu": cpu,
        "program": [{"loop": {"count": null, "body": [
            {"run": {"cycles": 1_000_000_000u64}}]}}]})
}

/// [`host_2vcpu`] under 5.15's baseline kernel.
pub fn host_5_15(workload: serde_json::Value, ms: u64) -> Scenario {
    host_2vcpu(workload, ms, KernelConfig::baseline(KernelVersion::V5_15))
}

/// Run `sc` once (seed 7), check the engine's invariants, return its counters.
pub fn run_stats(sc: &Scenario) -> RunStats {
    let (input, _, _) = build_input(sc, 1, 7, DetailOptions::default()).unwrap();
    let mut sim = Sim::new(input).unwrap();
    sim.run(None);
    sim.check_invariants().unwrap();
    sim.stats().clone()
}

/// A custom workload of `tasks`.
pub fn custom(tasks: serde_json::Value) -> serde_json::Value {
    serde_json::json!({"kind": "custom", "tasks": tasks})
}
