//! The root component: the session reducer and the page layout (board, evaluation graph, side panel with
//! counts, status, controls, move list, analysis room, the new-game form). Its effects are hooks in
//! [`super::hooks`] (workers, autosave, clock, share links) and its browser calls are in [`super::browser`].

use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::analysis::{EvalGraph, ExplorerPanel, ReviewPanel};
use super::browser::{
    apply_lang, copy_to_clipboard, focus_square, initial_lang, keep_unreadable, page_link, refocus,
    take_shared_link, LANG_KEY, REPLACED_KEY,
};
use super::editor::PositionEditor;
use super::hooks::{use_autosave, use_engine_pool, use_game_clock, use_shared_links};
use super::i18n::{self, Lang};
use super::move_list::MoveList;
use super::new_game::NewGameForm;
use super::panels::{Clocks, Counts, GameControls, Header, SharePanel};
use super::persist::{self, AUTOSAVE_KEY};
use super::share;
use super::slots::SaveSlots;
use super::state::{Action, Notice, Replaced, Scoring, Session, Settings, ANALYSE_DEPTHS};
use super::storage;
use super::BoardView;
use crate::engine::{Bitboard, Move, Square};

/// The application.
#[function_component(App)]
pub fn app() -> Html {
    html! { <Main /> }
}

/// Whose turn it is, a pass just made, or the result.
fn status_line(lang: Lang, session: &Session) -> String {
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

/// The autosaved session, or a new one (with a notice when the saved data was unreadable); a share link in
/// the address opens its game instead (and is then removed from the address, so a reload keeps playing).
fn initial_session() -> Session {
    let mut session = match storage().and_then(|s| s.get_item(AUTOSAVE_KEY).ok().flatten()) {
        None => Session::default(),
        // Data that cannot be read in full is copied aside before the next autosave writes over it.
        Some(text) => match persist::recover(&text) {
            Ok(persist::Recovered {
                session,
                lost: None,
            }) => session,
            Ok(persist::Recovered {
                mut session,
                lost: Some(error),
            }) => {
                session.notice = Some(Notice::RestorePartial {
                    error,
                    backup: keep_unreadable(&text),
                });
                session
            }
            Err(error) => Session {
                notice: Some(Notice::RestoreFailed {
                    error,
                    backup: keep_unreadable(&text),
                }),
                ..Session::default()
            },
        },
    };
    // The game an import or a link put aside before the last reload.
    if let Some(previous) = storage()
        .and_then(|s| s.get_item(REPLACED_KEY).ok().flatten())
        .and_then(|text| persist::restore(&text).ok())
    {
        session.replaced = Some(Box::new(Replaced {
            settings: previous.settings,
            game: previous.game,
            clock: previous.clock,
        }));
    }
    if let Some(action) = take_shared_link() {
        session.apply(action);
    }
    session
}

#[function_component(Main)]
fn main_view() -> Html {
    let session = use_reducer(initial_session);
    use_shared_links(&session);
    use_autosave(&session);
    use_engine_pool(&session);
    use_game_clock(&session);
    let lang = use_state(initial_lang);
    use_effect_with(*lang, |lang| apply_lang(*lang));
    let on_lang = {
        let lang = lang.clone();
        Callback::from(move |next: Lang| {
            if let Some(storage) = storage() {
                let _ = storage.set_item(LANG_KEY, next.tag());
            }
            lang.set(next);
        })
    };
    let show_form = use_state(|| false);

    let dispatch = |action: fn() -> Action| {
        let session = session.clone();
        Callback::from(move |_| session.dispatch(action()))
    };
    let on_square = {
        let session = session.clone();
        Callback::from(move |square: Square| session.dispatch(Action::Square(square)))
    };
    let on_browse = {
        let session = session.clone();
        Callback::from(move |ply| session.dispatch(Action::Browse(ply)))
    };
    // Focus goes back to the button that opened a form or the editor when it closes.
    let new_game_ref = use_node_ref();
    let editor_button_ref = use_node_ref();
    let on_start = {
        let session = session.clone();
        let show_form = show_form.clone();
        let opener = new_game_ref.clone();
        Callback::from(move |settings: Settings| {
            show_form.set(false);
            session.dispatch(Action::NewGame(settings));
            refocus(&opener);
        })
    };
    let on_cancel = {
        let show_form = show_form.clone();
        let opener = new_game_ref.clone();
        Callback::from(move |_| {
            show_form.set(false);
            refocus(&opener);
        })
    };
    let on_new_game = {
        let show_form = show_form.clone();
        Callback::from(move |_| show_form.set(true))
    };
    let on_analyse = {
        let session = session.clone();
        Callback::from(move |_| session.dispatch(Action::SetAnalyse(!session.analyse)))
    };
    let on_analyse_depth = {
        let session = session.clone();
        Callback::from(move |depth: u32| session.dispatch(Action::SetAnalyseDepth(depth)))
    };
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
    let editing = use_state(|| false);
    let on_open_editor = {
        let editing = editing.clone();
        Callback::from(move |_| editing.set(true))
    };
    let on_close_editor = {
        let editing = editing.clone();
        let opener = editor_button_ref.clone();
        Callback::from(move |_| {
            editing.set(false);
            refocus(&opener);
        })
    };
    let on_set_up = {
        let editing = editing.clone();
        let session = session.clone();
        let opener = editor_button_ref.clone();
        Callback::from(move |position| {
            editing.set(false);
            session.dispatch(Action::SetUp(position));
            refocus(&opener);
        })
    };
    let on_position_error = {
        let session = session.clone();
        Callback::from(move |error| session.dispatch(Action::Tell(Notice::BadPosition { error })))
    };
    let on_load_slot = {
        let session = session.clone();
        Callback::from(move |saved: Session| session.dispatch(Action::Restore(Box::new(saved))))
    };
    let on_import = {
        let session = session.clone();
        Callback::from(move |text: String| session.dispatch(Action::Import(text)))
    };
    let link = page_link(&share::fragment(&session.game));
    let on_keydown = {
        let session = session.clone();
        let show_form = show_form.clone();
        Callback::from(move |e: KeyboardEvent| on_key(&e, &session, &show_form))
    };

    // The graph and the review show the position before ply `k` (after `k` moves); the last one is the game's.
    let on_show = {
        let session = session.clone();
        Callback::from(move |k: usize| {
            let plies = session.game.plies().len();
            session.dispatch(Action::Browse((k < plies).then_some(k)))
        })
    };
    let dispatch_unit = |action: fn() -> Action| {
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
    let opening_name = crate::engine::openings::of_game_until(&session.game, session.browsing)
        .map_or_else(
            || "—".to_string(),
            |o| match *lang {
                Lang::En => o.name.to_string(),
                Lang::Zh => match o.chinese {
                    Some(zh) => format!("{zh}（{}）", o.name),
                    None => o.name.to_string(),
                },
            },
        );

    let game = &session.game;
    let reviewed = session.room.reviewed(game);
    // The position shown: an earlier one while browsing the move list.
    let (position, last_ply) = match session.browsing {
        Some(n) => (game.plies()[n].before, n.checked_sub(1)),
        None => (game.position(), game.plies().len().checked_sub(1)),
    };
    let last = last_ply.and_then(|i| {
        // Skip a pass to the placement before it.
        let plies = &game.plies()[..=i];
        plies.iter().rev().find_map(|p| match p.mv {
            Move::Place(square) => Some((p.before, square)),
            Move::Pass => None,
        })
    });
    let last_move = last.map(|(_, square)| square);
    let flipped = last.map_or(Bitboard::EMPTY, |(before, square)| {
        before.board.flips(square)
    });
    let black = position.black().count();
    let white = position.white().count();
    let lang = *lang;
    let t = lang.strings();
    let thinking = session.thinking.as_ref().map(|th| {
        i18n::progress(
            lang,
            game.to_move(),
            th.score,
            th.kind,
            &th.best.to_string(),
        )
    });
    let mode_text = i18n::mode(lang, &session.settings);
    // For screen readers: the last placement, then whose turn it is, a pass, or the result.
    let announcement = {
        let last = game.plies().iter().rev().find_map(|p| {
            p.mv.square()
                .map(|s| i18n::played(lang, p.before.to_move, s))
        });
        format!(
            "{} {}",
            last.unwrap_or_default(),
            status_line(lang, &session)
        )
    };
    let to_move = (!game.is_over()).then(|| game.to_move());

    html! {
        <main class="layout" onkeydown={on_keydown}>
            <Header mode_text={mode_text} {lang} {on_lang} />
            <section class="board-area" aria-label={t.board}>
                if *editing {
                    <PositionEditor initial={game.position()} on_play={on_set_up} on_error={on_position_error} on_close={on_close_editor} {lang} />
                } else {
                <BoardView
                    position={position}
                    legal={session.clickable()}
                    last_move={last_move}
                    flipped={flipped}
                    hint={session.hint}
                    values={if session.analyse && session.browsing.is_none() { session.analysis.clone() } else { Vec::new() }}
                    on_square={on_square.clone()}
                    lang={lang}
                />
                }
                <EvalGraph points={session.room.graph(game)} plies={game.plies().len()}
                    shown={session.browsing.unwrap_or(game.plies().len())}
                    on_select={on_show.clone()} {lang} />
            </section>
            <aside class="panel">
                <Counts black={black} white={white} {to_move} {lang} />
                if let Some(clock) = &session.clock {
                    <Clocks clock={clock.clone()} running={session.clock_running().then(|| game.to_move())} {lang} />
                }
                <p class="status" data-testid="status" aria-live="polite">{ status_line(lang, &session) }</p>
                if let Some(text) = thinking {
                    <p class="thinking" data-testid="thinking"><span class="spinner" aria-hidden="true"></span>{ text }</p>
                }
                if let Some(stats) = session.last_search.as_ref().filter(|_| session.thinking.is_none()) {
                    <p class="engine-stats" data-testid="engine-stats"
                       data-nodes={stats.nodes.to_string()} data-millis={stats.millis.to_string()}>
                        { i18n::search_stats(lang, stats) }{ " " }
                        <details class="engine-figures">
                            <summary>{ t.engine_details }</summary>
                            <span data-testid="engine-figures">{ i18n::search_figures(lang, stats) }</span>
                        </details>
                    </p>
                }
                if let (Some(square), Some((score, kind))) = (session.hint, session.hint_value) {
                    <p class="hint-line" data-testid="hint-text"
                       data-book={(kind == crate::protocol::ScoreKind::Book).to_string()}>
                        { i18n::hint(lang, game.to_move(), square, score, kind) }
                    </p>
                }
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
                        if session.replaced.is_some() && matches!(notice, Notice::Replaced | Notice::BroughtBack) {
                            { " " }
                            <button type="button" class="link" data-testid="bring-back" onclick={dispatch(|| Action::BringBack)}>{ t.previous_game }</button>
                        }
                        <button type="button" class="link" onclick={dispatch(|| Action::Dismiss)} aria-label={t.dismiss}>{ "×" }</button>
                    </p>
                }
                if session.browsing.is_some() {
                    <p class="browsing">
                        { t.browsing }{ " " }
                        <button type="button" class="link" data-testid="back-to-game" onclick={on_browse.reform(|_| None)}>{ t.back_to_game }</button>
                    </p>
                }
                <GameControls can_undo={game.can_undo()} can_redo={game.can_redo()}
                    can_hint={!(session.is_finished() || session.ai_to_move())}
                    analyse={session.analyse} analyse_depth={session.analyse_depth} depths={ANALYSE_DEPTHS.to_vec()}
                    new_game_ref={new_game_ref.clone()} {on_new_game} on_undo={dispatch(|| Action::Undo)}
                    on_redo={dispatch(|| Action::Redo)} on_hint={dispatch(|| Action::Hint)}
                    {on_analyse} {on_analyse_depth} {lang} />
                <label class="scoring">
                    <span>{ t.scoring }</span>
                    <select data-testid="scoring" onchange={on_scoring}>
                        <option value="winner" selected={session.scoring == Scoring::EmptiesToWinner}>{ t.empties_to_winner }</option>
                        <option value="split" selected={session.scoring == Scoring::Split}>{ t.empties_split }</option>
                    </select>
                </label>
                if session.is_finished() {
                    <button type="button" class="primary play-again" data-testid="play-again" onclick={dispatch(|| Action::PlayAgain)}>{ t.play_again }</button>
                }
                if *show_form {
                    <NewGameForm settings={session.settings} {on_start} {on_cancel} {lang} />
                }
                <button type="button" class="link" data-testid="edit-position" ref={editor_button_ref} onclick={on_open_editor}>{ t.set_up }</button>
                <SaveSlots session={(*session).clone()} on_load={on_load_slot} {lang} />
                <SharePanel transcript={game.transcript()} link={link} replaced={session.replaced.is_some()}
                    {on_import} on_copied={dispatch_unit(|| Action::Copied)}
                    on_bring_back={dispatch_unit(|| Action::BringBack)} {lang} />
                <p class="transcript-line">
                    <span class="label">{ t.transcript }{ ": " }</span>
                    <code data-testid="transcript">{ game.transcript() }</code>
                </p>
                <p class="opening-line">
                    <span class="label">{ t.opening }{ ": " }</span>
                    <span data-testid="opening-name">{ opening_name }</span>
                </p>
                <MoveList plies={game.plies().to_vec()} browsing={session.browsing} on_select={on_browse}
                    marks={reviewed.iter().filter_map(|m| Some((m.ply, m.mark?))).collect::<Vec<_>>()} {lang} />
                <details class="analysis-room" data-testid="analysis-room" open={true}>
                    <summary>{ t.analysis }</summary>
                    <ReviewPanel run={session.room.review.clone()} reviewed={reviewed.clone()}
                        can_review={game.plies().iter().any(|p| p.mv != Move::Pass)}
                        on_start={dispatch_unit(|| Action::StartReview)} on_cancel={dispatch_unit(|| Action::CancelReview)}
                        on_select={on_show.clone()} {lang} />
                    <details class="explorer-section" open={session.room.explorer_open}>
                        <summary data-testid="explorer-toggle" onclick={on_explorer_toggle}>{ t.explorer }</summary>
                        if session.room.explorer_open {
                            <ExplorerPanel
                                rows={session.room.explored.as_ref().filter(|(p, _)| *p == position).map(|(_, rows)| rows.clone())}
                                error={session.room.explorer_error.clone()}
                                playable={session.clickable()}
                                on_play={on_square.clone()} {lang} />
                        }
                    </details>
                </details>
                <details class="help" data-testid="help">
                    <summary>{ t.help }</summary>
                    <p>{ t.rules_help }</p>
                    <p>{ t.clock_help }</p>
                    <p class="keys">{ t.keys_help }</p>
                </details>
                <div class="visually-hidden" aria-live="polite" data-testid="announce">{ announcement }</div>
            </aside>
        </main>
    }
}

/// Keyboard: arrows move the focus on the board, U/R/H/N are shortcuts (not while typing in a form).
fn on_key(
    e: &KeyboardEvent,
    session: &UseReducerHandle<Session>,
    show_form: &UseStateHandle<bool>,
) {
    let target = e
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok());
    let tag = target.as_ref().map(|t| t.tag_name()).unwrap_or_default();
    let editable = target
        .as_ref()
        .and_then(|t| t.dyn_ref::<web_sys::HtmlElement>())
        .is_some_and(|h| h.is_content_editable());
    if super::keys::takes_text(&tag, editable) {
        return;
    }
    let square: Option<Square> = target
        .as_ref()
        .and_then(|t| t.get_attribute("data-square"))
        .and_then(|s| s.parse().ok());
    let step = match e.key().as_str() {
        "ArrowLeft" => Some((-1, 0)),
        "ArrowRight" => Some((1, 0)),
        "ArrowUp" => Some((0, -1)),
        "ArrowDown" => Some((0, 1)),
        _ => None,
    };
    if let Some((dc, dr)) = step {
        let from = square.unwrap_or_else(|| "d4".parse().expect("square"));
        let column = (from.column() as i32 + dc).clamp(0, 7) as usize;
        let row = (from.row() as i32 + dr).clamp(0, 7) as usize;
        let to = Square::from_coords(column, row).expect("on the board");
        focus_square(to);
        e.prevent_default();
        return;
    }
    if e.ctrl_key() || e.meta_key() || e.alt_key() {
        return;
    }
    match e.key().as_str() {
        "u" | "U" => session.dispatch(Action::Undo),
        "r" | "R" => session.dispatch(Action::Redo),
        "h" | "H" => session.dispatch(Action::Hint),
        "n" | "N" => show_form.set(true),
        _ => {}
    }
}
