//! The page's DOM helpers, shared by the app, the editor and the results: element lookup and
//! creation, text and visibility, event listeners, canvas sizing and theme, downloads and the
//! clipboard. User text is only ever set with `textContent`.

use wasm_bindgen::prelude::*;
use web_sys::{Document, Element, Event, HtmlCanvasElement};

use wakelab_plot::Theme;

pub(crate) fn window() -> web_sys::Window {
    web_sys::window().expect_throw("no window")
}

pub(crate) fn doc() -> Document {
    window().document().expect_throw("no document")
}

pub(crate) fn el(id: &str) -> Element {
    doc()
        .get_element_by_id(id)
        .unwrap_or_else(|| wasm_bindgen::throw_str(&format!("the page has no #{id} element")))
}

pub(crate) fn typed<T: JsCast>(id: &str) -> T {
    el(id)
        .dyn_into::<T>()
        .unwrap_or_else(|_| wasm_bindgen::throw_str(&format!("#{id} has the wrong element type")))
}

pub(crate) fn make(tag: &str, class: &str, text: &str) -> Element {
    let e = doc().create_element(tag).expect_throw("create_element");
    if !class.is_empty() {
        e.set_class_name(class);
    }
    if !text.is_empty() {
        e.set_text_content(Some(text));
    }
    e
}

pub(crate) fn set_text(id: &str, text: &str) {
    el(id).set_text_content(Some(text));
}

pub(crate) fn set_hidden(e: &Element, hidden: bool) {
    if hidden {
        e.set_attr("hidden", "");
    } else {
        e.remove_attr("hidden");
    }
}

/// Report a DOM call that failed, where it can only fail on a programming error (an invalid
/// attribute name, a node appended into itself): on the console and in the page's error card,
/// never dropped silently (issue 23).
pub(crate) fn report_dom_error(what: &str, e: &JsValue) {
    let detail = e
        .as_string()
        .or_else(|| {
            e.dyn_ref::<js_sys::Error>()
                .map(|e| String::from(e.message()))
        })
        .unwrap_or_else(|| format!("{e:?}"));
    report_error(what, &detail);
}

/// Report a failure the page cannot recover from by itself (a chart that could not be drawn,
/// a DOM call that failed): on the console and in the results card's error line.
pub(crate) fn report_error(what: &str, detail: &str) {
    let msg = format!("wakelab: internal error ({what}): {detail}");
    web_sys::console::error_1(&msg.clone().into());
    if let Some(card) = doc().get_element_by_id("error") {
        card.set_text_content(Some(&format!("{msg}. Please report it with the link.")));
        // Not through set_hidden: a failure here must not recurse.
        let _ = card.remove_attribute("hidden"); // ignored: "hidden" is a valid name
    }
}

/// The DOM calls the page makes everywhere, with their failure reported
/// ([`report_dom_error`]) instead of dropped. Their arguments are the page's own constant
/// attribute names and freshly made nodes, so a failure is a bug, not a state to handle.
pub(crate) trait DomExt {
    fn set_attr(&self, name: &str, value: &str);
    fn remove_attr(&self, name: &str);
}

impl DomExt for Element {
    fn set_attr(&self, name: &str, value: &str) {
        if let Err(e) = self.set_attribute(name, value) {
            report_dom_error(&format!("setting the attribute {name}"), &e);
        }
    }

    fn remove_attr(&self, name: &str) {
        if let Err(e) = self.remove_attribute(name) {
            report_dom_error(&format!("removing the attribute {name}"), &e);
        }
    }
}

/// Appending a node, with its failure reported (see [`DomExt`]).
pub(crate) trait NodeExt {
    fn append(&self, child: &web_sys::Node);
}

impl NodeExt for web_sys::Node {
    fn append(&self, child: &web_sys::Node) {
        if let Err(e) = self.append_child(child) {
            report_dom_error("appending a node", &e);
        }
    }
}

pub(crate) fn clear(e: &Element) {
    e.set_text_content(None);
}

pub(crate) fn now_ms() -> f64 {
    window().performance().map_or(0.0, |p| p.now())
}

pub(crate) fn js_err(e: JsValue) -> String {
    e.as_string()
        .or_else(|| {
            e.dyn_ref::<js_sys::Error>()
                .map(|e| String::from(e.message()))
        })
        .unwrap_or_else(|| format!("{e:?}"))
}

pub(crate) fn listen(target: &web_sys::EventTarget, event: &str, f: impl FnMut(Event) + 'static) {
    let c = Closure::<dyn FnMut(Event)>::new(f);
    target
        .add_event_listener_with_callback(event, c.as_ref().unchecked_ref())
        .expect_throw("addEventListener");
    c.forget();
}

/// Like [`listen`], for handlers that may be re-entered: redrawing the editor removes the
/// focused control, and the browser then commits its pending `change` synchronously, inside
/// the handler that is redrawing. An `FnMut` closure would throw there; this one runs and
/// `with_app` drops the nested event (the control's value was read on `input` already).
pub(crate) fn listen_reentrant(
    target: &web_sys::EventTarget,
    event: &str,
    f: impl Fn(Event) + 'static,
) {
    let c = Closure::<dyn Fn(Event)>::new(f);
    target
        .add_event_listener_with_callback(event, c.as_ref().unchecked_ref())
        .expect_throw("addEventListener");
    c.forget();
}

pub(crate) fn on_click(id: &str, f: impl Fn() + 'static) {
    listen(&el(id), "click", move |_| f());
}

pub(crate) fn prefers_dark() -> bool {
    // A link may force the scheme (embed option); otherwise follow the reader's setting.
    if let Some(t) = doc()
        .document_element()
        .and_then(|e| e.get_attribute("data-theme"))
    {
        return t == "dark";
    }
    window()
        .match_media("(prefers-color-scheme: dark)")
        .ok()
        .flatten()
        .is_some_and(|m| m.matches())
}

pub(crate) fn theme(scale: f64) -> Theme {
    if prefers_dark() {
        Theme::dark(scale)
    } else {
        Theme::light(scale)
    }
}

/// Size the canvas backing store in device pixels; returns the device pixel ratio.
pub(crate) fn fit_canvas(canvas: &HtmlCanvasElement) -> f64 {
    let dpr = window().device_pixel_ratio().clamp(1.0, 4.0);
    let rect = canvas.get_bounding_client_rect();
    let (w, h) = (rect.width().max(100.0), rect.height().max(80.0));
    canvas.set_width((w * dpr).round() as u32);
    canvas.set_height((h * dpr).round() as u32);
    dpr
}

pub(crate) fn download(name: &str, mime: &str, data: &str) {
    let parts = js_sys::Array::of1(&JsValue::from_str(data));
    let opts = web_sys::BlobPropertyBag::new();
    opts.set_type(mime);
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &opts) else {
        return;
    };
    if let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) {
        download_url(name, &url);
        // Ignored: revoking fails only for a URL that is not an object URL, and this one is;
        // at worst the blob stays until the page closes.
        let _ = web_sys::Url::revoke_object_url(&url);
    }
}

pub(crate) fn download_url(name: &str, url: &str) {
    let a: web_sys::HtmlAnchorElement = make("a", "", "").unchecked_into();
    a.set_href(url);
    a.set_download(name);
    if let Some(b) = doc().body() {
        NodeExt::append(&**b, &a);
    }
    a.click();
    a.remove();
}

/// Copy `text` to the clipboard; `done` gets a message for the status line.
pub(crate) fn copy_text(text: &str, what: &'static str, status_id: &'static str) {
    let clip = window().navigator().clipboard();
    let ok = Closure::<dyn FnMut(JsValue)>::new(move |_: JsValue| {
        set_text(status_id, &format!("{what} copied."))
    });
    let fail = Closure::<dyn FnMut(JsValue)>::new(move |_: JsValue| {
        set_text(
            status_id,
            &format!("Could not use the clipboard: select the {what} and copy it by hand."),
        )
    });
    // The promise's outcome is handled by `ok` and `fail`; the returned promise adds nothing.
    let _ = clip.write_text(text).then2(&ok, &fail);
    // One call each; a copy is rare, so leaking the two small closures is fine.
    ok.forget();
    fail.forget();
}

/// The element with this id, if the page has it.
pub(crate) fn by_id(id: &str) -> Option<Element> {
    doc().get_element_by_id(id)
}

pub(crate) fn append(parent: &Element, child: &Element) {
    NodeExt::append(&**parent, child);
}

pub(crate) fn attr(e: &Element, name: &str, value: &str) {
    e.set_attr(name, value);
}

/// Call `f` once, when `target` first intersects the viewport (in an iframe: the top-level
/// page's viewport, so an embed further down a docs page waits until it is scrolled to), or
/// at once where the browser has no IntersectionObserver.
pub(crate) fn when_visible(target: &Element, f: impl FnOnce() + 'static) {
    let f = std::rc::Rc::new(std::cell::Cell::new(Some(f)));
    let f2 = f.clone();
    let cb = Closure::<dyn FnMut(js_sys::Array, web_sys::IntersectionObserver)>::new(
        move |entries: js_sys::Array, obs: web_sys::IntersectionObserver| {
            let seen = entries.iter().any(|e| {
                e.dyn_into::<web_sys::IntersectionObserverEntry>()
                    .is_ok_and(|e| e.is_intersecting())
            });
            if seen {
                obs.disconnect();
                if let Some(f) = f2.take() {
                    f();
                }
            }
        },
    );
    match web_sys::IntersectionObserver::new(cb.as_ref().unchecked_ref()) {
        Ok(obs) => {
            obs.observe(target);
            // Lives as long as the page (one per page).
            cb.forget();
        }
        Err(_) => {
            if let Some(f) = f.take() {
                f();
            }
        }
    }
}
