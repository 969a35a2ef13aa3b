//! Tournaments between bots, by the match server's rules: a round robin in which each pair plays two games,
//! each side moving first once; a win scores 1 point and a draw ½ to each; equal points are split by the disc
//! margin over all games (a forfeit counts 64–0), then by who came first (the bot whose name the server saw
//! first). Pure: the pairings and the standings, tested by hand-computed scores.

use crate::game::{GameRecord, Ms};
use reversi_engine::Color;

/// A tournament as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentRecord {
    pub id: String,
    pub name: String,
    pub created_ms: Ms,
    /// The entrants, in the order given.
    pub bots: Vec<String>,
    pub finished_ms: Option<Ms>,
}

/// Most entrants in one tournament (a round robin of 16 is 240 games).
pub const MAX_ENTRANTS: usize = 16;

/// The games of a round robin as `(black, white)`: for each pair, the first named moves first in one game and
/// the other in the next.
pub fn pairings(bots: &[String]) -> Vec<(String, String)> {
    let mut games = Vec::new();
    for (i, a) in bots.iter().enumerate() {
        for b in &bots[i + 1..] {
            games.push((a.clone(), b.clone()));
            games.push((b.clone(), a.clone()));
        }
    }
    games
}

/// One line of the standings: the protocol's, as the lobby and the API show it.
pub use reversi_protocol::Standing;

/// The standings after the finished games among `games`, best first.
pub fn standings(
    bots: &[String],
    first_seen: impl Fn(&str) -> Ms,
    games: &[GameRecord],
) -> Vec<Standing> {
    let mut table: Vec<Standing> = bots
        .iter()
        .map(|name| Standing {
            rank: 0,
            name: name.clone(),
            points: 0.0,
            margin: 0,
            played: 0,
            wins: 0,
            draws: 0,
            losses: 0,
            first_seen_ms: first_seen(name),
        })
        .collect();
    for game in games {
        let Some(finish) = &game.finish else {
            continue;
        };
        let sides = [
            (
                game.black.name(),
                Color::Black,
                finish.black_discs,
                finish.white_discs,
            ),
            (
                game.white.name(),
                Color::White,
                finish.white_discs,
                finish.black_discs,
            ),
        ];
        for (name, color, mine, theirs) in sides {
            let Some(line) = table.iter_mut().find(|s| s.name == name) else {
                continue;
            };
            line.played += 1;
            line.margin += i64::from(mine) - i64::from(theirs);
            match finish.winner {
                Some(w) if w == color => {
                    line.wins += 1;
                    line.points += 1.0;
                }
                Some(_) => line.losses += 1,
                None => {
                    line.draws += 1;
                    line.points += 0.5;
                }
            }
        }
    }
    table.sort_by(|a, b| {
        b.points
            .total_cmp(&a.points)
            .then(b.margin.cmp(&a.margin))
            .then(a.first_seen_ms.cmp(&b.first_seen_ms))
            .then(a.name.cmp(&b.name))
    });
    for (i, line) in table.iter_mut().enumerate() {
        line.rank = i as u32 + 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Finish, Seat};

    fn game(black: &str, white: &str, discs: (u8, u8), reason: &str) -> GameRecord {
        let winner = match discs.0.cmp(&discs.1) {
            std::cmp::Ordering::Greater => Some(Color::Black),
            std::cmp::Ordering::Less => Some(Color::White),
            std::cmp::Ordering::Equal => None,
        };
        GameRecord {
            id: format!("{black}-{white}"),
            created_ms: 0,
            black: Seat::Bot { name: black.into() },
            white: Seat::Bot { name: white.into() },
            invite: None,
            clock: None,
            started_ms: Some(0),
            moves: vec![],
            finish: Some(Finish {
                winner,
                reason: reason.into(),
                detail: None,
                black_discs: discs.0,
                white_discs: discs.1,
                at_ms: 0,
            }),
            rematch_of: None,
            rematch: None,
            tournament: Some("t".into()),
            ranked: None,
        }
    }

    #[test]
    fn each_pair_plays_twice_each_side_first_once() {
        let bots: Vec<String> = ["a", "b", "c"].iter().map(|s| s.to_string()).collect();
        let games = pairings(&bots);
        assert_eq!(games.len(), 6);
        for (x, y) in [("a", "b"), ("a", "c"), ("b", "c")] {
            assert!(games.contains(&(x.into(), y.into())));
            assert!(games.contains(&(y.into(), x.into())));
        }
    }

    #[test]
    fn points_then_disc_margin_then_who_came_first() {
        let bots: Vec<String> = ["a", "b", "c", "d"].iter().map(|s| s.to_string()).collect();
        // By hand:
        //   a: beats b 40-24, loses to b 30-34 (as white: b black 34), beats c by forfeit 64-0, draws c 32-32
        //      points 1 + 0 + 1 + 0.5 = 2.5, margin +16 - 4 + 64 + 0 = +76
        //   b: 1 point against a (margin -16 + 4 = -12); beats c 33-31 twice: +2 +2 => points 3, margin -8
        //   c: 0.5 against a (margin -64 + 0 = -64); loses both to b (-4): points 0.5, margin -68
        //   d: no games: 0, 0.
        let games = vec![
            game("a", "b", (40, 24), "score"),
            game("b", "a", (34, 30), "score"),
            game("a", "c", (64, 0), "forfeit"),
            game("c", "a", (32, 32), "score"),
            game("b", "c", (33, 31), "score"),
            game("c", "b", (31, 33), "score"),
        ];
        let table = standings(&bots, |_| 0, &games);
        let summary: Vec<(&str, f64, i64)> = table
            .iter()
            .map(|s| (s.name.as_str(), s.points, s.margin))
            .collect();
        assert_eq!(
            summary,
            vec![
                ("b", 3.0, -8),
                ("a", 2.5, 76),
                ("c", 0.5, -68),
                ("d", 0.0, 0)
            ]
        );
        assert_eq!((table[1].wins, table[1].draws, table[1].losses), (2, 1, 1));
        assert_eq!(table[0].rank, 1);
        // Equal points and margins: the name seen first ranks first.
        let even = vec![
            game("a", "b", (40, 24), "score"),
            game("b", "a", (40, 24), "score"),
        ];
        let seen = |name: &str| if name == "b" { 5 } else { 9 };
        let table = standings(&bots[..2], seen, &even);
        assert_eq!(table[0].name, "b");
        let seen = |name: &str| if name == "b" { 9 } else { 5 };
        assert_eq!(standings(&bots[..2], seen, &even)[0].name, "a");
    }
}
