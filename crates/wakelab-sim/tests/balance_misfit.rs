//! Misfit tasks (v4.20+; engine/balance/misfit.rs, docs/model.md "Load balancing"): the
//! balancer moves a CFS task that does not fit its CPU's capacity to a bigger CPU, per version
//! (5.10.7, 5.15.85, 6.18.2 fair.c; none in 4.15), on `wakelab balance` snapshots and in a run;
//! and 6.18's `sched_reduced_capacity`, the same path for a CPU whose capacity RT/IRQ pressure
//! reduced, on any machine.

use serde_json::json;
use wakelab_sim::engine::balance::env::MigrationType;
use wakelab_sim::engine::balance::snapshot::{BalanceOutput, balance_json};
use wakelab_sim::experiment::{DetailOptions, PointResult, run_point_detailed};
use wakelab_sim::presets;
use wakelab_sim::scenario::Experiment;

fn example(name: &str) -> String {
    let path = format!(
        "{}/../../docs/examples/balance/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn busiest_type(o: &BalanceOutput) -> Option<&'static str> {
    o.stats.as_ref()?.busiest.map(|b| b.group_type.name())
}

fn active(o: &BalanceOutput) -> Option<(u32, u16, u16)> {
    o.active.map(|m| (m.task, m.from, m.to))
}

/// Example h: a big CPU pulls the running misfit task of a little CPU by an active balance on
/// 5.10, 5.15 and 6.18; 4.15 has no misfit tasks (and no SD_ASYM_CPUCAPACITY under mainline
/// rules) and leaves it.
#[test]
fn a_big_cpu_pulls_a_misfit_task_from_5_10_on() {
    let h = example("h-misfit-5.15.json");
    for v in ["5.10", "5.15", "6.18"] {
        let o = balance_json(&h.replace("\"5.15\"", &format!("\"{v}\""))).unwrap();
        assert_eq!(busiest_type(&o), Some("group_misfit_task"), "{v}");
        assert_eq!(
            (o.migration_type, o.imbalance),
            (Some(MigrationType::Misfit), 1)
        );
        assert_eq!(o.busiest_cpu, Some(0), "{v}");
        assert!(o.moved.is_empty(), "{v}: the running task is not detached");
        assert_eq!(active(&o), Some((0, 0, 4)), "{v}");
    }
    let o = balance_json(&h.replace("\"5.15\"", "\"4.15\"")).unwrap();
    assert_ne!(busiest_type(&o), Some("group_misfit_task"));
    assert_eq!(active(&o), None);
    // a task that fits the little CPU (util_est 300: 300 x 1280 < 480 x 1024) is no misfit
    let fits = h.replace(
        "\"util\": 700, \"util_est\": 700",
        "\"util\": 300, \"util_est\": 300",
    );
    let o = balance_json(&fits).unwrap();
    assert_ne!(busiest_type(&o), Some("group_misfit_task"));
    assert_eq!(active(&o), None);
}

/// "Don't try to pull misfit tasks we can't help": the misfit group is passed over when the
/// local group has no spare capacity (every big CPU busy).
#[test]
fn a_busy_big_cluster_does_not_take_the_misfit_task() {
    let h = example("h-misfit-5.15.json").replace(r#""idle": "idle","#, r#""idle": "not_idle","#);
    let busy_big = h.replace(
        r#"{ "id": 1, "cpu": 1,"#,
        r#"{ "id": 4, "cpu": 4, "running": true, "util": 900, "util_est": 900 },
    { "id": 5, "cpu": 5, "running": true, "util": 900, "util_est": 900 },
    { "id": 6, "cpu": 6, "running": true, "util": 900, "util_est": 900 },
    { "id": 7, "cpu": 7, "running": true, "util": 900, "util_est": 900 },
    { "id": 1, "cpu": 1,"#,
    );
    for v in ["5.10", "5.15", "6.18"] {
        let o = balance_json(&busy_big.replace("\"5.15\"", &format!("\"{v}\""))).unwrap();
        let local = o.stats.as_ref().unwrap().local.group_type.name();
        assert_ne!(local, "group_has_spare", "{v}");
        assert_eq!(busiest_type(&o), None, "{v}");
        assert!(
            o.trace
                .iter()
                .any(|l| l.contains("misfit task we can't help")),
            "{v}: {:#?}",
            o.trace
        );
        assert_eq!(active(&o), None, "{v}");
    }
}

/// Three clusters of 480 / 480 / 1024: an idle little CPU cannot help a little CPU's misfit
/// task (its capacity is not greater: 5.10 `group_smaller_max_cpu_capacity`, 5.15 / 6.18
/// `capacity_greater`), a big CPU can. With a misfit task in each little cluster, the biggest
/// misfit load wins; at a tie 5.x takes the later group, 6.18 keeps the first.
#[test]
fn only_a_bigger_cpu_takes_a_misfit_task_and_ties_differ_by_version() {
    let state = |this_cpu: u16, load2: u64| {
        json!({"format": 1,
            "machine": {"sockets": 1, "llcs_per_socket": 3, "cores_per_llc": 2,
                        "numbering": "linear", "cluster_capacity": [480, 480, 1024]},
            "kernel": {"version": "5.15"}, "now_ns": 10_000_000_000u64,
            "this_cpu": this_cpu, "level": 1, "idle": "idle",
            "tasks": [{"id": 0, "cpu": 0, "running": true, "load": 700, "util": 700, "util_est": 700},
                      {"id": 2, "cpu": 2, "running": true, "load": load2, "util": 700, "util_est": 700}]})
        .to_string()
    };
    for v in ["5.10", "5.15", "6.18"] {
        let at = |this_cpu: u16, load2: u64| {
            balance_json(&state(this_cpu, load2).replace("\"5.15\"", &format!("\"{v}\""))).unwrap()
        };
        // clusters {0,1} and {2,3} are little, {4,5} big; idle big CPU 4 balances
        let o = at(4, 900);
        assert_eq!(active(&o), Some((2, 2, 4)), "{v}: the bigger misfit load");
        let o = at(4, 700);
        let want = if v == "6.18" { (0, 0, 4) } else { (2, 2, 4) };
        assert_eq!(active(&o), Some(want), "{v}: a tie");
        // an idle little CPU of cluster {2,3} (CPU 3) sees cluster {0,1}'s misfit task
        let o = balance_json(
            &json!({"format": 1,
                "machine": {"sockets": 1, "llcs_per_socket": 3, "cores_per_llc": 2,
                            "numbering": "linear", "cluster_capacity": [480, 480, 1024]},
                "kernel": {"version": v}, "now_ns": 10_000_000_000u64,
                "this_cpu": 2, "level": 1, "idle": "idle",
                "tasks": [{"id": 0, "cpu": 0, "running": true, "load": 700, "util": 700,
                           "util_est": 700}]})
            .to_string(),
        )
        .unwrap();
        assert_ne!(busiest_type(&o), Some("group_misfit_task"), "{v}");
        assert_eq!(active(&o), None, "{v}");
    }
}

/// Example i: 6.18 treats a CPU running one CFS task with half its capacity taken by RT work as
/// a misfit group (`sched_reduced_capacity`) and an idle CPU pushes the task over by an active
/// balance (migrate_load of the CPU's load); 5.15 leaves it (a group with one CFS task).
#[test]
fn a_cpu_of_reduced_capacity_gives_up_its_task_on_6_18() {
    let i = example("i-reduced-capacity-6.18.json");
    let o = balance_json(&i).unwrap();
    assert_eq!(busiest_type(&o), Some("group_misfit_task"));
    assert_eq!(
        (o.migration_type, o.imbalance),
        (Some(MigrationType::Load), 600)
    );
    assert_eq!(active(&o), Some((0, 1, 0)));
    let o = balance_json(&i.replace("\"6.18\"", "\"5.15\"")).unwrap();
    assert_eq!(busiest_type(&o), Some("group_fully_busy"));
    assert!(
        o.trace.iter().any(|l| l.contains("balanced")),
        "{:#?}",
        o.trace
    );
    assert_eq!(active(&o), None);
    // seen from a busy CPU (`env->idle` is 0) the 6.18 group is no misfit
    let busy = i
        .replace(r#""idle": "idle","#, r#""idle": "not_idle","#)
        .replace(
            r#""tasks": ["#,
            r#""tasks": [
    { "id": 1, "cpu": 0, "running": true, "load": 100, "util": 100, "util_est": 100 },"#,
        );
    let o = balance_json(&busy).unwrap();
    assert_ne!(busiest_type(&o), Some("group_misfit_task"));
    assert_eq!(active(&o), None);
}

fn spinner_on_pixel2(version: &str) -> PointResult {
    let mut e: Experiment = presets::experiment("default").unwrap();
    e.variants.truncate(1);
    e.clients = vec![1];
    e.scenario.machine = presets::machine("pixel2").unwrap();
    e.scenario.kernel = serde_json::from_value(json!({"version": version})).unwrap();
    e.variants[0].kernel = None;
    // four short tasks pinned to the big CPUs (about 25 ms each, then they exit) make the
    // hog's fork balancing (1 ms later) choose a little CPU
    let mut tasks: Vec<serde_json::Value> = (4..8)
        .map(|c| {
            json!({"name": format!("blocker/{c}"), "affinity": c.to_string(), "start_cpu": c,
                   "program": [{"run": {"cycles": 60_000_000}}]})
        })
        .collect();
    tasks.push(json!({"name": "hog", "start_cpu": 0, "start_ns": 1_000_000,
        "program": [{"loop": {"count": null, "body": [{"run": {"cycles": 1_000_000}}, {"ops": {"n": 1}}]}}]}));
    e.scenario.workload =
        serde_json::from_value(json!({"kind": "custom", "tasks": tasks})).unwrap();
    e.scenario.freq.governor = serde_json::from_value(json!("performance")).unwrap();
    e.scenario.run.duration_ms = 400;
    e.scenario.run.warmup_ms = 0;
    e.validate().unwrap();
    run_point_detailed(&e, 0, 1, 0, DetailOptions::default(), None)
        .unwrap()
        .result
}

/// In a run on the pixel2 machine (4 little CPUs of capacity 480, 4 big of 1024): a CPU hog
/// placed on a little CPU is moved to a big CPU once its utilisation passes 80% of 480 (the
/// tick's update_misfit_status, then the NOHZ kick's check_misfit_status and an active
/// balance; about 75 ms into the run on 5.15) on 5.15 and 6.18; 4.15 has no such path and the
/// hog stays on the little CPU.
#[test]
fn a_cpu_hog_started_on_a_little_cpu_ends_on_a_big_one() {
    let old = spinner_on_pixel2("4.15");
    // the blockers keep the big CPUs busy for the first ~25 ms (about 6% of the run each)
    let little = |r: &PointResult| r.cpu_busy_pct[..4].iter().sum::<f32>();
    let big = |r: &PointResult| r.cpu_busy_pct[4..].iter().sum::<f32>();
    assert!(little(&old) > 95.0, "4.15: {:?}", old.cpu_busy_pct);
    assert!(big(&old) < 30.0, "4.15: {:?}", old.cpu_busy_pct);
    for v in ["5.15", "6.18"] {
        let r = spinner_on_pixel2(v);
        assert!(
            big(&r) > 3.0 * little(&r),
            "{v}: little {} big {}: {:?}",
            little(&r),
            big(&r),
            r.cpu_busy_pct
        );
        // (the count includes the system noise's tasks)
        assert!(r.migrations > old.migrations, "{v}");
        assert!(
            r.value > 1.5 * old.value,
            "{v}: {} ops/s vs {}",
            r.value,
            old.value
        );
    }
}
