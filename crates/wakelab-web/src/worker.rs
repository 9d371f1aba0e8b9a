//! The Web Worker side: runs jobs through the core and posts the results back. One of a pool
//! started by the page; it never draws (plotters' text layout needs `window`).

use serde::Serialize;
use wasm_bindgen::prelude::*;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent, WorkerGlobalScope};

use crate::dto::{Envelope, FromWorker, ToWorker};
use crate::glue;

thread_local! {
    /// The last trace this worker read, kept so that a changed derivation option does not
    /// parse the same file again (`sched_import::LastTrace`).
    static LAST_TRACE: std::cell::RefCell<crate::sched_import::LastTrace> = Default::default();
}

/// Install the message handler, then announce readiness (messages the page sent before the
/// wasm was loaded are lost, so the page waits for [`FromWorker::Ready`]).
pub fn start() {
    console_error_panic_hook::set_once();
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let reply_to = scope.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |ev: MessageEvent| {
        let reply = handle(&reply_to, ev.data());
        post(&reply_to, reply);
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    post(&scope, FromWorker::Ready);
}

fn handle(scope: &DedicatedWorkerGlobalScope, data: JsValue) -> FromWorker {
    // a job's file rides beside the envelope (dto::ATTACHMENT)
    let attachment = js_sys::Reflect::get(&data, &crate::dto::ATTACHMENT.into())
        .ok()
        .and_then(|v| v.dyn_into::<web_sys::Blob>().ok());
    let request = match serde_wasm_bindgen::from_value::<Envelope<ToWorker>>(data)
        .map_err(|e| format!("malformed request: {e}"))
        .and_then(Envelope::open)
    {
        Ok(r) => r,
        Err(message) => return FromWorker::Error { job: None, message },
    };
    let job = match &request {
        ToWorker::RunPoint(p) => p.job,
        ToWorker::RunDetail(d) => d.job,
        ToWorker::Trace(t) => t.job,
        ToWorker::ImportTrace(t) => t.job,
    };
    // Progress at most every 100 ms; the page cancels by terminating the worker.
    let mut last = now_ms();
    let mut progress = |t: u64, total: u64| {
        let now = now_ms();
        if now - last >= 100.0 && total > 0 {
            last = now;
            post(
                scope,
                FromWorker::Progress {
                    job,
                    frac: (t as f64 / total as f64).clamp(0.0, 1.0),
                },
            );
        }
        true
    };
    let t0 = now_ms();
    let result = match request {
        ToWorker::RunPoint(p) => glue::run_point(&p, Some(&mut progress)).map(|result| {
            FromWorker::Point(crate::dto::PointDone {
                job,
                result,
                elapsed_ms: now_ms() - t0,
            })
        }),
        ToWorker::RunDetail(d) => glue::run_detail(&d, Some(&mut progress)).map(|mut r| {
            r.elapsed_ms = now_ms() - t0;
            FromWorker::Detail(Box::new(r))
        }),
        ToWorker::Trace(t) => {
            crate::results::trace::run_trace(&t, Some(&mut progress)).map(|mut r| {
                r.elapsed_ms = now_ms() - t0;
                FromWorker::Trace(r)
            })
        }
        ToWorker::ImportTrace(t) => attachment
            .ok_or_else(|| "Could not read the trace: the page sent no file".to_string())
            .and_then(|file| read_blob(&file))
            .and_then(|bytes| {
                LAST_TRACE.with(|last| {
                    crate::sched_import::import_with(&mut last.borrow_mut(), &bytes, &t)
                })
            })
            .map(|mut r| {
                r.elapsed_ms = now_ms() - t0;
                FromWorker::ImportTrace(Box::new(r))
            }),
    };
    result.unwrap_or_else(|message| FromWorker::Error {
        job: Some(job),
        message,
    })
}

/// A trace file's bytes, read synchronously (workers have `FileReaderSync`); bounded by the
/// reader's `MAX_TRACE_BYTES` before anything is read.
fn read_blob(file: &web_sys::Blob) -> Result<Vec<u8>, String> {
    if let Some(why) = crate::sched_import::size_refusal(file.size()) {
        return Err(why);
    }
    let reader =
        web_sys::FileReaderSync::new().map_err(|e| format!("Could not read the trace: {e:?}"))?;
    let buf = reader
        .read_as_array_buffer(file)
        .map_err(|e| format!("Could not read the trace: the browser refused the file ({e:?})"))?;
    Ok(js_sys::Uint8Array::new(&buf).to_vec())
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
