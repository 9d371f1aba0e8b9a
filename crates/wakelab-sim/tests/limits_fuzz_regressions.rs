//! Inputs the fuzzers found (fuzz/, docs/limits.md "Fuzzing"), kept as regression tests.
//! Each must be refused with a message or accepted, never panic (overflow panics in debug
//! builds; release builds, including the web page's wasm, wrap silently to wrong numbers).

use wakelab_sim::experiment::{DetailOptions, build_input};
use wakelab_sim::scenario::Experiment;

/// What the experiment_json fuzz target does with an input.
fn read_and_build(text: &str) -> Result<(), String> {
    let e = Experiment::from_json(text).map_err(|e| e.to_string())?;
    let counts = e.client_counts();
    for c in [counts.first(), counts.last()].into_iter().flatten() {
        build_input(&e.variant_scenario(0), *c, 1, DetailOptions::default())
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// experiment_json, found after ~3.2M runs: the t5 preset with the big cluster's P-state
/// table ending in 1 344 457 600 kHz (1.3 THz). `MachineFreq::validate` accepts it, then the
/// power model (`freq/spec.rs` `CorePower::busy_uw`, called from `freq/hardware.rs` `build`)
/// computes c_dyn x MHz x mV^2 in u64 and overflows (the voltage is extrapolated to ~280 V).
/// Fixed: `MachineFreq::validate` refuses P-states above 10 GHz (`freq::spec::MAX_KHZ`), naming
/// the field, and the power model saturates.
#[test]
fn pstate_khz_beyond_any_cpu_is_refused_not_overflowed() {
    let text = include_str!("fuzz_regressions/experiment_json-freq-khz-overflow.json");
    let r = std::panic::catch_unwind(|| read_and_build(text));
    match r {
        Err(_) => panic!("reading and building the experiment panics"),
        Ok(Ok(())) => {}
        Ok(Err(m)) => assert!(m.contains("khz") || m.contains("freq"), "{m}"),
    }
}
