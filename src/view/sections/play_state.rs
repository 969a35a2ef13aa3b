//! Whose turn it is, a pass just made, or the result; the counts, the clocks, the engine's line and the hint.

use yew::prelude::*;

use super::{status_line, SectionProps};

use crate::view::i18n::{self};
use crate::view::panels::{Clocks, Counts};

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
    // The side to move in the position shown (browsing: the one to move there).
    let to_move = match session.browsing {
        Some(n) => Some(game.plies()[n].before.to_move),
        None => (!game.is_over()).then(|| game.to_move()),
    };
    let thinking = session.thinking.as_ref().map(|th| {
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
        Callback::from(move |_: MouseEvent| on_action.emit(crate::session::Action::SetShowLine(on)))
    };
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
            if let (Some(square), Some((score, kind)), None) = (session.hint, session.hint_value, session.browsing) {
                <p class="hint-line" data-testid="hint-text"
                   data-book={(kind == crate::protocol::ScoreKind::Book).to_string()}>
                    { i18n::hint(lang, game.to_move(), square, score, kind) }
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
        </>
    }
}
