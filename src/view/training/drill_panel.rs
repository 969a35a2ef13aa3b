//! The drills' tab: the lines' choice, the colour, the verdict on each move, the schedule's counts.

use yew::prelude::*;

use crate::session::training::drill::{lines, DrillChoice};
use crate::session::training::TrainingAction;
use crate::view::i18n::training::{self as words, Words};
use crate::view::i18n::Lang;
use reversi_engine::openings::OPENINGS;
use reversi_engine::Color;

use super::{local_day, seed, TrainingProps};

/// The choice after ticking or unticking opening `index`: a whole set gives way to the opening; an opening
/// joins or leaves the ones chosen; none left means all of them again.
fn toggled(choice: DrillChoice, index: usize) -> DrillChoice {
    let set = match choice {
        DrillChoice::Opening(i) => 1u128 << i,
        DrillChoice::Several(set) => set,
        DrillChoice::AllOpenings | DrillChoice::BookLines => 0,
    } ^ (1u128 << index);
    match set.count_ones() {
        0 => DrillChoice::AllOpenings,
        1 => DrillChoice::Opening(set.trailing_zeros() as usize),
        _ => DrillChoice::Several(set),
    }
}

/// True when `value`'s option is part of `choice`.
fn chosen(choice: DrillChoice, value: DrillChoice) -> bool {
    match (choice, value) {
        (DrillChoice::Several(set), DrillChoice::Opening(i)) => set & (1 << i) != 0,
        _ => choice == value,
    }
}

fn opening_name(lang: Lang, index: usize) -> &'static str {
    let opening = &OPENINGS[index];
    match lang {
        Lang::En => opening.name,
        Lang::Zh => opening.chinese,
    }
}

#[function_component(DrillPanel)]
pub(super) fn drill_panel(props: &TrainingProps) -> Html {
    let (training, lang) = (&props.training, props.lang);
    let w = Words::of(lang);
    let choice = use_state(|| training.choice().unwrap_or(DrillChoice::AllOpenings));
    let color = use_state(|| training.drill().map_or(Color::Black, |d| d.color));
    let search = use_state(String::new);
    let on_search = {
        let search = search.clone();
        Callback::from(move |e: InputEvent| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            search.set(input.value());
        })
    };
    // The whole sets are picked like radio buttons; the openings are ticked one by one.
    let pick = |to: DrillChoice| {
        let choice = choice.clone();
        Callback::from(move |_: Event| choice.set(to))
    };
    let tick = |index: usize| {
        let choice = choice.clone();
        Callback::from(move |_: Event| choice.set(toggled(*choice, index)))
    };
    let on_color = {
        let color = color.clone();
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            color.set(if select.value() == "white" {
                Color::White
            } else {
                Color::Black
            });
        })
    };
    let on_start = {
        let (on_action, choice, color) = (props.on_action.clone(), choice.clone(), color.clone());
        Callback::from(move |_: MouseEvent| {
            on_action.emit(TrainingAction::StartDrill {
                choice: *choice,
                color: *color,
                today: local_day(),
                seed: seed(),
            })
        })
    };
    let on_next = {
        let on_action = props.on_action.clone();
        Callback::from(move |_: MouseEvent| {
            on_action.emit(TrainingAction::NextLine {
                today: local_day(),
                seed: seed(),
            })
        })
    };
    let wanted = search.trim().to_lowercase();
    let openings: Html = (0..OPENINGS.len())
        .filter(|&i| {
            wanted.is_empty()
                || OPENINGS[i].name.to_lowercase().contains(&wanted)
                || opening_name(lang, i).to_lowercase().contains(&wanted)
        })
        .map(|i| {
            let name = opening_name(lang, i);
            html! {
                <li>
                    <label>
                        <input type="checkbox" data-testid="drill-opening-option" data-name={OPENINGS[i].name}
                            checked={chosen(*choice, DrillChoice::Opening(i))} onchange={tick(i)} />
                        { " " }{ name }
                    </label>
                </li>
            }
        })
        .collect();
    let today = local_day();
    let (shown_choice, shown_color) = match &training.drill() {
        Some(round) => (training.choice().unwrap_or(*choice), round.color),
        None => (*choice, *color),
    };
    let all = lines(shown_choice, shown_color);
    let (learned, due) = training.progress().drills.summary(&all, shown_color, today);
    html! {
        <div class="drills">
            <p class="intro">{ w.drills_intro }</p>
            <details class="drill-setup" data-testid="drill-setup" open={training.drill().is_none()}>
            <summary>{ w.drill_setup }</summary>
            <div class="row">
                <fieldset class="drill-openings" data-testid="drill-openings">
                    <legend>{ w.opening }</legend>
                    <label><input type="radio" name="drill-set" data-testid="drill-all"
                        checked={*choice == DrillChoice::AllOpenings} onchange={pick(DrillChoice::AllOpenings)} />{ " " }{ w.all_openings }</label>
                    <label><input type="radio" name="drill-set" data-testid="drill-book"
                        checked={*choice == DrillChoice::BookLines} onchange={pick(DrillChoice::BookLines)} />{ " " }{ w.book_lines }</label>
                    <input type="search" data-testid="drill-search" placeholder={w.search_openings}
                        aria-label={w.search_openings} value={(*search).clone()} oninput={on_search} />
                    <ul class="opening-list">{ openings }</ul>
                </fieldset>
                <label>{ w.play_as }{" "}
                    <select data-testid="drill-color" onchange={on_color}>
                        <option value="black" selected={*color == Color::Black}>{ crate::view::i18n::color_name(lang, Color::Black) }</option>
                        <option value="white" selected={*color == Color::White}>{ crate::view::i18n::color_name(lang, Color::White) }</option>
                    </select>
                </label>
                <button type="button" class="primary" data-testid="start-drill" onclick={on_start}>{ w.start_drill }</button>
            </div>
            </details>
            <p class="counts" data-testid="drill-counts">{ words::drill_counts(lang, learned, all.len(), due) }</p>
            if let Some(round) = &training.drill() {
                <div class="drill" data-testid="drill"
                    data-expected={round.expected().filter(|_| !round.done).map(|s| s.to_string()).unwrap_or_default()}
                    data-done={round.done.to_string()}>
                    <p class="title">{ words::drill_title(lang, opening_name(lang, round.line.opening), round.color) }</p>
                    // The line is shown before the first answer (to learn it) and at the end; in between it is
                    // played from memory.
                    if round.done || (round.feedback.is_none() && round.mistakes == 0) {
                        <p class="drill-line"><span class="label">{ w.the_line }{ ": " }</span>
                            <code data-testid="drill-line">{ round.line.moves.iter().map(|&s| round.frame.apply_square(s).to_string()).collect::<Vec<_>>().join(" ") }</code>
                        </p>
                    }
                    if let Some(feedback) = &round.feedback {
                        <p class={classes!("result", if feedback.correct { "right" } else { "wrong" })} role="status"
                            data-testid="drill-feedback" data-correct={feedback.correct.to_string()}>
                            { if feedback.correct { w.right.to_string() } else { words::drill_miss(lang, feedback.played, feedback.expected, feedback.values) } }
                        </p>
                    } else if !round.done {
                        <p>{ w.your_move }</p>
                    }
                    if round.done {
                        <p data-testid="drill-done">{ words::drill_done(lang, round.mistakes,
                            training.progress().drills.lines.get(&round.line.key(round.color)).map_or(0, |s| s.streak)) }</p>
                        <button type="button" class="primary" data-testid="drill-next" onclick={on_next}>{ w.next_line }</button>
                    }
                </div>
            }
        </div>
    }
}
