//! The native `reversi` command and what it is made of: the command line ([`cli`]), the NBoard protocol
//! ([`nboard`]), the match server's protocol ([`match_protocol`]) with its bot ([`bot`]) and arena
//! ([`arena`]), the evaluation's training ([`train`]) and the WTHOR database tools ([`wthor_tools`]); every
//! command fails with one error type ([`ToolError`]).
#![deny(missing_docs)]

pub mod arena;
pub mod bot;
pub mod cli;
mod error;
pub mod fan_out;
pub mod match_protocol;
pub mod nboard;
pub mod train;
pub mod wthor_tools;
pub mod xot;

pub use error::{DataError, ToolError};
