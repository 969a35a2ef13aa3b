//! The lobby (on a page served by `reversi serve`): the leaderboards; the bots to play, each with a "Play"
//! button; the games being played, each to watch; the tournaments, each with its standings (points, then the
//! disc margin, as the server ranks them) and its games, to watch or, once finished, to analyse; a player's
//! page in its place (see [`super::player_page`]). Asked when it opens and
//! every few seconds while it is shown (the online screen).

use yew::prelude::*;

use crate::session::online::lobby::{
    BotKind, ListFailure, Listed, Lobby as LobbyState, LobbyAction, Shown, TournamentStatus,
};
use crate::session::online::{NewOnline, OnlineAction};
use crate::view::i18n::online::{self, Strings};
use crate::view::i18n::Lang;

/// How often the open lobby is asked again.
const REFRESH_MS: u32 = 3000;

/// Properties of [`Lobby`].
#[derive(Properties, PartialEq)]
pub struct LobbyProps {
    /// The lists.
    pub lobby: LobbyState,
    /// The name to play under.
    pub name: String,
    /// What the person asks (to play a bot, to watch a game, the lists).
    pub on_action: Callback<OnlineAction>,
    /// A finished game's moves, opened on the board to analyse.
    pub on_analyse: Callback<String>,
    /// The language.
    pub lang: Lang,
}

/// The lobby.
#[function_component(Lobby)]
pub fn lobby(props: &LobbyProps) -> Html {
    let s = Strings::of(props.lang);
    let open = props.lobby.is_open();
    {
        let on_action = props.on_action.clone();
        use_effect_with(open, move |&open| {
            let interval = open.then(|| {
                gloo_timers::callback::Interval::new(REFRESH_MS, move || {
                    on_action.emit(OnlineAction::Lobby(LobbyAction::Refresh))
                })
            });
            move || drop(interval)
        });
    }
    // Open while it is shown (the online screen): asked at once, then every few seconds; closed when left.
    {
        let on_action = props.on_action.clone();
        use_effect_with((), move |_| {
            on_action.emit(OnlineAction::Lobby(LobbyAction::Open));
            move || on_action.emit(OnlineAction::Lobby(LobbyAction::Close))
        });
    }
    let emit = |action: OnlineAction| props.on_action.reform(move |_| action.clone());
    // The server's engine is one row, its level chosen beside its button.
    let level = use_state(|| 4u8);
    let on_level = {
        let level = level.clone();
        Callback::from(move |e: Event| {
            let value = e
                .target_unchecked_into::<web_sys::HtmlSelectElement>()
                .value();
            level.set(value.parse().unwrap_or(4));
        })
    };
    let play = |opponent: String| {
        emit(OnlineAction::Create(NewOnline {
            name: props.name.clone(),
            color: None,
            clock: None,
            opponent: Some(opponent),
        }))
    };
    let state = |listed_error: Option<&ListFailure>, loading: bool| -> Html {
        match listed_error {
            Some(why) => {
                html! { <p class="hint-text" role="alert">{ online::list_failure(props.lang, why) }</p> }
            }
            None if loading => html! { <p class="hint-text">{ s.loading }</p> },
            None => Html::default(),
        }
    };
    let body = match props.lobby.shown() {
        Some(Shown::Tournament(_, listed)) => tournament(props, listed),
        Some(Shown::Player { name, page, listed }) => super::player_page::player_page(
            props.lang,
            &props.on_action,
            &props.on_analyse,
            name,
            *page,
            listed,
        ),
        Some(Shown::Leaders(category, listed)) => {
            super::player_page::leaderboard(props.lang, &props.on_action, *category, listed)
        }
        None => {
            let bots = props.lobby.bots();
            let games = props.lobby.games();
            let tournaments = props.lobby.tournaments();
            html! {
                <>
                    { super::player_page::leaderboard_tabs(props.lang, &props.on_action, None) }
                    <h3>{ s.bots }</h3>
                    { state(bots.error(), bots.value().is_none()) }
                    if let Some(bots) = bots.value() {
                        <ul class="lobby-list" data-testid="lobby-bots">
                            <li data-bot="house">
                                <label class="house-row">
                                    <span>{ s.house_levels }</span>
                                    <select data-testid="house-level" onchange={on_level}>
                                        { for (1..=reversi_engine::MAX_LEVEL).map(|n| html! {
                                            <option value={n.to_string()} selected={n == *level}>{ n.to_string() }</option>
                                        }) }
                                    </select>
                                </label>
                                <button type="button" data-testid="play-bot" onclick={play(format!("house-{}", *level))}>{ s.play }</button>
                            </li>
                            { for bots.iter().filter(|b| b.kind == BotKind::Bot).map(|bot| html! {
                                <li data-bot={bot.name.clone()}>
                                    <span>{ format!("{} ({})", bot.name, s.connected_bot) }</span>
                                    <button type="button" data-testid="play-bot" onclick={play(bot.name.clone())}>{ s.play }</button>
                                </li>
                            }) }
                        </ul>
                        if !bots.iter().any(|b| b.kind == BotKind::Bot) {
                            <p class="hint-text">{ s.no_bots }</p>
                        }
                    }
                    <h3>{ s.games_playing }</h3>
                    { state(games.error(), games.value().is_none()) }
                    if let Some(games) = games.value() {
                        if games.is_empty() {
                            <p class="hint-text">{ s.no_games }</p>
                        }
                        <ul class="lobby-list" data-testid="lobby-games">
                            { for games.iter().map(|game| html! {
                                <li data-game={game.id.clone()}>
                                    <span>{ crate::view::i18n::online::listed_game(props.lang, &game.black, &game.white, game.ply) }</span>
                                    <button type="button" data-testid="watch-game" onclick={watch(props, &game.id)}>{ s.watch }</button>
                                </li>
                            }) }
                        </ul>
                    }
                    <h3>{ s.tournaments }</h3>
                    { state(tournaments.error(), tournaments.value().is_none()) }
                    if let Some(list) = tournaments.value() {
                        if list.is_empty() {
                            <p class="hint-text">{ s.no_tournaments }</p>
                        }
                        <ul class="lobby-list" data-testid="lobby-tournaments">
                            { for list.iter().map(|t| {
                                let state = if t.status == TournamentStatus::Finished { s.finished } else { s.playing_now };
                                html! {
                                    <li data-tournament={t.id.clone()}>
                                        <span>{ format!("{} · {} · {state}", if t.name.is_empty() { &t.id } else { &t.name }, t.bots.join(", ")) }</span>
                                        <button type="button" data-testid="standings"
                                            onclick={emit(OnlineAction::Lobby(LobbyAction::Tournament(Some(t.id.clone()))))}>{ s.standings }</button>
                                    </li>
                                }
                            }) }
                        </ul>
                    }
                </>
            }
        }
    };
    html! {
        <section class="lobby" data-testid="lobby" aria-labelledby="lobby-title">
            <h2 id="lobby-title">{ s.lobby }</h2>
            { body }
        </section>
    }
}

/// Watch a game (as its player again, if this device holds its seat).
fn watch(props: &LobbyProps, id: &str) -> Callback<MouseEvent> {
    let id = id.to_string();
    props.on_action.reform(move |_| OnlineAction::Open {
        id: id.clone(),
        token: crate::view::hooks::kept_token(&id),
        invite: None,
        name: String::new(),
        watch: true,
    })
}

/// A tournament's standings and games.
fn tournament(
    props: &LobbyProps,
    listed: &Listed<crate::session::online::lobby::TournamentView>,
) -> Html {
    let s = Strings::of(props.lang);
    let back = props
        .on_action
        .reform(|_| OnlineAction::Lobby(LobbyAction::Tournament(None)));
    html! {
        <>
            <button type="button" class="link" data-testid="back-to-lobby" onclick={back}>{ s.back_to_lobby }</button>
            if let Some(why) = listed.error() {
                <p class="hint-text" role="alert">{ online::list_failure(props.lang, why) }</p>
            }
            if let Some(view) = listed.value() {
                <h3>{ format!("{} · {}", if view.name.is_empty() { &view.id } else { &view.name },
                    if view.status == TournamentStatus::Finished { s.finished } else { s.playing_now }) }</h3>
                <table class="standings" data-testid="standings-table">
                    <thead><tr>
                        <th scope="col">{ s.rank }</th><th scope="col">{ s.name }</th><th scope="col">{ s.points }</th>
                        <th scope="col">{ s.margin }</th><th scope="col">{ s.won_drawn_lost }</th>
                    </tr></thead>
                    <tbody>
                        { for view.standings.iter().map(|line| html! {
                            <tr data-name={line.name.clone()}>
                                <td>{ line.rank }</td><td>{ &line.name }</td>
                                <td data-testid="points">{ line.points }</td><td>{ format!("{:+}", line.margin) }</td>
                                <td>{ format!("{}–{}–{}", line.wins, line.draws, line.losses) }</td>
                            </tr>
                        }) }
                    </tbody>
                </table>
                <ul class="lobby-list" data-testid="tournament-games">
                    { for view.games.iter().map(|game| {
                        let score = game.result.as_ref().map(|r| format!(" · {}–{}", r.black, r.white)).unwrap_or_default();
                        let moves = game.moves.clone();
                        html! {
                            <li data-game={game.id.clone()}>
                                <span>{ format!("{} – {}{score}", game.black, game.white) }</span>
                                if game.status == crate::session::online::wire::Status::Finished {
                                    <button type="button" data-testid="analyse-game"
                                        onclick={props.on_analyse.reform(move |_| moves.clone())}>{ s.analyse_game }</button>
                                } else {
                                    <button type="button" data-testid="watch-game" onclick={watch(props, &game.id)}>{ s.watch }</button>
                                }
                            </li>
                        }
                    }) }
                </ul>
            } else {
                <p class="hint-text">{ s.loading }</p>
            }
        </>
    }
}
