//! Browser tests of the editor's DOM layer (wasm-bindgen-test in headless Chromium;
//! `scripts/test.sh` runs them with `--test editor_dom`): every field of every preset shows the
//! text the model formats and reads it back unchanged through real controls (a select without
//! the value among its options, or a number input that rewrites it, would break the round trip),
//! and an edit made in a control reaches the experiment.
#![cfg(target_arch = "wasm32")]

use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::HtmlInputElement;

use wakelab_sim::presets;
use wakelab_sim::scenario::Experiment;
use wakelab_web::editor::{self, actions, dom, fields};

wasm_bindgen_test_configure!(run_in_browser);

/// The editor's containers, as web/index.html has them, in a box of their own (the test
/// runner reports through elements of the body, which must stay).
fn page() {
    let doc = web_sys::window().unwrap().document().unwrap();
    let body = match doc.get_element_by_id("editor-test") {
        Some(b) => b,
        None => {
            let b = doc.create_element("div").unwrap();
            b.set_id("editor-test");
            doc.body().unwrap().append_child(&b).unwrap();
            b
        }
    };
    body.set_inner_html(
        r#"<form id="scenario">
          <div id="fields-title"></div><div id="fields-exp"></div>
          <div id="ed-machine"></div><div id="ed-pstates"></div><div id="ed-freq"></div>
          <details id="hwpctl-box"><div id="ed-hwpctl"></div></details>
          <div id="variants"></div><button id="add-variant" data-action="add-variant"></button>
          <div id="ed-custom"><div id="ed-tasks"></div><div id="ed-templates"></div></div>
          <div id="ed-interference"></div></form>"#,
    );
}

fn read(exp: &Experiment) -> Experiment {
    let mut v = serde_json::to_value(exp).unwrap();
    let mut errors = Vec::new();
    editor::read(exp, &mut v, dom::raw, &mut errors);
    assert!(errors.is_empty(), "{errors:?}");
    let mut out: Experiment = serde_json::from_value(v).unwrap();
    editor::normalise(&mut out, exp);
    out
}

#[wasm_bindgen_test]
fn every_field_of_every_preset_round_trips_through_the_dom() {
    page();
    let mut all = Vec::new();
    for g in presets::gallery() {
        all.push(presets::experiment(g.id).unwrap());
    }
    // Plus the parts presets do not have: a third variant, interference, custom tasks.
    let mut e = presets::experiment("default").unwrap();
    actions::add_variant(&mut e).unwrap();
    for kind in ["rt", "irq", "hog"] {
        actions::add_interference(&mut e, kind).unwrap();
    }
    e.scenario.workload = serde_json::from_value(serde_json::json!({"kind": "custom"})).unwrap();
    actions::ensure_custom_task(&mut e);
    actions::add_task(&mut e, true).unwrap();
    all.push(e);
    for exp in all {
        dom::render(&exp);
        let json = serde_json::to_value(&exp).unwrap();
        for f in fields::fields(&exp) {
            assert_eq!(
                dom::raw(&f),
                Some(fields::format(&f, &json)),
                "field {} of {}",
                f.id,
                exp.scenario.title
            );
        }
        assert_eq!(read(&exp), exp, "{}", exp.scenario.title);
    }
}

#[wasm_bindgen_test]
fn an_edit_in_a_control_reaches_the_experiment() {
    page();
    let exp = presets::experiment("default").unwrap();
    dom::render(&exp);
    let doc = web_sys::window().unwrap().document().unwrap();
    let sockets: HtmlInputElement = doc
        .get_element_by_id("f-sockets")
        .unwrap()
        .dyn_into()
        .unwrap();
    sockets.set_value("2");
    let out = read(&exp);
    assert_eq!(out.scenario.machine.shape.sockets, 2);
    // The button of the editor is found from an element inside it.
    let b = doc.get_element_by_id("add-variant").unwrap();
    assert_eq!(dom::action_of(&b), Some(actions::Action::AddVariant));
}
