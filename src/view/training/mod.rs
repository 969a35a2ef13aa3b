//! The training room's side panel, a component a file: puzzles (level, daily, the verdict, the perfect line step by step,
//! counts) and drills (the line's choice, the colour, the verdict on each move, the schedule's counts).
//! The board is the page's own ([`crate::view::BoardView`]), fed from
//! [`crate::session::training::Training::board`].

use std::rc::Rc;

use yew::prelude::*;

use crate::session::training::{ProgressLost, Tab, Training, TrainingAction};
use crate::view::i18n::training::Words;
use crate::view::i18n::Lang;

mod drill_panel;
mod puzzle_panel;
mod puzzle_round;

use self::drill_panel::DrillPanel;
use self::puzzle_panel::PuzzlePanel;
use self::puzzle_round::PuzzleRoundView;

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

pub(super) fn seed() -> u64 {
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
    let selected = |t: Tab| if training.tab() == t { "true" } else { "false" };
    html! {
        <section class="training" data-testid="training-room" aria-label={w.training}>
            <h2>{ w.training }</h2>
            <div class="tabs" role="group">
                <button type="button" aria-pressed={selected(Tab::Puzzles)} data-testid="tab-puzzles" onclick={tab(Tab::Puzzles)}>{ w.puzzles }</button>
                <button type="button" aria-pressed={selected(Tab::Drills)} data-testid="tab-drills" onclick={tab(Tab::Drills)}>{ w.drills }</button>
            </div>
            if let Some(kept) = &training.progress_lost() {
                <p class="notice" role="status" data-testid="progress-lost">
                    if let ProgressLost::KeptAt(key) = kept {
                        { w.progress_lost }{ " " }<code>{ key }</code>
                    } else {
                        { w.progress_lost_not_kept }
                    }
                </p>
            }
            if training.tab() == Tab::Puzzles {
                <PuzzlePanel training={training.clone()} on_action={props.on_action.clone()} {lang} />
            } else {
                <DrillPanel training={training.clone()} on_action={props.on_action.clone()} {lang} />
            }
            <button type="button" class="link" data-testid="leave-training" onclick={on_leave}>{ w.leave }</button>
        </section>
    }
}
