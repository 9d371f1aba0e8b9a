//! `wakelab balance` on the documented examples (docs/examples/balance), whose expected
//! outcomes were derived by hand from kernel/sched/fair.c per version (spec §17.13), plus input
//! validation. Each example's full text trace is pinned in `<name>.txt` beside it
//! (`UPDATE_EXPECT=1` rewrites those; the asserts below do not move).

use expect_test::expect_file;
use wakelab_sim::engine::balance::CpuIdleType;
use wakelab_sim::engine::balance::env::MigrationType;
use wakelab_sim::engine::balance::snapshot::{
    BalanceOutput, MAX_BALANCE_SNAPSHOT_BYTES, balance_json, render_text,
};

fn example(name: &str) -> String {
    let path = format!(
        "{}/../../docs/examples/balance/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn moved(o: &BalanceOutput) -> Vec<(u32, u16, u16)> {
    o.moved.iter().map(|m| (m.task, m.from, m.to)).collect()
}

#[test]
fn every_example_matches_its_pinned_trace() {
    let dir = format!("{}/../../docs/examples/balance", env!("CARGO_MANIFEST_DIR"));
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".json"))
        .collect();
    names.sort();
    assert!(names.len() >= 5, "{names:?}");
    for n in names {
        let o = balance_json(&example(&n)).unwrap_or_else(|e| panic!("{n}: {e}"));
        let txt = format!("{dir}/{}", n.replace(".json", ".txt"));
        expect_file![txt].assert_eq(&render_text(&o));
    }
}

/// §17.13 A: 4.15 moves T2 at once; 5.10 needs one failed attempt first.
#[test]
fn two_cpus_three_tasks_per_version() {
    let a = balance_json(&example("a-two-cpus-three-tasks-4.15.json")).unwrap();
    assert_eq!(a.busiest_cpu, Some(1));
    assert_eq!(
        a.imbalance, 1024,
        "fix_small_imbalance raises 512 to one task's load"
    );
    assert_eq!(moved(&a), vec![(2, 1, 0)]);
    assert_eq!((a.nr_balance_failed, a.balance_interval_ms), (0, 2));

    let b = example("b-two-cpus-three-tasks-5.10.json");
    let o = balance_json(&b).unwrap();
    assert_eq!(o.migration_type, Some(MigrationType::Load));
    assert_eq!(o.imbalance, 512);
    assert!(o.moved.is_empty());
    assert_eq!((o.nr_balance_failed, o.balance_interval_ms), (1, 2));
    let second = b.replace(
        "\"idle\": \"not_idle\",",
        "\"idle\": \"not_idle\",\n  \"sd\": { \"nr_balance_failed\": 1 },",
    );
    let o = balance_json(&second).unwrap();
    assert_eq!(moved(&o), vec![(2, 1, 0)], "1024 >> 1 = 512 is not > 512");
    assert_eq!(o.nr_balance_failed, 0);
    // 5.11 and 5.15 behave as 5.10 here
    for v in ["5.11", "5.15"] {
        let o = balance_json(&b.replace("\"5.10\"", &format!("\"{v}\""))).unwrap();
        assert!(o.moved.is_empty(), "{v}");
    }
}

/// §17.13 B: the NUMA imbalance allowance of each version.
#[test]
fn numa_allowance_per_version() {
    let c = example("c-numa-allowance-5.11.json");
    let o = balance_json(&c).unwrap();
    assert_eq!(o.idle, CpuIdleType::Idle);
    assert!(o.should_we_balance);
    assert_eq!(
        (o.migration_type, o.imbalance),
        (Some(MigrationType::Task), 1)
    );
    assert_eq!(o.busiest_cpu, Some(0));
    assert!(o.moved.is_empty());
    let act = o.active.expect("5th failure: active balance");
    assert_eq!((act.task, act.from, act.to), (0, 0, 8));
    // one failure earlier: no active balance yet, failures count up
    let o =
        balance_json(&c.replace("\"nr_balance_failed\": 4", "\"nr_balance_failed\": 3")).unwrap();
    assert!(o.active.is_none());
    assert_eq!(o.nr_balance_failed, 4);
    for v in ["5.10", "5.15"] {
        let o = balance_json(&c.replace("\"5.11\"", &format!("\"{v}\""))).unwrap();
        assert_eq!(o.busiest_cpu, None, "{v}: allowance -> balanced");
        assert!(o.active.is_none() && o.moved.is_empty(), "{v}");
        // balanced: interval doubles once (16 -> 32), failures reset
        assert_eq!((o.nr_balance_failed, o.balance_interval_ms), (0, 32), "{v}");
    }
}

/// §17.13 C: an idle CPU pulls the waiting task (5.10 migrate_task; 4.15 via fix_small).
#[test]
fn idle_cpu_pulls_the_waiting_task() {
    let d = example("d-idle-pull-5.10.json");
    let o = balance_json(&d).unwrap();
    assert_eq!(
        (o.migration_type, o.imbalance),
        (Some(MigrationType::Task), 1)
    );
    assert_eq!(moved(&o), vec![(2, 0, 2)]);
    let o = balance_json(&d.replace("\"5.10\"", "\"4.15\"")).unwrap();
    assert_eq!(o.imbalance, 1024);
    assert_eq!(moved(&o), vec![(2, 0, 2)]);
    // CPU 3 balancing first instead: should_we_balance holds for every CPU of a 1-CPU group
    let o = balance_json(&d.replace("\"this_cpu\": 2", "\"this_cpu\": 3")).unwrap();
    assert_eq!(moved(&o), vec![(2, 0, 3)]);
}

/// A pinned task is never taken; all-pinned backs the interval off.
#[test]
fn all_pinned_backs_off() {
    let o = balance_json(&example("e-all-pinned-5.10.json")).unwrap();
    assert!(o.moved.is_empty() && o.active.is_none());
    assert_eq!((o.nr_balance_failed, o.balance_interval_ms), (0, 4));
}

#[test]
fn not_due_and_should_we_balance() {
    let a = example("a-two-cpus-three-tasks-4.15.json");
    // 4.15 busy interval of MC (w 2): 2 ms x 32 = 64 jiffies at HZ 1000; now is jiffy 10000
    let o = balance_json(&a.replace(
        "\"idle\": \"not_idle\",",
        "\"idle\": \"not_idle\", \"sd\": { \"last_balance\": 9950 },",
    ))
    .unwrap();
    assert!(!o.due && o.moved.is_empty());
    // a busy CPU whose group has an idle CPU does not balance (2 cores x 2 threads, x86
    // numbering: CPU 0's group at the MC level is its core {0,2}, and CPU 2 is idle)
    let s = r#"{"format":1,"machine":{"sockets":1,"cores_per_llc":2,"smt":2},"kernel":{"version":"5.10"},
        "now_ns":10000000000,"this_cpu":0,"level":1,"idle":"not_idle",
        "tasks":[{"id":0,"cpu":0,"running":true},{"id":1,"cpu":1,"running":true},{"id":2,"cpu":1}]}"#;
    let o = balance_json(s).unwrap();
    assert!(!o.should_we_balance);
    assert!(o.moved.is_empty());
}

#[test]
fn bad_input_names_the_field() {
    let a = example("a-two-cpus-three-tasks-4.15.json");
    let e = balance_json(&a.replace("\"this_cpu\": 0", "\"this_cpu\": 7")).unwrap_err();
    assert_eq!(e.path, "this_cpu");
    let e = balance_json(&a.replace("\"level\": 0", "\"level\": 3")).unwrap_err();
    assert_eq!(e.path, "level");
    let e = balance_json(&a.replace(
        "{ \"id\": 2, \"cpu\": 1 }",
        "{ \"id\": 2, \"cpu\": 1, \"allowed\": \"0\" }",
    ))
    .unwrap_err();
    assert_eq!(e.path, "tasks[1].allowed");
    let e = balance_json(&a.replace(
        "{ \"id\": 2, \"cpu\": 1 }",
        "{ \"id\": 2, \"cpu\": 1, \"bogus\": 1 }",
    ))
    .unwrap_err();
    assert!(e.path.starts_with("tasks"), "{e}");
    let e = balance_json(&a.replace("\"id\": 2", "\"id\": 0")).unwrap_err();
    assert_eq!(e.path, "tasks[1].id");
    let big = " ".repeat(MAX_BALANCE_SNAPSHOT_BYTES + 1);
    assert!(balance_json(&big).unwrap_err().message.contains("limit"));
}

/// Issue 24 item 3 in the balancer. Example b (5.10, CPU 0 one task, CPU 1 two): with group
/// {1}'s capacity at 512, update_sg_lb_stats reads `sgs->group_capacity = group->sgc->capacity`:
/// busiest avg_load 2048 x 1024 / 512 = 4096, sds avg_load 3072 x 1024 / 1536 = 2048, local
/// 1024; calculate_imbalance (migrate_load) = min((4096 - 2048) x 512, (2048 - 1024) x 1024) /
/// 1024 = 1024, and T2 (load 1024 >> 0 = 1024, not > 1024) moves at the first attempt.
#[test]
fn stale_group_capacity_and_pressure_signals_5_10() {
    let b = example("b-two-cpus-three-tasks-5.10.json");
    let with = |extra: &str| {
        b.replace(
            "\"idle\": \"not_idle\",",
            &format!("\"idle\": \"not_idle\", {extra}"),
        )
    };
    // a stale sgc->capacity of the remote group
    let o = balance_json(&with(
        r#""groups": [ { "level": 0, "cpu": 1, "capacity": 512 } ],"#,
    ))
    .unwrap();
    assert_eq!(o.imbalance, 1024);
    assert_eq!(moved(&o), vec![(2, 1, 0)]);
    // the same capacity from the 5.x signals (scale_rt_capacity: 1024 x (1024 - 512) / 1024)
    let o = balance_json(&with(
        r#""cpus": [ { "cpus": "1", "irq_util_avg": 512 } ],"#,
    ))
    .unwrap();
    assert_eq!(o.stats.as_ref().unwrap().groups[1].group_capacity, 512);
    assert_eq!(moved(&o), vec![(2, 1, 0)]);
    // ... unless the group's stored capacity is still the full 1024
    let o = balance_json(&with(
        r#""cpus": [ { "cpus": "1", "rt_util_avg": 512 } ],
           "groups": [ { "level": 0, "cpu": 1, "capacity": 1024 } ],"#,
    ))
    .unwrap();
    assert_eq!(o.imbalance, 512);
    assert!(o.moved.is_empty());
    // the local group's: update_sd_lb_stats refreshes it (update_group_capacity ->
    // update_cpu_capacity) unless the pass is CPU_NEWLY_IDLE before sgc->next_update
    let local = r#""groups": [ { "level": 0, "cpu": 0, "capacity": 512 } ],"#;
    let o = balance_json(&with(local)).unwrap();
    assert_eq!(o.stats.as_ref().unwrap().local.group_capacity, 1024);
    let o =
        balance_json(&with(local).replace("\"idle\": \"not_idle\"", "\"idle\": \"newly_idle\""))
            .unwrap();
    assert_eq!(o.stats.as_ref().unwrap().local.group_capacity, 512);
    // sgc->imbalance through `groups` is `sgc_imbalance`; group_classify tests
    // group_is_overloaded first, so overloaded {1} stays group_overloaded (migrate_load 512) ...
    let imb = with(r#""groups": [ { "level": 0, "cpu": 1, "imbalance": true } ],"#);
    let o = balance_json(&imb).unwrap();
    assert_eq!(
        (o.migration_type, o.imbalance),
        (Some(MigrationType::Load), 512)
    );
    // ... and a fully busy {1} (T2 gone) becomes group_imbalanced: find_busiest_group goes
    // straight to calculate_imbalance, migrate_task 1 (nothing to detach: one running task)
    let o = balance_json(&imb.replace("{ \"id\": 2, \"cpu\": 1 },", "")).unwrap();
    assert_eq!(
        (o.migration_type, o.imbalance),
        (Some(MigrationType::Task), 1)
    );
    assert_eq!(o.busiest_cpu, Some(1));
    assert!(o.moved.is_empty());
}

/// 4.15: `rq->rt_avg` on CPU 1 (half of the 500 ms window): capacity 512 (update_cpu_capacity),
/// which the group line shows; a 5.x signal on 4.15 names its field.
#[test]
fn rt_avg_in_the_4_15_balancer() {
    let a = example("a-two-cpus-three-tasks-4.15.json");
    let rt = 250_000_000u64 * 1024;
    let o = balance_json(&a.replace(
        "\"idle\": \"not_idle\",",
        &format!("\"idle\": \"not_idle\", \"cpus\": [ {{ \"cpus\": \"1\", \"rt_avg\": {rt} }} ],"),
    ))
    .unwrap();
    assert_eq!(o.stats.as_ref().unwrap().groups[1].group_capacity, 512);
    let e = balance_json(&a.replace(
        "\"idle\": \"not_idle\",",
        "\"idle\": \"not_idle\", \"cpus\": [ { \"cpus\": \"1\", \"rt_util_avg\": 5 } ],",
    ))
    .unwrap_err();
    assert_eq!(e.path, "cpus[0].rt_util_avg");
    let e = balance_json(&a.replace(
        "\"idle\": \"not_idle\",",
        "\"idle\": \"not_idle\", \"groups\": [ { \"level\": 0, \"cpu\": 1, \"capacity\": 0 } ],",
    ))
    .unwrap_err();
    assert_eq!(e.path, "groups[0].capacity");
}

/// The newest 5.x: 5.15's adjust_numa_imbalance(imbalance, local->sum_nr_running + 1,
/// local->group_weight) (5.15.85 fair.c) against 5.10's (busiest->sum_nr_running <= 2) and
/// 5.11's (busiest->sum_nr_running vs busiest->group_weight >> 2).
#[test]
fn numa_allowance_counts_the_destination_on_5_15() {
    let f = example("f-numa-local-allowance-5.15.json");
    let o = balance_json(&f).unwrap();
    assert!(o.should_we_balance);
    assert_eq!(o.busiest_group, None, "imbalance 1 allowed -> balanced");
    assert!(o.moved.is_empty() && o.active.is_none());
    for v in ["5.10", "5.11"] {
        let o = balance_json(&f.replace("\"5.15\"", &format!("\"{v}\""))).unwrap();
        assert_eq!(
            (o.migration_type, o.imbalance),
            (Some(MigrationType::Task), 1),
            "{v}"
        );
        assert_eq!(o.busiest_cpu, Some(0), "{v}");
        assert_eq!(moved(&o), vec![(2, 0, 8)], "{v}");
    }
}

/// 5.10 calculate_imbalance (migrate_load) in unsigned long: 4 CPUs (MC groups {0}..{3}), busy
/// CPU 0 with one task (fully busy, avg_load 1024), CPU 1 with two (overloaded, 2048), CPUs 2-3
/// idle: sds avg_load = 3072 x 1024 / 4096 = 768 < local 1024, so `(sds->avg_load -
/// local->avg_load) * local->group_capacity` wraps to a huge value and min() keeps
/// `(2048 - 768) x 1024`: imbalance 1280, and busy CPU 0 pulls the waiting task (load 1024 <=
/// 1280). Fixed upstream only in v5.19 (91dcf1e8068e, "sched/fair: Fix imbalance overflow").
#[test]
fn fully_busy_local_above_the_average_wraps_on_5_10() {
    let s = r#"{"format":1,"machine":{"sockets":1,"cores_per_llc":4},"kernel":{"version":"5.10"},
        "now_ns":10000000000,"this_cpu":0,"level":0,"idle":"not_idle",
        "tasks":[{"id":0,"cpu":0,"running":true},{"id":2,"cpu":1},{"id":1,"cpu":1,"running":true}]}"#;
    let o = balance_json(s).unwrap();
    assert_eq!(
        (o.migration_type, o.imbalance),
        (Some(MigrationType::Load), 1280)
    );
    assert_eq!(moved(&o), vec![(2, 1, 0)]);
    // the same on 5.15.85
    let o = balance_json(&s.replace("\"5.10\"", "\"5.15\"")).unwrap();
    assert_eq!(moved(&o), vec![(2, 1, 0)]);
}

/// update_sd_pick_busiest's SD_ASYM_CPUCAPACITY test (4.15.11 fair.c): three clusters of two
/// CPUs, capacities 446 / 1024 / 446, Android/EAS flags (SD_ASYM_CPUCAPACITY at DIE). CPU 1
/// (newly idle) balances DIE; its group {0,1} runs one task of load 200 (target_load: avg_load
/// 200 x 1024 / 892 = 229). {2,3} runs two tasks of 1024 (avg_load 1024), {4,5} two of 400 on
/// CPU 4 (918); no group is forced overloaded (SD_PREFER_SIBLING: 2 tasks is not more than
/// local's 1 + 1), so all are group_other. {2,3} has the higher avg_load, but
/// `sum_nr_running (2) <= group_weight (2) && group_smaller_cpu_capacity(sds->local, sg)`
/// (446 x capacity_margin 1280 < 1024 x 1024) refuses it; {4,5} (min_capacity 446 like local)
/// is picked. find_busiest_group: sds avg_load 3048 x 1024 / 3832 = 814; calculate_imbalance:
/// min(104 x 892, 585 x 892) / 1024 = 90 < load_per_task 400, fix_small_imbalance (imbn 1,
/// scaled 459: 918 + 459 >= 229 + 459) raises it to 400; find_busiest_queue takes CPU 4 and the
/// waiting task 4 moves to CPU 1.
#[test]
fn asym_capacity_pick_busiest_4_15() {
    let g = example("g-asym-pick-busiest-4.15.json");
    let o = balance_json(&g).unwrap();
    let stats = o.stats.as_ref().unwrap();
    assert_eq!(stats.busiest.unwrap().span.to_vec(), vec![4, 5]);
    assert_eq!(o.imbalance, 400);
    assert_eq!(o.busiest_cpu, Some(4));
    assert_eq!(moved(&o), vec![(4, 4, 1)]);
    // groups[].min_capacity is read: a stale min_capacity of 500 for {2,3} passes the test
    // (446 x 1280 = 570880 is not below 500 x 1024 = 512000), so {2,3} is the busiest again
    let stale = g.replace(
        "\"idle\": \"newly_idle\",",
        "\"idle\": \"newly_idle\", \"groups\": [ { \"level\": 1, \"cpu\": 2, \"min_capacity\": 500 } ],",
    );
    let o = balance_json(&stale).unwrap();
    let stats = o.stats.as_ref().unwrap();
    assert_eq!(stats.busiest.unwrap().span.to_vec(), vec![2, 3]);
    // mainline 4.15 sets SD_ASYM_CPUCAPACITY on no level: no test either
    let o = balance_json(&g.replace(", \"topology_flags\": \"android-eas\"", "")).unwrap();
    let stats = o.stats.as_ref().unwrap();
    assert_eq!(stats.busiest.unwrap().span.to_vec(), vec![2, 3]);
}

/// The same test on 5.x (5.10.7 / 5.15.85 fair.c), mainline flags (SD_ASYM_CPUCAPACITY at DIE,
/// `asym_cpu_capacity_level`): capacities 446 / 446 / 1024, CPU 0 newly idle with its group
/// {0,1} empty; {2,3} has one task (has_spare, 1 idle CPU), {4,5} two with little util and
/// runnable (has_spare, 0 idle CPUs). The has_spare rule would take {4,5} (fewer idle CPUs),
/// but the SD_ASYM_CPUCAPACITY test refuses a has_spare / fully_busy candidate of larger
/// capacity: 5.10 `group_smaller_min_cpu_capacity(sds->local, sg)` (446 x 1280 < 1024 x 1024),
/// 5.15 `capacity_greater(sg->sgc->min_capacity, capacity_of(dst_cpu))` (1024 x 1024 > 446 x
/// 1078). {2,3} stays the busiest and find_busiest_group finds the domain balanced
/// (local.idle_cpus 2 <= 1 + 1). A stored min_capacity of 500 for {4,5} tells the versions
/// apart: 5.10's margin (1280) lets it be picked, 5.15's (1078) still refuses it.
#[test]
fn asym_capacity_pick_busiest_5x() {
    let s = r#"{"format":1,
        "machine":{"sockets":1,"llcs_per_socket":3,"cores_per_llc":2,"numbering":"linear",
                   "cluster_capacity":[446,446,1024]},
        "kernel":{"version":"5.10"},"now_ns":10000000000,"this_cpu":0,"level":1,"idle":"newly_idle",
        "tasks":[{"id":1,"cpu":2,"running":true,"util":100},{"id":2,"cpu":4,"running":true,"util":100},
                 {"id":3,"cpu":5,"running":true,"util":100}],
        "cpus":[{"cpus":"2,4,5","runnable_avg":100}]GROUPS}"#;
    let busiest = |v: &str, groups: &str| {
        let o = balance_json(&s.replace("5.10", v).replace("GROUPS", groups)).unwrap();
        assert!(o.moved.is_empty(), "{v}");
        o.stats.as_ref().unwrap().busiest.unwrap().span.to_vec()
    };
    let stale = r#","groups":[{"level":1,"cpu":4,"min_capacity":500}]"#;
    for v in ["5.10", "5.11", "5.15"] {
        assert_eq!(busiest(v, ""), vec![2, 3], "{v}");
    }
    assert_eq!(busiest("5.10", stale), vec![4, 5]);
    assert_eq!(busiest("5.11", stale), vec![4, 5]);
    assert_eq!(busiest("5.15", stale), vec![2, 3]);
}

/// find_busiest_queue's SD_ASYM_CPUCAPACITY skip exists from 4.20 (4ad3831a9d4a): 4.15.11's
/// find_busiest_queue has none. Two clusters of two CPUs, 446 / 1024, Android/EAS flags
/// (SD_ASYM_CPUCAPACITY at DIE); idle little CPU 0 balances DIE while each big CPU runs one
/// task. update_sd_lb_stats: SD_PREFER_SIBLING (MC) forces {2,3} (2 tasks > local 0 + 1)
/// overloaded, which update_sd_pick_busiest takes before its asym test; calculate_imbalance
/// (max_pull 1024 - 713) gives 621 < load_per_task, and fix_small_imbalance raises it to 1024.
/// find_busiest_queue: CPU 2 (one task, wl 1024 not above the imbalance; ties keep the lower
/// CPU). Its task runs, so nothing detaches; at the fourth failure (> cache_nice_tries 1 + 2)
/// the stopper pushes it to the little CPU, the high-to-low active balance 4.20 stopped.
#[test]
fn asym_capacity_busiest_queue_per_version() {
    let s = r#"{"format":1,
        "machine":{"sockets":1,"llcs_per_socket":2,"cores_per_llc":2,"numbering":"linear",
                   "cluster_capacity":[446,1024]},
        "kernel":{"version":"4.15","topology_flags":"android-eas"},"now_ns":10000000000,
        "this_cpu":0,"level":1,"idle":"idle","sd":{"nr_balance_failed":FAILED},
        "tasks":[{"id":1,"cpu":2,"running":true},{"id":2,"cpu":3,"running":true}]}"#;
    let o = balance_json(&s.replace("FAILED", "0")).unwrap();
    assert_eq!(o.imbalance, 1024);
    assert_eq!(o.busiest_cpu, Some(2));
    assert!(o.moved.is_empty() && o.active.is_none());
    assert_eq!(o.nr_balance_failed, 1);
    let o = balance_json(&s.replace("FAILED", "3")).unwrap();
    let act = o.active.expect("4th failure: active balance");
    assert_eq!((act.task, act.from, act.to), (1, 2, 0));
    // 5.10 (mainline flags, the same level): migrate_task 1, and both big CPUs are skipped
    // (capacity_of(dst) 446 < 1024, one CFS task). From 5.10 the tasks' utilisation must fit
    // their CPUs (600 x 1280 < 1000 x 1024): at the default 1024 each would be a misfit task,
    // whose group update_sd_pick_busiest passes over (balance_misfit.rs); their runnable_avg
    // keeps the group fully busy, as their utilisation did before
    let s = &s
        .replace(
            r#""running":true}"#,
            r#""running":true,"util":600,"util_est":600}"#,
        )
        .replace(
            r#""tasks":"#,
            r#""cpus":[{"cpus":"0-3","runnable_avg":2048}],"tasks":"#,
        );
    for v in ["5.10", "5.15"] {
        let o = balance_json(&s.replace("FAILED", "3").replace(
            r#""4.15","topology_flags":"android-eas""#,
            &format!("\"{v}\""),
        ))
        .unwrap();
        assert_eq!(o.migration_type, Some(MigrationType::Task), "{v}");
        assert_eq!(o.busiest_cpu, None, "{v}");
    }
    // The other way round, 1000 / 1024, big CPU 2 idle, each little CPU one task: 5.10 skips
    // a CPU only if capacity_of(dst_cpu) < its capacity (1024 < 1000: no, CPU 0 is taken),
    // 5.15 unless capacity_greater(capacity_of(dst_cpu), capacity) (1024 x 1024 > 1000 x 1078:
    // no, so both little CPUs are skipped, 4aed8aa41524)
    let up = s
        .replace("[446,1024]", "[1000,1024]")
        .replace("\"this_cpu\":0", "\"this_cpu\":2")
        .replace("\"cpu\":2,", "\"cpu\":0,")
        .replace("\"cpu\":3,", "\"cpu\":1,")
        .replace("FAILED", "0");
    for (v, want) in [("5.10", Some(0)), ("5.11", Some(0)), ("5.15", None)] {
        let o = balance_json(&up.replace(
            r#""4.15","topology_flags":"android-eas""#,
            &format!("\"{v}\""),
        ))
        .unwrap();
        assert_eq!(o.migration_type, Some(MigrationType::Task), "{v}");
        assert_eq!(o.busiest_cpu, want, "{v}");
    }
}

/// 5.x sd_init clears SD_PREFER_SIBLING on the child of an SD_ASYM_CPUCAPACITY level (5.10.7
/// topology.c), so find_busiest_group at DIE of a big.LITTLE machine has no `prefer_sibling`.
/// Clusters 446 / 1024; busy big CPU 2 balances DIE; the bigs run one task each, the littles
/// two each, all with little util and runnable, so every group is group_has_spare. The little
/// group {0,1} is the busiest (0 idle CPUs, 4 tasks; its min_capacity is not larger). 5.10:
/// without prefer_sibling, `busiest->group_type != group_overloaded` and `env->idle ==
/// CPU_NOT_IDLE`: balanced, nothing moves. 4.15 (Android/EAS flags; its sd_init keeps MC's
/// flag) has no such clearing: its SD_PREFER_SIBLING test (4 > 2 + 1) makes {0,1} overloaded,
/// and a task of CPU 0 moves to CPU 2.
#[test]
fn asym_level_child_loses_prefer_sibling_on_5x() {
    let s = r#"{"format":1,
        "machine":{"sockets":1,"llcs_per_socket":2,"cores_per_llc":2,"numbering":"linear",
                   "cluster_capacity":[446,1024]},
        "kernel":{"version":"5.10"},"now_ns":10000000000,"this_cpu":2,"level":1,"idle":"not_idle",
        "tasks":[{"id":1,"cpu":0,"util":20},{"id":2,"cpu":0,"running":true,"util":20},
                 {"id":3,"cpu":1,"util":20},{"id":4,"cpu":1,"running":true,"util":20},
                 {"id":5,"cpu":2,"running":true,"util":20},{"id":6,"cpu":3,"running":true,"util":20}],
        "cpus":[{"cpus":"0-3","runnable_avg":100}]}"#;
    for v in ["5.10", "5.11", "5.15"] {
        let o = balance_json(&s.replace("5.10", v)).unwrap();
        let stats = o.stats.as_ref().unwrap();
        assert!(!stats.prefer_sibling, "{v}");
        assert_eq!(stats.busiest.unwrap().span.to_vec(), vec![0, 1], "{v}");
        assert_eq!(o.busiest_group, None, "{v}: balanced");
        assert!(o.moved.is_empty(), "{v}");
    }
    let o =
        balance_json(&s.replace(r#""5.10""#, r#""4.15","topology_flags":"android-eas""#)).unwrap();
    assert!(o.stats.as_ref().unwrap().prefer_sibling);
    assert_eq!(o.busiest_cpu, Some(0));
    assert_eq!(o.moved.len(), 1);
    assert_eq!((o.moved[0].from, o.moved[0].to), (0, 2));
}
