//! 6.18's load balancer (6.18.2 fair.c and topology.c; docs/model.md, "6.18"): each change
//! from 5.15 that the model makes, on a `wakelab balance` snapshot where 5.15 and 6.18 decide
//! differently, plus the NUMA allowance per machine preset. The changes that need a run (the
//! new-idle cost gate, `h_nr_runnable`) move the host's validation tables, which `wakelab
//! validate --check` pins (docs/calibration.md, "The 6.18 balancer"); `update_newidle_cost`
//! has unit tests in engine/balance/state.rs.

use wakelab_sim::engine::balance::env::MigrationType;
use wakelab_sim::engine::balance::snapshot::{BalanceOutput, balance_json};
use wakelab_sim::kernel::{KernelVersion, TopologyFlags};
use wakelab_sim::topology::{SchedDomains, SdFlags, Topology};

/// The snapshot under 5.15 and under 6.18.
fn both(snapshot: &str) -> (BalanceOutput, BalanceOutput) {
    assert!(snapshot.contains("\"5.15\""));
    let old = balance_json(snapshot).unwrap();
    let new = balance_json(&snapshot.replace("\"5.15\"", "\"6.18\"")).unwrap();
    (old, new)
}

fn moved(o: &BalanceOutput) -> Vec<(u32, u16, u16)> {
    o.moved.iter().map(|m| (m.task, m.from, m.to)).collect()
}

fn busiest_type(o: &BalanceOutput) -> &'static str {
    o.stats.as_ref().unwrap().busiest.unwrap().group_type.name()
}

/// sibling_imbalance (6.6): a busy CPU whose group has spare capacity no longer pulls from an
/// overloaded single-CPU group (`!env->idle` -> 0); idle, it still does.
#[test]
fn a_busy_cpu_no_longer_pulls_by_task_count() {
    let s = r#"{"format":1,"machine":{"sockets":1,"cores_per_llc":2},"kernel":{"version":"5.15"},
        "now_ns":10000000000,"this_cpu":0,"level":0,"idle":"not_idle",
        "tasks":[{"id":0,"cpu":0,"running":true,"util":100,"util_est":100},
                 {"id":1,"cpu":1,"running":true},{"id":2,"cpu":1},{"id":3,"cpu":1}],
        "cpus":[{"cpus":"0","runnable_avg":100}]}"#;
    let (old, new) = both(s);
    assert_eq!(
        old.stats.as_ref().unwrap().local.group_type.name(),
        "group_has_spare"
    );
    assert_eq!(
        (old.migration_type, old.imbalance),
        (Some(MigrationType::Task), 1)
    );
    assert_eq!(moved(&old), vec![(2, 1, 0)]);
    assert_eq!(new.imbalance, 0);
    assert!(new.moved.is_empty());
    // the same CPU idle: (3 - 0) >> 1 on both
    let idle = s.replace("\"not_idle\"", "\"idle\"").replace(
        r#"{"id":0,"cpu":0,"running":true,"util":100,"util_est":100},"#,
        "",
    );
    let (old, new) = both(&idle);
    assert_eq!(moved(&old), moved(&new));
    assert_eq!(new.imbalance, 1);
}

/// calculate_imbalance (91dcf1e8068e, v5.19): a fully busy local group above the domain's
/// average pulls nothing; 5.15.85 wrapped and pulled (balance_snapshot.rs has the arithmetic).
#[test]
fn a_local_group_above_the_average_pulls_nothing() {
    let s = r#"{"format":1,"machine":{"sockets":1,"cores_per_llc":4},"kernel":{"version":"5.15"},
        "now_ns":10000000000,"this_cpu":0,"level":0,"idle":"not_idle",
        "tasks":[{"id":0,"cpu":0,"running":true},{"id":2,"cpu":1},{"id":1,"cpu":1,"running":true}]}"#;
    let (old, new) = both(s);
    assert_eq!(moved(&old), vec![(2, 1, 0)]);
    assert_eq!(new.imbalance, 0);
    assert!(new.moved.is_empty() && new.busiest_cpu.is_none());
}

/// update_sd_pick_busiest: between fully busy groups of equal (zero) avg_load the later one
/// replaces the busiest unless that is an SMT core (three 2-CPU LLCs, no SMT, DIE level).
#[test]
fn the_last_fully_busy_group_is_the_busiest() {
    let s = r#"{"format":1,"machine":{"sockets":1,"llcs_per_socket":3,"cores_per_llc":2},
        "kernel":{"version":"5.15"},"now_ns":10000000000,"this_cpu":0,"level":1,"idle":"idle",
        "tasks":[{"id":1,"cpu":2,"running":true},{"id":2,"cpu":3,"running":true},
                 {"id":3,"cpu":4,"running":true},{"id":4,"cpu":5,"running":true}]}"#;
    let (old, new) = both(s);
    assert_eq!(old.busiest_group.as_deref(), Some("2-3"));
    assert_eq!(new.busiest_group.as_deref(), Some("4-5"));
    assert_eq!(busiest_type(&new), "group_fully_busy");
}

/// group_smt_balance (6.6): an idle CPU sees an SMT-4 core running four tasks as smt_balance
/// and moves one task at a time; 5.15 (fully busy, prefer sibling) asked for (4 - 0) >> 1.
#[test]
fn an_smt_core_with_several_tasks_is_smt_balance() {
    let s = r#"{"format":1,"machine":{"sockets":1,"cores_per_llc":2,"smt":4},"kernel":{"version":"5.15"},
        "now_ns":10000000000,"this_cpu":0,"level":1,"idle":"idle",
        "tasks":[{"id":1,"cpu":1,"running":true},{"id":2,"cpu":3,"running":true},
                 {"id":3,"cpu":5,"running":true},{"id":4,"cpu":7,"running":true}]}"#;
    let (old, new) = both(s);
    assert_eq!(busiest_type(&old), "group_fully_busy");
    assert_eq!(old.imbalance, 2);
    assert_eq!(busiest_type(&new), "group_smt_balance");
    assert_eq!(
        (new.migration_type, new.imbalance),
        (Some(MigrationType::Task), 1)
    );
    // a busy CPU never sees smt_balance
    let busy = s.replace("\"idle\":\"idle\"", "\"idle\":\"not_idle\"").replace(
        "\"tasks\":[",
        "\"tasks\":[{\"id\":9,\"cpu\":0,\"running\":true},{\"id\":10,\"cpu\":2,\"running\":true},\
         {\"id\":11,\"cpu\":4,\"running\":true},{\"id\":12,\"cpu\":6,\"running\":true},",
    );
    let new = balance_json(&busy.replace("\"5.15\"", "\"6.18\"")).unwrap();
    assert!(
        new.stats
            .unwrap()
            .groups
            .iter()
            .all(|g| g.group_type.name() != "group_smt_balance")
    );
}

/// should_we_balance (6.6): above the SMT level an idle CPU on an idle core balances first.
/// CPU 0 is idle but its sibling CPU 4 runs; core {1,5} is idle, so CPU 1 balances the DIE
/// level for the LLC on 6.18, CPU 0 (the first idle CPU) on 5.15.
#[test]
fn an_idle_cpu_on_an_idle_core_balances_first() {
    let s = r#"{"format":1,"machine":{"sockets":1,"llcs_per_socket":2,"cores_per_llc":2,"smt":2},
        "kernel":{"version":"5.15"},"now_ns":10000000000,"this_cpu":0,"level":2,"idle":"idle",
        "tasks":[{"id":1,"cpu":4,"running":true},{"id":2,"cpu":2,"running":true},{"id":3,"cpu":2},
                 {"id":4,"cpu":3,"running":true},{"id":5,"cpu":3}]}"#;
    let (old, new) = both(s);
    assert!(old.should_we_balance);
    assert!(!new.should_we_balance);
    let cpu1 = balance_json(
        &s.replace("\"5.15\"", "\"6.18\"")
            .replace("\"this_cpu\":0", "\"this_cpu\":1"),
    )
    .unwrap();
    assert!(cpu1.should_we_balance);
    // at the SMT level the rule is off: CPU 0 is its core's first idle CPU
    let smt = balance_json(
        &s.replace("\"5.15\"", "\"6.18\"")
            .replace("\"level\":2", "\"level\":0"),
    )
    .unwrap();
    assert!(smt.should_we_balance);
}

/// `sd->imb_numa_nr` (build_sched_domains): the NUMA levels' allowance per machine preset, as
/// computed by hand from 6.18.2's topology.c.
#[test]
fn numa_imbalance_allowance_per_machine() {
    let numa_levels = |name: &str| -> Vec<u32> {
        let m = wakelab_sim::presets::machine(name).unwrap();
        let t = Topology::new(&m.shape).unwrap();
        let sd = SchedDomains::build(&t, KernelVersion::V6_18, TopologyFlags::Mainline);
        sd.levels
            .iter()
            .filter(|l| l.flags.has(SdFlags::NUMA))
            .map(|l| l.imb_numa_nr)
            .collect()
    };
    // one LLC per node: an eighth of the node (the first level above the LLC)
    assert_eq!(numa_levels("clx-2s-80t"), vec![5]);
    assert_eq!(numa_levels("tx2-2s-224t"), vec![14]);
    // several LLCs per node: their number
    assert_eq!(numa_levels("rome-2s-256t"), vec![16]);
    assert_eq!(numa_levels("milan-2s-256t"), vec![8]);
    // SNC: the node is the LLC; the span factor doubles it at the socket-crossing level
    assert_eq!(numa_levels("icx-2s-160t-snc2"), vec![5, 10]);
}

/// task_is_ineligible_on_dst_cpu (6.18): before the first failed balance a task that is not
/// eligible stays where it is when the destination has CFS tasks queued; it is tested before
/// the affinity test, so an all-ineligible runqueue counts as all pinned. After a failure (or
/// with PLACE_LAG off) it moves.
#[test]
fn an_ineligible_task_is_not_pulled_to_a_busy_cpu_until_a_balance_failed() {
    // CPU 0 runs one task (fully busy), CPU 1 three: migrate_load
    let s = r#"{"format":1,"machine":{"sockets":1,"cores_per_llc":2},"kernel":{"version":"6.18"},
        "now_ns":10000000000,"this_cpu":0,"level":0,"idle":"not_idle",
        "tasks":[{"id":0,"cpu":0,"running":true},{"id":1,"cpu":1,"running":true},
                 {"id":2,"cpu":1,"eligible":false},{"id":3,"cpu":1,"eligible":false}]}"#;
    let o = balance_json(s).unwrap();
    assert_eq!(o.migration_type, Some(MigrationType::Load));
    assert!(o.moved.is_empty());
    assert!(
        o.trace.iter().any(|l| l.contains("not eligible")),
        "{:#?}",
        o.trace
    );
    let failed = balance_json(&s.replace(
        "\"idle\":\"not_idle\",",
        "\"idle\":\"not_idle\", \"sd\": { \"nr_balance_failed\": 1 },",
    ))
    .unwrap();
    assert_eq!(moved(&failed), vec![(2, 1, 0)]);
    let no_lag = balance_json(&s.replace(
        "\"version\":\"6.18\"",
        "\"version\":\"6.18\",\"features\":{\"PLACE_LAG\":false}",
    ))
    .unwrap();
    assert_eq!(moved(&no_lag), vec![(2, 1, 0)]);
    // eligible tasks move at once
    let eligible = balance_json(&s.replace(",\"eligible\":false", "")).unwrap();
    assert_eq!(moved(&eligible), vec![(2, 1, 0)]);
    // eligibility is EEVDF's
    let e = balance_json(&s.replace("\"6.18\"", "\"5.15\"")).unwrap_err();
    assert_eq!(e.path, "tasks[2].eligible");
}

/// migrate_util (two LLCs of two CPUs, PKG level, idle CPU 0, the other LLC overloaded):
/// 6.18's `sched_balance_find_src_rq` compares `cpu_util_cfs_boost`, where a CPU's
/// runnable_avg counts (CPU 3: max(860, 1000) beats CPU 2's 900; 5.15's cpu_util picks CPU 2),
/// and its `detach_tasks` relaxes the util test by the failed balances (`shr_bound`): with the
/// local group's util at 1900 the imbalance is 148, and after two failures a task of util 430
/// counts 107, so it moves; 5.15 refuses it (430 > 148) however often it failed.
#[test]
fn migrate_util_boosts_by_runnable_and_relaxes_after_failures() {
    let s = r#"{"format":1,"machine":{"sockets":1,"llcs_per_socket":2,"cores_per_llc":2},
        "kernel":{"version":"5.15"},"now_ns":10000000000,"this_cpu":0,"level":1,"idle":"idle",
        "cpus":[{"cpus":"2","runnable_avg":900},{"cpus":"3","runnable_avg":1000}],
        "tasks":[{"id":1,"cpu":2,"running":true,"util":450,"util_est":450},
                 {"id":2,"cpu":2,"util":450,"util_est":450},
                 {"id":3,"cpu":3,"running":true,"util":430,"util_est":430},
                 {"id":4,"cpu":3,"util":430,"util_est":430}]}"#;
    let (old, new) = both(s);
    for o in [&old, &new] {
        assert_eq!(busiest_type(o), "group_overloaded");
        assert_eq!(o.migration_type, Some(MigrationType::Util));
    }
    assert_eq!((old.busiest_cpu, moved(&old)), (Some(2), vec![(2, 2, 0)]));
    assert_eq!((new.busiest_cpu, moved(&new)), (Some(3), vec![(4, 3, 0)]));
    let full_local = s
        .replace(
            r#""cpus":["#,
            r#""sd":{"nr_balance_failed":2},"cpus":[{"cpus":"0","util_avg":900},"#,
        )
        .replace(
            r#""tasks":["#,
            r#""tasks":[{"id":5,"cpu":1,"running":true,"util":1000,"util_est":1000},"#,
        );
    let (old, new) = both(&full_local);
    assert_eq!((old.imbalance, new.imbalance), (148, 148));
    assert!(old.moved.is_empty(), "{:#?}", old.trace);
    assert_eq!(moved(&new), vec![(4, 3, 0)]);
}
