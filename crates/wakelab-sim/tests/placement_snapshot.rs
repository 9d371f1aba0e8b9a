//! `decide_json` on the documented examples (docs/examples/decide) and input validation.

use wakelab_sim::placement::Rule;
use wakelab_sim::placement::snapshot::{MAX_SNAPSHOT_BYTES, Snapshot, decide_json, render_text};

fn example(name: &str) -> String {
    let path = format!(
        "{}/../../docs/examples/decide/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn documented_examples_decide_as_described() {
    let a = decide_json(&example("a-prev-idle-4.16.json")).unwrap();
    assert_eq!((a.cpu, a.current.recent_used_cpu), (2, 5));
    let a415 =
        decide_json(&example("a-prev-idle-4.16.json").replace("\"4.16\"", "\"4.15\"")).unwrap();
    assert_eq!(a415.cpu, 5);
    let b = decide_json(&example("b-recent-used-cpu-5.10.json")).unwrap();
    assert_eq!(
        (b.cpu, b.rule, b.task.recent_used_cpu),
        (3, Rule::RecentUsed, 1)
    );
    let c = decide_json(&example("c-sis-prop-budget-5.10.json")).unwrap();
    assert_eq!((c.cpu, c.rule), (2, Rule::FallbackTarget));
    assert_eq!(
        (c.stats_delta.sis_scanned, c.stats_delta.sis_failed),
        (5, 1)
    );
    let d = decide_json(&example("d-idle-core-5.10.json")).unwrap();
    assert_eq!((d.cpu, d.rule), (4, Rule::IdleCpu));
    assert!(
        d.changes
            .iter()
            .any(|c| c.what == "has_idle_cores[llc 0]" && c.after == "false")
    );
    let d12 =
        decide_json(&example("d-idle-core-5.10.json").replace("\"5.10\"", "\"5.12\"")).unwrap();
    assert_eq!(d12.cpu, 5);
    assert!(render_text(&d).contains("select_idle_core()"));
    // JSON output is serialisable.
    assert!(
        serde_json::to_string(&d)
            .unwrap()
            .contains("\"rule\":\"idle_cpu\"")
    );
}

/// Issue 20: recent-keep-prev as posted (and merged in 5.15) tests `p->recent_used_cpu`, which it
/// has just set to prev; recent-affinity-fix (ae2ad293d6be) tests the candidate.
#[test]
fn recent_keep_prev_tests_prevs_affinity_until_the_fix() {
    let fix = |s: &str| {
        s.replace(
            "[\"recent-keep-prev\"]",
            "[\"recent-keep-prev\", \"recent-affinity-fix\"]",
        )
    };
    // prev 1 disallowed, recent 3 allowed and idle: the kernel refuses 3 and scans to 2.
    let e = example("e-recent-keep-prev-affinity-5.10.json");
    let o = decide_json(&e).unwrap();
    assert_eq!(
        (o.cpu, o.rule, o.task.recent_used_cpu),
        (2, Rule::IdleCpu, 1)
    );
    assert!(
        render_text(&o)
            .contains("cpumask_test_cpu(p->recent_used_cpu = prev, p->cpus_ptr) [CPU 1]: no")
    );
    let o = decide_json(&fix(&e)).unwrap();
    assert_eq!((o.cpu, o.rule), (3, Rule::RecentUsed));
    // prev 1 allowed, recent 3 disallowed and idle: the class returns 3, select_fallback_rq
    // (task_cpu 1, node 0 = CPUs 0-3) takes the first allowed CPU of the node, 0.
    let f = example("f-recent-keep-prev-fallback-5.10.json");
    let o = decide_json(&f).unwrap();
    assert_eq!((o.cpu, o.rule), (0, Rule::Fallback));
    let t = render_text(&o);
    assert!(t.contains("is_cpu_allowed(p, cpu) [CPU 3]: no"), "{t}");
    assert!(t.contains("select_fallback_rq()"), "{t}");
    let o = decide_json(&fix(&f)).unwrap();
    assert_eq!((o.cpu, o.rule), (2, Rule::IdleCpu));
    // 5.15 contains keep-prev as merged: the same answers, and the fix applies without it.
    let v515 = |s: &str| s.replace("\"5.10\", \"patches\": [\"recent-keep-prev\"]", "\"5.15\"");
    assert_eq!(decide_json(&v515(&e)).unwrap().cpu, 2);
    assert_eq!(decide_json(&v515(&f)).unwrap().cpu, 0);
    let fixed515 = |s: &str| {
        s.replace(
            "\"5.10\", \"patches\": [\"recent-keep-prev\"]",
            "\"5.15\", \"patches\": [\"recent-affinity-fix\"]",
        )
    };
    assert_eq!(decide_json(&fixed515(&e)).unwrap().cpu, 3);
    assert_eq!(decide_json(&fixed515(&f)).unwrap().cpu, 2);
    // 6.18 contains the fix (merged in 6.5): the fixed answers without any patch.
    let v618 = |s: &str| s.replace("\"5.10\", \"patches\": [\"recent-keep-prev\"]", "\"6.18\"");
    assert_eq!(decide_json(&v618(&e)).unwrap().cpu, 3);
    assert_eq!(decide_json(&v618(&f)).unwrap().cpu, 2);
    // Before keep-prev the field is the candidate: plain 5.10 gives the fixed answers.
    let plain = |s: &str| s.replace(", \"patches\": [\"recent-keep-prev\"]", "");
    assert_eq!(decide_json(&plain(&e)).unwrap().cpu, 3);
    assert_eq!(decide_json(&plain(&f)).unwrap().cpu, 2);
    // The fix needs the patch it fixes.
    let err = decide_json(&plain(&e).replace(
        "\"5.10\"",
        "\"5.10\", \"patches\": [\"recent-affinity-fix\"]",
    ))
    .unwrap_err()
    .to_string();
    assert!(err.contains("requires \"recent-keep-prev\""), "{err}");
}

/// Issue 24 item 1: 5.10's update_sg_wakeup_stats counts the exec'ing task's CPU idle only if
/// idle_cpu_without(i, p), which is 0 while a remote wake-up is queued (rq->ttwu_pending).
#[test]
fn exec_does_not_count_a_cpu_with_a_queued_wakeup_idle() {
    let g = example("g-exec-ttwu-pending-5.10.json");
    let o = decide_json(&g).unwrap();
    assert_eq!((o.cpu, o.rule), (1, Rule::SlowPath));
    // Without the queued wake-up the local group (CPU 0) has as many idle CPUs: stay.
    let o = decide_json(&g.replace(", \"wakeup_pending\": true", "")).unwrap();
    assert_eq!((o.cpu, o.rule), (0, Rule::SlowPath));
}

/// Issue 24 item 2: on 4.15 only the Android/EAS topology flags send a wake-up that wake_cap
/// refuses to the slow path; mainline 4.15 sets no SD_ASYM_CPUCAPACITY (nor SD_BALANCE_WAKE).
#[test]
fn asym_wake_takes_the_slow_path_only_with_android_eas_flags_on_4_15() {
    let h = example("h-asym-wake-4.15-android-eas.json");
    let o = decide_json(&h).unwrap();
    assert_eq!(o.rule, Rule::SlowPath);
    assert!(
        o.cpu >= 4,
        "spare capacity from capacity_orig: a big CPU, got {}",
        o.cpu
    );
    let patched = h.replace(
        "\"topology_flags\"",
        "\"patches\": [\"rt-irq-spare-capacity\"], \"topology_flags\"",
    );
    assert!(decide_json(&patched).unwrap().cpu < 4);
    let mainline = h.replace(", \"topology_flags\": \"android-eas\"", "");
    let o = decide_json(&mainline).unwrap();
    assert_eq!((o.cpu, o.rule, o.want_affine), (1, Rule::TargetIdle, false));
    // 5.10 detects the flag itself (4.20+): the same domains either way, no SD_BALANCE_WAKE.
    let v510 = |s: &str| s.replace("\"4.15\"", "\"5.10\"");
    assert_eq!(
        decide_json(&v510(&h)).unwrap().cpu,
        decide_json(&v510(&mainline)).unwrap().cpu
    );
    let e = decide_json(&h.replace("\"android-eas\"", "\"eas\""))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("unknown variant") && e.contains("android-eas"),
        "{e}"
    );
}

/// Issue 24 item 3: a task's runnable_avg apart from its util_avg (5.10 cpu_runnable_without),
/// and `is_new` inferred for forks.
#[test]
fn task_runnable_avg_and_fork_is_new() {
    let i = example("i-exec-runnable-avg-5.10.json");
    let o = decide_json(&i).unwrap();
    assert_eq!((o.cpu, o.rule), (0, Rule::SlowPath));
    let o = decide_json(&i.replace(", \"runnable_avg\": 600", "")).unwrap();
    assert_eq!(
        o.cpu, 1,
        "util_avg as the stand-in: CPU 0's group is fully busy"
    );
    // A fork is new unless said otherwise; is_new false with util is refused by its path.
    let fork = example("a-prev-idle-4.16.json")
        .replace("\"this_cpu\": 5", "\"this_cpu\": 5, \"kind\": \"fork\"");
    let l = wakelab_sim::placement::Snapshot::from_json(&fork)
        .unwrap()
        .load()
        .unwrap();
    assert!(l.task.is_new);
    let bad = fork.replace(
        "\"prev_cpu\": 2",
        "\"prev_cpu\": 2, \"is_new\": false, \"util_avg\": 300",
    );
    let e = decide_json(&bad).unwrap_err().to_string();
    assert!(e.starts_with("task.is_new:"), "{e}");
    let wake = example("a-prev-idle-4.16.json");
    let l = wakelab_sim::placement::Snapshot::from_json(&wake)
        .unwrap()
        .load()
        .unwrap();
    assert!(!l.task.is_new);
}

#[test]
fn validation_messages_name_the_field() {
    let base = example("a-prev-idle-4.16.json");
    let e = decide_json(&base.replace("\"format\": 1", "\"format\": 2"))
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("format:"), "{e}");
    let e = decide_json(&base.replace("\"prev_cpu\": 2", "\"prev_cpu\": 9"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("task.prev_cpu"), "{e}");
    let e = decide_json(&base.replace("\"this_cpu\": 5", "\"this_cpu\": 5, \"bogus\": 1"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("unknown field `bogus`"), "{e}");
    let e = decide_json(&base.replace(
        "\"4.16\" }",
        "\"4.16\", \"features\": {\"SIS_UTIL\": true} }",
    ))
    .unwrap_err()
    .to_string();
    assert!(e.contains("SIS_UTIL"), "{e}");
    let e = decide_json(&base.replace("\"cores_per_llc\": 8", "\"cores_per_llc\": 600"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("machine.cores_per_llc"), "{e}");
    let e = decide_json(&base.replace(
        "\"4.16\" }",
        "\"4.16\", \"patches\": [\"recent-used-cpu\"] }",
    ))
    .unwrap_err()
    .to_string();
    assert!(e.contains("cannot be applied to 4.16"), "{e}");
    let big = format!("{}{}", base, " ".repeat(MAX_SNAPSHOT_BYTES));
    assert!(decide_json(&big).unwrap_err().to_string().contains("limit"));
    let e = decide_json(&base.replace(
        "\"request\"",
        "\"has_idle_cores\": [true, false], \"request\"",
    ))
    .unwrap_err()
    .to_string();
    assert!(e.contains("has_idle_cores"), "{e}");
}

/// Issue 24 item 3: a snapshot on 1 socket x 2 cores (no SMT; one MC level whose groups are
/// {0} and {1}), a fork from CPU 0 where the parent runs, CPU 1 busy with one task too.
fn fork_two_cpus(version: &str, cpus: &str, groups: &str) -> String {
    format!(
        r#"{{ "format": 1, "machine": {{ "sockets": 1, "cores_per_llc": 2 }},
        "kernel": {{ "version": "{version}" }}, "now_ns": 10000000000,
        "cpus": [ {{ "cpus": "0-1", "nr_running": 1 }} {cpus} ],
        "groups": [ {groups} ],
        "task": {{ "id": 1, "prev_cpu": 0 }},
        "request": {{ "this_cpu": 0, "kind": "fork" }} }}"#
    )
}

/// 4.15 find_idlest_group divides each group's runnable and blocked load by
/// `group->sgc->capacity` (imbalance 1024 x 17 / 100 = 174, imbalance_scale 108). Both CPUs
/// carry load 1024; CPU 1's group is the idlest candidate (min_runnable_load 1024). The local
/// group stays when `this_runnable_load < 1024 + 174` and `this_avg_load * 100 < 108 * 1024`,
/// i.e. while 1024 x 1024 / sgc->capacity < 1106: a capacity above 948.
#[test]
fn stale_group_capacity_4_15_find_idlest_group() {
    let fresh = decide_json(&fork_two_cpus("4.15", "", "")).unwrap();
    assert_eq!(
        (fresh.cpu, fresh.rule),
        (0, Rule::SlowPath),
        "1024 each: stay"
    );
    // sgc->capacity of {0} still holds 512 from an update_cpu_capacity under RT pressure that
    // has since gone: this_runnable_load 2048 -> the idlest group, CPU 1
    let stale = fork_two_cpus("4.15", "", r#"{ "level": 0, "cpu": 0, "capacity": 512 }"#);
    assert_eq!(decide_json(&stale).unwrap().cpu, 1);
    // the converse: capacity_of(0) is 512 now, the stored group capacity still 1024: stay
    let conv = fork_two_cpus(
        "4.15",
        r#", { "cpus": "0", "capacity": 512 }"#,
        r#"{ "level": 0, "cpu": 0, "capacity": 1024 }"#,
    );
    assert_eq!(decide_json(&conv).unwrap().cpu, 0);
    // without the stored value, capacity_of(0) = 512 is the group's capacity: CPU 1
    let live = fork_two_cpus("4.15", r#", { "cpus": "0", "capacity": 512 }"#, "");
    assert_eq!(decide_json(&live).unwrap().cpu, 1);
}

/// 4.15 `update_cpu_capacity` / `scale_rt_capacity`: used = rt_avg / (sched_avg_period, 500 ms,
/// plus now - age_stamp), capacity = 1024 x (1024 - used) >> 10. 50 ms of RT time (rt_avg =
/// 50 ms x 1024) read right after the halving: used 102, capacity 922 (at most 948: the fork
/// leaves CPU 0, see above); the same rt_avg 500 ms later: used 51, capacity 973 (stays).
#[test]
fn rt_avg_with_its_age_4_15() {
    let rt = 50_000_000u64 * 1024;
    let fresh = fork_two_cpus(
        "4.15",
        &format!(r#", {{ "cpus": "0", "rt_avg": {rt} }}"#),
        "",
    );
    let l = Snapshot::from_json(&fresh).unwrap().load().unwrap();
    assert_eq!(l.cpus[0].capacity, 922);
    assert_eq!(decide_json(&fresh).unwrap().cpu, 1);
    let aged = fork_two_cpus(
        "4.15",
        &format!(r#", {{ "cpus": "0", "rt_avg": {rt}, "rt_avg_age_ns": 500000000 }}"#),
        "",
    );
    let l = Snapshot::from_json(&aged).unwrap().load().unwrap();
    assert_eq!(l.cpus[0].capacity, 973);
    assert_eq!(decide_json(&aged).unwrap().cpu, 0);
    // the stored group capacity (the last update_cpu_capacity before the RT burst) wins over
    // capacity_of in find_idlest_group
    let stored = fork_two_cpus(
        "4.15",
        &format!(r#", {{ "cpus": "0", "rt_avg": {rt} }}"#),
        r#"{ "level": 0, "cpu": 0, "capacity": 1024 }"#,
    );
    assert_eq!(decide_json(&stored).unwrap().cpu, 0);
}

/// 5.10 `scale_rt_capacity`: free = 1024 - avg_rt, capacity = free x (1024 - avg_irq) / 1024.
/// Both CPUs run one task of util 500 and runnable 500; the fork's update_sg_wakeup_stats
/// classifies a group fully busy once `capacity * 100 <= util * 117`, i.e. capacity <= 584
/// (group_has_capacity; the runnable test `capacity * 117 >= 500 * 100` holds). Both
/// has_spare with no idle CPU: find_idlest_group keeps the local group (`local idle_cpus >=
/// idlest idle_cpus`); a fully busy local group is busier than a has_spare one: CPU 1.
#[test]
fn rt_and_irq_pressure_5_10() {
    let sig = |rt: u32, irq: u32| {
        fork_two_cpus(
            "5.10",
            &format!(
                r#", {{ "cpus": "0-1", "util_avg": 500, "runnable_avg": 500 }},
                {{ "cpus": "0", "rt_util_avg": {rt}, "irq_util_avg": {irq} }}"#
            ),
            "",
        )
    };
    let cap = |j: &str| Snapshot::from_json(j).unwrap().load().unwrap().cpus[0].capacity;
    assert_eq!(cap(&sig(0, 0)), 1024);
    assert_eq!(decide_json(&sig(0, 0)).unwrap().cpu, 0);
    // avg_rt 300: 724, still has_spare
    assert_eq!(cap(&sig(300, 0)), 724);
    assert_eq!(decide_json(&sig(300, 0)).unwrap().cpu, 0);
    // avg_rt 300 and avg_irq 300: 724 x 724 / 1024 = 511, fully busy
    assert_eq!(cap(&sig(300, 300)), 511);
    assert_eq!(decide_json(&sig(300, 300)).unwrap().cpu, 1);
    // irq alone at 512: 1024 x 512 / 1024 = 512
    assert_eq!(cap(&sig(0, 512)), 512);
    assert_eq!(decide_json(&sig(0, 512)).unwrap().cpu, 1);
    // a stored sgc->capacity (update_sg_wakeup_stats reads group->sgc->capacity) overrides:
    // fresh capacity 511 but the group still says 1024 -> has_spare, stay
    let stored = sig(300, 300).replace(
        r#""groups": [  ]"#,
        r#""groups": [ { "level": 0, "cpu": 0, "capacity": 1024 } ]"#,
    );
    assert_eq!(decide_json(&stored).unwrap().cpu, 0);
}

/// 5.10 group_classify puts `sg_imbalanced(group)` (sgc->imbalance, set by load_balance on
/// LBF_SOME_PINNED) right after overloaded; find_idlest_group: a local group busier than the
/// idlest pushes the task there, and two imbalanced groups return NULL ("not used in the slow
/// wakeup path"); update_pick_idlest never prefers one imbalanced group over another.
#[test]
fn sgc_imbalance_in_the_5_10_slow_path() {
    let state = |groups: &str| {
        fork_two_cpus(
            "5.10",
            r#", { "cpus": "0-1", "util_avg": 500, "runnable_avg": 500 }"#,
            groups,
        )
    };
    assert_eq!(decide_json(&state("")).unwrap().cpu, 0);
    // local {0} imbalanced (rank above has_spare): the idlest group {1}
    let local = state(r#"{ "level": 0, "cpu": 0, "imbalance": true }"#);
    assert_eq!(decide_json(&local).unwrap().cpu, 1);
    // remote {1} imbalanced: local has_spare is idler, stay
    let remote = state(r#"{ "level": 0, "cpu": 1, "imbalance": true }"#);
    assert_eq!(decide_json(&remote).unwrap().cpu, 0);
    // both: same type, group_imbalanced -> NULL, stay
    let both = state(
        r#"{ "level": 0, "cpu": 0, "imbalance": true }, { "level": 0, "cpu": 1, "imbalance": true }"#,
    );
    assert_eq!(decide_json(&both).unwrap().cpu, 0);
    // 4.15's find_idlest_group does not read sgc->imbalance
    let v4 = fork_two_cpus("4.15", "", r#"{ "level": 0, "cpu": 0, "imbalance": true }"#);
    assert_eq!(decide_json(&v4).unwrap().cpu, 0);
}

/// 5.10 update_sg_wakeup_stats: on an SD_ASYM_CPUCAPACITY level, a group whose
/// `sgc->max_capacity` does not fit the task (util x 1280 >= max_capacity x 1024) holds a misfit;
/// find_idlest_group then prefers the group of larger max_capacity.
#[test]
fn stale_max_capacity_5_10_misfit() {
    // 2 + 2 CPUs, capacities 512 and 1024; a fork of a task with util_est... a new task's util
    // is 0 and fits anywhere, so an exec of a util-600 task from little CPU 0 (idle otherwise)
    let json = |groups: &str| {
        format!(
            r#"{{ "format": 1, "machine": {{ "sockets": 1, "llcs_per_socket": 2,
            "cores_per_llc": 2, "numbering": "linear", "cluster_capacity": [512, 1024] }},
            "kernel": {{ "version": "5.10" }}, "now_ns": 10000000000,
            "cpus": [ {{ "cpus": "0", "nr_running": 1, "util_avg": 600 }} ],
            "groups": [ {groups} ],
            "task": {{ "id": 1, "prev_cpu": 0, "util_avg": 600 }},
            "request": {{ "this_cpu": 0, "kind": "exec" }} }}"#
        )
    };
    let l = Snapshot::from_json(&json("")).unwrap().load().unwrap();
    let asym = l.domains.asym_level.expect("an asym level");
    let o = decide_json(&json("")).unwrap();
    assert!(o.cpu >= 2, "the big cluster: {}", o.cpu);
    // the big cluster's sgc->max_capacity still says 512 (stale): both groups misfit, equal
    // max_capacity -> `local max_capacity >= idlest max_capacity`: NULL, stay on CPU 0's group
    let stale = json(&format!(
        r#"{{ "level": {asym}, "cpu": 2, "max_capacity": 512 }}"#
    ));
    let o = decide_json(&stale).unwrap();
    assert!(o.cpu < 2, "stays little: {}", o.cpu);
}

#[test]
fn group_and_pressure_fields_are_validated() {
    let e = |cpus: &str, groups: &str, v: &str| {
        decide_json(&fork_two_cpus(v, cpus, groups))
            .unwrap_err()
            .to_string()
    };
    let m = e("", r#"{ "level": 1, "cpu": 0 }"#, "5.10");
    assert!(m.starts_with("groups[0].level:"), "{m}");
    let m = e("", r#"{ "level": 0, "cpu": 2 }"#, "5.10");
    assert!(m.starts_with("groups[0].cpu:"), "{m}");
    let m = e("", r#"{ "level": 0, "cpu": 0, "capacity": 1025 }"#, "5.10");
    assert!(
        m.starts_with("groups[0].capacity:") && m.contains("1025"),
        "{m}"
    );
    let m = e("", r#"{ "level": 0, "cpu": 0, "capacity": 0 }"#, "5.10");
    assert!(m.starts_with("groups[0].capacity:"), "{m}");
    let m = e(
        "",
        r#"{ "level": 0, "cpu": 0, "max_capacity": 500 }"#,
        "4.15",
    );
    assert!(
        m.starts_with("groups[0].max_capacity:") && m.contains("4.20"),
        "{m}"
    );
    let m = e(
        "",
        r#"{ "level": 0, "cpu": 0, "min_capacity": 600, "max_capacity": 500 }"#,
        "5.10",
    );
    assert!(m.starts_with("groups[0].min_capacity:"), "{m}");
    let m = e(
        "",
        r#"{ "level": 0, "cpu": 0 }, { "level": 0, "cpu": 0 }"#,
        "5.10",
    );
    assert!(
        m.starts_with("groups[1].cpu:") && m.contains("twice"),
        "{m}"
    );
    let m = e(r#", { "cpus": "0", "rt_avg": 5 }"#, "", "5.10");
    assert!(
        m.starts_with("cpus[1].rt_avg:") && m.contains("4.15/4.16"),
        "{m}"
    );
    let m = e(r#", { "cpus": "0", "rt_util_avg": 5 }"#, "", "4.15");
    assert!(m.starts_with("cpus[1].rt_util_avg:"), "{m}");
    let m = e(r#", { "cpus": "0", "irq_util_avg": 1025 }"#, "", "5.10");
    assert!(
        m.starts_with("cpus[1].irq_util_avg:") && m.contains("1025"),
        "{m}"
    );
    let m = e(r#", { "cpus": "0", "rt_avg_age_ns": 5 }"#, "", "4.15");
    assert!(m.starts_with("cpus[1].rt_avg_age_ns:"), "{m}");
    let m = e(
        r#", { "cpus": "0", "capacity": 500, "rt_util_avg": 5 }"#,
        "",
        "5.10",
    );
    assert!(
        m.starts_with("cpus[1].capacity:") && m.contains("not both"),
        "{m}"
    );
    let m = e(
        r#", { "cpus": "0", "rt_avg": 4611686018427387905 }"#,
        "",
        "4.15",
    );
    assert!(m.starts_with("cpus[1].rt_avg:"), "{m}");
}
