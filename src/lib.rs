//! Reversi (Othello) in the browser, in layers that import one way only (view → session → client →
//! protocol → engine; the worker → protocol → engine):
//!
//! - [`protocol`]: the messages between the page and its engine Web Workers;
//! - [`worker`]: the worker's request handling, and the threads of the parallel search when the workers
//!   share one memory;
//! - [`client`]: the page's side of the workers: the request log and the pool;
//! - [`session`]: the game session and the rooms' state, plain Rust;
//! - [`view`]: the Yew components, hooks and words.
//!
//! All but the components, the hooks and the worker's registration build and are tested natively. The
//! `page` feature (on by default) brings the view and Yew; the threaded worker builds without it.
#![deny(missing_docs)]

pub mod client;
pub mod protocol;
pub mod session;
#[cfg(feature = "page")]
pub mod view;
pub mod worker;
