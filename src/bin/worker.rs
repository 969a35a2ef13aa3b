//! The Web Worker's entry point (built by Trunk for wasm32): registers the engine worker.

#[cfg(target_arch = "wasm32")]
fn main() {
    reversi_web::worker::register();
}

/// [`reversi_web::worker::register`], for the loader to call once the engine has loaded: in the threaded
/// build wasm-bindgen runs the program's `main` only in the first instance of the shared memory, so the
/// others start here. Exported from this binary, not from the library: an export of the library would be
/// kept in the page's binary too, and with it the whole engine.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn start_worker() {
    reversi_web::worker::register();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("the worker runs in the browser: build it with `trunk build` (see README.md)");
    std::process::exit(2);
}
