//! Reversi (Othello): a bitboard engine, the messages between the page and its Web Worker, the worker, and
//! the Yew user interface. The engine, the protocol and the worker's request handling build natively;
//! the UI's session state too; the Yew components and the worker's registration are wasm-only.
#![deny(missing_docs)]

pub mod engine;
pub mod protocol;
pub mod worker;

pub mod ui;

#[cfg(not(target_arch = "wasm32"))]
pub mod arena;
#[cfg(not(target_arch = "wasm32"))]
pub mod bot;
#[cfg(not(target_arch = "wasm32"))]
pub mod cli;
#[cfg(not(target_arch = "wasm32"))]
pub mod fan_out;
#[cfg(not(target_arch = "wasm32"))]
pub mod match_protocol;
#[cfg(not(target_arch = "wasm32"))]
pub mod nboard;
#[cfg(not(target_arch = "wasm32"))]
pub mod review_tool;
#[cfg(not(target_arch = "wasm32"))]
pub mod train;
#[cfg(not(target_arch = "wasm32"))]
pub mod wthor_tools;
