//! Reading the file: a game with its moves, a tournament, and what a start resumes (the unfinished games and
//! tournaments, the bots seen, the last heartbeat); and the acknowledged moves, for the load benchmark.

use super::*;

const GAME_COLUMNS: &str = "id, created_ms, black_kind, black_name, black_token, white_kind, white_name, white_token,
    invite, clock_initial_ms, clock_increment_ms, started_ms, finished_ms, winner, reason, detail, black_discs,
    white_discs, rematch_of, rematch, tournament, black_account, white_account, rated, black_rating,
    black_deviation, black_volatility, white_rating, white_deviation, white_volatility";

pub(super) fn seat_of(
    kind: String,
    name: Option<String>,
    token: Option<String>,
) -> rusqlite::Result<Seat> {
    let bad = || rusqlite::Error::InvalidColumnType(0, "seat".into(), rusqlite::types::Type::Text);
    Ok(match kind.as_str() {
        "human" => Seat::Human {
            name,
            token: token.ok_or_else(bad)?,
        },
        "bot" => Seat::Bot {
            name: name.ok_or_else(bad)?,
        },
        "house" => Seat::House {
            level: name.and_then(|n| n.parse().ok()).ok_or_else(bad)?,
        },
        _ => return Err(bad()),
    })
}

pub(super) fn game_row(row: &rusqlite::Row) -> rusqlite::Result<GameRecord> {
    let clock = match (row.get::<_, Option<Ms>>(9)?, row.get::<_, Option<Ms>>(10)?) {
        (Some(initial_ms), Some(increment_ms)) => Some(Clock {
            initial_ms,
            increment_ms,
        }),
        _ => None,
    };
    let finish = match row.get::<_, Option<Ms>>(12)? {
        Some(at_ms) => Some(Finish {
            winner: match row.get::<_, i64>(13)? {
                1 => Some(Color::Black),
                -1 => Some(Color::White),
                _ => None,
            },
            reason: row.get(14)?,
            detail: row.get(15)?,
            black_discs: row.get(16)?,
            white_discs: row.get(17)?,
            at_ms,
        }),
        None => None,
    };
    Ok(GameRecord {
        id: row.get(0)?,
        created_ms: row.get(1)?,
        black: seat_of(row.get(2)?, row.get(3)?, row.get(4)?)?,
        white: seat_of(row.get(5)?, row.get(6)?, row.get(7)?)?,
        invite: row.get(8)?,
        clock,
        started_ms: row.get(11)?,
        moves: Vec::new(),
        finish,
        rematch_of: row.get(18)?,
        rematch: row.get(19)?,
        tournament: row.get(20)?,
        ranked: accounts::ranked_row(row, 21)?,
    })
}

pub(super) fn read_moves(connection: &Connection, game: &mut GameRecord) -> rusqlite::Result<()> {
    let mut statement = connection.prepare_cached(
        "SELECT square, at_ms, black_ms, white_ms FROM moves WHERE game = ?1 ORDER BY ply",
    )?;
    let moves = statement.query_map([&game.id], |row| {
        let index: i64 = row.get(0)?;
        let square = usize::try_from(index)
            .ok()
            .filter(|&i| i < 64)
            .map(Square::from_index)
            .ok_or_else(|| {
                rusqlite::Error::InvalidColumnType(
                    0,
                    "square".into(),
                    rusqlite::types::Type::Integer,
                )
            })?;
        Ok(MoveRecord {
            square,
            at_ms: row.get(1)?,
            black_ms: row.get(2)?,
            white_ms: row.get(3)?,
        })
    })?;
    game.moves = moves.collect::<rusqlite::Result<_>>()?;
    Ok(())
}

pub(super) fn read_game(connection: &Connection, id: &str) -> rusqlite::Result<Option<GameRecord>> {
    let game = connection
        .query_row(
            &format!("SELECT {GAME_COLUMNS} FROM games WHERE id = ?1"),
            [id],
            game_row,
        )
        .optional()?;
    match game {
        Some(mut game) => {
            read_moves(connection, &mut game)?;
            accounts::read_changes(connection, &mut game)?;
            Ok(Some(game))
        }
        None => Ok(None),
    }
}

pub(super) fn tournament_row(row: &rusqlite::Row) -> rusqlite::Result<TournamentRecord> {
    let bots: String = row.get(3)?;
    Ok(TournamentRecord {
        id: row.get(0)?,
        name: row.get(1)?,
        created_ms: row.get(2)?,
        bots: serde_json::from_str(&bots).map_err(|_| {
            rusqlite::Error::InvalidColumnType(3, "bots".into(), rusqlite::types::Type::Text)
        })?,
        finished_ms: row.get(4)?,
    })
}

pub(super) fn read_tournament(
    connection: &Connection,
    id: &str,
) -> rusqlite::Result<Option<(TournamentRecord, Vec<GameRecord>)>> {
    let Some(tournament) = connection
        .query_row(
            "SELECT id, name, created_ms, bots, finished_ms FROM tournaments WHERE id = ?1",
            [id],
            tournament_row,
        )
        .optional()?
    else {
        return Ok(None);
    };
    let mut statement = connection.prepare(&format!(
        "SELECT {GAME_COLUMNS} FROM games WHERE tournament = ?1 ORDER BY created_ms, id"
    ))?;
    let mut games = statement
        .query_map([id], game_row)?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    for game in &mut games {
        read_moves(connection, game)?;
    }
    Ok(Some((tournament, games)))
}

pub(super) fn load(connection: &Connection) -> rusqlite::Result<Loaded> {
    let mut statement = connection.prepare(&format!(
        "SELECT {GAME_COLUMNS} FROM games WHERE finished_ms IS NULL ORDER BY created_ms"
    ))?;
    let mut games = statement
        .query_map([], game_row)?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    for game in &mut games {
        read_moves(connection, game)?;
    }
    let mut statement = connection.prepare(
        "SELECT id, name, created_ms, bots, finished_ms FROM tournaments WHERE finished_ms IS NULL",
    )?;
    let tournaments = statement
        .query_map([], tournament_row)?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    let mut statement = connection.prepare("SELECT name, first_seen_ms FROM bots")?;
    let bots = statement
        .query_map([], |row| Ok((row.get(0)?, row.get(1)?)))?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    let alive_ms = connection
        .query_row("SELECT alive_ms FROM heartbeat WHERE id = 1", [], |row| {
            row.get(0)
        })
        .optional()?;
    Ok(Loaded {
        games,
        tournaments,
        bots,
        alive_ms,
    })
}

/// The acknowledged moves a file holds, as `(game, ply, square)`: what the load benchmark checks after
/// `kill -9`.
pub fn stored_moves(path: &Path) -> Result<Vec<(String, usize, usize)>, String> {
    let connection = Connection::open(path).map_err(|e| e.to_string())?;
    let mut statement = connection
        .prepare("SELECT game, ply, square FROM moves")
        .map_err(|e| e.to_string())?;
    let rows = statement
        .query_map([], |row| {
            Ok((
                row.get(0)?,
                row.get::<_, i64>(1)? as usize,
                row.get::<_, i64>(2)? as usize,
            ))
        })
        .map_err(|e| e.to_string())?;
    rows.collect::<rusqlite::Result<_>>()
        .map_err(|e| e.to_string())
}
