//! The side panel's sections, each a component over what it shows (a part of the session, or plain values
//! the root works out) that asks for changes through its `on_action` callback: the state of play (counts,
//! clocks, status), the engine's lines (progress, figures, hint, line), the notice line, the record (transcript,
//! opening, move list), the analysis room, the account and the lobby, the scoring choice and the help. The root ([`crate::view::app`])
//! lays them out.

use crate::session::Session;
use crate::view::i18n::{self, Lang};
use reversi_engine::Move;

mod account_panel;
mod analysis_room;
mod engine_lines;
mod help;
mod image_panel;
mod lobby;
mod notice_line;
mod orientation_choice;
mod play_state;
mod player_page;
mod record;
mod save_slots;
mod scoring_choice;

pub use self::account_panel::AccountPanel;
pub use self::analysis_room::AnalysisRoom;
pub use self::engine_lines::EngineLines;
pub use self::help::Help;
pub use self::image_panel::ImagePanel;
pub use self::lobby::Lobby;
pub use self::notice_line::NoticeLine;
pub use self::orientation_choice::OrientationChoice;
pub use self::play_state::PlayState;
pub use self::record::{Record, StartLine};
pub use self::save_slots::SaveSlots;
pub use self::scoring_choice::ScoringChoice;

/// Whose turn it is, a pass just made, or the result; for a position browsed in the record, its move
/// number and whose turn it was there.
pub fn status_line(lang: Lang, session: &Session) -> String {
    let game = &session.play().game();
    if session.play().in_variation() {
        return format!(
            "{} · {}",
            lang.strings().variation,
            i18n::to_move(lang, session.shown().to_move)
        );
    }
    if let Some(ply) = session.play().browsing() {
        let placements = game.plies()[..ply]
            .iter()
            .filter(|p| p.mv != Move::Pass)
            .count();
        return i18n::viewing(lang, placements, game.plies()[ply].before.to_move);
    }
    if let Some(color) = session.flagged() {
        return i18n::lost_on_time(lang, color);
    }
    if let Some(outcome) = game.outcome() {
        let (black, white) = session.prefs().scoring().score(&outcome);
        return i18n::result(lang, outcome.winner(), black, white);
    }
    let to_move = game.to_move();
    if let Some(turn) = online_turn(lang, session, to_move) {
        return turn;
    }
    let turn = if session.play().settings().is_ai(to_move) {
        i18n::thinking(lang, to_move, session.play().settings().level(to_move))
    } else {
        i18n::to_move(lang, to_move)
    };
    if game.last_move() == Some(Move::Pass) {
        format!("{} {turn}", i18n::passed(lang, to_move.opponent()))
    } else {
        turn
    }
}

/// Whose turn it is in an online game: the friend awaited, "Your move", or the opponent's (by name), with a
/// pass said first; `None` for a game not online.
fn online_turn(lang: Lang, session: &Session, to_move: reversi_engine::Color) -> Option<String> {
    use crate::session::online::wire::Status;
    let link = session.online().link()?;
    let game = link.game()?;
    let o = i18n::online::Strings::of(lang);
    let turn = match (game.status, link.seat()) {
        (Status::Waiting, _) => o.waiting_friend.to_string(),
        (Status::Finished, _) => game
            .result
            .as_ref()
            .map(|r| i18n::online::result(lang, r))
            .unwrap_or_default(),
        (Status::Playing, Some(seat)) if seat == to_move => o.your_move.to_string(),
        (Status::Playing, _) => i18n::online::to_move(lang, to_move, &game.seat(to_move).name),
    };
    Some(if session.play().game().last_move() == Some(Move::Pass) {
        format!("{} {turn}", i18n::passed(lang, to_move.opponent()))
    } else {
        turn
    })
}
