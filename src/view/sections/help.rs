//! The help: the keys and the rules.

use yew::prelude::*;

use super::SectionProps;

/// The help: the rules, the clock, the keys.
#[function_component(Help)]
pub fn help(props: &SectionProps) -> Html {
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
