//! Messages between the page and the engine's Web Worker. Every request carries an id, and every reply the id
//! of the request it answers, so the page can drop a reply that arrives after an undo or a new game.

use serde::{Deserialize, Serialize};

use reversi_engine::{
    Answer, Board, Color, Level, Move, Position, ProbeTask, RootPlan, SearchInfo, SearchLimits,
    SharedEntry, Square, Task, WINDOW_LIMIT,
};

/// The deepest perft the worker runs: deeper would block it for seconds.
pub const MAX_PERFT_DEPTH: u32 = 10;
/// The deepest analysis: every legal move is searched to this depth.
pub const MAX_ANALYSE_DEPTH: u32 = 10;
/// The largest transposition tables a worker has (MB): the page may give it less (see `ui::pool`).
pub const MAX_WORKER_HASH_MB: usize = 32;
/// Longest an analysis searches (milliseconds); it answers with the deepest depth finished by then.
pub const MAX_ANALYSE_MILLIS: f64 = 3000.0;

/// Identifies a request; the page increases it for every request it sends.
pub type RequestId = u64;

/// What the page asks of the worker.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Request {
    /// Liveness check: answered by [`Response::Pong`] with the same id.
    Ping {
        /// The request's id.
        id: RequestId,
    },
    /// Count the leaves `depth` plies below a position (a small engine self-check run in the worker).
    Perft {
        /// The request's id.
        id: RequestId,
        /// The position (on the wire `<64 squares> <X|O>`).
        #[serde(with = "text")]
        position: Position,
        /// Plies to count.
        depth: u32,
    },
    /// Choose a move at an AI level. Answered by [`Response::Thinking`] after each completed iteration, then
    /// one [`Response::BestMove`].
    Search {
        /// The request's id.
        id: RequestId,
        /// The position (on the wire `<64 squares> <X|O>`).
        #[serde(with = "text")]
        position: Position,
        /// AI level, 1 to 10.
        level: u8,
        /// Varies the choices of the noisy levels.
        seed: u64,
        /// At most this many milliseconds (the clock's remaining time), on top of the level's own cap.
        max_millis: Option<u32>,
    },
    /// The value of every legal move at a depth. Answered by [`Response::Analysis`].
    Analyse {
        /// The request's id.
        id: RequestId,
        /// The position (on the wire `<64 squares> <X|O>`).
        #[serde(with = "text")]
        position: Position,
        /// Plies to search below each move.
        depth: u32,
    },
    /// Value a position and the move played there, for the evaluation graph and the game review. Answered by
    /// [`Response::Reviewed`].
    Review {
        /// The request's id.
        id: RequestId,
        /// The position (on the wire `<64 squares> <X|O>`).
        #[serde(with = "text")]
        position: Position,
        /// The move played there (on the wire `d3`), if any.
        #[serde(with = "optional_text")]
        played: Option<Square>,
        /// Mid-game plies (1 to [`reversi_engine::review::MAX_REVIEW_DEPTH`]).
        depth: u32,
    },
    /// One share of a search that the page spreads over its workers (see `engine::search::split`).
    /// Answered by [`Response::TaskDone`].
    Task {
        /// The request's id.
        id: RequestId,
        /// What to search.
        task: WireTask,
    },
    /// The moves strong players chose in a position (the opening explorer). Answered by
    /// [`Response::Explored`]; the worker loads the explorer's file on the first such request.
    Explore {
        /// The request's id.
        id: RequestId,
        /// The position (on the wire `<64 squares> <X|O>`).
        #[serde(with = "text")]
        position: Position,
    },
    /// An endgame puzzle of the training room. Answered by [`Response::Puzzle`]; the worker loads the puzzle
    /// file on the first such request.
    Puzzle {
        /// The request's id.
        id: RequestId,
        /// Which puzzle.
        pick: PuzzlePick,
    },
}

/// Which puzzle a [`Request::Puzzle`] asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PuzzlePick {
    /// The `index`-th puzzle of `level` (1 to 5), counted round the level's puzzles.
    Level {
        /// The level.
        level: u8,
        /// Its place in the level (taken modulo the level's count).
        index: u32,
    },
    /// The puzzle of the day `day` (days since 1970-01-01 in the player's local date).
    Daily {
        /// The day.
        day: i64,
    },
}

/// A puzzle as the page gets it: everything needed to judge an answer and show perfect play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WirePuzzle {
    /// Its place in its level (0-based), with [`PuzzlePick::Level`]; its place in the file for the daily one.
    pub index: u32,
    /// How many puzzles its level holds (the whole file's count for the daily one).
    pub of: u32,
    /// Its level, 1 to 5.
    pub level: u8,
    /// The year of the game it comes from.
    pub year: u16,
    /// The position (on the wire `<64 squares> <X|O>`).
    #[serde(with = "text")]
    pub position: Position,
    /// Every legal move with its exact score for the side to move (discs), best first; on the wire `d3`.
    #[serde(with = "values_text")]
    pub moves: Vec<(Square, i32)>,
    /// Perfect play from the position, the best move first (on the wire a transcript).
    #[serde(with = "squares_text")]
    pub line: Vec<Square>,
}

/// One move of the opening explorer's answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExplorerRow {
    /// The move (on the wire `d3`).
    #[serde(with = "text")]
    pub square: Square,
    /// Games that went on with it.
    pub games: u32,
    /// Of those, won by black.
    pub black_wins: u32,
    /// Drawn.
    pub draws: u32,
    /// Won by white.
    pub white_wins: u32,
    /// Sum of the final disc differences (black minus white).
    pub score_sum: i64,
    /// The opening book's value of the move, from black's side, in hundredths of a disc (if the book has it).
    pub book: Option<i32>,
}

/// What a score means: the engine's own type, carried through serde by `ScoreKindDef` (the engine knows
/// nothing of serde).
pub use reversi_engine::ScoreKind;

/// The wire form of [`ScoreKind`] (a serde "remote" definition: it must list the same variants).
#[derive(Serialize, Deserialize)]
#[serde(remote = "ScoreKind")]
enum ScoreKindDef {
    Midgame { depth: u32 },
    Exact,
    WinLossDraw,
    Book,
}

/// What the worker answers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Response {
    /// Answer to [`Request::Ping`].
    Pong {
        /// The id of the ping.
        id: RequestId,
        /// The engine's version (the crate version), so the page can tell a stale cached worker.
        version: String,
    },
    /// Answer to [`Request::Perft`].
    Perft {
        /// The id of the request.
        id: RequestId,
        /// Leaf count.
        nodes: u64,
    },
    /// Progress of a [`Request::Search`].
    Thinking {
        /// The id of the request.
        id: RequestId,
        /// The best move so far (on the wire `d3`).
        #[serde(with = "text")]
        best: Square,
        /// Its value for the side to move, in hundredths of a disc.
        score: i32,
        /// What the score means.
        #[serde(with = "ScoreKindDef")]
        kind: ScoreKind,
        /// The expected continuation (on the wire a transcript, `f5d6c3`).
        #[serde(with = "squares_text")]
        pv: Vec<Square>,
        /// Nodes searched so far.
        nodes: u64,
    },
    /// Answer to [`Request::Search`].
    BestMove {
        /// The id of the request.
        id: RequestId,
        /// The move (on the wire `d3`), or a pass when no placement is legal.
        #[serde(with = "text")]
        best: Move,
        /// Its value for the side to move, in hundredths of a disc.
        score: i32,
        /// What the score means.
        #[serde(with = "ScoreKindDef")]
        kind: ScoreKind,
        /// Nodes searched.
        nodes: u64,
        /// Milliseconds spent.
        millis: u32,
    },
    /// Answer to [`Request::Analyse`]: every legal move with its value, best first.
    Analysis {
        /// The id of the request.
        id: RequestId,
        /// (square, value in hundredths of a disc); on the wire the squares are written `d3`.
        #[serde(with = "values_text")]
        values: Vec<(Square, i32)>,
    },
    /// Answer to [`Request::Review`]: values for the side to move, in hundredths of a disc.
    Reviewed {
        /// The id of the request.
        id: RequestId,
        /// The best move (on the wire `d3`, or `pass`).
        #[serde(with = "text")]
        best: Move,
        /// Its value.
        score: i32,
        /// The value of the move played, at the same depth.
        played_score: Option<i32>,
        /// What the scores mean.
        #[serde(with = "ScoreKindDef")]
        kind: ScoreKind,
    },
    /// Answer to [`Request::Explore`]: the moves, most played first (none when the position is not in the tree).
    Explored {
        /// The id of the request.
        id: RequestId,
        /// The moves.
        moves: Vec<ExplorerRow>,
    },
    /// Answer to [`Request::Puzzle`].
    Puzzle {
        /// The id of the request.
        id: RequestId,
        /// The puzzle.
        puzzle: WirePuzzle,
    },
    /// Answer to [`Request::Task`].
    TaskDone {
        /// The id of the request.
        id: RequestId,
        /// The result (`None`: the task reached its deadline first).
        answer: Option<WireAnswer>,
        /// Nodes searched.
        nodes: u64,
    },
    /// The request could not be carried out (e.g. a malformed position); the message says why.
    Error {
        /// The id of the request.
        id: RequestId,
        /// A human-readable reason.
        message: String,
    },
    /// The worker is alive: sent every [`HEARTBEAT_MS`] or so, while it waits and while it searches, so
    /// that the page notices at once a worker that died without a word (terminated, or killed by the
    /// browser). It answers no request (its id is 0).
    Alive,
}

/// How often a worker says it is alive (milliseconds).
pub const HEARTBEAT_MS: f64 = 250.0;

impl Request {
    /// The request's id.
    pub fn id(&self) -> RequestId {
        match self {
            Request::Ping { id }
            | Request::Perft { id, .. }
            | Request::Search { id, .. }
            | Request::Analyse { id, .. }
            | Request::Review { id, .. }
            | Request::Task { id, .. }
            | Request::Explore { id, .. }
            | Request::Puzzle { id, .. } => *id,
        }
    }
}

impl Response {
    /// The progress report of search `id` for `info` (`None` for a pass, which has nothing to show).
    pub fn thinking(id: RequestId, info: &SearchInfo) -> Option<Response> {
        match info.best {
            Move::Place(best) => Some(Response::Thinking {
                id,
                best,
                score: info.score,
                kind: info.kind,
                pv: info.pv.clone(),
                nodes: info.nodes,
            }),
            Move::Pass => None,
        }
    }

    /// The answer of search `id` with its result `info`.
    pub fn best_move(id: RequestId, info: &SearchInfo) -> Response {
        Response::BestMove {
            id,
            best: info.best,
            score: info.score,
            kind: info.kind,
            nodes: info.nodes,
            millis: info.millis.max(0.0) as u32,
        }
    }

    /// The id of the request this answers.
    pub fn id(&self) -> RequestId {
        match self {
            Response::Pong { id, .. }
            | Response::Perft { id, .. }
            | Response::Thinking { id, .. }
            | Response::BestMove { id, .. }
            | Response::Analysis { id, .. }
            | Response::Reviewed { id, .. }
            | Response::Explored { id, .. }
            | Response::Puzzle { id, .. }
            | Response::TaskDone { id, .. }
            | Response::Error { id, .. } => *id,
            Response::Alive => 0,
        }
    }
}

/// The limits of a search at an AI level, as the worker applies them: the level's own, the deadline and
/// target brought within `max_millis` (the clock's remaining time) from `now`. `None`: no such level.
pub fn level_limits(
    level: u8,
    now: f64,
    seed: u64,
    max_millis: Option<u32>,
) -> Option<SearchLimits> {
    let mut limits = Level::get(level)?.limits(now, seed);
    if let Some(max) = max_millis {
        let cap = now + max as f64;
        limits.deadline = Some(limits.deadline.map_or(cap, |d| d.min(cap)));
        limits.target = limits.target.map(|t| t.min(cap));
    }
    Some(limits)
}

/// A position on the wire with its side to move taken as black (a task's board has no colours).
fn board_position(board: &Board) -> Position {
    Position {
        board: *board,
        to_move: Color::Black,
    }
}

/// Milliseconds from `now` to `at` (0 when past), for the wire: workers' clocks have other origins.
fn millis_from(now: f64, at: Option<f64>) -> Option<u32> {
    at.map(|at| (at - now).clamp(0.0, u32::MAX as f64) as u32)
}

/// [`SearchLimits`] on the wire, with times as milliseconds from the moment the request is posted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WireLimits {
    /// See [`SearchLimits::depth`].
    pub depth: u32,
    /// See [`SearchLimits::solve_depth`].
    pub solve_depth: Option<u32>,
    /// See [`SearchLimits::exact_empties`].
    pub exact_empties: u32,
    /// See [`SearchLimits::wld_empties`].
    pub wld_empties: u32,
    /// The deadline, in milliseconds from now.
    pub deadline_ms: Option<u32>,
    /// The target, in milliseconds from now.
    pub target_ms: Option<u32>,
    /// See [`SearchLimits::randomness`].
    pub randomness: i32,
    /// See [`SearchLimits::seed`].
    pub seed: u64,
    /// See [`SearchLimits::probcut`].
    pub probcut: bool,
    /// See [`SearchLimits::book_loss`].
    pub book_loss: Option<i32>,
}

/// A [`Task`] on the wire (its serial travels as the request's id).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WireTask {
    /// [`Task::Search`].
    Search {
        /// The root (on the wire `<64 squares> X`, the side to move as X).
        #[serde(with = "text")]
        position: Position,
        /// Its limits.
        limits: WireLimits,
    },
    /// [`Task::Child`].
    Child {
        /// The position (as above).
        #[serde(with = "text")]
        position: Position,
        /// Plies.
        depth: u32,
        /// The window's lower end, from the side to move.
        alpha: i32,
        /// The window's upper end.
        beta: i32,
        /// Prune by probcut.
        probcut: bool,
        /// Stop after this many milliseconds.
        deadline_ms: Option<u32>,
        /// The worker's first task of this search.
        fresh: bool,
        /// Table entries the other workers learned.
        #[serde(with = "entries_text", default)]
        shared: Vec<SharedEntry>,
    },
    /// [`Task::Plan`].
    Plan {
        /// The root (as above).
        #[serde(with = "text")]
        position: Position,
        /// Stop after this many milliseconds.
        deadline_ms: Option<u32>,
        /// The worker's first task of this search.
        fresh: bool,
    },
    /// [`Task::Probe`].
    Probe {
        /// The position probed (as above).
        #[serde(with = "text")]
        position: Position,
        /// The pass's confidence.
        confidence: u8,
        /// The null window: is the score above this?
        alpha: i32,
        /// Table entries the other workers learned (see [`ProbeTask::shared`]).
        #[serde(with = "entries_text", default)]
        shared: Vec<SharedEntry>,
        /// Stop after this many milliseconds.
        deadline_ms: Option<u32>,
        /// The worker's first task of this search.
        fresh: bool,
    },
}

impl WireTask {
    /// The wire form of `task`, posted at `now` (on the page's clock).
    pub fn from_task(task: &Task, now: f64) -> WireTask {
        match task {
            Task::Search { board, limits, .. } => WireTask::Search {
                position: board_position(board),
                limits: WireLimits {
                    depth: limits.depth,
                    solve_depth: limits.solve_depth,
                    exact_empties: limits.exact_empties,
                    wld_empties: limits.wld_empties,
                    deadline_ms: millis_from(now, limits.deadline),
                    target_ms: millis_from(now, limits.target),
                    randomness: limits.randomness,
                    seed: limits.seed,
                    probcut: limits.probcut,
                    book_loss: limits.book_loss,
                },
            },
            Task::Child {
                board,
                depth,
                alpha,
                beta,
                probcut,
                deadline,
                fresh,
                shared,
                ..
            } => WireTask::Child {
                position: board_position(board),
                depth: *depth,
                alpha: *alpha,
                beta: *beta,
                probcut: *probcut,
                deadline_ms: millis_from(now, *deadline),
                fresh: *fresh,
                shared: shared.clone(),
            },
            Task::Plan {
                board,
                deadline,
                fresh,
                ..
            } => WireTask::Plan {
                position: board_position(board),
                deadline_ms: millis_from(now, *deadline),
                fresh: *fresh,
            },
            Task::Probe {
                probe,
                deadline,
                fresh,
                ..
            } => WireTask::Probe {
                position: board_position(&probe.board),
                confidence: probe.confidence,
                alpha: probe.alpha,
                shared: probe.shared.clone(),
                deadline_ms: millis_from(now, *deadline),
                fresh: *fresh,
            },
        }
    }

    /// The task to run, received at `now` (on the worker's clock).
    pub fn to_task(&self, now: f64) -> Task {
        let at = |ms: Option<u32>| ms.map(|ms| now + ms as f64);
        match self {
            WireTask::Search { position, limits } => Task::Search {
                serial: 0,
                board: position.board,
                limits: SearchLimits {
                    depth: limits.depth.clamp(1, reversi_engine::MAX_DEPTH),
                    solve_depth: limits.solve_depth,
                    exact_empties: limits.exact_empties,
                    wld_empties: limits.wld_empties,
                    nodes: None,
                    deadline: at(limits.deadline_ms),
                    target: at(limits.target_ms),
                    randomness: limits.randomness,
                    seed: limits.seed,
                    probcut: limits.probcut,
                    book_loss: limits.book_loss,
                },
            },
            WireTask::Child {
                position,
                depth,
                alpha,
                beta,
                probcut,
                deadline_ms,
                fresh,
                shared,
            } => Task::Child {
                serial: 0,
                board: position.board,
                depth: (*depth).clamp(1, reversi_engine::MAX_DEPTH),
                // Any window from the wire becomes one the search can take.
                alpha: (*alpha).clamp(-WINDOW_LIMIT, WINDOW_LIMIT - 1),
                beta: (*beta).clamp(
                    (*alpha).clamp(-WINDOW_LIMIT, WINDOW_LIMIT - 1) + 1,
                    WINDOW_LIMIT,
                ),
                probcut: *probcut,
                deadline: at(*deadline_ms),
                fresh: *fresh,
                shared: shared.clone(),
            },
            WireTask::Plan {
                position,
                deadline_ms,
                fresh,
            } => Task::Plan {
                serial: 0,
                board: position.board,
                deadline: at(*deadline_ms),
                fresh: *fresh,
            },
            WireTask::Probe {
                position,
                confidence,
                alpha,
                shared,
                deadline_ms,
                fresh,
            } => Task::Probe {
                serial: 0,
                probe: ProbeTask {
                    serial: 0,
                    board: position.board,
                    // Any confidence from the wire is one the solver knows; scores lie within ±64.
                    confidence: (*confidence).max(1),
                    alpha: (*alpha).clamp(-65, 64),
                    shared: shared.clone(),
                },
                deadline: at(*deadline_ms),
                fresh: *fresh,
            },
        }
    }
}

/// An [`Answer`] on the wire.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WireAnswer {
    /// [`Answer::Searched`].
    Searched {
        /// The move (on the wire `d3`, or `pass`).
        #[serde(with = "text")]
        best: Move,
        /// Its value.
        score: i32,
        /// What the value means.
        #[serde(with = "ScoreKindDef")]
        kind: ScoreKind,
        /// The expected line.
        #[serde(with = "squares_text")]
        pv: Vec<Square>,
        /// Nodes.
        nodes: u64,
        /// Milliseconds spent.
        millis: u32,
        /// The root's moves in the order to search them next.
        #[serde(with = "squares_text")]
        order: Vec<Square>,
    },
    /// [`Answer::Child`].
    Child {
        /// The value from the child's side to move.
        value: i32,
        /// The expected line.
        #[serde(with = "squares_text")]
        pv: Vec<Square>,
        /// Table entries for the other workers.
        #[serde(with = "entries_text", default)]
        learned: Vec<SharedEntry>,
    },
    /// [`Answer::Plan`].
    Plan {
        /// The root (as in [`WireTask::Plan`]).
        #[serde(with = "text")]
        position: Position,
        /// The root's moves in the solver's order.
        #[serde(with = "squares_text")]
        children: Vec<Square>,
        /// The first move's replies in the solver's order.
        #[serde(with = "squares_text")]
        replies: Vec<Square>,
        /// The first guess of the score.
        guess: i32,
    },
    /// [`Answer::Probe`].
    Probe {
        /// The value from the side to move of the probed position.
        value: i32,
        /// Table entries for the other workers.
        #[serde(with = "entries_text", default)]
        learned: Vec<SharedEntry>,
    },
}

impl From<&Answer> for WireAnswer {
    fn from(answer: &Answer) -> WireAnswer {
        match answer {
            Answer::Searched { info, order } => WireAnswer::Searched {
                best: info.best,
                score: info.score,
                kind: info.kind,
                pv: info.pv.clone(),
                nodes: info.nodes,
                millis: info.millis.max(0.0) as u32,
                order: order.clone(),
            },
            Answer::Child { value, pv, learned } => WireAnswer::Child {
                value: *value,
                pv: pv.clone(),
                learned: learned.clone(),
            },
            Answer::Plan(plan) => {
                let (children, replies) = plan.squares();
                WireAnswer::Plan {
                    position: board_position(&plan.root),
                    children,
                    replies,
                    guess: plan.guess,
                }
            }
            Answer::Probe { value, learned } => WireAnswer::Probe {
                value: *value,
                learned: learned.clone(),
            },
        }
    }
}

impl WireAnswer {
    /// The answer it stands for; `None` for a plan that does not hold every move of its position once
    /// (the task is then asked again).
    pub fn into_answer(self) -> Option<Answer> {
        Some(match self {
            WireAnswer::Searched {
                best,
                score,
                kind,
                pv,
                nodes,
                millis,
                order,
            } => Answer::Searched {
                info: SearchInfo {
                    best,
                    score,
                    kind,
                    pv,
                    nodes,
                    millis: millis as f64,
                },
                order,
            },
            WireAnswer::Child { value, pv, learned } => Answer::Child { value, pv, learned },
            WireAnswer::Plan {
                position,
                children,
                replies,
                guess,
            } => Answer::Plan(RootPlan::from_squares(
                &position.board,
                &children,
                &replies,
                guess,
            )?),
            WireAnswer::Probe { value, learned } => Answer::Probe { value, learned },
        })
    }
}

/// The engine's values on the wire, written in the notation players read (`d3`, a position's 65 characters), so
/// that a message stays readable in the browser's tools. The engine knows nothing of serde: these adapters are
/// the only place its values meet it, and a malformed value fails to decode with the parser's own message.
mod text {
    use std::fmt::Display;
    use std::str::FromStr;

    use serde::{de::Error, Deserialize, Deserializer, Serializer};

    pub fn serialize<T: Display, S: Serializer>(
        value: &T,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        serializer.collect_str(value)
    }

    pub fn deserialize<'de, T, D>(deserializer: D) -> Result<T, D::Error>
    where
        T: FromStr,
        T::Err: Display,
        D: Deserializer<'de>,
    {
        String::deserialize(deserializer)?
            .parse()
            .map_err(D::Error::custom)
    }
}

/// An optional value in its notation (see [`text`]).
mod optional_text {
    use std::fmt::Display;
    use std::str::FromStr;

    use serde::{de::Error, Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<T: Display, S: Serializer>(
        value: &Option<T>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        value.as_ref().map(T::to_string).serialize(serializer)
    }

    pub fn deserialize<'de, T, D>(deserializer: D) -> Result<Option<T>, D::Error>
    where
        T: FromStr,
        T::Err: Display,
        D: Deserializer<'de>,
    {
        Option::<String>::deserialize(deserializer)?
            .map(|text| text.parse().map_err(D::Error::custom))
            .transpose()
    }
}

/// A line of placements as a transcript (`f5d6c3`).
mod squares_text {
    use serde::{de::Error, Deserialize, Deserializer, Serializer};

    use reversi_engine::Square;

    pub fn serialize<S: Serializer>(squares: &[Square], serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&squares.iter().map(Square::to_string).collect::<String>())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Vec<Square>, D::Error> {
        let text = String::deserialize(deserializer)?;
        if !text.is_ascii() || text.len() % 2 != 0 {
            return Err(D::Error::custom(format!(
                "{text:?} is not a line of squares"
            )));
        }
        (0..text.len())
            .step_by(2)
            .map(|i| text[i..i + 2].parse().map_err(D::Error::custom))
            .collect()
    }
}

/// Table entries as one string of hex digits, 30 for each: the key (16), the lower and upper bounds (4
/// each, as 16-bit two's complement), the depth, the move (index + 1, 0 for none) and the confidence (2 each).
mod entries_text {
    use serde::{de::Error, Deserialize, Deserializer, Serializer};

    use reversi_engine::SharedEntry;

    const WIDTH: usize = 30;

    pub fn serialize<S: Serializer>(
        entries: &[SharedEntry],
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        let mut text = String::with_capacity(entries.len() * WIDTH);
        for e in entries {
            text.push_str(&format!(
                "{:016x}{:04x}{:04x}{:02x}{:02x}{:02x}",
                e.key, e.lower as u16, e.upper as u16, e.depth, e.best, e.confidence
            ));
        }
        serializer.serialize_str(&text)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Vec<SharedEntry>, D::Error> {
        let text = String::deserialize(deserializer)?;
        if !text.is_ascii() || text.len() % WIDTH != 0 {
            return Err(D::Error::custom("table entries of the wrong length"));
        }
        let hex = |from: usize, to: usize| {
            u64::from_str_radix(&text[from..to], 16)
                .map_err(|_| D::Error::custom("table entries that are not hex digits"))
        };
        (0..text.len())
            .step_by(WIDTH)
            .map(|at| {
                let entry = SharedEntry {
                    key: hex(at, at + 16)?,
                    lower: hex(at + 16, at + 20)? as u16 as i16,
                    upper: hex(at + 20, at + 24)? as u16 as i16,
                    depth: hex(at + 24, at + 26)? as u8,
                    best: hex(at + 26, at + 28)? as u8,
                    confidence: hex(at + 28, at + 30)? as u8,
                };
                let sound = entry.lower <= entry.upper && entry.best <= 64 && entry.confidence != 0;
                sound
                    .then_some(entry)
                    .ok_or_else(|| D::Error::custom("a table entry out of range"))
            })
            .collect()
    }
}

/// (square, value) pairs with the squares in their notation.
mod values_text {
    use serde::{de::Error, Deserialize, Deserializer, Serialize, Serializer};

    use reversi_engine::Square;

    pub fn serialize<S: Serializer>(
        values: &[(Square, i32)],
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        values
            .iter()
            .map(|(square, value)| (square.to_string(), *value))
            .collect::<Vec<_>>()
            .serialize(serializer)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Vec<(Square, i32)>, D::Error> {
        Vec::<(String, i32)>::deserialize(deserializer)?
            .into_iter()
            .map(|(square, value)| Ok((square.parse().map_err(D::Error::custom)?, value)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_probe_carries_table_entries_both_ways_and_malformed_ones_fail_to_decode() {
        let entry = |key, lower, upper| SharedEntry {
            key,
            lower,
            upper,
            depth: 20,
            best: 64,
            confidence: 255,
        };
        let shared = vec![entry(u64::MAX, i16::MIN, -3), entry(1, 8, i16::MAX)];
        let task = Task::Probe {
            serial: 0,
            probe: ProbeTask {
                serial: 0,
                board: Board::START,
                confidence: 255,
                alpha: 4,
                shared: shared.clone(),
            },
            deadline: None,
            fresh: false,
        };
        let json = serde_json::to_string(&WireTask::from_task(&task, 0.0)).unwrap();
        assert!(
            json.contains("\"shared\":\"ffffffffffffffff8000fffd14"),
            "{json}"
        );
        let back: WireTask = serde_json::from_str(&json).unwrap();
        assert_eq!(back.to_task(0.0), task);
        let answer = Answer::Probe {
            value: -3,
            learned: shared.clone(),
        };
        let json = serde_json::to_string(&WireAnswer::from(&answer)).unwrap();
        let back: WireAnswer = serde_json::from_str(&json).unwrap();
        assert_eq!(back.into_answer(), Some(answer));
        // A mid-game child's task and answer carry them the same way.
        let child = Task::Child {
            serial: 0,
            board: Board::START,
            depth: 9,
            alpha: -3,
            beta: 8,
            probcut: true,
            deadline: None,
            fresh: true,
            shared: shared.clone(),
        };
        let json = serde_json::to_string(&WireTask::from_task(&child, 0.0)).unwrap();
        let back: WireTask = serde_json::from_str(&json).unwrap();
        assert_eq!(back.to_task(0.0), child);
        let answer = Answer::Child {
            value: 5,
            pv: Vec::new(),
            learned: shared.clone(),
        };
        let json = serde_json::to_string(&WireAnswer::from(&answer)).unwrap();
        let back: WireAnswer = serde_json::from_str(&json).unwrap();
        assert_eq!(back.into_answer(), Some(answer));
        // A message without entries still decodes (none); a short, non-hex or unsound entry does not.
        let none: WireAnswer = serde_json::from_str(r#"{"Probe":{"value":2}}"#).unwrap();
        assert_eq!(
            none.into_answer(),
            Some(Answer::Probe {
                value: 2,
                learned: Vec::new()
            })
        );
        let good = "0000000000000001000800081440ff";
        assert!(serde_json::from_str::<WireAnswer>(&format!(
            r#"{{"Probe":{{"value":2,"learned":"{good}"}}}}"#
        ))
        .is_ok());
        for bad in [
            &good[1..],
            "000000000000000g000800081440ff",
            "0000000000000001000800071440ff", // lower above upper
            "0000000000000001000800081441ff", // no such move
            "000000000000000100080008144000", // no confidence
        ] {
            let json = format!(r#"{{"Probe":{{"value":2,"learned":"{bad}"}}}}"#);
            assert!(serde_json::from_str::<WireAnswer>(&json).is_err(), "{bad}");
        }
    }
}
