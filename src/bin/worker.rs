//! The Web Worker's entry point (built by Trunk for wasm32): registers the engine worker.

#[cfg(target_arch = "wasm32")]
fn main() {
    reversi_web::worker::register();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("the worker runs in the browser: build it with `trunk build` (see README.md)");
    std::process::exit(2);
}
