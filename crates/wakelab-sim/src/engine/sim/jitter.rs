//! Run-to-run variability of per-operation costs (issue 19): each task's run phases cost a
//! factor drawn once per run, when the task is created, from the simulation's one RNG.
//!
//! Why a per-task, per-run factor and not only per-operation noise: per-operation draws (the
//! workloads' `uniform` costs) average out over the thousands of operations of a run, so they
//! leave iterations almost identical. What differs between two real runs of the same binary is
//! fixed for a process's life: where its pages and stacks land (cache sets, NUMA), ASLR, which
//! hardware thread pairs it shares caches with. The recordings show it as the spread of CPU
//! time between tasks that do identical work in one run (hackbench's senders:
//! recordings/host-2vcpu/idle-noise.json, `cost_spread`). The default size is there and in
//! `workload::SystemNoise::cost_jitter_permille`.

use rand_core::RngCore;

use crate::engine::task::TaskId;

use super::Sim;

/// Fixed-point scale of a task's cost factor (1.0 = 1 << 16).
pub(crate) const COST_ONE: u32 = 1 << 16;

impl Sim {
    /// A task's cost factor for this run: `1 + sd * z`, z a standard normal (Box-Muller with
    /// libm, bit-identical on every target) truncated to +-3, with `sd` =
    /// `cost_jitter_permille` / 1000. No draw at all without jitter, so a run with jitter off
    /// consumes the RNG exactly as before the feature existed.
    pub(super) fn draw_cost_scale(&mut self) -> u32 {
        if self.cost_jitter_permille == 0 {
            return COST_ONE;
        }
        let u1 = ((self.rng.next_u64() >> 11) as f64 + 0.5) / (1u64 << 53) as f64;
        let u2 = ((self.rng.next_u64() >> 11) as f64 + 0.5) / (1u64 << 53) as f64;
        let z = libm::sqrt(-2.0 * libm::log(u1)) * libm::cos(2.0 * std::f64::consts::PI * u2);
        let z = z.clamp(-3.0, 3.0);
        let f = 1.0 + z * self.cost_jitter_permille as f64 / 1000.0;
        // validated jitter is at most 250 per mille, so f >= 0.25
        (f.max(0.05) * COST_ONE as f64) as u32
    }

    /// `cycles` of a run phase of task `t`, scaled by its cost factor.
    #[inline]
    pub(super) fn jittered(&self, t: TaskId, cycles: u64) -> u64 {
        let s = self.tasks[t as usize].cost_scale;
        if s == COST_ONE {
            cycles
        } else {
            crate::wide::mul_shr(cycles, s as u64, 16).max(1)
        }
    }
}
