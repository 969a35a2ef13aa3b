//! The pace of a game: against the engine, its reply is held until [`MIN_REPLY_MS`] after the person's move
//! (a [`HeldReply`]), so that the person sees their own move land and its discs turn before the reply's do;
//! and how long a search may take ([`Pace`]).

/// The least time between the person's move and the engine's reply on the board (milliseconds), so that
/// the person sees their own move land and its discs turn before the reply's do.
pub const MIN_REPLY_MS: f64 = 400.0;

/// The least time between the engine's move that left the person no legal move and its next move, against
/// the engine (milliseconds): the pass is shown, long enough to read, before the engine moves again.
pub const PASS_PAUSE_MS: f64 = 1200.0;

/// How long the engine's reply to the person is held, and how long its search may take: the page's own
/// ([`Pace::NORMAL`]), or shortened ([`Pace::QUICK`], `?pace=quick` in the page's address) for the browser
/// tests that play whole games against the engine, which then wait for the rules rather than the clock.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pace {
    /// The least time between the person's move and the engine's reply on the board (milliseconds).
    pub min_reply_ms: f64,
    /// The least time between the engine's move that made the person pass and its next (milliseconds).
    pub pass_pause_ms: f64,
    /// The most a search of the engine's move may take (milliseconds; `None`: as its level and clock say).
    pub max_search_ms: Option<u32>,
    /// Whether a game of the engine against itself waits the chosen speed between its moves.
    pub ai_vs_ai_delay: bool,
}

impl Pace {
    /// The page's own.
    pub const NORMAL: Pace = Pace {
        min_reply_ms: MIN_REPLY_MS,
        pass_pause_ms: PASS_PAUSE_MS,
        max_search_ms: None,
        ai_vs_ai_delay: true,
    };
    /// For tests: no reply held, no search over 150 ms (the levels' depths and endgame solves still cap
    /// what the shorter ones do), and the engine against itself moves as soon as it has chosen.
    pub const QUICK: Pace = Pace {
        min_reply_ms: 0.0,
        pass_pause_ms: 0.0,
        max_search_ms: Some(150),
        ai_vs_ai_delay: false,
    };
}

/// The engine's move (the AI's search's answer: the one reply ever held), arrived early, and when it is shown.
#[derive(Clone, Debug, PartialEq)]
pub struct HeldReply {
    /// The worker's answer.
    pub response: crate::protocol::Response,
    /// When it is shown (page milliseconds).
    pub due: f64,
}
