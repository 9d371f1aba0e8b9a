//! `flush_workqueue` (engine/sim/workqueue.rs) through the real pipeline: a flush waits for the
//! work items queued before it, the worker wakes the first flusher, and that flusher wakes the
//! ones behind it (`__flush_workqueue`), as xfs's fsync does with the CIL push workqueue
//! (recordings/dbench-peer-wakes). Every test here fails without its mechanism.

mod host_support;
use host_support::{custom, host_5_15 as host};
use wakelab_sim::engine::Sim;
use wakelab_sim::experiment::{DetailOptions, build_input};
use wakelab_sim::scenario::Scenario;

const A: u32 = 0;
const B: u32 = 1;
const W: u32 = 2;

/// A client pinned to `cpu`, starting at `start_ns`: one system call with `body`, then exit.
fn client(name: &str, cpu: u32, start_ns: u64, body: serde_json::Value) -> serde_json::Value {
    serde_json::json!({"name": name, "affinity": cpu.to_string(), "start_cpu": cpu,
        "start_ns": start_ns, "program": [{"syscall": {"body": body}}, {"ops": {"n": 1}}]})
}

/// The worker (task 2), pinned to CPU 0: each work item waits 1 ms for an IO.
fn worker() -> serde_json::Value {
    serde_json::json!({"name": "kworker/u:cil", "affinity": "0", "start_cpu": 0, "kthread": true,
    "program": [{"loop": {"count": null, "body": [
        "wait", {"io": {"ns": 1000000, "irq": "issuer"}}
    ]}}]})
}

/// A queues an item on the worker at ~0 and flushes; B starts at `b_start_ns` on the other CPU
/// and runs `b_body` (one system call).
fn a_then_b(b_start_ns: u64, b_body: serde_json::Value) -> Scenario {
    host(
        custom(serde_json::json!([
            client(
                "A",
                0,
                0,
                serde_json::json!([
                    {"wake": {"task": {"task": W}}}, {"flush_workqueue": {"task": {"task": W}}}
                ])
            ),
            client("B", 1, b_start_ns, b_body),
            worker()
        ])),
        10,
    )
}

/// (wakee, waker) of every wake-up of the three tasks after their start, in time order.
fn wakes(sc: &Scenario) -> (Vec<(u32, Option<u32>)>, u64) {
    let (input, _, _) = build_input(sc, 1, 7, DetailOptions::default()).unwrap();
    let mut sim = Sim::new(input).unwrap();
    sim.run(None);
    sim.check_invariants().unwrap();
    let s = sim.stats();
    let mut v: Vec<(u64, u32, Option<u32>)> = s
        .plain_wakes
        .iter()
        .filter(|w| w.task <= W && !w.new_task)
        .map(|w| (w.t_ns, w.task, w.waker))
        .collect();
    v.sort();
    (v.into_iter().map(|(_, t, w)| (t, w)).collect(), s.ops)
}

#[test]
fn the_worker_wakes_the_first_flusher_and_it_wakes_the_one_behind() {
    // A queues a work item at ~0 and flushes: it waits for its own item (1 ms of IO). B
    // flushes at 0.5 ms: the item queued before it is A's, still in flight, so B waits too,
    // behind A. The item ends: the worker wakes A (the first flusher), and A, once it runs,
    // wakes B.
    let sc = a_then_b(
        500_000,
        serde_json::json!([
            {"flush_workqueue": {"task": {"task": W}}}
        ]),
    );
    let (w, ops) = wakes(&sc);
    assert_eq!(ops, 2, "both flushes return");
    // the worker: woken by A's queue_work, then by its IO's interrupt (no task: idle CPU 0)
    assert_eq!(
        w,
        [(W, Some(A)), (W, None), (A, Some(W)), (B, Some(A))],
        "B is woken by A, not by the worker"
    );
}

#[test]
fn a_flush_with_nothing_queued_before_it_does_not_sleep() {
    // B flushes at 2 ms, after A's item ended (~1 ms): nothing is in flight, so B is never
    // woken; A still waits for its own item.
    let sc = a_then_b(
        2_000_000,
        serde_json::json!([
            {"flush_workqueue": {"task": {"task": W}}}
        ]),
    );
    let (w, ops) = wakes(&sc);
    assert_eq!(ops, 2);
    assert_eq!(w, [(W, Some(A)), (W, None), (A, Some(W))]);
}

#[test]
fn a_flusher_behind_a_later_item_waits_for_it_and_is_woken_by_the_worker() {
    // A queues item 1 and flushes; B queues item 2 at 0.5 ms and flushes: its flush covers
    // item 2, which runs after item 1. Item 1's end wakes A (first flusher); A finds B's items
    // not done and leaves it; item 2's end wakes B from the worker.
    let sc = a_then_b(
        500_000,
        serde_json::json!([
            {"wake": {"task": {"task": W}}}, {"flush_workqueue": {"task": {"task": W}}}
        ]),
    );
    let (w, ops) = wakes(&sc);
    assert_eq!(ops, 2);
    assert_eq!(
        w,
        [
            (W, Some(A)),
            (W, None),
            (A, Some(W)),
            (W, None),
            (B, Some(W))
        ],
    );
}

#[test]
fn a_flush_must_name_a_worker() {
    let sc = host(
        custom(serde_json::json!([
            client(
                "A",
                0,
                0,
                serde_json::json!([{"flush_workqueue": {"task": "sender"}}])
            ),
            worker()
        ])),
        10,
    );
    let err = build_input(&sc, 1, 7, DetailOptions::default())
        .err()
        .expect("refused")
        .to_string();
    assert!(err.contains("flush_workqueue.task"), "{err}");
    let sc = host(
        custom(serde_json::json!([
            client(
                "A",
                0,
                0,
                serde_json::json!([{"flush_workqueue": {"task": {"task": 9}}}])
            ),
            worker()
        ])),
        10,
    );
    let err = build_input(&sc, 1, 7, DetailOptions::default())
        .err()
        .expect("refused")
        .to_string();
    assert!(err.contains("flush_workqueue"), "{err}");
}
