//! Exact endgame solving: the final disc difference with perfect play (and win/loss/draw, the same search with a
//! window around zero). Null-window search everywhere but on the principal variation; a transposition table,
//! fastest-first ordering and a stability cutoff while many squares are empty; parity ordering and no
//! allocation near the end, with the last squares handled by small specialised functions. Positions with many
//! empties are first solved selectively (probcut against a shallow search with the evaluation), which costs
//! a fraction of the exact search and makes its ordering and first guess much better.

use super::bitboard::{adjacent, CORNERS, C_SQUARES};
use super::board::{flips, moves};
use super::control::Control;
use super::eval::stable;
use super::pattern::PatternWeights;
use super::stackvec::StackVec;
use super::tt::{TranspositionTable, FULL_WIDTH};
use super::{Board, Square};

/// At or below this many empties the search uses no table and no sorting.
const SHALLOW: u32 = 6;
const MOBILITY_WEIGHT: i32 = 1 << 10;
const POTENTIAL_WEIGHT: i32 = 1 << 6;
const CORNER_STABILITY_WEIGHT: i32 = 1 << 9;
const PARITY_WEIGHT: i32 = 1 << 4;

/// Discs in a corner, or next to an own corner disc along an edge: a cheap count of sure-stable discs.
#[inline]
fn corner_stability(p: u64) -> i32 {
    let corners = p & CORNERS;
    let edge_neighbours = adjacent(corners) & C_SQUARES;
    (corners | (edge_neighbours & p)).count_ones() as i32
}

/// The squares around each square: a move there needs an opponent's disc among them.
static NEIGHBOURS: [u64; 64] = neighbours();

const fn neighbours() -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut x = 0;
    while x < 64 {
        table[x] = adjacent(1 << x);
        x += 1;
    }
    table
}

/// At or above this many empties moves are ordered by a shallow search (1 ply, 2 from
/// [`EVAL_ORDER_2PLY_EMPTIES`]) with the pattern evaluation; below, by the cheaper fastest-first keys.
const EVAL_ORDER_EMPTIES: u32 = 18;
const EVAL_ORDER_2PLY_EMPTIES: u32 = 22;
/// Enhanced transposition cutoffs are tried at or above this many empties.
const ETC_MIN_EMPTIES: u32 = 14;
/// Results are only stored in the table at or above this many empties.
const TT_MIN_EMPTIES: u32 = 10;

/// The four quadrants, for parity ordering: an odd quadrant is played into first.
const QUADRANTS: [u64; 4] = [
    0x0000_0000_0F0F_0F0F,
    0x0000_0000_F0F0_F0F0,
    0x0F0F_0F0F_0000_0000,
    0xF0F0_F0F0_0000_0000,
];

/// The selective searches that precede the exact one from [`SELECTIVE_MIN_EMPTIES`] empties, by their probcut
/// margin in standard deviations of the shallow search's error; a search at confidence `c` uses
/// `SELECTIVITY[c - 1]`. One pass at 1.5 σ (about 87 % sure) measured best on FFO #45 and #48–#51: the exact
/// search after it needs far fewer nodes on the hard positions (#49: 1.57 G → 0.79 G), while Edax's ladder
/// of five passes (1.1 to 3.3 σ) cost more than it saved with this evaluation's error.
const SELECTIVITY: [f32; 1] = [1.5];
/// Positions with at least this many empties are solved selectively first.
const SELECTIVE_MIN_EMPTIES: u32 = 22;
/// A selective search tries probcut at nodes with at least this many empties.
const PROBCUT_MIN_EMPTIES: u32 = 10;

/// Exact solver over a transposition table owned by the caller.
pub struct Solver<'a> {
    tt: &'a mut TranspositionTable,
    /// [`FULL_WIDTH`] for exact search, or the selective level (1 to `SELECTIVITY.len()`).
    confidence: u8,
    /// Nodes and limits.
    pub control: &'a mut Control,
}

/// Final disc difference when neither side can move, empties to the winner.
#[inline]
fn final_score(p: u64, o: u64) -> i32 {
    Board::new(super::Bitboard(p), super::Bitboard(o)).final_score()
}

impl<'a> Solver<'a> {
    /// A solver using `tt` for its exact-score entries and `control` for its limits.
    pub fn new(tt: &'a mut TranspositionTable, control: &'a mut Control) -> Solver<'a> {
        Solver {
            tt,
            confidence: FULL_WIDTH,
            control,
        }
    }

    /// The exact score of `board` (final disc difference for the side to move, empties to the winner) and a
    /// best move (`None` when the side to move must pass or the game is over). Only valid when the search was
    /// not stopped by its limits.
    ///
    /// The score is found by null-window probes (MTD(f)) starting from a shallow estimate: each probe asks
    /// "at least b?" and moves one bound, reusing the table, which costs far less than full-window searches.
    /// From [`SELECTIVE_MIN_EMPTIES`] empties a selective solve (probcut) runs first; its value is the next
    /// estimate and its best moves order the exact search, which trusts none of its bounds.
    pub fn solve(&mut self, board: &Board) -> (i32, Option<Square>) {
        let p = board.player().0;
        let o = board.opponent().0;
        if moves(p, o) == 0 {
            return self.solve_window(board, -64, 64);
        }
        let estimate = shallow_value(p, o, 2, -30_000, 30_000) / super::eval::DISC;
        let mut guess = estimate.clamp(-64, 64);
        if (!(p | o)).count_ones() >= SELECTIVE_MIN_EMPTIES {
            // A cheaper selective search first: it leaves best moves in the table and a close guess.
            for confidence in 1..=SELECTIVITY.len() as u8 {
                self.confidence = confidence;
                guess = self.mtd(p, o, guess).0;
                if self.control.aborted() {
                    break;
                }
            }
        }
        self.confidence = FULL_WIDTH;
        self.mtd(p, o, guess)
    }

    /// MTD(f) from `guess` at the solver's confidence: null-window probes move one bound at a time until
    /// they meet.
    fn mtd(&mut self, p: u64, o: u64, guess: i32) -> (i32, Option<Square>) {
        let mut guess = (guess.clamp(-64, 64) / 2) * 2;
        let (mut lower, mut upper) = (-64, 64);
        let mut best = None;
        while lower < upper {
            let b = if guess == lower { guess + 1 } else { guess };
            let (value, square) = self.nws_root(p, o, b - 1);
            if self.control.aborted() {
                break;
            }
            if value >= b {
                lower = value;
                best = Some(square);
            } else {
                upper = value;
            }
            guess = value;
        }
        // With every move losing everything no probe fails high: any move reaches the score.
        let best = best.unwrap_or_else(|| MoveList::new(p, o).moves[0].square());
        (lower.max(guess.min(upper)), Some(best))
    }

    /// Null-window search at the root: is the score above `alpha`? Returns the bound and the move that
    /// reached it (meaningful when it is above `alpha`).
    fn nws_root(&mut self, p: u64, o: u64, alpha: i32) -> (i32, Square) {
        let mut list = MoveList::new(p, o);
        let tt_move = self
            .tt
            .probe(&Board::new(super::Bitboard(p), super::Bitboard(o)))
            .and_then(|d| d.best);
        list.order(tt_move, (!(p | o)).count_ones());
        let mut best = (-65, list.moves[0].square());
        for m in list.moves.iter() {
            let score = -self.nws(m.p, m.o, -alpha - 1);
            if self.control.aborted() {
                break;
            }
            if score > best.0 {
                best = (score, m.square());
                if score > alpha {
                    break;
                }
            }
        }
        let board = Board::new(super::Bitboard(p), super::Bitboard(o));
        self.tt.store_selective(
            &board,
            (!(p | o)).count_ones() as u8,
            self.confidence,
            (alpha, alpha + 1),
            best.0,
            Some(best.1),
        );
        best
    }

    /// The score of `board` within (`alpha`, `beta`): exact inside the window, otherwise a bound on the side
    /// it fell. With (-1, 1) this is a win/loss/draw solve.
    pub fn solve_window(&mut self, board: &Board, alpha: i32, beta: i32) -> (i32, Option<Square>) {
        let p = board.player().0;
        let o = board.opponent().0;
        if moves(p, o) == 0 {
            let score = if moves(o, p) == 0 {
                final_score(p, o)
            } else {
                -self.pvs(o, p, -beta, -alpha)
            };
            return (score, None);
        }
        let (score, best) = self.pvs_root(p, o, alpha, beta);
        (score, Some(best))
    }

    fn pvs_root(&mut self, p: u64, o: u64, mut alpha: i32, beta: i32) -> (i32, Square) {
        let mut list = MoveList::new(p, o);
        let tt_move = self
            .tt
            .probe(&Board::new(super::Bitboard(p), super::Bitboard(o)))
            .and_then(|d| d.best);
        list.order(tt_move, (!(p | o)).count_ones());
        let mut best_score = -65;
        let mut best_move = list.moves[0].square();
        for (i, &m) in list.moves.iter().enumerate() {
            let score = self.pv_child(i, m.p, m.o, alpha, beta);
            if self.control.aborted() {
                break;
            }
            if score > best_score {
                best_score = score;
                best_move = m.square();
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        (best_score, best_move)
    }

    /// The value of the `i`-th child on the principal variation: the first with the full window, the others
    /// with a null window first, searched again in full when they land inside the window.
    #[inline]
    fn pv_child(&mut self, i: usize, p: u64, o: u64, alpha: i32, beta: i32) -> i32 {
        if i == 0 {
            return -self.pvs(p, o, -beta, -alpha);
        }
        let s = -self.nws(p, o, -alpha - 1);
        if s > alpha && s < beta {
            -self.pvs(p, o, -beta, -s)
        } else {
            s
        }
    }

    /// Principal-variation search with a full window (fail-soft).
    fn pvs(&mut self, p: u64, o: u64, mut alpha: i32, beta: i32) -> i32 {
        let empties = (!(p | o)).count_ones();
        if empties <= SHALLOW {
            // Near the end a full-window search costs little more than two null-window ones.
            let low = self.nws(p, o, alpha);
            if low <= alpha || low >= beta {
                return low;
            }
            return self.exact_small(p, o, low, beta);
        }
        if self.control.tick() {
            return 0;
        }
        let mv = moves(p, o);
        if mv == 0 {
            if moves(o, p) == 0 {
                return final_score(p, o);
            }
            return -self.pvs(o, p, -beta, -alpha);
        }
        let board = Board::new(super::Bitboard(p), super::Bitboard(o));
        let entry = self.tt.probe(&board);
        let mut list = MoveList::new(p, o);
        list.order(entry.and_then(|d| d.best), empties);
        let original_alpha = alpha;
        let mut best_score = -65;
        let mut best_move = None;
        for (i, &m) in list.moves.iter().enumerate() {
            let score = self.pv_child(i, m.p, m.o, alpha, beta);
            if self.control.aborted() {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(m.square());
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.tt.store_selective(
            &board,
            empties as u8,
            self.confidence,
            (original_alpha, beta),
            best_score,
            best_move,
        );
        best_score
    }

    /// Exact value below the shallow threshold, known to be at least `low` (a fail-high bound) and wanted
    /// only below `beta`: raise the bound with null windows until one fails low.
    fn exact_small(&mut self, p: u64, o: u64, mut low: i32, beta: i32) -> i32 {
        while low < beta {
            let v = self.nws(p, o, low);
            if v <= low {
                return low;
            }
            low = v;
        }
        low
    }

    /// Null-window search: is the score above `alpha`? Returns a fail-soft bound (or the exact score).
    fn nws(&mut self, p: u64, o: u64, alpha: i32) -> i32 {
        let empties = (!(p | o)).count_ones();
        if empties <= SHALLOW {
            return self.nws_shallow(p, o, alpha, empties);
        }
        if self.control.tick() {
            return 0;
        }
        let mv = moves(p, o);
        if mv == 0 {
            if moves(o, p) == 0 {
                return final_score(p, o);
            }
            return -self.nws(o, p, -alpha - 1);
        }
        // Stability cutoff: the opponent's stable discs cap what the side to move can reach.
        let opponent_discs = o.count_ones() as i32;
        if alpha >= 64 - 2 * opponent_discs {
            let cap = 64 - 2 * stable(o, p).count_ones() as i32;
            if cap <= alpha {
                return cap;
            }
        }
        let board = Board::new(super::Bitboard(p), super::Bitboard(o));
        let entry = if empties >= TT_MIN_EMPTIES {
            self.tt.probe(&board)
        } else {
            None
        };
        if let Some(data) = entry.filter(|d| d.confidence >= self.confidence) {
            if data.lower > alpha {
                return data.lower;
            }
            if data.upper <= alpha {
                return data.upper;
            }
        }
        if self.confidence != FULL_WIDTH && empties >= PROBCUT_MIN_EMPTIES {
            if let Some(score) = self.probcut(p, o, alpha, empties) {
                return score;
            }
        }
        let mut list = MoveList::new(p, o);
        if empties >= ETC_MIN_EMPTIES {
            // Enhanced transposition cutoff: a child already known to be bad enough for the opponent.
            for m in list.moves.iter() {
                let child = Board::new(super::Bitboard(m.p), super::Bitboard(m.o));
                if let Some(data) = self.tt.probe(&child) {
                    if data.confidence >= self.confidence && -data.upper > alpha {
                        return -data.upper;
                    }
                }
            }
        }
        list.order(entry.and_then(|d| d.best), empties);
        let mut best_score = -65;
        let mut best_move = None;
        for &m in list.moves.iter() {
            let score = -self.nws(m.p, m.o, -alpha - 1);
            if self.control.aborted() {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(m.square());
                if score > alpha {
                    break;
                }
            }
        }
        if empties >= TT_MIN_EMPTIES {
            self.tt.store_selective(
                &board,
                empties as u8,
                self.confidence,
                (alpha, alpha + 1),
                best_score,
                best_move,
            );
        }
        best_score
    }

    /// Probcut (selective searches only): when a shallow search with the evaluation lands far enough
    /// outside the window, expect the exact score to be on the same side and answer without searching.
    fn probcut(&mut self, p: u64, o: u64, alpha: i32, empties: u32) -> Option<i32> {
        let depth = probcut_depth(empties);
        let t = SELECTIVITY[self.confidence as usize - 1];
        let (mean, sigma) = probcut_error(empties, depth);
        let disc = super::eval::DISC;
        // The shallow values beyond which the exact score is outside the window with confidence t·σ.
        let high = (((alpha + 1) as f32 - mean + t * sigma) * disc as f32).ceil() as i32;
        let low = ((alpha as f32 - mean - t * sigma) * disc as f32).floor() as i32;
        // The static evaluation says which side is worth a shallow search.
        let estimate = PatternWeights::builtin().evaluate(p, o);
        if high < 64 * disc
            && estimate >= high - 1
            && shallow_value(p, o, depth, high - 1, high) >= high
        {
            return Some(alpha + 1);
        }
        if low > -64 * disc
            && estimate <= low + 1
            && shallow_value(p, o, depth, low, low + 1) <= low
        {
            return Some(alpha);
        }
        None
    }

    /// Few empties: parity order (moves into quadrants with an odd number of empties first), no table.
    fn nws_shallow(&mut self, p: u64, o: u64, alpha: i32, empties: u32) -> i32 {
        self.control.nodes += 1;
        let empty = !(p | o);
        match empties {
            0 => return final_score(p, o),
            1 => return solve_1(p, o, empty.trailing_zeros() as usize),
            2 => return self.solve_2(p, o, alpha, empty),
            _ => {}
        }
        let mut odd = 0u64;
        for q in QUADRANTS {
            if (empty & q).count_ones() & 1 == 1 {
                odd |= q;
            }
        }
        let mut best_score = -65;
        let mut played = false;
        for group in [empty & odd, empty & !odd] {
            let mut rest = group;
            while rest != 0 {
                let x = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                if NEIGHBOURS[x] & o == 0 {
                    continue;
                }
                let f = flips(p, o, x);
                if f == 0 {
                    continue;
                }
                played = true;
                let score = -self.nws_shallow(o ^ f, p ^ f ^ (1 << x), -alpha - 1, empties - 1);
                if score > best_score {
                    best_score = score;
                    if score > alpha {
                        return score;
                    }
                }
            }
        }
        if !played {
            if moves(o, p) == 0 {
                return final_score(p, o);
            }
            return -self.nws_shallow(o, p, -alpha - 1, empties);
        }
        best_score
    }

    #[inline]
    fn solve_2(&mut self, p: u64, o: u64, alpha: i32, empty: u64) -> i32 {
        let x1 = empty.trailing_zeros() as usize;
        let x2 = (empty & (empty - 1)).trailing_zeros() as usize;
        let mut best = -65;
        for (a, b) in [(x1, x2), (x2, x1)] {
            if NEIGHBOURS[a] & o == 0 {
                continue;
            }
            let f = flips(p, o, a);
            if f != 0 {
                self.control.nodes += 1;
                let score = -solve_1(o ^ f, p ^ f ^ (1 << a), b);
                if score > best {
                    best = score;
                    if score > alpha {
                        return score;
                    }
                }
            }
        }
        if best > -65 {
            return best;
        }
        // The side to move must pass: the opponent plays both squares if it can.
        let mut best = 65;
        let mut moved = false;
        for (a, b) in [(x1, x2), (x2, x1)] {
            if NEIGHBOURS[a] & p == 0 {
                continue;
            }
            let f = flips(o, p, a);
            if f != 0 {
                moved = true;
                self.control.nodes += 1;
                let score = solve_1(p ^ f, o ^ f ^ (1 << a), b);
                if score < best {
                    best = score;
                    if score <= alpha {
                        return score;
                    }
                }
            }
        }
        if moved {
            best
        } else {
            final_score(p, o)
        }
    }
}

/// One empty square left, at `x`: the side to move plays it if it can, else the opponent, else nobody.
#[inline]
fn solve_1(p: u64, o: u64, x: usize) -> i32 {
    let diff = p.count_ones() as i32 - o.count_ones() as i32;
    let f = last_flip_count(p, x);
    if f > 0 {
        return diff + 2 * f + 1;
    }
    let f = last_flip_count(o, x);
    if f > 0 {
        return diff - 2 * f - 1;
    }
    // Nobody can play the last square: it goes to the winner.
    match diff.cmp(&0) {
        std::cmp::Ordering::Greater => diff + 1,
        std::cmp::Ordering::Less => diff - 1,
        std::cmp::Ordering::Equal => 0,
    }
}

/// `LINE_FLIPS[i][line]`: discs flipped along a line of eight squares by a move at `i` when the mover's discs
/// on the line are the bits of `line` and every other square but `i` holds an opponent's disc.
static LINE_FLIPS: [[u8; 256]; 8] = line_flips();

const fn line_flips() -> [[u8; 256]; 8] {
    let mut table = [[0u8; 256]; 8];
    let mut i = 0;
    while i < 8 {
        let mut line = 0;
        while line < 256 {
            let mut count = 0;
            // Towards lower bits, then higher: opponent squares up to one of the mover's discs.
            let mut j = i as i32 - 1;
            while j >= 0 && line >> j & 1 == 0 {
                j -= 1;
            }
            if j >= 0 {
                count += i as i32 - 1 - j;
            }
            let mut j = i + 1;
            while j < 8 && line >> j & 1 == 0 {
                j += 1;
            }
            if j < 8 {
                count += (j - i - 1) as i32;
            }
            table[i][line] = count as u8;
            line += 1;
        }
        i += 1;
    }
    table
}

/// The two diagonals through each square, as masks: (a1-h8 direction, a8-h1 direction).
static DIAGONALS: [(u64, u64); 64] = diagonals();

const fn diagonals() -> [(u64, u64); 64] {
    let mut table = [(0u64, 0u64); 64];
    let mut x = 0;
    while x < 64 {
        let (row, column) = ((x / 8) as i32, (x % 8) as i32);
        let mut square = 0;
        while square < 64 {
            let (r, c) = (square / 8, square % 8);
            if c - r == column - row {
                table[x].0 |= 1 << square;
            }
            if c + r == column + row {
                table[x].1 |= 1 << square;
            }
            square += 1;
        }
        x += 1;
    }
    table
}

/// Discs flipped by a move of `p` at `x` on a board whose only empty square is `x` (every square that is not
/// `p`'s holds an opponent's disc): each line through `x` is gathered into a byte indexed by column (row for
/// the column) and looked up.
#[inline]
fn last_flip_count(p: u64, x: usize) -> i32 {
    let (row, column) = (x / 8, x % 8);
    let (diagonal, anti) = DIAGONALS[x];
    let horizontal = (p >> (row * 8)) as u8 as usize;
    let vertical =
        ((p >> column) & 0x0101_0101_0101_0101).wrapping_mul(0x0102_0408_1020_4080) >> 56;
    let d1 = (p & diagonal).wrapping_mul(0x0101_0101_0101_0101) >> 56;
    let d2 = (p & anti).wrapping_mul(0x0101_0101_0101_0101) >> 56;
    (LINE_FLIPS[column][horizontal]
        + LINE_FLIPS[row][vertical as usize]
        + LINE_FLIPS[column][d1 as usize]
        + LINE_FLIPS[column][d2 as usize]) as i32
}

#[derive(Clone, Copy)]
struct Child {
    /// Square index of the move.
    x: u8,
    p: u64,
    o: u64,
    key: i32,
}

impl Child {
    #[inline]
    fn square(&self) -> Square {
        Square::from_index(self.x as usize)
    }
}

/// The legal moves of a node with the positions they lead to, sorted best first.
struct MoveList {
    /// At most one move per empty square.
    moves: StackVec<Child, 64>,
    /// Empty squares of the parent position.
    empty: u64,
}

impl MoveList {
    #[inline]
    fn new(p: u64, o: u64) -> MoveList {
        let mut list = MoveList {
            moves: StackVec::new(),
            empty: !(p | o),
        };
        let mut rest = moves(p, o);
        while rest != 0 {
            let x = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let f = flips(p, o, x);
            list.moves.push(Child {
                x: x as u8,
                p: o ^ f,
                o: p ^ f ^ (1 << x),
                key: 0,
            });
        }
        list
    }

    /// Table move first. With many empties, then by a shallow search with the evaluation, less the
    /// opponent's mobility; with fewer, fastest first: the fewer replies the opponent has (corners counting
    /// double) the better, with a bonus for taking a corner and for playing into an odd quadrant.
    #[inline]
    fn order(&mut self, tt_move: Option<Square>, empties: u32) {
        if empties >= EVAL_ORDER_EMPTIES {
            let depth = if empties >= EVAL_ORDER_2PLY_EMPTIES {
                2
            } else {
                1
            };
            for child in self.moves.as_mut_slice() {
                if Some(child.square()) == tt_move {
                    child.key = i32::MAX;
                    continue;
                }
                let replies = moves(child.p, child.o);
                let mobility =
                    replies.count_ones() as i32 + (replies & CORNERS).count_ones() as i32;
                let value = -shallow_value(child.p, child.o, depth, -30_000, 30_000);
                child.key = value - mobility * 50;
            }
            self.sort();
            return;
        }
        let empty = self.empty;
        let mut odd = 0u64;
        if empties < 20 {
            for q in QUADRANTS {
                if (empty & q).count_ones() & 1 == 1 {
                    odd |= q;
                }
            }
        }
        for child in self.moves.as_mut_slice() {
            let bit = 1u64 << child.x;
            if Some(child.square()) == tt_move {
                child.key = i32::MAX;
                continue;
            }
            let replies = moves(child.p, child.o);
            let mobility = replies.count_ones() as i32 + (replies & CORNERS).count_ones() as i32;
            // Empty squares next to our discs: where the opponent may find moves later.
            let potential = (adjacent(child.o) & !(child.p | child.o)).count_ones() as i32;
            let mut key = -mobility * MOBILITY_WEIGHT - potential * POTENTIAL_WEIGHT
                + corner_stability(child.o) * CORNER_STABILITY_WEIGHT;
            if bit & CORNERS != 0 {
                key += 8;
            }
            if bit & odd != 0 {
                key += PARITY_WEIGHT;
            }
            child.key = key;
        }
        self.sort();
    }

    /// Insertion sort by key, highest first: lists are short.
    #[inline]
    fn sort(&mut self) {
        let moves = self.moves.as_mut_slice();
        for i in 1..moves.len() {
            let item = moves[i];
            let mut j = i;
            while j > 0 && moves[j - 1].key < item.key {
                moves[j] = moves[j - 1];
                j -= 1;
            }
            moves[j] = item;
        }
    }
}

/// The depth of probcut's shallow search at a node with `empties` empty squares.
#[inline]
fn probcut_depth(empties: u32) -> u32 {
    if empties >= 20 {
        4
    } else if empties >= 14 {
        2
    } else {
        1
    }
}

/// How the exact score of a node with `empties` empty squares relates to a `depth`-ply shallow search with the
/// evaluation: the mean and the standard deviation of exact − shallow, in discs. Measured with
/// `reversi probcut-stats --games 300 --max-empties 20 --max-depth 4 --seed 12` (about 300 positions per
/// cell): the deviation falls from about 9 discs at depth 0 to 6.5 at depth 4 and barely depends on the
/// empties; the mean is about +2 discs when the side to move has the parity (odd empties), −1.8 otherwise,
/// both rising with depth.
#[inline]
fn probcut_error(empties: u32, depth: u32) -> (f32, f32) {
    let parity = if empties % 2 == 1 { 2.0 } else { -1.8 };
    (parity + 0.35 * depth as f32, 8.9 - 0.7 * depth as f32)
}

/// The value of a position by a `depth`-ply search with the pattern evaluation, in [`DISC`](super::DISC) units:
/// what the solver's probcut compares with the window.
pub fn probcut_value(board: &Board, depth: u32) -> i32 {
    shallow_value(board.player().0, board.opponent().0, depth, -30_000, 30_000)
}

/// Alpha-beta value of a position to a small depth with the evaluation at the leaves, for move ordering.
fn shallow_value(p: u64, o: u64, depth: u32, mut alpha: i32, beta: i32) -> i32 {
    let mv = moves(p, o);
    if mv == 0 {
        if moves(o, p) == 0 {
            return final_score(p, o) * super::eval::DISC;
        }
        return -shallow_value(o, p, depth, -beta, -alpha);
    }
    if depth == 0 {
        return PatternWeights::builtin().evaluate(p, o);
    }
    let mut children: StackVec<(i32, u64, u64), 64> = StackVec::new();
    let mut rest = mv;
    while rest != 0 {
        let x = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let f = flips(p, o, x);
        children.push((0, o ^ f, p ^ f ^ (1 << x)));
    }
    let children = children.as_mut_slice();
    if depth >= 3 {
        // Deep enough for ordering to pay: the replies the evaluation likes least for the opponent first.
        for child in children.iter_mut() {
            child.0 = PatternWeights::builtin().evaluate(child.1, child.2);
        }
        children.sort_unstable_by_key(|c| c.0);
    }
    let mut best = -30_000;
    for &(_, cp, co) in children.iter() {
        let v = -shallow_value(cp, co, depth - 1, -beta, -alpha);
        if v > best {
            best = v;
            if v > alpha {
                alpha = v;
                if v >= beta {
                    break;
                }
            }
        }
    }
    best
}
