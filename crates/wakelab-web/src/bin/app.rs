//! The playground's one wasm module (built by trunk for wasm32). On the page's main thread it
//! starts the UI; loaded by `web/worker.js` in a module Web Worker it starts the simulation
//! side. One module for both halves: the serde code for the core's types, std and the
//! allocator are shared instead of shipped twice (docs/performance.md, "Bundles").

fn main() {
    #[cfg(target_arch = "wasm32")]
    {
        if web_sys::window().is_some() {
            wakelab_web::app::start();
        } else {
            wakelab_web::worker::start();
        }
    }
    #[cfg(not(target_arch = "wasm32"))]
    eprintln!("wakelab-web runs in a browser: see scripts/serve.sh");
}
