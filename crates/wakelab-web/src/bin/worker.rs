//! Web Worker entry point of the playground (built by trunk for wasm32, loaded by
//! `worker_loader.js`).

fn main() {
    #[cfg(target_arch = "wasm32")]
    wakelab_web::worker::start();
    #[cfg(not(target_arch = "wasm32"))]
    eprintln!("wakelab-web runs in a browser: see scripts/serve.sh");
}
