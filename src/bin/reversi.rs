//! The native command-line program.

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    reversi::cli::main()
}

#[cfg(target_arch = "wasm32")]
fn main() {}
