//! The page's address for online play (`?online=ID`, `?online=ID&invite=CODE`, `?watch=ID`, as the server's
//! links are made) and the seats this device holds (each game's token, kept in the browser's storage), read
//! and written as plain text so that both are tested natively; anything unreadable reads as nothing.

use serde::{Deserialize, Serialize};

use super::wire::valid_id;

/// What an address asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Linked {
    /// The game.
    pub id: String,
    /// The invitation's code, if any.
    pub invite: Option<String>,
    /// A watch link.
    pub watch: bool,
}

/// Reads the address's query (`location.search`, with or without its `?`).
pub fn parse(search: &str) -> Option<Linked> {
    let mut online = None;
    let mut watch = None;
    let mut invite = None;
    for pair in search.trim_start_matches('?').split('&') {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        let value = Some(value.to_string()).filter(|v| valid_id(v));
        match key {
            "online" => online = value,
            "watch" => watch = value,
            "invite" => invite = value,
            _ => {}
        }
    }
    match (online, watch) {
        (Some(id), _) => Some(Linked {
            id,
            invite,
            watch: false,
        }),
        (None, Some(id)) => Some(Linked {
            id,
            invite: None,
            watch: true,
        }),
        (None, None) => None,
    }
}

/// The query naming a game (`?online=ID`, or `?watch=ID` for a watcher).
pub fn query(id: &str, watch: bool) -> String {
    if watch {
        format!("?watch={id}")
    } else {
        format!("?online={id}")
    }
}

/// The most seats kept (the oldest go first).
pub const MAX_SEATS: usize = 50;

/// The seats kept on this device, as the browser's storage holds them: each game's token (and the creator's
/// invitation), newest last, and the name last played under. Read leniently: an entry or a name that is not
/// what this page writes is skipped, never the others with it.
#[derive(Debug, Default, Serialize, Deserialize)]
struct KeptSeats {
    #[serde(default)]
    seats: Vec<Lenient<KeptSeat>>,
    #[serde(default)]
    name: Option<Lenient<String>>,
}

/// One game's seat kept.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct KeptSeat {
    id: String,
    token: String,
    #[serde(default)]
    invite: Option<String>,
}

/// A value as written, or anything else (skipped, and dropped at the next write).
#[derive(Debug, Serialize, Deserialize)]
#[serde(untagged)]
enum Lenient<T> {
    Read(T),
    #[serde(skip_serializing)]
    Other(serde::de::IgnoredAny),
}

impl KeptSeats {
    /// The stored text read; unreadable text reads as nothing kept.
    fn read(text: Option<&str>) -> KeptSeats {
        text.and_then(|t| serde_json::from_str(t).ok())
            .unwrap_or_default()
    }

    fn seats(&self) -> impl Iterator<Item = &KeptSeat> {
        self.seats.iter().filter_map(|s| match s {
            Lenient::Read(seat) => Some(seat),
            Lenient::Other(_) => None,
        })
    }

    fn seat(&self, id: &str) -> Option<&KeptSeat> {
        self.seats().find(|s| s.id == id)
    }

    fn name(&self) -> String {
        match &self.name {
            Some(Lenient::Read(name)) => name.clone(),
            _ => String::new(),
        }
    }

    fn written(seats: Vec<KeptSeat>, name: String) -> String {
        let kept = KeptSeats {
            seats: seats.into_iter().map(Lenient::Read).collect(),
            name: Some(Lenient::Read(name)),
        };
        serde_json::to_string(&kept).expect("the seats are always written")
    }
}

/// The token kept for `id` in the stored seats `text`.
pub fn token(text: Option<&str>, id: &str) -> Option<String> {
    KeptSeats::read(text).seat(id).map(|s| s.token.clone())
}

/// The invitation's code kept for `id` (the creator's), if any.
pub fn invite(text: Option<&str>, id: &str) -> Option<String> {
    KeptSeats::read(text)
        .seat(id)
        .and_then(|s| s.invite.clone())
        .filter(|code| valid_id(code))
}

/// The name kept with the seats (the last one played under).
pub fn name(text: Option<&str>) -> String {
    KeptSeats::read(text).name()
}

/// The stored seats `text` with the name to play under set.
pub fn set_name(text: Option<&str>, name: &str) -> String {
    let kept = KeptSeats::read(text);
    let seats = kept.seats().cloned().collect();
    KeptSeats::written(seats, name.chars().take(32).collect())
}

/// The stored seats `text` with `id`'s token (and the name, when given) kept, newest last, at most
/// [`MAX_SEATS`]; unreadable text starts afresh.
pub fn remember(
    text: Option<&str>,
    id: &str,
    token: &str,
    invite: Option<&str>,
    name: Option<&str>,
) -> String {
    let kept = KeptSeats::read(text);
    let mut seats: Vec<KeptSeat> = kept.seats().filter(|s| s.id != id).cloned().collect();
    seats.push(KeptSeat {
        id: id.to_string(),
        token: token.to_string(),
        invite: invite.map(str::to_string),
    });
    let over = seats.len().saturating_sub(MAX_SEATS);
    seats.drain(..over);
    let name = name.map_or_else(|| kept.name(), str::to_string);
    KeptSeats::written(seats, name)
}

/// How many seats keeping `id`'s in the stored `text` lets go (the oldest, past [`MAX_SEATS`]).
pub fn let_go(text: Option<&str>, id: &str) -> usize {
    let others = KeptSeats::read(text).seats().filter(|s| s.id != id).count();
    (others + 1).saturating_sub(MAX_SEATS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_servers_links_are_read() {
        assert_eq!(
            parse("?online=ab12&invite=c0de"),
            Some(Linked {
                id: "ab12".into(),
                invite: Some("c0de".into()),
                watch: false
            })
        );
        assert_eq!(
            parse("?watch=ab12"),
            Some(Linked {
                id: "ab12".into(),
                invite: None,
                watch: true
            })
        );
        assert_eq!(parse(""), None);
        assert_eq!(parse("?workers=2"), None);
        assert_eq!(parse("?online=../x"), None);
        assert_eq!(query("ab12", true), "?watch=ab12");
    }

    #[test]
    fn a_seat_past_the_fiftieth_lets_the_oldest_go_and_says_how_many() {
        let mut text: Option<String> = None;
        for i in 0..MAX_SEATS {
            let id = format!("g{i:03}");
            assert_eq!(let_go(text.as_deref(), &id), 0);
            text = Some(remember(text.as_deref(), &id, "t", None, None));
        }
        // The 51st lets the oldest go; a seat kept again (the same id) lets none go.
        assert_eq!(let_go(text.as_deref(), "new"), 1);
        assert_eq!(let_go(text.as_deref(), "g010"), 0);
        let after = remember(text.as_deref(), "new", "t", None, None);
        assert_eq!(token(Some(&after), "g000"), None);
        assert_eq!(token(Some(&after), "new").as_deref(), Some("t"));
    }

    #[test]
    fn seats_are_kept_newest_last_and_unreadable_text_starts_afresh() {
        let text = remember(None, "a1", "t1", Some("c0de"), Some("ann"));
        let text = remember(Some(&text), "b2", "t2", None, None);
        assert_eq!(invite(Some(&text), "a1").as_deref(), Some("c0de"));
        assert_eq!(invite(Some(&text), "b2"), None);
        assert_eq!(token(Some(&text), "a1").as_deref(), Some("t1"));
        assert_eq!(token(Some(&text), "b2").as_deref(), Some("t2"));
        assert_eq!(name(Some(&text)), "ann");
        let text = set_name(Some(&text), "bob");
        assert_eq!(name(Some(&text)), "bob");
        assert_eq!(token(Some(&text), "b2").as_deref(), Some("t2"));
        let text = remember(Some(&text), "a1", "t3", None, None);
        assert_eq!(token(Some(&text), "a1").as_deref(), Some("t3"));
        assert_eq!(token(Some("{not json"), "a1"), None);
        let fresh = remember(Some("[1,2"), "c3", "t", None, None);
        assert_eq!(token(Some(&fresh), "c3").as_deref(), Some("t"));
        let mut many = String::new();
        for n in 0..60 {
            many = remember(Some(&many), &format!("g{n}"), "t", None, None);
        }
        assert_eq!(token(Some(&many), "g5"), None);
        assert_eq!(token(Some(&many), "g59").as_deref(), Some("t"));
        // An entry or a name not as this page writes them is skipped, never the others with it.
        let odd = r#"{"seats":[{"id":"a1"},7,{"id":"b2","token":"t2"}],"name":5}"#;
        assert_eq!(token(Some(odd), "b2").as_deref(), Some("t2"));
        assert_eq!(token(Some(odd), "a1"), None);
        assert_eq!(name(Some(odd)), "");
        let kept = remember(Some(odd), "c3", "t3", None, Some("cy"));
        assert_eq!(token(Some(&kept), "b2").as_deref(), Some("t2"));
        assert_eq!(let_go(Some(&kept), "d4"), 0);
    }
}
