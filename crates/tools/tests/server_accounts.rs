//! `reversi serve`'s accounts over loopback: signing up, in and out and their refusals (a wrong password, a
//! name unknown answered alike, a session planted before sign-in, a request from another site, attempts
//! limited, deletion), and two accounts paired in the lobby playing a rated game whose ratings move by the
//! test's own Glicko-2 computation, kept across a crash.

#[path = "common/server.rs"]
mod common;

use common::{next, Server, Socket, TempDir};
use serde_json::{json, Value};
use tungstenite::client::IntoClientRequest;
use tungstenite::Message;

/// The session cookie a response set (`reversi_session=ID`), with its attributes.
fn set_cookie(headers: &[(String, String)]) -> Option<String> {
    headers
        .iter()
        .find(|(name, _)| name == "set-cookie")
        .map(|(_, value)| value.clone())
}

/// The `Cookie` header that sends a set cookie back.
fn cookie_of(set: &str) -> String {
    set.split(';').next().unwrap().to_string()
}

fn sign_up(server: &Server, name: &str, password: &str) -> String {
    let (status, headers, body) = server.request(
        "POST",
        "/api/account",
        &[],
        Some(&json!({"name": name, "password": password})),
    );
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["name"], name);
    cookie_of(&set_cookie(&headers).expect("a session cookie"))
}

fn sign_in(server: &Server, name: &str, password: &str) -> (u16, Option<String>, Value) {
    let (status, headers, body) = server.request(
        "POST",
        "/api/session",
        &[],
        Some(&json!({"name": name, "password": password})),
    );
    (status, set_cookie(&headers).map(|c| cookie_of(&c)), body)
}

fn me(server: &Server, cookie: &str) -> (u16, Value) {
    let (status, _, body) = server.request("GET", "/api/account", &[("Cookie", cookie)], None);
    (status, body)
}

#[test]
fn signing_up_in_and_out_with_every_refusal() {
    let dir = TempDir::new("accounts");
    let server = Server::start(&dir.0.join("s.db"), &[]);
    let (status, headers, body) = server.request(
        "POST",
        "/api/account",
        &[],
        Some(&json!({"name": "ann", "password": "correct horse"})),
    );
    assert_eq!(status, 201, "{body}");
    let set = set_cookie(&headers).unwrap();
    assert!(set.starts_with("reversi_session="), "{set}");
    assert!(
        set.contains("HttpOnly") && set.contains("SameSite=Lax"),
        "{set}"
    );
    let ann = cookie_of(&set);
    assert_eq!(ann.len(), "reversi_session=".len() + 64);
    assert_eq!(
        me(&server, &ann),
        (200, json!({"name": "ann", "ratings": []}))
    );
    // The page asks who is signed in without a failed request when nobody is.
    let (status, _, body) = server.request("GET", "/api/session", &[("Cookie", &ann)], None);
    assert_eq!(
        (status, body),
        (200, json!({"account": {"name": "ann", "ratings": []}}))
    );
    let (status, _, body) = server.request("GET", "/api/session", &[], None);
    assert_eq!((status, body), (200, json!({"account": null})));

    // Taken whatever its case, reserved, malformed.
    for (name, password, status, code) in [
        ("ANN", "another one", 409, "account_exists"),
        ("Guest", "another one", 409, "account_exists"),
        ("house-3", "another one", 409, "account_exists"),
        ("dan", "short", 400, "bad_password"),
        ("a b", "long enough", 400, "bad_name"),
    ] {
        let (got, _, body) = server.request(
            "POST",
            "/api/account",
            &[],
            Some(&json!({"name": name, "password": password})),
        );
        assert_eq!(
            (got, body["error"].as_str()),
            (status, Some(code)),
            "{name}"
        );
    }

    // A wrong password and an unknown name are refused alike: the same status, code and words.
    let (status, cookie, wrong) = sign_in(&server, "ann", "wrong horse");
    assert_eq!((status, cookie), (401, None));
    let (status, _, unknown) = sign_in(&server, "nobody", "wrong horse");
    assert_eq!(status, 401);
    assert_eq!(wrong, unknown);
    assert_eq!(wrong["error"], "sign_in_failed");

    // A session id planted before sign-in is never the one signed in.
    let planted = format!("reversi_session={}", "ab".repeat(32));
    let (status, headers, _) = server.request(
        "POST",
        "/api/session",
        &[("Cookie", &planted)],
        Some(&json!({"name": "ann", "password": "correct horse"})),
    );
    assert_eq!(status, 200);
    let second = cookie_of(&set_cookie(&headers).unwrap());
    assert_ne!(second, planted);
    assert_eq!(me(&server, &planted).1["error"], "not_signed_in");
    assert_eq!(me(&server, &second).0, 200);

    // Another site's page can neither sign in nor out.
    for (method, path, body) in [
        (
            "POST",
            "/api/session",
            Some(json!({"name": "ann", "password": "correct horse"})),
        ),
        (
            "POST",
            "/api/account",
            Some(json!({"name": "eve", "password": "correct horse"})),
        ),
        ("DELETE", "/api/session", None),
        ("DELETE", "/api/sessions", None),
    ] {
        let (status, _, answer) = server.request(
            method,
            path,
            &[("Cookie", &ann), ("Origin", "http://evil.example")],
            body.as_ref(),
        );
        assert_eq!(
            (status, answer["error"].as_str()),
            (403, Some("bad_origin")),
            "{method} {path}"
        );
    }
    assert_eq!(me(&server, &ann).0, 200, "still signed in");

    // Signing out ends this session only; signing out everywhere ends them all.
    let (status, headers, _) =
        server.request("DELETE", "/api/session", &[("Cookie", &second)], None);
    assert_eq!(status, 204);
    assert!(set_cookie(&headers).unwrap().contains("Max-Age=0"));
    assert_eq!(me(&server, &second).0, 401);
    assert_eq!(me(&server, &ann).0, 200);
    let (_, third, _) = sign_in(&server, "ann", "correct horse");
    let third = third.unwrap();
    let (status, _, _) = server.request("DELETE", "/api/sessions", &[("Cookie", &third)], None);
    assert_eq!(status, 204);
    assert_eq!(me(&server, &ann).0, 401);
    assert_eq!(me(&server, &third).0, 401);

    // Attempts at one name are limited, even with the right password after them.
    let carol = sign_up(&server, "carol", "carol's password");
    for _ in 0..5 {
        assert_eq!(sign_in(&server, "carol", "a guess at it").0, 401);
    }
    let (status, _, body) = sign_in(&server, "carol", "carol's password");
    assert_eq!(
        (status, body["error"].as_str()),
        (429, Some("rate_limited"))
    );

    // Deleting the account needs its password; then nothing signs in to it and its name stays taken.
    let (status, _, _) = server.request(
        "DELETE",
        "/api/account",
        &[("Cookie", &carol)],
        Some(&json!({"password": "not it"})),
    );
    assert_eq!(status, 429, "the name's attempts are used up");
    let dan = sign_up(&server, "dan", "dan's password");
    let (status, _, _) = server.request(
        "DELETE",
        "/api/account",
        &[("Cookie", &dan)],
        Some(&json!({"password": "not it at all"})),
    );
    assert_eq!(status, 401);
    let (status, _, _) = server.request(
        "DELETE",
        "/api/account",
        &[("Cookie", &dan)],
        Some(&json!({"password": "dan's password"})),
    );
    assert_eq!(status, 204);
    assert_eq!(me(&server, &dan).0, 401);
    assert_eq!(sign_in(&server, "dan", "dan's password").0, 401);
    let (status, _, _) = server.request("GET", "/api/players/dan", &[], None);
    assert_eq!(status, 404);
    let (status, _, body) = server.request(
        "POST",
        "/api/account",
        &[],
        Some(&json!({"name": "Dan", "password": "dan's password"})),
    );
    assert_eq!(
        (status, body["error"].as_str()),
        (409, Some("account_exists"))
    );

    // The lobby's socket is for a signed-in page of the server's own site.
    let url = format!("ws://{}/api/lobby/live", server.addr);
    match tungstenite::connect(url.as_str()) {
        Err(tungstenite::Error::Http(response)) => assert_eq!(response.status(), 401),
        other => panic!("a lobby socket without a session: {:?}", other.map(|_| ())),
    }
}

/// The lobby's socket of a signed-in page.
fn lobby(server: &Server, cookie: &str) -> Socket {
    let mut request = format!("ws://{}/api/lobby/live", server.addr)
        .into_client_request()
        .unwrap();
    request
        .headers_mut()
        .insert("Cookie", cookie.parse().unwrap());
    let (socket, _) = tungstenite::connect(request).unwrap();
    socket
}

/// Glicko-2 for one game, written again here from Glickman's paper (so that the server's is checked against
/// another's): the player's new rating and deviation.
fn glicko(player: (f64, f64, f64), opponent: (f64, f64), score: f64) -> (f64, f64) {
    let scale = 173.7178;
    let (mu, phi, sigma) = ((player.0 - 1500.0) / scale, player.1 / scale, player.2);
    let (mu_j, phi_j) = ((opponent.0 - 1500.0) / scale, opponent.1 / scale);
    let g = 1.0 / (1.0 + 3.0 * phi_j * phi_j / std::f64::consts::PI.powi(2)).sqrt();
    let e = 1.0 / (1.0 + (-g * (mu - mu_j)).exp());
    let v = 1.0 / (g * g * e * (1.0 - e));
    let delta = v * g * (score - e);
    let tau: f64 = 0.5;
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex).powi(2))
            - (x - a) / (tau * tau)
    };
    let (mut lo, mut hi) = (a, 0.0);
    if delta * delta > phi * phi + v {
        hi = (delta * delta - phi * phi - v).ln();
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 {
            k += 1.0;
        }
        hi = hi.min(a - k * tau);
    }
    let (mut f_lo, mut f_hi) = (f(lo), f(hi));
    while (hi - lo).abs() > 1e-6 {
        let c = lo + (lo - hi) * f_lo / (f_hi - f_lo);
        let f_c = f(c);
        if f_c * f_hi <= 0.0 {
            lo = hi;
            f_lo = f_hi;
        } else {
            f_lo /= 2.0;
        }
        hi = c;
        f_hi = f_c;
    }
    let sigma = (lo / 2.0).exp();
    let phi_star = (phi * phi + sigma * sigma).sqrt();
    let phi = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
    let mu = mu + phi * phi * g * (score - e);
    (mu * scale + 1500.0, phi * scale)
}

#[test]
fn two_accounts_paired_in_the_lobby_play_a_rated_game_and_their_ratings_move() {
    let dir = TempDir::new("rated");
    let db = dir.0.join("s.db");
    let server = Server::start(&db, &[]);
    let ann = sign_up(&server, "ann", "ann's password");
    let bob = sign_up(&server, "bob", "bob's password");
    let mut ann_lobby = lobby(&server, &ann);
    let mut bob_lobby = lobby(&server, &bob);
    assert_eq!(next(&mut ann_lobby, 5)["account"]["name"], "ann");
    assert_eq!(next(&mut bob_lobby, 5)["type"], "welcome");
    // Then the open challenges: none.
    assert_eq!(
        next(&mut ann_lobby, 5),
        json!({"type": "challenges", "challenges": []})
    );
    next(&mut bob_lobby, 5);
    let seek =
        json!({"type": "seek", "clock": {"initial_s": 300, "increment_s": 3}, "rated": true});
    ann_lobby.send(Message::text(seek.to_string())).unwrap();
    assert_eq!(
        next(&mut ann_lobby, 5),
        json!({"type": "seeking", "category": "blitz", "rated": true, "range": 100})
    );
    bob_lobby.send(Message::text(seek.to_string())).unwrap();
    assert_eq!(next(&mut bob_lobby, 5)["type"], "seeking");
    let ann_paired = next(&mut ann_lobby, 5);
    let bob_paired = next(&mut bob_lobby, 5);
    assert_eq!(ann_paired["type"], "paired", "{ann_paired}");
    assert_eq!(ann_paired["game"], bob_paired["game"]);
    assert_eq!(ann_paired["opponent"], "bob");
    assert_eq!(bob_paired["opponent"], "ann");
    assert_ne!(ann_paired["seat"], bob_paired["seat"]);
    let id = ann_paired["game"].as_str().unwrap().to_string();
    let game = server.get(&format!("/api/games/{id}"));
    assert_eq!(game["status"], "playing");
    assert_eq!(game["rated"], "blitz");
    assert_eq!(
        game["black"]["rating"],
        json!({"rating": 1500, "provisional": true})
    );

    // A seat's token holds its own game only.
    let (other, _, _) = server.human_game(None);
    let (status, refused) = server.post(
        &format!("/api/games/{other}/resign"),
        ann_paired["token"].as_str(),
        json!({}),
    );
    assert_eq!(
        (status, refused["error"].as_str()),
        (403, Some("not_a_seat"))
    );

    // Black plays, then White resigns: Black wins.
    let (black, white) = if ann_paired["seat"] == "black" {
        (&ann_paired, &bob_paired)
    } else {
        (&bob_paired, &ann_paired)
    };
    let (status, _) = server.post(
        &format!("/api/games/{id}/moves"),
        black["token"].as_str(),
        json!({"square": "d3", "ply": 0}),
    );
    assert_eq!(status, 200);
    let (status, ended) = server.post(
        &format!("/api/games/{id}/resign"),
        white["token"].as_str(),
        json!({}),
    );
    assert_eq!(status, 200, "{ended}");
    assert_eq!(ended["result"]["winner"], "black");
    let start = (1500.0, 350.0, 0.06);
    let (black_rating, black_deviation) = glicko(start, (1500.0, 350.0), 1.0);
    let (white_rating, _) = glicko(start, (1500.0, 350.0), 0.0);
    let shown = |r: f64| r.round() as i64;
    assert_eq!(
        ended["black"]["rating"]["change"],
        shown(black_rating) - 1500
    );
    assert_eq!(
        ended["white"]["rating"]["change"],
        shown(white_rating) - 1500
    );
    assert!(
        ended["black"]["rating"]["change"].as_i64().unwrap() > 100,
        "{ended}"
    );

    // Kept across a crash: the players' pages read them back.
    server.kill();
    let server = Server::start(&db, &[]);
    let black_name = if black["opponent"] == "ann" {
        "bob"
    } else {
        "ann"
    };
    let page = server.get(&format!("/api/players/{black_name}"));
    let rating = &page["ratings"][0];
    assert_eq!(rating["category"], "blitz");
    assert!(
        (rating["rating"].as_f64().unwrap() - black_rating).abs() < 1e-6,
        "{page}"
    );
    assert!(
        (rating["deviation"].as_f64().unwrap() - black_deviation).abs() < 1e-6,
        "{page}"
    );
    assert_eq!(rating["provisional"], true);
    assert_eq!(rating["games"], 1);
    assert_eq!(page["record"], json!({"wins": 1, "draws": 0, "losses": 0}));
    assert_eq!(page["history"].as_array().unwrap().len(), 1);
    assert_eq!(page["games"][0]["id"], id);
    assert_eq!(page["games"][0]["outcome"], "win");
    assert_eq!(page["games"][0]["side"], "black");
    assert_eq!(page["games"][0]["change"], shown(black_rating) - 1500);
    let loser = server.get(&format!(
        "/api/players/{}",
        black["opponent"].as_str().unwrap()
    ));
    assert_eq!(loser["record"]["losses"], 1);
    assert_eq!(loser["games"][0]["outcome"], "loss");
    // One game leaves both provisional: on the leaderboard marked so, the winner first.
    let board = server.get("/api/leaderboard/blitz");
    let leaders = board["leaders"].as_array().unwrap();
    assert_eq!(leaders.len(), 2, "{board}");
    assert_eq!(leaders[0]["name"], black_name);
    assert_eq!(leaders[0]["rank"], 1);
    assert!(leaders.iter().all(|l| l["provisional"] == true), "{board}");
    let (status, _, _) = server.request("GET", "/api/leaderboard/hyperbullet", &[], None);
    assert_eq!(status, 400);
    // The finished game shows the changes too.
    let game = server.get(&format!("/api/games/{id}"));
    assert_eq!(
        game["black"]["rating"]["change"],
        shown(black_rating) - 1500
    );
}

#[test]
fn a_seek_waits_for_a_partner_goes_with_its_page_and_one_account_is_never_paired_with_itself() {
    let dir = TempDir::new("seeks");
    let server = Server::start(&dir.0.join("s.db"), &[]);
    let ann = sign_up(&server, "ann", "ann's password");
    let bob = sign_up(&server, "bob", "bob's password");
    let seek =
        json!({"type": "seek", "clock": {"initial_s": 60, "increment_s": 0}, "rated": false});
    // Two pages of one account: the second's seek replaces the first's.
    let mut first = lobby(&server, &ann);
    let mut second = lobby(&server, &ann);
    for socket in [&mut first, &mut second] {
        assert_eq!(next(socket, 5)["type"], "welcome");
        assert_eq!(next(socket, 5)["type"], "challenges");
    }
    first.send(Message::text(seek.to_string())).unwrap();
    assert_eq!(next(&mut first, 5)["category"], "bullet");
    second.send(Message::text(seek.to_string())).unwrap();
    assert_eq!(next(&mut first, 5)["type"], "cancelled");
    assert_eq!(next(&mut second, 5)["type"], "seeking");
    // A malformed message is refused, the socket kept.
    second.send(Message::text("{\"type\":\"dance\"}")).unwrap();
    assert_eq!(next(&mut second, 5)["error"], "bad_request");
    // The page closes: its seek goes; bob's then waits alone.
    drop(second);
    std::thread::sleep(std::time::Duration::from_millis(600));
    let mut bob_lobby = lobby(&server, &bob);
    next(&mut bob_lobby, 5);
    next(&mut bob_lobby, 5);
    bob_lobby.send(Message::text(seek.to_string())).unwrap();
    assert_eq!(next(&mut bob_lobby, 5)["type"], "seeking");
    // Nothing comes within 1.5 s (a seek's tick is 250 ms): no partner.
    if let tungstenite::stream::MaybeTlsStream::Plain(stream) = bob_lobby.get_mut() {
        stream
            .set_read_timeout(Some(std::time::Duration::from_millis(1500)))
            .unwrap();
    }
    match bob_lobby.read() {
        Ok(Message::Text(text)) => panic!("paired with a page that had gone: {text}"),
        Ok(other) => panic!("{other:?}"),
        Err(_) => {}
    }
    // A cancel is answered.
    bob_lobby
        .send(Message::text("{\"type\":\"cancel\"}"))
        .unwrap();
    assert_eq!(next(&mut bob_lobby, 5)["type"], "cancelled");
}

/// A `reversi bot` process, stopped when dropped.
struct BotProcess(std::process::Child);

impl Drop for BotProcess {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// `reversi bot` at level 1 (quick moves) under `name`, with a registered bot's token from the environment.
fn run_bot(server: &Server, name: &str, token: Option<&str>) -> BotProcess {
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_reversi"));
    command
        .args([
            "bot",
            "--url",
            &format!("ws://{}/ws", server.addr),
            "--name",
            name,
        ])
        .args(["--level", "1", "--move-time-ms", "50"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .env_remove("REVERSI_BOT_TOKEN");
    if let Some(token) = token {
        command.env("REVERSI_BOT_TOKEN", token);
    }
    BotProcess(command.spawn().expect("reversi bot starts"))
}

/// The upgrade's answer to a bot's connection under `name` with `token` (101 when it is taken).
fn bot_connects(server: &Server, name: &str, token: Option<&str>) -> u16 {
    let mut request = format!("ws://{}/ws?name={name}", server.addr)
        .into_client_request()
        .unwrap();
    if let Some(token) = token {
        request
            .headers_mut()
            .insert("Authorization", format!("Bearer {token}").parse().unwrap());
    }
    match tungstenite::connect(request) {
        Ok(_) => 101,
        Err(tungstenite::Error::Http(response)) => response.status().as_u16(),
        Err(other) => panic!("{other}"),
    }
}

#[test]
fn registered_bots_keep_their_names_play_the_ladder_and_their_author_reads_each_games_log() {
    let dir = TempDir::new("ladder");
    let server = Server::start(&dir.0.join("s.db"), &[]);
    let author = sign_up(&server, "maker", "maker's password");
    let stranger = sign_up(&server, "eve", "eve's password");
    let register = |cookie: &str, name: &str| {
        server.request(
            "POST",
            "/api/bots/registered",
            &[("Cookie", cookie)],
            Some(&json!({ "name": name })),
        )
    };
    let (status, _, alpha) = register(&author, "alpha");
    assert_eq!(status, 201, "{alpha}");
    let (_, _, beta) = register(&author, "beta");
    let (status, _, taken) = register(&stranger, "Alpha");
    assert_eq!(
        (status, taken["error"].as_str()),
        (409, Some("account_exists"))
    );
    let (status, _, _) = server.request(
        "POST",
        "/api/bots/registered",
        &[],
        Some(&json!({"name": "gamma"})),
    );
    assert_eq!(status, 401, "registering needs an account");
    let alpha_token = alpha["token"].as_str().unwrap().to_string();
    let beta_token = beta["token"].as_str().unwrap().to_string();
    assert_eq!(alpha_token.len(), 64);

    // The name is the bot's: refused without its token or with another's; a seed-format bot's name is free.
    assert_eq!(bot_connects(&server, "alpha", None), 403);
    assert_eq!(bot_connects(&server, "alpha", Some(&beta_token)), 403);
    assert_eq!(bot_connects(&server, "unregistered", None), 101);

    // Both connect with their tokens and the ladder pairs them.
    let _alpha = run_bot(&server, "alpha", Some(&alpha_token));
    let _beta = run_bot(&server, "beta", Some(&beta_token));
    let page = server.wait_for("/api/players/alpha", 60, |page| {
        page["games"]
            .as_array()
            .is_some_and(|games| games.iter().any(|g| !g["outcome"].is_null()))
    });
    let game = page["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| !g["outcome"].is_null())
        .unwrap()
        .clone();
    assert_eq!(game["rated"], "ladder");
    assert_eq!(game["opponent"], "beta");
    let id = game["id"].as_str().unwrap();
    // While it is connected, the name cannot be taken by another connection, even with the token.
    assert_eq!(bot_connects(&server, "alpha", Some(&alpha_token)), 409);

    // The author reads the game's log: every request, its answer and the time it took.
    let path = format!("/api/bots/alpha/games/{id}/log");
    let (status, _, log) = server.request("GET", &path, &[("Cookie", &author)], None);
    assert_eq!(status, 200, "{log}");
    let entries = log["entries"].as_array().unwrap();
    assert!(!entries.is_empty());
    for entry in entries {
        assert!(
            entry["sent"].as_str().unwrap().contains("\"key\""),
            "{entry}"
        );
        assert!(
            entry["answer"].as_str().unwrap().contains("\"key\""),
            "{entry}"
        );
        assert_eq!(entry["verdict"], "ok");
        assert!(entry["ms"].as_u64().unwrap() < 3000);
    }
    // Plies rise, each the bot's own turn.
    let plies: Vec<u64> = entries.iter().map(|e| e["ply"].as_u64().unwrap()).collect();
    assert!(plies.windows(2).all(|w| w[0] < w[1]), "{plies:?}");
    // Nobody else reads it.
    let (status, _, _) = server.request("GET", &path, &[("Cookie", &stranger)], None);
    assert_eq!(status, 404);
    let (status, _, _) = server.request("GET", &path, &[], None);
    assert_eq!(status, 401);

    // The ladder's standings: both bots, rated.
    let board = server.get("/api/leaderboard/ladder");
    let names: Vec<&str> = board["leaders"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["name"].as_str().unwrap())
        .collect();
    assert_eq!(names.len(), 2, "{board}");
    assert!(names.contains(&"alpha") && names.contains(&"beta"));
}

#[test]
fn an_open_challenge_is_listed_to_every_page_accepted_within_its_range_and_goes_with_its_page() {
    let dir = TempDir::new("challenges");
    let server = Server::start(&dir.0.join("s.db"), &[]);
    let ann = sign_up(&server, "ann", "ann's password");
    let bob = sign_up(&server, "bob", "bob's password");
    let cat = sign_up(&server, "cat", "cat's password");
    let open = |cookie: &str| {
        let mut socket = lobby(&server, cookie);
        assert_eq!(next(&mut socket, 5)["type"], "welcome");
        assert_eq!(next(&mut socket, 5)["type"], "challenges");
        socket
    };
    let (mut a, mut b, mut c) = (open(&ann), open(&bob), open(&cat));
    // Ann challenges: 10+5, casual, she plays white, ratings 1400 to 1600.
    let challenge = json!({"type": "challenge", "clock": {"initial_s": 600, "increment_s": 5},
        "rated": false, "color": "white", "min_rating": 1400, "max_rating": 1600});
    a.send(Message::text(challenge.to_string())).unwrap();
    let id = next(&mut a, 5);
    assert_eq!(id["type"], "challenging");
    let id = id["id"].as_str().unwrap().to_string();
    let listed = next(&mut b, 5);
    assert_eq!(
        listed,
        json!({"type": "challenges", "challenges": [{"id": id, "name": "ann", "rating": 1500,
            "provisional": true, "clock": {"initial_s": 600.0, "increment_s": 5.0}, "category": "rapid",
            "rated": false, "color": "white", "min_rating": 1400, "max_rating": 1600}]})
    );
    assert_eq!(next(&mut c, 5), listed);
    assert_eq!(next(&mut a, 5), listed, "one's own is listed too");
    // One's own cannot be accepted; one gone cannot either.
    a.send(Message::text(
        json!({"type": "accept", "id": id}).to_string(),
    ))
    .unwrap();
    assert_eq!(next(&mut a, 5)["error"], "out_of_range");
    c.send(Message::text(
        json!({"type": "accept", "id": "nope"}).to_string(),
    ))
    .unwrap();
    assert_eq!(next(&mut c, 5)["error"], "challenge_gone");
    // Bob accepts (1500, within the range): Ann is White as she chose; everyone hears the list emptied.
    b.send(Message::text(
        json!({"type": "accept", "id": id}).to_string(),
    ))
    .unwrap();
    let mut bob_paired = next(&mut b, 5);
    if bob_paired["type"] == "challenges" {
        bob_paired = next(&mut b, 5);
    }
    assert_eq!(bob_paired["type"], "paired", "{bob_paired}");
    assert_eq!(bob_paired["seat"], "black");
    assert_eq!(bob_paired["opponent"], "ann");
    assert_eq!(
        next(&mut c, 5),
        json!({"type": "challenges", "challenges": []})
    );
    let game = server.get(&format!(
        "/api/games/{}",
        bob_paired["game"].as_str().unwrap()
    ));
    assert_eq!(game["white"]["name"], "ann");
    assert!(game.get("rated").is_none(), "casual: {game}");
    // Cat challenges, then closes the page: the challenge is withdrawn, and the others hear it.
    let challenge =
        json!({"type": "challenge", "clock": {"initial_s": 60, "increment_s": 0}, "rated": true});
    c.send(Message::text(challenge.to_string())).unwrap();
    assert_eq!(next(&mut c, 5)["type"], "challenging");
    let mut listed = next(&mut a, 5);
    while listed["challenges"].as_array().is_none_or(|l| l.is_empty()) {
        listed = next(&mut a, 5);
    }
    assert_eq!(listed["challenges"][0]["name"], "cat");
    drop(c);
    assert_eq!(
        next(&mut a, 5),
        json!({"type": "challenges", "challenges": []})
    );
}
