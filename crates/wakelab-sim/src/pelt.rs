//! Per-Entity Load Tracking (spec §10): the geometric series that gives `util_avg`, `load_avg`
//! and `runnable_avg` of tasks and runqueues.
//!
//! Integer arithmetic exactly as kernel/sched/pelt.c: 1024 ns "µs" units, 1024-unit periods,
//! `y^32 = 1/2` through the kernel's 32-entry fixed-point table, `LOAD_AVG_MAX = 47742`.
//!
//! Invariance (spec §10.2) is applied by the caller through `scale`: the running contribution is
//! multiplied by `scale / 1024` (4.x: `freq_scale * cpu_scale`; x86 4.15 has no frequency
//! invariance so scale is the CPU capacity). 5.x kernels reach the same steady state through
//! `clock_pelt`; we use contribution scaling for every version (docs/model.md, "PELT").

use serde::Serialize;

/// Half-life in periods (`LOAD_AVG_PERIOD`).
pub const LOAD_AVG_PERIOD: u32 = 32;
/// Maximum of the series, `1024 * Σ y^n` (`LOAD_AVG_MAX`).
pub const LOAD_AVG_MAX: u64 = 47742;
/// `PELT_MIN_DIVIDER` (`LOAD_AVG_MAX - 1024`): the smallest divider an average is computed with.
pub const PELT_MIN_DIVIDER: u64 = LOAD_AVG_MAX - 1024;
/// One period, in the 1024-ns units PELT counts in.
pub const PERIOD: u32 = 1024;

/// `runnable_avg_yN_inv[n] = y^n * 2^32` (kernel/sched/sched-pelt.h).
const RUNNABLE_AVG_YN_INV: [u32; 32] = [
    0xffffffff, 0xfa83b2da, 0xf5257d14, 0xefe4b99a, 0xeac0c6e6, 0xe5b906e6, 0xe0ccdeeb, 0xdbfbb796,
    0xd744fcc9, 0xd2a81d91, 0xce248c14, 0xc9b9bd85, 0xc5672a10, 0xc12c4cc9, 0xbd08a39e, 0xb8fbaf46,
    0xb504f333, 0xb123f581, 0xad583ee9, 0xa9a15ab4, 0xa5fed6a9, 0xa2704302, 0x9ef5325f, 0x9b8d39b9,
    0x9837f050, 0x94f4efa8, 0x91c3d373, 0x8ea4398a, 0x8b95c1e3, 0x88980e80, 0x85aac367, 0x82cd8698,
];

/// `decay_load(val, n)`: `val * y^n` (spec §10.1).
#[inline]
pub fn decay_load(mut val: u64, n: u64) -> u64 {
    if n > LOAD_AVG_PERIOD as u64 * 63 {
        return 0;
    }
    let mut local_n = n;
    if local_n >= LOAD_AVG_PERIOD as u64 {
        val >>= local_n / LOAD_AVG_PERIOD as u64;
        local_n %= LOAD_AVG_PERIOD as u64;
    }
    // mul_u64_u32_shr(val, inv, 32) without overflow
    crate::wide::mul_shr(val, RUNNABLE_AVG_YN_INV[local_n as usize] as u64, 32)
}

/// `__accumulate_pelt_segments(periods, d1, d3)` (spec §10.2 step 4).
#[inline]
fn accumulate_pelt_segments(periods: u64, d1: u32, d3: u32) -> u32 {
    let c1 = decay_load(d1 as u64, periods) as u32;
    // c2 = 1024 * Σ_{n=1}^{p-1} y^n = LOAD_AVG_MAX - decay(LOAD_AVG_MAX, p) - 1024
    let c2 = (LOAD_AVG_MAX - decay_load(LOAD_AVG_MAX, periods) - 1024) as u32;
    c1 + c2 + d3
}

/// `struct sched_avg` of a task entity or a runqueue.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct SchedAvg {
    /// Last update, ns, aligned down to the 1024-ns unit. 0 with `attached == false` marks a
    /// new task (spec §10.3).
    pub last_update_time: u64,
    pub load_sum: u64,
    pub runnable_sum: u64,
    pub util_sum: u64,
    pub period_contrib: u32,
    pub load_avg: u64,
    pub runnable_avg: u64,
    pub util_avg: u32,
}

impl SchedAvg {
    /// `___update_load_sum` + `___update_load_avg` (spec §10.2).
    ///
    /// * `load`: weight contributing to `load_sum` while runnable (a task: 1 when runnable,
    ///   then multiplied by `weight`; a runqueue: the runnable weight with `weight == 1`);
    /// * `runnable`: runnable count contributing to `runnable_sum`;
    /// * `running`: whether the entity is running (util);
    /// * `scale`: invariance factor for the running contribution, 1024 = none.
    ///
    /// Returns true when at least one period boundary was crossed, i.e. the averages were
    /// recomputed (the kernel only then calls `cpufreq_update_util`).
    #[inline]
    pub fn update(
        &mut self,
        now: u64,
        load: u64,
        runnable: u64,
        running: bool,
        weight: u64,
        scale: u32,
    ) -> bool {
        if now < self.last_update_time {
            // A clock moving backwards is a caller bug; the kernel resets, we ignore.
            return false;
        }
        let delta = (now - self.last_update_time) >> 10;
        if delta == 0 {
            return false;
        }
        self.last_update_time += delta << 10;
        let (load, runnable, running) = if load == 0 {
            (0, 0, false)
        } else {
            (load, runnable, running)
        };

        // accumulate_sum
        let d = delta + self.period_contrib as u64;
        let periods = d / PERIOD as u64;
        let mut contrib = delta as u32;
        if periods > 0 {
            self.load_sum = decay_load(self.load_sum, periods);
            self.runnable_sum = decay_load(self.runnable_sum, periods);
            self.util_sum = decay_load(self.util_sum, periods);
            let d1 = PERIOD - self.period_contrib;
            let d3 = (d % PERIOD as u64) as u32;
            contrib = accumulate_pelt_segments(periods, d1, d3);
        }
        self.period_contrib = (d % PERIOD as u64) as u32;
        if load != 0 {
            self.load_sum += load * contrib as u64;
        }
        if runnable != 0 {
            self.runnable_sum += (runnable * contrib as u64) << 10;
        }
        if running {
            self.util_sum += contrib as u64 * scale as u64;
        }
        if periods == 0 {
            return false;
        }
        // ___update_load_avg
        let divider = LOAD_AVG_MAX - 1024 + self.period_contrib as u64;
        self.load_avg = weight * self.load_sum / divider;
        self.runnable_avg = self.runnable_sum / divider;
        self.util_avg = (self.util_sum / divider) as u32;
        true
    }

    /// `detach_entity_load_avg(cfs_rq, se)` (and `dequeue_load_avg`): take a task's
    /// contribution off this runqueue's sums (migration away, exit), floored at zero like
    /// `sub_positive`. A task's `load_sum` counts runnable time unweighted (its `load_avg` is
    /// `se_weight x load_sum / divider`); the runqueue's is weighted, so it loses
    /// `se_weight x load_sum`. The sums are then kept at least `avg x PELT_MIN_DIVIDER`
    /// ("sched/pelt: Relax the sync of *_sum with *_avg", 5.16, applied to every version here:
    /// the model's task and runqueue signals are updated at different instants, so their sums
    /// drift apart a little; without the floor an average could be recomputed to zero).
    pub fn detach_entity(&mut self, se: &SchedAvg, se_weight: u64) {
        self.load_avg = self.load_avg.saturating_sub(se.load_avg);
        self.load_sum = self.load_sum.saturating_sub(se_weight * se.load_sum);
        self.load_sum = self.load_sum.max(self.load_avg * PELT_MIN_DIVIDER);
        self.util_avg = self.util_avg.saturating_sub(se.util_avg);
        self.util_sum = self.util_sum.saturating_sub(se.util_sum);
        self.util_sum = self.util_sum.max(self.util_avg as u64 * PELT_MIN_DIVIDER);
        self.runnable_avg = self.runnable_avg.saturating_sub(se.runnable_avg);
        self.runnable_sum = self.runnable_sum.saturating_sub(se.runnable_sum);
        self.runnable_sum = self.runnable_sum.max(self.runnable_avg * PELT_MIN_DIVIDER);
    }

    /// `attach_entity_load_avg(cfs_rq, se)` (and `enqueue_load_avg`): add a task's
    /// contribution to this runqueue's sums (first enqueue, migration in). `load_sum` gains
    /// `se_weight x load_sum` (see [`SchedAvg::detach_entity`]): before 2026-12-04 the model
    /// added it unweighted, so an attached task's load vanished from the runqueue's `load_avg`
    /// at its next period and a runqueue's load was only the decayed history of its own queue,
    /// without the blocked load of its sleeping tasks.
    pub fn attach_entity(&mut self, se: &SchedAvg, se_weight: u64) {
        self.load_avg += se.load_avg;
        self.load_sum += se_weight * se.load_sum;
        self.runnable_avg += se.runnable_avg;
        self.runnable_sum += se.runnable_sum;
        self.util_avg += se.util_avg;
        self.util_sum += se.util_sum;
    }
}

/// One sample of [`util_trace`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct UtilSample {
    pub t_ns: u64,
    pub util_avg: u32,
}

/// `util_avg` of a task that runs `duty_pct`% of every `period_ns`, sampled every `step_ns`
/// for `duration_ns` (starting from zero util). A small, exact demonstration of §10: the curve
/// settles near `1024 * duty` and crosses half of its final value after about 32 ms.
/// Bounded: at most 100 000 samples.
pub fn util_trace(
    duty_pct: u32,
    period_ns: u64,
    duration_ns: u64,
    step_ns: u64,
) -> Vec<UtilSample> {
    let duty_pct = duty_pct.min(100) as u64;
    let step_ns = step_ns.max(1024);
    let period_ns = period_ns.max(1024);
    let n = (duration_ns / step_ns).min(100_000);
    let run_ns = period_ns * duty_pct / 100;
    let mut avg = SchedAvg::default();
    let mut out = Vec::with_capacity(n as usize + 1);
    let mut t = 0u64;
    out.push(UtilSample {
        t_ns: 0,
        util_avg: 0,
    });
    for i in 1..=n {
        let end = i * step_ns;
        // Advance in pieces at every run/sleep boundary inside (t, end].
        while t < end {
            let in_period = t % period_ns;
            let running = in_period < run_ns;
            let boundary = if running {
                t - in_period + run_ns
            } else {
                t - in_period + period_ns
            };
            let next = boundary.min(end);
            // Update with the state that held during [t, next).
            avg.update(next, running as u64, running as u64, running, 1024, 1024);
            t = next;
        }
        out.push(UtilSample {
            t_ns: end,
            util_avg: avg.util_avg,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decay_halves_every_32_periods() {
        // table[0] is 2^32 - 1, so an exact multiple of 32 periods loses one unit, as in the kernel
        assert_eq!(decay_load(1024, 32), 511);
        assert_eq!(decay_load(1024, 64), 255);
        assert_eq!(decay_load(1024, 16), 724); // 1024 * 2^-0.5
        assert_eq!(decay_load(47742, 0), 47741); // table[0] = 2^32 - 1
        assert_eq!(decay_load(1 << 40, 32 * 63 + 1), 0);
    }

    #[test]
    fn always_running_converges_to_1024() {
        let mut a = SchedAvg::default();
        let mut t = 0;
        for _ in 0..2000 {
            t += 1_000_000;
            a.update(t, 1, 1, true, 1024, 1024);
        }
        assert!(a.util_avg >= 1000 && a.util_avg <= 1024, "{}", a.util_avg);
        assert!(a.load_avg >= 1000 && a.load_avg <= 1024, "{}", a.load_avg);
    }

    #[test]
    fn half_duty_converges_near_512() {
        // spec issue 3: "a task running 50% of each 10 ms converges to util near 512"
        let tr = util_trace(50, 10_000_000, 1_000_000_000, 1_000_000);
        let last = tr.last().unwrap().util_avg;
        assert!((480..=545).contains(&last), "util {last}");
    }

    #[test]
    fn half_life_is_32ms() {
        // Run continuously to saturation, then sleep: after ~32 ms util halves.
        let mut a = SchedAvg::default();
        let mut t = 0;
        while t < 1_000_000_000 {
            t += 1_000_000;
            a.update(t, 1, 1, true, 1024, 1024);
        }
        let before = a.util_avg;
        let sleep_start = t;
        // 32 periods of 1024 * 1024 ns = 33.55 ms
        let half = sleep_start + 32 * 1024 * 1024;
        a.update(half, 0, 0, false, 1024, 1024);
        let ratio = a.util_avg as f64 / before as f64;
        assert!(
            (0.48..=0.52).contains(&ratio),
            "ratio {ratio} ({} -> {})",
            before,
            a.util_avg
        );
    }

    #[test]
    fn scale_reduces_running_contribution() {
        let mut full = SchedAvg::default();
        let mut half = SchedAvg::default();
        let mut t = 0;
        for _ in 0..1000 {
            t += 1_000_000;
            full.update(t, 1, 1, true, 1024, 1024);
            half.update(t, 1, 1, true, 1024, 512);
        }
        assert!((half.util_avg as i64 - full.util_avg as i64 / 2).abs() <= 2);
    }

    #[test]
    fn no_update_below_one_unit() {
        let mut a = SchedAvg::default();
        assert!(!a.update(1023, 1, 1, true, 1024, 1024));
        assert_eq!(a.last_update_time, 0);
    }
}
