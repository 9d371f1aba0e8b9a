//! The event loop: `Sim::run` pops events in (time, seq) order and dispatches them, then
//! applies the frequency changes and reschedules the CPUs the event touched.

use crate::cpumask::Cpu;

use super::{Ev, Progress, Sim, StopReason};

impl Sim {
    /// Run to the end (duration, all exited, budget or cancellation).
    pub fn run(&mut self, progress: Option<Progress<'_>>) -> StopReason {
        let mut progress = progress;
        let budget = self.p.max_events;
        let step_budget = self.p.max_steps();
        let reason = loop {
            // The next event is the earlier of the queue's head and the earliest run completion.
            let timer = self.run_timers.min();
            let from_timer = match (timer, self.q.peek_key()) {
                (Some((tt, ts, _)), Some(qk)) => (tt, ts) < qk,
                (Some(_), None) => true,
                (None, _) => false,
            };
            let (t, ev) = if from_timer {
                let (tt, _, cpu) = timer.expect("armed");
                self.run_timers.clear(cpu);
                (
                    tt,
                    Ev::RunDone {
                        cpu: cpu as Cpu,
                        seg: self.rqs[cpu].run_gen,
                    },
                )
            } else {
                match self.q.pop() {
                    Some(x) => x,
                    None => break StopReason::Duration,
                }
            };
            debug_assert!(t >= self.now, "time went backwards");
            self.now = t;
            self.stats.events += 1;
            if self.stats.events >= budget {
                break StopReason::EventBudget;
            }
            if self.stats.events & 0xffff == 0 {
                if let Some(cb) = progress.as_mut() {
                    if !cb(self.now, self.duration_ns) {
                        break StopReason::Cancelled;
                    }
                }
            }
            match ev {
                Ev::End => break StopReason::Duration,
                Ev::RunDone { cpu, seg } => {
                    if self.rqs[cpu as usize].run_gen == seg {
                        self.run_done(cpu);
                    }
                }
                Ev::Tick { cpu, seg } => {
                    if self.rqs[cpu as usize].tick_gen == seg {
                        self.scheduler_tick(cpu);
                    }
                }
                Ev::Timer { task, seg } => {
                    if self.tasks[task as usize].timer_gen == seg {
                        let cpu = self.tasks[task as usize].cpu;
                        self.wake_from_interrupt(task, cpu, false);
                    }
                }
                Ev::IoDone { task, cpu } => self.io_done(task, cpu),
                Ev::IoRequeued { task, cpu } => {
                    self.io_done_via_thread(task, cpu);
                }
                Ev::IrqFire { src } => self.irq_fire(src),
                Ev::IrqEnd { cpu, seg } => {
                    if self.rqs[cpu as usize].irq_gen == seg {
                        self.irq_end(cpu);
                    }
                }
                Ev::CpuReady { cpu, seg } => {
                    let rq = &mut self.rqs[cpu as usize];
                    if rq.run_gen == seg {
                        rq.wake_pending = false;
                        self.resched.set(cpu);
                    }
                }
                Ev::TaskStart { task } => self.task_start(task),
                Ev::FreqTimer => {
                    self.freq_timer_at = None;
                    self.freq.on_timer(self.now);
                }
            }
            self.process_resched();
            self.flush_smt();
            self.apply_freq_changes();
            self.arm_freq_timer();
            if self.stop_when_all_exited && self.live_tasks == 0 && self.now > 0 {
                break StopReason::AllExited;
            }
            // Work bounds beyond the event budget (docs/limits.md): zero-time program steps,
            // and forks past `MAX_TASKS` (`do_fork` refuses them; the program would go on as
            // if they had happened, so the run stops instead of giving a silently wrong result).
            if self.stats.steps >= step_budget {
                break StopReason::StepBudget;
            }
            if self.stats.fork_failures > 0 {
                break StopReason::TaskLimit;
            }
        };
        self.finish();
        reason
    }

    pub(super) fn arm_freq_timer(&mut self) {
        if let Some(t) = self.freq.next_timer() {
            let t = t.max(self.now);
            if self.freq_timer_at.is_none_or(|a| t < a) {
                self.freq_timer_at = Some(t);
                self.q.push(t, Ev::FreqTimer);
            }
        }
    }

    /// Re-time running work on CPUs whose frequency changed.
    pub(super) fn apply_freq_changes(&mut self) {
        if !self.freq.has_changed() {
            return;
        }
        let changed = self.freq.take_changed();
        for c in changed.iter() {
            if (c as usize) < self.rqs.len() {
                self.stats.freq_change(c, self.now, self.freq.cur_khz(c));
                self.retime(c);
            }
        }
    }

    pub(super) fn process_resched(&mut self) {
        if self.resched.is_empty() {
            return; // the common case, checked without scanning word by word
        }
        while let Some(c) = self.resched.first() {
            self.resched.clear(c);
            self.schedule(c);
        }
    }

    pub(super) fn finish(&mut self) {
        let now = self.now;
        for c in 0..self.rqs.len() as Cpu {
            let rq = &mut self.rqs[c as usize];
            if rq.curr.is_some() {
                rq.busy_ns += now - rq.last_state_change;
            } else {
                rq.idle_ns_add(now);
            }
            rq.last_state_change = now;
            self.stats.segment_end(c, now, self.timeline_window);
        }
        self.stats.end_ns = now;
    }
}
