//! Links of every gallery preset round-trip; lengths; versions; view state; stability.

use serde_json::json;
use wakelab_link::{
    EmbedOptions, ExperimentDto, LINK_VERSION, LinkError, LinkV1, SelectedPoint, Theme, ViewState,
    WARN_LENGTH, decode, decode_full, encode, encode_payload, migrate,
};
use wakelab_sim::presets;
use wakelab_sim::scenario::Experiment;

fn all_presets() -> Vec<(&'static str, Experiment)> {
    presets::gallery()
        .iter()
        .map(|g| (g.id, presets::experiment(g.id).unwrap()))
        .collect()
}

#[test]
fn every_gallery_preset_round_trips() {
    for (id, e) in all_presets() {
        let link = LinkV1::new(&e, ViewState::default());
        let s = encode(&link);
        let (back, e2) = decode_full(&s).unwrap_or_else(|err| panic!("{id}: {err}"));
        assert_eq!(back, link, "{id}");
        assert_eq!(e2, e, "{id}");
        // Re-encoding what was decoded gives the same string (stable links).
        assert_eq!(encode(&back), s, "{id}");
        assert!(s.len() < WARN_LENGTH, "{id}: {} characters", s.len());
    }
}

#[test]
fn default_preset_link_is_well_under_the_warning_length() {
    let e = presets::experiment("default").unwrap();
    let s = encode(&LinkV1::new(&e, ViewState::default()));
    eprintln!("default preset link: {} characters: {s}", s.len());
    assert!(s.len() < 500, "{} characters", s.len());
}

#[test]
fn edited_presets_stay_short_and_exact() {
    let mut e = presets::experiment("default").unwrap();
    e.scenario.title = "my tbench".into();
    e.scenario.run.seed = 42;
    e.clients = vec![1, 2, 3, 5, 8];
    e.scenario.machine = presets::machine("skx-2s-88t").unwrap();
    let link = LinkV1::new(&e, ViewState::default());
    assert_eq!(link.experiment.machine.as_deref(), Some("skx-2s-88t"));
    let s = encode(&link);
    assert!(s.len() < 600, "{} characters: {s}", s.len());
    assert_eq!(decode_full(&s).unwrap().1, e);
}

#[test]
fn a_full_url_and_a_hash_fragment_decode_too() {
    let e = presets::experiment("t3").unwrap();
    let s = encode(&LinkV1::new(&e, ViewState::default()));
    for input in [
        format!("https://example.org/wakelab/?x=1#{s}"),
        format!("#{s}"),
        format!("  {s}\n"),
    ] {
        assert_eq!(decode_full(&input).unwrap().1, e);
    }
}

#[test]
fn view_state_round_trips_and_is_validated() {
    let e = presets::experiment("t1").unwrap();
    let view = ViewState {
        tab: Some("timeline".into()),
        plot: Some("freq-per-cpu".into()),
        selected: Some(SelectedPoint {
            variant: 1,
            clients: 64,
            iteration: 2,
        }),
        window_ms: Some([200, 250]),
        embed: EmbedOptions {
            plot_only: true,
            autorun: true,
            theme: Some(Theme::Dark),
        },
    };
    let link = LinkV1::new(&e, view.clone());
    assert_eq!(decode(&encode(&link)).unwrap().view, view);

    let mut bad = link.clone();
    bad.view.selected.as_mut().unwrap().variant = 2;
    let err = decode(&encode(&bad)).unwrap_err();
    assert!(
        err.to_string()
            .contains("selected.variant: 2 but the experiment has 2 variants"),
        "{err}"
    );
    let mut bad = link.clone();
    bad.view.window_ms = Some([0, 5000]);
    assert_eq!(decode(&encode(&bad)).unwrap_err().kind(), "invalid_view");
    let mut bad = link;
    bad.view.tab = Some("<b>".into());
    assert!(
        decode(&encode(&bad))
            .unwrap_err()
            .to_string()
            .contains("tab: must be")
    );
}

#[test]
fn unknown_view_keys_are_ignored() {
    let payload = json!({"v": 1, "experiment": {"base": "default"}, "view": {"tab": "results", "from_the_future": [1, 2]}});
    let link = decode(&encode_payload(payload.to_string().as_bytes())).unwrap();
    assert_eq!(link.view.tab.as_deref(), Some("results"));
}

#[test]
fn a_hand_written_v1_link_keeps_decoding() {
    // Written by hand against the v1 format: if this breaks, old links break. Add a migration
    // instead of changing this test.
    let payload = json!({
        "v": 1,
        "experiment": {
            "base": "t3",
            "machine": "skx-2s-88t",
            "patch": {"clients": [1, 8, 88], "scenario": {"title": "t3 on skx", "run": {"seed": 7}}}
        },
        "view": {"tab": "results"}
    });
    let (link, e) = decode_full(&encode_payload(payload.to_string().as_bytes())).unwrap();
    assert_eq!(link.v, LINK_VERSION);
    assert_eq!(e.clients, vec![1, 8, 88]);
    assert_eq!(e.scenario.title, "t3 on skx");
    assert_eq!(e.scenario.run.seed, 7);
    assert_eq!(e.scenario.run.duration_ms, 500);
    assert_eq!(e.scenario.machine.shape.cores_per_llc, 22);
    assert_eq!(e.variants.len(), 2);
}

#[test]
fn this_builds_links_decode_identically_forever() {
    // A link produced by this version, pasted verbatim. Decoding it must keep giving the
    // default preset as it was when link format v1 was frozen.
    let s = "w1.eNoBJwDY_3siZXhwZXJpbWVudCI6eyJiYXNlIjoiZGVmYXVsdCJ9LCJ2IjoxfRcEDUM";
    let (link, e) = decode_full(s).unwrap();
    assert_eq!(link.experiment.base.as_deref(), Some("default"));
    assert_eq!(e.scenario.title, "tbench, skl-client-8t, HWP powersave");
    assert_eq!(e.clients, vec![1, 2, 4, 8]);
}

#[test]
fn versions_migrate_or_explain() {
    assert_eq!(migrate(1, json!({"x": 1})).unwrap(), json!({"x": 1}));
    let future = migrate(2, json!({})).unwrap_err();
    assert!(matches!(future, LinkError::FutureVersion { v: 2, .. }));
    assert!(
        future.to_string().contains("made by a newer Wakelab"),
        "{future}"
    );
    assert_eq!(migrate(0, json!({})).unwrap_err().kind(), "unknown_version");
    let payload = json!({"v": 7, "experiment": {"base": "default"}});
    let err = decode(&encode_payload(payload.to_string().as_bytes())).unwrap_err();
    assert!(
        err.to_string()
            .contains("made by a newer Wakelab (link version 7)"),
        "{err}"
    );
}

#[test]
fn full_form_is_used_when_no_base_is_shorter_and_reads_back() {
    let e = presets::experiment("t5").unwrap();
    let target = serde_json::to_value(&e).unwrap();
    let dto = ExperimentDto {
        base: None,
        machine: None,
        patch: serde_json::Value::Null,
        full: Some(target),
    };
    assert_eq!(Experiment::try_from(&dto).unwrap(), e);
    let back: ExperimentDto = ExperimentDto::from(&e);
    // the newest frozen generation of t5's base is t5 as it is now: an empty patch
    assert_eq!(back.base.as_deref(), Some("t5@5"));
    assert!(back.patch.is_null(), "{}", back.patch);
}

#[test]
fn html_in_titles_is_plain_text_that_round_trips() {
    let mut e = presets::experiment("default").unwrap();
    let title = "<script>alert(1)</script><img src=x onerror=alert(2)> & \"quotes\" 'x' </b>";
    e.scenario.title = title.into();
    e.variants[0].name = "<b>bold</b>".into();
    let (_, back) = decode_full(&encode(&LinkV1::new(&e, ViewState::default()))).unwrap();
    assert_eq!(back.scenario.title, title);
    assert_eq!(back.variants[0].name, "<b>bold</b>");
}
