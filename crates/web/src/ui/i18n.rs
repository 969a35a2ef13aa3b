//! The page's words in English and Chinese (简体). Every visible string comes from here; the test below checks
//! that each has both translations and that the Chinese one is not left in English.
//!
//! One file on purpose, however long: it is two tables of the same strings side by side, and a translator
//! reads and checks them in one place.

use super::persist::RestoreError;
use super::state::{LinkError, Mode, Notice, Settings};
use crate::protocol::ScoreKind;
use reversi_engine::ggf::GgfError;
use reversi_engine::{Color, PositionError, TranscriptError};

/// A language of the interface.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    /// English.
    En,
    /// Simplified Chinese.
    Zh,
}

impl Lang {
    /// Both, in the order of the language menu.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Zh];

    /// The language for a BCP 47 tag such as `zh-CN` or `en-US` (Chinese for any `zh`, else English).
    pub fn from_tag(tag: &str) -> Lang {
        if tag.trim().to_ascii_lowercase().starts_with("zh") {
            Lang::Zh
        } else {
            Lang::En
        }
    }

    /// The tag for `<html lang>` and for storage.
    pub fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Zh => "zh-CN",
        }
    }

    /// The language's own name, for the menu.
    pub fn name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Zh => "中文",
        }
    }

    /// The fixed strings.
    pub fn strings(self) -> &'static Strings {
        match self {
            Lang::En => &EN,
            Lang::Zh => &ZH,
        }
    }
}

/// Defines [`Strings`] and its English and Chinese tables from one list, each string with both translations side
/// by side, so none can be missing.
macro_rules! strings {
    ($($(#[doc = $doc:literal])* $name:ident: $en:literal, $zh:literal;)*) => {
        /// Fixed strings of the interface.
        #[derive(Debug)]
        pub struct Strings {
            $($(#[doc = $doc])* pub $name: &'static str,)*
        }

        const EN: Strings = Strings { $($name: $en,)* };
        const ZH: Strings = Strings { $($name: $zh,)* };

        /// Every (English, Chinese) pair, for the translation test.
        #[cfg(test)]
        const PAIRS: &[(&str, &str)] = &[$(($en, $zh),)*];
    };
}

/// The same tables for the words of another part of the page (the training room's).
pub(crate) use strings;

strings! {
    /// Page title.
    title: "Reversi", "黑白棋";
    /// Opens the training room.
    training: "Training", "训练";
    /// Label of the GGF export.
    ggf_record: "GGF (for NBoard and the servers)", "GGF 棋谱（NBoard 与对弈服务器通用）";
    /// Button.
    new_game: "New game", "新游戏";
    /// Button.
    undo: "Undo", "悔棋";
    /// Button.
    redo: "Redo", "重做";
    /// Button.
    hint: "Hint", "提示";
    /// Toggle.
    analyse: "Analyse", "分析";
    /// Label of the analysis depth menu.
    analysis_depth: "Analysis depth", "分析深度";
    /// Option of the analysis depth menu (followed by the number).
    depth: "depth", "深度";
    /// Label before the transcript.
    transcript: "Transcript", "棋谱";
    /// Form button.
    start: "Start", "开始";
    /// Form button.
    cancel: "Cancel", "取消";
    /// Form label.
    players: "Players", "对局方式";
    /// Mode option.
    human_vs_human: "Human vs human", "人人对弈";
    /// Mode option.
    human_vs_ai: "Human vs AI", "人机对弈";
    /// Mode option.
    ai_vs_ai: "AI vs AI (watch)", "电脑对电脑（观战）";
    /// Form label.
    you_play: "You play", "你执";
    /// Colour option.
    black_moves_first: "Black (moves first)", "黑棋（先手）";
    /// Form label.
    ai_level: "AI level", "电脑等级";
    /// Form label.
    black_ai_level: "Black AI level", "黑方电脑等级";
    /// Form label.
    white_ai_level: "White AI level", "白方电脑等级";
    /// Level suffix for level 1.
    beginner: "beginner", "入门";
    /// Level suffix for the top level.
    strongest: "strongest", "最强";
    /// Form label.
    speed: "Speed", "速度";
    /// Speed option.
    slow: "Slow", "慢";
    /// Speed option.
    normal: "Normal", "中";
    /// Speed option.
    fast: "Fast", "快";
    /// Button at the end of a game.
    play_again: "Play again", "再来一局";
    /// Shown while an earlier position is displayed.
    browsing: "Showing an earlier position.", "正在查看之前的局面。";
    /// Button back to the current position.
    back_to_game: "Back to the game", "回到当前对局";
    /// First entry of the move list.
    start_position: "Start", "开局";
    /// Move list entry of a pass.
    pass: "pass", "弃权";
    /// Label of the move list.
    moves: "Moves", "着法";
    /// Form label.
    clock: "Clock per side", "每方用时";
    /// Clock option.
    no_clock: "none", "不计时";
    /// Minutes suffix.
    minutes: "min", "分钟";
    /// Form label.
    increment: "Added per move", "每步加秒";
    /// Seconds suffix.
    seconds: "s", "秒";
    /// Button that opens the position editor.
    set_up: "Set up a position", "摆棋";
    /// Editor help.
    editor_help: "Click a square to cycle empty → black → white.", "点击格子切换：空 → 黑 → 白。";
    /// Editor label.
    side_to_move: "Side to move", "轮到";
    /// Editor button.
    clear: "Clear", "清空";
    /// Editor button.
    standard_start: "Standard start", "标准开局";
    /// Editor button.
    play_from_here: "Play from here", "从此局面开始";
    /// Editor label of the position text.
    position_text: "Position (64 squares X/O/- and the side)", "局面（64 格 X/O/- 及轮到方）";
    /// Editor button.
    load_text: "Read", "读入";
    /// Heading of the help panel.
    help: "Help", "帮助";
    /// Rules in one paragraph.
    rules_help: "Place a disc so that it encloses a straight line of your opponent's discs (in any of the 8 directions) between it and another of your discs: all enclosed discs flip. A move must flip at least one disc; with no such move you pass. The game ends when neither side can move; the side with more discs wins.", "落子时须在任意八个方向之一上，用新棋子与己方另一枚棋子夹住一条连续的对方棋子，被夹住的棋子全部翻转。每步至少翻转一枚棋子；无子可下时弃权。双方都无法落子时对局结束，棋子多者获胜。";
    /// How the game clock counts.
    clock_help: "With a clock, each move is charged to the side that made it, from the previous move; in a game between two engines the display's pace is not charged. The clock does not run while the page is closed: a reload continues from the time left when the page was last saved (at every move and when it was hidden), and a loss on time stays lost. An imported game or a shared link starts without a clock.", "计时对局中，每步用时从上一步起计入走这步的一方；两个引擎对弈时，为便于观看而等待的时间不计。页面关闭期间时钟不走：重新载入后从上次保存（每步之后及页面隐藏时）的剩余时间继续，超时判负不会撤销。导入的对局或分享链接打开的对局不带计时。";
    /// Keyboard help.
    keys_help: "Keys: arrows move on the board, Enter plays, U undo, R redo, H hint, N new game.", "键盘：方向键在棋盘上移动，回车落子，U 悔棋，R 重做，H 提示，N 新游戏。";
    /// Label of the close button of a notice.
    dismiss: "Dismiss", "关闭";
    /// Button that swaps in the game an import or a shared link replaced.
    previous_game: "Previous game", "上一局";
    /// Button that copies unreadable saved data to the clipboard.
    copy_backup: "Copy saved data", "复制存档数据";
    /// Label of the board.
    board: "Board", "棋盘";
    /// Label of the counts.
    disc_counts: "Disc counts", "棋子数";
    /// Square state.
    empty: "empty", "空";
    /// Square state.
    legal_move: "legal move", "可落子";
    /// Square state.
    last_move: "last move", "上一步";
    /// Label of the language menu.
    language: "Language", "语言";
    /// Heading of the sharing section.
    share: "Share and import", "分享与导入";
    /// Button.
    copy: "Copy", "复制";
    /// Label of the share link.
    share_link: "Link to this game", "本局链接";
    /// Placeholder of the import field.
    paste_transcript: "Paste a transcript (f5d6c3d3c4, F5 D6 PA …) or a GGF game", "粘贴棋谱（f5d6c3d3c4、F5 D6 PA …）或 GGF 棋谱";
    /// Button.
    import: "Import", "导入";
    /// Label of the scoring menu.
    scoring: "Empty squares at the end", "终局空格计分";
    /// Scoring option.
    empties_to_winner: "to the winner", "归胜方";
    /// Scoring option.
    empties_split: "split", "双方平分";
    /// Heading of the save slots.
    saved_games: "Saved games", "存档";
    /// Button.
    save: "Save", "保存";
    /// Button.
    load: "Load", "读取";
    /// Button.
    delete: "Delete", "删除";
    /// An empty slot.
    empty_slot: "empty", "空";
    /// A slot whose data cannot be read.
    unreadable: "unreadable data (it will be overwritten)", "数据无法读取（保存时将覆盖）";
    /// A save the browser's storage refused.
    save_failed: "Not saved: the browser's storage refused it (it may be full). The slot and your game are unchanged.", "未能保存：浏览器存储拒绝写入（可能已满）。存档与当前对局均未改变。";
    /// A save into a slot another tab changed since this panel read it.
    slot_changed: "Not saved: another tab saved into this slot since this list was shown. The list now shows it; save again to replace it.", "未能保存：此列表显示后，另一个标签页已写入这个存档。列表已更新；再次保存即可替换。";
    /// Heading of the analysis section.
    analysis: "Analysis", "分析";
    /// Label of the evaluation graph.
    eval_graph: "Evaluation after each move (discs, black above the line, white below)", "每步之后的局面评估（子数，黑优在上，白优在下）";
    /// Hint under the graph.
    eval_graph_help: "Click a bar to see that position. Exact results are outlined.", "点击柱形查看该局面；精确结果带描边。";
    /// Label before the opening's name.
    opening: "Opening", "开局";
    /// Button.
    review_game: "Review the game", "复盘";
    /// Button.
    stop_review: "Stop", "停止";
    /// Heading of the review's list of mistakes.
    biggest_mistakes: "Biggest mistakes", "最大失误";
    /// The review found no move that lost 3 discs or more.
    no_mistakes: "No move lost 3 discs or more.", "没有损失 3 子以上的着法。";
    /// Label of the review's move list.
    reviewed_moves: "Every move, with the discs it lost", "每步着法及其损失";
    /// Heading of the opening explorer.
    explorer: "Opening explorer", "开局浏览器";
    /// Where the explorer's games come from.
    explorer_source: "What strong players played here: WTHOR database, 124,106 tournament games (1977–2020), moves played in 3 games or more.", "高手在此局面下的选择：WTHOR 棋谱库，124,106 局比赛对局（1977–2020），列出至少 3 局下过的着法。";
    /// While the explorer's file loads.
    explorer_loading: "Loading the database…", "正在载入棋谱库…";
    /// The explorer's file could not be had (offline on a first visit, say).
    explorer_failed: "The games database could not be loaded; close and open the explorer to try again.", "无法载入棋谱库；关闭后重新打开开局浏览器可重试。";
    /// No game reached the position.
    explorer_empty: "No game of the database reached this position (or its moves were too rare).", "棋谱库中没有对局到达此局面（或着法太少见）。";
    /// Column heading.
    move_column: "Move", "着法";
    /// Column heading.
    games: "Games", "局数";
    /// Column heading.
    black_wins: "Black wins", "黑胜";
    /// Column heading.
    draws: "Draws", "和";
    /// Column heading.
    white_wins: "White wins", "白胜";
    /// Column heading.
    average_score: "Average result (black)", "平均结果（黑）";
    /// Column heading: the opening book's value of a move.
    book_value: "Book value (black)", "定式评估（黑）";
    /// Button that shows the engine's figures.
    engine_details: "Details", "详情";
}

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

/// The hint as players read it: "Hint: d3 — book move, Black +0.9".
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

/// The engine's last move as players read it: "AI d3: depth 8, Black +1.5".
pub fn search_stats(lang: Lang, stats: &super::state::SearchStats) -> String {
    let value = engine_value(lang, stats.color, stats.score, stats.kind);
    match lang {
        Lang::En => format!("AI {}: {value}", stats.best),
        Lang::Zh => format!("电脑 {}：{value}", stats.best),
    }
}

/// Its figures, one click away: "1,234,567 nodes in 0.80 s (1.54 M nodes/s), on 2 threads".
pub fn search_figures(lang: Lang, stats: &super::state::SearchStats, threads: usize) -> String {
    let seconds = stats.millis as f64 / 1000.0;
    let rate = stats.nodes as f64 / seconds.max(0.001) / 1e6;
    match (lang, threads) {
        (Lang::En, 1) => format!(
            "{} nodes in {seconds:.2} s ({rate:.2} M nodes/s), on one core",
            stats.nodes
        ),
        (Lang::En, _) => format!(
            "{} nodes in {seconds:.2} s ({rate:.2} M nodes/s), on {threads} threads",
            stats.nodes
        ),
        (Lang::Zh, 1) => format!(
            "{} 个节点，{seconds:.2} 秒（每秒 {rate:.2} 百万节点），单核",
            stats.nodes
        ),
        (Lang::Zh, _) => format!(
            "{} 个节点，{seconds:.2} 秒（每秒 {rate:.2} 百万节点），{threads} 个线程",
            stats.nodes
        ),
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
pub fn mistake(lang: Lang, number: usize, m: &super::room::ReviewedMove) -> String {
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
        RestoreError::Version(v) if *v > crate::ui::persist::VERSION => {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_string_has_both_translations() {
        assert!(PAIRS.len() > 30);
        assert_eq!(EN.new_game, "New game");
        assert_eq!(ZH.new_game, "新游戏");
        for (e, z) in PAIRS {
            assert!(!e.is_empty() && !z.is_empty());
            assert_ne!(e, z, "untranslated: {e}");
            assert!(z.chars().any(|c| c as u32 > 0x2E80), "not Chinese: {z}");
        }
    }

    #[test]
    fn messages_differ_by_language() {
        let settings = Settings::default();
        for color in [Color::Black, Color::White] {
            assert_ne!(to_move(Lang::En, color), to_move(Lang::Zh, color));
            assert_ne!(passed(Lang::En, color), passed(Lang::Zh, color));
            assert_ne!(thinking(Lang::En, color, 3), thinking(Lang::Zh, color, 3));
        }
        assert_ne!(mode(Lang::En, &settings), mode(Lang::Zh, &settings));
        assert_eq!(
            result(Lang::Zh, Some(Color::Black), 40, 24),
            "对局结束：黑方胜 40–24"
        );
        // The engine's line names the side ahead, whoever is to move.
        assert_eq!(
            progress(
                Lang::En,
                Color::White,
                250,
                ScoreKind::Midgame { depth: 12 },
                "d3"
            ),
            "Thinking… depth 12, White +2.5 (best so far d3)"
        );
        assert_eq!(
            progress(Lang::Zh, Color::White, 400, ScoreKind::Exact, "d3"),
            "思考中… 黑方 +4（精确）（目前最佳 d3）".replace("黑方", "白方")
        );
        assert_eq!(side_value(Lang::En, -4.0, true), "White +4 (exact)");
        assert_eq!(side_value(Lang::En, 0.0, false), "Even");
        assert_eq!(
            average_losses(Lang::En, 1.94, 1.1),
            "Average loss per move: Black 1.9, White 1.1 discs"
        );
    }

    #[test]
    fn engine_errors_are_translated() {
        let error = reversi_engine::Game::from_transcript("f5 a1").unwrap_err();
        assert_eq!(transcript_error(Lang::En, &error), error.to_string());
        assert_eq!(
            transcript_error(Lang::Zh, &error),
            "第 2 步：a1 不是白方的合法着法"
        );
        let error = "x".parse::<reversi_engine::Position>().unwrap_err();
        assert!(position_error(Lang::Zh, &error).contains("局面需要 64 个格子"));
    }

    #[test]
    fn language_from_browser_tags() {
        assert_eq!(Lang::from_tag("zh-CN"), Lang::Zh);
        assert_eq!(Lang::from_tag("zh-Hans"), Lang::Zh);
        assert_eq!(Lang::from_tag("en-US"), Lang::En);
        assert_eq!(Lang::from_tag("fr"), Lang::En);
    }
}
