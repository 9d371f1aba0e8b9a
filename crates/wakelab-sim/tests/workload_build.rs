//! Workload generators: the interaction pattern of each benchmark, checked on the task lists.

use expect_test::expect;
use wakelab_sim::cpumask::{CpuMask, parse_cpulist};
use wakelab_sim::engine::behaviour::{
    Amount, Inbox, IrqRoute, Phase, SchedClass, TaskRef, TaskSpec,
};
use wakelab_sim::engine::{Histogram, IrqSource, MAX_TASKS};
use wakelab_sim::topology::{MachineShape, Numbering, Topology};
use wakelab_sim::workload::{
    self, HACKBENCH_GATE, Interference, Metric, PG_AUX, WorkloadBuild, WorkloadConfig,
    WorkloadError,
};

fn topo(sockets: u16, cores: u16, smt: u8) -> Topology {
    Topology::new(&MachineShape::symmetric(sockets, 1, cores, smt)).unwrap()
}

fn pixel2() -> Topology {
    Topology::new(&MachineShape {
        sockets: 1,
        nodes_per_socket: 1,
        llcs_per_socket: 2,
        cores_per_llc: 4,
        smt: 1,
        numbering: Numbering::Linear,
        cluster_capacity: vec![512, 1024],
        numa_remote_distance: 21,
        numa_socket_distance: 11,
    })
    .unwrap()
}

fn cfg(j: serde_json::Value) -> WorkloadConfig {
    serde_json::from_value(j).unwrap()
}

fn itf(j: serde_json::Value) -> Interference {
    serde_json::from_value(j).unwrap()
}

fn build(j: serde_json::Value, clients: u32) -> WorkloadBuild {
    workload::build(&cfg(j), &[], clients, &topo(1, 4, 2)).unwrap()
}

/// Flatten a program (loop bodies inlined once) for pattern checks.
fn flat(p: &[Phase]) -> Vec<Phase> {
    let mut v = Vec::new();
    for ph in p {
        match ph {
            Phase::Loop { body, .. } | Phase::Syscall { body } => v.extend(flat(body)),
            x => v.push(x.clone()),
        }
    }
    v
}

fn wakes(p: &[Phase]) -> Vec<(u32, bool)> {
    flat(p)
        .into_iter()
        .filter_map(|ph| match ph {
            Phase::Wake {
                task: TaskRef::Task(t),
                sync,
            } => Some((t, sync)),
            _ => None,
        })
        .collect()
}

/// (target, bytes) of every `send`, in program order.
fn sends(p: &[Phase]) -> Vec<(u32, u32)> {
    flat(p)
        .into_iter()
        .filter_map(|ph| match ph {
            Phase::Send {
                task: TaskRef::Task(t),
                bytes,
            } => Some((t, bytes)),
            _ => None,
        })
        .collect()
}

/// The inbox of every `recv`, in program order.
fn recv_inboxes(p: &[Phase]) -> Vec<Inbox> {
    flat(p)
        .into_iter()
        .filter_map(|ph| match ph {
            Phase::Recv { inbox, .. } => Some(inbox),
            _ => None,
        })
        .collect()
}

fn count(p: &[Phase], f: &dyn Fn(&Phase) -> bool) -> usize {
    flat(p).iter().filter(|ph| f(ph)).count()
}

#[test]
fn tbench_pairs_ping_pong_over_loopback_tcp() {
    let b = build(serde_json::json!({"kind": "tbench"}), 3);
    assert_eq!(b.tasks.len(), 6);
    let tcp = Inbox::Tcp {
        limit: 81_920,
        net_rx_cycles: 10_440,
        net_rx_local_cycles: 2_260,
    };
    for k in 0..3u32 {
        let (c, s) = (&b.tasks[2 * k as usize], &b.tasks[2 * k as usize + 1]);
        // no token wake-ups: the request and the reply are sends into the peer's TCP socket
        assert!(wakes(&c.program).is_empty() && wakes(&s.program).is_empty());
        assert_eq!(
            sends(&c.program),
            vec![(2 * k + 1, 5_630)],
            "client {k} -> server"
        );
        assert_eq!(
            sends(&s.program),
            vec![(2 * k, 5_630)],
            "server {k} -> client"
        );
        assert_eq!(recv_inboxes(&c.program), vec![tcp]);
        assert_eq!(recv_inboxes(&s.program), vec![tcp]);
        // client: run, one system call (the send, then the rest of tcp_sendmsg in kernel mode),
        // run on into recv, recv the reply, op; server: recv first, run, the reply's system
        // call, run on. `[` `]` mark the system call.
        fn kinds(p: &[Phase], out: &mut Vec<&'static str>) {
            for x in p {
                match x {
                    Phase::Loop { body, .. } => kinds(body, out),
                    Phase::Syscall { body } => {
                        out.push("[");
                        kinds(body, out);
                        out.push("]");
                    }
                    Phase::Run { .. } => out.push("run"),
                    Phase::Send { .. } => out.push("send"),
                    Phase::Recv { .. } => out.push("recv"),
                    Phase::Ops { .. } => out.push("ops"),
                    _ => out.push("other"),
                }
            }
        }
        let shape = |p: &[Phase]| {
            let mut v = Vec::new();
            kinds(p, &mut v);
            v
        };
        assert_eq!(
            shape(&c.program),
            ["run", "[", "send", "run", "]", "run", "recv", "ops"]
        );
        assert_eq!(
            shape(&s.program),
            ["recv", "run", "[", "send", "run", "]", "run"]
        );
        // launcher start: everything on CPU 0, pair k at k * stagger
        assert_eq!(c.start_cpu, Some(0));
        assert_eq!(c.start_ns, s.start_ns);
    }
    assert!(b.tasks[2].start_ns > b.tasks[0].start_ns);
    assert!(b.metric.higher_is_better());
    assert_eq!(b.metric.unit(), "MB/sec");
    assert!(!b.stop_when_all_exited);
    assert_eq!(b.background_tasks, 0);
}

#[test]
fn dbench_xfs_unbound_clients_wake_their_kworker_and_wait() {
    let b = build(
        serde_json::json!({"kind": "dbench", "variant": "xfs", "kworkers": "unbound"}),
        2,
    );
    assert_eq!(b.tasks.len(), 4);
    for k in 0..2u32 {
        let c = &b.tasks[2 * k as usize];
        let kw = &b.tasks[2 * k as usize + 1];
        assert!(kw.name.starts_with("kworker/"));
        assert_eq!(kw.affinity, None, "unbound kworker");
        assert_eq!(
            wakes(&c.program),
            vec![(2 * k + 1, false)],
            "queue_work is not a sync wake-up"
        );
        let cf = flat(&c.program);
        assert!(
            matches!(cf[cf.len() - 1], Phase::Wait),
            "client waits for the kworker"
        );
        assert!(wakes(&kw.program).iter().all(|&(t, _)| t == 2 * k));
        // the kworker writes the log every 16th request (default) with a round-robin completion
        let ios: Vec<_> = flat(&kw.program)
            .into_iter()
            .filter_map(|p| {
                if let Phase::Io { irq, .. } = p {
                    Some(irq)
                } else {
                    None
                }
            })
            .collect();
        assert_eq!(ios, vec![IrqRoute::RoundRobin]);
        match &kw.program[0] {
            Phase::Loop { count: None, body } => match &body[0] {
                Phase::Loop {
                    count: Some(15), ..
                } => {}
                other => panic!("expected 15 requests without IO, got {other:?}"),
            },
            other => panic!("kworker should loop forever, got {other:?}"),
        }
    }
}

#[test]
fn dbench_ext4_clients_share_one_jbd2_thread() {
    let b = build(
        serde_json::json!({"kind": "dbench", "variant": "ext4", "irq": {"cpu": 3}}),
        3,
    );
    assert_eq!(b.tasks.len(), 4);
    let jbd2 = &b.tasks[3];
    assert!(jbd2.name.starts_with("jbd2"));
    for k in 0..3 {
        // the client's fsync: one system call that waits for its data, then asks jbd2 for a
        // commit and sleeps until the commit is done (group commit, engine/sim/journal.rs)
        assert_eq!(wakes(&b.tasks[k].program), vec![]);
        match &b.tasks[k].program[..] {
            [Phase::Loop { body, .. }] => match body.last() {
                Some(Phase::Syscall { body }) => match &body[..] {
                    [
                        Phase::Io {
                            irq: IrqRoute::Cpu(3),
                            ..
                        },
                        Phase::CommitWait { journal: 0 },
                    ] => {}
                    f => panic!("client {k}'s fsync: {f:?}"),
                },
                f => panic!("client {k}: {f:?}"),
            },
            p => panic!("client {k}: {p:?}"),
        }
    }
    // jbd2 takes the requested transaction, commits it (a journal write of two IO waits, the
    // journal blocks and the commit record, completing on CPU 3) and wakes every waiter; its
    // program does not name the clients
    assert_eq!(wakes(&jbd2.program), vec![]);
    match &jbd2.program[..] {
        [Phase::Loop { body, .. }] => {
            assert_eq!(body.first(), Some(&Phase::CommitStart { journal: 0 }));
            assert_eq!(
                count(body, &|p| matches!(p, Phase::CommitEnd { journal: 0 })),
                1
            );
        }
        p => panic!("jbd2: {p:?}"),
    }
    assert_eq!(
        count(&jbd2.program, &|p| matches!(
            p,
            Phase::Io {
                irq: IrqRoute::Cpu(3),
                ..
            }
        )),
        2
    );
    // four runs per commit: before the write, after each IO wait, and after the wake-ups
    assert_eq!(count(&jbd2.program, &|p| matches!(p, Phase::Run { .. })), 4);
    // an IRQ route to a CPU that does not exist is refused
    let e = workload::build(
        &cfg(serde_json::json!({"kind": "dbench", "variant": "ext4", "irq": {"cpu": 8}})),
        &[],
        1,
        &topo(1, 4, 2),
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("irq: CPU 8"), "{e}");
}

/// `commit_record_irq` routes only the log write's last IO (ext4's commit record, xfs
/// `log_force`'s iclog write): the other IOs keep `irq`; a CPU that does not exist is refused
/// under the field's own name.
#[test]
fn dbench_commit_record_irq_routes_only_the_last_log_io() {
    let io_irqs = |program: &[Phase]| -> Vec<IrqRoute> {
        flat(program)
            .iter()
            .filter_map(|p| match p {
                Phase::Io { irq, .. } => Some(*irq),
                _ => None,
            })
            .collect()
    };
    let ext4 = build(
        serde_json::json!({"kind": "dbench", "variant": "ext4", "irq": "issuer",
            "commit_record_io_ns": 1000, "commit_record_irq": {"cpu": 1}}),
        2,
    );
    // the clients' data waits keep `irq`; jbd2's journal blocks too, its commit record not
    assert_eq!(io_irqs(&ext4.tasks[0].program), vec![IrqRoute::Issuer]);
    assert_eq!(
        io_irqs(&ext4.tasks[2].program),
        vec![IrqRoute::Issuer, IrqRoute::Cpu(1)]
    );
    let xfs = build(
        serde_json::json!({"kind": "dbench", "variant": "xfs", "xfs_fsync": "log_force",
            "irq": "issuer", "fsync_io_ns": 1000, "commit_record_io_ns": 1000,
            "commit_record_irq": {"cpu": 1}}),
        1,
    );
    assert_eq!(
        io_irqs(&xfs.tasks[0].program),
        vec![IrqRoute::Issuer, IrqRoute::Cpu(1)]
    );
    // without it the commit record takes `irq`
    let plain = build(
        serde_json::json!({"kind": "dbench", "variant": "ext4", "irq": {"cpu": 2},
            "commit_record_io_ns": 1000}),
        1,
    );
    assert_eq!(
        io_irqs(&plain.tasks[1].program),
        vec![IrqRoute::Cpu(2), IrqRoute::Cpu(2)]
    );
    let e = workload::build(
        &cfg(serde_json::json!({"kind": "dbench", "variant": "ext4",
            "commit_record_irq": {"cpu": 8}})),
        &[],
        1,
        &topo(1, 4, 2),
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("commit_record_irq: CPU 8"), "{e}");
}

#[test]
fn hackbench_forks_every_task_from_one_parent() {
    let t = pixel2();
    let rt = itf(
        serde_json::json!({"kind": "rt", "cpus": "4-7", "runtime_us": 20000, "period_us": 100000}),
    );
    let c = cfg(serde_json::json!({"kind": "hackbench", "mode": "process", "tasks_per_group": 8}));
    let b = workload::build(&c, &[rt], 2, &t).unwrap();
    // parent + 4 RT tasks initially; 2 groups x 8 tasks forked
    assert_eq!(b.tasks.len(), 5);
    assert_eq!(b.background_tasks, 4);
    assert_eq!(b.forked_tasks, 16);
    assert!(b.stop_when_all_exited);
    assert_eq!(b.metric, Metric::CompletionTime);
    assert!(!b.metric.higher_is_better());
    let parent = &b.tasks[0];
    assert_eq!(
        count(&parent.program, &|p| matches!(p, Phase::Fork { .. })),
        4,
        "one fork step per kind and group"
    );
    // fork order: group 0 receivers (template 0), group 0 senders (template 1), group 1 ...
    let forks: Vec<(u32, u32)> = parent
        .program
        .iter()
        .filter_map(|p| match p {
            Phase::Loop {
                count: Some(n),
                body,
            } => body.iter().find_map(|q| match q {
                Phase::Fork { template } => Some((*n, *template)),
                _ => None,
            }),
            _ => None,
        })
        .collect();
    assert_eq!(forks, vec![(4, 0), (4, 1), (4, 0), (4, 2)]);
    assert_eq!(b.templates.len(), 3);
    // children ids start after every initial task (5): group 1's receivers are 5 + 8 .. 5 + 12
    let sends: Vec<(u32, u32)> = flat(&b.templates[2].program)
        .iter()
        .filter_map(|p| match p {
            Phase::Send {
                task: TaskRef::Task(t),
                bytes,
            } => Some((*t, *bytes)),
            _ => None,
        })
        .collect();
    assert_eq!(
        sends,
        vec![(13, 100), (14, 100), (15, 100), (16, 100)],
        "senders write 100 bytes into each of their group's receivers' sockets"
    );
    assert_eq!(
        wakes(&b.templates[2].program),
        vec![(0, false)],
        "then tell the parent they exited"
    );
    assert!(
        flat(&b.templates[0].program).iter().any(|p| matches!(
            p,
            Phase::Recv {
                bytes: 100,
                inbox: wakelab_sim::engine::Inbox::Unix { sndbuf: 212_992 }
            }
        )),
        "receivers read their AF_UNIX socket (hackbench's default ipc)"
    );
    assert_eq!(
        parent.program[0],
        Phase::Exec,
        "the shell's child execs hackbench"
    );
    let rx = &b.templates[0].program;
    assert!(matches!(
        rx[0],
        Phase::Barrier {
            id: HACKBENCH_GATE,
            parties: 17
        }
    ));
    assert!(
        matches!(
            rx[1],
            Phase::Loop {
                count: Some(400),
                ..
            }
        ),
        "4 senders x 100 loops"
    );
    assert!(matches!(parent.program.last(), Some(Phase::Exit)));
    b.compile_programs().unwrap();
}

#[test]
fn hackbench_groups_are_bounded_with_a_clear_message() {
    let c = cfg(serde_json::json!({"kind": "hackbench"}));
    let e = workload::build(&c, &[], 1700, &topo(1, 4, 2))
        .unwrap_err()
        .to_string();
    assert!(e.contains("hackbench"), "{e}");
    let e = workload::build(
        &cfg(serde_json::json!({"kind": "hackbench", "tasks_per_group": 7})),
        &[],
        1,
        &topo(1, 4, 2),
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("tasks_per_group"), "{e}");
}

#[test]
fn rt_interference_is_fifo_with_the_given_affinity() {
    let t = pixel2();
    let rt = itf(
        serde_json::json!({"kind": "rt", "cpus": "4-7", "runtime_us": 20000, "period_us": 100000, "prio": 50}),
    );
    let b = workload::build(&cfg(serde_json::json!({"kind": "tbench"})), &[rt], 1, &t).unwrap();
    assert_eq!(b.tasks.len(), 6);
    assert_eq!(b.background_tasks, 4);
    let big = parse_cpulist("4-7").unwrap();
    for (i, r) in b.tasks[2..].iter().enumerate() {
        assert_eq!(r.class, SchedClass::Fifo { prio: 50 });
        assert_eq!(r.affinity, Some(big));
        assert_eq!(r.start_cpu, Some(4 + i as u16));
        let f = flat(&r.program);
        assert_eq!(
            f[0],
            Phase::Run {
                cycles: Amount::Fixed(20_000 * 3000)
            }
        );
        assert_eq!(
            f[1],
            Phase::Sleep {
                ns: Amount::Fixed(80_000_000)
            }
        );
    }
    let pinned = itf(serde_json::json!({"kind": "rt", "cpus": "4-5", "pin_each": true}));
    let b = workload::build(
        &cfg(serde_json::json!({"kind": "tbench"})),
        &[pinned],
        1,
        &t,
    )
    .unwrap();
    assert_eq!(b.tasks[2].affinity, Some(CpuMask::single(4)));
    assert_eq!(b.tasks[3].affinity, Some(CpuMask::single(5)));
    // validation names the field
    for (j, want) in [
        (serde_json::json!({"kind": "rt", "cpus": "8-9"}), "cpus"),
        (serde_json::json!({"kind": "rt", "prio": 0}), "prio"),
        (
            serde_json::json!({"kind": "rt", "runtime_us": 200, "period_us": 100}),
            "runtime_us",
        ),
    ] {
        let e = workload::build(
            &cfg(serde_json::json!({"kind": "tbench"})),
            &[itf(j)],
            1,
            &t,
        )
        .unwrap_err()
        .to_string();
        assert!(
            e.contains("interference[0] (rt)") && e.contains(want),
            "{e}"
        );
    }
}

#[test]
fn irq_interference_produces_sources_on_the_chosen_cpus() {
    let q = itf(
        serde_json::json!({"kind": "irq", "cpus": "1,3", "period_ns": 50000, "duration_ns": 4000}),
    );
    let h = itf(serde_json::json!({"kind": "hog", "count": 2, "cpus": "2", "nice": 5}));
    let b = workload::build(
        &cfg(serde_json::json!({"kind": "netperf"})),
        &[q, h],
        1,
        &topo(1, 4, 2),
    )
    .unwrap();
    assert_eq!(
        b.irqs,
        vec![
            IrqSource {
                cpu: 1,
                period_ns: 50000,
                duration_ns: 4000
            },
            IrqSource {
                cpu: 3,
                period_ns: 50000,
                duration_ns: 4000
            }
        ]
    );
    assert_eq!(b.tasks.len(), 4);
    assert_eq!(b.background_tasks, 2);
    for hog in &b.tasks[2..] {
        assert_eq!(hog.class, SchedClass::Fair { nice: 5 });
        assert_eq!(hog.affinity, Some(CpuMask::single(2)));
        assert_eq!(
            count(&hog.program, &|p| matches!(
                p,
                Phase::Wait | Phase::Sleep { .. } | Phase::Io { .. }
            )),
            0
        );
    }
}

#[test]
fn pgbench_netperf_schbench_barrier_patterns() {
    let p = build(serde_json::json!({"kind": "pgbench"}), 2);
    let unix = Inbox::Unix { sndbuf: 212_992 };
    // client 1 (task 2): seven statements to its backend (task 3), each answered
    assert_eq!(sends(&p.tasks[2].program), vec![(3, 100)]);
    // the backend's TPC-B-like transaction statement by statement (its UPDATEs lock rows)
    assert_eq!(sends(&p.tasks[3].program), vec![(2, 100); 7]);
    assert_eq!(recv_inboxes(&p.tasks[2].program), vec![unix]);
    assert_eq!(recv_inboxes(&p.tasks[3].program), vec![unix; 7]);
    assert!(wakes(&p.tasks[2].program).is_empty() && wakes(&p.tasks[3].program).is_empty());
    // one commit per transaction, its WAL flush through the server's one WAL (group flush)
    assert_eq!(
        count(&p.tasks[3].program, &|x| matches!(
            x,
            Phase::WalFlush { wal: 0, .. }
        )),
        1
    );
    assert_eq!(
        count(&p.tasks[1].program, &|x| matches!(
            x,
            Phase::WalFlush { wal: 0, .. }
        )),
        1
    );
    // the commit's WAL flush comes before the last result is sent
    let be = flat(&p.tasks[3].program);
    let io = be
        .iter()
        .position(|x| matches!(x, Phase::WalFlush { .. }))
        .unwrap();
    // the row locks are released after the flush, before the commit's result is sent
    assert!(matches!(be[io + 1], Phase::UnlockAll));
    assert!(matches!(be[io + 2], Phase::Send { .. }));
    // the three UPDATEs (statements 2, 4 and 5) lock a random row of accounts (100 000 x
    // scale), tellers (10 x scale) and branches (scale) at the default scale 4, in one id space
    let locks: Vec<Amount> = be
        .iter()
        .filter_map(|x| match x {
            Phase::Lock { id } => Some(*id),
            _ => None,
        })
        .collect();
    assert_eq!(
        locks,
        vec![
            Amount::Uniform { lo: 0, hi: 399_999 },
            Amount::Uniform {
                lo: 400_000,
                hi: 400_039
            },
            Amount::Uniform {
                lo: 400_040,
                hi: 400_043
            },
        ]
    );
    let statement_of = |k: usize| {
        be[..k]
            .iter()
            .filter(|x| matches!(x, Phase::Recv { .. }))
            .count()
    };
    let lock_at: Vec<usize> = (0..be.len())
        .filter(|&k| matches!(be[k], Phase::Lock { .. }))
        .map(statement_of)
        .collect();
    assert_eq!(lock_at, vec![2, 4, 5]);
    // without row locks (scale 0) or outside the 7-statement script, a transaction is a loop
    let p0 = build(serde_json::json!({"kind": "pgbench", "scale": 0}), 1);
    assert_eq!(sends(&p0.tasks[1].program), vec![(0, 100), (0, 100)]);
    let ps = build(
        serde_json::json!({"kind": "pgbench", "statements_per_txn": 1, "txns_per_io": 0}),
        1,
    );
    assert_eq!(
        count(&ps.tasks[1].program, &|x| matches!(
            x,
            Phase::Lock { .. } | Phase::UnlockAll
        )),
        0
    );
    assert_eq!(p.metric.unit(), "tps");
    let pt = build(serde_json::json!({"kind": "pgbench", "socket": "tcp"}), 1);
    assert!(matches!(
        recv_inboxes(&pt.tasks[0].program)[0],
        Inbox::Tcp { .. }
    ));

    // netperf: 1-byte requests and responses over loopback TCP sockets; UDP_RR and TCP_RR share
    // the engine's loopback path (docs/workloads.md)
    let u = build(
        serde_json::json!({"kind": "netperf", "protocol": "udp_rr"}),
        1,
    );
    let t = build(
        serde_json::json!({"kind": "netperf", "protocol": "tcp_rr"}),
        1,
    );
    assert_eq!(sends(&u.tasks[0].program), vec![(1, 1)]);
    assert_eq!(sends(&u.tasks[1].program), vec![(0, 1)]);
    assert!(matches!(
        recv_inboxes(&u.tasks[0].program)[0],
        Inbox::Tcp { .. }
    ));
    assert_eq!(u.tasks[0].program, t.tasks[0].program);
    assert_eq!(u.metric.unit(), "Trans/sec");

    // schbench on a 2-node machine: one message thread per node, each waking its workers
    let s = workload::build(
        &cfg(serde_json::json!({"kind": "schbench"})),
        &[],
        3,
        &topo(2, 4, 1),
    )
    .unwrap();
    assert_eq!(s.tasks.len(), 8);
    assert_eq!(
        wakes(&s.tasks[4].program),
        vec![(5, false), (6, false), (7, false)]
    );
    assert_eq!(wakes(&s.tasks[6].program), vec![(4, false)]);
    assert_eq!(s.metric, Metric::Latency { percentile: 99 });

    let br = build(serde_json::json!({"kind": "barrier"}), 5);
    assert!(br.tasks.iter().all(|t| count(&t.program, &|p| matches!(
        p,
        Phase::Barrier { parties: 5, .. }
    )) == 1));
    let mut h = Histogram::default();
    h.record(1);
    assert!(
        (br.metric.value(100, 2.0, 2.0, &h) - 10.0).abs() < 1e-9,
        "100 thread-iterations / 5 threads / 2 s"
    );
}

#[test]
fn limits_and_unknown_fields_are_reported() {
    let c = cfg(serde_json::json!({"kind": "tbench"}));
    let t = topo(1, 4, 2);
    assert_eq!(
        workload::build(&c, &[], 0, &t).unwrap_err(),
        WorkloadError::Clients { got: 0, max: 4096 }
    );
    assert_eq!(
        workload::build(&c, &[], 4097, &t).unwrap_err().to_string(),
        "clients: must be between 1 and 4096 (got 4097)"
    );
    let e =
        serde_json::from_value::<WorkloadConfig>(serde_json::json!({"kind": "tbench", "bogus": 1}))
            .unwrap_err();
    assert!(e.to_string().contains("bogus"), "{e}");
    let e =
        serde_json::from_value::<WorkloadConfig>(serde_json::json!({"kind": "nope"})).unwrap_err();
    assert!(e.to_string().contains("nope"), "{e}");
    // schbench with 4096 message threads x 4096 workers exceeds the engine's task limit
    let e = workload::build(
        &cfg(serde_json::json!({"kind": "schbench", "message_threads": 4096})),
        &[],
        4096,
        &t,
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains(&MAX_TASKS.to_string()), "{e}");
    let e = workload::build(&c, &[], 1, &t).and_then(|_| {
        workload::build(&cfg(serde_json::json!({"kind": "tbench", "start": {"launcher": {"cpu": 9, "stagger_ns": 0}}})), &[], 1, &t)
    });
    assert!(e.unwrap_err().to_string().contains("launcher.cpu"));
}

#[test]
fn custom_replication_offsets_references() {
    let spec: TaskSpec = serde_json::from_value(serde_json::json!({
        "name": "ping", "program": [{"loop": {"count": null, "body": [{"wake": {"task": {"task": 1}}}, {"wait": null}]}}]
    }))
    .unwrap();
    let pong: TaskSpec = serde_json::from_value(serde_json::json!({
        "name": "pong", "affinity": "1", "program": [{"loop": {"count": null, "body": [{"wait": null}, {"wake": {"task": {"task": 0}}}]}}]
    }))
    .unwrap();
    let c = WorkloadConfig::Custom(workload::CustomConfig {
        tasks: vec![spec, pong],
        replicate: true,
        ..Default::default()
    });
    let b = workload::build(&c, &[], 3, &topo(1, 4, 2)).unwrap();
    assert_eq!(b.tasks.len(), 6);
    assert_eq!(wakes(&b.tasks[4].program), vec![(5, false)]);
    assert_eq!(wakes(&b.tasks[5].program), vec![(4, false)]);
    assert_eq!(b.tasks[5].name, "pong/2");
    assert_eq!(b.tasks[5].affinity, Some(CpuMask::single(1)));
}

#[test]
fn builds_are_deterministic_and_roundtrip_through_json() {
    for j in [
        serde_json::json!({"kind": "tbench"}),
        serde_json::json!({"kind": "dbench", "variant": "ext4", "logs_per_io": 3}),
        serde_json::json!({"kind": "dbench", "variant": "ext4", "ios_per_log": 3, "log_cycles": 5000}),
        serde_json::json!({"kind": "hackbench", "ipc": "pipe", "mode": "thread", "loops": 10}),
        serde_json::json!({"kind": "pgbench", "txns_per_io": 4}),
        serde_json::json!({"kind": "schbench", "start": "spread"}),
        serde_json::json!({"kind": "barrier"}),
    ] {
        let c = cfg(j.clone());
        let back: WorkloadConfig =
            serde_json::from_str(&serde_json::to_string(&c).unwrap()).unwrap();
        assert_eq!(back, c, "{j}");
        let t = topo(1, 4, 2);
        let a = workload::build(&c, &[], 4, &t).unwrap();
        assert_eq!(a, workload::build(&back, &[], 4, &t).unwrap());
        a.compile_programs().unwrap();
    }
}

#[test]
fn snapshot_small_builds() {
    let show = |b: &WorkloadBuild| {
        let mut s = String::new();
        for t in b.tasks.iter().chain(b.templates.iter()) {
            s.push_str(&format!(
                "{} @{:?}+{}: {}\n",
                t.name,
                t.start_cpu,
                t.start_ns,
                serde_json::to_string(&t.program).unwrap()
            ));
        }
        s
    };
    expect![[r#"
        tbench/0 @Some(0)+0: [{"loop":{"count":null,"body":[{"run":{"cycles":{"mean":17400}}},{"syscall":{"body":[{"send":{"task":{"task":1},"bytes":5630}},{"run":{"cycles":2030}}]}},{"run":{"cycles":{"lo":3430,"hi":10290}}},{"recv":{"bytes":5630,"inbox":{"kind":"tcp","limit":81920,"net_rx_cycles":10440,"net_rx_local_cycles":2260}}},{"ops":{"n":1}}]}}]
        tbench_srv/0 @Some(0)+0: [{"loop":{"count":null,"body":[{"recv":{"bytes":5630,"inbox":{"kind":"tcp","limit":81920,"net_rx_cycles":10440,"net_rx_local_cycles":2260}}},{"run":{"cycles":{"mean":8410}}},{"syscall":{"body":[{"send":{"task":{"task":0},"bytes":5630}},{"run":{"cycles":2030}}]}},{"run":{"cycles":{"lo":3380,"hi":10140}}}]}}]
    "#]]
    .assert_eq(&show(&build(serde_json::json!({"kind": "tbench"}), 1)));
    expect![[r#"
        dbench/0 @Some(0)+0: [{"loop":{"count":null,"body":[{"loop":{"count":83,"body":[{"run":{"cycles":{"lo":11000,"hi":33000}}},{"ops":{"n":1}}]}},{"syscall":{"body":[{"io":{"ns":{"lo":40000,"hi":80000},"irq":"round_robin"}},{"commit_wait":{"journal":0}}]}}]}}]
        dbench/1 @Some(0)+10000: [{"loop":{"count":null,"body":[{"loop":{"count":83,"body":[{"run":{"cycles":{"lo":11000,"hi":33000}}},{"ops":{"n":1}}]}},{"syscall":{"body":[{"io":{"ns":{"lo":40000,"hi":80000},"irq":"round_robin"}},{"commit_wait":{"journal":0}}]}}]}}]
        jbd2/sda1-8 @Some(0)+0: [{"loop":{"count":null,"body":[{"commit_start":{"journal":0}},{"run":{"cycles":{"lo":22000,"hi":98000}}},"cond_resched",{"io":{"ns":{"lo":50000,"hi":150000},"irq":"round_robin"}},"cond_resched",{"run":{"cycles":{"lo":22000,"hi":98000}}},"cond_resched",{"io":{"ns":{"lo":50000,"hi":150000},"irq":"round_robin"}},"cond_resched",{"run":{"cycles":{"lo":22000,"hi":98000}}},{"commit_end":{"journal":0}},{"run":{"cycles":16000}}]}}]
    "#]]
    .assert_eq(&show(&build(serde_json::json!({"kind": "dbench", "variant": "ext4"}), 2)));
    expect![[r#"
        hackbench @Some(0)+0: ["exec",{"run":{"cycles":{"lo":560000,"hi":1680000}}},{"run":{"cycles":{"lo":95000,"hi":285000}}},{"fork":{"template":0}},{"run":{"cycles":{"lo":95000,"hi":285000}}},{"fork":{"template":1}},{"barrier":{"id":65280,"parties":3}},{"loop":{"count":2,"body":["wait"]}},"exit"]
        hackbench-process/receiver @None+0: [{"barrier":{"id":65280,"parties":3}},{"loop":{"count":2,"body":[{"syscall":{"body":[{"recv":{"bytes":100,"inbox":{"kind":"unix","sndbuf":212992}}},{"run":{"cycles":{"lo":1140,"hi":3420}}}]}}]}},{"wake":{"task":{"task":0},"sync":false}},"exit"]
        hackbench-process/sender/g0 @None+0: [{"barrier":{"id":65280,"parties":3}},{"loop":{"count":2,"body":[{"syscall":{"body":[{"run":{"cycles":{"lo":960,"hi":2880}}},{"send":{"task":{"task":1},"bytes":100}}]}}]}},{"wake":{"task":{"task":0},"sync":false}},"exit"]
    "#]]
    .assert_eq(&show(&build(serde_json::json!({"kind": "hackbench", "tasks_per_group": 2, "loops": 2}), 1)));
    expect![[r#"
        pgbench/0 @Some(0)+0: [{"loop":{"count":null,"body":[{"loop":{"count":2,"body":[{"run":{"cycles":{"lo":11600,"hi":26200}}},{"syscall":{"body":[{"send":{"task":{"task":1},"bytes":100}},{"run":{"cycles":3500}}]}},{"run":{"cycles":2880}},{"recv":{"bytes":100,"inbox":{"kind":"unix","sndbuf":212992}}}]}},{"ops":{"n":1}}]}}]
        postgres/0 @Some(0)+0: [{"loop":{"count":null,"body":[{"recv":{"bytes":100,"inbox":{"kind":"unix","sndbuf":212992}}},{"run":{"cycles":{"lo":149400,"hi":221200}}},{"syscall":{"body":[{"send":{"task":{"task":0},"bytes":100}},{"run":{"cycles":3500}}]}},{"run":{"cycles":15080}},{"recv":{"bytes":100,"inbox":{"kind":"unix","sndbuf":212992}}},{"run":{"cycles":{"lo":149400,"hi":221200}}},{"wal_flush":{"wal":0,"ns":{"lo":26500,"hi":79500},"irq":"round_robin","ios":2,"extra_io_permille":350}},{"syscall":{"body":[{"send":{"task":{"task":0},"bytes":100}},{"run":{"cycles":3500}}]}},{"run":{"cycles":15080}}]}}]
        postgres/bgwriter @Some(0)+0: [{"sleep":{"ns":{"lo":0,"hi":200200000}}},{"loop":{"count":null,"body":[{"run":{"cycles":{"lo":40200,"hi":80400}}},{"sleep":{"ns":200200000}}]}}]
        postgres/walwriter @Some(0)+0: [{"sleep":{"ns":{"lo":0,"hi":200200000}}},{"loop":{"count":null,"body":[{"run":{"cycles":{"lo":35200,"hi":60800}}},{"sleep":{"ns":200200000}}]}}]
    "#]].assert_eq(&show(&build(
        serde_json::json!({"kind": "pgbench", "statements_per_txn": 2}),
        1,
    )));
    expect![[r#"
        netperf/0 @Some(0)+0: [{"loop":{"count":null,"body":[{"run":{"cycles":{"lo":1500,"hi":4500}}},{"syscall":{"body":[{"send":{"task":{"task":1},"bytes":1}},{"run":{"cycles":2030}}]}},{"run":{"cycles":{"lo":3430,"hi":10290}}},{"recv":{"bytes":1,"inbox":{"kind":"tcp","limit":81920,"net_rx_cycles":10440,"net_rx_local_cycles":2260}}},{"ops":{"n":1}}]}}]
        netserver/0 @Some(0)+0: [{"loop":{"count":null,"body":[{"recv":{"bytes":1,"inbox":{"kind":"tcp","limit":81920,"net_rx_cycles":10440,"net_rx_local_cycles":2260}}},{"run":{"cycles":{"lo":1500,"hi":4500}}},{"syscall":{"body":[{"send":{"task":{"task":0},"bytes":1}},{"run":{"cycles":2030}}]}},{"run":{"cycles":{"lo":3430,"hi":10290}}}]}}]
    "#]].assert_eq(&show(&build(serde_json::json!({"kind": "netperf"}), 1)));
}

#[test]
fn pgbench_server_processes_are_timer_loops_with_the_recorded_periods() {
    // after the pairs: the background writer and the WAL writer, each woken by its 200 ms
    // delay's timer (bgwriter_delay, wal_writer_delay; 200.2 ms with the kernel's 0.1% timer
    // slack, the recordings' sleep p50), running the recorded burst (PG_AUX, generators.rs)
    let p = build(serde_json::json!({"kind": "pgbench"}), 2);
    let names: Vec<&str> = p.tasks.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "pgbench/0",
            "postgres/0",
            "pgbench/1",
            "postgres/1",
            "postgres/bgwriter",
            "postgres/walwriter"
        ]
    );
    assert_eq!(
        PG_AUX.map(|a| (a.name, a.sleep_ns, a.burst_cycles)),
        [
            ("postgres/bgwriter", 200_200_000, (40_200, 80_400)),
            ("postgres/walwriter", 200_200_000, (35_200, 60_800)),
        ]
    );
    for (t, a) in p.tasks[4..].iter().zip(PG_AUX) {
        let (lo, hi) = a.burst_cycles;
        // a random point of its period when the run starts, then burst, sleep, forever
        assert_eq!(
            t.program,
            vec![
                Phase::Sleep {
                    ns: Amount::Uniform {
                        lo: 0,
                        hi: a.sleep_ns
                    }
                },
                Phase::Loop {
                    count: None,
                    body: vec![
                        Phase::Run {
                            cycles: Amount::Uniform { lo, hi }
                        },
                        Phase::Sleep {
                            ns: Amount::Fixed(a.sleep_ns)
                        },
                    ],
                },
            ]
        );
        // no one wakes them, they wake no one and count no transactions
        assert!(wakes(&t.program).is_empty() && sends(&t.program).is_empty());
        assert_eq!(count(&t.program, &|x| matches!(x, Phase::Ops { .. })), 0);
        assert!(!t.kthread && t.affinity.is_none());
    }
    // switched off: the pairs alone
    let off = build(
        serde_json::json!({"kind": "pgbench", "aux_processes": false}),
        2,
    );
    assert_eq!(off.tasks.len(), 4);
    assert_eq!(off.tasks[..], p.tasks[..4]);
}

#[test]
fn dbench_xfs_bound_kworkers_are_per_cpu_highpri_and_reply_to_the_sender() {
    use wakelab_sim::engine::{SchedClass, TaskRef};
    let b = build(serde_json::json!({"kind": "dbench", "variant": "xfs"}), 2);
    let n = b.tasks.len() - 2; // one kworker per CPU after the two clients
    assert!(n >= 1);
    for (c, kw) in b.tasks[2..].iter().enumerate() {
        assert_eq!(kw.name, format!("kworker/{c}:1H"));
        assert_eq!(
            kw.affinity.map(|a| a.to_vec()),
            Some(vec![c as u16]),
            "bound to its CPU"
        );
        assert!(kw.kthread);
        assert_eq!(kw.class, SchedClass::Fair { nice: -20 }, "WQ_HIGHPRI");
        assert!(flat(&kw.program).iter().any(|p| matches!(
            p,
            Phase::Wake {
                task: TaskRef::Sender,
                sync: false
            }
        )));
    }
    // clients queue work on the kworker of the CPU they run on
    for c in &b.tasks[..2] {
        assert!(flat(&c.program).iter().any(|p| matches!(
            p,
            Phase::Wake {
                task: TaskRef::PerCpu { base: 2 },
                sync: false
            }
        )));
    }
}
