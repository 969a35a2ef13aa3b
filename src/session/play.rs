//! The game on the board, a part of its own: its settings, the record, the position browsed, the clock, the
//! engine's reply held until due, and how the game began. Its own controls ([`GameAction`]: a square
//! clicked, undo and redo, the record browsed) are reduced here, with no engine, channel or notice in
//! reach: each says what it changed ([`Outcome`]), and the session's root acts on it (withdraws what was
//! asked of the engine, asks anew, tells the person).

use super::clock::GameClock;
use super::notice::Notice;
use super::pacing::HeldReply;
use super::replace::ExpertTitle;
use super::settings::{Mode, Settings, Start};
use reversi_engine::{Bitboard, Color, Game, Position, Square};

/// The game on the board.
#[derive(Clone, Debug, PartialEq)]
pub struct Play {
    /// Which game this is, across saves, reloads and tabs: what tells a game further on from another game
    /// with the same first moves (0: not known, a game saved before games had one).
    pub id: u64,
    /// How this game was set up.
    pub settings: Settings,
    /// The record.
    pub game: Game,
    /// Showing the position before this ply of the record instead of the current one.
    pub browsing: Option<usize>,
    /// The game clock, when the game has one.
    pub clock: Option<GameClock>,
    /// The engine's move, held back because it came sooner than
    /// [`MIN_REPLY_MS`](super::MIN_REPLY_MS) after the person's.
    pub held: Option<HeldReply>,
    /// When the engine's reply to the person's last move may be shown (page milliseconds).
    pub reply_due: Option<f64>,
    /// The expert game on the board, when one was opened from the games list (until another game replaces
    /// it).
    pub expert: Option<ExpertTitle>,
    /// How this game's start was chosen, and its value for black (hundredths of a disc), for an XOT or a
    /// random start.
    pub started: Option<(Start, i32)>,
}

/// The game's own controls.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum GameAction {
    /// A click (or Enter) on a square.
    Square(Square),
    /// Take back: in human vs AI, back to the person's previous turn.
    Undo,
    /// Replay what was taken back (in human vs AI, the engine's reply too).
    Redo,
    /// Show the position before ply `n` of the record (`None`: the current position).
    Browse(Option<usize>),
    /// Step through the record by this many plies from the position shown (the ← and → keys).
    Step(i32),
    /// Go on from the position shown: the moves after it are taken back (and stay a redo away).
    PlayFromHere,
}

/// What a [`GameAction`] changed, for the root to act on.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// Nothing.
    Nothing,
    /// The record changed: what was asked for the old position is withdrawn (`withdraw`: a search of the
    /// engine's too), the notice cleared, and the engine asked what the new position needs.
    Record {
        /// Whether the engine's own search is withdrawn too (moves taken back).
        withdraw: bool,
    },
    /// Another position of the record is shown.
    Shown,
    /// Nothing changed; the person is told why.
    Told(Notice),
}

impl Play {
    /// A game set up by `settings`, from the standard start, its clock not started, its id not given yet.
    pub fn new(settings: Settings) -> Play {
        Play {
            id: 0,
            settings,
            game: Game::new(),
            browsing: None,
            clock: settings.clock.map(GameClock::new),
            held: None,
            reply_due: None,
            expert: None,
            started: None,
        }
    }

    /// True when the game has ended: no side can move, or a side ran out of time.
    pub fn is_finished(&self) -> bool {
        self.game.is_over() || self.flagged().is_some()
    }

    /// The side that lost on time, if any.
    pub fn flagged(&self) -> Option<Color> {
        self.clock.as_ref().and_then(|c| c.flagged)
    }

    /// True when the engine plays the side to move and the game is on (`waiting`: the game waits, for the
    /// training room to close or for its random start).
    pub fn ai_to_move(&self, waiting: bool) -> bool {
        !waiting && !self.is_finished() && self.settings.is_ai(self.game.to_move())
    }

    /// The position on the board: the current one, or the one being browsed.
    pub fn shown(&self) -> Position {
        match self.browsing {
            Some(ply) => self.game.plies()[ply].before,
            None => self.game.position(),
        }
    }

    /// Legal moves a person may click (none while the engine is to move, when browsing or waiting).
    pub fn clickable(&self, waiting: bool) -> Bitboard {
        if waiting || self.ai_to_move(false) || self.browsing.is_some() {
            Bitboard::EMPTY
        } else {
            self.game.legal_moves()
        }
    }

    /// Charges the clock up to `now` (the time since the last charge goes to the side to move; a clock
    /// that has not started starts at `now`); while the game is over or waits (`waiting`) it stops. True
    /// when a side ran out of time just now.
    pub fn charge(&mut self, now: f64, waiting: bool) -> bool {
        let finished = self.is_finished();
        let side = self.game.to_move();
        let Some(clock) = self.clock.as_mut() else {
            return false;
        };
        if finished || waiting {
            // The game waits: its clock starts again when next charged after the wait.
            clock.stop();
            false
        } else {
            clock.charge(side, now)
        }
    }

    /// The game without a clock, now and in its settings (an imported, shared or expert game: a reload
    /// does not give it one either).
    pub fn drop_clock(&mut self) {
        self.clock = None;
        self.settings.clock = None;
    }

    /// After `color` placed a disc: its increment.
    pub fn moved(&mut self, color: Color) {
        if let Some(clock) = self.clock.as_mut() {
            clock.moved(color);
        }
    }

    /// Applies one of the game's own controls; `waiting`: the game waits for its random start.
    pub fn apply(&mut self, action: GameAction, waiting: bool) -> Outcome {
        match action {
            GameAction::Square(square) => self.click(square, waiting),
            GameAction::Undo => self.undo(),
            GameAction::Redo => self.redo(waiting),
            GameAction::Browse(ply) => self.browse(ply),
            GameAction::Step(delta) => {
                let plies = self.game.plies().len() as i64;
                let at = self.browsing.map_or(plies, |n| n as i64);
                let to = (at + i64::from(delta)).clamp(0, plies);
                self.browse((to < plies).then_some(to as usize))
            }
            GameAction::PlayFromHere => self.play_from_here(),
        }
    }

    fn click(&mut self, square: Square, waiting: bool) -> Outcome {
        if self.browsing.is_some() {
            return Outcome::Told(Notice::Browsing);
        }
        // Finished, or waiting for its random start: nothing to play yet.
        if self.is_finished() || waiting {
            return Outcome::Nothing;
        }
        if self.ai_to_move(false) {
            return Outcome::Told(Notice::NotYourTurn);
        }
        let mover = self.game.to_move();
        match self.game.play(square) {
            Ok(()) => {
                self.moved(mover);
                Outcome::Record { withdraw: false }
            }
            Err(_) => Outcome::Told(Notice::NotLegal {
                square,
                occupied: self.game.position().disc(square).is_some(),
            }),
        }
    }

    fn undo(&mut self) -> Outcome {
        self.browsing = None;
        let before = self.game.plies().len();
        match self.settings.mode {
            Mode::HumanVsAi { human } => {
                // Back to the person's previous turn: take back the engine's reply and the person's move
                // (if the engine had the first move, it is left to move again).
                if self.game.undo() {
                    while self.game.to_move() != human && self.game.undo() {}
                }
            }
            _ => {
                self.game.undo();
            }
        }
        if self.game.plies().len() != before {
            Outcome::Record { withdraw: true }
        } else {
            Outcome::Nothing
        }
    }

    fn redo(&mut self, waiting: bool) -> Outcome {
        if self.browsing.is_some() || self.ai_to_move(waiting) || !self.game.redo() {
            return Outcome::Nothing;
        }
        // In human vs AI, redo the engine's reply too.
        if let Mode::HumanVsAi { .. } = self.settings.mode {
            while self.ai_to_move(waiting) && self.game.can_redo() {
                self.game.redo();
            }
        }
        Outcome::Record { withdraw: false }
    }

    /// Shows the position before ply `ply` (`None`, or a ply past the record: the game's own).
    fn browse(&mut self, ply: Option<usize>) -> Outcome {
        let browsing = ply.filter(|&n| n < self.game.plies().len());
        if browsing == self.browsing {
            return Outcome::Nothing;
        }
        self.browsing = browsing;
        Outcome::Shown
    }

    /// Takes back every move after the position shown (they stay a redo away), and goes on from there.
    fn play_from_here(&mut self) -> Outcome {
        let Some(ply) = self.browsing.take() else {
            return Outcome::Nothing;
        };
        let before = self.game.plies().len();
        while self.game.plies().len() > ply && self.game.undo() {}
        if self.game.plies().len() != before {
            Outcome::Record { withdraw: true }
        } else {
            // Nothing taken back (a browsed ply is always within the record, so never): the view alone
            // went back to the game's position.
            Outcome::Shown
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        name.parse().expect("a square")
    }

    fn two_people() -> Play {
        Play::new(Settings {
            mode: Mode::HumanVsHuman,
            ..Settings::default()
        })
    }

    fn against_ai() -> Play {
        Play::new(Settings {
            mode: Mode::HumanVsAi {
                human: Color::Black,
            },
            ..Settings::default()
        })
    }

    #[test]
    fn a_click_plays_a_legal_move_and_refuses_the_rest() {
        let mut play = two_people();
        assert_eq!(
            play.apply(GameAction::Square(sq("a1")), false),
            Outcome::Told(Notice::NotLegal {
                square: sq("a1"),
                occupied: false
            })
        );
        assert_eq!(
            play.apply(GameAction::Square(sq("d4")), false),
            Outcome::Told(Notice::NotLegal {
                square: sq("d4"),
                occupied: true
            })
        );
        assert_eq!(
            play.apply(GameAction::Square(sq("f5")), false),
            Outcome::Record { withdraw: false }
        );
        assert_eq!(play.game.plies().len(), 1);
        // Waiting for its start, the game takes no move.
        assert_eq!(
            play.apply(GameAction::Square(sq("f4")), true),
            Outcome::Nothing
        );
    }

    #[test]
    fn against_the_engine_its_turn_is_refused_and_undo_goes_back_to_the_persons() {
        let mut play = against_ai();
        play.apply(GameAction::Square(sq("f5")), false);
        assert!(play.ai_to_move(false) && !play.ai_to_move(true));
        assert_eq!(play.clickable(false), Bitboard::EMPTY);
        assert_eq!(
            play.apply(GameAction::Square(sq("f4")), false),
            Outcome::Told(Notice::NotYourTurn)
        );
        play.game.play(sq("f6")).expect("legal");
        play.game.play(sq("e6")).expect("legal");
        play.game.play(sq("f4")).expect("legal");
        // Back to the person's turn before e6: the engine's f4 and the person's e6 taken back.
        assert_eq!(
            play.apply(GameAction::Undo, false),
            Outcome::Record { withdraw: true }
        );
        assert_eq!(play.game.plies().len(), 2);
        // Redo replays the person's move and the engine's reply.
        assert_eq!(
            play.apply(GameAction::Redo, false),
            Outcome::Record { withdraw: false }
        );
        assert_eq!(play.game.plies().len(), 4);
        assert_eq!(play.apply(GameAction::Redo, false), Outcome::Nothing);
    }

    #[test]
    fn browsing_steps_within_the_record_and_plays_on_from_a_past_position() {
        let mut play = two_people();
        for s in ["f5", "d6", "c3"] {
            play.apply(GameAction::Square(sq(s)), false);
        }
        assert_eq!(play.apply(GameAction::Step(-1), false), Outcome::Shown);
        assert_eq!(play.browsing, Some(2));
        assert_eq!(play.shown(), play.game.plies()[2].before);
        assert_eq!(play.clickable(false), Bitboard::EMPTY);
        assert_eq!(
            play.apply(GameAction::Square(sq("c5")), false),
            Outcome::Told(Notice::Browsing)
        );
        // Past the start it stops at the start; a browse past the record is the game's own position.
        play.apply(GameAction::Step(-10), false);
        assert_eq!(play.browsing, Some(0));
        assert_eq!(play.apply(GameAction::Step(0), false), Outcome::Nothing);
        assert_eq!(
            play.apply(GameAction::Browse(Some(9)), false),
            Outcome::Shown
        );
        assert_eq!(play.browsing, None);
        play.apply(GameAction::Browse(Some(1)), false);
        assert_eq!(
            play.apply(GameAction::PlayFromHere, false),
            Outcome::Record { withdraw: true }
        );
        assert_eq!((play.game.plies().len(), play.browsing), (1, None));
        assert!(play.game.can_redo());
        assert_eq!(
            play.apply(GameAction::PlayFromHere, false),
            Outcome::Nothing
        );
    }

    #[test]
    fn the_clock_stops_while_the_game_waits_and_flags_once() {
        let mut play = Play::new(Settings {
            mode: Mode::HumanVsHuman,
            clock: Some(super::super::ClockSettings {
                minutes: 1,
                increment_s: 0,
            }),
            ..Settings::default()
        });
        assert!(!play.charge(0.0, false));
        assert!(!play.charge(30_000.0, true));
        // The wait was not charged: black has its minute less nothing.
        assert!(!play.charge(40_000.0, false));
        assert!(play.charge(110_000.0, false));
        assert_eq!(play.flagged(), Some(Color::Black));
        assert!(play.is_finished() && !play.ai_to_move(false));
        assert!(!play.charge(120_000.0, false));
    }
}
