//! The bar of screens (play, analyse, train, online when served, settings): always in view, at the top of a
//! wide screen and the bottom of a phone's, one tap to each; each is a link to its address (`#/analyse`), so
//! that the page's history, a new tab and a screen reader treat it as the navigation it is.

use yew::prelude::*;

use crate::session::screen::Screen;
use crate::view::i18n::screens::Strings;
use crate::view::i18n::Lang;

/// Properties of [`ScreenBar`].
#[derive(Properties, PartialEq)]
pub struct ScreenBarProps {
    /// The screen shown.
    pub screen: Screen,
    /// Whether the page is served by `reversi serve` (the online screen).
    pub online: bool,
    /// Called with the screen chosen (the address then names it, a new entry of the history).
    pub on_screen: Callback<Screen>,
    /// Language of the labels.
    pub lang: Lang,
}

/// The bar.
#[function_component(ScreenBar)]
pub fn screen_bar(props: &ScreenBarProps) -> Html {
    let t = Strings::of(props.lang);
    let label = |screen: Screen| match screen {
        Screen::Play => t.play,
        Screen::Analyse => t.analyse,
        Screen::Train => t.train,
        Screen::Online => t.online,
        Screen::Settings => t.settings,
    };
    html! {
        <nav class="screen-bar" aria-label={t.screens} data-testid="screen-bar">
            { for Screen::ALL.into_iter().filter(|&s| s != Screen::Online || props.online).map(|screen| {
                let current = screen == props.screen;
                // A plain click shows the screen at once; one with a modifier (a new tab, a new window) is
                // the browser's, the link's address opening the screen there.
                let onclick = {
                    let on_screen = props.on_screen.clone();
                    Callback::from(move |e: MouseEvent| {
                        if !(e.ctrl_key() || e.meta_key() || e.shift_key() || e.alt_key() || e.button() != 0) {
                            e.prevent_default();
                            on_screen.emit(screen);
                        }
                    })
                };
                html! {
                    <a href={screen.fragment()} class={classes!("screen-link", current.then_some("current"))}
                        data-testid={format!("screen-{}", screen.route())}
                        aria-current={current.then_some("page")} {onclick}>
                        { icon(screen) }
                        <span>{ label(screen) }</span>
                    </a>
                }
            }) }
        </nav>
    }
}

/// Each screen's small drawing (a board, a graph, a target, two discs, a cog).
fn icon(screen: Screen) -> Html {
    let path = match screen {
        Screen::Play => "M4 4h16v16H4zM9 4v16M15 4v16M4 9h16M4 15h16",
        Screen::Analyse => "M3 20h18M5 16l4-5 4 3 6-8",
        Screen::Train => "M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18M12 8a4 4 0 1 0 0 8a4 4 0 1 0 0-8",
        Screen::Online => "M8 8a3 3 0 1 0 0 .1M16 8a3 3 0 1 0 0 .1M3 19c0-3 2-5 5-5s5 2 5 5M11 19c0-3 2-5 5-5s5 2 5 5",
        Screen::Settings => "M12 9a3 3 0 1 0 0 6a3 3 0 1 0 0-6M12 2v3M12 19v3M2 12h3M19 12h3M5 5l2 2M17 17l2 2M5 19l2-2M17 7l2-2",
    };
    html! {
        <svg viewBox="0 0 24 24" aria-hidden="true"><path d={path} /></svg>
    }
}
