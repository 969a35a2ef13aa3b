//! The expert games list under the opening explorer: the games of the database that reached the shown
//! position, newest first, a page at a time, searched by a player's name; "Open" puts one on the board.
//! It only renders [`GamesList`] and dispatches actions; the worker finds the games.

use yew::prelude::*;

use crate::session::room::{GamesAction, GamesList, GamesPage, GAMES_PAGE};
use crate::session::ExpertTitle;
use crate::view::i18n::extras::{games_range, Strings};
use crate::view::i18n::Lang;
use reversi_engine::Position;

/// Properties of [`GamesPanel`].
#[derive(Properties, PartialEq)]
pub struct GamesPanelProps {
    /// The list's state.
    pub list: GamesList,
    /// The position on the board.
    pub shown: Position,
    /// Something done to the list (opened, searched, paged).
    pub on_games: Callback<GamesAction>,
    /// Open a game on the board: its transcript (in the frame of the position shown) and title.
    pub on_open_game: Callback<(String, ExpertTitle)>,
    /// Language of the labels.
    pub lang: Lang,
}

/// The games that reached the shown position.
#[function_component(GamesPanel)]
pub fn games_panel(props: &GamesPanelProps) -> Html {
    let t = Strings::of(props.lang);
    let list = &props.list;
    let on_toggle = {
        let (on_games, open) = (props.on_games.clone(), list.is_open());
        Callback::from(move |e: MouseEvent| {
            e.prevent_default();
            on_games.emit(GamesAction::Open(!open));
        })
    };
    let input = use_node_ref();
    let on_search = {
        let (on_games, input) = (props.on_games.clone(), input.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            if let Some(field) = input.cast::<web_sys::HtmlInputElement>() {
                on_games.emit(GamesAction::Player(field.value()));
            }
        })
    };
    let body = if !list.is_open() {
        Html::default()
    } else if let Some(error) = list.error() {
        html! { <p class="notice" role="status" data-testid="games-error">{ t.games_failed }{ " " }<small>{ crate::view::i18n::worker_error(props.lang, error) }</small></p> }
    } else if let Some((query, GamesPage { total, games })) = list.shown(&props.shown) {
        let total = *total;
        if games.is_empty() {
            html! { <p data-testid="games-empty">{ t.no_games }</p> }
        } else {
            let page = |offset: u32| {
                props
                    .on_games
                    .reform(move |_: MouseEvent| GamesAction::Page(offset))
            };
            let from = query.offset + 1;
            let to = query.offset + games.len() as u32;
            html! {
                <>
                    <table class="games-table" data-testid="games-table">
                        <thead>
                            <tr>
                                <th scope="col">{ t.year }</th>
                                <th scope="col">{ format!("{} – {}", t.black_player, t.white_player) }<br /><small>{ t.tournament }</small></th>
                                <th scope="col">{ t.result }</th>
                                <th scope="col"><span class="visually-hidden">{ t.open_game }</span></th>
                            </tr>
                        </thead>
                        <tbody>
                            { for games.iter().map(|game| {
                                let title = ExpertTitle {
                                    black: game.black.clone(),
                                    white: game.white.clone(),
                                    tournament: game.tournament.clone(),
                                    year: game.year,
                                    black_discs: game.black_discs,
                                };
                                let open = {
                                    let transcript = game.transcript.clone();
                                    props.on_open_game.reform(move |_: MouseEvent| (transcript.clone(), title.clone()))
                                };
                                html! {
                                    <tr data-testid="expert-game" data-year={game.year.to_string()}
                                        data-black={game.black.clone()} data-white={game.white.clone()}
                                        data-transcript={game.transcript.clone()}>
                                        <td class="games-year">{ game.year }</td>
                                        <td class="games-players">{ format!("{} – {}", game.black, game.white) }<br /><small>{ &game.tournament }</small></td>
                                        <td class="games-result">{ format!("{}–{}", game.black_discs, 64 - game.black_discs) }</td>
                                        <td><button type="button" data-testid="open-game" onclick={open}
                                            aria-label={format!("{} {} – {} {}", t.open_game, game.black, game.white, game.year)}>{ t.open_game }</button></td>
                                    </tr>
                                }
                            }) }
                        </tbody>
                    </table>
                    <div class="games-pager">
                        <button type="button" data-testid="games-newer" disabled={query.offset == 0}
                            onclick={page(query.offset.saturating_sub(GAMES_PAGE))}>{ "◀ " }{ t.newer }</button>
                        <span data-testid="games-range" data-total={total.to_string()}>{ games_range(props.lang, from, to, total) }</span>
                        <button type="button" data-testid="games-older" disabled={to >= total}
                            onclick={page(query.offset + GAMES_PAGE)}>{ t.older }{ " ▶" }</button>
                    </div>
                </>
            }
        }
    } else {
        html! { <p data-testid="games-loading" role="status">{ t.games_loading }</p> }
    };
    html! {
        <details class="games-section" data-testid="games-section" open={list.is_open()}>
            <summary data-testid="games-toggle" onclick={on_toggle}>{ t.expert_games }</summary>
            if list.is_open() {
                <p class="explorer-source">{ t.games_source }</p>
                <form class="games-search" onsubmit={on_search}>
                    <label>{ t.search_player }{ " " }
                        <input type="search" ref={input} data-testid="games-player" value={list.player().to_string()}
                            placeholder={t.player_placeholder} />
                    </label>
                    <button type="submit" data-testid="games-search">{ t.search }</button>
                </form>
                { body }
            }
        </details>
    }
}
