//! The record: the transcript, the opening and the move list.

use std::rc::Rc;

use yew::prelude::*;

use crate::session::{ExpertTitle, Start};

use crate::view::i18n::Lang;
use crate::view::panels::{ListedVariation, MoveList};
use reversi_engine::review::Mark;
use reversi_engine::Game;

/// What the record says of how the game started.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum StartLine {
    /// The standard start (nothing to say).
    Standard,
    /// A random start is being looked for.
    Finding,
    /// An XOT or random start, with its value for black.
    Started(Start, i32),
}

/// Properties of [`Record`].
#[derive(Properties, PartialEq)]
pub struct RecordProps {
    /// The game.
    pub game: Rc<Game>,
    /// The ply browsed, if any.
    pub browsing: Option<usize>,
    /// The review's marks by ply.
    pub marks: Vec<(usize, Mark)>,
    /// The expert game on the board, if one was opened.
    pub expert: Option<ExpertTitle>,
    /// A game is kept aside (the expert game's title offers it back).
    pub can_bring_back: bool,
    /// How the game started.
    pub start: StartLine,
    /// Show the position before a ply (`None`: the game's own).
    pub on_browse: Callback<Option<usize>>,
    /// Bring back the game kept aside.
    pub on_bring_back: Callback<()>,
    /// The lines tried beside the game, each listed after the move it replaces.
    #[prop_or_default]
    pub variations: Vec<ListedVariation>,
    /// Show a variation (its place among the game's) after this many of its plies.
    #[prop_or_default]
    pub on_variation: Callback<(usize, usize)>,
    /// Called with an edit of the variation shown (delete from here, promote, make main line).
    #[prop_or_default]
    pub on_edit: Callback<crate::session::GameAction>,
    /// The variation shown may become the record.
    #[prop_or_default]
    pub can_main_line: bool,
    /// Language of the labels.
    pub lang: Lang,
}

/// The record: the transcript, the opening's name, the move list (with the review's marks).
#[function_component(Record)]
pub fn record(props: &RecordProps) -> Html {
    let lang = props.lang;
    let t = lang.strings();
    let game = &props.game;
    let opening_name = reversi_engine::openings::of_game_until(game, props.browsing).map_or_else(
        || "—".to_string(),
        |o| match lang {
            Lang::En => o.name.to_string(),
            Lang::Zh => format!("{}（{}）", o.chinese, o.name),
        },
    );
    let on_browse = props.on_browse.clone();
    let expert = props.expert.as_ref().map(|title| {
        let back = props.on_bring_back.reform(|_: MouseEvent| ());
        html! {
            <p class="expert-title" data-testid="expert-title">
                { crate::view::i18n::extras::expert_title(lang, title, props.browsing.is_none()) }
                if props.can_bring_back {
                    { " " }<button type="button" class="link" data-testid="expert-back" onclick={back}>{ t.previous_game }</button>
                }
            </p>
        }
    });
    let x = crate::view::i18n::extras::Strings::of(lang);
    let start = match props.start {
        StartLine::Finding => {
            html! { <p class="start-line" role="status" data-testid="finding-start">{ x.finding_start }</p> }
        }
        StartLine::Started(start, value) => {
            html! { <p class="start-line" data-testid="started" data-value={value.to_string()}>{ crate::view::i18n::extras::started(lang, start, value) }</p> }
        }
        StartLine::Standard => Html::default(),
    };
    html! {
        <>
            { start }
            { for expert }
            <p class="transcript-line">
                <span class="label">{ t.transcript }{ ": " }</span>
                <code data-testid="transcript">{ game.transcript() }</code>
            </p>
            <p class="opening-line">
                <span class="label">{ t.opening }{ ": " }</span>
                <span data-testid="opening-name">{ opening_name }</span>
            </p>
            <MoveList plies={game.plies().to_vec()} browsing={props.browsing} on_select={on_browse} marks={props.marks.clone()}
                variations={props.variations.clone()} on_variation={props.on_variation.clone()}
                on_edit={props.on_edit.clone()} can_main_line={props.can_main_line} {lang} />
        </>
    }
}
