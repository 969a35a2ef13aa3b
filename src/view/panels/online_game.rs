//! The online game's box, above the counts: who sits on each side and whether their page is connected, this
//! page's own connection, the invitation and watch links while the friend is awaited, the result, and
//! resign, rematch and leave.

use yew::prelude::*;

use crate::session::online::presence::Presence;
use crate::session::online::wire::Status;
use crate::session::online::{Conn, Link, OnlineAction};
use crate::view::browser::copy_to_clipboard;
use crate::view::i18n::online::{self, Strings};
use crate::view::i18n::Lang;
use reversi_engine::Color;

/// Properties of [`OnlineGame`].
#[derive(Properties, PartialEq)]
pub struct OnlineGameProps {
    /// The game linked (`None`: one being created or joined).
    pub link: Option<Link>,
    /// The page's origin, for the links (`http://host:port`).
    pub origin: String,
    /// The page's clock (how long a side has been away).
    pub now: f64,
    /// What the person asks of online play.
    pub on_action: Callback<OnlineAction>,
    /// A link was copied.
    pub on_copied: Callback<()>,
    /// "Review the game", once it is over.
    pub on_review: Callback<()>,
    /// Whether the review can start (a finished game with moves, not reviewed yet).
    pub can_review: bool,
    /// The language.
    pub lang: Lang,
}

/// The box.
#[function_component(OnlineGame)]
pub fn online_game(props: &OnlineGameProps) -> Html {
    let s = Strings::of(props.lang);
    let confirming = use_state(|| false);
    let Some(link) = &props.link else {
        return html! {
            <section class="online-game" data-testid="online-game" aria-label={s.play_online}>
                <p role="status">{ s.creating }</p>
            </section>
        };
    };
    let game = link.game();
    let status = game.map(|g| g.status);
    let seat_row = |color: Color| -> Html {
        let Some(game) = game else {
            return Html::default();
        };
        let seat = game.seat(color);
        let you = link.seat() == Some(color);
        let (state, class) = match link.presence(color, props.now) {
            Some(Presence::House) => (s.house, "conn-ok"),
            Some(Presence::Bot) => (s.connected_bot, "conn-ok"),
            Some(Presence::Open) => (s.open_seat, "conn-wait"),
            Some(Presence::Connected) => (s.connected, "conn-ok"),
            Some(Presence::Reconnecting) => (s.reconnecting, "conn-wait"),
            Some(Presence::Unknown) => (s.unknown, "conn-wait"),
            Some(Presence::Left) | None => (s.left, "conn-off"),
        };
        let side = match color {
            Color::Black => "black",
            Color::White => "white",
        };
        html! {
            <li data-testid={format!("seat-{side}")} class={classes!(you.then_some("you"))}>
                <span class={classes!("disc-icon", side)} aria-hidden="true"></span>
                // The disc says the colour; a screen reader hears it.
                <span class="visually-hidden">{ format!("{}: ", crate::view::i18n::color_name(props.lang, color)) }</span>
                { online::seat_name(props.lang, &seat.name, you) }
                if let Some(rating) = seat.rating {
                    { " " }
                    <span class="seat-rating" data-testid={format!("rating-{side}")}>
                        { format!("({})", online::rating(f64::from(rating.rating), rating.provisional)) }
                    </span>
                    if let Some(change) = rating.change {
                        { " " }
                        <span class={classes!("rating-change", (change >= 0).then_some("up"), (change < 0).then_some("down"))}
                            data-testid={format!("change-{side}")}>{ online::rating_change(change) }</span>
                    }
                }
                { " " }
                <span class={classes!("conn", class)} data-testid={format!("conn-{side}")}>{ state }</span>
            </li>
        }
    };
    let connection = match link.conn() {
        Conn::Open => None,
        Conn::Connecting { attempt: 0 } => Some(s.you_connecting),
        Conn::Connecting { .. } => Some(s.you_reconnecting),
        Conn::Gone => Some(s.gone),
    };
    let copy_row = |label: &'static str, testid: &'static str, url: String| {
        let on_copied = props.on_copied.clone();
        let copied = url.clone();
        let onclick = Callback::from(move |_| {
            if copy_to_clipboard(&copied) {
                on_copied.emit(());
            }
        });
        html! {
            <label class="online-link">
                <span>{ label }</span>
                <span class="copy-row">
                    <input type="text" readonly=true value={url} data-testid={testid} />
                    <button type="button" data-testid={format!("copy-{testid}")} {onclick}>{ s.copy_link }</button>
                </span>
            </label>
        }
    };
    let seated = !link.watching();
    let action = |action: OnlineAction| props.on_action.reform(move |_| action.clone());
    let on_resign = {
        let confirming = confirming.clone();
        let on_action = props.on_action.clone();
        Callback::from(move |_| {
            if *confirming {
                confirming.set(false);
                on_action.emit(OnlineAction::Resign);
            } else {
                confirming.set(true);
            }
        })
    };
    let rematch_offer = game.and_then(|g| g.rematch_offer);
    html! {
        <section class="online-game" data-testid="online-game" aria-label={s.play_online}>
            <h2>{ if seated { s.play_online } else { s.watching } }</h2>
            if let Some(category) = game.and_then(|g| g.rated) {
                <p class="hint-text" data-testid="rated-game">
                    { format!("{} · {}", s.rated_game, online::category(props.lang, category)) }
                </p>
            }
            <ul class="online-seats">
                { seat_row(Color::Black) }
                { seat_row(Color::White) }
            </ul>
            if let Some(text) = connection {
                <p class={classes!("online-connection", (link.conn() != Conn::Open).then_some("down"))}
                    role="status" data-testid="connection">{ text }</p>
            }
            if let Some(code) = link.invite() {
                <p data-testid="waiting-friend">{ s.waiting_friend }</p>
                { copy_row(s.invite_link, "invite-link", format!("{}/?online={}&invite={code}", props.origin, link.id())) }
                { copy_row(s.watch_link, "watch-link", format!("{}/?watch={}", props.origin, link.id())) }
            }
            if let Some(result) = game.and_then(|g| g.result.as_ref()) {
                <p class="online-result" data-testid="online-result" role="status">{ online::result(props.lang, result) }</p>
            }
            if seated && status == Some(Status::Finished) {
                if let Some(color) = rematch_offer {
                    <p data-testid="rematch-state">{
                        if Some(color) == link.seat() { s.rematch_asked } else { s.rematch_offered }
                    }</p>
                }
            }
            <div class="online-actions">
                if seated && status == Some(Status::Playing) {
                    <button type="button" data-testid="resign" class={classes!((*confirming).then_some("danger"))}
                        onclick={on_resign}>{ if *confirming { s.resign_sure } else { s.resign } }</button>
                }
                if seated && status == Some(Status::Finished) && rematch_offer != link.seat() {
                    <button type="button" class="primary" data-testid="rematch" onclick={action(OnlineAction::Rematch)}>
                        { if rematch_offer.is_some() { s.accept_rematch } else { s.rematch } }
                    </button>
                }
                if status == Some(Status::Finished) {
                    <button type="button" data-testid="online-review" disabled={!props.can_review}
                        onclick={props.on_review.reform(|_| ())}>{ props.lang.strings().review_game }</button>
                }
                <button type="button" data-testid="leave" onclick={action(OnlineAction::Leave)}>{ s.leave }</button>
            </div>
            if let Some(game) = game.filter(|g| g.watchers > 0) {
                <p class="online-watchers" data-testid="watchers">{ format!("{}: {}", s.watchers, game.watchers) }</p>
            }
        </section>
    }
}
