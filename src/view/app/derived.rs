//! What the root works out of the session for its components, a render at a time: the review's word on the
//! move browsed, the game in GGF, how a finished game scored and its empty squares, and the line read out to
//! screen readers.

use crate::session::room::ReviewedMove;
use crate::session::Session;
use crate::view::i18n::{self, Lang};
use crate::view::panels::ListedVariation;
use crate::view::sections::status_line;
use reversi_engine::{Game, Move};

/// The move played from the position browsed, as the review valued it (marked moves only), numbered as the
/// move list numbers it.
pub(super) fn reviewed_here(
    game: &Game,
    browsing: Option<usize>,
    reviewed: &[ReviewedMove],
) -> Option<(usize, ReviewedMove)> {
    let ply = browsing?;
    let number = game.plies()[..ply]
        .iter()
        .filter(|p| p.mv != Move::Pass)
        .count()
        + 1;
    reviewed
        .iter()
        .find(|m| m.ply == ply && m.mark.is_some())
        .map(|m| (number, m.clone()))
}

/// The game in GGF, each side named for who plays it.
pub(super) fn ggf_record(session: &Session) -> String {
    let name = |color| {
        if session.play().settings().is_ai(color) {
            format!("Reversi-level-{}", session.play().settings().level(color))
        } else {
            "Player".to_string()
        }
    };
    let (black, white) = (
        name(reversi_engine::Color::Black),
        name(reversi_engine::Color::White),
    );
    reversi_engine::ggf::write(
        session.play().game(),
        &reversi_engine::ggf::Players {
            black: &black,
            white: &white,
        },
    )
}

/// The empty squares a finished game's score counts, and the side they go to (`None`: shared): none when
/// the board is full or a side ran out of time (the discs are the score).
pub(super) fn empties_counted(
    session: &Session,
    winner: Option<reversi_engine::Color>,
    flagged: Option<reversi_engine::Color>,
) -> Option<(u8, Option<reversi_engine::Color>)> {
    let board = session.play().game().position();
    let empties = 64 - board.black().count() - board.white().count();
    if flagged.is_some() || empties == 0 {
        return None;
    }
    let to = match session.prefs().scoring() {
        crate::session::Scoring::EmptiesToWinner => winner,
        crate::session::Scoring::Split => None,
    };
    Some((empties as u8, to))
}

/// How a game ended: the winner, the score (black's discs first) and the side that ran out of time.
pub(super) type FinalResult = (
    Option<reversi_engine::Color>,
    (u8, u8),
    Option<reversi_engine::Color>,
);

/// How the game ended, once it has: the winner, the score (black's first, by the scoring rule; the discs on
/// the board when a side ran out of time) and the side that did.
pub(super) fn final_result(session: &Session) -> Option<FinalResult> {
    if let Some(flagged) = session.flagged() {
        let board = session.play().game().position();
        let score = (board.black().count() as u8, board.white().count() as u8);
        return Some((Some(flagged.opponent()), score, Some(flagged)));
    }
    let outcome = session.play().game().outcome()?;
    Some((
        outcome.winner(),
        session.prefs().scoring().score(&outcome),
        None,
    ))
}

/// For screen readers: the last placement, then whose turn it is, a pass, or the result.
pub(super) fn announcement(lang: Lang, session: &Session) -> String {
    let last = session.play().game().plies().iter().rev().find_map(|p| {
        p.mv.square()
            .map(|s| i18n::played(lang, p.before.to_move, s))
    });
    format!(
        "{} {}",
        last.unwrap_or_default(),
        status_line(lang, session)
    )
}

/// The variations as the move list draws them: where each hangs, and the one shown.
pub(super) fn listed_variations(play: &crate::session::Play) -> Vec<ListedVariation> {
    let hangs = play.hangs();
    play.variations()
        .iter()
        .zip(hangs)
        .enumerate()
        .map(|(i, (v, hang))| {
            let (plies, shown) = v.plies();
            ListedVariation {
                at: v.at(),
                plies,
                shown,
                active: play.shown_variation() == Some(i),
                hang,
            }
        })
        .collect()
}
