//! When the game asks the engine, and what an answer does: after each change the AI's move or the analysis
//! is asked, and what belonged to the old position withdrawn; the hint; the analysis paused while the page
//! is hidden; each reply taken by the ask it is for (the AI's move played through the game's own method, a
//! random start set up, an error told). The asks read and change the rest of the session only through
//! [`OnBoard`], and tell the person through what they return.

use super::HINT_LEVEL;
use super::{EngineAsks, GameAsk};
use crate::protocol::Request;
use crate::session::effects::outbox::Outbox;
use crate::session::game::pace::Pace;
use crate::session::game::settings::{Mode, Start};
use crate::session::game::Play;
use crate::session::preferences::{PrefAction, Preferences};
use reversi_engine::{Move, Square};

/// What the asks read and change of the rest of the session: the game on the board (changed through its
/// own methods), the preferences, the pace, and whether the training room has the board.
pub struct OnBoard<'a> {
    /// The game.
    pub play: &'a mut Play,
    /// The person's preferences (the analysis on the board, its depth).
    pub prefs: &'a Preferences,
    /// How long replies are held and searches may take.
    pub pace: Pace,
    /// The training room has the board: the game waits.
    pub training_open: bool,
}

impl EngineAsks {
    /// True while the game waits: for the training room to close, or for its random start.
    pub fn waiting(&self, training_open: bool) -> bool {
        training_open || self.start.is_asking()
    }

    /// True when the engine plays the side to move and the game is on.
    fn ai_to_move(&self, board: &OnBoard) -> bool {
        board.play.ai_to_move(self.waiting(board.training_open))
    }

    /// Withdraws every request of the game in flight (a search that is running stops at once: its worker
    /// is replaced), and drops the engine's reply held.
    pub fn cancel(&mut self, play: &mut Play, out: &mut Outbox) {
        play.drop_held();
        self.withdraw(out);
    }

    /// Another game takes the board: as [`Self::cancel`], and the figures and line of the engine's last move
    /// in the old game go too (an expert game opened for study shows none of one's own game's).
    pub fn forget_game(&mut self, play: &mut Play, out: &mut Outbox) {
        self.cancel(play, out);
        self.search.clear();
    }

    /// After the position changed: clear what belonged to the old one and ask the engine what is needed.
    pub fn after_change(&mut self, board: &mut OnBoard, out: &mut Outbox) {
        // A hint or an analysis still running is for the old position: withdraw it (a worker running it
        // stops at once), or the engine's next search would wait behind it.
        self.hint.reset(out);
        self.analysis.reset(out);
        self.analysis_paused = false;
        self.hint_follows = false;
        self.thinking = None;
        self.sync_stable(board, out);
        if self.ai_to_move(board) {
            let settings = board.play.settings();
            let color = board.play.game().to_move();
            let delay = if settings.mode == Mode::AiVsAi && board.pace.ai_vs_ai_delay {
                settings.ai_move_delay_ms
            } else {
                0
            };
            // With a clock the engine spends a share of what is left: the level caps strength, the clock
            // time. The display's delay is not on the engine's clock.
            let clock_millis = board.play.engine_budget(delay);
            let max_millis = match (clock_millis, board.pace.max_search_ms) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
            let position = board.play.game().position();
            let level = settings.level(color);
            let mistakes = settings.mistakes;
            let asker = GameAsk::Search;
            self.search
                .ask_after(out, asker, position, delay, |id| Request::Search {
                    id,
                    position,
                    level,
                    seed: reversi_engine::seed_from(id),
                    max_millis,
                    mistakes,
                });
        } else {
            self.search.let_go();
            if board.prefs.analyse() {
                self.request_analysis(board, out);
            }
        }
    }

    /// Asks for the values of the legal moves of the position shown (the game's, or the one browsed).
    pub fn request_analysis(&mut self, board: &OnBoard, out: &mut Outbox) {
        let play = &board.play;
        let position = play.shown();
        let browsed_over = play.browsing().is_some() && position.board.moves().is_empty();
        if (play.browsing().is_none() && play.is_finished())
            || browsed_over
            || self.ai_to_move(board)
        {
            return;
        }
        // A hidden page asks for nothing to deepen (a move answered meanwhile included): the analysis of
        // the position shown starts when the page is shown again.
        if self.page_hidden {
            self.analysis_paused = true;
            return;
        }
        let depth = board.prefs.analyse_depth();
        let limit = (depth > 0).then_some(depth);
        let asker = GameAsk::Analysis;
        self.analysis
            .ask(out, asker, position, |id| Request::Analyse {
                id,
                position,
                limit,
            });
    }

    /// Asks for the stable discs of the position shown while the board marks them (once a position).
    fn sync_stable(&mut self, board: &OnBoard, out: &mut Outbox) {
        let position = board.play.shown();
        if board.prefs.stable() && !self.stable.has(&position) {
            let asker = GameAsk::Stable;
            self.stable
                .ask(out, asker, position, |id| Request::Stable { id, position });
        }
    }

    /// Another position of the record is shown: its stable discs and its analysis are asked (with them
    /// on).
    pub fn shown_changed(&mut self, board: &OnBoard, out: &mut Outbox) {
        self.sync_stable(board, out);
        if board.prefs.analyse() {
            self.analysis.reset(out);
            self.request_analysis(board, out);
        }
    }

    /// A preference changed: what the asks do about it.
    pub fn prefs_changed(&mut self, action: PrefAction, board: &OnBoard, out: &mut Outbox) {
        if action.changes_analysis() {
            self.analysis_changed(board, out);
        }
        self.sync_stable(board, out);
    }

    /// The analysis was turned on or off, or its depth changed: asked again with its new limit, or
    /// stopped. A hint shown or asked becomes the analysis's best move, so that the two agree.
    fn analysis_changed(&mut self, board: &OnBoard, out: &mut Outbox) {
        self.analysis.reset(out);
        self.analysis_paused = false;
        if board.prefs.analyse() {
            if self.hint.is_asking() || self.hint().is_some() {
                self.hint.reset(out);
                self.hint_follows = true;
            }
            self.request_analysis(board, out);
        }
    }

    /// The page shown or hidden: a hidden page's analysis stops deepening (its values stay), and goes on
    /// when the page is shown again.
    pub fn page_visible(&mut self, visible: bool, board: &OnBoard, out: &mut Outbox) {
        self.page_hidden = !visible;
        if !visible && self.analysis.is_asking() {
            self.analysis.withdraw(out);
            self.analysis_paused = true;
        } else if visible && self.analysis_paused {
            self.analysis_paused = false;
            if board.prefs.analyse() {
                self.request_analysis(board, out);
            }
        }
    }

    /// While the hint follows the analysis, shows the analysis's best move of the game's position as the
    /// hint.
    pub(super) fn follow_analysis(&mut self, play: &Play) {
        if !self.hint_follows || play.browsing().is_some() {
            return;
        }
        let position = play.game().position();
        if let Some(hint) = self.hint_from_analysis(&position) {
            self.hint.show(position, hint);
        }
    }

    /// Asks for a hint for the game's position (once: a hint in flight is not asked again).
    pub fn request_hint(&mut self, board: &OnBoard, out: &mut Outbox) {
        if board.play.is_finished() || self.ai_to_move(board) || self.hint.is_asking() {
            return;
        }
        // With the analysis on, the hint is its best move: one answer for one position.
        if board.prefs.analyse() {
            self.hint_follows = true;
            let position = board.play.game().position();
            if board.play.browsing().is_none()
                && !self.analysis.is_asking()
                && self.analysis_for(&position).is_none()
            {
                self.request_analysis(board, out);
            }
            self.follow_analysis(board.play);
            return;
        }
        let position = board.play.game().position();
        let asker = GameAsk::Hint;
        self.hint.ask(out, asker, position, |id| Request::Search {
            id,
            position,
            level: HINT_LEVEL,
            seed: 0,
            max_millis: Some(3000),
            mistakes: None,
        });
    }

    /// The engine's line from the game's position, its next move first: the hint's; else, while the
    /// engine thinks, the line it expects; else, after its move, the rest of the line it expected. On the
    /// position before ply `n` browsed, `reviewed(n)`.
    pub fn line(&self, play: &Play, reviewed: impl FnOnce(usize) -> Vec<Square>) -> Vec<Square> {
        if let Some(ply) = play.browsing() {
            return reviewed(ply);
        }
        if play.is_finished() {
            return Vec::new();
        }
        if let Some(hint) = self.hint() {
            return hint.line.clone();
        }
        if let Some(thinking) = &self.thinking {
            return thinking.line.clone();
        }
        match (self.last_search(), play.game().plies().last()) {
            (Some((_, report)), Some(last))
                if report.line.len() > 1 && last.mv == Move::Place(report.line[0]) =>
            {
                report.line[1..].to_vec()
            }
            _ => Vec::new(),
        }
    }

    /// Looks for the game's start `start` asks for: an XOT opening drawn from the worker's list, or a random
    /// start found by a worker (the game waits for either).
    pub fn set_up_start(&mut self, play: &mut Play, out: &mut Outbox) {
        match play.settings().start {
            Start::Standard => {}
            // The list lives in the worker (its 48 KB are not the page's to download first): drawn there by
            // the request's id, a new opening for each game.
            Start::Xot => {
                let asker = GameAsk::Start;
                self.start
                    .ask(out, asker, Start::Xot, |id| Request::XotStart {
                        id,
                        seed: id,
                    });
            }
            start @ Start::Random { moves, low, high } => {
                let asker = GameAsk::Start;
                self.start
                    .ask(out, asker, start, |id| Request::RandomStart {
                        id,
                        moves,
                        low,
                        high,
                        seed: reversi_engine::seed_from(id),
                    });
            }
        }
    }
}
