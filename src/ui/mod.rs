//! The Yew user interface. It shows positions with the engine's cheap rules API and sends anything that
//! searches to the worker through [`crate::protocol`].

mod app;
mod board;

pub use app::App;
pub use board::BoardView;
