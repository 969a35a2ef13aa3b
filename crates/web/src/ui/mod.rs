//! The user interface. [`state`] is the game session as plain Rust (tested natively); the Yew components
//! render it, and anything that searches goes to the engine workers through [`channel`] and
//! [`crate::protocol`].

pub mod channel;
pub mod clock;
pub mod i18n;
pub mod keys;
pub mod notice;
pub mod persist;
pub mod pool;
pub mod room;
pub mod saved;
pub mod settings;
pub mod share;
pub mod state;
pub mod training;

#[cfg(target_arch = "wasm32")]
mod analysis;
#[cfg(target_arch = "wasm32")]
mod app;
#[cfg(target_arch = "wasm32")]
mod board;
#[cfg(target_arch = "wasm32")]
mod browser;
#[cfg(target_arch = "wasm32")]
mod editor;
#[cfg(target_arch = "wasm32")]
mod hooks;
#[cfg(target_arch = "wasm32")]
mod move_list;
#[cfg(target_arch = "wasm32")]
mod new_game;
#[cfg(target_arch = "wasm32")]
mod panels;
#[cfg(target_arch = "wasm32")]
mod sections;
#[cfg(target_arch = "wasm32")]
mod slots;

#[cfg(target_arch = "wasm32")]
pub use app::App;
#[cfg(target_arch = "wasm32")]
pub use board::BoardView;

#[cfg(target_arch = "wasm32")]
use browser::storage;
