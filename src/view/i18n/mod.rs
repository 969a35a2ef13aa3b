//! The page's words in English and Chinese (简体). Every fixed string is in the table below, both translations
//! side by side (the test checks that each has both and that the Chinese one is not left in English); the
//! sentences built from figures, names and errors are in [`format`]. The training room's words have a table of
//! their own ([`training`]).

/// A language of the interface: a preference of the session's; its words are here.
pub use crate::session::Lang;

impl Lang {
    /// Both, in the order of the language menu.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Zh];

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
    /// Option of the analysis depth menu: no limit.
    until_move: "Deepen until I move", "持续加深直到走棋";
    /// Heading of the analysis's best lines under the board.
    top_lines: "Best lines", "最佳变化";
    /// Title of a move of a best line (playing the line up to it).
    play_up_to: "Play the line up to this move", "沿此变化下到这一步";
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
    /// The name of the card at the end of a game.
    result_heading: "Result", "结果";
    /// Shown while an earlier position is displayed.
    browsing: "Showing an earlier position.", "正在查看之前的局面。";
    /// Button back to the current position.
    back_to_game: "Back to the game", "回到当前对局";
    /// The group of the panel's less used parts (scoring, editor, training, saves, share, help).
    more: "More: scoring, set-up, training, saved games, share, help", "更多：计分、摆局、训练、存档、分享、帮助";
    /// The switch of the move sounds.
    sound: "Move sounds", "落子音效";
    /// Review: show the marked move before the position shown.
    previous_mistake: "Previous mistake", "上一个失误";
    /// Review: show the marked move after the position shown.
    next_mistake: "Next mistake", "下一个失误";
    /// Review, on a position browsed: what the move played there lost.
    reviewed_here: "Reviewed", "复盘";
    /// A square's step in the engine's line drawn on the board ("line 2").
    line_step: "line", "变化";
    /// Toggle: draw the engine's line on the board.
    show_line: "Show the line on the board", "在棋盘上显示变化";
    /// Before the engine's line: "Line: d3 c3 c4".
    line_label: "Line", "变化";
    /// Button: go on from the position browsed in the record.
    continue_from_here: "Play from here", "从这里继续下";
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
    keys_help: "Keys: arrows move on the board, Enter plays; elsewhere ← → step through the moves, ↑ ↓ choose a branch; U undo, R redo, H hint, N new game.", "键盘：方向键在棋盘上移动，回车落子；在别处 ← → 逐步查看着法，↑ ↓ 选择分支；U 悔棋，R 重做，H 提示，N 新游戏。";
    /// Label of the close button of a notice.
    dismiss: "Dismiss", "关闭";
    /// Button that swaps in the game an import or a shared link replaced.
    previous_game: "Previous game", "上一局";
    /// Button that copies unreadable saved data to the clipboard.
    copy_backup: "Copy saved data", "复制存档数据";
    /// Button that lets the autosave write over saved data that cannot be read nor copied aside.
    write_over: "Write over it", "覆盖它";
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
    /// Square state: a disc that can never be flipped.
    stable_disc: "stable", "稳定子";
    /// Label of the language menu.
    language: "Language", "语言";
    /// Heading of the sharing section.
    share: "Share and import", "分享与导入";
    /// Button.
    copy: "Copy", "复制";
    /// Label of the share link.
    share_link: "Link to this game", "本局链接";
    /// Placeholder of the import field.
    paste_transcript: "Paste a transcript (f5d6c3d3c4, F5 D6 PA …), a GGF game, or a board: 64 squares (X O -, * O -, or b w .) then X or O to move (black if left out)", "粘贴棋谱（f5d6c3d3c4、F5 D6 PA …）、GGF 棋谱，或棋盘：64 格（X O -、* O - 或 b w .），后接 X 或 O 表示行棋方（省略则黑方）";
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
    biggest_mistakes: "Mistakes, biggest first", "失误（按大小排列）";
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
    /// Label of the variation in the move list, and the status while it is shown.
    variation: "Variation", "变化";
    /// The notice while the board shows a variation: the game waits.
    in_variation: "Trying a variation: the game waits as it was.", "正在尝试变化：对局保持不变。";
    /// A square's spoken name: the line's move comes after the other side passed.
    line_after_pass: "after a pass", "对方弃权后";
    /// A square's mark: the opening book has the move.
    book_mark: "B", "谱";
    /// A square's spoken name: the opening book has the move.
    book_move: "book move", "定式着法";
    /// Label of the step buttons under the board.
    steps: "Step through the game", "逐步查看对局";
    /// Step button: the starting position.
    step_first: "First position", "开局局面";
    /// Step button: one move back.
    step_back: "Previous move", "上一步棋";
    /// Step button: one move on.
    step_on: "Next move", "下一步棋";
    /// Step button: the game's own position.
    step_last: "Current position", "当前局面";
}

mod engine;
pub mod extras;
mod format;
pub mod learn;
pub mod online;
pub mod screens;
pub mod training;
pub mod tree;

pub use self::engine::{
    analysis_depth, average_losses, black_value, for_black, hint, line, line_value, mistake,
    progress, review_progress, search_figures, search_move, search_stats, signed, thinking_plain,
    values_for, worker_error,
};
pub use self::format::{
    color_name, disc_name, empties_counted, ggf_error, lost_on_time, mode, notice, passed, played,
    position_error, replaced_count, result, result_head, slot_name, slot_summary, thinking,
    to_move, transcript_error, viewing,
};

#[cfg(test)]
mod tests;
