//! Browser tests (wasm-bindgen-test in headless Chromium; `scripts/test.sh` runs them with
//! `cargo test -p wakelab-web --target wasm32-unknown-unknown --test web`).
#![cfg(target_arch = "wasm32")]

use serde::Serialize;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::HtmlCanvasElement;

use wakelab_web::demo;
use wakelab_web::dto::{Envelope, FromWorker, ToWorker, UtilTraceRequest};

wasm_bindgen_test_configure!(run_in_browser);

/// The core runs under wasm32 and gives the same answer as natively.
#[wasm_bindgen_test]
fn core_util_trace_runs_in_wasm() {
    let res = demo::util_trace(&UtilTraceRequest::default()).unwrap();
    assert_eq!(res.curves.len(), 3);
    let half = &res.curves[1];
    let last = *half.util.last().unwrap();
    assert!((480..=545).contains(&last), "util {last}");
    // Direct call into the core too: a 100% duty task saturates.
    let full = wakelab_sim::pelt::util_trace(100, 10_000_000, 1_000_000_000, 10_000_000);
    assert!(full.last().unwrap().util_avg > 1000);
}

/// DTOs survive the serde-wasm-bindgen encoding used on the worker boundary.
#[wasm_bindgen_test]
fn dtos_round_trip_through_js_values() {
    let ser = serde_wasm_bindgen::Serializer::json_compatible();
    let req = Envelope::new(ToWorker::RunUtilTrace(UtilTraceRequest::default()));
    let js = req.serialize(&ser).unwrap();
    let back: Envelope<ToWorker> = serde_wasm_bindgen::from_value(js).unwrap();
    assert_eq!(back, req);

    let res = demo::util_trace(&UtilTraceRequest::default()).unwrap();
    let msg = Envelope::new(FromWorker::UtilTrace(res));
    let js = msg.serialize(&ser).unwrap();
    // Plain JS objects with a `type` tag, readable from JavaScript.
    let tag = js_sys::Reflect::get(
        &js_sys::Reflect::get(&js, &"msg".into()).unwrap(),
        &"type".into(),
    )
    .unwrap();
    assert_eq!(tag.as_string().as_deref(), Some("util_trace"));
    let back: Envelope<FromWorker> = serde_wasm_bindgen::from_value(js).unwrap();
    assert_eq!(back, msg);
}

/// The main thread draws the chart on a canvas sized in device pixels.
#[wasm_bindgen_test]
fn draws_on_a_canvas() {
    let doc = web_sys::window().unwrap().document().unwrap();
    let canvas: HtmlCanvasElement = doc.create_element("canvas").unwrap().unchecked_into();
    canvas
        .set_attribute("style", "width: 600px; height: 300px")
        .unwrap();
    doc.body().unwrap().append_child(&canvas).unwrap();

    let res = demo::util_trace(&UtilTraceRequest::default()).unwrap();
    wakelab_web::app::draw(&canvas, &demo::util_trace_chart(&res)).unwrap();
    let dpr = web_sys::window().unwrap().device_pixel_ratio();
    assert_eq!(canvas.width(), (600.0 * dpr).round() as u32);

    // Something other than the background was painted.
    let ctx: web_sys::CanvasRenderingContext2d =
        canvas.get_context("2d").unwrap().unwrap().unchecked_into();
    let img = ctx
        .get_image_data(0.0, 0.0, canvas.width() as f64, canvas.height() as f64)
        .unwrap()
        .data();
    let first = [img[0], img[1], img[2]];
    let differing = img.chunks(4).filter(|p| p[..3] != first).count();
    assert!(differing > 1000, "only {differing} pixels drawn");
}
