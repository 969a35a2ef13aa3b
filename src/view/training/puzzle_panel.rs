//! The puzzles' tab: the level, the daily puzzle, the counts, and the puzzle on the board.

use yew::prelude::*;

use crate::session::training::TrainingAction;
use crate::view::i18n::training::{self as words, Words};

use super::{local_day, PuzzleRoundView, TrainingProps};

/// The puzzles' tab.
#[function_component(PuzzlePanel)]
pub(super) fn puzzle_panel(props: &TrainingProps) -> Html {
    let (training, lang) = (&props.training, props.lang);
    let w = Words::of(lang);
    let level = use_state(|| training.level());
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
    let stats = &training.progress().puzzles;
    let levels: Html = (1..=reversi_engine::puzzles::LEVELS)
        .map(|l| html! { <option value={l.to_string()} selected={l == *level}>{ format!("{} {l}", w.level) }</option> })
        .collect();
    let round = training.puzzle();
    // A puzzle on the board comes first, its verdict right under the board (in view on a phone); the choice
    // of the next follows, and the tab's introduction only while none is on the board.
    html! {
        <div class="puzzles">
            if let Some(round) = round {
                <PuzzleRoundView training={training.clone()} on_action={props.on_action.clone()} {lang} />
                if round.answer.is_some() {
                    <div class="row">
                        <button type="button" class="primary" data-testid="puzzle-next" onclick={act(|_| TrainingAction::NextPuzzle)}>{ w.next }</button>
                        <button type="button" data-testid="puzzle-retry" onclick={act(|_| TrainingAction::RetryPuzzle)}>{ w.retry }</button>
                    </div>
                }
            } else {
                <p class="intro">{ w.puzzles_intro }</p>
            }
            <div class="row">
                <label>{ w.level }{" "}
                    <select data-testid="puzzle-level" onchange={on_level}>{ levels }</select>
                </label>
                <button type="button" class={classes!(round.is_none().then_some("primary"))} data-testid="start-puzzles" onclick={act(TrainingAction::StartPuzzles)}>{ w.start_puzzles }</button>
                <button type="button" data-testid="daily-puzzle" onclick={on_daily}>
                    { w.daily }
                    if stats.daily_solved == Some(local_day()) { { " ✓" } }
                </button>
            </div>
            <p class="counts" data-testid="puzzle-counts">{ words::puzzle_counts(lang, stats.solved, stats.attempted, stats.streak, stats.best_streak) }</p>
            if training.asked().is_asking() {
                <p role="status">{ w.loading }</p>
            }
            if let Some(error) = training.asked().error() {
                <p class="notice error" role="alert" data-testid="puzzle-error">{ crate::view::i18n::worker_error(lang, error) }</p>
            }
        </div>
    }
}
