//! One game as the server keeps it, pure and synchronous: its seats, its clock, its moves and its result. The
//! game's task ([`crate::table`]) owns one and is the only writer; every rule is checked here, against the
//! engine's [`Game`], and tested natively without a socket.

use reversi_protocol::{
    ClockView, EndReason, GameResult, GameView, SeatKind, SeatView, Side, Status,
};

use crate::error::ApiError;
use crate::rating::Rating;
use reversi_engine::{Color, Game, Square};
use reversi_protocol::{Category, SeatRating, PROVISIONAL_DEVIATION};

/// Milliseconds since the Unix epoch (or a duration in milliseconds).
pub type Ms = i64;

/// The wall clock, in [`Ms`].
pub fn now_ms() -> Ms {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as Ms)
}

/// Who sits on one side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seat {
    /// A person, who moves with the seat's secret `token`; `name` is `None` while the seat is open.
    Human { name: Option<String>, token: String },
    /// A bot connected to `/ws?name=NAME`, asked by the match protocol (3 s a move).
    Bot { name: String },
    /// The engine itself at a level (1–10), named `house-N`.
    House { level: u8 },
}

impl Seat {
    /// How the seat is stored and shown: `human`, `bot` or `house`.
    pub fn kind(&self) -> SeatKind {
        match self {
            Seat::Human { .. } => SeatKind::Human,
            Seat::Bot { .. } => SeatKind::Bot,
            Seat::House { .. } => SeatKind::House,
        }
    }

    /// The name shown: a person's (empty while open), a bot's, or `house-N`.
    pub fn name(&self) -> String {
        match self {
            Seat::Human { name, .. } => name.clone().unwrap_or_default(),
            Seat::Bot { name } => name.clone(),
            Seat::House { level } => format!("house-{level}"),
        }
    }

    /// The seat's token, for a person's seat.
    pub fn token(&self) -> Option<&str> {
        match self {
            Seat::Human { token, .. } => Some(token),
            _ => None,
        }
    }

    /// Whether a program moves for this seat.
    pub fn is_program(&self) -> bool {
        !matches!(self, Seat::Human { .. })
    }
}

/// A clock: the time each side starts with and what each move adds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    pub initial_ms: Ms,
    pub increment_ms: Ms,
}

/// The longest clock a game may have (3 hours a side) and the largest increment (3 minutes).
pub const MAX_CLOCK_MS: Ms = 3 * 3600 * 1000;
pub const MAX_INCREMENT_MS: Ms = 180 * 1000;

/// One placement as stored: where, when, and both clocks after it (the mover's increment included).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveRecord {
    pub square: Square,
    pub at_ms: Ms,
    pub black_ms: Ms,
    pub white_ms: Ms,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finish {
    /// `None` for a draw.
    pub winner: Option<Color>,
    /// `score` (neither side can move), `resign`, `time` (a flag fell), or `forfeit` (a bot broke a rule).
    pub reason: String,
    /// What the forfeit was, for a forfeit.
    pub detail: Option<String>,
    /// The discs counted; a forfeit counts as 64 to 0 for the disc margin (as the match server's rules do).
    pub black_discs: u8,
    pub white_discs: u8,
    pub at_ms: Ms,
}

/// Everything stored about a game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    pub id: String,
    pub created_ms: Ms,
    pub black: Seat,
    pub white: Seat,
    /// The code that claims the open seat, while one is open.
    pub invite: Option<String>,
    pub clock: Option<Clock>,
    /// When both seats were filled and black's clock started.
    pub started_ms: Option<Ms>,
    pub moves: Vec<MoveRecord>,
    pub finish: Option<Finish>,
    /// The game this one is the rematch of, and the rematch of this one.
    pub rematch_of: Option<String>,
    pub rematch: Option<String>,
    /// The tournament this game belongs to.
    pub tournament: Option<String>,
    /// A game between two accounts (paired in the lobby): who, their ratings, rated or not.
    pub ranked: Option<Ranked>,
}

impl GameRecord {
    /// A game started at `now` between two seats taken (no invitation, no moves, nothing linked to it yet).
    pub fn started(
        id: String,
        black: Seat,
        white: Seat,
        clock: Option<Clock>,
        now: Ms,
    ) -> GameRecord {
        GameRecord {
            id,
            created_ms: now,
            black,
            white,
            invite: None,
            clock,
            started_ms: Some(now),
            moves: Vec::new(),
            finish: None,
            rematch_of: None,
            rematch: None,
            tournament: None,
            ranked: None,
        }
    }
}

/// A game between two accounts.
#[derive(Clone, Debug, PartialEq)]
pub struct Ranked {
    pub black: Player,
    pub white: Player,
    /// The category a rated game counts for; `None` for a casual game.
    pub rated: Option<Category>,
    /// What a rated game changed the ratings by as shown (Black's, White's), once its result is stored.
    pub changes: Option<(i32, i32)>,
}

/// An account in a game, with its rating in the game's category when the game began.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Player {
    pub account: i64,
    pub rating: Rating,
}

/// A game being played: its record, the engine's game replayed from it, and what lives only in memory.
#[derive(Clone, Debug)]
pub struct LiveGame {
    pub record: GameRecord,
    game: Game,
    /// Time left on each clock when the side to move's turn began ([black, white]).
    remaining: [Ms; 2],
    /// When the side to move's clock started.
    turn_started_ms: Ms,
    /// Open sockets of each seat ([black, white]) and of watchers.
    pub connected: [usize; 2],
    pub watchers: usize,
    /// The seat that asked for a rematch, until the other agrees.
    pub rematch_offer: Option<Color>,
}

fn index(color: Color) -> usize {
    match color {
        Color::Black => 0,
        Color::White => 1,
    }
}

/// `black` or `white`, as the API writes a side.
pub fn color_name(color: Color) -> &'static str {
    match color {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// A side as the protocol writes it.
pub fn side(color: Color) -> Side {
    match color {
        Color::Black => Side::Black,
        Color::White => Side::White,
    }
}

/// A side of the protocol as the engine's colour.
pub fn color_of(side: Side) -> Color {
    match side {
        Side::Black => Color::Black,
        Side::White => Color::White,
    }
}

/// Reads `black` or `white`.
pub fn parse_color(text: &str) -> Option<Color> {
    match text {
        "black" => Some(Color::Black),
        "white" => Some(Color::White),
        _ => None,
    }
}

/// Compares two tokens in time that does not depend on where they differ.
fn same_token(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

impl LiveGame {
    /// Replays a stored game. `alive_ms` is the last moment the server is known to have been running (its
    /// heartbeat): the time between it and `now` (the server down) is not charged to the side to move.
    pub fn resume(record: GameRecord, now: Ms, alive_ms: Option<Ms>) -> Result<LiveGame, String> {
        let mut game = Game::new();
        for m in &record.moves {
            game.play(m.square)
                .map_err(|e| format!("game {}: stored move {} {e}", record.id, m.square))?;
        }
        let initial = record.clock.map_or(0, |c| c.initial_ms);
        let (remaining, turn_started) = match record.moves.last() {
            Some(m) => ([m.black_ms, m.white_ms], m.at_ms),
            None => ([initial, initial], record.started_ms.unwrap_or(now)),
        };
        let mut live = LiveGame {
            record,
            game,
            remaining,
            turn_started_ms: turn_started,
            connected: [0, 0],
            watchers: 0,
            rematch_offer: None,
        };
        if live.record.finish.is_none() && live.record.started_ms.is_some() {
            // Charged: from the turn's start to the last heartbeat; the rest was the server's down time.
            let charged = alive_ms.map_or(now, |a| a.min(now)) - turn_started;
            live.turn_started_ms = now - charged.max(0);
        }
        Ok(live)
    }

    /// A new game from its record (no moves yet).
    pub fn new(record: GameRecord, now: Ms) -> LiveGame {
        LiveGame::resume(record, now, None).expect("a record without moves replays")
    }

    /// The engine's game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The seat a token holds, if any.
    pub fn seat_of(&self, token: &str) -> Option<Color> {
        [Color::Black, Color::White]
            .into_iter()
            .find(|&c| self.seat(c).token().is_some_and(|t| same_token(t, token)))
    }

    /// Who sits on `color`'s side.
    pub fn seat(&self, color: Color) -> &Seat {
        match color {
            Color::Black => &self.record.black,
            Color::White => &self.record.white,
        }
    }

    /// Placements played so far.
    pub fn ply(&self) -> usize {
        self.record.moves.len()
    }

    /// Whether moves may be played: both seats filled and no result yet.
    pub fn is_running(&self) -> bool {
        self.record.started_ms.is_some() && self.record.finish.is_none()
    }

    /// The side to move while the game runs.
    pub fn to_move(&self) -> Option<Color> {
        self.is_running().then(|| self.game.to_move())
    }

    /// Whether the seat's clock can fall: a clock is set and a person sits there (a program has 3 s a move).
    fn clocked(&self, color: Color) -> bool {
        self.record.clock.is_some() && !self.seat(color).is_program()
    }

    /// The time left on `color`'s clock at `now`.
    pub fn time_left(&self, color: Color, now: Ms) -> Ms {
        let left = self.remaining[index(color)];
        if self.to_move() == Some(color) && self.record.clock.is_some() {
            left - (now - self.turn_started_ms)
        } else {
            left
        }
    }

    /// When the side to move's flag falls, if its clock can.
    pub fn flag_at(&self) -> Option<Ms> {
        let color = self.to_move()?;
        self.clocked(color)
            .then(|| self.turn_started_ms + self.remaining[index(color)])
    }

    /// Claims the open seat with the invitation code; returns its colour and token. Starts the game.
    pub fn claim(
        &self,
        invite: &str,
        name: &str,
        now: Ms,
    ) -> Result<(Color, GameRecord), ApiError> {
        self.record
            .invite
            .as_deref()
            .filter(|code| same_token(code, invite))
            .ok_or(ApiError::BadInvite)?;
        let color = [Color::Black, Color::White]
            .into_iter()
            .find(|&c| matches!(self.seat(c), Seat::Human { name: None, .. }))
            .ok_or(ApiError::BadInvite)?;
        let seat = Seat::Human {
            name: Some(name.to_string()),
            token: self.seat(color).token().unwrap_or_default().to_string(),
        };
        let mut record = self.record.clone();
        match color {
            Color::Black => record.black = seat,
            Color::White => record.white = seat,
        }
        record.invite = None;
        record.started_ms = Some(now);
        Ok((color, record))
    }

    /// Takes a claimed record (from [`LiveGame::claim`], once stored).
    pub fn claimed(&mut self, record: GameRecord, now: Ms) {
        self.record = record;
        self.turn_started_ms = now;
        let initial = self.record.clock.map_or(0, |c| c.initial_ms);
        self.remaining = [initial, initial];
    }

    /// Checks a move by `color` on `square` (made on ply `ply` when given) at `now`, and returns what to
    /// store. Nothing changes until [`LiveGame::apply`]. A move after the mover's flag fell is refused with
    /// `GameOver`; the caller ends the game on time.
    pub fn check_move(
        &self,
        color: Color,
        square: Square,
        ply: Option<usize>,
        now: Ms,
    ) -> Result<MoveRecord, ApiError> {
        if self.record.finish.is_some() {
            return Err(ApiError::GameOver);
        }
        if self.record.started_ms.is_none() {
            return Err(ApiError::NotStarted);
        }
        if self.game.to_move() != color {
            return Err(ApiError::NotYourTurn);
        }
        if let Some(sent) = ply.filter(|&p| p != self.ply()) {
            return Err(ApiError::StalePly {
                sent,
                current: self.ply(),
            });
        }
        if !self.game.legal_moves().contains(square) {
            return Err(ApiError::IllegalMove(square.to_string()));
        }
        if self.flag_at().is_some_and(|flag| now >= flag) {
            return Err(ApiError::GameOver);
        }
        let mut left = self.remaining;
        if let Some(clock) = self.record.clock {
            let i = index(color);
            left[i] = left[i] - (now - self.turn_started_ms) + clock.increment_ms;
        }
        Ok(MoveRecord {
            square,
            at_ms: now,
            black_ms: left[0],
            white_ms: left[1],
        })
    }

    /// Plays a checked, stored move; returns the result if the game is now over.
    pub fn apply(&mut self, record: MoveRecord) -> Option<Finish> {
        self.game
            .play(record.square)
            .expect("a checked move is legal");
        self.record.moves.push(record);
        self.remaining = [record.black_ms, record.white_ms];
        self.turn_started_ms = record.at_ms;
        self.rematch_offer = None;
        self.game.is_over().then(|| {
            let counts = self.game.counts();
            Finish {
                winner: counts.winner(),
                reason: "score".to_string(),
                detail: None,
                black_discs: counts.black,
                white_discs: counts.white,
                at_ms: record.at_ms,
            }
        })
    }

    /// The result when `loser` resigns, runs out of time (`reason` "resign" or "time") or forfeits
    /// ("forfeit", with what it did): the discs on the board, or 64–0 for a forfeit.
    pub fn loss(&self, loser: Color, reason: &str, detail: Option<String>, now: Ms) -> Finish {
        let counts = self.game.counts();
        let (black_discs, white_discs) = if reason == "forfeit" {
            match loser {
                Color::Black => (0, 64),
                Color::White => (64, 0),
            }
        } else {
            (counts.black, counts.white)
        };
        Finish {
            winner: Some(loser.opponent()),
            reason: reason.to_string(),
            detail,
            black_discs,
            white_discs,
            at_ms: now,
        }
    }

    /// Records the result (once stored).
    pub fn finish(&mut self, finish: Finish) {
        if let Some(color) = self.to_move() {
            let i = index(color);
            self.remaining[i] = self.time_left(color, finish.at_ms).max(0);
        }
        self.record.finish = Some(finish);
    }

    /// The game as everyone may see it (no token, no invitation), at `now`.
    pub fn view(&self, now: Ms) -> GameView {
        let record = &self.record;
        let seat = |color: Color| {
            let seat = self.seat(color);
            SeatView {
                name: seat.name(),
                kind: seat.kind(),
                open: matches!(seat, Seat::Human { name: None, .. }),
                connected: seat.is_program() || self.connected[index(color)] > 0,
                rating: record.ranked.as_ref().map(|ranked| {
                    let (player, change) = match color {
                        Color::Black => (ranked.black, ranked.changes.map(|c| c.0)),
                        Color::White => (ranked.white, ranked.changes.map(|c| c.1)),
                    };
                    SeatRating {
                        rating: player.rating.rating.round() as i32,
                        provisional: player.rating.deviation > PROVISIONAL_DEVIATION,
                        change,
                    }
                }),
            }
        };
        let status = if record.finish.is_some() {
            Status::Finished
        } else if record.started_ms.is_some() {
            Status::Playing
        } else {
            Status::Waiting
        };
        GameView {
            id: record.id.clone(),
            status,
            black: seat(Color::Black),
            white: seat(Color::White),
            moves: record.moves.iter().map(|m| m.square.to_string()).collect(),
            ply: self.ply(),
            to_move: self.to_move().map(side),
            clock: record.clock.map(|c| ClockView {
                initial_ms: c.initial_ms,
                increment_ms: c.increment_ms,
            }),
            black_ms: record
                .clock
                .map(|_| self.time_left(Color::Black, now).max(0)),
            white_ms: record
                .clock
                .map(|_| self.time_left(Color::White, now).max(0)),
            server_ms: now,
            result: record.finish.as_ref().map(finish_view),
            rematch: record.rematch.clone(),
            rematch_of: record.rematch_of.clone(),
            rematch_offer: self.rematch_offer.map(side),
            tournament: record.tournament.clone(),
            watchers: self.watchers as u32,
            created_ms: record.created_ms,
            rated: record.ranked.as_ref().and_then(|r| r.rated),
        }
    }
}

/// A result as shown.
pub fn finish_view(finish: &Finish) -> GameResult {
    GameResult {
        winner: finish.winner.map(side),
        reason: match finish.reason.as_str() {
            "score" => EndReason::Score,
            "resign" => EndReason::Resign,
            "time" => EndReason::Time,
            // The store writes the four reasons alone; a forfeit says what it was in its detail.
            _ => EndReason::Forfeit,
        },
        detail: finish.detail.clone(),
        black: finish.black_discs,
        white: finish.white_discs,
        at_ms: finish.at_ms,
    }
}

#[cfg(test)]
mod tests;
