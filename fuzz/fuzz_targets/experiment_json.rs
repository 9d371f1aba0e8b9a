//! The core's experiment reader (`Experiment::from_json`). Accepted experiments must
//! serialize and read back equal, and their engine input must build (topology, frequency
//! model, workload, programs) for the first and last client counts without panicking.
#![no_main]

use libfuzzer_sys::fuzz_target;
use wakelab_sim::experiment::{DetailOptions, build_input};
use wakelab_sim::scenario::Experiment;

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(e) = Experiment::from_json(s) else {
        return;
    };
    let text = serde_json::to_string(&e).expect("serializes");
    let back = Experiment::from_json(&text).expect("a written experiment reads back");
    assert_eq!(back, e);
    let counts = e.client_counts();
    for c in [counts.first(), counts.last()].into_iter().flatten() {
        // Errors are fine (the workload may not fit the machine); panics are not.
        let _ = build_input(&e.variant_scenario(0), *c, 1, DetailOptions::default());
    }
});
