//! The rules engine: pure Rust, std only. Bitboards, positions, moves, the game record, notation and perft.
//! Nothing here knows about the web, serde or the user interface.

mod bitboard;
mod board;
mod error;
mod game;
mod lanes;
mod moves;
mod notation;
mod perft;
mod position;
mod square;

pub use bitboard::{Bitboard, Squares, Symmetry};
pub use board::Board;
pub use error::{PlayError, PositionError, SquareError, TranscriptError};
pub use game::{Game, Outcome, Ply};
pub use moves::Move;
pub use perft::perft;
pub use position::{Color, Position};
pub use square::Square;
