//! The commands that play: `best` (a level's move), `replay` (every position of a transcript) and `match`
//! (engine against engine from varied openings).

use std::process::ExitCode;

use std::sync::Arc;

use serde::Serialize;

use super::common::{position_or_start, print_json};
use crate::ToolError;

use reversi_engine::{
    native_clock, Game, Level, Move, ScoreKind, SearchInfo, Searcher, StdThreads, Symmetry, DISC,
};

/// One position of `reversi replay --json`.
#[derive(Serialize)]
struct ReplayLine {
    /// Placements made so far.
    moves: usize,
    /// The placement that led here.
    last: Option<String>,
    /// The 64 squares.
    board: String,
    black: u8,
    white: u8,
    /// `black`, `white`, or `none` when the game is over.
    to_move: &'static str,
    /// The side to move had to pass just before.
    passed: bool,
    legal: Vec<String>,
    over: bool,
}

pub(super) fn run_replay(
    transcript: &str,
    position: Option<&str>,
    json: bool,
) -> Result<ExitCode, ToolError> {
    let start = position_or_start(position, "--position")?;
    let game = Game::from_position_and_transcript(start, transcript)?;
    // Every position a player sees: the start and the one after each placement (forced passes applied).
    let mut shown = Game::from_position(start);
    let print = |game: &Game, last: Option<reversi_engine::Square>| {
        let position = game.position();
        let counts = game.counts();
        let legal: Vec<String> = game.legal_moves().iter().map(|s| s.to_string()).collect();
        let passed = game.last_move() == Some(Move::Pass);
        let to_move = if game.is_over() {
            "none"
        } else if position.to_move == reversi_engine::Color::Black {
            "black"
        } else {
            "white"
        };
        let board = position.to_string()[..64].to_string();
        if json {
            print_json(&ReplayLine {
                moves: game.move_count(),
                last: last.map(|s| s.to_string()),
                board,
                black: counts.black,
                white: counts.white,
                to_move,
                passed,
                legal,
                over: game.is_over(),
            });
        } else {
            println!(
                "{:>2} {:<4} {board} black {:>2} white {:>2} to move {to_move}{} legal {}",
                game.move_count(),
                last.map_or("-".to_string(), |s| s.to_string()),
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
    Ok(ExitCode::SUCCESS)
}

fn kind_text(kind: ScoreKind) -> String {
    match kind {
        ScoreKind::Midgame { depth } => format!("depth {depth}"),
        ScoreKind::Exact => "exact".to_string(),
        ScoreKind::WinLossDraw => "win/loss/draw".to_string(),
        ScoreKind::Book => "book".to_string(),
    }
}

pub(super) fn run_best(
    position: &str,
    limits: &reversi_engine::SearchLimits,
    json: bool,
    (threads, hash_mb): (usize, usize),
) -> Result<ExitCode, ToolError> {
    let position = position_or_start(Some(position), "position")?;
    // Every thread shares the searcher's tables (one thread: the serial search).
    let mut searcher = Searcher::new(hash_mb).with_threads(threads, Arc::new(StdThreads));
    let progress = &mut |info: &SearchInfo| {
        if !json {
            eprintln!(
                "  {:<14} {:>+7.2} {:>12} nodes  pv {}",
                kind_text(info.kind),
                info.score as f64 / DISC as f64,
                info.nodes,
                reversi_engine::transcript_of(info.pv.iter().copied())
            );
        }
    };
    let info = searcher.search(&position.board, limits, native_clock, None, progress);
    print_best(&info, json);
    Ok(ExitCode::SUCCESS)
}

/// The answer of `reversi best --json`.
#[derive(Serialize)]
struct BestLine {
    #[serde(rename = "move")]
    best: String,
    /// Discs, for the side to move.
    score: f64,
    /// `midgame`, `exact`, `wld` or `book`.
    kind: &'static str,
    /// The mid-game depth (0 for the others).
    depth: u32,
    nodes: u64,
    seconds: f64,
    nps: u64,
    pv: String,
}

fn print_best(info: &SearchInfo, json: bool) {
    let seconds = info.millis / 1000.0;
    let nps = (info.nodes as f64 / seconds.max(1e-9)) as u64;
    let pv = reversi_engine::transcript_of(info.pv.iter().copied());
    if json {
        let (kind, depth) = match info.kind {
            ScoreKind::Midgame { depth } => ("midgame", depth),
            ScoreKind::Exact => ("exact", 0),
            ScoreKind::WinLossDraw => ("wld", 0),
            ScoreKind::Book => ("book", 0),
        };
        print_json(&BestLine {
            best: info.best.to_string(),
            score: info.score as f64 / DISC as f64,
            kind,
            depth,
            nodes: info.nodes,
            seconds,
            nps,
            pv,
        });
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
#[derive(Clone, Debug, clap::Args)]
pub(super) struct MatchOptions {
    /// Also measure each side's average loss per move (discs against the best move), every move valued
    /// by a search of this depth (1 to 12).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=12))]
    pub(super) loss_depth: Option<u32>,
    /// Both engines search as deep as this many milliseconds per move allow (instead of their levels'
    /// depths and time caps; the levels' endgame solves stay).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=60_000))]
    pub(super) move_time_ms: Option<u32>,
    /// The second engine searches without probcut (to measure what it gains).
    #[arg(long)]
    pub(super) vs_no_probcut: bool,
    /// The second engine plays without the opening book (to stand in for an older engine).
    #[arg(long)]
    pub(super) vs_no_book: bool,
    /// The second engine's mid-game depth instead of its level's (to stand in for an older table).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=60))]
    pub(super) vs_depth: Option<u32>,
    /// The first engine's mid-game depth instead of its level's (with `--vs-depth`: both at a fixed depth).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=60))]
    pub(super) depth: Option<u32>,
    /// The second engine plays from this opening book (a file of `reversi book-build`) instead of the
    /// built-in one (to compare books, or to stand in for an older engine).
    #[arg(long)]
    pub(super) vs_book: Option<std::path::PathBuf>,
    /// The second engine's time cap per move in milliseconds instead of its level's.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=60_000))]
    pub(super) vs_cap_ms: Option<u32>,
    /// The levels' times (targets and caps) multiplied by this: natively a search runs about twice as fast
    /// as in the browser's worker, so a match that stands for the page plays with 0.5.
    #[arg(long, default_value_t = 1.0, value_parser = parse_time_scale)]
    pub(super) time_scale: f64,
    /// The second engine's time scale instead of `--time-scale` (to measure what more time is worth: the
    /// most a faster search, on more threads say, can gain).
    #[arg(long, value_parser = parse_time_scale)]
    pub(super) vs_time_scale: Option<f64>,
    /// The first engine errs as a person does (`N/K`: loses at most N discs a move, about one move in K; see
    /// the page's "The AI's mistakes").
    #[arg(long, value_parser = parse_mistakes)]
    pub(super) mistakes: Option<reversi_engine::mistakes::Mistakes>,
    /// The first engine searches on this many threads (1 to 64; see `reversi best --threads`).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub(super) threads: u32,
}

fn parse_mistakes(text: &str) -> Result<reversi_engine::mistakes::Mistakes, String> {
    let bad = || {
        format!(
            "{text:?} is not N/K (at most N discs lost a move, 1 to 64; one move in K, 1 to 100)"
        )
    };
    let (n, k) = text.split_once('/').ok_or_else(bad)?;
    let max_loss: u32 = n.trim().parse().map_err(|_| bad())?;
    let one_in: u32 = k.trim().parse().map_err(|_| bad())?;
    if !(1..=64).contains(&max_loss) || !(1..=100).contains(&one_in) {
        return Err(bad());
    }
    Ok(reversi_engine::mistakes::Mistakes { max_loss, one_in })
}

fn parse_time_scale(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(scale) if (0.01..=100.0).contains(&scale) => Ok(scale),
        _ => Err(format!("{text:?} is not a time scale from 0.01 to 100")),
    }
}

/// What a match pits against what, and how many games from which openings.
pub(super) struct Pairing<'a> {
    /// The first engine's level.
    pub(super) level: u8,
    /// The second engine's level.
    pub(super) vs_level: u8,
    /// Games to play.
    pub(super) games: usize,
    /// A file of opening lines (`None`: the built-in ones).
    pub(super) openings: Option<&'a std::path::Path>,
}

pub(super) fn run_match(
    pairing: &Pairing,
    second: Searcher,
    options: &MatchOptions,
) -> Result<ExitCode, ToolError> {
    let (level_a, level_b, games, openings) = (
        pairing.level,
        pairing.vs_level,
        pairing.games,
        pairing.openings,
    );
    let loss_depth = options.loss_depth;
    // (sum of losses in discs, moves) for each side, when measured.
    let mut losses_by_side = [(0f64, 0u64); 2];
    // (milliseconds in all, searched moves, the longest move) for each side; book moves are not counted.
    let mut time_by_side = [(0f64, 0u64, 0f64); 2];
    let mut analyst = Searcher::new(32);
    // The first engine's mistakes on purpose: how many, and the discs they lost (judged as they were made).
    let (mut slips, mut slip_loss) = (0u64, 0f64);
    let openings = match openings {
        None => default_openings(),
        Some(path) => {
            let text =
                std::fs::read_to_string(path).map_err(|e| ToolError::Io(path.to_path_buf(), e))?;
            let mut list = Vec::new();
            for (n, line) in text
                .lines()
                .enumerate()
                .filter(|(_, l)| !l.trim().is_empty())
            {
                let game = Game::from_transcript(line)
                    .map_err(|e| ToolError::Line(path.to_path_buf(), n + 1, e.to_string()))?;
                list.push(game);
            }
            list
        }
    };
    if openings.is_empty() {
        return Err(ToolError::Empty("openings"));
    }
    let a = Level::get(level_a).expect("checked");
    let b = Level::get(level_b).expect("checked");
    let pairs = games.div_ceil(2);
    let (mut wins, mut draws, mut losses, mut total_diff) = (0, 0, 0, 0i64);
    // The first engine (its threads sharing its tables), then the second.
    let threads = options.threads.max(1) as usize;
    let mut searchers = [
        Searcher::new(32).with_threads(threads, Arc::new(StdThreads)),
        second,
    ];
    for round in 0..pairs {
        let opening = &openings[round % openings.len()];
        for a_is_black in [true, false] {
            let mut game = opening.clone();
            searchers.iter().for_each(Searcher::clear);
            let mut seed = round as u64 * 2 + a_is_black as u64;
            let played = game.play_out(|game| {
                let black_to_move = game.to_move() == reversi_engine::Color::Black;
                let (level, side) = if black_to_move == a_is_black {
                    (a, &mut searchers[0])
                } else {
                    (b, &mut searchers[1])
                };
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
                let time_scale = if black_to_move == a_is_black {
                    options.time_scale
                } else {
                    options.vs_time_scale.unwrap_or(options.time_scale)
                };
                let mut limits = level.limits_scaled(native_clock(), seed, time_scale);
                if let Some(ms) = options.move_time_ms {
                    limits.depth = 60;
                    limits.deadline = Some(native_clock() + ms as f64);
                    limits.target = None;
                }
                let fixed_depth = if black_to_move == a_is_black {
                    options.depth
                } else {
                    options.vs_depth
                };
                if let Some(depth) = fixed_depth {
                    // A fixed depth, as the levels searched before some deepened by time.
                    limits.depth = depth;
                    limits.solve_depth = None;
                    limits.target = None;
                }
                if black_to_move != a_is_black {
                    if options.vs_no_book {
                        limits.book_loss = None;
                    }
                    if options.vs_no_probcut {
                        limits.probcut = false;
                    }
                    if let Some(ms) = options.vs_cap_ms {
                        limits.deadline = Some(native_clock() + ms as f64);
                    }
                }
                let board = game.position().board;
                let info = side.search(&board, &limits, native_clock, None, &mut |_| {});
                if info.kind != reversi_engine::ScoreKind::Book {
                    let side = &mut time_by_side[usize::from(black_to_move != a_is_black)];
                    side.0 += info.millis;
                    side.1 += 1;
                    side.2 = side.2.max(info.millis);
                }
                let Move::Place(mut square) = info.best else {
                    unreachable!("the game record applies passes")
                };
                if let Some(mistakes) = options
                    .mistakes
                    .filter(|m| black_to_move == a_is_black && m.errs(seed))
                {
                    if let Some((slip, loss)) = mistakes.slip(&mut analyst, &board) {
                        square = slip;
                        slips += 1;
                        slip_loss += loss as f64 / DISC as f64;
                    }
                }
                if let Some(depth) = loss_depth {
                    let values = analyst.analyse(&board, depth);
                    let chosen = values.iter().find(|(s, _)| *s == square).map_or(0, |v| v.1);
                    let side = &mut losses_by_side[usize::from(black_to_move != a_is_black)];
                    side.0 += (values[0].1 - chosen) as f64 / DISC as f64;
                    side.1 += 1;
                }
                Ok::<_, std::convert::Infallible>(square)
            });
            if let Err((_, never)) = played {
                match never {}
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
    for (level, (millis, moves, longest)) in [level_a, level_b].iter().zip(time_by_side) {
        println!(
            "level {level}: {:.0} ms a searched move on average, {longest:.0} ms at most, over {moves} moves",
            millis / moves.max(1) as f64
        );
    }
    if let Some(m) = options.mistakes {
        println!(
            "level {level_a}'s mistakes ({}/{}): {slips} made, {:.2} discs each on average (depth-{} values)",
            m.max_loss,
            m.one_in,
            slip_loss / slips.max(1) as f64,
            reversi_engine::mistakes::JUDGE_DEPTH
        );
    }
    if let Some(depth) = loss_depth {
        for (level, (sum, moves)) in [level_a, level_b].iter().zip(losses_by_side) {
            println!(
                "level {level}: average loss {:.2} discs per move over {moves} moves (depth-{depth} values)",
                sum / moves.max(1) as f64
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}
