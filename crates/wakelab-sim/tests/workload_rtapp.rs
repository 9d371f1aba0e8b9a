//! rt-app import/export.

use wakelab_sim::cpumask::parse_cpulist;
use wakelab_sim::engine::behaviour::{Amount, Phase, SchedClass, TaskRef};
use wakelab_sim::topology::{MachineShape, Numbering, Topology};
use wakelab_sim::workload::rtapp::{RtAppOptions, export_build, export_rtapp, import_rtapp};
use wakelab_sim::workload::{self, Interference, WorkloadConfig};

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
  "global": {"duration": 5, "calibration": "CPU0", "logdir": "/tmp"}
}"#;

#[test]
fn import_maps_the_supported_subset() {
    let imp = import_rtapp(DOC, &RtAppOptions::default()).unwrap();
    assert_eq!(imp.duration_ns, Some(5_000_000_000));
    let names: Vec<_> = imp.tasks.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(names, ["rt-0", "rt-1", "pinger", "ponger"]);
    let rt = &imp.tasks[0];
    assert_eq!(rt.class, SchedClass::Fifo { prio: 50 });
    assert_eq!(rt.affinity, Some(parse_cpulist("4-7").unwrap()));
    assert_eq!(imp.tasks[1].start_cpu, Some(5));
    assert_eq!(
        rt.program,
        vec![Phase::Loop {
            count: None,
            body: vec![
                Phase::Run {
                    cycles: Amount::Fixed(20_000 * 3000)
                },
                // periodic timer: the rest of the 100 ms period after 20 ms of work
                Phase::Sleep {
                    ns: Amount::Fixed(80_000_000)
                },
            ]
        }]
    );
    let pinger = &imp.tasks[2];
    assert_eq!(pinger.class, SchedClass::Fair { nice: -5 });
    assert_eq!(pinger.start_ns, 1_000_000);
    let Phase::Loop {
        count: Some(10),
        body,
    } = &pinger.program[0]
    else {
        panic!("{:?}", pinger.program)
    };
    assert_eq!(
        body[0],
        Phase::Run {
            cycles: Amount::Fixed(300_000)
        }
    );
    let Phase::Loop {
        count: Some(3),
        body: work,
    } = &body[1]
    else {
        panic!()
    };
    // events in document order; resume -> wake of task 3 (ponger), barrier "sync" has 2 parties
    assert_eq!(
        work[1..],
        [
            Phase::Wake {
                task: TaskRef::Task(3),
                sync: false
            },
            Phase::Wait,
            Phase::Barrier { id: 0, parties: 2 }
        ]
    );
    assert_eq!(imp.templates.len(), 1);
    assert!(
        imp.tasks[3].program.contains(&Phase::Fork { template: 0 })
            || matches!(&imp.tasks[3].program[0], Phase::Loop { body, .. } if body.contains(&Phase::Fork { template: 0 }))
    );
    assert!(imp.notes.iter().any(|n| n.contains("global.logdir")));
    assert!(imp.notes.iter().any(|n| n.starts_with("timer")));
    // usable as a custom workload directly
    let t = topo();
    let b = workload::build(&imp.clone().into_custom(), &[], 1, &t).unwrap();
    b.compile_programs().unwrap();
    // forks make it unusable as interference, with a message naming fork
    assert!(
        imp.into_interference()
            .unwrap_err()
            .to_string()
            .contains("fork")
    );
}

fn topo() -> Topology {
    Topology::new(&MachineShape {
        sockets: 1,
        nodes_per_socket: 1,
        llcs_per_socket: 2,
        cores_per_llc: 4,
        smt: 1,
        numbering: Numbering::Linear,
        cluster_capacity: vec![],
        numa_remote_distance: 21,
        numa_socket_distance: 11,
    })
    .unwrap()
}

#[test]
fn import_export_round_trip() {
    let opts = RtAppOptions::default();
    let imp = import_rtapp(DOC, &opts).unwrap();
    let exp = export_rtapp(&imp.tasks, &imp.templates, &opts, Some(5));
    let again = import_rtapp(&exp.json, &opts).unwrap();
    // Same tasks and programs (instances become separate tasks; timers became sleeps on import)
    assert_eq!(again.tasks.len(), imp.tasks.len());
    for (a, b) in again.tasks.iter().zip(&imp.tasks) {
        assert_eq!(a.class, b.class, "{}", b.name);
        assert_eq!(a.affinity, b.affinity, "{}", b.name);
        assert_eq!(a.start_ns, b.start_ns, "{}", b.name);
        assert_eq!(a.program, b.program, "{}", b.name);
    }
    assert_eq!(again.templates[0].program, imp.templates[0].program);
    assert_eq!(again.duration_ns, Some(5_000_000_000));
    // a second export is byte-identical
    assert_eq!(
        export_rtapp(&again.tasks, &again.templates, &opts, Some(5)).json,
        exp.json
    );
}

#[test]
fn export_lists_approximations() {
    let t = topo();
    let c: WorkloadConfig = serde_json::from_value(
        serde_json::json!({"kind": "dbench", "variant": "xfs", "kworkers": "unbound"}),
    )
    .unwrap();
    let q: Interference =
        serde_json::from_value(serde_json::json!({"kind": "irq", "cpus": "0"})).unwrap();
    let b = workload::build(&c, &[q], 1, &t).unwrap();
    let e = export_build(&b, &RtAppOptions::default(), None);
    let all = e.approximations.join("\n");
    for want in [
        "io: exported as a sleep",
        "random amounts",
        "ops:",
        "interrupt sources",
    ] {
        assert!(all.contains(want), "missing {want:?} in\n{all}");
    }
    // the export is valid rt-app as far as our importer is concerned
    let back = import_rtapp(&e.json, &RtAppOptions::default()).unwrap();
    assert_eq!(back.tasks.len(), 2);
    assert!(e.json.contains("\"resume") && e.json.contains("\"suspend"));
}

#[test]
fn malformed_inputs_name_the_key() {
    let o = RtAppOptions::default();
    for (doc, want) in [
        (
            r#"{"tasks": {"a": {"run": 10, "lock": "m"}}}"#,
            "tasks.a.lock: rt-app event \"lock\"",
        ),
        (
            r#"{"tasks": {"a": {"policy": "SCHED_DEADLINE"}}}"#,
            "tasks.a.policy: SCHED_DEADLINE",
        ),
        (r#"{"tasks": {"a": {"run": -3}}}"#, "tasks.a.run"),
        (
            r#"{"tasks": {"a": {"run": "x"}}}"#,
            "tasks.a.run: expected an integer",
        ),
        (r#"{"tasks": {"a": {"cpus": [1, "x"]}}}"#, "tasks.a.cpus"),
        (
            r#"{"tasks": {"a": {"resume": "nobody"}}}"#,
            "tasks.a.resume: no task named",
        ),
        (
            r#"{"tasks": {"a": {"timer": {"ref": "t"}}}}"#,
            "tasks.a.timer.period: missing",
        ),
        (
            r#"{"tasks": {"a": {"phases": {"p": {"loop": 2, "mem": 4}}}}}"#,
            "tasks.a.phases.p.mem",
        ),
        (
            r#"{"tasks": {"a": {"dl-runtime": 4}}}"#,
            "tasks.a.dl-runtime: not supported",
        ),
        (
            r#"{"tasks": {}, "global": {"frobnicate": 1}}"#,
            "global.frobnicate",
        ),
        (
            r#"{"tasks": {"a": {"priority": 120, "policy": "SCHED_FIFO"}}}"#,
            "tasks.a.priority",
        ),
        (r#"{"global": {}}"#, "tasks: missing"),
        (
            r#"{"tasks": {"a": {"run": 1}}, "extra": 1}"#,
            "extra: not supported",
        ),
        (r#"{"tasks": {"a": "#, "not valid JSON"),
    ] {
        let e = import_rtapp(doc, &o).unwrap_err().to_string();
        assert!(e.contains(want), "{doc}: {e}");
    }
    let big = format!(
        r#"{{"tasks": {{}}, "global": {{"logdir": "{}"}}}}"#,
        "x".repeat(1 << 20)
    );
    assert!(
        import_rtapp(&big, &o)
            .unwrap_err()
            .to_string()
            .contains("limit")
    );
    let deep = format!("{}1{}", "[".repeat(40), "]".repeat(40));
    let e = import_rtapp(
        &format!(r#"{{"tasks": {{}}, "global": {{"logdir": {deep}}}}}"#),
        &o,
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("deeper"), "{e}");
}
