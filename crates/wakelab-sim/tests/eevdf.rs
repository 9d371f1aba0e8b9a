//! The 6.18 fair class (engine/sim/eevdf.rs): EEVDF picking and slices, wake-up preemption
//! under RUN_TO_PARITY, and DELAY_DEQUEUE's wake-ups that skip `select_task_rq`. Each test runs
//! the real pipeline (scenario -> workload::build -> Sim) and fails without its mechanism: the
//! same workload under 5.15 (CFS) or with the feature switched off behaves measurably otherwise.

use wakelab_sim::engine::{RunStats, Sim};
use wakelab_sim::experiment::{DetailOptions, build_input};
use wakelab_sim::kernel::{KernelConfig, KernelVersion, SchedFeature};
use wakelab_sim::scenario::Scenario;

mod host_support;
use host_support::{hog, host_2vcpu};

/// The host's shape (tests/host_support) with the tasks as a custom workload, keeping the
/// timeline and wake-up records of the whole run.
fn two_cpus(tasks: serde_json::Value, ms: u64, kernel: KernelConfig) -> Scenario {
    let mut sc = host_2vcpu(
        serde_json::json!({"kind": "custom", "tasks": tasks}),
        ms,
        kernel,
    );
    sc.engine.max_timeline_segments = 100_000;
    sc.engine.max_wakeup_records = 100_000;
    sc
}

fn run(sc: &Scenario) -> RunStats {
    let detail = DetailOptions {
        window: Some((0, sc.run.duration_ms * 1_000_000)),
        ..DetailOptions::default()
    };
    let (input, _, _) = build_input(sc, 1, 7, detail).unwrap();
    let mut sim = Sim::new(input).unwrap();
    sim.run(None);
    sim.check_invariants().unwrap();
    sim.stats().clone()
}

fn v618() -> KernelConfig {
    KernelConfig::baseline(KernelVersion::V6_18)
}

fn without(feature: SchedFeature) -> KernelConfig {
    let mut k = v618();
    k.features.set(feature, Some(false));
    k
}

/// CPU time of `task` and the lengths of its run segments (ns).
fn runs_of(s: &RunStats, task: u32) -> Vec<u64> {
    s.timeline
        .iter()
        .filter(|g| g.task == Some(task))
        .map(|g| g.end - g.start)
        .collect()
}

/// Two CPU hogs pinned to CPU 0.
fn two_hogs() -> serde_json::Value {
    serde_json::json!([hog("a", 0), hog("b", 0)])
}

#[test]
fn two_hogs_share_a_cpu_evenly_in_tick_rounded_slices() {
    let s = run(&two_cpus(two_hogs(), 200, v618()));
    let (a, b) = (runs_of(&s, 0), runs_of(&s, 1));
    let (ta, tb): (u64, u64) = (a.iter().sum(), b.iter().sum());
    // fairness: each gets half of CPU 0, within one tick
    assert!(ta.abs_diff(tb) <= 4_000_000, "a {ta} ns, b {tb} ns");
    // update_curr only runs on ticks (no HRTICK): a slice of 1.4 ms (0.7 ms x (1 + log2 2))
    // ends at the first tick after the deadline
    let tick = two_cpus(two_hogs(), 200, v618()).engine.tick_ns();
    let longest = a.iter().chain(&b).max().copied().unwrap();
    let shortest = a.iter().chain(&b).min().copied().unwrap();
    assert!(
        a.len() >= 20 && b.len() >= 20,
        "{} and {} runs",
        a.len(),
        b.len()
    );
    assert!(
        longest <= 1_400_000 + tick,
        "longest run {longest} ns (tick {tick} ns)"
    );
    assert!(shortest >= 1_400_000, "shortest run {shortest} ns");
}

#[test]
fn the_timeline_gives_the_lag_each_slice_was_picked_with() {
    let s = run(&two_cpus(two_hogs(), 200, v618()));
    // Two nice-0 hogs: vruntime is run time (both placed at V at the start), and V is the mean
    // of the two, the picked one included, so a hog is picked with half of the other's lead.
    let (mut ran, mut checked) = ([0i64; 2], 0);
    for g in s.timeline.iter().filter(|g| g.cpu == 0) {
        let Some(t) = g.task.filter(|&t| t < 2) else {
            continue;
        };
        let lag = g.lag_ns.expect("a 6.18 fair slice carries its lag");
        let want = (ran[1 - t as usize] - ran[t as usize]) / 2;
        assert!(lag >= 0, "picked ineligible: {g:?}");
        assert!(
            lag.abs_diff(want) <= 2_000,
            "lag {lag} ns, half the lead {want} ns: {g:?}"
        );
        ran[t as usize] += (g.end - g.start) as i64;
        checked += 1;
    }
    assert!(checked >= 40, "{checked} slices");
    // CFS has no lag: 5.15's slices carry none
    let cfs = run(&two_cpus(
        two_hogs(),
        50,
        KernelConfig::baseline(KernelVersion::V5_15),
    ));
    assert!(cfs.timeline.iter().all(|g| g.lag_ns.is_none()));
}

/// On CPU 0: two hogs, a writer that sends a message every 50 µs of its own work, and the
/// reader of those messages (5 µs of work per message).
fn writer_and_reader_among_hogs() -> serde_json::Value {
    serde_json::json!([
        {"name": "writer", "affinity": "0", "start_cpu": 0, "program": [
            {"loop": {"count": null, "body": [
                {"run": {"cycles": 100_000}},
                {"send": {"task": {"task": 1}, "bytes": 100}}
            ]}}
        ]},
        {"name": "reader", "affinity": "0", "start_cpu": 0, "program": [
            {"loop": {"count": null, "body": [
                {"recv": {"bytes": 100, "inbox": {"kind": "pipe"}}},
                {"run": {"cycles": 10_000}}
            ]}}
        ]},
        hog("hog1", 0),
        hog("hog2", 0)
    ])
}

#[test]
fn a_woken_reader_waits_for_its_deadline_and_drains_a_batch() {
    let eevdf = run(&two_cpus(writer_and_reader_among_hogs(), 200, v618()));
    let cfs = run(&two_cpus(
        writer_and_reader_among_hogs(),
        200,
        KernelConfig::baseline(KernelVersion::V5_15),
    ));
    // 5.15: the woken reader's sleeper credit puts it leftmost, beyond wakeup_gran, and it
    // preempts at once: one wake-up per message. 6.18: placed at V with a fresh deadline a slice
    // away, it is seldom the EEVDF pick, waits its turn behind the queued tasks and then drains
    // what queued meanwhile (the reader is pinned: every wake-up is a plain one)
    let wakes = |s: &RunStats| s.plain_wakes.iter().filter(|w| w.task == 1).count();
    let (e, c) = (wakes(&eevdf), wakes(&cfs));
    assert!(e * 3 < c, "reader wake-ups: 6.18 {e}, 5.15 {c}");
}

/// A client and a server pinned to CPU 0, each sending the other a message per round, the
/// client with more work per round than the server (so the lags drift apart, as tbench's do).
fn ping_pong_on_cpu0() -> serde_json::Value {
    let side = |name: &str, to: u32, first: bool, cycles: u64| {
        let send = serde_json::json!({"send": {"task": {"task": to}, "bytes": 100}});
        let recv = serde_json::json!({"recv": {"bytes": 100, "inbox": {"kind": "pipe"}}});
        let work = serde_json::json!({"run": {"cycles": cycles}});
        let body = if first {
            vec![work, send, recv]
        } else {
            vec![recv, work, send]
        };
        serde_json::json!({"name": name, "affinity": "0", "start_cpu": 0,
            "program": [{"loop": {"count": null, "body": body}}]})
    };
    serde_json::json!([
        side("client", 1, true, 30_000),
        side("server", 0, false, 20_000)
    ])
}

#[test]
fn the_wake_up_preemption_check_is_recorded_as_a_tracepoint_would_read_it() {
    let s = run(&two_cpus(ping_pong_on_cpu0(), 20, v618()));
    assert!(
        s.wake_preempts.len() > 100,
        "{} records",
        s.wake_preempts.len()
    );
    let mut preempted = 0;
    for w in &s.wake_preempts {
        // each record is one wake-up of its wakee (pinned: a plain one), on the busy CPU 0
        assert!(
            s.plain_wakes
                .iter()
                .any(|p| p.t_ns == w.t_ns && p.task == w.wakee && p.cpu == 0),
            "no wake-up for {w:?}"
        );
        assert_eq!(w.curr_eligible, w.curr_lag_ns >= 0, "{w:?}");
        assert_eq!(w.wakee_eligible, w.wakee_lag_ns >= 0, "{w:?}");
        // two entities: an eligible wakee is the pick unless the running task is eligible too
        // (protected, or with the earlier deadline); an ineligible one never is
        if w.wakee_eligible && !w.curr_eligible {
            assert!(w.resched, "{w:?}");
        }
        // what the record says happens: the running task leaves CPU 0 at once if preempted
        // (no system call to wait for), and keeps it otherwise until its next recv
        let seg = s
            .timeline
            .iter()
            .find(|g| g.task == Some(w.curr) && g.start <= w.t_ns && g.end >= w.t_ns)
            .unwrap_or_else(|| panic!("no slice of the waker around {w:?}"));
        if w.resched {
            preempted += 1;
            assert_eq!(seg.end, w.t_ns, "{w:?}: slice {seg:?}");
        } else {
            assert!(seg.end > w.t_ns, "{w:?}: slice {seg:?}");
        }
    }
    // the drift shows in both outcomes
    assert!(
        preempted > 0 && preempted < s.wake_preempts.len(),
        "{preempted} preempted"
    );
    // 5.15 has no lag to record
    let cfs = run(&two_cpus(
        ping_pong_on_cpu0(),
        20,
        KernelConfig::baseline(KernelVersion::V5_15),
    ));
    assert!(cfs.wake_preempts.is_empty());
}

/// A hog pinned to each CPU and, free to run on both, a task that runs 3 ms and sleeps 1 ms.
fn hogs_and_sleeper() -> serde_json::Value {
    serde_json::json!([
        hog("hog0", 0),
        {"name": "sleeper", "start_cpu": 0, "program": [
            {"loop": {"count": null, "body": [
                {"run": {"cycles": 6_000_000}},
                {"sleep": {"ns": 1_000_000}}
            ]}}
        ]},
        hog("hog1", 1)
    ])
}

#[test]
fn a_delayed_sleeper_is_requeued_where_it_slept_without_a_placement_decision() {
    let delayed = run(&two_cpus(hogs_and_sleeper(), 100, v618()));
    let plain = run(&two_cpus(
        hogs_and_sleeper(),
        100,
        without(SchedFeature::DelayDequeue),
    ));
    let sleeper_plain = |s: &RunStats| s.plain_wakes.iter().filter(|w| w.task == 1).count();
    let sleeper_decided = |s: &RunStats| s.wake_records.iter().filter(|w| w.task == 1).count();
    // without DELAY_DEQUEUE every wake-up of the sleeper is a select_task_rq decision
    assert_eq!(sleeper_plain(&plain), 0);
    assert!(sleeper_decided(&plain) > 10);
    // with it, a sleeper that blocked ineligible behind the hog is woken in place, on CPU 0,
    // while CPU 1 is idle
    assert!(sleeper_plain(&delayed) > 0, "no wake-up of a delayed task");
    for w in delayed.plain_wakes.iter().filter(|w| w.task == 1) {
        let slept_on = delayed
            .timeline
            .iter()
            .filter(|g| g.task == Some(1) && g.end <= w.t_ns)
            .max_by_key(|g| g.end)
            .map(|g| g.cpu);
        assert_eq!(slept_on, Some(w.cpu), "woken at {} ns", w.t_ns);
    }
}

#[test]
fn the_eevdf_features_exist_only_in_6_18() {
    for f in [
        SchedFeature::PlaceLag,
        SchedFeature::PlaceDeadlineInitial,
        SchedFeature::RunToParity,
        SchedFeature::DelayDequeue,
        SchedFeature::DelayZero,
    ] {
        assert_eq!(f.default_in(KernelVersion::V6_18), Some(true), "{f:?}");
        let mut k = KernelConfig::baseline(KernelVersion::V5_15);
        k.features.set(f, Some(false));
        let err = k.validate().unwrap_err().to_string();
        assert!(err.contains(f.name()) && err.contains("5.15"), "{err}");
    }
    // SIS_PROP's code was removed in 6.7
    assert_eq!(SchedFeature::SisProp.default_in(KernelVersion::V6_18), None);
}

/// `n` tasks pinned to CPU 0 pass a 100-byte token round a ring of inboxes of `kind`
/// (`"pipe"`, `"unix"`, `"tcp"`), as scripts/trace-reads/switch-ring/ring.c does with pipes on
/// the recording host: each reads its inbox, then writes the next task's.
fn token_ring_on_cpu0_via(n: u32, laps: u32, kind: &str) -> serde_json::Value {
    let recv = serde_json::json!({"syscall": {"body": [
        {"recv": {"bytes": 100, "inbox": {"kind": kind}}}, {"run": {"cycles": 930}}]}});
    let send = |i: u32| {
        serde_json::json!({"syscall": {"body": [
            {"run": {"cycles": 920}}, {"send": {"task": {"task": (i + 1) % n}, "bytes": 100}}]}})
    };
    let tasks: Vec<serde_json::Value> = (0..n)
        .map(|i| {
            let mut program = Vec::new();
            if i == 0 {
                program.push(send(0));
                program.push(serde_json::json!({"loop": {"count": laps - 1,
                    "body": [recv.clone(), send(0)]}}));
                program.push(recv.clone());
            } else {
                program.push(serde_json::json!({"loop": {"count": laps,
                    "body": [recv.clone(), send(i)]}}));
            }
            program.push(serde_json::json!({"exit": null}));
            serde_json::json!({"name": format!("ring/{i}"), "affinity": "0", "start_cpu": 0,
                "program": program})
        })
        .collect();
    serde_json::Value::Array(tasks)
}

/// The share of the four-task ring's wake-ups (500 laps on CPU 0) whose preemption check set
/// need-resched under `kernel`.
fn ring_preempted_share(kernel: KernelConfig) -> f64 {
    ring_preempted_share_via(kernel, "pipe")
}

/// [`ring_preempted_share`] with the ring's inboxes of `kind`.
fn ring_preempted_share_via(kernel: KernelConfig, kind: &str) -> f64 {
    let s = run(&two_cpus(token_ring_on_cpu0_via(4, 500, kind), 50, kernel));
    let ring: Vec<_> = s.wake_preempts.iter().filter(|w| w.wakee < 4).collect();
    assert!(ring.len() > 1000, "{} wake-ups", ring.len());
    ring.iter().filter(|w| w.resched).count() as f64 / ring.len() as f64
}

/// In the ring each writer wakes the next task while the previous one, which blocked with a
/// negative lag, still sits delayed on the runqueue (DELAY_DEQUEUE) with the earliest deadline.
/// 6.18.2's check takes `__pick_eevdf`'s answer, that delayed entity, as "no preemption", so no
/// writer is ever preempted; with wakeup-preempt-delayed the check dequeues it and picks again,
/// and the wakee, eligible where the writer is not, preempts. The recording host (whose kernel
/// has the fix) preempts its writers in 33-40% of the hops of such a ring
/// (recordings/switch-ring/README.md).
#[test]
fn a_delayed_entity_found_by_the_wake_up_check_is_dequeued_with_the_fix() {
    let before = ring_preempted_share(v618());
    let after = ring_preempted_share(v618_y());
    assert!(before < 0.01, "6.18.2: {before}");
    assert!(after > 0.3, "with the fix: {after}");
}

/// next-buddy-eevdf as posted rescheduled a waker that is no longer eligible (in task
/// context) before consulting the pick: in the ring every writer runs past the average before
/// its write, so nearly every hop preempts it; revert-force-wakeup-preemption takes the rule
/// out again (and without wakeup-preempt-delayed the ring is back to no preemption).
#[test]
fn next_buddy_eevdf_as_posted_preempts_an_ineligible_waker_until_the_revert() {
    use wakelab_sim::kernel::PatchId;
    let posted = ring_preempted_share(v618().with(PatchId::NextBuddyEevdf));
    let reverted = ring_preempted_share(
        v618()
            .with(PatchId::NextBuddyEevdf)
            .with(PatchId::RevertForceWakeupPreemption),
    );
    assert!(posted > 0.9, "next-buddy-eevdf: {posted}");
    assert!(reverted < 0.01, "with the revert: {reverted}");
}

/// next-buddy-eevdf's forced preemption of an ineligible waker is asked for `in_task()` only
/// (`wakeup_preempt_fair`): a loopback TCP send wakes its reader from NET_RX_SOFTIRQ, where
/// `in_task()` is false, so in a ring of TCP sockets the posted patch preempts exactly as it
/// does with its revert, while over unix sockets (woken in the writer's task context) it
/// preempts nearly every writer.
#[test]
fn next_buddy_eevdf_never_forces_a_preemption_from_the_loopback_softirq() {
    use wakelab_sim::kernel::PatchId;
    let posted = v618().with(PatchId::NextBuddyEevdf);
    let reverted = posted.with(PatchId::RevertForceWakeupPreemption);
    let tcp = ring_preempted_share_via(posted, "tcp");
    assert_eq!(tcp, ring_preempted_share_via(reverted, "tcp"));
    assert!(tcp < 0.5, "tcp: {tcp}");
    let unix = ring_preempted_share_via(posted, "unix");
    assert!(unix > 0.9, "unix: {unix}");
}

/// 6.18 with the later changes of the wake-up preemption check that 6.18.y has (and the
/// recording host's kernel: recordings/host-kernel/README.md).
fn v618_y() -> KernelConfig {
    use wakelab_sim::kernel::PatchId;
    v618()
        .with(PatchId::NextBuddyEevdf)
        .with(PatchId::RevertForceWakeupPreemption)
        .with(PatchId::WakeupPreemptDelayed)
}

/// On CPU 0 a hog and, from 3 ms, a parent that forks a child every 200 µs of its own work
/// (each child runs 2 ms and exits). Under 6.18.2 a new task that is the EEVDF pick at its
/// fork's wake-up (at V, half a slice to its deadline) preempts the task running there: the
/// parent the hog at its start, a child the parent once the parent has run past the average;
/// with next-buddy-eevdf a WF_FORK wake-up never preempts.
#[test]
fn a_forked_child_does_not_preempt_its_parent_with_next_buddy_eevdf() {
    use wakelab_sim::kernel::PatchId;
    let preempted_at_fork = |kernel: KernelConfig| {
        let mut sc = host_2vcpu(
            serde_json::json!({"kind": "custom", "tasks": [
                {"name": "parent", "affinity": "0", "start_cpu": 0, "start_ns": 3_000_000,
                 "program": [
                    {"loop": {"count": 40, "body": [
                        {"run": {"cycles": 400_000}}, {"fork": {"template": 0}}]}},
                    {"exit": null}]},
                hog("hog", 0)
            ], "templates": [
                {"name": "child", "affinity": "0", "program": [
                    {"run": {"cycles": 4_000_000}}, {"exit": null}]}
            ]}),
            60,
            kernel,
        );
        sc.engine.max_timeline_segments = 100_000;
        sc.engine.max_wakeup_records = 100_000;
        let s = run(&sc);
        // the new tasks (the parent at its start, then each child) that run at the instant
        // of their fork's wake-up: they preempted the task running on CPU 0
        let forks: Vec<_> = s.plain_wakes.iter().filter(|w| w.new_task).collect();
        assert!(forks.len() >= 20, "{} forks", forks.len());
        forks
            .iter()
            .filter(|w| {
                s.timeline
                    .iter()
                    .any(|g| g.task == Some(w.task) && g.start == w.t_ns)
            })
            .count()
    };
    let old = preempted_at_fork(v618());
    let new = preempted_at_fork(v618().with(PatchId::NextBuddyEevdf));
    assert!(old >= 2, "6.18.2: {old} preemptions at a fork");
    assert_eq!(new, 0, "next-buddy-eevdf");
}

/// On CPU 0 a hog and a worker (1 ms of work, then 100 µs asleep), both pinned; no
/// DELAY_DEQUEUE, so the worker leaves the runqueue whenever it blocks. `dequeue_entity` takes
/// its lag while it is still `cfs_rq->curr` and on the runqueue, so V counts it: with two tasks
/// of equal weight its lag is half its distance to the hog, i.e. the lag it was picked with
/// less half of what it has run since. Its wake-up places it back with that lag (PLACE_LAG),
/// which the wake-up check reads. (The model takes the task off the CPU before the lag, so
/// `stop_running` puts it back in the tree for it: counted once, as in the kernel.)
#[test]
fn a_task_that_blocks_leaves_with_its_lag_against_an_average_that_counts_it() {
    let tasks = serde_json::json!([
        hog("hog", 0),
        {"name": "worker", "affinity": "0", "start_cpu": 0,
            "program": [{"loop": {"count": null, "body": [
                {"run": {"cycles": 2_000_000}},
                {"sleep": {"ns": 100_000}}]}}]}
    ]);
    let s = run(&two_cpus(tasks, 200, without(SchedFeature::DelayDequeue)));
    let mut checked = 0;
    for w in s.wake_preempts.iter().filter(|w| w.wakee == 1) {
        // the worker's last pick before this wake-up: its trailing segments with one pick lag
        let mut segs = s
            .timeline
            .iter()
            .filter(|g| g.task == Some(1) && g.end <= w.t_ns)
            .rev();
        let Some(last) = segs.next() else { continue };
        let lag = last.lag_ns.unwrap();
        let ran: u64 = (last.end - last.start)
            + segs
                .take_while(|g| g.lag_ns == Some(lag))
                .map(|g| g.end - g.start)
                .sum::<u64>();
        let want = lag - ran as i64 / 2;
        assert!(
            w.wakee_lag_ns.abs_diff(want) <= 1_000,
            "woken with lag {} ns, picked with {lag} ns and ran {ran} ns: want {want} ns",
            w.wakee_lag_ns
        );
        checked += 1;
    }
    assert!(checked >= 50, "{checked} wake-ups checked");
}
