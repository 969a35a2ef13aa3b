//! The sentences of the page built from figures, names and errors, in both languages.

use crate::protocol::ScoreKind;
use crate::session::persist::RestoreError;
use crate::session::{LinkError, Mode, Notice, Settings};
use reversi_engine::ggf::GgfError;
use reversi_engine::{Color, PositionError, TranscriptError};

use super::Lang;

/// "Black" / "黑方".
pub fn color_name(lang: Lang, color: Color) -> &'static str {
    match (lang, color) {
        (Lang::En, Color::Black) => "Black",
        (Lang::En, Color::White) => "White",
        (Lang::Zh, Color::Black) => "黑方",
        (Lang::Zh, Color::White) => "白方",
    }
}

/// Disc colour of a square, for labels: "black" / "黑子".
pub fn disc_name(lang: Lang, color: Color) -> &'static str {
    match (lang, color) {
        (Lang::En, Color::Black) => "black",
        (Lang::En, Color::White) => "white",
        (Lang::Zh, Color::Black) => "黑子",
        (Lang::Zh, Color::White) => "白子",
    }
}

/// "Black to move".
pub fn to_move(lang: Lang, color: Color) -> String {
    match lang {
        Lang::En => format!("{} to move", color_name(lang, color)),
        Lang::Zh => format!("轮到{}", color_name(lang, color)),
    }
}

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

/// The status of a position browsed in the record: "Move 5 · White to move" (after the fifth placement),
/// "Start · Black to move".
pub fn viewing(lang: Lang, placements: usize, color: Color) -> String {
    match (lang, placements) {
        (Lang::En, 0) => format!("Start · {}", to_move(lang, color)),
        (Lang::En, n) => format!("Move {n} · {}", to_move(lang, color)),
        (Lang::Zh, 0) => format!("开局 · {}", to_move(lang, color)),
        (Lang::Zh, n) => format!("第 {n} 手 · {}", to_move(lang, color)),
    }
}

/// "White (AI level 4) is thinking…".
pub fn thinking(lang: Lang, color: Color, level: u8) -> String {
    match lang {
        Lang::En => format!(
            "{} (AI level {level}) is thinking…",
            color_name(lang, color)
        ),
        Lang::Zh => format!("{}（电脑 {level} 级）思考中…", color_name(lang, color)),
    }
}

/// The pass announcement.
pub fn passed(lang: Lang, passer: Color) -> String {
    let other = passer.opponent();
    match lang {
        Lang::En => format!(
            "{} has no legal move — {} plays again.",
            color_name(lang, passer),
            color_name(lang, other)
        ),
        Lang::Zh => format!(
            "{}无子可下，弃权 —— {}继续。",
            color_name(lang, passer),
            color_name(lang, other)
        ),
    }
}

/// The result line: `winner` `None` for a draw; scores with the empties given to the winner.
pub fn result(lang: Lang, winner: Option<Color>, black: u8, white: u8) -> String {
    match (lang, winner) {
        (Lang::En, Some(color)) => {
            format!(
                "Game over: {} wins {black}–{white}",
                color_name(lang, color)
            )
        }
        (Lang::En, None) => format!("Game over: draw {black}–{white}"),
        (Lang::Zh, Some(color)) => {
            format!("对局结束：{}胜 {black}–{white}", color_name(lang, color))
        }
        (Lang::Zh, None) => format!("对局结束：平局 {black}–{white}"),
    }
}

/// A value for `mover` as players say it: "depth 8, Black +1.5", "exact, White +4", "Black wins".
fn engine_value(lang: Lang, mover: Color, score: i32, kind: ScoreKind) -> String {
    let black = if mover == Color::Black { score } else { -score } as f64 / 100.0;
    match kind {
        ScoreKind::Midgame { depth } => match lang {
            Lang::En => format!("depth {depth}, {}", side_value(lang, black, false)),
            Lang::Zh => format!("深度 {depth}，{}", side_value(lang, black, false)),
        },
        ScoreKind::Exact => side_value(lang, black, true),
        ScoreKind::Book => match lang {
            Lang::En => format!("book move, {}", side_value(lang, black, false)),
            Lang::Zh => format!("定式，{}", side_value(lang, black, false)),
        },
        ScoreKind::WinLossDraw => {
            let winner = (black > 0.0)
                .then_some(Color::Black)
                .or((black < 0.0).then_some(Color::White));
            match (lang, winner) {
                (Lang::En, Some(c)) => format!("{} wins with perfect play", color_name(lang, c)),
                (Lang::Zh, Some(c)) => format!("{}必胜", color_name(lang, c)),
                (Lang::En, None) => "a draw with perfect play".to_string(),
                (Lang::Zh, None) => "双方最佳下法为和棋".to_string(),
            }
        }
    }
}

/// The hint as players read it, its value for the side to move as the board's squares show it: "Hint: d3 —
/// book move, +0.9 for Black", "Hint: c4 — depth 9, −17.8 for White".
pub fn hint(
    lang: Lang,
    mover: Color,
    square: reversi_engine::Square,
    score: i32,
    kind: ScoreKind,
) -> String {
    let value = mover_value(lang, mover, score, kind);
    match lang {
        Lang::En => format!("Hint: {square} — {value}"),
        Lang::Zh => format!("提示：{square} —— {value}"),
    }
}

/// Under the board while it shows the moves' values: whose values they are.
pub fn values_for(lang: Lang, mover: Color) -> String {
    match lang {
        Lang::En => format!(
            "Values in discs for {}, the side to move",
            color_name(lang, mover)
        ),
        Lang::Zh => format!("数值为{}（轮到方）的子数差", color_name(lang, mover)),
    }
}

/// A value for the side to move, signed as the board's squares sign it: "depth 9, −17.8 for White",
/// "+4 for Black (exact)", "book move, +0.9 for Black"; a win/loss/draw says who wins.
fn mover_value(lang: Lang, mover: Color, score: i32, kind: ScoreKind) -> String {
    let side = color_name(lang, mover);
    let signed = |digits: usize| {
        let value = score as f64 / 100.0;
        let text = format!("{:+.*}", digits, value).replace('-', "−");
        if score == 0 {
            format!("{:.*}", digits, 0.0)
        } else {
            text
        }
    };
    let for_side = |digits| match lang {
        Lang::En => format!("{} for {side}", signed(digits)),
        Lang::Zh => format!("{side} {}", signed(digits)),
    };
    match kind {
        ScoreKind::Midgame { depth } => match lang {
            Lang::En => format!("depth {depth}, {}", for_side(1)),
            Lang::Zh => format!("深度 {depth}，{}", for_side(1)),
        },
        ScoreKind::Exact => match lang {
            Lang::En => format!("{} (exact)", for_side(0)),
            Lang::Zh => format!("{}（精确）", for_side(0)),
        },
        ScoreKind::Book => match lang {
            Lang::En => format!("book move, {}", for_side(1)),
            Lang::Zh => format!("定式，{}", for_side(1)),
        },
        ScoreKind::WinLossDraw => engine_value(lang, mover, score, kind),
    }
}

/// The engine's last move as players read it: "AI d3: depth 8, Black +1.5".
pub fn search_stats(lang: Lang, stats: &crate::session::SearchStats) -> String {
    let value = engine_value(lang, stats.color, stats.score, stats.kind);
    match lang {
        Lang::En => format!("AI {}: {value}", stats.best),
        Lang::Zh => format!("电脑 {}：{value}", stats.best),
    }
}

/// Its figures, one click away: "1.23 M nodes in 0.80 s (1.54 M nodes/s), on 2 threads"; "193 nodes in 2 ms,
/// on one core" (no rate over so short a time).
pub fn search_figures(lang: Lang, stats: &crate::session::SearchStats, threads: usize) -> String {
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

/// A value from black's side as players say it: "Black +2.5", "White +4 (exact)", "Even".
pub fn side_value(lang: Lang, black_value: f64, exact: bool) -> String {
    let leader = if black_value > 0.0 {
        Some(Color::Black)
    } else if black_value < 0.0 {
        Some(Color::White)
    } else {
        None
    };
    let amount = if exact {
        format!("{:.0}", black_value.abs())
    } else {
        format!("{:.1}", black_value.abs())
    };
    let mut text = match (lang, leader) {
        (Lang::En, None) => "Even".to_string(),
        (Lang::Zh, None) => "均势".to_string(),
        (_, Some(color)) => format!("{} +{amount}", color_name(lang, color)),
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
    let mark = m.mark.unwrap_or("");
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

/// "Black lost on time".
pub fn lost_on_time(lang: Lang, color: Color) -> String {
    match lang {
        Lang::En => format!("Game over: {} lost on time", color_name(lang, color)),
        Lang::Zh => format!("对局结束：{}超时负", color_name(lang, color)),
    }
}

/// The engine's progress: "Thinking… depth 6, White +1.5 (best so far d3)".
pub fn progress(lang: Lang, mover: Color, score: i32, kind: ScoreKind, best: &str) -> String {
    let value = engine_value(lang, mover, score, kind);
    match lang {
        Lang::En => format!("Thinking… {value} (best so far {best})"),
        Lang::Zh => format!("思考中… {value}（目前最佳 {best}）"),
    }
}

/// Who plays, for the header.
pub fn mode(lang: Lang, settings: &Settings) -> String {
    match (lang, settings.mode) {
        (Lang::En, Mode::HumanVsHuman) => "Human vs human".to_string(),
        (Lang::Zh, Mode::HumanVsHuman) => "人人对弈".to_string(),
        (Lang::En, Mode::HumanVsAi { human }) => format!(
            "You ({}) vs AI level {}",
            color_name(lang, human),
            settings.level(human.opponent())
        ),
        (Lang::Zh, Mode::HumanVsAi { human }) => format!(
            "你（{}）对电脑 {} 级",
            color_name(lang, human),
            settings.level(human.opponent())
        ),
        (Lang::En, Mode::AiVsAi) => format!(
            "AI level {} (black) vs AI level {} (white)",
            settings.black_level, settings.white_level
        ),
        (Lang::Zh, Mode::AiVsAi) => format!(
            "电脑 {} 级（黑）对电脑 {} 级（白）",
            settings.black_level, settings.white_level
        ),
    }
}

/// A save slot's summary: "Slot 2: 2026-11-22 10:00 · Human vs human · move 12".
pub fn slot_summary(lang: Lang, n: usize, date: &str, settings: &Settings, moves: usize) -> String {
    match lang {
        Lang::En => format!("Slot {n}: {date} · {} · move {moves}", mode(lang, settings)),
        Lang::Zh => format!(
            "存档 {n}：{date} · {} · 第 {moves} 手",
            mode(lang, settings)
        ),
    }
}

/// How many replaced games are kept, beside "Previous game": "(2 games kept; the last 5 are)".
pub fn replaced_count(lang: Lang, count: usize, most: usize) -> String {
    match (lang, count) {
        (Lang::En, 1) => format!(" (1 game kept; the last {most} replaced are)"),
        (Lang::En, n) => format!(" ({n} games kept; the last {most} replaced are)"),
        (Lang::Zh, n) => format!("（已保留 {n} 局；最多保留最近被替换的 {most} 局）"),
    }
}

/// A slot's name alone: "Slot 2".
pub fn slot_name(lang: Lang, n: usize) -> String {
    match lang {
        Lang::En => format!("Slot {n}"),
        Lang::Zh => format!("存档 {n}"),
    }
}

/// The announcement of a move for screen readers: "Black played f5".
pub fn played(lang: Lang, color: Color, square: reversi_engine::Square) -> String {
    match lang {
        Lang::En => format!("{} played {square}.", color_name(lang, color)),
        Lang::Zh => format!("{}落子 {square}。", color_name(lang, color)),
    }
}

/// A transcript error in the player's language (English is the engine's own message).
pub fn transcript_error(lang: Lang, error: &TranscriptError) -> String {
    match (lang, error) {
        (Lang::En, _) => error.to_string(),
        (Lang::Zh, TranscriptError::BadSquare { ply, text }) => {
            format!("第 {ply} 步：“{text}”不是棋盘上的格子（应为 a1..h8）")
        }
        (Lang::Zh, TranscriptError::IllegalMove { ply, square, color }) => {
            format!(
                "第 {ply} 步：{square} 不是{}的合法着法",
                color_name(lang, *color)
            )
        }
        (Lang::Zh, TranscriptError::CannotPass { ply, color }) => {
            format!(
                "第 {ply} 步：{}有合法着法，不能弃权",
                color_name(lang, *color)
            )
        }
        (Lang::Zh, TranscriptError::GameOver { ply }) => format!("第 {ply} 步：对局已经结束"),
    }
}

/// A GGF error in the player's language (English is the engine's own message).
pub fn ggf_error(lang: Lang, error: &GgfError) -> String {
    use reversi_engine::ggf::MoveError;
    match (lang, error) {
        (Lang::En, _) => error.to_string(),
        (Lang::Zh, GgfError::NotGgf) => "GGF 棋谱应以“(;”开头".to_string(),
        (Lang::Zh, GgfError::UnclosedTag(tag)) => format!("标签 {tag} 缺少“]”"),
        (Lang::Zh, GgfError::BoardSize) => "只支持 8×8 棋盘".to_string(),
        (Lang::Zh, GgfError::NotClosed) => "棋谱没有以“;)”结束".to_string(),
        (Lang::Zh, GgfError::Unexpected(text)) => format!("“{text}”不是 GGF 标签"),
        (Lang::Zh, GgfError::Nested) => "棋谱中嵌套了另一局（GGF 棋谱不能嵌套）".to_string(),
        (Lang::Zh, GgfError::SeveralGames) => "包含多局棋谱：请一次粘贴一局".to_string(),
        (Lang::Zh, GgfError::Empty) => "棋谱既没有棋盘也没有着法".to_string(),
        (Lang::Zh, GgfError::Position(error)) => position_error(lang, error),
        (
            Lang::Zh,
            GgfError::Move {
                number,
                text,
                error,
            },
        ) => {
            let why = match error {
                MoveError::NeedlessPass => "有合法着法时不能弃权".to_string(),
                MoveError::Square(_) => "不是棋盘上的格子（应为 a1..h8）".to_string(),
                MoveError::Illegal(_) => "不是合法着法".to_string(),
            };
            format!("第 {number} 步（{text}）：{why}")
        }
    }
}

/// A position error in the player's language.
pub fn position_error(lang: Lang, error: &PositionError) -> String {
    match (lang, error) {
        (Lang::En, _) => error.to_string(),
        (Lang::Zh, PositionError::BadLength { expected, actual }) => {
            format!("局面需要 {expected} 个格子，实际为 {actual} 个")
        }
        (Lang::Zh, PositionError::BadDisc { square, found }) => {
            format!("格子 {square}：“{found}”不是棋子（黑用 X，白用 O，空用 -）")
        }
        (Lang::Zh, PositionError::BadSide { text }) => {
            format!("轮到方须为 X（黑）或 O（白），实际为“{text}”")
        }
        (Lang::Zh, PositionError::EmptyCentre { square }) => {
            format!("中心格 {square} 为空：实际对局中中心四格不会为空")
        }
    }
}

fn link_error(lang: Lang, error: &LinkError) -> String {
    match error {
        LinkError::Position(error) => position_error(lang, error),
        LinkError::Transcript(error) => transcript_error(lang, error),
    }
}

fn restore_reason_zh(error: &RestoreError) -> String {
    match error {
        RestoreError::Malformed(_) => "数据无法解析".to_string(),
        RestoreError::Version(v) if *v > crate::session::persist::VERSION => {
            format!("存档来自更新的版本（版本 {v}）")
        }
        RestoreError::Version(v) => format!("不支持的存档版本 {v}"),
        RestoreError::Invalid(_) => "存档内容无效".to_string(),
    }
}

fn kept_en(backup: &Option<String>) -> String {
    match backup {
        Some(key) => format!(
            " The saved data is kept unchanged in this browser (storage key {key}); “Copy saved data” copies it."
        ),
        None => String::new(),
    }
}

fn kept_zh(backup: &Option<String>) -> String {
    match backup {
        Some(key) => {
            format!("原存档已原样保留在本浏览器中（存储键 {key}），点击“复制存档数据”即可复制。")
        }
        None => String::new(),
    }
}

/// A notice for the player.
pub fn notice(lang: Lang, notice: &Notice) -> String {
    match (lang, notice) {
        (
            Lang::En,
            Notice::NotLegal {
                square,
                occupied: true,
            },
        ) => format!("{square} is already taken."),
        (
            Lang::Zh,
            Notice::NotLegal {
                square,
                occupied: true,
            },
        ) => format!("{square} 已有棋子。"),
        (Lang::En, Notice::NotLegal { square, .. }) => {
            format!("{square} is not a legal move: a move must flip at least one disc.")
        }
        (Lang::Zh, Notice::NotLegal { square, .. }) => {
            format!("{square} 不能落子：落子必须至少翻转对方一枚棋子。")
        }
        (Lang::En, Notice::NotYourTurn) => "Wait: the AI is to move.".to_string(),
        (Lang::Zh, Notice::NotYourTurn) => "请稍候：轮到电脑走棋。".to_string(),
        (Lang::En, Notice::Browsing) => {
            "You are looking at an earlier position: go back to the game to play.".to_string()
        }
        (Lang::Zh, Notice::Browsing) => "你正在查看之前的局面：请回到当前对局再落子。".to_string(),
        (Lang::En, Notice::WorkerRestarted) => {
            "The engine stopped responding and was restarted.".to_string()
        }
        (Lang::Zh, Notice::WorkerRestarted) => "引擎无响应，已重新启动。".to_string(),
        (Lang::En, Notice::ImportFailed { error }) => format!(
            "The transcript was not imported, the game is unchanged: {}",
            transcript_error(lang, error)
        ),
        (Lang::Zh, Notice::ImportFailed { error }) => {
            format!(
                "棋谱未导入，当前对局未改变：{}",
                transcript_error(lang, error)
            )
        }
        (Lang::En, Notice::GgfFailed { error }) => format!(
            "The GGF game was not imported, the game is unchanged: {}",
            ggf_error(lang, error)
        ),
        (Lang::Zh, Notice::GgfFailed { error }) => {
            format!("GGF 棋谱未导入，当前对局未改变：{}", ggf_error(lang, error))
        }
        (Lang::En, Notice::LinkFailed { error }) => {
            format!(
                "The shared game could not be opened: {}",
                link_error(lang, error)
            )
        }
        (Lang::Zh, Notice::LinkFailed { error }) => {
            format!("无法打开分享的对局：{}", link_error(lang, error))
        }
        (Lang::En, Notice::BadPosition { error }) => {
            format!(
                "This position cannot be used: {}",
                position_error(lang, error)
            )
        }
        (Lang::Zh, Notice::BadPosition { error }) => {
            format!("该局面无法使用：{}", position_error(lang, error))
        }
        (Lang::En, Notice::Copied) => "Copied.".to_string(),
        (Lang::Zh, Notice::Copied) => "已复制。".to_string(),
        (Lang::En, Notice::EngineError { message }) => format!("Engine error: {message}"),
        (Lang::Zh, Notice::EngineError { message }) => format!("引擎错误：{message}"),
        (Lang::En, Notice::RestoreFailed { error, backup }) => {
            format!(
                "The saved game could not be restored, a new game was started: {error}.{}",
                kept_en(backup)
            )
        }
        (Lang::Zh, Notice::RestoreFailed { error, backup }) => {
            format!(
                "无法恢复已保存的对局（{}），已开始新游戏。{}",
                restore_reason_zh(error),
                kept_zh(backup)
            )
        }
        (Lang::En, Notice::RestorePartial { error, backup }) => {
            format!(
                "Only the first moves of the saved game could be restored ({error}).{}",
                kept_en(backup)
            )
        }
        (Lang::Zh, Notice::RestorePartial { error, backup }) => {
            format!(
                "只恢复了已保存对局的前面部分（{}）。{}",
                restore_reason_zh(error),
                kept_zh(backup)
            )
        }
        (Lang::En, Notice::ImportEmpty) => {
            "Nothing to import: paste a transcript such as f5d6c3 first.".to_string()
        }
        (Lang::Zh, Notice::ImportEmpty) => {
            "没有可导入的内容：请先粘贴棋谱，例如 f5d6c3。".to_string()
        }
        (Lang::En, Notice::Replaced) => {
            "A new game replaced yours; your game is kept: “Previous game” brings it back."
                .to_string()
        }
        (Lang::Zh, Notice::Replaced) => {
            "新的对局替换了你的对局；你的对局已保留：点击“上一局”可以恢复。".to_string()
        }
        (Lang::En, Notice::BroughtBack) => {
            "Your previous game is back; “Previous game” switches again.".to_string()
        }
        (Lang::Zh, Notice::BroughtBack) => {
            "已恢复上一局；再次点击“上一局”可以切换回来。".to_string()
        }
    }
}
