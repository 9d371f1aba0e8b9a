//! The discrete-event simulation: event loop, task execution, wake-ups, context switches.
//!
//! Kernel-facing functions keep core.c/fair.c names (`try_to_wake_up`, `enqueue_task`,
//! `check_preempt_wakeup`, `schedule`, `scheduler_tick`). What the model simplifies is listed in
//! docs/model.md.

use rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg64Mcg;

use crate::cpumask::{Cpu, CpuMask};
use crate::freq::{FreqModel, UpdateFlags, UtilSignals};
use crate::kernel::KernelVersion;
use crate::pelt::SchedAvg;
use crate::placement::{
    self, Behaviour, NoExplain, PlacementState, Recorder, SdFlag, TaskPlacement, WakeRequest,
};
use crate::topology::{SchedDomains, Topology};

use super::IrqSource;
use super::behaviour::{Amount, IrqRoute, Op, SchedClass, TaskSpec, WakeTarget};
use super::params::EngineParams;
use super::queue::{EventQueue, Nanos, TimerTree};
use super::rq::Rq;
use super::stats::{RunStats, WakeRecord};
use super::task::{BlockReason, Task, TaskId, TaskState, nice_to_weight};

/// Everything a run needs, already validated and resolved.
pub struct SimInput {
    pub topology: Topology,
    pub domains: SchedDomains,
    pub behaviour: Behaviour,
    pub freq: FreqModel,
    pub params: EngineParams,
    pub placement: crate::placement::PlacementParams,
    /// Tasks that exist at start, then fork templates.
    pub tasks: Vec<TaskSpec>,
    pub templates: Vec<TaskSpec>,
    /// Compiled programs: `tasks` first, then `templates`.
    pub programs: Vec<Vec<Op>>,
    pub irqs: Vec<IrqSource>,
    pub seed: u64,
    /// Run length and warm-up (ops before `warmup_ns` are not counted).
    pub duration_ns: u64,
    pub warmup_ns: u64,
    /// Stop when every benchmark task has exited (completion-time workloads).
    pub stop_when_all_exited: bool,
    /// The last `background_tasks` initial tasks are interference (RT, hogs) that never end:
    /// they do not count for `stop_when_all_exited`.
    pub background_tasks: u32,
    /// Whether PELT is frequency invariant (5.x everywhere; 4.x only on arm64, spec §10.2).
    pub freq_invariant: bool,
    /// Record a full explanation of the N-th wake-up decision.
    pub explain_wakeup: Option<u64>,
    /// Record per-CPU timeline segments in this window.
    pub timeline_window: Option<(u64, u64)>,
    /// Exit latency of each C-state (ns), shallowest first.
    pub cstate_exit_ns: Vec<u64>,
}

#[derive(Clone, Copy, Debug)]
enum Ev {
    RunDone {
        cpu: Cpu,
        seg: u32,
    },
    Tick {
        cpu: Cpu,
        seg: u32,
    },
    Timer {
        task: TaskId,
        seg: u32,
    },
    IoDone {
        task: TaskId,
        cpu: Cpu,
    },
    IrqFire {
        src: u16,
    },
    IrqEnd {
        cpu: Cpu,
        seg: u32,
    },
    /// A woken task reaches its CPU (after the IPI / C-state exit).
    CpuReady {
        cpu: Cpu,
        seg: u32,
    },
    TaskStart {
        task: TaskId,
    },
    FreqTimer,
    End,
}

/// Why a run stopped.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StopReason {
    Duration,
    AllExited,
    EventBudget,
    Cancelled,
}

/// Machine-wide residency: (kHz, share of busy time) and (C-state name, share of idle time).
pub type Residency = (Vec<(u32, f64)>, Vec<(String, f64)>);

/// Progress callback: called every ~65k events with (simulated ns, duration ns); return false
/// to cancel.
pub type Progress<'a> = &'a mut dyn FnMut(u64, u64) -> bool;

/// The simulation.
pub struct Sim {
    pub(crate) now: Nanos,
    pub(crate) topo: Topology,
    pub(crate) sd: SchedDomains,
    pub(crate) beh: Behaviour,
    pub(crate) pstate: PlacementState,
    pub(crate) freq: FreqModel,
    pub(crate) p: EngineParams,
    rng: Pcg64Mcg,
    q: EventQueue<Ev>,
    /// Run-phase completion of each CPU's current task (one timer per CPU).
    run_timers: TimerTree,
    pub(crate) tasks: Vec<Task>,
    programs: Vec<Vec<Op>>,
    /// Fork templates (class, affinity, kthread of forked tasks).
    templates: Vec<TaskSpec>,
    n_initial: u32,
    /// Initial tasks below this index are benchmark tasks (the rest is background).
    n_benchmark: u32,
    pub(crate) rqs: Vec<Rq>,
    barriers: Vec<(u16, Vec<TaskId>)>,
    irqs: Vec<IrqSource>,
    irq_rr: u16,
    resched: CpuMask,
    /// CPUs whose SMT busy state may have changed in this event.
    smt_dirty: CpuMask,
    pub(crate) stats: RunStats,
    duration_ns: u64,
    warmup_ns: u64,
    stop_when_all_exited: bool,
    live_tasks: u32,
    freq_invariant: bool,
    explain_wakeup: Option<u64>,
    timeline_window: Option<(u64, u64)>,
    tick_ns: u64,
    // scaled tunables (SCHED_TUNABLESCALING_LOG)
    sched_latency: u64,
    min_gran: u64,
    wakeup_gran: u64,
    freq_timer_at: Option<u64>,
    pub(crate) cstate_exit_ns: Vec<u64>,
}

const RATE_SHIFT: u32 = 20;

impl Sim {
    pub fn new(input: SimInput) -> Result<Sim, String> {
        input.params.validate()?;
        let n = input.topology.nr_cpus();
        let factor = EngineParams::tunable_factor(n);
        let mut pstate = PlacementState::new(&input.topology);
        pstate.params = input.placement;
        let mut rqs = Vec::with_capacity(n);
        for c in 0..n as Cpu {
            let mut idle_pl = TaskPlacement::new(u32::MAX - c as u32, c, *input.topology.all());
            idle_pl.is_idle_task = true;
            rqs.push(Rq::new(
                idle_pl,
                input.domains.capacity_orig[c as usize] as u32,
            ));
        }
        let mut sim = Sim {
            now: 0,
            tick_ns: input.params.tick_ns(),
            sched_latency: input.params.sched_latency_ns * factor,
            min_gran: input.params.min_granularity_ns * factor,
            wakeup_gran: input.params.wakeup_granularity_ns * factor,
            topo: input.topology,
            sd: input.domains,
            beh: input.behaviour,
            pstate,
            freq: input.freq,
            p: input.params,
            rng: Pcg64Mcg::seed_from_u64(input.seed),
            q: EventQueue::new(),
            run_timers: TimerTree::new(n),
            tasks: Vec::with_capacity(input.tasks.len() + 16),
            programs: input.programs,
            templates: input.templates.clone(),
            n_initial: input.tasks.len() as u32,
            n_benchmark: (input.tasks.len() as u32).saturating_sub(input.background_tasks),
            rqs,
            barriers: Vec::new(),
            irqs: input.irqs,
            irq_rr: 0,
            resched: CpuMask::EMPTY,
            smt_dirty: CpuMask::EMPTY,
            stats: RunStats::new(n),
            duration_ns: input.duration_ns,
            warmup_ns: input.warmup_ns,
            stop_when_all_exited: input.stop_when_all_exited,
            live_tasks: (input.tasks.len() as u32).saturating_sub(input.background_tasks),
            freq_invariant: input.freq_invariant,
            explain_wakeup: input.explain_wakeup,
            timeline_window: input.timeline_window,
            freq_timer_at: None,
            cstate_exit_ns: input.cstate_exit_ns,
        };
        sim.stats.timeline_cap = sim.p.max_timeline_segments;
        sim.stats.wake_cap = sim.p.max_wakeup_records;
        sim.freq.init(&CpuMask::EMPTY);
        for c in 0..n as Cpu {
            sim.rqs[c as usize].cstate = sim.freq.idle_state(c);
        }
        for (i, spec) in input.tasks.iter().enumerate() {
            let start_cpu = spec.start_cpu.unwrap_or(0).min(n as u16 - 1);
            let t = sim.make_task(i as u32, spec, start_cpu);
            sim.tasks.push(t);
            sim.q
                .push(spec.start_ns, Ev::TaskStart { task: i as TaskId });
        }
        for (s, irq) in sim.irqs.iter().enumerate() {
            if irq.period_ns > 0 && (irq.cpu as usize) < n {
                sim.q.push(irq.period_ns, Ev::IrqFire { src: s as u16 });
            }
        }
        sim.templates_check(&input.templates)?;
        // per-CPU wake targets need one task per CPU from their base
        for prog in &sim.programs {
            for op in prog {
                if let Op::Wake {
                    target: WakeTarget::PerCpu(base),
                    ..
                } = *op
                {
                    if base as usize + n > sim.n_initial as usize {
                        return Err(format!(
                            "wake: per-CPU tasks {base}..{} do not all exist ({} tasks)",
                            base as usize + n,
                            sim.n_initial
                        ));
                    }
                }
            }
        }
        sim.q.push(sim.duration_ns, Ev::End);
        sim.arm_freq_timer();
        Ok(sim)
    }

    fn templates_check(&self, templates: &[TaskSpec]) -> Result<(), String> {
        if self.programs.len() != self.n_initial as usize + templates.len() {
            return Err("internal: program count does not match tasks + templates".into());
        }
        Ok(())
    }

    fn make_task(&self, prog: u32, spec: &TaskSpec, cpu: Cpu) -> Task {
        let all = *self.topo.all();
        let allowed = spec
            .affinity
            .map(|a| a.and(&all))
            .filter(|a| !a.is_empty())
            .unwrap_or(all);
        let cpu = if allowed.test(cpu) {
            cpu
        } else {
            allowed.first().unwrap_or(0)
        };
        let mut pl = TaskPlacement::new(prog, cpu, allowed);
        pl.recent_used_cpu = cpu;
        let weight = match spec.class {
            SchedClass::Fair { nice } => nice_to_weight(nice),
            SchedClass::Fifo { .. } => 1024,
        };
        Task {
            prog,
            class: spec.class,
            weight,
            state: TaskState::New,
            block: BlockReason::Message,
            cpu,
            pl,
            last_ran: None,
            vruntime: 0,
            sum_exec: 0,
            prev_sum_exec: 0,
            exec_start: 0,
            avg: SchedAvg::default(),
            util_est_ewma: 0,
            util_est_enqueued: 0,
            util_est_contrib: 0,
            attached: false,
            pc: 0,
            loops: [0; super::behaviour::MAX_LOOP_DEPTH],
            loop_sp: 0,
            remaining: 0,
            tokens: 0,
            senders: [0; super::task::SENDER_RING],
            sender_head: 0,
            sender_len: 0,
            reply_to: None,
            timer_gen: 0,
            runnable_since: 0,
            wakeups: 0,
            migrations: 0,
            ops: 0,
            kthread: spec.kthread,
            exit_time: None,
        }
    }

    // ----------------------------------------------------------------------------------------
    // Event loop
    // ----------------------------------------------------------------------------------------

    /// Run to the end (duration, all exited, budget or cancellation).
    pub fn run(&mut self, progress: Option<Progress<'_>>) -> StopReason {
        let mut progress = progress;
        let budget = self.p.max_events;
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
        };
        self.finish();
        reason
    }

    fn arm_freq_timer(&mut self) {
        if let Some(t) = self.freq.next_timer() {
            let t = t.max(self.now);
            if self.freq_timer_at.is_none_or(|a| t < a) {
                self.freq_timer_at = Some(t);
                self.q.push(t, Ev::FreqTimer);
            }
        }
    }

    /// Re-time running work on CPUs whose frequency changed.
    fn apply_freq_changes(&mut self) {
        let changed = self.freq.take_changed();
        if changed.is_empty() {
            return;
        }
        for c in changed.iter() {
            if (c as usize) < self.rqs.len() {
                self.stats.freq_change(c, self.now, self.freq.cur_khz(c));
                self.retime(c);
            }
        }
    }

    fn process_resched(&mut self) {
        if self.resched.is_empty() {
            return; // the common case, checked without scanning word by word
        }
        while let Some(c) = self.resched.first() {
            self.resched.clear(c);
            self.schedule(c);
        }
    }

    // ----------------------------------------------------------------------------------------
    // Work accounting: a run phase of W cycles takes W / f at frequency f, shared with SMT
    // siblings (spec issue 3: "Work in cycles").
    // ----------------------------------------------------------------------------------------

    /// Speed of `cpu` in cycles per ns << RATE_SHIFT (0 while it handles an interrupt).
    fn speed(&self, cpu: Cpu) -> u64 {
        if self.rqs[cpu as usize].irq_until > self.now {
            return 0;
        }
        let khz = self.freq.work_khz(cpu);
        let now = self.now;
        let mut busy = 0usize;
        for &s in self.topo.smt_threads(cpu) {
            let rq = &self.rqs[s as usize];
            busy += (rq.curr.is_some() || rq.irq_until > now) as usize;
        }
        let busy = busy.max(1);
        let tp = &self.p.smt_throughput;
        let total = tp[(busy - 1).min(tp.len() - 1)] as u64;
        // per-thread share = total / busy, in 1/1024
        let share = total / busy as u64;
        (khz << RATE_SHIFT) / 1_000_000 * share / 1024
    }

    /// Fold progress of the running task into `remaining` and schedule its completion anew.
    fn retime(&mut self, cpu: Cpu) {
        let now = self.now;
        let rq = &self.rqs[cpu as usize];
        let Some(t) = rq.curr else { return };
        let (seg_start, rate) = (rq.seg_start, rq.rate);
        let done = crate::wide::mul_shr(now - seg_start, rate, RATE_SHIFT);
        let task = &mut self.tasks[t as usize];
        task.remaining = task.remaining.saturating_sub(done);
        let rate = self.speed(cpu);
        let rq = &mut self.rqs[cpu as usize];
        rq.seg_start = now;
        rq.rate = rate;
        rq.run_gen = rq.run_gen.wrapping_add(1);
        let remaining = self.tasks[t as usize].remaining;
        if rate > 0 {
            // u64 division when it fits (always, for runs under ~8e12 cycles): u128 division
            // is a slow library call on the hottest path.
            let dt = if remaining < 1 << (63 - RATE_SHIFT) {
                (remaining << RATE_SHIFT).div_ceil(rate) as u128
            } else {
                ((remaining as u128) << RATE_SHIFT).div_ceil(rate as u128)
            };
            let seq = self.q.alloc_seq();
            self.run_timers.set(cpu as usize, now + dt as u64, seq);
        } else {
            // in an interrupt: no progress until it ends (irq_end re-times)
            self.run_timers.clear(cpu as usize);
        }
    }

    /// `cpu` may have changed between busy and idle: its siblings' share of the core may change.
    /// Collected and applied once per event (`flush_smt`): no simulated time passes inside an
    /// event, so a switch prev -> next does not re-time the siblings twice.
    #[inline]
    fn smt_changed(&mut self, cpu: Cpu) {
        if self.topo.shape.smt > 1 {
            self.smt_dirty.set(cpu);
        }
    }

    fn flush_smt(&mut self) {
        if self.smt_dirty.is_empty() {
            return;
        }
        while let Some(cpu) = self.smt_dirty.first() {
            self.smt_dirty.clear(cpu);
            let rq = &self.rqs[cpu as usize];
            let busy = rq.curr.is_some() || rq.irq_until > self.now;
            if busy != rq.smt_busy {
                self.rqs[cpu as usize].smt_busy = busy;
                self.retime_siblings(cpu);
            }
        }
    }

    /// Re-time SMT siblings of `cpu` (their share changed).
    fn retime_siblings(&mut self, cpu: Cpu) {
        let core = self.topo.place(cpu).core as usize;
        for i in 0..self.topo.shape.smt as usize {
            let s = self.topo.core_span_thread(core, i);
            if s != cpu && self.rqs[s as usize].curr.is_some() {
                self.retime(s);
            }
        }
    }

    fn run_done(&mut self, cpu: Cpu) {
        let Some(t) = self.rqs[cpu as usize].curr else {
            return;
        };
        self.tasks[t as usize].remaining = 0;
        // The finished segment's work is fully accounted: the next phase starts a new segment
        // now (otherwise the next retime would subtract the old segment's progress again).
        self.rqs[cpu as usize].seg_start = self.now;
        self.advance(t, cpu);
    }

    // ----------------------------------------------------------------------------------------
    // Program execution
    // ----------------------------------------------------------------------------------------

    fn draw(&mut self, a: Amount) -> u64 {
        match a {
            Amount::Fixed(v) => v,
            Amount::Uniform { lo, hi } => {
                if hi <= lo {
                    lo
                } else {
                    lo + self.rng.next_u64() % (hi - lo + 1)
                }
            }
            Amount::Exp { mean } => {
                // Inverse CDF with libm (bit-identical on every target), truncated at 20x mean.
                let u = ((self.rng.next_u64() >> 11) as f64 + 0.5) / (1u64 << 53) as f64;
                let x = -libm::log(u) * mean as f64;
                (x as u64).min(mean.saturating_mul(20))
            }
        }
    }

    /// Execute the running task's program from its pc until it runs, blocks or exits.
    fn advance(&mut self, t: TaskId, cpu: Cpu) {
        let prog = self.tasks[t as usize].prog as usize;
        // Bound zero-time steps so a program of only wakes/ops cannot spin forever.
        for _ in 0..10_000 {
            let pc = self.tasks[t as usize].pc as usize;
            let op = self.programs[prog][pc];
            self.tasks[t as usize].pc += 1;
            match op {
                Op::Run(a) => {
                    let cycles = self.draw(a).max(1);
                    self.tasks[t as usize].remaining += cycles;
                    self.retime(cpu);
                    return;
                }
                Op::Wake { target, sync } => {
                    let to = match target {
                        WakeTarget::Task(x) => Some(x),
                        WakeTarget::PerCpu(base) => Some(base + cpu as u32),
                        WakeTarget::Sender => self.tasks[t as usize].reply_to,
                    };
                    if let Some(to) = to {
                        self.post_message(t, to, cpu, sync);
                    }
                    // ttwu cost on the waker
                    let cost = self.p.wakeup_cost_ns + self.stats.last_scan_cost;
                    if cost > 0 {
                        self.tasks[t as usize].remaining += self.freq.work_in(cpu, cost);
                    }
                }
                Op::Ops(n) => {
                    self.tasks[t as usize].ops += n as u64;
                    if self.now >= self.warmup_ns {
                        self.stats.ops += n as u64;
                    }
                }
                Op::Sleep(a) => {
                    let ns = self.draw(a);
                    if self.flush_overhead(t, cpu) {
                        self.tasks[t as usize].pc -= 1;
                        self.tasks[t as usize].remaining += 0;
                        // re-execute the sleep after the overhead is paid
                        self.pending_sleep_hack(t, ns);
                        return;
                    }
                    self.block(t, cpu, BlockReason::Timer);
                    let task = &mut self.tasks[t as usize];
                    task.timer_gen = task.timer_gen.wrapping_add(1);
                    let seg = task.timer_gen;
                    self.q.push(self.now + ns, Ev::Timer { task: t, seg });
                    return;
                }
                Op::Wait => {
                    if self.flush_overhead(t, cpu) {
                        self.tasks[t as usize].pc -= 1;
                        return;
                    }
                    if self.tasks[t as usize].tokens > 0 {
                        self.tasks[t as usize].take_message();
                        continue;
                    }
                    self.block(t, cpu, BlockReason::Message);
                    return;
                }
                Op::Io { ns, irq } => {
                    if self.flush_overhead(t, cpu) {
                        self.tasks[t as usize].pc -= 1;
                        return;
                    }
                    let ns = self.draw(ns);
                    let irq_cpu = match irq {
                        IrqRoute::Issuer => cpu,
                        IrqRoute::Cpu(c) => c.min(self.topo.nr_cpus() as u16 - 1),
                        IrqRoute::RoundRobin => {
                            self.irq_rr = (self.irq_rr + 1) % self.topo.nr_cpus() as u16;
                            self.irq_rr
                        }
                    };
                    self.block(t, cpu, BlockReason::Io);
                    self.q.push(
                        self.now + ns,
                        Ev::IoDone {
                            task: t,
                            cpu: irq_cpu,
                        },
                    );
                    return;
                }
                Op::Barrier { id, parties } => {
                    if self.flush_overhead(t, cpu) {
                        self.tasks[t as usize].pc -= 1;
                        return;
                    }
                    let idx = match self.barriers.iter().position(|(b, _)| *b == id) {
                        Some(i) => i,
                        None => {
                            self.barriers
                                .push((id, Vec::with_capacity(parties as usize)));
                            self.barriers.len() - 1
                        }
                    };
                    if self.barriers[idx].1.len() + 1 >= parties as usize {
                        let waiters = std::mem::take(&mut self.barriers[idx].1);
                        for w in &waiters {
                            self.try_to_wake_up(*w, cpu, Some(t), false, false, true);
                        }
                        // keep the allocation for the next round
                        let mut v = waiters;
                        v.clear();
                        self.barriers[idx].1 = v;
                        continue;
                    }
                    self.barriers[idx].1.push(t);
                    self.block(t, cpu, BlockReason::Barrier);
                    return;
                }
                Op::Fork { template } => {
                    self.do_fork(t, cpu, self.n_initial + template);
                }
                Op::LoopStart { count, end } => {
                    let task = &mut self.tasks[t as usize];
                    if count == 0 {
                        task.pc = end + 1;
                    } else {
                        task.loops[task.loop_sp as usize] = count;
                        task.loop_sp += 1;
                    }
                }
                Op::LoopEnd { start } => {
                    let task = &mut self.tasks[t as usize];
                    let sp = task.loop_sp as usize - 1;
                    if task.loops[sp] != u32::MAX {
                        task.loops[sp] -= 1;
                    }
                    if task.loops[sp] > 0 {
                        task.pc = start + 1;
                    } else {
                        task.loop_sp -= 1;
                    }
                }
                Op::Exit => {
                    if self.flush_overhead(t, cpu) {
                        self.tasks[t as usize].pc -= 1;
                        return;
                    }
                    self.do_exit(t, cpu);
                    return;
                }
            }
        }
        // A program that only does zero-time steps: charge a minimal run to make time pass.
        self.tasks[t as usize].remaining += 1000;
        self.retime(cpu);
    }

    /// If the task owes overhead cycles (wake-up costs), run them first. Returns true if it did.
    fn flush_overhead(&mut self, t: TaskId, cpu: Cpu) -> bool {
        if self.tasks[t as usize].remaining > 0 {
            self.retime(cpu);
            true
        } else {
            false
        }
    }

    fn pending_sleep_hack(&mut self, _t: TaskId, _ns: u64) {
        // The sleep op is re-executed after the overhead run completes (pc was rewound); the
        // drawn duration is discarded and drawn again, which keeps the RNG stream deterministic.
    }

    /// Post a message from `from` (running on `cpu`) to `to`: the wake-up of a pipe/socket.
    fn post_message(&mut self, from: TaskId, to: u32, cpu: Cpu, sync: bool) {
        let to = to as TaskId;
        if to as usize >= self.tasks.len() {
            return;
        }
        let target = &mut self.tasks[to as usize];
        if target.state == TaskState::Exited {
            return;
        }
        target.push_message(from);
        if target.state == TaskState::Blocked && target.block == BlockReason::Message {
            target.take_message();
            self.try_to_wake_up(to, cpu, Some(from), sync, false, true);
        }
    }

    // ----------------------------------------------------------------------------------------
    // Blocking, waking, forking, exiting
    // ----------------------------------------------------------------------------------------

    fn block(&mut self, t: TaskId, cpu: Cpu, why: BlockReason) {
        self.tasks[t as usize].block = why;
        self.dequeue_task(cpu, t, true);
        self.tasks[t as usize].state = TaskState::Blocked;
        self.resched.set(cpu);
    }

    fn task_start(&mut self, t: TaskId) {
        // benchmark tasks count as live from time 0 (`live_tasks` starts at n_benchmark), so a
        // benchmark that starts late is not mistaken for one that has finished
        let cpu = self.tasks[t as usize].cpu;
        self.wake_up_new_task(t, cpu, None);
    }

    /// Fork a task from template `prog - n_initial`: it inherits the parent's CPU (and runs
    /// through fork balancing), and takes class, affinity and kthread flag from its template.
    fn do_fork(&mut self, parent: TaskId, cpu: Cpu, prog: u32) {
        if self.tasks.len() >= crate::engine::MAX_TASKS {
            self.stats.fork_failures += 1;
            return;
        }
        let id = self.tasks.len() as TaskId;
        let spec = &self.templates[(prog - self.n_initial) as usize];
        let mut child = self.make_task(prog, spec, cpu);
        child.pl.id = id;
        // the child starts on its parent's CPU if allowed there (sched_fork: __set_task_cpu)
        child.cpu = if child.pl.allowed.test(cpu) {
            cpu
        } else {
            child.cpu
        };
        child.pl.prev_cpu = child.cpu;
        let _ = parent;
        self.tasks.push(child);
        self.live_tasks += 1;
        let start = self.tasks[id as usize].cpu;
        self.wake_up_new_task(id, start, Some(parent));
    }

    /// `wake_up_new_task`: fork balancing through the slow path (spec §3.0, §8).
    fn wake_up_new_task(&mut self, t: TaskId, parent_cpu: Cpu, parent: Option<TaskId>) {
        let cpu = match self.tasks[t as usize].class {
            SchedClass::Fair { .. } => {
                // p->recent_used_cpu = task_cpu(p) before fork balancing (§1.5)
                self.tasks[t as usize].pl.recent_used_cpu = parent_cpu;
                self.select_cpu(t, parent_cpu, parent, SdFlag::Fork, false, true)
            }
            SchedClass::Fifo { .. } => self.select_task_rq_rt(t, parent_cpu),
        };
        self.post_init_util(t, cpu);
        let task = &mut self.tasks[t as usize];
        task.cpu = cpu;
        task.pl.prev_cpu = cpu;
        task.state = TaskState::Blocked; // enqueue below makes it runnable
        // START_DEBIT: a new task starts one slice after min_vruntime
        let slice = self.sched_slice(cpu, self.tasks[t as usize].weight);
        let vr = self.rqs[cpu as usize].min_vruntime + slice;
        self.tasks[t as usize].vruntime = vr;
        self.activate(t, cpu, false, true);
    }

    /// `post_init_entity_util_avg` (spec §10.3).
    fn post_init_util(&mut self, t: TaskId, cpu: Cpu) {
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

    fn do_exit(&mut self, t: TaskId, cpu: Cpu) {
        self.dequeue_task(cpu, t, true);
        // Detach the exiting task's blocked contribution.
        let avg = self.tasks[t as usize].avg;
        self.rqs[cpu as usize].cfs_avg.sub(&avg);
        let task = &mut self.tasks[t as usize];
        task.state = TaskState::Exited;
        task.exit_time = Some(self.now);
        if t < self.n_benchmark || t >= self.n_initial {
            self.live_tasks = self.live_tasks.saturating_sub(1);
        }
        self.stats.exits += 1;
        self.resched.set(cpu);
    }

    fn io_done(&mut self, t: TaskId, cpu: Cpu) {
        // The completion interrupt runs on `cpu`, then wakes the task from IRQ context.
        self.irq_on(cpu, self.p.irq_cost_ns);
        if self.tasks[t as usize].state == TaskState::Blocked {
            self.wake_from_interrupt(t, cpu, true);
        }
    }

    /// Wake-up from interrupt context on `cpu` (timer, IO completion): `current` is whatever
    /// runs there, possibly the idle task (spec §3.0).
    fn wake_from_interrupt(&mut self, t: TaskId, cpu: Cpu, iowait: bool) {
        if self.tasks[t as usize].state != TaskState::Blocked {
            return;
        }
        let current = self.rqs[cpu as usize].curr;
        self.try_to_wake_up(t, cpu, current, false, iowait, false);
    }

    /// `try_to_wake_up` (spec §3.0): select a CPU, migrate if needed, enqueue, maybe preempt.
    fn try_to_wake_up(
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
        let cpu = match self.tasks[t as usize].class {
            SchedClass::Fair { .. } => {
                self.select_cpu(t, waker_cpu, current, SdFlag::Wake, sync, in_task)
            }
            SchedClass::Fifo { .. } => self.select_task_rq_rt(t, prev),
        };
        if cpu != prev {
            self.migrate_task(t, prev, cpu);
        }
        self.activate(t, cpu, iowait, false);
    }

    /// `select_task_rq` for the fair class: call the placement model, then validate the result
    /// like `select_fallback_rq`.
    fn select_cpu(
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
            return allowed.first().unwrap();
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
        self.stats.last_scan_cost = if decision.scanned > 0 {
            self.pstate.params.scan_time(decision.scanned)
        } else {
            0
        };
        if decision.wake_avg_idle_used > 0 {
            let aged = super::view::aged_wake_avg_idle(self, this_cpu);
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
            prev_cpu: self.tasks[t as usize].cpu,
            cpu,
            rule: decision.rule,
            decision: self.stats.decisions - 1,
        });
        cpu
    }

    /// Simplified `select_task_rq_rt`: stay on prev unless it runs a higher-or-equal RT task,
    /// else the first allowed CPU without RT work (cpupri's lowest class), else prev.
    fn select_task_rq_rt(&mut self, t: TaskId, prev: Cpu) -> Cpu {
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
    fn migrate_task(&mut self, t: TaskId, from: Cpu, to: Cpu) {
        self.stats.migrations += 1;
        self.tasks[t as usize].migrations += 1;
        if self.tasks[t as usize].attached {
            let avg = self.tasks[t as usize].avg;
            self.rqs[from as usize].cfs_avg.sub(&avg);
            self.rqs[to as usize].cfs_avg.add(&avg);
        }
        let task = &mut self.tasks[t as usize];
        task.vruntime = task
            .vruntime
            .saturating_sub(self.rqs[from as usize].min_vruntime)
            + self.rqs[to as usize].min_vruntime;
        task.cpu = to;
        task.pl.prev_cpu = to;
        let sig = self.util_signals(to);
        self.freq
            .update_util(self.now, to, &sig, UpdateFlags::MIGRATION);
    }

    /// Enqueue a woken (or new) task on `cpu`: `ttwu_do_activate`.
    fn activate(&mut self, t: TaskId, cpu: Cpu, iowait: bool, fork: bool) {
        let now = self.now;
        // Waking task keeps p->wake_cpu = cpu (prev for the next wake-up).
        let task = &mut self.tasks[t as usize];
        task.cpu = cpu;
        task.pl.prev_cpu = cpu;
        task.runnable_since = now;
        if !fork {
            // place_entity for a wake-up: GENTLE_FAIR_SLEEPERS gives at most half a latency credit.
            let min_vr = self.rqs[cpu as usize].min_vruntime;
            let thresh = self.sched_latency / 2;
            let task = &mut self.tasks[t as usize];
            task.vruntime = task.vruntime.max(min_vr.saturating_sub(thresh));
        }
        self.enqueue_task(cpu, t);
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
                    self.freq.idle_exit(now, cpu)
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
            self.check_preempt_curr(cpu, t);
        }
    }

    /// `enqueue_task`: account the task on the runqueue and its PELT signals.
    fn enqueue_task(&mut self, cpu: Cpu, t: TaskId) {
        self.update_rq_avgs(cpu);
        self.update_task_avg(t, cpu);
        let is4 = self.sd.version.is_4x();
        let task = &mut self.tasks[t as usize];
        let rq = &mut self.rqs[cpu as usize];
        if !task.attached {
            task.attached = true;
            rq.cfs_avg.add(&task.avg);
        }
        task.state = TaskState::Runnable;
        match task.class {
            SchedClass::Fair { .. } => {
                rq.nr_cfs += 1;
                rq.load_weight += task.weight as u64;
                rq.cfs_insert(task.vruntime, t);
                rq.runnable_load.load_avg += task.avg.load_avg;
                rq.runnable_load.load_sum += task.avg.load_sum;
                if !is4 {
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
    }

    /// `dequeue_task`: the task leaves the runqueue (sleep, exit or migration while queued).
    fn dequeue_task(&mut self, cpu: Cpu, t: TaskId, sleep: bool) {
        self.update_rq_avgs(cpu);
        if self.rqs[cpu as usize].curr == Some(t) {
            self.update_curr(cpu);
            self.stop_running(cpu);
        }
        self.update_task_avg(t, cpu);
        let is4 = self.sd.version.is_4x();
        let task = &mut self.tasks[t as usize];
        let rq = &mut self.rqs[cpu as usize];
        match task.class {
            SchedClass::Fair { .. } => {
                rq.cfs_remove(t);
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
    }

    /// Flags of a cpufreq update made by `class`: on 4.x the RT class passes
    /// SCHED_CPUFREQ_RT from `update_curr_rt` (tick, dequeue), which sends 4.x schedutil to the
    /// maximum frequency (§12.1, §12.3); 5.x passes 0 and schedutil reads `rt_runnable`.
    fn rt_update_flags(&self, class: SchedClass) -> UpdateFlags {
        match class {
            SchedClass::Fifo { .. } if self.sd.version.is_4x() => UpdateFlags::RT,
            _ => UpdateFlags::NONE,
        }
    }

    /// The running task stops being `curr` (it blocked, exited or was preempted).
    fn stop_running(&mut self, cpu: Cpu) {
        let now = self.now;
        let Some(t) = self.rqs[cpu as usize].curr else {
            return;
        };
        // fold progress
        let rq = &self.rqs[cpu as usize];
        let done = crate::wide::mul_shr(now - rq.seg_start, rq.rate, RATE_SHIFT);
        let task = &mut self.tasks[t as usize];
        task.remaining = task.remaining.saturating_sub(done);
        task.last_ran = Some(cpu);
        self.run_timers.clear(cpu as usize);
        let rq = &mut self.rqs[cpu as usize];
        rq.curr = None;
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
                SchedClass::Fair { .. } => rq.cfs_insert(task.vruntime, t),
                SchedClass::Fifo { prio } => rq.rt_insert(prio, t),
            }
        }
        self.smt_changed(cpu);
    }

    /// `update_curr`: charge the running task's CFS time.
    fn update_curr(&mut self, cpu: Cpu) {
        let now = self.now;
        let Some(t) = self.rqs[cpu as usize].curr else {
            return;
        };
        let task = &mut self.tasks[t as usize];
        let delta = now.saturating_sub(task.exec_start);
        task.exec_start = now;
        task.sum_exec += delta;
        match task.class {
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

    /// `check_preempt_curr` / `check_preempt_wakeup`.
    fn check_preempt_curr(&mut self, cpu: Cpu, t: TaskId) {
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
    fn sched_slice(&self, cpu: Cpu, weight: u32) -> u64 {
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
    fn schedule(&mut self, cpu: Cpu) {
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
            self.update_curr(cpu);
            if self.tasks[p as usize].state == TaskState::Running {
                let next = self.pick_next(cpu, Some(p));
                if next == Some(p) {
                    return;
                }
            }
            self.update_rq_avgs(cpu);
            self.stop_running(cpu);
        }
        let mut next = self.pick_next(cpu, None);
        if next.is_none() {
            // newidle_balance (§7.2): stamp, then try to pull.
            self.rqs[cpu as usize].idle_stamp = now.max(1);
            if super::balance::newidle_balance(self, cpu) {
                self.rqs[cpu as usize].idle_stamp = 0;
                next = self.pick_next(cpu, None);
            }
        }
        match next {
            Some(n) => self.set_curr(cpu, n),
            None => self.go_idle(cpu),
        }
    }

    /// `pick_next_task`: RT first, then the leftmost CFS task.
    fn pick_next(&self, cpu: Cpu, running: Option<TaskId>) -> Option<TaskId> {
        let rq = &self.rqs[cpu as usize];
        let rt_top = rq.rt_q.last().copied();
        if let Some(r) = running {
            if let SchedClass::Fifo { prio } = self.tasks[r as usize].class {
                return match rt_top {
                    Some((p2, t2)) if p2 > prio => Some(t2),
                    _ => Some(r),
                };
            }
            if let Some((_, t2)) = rt_top {
                return Some(t2);
            }
            // CFS: the running task keeps the CPU unless the leftmost has lower vruntime by
            // more than the wake-up granularity (preemption already decided) or its slice ran out.
            return match rq.cfs_q.first() {
                Some(&(_, t2)) => Some(t2),
                None => Some(r),
            };
        }
        if let Some((_, t)) = rt_top {
            return Some(t);
        }
        rq.cfs_q.first().map(|&(_, t)| t)
    }

    fn set_curr(&mut self, cpu: Cpu, t: TaskId) {
        let now = self.now;
        let was_idle = self.rqs[cpu as usize].curr.is_none();
        let rq = &mut self.rqs[cpu as usize];
        match self.tasks[t as usize].class {
            SchedClass::Fair { .. } => {
                rq.cfs_remove(t);
            }
            SchedClass::Fifo { .. } => {
                rq.rt_remove(t);
            }
        }
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
        rq.last_state_change = now;
        self.stats.segment_start(cpu, t, now, self.timeline_window);
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

    fn go_idle(&mut self, cpu: Cpu) {
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
        // __update_idle_core (§6.1)
        self.with_placement(|view, st, beh| placement::update_idle_core(view, st, beh, cpu));
        self.smt_changed(cpu);
    }

    // ----------------------------------------------------------------------------------------
    // Ticks, interrupts, PELT
    // ----------------------------------------------------------------------------------------

    fn arm_tick(&mut self, cpu: Cpu) {
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
    fn scheduler_tick(&mut self, cpu: Cpu) {
        let now = self.now;
        self.rqs[cpu as usize].tick_armed = false;
        if self.rqs[cpu as usize].curr.is_none() {
            return;
        }
        self.update_curr(cpu);
        self.update_rq_avgs(cpu);
        if let Some(t) = self.rqs[cpu as usize].curr {
            self.update_task_avg(t, cpu);
            // check_preempt_tick
            if let SchedClass::Fair { .. } = self.tasks[t as usize].class {
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
        super::balance::periodic_balance(self, cpu);
        let khz = self.freq.cur_khz(cpu);
        self.stats
            .sample_util(cpu, now, self.rqs[cpu as usize].cfs_avg.util_avg, khz);
        self.arm_tick(cpu);
    }

    fn irq_fire(&mut self, src: u16) {
        let s = self.irqs[src as usize];
        self.irq_on(s.cpu, s.duration_ns);
        self.q.push(self.now + s.period_ns, Ev::IrqFire { src });
    }

    /// An interrupt occupies `cpu` for `ns`: the running task makes no progress meanwhile.
    fn irq_on(&mut self, cpu: Cpu, ns: u64) {
        if ns == 0 {
            return;
        }
        let now = self.now;
        self.update_rq_avgs(cpu);
        let rq = &mut self.rqs[cpu as usize];
        let start = rq.irq_until.max(now);
        rq.irq_until = start + ns;
        rq.irq_ns += ns;
        if self.sd.version.is_4x() {
            rq.rt_avg += ns * 1024;
        }
        rq.irq_gen = rq.irq_gen.wrapping_add(1);
        let seg = rq.irq_gen;
        let until = rq.irq_until;
        self.q.push(until, Ev::IrqEnd { cpu, seg });
        if self.rqs[cpu as usize].curr.is_some() {
            self.retime(cpu);
        }
        self.smt_changed(cpu);
    }

    fn irq_end(&mut self, cpu: Cpu) {
        self.update_rq_avgs(cpu);
        if self.rqs[cpu as usize].curr.is_some() {
            self.retime(cpu);
        }
        self.smt_changed(cpu);
        self.resched.set(cpu);
    }

    /// Invariance scale for the running contribution (spec §10.2).
    #[inline(always)]
    fn pelt_scale(&self, cpu: Cpu) -> u32 {
        if self.freq_invariant {
            (self.freq.freq_scale(cpu) * self.topo.arch_capacity(cpu) as u32) >> 10
        } else {
            1024
        }
    }

    /// Bring the CPU's PELT signals (cfs, 4.x runnable load, RT, IRQ) up to `now`.
    fn update_rq_avgs(&mut self, cpu: Cpu) {
        let now = self.now;
        let scale = self.pelt_scale(cpu);
        let curr_class = self.rqs[cpu as usize]
            .curr
            .map(|t| self.tasks[t as usize].class);
        let rq = &mut self.rqs[cpu as usize];
        let cfs_running = matches!(curr_class, Some(SchedClass::Fair { .. }));
        let rt_running = matches!(curr_class, Some(SchedClass::Fifo { .. }));
        let lw = rq.load_weight;
        rq.cfs_avg.update(
            now,
            lw.max(cfs_running as u64),
            rq.nr_cfs as u64,
            cfs_running,
            1,
            scale,
        );
        rq.rt_pelt.update(
            now,
            rt_running as u64,
            rt_running as u64,
            rt_running,
            1,
            scale,
        );
        let in_irq = rq.irq_until > now;
        rq.irq_pelt.update(now, 1, in_irq as u64, in_irq, 1, 1024);
    }

    fn update_task_avg(&mut self, t: TaskId, cpu: Cpu) {
        let now = self.now;
        let scale = self.pelt_scale(cpu);
        let task = &mut self.tasks[t as usize];
        let runnable = matches!(task.state, TaskState::Runnable | TaskState::Running);
        let running = task.state == TaskState::Running;
        if task.avg.last_update_time == 0 {
            task.avg.last_update_time = now;
        }
        task.avg.update(
            now,
            runnable as u64,
            runnable as u64,
            running,
            task.weight as u64,
            scale,
        );
        task.pl.util_avg = task.avg.util_avg;
        task.pl.load_avg = task.avg.load_avg;
        task.pl.util_est = task
            .avg
            .util_avg
            .max(task.util_est_ewma.max(task.util_est_enqueued));
    }

    /// Before a placement decision, decay a sleeping task's signals to now (the kernel syncs
    /// them against prev's clock in the slow path and via `cpu_util_without`).
    fn sync_task_signals(&mut self, t: TaskId) {
        if self.tasks[t as usize].attached {
            let cpu = self.tasks[t as usize].cpu;
            self.update_task_avg(t, cpu);
        }
        let task = &mut self.tasks[t as usize];
        task.pl.is_new = !task.attached;
    }

    /// `update_cpu_capacity` / `scale_rt_capacity` (spec §9.2).
    pub(crate) fn update_capacity(&mut self, cpu: Cpu) {
        let now = self.now;
        let orig = self.sd.capacity_orig[cpu as usize] as u64;
        let rq = &mut self.rqs[cpu as usize];
        let cap = if self.sd.version.is_4x() {
            // rt_avg halves every 500 ms (sched_avg_period)
            const PERIOD: u64 = 500_000_000;
            while now - rq.age_stamp > PERIOD {
                rq.age_stamp += PERIOD;
                rq.rt_avg /= 2;
            }
            let total = PERIOD + (now - rq.age_stamp);
            let used = rq.rt_avg / total;
            if used >= 1024 {
                1
            } else {
                (orig * (1024 - used)) >> 10
            }
        } else {
            let irq = rq.irq_pelt.util_avg as u64;
            let used = rq.rt_pelt.util_avg as u64;
            if irq >= orig || used >= orig {
                1
            } else {
                (orig - used) * (orig - irq) / orig
            }
        };
        rq.capacity = cap.max(1) as u32;
    }

    pub(crate) fn util_signals(&self, cpu: Cpu) -> UtilSignals {
        let rq = &self.rqs[cpu as usize];
        UtilSignals {
            cfs_util: rq.cfs_avg.util_avg,
            cfs_util_est: rq.util_est_enqueued,
            rt_util: rq.rt_pelt.util_avg,
            irq_util: rq.irq_pelt.util_avg,
            rt_runnable: rq.nr_rt > 0,
        }
    }

    /// Migrate a queued (not running) task to `to` (load balancing).
    pub(crate) fn move_queued_task(&mut self, t: TaskId, from: Cpu, to: Cpu) {
        self.dequeue_task(from, t, false);
        self.tasks[t as usize].state = TaskState::Blocked;
        self.migrate_task(t, from, to);
        self.stats.balance_migrations += 1;
        let task = &mut self.tasks[t as usize];
        task.state = TaskState::Blocked;
        self.enqueue_task(to, t);
        self.tasks[t as usize].runnable_since = self.now;
        if self.rqs[to as usize].curr.is_none() {
            self.resched.set(to);
        } else {
            self.check_preempt_curr(to, t);
        }
    }

    fn finish(&mut self) {
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

    /// Run `f` with a read-only view of the simulation and the mutable placement state (moved
    /// out for the call: moving a few `Vec` headers, no allocation).
    pub(crate) fn with_placement<R>(
        &mut self,
        f: impl FnOnce(&super::view::View<'_>, &mut PlacementState, &Behaviour) -> R,
    ) -> R {
        let empty = PlacementState {
            has_idle_cores: Vec::new(),
            nr_idle_scan: Vec::new(),
            avg_scan_cost: Vec::new(),
            stats: Vec::new(),
            params: self.pstate.params,
        };
        let mut st = std::mem::replace(&mut self.pstate, empty);
        let r = {
            let view = super::view::View { sim: self };
            f(&view, &mut st, &self.beh)
        };
        self.pstate = st;
        r
    }

    pub fn stats(&self) -> &RunStats {
        &self.stats
    }

    pub fn now(&self) -> u64 {
        self.now
    }

    pub fn nr_cpus(&self) -> usize {
        self.rqs.len()
    }

    /// Fraction of the run the CPU spent running tasks.
    pub fn busy_fraction(&self, cpu: usize) -> f64 {
        if self.now == 0 {
            0.0
        } else {
            self.rqs[cpu].busy_ns as f64 / self.now as f64
        }
    }

    /// Mean frequency of the CPU at its ticks (i.e. while busy), kHz.
    pub fn avg_khz(&self, cpu: usize) -> u32 {
        let (_, n, khz) = self.stats.util_acc[cpu];
        khz.checked_div(n).unwrap_or(0) as u32
    }

    /// Machine-wide residency: share of all CPUs' busy time at each frequency (kHz, ascending;
    /// levels never used are left out) and share of all idle time in each C-state (by name).
    pub fn residency(&self) -> Residency {
        let names: Vec<String> = self.freq.idle_state_names().map(str::to_string).collect();
        let mut p: Vec<(u32, u64)> = Vec::new();
        let mut c = vec![0u64; names.len()];
        for cpu in 0..self.rqs.len() as Cpu {
            let r = self.freq.residency(cpu, self.now);
            for (k, ns) in r.levels_khz.iter().zip(r.pstate_ns.iter()) {
                match p.binary_search_by_key(k, |e| e.0) {
                    Ok(i) => p[i].1 += ns,
                    Err(i) => p.insert(i, (*k, *ns)),
                }
            }
            for (i, ns) in r.cstate_ns.iter().enumerate() {
                if i < c.len() {
                    c[i] += ns;
                }
            }
        }
        let busy: u64 = p.iter().map(|e| e.1).sum::<u64>().max(1);
        let idle: u64 = c.iter().sum::<u64>().max(1);
        (
            p.into_iter()
                .filter(|e| e.1 > 0)
                .map(|(k, ns)| (k, ns as f64 / busy as f64))
                .collect(),
            names
                .into_iter()
                .zip(c)
                .map(|(n, ns)| (n, ns as f64 / idle as f64))
                .collect(),
        )
    }

    /// SIS and wake_affine schedstats summed over CPUs.
    pub fn sis_totals(&self) -> crate::placement::SisStats {
        self.pstate.total_stats()
    }

    /// Energy of the run so far (millijoules), from the power model.
    pub fn energy_mj(&self) -> f64 {
        self.freq.energy(self.now).total_uj as f64 / 1000.0
    }

    /// Check the engine's invariants (tests call this after runs): every runnable task is queued
    /// exactly once on its own CPU, a running task is its CPU's `curr`, the runqueue counts
    /// match the queues, and no CPU was busy longer than the run.
    pub fn check_invariants(&self) -> Result<(), String> {
        let mut seen = vec![0u8; self.tasks.len()];
        for (c, rq) in self.rqs.iter().enumerate() {
            let mut cfs = rq.cfs_q.len() as u32;
            let mut rt = rq.rt_q.len() as u32;
            if let Some(t) = rq.curr {
                let task = &self.tasks[t as usize];
                if task.state != TaskState::Running || task.cpu as usize != c {
                    return Err(format!(
                        "cpu {c}: curr {t} is {:?} on cpu {}",
                        task.state, task.cpu
                    ));
                }
                seen[t as usize] += 1;
                match task.class {
                    SchedClass::Fair { .. } => cfs += 1,
                    SchedClass::Fifo { .. } => rt += 1,
                }
            }
            for &(_, t) in &rq.cfs_q {
                let task = &self.tasks[t as usize];
                if task.state != TaskState::Runnable || task.cpu as usize != c {
                    return Err(format!(
                        "cpu {c}: queued {t} is {:?} on cpu {}",
                        task.state, task.cpu
                    ));
                }
                seen[t as usize] += 1;
            }
            for &(_, t) in &rq.rt_q {
                let task = &self.tasks[t as usize];
                if task.state != TaskState::Runnable || task.cpu as usize != c {
                    return Err(format!("cpu {c}: rt-queued {t} is {:?}", task.state));
                }
                seen[t as usize] += 1;
            }
            if cfs != rq.nr_cfs || rt != rq.nr_rt {
                return Err(format!(
                    "cpu {c}: nr_cfs {} / nr_rt {} but {cfs} / {rt} tasks queued or running",
                    rq.nr_cfs, rq.nr_rt
                ));
            }
            if rq.busy_ns > self.now {
                return Err(format!(
                    "cpu {c}: busy {} ns in a {} ns run",
                    rq.busy_ns, self.now
                ));
            }
        }
        for (t, task) in self.tasks.iter().enumerate() {
            let runnable = matches!(task.state, TaskState::Runnable | TaskState::Running);
            if runnable && seen[t] != 1 {
                return Err(format!(
                    "task {t} is {:?} but queued {} times",
                    task.state, seen[t]
                ));
            }
            if !runnable && seen[t] != 0 {
                return Err(format!("task {t} is {:?} but queued", task.state));
            }
        }
        Ok(())
    }

    pub(crate) fn tick_ns(&self) -> u64 {
        self.tick_ns
    }

    /// Draw a random u64 from the simulation's RNG (workload helpers).
    pub fn rng_u64(&mut self) -> u64 {
        self.rng.next_u64()
    }
}

impl Rq {
    fn idle_ns_add(&mut self, now: u64) {
        self.last_state_change = now;
    }
}

/// `update_avg`: `avg += (sample - avg) / 8` (spec §1.4): 4.x shifts (rounds toward -inf),
/// 5.x divides (rounds toward 0).
pub fn update_avg(avg: u64, sample: u64, v: KernelVersion) -> u64 {
    let diff = sample as i64 - avg as i64;
    let step = if v.is_4x() { diff >> 3 } else { diff / 8 };
    (avg as i64 + step).max(0) as u64
}

/// util_est update at dequeue for sleep (spec §10.4).
fn util_est_dequeue(task: &mut Task, capacity_orig: u32) {
    let ue = task.avg.util_avg;
    task.util_est_enqueued = ue;
    if task.util_est_ewma < ue {
        task.util_est_ewma = ue; // UTIL_EST_FASTUP
        return;
    }
    let diff = task.util_est_ewma as i64 - ue as i64;
    if diff.unsigned_abs() < 10 || ue > capacity_orig {
        return;
    }
    // ewma += (enqueued - ewma) / 4, with shift arithmetic
    let ewma = ((task.util_est_ewma as i64) << 2) - diff;
    task.util_est_ewma = (ewma >> 2).max(0) as u32;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn update_avg_rounding_differs_by_version() {
        // 4.x: arithmetic shift rounds toward -inf; 5.x division toward 0 (spec §1.4)
        assert_eq!(update_avg(100, 99, KernelVersion::V4_15), 99);
        assert_eq!(update_avg(100, 99, KernelVersion::V5_10), 100);
        assert_eq!(update_avg(0, 800, KernelVersion::V5_10), 100);
    }
}
