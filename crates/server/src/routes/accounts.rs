//! The accounts' routes: sign up, sign in, who is signed in, sign out (here or everywhere), delete the
//! account; the players' pages and the leaderboards. Every request that changes something is checked for the
//! server's own origin (a page of another site cannot sign anyone in or out).

use std::net::SocketAddr;
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;

use super::{body, check_origin};
use crate::accounts::{
    self, check_credentials, check_password, cleared_cookie, hash_password, new_session_id,
    session_cookie, session_hash, session_id, SESSION_MS,
};
use crate::error::{check_name, ApiError};
use crate::game::now_ms;
use crate::hub::Hub;
use crate::store::accounts::{AccountRow, AccountWrite};
use crate::store::Write;
use reversi_protocol::{
    AccountView, BotLog, Category, Credentials, DeleteAccount, Leaderboard, PlayerView,
    RegisterBot, RegisteredBot, SessionView,
};

/// Names no account may take (whatever their case): a guest's, a deleted account's, the house's engine.
fn reserved(name: &str) -> bool {
    let name = name.to_lowercase();
    name == "guest" || name == "deleted" || name.starts_with("house-")
}

/// A new account's name (a person's or a registered bot's): well formed, not reserved, not an account's.
async fn check_new_name(hub: &Hub, name: &str) -> Result<(), ApiError> {
    check_name(name)?;
    if reserved(name) || hub.store.account(name.to_string()).await?.is_some() {
        return Err(ApiError::AccountExists);
    }
    Ok(())
}

/// A write of a new account refused by the name's uniqueness: two sign-ups of one name at once, the second
/// meeting the first's.
fn taken(error: ApiError) -> ApiError {
    match error {
        ApiError::Storage(why) if why.contains("UNIQUE") => ApiError::AccountExists,
        other => other,
    }
}

/// A request that changes something: from the server's own page (or no browser at all), never from a page
/// of another site.
fn check_same_site(headers: &HeaderMap) -> Result<(), ApiError> {
    check_origin(headers)?;
    match headers.get("sec-fetch-site").and_then(|v| v.to_str().ok()) {
        Some("cross-site") | Some("same-site") => Err(ApiError::BadOrigin),
        _ => Ok(()),
    }
}

/// An answer never cached (it holds a session's cookie or a bot's token).
fn no_store(mut response: Response) -> Response {
    response.headers_mut().insert(
        header::CACHE_CONTROL,
        header::HeaderValue::from_static("no-store"),
    );
    response
}

/// An answer that sets a cookie and is never cached.
fn with_cookie(
    status: StatusCode,
    cookie: header::HeaderValue,
    body: Option<AccountView>,
) -> Response {
    let mut response = match body {
        Some(view) => (status, Json(view)).into_response(),
        None => status.into_response(),
    };
    response.headers_mut().insert(header::SET_COOKIE, cookie);
    no_store(response)
}

/// The answer that ends the session in the browser.
fn signed_out(headers: &HeaderMap) -> Response {
    with_cookie(StatusCode::NO_CONTENT, cleared_cookie(headers), None)
}

async fn view_of(hub: &Hub, account: &AccountRow) -> Result<AccountView, ApiError> {
    Ok(AccountView {
        name: account.name.clone(),
        ratings: hub.store.ratings(account.id).await?,
    })
}

/// Opens a new session for `account` (a new id at every sign-in: a session id planted before it is never
/// the one signed in, and is closed).
async fn open_session(
    hub: &Hub,
    headers: &HeaderMap,
    account: &AccountRow,
    status: StatusCode,
) -> Result<Response, ApiError> {
    if let Some(old) = session_id(headers) {
        hub.store
            .write(Write::Account(AccountWrite::CloseSession {
                hash: session_hash(&old),
            }))
            .await?;
    }
    let id = new_session_id();
    let now = now_ms();
    hub.store
        .write(Write::Account(AccountWrite::OpenSession {
            hash: session_hash(&id),
            account: account.id,
            created_ms: now,
            expires_ms: now + SESSION_MS,
        }))
        .await?;
    let view = view_of(hub, account).await?;
    Ok(with_cookie(
        status,
        session_cookie(&id, headers),
        Some(view),
    ))
}

/// `POST /api/account`: a new account, signed in.
pub async fn sign_up(
    State(hub): State<Arc<Hub>>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    check_same_site(&headers)?;
    let Credentials { name, password } = body(&bytes)?;
    check_password(&password)?;
    check_new_name(&hub, &name).await?;
    let hash = tokio::task::spawn_blocking(move || hash_password(&password))
        .await
        .map_err(|e| ApiError::Storage(e.to_string()))??;
    hub.store
        .write(Write::Account(AccountWrite::Create {
            name: name.clone(),
            password: hash,
            created_ms: now_ms(),
        }))
        .await
        .map_err(taken)?;
    let account = hub
        .store
        .account(name)
        .await?
        .ok_or_else(|| ApiError::Storage("the account was not kept".into()))?;
    open_session(&hub, &headers, &account, StatusCode::CREATED).await
}

/// `POST /api/session`: sign in.
pub async fn sign_in(
    State(hub): State<Arc<Hub>>,
    ConnectInfo(address): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    check_same_site(&headers)?;
    let Credentials { name, password } = body(&bytes)?;
    hub.attempts.try_sign_in(&name, address.ip())?;
    // A name that cannot be an account's is checked against the decoy all the same: the answer says nothing.
    let account = match check_name(&name) {
        Ok(()) => hub.store.account(name).await?,
        Err(_) => None,
    };
    let account = check_credentials(account, password).await?;
    open_session(&hub, &headers, &account, StatusCode::OK).await
}

/// `GET /api/account`: who is signed in.
pub async fn me(
    State(hub): State<Arc<Hub>>,
    headers: HeaderMap,
) -> Result<Json<AccountView>, ApiError> {
    let account = accounts::account(&hub.store, &headers).await?;
    Ok(Json(view_of(&hub, &account).await?))
}

/// `GET /api/session`: who this browser is signed in as, if anyone (200 either way).
pub async fn session(
    State(hub): State<Arc<Hub>>,
    headers: HeaderMap,
) -> Result<Json<SessionView>, ApiError> {
    let account = match accounts::signed_in(&hub.store, &headers).await? {
        Some(account) => Some(view_of(&hub, &account).await?),
        None => None,
    };
    Ok(Json(SessionView { account }))
}

/// `DELETE /api/session`: sign out of this browser.
pub async fn sign_out(
    State(hub): State<Arc<Hub>>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    check_same_site(&headers)?;
    if let Some(id) = session_id(&headers) {
        hub.store
            .write(Write::Account(AccountWrite::CloseSession {
                hash: session_hash(&id),
            }))
            .await?;
    }
    Ok(signed_out(&headers))
}

/// `DELETE /api/sessions`: sign out everywhere (every session of the account).
pub async fn sign_out_everywhere(
    State(hub): State<Arc<Hub>>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    check_same_site(&headers)?;
    let account = accounts::account(&hub.store, &headers).await?;
    hub.store
        .write(Write::Account(AccountWrite::CloseSessions {
            account: account.id,
        }))
        .await?;
    Ok(signed_out(&headers))
}

/// `DELETE /api/account`: the account deleted, with its password given again.
pub async fn delete_account(
    State(hub): State<Arc<Hub>>,
    ConnectInfo(address): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    check_same_site(&headers)?;
    let account = accounts::account(&hub.store, &headers).await?;
    let DeleteAccount { password } = body(&bytes)?;
    hub.attempts.try_sign_in(&account.name, address.ip())?;
    let account = check_credentials(Some(account), password).await?;
    hub.store
        .write(Write::Account(AccountWrite::Delete {
            account: account.id,
            at_ms: now_ms(),
        }))
        .await?;
    Ok(signed_out(&headers))
}

#[derive(Deserialize)]
pub struct PageQuery {
    page: Option<u32>,
}

/// `GET /api/players/{name}?page=N`: a player's page.
pub async fn player(
    State(hub): State<Arc<Hub>>,
    Path(name): Path<String>,
    Query(query): Query<PageQuery>,
) -> Result<Json<PlayerView>, ApiError> {
    let page = query.page.unwrap_or(0);
    let found = hub
        .store
        .player(name, page)
        .await?
        .filter(|p| !p.account.deleted)
        .ok_or(ApiError::NotFound("player"))?;
    Ok(Json(PlayerView {
        name: found.account.name,
        deleted: found.account.deleted,
        created_ms: found.account.created_ms,
        ratings: found.ratings,
        history: found.history,
        record: found.record,
        games: found.games,
        page,
        more: found.more,
    }))
}

/// `GET /api/leaderboard/{category}`.
pub async fn leaderboard(
    State(hub): State<Arc<Hub>>,
    Path(category): Path<String>,
) -> Result<Json<Leaderboard>, ApiError> {
    let category = Category::parse(&category).ok_or_else(|| {
        ApiError::BadRequest("a category is bullet, blitz, rapid or classical".into())
    })?;
    Ok(Json(Leaderboard {
        category,
        leaders: hub.store.leaders(category).await?,
    }))
}

/// `POST /api/bots/registered`: a bot registered by the account signed in; its token shown this once.
pub async fn register_bot(
    State(hub): State<Arc<Hub>>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    check_same_site(&headers)?;
    let author = accounts::account(&hub.store, &headers).await?;
    if author.is_bot() {
        return Err(ApiError::NotSignedIn);
    }
    let RegisterBot { name } = body(&bytes)?;
    check_new_name(&hub, &name).await?;
    let token = new_session_id();
    hub.store
        .write(Write::Account(AccountWrite::CreateBot {
            name: name.clone(),
            owner: author.id,
            token: session_hash(&token),
            created_ms: now_ms(),
        }))
        .await
        .map_err(taken)?;
    Ok(no_store(
        (StatusCode::CREATED, Json(RegisteredBot { name, token })).into_response(),
    ))
}

/// `GET /api/bots/{name}/games/{id}/log`: a game's requests to a registered bot, for its author alone (to
/// anyone else the bot's logs do not exist: 404).
pub async fn bot_log(
    State(hub): State<Arc<Hub>>,
    Path((name, id)): Path<(String, String)>,
    headers: HeaderMap,
) -> Result<Json<BotLog>, ApiError> {
    let author = accounts::account(&hub.store, &headers).await?;
    let bot = hub
        .store
        .account(name)
        .await?
        .filter(|bot| bot.owner == Some(author.id))
        .ok_or(ApiError::NotFound("bot"))?;
    let entries = hub.store.bot_log(id.clone(), bot.id).await?;
    Ok(Json(BotLog {
        bot: bot.name,
        game: id,
        entries,
    }))
}
