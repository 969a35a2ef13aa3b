//! The words of online play (the new-game form's online choice, the online game's box, the lobby) in English
//! and Chinese (简体): fixed ones in one table (as in [`crate::view::i18n`]), the sentences built from names,
//! results and the server's refusals below it.

use crate::session::online::lobby::ListFailure;
use crate::session::online::wire::{ErrorCode, Reason, ServerResult};
use crate::session::online::OnlineNotice;
use crate::view::i18n::Lang;
use reversi_engine::Color;

crate::view::i18n::strings! {
    /// The invitation's dialog: its title.
    invited: "You are invited to a game", "你被邀请加入一局对局";
    /// The invitation's dialog: what the name is for.
    invited_name: "The name your opponent sees (kept on this device)", "对手看到的名字（保存在本设备上）";
    /// The invitation's dialog: take the seat.
    join: "Join the game", "加入对局";
    /// The invitation's dialog: not now.
    not_now: "Not now", "暂不加入";
    /// The header's name of a seat nobody has taken yet.
    seat_awaited: "a friend (awaited)", "（等待好友加入）";
    /// The analysis screen of a player's own online game while it is played.
    analysis_waits: "The analysis, the review and the explorer open when this online game is over: no engine helps a player during a game.", "在线对局结束后才能分析、复盘和查看开局库：对局中不借助引擎。";
    /// The new-game form's choice, and the online game's heading.
    play_online: "Play online", "在线对弈";
    /// Said where the page is not served by the server.
    needs_server: "Online play needs the Reversi server: run `reversi serve --dist dist` and open the address it prints. Everything else works here as it is.", "在线对弈需要 Reversi 服务器：运行 `reversi serve --dist dist`，再打开它显示的地址。其余功能在此照常可用。";
    /// While the page asks its server.
    asking_server: "Looking for the server…", "正在查找服务器…";
    /// Label of the name field.
    your_name: "Your name", "你的名字";
    /// Label of the opponent choice.
    opponent: "Opponent", "对手";
    /// Opponent choice.
    a_friend: "A friend, invited by link", "好友（通过链接邀请）";
    /// Colour choice.
    random_color: "Drawn at random", "随机";
    /// Button.
    create: "Create the game", "创建对局";
    /// While the game is created.
    creating: "Creating…", "正在创建…";
    /// Label of the invitation link.
    invite_link: "Invitation link (send it to your friend)", "邀请链接（发给你的好友）";
    /// Label of the watch link.
    watch_link: "Watch link", "观战链接";
    /// Button.
    copy_link: "Copy", "复制";
    /// While the friend has not joined.
    waiting_friend: "Waiting for your friend to open the invitation…", "等待好友打开邀请链接…";
    /// A seat's connection state.
    connected: "connected", "在线";
    /// A seat's connection state.
    reconnecting: "reconnecting…", "重新连接中…";
    /// A seat's connection state.
    left: "left", "已离开";
    /// This page's connection.
    you_connecting: "Connecting to the server…", "正在连接服务器…";
    /// This page's connection.
    you_reconnecting: "Connection lost: reconnecting… A move cannot be sent until it is back.", "连接中断：正在重新连接…恢复之前无法走棋。";
    /// A seat's connection state while this page's own connection is down.
    unknown: "not known while you are offline", "你离线期间无法得知";
    /// This page's connection.
    gone: "This game is not on the server.", "服务器上没有这局棋。";
    /// Button.
    resign: "Resign", "认输";
    /// Confirmation of resigning.
    resign_sure: "Resign this game?", "确定认输吗？";
    /// Button.
    rematch: "Rematch", "再来一局";
    /// Button, when the opponent asked.
    accept_rematch: "Accept the rematch", "接受再战";
    /// After asking.
    rematch_asked: "Rematch asked: waiting for your opponent.", "已请求再战：等待对手回应。";
    /// When the opponent asked.
    rematch_offered: "Your opponent asks for a rematch.", "对手请求再战。";
    /// Button.
    leave: "Leave", "离开";
    /// Marks the person's own seat.
    you: "you", "你";
    /// Said to a watcher.
    watching: "Watching", "观战中";
    /// Before the number of watchers.
    watchers: "Watching", "观战人数";
    /// The open seat.
    open_seat: "(invited)", "（待加入）";
    /// Button that opens the lobby.
    lobby: "Lobby", "大厅";
    /// Heading.
    bots: "Bots to play", "可对弈的程序";
    /// Heading.
    games_playing: "Games being played", "正在进行的对局";
    /// Heading.
    tournaments: "Tournaments", "锦标赛";
    /// Button.
    play: "Play", "对弈";
    /// Button.
    watch: "Watch", "观战";
    /// Button.
    standings: "Standings", "排名";
    /// Button.
    back_to_lobby: "Back to the lobby", "返回大厅";
    /// Button: a finished game on the analysis board.
    analyse_game: "Analyse", "分析";
    /// No bot.
    no_bots: "No bot is connected. Connect one with `reversi bot`.", "没有已连接的程序。可用 `reversi bot` 连接。";
    /// No game.
    no_games: "No game is being played.", "目前没有进行中的对局。";
    /// No tournament.
    no_tournaments: "No tournament yet.", "还没有锦标赛。";
    /// Loading.
    loading: "Loading…", "载入中…";
    /// Column.
    rank: "#", "名次";
    /// Column.
    name: "Name", "名字";
    /// Column.
    points: "Points", "积分";
    /// Column.
    margin: "Disc margin", "子数差";
    /// Column.
    won_drawn_lost: "W–D–L", "胜–和–负";
    /// The server's own engine.
    house: "the server's engine", "服务器引擎";
    /// A connected bot.
    connected_bot: "connected bot", "已连接的程序";
    /// Tournament state.
    playing_now: "playing", "进行中";
    /// Tournament state.
    finished: "finished", "已结束";
    /// The status line on the person's turn.
    your_move: "Your move", "轮到你走";
    /// The header's mode while a seat is held.
    online_game: "Online game", "在线对局";
    /// The server's engine, in the lobby's list.
    house_levels: "The server's engine, level", "服务器引擎，等级";
    /// Label of the colour choice.
    your_color: "Your colour", "你的颜色";
    /// The account's box: its heading.
    account: "Your account", "你的账号";
    /// What an account is for.
    account_why: "An account keeps your name and a rating for each kind of clock, and meets players you do not know. You can still play friends by link as a guest.", "账号保存你的名字和各类用时的等级分，并可与陌生棋手配对。不注册也可以通过链接与好友对弈。";
    /// Label.
    password: "Password", "密码";
    /// Button.
    sign_in: "Sign in", "登录";
    /// Button.
    sign_up: "Create account", "注册账号";
    /// Button.
    sign_out: "Sign out", "退出登录";
    /// Before the name.
    signed_in_as: "Signed in as", "已登录：";
    /// Quick pairing's heading.
    quick_pairing: "Quick pairing", "快速配对";
    /// Quick pairing: rated or casual.
    rated: "Rated", "计分";
    /// A casual game.
    casual: "casual", "不计分";
    /// Button.
    cancel_seek: "Cancel", "取消";
    /// No rating yet.
    no_rating: "no rating yet", "尚无等级分";
    /// While a request is on its way.
    wait: "Please wait…", "请稍候…";
    /// A rated game's box says so.
    rated_game: "Rated game", "计分对局";
    /// The leaderboards' tabs.
    leaderboards: "Leaderboards", "排行榜";
    /// Column, and a count of games.
    games_played: "games", "局";
    /// Column.
    rating: "Rating", "等级分";
    /// An empty leaderboard.
    nobody_rated: "Nobody is rated in this category yet.", "此类别还没有人有等级分。";
    /// A game's outcome on a player's page.
    won: "won", "胜";
    /// A game's outcome.
    drew: "drew", "和";
    /// A game's outcome.
    lost: "lost", "负";
    /// Before the opponent's name.
    versus: "vs", "对";
    /// Paging.
    newer: "Newer games", "较新的对局";
    /// Paging.
    older: "Older games", "较早的对局";
    /// The account box: one's own page.
    my_page: "My page", "我的主页";
    /// Heading.
    open_challenges: "Open challenges", "公开挑战";
    /// None.
    no_challenges: "No open challenge.", "目前没有公开挑战。";
    /// Button.
    accept: "Accept", "接受";
    /// Button.
    withdraw: "Withdraw", "撤回";
    /// A challenge one's rating may not accept.
    outside_range: "outside its range", "不在其等级分范围内";
    /// The form's summary.
    new_challenge: "Open a challenge", "发起挑战";
    /// Button.
    open_challenge: "Open the challenge", "发布挑战";
    /// Label.
    clock: "Clock", "用时";
    /// Label.
    rating_range: "Ratings that may accept", "可接受的等级分";
    /// Any rating.
    anyone: "anyone", "不限";
    /// A challenge's colour: drawn.
    color_drawn: "colours drawn", "颜色随机";
    /// The account's settings.
    account_settings: "Sessions and account", "登录与账号";
    /// Button.
    sign_out_everywhere: "Sign out on every device", "在所有设备上退出登录";
    /// What deleting keeps.
    delete_why: "Deleting the account keeps its games (your name shown as deleted in them) and frees nothing else: the name stays taken.", "删除账号后其对局仍保留（其中你的名字显示为已删除），名字也不能再被使用。";
    /// Button.
    delete_account: "Delete my account", "删除我的账号";
    /// Button, confirming.
    delete_sure: "Delete it for good?", "确定永久删除？";
    /// A player's page without games.
    no_player_games: "No game against another account yet.", "还没有与其他账号的对局。";
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

fn side(lang: Lang, color: Color) -> &'static str {
    match (lang, color) {
        (Lang::En, Color::Black) => "Black",
        (Lang::En, Color::White) => "White",
        (Lang::Zh, Color::Black) => "黑方",
        (Lang::Zh, Color::White) => "白方",
    }
}

/// The most characters of a server's own words shown in a notice: what comes from outside is bounded where
/// it is shown.
pub const SERVER_WORDS: usize = 200;

/// `text` cut to [`SERVER_WORDS`] characters (an ellipsis says it was cut).
pub fn bounded(text: &str) -> String {
    match text.char_indices().nth(SERVER_WORDS) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_string(),
    }
}

/// A category's name.
pub fn category(lang: Lang, category: crate::session::online::wire::Category) -> &'static str {
    use crate::session::online::wire::Category as C;
    match (lang, category) {
        (Lang::En, C::Bullet) => "bullet",
        (Lang::En, C::Blitz) => "blitz",
        (Lang::En, C::Rapid) => "rapid",
        (Lang::En, C::Classical) => "classical",
        (Lang::Zh, C::Bullet) => "超快棋",
        (Lang::Zh, C::Blitz) => "快棋",
        (Lang::Zh, C::Rapid) => "中速棋",
        (Lang::Zh, C::Classical) => "慢棋",
        (Lang::En, C::Ladder) => "bots' ladder",
        (Lang::Zh, C::Ladder) => "程序天梯",
    }
}

/// What a rating history's drawing says to a screen reader.
pub fn history_label(
    lang: Lang,
    category: crate::session::online::wire::Category,
    low: f64,
    high: f64,
    games: usize,
) -> String {
    let name = self::category(lang, category);
    let (low, high) = (low.round() as i64, high.round() as i64);
    match lang {
        Lang::En => format!("{name} rating over {games} rated games: from {low} to {high}"),
        Lang::Zh => format!("{name}等级分，共 {games} 局计分对局：{low} 至 {high}"),
    }
}

/// A rating as shown: rounded, with "?" while provisional.
pub fn rating(rating: f64, provisional: bool) -> String {
    format!(
        "{}{}",
        rating.round() as i64,
        if provisional { "?" } else { "" }
    )
}

/// A rating's change as shown: `+12`, `−12` (a true minus), `±0`.
pub fn rating_change(change: i32) -> String {
    match change {
        0 => "±0".into(),
        c if c > 0 => format!("+{c}"),
        c => format!("−{}", -c),
    }
}

/// A challenge as the lobby lists it: who (rating), the clock and category, rated or casual, the colour the
/// accepter plays, the range.
pub fn challenge_line(lang: Lang, c: &crate::session::online::wire::ChallengeView) -> String {
    let s = Strings::of(lang);
    let kind = if c.rated {
        s.rated.to_lowercase()
    } else {
        s.casual.to_string()
    };
    let clock = format!(
        "{}+{}",
        (c.clock.initial_s / 60.0).round() as i64,
        c.clock.increment_s.round() as i64
    );
    let rating = rating(f64::from(c.rating), c.provisional);
    let you_play = match (lang, c.color) {
        (_, None) => s.color_drawn.to_string(),
        (Lang::En, Some(side)) => format!("you play {}", side_name(lang, side).to_lowercase()),
        (Lang::Zh, Some(side)) => format!("你执{}", side_name(lang, side)),
    };
    let range = match (c.min_rating, c.max_rating) {
        (Some(min), Some(max)) => format!(" · {min}–{max}"),
        (Some(min), None) => format!(" · ≥{min}"),
        (None, Some(max)) => format!(" · ≤{max}"),
        (None, None) => String::new(),
    };
    format!(
        "{} ({rating}) · {clock} {} · {kind} · {you_play}{range}",
        c.name,
        category(lang, c.category)
    )
}

/// The side the accepter of a challenge plays: the other of the challenger's.
fn side_name(lang: Lang, challenger: reversi_protocol::Side) -> &'static str {
    match challenger {
        reversi_protocol::Side::Black => side(lang, Color::White),
        reversi_protocol::Side::White => side(lang, Color::Black),
    }
}

/// What a standing seek says: the clock, rated or not, and the range the server accepts now.
pub fn seeking(
    lang: Lang,
    minutes: u32,
    increment_s: u32,
    rated: bool,
    range: Option<u32>,
) -> String {
    let s = Strings::of(lang);
    let kind = if rated {
        s.rated.to_lowercase()
    } else {
        s.casual.to_string()
    };
    match (lang, range) {
        (Lang::En, Some(range)) => {
            format!("Seeking a {minutes}+{increment_s} {kind} game (ratings within ±{range})…")
        }
        (Lang::En, None) => format!("Seeking a {minutes}+{increment_s} {kind} game…"),
        (Lang::Zh, Some(range)) => {
            format!("正在寻找 {minutes}+{increment_s} {kind}对局（等级分相差 ±{range} 以内）…")
        }
        (Lang::Zh, None) => format!("正在寻找 {minutes}+{increment_s} {kind}对局…"),
    }
}

/// What an online notice says.
pub fn notice(lang: Lang, notice: &OnlineNotice) -> String {
    let bounded_notice = |notice: &OnlineNotice| match notice {
        OnlineNotice::Refused { code, message } => OnlineNotice::Refused {
            code: *code,
            message: bounded(message),
        },
        OnlineNotice::Failed { message } => OnlineNotice::Failed {
            message: bounded(message),
        },
        OnlineNotice::Unreadable { message } => OnlineNotice::Unreadable {
            message: bounded(message),
        },
        other => other.clone(),
    };
    let notice = &bounded_notice(notice);
    match (lang, notice) {
        (_, OnlineNotice::Refused { code, message }) => refusal(lang, *code, message),
        (Lang::En, OnlineNotice::Offline) => "Not connected: the move was not sent. It can be made again once the connection is back.".into(),
        (Lang::Zh, OnlineNotice::Offline) => "未连接：这步棋没有发出。连接恢复后可再下。".into(),
        (Lang::En, OnlineNotice::Watching) => "You are watching this game: only its players move.".into(),
        (Lang::Zh, OnlineNotice::Watching) => "你正在观战：只有对局双方可以落子。".into(),
        (Lang::En, OnlineNotice::OpponentsTurn) => "Wait: it is your opponent's turn.".into(),
        (Lang::Zh, OnlineNotice::OpponentsTurn) => "请稍候：轮到对手走棋。".into(),
        (Lang::En, OnlineNotice::NotStarted) => "Your opponent has not joined yet.".into(),
        (Lang::Zh, OnlineNotice::NotStarted) => "对手还没有加入。".into(),
        (Lang::En, OnlineNotice::NotOnline) => "Not while the game is played online: no undo, redo, hint or analysis until it is over.".into(),
        (Lang::Zh, OnlineNotice::NotOnline) => "在线对局进行中不能悔棋、重做、提示或分析，结束后才可以。".into(),
        (Lang::En, OnlineNotice::Failed { message }) => format!("The server could not be reached, or refused: {message}."),
        (Lang::Zh, OnlineNotice::Failed { message }) => format!("无法连接服务器，或被拒绝：{message}。"),
        (Lang::En, OnlineNotice::NoSuchGame) => "This game is not on this server.".into(),
        (Lang::Zh, OnlineNotice::NoSuchGame) => "服务器上没有这局棋。".into(),
        (Lang::En, OnlineNotice::InviteTaken) => "That invitation was already used: you are watching the game.".into(),
        (Lang::Zh, OnlineNotice::InviteTaken) => "该邀请已被使用：你现在是观战。".into(),
        (Lang::En, OnlineNotice::NotASeat) => "This device holds no seat of this game: you are watching it.".into(),
        (Lang::Zh, OnlineNotice::NotASeat) => "本设备没有这局棋的座位：你现在是观战。".into(),
        (Lang::En, OnlineNotice::SeatsLetGo { count: 1 }) => "This device keeps the seats of its 50 latest online games: the oldest was let go (it can still be watched).".into(),
        (Lang::En, OnlineNotice::SeatsLetGo { count }) => format!("This device keeps the seats of its 50 latest online games: the {count} oldest were let go (they can still be watched)."),
        (Lang::Zh, OnlineNotice::SeatsLetGo { count }) => format!("本设备只保存最近 50 局在线对局的座位：最早的 {count} 局的座位已释放（仍可观战）。"),
        (Lang::En, OnlineNotice::NoServer) => EN.needs_server.into(),
        (Lang::Zh, OnlineNotice::NoServer) => ZH.needs_server.into(),
        (Lang::En, OnlineNotice::Unreadable { message }) => format!("A message from the server could not be read ({message}); the game is unchanged."),
        (Lang::Zh, OnlineNotice::Unreadable { message }) => format!("无法读取服务器的消息（{message}）；对局未改变。"),
    }
}

/// A refusal of the server in the page's words, for every code the server sends: the Chinese page shows no
/// English. The server's own words are added only in the English page, where they say more than the code
/// (a malformed request's reason, a code of a newer server).
pub fn refusal(lang: Lang, code: ErrorCode, message: &str) -> String {
    use ErrorCode as C;
    match (lang, code) {
        (Lang::En, C::NotFound) => "That game, bot or tournament is not on this server.".into(),
        (Lang::Zh, C::NotFound) => "服务器上没有这局棋、这个程序或这场比赛。".into(),
        (Lang::En, C::BadRequest) => format!("The server could not read the request ({message})."),
        (Lang::Zh, C::BadRequest) => "服务器无法读取这个请求。".into(),
        (Lang::En, C::NotASeat) => "This device holds no seat of this game: you are watching it.".into(),
        (Lang::Zh, C::NotASeat) => "本设备没有这局棋的座位：你现在是观战。".into(),
        (Lang::En, C::BadInvite) => "That invitation is wrong, or its seat was already taken.".into(),
        (Lang::Zh, C::BadInvite) => "该邀请无效，或其座位已被占用。".into(),
        (Lang::En, C::NotStarted) => "Your opponent has not joined yet.".into(),
        (Lang::Zh, C::NotStarted) => "对手还没有加入。".into(),
        (Lang::En, C::NotYourTurn) => "The server refused the move: it is not your turn.".into(),
        (Lang::Zh, C::NotYourTurn) => "服务器拒绝了这步棋：还没轮到你。".into(),
        (Lang::En, C::StalePly) => "The position had changed before your move arrived: it was not played. The board shows the game as the server has it.".into(),
        (Lang::Zh, C::StalePly) => "你的棋到达前局面已经变化，没有下出。棋盘显示服务器上的对局。".into(),
        (Lang::En, C::IllegalMove) => "The server refused the move as illegal; the board shows the game as the server has it.".into(),
        (Lang::Zh, C::IllegalMove) => "服务器判定这步棋不合法；棋盘显示服务器上的对局。".into(),
        (Lang::En, C::GameOver) => "The game is over.".into(),
        (Lang::Zh, C::GameOver) => "对局已结束。".into(),
        (Lang::En, C::BadName) => "A name is 1 to 32 letters, digits, '_', '-' or '.'.".into(),
        (Lang::Zh, C::BadName) => "名字须为 1 到 32 个字母、数字或 _ - . 符号。".into(),
        (Lang::En, C::NameTaken) => "A bot of that name is connected already.".into(),
        (Lang::Zh, C::NameTaken) => "已有同名的程序连接在服务器上。".into(),
        (Lang::En, C::RateLimited) => "Too many messages: slow down.".into(),
        (Lang::Zh, C::RateLimited) => "消息太频繁，请放慢。".into(),
        (Lang::En, C::TooManyConnections) => "Too many connections from this address: close a few tabs of this page and try again.".into(),
        (Lang::Zh, C::TooManyConnections) => "来自此地址的连接过多：请关闭几个本页面的标签页后重试。".into(),
        (Lang::En, C::BadOrigin) => "The server accepts connections from its own page only.".into(),
        (Lang::Zh, C::BadOrigin) => "服务器只接受来自它自己页面的连接。".into(),
        (Lang::En, C::Storage) => "The server could not store that (nothing was lost): try again.".into(),
        (Lang::Zh, C::Storage) => "服务器未能保存这一步（没有丢失任何内容）：请重试。".into(),
        (Lang::En, C::AccountExists) => "That name is taken: choose another.".into(),
        (Lang::Zh, C::AccountExists) => "这个名字已被使用，请另选一个。".into(),
        (Lang::En, C::BadPassword) => "A password is 8 to 256 characters.".into(),
        (Lang::Zh, C::BadPassword) => "密码须为 8 到 256 个字符。".into(),
        (Lang::En, C::SignInFailed) => "Wrong name or password.".into(),
        (Lang::Zh, C::SignInFailed) => "名字或密码错误。".into(),
        (Lang::En, C::NotSignedIn) => "Sign in first.".into(),
        (Lang::Zh, C::NotSignedIn) => "请先登录。".into(),
        (Lang::En, C::BadToken) => "That bot's name is registered: it connects with its token.".into(),
        (Lang::Zh, C::BadToken) => "该程序名已注册：需用其令牌连接。".into(),
        (Lang::En, C::ChallengeGone) => "That challenge is no longer open.".into(),
        (Lang::Zh, C::ChallengeGone) => "该挑战已不再开放。".into(),
        (Lang::En, C::OutOfRange) => "Your rating is outside that challenge's range.".into(),
        (Lang::Zh, C::OutOfRange) => "你的等级分不在该挑战的范围内。".into(),
        (Lang::En, C::Unknown) => format!("The server refused: {message}."),
        (Lang::Zh, C::Unknown) => "服务器拒绝了这个请求。".into(),
    }
}

/// Why a list of the lobby could not be had.
pub fn list_failure(lang: Lang, failure: &ListFailure) -> String {
    match (lang, failure) {
        (_, ListFailure::Refused(code, message)) => refusal(lang, *code, &bounded(message)),
        (Lang::En, ListFailure::Unreachable(why)) => {
            format!("The server could not be reached ({}).", bounded(why))
        }
        (Lang::Zh, ListFailure::Unreachable(_)) => "无法连接服务器。".into(),
        (Lang::En, ListFailure::Unreadable(why)) => {
            format!("The server's answer could not be read ({}).", bounded(why))
        }
        (Lang::Zh, ListFailure::Unreadable(_)) => "无法读取服务器的回答。".into(),
    }
}

/// An online game's result: "Black wins 40–24", "White wins by resignation", "Black wins on time", "Draw".
pub fn result(lang: Lang, result: &ServerResult) -> String {
    let score = format!("{}–{}", result.black, result.white);
    match (lang, result.winner, &result.reason) {
        (Lang::En, None, _) => format!("Draw {score}"),
        (Lang::Zh, None, _) => format!("和棋 {score}"),
        (Lang::En, Some(w), Reason::Score) => format!("{} wins {score}", side(lang, w)),
        (Lang::Zh, Some(w), Reason::Score) => format!("{}胜 {score}", side(lang, w)),
        (Lang::En, Some(w), Reason::Resign) => format!("{} wins by resignation", side(lang, w)),
        (Lang::Zh, Some(w), Reason::Resign) => format!("{}胜（对方认输）", side(lang, w)),
        (Lang::En, Some(w), Reason::Time) => format!("{} wins on time", side(lang, w)),
        (Lang::Zh, Some(w), Reason::Time) => format!("{}胜（对方超时）", side(lang, w)),
        (Lang::En, Some(w), Reason::Forfeit(detail)) => format!(
            "{} wins: {} forfeited{}",
            side(lang, w),
            side(lang, w.opponent()),
            detail
                .as_ref()
                .map(|d| format!(" ({d})"))
                .unwrap_or_default()
        ),
        (Lang::Zh, Some(w), Reason::Forfeit(detail)) => format!(
            "{}胜：{}判负{}",
            side(lang, w),
            side(lang, w.opponent()),
            detail
                .as_ref()
                .map(|d| format!("（{d}）"))
                .unwrap_or_default()
        ),
    }
}

/// A game in the lobby's list: "Ann – Bob · 12 moves".
pub fn listed_game(lang: Lang, black: &str, white: &str, moves: usize) -> String {
    match lang {
        Lang::En if moves == 1 => format!("{black} – {white} · 1 move"),
        Lang::En => format!("{black} – {white} · {moves} moves"),
        Lang::Zh => format!("{black} – {white} · 已下 {moves} 步"),
    }
}

/// "White (Ann) to move".
pub fn to_move(lang: Lang, color: Color, name: &str) -> String {
    match lang {
        Lang::En => format!("{} ({name}) to move", side(lang, color)),
        Lang::Zh => format!("轮到{}（{name}）", side(lang, color)),
    }
}

/// The header's words for an online game: "Online game · Ann vs Bob", or the watcher's.
pub fn header(lang: Lang, watching: bool, black: &str, white: &str) -> String {
    let s = Strings::of(lang);
    let what = if watching { s.watching } else { s.online_game };
    if black.is_empty() && white.is_empty() {
        return what.to_string();
    }
    let vs = match lang {
        Lang::En => "vs",
        Lang::Zh => "对",
    };
    // A seat nobody took yet is said to be awaited, not left blank ("Alice vs").
    let named = |name: &str| {
        if name.is_empty() {
            s.seat_awaited.to_string()
        } else {
            name.to_string()
        }
    };
    format!("{what} · {} {vs} {}", named(black), named(white))
}

/// A seat's name, "Ann (you)" for the person's own.
pub fn seat_name(lang: Lang, name: &str, you: bool) -> String {
    if you {
        format!("{name} ({})", Strings::of(lang).you)
    } else {
        name.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_servers_long_words_are_cut_where_they_are_shown() {
        let long = "x".repeat(60_000);
        for lang in [Lang::En, Lang::Zh] {
            for told in [
                OnlineNotice::Refused {
                    code: ErrorCode::Unknown,
                    message: long.clone(),
                },
                OnlineNotice::Failed {
                    message: long.clone(),
                },
                OnlineNotice::Unreadable {
                    message: long.clone(),
                },
            ] {
                let text = notice(lang, &told);
                assert!(text.chars().count() < SERVER_WORDS + 80, "{}", text.len());
                // The Chinese page words a refusal itself, without the server's English.
                let quoted = lang == Lang::En || !matches!(told, OnlineNotice::Refused { .. });
                assert_eq!(text.contains('…'), quoted, "{text}");
            }
        }
        assert_eq!(bounded("short"), "short");
        assert_eq!(bounded(&"名".repeat(300)).chars().count(), SERVER_WORDS + 1);
    }

    #[test]
    fn the_header_says_who_is_awaited() {
        assert_eq!(
            header(Lang::En, false, "Alice", ""),
            "Online game · Alice vs a friend (awaited)"
        );
        assert_eq!(
            header(Lang::En, false, "", "Bob"),
            "Online game · a friend (awaited) vs Bob"
        );
        assert!(header(Lang::Zh, false, "Alice", "").ends_with("对 （等待好友加入）"));
        assert_eq!(
            header(Lang::En, true, "", ""),
            Strings::of(Lang::En).watching
        );
    }

    #[test]
    fn every_online_string_has_both_translations() {
        for (e, z) in PAIRS {
            assert!(!e.is_empty() && !z.is_empty());
            assert_ne!(e, z, "untranslated: {e}");
            assert!(z.chars().any(|c| c as u32 > 0x2E80), "not Chinese: {z}");
        }
    }

    #[test]
    fn a_result_says_who_won_and_how() {
        let result = |winner, reason| ServerResult {
            winner,
            reason,
            black: 40,
            white: 24,
        };
        assert_eq!(
            super::result(Lang::En, &result(Some(Color::Black), Reason::Score)),
            "Black wins 40–24"
        );
        assert_eq!(
            super::result(Lang::En, &result(Some(Color::White), Reason::Resign)),
            "White wins by resignation"
        );
        assert_eq!(
            super::result(Lang::Zh, &result(Some(Color::Black), Reason::Time)),
            "黑方胜（对方超时）"
        );
        assert_eq!(
            super::result(Lang::En, &result(None, Reason::Score)),
            "Draw 40–24"
        );
    }

    #[test]
    fn every_refusal_is_said_in_the_pages_words_and_the_chinese_page_shows_no_english() {
        let refused = |code: ErrorCode| OnlineNotice::Refused {
            code,
            message: "it is not your turn".into(),
        };
        assert!(notice(Lang::En, &refused(ErrorCode::StalePly)).contains("position had changed"));
        assert_eq!(
            notice(Lang::En, &refused(ErrorCode::Unknown)),
            "The server refused: it is not your turn."
        );
        assert!(notice(Lang::Zh, &refused(ErrorCode::NotYourTurn)).contains("还没轮到你"));
        let mut said = std::collections::HashSet::new();
        for code in ErrorCode::ALL.into_iter().chain([ErrorCode::Unknown]) {
            let zh = notice(Lang::Zh, &refused(code));
            assert!(!zh.contains("not your turn"), "{code:?}: {zh}");
            assert!(
                !zh.chars().any(|c| c.is_ascii_alphabetic()),
                "{code:?}: {zh}"
            );
            assert!(said.insert(zh), "{code:?} worded as another");
            assert_ne!(
                notice(Lang::En, &refused(code)),
                notice(Lang::Zh, &refused(code))
            );
        }
    }
}
