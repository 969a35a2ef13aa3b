//! What the player, the clock or a worker did: the session's one input.

use crate::protocol::Response;
use crate::session::{Notice, Settings};

/// What the player or the worker did.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Start a new game.
    NewGame(Settings),
    /// A new game against the AI, the person's colour drawn by lot: drawn again at each "Play again".
    NewGameByLot(Settings),
    /// One of the game's own controls: a square clicked, undo and redo, the record browsed (see
    /// [`crate::session::game`]).
    Game(crate::session::GameAction),
    /// Ask the engine for the best move for the side to move.
    Hint,
    /// Play these moves one after the other, as far as they are a person's to play (a line of the
    /// analysis, up to the move clicked).
    PlayLine(Vec<reversi_engine::Square>),
    /// A preference changed (the language, the sounds, the board's view, the scoring, the analysis).
    Prefs(crate::session::PrefAction),
    /// Start a new game with the same settings.
    PlayAgain,
    /// The page was shown (true) or hidden: the analysis stops deepening while it is hidden.
    PageVisible(bool),
    /// The time now (milliseconds), sent regularly while a clock runs.
    Tick(f64),
    /// A worker's reply, for the part that asked (the pool hands back the asker it was sent with).
    Answer {
        /// Who asked the request it answers.
        asker: crate::session::Asker,
        /// The reply.
        response: Response,
    },
    /// A worker stopped answering while it ran a request of this asker, and was replaced; the request was
    /// asked again.
    WorkerRestarted(crate::session::Asker),
    /// How many engine workers the page runs (the analysis room's questions at once follow from it: see
    /// [`crate::session::room::Room::parallel`]), and how many threads the AI's search runs on (all of them when
    /// they share one memory, else one).
    Workers {
        /// The workers.
        count: usize,
        /// The AI's search threads.
        threads: usize,
    },
    /// Swap the current game with the one an import or a shared link replaced.
    BringBack,
    /// Hide the notice.
    Dismiss,
    /// Something was copied to the clipboard.
    Copied,
    /// Show a notice (from a component that checked something itself).
    Tell(Notice),
    /// Start a game from a set-up position (checked by the editor).
    SetUp(reversi_engine::Position),
    /// Continue a saved session (from a save slot).
    Restore(Box<crate::session::Kept>),
    /// Replace the game by a pasted transcript (from the standard start; capitals, `PA` and `--` for passes
    /// are read), a GGF game (with its own start) or a board of 64 squares and the side to move (see
    /// [`reversi_engine::Position::from_pasted`]); a bad one changes nothing.
    Import(String),
    /// Open a shared game (from a link): its moves, shown from its last position, played on as the link
    /// says (by two people when it says nothing).
    OpenShared {
        /// The start position (`None`: the standard one).
        start: Option<reversi_engine::Position>,
        /// The moves.
        transcript: String,
        /// Who plays it.
        players: Option<crate::session::record::share::Players>,
        /// The lines tried beside it (`v=`, one each): the ply each branches before and its moves.
        variations: Vec<(usize, Vec<reversi_engine::Square>)>,
    },
    /// Something in the analysis room.
    Room(crate::session::room::RoomAction),
    /// Open an expert game on the board (the current game is kept aside, a click away): its moves, shown at
    /// the position the list found it for, played on by two people.
    OpenExpertGame {
        /// The moves, in the frame of the position it was found for.
        transcript: String,
        /// The position to show.
        at: reversi_engine::Position,
        /// Who played it, where and when.
        title: crate::session::ExpertTitle,
    },
    /// Online play: a game on the server created, joined, watched or played; the network's answers (see
    /// [`crate::session::online`]).
    Online(crate::session::online::OnlineAction),
    /// Show a screen (the bar, the address, back and forward): see [`crate::session::screen`].
    Screen(crate::session::screen::Screen),
    /// Something in the training room (see [`crate::session::training`]).
    Training(crate::session::training::TrainingAction),
    /// An action made on the position `at` (the one a panel or a line showed when it was clicked): carried
    /// out while `at` is the position shown, and ignored once another is (a panel drawn a frame after the
    /// board, or two clicks in one task, would otherwise play an old position's move on the new one).
    On {
        /// The position the click was made on.
        at: reversi_engine::Position,
        /// What it asked for.
        action: Box<Action>,
    },
}

impl Action {
    /// This action, made on the position `at`.
    pub fn on(at: reversi_engine::Position, action: Action) -> Action {
        Action::On {
            at,
            action: Box::new(action),
        }
    }
}
