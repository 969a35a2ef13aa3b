//! The words of "learn from your mistakes", in English and Chinese (简体).

use crate::view::i18n::Lang;
use reversi_engine::{Color, Square};

crate::view::i18n::strings! {
    /// Starts a pass, and its heading.
    learn: "Learn from your mistakes", "从失误中学习";
    /// The order: as played.
    in_order: "In the game's order", "按对局顺序";
    /// The order: the biggest first.
    biggest_first: "Biggest first", "由大到小";
    /// The order's label.
    order: "Order", "顺序";
    /// Shows the best move and its line.
    show_answer: "Show the answer", "显示答案";
    /// On to the next mistake.
    next: "Next mistake", "下一个失误";
    /// Ends the pass.
    stop: "Stop", "结束";
    /// Starts again.
    again: "Once more", "再来一遍";
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

use crate::view::i18n::color_name as side;

/// Where the pass is: "Mistake 2 of 5".
pub fn progress(lang: Lang, at: usize, of: usize) -> String {
    match lang {
        Lang::En => format!("Mistake {} of {of}", at + 1),
        Lang::Zh => format!("第 {} 个失误，共 {of} 个", at + 1),
    }
}

/// The question: "Move 12, Black played c4 and lost 6 discs. Find a better move."
pub fn prompt(lang: Lang, number: usize, color: Color, played: Square, loss: i32) -> String {
    match lang {
        Lang::En => format!(
            "Move {number}: {} played {played} and lost {loss} discs. Find a better move.",
            side(lang, color)
        ),
        Lang::Zh => format!(
            "第 {number} 手：{}下了 {played}，损失 {loss} 子。请找出更好的一手。",
            side(lang, color)
        ),
    }
}

/// A move tried being valued.
pub fn judging(lang: Lang, square: Square) -> String {
    match lang {
        Lang::En => format!("Checking {square}…"),
        Lang::Zh => format!("正在评估 {square}…"),
    }
}

/// A move tried that is still a mistake.
pub fn wrong(lang: Lang, square: Square, loss: i32) -> String {
    match lang {
        Lang::En => format!("{square} loses {loss} discs as well: try another move."),
        Lang::Zh => format!("{square} 同样损失 {loss} 子：请再试一手。"),
    }
}

/// A better move found.
pub fn found(lang: Lang, square: Square, loss: i32) -> String {
    match (lang, loss) {
        (Lang::En, 0) => format!("Well found: {square} is the best move."),
        (Lang::En, _) => format!("Well found: {square} is within {loss} discs of the best."),
        (Lang::Zh, 0) => format!("找到了：{square} 是最佳着法。"),
        (Lang::Zh, _) => format!("找到了：{square} 与最佳着法只差 {loss} 子。"),
    }
}

/// The answer: the best move and its line.
pub fn answer(lang: Lang, best: Square, line: &[Square]) -> String {
    let line = line
        .iter()
        .map(Square::to_string)
        .collect::<Vec<_>>()
        .join(" ");
    match lang {
        Lang::En => format!("The best move: {best} (line: {line})"),
        Lang::Zh => format!("最佳着法：{best}（变化：{line}）"),
    }
}

/// The mistakes found in an earlier pass (kept with the game).
pub fn learned_before(lang: Lang, found: usize, of: usize) -> String {
    match lang {
        Lang::En => format!("Found before: {found} of {of} (a new pass asks the others first)."),
        Lang::Zh => format!("之前已找到：{of} 个中的 {found} 个（新一轮先问其余的）。"),
    }
}

/// The pass over: how many were found.
pub fn summary(lang: Lang, found: usize, of: usize) -> String {
    match lang {
        Lang::En => format!("Done: you found the better move at {found} of {of} mistakes."),
        Lang::Zh => format!("完成：{of} 个失误中你找到了 {found} 个更好的着法。"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_word_of_the_pass_has_both_translations() {
        for (en, zh) in PAIRS {
            assert!(!en.is_empty() && en != zh);
            assert!(zh.chars().any(|c| c as u32 > 0x2E80), "not Chinese: {zh}");
        }
        let c4: Square = "c4".parse().unwrap();
        assert_ne!(
            prompt(Lang::En, 12, Color::Black, c4, 6),
            prompt(Lang::Zh, 12, Color::Black, c4, 6)
        );
        assert_eq!(found(Lang::En, c4, 0), "Well found: c4 is the best move.");
    }
}
