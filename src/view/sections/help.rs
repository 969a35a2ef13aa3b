//! The help: the keys and the rules.

use yew::prelude::*;

use crate::view::i18n::Lang;

/// Properties of [`Help`].
#[derive(Properties, PartialEq)]
pub struct HelpProps {
    /// Language of the text.
    pub lang: Lang,
}

/// The help: the rules, the clock, the keys.
#[function_component(Help)]
pub fn help(props: &HelpProps) -> Html {
    let t = props.lang.strings();
    html! {
        <details class="help" data-testid="help">
            <summary>{ t.help }</summary>
            <p>{ t.rules_help }</p>
            <p>{ t.clock_help }</p>
            <p class="keys">{ t.keys_help }</p>
        </details>
    }
}
