//! The root component: the page layout (board, evaluation graph, the side panel's sections from
//! [`crate::view::sections`], the controls, the new-game form, the editor). Its effects are hooks in
//! [`crate::view::hooks`] (workers, autosave, clock, share links) and its browser calls are in [`crate::view::browser`].
//!
//! One concept, kept in one file: the root, which works out every component's values from the
//! session and places them (a panel's own work is in its own file).

use crate::session::room::RoomAction;
use crate::view::reducer::Page;
use std::rc::Rc;

use yew::prelude::*;

use super::i18n;
use crate::session::record::share;
use crate::session::screen::Screen;
use crate::session::start::Startup;
use crate::session::training::TrainingAction;
use crate::session::GameAction;
use crate::session::{Action, Kept, Mode, PrefAction, ANALYSE_DEPTHS};
use crate::view::analysis::EvalGraph;
use crate::view::board::BoardArea;
use crate::view::browser::BrowserStore;
use crate::view::browser::{board_into_view, page_link, refocus, take_shared_link};
use crate::view::hooks::{
    use_address, use_autosave, use_dispatch, use_dispatch_shown, use_engine_pool, use_game_clock,
    use_move_sounds, use_network, use_page_keys, use_page_visibility, use_preferences,
    use_show_ply, use_training_progress, use_wake,
};
use crate::view::panels::{
    AfterBoard, GameControls, Header, InviteDialog, NewGameForm, OnlineGame, ResultCard, ScreenBar,
    SharePanel,
};
use crate::view::sections::{
    status_line, AccountPanel, AnalysisRoom, EngineLines, Help, ImagePanel, Lobby, NoticeLine,
    OrientationChoice, PlayState, Record, SaveSlots, ScoringChoice, StartLine,
};
use crate::view::training::TrainingRoom;

mod derived;
use self::derived::{announcement, empties_counted, final_result, ggf_record, reviewed_here};
use reversi_engine::{Move, Square};

/// The application.
#[function_component(App)]
pub fn app() -> Html {
    html! { <Main /> }
}

/// The session the page starts with ([`Startup`]: the autosave restored or kept aside, the preferences, the
/// games aside, a shared link in the address, the training progress), read from the browser; the shared
/// link is then removed from the address, so a reload keeps playing.
fn initial_session() -> Page {
    let startup = Startup {
        browser_lang: web_sys::window().and_then(|w| w.navigator().language()),
        reduced_motion: crate::view::sound::reduced_motion(),
        shared: take_shared_link(),
        quick: crate::view::browser::quick_pace(),
        salt: crate::view::browser::page_salt(),
        told_before: crate::view::browser::take_told_unreadable(),
        screen: crate::view::browser::address_screen(),
    };
    let started = startup.start(&mut BrowserStore);
    // An unreadable save is told of again after the first visit's reload (once).
    if let Some(key) = &started.told {
        crate::view::browser::remember_told_unreadable(key);
    }
    Page::new(started.session, started.commands)
}

#[function_component(Main)]
fn main_view() -> Html {
    let session = use_reducer(initial_session);
    let dispatcher = session.dispatcher();
    use_address(dispatcher.clone(), session.screen());
    use_autosave(&session);
    use_page_visibility(dispatcher.clone());
    use_engine_pool(&session);
    let invitation = use_network(&session);
    use_game_clock(session.clock_running(), dispatcher.clone());
    use_wake(session.wake_at(), dispatcher.clone());
    use_training_progress(session.training(), dispatcher.clone());
    use_preferences(*session.prefs());
    let show_form = use_state(|| false);
    let prefs = session.prefs();
    let sounds_played = use_move_sounds(session.play().game(), prefs.sound());
    // The callbacks components take are made once, so that a component whose values did not change sees
    // props equal to the last and is not rendered again.
    let on_lang = use_dispatch(dispatcher.clone(), |l| Action::Prefs(PrefAction::Lang(l)));
    let on_sound = use_dispatch(dispatcher.clone(), |on| {
        Action::Prefs(PrefAction::Sound(on))
    });
    let on_orientation = use_dispatch(dispatcher.clone(), |o| {
        Action::Prefs(PrefAction::Orientation(o))
    });
    let on_lines = use_dispatch(dispatcher.clone(), |count| {
        Action::Prefs(PrefAction::Lines(count))
    });
    let on_stable = use_dispatch(dispatcher.clone(), |on| {
        Action::Prefs(PrefAction::Stable(on))
    });
    let on_values_in_play = use_dispatch(dispatcher.clone(), |on| {
        Action::Prefs(PrefAction::ValuesInPlay(on))
    });
    let on_undo = use_dispatch(dispatcher.clone(), |_| Action::Game(GameAction::Undo));
    let on_redo = use_dispatch(dispatcher.clone(), |_| Action::Game(GameAction::Redo));
    let on_hint = use_dispatch(dispatcher.clone(), |_| Action::Hint);
    // From the result card: the review starts and is brought into view, with the focus.
    let on_review = {
        let dispatcher = dispatcher.clone();
        (*use_memo((), move |_| {
            Callback::from(move |_| {
                dispatcher.dispatch(Action::Screen(Screen::Analyse));
                dispatcher.dispatch(Action::Room(RoomAction::StartReview));
                crate::view::browser::reveal("[data-testid=review]");
            })
        }))
        .clone()
    };
    let on_play_again = use_dispatch(dispatcher.clone(), |_| Action::PlayAgain);
    let on_copied = use_dispatch(dispatcher.clone(), |_| Action::Copied);
    let on_bring_back = use_dispatch(dispatcher.clone(), |_| Action::BringBack);
    // Focus goes back to the button that opened a form or the editor when it closes.
    let new_game_ref = use_node_ref();
    let editor_button_ref = use_node_ref();
    let on_start = {
        let session = session.clone();
        let show_form = show_form.clone();
        let opener = new_game_ref.clone();
        Callback::from(move |start: Action| {
            show_form.set(false);
            session.dispatch(start);
            crate::view::browser::refocus_to_board(&opener);
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
    // An online game to create: the form closes; the game's box says it is being created.
    let on_online = {
        let dispatcher = dispatcher.clone();
        let show_form = show_form.setter();
        Callback::from(move |new: crate::session::online::NewOnline| {
            crate::view::hooks::remember_name(&new.name);
            show_form.set(false);
            dispatcher.dispatch(Action::Online(
                crate::session::online::OnlineAction::Create(new),
            ));
        })
    };
    let on_online_action = use_dispatch(dispatcher.clone(), Action::Online);
    // A finished game of the lobby, opened on the analysis screen.
    let on_analyse_online = {
        let dispatcher = dispatcher.clone();
        (*use_memo((), move |_| {
            Callback::from(move |transcript: String| {
                dispatcher.dispatch(Action::OpenShared {
                    start: None,
                    transcript,
                    players: None,
                    variations: Vec::new(),
                });
                dispatcher.dispatch(Action::Screen(Screen::Analyse));
                board_into_view();
            })
        }))
        .clone()
    };
    let on_new_game = {
        let set = show_form.setter();
        (*use_memo((), move |_| Callback::from(move |_| set.set(true)))).clone()
    };
    let on_analyse = {
        let dispatcher = dispatcher.clone();
        (*use_memo(session.prefs().analyse(), move |&on| {
            Callback::from(move |_| dispatcher.dispatch(Action::Prefs(PrefAction::Analyse(!on))))
        }))
        .clone()
    };
    let on_analyse_depth = use_dispatch(dispatcher.clone(), |depth| {
        Action::Prefs(PrefAction::AnalyseDepth(depth))
    });
    let editing = use_state(|| false);
    // The board being set up in the editor, which the image draws while it is open.
    let drafted = use_state_eq(|| None::<reversi_engine::Position>);
    let on_draft = {
        let drafted = drafted.setter();
        use_callback((), move |draft: Option<reversi_engine::Position>, _| {
            drafted.set(draft)
        })
    };
    let on_open_editor = {
        let editing = editing.clone();
        Callback::from(move |_| editing.set(true))
    };
    let on_load_slot = use_dispatch(dispatcher.clone(), |saved: Kept| {
        Action::Restore(Box::new(saved))
    });
    // A game imported is brought into view once drawn; an error is said beside the button, brought into view.
    let on_import = {
        let dispatcher = dispatcher.clone();
        (*use_memo((), move |_| {
            Callback::from(move |text: String| {
                dispatcher.dispatch(Action::Import(text));
                crate::view::browser::after_paint(|| {
                    if crate::view::browser::into_view("#import-error").is_none() {
                        board_into_view();
                    }
                });
            })
        }))
        .clone()
    };
    let origin = web_sys::window()
        .and_then(|w| w.location().origin().ok())
        .unwrap_or_default();
    // An online game's link is the server's own (its watch link); any other game's carries its moves.
    let link = match session.online().link() {
        Some(linked) => format!("{origin}/?watch={}", linked.id()),
        None => page_link(&share::fragment_with_variations(
            session.play().game(),
            &session.play().settings(),
            session.play().variations(),
            session.play().shown_variation(),
        )),
    };
    use_page_keys({
        let session = session.clone();
        let show_form = show_form.clone();
        let orientation = prefs.orientation();
        Callback::from(move |e: KeyboardEvent| {
            crate::view::keys::on_key(&e, &session, &show_form, orientation)
        })
    });

    // Each component takes what it shows (a part of the session, or values worked out here once a render)
    // and asks for changes through typed callbacks made once here: one whose values did not change is not
    // rendered again. What a panel drawn for a position asks is made on that position (`Action::on`).
    let on_training_action = {
        let dispatcher = dispatcher.clone();
        (*use_memo((), move |_| {
            Callback::from(move |action: TrainingAction| {
                let shows = action.shows_position();
                dispatcher.dispatch(Action::Training(action));
                if shows {
                    board_into_view();
                }
            })
        }))
        .clone()
    };
    let on_square = use_dispatch(dispatcher.clone(), |square| {
        Action::Game(GameAction::Square(square))
    });
    let on_browse = use_dispatch(dispatcher.clone(), |ply| {
        Action::Game(GameAction::Browse(ply))
    });
    let on_step = use_dispatch(dispatcher.clone(), |delta| {
        Action::Game(GameAction::Step(delta))
    });
    let on_variation = use_dispatch_shown(dispatcher.clone(), |(index, plies)| {
        Action::Game(GameAction::Variation { index, plies })
    });
    // What the panel asks to show is shown on the board, brought into view (a phone scrolled down to it).
    let on_panel_browse = use_dispatch_shown(dispatcher.clone(), |ply| {
        Action::Game(GameAction::Browse(ply))
    });
    let on_edit = use_dispatch(dispatcher.clone(), Action::Game);
    let on_play_from_here = use_dispatch(dispatcher.clone(), |()| {
        Action::Game(GameAction::PlayFromHere)
    });
    let on_set_up = use_dispatch(dispatcher.clone(), Action::SetUp);
    let on_play_line = use_dispatch(dispatcher.clone(), |(at, line)| {
        Action::on(at, Action::PlayLine(line))
    });
    let on_bad_position = use_dispatch(dispatcher.clone(), |error| {
        Action::Tell(crate::session::Notice::BadPosition { error })
    });
    let on_dismiss = use_dispatch(dispatcher.clone(), |()| Action::Dismiss);
    let on_copied_note = use_dispatch(dispatcher.clone(), |()| Action::Copied);
    let on_bring_back_note = use_dispatch(dispatcher.clone(), |()| Action::BringBack);
    let on_show_line = use_dispatch(dispatcher.clone(), |on| {
        Action::Prefs(PrefAction::ShowLine(on))
    });
    let on_scoring = use_dispatch(dispatcher.clone(), |scoring| {
        Action::Prefs(PrefAction::Scoring(scoring))
    });
    let on_room = use_dispatch(dispatcher.clone(), Action::Room);
    let on_screen = use_dispatch(dispatcher.clone(), Action::Screen);
    let on_explorer_move = use_dispatch_shown(dispatcher.clone(), |(at, square)| {
        Action::on(at, Action::Game(GameAction::Square(square)))
    });
    let on_games = use_dispatch(dispatcher.clone(), |(at, action)| {
        Action::on(at, Action::Room(RoomAction::Games(action)))
    });
    let on_open_game = use_dispatch_shown(dispatcher.clone(), |(at, transcript, title)| {
        Action::on(
            at,
            Action::OpenExpertGame {
                transcript,
                at,
                title,
            },
        )
    });
    let game = session.play().game();
    let lang = prefs.lang();
    let shared_game = Rc::new(game.clone());
    let reviewed = session.room().valuation().reviewed(game);
    let shown = session.shown();
    // "Learn from your mistakes" asks a move here: nothing on the screen gives its answer away (the values,
    // the hint, the engine's line, the review's better move).
    let learning = session.asked_to_learn();
    let board_area = {
        let analysis = (session.prefs().analyse() && !learning)
            .then(|| session.asks().analysis_for(&shown).cloned())
            .flatten()
            .map(Rc::new);
        html! {
            <BoardArea game={shared_game.clone()} browsing={session.play().browsing()}
                training={session.training().is_open().then(|| session.training().clone())}
                {analysis} marks={Rc::new(session.board_marks())}
                analysing={session.prefs().analyse() && !learning}
                lines={session.prefs().lines()} keep_room={session.screen() == Screen::Analyse}
                variation={session.play().variation().filter(|_| session.play().in_variation()).map(|v| Rc::new(v.line().clone()))}
                variation_goes_on={session.play().variation().is_some_and(|v| v.can_go_on())} on_step={on_step.clone()}
                {on_square} {on_set_up} {on_play_line} on_browse={on_browse.clone()} {on_bad_position}
                {lang} editing={editing.clone()} on_draft={on_draft.clone()} opener={editor_button_ref.clone()} orientation={prefs.orientation()} />
        }
    };
    let on_graph_select = use_show_ply(game.plies().len(), &on_panel_browse);
    let t = lang.strings();
    let screens = i18n::screens::Strings::of(lang);
    let mode_text = match session.online().link() {
        Some(link) => {
            let names = link
                .game()
                .map(|g| (g.black.name.as_str(), g.white.name.as_str()));
            let (black, white) = names.unwrap_or_default();
            i18n::online::header(lang, link.watching(), black, white)
        }
        // An expert game studied is named by who played it, where and when.
        None => match session.play().expert() {
            Some(title) => i18n::extras::expert_heading(title),
            None => i18n::mode(lang, &session.play().settings()),
        },
    };
    let announcement = announcement(lang, &session);
    // A seat of a game played online: no engine's help and no taking back on this screen until it is over.
    let seated = session.online().seated_in_play();
    let screen = session.screen();
    let served = session.online().server() == crate::session::online::Server::Here;
    let bar = html! { <ScreenBar {screen} online={served} {on_screen} {lang} /> };
    // A friend's invitation opened: the name asked first (the new-game dialog waits).
    let invite_dialog = (*invitation).is_some().then(|| {
        let on_join = {
            let (invitation, dispatcher) = (invitation.clone(), dispatcher.clone());
            Callback::from(move |name: String| crate::view::hooks::join_invitation(&invitation, &name, &dispatcher))
        };
        let on_cancel = {
            let invitation = invitation.clone();
            Callback::from(move |()| invitation.set(None))
        };
        html! { <InviteDialog name={crate::view::hooks::kept_name()} {on_join} {on_cancel} {lang} /> }
    });
    let new_game_dialog = html! {
        if let Some(dialog) = invite_dialog {
            { dialog }
        } else if *show_form {
            <NewGameForm settings={session.play().settings()} by_lot={session.by_lot()} {on_start} {on_cancel} {on_online}
                server={session.online().server()} name={crate::view::hooks::kept_name()}
                bots={session.online().lobby().connected_bots()}
                {lang} />
        }
    };
    // What the screens share: the online game's box, the counts and the status, the controls, the result,
    // the engine's line, the notice and the move list.
    let online_box = html! {
        if session.online().link().is_some() || session.online().pending() {
            <OnlineGame link={session.online().link().cloned()} origin={origin.clone()} now={session.online().now()}
                on_action={on_online_action.clone()} on_copied={on_copied.clone()} on_review={on_review.clone()}
                can_review={session.room().review().is_none() && game.move_count() > 0} {lang} />
        }
    };
    let play_state = html! {
        <PlayState counts={(shown.black().count(), shown.white().count())}
            to_move={if session.play().away() {
                Some(shown.to_move)
            } else {
                (!game.is_over()).then(|| game.to_move())
            }}
            clock={session.clock_shown()} running={session.clock_running().then(|| game.to_move())}
            status={status_line(lang, &session)} {lang} />
    };
    let controls = html! {
        <GameControls can_undo={game.can_undo() && !seated} can_redo={game.can_redo() && !seated}
            can_hint={!(session.is_finished() || session.ai_to_move() || seated)}
            analyse={session.prefs().analyse()} can_analyse={!seated} analyse_depth={session.prefs().analyse_depth()} depths={ANALYSE_DEPTHS.to_vec()}
            new_game_ref={new_game_ref.clone()} {on_new_game} {on_undo}
            {on_redo} {on_hint}
            {on_analyse} {on_analyse_depth} lines={prefs.lines()} {on_lines} {lang} />
    };
    // An expert game opened for study keeps its result for its end (no spoiler at move 2).
    // An online game's result is its box's (with the rematch).
    let result = html! {
        if let Some((winner, score, flagged)) = final_result(&session)
            .filter(|_| session.online().link().is_none())
            .filter(|_| session.play().expert().is_none() || session.play().browsing().is_none()) {
            <ResultCard {winner} {score} {flagged}
                empties={empties_counted(&session, winner, flagged)}
                can_review={session.room().review().is_none() && game.plies().iter().any(|p| p.mv != Move::Pass)}
                {on_review} {on_play_again}
                {lang} />
        }
    };
    // Playing the AI on the play screen, its values and its line wait (as lichess hides them) unless the
    // person chose to see them; the analysis screen shows them.
    let hide_values = screen == Screen::Play
        && matches!(
            session.play().settings().mode,
            crate::session::Mode::HumanVsAi { .. }
        )
        && !prefs.values_in_play();
    let engine_lines = html! {
        <EngineLines to_move={game.to_move()} thinking={session.asks().thinking().cloned()}
            last_search={session.asks().last_search().map(|(mover, stats)| (mover, stats.clone()))}
            hint={session.asks().hint().filter(|_| !session.play().away()).cloned()}
            line={if learning { Vec::new() } else { session.line() }} show_line={session.prefs().show_line()} threads={session.search_threads()}
            hide_values={hide_values} {on_show_line} {lang} />
    };
    let notice = html! {
        <NoticeLine notice={session.notice().filter(|n| !n.is_import_error()).cloned()} can_bring_back={!session.replaced().is_empty()}
            reviewed_here={reviewed_here(game, session.play().browsing().filter(|_| !session.play().in_variation() && !learning), &reviewed)}
            browsing={session.play().browsing().is_some()} in_variation={session.play().in_variation()} on_copied={on_copied_note}
            {on_dismiss} on_bring_back={on_bring_back_note.clone()} on_browse={on_panel_browse.clone()}
            {on_play_from_here} {lang} />
    };
    let record = html! {
        <Record game={shared_game.clone()} browsing={session.play().browsing()}
            marks={reviewed.iter().filter_map(|m| Some((m.ply, m.mark?))).collect::<Vec<_>>()}
            expert={session.play().expert().cloned()} can_bring_back={!session.replaced().is_empty()}
            start={if session.asks().start().is_asking() {
                StartLine::Finding
            } else {
                session.play().started().map_or(StartLine::Standard, |(start, value)| StartLine::Started(start, value))
            }}
            on_browse={on_panel_browse.clone()} on_bring_back={on_bring_back_note}
            variations={derived::listed_variations(session.play())} can_main_line={session.play().can_make_main_line()}
            {on_variation} {on_edit} {lang} />
    };
    // An expert game studied shows its graph only up to the position shown (no spoiler of its end).
    let studied_to = match (session.play().expert(), session.play().browsing()) {
        (Some(_), Some(ply)) => ply,
        _ => usize::MAX,
    };
    // The game as the play screen shows it, which the analysis screen shows too, with its room under it.
    let game_panel = html! {
        <>
            { online_box.clone() }
            { play_state }
            { controls }
            { result }
            { engine_lines }
            { notice.clone() }
            { record }
        </>
    };
    let panel = match screen {
        // (The train screen's page is returned above.)
        Screen::Train => html! {
            <TrainingRoom training={session.training().clone()} on_action={on_training_action} {lang} />
        },
        Screen::Play => game_panel,
        Screen::Analyse => html! {
            <>
                { game_panel }
                // A player's screen shows no engine's values of the game being played online, and the review,
                // the explorer and the expert games wait for its end.
                if seated {
                    <p class="hint-text" data-testid="analysis-waits">{ i18n::online::Strings::of(lang).analysis_waits }</p>
                } else {
                    <EvalGraph points={session.room().valuation().graph(game).into_iter().filter(|p| p.ply <= studied_to).collect::<Vec<_>>()}
                        plies={game.plies().len()}
                        shown={session.play().browsing().unwrap_or(game.plies().len())}
                        marks={reviewed.iter().filter(|m| m.ply < studied_to).filter_map(|m| Some((m.ply, m.mark?))).collect::<Vec<_>>()}
                        losses={session.room().valuation().running_losses(game).into_iter().filter(|p| p.ply <= studied_to).collect::<Vec<_>>()}
                        on_select={on_graph_select} {lang} />
                    <AnalysisRoom room={session.room().clone()} game={shared_game.clone()} reviewed={reviewed.clone()}
                        learner={match session.play().settings().mode { Mode::HumanVsAi { human } => Some(human), _ => None }}
                        learned={session.play().learned().to_vec()}
                        browsing={session.play().browsing()} {shown} playable={session.clickable()}
                        {on_room} on_browse={on_panel_browse} {on_explorer_move} {on_games} {on_open_game} {lang} />
                }
            </>
        },
        Screen::Online => html! {
            <>
                { online_box }
                { notice }
                <AccountPanel account={session.online().account().clone()} server={session.online().server()}
                    on_action={on_online_action.clone()} {lang} />
                <Lobby lobby={session.online().lobby().clone()} name={crate::view::hooks::kept_name()}
                    on_action={on_online_action} on_analyse={on_analyse_online} {lang} />
            </>
        },
        Screen::Settings => html! {
            <>
                { notice }
                <section class="settings" data-testid="more" aria-label={screens.settings}>
                    <h2>{ screens.preferences }</h2>
                    <ScoringChoice scoring={prefs.scoring()} {on_scoring} {lang} />
                    <OrientationChoice orientation={prefs.orientation()} {on_orientation}
                        stable={prefs.stable()} {on_stable}
                        values_in_play={prefs.values_in_play()} {on_values_in_play} {lang} />
                    <p class="more-links">
                        <button type="button" class="link" data-testid="edit-position" ref={editor_button_ref} onclick={on_open_editor}>{ t.set_up }</button>
                    </p>
                    <h2>{ screens.games_and_files }</h2>
                    <SaveSlots current={Rc::new(session.kept())} on_load={on_load_slot} {lang} />
                    <SharePanel transcript={game.transcript()} link={link}
                        shown_transcript={(prefs.orientation() != reversi_engine::Symmetry::Identity).then(|| {
                            let moves: Vec<Square> = game.plies().iter().filter_map(|p| p.mv.square()).collect();
                            crate::session::preferences::orientation::transcript_as_shown(prefs.orientation(), &moves)
                        })} ggf={ggf_record(&session)} replaced={session.replaced().len()}
                        import_error={session.notice().filter(|n| n.is_import_error()).map(|n| i18n::notice(lang, n))}
                        {on_import} {on_copied}
                        {on_bring_back} {lang} />
                    <ImagePanel game={shared_game.clone()} browsing={session.play().browsing()}
                        set_up={(*editing).then_some(*drafted).flatten()} orientation={prefs.orientation()} {lang} />
                    <Help {lang} />
                </section>
            </>
        },
    };
    let training = screen == Screen::Train;
    html! {
        <main class={classes!("layout", training.then_some("training-layout"))}>
            <Header mode_text={if training { t.training.to_string() } else { mode_text }} {lang} {on_lang} sound={prefs.sound()} {sounds_played} {on_sound} />
            { bar }
            { board_area }
            <aside class="panel">
                // A screen chosen shows the bar's answer at the next paint, and its panel in the frame after.
                <AfterBoard board={shown} screen={screen.route()}>
                    // One element a screen, keyed by it: another screen's panel replaces it whole rather than
                    // being diffed into it (Yew lost its place among unkeyed fragments of other components).
                    <div class="screen-panel" key={screen.route()} data-screen={screen.route()}>{ panel }</div>
                    <div class="visually-hidden" aria-live="polite" data-testid="announce">{ announcement }</div>
                </AfterBoard>
            </aside>
            { new_game_dialog }
        </main>
    }
}
