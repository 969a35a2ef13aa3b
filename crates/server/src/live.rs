//! The page's live socket, `/api/games/{id}/live`: the game as it is when the socket opens, every change
//! after it, and the seat's moves, resignation and rematch. The messages are [`reversi_protocol`]'s
//! [`ClientMessage`] and [`ServerMessage`]. A seat's socket says whose it is in its first message
//! (`{"type":"seat","token":…}`) or, for a program, in an `Authorization: Bearer` header of the upgrade; the
//! token never travels in the address. A socket whose first message is another, or that sends none within
//! [`FIRST_MESSAGE_MS`], watches.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{Message, WebSocket};
use futures_util::stream::SplitStream;
use futures_util::{SinkExt, StreamExt};
use reversi_protocol::{ClientMessage, ServerMessage, MAX_MESSAGE_BYTES};
use tokio::sync::broadcast::error::RecvError;

use crate::error::ApiError;
use crate::game::side;
use crate::hub::Hub;
use crate::limits::{Held, RateLimit};
use crate::table::{Command, GameHandle};
use reversi_engine::Square;

/// How long a socket opened without a header's token has to send its first message before it watches.
pub const FIRST_MESSAGE_MS: u64 = 5_000;

/// A message to a page, as it travels.
pub fn written(message: &ServerMessage) -> String {
    serde_json::to_string(message).expect("a message is always written")
}

/// A page's message, read and checked: the square a square, the ply one of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Asked {
    Seat { token: String },
    Watch,
    Move { square: Square, ply: Option<usize> },
    Resign,
    Rematch,
    Ping,
}

/// Reads a page's message; says what is wrong with one that is not understood.
pub fn parse_client(text: &str) -> Result<Asked, ApiError> {
    if text.len() > MAX_MESSAGE_BYTES {
        return Err(ApiError::BadRequest("message over 64 KB".into()));
    }
    let message: ClientMessage = serde_json::from_str(text)
        .map_err(|e| ApiError::BadRequest(format!("not a message of the live socket: {e}")))?;
    Ok(match message {
        ClientMessage::Seat { token } => Asked::Seat { token },
        ClientMessage::Watch => Asked::Watch,
        ClientMessage::Move { square, ply } => {
            let square: Square = square
                .parse()
                .map_err(|_| ApiError::BadRequest(format!("{square:?} is not a square a1..h8")))?;
            if ply.is_some_and(|p| p > 60) {
                return Err(ApiError::BadRequest("ply must be an integer 0..60".into()));
            }
            Asked::Move { square, ply }
        }
        ClientMessage::Resign => Asked::Resign,
        ClientMessage::Rematch => Asked::Rematch,
        ClientMessage::Ping => Asked::Ping,
    })
}

/// Waits for a socket's first message: the seat's token it names, or none (it watches), and a message that
/// is neither, to be answered once the socket is open.
async fn first_message(
    stream: &mut SplitStream<WebSocket>,
) -> Result<(Option<String>, Option<String>), ()> {
    let first = tokio::time::timeout(Duration::from_millis(FIRST_MESSAGE_MS), stream.next()).await;
    match first {
        Err(_) => Ok((None, None)),
        Ok(None | Some(Err(_)) | Some(Ok(Message::Close(_)))) => Err(()),
        Ok(Some(Ok(Message::Text(text)))) => match parse_client(text.as_str()) {
            Ok(Asked::Seat { token }) => Ok((Some(token).filter(|t| !t.is_empty()), None)),
            Ok(Asked::Watch) => Ok((None, None)),
            _ => Ok((None, Some(text.to_string()))),
        },
        Ok(Some(Ok(_))) => Ok((None, None)),
    }
}

/// Serves a socket on a game being played (or just finished).
pub async fn serve_live(
    socket: WebSocket,
    handle: GameHandle,
    token: Option<String>,
    held: Held,
    mut closing: tokio::sync::watch::Receiver<bool>,
) {
    let (mut sink, mut stream) = socket.split();
    let (token, pending) = match token {
        Some(token) => (Some(token), None),
        None => match first_message(&mut stream).await {
            Ok(first) => first,
            Err(()) => return,
        },
    };
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
    let hello = written(&ServerMessage::Hello {
        seat: seat.map(side),
    });
    if sink.send(Message::Text(hello.into())).await.is_err()
        || sink
            .send(Message::Text(opened.state.to_string().into()))
            .await
            .is_err()
    {
        handle.close(seat);
        return;
    }
    // A first message that was neither a seat's nor a watcher's is answered as any other.
    if let Some(first) = pending {
        if let Some(answer) = answer(&handle, token.as_deref(), &first).await {
            if sink.send(Message::Text(answer.into())).await.is_err() {
                handle.close(seat);
                return;
            }
        }
    }
    let mut limit = RateLimit::default();
    loop {
        tokio::select! {
            () = crate::closing::closed(&mut closing) => break,
            update = updates.recv() => {
                let text = match update {
                    Ok(text) => text.to_string(),
                    // Fell behind: the game as it is now.
                    Err(RecvError::Lagged(_)) => match handle.view().await {
                        Some(game) => written(&ServerMessage::State { game }),
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
    // However the loop ended (the game's task gone before this socket heard the shutdown, say), a socket
    // the shutdown ends says so.
    if *closing.borrow() {
        let _ = sink.send(crate::closing::going_away()).await;
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
    if matches!(message, Asked::Ping) {
        return Some(written(&ServerMessage::Pong));
    }
    // Whose the socket is was said when it opened.
    if matches!(message, Asked::Seat { .. } | Asked::Watch) {
        return None;
    }
    let Some(token) = token.map(str::to_string) else {
        return Some(ApiError::NotASeat.message());
    };
    let result = match message {
        Asked::Move { square, ply } => {
            handle
                .ask(|reply| Command::Move {
                    token,
                    square,
                    ply,
                    reply,
                })
                .await
        }
        Asked::Resign => handle.ask(|reply| Command::Resign { token, reply }).await,
        Asked::Rematch => handle.ask(|reply| Command::Rematch { token, reply }).await,
        Asked::Ping | Asked::Seat { .. } | Asked::Watch => return None,
    };
    result.err().map(|error| error.message())
}

/// Serves a socket on a stored, finished game: its state once, then nothing until the page closes it.
pub async fn serve_stored(socket: WebSocket, hub: Arc<Hub>, id: String, held: Held) {
    let (mut sink, mut stream) = socket.split();
    let state = match hub.view(&id).await {
        Ok(game) => written(&ServerMessage::State { game }),
        Err(error) => error.message(),
    };
    let hello = written(&ServerMessage::Hello { seat: None });
    if sink.send(Message::Text(hello.into())).await.is_ok()
        && sink.send(Message::Text(state.into())).await.is_ok()
    {
        let mut limit = RateLimit::default();
        let mut closing = hub.closing();
        loop {
            let message = tokio::select! {
                () = crate::closing::closed(&mut closing) => {
                    let _ = sink.send(crate::closing::going_away()).await;
                    break;
                }
                message = stream.next() => match message {
                    Some(Ok(message)) => message,
                    _ => break,
                },
            };
            if matches!(message, Message::Close(_))
                || (limit.allow(std::time::Instant::now()).is_err() && limit.exhausted())
            {
                break;
            }
            if let Message::Text(text) = message {
                let answer = match parse_client(text.as_str()) {
                    Ok(Asked::Ping) => written(&ServerMessage::Pong),
                    Ok(Asked::Seat { .. } | Asked::Watch) => continue,
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
            Ok(Asked::Move {
                square: "f5".parse().unwrap(),
                ply: Some(0)
            })
        );
        assert_eq!(
            parse_client(r#"{"type":"move","square":"c4"}"#),
            Ok(Asked::Move {
                square: "c4".parse().unwrap(),
                ply: None
            })
        );
        assert_eq!(parse_client(r#"{"type":"resign"}"#), Ok(Asked::Resign));
        assert_eq!(
            parse_client(r#"{"type":"seat","token":"t0k3n"}"#),
            Ok(Asked::Seat {
                token: "t0k3n".into()
            })
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
