//! "Learn from your mistakes" under the review: a button (with the order) once the review is done, then the
//! mistake asked (the board shows its position), the verdict on each move tried, the answer on request, the
//! next mistake, and at the end how many were found.

use yew::prelude::*;

use crate::session::room::{Learn, LearnAction, LearnOrder, ReviewedMove, Verdict};
use crate::view::i18n::learn::{self, Strings};
use crate::view::i18n::Lang;
use reversi_engine::{Color, Move};

/// Properties of [`LearnPanel`].
#[derive(Properties, PartialEq)]
pub struct LearnPanelProps {
    /// The pass, while one runs.
    pub learn: Option<Learn>,
    /// The reviewed moves (a pass may start when the learner has a marked one).
    pub reviewed: Vec<ReviewedMove>,
    /// Whose mistakes are asked (`None`: both sides').
    pub learner: Option<Color>,
    /// The plies of the mistakes learned before (kept with the game).
    #[prop_or_default]
    pub learned: Vec<usize>,
    /// Something done in the pass.
    pub on_learn: Callback<LearnAction>,
    /// Language of the labels.
    pub lang: Lang,
}

/// The pass's panel.
#[function_component(LearnPanel)]
pub fn learn_panel(props: &LearnPanelProps) -> Html {
    let (w, lang) = (Strings::of(props.lang), props.lang);
    let order = use_state(LearnOrder::default);
    let mine: Vec<usize> = props
        .reviewed
        .iter()
        .filter(|m| m.mark.is_some() && props.learner.is_none_or(|c| c == m.color))
        .map(|m| m.ply)
        .collect();
    let has_mistakes = !mine.is_empty();
    let learned_before = mine.iter().filter(|p| props.learned.contains(p)).count();
    let start = {
        let (order, learner) = (order.clone(), props.learner);
        props
            .on_learn
            .reform(move |_: MouseEvent| LearnAction::Start(*order, learner))
    };
    let on_order = {
        let order = order.clone();
        Callback::from(move |e: Event| {
            let value = e
                .target_unchecked_into::<web_sys::HtmlSelectElement>()
                .value();
            order.set(if value == "biggest" {
                LearnOrder::Biggest
            } else {
                LearnOrder::InOrder
            });
        })
    };
    let act = |action: LearnAction| props.on_learn.reform(move |_: MouseEvent| action);
    let Some(learn) = &props.learn else {
        if !has_mistakes {
            return Html::default();
        }
        return html! {
            <div class="learn-start">
                <button type="button" class="primary" data-testid="learn-start" onclick={start}>{ w.learn }</button>
                <label class="toggle">
                    <span class="visually-hidden">{ w.order }</span>
                    <select data-testid="learn-order" aria-label={w.order} onchange={on_order}>
                        <option value="order" selected={*order == LearnOrder::InOrder}>{ w.in_order }</option>
                        <option value="biggest" selected={*order == LearnOrder::Biggest}>{ w.biggest_first }</option>
                    </select>
                </label>
                if learned_before > 0 {
                    <p class="hint-text" data-testid="learned-before">{ learn::learned_before(lang, learned_before, mine.len()) }</p>
                }
            </div>
        };
    };
    let Some(mistake) = learn.current() else {
        return html! {
            <section class="learn" data-testid="learn" aria-label={w.learn}>
                <h3>{ w.learn }</h3>
                <p data-testid="learn-summary" role="status">{ learn::summary(lang, learn.found.len(), learn.mistakes.len()) }</p>
                <div class="form-buttons">
                    <button type="button" data-testid="learn-start" onclick={start}>{ w.again }</button>
                    <button type="button" data-testid="learn-stop" onclick={act(LearnAction::Stop)}>{ w.stop }</button>
                </div>
            </section>
        };
    };
    // Numbered as the move list numbers it: the reviewed moves are the game's placements, in order.
    let number = props
        .reviewed
        .iter()
        .position(|m| m.ply == mistake.ply)
        .map_or(0, |i| i + 1);
    let (verdict_text, verdict_kind) = match learn.verdict {
        Some(Verdict::Judging(square)) => (learn::judging(lang, square), "judging"),
        Some(Verdict::Wrong { square, loss }) => (learn::wrong(lang, square, loss), "wrong"),
        Some(Verdict::Found { square, loss }) => (learn::found(lang, square, loss), "found"),
        None => (String::new(), "none"),
    };
    let answer = match mistake.best {
        Move::Place(best) if learn.revealed => Some(learn::answer(lang, best, &mistake.line)),
        _ => None,
    };
    html! {
        <section class="learn" data-testid="learn" aria-label={w.learn}>
            <h3>{ w.learn }{ " · " }{ learn::progress(lang, learn.at, learn.mistakes.len()) }</h3>
            <p data-testid="learn-prompt">{ learn::prompt(lang, number, mistake.color, mistake.played, mistake.loss) }</p>
            <p class={classes!("learn-verdict", verdict_kind)} data-testid="learn-verdict" data-verdict={verdict_kind}
                role="status" aria-live="polite">{ verdict_text }</p>
            if let Some(answer) = answer {
                <p data-testid="learn-answer">{ answer }</p>
            }
            <div class="form-buttons">
                <button type="button" data-testid="learn-reveal" disabled={learn.answer_seen()} onclick={act(LearnAction::Reveal)}>{ w.show_answer }</button>
                <button type="button" class={classes!(learn.answer_seen().then_some("primary"))} data-testid="learn-next"
                    onclick={act(LearnAction::Next)}>{ w.next }</button>
                <button type="button" data-testid="learn-stop" onclick={act(LearnAction::Stop)}>{ w.stop }</button>
            </div>
        </section>
    }
}
