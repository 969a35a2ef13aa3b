//! The registered bots' ladder: while two or more registered bots are connected, the idle ones are paired
//! again and again (nearest ladder rating first, colours drawn) into rated games of the `ladder` category,
//! 3 s a move as every bot game; Glicko-2 moves their ratings as it does people's, and
//! `GET /api/leaderboard/ladder` is the standings.

use std::collections::HashMap;
use std::sync::{Arc, Weak};
use std::time::Duration;

use reversi_protocol::{Category, Status};

use crate::error::ApiError;
use crate::game::{now_ms, GameRecord, Player, Ranked, Seat};
use crate::hub::{coin, new_id, Hub};

/// How often the idle bots are paired.
pub const LADDER_TICK: Duration = Duration::from_secs(2);

/// Pairs of idle bots, nearest ratings together: `bots` sorted by rating, taken two by two.
pub fn ladder_pairs(mut bots: Vec<(String, i64, f64)>) -> Vec<((String, i64), (String, i64))> {
    bots.sort_by(|a, b| a.2.total_cmp(&b.2).then(a.0.cmp(&b.0)));
    bots.chunks_exact(2)
        .map(|pair| {
            (
                (pair[0].0.clone(), pair[0].1),
                (pair[1].0.clone(), pair[1].1),
            )
        })
        .collect()
}

/// Runs the ladder until the hub is gone or the server shuts down.
pub async fn run(hub: Weak<Hub>) {
    // The game each bot is playing on the ladder.
    let mut playing: HashMap<String, String> = HashMap::new();
    let mut tick = tokio::time::interval(LADDER_TICK);
    loop {
        tick.tick().await;
        let Some(hub) = hub.upgrade() else {
            return;
        };
        if *hub.closing().borrow() {
            return;
        }
        playing.retain(|_, game| {
            hub.game(game).is_some_and(|handle| {
                handle.latest.lock().expect("latest").status != Status::Finished
            })
        });
        let mut idle = Vec::new();
        for (name, account) in hub.bots.registered() {
            if playing.contains_key(&name) {
                continue;
            }
            let rating = hub
                .store
                .rating(account, Category::Ladder)
                .await
                .map_or(1500.0, |r| r.rating);
            idle.push((name, account, rating));
        }
        for (a, b) in ladder_pairs(idle) {
            let (black, white) = if coin() { (a, b) } else { (b, a) };
            match create(&hub, &black, &white).await {
                Ok(id) => {
                    playing.insert(black.0, id.clone());
                    playing.insert(white.0, id);
                }
                Err(error) => eprintln!("[server] ladder game not made: {error}"),
            }
        }
    }
}

async fn create(
    hub: &Arc<Hub>,
    black: &(String, i64),
    white: &(String, i64),
) -> Result<String, ApiError> {
    let rating = |account| hub.store.rating(account, Category::Ladder);
    let ranked = Ranked {
        black: Player {
            account: black.1,
            rating: rating(black.1).await?,
        },
        white: Player {
            account: white.1,
            rating: rating(white.1).await?,
        },
        rated: Some(Category::Ladder),
        changes: None,
    };
    let seat = |name: &str| Seat::Bot {
        name: name.to_string(),
    };
    let record = GameRecord {
        ranked: Some(ranked),
        ..GameRecord::started(new_id(), seat(&black.0), seat(&white.0), None, now_ms())
    };
    let id = record.id.clone();
    hub.create(record).await?;
    Ok(id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn idle_bots_are_paired_nearest_rating_first_and_an_odd_one_waits() {
        let bots = vec![
            ("a".to_string(), 1, 1500.0),
            ("b".to_string(), 2, 1800.0),
            ("c".to_string(), 3, 1520.0),
            ("d".to_string(), 4, 1790.0),
            ("e".to_string(), 5, 2400.0),
        ];
        assert_eq!(
            ladder_pairs(bots),
            [
                (("a".into(), 1), ("c".into(), 3)),
                (("d".into(), 4), ("b".into(), 2)),
            ]
        );
    }
}
