//! Machine-aware validation of the `workload` and `interference` sections (docs/limits.md,
//! "Workload"): every numeric field against its range, every CPU against the machine, every
//! error named by its full path (`workload.tasks[2].program[0].loop.body[1].io.irq.cpu`).
//!
//! The generators and `compile` repeat some of these checks at build time (they are the last
//! guard for callers that build without validating); this pass is what a file or a link meets
//! first, before anything runs.

use std::collections::BTreeMap;

use crate::check::{Limit, at_most, between, cpu, length};
use crate::cpumask::{CpuMask, cpulist};
use crate::engine::ProgramError;
use crate::engine::behaviour::{
    Amount, IrqRoute, MAX_AMOUNT, MAX_EXP_MEAN, MAX_IO_REQUEUES, MAX_JOURNALS,
    MAX_SOFTIRQ_PERMILLE, MAX_WAL_FLUSH_IOS, MAX_WALS, Phase, SchedClass, TaskSpec, phase_name,
};
use crate::engine::channel::MAX_MESSAGE_BYTES;
use crate::scenario::{MAX_DURATION_NS, ScenarioError, err};

use super::config::*;
use super::generators::{MAX_PGBENCH_SCALE, RESERVED_BARRIER_BASE};
use super::interference::MAX_INSTANCES;
use super::{Interference, MAX_CLIENTS, Metric};

/// SCHED_FIFO priorities: 1 to 99 (`MAX_RT_PRIO - 1`, include/linux/sched/prio.h;
/// `sched_setscheduler` refuses 0 for a real-time policy).
pub const FIFO_PRIO: (u8, u8) = (1, 99);
/// Nice values: -20 to 19 (`MIN_NICE`, `MAX_NICE`, include/linux/sched/prio.h).
pub const NICE: (i8, i8) = (-20, 19);
/// Start delays and first activations: at most the longest run (`MAX_DURATION_NS`); a task
/// that would start later never runs.
pub const MAX_START_NS: u64 = MAX_DURATION_NS;
/// hackbench's start delay: at most 60 s (half the longest run, so the benchmark still runs).
pub const MAX_HACKBENCH_START_MS: u64 = 60_000;
/// Launcher stagger between two clients: at most 1 s (mmtests forks clients back to back).
pub const MAX_STAGGER_NS: u64 = 1_000_000_000;
/// Bytes credited per operation: at most 1 GB (the benchmarks' are ~16-24 KB).
pub const MAX_BYTES_PER_OP: u64 = 1_000_000_000;
/// IO waits of one dbench log write (`ios_per_log`): at most 16.
pub const MAX_IOS_PER_LOG: u32 = 16;
/// Operation / commit ratios (`ops_per_log`, `logs_per_io`, `txns_per_io`): at most 10^6.
pub const MAX_RATIO: u32 = 1_000_000;
/// Periodic interrupt period: 1 µs to 10 s.
pub const IRQ_PERIOD_NS: (u64, u64) = (1_000, 10_000_000_000);
/// rt-app period: 1 µs to 100 s; clock 1 to 10 000 MHz (`freq::spec::MAX_KHZ`).
pub const RT_PERIOD_US: (u64, u64) = (1, 100_000_000);
pub const RT_MHZ: (u32, u32) = (1, 10_000);
/// Length of a task name or a metric unit, in characters (rendered as text only).
pub const MAX_NAME_CHARS: usize = 100;

/// Check the workload and its interference for a machine of `nr_cpus` CPUs.
pub fn validate(
    cfg: &WorkloadConfig,
    interference: &[Interference],
    nr_cpus: usize,
) -> Result<(), ScenarioError> {
    workload(cfg, nr_cpus)?;
    for (i, itf) in interference.iter().enumerate() {
        entry(itf, &format!("interference[{i}]"), nr_cpus)?;
    }
    Ok(())
}

fn amount(a: &Amount, path: &str) -> Result<(), ScenarioError> {
    amount_rel(a).map_err(|(sub, m)| err(format!("{path}{sub}"), m))
}

/// The check of [`amount`] with the failing sub-field (`""`, `.hi`, `.lo`, `.mean`), so hot
/// callers build a path only for an error.
fn amount_rel(a: &Amount) -> Result<(), (&'static str, String)> {
    match *a {
        Amount::Fixed(v) => at_most(v, MAX_AMOUNT).map_err(|m| ("", m.into())),
        Amount::Uniform { lo, hi } => {
            at_most(hi, MAX_AMOUNT).map_err(|m| (".hi", m.into()))?;
            if lo > hi {
                return Err((".lo", format!("must not exceed hi ({hi}) (got {lo})")));
            }
            Ok(())
        }
        Amount::Exp { mean } => at_most(mean, MAX_EXP_MEAN).map_err(|m| (".mean", m.into())),
    }
}

fn cpus(m: &CpuMask, path: &str, nr_cpus: usize) -> Result<(), ScenarioError> {
    if m.is_empty() {
        return Err(err(path, "the set is empty: give at least one CPU"));
    }
    if let Some(c) = m.iter().find(|&c| c as usize >= nr_cpus) {
        return Err(err(
            path,
            format!(
                "{} names CPU {c}, but the machine has {nr_cpus} CPUs (0 to {})",
                cpulist(m),
                nr_cpus - 1
            ),
        ));
    }
    Ok(())
}

fn irq(r: &IrqRoute, path: &str, nr_cpus: usize) -> Result<(), ScenarioError> {
    if let IrqRoute::Cpu(c) = *r {
        cpu(c, nr_cpus).map_err(|m| err(format!("{path}.cpu"), m))?;
    }
    Ok(())
}

fn start(s: &StartPolicy, path: &str, nr_cpus: usize) -> Result<(), ScenarioError> {
    if let StartPolicy::Launcher { cpu: c, stagger_ns } = *s {
        cpu(c, nr_cpus).map_err(|m| err(format!("{path}.launcher.cpu"), m))?;
        at_most(stagger_ns, MAX_STAGGER_NS)
            .map_err(|m| err(format!("{path}.launcher.stagger_ns"), m))?;
    }
    Ok(())
}

fn class(c: &SchedClass, path: &str) -> Result<(), ScenarioError> {
    match *c {
        SchedClass::Fair { nice } => {
            between(nice, NICE.0, NICE.1).map_err(|m| err(format!("{path}.fair.nice"), m))
        }
        SchedClass::Fifo { prio } => {
            between(prio, FIFO_PRIO.0, FIFO_PRIO.1).map_err(|m| err(format!("{path}.fifo.prio"), m))
        }
    }
}

fn name(n: &str, path: &str) -> Result<(), ScenarioError> {
    length(n.chars().count(), 1, MAX_NAME_CHARS).map_err(|m| err(path, m))
}

/// A task list: every task, and no name twice (results and traces name tasks). A map of the
/// names seen keeps this linear: a list can hold tens of thousands of tasks.
fn tasks(list: &[TaskSpec], path: &str, nr_cpus: usize) -> Result<(), ScenarioError> {
    let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
    for (i, t) in list.iter().enumerate() {
        task(t, &format!("{path}[{i}]"), nr_cpus)?;
        if let Some(j) = seen.insert(&t.name, i) {
            return Err(err(
                format!("{path}[{i}].name"),
                format!("{:?} is already the name of task {j}", t.name),
            ));
        }
    }
    Ok(())
}

fn task(t: &TaskSpec, path: &str, nr_cpus: usize) -> Result<(), ScenarioError> {
    name(&t.name, &format!("{path}.name"))?;
    class(&t.class, &format!("{path}.class"))?;
    if let Some(m) = &t.affinity {
        cpus(m, &format!("{path}.affinity"), nr_cpus)?;
    }
    if let Some(c) = t.start_cpu {
        cpu(c, nr_cpus).map_err(|m| err(format!("{path}.start_cpu"), m))?;
    }
    at_most(t.start_ns, MAX_START_NS).map_err(|m| err(format!("{path}.start_ns"), m))?;
    program(&t.program, &format!("{path}.program"), nr_cpus)
}

/// A program, phase by phase. Paths are built only for an error: a scenario is validated for
/// every run point, and a program can have thousands of phases.
fn program(p: &[Phase], path: &str, nr_cpus: usize) -> Result<(), ScenarioError> {
    for (i, ph) in p.iter().enumerate() {
        let r = match ph {
            Phase::Run { cycles } => {
                amount_rel(cycles).map_err(|(s, m)| (format!("run.cycles{s}"), m))
            }
            Phase::Sleep { ns } => amount_rel(ns).map_err(|(s, m)| (format!("sleep.ns{s}"), m)),
            Phase::Io {
                ns,
                irq: r,
                completion,
                ..
            } => io(ns, r, "io", nr_cpus)
                .and_then(|()| {
                    between(completion.softirq_permille, 0, MAX_SOFTIRQ_PERMILLE)
                        .map_err(|m| ("io.completion.softirq_permille".into(), m.into()))
                })
                .and_then(|()| {
                    between(completion.requeues, 0, MAX_IO_REQUEUES)
                        .map_err(|m| ("io.completion.requeues".into(), m.into()))
                }),
            Phase::CompleteIo { cycles } => {
                amount_rel(cycles).map_err(|(s, m)| (format!("complete_io.cycles{s}"), m))
            }
            Phase::WalFlush {
                wal,
                ns,
                irq: r,
                ios,
                extra_io_permille,
            } => at_most(*wal, MAX_WALS - 1)
                .map_err(|m| ("wal_flush.wal".into(), m.to_string()))
                .and_then(|()| {
                    between(*ios, 1, MAX_WAL_FLUSH_IOS)
                        .map_err(|m| ("wal_flush.ios".into(), m.into()))
                })
                .and_then(|()| {
                    between(*extra_io_permille, 0, 1000)
                        .map_err(|m| ("wal_flush.extra_io_permille".into(), m.into()))
                })
                .and_then(|()| io(ns, r, "wal_flush", nr_cpus)),
            Phase::Lock { id } => lock_id(id).map_err(|m| ("lock.id".into(), m)),
            Phase::Barrier { id, parties } => at_most(*id, RESERVED_BARRIER_BASE - 1)
                .map_err(|m| {
                    (
                        "barrier.id".into(),
                        format!("{m}: ids from {RESERVED_BARRIER_BASE} on are the generators'"),
                    )
                })
                .and_then(|()| {
                    between(*parties, 1, u16::MAX - 1)
                        .map_err(|m| ("barrier.parties".into(), m.into()))
                }),
            Phase::Loop { body, .. } => {
                program(body, &format!("{path}[{i}].loop.body"), nr_cpus)?;
                Ok(())
            }
            Phase::Syscall { body } => {
                program(body, &format!("{path}[{i}].syscall.body"), nr_cpus)?;
                Ok(())
            }
            Phase::Send { bytes, .. } => {
                between(*bytes, 1, MAX_MESSAGE_BYTES).map_err(|m| ("send.bytes".into(), m.into()))
            }
            Phase::Recv { bytes, inbox } => between(*bytes, 1, MAX_MESSAGE_BYTES)
                .map_err(|m| ("recv.bytes".into(), m.into()))
                .and_then(|()| {
                    inbox.check().map_err(|e| {
                        // `check` names the field from `inbox.` on
                        let field = e.field().unwrap_or("inbox");
                        let message = match e {
                            ProgramError::Field { message, .. } => message,
                            e => e.to_string(),
                        };
                        (format!("recv.{field}"), message)
                    })
                }),
            Phase::CommitWait { journal }
            | Phase::CommitStart { journal }
            | Phase::CommitEnd { journal } => at_most(*journal, MAX_JOURNALS - 1)
                .map_err(|m| (format!("{}.journal", phase_name(ph)), m.to_string())),
            // Task and template references are checked by `compile`, which knows the counts.
            Phase::Wake { .. }
            | Phase::FlushWorkqueue { .. }
            | Phase::Exec
            | Phase::Wait
            | Phase::Fork { .. }
            | Phase::Ops { .. }
            | Phase::IoWait
            | Phase::CondResched
            | Phase::UnlockAll
            | Phase::Exit => Ok(()),
        };
        r.map_err(|(sub, m)| err(format!("{path}[{i}].{sub}"), m))?;
    }
    Ok(())
}

/// A lock id: a number or a uniform `{lo, hi}` range, within u32 (the lock table's key).
fn lock_id(id: &Amount) -> Result<(), String> {
    let hi = match *id {
        Amount::Fixed(v) => v,
        Amount::Uniform { lo, hi } if lo <= hi => hi,
        Amount::Uniform { lo, hi } => return Err(format!("lo ({lo}) is above hi ({hi})")),
        Amount::Exp { .. } => return Err("an id is a number or {\"lo\", \"hi\"}".into()),
    };
    at_most(hi, u64::from(u32::MAX)).map_err(|m| m.to_string())
}

/// An IO's duration and completion interrupt (`io`, `wal_flush`), as a sub-path and message.
fn io(ns: &Amount, r: &IrqRoute, step: &str, nr_cpus: usize) -> Result<(), (String, String)> {
    amount_rel(ns)
        .map_err(|(s, m)| (format!("{step}.ns{s}"), m))
        .and_then(|()| match *r {
            IrqRoute::Cpu(c) => cpu(c, nr_cpus).map_err(|m| (format!("{step}.irq.cpu"), m.into())),
            _ => Ok(()),
        })
}

fn metric(m: &Metric, path: &str) -> Result<(), ScenarioError> {
    match m {
        Metric::Throughput { unit, per_op } => {
            name(unit, &format!("{path}.unit"))?;
            // a finite, positive scale: NaN or infinity would reach every result
            if !(per_op.is_finite() && *per_op > 0.0 && *per_op <= 1e12) {
                return Err(err(
                    format!("{path}.per_op"),
                    format!("must be above 0 and at most 1e12 (got {per_op})"),
                ));
            }
            Ok(())
        }
        Metric::CompletionTime => Ok(()),
        Metric::Latency { percentile } => {
            between(*percentile, 1, 100).map_err(|m| err(format!("{path}.percentile"), m))
        }
    }
}

fn workload(cfg: &WorkloadConfig, n: usize) -> Result<(), ScenarioError> {
    let p = |f: &str| format!("workload.{f}");
    let bytes = |b: u64| between(b, 1, MAX_BYTES_PER_OP).map_err(at_p("bytes_per_op"));
    match cfg {
        WorkloadConfig::Tbench(c) => {
            amount(&c.client_cycles, &p("client_cycles"))?;
            amount(&c.server_cycles, &p("server_cycles"))?;
            amount(&c.send_return_cycles, &p("send_return_cycles"))?;
            amount(&c.client_after_send_cycles, &p("client_after_send_cycles"))?;
            amount(&c.server_after_send_cycles, &p("server_after_send_cycles"))?;
            bytes(c.bytes_per_op)?;
            start(&c.start, &p("start"), n)
        }
        WorkloadConfig::Dbench(c) => {
            amount(&c.op_cycles, &p("op_cycles"))?;
            if let Some(v) = c.ops_per_log {
                between(v, 1, MAX_RATIO).map_err(at_p("ops_per_log"))?;
            }
            if let Some(a) = &c.log_cycles {
                amount(a, &p("log_cycles"))?;
            }
            if let Some(v) = c.logs_per_io {
                at_most(v, MAX_RATIO).map_err(at_p("logs_per_io"))?;
            }
            if let Some(v) = c.ios_per_log {
                between(v, 1, MAX_IOS_PER_LOG).map_err(at_p("ios_per_log"))?;
            }
            amount(&c.io_ns, &p("io_ns"))?;
            if let Some(a) = &c.fsync_io_ns {
                amount(a, &p("fsync_io_ns"))?;
            }
            if let Some(a) = &c.commit_record_io_ns {
                amount(a, &p("commit_record_io_ns"))?;
            }
            if let Some(l) = &c.loop_device {
                between(l.data_softirq_permille, 0, MAX_SOFTIRQ_PERMILLE)
                    .map_err(at_p("loop_device.data_softirq_permille"))?;
                between(l.log_softirq_permille, 0, MAX_SOFTIRQ_PERMILLE)
                    .map_err(at_p("loop_device.log_softirq_permille"))?;
                amount(&l.worker_cycles, &p("loop_device.worker_cycles"))?;
                amount(&l.softirq_cycles, &p("loop_device.softirq_cycles"))?;
                if let Some(a) = &l.data_submit_cycles {
                    amount(a, &p("loop_device.data_submit_cycles"))?;
                }
                if let Some(a) = &l.journal_submit_cycles {
                    amount(a, &p("loop_device.journal_submit_cycles"))?;
                }
            }
            irq(&c.irq, &p("irq"), n)?;
            bytes(c.bytes_per_op)?;
            start(&c.start, &p("start"), n)
        }
        WorkloadConfig::Hackbench(c) => {
            // hackbench -f: senders = receivers, so an even count; 2000 = 1000 fds each.
            between(c.tasks_per_group, 2, 2000).map_err(at_p("tasks_per_group"))?;
            if !c.tasks_per_group.is_multiple_of(2) {
                return Err(err(
                    p("tasks_per_group"),
                    format!("must be even (got {})", c.tasks_per_group),
                ));
            }
            between(c.loops, 1, MAX_RATIO).map_err(at_p("loops"))?;
            for (f, a) in [
                ("write_cycles", &c.write_cycles),
                ("read_cycles", &c.read_cycles),
                ("fork_cycles", &c.fork_cycles),
                ("exec_cycles", &c.exec_cycles),
            ] {
                if let Some(a) = a {
                    amount(a, &p(f))?;
                }
            }
            cpu(c.launcher_cpu, n).map_err(at_p("launcher_cpu"))?;
            at_most(c.start_ms, MAX_HACKBENCH_START_MS).map_err(at_p("start_ms"))
        }
        WorkloadConfig::Pgbench(c) => {
            between(c.statements_per_txn, 1, 1000).map_err(at_p("statements_per_txn"))?;
            amount(&c.client_cycles, &p("client_cycles"))?;
            amount(&c.backend_cycles, &p("backend_cycles"))?;
            amount(&c.send_return_cycles, &p("send_return_cycles"))?;
            amount(&c.client_after_send_cycles, &p("client_after_send_cycles"))?;
            amount(
                &c.backend_after_send_cycles,
                &p("backend_after_send_cycles"),
            )?;
            at_most(c.txns_per_io, MAX_RATIO).map_err(at_p("txns_per_io"))?;
            at_most(c.scale, MAX_PGBENCH_SCALE).map_err(at_p("scale"))?;
            amount(&c.io_ns, &p("io_ns"))?;
            between(c.ios_per_flush, 1, u32::from(MAX_WAL_FLUSH_IOS))
                .map_err(at_p("ios_per_flush"))?;
            at_most(c.metadata_io_permille, 1000).map_err(at_p("metadata_io_permille"))?;
            irq(&c.irq, &p("irq"), n)?;
            start(&c.start, &p("start"), n)
        }
        WorkloadConfig::Netperf(c) => {
            for (f, a) in [
                ("client_cycles", &c.client_cycles),
                ("server_cycles", &c.server_cycles),
                ("after_send_cycles", &c.after_send_cycles),
            ] {
                if let Some(a) = a {
                    amount(a, &p(f))?;
                }
            }
            start(&c.start, &p("start"), n)
        }
        WorkloadConfig::Schbench(c) => {
            at_most(c.message_threads, MAX_CLIENTS).map_err(at_p("message_threads"))?;
            amount(&c.sleep_ns, &p("sleep_ns"))?;
            amount(&c.work_cycles, &p("work_cycles"))?;
            amount(&c.msg_cycles, &p("msg_cycles"))?;
            between(c.percentile, 1, 100).map_err(at_p("percentile"))?;
            start(&c.start, &p("start"), n)
        }
        WorkloadConfig::Barrier(c) => {
            amount(&c.work_cycles, &p("work_cycles"))?;
            start(&c.start, &p("start"), n)
        }
        WorkloadConfig::Custom(c) => {
            if c.tasks.is_empty() {
                return Err(err(p("tasks"), "give at least one task"));
            }
            tasks(&c.tasks, &p("tasks"), n)?;
            for (i, t) in c.templates.iter().enumerate() {
                task(t, &format!("workload.templates[{i}]"), n)?;
            }
            metric(&c.metric, &p("metric"))
        }
    }
}

fn at_p(field: &'static str) -> impl Fn(Limit) -> ScenarioError {
    move |m| err(format!("workload.{field}"), m)
}

fn entry(itf: &Interference, path: &str, n: usize) -> Result<(), ScenarioError> {
    let p = |f: &str| format!("{path}.{f}");
    match itf {
        Interference::Rt(r) => {
            name(&r.name, &p("name"))?;
            at_most(r.instances, MAX_INSTANCES).map_err(|m| err(p("instances"), m))?;
            between(r.period_us, RT_PERIOD_US.0, RT_PERIOD_US.1)
                .map_err(|m| err(p("period_us"), m))?;
            at_most(r.runtime_us, r.period_us)
                .map_err(|m| err(p("runtime_us"), format!("{m}: the run fits in the period")))?;
            if let Some(m) = &r.cpus {
                cpus(m, &p("cpus"), n)?;
            }
            between(r.prio, FIFO_PRIO.0, FIFO_PRIO.1).map_err(|m| err(p("prio"), m))?;
            between(r.mhz, RT_MHZ.0, RT_MHZ.1).map_err(|m| err(p("mhz"), m))?;
            at_most(r.start_ns, MAX_START_NS).map_err(|m| err(p("start_ns"), m))
        }
        Interference::Irq(q) => {
            cpus(&q.cpus, &p("cpus"), n)?;
            between(q.period_ns, IRQ_PERIOD_NS.0, IRQ_PERIOD_NS.1)
                .map_err(|m| err(p("period_ns"), m))?;
            between(q.duration_ns, 1, q.period_ns - 1).map_err(|m| {
                err(
                    p("duration_ns"),
                    format!("{m}: an interrupt ends before the next"),
                )
            })
        }
        Interference::Hog(h) => {
            between(h.count, 1, MAX_INSTANCES).map_err(|m| err(p("count"), m))?;
            if let Some(m) = &h.cpus {
                cpus(m, &p("cpus"), n)?;
            }
            between(h.nice, NICE.0, NICE.1).map_err(|m| err(p("nice"), m))
        }
        Interference::Tasks(t) => {
            between(t.tasks.len(), 1, MAX_INSTANCES as usize)
                .map_err(|m| err(p("tasks"), format!("the number of tasks {m}")))?;
            tasks(&t.tasks, &p("tasks"), n)
        }
    }
}
