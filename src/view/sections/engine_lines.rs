//! The engine's lines under the controls: its progress while it thinks, its last move's figures, the hint
//! and the line it expects (written out, and drawn on the board on a toggle).

use yew::prelude::*;

use super::SectionProps;

use crate::session::Action;
use crate::view::i18n::{self};

/// The engine's progress, figures, hint and line.
#[function_component(EngineLines)]
pub fn engine_lines(props: &SectionProps) -> Html {
    let (session, lang) = (&props.session, props.lang);
    let t = lang.strings();
    let game = &session.game;
    let thinking = session.asks.thinking.as_ref().map(|th| {
        i18n::progress(
            lang,
            game.to_move(),
            th.score,
            th.kind,
            &th.best.to_string(),
        )
    });
    let line = session.line();
    let on_show_line = {
        let (on_action, on) = (props.on_action.clone(), !session.show_line);
        Callback::from(move |_: MouseEvent| on_action.emit(Action::SetShowLine(on)))
    };
    html! {
        <div class="engine-lines">
            if let Some(text) = thinking {
                <p class="thinking" data-testid="thinking"><span class="spinner" aria-hidden="true"></span>{ text }</p>
            }
            if let Some(stats) = session.asks.last_search().filter(|_| session.asks.thinking.is_none()) {
                <p class="engine-stats" data-testid="engine-stats"
                   data-nodes={stats.nodes.to_string()} data-millis={stats.millis.to_string()}>
                    { i18n::search_stats(lang, stats) }{ " " }
                    <details class="engine-figures">
                        <summary>{ t.engine_details }</summary>
                        <span data-testid="engine-figures">{ i18n::search_figures(lang, stats, session.search_threads) }</span>
                    </details>
                </p>
            }
            if let (Some(hint), None) = (session.asks.hint(), session.browsing) {
                <p class="hint-line" data-testid="hint-text"
                   data-book={(hint.kind == crate::protocol::ScoreKind::Book).to_string()}>
                    { i18n::hint(lang, game.to_move(), hint.square, hint.score, hint.kind) }
                </p>
            }
            if !line.is_empty() {
                <p class="engine-line">
                    <span class="label">{ t.line_label }{ ": " }</span>
                    <code data-testid="engine-line">{ i18n::line(&line) }</code>
                    { " " }
                    <button type="button" class="link" data-testid="show-line" aria-pressed={session.show_line.to_string()}
                        onclick={on_show_line}>{ t.show_line }</button>
                </p>
            }
        </div>
    }
}
