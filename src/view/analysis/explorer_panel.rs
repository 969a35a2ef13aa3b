//! The opening explorer: the moves strong players chose in the position shown, with their results.

use yew::prelude::*;

use crate::protocol::ExplorerRow;
use crate::view::i18n::Lang;
use reversi_engine::Square;

/// Properties of [`ExplorerPanel`].
#[derive(Properties, PartialEq)]
pub struct ExplorerPanelProps {
    /// The explorer's rows for the shown position, once they came.
    pub rows: Option<Vec<ExplorerRow>>,
    /// Why there is nothing to show, if the explorer failed.
    pub error: Option<crate::protocol::WorkerError>,
    /// Legal moves that a click may play now (none while browsing or while the AI is to move).
    pub playable: reversi_engine::Bitboard,
    /// Play a move.
    pub on_play: Callback<Square>,
    /// Language of the labels.
    pub lang: Lang,
}

/// The moves strong players chose in the shown position, with their results; a click on a row plays its move.
#[function_component(ExplorerPanel)]
pub fn explorer_panel(props: &ExplorerPanelProps) -> Html {
    let t = props.lang.strings();
    let body = match (&props.rows, &props.error) {
        (_, Some(error)) => html! {
            <p class="notice" role="status" data-testid="explorer-error">{ t.explorer_failed }{ " " }<small>{ crate::view::i18n::worker_error(props.lang, error) }</small></p>
        },
        (None, None) => html! { <p data-testid="explorer-loading">{ t.explorer_loading }</p> },
        (Some(rows), None) if rows.is_empty() => {
            html! { <p data-testid="explorer-empty">{ t.explorer_empty }</p> }
        }
        (Some(rows), None) => {
            let percent = |n: u32, of: u32| format!("{:.0}%", 100.0 * n as f64 / of.max(1) as f64);
            html! {
                <table class="explorer-table">
                    <thead>
                        <tr>
                            <th scope="col">{ t.move_column }</th>
                            <th scope="col">{ t.games }</th>
                            <th scope="col">{ t.black_wins }</th>
                            <th scope="col">{ t.draws }</th>
                            <th scope="col">{ t.white_wins }</th>
                            <th scope="col">{ t.average_score }</th>
                            <th scope="col">{ t.book_value }</th>
                        </tr>
                    </thead>
                    <tbody>
                        { for rows.iter().map(|row| {
                            let square = row.square;
                            let playable = props.playable.contains(square);
                            // The whole row plays its move: a click anywhere on it, or the move's button (Enter
                            // and Space), whose click comes up to the row.
                            let onclick = {
                                let on_play = props.on_play.clone();
                                Callback::from(move |_: MouseEvent| {
                                    if playable {
                                        on_play.emit(square);
                                    }
                                })
                            };
                            let average = row.score_sum as f64 / row.games.max(1) as f64;
                            html! {
                                <tr data-testid="explorer-move" data-move={square.to_string()} data-games={row.games.to_string()}
                                    class={classes!(playable.then_some("playable"))} {onclick}
                                    data-black-wins={row.black_wins.to_string()} data-draws={row.draws.to_string()}
                                    data-white-wins={row.white_wins.to_string()}>
                                    <th scope="row">
                                        <button type="button" disabled={!playable}>{ square.to_string() }</button>
                                    </th>
                                    <td>{ row.games.to_string() }</td>
                                    <td>{ percent(row.black_wins, row.games) }</td>
                                    <td>{ percent(row.draws, row.games) }</td>
                                    <td>{ percent(row.white_wins, row.games) }</td>
                                    <td>{ crate::view::i18n::signed((average * 100.0).round() as i32, 1) }</td>
                                    <td data-testid="book-value">{ row.book.map_or("—".to_string(), |v| crate::view::i18n::signed(v, 1)) }</td>
                                </tr>
                            }
                        }) }
                    </tbody>
                </table>
            }
        }
    };
    html! {
        <div class="explorer" data-testid="explorer">
            <p class="explorer-source">{ t.explorer_source }</p>
            { body }
        </div>
    }
}
