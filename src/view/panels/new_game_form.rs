//! The new-game dialog (as lichess's: everything a click, Start always in view): who plays, the AI's levels
//! and the colour, the clock, and folded away the AI's mistakes on purpose, the speed of AI-vs-AI games and
//! where the game starts (the standard start, an XOT opening, or a random position within a range of values:
//! the selects of [`fields`]).

mod fields;

use wasm_bindgen::JsCast;
use yew::prelude::*;

use self::fields::{clock_fields, mistakes_fields, on_select, start_fields};
use crate::session::{Action, ClockSettings, Mode, Settings};
use crate::view::i18n::screens::{self, Strings as Screens};
use crate::view::i18n::Lang;
use reversi_engine::{Color, MAX_LEVEL};

/// Properties of [`NewGameForm`].
#[derive(Properties, PartialEq)]
pub struct NewGameProps {
    /// The settings to start from (the last game's).
    pub settings: Settings,
    /// The last game's colour was drawn by lot (the dialog opens with "random" chosen).
    #[prop_or_default]
    pub by_lot: bool,
    /// Called with the new game asked for ([`Action::NewGame`], or [`Action::NewGameByLot`]).
    pub on_start: Callback<Action>,
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

/// The dialog. Its buttons keep the tests' contract: `mode-hvh`, `mode-hva`, `mode-ava`, `mode-online`,
/// `level-N` (`level-white-N`), `color-black` / `-random` / `-white`, `clock-M-I`, then `start`.
#[function_component(NewGameForm)]
pub fn new_game_form(props: &NewGameProps) -> Html {
    let settings = use_state(|| props.settings);
    let online = use_state(|| false);
    // The colour left to chance (drawn at the start) and the clock's own fields shown.
    let random_color = use_state(|| props.by_lot);
    let custom_clock = use_state(|| false);
    let draft = {
        let name = props.name.clone();
        use_state(move || super::online_form::OnlineDraft {
            name,
            ..Default::default()
        })
    };
    // Focus moves into the dialog when it opens, onto who plays as chosen (and back to its opener when it
    // closes, see the app).
    let first_field = use_node_ref();
    {
        let first_field = first_field.clone();
        use_effect_with((), move |_| {
            let chosen = first_field
                .cast::<web_sys::Element>()
                .and_then(|group| group.query_selector("button.on").ok().flatten())
                .and_then(|button| button.dyn_into::<web_sys::HtmlElement>().ok());
            if let Some(button) = chosen {
                let _ = button.focus();
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
        let random_color = random_color.clone();
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
                // The colour by lot is drawn by the session, and again at each "Play again".
                let by_lot = *random_color && matches!(settings.mode, Mode::HumanVsAi { .. });
                on_start.emit(if by_lot {
                    Action::NewGameByLot(*settings)
                } else {
                    Action::NewGame(*settings)
                });
            }
        })
    };
    let online_here = props.server == crate::session::online::Server::Here;
    let on_cancel = props.on_cancel.reform(|_| ());
    // Escape closes the form, as it closes a dialog.
    let on_keydown = super::escape_closes(&props.on_cancel);

    let t = props.lang.strings();
    let words = Screens::of(props.lang);
    // A choice of buttons, one pressed: `testid-value` each (the tests' contract: `mode-hva`, `level-3`).
    let pressed = |testid: String, on: bool, label: Html, onclick: Callback<MouseEvent>| -> Html {
        html! {
            <button type="button" class={classes!("choice", on.then_some("on"))} data-testid={testid}
                aria-pressed={on.to_string()} {onclick}>{ label }</button>
        }
    };
    let mode_button = |value: &'static str, label: &'static str| -> Html {
        let online = online.clone();
        let settings = settings.clone();
        let onclick = Callback::from(move |_: MouseEvent| {
            online.set(value == "online");
            let mut next = *settings;
            set_mode(&mut next, value);
            settings.set(next);
        });
        pressed(
            format!("mode-{value}"),
            mode_value == value,
            html! { label },
            onclick,
        )
    };
    let level_buttons = |testid: &'static str, selected: u8, white: bool| -> Html {
        html! {
            <div class="levels" role="group" data-testid={testid}
                aria-label={if mode_value == "ava" { if white { t.white_ai_level } else { t.black_ai_level } } else { t.ai_level }}>
                { for (1..=MAX_LEVEL).map(|n| {
                    let settings = settings.clone();
                    let onclick = Callback::from(move |_: MouseEvent| {
                        let mut next = *settings;
                        if white {
                            next.white_level = n;
                        } else {
                            set_level(&mut next, &n.to_string());
                        }
                        settings.set(next);
                    });
                    let label = html! {
                        <><b>{ n.to_string() }</b><span>{ screens::level_word(props.lang, n) }</span></>
                    };
                    pressed(format!("{testid}-{n}"), n == selected, label, onclick)
                }) }
            </div>
        }
    };
    let color_button = |value: &'static str, label: &'static str| -> Html {
        let settings = settings.clone();
        let random_color = random_color.clone();
        let on = match value {
            "random" => *random_color,
            "white" => !*random_color && human == Color::White,
            _ => !*random_color && human == Color::Black,
        };
        let onclick = Callback::from(move |_: MouseEvent| {
            random_color.set(value == "random");
            if value != "random" {
                let mut next = *settings;
                set_color(&mut next, value);
                settings.set(next);
            }
        });
        let icon = html! {
            <>
                <span class={classes!("disc-icon", value)} aria-hidden="true"></span>
                <span>{ label }</span>
            </>
        };
        pressed(format!("color-{value}"), on, icon, onclick)
    };
    // The clock's presets (minutes + seconds a move), then the fields for any other.
    let clock_button = |preset: Option<(u32, u32)>| -> Html {
        let settings = settings.clone();
        let custom_clock = custom_clock.clone();
        let current = settings.clock.map(|c| (c.minutes, c.increment_s));
        let on = !*custom_clock && current == preset;
        let onclick = Callback::from(move |_: MouseEvent| {
            custom_clock.set(false);
            let mut next = *settings;
            next.clock = preset.map(|(minutes, increment_s)| ClockSettings {
                minutes,
                increment_s,
            });
            settings.set(next);
        });
        let (testid, label) = match preset {
            None => ("clock-none".to_string(), words.unlimited.to_string()),
            Some((m, i)) => (format!("clock-{m}-{i}"), format!("{m}+{i}")),
        };
        pressed(testid, on, html! { label }, onclick)
    };
    let on_custom_clock = {
        let custom_clock = custom_clock.clone();
        let settings = settings.clone();
        Callback::from(move |_: MouseEvent| {
            custom_clock.set(true);
            if settings.clock.is_none() {
                let mut next = *settings;
                next.clock = Some(ClockSettings {
                    minutes: 5,
                    increment_s: 0,
                });
                settings.set(next);
            }
        })
    };
    let custom_on = *custom_clock
        || settings
            .clock
            .is_some_and(|c| !CLOCK_PRESETS.contains(&Some((c.minutes, c.increment_s))));
    // The backdrop's click (not the dialog's own) closes it, as Escape does.
    let on_backdrop = {
        let on_cancel = props.on_cancel.clone();
        Callback::from(move |e: MouseEvent| {
            if e.target() == e.current_target() {
                on_cancel.emit(());
            }
        })
    };
    let folded = mode_value == "hva" || mode_value == "ava" || !*online;

    html! {
        <div class="dialog-backdrop" onclick={on_backdrop}>
        <form class="new-game dialog" data-testid="new-game-form" role="dialog" aria-modal="true" aria-labelledby="new-game-title"
            onsubmit={on_submit} onkeydown={on_keydown}>
            <div class="dialog-head">
                <h2 id="new-game-title">{ t.new_game }</h2>
                <button type="button" class="dialog-close" data-testid="close-dialog" aria-label={words.close} onclick={on_cancel.clone()}>{ "×" }</button>
            </div>
            <div class="dialog-body">
                <div class="field">
                    <span class="field-label" id="who-plays">{ words.who_plays }</span>
                    <div class="choices" role="group" aria-labelledby="who-plays" data-testid="mode" ref={first_field}>
                        { mode_button("hva", words.vs_ai) }
                        { mode_button("hvh", words.vs_here) }
                        { mode_button("online", words.vs_online) }
                        { mode_button("ava", words.ai_vs_ai) }
                    </div>
                </div>
                if *online {
                    { super::online_form::online_fields(props.lang, props.server, &props.bots, &draft) }
                }
                if mode_value == "hva" {
                    <div class="field">
                        <span class="field-label">{ t.ai_level }</span>
                        { level_buttons("level", level_value, false) }
                    </div>
                    <div class="field">
                        <span class="field-label" id="your-color">{ words.your_color }</span>
                        <div class="choices colors" role="group" aria-labelledby="your-color" data-testid="color">
                            { color_button("black", words.black) }
                            { color_button("random", words.random) }
                            { color_button("white", words.white) }
                        </div>
                    </div>
                }
                if mode_value == "ava" {
                    <div class="field">
                        <span class="field-label">{ t.black_ai_level }</span>
                        { level_buttons("level", level_value, false) }
                    </div>
                    <div class="field">
                        <span class="field-label">{ t.white_ai_level }</span>
                        { level_buttons("level-white", settings.white_level, true) }
                    </div>
                }
                if !*online || online_here {
                    <div class="field">
                        <span class="field-label" id="time-control">{ words.time_control }</span>
                        <div class="choices clocks" role="group" aria-labelledby="time-control" data-testid="clock-presets">
                            { for CLOCK_PRESETS.into_iter().map(clock_button) }
                            { pressed("clock-custom".into(), custom_on, html! { words.custom }, on_custom_clock) }
                        </div>
                        if custom_on {
                            <div class="custom-clock">
                                { clock_fields(t, settings.clock, on_clock, on_increment) }
                            </div>
                        }
                    </div>
                }
                if folded && !*online {
                    <details class="more-options" data-testid="more-options">
                        <summary>{ words.more_options }</summary>
                        if mode_value == "ava" {
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
                        { start_fields(props.lang, &settings) }
                    </details>
                }
            </div>
            <div class="form-buttons dialog-foot">
                <button type="submit" class="primary" data-testid="start" disabled={*online && !online_here}>{ t.start }</button>
                <button type="button" data-testid="cancel" onclick={on_cancel}>{ t.cancel }</button>
            </div>
        </form>
        </div>
    }
}

/// The clock's presets in the dialog: none, then minutes a side + seconds a move (each within the choices the
/// custom fields offer: `CLOCK_MINUTES` and `CLOCK_INCREMENTS` of `crate::session::game::settings::choices`).
const CLOCK_PRESETS: [Option<(u32, u32)>; 6] = [
    None,
    Some((1, 0)),
    Some((5, 0)),
    Some((5, 2)),
    Some((10, 5)),
    Some((30, 10)),
];

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
