//! The board view menu of the settings screen: the board turned or mirrored, the stable discs marked, the
//! engine's values while playing it.

use yew::prelude::*;

use crate::view::i18n::Lang;

/// Properties of [`OrientationChoice`].
#[derive(Properties, PartialEq)]
pub struct OrientationProps {
    /// The view in force.
    pub orientation: reversi_engine::Symmetry,
    /// Called with the view chosen.
    pub on_orientation: Callback<reversi_engine::Symmetry>,
    /// The stable discs are marked.
    pub stable: bool,
    /// Called with the stable discs marked or not.
    pub on_stable: Callback<bool>,
    /// The engine's values show while a person plays it.
    pub values_in_play: bool,
    /// Called with those values shown or not.
    pub on_values_in_play: Callback<bool>,
    /// Language of the labels.
    pub lang: Lang,
}

/// The board's view menu: turned a quarter, a half or three quarters, or mirrored; the stable discs marked.
#[function_component(OrientationChoice)]
pub fn orientation_choice(props: &OrientationProps) -> Html {
    use crate::session::preferences::orientation::{code, from_code, ORIENTATIONS};
    use reversi_engine::Symmetry;
    let t = crate::view::i18n::extras::Strings::of(props.lang);
    let name = |s: Symmetry| match s {
        Symmetry::Rotate90 => t.orient_rotate90,
        Symmetry::Rotate180 => t.orient_rotate180,
        Symmetry::Rotate270 => t.orient_rotate270,
        Symmetry::FlipVertical => t.orient_flip_vertical,
        Symmetry::MirrorHorizontal => t.orient_mirror,
        _ => t.orient_normal,
    };
    let onchange = props.on_orientation.reform(|e: Event| {
        from_code(
            &e.target_unchecked_into::<web_sys::HtmlSelectElement>()
                .value(),
        )
    });
    let on_stable = props.on_stable.reform(|e: Event| {
        e.target_unchecked_into::<web_sys::HtmlInputElement>()
            .checked()
    });
    let on_values = props.on_values_in_play.reform(|e: Event| {
        e.target_unchecked_into::<web_sys::HtmlInputElement>()
            .checked()
    });
    html! {
        <>
            <p class="orientation">
                <label>{ t.orientation }{ " " }
                    <select data-testid="orientation" {onchange}>
                        { for ORIENTATIONS.iter().map(|&s| html! {
                            <option value={code(s)} selected={s == props.orientation}>{ name(s) }</option>
                        }) }
                    </select>
                </label>
            </p>
            <p class="mark-stable">
                <label>
                    <input type="checkbox" data-testid="mark-stable" checked={props.stable} onchange={on_stable} />
                    { " " }{ t.mark_stable }
                </label>
            </p>
            <p class="mark-stable">
                <label>
                    <input type="checkbox" data-testid="values-in-play" checked={props.values_in_play} onchange={on_values} />
                    { " " }{ t.values_in_play }
                </label>
            </p>
        </>
    }
}
