//! The AI levels, in one table: mid-game depth, where the exact and win/loss/draw solves start, the noise
//! that makes the lower levels beatable, and a time cap so the top levels answer in seconds in the browser.

use super::SearchLimits;

/// One AI level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// 1 (beginner) to [`MAX_LEVEL`].
    pub number: u8,
    /// Mid-game search depth in plies.
    pub depth: u32,
    /// Exact solve at this many empties or fewer.
    pub exact_empties: u32,
    /// Win/loss/draw solve at this many empties or fewer.
    pub wld_empties: u32,
    /// Temperature of the move choice, in hundredths of a disc (0: always the best move found): a move
    /// `d` worse than the best is chosen with weight `exp(-d / randomness)`, so a beginner level often
    /// plays a slightly worse move and rarely a much worse one (see [`crate::choose_with_temperature`]).
    pub randomness: i32,
    /// Time cap per move in milliseconds (in the browser's worker; never passed).
    pub move_time_ms: u32,
    /// Deepens by time instead of to `depth`: the mid-game search aims to be done within this many
    /// milliseconds (in the browser's worker), more in a position where the search changes its mind, and
    /// `depth` is used only where the endgame solve follows (`None`: a fixed depth).
    pub target_ms: Option<u32>,
    /// Plays from the opening book, among its moves that lose at most this many discs against its best
    /// (`None`: levels 1–5, meant to play like people, whose openings come from their temperature choice).
    pub book_loss: Option<i32>,
}

/// The strongest level.
pub const MAX_LEVEL: u8 = 10;

/// Level 1 sees one ply and often picks a move a few discs worse than the best (temperature 6 discs), so a
/// beginner can win, but seldom gives away a corner; levels 1–8 search a fixed depth; levels 6–10 open from
/// the book. Levels 9 and 10 deepen by time: an iteration is not started when it would end past a target
/// of 0.15 s (level 9) or 3 s (level 10) in the browser, or twice that (within the 3 s cap) where the last
/// iteration changed its mind; since each iteration costs a few times the last, level 10 spends well under
/// its target a searched move, never more than 3 s, and no time on a forced or book move. Level 9's target
/// is short because more time gained it as much as level 10, which must stay clearly stronger. Level 9
/// solves the last 20 empties exactly, level 10 the last 22 (win/loss/draw from 24); before a solve they
/// search 11 and 14 plies. An unfinished solve leaves the mid-game search's move. The figures behind these
/// choices are in docs/journal.md.
pub const LEVELS: [Level; MAX_LEVEL as usize] = [
    level(1, 1, 0, 0, 600, 1000, None),
    level(2, 2, 4, 6, 300, 1000, None),
    level(3, 3, 6, 8, 150, 1000, None),
    level(4, 4, 8, 10, 100, 1500, None),
    level(5, 5, 10, 12, 20, 2000, None),
    level(6, 6, 12, 14, 0, 2000, Some(2)),
    level(7, 7, 14, 16, 0, 3000, Some(2)),
    level(8, 9, 16, 18, 0, 3000, Some(1)),
    timed(level(9, 11, 20, 22, 0, 3000, Some(1)), 150),
    timed(level(10, 14, 22, 24, 0, 3000, Some(1)), 3000),
];

const fn timed(level: Level, target_ms: u32) -> Level {
    Level {
        target_ms: Some(target_ms),
        ..level
    }
}

const fn level(
    number: u8,
    depth: u32,
    exact_empties: u32,
    wld_empties: u32,
    randomness: i32,
    move_time_ms: u32,
    book_loss: Option<i32>,
) -> Level {
    Level {
        number,
        depth,
        exact_empties,
        wld_empties,
        randomness,
        move_time_ms,
        target_ms: None,
        book_loss,
    }
}

impl Level {
    /// The level numbered `number`, if there is one.
    ///
    /// ```
    /// use reversi_engine::Level;
    /// assert_eq!(Level::get(1).unwrap().depth, 1);
    /// assert!(Level::get(0).is_none() && Level::get(11).is_none());
    /// ```
    pub fn get(number: u8) -> Option<Level> {
        LEVELS.get((number as usize).checked_sub(1)?).copied()
    }

    /// Search limits for this level; `now` is the current time on the search clock, for the deadline, and
    /// `seed` varies the choices of the noisy levels.
    pub fn limits(&self, now: f64, seed: u64) -> SearchLimits {
        self.limits_scaled(now, seed, 1.0)
    }

    /// Search limits with the level's times multiplied by `time_scale`: natively a search runs about twice
    /// as fast as in the browser's worker, so a native match that stands for the page uses 0.5.
    pub fn limits_scaled(&self, now: f64, seed: u64, time_scale: f64) -> SearchLimits {
        SearchLimits {
            depth: if self.target_ms.is_some() {
                crate::search::MAX_DEPTH
            } else {
                self.depth
            },
            solve_depth: Some(self.depth),
            exact_empties: self.exact_empties,
            wld_empties: self.wld_empties,
            nodes: None,
            deadline: Some(now + self.move_time_ms as f64 * time_scale),
            target: self.target_ms.map(|t| now + t as f64 * time_scale),
            randomness: self.randomness,
            seed,
            probcut: true,
            book_loss: self.book_loss,
        }
    }
}
