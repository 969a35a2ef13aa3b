//! The developer commands: training data and weights for the evaluation, the probcut statistics, the WTHOR
//! training data, the opening book and the explorer's file. Kept apart from the commands players use; the same
//! binary runs them (`reversi train …`), flattened into its command list.

use crate::ToolError;
use std::io::Write;
use std::process::ExitCode;

use clap::Subcommand;

use super::finish;

/// The developer commands.
#[derive(Subcommand)]
pub enum DevCommand {
    /// For developers: build the opening book from WTHOR games played before 2015 (the built-in
    /// `crates/engine/src/book.bin`).
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
    /// For developers: write, for each sample of `reversi train`'s files within the empties given, the child a
    /// 1-ply search plays there, labelled with the sample's label from the child's side.
    ChildData {
        /// Sample files (`reversi gen-data`'s or `reversi wthor-data`'s).
        #[arg(required = true)]
        files: Vec<std::path::PathBuf>,
        /// Keep samples with at least this many empties.
        #[arg(long, default_value_t = 1)]
        min_empties: u32,
        /// Keep samples with at most this many empties.
        #[arg(long, default_value_t = 60)]
        max_empties: u32,
        /// Choose with these weights instead of the built-in ones.
        #[arg(long)]
        selection_weights: Option<std::path::PathBuf>,
        /// Output file (appended to).
        #[arg(long)]
        out: std::path::PathBuf,
    },
    /// For developers: fit the pattern evaluation's weights to files written by `reversi gen-data`.
    Train {
        /// Sample files.
        #[arg(required = true)]
        files: Vec<std::path::PathBuf>,
        /// The weights file to write (the built-in one is crates/engine/src/eval-weights.bin).
        #[arg(long)]
        out: std::path::PathBuf,
        /// How the fit runs.
        #[command(flatten)]
        options: crate::train::TrainOptions,
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
    /// For developers: write every distinct position (under the 8 symmetries) that moves from the start
    /// reach with these empties, each labelled by a search, in `reversi train`'s format.
    OpeningData {
        /// Keep positions with at least this many empties (50 or more).
        #[arg(long)]
        min_empties: u32,
        /// Keep positions with at most this many empties.
        #[arg(long, default_value_t = 60)]
        max_empties: u32,
        /// The labelling search's depth.
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=10))]
        search_depth: u32,
        /// Search with these weights instead of the built-in ones.
        #[arg(long)]
        search_weights: Option<std::path::PathBuf>,
        /// Output file (appended to).
        #[arg(long)]
        out: std::path::PathBuf,
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
        /// Keep positions with at most this many empties.
        #[arg(long, default_value_t = 60)]
        max_empties: u32,
        /// Bootstrapping: label each position with a mix of its game's score and the value of a search of
        /// this depth with the built-in weights (0: the game's score alone).
        #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=10))]
        search_depth: u32,
        /// With `--search-depth`: the game score's share of the label, 0 to 1 (the search has the rest).
        #[arg(long, default_value_t = 0.5)]
        game_share: f64,
        /// Each distinct position (under the board's 8 symmetries) once, labelled as its first game gives
        /// it (with `--search-depth` and `--game-share 0`, each is labelled by the search alone).
        #[arg(long)]
        distinct: bool,
        /// Write instead of each position its every child (where the side to move has a move), labelled
        /// with the position's label from the child's side or, with `--search-depth`, by their own search.
        #[arg(long, conflicts_with = "selected_child")]
        children: bool,
        /// Write instead of each position the child a 1-ply search with the built-in weights plays there,
        /// labelled with the position's label from the child's side (training on these counters the
        /// search's optimism about the moves it picks).
        #[arg(long)]
        selected_child: bool,
        /// With `--search-depth`: search with these weights instead of the built-in ones.
        #[arg(long, requires = "search_depth")]
        search_weights: Option<std::path::PathBuf>,
        /// With `--selected-child`: choose with these weights instead of the built-in ones.
        #[arg(long, requires = "selected_child")]
        selection_weights: Option<std::path::PathBuf>,
        /// Output file (appended to).
        #[arg(long)]
        out: std::path::PathBuf,
    },
    /// Build the training room's endgame puzzles from WTHOR games (the page's `assets/puzzles.bin`): positions
    /// with 8 to 24 empties where exactly one move is best by the exact solver, graded into five levels.
    PuzzlesBuild {
        /// WTHOR .wtb files.
        #[arg(required = true)]
        files: Vec<std::path::PathBuf>,
        /// At least this many puzzles.
        #[arg(long, default_value_t = 3000, value_parser = clap::value_parser!(u32).range(1..=100_000))]
        count: u32,
        /// Output file (replaced).
        #[arg(long)]
        out: std::path::PathBuf,
    },
    /// Solve every puzzle of a puzzle file again with fresh tables and compare every move's score.
    PuzzlesCheck {
        /// The puzzle file.
        file: std::path::PathBuf,
        /// Check every n-th puzzle only.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
        step: u32,
    },
    /// Build the XOT openings the page offers: positions after 8 moves valued near even by search (the
    /// engine's `crates/engine/src/xot.txt`).
    XotBuild {
        /// Plies of the deep search that decides.
        #[arg(long, default_value_t = 14, value_parser = clap::value_parser!(u32).range(1..=30))]
        depth: u32,
        /// Plies of the first, shallow search.
        #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u32).range(1..=30))]
        shallow: u32,
        /// Keep for the deep search the positions within this many discs of even at the shallow depth.
        #[arg(long, default_value_t = 3.0)]
        shallow_within: f64,
        /// Keep the positions within this many discs of even at the deep depth.
        #[arg(long, default_value_t = 1.0)]
        within: f64,
        /// Output file (replaced).
        #[arg(long)]
        out: std::path::PathBuf,
    },
    /// Build the expert games file from WTHOR games and names (every year; the page's `assets/games.bin`).
    GamesBuild {
        /// WTHOR .wtb files.
        #[arg(required = true)]
        files: Vec<std::path::PathBuf>,
        /// The player names (WTHOR.JOU).
        #[arg(long)]
        players: std::path::PathBuf,
        /// The tournament names (WTHOR.TRN).
        #[arg(long)]
        tournaments: std::path::PathBuf,
        /// Output file (replaced).
        #[arg(long)]
        out: std::path::PathBuf,
    },
    /// Check an expert games file against the WTHOR files: every game once, with its year, names, scores
    /// and moves.
    GamesCheck {
        /// The games file.
        file: std::path::PathBuf,
        /// WTHOR .wtb files.
        #[arg(required = true)]
        files: Vec<std::path::PathBuf>,
        /// The player names (WTHOR.JOU).
        #[arg(long)]
        players: std::path::PathBuf,
        /// The tournament names (WTHOR.TRN).
        #[arg(long)]
        tournaments: std::path::PathBuf,
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

/// Runs one developer command.
pub fn run(command: DevCommand) -> ExitCode {
    match command {
        DevCommand::BookBuild {
            files,
            min_games,
            max_plies,
            depth,
            out,
        } => finish(
            "book-build",
            crate::wthor_tools::book_build(&files, min_games, max_plies as usize, depth, &out),
        ),
        DevCommand::GenData {
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
        DevCommand::ProbcutStats {
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
        DevCommand::ChildData {
            files,
            min_empties,
            max_empties,
            selection_weights,
            out,
        } => {
            let result = read_weights(selection_weights.as_deref()).and_then(|loaded| {
                let weights = loaded
                    .as_ref()
                    .unwrap_or_else(|| reversi_engine::PatternWeights::builtin());
                append_samples(&out, |writer| {
                    crate::train::child_data(&files, min_empties..=max_empties, weights, writer)
                })
            });
            finish("child-data", result)
        }
        DevCommand::Train {
            files,
            out,
            options,
        } => finish("train", crate::train::train(&files, &out, &options)),
        DevCommand::MpcStats {
            files,
            games,
            step,
            max_depth,
        } => finish(
            "mpc-stats",
            crate::wthor_tools::mpc_stats(&files, games, step, max_depth, &mut std::io::stdout()),
        ),
        DevCommand::WthorData {
            files,
            min_empties,
            max_empties,
            search_depth,
            game_share,
            distinct,
            children,
            selected_child,
            selection_weights,
            search_weights,
            out,
        } => {
            let loaded = read_weights(selection_weights.as_deref())
                .and_then(|selection| Ok((selection, read_weights(search_weights.as_deref())?)));
            let result = loaded.and_then(|(loaded, search_weights)| {
                // The built-in weights unless others are given (borrowed, not copied).
                let selection = selected_child.then(|| {
                    loaded
                        .as_ref()
                        .unwrap_or_else(|| reversi_engine::PatternWeights::builtin())
                });
                let relabel = crate::train::Relabel {
                    depth: search_depth,
                    game_share,
                    weights: search_weights.as_ref(),
                };
                append_samples(&out, |writer| {
                    crate::train::wthor_data(
                        &files,
                        min_empties..=max_empties,
                        relabel,
                        distinct,
                        children,
                        selection,
                        writer,
                    )
                })
            });
            finish("wthor-data", result)
        }
        DevCommand::OpeningData {
            min_empties,
            max_empties,
            search_depth,
            search_weights,
            out,
        } => {
            let result = read_weights(search_weights.as_deref()).and_then(|weights| {
                let relabel = crate::train::Relabel {
                    depth: search_depth,
                    game_share: 0.0,
                    weights: weights.as_ref(),
                };
                append_samples(&out, |writer| {
                    crate::train::opening_data(min_empties..=max_empties, relabel, writer)
                })
            });
            finish("opening-data", result)
        }
        DevCommand::PuzzlesBuild { files, count, out } => finish(
            "puzzles-build",
            crate::wthor_tools::puzzles_build(&files, count as usize, &out),
        ),
        DevCommand::PuzzlesCheck { file, step } => finish(
            "puzzles-check",
            crate::wthor_tools::puzzles_check(&file, step as usize),
        ),
        DevCommand::XotBuild {
            depth,
            shallow,
            shallow_within,
            within,
            out,
        } => finish(
            "xot-build",
            crate::xot::xot_build(depth, shallow, shallow_within, within, &out),
        ),
        DevCommand::GamesBuild {
            files,
            players,
            tournaments,
            out,
        } => finish(
            "games-build",
            crate::wthor_tools::games_build(&files, &players, &tournaments, &out),
        ),
        DevCommand::GamesCheck {
            file,
            files,
            players,
            tournaments,
        } => finish(
            "games-check",
            crate::wthor_tools::games_check(&file, &files, &players, &tournaments),
        ),
        DevCommand::ExplorerBuild {
            files,
            min_games,
            max_plies,
            out,
        } => finish(
            "explorer-build",
            crate::wthor_tools::explorer_build(&files, min_games, max_plies as usize, &out),
        ),
    }
}

/// The weights file at `path`, if one is given.
fn read_weights(
    path: Option<&std::path::Path>,
) -> Result<Option<reversi_engine::PatternWeights>, ToolError> {
    path.map(crate::wthor_tools::read_weights).transpose()
}

/// Runs `write` on a buffered writer appending to `out` (created if missing), then says how many samples it
/// appended.
fn append_samples(
    out: &std::path::Path,
    write: impl FnOnce(&mut dyn Write) -> Result<usize, ToolError>,
) -> Result<(), ToolError> {
    let in_file = |error| ToolError::Io(out.to_path_buf(), error);
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(out)
        .map_err(in_file)?;
    let mut writer = std::io::BufWriter::new(file);
    // The samples are written to the file, not to the command's output.
    let n = write(&mut writer).map_err(|e| match e {
        ToolError::Output(error) => in_file(error),
        other => other,
    })?;
    writer.flush().map_err(in_file)?;
    eprintln!("{n} positions appended to {}", out.display());
    Ok(())
}
