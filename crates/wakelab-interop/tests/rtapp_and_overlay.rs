//! rt-app export of experiments (the CLI path) and the measured overlay.

use wakelab_interop::measured::{ImportOptions, parse_measured};
use wakelab_interop::overlay::{measured_series, overlay_series, side_by_side_text};
use wakelab_interop::rtapp::{RtAppOptions, rtapp_for_experiment};
use wakelab_sim::placement::SisStats;
use wakelab_sim::presets;
use wakelab_sim::report::ExperimentReport;
use wakelab_sim::topology::Topology;
use wakelab_sim::workload::{self, rtapp::import_rtapp};
use wakelab_stats::{Comparison, Direction};

/// Within rt-app's expressible subset (the workload engineer's round-trip document in
/// crates/wakelab-sim/tests/workload_rtapp.rs covers the mapping itself).
const DOC: &str = r#"{
  "tasks": {
    "rt": {
      "instance": 2, "loop": -1, "policy": "SCHED_FIFO", "priority": 50, "cpus": [4, 5, 6, 7],
      "run": 20000, "timer": {"ref": "tick", "period": 100000}
    },
    "pinger": {
      "loop": 10, "policy": "SCHED_OTHER", "priority": -5, "delay": 1000,
      "phases": {
        "warm": {"loop": 1, "run0": 100},
        "work": {"loop": 3, "run1": 50, "resume": "ponger", "suspend": "pinger", "barrier": "sync"}
      }
    },
    "ponger": {
      "suspend0": "ponger", "sleep": 10, "resume": "pinger", "barrier": "sync", "fork": "child"
    },
    "child": {"instance": 0, "loop": 1, "run": 5}
  },
  "global": {"duration": 5}
}"#;

#[test]
fn custom_rtapp_workload_exports_and_reimports_unchanged() {
    let opts = RtAppOptions::default();
    let imp = import_rtapp(DOC, &opts).unwrap();
    let mut exp = presets::experiment("default").unwrap();
    exp.scenario.workload = imp.clone().into_custom();
    exp.scenario.interference.clear();
    let out = rtapp_for_experiment(&exp, 0, 1, &opts, Some(5)).unwrap();
    let back = import_rtapp(&out.json, &opts).unwrap();
    assert_eq!(back.tasks.len(), imp.tasks.len());
    for (a, b) in back.tasks.iter().zip(&imp.tasks) {
        assert_eq!(a.class, b.class, "{}", b.name);
        assert_eq!(a.affinity, b.affinity, "{}", b.name);
        assert_eq!(a.start_ns, b.start_ns, "{}", b.name);
        assert_eq!(a.program, b.program, "{}", b.name);
    }
    assert_eq!(back.templates.len(), imp.templates.len());
    assert_eq!(back.templates[0].program, imp.templates[0].program);
    assert_eq!(back.duration_ns, Some(5_000_000_000));
}

#[test]
fn preset_workloads_export_to_a_fixed_point() {
    let opts = RtAppOptions::default();
    for g in presets::gallery() {
        let exp = presets::experiment(g.id).unwrap();
        let clients = exp.client_counts()[0];
        let out = rtapp_for_experiment(&exp, 0, clients, &opts, None)
            .unwrap_or_else(|e| panic!("{}: {e}", g.id));
        let sc = exp.variant_scenario(0);
        let topo = Topology::new(&sc.machine.shape).unwrap();
        let built = workload::build(&sc.workload, &sc.interference, clients, &topo).unwrap();
        let back = import_rtapp(&out.json, &opts).unwrap_or_else(|e| panic!("{}: {e}", g.id));
        assert_eq!(back.tasks.len(), built.tasks.len(), "{}", g.id);
        assert_eq!(back.templates.len(), built.templates.len(), "{}", g.id);
        for (a, b) in back.tasks.iter().zip(&built.tasks) {
            assert_eq!(a.class, b.class, "{} {}", g.id, b.name);
            assert_eq!(a.affinity, b.affinity, "{} {}", g.id, b.name);
        }
        // default duration: the run length rounded up to whole seconds
        let secs = sc.run.duration_ms.div_ceil(1000).max(1);
        assert_eq!(back.duration_ns, Some(secs * 1_000_000_000), "{}", g.id);
        // what rt-app cannot express was approximated once: exporting the re-imported
        // workload and importing it again gives the same workload (the document itself may
        // differ in barrier names: built-in barrier ids are renumbered on import)
        let again =
            workload::rtapp::export_rtapp(&back.tasks, &back.templates, &opts, Some(secs as u32));
        let back2 = import_rtapp(&again.json, &opts).unwrap();
        assert_eq!(back2.tasks, back.tasks, "{}", g.id);
        assert_eq!(back2.templates, back.templates, "{}", g.id);
    }
    let exp = presets::experiment("default").unwrap();
    assert!(rtapp_for_experiment(&exp, 99, 1, &opts, None).is_err());
    assert!(rtapp_for_experiment(&exp, 0, 0, &opts, None).is_err());
}

const CLIENTS: [u32; 3] = [8, 64, 128];

fn report() -> ExperimentReport {
    // a simulated report shaped like T3's (values invented for the layout test)
    let variants = vec![
        "5.10-schedstat".to_string(),
        "5.10-idlecandidate".to_string(),
    ];
    let samples = vec![
        vec![vec![3700.0], vec![12000.0], vec![21000.0]],
        vec![vec![3690.0], vec![13400.0], vec![20800.0]],
    ];
    let mut c = Comparison::new("tbench", Direction::HigherBetter, variants.clone());
    for (i, cl) in CLIENTS.iter().enumerate() {
        c.push(
            cl.to_string(),
            vec![samples[0][i].clone(), samples[1][i].clone()],
        );
    }
    ExperimentReport {
        title: "tbench".into(),
        unit: "MB/s".into(),
        higher_is_better: true,
        variants,
        clients: CLIENTS.to_vec(),
        samples,
        compare: c.report(),
        sis: vec![SisStats::default(); 2],
        ops_text: String::new(),
    }
}

#[test]
fn overlay_marks_measured_columns_and_series() {
    let measured = parse_measured(
        "clients,5.10.0-rc6-schedstat,5.10.0-rc6-idlecandidate\n\
         1,500.06,505.67\n64,12325.51,13792.01\n128,21225.21,20963.44\n",
        &ImportOptions::default(),
    )
    .unwrap();
    let rep = report();
    let text = side_by_side_text(&rep, &measured);
    assert!(text.contains("Simulated (Wakelab)"), "{text}");
    assert!(text.contains("Measured (imported CSV)"), "{text}");
    let lines: Vec<&str> = text.lines().collect();
    let head = lines.iter().position(|l| l.contains("simulated")).unwrap();
    assert!(lines[head].contains("measured"), "{text}");
    assert!(
        lines[head + 1].contains("5.10.0-rc6-idlecandidate"),
        "{text}"
    );
    let row64 = lines.iter().find(|l| l.starts_with("64 ")).unwrap();
    // simulated 12000 -> 13400 (+11.67%), measured 12325.51 -> 13792.01 (+11.90%)
    assert!(
        row64.contains("12000.00") && row64.contains("11.67%"),
        "{row64}"
    );
    assert!(
        row64.contains("12325.51") && row64.contains("11.90%"),
        "{row64}"
    );
    // 1 client only measured, 8 only simulated: shown with '-'
    let row1 = lines.iter().find(|l| l.starts_with("1 ")).unwrap();
    assert!(row1.contains('-') && row1.contains("500.06"), "{row1}");
    let row8 = lines.iter().find(|l| l.starts_with("8 ")).unwrap();
    assert!(row8.contains("3700.00"), "{row8}");

    let s = measured_series(&measured);
    assert_eq!(s.len(), 2);
    assert_eq!(s[1].label, "5.10.0-rc6-idlecandidate (measured)");
    assert!(s.iter().all(|x| x.measured));
    assert_eq!(
        s[0].points,
        vec![(1.0, 500.06), (64.0, 12325.51), (128.0, 21225.21)]
    );
    let all = overlay_series(&rep, &measured);
    assert_eq!(all.len(), 4);
    assert!(!all[0].measured && all[0].label == "5.10-schedstat");
}

#[test]
fn overlay_warns_about_direction_and_missing_overlap() {
    let measured = parse_measured(
        "                 4.16.0-rc1             4.16.0-rc1\n\
         \x20                   vanilla             rtpressure\n\
         Amean     1       1.05 (   0.00%)        0.73 *  30.77%*\n",
        &ImportOptions::default(),
    )
    .unwrap();
    let text = side_by_side_text(&report(), &measured);
    assert!(
        text.contains("warning: the measured statistic (Amean) is lower-is-better"),
        "{text}"
    );
    assert!(
        text.contains("warning: no client count appears in both"),
        "{text}"
    );
}
