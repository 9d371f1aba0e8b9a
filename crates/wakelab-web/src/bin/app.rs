//! Main-thread entry point of the playground (built by trunk for wasm32).

fn main() {
    #[cfg(target_arch = "wasm32")]
    wakelab_web::app::start();
    #[cfg(not(target_arch = "wasm32"))]
    eprintln!("wakelab-web runs in a browser: see scripts/serve.sh");
}
