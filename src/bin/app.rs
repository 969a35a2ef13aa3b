//! The web page's entry point (built by Trunk for wasm32).

#[cfg(target_arch = "wasm32")]
fn main() {
    yew::Renderer::<reversi_web::view::App>::new().render();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("the app runs in the browser: build it with `trunk build` (see README.md)");
    std::process::exit(2);
}
