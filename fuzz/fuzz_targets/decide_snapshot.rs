//! `wakelab decide`'s placement snapshot reader (`placement::snapshot::decide_json`): any
//! input gives a decision or a message, never a panic; an accepted snapshot's decision renders
//! as text and as JSON.
#![no_main]

use libfuzzer_sys::fuzz_target;
use wakelab_sim::placement::snapshot::{decide_json, render_text};

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(o) = decide_json(s) {
        assert!(!render_text(&o).is_empty());
        serde_json::to_string(&o).expect("a decision serializes");
    }
});
