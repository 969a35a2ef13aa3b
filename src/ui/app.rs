//! The root component: the board of the start position and the state of the engine worker.

use yew::prelude::*;
use yew_agent::worker::{use_worker_bridge, WorkerProvider};

use super::BoardView;
use crate::engine::{Game, Position};
use crate::protocol::{Request, Response};
use crate::worker::EngineWorker;

/// Where Trunk puts the worker's script.
const WORKER_PATH: &str = "/worker.js";

/// The application: provides the engine worker to everything below it.
#[function_component(App)]
pub fn app() -> Html {
    html! {
        <WorkerProvider<EngineWorker> path={WORKER_PATH}>
            <Main />
        </WorkerProvider<EngineWorker>>
    }
}

#[derive(Clone, PartialEq)]
enum EngineState {
    Starting,
    Ready { version: String },
    Failed { message: String },
}

#[function_component(Main)]
fn main_view() -> Html {
    let engine = use_state(|| EngineState::Starting);
    let bridge = {
        let engine = engine.clone();
        use_worker_bridge::<EngineWorker, _>(move |response: Response| match response {
            Response::Pong { version, .. } => engine.set(EngineState::Ready { version }),
            Response::Error { message, .. } => engine.set(EngineState::Failed { message }),
            Response::Perft { .. } => {}
        })
    };
    use_effect_with((), move |_| {
        bridge.send(Request::Ping { id: 1 });
    });

    let game = Game::new();
    let position: Position = game.position();
    let counts = game.counts();
    let status = match &*engine {
        EngineState::Starting => "Engine: starting…".to_string(),
        EngineState::Ready { version } => format!("Engine: ready (v{version})"),
        EngineState::Failed { message } => format!("Engine: error: {message}"),
    };

    html! {
        <main class="layout">
            <header class="title"><h1>{ "Reversi" }</h1></header>
            <BoardView position={position} legal={game.legal_moves()} />
            <aside class="panel">
                <p class="counts">
                    <span class="disc-icon black"></span>
                    <span data-testid="count-black">{ counts.black }</span>
                    <span class="disc-icon white"></span>
                    <span data-testid="count-white">{ counts.white }</span>
                </p>
                <p data-testid="status">{ format!("{} to move", game.to_move()) }</p>
                <p data-testid="engine-status" class="engine-status">{ status }</p>
            </aside>
        </main>
    }
}
