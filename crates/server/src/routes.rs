//! The HTTP routes and the two socket upgrades, on one port; everything else is the page's files.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{ConnectInfo, DefaultBodyLimit, Path, Query, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, get, post};
use axum::{Json, Router};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use tower_http::compression::predicate::{DefaultPredicate, Predicate};
use tower_http::compression::CompressionLayer;
use tower_http::services::ServeDir;
use tower_http::set_header::SetResponseHeaderLayer;

use crate::bots::serve_bot;
use crate::error::ApiError;
use crate::game::{parse_color, side, Clock, MAX_CLOCK_MS, MAX_INCREMENT_MS};
use crate::hub::Hub;
use crate::live::{serve_live, serve_stored};
use crate::lobby::serve_lobby;
use crate::match_protocol::MAX_MESSAGE_BYTES;
use crate::table::Command;
use reversi_engine::{Color, Square};
use reversi_protocol::{
    BotsList, ClockSpec, CreateGame, CreateTournament, ErrorBody, ErrorCode, GameView, GamesList,
    Health, Join, Links, Play, Seated, TournamentStatus, TournamentSummary, TournamentView,
    TournamentsList,
};

/// The header every response carries, naming this server (its version): how the page knows online play is
/// here.
pub const SERVER_HEADER: &str = "x-reversi-server";

/// The page's files that are gzip data already (`assets/games.bin`, which the page inflates itself).
const PRECOMPRESSED: &[&str] = &["/games.bin"];

/// Marks a response whose body is compressed already.
#[derive(Clone, Copy)]
struct Precompressed;

/// The router: the API, the sockets, and the page from `dist` (when given).
pub fn router(hub: Arc<Hub>, dist: Option<PathBuf>) -> Router {
    let api = Router::new()
        .route("/api/health", get(health))
        .route("/api/games", post(create_game).get(list_games))
        .route("/api/games/{id}", get(game))
        .route("/api/games/{id}/join", post(join))
        .route("/api/games/{id}/moves", post(play))
        .route("/api/games/{id}/resign", post(resign))
        .route("/api/games/{id}/rematch", post(rematch))
        .route("/api/games/{id}/live", get(live))
        .route(
            "/api/account",
            post(accounts::sign_up)
                .get(accounts::me)
                .delete(accounts::delete_account),
        )
        .route(
            "/api/session",
            post(accounts::sign_in)
                .get(accounts::session)
                .delete(accounts::sign_out),
        )
        .route("/api/sessions", delete(accounts::sign_out_everywhere))
        .route("/api/players/{name}", get(accounts::player))
        .route("/api/leaderboard/{category}", get(accounts::leaderboard))
        .route("/api/lobby/live", get(lobby_socket))
        .route("/api/bots", get(bots))
        .route("/api/bots/registered", post(accounts::register_bot))
        .route("/api/bots/{name}/games/{id}/log", get(accounts::bot_log))
        .route("/api/tournaments", post(create_tournament).get(tournaments))
        .route("/api/tournaments/{id}", get(tournament))
        .route("/ws", get(bot_socket))
        .layer(DefaultBodyLimit::max(MAX_MESSAGE_BYTES))
        .with_state(hub);
    let router = match dist {
        Some(dist) => {
            api.fallback_service(ServeDir::new(dist).append_index_html_on_directories(true))
        }
        None => api.fallback(no_page),
    };
    router
        .layer(axum::middleware::map_response(
            |method: axum::http::Method, uri: axum::http::Uri, response: Response| async move {
                let mut response = response;
                // A file or route that is not there is logged, for whoever runs the server.
                if response.status() == StatusCode::NOT_FOUND {
                    eprintln!("[server] not found: {method} {uri}");
                }
                if PRECOMPRESSED.iter().any(|name| uri.path().ends_with(name)) {
                    response.extensions_mut().insert(Precompressed);
                }
                response
            },
        ))
        // The page's files gzip-compressed already (the expert games) are not compressed twice.
        .layer(
            CompressionLayer::new().compress_when(DefaultPredicate::new().and(
                |_: StatusCode,
                 _: axum::http::Version,
                 _: &HeaderMap,
                 extensions: &axum::http::Extensions| {
                    extensions.get::<Precompressed>().is_none()
                },
            )),
        )
        // The page asks its own origin (HEAD ./) whether it is this server, to offer online play: a static host
        // answers without this header, and no request of the page's fails there.
        .layer(SetResponseHeaderLayer::if_not_present(
            header::HeaderName::from_static(SERVER_HEADER),
            HeaderValue::from_static(env!("CARGO_PKG_VERSION")),
        ))
        // The page's threaded engine shares memory between workers: it needs the page cross-origin isolated.
        .layer(SetResponseHeaderLayer::if_not_present(
            header::HeaderName::from_static("cross-origin-opener-policy"),
            HeaderValue::from_static("same-origin"),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::HeaderName::from_static("cross-origin-embedder-policy"),
            HeaderValue::from_static("require-corp"),
        ))
}

async fn no_page() -> Response {
    let body = ErrorBody {
        error: ErrorCode::NotFound,
        message: "no such route (the page is served with --dist)".into(),
    };
    (StatusCode::NOT_FOUND, Json(body)).into_response()
}

/// Reads a JSON body (an empty one as `{}`), with a typed refusal.
pub fn body<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    let text = if bytes.iter().all(u8::is_ascii_whitespace) {
        b"{}".as_slice()
    } else {
        bytes
    };
    serde_json::from_slice(text).map_err(|e| ApiError::BadRequest(e.to_string()))
}

/// The seat's token from `Authorization: Bearer TOKEN`.
fn bearer(headers: &HeaderMap) -> Result<String, ApiError> {
    headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(|t| t.trim().to_string())
        .filter(|t| !t.is_empty())
        .ok_or(ApiError::NotASeat)
}

async fn health() -> Json<Health> {
    Json(Health {
        ok: true,
        server: "reversi".into(),
        version: env!("CARGO_PKG_VERSION").into(),
    })
}

/// The clock a request asks for, checked.
pub fn clock_of(spec: Option<ClockSpec>) -> Result<Option<Clock>, ApiError> {
    let Some(spec) = spec else {
        return Ok(None);
    };
    let initial_ms = (spec.initial_s * 1000.0).round();
    let increment_ms = (spec.increment_s * 1000.0).round();
    if !(1000.0..=MAX_CLOCK_MS as f64).contains(&initial_ms)
        || !(0.0..=MAX_INCREMENT_MS as f64).contains(&increment_ms)
    {
        return Err(ApiError::BadRequest(format!(
            "a clock is 1 s to {} h a side, with an increment of 0 to {} s",
            MAX_CLOCK_MS / 3_600_000,
            MAX_INCREMENT_MS / 1000
        )));
    }
    Ok(Some(Clock {
        initial_ms: initial_ms as i64,
        increment_ms: increment_ms as i64,
    }))
}

/// The links of a game: the page's for each use, and the API's.
fn links(id: &str, invite: Option<&str>) -> Links {
    Links {
        play: format!("/?online={id}"),
        invite: invite.map(|code| format!("/?online={id}&invite={code}")),
        watch: format!("/?watch={id}"),
        api: format!("/api/games/{id}"),
        live: format!("/api/games/{id}/live"),
    }
}

async fn create_game(State(hub): State<Arc<Hub>>, bytes: Bytes) -> Result<Response, ApiError> {
    let request: CreateGame = body(&bytes)?;
    let color = match request.color.as_deref().unwrap_or("random") {
        "random" => {
            if crate::hub::coin() {
                Color::Black
            } else {
                Color::White
            }
        }
        text => parse_color(text)
            .ok_or_else(|| ApiError::BadRequest("color is black, white or random".into()))?,
    };
    let clock = clock_of(request.clock)?;
    let opponent = match request.opponent.as_deref() {
        Some(name) => Some(hub.bots.seat(name)?),
        None => None,
    };
    let name = request.name.unwrap_or_else(|| "Guest".to_string());
    let (id, token, invite) = hub.create_game(&name, color, clock, opponent).await?;
    let game = hub.view(&id).await?;
    let body = Seated {
        links: links(&id, invite.as_deref()),
        id,
        seat: side(color),
        token,
        invite,
        game,
    };
    Ok((StatusCode::CREATED, Json(body)).into_response())
}

async fn list_games(State(hub): State<Arc<Hub>>) -> Json<GamesList> {
    Json(GamesList {
        games: hub.playing(200),
    })
}

async fn game(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
) -> Result<Json<GameView>, ApiError> {
    Ok(Json(hub.view(&id).await?))
}

async fn join(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    bytes: Bytes,
) -> Result<Json<Seated>, ApiError> {
    let request: Join = body(&bytes)?;
    let name = request.name.unwrap_or_else(|| "Guest".to_string());
    crate::error::check_name(&name)?;
    let handle = hub.game(&id).ok_or(ApiError::BadInvite)?;
    let (color, token, game) = handle
        .ask(|reply| Command::Join {
            invite: request.invite,
            name,
            reply,
        })
        .await?;
    Ok(Json(Seated {
        links: links(&id, None),
        id,
        seat: side(color),
        token,
        invite: None,
        game,
    }))
}

async fn play(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<Json<GameView>, ApiError> {
    let token = bearer(&headers)?;
    let request: Play = body(&bytes)?;
    let square: Square = request.square.parse().map_err(|_| {
        ApiError::BadRequest(format!("{:?} is not a square a1..h8", request.square))
    })?;
    let handle = seat_game(&hub, &id).await?;
    let game = handle
        .ask(|reply| Command::Move {
            token,
            square,
            ply: request.ply,
            reply,
        })
        .await?;
    Ok(Json(game))
}

/// The task of a game a seat acts on: `GameOver` for one stored as finished, `NotFound` for none.
async fn seat_game(hub: &Hub, id: &str) -> Result<crate::table::GameHandle, ApiError> {
    match hub.game(id) {
        Some(handle) => Ok(handle),
        None => {
            hub.view(id).await?;
            Err(ApiError::GameOver)
        }
    }
}

/// What a game's task answers a seat's command with.
type GameReply = tokio::sync::oneshot::Sender<Result<GameView, ApiError>>;

/// A seat's command without a body (resign, rematch): the token from the header, the game after it.
async fn seat_command(
    hub: &Hub,
    id: &str,
    headers: &HeaderMap,
    command: fn(String, GameReply) -> Command,
) -> Result<Json<GameView>, ApiError> {
    let token = bearer(headers)?;
    let handle = seat_game(hub, id).await?;
    Ok(Json(handle.ask(|reply| command(token, reply)).await?))
}

async fn resign(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<GameView>, ApiError> {
    seat_command(&hub, &id, &headers, |token, reply| Command::Resign {
        token,
        reply,
    })
    .await
}

async fn rematch(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<GameView>, ApiError> {
    seat_command(&hub, &id, &headers, |token, reply| Command::Rematch {
        token,
        reply,
    })
    .await
}

/// A socket's limits, and buffers sized for messages of a few hundred bytes (the defaults are 128 KB each way
/// for every socket).
fn small_buffers(upgrade: WebSocketUpgrade) -> WebSocketUpgrade {
    upgrade
        .max_message_size(MAX_MESSAGE_BYTES)
        .max_frame_size(MAX_MESSAGE_BYTES)
        .read_buffer_size(4096)
        .write_buffer_size(4096)
}

/// A browser's socket must come from the server's own page: its `Origin`, when sent, names the `Host` asked.
pub(crate) fn check_origin(headers: &HeaderMap) -> Result<(), ApiError> {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return Ok(());
    };
    let origin = origin.to_str().map_err(|_| ApiError::BadOrigin)?;
    let authority = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"))
        .ok_or(ApiError::BadOrigin)?;
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .ok_or(ApiError::BadOrigin)?;
    if authority.eq_ignore_ascii_case(host) {
        Ok(())
    } else {
        Err(ApiError::BadOrigin)
    }
}

async fn live(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    ConnectInfo(address): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    check_origin(&headers)?;
    let held = hub.connections.hold(address.ip())?;
    let upgrade = small_buffers(upgrade);
    match hub.game(&id) {
        Some(handle) => {
            // A program's seat may say itself in the upgrade's header; a page's says itself in its first
            // message (see `crate::live`). Never in the address.
            let token = bearer(&headers).ok();
            let closing = hub.closing();
            Ok(upgrade.on_upgrade(move |socket| serve_live(socket, handle, token, held, closing)))
        }
        None => {
            hub.view(&id).await?;
            Ok(upgrade.on_upgrade(move |socket| serve_stored(socket, hub, id, held)))
        }
    }
}

/// The lobby's socket: a signed-in page seeks a game and hears it was paired (see [`crate::lobby`]).
async fn lobby_socket(
    State(hub): State<Arc<Hub>>,
    ConnectInfo(address): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    check_origin(&headers)?;
    let account = crate::accounts::account(&hub.store, &headers).await?;
    let held = hub.connections.hold(address.ip())?;
    let closing = hub.closing();
    Ok(small_buffers(upgrade)
        .on_upgrade(move |socket| serve_lobby(socket, hub, account, held, closing)))
}

async fn bots(State(hub): State<Arc<Hub>>) -> Json<BotsList> {
    Json(BotsList {
        bots: hub.bots.list(),
    })
}

async fn create_tournament(
    State(hub): State<Arc<Hub>>,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let request: CreateTournament = body(&bytes)?;
    let name = request.name.unwrap_or_default();
    let tournament = hub.start_tournament(&name, request.bots).await?;
    let body = hub.tournament(&tournament.id).await?;
    Ok((StatusCode::CREATED, Json(body)).into_response())
}

async fn tournaments(State(hub): State<Arc<Hub>>) -> Result<Json<TournamentsList>, ApiError> {
    let tournaments = hub
        .store
        .tournaments()
        .await?
        .into_iter()
        .map(|t| TournamentSummary {
            status: if t.finished_ms.is_some() {
                TournamentStatus::Finished
            } else {
                TournamentStatus::Playing
            },
            id: t.id,
            name: t.name,
            bots: t.bots,
            created_ms: t.created_ms,
        })
        .collect();
    Ok(Json(TournamentsList { tournaments }))
}

async fn tournament(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
) -> Result<Json<TournamentView>, ApiError> {
    Ok(Json(hub.tournament(&id).await?))
}

#[derive(Deserialize)]
struct BotQuery {
    name: Option<String>,
}

/// The match server's socket: `/ws?name=NAME`. A name is held by its first connection while it is open.
async fn bot_socket(
    State(hub): State<Arc<Hub>>,
    Query(query): Query<BotQuery>,
    ConnectInfo(address): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let held = hub.connections.hold(address.ip())?;
    let closing = hub.closing();
    let name = query.name.unwrap_or_default();
    // A registered bot's name is its own: the connection must carry its token.
    let account = match hub.store.account(name.clone()).await? {
        Some(account) if account.is_bot() && !account.deleted => {
            let token = bearer(&headers).map_err(|_| ApiError::BadToken)?;
            if account.token.as_deref() != Some(crate::accounts::session_hash(&token).as_str()) {
                return Err(ApiError::BadToken);
            }
            Some(account.id)
        }
        _ => None,
    };
    let registration = hub.bots.register(&name, account)?;
    let store = hub.store.clone();
    Ok(small_buffers(upgrade).on_upgrade(move |socket| async move {
        serve_bot(socket, registration, store, closing).await;
        drop(held);
    }))
}

mod accounts;

#[cfg(test)]
mod tests;
