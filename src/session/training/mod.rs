//! The training room: endgame puzzles and opening drills on the main board, every answer judged at once.
//! Plain Rust (no yew), tested natively: the session holds a [`Training`], routes the board's clicks and the
//! workers' answers to it while it is open, and keeps its game (clock stopped, no AI move) until it closes.
//!
//! Puzzles come from a worker ([`Request::Puzzle`]: the worker loads the puzzle file once); each carries
//! every move's exact score and the perfect line, so judging needs no search. Drills play a line from the
//! named openings or the book in one of the four frames of the start position; a wrong move is valued from
//! the book, or by a quick search ([`Request::Analyse`]) where the book has no value.
//! Progress (puzzle counts, the drills' Leitner schedule) is kept in storage under a versioned key.

pub mod drill;
mod progress;

pub use self::progress::{Progress, ProgressError, PuzzleStats};

use self::drill::{frames, lines, DrillChoice, Line};
use super::ask::Ask;
use crate::protocol::{PuzzlePick, Request, RequestId, Response, WirePuzzle};
use crate::session::outbox::Outbox;
use crate::session::Asker;
use reversi_engine::book::Book;
use reversi_engine::puzzles::LEVELS;
use reversi_engine::{Bitboard, Color, Position, Square, Symmetry};

/// The storage key of the training progress (the version is part of it: a new format takes a new key).
pub const PROGRESS_KEY: &str = "reversi-training-v1";

/// Plies of the quick search that values a drill's wrong move when the book has no value.
pub const DRILL_SEARCH_DEPTH: u32 = 8;

/// What the player did in the training room.
#[derive(Clone, Debug, PartialEq)]
pub enum TrainingAction {
    /// Open the room (the game is kept as it is).
    Open,
    /// Take `Progress` as the room's (this tab's progress merged with another tab's: see
    /// [`Progress::merge`]).
    Adopt(Progress),
    /// Leave the room: the game comes back.
    Close,
    /// Show puzzles or drills.
    Show(Tab),
    /// Puzzles of a level, 1 to 5, from where the player left off.
    StartPuzzles(u8),
    /// The puzzle of `day` (days since 1970-01-01, local date).
    DailyPuzzle(i64),
    /// The next puzzle of the level.
    NextPuzzle,
    /// The same puzzle again (not counted a second time).
    RetryPuzzle,
    /// Show the position after this many moves of the perfect line (0: the player's answer).
    StepLine(usize),
    /// Start drilling `choice` as `color` on `today`; `seed` picks the frame.
    StartDrill {
        /// The lines.
        choice: DrillChoice,
        /// The player's colour.
        color: Color,
        /// Days since 1970-01-01, local date.
        today: i64,
        /// Picks the frame.
        seed: u64,
    },
    /// The next line of the drill.
    NextLine {
        /// Days since 1970-01-01, local date.
        today: i64,
        /// Picks the frame.
        seed: u64,
    },
}

/// Which of the room's asks a request is for: its replies come home to it (see
/// [`crate::session::Asker`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TrainingAsk {
    /// A puzzle ([`Training::asked`]).
    Puzzle,
    /// The quick search valuing a drill's wrong move ([`Training::valuing`]).
    Drill,
}

/// The room's two parts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Tab {
    /// Endgame puzzles.
    #[default]
    Puzzles,
    /// Opening drills.
    Drills,
}

/// The puzzle on the board.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleRound {
    /// The puzzle.
    pub puzzle: WirePuzzle,
    /// The daily puzzle of this day.
    pub daily: Option<i64>,
    /// The player's move, once made.
    pub answer: Option<Square>,
    /// Moves of the perfect line shown after the answer (0: the answer itself).
    pub step: usize,
    /// A retry: the counts already have this puzzle.
    pub retry: bool,
}

impl PuzzleRound {
    /// True when the answer was the one best move.
    pub fn correct(&self) -> Option<bool> {
        self.answer.map(|a| a == self.puzzle.moves[0].0)
    }

    /// The loss of the answer against the best move, in discs.
    pub fn loss(&self) -> Option<i32> {
        let answer = self.answer?;
        let value = self.puzzle.moves.iter().find(|m| m.0 == answer)?.1;
        Some(self.puzzle.moves[0].1 - value)
    }

    /// The positions of the perfect line after each of its moves.
    pub fn line_positions(&self) -> Vec<(Position, Square)> {
        let mut position = self.puzzle.position;
        let mut out = Vec::new();
        for &square in &self.puzzle.line {
            match position.play(square) {
                Some(next) => position = next,
                None => break,
            }
            out.push((position, square));
        }
        out
    }

    /// The position on the board, the move that led to it and the position before that move.
    pub fn shown(&self) -> (Position, Option<(Position, Square)>) {
        let start = self.puzzle.position;
        match (self.answer, self.step) {
            (None, _) => (start, None),
            (Some(answer), 0) => (start.play(answer).unwrap_or(start), Some((start, answer))),
            (Some(_), step) => {
                let line = self.line_positions();
                let before = if step >= 2 {
                    line[step.min(line.len()) - 2].0
                } else {
                    start
                };
                let (after, square) = line[step.min(line.len()) - 1];
                (after, Some((before, square)))
            }
        }
    }
}

/// What became of stored progress that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProgressLost {
    /// Copied aside under this storage key.
    KeptAt(String),
    /// The storage took no copy (it may be full): the stored text is left where it is.
    NotKept,
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

/// What a wrong drill move and the line's move are worth, for the player.
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

/// What the room's board shows: the position, the last move with the position before it, and the squares
/// a click plays.
pub type RoomBoard = (Position, Option<(Position, Square)>, Bitboard);

/// The training room's state.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Training {
    /// The room is open (the board is the room's).
    pub open: bool,
    /// The part shown.
    pub tab: Tab,
    /// The level of the puzzles (1 to 5).
    pub level: u8,
    /// The puzzle on the board.
    pub puzzle: Option<PuzzleRound>,
    /// The puzzle asked of a worker (which one), and whether the last came or why it could not be had
    /// (a puzzle that came is [`Training::puzzle`]).
    pub asked: Ask<PuzzlePick, ()>,
    /// What the drill asks.
    pub choice: Option<DrillChoice>,
    /// The line being drilled.
    pub drill: Option<DrillRound>,
    /// The quick search valuing a drill's wrong move, for its position.
    pub valuing: Ask<Position, ()>,
    /// Counts and schedule, kept in storage.
    pub progress: Progress,
    /// Stored progress could not be read (and what became of it).
    pub progress_lost: Option<ProgressLost>,
}

impl Training {
    /// A closed room with `progress`.
    pub fn new(progress: Progress) -> Training {
        Training {
            level: 1,
            progress,
            ..Training::default()
        }
    }

    /// The position on the board, the last move with the position before it, and the squares a click
    /// plays (`None` before an exercise begins).
    pub fn board(&self) -> Option<RoomBoard> {
        match self.tab {
            Tab::Puzzles => self.puzzle.as_ref().map(|round| {
                let (position, last) = round.shown();
                let clickable = if round.answer.is_none() {
                    position.board.moves()
                } else {
                    Bitboard::EMPTY
                };
                (position, last, clickable)
            }),
            Tab::Drills => self.drill.as_ref().map(|round| {
                let clickable = if round.done {
                    Bitboard::EMPTY
                } else {
                    round.position.board.moves()
                };
                (round.position, round.last, clickable)
            }),
        }
    }

    /// The move the board marks as the answer: a puzzle's best move once a wrong one was played there (and
    /// while the board still shows the puzzle's position), a drill's line move after a wrong one.
    pub fn solution(&self) -> Option<Square> {
        match self.tab {
            Tab::Puzzles => {
                let round = self.puzzle.as_ref()?;
                (round.correct() == Some(false) && round.step == 0)
                    .then_some(round.puzzle.moves[0].0)
            }
            Tab::Drills => {
                let feedback = self.drill.as_ref()?.feedback.as_ref()?;
                (!feedback.correct).then_some(feedback.expected)
            }
        }
    }

    /// The ids this room waits for (so the session hands it their answers).
    pub fn waits_for(&self, id: RequestId) -> bool {
        self.asked.waits_for(id) || self.valuing.waits_for(id)
    }

    /// Withdraws what the room asked (when it closes).
    pub fn cancel(&mut self, out: &mut Outbox) {
        self.asked.withdraw(out);
        self.valuing.withdraw(out);
    }

    /// Applies `action`; requests leave through `out`.
    pub fn apply(&mut self, action: TrainingAction, out: &mut Outbox) {
        match action {
            TrainingAction::Open => self.open = true,
            TrainingAction::Adopt(progress) => self.progress = progress,
            TrainingAction::Close => {
                self.open = false;
                self.cancel(out);
            }
            TrainingAction::Show(tab) => self.tab = tab,
            TrainingAction::StartPuzzles(level) => {
                self.level = level.clamp(1, LEVELS);
                let index = self.progress.puzzles.next[self.level as usize - 1];
                self.ask(
                    PuzzlePick::Level {
                        level: self.level,
                        index,
                    },
                    out,
                );
            }
            TrainingAction::DailyPuzzle(day) => self.ask(PuzzlePick::Daily { day }, out),
            TrainingAction::NextPuzzle => self.apply(TrainingAction::StartPuzzles(self.level), out),
            TrainingAction::RetryPuzzle => {
                if let Some(round) = self.puzzle.as_mut() {
                    round.retry = true;
                    round.answer = None;
                    round.step = 0;
                }
            }
            TrainingAction::StepLine(step) => {
                if let Some(round) = self.puzzle.as_mut().filter(|r| r.answer.is_some()) {
                    round.step = step.min(round.puzzle.line.len());
                }
            }
            TrainingAction::StartDrill {
                choice,
                color,
                today,
                seed,
            } => {
                self.choice = Some(choice);
                self.drill = None;
                self.next_line(color, today, seed, out);
            }
            TrainingAction::NextLine { today, seed } => {
                let color = self.drill.as_ref().map_or(Color::Black, |d| d.color);
                self.next_line(color, today, seed, out);
            }
        }
    }

    fn ask(&mut self, pick: PuzzlePick, out: &mut Outbox) {
        self.asked.reset(out);
        self.tab = Tab::Puzzles;
        let asker = Asker::Training(TrainingAsk::Puzzle);
        self.asked
            .ask(out, asker, pick, |id| Request::Puzzle { id, pick });
    }

    fn next_line(&mut self, color: Color, today: i64, seed: u64, out: &mut Outbox) {
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

    /// A click on `square` of the room's board.
    pub fn click(&mut self, square: Square, out: &mut Outbox) {
        match self.tab {
            Tab::Puzzles => self.answer_puzzle(square),
            Tab::Drills => self.drill_move(square, out),
        }
    }

    fn answer_puzzle(&mut self, square: Square) {
        let Some(round) = self.puzzle.as_mut() else {
            return;
        };
        if round.answer.is_some() || !round.puzzle.position.board.is_legal(square) {
            return;
        }
        round.answer = Some(square);
        round.step = 0;
        if round.retry {
            return;
        }
        let correct = round.correct() == Some(true);
        let stats = &mut self.progress.puzzles;
        stats.attempted += 1;
        if correct {
            stats.solved += 1;
            stats.streak += 1;
            stats.best_streak = stats.best_streak.max(stats.streak);
            if let Some(day) = round.daily {
                stats.daily_solved = Some(day);
            }
        } else {
            stats.streak = 0;
        }
        if round.daily.is_none() {
            // The next visit starts after this one.
            let level = round.puzzle.level.clamp(1, LEVELS) as usize;
            stats.next[level - 1] = round.puzzle.index + 1;
        }
    }

    fn drill_move(&mut self, square: Square, out: &mut Outbox) {
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
        let sign = if round.position.to_move == Color::Black {
            1
        } else {
            -1
        };
        let value = |s| book.value_for_black(&round.position, s).map(|v| v * sign);
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
            let asker = Asker::Training(TrainingAsk::Drill);
            self.valuing
                .ask(out, asker, position, |id| Request::Analyse {
                    id,
                    position,
                    limit: Some(DRILL_SEARCH_DEPTH),
                });
        }
    }

    /// A worker's reply to one of the room's asks, home to that ask (which takes the replies of its
    /// question in flight only).
    pub fn receive(&mut self, ask: TrainingAsk, response: Response) {
        let id = response.id();
        match (ask, response) {
            (TrainingAsk::Puzzle, Response::Puzzle { puzzle, .. }) if self.asked.waits_for(id) => {
                let daily = match self.asked.asked_key() {
                    Some(&PuzzlePick::Daily { day }) => Some(day),
                    _ => None,
                };
                self.asked.settle(id, Ok(()));
                self.puzzle = Some(PuzzleRound {
                    daily,
                    puzzle,
                    answer: None,
                    step: 0,
                    retry: false,
                });
            }
            (TrainingAsk::Puzzle, Response::Error { error, .. }) => {
                self.asked.settle(id, Err(error));
            }
            // The drill's depth (or exact values, nearer the end): the analysis's last report.
            (TrainingAsk::Drill, Response::Analysis { analysis, .. })
                if self.valuing.waits_for(id)
                    && (analysis.exact || analysis.depth >= DRILL_SEARCH_DEPTH) =>
            {
                self.valuing.settle(id, Ok(()));
                if let Some(drill) = self.drill.as_mut() {
                    drill.take_values(&analysis);
                }
            }
            (TrainingAsk::Drill, Response::Error { error, .. }) => {
                self.valuing.settle(id, Err(error));
            }
            (TrainingAsk::Puzzle | TrainingAsk::Drill, _) => {}
        }
    }
}

#[cfg(test)]
mod tests;
