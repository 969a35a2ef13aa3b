//! Helpers shared by the integration tests: the engine's seeded random generator and a deliberately simple array-based
//! Othello implementation to check the bitboard engine against.

#![allow(dead_code)]

pub mod fuzz;

/// The engine's own generator (SplitMix64), seeded, to pick random moves reproducibly.
pub use reversi_engine::Rng;

/// A random index below `n` (at least 1).
pub fn below(rng: &mut Rng, n: usize) -> usize {
    rng.below(n.max(1) as u64) as usize
}

/// A cell of the reference board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Cell {
    Empty,
    Black,
    White,
}

impl Cell {
    pub fn other(self) -> Cell {
        match self {
            Cell::Black => Cell::White,
            Cell::White => Cell::Black,
            Cell::Empty => Cell::Empty,
        }
    }
}

/// The reference: an 8×8 array walked square by square and direction by direction, the way a plain
/// C program does it. Slow and obvious on purpose.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Reference {
    /// `cells[row][column]`, row 0 = row 1 (top).
    pub cells: [[Cell; 8]; 8],
    pub to_move: Cell,
}

const DIRECTIONS: [(i32, i32); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

impl Reference {
    pub fn start() -> Reference {
        let mut cells = [[Cell::Empty; 8]; 8];
        cells[3][3] = Cell::White; // d4
        cells[3][4] = Cell::Black; // e4
        cells[4][3] = Cell::Black; // d5
        cells[4][4] = Cell::White; // e5
        Reference {
            cells,
            to_move: Cell::Black,
        }
    }

    /// The (column, row) cells that `color` playing at (column, row) would flip.
    pub fn flips(&self, column: usize, row: usize, color: Cell) -> Vec<(usize, usize)> {
        let mut all = Vec::new();
        if self.cells[row][column] != Cell::Empty {
            return all;
        }
        for (dc, dr) in DIRECTIONS {
            let mut run = Vec::new();
            let mut c = column as i32 + dc;
            let mut r = row as i32 + dr;
            while (0..8).contains(&c)
                && (0..8).contains(&r)
                && self.cells[r as usize][c as usize] == color.other()
            {
                run.push((c as usize, r as usize));
                c += dc;
                r += dr;
            }
            if !run.is_empty()
                && (0..8).contains(&c)
                && (0..8).contains(&r)
                && self.cells[r as usize][c as usize] == color
            {
                all.extend(run);
            }
        }
        all.sort();
        all
    }

    /// Legal moves of `color` as (column, row), in row-major order.
    pub fn legal_moves(&self, color: Cell) -> Vec<(usize, usize)> {
        let mut moves = Vec::new();
        for row in 0..8 {
            for column in 0..8 {
                if !self.flips(column, row, color).is_empty() {
                    moves.push((column, row));
                }
            }
        }
        moves
    }

    pub fn play(&mut self, column: usize, row: usize) {
        let flips = self.flips(column, row, self.to_move);
        assert!(!flips.is_empty(), "reference: illegal move");
        for (c, r) in flips {
            self.cells[r][c] = self.to_move;
        }
        self.cells[row][column] = self.to_move;
        self.to_move = self.to_move.other();
    }

    pub fn pass(&mut self) {
        self.to_move = self.to_move.other();
    }

    pub fn count(&self, color: Cell) -> usize {
        self.cells.iter().flatten().filter(|&&c| c == color).count()
    }
}
