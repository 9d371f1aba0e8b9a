//! The benchmark generators: each turns a configuration and a client count into task programs.
//!
//! Task order is fixed and documented per workload (tests and the UI rely on it): pairs are
//! interleaved (client k = 2k, partner = 2k + 1); forked children get ids after every initial
//! task, in fork order.

use crate::cpumask::CpuMask;
use crate::engine::behaviour::{
    Amount, Inbox, IoCompletion, IrqRoute, MAX_PROGRAM_OPS, Phase, SchedClass, TaskRef, TaskSpec,
};
use crate::engine::channel::{
    SK_WMEM_DEFAULT, TCP_LOOPBACK_LIMIT, TCP_LOOPBACK_NET_RX_CYCLES,
    TCP_LOOPBACK_NET_RX_LOCAL_CYCLES,
};
use crate::topology::Topology;

use super::config::*;
use super::error::{ConfigError, field};
use super::{Metric, offset_refs};

/// Barrier ids at or above this are reserved for generators (custom tasks may use the rest).
pub const RESERVED_BARRIER_BASE: u16 = 0xff00;
/// hackbench's start gate (the parent's "wakefd" every child waits on).
pub const HACKBENCH_GATE: u16 = 0xff00;
/// The barrier workload's barrier.
pub const BARRIER_ID: u16 = 0xff01;
/// hackbench's message size (`DATASIZE` in rt-tests' hackbench.c): 100 bytes.
pub const HACKBENCH_DATASIZE: u32 = 100;

/// A generated benchmark, before interference is appended.
pub(super) struct Generated {
    pub tasks: Vec<TaskSpec>,
    pub templates: Vec<TaskSpec>,
    pub metric: Metric,
    pub stop_when_all_exited: bool,
    /// Tasks the programs fork at run time (for the task bound).
    pub forks: u32,
}

// ---- phase helpers ---------------------------------------------------------------------------

fn run(a: Amount) -> Phase {
    Phase::Run { cycles: a }
}
/// `run a`, or nothing for a fixed 0 (an optional cost left out).
fn run_if(a: Amount) -> Vec<Phase> {
    match a {
        Amount::Fixed(0) => vec![],
        a => vec![run(a)],
    }
}
fn wake(t: u32, sync: bool) -> Phase {
    Phase::Wake {
        task: TaskRef::Task(t),
        sync,
    }
}
fn wait() -> Phase {
    Phase::Wait
}
fn ops() -> Phase {
    Phase::Ops { n: 1 }
}
fn forever(body: Vec<Phase>) -> Phase {
    Phase::Loop { count: None, body }
}
/// `body` repeated `n` times: nothing, the body itself, or a loop.
fn rep(n: u32, body: Vec<Phase>) -> Vec<Phase> {
    match n {
        0 => vec![],
        1 => body,
        _ => vec![Phase::Loop {
            count: Some(n),
            body,
        }],
    }
}

fn task(name: String, program: Vec<Phase>) -> TaskSpec {
    TaskSpec::new(name, program)
}

/// A kernel thread running `program` (in kernel mode: `TaskSpec::kthread`).
fn kthread(name: String, program: Vec<Phase>) -> TaskSpec {
    TaskSpec {
        kthread: true,
        ..TaskSpec::new(name, program)
    }
}

/// One work item of a workqueue's kworker: `process_one_work` calls `cond_resched()` after
/// each (kernel/workqueue.c: "prevents a kworker from hogging CPU on !PREEMPTION kernels"),
/// the only point where a kworker busy with queued work can be preempted there.
fn work_item(mut v: Vec<Phase>) -> Vec<Phase> {
    v.push(Phase::CondResched);
    v
}

/// Set start CPU and time of `tasks`; `group(i)` is the client index task i belongs to.
fn apply_start(
    policy: StartPolicy,
    tasks: &mut [TaskSpec],
    group: impl Fn(usize) -> u64,
    topo: &Topology,
) -> Result<(), ConfigError> {
    let n = topo.nr_cpus();
    match policy {
        StartPolicy::Launcher { cpu, stagger_ns } => {
            if cpu as usize >= n {
                return Err(field(
                    "start.launcher.cpu",
                    format!("CPU {cpu} does not exist ({n} CPUs)"),
                ));
            }
            if stagger_ns > 1_000_000_000 {
                return Err(field("start.launcher.stagger_ns", "at most 1 s"));
            }
            for (i, t) in tasks.iter_mut().enumerate() {
                t.start_cpu = Some(cpu);
                t.start_ns = group(i) * stagger_ns;
            }
        }
        StartPolicy::Spread => {
            for (i, t) in tasks.iter_mut().enumerate() {
                t.start_cpu = Some((i % n) as u16);
                t.start_ns = 0;
            }
        }
    }
    Ok(())
}

fn positive(v: u32, what: &'static str) -> Result<u32, ConfigError> {
    if v == 0 {
        Err(field(what, "must be at least 1"))
    } else {
        Ok(v)
    }
}

fn check_program_len(len: usize, what: &'static str) -> Result<(), ConfigError> {
    if len + 1 > MAX_PROGRAM_OPS {
        return Err(ConfigError::ProgramTooLong {
            what,
            steps: len + 1,
            max: MAX_PROGRAM_OPS,
        });
    }
    Ok(())
}

/// Compiled length of a phase list (without the final Exit).
fn ops_len(p: &[Phase]) -> usize {
    p.iter()
        .map(|ph| match ph {
            Phase::Loop { body, .. } if body.is_empty() => 0,
            Phase::Loop { body, .. } => 2 + ops_len(body),
            _ => 1,
        })
        .sum()
}

// ---- dispatch --------------------------------------------------------------------------------

pub(super) fn generate(
    cfg: &WorkloadConfig,
    clients: u32,
    n_background: u32,
    topo: &Topology,
) -> Result<Generated, ConfigError> {
    match cfg {
        WorkloadConfig::Tbench(c) => tbench(c, clients, topo),
        WorkloadConfig::Dbench(c) => dbench(c, clients, topo),
        WorkloadConfig::Hackbench(c) => hackbench(c, clients, n_background, topo),
        WorkloadConfig::Pgbench(c) => pgbench(c, clients, topo),
        WorkloadConfig::Netperf(c) => netperf(c, clients, topo),
        WorkloadConfig::Schbench(c) => schbench(c, clients, topo),
        WorkloadConfig::Barrier(c) => barrier(c, clients, topo),
        WorkloadConfig::Custom(c) => custom(c, clients),
    }
}

fn throughput(unit: &str, per_op: f64) -> Metric {
    Metric::Throughput {
        unit: unit.into(),
        per_op,
    }
}

// ---- request/response pairs: tbench, netperf ---------------------------------------------

/// Costs of one side of a request/response pair: work before its send, the rest of the send's
/// system call after its wake-up of the peer, the run after the call until the next `recv`.
#[derive(Clone, Copy)]
struct Side {
    before_send: Amount,
    send_return: Amount,
    after_send: Amount,
}

/// A loopback TCP socket with the engine's defaults (engine/channel.rs).
fn tcp_inbox() -> Inbox {
    Inbox::Tcp {
        limit: TCP_LOOPBACK_LIMIT,
        net_rx_cycles: TCP_LOOPBACK_NET_RX_CYCLES,
        net_rx_local_cycles: TCP_LOOPBACK_NET_RX_LOCAL_CYCLES,
    }
}

/// `n` client/server pairs over loopback TCP sockets of `bytes`-byte messages: client k (id 2k)
/// `loop { run; syscall { send request; run }; run; recv reply; ops 1 }`, server k (id 2k+1)
/// `loop { recv request; run; syscall { send reply; run }; run }`. Each send runs the receive
/// path on the sender's CPU and wakes the reader (WF_SYNC, engine/sim/ipc.rs); the sender then
/// finishes `tcp_sendmsg` in kernel mode, where without CONFIG_PREEMPT the woken reader's
/// preemption waits for the call's return, and goes back into its `recv`.
fn rr_pairs(
    n: u32,
    names: (&str, &str),
    client: Side,
    server: Side,
    bytes: u32,
    start: StartPolicy,
    topo: &Topology,
) -> Result<Vec<TaskSpec>, ConfigError> {
    let recv = Phase::Recv {
        bytes,
        inbox: tcp_inbox(),
    };
    let send = |to: u32, side: Side| Phase::Syscall {
        body: vec![
            Phase::Send {
                task: TaskRef::Task(to),
                bytes,
            },
            run(side.send_return),
        ],
    };
    let mut tasks = Vec::with_capacity(2 * n as usize);
    for k in 0..n {
        let (c, s) = (2 * k, 2 * k + 1);
        tasks.push(task(
            format!("{}/{k}", names.0),
            vec![forever(vec![
                run(client.before_send),
                send(s, client),
                run(client.after_send),
                recv.clone(),
                ops(),
            ])],
        ));
        tasks.push(task(
            format!("{}/{k}", names.1),
            vec![forever(vec![
                recv.clone(),
                run(server.before_send),
                send(c, server),
                run(server.after_send),
            ])],
        ));
    }
    apply_start(start, &mut tasks, |i| (i / 2) as u64, topo)?;
    Ok(tasks)
}

fn tbench(c: &TbenchConfig, clients: u32, topo: &Topology) -> Result<Generated, ConfigError> {
    let tasks = rr_pairs(
        clients,
        ("tbench", "tbench_srv"),
        Side {
            before_send: c.client_cycles,
            send_return: c.send_return_cycles,
            after_send: c.client_after_send_cycles,
        },
        Side {
            before_send: c.server_cycles,
            send_return: c.send_return_cycles,
            after_send: c.server_after_send_cycles,
        },
        TBENCH_MESSAGE_BYTES,
        c.start,
        topo,
    )?;
    Ok(Generated {
        tasks,
        templates: vec![],
        metric: throughput("MB/sec", c.bytes_per_op as f64 / 1e6),
        stop_when_all_exited: false,
        forks: 0,
    })
}

fn netperf(c: &NetperfConfig, clients: u32, topo: &Topology) -> Result<Generated, ConfigError> {
    let after = c.after_send_cycles();
    let send_return = TbenchConfig::default().send_return_cycles;
    let tasks = rr_pairs(
        clients,
        ("netperf", "netserver"),
        Side {
            before_send: c.client_cycles(),
            send_return,
            after_send: after,
        },
        Side {
            before_send: c.server_cycles(),
            send_return,
            after_send: after,
        },
        NETPERF_MESSAGE_BYTES,
        c.start,
        topo,
    )?;
    Ok(Generated {
        tasks,
        templates: vec![],
        metric: throughput("Trans/sec", 1.0),
        stop_when_all_exited: false,
        forks: 0,
    })
}

// ---- dbench ------------------------------------------------------------------------------

/// A client's fsync: one system call that hands the log work over (`kick`, waking the log
/// worker or jbd2) and sleeps until it is done (XFS: `xfs_log_force` queues the CIL push and
/// sleeps in `xlog_wait`; ext4: `jbd2_log_start_commit` then `jbd2_log_wait_commit`). Without
/// CONFIG_PREEMPT the client is not preempted by the worker it woke: it blocks.
fn fsync(kick: Phase) -> Phase {
    Phase::Syscall {
        body: vec![kick, wait()],
    }
}

/// A log write: `ios_per_log` times an IO (iowait until the completion interrupt, or the
/// loop device's threads: `done`). jbd2 works again after each (the journal blocks, then the
/// commit record: three bursts per commit in dbench-ext4-c1); the xfs log worker wakes its
/// client right after the iclog write (its IO completion work is not modelled, as before).
/// The last IO of an ext4 log write is the commit record (`commit_record_io_ns`).
fn log_write(c: &DbenchConfig, done: IoCompletion, v: &mut Vec<Phase>) {
    let n = c.ios_per_log();
    for i in 0..n {
        let (ns, irq, completion) = match c.commit_record_io_ns {
            // the commit record waits for the device's flush (on a loop device the backing
            // file's): its worker is woken by that interrupt, not at submission
            Some(ns) if c.variant == DbenchVariant::Ext4 && i + 1 == n => (
                ns,
                c.commit_record_irq(),
                IoCompletion {
                    at_submission: false,
                    ..done
                },
            ),
            _ => (c.io_ns, c.irq, done),
        };
        let io = |submit_only| Phase::Io {
            ns,
            irq,
            completion,
            submit_only,
        };
        let commit_record = c.commit_record_io_ns.is_some() && i + 1 == n;
        if c.variant != DbenchVariant::Ext4 || commit_record {
            v.push(io(false));
        } else {
            // the journal blocks (jbd2_journal_commit_transaction): `submit_bh` for each, then
            // `cond_resched()`, all inside a plug, so the device sees them (and the loop
            // device's worker is woken) only at `blk_finish_plug`; then the rest of the
            // submission (`journal_submit_cycles`), `wait_on_buffer`, and a `cond_resched()`
            // after each buffer waited for
            v.push(Phase::CondResched);
            let tail = c.loop_device.as_ref().and_then(|l| l.journal_submit_cycles);
            match tail {
                Some(tail) if completion.at_submission => {
                    v.extend([io(true), run(tail), Phase::IoWait]);
                }
                _ => v.push(io(false)),
            }
            v.push(Phase::CondResched);
        }
        if c.variant == DbenchVariant::Ext4 {
            v.push(run(c.log_cycles()));
        }
    }
}

/// The log worker's handling of one request: work, maybe a log write, then wake the client
/// `to` (not sync: a kthread's complete()).
fn log_request(c: &DbenchConfig, done: IoCompletion, to: TaskRef, with_io: bool) -> Vec<Phase> {
    let mut v = vec![wait(), run(c.log_cycles())];
    if with_io {
        log_write(c, done, &mut v);
    }
    v.push(Phase::Wake {
        task: to,
        sync: false,
    });
    work_item(v)
}

/// A log worker's loop body: `per_io` requests of which the last writes the log (0: none does).
fn log_requests(c: &DbenchConfig, done: IoCompletion, to: TaskRef, per_io: u32) -> Vec<Phase> {
    match per_io {
        0 => log_request(c, done, to, false),
        1 => log_request(c, done, to, true),
        n => {
            let mut b = rep(n - 1, log_request(c, done, to, false));
            b.extend(log_request(c, done, to, true));
            b
        }
    }
}

/// The journal id of dbench's ext4 filesystem (one per scenario: clients of several dbench
/// instances would share it, as they share the one filesystem).
const EXT4_JOURNAL: u16 = 0;

/// One jbd2 commit (`kjournald2` calling `jbd2_journal_commit_transaction`): take the requested
/// transaction, work, write the journal (the journal blocks, then the commit record: three
/// bursts per commit in dbench-ext4-c1), then wake every client waiting for it.
fn jbd2_commit(c: &DbenchConfig, done: IoCompletion, with_io: bool) -> Vec<Phase> {
    let mut v = vec![
        Phase::CommitStart {
            journal: EXT4_JOURNAL,
        },
        run(c.log_cycles()),
    ];
    if with_io {
        log_write(c, done, &mut v);
    }
    v.push(Phase::CommitEnd {
        journal: EXT4_JOURNAL,
    });
    v.push(run(Amount::Fixed(JBD2_WAKE_TAIL_CYCLES)));
    v
}

/// xfs's inode inactivation queued by a dbench client's `statfs`, per fsync cycle: 1,
/// **measured** to the nearest whole number. On the recording host `xfs_fs_statfs` calls
/// `xfs_inodegc_queue_all`, which queues `xfs_inodegc_worker` at once (`mod_delayed_work_on`,
/// no delay) on every CPU holding inodes that unlinks left to inactivate: 97% of the queuing of
/// that work under dbench-xfs-c1, nearly all the rest `xfs_inode_mark_reclaimable` in an unlink
/// (recordings/dbench-peer-wakes, "Inode inactivation"). In the committed recordings the
/// clients wake the per-CPU kworkers (`kworker/*:*`) 1338 / 2026 / 3171 times against 1723 /
/// 2193 / 3002 `Flush` operations at 1 / 2 / 4 clients: 0.78 / 0.92 / 1.06 per fsync, 0.945
/// pooled. The model queues it on the client's own CPU only (the host queues it on the other
/// CPU too when inodes wait there: 16% of the clients' queuing at two clients, not modelled).
const INODEGC_PER_FSYNC: u32 = 1;

/// The inodegc worker's run: exponential, mean 74k cycles (37 µs at the recording host's 2.0
/// GHz), **measured**: the `kworker/*:*` group's bursts in the committed dbench-xfs-c1 / c2 /
/// c4 recordings (mean 39.5 / 40.6 / 34.4 µs, p50 25.8 / 26.5 / 21.7 µs: the exponential's
/// median is 0.69 of its mean), weighted by their counts. The group also holds xfs-conv's
/// `xfs_end_io` runs (woken by ksoftirqd, 843 of the 2206 bursts at one client), which the
/// model does not have apart.
const INODEGC_CYCLES: Amount = Amount::Exp { mean: 74_000 };

/// jbd2's work after it wakes the waiters (the rest of the commit, back in kjournald2):
/// 16k cycles, 8 µs at the recording host's 2.0 GHz, **measured**: in dbench-ext4-c1 jbd2
/// blocks a median 8.0 µs after a wake-up it issues (recordings/README.md, "dbench"), 9.0 µs
/// in a loaded re-recording of 2026-12-02. The measured burst lengths (`log_cycles`) include
/// it, so the model's last burst of a commit is that much longer than the recording's.
const JBD2_WAKE_TAIL_CYCLES: u64 = 16_000;

/// The further device requests of a REQ_PREFLUSH | REQ_FUA write on a loop device: 2. The loop
/// device has a write cache and no FUA (drivers/block/loop.c, `loop_set_limits`: only
/// BLK_FEAT_WRITE_CACHE), so `blk_flush_policy` makes it PREFLUSH, DATA, POSTFLUSH
/// (block/blk-flush.c), each flush an fsync of the backing file (`lo_req_flush`).
const LOOP_FLUSH_REQUEUES: u8 = 2;

fn dbench(c: &DbenchConfig, clients: u32, topo: &Topology) -> Result<Generated, ConfigError> {
    let per_log = positive(c.ops_per_log(), "ops_per_log")?;
    let per_io = c.logs_per_io();
    check_irq(c.irq, topo, "irq")?;
    check_irq(c.commit_record_irq(), topo, "commit_record_irq")?;
    let log_force = c.xfs_fsync == XfsFsync::LogForce;
    if log_force && (c.variant != DbenchVariant::Xfs || c.kworkers != Kworkers::Bound) {
        // xfs-log is a bound workqueue: its completion work runs on the completing CPU
        return Err(field(
            "xfs_fsync",
            "log_force needs variant xfs with kworkers bound",
        ));
    }
    // the loop device's threads (`loop_device`) follow the benchmark's own tasks
    let n_cpus = topo.nr_cpus() as u32;
    let loop_base = match c.variant {
        // + the CIL push worker and the per-CPU inodegc workers
        DbenchVariant::Xfs if log_force => clients + 2 * n_cpus + 1,
        DbenchVariant::Xfs if c.kworkers == Kworkers::Bound => clients + n_cpus,
        DbenchVariant::Xfs => 2 * clients,
        DbenchVariant::Ext4 => clients + 1,
    };
    let (log_done, data_done) = match &c.loop_device {
        None => (IoCompletion::IRQ, IoCompletion::IRQ),
        Some(l) => {
            let via = |permille| IoCompletion {
                worker: Some(loop_base),
                ksoftirqd: Some(loop_base + 1),
                softirq_permille: permille,
                work: None,
                requeues: 0,
                // `loop_queue_rq` -> `loop_queue_work`: the submitter wakes the worker, which
                // writes into the backing file's page cache (no device time)
                at_submission: true,
            };
            (via(l.log_softirq_permille), via(l.data_softirq_permille))
        }
    };
    let client_prog = |partner: u32| {
        let mut body = rep(per_log, vec![run(c.op_cycles), ops()]);
        body.push(fsync(wake(partner, false)));
        vec![forever(body)]
    };
    let mut tasks = Vec::new();
    match c.variant {
        DbenchVariant::Xfs if log_force => {
            // Clients 0..n, then kworker/c:1H for every CPU c (ids n + c: xfs-log's workers,
            // WQ_HIGHPRI, bound), then the CIL push worker (id n + nr_cpus: xfs-cil, unbound).
            let (h_base, cil) = (clients, clients + n_cpus);
            let gc_base = cil + 1;
            // the iclog write's end (`xlog_bio_end_io`) queues `xlog_ioend_work` on the
            // completing CPU's kworker/N:1H, which wakes the client. On a loop device the
            // write (REQ_PREFLUSH | REQ_FUA) is blk-flush's three requests, each next one
            // dispatched by kblockd in the same kworker/N:1H pool
            let iclog_done = IoCompletion {
                at_submission: false,
                work: Some(h_base),
                requeues: if c.loop_device.is_some() {
                    LOOP_FLUSH_REQUEUES
                } else {
                    0
                },
                ..log_done
            };
            for k in 0..clients {
                // `statfs` calls queue the inode inactivation work on the client's CPU,
                // INODEGC_PER_FSYNC per fsync cycle, spread evenly over its operations
                let parts = INODEGC_PER_FSYNC + 1;
                let mut body = Vec::new();
                for i in 0..parts {
                    let n = per_log * (i + 1) / parts - per_log * i / parts;
                    if i > 0 {
                        body.push(Phase::Syscall {
                            body: vec![Phase::Wake {
                                task: TaskRef::PerCpu { base: gc_base },
                                sync: false,
                            }],
                        });
                    }
                    body.extend(rep(n, vec![run(c.op_cycles), ops()]));
                }
                // xfs_file_fsync
                let mut fsync = fsync_data_wait(c, data_done);
                // xfs_log_force_seq -> xlog_cil_force_seq -> xlog_cil_push_now: flush the CIL
                // push workqueue (the pushes queued before: another client's), then queue the
                // push work; the push has not started yet, so `restart` calls
                // xlog_cil_push_now again, whose flush waits for this push to finish
                // (engine/sim/workqueue.rs). Measured on the host: 99.5-100% of the pushes are
                // queued by an fsync's xlog_cil_push_now, the worker completes 1.0 (two clients)
                // / 0.81 (four) flushers per push, and the clients flushing behind that one are
                // woken by it (recordings/dbench-peer-wakes)
                fsync.push(Phase::FlushWorkqueue {
                    task: TaskRef::Task(cil),
                });
                fsync.push(Phase::Wake {
                    task: TaskRef::Task(cil),
                    sync: false,
                });
                fsync.push(Phase::FlushWorkqueue {
                    task: TaskRef::Task(cil),
                });
                // xlog_force_lsn: the iclog goes out (REQ_PREFLUSH | REQ_FUA: the commit
                // record's latency) and xlog_wait_on_iclog sleeps until xlog_ioend_work
                let n = c.ios_per_log();
                for i in 0..n {
                    let (ns, irq) = match c.commit_record_io_ns {
                        Some(ns) if i + 1 == n => (ns, c.commit_record_irq()),
                        _ => (c.io_ns, c.irq),
                    };
                    fsync.push(Phase::Io {
                        ns,
                        irq,
                        completion: iclog_done,
                        submit_only: false,
                    });
                }
                body.push(Phase::Syscall { body: fsync });
                tasks.push(task(format!("dbench/{k}"), vec![forever(body)]));
            }
            apply_start(c.start, &mut tasks, |i| i as u64, topo)?;
            for cpu in 0..topo.nr_cpus() as u16 {
                // xlog_ioend_work -> xlog_state_done_syncing -> xlog_state_do_callback
                let body = vec![forever(work_item(vec![Phase::CompleteIo {
                    cycles: c.log_cycles(),
                }]))];
                let mut t = kthread(format!("kworker/{cpu}:1H"), body);
                t.class = SchedClass::Fair { nice: -20 };
                t.affinity = Some(CpuMask::single(cpu));
                t.start_cpu = Some(cpu);
                tasks.push(t);
            }
            // xlog_cil_push_work: format the checkpoint into the iclogs; its end completes the
            // first client flushing the workqueue (a client waiting on xc_commit_wait instead,
            // woken by xlog_cil_set_ctx_write_state, is rare on the host: 24 / 9 such wake-ups
            // in 10 s at two / four clients against 12 397 / 11 790 flush completions,
            // recordings/dbench-peer-wakes; not modelled)
            let body = work_item(vec![wait(), run(c.log_cycles())]);
            tasks.push(kthread("kworker/u:cil".into(), vec![forever(body)]));
            // xfs_inodegc_worker on each CPU's xfs-inodegc worker (bound, not high priority:
            // `kworker/N:M`, nice 0)
            for cpu in 0..topo.nr_cpus() as u16 {
                let body = work_item(vec![wait(), run(INODEGC_CYCLES)]);
                let mut t = kthread(format!("kworker/{cpu}:1"), vec![forever(body)]);
                t.affinity = Some(CpuMask::single(cpu));
                t.start_cpu = Some(cpu);
                tasks.push(t);
            }
        }
        DbenchVariant::Xfs if c.kworkers == Kworkers::Bound => {
            // Clients 0..n, then kworker/c:1H for every CPU c (ids n + c), pinned, nice -20.
            let base = clients;
            for k in 0..clients {
                let mut body = rep(per_log, vec![run(c.op_cycles), ops()]);
                body.push(fsync(Phase::Wake {
                    task: TaskRef::PerCpu { base },
                    sync: false,
                }));
                tasks.push(task(format!("dbench/{k}"), vec![forever(body)]));
            }
            apply_start(c.start, &mut tasks, |i| i as u64, topo)?;
            let body = log_requests(c, log_done, TaskRef::Sender, per_io);
            for cpu in 0..topo.nr_cpus() as u16 {
                let mut t = kthread(format!("kworker/{cpu}:1H"), vec![forever(body.clone())]);
                t.class = SchedClass::Fair { nice: -20 };
                t.affinity = Some(CpuMask::single(cpu));
                t.start_cpu = Some(cpu);
                tasks.push(t);
            }
        }
        DbenchVariant::Xfs => {
            // Client k = 2k; its unbound kworker = 2k + 1.
            for k in 0..clients {
                let (cl, kw) = (2 * k, 2 * k + 1);
                tasks.push(task(format!("dbench/{k}"), client_prog(kw)));
                let body = log_requests(c, log_done, TaskRef::Task(cl), per_io);
                tasks.push(kthread(format!("kworker/u:{k}"), vec![forever(body)]));
            }
            apply_start(c.start, &mut tasks, |i| (i / 2) as u64, topo)?;
        }
        DbenchVariant::Ext4 => {
            // Clients 0..n, then the one jbd2 thread (id n). A client's fsync asks for the
            // commit of the running transaction and waits for it; jbd2 commits whatever was
            // requested when it starts (group commit: clients that fsync meanwhile join the
            // next transaction) and wakes every waiter at the end (engine/sim/journal.rs).
            for k in 0..clients {
                let mut body = rep(per_log, vec![run(c.op_cycles), ops()]);
                // ext4_sync_file: write and wait for the data, then the commit
                let mut fsync = fsync_data_wait(c, data_done);
                fsync.push(Phase::CommitWait {
                    journal: EXT4_JOURNAL,
                });
                body.push(Phase::Syscall { body: fsync });
                tasks.push(task(format!("dbench/{k}"), vec![forever(body)]));
            }
            let body = match per_io {
                0 => jbd2_commit(c, log_done, false),
                1 => jbd2_commit(c, log_done, true),
                n => {
                    let mut b = rep(n - 1, jbd2_commit(c, log_done, false));
                    b.extend(jbd2_commit(c, log_done, true));
                    b
                }
            };
            // kjournald2 itself has no cond_resched: jbd2 is preempted where it sleeps and at the
            // commit's own cond_resched calls (`log_write`)
            tasks.push(kthread("jbd2/sda1-8".into(), vec![forever(body)]));
            let jbd2 = clients;
            apply_start(
                c.start,
                &mut tasks,
                |i| if i as u32 == jbd2 { 0 } else { i as u64 },
                topo,
            )?;
        }
    }
    if let Some(l) = &c.loop_device {
        debug_assert_eq!(tasks.len() as u32, loop_base);
        loop_device_threads(l, topo, &mut tasks);
    }
    Ok(Generated {
        tasks,
        templates: vec![],
        metric: throughput("MB/sec", c.bytes_per_op as f64 / 1e6),
        stop_when_all_exited: false,
        forks: 0,
    })
}

/// The start of a client's fsync: the wait for the file's dirty data
/// (`file_write_and_wait_range`, `fsync_io_ns`), if it has one, completed through `done`.
/// On a loop device whose `data_submit_cycles` is set, the client goes on after waking the
/// worker (the rest of `filemap_fdatawrite_range`'s submission, then `cond_resched` in its page
/// loop) before it sleeps in `filemap_fdatawait_range` (`submitted_io`).
fn fsync_data_wait(c: &DbenchConfig, done: IoCompletion) -> Vec<Phase> {
    let Some(ns) = c.fsync_io_ns() else {
        return vec![];
    };
    let tail = c.loop_device.as_ref().and_then(|l| l.data_submit_cycles);
    submitted_io(ns, c.irq, done, tail)
}

/// An IO of `ns` through `done`; when `done` takes it at submission and `tail` is set, the
/// submitter queues it, runs `tail`, passes a `cond_resched`, then waits for it
/// (`submit_only`, `io_wait`), else it waits at once. A client's data; jbd2's journal blocks
/// have their own order (`log_write`: the `cond_resched` comes before the unplug that wakes the
/// worker).
fn submitted_io(ns: Amount, irq: IrqRoute, done: IoCompletion, tail: Option<Amount>) -> Vec<Phase> {
    let io = |submit_only| Phase::Io {
        ns,
        irq,
        completion: done,
        submit_only,
    };
    match tail {
        Some(tail) if done.at_submission => {
            vec![io(true), run(tail), Phase::CondResched, Phase::IoWait]
        }
        _ => vec![io(false)],
    }
}

/// The kernel threads of a loop device's IO completions (`loop_device`, engine/sim/completion.rs):
/// the loop device's worker (an unbound workqueue's kworker, `loop_process_work`; not per-CPU,
/// nice 0: `alloc_workqueue("loop%d", WQ_UNBOUND | WQ_FREEZABLE, 0)`), then `ksoftirqd/N` for
/// every CPU N (per-CPU kthreads, nice 0, `spawn_ksoftirqd`), each running `complete_io`.
fn loop_device_threads(l: &LoopDevice, topo: &Topology, tasks: &mut Vec<TaskSpec>) {
    // loop_process_work: `cond_resched()` after each command (drivers/block/loop.c)
    let worker = vec![forever(vec![
        Phase::CompleteIo {
            cycles: l.worker_cycles,
        },
        Phase::CondResched,
    ])];
    tasks.push(kthread("kworker/u:loop0".into(), worker));
    for cpu in 0..topo.nr_cpus() as u16 {
        // run_ksoftirqd: `cond_resched()` after handle_softirqs (kernel/softirq.c)
        let body = vec![forever(vec![
            Phase::CompleteIo {
                cycles: l.softirq_cycles,
            },
            Phase::CondResched,
        ])];
        let mut t = kthread(format!("ksoftirqd/{cpu}"), body);
        t.affinity = Some(CpuMask::single(cpu));
        t.start_cpu = Some(cpu);
        tasks.push(t);
    }
}

fn check_irq(r: IrqRoute, topo: &Topology, name: &'static str) -> Result<(), ConfigError> {
    if let IrqRoute::Cpu(c) = r {
        if c as usize >= topo.nr_cpus() {
            return Err(field(
                name,
                format!("CPU {c} does not exist ({} CPUs)", topo.nr_cpus()),
            ));
        }
    }
    Ok(())
}

// ---- hackbench ---------------------------------------------------------------------------

fn hackbench(
    c: &HackbenchConfig,
    groups: u32,
    n_background: u32,
    topo: &Topology,
) -> Result<Generated, ConfigError> {
    if c.tasks_per_group < 2 || !c.tasks_per_group.is_multiple_of(2) || c.tasks_per_group > 2000 {
        return Err(field(
            "tasks_per_group",
            format!(
                "must be even and between 2 and 2000 (got {})",
                c.tasks_per_group
            ),
        ));
    }
    let loops = positive(c.loops, "loops")?;
    if c.launcher_cpu as usize >= topo.nr_cpus() {
        return Err(field(
            "launcher_cpu",
            format!(
                "CPU {} does not exist ({} CPUs)",
                c.launcher_cpu,
                topo.nr_cpus()
            ),
        ));
    }
    let fds = c.tasks_per_group / 2;
    let children = groups as u64 * c.tasks_per_group as u64;
    if children + 1 > u16::MAX as u64 {
        return Err(ConfigError::TooLarge(format!(
            "{children} tasks exceed the start barrier's 65534 parties"
        )));
    }
    let reads = fds
        .checked_mul(loops)
        .ok_or_else(|| ConfigError::TooLarge("loops x senders overflows".into()))?;
    let parent: u32 = 0;
    // Initial tasks: the parent, then interference; children follow in fork order.
    let fork_base = 1 + n_background;
    let gate = Phase::Barrier {
        id: HACKBENCH_GATE,
        parties: (children + 1) as u16,
    };
    let (wr, rd, fk) = (c.write_cycles(), c.read_cycles(), c.fork_cycles());
    let kind = match c.mode {
        HackbenchMode::Process => "process",
        HackbenchMode::Thread => "thread",
    };
    // Each receiver reads its own pipe / socketpair; every sender of the group writes to all
    // of them (hackbench's `out_fds`), so the senders share the receiver's buffer.
    let inbox = match c.ipc {
        HackbenchIpc::Pipe => Inbox::default(),
        HackbenchIpc::Socket => Inbox::Unix {
            sndbuf: SK_WMEM_DEFAULT,
        },
    };
    // Each read and write is one system call (`syscall`): without CONFIG_PREEMPT a preemption
    // decided inside it waits for its return (the recording host runs `Dynamic Preempt: none`).
    // Template 0: receiver (every group's receivers run the same program).
    let mut templates = vec![task(
        format!("hackbench-{kind}/receiver"),
        vec![
            gate.clone(),
            Phase::Loop {
                count: Some(reads),
                body: vec![Phase::Syscall {
                    body: vec![
                        Phase::Recv {
                            bytes: HACKBENCH_DATASIZE,
                            inbox,
                        },
                        run(rd),
                    ],
                }],
            },
            wake(parent, false),
            Phase::Exit,
        ],
    )];
    let mut parent_prog = vec![Phase::Exec, run(c.exec_cycles())];
    for g in 0..groups {
        let first_rx = fork_base + g * c.tasks_per_group;
        let mut burst = Vec::with_capacity(2 * fds as usize);
        for r in 0..fds {
            burst.push(Phase::Syscall {
                body: vec![
                    run(wr),
                    Phase::Send {
                        task: TaskRef::Task(first_rx + r),
                        bytes: HACKBENCH_DATASIZE,
                    },
                ],
            });
        }
        let sender = vec![
            gate.clone(),
            Phase::Loop {
                count: Some(loops),
                body: burst,
            },
            wake(parent, false),
            Phase::Exit,
        ];
        check_program_len(ops_len(&sender), "sender")?;
        templates.push(task(format!("hackbench-{kind}/sender/g{g}"), sender));
        parent_prog.extend(rep(fds, vec![run(fk), Phase::Fork { template: 0 }]));
        parent_prog.extend(rep(fds, vec![run(fk), Phase::Fork { template: 1 + g }]));
    }
    parent_prog.push(gate);
    parent_prog.push(Phase::Loop {
        count: Some(children as u32),
        body: vec![wait()],
    });
    parent_prog.push(Phase::Exit);
    check_program_len(ops_len(&parent_prog), "hackbench parent (too many groups)")?;
    let mut p = task("hackbench".into(), parent_prog);
    p.start_cpu = Some(c.launcher_cpu);
    if c.start_ms > 60_000 {
        return Err(field("start_ms", "at most 60000"));
    }
    p.start_ns = c.start_ms * 1_000_000;
    Ok(Generated {
        tasks: vec![p],
        templates,
        metric: Metric::CompletionTime,
        stop_when_all_exited: true,
        forks: children as u32,
    })
}

// ---- pgbench -----------------------------------------------------------------------------

/// Statements of pgbench's TPC-B-like transaction (the only script with row locks here).
const PGBENCH_TPCB_STATEMENTS: u32 = 7;
/// The largest `scale`: the three tables' 100 011 x scale row ids fit the lock ids' u32.
pub const MAX_PGBENCH_SCALE: u32 = 40_000;

/// One of the PostgreSQL server's own processes, a timer-woken loop: run `burst_cycles`, then
/// sleep in `WaitLatch` for the process's delay GUC (an `epoll_wait` with a timeout).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PgAux {
    /// Task name (`postgres/...`: the `postgres` group of the recordings, where every server
    /// process has comm `postgres`).
    pub name: &'static str,
    /// Sleep from the block to the timer's wake-up (ns).
    pub sleep_ns: u64,
    /// CPU per wake-up, uniform (cycles at the recording host's nominal 2.0 GHz).
    pub burst_cycles: (u64, u64),
}

/// The server processes that run in the recordings' 3 s windows (recordings/host-2vcpu,
/// pgbench-*.summary.json, `tasks`; recordings/README.md, pgbench, "The server's own
/// processes"), PostgreSQL 15 defaults. Two `postgres` tasks in each recording run a burst of
/// ~20-25 µs and sleep 200.2 ms (sleep p50 200.197-200.205 ms over the eight such tasks),
/// woken by a timer: the background writer (`bgwriter_delay` = 200 ms) and the WAL writer
/// (`wal_writer_delay` = 200 ms), both waiting in `WaitLatch` = `epoll_wait(200)`, whose
/// timer the kernel sets with 0.1% slack (fs/select.c, `select_estimate_accuracy`: 200 µs),
/// hence 200.2 ms. Which pid is which is read from the server's start order (checkpointer,
/// bgwriter, startup, walwriter; `ps` in recordings/pgbench-rw-handoffs labels them, where
/// both sleep on a timer for a median 200.22-200.23 ms). Bursts: the median over the
/// recordings of each task's burst p10 and p90, as a uniform (the p50s 24.6 and 20.5 µs lie
/// inside): bgwriter 20.1-40.2 µs (pids 12074, 2765, 15803 of select-c1, rw-c1, rw-c2),
/// walwriter 17.6-30.4 µs (12076, 2772, 15805 and 2772 in select-c4, rw-c4). Not modelled:
/// their hibernation (the bgwriter sleeps 50 x `bgwriter_delay` after two cycles with no
/// buffer allocation, the walwriter 25 x `wal_writer_delay` after 50 idle cycles: the
/// bgwriter did not run in select-c4 and rw-c4 and woke 8 times in select-c1), their
/// occasional latch wake-ups by backends, and the processes that do not run in a 3 s window
/// (checkpointer: `checkpoint_timeout` = 5 min; autovacuum launcher: `autovacuum_naptime` =
/// 1 min; logical replication launcher: 3 min) or run only while pgbench connects (postmaster,
/// pgbench's setup connection's backend): docs/model.md.
pub const PG_AUX: [PgAux; 2] = [
    PgAux {
        name: "postgres/bgwriter",
        sleep_ns: 200_200_000,
        burst_cycles: (40_200, 80_400),
    },
    PgAux {
        name: "postgres/walwriter",
        sleep_ns: 200_200_000,
        burst_cycles: (35_200, 60_800),
    },
];

fn pgbench(c: &PgbenchConfig, clients: u32, topo: &Topology) -> Result<Generated, ConfigError> {
    let stmts = positive(c.statements_per_txn, "statements_per_txn")?;
    check_irq(c.irq, topo, "irq")?;
    let inbox = match c.socket {
        PgbenchSocket::Unix => Inbox::Unix {
            sndbuf: SK_WMEM_DEFAULT,
        },
        PgbenchSocket::Tcp => tcp_inbox(),
    };
    let recv = Phase::Recv {
        bytes: PGBENCH_MESSAGE_BYTES,
        inbox,
    };
    // a send is a system call: the wake-up of the reader, then the rest of the call in kernel
    // mode, where without CONFIG_PREEMPT the woken reader's preemption waits (as rr_pairs')
    let send = |to: u32| Phase::Syscall {
        body: [
            vec![Phase::Send {
                task: TaskRef::Task(to),
                bytes: PGBENCH_MESSAGE_BYTES,
            }],
            run_if(c.send_return_cycles),
        ]
        .concat(),
    };
    // The TPC-B-like script's row locks (pgbench's built-in `tpcb-like`: BEGIN; UPDATE
    // pgbench_accounts; SELECT; UPDATE pgbench_tellers; UPDATE pgbench_branches; INSERT; END),
    // each UPDATE's row drawn per transaction as pgbench's `random(1, n * :scale)`; the three
    // tables' ids follow each other in one lock space.
    let locks = c.scale > 0 && stmts == PGBENCH_TPCB_STATEMENTS;
    let (accounts, tellers, branches) = (100_000 * c.scale, 10 * c.scale, c.scale);
    let table = |base: u32, rows: u32| Amount::Uniform {
        lo: u64::from(base),
        hi: u64::from(base + rows - 1),
    };
    let row_lock = |i: u32| -> Option<Amount> {
        match i {
            _ if !locks => None,
            1 => Some(table(0, accounts)),
            3 => Some(table(accounts, tellers)),
            4 => Some(table(accounts + tellers, branches)),
            _ => None,
        }
    };
    let mut tasks = Vec::with_capacity(2 * clients as usize);
    for k in 0..clients {
        let (cl, be) = (2 * k, 2 * k + 1);
        let mut body = rep(
            stmts,
            [
                vec![run(c.client_cycles), send(be)],
                run_if(c.client_after_send_cycles),
                vec![recv.clone()],
            ]
            .concat(),
        );
        body.push(ops());
        tasks.push(task(format!("pgbench/{k}"), vec![forever(body)]));
        // statement i of a transaction: read it, execute it (an UPDATE of the TPC-B-like
        // script locks its row first; the commit flushes the WAL, one for the server, flushed
        // by whichever backend takes its write lock, then releases the row locks), send the
        // result, go back to reading
        let stmt = |i: u32, io: bool| {
            let mut v = vec![recv.clone()];
            v.extend(row_lock(i).map(|id| Phase::Lock { id }));
            v.push(run(c.backend_cycles));
            if io {
                v.push(Phase::WalFlush {
                    wal: 0,
                    ns: c.io_ns,
                    irq: c.irq,
                    ios: u8::try_from(c.ios_per_flush).unwrap_or(u8::MAX),
                    extra_io_permille: c.metadata_io_permille,
                });
            }
            if locks && i == stmts - 1 {
                v.push(Phase::UnlockAll);
            }
            v.push(send(cl));
            v.extend(run_if(c.backend_after_send_cycles));
            v
        };
        // a transaction: statement by statement if it takes row locks, else a loop
        let txn = |io: bool| -> Vec<Phase> {
            if locks {
                (0..stmts)
                    .flat_map(|i| stmt(i, io && i == stmts - 1))
                    .collect()
            } else {
                let mut t = rep(stmts - 1, stmt(0, false));
                t.extend(stmt(stmts - 1, io));
                t
            }
        };
        let body = match c.txns_per_io {
            0 => txn(false),
            1 => txn(true),
            n if locks => {
                let mut b = rep(n - 1, txn(false));
                b.extend(txn(true));
                b
            }
            n => {
                let mut b = rep(n - 1, rep(stmts, stmt(0, false)));
                b.extend(txn(true));
                b
            }
        };
        tasks.push(task(format!("postgres/{k}"), vec![forever(body)]));
    }
    if c.aux_processes {
        // long-lived: each is at a random point of its period when the run starts
        for a in PG_AUX {
            let (lo, hi) = a.burst_cycles;
            tasks.push(task(
                a.name.into(),
                vec![
                    Phase::Sleep {
                        ns: Amount::Uniform {
                            lo: 0,
                            hi: a.sleep_ns,
                        },
                    },
                    forever(vec![
                        run(Amount::Uniform { lo, hi }),
                        Phase::Sleep {
                            ns: Amount::Fixed(a.sleep_ns),
                        },
                    ]),
                ],
            ));
        }
    }
    // the server processes start with the first pair (group 0)
    let pairs = 2 * clients as usize;
    apply_start(
        c.start,
        &mut tasks,
        |i| if i < pairs { (i / 2) as u64 } else { 0 },
        topo,
    )?;
    Ok(Generated {
        tasks,
        templates: vec![],
        metric: throughput("tps", 1.0),
        stop_when_all_exited: false,
        forks: 0,
    })
}

// ---- schbench ----------------------------------------------------------------------------

fn schbench(c: &SchbenchConfig, workers: u32, topo: &Topology) -> Result<Generated, ConfigError> {
    let m = if c.message_threads == 0 {
        topo.nr_nodes() as u32
    } else {
        c.message_threads
    };
    if m > super::MAX_CLIENTS {
        return Err(field(
            "message_threads",
            format!("at most {}", super::MAX_CLIENTS),
        ));
    }
    if c.percentile == 0 || c.percentile > 100 {
        return Err(field(
            "percentile",
            format!("must be between 1 and 100 (got {})", c.percentile),
        ));
    }
    if (m as u64) * (workers as u64 + 1) > crate::engine::MAX_TASKS as u64 {
        return Err(ConfigError::TooLarge(format!(
            "{m} message threads x {workers} workers exceed {} tasks",
            crate::engine::MAX_TASKS
        )));
    }
    let mut tasks = Vec::new();
    for mt in 0..m {
        let base = mt * (workers + 1);
        let mut body = vec![
            Phase::Sleep { ns: c.sleep_ns },
            Phase::Loop {
                count: Some(workers),
                body: vec![wait()],
            },
        ];
        for w in 0..workers {
            body.push(run(c.msg_cycles));
            body.push(wake(base + 1 + w, false));
        }
        let prog = vec![forever(body)];
        check_program_len(ops_len(&prog), "schbench message thread (too many workers)")?;
        tasks.push(task(format!("schbench-msg/{mt}"), prog));
        for w in 0..workers {
            tasks.push(task(
                format!("schbench-worker/{mt}.{w}"),
                vec![forever(vec![
                    wake(base, false),
                    wait(),
                    run(c.work_cycles),
                    ops(),
                ])],
            ));
        }
    }
    let per = workers as usize + 1;
    apply_start(c.start, &mut tasks, |i| (i % per) as u64, topo)?;
    Ok(Generated {
        tasks,
        templates: vec![],
        metric: Metric::Latency {
            percentile: c.percentile,
        },
        stop_when_all_exited: false,
        forks: 0,
    })
}

// ---- barrier -----------------------------------------------------------------------------

fn barrier(c: &BarrierConfig, threads: u32, topo: &Topology) -> Result<Generated, ConfigError> {
    let b = Phase::Barrier {
        id: BARRIER_ID,
        parties: threads as u16,
    };
    let mut tasks: Vec<TaskSpec> = (0..threads)
        .map(|k| {
            task(
                format!("barrier/{k}"),
                vec![forever(vec![run(c.work_cycles), b.clone(), ops()])],
            )
        })
        .collect();
    apply_start(c.start, &mut tasks, |i| i as u64, topo)?;
    Ok(Generated {
        tasks,
        templates: vec![],
        metric: throughput("iterations/s", 1.0 / threads as f64),
        stop_when_all_exited: false,
        forks: 0,
    })
}

// ---- custom ------------------------------------------------------------------------------

fn custom(c: &CustomConfig, clients: u32) -> Result<Generated, ConfigError> {
    if c.tasks.is_empty() {
        return Err(field("tasks", "at least one task is needed"));
    }
    let copies = if c.replicate { clients } else { 1 };
    let n = c.tasks.len() as u64 * copies as u64;
    if n > crate::engine::MAX_TASKS as u64 {
        return Err(ConfigError::TooLarge(format!(
            "{n} tasks exceed the engine's {}",
            crate::engine::MAX_TASKS
        )));
    }
    let mut tasks = Vec::with_capacity(n as usize);
    for k in 0..copies {
        for t in &c.tasks {
            let mut t = t.clone();
            if c.replicate {
                offset_refs(&mut t.program, k * c.tasks.len() as u32)
                    .ok_or(ConfigError::RefOverflow)?;
                t.name = format!("{}/{k}", t.name);
            }
            tasks.push(t);
        }
    }
    Ok(Generated {
        tasks,
        templates: c.templates.clone(),
        metric: c.metric.clone(),
        stop_when_all_exited: c.stop_when_all_exited,
        forks: 0,
    })
}
