//! The words of the screens' bar and of the new-game dialog, in English and Chinese (简体).

use crate::view::i18n::Lang;

crate::view::i18n::strings! {
    /// The bar's own name, for screen readers.
    screens: "Screens", "页面";
    /// The play screen.
    play: "Play", "对局";
    /// The analysis screen.
    analyse: "Analyse", "分析";
    /// The training screen.
    train: "Train", "训练";
    /// The online screen.
    online: "Online", "在线";
    /// The settings screen.
    settings: "Settings", "设置";
    /// Heading of the settings screen's preferences.
    preferences: "Preferences", "偏好";
    /// Heading of the settings screen's games kept and shared.
    games_and_files: "Saved games, import and export", "存档、导入与导出";
    /// The dialog's question: who plays.
    who_plays: "Play against", "对手";
    /// Who plays: the AI.
    vs_ai: "The computer", "电脑";
    /// Who plays: two people at this screen.
    vs_here: "A friend here", "身边的朋友";
    /// Who plays: a friend, or a bot, through the server.
    vs_online: "Online", "在线";
    /// Who plays: the AI against itself, to watch.
    ai_vs_ai: "Watch AI vs AI", "观看电脑对电脑";
    /// The colour choice's label.
    your_color: "Your colour", "执子";
    /// Colour: black (moves first).
    black: "Black", "黑";
    /// Colour: chosen at random.
    random: "Random", "随机";
    /// Colour: white.
    white: "White", "白";
    /// The clock's label.
    time_control: "Time control", "用时";
    /// No clock.
    unlimited: "Unlimited", "不限时";
    /// The clock set by hand.
    custom: "Custom", "自定义";
    /// The folded options.
    more_options: "More options: start position, AI errors, speed", "更多选项：开局、电脑失误、速度";
    /// Closes the dialog.
    close: "Close", "关闭";
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

/// A word for each level of the AI (1 to 10), as the dialog's buttons say it.
pub fn level_word(lang: Lang, level: u8) -> &'static str {
    const EN_WORDS: [&str; 10] = [
        "Beginner",
        "Novice",
        "Casual",
        "Club",
        "Keen",
        "Strong",
        "Expert",
        "Master",
        "Champion",
        "Strongest",
    ];
    const ZH_WORDS: [&str; 10] = [
        "入门",
        "新手",
        "休闲",
        "俱乐部",
        "进阶",
        "强手",
        "专家",
        "大师",
        "冠军",
        "最强",
    ];
    let index = usize::from(level.clamp(1, 10)) - 1;
    match lang {
        Lang::En => EN_WORDS[index],
        Lang::Zh => ZH_WORDS[index],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_word_has_both_translations_and_every_level_a_word() {
        for (en, zh) in PAIRS {
            assert!(!en.is_empty() && !zh.is_empty() && en != zh);
        }
        for level in 1..=reversi_engine::MAX_LEVEL {
            assert_ne!(level_word(Lang::En, level), level_word(Lang::Zh, level));
        }
        assert_eq!(level_word(Lang::En, 1), "Beginner");
        assert_eq!(level_word(Lang::En, 10), "Strongest");
    }
}
