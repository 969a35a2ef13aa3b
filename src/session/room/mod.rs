//! The analysis room's state, as plain Rust (tested natively): the evaluation graph's values, the game review
//! and the opening explorer. Everything here is computed by the page's pool of engine workers, never on the
//! page's thread, and the AI's move always comes first there. The room asks as many questions at once as it
//! may use workers ([`Room::parallel`]): the review's positions first while a review runs, otherwise the
//! graph's missing values, plus the explorer's position.
//!
//! Values are kept by position (and by position and move), so undo, redo and browsing never lose them and a
//! game played again is valued at once.

use std::collections::{HashMap, HashSet};

use crate::client::channel::Channel;
use crate::protocol::{ExplorerRow, Request, RequestId, Response, ScoreKind, WireGame};
use reversi_engine::review::{mark, DEFAULT_REVIEW_DEPTH, GRAPH_DEPTH};
use reversi_engine::{Color, Game, Move, Position, Square, DISC};

/// The room's request ids start here, far from the game's, so that the pool tells whose a reply is.
pub const FIRST_ROOM_ID: RequestId = 1 << 40;

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
    /// `?!`, `?` or `??`.
    pub mark: Option<&'static str>,
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

/// What the player does with the expert games list.
#[derive(Clone, Debug, PartialEq)]
pub enum GamesAction {
    /// Show or hide it.
    Open(bool),
    /// Search for a part of a player's name (empty: everyone).
    Player(String),
    /// Show the page that starts at this offset.
    Page(u32),
}

/// Games the expert games list shows at once.
pub const GAMES_PAGE: u32 = 10;

/// Which page of the expert games list is wanted: for a position, a player's name, from an offset.
#[derive(Clone, Debug, PartialEq)]
pub struct GamesQuery {
    /// The position the games reached.
    pub position: Position,
    /// A part of a player's name (empty: everyone).
    pub player: String,
    /// Games skipped, newest first.
    pub offset: u32,
}

/// The expert games list: open or not, what it asks, what came.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GamesList {
    /// Whether it is shown (the games file loads the first time it is).
    pub open: bool,
    /// The name searched for.
    pub player: String,
    /// The page wanted (its position follows the board).
    pub offset: u32,
    /// The last answer: what it was for, the games in the whole list, and the page.
    pub answer: Option<(GamesQuery, u32, Vec<WireGame>)>,
    /// Why the list failed, if it did.
    pub error: Option<String>,
    asked: Option<(RequestId, GamesQuery)>,
    /// The position the offset is for: another one starts at the first page.
    at: Option<Position>,
}

impl GamesList {
    /// The query for the position on the board.
    pub fn query(&self, shown: &Position) -> GamesQuery {
        GamesQuery {
            position: *shown,
            player: self.player.trim().to_string(),
            offset: if self.at == Some(*shown) {
                self.offset
            } else {
                0
            },
        }
    }

    /// The answer for the position on the board, once it came.
    pub fn shown(&self, shown: &Position) -> Option<(&GamesQuery, u32, &[WireGame])> {
        let want = self.query(shown);
        self.answer
            .as_ref()
            .filter(|(q, _, _)| *q == want)
            .map(|(q, total, games)| (q, *total, games.as_slice()))
    }
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

/// What the room asked the analyst and has not heard back.
#[derive(Clone, Debug, PartialEq)]
struct Asked {
    id: RequestId,
    position: Position,
    played: Option<Square>,
    depth: u32,
}

/// The analysis room.
#[derive(Clone, Debug, PartialEq)]
pub struct Room {
    scores: HashMap<Position, Valued>,
    played: HashMap<(Position, Square), (i32, u32)>,
    /// Positions the analyst refused (never asked again: the graph leaves a gap).
    refused: HashSet<Position>,
    /// The review, once asked for.
    pub review: Option<ReviewRun>,
    /// Whether the opening explorer is shown.
    pub explorer_open: bool,
    /// The explorer's answer and the position it is for.
    pub explored: Option<(Position, Vec<ExplorerRow>)>,
    /// Why the explorer has nothing to show, if it failed.
    pub explorer_error: Option<String>,
    /// The expert games that reached the shown position.
    pub games: GamesList,
    asked: Vec<Asked>,
    explore_asked: Option<(RequestId, Position)>,
    /// The engine workers the page runs.
    workers: usize,
    /// What the room asks of the engine workers, and withdraws.
    pub channel: Channel,
}

impl Default for Room {
    fn default() -> Room {
        Room {
            scores: HashMap::new(),
            played: HashMap::new(),
            refused: HashSet::new(),
            review: None,
            explorer_open: false,
            explored: None,
            explorer_error: None,
            games: GamesList::default(),
            asked: Vec::new(),
            explore_asked: None,
            workers: 1,
            channel: Channel::new(FIRST_ROOM_ID),
        }
    }
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

impl Room {
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

    /// Starts a review of the whole game at the default depth.
    pub fn start_review(&mut self, game: &Game) {
        self.review = Some(ReviewRun {
            depth: DEFAULT_REVIEW_DEPTH,
            done: 0,
            total: 0,
            finished: false,
        });
        self.sync(game, None);
    }

    /// Stops a running review (what it valued stays; the questions in flight are withdrawn, so the workers
    /// running them stop at once).
    pub fn cancel_review(&mut self, game: &Game) {
        if self.reviewing() {
            self.review = None;
            self.withdraw_questions();
        }
        self.sync(game, None);
    }

    /// The ids of the questions in flight (the graph's and the review's).
    pub fn waiting(&self) -> Vec<RequestId> {
        self.asked.iter().map(|a| a.id).collect()
    }

    /// How many engine workers the page runs (see [`Room::parallel`]).
    pub fn set_workers(&mut self, workers: usize, game: &Game, shown: &Position) {
        self.workers = workers.max(1);
        self.sync(game, Some(shown));
    }

    /// How many questions the room asks at once: one per worker during a review (asked for, and worth every
    /// core; the AI's move still comes first, since the pool stops a room question for it), otherwise one
    /// worker fewer, so that the AI always finds one free (at least one).
    pub fn parallel(&self) -> usize {
        if self.reviewing() {
            self.workers
        } else {
            self.workers.saturating_sub(1).max(1)
        }
    }

    fn withdraw_questions(&mut self) {
        for asked in std::mem::take(&mut self.asked) {
            self.channel.cancel(asked.id);
        }
    }

    /// Drops the review of a game that is being replaced (a running one is stopped at once); the values it
    /// found stay, so reviewing a game with the same positions again is quick.
    pub fn forget_review(&mut self) {
        if self.reviewing() {
            self.withdraw_questions();
        }
        self.review = None;
    }

    /// True while a review runs.
    pub fn reviewing(&self) -> bool {
        self.review.as_ref().is_some_and(|r| !r.finished)
    }

    /// The analyst answered (or failed).
    pub fn receive(&mut self, response: Response, game: &Game, shown: &Position) {
        match response {
            Response::Reviewed {
                id,
                best,
                score,
                played_score,
                line,
                kind,
            } if self.asked.iter().any(|a| a.id == id) => {
                let asked = self.take_asked(id);
                let deeper = self
                    .scores
                    .get(&asked.position)
                    .is_none_or(|v| v.depth <= asked.depth);
                if deeper {
                    self.scores.insert(
                        asked.position,
                        Valued {
                            score,
                            kind,
                            depth: asked.depth,
                            best,
                            line,
                        },
                    );
                }
                if let (Some(played), Some(value)) = (asked.played, played_score) {
                    self.played
                        .insert((asked.position, played), (value, asked.depth));
                }
            }
            Response::Explored { id, moves } => {
                if let Some((asked, position)) = self.explore_asked.take() {
                    if asked == id {
                        self.explored = Some((position, moves));
                        self.explorer_error = None;
                    } else {
                        self.explore_asked = Some((asked, position));
                    }
                }
            }
            Response::Games { id, total, games } => {
                if let Some((asked, query)) = self.games.asked.take() {
                    if asked == id {
                        self.games.answer = Some((query, total, games));
                        self.games.error = None;
                    } else {
                        self.games.asked = Some((asked, query));
                    }
                }
            }
            Response::Error { id, message } => {
                if self.games.asked.as_ref().is_some_and(|(a, _)| *a == id) {
                    self.games.asked = None;
                    self.games.error = Some(message);
                } else if self.explore_asked.as_ref().is_some_and(|(a, _)| *a == id) {
                    self.explore_asked = None;
                    self.explorer_error = Some(message);
                } else if self.asked.iter().any(|a| a.id == id) {
                    let asked = self.take_asked(id);
                    self.refused.insert(asked.position);
                }
            }
            _ => {}
        }
        self.sync(game, Some(shown));
    }

    fn take_asked(&mut self, id: RequestId) -> Asked {
        let i = self.asked.iter().position(|a| a.id == id).expect("asked");
        self.asked.remove(i)
    }

    /// Shows or hides the explorer.
    pub fn set_explorer(&mut self, open: bool, game: &Game, shown: &Position) {
        self.explorer_open = open;
        self.explorer_error = None;
        self.sync(game, Some(shown));
    }

    /// Shows or hides the expert games list; searches it for a player's name; turns its pages.
    pub fn games_action(&mut self, action: GamesAction, game: &Game, shown: &Position) {
        match action {
            GamesAction::Open(open) => {
                self.games.open = open;
                self.games.error = None;
            }
            GamesAction::Player(name) => {
                self.games.player = name;
                self.games.offset = 0;
                self.games.error = None;
            }
            GamesAction::Page(offset) => {
                self.games.offset = offset;
                self.games.at = Some(*shown);
            }
        }
        self.sync(game, Some(shown));
    }

    /// Asks the next questions, as many as may be in flight: after every change to the game or the room.
    /// `shown` is the position on the board (the explorer follows it), `None` when unchanged.
    pub fn sync(&mut self, game: &Game, shown: Option<&Position>) {
        if let (true, Some(shown)) = (self.explorer_open, shown) {
            let key = *shown;
            let have = self.explored.as_ref().is_some_and(|(p, _)| *p == key);
            let asking = self.explore_asked.as_ref().is_some_and(|(_, p)| *p == key);
            if !have && !asking && self.explorer_error.is_none() {
                let id = self.channel.new_id();
                self.explore_asked = Some((id, key));
                self.channel.send(Request::Explore { id, position: key }, 0);
            }
        }
        if let (true, Some(shown)) = (self.games.open, shown) {
            let want = self.games.query(shown);
            let have = self
                .games
                .answer
                .as_ref()
                .is_some_and(|(q, _, _)| *q == want);
            let asking = self.games.asked.as_ref().is_some_and(|(_, q)| *q == want);
            if !have && !asking && self.games.error.is_none() {
                // A page asked before and no longer wanted is let run (withdrawing it could stop the
                // worker while it loads the file); its answer is not shown.
                let id = self.channel.new_id();
                self.channel.send(
                    Request::Games {
                        id,
                        position: want.position,
                        player: want.player.clone(),
                        offset: want.offset,
                        limit: GAMES_PAGE,
                    },
                    0,
                );
                self.games.asked = Some((id, want));
            }
        }
        let review_next = self.update_review(game);
        // The review's questions first; the graph's once the review has nothing left to ask.
        let questions = if review_next.is_empty() && !self.reviewing() {
            self.graph_questions(game)
        } else {
            review_next
        };
        let free = self.parallel().saturating_sub(self.asked.len());
        for (position, played, depth) in questions.into_iter().take(free) {
            let id = self.channel.new_id();
            self.asked.push(Asked {
                id,
                position,
                played,
                depth,
            });
            self.channel.send(
                Request::Review {
                    id,
                    position,
                    played,
                    depth,
                },
                0,
            );
        }
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
}

#[cfg(test)]
mod tests;
