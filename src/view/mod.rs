//! The page's views (Yew): the components that render the [`crate::session`] and dispatch its actions, the
//! hooks that run the engine workers, autosave and the clock's ticks, the browser calls, and the words of both
//! languages ([`i18n`], tested natively). Nothing here holds a rule of the game.

pub mod i18n;

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
mod games;
#[cfg(target_arch = "wasm32")]
mod hooks;
#[cfg(target_arch = "wasm32")]
mod image;
#[cfg(target_arch = "wasm32")]
mod move_list;
#[cfg(target_arch = "wasm32")]
mod new_game;
#[cfg(target_arch = "wasm32")]
mod panels;
#[cfg(target_arch = "wasm32")]
mod reducer;
#[cfg(target_arch = "wasm32")]
mod sections;
#[cfg(target_arch = "wasm32")]
mod slots;
#[cfg(target_arch = "wasm32")]
mod sound;
#[cfg(target_arch = "wasm32")]
mod training;

#[cfg(target_arch = "wasm32")]
pub use app::App;
#[cfg(target_arch = "wasm32")]
pub use board::BoardView;
