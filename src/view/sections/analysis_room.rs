//! The analysis room: the evaluation graph, the review and the explorer.

use crate::session::room::RoomAction;
use yew::prelude::*;

use super::{show_ply, SectionProps};

use crate::session::Action;
use crate::view::analysis::{ExplorerPanel, ReviewPanel};
use crate::view::games::GamesPanel;
use reversi_engine::{Move, Square};

/// The analysis room: the whole-game review and the opening explorer.
#[function_component(AnalysisRoom)]
pub fn analysis_room(props: &SectionProps) -> Html {
    let (session, lang) = (&props.session, props.lang);
    let t = lang.strings();
    let game = &session.game;
    let position = session.shown();
    let dispatch = |action: fn() -> Action| {
        let on_action = props.on_action.clone();
        Callback::from(move |_: ()| on_action.emit(action()))
    };
    // The explorer's section opens and closes through the session (which then asks the analyst), not by
    // the browser's own toggle.
    let on_explorer_toggle = {
        let on_action = props.on_action.clone();
        let open = session.room.explorer.open;
        Callback::from(move |e: MouseEvent| {
            e.prevent_default();
            on_action.emit(Action::Room(RoomAction::SetExplorer(!open)));
        })
    };
    let on_play = {
        let on_action = props.on_action.clone();
        Callback::from(move |square: Square| on_action.emit(Action::Square(square)))
    };
    html! {
        <details class="analysis-room" data-testid="analysis-room" open={true}>
            <summary>{ t.analysis }</summary>
            <ReviewPanel run={session.room.review().cloned()} reviewed={session.room.valuation.reviewed(game)}
                can_review={game.plies().iter().any(|p| p.mv != Move::Pass)}
                on_start={dispatch(|| Action::Room(RoomAction::StartReview))} on_cancel={dispatch(|| Action::Room(RoomAction::CancelReview))}
                on_select={show_ply(session, &props.on_action)} shown={session.browsing} {lang} />
            <details class="explorer-section" open={session.room.explorer.open}>
                <summary data-testid="explorer-toggle" onclick={on_explorer_toggle}>{ t.explorer }</summary>
                if session.room.explorer.open {
                    <ExplorerPanel
                        rows={session.room.explorer.rows(&position).map(<[_]>::to_vec)}
                        error={session.room.explorer.error().map(str::to_string)}
                        playable={session.clickable()}
                        {on_play} {lang} />
                    <GamesPanel list={session.room.games.clone()} shown={position}
                        on_action={props.on_action.clone()} {lang} />
                }
            </details>
        </details>
    }
}
