//! The rt-app importer. An accepted document must export back to rt-app JSON, and that
//! export must import again (the round trip is approximate, so only success is checked).
#![no_main]

use libfuzzer_sys::fuzz_target;
use wakelab_sim::workload::rtapp::{RtAppOptions, export_rtapp, import_rtapp};

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    let opts = RtAppOptions::default();
    let Ok(imp) = import_rtapp(s, &opts) else {
        return;
    };
    let exp = export_rtapp(&imp.tasks, &imp.templates, &opts, None);
    if let Err(m) = import_rtapp(&exp.json, &opts) {
        panic!(
            "export of an accepted document does not import again: {m}\n{}",
            exp.json
        );
    }
    let _ = imp.into_custom();
});
