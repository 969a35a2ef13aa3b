//! The new-game form: who plays, the AI levels and colours, the AI's mistakes on purpose, the speed of
//! AI-vs-AI games, the clock, and where the game starts (the standard start, an XOT opening, or a random
//! position within a range of values).

use web_sys::HtmlSelectElement;
use yew::prelude::*;

use crate::session::game::settings::choices;
use crate::session::{ClockSettings, Mode, Settings, Start};
use crate::view::i18n::extras::Strings as Extras;
use crate::view::i18n::{self, Lang};
use reversi_engine::mistakes::Mistakes;
use reversi_engine::{Color, MAX_LEVEL};

/// Properties of [`NewGameForm`].
#[derive(Properties, PartialEq)]
pub struct NewGameProps {
    /// The settings to start from (the last game's).
    pub settings: Settings,
    /// Called with the chosen settings.
    pub on_start: Callback<Settings>,
    /// Called when the form is closed without starting.
    pub on_cancel: Callback<()>,
    /// Whether the page is served by `reversi serve` (online play).
    pub server: crate::session::online::Server,
    /// The bots connected to the server (to play online).
    pub bots: Vec<String>,
    /// The name kept from the last online game.
    pub name: String,
    /// Called with an online game to create.
    pub on_online: Callback<crate::session::online::NewOnline>,
    /// Language of the labels.
    pub lang: Lang,
}

fn select_value(event: &Event) -> String {
    event.target_unchecked_into::<HtmlSelectElement>().value()
}

/// The form. Its fields keep the test contract: `mode` (`hvh`, `hva`, `ava`), `level`, `color`, `start`.
#[function_component(NewGameForm)]
pub fn new_game_form(props: &NewGameProps) -> Html {
    let settings = use_state(|| props.settings);
    let online = use_state(|| false);
    let draft = {
        let name = props.name.clone();
        use_state(move || super::online_form::OnlineDraft {
            name,
            ..Default::default()
        })
    };
    // Focus moves into the form when it opens (and back to its opener when it closes, see the app).
    let first_field = use_node_ref();
    {
        let first_field = first_field.clone();
        use_effect_with((), move |_| {
            if let Some(element) = first_field.cast::<web_sys::HtmlElement>() {
                let _ = element.focus();
            }
        });
    }
    let mode_value = match settings.mode {
        _ if *online => "online",
        Mode::HumanVsHuman => "hvh",
        Mode::HumanVsAi { .. } => "hva",
        Mode::AiVsAi => "ava",
    };
    let human = match settings.mode {
        Mode::HumanVsAi { human } => human,
        _ => Color::Black,
    };
    // In human vs AI the level field is the AI's; in AI vs AI it is black's, with white's beside it.
    let ai_color = human.opponent();
    let level_value = match settings.mode {
        Mode::AiVsAi => settings.black_level,
        _ => settings.level(ai_color),
    };

    let on_mode = {
        let online = online.clone();
        let settings = settings.clone();
        Callback::from(move |e: Event| {
            let value = select_value(&e);
            online.set(value == "online");
            let mut next = *settings;
            set_mode(&mut next, &value);
            settings.set(next);
        })
    };
    let on_color = on_select(&settings, set_color);
    let on_level = on_select(&settings, set_level);
    let on_level_white = on_select(&settings, |next, value| {
        next.white_level = value.parse().unwrap_or(4)
    });
    let on_speed = on_select(&settings, |next, value| {
        next.ai_move_delay_ms = value.parse().unwrap_or(600)
    });
    let on_clock = on_select(&settings, set_clock);
    let on_increment = on_select(&settings, |next, value| {
        if let Some(clock) = next.clock.as_mut() {
            clock.increment_s = value.parse().unwrap_or(0);
        }
    });
    let on_submit = {
        let settings = settings.clone();
        let on_start = props.on_start.clone();
        let on_online = props.on_online.clone();
        let (online, draft) = (online.clone(), draft.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            if *online {
                on_online.emit(crate::session::online::NewOnline {
                    name: draft.name.trim().to_string(),
                    color: draft.color(),
                    clock: settings.clock,
                    opponent: Some(draft.opponent.clone()).filter(|o| !o.is_empty()),
                });
            } else {
                on_start.emit(*settings);
            }
        })
    };
    let online_here = props.server == crate::session::online::Server::Here;
    let on_cancel = props.on_cancel.reform(|_| ());
    // Escape closes the form, as it closes a dialog.
    let on_keydown = {
        let on_cancel = props.on_cancel.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Escape" {
                e.prevent_default();
                on_cancel.emit(());
            }
        })
    };

    let t = props.lang.strings();
    let levels = |selected: u8| -> Html {
        (1..=MAX_LEVEL)
            .map(|n| {
                let label = match n {
                    1 => format!("{n} — {}", t.beginner),
                    MAX_LEVEL => format!("{n} — {}", t.strongest),
                    _ => n.to_string(),
                };
                html! { <option value={n.to_string()} selected={n == selected}>{ label }</option> }
            })
            .collect()
    };

    html! {
        <form class="new-game" data-testid="new-game-form" onsubmit={on_submit} onkeydown={on_keydown} aria-label={t.new_game}>
            <h2>{ t.new_game }</h2>
            <label>
                <span>{ t.players }</span>
                <select data-testid="mode" ref={first_field} onchange={on_mode}>
                    <option value="hvh" selected={mode_value == "hvh"}>{ t.human_vs_human }</option>
                    <option value="hva" selected={mode_value == "hva"}>{ t.human_vs_ai }</option>
                    <option value="ava" selected={mode_value == "ava"}>{ t.ai_vs_ai }</option>
                    <option value="online" selected={mode_value == "online"}>{ crate::view::i18n::online::Strings::of(props.lang).play_online }</option>
                </select>
            </label>
            if *online {
                { super::online_form::online_fields(props.lang, props.server, &props.bots, &draft) }
            }
            if mode_value == "hva" {
                <label>
                    <span>{ t.you_play }</span>
                    <select data-testid="color" onchange={on_color}>
                        <option value="black" selected={human == Color::Black}>{ t.black_moves_first }</option>
                        <option value="white" selected={human == Color::White}>{ i18n::color_name(props.lang, Color::White) }</option>
                    </select>
                </label>
            }
            if mode_value == "hva" || mode_value == "ava" {
                <label>
                    <span>{ if mode_value == "ava" { t.black_ai_level } else { t.ai_level } }</span>
                    <select data-testid="level" onchange={on_level}>{ levels(level_value) }</select>
                </label>
            }
            if mode_value == "ava" {
                <label>
                    <span>{ t.white_ai_level }</span>
                    <select data-testid="level-white" onchange={on_level_white}>{ levels(settings.white_level) }</select>
                </label>
                <label>
                    <span>{ t.speed }</span>
                    <select data-testid="speed" onchange={on_speed}>
                        <option value="1500" selected={settings.ai_move_delay_ms == 1500}>{ t.slow }</option>
                        <option value="600" selected={settings.ai_move_delay_ms == 600}>{ t.normal }</option>
                        <option value="100" selected={settings.ai_move_delay_ms == 100}>{ t.fast }</option>
                    </select>
                </label>
            }
            if mode_value == "hva" || mode_value == "ava" {
                { mistakes_fields(props.lang, &settings) }
            }
            if !*online || online_here {
                { clock_fields(t, settings.clock, on_clock, on_increment) }
            }
            if !*online {
                { start_fields(props.lang, &settings) }
            }
            <div class="form-buttons">
                <button type="submit" class="primary" data-testid="start" disabled={*online && !online_here}>{ t.start }</button>
                <button type="button" data-testid="cancel" onclick={on_cancel}>{ t.cancel }</button>
            </div>
        </form>
    }
}

/// The AI's mistakes: the most discs one loses (none: it plays its best), and how often.
fn mistakes_fields(lang: Lang, settings: &UseStateHandle<Settings>) -> Html {
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
fn start_fields(lang: Lang, settings: &UseStateHandle<Settings>) -> Html {
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
fn clock_fields(
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
fn on_select(
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

/// The players: `hvh`, `ava`, or a person (black) against the engine.
fn set_mode(next: &mut Settings, value: &str) {
    next.mode = match value {
        "hvh" => Mode::HumanVsHuman,
        "ava" => Mode::AiVsAi,
        _ => Mode::HumanVsAi {
            human: Color::Black,
        },
    };
}

/// The person's colour against the engine; the engine keeps its level whichever colour it plays.
fn set_color(next: &mut Settings, value: &str) {
    let human = if value == "white" {
        Color::White
    } else {
        Color::Black
    };
    let level = next.level(next_ai(next.mode));
    next.mode = Mode::HumanVsAi { human };
    next.black_level = level;
    next.white_level = level;
}

/// The engine's level (black's in AI vs AI).
fn set_level(next: &mut Settings, value: &str) {
    let level = value.parse().unwrap_or(4);
    next.black_level = level;
    if next.mode != Mode::AiVsAi {
        next.white_level = level;
    }
}

/// Minutes per side (0: no clock), keeping the increment.
fn set_clock(next: &mut Settings, value: &str) {
    let minutes: u32 = value.parse().unwrap_or(0);
    let increment_s = next.clock.map_or(0, |c| c.increment_s);
    next.clock = (minutes > 0).then_some(ClockSettings {
        minutes,
        increment_s,
    });
}

/// The colour the engine plays in a human-vs-AI mode (white by default).
fn next_ai(mode: Mode) -> Color {
    match mode {
        Mode::HumanVsAi { human } => human.opponent(),
        _ => Color::White,
    }
}
