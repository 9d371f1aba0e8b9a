//! The form <-> experiment mapping, natively: every preset reads back unchanged, edits land
//! where the format keeps them, and mistakes come back by field.

use std::collections::HashMap;

use wakelab_sim::freq::Governor;
use wakelab_sim::kernel::{KernelVersion, SchedFeature, TopologyFlags};
use wakelab_sim::presets;
use wakelab_sim::scenario::Experiment;
use wakelab_sim::workload::{Interference, WorkloadConfig};

use super::fields::{self, Kind, Section};
use super::{FieldError, actions, check::check, normalise, read};

/// Read the form of `exp` with the fields in `edits` (id -> text) changed, like the page does.
fn edit(exp: &Experiment, edits: &[(&str, &str)]) -> Result<Experiment, Vec<FieldError>> {
    let edits: HashMap<&str, &str> = edits.iter().copied().collect();
    let shown = serde_json::to_value(exp).unwrap();
    for id in edits.keys() {
        assert!(
            fields::fields(exp).iter().any(|f| f.id == *id),
            "the form of this experiment has no field {id}"
        );
    }
    let mut v = shown.clone();
    let mut errors = Vec::new();
    read(
        exp,
        &mut v,
        |f| {
            Some(
                edits
                    .get(f.id.as_str())
                    .map_or_else(|| fields::format(f, &shown), |s| s.to_string()),
            )
        },
        &mut errors,
    );
    if !errors.is_empty() {
        return Err(errors);
    }
    let mut out: Experiment =
        serde_json::from_value(v).map_err(|e| vec![(String::new(), e.to_string())])?;
    normalise(&mut out, exp);
    Ok(out)
}

fn default_exp() -> Experiment {
    presets::experiment("default").unwrap()
}

fn field_path(exp: &Experiment, id: &str) -> String {
    fields::fields(exp)
        .into_iter()
        .find(|f| f.id == id)
        .unwrap_or_else(|| panic!("no field {id}"))
        .path
}

/// Whether the page would show `message` of `path` next to field `id` (its slot is the longest
/// field path that is a prefix of the message's path, as `show_errors` picks it).
fn lands_on(exp: &Experiment, path: &str, id: &str) -> bool {
    let best = fields::fields(exp)
        .into_iter()
        .filter(|f| {
            *path == f.path
                || path.starts_with(&format!("{}.", f.path))
                || path.starts_with(&format!("{}[", f.path))
        })
        .max_by_key(|f| f.path.len());
    best.is_some_and(|f| f.path == field_path(exp, id))
}

#[test]
fn every_preset_reads_back_unchanged() {
    for g in presets::gallery() {
        let exp = presets::experiment(g.id).unwrap();
        assert_eq!(edit(&exp, &[]).unwrap(), exp, "preset {}", g.id);
        assert!(check(&exp).is_empty(), "preset {}: {:?}", g.id, check(&exp));
    }
    // The machines too, under each governor they support.
    for id in presets::machine_ids() {
        let mut exp = default_exp();
        exp.scenario.machine = presets::machine(id).unwrap();
        assert_eq!(edit(&exp, &[]).unwrap(), exp, "machine {id}");
    }
}

#[test]
fn topology_edit_gives_two_sockets_of_four_cores_smt2() {
    let exp = edit(
        &default_exp(),
        &[
            ("f-sockets", "2"),
            ("f-llcs", "1"),
            ("f-cores", "4"),
            ("f-smt", "2"),
        ],
    )
    .unwrap();
    let s = &exp.scenario.machine.shape;
    assert_eq!(
        (s.sockets, s.llcs_per_socket, s.cores_per_llc, s.smt),
        (2, 1, 4, 2)
    );
    assert_eq!(s.nr_cpus(), 16);
    assert!(check(&exp).is_empty(), "{:?}", check(&exp));
    // A second socket brings its NUMA distance into the form.
    assert!(fields::fields(&exp).iter().any(|f| f.id == "f-remote"));
    assert!(super::layout_changed(&default_exp(), &exp));
}

#[test]
fn text_mistakes_are_refused_by_their_field() {
    let exp = default_exp();
    let e = edit(&exp, &[("f-sockets", "0")]).unwrap_err();
    assert_eq!(
        e,
        vec![(field_path(&exp, "f-sockets"), "must be 1 to 8".to_string())]
    );
    let e = edit(&exp, &[("f-cores", "four")]).unwrap_err();
    assert_eq!(e[0].1, "enter a whole number");
    let e = edit(&exp, &[("f-turbo", "45, x")]).unwrap_err();
    assert_eq!(
        e[0],
        (
            field_path(&exp, "f-turbo"),
            "x: enter a whole number".into()
        )
    );
    let e = edit(&exp, &[("f-capacity", "1024, 2000")]).unwrap_err();
    assert!(e[0].1.contains("1 to 1024"), "{e:?}");
    // A client count listed twice would run the same points twice.
    let e = edit(&exp, &[("f-clients", "8, 8, 16")]).unwrap_err();
    assert_eq!(e[0], ("clients".into(), "8 is listed twice".into()));
    // Turbo ratios repeat legitimately.
    assert!(edit(&exp, &[("f-turbo", "40, 40, 38")]).is_ok());
}

#[test]
fn the_cores_messages_land_on_the_field_they_name() {
    let exp = default_exp();
    // LLCs must be a multiple of the NUMA nodes.
    let bad = edit(&exp, &[("f-nodes", "2"), ("f-llcs", "3")]).unwrap();
    let errs = check(&bad);
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert!(
        errs[0].1.contains("multiple of nodes_per_socket"),
        "{errs:?}"
    );
    assert!(lands_on(&bad, &errs[0].0, "f-llcs"), "{errs:?}");
    // Turbo ratios that rise with more active cores.
    let bad = edit(&exp, &[("f-turbo", "40, 45")]).unwrap();
    let errs = check(&bad);
    assert!(errs[0].1.contains("must not increase"), "{errs:?}");
    assert!(lands_on(&bad, &errs[0].0, "f-turbo"), "{errs:?}");
    // One capacity per LLC of a socket.
    let bad = edit(&exp, &[("f-capacity", "1024, 512")]).unwrap();
    let errs = check(&bad);
    assert!(errs[0].1.contains("one capacity per LLC"), "{errs:?}");
    assert!(lands_on(&bad, &errs[0].0, "f-capacity"), "{errs:?}");
    // A governor the machine does not have (checked when a run is built).
    let mut arm = exp.clone();
    arm.scenario.machine = presets::machine("pixel2").unwrap();
    arm.scenario.freq.governor = Governor::Schedutil;
    assert!(check(&arm).is_empty(), "{:?}", check(&arm));
    let bad = edit(&arm, &[("f-governor", "powersave")]).unwrap();
    let errs = check(&bad);
    assert!(errs[0].1.contains("needs Intel ratio P-states"), "{errs:?}");
    assert!(lands_on(&bad, &errs[0].0, "f-governor"), "{errs:?}");
    // min above max.
    let bad = edit(&exp, &[("f-min-khz", "3000000"), ("f-max-khz", "2000000")]).unwrap();
    let errs = check(&bad);
    assert!(lands_on(&bad, &errs[0].0, "f-min-khz"), "{errs:?}");
}

#[test]
fn the_governor_decides_which_parameters_are_shown() {
    let ids = |e: &Experiment| -> Vec<String> {
        fields::fields(e)
            .into_iter()
            .filter(|f| matches!(f.section, Section::Freq | Section::HwpController))
            .map(|f| f.id)
            .collect()
    };
    let hwp = default_exp();
    assert_eq!(hwp.scenario.freq.governor, Governor::Hwp);
    for want in [
        "f-epp",
        "f-dynboost",
        "f-hwp-sample",
        "f-anchor1-ramp-up-per-ms",
        "f-noturbo",
    ] {
        assert!(
            ids(&hwp).iter().any(|i| i == want),
            "{want} {:?}",
            ids(&hwp)
        );
    }
    assert!(!ids(&hwp).iter().any(|i| i == "f-rate-limit"));
    let su = edit(&hwp, &[("f-governor", "schedutil")]).unwrap();
    assert!(ids(&su).iter().any(|i| i == "f-rate-limit"));
    assert!(!ids(&su).iter().any(|i| i == "f-epp"));
    let su = edit(&su, &[("f-rate-limit", "2000")]).unwrap();
    assert_eq!(su.scenario.freq.schedutil.rate_limit_us, Some(2000));
    let perf = edit(&hwp, &[("f-governor", "performance")]).unwrap();
    assert!(
        !ids(&perf)
            .iter()
            .any(|i| i.starts_with("f-anchor") || i == "f-epp")
    );
    // Parameters of the current governor are written where the format keeps them.
    let e = edit(
        &hwp,
        &[
            ("f-epp", "0"),
            ("f-dynboost", "true"),
            ("f-noturbo", "true"),
        ],
    )
    .unwrap();
    assert_eq!(e.scenario.freq.hwp.epp, 0);
    assert!(e.scenario.freq.hwp.dynamic_boost && e.scenario.freq.no_turbo);
    let e = edit(&hwp, &[("f-anchor0-window-ns", "5000000")]).unwrap();
    assert_eq!(
        e.scenario.freq.hwp.controller.anchors[0].window_ns,
        5_000_000
    );
}

#[test]
fn boost_hints_switch_on_with_defaults_and_off_again() {
    let on = edit(&default_exp(), &[("f-migboost", "true")]).unwrap();
    let b = on.scenario.freq.migration_boost.unwrap();
    assert_eq!((b.duration_ns, b.level_pct), (4_000_000, 80));
    let on = edit(&on, &[("f-migboost-pct", "60")]).unwrap();
    assert_eq!(on.scenario.freq.migration_boost.unwrap().level_pct, 60);
    // Switching off while the detail fields are still on the page drops them.
    let off = edit(&on, &[("f-migboost", "false"), ("f-migboost-pct", "70")]).unwrap();
    assert_eq!(off.scenario.freq.migration_boost, None);
}

#[test]
fn sched_features_are_per_variant_and_follow_the_baseline() {
    let exp = default_exp();
    let v = exp.variants[0].kernel.unwrap().version;
    assert_eq!(v, KernelVersion::V4_15);
    let all = fields::fields(&exp);
    // every feature field explains itself (the page's details line)
    for f in all.iter().filter(|f| f.id.contains("-feat-")) {
        assert!(f.details.len() > 80, "{} has no explanation", f.id);
    }
    let ids: Vec<String> = all.into_iter().map(|f| f.id).collect();
    assert!(ids.iter().any(|i| i == "v0-feat-SIS_AVG_CPU"));
    assert!(
        !ids.iter().any(|i| i == "v0-feat-SIS_UTIL"),
        "SIS_UTIL is not in 4.15"
    );
    let e = edit(
        &exp,
        &[("v1-feat-SIS_PROP", "off"), ("v1-feat-WA_BIAS", "on")],
    )
    .unwrap();
    let k = e.variants[1].kernel.unwrap();
    assert_eq!(k.features.get(SchedFeature::SisProp), Some(false));
    assert_eq!(k.features.get(SchedFeature::WaBias), Some(true));
    assert_eq!(e.variants[0].kernel, exp.variants[0].kernel);
    // Moving the variant to 5.15 drops what 5.15 does not have (the 4.15 patches, SIS_AVG_CPU).
    let e = edit(&e, &[("v1-feat-SIS_AVG_CPU", "on")]).unwrap();
    let e = edit(&e, &[("v1-version", "5.15")]).unwrap();
    let k = e.variants[1].kernel.unwrap();
    assert_eq!(k.version, KernelVersion::V5_15);
    assert_eq!(k.features.get(SchedFeature::SisAvgCpu), None);
    assert!(
        k.patches
            .iter()
            .all(|p| p.info().applies_to.contains(&KernelVersion::V5_15))
    );
    assert!(check(&e).is_empty(), "{:?}", check(&e));
}

#[test]
fn asymmetric_machines_choose_where_the_asym_capacity_flag_comes_from() {
    let mut exp = default_exp();
    assert!(
        !fields::fields(&exp)
            .iter()
            .any(|f| f.id == "v0-topology-flags"),
        "a symmetric machine has no such flag"
    );
    exp.scenario.machine = presets::machine("pixel2").unwrap();
    exp.scenario.freq.governor = Governor::Schedutil;
    let f = fields::fields(&exp)
        .into_iter()
        .find(|f| f.id == "v1-topology-flags")
        .expect("pixel2 shows the choice");
    assert_eq!(
        fields::format(&f, &serde_json::to_value(&exp).unwrap()),
        "mainline"
    );
    let e = edit(&exp, &[("v1-topology-flags", "android-eas")]).unwrap();
    assert_eq!(
        e.variants[1].kernel.unwrap().topology_flags,
        TopologyFlags::AndroidEas
    );
    assert_eq!(e.variants[0].kernel, exp.variants[0].kernel);
    assert!(check(&e).is_empty(), "{:?}", check(&e));
    let frag = wakelab_link::encode(&wakelab_link::LinkV1::new(
        &e,
        wakelab_link::ViewState::default(),
    ));
    let (_, back) = crate::glue::decode_link(&format!("#{frag}")).unwrap();
    assert_eq!(back, e);
    // And back to mainline, which the file then leaves out.
    let e2 = edit(&e, &[("v1-topology-flags", "mainline")]).unwrap();
    assert_eq!(e2.variants[1].kernel, exp.variants[1].kernel);
    let err = edit(&exp, &[("v1-topology-flags", "eas")]).unwrap_err();
    assert!(err[0].1.contains("not one of the choices"), "{err:?}");
}

#[test]
fn variants_are_added_removed_and_get_their_own_governor() {
    let mut exp = default_exp();
    assert_eq!(exp.variants.len(), 2);
    actions::add_variant(&mut exp).unwrap();
    assert_eq!(exp.variants.len(), 3);
    assert_eq!(exp.variants[2].kernel, exp.variants[1].kernel);
    assert_ne!(exp.variants[2].name, exp.variants[1].name);
    let e = edit(&exp, &[("v2-governor", "performance"), ("v2-name", "perf")]).unwrap();
    let f = e.variants[2].freq.clone().unwrap();
    assert_eq!(f.governor, Governor::Performance);
    assert_eq!(e.variants[2].name, "perf");
    assert!(check(&e).is_empty(), "{:?}", check(&e));
    assert_eq!(e.variant_scenario(2).freq.governor, Governor::Performance);
    assert_eq!(e.variant_scenario(1).freq.governor, Governor::Hwp);
    // A scenario-wide parameter reaches the variant with its own governor too.
    let e = edit(&e, &[("f-max-khz", "3000000")]).unwrap();
    assert_eq!(
        e.variants[2].freq.as_ref().unwrap().max_khz,
        Some(3_000_000)
    );
    // And back to the scenario's settings.
    let e = edit(&e, &[("v2-governor", "")]).unwrap();
    assert_eq!(e.variants[2].freq, None);
    let mut e = e;
    actions::remove_variant(&mut e, 0).unwrap();
    actions::remove_variant(&mut e, 0).unwrap();
    assert!(
        actions::remove_variant(&mut e, 0).is_err(),
        "the last variant stays"
    );
    for _ in 0..7 {
        actions::add_variant(&mut e).unwrap();
    }
    assert!(actions::add_variant(&mut e).is_err());
    assert!(e.validate().is_ok());
}

#[test]
fn interference_sources_are_edited_and_checked_against_the_machine() {
    let mut exp = default_exp();
    actions::add_interference(&mut exp, "rt").unwrap();
    actions::add_interference(&mut exp, "irq").unwrap();
    actions::add_interference(&mut exp, "hog").unwrap();
    assert!(check(&exp).is_empty(), "{:?}", check(&exp));
    let e = edit(
        &exp,
        &[
            ("itf0-prio", "50"),
            ("itf0-cpus", "2-3"),
            ("itf0-runtime-us", "500"),
            ("itf1-period-ns", "50000"),
            ("itf2-nice", "-5"),
        ],
    )
    .unwrap();
    match &e.scenario.interference[0] {
        Interference::Rt(r) => {
            assert_eq!((r.prio, r.runtime_us), (50, 500));
            assert_eq!(r.cpus.map(|m| m.to_vec()), Some(vec![2, 3]));
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(&e.scenario.interference[1], Interference::Irq(i) if i.period_ns == 50_000));
    assert!(matches!(&e.scenario.interference[2], Interference::Hog(h) if h.nice == -5));
    // Out of range in the form; outside the machine when checked.
    let errs = edit(&e, &[("itf0-prio", "0")]).unwrap_err();
    assert_eq!(errs[0].0, "scenario.interference[0].prio");
    let bad = edit(&e, &[("itf1-cpus", "0,40")]).unwrap();
    let errs = check(&bad);
    assert!(
        errs[0]
            .1
            .contains("names CPU 40, but the machine has 8 CPUs"),
        "{errs:?}"
    );
    assert!(lands_on(&bad, &errs[0].0, "itf1-cpus"), "{errs:?}");
    // A cpulist that does not parse is refused by its field, like the kernel's parser would.
    let errs = edit(&e, &[("itf1-cpus", "zero")]).unwrap_err();
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert_eq!(errs[0].0, "scenario.interference[1].cpus");
    let errs = edit(&e, &[("itf1-cpus", "")]).unwrap_err();
    assert_eq!(errs[0].1, "enter the CPUs, e.g. 0-3");
    let mut e = e;
    actions::remove_interference(&mut e, 0).unwrap();
    assert!(matches!(e.scenario.interference[0], Interference::Irq(_)));
}

#[test]
fn custom_tasks_are_edited_as_fields_and_their_programs_checked() {
    let mut exp = default_exp();
    exp.scenario.workload = serde_json::from_value(serde_json::json!({"kind": "custom"})).unwrap();
    let errs = check(&exp);
    assert_eq!(errs[0].0, "scenario.workload.tasks", "{errs:?}");
    actions::ensure_custom_task(&mut exp);
    actions::add_task(&mut exp, false).unwrap();
    assert!(check(&exp).is_empty(), "{:?}", check(&exp));
    let e = edit(
        &exp,
        &[
            ("ct-tasks1-name", "waker"),
            ("ct-tasks1-class", "fifo"),
            ("ct-tasks1-affinity", "1"),
            (
                "ct-tasks1-program",
                r#"[{"loop": {"count": null, "body": [{"run": {"cycles": 1000}}, {"wake": {"task": {"task": 0}}}, {"sleep": {"ns": 50000}}]}}]"#,
            ),
        ],
    )
    .unwrap();
    let WorkloadConfig::Custom(c) = &e.scenario.workload else {
        panic!()
    };
    assert_eq!(c.tasks[1].name, "waker");
    assert!(matches!(
        c.tasks[1].class,
        wakelab_sim::engine::SchedClass::Fifo { prio: 10 }
    ));
    assert!(check(&e).is_empty(), "{:?}", check(&e));
    // The class's number follows the class.
    let e = edit(&e, &[("ct-tasks1-prio", "42")]).unwrap();
    let WorkloadConfig::Custom(c) = &e.scenario.workload else {
        panic!()
    };
    assert!(matches!(
        c.tasks[1].class,
        wakelab_sim::engine::SchedClass::Fifo { prio: 42 }
    ));
    // A program that is not JSON, not a program, or wakes a task that does not exist.
    let errs = edit(&e, &[("ct-tasks1-program", "[{")]).unwrap_err();
    assert!(errs[0].1.starts_with("not valid JSON"), "{errs:?}");
    assert_eq!(errs[0].0, "scenario.workload.tasks[1].program");
    let errs = edit(&e, &[("ct-tasks1-program", r#"[{"jump": 3}]"#)]).unwrap_err();
    assert!(errs[0].1.starts_with("not a program"), "{errs:?}");
    let bad = edit(
        &e,
        &[("ct-tasks1-program", r#"[{"wake": {"task": {"task": 9}}}]"#)],
    )
    .unwrap();
    let errs = check(&bad);
    assert_eq!(errs[0].0, "scenario.workload.tasks[1].program", "{errs:?}");
    assert!(errs[0].1.contains("does not exist"), "{errs:?}");
    assert!(
        fields::fields(&e)
            .iter()
            .any(|f| f.id == "ct-tasks1-program" && f.kind == Kind::Program)
    );
}

#[test]
fn an_edited_experiment_survives_the_share_link() {
    let mut exp = default_exp();
    actions::add_variant(&mut exp).unwrap();
    actions::add_interference(&mut exp, "rt").unwrap();
    let exp = edit(
        &exp,
        &[
            ("f-sockets", "2"),
            ("f-llcs", "1"),
            ("f-cores", "4"),
            ("f-turbo", "44, 42, 40"),
            ("f-migboost", "true"),
            ("v1-feat-SIS_PROP", "off"),
            ("v2-governor", "performance"),
            ("itf0-prio", "20"),
        ],
    )
    .unwrap();
    assert!(check(&exp).is_empty(), "{:?}", check(&exp));
    let frag = wakelab_link::encode(&wakelab_link::LinkV1::new(
        &exp,
        wakelab_link::ViewState::default(),
    ));
    // An edited preset travels as the base plus a merge patch of the edits: short enough to
    // share without the page's length warning.
    println!("edited link: {} characters", frag.len());
    assert!(
        frag.len() < wakelab_link::WARN_LENGTH,
        "{} characters",
        frag.len()
    );
    let (_, back) = crate::glue::decode_link(&format!("#{frag}")).unwrap();
    assert_eq!(back, exp);
    assert_eq!(edit(&back, &[]).unwrap(), exp);
}

#[test]
fn buttons_parse_and_say_where_focus_goes() {
    use actions::{Action, perform};
    let mut exp = default_exp();
    let a = Action::parse("add-variant", None).unwrap();
    assert_eq!(perform(&mut exp, &a).unwrap(), "v2-name");
    let a = Action::parse("remove-variant", Some(0)).unwrap();
    assert_eq!(perform(&mut exp, &a).unwrap(), "add-variant");
    assert_eq!(exp.variants.len(), 2);
    assert_eq!(Action::parse("remove-variant", None), None);
    assert_eq!(Action::parse("drop-tables", Some(1)), None);
    let a = Action::parse("add-irq", None).unwrap();
    assert_eq!(perform(&mut exp, &a).unwrap(), "remove-itf0");
    assert!(perform(&mut exp, &Action::AddTask { templates: false }).is_err());
}

#[test]
fn programs_show_one_phase_per_line_and_read_back() {
    let mut exp = default_exp();
    exp.scenario.workload = serde_json::from_value(serde_json::json!({"kind": "custom"})).unwrap();
    actions::ensure_custom_task(&mut exp);
    let f = fields::fields(&exp)
        .into_iter()
        .find(|f| f.id == "ct-tasks0-program")
        .unwrap();
    let text = fields::format(&f, &serde_json::to_value(&exp).unwrap());
    assert_eq!(
        text,
        "[\n  {\"loop\": {\"count\": null, \"body\": [\n    {\"run\":{\"cycles\":100000}},\n    \
         {\"ops\":{\"n\":1}},\n    {\"sleep\":{\"ns\":100000}}\n  ]}}\n]"
    );
    assert_eq!(edit(&exp, &[("ct-tasks0-program", &text)]).unwrap(), exp);
}
