//! Opening drills: the lines a drill can ask (named openings, or the book's main lines), the four frames a
//! line can be played in, the Leitner schedule that brings missed lines back sooner, and the round on the
//! board (each move judged; a wrong one valued by the book, or by a quick search where the book has none).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::{Tab, Training, TrainingAsk, DRILL_SEARCH_DEPTH};
use crate::protocol::{Request, RequestId, WireAnalysis};
use crate::session::effects::outbox::Outbox;
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

impl DrillRound {
    /// The values of the move played and the line's move, from the analysis asked after a wrong move.
    pub(super) fn take_values(&mut self, analysis: &crate::protocol::WireAnalysis) {
        let Some(feedback) = self.feedback.as_mut().filter(|f| !f.correct) else {
            return;
        };
        // The analysis values for the side to move; the page shows every value for Black.
        let sign = if self.position.to_move == Color::Black {
            1
        } else {
            -1
        };
        let values = (
            analysis.value_of(feedback.played).map(|v| v * sign),
            analysis.value_of(feedback.expected).map(|v| v * sign),
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

/// A drill's verdict on the player's last move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Feedback {
    /// The move was the line's.
    pub correct: bool,
    /// The move played.
    pub played: Square,
    /// The line's move.
    pub expected: Square,
    /// The values of the move played and the line's move; `None` while the search runs.
    pub values: Option<DrillValues>,
}

/// What a wrong drill move and the line's move are worth, for Black (as every value the page shows).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrillValues {
    /// The move played, in hundredths of a disc.
    pub played: i32,
    /// The line's move.
    pub expected: i32,
    /// Where the values come from.
    pub source: ValueSource,
}

/// Where a drill's values come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueSource {
    /// The opening book.
    Book,
    /// A quick search.
    Search,
}

/// The line being drilled.
#[derive(Clone, Debug, PartialEq)]
pub struct DrillRound {
    /// The line (written from f5).
    pub line: Line,
    /// The player's colour.
    pub color: Color,
    /// The frame the line is played in.
    pub frame: Symmetry,
    /// Moves of the line played so far.
    pub ply: usize,
    /// The position on the board.
    pub position: Position,
    /// The last move played, with the position before it.
    pub last: Option<(Position, Square)>,
    /// Mistakes in this round.
    pub mistakes: u32,
    /// The verdict on the player's last move.
    pub feedback: Option<Feedback>,
    /// The day the round started (for the schedule).
    pub today: i64,
    /// The line has been played to its end.
    pub done: bool,
}

impl DrillRound {
    /// The line's next move in the board's frame, if the line goes on.
    pub fn expected(&self) -> Option<Square> {
        self.line
            .moves
            .get(self.ply)
            .map(|&s| self.frame.apply_square(s))
    }

    /// Plays the line's next move.
    fn advance(&mut self) {
        if let Some(square) = self.expected() {
            if let Some(next) = self.position.play(square) {
                self.last = Some((self.position, square));
                self.position = next;
                self.ply += 1;
            }
        }
    }

    /// Plays the opponent's moves of the line until the player is to move or the line ends.
    fn reply(&mut self) {
        while self.expected().is_some() && self.position.to_move != self.color {
            self.advance();
        }
        if self.expected().is_none() {
            self.done = true;
        }
    }
}

impl Training {
    /// The next line of the drill, in a frame `seed` picks; the round ends when none is due.
    pub(super) fn next_line(&mut self, color: Color, today: i64, seed: u64, out: &mut Outbox) {
        self.valuing.reset(out);
        let Some(choice) = self.choice else {
            return;
        };
        let all = lines(choice, color);
        let skip = self.drill.as_ref().map(|d| d.line.key(color));
        let Some(index) = self
            .progress
            .drills
            .next(&all, color, today, skip.as_deref())
        else {
            self.drill = None;
            return;
        };
        let frames = frames();
        let mut round = DrillRound {
            line: all[index].clone(),
            color,
            frame: frames[(seed % frames.len() as u64) as usize],
            ply: 0,
            position: Position::START,
            last: None,
            mistakes: 0,
            feedback: None,
            today,
            done: false,
        };
        round.reply();
        self.tab = Tab::Drills;
        self.drill = Some(round);
    }

    /// The player's move `square` in the drill: the line goes on, or the mistake is valued (by the
    /// book, else by a quick search).
    pub(super) fn drill_move(&mut self, square: Square, out: &mut Outbox) {
        let Some(round) = self.drill.as_mut() else {
            return;
        };
        let Some(expected) = round.expected() else {
            return;
        };
        if round.done || !round.position.board.is_legal(square) {
            return;
        }
        // A move that is the line's in another frame that agrees with every move so far (at the first
        // move, any of the four first moves) is right: the drill goes on in that frame.
        if let Some(frame) = frames().into_iter().find(|f| {
            let moves = &round.line.moves[..=round.ply];
            moves[..round.ply]
                .iter()
                .all(|&m| f.apply_square(m) == round.frame.apply_square(m))
                && f.apply_square(moves[round.ply]) == square
        }) {
            round.frame = frame;
        }
        let expected = round.expected().unwrap_or(expected);
        if square == expected {
            round.feedback = Some(Feedback {
                correct: true,
                played: square,
                expected,
                values: None,
            });
            round.advance();
            round.reply();
            if round.done {
                let key = round.line.key(round.color);
                self.progress
                    .drills
                    .record(&key, round.today, round.mistakes);
            }
            return;
        }
        round.mistakes += 1;
        let book = Book::builtin();
        let value = |s| book.value_for_black(&round.position, s);
        let values = match (value(square), value(expected)) {
            (Some(played), Some(wanted)) => Some(DrillValues {
                played,
                expected: wanted,
                source: ValueSource::Book,
            }),
            _ => None,
        };
        round.feedback = Some(Feedback {
            correct: false,
            played: square,
            expected,
            values,
        });
        self.valuing.reset(out);
        if values.is_none() {
            let position = round.position;
            let asker = TrainingAsk::Drill;
            self.valuing
                .ask(out, asker, position, |id| Request::Analyse {
                    id,
                    position,
                    limit: Some(DRILL_SEARCH_DEPTH),
                });
        }
    }

    /// The quick search valued the wrong move: at the drill's depth (or exact, nearer the end), its last
    /// report is taken.
    pub(super) fn valued(&mut self, id: RequestId, analysis: &WireAnalysis) {
        if !self.valuing.waits_for(id) || !(analysis.exact || analysis.depth >= DRILL_SEARCH_DEPTH)
        {
            return;
        }
        self.valuing.settle(id, Ok(()));
        if let Some(drill) = self.drill.as_mut() {
            drill.take_values(analysis);
        }
    }
}

#[cfg(test)]
mod tests;
