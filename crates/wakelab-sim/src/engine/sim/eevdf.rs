//! The 6.18 fair class's EEVDF core (kernel/sched/fair.c of 6.18.2; docs/model.md, "6.18"):
//! the weighted average vruntime and eligibility, lag, virtual deadlines, the protected slice
//! (RUN_TO_PARITY), the pick (`__pick_eevdf`), wake-up preemption
//! (`check_preempt_wakeup_fair`) and the delayed dequeue of a sleeping task that is not
//! eligible (DELAY_DEQUEUE).
//!
//! Names and order of checks follow fair.c. The runqueue's tree is `Rq::cfs_q`, kept in
//! vruntime order: eligibility (`vruntime <= V`) is monotone in vruntime, so the eligible
//! entities are a prefix of it, and the kernel's augmented-tree search for the eligible entity
//! with the earliest deadline (`__pick_eevdf`) is a scan of that prefix for the smallest
//! (deadline, tree insertion order).
//!
//! Simplifications (docs/model.md): no cgroups (one cfs_rq per CPU, every entity a task); no
//! custom slices (`sched_attr.sched_runtime`), so every entity's slice is the base slice and
//! PREEMPT_SHORT cannot act; `calc_delta_fair` divides exactly instead of the kernel's 32-bit
//! inverse-weight multiply (identical for nice 0).

use crate::cpumask::Cpu;
use crate::engine::behaviour::SchedClass;
use crate::engine::stats::WakePreempt;
use crate::engine::task::{TaskId, TaskState};

use super::Sim;
use super::cfs::PreemptCtx;

/// `sysctl_sched_base_slice` before the log2(ncpus) scaling (6.18 fair.c: `700000ULL`), which
/// is also `normalized_sysctl_sched_base_slice`.
pub(crate) const SYSCTL_SCHED_BASE_SLICE_NS: u64 = 700_000;

/// Where every runqueue's min_vruntime starts on 6.18. The kernel compares vruntimes with
/// wrapping arithmetic (`(s64)(a - b) < 0`); the model keeps its queue in plain u64 order, so it
/// starts far from 0 that a task placed by its lag before the first one never wraps below it
/// (2^40 ns of vruntime: lags are bounded by `update_entity_lag` to a few ms x 1024 / weight).
pub(crate) const VRUNTIME_BASE: u64 = 1 << 40;

/// `NICE_0_LOAD` after `scale_load_down`: the weight of a nice-0 task.
const NICE_0_LOAD: u64 = 1024;

/// `calc_delta_fair(delta, se)`: `delta` of real time in `se`'s virtual time.
#[inline]
pub(super) fn calc_delta_fair(delta: u64, weight: u32) -> u64 {
    if weight as u64 == NICE_0_LOAD {
        delta
    } else {
        (delta as u128 * NICE_0_LOAD as u128 / weight.max(1) as u128) as u64
    }
}

impl Sim {
    /// `cfs_rq->curr` if it is on the runqueue (`curr && curr->on_rq`): the running fair task.
    #[inline]
    fn curr_on_rq(&self, cpu: Cpu) -> Option<TaskId> {
        let c = self.rqs[cpu as usize].curr?;
        let task = &self.tasks[c as usize];
        (matches!(task.class, SchedClass::Fair { .. }) && task.state == TaskState::Running)
            .then_some(c)
    }

    /// `entity_key`: `(s64)(se->vruntime - cfs_rq->min_vruntime)`.
    #[inline]
    fn entity_key(&self, cpu: Cpu, vruntime: u64) -> i64 {
        vruntime.wrapping_sub(self.rqs[cpu as usize].min_vruntime) as i64
    }

    /// `avg_vruntime_add` / `avg_vruntime_sub` (`__enqueue_entity` / `__dequeue_entity`).
    #[inline]
    fn avg_vruntime_add(&mut self, cpu: Cpu, t: TaskId, sign: i64) {
        let task = &self.tasks[t as usize];
        let weight = task.weight as i64;
        let key = self.entity_key(cpu, task.vruntime);
        let rq = &mut self.rqs[cpu as usize];
        rq.avg_vruntime = rq
            .avg_vruntime
            .wrapping_add(sign * key.wrapping_mul(weight));
        rq.avg_load = (rq.avg_load as i64 + sign * weight) as u64;
    }

    /// `__enqueue_entity`: into the tree (and, EEVDF, into the average).
    pub(super) fn enqueue_entity_tree(&mut self, cpu: Cpu, t: TaskId) {
        if self.beh.eevdf {
            self.avg_vruntime_add(cpu, t, 1);
            let rq = &mut self.rqs[cpu as usize];
            rq.tree_seq += 1;
            self.tasks[t as usize].tree_seq = rq.tree_seq;
        }
        let v = self.tasks[t as usize].vruntime;
        self.rqs[cpu as usize].cfs_insert(v, t);
    }

    /// `__dequeue_entity`: out of the tree (and, EEVDF, out of the average).
    pub(super) fn dequeue_entity_tree(&mut self, cpu: Cpu, t: TaskId) {
        if self.rqs[cpu as usize].cfs_remove(t) && self.beh.eevdf {
            self.avg_vruntime_add(cpu, t, -1);
        }
    }

    /// The tree's sums with the running entity added (`avg_vruntime`, `vruntime_eligible`).
    #[inline]
    fn avg_with_curr(&self, cpu: Cpu) -> (i64, i64) {
        let rq = &self.rqs[cpu as usize];
        let mut avg = rq.avg_vruntime;
        let mut load = rq.avg_load as i64;
        if let Some(c) = self.curr_on_rq(cpu) {
            let task = &self.tasks[c as usize];
            let weight = task.weight as i64;
            avg = avg.wrapping_add(self.entity_key(cpu, task.vruntime).wrapping_mul(weight));
            load += weight;
        }
        (avg, load)
    }

    /// `avg_vruntime`: the weighted average vruntime V, rounded towards the left so that an
    /// entity at V is eligible.
    pub(super) fn avg_vruntime(&self, cpu: Cpu) -> u64 {
        let (avg, load) = self.avg_with_curr(cpu);
        self.avg_vruntime_of(cpu, avg, load)
    }

    /// V from the sums relative to min_vruntime.
    fn avg_vruntime_of(&self, cpu: Cpu, mut avg: i64, load: i64) -> u64 {
        if load != 0 {
            // sign flips effective floor / ceiling
            if avg < 0 {
                avg -= load - 1;
            }
            avg /= load;
        }
        self.rqs[cpu as usize].min_vruntime.wrapping_add(avg as u64)
    }

    /// `vruntime_eligible`: lag >= 0, i.e. Σ (v_i - v0) w_i >= (vruntime - v0) Σ w_i.
    #[inline]
    pub(super) fn vruntime_eligible(&self, cpu: Cpu, vruntime: u64) -> bool {
        let (avg, load) = self.avg_with_curr(cpu);
        avg as i128 >= self.entity_key(cpu, vruntime) as i128 * load as i128
    }

    /// `entity_eligible`.
    #[inline]
    pub(crate) fn entity_eligible(&self, cpu: Cpu, t: TaskId) -> bool {
        self.vruntime_eligible(cpu, self.tasks[t as usize].vruntime)
    }

    /// `update_entity_lag`: vlag = V - v, clamped to the vruntime of twice the slice (at least
    /// a tick); with lag-clamp-max-slice, of the runqueue's longest slice plus a tick.
    pub(super) fn update_entity_lag(&mut self, cpu: Cpu, t: TaskId) {
        let avg = self.avg_vruntime(cpu);
        let task = &self.tasks[t as usize];
        let vlag = avg.wrapping_sub(task.vruntime) as i64;
        let limit = if self.beh.lag_clamp_max_slice {
            // lag-clamp-max-slice: cfs_rq_max_slice(cfs_rq) + TICK_NSEC. Every entity has the
            // base slice (no custom slices in the model) and this one is still on the
            // runqueue, so the longest slice there is its own.
            task.slice + self.tick_ns
        } else {
            (2 * task.slice).max(self.tick_ns)
        };
        let limit = calc_delta_fair(limit, task.weight) as i64;
        self.tasks[t as usize].vlag = vlag.clamp(-limit, limit);
    }

    /// `update_min_vruntime`: min_vruntime follows the smallest vruntime on the runqueue (the
    /// running entity's and the tree's), never backwards; the average is rebased with it
    /// (`__update_min_vruntime`, `avg_vruntime_update`).
    pub(super) fn update_min_vruntime_eevdf(&mut self, cpu: Cpu) {
        let rq = &self.rqs[cpu as usize];
        let mut vruntime = rq.min_vruntime;
        let curr = self.curr_on_rq(cpu);
        if let Some(c) = curr {
            vruntime = self.tasks[c as usize].vruntime;
        }
        if let Some(&(leftmost, _)) = rq.cfs_q.first() {
            vruntime = match curr {
                None => leftmost,
                // min_vruntime(): the wrapping comparison
                Some(_) if (leftmost.wrapping_sub(vruntime) as i64) < 0 => leftmost,
                Some(_) => vruntime,
            };
        }
        let rq = &mut self.rqs[cpu as usize];
        let delta = vruntime.wrapping_sub(rq.min_vruntime) as i64;
        if delta > 0 {
            rq.avg_vruntime = rq
                .avg_vruntime
                .wrapping_sub((rq.avg_load as i64).wrapping_mul(delta));
            rq.min_vruntime = vruntime;
        }
    }

    /// `update_deadline`: once the entity's vruntime passes its deadline it gets a new request
    /// (`vd_i = ve_i + r_i / w_i`); true = reschedule.
    pub(super) fn update_deadline(&mut self, t: TaskId) -> bool {
        let base = self.base_slice;
        let task = &mut self.tasks[t as usize];
        if (task.vruntime.wrapping_sub(task.deadline) as i64) < 0 {
            return false;
        }
        task.slice = base;
        task.deadline = task
            .vruntime
            .wrapping_add(calc_delta_fair(task.slice, task.weight));
        true
    }

    /// `place_entity`: a task joining the runqueue starts at V less its lag (PLACE_LAG, the lag
    /// inflated for the weight it adds), with a deadline one slice on (half of one for a new
    /// task, PLACE_DEADLINE_INITIAL), or its kept relative deadline after a migration.
    /// Called before the entity is counted (`account_entity_enqueue` follows).
    pub(super) fn place_entity(&mut self, cpu: Cpu, t: TaskId, initial: bool) {
        let vruntime = self.avg_vruntime(cpu);
        let base = self.base_slice;
        let nr_queued = self.rqs[cpu as usize].nr_cfs;
        let (_, load_with_curr) = self.avg_with_curr(cpu);
        let task = &mut self.tasks[t as usize];
        task.slice = base;
        let mut vslice = calc_delta_fair(task.slice, task.weight);
        let mut lag: i64 = 0;
        if self.beh.place_lag && nr_queued != 0 && task.vlag != 0 {
            lag = task.vlag;
            let mut load = load_with_curr;
            let inflated = lag as i128 * (load + task.weight as i64) as i128;
            if load == 0 {
                load = 1;
            }
            lag = (inflated / load as i128) as i64;
        }
        task.vruntime = vruntime.wrapping_sub(lag as u64);
        if task.rel_deadline {
            task.deadline = task.deadline.wrapping_add(task.vruntime);
            task.rel_deadline = false;
            return;
        }
        if self.beh.place_deadline_initial && initial {
            vslice /= 2;
        }
        task.deadline = task.vruntime.wrapping_add(vslice);
    }

    /// `set_protect_slice` (from `set_next_entity`): the picked entity may run until `vprot`.
    /// Every entity has the base slice, so `cfs_rq_min_slice` is the base slice: with
    /// RUN_TO_PARITY the protection lasts to the deadline; without it, for the unscaled base
    /// slice (`normalized_sysctl_sched_base_slice`).
    pub(super) fn set_protect_slice(&mut self, t: TaskId) {
        let base = self.base_slice;
        let run_to_parity = self.beh.run_to_parity;
        let task = &mut self.tasks[t as usize];
        let mut slice = SYSCTL_SCHED_BASE_SLICE_NS;
        let mut vprot = task.deadline;
        if run_to_parity {
            slice = base;
        }
        slice = slice.min(task.slice);
        if slice != task.slice {
            let v = task
                .vruntime
                .wrapping_add(calc_delta_fair(slice, task.weight));
            if (v.wrapping_sub(vprot) as i64) < 0 {
                vprot = v;
            }
        }
        task.vprot = vprot;
    }

    /// `protect_slice`.
    #[inline]
    pub(super) fn protect_slice(&self, t: TaskId) -> bool {
        let task = &self.tasks[t as usize];
        (task.vprot.wrapping_sub(task.vruntime) as i64) > 0
    }

    /// `__pick_eevdf`: the eligible entity with the earliest virtual deadline; the running one
    /// (if still queued and eligible) wins a tie of the search only with a strictly earlier
    /// deadline, or outright while its slice is protected.
    pub(super) fn pick_eevdf(&self, cpu: Cpu, protect: bool) -> Option<TaskId> {
        let rq = &self.rqs[cpu as usize];
        let first = rq.cfs_q.first().map(|&(_, t)| t);
        let curr = self.curr_on_rq(cpu);
        // cfs_rq->nr_queued == 1: no eligibility check
        if rq.nr_cfs == 1 {
            return curr.or(first);
        }
        let curr = curr.filter(|&c| self.entity_eligible(cpu, c));
        if let Some(c) = curr {
            if protect && self.protect_slice(c) {
                return Some(c);
            }
        }
        // the eligible entities are the tree's vruntime-ordered prefix; earliest deadline
        // first, tree order (insertion) on a tie
        let (avg, load) = self.avg_with_curr(cpu);
        let mut best: Option<(u64, u64, TaskId)> = None;
        for &(v, t) in &rq.cfs_q {
            if (avg as i128) < self.entity_key(cpu, v) as i128 * load as i128 {
                break;
            }
            let task = &self.tasks[t as usize];
            let key = (task.deadline, task.tree_seq);
            match best {
                Some((d, s, _)) if !entity_before_key(key, (d, s)) => {}
                _ => best = Some((key.0, key.1, t)),
            }
        }
        match (best, curr) {
            (None, c) => c,
            (Some((d, _, b)), Some(c)) => {
                // entity_before(curr, best)
                if (self.tasks[c as usize].deadline.wrapping_sub(d) as i64) < 0 {
                    Some(c)
                } else {
                    Some(b)
                }
            }
            (Some((_, _, b)), None) => Some(b),
        }
    }

    /// `check_preempt_wakeup_fair` (6.18): the woken task preempts only if it has become the
    /// EEVDF pick, the running task's protected slice included (no custom slices, so
    /// PREEMPT_SHORT never applies). With next-buddy-eevdf (6.18.y) a fork's and a delayed
    /// wakee's wake-ups never preempt, and an ineligible waker is rescheduled (until
    /// revert-force-wakeup-preemption); with wakeup-preempt-delayed a delayed entity the pick
    /// returns is dequeued first. No SCHED_IDLE policies and no throttling in the model.
    pub(super) fn check_preempt_wakeup_fair(&mut self, cpu: Cpu, t: TaskId, ctx: PreemptCtx) {
        let Some(curr) = self.rqs[cpu as usize].curr else {
            return;
        };
        if curr == t {
            return;
        }
        // test_tsk_need_resched(rq->curr)
        if self.resched.test(cpu) || self.tasks[curr as usize].need_resched {
            return;
        }
        self.update_curr(cpu);
        if self.beh.next_buddy_eevdf {
            // next-buddy-eevdf (e837456fdca8): no wakee preemption on WF_FORK, nor for a
            // sched_delayed wakee (PREEMPT_SHORT never applies: every slice is the base one)
            if ctx.fork || self.tasks[t as usize].sched_delayed {
                return;
            }
            // "Reschedule if waker is no longer eligible", until revert-force-wakeup-preemption
            // (15257cc2f905) removed it
            if !self.beh.revert_force_wakeup_preemption
                && ctx.in_task
                && !self.entity_eligible(cpu, curr)
            {
                self.resched.set(cpu);
                return;
            }
            // NEXT_BUDDY (set_preempt_buddy, preempt_sync) is off, as 6.18's features.h and
            // 6.19 after 4f70f106bca1 have it, and not modelled
        }
        loop {
            let nse = self.pick_eevdf(cpu, true);
            // wakeup-preempt-delayed (ac8e69e69363): the pick is `pick_next_entity`'s, which
            // dequeues a delayed entity it returns (eligible, so past its 0-lag point) and
            // picks again (`if (!nse && cfs_rq->nr_queued) goto pick;`; the wakee is queued)
            if self.beh.wakeup_preempt_dequeues_delayed {
                if let Some(d) = nse.filter(|&d| self.tasks[d as usize].sched_delayed) {
                    self.finish_delayed_dequeue(cpu, d);
                    continue;
                }
            }
            if nse == Some(t) {
                self.resched.set(cpu);
            }
            return;
        }
    }

    /// Keep what `check_preempt_wakeup_fair` left on `cpu` for the wake-up of `t` (6.18, a fair
    /// task waking onto a CPU running a fair task, inside the timeline window): the record a
    /// `sched_wakeup` tracepoint reads on a real kernel (`WakePreempt`). Costs one branch
    /// when no timeline is recorded.
    pub(super) fn record_wake_preempt(&mut self, cpu: Cpu, t: TaskId, delayed: bool) {
        let Some((from, to)) = self.timeline_window else {
            return;
        };
        if !self.beh.eevdf || self.now < from || self.now > to {
            return;
        }
        let Some(curr) = self.curr_on_rq(cpu) else {
            return;
        };
        if curr == t || !matches!(self.tasks[t as usize].class, SchedClass::Fair { .. }) {
            return;
        }
        let (avg, load) = self.avg_with_curr(cpu);
        // lag x load = avg - key x load (the sums are relative to min_vruntime)
        let lag = |x: TaskId| -> i64 {
            let key = self.entity_key(cpu, self.tasks[x as usize].vruntime) as i128;
            // rounded down, so that >= 0 is exactly `entity_eligible`
            (avg as i128 - key * load as i128).div_euclid((load as i128).max(1)) as i64
        };
        let (curr_lag_ns, curr_eligible) = (lag(curr), self.entity_eligible(cpu, curr));
        let (wakee_lag_ns, wakee_eligible) = (lag(t), self.entity_eligible(cpu, t));
        let w = WakePreempt {
            t_ns: self.now,
            cpu,
            curr,
            wakee: t,
            curr_lag_ns,
            curr_eligible,
            curr_protected: self.protect_slice(curr),
            wakee_lag_ns,
            wakee_eligible,
            wakee_delayed: delayed,
            resched: self.resched.test(cpu) || self.tasks[curr as usize].need_resched,
        };
        self.stats.record_wake_preempt(w);
    }

    /// `requeue_delayed_entity` (from `ttwu_runnable`'s `enqueue_task(ENQUEUE_DELAYED)`): a
    /// delayed task woken before it was picked stays where it is queued; with DELAY_ZERO a
    /// positive lag it earned meanwhile is dropped by placing it afresh at V.
    pub(super) fn requeue_delayed_entity(&mut self, cpu: Cpu, t: TaskId) {
        if self.beh.delay_zero {
            self.update_entity_lag(cpu, t);
            if self.tasks[t as usize].vlag > 0 {
                // cfs_rq->nr_queued-- around the re-placement
                self.rqs[cpu as usize].nr_cfs -= 1;
                self.dequeue_entity_tree(cpu, t);
                self.tasks[t as usize].vlag = 0;
                self.place_entity(cpu, t, false);
                self.enqueue_entity_tree(cpu, t);
                self.rqs[cpu as usize].nr_cfs += 1;
            }
        }
        // clear_delayed
        self.tasks[t as usize].sched_delayed = false;
        self.rqs[cpu as usize].nr_delayed -= 1;
        self.note_runnable(cpu);
    }
}

/// `entity_before` on (deadline, tree order): strictly earlier deadline, or the same deadline
/// and inserted earlier (left of it in the tree).
#[inline]
fn entity_before_key(a: (u64, u64), b: (u64, u64)) -> bool {
    let d = a.0.wrapping_sub(b.0) as i64;
    d < 0 || (d == 0 && a.1 < b.1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::experiment::{DetailOptions, build_input};
    use crate::kernel::{KernelConfig, KernelVersion, PatchId};

    /// Two hogs pinned to CPU 0 after 10 ms under `kernel`: one runs, the other waits in the
    /// tree.
    fn two_hogs_on_cpu0(kernel: KernelConfig) -> Sim {
        let mut sc = crate::presets::experiment("default").unwrap().scenario;
        sc.kernel = kernel;
        sc.interference.clear();
        sc.noise = crate::workload::SystemNoise::off();
        let hog = |name: &str| {
            serde_json::json!({"name": name, "affinity": "0", "start_cpu": 0,
                "program": [{"loop": {"count": null, "body": [
                    {"run": {"cycles": 1_000_000_000u64}}]}}]})
        };
        sc.workload = serde_json::from_value(
            serde_json::json!({"kind": "custom", "tasks": [hog("a"), hog("b")]}),
        )
        .unwrap();
        sc.run.duration_ms = 10;
        sc.run.warmup_ms = 0;
        let (input, _, _) = build_input(&sc, 1, 7, DetailOptions::default()).unwrap();
        let mut sim = Sim::new(input).unwrap();
        sim.run(None);
        sim
    }

    /// The vlag `update_entity_lag` gives the waiting hog once it is `lead` ns of vruntime
    /// ahead of the average (moved in the tree, the sums kept), with the base slice and the
    /// tick.
    fn lag_at_lead(kernel: &KernelConfig, lead: i64) -> (i64, i64, i64) {
        let mut sim = two_hogs_on_cpu0(*kernel);
        let curr = sim.rqs[0].curr.unwrap();
        let t = 1 - curr;
        sim.dequeue_entity_tree(0, t);
        // two tasks of equal weight: V moves half as far as the hog, so 2 x lead from the
        // running one's vruntime, which is V without the hog
        let v = sim.avg_vruntime(0);
        let task = &mut sim.tasks[t as usize];
        task.vruntime = v.wrapping_add((2 * lead) as u64);
        sim.enqueue_entity_tree(0, t);
        sim.update_entity_lag(0, t);
        let vlag = sim.tasks[t as usize].vlag;
        (vlag, sim.base_slice as i64, sim.tick_ns as i64)
    }

    #[test]
    fn lag_clamp_max_slice_clamps_at_the_slice_plus_a_tick() {
        let v618 = KernelConfig::baseline(KernelVersion::V6_18);
        let patched = v618.with(PatchId::LagClampMaxSlice);
        let (_, slice, tick) = lag_at_lead(&v618, 0);
        let old = (2 * slice).max(tick);
        let new = slice + tick;
        assert_ne!(old, new);
        // within both limits: the lag as it is (within a ns of rounding)
        let inside = old.min(new) - 100_000;
        for k in [&v618, &patched] {
            assert!((lag_at_lead(k, inside).0 + inside).abs() <= 1);
        }
        // beyond them: 6.18.2's max(2 x slice, tick), the patch's slice + tick
        let beyond = old.max(new) + 100_000;
        assert_eq!(lag_at_lead(&v618, beyond).0, -old);
        assert_eq!(lag_at_lead(&v618, -beyond).0, old);
        assert_eq!(lag_at_lead(&patched, beyond).0, -new);
        assert_eq!(lag_at_lead(&patched, -beyond).0, new);
    }
}
