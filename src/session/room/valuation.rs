//! The analysis room's valuation: the evaluation graph's values and the game review, kept by position (and
//! by position and move), so undo, redo and browsing never lose them and a game played again is valued at
//! once. Its questions to the workers are many at once ([`super::Room::parallel`]), so it keeps a list of
//! them rather than one [`crate::session::effects::ask::Ask`].

use std::collections::{HashMap, HashSet};

use super::RoomAsk;
use crate::protocol::{Request, RequestId, Response, ScoreKind};
use crate::session::effects::outbox::Outbox;
use reversi_engine::review::{mark, Mark, DEFAULT_REVIEW_DEPTH, GRAPH_DEPTH};
use reversi_engine::{Color, Game, Move, Position, Square, DISC};

/// A position's value, as the analyst found it.
#[derive(Clone, Debug, PartialEq)]
pub struct Valued {
    /// For the side to move, in hundredths of a disc.
    pub score: i32,
    /// What the score means.
    pub kind: ScoreKind,
    /// Plies searched.
    pub depth: u32,
    /// The best move.
    pub best: Move,
    /// The line the search expects, the best move first.
    pub line: Vec<Square>,
}

/// A review of the whole game, running or done.
#[derive(Clone, Debug, PartialEq)]
pub struct ReviewRun {
    /// Plies searched.
    pub depth: u32,
    /// Moves valued so far, and moves to value.
    pub done: usize,
    /// Moves to value.
    pub total: usize,
    /// True once every move is valued.
    pub finished: bool,
}

/// One move of the game, reviewed.
#[derive(Clone, Debug, PartialEq)]
pub struct ReviewedMove {
    /// The ply's index in the record (0: black's first move).
    pub ply: usize,
    /// Who played it.
    pub color: Color,
    /// The move.
    pub played: Square,
    /// The best move found.
    pub best: Move,
    /// The line the review expects from the best move on.
    pub line: Vec<Square>,
    /// Discs lost against the best move.
    pub loss: i32,
    /// Its mark, if its loss earns one.
    pub mark: Option<Mark>,
}

/// A point of the evaluation graph: the value after a move.
#[derive(Clone, Debug, PartialEq)]
pub struct GraphPoint {
    /// Moves played (1: after black's first move).
    pub ply: usize,
    /// Value in discs from black's side.
    pub value: f64,
    /// True when the value is the exact final result under perfect play.
    pub exact: bool,
}

/// Both sides' discs lost so far, after a move.
#[derive(Clone, Debug, PartialEq)]
pub struct LossPoint {
    /// Moves played (1: after black's first move).
    pub ply: usize,
    /// Black's losses added up, in discs.
    pub black: f64,
    /// White's.
    pub white: f64,
}

impl LossPoint {
    /// The scale a graph of these losses takes, in discs: 4, 8, 16, 32 or 64, the smallest that holds the
    /// larger total; past 64 the next multiple of 32 (a game's losses add up past any one value).
    pub fn scale(points: &[LossPoint]) -> f64 {
        let most = points
            .iter()
            .map(|p| p.black.max(p.white))
            .fold(0.0, f64::max);
        [4.0, 8.0, 16.0, 32.0, 64.0]
            .into_iter()
            .find(|&r| most <= r)
            .unwrap_or_else(|| (most / 32.0).ceil() * 32.0)
    }
}

/// What the room asked the analyst and has not heard back.
#[derive(Clone, Debug, PartialEq)]
struct Asked {
    id: RequestId,
    position: Position,
    played: Option<Square>,
    depth: u32,
}

/// The graph's and the review's values, and their questions in flight.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Valuation {
    scores: HashMap<Position, Valued>,
    played: HashMap<(Position, Square), (i32, u32)>,
    /// Positions the analyst refused (never asked again: the graph leaves a gap).
    refused: HashSet<Position>,
    /// The review, once asked for.
    review: Option<ReviewRun>,
    asked: Vec<Asked>,
}

/// Every position of the record before a ply, with the move played there (placements only), then the last.
fn positions(game: &Game) -> Vec<(Position, Option<Square>)> {
    let mut out: Vec<(Position, Option<Square>)> = game
        .plies()
        .iter()
        .map(|ply| (ply.before, ply.mv.square()))
        .collect();
    out.push((game.position(), None));
    out
}

fn from_black(position: &Position, score: i32) -> f64 {
    let sign = if position.to_move == Color::Black {
        1
    } else {
        -1
    };
    (sign * score) as f64 / DISC as f64
}

impl Valuation {
    /// How many positions have a value.
    #[cfg(test)]
    pub(super) fn known(&self) -> usize {
        self.scores.len()
    }
    /// Takes values found before (kept with the game across a reload): a position valued already keeps its
    /// own.
    pub fn seed(&mut self, values: Vec<(Position, Valued)>) {
        for (position, valued) in values {
            self.scores.entry(position).or_insert(valued);
        }
    }

    /// The values known for the record's positions.
    pub fn of_game(&self, game: &Game) -> Vec<(Position, Valued)> {
        positions(game)
            .iter()
            .filter_map(|(position, _)| Some((*position, self.value(position)?.clone())))
            .collect()
    }

    /// The value known for a position, if any.
    pub fn value(&self, position: &Position) -> Option<&Valued> {
        self.scores.get(position)
    }

    /// The graph's points: the value after each move of the record that is valued so far.
    pub fn graph(&self, game: &Game) -> Vec<GraphPoint> {
        positions(game)
            .iter()
            .enumerate()
            .skip(1)
            .filter_map(|(ply, (position, _))| {
                let valued = self.value(position)?;
                Some(GraphPoint {
                    ply,
                    value: from_black(position, valued.score),
                    exact: valued.kind == ScoreKind::Exact,
                })
            })
            .collect()
    }

    /// Each side's discs lost, added up over the game: after each move, both totals. From the review's
    /// losses where it valued the move, else from the graph's values (what the value fell by for the side
    /// that moved); a move valued by neither adds nothing yet.
    pub fn running_losses(&self, game: &Game) -> Vec<LossPoint> {
        let all = positions(game);
        let reviewed = self.reviewed(game);
        let (mut black, mut white) = (0.0, 0.0);
        let mut out = Vec::new();
        for (ply, (position, played)) in all.iter().enumerate() {
            if played.is_none() {
                continue;
            }
            let mover = position.to_move;
            let loss = match reviewed.iter().find(|m| m.ply == ply) {
                Some(m) => Some(m.loss as f64),
                None => all.get(ply + 1).and_then(|(after, _)| {
                    let before = from_black(position, self.value(position)?.score);
                    let after = from_black(after, self.value(after)?.score);
                    let fell = match mover {
                        Color::Black => before - after,
                        Color::White => after - before,
                    };
                    Some(fell.max(0.0))
                }),
            };
            match mover {
                Color::Black => black += loss.unwrap_or(0.0),
                Color::White => white += loss.unwrap_or(0.0),
            }
            out.push(LossPoint {
                ply: ply + 1,
                black,
                white,
            });
        }
        out
    }

    /// The record's moves with the discs each lost, where the review has valued them.
    pub fn reviewed(&self, game: &Game) -> Vec<ReviewedMove> {
        let Some(run) = &self.review else {
            return Vec::new();
        };
        positions(game)
            .iter()
            .enumerate()
            .filter_map(|(ply, (position, played))| {
                let played = (*played)?;
                let (best, played_score) = self.valued_move(position, played, run.depth)?;
                let loss = ((best.score - played_score).max(0) + DISC / 2) / DISC;
                Some(ReviewedMove {
                    ply,
                    color: position.to_move,
                    played,
                    best: best.best,
                    line: best.line.clone(),
                    loss,
                    mark: mark(loss),
                })
            })
            .collect()
    }

    /// Each side's average loss per move (black, white) over the reviewed moves.
    pub fn average_losses(reviewed: &[ReviewedMove]) -> (f64, f64) {
        let average = |color: Color| {
            let losses: Vec<i32> = reviewed
                .iter()
                .filter(|m| m.color == color)
                .map(|m| m.loss)
                .collect();
            if losses.is_empty() {
                0.0
            } else {
                losses.iter().sum::<i32>() as f64 / losses.len() as f64
            }
        };
        (average(Color::Black), average(Color::White))
    }

    /// The position's value and the played move's, both at `depth` or deeper.
    fn valued_move(
        &self,
        position: &Position,
        played: Square,
        depth: u32,
    ) -> Option<(&Valued, i32)> {
        let valued = self.scores.get(position).filter(|v| v.depth >= depth)?;
        if valued.best == Move::Place(played) {
            return Some((valued, valued.score));
        }
        let &(score, played_depth) = self.played.get(&(*position, played))?;
        (played_depth >= depth).then_some((valued, score))
    }

    /// Discs `square` loses against the best move of `position`, once both are valued at `depth` or deeper.
    pub fn move_loss(&self, position: &Position, square: Square, depth: u32) -> Option<i32> {
        let (best, score) = self.valued_move(position, square, depth)?;
        Some(((best.score - score).max(0) + DISC / 2) / DISC)
    }

    /// Whether the analyst refused to value `position`.
    pub fn is_refused(&self, position: &Position) -> bool {
        self.refused.contains(position)
    }

    /// Asks the value of `square` on `position` at `depth` (a move tried in "learn from your mistakes"),
    /// unless it is asked already: a question of its own, beside the graph's and the review's.
    pub fn ask_move(&mut self, position: Position, square: Square, depth: u32, out: &mut Outbox) {
        let asked = self
            .asked
            .iter()
            .any(|a| a.position == position && a.played == Some(square) && a.depth >= depth);
        if !asked {
            self.ask(position, Some(square), depth, out);
        }
    }

    /// Asks the analyst the value of `position` (and of the move `played` there) at `depth`.
    fn ask(&mut self, position: Position, played: Option<Square>, depth: u32, out: &mut Outbox) {
        let id = out.new_id();
        self.asked.push(Asked {
            id,
            position,
            played,
            depth,
        });
        out.send(
            RoomAsk::Valuation,
            Request::Review {
                id,
                position,
                played,
                depth,
            },
            0,
        );
    }

    /// True while a review runs.
    pub fn reviewing(&self) -> bool {
        self.review.as_ref().is_some_and(|r| !r.finished)
    }

    /// The ids of the questions in flight (the graph's and the review's).
    pub fn waiting(&self) -> Vec<RequestId> {
        self.asked.iter().map(|a| a.id).collect()
    }

    fn take_asked(&mut self, id: RequestId) -> Asked {
        let i = self.asked.iter().position(|a| a.id == id).expect("asked");
        self.asked.remove(i)
    }

    fn is_asked(&self, position: &Position, depth: u32) -> bool {
        self.asked
            .iter()
            .any(|a| a.position == *position && a.depth >= depth)
    }

    /// Brings the review's progress up to date; its next positions to value (not asked yet), while it runs.
    fn update_review(&mut self, game: &Game) -> Vec<(Position, Option<Square>, u32)> {
        let Some(run) = self.review.clone().filter(|r| !r.finished) else {
            return Vec::new();
        };
        let all = positions(game);
        let pending: Vec<&(Position, Option<Square>)> = all
            .iter()
            .filter(|(position, played)| {
                played.is_some_and(|played| {
                    !self.refused.contains(position)
                        && self.valued_move(position, played, run.depth).is_none()
                })
            })
            .collect();
        let total = all.iter().filter(|(_, played)| played.is_some()).count();
        let next: Vec<_> = pending
            .iter()
            .filter(|(position, _)| !self.is_asked(position, run.depth))
            .map(|&&(position, played)| (position, played, run.depth))
            .collect();
        let review = self.review.as_mut().expect("cloned above");
        review.total = total;
        review.done = total - pending.len();
        review.finished = pending.is_empty();
        next
    }

    /// The graph's positions without a value and not asked yet, in the game's order.
    fn graph_questions(&self, game: &Game) -> Vec<(Position, Option<Square>, u32)> {
        positions(game)
            .into_iter()
            .filter(|(position, _)| {
                !self.scores.contains_key(position)
                    && !self.refused.contains(position)
                    && !self.asked.iter().any(|a| a.position == *position)
            })
            .map(|(position, played)| (position, played, GRAPH_DEPTH))
            .collect()
    }

    /// The review, once asked for.
    pub fn review(&self) -> Option<&ReviewRun> {
        self.review.as_ref()
    }

    /// Starts a review of the whole game at the default depth.
    pub fn start_review(&mut self) {
        self.review = Some(ReviewRun {
            depth: DEFAULT_REVIEW_DEPTH,
            done: 0,
            total: 0,
            finished: false,
        });
    }

    /// Stops a running review (what it valued stays; the questions in flight are withdrawn, so the workers
    /// running them stop at once).
    pub fn cancel_review(&mut self, out: &mut Outbox) {
        if self.reviewing() {
            self.review = None;
            self.withdraw_questions(out);
        }
    }

    /// Drops the review of a game that is being replaced (a running one is stopped at once); the values it
    /// found stay, so reviewing a game with the same positions again is quick.
    pub fn forget_review(&mut self, out: &mut Outbox) {
        if self.reviewing() {
            self.withdraw_questions(out);
        }
        self.review = None;
    }

    fn withdraw_questions(&mut self, out: &mut Outbox) {
        for asked in std::mem::take(&mut self.asked) {
            out.cancel(asked.id);
        }
    }

    /// True when [`Valuation::sync`] has nothing to do: no review running, and no graph question it could
    /// ask with `parallel` in flight.
    pub fn settled(&self, game: &Game, parallel: usize) -> bool {
        !self.reviewing() && (self.asked.len() >= parallel || self.graph_questions(game).is_empty())
    }

    /// Asks the next questions, at most `parallel` in flight: the review's positions while it runs, else
    /// the graph's missing values.
    pub fn sync(&mut self, out: &mut Outbox, game: &Game, parallel: usize) {
        let review_next = self.update_review(game);
        // The review's questions first; the graph's once the review has nothing left to ask.
        let questions = if review_next.is_empty() && !self.reviewing() {
            self.graph_questions(game)
        } else {
            review_next
        };
        let free = parallel.saturating_sub(self.asked.len());
        for (position, played, depth) in questions.into_iter().take(free) {
            self.ask(position, played, depth, out);
        }
    }
}

mod receive;
