//! The native `reversi` command and what it is made of: the command line ([`cli`]), the NBoard protocol
//! ([`nboard`]), the match server's protocol ([`match_protocol`], from the server's crate) with its bot
//! ([`bot`]), the evaluation's training ([`train`]) and the WTHOR database tools ([`wthor_tools`]); every
//! command fails with one error type ([`ToolError`]).
#![deny(missing_docs)]

pub mod bench_pairing;
pub mod bench_server;
pub mod bot;
pub mod cli;
mod error;
pub mod fan_out;
pub use reversi_server::match_protocol;
pub mod nboard;
pub mod train;
pub mod wthor_tools;
pub mod xot;

pub use error::{DataError, ToolError};
