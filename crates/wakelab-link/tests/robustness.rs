//! Properties the fuzz targets check, run as ordinary tests: random and mutated links never
//! panic and always give a message; edited experiments round-trip exactly. Also replays the
//! committed fuzz corpora (fuzz/corpus/*), so whatever the fuzzer found stays covered by
//! `cargo test` (docs/limits.md, "Fuzzing").

use std::path::Path;

use proptest::prelude::*;
use wakelab_link::{LinkV1, ViewState, decode_full, encode, encode_payload};
use wakelab_sim::experiment::{DetailOptions, build_input};
use wakelab_sim::presets;
use wakelab_sim::scenario::Experiment;
use wakelab_sim::workload::rtapp::{RtAppOptions, export_rtapp, import_rtapp};

fn default_link() -> &'static str {
    static LINK: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    LINK.get_or_init(|| {
        encode(&LinkV1::new(
            &presets::experiment("t3").unwrap(),
            ViewState::default(),
        ))
    })
}

/// The link_decode fuzz target's body.
fn check_link(data: &[u8]) {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let link = if mode == 0 {
        match std::str::from_utf8(rest) {
            Ok(s) => s.to_string(),
            Err(_) => return,
        }
    } else {
        encode_payload(rest)
    };
    match decode_full(&link) {
        Ok((decoded, experiment)) => {
            let again = encode(&LinkV1::new(&experiment, decoded.view));
            let (_, back) = decode_full(&again).expect("a re-encoded link decodes");
            assert_eq!(back, experiment);
        }
        Err(e) => {
            assert!(!e.to_string().is_empty());
            check_page_error_search(&link);
        }
    }
}

/// The page's path for a link whose experiment does not deserialize: the error is located
/// with `located_serde_error` (no serde_path_to_error); it must not panic and must say
/// something, whatever the document.
fn check_page_error_search(link: &str) {
    let Ok(json) = wakelab_link::decode_payload(link) else {
        return;
    };
    let Ok(dto) = wakelab_link::parse_content(&json) else {
        return;
    };
    let Ok(doc) = dto.experiment.to_document() else {
        return;
    };
    let read = |v: &serde_json::Value| {
        serde_json::from_value::<wakelab_sim::scenario::Experiment>(v.clone())
    };
    if let Err(e) = read(&doc) {
        let located = wakelab_link::located_serde_error(
            &doc,
            &dto.experiment.reference_document(),
            e.to_string(),
            |v| read(v).is_ok(),
        );
        assert!(!located.to_string().is_empty());
    }
}

/// The experiment_json fuzz target's body.
fn check_experiment(data: &[u8]) {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(e) = Experiment::from_json(s) else {
        return;
    };
    let back = Experiment::from_json(&serde_json::to_string(&e).unwrap()).unwrap();
    assert_eq!(back, e);
    let counts = e.client_counts();
    for c in [counts.first(), counts.last()].into_iter().flatten() {
        let _ = build_input(&e.variant_scenario(0), *c, 1, DetailOptions::default());
    }
}

/// The rtapp_import fuzz target's body.
fn check_rtapp(data: &[u8]) {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    let opts = RtAppOptions::default();
    let Ok(imp) = import_rtapp(s, &opts) else {
        return;
    };
    let exp = export_rtapp(&imp.tasks, &imp.templates, &opts, None);
    if let Err(m) = import_rtapp(&exp.json, &opts) {
        panic!("export does not import again: {m}\n{}", exp.json);
    }
}

fn replay(target: &str, check: fn(&[u8])) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz/corpus")
        .join(target);
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        // (Tolerate a running fuzzer replacing files meanwhile.)
        let Ok(data) = std::fs::read(&path) else {
            continue;
        };
        let r = std::panic::catch_unwind(|| check(&data));
        assert!(r.is_ok(), "{} panics", path.display());
        n += 1;
    }
    assert!(n > 0, "empty corpus {}", dir.display());
}

#[test]
fn fuzz_corpus_link_decode() {
    replay("link_decode", check_link);
}

#[test]
fn fuzz_corpus_experiment_json() {
    replay("experiment_json", check_experiment);
}

#[test]
fn fuzz_corpus_rtapp_import() {
    replay("rtapp_import", check_rtapp);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn random_strings_never_panic(s in "\\PC{0,200}") {
        check_link(&[&[0u8][..], s.as_bytes()].concat());
    }

    #[test]
    fn random_link_bodies_never_panic(s in "w1\\.[A-Za-z0-9_-]{0,300}") {
        check_link(&[&[0u8][..], s.as_bytes()].concat());
    }

    #[test]
    fn random_content_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        check_link(&[&[1u8][..], &bytes[..]].concat());
    }

    #[test]
    fn mutated_links_never_panic(pos in 3usize..200, c in "[A-Za-z0-9_-]", cut in 0usize..8) {
        let l = default_link();
        let mut b = l.as_bytes().to_vec();
        let pos = pos.min(b.len() - 1);
        b[pos] = c.as_bytes()[0];
        b.truncate(b.len() - cut.min(b.len() - 4));
        check_link(&[&[0u8][..], &b[..]].concat());
    }

}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn edited_experiments_round_trip(
        preset in 0usize..7,
        machine in 0usize..4,
        seed in any::<u32>(),
        duration in 1u64..120_000,
        clients in proptest::collection::btree_set(1u32..4096, 1..10),
        title in "\\PC{0,60}",
    ) {
        let ids = ["default", "t1", "t2", "t2-pgbench", "t3", "t4", "t5"];
        let mut e = presets::experiment(ids[preset]).unwrap();
        e.scenario.machine = presets::machine(presets::machine_ids()[machine]).unwrap();
        e.scenario.run.seed = seed;
        e.scenario.run.duration_ms = duration;
        e.scenario.run.warmup_ms = duration / 5;
        e.clients = clients.into_iter().collect();
        e.scenario.title = title.chars().take(50).collect();
        let s = encode(&LinkV1::new(&e, ViewState::default()));
        let (_, back) = decode_full(&s).unwrap();
        prop_assert_eq!(back, e);
        prop_assert!(s.len() < 1000, "{} characters", s.len());
    }
}
