//! Browser tests (wasm-bindgen-test in headless Chromium; `scripts/test.sh` runs them with
//! `cargo test -p wakelab-web --target wasm32-unknown-unknown --test web`).
#![cfg(target_arch = "wasm32")]

use serde::Serialize;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::HtmlCanvasElement;

use wakelab_sim::presets;
use wakelab_sim::report::build_report;
use wakelab_web::dto::{DetailJob, Envelope, FromWorker, PointDone, PointJob, ToWorker};
use wakelab_web::glue;

wasm_bindgen_test_configure!(run_in_browser);

fn small_json() -> String {
    let mut e = presets::experiment("default").unwrap();
    e.clients = vec![2];
    e.scenario.run.duration_ms = 30;
    e.scenario.run.warmup_ms = 5;
    serde_json::to_string(&e).unwrap()
}

/// The core runs a point under wasm32, and the point JSON round-trips into a report.
#[wasm_bindgen_test]
fn core_runs_a_point_in_wasm() {
    let job = PointJob {
        job: 1,
        experiment: small_json(),
        variant: 1,
        clients: 2,
        iteration: 0,
    };
    let json = glue::run_point(&job, None).unwrap();
    let r = glue::parse_point(&json).unwrap();
    assert!(r.value > 0.0, "{r:?}");
    let exp = wakelab_sim::scenario::Experiment::from_json(&job.experiment).unwrap();
    let report = build_report(&exp, &[r]);
    assert!(report.compare.render_text().contains('2'));
}

#[path = "support/golden_points.rs"]
mod golden_points;

/// Determinism across targets (issue 11): the wasm build's point results of every gallery
/// preset equal the golden file the native test checks (`tests/golden_points.rs`), byte for
/// byte.
#[wasm_bindgen_test]
fn wasm_point_results_equal_the_native_golden_file() {
    let got = golden_points::render();
    let want = include_str!("golden/points.txt");
    for (i, (g, w)) in got.lines().zip(want.lines()).enumerate() {
        assert_eq!(g, w, "line {} differs between wasm and native", i + 1);
    }
    assert_eq!(got.lines().count(), want.lines().count());
    assert_eq!(got, want);
}

/// DTOs survive the serde-wasm-bindgen encoding used on the worker boundary.
#[wasm_bindgen_test]
fn dtos_round_trip_through_js_values() {
    let ser = serde_wasm_bindgen::Serializer::json_compatible();
    let req = Envelope::new(ToWorker::RunDetail(DetailJob {
        job: 7,
        experiment: small_json(),
        variant: 0,
        clients: 2,
        iteration: 0,
        window_start_ms: 5.0,
        window_end_ms: 15.0,
        explain: Some(3),
    }));
    let js = req.serialize(&ser).unwrap();
    let back: Envelope<ToWorker> = serde_wasm_bindgen::from_value(js).unwrap();
    assert_eq!(back, req);

    let ToWorker::RunDetail(job) = req.msg else {
        unreachable!()
    };
    let detail = glue::run_detail(&job, None).unwrap();
    let msg = Envelope::new(FromWorker::Detail(Box::new(detail)));
    let js = msg.serialize(&ser).unwrap();
    // Plain JS objects with a `type` tag, readable from JavaScript.
    let tag = js_sys::Reflect::get(
        &js_sys::Reflect::get(&js, &"msg".into()).unwrap(),
        &"type".into(),
    )
    .unwrap();
    assert_eq!(tag.as_string().as_deref(), Some("detail"));
    let back: Envelope<FromWorker> = serde_wasm_bindgen::from_value(js).unwrap();
    assert_eq!(back, msg);

    let point = Envelope::new(FromWorker::Point(PointDone {
        job: 1,
        result: "{}".into(),
        elapsed_ms: 1.5,
    }));
    let back: Envelope<FromWorker> =
        serde_wasm_bindgen::from_value(point.serialize(&ser).unwrap()).unwrap();
    assert_eq!(back, point);
}

fn canvas(w: u32, h: u32) -> HtmlCanvasElement {
    let doc = web_sys::window().unwrap().document().unwrap();
    let canvas: HtmlCanvasElement = doc.create_element("canvas").unwrap().unchecked_into();
    canvas
        .set_attribute("style", &format!("width: {w}px; height: {h}px"))
        .unwrap();
    doc.body().unwrap().append_child(&canvas).unwrap();
    canvas
}

fn painted(canvas: &HtmlCanvasElement) -> usize {
    let ctx: web_sys::CanvasRenderingContext2d =
        canvas.get_context("2d").unwrap().unwrap().unchecked_into();
    let img = ctx
        .get_image_data(0.0, 0.0, canvas.width() as f64, canvas.height() as f64)
        .unwrap()
        .data();
    let first = [img[0], img[1], img[2]];
    img.chunks(4).filter(|p| p[..3] != first).count()
}

/// The main thread draws the results chart and a timeline on canvases sized in device pixels.
#[wasm_bindgen_test]
fn draws_results_and_timeline() {
    let e = wakelab_sim::scenario::Experiment::from_json(&small_json()).unwrap();
    let job = PointJob {
        job: 1,
        experiment: small_json(),
        variant: 0,
        clients: 2,
        iteration: 0,
    };
    let r = glue::parse_point(&glue::run_point(&job, None).unwrap()).unwrap();
    let report = build_report(&e, &[r]);
    let c = canvas(600, 300);
    wakelab_web::app::draw_xy(&c, &glue::report_chart(&report, &[(2, 1.0, 2.0)])).unwrap();
    let dpr = web_sys::window().unwrap().device_pixel_ratio();
    assert_eq!(c.width(), (600.0 * dpr).round() as u32);
    assert!(painted(&c) > 1000, "only {} pixels drawn", painted(&c));

    let d = glue::run_detail(
        &DetailJob {
            job: 2,
            experiment: small_json(),
            variant: 1,
            clients: 2,
            iteration: 0,
            window_start_ms: 5.0,
            window_end_ms: 25.0,
            explain: None,
        },
        None,
    )
    .unwrap();
    let t = canvas(700, 320);
    let layout = wakelab_web::app::draw_timeline(&t, &glue::timeline_chart(&d, None)).unwrap();
    assert_eq!(layout.lanes.len(), 8);
    assert!(painted(&t) > 1000);
}

/// The worker's trace export runs under wasm32 and its reply crosses the worker boundary as
/// a plain JS object; the results-side bar charts draw on a canvas (text measured by the
/// canvas, as in the page).
#[wasm_bindgen_test]
fn trace_export_and_bar_charts_in_the_browser() {
    use wakelab_web::dto::TraceJob;
    use wakelab_web::results::{histograms, trace};
    let ser = serde_wasm_bindgen::Serializer::json_compatible();
    let job = TraceJob {
        job: 9,
        experiment: small_json(),
        variant: 1,
        clients: 2,
        iteration: 0,
        window_ms: Some((5.0, 15.0)),
    };
    let req = Envelope::new(ToWorker::Trace(job.clone()));
    let back: Envelope<ToWorker> =
        serde_wasm_bindgen::from_value(req.serialize(&ser).unwrap()).unwrap();
    assert_eq!(back, req);
    let done = trace::run_trace(&job, None).unwrap();
    let doc: serde_json::Value = serde_json::from_str(&done.json).unwrap();
    assert!(doc["traceEvents"].as_array().unwrap().len() > 20);
    let msg = Envelope::new(FromWorker::Trace(done));
    let back: Envelope<FromWorker> =
        serde_wasm_bindgen::from_value(msg.serialize(&ser).unwrap()).unwrap();
    assert_eq!(back, msg);

    let point = PointJob {
        job: 1,
        experiment: small_json(),
        variant: 0,
        clients: 2,
        iteration: 0,
    };
    let r = glue::parse_point(&glue::run_point(&point, None).unwrap()).unwrap();
    let names = vec!["base".to_string()];
    for chart in [
        histograms::pstate_chart(&names, std::slice::from_ref(&r), 2),
        histograms::latency_chart(&names, std::slice::from_ref(&r), 2),
    ] {
        assert_eq!(chart.series.len(), 1);
        let c = canvas(500, 240);
        let backend = wakelab_web::canvas::MeasuredCanvas::new(&c).unwrap();
        use plotters::prelude::IntoDrawingArea;
        wakelab_plot::draw_bar_chart(
            backend.into_drawing_area(),
            &chart,
            &wakelab_plot::Theme::light(1.0),
        )
        .unwrap();
        assert!(painted(&c) > 500, "only {} pixels drawn", painted(&c));
    }
}
