//! `reversi puzzles-build`: the training room's endgame puzzles from WTHOR games (any year: puzzles show
//! positions and train nothing), each solved exactly, graded into five levels; `reversi puzzles-check`
//! solves every puzzle of a file again with fresh tables.

use std::path::{Path, PathBuf};
use std::time::Instant;

use super::{read_file, ToolError};
use crate::fan_out::on_every_core_with;
use reversi_engine::puzzles::{Puzzle, PuzzleSet, LEVELS, MAX_EMPTIES, MIN_EMPTIES};
use reversi_engine::{Control, Position, Rng, Searcher, TranspositionTable};

/// Plies of the shallow search that measures how tempting the wrong moves are.
const TEMPTING_DEPTH: u32 = 2;

/// Tables per thread for the exact solves.
const SOLVE_HASH_MB: usize = 64;

/// A position to try, from a game of `year`.
struct Candidate {
    position: Position,
    year: u16,
}

/// A puzzle found, with what grades it.
struct Found {
    puzzle: Puzzle,
    /// Wrong moves that the shallow search values above the best one.
    tempting: u32,
}

impl Found {
    /// Empty squares, plus three per tempting wrong move (at most three count).
    fn difficulty(&self) -> u32 {
        self.puzzle.position.board.empty_count() + 3 * self.tempting.min(3)
    }
}

/// One candidate per game, at a number of empties drawn from 8 to 24, in an order shuffled by `seed`.
fn candidates(games: &[(u16, reversi_engine::wthor::WthorGame)], seed: u64) -> Vec<Candidate> {
    let mut rng = Rng::new(seed);
    let mut out: Vec<Candidate> = games
        .iter()
        .filter_map(|(year, game)| {
            let empties = MIN_EMPTIES + rng.below(u64::from(MAX_EMPTIES - MIN_EMPTIES + 1)) as u32;
            game.positions()
                .iter()
                .find(|p| p.board.empty_count() == empties && p.board.moves().count() >= 2)
                .map(|p| Candidate {
                    position: p.position(),
                    year: *year,
                })
        })
        .collect();
    for i in (1..out.len()).rev() {
        out.swap(i, rng.below(i as u64 + 1) as usize);
    }
    out
}

/// Solves `candidate`'s every move; a puzzle when exactly one is best.
fn examine(
    (tt, searcher): &mut (TranspositionTable, Searcher),
    candidate: &Candidate,
) -> Option<Found> {
    let mut control = Control::unlimited();
    let puzzle = Puzzle::examine(&candidate.position, candidate.year, true, tt, &mut control)?;
    let shallow = searcher.analyse(&candidate.position.board, TEMPTING_DEPTH);
    let best_value = shallow
        .iter()
        .find(|m| m.0 == puzzle.best())
        .map_or(i32::MIN, |m| m.1);
    let tempting = shallow.iter().filter(|m| m.1 > best_value).count() as u32;
    Some(Found { puzzle, tempting })
}

/// The share of the puzzles at `empties` empty squares: fewer of the costliest solves (21 empties and more).
fn weight(empties: u32) -> usize {
    match empties {
        ..=20 => 4,
        21..=22 => 3,
        _ => 2,
    }
}

/// `reversi puzzles-build`: at least `count` puzzles from the games of `files`, at each number of empties
/// from 8 to 24 in the shares of [`weight`], those where the best move alone reaches its outcome first; graded into five levels
/// of equal size by empties and tempting wrong moves; written to `out`.
pub fn puzzles_build(files: &[PathBuf], count: usize, out: &Path) -> Result<(), ToolError> {
    if count == 0 {
        return Err(ToolError::Argument("--count must be at least 1".into()));
    }
    let started = Instant::now();
    let mut games = Vec::new();
    for file in files {
        let (year, list) = read_file(file)?;
        games.extend(list.into_iter().map(|g| (year, g)));
    }
    let pool = candidates(&games, 0x5055_5a5a);
    let bands = (MAX_EMPTIES - MIN_EMPTIES + 1) as usize;
    let total_weight: usize = (MIN_EMPTIES..=MAX_EMPTIES).map(weight).sum();
    let quotas: Vec<usize> = (MIN_EMPTIES..=MAX_EMPTIES)
        .map(|e| (count * weight(e)).div_ceil(total_weight))
        .collect();
    // Per number of empties: the puzzles whose best move alone reaches its outcome, and the others.
    let mut decisive: Vec<Vec<Found>> = (0..bands).map(|_| Vec::new()).collect();
    let mut other: Vec<Vec<Found>> = (0..bands).map(|_| Vec::new()).collect();
    let band = |c: &Candidate| (c.position.board.empty_count() - MIN_EMPTIES) as usize;
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut next = 0;
    let mut tried = 0;
    while next < pool.len() && (0..bands).any(|b| decisive[b].len() < quotas[b]) {
        let mut batch: Vec<&Candidate> = Vec::new();
        while next < pool.len() && batch.len() < 64 * threads {
            let b = band(&pool[next]);
            if decisive[b].len() < quotas[b] {
                batch.push(&pool[next]);
            }
            next += 1;
        }
        tried += batch.len();
        let make = || (TranspositionTable::new(SOLVE_HASH_MB), Searcher::new(4));
        for found in on_every_core_with(&batch, make, |state, c| examine(state, c))
            .into_iter()
            .flatten()
        {
            let b = (found.puzzle.position.board.empty_count() - MIN_EMPTIES) as usize;
            if found.puzzle.changes_outcome() {
                decisive[b].push(found);
            } else {
                other[b].push(found);
            }
        }
        let have: usize = (0..bands).map(|b| decisive[b].len().min(quotas[b])).sum();
        eprintln!(
            "{tried} positions solved, {have} of {} decisive puzzles, {:.0} s",
            quotas.iter().sum::<usize>(),
            started.elapsed().as_secs_f64()
        );
    }
    // Each number of empties: the decisive puzzles first, topped up with the others.
    let mut chosen: Vec<Found> = Vec::new();
    for ((mut d, o), quota) in decisive.into_iter().zip(other).zip(quotas) {
        d.truncate(quota);
        let missing = quota - d.len();
        d.extend(o.into_iter().take(missing));
        chosen.extend(d);
    }
    if chosen.len() < count {
        return Err(ToolError::Argument(format!(
            "only {} puzzles found in {} games (asked for {count})",
            chosen.len(),
            games.len()
        )));
    }
    // Five levels of equal size by difficulty; within a level, in a shuffled order.
    chosen.sort_by_key(|f| (f.difficulty(), f.puzzle.position.board.hash()));
    let per_level = chosen.len().div_ceil(LEVELS as usize);
    let mut puzzles: Vec<Puzzle> = chosen
        .into_iter()
        .enumerate()
        .map(|(i, f)| Puzzle {
            level: (i / per_level) as u8 + 1,
            ..f.puzzle
        })
        .collect();
    puzzles.sort_by_key(|p| {
        (
            p.level,
            reversi_engine::internals::mix(p.position.board.hash()),
        )
    });
    let set = PuzzleSet::new(puzzles);
    let bytes = set.write();
    // Read back: every record checked against the rules as the page will read it.
    let read = PuzzleSet::read(&bytes).map_err(|e| ToolError::Argument(e.to_string()))?;
    std::fs::write(out, &bytes).map_err(|e| ToolError::Io(out.to_path_buf(), e))?;
    report(&read);
    eprintln!(
        "{} bytes written to {} in {:.0} s",
        bytes.len(),
        out.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Per level: puzzles, empties range, and how many are decisive.
fn report(set: &PuzzleSet) {
    for level in 1..=LEVELS {
        let of_level: Vec<&Puzzle> = set
            .of_level(level)
            .iter()
            .map(|&i| &set.puzzles()[i])
            .collect();
        let empties = |p: &&Puzzle| p.position.board.empty_count();
        eprintln!(
            "level {level}: {} puzzles, {}-{} empties, {} where the best move alone reaches its outcome",
            of_level.len(),
            of_level.iter().map(empties).min().unwrap_or(0),
            of_level.iter().map(empties).max().unwrap_or(0),
            of_level.iter().filter(|p| p.changes_outcome()).count()
        );
    }
}

/// `reversi puzzles-check`: solves every puzzle of `file` again (every `step`-th one when `step` > 1)
/// with fresh tables and compares the scores of every move with the file's.
pub fn puzzles_check(file: &Path, step: usize) -> Result<(), ToolError> {
    let started = Instant::now();
    let bytes = std::fs::read(file).map_err(|e| ToolError::Io(file.to_path_buf(), e))?;
    let set = PuzzleSet::read(&bytes)
        .map_err(|e| ToolError::Argument(format!("{}: {e}", file.display())))?;
    let sample: Vec<&Puzzle> = set.puzzles().iter().step_by(step.max(1)).collect();
    let make = || TranspositionTable::new(SOLVE_HASH_MB);
    let wrong: Vec<usize> = on_every_core_with(&sample, make, |tt, puzzle| {
        tt.clear();
        let again = Puzzle::examine(
            &puzzle.position,
            puzzle.year,
            false,
            tt,
            &mut Control::unlimited(),
        );
        again.is_some_and(|p| p.moves == puzzle.moves)
    })
    .into_iter()
    .enumerate()
    .filter(|(_, ok)| !ok)
    .map(|(i, _)| i * step.max(1))
    .collect();
    report(&set);
    eprintln!(
        "{} puzzles solved again in {:.0} s",
        sample.len(),
        started.elapsed().as_secs_f64()
    );
    match wrong.first() {
        None => Ok(()),
        Some(first) => Err(ToolError::Argument(format!(
            "{} puzzles differ from the solver, the first is puzzle {}",
            wrong.len(),
            first + 1
        ))),
    }
}
