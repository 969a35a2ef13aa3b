//! The board's orientation: how the page turns or mirrors its view of the board. The game is unchanged;
//! the squares are drawn where the view puts them, the coordinates at the board's edges are the names of the
//! squares beside them (so a1 is always named a1, wherever the view puts it), the arrow keys move the
//! focus the way the eye sees, and the transcript can be copied as shown.

use reversi_engine::{Square, Symmetry};

/// The views the page offers, in its menu's order.
pub const ORIENTATIONS: [Symmetry; 6] = [
    Symmetry::Identity,
    Symmetry::Rotate90,
    Symmetry::Rotate180,
    Symmetry::Rotate270,
    Symmetry::FlipVertical,
    Symmetry::MirrorHorizontal,
];

/// The name an orientation is stored under.
pub fn code(orientation: Symmetry) -> &'static str {
    match orientation {
        Symmetry::Identity => "normal",
        Symmetry::Rotate90 => "rotate90",
        Symmetry::Rotate180 => "rotate180",
        Symmetry::Rotate270 => "rotate270",
        Symmetry::FlipVertical => "flip-vertical",
        Symmetry::MirrorHorizontal => "mirror",
        Symmetry::Diagonal => "diagonal",
        Symmetry::AntiDiagonal => "anti-diagonal",
    }
}

/// The orientation stored as `text`, one the menu offers (the normal one for anything else: a view the
/// menu cannot show, such as the diagonals, would be drawn while the menu named another).
pub fn from_code(text: &str) -> Symmetry {
    ORIENTATIONS
        .into_iter()
        .find(|&s| code(s) == text.trim())
        .unwrap_or(Symmetry::Identity)
}

/// The square drawn at column `column` and row `row` of the view (0-based, from the top left).
pub fn square_at(orientation: Symmetry, column: usize, row: usize) -> Square {
    let seen = Square::from_coords(column, row).expect("on the board");
    orientation.inverse().apply_square(seen)
}

/// The labels at the board's edges: above each column of the view, and beside each row, the name of the
/// line of squares there (a letter for a column of the board, a digit for a row of it).
pub fn edge_labels(orientation: Symmetry) -> ([char; 8], [char; 8]) {
    let name = |a: Square, b: Square| {
        if a.column() == b.column() {
            (b'a' + a.column() as u8) as char
        } else {
            (b'1' + a.row() as u8) as char
        }
    };
    let top =
        std::array::from_fn(|c| name(square_at(orientation, c, 0), square_at(orientation, c, 1)));
    let side =
        std::array::from_fn(|r| name(square_at(orientation, 0, r), square_at(orientation, 1, r)));
    (top, side)
}

/// The square an arrow key moves the focus to from `from`: one step in the view, (`dc`, `dr`) in its
/// columns and rows, kept on the board.
pub fn step(orientation: Symmetry, from: Square, dc: i32, dr: i32) -> Square {
    let seen = orientation.apply_square(from);
    let column = (seen.column() as i32 + dc).clamp(0, 7) as usize;
    let row = (seen.row() as i32 + dr).clamp(0, 7) as usize;
    square_at(orientation, column, row)
}

/// The game's moves as the view shows them: each square named by where the view draws it, so that the
/// transcript replays on a board set up as the view shows it.
pub fn transcript_as_shown(orientation: Symmetry, moves: &[Square]) -> String {
    moves
        .iter()
        .map(|&s| orientation.apply_square(s).to_string())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn the_views_put_the_squares_where_the_eye_expects() {
        // Normal: a1 top left.
        assert_eq!(square_at(Symmetry::Identity, 0, 0), sq("a1"));
        // A quarter turn clockwise: a1 goes to the top right, a8 to the top left.
        assert_eq!(square_at(Symmetry::Rotate90, 7, 0), sq("a1"));
        assert_eq!(square_at(Symmetry::Rotate90, 0, 0), sq("a8"));
        assert_eq!(square_at(Symmetry::Rotate180, 0, 0), sq("h8"));
        assert_eq!(square_at(Symmetry::Rotate270, 0, 0), sq("h1"));
        assert_eq!(square_at(Symmetry::FlipVertical, 0, 0), sq("a8"));
        assert_eq!(square_at(Symmetry::MirrorHorizontal, 0, 0), sq("h1"));
        // Every view draws every square once.
        for orientation in ORIENTATIONS {
            let mut seen: Vec<usize> = (0..64)
                .map(|i| square_at(orientation, i % 8, i / 8).index())
                .collect();
            seen.sort_unstable();
            assert_eq!(seen, (0..64).collect::<Vec<_>>());
            assert_eq!(from_code(code(orientation)), orientation);
        }
        assert_eq!(from_code("sideways"), Symmetry::Identity);
    }

    #[test]
    fn the_edges_name_the_lines_beside_them() {
        let (top, side) = edge_labels(Symmetry::Identity);
        assert_eq!(top.iter().collect::<String>(), "abcdefgh");
        assert_eq!(side.iter().collect::<String>(), "12345678");
        let (top, side) = edge_labels(Symmetry::Rotate90);
        assert_eq!(top.iter().collect::<String>(), "87654321");
        assert_eq!(side.iter().collect::<String>(), "abcdefgh");
        let (top, side) = edge_labels(Symmetry::MirrorHorizontal);
        assert_eq!(top.iter().collect::<String>(), "hgfedcba");
        assert_eq!(side.iter().collect::<String>(), "12345678");
    }

    #[test]
    fn arrows_move_as_seen_and_transcripts_as_shown() {
        // Rotated a quarter turn, "right" from a8 (top left) is a7.
        assert_eq!(step(Symmetry::Rotate90, sq("a8"), 1, 0), sq("a7"));
        assert_eq!(step(Symmetry::Rotate90, sq("a8"), -1, 0), sq("a8"));
        assert_eq!(step(Symmetry::Identity, sq("d3"), 0, 1), sq("d4"));
        let moves = [sq("f5"), sq("d6")];
        assert_eq!(transcript_as_shown(Symmetry::Identity, &moves), "f5d6");
        assert_eq!(transcript_as_shown(Symmetry::Rotate180, &moves), "c4e3");
    }

    /// A stored view the menu does not offer reads as the normal one, so that the menu names what is drawn
    ///; each one it offers reads back as itself.
    #[test]
    fn only_the_views_the_menu_offers_are_read() {
        for s in ORIENTATIONS {
            assert_eq!(from_code(code(s)), s);
        }
        for text in ["diagonal", "anti-diagonal", "sideways", ""] {
            assert_eq!(from_code(text), Symmetry::Identity, "{text}");
        }
    }
}
