//! Every key under which the page keeps something in the browser's storage, in one place and one scheme:
//! `reversi.<what>`; a copy of data that could not be read goes under `<key>.unreadable` (then `-2`, `-3`
//! … when that is taken: see `crate::view::browser::keep_aside`). A key of an older scheme is still read
//! ([`TRAINING_BEFORE`]), and written no more.

/// The game on the board, saved after every change ([`crate::session::kept::persist`]).
pub const AUTOSAVE: &str = "reversi.autosave";
/// The analysis room's values of the game on the board, kept so that its graph is whole after a reload
/// ([`crate::session::kept::persist::values`]).
pub const VALUES: &str = "reversi.values";
/// The games kept aside ([`crate::session::kept::slots::save_replaced`]).
pub const REPLACED: &str = "reversi.replaced";
/// The training room's progress ([`crate::session::training::Progress`]).
pub const TRAINING: &str = "reversi.training";
/// Where the training progress was kept before the one scheme: read when [`TRAINING`] holds nothing.
pub const TRAINING_BEFORE: &str = "reversi-training-v1";
/// The page's language, once chosen.
pub const LANG: &str = "reversi.lang";
/// The move sounds, once chosen (`on` or `off`).
pub const SOUND: &str = "reversi.sound";
/// How the board is shown ([`crate::session::preferences::BoardView::text`]).
pub const BOARD_VIEW: &str = "reversi.board";
/// The board's orientation as it was kept before [`BOARD_VIEW`]: read when that holds nothing.
pub const ORIENTATION_BEFORE: &str = "reversi.orientation";
/// The seats this device holds in games played online, with the name played under
/// ([`crate::session::online::address`]).
pub const ONLINE: &str = "reversi.online";
/// The copy of unreadable data told of on this visit, told again once after the next load.
pub const TOLD_UNREADABLE: &str = "reversi.told-unreadable";

/// The key of save slot `n` (1-based).
pub fn slot(n: usize) -> String {
    format!("reversi.slot.{n}")
}

/// Where a copy of unreadable data from `key` goes first.
pub fn unreadable(key: &str) -> String {
    format!("{key}.unreadable")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_keeps_the_one_scheme_and_the_autosaves_copy_keeps_its_name() {
        let keys = [
            AUTOSAVE,
            REPLACED,
            TRAINING,
            LANG,
            SOUND,
            BOARD_VIEW,
            TOLD_UNREADABLE,
        ];
        for key in keys
            .iter()
            .copied()
            .chain([slot(1).as_str(), slot(9).as_str()])
        {
            let name = key.strip_prefix("reversi.").expect("reversi.<what>");
            assert!(
                !name.is_empty()
                    && name.chars().all(|c| c.is_ascii_lowercase()
                        || c.is_ascii_digit()
                        || c == '.'
                        || c == '-')
            );
        }
        let distinct: std::collections::BTreeSet<_> = keys.iter().collect();
        assert_eq!(distinct.len(), keys.len());
        // Copies already written by earlier builds are found under the same name.
        assert_eq!(unreadable(AUTOSAVE), "reversi.autosave.unreadable");
        assert_ne!(TRAINING_BEFORE, TRAINING);
    }
}
