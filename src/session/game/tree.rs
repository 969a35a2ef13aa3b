//! The variations as a tree, the way the move list draws them: each hangs from the record at its ply, or,
//! when it shares its first moves with a variation listed before it, from that one at the move where they
//! part. The tree is edited here: a move and all that follows it deleted, a variation promoted over the one
//! it leaves, a variation made the record (the record's moves then a variation), and ↑/↓ going to the other
//! branch at the nearest fork. The list's order is the tree's: the first of two lines at a fork is the one
//! drawn on, so promoting is moving a line before another.

use super::settings::Mode;
use super::{Outcome, Play};
use crate::session::notice::Notice;
use crate::session::record::variation::Variation;
use reversi_engine::{Move, Ply, Square};

/// Where a variation hangs: from another (by its place among the game's) at the ply where it leaves it, its
/// plies from that one on being its own; `None`: from the record, at its own ply.
pub type Hang = Option<(usize, usize)>;

/// The placements of `plies`.
fn placements(plies: &[Ply]) -> Vec<Square> {
    plies.iter().filter_map(|p| p.mv.square()).collect()
}

/// How many of their first elements `a` and `b` share.
fn shared<T: PartialEq>(a: &[T], b: &[T]) -> usize {
    a.iter().zip(b).take_while(|(x, y)| x == y).count()
}

/// Where each variation hangs: from the one listed before it (at the same ply of the record) that shares the
/// most of its first moves (the first so listed, on a tie), at the ply they part; from the record when none
/// shares its first move.
pub fn hangs(variations: &[Variation]) -> Vec<Hang> {
    let plies: Vec<Vec<Ply>> = variations.iter().map(|v| v.plies().0).collect();
    let moves = |i: usize| -> Vec<Move> { plies[i].iter().map(|p| p.mv).collect() };
    (0..variations.len())
        .map(|i| {
            let mine = moves(i);
            let mut best: Hang = None;
            let mut most = 0;
            for j in (0..i).filter(|&j| variations[j].at() == variations[i].at()) {
                let common = shared(&mine, &moves(j));
                if common > most {
                    most = common;
                    best = Some((j, common));
                }
            }
            best
        })
        .collect()
}

impl Play {
    /// Where each variation hangs ([`hangs`]).
    pub fn hangs(&self) -> Vec<Hang> {
        hangs(&self.variations)
    }

    /// Every variation whose moves begin with `path` (placements), from the record's ply `at`, keeps only
    /// its first `keep` of them; one left with none goes, as does one that is now the beginning of another.
    fn cut(&mut self, at: usize, path: &[Square], keep: usize) {
        let start = self
            .variations
            .iter()
            .find(|v| v.at() == at)
            .map(|v| v.line().start());
        let Some(start) = start else { return };
        self.shown_variation = None;
        self.variations = std::mem::take(&mut self.variations)
            .into_iter()
            .filter_map(|v| {
                let moves = v.all().0;
                if v.at() != at || !moves.starts_with(path) {
                    return Some(v);
                }
                (keep > 0)
                    .then(|| Variation::restore(at, start, &moves[..keep], usize::MAX))
                    .flatten()
            })
            .collect();
        self.tidy();
    }

    /// Drops each variation that is the beginning of another (or the same as one listed before it) at the
    /// same ply: the tree has its moves already. The variation shown, if it goes, is shown in the one that
    /// has it.
    pub(super) fn tidy(&mut self) {
        let lines: Vec<(usize, Vec<Square>)> = self
            .variations
            .iter()
            .map(|v| (v.at(), v.all().0))
            .collect();
        let covered = |i: usize| {
            lines.iter().enumerate().any(|(j, (at, moves))| {
                j != i
                    && *at == lines[i].0
                    && moves.starts_with(&lines[i].1)
                    && (moves.len() > lines[i].1.len() || j < i)
            })
        };
        let shown = self
            .variation()
            .map(|v| (v.at(), v.line().start(), v.all()));
        let mut index = 0;
        self.variations.retain(|_| {
            index += 1;
            !covered(index - 1)
        });
        self.shown_variation = None;
        if let Some((at, start, (moves, placed))) = shown {
            self.show_line(at, start, &moves[..placed]);
        }
    }

    /// Deletes the move shown in a variation and everything after it (in every line that has it); the board
    /// shows the position before it.
    pub(super) fn delete_from(&mut self) -> Outcome {
        let Some(v) = self.variation() else {
            return Outcome::Nothing;
        };
        let (at, start) = (v.at(), v.line().start());
        let (moves, placed) = v.all();
        if placed == 0 {
            return Outcome::Nothing;
        }
        let path = moves[..placed].to_vec();
        self.cut(at, &path, placed - 1);
        if placed == 1 {
            self.browsing = (at < self.game.plies().len()).then_some(at);
        } else {
            self.show_line(at, start, &path[..placed - 1]);
        }
        Outcome::Shown
    }

    /// Promotes the variation shown over the one it leaves (drawn on there, that one nested in it); one that
    /// hangs from the record is listed first there. Nothing when it is first already.
    pub(super) fn promote(&mut self) -> Outcome {
        let Some(index) = self.shown_variation else {
            return Outcome::Nothing;
        };
        let before = match hangs(&self.variations)[index] {
            Some((parent, _)) => parent,
            None => {
                let at = self.variations[index].at();
                match (0..index).find(|&j| self.variations[j].at() == at) {
                    Some(first) => first,
                    None => return Outcome::Nothing,
                }
            }
        };
        let variation = self.variations.remove(index);
        self.variations.insert(before, variation);
        self.shown_variation = Some(before);
        Outcome::Shown
    }

    /// Whether the variation shown may become the record: between two people, or once the game is over, and
    /// never in an expert game studied (its record is what was played).
    pub fn can_make_main_line(&self) -> bool {
        self.in_variation()
            && self.expert.is_none()
            && (self.settings.mode == Mode::HumanVsHuman || self.is_finished())
    }

    /// Makes the variation shown the record from the ply it branches at: the record's moves from there
    /// become a variation, and every other line is kept, hung where it now leaves the record.
    pub(super) fn make_main_line(&mut self) -> Outcome {
        if !self.can_make_main_line() {
            return Outcome::Told(Notice::MainLineRefused);
        }
        let Some(v) = self.variation().cloned() else {
            return Outcome::Nothing;
        };
        // Every line as its whole path of placements from the game's start, the record's among them.
        let ply_placements =
            |ply: usize| placements(&self.game.plies()[..ply.min(self.game.plies().len())]);
        let mut paths: Vec<Vec<Square>> = vec![placements(self.game.plies())];
        paths.extend(self.variations.iter().map(|w| {
            let mut path = ply_placements(w.at());
            path.extend(w.all().0);
            path
        }));
        let shown_plies = v.at() + v.line().plies().len();
        let mut record = self.game.clone();
        while record.plies().len() > v.at() && record.undo() {}
        for square in v.all().0 {
            if record.play(square).is_err() {
                return Outcome::Nothing;
            }
        }
        let main = placements(record.plies());
        let mut variations = Vec::new();
        for path in paths {
            let common = shared(&path, &main);
            if common == path.len() {
                continue;
            }
            // The ply of the new record where its `common`th placement is played (its end past them all).
            let at = record
                .plies()
                .iter()
                .enumerate()
                .filter(|(_, p)| p.mv.square().is_some())
                .nth(common)
                .map_or(record.plies().len(), |(i, _)| i);
            if let Some(w) = Variation::on_record(&record, at, &path[common..], usize::MAX) {
                variations.push(w);
            }
        }
        self.game = record;
        self.variations = variations;
        self.shown_variation = None;
        self.tidy();
        self.browsing = (shown_plies < self.game.plies().len()).then_some(shown_plies);
        Outcome::Record { withdraw: true }
    }

    /// ↑ (`-1`) or ↓ (`1`): the board goes to the branch before or after the one shown at the nearest fork on
    /// the way to the position shown (the record's move first, then the variations as listed), after its
    /// move there.
    pub(super) fn fork(&mut self, delta: i32) -> Outcome {
        let record = &self.game;
        // The position shown as a ply of the record and the placements after it (in a variation).
        let (top, path): (usize, Vec<Square>) = match self.variation() {
            Some(v) => {
                let (moves, placed) = v.all();
                (v.at(), moves[..placed].to_vec())
            }
            None => (self.browsing.unwrap_or(record.plies().len()), Vec::new()),
        };
        // The lines at ply `at`, the record's first: its placements from there, and each variation's.
        let lines = |at: usize| -> Vec<Vec<Square>> {
            let mut lines = vec![placements(&record.plies()[at.min(record.plies().len())..])];
            lines.extend(
                self.variations
                    .iter()
                    .filter(|v| v.at() == at)
                    .map(|v| v.all().0),
            );
            lines
        };
        // In the variation: its forks, deepest first; then the record's, from the ply before it back. The
        // nearest is where the branch is chosen, even at its last.
        let mut fork = None;
        for depth in (1..=path.len()).rev() {
            if let Some(found) = Self::fork_at(&lines(top), &path[..depth]) {
                fork = Some((top, found));
                break;
            }
        }
        if fork.is_none() {
            let from = if path.is_empty() { top } else { top + 1 };
            for at in (0..from.min(record.plies().len())).rev() {
                let Some(square) = record.plies()[at].mv.square() else {
                    continue;
                };
                if let Some(found) = Self::fork_at(&lines(at), &[square]) {
                    fork = Some((at, found));
                    break;
                }
            }
        }
        let target = fork.and_then(|(at, (before, moves, here))| {
            let there = usize::try_from(here as i64 + i64::from(delta)).ok()?;
            let mut line = before;
            line.push(*moves.get(there)?);
            Some((at, line))
        });
        let Some((at, line)) = target else {
            return Outcome::Nothing;
        };
        if lines(at)[0].starts_with(&line) {
            // The record's own move: shown as the record's position after it.
            let ply = (at..record.plies().len()).find(|&p| record.plies()[p].mv.square().is_some());
            let after = ply.map_or(record.plies().len(), |p| p + 1);
            self.shown_variation = None;
            self.browsing = (after < record.plies().len()).then_some(after);
        } else {
            let start = self
                .variations
                .iter()
                .find(|v| v.at() == at)
                .map(|v| v.line().start());
            let Some(start) = start else {
                return Outcome::Nothing;
            };
            self.shown_variation = None;
            self.show_line(at, start, &line);
        }
        Outcome::Shown
    }

    /// The fork the last move of `path` is played at among `lines`, if they have another move there: the
    /// moves before it, the moves there (in the order they are first met) and which is the path's.
    fn fork_at(
        lines: &[Vec<Square>],
        path: &[Square],
    ) -> Option<(Vec<Square>, Vec<Square>, usize)> {
        let (last, before) = path.split_last()?;
        let mut moves: Vec<Square> = Vec::new();
        for line in lines {
            if line.len() > before.len()
                && line.starts_with(before)
                && !moves.contains(&line[before.len()])
            {
                moves.push(line[before.len()]);
            }
        }
        let here = moves.iter().position(|m| m == last)?;
        (moves.len() > 1).then(|| (before.to_vec(), moves, here))
    }
}

/// What the board would show after one of the game's own edits of its tree, for tests.
#[cfg(test)]
pub(super) fn lines(play: &Play) -> Vec<(usize, String)> {
    play.variations()
        .iter()
        .map(|v| (v.at(), reversi_engine::transcript_of(v.all().0)))
        .collect()
}

#[cfg(test)]
mod tests;
