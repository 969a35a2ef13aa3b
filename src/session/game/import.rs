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
            ImportError::Board(error) => Notice::ImportedBoardBad { error },
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
    } else if let Some(ggf) = ggf_text(text) {
        reversi_engine::ggf::read(ggf).map_err(ImportError::Ggf)
    } else {
        Game::from_transcript(text).map_err(ImportError::Transcript)
    }
}

/// The GGF game in `text`, if it holds one: `(;` first, or after a game's number as archives number their
/// lines (`1 (;GM[Othello]…;)`).
fn ggf_text(text: &str) -> Option<&str> {
    let text = text.trim_start();
    let unnumbered = text.trim_start_matches(|c: char| c.is_ascii_digit());
    let unnumbered = if unnumbered.len() < text.len() {
        unnumbered.trim_start_matches(|c: char| c.is_whitespace() || c == '.' || c == ':')
    } else {
        text
    };
    unnumbered.starts_with("(;").then_some(unnumbered)
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

    /// Boards and transcripts are read the same way whatever follows: 63 or 64 dots
    /// followed by a move are both refused as boards; a numbered archive line is a GGF game.
    #[test]
    fn boards_and_numbered_games_are_read_consistently() {
        for dots in [63, 64] {
            let text = format!("{}f5", ".".repeat(dots));
            assert!(matches!(read(&text), Err(ImportError::Board(_))), "{dots}");
        }
        let ggf = "(;GM[Othello]PC[x]PB[a]PW[b]TY[8]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[F5]W[D6];)";
        for numbered in [
            format!("1 {ggf}"),
            format!("12. {ggf}"),
            format!("  3: {ggf}"),
        ] {
            assert_eq!(read(&numbered).unwrap().transcript(), "f5d6", "{numbered}");
        }
    }
}
