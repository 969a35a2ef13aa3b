//! The words of the expert games list, the board's orientation, the images, the other starts, the pasted
//! board and the AI that errs, in English and Chinese (简体): fixed ones in one table (as in
//! [`crate::view::i18n`]), and the sentences built from figures below it.

use crate::view::i18n::Lang;

crate::view::i18n::strings! {
    /// Heading of the expert games list.
    expert_games: "Games that reached this position", "到达此局面的对局";
    /// What the list holds.
    games_source: "Every game of the WTHOR database (1977–2020) that reached this position, or a rotation or mirror of it, newest first. The file (3.7 MB) loads the first time the list opens.", "WTHOR 棋谱库（1977–2020）中到达此局面（或其旋转、镜像）的全部对局，最新的在前。首次打开时载入棋谱文件（3.7 MB）。";
    /// Label of the player search.
    search_player: "Player", "棋手";
    /// Placeholder of the player search.
    player_placeholder: "Part of a name, e.g. Tastet", "姓名的一部分，例如 Tastet";
    /// Button of the player search.
    search: "Search", "搜索";
    /// While the list loads.
    games_loading: "Loading the games…", "正在载入对局…";
    /// The list could not be had.
    games_failed: "The games could not be loaded; close and open the list to try again.", "无法载入对局；关闭后重新打开列表可重试。";
    /// No game in the list.
    no_games: "No game of the database reached this position with that player.", "棋谱库中没有该棋手到达此局面的对局。";
    /// Column heading.
    year: "Year", "年份";
    /// Column heading.
    black_player: "Black", "黑方";
    /// Column heading.
    white_player: "White", "白方";
    /// Column heading.
    result: "Result", "结果";
    /// Column heading.
    tournament: "Tournament", "比赛";
    /// Button that opens a game on the board.
    open_game: "Open", "打开";
    /// The newer page.
    newer: "Newer", "较新";
    /// The older page.
    older: "Older", "较早";
    /// The board's orientation menu.
    orientation: "Board view", "棋盘方向";
    /// Whether the engine's values show while a person plays it (hidden by default).
    values_in_play: "Show the computer's evaluation while I play it", "与电脑对弈时显示它的评估";
    /// The board's view: mark the discs that can never be flipped.
    mark_stable: "Mark stable discs", "标出稳定子";
    /// Orientation.
    orient_normal: "Normal", "正常";
    /// Orientation.
    orient_rotate90: "Rotated 90° clockwise", "顺时针旋转 90°";
    /// Orientation.
    orient_rotate180: "Rotated 180°", "旋转 180°";
    /// Orientation.
    orient_rotate270: "Rotated 90° anticlockwise", "逆时针旋转 90°";
    /// Orientation.
    orient_flip_vertical: "Flipped top to bottom", "上下翻转";
    /// Orientation.
    orient_mirror: "Mirrored left to right", "左右镜像";
    /// The transcript with its squares named as the turned or mirrored board shows them.
    transcript_as_shown: "Transcript as the board is shown", "按当前棋盘方向的棋谱";
    /// Heading of the image export.
    image: "Image of the board", "棋盘图片";
    /// Image style.
    image_light: "Light", "浅色";
    /// Image style.
    image_dark: "Dark", "深色";
    /// Image style.
    image_print: "Print (black and white)", "打印（黑白）";
    /// Image option.
    image_numbers: "Number the moves on the discs", "在棋子上标出手数";
    /// Image option.
    image_final: "The whole game (final board, every move numbered)", "整局（终局棋盘，标出每一手）";
    /// Button.
    download_png: "Download PNG", "下载 PNG";
    /// Button.
    copy_png: "Copy image", "复制图片";
    /// The image was copied.
    image_copied: "Image copied.", "图片已复制。";
    /// The browser refused to copy an image.
    image_copy_failed: "This browser cannot copy images; download it instead.", "此浏览器无法复制图片；请改用下载。";
    /// Label of the start choice in the new-game form.
    start_from: "Start from", "起始局面";
    /// Start choice.
    start_standard: "The standard start", "标准开局";
    /// Start choice.
    start_xot: "An XOT opening (8 balanced moves)", "XOT 开局（8 步均势）";
    /// Start choice.
    start_random: "A random position within a score range", "指定评分范围内的随机局面";
    /// Label of the random start's range.
    score_range: "Black's value between", "黑方评估介于";
    /// Between the two ends of the range.
    and: "and", "与";
    /// Label of the random start's moves.
    random_moves: "Moves played", "已下步数";
    /// While the worker looks for a random start.
    finding_start: "Looking for a position…", "正在寻找局面…";
    /// Label of the AI's errors.
    ai_errors: "The AI's mistakes", "电脑的失误";
    /// No mistakes on purpose.
    errors_none: "None (plays its best)", "无（全力下棋）";
    /// Label: most discs lost a move.
    loses_at_most: "Loses at most", "每步至多损失";
    /// After the number of discs.
    discs_a_move: "discs a move, about one move in", "子，大约每";
    /// After the frequency.
    moves_unit: "", "步一次";
    /// What the mistakes are like.
    errors_help: "Its mistakes are the moves a quick look prefers but a deep search finds worse, as a person's are.", "它的失误是粗看更好、深算更差的着法，就像人会犯的错。";
    /// Label of the graph's modes.
    graph_mode: "Graph", "图表";
    /// Graph mode.
    graph_values: "Value after each move", "每步后的评估";
    /// Graph mode.
    graph_losses: "Discs lost, added up", "累计损失";
    /// Label of the pasted board's side to move.
    side_to_move: "Side to move for a pasted board", "粘贴棋盘的行棋方";
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

/// `n` with its thousands separated by commas.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// "11–20 of 3,287 games".
pub fn games_range(lang: Lang, from: u32, to: u32, total: u32) -> String {
    let total = thousands(total as u64);
    match lang {
        Lang::En if total == "1" => "1 game".to_string(),
        Lang::En => format!("{from}–{to} of {total} games"),
        Lang::Zh => format!("第 {from}–{to} 局，共 {total} 局"),
    }
}

/// How the game started: "Started from an XOT opening, Black +0.42 by the engine's search".
pub fn started(lang: Lang, start: crate::session::Start, value: i32) -> String {
    let value = format!("{:+.2}", value as f64 / 100.0).replace('-', "−");
    let xot = matches!(start, crate::session::Start::Xot);
    match (lang, xot) {
        (Lang::En, true) => {
            format!("Started from an XOT opening: Black {value} by the engine's search")
        }
        (Lang::En, false) => {
            format!("Started from a random position: Black {value} by the engine's search")
        }
        (Lang::Zh, true) => format!("从 XOT 开局开始：引擎评估黑方 {value}"),
        (Lang::Zh, false) => format!("从随机局面开始：引擎评估黑方 {value}"),
    }
}

/// "Lost so far: Black 12.0, White 7.5 discs".
pub fn loss_totals(lang: Lang, black: f64, white: f64) -> String {
    match lang {
        Lang::En => format!("Discs lost so far: Black {black:.1}, White {white:.1}"),
        Lang::Zh => format!("累计损失：黑方 {black:.1} 子，白方 {white:.1} 子"),
    }
}

/// The title of an opened expert game: "Expert game: Tastet Marc – Collay Frederic, Open Idf 1 2020", and its
/// result (": 45–19") only `with_result`, once its end is shown: no spoiler while it is studied.
pub fn expert_title(lang: Lang, title: &crate::session::ExpertTitle, with_result: bool) -> String {
    let lead = match lang {
        Lang::En => "Expert game",
        Lang::Zh => "高手对局",
    };
    let heading = expert_heading(title);
    if with_result {
        let white = 64 - title.black_discs;
        format!("{lead}: {heading}: {}–{white}", title.black_discs)
    } else {
        format!("{lead}: {heading}")
    }
}

/// Who played an expert game, where and when, for the page's header: "Tastet Marc – Collay Frederic, Open
/// Idf 1 2020" (never its result).
pub fn expert_heading(title: &crate::session::ExpertTitle) -> String {
    format!(
        "{} – {}, {} {}",
        title.black, title.white, title.tournament, title.year
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_string_has_both_translations() {
        for (e, z) in PAIRS {
            assert!(!z.is_empty());
            assert_ne!(e, z, "untranslated: {e}");
            assert!(z.chars().any(|c| c as u32 > 0x2E80), "not Chinese: {z}");
        }
    }

    #[test]
    fn an_expert_game_keeps_its_result_for_its_end() {
        let title = crate::session::ExpertTitle {
            black: "Tastet Marc".into(),
            white: "Collay Frederic".into(),
            tournament: "Open Idf 1".into(),
            year: 2020,
            black_discs: 45,
        };
        assert_eq!(
            expert_title(Lang::En, &title, false),
            "Expert game: Tastet Marc – Collay Frederic, Open Idf 1 2020"
        );
        assert_eq!(
            expert_title(Lang::En, &title, true),
            "Expert game: Tastet Marc – Collay Frederic, Open Idf 1 2020: 45–19"
        );
        assert!(!expert_heading(&title).contains("45"));
    }

    #[test]
    fn ranges_and_titles() {
        assert_eq!(games_range(Lang::En, 11, 20, 3287), "11–20 of 3,287 games");
        assert_eq!(games_range(Lang::Zh, 1, 10, 12), "第 1–10 局，共 12 局");
    }
}
