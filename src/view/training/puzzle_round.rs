//! A puzzle being solved: the verdict on the answer and the perfect line, step by step.

use yew::prelude::*;

use crate::session::training::TrainingAction;
use crate::view::i18n::training::{self as words, Words};
use crate::view::panels::Counts;

use super::TrainingProps;

/// The puzzle on the board: its verdict and line.
#[function_component(PuzzleRoundView)]
pub(super) fn puzzle_round_view(props: &TrainingProps) -> Html {
    let (training, lang) = (&props.training, props.lang);
    let w = Words::of(lang);
    let Some(round) = training.puzzle() else {
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
