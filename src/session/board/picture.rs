//! What the board's image shows, as plain data (the page paints it on a canvas): each square in the view's
//! order with its disc and, when asked, the number of the move that placed it; the edges' labels; a caption.
//! Two kinds: the position shown (numbers on the discs placed so far, if asked), or the whole game's final
//! board with every move numbered, each on its mover's colour, as printed transcripts are.

use reversi_engine::{Color, Game, Position, Symmetry};

use crate::session::preferences::orientation::{edge_labels, square_at};

/// One square of the image, in the view's order (row by row from the top left).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cell {
    /// Its disc.
    pub disc: Option<Color>,
    /// The number of the move that placed it (1: black's first), when numbers are shown.
    pub number: Option<u32>,
}

/// The image's content.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    /// The 64 squares, row by row as the view draws them.
    pub cells: Vec<Cell>,
    /// The labels above the columns, and beside the rows.
    pub edges: ([char; 8], [char; 8]),
    /// Black's and white's discs.
    pub counts: (u32, u32),
    /// The side to move in the position (none at the end of a game).
    pub to_move: Option<Color>,
}

/// The image of the position before ply `shown` of `game` (`None`: its last position), in `orientation`;
/// `numbers` numbers the discs placed by the moves before it. With `whole`, the game's final board with
/// every move numbered instead.
pub fn picture(
    game: &Game,
    shown: Option<usize>,
    orientation: Symmetry,
    numbers: bool,
    whole: bool,
) -> Picture {
    let plies = game.plies();
    let upto = if whole {
        plies.len()
    } else {
        shown.unwrap_or(plies.len()).min(plies.len())
    };
    let position: Position = plies.get(upto).map_or(game.position(), |p| p.before);
    // The number of each placement, by square, and who placed it: the last one placed there (a square is
    // placed once).
    let mut placed = [None; 64];
    let mut count = 0;
    for ply in &plies[..upto] {
        if let Some(square) = ply.mv.square() {
            count += 1;
            placed[square.index()] = Some((count, ply.before.to_move));
        }
    }
    // The whole game is drawn as a printed record is: each move's disc in its mover's colour (whatever it
    // turned to later), the start's discs as they began.
    let start = plies.first().map_or(position, |p| p.before);
    let cells = (0..64)
        .map(|i| {
            let square = square_at(orientation, i % 8, i / 8);
            let placed = placed[square.index()];
            Cell {
                disc: if whole {
                    placed.map(|(_, mover)| mover).or(start.disc(square))
                } else {
                    position.disc(square)
                },
                number: if numbers || whole {
                    placed.map(|(number, _)| number)
                } else {
                    None
                },
            }
        })
        .collect();
    let over = position.board.is_game_over();
    Picture {
        cells,
        edges: edge_labels(orientation),
        counts: (position.black().count(), position.white().count()),
        to_move: (!over).then_some(position.to_move),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_follow_the_moves_and_the_view() {
        let game = Game::from_transcript("f5d6c3d3c4").unwrap();
        let plain = picture(&game, None, Symmetry::Identity, false, false);
        assert!(plain.cells.iter().all(|c| c.number.is_none()));
        assert_eq!(
            plain.counts,
            (game.counts().black as u32, game.counts().white as u32)
        );
        let numbered = picture(&game, None, Symmetry::Identity, true, false);
        let at = |p: &Picture, name: &str| {
            let s: reversi_engine::Square = name.parse().unwrap();
            p.cells[s.row() * 8 + s.column()]
        };
        assert_eq!(at(&numbered, "f5").number, Some(1));
        assert_eq!(at(&numbered, "c4").number, Some(5));
        assert_eq!(at(&numbered, "d4").number, None);
        // Browsed to after two moves: only those are numbered, on that position's discs.
        let early = picture(&game, Some(2), Symmetry::Identity, true, false);
        assert_eq!(at(&early, "d6").number, Some(2));
        assert_eq!(at(&early, "c3").disc, None);
        assert_eq!(early.to_move, Some(Color::Black));
        // Turned half round: f5 is drawn where c4 was.
        let turned = picture(&game, None, Symmetry::Rotate180, true, false);
        assert_eq!(at(&turned, "c4").number, Some(1));
        assert_eq!(turned.edges.0.iter().collect::<String>(), "hgfedcba");
    }

    #[test]
    fn the_whole_game_is_its_final_board_numbered() {
        let game = Game::from_transcript("f5d6c3d3c4f4c5b3c2e3d2c6b4b5a3e2a4d1a6f3b6a5g4e6f1c1f2c7f7e7c8d8f6d7e8e1b8g1b2b7a8a7g2h4g5h5h6h1h3g3h2h7g6g7b1a2a1h8g8f8").unwrap();
        let whole = picture(&game, Some(3), Symmetry::Identity, false, true);
        let numbered = whole.cells.iter().filter(|c| c.number.is_some()).count();
        assert_eq!(numbered, 60);
        assert_eq!(whole.to_move, None);
        assert_eq!(whole.counts.0 + whole.counts.1, 64);
        // Each number on its mover's colour, whatever colour the disc ended; the start's four as they began.
        let movers: Vec<Color> = game
            .plies()
            .iter()
            .filter(|p| p.mv.square().is_some())
            .map(|p| p.before.to_move)
            .collect();
        assert!(
            movers.windows(2).any(|w| w[0] == w[1]),
            "a pass in the game"
        );
        for cell in &whole.cells {
            if let Some(n) = cell.number {
                assert_eq!(cell.disc, Some(movers[n as usize - 1]), "move {n}");
            }
        }
        let at = |name: &str| {
            let s: reversi_engine::Square = name.parse().unwrap();
            whole.cells[s.row() * 8 + s.column()]
        };
        assert_eq!(at("d4").disc, Some(Color::White));
        assert_eq!(at("e4").disc, Some(Color::Black));
        // Many a disc ended in the other colour than its mover's: the record shows the mover's.
        let turned = (0..64)
            .filter(|&i| {
                let square = reversi_engine::Square::from_index(i);
                whole.cells[i].number.is_some()
                    && whole.cells[i].disc != game.position().disc(square)
            })
            .count();
        assert!(
            turned > 5,
            "{turned} discs drawn in their mover's colour, not their last"
        );
    }
}
