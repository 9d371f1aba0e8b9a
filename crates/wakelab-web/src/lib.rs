//! The browser playground: the only crate that knows wasm-bindgen, web-sys and the DOM.
//!
//! Two binaries built by trunk from `web/index.html`: `app` runs on the page's main thread
//! (DOM, drawing, the worker pool), `worker` runs in module Web Workers (simulation). They talk
//! in the versioned messages of [`dto`]. Everything that can be plain Rust lives in [`glue`]
//! and is tested natively; the `app` and `worker` modules exist only on wasm32.

pub mod dto;
pub mod editor;
pub mod glue;

#[cfg(target_arch = "wasm32")]
pub mod app;
#[cfg(target_arch = "wasm32")]
pub mod canvas;
#[cfg(target_arch = "wasm32")]
pub mod worker;
