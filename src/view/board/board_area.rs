//! The board area: the board (the training room's while it is open, or the position editor in its place),
//! the step buttons under it, then the analysis's values and best lines. On a wide screen it stays in view
//! while the side panel scrolls beside it.

use std::rc::Rc;

use yew::prelude::*;

use super::{BoardView, PositionEditor, StepControls};
use crate::protocol::WireAnalysis;
use crate::session::training::Training;
use crate::session::BoardMarks;
use crate::view::browser::refocus;
use crate::view::i18n::Lang;
use reversi_engine::{Bitboard, Game, Move, Position, PositionError, Square};

/// Properties of [`BoardArea`]: the game, the graph's values, and what the board shows, worked out by the root;
/// what a click asks for goes out through typed callbacks.
#[derive(Properties, PartialEq)]
pub struct BoardAreaProps {
    pub game: Rc<Game>,
    pub browsing: Option<usize>,
    /// The training room, while it has the board.
    pub training: Option<Rc<Training>>,
    /// The analysis of the position shown (none when it is off, or before its first values).
    pub analysis: Option<Rc<WireAnalysis>>,
    /// The analysis is on: its room under the board is kept from the switch on, values or not.
    #[prop_or_default]
    pub analysing: bool,
    /// How many best lines are shown.
    #[prop_or(3)]
    pub lines: u8,
    /// The analysis's room is kept under the board even while it is off (the analysis screen: the switch
    /// moves nothing).
    #[prop_or_default]
    pub keep_room: bool,
    /// What the board marks, as the session worked it out (see [`BoardMarks`]).
    pub marks: Rc<BoardMarks>,
    /// A square clicked.
    pub on_square: Callback<Square>,
    /// A position set up in the editor, to play from.
    pub on_set_up: Callback<Position>,
    /// A best line played, as far as it is the person's, on the position it was drawn for.
    pub on_play_line: Callback<(Position, Vec<Square>)>,
    /// Show the position before a ply (`None`: the game's own).
    pub on_browse: Callback<Option<usize>>,
    /// The editor's position cannot be used.
    pub on_bad_position: Callback<PositionError>,
    pub lang: Lang,
    /// The position editor is open (in place of the board).
    pub editing: UseStateHandle<bool>,
    /// Called with the board being set up in the editor as it changes (`None` once it closes).
    #[prop_or_default]
    pub on_draft: Callback<Option<Position>>,
    /// The button that opened the editor (the focus goes back to it).
    pub opener: NodeRef,
    /// How the view turns or mirrors the board.
    pub orientation: reversi_engine::Symmetry,
    /// The variation's moves up to the position shown, while the board shows it.
    #[prop_or_default]
    pub variation: Option<Rc<Game>>,
    /// A step on is possible in the variation shown.
    #[prop_or_default]
    pub variation_goes_on: bool,
    /// Step by this many plies from the position shown.
    #[prop_or_default]
    pub on_step: Callback<i32>,
}

/// The board (or the position editor in its place), the step buttons and the analysis under it.
#[function_component(BoardArea)]
pub fn board_area(props: &BoardAreaProps) -> Html {
    let lang = props.lang;
    let game = &props.game;
    // A variation shown: its position, with its last move marked.
    let (position, last_move, flipped) = match &props.variation {
        Some(line) if !line.plies().is_empty() => shown_with_last_move(line, None),
        _ => shown_with_last_move(game, props.browsing),
    };
    let in_variation = props.variation.is_some();
    let shown_ply = props.browsing.unwrap_or(game.plies().len());
    // The root's, made once: each square compares its callback, and a new one every render would draw all
    // 64 again.
    let on_square = props.on_square.clone();
    let close_editor = {
        let (editing, opener) = (props.editing.clone(), props.opener.clone());
        move || {
            editing.set(false);
            refocus(&opener);
        }
    };
    let on_close_editor = {
        let close_editor = close_editor.clone();
        Callback::from(move |_| close_editor())
    };
    let on_set_up = {
        let on_set_up = props.on_set_up.clone();
        Callback::from(move |position| {
            close_editor();
            on_set_up.emit(position);
        })
    };
    // The best line pointed at or focused (known by its row: its rank), with the position it is for, drawn on
    // the board in place of the engine's while that position is shown: the row's line as the analysis has it
    // now, so that the line under a still pointer is drawn as it deepens, and as another takes its row.
    let drawn = use_state_eq(|| None::<(Position, usize)>);
    let on_draw = {
        let drawn = drawn.setter();
        use_callback(position, move |rank: Option<usize>, position| {
            drawn.set(rank.map(|rank| (*position, rank)))
        })
    };
    let on_play = {
        let (on_play_line, drawn) = (props.on_play_line.clone(), drawn.setter());
        // Made on the position the lines were drawn for: ignored once another is shown.
        Callback::from(move |line: Vec<Square>| {
            drawn.set(None);
            on_play_line.emit((position, line))
        })
    };
    let on_position_error = props.on_bad_position.clone();
    if let Some(training) = &props.training {
        // The room's board: its position (the start until an exercise begins), its last move, and after a
        // drill's wrong move the line's move marked.
        let (position, last, _) =
            training
                .board()
                .unwrap_or((reversi_engine::Position::START, None, Bitboard::EMPTY));
        let flipped = last.map_or(Bitboard::EMPTY, |(before, square)| {
            before.board.flips(square)
        });
        return html! {
            <section class="board-area" aria-label={lang.strings().board}>
                <BoardView {position} marks={props.marks.clone()} last_move={last.map(|l| l.1)} {flipped} {on_square} {lang} orientation={props.orientation} />
            </section>
        };
    }
    let analysis = props.analysis.clone();
    let pointed = match (&*drawn, &analysis) {
        (Some((at, rank)), Some(analysis)) if *at == position => {
            analysis.moves.get(*rank).map(|m| m.line.clone())
        }
        _ => None,
    };
    // A best line pointed at is drawn in place of the engine's.
    let marks = match pointed {
        Some(line) => Rc::new(BoardMarks {
            line,
            ..(*props.marks).clone()
        }),
        None => props.marks.clone(),
    };
    let playable = !marks.legal.is_empty();
    html! {
        <section class="board-area" aria-label={lang.strings().board}>
            if *props.editing {
                <PositionEditor initial={game.position()} on_play={on_set_up} on_error={on_position_error} on_close={on_close_editor} on_draft={props.on_draft.clone()} {lang} orientation={props.orientation} />
            } else {
                // The values, their heading and the best lines under the board, drawn by the board's one
                // render from one report.
                <BoardView {position} {marks} {last_move} {flipped}
                    {analysis} analysing={props.analysing} lines={props.lines} keep_room={props.keep_room} lines_playable={playable}
                    drawn_line={drawn.as_ref().filter(|(at, _)| *at == position).map(|(_, rank)| *rank)} on_draw={on_draw.clone()} {on_play}
                    {on_square} {lang} orientation={props.orientation}>
                    <StepControls can_back={in_variation || shown_ply > 0}
                        can_on={if in_variation { props.variation_goes_on } else { shown_ply < game.plies().len() }}
                        away={in_variation || props.browsing.is_some()}
                        on_browse={props.on_browse.clone()} on_step={props.on_step.clone()} {lang} />
                </BoardView>
            }
        </section>
    }
}

/// The position shown (an earlier one while browsing the move list), its last placement and the discs it
/// flipped (a pass is skipped to the placement before it).
fn shown_with_last_move(
    game: &Game,
    browsing: Option<usize>,
) -> (reversi_engine::Position, Option<Square>, Bitboard) {
    let (position, last_ply) = match browsing {
        Some(n) => (game.plies()[n].before, n.checked_sub(1)),
        None => (game.position(), game.plies().len().checked_sub(1)),
    };
    let last = last_ply.and_then(|i| {
        game.plies()[..=i].iter().rev().find_map(|p| match p.mv {
            Move::Place(square) => Some((p.before, square)),
            Move::Pass => None,
        })
    });
    let flipped = last.map_or(Bitboard::EMPTY, |(before, square)| {
        before.board.flips(square)
    });
    (position, last.map(|(_, square)| square), flipped)
}
