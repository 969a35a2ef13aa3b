//! Commands over the WTHOR database (native only): `reversi eval-test` measures the evaluation against the
//! games' perfect-play scores, `reversi wthor-data` turns the games into labelled positions for
//! `reversi train`, `reversi mpc-stats` measures the mid-game probcut's error; the opening tools (explorer,
//! book, `explore`) are in `book_and_explorer.rs`, the training room's puzzles in `puzzles.rs`.
//!
//! Games from [`FIRST_TEST_YEAR`] on are the test set: `wthor-data` refuses them, so the evaluation is never
//! trained on the games it is measured on.

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::train::Sample;
use reversi_engine::wthor::{self, WthorError, WthorGame};
use reversi_engine::{mpc_shallow_depth, native_clock, Color, SearchLimits, Searcher, DISC};
use reversi_engine::{Board, PatternWeights, Symmetry};

mod book_and_explorer;
mod puzzles;

pub use self::book_and_explorer::{book_build, explore, explorer_build};
pub use self::puzzles::{puzzles_build, puzzles_check};

/// The first year of the test set.
pub const FIRST_TEST_YEAR: u16 = 2015;

/// Deepest search `eval-test` accepts (a search per position; deeper ones take minutes per thousand games).
pub const MAX_EVAL_TEST_DEPTH: u32 = 20;

/// Why a WTHOR command failed.
#[derive(Debug)]
pub enum ToolError {
    /// A file could not be read.
    Io(PathBuf, std::io::Error),
    /// A file is not a valid `.wtb` file.
    Wthor(PathBuf, WthorError),
    /// A weights file was refused.
    Weights(PathBuf, String),
    /// A file of the test set given to a training command.
    TestSet(PathBuf, u16),
    /// A bad argument.
    Argument(String),
}

impl fmt::Display for ToolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ToolError::Io(path, error) => write!(f, "{}: {error}", path.display()),
            ToolError::Wthor(path, error) => write!(f, "{}: {error}", path.display()),
            ToolError::Weights(path, error) => write!(f, "{}: {error}", path.display()),
            ToolError::TestSet(path, year) => write!(
                f,
                "{}: games of {year} are in the test set (from {FIRST_TEST_YEAR} on); train on earlier years only",
                path.display()
            ),
            ToolError::Argument(text) => f.write_str(text),
        }
    }
}

impl std::error::Error for ToolError {}

/// The games of a `.wtb` file and the year the header gives.
pub fn read_file(path: &Path) -> Result<(u16, Vec<WthorGame>), ToolError> {
    let bytes = std::fs::read(path).map_err(|e| ToolError::Io(path.to_path_buf(), e))?;
    let file = wthor::parse(&bytes).map_err(|e| ToolError::Wthor(path.to_path_buf(), e))?;
    Ok((file.header.year, file.games))
}

/// Reads a weights file written by `reversi train`.
pub fn read_weights(path: &Path) -> Result<PatternWeights, ToolError> {
    let bytes = std::fs::read(path).map_err(|e| ToolError::Io(path.to_path_buf(), e))?;
    PatternWeights::from_bytes(&bytes).map_err(|e| ToolError::Weights(path.to_path_buf(), e.0))
}

/// A position of a game at a given number of empties, and the game's perfect-play score for its side to
/// move.
struct Probe {
    empties: u32,
    board: reversi_engine::Board,
    to_move: Color,
    score: i32,
}

/// The positions of `games` with one of `empties` empty squares where the side to move has a move, with
/// the game's theoretical score. Games that end before the theoretical position are skipped.
fn probes(games: &[WthorGame], empties: &[u32], theoretical_empties: u32) -> Vec<Probe> {
    let mut out = Vec::new();
    for game in games {
        let positions = game.positions();
        if !positions
            .iter()
            .any(|p| p.board.empty_count() == theoretical_empties)
        {
            continue;
        }
        for p in positions {
            let e = p.board.empty_count();
            if empties.contains(&e) && p.board.has_moves() {
                let black = game.theoretical_difference();
                out.push(Probe {
                    empties: e,
                    board: p.board,
                    to_move: p.to_move,
                    score: if p.to_move == Color::Black {
                        black
                    } else {
                        -black
                    },
                });
            }
        }
    }
    out
}

/// `reversi eval-test`: for each number of empties, the mean absolute error (discs) of a `depth`-ply search
/// against the games' perfect-play scores, over the positions of the files' games at that number of empties.
pub fn eval_test(
    paths: &[PathBuf],
    empties: &[u32],
    depth: u32,
    weights: Option<&Path>,
    out: &mut dyn Write,
) -> Result<(), Box<dyn std::error::Error>> {
    if depth == 0 || depth > MAX_EVAL_TEST_DEPTH {
        return Err(Box::new(ToolError::Argument(format!(
            "--depth {depth}: expected 1 to {MAX_EVAL_TEST_DEPTH}"
        ))));
    }
    if let Some(&e) = empties.iter().find(|&&e| !(1..=60).contains(&e)) {
        return Err(Box::new(ToolError::Argument(format!(
            "--empties {e}: expected 1 to 60"
        ))));
    }
    let mut all = Vec::new();
    let mut games = 0;
    for path in paths {
        let (_, file_games) = read_file(path)?;
        games += file_games.len();
        all.extend(probes(&file_games, empties, 24));
    }
    let weights = weights.map(read_weights).transpose()?;
    let started = native_clock();
    let limits = SearchLimits::midgame(depth);
    let errors = on_every_core(&all, weights.as_ref(), |searcher, probe| {
        searcher.clear();
        let info = searcher.search(&probe.board, &limits, native_clock, None, &mut |_| {});
        (probe.empties, info.score, probe.score)
    });
    writeln!(
        out,
        "{games} games, depth {depth}, {:.1} s",
        (native_clock() - started) / 1000.0
    )?;
    writeln!(
        out,
        "empties positions mean-abs-error rmse mean-error (discs)"
    )?;
    for &e in empties {
        let (n, abs, sq, signed) = errors.iter().filter(|(pe, _, _)| *pe == e).fold(
            (0usize, 0f64, 0f64, 0f64),
            |(n, abs, sq, signed), &(_, value, score)| {
                let error = value as f64 / DISC as f64 - score as f64;
                (n + 1, abs + error.abs(), sq + error * error, signed + error)
            },
        );
        if n == 0 {
            writeln!(out, "{e:>7} {n:>9} - - -")?;
        } else {
            writeln!(
                out,
                "{e:>7} {n:>9} {:>15.2} {:>5.2} {:>+10.2}",
                abs / n as f64,
                (sq / n as f64).sqrt(),
                signed / n as f64
            )?;
        }
    }
    Ok(())
}

/// Deepest search `eval-drift` accepts.
pub const MAX_DRIFT_DEPTH: u32 = 16;

/// What `reversi eval-drift` measures.
#[derive(Clone, Copy, Debug)]
pub struct Drift<'a> {
    /// The numbers of empties to measure at.
    pub empties: &'a [u32],
    /// Positions per number of empties, spread evenly over the games.
    pub positions: usize,
    /// Each distinct position (under the 8 symmetries) once.
    pub distinct: bool,
    /// The deepest iteration.
    pub max_depth: u32,
    /// Also list each distinct position measured, with how many of the measured positions it stands for
    /// and its value at every depth.
    pub each: bool,
}

/// `reversi eval-drift`: how the value of a position moves from one depth to the next. For each number of
/// empties, `positions` positions of the files' games (spread evenly over them) are searched by iterative
/// deepening as the levels search (probcut on) up to `max_depth`; printed are the mean value from black's
/// side at each depth and, per depth `d`, the signed mean of value(d + 1) − value(d). An evaluation without a
/// bias for the side to move drifts little between consecutive depths; one that favours (or slights) the side
/// to move at the leaves swings with the parity of the depth.
pub fn eval_drift(
    paths: &[PathBuf],
    drift: &Drift,
    weights: Option<&Path>,
    out: &mut dyn Write,
) -> Result<(), Box<dyn std::error::Error>> {
    let Drift {
        empties,
        positions,
        distinct,
        max_depth,
        each,
    } = *drift;
    if !(2..=MAX_DRIFT_DEPTH).contains(&max_depth) {
        return Err(Box::new(ToolError::Argument(format!(
            "--max-depth {max_depth}: expected 2 to {MAX_DRIFT_DEPTH}"
        ))));
    }
    if let Some(&e) = empties.iter().find(|&&e| !(20..=60).contains(&e)) {
        return Err(Box::new(ToolError::Argument(format!(
            "--empties {e}: expected 20 to 60 (a mid-game position)"
        ))));
    }
    if positions == 0 {
        return Err(Box::new(ToolError::Argument(
            "--positions 0: expected at least 1".into(),
        )));
    }
    let mut games = Vec::new();
    for path in paths {
        games.extend(read_file(path)?.1);
    }
    let mut chosen = Vec::new();
    for &e in empties {
        let mut all = probes(&games, &[e], 24);
        if distinct {
            let mut seen = HashSet::new();
            all.retain(|probe| seen.insert(canonical(probe)));
        }
        let step = (all.len() / positions).max(1);
        chosen.extend(all.into_iter().step_by(step).take(positions));
    }
    let weights = weights.map(read_weights).transpose()?;
    let started = native_clock();
    let limits = SearchLimits::midgame(max_depth);
    let values: Vec<(u32, Vec<f64>, f64)> =
        on_every_core(&chosen, weights.as_ref(), |searcher, probe| {
            searcher.clear();
            let black = if probe.to_move == Color::Black {
                1.0
            } else {
                -1.0
            };
            let eval = weights.as_ref().unwrap_or(PatternWeights::builtin());
            let (p, o) = (probe.board.player().0, probe.board.opponent().0);
            let mut by_depth = vec![black * eval.evaluate(p, o) as f64 / DISC as f64];
            searcher.search(&probe.board, &limits, native_clock, None, &mut |info| {
                if let reversi_engine::ScoreKind::Midgame { depth } = info.kind {
                    if depth as usize == by_depth.len() {
                        by_depth.push(black * info.score as f64 / DISC as f64);
                    }
                }
            });
            (probe.empties, by_depth, black * probe.score as f64)
        });
    writeln!(
        out,
        "{} games, {} positions, depths 1-{max_depth}, {:.1} s",
        games.len(),
        chosen.len(),
        (native_clock() - started) / 1000.0
    )?;
    // Depth 0 (the evaluation itself) to `max_depth`.
    let depths = max_depth as usize + 1;
    let tables = [
        ("mean value from black's side at depth d (games: their perfect-play score at 24 empties)", false),
        ("mean drift value(d+1) - value(d), black's side", true),
    ];
    for (title, drift) in tables {
        writeln!(out, "{title}")?;
        let (first, last) = if drift { (1, depths - 1) } else { (0, depths) };
        write!(out, "empties positions")?;
        if !drift {
            write!(out, "  games")?;
        }
        for d in first..last {
            write!(out, " {:>6}", format!("d{d}"))?;
        }
        writeln!(out)?;
        for &e in empties {
            let rows: Vec<(&Vec<f64>, f64)> = values
                .iter()
                .filter(|(pe, v, _)| *pe == e && v.len() == depths)
                .map(|(_, v, game)| (v, *game))
                .collect();
            write!(out, "{e:>7} {:>9}", rows.len())?;
            if !drift {
                let games = rows.iter().map(|r| r.1).sum::<f64>() / rows.len().max(1) as f64;
                write!(out, " {games:>+6.2}")?;
            }
            let rows: Vec<&Vec<f64>> = rows.iter().map(|r| r.0).collect();
            for d in first..last {
                let n = rows.len().max(1) as f64;
                let mean = rows
                    .iter()
                    .map(|v| if drift { v[d + 1] - v[d] } else { v[d] })
                    .sum::<f64>()
                    / n;
                write!(out, " {mean:>+6.2}")?;
            }
            writeln!(out)?;
        }
    }
    if each {
        write_each(&chosen, &values, out)?;
    }
    Ok(())
}

/// `eval-drift --each`: every distinct position of `chosen` (under the 8 symmetries, the first met shown),
/// the most frequent first within each number of empties, with its count and its values by depth.
fn write_each(
    chosen: &[Probe],
    values: &[(u32, Vec<f64>, f64)],
    out: &mut dyn Write,
) -> std::io::Result<()> {
    // (the first probe of the position, its count), and where each position's group is.
    let mut groups: Vec<(usize, usize)> = Vec::new();
    let mut group_of = HashMap::new();
    for (i, probe) in chosen.iter().enumerate() {
        let slot = *group_of.entry(canonical(probe)).or_insert_with(|| {
            groups.push((i, 0));
            groups.len() - 1
        });
        groups[slot].1 += 1;
    }
    groups.sort_by_key(|&(first, count)| (chosen[first].empties, std::cmp::Reverse(count), first));
    writeln!(
        out,
        "each position: empties, count, position (side to move), value from black's side at depth 0, 1, ..."
    )?;
    for (first, count) in groups {
        let probe = &chosen[first];
        let position = reversi_engine::Position {
            board: probe.board,
            to_move: probe.to_move,
        };
        write!(out, "{:>3} {count:>5} {position}", probe.empties)?;
        for v in &values[first].1 {
            write!(out, " {v:>+6.2}")?;
        }
        writeln!(out)?;
    }
    Ok(())
}

/// Each child of `probe`'s position where the side to move has a move, with the probe's label from its side.
fn every_child(probe: &Probe) -> Vec<Probe> {
    probe
        .board
        .moves()
        .iter()
        .map(|square| probe.board.play_unchecked(square))
        .filter(|child| child.has_moves())
        .map(|board| Probe {
            empties: probe.empties - 1,
            board,
            to_move: probe.to_move.opponent(),
            score: -probe.score,
        })
        .collect()
}

/// The same key for a position and its symmetric copies (the side to move included).
fn canonical(probe: &Probe) -> (u64, u64, bool) {
    let (p, o) = Symmetry::ALL
        .iter()
        .map(|&s| {
            let b = probe.board.transform(s);
            (b.player().0, b.opponent().0)
        })
        .min()
        .expect("eight symmetries");
    (p, o, probe.to_move == Color::Black)
}

/// `reversi wthor-data`: every position of the files' games with a number of empties in `empties` (and a
/// legal move), labelled for the side to move by `relabel` (by default its game's perfect-play score at 24
/// empties), appended to `out` in `reversi train`'s sample format. Refuses files of the test set.
///
/// With `children`, each position is replaced by its every child (with the position's label from the
/// child's side, or their own search's), and with `distinct` each position (under the board's symmetries) is
/// written once, the first time it is met. With `selected_child`, each position is replaced by the child that
/// a 1-ply search with those weights chooses there, with the position's label from the child's side (see
/// [`selected_child`]).
pub fn wthor_data(
    paths: &[PathBuf],
    empties: std::ops::RangeInclusive<u32>,
    relabel: Relabel,
    distinct: bool,
    children: bool,
    selected_child: Option<&PatternWeights>,
    out: &mut dyn Write,
) -> Result<usize, Box<dyn std::error::Error>> {
    if !(0.0..=1.0).contains(&relabel.game_share) {
        return Err(Box::new(ToolError::Argument(format!(
            "--game-share {}: expected 0 to 1",
            relabel.game_share
        ))));
    }
    let mut files = Vec::new();
    for path in paths {
        let (year, games) = read_file(path)?;
        if year >= FIRST_TEST_YEAR {
            return Err(Box::new(ToolError::TestSet(path.clone(), year)));
        }
        files.push(games);
    }
    let empties: Vec<u32> = ((*empties.start()).max(1)..=(*empties.end()).min(60)).collect();
    let mut written = 0;
    let mut seen = HashSet::new();
    for games in &files {
        let mut probes = probes(games, &empties, 24);
        if children {
            probes = probes.iter().flat_map(every_child).collect();
        }
        if distinct {
            probes.retain(|probe| seen.insert(canonical(probe)));
        }
        let labels = relabel.labels(&probes);
        for (probe, score) in probes.iter().zip(labels) {
            let (board, score) = match selected_child {
                None => (probe.board, score),
                Some(weights) => match self::selected_child(&probe.board, weights) {
                    Some(child) => (child, -score),
                    None => continue,
                },
            };
            let sample = Sample {
                player: board.player().0,
                opponent: board.opponent().0,
                score,
            };
            writeln!(out, "{}", sample.to_line())?;
            written += 1;
        }
    }
    Ok(written)
}

/// Fewest empties `opening-data` accepts: the distinct positions grow about sevenfold a ply (79,983 at 52 to
/// 55 empties, 433,979 at 51 alone).
pub const MIN_OPENING_DATA_EMPTIES: u32 = 50;

/// `reversi opening-data`: every distinct position (under the 8 symmetries) that moves from the start reach
/// with a number of empties in `empties` (and a legal move), each labelled by `relabel`'s search, appended to
/// `out` in `reversi train`'s sample format, fewest plies first. The expert games reach few of these (the
/// shallow searches of the levels reach them all), so the evaluation learns from the search what the games
/// cannot teach it.
pub fn opening_data(
    empties: std::ops::RangeInclusive<u32>,
    relabel: Relabel,
    out: &mut dyn Write,
) -> Result<usize, Box<dyn std::error::Error>> {
    let (fewest, most) = (*empties.start(), *empties.end());
    if !(MIN_OPENING_DATA_EMPTIES..=60).contains(&fewest) || most < fewest {
        return Err(Box::new(ToolError::Argument(format!(
            "--min-empties {fewest} --max-empties {most}: expected {MIN_OPENING_DATA_EMPTIES} <= min <= max"
        ))));
    }
    if relabel.depth == 0 {
        return Err(Box::new(ToolError::Argument(
            "--search-depth 0: the positions are labelled by a search of at least 1 ply".into(),
        )));
    }
    let relabel = Relabel {
        game_share: 0.0,
        ..relabel
    };
    let mut probes = Vec::new();
    let mut level = vec![Probe {
        empties: 60,
        board: Board::START,
        to_move: Color::Black,
        score: 0,
    }];
    while level.first().is_some_and(|p| p.empties >= fewest) {
        let mut seen = HashSet::new();
        let next: Vec<Probe> = level
            .iter()
            .flat_map(every_child)
            .filter(|child| seen.insert(canonical(child)))
            .collect();
        if level[0].empties <= most {
            probes.extend(level);
        }
        level = next;
    }
    let labels = relabel.labels(&probes);
    for (probe, score) in probes.iter().zip(labels) {
        let sample = Sample {
            player: probe.board.player().0,
            opponent: probe.board.opponent().0,
            score,
        };
        writeln!(out, "{}", sample.to_line())?;
    }
    Ok(probes.len())
}

/// The child a 1-ply search with `weights` plays from `board`: the move whose position the evaluation likes
/// least for the opponent (`None` when no child leaves the opponent a move, which the evaluation does not
/// value). Training on these children with their parent's label counters the search's optimism: the
/// evaluation's errors are what make a child the best-looking one, so a 1-ply search over-values its choice by
/// 1.4 to 2.1 discs on average on the 2015–2018 games at 34 to 37 empties, and these samples pull exactly those
/// children back towards what their games gave.
pub fn selected_child(board: &Board, weights: &PatternWeights) -> Option<Board> {
    board
        .moves()
        .iter()
        .map(|square| board.play_unchecked(square))
        .filter(|child| child.has_moves())
        .max_by_key(|child| -weights.evaluate(child.player().0, child.opponent().0))
}

/// `f` applied to every item on every core, each with its own searcher (16 MB; the evaluation `weights`,
/// or the built-in one); the results in the items' order.
fn on_every_core<T: Sync, R: Send>(
    items: &[T],
    weights: Option<&PatternWeights>,
    f: impl Fn(&mut Searcher, &T) -> R + Sync,
) -> Vec<R> {
    crate::fan_out::on_every_core_with(
        items,
        || match weights {
            Some(w) => Searcher::with_eval(16, Box::new(w.clone())),
            None => Searcher::new(16),
        },
        f,
    )
}

/// How `wthor-data` labels its positions: with the game's perfect-play score at 24 empties, or (bootstrapping)
/// with a mix of that score and the value of a search (with the built-in weights unless others are given).
#[derive(Clone, Copy)]
pub struct Relabel<'a> {
    /// The search's depth; 0 for the game's score alone.
    pub depth: u32,
    /// The game score's share of the label (0 to 1).
    pub game_share: f64,
    /// The search's evaluation, instead of the built-in one.
    pub weights: Option<&'a PatternWeights>,
}

impl Relabel<'_> {
    /// The label of each probe (searched on every core).
    fn labels(&self, probes: &[Probe]) -> Vec<i8> {
        if self.depth == 0 {
            return probes.iter().map(|p| p.score as i8).collect();
        }
        let limits = SearchLimits::midgame(self.depth);
        on_every_core(probes, self.weights, |searcher, probe| {
            // Fresh tables for every position: the label cannot depend on which thread searched what before.
            searcher.clear();
            let info = searcher.search(&probe.board, &limits, native_clock, None, &mut |_| {});
            let searched = info.score as f64 / DISC as f64;
            let label = self.game_share * probe.score as f64 + (1.0 - self.game_share) * searched;
            label.round().clamp(-64.0, 64.0) as i8
        })
    }
}

/// `reversi mpc-stats`: how far a shallow search lands from a deeper one on positions of the files' games
/// (every `step`-th position with 20 to 50 empties of the first `games` games): per depth `d`, the count,
/// mean and standard deviation of value(d) − value(shallow(d)) in discs. The mid-game probcut margins come
/// from these figures.
pub fn mpc_stats(
    paths: &[PathBuf],
    games: usize,
    step: usize,
    max_depth: u32,
    out: &mut dyn Write,
) -> Result<(), Box<dyn std::error::Error>> {
    let mut boards = Vec::new();
    for path in paths {
        let (_, file_games) = read_file(path)?;
        for game in file_games
            .iter()
            .take(games.saturating_sub(boards.len() / 8))
        {
            for (i, p) in game.positions().iter().enumerate() {
                let e = p.board.empty_count();
                if i % step.max(1) == 0 && (20..=50).contains(&e) && p.board.has_moves() {
                    boards.push(p.board);
                }
            }
        }
    }
    let mut searcher = Searcher::new(32);
    let value = |searcher: &mut Searcher, board: &reversi_engine::Board, depth: u32| {
        searcher.clear();
        let limits = SearchLimits {
            probcut: false,
            ..SearchLimits::midgame(depth)
        };
        searcher
            .search(board, &limits, native_clock, None, &mut |_| {})
            .score as f64
            / DISC as f64
    };
    writeln!(out, "{} positions", boards.len())?;
    writeln!(out, "depth shallow count mean sd")?;
    for depth in 3..=max_depth {
        let shallow = mpc_shallow_depth(depth);
        let (mut n, mut sum, mut squares) = (0f64, 0f64, 0f64);
        for board in &boards {
            let error = value(&mut searcher, board, depth) - value(&mut searcher, board, shallow);
            n += 1.0;
            sum += error;
            squares += error * error;
        }
        let mean = sum / n;
        let sd = ((squares - sum * mean) / (n - 1.0)).max(0.0).sqrt();
        writeln!(out, "{depth} {shallow} {n} {mean:.3} {sd:.3}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use reversi_engine::Bitboard;
    use std::ops::RangeInclusive;

    #[test]
    fn probes_take_the_score_for_the_side_to_move() {
        let bytes = std::fs::read("../engine/tests/data/wthor-sample.wtb").expect("test data");
        let file = wthor::parse(&bytes).expect("valid");
        let probes = probes(&file.games, &[60, 59], 24);
        let game = &file.games[0];
        // Black moves first (60 empties) and white second (59): the same game's score, negated.
        assert_eq!(probes[0].score, game.theoretical_difference());
        assert_eq!(probes[1].score, -game.theoretical_difference());
    }

    #[test]
    fn bootstrapped_labels_mix_the_game_score_and_the_search() {
        let bytes = std::fs::read("../engine/tests/data/wthor-sample.wtb").expect("test data");
        let file = wthor::parse(&bytes).expect("valid");
        let probes = probes(&file.games, &[30], 24);
        assert!(!probes.is_empty());
        let game_scores: Vec<i8> = probes.iter().map(|p| p.score as i8).collect();
        let plain = Relabel {
            depth: 0,
            game_share: 0.5,
            weights: None,
        };
        assert_eq!(plain.labels(&probes), game_scores);
        let game_only = Relabel {
            depth: 2,
            game_share: 1.0,
            weights: None,
        };
        assert_eq!(game_only.labels(&probes), game_scores);
        // The search alone: a 2-ply value, rounded to discs; the half-and-half mix lies between the two.
        let search = Relabel {
            depth: 2,
            game_share: 0.0,
            weights: None,
        }
        .labels(&probes);
        let mixed = Relabel {
            depth: 2,
            game_share: 0.5,
            weights: None,
        }
        .labels(&probes);
        let mut searcher = Searcher::new(16);
        let limits = SearchLimits::midgame(2);
        for (i, probe) in probes.iter().enumerate() {
            let info = searcher.search(&probe.board, &limits, native_clock, None, &mut |_| {});
            assert_eq!(search[i] as f64, (info.score as f64 / DISC as f64).round());
            let (low, high) = (search[i].min(game_scores[i]), search[i].max(game_scores[i]));
            assert!((low..=high).contains(&mixed[i]), "{i}");
        }
    }

    #[test]
    fn selected_children_carry_their_parents_label_from_their_side() {
        let path = PathBuf::from("../engine/tests/data/wthor-sample.wtb");
        let weights = PatternWeights::builtin();
        let plain = Relabel {
            depth: 0,
            game_share: 1.0,
            weights: None,
        };
        let mut parents = Vec::new();
        let mut children = Vec::new();
        wthor_data(
            std::slice::from_ref(&path),
            30..=30,
            plain,
            false,
            false,
            None,
            &mut parents,
        )
        .unwrap();
        wthor_data(
            &[path],
            30..=30,
            plain,
            false,
            false,
            Some(weights),
            &mut children,
        )
        .unwrap();
        let read = |bytes: &[u8]| -> Vec<Sample> {
            String::from_utf8(bytes.to_vec())
                .unwrap()
                .lines()
                .map(|line| Sample::parse(line).unwrap())
                .collect()
        };
        let (parents, children) = (read(&parents), read(&children));
        assert!(!children.is_empty() && children.len() <= parents.len());
        let mut matched = 0;
        for parent in &parents {
            let board = Board::new(Bitboard(parent.player), Bitboard(parent.opponent));
            let Some(child) = selected_child(&board, weights) else {
                continue;
            };
            let sample = &children[matched];
            matched += 1;
            assert_eq!(
                (sample.player, sample.opponent),
                (child.player().0, child.opponent().0)
            );
            assert_eq!(sample.score, -parent.score);
            assert_eq!(child.empty_count(), 29);
            // No other child is better for the side that moved.
            for square in board.moves().iter() {
                let other = board.play_unchecked(square);
                if other.has_moves() {
                    assert!(
                        -weights.evaluate(other.player().0, other.opponent().0)
                            <= -weights.evaluate(child.player().0, child.opponent().0)
                    );
                }
            }
        }
        assert_eq!(matched, children.len());
    }

    #[test]
    fn eval_drift_prints_values_by_depth_and_refuses_bad_arguments() {
        let path = PathBuf::from("../engine/tests/data/wthor-sample.wtb");
        let mut out = Vec::new();
        let drift = Drift {
            empties: &[40],
            positions: 3,
            distinct: false,
            max_depth: 3,
            each: false,
        };
        eval_drift(std::slice::from_ref(&path), &drift, None, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let rows: Vec<&str> = text
            .lines()
            .filter(|l| l.trim_start().starts_with("40 "))
            .collect();
        // The values at depths 0 to 3 beside the games' mean, then the drifts d1 and d2.
        assert_eq!(rows.len(), 2, "{text}");
        assert_eq!(rows[0].split_whitespace().count(), 2 + 1 + 4, "{text}");
        assert_eq!(rows[1].split_whitespace().count(), 2 + 2, "{text}");
        for (empties, depth, positions) in [(&[40][..], 1, 3), (&[10][..], 3, 3), (&[40][..], 3, 0)]
        {
            let drift = Drift {
                empties,
                positions,
                max_depth: depth,
                ..drift
            };
            let result = eval_drift(std::slice::from_ref(&path), &drift, None, &mut Vec::new());
            assert!(result.is_err());
        }
    }

    #[test]
    fn wthor_data_writes_each_position_once_or_every_child() {
        let path = PathBuf::from("../engine/tests/data/wthor-sample.wtb");
        let plain = Relabel {
            depth: 0,
            game_share: 1.0,
            weights: None,
        };
        let lines = |empties, distinct, children| {
            let mut out = Vec::new();
            let n = wthor_data(
                std::slice::from_ref(&path),
                empties..=empties,
                plain,
                distinct,
                children,
                None,
                &mut out,
            )
            .unwrap();
            let text = String::from_utf8(out).unwrap();
            assert_eq!(text.lines().count(), n);
            text.lines()
                .map(|l| Sample::parse(l).unwrap())
                .collect::<Vec<_>>()
        };
        // After the first move every game's position is a symmetric copy of the same one.
        assert!(lines(59, false, false).len() > 1);
        assert_eq!(lines(59, true, false).len(), 1);
        // Its three children (the perpendicular, parallel and diagonal openings), labelled from their side.
        let parent = lines(59, true, false)[0];
        let children = lines(59, true, true);
        assert_eq!(children.len(), 3, "{children:?}");
        for child in &children {
            assert_eq!(child.score, -parent.score);
            let empty = !(child.player | child.opponent);
            assert_eq!(empty.count_ones(), 58);
        }
    }

    #[test]
    fn eval_drift_can_take_each_position_once() {
        // After the first move every game's position is one of four symmetric copies of the same one.
        let path = PathBuf::from("../engine/tests/data/wthor-sample.wtb");
        let output = |distinct, each| {
            let mut out = Vec::new();
            let drift = Drift {
                empties: &[59],
                positions: 10,
                distinct,
                max_depth: 2,
                each,
            };
            eval_drift(std::slice::from_ref(&path), &drift, None, &mut out).unwrap();
            String::from_utf8(out).unwrap()
        };
        let count = |distinct| {
            let text = output(distinct, false);
            let row = text
                .lines()
                .find(|l| l.trim_start().starts_with("59 "))
                .unwrap()
                .to_string();
            row.split_whitespace()
                .nth(1)
                .unwrap()
                .parse::<usize>()
                .unwrap()
        };
        let all = count(false);
        assert!(all > 1, "{all}");
        assert_eq!(count(true), 1);
        // `--each` lists that one position once, standing for all of them, with its values at depths 0-2.
        let text = output(false, true);
        let listed: Vec<&str> = text
            .lines()
            .skip_while(|l| !l.starts_with("each position"))
            .skip(1)
            .collect();
        assert_eq!(listed.len(), 1, "{text}");
        let fields: Vec<&str> = listed[0].split_whitespace().collect();
        assert_eq!(fields[..2], ["59", &all.to_string()[..]], "{text}");
        let position: reversi_engine::Position =
            format!("{} {}", fields[2], fields[3]).parse().unwrap();
        assert_eq!(position.board.empty_count(), 59);
        assert_eq!(fields.len(), 4 + 3, "{text}");
    }

    #[test]
    fn opening_data_writes_every_distinct_position_from_the_start() {
        let relabel = Relabel {
            depth: 2,
            game_share: 0.5,
            weights: None,
        };
        let lines = |empties| {
            let mut out = Vec::new();
            let n = opening_data(empties, relabel, &mut out).unwrap();
            let text = String::from_utf8(out).unwrap();
            assert_eq!(text.lines().count(), n);
            text.lines()
                .map(|l| Sample::parse(l).unwrap())
                .collect::<Vec<_>>()
        };
        // The start, the one position after the first move (all four alike), then the perpendicular,
        // parallel and diagonal openings; perft counts 1, 4 and 12 move sequences.
        let samples = lines(58..=60);
        let empties: Vec<u32> = samples
            .iter()
            .map(|s| (!(s.player | s.opponent)).count_ones())
            .collect();
        assert_eq!(empties, [60, 59, 58, 58, 58]);
        // Each labelled by the search alone (the game share does not apply: there is no game), from empty
        // tables.
        let mut searcher = Searcher::new(16);
        for sample in &samples {
            searcher.clear();
            let board = Board::new(Bitboard(sample.player), Bitboard(sample.opponent));
            let info = searcher.search(
                &board,
                &SearchLimits::midgame(2),
                native_clock,
                None,
                &mut |_| {},
            );
            assert_eq!(
                sample.score as f64,
                (info.score as f64 / DISC as f64).round()
            );
        }
        assert_eq!(lines(58..=58), samples[2..]);
        for (range, depth) in [(49..=55, 2), (RangeInclusive::new(56, 55), 2), (55..=60, 0)] {
            let relabel = Relabel { depth, ..relabel };
            assert!(opening_data(range, relabel, &mut Vec::new()).is_err());
        }
    }

    #[test]
    fn a_game_share_outside_0_to_1_is_refused() {
        let relabel = Relabel {
            depth: 2,
            game_share: 1.5,
            weights: None,
        };
        let result = wthor_data(&[], 20..=60, relabel, false, false, None, &mut Vec::new());
        assert!(result.unwrap_err().to_string().contains("--game-share"));
    }
}
