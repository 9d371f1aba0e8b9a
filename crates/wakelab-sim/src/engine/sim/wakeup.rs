//! Blocking, waking, forking and exiting: `try_to_wake_up`, `wake_up_new_task`, `do_exit`, the
//! placement call (`select_task_rq` / `select_task_rq_rt`) and `activate_task`.

use super::cfs::PreemptCtx;
use crate::cpumask::Cpu;
use crate::engine::behaviour::SchedClass;
use crate::engine::stats::{PlainWake, WakeRecord};
use crate::engine::task::{BlockReason, TaskId, TaskState};
use crate::freq::UpdateFlags;
use crate::pelt::SchedAvg;
use crate::placement::{self, NoExplain, Recorder, SdFlag, WakeRequest};

use super::{Ev, Sim, update_avg};

impl Sim {
    pub(super) fn block(&mut self, t: TaskId, cpu: Cpu, why: BlockReason) {
        self.tasks[t as usize].block = why;
        self.dequeue_task(cpu, t, true);
        self.tasks[t as usize].state = TaskState::Blocked;
        self.resched.set(cpu);
    }

    pub(super) fn task_start(&mut self, t: TaskId) {
        // benchmark tasks count as live from time 0 (`live_tasks` starts at n_benchmark), so a
        // benchmark that starts late is not mistaken for one that has finished
        let cpu = self.tasks[t as usize].cpu;
        self.wake_up_new_task(t, cpu, None);
    }

    /// Fork a task from template `prog - n_initial`: it inherits the parent's CPU (and runs
    /// through fork balancing), and takes class, affinity and kthread flag from its template.
    pub(super) fn do_fork(&mut self, parent: TaskId, cpu: Cpu, prog: u32) {
        if self.tasks.len() >= crate::engine::MAX_TASKS {
            self.stats.fork_failures += 1;
            return;
        }
        let id = self.tasks.len() as TaskId;
        let spec = &self.templates[(prog - self.n_initial) as usize];
        let mut child = self.make_task(prog, spec, cpu);
        child.cost_scale = self.draw_cost_scale();
        child.pl.id = id;
        // the child starts on its parent's CPU if allowed there (sched_fork: __set_task_cpu)
        child.cpu = if child.pl.allowed.test(cpu) {
            cpu
        } else {
            child.cpu
        };
        child.pl.prev_cpu = child.cpu;
        // dup_task_struct copies the parent's wakee_flips, wakee_flip_decay_ts and last_wakee;
        // __sched_fork does not reset them (measured: recordings/wake-wide/README.md)
        let pp = &self.tasks[parent as usize].pl;
        child.pl.wakee_flips = pp.wakee_flips;
        child.pl.wakee_flip_decay_ts = pp.wakee_flip_decay_ts;
        child.pl.last_wakee = pp.last_wakee;
        self.tasks.push(child);
        self.live_tasks += 1;
        let start = self.tasks[id as usize].cpu;
        self.wake_up_new_task(id, start, Some(parent));
    }

    /// `wake_up_new_task`: fork balancing through the slow path (spec §3.0, §8).
    pub(super) fn wake_up_new_task(&mut self, t: TaskId, parent_cpu: Cpu, parent: Option<TaskId>) {
        let cpu = match self.tasks[t as usize].class {
            SchedClass::Fair { .. } => {
                // p->recent_used_cpu = task_cpu(p) before fork balancing (§1.5)
                self.tasks[t as usize].pl.recent_used_cpu = parent_cpu;
                self.select_cpu(t, parent_cpu, parent, SdFlag::Fork, false, true)
            }
            SchedClass::Fifo { .. } => {
                let cpu = self.select_task_rq_rt(t, parent_cpu);
                self.record_plain_wake(t, parent_cpu, parent, true, cpu);
                cpu
            }
        };
        self.post_init_util(t, cpu);
        let task = &mut self.tasks[t as usize];
        task.cpu = cpu;
        task.pl.prev_cpu = cpu;
        task.state = TaskState::Blocked; // enqueue below makes it runnable
        if !self.beh.eevdf {
            // START_DEBIT: a new task starts one slice after min_vruntime
            let slice = self.sched_slice(cpu, self.tasks[t as usize].weight);
            let vr = self.rqs[cpu as usize].min_vruntime + slice;
            self.tasks[t as usize].vruntime = vr;
        }
        // EEVDF: __sched_fork zeroes vlag; enqueue_entity's place_entity (ENQUEUE_INITIAL)
        // starts the task at V with half a slice to its deadline
        self.tasks[t as usize].vlag = 0;
        self.activate(t, cpu, false, true, true);
    }

    /// `sched_exec` (core.c) for the running task `t`: `select_task_rq(p, task_cpu(p),
    /// SD_BALANCE_EXEC)` through the placement model (the slow path, `find_idlest_cpu`, spec
    /// §3.0, §8). Returns the chosen CPU; the caller (the workload's `exec` op) moves the task
    /// there when it differs from `task_cpu(p)` (the kernel's `migration_cpu_stop`).
    #[allow(dead_code)] // the entry point of the `exec` op (issue 20 / workload realism)
    pub(crate) fn sched_exec_select(&mut self, t: TaskId) -> Cpu {
        let cpu = self.tasks[t as usize].cpu;
        match self.tasks[t as usize].class {
            SchedClass::Fair { .. } => self.select_cpu(t, cpu, Some(t), SdFlag::Exec, false, true),
            // other classes keep their CPU at exec
            SchedClass::Fifo { .. } => cpu,
        }
    }

    /// `post_init_entity_util_avg` (spec §10.3).
    pub(super) fn post_init_util(&mut self, t: TaskId, cpu: Cpu) {
        let rq = &self.rqs[cpu as usize];
        let cap_ref = if self.sd.version.is_4x() {
            1024
        } else {
            self.sd.capacity_orig[cpu as usize] as u32
        };
        let cfs_util = rq.cfs_avg.util_avg;
        let cap = cap_ref.saturating_sub(cfs_util) / 2;
        let weight = self.tasks[t as usize].weight as u64;
        let util = if cap > 0 {
            if cfs_util > 0 {
                ((cfs_util as u64 * weight / (rq.cfs_avg.load_avg + 1)) as u32).min(cap)
            } else {
                cap
            }
        } else {
            0
        };
        let task = &mut self.tasks[t as usize];
        task.avg = SchedAvg::default();
        task.avg.util_avg = util;
        task.avg.util_sum = util as u64 * (crate::pelt::LOAD_AVG_MAX - 1024);
        // load_avg starts at the task's weight (§10.3)
        task.avg.load_avg = weight;
        task.avg.load_sum = crate::pelt::LOAD_AVG_MAX - 1024;
        task.avg.last_update_time = self.now;
        task.pl.util_avg = util;
    }

    pub(super) fn do_exit(&mut self, t: TaskId, cpu: Cpu) {
        self.dequeue_task(cpu, t, true);
        if self.tasks[t as usize].sched_delayed {
            // task_dead_fair: a dead task does not stay delayed
            self.finish_delayed_dequeue(cpu, t);
        }
        self.chan_release(t, cpu);
        // Detach the exiting task's blocked contribution.
        let (avg, w) = (
            self.tasks[t as usize].avg,
            self.tasks[t as usize].weight as u64,
        );
        self.rqs[cpu as usize].cfs_avg.detach_entity(&avg, w);
        let task = &mut self.tasks[t as usize];
        task.state = TaskState::Exited;
        task.exit_time = Some(self.now);
        if t < self.n_benchmark || t >= self.n_initial {
            self.live_tasks = self.live_tasks.saturating_sub(1);
        }
        self.stats.exits += 1;
        self.resched.set(cpu);
    }

    /// `sched_exec` (kernel/sched/core.c), called early in `execve` by the running task `t` on
    /// `cpu`: `select_task_rq(p, task_cpu(p), SD_BALANCE_EXEC)` (5.10+: `WF_EXEC`), for the fair
    /// class the slow path with `p` counted where it runs; if that picks another CPU,
    /// `stop_one_cpu(migration_cpu_stop)` preempts `t` and moves it there while queued.
    /// The RT class keeps the CPU (`select_task_rq_rt` only acts on wake-up and fork). Returns
    /// true if `t` left `cpu`.
    pub(super) fn sched_exec(&mut self, t: TaskId, cpu: Cpu) -> bool {
        if !matches!(self.tasks[t as usize].class, SchedClass::Fair { .. }) {
            return false;
        }
        self.stats.execs += 1;
        let dest = self.select_cpu(t, cpu, Some(t), SdFlag::Exec, false, true);
        if dest == cpu {
            return false;
        }
        // migration_cpu_stop -> __migrate_task -> move_queued_task: the stopper preempts t
        // (it goes back to the queue), then t is dequeued, moved and enqueued on dest
        self.update_curr(cpu);
        self.update_rq_avgs(cpu);
        self.stop_running(cpu);
        self.dequeue_task(cpu, t, false);
        self.migrate_task(t, cpu, dest);
        self.enqueue_task(dest, t, false);
        self.tasks[t as usize].runnable_since = self.now;
        if self.rqs[dest as usize].curr.is_none() {
            self.resched.set(dest);
        } else {
            // move_queued_task from the stopper (a task): wakeup_preempt(rq, p, 0)
            let ctx = PreemptCtx {
                fork: false,
                in_task: true,
            };
            self.check_preempt_curr(dest, t, ctx);
        }
        self.resched.set(cpu);
        true
    }

    pub(super) fn io_done(&mut self, t: TaskId, cpu: Cpu) {
        // The completion interrupt runs on `cpu`, then wakes the task from IRQ context.
        self.irq_on(cpu, self.p.irq_cost_ns);
        // or hands the request to a kernel thread that finishes it (completion.rs)
        if self.io_done_via_thread(t, cpu) {
            return;
        }
        if self.tasks[t as usize].state == TaskState::Blocked {
            self.wake_from_interrupt(t, cpu, true);
        }
    }

    /// Wake-up from interrupt context on `cpu` (timer, IO completion): `current` is whatever
    /// runs there, possibly the idle task (spec §3.0).
    pub(super) fn wake_from_interrupt(&mut self, t: TaskId, cpu: Cpu, iowait: bool) {
        if self.tasks[t as usize].state != TaskState::Blocked {
            return;
        }
        let current = self.rqs[cpu as usize].curr;
        self.try_to_wake_up(t, cpu, current, false, iowait, false);
    }

    /// `try_to_wake_up` (spec §3.0): select a CPU, migrate if needed, enqueue, maybe preempt.
    pub(super) fn try_to_wake_up(
        &mut self,
        t: TaskId,
        waker_cpu: Cpu,
        current: Option<TaskId>,
        sync: bool,
        iowait: bool,
        in_task: bool,
    ) {
        if self.tasks[t as usize].state != TaskState::Blocked {
            return;
        }
        self.stats.wakeups += 1;
        self.tasks[t as usize].wakeups += 1;
        let prev = self.tasks[t as usize].cpu;
        if self.tasks[t as usize].sched_delayed {
            // ttwu_runnable: the task is still queued (DELAY_DEQUEUE), so it is requeued where
            // it is, without select_task_rq
            self.ttwu_runnable(t, waker_cpu, current, prev, in_task);
            return;
        }
        let cpu = match self.tasks[t as usize].class {
            SchedClass::Fair { .. } => {
                self.select_cpu(t, waker_cpu, current, SdFlag::Wake, sync, in_task)
            }
            SchedClass::Fifo { .. } => {
                let cpu = self.select_task_rq_rt(t, prev);
                self.record_plain_wake(t, waker_cpu, current, false, cpu);
                cpu
            }
        };
        if cpu != prev {
            self.migrate_task(t, prev, cpu);
        }
        self.activate(t, cpu, iowait, false, in_task);
    }

    /// `ttwu_runnable` for a delayed task: `enqueue_task(ENQUEUE_DELAYED)`
    /// (`requeue_delayed_entity`, util_est back in), then `wakeup_preempt`.
    fn ttwu_runnable(
        &mut self,
        t: TaskId,
        waker_cpu: Cpu,
        current: Option<TaskId>,
        cpu: Cpu,
        in_task: bool,
    ) {
        self.record_plain_wake(t, waker_cpu, current, false, cpu);
        self.requeue_delayed_entity(cpu, t);
        let task = &mut self.tasks[t as usize];
        let rq = &mut self.rqs[cpu as usize];
        // util_est_enqueue
        let c = task.util_est_ewma.max(task.util_est_enqueued);
        task.util_est_contrib = c;
        rq.util_est_enqueued += c;
        task.state = TaskState::Runnable;
        task.runnable_since = self.now;
        if self.rqs[cpu as usize].curr.is_none() {
            self.resched.set(cpu);
        } else {
            let ctx = PreemptCtx {
                fork: false,
                in_task,
            };
            self.check_preempt_curr(cpu, t, ctx);
            self.record_wake_preempt(cpu, t, true);
        }
    }

    /// `select_task_rq` for the fair class: call the placement model, then validate the result
    /// like `select_fallback_rq`.
    pub(super) fn select_cpu(
        &mut self,
        t: TaskId,
        this_cpu: Cpu,
        current: Option<TaskId>,
        kind: SdFlag,
        sync: bool,
        in_task: bool,
    ) -> Cpu {
        let allowed = &self.tasks[t as usize].pl.allowed;
        if allowed.weight() == 1 {
            // core.c select_task_rq: the class is not called (nr_cpus_allowed == 1)
            let cpu = allowed.first().unwrap();
            if kind != SdFlag::Exec {
                self.record_plain_wake(t, this_cpu, current, kind == SdFlag::Fork, cpu);
            }
            return cpu;
        }
        self.sync_task_signals(t);
        let mut p_pl = self.tasks[t as usize].pl;
        p_pl.id = t;
        let mut cur_pl = match current {
            Some(c) => {
                let mut pl = self.tasks[c as usize].pl;
                pl.id = c;
                pl
            }
            None => self.rqs[this_cpu as usize].idle_pl,
        };
        let req = WakeRequest {
            p: t,
            this_cpu,
            kind,
            sync,
            in_task,
        };
        let explain_this = self.explain_wakeup == Some(self.stats.decisions);
        self.stats.decisions += 1;
        // the shadow kernel's decision on the same state, kept apart (a diagnostic)
        let shadow = self.shadow_beh.map(|sb| {
            let mut st = self.pstate.clone();
            let (mut sp, mut sc) = (p_pl, cur_pl);
            let view = crate::engine::view::View { sim: self };
            let d = placement::select_task_rq(
                &view,
                &mut st,
                &sb,
                &req,
                &mut sp,
                &mut sc,
                &mut NoExplain,
            );
            (d, sp, sc, st)
        });
        let decision = if explain_this {
            let mut ex = Recorder::default();
            let d = self.with_placement(|view, st, beh| {
                placement::select_task_rq(view, st, beh, &req, &mut p_pl, &mut cur_pl, &mut ex)
            });
            self.stats.explanation = Some(ex.events);
            d
        } else {
            self.with_placement(|view, st, beh| {
                placement::select_task_rq(
                    view,
                    st,
                    beh,
                    &req,
                    &mut p_pl,
                    &mut cur_pl,
                    &mut NoExplain,
                )
            })
        };
        if let Some((d, sp, sc, st)) = shadow {
            let s = &mut self.stats.shadow;
            s.decisions += 1;
            let real = &self.pstate;
            if d.cpu != decision.cpu {
                s.differ_cpu += 1;
            } else if sp != p_pl
                || sc != cur_pl
                || st.has_idle_cores != real.has_idle_cores
                || st.avg_scan_cost != real.avg_scan_cost
                || st.nr_idle_scan != real.nr_idle_scan
            {
                s.differ_state += 1;
            } else if d.scanned != decision.scanned
                || d.wake_avg_idle_used != decision.wake_avg_idle_used
            {
                s.differ_cost += 1;
            }
        }
        self.last_scan_cost = if decision.scanned > 0 {
            self.pstate.params.scan_time(decision.scanned)
        } else {
            0
        };
        if decision.wake_avg_idle_used > 0 {
            let aged = crate::engine::view::aged_wake_avg_idle(self, this_cpu);
            let rq = &mut self.rqs[this_cpu as usize];
            rq.wake_avg_idle = aged.saturating_sub(decision.wake_avg_idle_used);
            rq.wake_stamp = self.now / self.tick_ns;
        }
        self.tasks[t as usize].pl = p_pl;
        match current {
            Some(c) if c != t => self.tasks[c as usize].pl = cur_pl,
            Some(_) => {}
            None => self.rqs[this_cpu as usize].idle_pl = cur_pl,
        }
        // select_task_rq already applied select_fallback_rq to a disallowed answer.
        let cpu = decision.cpu;
        debug_assert!(
            self.tasks[t as usize].pl.allowed.test(cpu),
            "placement returned a disallowed CPU {cpu}"
        );
        if decision.rule == placement::Rule::Fallback {
            self.stats.fallbacks += 1;
        }
        self.stats.record_wake(WakeRecord {
            t_ns: self.now,
            task: t,
            waker_cpu: this_cpu,
            waker: current,
            new_task: kind == SdFlag::Fork,
            prev_cpu: self.tasks[t as usize].cpu,
            cpu,
            sync,
            rule: decision.rule,
            decision: self.stats.decisions - 1,
        });
        cpu
    }

    /// Keep a wake-up that made no fair placement decision (for traces of the run).
    fn record_plain_wake(
        &mut self,
        t: TaskId,
        waker_cpu: Cpu,
        waker: Option<TaskId>,
        new_task: bool,
        cpu: Cpu,
    ) {
        self.stats.record_plain_wake(PlainWake {
            t_ns: self.now,
            task: t,
            waker_cpu,
            waker,
            new_task,
            cpu,
        });
    }

    /// Simplified `select_task_rq_rt`: stay on prev unless it runs a higher-or-equal RT task,
    /// else the first allowed CPU without RT work (cpupri's lowest class), else prev.
    pub(super) fn select_task_rq_rt(&mut self, t: TaskId, prev: Cpu) -> Cpu {
        let allowed = self.tasks[t as usize].pl.allowed;
        let free = |s: &Self, c: Cpu| s.rqs[c as usize].nr_rt == 0;
        if allowed.test(prev) && free(self, prev) {
            return prev;
        }
        allowed
            .iter()
            .find(|&c| free(self, c))
            .unwrap_or(if allowed.test(prev) {
                prev
            } else {
                allowed.first().unwrap_or(0)
            })
    }

    /// Move a sleeping task's PELT contribution and vruntime from `from` to `to`.
    pub(super) fn migrate_task(&mut self, t: TaskId, from: Cpu, to: Cpu) {
        self.stats.migrations += 1;
        self.tasks[t as usize].migrations += 1;
        if self.tasks[t as usize].attached {
            // remove_entity_load_avg / attach_entity_load_avg act on runqueues brought up to
            // date (the kernel's `removed` is applied at the next update_cfs_rq_load_avg, the
            // attach follows it): otherwise the next update would decay the contribution just
            // attached over the time the destination sat unchanged (e.g. idle, NOHZ).
            self.update_rq_avgs(from);
            self.update_rq_avgs(to);
            let (avg, w) = (
                self.tasks[t as usize].avg,
                self.tasks[t as usize].weight as u64,
            );
            self.rqs[from as usize].cfs_avg.detach_entity(&avg, w);
            self.rqs[to as usize].cfs_avg.attach_entity(&avg, w);
        }
        let task = &mut self.tasks[t as usize];
        if !self.beh.eevdf {
            // 6.x keeps the lag instead (place_entity on the new runqueue)
            task.vruntime = task
                .vruntime
                .saturating_sub(self.rqs[from as usize].min_vruntime)
                + self.rqs[to as usize].min_vruntime;
        }
        task.cpu = to;
        task.pl.prev_cpu = to;
        if let SchedClass::Fair { .. } = task.class {
            // migrate_task_rq_fair (from set_task_cpu, every version modelled): "We have
            // migrated, no longer consider this task hot": task_hot() sees it cold until it
            // runs again (set_next_entity stamps exec_start)
            task.exec_start = 0;
        }
        let sig = self.util_signals(to);
        self.freq
            .update_util(self.now, to, &sig, UpdateFlags::MIGRATION);
    }

    /// Enqueue a woken (or new) task on `cpu`: `ttwu_do_activate`. `in_task`: the waker runs in
    /// task context (`try_to_wake_up`'s), read by the preemption check.
    pub(super) fn activate(
        &mut self,
        t: TaskId,
        cpu: Cpu,
        iowait: bool,
        fork: bool,
        in_task: bool,
    ) {
        let now = self.now;
        // Waking task keeps p->wake_cpu = cpu (prev for the next wake-up).
        let task = &mut self.tasks[t as usize];
        task.cpu = cpu;
        task.pl.prev_cpu = cpu;
        task.runnable_since = now;
        if !fork && !self.beh.eevdf {
            // place_entity for a wake-up: GENTLE_FAIR_SLEEPERS gives at most half a latency credit.
            let min_vr = self.rqs[cpu as usize].min_vruntime;
            let thresh = self.sched_latency / 2;
            let task = &mut self.tasks[t as usize];
            task.vruntime = task.vruntime.max(min_vr.saturating_sub(thresh));
        }
        self.enqueue_task(cpu, t, fork);
        // ttwu_do_wakeup: avg_idle from idle_stamp (§7.2)
        let max_cost = 2 * self.rqs[cpu as usize].max_idle_balance_cost;
        let rq = &mut self.rqs[cpu as usize];
        if rq.idle_stamp != 0 {
            let delta = now - rq.idle_stamp;
            rq.avg_idle = update_avg(rq.avg_idle, delta, self.sd.version).min(max_cost);
            rq.wake_avg_idle = rq.avg_idle / 2;
            rq.wake_stamp = now / self.tick_ns;
            rq.idle_stamp = 0;
        }
        let flags = if iowait {
            UpdateFlags::IOWAIT
        } else {
            UpdateFlags::NONE
        };
        let sig = self.util_signals(cpu);
        self.freq.update_util(now, cpu, &sig, flags);
        let rq = &mut self.rqs[cpu as usize];
        if rq.curr.is_none() {
            if !rq.wake_pending {
                // The idle CPU takes the IPI and leaves its C-state before running the task.
                let lat = if rq.idle {
                    let observed = self.p.idle_exit_cpus.is_none_or(|m| m.test(cpu));
                    self.freq.idle_exit(now, cpu) + if observed { self.p.idle_exit_ns } else { 0 }
                } else {
                    0
                };
                let rq = &mut self.rqs[cpu as usize];
                rq.idle = false;
                rq.cstate = None;
                rq.wake_pending = true;
                rq.exiting_until = now + lat + self.p.ipi_latency_ns;
                rq.run_gen = rq.run_gen.wrapping_add(1);
                let seg = rq.run_gen;
                let at = rq.exiting_until;
                self.q.push(at, Ev::CpuReady { cpu, seg });
            }
        } else {
            self.check_preempt_curr(cpu, t, PreemptCtx { fork, in_task });
            if !fork {
                self.record_wake_preempt(cpu, t, false);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::cpumask::CpuMask;
    use crate::engine::balance::detach::can_migrate_task;
    use crate::engine::balance::env::{LBF_ALL_PINNED, LbEnv, MigrationType};
    use crate::engine::balance::view::LbView;
    use crate::engine::balance::{CpuIdleType, LbFamily, Trace};
    use crate::engine::sim::Sim;
    use crate::engine::task::TaskState;
    use crate::engine::view::View;
    use crate::experiment::{DetailOptions, build_input};

    /// The t1 preset's simulation (dbench on skl-client-8t) without system noise, at
    /// time 0: task 0 is the dbench client.
    fn t1_sim() -> Sim {
        let mut e = crate::presets::experiment("t1").unwrap();
        e.scenario.noise.background = false;
        let sc = e.variant_scenario(0);
        let (input, _, _) = build_input(&sc, 1, 1, DetailOptions::default()).unwrap();
        Sim::new(input).unwrap()
    }

    /// `can_migrate_task(p, env)` with CPU 2 pulling from `src` at the MC level (index 1 on
    /// skl-client-8t), no failed balance yet.
    fn may_pull(sim: &Sim, src: u16, t: u32) -> bool {
        may_pull_as(sim, src, t, LbFamily::V4, MigrationType::Load)
    }

    /// [`may_pull`] for a `family` balancer migrating `migration_type`.
    fn may_pull_as(
        sim: &Sim,
        src: u16,
        t: u32,
        family: LbFamily,
        migration_type: MigrationType,
    ) -> bool {
        let view = View { sim };
        let mut tasks = Vec::new();
        view.cfs_tasks(src, &mut tasks);
        let p = tasks
            .into_iter()
            .find(|p| p.id == t)
            .expect("queued on src");
        let mut env = LbEnv {
            family,
            level: 1,
            dst_cpu: 2,
            dst_grpmask: CpuMask::from_cpus([2, 6]),
            new_dst_cpu: 2,
            idle: CpuIdleType::Idle,
            imbalance: 1024,
            cpus: CpuMask::from_cpus(0..8),
            src_cpu: Some(src),
            flags: LBF_ALL_PINNED,
            loop_: 0,
            loop_break: 32,
            loop_max: 32,
            migration_type,
            nr_balance_failed: 0,
            cache_nice_tries: 1,
            now: sim.now,
        };
        can_migrate_task(&view, &mut env, &p, 0, 1, &mut Trace::off())
    }

    /// A task's run that ends in a block counts as running in its PELT signals
    /// (`put_prev_entity` / `dequeue_entity` update it while it is still curr), its wait before
    /// a run as runnable (`set_next_entity` updates it before it becomes curr): 20 µs runs every
    /// 100 µs settle at a fifth of the scale (4.15 x86: no frequency invariance). Until
    /// 2026-12-03 the run was counted as runnable-not-running and this util_avg decayed to 0.
    #[test]
    fn a_task_that_runs_briefly_and_blocks_accrues_its_runs_in_util_avg() {
        use crate::engine::task::BlockReason;
        let mut sim = t1_sim();
        sim.now = 1_000_000;
        sim.tasks[0].cpu = 0;
        for _ in 0..4_000 {
            sim.enqueue_task(0, 0, false);
            sim.set_curr(0, 0);
            sim.now += 20_000;
            sim.block(0, 0, BlockReason::Timer);
            sim.now += 80_000;
        }
        let util = sim.tasks[0].avg.util_avg;
        assert!(
            (190..=220).contains(&util),
            "util_avg {util}, want about 1024 / 5"
        );
    }

    /// A forked task starts with its parent's `wakee_flips`, `wakee_flip_decay_ts` and
    /// `last_wakee` (`dup_task_struct` copies them, `__sched_fork` leaves them:
    /// recordings/wake-wide), and a benchmark's initial tasks with their launcher's count;
    /// background tasks (interference, system noise) with none.
    #[test]
    fn a_forked_task_inherits_its_parent_s_wakee_flips() {
        let mut e = crate::presets::experiment("t5").unwrap();
        e.scenario.noise.background = true;
        let sc = e.variant_scenario(0);
        let (input, _, _) = build_input(&sc, 1, 1, DetailOptions::default()).unwrap();
        let background = input.background_tasks as usize;
        let mut sim = Sim::new(input).unwrap();
        let n = sim.tasks.len();
        assert!(background > 0 && n > background);
        assert_eq!(
            sim.tasks[0].pl.wakee_flips,
            super::super::LAUNCHER_WAKEE_FLIPS
        );
        for t in &sim.tasks[n - background..] {
            assert_eq!(t.pl.wakee_flips, 0, "background task {t:?}");
        }
        sim.now = 5_000_000;
        sim.tasks[0].pl.wakee_flips = 37;
        sim.tasks[0].pl.wakee_flip_decay_ts = 1_234_567;
        sim.tasks[0].pl.last_wakee = Some(3);
        let prog = sim.n_initial; // the first fork template (hackbench's receiver)
        sim.do_fork(0, 0, prog);
        let child = &sim.tasks[n].pl;
        assert_eq!(
            (
                child.wakee_flips,
                child.wakee_flip_decay_ts,
                child.last_wakee
            ),
            (37, 1_234_567, Some(3))
        );
    }

    /// A runqueue's `load_avg` holds its tasks' contributions, blocked ones included, and a
    /// sleeping task's moves with it when it changes CPU (`remove_entity_load_avg` on the old
    /// runqueue, `attach_entity_load_avg` on the new one), also across the next PELT update.
    /// Until 2026-12-04 the model attached a task's `load_sum` unweighted, so the moved load
    /// came back to the old CPU and left the new one at their next update (`cpu_load`, which
    /// wake_affine_weight and the balancer compare, was each CPU's own queue history).
    #[test]
    fn a_sleeping_task_s_load_moves_with_it_when_it_changes_cpu() {
        use crate::engine::task::BlockReason;
        let mut sim = t1_sim();
        sim.now = 1_000_000;
        sim.tasks[0].cpu = 0;
        // runnable half of the time on CPU 0 for 400 ms, then asleep for 5 ms
        for _ in 0..4_000 {
            sim.enqueue_task(0, 0, false);
            sim.set_curr(0, 0);
            sim.now += 50_000;
            sim.block(0, 0, BlockReason::Timer);
            sim.now += 50_000;
        }
        sim.now += 5_000_000;
        let load = |sim: &mut Sim, cpu: crate::cpumask::Cpu| {
            sim.update_rq_avgs(cpu);
            sim.rqs[cpu as usize].cfs_avg.load_avg
        };
        sim.update_task_avg(0, 0);
        let task_load = sim.tasks[0].avg.load_avg;
        assert!(
            (400..=560).contains(&task_load),
            "task load_avg {task_load}"
        );
        let near = |x: u64| x.abs_diff(task_load) * 10 <= task_load;
        let before = load(&mut sim, 0);
        assert!(
            near(before),
            "CPU 0 holds the blocked load: {before} vs {task_load}"
        );
        assert_eq!(load(&mut sim, 1), 0);
        sim.migrate_task(0, 0, 1);
        // after the next period boundaries on both runqueues
        sim.now += 3_000_000;
        sim.update_task_avg(0, 1);
        let task_load = sim.tasks[0].avg.load_avg;
        let near = |x: u64| x.abs_diff(task_load) * 10 <= task_load;
        let (l0, l1) = (load(&mut sim, 0), load(&mut sim, 1));
        assert!(
            l0 * 10 < task_load,
            "CPU 0 kept {l0} of the moved {task_load}"
        );
        assert!(near(l1), "CPU 1 holds {l1}, the task {task_load}");
    }

    /// 4.15 `migrate_task_rq_fair` zeroes `p->se.exec_start` when a task changes CPU, so a task
    /// woken onto another CPU and waiting there is cache cold for `task_hot` (`rq_clock_task -
    /// 0`), although it ran 10 µs ago; without the migration it is hot (10 µs < 500 µs).
    #[test]
    fn a_task_that_changed_cpu_is_not_cache_hot() {
        let mut sim = t1_sim();
        // task 0 (the dbench client) last ran on CPU 0 until 10 µs ago
        sim.now = 1_000_000;
        sim.tasks[0].cpu = 0;
        sim.tasks[0].exec_start = sim.now - 10_000;
        sim.tasks[0].state = TaskState::Runnable;
        sim.enqueue_task(0, 0, false);
        assert!(!may_pull(&sim, 0, 0), "queued where it ran: cache hot");
        sim.dequeue_task(0, 0, false);
        // woken onto CPU 5 instead: set_task_cpu -> migrate_task_rq_fair
        sim.migrate_task(0, 0, 5);
        sim.enqueue_task(5, 0, false);
        assert!(may_pull(&sim, 5, 0), "migrated: cache cold");
    }

    /// 6.18 `can_migrate_task`: "We do not migrate tasks that are: 1) delayed dequeued unless
    /// we migrate load". A delayed task the balancer moves stays delayed (asleep, queued) on its
    /// new CPU, and its wake-up requeues it there (`ttwu_runnable`, no placement decision).
    #[test]
    fn a_delayed_task_moves_only_for_migrate_load_and_stays_delayed_where_it_goes() {
        let e = crate::presets::experiment("t1").unwrap();
        let mut sc = e.variant_scenario(0);
        sc.noise.background = false;
        sc.interference.clear();
        sc.kernel = crate::kernel::KernelConfig::baseline(crate::kernel::KernelVersion::V6_18);
        let task = |name: &str| {
            serde_json::json!({"name": name, "start_cpu": 0, "program": [
                {"loop": {"count": null, "body": [{"run": {"cycles": 1_000_000}}]}}]})
        };
        sc.workload = serde_json::from_value(
            serde_json::json!({"kind": "custom", "tasks": [task("a"), task("b")]}),
        )
        .unwrap();
        let (input, _, _) = build_input(&sc, 1, 1, DetailOptions::default()).unwrap();
        let mut sim = Sim::new(input).unwrap();
        // tasks 0 and 1 queued on CPU 0; task 1 runs 3 ms, then sleeps while not eligible
        sim.now = 1_000_000;
        for t in [0, 1] {
            sim.tasks[t as usize].cpu = 0;
            sim.enqueue_task(0, t, false);
        }
        sim.set_curr(0, 1);
        sim.tasks[1].state = TaskState::Running;
        sim.now += 3_000_000;
        sim.block(1, 0, sim.tasks[1].block);
        assert!(
            sim.tasks[1].sched_delayed,
            "not eligible when it slept: delayed"
        );
        // 1 ms later (no longer cache hot), CPU 2 pulls from CPU 0
        sim.now += 1_000_000;
        assert!(!may_pull_as(
            &sim,
            0,
            1,
            LbFamily::V618,
            MigrationType::Task
        ));
        assert!(!may_pull_as(
            &sim,
            0,
            1,
            LbFamily::V618,
            MigrationType::Util
        ));
        assert!(may_pull_as(&sim, 0, 1, LbFamily::V618, MigrationType::Load));
        sim.move_queued_task(1, 0, 2, false);
        let t1 = &sim.tasks[1];
        assert!(t1.sched_delayed && t1.state == TaskState::Blocked && t1.cpu == 2);
        assert_eq!((sim.rqs[0].nr_delayed, sim.rqs[2].nr_delayed), (0, 1));
        assert_eq!(sim.stats.delayed_migrations, 1);
        sim.check_invariants().unwrap();
        // woken from CPU 0: requeued on CPU 2 without select_task_rq
        let decisions = sim.stats.decisions;
        sim.try_to_wake_up(1, 0, Some(0), false, false, true);
        let t1 = &sim.tasks[1];
        assert!(!t1.sched_delayed && t1.state == TaskState::Runnable && t1.cpu == 2);
        assert_eq!(sim.rqs[2].nr_delayed, 0);
        assert_eq!(sim.stats.decisions, decisions);
        sim.check_invariants().unwrap();
    }
}
