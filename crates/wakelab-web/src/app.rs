//! The main-thread side: starts the simulation worker, shows progress and errors, and draws
//! results with plotters on a canvas sized in device pixels (crisp on HiDPI screens).

use std::cell::RefCell;
use std::rc::Rc;

use plotters::prelude::*;
use serde::Serialize;
use wasm_bindgen::prelude::*;
use web_sys::{
    Document, Element, ErrorEvent, HtmlCanvasElement, MessageEvent, Worker, WorkerOptions,
    WorkerType,
};

use crate::canvas::MeasuredCanvas;
use crate::demo;
use crate::dto::{Envelope, FromWorker, ToWorker, UtilTraceRequest, UtilTraceResult};
use wakelab_plot::{LineChart, Theme};

/// The worker script trunk generates for the `worker` binary (`data-loader-shim`).
const WORKER_URL: &str = "./worker_loader.js";

/// Page elements the app needs (ids from web/index.html).
struct Ui {
    /// The plot card; its `data-state` is `running`, `done` or `error` (tests wait on it).
    card: Element,
    canvas: HtmlCanvasElement,
    status: Element,
    error: Element,
}

impl Ui {
    fn find(doc: &Document) -> Result<Ui, String> {
        let get = |id: &str| {
            doc.get_element_by_id(id)
                .ok_or_else(|| format!("the page has no #{id} element"))
        };
        Ok(Ui {
            card: get("plot")?,
            canvas: get("plot-canvas")?
                .dyn_into()
                .map_err(|_| "#plot-canvas is not a canvas".to_string())?,
            status: get("status")?,
            error: get("error")?,
        })
    }

    fn set_state(&self, state: &str, status: &str) {
        let _ = self.card.set_attribute("data-state", state);
        self.status.set_text_content(Some(status));
    }

    fn fail(&self, message: &str) {
        web_sys::console::error_1(&format!("wakelab: {message}").into());
        self.error.set_text_content(Some(message));
        let _ = self.error.remove_attribute("hidden");
        self.set_state("error", "Failed.");
    }
}

/// Entry point of the `app` binary.
pub fn start() {
    console_error_panic_hook::set_once();
    let doc = web_sys::window()
        .and_then(|w| w.document())
        .expect_throw("no document");
    let ui = match Ui::find(&doc) {
        Ok(ui) => Rc::new(ui),
        Err(e) => wasm_bindgen::throw_str(&e),
    };
    if let Err(e) = run(ui.clone()) {
        ui.fail(&e);
    }
}

fn js_err(e: JsValue) -> String {
    e.as_string()
        .or_else(|| {
            e.dyn_ref::<js_sys::Error>()
                .map(|e| String::from(e.message()))
        })
        .unwrap_or_else(|| format!("{e:?}"))
}

fn run(ui: Rc<Ui>) -> Result<(), String> {
    ui.set_state("running", "Starting the simulation worker…");
    let opts = WorkerOptions::new();
    opts.set_type(WorkerType::Module);
    let worker = Worker::new_with_options(WORKER_URL, &opts).map_err(js_err)?;
    let last: Rc<RefCell<Option<UtilTraceResult>>> = Rc::default();

    let on_message = {
        let (ui, worker, last) = (ui.clone(), worker.clone(), last.clone());
        Closure::<dyn FnMut(MessageEvent)>::new(move |ev: MessageEvent| {
            if let Err(e) = on_reply(&ui, &worker, &last, ev.data()) {
                ui.fail(&e);
            }
        })
    };
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();

    let on_error = {
        let ui = ui.clone();
        Closure::<dyn FnMut(ErrorEvent)>::new(move |ev: ErrorEvent| {
            ev.prevent_default();
            let what = ev.message();
            let what = if what.is_empty() {
                "it could not be loaded".to_string()
            } else {
                what
            };
            ui.fail(&format!("The simulation worker failed: {what}"));
        })
    };
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    on_error.forget();

    // Redraw at the new size when the window is resized.
    let on_resize = {
        let (ui, last) = (ui.clone(), last.clone());
        Closure::<dyn FnMut()>::new(move || {
            if let Some(res) = last.borrow().as_ref()
                && let Err(e) = draw(&ui.canvas, &demo::util_trace_chart(res))
            {
                ui.fail(&e);
            }
        })
    };
    web_sys::window()
        .ok_or("no window")?
        .add_event_listener_with_callback("resize", on_resize.as_ref().unchecked_ref())
        .map_err(js_err)?;
    on_resize.forget();
    Ok(())
}

fn on_reply(
    ui: &Ui,
    worker: &Worker,
    last: &RefCell<Option<UtilTraceResult>>,
    data: JsValue,
) -> Result<(), String> {
    let msg = serde_wasm_bindgen::from_value::<Envelope<FromWorker>>(data)
        .map_err(|e| format!("malformed worker reply: {e}"))?
        .open()?;
    match msg {
        FromWorker::Ready => {
            ui.set_state("running", "Simulating in a Web Worker…");
            let req = Envelope::new(ToWorker::RunUtilTrace(UtilTraceRequest::default()))
                .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
                .map_err(|e| e.to_string())?;
            worker.post_message(&req).map_err(js_err)?;
        }
        FromWorker::UtilTrace(res) => {
            draw(&ui.canvas, &demo::util_trace_chart(&res))?;
            let samples: usize = res.curves.iter().map(|c| c.util.len()).sum();
            ui.set_state(
                "done",
                &format!(
                    "{samples} samples computed in {} by the simulation core in a Web Worker.",
                    if res.elapsed_ms < 1.0 {
                        "under 1 ms".to_string()
                    } else {
                        format!("{:.0} ms", res.elapsed_ms)
                    }
                ),
            );
            *last.borrow_mut() = Some(res);
        }
        FromWorker::Error { message } => return Err(format!("The simulation failed: {message}")),
    }
    Ok(())
}

fn prefers_dark() -> bool {
    web_sys::window()
        .and_then(|w| w.match_media("(prefers-color-scheme: dark)").ok().flatten())
        .is_some_and(|m| m.matches())
}

/// Draw `chart` on `canvas`: the backing store gets the CSS size times devicePixelRatio, and
/// the chart is drawn at that scale.
pub fn draw(canvas: &HtmlCanvasElement, chart: &LineChart) -> Result<(), String> {
    let window = web_sys::window().ok_or("no window")?;
    let dpr = window.device_pixel_ratio().clamp(1.0, 4.0);
    let rect = canvas.get_bounding_client_rect();
    let (css_w, css_h) = (rect.width().max(100.0), rect.height().max(100.0));
    canvas.set_width((css_w * dpr).round() as u32);
    canvas.set_height((css_h * dpr).round() as u32);
    let theme = if prefers_dark() {
        Theme::dark(dpr)
    } else {
        Theme::light(dpr)
    };
    let backend = MeasuredCanvas::new(canvas).ok_or("the canvas has no 2d context")?;
    wakelab_plot::draw_line_chart(backend.into_drawing_area(), chart, &theme)
}
