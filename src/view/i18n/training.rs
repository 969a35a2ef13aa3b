//! The training room's words in English and Chinese (简体): fixed ones in one table with both translations
//! side by side (as in [`crate::view::i18n`]), and the sentences built from figures below it.

use crate::session::training::{DrillValues, ValueSource};
use crate::view::i18n::{color_name, Lang};
use reversi_engine::{Color, Square};

crate::view::i18n::strings! {
    /// The room's title and the button that opens it.
    training: "Training", "训练";
    /// Leaves the room.
    leave: "Back to the game", "回到对局";
    /// The puzzles' tab.
    puzzles: "Endgame puzzles", "残局题";
    /// The drills' tab.
    drills: "Opening drills", "开局练习";
    /// The puzzle level's label.
    level: "Level", "难度";
    /// Starts the puzzles of the chosen level.
    start_puzzles: "Start puzzles", "开始做题";
    /// Shows the puzzle of the day.
    daily: "Daily puzzle", "每日一题";
    /// The next puzzle of the level.
    next: "Next puzzle", "下一题";
    /// The same puzzle again.
    retry: "Try again", "再试一次";
    /// Before the perfect line's moves.
    perfect_line: "Perfect play", "完美着法";
    /// Steps back along the perfect line.
    back: "Back one move", "后退一步";
    /// Steps forward along the perfect line.
    forward: "Forward one move", "前进一步";
    /// While a puzzle or a value is on its way.
    loading: "Loading…", "加载中…";
    /// The drill's choice of lines.
    opening: "Openings: all, the book's lines, or those you tick", "开局：全部、定式库主线，或勾选的开局";
    /// The search box of the drill's openings.
    search_openings: "Search the openings", "搜索开局";
    /// Every named opening.
    all_openings: "All named openings", "全部命名开局";
    /// The named openings followed by the book's best moves.
    book_lines: "The book's main lines", "定式库主线";
    /// The drill's colour.
    play_as: "Play as", "执";
    /// Starts the drill.
    start_drill: "Start drill", "开始练习";
    /// The next line of the drill.
    next_line: "Next line", "下一条变化";
    /// The drill waits for the player's move.
    your_move: "Your move: play the next move of the line.", "轮到你：请下出这条变化的下一步。";
    /// The drill's setup, folded while a line is drilled.
    drill_setup: "Choose the openings", "选择开局";
    /// Before the drill's line, shown before the first answer and at the end.
    the_line: "The line", "变化";
    /// A drill move on the line.
    right: "Right.", "正确。";
    /// Stored progress could not be read.
    progress_lost: "Your saved training progress could not be read; a copy was kept, and counting starts again. The copy's key:", "无法读取已保存的训练进度；已保留一份副本，计数重新开始。副本的键名：";
    /// The same when the browser's storage took no copy.
    progress_lost_not_kept: "Your saved training progress could not be read, and no copy of it could be kept (the browser's storage refused it: it may be full). Counting starts again.", "无法读取已保存的训练进度，且无法保留副本（浏览器存储拒绝写入，可能已满）。计数重新开始。";
    /// What the puzzles are.
    puzzles_intro: "Positions from expert games where exactly one move is best, checked by the exact solver. Find it.", "来自高手对局的局面，经精确求解器验证只有一步最佳。找出它。";
    /// What the drills are.
    drills_intro: "Play your side of a named opening; lines you miss come back sooner.", "下出命名开局中你这一方的着法；出错的变化会更早再次出现。";
    /// Values from the opening book.
    book: "book", "定式库";
    /// Values from a quick search.
    search: "quick search", "快速搜索";
}

/// The training room's fixed words.
pub type Words = Strings;

impl Strings {
    /// The words in `lang`.
    pub fn of(lang: Lang) -> &'static Strings {
        match lang {
            Lang::En => &EN,
            Lang::Zh => &ZH,
        }
    }
}

/// "Level 3 · 12 of 600 · from a 1998 game", or the daily puzzle's line.
pub fn puzzle_title(lang: Lang, level: u8, index: u32, of: u32, year: u16, daily: bool) -> String {
    match (lang, daily) {
        (Lang::En, false) => format!("Level {level} · {} of {of} · from a {year} game", index + 1),
        (Lang::En, true) => format!("Daily puzzle · level {level} · from a {year} game"),
        (Lang::Zh, false) => format!(
            "难度 {level} · 第 {} 题，共 {of} 题 · 出自 {year} 年的对局",
            index + 1
        ),
        (Lang::Zh, true) => format!("每日一题 · 难度 {level} · 出自 {year} 年的对局"),
    }
}

/// What the player must find: the only win, the only draw, or the best move.
pub fn puzzle_task(lang: Lang, color: Color, score: i32, decisive: bool) -> String {
    let who = color_name(lang, color);
    match (lang, decisive, score.signum()) {
        (Lang::En, true, 1) => format!("{who} to move: find the only winning move."),
        (Lang::En, true, 0) => format!("{who} to move: find the only move that draws."),
        (Lang::En, _, _) => format!("{who} to move: find the one best move."),
        (Lang::Zh, true, 1) => format!("{who}走：找出唯一的胜着。"),
        (Lang::Zh, true, 0) => format!("{who}走：找出唯一能和棋的着法。"),
        (Lang::Zh, _, _) => format!("{who}走：找出唯一的最佳着法。"),
    }
}

/// A result in discs for the side to move: "wins by 6", "draws", "loses by 4".
pub fn outcome(lang: Lang, score: i32) -> String {
    match (lang, score.signum()) {
        (Lang::En, 1) => format!("wins by {score}"),
        (Lang::En, 0) => "draws".to_string(),
        (Lang::En, _) => format!("loses by {}", -score),
        (Lang::Zh, 1) => format!("胜 {score} 子"),
        (Lang::Zh, 0) => "和棋".to_string(),
        (Lang::Zh, _) => format!("负 {} 子", -score),
    }
}

/// The verdict on a puzzle's answer.
pub fn puzzle_verdict(
    lang: Lang,
    answer: Square,
    best: Square,
    best_score: i32,
    loss: i32,
) -> String {
    let best_outcome = outcome(lang, best_score);
    let answer_outcome = outcome(lang, best_score - loss);
    match (lang, loss) {
        (Lang::En, 0) => format!("Right! {answer} {best_outcome} with perfect play."),
        (Lang::En, _) => format!(
            "Not quite: {answer} {answer_outcome} with perfect play. The best move, marked on the board, is {best}: it {best_outcome} ({loss} discs better)."
        ),
        (Lang::Zh, 0) => format!("正确！{answer} 在完美着法下{best_outcome}。"),
        (Lang::Zh, _) => format!(
            "还差一点：{answer} 在完美着法下{answer_outcome}。最佳着法（已在棋盘上标出）是 {best}：{best_outcome}（多 {loss} 子）。"
        ),
    }
}

/// Puzzle counts.
pub fn puzzle_counts(lang: Lang, solved: u32, attempted: u32, streak: u32, best: u32) -> String {
    match lang {
        Lang::En => format!("Solved {solved} of {attempted} · streak {streak} (best {best})"),
        Lang::Zh => format!("已解 {solved} / {attempted} 题 · 连对 {streak}（最佳 {best}）"),
    }
}

/// The line being drilled and its progress.
pub fn drill_title(lang: Lang, name: &str, color: Color) -> String {
    let side = color_name(lang, color);
    match lang {
        Lang::En => format!("{name} · you play {side}"),
        Lang::Zh => format!("{name} · 你执{side}"),
    }
}

/// Lines learned and due today.
pub fn drill_counts(lang: Lang, learned: usize, total: usize, due: usize) -> String {
    match lang {
        Lang::En => format!("Lines learned: {learned} of {total} · due today: {due}"),
        Lang::Zh => format!("已掌握 {learned} / {total} 条变化 · 今日待复习 {due} 条"),
    }
}

/// A wrong drill move: the line's move and the values of both.
pub fn drill_miss(
    lang: Lang,
    played: Square,
    expected: Square,
    values: Option<DrillValues>,
) -> String {
    let w = Words::of(lang);
    let values = values.map(|v| {
        let (p, e) = (v.played, v.expected);
        let source = match v.source {
            ValueSource::Book => w.book,
            ValueSource::Search => w.search,
        };
        let disc = |v: i32| super::signed(v, 1);
        match lang {
            Lang::En => format!(
                " ({source}, for Black: {expected} {}, {played} {})",
                disc(e),
                disc(p)
            ),
            Lang::Zh => format!(
                "（{source}，黑方子数差：{expected} {}，{played} {}）",
                disc(e),
                disc(p)
            ),
        }
    });
    let values = values.unwrap_or_else(|| w.loading.to_string());
    match lang {
        Lang::En => {
            format!("{played} is off the line: the line plays {expected}{values}. Play {expected}.")
        }
        Lang::Zh => format!("{played} 偏离了变化：应下 {expected}{values}。请下 {expected}。"),
    }
}

/// A line played to its end.
pub fn drill_done(lang: Lang, mistakes: u32, streak: u32) -> String {
    match (lang, mistakes) {
        (Lang::En, 0) => format!("Line complete without a mistake ({streak} in a row)."),
        (Lang::En, n) => format!("Line complete with {n} mistake(s): it comes back today."),
        (Lang::Zh, 0) => format!("本变化全对完成（连续 {streak} 次）。"),
        (Lang::Zh, n) => format!("本变化完成，出错 {n} 次：今天会再次出现。"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_word_has_both_translations_and_sentences_differ() {
        for (e, z) in PAIRS {
            assert!(!e.is_empty() && !z.is_empty());
            assert_ne!(e, z, "untranslated: {e}");
            assert!(z.chars().any(|c| c as u32 > 0x2E80), "not Chinese: {z}");
        }
        let d3: Square = "d3".parse().unwrap();
        let c4: Square = "c4".parse().unwrap();
        for lang in Lang::ALL {
            assert!(puzzle_verdict(lang, d3, c4, 6, 8).contains("c4"));
            assert!(drill_miss(
                lang,
                d3,
                c4,
                Some(DrillValues {
                    played: -250,
                    expected: 100,
                    source: ValueSource::Book
                })
            )
            .contains("+1.0"));
        }
        assert_ne!(outcome(Lang::En, 0), outcome(Lang::Zh, 0));
        assert_eq!(outcome(Lang::En, -4), "loses by 4");
    }
}
