//! The discrete-event simulation: event loop, task execution, wake-ups, context switches.
//!
//! Kernel-facing functions keep core.c/fair.c names (`try_to_wake_up`, `enqueue_task`,
//! `check_preempt_wakeup`, `schedule`, `scheduler_tick`). What the model simplifies is listed in
//! docs/model.md.
//!
//! This file holds the run's input and state ([`Sim`]) and its construction; the behaviour is
//! split by concept, each an `impl Sim` block: `event_loop` (dispatch), `program` (the
//! task-program interpreter), `work` (run phases in cycles, SMT sharing), `wakeup` (block,
//! wake-up, fork, exit, placement), `cfs` (enqueue/dequeue, preemption, schedule, tick), `irq`
//! (interrupts), `ipc` (pipes and sockets), `journal` (group commit), `workqueue` (`flush_workqueue`), `signals` (PELT, capacity,
//! util for cpufreq) and `observe` (result accessors, invariants).

mod cfs;
mod completion;
mod eevdf;
mod event_loop;
mod ipc;
mod irq;
mod jitter;
mod journal;
mod locks;
mod observe;
mod program;
mod share;
mod signals;
mod wakeup;
mod wal;
mod work;
mod workqueue;

use rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg64Mcg;

use crate::cpumask::{Cpu, CpuMask};
use crate::freq::FreqModel;
use crate::kernel::KernelVersion;
use crate::pelt::SchedAvg;
use crate::placement::{Behaviour, PlacementState, TaskPlacement};
use crate::topology::{SchedDomains, Topology};

use super::IrqSource;
use super::behaviour::{IrqRoute, Op, SchedClass, TaskSpec, WakeTarget};
use super::error::SimInputError;
use super::params::EngineParams;
use super::queue::{EventQueue, Nanos, TimerTree};
use super::rq::Rq;
use super::stats::RunStats;
use super::task::{BlockReason, Task, TaskId, TaskState, nice_to_weight};

/// `wakee_flips` of a benchmark's initial tasks: what they inherit from the shell that started
/// them. A forked task keeps its parent's `wakee_flips`, `last_wakee` and
/// `wakee_flip_decay_ts` (`dup_task_struct` copies the task_struct and `__sched_fork` does not
/// reset them), and a task's flips decay only when it wakes someone itself (`record_wakee`), so
/// a benchmark's workers that seldom wake anyone keep the launcher's count for the whole run;
/// on a machine whose LLC has at most that many CPUs it makes `wake_wide` true for their
/// wakers. Measured on the 2-vCPU recording host (recordings/wake-wide/README.md):
/// hackbench started from bash had 2 at its forks in 6 of 6 runs, started under
/// `perf sched record` 4, 7 and 4, under `bpftrace -c` 5 and 8. Background tasks (interference,
/// system noise) start at 0.
pub const LAUNCHER_WAKEE_FLIPS: u32 = 2;

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
    /// Take every placement decision again under this kernel, on the same state, and count
    /// the disagreements (`RunStats::shadow`). A diagnostic: the run itself follows
    /// `behaviour` alone, and its results are the same with or without it.
    pub shadow_behaviour: Option<Behaviour>,
    /// Record per-CPU timeline segments in this window.
    pub timeline_window: Option<(u64, u64)>,
    /// Exit latency of each C-state (ns), shallowest first.
    pub cstate_exit_ns: Vec<u64>,
    /// Standard deviation (per mille) of each task's per-run cost factor (`jitter`); 0 = off.
    pub cost_jitter_permille: u32,
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
    /// A further request of `task`'s IO (`IoCompletion::requeues`), dispatched from `cpu`, is
    /// done on the device: its route's worker takes it (no interrupt of its own is charged).
    IoRequeued {
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
    /// The interpreter step budget (`EngineParams::max_steps`) ran out.
    StepBudget,
    /// A fork would have exceeded `MAX_TASKS` tasks.
    TaskLimit,
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
    /// `sched_asym_cpucapacity`: runqueues track misfit tasks (balance/misfit.rs).
    pub(crate) misfit_active: bool,
    pub(crate) beh: Behaviour,
    pub(crate) pstate: PlacementState,
    pub(crate) freq: FreqModel,
    pub(crate) p: EngineParams,
    rng: Pcg64Mcg,
    q: EventQueue<Ev>,
    /// Run-phase completion of each CPU's current task (one timer per CPU).
    run_timers: TimerTree,
    pub(crate) tasks: Vec<Task>,
    /// The distinct programs (engine/sim/share.rs); a task runs `programs[task.code]`.
    programs: Vec<Vec<Op>>,
    /// For each task spec (initial tasks, then templates) the program it runs.
    code_of: Vec<u32>,
    /// Fork templates (class, affinity, kthread of forked tasks).
    templates: Vec<TaskSpec>,
    n_initial: u32,
    /// Initial tasks below this index are benchmark tasks (the rest is background).
    n_benchmark: u32,
    pub(crate) rqs: Vec<Rq>,
    /// Per CPU: until when it is busy for its SMT siblings' share of the core (work.rs,
    /// `speed`): `u64::MAX` while it runs a task, else the end of the interrupt it handles
    /// (`rq.curr.is_some() || rq.irq_until > now`, kept dense so that re-timing a run does not
    /// load each sibling's runqueue).
    busy_until: Vec<u64>,
    /// `Sim::smt_shares` of the machine's SMT width.
    smt_share: Vec<u64>,
    barriers: Vec<(u16, Vec<TaskId>)>,
    journals: Vec<journal::Journal>,
    /// Tasks asleep in `flush_workqueue` (engine/sim/workqueue.rs), in the order they came.
    flushers: Vec<workqueue::Flusher>,
    wals: Vec<wal::Wal>,
    locks: locks::Locks,
    /// IO completions through kernel threads (completion.rs); empty unless an `io` asks.
    completions: completion::Completions,
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
    pub(crate) shadow_beh: Option<Behaviour>,
    timeline_window: Option<(u64, u64)>,
    tick_ns: u64,
    // scaled tunables (SCHED_TUNABLESCALING_LOG)
    sched_latency: u64,
    min_gran: u64,
    wakeup_gran: u64,
    /// EEVDF: `sysctl_sched_base_slice` after scaling (eevdf.rs).
    base_slice: u64,
    freq_timer_at: Option<u64>,
    /// Modelled duration of the last placement decision's runqueue scan (ns,
    /// `PlacementParams::scan_time`); the waker pays it with its next wake-up's cost.
    last_scan_cost: u64,
    pub(crate) cstate_exit_ns: Vec<u64>,
    cost_jitter_permille: u32,
    /// Load-balancer state (spec §17): per-CPU domain fields, sgc imbalance, nohz.
    pub(crate) lb: super::balance::LbState,
    /// Stamp source for `Task::lb_seq` (the order of `rq->cfs_tasks`).
    pub(crate) lb_seq: u64,
}

const RATE_SHIFT: u32 = 20;

impl Sim {
    pub fn new(input: SimInput) -> Result<Sim, SimInputError> {
        input.params.validate()?;
        input.placement.validate()?;
        let n = input.topology.nr_cpus();
        check_cpus(&input, n)?;
        let factor = EngineParams::tunable_factor(n);
        if input.programs.len() != input.tasks.len() + input.templates.len() {
            return Err(SimInputError::ProgramCount);
        }
        let (programs, code_of) = share::share_programs(input.programs, input.tasks.len());
        let smt_share = Sim::smt_shares(
            &input.params.smt_throughput,
            input.topology.shape.smt as usize,
        );
        let mut pstate = PlacementState::new(&input.topology);
        pstate.params = input.placement;
        let mut rqs = Vec::with_capacity(n);
        for c in 0..n as Cpu {
            let mut idle_pl = TaskPlacement::new(u32::MAX - c as u32, c, *input.topology.all());
            idle_pl.is_idle_task = true;
            let mut rq = Rq::new(idle_pl, input.domains.capacity_orig[c as usize] as u32);
            if input.behaviour.eevdf {
                rq.min_vruntime = eevdf::VRUNTIME_BASE;
            }
            rqs.push(rq);
        }
        let mut sim = Sim {
            now: 0,
            tick_ns: input.params.tick_ns(),
            // Validated ranges keep these products far below overflow (at most 4 x 1 s);
            // saturating all the same, so no range change can make them wrap.
            sched_latency: input.params.sched_latency_ns.saturating_mul(factor),
            min_gran: input.params.min_granularity_ns.saturating_mul(factor),
            wakeup_gran: input.params.wakeup_granularity_ns.saturating_mul(factor),
            base_slice: eevdf::SYSCTL_SCHED_BASE_SLICE_NS * factor,
            topo: input.topology,
            misfit_active: super::balance::misfit::asym_cpucap_active(&input.domains),
            sd: input.domains,
            beh: input.behaviour,
            pstate,
            freq: input.freq,
            p: input.params,
            rng: Pcg64Mcg::seed_from_u64(input.seed),
            q: EventQueue::new(),
            run_timers: TimerTree::new(n),
            tasks: Vec::with_capacity(input.tasks.len() + 16),
            programs,
            code_of,
            templates: input.templates.clone(),
            n_initial: input.tasks.len() as u32,
            n_benchmark: (input.tasks.len() as u32).saturating_sub(input.background_tasks),
            busy_until: vec![0; n],
            smt_share,
            rqs,
            barriers: Vec::new(),
            journals: Vec::new(),
            flushers: Vec::new(),
            wals: Vec::new(),
            locks: locks::Locks::default(),
            completions: completion::Completions::default(),
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
            shadow_beh: input.shadow_behaviour,
            timeline_window: input.timeline_window,
            freq_timer_at: None,
            last_scan_cost: 0,
            cstate_exit_ns: input.cstate_exit_ns,
            cost_jitter_permille: input.cost_jitter_permille,
            lb: super::balance::LbState::default(),
            lb_seq: 0,
        };
        sim.lb = super::balance::LbState::new(&sim.sd, n);
        sim.stats.timeline_cap = sim.p.max_timeline_segments;
        sim.stats.wake_cap = sim.p.max_wakeup_records;
        sim.freq.init(&CpuMask::EMPTY);
        for c in 0..n as Cpu {
            sim.rqs[c as usize].cstate = sim.freq.idle_state(c);
        }
        for (i, spec) in input.tasks.iter().enumerate() {
            // `check_cpus` refused CPUs beyond the machine (they used to be clamped)
            let start_cpu = spec.start_cpu.unwrap_or(0);
            let mut t = sim.make_task(i as u32, spec, start_cpu);
            t.cost_scale = sim.draw_cost_scale();
            if (i as u32) < sim.n_benchmark {
                // started from a shell: the task carries its launcher's wakee_flips
                t.pl.wakee_flips = LAUNCHER_WAKEE_FLIPS;
            }
            sim.tasks.push(t);
            sim.q
                .push(spec.start_ns, Ev::TaskStart { task: i as TaskId });
        }
        for (s, irq) in sim.irqs.iter().enumerate() {
            if irq.period_ns > 0 {
                sim.q.push(irq.period_ns, Ev::IrqFire { src: s as u16 });
            }
        }
        // per-CPU wake targets need one task per CPU from their base
        for prog in &sim.programs {
            for op in prog {
                if let Op::Wake {
                    target: WakeTarget::PerCpu(base),
                    ..
                }
                | Op::Send {
                    target: WakeTarget::PerCpu(base),
                    ..
                } = *op
                {
                    if base as usize + n > sim.n_initial as usize {
                        return Err(SimInputError::PerCpuTasks {
                            base,
                            end: base as usize + n,
                            tasks: sim.n_initial,
                        });
                    }
                }
                // ksoftirqd/N and the per-CPU work queue's worker of an IO completion: one
                // task per CPU from each base
                if let Op::IoVia(c) = *op {
                    for base in [c.ksoftirqd, c.work].into_iter().flatten() {
                        if base as usize + n > sim.n_initial as usize {
                            return Err(SimInputError::PerCpuTasks {
                                base,
                                end: base as usize + n,
                                tasks: sim.n_initial,
                            });
                        }
                    }
                }
            }
        }
        sim.q.push(sim.duration_ns, Ev::End);
        sim.arm_freq_timer();
        Ok(sim)
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
            code: self.code_of[prog as usize],
            class: spec.class,
            weight,
            state: TaskState::New,
            block: BlockReason::Message,
            cpu,
            pl,
            last_ran: None,
            vruntime: 0,
            deadline: 0,
            vlag: 0,
            slice: 0,
            vprot: 0,
            rel_deadline: false,
            sched_delayed: false,
            tree_seq: 0,
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
            // checked by `compile`: the program's recv steps agree
            inbox: super::channel::Channel::new(
                super::behaviour::program_inbox(&spec.program).unwrap_or_default(),
            ),
            recv_left: 0,
            net_rx: None,
            chan_woken: false,
            recv_found_empty: false,
            empty_read_ahead: 0,
            // a kernel thread is always in kernel mode (TaskSpec::kthread)
            in_syscall: spec.kthread,
            need_resched: false,
            at_user_return: false,
            wait_key: 0,
            timer_gen: 0,
            runnable_since: 0,
            wakeups: 0,
            migrations: 0,
            ops: 0,
            kthread: spec.kthread,
            exit_time: None,
            cost_scale: jitter::COST_ONE,
            lb_seq: 0,
            works_queued: 0,
            works_started: 0,
            works_done: 0,
        }
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

    /// Draw a random u64 from the simulation's RNG (workload helpers).
    pub fn rng_u64(&mut self) -> u64 {
        self.rng.next_u64()
    }
}

/// Every CPU the input names must exist. `Scenario::validate` refuses such CPUs with the
/// field's path in the experiment (`workload/validate.rs`); this is the engine's own guard for
/// inputs built another way, which used to clamp CPU 999 to the last CPU (or drop an interrupt
/// source) silently. Paths name the `SimInput` field.
fn check_cpus(input: &SimInput, n: usize) -> Result<(), SimInputError> {
    use crate::check::cpu;
    let field = |field: String, message: crate::check::Limit| SimInputError::Field {
        field,
        message: message.into(),
    };
    let all = *input.topology.all();
    for (i, t) in input.tasks.iter().enumerate() {
        if let Some(c) = t.start_cpu {
            cpu(c, n).map_err(|m| field(format!("tasks[{i}] ({}).start_cpu", t.name), m))?;
        }
    }
    for (i, t) in input.tasks.iter().chain(&input.templates).enumerate() {
        if let Some(a) = &t.affinity {
            if let Some(c) = a.andnot(&all).first() {
                let (what, k) = if i < input.tasks.len() {
                    ("tasks", i)
                } else {
                    ("templates", i - input.tasks.len())
                };
                return Err(field(
                    format!("{what}[{k}] ({}).affinity", t.name),
                    cpu(c, n).unwrap_err(),
                ));
            }
        }
    }
    for (p, prog) in input.programs.iter().enumerate() {
        for (k, op) in prog.iter().enumerate() {
            let (step, irq) = match *op {
                Op::Io { irq, .. } => ("io", irq),
                Op::WalFlush { irq, .. } => ("wal_flush", irq),
                _ => continue,
            };
            if let IrqRoute::Cpu(c) = irq {
                cpu(c, n).map_err(|m| field(format!("programs[{p}][{k}].{step}.irq.cpu"), m))?;
            }
        }
    }
    for (s, irq) in input.irqs.iter().enumerate() {
        cpu(irq.cpu, n).map_err(|m| field(format!("irqs[{s}].cpu"), m))?;
    }
    Ok(())
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
