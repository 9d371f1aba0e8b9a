// The simulation Web Worker: loads the playground's one wasm module (the same files as the
// page, so the browser fetches and compiles them once); its `main` sees no window and starts
// the worker side (crates/wakelab-web/src/worker.rs). The placeholders become the hashed
// names of trunk's app script and wasm (scripts/csp-hashes.mjs, a post_build hook).
import init from './__WAKELAB_APP_JS__';

init({ module_or_path: new URL('./__WAKELAB_APP_WASM__', import.meta.url) });
