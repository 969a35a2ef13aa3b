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
    /// A step back is possible (a position of the record's past, or a variation's, before this one).
    pub can_back: bool,
    /// A step on is possible.
    pub can_on: bool,
    /// The board shows another position than the game's own (the end button takes it back).
    pub away: bool,
    /// Show the position before a ply of the record (`None`: the game's own).
    pub on_browse: Callback<Option<usize>>,
    /// Step by this many plies from the position shown (through a variation too).
    pub on_step: Callback<i32>,
    pub lang: Lang,
}

/// ⏮ the start, ◀ one move back, ▶ one move on, ⏭ the game's own position (the keys' Home, ←, → and End); a
/// button that would show the position already shown is disabled.
#[function_component(StepControls)]
pub fn step_controls(props: &StepControlsProps) -> Html {
    let t = props.lang.strings();
    let button = |label: &'static str,
                  icon: &'static str,
                  id: &'static str,
                  onclick: Callback<MouseEvent>,
                  enabled: bool| {
        html! {
            <button type="button" class="step" data-testid={id} aria-label={label} title={label}
                disabled={!enabled} {onclick}>
                // Drawn, not a character: the fonts a page may fall back on do not all have ⏮ and ⏭.
                <svg viewBox="0 0 24 24" aria-hidden="true"><path d={icon} /></svg>
            </button>
        }
    };
    html! {
        <div class="steps" role="group" aria-label={t.steps} data-testid="steps">
            { button(t.step_first, FIRST, "step-first", props.on_browse.reform(|_| Some(0)), props.can_back) }
            { button(t.step_back, BACK, "step-back", props.on_step.reform(|_| -1), props.can_back) }
            { button(t.step_on, ON, "step-on", props.on_step.reform(|_| 1), props.can_on) }
            { button(t.step_last, LAST, "step-last", props.on_browse.reform(|_| None), props.away) }
        </div>
    }
}
