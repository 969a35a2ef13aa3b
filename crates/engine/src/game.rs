//! A game record: the colour to move, every move played (passes included, applied by the rules), unlimited
//! undo and redo, the end of the game and its result.

use super::error::{PlayError, TranscriptError};
use super::notation::{format_moves, tokenize, Token};
use super::{Color, Move, Position, Square};

/// One move of the record and the position it was played in.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Ply {
    /// The position before the move.
    pub before: Position,
    /// The move played (a [`Move::Pass`] was forced by the rules).
    pub mv: Move,
}

/// The result of a finished game.
///
/// ```
/// use reversi_engine::{Color, Outcome};
/// let outcome = Outcome { black: 40, white: 20, empty: 4 };
/// assert_eq!(outcome.winner(), Some(Color::Black));
/// assert_eq!(outcome.difference(), 20);
/// assert_eq!(outcome.score_empties_to_winner(), (44, 20));
/// assert_eq!(outcome.score_empties_split(), (42, 22));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Outcome {
    /// Black discs on the board.
    pub black: u8,
    /// White discs on the board.
    pub white: u8,
    /// Empty squares left.
    pub empty: u8,
}

impl Outcome {
    /// (black, white) with the empty squares shared equally (an odd one to the winner), the counting some
    /// European rules use.
    pub fn score_empties_split(&self) -> (u8, u8) {
        let half = self.empty / 2;
        let odd = self.empty - 2 * half;
        match self.winner() {
            Some(Color::White) => (self.black + half, self.white + half + odd),
            _ => (self.black + half + odd, self.white + half),
        }
    }

    /// The side with more discs; `None` for a draw.
    pub fn winner(&self) -> Option<Color> {
        match self.black.cmp(&self.white) {
            std::cmp::Ordering::Greater => Some(Color::Black),
            std::cmp::Ordering::Less => Some(Color::White),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// Black's discs minus white's, as counted on the board.
    pub fn difference(&self) -> i32 {
        self.black as i32 - self.white as i32
    }

    /// (black, white) with the empty squares given to the winner, the usual tournament rule; in a draw they
    /// are split evenly.
    pub fn score_empties_to_winner(&self) -> (u8, u8) {
        match self.winner() {
            Some(Color::Black) => (self.black + self.empty, self.white),
            Some(Color::White) => (self.black, self.white + self.empty),
            None => (
                self.black + self.empty / 2,
                self.white + self.empty - self.empty / 2,
            ),
        }
    }
}

/// A game from a start position: the moves played, what can be undone and redone, and whose turn it is.
///
/// Passes are applied by the rules: after a placement, if the next side has no legal move but the mover has,
/// a [`Move::Pass`] is recorded for it at once. So the side to move always has a legal move unless the game
/// is over, and [`Game::undo`] returns to the last position where a placement was made.
///
/// ```
/// use reversi_engine::{Color, Game};
/// let mut game = Game::from_transcript("f5d6c3").unwrap();
/// assert_eq!(game.to_move(), Color::White);
/// game.undo();
/// assert_eq!(game.transcript(), "f5d6");
/// game.redo();
/// assert_eq!(game.transcript(), "f5d6c3");
/// // An illegal move changes nothing:
/// assert!(game.play("a1".parse().unwrap()).is_err());
/// assert_eq!(game.transcript(), "f5d6c3");
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Game {
    start: Position,
    plies: Vec<Ply>,
    current: Position,
    /// Placements undone, the next one to redo last.
    redo: Vec<Square>,
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

impl Game {
    /// A game from the standard start position.
    pub fn new() -> Game {
        Game::from_position(Position::START)
    }

    /// A game from any position. If the side to move has no legal move but the other side has, the forced
    /// pass is recorded at once.
    pub fn from_position(start: Position) -> Game {
        let mut game = Game {
            start,
            plies: Vec::new(),
            current: start,
            redo: Vec::new(),
        };
        game.pass_if_forced();
        game
    }

    /// A game from the start position after the moves of `transcript` (passes implicit).
    pub fn from_transcript(transcript: &str) -> Result<Game, TranscriptError> {
        Game::from_position_and_transcript(Position::START, transcript)
    }

    /// A game from `start` after the moves of `transcript`.
    pub fn from_position_and_transcript(
        start: Position,
        transcript: &str,
    ) -> Result<Game, TranscriptError> {
        let mut game = Game::from_position(start);
        game.play_transcript(transcript)?;
        Ok(game)
    }

    /// A game from `start` after the placements `moves` (passes implicit, as the rules force them): the
    /// squares a search or a file already holds, with no transcript written and read back. The error names
    /// the 1-based move that failed, as for a transcript.
    ///
    /// ```
    /// use reversi_engine::{Game, Position};
    /// let moves = ["f5", "d6", "c3"].map(|s| s.parse().unwrap());
    /// let game = Game::from_moves(Position::START, &moves).unwrap();
    /// assert_eq!(game.transcript(), "f5d6c3");
    /// assert!(Game::from_moves(Position::START, &moves[1..]).is_err());
    /// ```
    pub fn from_moves(start: Position, moves: &[Square]) -> Result<Game, TranscriptError> {
        let mut game = Game::from_position(start);
        for (index, &square) in moves.iter().enumerate() {
            game.play_numbered(index + 1, square)?;
        }
        Ok(game)
    }

    /// Plays the moves of `transcript` from the current position. On an error nothing is changed: the
    /// error names the 1-based move of the transcript that failed and why.
    ///
    /// ```
    /// use reversi_engine::{Game, TranscriptError};
    /// let mut game = Game::from_transcript("f5d6").unwrap();
    /// let error = game.play_transcript("c3 a1").unwrap_err();
    /// assert_eq!(error.to_string(), "move 2: a1 is not a legal move for White");
    /// assert_eq!(game.transcript(), "f5d6");
    /// ```
    pub fn play_transcript(&mut self, transcript: &str) -> Result<(), TranscriptError> {
        let mut next = self.clone();
        for (index, token) in tokenize(transcript).into_iter().enumerate() {
            let ply = index + 1;
            let mv = match token {
                Token::Move(mv) => mv,
                Token::Bad(text) => {
                    return Err(TranscriptError::BadSquare {
                        ply,
                        text: crate::excerpt(&text),
                    })
                }
            };
            let color = next.to_move();
            match mv {
                Move::Place(square) => next.play_numbered(ply, square)?,
                Move::Pass => {
                    // A written pass is accepted only where the rules forced one: the record already has it.
                    if next.is_over() {
                        return Err(TranscriptError::GameOver { ply });
                    }
                    if next.plies.last().map(|p| p.mv) != Some(Move::Pass) {
                        return Err(TranscriptError::CannotPass { ply, color });
                    }
                }
            }
        }
        *self = next;
        Ok(())
    }

    /// Plays `square` as the `ply`-th move of a line (1-based), the error naming it.
    fn play_numbered(&mut self, ply: usize, square: Square) -> Result<(), TranscriptError> {
        let color = self.to_move();
        self.play(square).map_err(|error| match error {
            PlayError::GameOver => TranscriptError::GameOver { ply },
            _ => TranscriptError::IllegalMove { ply, square, color },
        })
    }

    /// The position the game started from.
    pub fn start(&self) -> Position {
        self.start
    }

    /// The current position.
    pub fn position(&self) -> Position {
        self.current
    }

    /// The colour to move (after a forced pass, the side that plays again).
    pub fn to_move(&self) -> Color {
        self.current.to_move
    }

    /// Every move played so far with the position before it, passes included.
    pub fn plies(&self) -> &[Ply] {
        &self.plies
    }

    /// The last move played, if any.
    pub fn last_move(&self) -> Option<Move> {
        self.plies.last().map(|p| p.mv)
    }

    /// The last placement made (skipping a pass that followed it).
    pub fn last_placement(&self) -> Option<Square> {
        self.plies.iter().rev().find_map(|p| p.mv.square())
    }

    /// Legal placements for the side to move.
    pub fn legal_moves(&self) -> super::Bitboard {
        self.current.board.moves()
    }

    /// True when neither side can move.
    pub fn is_over(&self) -> bool {
        self.current.board.is_game_over()
    }

    /// The result once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.is_over().then(|| self.counts())
    }

    /// Discs on the board now.
    pub fn counts(&self) -> Outcome {
        Outcome {
            black: self.current.black().count() as u8,
            white: self.current.white().count() as u8,
            empty: self.current.board.empty_count() as u8,
        }
    }

    /// Places a disc for the side to move. The redo list is kept if `square` is its next move, and dropped
    /// otherwise. A forced pass that follows is recorded. On an error nothing changes.
    pub fn play(&mut self, square: Square) -> Result<(), PlayError> {
        let next = self.current.board.try_play(Move::Place(square))?;
        self.plies.push(Ply {
            before: self.current,
            mv: Move::Place(square),
        });
        self.current = Position {
            board: next,
            to_move: self.current.to_move.opponent(),
        };
        if self.redo.last() == Some(&square) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        self.pass_if_forced();
        Ok(())
    }

    fn pass_if_forced(&mut self) {
        if self.current.board.must_pass() {
            self.plies.push(Ply {
                before: self.current,
                mv: Move::Pass,
            });
            self.current = self.current.pass();
        }
    }

    /// True when there is a placement to undo.
    pub fn can_undo(&self) -> bool {
        self.plies.iter().any(|p| p.mv != Move::Pass)
    }

    /// True when there is an undone placement to replay.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Takes back the last placement (and the pass it forced, if any). Returns false when there is none.
    pub fn undo(&mut self) -> bool {
        if !self.can_undo() {
            return false;
        }
        while let Some(ply) = self.plies.pop() {
            self.current = ply.before;
            if let Move::Place(square) = ply.mv {
                self.redo.push(square);
                break;
            }
        }
        true
    }

    /// Replays the last undone placement. Returns false when there is none.
    pub fn redo(&mut self) -> bool {
        match self.redo.last() {
            Some(&square) => {
                // The redo list only holds moves that were legal here, so this cannot fail.
                self.play(square).is_ok()
            }
            None => false,
        }
    }

    /// The number of placements made (passes not counted): the move number shown to players.
    pub fn move_count(&self) -> usize {
        self.plies.iter().filter(|p| p.mv != Move::Pass).count()
    }

    /// The moves so far as a transcript (`f5d6c3`), passes left out.
    pub fn transcript(&self) -> String {
        format_moves(self.plies.iter().map(|p| p.mv))
    }

    /// The undone placements, next one first, as a transcript.
    pub fn redo_transcript(&self) -> String {
        format_moves(self.redo.iter().rev().map(|&s| Move::Place(s)))
    }

    /// Plays the game on to its end, each placement chosen by `choose` for the side to move (passes are
    /// applied by the rules). `choose` stops the game early by returning an error (a forfeit, or enough
    /// positions seen); the error comes back with the colour that was to move. The one loop behind `match`
    /// and the training tools.
    ///
    /// ```
    /// use reversi_engine::{Color, Game};
    /// // Always the first legal square: the game reaches its end, whatever passes it meets.
    /// let mut game = Game::new();
    /// let played = game.play_out(|g| Ok::<_, ()>(g.legal_moves().iter().next().unwrap()));
    /// assert!(played.is_ok() && game.is_over());
    /// // Stopped by the chooser after four moves: black was to move (the fifth move is black's).
    /// let mut game = Game::new();
    /// let stopped = game.play_out(|g| match g.move_count() {
    ///     4 => Err("enough"),
    ///     _ => Ok(g.legal_moves().iter().next().unwrap()),
    /// });
    /// assert_eq!(stopped, Err((Color::Black, "enough")));
    /// ```
    ///
    /// # Panics
    /// When `choose` returns an illegal square.
    pub fn play_out<E>(
        &mut self,
        mut choose: impl FnMut(&Game) -> Result<Square, E>,
    ) -> Result<(), (Color, E)> {
        while !self.is_over() {
            let color = self.to_move();
            let square = choose(self).map_err(|error| (color, error))?;
            self.play(square)
                .expect("the chooser returns a legal square");
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn undo_and_redo_walk_the_whole_game_and_keep_the_branch() {
        let mut game = Game::from_transcript("f5d6c3d3c4").unwrap();
        while game.undo() {}
        assert_eq!(game.position(), Position::START);
        assert_eq!(game.redo_transcript(), "f5d6c3d3c4");
        assert!(game.redo() && game.redo());
        assert_eq!(game.transcript(), "f5d6");
        // Playing the next redo move keeps the rest; another move drops it.
        game.play("c3".parse().unwrap()).unwrap();
        assert_eq!(game.redo_transcript(), "d3c4");
        game.undo();
        let other = game
            .legal_moves()
            .iter()
            .find(|s| s.to_string() != "c3")
            .unwrap();
        game.play(other).unwrap();
        assert!(!game.can_redo());
    }

    #[test]
    fn bad_transcripts_name_the_move_and_change_nothing() {
        let mut game = Game::from_transcript("f5").unwrap();
        let before = game.clone();
        let cases = [
            (
                "d6 zz",
                TranscriptError::BadSquare {
                    ply: 2,
                    text: "zz".into(),
                },
            ),
            (
                "d6 c3 a1",
                TranscriptError::IllegalMove {
                    ply: 3,
                    square: "a1".parse().unwrap(),
                    color: Color::White,
                },
            ),
            (
                "pass",
                TranscriptError::CannotPass {
                    ply: 1,
                    color: Color::White,
                },
            ),
        ];
        for (text, expected) in cases {
            assert_eq!(game.play_transcript(text), Err(expected));
            assert_eq!(game, before);
        }
    }

    #[test]
    fn forced_passes_are_recorded_and_undone_with_their_move() {
        // Row 8 is X X X O O - - X; everything else black.
        let position: Position = format!("{}XXXOO--X X", "X".repeat(56)).parse().unwrap();
        let mut game = Game::from_position(position);
        assert_eq!(game.to_move(), Color::Black);
        let moves: Vec<String> = game.legal_moves().iter().map(|s| s.to_string()).collect();
        assert_eq!(moves, ["f8"]);
        game.play("f8".parse().unwrap()).unwrap();
        // Now d8/e8 are black; white has nothing left: the game is over (white wiped out).
        assert!(game.is_over());
        let outcome = game.outcome().unwrap();
        assert_eq!((outcome.black, outcome.white, outcome.empty), (63, 0, 1));
        assert_eq!(outcome.score_empties_to_winner(), (64, 0));
    }

    #[test]
    fn a_pass_in_mid_game_lets_the_same_side_play_again() {
        // White to move must pass: its one disc, b2, has only empty squares or the edge beyond its
        // neighbours. Black can take it from c2 (a2 is black).
        let position: Position = format!("XXXXXXXXXO------{} O", "X".repeat(48))
            .parse()
            .unwrap();
        let game = Game::from_position(position);
        assert_eq!(game.plies().len(), 1);
        assert_eq!(game.last_move(), Some(Move::Pass));
        assert_eq!(game.to_move(), Color::Black);
        assert!(!game.can_undo());
    }
}
