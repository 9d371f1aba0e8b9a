//! The browser playground: the only crate that knows wasm-bindgen, web-sys and the DOM.
//!
//! One wasm module (the `app` binary, built by trunk from `web/index.html`) with two sides:
//! `app` on the page's main thread (DOM, drawing, the worker pool) and `worker` in module
//! Web Workers (simulation; `web/worker.js` loads the same module). They talk in the versioned
//! messages of [`dto`]. Everything that can be plain Rust lives in [`glue`]
//! and is tested natively; the `app` and `worker` modules exist only on wasm32.

pub mod dto;
pub mod editor;
pub mod glue;
pub mod pool;
pub mod results;
pub mod runbar;
pub mod sched_import;

#[cfg(target_arch = "wasm32")]
pub mod app;
#[cfg(target_arch = "wasm32")]
pub mod canvas;
#[cfg(target_arch = "wasm32")]
pub(crate) mod dom;
#[cfg(target_arch = "wasm32")]
pub mod results_ui;
#[cfg(target_arch = "wasm32")]
pub mod sched_import_ui;
#[cfg(target_arch = "wasm32")]
pub mod worker;
