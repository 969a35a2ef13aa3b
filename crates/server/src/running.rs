//! Running the tournaments: a round robin started (its games created, each after the one before on the same
//! bots, and played by the games' own tasks), watched to its end, and shown with its standings. The pairings
//! and the standings themselves are pure, in [`crate::tournament`].

use std::collections::HashMap;
use std::sync::Arc;

use reversi_protocol::{Status, TournamentGame, TournamentStatus, TournamentView};

use crate::error::{check_name, ApiError};
use crate::game::{finish_view, now_ms, GameRecord, Seat};
use crate::hub::{new_id, Hub};
use crate::store::Write;
use crate::tournament::{pairings, standings, TournamentRecord, MAX_ENTRANTS};

impl Hub {
    /// Starts a round robin among `bots` (connected bots or house bots, 2 to [`MAX_ENTRANTS`], no name twice).
    pub async fn start_tournament(
        self: &Arc<Hub>,
        name: &str,
        bots: Vec<String>,
    ) -> Result<TournamentRecord, ApiError> {
        if !(2..=MAX_ENTRANTS).contains(&bots.len()) {
            return Err(ApiError::BadRequest(format!(
                "a tournament has 2 to {MAX_ENTRANTS} bots"
            )));
        }
        for (i, bot) in bots.iter().enumerate() {
            if bots[..i].contains(bot) {
                return Err(ApiError::BadRequest(format!("{bot} is entered twice")));
            }
        }
        if !name.is_empty() {
            check_name(name)?;
        }
        let seats = bots
            .iter()
            .map(|b| self.bots.seat(b).map(|s| (b.clone(), s)))
            .collect::<Result<HashMap<String, Seat>, ApiError>>()?;
        let now = now_ms();
        let tournament = TournamentRecord {
            id: new_id(),
            name: if name.is_empty() {
                "Round robin".to_string()
            } else {
                name.to_string()
            },
            created_ms: now,
            bots: bots.clone(),
            finished_ms: None,
        };
        self.store
            .write(Write::Tournament(tournament.clone()))
            .await?;
        for (i, (black, white)) in pairings(&bots).into_iter().enumerate() {
            let record = GameRecord {
                created_ms: now + i as i64,
                tournament: Some(tournament.id.clone()),
                ..GameRecord::started(
                    format!("{}-{}", tournament.id, i + 1),
                    seats[&black].clone(),
                    seats[&white].clone(),
                    None,
                    now,
                )
            };
            self.create(record).await?;
        }
        self.watch_tournament(tournament.clone());
        Ok(tournament)
    }

    /// Waits for a tournament's games to end, then marks it finished.
    pub(crate) fn watch_tournament(self: &Arc<Hub>, tournament: TournamentRecord) {
        let prefix = format!("{}-", tournament.id);
        let handles = self.games_where(|id| id.starts_with(&prefix));
        let store = self.store.clone();
        tokio::spawn(async move {
            for mut handle in handles {
                let _ = handle.finished.wait_for(|&done| done).await;
            }
            let _ = store
                .write(Write::TournamentDone {
                    id: tournament.id,
                    finished_ms: now_ms(),
                })
                .await;
        });
    }

    /// A tournament: its entrants' standings and its games.
    pub async fn tournament(&self, id: &str) -> Result<TournamentView, ApiError> {
        let (tournament, games) = self
            .store
            .tournament(id.to_string())
            .await?
            .ok_or(ApiError::NotFound("tournament"))?;
        let table = standings(&tournament.bots, |n| self.bots.first_seen(n), &games);
        let games: Vec<TournamentGame> = games
            .iter()
            .map(|g| {
                let live = self
                    .game(&g.id)
                    .map(|h| h.latest.lock().expect("latest").clone());
                TournamentGame {
                    id: g.id.clone(),
                    black: g.black.name(),
                    white: g.white.name(),
                    moves: live.map_or_else(
                        || g.moves.iter().map(|m| m.square.to_string()).collect(),
                        |v| v.moves,
                    ),
                    status: if g.finish.is_some() {
                        Status::Finished
                    } else {
                        Status::Playing
                    },
                    result: g.finish.as_ref().map(finish_view),
                }
            })
            .collect();
        Ok(TournamentView {
            id: tournament.id,
            name: tournament.name,
            bots: tournament.bots,
            created_ms: tournament.created_ms,
            finished_ms: tournament.finished_ms,
            status: if tournament.finished_ms.is_some() {
                TournamentStatus::Finished
            } else {
                TournamentStatus::Playing
            },
            standings: table,
            games,
        })
    }
}
