//! The accounts' side of the file: accounts and their sessions, the ratings, a rated game's ratings updated in
//! the transaction that stores its result, and what the players' pages and the leaderboards read.

use std::collections::HashMap;

use rusqlite::{params, Connection, OptionalExtension, Transaction};

use super::Store;
use crate::error::ApiError;
use crate::game::{Finish, GameRecord, Ms, Player, Ranked};
use crate::rating::{after_game, shown_change, Rating};
use reversi_engine::Color;
use reversi_protocol::{
    BotLogEntry, Category, Leader, Outcome, PlayerGame, RatingPoint, RatingView, Record, Side,
    PROVISIONAL_DEVIATION,
};

/// A write about accounts.
#[derive(Clone, Debug)]
pub enum AccountWrite {
    /// A new account, its password's argon2id hash (a PHC string).
    Create {
        name: String,
        password: String,
        created_ms: Ms,
    },
    /// A session opened: the hash of its cookie's id.
    OpenSession {
        hash: String,
        account: i64,
        created_ms: Ms,
        expires_ms: Ms,
    },
    /// One session closed (sign out).
    CloseSession { hash: String },
    /// Every session of an account closed (sign out everywhere).
    CloseSessions { account: i64 },
    /// A registered bot: an account of kind `bot`, its author, the hash of its token.
    CreateBot {
        name: String,
        owner: i64,
        token: String,
        created_ms: Ms,
    },
    /// One request of a game to a registered bot, for its author.
    BotLog {
        game: String,
        ply: u32,
        bot: i64,
        entry: reversi_protocol::BotLogEntry,
    },
    /// The account deleted: its password and sessions gone, its name kept (never taken again) and shown as
    /// deleted; its games and their ratings kept.
    Delete { account: i64, at_ms: Ms },
}

pub(super) fn apply(tx: &Transaction, write: &AccountWrite) -> rusqlite::Result<()> {
    match write {
        AccountWrite::Create {
            name,
            password,
            created_ms,
        } => {
            tx.execute(
                "INSERT INTO accounts (name, password, created_ms) VALUES (?1, ?2, ?3)",
                params![name, password, created_ms],
            )?;
        }
        AccountWrite::CreateBot {
            name,
            owner,
            token,
            created_ms,
        } => {
            tx.execute(
                "INSERT INTO accounts (name, created_ms, kind, owner, token) VALUES (?1, ?2, 'bot', ?3, ?4)",
                params![name, created_ms, owner, token],
            )?;
        }
        AccountWrite::BotLog {
            game,
            ply,
            bot,
            entry,
        } => {
            tx.execute(
                "INSERT OR REPLACE INTO bot_log (game, ply, bot, sent, answer, ms, verdict)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                params![
                    game,
                    ply,
                    bot,
                    entry.sent,
                    entry.answer,
                    entry.ms,
                    entry.verdict
                ],
            )?;
        }
        AccountWrite::OpenSession {
            hash,
            account,
            created_ms,
            expires_ms,
        } => {
            tx.execute(
                "INSERT INTO sessions (hash, account, created_ms, expires_ms) VALUES (?1, ?2, ?3, ?4)",
                params![hash, account, created_ms, expires_ms],
            )?;
        }
        AccountWrite::CloseSession { hash } => {
            tx.execute("DELETE FROM sessions WHERE hash = ?1", params![hash])?;
        }
        AccountWrite::CloseSessions { account } => {
            tx.execute("DELETE FROM sessions WHERE account = ?1", params![account])?;
        }
        AccountWrite::Delete { account, at_ms } => {
            tx.execute("DELETE FROM sessions WHERE account = ?1", params![account])?;
            tx.execute(
                "UPDATE accounts SET password = NULL, deleted_ms = ?2 WHERE id = ?1",
                params![account, at_ms],
            )?;
            tx.execute(
                "UPDATE games SET black_name = 'deleted' WHERE black_account = ?1",
                params![account],
            )?;
            tx.execute(
                "UPDATE games SET white_name = 'deleted' WHERE white_account = ?1",
                params![account],
            )?;
        }
    }
    Ok(())
}

/// A new game's accounts, rated category and ratings at its start.
pub(super) fn insert_ranked(tx: &Transaction, game: &GameRecord) -> rusqlite::Result<()> {
    let Some(ranked) = &game.ranked else {
        return Ok(());
    };
    tx.execute(
        "UPDATE games SET black_account = ?2, white_account = ?3, rated = ?4, black_rating = ?5,
           black_deviation = ?6, black_volatility = ?7, white_rating = ?8, white_deviation = ?9,
           white_volatility = ?10 WHERE id = ?1",
        params![
            game.id,
            ranked.black.account,
            ranked.white.account,
            ranked.rated.map(Category::as_str),
            ranked.black.rating.rating,
            ranked.black.rating.deviation,
            ranked.black.rating.volatility,
            ranked.white.rating.rating,
            ranked.white.rating.deviation,
            ranked.white.rating.volatility,
        ],
    )?;
    Ok(())
}

/// An account's rating in a category as stored now (the start's when it has none).
fn current(tx: &Connection, account: i64, category: Category) -> rusqlite::Result<(Rating, u32)> {
    Ok(tx
        .query_row(
            "SELECT rating, deviation, volatility, games FROM ratings WHERE account = ?1 AND category = ?2",
            params![account, category.as_str()],
            |row| {
                Ok((
                    Rating {
                        rating: row.get(0)?,
                        deviation: row.get(1)?,
                        volatility: row.get(2)?,
                    },
                    row.get(3)?,
                ))
            },
        )
        .optional()?
        .unwrap_or((Rating::default(), 0)))
}

/// A rated game's result stored: both ratings updated (Glicko-2, the game one rating period, each against
/// the other's rating as it stands now), in the result's own transaction.
pub(super) fn rate(tx: &Transaction, game: &str, finish: &Finish) -> rusqlite::Result<()> {
    let row = tx
        .query_row(
            "SELECT rated, black_account, white_account FROM games WHERE id = ?1 AND rated IS NOT NULL",
            params![game],
            |row| {
                Ok((
                    row.get::<_, String>(0)?,
                    row.get::<_, i64>(1)?,
                    row.get::<_, i64>(2)?,
                ))
            },
        )
        .optional()?;
    let Some((category, black, white)) = row else {
        return Ok(());
    };
    let category = Category::parse(&category).ok_or_else(|| {
        rusqlite::Error::InvalidColumnType(0, "rated".into(), rusqlite::types::Type::Text)
    })?;
    let (black_before, black_games) = current(tx, black, category)?;
    let (white_before, white_games) = current(tx, white, category)?;
    let black_score = match finish.winner {
        Some(Color::Black) => 1.0,
        Some(Color::White) => 0.0,
        None => 0.5,
    };
    let (black_after, white_after) = after_game(black_before, white_before, black_score);
    for (account, before, after, games) in [
        (black, black_before, black_after, black_games),
        (white, white_before, white_after, white_games),
    ] {
        tx.execute(
            "INSERT INTO ratings (account, category, rating, deviation, volatility, games)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)
             ON CONFLICT (account, category) DO UPDATE SET rating = excluded.rating,
               deviation = excluded.deviation, volatility = excluded.volatility, games = excluded.games",
            params![
                account,
                category.as_str(),
                after.rating,
                after.deviation,
                after.volatility,
                games + 1
            ],
        )?;
        tx.execute(
            "INSERT INTO rating_changes (game, account, category, at_ms, rating, deviation, change)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![
                game,
                account,
                category.as_str(),
                finish.at_ms,
                after.rating,
                after.deviation,
                shown_change(before.rating, after.rating)
            ],
        )?;
    }
    Ok(())
}

/// The accounts' columns of a game's row, from `at`.
pub(super) fn ranked_row(row: &rusqlite::Row, at: usize) -> rusqlite::Result<Option<Ranked>> {
    let (Some(black), Some(white)) = (
        row.get::<_, Option<i64>>(at)?,
        row.get::<_, Option<i64>>(at + 1)?,
    ) else {
        return Ok(None);
    };
    let rated = row
        .get::<_, Option<String>>(at + 2)?
        .and_then(|c| Category::parse(&c));
    let rating = |from: usize| -> rusqlite::Result<Rating> {
        Ok(Rating {
            rating: row.get(from)?,
            deviation: row.get(from + 1)?,
            volatility: row.get(from + 2)?,
        })
    };
    Ok(Some(Ranked {
        black: Player {
            account: black,
            rating: rating(at + 3)?,
        },
        white: Player {
            account: white,
            rating: rating(at + 6)?,
        },
        rated,
        changes: None,
    }))
}

/// A rated game's changes, once its result is stored.
pub(super) fn read_changes(connection: &Connection, game: &mut GameRecord) -> rusqlite::Result<()> {
    let Some(ranked) = game.ranked.as_mut() else {
        return Ok(());
    };
    let mut statement =
        connection.prepare_cached("SELECT account, change FROM rating_changes WHERE game = ?1")?;
    let changes: HashMap<i64, i32> = statement
        .query_map([&game.id], |row| Ok((row.get(0)?, row.get(1)?)))?
        .collect::<rusqlite::Result<_>>()?;
    if let (Some(&black), Some(&white)) = (
        changes.get(&ranked.black.account),
        changes.get(&ranked.white.account),
    ) {
        ranked.changes = Some((black, white));
    }
    Ok(())
}

/// An account as stored.
#[derive(Clone, Debug)]
pub struct AccountRow {
    pub id: i64,
    pub name: String,
    /// The argon2id hash; `None` once deleted.
    pub password: Option<String>,
    pub created_ms: Ms,
    pub deleted: bool,
    /// A registered bot's author (`None`: a person's account).
    pub owner: Option<i64>,
    /// A registered bot's token's hash.
    pub token: Option<String>,
}

impl AccountRow {
    /// Whether it is a registered bot's.
    pub fn is_bot(&self) -> bool {
        self.owner.is_some()
    }
}

/// The columns [`account_row`] reads.
const ACCOUNT_COLUMNS: &str = "id, name, password, created_ms, deleted_ms, owner, token";

fn account_row(row: &rusqlite::Row) -> rusqlite::Result<AccountRow> {
    Ok(AccountRow {
        id: row.get(0)?,
        name: row.get(1)?,
        password: row.get(2)?,
        created_ms: row.get(3)?,
        deleted: row.get::<_, Option<Ms>>(4)?.is_some(),
        owner: row.get(5)?,
        token: row.get(6)?,
    })
}

fn rating_view(category: Category, rating: Rating, games: u32) -> RatingView {
    RatingView {
        category,
        rating: rating.rating,
        deviation: rating.deviation,
        volatility: rating.volatility,
        provisional: rating.deviation > PROVISIONAL_DEVIATION,
        games,
    }
}

fn ratings_of(connection: &Connection, account: i64) -> rusqlite::Result<Vec<RatingView>> {
    let mut statement = connection.prepare_cached(
        "SELECT category, rating, deviation, volatility, games FROM ratings WHERE account = ?1",
    )?;
    let mut ratings: Vec<RatingView> = statement
        .query_map([account], |row| {
            Ok((
                row.get::<_, String>(0)?,
                Rating {
                    rating: row.get(1)?,
                    deviation: row.get(2)?,
                    volatility: row.get(3)?,
                },
                row.get::<_, u32>(4)?,
            ))
        })?
        .filter_map(|row| match row {
            Ok((category, rating, games)) => {
                Category::parse(&category).map(|c| Ok(rating_view(c, rating, games)))
            }
            Err(e) => Some(Err(e)),
        })
        .collect::<rusqlite::Result<_>>()?;
    ratings.sort_by_key(|r| r.category);
    Ok(ratings)
}

/// Games a player's page shows at once.
pub const PLAYER_PAGE_GAMES: u32 = 20;

/// A player's page, as read.
pub struct PlayerPage {
    pub account: AccountRow,
    pub ratings: Vec<RatingView>,
    pub history: Vec<RatingPoint>,
    pub record: Record,
    pub games: Vec<PlayerGame>,
    pub more: bool,
}

fn player_page(
    connection: &Connection,
    name: &str,
    page: u32,
) -> rusqlite::Result<Option<PlayerPage>> {
    let Some(account) = connection
        .query_row(
            &format!("SELECT {ACCOUNT_COLUMNS} FROM accounts WHERE name = ?1"),
            [name],
            account_row,
        )
        .optional()?
    else {
        return Ok(None);
    };
    let ratings = ratings_of(connection, account.id)?;
    let mut statement = connection.prepare_cached(
        "SELECT category, game, at_ms, rating, deviation, change FROM rating_changes WHERE account = ?1
         ORDER BY at_ms, game",
    )?;
    let history = statement
        .query_map([account.id], |row| {
            Ok((
                row.get::<_, String>(0)?,
                RatingPoint {
                    category: Category::Blitz,
                    game: row.get(1)?,
                    at_ms: row.get(2)?,
                    rating: row.get(3)?,
                    deviation: row.get(4)?,
                    change: row.get(5)?,
                },
            ))
        })?
        .filter_map(|row| match row {
            Ok((category, point)) => {
                Category::parse(&category).map(|category| Ok(RatingPoint { category, ..point }))
            }
            Err(e) => Some(Err(e)),
        })
        .collect::<rusqlite::Result<Vec<_>>>()?;
    // Wins, draws and losses over every finished game between accounts.
    let record = connection.query_row(
        "SELECT
           COALESCE(SUM(CASE WHEN (black_account = ?1 AND winner = 1) OR (white_account = ?1 AND winner = -1)
             THEN 1 ELSE 0 END), 0),
           COALESCE(SUM(CASE WHEN winner = 0 THEN 1 ELSE 0 END), 0),
           COALESCE(SUM(CASE WHEN (black_account = ?1 AND winner = -1) OR (white_account = ?1 AND winner = 1)
             THEN 1 ELSE 0 END), 0)
         FROM games WHERE (black_account = ?1 OR white_account = ?1) AND finished_ms IS NOT NULL",
        [account.id],
        |row| {
            Ok(Record {
                wins: row.get(0)?,
                draws: row.get(1)?,
                losses: row.get(2)?,
            })
        },
    )?;
    let mut statement = connection.prepare_cached(
        "SELECT g.id, g.black_account, g.black_name, g.white_name, g.winner, g.finished_ms, g.rated,
           g.created_ms, c.change
         FROM games g LEFT JOIN rating_changes c ON c.game = g.id AND c.account = ?1
         WHERE g.black_account = ?1 OR g.white_account = ?1
         ORDER BY g.created_ms DESC, g.id LIMIT ?2 OFFSET ?3",
    )?;
    let mut games = statement
        .query_map(
            params![
                account.id,
                PLAYER_PAGE_GAMES + 1,
                page as i64 * PLAYER_PAGE_GAMES as i64
            ],
            |row| {
                let black = row.get::<_, i64>(1)? == account.id;
                let winner: Option<i64> = row.get(4)?;
                let finished: Option<Ms> = row.get(5)?;
                let outcome = finished.map(|_| match (winner.unwrap_or(0), black) {
                    (0, _) => Outcome::Draw,
                    (1, true) | (-1, false) => Outcome::Win,
                    _ => Outcome::Loss,
                });
                let opponent: Option<String> = if black { row.get(3)? } else { row.get(2)? };
                Ok(PlayerGame {
                    id: row.get(0)?,
                    side: if black { Side::Black } else { Side::White },
                    opponent: opponent.unwrap_or_default(),
                    outcome,
                    rated: row
                        .get::<_, Option<String>>(6)?
                        .and_then(|c| Category::parse(&c)),
                    change: row.get(8)?,
                    created_ms: row.get(7)?,
                    moves: String::new(),
                })
            },
        )?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    let more = games.len() > PLAYER_PAGE_GAMES as usize;
    games.truncate(PLAYER_PAGE_GAMES as usize);
    let mut moves =
        connection.prepare_cached("SELECT square FROM moves WHERE game = ?1 ORDER BY ply")?;
    for game in &mut games {
        game.moves = moves
            .query_map([&game.id], |row| row.get::<_, i64>(0))?
            .map(|square| {
                square.map(|i| {
                    usize::try_from(i)
                        .ok()
                        .filter(|&i| i < 64)
                        .map(|i| reversi_engine::Square::from_index(i).to_string())
                        .unwrap_or_default()
                })
            })
            .collect::<rusqlite::Result<String>>()?;
    }
    Ok(Some(PlayerPage {
        account,
        ratings,
        history,
        record,
        games,
        more,
    }))
}

/// Most rows of a leaderboard.
pub const LEADERS: u32 = 100;

fn leaders(connection: &Connection, category: Category) -> rusqlite::Result<Vec<Leader>> {
    let mut statement = connection.prepare_cached(
        "SELECT a.name, r.rating, r.deviation, r.games FROM ratings r JOIN accounts a ON a.id = r.account
         WHERE r.category = ?1 AND a.deleted_ms IS NULL
         ORDER BY r.deviation > ?2, r.rating DESC, a.name LIMIT ?3",
    )?;
    let rows = statement.query_map(
        params![category.as_str(), PROVISIONAL_DEVIATION, LEADERS],
        |row| {
            let deviation: f64 = row.get(2)?;
            Ok(Leader {
                rank: 0,
                name: row.get(0)?,
                rating: row.get(1)?,
                deviation,
                provisional: deviation > PROVISIONAL_DEVIATION,
                games: row.get(3)?,
            })
        },
    )?;
    let mut leaders = rows.collect::<rusqlite::Result<Vec<_>>>()?;
    for (i, leader) in leaders.iter_mut().enumerate() {
        leader.rank = i as u32 + 1;
    }
    Ok(leaders)
}

fn bot_log(connection: &Connection, game: &str, bot: i64) -> rusqlite::Result<Vec<BotLogEntry>> {
    let mut statement = connection.prepare_cached(
        "SELECT ply, sent, answer, ms, verdict FROM bot_log WHERE game = ?1 AND bot = ?2 ORDER BY ply",
    )?;
    let rows = statement.query_map(params![game, bot], |row| {
        Ok(BotLogEntry {
            ply: row.get(0)?,
            sent: row.get(1)?,
            answer: row.get(2)?,
            ms: row.get(3)?,
            verdict: row.get(4)?,
        })
    })?;
    rows.collect()
}

impl Store {
    /// Runs a read on the reader's connection, off the runtime's threads.
    async fn read<T: Send + 'static>(
        &self,
        read: impl FnOnce(&Connection) -> rusqlite::Result<T> + Send + 'static,
    ) -> Result<T, ApiError> {
        let reader = std::sync::Arc::clone(&self.reader);
        tokio::task::spawn_blocking(move || {
            let connection = reader.lock().expect("reader");
            read(&connection)
        })
        .await
        .map_err(|e| ApiError::Storage(e.to_string()))?
        .map_err(|e| ApiError::Storage(e.to_string()))
    }

    /// The account of a name (whatever its case).
    pub async fn account(&self, name: String) -> Result<Option<AccountRow>, ApiError> {
        self.read(move |c| {
            c.query_row(
                &format!("SELECT {ACCOUNT_COLUMNS} FROM accounts WHERE name = ?1"),
                [name],
                account_row,
            )
            .optional()
        })
        .await
    }

    /// The account a session (by the hash of its id) holds, while it has not expired.
    pub async fn session(&self, hash: String, now: Ms) -> Result<Option<AccountRow>, ApiError> {
        self.read(move |c| {
            c.query_row(
                "SELECT a.id, a.name, a.password, a.created_ms, a.deleted_ms, a.owner, a.token FROM sessions s
                 JOIN accounts a ON a.id = s.account
                 WHERE s.hash = ?1 AND s.expires_ms > ?2 AND a.deleted_ms IS NULL",
                params![hash, now],
                account_row,
            )
            .optional()
        })
        .await
    }

    /// An account's ratings, by category.
    pub async fn ratings(&self, account: i64) -> Result<Vec<RatingView>, ApiError> {
        self.read(move |c| ratings_of(c, account)).await
    }

    /// An account's rating in one category as it stands (the start's where it has none).
    pub async fn rating(&self, account: i64, category: Category) -> Result<Rating, ApiError> {
        self.read(move |c| current(c, account, category).map(|(r, _)| r))
            .await
    }

    /// A player's page: `page` counts [`PLAYER_PAGE_GAMES`] games from the newest.
    pub async fn player(&self, name: String, page: u32) -> Result<Option<PlayerPage>, ApiError> {
        self.read(move |c| player_page(c, &name, page)).await
    }

    /// A game's requests to a registered bot.
    pub async fn bot_log(&self, game: String, bot: i64) -> Result<Vec<BotLogEntry>, ApiError> {
        self.read(move |c| bot_log(c, &game, bot)).await
    }

    /// A category's leaderboard: established ratings first, then provisional ones (deleted accounts left
    /// out).
    pub async fn leaders(&self, category: Category) -> Result<Vec<Leader>, ApiError> {
        self.read(move |c| leaders(c, category)).await
    }
}

/// Sets accounts' ratings in a category straight in the file (for the pairing benchmark, which needs players
/// of many ratings without playing thousands of games first): `(name, rating, deviation)`.
pub fn seed_ratings(
    path: &std::path::Path,
    category: Category,
    ratings: &[(String, f64, f64)],
) -> Result<(), String> {
    let mut connection = Connection::open(path).map_err(|e| e.to_string())?;
    connection
        .busy_timeout(std::time::Duration::from_secs(10))
        .map_err(|e| e.to_string())?;
    let tx = connection.transaction().map_err(|e| e.to_string())?;
    for (name, rating, deviation) in ratings {
        tx.execute(
            "INSERT INTO ratings (account, category, rating, deviation, volatility, games)
             SELECT id, ?2, ?3, ?4, 0.06, 20 FROM accounts WHERE name = ?1
             ON CONFLICT (account, category) DO UPDATE SET rating = excluded.rating,
               deviation = excluded.deviation",
            params![name, category.as_str(), rating, deviation],
        )
        .map_err(|e| e.to_string())?;
    }
    tx.commit().map_err(|e| e.to_string())
}
