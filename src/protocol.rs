//! Messages between the page and the engine's Web Worker. Every request carries an id, and every reply the id
//! of the request it answers, so the page can drop a reply that arrives after an undo or a new game.

use serde::{Deserialize, Serialize};

/// Identifies a request; the page increases it for every request it sends.
pub type RequestId = u64;

/// What the page asks of the worker.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Request {
    /// Liveness check: answered by [`Response::Pong`] with the same id.
    Ping {
        /// The request's id.
        id: RequestId,
    },
    /// Count the leaves `depth` plies below a position (a small engine self-check run in the worker).
    Perft {
        /// The request's id.
        id: RequestId,
        /// The position, as `<64 squares> <X|O>`.
        position: String,
        /// Plies to count.
        depth: u32,
    },
}

/// What the worker answers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Response {
    /// Answer to [`Request::Ping`].
    Pong {
        /// The id of the ping.
        id: RequestId,
        /// The engine's version (the crate version), so the page can tell a stale cached worker.
        version: String,
    },
    /// Answer to [`Request::Perft`].
    Perft {
        /// The id of the request.
        id: RequestId,
        /// Leaf count.
        nodes: u64,
    },
    /// The request could not be carried out (e.g. a malformed position); the message says why.
    Error {
        /// The id of the request.
        id: RequestId,
        /// A human-readable reason.
        message: String,
    },
}

impl Response {
    /// The id of the request this answers.
    pub fn id(&self) -> RequestId {
        match self {
            Response::Pong { id, .. } | Response::Perft { id, .. } | Response::Error { id, .. } => {
                *id
            }
        }
    }
}
