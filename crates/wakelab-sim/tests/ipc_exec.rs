//! Blocking IPC (`send` / `recv` on pipes and sockets with their real buffer sizes) and the exec
//! balance path (`exec` -> `sched_exec` -> SD_BALANCE_EXEC), each through the real pipeline
//! (scenario -> workload::build -> Sim). Every test here fails without its mechanism.

use wakelab_sim::engine::{RunStats, Sim};
use wakelab_sim::experiment::{DetailOptions, build_input};
use wakelab_sim::kernel::{KernelConfig, KernelVersion};
use wakelab_sim::scenario::Scenario;

mod host_support;
use host_support::host_2vcpu;

/// The host's shape (tests/host_support) under `version`'s baseline.
fn host(workload: serde_json::Value, ms: u64, version: KernelVersion) -> Scenario {
    host_2vcpu(workload, ms, KernelConfig::baseline(version))
}

fn run(sc: &Scenario, clients: u32) -> RunStats {
    let (input, _, _) = build_input(sc, clients, 7, DetailOptions::default()).unwrap();
    let mut sim = Sim::new(input).unwrap();
    sim.run(None);
    sim.check_invariants().unwrap();
    sim.stats().clone()
}

fn custom(tasks: serde_json::Value) -> serde_json::Value {
    serde_json::json!({"kind": "custom", "tasks": tasks, "stop_when_all_exited": true})
}

/// A writer sends `n` 100-byte messages to a reader that first sleeps 50 ms, then reads them.
fn writer_reader(n: u32, inbox: serde_json::Value) -> serde_json::Value {
    custom(serde_json::json!([
        {"name": "writer", "program": [
            {"loop": {"count": n, "body": [
                {"run": {"cycles": 2000}},
                {"send": {"task": {"task": 1}, "bytes": 100}}
            ]}}
        ]},
        {"name": "reader", "program": [
            {"sleep": {"ns": 50000000}},
            {"loop": {"count": n, "body": [
                {"recv": {"bytes": 100, "inbox": inbox}},
                {"run": {"cycles": 2000}}
            ]}}
        ]}
    ]))
}

#[test]
fn a_writer_blocks_once_a_pipe_holds_16_pages() {
    // 640 messages of 100 bytes fill 16 pages (40 per page); the 641st write sleeps until the
    // reader frees a page
    let pipe = serde_json::json!({"kind": "pipe"});
    let s = run(
        &host(writer_reader(640, pipe.clone()), 200, KernelVersion::V5_10),
        1,
    );
    assert_eq!(s.chan_write_blocks, 0, "640 messages fit");
    let s = run(
        &host(writer_reader(641, pipe), 200, KernelVersion::V5_10),
        1,
    );
    assert!(s.chan_write_blocks >= 1, "the 641st write must sleep");
    assert_eq!(
        s.exits, 2,
        "both finish: the reader's reads wake the writer"
    );
    // a smaller pipe (F_SETPIPE_SZ to 4 pages) fills after 160
    let s = run(
        &host(
            writer_reader(161, serde_json::json!({"kind": "pipe", "pages": 4})),
            200,
            KernelVersion::V5_10,
        ),
        1,
    );
    assert!(s.chan_write_blocks >= 1);
}

#[test]
fn a_unix_socket_holds_278_small_messages() {
    // sk_sndbuf 212992 / truesize 768: the writer may queue while wmem < sndbuf, 278 skbs
    let unix = serde_json::json!({"kind": "unix"});
    let s = run(
        &host(writer_reader(278, unix.clone()), 200, KernelVersion::V5_10),
        1,
    );
    assert_eq!(s.chan_write_blocks, 0);
    let s = run(
        &host(writer_reader(279, unix), 200, KernelVersion::V5_10),
        1,
    );
    assert!(s.chan_write_blocks >= 1);
    assert_eq!(s.exits, 2);
}

#[test]
fn a_reader_blocks_on_an_empty_buffer_and_the_writer_wakes_it() {
    // the reader starts first and sleeps in recv; each write then wakes it (it is idle on the
    // other CPU), so wake-ups ~ messages, and it never finds more than one message waiting
    let tasks = custom(serde_json::json!([
        {"name": "reader", "program": [
            {"loop": {"count": 50, "body": [{"recv": {"bytes": 100}}]}}
        ]},
        {"name": "writer", "start_ns": 1000000, "program": [
            {"loop": {"count": 50, "body": [
                {"sleep": {"ns": 100000}},
                {"send": {"task": {"task": 0}, "bytes": 100}}
            ]}}
        ]}
    ]));
    let s = run(&host(tasks, 100, KernelVersion::V5_10), 1);
    assert_eq!(s.chan_read_blocks, 50);
    assert_eq!(s.exits, 2);
}

/// A writer of 400 100-byte messages to task 3's pipe (the readers of the two tests below).
fn pipe_writer(name: &str) -> serde_json::Value {
    serde_json::json!({"name": name, "program": [
        {"loop": {"count": 400, "body": [
            {"run": {"cycles": 1000}},
            {"send": {"task": {"task": 3}, "bytes": 100}}
        ]}}
    ]})
}

/// Three writers fill one pipe (640 messages) and sleep; the reader starts at 19.8 ms and reads
/// one message per 4 µs until the run ends at 20 ms: fewer than the 40 reads that free a page.
fn three_writers(version: KernelVersion) -> RunStats {
    let tasks = custom(serde_json::json!([
        pipe_writer("w0"), pipe_writer("w1"), pipe_writer("w2"),
        {"name": "reader", "program": [
            {"sleep": {"ns": 19800000}},
            {"loop": {"count": 1200, "body": [
                {"recv": {"bytes": 100}},
                {"run": {"cycles": 8000}}
            ]}}
        ]}
    ]));
    run(&host(tasks, 20, version), 1)
}

#[test]
fn pipe_wake_rules_differ_between_4x_5x_and_6_14() {
    // 4.15: a reader wakes the writers only when it frees a page, so none of these reads
    // wakes anyone (the one wake-up is the reader's timer). 5.5 - 6.13: every read of a full
    // pipe wakes one writer (`was_full`), though no page was freed: the three sleeping writers
    // are woken by the first three reads, find no room and sleep again. 6.14+ (6.18): a writer
    // is woken only when a read releases a slot of the full pipe, which none of these does.
    let old = three_writers(KernelVersion::V4_15);
    let new = three_writers(KernelVersion::V5_10);
    let newer = three_writers(KernelVersion::V6_18);
    assert_eq!(old.chan_write_blocks, 3);
    assert_eq!(new.chan_write_blocks, 3);
    assert_eq!(newer.chan_write_blocks, 3);
    assert_eq!(old.wakeups, 1);
    assert_eq!(new.wakeups, 4);
    assert_eq!(writer_wakes(&old), 0);
    assert_eq!(writer_wakes(&new), 3);
    assert_eq!(writer_wakes(&newer), 0);
}

/// Wake-ups of the writers (tasks 0-2) after their start, with or without a placement
/// decision.
fn writer_wakes(s: &RunStats) -> usize {
    s.wake_records
        .iter()
        .filter(|w| w.task < 3 && w.t_ns > 0)
        .count()
        + s.plain_wakes
            .iter()
            .filter(|w| w.task < 3 && w.t_ns > 0)
            .count()
}

/// Three writers fill a pipe and sleep; the reader reads 45 messages, one more page than
/// `three_writers`' reader gets to: the 40th read releases the first page of the full pipe.
#[test]
fn from_6_14_a_read_that_releases_a_slot_of_a_full_pipe_wakes_one_writer() {
    let tasks = custom(serde_json::json!([
        pipe_writer("w0"), pipe_writer("w1"), pipe_writer("w2"),
        {"name": "reader", "program": [
            {"sleep": {"ns": 15000000}},
            {"loop": {"count": 45, "body": [
                {"recv": {"bytes": 100}},
                {"run": {"cycles": 8000}}
            ]}},
            {"sleep": {"ns": 100000000}}
        ]}
    ]));
    let s = run(&host(tasks, 20, KernelVersion::V6_18), 1);
    // one writer woken by the 40th read; it fills the freed page (40 messages) and sleeps
    // again; nobody else is woken (up to 5.15 each of the 45 reads of the full pipe would
    // wake one)
    assert_eq!(writer_wakes(&s), 1, "{:?}", s.wake_records);
    assert_eq!(s.chan_write_blocks, 4);
}

/// A reader asleep in `recv` on a loopback TCP socket whose receive path costs `net_rx_cycles`
/// (`net_rx_local_cycles` 1000 when the reader last ran on the sender's CPU), and a writer
/// pinned to CPU 0 that starts at 1 ms, runs 20k cycles, sends 100 bytes, runs 20k cycles
/// (10 µs at 2.0 GHz) and exits. The reader last ran on CPU 1.
fn loopback_send(net_rx_cycles: u32) -> RunStats {
    loopback_send_to_reader_on(1, net_rx_cycles)
}

/// [`loopback_send`] with the reader started (and asleep) on `reader_cpu`.
fn loopback_send_to_reader_on(reader_cpu: u32, net_rx_cycles: u32) -> RunStats {
    let tasks = custom(serde_json::json!([
        {"name": "reader", "start_cpu": reader_cpu, "program": [
            {"recv": {"bytes": 100, "inbox": {"kind": "tcp", "net_rx_cycles": net_rx_cycles,
                                               "net_rx_local_cycles": 1000}}},
            {"run": {"cycles": 1000}}
        ]},
        {"name": "writer", "start_cpu": 0, "affinity": "0", "start_ns": 1000000, "program": [
            {"run": {"cycles": 20000}},
            {"send": {"task": {"task": 0}, "bytes": 100}},
            {"run": {"cycles": 20000}}
        ]}
    ]));
    run(&host(tasks, 10, KernelVersion::V5_10), 1)
}

#[test]
fn a_loopback_send_runs_the_receive_path_on_the_senders_cpu_then_wakes_the_reader_sync() {
    // net_rx_action runs in the sender's context on its CPU (0): the reader's wake-up comes
    // from CPU 0, WF_SYNC (sock_def_readable), exactly net_rx_cycles after the send (8000
    // cycles = 4 µs at 2.0 GHz), and the sender's own run (hence the run's end: the writer
    // exits last) is longer by the same 4 µs.
    let wake = |s: &RunStats| {
        let w: Vec<_> = s
            .wake_records
            .iter()
            .filter(|w| w.task == 0 && w.t_ns > 1_000_000)
            .collect();
        assert_eq!(w.len(), 1, "one wake-up of the reader: {w:?}");
        *w[0]
    };
    let (with, without) = (loopback_send(8000), loopback_send(0));
    assert_eq!((with.net_rx_softirqs, without.net_rx_softirqs), (1, 1));
    assert_eq!((with.exits, without.exits), (2, 2));
    let (w, w0) = (wake(&with), wake(&without));
    assert_eq!(w.waker_cpu, 0, "woken from the sender's CPU");
    assert!(w.sync, "sock_def_readable wakes with WF_SYNC");
    assert!(w0.sync && w0.waker_cpu == 0);
    assert!(
        (w.t_ns - w0.t_ns).abs_diff(4_000) <= 1,
        "the wake-up follows the receive path: {} vs {} ns",
        w.t_ns,
        w0.t_ns
    );
    assert!(
        (with.end_ns - without.end_ns).abs_diff(4_000) <= 2,
        "the receive path is the sender's run time: {} vs {} ns",
        with.end_ns,
        without.end_ns
    );
    // after the wake-up the sender goes on: its wake-up cost (1.5 µs) and the 10 µs run after
    // the send, the same with or without the receive path before it
    let after = with.end_ns - w.t_ns;
    assert!(
        after >= 11_500,
        "the sender ran on after the wake-up: {after} ns"
    );
    assert!(after.abs_diff(without.end_ns - w0.t_ns) <= 2);
}

#[test]
fn a_loopback_send_to_a_reader_that_last_ran_on_the_senders_cpu_runs_the_local_receive_path() {
    // The same send, its reader asleep on the sender's CPU 0 (TCP_LOOPBACK_NET_RX_LOCAL_CYCLES:
    // 1000 cycles here) or on CPU 1 (net_rx_cycles, 8000): the wake-up follows the send by the
    // one or the other, 0.5 µs or 4 µs at 2.0 GHz, and the sender's run is longer by as much.
    let first_wake = |s: &RunStats| {
        s.wake_records
            .iter()
            .find(|w| w.task == 0 && w.t_ns > 1_000_000)
            .map(|w| w.t_ns)
            .expect("the reader's wake-up")
    };
    let local = loopback_send_to_reader_on(0, 8000);
    let remote = loopback_send_to_reader_on(1, 8000);
    let local_free = loopback_send_to_reader_on(0, 0);
    assert_eq!(local.net_rx_softirqs, 1);
    // with net_rx_cycles 0 the local send still pays its own 1000 cycles: the two costs are apart
    assert_eq!(first_wake(&local), first_wake(&local_free));
    let send_ns = first_wake(&local) - 500;
    assert!(
        (first_wake(&remote) - send_ns).abs_diff(4_000) <= 1,
        "remote reader: the wake-up 4 µs after the send ({} vs {send_ns})",
        first_wake(&remote)
    );
}

#[test]
fn exec_moves_a_task_off_a_busy_cpu() {
    // Two hogs pinned to CPU 0 and CPU 1; the CPU 1 hog exits at 0.4 ms. A task forked on
    // CPU 0 at 0.3 ms finds both CPUs loaded and stays on CPU 0 (fork balancing keeps the local
    // group unless another is clearly idler); it runs 0.25 ms and execs, when CPU 1 is idle: sched_exec's SD_BALANCE_EXEC slow path moves it there. Without the exec
    // it stays on CPU 0 (until a load balance).
    let prog = |exec: bool| {
        let mut p = vec![serde_json::json!({"run": {"cycles": 500000}})];
        if exec {
            p.push(serde_json::json!({"exec": null}));
        }
        p.push(serde_json::json!({"run": {"cycles": 2000000}}));
        serde_json::json!([
            {"name": "hog0", "start_cpu": 0, "affinity": "0",
             "program": [{"run": {"cycles": 100000000}}]},
            {"name": "hog1", "start_cpu": 1, "affinity": "1",
             "program": [{"run": {"cycles": 800000}}]},
            {"name": "shell-child", "start_cpu": 0, "start_ns": 300000, "program": p}
        ])
    };
    for v in [KernelVersion::V4_15, KernelVersion::V5_10] {
        let decisions = |exec: bool| {
            let s = run(&host(custom(prog(exec)), 2, v), 1);
            let d: Vec<(u16, u16)> = s
                .wake_records
                .iter()
                .filter(|w| w.task == 2)
                .map(|w| (w.prev_cpu, w.cpu))
                .collect();
            (s.execs, d)
        };
        assert_eq!(
            decisions(false),
            (0, vec![(0, 0)]),
            "{v:?}: fork keeps CPU 0"
        );
        assert_eq!(
            decisions(true),
            (1, vec![(0, 0), (0, 1)]),
            "{v:?}: exec moves to the idle CPU 1"
        );
    }
}

/// hackbench on the recording host's shape, one group, 1000 loops (the recordings' command
/// line): the structural rows of recordings/README.md. Run with `--ignored --nocapture` to print
/// them; docs/calibration.md quotes the output.
#[test]
#[ignore]
fn hackbench_rows_vs_the_recordings() {
    for ipc in ["pipe", "socket"] {
        for mode in ["process", "thread"] {
            for g in [1u32, 4] {
                let w = serde_json::json!({"kind": "hackbench", "ipc": ipc, "mode": mode,
                                           "loops": 1000, "tasks_per_group": 40});
                let s = run(&host(w, 20_000, KernelVersion::V5_15), g);
                let msgs = (g * 400_000) as f64;
                println!(
                    "hackbench-{ipc}-{mode}-g{g}: time {:.3} s, wake-ups/msg {:.4}, \
                     receiver sleeps/msg {:.4}, sender sleeps/msg {:.5}",
                    s.end_ns as f64 / 1e9,
                    s.wakeups as f64 / msgs,
                    s.chan_read_blocks as f64 / msgs,
                    s.chan_write_blocks as f64 / msgs,
                );
            }
        }
    }
}

/// A client pinned to CPU 0 hands work to a nice -20 kthread pinned to the same CPU (a bound
/// kworker) and waits for its answer, 100 times; `kick` is the client's wake-and-wait.
fn handoff(kick: serde_json::Value) -> serde_json::Value {
    custom(serde_json::json!([
        {"name": "client", "affinity": "0", "start_cpu": 0, "program": [
            {"loop": {"count": 100, "body": [{"run": {"cycles": 20000}}, kick]}}
        ]},
        {"name": "kworker/0:1H", "class": {"fair": {"nice": -20}}, "affinity": "0",
         "kthread": true, "start_cpu": 0, "program": [
            {"loop": {"count": 100, "body": [
                {"wait": null}, {"run": {"cycles": 20000}},
                {"wake": {"task": "sender"}}
            ]}}
        ]}
    ]))
}

#[test]
fn a_waker_inside_a_system_call_blocks_instead_of_being_preempted() {
    let wake = serde_json::json!({"wake": {"task": {"task": 1}}});
    let in_call = serde_json::json!({"syscall": {"body": [wake, {"wait": null}]}});
    let plain = [wake.clone(), serde_json::json!({"wait": null})];
    // the plain form: the kworker preempts the client at once; the client is runnable behind
    // it, so the kworker's answer finds it not waiting: only the kworker is ever woken
    let mut sc = host(
        custom(serde_json::json!([
            {"name": "client", "affinity": "0", "start_cpu": 0, "program": [
                {"loop": {"count": 100, "body": [{"run": {"cycles": 20000}}, plain[0], plain[1]]}}
            ]},
            handoff(in_call.clone())["tasks"][1]
        ])),
        200,
        KernelVersion::V4_15,
    );
    let s = run(&sc, 1);
    assert_eq!((s.exits, s.wakeups), (2, 100), "plain wake then wait");
    // inside one system call (PREEMPT_VOLUNTARY, the default) the client sleeps in the call
    // and is woken by the answer: two wake-ups per round
    sc.workload = serde_json::from_value(handoff(in_call)).unwrap();
    let s = run(&sc, 1);
    assert_eq!((s.exits, s.wakeups), (2, 200), "syscall, PREEMPT_VOLUNTARY");
    // CONFIG_PREEMPT preempts inside the call as well
    sc.engine.preempt = true;
    let s = run(&sc, 1);
    assert_eq!((s.exits, s.wakeups), (2, 100), "syscall, CONFIG_PREEMPT");
}

#[test]
fn a_preemption_owed_inside_a_system_call_happens_at_its_return() {
    // the client wakes the kworker, then spends 200k cycles (100 µs at 2 GHz) more in the call:
    // the kworker, nice -20 on the same CPU, waits for the call's end, not for the client's
    // next sleep (the run after the call)
    let kick = serde_json::json!({"syscall": {"body": [
        {"wake": {"task": {"task": 1}}}, {"run": {"cycles": 200000}}
    ]}});
    let tasks = custom(serde_json::json!([
        {"name": "client", "affinity": "0", "start_cpu": 0, "program": [
            {"loop": {"count": 50, "body": [kick, {"run": {"cycles": 2000000}}, {"wait": null}]}}
        ]},
        handoff(serde_json::json!({"wait": null}))["tasks"][1]
    ]));
    let mut sc = host(tasks, 200, KernelVersion::V5_10);
    // runnable-to-running waits of at least 2^16 ns (65.5 µs): the histogram's log2 buckets
    // from 16 on. Besides the kworker's 50 waits, the client waits ~10 µs behind the kworker
    // after each call and one first wake-up leaves C6 (85 µs).
    let long = |s: &RunStats| s.wake_latency.buckets.iter().skip(16).sum::<u64>();
    let s = run(&sc, 1);
    assert!(
        long(&s) >= 50 && s.wake_latency.max < 200_000,
        "each of the kworker's 50 wake-ups waits ~100 µs for the call's end, not the 1 ms \
         after it: {:?}",
        s.wake_latency
    );
    sc.engine.preempt = true;
    let s = run(&sc, 1);
    assert!(
        long(&s) <= 2,
        "CONFIG_PREEMPT: at once: {:?}",
        s.wake_latency
    );
}

#[test]
fn a_preemption_owed_at_a_system_calls_return_happens_before_the_next_call() {
    // exit_to_user_mode schedules before the task is back in user space: a preemption owed
    // inside one call happens at its return even when the program enters its next call at
    // once (hackbench's write loop), not at the end of the next call
    let kick = serde_json::json!({"syscall": {"body": [
        {"wake": {"task": {"task": 1}}}, {"run": {"cycles": 200000}}
    ]}});
    let next_call = serde_json::json!({"syscall": {"body": [{"run": {"cycles": 2000000}}]}});
    let tasks = custom(serde_json::json!([
        {"name": "client", "affinity": "0", "start_cpu": 0, "program": [
            {"loop": {"count": 50, "body": [kick, next_call, {"wait": null}]}}
        ]},
        handoff(serde_json::json!({"wait": null}))["tasks"][1]
    ]));
    let sc = host(tasks, 200, KernelVersion::V5_10);
    let s = run(&sc, 1);
    assert!(
        s.wake_latency.max < 500_000,
        "each of the kworker's wake-ups waits ~100 µs for the first call's end, not the 1.1 ms \
         to the second's: {:?}",
        s.wake_latency
    );
}

/// `pthread_barrier_wait`: the last task to arrive wakes the others (FUTEX_WAKE), and each of
/// those wake-ups costs it `engine.wakeup_cost_ns` as any other wake-up does.
#[test]
fn the_last_task_at_a_barrier_pays_for_waking_the_others() {
    let rounds = 1000u64;
    let task = |name: &str, cpu: u32, cycles: u64| {
        serde_json::json!({"name": name, "affinity": cpu.to_string(), "start_cpu": cpu,
            "program": [{"loop": {"count": rounds, "body": [
                {"run": {"cycles": cycles}},
                {"barrier": {"id": 1, "parties": 2}}]}}]})
    };
    // `b` (100k cycles a round, 50 µs at 2 GHz) always arrives last and wakes `a`
    let end = |wakeup_cost_ns: u64| {
        let mut sc = host(
            custom(serde_json::json!([
                task("a", 0, 20_000),
                task("b", 1, 100_000)
            ])),
            1000,
            KernelVersion::V6_18,
        );
        sc.engine.wakeup_cost_ns = wakeup_cost_ns;
        let s = run(&sc, 1);
        assert_eq!(s.exits, 2);
        s.end_ns
    };
    let extra = end(1_500) - end(0);
    assert!(
        (rounds * 1_400..=rounds * 1_600).contains(&extra),
        "{extra} ns more over {rounds} rounds with a 1.5 µs wake-up"
    );
}

/// A reader pinned to CPU 1 that runs 20k cycles (10 µs) before each of its `recv`s, fed by a
/// writer pinned to CPU 0 that sleeps 4-14 µs (uniform) before each send: their phases vary, so a message reaches
/// the pipe during the reader's run, during the pass of the read that finds it empty, or after
/// the reader went to sleep. `gap` puts a zero-time step between the run and the `recv`.
fn drifting_reader(gap: bool) -> RunStats {
    let mut body = vec![serde_json::json!({"run": {"cycles": 20000}})];
    if gap {
        body.push(serde_json::json!({"ops": {"n": 1}}));
    }
    body.push(serde_json::json!({"recv": {"bytes": 100}}));
    if !gap {
        body.push(serde_json::json!({"ops": {"n": 1}}));
    }
    let tasks = custom(serde_json::json!([
        {"name": "reader", "start_cpu": 1, "affinity": "1", "program": [
            {"loop": {"count": 3000, "body": body}}
        ]},
        {"name": "writer", "start_cpu": 0, "affinity": "0", "program": [
            {"loop": {"count": 3000, "body": [
                {"sleep": {"ns": {"lo": 4000, "hi": 14000}}},
                {"send": {"task": {"task": 0}, "bytes": 100}}
            ]}}
        ]}
    ]));
    run(&host(tasks, 100, KernelVersion::V6_18), 1)
}

#[test]
fn the_empty_read_charged_with_the_run_before_it_is_the_read_that_finds_the_pipe_empty() {
    // A run followed at once by a `recv` of an empty inbox is charged with the read's pass as
    // its last cycles (sim/ipc.rs, charge_empty_read_ahead), taken back if data arrives before
    // they begin. With a zero-time step between run and `recv` the pass is charged when the
    // `recv` finds the pipe empty, as before: both must sleep as often and take as long.
    let (ahead, at_recv) = (drifting_reader(false), drifting_reader(true));
    assert_eq!((ahead.exits, at_recv.exits), (2, 2));
    assert_eq!((ahead.ops, at_recv.ops), (3000, 3000));
    assert!(
        at_recv.chan_read_blocks > 100 && at_recv.chan_read_blocks < 2900,
        "the reader sleeps on some reads, not all: {}",
        at_recv.chan_read_blocks
    );
    // without the take-back (data that arrives during the run) 1704 instead of 1725 sleeps
    assert_eq!(ahead.chan_read_blocks, at_recv.chan_read_blocks);
    assert_eq!(ahead.context_switches, at_recv.context_switches);
    assert!(
        ahead.end_ns.abs_diff(at_recv.end_ns) <= 3000,
        "the same time, but for rounding: {} vs {} ns",
        ahead.end_ns,
        at_recv.end_ns
    );
    assert!(
        ahead.events < at_recv.events,
        "one run completion fewer per pass charged ahead: {} vs {}",
        ahead.events,
        at_recv.events
    );
}
