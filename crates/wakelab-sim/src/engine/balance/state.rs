//! The balancer's mutable state (spec §17.1): per (CPU, level) `sched_domain` fields, the shared
//! `sched_group_capacity.imbalance` flags, per-CPU `rq->next_balance`, the root domain's
//! `overload` flag and the NOHZ bookkeeping. Times are jiffies (`now / tick`).

use crate::cpumask::{Cpu, CpuMask};
use crate::topology::SchedDomains;

/// Most domain levels a CPU has (the engine's machines have at most SMT, MC, DIE/NODE, NUMA).
pub const MAX_LEVELS: usize = 8;

/// MAX_PINNED_INTERVAL (ms): how far an all-pinned failure lets `balance_interval` grow.
pub const MAX_PINNED_INTERVAL_MS: u64 = 512;

/// `sysctl_sched_nr_migrate` and `sched_nr_migrate_break` (spec §17.11).
pub const SCHED_NR_MIGRATE: u32 = 32;

/// One CPU's copy of one level's `struct sched_domain` mutable fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SdState {
    /// `sd->balance_interval` (ms), between min_interval and max_interval (or 512 if pinned).
    pub balance_interval: u64,
    /// `sd->last_balance` (jiffies).
    pub last_balance: u64,
    pub nr_balance_failed: u32,
    /// `sd->max_newidle_lb_cost` (ns).
    pub max_newidle_lb_cost: u64,
    /// `sd->next_decay_max_lb_cost` (jiffies); 6.18 keeps `sd->last_decay_max_lb_cost`
    /// here instead, the jiffies of the last raise or decay ([`update_newidle_cost`]).
    pub next_decay_max_lb_cost: u64,
}

/// `nohz` (global NOHZ idle-balance state, spec §17.10).
#[derive(Clone, Debug, Default)]
pub struct NohzState {
    pub idle_cpus_mask: CpuMask,
    /// `nohz.next_balance` (jiffies).
    pub next_balance: u64,
}

/// All balancer state of a machine.
#[derive(Clone, Debug, Default)]
pub struct LbState {
    /// Per CPU, per level (lowest first).
    pub sd: Vec<[SdState; MAX_LEVELS]>,
    /// `sgc->imbalance` per level, indexed by the group's first CPU (groups are shared).
    pub sgc_imbalance: Vec<Vec<bool>>,
    /// `rq->next_balance` (jiffies) per CPU.
    pub next_balance: Vec<u64>,
    /// `rd->overload`.
    pub overload: bool,
    pub nohz: NohzState,
}

impl LbState {
    /// Boot state: every interval at `min_interval`, nothing balanced yet.
    pub fn new(sd: &SchedDomains, nr_cpus: usize) -> LbState {
        let mut per_cpu = Vec::with_capacity(nr_cpus);
        for c in 0..nr_cpus as Cpu {
            let mut a = [SdState {
                balance_interval: 1,
                last_balance: 0,
                nr_balance_failed: 0,
                max_newidle_lb_cost: 0,
                next_decay_max_lb_cost: 0,
            }; MAX_LEVELS];
            for (li, l) in sd.levels.iter().enumerate().take(MAX_LEVELS) {
                a[li].balance_interval = l.min_interval_ms(c);
            }
            per_cpu.push(a);
        }
        LbState {
            sd: per_cpu,
            sgc_imbalance: vec![vec![false; nr_cpus]; sd.levels.len().min(MAX_LEVELS)],
            next_balance: vec![0; nr_cpus],
            overload: false,
            nohz: NohzState::default(),
        }
    }

    /// `sd->groups->sgc->imbalance` of `cpu`'s domain at `level` (its local group).
    pub fn local_group_imbalance(
        &mut self,
        sd: &SchedDomains,
        level: usize,
        cpu: Cpu,
    ) -> &mut bool {
        let first = local_group(sd, level, cpu).first().unwrap_or(cpu);
        &mut self.sgc_imbalance[level][first as usize]
    }
}

/// The local group (`sd->groups`) of `cpu` at `level`.
pub fn local_group(sd: &SchedDomains, level: usize, cpu: Cpu) -> CpuMask {
    sd.levels[level]
        .groups_from(cpu)
        .next()
        .copied()
        .unwrap_or(CpuMask::single(cpu))
}

/// `msecs_to_jiffies(ms)`: rounds up (exact for HZ dividing 1000, spec §17.14 item 1).
pub fn msecs_to_jiffies(ms: u64, hz: u32) -> u64 {
    (ms * hz as u64).div_ceil(1000)
}

/// `max_load_balance_interval` = HZ * num_online_cpus / 10 (jiffies, spec §17.2.2).
pub fn max_load_balance_interval(hz: u32, nr_cpus: usize) -> u64 {
    (hz as u64 * nr_cpus as u64 / 10).max(1)
}

/// `get_sd_balance_interval(sd, busy)` (spec §17.2.2) in jiffies.
pub fn get_sd_balance_interval(
    balance_interval_ms: u64,
    busy_factor: u32,
    busy: bool,
    is_4x: bool,
    hz: u32,
    nr_cpus: usize,
) -> u64 {
    let mut ms = balance_interval_ms;
    if busy {
        ms *= busy_factor as u64;
    }
    let mut j = msecs_to_jiffies(ms, hz);
    // 5.x: "busy interval -1 jiffy" so that it lands on a tick (31441ac0a2e4-era rework)
    if busy && !is_4x {
        j = j.saturating_sub(1);
    }
    j.clamp(1, max_load_balance_interval(hz, nr_cpus))
}

/// 6.18 `update_newidle_cost(sd, cost)`: a higher cost raises `max_newidle_lb_cost` (capped at
/// `sysctl_sched_migration_cost + 200`) and restarts the decay timer; otherwise, a second after
/// the last raise or decay, it decays by ~1%. Returns whether it decayed.
pub fn update_newidle_cost(
    s: &mut SdState,
    cost: u64,
    jiffies: u64,
    hz: u32,
    migration_cost: u64,
) -> bool {
    if cost > s.max_newidle_lb_cost {
        s.max_newidle_lb_cost = cost.min(migration_cost + 200);
        s.next_decay_max_lb_cost = jiffies;
        false
    } else if jiffies > s.next_decay_max_lb_cost + hz as u64 {
        s.max_newidle_lb_cost = s.max_newidle_lb_cost * 253 / 256;
        s.next_decay_max_lb_cost = jiffies;
        true
    } else {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn intervals_match_the_spec_example() {
        // spec §17.11: 2 x 8 x 2, HZ 1000, 5.10: SMT w=2 busy 31, MC 255, NUMA 511
        assert_eq!(get_sd_balance_interval(2, 16, true, false, 1000, 32), 31);
        assert_eq!(get_sd_balance_interval(16, 16, true, false, 1000, 32), 255);
        assert_eq!(get_sd_balance_interval(32, 16, true, false, 1000, 32), 511);
        // 4.15 busy: 64, 512, 1024
        assert_eq!(get_sd_balance_interval(2, 32, true, true, 1000, 32), 64);
        assert_eq!(get_sd_balance_interval(32, 32, true, true, 1000, 32), 1024);
        // HZ 250 rounds up
        assert_eq!(msecs_to_jiffies(2, 250), 1);
        assert_eq!(msecs_to_jiffies(5, 250), 2);
    }

    fn sd(max: u64, last: u64) -> SdState {
        SdState {
            balance_interval: 1,
            last_balance: 0,
            nr_balance_failed: 0,
            max_newidle_lb_cost: max,
            next_decay_max_lb_cost: last,
        }
    }

    /// 6.18.2 `update_newidle_cost`: a raise is capped at migration_cost + 200 and restarts the
    /// decay timer; with no raise the maximum decays by 253/256 once HZ jiffies have passed.
    #[test]
    fn update_newidle_cost_raises_caps_and_decays() {
        let (hz, mc) = (250, 500_000);
        // a failed pass's bump (3/2 of the maximum) past the cap
        let mut s = sd(400_000, 0);
        assert!(!update_newidle_cost(&mut s, 600_000, 10, hz, mc));
        assert_eq!(
            (s.max_newidle_lb_cost, s.next_decay_max_lb_cost),
            (500_200, 10)
        );
        // a maximum of 0 bumped by 3/2 stays 0 (only a pull records a real cost)
        let mut z = sd(0, 0);
        assert!(!update_newidle_cost(&mut z, 0, 10, hz, mc));
        assert_eq!(z.max_newidle_lb_cost, 0);
        // no decay within a second of the last raise, then ~1%
        assert!(!update_newidle_cost(&mut s, 0, 10 + hz as u64, hz, mc));
        assert!(update_newidle_cost(&mut s, 0, 11 + hz as u64, hz, mc));
        assert_eq!(s.max_newidle_lb_cost, 500_200 * 253 / 256);
        assert_eq!(s.next_decay_max_lb_cost, 11 + hz as u64);
    }
}
