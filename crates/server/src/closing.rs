//! The server's shutdown as its parts hear it: a flag every socket and game task watches ([`closed`]), and
//! the close frame each socket sends then ([`going_away`]).

use axum::extract::ws::{close_code, CloseFrame, Message};
use tokio::sync::watch;

/// Resolves once the server shuts down (at once if it is already).
pub async fn closed(closing: &mut watch::Receiver<bool>) {
    let _ = closing.wait_for(|&closing| closing).await;
}

/// The close frame every socket gets when the server shuts down: 1001, going away.
pub fn going_away() -> Message {
    Message::Close(Some(CloseFrame {
        code: close_code::AWAY,
        reason: "the server is shutting down".into(),
    }))
}
