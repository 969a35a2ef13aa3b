//! The root component: a board two people can play on, and the state of the engine worker.

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
            // The skeleton page asks for nothing else yet.
            _ => {}
        })
    };
    use_effect_with((), move |_| {
        bridge.send(Request::Ping { id: 1 });
    });

    let game = use_state(Game::new);
    let on_square = {
        let game = game.clone();
        Callback::from(move |square| {
            let mut next = (*game).clone();
            // An illegal square is simply not played; the game is unchanged.
            if next.play(square).is_ok() {
                game.set(next);
            }
        })
    };
    let position: Position = game.position();
    let counts = game.counts();
    let engine_line = match &*engine {
        EngineState::Starting => "Engine: starting…".to_string(),
        EngineState::Ready { version } => format!("Engine: ready (v{version})"),
        EngineState::Failed { message } => format!("Engine: error: {message}"),
    };

    html! {
        <main class="layout">
            <header class="title"><h1>{ "Reversi" }</h1></header>
            <BoardView position={position} legal={game.legal_moves()} {on_square} />
            <aside class="panel">
                <p class="counts">
                    <span class="disc-icon black"></span>
                    <span data-testid="count-black">{ counts.black }</span>
                    <span class="disc-icon white"></span>
                    <span data-testid="count-white">{ counts.white }</span>
                </p>
                <p data-testid="status">{ status_line(&game) }</p>
                <p data-testid="transcript" class="transcript">{ game.transcript() }</p>
                <p data-testid="engine-status" class="engine-status">{ engine_line }</p>
            </aside>
        </main>
    }
}

/// Whose turn it is, a pass just made, or the result.
fn status_line(game: &Game) -> String {
    if let Some(outcome) = game.outcome() {
        let (black, white) = outcome.score_empties_to_winner();
        return match outcome.winner() {
            Some(color) => format!("{color} wins {black}–{white}"),
            None => format!("Draw {black}–{white}"),
        };
    }
    let to_move = game.to_move();
    if game.last_move() == Some(crate::engine::Move::Pass) {
        format!(
            "{} has no legal move — {to_move} plays again",
            to_move.opponent()
        )
    } else {
        format!("{to_move} to move")
    }
}
