//! How the empty squares count at the end.

use yew::prelude::*;

use crate::session::Scoring;
use crate::view::i18n::Lang;

/// Properties of [`ScoringChoice`].
#[derive(Properties, PartialEq)]
pub struct ScoringProps {
    /// The rule in force.
    pub scoring: Scoring,
    /// Called with the rule chosen.
    pub on_scoring: Callback<Scoring>,
    /// Language of the labels.
    pub lang: Lang,
}

/// How empty squares count at the end.
#[function_component(ScoringChoice)]
pub fn scoring_choice(props: &ScoringProps) -> Html {
    let (scoring, t) = (props.scoring, props.lang.strings());
    let on_scoring = {
        let on_choice = props.on_scoring.clone();
        Callback::from(move |e: Event| {
            let value = e
                .target_unchecked_into::<web_sys::HtmlSelectElement>()
                .value();
            let scoring = if value == "split" {
                Scoring::Split
            } else {
                Scoring::EmptiesToWinner
            };
            on_choice.emit(scoring);
        })
    };
    html! {
        <label class="scoring">
            <span>{ t.scoring }</span>
            <select data-testid="scoring" onchange={on_scoring}>
                <option value="winner" selected={scoring == Scoring::EmptiesToWinner}>{ t.empties_to_winner }</option>
                <option value="split" selected={scoring == Scoring::Split}>{ t.empties_split }</option>
            </select>
        </label>
    }
}
