//! The new-game dialog's fields that are selects: the AI's mistakes, where the game starts, the clock's own
//! minutes and increment, and the select handler they share.

use web_sys::HtmlSelectElement;
use yew::prelude::*;

use crate::session::game::settings::choices;
use crate::session::{ClockSettings, Settings, Start};
use crate::view::i18n::extras::Strings as Extras;
use crate::view::i18n::{self, Lang};
use reversi_engine::mistakes::Mistakes;

/// The value chosen in a select.
pub(super) fn select_value(event: &Event) -> String {
    event.target_unchecked_into::<HtmlSelectElement>().value()
}

/// The AI's mistakes: the most discs one loses (none: it plays its best), and how often.
pub(super) fn mistakes_fields(lang: Lang, settings: &UseStateHandle<Settings>) -> Html {
    let x = Extras::of(lang);
    let current = settings.mistakes;
    let on_loss = on_select(settings, |next, value| {
        let max_loss: u32 = value.parse().unwrap_or(0);
        next.mistakes = (max_loss > 0).then(|| Mistakes {
            max_loss,
            one_in: next.mistakes.map_or(5, |m| m.one_in),
        });
    });
    let on_often = on_select(settings, |next, value| {
        if let Some(m) = next.mistakes.as_mut() {
            m.one_in = value.parse().unwrap_or(5);
        }
    });
    html! {
        <fieldset class="mistakes-fields">
            <legend>{ x.ai_errors }</legend>
            <label>
                <span>{ x.loses_at_most }</span>
                <select data-testid="mistakes-loss" onchange={on_loss}>
                    <option value="0" selected={current.is_none()}>{ x.errors_none }</option>
                    { for choices::MISTAKE_LOSSES.into_iter().map(|n| html! {
                        <option value={n.to_string()} selected={current.map(|m| m.max_loss) == Some(n)}>{ n.to_string() }</option>
                    }) }
                </select>
            </label>
            if let Some(m) = current {
                <label>
                    <span>{ x.discs_a_move }</span>
                    <select data-testid="mistakes-one-in" onchange={on_often}>
                        { for choices::MISTAKE_ONE_IN.into_iter().map(|k| html! {
                            <option value={k.to_string()} selected={m.one_in == k}>{ format!("{k}{}", x.moves_unit) }</option>
                        }) }
                    </select>
                </label>
            }
            <p class="hint-text">{ x.errors_help }</p>
        </fieldset>
    }
}

/// Where the game starts: the standard start, an XOT opening, or a random position within a range.
pub(super) fn start_fields(lang: Lang, settings: &UseStateHandle<Settings>) -> Html {
    let x = Extras::of(lang);
    let start = settings.start;
    let kind = match start {
        Start::Standard => "standard",
        Start::Xot => "xot",
        Start::Random { .. } => "random",
    };
    let on_kind = on_select(settings, |next, value| {
        next.start = match value {
            "xot" => Start::Xot,
            "random" => Start::Random {
                moves: 20,
                low: -4,
                high: 4,
            },
            _ => Start::Standard,
        };
    });
    let random = |part: fn(&mut u8, &mut i8, &mut i8, i32)| {
        let settings = settings.clone();
        Callback::from(move |e: Event| {
            let mut next = *settings;
            if let Start::Random { moves, low, high } = &mut next.start {
                part(moves, low, high, select_value(&e).parse().unwrap_or(0));
                if *low > *high {
                    std::mem::swap(low, high);
                }
            }
            settings.set(next);
        })
    };
    let values = |selected: i8| -> Html {
        choices::RANDOM_VALUES
            .into_iter()
            .map(|v| html! { <option value={v.to_string()} selected={v == selected}>{ format!("{v:+}") }</option> })
            .collect()
    };
    html! {
        <>
            <label>
                <span>{ x.start_from }</span>
                <select data-testid="start-from" onchange={on_kind}>
                    <option value="standard" selected={kind == "standard"}>{ x.start_standard }</option>
                    <option value="xot" selected={kind == "xot"}>{ x.start_xot }</option>
                    <option value="random" selected={kind == "random"}>{ x.start_random }</option>
                </select>
            </label>
            if let Start::Random { moves, low, high } = start {
                <label>
                    <span>{ x.random_moves }</span>
                    <select data-testid="random-moves" onchange={random(|m, _, _, v| *m = v.clamp(4, 40) as u8)}>
                        { for choices::RANDOM_MOVES.into_iter().map(|n| html! {
                            <option value={n.to_string()} selected={n == moves}>{ n.to_string() }</option>
                        }) }
                    </select>
                </label>
                <label>
                    <span>{ x.score_range }</span>
                    <span class="range">
                        <select data-testid="random-low" aria-label={x.score_range} onchange={random(|_, l, _, v| *l = v.clamp(-64, 64) as i8)}>{ values(low) }</select>
                        { format!(" {} ", x.and) }
                        <select data-testid="random-high" aria-label={x.and} onchange={random(|_, _, h, v| *h = v.clamp(-64, 64) as i8)}>{ values(high) }</select>
                    </span>
                </label>
            }
        </>
    }
}

/// The clock's fields: minutes per side, and the increment when there is a clock.
pub(super) fn clock_fields(
    t: &i18n::Strings,
    clock: Option<ClockSettings>,
    on_clock: Callback<Event>,
    on_increment: Callback<Event>,
) -> Html {
    html! {
        <>
            <label>
                <span>{ t.clock }</span>
                <select data-testid="clock" onchange={on_clock}>
                    <option value="0" selected={clock.is_none()}>{ t.no_clock }</option>
                    { for choices::CLOCK_MINUTES.into_iter().map(|m| html! {
                        <option value={m.to_string()} selected={clock.map(|c| c.minutes) == Some(m)}>{ format!("{m} {}", t.minutes) }</option>
                    }) }
                </select>
            </label>
            if let Some(clock) = clock {
                <label>
                    <span>{ t.increment }</span>
                    <select data-testid="increment" onchange={on_increment}>
                        { for choices::CLOCK_INCREMENTS.into_iter().map(|s| html! {
                            <option value={s.to_string()} selected={clock.increment_s == s}>{ format!("{s} {}", t.seconds) }</option>
                        }) }
                    </select>
                </label>
            }
        </>
    }
}

/// A select's change handler: the draft settings changed by `update` with the chosen value.
pub(super) fn on_select(
    settings: &UseStateHandle<Settings>,
    update: fn(&mut Settings, &str),
) -> Callback<Event> {
    let settings = settings.clone();
    Callback::from(move |e: Event| {
        let mut next = *settings;
        update(&mut next, &select_value(&e));
        settings.set(next);
    })
}
