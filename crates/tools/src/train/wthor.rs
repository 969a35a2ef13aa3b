//! Training data from the WTHOR games: their positions labelled with the games' perfect-play scores (or a
//! mix with a search's values), or the children a 1-ply search selects (`reversi wthor-data`); and the positions
//! of the first plies, every one, labelled by a search (`reversi opening-data`). Both write [`Sample`] lines.

use std::collections::HashSet;
use std::io::Write;
use std::path::PathBuf;

use super::{read_samples, Sample};
use crate::wthor_tools::{
    canonical, every_child, on_every_core, probes, read_file, ScoredPosition, ToolError,
    FIRST_TEST_YEAR,
};
use reversi_engine::{native_clock, Board, Color, PatternWeights, SearchLimits, DISC};

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
) -> Result<usize, ToolError> {
    if !(0.0..=1.0).contains(&relabel.game_share) {
        return Err(ToolError::Argument(format!(
            "--game-share {}: expected 0 to 1",
            relabel.game_share
        )));
    }
    let mut files = Vec::new();
    for path in paths {
        let (year, games) = read_file(path)?;
        if year >= FIRST_TEST_YEAR {
            return Err(ToolError::TestSet(path.clone(), year));
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
) -> Result<usize, ToolError> {
    let (fewest, most) = (*empties.start(), *empties.end());
    if !(MIN_OPENING_DATA_EMPTIES..=60).contains(&fewest) || most < fewest {
        return Err(ToolError::Argument(format!(
            "--min-empties {fewest} --max-empties {most}: expected {MIN_OPENING_DATA_EMPTIES} <= min <= max"
        )));
    }
    if relabel.depth == 0 {
        return Err(ToolError::Argument(
            "--search-depth 0: the positions are labelled by a search of at least 1 ply".into(),
        ));
    }
    let relabel = Relabel {
        game_share: 0.0,
        ..relabel
    };
    let mut probes = Vec::new();
    let mut level = vec![ScoredPosition {
        empties: 60,
        board: Board::START,
        to_move: Color::Black,
        score: 0,
    }];
    while level.first().is_some_and(|p| p.empties >= fewest) {
        let mut seen = HashSet::new();
        let next: Vec<ScoredPosition> = level
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
    fn labels(&self, probes: &[ScoredPosition]) -> Vec<i8> {
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

/// `reversi child-data`: for each sample of `paths` with a number of empties in `empties`, the child a 1-ply
/// search with `weights` plays there ([`selected_child`]), labelled with the sample's label
/// from the child's side, appended to `out`; samples whose every child leaves the opponent without a move are
/// skipped. Fitted beside the samples, these counter the search's optimism about the moves it picks, as the
/// expert positions' selected children do in the mid-game phases. Returns how many were written.
pub fn child_data(
    paths: &[std::path::PathBuf],
    empties: std::ops::RangeInclusive<u32>,
    weights: &PatternWeights,
    out: &mut dyn Write,
) -> Result<usize, ToolError> {
    let (samples, bad) = read_samples(paths)?;
    if bad > 0 {
        eprintln!("{bad} malformed lines skipped");
    }
    let mut written = 0;
    for sample in samples {
        let board = reversi_engine::Board::new(
            reversi_engine::Bitboard(sample.player),
            reversi_engine::Bitboard(sample.opponent),
        );
        if !empties.contains(&board.empty_count()) {
            continue;
        }
        if let Some(child) = selected_child(&board, weights) {
            let sample = Sample {
                player: child.player().0,
                opponent: child.opponent().0,
                score: -sample.score,
            };
            writeln!(out, "{}", sample.to_line())?;
            written += 1;
        }
    }
    Ok(written)
}

#[cfg(test)]
mod tests;
