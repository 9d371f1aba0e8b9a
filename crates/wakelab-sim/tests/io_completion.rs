//! IO completions through kernel threads (`io`'s `completion`, engine/sim/completion.rs):
//! ksoftirqd/N of the interrupt's CPU, or a worker that then raises BLOCK_SOFTIRQ on its own
//! CPU, finishes the IO and wakes the waiter from its own CPU. Each test here fails without the
//! mechanism (the interrupt would wake the waiter directly).

mod host_support;
use host_support::{custom, host_5_15};
use serde_json::json;
use wakelab_sim::engine::TaskId;
use wakelab_sim::experiment::{DetailOptions, PointDetail, run_point_detailed};
use wakelab_sim::scenario::{Experiment, Scenario};

/// A client pinned to CPU 0: `n` times 10 µs of work and an IO of 100 µs whose completion
/// interrupt is on CPU 1, completed as `completion` says.
fn client(n: u32, completion: serde_json::Value) -> serde_json::Value {
    json!({"name": "client", "affinity": "0", "start_cpu": 0, "program": [
        {"loop": {"count": n, "body": [
            {"run": {"cycles": 20000}}, {"ops": {"n": 1}},
            {"io": {"ns": 100000, "irq": {"cpu": 1}, "completion": completion}}
        ]}}
    ]})
}

/// A completion thread: `complete_io` of 20 µs (40k cycles at 2 GHz), forever; `cpu` pins it.
fn thread(name: &str, cpu: Option<u32>) -> serde_json::Value {
    let mut t = json!({"name": name, "program": [
        {"loop": {"count": null, "body": [{"complete_io": {"cycles": 40000}}]}}
    ]});
    if let Some(c) = cpu {
        t["affinity"] = json!(c.to_string());
        t["start_cpu"] = json!(c);
        t["kthread"] = json!(true);
    }
    t
}

fn detail(sc: Scenario) -> PointDetail {
    let mut e = wakelab_sim::presets::experiment("default").unwrap();
    e.scenario = sc;
    e.variants.truncate(1);
    e.variants[0].kernel = None;
    e.variants[0].freq = None;
    e.clients = vec![1];
    e.iterations = 1;
    let e: Experiment = e;
    e.validate().unwrap();
    run_point_detailed(
        &e,
        0,
        1,
        0,
        DetailOptions {
            window: Some((0, u64::MAX)),
            ..DetailOptions::default()
        },
        None,
    )
    .unwrap()
}

fn id(d: &PointDetail, name: &str) -> TaskId {
    d.task_names.iter().position(|n| n == name).unwrap() as TaskId
}

/// Every wake-up of `task` after the start (a task's start at 0 is recorded as one): (time,
/// waker CPU, CPU it went to). Pinned tasks make no placement decision, so theirs are the plain
/// wake-ups.
fn wakes(d: &PointDetail, task: TaskId) -> Vec<(u64, u16, u16)> {
    let mut v: Vec<_> = d
        .plain_wakes
        .iter()
        .filter(|w| w.task == task)
        .map(|w| (w.t_ns, w.waker_cpu, w.cpu))
        .chain(
            d.wake_records
                .iter()
                .filter(|w| w.task == task)
                .map(|w| (w.t_ns, w.waker_cpu, w.cpu)),
        )
        .filter(|w| w.0 > 0)
        .collect();
    v.sort();
    v
}

/// The task on `cpu` at `t` (a segment covering `t`, or ending at it: a waker that blocks at
/// the instant of its wake-up).
fn running(d: &PointDetail, cpu: u16, t: u64) -> Vec<Option<TaskId>> {
    d.timeline
        .iter()
        .filter(|s| s.cpu == cpu && s.start <= t && t <= s.end && s.start < s.end)
        .map(|s| s.task)
        .collect()
}

#[test]
fn ksoftirqd_of_the_interrupts_cpu_wakes_the_waiter_after_its_run() {
    let sc = host_5_15(
        custom(json!([
            client(5, json!({"ksoftirqd": 1})),
            thread("ksoftirqd/0", Some(0)),
            thread("ksoftirqd/1", Some(1)),
        ])),
        10,
    );
    let d = detail(sc);
    let (c, k0, k1) = (
        id(&d, "client"),
        id(&d, "ksoftirqd/0"),
        id(&d, "ksoftirqd/1"),
    );
    assert_eq!(d.result.ops, 5, "every IO completed");
    let kw = wakes(&d, k1);
    let cw = wakes(&d, c);
    // ksoftirqd/1 (the interrupt's CPU) is woken once per IO, ksoftirqd/0 never
    assert_eq!(kw.len(), 5, "{kw:?}");
    assert!(wakes(&d, k0).is_empty());
    assert_eq!(cw.len(), 5, "{cw:?}");
    for (k, w) in kw.iter().zip(&cw) {
        // from CPU 1, where ksoftirqd/1 runs: the wake-up is the thread's, issued after its
        // 20 µs of work (not by the interrupt, which would wake the client at once)
        assert_eq!(w.1, 1, "the client is woken from CPU 1: {w:?}");
        assert!(
            w.0 >= k.0 + 20_000,
            "ksoftirqd woken at {}, client at {}",
            k.0,
            w.0
        );
        assert!(
            running(&d, 1, w.0).contains(&Some(k1)),
            "ksoftirqd/1 runs on CPU 1 when it wakes the client at {}",
            w.0
        );
        // the client stays on its CPU
        assert_eq!(w.2, 0);
    }
}

#[test]
fn without_a_completion_the_interrupt_wakes_the_waiter_and_no_thread_runs() {
    let sc = host_5_15(
        custom(json!([
            client(5, json!({})),
            thread("ksoftirqd/0", Some(0)),
            thread("ksoftirqd/1", Some(1)),
        ])),
        10,
    );
    let d = detail(sc);
    let (c, k1) = (id(&d, "client"), id(&d, "ksoftirqd/1"));
    assert!(wakes(&d, k1).is_empty(), "no thread is involved");
    let cw = wakes(&d, c);
    assert_eq!(cw.len(), 5);
    assert!(
        cw.iter().all(|w| w.1 == 1),
        "woken from the interrupt's CPU"
    );
    // an `io` without `completion` writes no such field (scenarios and links are unchanged)
    let io: wakelab_sim::engine::Phase =
        serde_json::from_value(json!({"io": {"ns": 5, "irq": "issuer"}})).unwrap();
    assert!(!serde_json::to_string(&io).unwrap().contains("completion"));
}

#[test]
fn a_worker_raises_the_softirq_on_its_own_cpu() {
    // the worker is pinned to CPU 0 here, so the softirq it raises runs in ksoftirqd/0, not in
    // ksoftirqd/1 of the interrupt's CPU: interrupt -> worker -> ksoftirqd/0 -> client
    let sc = host_5_15(
        custom(json!([
            client(4, json!({"worker": 3, "ksoftirqd": 1})),
            thread("ksoftirqd/0", Some(0)),
            thread("ksoftirqd/1", Some(1)),
            thread("kworker/u:loop0", Some(0)),
        ])),
        10,
    );
    let d = detail(sc);
    let (c, k0, k1, w) = (
        id(&d, "client"),
        id(&d, "ksoftirqd/0"),
        id(&d, "ksoftirqd/1"),
        id(&d, "kworker/u:loop0"),
    );
    assert_eq!(d.result.ops, 4);
    let ww = wakes(&d, w);
    let kw = wakes(&d, k0);
    let cw = wakes(&d, c);
    assert!(
        wakes(&d, k1).is_empty(),
        "the interrupt's CPU's ksoftirqd is not used: {:?} {:?}",
        wakes(&d, k1),
        wakes(&d, w)
    );
    assert_eq!((ww.len(), kw.len(), cw.len()), (4, 4, 4));
    for i in 0..4 {
        // the worker is woken by the interrupt (CPU 1), ksoftirqd/0 by the worker after its
        // run, the client by ksoftirqd/0 after its run
        assert_eq!(ww[i].1, 1);
        assert!(kw[i].0 >= ww[i].0 + 20_000);
        assert_eq!(kw[i].1, 0);
        assert!(running(&d, 0, kw[i].0).contains(&Some(w)));
        assert!(cw[i].0 >= kw[i].0 + 20_000);
        assert!(running(&d, 0, cw[i].0).contains(&Some(k0)));
    }
}

#[test]
fn a_worker_without_the_softirq_wakes_the_waiter_itself() {
    let sc = host_5_15(
        custom(json!([
            client(
                4,
                json!({"worker": 3, "ksoftirqd": 1, "softirq_permille": 0})
            ),
            thread("ksoftirqd/0", Some(0)),
            thread("ksoftirqd/1", Some(1)),
            thread("kworker/u:loop0", None),
        ])),
        10,
    );
    let d = detail(sc);
    let (c, k0, k1, w) = (
        id(&d, "client"),
        id(&d, "ksoftirqd/0"),
        id(&d, "ksoftirqd/1"),
        id(&d, "kworker/u:loop0"),
    );
    assert!(wakes(&d, k0).is_empty() && wakes(&d, k1).is_empty());
    let ww = wakes(&d, w);
    let cw = wakes(&d, c);
    assert_eq!((ww.len(), cw.len()), (4, 4));
    for (a, b) in ww.iter().zip(&cw) {
        // the client is woken from the CPU the worker was placed on, after the worker's run
        assert_eq!(b.1, a.2);
        assert!(b.0 >= a.0 + 20_000);
        assert!(running(&d, a.2, b.0).contains(&Some(w)));
    }
}

#[test]
fn completions_that_queue_are_taken_one_after_another() {
    // two clients on two CPUs, IOs completing on CPU 1 within a few µs of each other: the
    // second completion waits on ksoftirqd/1's list while it runs the first
    let two = json!([
        {"name": "a", "affinity": "0", "start_cpu": 0, "program": [
            {"io": {"ns": 100000, "irq": {"cpu": 1}, "completion": {"ksoftirqd": 2}}}]},
        {"name": "b", "affinity": "1", "start_cpu": 1, "program": [
            {"io": {"ns": 100000, "irq": {"cpu": 1}, "completion": {"ksoftirqd": 2}}}]},
        thread("ksoftirqd/0", Some(0)),
        thread("ksoftirqd/1", Some(1)),
    ]);
    let d = detail(host_5_15(custom(two), 5));
    let (a, b, k1) = (id(&d, "a"), id(&d, "b"), id(&d, "ksoftirqd/1"));
    let (wa, wb) = (wakes(&d, a), wakes(&d, b));
    assert_eq!((wa.len(), wb.len()), (1, 1));
    // ksoftirqd/1 is woken once and takes both: 20 µs of work before each wake-up
    assert_eq!(wakes(&d, k1).len(), 1);
    let (first, second) = if wa[0].0 < wb[0].0 {
        (wa[0], wb[0])
    } else {
        (wb[0], wa[0])
    };
    assert!(second.0 >= first.0 + 20_000, "{first:?} {second:?}");
}

#[test]
fn a_completion_thread_must_exist() {
    // ksoftirqd/N for every CPU from the base: base 1 with two CPUs needs tasks 1 and 2
    let sc = host_5_15(
        custom(json!([
            client(1, json!({"ksoftirqd": 1})),
            thread("ksoftirqd/0", Some(0)),
        ])),
        5,
    );
    let (input, _, _) =
        wakelab_sim::experiment::build_input(&sc, 1, 7, DetailOptions::default()).unwrap();
    let m = wakelab_sim::engine::Sim::new(input)
        .err()
        .unwrap()
        .to_string();
    assert!(
        m.contains("per-CPU") || m.contains("per CPU") || m.contains("base"),
        "{m}"
    );
    // a worker beyond the task list is refused when the program is compiled
    let sc = host_5_15(custom(json!([client(1, json!({"worker": 7}))])), 5);
    let m = match wakelab_sim::experiment::build_input(&sc, 1, 7, DetailOptions::default()) {
        Err(e) => e.to_string(),
        Ok(_) => panic!("worker 7 of 1 task accepted"),
    };
    assert!(m.contains("io"), "{m}");
}

#[test]
fn dbench_on_a_loop_device_completes_through_its_threads() {
    for variant in ["ext4", "xfs"] {
        let w = json!({"kind": "dbench", "variant": variant, "io_ns": 1000,
            "loop_device": {"data_softirq_permille": 500, "log_softirq_permille": 1000,
                "worker_cycles": 20000, "softirq_cycles": 20000}});
        let d = detail(host_5_15(w, 30));
        assert!(
            d.result.ops > 0,
            "{variant}: the clients get through their fsyncs"
        );
        let worker = id(&d, "kworker/u:loop0");
        assert!(
            !wakes(&d, worker).is_empty(),
            "{variant}: the loop worker runs"
        );
        let mut softirqs = 0;
        for cpu in 0..2u16 {
            let k = id(&d, &format!("ksoftirqd/{cpu}"));
            softirqs += wakes(&d, k).len();
            // per-CPU: ksoftirqd/N runs on N only, and is woken there (by the worker)
            assert!(
                d.timeline
                    .iter()
                    .filter(|s| s.task == Some(k))
                    .all(|s| s.cpu == cpu)
            );
            assert!(wakes(&d, k).iter().all(|w| w.1 == cpu && w.2 == cpu));
        }
        assert!(softirqs > 0, "{variant}: ksoftirqd runs");
    }
}

/// The name of the task that woke `task` at each of its wake-ups after the start, in order.
fn wakers(d: &PointDetail, task: TaskId) -> Vec<(u64, String, u16)> {
    let name = |w: Option<TaskId>| match w {
        Some(w) => d.task_names[w as usize].clone(),
        None => "(irq)".into(),
    };
    let mut v: Vec<_> = d
        .plain_wakes
        .iter()
        .filter(|w| w.task == task && w.t_ns > 0)
        .map(|w| (w.t_ns, name(w.waker), w.waker_cpu))
        .chain(
            d.wake_records
                .iter()
                .filter(|w| w.task == task && w.t_ns > 0)
                .map(|w| (w.t_ns, name(w.waker), w.waker_cpu)),
        )
        .collect();
    v.sort();
    v
}

#[test]
fn a_work_route_wakes_the_waiter_from_the_worker_of_the_completing_cpu() {
    // client 0 on CPU 0, its IO's interrupt on CPU 1; per-CPU workers 1 (CPU 0) and 2 (CPU 1):
    // `xlog_bio_end_io` queues the work on the interrupt's CPU, so kworker/1:1H wakes the
    // client, never kworker/0:1H
    let d = detail(host_5_15(
        custom(json!([
            client(5, json!({"work": 1})),
            thread("kworker/0:1H", Some(0)),
            thread("kworker/1:1H", Some(1)),
        ])),
        5,
    ));
    let (c, h0, h1) = (
        id(&d, "client"),
        id(&d, "kworker/0:1H"),
        id(&d, "kworker/1:1H"),
    );
    let w = wakers(&d, c);
    assert_eq!(w.len(), 5, "{w:?}");
    assert!(
        w.iter()
            .all(|(_, by, cpu)| by == "kworker/1:1H" && *cpu == 1),
        "{w:?}"
    );
    assert!(wakes(&d, h0).is_empty(), "kworker/0:1H is never woken");
    // kworker/1:1H is woken by the interrupt, on its CPU, before each of the client's wake-ups
    let hw = wakers(&d, h1);
    assert_eq!(hw.len(), 5, "{hw:?}");
    assert!(
        hw.iter().all(|(_, by, cpu)| by != "client" && *cpu == 1),
        "{hw:?}"
    );
    for (h, cl) in hw.iter().zip(&w) {
        assert!(h.0 < cl.0, "{hw:?} {w:?}");
    }
}

#[test]
fn a_flush_sequence_goes_through_kblockd_and_the_worker_request_by_request() {
    // an IO of three requests (blk-flush: PREFLUSH, DATA, POSTFLUSH) through worker 3, with the
    // per-CPU workers 1-2 as kblockd and xfs-log: the client kicks its CPU's kworker (the first
    // dispatch), each request's end is passed on by a per-CPU kworker that dispatches the next
    // to the worker, and the last one's kworker wakes the client; the device time (100 µs) is
    // spread over the three requests, so no IO ends before it
    let n = 4;
    let d = detail(host_5_15(
        custom(json!([
            client(
                n,
                json!({"worker": 3, "work": 1, "requeues": 2, "softirq_permille": 0})
            ),
            thread("kworker/0:1H", Some(0)),
            thread("kworker/1:1H", Some(1)),
            thread("kworker/u:loop0", None),
        ])),
        20,
    ));
    let c = id(&d, "client");
    let w = wakers(&d, c);
    assert_eq!(w.len(), n as usize, "{w:?}");
    assert!(w.iter().all(|(_, by, _)| by.ends_with("1H")), "{w:?}");
    let kicks: usize = (0..2)
        .map(|cpu| {
            let h = id(&d, &format!("kworker/{cpu}:1H"));
            wakers(&d, h).iter().filter(|x| x.1 == "client").count()
        })
        .sum();
    assert_eq!(kicks, n as usize, "one kick per IO");
    // the worker is handed every request twice (dispatched by a kworker, then done on the
    // device): at most 6 wake-ups per IO, at least the 3 device ends
    let loop0 = wakers(&d, id(&d, "kworker/u:loop0"));
    assert!(
        loop0.len() >= 3 * n as usize && loop0.len() <= 6 * n as usize,
        "{loop0:?}"
    );
    assert!(
        loop0.iter().any(|x| x.1.ends_with("1H")),
        "kblockd dispatches: {loop0:?}"
    );
    // each IO lasts at least its device time: the client's wake-ups are >= 100 µs apart
    for p in w.windows(2) {
        assert!(p[1].0 - p[0].0 >= 100_000, "{w:?}");
    }
}

#[test]
fn xfs_log_force_waits_for_the_data_then_the_cil_then_the_log_worker_of_the_completing_cpu() {
    // dbench xfs with the kernel's fsync chain on a loop device: every fsync wakes the client
    // three times, in order: its data (the loop worker or ksoftirqd), the CIL push worker
    // (completing its flush of the push workqueue), then a kworker/N:1H (xlog_ioend_work) running on the CPU the iclog's
    // last request completed on
    let w = json!({"kind": "dbench", "variant": "xfs", "xfs_fsync": "log_force",
        "io_ns": 1, "fsync_io_ns": 1, "commit_record_io_ns": 300000,
        "loop_device": {"data_softirq_permille": 500, "log_softirq_permille": 500,
            "worker_cycles": 20000, "softirq_cycles": 20000}});
    let d = detail(host_5_15(w, 60));
    assert!(d.result.ops > 0);
    let c = id(&d, "dbench/0");
    let w = wakers(&d, c);
    assert!(w.len() >= 6, "{w:?}");
    let kind = |by: &str| -> u8 {
        if by == "kworker/u:loop0" || by.starts_with("ksoftirqd/") {
            0
        } else if by == "kworker/u:cil" {
            1
        } else {
            assert!(by.starts_with("kworker/") && by.ends_with(":1H"), "{by}");
            2
        }
    };
    for (i, (_, by, cpu)) in w.iter().enumerate() {
        assert_eq!(kind(by) as usize, i % 3, "wake-up {i}: {w:?}");
        if kind(by) == 2 {
            // the per-CPU log worker of the CPU it runs on
            assert_eq!(by, &format!("kworker/{cpu}:1H"), "{w:?}");
        }
    }
}

#[test]
fn xfs_log_force_clients_queue_inode_inactivation_on_their_own_cpu_once_per_fsync() {
    // the client's `statfs` queues xfs_inodegc_worker on its CPU's bound kworker (nice 0,
    // pinned), from its own CPU, once per fsync cycle (generators.rs, INODEGC_PER_FSYNC): as
    // many wake-ups of the kworkers as iclog completions (one per fsync) give or take the
    // cycle in progress at the end
    let w = json!({"kind": "dbench", "variant": "xfs", "xfs_fsync": "log_force",
        "io_ns": 1, "fsync_io_ns": 1, "commit_record_io_ns": 300000,
        "loop_device": {"data_softirq_permille": 500, "log_softirq_permille": 500,
            "worker_cycles": 20000, "softirq_cycles": 20000}});
    let d = detail(host_5_15(w, 60));
    let c = id(&d, "dbench/0");
    let fsyncs = wakers(&d, c)
        .iter()
        .filter(|(_, by, _)| by.ends_with(":1H"))
        .count();
    assert!(fsyncs >= 2, "{fsyncs}");
    let mut gc: usize = 0;
    for cpu in 0..2 {
        let k = id(&d, &format!("kworker/{cpu}:1"));
        assert!(d.task_names[k as usize].ends_with(":1"));
        for (_, by, waker_cpu) in wakers(&d, k) {
            assert_eq!(by, "dbench/0");
            // its own CPU's worker: the kworker is pinned there, and the client wakes it there
            assert_eq!(waker_cpu, cpu as u16);
            gc += 1;
        }
    }
    assert!(
        gc.abs_diff(fsyncs) <= 1,
        "{gc} inodegc wake-ups, {fsyncs} fsyncs"
    );
}

/// `at_submission`: the client queues each IO on the worker and wakes it itself, from its own
/// CPU, at the instant it blocks (`loop_queue_rq` -> `loop_queue_work`); the worker finishes the
/// request after its run and wakes the client, without the IO's 10 ms of device time or an
/// interrupt.
/// Without a worker, or with `requeues`, the route is refused under its field.
#[test]
fn at_submission_the_submitter_wakes_the_worker_and_no_device_time_passes() {
    let sc = host_5_15(
        custom(json!([
            json!({"name": "client", "affinity": "0", "start_cpu": 0, "program": [
                {"loop": {"count": 4, "body": [
                    {"run": {"cycles": 20000}}, {"ops": {"n": 1}},
                    {"io": {"ns": 10_000_000u64, "irq": {"cpu": 1}, "completion": {"worker": 3,
                        "ksoftirqd": 1, "softirq_permille": 0, "at_submission": true}}}
                ]}}
            ]}),
            thread("ksoftirqd/0", Some(0)),
            thread("ksoftirqd/1", Some(1)),
            thread("kworker/u:loop0", None),
        ])),
        10,
    );
    let d = detail(sc);
    let (c, w) = (id(&d, "client"), id(&d, "kworker/u:loop0"));
    assert_eq!(d.result.ops, 4, "every IO completed");
    let ww = wakers(&d, w);
    let cw = wakes(&d, c);
    assert_eq!((ww.len(), cw.len()), (4, 4), "{ww:?} {cw:?}");
    for (a, b) in ww.iter().zip(&cw) {
        // the client wakes its worker from its own CPU 0 (not the IO's irq CPU 1) ...
        assert_eq!((a.1.as_str(), a.2), ("client", 0), "{a:?}");
        // ... and is woken back from the worker's CPU after its run, long before 10 ms
        assert!(b.0 > a.0 && b.0 < a.0 + 1_000_000, "{a:?} {b:?}");
        assert!(running(&d, b.1, b.0).contains(&Some(w)), "{a:?} {b:?}");
    }
    for bad in [
        json!({"ksoftirqd": 1, "at_submission": true}),
        json!({"worker": 3, "requeues": 1, "at_submission": true}),
    ] {
        let sc = host_5_15(
            custom(json!([
                client(1, bad),
                thread("ksoftirqd/0", Some(0)),
                thread("ksoftirqd/1", Some(1)),
                thread("kworker/u:loop0", None),
            ])),
            5,
        );
        let m = match wakelab_sim::experiment::build_input(&sc, 1, 7, DetailOptions::default()) {
            Err(e) => e.to_string(),
            Ok(_) => panic!("an at_submission route without a lone worker accepted"),
        };
        assert!(m.contains("io.completion.at_submission"), "{m}");
    }
}

/// A client whose IO is `submit_only`: it wakes the worker (pinned to `worker_cpu`), runs
/// `tail` cycles, passes a `cond_resched` if `resched`, then `io_wait`s; 4 rounds.
fn submitter(tail: u64, resched: bool, worker_cpu: u32) -> Scenario {
    let mut call = vec![
        json!({"io": {"ns": 10_000_000u64, "completion": {"worker": 3, "ksoftirqd": 1,
            "softirq_permille": 0, "at_submission": true}, "submit_only": true}}),
        json!({"run": {"cycles": tail}}),
    ];
    if resched {
        call.push(json!("cond_resched"));
    }
    call.push(json!("io_wait"));
    host_5_15(
        custom(json!([
            json!({"name": "client", "affinity": "0", "start_cpu": 0, "program": [
                {"loop": {"count": 4, "body": [
                    {"run": {"cycles": 2_000_000u64}}, {"ops": {"n": 1}},
                    {"syscall": {"body": call}}
                ]}}
            ]}),
            thread("ksoftirqd/0", Some(0)),
            thread("ksoftirqd/1", Some(1)),
            thread("kworker/u:loop0", Some(worker_cpu)),
        ])),
        20,
    )
}

#[test]
fn submit_only_goes_on_and_io_wait_sleeps_only_for_a_request_not_done() {
    // the worker (20 µs on the other CPU, after that CPU's exit from idle) is done before a
    // 200 µs tail ends: no sleep at all
    let long = submitter(400_000, false, 1);
    let d = detail(long.clone());
    let (c, w) = (id(&d, "client"), id(&d, "kworker/u:loop0"));
    assert_eq!(d.result.ops, 4);
    assert_eq!(
        wakers(&d, w).len(),
        4,
        "the client wakes its worker each round"
    );
    assert!(wakes(&d, c).is_empty(), "{:?}", wakes(&d, c));
    assert_eq!(host_support::run_stats(&long).io_waits, 0);
    // with a 1 µs tail the client sleeps in io_wait and the worker wakes it
    let short = submitter(2_000, false, 1);
    let d = detail(short.clone());
    let cw = wakes(&d, c);
    assert_eq!(cw.len(), 4, "{cw:?}");
    assert!(
        cw.iter().all(|x| x.1 == 1),
        "woken from the worker's CPU: {cw:?}"
    );
    assert_eq!(host_support::run_stats(&short).io_waits, 4);
}

#[test]
fn cond_resched_takes_the_preemption_a_wake_up_owed_in_kernel_mode() {
    // the worker shares the client's CPU: the client, in its system call, is not preempted
    // when it wakes the worker; without a preemption point it runs its tail and sleeps in
    // io_wait, and the worker wakes it
    let d = detail(submitter(40_000, false, 0));
    let c = id(&d, "client");
    assert_eq!(wakes(&d, c).len(), 4, "{:?}", wakes(&d, c));
    // with `cond_resched` after the tail it is preempted there: the worker runs, finds it
    // runnable (the request is done before it waits), and the client never sleeps
    let sc = submitter(40_000, true, 0);
    let d = detail(sc.clone());
    assert_eq!(d.result.ops, 4);
    assert!(wakes(&d, c).is_empty(), "{:?}", wakes(&d, c));
    let s = host_support::run_stats(&sc);
    assert_eq!(s.io_waits, 0);
    // the worker never ran before the client's tail ended (kernel mode), only after it
    let w = id(&d, "kworker/u:loop0");
    let woken = wakers(&d, w)[0].0;
    let first_worker_run = d
        .timeline
        .iter()
        .filter(|s| s.task == Some(w) && s.start >= woken)
        .map(|s| s.start)
        .min()
        .unwrap();
    assert!(
        first_worker_run >= woken + 20_000,
        "woken at {woken}, ran at {first_worker_run}: inside the 20 µs tail"
    );
}

#[test]
fn submit_only_and_cond_resched_are_refused_where_they_mean_nothing() {
    let with = |client: serde_json::Value| {
        let sc = host_5_15(
            custom(json!([
                client,
                thread("ksoftirqd/0", Some(0)),
                thread("ksoftirqd/1", Some(1)),
                thread("kworker/u:loop0", None),
            ])),
            5,
        );
        match wakelab_sim::experiment::build_input(&sc, 1, 7, DetailOptions::default()) {
            Err(e) => e.to_string(),
            Ok(_) => panic!("accepted"),
        }
    };
    let m = with(json!({"name": "client", "program": [
        {"io": {"ns": 1000, "completion": {"worker": 3}, "submit_only": true}}
    ]}));
    assert!(m.contains("io.submit_only"), "{m}");
    let m = with(json!({"name": "client", "program": ["cond_resched"]}));
    assert!(
        m.contains("cond_resched: only inside a syscall block"),
        "{m}"
    );
}

/// A thread `k` pinned to CPU 0 that works 200 µs (as ten 20 µs steps, each followed by a
/// `cond_resched` when `resched`) then sleeps 100 µs, beside a task waking every 30 µs on the
/// same CPU for 1 µs of work; `kthread` makes `k` a kernel thread. The lengths of `k`'s runs
/// between two switches, ns, less the context switch each starts with (charged to the task
/// switched in), the run cut by the end of the simulation left out.
fn kthread_runs(kthread: bool, resched: bool) -> Vec<u64> {
    let mut step = vec![json!({"run": {"cycles": 40_000}})];
    if resched {
        step.push(json!("cond_resched"));
    }
    let sc = host_5_15(
        custom(json!([
            {"name": "k", "affinity": "0", "start_cpu": 0, "kthread": kthread, "program": [
                {"loop": {"count": null, "body": [
                    {"loop": {"count": 10, "body": step}},
                    {"sleep": {"ns": 100_000}}
                ]}}
            ]},
            {"name": "u", "affinity": "0", "start_cpu": 0, "program": [
                {"loop": {"count": null, "body": [
                    {"sleep": {"ns": 30_000}}, {"run": {"cycles": 2_000}}
                ]}}
            ]}
        ])),
        20,
    );
    let switch = sc.engine.context_switch_ns;
    let d = detail(sc);
    let k = id(&d, "k");
    let end = d.timeline.iter().map(|s| s.end).max().unwrap();
    d.timeline
        .iter()
        .filter(|s| s.task == Some(k) && s.start < s.end && s.end < end)
        .map(|s| (s.end - s.start).saturating_sub(switch))
        .collect()
}

#[test]
fn a_kernel_thread_is_preempted_only_where_it_sleeps_or_calls_cond_resched() {
    // a user task's steps outside a system call: the waking task preempts it mid-run
    let user = kthread_runs(false, false);
    assert!(user.iter().any(|&ns| ns < 150_000), "{user:?}");
    // a kernel thread under PREEMPT_NONE runs its 200 µs to its sleep every time
    let kernel = kthread_runs(true, false);
    assert!(
        kernel.len() > 20 && kernel.iter().all(|&ns| ns >= 200_000),
        "{kernel:?}"
    );
    // ... unless it passes a cond_resched: switched out there, at the end of a 20 µs step (or
    // back only to go to sleep, under 2 µs)
    let resched = kthread_runs(true, true);
    assert!(resched.iter().any(|&ns| ns < 150_000), "{resched:?}");
    assert!(
        resched.iter().all(|&ns| ns < 2_000 || ns % 20_000 == 0),
        "{resched:?}"
    );
}

#[test]
fn cond_resched_is_a_step_of_a_kernel_threads_program_anywhere() {
    let build = |kthread: bool| {
        let sc = host_5_15(
            custom(json!([{"name": "k", "kthread": kthread, "program": [
                {"loop": {"count": 2, "body": [{"run": {"cycles": 1000}}, "cond_resched"]}}
            ]}])),
            5,
        );
        wakelab_sim::experiment::build_input(&sc, 1, 7, DetailOptions::default())
            .map(|_| ())
            .map_err(|e| e.to_string())
    };
    assert_eq!(build(true), Ok(()));
    let m = build(false).unwrap_err();
    assert!(
        m.contains("cond_resched: only inside a syscall block"),
        "{m}"
    );
}
