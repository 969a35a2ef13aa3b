//! The native command line (`reversi`). This file holds the command list and its dispatch; the commands
//! that play (`best`, `replay`, `match`) are in `play.rs`, the benchmarks (`solve`, `perft`) in `solve.rs`,
//! and the developer commands (training, data, the book and the explorer's file) in `dev.rs`; the servers
//! and protocols live in their own modules (`bot`, `nboard`; the server is its own crate). Native only.
//!
//! One concept, kept in one file: the command list with each command's arguments and help, and the
//! one dispatch over it.

use crate::DataError;
use crate::ToolError;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod common;
mod dev;
mod play;
mod review;
mod solve;

use play::{run_best, run_match, run_replay, MatchOptions};
use solve::{run_perft, run_solve};

use reversi_engine::{available_threads, native_clock, Level, Searcher, MAX_HASH_MB, MAX_LEVEL};

#[derive(Parser)]
#[command(
    name = "reversi",
    version,
    about = "Othello/Reversi engine: best moves, game review, endgame solving, perft, matches and the NBoard and match-server protocols"
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
    /// Solve each position of an .obf file exactly (on every core unless --threads says otherwise) and check
    /// the file's scores.
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
        /// Solve on this many threads (1 to 64; default: every core), all sharing one table of --hash-mb.
        /// With 1, the serial solver.
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
        threads: Option<u32>,
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
        /// Search this many mid-game plies, without the level's time (a benchmark; the level's endgame
        /// solves stay).
        #[arg(long, conflicts_with_all = ["no_time_limit", "move_time_ms"], value_parser = clap::value_parser!(u32).range(1..=60))]
        depth: Option<u32>,
        /// Search on this many threads (1 to 64; default: every core), all sharing one table of --hash-mb:
        /// each runs the whole search, and puts off the moves another is searching (see the engine's `smp.rs`).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
        threads: Option<u32>,
        /// Transposition table size in MB (1 to 16384; the page's workers hold 32 at most).
        #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u32).range(1..=MAX_HASH_MB as i64))]
        hash_mb: u32,
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
    /// The expert games that reached the position after a transcript (under any symmetry), newest first,
    /// each in that position's frame.
    Games {
        /// The moves so far, e.g. f5d6 (empty: the start position).
        #[arg(default_value = "")]
        transcript: String,
        /// Only games with a player whose name holds this (any case).
        #[arg(long, default_value = "")]
        player: String,
        /// Print at most this many games.
        #[arg(long, default_value_t = 20)]
        limit: usize,
        /// The games file written by `games-build`.
        #[arg(long, default_value = "assets/games.bin")]
        file: std::path::PathBuf,
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
        #[arg(long, default_value_t = reversi_engine::review::DEFAULT_REVIEW_DEPTH, value_parser = clap::value_parser!(u32).range(1..=14))]
        depth: u32,
        /// One JSON object.
        #[arg(long)]
        json: bool,
        /// Search each position on this many threads (1 to 64; default: every core), sharing one table.
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
        threads: Option<u32>,
    },
    /// Speak the NBoard protocol on stdin/stdout (for the NBoard GUI and engine scripts).
    Nboard,
    /// Serve the page, people's games, the bots' socket and tournaments on one port, every move kept in SQLite.
    Serve {
        /// Address to listen on (port 0: any free port, printed).
        #[arg(long, default_value = "127.0.0.1:8080")]
        listen: String,
        /// The SQLite file (default: $XDG_DATA_HOME/reversi/reversi.db or ~/.local/share/reversi/reversi.db).
        #[arg(long)]
        db: Option<std::path::PathBuf>,
        /// The built page to serve at / (Trunk's dist folder).
        #[arg(long)]
        dist: Option<std::path::PathBuf>,
        /// Most open sockets one address may hold.
        #[arg(long, default_value_t = reversi_server::DEFAULT_PER_ADDRESS)]
        max_connections_per_address: usize,
    },
    /// Load benchmark of `reversi serve`: N games of simulated people over loopback WebSockets, one move a
    /// second each; the move's round trip, the server's CPU and memory, the moves written a second, then
    /// kill -9 and a count of the acknowledged moves missing from the database.
    BenchServer {
        /// Games at once.
        #[arg(long, default_value_t = 1000)]
        games: usize,
        /// Seconds of play measured (after every game has started).
        #[arg(long, default_value_t = 30)]
        seconds: u64,
        /// Seconds between a game's moves.
        #[arg(long, default_value_t = 1.0)]
        interval: f64,
        /// Instead: quick pairing with this many players (accounts signed up, ratings spread as a club's),
        /// every one seeking at once; the time from a seek to its pairing, and the pairs' rating gaps.
        #[arg(long)]
        pairing: Option<usize>,
    },
    /// Play on a WebSocket match server: answer every ACTION within the time budget, reconnect when dropped.
    Bot {
        /// The server's WebSocket address.
        #[arg(long, default_value = "ws://127.0.0.1:8080/ws")]
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
        /// A registered bot's token (`POST /api/bots/registered` gives it), sent in a header; also read from
        /// the environment variable REVERSI_BOT_TOKEN, which keeps it out of the process list.
        #[arg(long, env = "REVERSI_BOT_TOKEN", hide_env_values = true)]
        token: Option<String>,
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
        /// How the match is measured and how the second engine is handicapped.
        #[command(flatten)]
        options: MatchOptions,
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
    /// How the evaluation drifts with the depth: per number of empties, the mean value from black's side at
    /// each depth of iterative deepening and the mean change from one depth to the next (a parity bias shows
    /// as a swing between odd and even depths).
    EvalDrift {
        /// WTHOR .wtb files.
        #[arg(required = true)]
        files: Vec<std::path::PathBuf>,
        /// Numbers of empties to measure at, comma-separated.
        #[arg(long, default_value = "44,48,52,56")]
        empties: String,
        /// Positions per number of empties, spread evenly over the games.
        #[arg(long, default_value_t = 150)]
        positions: usize,
        /// Each distinct position (under the board's 8 symmetries) once, so that the most common openings
        /// do not outweigh the rest.
        #[arg(long)]
        distinct: bool,
        /// The deepest iteration (the drift is shown from depth 1 to this one).
        #[arg(long, default_value_t = 13)]
        max_depth: u32,
        /// Also list each distinct position measured (under the 8 symmetries), with how many of the
        /// measured positions it stands for and its value from black's side at every depth.
        #[arg(long)]
        each: bool,
        /// Weights file to measure instead of the built-in weights.
        #[arg(long)]
        weights: Option<std::path::PathBuf>,
    },
    #[command(flatten)]
    Dev(dev::DevCommand),
}

/// `--empties`: numbers separated by commas (an error printed for `command` when it is not).
fn parse_empties(command: &str, text: &str) -> Option<Vec<u32>> {
    let parsed: Result<Vec<u32>, _> = text.split(',').map(|e| e.trim().parse::<u32>()).collect();
    if parsed.is_err() {
        eprintln!("reversi {command}: --empties {text:?}: expected numbers separated by commas, e.g. 24,36");
    }
    parsed.ok()
}

/// The exit status of a command that ends with `result`: success, or its error on stderr and status 2.
pub(crate) fn finish<E: std::fmt::Display>(command: &str, result: Result<(), E>) -> ExitCode {
    report(command, result.map(|()| ExitCode::SUCCESS))
}

/// A command's exit status, or its error printed as `reversi COMMAND: …` with status 2.
fn report<E: std::fmt::Display>(command: &str, result: Result<ExitCode, E>) -> ExitCode {
    match result {
        Ok(code) => code,
        Err(error) => {
            eprintln!("reversi {command}: {error}");
            ExitCode::from(2)
        }
    }
}

/// Deepest perft the command accepts.
pub const MAX_PERFT_DEPTH: u32 = 20;

/// Runs the command line with the process arguments.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    if !matches!(
        cli.command,
        Command::Serve { .. } | Command::BenchServer { .. } | Command::Bot { .. }
    ) {
        common::quiet_on_closed_pipe();
    }
    match cli.command {
        Command::Perft {
            depth,
            position,
            json,
            divide,
        } => report("perft", run_perft(depth, position.as_deref(), json, divide)),
        Command::Solve {
            file,
            json,
            from,
            count,
            hash_mb,
            max_empties,
            wld,
            threads,
        } => report(
            "solve",
            run_solve(
                &file,
                json,
                from,
                count,
                (hash_mb as usize, max_empties),
                (wld, threads.map_or_else(available_threads, |t| t as usize)),
            ),
        ),
        Command::Best {
            position,
            level,
            json,
            no_time_limit,
            move_time_ms,
            no_probcut,
            depth,
            threads,
            hash_mb,
        } => {
            let level = Level::get(level).expect("level range checked by the parser");
            let mut limits = level.limits(native_clock(), 0);
            if no_time_limit {
                // A level that deepens by time searches its fixed depth instead.
                limits.deadline = None;
                if limits.target.take().is_some() {
                    limits.depth = level.depth;
                }
            }
            if let Some(ms) = move_time_ms {
                limits.depth = 60;
                limits.deadline = Some(native_clock() + ms as f64);
                limits.target = None;
            }
            if let Some(depth) = depth {
                limits = limits.to_depth(depth);
            }
            limits.probcut = !no_probcut;
            let threads = threads.map_or_else(available_threads, |t| t as usize);
            report(
                "best",
                run_best(&position, &limits, json, (threads, hash_mb as usize)),
            )
        }
        Command::Replay {
            transcript,
            position,
            json,
        } => report("replay", run_replay(&transcript, position.as_deref(), json)),
        Command::Explore {
            transcript,
            file,
            json,
        } => finish(
            "explore",
            crate::wthor_tools::explore(&transcript, &file, json, &mut std::io::stdout()),
        ),
        Command::Games {
            transcript,
            player,
            limit,
            file,
        } => finish(
            "games",
            crate::wthor_tools::list_games(
                &transcript,
                &player,
                limit,
                &file,
                &mut std::io::stdout(),
            ),
        ),
        Command::Review {
            transcript,
            position,
            depth,
            json,
            threads,
        } => {
            let threads = threads.map_or_else(available_threads, |t| t as usize);
            let start = common::position_or_start(position.as_deref(), "--position");
            let result = start.and_then(|start| {
                review::review(
                    &transcript,
                    start,
                    (depth, threads),
                    json,
                    &mut std::io::stdout(),
                )
            });
            finish("review", result)
        }
        Command::Nboard => crate::nboard::run(),
        Command::Serve {
            listen,
            db,
            dist,
            max_connections_per_address,
        } => {
            let config = reversi_server::Config {
                listen,
                db: db.unwrap_or_else(reversi_server::default_db),
                dist,
                per_address: max_connections_per_address.max(1),
            };
            match reversi_server::run(config) {
                Ok(()) => ExitCode::SUCCESS,
                Err(error) => {
                    eprintln!("reversi serve: {error}");
                    ExitCode::from(2)
                }
            }
        }
        Command::BenchServer {
            games,
            seconds,
            interval,
            pairing,
        } => {
            let result = match pairing {
                Some(players) => crate::bench_pairing::run(players.max(2)),
                None => crate::bench_server::run(crate::bench_server::Options {
                    games: games.max(1),
                    seconds,
                    interval_s: interval.max(0.05),
                }),
            };
            report(
                "bench-server",
                result.map(|report| {
                    println!("{report}");
                    ExitCode::SUCCESS
                }),
            )
        }
        Command::Bot {
            url,
            name,
            level,
            move_time_ms,
            swap_xy,
            token,
        } => {
            let config = crate::bot::BotConfig {
                url,
                name,
                level,
                move_time_ms: move_time_ms.min(10_000),
                swap_xy,
                token: token.filter(|t| !t.is_empty()),
            };
            crate::bot::run(
                config,
                std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false)),
            );
            ExitCode::SUCCESS
        }
        Command::EvalTest {
            files,
            empties,
            depth,
            weights,
        } => {
            let Some(empties) = parse_empties("eval-test", &empties) else {
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
        Command::EvalDrift {
            files,
            empties,
            positions,
            distinct,
            max_depth,
            each,
            weights,
        } => {
            let Some(empties) = parse_empties("eval-drift", &empties) else {
                return ExitCode::from(2);
            };
            let drift = crate::wthor_tools::Drift {
                empties: &empties,
                positions,
                distinct,
                max_depth,
                each,
            };
            let result = crate::wthor_tools::eval_drift(
                &files,
                &drift,
                weights.as_deref(),
                &mut std::io::stdout(),
            );
            finish("eval-drift", result)
        }
        Command::Dev(command) => dev::run(command),
        Command::Match {
            level,
            vs_level,
            games,
            openings,
            vs_classic,
            vs_weights,
            options,
        } => {
            let second = if vs_classic {
                Ok(Searcher::with_eval(
                    32,
                    Box::new(reversi_engine::ClassicEval),
                ))
            } else if let Some(path) = vs_weights {
                crate::wthor_tools::read_weights(&path)
                    .map(|weights| Searcher::with_eval(32, Box::new(weights)))
            } else {
                Ok(Searcher::new(32))
            };
            let second = second.and_then(|second| match &options.vs_book {
                None => Ok(second),
                Some(path) => std::fs::read(path)
                    .map_err(|e| ToolError::Io(path.clone(), e))
                    .and_then(|bytes| {
                        reversi_engine::book::Book::read(&bytes)
                            .map_err(|e| ToolError::Data(path.clone(), DataError::Opening(e)))
                    })
                    .map(|book| second.with_book(book)),
            });
            let result = second.and_then(|second| {
                let pairing = play::Pairing {
                    level,
                    vs_level,
                    games: games as usize,
                    openings: openings.as_deref(),
                };
                run_match(&pairing, second, &options)
            });
            report("match", result)
        }
    }
}
