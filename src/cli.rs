//! The native command line (`reversi`): perft and, as the engine grows, solving, benchmarks and protocols.
//! Native only; the browser build never compiles it.

use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand};

use crate::engine::{perft, Position};

#[derive(Parser)]
#[command(
    name = "reversi",
    version,
    about = "Othello/Reversi engine: perft and more"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaves of the game tree (a pass counts as a ply; a finished game is one leaf).
    Perft {
        /// Plies to search.
        depth: u32,
        /// Start position as "<64 squares> X|O" (X black, O white, - empty); default: the standard start.
        #[arg(long)]
        position: Option<String>,
        /// Print one JSON line {"depth","nodes","seconds","nps"}.
        #[arg(long)]
        json: bool,
        /// Also print the count below each legal move.
        #[arg(long, conflicts_with = "json")]
        divide: bool,
    },
}

/// Runs the command line with the process arguments.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Perft {
            depth,
            position,
            json,
            divide,
        } => run_perft(depth, position.as_deref(), json, divide),
    }
}

fn run_perft(depth: u32, position: Option<&str>, json: bool, divide: bool) -> ExitCode {
    let position = match position.map(str::parse::<Position>) {
        None => Position::START,
        Some(Ok(position)) => position,
        Some(Err(error)) => {
            eprintln!("reversi perft: bad --position: {error}");
            return ExitCode::from(2);
        }
    };
    if divide && depth > 0 {
        let board = position.board;
        let moves = board.moves();
        if moves.is_empty() {
            println!("(no legal move: pass or game over)");
        }
        for square in moves {
            let nodes = perft(&board.play_unchecked(square), depth - 1);
            println!("{square}: {nodes}");
        }
    }
    let started = Instant::now();
    let nodes = perft(&position.board, depth);
    let seconds = started.elapsed().as_secs_f64();
    let nps = if seconds > 0.0 {
        (nodes as f64 / seconds) as u64
    } else {
        0
    };
    if json {
        println!("{{\"depth\":{depth},\"nodes\":{nodes},\"seconds\":{seconds:.6},\"nps\":{nps}}}");
    } else {
        println!(
            "perft {depth}: {nodes} nodes in {seconds:.3} s ({:.1} M nodes/s)",
            nps as f64 / 1e6
        );
    }
    ExitCode::SUCCESS
}
