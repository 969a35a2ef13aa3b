//! The native command-line program.

fn main() -> std::process::ExitCode {
    reversi_tools::cli::main()
}
