//! What comes back from the network: an HTTP answer (the server found, a seat taken or refused, a game looked
//! up, the lobby's lists) and the live socket's events (opened, closed and tried again, a message read and
//! checked whole or told as unreadable).

use super::*;

impl Online {
    pub(super) fn fetched(&mut self, ask: NetAsk, reply: Reply, out: &mut Outbox) -> Vec<Event> {
        match ask {
            NetAsk::Probe => {
                self.server = match &reply {
                    Ok((200, version)) if !version.is_empty() => Server::Here,
                    _ => Server::Absent,
                };
                Vec::new()
            }
            NetAsk::Account(ask) => self.account.fetched(ask, reply, out),
            NetAsk::Lobby(ask) => {
                self.lobby.fetched(ask, reply);
                Vec::new()
            }
            NetAsk::Create | NetAsk::Join { .. } => {
                self.pending = false;
                match reply {
                    Ok((200 | 201, text)) => match wire::parse_seated(&text) {
                        Ok(seated) => self.seated(seated, out),
                        Err(error) => vec![Event::Tell(OnlineNotice::Unreadable {
                            message: error.to_string(),
                        })],
                    },
                    Ok((status, text)) => {
                        let (code, message) = wire::parse_refusal(status, &text);
                        match (&ask, code) {
                            // The seat is taken: the game is watched instead.
                            (NetAsk::Join { id }, ErrorCode::BadInvite) => {
                                let mut events =
                                    self.open(id.clone(), None, None, String::new(), out);
                                events.push(Event::Tell(OnlineNotice::InviteTaken));
                                events
                            }
                            (NetAsk::Join { .. }, ErrorCode::NotFound) => {
                                vec![Event::Tell(OnlineNotice::NoSuchGame)]
                            }
                            _ => vec![Event::Tell(OnlineNotice::Refused { code, message })],
                        }
                    }
                    Err(message) => vec![Event::Tell(OnlineNotice::Failed { message })],
                }
            }
            NetAsk::Look { id } => {
                let Some(link) = self.link.as_mut().filter(|l| l.id == id) else {
                    return Vec::new();
                };
                match reply {
                    Ok((200, text)) => {
                        let game = wire::parse_game(&text);
                        match game {
                            Ok(game) if game.id == id => {
                                let moves = game.moves.clone();
                                link.away = presence::away_since(link.away, &game, self.now);
                                link.game = Some(game);
                                link.received_at = self.now;
                                link.connect(0, out);
                                let watch = link.watching();
                                out.net(NetCommand::Address(Some((id, watch))));
                                vec![Event::Begin, Event::Moves(moves)]
                            }
                            Ok(_) | Err(_) => {
                                self.link = None;
                                vec![Event::Tell(OnlineNotice::NoSuchGame)]
                            }
                        }
                    }
                    Ok((404, _)) => {
                        self.link = None;
                        out.net(NetCommand::Address(None));
                        vec![Event::Tell(OnlineNotice::NoSuchGame)]
                    }
                    // The server is down or restarting: the socket is tried (with backoff) until it answers.
                    Ok(_) | Err(_) => {
                        link.connect(1, out);
                        Vec::new()
                    }
                }
            }
        }
    }

    pub(super) fn socket(&mut self, gen: u32, event: SocketEvent, out: &mut Outbox) -> Vec<Event> {
        let now = self.now;
        let Some(link) = self.link.as_mut().filter(|l| l.gen == gen) else {
            return Vec::new();
        };
        match event {
            SocketEvent::Opened => {
                link.conn = Conn::Open;
                // Whose the socket is, first of all.
                out.net(NetCommand::Send(wire::first_message(link.token.as_deref())));
                Vec::new()
            }
            SocketEvent::Closed => {
                if link.conn == Conn::Gone {
                    return Vec::new();
                }
                let attempt = match link.conn {
                    Conn::Connecting { attempt } => attempt + 1,
                    _ => 1,
                };
                link.connect(attempt, out);
                Vec::new()
            }
            SocketEvent::Message(text) => match wire::parse_message(&text) {
                Err(error) => vec![Event::Tell(OnlineNotice::Unreadable {
                    message: error.to_string(),
                })],
                Ok(ServerMessage::Pong) => Vec::new(),
                Ok(ServerMessage::Hello { seat }) => {
                    link.conn = Conn::Open;
                    if link.token.is_some() && seat.is_none() {
                        link.token = None;
                        link.seat = None;
                        return vec![Event::Tell(OnlineNotice::NotASeat)];
                    }
                    link.seat = seat;
                    Vec::new()
                }
                Ok(ServerMessage::Error { code, message }) => {
                    // The token kept here holds no seat (changed, or another game's): the game is watched
                    // (the next connection has no token) and said so, rather than tried again for ever.
                    if code == ErrorCode::NotASeat && link.token.is_some() {
                        link.token = None;
                        link.seat = None;
                        return vec![Event::Tell(OnlineNotice::NotASeat)];
                    }
                    if code == ErrorCode::NotFound {
                        link.conn = Conn::Gone;
                        out.net(NetCommand::Close);
                        return vec![Event::Tell(OnlineNotice::NoSuchGame)];
                    }
                    let mut events = vec![Event::Tell(OnlineNotice::Refused { code, message })];
                    if let Some(game) = &link.game {
                        events.insert(0, Event::Moves(game.moves.clone()));
                    }
                    events
                }
                Ok(ServerMessage::State(game)) => {
                    let game = *game;
                    if game.id != link.id {
                        return Vec::new();
                    }
                    let moves = game.moves.clone();
                    let rematch = game
                        .rematch
                        .clone()
                        .filter(|_| game.status == Status::Finished);
                    // The first word of the game (its lookup failed: the server was down) takes the board.
                    let first = link.game.is_none();
                    // A rated game of one's own just ended: the account's ratings moved.
                    let rated_end = game.rated.is_some()
                        && game.status == Status::Finished
                        && !link.watching()
                        && link
                            .game
                            .as_ref()
                            .is_some_and(|g| g.status != Status::Finished);
                    link.away = presence::away_since(link.away, &game, now);
                    link.game = Some(game);
                    link.received_at = now;
                    let mut events = vec![Event::Moves(moves)];
                    if first {
                        events.insert(0, Event::Begin);
                    }
                    if rated_end && self.account.me().is_some() {
                        self.account.ask_me(out);
                    }
                    // Both sides agreed (or the bot always does): the rematch takes the board, on the same
                    // seat's token (the colours swap), and a watcher follows too.
                    if let Some(next) = rematch {
                        let token = link.token.clone();
                        events.extend(self.open(next, token, None, String::new(), out));
                    }
                    events
                }
            },
        }
    }
}
