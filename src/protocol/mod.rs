//! Messages between the page and the engine's Web Worker. Every request carries an id, and every reply the id
//! of the request it answers, so the page can drop a reply that arrives after an undo or a new game.
//!
//! One concept, kept in one file: the two enums of the worker's messages and the values they carry,
//! read side by side when a kind is added (see docs/architecture.md).

use serde::{Deserialize, Serialize};

mod error;
mod kinds;
mod wire;

pub use self::error::WorkerError;
pub use self::kinds::{DataFile, Priority, GRACE_MS};

use reversi_engine::mistakes::Mistakes;
use reversi_engine::{Level, Move, Position, SearchInfo, SearchLimits, Square};

/// The deepest perft the worker runs: deeper would block it for seconds.
pub const MAX_PERFT_DEPTH: u32 = 10;
/// The deepest limit a person may set on the analysis (plies); without one it deepens until exact.
pub const MAX_ANALYSE_DEPTH: u32 = 30;
/// The largest transposition tables a worker has (MB): the page may give it less (see `crate::client::pool::table_mb`).
pub const MAX_WORKER_HASH_MB: usize = 32;
/// Longest an analysis deepens (milliseconds): past it the values stay as the last step left them.
pub const MAX_ANALYSE_MILLIS: f64 = 600_000.0;

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
        #[serde(with = "wire::text")]
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
        #[serde(with = "wire::text")]
        position: Position,
        /// AI level, 1 to 10.
        level: u8,
        /// Varies the choices of the noisy levels.
        seed: u64,
        /// At most this many milliseconds (the clock's remaining time), on top of the level's own cap.
        max_millis: Option<u32>,
        /// Mistakes on purpose (see [`reversi_engine::mistakes`]); absent: none. On the wire
        /// `[max_loss, one_in]`.
        #[serde(
            default,
            skip_serializing_if = "Option::is_none",
            with = "wire::optional_mistakes"
        )]
        mistakes: Option<Mistakes>,
    },
    /// An XOT opening drawn by `seed` from the engine's list (8 moves valued within a disc of even): the list
    /// lives in the worker, not in the page's code. Answered by [`Response::Start`].
    XotStart {
        /// The request's id.
        id: RequestId,
        /// Draws the opening.
        seed: u64,
    },
    /// A random start position: `moves` random moves from the standard start that a search values for black
    /// within `low..=high` discs. Answered by [`Response::Start`].
    RandomStart {
        /// The request's id.
        id: RequestId,
        /// Moves from the start.
        moves: u8,
        /// The least value for black, in discs.
        low: i8,
        /// The greatest.
        high: i8,
        /// Chooses the random moves.
        seed: u64,
    },
    /// The value and line of every legal move at depths that grow (2, 4, 6 … plies, then exact), until
    /// stopped, past `limit` plies or [`MAX_ANALYSE_MILLIS`]. Answered by a [`Response::Analysis`] after
    /// each finished depth, then one [`Response::Analysed`].
    Analyse {
        /// The request's id.
        id: RequestId,
        /// The position (on the wire `<64 squares> <X|O>`).
        #[serde(with = "wire::text")]
        position: Position,
        /// The deepest depth in plies (at most [`MAX_ANALYSE_DEPTH`]); none: until the values are exact.
        limit: Option<u32>,
    },
    /// Value a position and the move played there, for the evaluation graph and the game review. Answered by
    /// [`Response::Reviewed`].
    Review {
        /// The request's id.
        id: RequestId,
        /// The position (on the wire `<64 squares> <X|O>`).
        #[serde(with = "wire::text")]
        position: Position,
        /// The move played there (on the wire `d3`), if any.
        #[serde(with = "wire::optional_text")]
        played: Option<Square>,
        /// Mid-game plies (1 to [`reversi_engine::review::MAX_REVIEW_DEPTH`]).
        depth: u32,
    },
    /// Lend this worker's thread to another worker's search: run the job that search left in the memory
    /// the workers share under `ticket` (see [`Response::Spawned`]), if it is still there. Answered by
    /// [`Response::Helped`] once the job has ended (at once when the search took it back).
    Help {
        /// The request's id.
        id: RequestId,
        /// The job's ticket.
        ticket: u32,
    },
    /// The moves strong players chose in a position (the opening explorer). Answered by
    /// [`Response::Explored`]; the worker loads the explorer's file on the first such request.
    Explore {
        /// The request's id.
        id: RequestId,
        /// The position (on the wire `<64 squares> <X|O>`).
        #[serde(with = "wire::text")]
        position: Position,
    },
    /// The expert games that reached a position (under any of the board's symmetries), newest first, a page
    /// of them. Answered by [`Response::Games`]; the worker loads the games file on the first such request.
    Games {
        /// The request's id.
        id: RequestId,
        /// The position (on the wire `<64 squares> <X|O>`).
        #[serde(with = "wire::text")]
        position: Position,
        /// Only games with a player whose name holds this (any case); empty for all.
        player: String,
        /// Games of the list to skip.
        offset: u32,
        /// Games to send at most.
        limit: u32,
    },
    /// The discs of either colour that can never be flipped in a position (the board's stable discs).
    /// Answered by [`Response::Stable`].
    Stable {
        /// The request's id.
        id: RequestId,
        /// The position (on the wire `<64 squares> <X|O>`).
        #[serde(with = "wire::text")]
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
    #[serde(with = "wire::text")]
    pub position: Position,
    /// Every legal move with its exact score for the side to move (discs), best first; on the wire `d3`.
    #[serde(with = "wire::values_text")]
    pub moves: Vec<(Square, i32)>,
    /// Perfect play from the position, the best move first (on the wire a transcript).
    #[serde(with = "wire::squares_text")]
    pub line: Vec<Square>,
}

/// One expert game, as the page gets it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WireGame {
    /// The year it was played.
    pub year: u16,
    /// The tournament.
    pub tournament: String,
    /// Black's player.
    pub black: String,
    /// White's player.
    pub white: String,
    /// Black's discs at the end (WTHOR counts the empties for the winner).
    pub black_discs: u8,
    /// Black's discs under perfect play from 24 empties.
    pub theoretical_black_discs: u8,
    /// The moves, turned into the frame of the position asked for (a transcript).
    pub transcript: String,
}

/// One move of the opening explorer's answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExplorerRow {
    /// The move (on the wire `d3`).
    #[serde(with = "wire::text")]
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

/// One move of an analysis: its value, its line, the book's value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AnalysedMove {
    /// The move (on the wire `d3`).
    #[serde(with = "wire::text")]
    pub square: Square,
    /// Its value for the side to move, in hundredths of a disc.
    pub value: i32,
    /// The line expected, the move first (on the wire a transcript): the book's main line as far as the
    /// book goes, then the search's.
    #[serde(with = "wire::squares_text")]
    pub line: Vec<Square>,
    /// The opening book's value of the move for the side to move, when the book has it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub book: Option<i32>,
}

/// One finished depth of an analysis: every legal move, best first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WireAnalysis {
    /// The depth of the values (plies, the move counted); the empties when exact.
    pub depth: u32,
    /// True when every value is the exact final disc difference.
    pub exact: bool,
    /// The moves, best first.
    pub moves: Vec<AnalysedMove>,
    /// Nodes searched so far.
    pub nodes: u64,
}

impl WireAnalysis {
    /// Every move with its value, best first.
    pub fn values(&self) -> Vec<(Square, i32)> {
        self.moves.iter().map(|m| (m.square, m.value)).collect()
    }

    /// The value of `square`, if it is one of the moves.
    pub fn value_of(&self, square: Square) -> Option<i32> {
        self.moves
            .iter()
            .find(|m| m.square == square)
            .map(|m| m.value)
    }
}

impl From<&reversi_engine::Analysis> for WireAnalysis {
    fn from(analysis: &reversi_engine::Analysis) -> WireAnalysis {
        WireAnalysis {
            depth: analysis.depth,
            exact: analysis.exact,
            moves: analysis
                .moves
                .iter()
                .map(|m| AnalysedMove {
                    square: m.square,
                    value: m.value,
                    line: m.line.clone(),
                    book: m.book,
                })
                .collect(),
            nodes: analysis.nodes,
        }
    }
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

/// A search's report, as the worker sends it and the session keeps it (the AI's move, its progress, the
/// hint): one type from the engine's [`SearchInfo`] to the page's words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchReport {
    /// The best move (on the wire `d3`, or `pass`).
    #[serde(with = "wire::text")]
    pub best: Move,
    /// Its value for the side to move, in hundredths of a disc.
    pub score: i32,
    /// What the value means.
    #[serde(with = "ScoreKindDef")]
    pub kind: ScoreKind,
    /// The line expected, the move first (on the wire a transcript, `f5d6c3`; empty for a pass).
    #[serde(with = "wire::squares_text", default)]
    pub line: Vec<Square>,
    /// Nodes searched.
    pub nodes: u64,
    /// Milliseconds spent.
    pub millis: u32,
}

impl SearchReport {
    /// The best move's square (none for a pass).
    pub fn square(&self) -> Option<Square> {
        self.best.square()
    }
}

impl From<&SearchInfo> for SearchReport {
    fn from(info: &SearchInfo) -> SearchReport {
        SearchReport {
            best: info.best,
            score: info.score,
            kind: info.kind,
            line: info.pv.clone(),
            nodes: info.nodes,
            millis: info.millis.max(0.0) as u32,
        }
    }
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
        /// In the greeting of a worker that shares its memory with the others (id 0): where its stop flag
        /// lies in that memory (a byte the page sets to stop the request running there).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        stop_flag: Option<u32>,
    },
    /// Answer to [`Request::Perft`].
    Perft {
        /// The id of the request.
        id: RequestId,
        /// Leaf count.
        nodes: u64,
    },
    /// Progress of a [`Request::Search`]: an iteration finished (its best move is a placement).
    Thinking {
        /// The id of the request.
        id: RequestId,
        /// The search so far.
        report: SearchReport,
    },
    /// Answer to [`Request::Search`] (its best move a pass when no placement is legal, its line then empty).
    BestMove {
        /// The id of the request.
        id: RequestId,
        /// The search.
        report: SearchReport,
    },
    /// Progress of a [`Request::Analyse`]: a depth finished.
    Analysis {
        /// The id of the request.
        id: RequestId,
        /// Every legal move at that depth.
        analysis: WireAnalysis,
    },
    /// Answer to [`Request::Analyse`]: it went as deep as it was to go (exact, its limit, or its time).
    Analysed {
        /// The id of the request.
        id: RequestId,
    },
    /// Answer to [`Request::Review`]: values for the side to move, in hundredths of a disc.
    Reviewed {
        /// The id of the request.
        id: RequestId,
        /// The best move (on the wire `d3`, or `pass`).
        #[serde(with = "wire::text")]
        best: Move,
        /// Its value.
        score: i32,
        /// The value of the move played, at the same depth.
        played_score: Option<i32>,
        /// The line the search expects, the best move first (on the wire a transcript).
        #[serde(with = "wire::squares_text", default)]
        line: Vec<Square>,
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
    /// Answer to [`Request::RandomStart`] and [`Request::XotStart`]: the moves from the standard start and the
    /// position's value.
    Start {
        /// The id of the request.
        id: RequestId,
        /// The moves (on the wire a transcript).
        #[serde(with = "wire::squares_text")]
        moves: Vec<Square>,
        /// The value for black, in hundredths of a disc.
        value: i32,
    },
    /// Answer to [`Request::Games`].
    Games {
        /// The id of the request.
        id: RequestId,
        /// Games in the whole list.
        total: u32,
        /// The page of it asked for.
        games: Vec<WireGame>,
    },
    /// Answer to [`Request::Stable`].
    Stable {
        /// The id of the request.
        id: RequestId,
        /// The stable discs, of both colours (on the wire a transcript of their squares).
        #[serde(with = "wire::squares_text")]
        discs: Vec<Square>,
    },
    /// Answer to [`Request::Puzzle`].
    Puzzle {
        /// The id of the request.
        id: RequestId,
        /// The puzzle.
        puzzle: WirePuzzle,
    },
    /// The search of request `id` wants a helper thread: a job waits in the shared memory under `ticket`
    /// for a worker sent [`Request::Help`]. More replies to `id` follow.
    Spawned {
        /// The id of the request searching.
        id: RequestId,
        /// The job's ticket.
        ticket: u32,
    },
    /// Answer to [`Request::Help`]: the job has ended.
    Helped {
        /// The id of the request.
        id: RequestId,
    },
    /// The request could not be carried out; the error says why, as a value the page words in the
    /// person's language.
    Error {
        /// The id of the request.
        id: RequestId,
        /// Why.
        error: WorkerError,
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
            | Request::Help { id, .. }
            | Request::Explore { id, .. }
            | Request::Games { id, .. }
            | Request::RandomStart { id, .. }
            | Request::XotStart { id, .. }
            | Request::Stable { id, .. }
            | Request::Puzzle { id, .. } => *id,
        }
    }
}

impl Response {
    /// The progress report of search `id` for `info` (`None` for a pass, which has nothing to show).
    pub fn thinking(id: RequestId, info: &SearchInfo) -> Option<Response> {
        let report = SearchReport::from(info);
        matches!(report.best, Move::Place(_)).then_some(Response::Thinking { id, report })
    }

    /// The answer of search `id` with its result `info`.
    pub fn best_move(id: RequestId, info: &SearchInfo) -> Response {
        Response::BestMove {
            id,
            report: info.into(),
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
            | Response::Analysed { id }
            | Response::Reviewed { id, .. }
            | Response::Explored { id, .. }
            | Response::Games { id, .. }
            | Response::Start { id, .. }
            | Response::Stable { id, .. }
            | Response::Puzzle { id, .. }
            | Response::Spawned { id, .. }
            | Response::Helped { id }
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
