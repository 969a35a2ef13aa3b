//! The engine's lines under the controls: its progress while it thinks, its last move's figures, the hint
//! and the line it expects (written out, and drawn on the board on a toggle).

use yew::prelude::*;

use crate::protocol::SearchReport;
use crate::view::i18n::{self, Lang};
use reversi_engine::{Color, Square};

/// Properties of [`EngineLines`]: the engine's asks as they stand.
#[derive(Properties, PartialEq)]
pub struct EngineLinesProps {
    /// The side to move in the game.
    pub to_move: Color,
    /// The search's progress while the AI thinks.
    pub thinking: Option<SearchReport>,
    /// The figures of the AI's last move.
    pub last_search: Option<(Color, SearchReport)>,
    /// The hint for the game's position (none while a position of the past is shown).
    pub hint: Option<SearchReport>,
    /// The engine's line (see [`crate::session::Session::line`]).
    pub line: Vec<Square>,
    /// Whether the line is drawn on the board.
    pub show_line: bool,
    /// The threads the AI's search runs on.
    pub threads: usize,
    /// A person plays the AI here: its values and line are not shown ("Thinking…" alone), unless the
    /// person asked for them (a preference).
    pub hide_values: bool,
    /// Called with the line drawn on the board or not.
    pub on_show_line: Callback<bool>,
    /// Language of the labels.
    pub lang: Lang,
}

/// The engine's progress, figures, hint and line.
#[function_component(EngineLines)]
pub fn engine_lines(props: &EngineLinesProps) -> Html {
    let lang = props.lang;
    let t = lang.strings();
    let thinking = props.thinking.as_ref().map(|th| {
        if props.hide_values {
            i18n::thinking_plain(lang)
        } else {
            i18n::progress(lang, props.to_move, th.score, th.kind, &th.best.to_string())
        }
    });
    let line = &props.line;
    let on_show_line = {
        let on = !props.show_line;
        props.on_show_line.reform(move |_: MouseEvent| on)
    };
    html! {
        <div class="engine-lines">
            if let Some(text) = thinking {
                <p class="thinking" data-testid="thinking"><span class="spinner" aria-hidden="true"></span>{ text }</p>
            }
            if let Some((mover, stats)) = props.last_search.as_ref().filter(|_| props.thinking.is_none()) {
                <p class="engine-stats" data-testid="engine-stats"
                   data-nodes={stats.nodes.to_string()} data-millis={stats.millis.to_string()}>
                    { if props.hide_values { i18n::search_move(lang, stats) } else { i18n::search_stats(lang, *mover, stats) } }{ " " }
                    <details class="engine-figures">
                        <summary>{ t.engine_details }</summary>
                        <span data-testid="engine-figures">{ i18n::search_figures(lang, stats, props.threads) }</span>
                    </details>
                </p>
            }
            if let Some((hint, square)) = props.hint.as_ref().and_then(|h| Some((h, h.square()?))) {
                <p class="hint-line" data-testid="hint-text" data-square={square.to_string()}
                   data-score={hint.score.to_string()}
                   data-book={(hint.kind == crate::protocol::ScoreKind::Book).to_string()}>
                    { i18n::hint(lang, props.to_move, square, hint.score, hint.kind) }
                </p>
            }
            // The hint's line is help asked for: it shows whatever hides the AI's own.
            if !line.is_empty() && (props.hint.is_some() || !props.hide_values) {
                <p class="engine-line">
                    <span class="label">{ t.line_label }{ ": " }</span>
                    <code data-testid="engine-line">{ i18n::line(line) }</code>
                    { " " }
                    <button type="button" class="link" data-testid="show-line" aria-pressed={props.show_line.to_string()}
                        onclick={on_show_line}>{ t.show_line }</button>
                </p>
            }
        </div>
    }
}
