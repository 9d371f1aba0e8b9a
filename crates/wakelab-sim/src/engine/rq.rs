//! A CPU's runqueue (`struct rq`): the CFS queue ordered by vruntime, the RT queue, PELT
//! signals of the CPU, idle bookkeeping (spec §1.6, §7.2, §9) and run-segment accounting.

use crate::pelt::SchedAvg;
use crate::placement::TaskPlacement;

use super::task::TaskId;

/// Per-CPU state. `repr(C)` keeps the declaration order: the fields read on every event of the
/// CPU (the running task, the run segment and its generation, the queue's counts and sums, the
/// idle state, the accounting stamps) come first, on the first cache lines (docs/performance.md).
#[derive(Clone, Debug)]
#[repr(C)]
pub struct Rq {
    /// The running task (`rq->curr`, `None` = the idle task).
    pub curr: Option<TaskId>,
    /// Generation of the current run segment (lazy cancellation of RunDone).
    pub run_gen: u32,
    /// CFS tasks on this rq including a running one (`cfs.h_nr_running`).
    pub nr_cfs: u32,
    /// RT tasks on this rq including a running one.
    pub nr_rt: u32,
    /// EEVDF: queued entities that are `sched_delayed` (`cfs_h_nr_delayed`); counted in
    /// `nr_cfs` and `load_weight`, as the kernel counts them in nr_running and load.weight.
    pub nr_delayed: u32,
    /// CPU is in (or entering) an idle state.
    pub idle: bool,
    /// A wake-up is pending for this CPU (decided, IPI not yet received).
    pub wake_pending: bool,
    /// Busy state the CPU's SMT siblings were last re-timed for.
    pub smt_busy: bool,
    pub tick_armed: bool,
    /// Start of the current run segment and its speed (cycles per ns << 20).
    pub seg_start: u64,
    pub rate: u64,
    /// Interrupt handling occupies the CPU until this time.
    pub irq_until: u64,
    pub min_vruntime: u64,
    /// EEVDF (6.18): `cfs_rq->avg_vruntime`, Σ (v_i - min_vruntime) × w_i over the queued
    /// entities (not the running one), and `cfs_rq->avg_load`, Σ w_i.
    pub avg_vruntime: i64,
    pub avg_load: u64,
    /// Sum of weights of runnable CFS tasks (`cfs_rq->load.weight`).
    pub load_weight: u64,
    /// Queued (not running) CFS tasks, sorted by (vruntime, id): the rbtree.
    pub cfs_q: Vec<(u64, TaskId)>,
    /// When the CPU finishes leaving a C-state (a woken task starts then).
    pub exiting_until: u64,
    pub tick_gen: u32,
    pub irq_gen: u32,
    /// Accounting.
    pub busy_ns: u64,
    pub last_state_change: u64,
    pub nr_switches: u64,
    /// `capacity_of` (refreshed on ticks and new-idle balance, lagging like the kernel's).
    pub capacity: u32,
    /// Σ util_est contributions of enqueued tasks (`cfs_rq->avg.util_est.enqueued`).
    pub util_est_enqueued: u32,
    /// C-state index while idle.
    pub cstate: Option<usize>,
    /// EEVDF: stamp source for `Task::tree_seq`.
    pub tree_seq: u64,
    /// Queued (not running) RT tasks, highest priority last.
    pub rt_q: Vec<(u8, TaskId)>,
    /// cfs_rq PELT: util/load including blocked contributions.
    pub cfs_avg: SchedAvg,
    /// 4.x `runnable_load_avg`: load of runnable entities only.
    pub runnable_load: SchedAvg,
    /// 5.x `avg_rt` / `avg_irq` PELT signals (spec §9.2).
    pub rt_pelt: SchedAvg,
    pub irq_pelt: SchedAvg,
    /// 4.x `rt_avg` (ns x 1024) and its `age_stamp` (spec §9.2).
    pub rt_avg: u64,
    pub age_stamp: u64,
    pub idle_stamp: u64,
    pub avg_idle: u64,
    pub max_idle_balance_cost: u64,
    pub wake_avg_idle: u64,
    pub wake_stamp: u64,
    /// The idle task's placement fields (it is `current` for interrupt wake-ups on an idle CPU,
    /// so its `wakee_flips` and `recent_used_cpu` are what such wake-ups modify, spec §3.0).
    pub idle_pl: TaskPlacement,
    /// Per domain level: time of the last periodic balance (the simple balancer).
    pub last_balance: [u64; 8],
    /// 4.x `cpu_load[]` and `last_load_update_tick` (jiffies), spec §17.1.
    pub cpu_load: [u64; 5],
    pub last_load_update_tick: u64,
    pub irq_ns: u64,
    /// `rq->misfit_task_load` (5.x+, asymmetric capacities only; balance/misfit.rs).
    pub misfit_task_load: u64,
}

impl Rq {
    pub fn new(idle_pl: TaskPlacement, capacity: u32) -> Rq {
        Rq {
            curr: None,
            cfs_q: Vec::with_capacity(8),
            rt_q: Vec::with_capacity(2),
            nr_cfs: 0,
            nr_rt: 0,
            min_vruntime: 0,
            avg_vruntime: 0,
            avg_load: 0,
            nr_delayed: 0,
            tree_seq: 0,
            load_weight: 0,
            cfs_avg: SchedAvg::default(),
            runnable_load: SchedAvg::default(),
            rt_pelt: SchedAvg::default(),
            irq_pelt: SchedAvg::default(),
            rt_avg: 0,
            age_stamp: 0,
            util_est_enqueued: 0,
            capacity,
            idle: true,
            cstate: None,
            exiting_until: 0,
            wake_pending: false,
            idle_stamp: 0,
            // spec §7.2: avg_idle starts at 2 * sysctl_sched_migration_cost
            avg_idle: 1_000_000,
            max_idle_balance_cost: 500_000,
            wake_avg_idle: 500_000,
            wake_stamp: 0,
            run_gen: 0,
            seg_start: 0,
            rate: 0,
            tick_gen: 0,
            tick_armed: false,
            irq_until: 0,
            irq_gen: 0,
            smt_busy: false,
            idle_pl,
            last_balance: [0; 8],
            cpu_load: [0; 5],
            last_load_update_tick: 0,
            busy_ns: 0,
            irq_ns: 0,
            misfit_task_load: 0,
            last_state_change: 0,
            nr_switches: 0,
        }
    }

    /// `rq->nr_running` (all classes, running task included).
    #[inline]
    pub fn nr_running(&self) -> u32 {
        self.nr_cfs + self.nr_rt
    }

    /// Insert a queued CFS task in vruntime order.
    #[inline]
    pub fn cfs_insert(&mut self, vruntime: u64, t: TaskId) {
        let pos = self
            .cfs_q
            .partition_point(|&(v, id)| (v, id) < (vruntime, t));
        insert_at(&mut self.cfs_q, pos, (vruntime, t));
    }

    #[inline]
    pub fn cfs_remove(&mut self, t: TaskId) -> bool {
        if let Some(pos) = self.cfs_q.iter().position(|&(_, id)| id == t) {
            remove_at(&mut self.cfs_q, pos);
            true
        } else {
            false
        }
    }

    #[inline]
    pub fn rt_insert(&mut self, prio: u8, t: TaskId) {
        // FIFO among equal priorities: a newly queued task goes before (below) equals.
        let pos = self.rt_q.partition_point(|&(p, _)| p < prio);
        insert_at(&mut self.rt_q, pos, (prio, t));
    }

    #[inline]
    pub fn rt_remove(&mut self, t: TaskId) -> bool {
        if let Some(pos) = self.rt_q.iter().position(|&(_, id)| id == t) {
            remove_at(&mut self.rt_q, pos);
            true
        } else {
            false
        }
    }
}

/// `v.insert(pos, x)` for the short queues of a runqueue: element moves in a loop instead of
/// `Vec::insert`'s memmove, which is an out-of-line call on some targets (wasm32) and costs more
/// than moving the handful of entries a runqueue holds.
#[inline]
fn insert_at<T: Copy>(v: &mut Vec<T>, pos: usize, x: T) {
    v.push(x);
    let mut i = v.len() - 1;
    while i > pos {
        v[i] = v[i - 1];
        i -= 1;
    }
    v[pos] = x;
}

/// `v.remove(pos)` without the memmove, as [`insert_at`].
#[inline]
fn remove_at<T: Copy>(v: &mut Vec<T>, pos: usize) {
    for i in pos..v.len() - 1 {
        v[i] = v[i + 1];
    }
    v.pop();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_and_remove_match_vec() {
        let mut ours: Vec<u32> = Vec::new();
        let mut std: Vec<u32> = Vec::new();
        let mut x: u32 = 12345;
        for n in 0..2000u32 {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            if ours.is_empty() || !x.is_multiple_of(3) {
                let pos = (x as usize >> 8) % (ours.len() + 1);
                insert_at(&mut ours, pos, n);
                std.insert(pos, n);
            } else {
                let pos = (x as usize >> 8) % ours.len();
                remove_at(&mut ours, pos);
                std.remove(pos);
            }
            assert_eq!(ours, std);
        }
    }
}
