//! In the lobby's place: a player's page (the ratings by category with their history drawn, wins, draws and
//! losses, the games by pages, each opened on the analysis board) and a category's leaderboard (each name
//! opening its page).

use yew::prelude::*;

use crate::session::online::lobby::{Category, Leaderboard, Listed, LobbyAction, PlayerView};
use crate::session::online::OnlineAction;
use crate::view::i18n::online::{self, Strings};
use crate::view::i18n::Lang;
use reversi_protocol::{Outcome, RatingPoint, Side};

/// The leaderboards' tabs.
pub fn leaderboard_tabs(
    lang: Lang,
    on_action: &Callback<OnlineAction>,
    current: Option<Category>,
) -> Html {
    let s = Strings::of(lang);
    html! {
        <nav class="leaderboard-tabs" aria-label={s.leaderboards}>
            <span>{ s.leaderboards }</span>
            { for Category::ALL.into_iter().map(|category| html! {
                <button type="button" class="link" data-testid={format!("leaders-{}", category.as_str())}
                    aria-pressed={(current == Some(category)).to_string()}
                    onclick={on_action.reform(move |_| OnlineAction::Lobby(LobbyAction::Leaders(category)))}>
                    { online::category(lang, category) }
                </button>
            }) }
        </nav>
    }
}

/// A player's name as a button to its page.
pub fn player_link(on_action: &Callback<OnlineAction>, name: &str) -> Html {
    let target = name.to_string();
    html! {
        <button type="button" class="link player-link" data-player={name.to_string()}
            onclick={on_action.reform(move |_| OnlineAction::Lobby(LobbyAction::Player(target.clone(), 0)))}>
            { name.to_string() }
        </button>
    }
}

/// One category's rating history as a line (oldest to newest), its lowest and highest values beside it.
fn history_graph(lang: Lang, category: Category, points: &[&RatingPoint]) -> Html {
    if points.len() < 2 {
        return Html::default();
    }
    let (low, high) = points.iter().fold((f64::MAX, f64::MIN), |(lo, hi), p| {
        (lo.min(p.rating), hi.max(p.rating))
    });
    let span = (high - low).max(1.0);
    let (width, height) = (200.0, 48.0);
    let step = width / (points.len() - 1) as f64;
    let line: String = points
        .iter()
        .enumerate()
        .map(|(i, p)| {
            format!(
                "{:.1},{:.1}",
                i as f64 * step,
                height - 4.0 - (p.rating - low) / span * (height - 8.0)
            )
        })
        .collect::<Vec<_>>()
        .join(" ");
    let label = online::history_label(lang, category, low, high, points.len());
    html! {
        <svg class="rating-history" data-testid={format!("history-{}", category.as_str())} role="img"
            aria-label={label} viewBox={format!("0 0 {width} {height}")} preserveAspectRatio="none">
            <polyline points={line} />
        </svg>
    }
}

/// A player's page.
pub fn player_page(
    lang: Lang,
    on_action: &Callback<OnlineAction>,
    on_analyse: &Callback<String>,
    name: &str,
    page: u32,
    listed: &Listed<PlayerView>,
) -> Html {
    let s = Strings::of(lang);
    let back = on_action.reform(|_| OnlineAction::Lobby(LobbyAction::Tournament(None)));
    let go = |to: u32| {
        let name = name.to_string();
        on_action.reform(move |_| OnlineAction::Lobby(LobbyAction::Player(name.clone(), to)))
    };
    html! {
        <>
            <button type="button" class="link" data-testid="back-to-lobby" onclick={back}>{ s.back_to_lobby }</button>
            <h3 data-testid="player-name">{ name.to_string() }</h3>
            if let Some(why) = listed.error() {
                <p class="hint-text" role="alert">{ online::list_failure(lang, why) }</p>
            }
            if let Some(player) = listed.value() {
                if player.ratings.is_empty() {
                    <p class="hint-text">{ s.no_rating }</p>
                }
                <ul class="player-ratings" data-testid="player-ratings">
                    { for player.ratings.iter().map(|r| {
                        let points: Vec<&RatingPoint> =
                            player.history.iter().filter(|p| p.category == r.category).collect();
                        html! {
                            <li data-category={r.category.as_str()}>
                                <span>{ format!("{} {} · {} {}", online::category(lang, r.category),
                                    online::rating(r.rating, r.provisional), r.games, s.games_played) }</span>
                                { history_graph(lang, r.category, &points) }
                            </li>
                        }
                    }) }
                </ul>
                <p data-testid="player-record">
                    { format!("{} {}–{}–{}", s.won_drawn_lost, player.record.wins, player.record.draws, player.record.losses) }
                </p>
                if player.games.is_empty() {
                    <p class="hint-text">{ s.no_player_games }</p>
                }
                <ul class="lobby-list" data-testid="player-games">
                    { for player.games.iter().map(|game| {
                        let moves = game.moves.clone();
                        let side = match game.side { Side::Black => "black", Side::White => "white" };
                        let outcome = game.outcome.map(|o| match o {
                            Outcome::Win => s.won,
                            Outcome::Draw => s.drew,
                            Outcome::Loss => s.lost,
                        });
                        html! {
                            <li data-game={game.id.clone()}>
                                <span>
                                    <span class={classes!("disc-icon", side)} aria-hidden="true"></span>
                                    { format!(" {} {}", s.versus, game.opponent) }
                                    if let Some(outcome) = outcome {
                                        { format!(" · {outcome}") }
                                    }
                                    if let Some(category) = game.rated {
                                        { format!(" · {}", online::category(lang, category)) }
                                    }
                                    if let Some(change) = game.change {
                                        { " " }
                                        <span class={classes!("rating-change", (change >= 0).then_some("up"), (change < 0).then_some("down"))}>
                                            { online::rating_change(change) }
                                        </span>
                                    }
                                </span>
                                if game.outcome.is_some() {
                                    <button type="button" data-testid="analyse-game"
                                        onclick={on_analyse.reform(move |_| moves.clone())}>{ s.analyse_game }</button>
                                }
                            </li>
                        }
                    }) }
                </ul>
                <p class="pages">
                    if page > 0 {
                        <button type="button" data-testid="newer-games" onclick={go(page - 1)}>{ s.newer }</button>
                    }
                    if player.more {
                        <button type="button" data-testid="older-games" onclick={go(page + 1)}>{ s.older }</button>
                    }
                </p>
            } else if listed.error().is_none() {
                <p class="hint-text">{ s.loading }</p>
            }
        </>
    }
}

/// A category's leaderboard.
pub fn leaderboard(
    lang: Lang,
    on_action: &Callback<OnlineAction>,
    category: Category,
    listed: &Listed<Leaderboard>,
) -> Html {
    let s = Strings::of(lang);
    let back = on_action.reform(|_| OnlineAction::Lobby(LobbyAction::Tournament(None)));
    html! {
        <>
            <button type="button" class="link" data-testid="back-to-lobby" onclick={back}>{ s.back_to_lobby }</button>
            { leaderboard_tabs(lang, on_action, Some(category)) }
            if let Some(why) = listed.error() {
                <p class="hint-text" role="alert">{ online::list_failure(lang, why) }</p>
            }
            if let Some(board) = listed.value() {
                if board.leaders.is_empty() {
                    <p class="hint-text">{ s.nobody_rated }</p>
                } else {
                    <table class="standings" data-testid="leaderboard">
                        <thead><tr>
                            <th scope="col">{ s.rank }</th><th scope="col">{ s.name }</th>
                            <th scope="col">{ s.rating }</th><th scope="col">{ s.games_played }</th>
                        </tr></thead>
                        <tbody>
                            { for board.leaders.iter().map(|leader| html! {
                                <tr data-name={leader.name.clone()}>
                                    <td>{ leader.rank }</td>
                                    <td>{ player_link(on_action, &leader.name) }</td>
                                    <td>{ online::rating(leader.rating, leader.provisional) }</td>
                                    <td>{ leader.games }</td>
                                </tr>
                            }) }
                        </tbody>
                    </table>
                }
            } else if listed.error().is_none() {
                <p class="hint-text">{ s.loading }</p>
            }
        </>
    }
}
