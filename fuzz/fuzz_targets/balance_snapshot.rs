//! `wakelab balance`'s load-balancer snapshot reader and one `load_balance` call
//! (`engine::balance::snapshot::balance_json`): any input gives a decision or a message, never
//! a panic; an accepted snapshot's decision renders as text and as JSON.
#![no_main]

use libfuzzer_sys::fuzz_target;
use wakelab_sim::engine::balance::snapshot::{balance_json, render_text};

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(o) = balance_json(s) {
        assert!(!render_text(&o).is_empty());
        serde_json::to_string(&o).expect("a balance decision serializes");
    }
});
