//! The words of the move tree's edits (the menu on a variation's move and the buttons under the list), in
//! English and Chinese (简体).

use crate::view::i18n::Lang;

crate::view::i18n::strings! {
    /// The buttons' row and the menu, for screen readers.
    edit_variation: "Edit the variation", "编辑变化";
    /// Deletes the move shown and what follows it.
    delete_from_here: "Delete from here", "从此处删除";
    /// Draws the variation on over the one it leaves.
    promote: "Promote variation", "提升变化";
    /// The variation becomes the record.
    main_line: "Make main line", "设为主线";
    /// How to reach the menu, and the keys at a fork.
    tree_hint: "Right-click or long-press a variation's move for its menu; ↑/↓ choose the branch at a fork.",
        "右键或长按变化中的着法打开菜单；↑/↓ 在分支处切换变化。";
}

impl Strings {
    /// The words in `lang`.
    pub fn of(lang: Lang) -> &'static Strings {
        match lang {
            Lang::En => &EN,
            Lang::Zh => &ZH,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_word_of_the_tree_has_both_translations() {
        for (en, zh) in PAIRS {
            assert!(!en.is_empty() && en != zh);
            assert!(zh.chars().any(|c| c as u32 > 0x2E80), "not Chinese: {zh}");
        }
        assert_eq!(Strings::of(Lang::Zh).main_line, "设为主线");
    }
}
