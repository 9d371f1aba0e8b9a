//! 4.x `rq->cpu_load[]` (kernel/sched/fair.c before 5.0, spec §17.1): per-tick decaying load
//! history read by `source_load` / `target_load` with the domains' busy/idle/newidle indices.

/// CPU_LOAD_IDX_MAX.
pub const CPU_LOAD_IDX_MAX: usize = 5;
const DEGRADE_SHIFT: u32 = 7;
const DEGRADE_ZERO_TICKS: [u64; CPU_LOAD_IDX_MAX] = [0, 8, 32, 64, 128];
const DEGRADE_FACTOR: [[u64; DEGRADE_SHIFT as usize + 1]; CPU_LOAD_IDX_MAX] = [
    [0, 0, 0, 0, 0, 0, 0, 0],
    [64, 32, 8, 0, 0, 0, 0, 0],
    [96, 72, 40, 12, 1, 0, 0, 0],
    [112, 98, 75, 43, 15, 1, 0, 0],
    [120, 112, 98, 76, 45, 16, 2, 0],
];

/// `decay_load_missed(load, missed, idx)`: `load * (1 - 1/2^idx)^missed` on a 128-point scale.
pub fn decay_load_missed(mut load: u64, mut missed: u64, idx: usize) -> u64 {
    if missed == 0 {
        return load;
    }
    if missed >= DEGRADE_ZERO_TICKS[idx] {
        return 0;
    }
    if idx == 1 {
        return load >> missed;
    }
    let mut j = 0;
    while missed != 0 {
        if missed % 2 == 1 {
            load = (load * DEGRADE_FACTOR[idx][j]) >> DEGRADE_SHIFT;
        }
        missed >>= 1;
        j += 1;
    }
    load
}

/// `cpu_load_update(this_rq, this_load, pending_updates)`; `tickless_load` is `cpu_load[0]` as
/// left by `cpu_load_update_nohz_start` (the load when the CPU went tickless).
pub fn cpu_load_update(cpu_load: &mut [u64; CPU_LOAD_IDX_MAX], this_load: u64, pending: u64) {
    let tickless_load = cpu_load[0];
    cpu_load[0] = this_load;
    let mut scale = 2u64;
    for (i, slot) in cpu_load.iter_mut().enumerate().skip(1) {
        let mut old = decay_load_missed(*slot, pending.saturating_sub(1), i);
        if tickless_load != 0 {
            old = old.saturating_sub(decay_load_missed(
                tickless_load,
                pending.saturating_sub(1),
                i,
            ));
            old += tickless_load;
        }
        let mut new = this_load;
        // round up when load increases, so 9 can reach 10
        if new > old {
            new += scale - 1;
        }
        *slot = (old * (scale - 1) + new) >> i;
        scale += scale;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steady_load_converges_and_idle_decays() {
        let mut l = [0u64; CPU_LOAD_IDX_MAX];
        for _ in 0..200 {
            cpu_load_update(&mut l, 1024, 1);
        }
        assert!(l.iter().all(|&x| x == 1024), "{l:?}");
        // row 2, 8 ticks: 12/128 (the kernel comment's example)
        assert_eq!(decay_load_missed(1280, 8, 2), 120);
        assert_eq!(decay_load_missed(1024, 3, 1), 128);
        assert_eq!(decay_load_missed(1024, 64, 3), 0);
        let mut idle = l;
        idle[0] = 0;
        cpu_load_update(&mut idle, 0, 9);
        assert_eq!(idle[1], 0); // 8 missed ticks zero index 1
        assert!(idle[4] > 0 && idle[4] < 1024);
    }
}
