//! The side panel's sections, each a component over the session's handle: the state of play (counts,
//! clocks, status, the engine's line, the hint), the notice line, the record (transcript, opening, move
//! list), the analysis room, the scoring choice and the help. The root ([`super::app`]) lays them out.

use yew::prelude::*;

use super::analysis::{ExplorerPanel, ReviewPanel};
use super::browser::copy_to_clipboard;
use super::i18n::{self, Lang};
use super::move_list::MoveList;
use super::panels::{Clocks, Counts};
use super::state::{Action, Notice, Scoring, Session};
use super::storage;
use reversi_engine::{Move, Square};

/// Properties of the sections: the session and the language.
#[derive(Properties, PartialEq)]
pub struct SectionProps {
    /// The session (read, and dispatched to).
    pub session: UseReducerHandle<Session>,
    /// Language of the labels.
    pub lang: Lang,
}

/// Whose turn it is, a pass just made, or the result.
pub fn status_line(lang: Lang, session: &Session) -> String {
    let game = &session.game;
    if let Some(color) = session.flagged() {
        return i18n::lost_on_time(lang, color);
    }
    if let Some(outcome) = game.outcome() {
        let (black, white) = session.scoring.score(&outcome);
        return i18n::result(lang, outcome.winner(), black, white);
    }
    let to_move = game.to_move();
    let turn = if session.settings.is_ai(to_move) {
        i18n::thinking(lang, to_move, session.settings.level(to_move))
    } else {
        i18n::to_move(lang, to_move)
    };
    if game.last_move() == Some(Move::Pass) {
        format!("{} {turn}", i18n::passed(lang, to_move.opponent()))
    } else {
        turn
    }
}

/// The state of play: disc counts, clocks, status, the engine's progress and figures, the hint.
#[function_component(PlayState)]
pub fn play_state(props: &SectionProps) -> Html {
    let (session, lang) = (&props.session, props.lang);
    let t = lang.strings();
    let game = &session.game;
    let position = match session.browsing {
        Some(n) => game.plies()[n].before,
        None => game.position(),
    };
    let to_move = (!game.is_over()).then(|| game.to_move());
    let thinking = session.thinking.as_ref().map(|th| {
        i18n::progress(
            lang,
            game.to_move(),
            th.score,
            th.kind,
            &th.best.to_string(),
        )
    });
    html! {
        <>
            <Counts black={position.black().count()} white={position.white().count()} {to_move} {lang} />
            if let Some(clock) = &session.clock {
                <Clocks clock={clock.clone()} running={session.clock_running().then(|| game.to_move())} {lang} />
            }
            <p class="status" data-testid="status" aria-live="polite">{ status_line(lang, session) }</p>
            if let Some(text) = thinking {
                <p class="thinking" data-testid="thinking"><span class="spinner" aria-hidden="true"></span>{ text }</p>
            }
            if let Some(stats) = session.last_search.as_ref().filter(|_| session.thinking.is_none()) {
                <p class="engine-stats" data-testid="engine-stats"
                   data-nodes={stats.nodes.to_string()} data-millis={stats.millis.to_string()}>
                    { i18n::search_stats(lang, stats) }{ " " }
                    <details class="engine-figures">
                        <summary>{ t.engine_details }</summary>
                        <span data-testid="engine-figures">{ i18n::search_figures(lang, stats, session.search_threads) }</span>
                    </details>
                </p>
            }
            if let (Some(square), Some((score, kind))) = (session.hint, session.hint_value) {
                <p class="hint-line" data-testid="hint-text"
                   data-book={(kind == crate::protocol::ScoreKind::Book).to_string()}>
                    { i18n::hint(lang, game.to_move(), square, score, kind) }
                </p>
            }
        </>
    }
}

/// The notice (with its actions: copy a backup, bring back the game put aside, dismiss) and the line shown
/// while browsing the record.
#[function_component(NoticeLine)]
pub fn notice_line(props: &SectionProps) -> Html {
    let (session, lang) = (&props.session, props.lang);
    let t = lang.strings();
    let dispatch = |action: fn() -> Action| {
        let session = session.clone();
        Callback::from(move |_| session.dispatch(action()))
    };
    html! {
        <>
            if let Some(notice) = &session.notice {
                <p class="notice" data-testid="notice" role="status">
                    { i18n::notice(lang, notice) }
                    if let Notice::RestoreFailed { backup: Some(key), .. } | Notice::RestorePartial { backup: Some(key), .. } = notice {
                        { " " }
                        <button type="button" class="link" data-testid="copy-backup" onclick={{
                            let key = key.clone();
                            let session = session.clone();
                            Callback::from(move |_| {
                                let text = storage().and_then(|s| s.get_item(&key).ok().flatten()).unwrap_or_default();
                                if copy_to_clipboard(&text) {
                                    session.dispatch(Action::Copied);
                                }
                            })
                        }}>{ t.copy_backup }</button>
                    }
                    if !session.replaced.is_empty() && matches!(notice, Notice::Replaced | Notice::BroughtBack) {
                        { " " }
                        <button type="button" class="link" data-testid="bring-back" onclick={dispatch(|| Action::BringBack)}>{ t.previous_game }</button>
                    }
                    <button type="button" class="link" onclick={dispatch(|| Action::Dismiss)} aria-label={t.dismiss}>{ "×" }</button>
                </p>
            }
            if session.browsing.is_some() {
                <p class="browsing">
                    { t.browsing }{ " " }
                    <button type="button" class="link" data-testid="back-to-game" onclick={dispatch(|| Action::Browse(None))}>{ t.back_to_game }</button>
                </p>
            }
        </>
    }
}

/// How empty squares count at the end.
#[function_component(ScoringChoice)]
pub fn scoring_choice(props: &SectionProps) -> Html {
    let (session, t) = (&props.session, props.lang.strings());
    let on_scoring = {
        let session = session.clone();
        Callback::from(move |e: Event| {
            let value = e
                .target_unchecked_into::<web_sys::HtmlSelectElement>()
                .value();
            let scoring = if value == "split" {
                Scoring::Split
            } else {
                Scoring::EmptiesToWinner
            };
            session.dispatch(Action::SetScoring(scoring));
        })
    };
    html! {
        <label class="scoring">
            <span>{ t.scoring }</span>
            <select data-testid="scoring" onchange={on_scoring}>
                <option value="winner" selected={session.scoring == Scoring::EmptiesToWinner}>{ t.empties_to_winner }</option>
                <option value="split" selected={session.scoring == Scoring::Split}>{ t.empties_split }</option>
            </select>
        </label>
    }
}

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
        let session = session.clone();
        Callback::from(move |ply| session.dispatch(Action::Browse(ply)))
    };
    let marks: Vec<(usize, _)> = session
        .room
        .reviewed(game)
        .iter()
        .filter_map(|m| Some((m.ply, m.mark?)))
        .collect();
    html! {
        <>
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
pub fn show_ply(session: &UseReducerHandle<Session>) -> Callback<usize> {
    let session = session.clone();
    Callback::from(move |k: usize| {
        let plies = session.game.plies().len();
        session.dispatch(Action::Browse((k < plies).then_some(k)))
    })
}

/// The analysis room: the whole-game review and the opening explorer.
#[function_component(AnalysisRoom)]
pub fn analysis_room(props: &SectionProps) -> Html {
    let (session, lang) = (&props.session, props.lang);
    let t = lang.strings();
    let game = &session.game;
    let position = session.shown();
    let dispatch = |action: fn() -> Action| {
        let session = session.clone();
        Callback::from(move |_: ()| session.dispatch(action()))
    };
    // The explorer's section opens and closes through the session (which then asks the analyst), not by
    // the browser's own toggle.
    let on_explorer_toggle = {
        let session = session.clone();
        Callback::from(move |e: MouseEvent| {
            e.prevent_default();
            session.dispatch(Action::SetExplorer(!session.room.explorer_open));
        })
    };
    let on_play = {
        let session = session.clone();
        Callback::from(move |square: Square| session.dispatch(Action::Square(square)))
    };
    html! {
        <details class="analysis-room" data-testid="analysis-room" open={true}>
            <summary>{ t.analysis }</summary>
            <ReviewPanel run={session.room.review.clone()} reviewed={session.room.reviewed(game)}
                can_review={game.plies().iter().any(|p| p.mv != Move::Pass)}
                on_start={dispatch(|| Action::StartReview)} on_cancel={dispatch(|| Action::CancelReview)}
                on_select={show_ply(session)} {lang} />
            <details class="explorer-section" open={session.room.explorer_open}>
                <summary data-testid="explorer-toggle" onclick={on_explorer_toggle}>{ t.explorer }</summary>
                if session.room.explorer_open {
                    <ExplorerPanel
                        rows={session.room.explored.as_ref().filter(|(p, _)| *p == position).map(|(_, rows)| rows.clone())}
                        error={session.room.explorer_error.clone()}
                        playable={session.clickable()}
                        {on_play} {lang} />
                }
            </details>
        </details>
    }
}

/// The help: the rules, the clock, the keys.
#[function_component(Help)]
pub fn help(props: &SectionProps) -> Html {
    let t = props.lang.strings();
    html! {
        <details class="help" data-testid="help">
            <summary>{ t.help }</summary>
            <p>{ t.rules_help }</p>
            <p>{ t.clock_help }</p>
            <p class="keys">{ t.keys_help }</p>
        </details>
    }
}
