//! The page's views (Yew): the components that render the [`crate::session`] and dispatch its actions, the
//! hooks that run the engine workers, autosave and the clock's ticks, the browser calls, and the words of both
//! languages ([`i18n`], tested natively). Nothing here holds a rule of the game.
//!
//! **Where a component goes.** One component a file, the file named for the component (`SaveSlots` in
//! `save_slots.rs`; a component that only one other uses may sit beside it as its own file). The folder says
//! where on the page it shows:
//! - `app.rs`: the root alone, which reads the session once a render, works out what each component shows,
//!   and lays the page out;
//! - `board/`: the board area (the board, the position editor in its place, the area with the graph);
//! - `sections/`: the side panel's sections and the More drawer's, each over a part of the session or values
//!   the root works out;
//! - `panels/`: the small pieces sections and the root are built of (counts, clocks, controls, the move list,
//!   the new-game form, and `AfterBoard`, which draws the panel and the graph in the frame after a move's);
//! - `analysis/` and `training/`: the two rooms' components.
//!
//! A component takes the part of the session it shows (an `Rc` of it) or plain values, never the whole
//! session, and reports clicks through `on_*` callbacks: one whose values did not change is not rendered
//! again. Effects and browser calls live in `hooks/` and `browser.rs`.

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
mod hooks;
#[cfg(target_arch = "wasm32")]
mod keys;
#[cfg(target_arch = "wasm32")]
mod panels;
#[cfg(target_arch = "wasm32")]
pub mod reducer;
#[cfg(target_arch = "wasm32")]
mod sections;
#[cfg(target_arch = "wasm32")]
mod sound;
#[cfg(target_arch = "wasm32")]
mod training;

#[cfg(target_arch = "wasm32")]
pub use app::App;
#[cfg(target_arch = "wasm32")]
pub use board::BoardView;
