//! What a game is replaced by on the board: a position set up, a saved game, an import, a shared link or an
//! expert game, each read into one [`Replacement`] (the game, how it is played, its clock, its id), or the
//! reason it cannot be. The session's root puts it in place, the game before kept aside.

use super::clock::GameClock;
use super::settings::{Mode, Settings};
use super::ExpertTitle;
use crate::session::kept::Kept;
use crate::session::notice::{LinkError, Notice};
use crate::session::record::share::Players;
use crate::session::{Action, PrefAction};
use reversi_engine::{Game, Position};

/// A game to put on the board in place of the current one.
#[derive(Clone, Debug, PartialEq)]
pub struct Replacement {
    /// The game.
    pub game: Game,
    /// How it is played.
    pub settings: Settings,
    /// Its clock, if any.
    pub clock: Option<GameClock>,
    /// Its id (`None` or 0: a new one).
    pub id: Option<u64>,
    /// An expert game's title, and the position it is shown at.
    pub expert: Option<(ExpertTitle, Position)>,
    /// How it was looked at, taken with it (a saved game: the analysis and the scoring).
    pub looked_at: Option<PrefAction>,
    /// Its random start is still to be found (saved while it was searched).
    pub starting: bool,
    /// The lines tried beside it, and the one the board showed (a saved game's, a link's).
    pub variations: (
        Vec<crate::session::record::variation::Variation>,
        Option<usize>,
    ),
    /// The plies of its mistakes learned (a saved game's).
    pub learned: Vec<usize>,
}

impl Replacement {
    fn new(game: Game, settings: Settings, clock: Option<GameClock>) -> Replacement {
        Replacement {
            game,
            settings,
            clock,
            id: None,
            expert: None,
            looked_at: None,
            starting: false,
            variations: (Vec::new(), None),
            learned: Vec::new(),
        }
    }

    /// The game an action puts on the board (a position set up, a save restored, an import, a shared link,
    /// an expert game), played as `settings` say where it says nothing; `Err` with what to tell when it
    /// cannot be read; `Ok(None)` for an action that replaces nothing.
    pub fn of(action: Action, settings: Settings) -> Result<Option<Replacement>, Notice> {
        Ok(Some(match action {
            Action::SetUp(position) => Replacement::set_up(position, settings),
            Action::Restore(kept) => Replacement::saved(*kept),
            Action::Import(text) => {
                let game = super::import::read(&text).map_err(|error| error.notice())?;
                Replacement::import(game, settings)
            }
            Action::OpenShared {
                start,
                transcript,
                players,
                variations,
            } => {
                let mut shared = Replacement::shared(start, &transcript, players, settings)?;
                // The variations the link names, where they fit the game; the first shown.
                let kept: Vec<_> = variations
                    .iter()
                    .filter_map(|(at, moves)| {
                        crate::session::record::variation::Variation::on_record(
                            &shared.game,
                            *at,
                            moves,
                            moves.len(),
                        )
                    })
                    .collect();
                let shown = (!kept.is_empty()).then_some(0);
                shared.variations = (kept, shown);
                shared
            }
            Action::OpenExpertGame {
                transcript,
                at,
                title,
            } => Replacement::expert(&transcript, at, title, settings)?,
            _ => return Ok(None),
        }))
    }

    /// A game from the set-up `position`, played as `settings` say, with a fresh clock if they have one.
    pub fn set_up(position: Position, settings: Settings) -> Replacement {
        let clock = settings.clock.map(GameClock::new);
        Replacement::new(Game::from_position(position), settings, clock)
    }

    /// An imported game, played as `settings` say but without a clock (it never arrives lost on time).
    pub fn import(game: Game, settings: Settings) -> Replacement {
        let settings = Settings {
            clock: None,
            ..settings
        };
        Replacement::new(game, settings, None)
    }

    /// A saved game, with its settings, clock and id, looked at as it was saved.
    pub fn saved(kept: Kept) -> Replacement {
        Replacement {
            id: Some(kept.id),
            looked_at: Some(PrefAction::LookedAt {
                analyse: kept.analyse,
                depth: kept.analyse_depth,
                scoring: kept.scoring,
            }),
            starting: kept.starting,
            variations: kept.variations,
            learned: kept.learned,
            ..Replacement::new(kept.game, kept.settings, kept.clock)
        }
    }

    /// A shared game: its moves from `start` (`None`: the standard one), played on as the link says (by two
    /// people when it says nothing), with no clock.
    pub fn shared(
        start: Option<Position>,
        transcript: &str,
        players: Option<Players>,
        settings: Settings,
    ) -> Result<Replacement, Notice> {
        let start = start.unwrap_or(Position::START);
        let game = Game::from_position_and_transcript(start, transcript).map_err(|error| {
            Notice::LinkFailed {
                error: LinkError::Transcript(error),
            }
        })?;
        let mut settings = Settings {
            mode: players.map_or(Mode::HumanVsHuman, |p| p.mode),
            clock: None,
            ..settings
        };
        if let Some(players) = players {
            settings.black_level = players.black_level;
            settings.white_level = players.white_level;
        }
        Ok(Replacement::new(game, settings, None))
    }

    /// An expert game, shown at the position `at` the list found it for, played on by two people, with no
    /// clock.
    pub fn expert(
        transcript: &str,
        at: Position,
        title: ExpertTitle,
        settings: Settings,
    ) -> Result<Replacement, Notice> {
        let game =
            Game::from_transcript(transcript).map_err(|error| Notice::ImportFailed { error })?;
        let settings = Settings {
            mode: Mode::HumanVsHuman,
            clock: None,
            ..settings
        };
        Ok(Replacement {
            expert: Some((title, at)),
            ..Replacement::new(game, settings, None)
        })
    }
}
