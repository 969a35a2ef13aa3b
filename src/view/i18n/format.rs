//! The sentences of the page built from figures, names and errors, in both languages.

use crate::session::kept::persist::{RestoreError, Setting};
use crate::session::{LinkError, Mode, Notice, Settings, Unsaved};
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

/// The headline before the score: "Game over: Black wins", "Game over: draw" (the score follows, kept on
/// one line).
pub fn result_head(lang: Lang, winner: Option<Color>) -> String {
    match (lang, winner) {
        (Lang::En, Some(color)) => format!("Game over: {} wins", color_name(lang, color)),
        (Lang::En, None) => "Game over: draw".to_string(),
        (Lang::Zh, Some(color)) => format!("对局结束：{}胜", color_name(lang, color)),
        (Lang::Zh, None) => "对局结束：平局".to_string(),
    }
}

/// Where the empty squares left at the end went, when the score counts them: "2 empty squares counted for
/// White" (`to`), "1 empty square shared" (`None`).
pub fn empties_counted(lang: Lang, empties: u8, to: Option<Color>) -> String {
    match (lang, to) {
        (Lang::En, Some(color)) => format!(
            "{empties} empty square{} counted for {}",
            if empties == 1 { "" } else { "s" },
            color_name(lang, color)
        ),
        (Lang::En, None) => format!(
            "{empties} empty square{} shared",
            if empties == 1 { "" } else { "s" }
        ),
        (Lang::Zh, Some(color)) => format!("{empties} 个空格计入{}", color_name(lang, color)),
        (Lang::Zh, None) => format!("{empties} 个空格平分"),
    }
}

/// "Black lost on time".
pub fn lost_on_time(lang: Lang, color: Color) -> String {
    match lang {
        Lang::En => format!("Game over: {} lost on time", color_name(lang, color)),
        Lang::Zh => format!("对局结束：{}超时负", color_name(lang, color)),
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
        RestoreError::Version(v) if *v > crate::session::kept::persist::VERSION => {
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
        None => " No copy of the saved data could be kept: this browser's storage is full. It stays where it is and is not written over until you say so.".to_string(),
    }
}

fn kept_zh(backup: &Option<String>) -> String {
    match backup {
        Some(key) => {
            format!("原存档已原样保留在本浏览器中（存储键 {key}），点击“复制存档数据”即可复制。")
        }
        None => {
            "无法另存原存档的副本：本浏览器的存储空间已满。原存档保留在原处，未经你同意不会被覆盖。"
                .to_string()
        }
    }
}

/// A setting's name in a notice.
fn setting_name(lang: Lang, setting: Setting) -> &'static str {
    match (lang, setting) {
        (Lang::En, Setting::Mode) => "who plays",
        (Lang::Zh, Setting::Mode) => "对局模式",
        (Lang::En, Setting::Levels) => "the AI's level",
        (Lang::Zh, Setting::Levels) => "电脑等级",
        (Lang::En, Setting::AiDelay) => "the AI's reply delay",
        (Lang::Zh, Setting::AiDelay) => "电脑落子延迟",
        (Lang::En, Setting::Analyse) => "the analysis switch",
        (Lang::Zh, Setting::Analyse) => "分析开关",
        (Lang::En, Setting::AnalyseDepth) => "the analysis depth",
        (Lang::Zh, Setting::AnalyseDepth) => "分析深度",
        (Lang::En, Setting::Scoring) => "the scoring of empty squares",
        (Lang::Zh, Setting::Scoring) => "空格计分方式",
        (Lang::En, Setting::Clock) => "the clock",
        (Lang::Zh, Setting::Clock) => "棋钟",
        (Lang::En, Setting::Mistakes) => "the AI's mistakes",
        (Lang::Zh, Setting::Mistakes) => "电脑失误设置",
    }
}

/// A notice for the player.
pub fn notice(lang: Lang, notice: &Notice) -> String {
    match (lang, notice) {
        (lang, Notice::Online(notice)) => super::online::notice(lang, notice),
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
        (Lang::En, Notice::MainLineRefused) => {
            "A variation becomes the main line only in a game between two people on this screen, or once the game is over; an expert game keeps its moves.".to_string()
        }
        (Lang::Zh, Notice::MainLineRefused) => {
            "只有本机双人对局或已结束的对局才能把变化设为主线；名局保留原有着法。".to_string()
        }
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
        (Lang::En, Notice::BadPosition { error } | Notice::ImportedBoardBad { error }) => {
            format!(
                "This position cannot be used: {}",
                position_error(lang, error)
            )
        }
        (Lang::Zh, Notice::BadPosition { error } | Notice::ImportedBoardBad { error }) => {
            format!("该局面无法使用：{}", position_error(lang, error))
        }
        (Lang::En, Notice::Copied) => "Copied.".to_string(),
        (Lang::Zh, Notice::Copied) => "已复制。".to_string(),
        (Lang::En, Notice::EngineError { error }) => {
            format!("Engine error: {}", super::engine::worker_error(lang, error))
        }
        (Lang::Zh, Notice::EngineError { error }) => {
            format!("引擎错误：{}", super::engine::worker_error(lang, error))
        }
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
        (Lang::En, Notice::SettingsReset { settings, backup }) => {
            let names: Vec<&str> = settings
                .iter()
                .map(|s| setting_name(Lang::En, *s))
                .collect();
            // Without a copy (the storage full) nothing of use is lost: the game is whole, and the settings'
            // stored values could not be read.
            let kept = match backup {
                Some(_) => kept_en(backup),
                None => " No copy of the unreadable values could be kept (this browser's storage is full); nothing else is lost.".to_string(),
            };
            format!(
                "The saved game is restored; its settings that could not be read are back to their defaults: {}.{kept}",
                names.join(", "),
            )
        }
        (Lang::Zh, Notice::SettingsReset { settings, backup }) => {
            let names: Vec<&str> = settings
                .iter()
                .map(|s| setting_name(Lang::Zh, *s))
                .collect();
            let kept = match backup {
                Some(_) => kept_zh(backup),
                None => "存储空间已满，无法另存这些无法读取的数值；其余内容均未丢失。".to_string(),
            };
            format!(
                "已恢复保存的对局；其中无法读取的设置已恢复为默认值：{}。{kept}",
                names.join("、"),
            )
        }
        (Lang::En, Notice::StorageFull(Unsaved::Game)) => "The browser's storage is full: this game is not saved on this device, and a reload would lose its last moves. Copy its link or transcript (Settings), or free some space (saved games, other sites' data).".to_string(),
        (Lang::Zh, Notice::StorageFull(Unsaved::Game)) => "浏览器存储空间已满：当前对局没有保存在本设备上，刷新页面会丢失最近的着法。请复制对局链接或棋谱（设置页），或腾出一些空间（存档、其他网站的数据）。".to_string(),
        (Lang::En, Notice::StorageFull(Unsaved::Aside)) => "The browser's storage is full: the game put aside is not kept on this device. Bring it back and copy its link or transcript, or free some space.".to_string(),
        (Lang::Zh, Notice::StorageFull(Unsaved::Aside)) => "浏览器存储空间已满：被替换下来的对局没有保存在本设备上。请把它换回来并复制链接或棋谱，或腾出一些空间。".to_string(),
        (Lang::En, Notice::StorageFull(Unsaved::Seat)) => "The browser's storage is full: this device cannot keep your seat of this online game, so after a reload you would only watch it. Keep this page open, or free some space.".to_string(),
        (Lang::Zh, Notice::StorageFull(Unsaved::Seat)) => "浏览器存储空间已满：本设备无法保存你在这局在线对局中的座位，刷新后只能观战。请保持页面打开，或腾出一些空间。".to_string(),
        (Lang::En, Notice::SaveHeld) => "Your game is not being saved: this browser holds saved data that cannot be read, and its storage is full, so no copy of that data can be kept. Copy it first, or write over it.".to_string(),
        (Lang::Zh, Notice::SaveHeld) => "当前对局没有自动保存：本浏览器中有一份无法读取的存档，而存储空间已满，无法另存副本。请先复制它，或选择覆盖它。".to_string(),
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
