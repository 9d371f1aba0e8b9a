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

/// A lone committer whose flush is `ios` IO waits (and one more in `extra` per mille).
fn multi_io_backend(n: u32, ios: u8, extra: u16) -> serde_json::Value {
    serde_json::json!({"name": "A", "affinity": "0", "start_cpu": 0, "program": [
        {"loop": {"count": n, "body": [
            {"run": {"cycles": 20000}}, {"ops": {"n": 1}},
            {"wal_flush": {"wal": 0, "ns": 100000, "irq": "issuer",
                           "ios": ios, "extra_io_permille": extra}}
        ]}}
    ]})
}

#[test]
fn a_flush_is_its_io_waits_one_after_another() {
    // three IO waits per flush, each ended by its completion interrupt
    let s = run(&host(
        custom(serde_json::json!([multi_io_backend(5, 3, 0)])),
        20,
    ));
    assert_eq!(s.exits, 1);
    assert_eq!(s.io_waits, 15);
    assert_eq!(s.wakeups, 15);
    // one more in every flush
    let s = run(&host(
        custom(serde_json::json!([multi_io_backend(5, 2, 1000)])),
        20,
    ));
    assert_eq!(s.io_waits, 15);
    // one more in about half of them
    let s = run(&host(
        custom(serde_json::json!([multi_io_backend(400, 2, 500)])),
        400,
    ));
    assert_eq!(s.exits, 1);
    let extra = s.io_waits - 800;
    assert!(
        (150..=250).contains(&extra),
        "{extra} extra IO waits in 400 flushes"
    );
}

#[test]
fn a_waiter_is_released_after_the_holders_last_io_wait() {
    // A's flush is two IO waits of 1 ms (until ~2 ms); B commits at ~500 µs and waits for the
    // lock; its record came after A's flush began, so after the release B flushes itself:
    // A's two IOs, A's release waking B, B's two IOs
    let b = |name: &str, cpu: u32, start: u64| {
        serde_json::json!({"name": name, "affinity": cpu.to_string(), "start_cpu": cpu,
        "start_ns": start, "program": [
            {"run": {"cycles": 20000}}, {"ops": {"n": 1}},
            {"wal_flush": {"wal": 0, "ns": 1000000, "irq": "issuer", "ios": 2}}
        ]})
    };
    let s = run(&host(
        custom(serde_json::json!([b("A", 0, 0), b("B", 1, 500_000)])),
        10,
    ));
    assert_eq!(s.exits, 2);
    assert_eq!(s.io_waits, 4);
    assert_eq!(s.wakeups, 5);
}

#[test]
fn flush_io_counts_are_bounded_and_named() {
    for (field, value) in [("ios", 0), ("ios", 9), ("extra_io_permille", 1001)] {
        let mut v = serde_json::to_value(host(
            custom(serde_json::json!([multi_io_backend(1, 2, 0)])),
            10,
        ))
        .unwrap();
        v["workload"]["tasks"][0]["program"][0]["loop"]["body"][2]["wal_flush"][field] =
            serde_json::json!(value);
        let sc: Scenario = serde_json::from_value(v).unwrap();
        let m = sc.validate().unwrap_err().to_string();
        assert!(
            m.contains(&format!("program[0].loop.body[2].wal_flush.{field}")),
            "{m}"
        );
    }
}

/// pgbench read-write's commit sleeps on the disk as often as the recordings' backends do:
/// one client, so every commit flushes its own WAL, `ios_per_flush` (the WAL page write and
/// the cache flush) plus a metadata write in `metadata_io_permille` of the flushes: 2.35 per
/// transaction, the committed pgbench-rw-c1's backend D-state blocks (recordings/README.md,
/// pgbench; recordings/pgbench-rw-fdatasync).
#[test]
fn pgbench_commits_wait_for_the_disk_as_often_as_the_recorded_backends() {
    let c = wakelab_sim::workload::PgbenchConfig::default();
    assert_eq!((c.ios_per_flush, c.metadata_io_permille), (2, 350));
    let s = run(&host(serde_json::json!({"kind": "pgbench"}), 600));
    assert!(s.ops > 300, "{} transactions", s.ops);
    let per_txn = s.io_waits as f64 / s.ops as f64;
    assert!(
        (2.25..=2.45).contains(&per_txn),
        "{per_txn:.3} IO waits per transaction ({} in {})",
        s.io_waits,
        s.ops
    );
    // the model before 4 December 2026: one IO wait per commit
    let s = run(&host(
        serde_json::json!({"kind": "pgbench", "ios_per_flush": 1, "metadata_io_permille": 0}),
        200,
    ));
    assert!(
        s.io_waits.abs_diff(s.ops) <= 1,
        "{} / {}",
        s.io_waits,
        s.ops
    );
}
