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
mod puzzles;

pub use self::drill::{DrillRound, DrillValues, Feedback, ValueSource};
pub use self::progress::{Progress, ProgressError, PuzzleStats};
pub use self::puzzles::PuzzleRound;

use self::drill::DrillChoice;
use super::effects::ask::Ask;
use crate::protocol::{PuzzlePick, RequestId, Response};
use crate::session::effects::outbox::Outbox;
use reversi_engine::puzzles::LEVELS;
use reversi_engine::{Bitboard, Color, Position, Square};

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
    /// The progress kept could not be read (and what became of it): the room starts afresh, and says so.
    Lost(ProgressLost),
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

impl TrainingAction {
    /// Whether the action puts a new position on the room's board (an exercise begun, a step of its line):
    /// the page then brings the board into view.
    pub fn shows_position(&self) -> bool {
        matches!(
            self,
            TrainingAction::StartPuzzles(_)
                | TrainingAction::DailyPuzzle(_)
                | TrainingAction::NextPuzzle
                | TrainingAction::RetryPuzzle
                | TrainingAction::StepLine(_)
                | TrainingAction::StartDrill { .. }
                | TrainingAction::NextLine { .. }
        )
    }
}

/// Which of the room's asks a request is for: its replies come home to it. The room asks with it alone;
/// the outbox maps it to the root's asker (as Elm's `Cmd.map`).
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

/// What became of stored progress that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProgressLost {
    /// Copied aside under this storage key.
    KeptAt(String),
    /// The storage took no copy (it may be full): the stored text is left where it is.
    NotKept,
}

/// What the room's board shows: the position, the last move with the position before it, and the squares
/// a click plays.
pub type RoomBoard = (Position, Option<(Position, Square)>, Bitboard);

/// The training room's state.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Training {
    /// The room is open (the board is the room's).
    open: bool,
    /// The part shown.
    tab: Tab,
    /// The level of the puzzles (1 to 5).
    level: u8,
    /// The puzzle on the board.
    puzzle: Option<PuzzleRound>,
    /// The puzzle asked of a worker (which one), and whether the last came or why it could not be had
    /// (a puzzle that came is [`Training::puzzle`]).
    asked: Ask<PuzzlePick, ()>,
    /// What the drill asks.
    choice: Option<DrillChoice>,
    /// The line being drilled.
    drill: Option<DrillRound>,
    /// The quick search valuing a drill's wrong move, for its position.
    valuing: Ask<Position, ()>,
    /// Counts and schedule, kept in storage.
    progress: Progress,
    /// Stored progress could not be read (and what became of it).
    progress_lost: Option<ProgressLost>,
}

impl Training {
    /// The room is open (the board is the room's).
    pub fn is_open(&self) -> bool {
        self.open
    }

    /// The part shown.
    pub fn tab(&self) -> Tab {
        self.tab
    }

    /// The level of the puzzles (1 to 5).
    pub fn level(&self) -> u8 {
        self.level
    }

    /// The puzzle on the board.
    pub fn puzzle(&self) -> Option<&PuzzleRound> {
        self.puzzle.as_ref()
    }

    /// The puzzle asked of a worker, and whether the last came or why it could not be had.
    pub fn asked(&self) -> &Ask<PuzzlePick, ()> {
        &self.asked
    }

    /// What the drill asks.
    pub fn choice(&self) -> Option<DrillChoice> {
        self.choice
    }

    /// The line being drilled.
    pub fn drill(&self) -> Option<&DrillRound> {
        self.drill.as_ref()
    }

    /// The quick search valuing a drill's wrong move.
    pub fn valuing(&self) -> &Ask<Position, ()> {
        &self.valuing
    }

    /// Counts and schedule, kept in storage.
    pub fn progress(&self) -> &Progress {
        &self.progress
    }

    /// Stored progress could not be read (and what became of it).
    pub fn progress_lost(&self) -> Option<&ProgressLost> {
        self.progress_lost.as_ref()
    }

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
            TrainingAction::Lost(lost) => self.progress_lost = Some(lost),
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

    /// A click on `square` of the room's board.
    pub fn click(&mut self, square: Square, out: &mut Outbox) {
        match self.tab {
            Tab::Puzzles => self.answer_puzzle(square),
            Tab::Drills => self.drill_move(square, out),
        }
    }

    /// A worker's reply to one of the room's asks, home to that ask (which takes the replies of its
    /// question in flight only).
    pub fn receive(&mut self, ask: TrainingAsk, response: Response) {
        let id = response.id();
        match (ask, response) {
            (TrainingAsk::Puzzle, Response::Puzzle { puzzle, .. }) => self.took_puzzle(id, puzzle),
            (TrainingAsk::Puzzle, Response::Error { error, .. }) => {
                self.asked.settle(id, Err(error));
            }
            (TrainingAsk::Drill, Response::Analysis { analysis, .. }) => self.valued(id, &analysis),
            (TrainingAsk::Drill, Response::Error { error, .. }) => {
                self.valuing.settle(id, Err(error));
            }
            // Not an answer to this room's asks (named one by one: a new kind of reply is a decision here).
            (TrainingAsk::Puzzle, Response::Analysis { .. })
            | (TrainingAsk::Drill, Response::Puzzle { .. })
            | (
                TrainingAsk::Puzzle | TrainingAsk::Drill,
                Response::Pong { .. }
                | Response::Perft { .. }
                | Response::Thinking { .. }
                | Response::BestMove { .. }
                | Response::Analysed { .. }
                | Response::Reviewed { .. }
                | Response::Explored { .. }
                | Response::Start { .. }
                | Response::Games { .. }
                | Response::Stable { .. }
                | Response::Spawned { .. }
                | Response::Helped { .. }
                | Response::Alive,
            ) => {}
        }
    }
}

#[cfg(test)]
mod tests;
