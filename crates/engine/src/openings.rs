//! Named openings: the standard list of Othello opening names (public knowledge, as played and taught by the
//! federations) with their move sequences, and a lookup that names a game's opening under the board's
//! symmetries, so `d3c5f6f5e6` (the Tiger played from d3) is named like `f5d6c3d3c4`.
//!
//! ```
//! use reversi_engine::openings;
//! let moves = openings::parse_moves("f5d6c3d3c4f4e6").unwrap();
//! assert_eq!(openings::name(&moves).unwrap().name, "Leader's Tiger");
//! ```

use super::{Square, Symmetry};

/// One named opening.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Opening {
    /// Its moves from the start position, written from f5.
    pub moves: &'static str,
    /// The English name.
    pub name: &'static str,
    /// The Chinese name: the one in common use, or the English one written in Chinese (a player's surname
    /// transcribed, a word translated).
    pub chinese: &'static str,
}

impl Opening {
    /// Number of moves in the sequence.
    pub fn len(&self) -> usize {
        self.moves.len() / 2
    }

    /// Never true: every opening has a move.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }
}

const fn o(moves: &'static str, name: &'static str, chinese: &'static str) -> Opening {
    Opening {
        moves,
        name,
        chinese,
    }
}

/// The named openings, written from f5 (black's other first moves are the same openings turned).
pub const OPENINGS: [Opening; 77] = [
    o("f5f6", "Diagonal Opening", "斜向开局"),
    o("f5f6e6f4g7", "X-square Opening", "X 位开局"),
    o("f5f6e6f4g6", "Snake/Peasant", "蛇"),
    o("f5f6e6f4g6c6", "Lysons", "莱森斯"),
    o(
        "f5f6e6f4g6c5g4g5f3e3c4",
        "Pyramid/Checkerboarding Peasant",
        "金字塔/棋盘农夫",
    ),
    o("f5f6e6f4g5", "Heath/Tobidashi", "希思/飞出"),
    o(
        "f5f6e6f4g5e7f7c5e3f3c4d3c2",
        "Mimura Variation II",
        "三村变化 II",
    ),
    o("f5f6e6f4g5e7e3", "Heath-Bat", "希思蝙蝠"),
    o("f5f6e6f4g5e7d7", "Iwasaki Variation", "岩崎变化"),
    o("f5f6e6f4g5d6", "Heath-Chimney", "希思烟囱"),
    o("f5f6e6f4g4", "Raccoon Dog", "狸"),
    o("f5f6e6f4g3", "Rocket", "火箭"),
    o("f5f6e6f4g3f3g4", "Hamilton", "汉密尔顿"),
    o("f5f6e6f4g3d6", "Lollipop", "棒棒糖"),
    o("f5f6e6f4e3", "Cow", "牛"),
    o("f5f6e6f4e3d6", "Chimney", "烟囱"),
    o("f5f6e6f4e3c5g5", "Cow Bat/Bat/Cambridge", "蝙蝠"),
    o(
        "f5f6e6f4e3c5g5g3g4f3g6",
        "Bat (Piau Continuation 2)",
        "蝙蝠（皮奥续着 2）",
    ),
    o(
        "f5f6e6f4e3c5g5g3g4f3c4",
        "Melnikov/Bat (Piau Continuation 1)",
        "梅尔尼科夫/蝙蝠（皮奥续着 1）",
    ),
    o(
        "f5f6e6f4e3c5g5f3g4g6g3d6f7h5h4h3e7",
        "Bat (Kling Continuation)",
        "蝙蝠（克林续着）",
    ),
    o(
        "f5f6e6f4e3c5g5d6g6",
        "Bat (Kling Alternative)",
        "蝙蝠（克林变着）",
    ),
    o("f5f6e6f4e3c5c4", "Rose-v-Toth", "罗斯对托特"),
    o("f5f6e6f4e3c5c4e7", "Tanida", "谷田"),
    o("f5f6e6f4e3c5c4e7g4", "Aircraft/Feldborg", "飞机"),
    o("f5f6e6f4e3c5c4e7b5e2", "Sailboat", "帆船"),
    o("f5f6e6f4e3c5c4d3f3e2", "Maruoka", "丸冈"),
    o("f5f6e6f4e3c5c4d3c3", "Landau", "朗道"),
    o("f5f6e6f4c3", "Buffalo/Kenichi Variation", "野牛"),
    o("f5f6e6f4c3d7f3", "Maruoka Buffalo", "丸冈野牛"),
    o("f5f6e6f4c3d6f3c4c5b4", "Tanida Buffalo", "谷田野牛"),
    o("f5f6e6f4c3c4", "Hokuriku Buffalo", "北陆野牛"),
    o("f5f6d3f4", "Wing Variation", "翼变化"),
    o("f5f6c4f4", "Semi-Wing Variation", "半翼变化"),
    o("f5f4", "Parallel Opening", "平行开局"),
    o("f5d6", "Perpendicular Opening", "垂直开局"),
    o("f5d6c5f4e3d3", "Mimura", "三村"),
    o("f5d6c5f4e3c6f3", "Shaman/Danish", "萨满/丹麦"),
    o("f5d6c5f4e3c6e6", "Inoue", "井上"),
    o("f5d6c5f4e3c6e6f6", "Iago", "伊阿古"),
    o("f5d6c5f4e3c6d7", "Bhagat", "巴加特"),
    o("f5d6c5f4e3c6d3f6e6d7", "Rose", "玫瑰"),
    o("f5d6c5f4e3c6d3f6e6d7g4", "Flat", "平板"),
    o("f5d6c5f4e3c6d3f6e6d7g4c4", "Rotating Flat", "旋转平板"),
    o(
        "f5d6c5f4e3c6d3f6e6d7g4c4g6",
        "Murakami Variation",
        "村上变化",
    ),
    o(
        "f5d6c5f4e3c6d3f6e6d7g4c4g5c3f7d2e7f2",
        "Rotating Flat (Kling Continuation)",
        "旋转平板（克林续着）",
    ),
    o("f5d6c5f4e3c6d3f6e6d7g3c4", "Rose-Birth", "玫瑰-伯斯"),
    o(
        "f5d6c5f4e3c6d3f6e6d7g3c4g5c3b4e2",
        "Brightstein",
        "布莱特斯坦",
    ),
    o(
        "f5d6c5f4e3c6d3f6e6d7g3c4b4",
        "Rose-Birdie/Rose-Tamenori",
        "玫瑰-小鸟/玫瑰-为则",
    ),
    o(
        "f5d6c5f4e3c6d3f6e6d7g3c4b4c3",
        "Rose-Tamenori-Kling",
        "玫瑰-为则-克林",
    ),
    o("f5d6c5f4e3c6d3f6e6d7e7", "Greenberg/Dawg", "格林伯格/道格"),
    o("f5d6c5f4e3c6d3f3", "Ralle", "拉勒"),
    o("f5d6c5f4d3", "Horse", "马"),
    o("f5d6c4g5", "Ganglion/No-Cat", "神经节/无猫"),
    o("f5d6c4g5c6", "Swallow", "燕"),
    o(
        "f5d6c4g5c6c5d7d3b4c3e3f3",
        "No-Cat (Continuation)",
        "无猫（续着）",
    ),
    o("f5d6c4d3e6", "Italian", "意大利"),
    o("f5d6c4d3c5", "Cat", "猫"),
    o("f5d6c4d3c5f4e3f3c2c6", "Sakaguchi", "坂口"),
    o("f5d6c4d3c5f4e3f3c2b4b3", "Berner", "伯纳"),
    o("f5d6c3g5", "Bent Ganglion", "弯神经节"),
    o("f5d6c3d3c4", "Tiger", "虎"),
    o("f5d6c3d3c4f4f6", "Stephenson", "斯蒂芬森"),
    o("f5d6c3d3c4f4f6g5", "No-Kung", "无功"),
    o(
        "f5d6c3d3c4f4f6g5e3f3g4h3g3f2",
        "No-Kung (Continuation)",
        "无功（续着）",
    ),
    o("f5d6c3d3c4f4f6f3", "Comp'Oth", "康波斯"),
    o(
        "f5d6c3d3c4f4f6f3e6e7d7g6f8f7g5h6h4g4h3h5h7",
        "F.A.T. Draw",
        "F.A.T. 和棋",
    ),
    o("f5d6c3d3c4f4f6f3e3", "Lightning Bolt", "闪电"),
    o("f5d6c3d3c4f4f6b4", "Kung", "功"),
    o("f5d6c3d3c4f4e6", "Leader's Tiger", "领袖虎"),
    o("f5d6c3d3c4f4e3", "Brightwell", "布莱特韦尔"),
    o("f5d6c3d3c4f4c5b4b5c6f3e6e3", "Ishii", "石井"),
    o(
        "f5d6c3d3c4f4c5b4b5c6f3e6e3g6f6g5d7g3",
        "Mainline Tiger",
        "虎（主线）",
    ),
    o("f5d6c3d3c4f4c5b3c2", "Rose-Bill", "玫瑰-比尔"),
    o("f5d6c3d3c4f4c5b3c2e6", "Tamenori", "为则"),
    o(
        "f5d6c3d3c4f4c5b3c2b4",
        "Central Rose-Bill/Dead Draw",
        "中央玫瑰-比尔/死和",
    ),
    o("f5d6c3d3c4b3", "Aubrey/Tanaka", "奥布里/田中"),
    o(
        "f5d6c3d3c4b3d2f4",
        "Aubrey (Feldborg Continuation)",
        "奥布里（费尔德堡续着）",
    ),
];

/// Reads a run of squares such as `f5d6c3` (no passes: WTHOR-style and opening-list notation).
pub fn parse_moves(text: &str) -> Result<Vec<Square>, super::SquareError> {
    let text = text.trim();
    let mut moves = Vec::with_capacity(text.len() / 2);
    let mut rest = text;
    while !rest.is_empty() {
        let cut = rest.char_indices().nth(2).map_or(rest.len(), |(i, _)| i);
        moves.push(rest[..cut].parse()?);
        rest = &rest[cut..];
    }
    Ok(moves)
}

/// The longest named opening that the game's first moves follow, under any of the board's 8 symmetries. Only
/// the moves matter (a pass, which no named opening contains, ends the match).
pub fn name(moves: &[Square]) -> Option<&'static Opening> {
    let mut best: Option<&'static Opening> = None;
    for symmetry in Symmetry::ALL {
        for opening in OPENINGS.iter() {
            if best.is_some_and(|b| b.len() >= opening.len()) || opening.len() > moves.len() {
                continue;
            }
            let follows = opening
                .moves
                .as_bytes()
                .chunks(2)
                .zip(moves)
                .all(|(named, &played)| {
                    let square = symmetry.apply_square(played);
                    let text = square.to_string();
                    text.as_bytes() == named
                });
            if follows {
                best = Some(opening);
            }
        }
    }
    best
}

/// The opening of a game played from the standard start (none for a game set up in the editor).
pub fn of_game(game: &super::Game) -> Option<&'static Opening> {
    of_game_until(game, None)
}

/// The opening of the game's first `plies` plies (the whole record when `None`): what a player browsing
/// an earlier position of the game sees.
pub fn of_game_until(game: &super::Game, plies: Option<usize>) -> Option<&'static Opening> {
    if game.start() != super::Position::START {
        return None;
    }
    let record = game.plies();
    let upto = plies.unwrap_or(record.len()).min(record.len());
    let moves: Vec<Square> = record[..upto]
        .iter()
        .filter_map(|ply| match ply.mv {
            super::Move::Place(square) => Some(square),
            super::Move::Pass => None,
        })
        .collect();
    name(&moves)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Game, Move};

    fn named(transcript: &str) -> Option<&'static str> {
        name(&parse_moves(transcript).unwrap()).map(|o| o.name)
    }

    #[test]
    fn every_named_opening_is_a_legal_game_and_names_itself() {
        for opening in OPENINGS {
            let game = Game::from_transcript(opening.moves)
                .unwrap_or_else(|e| panic!("{}: {e}", opening.name));
            assert!(
                game.plies().iter().all(|p| p.mv != Move::Pass),
                "{}",
                opening.name
            );
            assert_eq!(named(opening.moves), Some(opening.name));
        }
        let mut sequences: Vec<&str> = OPENINGS.iter().map(|o| o.moves).collect();
        sequences.sort();
        sequences.dedup();
        assert_eq!(sequences.len(), OPENINGS.len(), "a sequence is named twice");
    }

    #[test]
    fn the_tiger_is_named_from_every_first_move() {
        assert_eq!(named("f5d6c3d3c4"), Some("Tiger"));
        // The same opening turned: from d3, from c4 and from e6.
        for transcript in ["d3c5f6f5e6", "c4e3f6e6f5", "e6f4c3c4d3"] {
            assert_eq!(named(transcript), Some("Tiger"), "{transcript}");
        }
        // Longer games keep the deepest name; a move off every line keeps the last name reached.
        assert_eq!(named("f5d6c3d3c4f4e6"), Some("Leader's Tiger"));
        assert_eq!(named("f5d6c3d3c4f4"), Some("Tiger"));
        assert_eq!(named("f5d6c3d3c4h8"), Some("Tiger"));
        assert_eq!(named("f5"), None);
        assert_eq!(named("f5d6"), Some("Perpendicular Opening"));
        assert_eq!(named("f5f6"), Some("Diagonal Opening"));
        assert_eq!(named("f5f4"), Some("Parallel Opening"));
    }

    #[test]
    fn every_opening_has_a_chinese_name_of_its_own() {
        let rose = OPENINGS.iter().find(|o| o.name == "Rose").unwrap();
        assert_eq!(rose.chinese, "玫瑰");
        for opening in OPENINGS {
            assert!(
                !opening.chinese.is_empty()
                    && !opening.chinese.chars().any(|c| c.is_ascii_lowercase()),
                "{}: {}",
                opening.name,
                opening.chinese
            );
        }
        let mut names: Vec<&str> = OPENINGS.iter().map(|o| o.chinese).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(
            names.len(),
            OPENINGS.len(),
            "no two openings share a Chinese name"
        );
    }

    #[test]
    fn a_game_is_named_from_its_record_and_an_edited_start_has_no_name() {
        let game = Game::from_transcript("e6f4c3c4d3").unwrap();
        assert_eq!(of_game(&game).map(|o| o.name), Some("Tiger"));
        let edited: crate::Position = Game::from_transcript("f5").unwrap().position();
        let from_edit = Game::from_position_and_transcript(edited, "d6c3d3c4").unwrap();
        assert_eq!(of_game(&from_edit), None);
        // Up to a ply: the opening of the position shown while browsing.
        let game = Game::from_transcript("f5d6c3d3c4f4e6").unwrap();
        assert_eq!(of_game_until(&game, None).unwrap().name, "Leader's Tiger");
        assert_eq!(of_game_until(&game, Some(5)).unwrap().name, "Tiger");
        assert_eq!(of_game_until(&game, Some(1)), None);
    }

    #[test]
    fn malformed_moves_are_an_error() {
        assert!(parse_moves("f5z9").is_err());
        assert!(parse_moves("f5d").is_err());
        assert!(parse_moves("é5").is_err());
    }
}
