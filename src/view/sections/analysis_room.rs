//! The analysis room: the evaluation graph, the review and the explorer.

use std::rc::Rc;

use yew::prelude::*;

use super::use_show_ply;

use crate::session::room::{ReviewedMove, Room, RoomAction};
use crate::session::Action;
use crate::session::GameAction;
use crate::view::analysis::{ExplorerPanel, GamesPanel, ReviewPanel};
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
    /// Called with each action the room asks for.
    pub on_action: Callback<Action>,
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
    let on_select = use_show_ply(game.plies().len(), &props.on_action);
    let dispatch = |action: fn() -> Action| {
        let on_action = props.on_action.clone();
        Callback::from(move |_: ()| on_action.emit(action()))
    };
    // The explorer's section opens and closes through the session (which then asks the analyst), not by
    // the browser's own toggle.
    let on_explorer_toggle = {
        let on_action = props.on_action.clone();
        let open = room.explorer.open;
        Callback::from(move |e: MouseEvent| {
            e.prevent_default();
            on_action.emit(Action::Room(RoomAction::SetExplorer(!open)));
        })
    };
    // The explorer's rows and the games list were drawn for `position` (a frame after the board): what they
    // ask is made on it, and ignored once the board shows another.
    let on_play = {
        let on_action = props.on_action.clone();
        Callback::from(move |square: Square| {
            on_action.emit(Action::on(
                position,
                Action::Game(GameAction::Square(square)),
            ))
        })
    };
    let on_games = {
        let on_action = props.on_action.clone();
        Callback::from(move |action: Action| on_action.emit(Action::on(position, action)))
    };
    html! {
        <details class="analysis-room" data-testid="analysis-room" open={true}>
            <summary>{ t.analysis }</summary>
            <ReviewPanel run={room.review().cloned()} reviewed={props.reviewed.clone()}
                can_review={game.plies().iter().any(|p| p.mv != Move::Pass)}
                on_start={dispatch(|| Action::Room(RoomAction::StartReview))} on_cancel={dispatch(|| Action::Room(RoomAction::CancelReview))}
                on_select={on_select} shown={props.browsing} {lang} />
            <details class="explorer-section" open={room.explorer.open}>
                <summary data-testid="explorer-toggle" onclick={on_explorer_toggle}>{ t.explorer }</summary>
                if room.explorer.open {
                    <ExplorerPanel
                        rows={room.explorer.rows(&position).map(<[_]>::to_vec)}
                        error={room.explorer.error().cloned()}
                        playable={props.playable}
                        {on_play} {lang} />
                    <GamesPanel list={room.games.clone()} shown={position}
                        on_action={on_games} {lang} />
                }
            </details>
        </details>
    }
}
