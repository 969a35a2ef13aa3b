//! Reversi (Othello) in the browser: the messages between the page and its engine Web Workers
//! ([`protocol`]), the worker's request handling ([`worker`]), the threads of the parallel search when the
//! workers share one memory ([`threads`]) and the Yew user interface ([`ui`]).
//! The protocol, the worker's request handling and the UI's session state build and are tested natively;
//! the Yew components and the worker's registration are wasm-only.
#![deny(missing_docs)]

pub mod protocol;
pub mod threads;
pub mod ui;
pub mod worker;
