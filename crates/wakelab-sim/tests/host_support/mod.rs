//! Shared helpers for the mechanism tests that run small custom workloads on the recording
//! host's shape (tests/eevdf.rs, tests/ipc_exec.rs).
#![allow(dead_code)]

use wakelab_sim::kernel::KernelConfig;
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
