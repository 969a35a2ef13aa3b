//! One square of the board: a button with its disc, its marks (legal move, last move, hint, the line's
//! steps, the analysed value, a stable disc) and its spoken name. A component of its own so that a move renders only the
//! squares it changes, and the pointer passing over the board only those it previews.

use yew::prelude::*;

use crate::view::i18n::{self, Lang};
use reversi_engine::{Color, Square};

/// Properties of [`BoardSquare`]: what the square shows, worked out by the board.
#[derive(Properties, PartialEq)]
pub struct SquareProps {
    /// The square.
    pub square: Square,
    /// Its disc.
    pub disc: Option<Color>,
    /// A legal move (clickable, a tab stop).
    pub legal: bool,
    /// A tab stop although not a legal move (the square that has the focus).
    pub keeps_focus: bool,
    /// The last placement.
    pub last: bool,
    /// The hinted move.
    pub hint: bool,
    /// The legal move under the pointer.
    pub previewed: bool,
    /// Its disc turned by the last move (animated).
    pub flipped: bool,
    /// Its disc would turn if the previewed move were played.
    pub would_flip: bool,
    /// Its disc can never be flipped (marked when the board marks stable discs).
    #[prop_or_default]
    pub stable: bool,
    /// Its step in the engine's line (1 for the first move), read out in its name (the board draws it).
    pub step: Option<LineStep>,
    /// The analysed value of the move.
    pub value: Option<SquareValue>,
    /// Called with the square when clicked.
    pub on_square: Callback<Square>,
    /// Called with the square when the pointer enters it (a legal move) and with `None` when it leaves.
    pub on_preview: Callback<Option<Square>>,
    /// Language of the spoken name.
    pub lang: Lang,
}

/// A move of the line drawn on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineStep {
    /// 1 for the line's first move.
    pub number: usize,
    /// Who plays it.
    pub mover: reversi_engine::Color,
    /// The other side passed just before it (a side plays twice running).
    pub after_pass: bool,
}

/// The analysis's value of a move, as its square shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SquareValue {
    /// Hundredths of a disc for the side to move (as the engine gives it, and `data-value` carries it;
    /// shown for Black, see [`shown_value`]).
    pub value: i32,
    /// The side to move.
    pub mover: Color,
    /// The depth searched (plies).
    pub depth: u32,
    /// The value is the exact final disc difference.
    pub exact: bool,
    /// The opening book has the move.
    pub book: bool,
    /// How far the value is from the best move's: [`Band`].
    pub band: Band,
}

/// How far a move's value lies from the best move's, the one scale the squares colour their values by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Band {
    /// The best value.
    Best,
    /// Within two discs of it.
    Close,
    /// Within six.
    Off,
    /// Further.
    Far,
}

impl Band {
    /// The band of `value` against `best` (both in hundredths of a disc for the side to move).
    pub fn of(value: i32, best: i32) -> Band {
        match best - value {
            d if d <= 0 => Band::Best,
            d if d <= 200 => Band::Close,
            d if d <= 600 => Band::Off,
            _ => Band::Far,
        }
    }

    /// The class the style sheet colours it by.
    pub fn class(self) -> &'static str {
        match self {
            Band::Best => "best",
            Band::Close => "close",
            Band::Off => "off",
            Band::Far => "far",
        }
    }
}

/// A value as its square writes it, for Black as every value on the page: to a tenth of a disc, an exact
/// one in whole discs ("+4", "−17.8", "0").
pub(super) fn shown_value(v: SquareValue) -> String {
    let black = i18n::for_black(v.mover, v.value);
    if v.exact {
        i18n::signed(black / 100 * 100, 0)
    } else {
        i18n::signed(black, 1)
    }
}

/// One square.
#[function_component(BoardSquare)]
pub fn board_square(props: &SquareProps) -> Html {
    let square = props.square;
    let t = props.lang.strings();
    let (disc, disc_label) = match props.disc {
        Some(Color::Black) => ("black", i18n::disc_name(props.lang, Color::Black)),
        Some(Color::White) => ("white", i18n::disc_name(props.lang, Color::White)),
        None => ("empty", t.empty),
    };
    let onclick = props.on_square.reform(move |_| square);
    let legal = props.legal;
    let onmouseenter = props
        .on_preview
        .reform(move |_: MouseEvent| legal.then_some(square));
    let onmouseleave = props.on_preview.reform(|_: MouseEvent| None);
    let mut label = format!("{square}, {disc_label}");
    for (on, word) in [
        (props.stable, t.stable_disc),
        (legal, t.legal_move),
        (props.last, t.last_move),
        (props.hint, t.hint),
    ] {
        if on {
            label.push_str(", ");
            label.push_str(word);
        }
    }
    if let Some(step) = props.step {
        label.push_str(&format!(", {} {}", t.line_step, step.number));
        if step.after_pass {
            label.push_str(&format!(", {}", t.line_after_pass));
        }
    }
    // The value shown on the square is part of its name (what is seen is what is read out).
    if let Some(v) = props.value {
        let depth = i18n::analysis_depth(props.lang, v.depth, v.exact);
        label.push_str(&format!(", {} ({depth})", shown_value(v)));
        if v.book {
            label.push_str(&format!(", {}", t.book_move));
        }
    }
    html! {
        <button
            type="button"
            class={classes!(
                "square",
                legal.then_some("legal"),
                props.last.then_some("last"),
                props.hint.then_some("hint"),
                (legal && props.previewed).then_some("previewed"),
                props.value.is_some().then_some("valued"),
            )}
            data-square={square.to_string()}
            data-disc={disc}
            data-legal={legal.then_some("true")}
            aria-label={label}
            tabindex={if legal || props.keeps_focus { "0" } else { "-1" }}
            {onclick}
            {onmouseenter}
            {onmouseleave}
        >
            if disc != "empty" {
                <span
                    key={format!("{square}-{disc}")}
                    class={classes!("disc", disc, props.flipped.then_some("flip"), props.last.then_some("placed"),
                        props.would_flip.then_some("would-flip"), props.stable.then_some("stable"))}
                ></span>
            }
        </button>
    }
}
