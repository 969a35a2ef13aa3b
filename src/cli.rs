//! The native command line (`reversi`): perft and, as the engine grows, solving, benchmarks and protocols.
//! Native only; the browser build never compiles it.

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand};

use crate::engine::{
    native_clock, parse_obf_line, perft, Control, Game, Level, Move, Position, ScoreKind,
    SearchInfo, Searcher, Solver, Symmetry, TranspositionTable, DISC, MAX_HASH_MB, MAX_LEVEL,
};

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
        /// Plies to search (1 to 20: past that the count takes longer than anyone waits).
        #[arg(value_parser = clap::value_parser!(u32).range(0..=MAX_PERFT_DEPTH as i64))]
        depth: u32,
        /// Start position as "<64 squares> X|O" (X black, O white, - empty); default: the standard start.
        #[arg(long, allow_hyphen_values = true)]
        position: Option<String>,
        /// Print one JSON line {"depth","nodes","seconds","nps"}.
        #[arg(long)]
        json: bool,
        /// Also print the count below each legal move.
        #[arg(long, conflicts_with = "json")]
        divide: bool,
    },
    /// Solve each position of an .obf file exactly (single-threaded) and check the file's scores.
    Solve {
        /// The .obf file: "<64 squares> X|O; <move>:<score>; ..." per line.
        file: std::path::PathBuf,
        /// Print one JSON object per position, then a summary object.
        #[arg(long)]
        json: bool,
        /// Start at this position of the file (1-based).
        #[arg(long, default_value_t = 1)]
        from: usize,
        /// Solve at most this many positions.
        #[arg(long)]
        count: Option<usize>,
        /// Transposition table size in MB (1 to 16384).
        #[arg(long, default_value_t = 256, value_parser = clap::value_parser!(u32).range(1..=MAX_HASH_MB as i64))]
        hash_mb: u32,
        /// Refuse positions with more empty squares than this (an exact solve of more takes hours to ages).
        #[arg(long, default_value_t = 36, value_parser = clap::value_parser!(u32).range(0..=60))]
        max_empties: u32,
        /// Solve win/loss/draw only (checks the sign of the score).
        #[arg(long)]
        wld: bool,
    },
    /// Choose a move for a position at an AI level and print its score and the search figures.
    Best {
        /// The position: "<64 squares> X|O".
        #[arg(allow_hyphen_values = true)]
        position: String,
        /// AI level, 1 (beginner) to 10.
        #[arg(long, default_value_t = MAX_LEVEL, value_parser = clap::value_parser!(u8).range(1..=MAX_LEVEL as i64))]
        level: u8,
        /// Print one JSON line.
        #[arg(long)]
        json: bool,
        /// Ignore the level's time cap (search to its full depth).
        #[arg(long)]
        no_time_limit: bool,
        /// Search as deep as this many milliseconds allow instead of the level's depth (a benchmark).
        #[arg(long, conflicts_with = "no_time_limit", value_parser = clap::value_parser!(u32).range(1..=600_000))]
        move_time_ms: Option<u32>,
        /// Search without probcut (to compare).
        #[arg(long)]
        no_probcut: bool,
    },
    /// Replay a transcript and print every position reached: discs, counts, side to move, legal moves.
    Replay {
        /// The moves, e.g. f5d6c3 (passes implicit).
        transcript: String,
        /// Start position as "<64 squares> X|O"; default: the standard start.
        #[arg(long, allow_hyphen_values = true)]
        position: Option<String>,
        /// One JSON object per position.
        #[arg(long)]
        json: bool,
    },
    /// For developers: build the opening book from WTHOR games played before 2015 (the built-in
    /// `src/engine/book.bin`).
    BookBuild {
        /// WTHOR .wtb files (years before 2015 only).
        #[arg(required = true)]
        files: Vec<std::path::PathBuf>,
        /// Positions reached by at least this many games.
        #[arg(long, default_value_t = 40, value_parser = clap::value_parser!(u32).range(1..))]
        min_games: u32,
        /// Read this many moves of each game.
        #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=60))]
        max_plies: u32,
        /// Search depth of the values.
        #[arg(long, default_value_t = 12, value_parser = clap::value_parser!(u32).range(2..=20))]
        depth: u32,
        /// Output file (replaced).
        #[arg(long)]
        out: std::path::PathBuf,
    },
    /// What strong players played after a transcript, from the opening explorer's file, with the opening's name.
    Explore {
        /// The moves so far, e.g. f5d6 (empty: the start position).
        #[arg(default_value = "")]
        transcript: String,
        /// The explorer file written by `explorer-build`.
        #[arg(long, default_value = "assets/explorer.bin")]
        file: std::path::PathBuf,
        /// One JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Review a whole game: each position's value (from black's side), the best move, and the discs each move
    /// played lost against it, marked ?! ? ?? (the page's review and evaluation graph use the same code).
    Review {
        /// The moves, e.g. f5d6c3 (passes implicit).
        transcript: String,
        /// Start position as "<64 squares> X|O"; default: the standard start.
        #[arg(long, allow_hyphen_values = true)]
        position: Option<String>,
        /// Mid-game depth in plies (exact scores from depth + 6 empties, at most 18).
        #[arg(long, default_value_t = crate::engine::review::DEFAULT_REVIEW_DEPTH, value_parser = clap::value_parser!(u32).range(1..=14))]
        depth: u32,
        /// One JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Speak the NBoard protocol on stdin/stdout (for the NBoard GUI and engine scripts).
    Nboard,
    /// Run a local match server for bots (the protocol `reversi bot` speaks).
    Arena {
        /// Address to listen on.
        #[arg(long, default_value = "127.0.0.1:8081")]
        listen: String,
        /// The web game, for the replay links of /page/show.
        #[arg(long, default_value = "http://127.0.0.1:8080/")]
        web_url: String,
    },
    /// Play on a WebSocket match server: answer every ACTION within the time budget, reconnect when dropped.
    Bot {
        /// The server's WebSocket address.
        #[arg(long, default_value = "ws://127.0.0.1:8081/ws")]
        url: String,
        /// The bot's name on the server.
        #[arg(long)]
        name: String,
        /// AI level, 1 to 10.
        #[arg(long, default_value_t = MAX_LEVEL, value_parser = clap::value_parser!(u8).range(1..=MAX_LEVEL as i64))]
        level: u8,
        /// Time per move in milliseconds (the server allows 3000; leave margin for the network).
        #[arg(long, default_value_t = 2500)]
        move_time_ms: u64,
        /// Read board[y][x] and answer (x, y) the other way round.
        #[arg(long)]
        swap_xy: bool,
    },
    /// Play one level against another from balanced openings, each opening with both colours.
    Match {
        /// The first engine's level.
        #[arg(long, value_parser = clap::value_parser!(u8).range(1..=MAX_LEVEL as i64))]
        level: u8,
        /// The second engine's level.
        #[arg(long, value_parser = clap::value_parser!(u8).range(1..=MAX_LEVEL as i64))]
        vs_level: u8,
        /// Number of games, 1 to 100000 (rounded up to an even number: each opening is played twice).
        #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=100_000))]
        games: u32,
        /// Openings, one transcript per line (default: distinct 4-move openings).
        #[arg(long)]
        openings: Option<std::path::PathBuf>,
        /// The second engine uses the classic evaluation instead of the patterns (to compare them).
        #[arg(long)]
        vs_classic: bool,
        /// The second engine uses these pattern weights instead of the built-in ones (to compare them).
        #[arg(long, conflicts_with = "vs_classic")]
        vs_weights: Option<std::path::PathBuf>,
        /// Also measure each side's average loss per move (discs against the best move), every move valued
        /// by a search of this depth (1 to 12).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=12))]
        loss_depth: Option<u32>,
        /// Both engines search as deep as this many milliseconds per move allow (instead of their levels'
        /// depths and time caps; the levels' endgame solves stay).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=60_000))]
        move_time_ms: Option<u32>,
        /// The second engine searches without probcut (to measure what it gains).
        #[arg(long)]
        vs_no_probcut: bool,
        /// The second engine's mid-game depth instead of its level's (to stand in for an older table).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=60))]
        vs_depth: Option<u32>,
        /// The second engine's time cap per move in milliseconds instead of its level's.
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=60_000))]
        vs_cap_ms: Option<u32>,
    },
    /// For developers: play varied games and write labelled positions for `reversi train`.
    GenData {
        /// Games to play.
        #[arg(long, default_value_t = 1000)]
        games: usize,
        /// Random seed (different seeds give different games).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Search depth of the non-random moves.
        #[arg(long, default_value_t = 4)]
        depth: u32,
        /// Positions with this many empties or fewer are solved exactly.
        #[arg(long, default_value_t = 18)]
        exact: u32,
        /// Output file (appended to).
        #[arg(long)]
        out: std::path::PathBuf,
    },
    /// For developers: measure the error of the solver's shallow searches against exact scores (probcut margins).
    ProbcutStats {
        /// Games to take positions from.
        #[arg(long, default_value_t = 50)]
        games: usize,
        /// Random seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Fewest empties of the positions measured.
        #[arg(long, default_value_t = 10)]
        min_empties: u32,
        /// Most empties of the positions measured.
        #[arg(long, default_value_t = 22)]
        max_empties: u32,
        /// Deepest shallow search measured.
        #[arg(long, default_value_t = 6)]
        max_depth: u32,
    },
    /// For developers: fit the pattern evaluation's weights to files written by `reversi gen-data`.
    Train {
        /// Sample files.
        #[arg(required = true)]
        files: Vec<std::path::PathBuf>,
        /// The weights file to write (the built-in one is src/engine/eval-weights.bin).
        #[arg(long)]
        out: std::path::PathBuf,
        /// Passes over the samples.
        #[arg(long, default_value_t = 12)]
        epochs: usize,
        /// Start from these weights (fine-tuning) and keep their phases that are not trained.
        #[arg(long)]
        base: Option<std::path::PathBuf>,
        /// The phases to train, e.g. 4-11 (phase k covers 5k+1 to 5k+5 empties; default: all).
        #[arg(long)]
        phases: Option<String>,
        /// The first epoch's step size (it shrinks over the epochs).
        #[arg(long, default_value_t = 0.01)]
        rate: f32,
        /// Huber loss: errors count at most this many discs in the gradient (64: squared error).
        #[arg(long, default_value_t = 64.0)]
        huber: f32,
    },
    /// Measure the evaluation on WTHOR games: for each number of empties, the mean absolute error of a search
    /// against the games' perfect-play scores (at 24 empties).
    EvalTest {
        /// WTHOR .wtb files (the test set: games from 2015 on).
        #[arg(required = true)]
        files: Vec<std::path::PathBuf>,
        /// Numbers of empties to measure at, comma-separated.
        #[arg(long, default_value = "24,36")]
        empties: String,
        /// Search depth in plies (1: the evaluation of each move).
        #[arg(long, default_value_t = 1)]
        depth: u32,
        /// Weights file to measure instead of the built-in weights.
        #[arg(long)]
        weights: Option<std::path::PathBuf>,
    },
    /// For developers: the error of the mid-game search's shallow probcut searches against deeper ones, on
    /// positions of WTHOR games (before 2015).
    MpcStats {
        /// WTHOR .wtb files.
        #[arg(required = true)]
        files: Vec<std::path::PathBuf>,
        /// Games to take positions from.
        #[arg(long, default_value_t = 100)]
        games: usize,
        /// Take every this-many-th position of a game.
        #[arg(long, default_value_t = 4)]
        step: usize,
        /// Deepest search measured (3 to 14).
        #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(3..=14))]
        max_depth: u32,
    },
    /// For developers: write the positions of WTHOR games (before 2015) labelled with their game's
    /// perfect-play score, in `reversi train`'s format.
    WthorData {
        /// WTHOR .wtb files (years before 2015 only).
        #[arg(required = true)]
        files: Vec<std::path::PathBuf>,
        /// Keep positions with at least this many empties.
        #[arg(long, default_value_t = 24)]
        min_empties: u32,
        /// Output file (appended to).
        #[arg(long)]
        out: std::path::PathBuf,
    },
    /// Build the opening explorer's file from WTHOR games: every move played at least `--min-games` times,
    /// positions merged under the 8 symmetries (the page's `assets/explorer.bin`).
    ExplorerBuild {
        /// WTHOR .wtb files.
        #[arg(required = true)]
        files: Vec<std::path::PathBuf>,
        /// Keep a move played in at least this many games.
        #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..))]
        min_games: u32,
        /// Read this many moves of each game.
        #[arg(long, default_value_t = 40, value_parser = clap::value_parser!(u32).range(1..=60))]
        max_plies: u32,
        /// Output file (replaced).
        #[arg(long)]
        out: std::path::PathBuf,
    },
}

/// The exit status of a command that ends with `result`: success, or its error on stderr and status 2.
fn finish<E: std::fmt::Display>(command: &str, result: Result<(), E>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("reversi {command}: {error}");
            ExitCode::from(2)
        }
    }
}

/// Deepest perft the command accepts.
pub const MAX_PERFT_DEPTH: u32 = 20;

/// The ends of the output pipe closing early (`reversi replay … | head -1`) ends the command quietly, as for
/// any Unix tool, instead of a panic on the failed write. The servers (`arena`, `bot`) keep Rust's default,
/// so that a closed socket is an error they handle.
fn quiet_on_closed_pipe() {
    #[cfg(unix)]
    {
        extern "C" {
            fn signal(signum: i32, handler: usize) -> usize;
        }
        const SIGPIPE: i32 = 13;
        const SIG_DFL: usize = 0;
        // SAFETY: `signal` from the C library with a valid signal number and the default disposition; no
        // handler code runs in this process.
        unsafe {
            signal(SIGPIPE, SIG_DFL);
        }
    }
}

/// Runs the command line with the process arguments.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    if !matches!(cli.command, Command::Arena { .. } | Command::Bot { .. }) {
        quiet_on_closed_pipe();
    }
    match cli.command {
        Command::Perft {
            depth,
            position,
            json,
            divide,
        } => run_perft(depth, position.as_deref(), json, divide),
        Command::Solve {
            file,
            json,
            from,
            count,
            hash_mb,
            max_empties,
            wld,
        } => run_solve(
            &file,
            json,
            from,
            count,
            (hash_mb as usize, max_empties),
            wld,
        ),
        Command::Best {
            position,
            level,
            json,
            no_time_limit,
            move_time_ms,
            no_probcut,
        } => {
            let level = Level::get(level).expect("level range checked by the parser");
            let mut limits = level.limits(native_clock(), 0);
            if no_time_limit {
                limits.deadline = None;
            }
            if let Some(ms) = move_time_ms {
                limits.depth = 60;
                limits.deadline = Some(native_clock() + ms as f64);
            }
            limits.probcut = !no_probcut;
            run_best(&position, &limits, json)
        }
        Command::Replay {
            transcript,
            position,
            json,
        } => run_replay(&transcript, position.as_deref(), json),
        Command::BookBuild {
            files,
            min_games,
            max_plies,
            depth,
            out,
        } => finish(
            "book-build",
            crate::wthor_tools::book_build(&files, min_games, max_plies as usize, depth, &out),
        ),
        Command::Explore {
            transcript,
            file,
            json,
        } => finish(
            "explore",
            crate::wthor_tools::explore(&transcript, &file, json, &mut std::io::stdout()),
        ),
        Command::Review {
            transcript,
            position,
            depth,
            json,
        } => {
            let start = position
                .as_deref()
                .map_or(Ok(Position::START), str::parse::<Position>)
                .map_err(|e| format!("bad --position: {e}"));
            let result = start.map_err(|e| e.into()).and_then(|start| {
                crate::review_tool::review(&transcript, start, depth, json, &mut std::io::stdout())
            });
            finish("review", result)
        }
        Command::Nboard => run_nboard(),
        Command::Arena { listen, web_url } => match std::net::TcpListener::bind(&listen) {
            Ok(listener) => {
                eprintln!(
                    "[arena] listening on http://{listen} (bots: ws://{listen}/ws?name=NAME)"
                );
                crate::arena::Arena::new(&web_url).serve(listener);
                ExitCode::SUCCESS
            }
            Err(error) => {
                eprintln!("reversi arena: cannot listen on {listen}: {error}");
                ExitCode::from(2)
            }
        },
        Command::Bot {
            url,
            name,
            level,
            move_time_ms,
            swap_xy,
        } => {
            let config = crate::bot::BotConfig {
                url,
                name,
                level,
                move_time_ms: move_time_ms.min(10_000),
                swap_xy,
            };
            crate::bot::run(
                config,
                std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false)),
            );
            ExitCode::SUCCESS
        }
        Command::GenData {
            games,
            seed,
            depth,
            exact,
            out,
        } => {
            let file = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(&out);
            let result = file.and_then(|file| {
                crate::train::generate(
                    games,
                    seed,
                    depth,
                    exact,
                    &mut std::io::BufWriter::new(file),
                )
            });
            match result {
                Ok(()) => ExitCode::SUCCESS,
                Err(error) => {
                    eprintln!("reversi gen-data: {}: {error}", out.display());
                    ExitCode::from(2)
                }
            }
        }
        Command::ProbcutStats {
            games,
            seed,
            min_empties,
            max_empties,
            max_depth,
        } => {
            let result = crate::train::probcut_stats(
                games,
                seed,
                min_empties..=max_empties,
                max_depth,
                &mut std::io::stdout(),
            );
            finish("probcut-stats", result)
        }
        Command::Train {
            files,
            out,
            epochs,
            base,
            phases,
            rate,
            huber,
        } => {
            let options = crate::train::TrainOptions {
                epochs,
                base,
                phases,
                rate,
                huber,
            };
            finish("train", crate::train::train(&files, &out, &options))
        }
        Command::EvalTest {
            files,
            empties,
            depth,
            weights,
        } => {
            let parsed: Result<Vec<u32>, _> = empties
                .split(',')
                .map(|e| e.trim().parse::<u32>())
                .collect();
            let Ok(empties) = parsed else {
                eprintln!("reversi eval-test: --empties {empties:?}: expected numbers separated by commas, e.g. 24,36");
                return ExitCode::from(2);
            };
            let result = crate::wthor_tools::eval_test(
                &files,
                &empties,
                depth,
                weights.as_deref(),
                &mut std::io::stdout(),
            );
            finish("eval-test", result)
        }
        Command::MpcStats {
            files,
            games,
            step,
            max_depth,
        } => finish(
            "mpc-stats",
            crate::wthor_tools::mpc_stats(&files, games, step, max_depth, &mut std::io::stdout()),
        ),
        Command::WthorData {
            files,
            min_empties,
            out,
        } => {
            let result = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(&out)
                .map_err(|e| Box::new(e) as Box<dyn std::error::Error>)
                .and_then(|file| {
                    let mut writer = std::io::BufWriter::new(file);
                    let n = crate::wthor_tools::wthor_data(&files, min_empties, &mut writer)?;
                    writer.flush()?;
                    Ok(n)
                });
            let result = result.map(|n| eprintln!("{n} positions appended to {}", out.display()));
            finish("wthor-data", result)
        }
        Command::ExplorerBuild {
            files,
            min_games,
            max_plies,
            out,
        } => finish(
            "explorer-build",
            crate::wthor_tools::explorer_build(&files, min_games, max_plies as usize, &out),
        ),
        Command::Match {
            level,
            vs_level,
            games,
            openings,
            vs_classic,
            vs_weights,
            loss_depth,
            move_time_ms,
            vs_no_probcut,
            vs_depth,
            vs_cap_ms,
        } => {
            let second = if vs_classic {
                Searcher::with_eval(32, Box::new(crate::engine::ClassicEval))
            } else if let Some(path) = vs_weights {
                match crate::wthor_tools::read_weights(&path) {
                    Ok(weights) => Searcher::with_eval(32, Box::new(weights)),
                    Err(error) => {
                        eprintln!("reversi match: {error}");
                        return ExitCode::from(2);
                    }
                }
            } else {
                Searcher::new(32)
            };
            let options = MatchOptions {
                loss_depth,
                move_time_ms,
                vs_no_probcut,
                vs_depth,
                vs_cap_ms,
            };
            run_match(
                (level, vs_level),
                games as usize,
                openings.as_deref(),
                second,
                &options,
            )
        }
    }
}

fn run_replay(transcript: &str, position: Option<&str>, json: bool) -> ExitCode {
    let start = match position.map(str::parse::<Position>) {
        None => Position::START,
        Some(Ok(position)) => position,
        Some(Err(error)) => {
            eprintln!("reversi replay: bad --position: {error}");
            return ExitCode::from(2);
        }
    };
    let game = match Game::from_position_and_transcript(start, transcript) {
        Ok(game) => game,
        Err(error) => {
            eprintln!("reversi replay: {error}");
            return ExitCode::from(2);
        }
    };
    // Every position a player sees: the start and the one after each placement (forced passes applied).
    let mut shown = Game::from_position(start);
    let print = |game: &Game, last: Option<crate::engine::Square>| {
        let position = game.position();
        let counts = game.counts();
        let legal: Vec<String> = game.legal_moves().iter().map(|s| s.to_string()).collect();
        let passed = game.last_move() == Some(Move::Pass);
        let to_move = if game.is_over() {
            "none"
        } else if position.to_move == crate::engine::Color::Black {
            "black"
        } else {
            "white"
        };
        if json {
            let legal: Vec<String> = legal.iter().map(|s| format!("\"{s}\"")).collect();
            println!(
                "{{\"moves\":{},\"last\":{},\"board\":\"{}\",\"black\":{},\"white\":{},\"to_move\":\"{to_move}\",\"passed\":{passed},\"legal\":[{}],\"over\":{}}}",
                game.move_count(),
                last.map_or("null".to_string(), |s| format!("\"{s}\"")),
                &position.to_string()[..64],
                counts.black,
                counts.white,
                legal.join(","),
                game.is_over()
            );
        } else {
            println!(
                "{:>2} {:<4} {} black {:>2} white {:>2} to move {to_move}{} legal {}",
                game.move_count(),
                last.map_or("-".to_string(), |s| s.to_string()),
                &position.to_string()[..64],
                counts.black,
                counts.white,
                if passed { " (after a pass)" } else { "" },
                legal.join(" ")
            );
        }
    };
    print(&shown, None);
    for ply in game.plies() {
        if let Move::Place(square) = ply.mv {
            shown.play(square).expect("replaying a checked game");
            print(&shown, Some(square));
        }
    }
    ExitCode::SUCCESS
}

fn run_nboard() -> ExitCode {
    use std::io::{BufRead, Write};
    let mut session = crate::nboard::NboardSession::new();
    let stdin = std::io::stdin();
    let mut stdout = std::io::stdout().lock();
    // Lines as bytes: one that is not UTF-8 must not end the session.
    for line in stdin.lock().split(b'\n') {
        let Ok(mut line) = line else { break };
        if line.last() == Some(&b'\r') {
            line.pop();
        }
        for out in session.handle_bytes(&line) {
            if writeln!(stdout, "{out}")
                .and_then(|_| stdout.flush())
                .is_err()
            {
                return ExitCode::SUCCESS;
            }
        }
    }
    ExitCode::SUCCESS
}

fn kind_text(kind: ScoreKind) -> String {
    match kind {
        ScoreKind::Midgame { depth } => format!("depth {depth}"),
        ScoreKind::Exact => "exact".to_string(),
        ScoreKind::WinLossDraw => "win/loss/draw".to_string(),
        ScoreKind::Book => "book".to_string(),
    }
}

fn run_best(position: &str, limits: &crate::engine::SearchLimits, json: bool) -> ExitCode {
    let position: Position = match position.parse() {
        Ok(position) => position,
        Err(error) => {
            eprintln!("reversi best: bad position: {error}");
            return ExitCode::from(2);
        }
    };
    let mut searcher = Searcher::new(64);
    let info = searcher.search(&position.board, limits, native_clock, None, &mut |info| {
        if !json {
            eprintln!(
                "  {:<14} {:>+7.2} {:>12} nodes  pv {}",
                kind_text(info.kind),
                info.score as f64 / DISC as f64,
                info.nodes,
                info.pv.iter().map(|s| s.to_string()).collect::<String>()
            );
        }
    });
    print_best(&info, json);
    ExitCode::SUCCESS
}

fn print_best(info: &SearchInfo, json: bool) {
    let seconds = info.millis / 1000.0;
    let nps = (info.nodes as f64 / seconds.max(1e-9)) as u64;
    let pv: String = info.pv.iter().map(|s| s.to_string()).collect();
    if json {
        let (kind, depth) = match info.kind {
            ScoreKind::Midgame { depth } => ("midgame", depth),
            ScoreKind::Exact => ("exact", 0),
            ScoreKind::WinLossDraw => ("wld", 0),
            ScoreKind::Book => ("book", 0),
        };
        println!(
            "{{\"move\":\"{}\",\"score\":{:.2},\"kind\":\"{kind}\",\"depth\":{depth},\"nodes\":{},\"seconds\":{seconds:.6},\"nps\":{nps},\"pv\":\"{pv}\"}}",
            info.best,
            info.score as f64 / DISC as f64,
            info.nodes
        );
    } else {
        println!(
            "best {} score {:+.2} ({}) nodes {} in {seconds:.3} s ({:.2} M nodes/s) pv {pv}",
            info.best,
            info.score as f64 / DISC as f64,
            kind_text(info.kind),
            info.nodes,
            nps as f64 / 1e6
        );
    }
}

/// Distinct positions after 4 moves (one per symmetry class), in a fixed order.
fn default_openings() -> Vec<Game> {
    let mut seen = std::collections::HashSet::new();
    let mut openings = Vec::new();
    let mut stack = vec![Game::new()];
    while let Some(game) = stack.pop() {
        if game.move_count() == 4 {
            let board = game.position().board;
            let canonical = Symmetry::ALL
                .iter()
                .map(|&s| {
                    let b = board.transform(s);
                    (b.player().0, b.opponent().0)
                })
                .min()
                .expect("eight symmetries");
            if seen.insert(canonical) {
                openings.push(game);
            }
            continue;
        }
        for square in game
            .legal_moves()
            .iter()
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
        {
            let mut next = game.clone();
            next.play(square).expect("legal");
            stack.push(next);
        }
    }
    openings
}

/// How `reversi match` plays and what it measures beyond the results.
struct MatchOptions {
    loss_depth: Option<u32>,
    move_time_ms: Option<u32>,
    vs_no_probcut: bool,
    vs_depth: Option<u32>,
    vs_cap_ms: Option<u32>,
}

fn run_match(
    (level_a, level_b): (u8, u8),
    games: usize,
    openings: Option<&std::path::Path>,
    second: Searcher,
    options: &MatchOptions,
) -> ExitCode {
    let loss_depth = options.loss_depth;
    // (sum of losses in discs, moves) for each side, when measured.
    let mut losses_by_side = [(0f64, 0u64); 2];
    let mut analyst = Searcher::new(32);
    let openings = match openings {
        None => default_openings(),
        Some(path) => {
            let text = match std::fs::read_to_string(path) {
                Ok(text) => text,
                Err(error) => {
                    eprintln!("reversi match: cannot read {}: {error}", path.display());
                    return ExitCode::from(2);
                }
            };
            let mut list = Vec::new();
            for (n, line) in text
                .lines()
                .enumerate()
                .filter(|(_, l)| !l.trim().is_empty())
            {
                match Game::from_transcript(line) {
                    Ok(game) => list.push(game),
                    Err(error) => {
                        eprintln!("reversi match: {}:{}: {error}", path.display(), n + 1);
                        return ExitCode::from(2);
                    }
                }
            }
            list
        }
    };
    if openings.is_empty() {
        eprintln!("reversi match: no openings");
        return ExitCode::from(2);
    }
    let a = Level::get(level_a).expect("checked");
    let b = Level::get(level_b).expect("checked");
    let pairs = games.div_ceil(2);
    let (mut wins, mut draws, mut losses, mut total_diff) = (0, 0, 0, 0i64);
    let mut searchers = [Searcher::new(32), second];
    for round in 0..pairs {
        let opening = &openings[round % openings.len()];
        for a_is_black in [true, false] {
            let mut game = opening.clone();
            searchers.iter_mut().for_each(Searcher::clear);
            let mut seed = round as u64 * 2 + a_is_black as u64;
            while !game.is_over() {
                let black_to_move = game.to_move() == crate::engine::Color::Black;
                let (level, searcher) = if black_to_move == a_is_black {
                    (a, &mut searchers[0])
                } else {
                    (b, &mut searchers[1])
                };
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
                let mut limits = level.limits(native_clock(), seed);
                if let Some(ms) = options.move_time_ms {
                    limits.depth = 60;
                    limits.deadline = Some(native_clock() + ms as f64);
                }
                if black_to_move != a_is_black {
                    if options.vs_no_probcut {
                        limits.probcut = false;
                    }
                    if let Some(depth) = options.vs_depth {
                        limits.depth = depth;
                    }
                    if let Some(ms) = options.vs_cap_ms {
                        limits.deadline = Some(native_clock() + ms as f64);
                    }
                }
                let board = game.position().board;
                let info = searcher.search(&board, &limits, native_clock, None, &mut |_| {});
                if let (Some(depth), Move::Place(square)) = (loss_depth, info.best) {
                    let values = analyst.analyse(&board, depth);
                    let chosen = values.iter().find(|(s, _)| *s == square).map_or(0, |v| v.1);
                    let side = &mut losses_by_side[usize::from(black_to_move != a_is_black)];
                    side.0 += (values[0].1 - chosen) as f64 / DISC as f64;
                    side.1 += 1;
                }
                match info.best {
                    Move::Place(square) => game.play(square).expect("the engine plays legal moves"),
                    Move::Pass => unreachable!("the game record applies passes"),
                }
            }
            let outcome = game.outcome().expect("game over");
            let diff = if a_is_black {
                outcome.difference()
            } else {
                -outcome.difference()
            };
            total_diff += diff as i64;
            match diff.signum() {
                1 => wins += 1,
                0 => draws += 1,
                _ => losses += 1,
            }
            println!(
                "game {:>3}: level {level_a} as {} {:+3}  {}",
                round * 2 + (!a_is_black) as usize + 1,
                if a_is_black { "black" } else { "white" },
                diff,
                game.transcript()
            );
        }
    }
    let played = wins + draws + losses;
    println!(
        "level {level_a} vs level {level_b}: {wins} wins, {draws} draws, {losses} losses in {played} games; average disc difference {:+.2}",
        total_diff as f64 / played as f64
    );
    if let Some(depth) = loss_depth {
        for (level, (sum, moves)) in [level_a, level_b].iter().zip(losses_by_side) {
            println!(
                "level {level}: average loss {:.2} discs per move over {moves} moves (depth-{depth} values)",
                sum / moves.max(1) as f64
            );
        }
    }
    ExitCode::SUCCESS
}

fn run_solve(
    file: &std::path::Path,
    json: bool,
    from: usize,
    count: Option<usize>,
    (hash_mb, max_empties): (usize, u32),
    wld: bool,
) -> ExitCode {
    let text = match std::fs::read_to_string(file) {
        Ok(text) => text,
        Err(error) => {
            eprintln!("reversi solve: cannot read {}: {error}", file.display());
            return ExitCode::from(2);
        }
    };
    let mut tt = TranspositionTable::new(hash_mb);
    let (mut positions, mut correct, mut total_nodes, mut total_seconds) = (0, 0, 0u64, 0.0);
    let lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .skip(from.saturating_sub(1))
        .take(count.unwrap_or(usize::MAX));
    for (index, line) in lines {
        let number = index + 1;
        let entry = match parse_obf_line(line) {
            Ok(entry) => entry,
            Err(error) => {
                eprintln!("reversi solve: {}:{number}: {error}", file.display());
                return ExitCode::from(2);
            }
        };
        let empties = entry.position.board.empty_count();
        if empties > max_empties {
            eprintln!(
                "reversi solve: {}:{number}: {empties} empty squares, more than --max-empties {max_empties} (an exact solve takes hours from about 34)",
                file.display()
            );
            return ExitCode::from(2);
        }
        tt.clear();
        let mut control = Control::unlimited();
        let started = Instant::now();
        let mut solver = Solver::new(&mut tt, &mut control);
        let (score, best) = if wld {
            solver.solve_window(&entry.position.board, -1, 1)
        } else {
            solver.solve(&entry.position.board)
        };
        let seconds = started.elapsed().as_secs_f64();
        let nodes = control.nodes;
        let nps = (nodes as f64 / seconds.max(1e-9)) as u64;
        let expected = entry.score().map(|e| if wld { e.signum() } else { e });
        let score = if wld { score.signum() } else { score };
        let ok = expected.is_none_or(|e| e == score);
        positions += 1;
        correct += ok as usize;
        total_nodes += nodes;
        total_seconds += seconds;
        let best = best.map_or("pass".to_string(), |s| s.to_string());
        if json {
            let expected = expected.map_or("null".to_string(), |e| e.to_string());
            println!(
                "{{\"line\":{number},\"empties\":{empties},\"best\":\"{best}\",\"score\":{score},\"expected\":{expected},\"correct\":{ok},\"nodes\":{nodes},\"seconds\":{seconds:.6},\"nps\":{nps}}}"
            );
        } else {
            let expected = expected.map_or("?".to_string(), |e| format!("{e:+}"));
            println!(
                "line {number:>3} ({empties} empties): best {best} score {score:+} (expected {expected}) {} {nodes:>13} nodes {seconds:>8.3} s {:>7.2} M nodes/s",
                if ok { "ok   " } else { "WRONG" },
                nps as f64 / 1e6
            );
        }
    }
    if json {
        println!(
            "{{\"positions\":{positions},\"correct\":{correct},\"seconds\":{total_seconds:.6},\"nodes\":{total_nodes}}}"
        );
    } else {
        println!(
            "{correct}/{positions} correct, {total_nodes} nodes in {total_seconds:.3} s ({:.2} M nodes/s)",
            total_nodes as f64 / total_seconds.max(1e-9) / 1e6
        );
    }
    if correct == positions {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
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
