//! Other starts than the standard one. The XOT openings: positions after 8 moves that a search values
//! within a disc of even, chosen by `reversi xot-build` and shipped here (`xot.txt`: one per line, the
//! transcript and its value for black in hundredths of a disc, the most even first), so that games start
//! varied and balanced. And a random start: a few random moves from the start, kept when a search values
//! the position within a range.
//!
//! ```
//! use reversi_engine::xot;
//! let list = xot::openings();
//! assert!(list.len() > 100);
//! assert_eq!(list[0].moves.len(), 8);
//! assert!(list[0].value.abs() <= 100);
//! ```

use crate::{native_clock, Clock, Color, Position, Rng, SearchLimits, Searcher, Square, DISC};

/// The list, as `reversi xot-build` wrote it.
const LIST: &str = include_str!("xot.txt");

/// Plies of the search that values a random start.
pub const RANDOM_START_DEPTH: u32 = 10;
/// Random games tried before a random start gives up.
pub const RANDOM_START_TRIES: u32 = 300;

/// One XOT opening.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XotOpening {
    /// Its 8 moves.
    pub moves: Vec<Square>,
    /// Its value for black (to move after them), in hundredths of a disc.
    pub value: i32,
}

/// Every XOT opening, the most even first.
pub fn openings() -> Vec<XotOpening> {
    LIST.lines()
        .filter_map(|line| {
            let (moves, value) = line.split_once(' ')?;
            let moves = moves
                .as_bytes()
                .chunks(2)
                .map(|m| std::str::from_utf8(m).ok()?.parse().ok())
                .collect::<Option<Vec<Square>>>()?;
            Some(XotOpening {
                moves,
                value: value.trim().parse().ok()?,
            })
        })
        .collect()
}

/// The opening `seed` draws from the list (each seed one, mixed, so that a counter draws anew each time).
pub fn draw(seed: u64) -> Option<XotOpening> {
    let list = openings();
    let at = crate::seed_from(seed) % list.len().max(1) as u64;
    list.into_iter().nth(at as usize)
}

/// The key of `position`'s class under the board's 8 symmetries (the least of its images), for telling
/// apart openings that are not the same turned or mirrored.
pub fn class_key(position: &Position) -> (u64, u64) {
    crate::Symmetry::ALL
        .iter()
        .map(|&s| {
            let board = position.board.transform(s);
            (board.player().0, board.opponent().0)
        })
        .min()
        .expect("eight images")
}

/// A random start: `moves` random legal moves from the standard start (chosen by `seed`), tried again until
/// a [`RANDOM_START_DEPTH`] search values the position for black within `low..=high` discs. The moves and
/// that value (hundredths of a disc); `None` after [`RANDOM_START_TRIES`] games, or past `deadline` on
/// `clock`.
pub fn random_start(
    searcher: &mut Searcher,
    moves: usize,
    (low, high): (i32, i32),
    seed: u64,
    deadline: Option<f64>,
    clock: Clock,
) -> Option<(Vec<Square>, i32)> {
    let mut rng = Rng::new(seed);
    for _ in 0..RANDOM_START_TRIES {
        if deadline.is_some_and(|d| clock() > d) {
            return None;
        }
        let mut position = Position::START;
        let mut line = Vec::with_capacity(moves);
        while line.len() < moves && !position.board.is_game_over() {
            let legal: Vec<Square> = position.board.moves().into_iter().collect();
            let square = legal[rng.below(legal.len() as u64) as usize];
            position = position.play(square).expect("legal");
            line.push(square);
        }
        if position.board.is_game_over() {
            continue;
        }
        let info = searcher.search(
            &position.board,
            &SearchLimits::midgame(RANDOM_START_DEPTH),
            clock,
            None,
            &mut |_| {},
        );
        let for_black = if position.to_move == Color::Black {
            info.score
        } else {
            -info.score
        };
        if (low * DISC..=high * DISC).contains(&for_black) {
            return Some((line, for_black));
        }
    }
    None
}

/// [`random_start`] on the native clock with no deadline (for the command line and the tests).
pub fn random_start_native(
    searcher: &mut Searcher,
    moves: usize,
    range: (i32, i32),
    seed: u64,
) -> Option<(Vec<Square>, i32)> {
    random_start(searcher, moves, range, seed, None, native_clock)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn the_list_is_legal_distinct_and_sorted_by_balance() {
        let list = openings();
        assert_eq!(list.len(), LIST.lines().count(), "every line reads");
        let mut seen = HashSet::new();
        for opening in &list {
            assert_eq!(opening.moves.len(), 8);
            let mut position = Position::START;
            for &square in &opening.moves {
                position = position.play(square).expect("a legal opening");
            }
            assert_eq!(position.to_move, Color::Black);
            assert!(opening.value.abs() <= DISC, "{:?}", opening);
            assert!(seen.insert(class_key(&position)), "a position twice");
        }
        assert!(list
            .windows(2)
            .all(|w| w[0].value.abs() <= w[1].value.abs()));
    }

    #[test]
    fn a_sample_of_the_list_is_as_balanced_as_it_says() {
        // Searched again as the builder searched them (its depth, fresh tables of its size).
        let list = openings();
        let mut searcher = Searcher::new(8);
        for opening in list.iter().step_by(list.len() / 12 + 1) {
            let mut position = Position::START;
            for &square in &opening.moves {
                position = position.play(square).unwrap();
            }
            searcher.clear();
            let info = searcher.search(
                &position.board,
                &SearchLimits::midgame(BUILT_DEPTH),
                native_clock,
                None,
                &mut |_| {},
            );
            assert_eq!(info.score, opening.value, "{:?}", opening.moves);
            assert!(info.score.abs() <= DISC);
        }
    }

    #[test]
    fn a_random_start_is_in_its_range() {
        let mut searcher = Searcher::new(4);
        for (range, seed) in [((-2, 2), 1), ((4, 12), 2), ((-20, -8), 3)] {
            let (line, value) = random_start_native(&mut searcher, 12, range, seed).expect("found");
            assert_eq!(line.len(), 12);
            assert!(
                (range.0 * DISC..=range.1 * DISC).contains(&value),
                "{value} not in {range:?}"
            );
        }
        // An impossible range gives up, at its deadline at the latest.
        let deadline = native_clock() + 300.0;
        assert_eq!(
            random_start(&mut searcher, 10, (70, 80), 4, Some(deadline), native_clock),
            None
        );
    }

    /// The deep search's depth of `reversi xot-build` as the list was built (docs/data.md).
    const BUILT_DEPTH: u32 = 12;
}
