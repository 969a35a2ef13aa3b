//! The engine's and the analysis's words: values as players say them, the hint, the engine's progress,
//! figures and line, the review's sentences.

use crate::protocol::{DataFile, ScoreKind, SearchReport, WorkerError};
use reversi_engine::Color;

use super::format::color_name;
use super::Lang;

/// The engine's line as a transcript to read: "d3 c3 c4 e3" (at most ten moves, then "…").
pub fn line(pv: &[reversi_engine::Square]) -> String {
    let mut text = pv
        .iter()
        .take(10)
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(" ");
    if pv.len() > 10 {
        text.push_str(" …");
    }
    text
}

/// A value in hundredths of a disc for `mover`, turned into the page's one convention: for Black (plus
/// when Black is ahead, minus when White is), as the graph draws it and the legend says.
pub fn for_black(mover: Color, hundredths: i32) -> i32 {
    match mover {
        Color::Black => hundredths,
        Color::White => -hundredths,
    }
}

/// Hundredths of a disc written to `digits` decimals with their sign, a true minus, and no sign on zero:
/// "+1.5", "−17.8", "0.0".
pub fn signed(hundredths: i32, digits: usize) -> String {
    if hundredths == 0 {
        format!("{:.*}", digits, 0.0)
    } else {
        format!("{:+.*}", digits, hundredths as f64 / 100.0).replace('-', "−")
    }
}

/// A search's value as players read it, for Black: "depth 8, +1.5", "−4 (exact)", "book move, +0.9";
/// a win/loss/draw says who wins. `score` is for `mover`, as the engine gives it.
fn engine_value(lang: Lang, mover: Color, score: i32, kind: ScoreKind) -> String {
    let black = for_black(mover, score);
    match kind {
        ScoreKind::Midgame { depth } => match lang {
            Lang::En => format!("depth {depth}, {}", signed(black, 1)),
            Lang::Zh => format!("深度 {depth}，{}", signed(black, 1)),
        },
        ScoreKind::Exact => match lang {
            Lang::En => format!("{} (exact)", signed(black, 0)),
            Lang::Zh => format!("{}（精确）", signed(black, 0)),
        },
        ScoreKind::Book => match lang {
            Lang::En => format!("book move, {}", signed(black, 1)),
            Lang::Zh => format!("定式，{}", signed(black, 1)),
        },
        ScoreKind::WinLossDraw => {
            let winner = (black > 0)
                .then_some(Color::Black)
                .or((black < 0).then_some(Color::White));
            match (lang, winner) {
                (Lang::En, Some(c)) => format!("{} wins with perfect play", color_name(lang, c)),
                (Lang::Zh, Some(c)) => format!("{}必胜", color_name(lang, c)),
                (Lang::En, None) => "a draw with perfect play".to_string(),
                (Lang::Zh, None) => "双方最佳下法为和棋".to_string(),
            }
        }
    }
}

/// The hint as players read it, its value for Black as every value on the page: "Hint: d3 — book move,
/// +0.9", "Hint: c4 — depth 9, −17.8" (White to move and 17.8 ahead).
pub fn hint(
    lang: Lang,
    mover: Color,
    square: reversi_engine::Square,
    score: i32,
    kind: ScoreKind,
) -> String {
    let value = engine_value(lang, mover, score, kind);
    match lang {
        Lang::En => format!("Hint: {square} — {value}"),
        Lang::Zh => format!("提示：{square} —— {value}"),
    }
}

/// The one convention of the page's values, said once, under the board while it shows them.
pub fn values_for(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "Discs for Black: + Black ahead, − White ahead",
        Lang::Zh => "黑方子数差：+ 黑优，− 白优",
    }
}

/// How deep the analysis's values are: "depth 12", "exact".
pub fn analysis_depth(lang: Lang, depth: u32, exact: bool) -> String {
    match (lang, exact) {
        (Lang::En, true) => "exact".to_string(),
        (Lang::Zh, true) => "精确".to_string(),
        (Lang::En, false) => format!("depth {depth}"),
        (Lang::Zh, false) => format!("深度 {depth}"),
    }
}

/// A best line's value for Black, with its depth and the book's value when the book has the move (both
/// already for Black, see [`for_black`]): "+1.2 · depth 14 · book +0.8", "−4 · exact".
pub fn line_value(lang: Lang, value: i32, depth: u32, exact: bool, book: Option<i32>) -> String {
    let mut text = format!(
        "{} · {}",
        signed(value, if exact { 0 } else { 1 }),
        analysis_depth(lang, depth, exact)
    );
    if let Some(book) = book {
        let word = match lang {
            Lang::En => "book",
            Lang::Zh => "定式",
        };
        text.push_str(&format!(" · {word} {}", signed(book, 1)));
    }
    text
}

/// The engine's last move as players read it: "AI d3: depth 8, +1.5".
pub fn search_stats(lang: Lang, mover: Color, stats: &SearchReport) -> String {
    let value = engine_value(lang, mover, stats.score, stats.kind);
    match lang {
        Lang::En => format!("AI {}: {value}", stats.best),
        Lang::Zh => format!("电脑 {}：{value}", stats.best),
    }
}

/// The AI's last move without its value (while a person plays it): "AI f4".
pub fn search_move(lang: Lang, stats: &SearchReport) -> String {
    match lang {
        Lang::En => format!("AI {}", stats.best),
        Lang::Zh => format!("电脑 {}", stats.best),
    }
}

/// The AI thinking, without its value or its move (while a person plays it).
pub fn thinking_plain(lang: Lang) -> String {
    match lang {
        Lang::En => "Thinking…".to_string(),
        Lang::Zh => "思考中…".to_string(),
    }
}

/// Its figures, one click away: "1.23 M nodes in 0.80 s (1.54 M nodes/s), on 2 threads"; "193 nodes in 2 ms,
/// on one core" (no rate over so short a time).
pub fn search_figures(lang: Lang, stats: &SearchReport, threads: usize) -> String {
    let nodes = amount(stats.nodes as f64);
    let time = duration(stats.millis);
    // A rate over a few milliseconds says nothing: it is left out.
    let rate =
        (stats.millis >= 20).then(|| amount(stats.nodes as f64 * 1000.0 / stats.millis as f64));
    match lang {
        Lang::En => {
            let cores = if threads == 1 {
                "on one core".to_string()
            } else {
                format!("on {threads} threads")
            };
            match rate {
                Some(rate) => format!("{nodes} nodes in {time} ({rate} nodes/s), {cores}"),
                None => format!("{nodes} nodes in {time}, {cores}"),
            }
        }
        Lang::Zh => {
            let cores = if threads == 1 {
                "单核".to_string()
            } else {
                format!("{threads} 个线程")
            };
            match rate {
                Some(rate) => format!("{nodes} 个节点，用时 {time}（每秒 {rate} 个节点），{cores}"),
                None => format!("{nodes} 个节点，用时 {time}，{cores}"),
            }
        }
    }
}

/// A count as people read it: "193", "48.2 k", "3.61 M", "1.20 G".
fn amount(n: f64) -> String {
    match n {
        n if n < 1e3 => format!("{n:.0}"),
        n if n < 1e6 => format!("{:.1} k", n / 1e3),
        n if n < 1e9 => format!("{:.2} M", n / 1e6),
        n => format!("{:.2} G", n / 1e9),
    }
}

/// Milliseconds as people read them: "8 ms", "1.82 s".
fn duration(millis: u32) -> String {
    if millis < 1000 {
        format!("{millis} ms")
    } else {
        format!("{:.2} s", millis as f64 / 1000.0)
    }
}

/// A value from black's side as the graph writes it, signed as every value on the page: "+2.5", "−4
/// (exact)", "0".
pub fn black_value(lang: Lang, black_value: f64, exact: bool) -> String {
    let hundredths = (black_value * 100.0).round() as i32;
    let mut text = if exact {
        signed(hundredths, 0)
    } else {
        signed(hundredths, 1)
    };
    if exact {
        text.push_str(match lang {
            Lang::En => " (exact)",
            Lang::Zh => "（精确）",
        });
    }
    text
}

/// The review's progress: "Reviewing… 12 / 60 moves".
pub fn review_progress(lang: Lang, done: usize, total: usize) -> String {
    match lang {
        Lang::En => format!("Reviewing… {done} / {total} moves"),
        Lang::Zh => format!("复盘中… {done} / {total} 步"),
    }
}

/// One mistake: "23. White c7?? lost 12 (best b2)".
pub fn mistake(lang: Lang, number: usize, m: &crate::session::room::ReviewedMove) -> String {
    let mark = m.mark.map_or("", |m| m.symbol());
    let color = color_name(lang, m.color);
    match lang {
        Lang::En => format!(
            "{number}. {color} {}{mark} lost {} (best {})",
            m.played, m.loss, m.best
        ),
        Lang::Zh => format!(
            "{number}. {color} {}{mark} 损失 {} 子（最佳 {}）",
            m.played, m.loss, m.best
        ),
    }
}

/// Each side's average loss: "Average loss per move: Black 1.9, White 1.1 discs".
pub fn average_losses(lang: Lang, black: f64, white: f64) -> String {
    match lang {
        Lang::En => format!("Average loss per move: Black {black:.1}, White {white:.1} discs"),
        Lang::Zh => format!("平均每步损失：黑方 {black:.1} 子，白方 {white:.1} 子"),
    }
}

/// The engine's progress: "Thinking… depth 6, −1.5 (best so far d3)".
pub fn progress(lang: Lang, mover: Color, score: i32, kind: ScoreKind, best: &str) -> String {
    let value = engine_value(lang, mover, score, kind);
    match lang {
        Lang::En => format!("Thinking… {value} (best so far {best})"),
        Lang::Zh => format!("思考中… {value}（目前最佳 {best}）"),
    }
}

/// A data file's name in the person's language.
fn data_file(lang: Lang, file: DataFile) -> &'static str {
    match (lang, file) {
        (Lang::En, DataFile::Explorer) => "the opening explorer",
        (Lang::En, DataFile::Puzzles) => "the puzzles",
        (Lang::En, DataFile::Games) => "the expert games",
        (Lang::Zh, DataFile::Explorer) => "开局浏览器",
        (Lang::Zh, DataFile::Puzzles) => "残局题库",
        (Lang::Zh, DataFile::Games) => "高手对局库",
    }
}

/// Why the engine failed a request, in the person's language (a developer's detail is left to the
/// console: the Chinese page shows no English).
pub fn worker_error(lang: Lang, error: &WorkerError) -> String {
    match (lang, error) {
        (Lang::En, WorkerError::DataMissing { file, status }) => match status {
            Some(status) => format!(
                "{} could not be loaded (the server answered {status}).",
                capitalised(data_file(lang, *file))
            ),
            None => format!(
                "{} could not be loaded (no connection).",
                capitalised(data_file(lang, *file))
            ),
        },
        (Lang::Zh, WorkerError::DataMissing { file, status }) => match status {
            Some(status) => format!("无法加载{}（服务器返回 {status}）。", data_file(lang, *file)),
            None => format!("无法加载{}（网络不通）。", data_file(lang, *file)),
        },
        (Lang::En, WorkerError::DataCorrupt { file, .. }) => format!(
            "{} could not be read: the file is damaged or of another version. Reloading the page may help.",
            capitalised(data_file(lang, *file))
        ),
        (Lang::Zh, WorkerError::DataCorrupt { file, .. }) => {
            format!("无法读取{}：文件已损坏或版本不符。重新加载页面或许可以解决。", data_file(lang, *file))
        }
        (Lang::En, WorkerError::BadRequest { .. }) => {
            "The engine could not read the page's request: reload the page to get matching versions."
                .to_string()
        }
        (Lang::Zh, WorkerError::BadRequest { .. }) => {
            "引擎无法读取页面的请求：请重新加载页面，使两者版本一致。".to_string()
        }
        (Lang::En, WorkerError::NoLevel { level }) => format!("There is no level {level} (1 to 10)."),
        (Lang::Zh, WorkerError::NoLevel { level }) => format!("没有 {level} 级（1 至 10 级）。"),
        (Lang::En, WorkerError::TooDeep { depth, max }) => {
            format!("A count {depth} plies deep is over the engine's limit of {max}.")
        }
        (Lang::Zh, WorkerError::TooDeep { depth, max }) => {
            format!("{depth} 层的计数超过了引擎的上限 {max} 层。")
        }
        (Lang::En, WorkerError::IllegalMove { square }) => {
            format!("{square} is not legal in this position.")
        }
        (Lang::Zh, WorkerError::IllegalMove { square }) => format!("{square} 在此局面不合法。"),
        (Lang::En, WorkerError::NoRandomStart { moves, low, high }) => format!(
            "No start after {moves} moves valued between {low} and {high} was found in time: the standard start is kept."
        ),
        (Lang::Zh, WorkerError::NoRandomStart { moves, low, high }) => format!(
            "未能及时找到 {moves} 步后估值在 {low} 至 {high} 之间的开局：保留标准开局。"
        ),
        (Lang::En, WorkerError::NoPuzzle) => "There is no such puzzle.".to_string(),
        (Lang::Zh, WorkerError::NoPuzzle) => "没有这道题。".to_string(),
        (Lang::En, WorkerError::IllegalAnswer { best }) => {
            format!("The engine answered {best}, which is not legal here; it was not played.")
        }
        (Lang::Zh, WorkerError::IllegalAnswer { best }) => {
            format!("引擎给出的 {best} 在此不合法，未落子。")
        }
        (Lang::En, WorkerError::BadAnswer { .. }) => {
            "The engine's answer could not be used; the game goes on without it.".to_string()
        }
        (Lang::Zh, WorkerError::BadAnswer { .. }) => "引擎的回答无法使用，对局照常进行。".to_string(),
        (Lang::En, WorkerError::NotStarted) => {
            "The engine could not be started: its files did not load. Reload the page.".to_string()
        }
        (Lang::Zh, WorkerError::NotStarted) => "引擎无法启动：其文件未能加载。请重新加载页面。".to_string(),
        (Lang::En, WorkerError::Unresponsive { tries }) => {
            format!("The engine stopped answering ({tries} times in a row).")
        }
        (Lang::Zh, WorkerError::Unresponsive { tries }) => {
            format!("引擎停止响应（连续 {tries} 次）。")
        }
    }
}

/// `text` with its first letter a capital.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
