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
    /// plays a slightly worse move and rarely a much worse one (see [`crate::engine::choose_with_temperature`]).
    pub randomness: i32,
    /// Time cap per move in milliseconds.
    pub move_time_ms: u32,
    /// Plays from the opening book, among its moves that lose at most this many discs against its best
    /// (`None`: levels 1–5, meant to play like people, whose openings come from their temperature choice).
    pub book_loss: Option<i32>,
}

/// The strongest level.
pub const MAX_LEVEL: u8 = 10;

/// Level 1 sees one ply and often picks a move a few discs worse than the best (temperature 6 discs), so a
/// beginner can win, but seldom gives away a corner;
/// levels 6–10 open from the book; level 9 searches 11 plies (an odd depth: 10 plies scored only 60% against
/// level 8's 8) and solves the last 20 empties exactly; level 10 searches 14 plies (with probcut) and solves
/// the last 22 empties exactly (win/loss/draw from 24), within 3 s a move. An unfinished solve leaves the
/// mid-game search's move: natively a 22-empties position from a real game takes 0.69 s on average (2.3 s at
/// most, 20 positions of WTHOR 2014) and the browser's worker runs the solver at half the native speed.
pub const LEVELS: [Level; MAX_LEVEL as usize] = [
    level(1, 1, 0, 0, 600, 1000, None),
    level(2, 2, 4, 6, 300, 1000, None),
    level(3, 3, 6, 8, 150, 1000, None),
    level(4, 4, 8, 10, 100, 1500, None),
    level(5, 5, 10, 12, 20, 2000, None),
    level(6, 6, 12, 14, 0, 2000, Some(2)),
    level(7, 7, 14, 16, 0, 3000, Some(2)),
    level(8, 8, 15, 17, 0, 3000, Some(1)),
    level(9, 11, 20, 22, 0, 3000, Some(1)),
    level(10, 14, 22, 24, 0, 3000, Some(1)),
];

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
        book_loss,
    }
}

impl Level {
    /// The level numbered `number`, if there is one.
    ///
    /// ```
    /// use reversi::engine::Level;
    /// assert_eq!(Level::get(1).unwrap().depth, 1);
    /// assert!(Level::get(0).is_none() && Level::get(11).is_none());
    /// ```
    pub fn get(number: u8) -> Option<Level> {
        LEVELS.get((number as usize).checked_sub(1)?).copied()
    }

    /// Search limits for this level; `now` is the current time on the search clock, for the deadline, and
    /// `seed` varies the choices of the noisy levels.
    pub fn limits(&self, now: f64, seed: u64) -> SearchLimits {
        SearchLimits {
            depth: self.depth,
            exact_empties: self.exact_empties,
            wld_empties: self.wld_empties,
            nodes: None,
            deadline: Some(now + self.move_time_ms as f64),
            randomness: self.randomness,
            seed,
            probcut: true,
            book_loss: self.book_loss,
        }
    }
}
