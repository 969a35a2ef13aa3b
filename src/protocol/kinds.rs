//! What each kind of request is, beside what it carries: who needs it first, how long it may run, which data
//! file its worker must hold, and which replies end it. One exhaustive match a fact, so that a new kind of
//! request or reply makes the compiler point at every fact to fill in; the pool, the page's hook and the worker
//! read these and never list kinds of their own.

use super::{Request, Response, MAX_ANALYSE_MILLIS};
use reversi_engine::Level;

/// Time a request may run past its own limit before its worker is taken for dead (milliseconds).
pub const GRACE_MS: f64 = 15_000.0;
/// The longest a list of expert games may take, its file's first load included.
pub const GAMES_MS: f64 = 120_000.0;
/// A review position at the deepest depth takes a few seconds; past this the worker is taken for dead.
pub const REVIEW_MS: f64 = 60_000.0;

/// Who needs an answer first when the workers are all busy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Priority {
    /// The analysis on the board, which deepens for as long as nothing else wants a worker: every other
    /// request stops it (it is asked again, and takes up from its table, once a worker is free).
    Background,
    /// The analysis room's questions (graph, review, explorer): they wait, and may be stopped and asked
    /// again later when the AI needs a worker.
    Room,
    /// What a person asked for (a hint, a random start, the expert games, a puzzle).
    Asked,
    /// The AI's move: always first.
    Move,
}

/// A file the worker loads from the page's address the first time a request needs it, and keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum DataFile {
    /// The opening explorer's tree ([`Request::Explore`]).
    Explorer,
    /// The training room's puzzles ([`Request::Puzzle`]).
    Puzzles,
    /// The expert games ([`Request::Games`]), gzipped: the worker inflates them.
    Games,
}

impl DataFile {
    /// Every data file, in the order of [`DataFile::index`].
    pub const ALL: [DataFile; 3] = [DataFile::Explorer, DataFile::Puzzles, DataFile::Games];

    /// Its place in [`DataFile::ALL`] (for a table with one entry a file).
    pub fn index(self) -> usize {
        match self {
            DataFile::Explorer => 0,
            DataFile::Puzzles => 1,
            DataFile::Games => 2,
        }
    }

    /// Where the page serves it, relative to its base (next to the worker's script).
    pub fn url(self) -> &'static str {
        match self {
            DataFile::Explorer => "explorer.bin",
            DataFile::Puzzles => "puzzles.bin",
            DataFile::Games => "games.bin",
        }
    }

    /// What it is, for an error message.
    pub fn name(self) -> &'static str {
        match self {
            DataFile::Explorer => "the opening explorer",
            DataFile::Puzzles => "the puzzles",
            DataFile::Games => "the expert games",
        }
    }
}

impl Request {
    /// Who needs its answer first when the workers are all busy (a helper has the priority of the search it
    /// helps: see [`crate::client::pool`]).
    pub fn priority(&self) -> Priority {
        match self {
            Request::Search { .. } | Request::Help { .. } => Priority::Move,
            Request::Review { .. } | Request::Explore { .. } => Priority::Room,
            Request::Analyse { .. } => Priority::Background,
            // The games list is a person's click, and its first answer loads the games file: stopped for the
            // AI's move, as a Room request may be, it would load the file again after every move.
            Request::Ping { .. }
            | Request::Perft { .. }
            | Request::RandomStart { .. }
            | Request::XotStart { .. }
            | Request::Games { .. }
            | Request::Stable { .. }
            | Request::Puzzle { .. } => Priority::Asked,
        }
    }

    /// How long it may run before its worker is taken for dead (milliseconds).
    pub fn watchdog_ms(&self) -> f64 {
        match self {
            Request::Search {
                level, max_millis, ..
            } => {
                let cap = Level::get(*level).map_or(10_000, |l| l.move_time_ms);
                max_millis.map_or(cap, |m| m.min(cap)) as f64 + GRACE_MS
            }
            // A helper ends with the search it helps, whose own watchdog is at most the same.
            Request::Help { .. } => {
                let longest = (1..=reversi_engine::MAX_LEVEL).filter_map(Level::get);
                longest.map(|l| l.move_time_ms).max().unwrap_or(10_000) as f64 + GRACE_MS
            }
            Request::Analyse { .. } => MAX_ANALYSE_MILLIS + GRACE_MS,
            Request::Review { .. } => REVIEW_MS,
            // The games file is the largest: on a slow line its first load takes a while. The worker says
            // it is alive meanwhile, so a dead one is still found by its silence.
            Request::Games { .. } => GAMES_MS,
            Request::Explore { .. }
            | Request::Stable { .. }
            | Request::RandomStart { .. }
            | Request::XotStart { .. }
            | Request::Puzzle { .. }
            | Request::Ping { .. }
            | Request::Perft { .. } => GRACE_MS,
        }
    }

    /// Whether the worker says it is alive while it runs the request (everything but a perft, which counts
    /// without polling: its watchdog alone watches it).
    pub fn beats(&self) -> bool {
        match self {
            // Answered in microseconds.
            Request::Perft { .. } | Request::Stable { .. } => false,
            Request::Ping { .. }
            | Request::Search { .. }
            | Request::RandomStart { .. }
            | Request::XotStart { .. }
            | Request::Analyse { .. }
            | Request::Review { .. }
            | Request::Help { .. }
            | Request::Explore { .. }
            | Request::Games { .. }
            | Request::Puzzle { .. } => true,
        }
    }

    /// The data file its worker must hold to answer it, if any.
    pub fn data_file(&self) -> Option<DataFile> {
        match self {
            Request::Explore { .. } => Some(DataFile::Explorer),
            Request::Puzzle { .. } => Some(DataFile::Puzzles),
            Request::Games { .. } => Some(DataFile::Games),
            Request::Ping { .. }
            | Request::Perft { .. }
            | Request::Search { .. }
            | Request::RandomStart { .. }
            | Request::XotStart { .. }
            | Request::Analyse { .. }
            | Request::Review { .. }
            | Request::Stable { .. }
            | Request::Help { .. } => None,
        }
    }
}

impl Response {
    /// True for the last reply to a request (progress reports and requests for helpers come before it; a
    /// heartbeat answers none).
    pub fn is_final(&self) -> bool {
        match self {
            Response::Thinking { .. }
            | Response::Analysis { .. }
            | Response::Spawned { .. }
            | Response::Alive => false,
            Response::Pong { .. }
            | Response::Perft { .. }
            | Response::BestMove { .. }
            | Response::Analysed { .. }
            | Response::Reviewed { .. }
            | Response::Explored { .. }
            | Response::Start { .. }
            | Response::Stable { .. }
            | Response::Games { .. }
            | Response::Puzzle { .. }
            | Response::Helped { .. }
            | Response::Error { .. } => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use reversi_engine::Position;

    #[test]
    fn the_ai_comes_first_and_the_room_last() {
        let search = Request::Search {
            id: 1,
            position: Position::START,
            level: 3,
            seed: 0,
            max_millis: None,
            mistakes: None,
        };
        let explore = Request::Explore {
            id: 2,
            position: Position::START,
        };
        assert_eq!(search.priority(), Priority::Move);
        assert_eq!(explore.priority(), Priority::Room);
        assert!(Priority::Room < Priority::Asked && Priority::Asked < Priority::Move);
        let analyse = Request::Analyse {
            id: 3,
            position: Position::START,
            limit: None,
        };
        assert_eq!(analyse.priority(), Priority::Background);
        assert!(Priority::Background < Priority::Room);
        assert_eq!(explore.data_file(), Some(DataFile::Explorer));
        assert_eq!(search.data_file(), None);
    }

    #[test]
    fn data_files_are_numbered_by_their_place() {
        for (i, file) in DataFile::ALL.iter().enumerate() {
            assert_eq!(file.index(), i);
        }
    }

    #[test]
    fn a_searchs_watchdog_follows_its_clock_and_progress_is_not_final() {
        let search = |max_millis| Request::Search {
            id: 1,
            position: Position::START,
            level: 10,
            seed: 0,
            max_millis,
            mistakes: None,
        };
        assert_eq!(search(Some(1000)).watchdog_ms(), 1000.0 + GRACE_MS);
        assert!(search(None).watchdog_ms() > search(Some(1000)).watchdog_ms());
        assert!(!Response::Alive.is_final());
        assert!(!Response::Spawned { id: 1, ticket: 2 }.is_final());
        assert!(Response::Helped { id: 1 }.is_final());
    }
}
