//! The runqueues' scheduling: `enqueue_task` / `dequeue_task`, `update_curr`, wake-up
//! preemption (`check_preempt_wakeup`), `schedule` / `pick_next_task`, going idle, and
//! `scheduler_tick`.

use crate::cpumask::Cpu;
use crate::engine::balance::{self, Balancer};
use crate::engine::behaviour::SchedClass;
use crate::engine::task::{TaskId, TaskState};
use crate::freq::UpdateFlags;
use crate::placement;

use super::signals::util_est_dequeue;
use super::{Ev, Sim};

/// The context of a `wakeup_preempt` call that its 6.18.y checks read (next-buddy-eevdf):
/// `WF_FORK` in its `wake_flags` (`wake_up_new_task`), and whether the caller runs in task
/// context (`in_task()`: not from an interrupt or a softirq).
#[derive(Clone, Copy, Debug)]
pub(super) struct PreemptCtx {
    pub fork: bool,
    pub in_task: bool,
}

impl Sim {
    /// `enqueue_task`: account the task on the runqueue and its PELT signals. `initial`: a new
    /// task (ENQUEUE_INITIAL, for EEVDF's `place_entity`).
    pub(super) fn enqueue_task(&mut self, cpu: Cpu, t: TaskId, initial: bool) {
        self.update_rq_avgs(cpu);
        self.update_task_avg(t, cpu);
        if self.beh.eevdf && matches!(self.tasks[t as usize].class, SchedClass::Fair { .. }) {
            // enqueue_entity: update_curr, then place_entity before the entity is counted
            self.update_curr(cpu);
            self.place_entity(cpu, t, initial);
        }
        let is4 = self.sd.version.is_4x();
        let task = &mut self.tasks[t as usize];
        let rq = &mut self.rqs[cpu as usize];
        if !task.attached {
            task.attached = true;
            rq.cfs_avg.attach_entity(&task.avg, task.weight as u64);
        }
        // A 6.18 delayed task moved by the load balancer arrives still asleep and delayed
        // (enqueue_task_fair: no util_est, not in h_nr_runnable): it stays queued until picked
        // or woken on this CPU.
        if task.sched_delayed {
            rq.nr_delayed += 1;
        } else {
            task.state = TaskState::Runnable;
        }
        match task.class {
            SchedClass::Fair { .. } => {
                rq.nr_cfs += 1;
                rq.load_weight += task.weight as u64;
                // list_add(&se->group_node, &rq->cfs_tasks): the head
                self.lb_seq += 1;
                task.lb_seq = self.lb_seq;
                rq.runnable_load.load_avg += task.avg.load_avg;
                rq.runnable_load.load_sum += task.avg.load_sum;
                // `if (!p->se.sched_delayed || (flags & ENQUEUE_DELAYED)) util_est_enqueue`
                if !is4 && !task.sched_delayed {
                    let c = task.util_est_ewma.max(task.util_est_enqueued);
                    task.util_est_contrib = c;
                    rq.util_est_enqueued += c;
                }
            }
            SchedClass::Fifo { prio } => {
                rq.nr_rt += 1;
                rq.rt_insert(prio, t);
            }
        }
        // add_nr_running: a runqueue reaching 2 tasks sets rd->overload (spec §17.1)
        if rq.nr_running() >= 2 {
            self.lb.overload = true;
        }
        if matches!(self.tasks[t as usize].class, SchedClass::Fair { .. }) {
            self.enqueue_entity_tree(cpu, t);
        }
        self.note_runnable(cpu);
    }

    /// Keep `cpu`'s runnable count for the timeline (one branch when none is recorded).
    #[inline]
    pub(super) fn note_runnable(&mut self, cpu: Cpu) {
        if let Some(w) = self.timeline_window {
            let rq = &self.rqs[cpu as usize];
            let nr = rq.nr_cfs - rq.nr_delayed + rq.nr_rt;
            self.stats.runnable_change(cpu, self.now, nr, w);
        }
    }

    /// `dequeue_task`: the task leaves the runqueue (sleep, exit or migration while queued).
    /// On EEVDF a sleeping task that is not eligible stays queued, delayed (DELAY_DEQUEUE):
    /// only its util_est leaves (`dequeue_task_fair`); it is dequeued for good when picked
    /// ([`Sim::finish_delayed_dequeue`]) or requeued when woken first.
    pub(super) fn dequeue_task(&mut self, cpu: Cpu, t: TaskId, sleep: bool) {
        self.update_rq_avgs(cpu);
        if self.rqs[cpu as usize].curr == Some(t) {
            self.update_curr(cpu);
            self.stop_running(cpu);
        }
        self.update_task_avg(t, cpu);
        let is_fair = matches!(self.tasks[t as usize].class, SchedClass::Fair { .. });
        if self.beh.eevdf && is_fair {
            if sleep && self.beh.delay_dequeue && !self.entity_eligible(cpu, t) {
                self.set_delayed(cpu, t);
                self.note_runnable(cpu);
                return;
            }
            self.update_entity_lag(cpu, t);
            if self.tasks[t as usize].sched_delayed {
                // the load balancer moves a delayed task (migrate_load): it leaves this CPU
                // still delayed (no DEQUEUE_DELAYED, so no DELAY_ZERO), and was not runnable
                self.rqs[cpu as usize].nr_delayed -= 1;
            }
            if !sleep {
                // PLACE_REL_DEADLINE: keep the deadline relative across the move
                let task = &mut self.tasks[t as usize];
                task.deadline = task.deadline.wrapping_sub(task.vruntime);
                task.rel_deadline = true;
            }
        }
        if is_fair {
            self.dequeue_entity_tree(cpu, t);
        }
        let is4 = self.sd.version.is_4x();
        let task = &mut self.tasks[t as usize];
        let rq = &mut self.rqs[cpu as usize];
        match task.class {
            SchedClass::Fair { .. } => {
                rq.nr_cfs -= 1;
                rq.load_weight -= task.weight as u64;
                rq.runnable_load.load_avg =
                    rq.runnable_load.load_avg.saturating_sub(task.avg.load_avg);
                rq.runnable_load.load_sum =
                    rq.runnable_load.load_sum.saturating_sub(task.avg.load_sum);
                if !is4 {
                    rq.util_est_enqueued =
                        rq.util_est_enqueued.saturating_sub(task.util_est_contrib);
                    task.util_est_contrib = 0;
                    if sleep {
                        util_est_dequeue(task, self.sd.capacity_orig[cpu as usize] as u32);
                    }
                }
            }
            SchedClass::Fifo { .. } => {
                rq.rt_remove(t);
                rq.nr_rt -= 1;
            }
        }
        if sleep {
            task.pl.util_avg = task.avg.util_avg;
        }
        if rq.nr_cfs == 0 {
            rq.runnable_load.load_avg = 0;
            rq.runnable_load.load_sum = 0;
        }
        // 4.x dequeue_task_rt -> update_curr_rt kicks cpufreq with SCHED_CPUFREQ_RT (§12.1).
        let class = task.class;
        let flags = self.rt_update_flags(class);
        let sig = self.util_signals(cpu);
        self.freq.update_util(self.now, cpu, &sig, flags);
        if self.beh.eevdf && is_fair {
            self.update_min_vruntime_eevdf(cpu);
        }
        self.note_runnable(cpu);
    }

    /// DELAY_DEQUEUE's half of `dequeue_entity` (`set_delayed`): the sleeping task stays
    /// queued, in nr_running and the load; its util_est is dequeued (`dequeue_task_fair`).
    fn set_delayed(&mut self, cpu: Cpu, t: TaskId) {
        let task = &mut self.tasks[t as usize];
        let rq = &mut self.rqs[cpu as usize];
        task.sched_delayed = true;
        rq.nr_delayed += 1;
        rq.util_est_enqueued = rq.util_est_enqueued.saturating_sub(task.util_est_contrib);
        task.util_est_contrib = 0;
        util_est_dequeue(task, self.sd.capacity_orig[cpu as usize] as u32);
        task.pl.util_avg = task.avg.util_avg;
        let sig = self.util_signals(cpu);
        self.freq
            .update_util(self.now, cpu, &sig, UpdateFlags::NONE);
    }

    /// `dequeue_entities(DEQUEUE_SLEEP | DEQUEUE_DELAYED)` from `pick_next_entity`: the delayed
    /// task that was picked leaves the runqueue as the sleeper it is; DELAY_ZERO drops a
    /// positive lag (`finish_delayed_dequeue_entity`).
    pub(super) fn finish_delayed_dequeue(&mut self, cpu: Cpu, t: TaskId) {
        self.update_curr(cpu);
        self.update_entity_lag(cpu, t);
        self.dequeue_entity_tree(cpu, t);
        let task = &mut self.tasks[t as usize];
        let rq = &mut self.rqs[cpu as usize];
        rq.nr_cfs -= 1;
        rq.load_weight -= task.weight as u64;
        rq.nr_delayed -= 1;
        task.sched_delayed = false;
        if self.beh.delay_zero && task.vlag > 0 {
            task.vlag = 0;
        }
        self.update_min_vruntime_eevdf(cpu);
        self.note_runnable(cpu);
    }

    /// Flags of a cpufreq update made by `class`: on 4.x the RT class passes
    /// SCHED_CPUFREQ_RT from `update_curr_rt` (tick, dequeue), which sends 4.x schedutil to the
    /// maximum frequency (§12.1, §12.3); 5.x passes 0 and schedutil reads `rt_runnable`.
    pub(super) fn rt_update_flags(&self, class: SchedClass) -> UpdateFlags {
        match class {
            SchedClass::Fifo { .. } if self.sd.version.is_4x() => UpdateFlags::RT,
            _ => UpdateFlags::NONE,
        }
    }

    /// The running task stops being `curr` (it blocked, exited or was preempted).
    pub(super) fn stop_running(&mut self, cpu: Cpu) {
        let now = self.now;
        let Some(t) = self.rqs[cpu as usize].curr else {
            return;
        };
        // put_prev_entity / dequeue_entity: update_load_avg(se) while it is still curr, so the
        // run that ends here counts as running (it is then requeued, or dequeued to sleep)
        if matches!(self.tasks[t as usize].class, SchedClass::Fair { .. }) {
            self.update_task_avg(t, cpu);
        }
        // fold progress
        let done = self.cycles_done(cpu);
        let task = &mut self.tasks[t as usize];
        task.remaining = task.remaining.saturating_sub(done);
        if task.remaining <= task.empty_read_ahead as u64 {
            // preempted inside the empty read charged ahead: it has begun (sim/ipc.rs)
            task.empty_read_ahead = 0;
        }
        task.last_ran = Some(cpu);
        // __schedule: clear_tsk_need_resched(prev); switched in again, its program goes on
        task.need_resched = false;
        task.at_user_return = false;
        self.run_timers.clear(cpu as usize);
        let rq = &mut self.rqs[cpu as usize];
        rq.curr = None;
        self.busy_until[cpu as usize] = rq.irq_until;
        rq.run_gen = rq.run_gen.wrapping_add(1);
        rq.busy_ns += now - rq.last_state_change;
        rq.last_state_change = now;
        self.stats.segment_end(cpu, now, self.timeline_window);
        if self.tasks[t as usize].state == TaskState::Running {
            // preempted: back into the queue
            let task = &mut self.tasks[t as usize];
            task.state = TaskState::Runnable;
            task.runnable_since = now;
            match task.class {
                // put_prev_entity: back into the tree
                SchedClass::Fair { .. } => self.enqueue_entity_tree(cpu, t),
                SchedClass::Fifo { prio } => rq.rt_insert(prio, t),
            }
        }
        self.smt_changed(cpu);
    }

    /// `update_curr`: charge the running task's CFS time.
    pub(super) fn update_curr(&mut self, cpu: Cpu) {
        let now = self.now;
        let Some(t) = self.rqs[cpu as usize].curr else {
            return;
        };
        let task = &mut self.tasks[t as usize];
        let delta = now.saturating_sub(task.exec_start);
        task.exec_start = now;
        task.sum_exec += delta;
        match task.class {
            SchedClass::Fair { .. } if self.beh.eevdf => {
                if delta == 0 {
                    return;
                }
                task.vruntime = task
                    .vruntime
                    .wrapping_add(super::eevdf::calc_delta_fair(delta, task.weight));
                let resched = self.update_deadline(t);
                self.update_min_vruntime_eevdf(cpu);
                if self.rqs[cpu as usize].nr_cfs == 1 {
                    return;
                }
                if resched || !self.protect_slice(t) {
                    // resched_curr_lazy: TIF_NEED_RESCHED without PREEMPT_LAZY
                    self.resched.set(cpu);
                }
            }
            SchedClass::Fair { .. } => {
                task.vruntime += delta * 1024 / task.weight as u64;
                let rq = &mut self.rqs[cpu as usize];
                let leftmost = rq.cfs_q.first().map(|&(v, _)| v);
                let curr_v = task.vruntime;
                let m = match leftmost {
                    Some(l) => l.min(curr_v),
                    None => curr_v,
                };
                rq.min_vruntime = rq.min_vruntime.max(m);
            }
            SchedClass::Fifo { .. } => {
                if self.sd.version.is_4x() {
                    // 4.x: RT time feeds rq->rt_avg (§9.2)
                    self.rqs[cpu as usize].rt_avg += delta * 1024;
                }
            }
        }
    }

    /// `check_preempt_curr` / `check_preempt_wakeup` (6.18: `wakeup_preempt`).
    pub(super) fn check_preempt_curr(&mut self, cpu: Cpu, t: TaskId, ctx: PreemptCtx) {
        let Some(curr) = self.rqs[cpu as usize].curr else {
            self.resched.set(cpu);
            return;
        };
        match (
            self.tasks[t as usize].class,
            self.tasks[curr as usize].class,
        ) {
            (SchedClass::Fifo { prio: a }, SchedClass::Fifo { prio: b }) => {
                if a > b {
                    self.resched.set(cpu);
                }
            }
            (SchedClass::Fifo { .. }, SchedClass::Fair { .. }) => self.resched.set(cpu),
            (SchedClass::Fair { .. }, SchedClass::Fifo { .. }) => {}
            (SchedClass::Fair { .. }, SchedClass::Fair { .. }) if self.beh.eevdf => {
                self.check_preempt_wakeup_fair(cpu, t, ctx);
            }
            (SchedClass::Fair { .. }, SchedClass::Fair { .. }) => {
                self.update_curr(cpu);
                let wv = self.tasks[t as usize].vruntime;
                let cv = self.tasks[curr as usize].vruntime;
                // wakeup_gran scaled by the wakee's weight (calc_delta_fair)
                let gran = self.wakeup_gran * 1024 / self.tasks[t as usize].weight as u64;
                if cv > wv && cv - wv > gran {
                    self.resched.set(cpu);
                }
            }
        }
    }

    /// `sched_slice`: the task's share of the scheduling period.
    pub(super) fn sched_slice(&self, cpu: Cpu, weight: u32) -> u64 {
        let rq = &self.rqs[cpu as usize];
        let nr = rq.nr_cfs as u64 + 1;
        let period = if nr > self.sched_latency / self.min_gran {
            nr * self.min_gran
        } else {
            self.sched_latency
        };
        let total = rq.load_weight + weight as u64;
        period * weight as u64 / total.max(1)
    }

    /// `__schedule`: pick the next task for `cpu` and switch to it.
    pub(super) fn schedule(&mut self, cpu: Cpu) {
        let now = self.now;
        if self.rqs[cpu as usize].wake_pending {
            // A woken task has not arrived yet (IPI / C-state exit in flight).
            return;
        }
        if self.rqs[cpu as usize].irq_until > now {
            // Interrupt in progress: the switch happens when it ends (irq_end reschedules).
            return;
        }
        let prev = self.rqs[cpu as usize].curr;
        // Preempted running task goes back to its queue.
        if let Some(p) = prev {
            if self.tasks[p as usize].in_syscall
                && self.tasks[p as usize].state == TaskState::Running
                && !self.p.preempt
            {
                // PREEMPT_NONE / VOLUNTARY: no preemption in kernel mode; the flag waits for
                // the return to user space (`Op::SyscallExit`) or the task's own schedule().
                self.tasks[p as usize].need_resched = true;
                return;
            }
            self.update_curr(cpu);
            if self.tasks[p as usize].state == TaskState::Running {
                let next = self.pick_next(cpu, Some(p));
                if next == Some(p) {
                    if self.tasks[p as usize].at_user_return {
                        // the return to user space goes on: the program's next step
                        self.advance(p, cpu);
                    }
                    return;
                }
            }
            self.update_rq_avgs(cpu);
            self.stop_running(cpu);
        }
        let mut next = self.pick_next_dequeue_delayed(cpu);
        if next.is_none() {
            // newidle_balance (§7.2): update_misfit_status(NULL, this_rq), stamp, then try
            // to pull.
            balance::misfit::update_misfit_status(self, cpu, None);
            self.rqs[cpu as usize].idle_stamp = now.max(1);
            let pulled = match self.p.balancer {
                Balancer::Fair => balance::newidle::newidle_balance(self, cpu),
                Balancer::Simple => balance::simple::newidle_balance(self, cpu),
            };
            if pulled {
                self.rqs[cpu as usize].idle_stamp = 0;
                next = self.pick_next_dequeue_delayed(cpu);
            }
        }
        match next {
            Some(n) => self.set_curr(cpu, n),
            None => self.go_idle(cpu),
        }
    }

    /// `pick_task_fair`'s loop: a delayed task that is picked leaves the runqueue
    /// (`pick_next_entity`) and the pick is repeated.
    fn pick_next_dequeue_delayed(&mut self, cpu: Cpu) -> Option<TaskId> {
        loop {
            let next = self.pick_next(cpu, None)?;
            if !self.tasks[next as usize].sched_delayed {
                return Some(next);
            }
            self.finish_delayed_dequeue(cpu, next);
        }
    }

    /// `pick_next_task`: RT first, then the leftmost CFS task (EEVDF: `pick_eevdf`).
    pub(super) fn pick_next(&self, cpu: Cpu, running: Option<TaskId>) -> Option<TaskId> {
        let rq = &self.rqs[cpu as usize];
        let rt_top = rq.rt_q.last().copied();
        if let Some(r) = running {
            if let SchedClass::Fifo { prio } = self.tasks[r as usize].class {
                return match rt_top {
                    Some((p2, t2)) if p2 > prio => Some(t2),
                    _ => Some(r),
                };
            }
        }
        if let Some((_, t)) = rt_top {
            return Some(t);
        }
        if self.beh.eevdf {
            return self.pick_eevdf(cpu, true);
        }
        // CFS: the running task keeps the CPU unless the leftmost has lower vruntime by
        // more than the wake-up granularity (preemption already decided) or its slice ran out.
        match rq.cfs_q.first() {
            Some(&(_, t2)) => Some(t2),
            None => running,
        }
    }

    pub(super) fn set_curr(&mut self, cpu: Cpu, t: TaskId) {
        let now = self.now;
        let was_idle = self.rqs[cpu as usize].curr.is_none();
        // The timeline's lag at the pick (only while a timeline is recorded): V with the task
        // still in the tree, as `pick_eevdf` saw it.
        let pick_lag = (self.beh.eevdf
            && self.timeline_window.is_some()
            && matches!(self.tasks[t as usize].class, SchedClass::Fair { .. }))
        .then(|| {
            self.avg_vruntime(cpu)
                .wrapping_sub(self.tasks[t as usize].vruntime) as i64
        });
        let rq = &mut self.rqs[cpu as usize];
        match self.tasks[t as usize].class {
            SchedClass::Fair { .. } => {
                // set_next_entity: update_load_avg(se) before it becomes curr, so its wait
                // counts as runnable, not running
                self.update_task_avg(t, cpu);
                // out of the tree; EEVDF protects the slice it starts
                self.dequeue_entity_tree(cpu, t);
                if self.beh.eevdf {
                    self.set_protect_slice(t);
                }
            }
            SchedClass::Fifo { .. } => {
                rq.rt_remove(t);
            }
        }
        let rq = &mut self.rqs[cpu as usize];
        if rq.idle {
            // Leaving idle without a pending wake-up (pulled by new-idle or periodic balance).
            rq.idle = false;
            rq.cstate = None;
        }
        if was_idle {
            rq.idle_ns_add(now);
        }
        rq.curr = Some(t);
        rq.nr_switches += 1;
        self.busy_until[cpu as usize] = u64::MAX;
        if let SchedClass::Fair { .. } = self.tasks[t as usize].class {
            // set_next_entity moves the picked task to the head of rq->cfs_tasks
            self.lb_seq += 1;
            self.tasks[t as usize].lb_seq = self.lb_seq;
            // pick_next_task_fair (6.18 __set_next_task_fair): update_misfit_status(p, rq)
            balance::misfit::update_misfit_status(self, cpu, Some(t));
        }
        if was_idle && self.sd.version.is_4x() && self.p.balancer == Balancer::Fair {
            // cpu_load_update_nohz_stop: catch cpu_load[] up with the missed ticks
            let load = self.rqs[cpu as usize].runnable_load.load_avg;
            balance::rebalance::cpu_load_update_nohz(self, cpu, load);
        }
        let rq = &mut self.rqs[cpu as usize];
        rq.last_state_change = now;
        self.stats
            .segment_start(cpu, t, pick_lag, now, self.timeline_window);
        let task = &mut self.tasks[t as usize];
        task.state = TaskState::Running;
        task.exec_start = now;
        task.prev_sum_exec = task.sum_exec;
        let latency = now.saturating_sub(task.runnable_since);
        if now >= self.warmup_ns {
            self.stats.wake_latency.record(latency);
        }
        // cache warmth: resuming away from the CPU it last ran on costs cycles
        if let Some(last) = task.last_ran {
            if last != cpu {
                let extra = if !self.topo.cpus_share_cache(last, cpu) {
                    self.p.cold_llc_cycles
                } else if !self.topo.same_core(last, cpu) {
                    self.p.cold_core_cycles
                } else {
                    0
                };
                self.tasks[t as usize].remaining += extra;
            }
        }
        self.tasks[t as usize].remaining += self.freq.work_in(cpu, self.p.context_switch_ns);
        self.stats.context_switches += 1;
        self.arm_tick(cpu);
        if was_idle {
            self.smt_changed(cpu);
        }
        // Continue the task: finish its run phase or execute its next step.
        if self.tasks[t as usize].remaining > 0 {
            let rq = &mut self.rqs[cpu as usize];
            rq.seg_start = now;
            rq.rate = 0;
            self.retime(cpu);
        } else {
            let rq = &mut self.rqs[cpu as usize];
            rq.seg_start = now;
            rq.rate = 0;
            self.advance(t, cpu);
        }
    }

    pub(super) fn go_idle(&mut self, cpu: Cpu) {
        let now = self.now;
        let rq = &mut self.rqs[cpu as usize];
        if rq.idle {
            return;
        }
        rq.idle = true;
        rq.busy_ns += 0;
        rq.last_state_change = now;
        rq.tick_armed = false;
        rq.tick_gen = rq.tick_gen.wrapping_add(1);
        self.stats
            .segment_start_idle(cpu, now, self.timeline_window);
        let cs = self.freq.idle_enter(now, cpu);
        self.rqs[cpu as usize].cstate = Some(cs);
        if self.p.balancer == Balancer::Fair {
            balance::nohz::nohz_balance_enter_idle(self, cpu);
        }
        // __update_idle_core (§6.1)
        self.with_placement(|view, st, beh| placement::update_idle_core(view, st, beh, cpu));
        self.smt_changed(cpu);
    }

    /// The active-balance stopper preempts `cpu`'s current task (it goes back to its queue).
    pub(crate) fn preempt_curr_for_stopper(&mut self, cpu: Cpu) {
        if self.rqs[cpu as usize].curr.is_some() {
            self.update_curr(cpu);
            self.update_rq_avgs(cpu);
            self.stop_running(cpu);
            self.resched.set(cpu);
        }
    }

    /// `idle_cpu(cpu)` (§1.1).
    pub(crate) fn idle_cpu(&self, cpu: Cpu) -> bool {
        let rq = &self.rqs[cpu as usize];
        rq.curr.is_none() && rq.nr_running() == 0 && !rq.wake_pending
    }

    /// Migrate a queued (not running) task to `to` (load balancing). `in_task`: the balance
    /// runs in task context (new-idle balancing from `schedule()`, the active-balance stopper),
    /// not in SCHED_SOFTIRQ (periodic and NOHZ balancing): `attach_task`'s `wakeup_preempt`
    /// reads it with next-buddy-eevdf.
    pub(crate) fn move_queued_task(&mut self, t: TaskId, from: Cpu, to: Cpu, in_task: bool) {
        self.dequeue_task(from, t, false);
        self.tasks[t as usize].state = TaskState::Blocked;
        self.migrate_task(t, from, to);
        self.stats.balance_migrations += 1;
        let task = &mut self.tasks[t as usize];
        task.state = TaskState::Blocked;
        self.enqueue_task(to, t, false);
        if self.tasks[t as usize].sched_delayed {
            self.stats.delayed_migrations += 1;
        } else {
            self.tasks[t as usize].runnable_since = self.now;
        }
        if self.rqs[to as usize].curr.is_none() {
            self.resched.set(to);
        } else {
            // attach_task: wakeup_preempt(rq, p, 0)
            self.check_preempt_curr(
                to,
                t,
                PreemptCtx {
                    fork: false,
                    in_task,
                },
            );
        }
    }

    pub(super) fn arm_tick(&mut self, cpu: Cpu) {
        let rq = &mut self.rqs[cpu as usize];
        if rq.tick_armed {
            return;
        }
        rq.tick_armed = true;
        rq.tick_gen = rq.tick_gen.wrapping_add(1);
        let seg = rq.tick_gen;
        let next = (self.now / self.tick_ns + 1) * self.tick_ns;
        self.q.push(next, Ev::Tick { cpu, seg });
    }

    /// `scheduler_tick`: account, check the slice, update PELT and cpufreq, balance.
    pub(super) fn scheduler_tick(&mut self, cpu: Cpu) {
        let now = self.now;
        self.rqs[cpu as usize].tick_armed = false;
        if self.rqs[cpu as usize].curr.is_none() {
            return;
        }
        self.update_curr(cpu);
        self.update_rq_avgs(cpu);
        if let Some(t) = self.rqs[cpu as usize].curr {
            self.update_task_avg(t, cpu);
            // check_preempt_tick (EEVDF: entity_tick's update_curr above decided)
            if let (SchedClass::Fair { .. }, false) = (self.tasks[t as usize].class, self.beh.eevdf)
            {
                let task = &self.tasks[t as usize];
                let ideal = self.sched_slice(cpu, task.weight).max(self.min_gran);
                let ran = task.sum_exec - task.prev_sum_exec;
                let rq = &self.rqs[cpu as usize];
                if let Some(&(lv, _)) = rq.cfs_q.first() {
                    if ran > ideal
                        || (ran >= self.min_gran
                            && task.vruntime > lv
                            && task.vruntime - lv > ideal)
                    {
                        self.resched.set(cpu);
                    }
                }
            }
            // task_tick_fair: update_misfit_status(curr, rq)
            if let SchedClass::Fair { .. } = self.tasks[t as usize].class {
                balance::misfit::update_misfit_status(self, cpu, Some(t));
            }
        }
        self.update_capacity(cpu);
        // task_tick_rt -> update_curr_rt: an RT curr makes this an RT-flagged update on 4.x.
        let flags = match self.rqs[cpu as usize].curr {
            Some(t) => self.rt_update_flags(self.tasks[t as usize].class),
            None => UpdateFlags::NONE,
        };
        let sig = self.util_signals(cpu);
        self.freq.update_util(now, cpu, &sig, flags);
        self.freq.tick(now, cpu);
        match self.p.balancer {
            Balancer::Fair => balance::rebalance::trigger_load_balance(self, cpu),
            Balancer::Simple => balance::simple::periodic_balance(self, cpu),
        }
        let khz = self.freq.cur_khz(cpu);
        self.stats
            .sample_util(cpu, now, self.rqs[cpu as usize].cfs_avg.util_avg, khz);
        self.arm_tick(cpu);
    }
}
