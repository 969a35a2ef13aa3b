//! The Web Worker that owns the engine: it turns each [`Request`] into a [`Response`] off the page's thread.
//! [`handle`] is plain Rust and tested natively; only the registration glue is wasm-only.

use crate::engine::{perft, Position};
use crate::protocol::{Request, Response};

/// The deepest perft the worker runs: deeper would block it for seconds.
pub const MAX_PERFT_DEPTH: u32 = 10;

/// Carries out one request with the engine.
pub fn handle(request: Request) -> Response {
    match request {
        Request::Ping { id } => Response::Pong {
            id,
            version: env!("CARGO_PKG_VERSION").to_string(),
        },
        Request::Perft {
            id,
            position,
            depth,
        } => match position.parse::<Position>() {
            Ok(position) if depth <= MAX_PERFT_DEPTH => Response::Perft {
                id,
                nodes: perft(&position.board, depth),
            },
            Ok(_) => Response::Error {
                id,
                message: format!(
                    "perft depth {depth} is over the worker's limit of {MAX_PERFT_DEPTH}"
                ),
            },
            Err(error) => Response::Error {
                id,
                message: error.to_string(),
            },
        },
    }
}

#[cfg(target_arch = "wasm32")]
pub use web::EngineWorker;

#[cfg(target_arch = "wasm32")]
mod web {
    use yew_agent::worker::{HandlerId, Worker, WorkerScope};

    use crate::protocol::{Request, Response};

    /// The engine as a yew-agent worker: one request at a time, each answered with its id.
    pub struct EngineWorker;

    impl Worker for EngineWorker {
        type Message = ();
        type Input = Request;
        type Output = Response;

        fn create(_scope: &WorkerScope<Self>) -> Self {
            EngineWorker
        }

        fn update(&mut self, _scope: &WorkerScope<Self>, _msg: Self::Message) {}

        fn received(&mut self, scope: &WorkerScope<Self>, request: Request, id: HandlerId) {
            scope.respond(id, super::handle(request));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replies_carry_the_request_id_and_bad_input_is_an_error_reply() {
        assert_eq!(handle(Request::Ping { id: 7 }).id(), 7);
        let start = Position::START.to_string();
        assert_eq!(
            handle(Request::Perft {
                id: 8,
                position: start.clone(),
                depth: 3
            }),
            Response::Perft { id: 8, nodes: 56 }
        );
        assert!(matches!(
            handle(Request::Perft {
                id: 9,
                position: "nonsense".into(),
                depth: 3
            }),
            Response::Error { id: 9, .. }
        ));
        assert!(matches!(
            handle(Request::Perft {
                id: 10,
                position: start,
                depth: 30
            }),
            Response::Error { id: 10, .. }
        ));
    }
}
