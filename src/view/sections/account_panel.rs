//! The account's box on the online screen (a page served by `reversi serve`): signed out, a name and a
//! password to sign in or create an account; signed in, the name, the ratings by category and sign out, and
//! quick pairing: a button a clock (rated or casual), then the seek with its widening range and cancel; the open
//! challenges (accept another's within its range, withdraw one's own) and a form to open one.

use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::session::online::account::{Account, AccountAction, QUICK_CLOCKS};
use crate::session::online::lobby::LobbyAction;
use crate::session::online::{OnlineAction, Server};
use crate::view::i18n::online::{self, Strings};
use crate::view::i18n::Lang;
use reversi_engine::Color;

/// Properties of [`AccountPanel`].
#[derive(Properties, PartialEq)]
pub struct AccountPanelProps {
    /// The account on this page.
    pub account: Account,
    /// Whether the page is served by the server.
    pub server: Server,
    /// What the person asks.
    pub on_action: Callback<OnlineAction>,
    /// The language.
    pub lang: Lang,
}

/// The box.
#[function_component(AccountPanel)]
pub fn account_panel(props: &AccountPanelProps) -> Html {
    let s = Strings::of(props.lang);
    let name = use_state(String::new);
    let password = use_state(String::new);
    let rated = use_state(|| true);
    // The challenge form: the clock (an index of the quick clocks), one's colour, the range.
    let challenge_clock = use_state(|| 2usize);
    let challenge_color = use_state(String::new);
    let challenge_range = use_state(|| 200u32);
    let confirming_delete = use_state(|| false);
    let delete_password = use_state(String::new);
    // Once signed in (or out), no password stays in the page's memory.
    {
        let (password, delete_password) = (password.clone(), delete_password.clone());
        use_effect_with(props.account.me().is_some(), move |_| {
            password.set(String::new());
            delete_password.set(String::new());
        });
    }
    if props.server != Server::Here || !props.account.known() {
        return Html::default();
    }
    let account = &props.account;
    let busy = account.busy().is_some();
    let emit = |action: AccountAction| {
        props
            .on_action
            .reform(move |_| OnlineAction::Account(action.clone()))
    };
    let Some(me) = account.me() else {
        let on_name = {
            let name = name.clone();
            Callback::from(move |e: InputEvent| {
                name.set(e.target_unchecked_into::<HtmlInputElement>().value())
            })
        };
        let on_password = {
            let password = password.clone();
            Callback::from(move |e: InputEvent| {
                password.set(e.target_unchecked_into::<HtmlInputElement>().value())
            })
        };
        let credentials = |sign_up: bool| {
            let (name, password) = ((*name).clone(), (*password).clone());
            if sign_up {
                AccountAction::SignUp { name, password }
            } else {
                AccountAction::SignIn { name, password }
            }
        };
        // Enter signs in (the form's submit); "Create account" is the other button.
        let on_submit = {
            let on_action = props.on_action.clone();
            let action = credentials(false);
            Callback::from(move |e: SubmitEvent| {
                e.prevent_default();
                on_action.emit(OnlineAction::Account(action.clone()));
            })
        };
        return html! {
            <section class="account" data-testid="account" aria-label={s.account}>
                <h2>{ s.account }</h2>
                <p class="hint-text">{ s.account_why }</p>
                <form class="account-form" onsubmit={on_submit}>
                    <label>
                        <span>{ s.your_name }</span>
                        <input type="text" data-testid="account-name" maxlength="32" autocomplete="username"
                            value={(*name).clone()} oninput={on_name} />
                    </label>
                    <label>
                        <span>{ s.password }</span>
                        <input type="password" data-testid="account-password" maxlength="256"
                            autocomplete="current-password" value={(*password).clone()} oninput={on_password} />
                    </label>
                    <p class="account-buttons">
                        <button type="submit" data-testid="sign-in" disabled={busy}>{ s.sign_in }</button>
                        <button type="button" data-testid="sign-up" disabled={busy}
                            onclick={emit(credentials(true))}>{ s.sign_up }</button>
                    </p>
                    if busy {
                        <p role="status" class="hint-text">{ s.wait }</p>
                    }
                </form>
            </section>
        };
    };
    let ratings = if me.ratings.is_empty() {
        html! { <span class="hint-text">{ s.no_rating }</span> }
    } else {
        html! {
            <ul class="ratings" data-testid="ratings">
                { for me.ratings.iter().map(|r| html! {
                    <li data-category={r.category.as_str()}>
                        { format!("{} {}", online::category(props.lang, r.category), online::rating(r.rating, r.provisional)) }
                    </li>
                }) }
            </ul>
        }
    };
    let on_rated = {
        let rated = rated.clone();
        Callback::from(move |e: Event| {
            rated.set(e.target_unchecked_into::<HtmlInputElement>().checked())
        })
    };
    let pairing = match account.seek() {
        Some(seek) => html! {
            <p class="seeking" role="status" data-testid="seeking">
                { online::seeking(props.lang, seek.clock.minutes, seek.clock.increment_s, seek.rated, seek.range) }
                { " " }
                <button type="button" data-testid="cancel-seek" onclick={emit(AccountAction::Cancel)}>{ s.cancel_seek }</button>
            </p>
        },
        None => html! {
            <>
                <p class="quick-clocks">
                    { for QUICK_CLOCKS.iter().map(|&clock| {
                        let label = format!("{}+{}", clock.minutes, clock.increment_s);
                        html! {
                            <button type="button" data-testid={format!("quick-{label}")}
                                title={online::category(props.lang, clock.category())}
                                onclick={emit(AccountAction::Seek { clock, rated: *rated })}>
                                <strong>{ label }</strong>
                                <span>{ online::category(props.lang, clock.category()) }</span>
                            </button>
                        }
                    }) }
                </p>
                <label class="check">
                    <input type="checkbox" data-testid="seek-rated" checked={*rated} onchange={on_rated} />
                    { s.rated }
                </label>
            </>
        },
    };
    let select = |state: &UseStateHandle<String>| {
        let state = state.clone();
        Callback::from(move |e: Event| {
            state.set(
                e.target_unchecked_into::<web_sys::HtmlSelectElement>()
                    .value(),
            )
        })
    };
    let on_clock = {
        let state = challenge_clock.clone();
        Callback::from(move |e: Event| {
            let value = e
                .target_unchecked_into::<web_sys::HtmlSelectElement>()
                .value();
            state.set(value.parse().unwrap_or(2));
        })
    };
    let on_range = {
        let state = challenge_range.clone();
        Callback::from(move |e: Event| {
            let value = e
                .target_unchecked_into::<web_sys::HtmlSelectElement>()
                .value();
            state.set(value.parse().unwrap_or(0));
        })
    };
    let open_challenge = emit(AccountAction::Challenge {
        clock: QUICK_CLOCKS[(*challenge_clock).min(QUICK_CLOCKS.len() - 1)],
        rated: *rated,
        color: match challenge_color.as_str() {
            "black" => Some(Color::Black),
            "white" => Some(Color::White),
            _ => None,
        },
        range: (*challenge_range > 0).then_some(*challenge_range),
    });
    let own_id = account.challenge().and_then(|c| c.id.clone());
    let on_delete_password = {
        let password = delete_password.clone();
        Callback::from(move |e: InputEvent| {
            password.set(e.target_unchecked_into::<HtmlInputElement>().value())
        })
    };
    let on_delete = {
        let confirming = confirming_delete.clone();
        let password = delete_password.clone();
        let on_action = props.on_action.clone();
        Callback::from(move |_| {
            if *confirming {
                confirming.set(false);
                on_action.emit(OnlineAction::Account(AccountAction::Delete {
                    password: (*password).clone(),
                }));
                password.set(String::new());
            } else {
                confirming.set(true);
            }
        })
    };
    let settings = html! {
        <details class="account-settings" data-testid="account-settings">
            <summary>{ s.account_settings }</summary>
            <p>
                <button type="button" data-testid="sign-out-everywhere" disabled={busy}
                    onclick={emit(AccountAction::SignOutEverywhere)}>{ s.sign_out_everywhere }</button>
            </p>
            <p class="hint-text">{ s.delete_why }</p>
            <label>
                <span>{ s.password }</span>
                <input type="password" data-testid="delete-password" autocomplete="current-password"
                    value={(*delete_password).clone()} oninput={on_delete_password} />
            </label>
            <button type="button" data-testid="delete-account" disabled={busy || delete_password.is_empty()}
                class={classes!((*confirming_delete).then_some("danger"))} onclick={on_delete}>
                { if *confirming_delete { s.delete_sure } else { s.delete_account } }
            </button>
        </details>
    };
    let challenges = html! {
        <>
            <h3>{ s.open_challenges }</h3>
            if account.challenges().is_empty() {
                <p class="hint-text">{ s.no_challenges }</p>
            } else {
                <ul class="lobby-list" data-testid="challenges">
                    { for account.challenges().iter().map(|c| {
                        let own = own_id.as_deref() == Some(c.id.as_str());
                        let id = c.id.clone();
                        html! {
                            <li data-challenge={c.id.clone()} data-name={c.name.clone()}>
                                <span>{ online::challenge_line(props.lang, c) }</span>
                                if own {
                                    <button type="button" data-testid="withdraw-challenge"
                                        onclick={emit(AccountAction::Cancel)}>{ s.withdraw }</button>
                                } else if account.may_accept(c) {
                                    <button type="button" data-testid="accept-challenge"
                                        onclick={emit(AccountAction::Accept(id))}>{ s.accept }</button>
                                } else {
                                    <span class="hint-text">{ s.outside_range }</span>
                                }
                            </li>
                        }
                    }) }
                </ul>
            }
            if own_id.is_none() && account.challenge().is_none() {
                <details class="challenge-form" data-testid="challenge-form">
                    <summary>{ s.new_challenge }</summary>
                    <label>
                        <span>{ s.clock }</span>
                        <select data-testid="challenge-clock" onchange={on_clock}>
                            { for QUICK_CLOCKS.iter().enumerate().map(|(i, clock)| html! {
                                <option value={i.to_string()} selected={i == *challenge_clock}>
                                    { format!("{}+{} {}", clock.minutes, clock.increment_s, online::category(props.lang, clock.category())) }
                                </option>
                            }) }
                        </select>
                    </label>
                    <label>
                        <span>{ s.your_color }</span>
                        <select data-testid="challenge-color" onchange={select(&challenge_color)}>
                            <option value="" selected={challenge_color.is_empty()}>{ s.random_color }</option>
                            <option value="black" selected={*challenge_color == "black"}>{ crate::view::i18n::color_name(props.lang, Color::Black) }</option>
                            <option value="white" selected={*challenge_color == "white"}>{ crate::view::i18n::color_name(props.lang, Color::White) }</option>
                        </select>
                    </label>
                    <label>
                        <span>{ s.rating_range }</span>
                        <select data-testid="challenge-range" onchange={on_range}>
                            { for [0u32, 100, 200, 300, 500].into_iter().map(|r| html! {
                                <option value={r.to_string()} selected={r == *challenge_range}>
                                    { if r == 0 { s.anyone.to_string() } else { format!("±{r}") } }
                                </option>
                            }) }
                        </select>
                    </label>
                    <button type="button" data-testid="open-challenge" onclick={open_challenge}>{ s.open_challenge }</button>
                </details>
            } else if own_id.is_none() {
                <p class="hint-text" role="status">{ s.wait }</p>
            }
        </>
    };
    html! {
        <section class="account" data-testid="account" aria-label={s.account}>
            <h2>{ s.account }</h2>
            <p class="signed-in">
                { format!("{} ", s.signed_in_as) }
                <strong data-testid="account-me">{ me.name.clone() }</strong>
                { " " }
                <button type="button" class="link" data-testid="my-page"
                    onclick={props.on_action.reform({
                        let name = me.name.clone();
                        move |_| OnlineAction::Lobby(LobbyAction::Player(name.clone(), 0))
                    })}>{ s.my_page }</button>
                { " · " }
                <button type="button" class="link" data-testid="sign-out" disabled={busy}
                    onclick={emit(AccountAction::SignOut)}>{ s.sign_out }</button>
            </p>
            { ratings }
            <h3>{ s.quick_pairing }</h3>
            { pairing }
            { challenges }
            { settings }
        </section>
    }
}
