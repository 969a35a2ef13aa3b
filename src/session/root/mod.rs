//! The root's own files, used by the session's root alone: the action it routes ([`action::Action`]) and
//! what it coordinates between the parts, each an `impl Session` block beside the root's: the board's marks
//! ([`marks::BoardMarks`]), online play
//! ([`online_play`]), a game replaced and brought back ([`replacing`]), the engine's move held until due
//! ([`paced`]), a position carried to the training room ([`learning`]).

pub mod action;
mod learning;
pub mod marks;
pub(super) mod online_play;
mod paced;
mod replacing;
