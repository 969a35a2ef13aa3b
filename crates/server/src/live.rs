//! The page's live socket, `/api/games/{id}/live` (with `?token=` for a seat, without it to watch): the game
//! as it is when the socket opens, every change after it, and the seat's moves, resignation and rematch.
//!
//! Client to server: `{"type":"move","square":"f5","ply":0}` (`ply`, optional, is the number of placements
//! the move was made after: a move made on an older position is refused), `{"type":"resign"}`,
//! `{"type":"rematch"}`, `{"type":"ping"}`. Server to client: `{"type":"hello","seat":"black"|"white"|null}`,
//! `{"type":"state","game":{…}}` after every change, `{"type":"error","error":CODE,"message":TEXT}`,
//! `{"type":"pong"}`.

use std::sync::Arc;

use axum::extract::ws::{Message, WebSocket};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::sync::broadcast::error::RecvError;

use crate::error::ApiError;
use crate::game::color_name;
use crate::hub::Hub;
use crate::limits::{Held, RateLimit};
use crate::match_protocol::MAX_MESSAGE_BYTES;
use crate::table::{Command, GameHandle};
use reversi_engine::Square;

/// A message from the page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClientMessage {
    Move { square: Square, ply: Option<usize> },
    Resign,
    Rematch,
    Ping,
}

/// Reads a page's message; says what is wrong with one that is not understood.
pub fn parse_client(text: &str) -> Result<ClientMessage, ApiError> {
    if text.len() > MAX_MESSAGE_BYTES {
        return Err(ApiError::BadRequest("message over 64 KB".into()));
    }
    let value: Value =
        serde_json::from_str(text).map_err(|e| ApiError::BadRequest(format!("not JSON: {e}")))?;
    match value.get("type").and_then(Value::as_str) {
        Some("move") => {
            let square = value.get("square").and_then(Value::as_str).ok_or_else(|| {
                ApiError::BadRequest("a move needs a square such as \"f5\"".into())
            })?;
            let square: Square = square
                .parse()
                .map_err(|_| ApiError::BadRequest(format!("{square:?} is not a square a1..h8")))?;
            let ply =
                match value.get("ply") {
                    None | Some(Value::Null) => None,
                    Some(ply) => Some(ply.as_u64().filter(|&p| p <= 60).ok_or_else(|| {
                        ApiError::BadRequest("ply must be an integer 0..60".into())
                    })? as usize),
                };
            Ok(ClientMessage::Move { square, ply })
        }
        Some("resign") => Ok(ClientMessage::Resign),
        Some("rematch") => Ok(ClientMessage::Rematch),
        Some("ping") => Ok(ClientMessage::Ping),
        Some(other) => Err(ApiError::BadRequest(format!("unknown type {other:?}"))),
        None => Err(ApiError::BadRequest("a message needs a type".into())),
    }
}

/// Serves a socket on a game being played (or just finished).
pub async fn serve_live(socket: WebSocket, handle: GameHandle, token: Option<String>, held: Held) {
    let (mut sink, mut stream) = socket.split();
    let opened = match handle
        .ask(|reply| Command::Open {
            token: token.clone(),
            reply,
        })
        .await
    {
        Ok(opened) => opened,
        Err(error) => {
            let _ = sink.send(Message::Text(error.message().into())).await;
            let _ = sink.close().await;
            return;
        }
    };
    let seat = opened.seat;
    let mut updates = opened.updates;
    let hello = json!({"type": "hello", "seat": seat.map(color_name)}).to_string();
    if sink.send(Message::Text(hello.into())).await.is_err()
        || sink
            .send(Message::Text(opened.state.to_string().into()))
            .await
            .is_err()
    {
        handle.close(seat);
        return;
    }
    let mut limit = RateLimit::default();
    loop {
        tokio::select! {
            update = updates.recv() => {
                let text = match update {
                    Ok(text) => text.to_string(),
                    // Fell behind: the game as it is now.
                    Err(RecvError::Lagged(_)) => match handle.view().await {
                        Some(view) => json!({"type": "state", "game": view}).to_string(),
                        None => break,
                    },
                    Err(RecvError::Closed) => break,
                };
                if sink.send(Message::Text(text.into())).await.is_err() {
                    break;
                }
            }
            message = stream.next() => {
                let text = match message {
                    None | Some(Err(_)) | Some(Ok(Message::Close(_))) => break,
                    Some(Ok(Message::Text(text))) => text,
                    Some(Ok(_)) => continue,
                };
                if let Err(error) = limit.allow(std::time::Instant::now()) {
                    if limit.exhausted() || sink.send(Message::Text(error.message().into())).await.is_err() {
                        break;
                    }
                    continue;
                }
                let answer = answer(&handle, token.as_deref(), text.as_str()).await;
                if let Some(answer) = answer {
                    if sink.send(Message::Text(answer.into())).await.is_err() {
                        break;
                    }
                }
            }
        }
    }
    handle.close(seat);
    drop(held);
}

/// What to answer a page's message with, besides the state every socket gets.
async fn answer(handle: &GameHandle, token: Option<&str>, text: &str) -> Option<String> {
    let message = match parse_client(text) {
        Ok(message) => message,
        Err(error) => return Some(error.message()),
    };
    if message == ClientMessage::Ping {
        return Some(json!({"type": "pong"}).to_string());
    }
    let Some(token) = token.map(str::to_string) else {
        return Some(ApiError::NotASeat.message());
    };
    let result = match message {
        ClientMessage::Move { square, ply } => {
            handle
                .ask(|reply| Command::Move {
                    token,
                    square,
                    ply,
                    reply,
                })
                .await
        }
        ClientMessage::Resign => handle.ask(|reply| Command::Resign { token, reply }).await,
        ClientMessage::Rematch => handle.ask(|reply| Command::Rematch { token, reply }).await,
        ClientMessage::Ping => unreachable!("answered above"),
    };
    result.err().map(|error| error.message())
}

/// Serves a socket on a stored, finished game: its state once, then nothing until the page closes it.
pub async fn serve_stored(socket: WebSocket, hub: Arc<Hub>, id: String, held: Held) {
    let (mut sink, mut stream) = socket.split();
    let state = match hub.view(&id).await {
        Ok(view) => json!({"type": "state", "game": view}).to_string(),
        Err(error) => error.message(),
    };
    let hello = json!({"type": "hello", "seat": Value::Null}).to_string();
    if sink.send(Message::Text(hello.into())).await.is_ok()
        && sink.send(Message::Text(state.into())).await.is_ok()
    {
        let mut limit = RateLimit::default();
        while let Some(Ok(message)) = stream.next().await {
            if matches!(message, Message::Close(_))
                || (limit.allow(std::time::Instant::now()).is_err() && limit.exhausted())
            {
                break;
            }
            if let Message::Text(text) = message {
                let answer = match parse_client(text.as_str()) {
                    Ok(ClientMessage::Ping) => json!({"type": "pong"}).to_string(),
                    Ok(_) => ApiError::GameOver.message(),
                    Err(error) => error.message(),
                };
                if sink.send(Message::Text(answer.into())).await.is_err() {
                    break;
                }
            }
        }
    }
    drop(held);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pages_messages_are_read_or_refused_with_a_reason() {
        assert_eq!(
            parse_client(r#"{"type":"move","square":"f5","ply":0}"#),
            Ok(ClientMessage::Move {
                square: "f5".parse().unwrap(),
                ply: Some(0)
            })
        );
        assert_eq!(
            parse_client(r#"{"type":"move","square":"c4"}"#),
            Ok(ClientMessage::Move {
                square: "c4".parse().unwrap(),
                ply: None
            })
        );
        assert_eq!(
            parse_client(r#"{"type":"resign"}"#),
            Ok(ClientMessage::Resign)
        );
        for bad in [
            "",
            "{",
            "[]",
            r#"{"type":"move"}"#,
            r#"{"type":"move","square":"z9"}"#,
            r#"{"type":"move","square":5}"#,
            r#"{"type":"move","square":"f5","ply":-1}"#,
            r#"{"type":"move","square":"f5","ply":"3"}"#,
            r#"{"type":"fly"}"#,
        ] {
            assert!(
                matches!(parse_client(bad), Err(ApiError::BadRequest(_))),
                "{bad}"
            );
        }
    }
}
