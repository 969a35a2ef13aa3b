//! Whether each side's person is there: connected, gone a moment ("reconnecting…", as a dropped connection
//! is), or gone for good ("left": the game over, or away longer than [`LEFT_AFTER_MS`]). The server says only
//! "connected" or not; how long a side has been away is counted here from the server's words, and the page is
//! woken when "reconnecting…" turns to "left".

use super::wire::{SeatKind, ServerGame, Status};
use super::Link;
use reversi_engine::Color;

/// How long a person may be away before the other side is told they left.
pub const LEFT_AFTER_MS: f64 = 30_000.0;

/// Who is on a side, as the page says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Presence {
    /// The server's engine.
    House,
    /// A bot connected to the server.
    Bot,
    /// The invited seat, not taken yet.
    Open,
    /// A person whose page is connected.
    Connected,
    /// A person whose page dropped (or closed) a moment ago.
    Reconnecting,
    /// A person gone: the game is over, or they are away longer than [`LEFT_AFTER_MS`].
    Left,
    /// Not known: this page's own connection is down, so what the server said last may be stale (a bot or
    /// a person who was connected then may have gone since; an open seat may have been taken).
    Unknown,
}

fn index(color: Color) -> usize {
    match color {
        Color::Black => 0,
        Color::White => 1,
    }
}

/// When each side's person was first seen away, from the game before (`away`) and the game now, at `now`.
pub(super) fn away_since(away: [Option<f64>; 2], game: &ServerGame, now: f64) -> [Option<f64>; 2] {
    [Color::Black, Color::White].map(|color| {
        let seat = game.seat(color);
        let gone = seat.kind == SeatKind::Human && !seat.open && !seat.connected;
        gone.then(|| away[index(color)].unwrap_or(now))
    })
}

impl Link {
    /// Who is on `color`'s side at `now`. While this page's own connection is down its own seat is the one
    /// reconnecting, and the others' presence is not known (the server's last word is not repeated as if
    /// it were still true); the server's engine is the server's, and a finished game's people have left.
    pub fn presence(&self, color: Color, now: f64) -> Option<Presence> {
        let game = self.game.as_ref()?;
        let seat = game.seat(color);
        if self.conn != super::Conn::Open {
            return Some(match seat.kind {
                SeatKind::House => Presence::House,
                _ if self.seat() == Some(color) => Presence::Reconnecting,
                SeatKind::Human if game.status == Status::Finished && !seat.open => Presence::Left,
                _ => Presence::Unknown,
            });
        }
        Some(match seat.kind {
            SeatKind::House => Presence::House,
            SeatKind::Bot => Presence::Bot,
            SeatKind::Human if seat.open => Presence::Open,
            SeatKind::Human if seat.connected => Presence::Connected,
            SeatKind::Human if game.status == Status::Finished => Presence::Left,
            SeatKind::Human => match self.away[index(color)] {
                Some(since) if now - since >= LEFT_AFTER_MS => Presence::Left,
                _ => Presence::Reconnecting,
            },
        })
    }

    /// When a side away now is to be said to have left (the page wakes then).
    pub fn wake_at(&self) -> Option<f64> {
        let playing = self.game.as_ref()?.status != Status::Finished;
        playing
            .then(|| {
                self.away
                    .iter()
                    .flatten()
                    .map(|since| since + LEFT_AFTER_MS)
            })
            .into_iter()
            .flatten()
            .reduce(f64::min)
    }
}
