//! Accounts: passwords hashed with argon2id at OWASP's parameters (19 MiB, 2 passes, 1 lane), sessions held by
//! an HttpOnly, SameSite=Lax cookie whose id the store keeps only as a hash, and sign-in attempts limited per
//! name and per address. A name unknown and a password wrong are refused alike, after the same work.
//!
//! Passwords rather than passkeys: a name and a password work in every browser, on every machine of the
//! project's tests (a passkey needs an authenticator the headless browser lacks) and from `curl`; passkeys
//! can be added beside them without changing the sessions.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use axum::http::{header, HeaderMap, HeaderValue};
use blake2::{Blake2b512, Digest};

use crate::error::ApiError;
use crate::game::{now_ms, Ms};
use crate::hub::random_hex;
use crate::store::accounts::AccountRow;
use crate::store::Store;

/// The session cookie's name.
pub const COOKIE: &str = "reversi_session";

/// How long a session lasts (30 days).
pub const SESSION_MS: Ms = 30 * 24 * 3600 * 1000;

/// A password's length in characters.
pub const PASSWORD_CHARS: std::ops::RangeInclusive<usize> = 8..=256;

/// Sign-in attempts allowed per name, and per address, in [`ATTEMPTS_WINDOW`].
pub const ATTEMPTS_PER_NAME: usize = 5;
pub const ATTEMPTS_PER_ADDRESS: usize = 20;
pub const ATTEMPTS_WINDOW: Duration = Duration::from_secs(15 * 60);

/// OWASP's argon2id parameters (Password Storage Cheat Sheet): m = 19 MiB, t = 2, p = 1.
fn hasher() -> Argon2<'static> {
    Argon2::new(
        Algorithm::Argon2id,
        Version::V0x13,
        Params::new(19 * 1024, 2, 1, None).expect("OWASP's parameters are valid"),
    )
}

/// A password's hash, as a PHC string (algorithm, parameters, salt and hash in one).
pub fn hash_password(password: &str) -> Result<String, ApiError> {
    let mut salt = [0u8; 16];
    getrandom::fill(&mut salt).map_err(|e| ApiError::Storage(e.to_string()))?;
    let salt = SaltString::encode_b64(&salt).map_err(|e| ApiError::Storage(e.to_string()))?;
    hasher()
        .hash_password(password.as_bytes(), &salt)
        .map(|hash| hash.to_string())
        .map_err(|e| ApiError::Storage(e.to_string()))
}

/// Whether `password` is the one hashed in `hash`.
pub fn verify_password(password: &str, hash: &str) -> bool {
    PasswordHash::new(hash)
        .map(|parsed| {
            hasher()
                .verify_password(password.as_bytes(), &parsed)
                .is_ok()
        })
        .unwrap_or(false)
}

/// A hash no password matches, checked when a name is unknown so that the answer takes as long as a wrong
/// password's.
fn decoy() -> &'static str {
    static DECOY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    DECOY.get_or_init(|| hash_password(&random_hex(16)).expect("a decoy hash"))
}

/// Checks a new password's length.
pub fn check_password(password: &str) -> Result<(), ApiError> {
    if PASSWORD_CHARS.contains(&password.chars().count()) {
        Ok(())
    } else {
        Err(ApiError::BadPassword)
    }
}

/// The store's key of a session: BLAKE2b of its id, so that the file does not hold what signs one in.
pub fn session_hash(id: &str) -> String {
    let digest = Blake2b512::digest(id.as_bytes());
    digest[..32].iter().map(|b| format!("{b:02x}")).collect()
}

/// The session id a request's cookie holds.
pub fn session_id(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == COOKIE)
        .map(|(_, value)| value.trim().to_string())
        .filter(|v| v.len() == 64 && v.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// Whether the request came over https (directly, or through a proxy that says so).
fn secure(headers: &HeaderMap) -> bool {
    headers
        .get("x-forwarded-proto")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.eq_ignore_ascii_case("https"))
}

/// The cookie that holds a new session.
pub fn session_cookie(id: &str, headers: &HeaderMap) -> HeaderValue {
    let secure = if secure(headers) { "; Secure" } else { "" };
    HeaderValue::from_str(&format!(
        "{COOKIE}={id}; Path=/; HttpOnly; SameSite=Lax; Max-Age={}{secure}",
        SESSION_MS / 1000
    ))
    .expect("a cookie of hex digits")
}

/// The cookie that ends the session in the browser.
pub fn cleared_cookie(headers: &HeaderMap) -> HeaderValue {
    let secure = if secure(headers) { "; Secure" } else { "" };
    HeaderValue::from_str(&format!(
        "{COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0{secure}"
    ))
    .expect("a plain cookie")
}

/// The account signed in by the request's cookie, if any.
pub async fn signed_in(store: &Store, headers: &HeaderMap) -> Result<Option<AccountRow>, ApiError> {
    match session_id(headers) {
        Some(id) => store.session(session_hash(&id), now_ms()).await,
        None => Ok(None),
    }
}

/// Like [`signed_in`], refusing a request without one.
pub async fn account(store: &Store, headers: &HeaderMap) -> Result<AccountRow, ApiError> {
    signed_in(store, headers)
        .await?
        .ok_or(ApiError::NotSignedIn)
}

/// A new session id: 256 random bits.
pub fn new_session_id() -> String {
    random_hex(32)
}

/// Checks a name and password against the account's hash, off the runtime's threads; an unknown or deleted
/// account is checked against the decoy, and refused alike.
pub async fn check_credentials(
    account: Option<AccountRow>,
    password: String,
) -> Result<AccountRow, ApiError> {
    tokio::task::spawn_blocking(move || {
        let hash = account
            .as_ref()
            .and_then(|a| a.password.clone())
            .unwrap_or_else(|| decoy().to_string());
        match (verify_password(&password, &hash), account) {
            (true, Some(account)) if !account.deleted => Ok(account),
            _ => Err(ApiError::SignInFailed),
        }
    })
    .await
    .map_err(|e| ApiError::Storage(e.to_string()))?
}

/// Sign-in attempts, counted per name and per address over a sliding window.
#[derive(Default)]
pub struct Attempts {
    seen: Mutex<HashMap<String, VecDeque<Instant>>>,
}

impl Attempts {
    /// Counts an attempt at `name` from `address`; refuses it when either has used its attempts.
    pub fn try_sign_in(&self, name: &str, address: IpAddr) -> Result<(), ApiError> {
        self.try_at(name, address, Instant::now())
    }

    fn try_at(&self, name: &str, address: IpAddr, now: Instant) -> Result<(), ApiError> {
        let mut seen = self.seen.lock().expect("attempts");
        if seen.len() > 100_000 {
            seen.retain(|_, times| {
                times
                    .back()
                    .is_some_and(|&t| now.duration_since(t) < ATTEMPTS_WINDOW)
            });
        }
        let keys = [
            (format!("name:{}", name.to_lowercase()), ATTEMPTS_PER_NAME),
            (format!("address:{address}"), ATTEMPTS_PER_ADDRESS),
        ];
        for (key, limit) in &keys {
            let times = seen.entry(key.clone()).or_default();
            while times
                .front()
                .is_some_and(|&t| now.duration_since(t) >= ATTEMPTS_WINDOW)
            {
                times.pop_front();
            }
            if times.len() >= *limit {
                return Err(ApiError::RateLimited);
            }
        }
        for (key, _) in keys {
            seen.entry(key).or_default().push_back(now);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_password_verifies_against_its_hash_only() {
        let hash = hash_password("correct horse").unwrap();
        assert!(
            hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
            "{hash}"
        );
        assert!(verify_password("correct horse", &hash));
        assert!(!verify_password("correct horse ", &hash));
        assert!(!verify_password("correct horse", "not a hash"));
        // Salted: the same password hashes differently each time.
        assert_ne!(hash, hash_password("correct horse").unwrap());
    }

    #[test]
    fn the_cookie_is_read_back_and_the_store_keeps_its_hash() {
        let id = new_session_id();
        let mut headers = HeaderMap::new();
        headers.insert(
            header::COOKIE,
            HeaderValue::from_str(&format!("theme=dark; {COOKIE}={id}")).unwrap(),
        );
        assert_eq!(session_id(&headers), Some(id.clone()));
        assert_ne!(session_hash(&id), id);
        assert_eq!(session_hash(&id).len(), 64);
        let cookie = session_cookie(&id, &HeaderMap::new());
        let cookie = cookie.to_str().unwrap();
        assert!(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"));
        assert!(!cookie.contains("Secure"));
        let mut https = HeaderMap::new();
        https.insert("x-forwarded-proto", HeaderValue::from_static("https"));
        assert!(session_cookie(&id, &https)
            .to_str()
            .unwrap()
            .ends_with("; Secure"));
        // Not a session id: refused before the store is asked.
        headers.insert(
            header::COOKIE,
            HeaderValue::from_static("reversi_session=abc"),
        );
        assert_eq!(session_id(&headers), None);
    }

    #[test]
    fn attempts_are_limited_per_name_and_per_address() {
        let attempts = Attempts::default();
        let now = Instant::now();
        let here: IpAddr = "127.0.0.1".parse().unwrap();
        for _ in 0..ATTEMPTS_PER_NAME {
            assert_eq!(attempts.try_at("Alice", here, now), Ok(()));
        }
        assert_eq!(
            attempts.try_at("alice", here, now),
            Err(ApiError::RateLimited)
        );
        // Another name from the same address still may, until the address's count is used.
        assert_eq!(attempts.try_at("bob", here, now), Ok(()));
        // After the window, the name may again.
        assert_eq!(
            attempts.try_at("alice", here, now + ATTEMPTS_WINDOW),
            Ok(())
        );
        let elsewhere: IpAddr = "10.0.0.1".parse().unwrap();
        let many = Attempts::default();
        for i in 0..ATTEMPTS_PER_ADDRESS {
            assert_eq!(many.try_at(&format!("n{i}"), elsewhere, now), Ok(()));
        }
        assert_eq!(
            many.try_at("another", elsewhere, now),
            Err(ApiError::RateLimited)
        );
    }
}
