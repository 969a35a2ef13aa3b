//! The new-game form's online choice: the name to play under, the opponent (a friend invited by link, the
//! server's engine at a level, or a bot connected to it) and one's colour; on a page not served by
//! `reversi serve` it says how to run it instead.

use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use crate::session::online::Server;
use crate::view::i18n::online::Strings;
use crate::view::i18n::{self, Lang};
use reversi_engine::{Color, MAX_LEVEL};

/// What the online fields hold.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OnlineDraft {
    /// The name.
    pub name: String,
    /// The opponent: empty for a friend, else a bot's name.
    pub opponent: String,
    /// `black`, `white` or `random`.
    pub color: String,
}

impl OnlineDraft {
    /// The colour chosen (`None`: drawn).
    pub fn color(&self) -> Option<Color> {
        match self.color.as_str() {
            "black" => Some(Color::Black),
            "white" => Some(Color::White),
            _ => None,
        }
    }
}

/// The fields (inside the new-game form, which submits them).
pub fn online_fields(
    lang: Lang,
    server: Server,
    bots: &[String],
    draft: &UseStateHandle<OnlineDraft>,
) -> Html {
    let s = Strings::of(lang);
    match server {
        Server::Absent => {
            return html! { <p class="hint-text" data-testid="online-needs-server">{ s.needs_server }</p> }
        }
        Server::Unknown => return html! { <p class="hint-text">{ s.asking_server }</p> },
        Server::Here => {}
    }
    let on_name = {
        let draft = draft.clone();
        Callback::from(move |e: InputEvent| {
            let name = e.target_unchecked_into::<HtmlInputElement>().value();
            draft.set(OnlineDraft {
                name,
                ..(*draft).clone()
            });
        })
    };
    let on_select = |update: fn(&mut OnlineDraft, String)| {
        let draft = draft.clone();
        Callback::from(move |e: Event| {
            let mut next = (*draft).clone();
            update(
                &mut next,
                e.target_unchecked_into::<HtmlSelectElement>().value(),
            );
            draft.set(next);
        })
    };
    let t = lang.strings();
    html! {
        <>
            <label>
                <span>{ s.your_name }</span>
                <input type="text" data-testid="online-name" maxlength="32" placeholder="Guest"
                    value={draft.name.clone()} oninput={on_name} />
            </label>
            <label>
                <span>{ s.opponent }</span>
                <select data-testid="online-opponent" onchange={on_select(|d, v| d.opponent = v)}>
                    <option value="" selected={draft.opponent.is_empty()}>{ s.a_friend }</option>
                    { for (1..=MAX_LEVEL).map(|n| {
                        let name = format!("house-{n}");
                        html! { <option value={name.clone()} selected={draft.opponent == name}>{ format!("{name} ({}, {} {n})", s.house, t.ai_level) }</option> }
                    }) }
                    { for bots.iter().map(|name| html! {
                        <option value={name.clone()} selected={draft.opponent == *name}>{ format!("{name} ({})", s.connected_bot) }</option>
                    }) }
                </select>
            </label>
            <label>
                <span>{ s.your_color }</span>
                <select data-testid="online-color" onchange={on_select(|d, v| d.color = v)}>
                    <option value="random" selected={draft.color() .is_none()}>{ s.random_color }</option>
                    <option value="black" selected={draft.color() == Some(Color::Black)}>{ i18n::color_name(lang, Color::Black) }</option>
                    <option value="white" selected={draft.color() == Some(Color::White)}>{ i18n::color_name(lang, Color::White) }</option>
                </select>
            </label>
        </>
    }
}
