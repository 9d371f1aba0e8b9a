//! `update_cpu_capacity` / `scale_rt_capacity` arithmetic per version (spec §9.2): the capacity
//! left to CFS from the RT/IRQ pressure signals. Shared by the engine (which keeps the signals)
//! and the `decide` / `balance` snapshots (which state them).

/// 4.15/4.16 `sched_avg_period()`: sysctl_sched_time_avg (1000 ms) / 2, in ns.
pub const SCHED_AVG_PERIOD_NS: u64 = 500_000_000;

/// 4.15/4.16 `update_cpu_capacity` with `scale_rt_capacity`: `used = rt_avg /
/// (sched_avg_period + (now - age_stamp))`, `capacity = orig * (1024 - used) >> 10` (factor 1
/// if used ≥ 1024), at least 1. `rt_avg` is ns × 1024 (`rt_delta * arch_scale_freq_capacity`), `age_ns` is
/// `rq_clock - rq->age_stamp` as stored (negative values read as 0 in the kernel; unsigned
/// here).
pub fn scale_rt_capacity_4x(orig: u64, rt_avg: u64, age_ns: u64) -> u64 {
    let total = SCHED_AVG_PERIOD_NS.saturating_add(age_ns);
    let used = rt_avg / total;
    let factor = if used < 1024 { 1024 - used } else { 1 };
    ((orig * factor) >> 10).max(1)
}

/// 5.x `update_cpu_capacity` with `scale_rt_capacity` (4.19+): `irq` ≥ max or `used = avg_rt
/// (+ avg_dl + thermal, not modelled: 0)` ≥ max give 1; else `scale_irq_capacity(max - used,
/// irq, max)` = `(max - used) * (max - irq) / max`, at least 1.
pub fn scale_rt_capacity_5x(orig: u64, rt_util: u64, irq_util: u64) -> u64 {
    if irq_util >= orig || rt_util >= orig {
        return 1;
    }
    ((orig - rt_util) * (orig - irq_util) / orig).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rt_avg_4x() {
        // half of the last 500 ms in RT at full frequency: used 512, capacity halves
        assert_eq!(scale_rt_capacity_4x(1024, 250_000_000 * 1024, 0), 512);
        // the same rt_avg read 500 ms after age_stamp: total 1 s, used 256
        assert_eq!(
            scale_rt_capacity_4x(1024, 250_000_000 * 1024, 500_000_000),
            768
        );
        // 4.x SMT capacity_orig 589: 589 * 512 >> 10 = 294
        assert_eq!(scale_rt_capacity_4x(589, 250_000_000 * 1024, 0), 294);
        assert_eq!(scale_rt_capacity_4x(1024, u64::MAX, 0), 1);
        assert_eq!(scale_rt_capacity_4x(1024, 0, 0), 1024);
    }

    #[test]
    fn pelt_5x() {
        assert_eq!(scale_rt_capacity_5x(1024, 0, 0), 1024);
        // (1024 - 256) * (1024 - 512) / 1024 = 384
        assert_eq!(scale_rt_capacity_5x(1024, 256, 512), 384);
        assert_eq!(scale_rt_capacity_5x(1024, 1024, 0), 1);
        assert_eq!(scale_rt_capacity_5x(1024, 0, 1024), 1);
        assert_eq!(scale_rt_capacity_5x(430, 429, 429), 1);
    }
}
