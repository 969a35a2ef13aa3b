//! Small pieces of the page as components: the header with the language choice, the game controls, the disc
//! counts, the game clocks, the result card and the share-and-import section, and what draws the panel after the
//! board. They render what they are given and report clicks; the main view owns the session.

mod after_board;
mod clocks;
mod counts;
mod game_controls;
mod header;
mod invite_dialog;
mod move_list;
mod new_game_form;
mod online_form;
mod online_game;
mod result_card;
mod screen_bar;
mod share_panel;

pub use self::after_board::AfterBoard;
pub use self::clocks::Clocks;
pub use self::counts::Counts;
pub use self::game_controls::GameControls;
pub use self::header::Header;
pub use self::invite_dialog::InviteDialog;
pub use self::move_list::{ListedVariation, MoveList};
pub use self::new_game_form::NewGameForm;
pub use self::online_game::OnlineGame;
pub use self::result_card::ResultCard;
pub use self::screen_bar::ScreenBar;
pub use self::share_panel::SharePanel;

/// A dialog's keys: Escape closes it (`cancel`).
fn escape_closes(cancel: &yew::Callback<()>) -> yew::Callback<web_sys::KeyboardEvent> {
    let cancel = cancel.clone();
    yew::Callback::from(move |e: web_sys::KeyboardEvent| {
        if e.key() == "Escape" {
            e.prevent_default();
            cancel.emit(());
        }
    })
}
