//! A game put in place of the one on the board (a set-up, a save, an import, a link, an expert game, one
//! brought back): the one before kept aside, what the engine did for it withdrawn, the new one asked for.

use std::rc::Rc;

use crate::session::effects::outbox::Outbox;
use crate::session::game::replace::Replacement;
use crate::session::{GameAction, Notice, Session};

impl Session {
    /// Puts `replacement` on the board in place of the current game, which is kept aside (when worth
    /// keeping, and said so). A saved game comes with how it was looked at (taken before the game put
    /// aside is kept), and with its random start still to find (searched again).
    pub(in crate::session) fn put_in_place(&mut self, replacement: Replacement, out: &mut Outbox) {
        if let Some(looked_at) = replacement.looked_at {
            self.prefs.apply(looked_at);
        }
        let starting = replacement.starting;
        let kept = self.replaced.keep(self.kept(), &replacement.game);
        self.replace_game(replacement, out);
        if starting {
            self.asks.set_up_start(&mut self.play, out);
            self.after_change(out);
        }
        if kept {
            self.notice = Some(Notice::Replaced);
        }
    }

    /// Puts `replacement` in place of the current game: what the engine was doing and the review go; an
    /// expert game is shown at its position; the engine is asked what the new position needs.
    pub(in crate::session) fn replace_game(&mut self, replacement: Replacement, out: &mut Outbox) {
        self.asks.forget_game(&mut self.play, out);
        // A review belongs to the game it reviewed (the values it found stay, kept by position).
        if self.room.review().is_some() {
            Rc::make_mut(&mut self.room).forget_review(out);
        }
        let new_id = self.ids.new_id();
        let Replacement {
            game,
            settings,
            clock,
            id,
            expert,
            variations,
            learned,
            ..
        } = replacement;
        let id = id.filter(|&id| id != 0).unwrap_or(new_id);
        self.play.replace(game, id, settings, clock);
        self.play.keep_variations(variations.0, variations.1);
        self.play.set_learned(learned);
        self.notice = None;
        self.asks.forget_start(out);
        self.after_change(out);
        if let Some((title, at)) = expert {
            self.play.set_expert(title);
            let ply = self.play.game().plies().iter().position(|p| p.before == at);
            let shown = self.play.apply(GameAction::Browse(ply), false);
            self.follow(shown, out);
        }
    }

    /// Swaps the current game with the last one kept aside (which comes looked at as the board is now).
    pub(in crate::session) fn bring_back(&mut self, out: &mut Outbox) {
        let Some(previous) = self.replaced.bring_back(self.kept()) else {
            return;
        };
        let replacement = Replacement {
            looked_at: None,
            starting: false,
            ..Replacement::saved(previous)
        };
        self.replace_game(replacement, out);
        self.notice = Some(Notice::BroughtBack);
    }
}
