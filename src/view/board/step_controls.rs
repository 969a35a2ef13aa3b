//! The step buttons under the board: to the start, back, on and to the end of the record, touch-sized, each doing what Home, ←, → and
//! End do from the keyboard.

use yew::prelude::*;

use crate::view::i18n::Lang;

/// The buttons' icons (24 × 24): a bar and a triangle to the start, a triangle back, one on, a triangle and
/// a bar to the end.
const FIRST: &str = "M6 5h2.5v14H6zM19 5v14L9.5 12z";
const BACK: &str = "M17 5v14L7 12z";
const ON: &str = "M7 5v14l10-7z";
const LAST: &str = "M15.5 5H18v14h-2.5zM5 5v14l9.5-7z";

/// Properties of [`StepControls`].
#[derive(Properties, PartialEq)]
pub struct StepControlsProps {
    /// Plies in the record.
    pub plies: usize,
    /// The position shown: before this ply (`None`: the game's own, after the last).
    pub browsing: Option<usize>,
    /// Show the position before a ply (`None`: the game's own).
    pub on_browse: Callback<Option<usize>>,
    pub lang: Lang,
}

/// ⏮ the start, ◀ one move back, ▶ one move on, ⏭ the game's own position; a button that would show the
/// position already shown is disabled.
#[function_component(StepControls)]
pub fn step_controls(props: &StepControlsProps) -> Html {
    let t = props.lang.strings();
    let plies = props.plies;
    let shown = props.browsing.unwrap_or(plies);
    // The position after `k` plies: the game's own once `k` reaches the record's end.
    let to = |k: usize| (k < plies).then_some(k);
    let button = |label: &'static str,
                  icon: &'static str,
                  id: &'static str,
                  target: Option<usize>,
                  enabled: bool| {
        let on_browse = props.on_browse.clone();
        html! {
            <button type="button" class="step" data-testid={id} aria-label={label} title={label}
                disabled={!enabled} onclick={Callback::from(move |_| on_browse.emit(target))}>
                // Drawn, not a character: the fonts a page may fall back on do not all have ⏮ and ⏭.
                <svg viewBox="0 0 24 24" aria-hidden="true"><path d={icon} /></svg>
            </button>
        }
    };
    html! {
        <div class="steps" role="group" aria-label={t.steps} data-testid="steps">
            { button(t.step_first, FIRST, "step-first", to(0), shown > 0) }
            { button(t.step_back, BACK, "step-back", to(shown.saturating_sub(1)), shown > 0) }
            { button(t.step_on, ON, "step-on", to(shown + 1), shown < plies) }
            { button(t.step_last, LAST, "step-last", None, shown < plies) }
        </div>
    }
}
