//! What a person pasted, read into a game once: a board of 64 squares, a GGF game or a transcript. The
//! reducer takes the game or the reason, never the text's shape.

use super::Notice;
use reversi_engine::ggf::GgfError;
use reversi_engine::{Game, Position, PositionError, TranscriptError};

/// Why pasted text is not a game.
#[derive(Clone, Debug, PartialEq)]
pub enum ImportError {
    /// Nothing but white space.
    Empty,
    /// It looks like a board of 64 squares, and is not a legal one.
    Board(PositionError),
    /// It looks like a GGF game, and is not one.
    Ggf(GgfError),
    /// It is read as a transcript, and is not one.
    Transcript(TranscriptError),
}

impl ImportError {
    /// The notice that tells the person.
    pub fn notice(self) -> Notice {
        match self {
            ImportError::Empty => Notice::ImportEmpty,
            ImportError::Board(error) => Notice::BadPosition { error },
            ImportError::Ggf(error) => Notice::GgfFailed { error },
            ImportError::Transcript(error) => Notice::ImportFailed { error },
        }
    }
}

/// Reads pasted text: a board of 64 squares and the side to move (see [`Position::from_pasted`]), a GGF
/// game (with its own start), or a transcript from the standard start (capitals, `PA` and `--` for passes
/// are read).
pub fn read(text: &str) -> Result<Game, ImportError> {
    if text.trim().is_empty() {
        Err(ImportError::Empty)
    } else if Position::is_board_text(text) {
        Position::from_pasted(text)
            .map(Game::from_position)
            .map_err(ImportError::Board)
    } else if text.trim_start().starts_with("(;") {
        reversi_engine::ggf::read(text).map_err(ImportError::Ggf)
    } else {
        Game::from_transcript(text).map_err(ImportError::Transcript)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_of_text_is_read_as_itself() {
        assert_eq!(read("  \n"), Err(ImportError::Empty));
        assert_eq!(read("f5d6").unwrap().transcript(), "f5d6");
        assert!(matches!(read("f5 z9"), Err(ImportError::Transcript(_))));
        assert!(matches!(read("(;GM[Othello]"), Err(ImportError::Ggf(_))));
        let board = format!("{} X", ".".repeat(64));
        assert!(matches!(read(&board), Err(ImportError::Board(_))));
        let start = "---------------------------OX------XO--------------------------- X";
        assert_eq!(read(start).unwrap().position(), Position::START);
    }
}
