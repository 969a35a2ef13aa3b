//! The analysis room: the evaluation graph, the review and the explorer.

use std::rc::Rc;

use yew::prelude::*;

use crate::session::room::{GamesAction, ReviewedMove, Room, RoomAction};
use crate::session::ExpertTitle;
use crate::view::analysis::{ExplorerPanel, GamesPanel, LearnPanel, ReviewPanel};
use crate::view::hooks::use_show_ply;
use crate::view::i18n::Lang;
use reversi_engine::{Bitboard, Game, Move, Position, Square};

/// Properties of [`AnalysisRoom`]: the room's part of the session and what it looks at.
#[derive(Properties, PartialEq)]
pub struct AnalysisRoomProps {
    /// The room.
    pub room: Rc<Room>,
    /// The game it values.
    pub game: Rc<Game>,
    /// The game's moves as the review valued them.
    pub reviewed: Vec<ReviewedMove>,
    /// The ply browsed, if any.
    pub browsing: Option<usize>,
    /// The position on the board (the explorer and the games list follow it).
    pub shown: Position,
    /// The moves a click on the explorer may play.
    pub playable: Bitboard,
    /// Something done in the room (the review, the explorer opened or closed).
    pub on_room: Callback<RoomAction>,
    /// Show the position before a ply (`None`: the game's own).
    pub on_browse: Callback<Option<usize>>,
    /// Play an explorer's move, on the position it was drawn for.
    pub on_explorer_move: Callback<(Position, Square)>,
    /// Something done to the games list, on the position it was drawn for.
    pub on_games: Callback<(Position, GamesAction)>,
    /// Open an expert game found for a position: the position, its transcript, its title.
    pub on_open_game: Callback<(Position, String, ExpertTitle)>,
    /// Whose mistakes "learn from your mistakes" asks (`None`: both sides').
    #[prop_or_default]
    pub learner: Option<reversi_engine::Color>,
    /// The plies of the mistakes learned before.
    #[prop_or_default]
    pub learned: Vec<usize>,
    /// Language of the labels.
    pub lang: Lang,
}

/// The analysis room: the whole-game review and the opening explorer.
#[function_component(AnalysisRoom)]
pub fn analysis_room(props: &AnalysisRoomProps) -> Html {
    let (room, lang) = (&props.room, props.lang);
    let t = lang.strings();
    let game = &props.game;
    let position = props.shown;
    let on_select = use_show_ply(game.plies().len(), &props.on_browse);
    let room_action = |action: fn() -> RoomAction| props.on_room.reform(move |_: ()| action());
    // The explorer's section opens and closes through the session (which then asks the analyst), not by
    // the browser's own toggle.
    let on_explorer_toggle = {
        let open = room.explorer().is_open();
        props.on_room.reform(move |e: MouseEvent| {
            e.prevent_default();
            RoomAction::SetExplorer(!open)
        })
    };
    // The explorer's rows and the games list were drawn for `position` (a frame after the board): what they
    // ask is made on it, and ignored once the board shows another.
    let on_play = props
        .on_explorer_move
        .reform(move |square| (position, square));
    let on_games = props.on_games.reform(move |action| (position, action));
    let on_open_game = props
        .on_open_game
        .reform(move |(transcript, title)| (position, transcript, title));
    html! {
        <details class="analysis-room" data-testid="analysis-room" open={true}>
            <summary>{ t.analysis }</summary>
            <ReviewPanel run={room.review().cloned()} reviewed={props.reviewed.clone()}
                can_review={game.plies().iter().any(|p| p.mv != Move::Pass)}
                on_start={room_action(|| RoomAction::StartReview)} on_cancel={room_action(|| RoomAction::CancelReview)}
                on_select={on_select} shown={props.browsing} learning={room.learning().is_some()} {lang} />
            if room.review().is_some_and(|r| r.finished) {
                <LearnPanel learn={room.learning().cloned()} reviewed={props.reviewed.clone()} learner={props.learner} learned={props.learned.clone()}
                    on_learn={props.on_room.reform(RoomAction::Learn)} {lang} />
            }
            <details class="explorer-section" open={room.explorer().is_open()}>
                <summary data-testid="explorer-toggle" onclick={on_explorer_toggle}>{ t.explorer }</summary>
                if room.explorer().is_open() {
                    <ExplorerPanel
                        rows={room.explorer().rows(&position).map(<[_]>::to_vec)}
                        error={room.explorer().error().cloned()}
                        playable={props.playable}
                        {on_play} {lang} />
                    <GamesPanel list={room.games().clone()} shown={position}
                        {on_games} {on_open_game} {lang} />
                }
            </details>
        </details>
    }
}
