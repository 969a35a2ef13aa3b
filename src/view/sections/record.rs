//! The record: the transcript, the opening and the move list.

use yew::prelude::*;

use super::SectionProps;

use crate::session::{Action, Session};
use crate::view::i18n::Lang;
use crate::view::move_list::MoveList;

/// The record: the transcript, the opening's name, the move list (with the review's marks).
#[function_component(Record)]
pub fn record(props: &SectionProps) -> Html {
    let (session, lang) = (&props.session, props.lang);
    let t = lang.strings();
    let game = &session.game;
    let opening_name = reversi_engine::openings::of_game_until(game, session.browsing).map_or_else(
        || "—".to_string(),
        |o| match lang {
            Lang::En => o.name.to_string(),
            Lang::Zh => match o.chinese {
                Some(zh) => format!("{zh}（{}）", o.name),
                None => o.name.to_string(),
            },
        },
    );
    let on_browse = {
        let on_action = props.on_action.clone();
        Callback::from(move |ply| on_action.emit(Action::Browse(ply)))
    };
    let marks: Vec<(usize, _)> = session
        .room
        .valuation
        .reviewed(game)
        .iter()
        .filter_map(|m| Some((m.ply, m.mark?)))
        .collect();
    let expert = session.expert.as_ref().map(|title| {
        let on_action = props.on_action.clone();
        let back = Callback::from(move |_: MouseEvent| on_action.emit(Action::BringBack));
        html! {
            <p class="expert-title" data-testid="expert-title">
                { crate::view::i18n::extras::expert_title(lang, title) }
                if !session.replaced.is_empty() {
                    { " " }<button type="button" class="link" data-testid="expert-back" onclick={back}>{ t.previous_game }</button>
                }
            </p>
        }
    });
    let x = crate::view::i18n::extras::Strings::of(lang);
    let start = if session.asks.start.is_asking() {
        html! { <p class="start-line" role="status" data-testid="finding-start">{ x.finding_start }</p> }
    } else if let Some((start, value)) = session.started {
        html! { <p class="start-line" data-testid="started" data-value={value.to_string()}>{ crate::view::i18n::extras::started(lang, start, value) }</p> }
    } else {
        Html::default()
    };
    html! {
        <>
            { start }
            { for expert }
            <p class="transcript-line">
                <span class="label">{ t.transcript }{ ": " }</span>
                <code data-testid="transcript">{ game.transcript() }</code>
            </p>
            <p class="opening-line">
                <span class="label">{ t.opening }{ ": " }</span>
                <span data-testid="opening-name">{ opening_name }</span>
            </p>
            <MoveList plies={game.plies().to_vec()} browsing={session.browsing} on_select={on_browse} {marks} {lang} />
        </>
    }
}

/// Shows the position before ply `k` (after `k` moves; the last one is the game's).
pub fn show_ply(session: &Session, on_action: &Callback<Action>) -> Callback<usize> {
    let plies = session.game.plies().len();
    let on_action = on_action.clone();
    Callback::from(move |k: usize| on_action.emit(Action::Browse((k < plies).then_some(k))))
}
