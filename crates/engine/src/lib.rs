//! An Othello (Reversi) engine: pure Rust, std only. Nothing here knows about the web, serde or a user
//! interface; the page's worker and the native `reversi` command use it alike.
//!
//! # The rules and the record
//!
//! - [`Board`] is a position as two bitboards (the side to move's discs and the opponent's) with the move
//!   generator and the flips; [`Position`] adds the [`Color`] to move, and reads and writes the 64-character
//!   text form (`a1 b1 … h8`, `X`, `O`, `-`, then the side to move).
//! - [`Game`] is a game record from a start position: legal moves, play with forced passes applied by the
//!   rules, undo and redo, the [`Outcome`], and transcripts such as `f5d6c3d3c4` ([`Square`] names a square,
//!   columns a–h left to right, rows 1–8 top to bottom).
//! - [`perft`] counts move sequences (a forced pass is a ply, a game that ends early is one leaf).
//! - Every refusal is a named error with a message: [`PlayError`], [`PositionError`], [`SquareError`],
//!   [`TranscriptError`], [`ObfError`], [`WeightsError`], and the errors of the file modules below.
//!
//! # Evaluation and search
//!
//! - [`PatternEval`] values a position from pattern weights ([`PatternWeights`], built in or read from a
//!   file); [`ClassicEval`] is a simple hand-written one. Values are in [`DISC`] units for the side to move.
//! - [`Searcher`] chooses a move within [`SearchLimits`]: the opening book, iterative deepening with
//!   principal-variation search and Multi-ProbCut, then the exact endgame [`Solver`] where it reaches. A
//!   [`Level`] (1 to [`MAX_LEVEL`]) gives the limits a playing strength uses. [`Control`] stops a search at a
//!   node count, a deadline on a [`Clock`] or a shared stop flag.
//! - [`Searcher::with_threads`] and [`solve_shared`] search on several threads that share one
//!   [`TranspositionTable`] and one stop flag; the threads come from the caller's [`Spawn`] ([`StdThreads`]
//!   natively), so the engine starts none itself.
//!
//! # Data formats
//!
//! [`book`] (the opening book), [`explorer`] (what expert games played in a position), [`openings`]
//! (opening names), [`review`] (a whole game's review), [`puzzles`] (endgame puzzles), [`wthor`] (the WTHOR
//! game database), [`ggf`] (Generic Game Format) and [`parse_obf_line`] (FFO test positions).
//!
//! ```
//! use reversi_engine::{native_clock, Game, Level, Searcher, Square};
//!
//! let mut game = Game::from_transcript("f5d6c3d3c4").unwrap();
//! assert!(game.play("f3".parse::<Square>().unwrap()).is_ok());
//!
//! // Level 3 chooses the reply (it plays quickly, with a little randomness from the seed).
//! let limits = Level::get(3).unwrap().limits(native_clock(), 7);
//! let mut searcher = Searcher::new(8);
//! let info = searcher.search(&game.position().board, &limits, native_clock, None, &mut |_| {});
//! assert!(game.legal_moves().contains(info.best.square().unwrap()));
//! ```
#![deny(missing_docs)]

mod bitboard;
mod board;
pub mod book;
mod bytes;
mod control;
mod error;
mod eval;
pub mod explorer;
mod game;
pub mod games;
pub mod ggf;
mod levels;
pub mod mistakes;
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
mod tree;
mod tt;
mod vector;
pub mod wthor;
pub mod xot;

pub use bitboard::{Bitboard, Squares, Symmetry};
pub use board::Board;
pub use control::{native_clock, Clock, Control, Poll};
pub use error::{excerpt, PlayError, PositionError, SquareError, TranscriptError};
pub use eval::{stable_discs, ClassicEval, Evaluate, DISC};
pub use game::{Game, Outcome, Ply};
pub use levels::{Level, LEVELS, MAX_LEVEL};
pub use moves::Move;
pub use notation::transcript_of;
pub use obf::{parse_obf_line, ObfEntry, ObfError};
pub use pattern::{PatternEval, PatternWeights, WeightsError};
pub use perft::perft;
pub use position::{Color, Position};
pub use rng::{seed_from, Rng};
pub use search::analysis::{analysis_steps, Analysis, MoveValue, Step, EXACT_REACH};
pub use search::endgame::{solve_shared, Solver};
pub use search::{
    available_threads, choose_with_temperature, ScoreKind, SearchInfo, SearchLimits, Searcher,
    Spawn, StdThreads, MAX_DEPTH,
};
pub use square::Square;
pub use tt::{TranspositionTable, MAX_HASH_MB};

/// What the native tools (the evaluation's training, the search's measurements, the puzzles) use of the
/// engine's insides: the pattern features' tables, the probcut searches' depths and values, and the mixing
/// function that the seeds share. Not part of the playing API: these change with the engine.
pub mod internals {
    pub use crate::pattern::{Tables, FEATURES, PHASES};
    pub use crate::rng::{mix, GOLDEN_GAMMA};
    pub use crate::search::endgame::probcut_value;
    pub use crate::search::mpc_shallow_depth;
}
