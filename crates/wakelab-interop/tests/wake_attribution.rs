//! Who wakes whom in the model's trace: the waker of each wake-up is the task that ran the
//! wake-up (`current` at `try_to_wake_up`, as a real trace's `sched_waking` names it), not
//! whichever task holds the waker's CPU once the wake-up has preempted it.
//!
//! The case that told them apart: ext4's jbd2 wakes every client waiting for its commit in one
//! loop (`wake_up` of the commit's wait queue); the first client woken on jbd2's CPU preempts
//! it at that instant, and a timeline reading named that client as the waker of the others
//! (169 of 568 client wake-ups at 4 clients, seed 1; recordings/README.md, dbench).

use std::path::PathBuf;

use wakelab_interop::sched_trace::{EventKind, stream_of_point};
use wakelab_interop::validate::{KernelChoice, Recording, model_bench};
use wakelab_sim::experiment::{DetailOptions, run_point_detailed};

#[test]
fn a_wake_all_names_its_waker_for_every_task_it_wakes() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../recordings/host-2vcpu");
    let rec =
        Recording::from_json(&std::fs::read_to_string(dir.join("dbench-ext4-c4.json")).unwrap())
            .unwrap();
    let b = model_bench(&rec, 300, KernelChoice::default()).unwrap();
    let opts = DetailOptions {
        window: Some((0, u64::MAX)),
        explain_decision: None,
        shadow_kernel: None,
    };
    let d = run_point_detailed(&b.experiment, 0, b.clients, 0, opts, None).unwrap();
    let s = stream_of_point(&d);
    let comm = |t: Option<u32>| t.map_or("(idle)", |t| s.tasks[t as usize].comm.as_str());
    // (time, wakee) of every wake-up, and the wake-ups a task woken at that same instant is
    // named to have issued: none, since a woken task has not run yet
    let mut woken_at = std::collections::BTreeSet::new();
    let mut by_the_just_woken = 0;
    let mut jbd2_wakes_dbench = 0;
    let mut wakes = 0;
    for e in &s.events {
        if let EventKind::Wake { waker, wakee, .. } = e.kind {
            wakes += 1;
            if waker.is_some_and(|w| woken_at.contains(&(e.t_ns, w))) {
                by_the_just_woken += 1;
            }
            woken_at.insert((e.t_ns, wakee));
            if comm(waker).starts_with("jbd2") && comm(Some(wakee)).starts_with("dbench") {
                jbd2_wakes_dbench += 1;
            }
        }
    }
    assert!(wakes > 1000, "{wakes} wake-ups");
    assert!(
        jbd2_wakes_dbench > 50,
        "jbd2 woke {jbd2_wakes_dbench} clients"
    );
    assert_eq!(
        by_the_just_woken, 0,
        "{by_the_just_woken} of {wakes} wake-ups are named as issued by a task woken at the \
         same instant"
    );
}
