//! The Web Worker side: receives [`ToWorker`] requests, runs the core, posts [`FromWorker`]
//! replies. Never draws (plotters' text measurement needs `window`, which workers lack).

use serde::Serialize;
use wasm_bindgen::prelude::*;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent, WorkerGlobalScope};

use crate::demo;
use crate::dto::{Envelope, FromWorker, ToWorker};

/// Install the message handler, then announce readiness (messages the page sent before the
/// wasm was loaded are lost, so the page waits for [`FromWorker::Ready`]).
pub fn start() {
    console_error_panic_hook::set_once();
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let reply_to = scope.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |ev: MessageEvent| {
        post(&reply_to, handle(ev.data()));
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    post(&scope, FromWorker::Ready);
}

fn handle(data: JsValue) -> FromWorker {
    let request = serde_wasm_bindgen::from_value::<Envelope<ToWorker>>(data)
        .map_err(|e| format!("malformed request: {e}"))
        .and_then(Envelope::open);
    let result = request.and_then(|req| match req {
        ToWorker::RunUtilTrace(r) => {
            let t0 = now_ms();
            demo::util_trace(&r).map(|mut res| {
                res.elapsed_ms = now_ms() - t0;
                FromWorker::UtilTrace(res)
            })
        }
    });
    result.unwrap_or_else(|message| FromWorker::Error { message })
}

/// The worker's monotonic clock, ms (sub-millisecond resolution).
fn now_ms() -> f64 {
    js_sys::global()
        .unchecked_into::<WorkerGlobalScope>()
        .performance()
        .map_or_else(js_sys::Date::now, |p| p.now())
}

fn post(scope: &DedicatedWorkerGlobalScope, msg: FromWorker) {
    let value = Envelope::new(msg)
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .expect_throw("serialising a worker reply");
    scope
        .post_message(&value)
        .expect_throw("posting a worker reply");
}
