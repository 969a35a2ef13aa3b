//! Game review: each position of a game valued by a search, the move played valued at the same depth, and the
//! discs it lost against the best move, marked `?!`, `?` or `??` by one table of thresholds. The same code
//! serves `reversi review` and the page's review and evaluation graph (in the worker), so their figures agree.
//!
//! ```
//! use reversi_engine::{native_clock, review, Board, Searcher, Square};
//! let mut searcher = Searcher::new(1);
//! let after = Board::START.play("f5".parse::<Square>().unwrap().into());
//! let depth = review::ReviewDepth::plies(review::GRAPH_DEPTH);
//! let ply = review::review_position(&mut searcher, &after, "d6".parse().ok(), &depth, native_clock);
//! assert_eq!(ply.loss(), Some(0)); // d6, the perpendicular opening, is as good as any reply
//! ```

use super::{Board, Clock, Move, ScoreKind, SearchLimits, Searcher, Square, DISC};

/// How deep a review searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReviewDepth {
    /// Mid-game depth in plies.
    pub depth: u32,
    /// Exact scores at this many empties or fewer.
    pub exact_empties: u32,
}

impl ReviewDepth {
    /// A review depth from a number of plies, exact solving scaled with it (clamped to 1..=[`MAX_REVIEW_DEPTH`]).
    pub fn plies(depth: u32) -> ReviewDepth {
        let depth = depth.clamp(1, MAX_REVIEW_DEPTH);
        ReviewDepth {
            depth,
            exact_empties: (depth + 6).min(18),
        }
    }

    fn limits(&self, depth: u32) -> SearchLimits {
        SearchLimits {
            depth: depth.max(1),
            exact_empties: self.exact_empties,
            // Win/loss/draw values are not disc counts: a review needs exact ones or evaluations.
            wld_empties: self.exact_empties,
            ..SearchLimits::default()
        }
    }
}

/// Plies searched for the evaluation graph (exact from 14 empties).
pub const GRAPH_DEPTH: u32 = 8;
/// Plies searched by a review by default (exact from 18 empties): a 60-move game in about 3 s natively.
pub const DEFAULT_REVIEW_DEPTH: u32 = 12;
/// The deepest review depth offered.
pub const MAX_REVIEW_DEPTH: u32 = 14;

/// The mark a move earns by the discs it lost, worst first: `??` from 12 discs, `?` from 6, `?!` from 3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    /// `??`: 12 discs or more lost.
    Blunder,
    /// `?`: 6 to 11.
    Mistake,
    /// `?!`: 3 to 5.
    Inaccuracy,
}

impl Mark {
    /// Every mark with the least loss that earns it, worst first.
    pub const ALL: [(i32, Mark); 3] = [
        (12, Mark::Blunder),
        (6, Mark::Mistake),
        (3, Mark::Inaccuracy),
    ];

    /// The mark as players write it after the move.
    pub fn symbol(self) -> &'static str {
        match self {
            Mark::Blunder => "??",
            Mark::Mistake => "?",
            Mark::Inaccuracy => "?!",
        }
    }
}

impl std::fmt::Display for Mark {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.symbol())
    }
}

/// The mark of a move that lost `loss` discs, if it earns one.
///
/// ```
/// use reversi_engine::review::{mark, Mark};
/// assert_eq!((mark(2), mark(3), mark(6), mark(20)), (None, Some(Mark::Inaccuracy), Some(Mark::Mistake), Some(Mark::Blunder)));
/// assert_eq!(Mark::Blunder.to_string(), "??");
/// ```
pub fn mark(loss: i32) -> Option<Mark> {
    Mark::ALL
        .iter()
        .find(|(least, _)| loss >= *least)
        .map(|&(_, m)| m)
}

/// One position of a game, valued.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlyReview {
    /// The best move found (a pass where there is no legal placement; also at the end of the game).
    pub best: Move,
    /// Its value for the side to move ([`DISC`] units).
    pub score: i32,
    /// The value of the move played, at the same depth (none at the last position).
    pub played_score: Option<i32>,
    /// The line the search expects, the best move first (empty where there is no placement).
    pub line: Vec<Square>,
    /// What the scores mean.
    pub kind: ScoreKind,
}

impl PlyReview {
    /// Discs the move played lost against the best move (never negative: a played move found better than
    /// the "best" one at the same depth lost nothing).
    pub fn loss(&self) -> Option<i32> {
        self.played_score
            .map(|played| ((self.score - played).max(0) + DISC / 2) / DISC)
    }
}

/// Values `board` (side to move) and, when given, the move played there. The tables are cleared first, so the
/// figures depend only on the position and the depth (the CLI and the worker agree). `clock` only times the
/// searches: they have no deadline.
pub fn review_position(
    searcher: &mut Searcher,
    board: &Board,
    played: Option<Square>,
    depth: &ReviewDepth,
    clock: Clock,
) -> PlyReview {
    if board.is_game_over() {
        return PlyReview {
            best: Move::Pass,
            score: board.final_score() * DISC,
            played_score: None,
            line: Vec::new(),
            kind: ScoreKind::Exact,
        };
    }
    if board.must_pass() {
        // No choice here: the value is the opponent's after the pass, turned round.
        let next = review_position(searcher, &board.pass(), None, depth, clock);
        return PlyReview {
            best: Move::Pass,
            score: -next.score,
            played_score: played.map(|_| -next.score),
            line: Vec::new(),
            kind: next.kind,
        };
    }
    searcher.clear();
    let info = searcher.search(board, &depth.limits(depth.depth), clock, None, &mut |_| {});
    let played_score = played.map(|square| {
        if info.best == Move::Place(square) {
            return info.score;
        }
        let Ok(next) = board.try_play(Move::Place(square)) else {
            return info.score;
        };
        searcher.clear();
        let reply = searcher.search(
            &next,
            &depth.limits(depth.depth.saturating_sub(1)),
            clock,
            None,
            &mut |_| {},
        );
        // The search of a position whose side must pass values it for that side: the mover's value is
        // the opposite of the opponent's, whoever moves next.
        -reply.score
    });
    PlyReview {
        best: info.best,
        score: info.score,
        played_score,
        line: info.pv.clone(),
        kind: info.kind,
    }
}
