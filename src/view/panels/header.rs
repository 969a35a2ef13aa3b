//! The title, who plays, the sound switch and the language choice.

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
    /// Move sounds are on.
    pub sound: bool,
    /// Move sounds played since the page opened (a figure for the tests, on the button).
    pub sounds_played: u32,
    /// Called with the sound choice.
    pub on_sound: Callback<bool>,
}

/// The title, who plays, the sound switch and the language choice.
#[function_component(Header)]
pub fn header(props: &HeaderProps) -> Html {
    let t = props.lang.strings();
    let on_change = props.on_lang.reform(|e: Event| {
        let value = e
            .target_unchecked_into::<web_sys::HtmlSelectElement>()
            .value();
        Lang::from_tag(&value)
    });
    let on_sound = {
        let (on_sound, next) = (props.on_sound.clone(), !props.sound);
        Callback::from(move |_: MouseEvent| on_sound.emit(next))
    };
    html! {
        <header class="title">
            <h1>{ t.title }</h1>
            <span class="mode">{ props.mode_text.clone() }</span>
            <button type="button" class="sound" data-testid="sound" aria-pressed={props.sound.to_string()}
                data-played={props.sounds_played.to_string()} onclick={on_sound}
                title={t.sound} aria-label={t.sound}>
                <svg viewBox="0 0 24 24" aria-hidden="true">
                    <path d="M4 9h4l5-4v14l-5-4H4z" />
                    if props.sound {
                        <path d="M16 9a4 4 0 0 1 0 6M18.5 6.5a7.5 7.5 0 0 1 0 11" />
                    } else {
                        <path d="M16 9l5 6M21 9l-5 6" />
                    }
                </svg>
            </button>
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
