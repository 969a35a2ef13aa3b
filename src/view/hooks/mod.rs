//! The page's effects as hooks, a file each, each given what it uses: the pool of engine workers (fed the
//! commands the session's actions return), the address (the screen shown, share links pasted into it), the autosave, the game
//! clock's ticks (and the wake-up of a held engine reply), the page's keys, the move sounds, the preferences
//! kept in storage, the training room's progress, the page shown or hidden, a step of the record. The main
//! view calls them in order; they touch the browser only through [`crate::view::browser`].

mod autosave;
mod clock;
mod dispatch;
mod keys;
mod links;
mod net;
mod pool;
mod preferences;
mod show_ply;
mod sounds;
mod training;
mod visibility;

pub use self::autosave::{allow_write_over, use_autosave};
pub use self::clock::{use_game_clock, use_wake};
pub use self::dispatch::{use_dispatch, use_dispatch_shown};
pub use self::keys::use_page_keys;
pub use self::links::use_address;
pub use self::net::{join_invitation, kept_name, kept_token, remember_name, use_network};
pub use self::pool::use_engine_pool;
pub use self::preferences::use_preferences;
pub use self::show_ply::use_show_ply;
pub use self::sounds::use_move_sounds;
pub use self::training::use_training_progress;
pub use self::visibility::use_page_visibility;
