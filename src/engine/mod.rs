//! The engine: pure Rust, std only. Bitboards, positions, moves, the game record, notation, perft,
//! evaluation, search and the exact endgame solver.
//! Nothing here knows about the web, serde or the user interface.

mod bitboard;
mod board;
pub mod book;
mod control;
mod error;
mod eval;
pub mod explorer;
mod game;
pub mod ggf;
mod lanes;
mod levels;
mod moves;
mod notation;
mod obf;
pub mod openings;
mod pattern;
mod perft;
mod position;
pub mod puzzles;
pub mod review;
mod rng;
mod search;
mod square;
mod stackvec;
mod tt;
pub mod wthor;

pub use bitboard::{Bitboard, Squares, Symmetry};
pub use board::Board;
pub use control::{native_clock, Clock, Control};
pub use error::{PlayError, PositionError, SquareError, TranscriptError};
pub use eval::{stable_discs, ClassicEval, Evaluate, DISC};
pub use game::{Game, Outcome, Ply};
pub use levels::{Level, LEVELS, MAX_LEVEL};
pub use moves::Move;
pub use obf::{parse_obf_line, ObfEntry, ObfError};
pub use pattern::{PatternEval, PatternWeights, Tables, WeightsError, FEATURES, PHASES};
pub use perft::perft;
pub use position::{Color, Position};
pub use rng::{mix, splitmix, Rng, GOLDEN_GAMMA};
pub use search::endgame::{probcut_value, RootPlan, Solver};
pub use search::parallel::{solve_parallel, ParallelResult, ProbeTask, RootSolve};
pub use search::split::{
    search_parallel, Answer, SplitSearch, Task, SPLIT_FROM_DEPTH, WINDOW_LIMIT,
};
pub use search::{
    choose_with_temperature, mpc_shallow_depth, ScoreKind, SearchInfo, SearchLimits, Searcher,
    MAX_DEPTH,
};
pub use square::Square;
pub use tt::{TranspositionTable, TtData, MAX_HASH_MB};
