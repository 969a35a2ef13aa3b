//! Opening drills: the lines a drill can ask (named openings, or the book's main lines), the four frames a
//! line can be played in, and the Leitner schedule that brings missed lines back sooner.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use reversi_engine::book::Book;
use reversi_engine::openings::{parse_moves, OPENINGS};
use reversi_engine::{Board, Color, Position, Square, Symmetry};

/// Plies a book line is followed to.
pub const BOOK_LINE_PLIES: usize = 16;

/// A line is learned after it is played without a mistake this many times in a row.
pub const LEARNED_AFTER: u32 = 3;

/// Days before a line in box `n` (1 to 5) is due again after a round without a mistake.
const INTERVAL_DAYS: [i64; 5] = [1, 2, 4, 8, 16];

/// What a drill asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrillChoice {
    /// Every named opening.
    AllOpenings,
    /// One named opening (its index in [`OPENINGS`]).
    Opening(usize),
    /// Several named openings: bit `i` set for the `i`-th of [`OPENINGS`].
    Several(u128),
    /// The book's main lines: each named opening followed by the book's best moves to
    /// [`BOOK_LINE_PLIES`] plies.
    BookLines,
}

/// A line to learn: moves from the start position, written from f5.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The opening's name (English; the page names it in the player's language through `opening`).
    pub opening: usize,
    /// The moves.
    pub moves: Vec<Square>,
}

impl Line {
    /// The key of the line's schedule for a player of `color`: the colour's letter and the transcript.
    pub fn key(&self, color: Color) -> String {
        let moves = reversi_engine::transcript_of(self.moves.iter().copied());
        format!("{}:{moves}", color.letter())
    }
}

/// The lines of `choice`, each with moves for the player (lines without one are left out).
pub fn lines(choice: DrillChoice, color: Color) -> Vec<Line> {
    let named = |index: usize| Line {
        opening: index,
        moves: parse_moves(OPENINGS[index].moves).expect("the named openings parse"),
    };
    let all: Vec<Line> = match choice {
        DrillChoice::AllOpenings => (0..OPENINGS.len()).map(named).collect(),
        DrillChoice::Opening(index) if index < OPENINGS.len() => vec![named(index)],
        DrillChoice::Opening(_) => Vec::new(),
        DrillChoice::Several(set) => (0..OPENINGS.len())
            .filter(|&i| set & (1 << i) != 0)
            .map(named)
            .collect(),
        DrillChoice::BookLines => {
            let mut out: Vec<Line> = Vec::new();
            for index in 0..OPENINGS.len() {
                let mut line = named(index);
                extend_from_book(&mut line.moves);
                if !out.iter().any(|l| l.moves == line.moves) {
                    out.push(line);
                }
            }
            out
        }
    };
    let first = if color == Color::Black { 0 } else { 1 };
    all.into_iter().filter(|l| l.moves.len() > first).collect()
}

/// Follows the book's best move from the end of `moves` until [`BOOK_LINE_PLIES`] or the book's end.
fn extend_from_book(moves: &mut Vec<Square>) {
    let book = Book::builtin();
    let Some(mut position) = replay(moves) else {
        return;
    };
    while moves.len() < BOOK_LINE_PLIES {
        let Some(best) = book.moves(&position).first().copied() else {
            return;
        };
        moves.push(best.square);
        match position.play(best.square) {
            Some(next) => position = next,
            None => return,
        }
    }
}

/// The position after `moves` from the start, `None` if one is illegal.
pub fn replay(moves: &[Square]) -> Option<Position> {
    moves
        .iter()
        .try_fold(Position::START, |position, &square| position.play(square))
}

/// The symmetries that leave the start position as it is: a line can be played in any of these frames.
pub fn frames() -> Vec<Symmetry> {
    Symmetry::ALL
        .into_iter()
        .filter(|&s| Board::START.transform(s) == Board::START)
        .collect()
}

/// Where a line stands in the schedule.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LineState {
    /// Leitner box, 1 to 5 (0: never played).
    pub boxed: u8,
    /// The day (days since 1970-01-01, local date) it is due again.
    pub due: i64,
    /// Rounds without a mistake in a row.
    pub streak: u32,
}

/// The days a stored day may be (days since 1970-01-01): from 1970 to about 4700. Anything else is no date a
/// page wrote.
pub const DAYS: std::ops::RangeInclusive<i64> = 0..=1_000_000;

impl LineState {
    /// A stored state read field by field: the box clamped to 0-5, the streak to `u32`; `None` when it is
    /// not an object or its due day is no day (see [`DAYS`]).
    pub fn read(value: &serde_json::Value) -> Option<LineState> {
        let field = |name: &str| value.get(name).and_then(serde_json::Value::as_i64);
        let due = field("due").filter(|day| DAYS.contains(day))?;
        Some(LineState {
            boxed: field("boxed")
                .unwrap_or(0)
                .clamp(0, INTERVAL_DAYS.len() as i64) as u8,
            due,
            streak: value
                .get("streak")
                .and_then(serde_json::Value::as_u64)
                .map_or(0, |n| n.min(u32::MAX as u64) as u32),
        })
    }
}

/// The schedule of every line played, by [`Line::key`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Schedule {
    /// The lines' states.
    pub lines: BTreeMap<String, LineState>,
}

impl Schedule {
    /// Records a round of `key` on `today`: without a mistake the line goes one box up and comes back after
    /// the box's interval; with one it goes back to box 1, due again today.
    pub fn record(&mut self, key: &str, today: i64, mistakes: u32) {
        let state = self.lines.entry(key.to_string()).or_default();
        if mistakes == 0 {
            // Saturating and clamped: a state from storage may hold anything its type can.
            state.boxed = state
                .boxed
                .saturating_add(1)
                .clamp(1, INTERVAL_DAYS.len() as u8);
            state.streak = state.streak.saturating_add(1);
            state.due = today.saturating_add(INTERVAL_DAYS[state.boxed as usize - 1]);
        } else {
            state.boxed = 1;
            state.streak = 0;
            state.due = today;
        }
    }

    /// True when `key` has been played right [`LEARNED_AFTER`] times in a row.
    pub fn learned(&self, key: &str) -> bool {
        self.lines
            .get(key)
            .is_some_and(|s| s.streak >= LEARNED_AFTER)
    }

    /// True when `key` was played before and is due on `today`.
    pub fn due(&self, key: &str, today: i64) -> bool {
        self.lines.get(key).is_some_and(|s| s.due <= today)
    }

    /// The next line of `lines` to drill on `today`: one due today first (the longest overdue), then one
    /// never played (in the list's order), then the one due soonest. `skip` (the line just played) is
    /// taken only when it is the only one.
    pub fn next(
        &self,
        lines: &[Line],
        color: Color,
        today: i64,
        skip: Option<&str>,
    ) -> Option<usize> {
        let candidates: Vec<usize> = (0..lines.len())
            .filter(|&i| lines.len() == 1 || Some(lines[i].key(color).as_str()) != skip)
            .collect();
        let state = |i: usize| self.lines.get(&lines[i].key(color));
        let due = candidates
            .iter()
            .copied()
            .filter(|&i| state(i).is_some_and(|s| s.due <= today))
            .min_by_key(|&i| (state(i).map_or(0, |s| s.due), i));
        let fresh = || candidates.iter().copied().find(|&i| state(i).is_none());
        let soonest = || {
            candidates
                .iter()
                .copied()
                .min_by_key(|&i| (state(i).map_or(i64::MAX, |s| s.due), i))
        };
        due.or_else(fresh).or_else(soonest)
    }

    /// Of `lines`, how many are learned and how many are due on `today`.
    pub fn summary(&self, lines: &[Line], color: Color, today: i64) -> (usize, usize) {
        let keys: Vec<String> = lines.iter().map(|l| l.key(color)).collect();
        (
            keys.iter().filter(|k| self.learned(k)).count(),
            keys.iter().filter(|k| self.due(k, today)).count(),
        )
    }
}

impl super::DrillRound {
    /// The values of the move played and the line's move, from the analysis asked after a wrong move.
    pub(super) fn take_values(&mut self, analysis: &crate::protocol::WireAnalysis) {
        let Some(feedback) = self.feedback.as_mut().filter(|f| !f.correct) else {
            return;
        };
        let values = (
            analysis.value_of(feedback.played),
            analysis.value_of(feedback.expected),
        );
        if let (Some(played), Some(expected)) = values {
            feedback.values = Some(super::DrillValues {
                played,
                expected,
                source: super::ValueSource::Search,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_four_frames_keep_the_start_and_turn_f5_into_each_first_move() {
        let frames = frames();
        assert_eq!(frames.len(), 4);
        let f5: Square = "f5".parse().unwrap();
        let mut firsts: Vec<String> = frames
            .iter()
            .map(|s| s.apply_square(f5).to_string())
            .collect();
        firsts.sort();
        assert_eq!(firsts, ["c4", "d3", "e6", "f5"]);
    }

    #[test]
    fn lines_are_legal_and_the_book_extends_them() {
        let all = lines(DrillChoice::AllOpenings, Color::Black);
        assert_eq!(all.len(), OPENINGS.len());
        let book = lines(DrillChoice::BookLines, Color::White);
        assert!(book.len() > 20, "{}", book.len());
        for line in all.iter().chain(&book) {
            assert!(replay(&line.moves).is_some(), "{line:?}");
        }
        assert!(book.iter().any(|l| l.moves.len() == BOOK_LINE_PLIES));
        let tiger = OPENINGS.iter().position(|o| o.name == "Tiger").unwrap();
        let one = lines(DrillChoice::Opening(tiger), Color::Black);
        assert_eq!(one[0].key(Color::Black), "X:f5d6c3d3c4");
        let two = lines(DrillChoice::Several(1 << tiger | 1 << 0), Color::Black);
        assert_eq!(two.len(), 2);
        assert_eq!(two[1].opening, tiger);
        assert!(lines(DrillChoice::Several(0), Color::Black).is_empty());
    }

    #[test]
    fn the_schedule_brings_missed_lines_back_first_and_learns_after_three() {
        let lines = lines(DrillChoice::AllOpenings, Color::Black);
        let mut schedule = Schedule::default();
        let day = 20_000;
        // Nothing played: the first line.
        assert_eq!(schedule.next(&lines, Color::Black, day, None), Some(0));
        let key = |i: usize| lines[i].key(Color::Black);
        schedule.record(&key(0), day, 0);
        // Played right: due tomorrow, so a fresh line comes next.
        assert_eq!(schedule.lines[&key(0)].due, day + 1);
        assert_eq!(
            schedule.next(&lines, Color::Black, day, Some(&key(0))),
            Some(1)
        );
        // A miss: due again today, and before fresh lines.
        schedule.record(&key(1), day, 2);
        assert_eq!(
            schedule.next(&lines, Color::Black, day, Some(&key(0))),
            Some(1)
        );
        assert_eq!(schedule.summary(&lines, Color::Black, day), (0, 1));
        // Tomorrow line 0 is due too; the longest overdue first (line 1, due today).
        assert_eq!(schedule.next(&lines, Color::Black, day + 1, None), Some(1));
        // Learned after three rounds right in a row; the intervals grow.
        schedule.record(&key(0), day + 1, 0);
        assert!(!schedule.learned(&key(0)));
        schedule.record(&key(0), day + 3, 0);
        assert!(schedule.learned(&key(0)));
        assert_eq!(schedule.lines[&key(0)].due, day + 3 + 4);
        // A miss unlearns it.
        schedule.record(&key(0), day + 7, 1);
        assert!(!schedule.learned(&key(0)));
        assert_eq!(schedule.lines[&key(0)].boxed, 1);
    }
}
