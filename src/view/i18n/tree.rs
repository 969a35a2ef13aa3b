//! The words of the analysis board: the move tree's edits (the menu on a variation's move and the buttons
//! under the list) and the best lines' room, in English and Chinese (简体).

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
    /// Under the board on the analysis screen while the analysis is off.
    analysis_off: "Analysis off: switch on Analyse for every move's value and the best lines.",
        "分析已关闭：打开“分析”即可看到每步的评估和最佳线路。";
    /// The label of the number of best lines shown.
    lines_shown: "Best lines shown", "显示的最佳线路数";
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

/// A choice of the number of best lines: "1 line", "3 lines".
pub fn lines_option(lang: Lang, count: u8) -> String {
    match (lang, count) {
        (Lang::En, 1) => "1 line".to_string(),
        (Lang::En, n) => format!("{n} lines"),
        (Lang::Zh, n) => format!("{n} 条线路"),
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
