//! Group flush with a leader (`wal_flush`, engine/sim/wal.rs, PostgreSQL's `XLogFlush`)
//! through the real pipeline (scenario -> workload::build -> Sim): the first committer to find
//! the write lock free flushes every record inserted so far; a committer that finds it held
//! sleeps until its release and is then either covered by that flush or takes the lock itself.
//! Every test here fails without its mechanism.

mod host_support;
use host_support::{custom, host_5_15 as host, run_stats as run};
use wakelab_sim::scenario::Scenario;

/// A backend pinned to `cpu` that starts after `start_ns` and commits `n` times: 10 µs of
/// work, then the commit's WAL flush (1 ms when it is the one flushing, completion interrupt
/// on its own CPU).
fn backend(name: &str, cpu: u32, start_ns: u64, n: u32) -> serde_json::Value {
    serde_json::json!({"name": name, "affinity": cpu.to_string(), "start_cpu": cpu,
    "start_ns": start_ns, "program": [
        {"loop": {"count": n, "body": [
            {"run": {"cycles": 20000}}, {"ops": {"n": 1}},
            {"wal_flush": {"wal": 0, "ns": 1000000, "irq": "issuer"}}
        ]}}
    ]})
}

#[test]
fn a_lone_committer_flushes_its_own_record_every_time() {
    let s = run(&host(
        custom(serde_json::json!([backend("A", 0, 0, 5)])),
        20,
    ));
    assert_eq!(s.exits, 1);
    assert_eq!(s.ops, 5);
    // one flush (an IO completion) per commit, nobody else to wake
    assert_eq!(s.wakeups, 5);
}

#[test]
fn a_record_inserted_during_a_flush_waits_for_the_lock_then_flushes_itself() {
    // A takes the lock at ~10 µs and flushes record 1 until ~1 ms. B inserts record 2 at
    // ~510 µs: the lock is held, so B sleeps (LWLockAcquireOrWait). A's release wakes B;
    // record 2 was not in A's flush, the lock is free, so B flushes it.
    let s = run(&host(
        custom(serde_json::json!([
            backend("A", 0, 0, 1),
            backend("B", 1, 500_000, 1)
        ])),
        10,
    ));
    assert_eq!(s.exits, 2);
    // A's IO, A's release waking B, B's IO
    assert_eq!(s.wakeups, 3);
}

#[test]
fn the_next_leader_flushes_for_every_waiter() {
    // A flushes record 1 until ~1 ms. B and C insert records 2 and 3 at ~310 and ~410 µs and
    // wait for the lock. A's release wakes both; the first to run takes the lock and flushes
    // up to record 3, the other finds the lock held, waits again and is then covered: two
    // flushes for three commits (three with a flush per commit, and C would wait twice).
    let s = run(&host(
        custom(serde_json::json!([
            backend("A", 0, 0, 1),
            backend("B", 1, 300_000, 1),
            backend("C", 1, 400_000, 1)
        ])),
        10,
    ));
    assert_eq!(s.exits, 3);
    // A's IO; A's release waking B and C; the new leader's IO; its release waking the other
    assert_eq!(s.wakeups, 5);
}

#[test]
fn wal_ids_are_bounded_and_named() {
    let mut v =
        serde_json::to_value(host(custom(serde_json::json!([backend("A", 0, 0, 1)])), 10)).unwrap();
    v["workload"]["tasks"][0]["program"][0]["loop"]["body"][2]["wal_flush"]["wal"] =
        serde_json::json!(64);
    let sc: Scenario = serde_json::from_value(v).unwrap();
    let m = sc.validate().unwrap_err().to_string();
    assert!(m.contains("program[0].loop.body[2].wal_flush.wal"), "{m}");
    assert!(m.contains("63"), "{m}");
}
