//! The training room's side panel: puzzles (level, daily, the verdict, the perfect line step by step,
//! counts) and drills (the line's choice, the colour, the verdict on each move, the schedule's counts).
//! The board is the page's own ([`crate::view::BoardView`]), fed from
//! [`crate::session::training::Training::board`].

use std::rc::Rc;

use yew::prelude::*;

use crate::session::training::drill::{lines, DrillChoice};
use crate::session::training::{ProgressLost, Tab, Training, TrainingAction};
use crate::view::i18n::training::{self as words, Words};
use crate::view::i18n::Lang;
use crate::view::panels::Counts;
use reversi_engine::openings::OPENINGS;
use reversi_engine::Color;

/// Properties of [`TrainingRoom`].
#[derive(Properties, PartialEq)]
pub struct TrainingProps {
    /// The room's state, as the page last rendered it.
    pub training: Rc<Training>,
    /// Called with each action the room asks for.
    pub on_action: Callback<TrainingAction>,
    /// Language of the labels.
    pub lang: Lang,
}

/// Days since 1970-01-01 in the player's local date.
pub fn local_day() -> i64 {
    let now = js_sys::Date::new_0();
    let local_ms = now.get_time() - now.get_timezone_offset() * 60_000.0;
    (local_ms / 86_400_000.0).floor() as i64
}

fn seed() -> u64 {
    js_sys::Date::now() as u64
}

/// The room's panel in place of the game's.
#[function_component(TrainingRoom)]
pub fn training_room(props: &TrainingProps) -> Html {
    let (training, lang) = (&props.training, props.lang);
    let w = Words::of(lang);
    let tab = |to: Tab| {
        let on_action = props.on_action.clone();
        Callback::from(move |_: MouseEvent| on_action.emit(TrainingAction::Show(to)))
    };
    let on_leave = {
        let on_action = props.on_action.clone();
        Callback::from(move |_: MouseEvent| on_action.emit(TrainingAction::Close))
    };
    let selected = |t: Tab| if training.tab == t { "true" } else { "false" };
    html! {
        <section class="training" data-testid="training-room" aria-label={w.training}>
            <h2>{ w.training }</h2>
            <div class="tabs" role="group">
                <button type="button" aria-pressed={selected(Tab::Puzzles)} data-testid="tab-puzzles" onclick={tab(Tab::Puzzles)}>{ w.puzzles }</button>
                <button type="button" aria-pressed={selected(Tab::Drills)} data-testid="tab-drills" onclick={tab(Tab::Drills)}>{ w.drills }</button>
            </div>
            if let Some(kept) = &training.progress_lost {
                <p class="notice" role="status" data-testid="progress-lost">
                    if let ProgressLost::KeptAt(key) = kept {
                        { w.progress_lost }{ " " }<code>{ key }</code>
                    } else {
                        { w.progress_lost_not_kept }
                    }
                </p>
            }
            if training.tab == Tab::Puzzles {
                <PuzzlePanel training={training.clone()} on_action={props.on_action.clone()} {lang} />
            } else {
                <DrillPanel training={training.clone()} on_action={props.on_action.clone()} {lang} />
            }
            <button type="button" class="link" data-testid="leave-training" onclick={on_leave}>{ w.leave }</button>
        </section>
    }
}

#[function_component(PuzzlePanel)]
fn puzzle_panel(props: &TrainingProps) -> Html {
    let (training, lang) = (&props.training, props.lang);
    let w = Words::of(lang);
    let level = use_state(|| training.level);
    let on_level = {
        let level = level.clone();
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            level.set(select.value().parse().unwrap_or(1));
        })
    };
    let act = |make: fn(u8) -> TrainingAction| {
        let (on_action, level) = (props.on_action.clone(), level.clone());
        Callback::from(move |_: MouseEvent| on_action.emit(make(*level)))
    };
    let on_daily = {
        let on_action = props.on_action.clone();
        Callback::from(move |_: MouseEvent| {
            on_action.emit(TrainingAction::DailyPuzzle(local_day()))
        })
    };
    let stats = &training.progress.puzzles;
    let levels: Html = (1..=reversi_engine::puzzles::LEVELS)
        .map(|l| html! { <option value={l.to_string()} selected={l == *level}>{ format!("{} {l}", w.level) }</option> })
        .collect();
    let round = training.puzzle.as_ref();
    html! {
        <div class="puzzles">
            <p class="intro">{ w.puzzles_intro }</p>
            <div class="row">
                <label>{ w.level }{" "}
                    <select data-testid="puzzle-level" onchange={on_level}>{ levels }</select>
                </label>
                <button type="button" class="primary" data-testid="start-puzzles" onclick={act(TrainingAction::StartPuzzles)}>{ w.start_puzzles }</button>
                <button type="button" data-testid="daily-puzzle" onclick={on_daily}>
                    { w.daily }
                    if stats.daily_solved == Some(local_day()) { { " ✓" } }
                </button>
            </div>
            <p class="counts" data-testid="puzzle-counts">{ words::puzzle_counts(lang, stats.solved, stats.attempted, stats.streak, stats.best_streak) }</p>
            if training.asked.is_asking() {
                <p role="status">{ w.loading }</p>
            }
            if let Some(error) = training.asked.error() {
                <p class="notice error" role="alert">{ error.to_string() }</p>
            }
            if let Some(round) = round {
                <PuzzleRoundView training={training.clone()} on_action={props.on_action.clone()} {lang} />
                if round.answer.is_some() {
                    <div class="row">
                        <button type="button" class="primary" data-testid="puzzle-next" onclick={act(|_| TrainingAction::NextPuzzle)}>{ w.next }</button>
                        <button type="button" data-testid="puzzle-retry" onclick={act(|_| TrainingAction::RetryPuzzle)}>{ w.retry }</button>
                    </div>
                }
            }
        </div>
    }
}

#[function_component(PuzzleRoundView)]
fn puzzle_round_view(props: &TrainingProps) -> Html {
    let (training, lang) = (&props.training, props.lang);
    let w = Words::of(lang);
    let Some(round) = training.puzzle.as_ref() else {
        return html! {};
    };
    let puzzle = &round.puzzle;
    let (shown, _) = round.shown();
    let (best, score) = puzzle.moves[0];
    let decisive = puzzle.moves[1].1.signum() != score.signum();
    let step = |to: usize| {
        let on_action = props.on_action.clone();
        Callback::from(move |_: MouseEvent| on_action.emit(TrainingAction::StepLine(to)))
    };
    let line: Html = puzzle
        .line
        .iter()
        .enumerate()
        .map(|(i, square)| {
            let current = round.step == i + 1;
            html! {
                <li><button type="button" class="link" aria-current={current.then_some("step")}
                    data-testid="line-move" onclick={step(i + 1)}>{ square.to_string() }</button></li>
            }
        })
        .collect();
    html! {
        <div class="puzzle" data-testid="puzzle" data-position={puzzle.position.to_string()}>
            <p class="title">{ words::puzzle_title(lang, puzzle.level, puzzle.index, puzzle.of, puzzle.year, round.daily.is_some()) }</p>
            <Counts black={shown.black().count()} white={shown.white().count()} to_move={Some(shown.to_move)} {lang} />
            <p class="task">{ words::puzzle_task(lang, puzzle.position.to_move, score, decisive) }</p>
            if let (Some(answer), Some(correct), Some(loss)) = (round.answer, round.correct(), round.loss()) {
                <p class={classes!("result", if correct { "right" } else { "wrong" })} role="status"
                    data-testid="puzzle-result" data-correct={correct.to_string()} data-loss={loss.to_string()}>
                    { words::puzzle_verdict(lang, answer, best, score, loss) }
                </p>
                <div class="perfect-line" data-testid="puzzle-line">
                    <span>{ w.perfect_line }{ ": " }</span>
                    <button type="button" aria-label={w.back} data-testid="line-back" disabled={round.step == 0}
                        onclick={step(round.step.saturating_sub(1))}>{ "◀" }</button>
                    <button type="button" aria-label={w.forward} data-testid="line-forward" disabled={round.step >= puzzle.line.len()}
                        onclick={step(round.step + 1)}>{ "▶" }</button>
                    <ol class="line-moves">{ line }</ol>
                </div>
            }
        </div>
    }
}

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
        Lang::Zh => opening.chinese_or_english(),
    }
}

#[function_component(DrillPanel)]
fn drill_panel(props: &TrainingProps) -> Html {
    let (training, lang) = (&props.training, props.lang);
    let w = Words::of(lang);
    let choice = use_state(|| training.choice.unwrap_or(DrillChoice::AllOpenings));
    let color = use_state(|| training.drill.as_ref().map_or(Color::Black, |d| d.color));
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
    let (shown_choice, shown_color) = match &training.drill {
        Some(round) => (training.choice.unwrap_or(*choice), round.color),
        None => (*choice, *color),
    };
    let all = lines(shown_choice, shown_color);
    let (learned, due) = training.progress.drills.summary(&all, shown_color, today);
    html! {
        <div class="drills">
            <p class="intro">{ w.drills_intro }</p>
            <details class="drill-setup" data-testid="drill-setup" open={training.drill.is_none()}>
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
            if let Some(round) = &training.drill {
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
                            training.progress.drills.lines.get(&round.line.key(round.color)).map_or(0, |s| s.streak)) }</p>
                        <button type="button" class="primary" data-testid="drill-next" onclick={on_next}>{ w.next_line }</button>
                    }
                </div>
            }
        </div>
    }
}
