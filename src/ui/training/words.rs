//! The training room's words in English and Chinese (简体): fixed ones in one table with both translations
//! side by side (as in [`crate::ui::i18n`]), and the sentences built from figures below it.

use crate::engine::{Color, Square};
use crate::ui::i18n::{color_name, Lang};

/// Fixed strings of the training room (each field is named for what it labels).
#[allow(missing_docs)]
#[derive(Debug)]
pub struct Words {
    pub training: &'static str,
    pub leave: &'static str,
    pub puzzles: &'static str,
    pub drills: &'static str,
    pub level: &'static str,
    pub start_puzzles: &'static str,
    pub daily: &'static str,
    pub next: &'static str,
    pub retry: &'static str,
    pub perfect_line: &'static str,
    pub back: &'static str,
    pub forward: &'static str,
    pub loading: &'static str,
    pub opening: &'static str,
    pub all_openings: &'static str,
    pub book_lines: &'static str,
    pub play_as: &'static str,
    pub start_drill: &'static str,
    pub next_line: &'static str,
    pub your_move: &'static str,
    pub right: &'static str,
    pub progress_lost: &'static str,
    pub puzzles_intro: &'static str,
    pub drills_intro: &'static str,
    pub book: &'static str,
    pub search: &'static str,
}

const EN: Words = Words {
    training: "Training",
    leave: "Back to the game",
    puzzles: "Endgame puzzles",
    drills: "Opening drills",
    level: "Level",
    start_puzzles: "Start puzzles",
    daily: "Daily puzzle",
    next: "Next puzzle",
    retry: "Try again",
    perfect_line: "Perfect play",
    back: "Back one move",
    forward: "Forward one move",
    loading: "Loading…",
    opening: "Opening",
    all_openings: "All named openings",
    book_lines: "The book's main lines",
    play_as: "Play as",
    start_drill: "Start drill",
    next_line: "Next line",
    your_move: "Your move: play the line's move.",
    right: "Right.",
    progress_lost: "Your saved training progress could not be read; a copy was kept, and counting starts again.",
    puzzles_intro: "Positions from expert games where exactly one move is best, checked by the exact solver. Find it.",
    drills_intro: "Play your side of a named opening; lines you miss come back sooner.",
    book: "book",
    search: "quick search",
};

const ZH: Words = Words {
    training: "训练",
    leave: "回到对局",
    puzzles: "残局题",
    drills: "开局练习",
    level: "难度",
    start_puzzles: "开始做题",
    daily: "每日一题",
    next: "下一题",
    retry: "再试一次",
    perfect_line: "完美着法",
    back: "后退一步",
    forward: "前进一步",
    loading: "加载中…",
    opening: "开局",
    all_openings: "全部命名开局",
    book_lines: "定式库主线",
    play_as: "执",
    start_drill: "开始练习",
    next_line: "下一条变化",
    your_move: "轮到你：请下出该变化的着法。",
    right: "正确。",
    progress_lost: "无法读取已保存的训练进度；已保留一份副本，计数重新开始。",
    puzzles_intro: "来自高手对局的局面，经精确求解器验证只有一步最佳。找出它。",
    drills_intro: "下出命名开局中你这一方的着法；出错的变化会更早再次出现。",
    book: "定式库",
    search: "快速搜索",
};

impl Words {
    /// The words in `lang`.
    pub fn of(lang: Lang) -> &'static Words {
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
            "{answer} {answer_outcome}: it loses {loss} discs. The best move was {best}, which {best_outcome}."
        ),
        (Lang::Zh, 0) => format!("正确！{answer} 在完美着法下{best_outcome}。"),
        (Lang::Zh, _) => format!(
            "{answer} {answer_outcome}：损失 {loss} 子。最佳着法是 {best}，{best_outcome}。"
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
    values: Option<(i32, i32, bool)>,
) -> String {
    let w = Words::of(lang);
    let values = values.map(|(p, e, book)| {
        let source = if book { w.book } else { w.search };
        let disc = |v: i32| format!("{:+.1}", v as f64 / 100.0);
        match lang {
            Lang::En => format!(" ({source}: {expected} {}, {played} {})", disc(e), disc(p)),
            Lang::Zh => format!("（{source}：{expected} {}，{played} {}）", disc(e), disc(p)),
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
