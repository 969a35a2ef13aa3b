//! The title, who plays, and the language choice.

use yew::prelude::*;

use crate::view::i18n::Lang;

/// Properties of [`Header`].
#[derive(Properties, PartialEq)]
pub struct HeaderProps {
    /// Who plays, in words.
    pub mode_text: String,
    /// The page's language.
    pub lang: Lang,
    /// Called with the language chosen.
    pub on_lang: Callback<Lang>,
}

/// The title, who plays, and the language choice.
#[function_component(Header)]
pub fn header(props: &HeaderProps) -> Html {
    let t = props.lang.strings();
    let on_change = props.on_lang.reform(|e: Event| {
        let value = e
            .target_unchecked_into::<web_sys::HtmlSelectElement>()
            .value();
        Lang::from_tag(&value)
    });
    html! {
        <header class="title">
            <h1>{ t.title }</h1>
            <span class="mode">{ props.mode_text.clone() }</span>
            <label class="language">
                <span class="visually-hidden">{ t.language }</span>
                <select data-testid="language" onchange={on_change} aria-label={t.language}>
                    { for Lang::ALL.iter().map(|&l| html! {
                        <option value={l.tag()} selected={l == props.lang}>{ l.name() }</option>
                    }) }
                </select>
            </label>
        </header>
    }
}
