//! The little HTTP the arena speaks: reading a request head, answering with a status and a body, and the
//! percent-decoding and HTML escaping its pages need. Nothing a client sends is trusted.

use std::collections::HashMap;
use std::io::{Read, Write};
use std::net::TcpStream;

/// An HTTP request head as the arena reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RequestHead {
    /// `GET`, `POST`, … (empty when missing).
    pub method: String,
    /// The path's non-empty segments, percent-decoded.
    pub segments: Vec<String>,
    /// The query's `key=value` pairs, values percent-decoded.
    pub query: HashMap<String, String>,
    /// Header names in lower case, values trimmed.
    pub headers: HashMap<String, String>,
}

impl RequestHead {
    /// Reads a request head (the request line and the headers); any text gives a head, the routing refuses
    /// what it does not know.
    pub fn parse(head: &str) -> RequestHead {
        let mut lines = head.lines();
        let request_line = lines.next().unwrap_or("");
        let mut parts = request_line.split_whitespace();
        let (method, target) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
        let headers = lines
            .filter_map(|l| l.split_once(':'))
            .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
            .collect();
        let (path, query) = target.split_once('?').unwrap_or((target, ""));
        let query = query
            .split('&')
            .filter_map(|kv| kv.split_once('='))
            .map(|(k, v)| (k.to_string(), decode(v, true)))
            .collect();
        let segments = path
            .split('/')
            .filter(|s| !s.is_empty())
            .map(|s| decode(s, false))
            .collect();
        RequestHead {
            method: method.to_string(),
            segments,
            query,
            headers,
        }
    }
}

/// Whether the request head asks for a WebSocket upgrade (RFC 6455: `Upgrade: websocket`, `Connection`
/// naming `Upgrade`, version 13, and a key).
pub(super) fn is_websocket_upgrade(headers: &HashMap<String, String>) -> bool {
    let has_token = |name: &str, token: &str| {
        headers
            .get(name)
            .is_some_and(|v| v.split(',').any(|t| t.trim().eq_ignore_ascii_case(token)))
    };
    has_token("upgrade", "websocket")
        && has_token("connection", "upgrade")
        && headers
            .get("sec-websocket-version")
            .is_some_and(|v| v.trim() == "13")
        && headers
            .get("sec-websocket-key")
            .is_some_and(|k| !k.trim().is_empty())
}

pub(super) fn read_head(stream: &mut TcpStream) -> Result<String, String> {
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        if head.len() > 16 * 1024 {
            return Err("request head too large".to_string());
        }
        match stream.read(&mut byte) {
            Ok(1) => head.push(byte[0]),
            Ok(_) => return Err("connection closed".to_string()),
            Err(e) => return Err(e.to_string()),
        }
    }
    String::from_utf8(head).map_err(|_| "request head is not UTF-8".to_string())
}

pub(super) fn respond(
    stream: &mut TcpStream,
    status: u16,
    content_type: &str,
    body: &str,
) -> Result<(), String> {
    let reason = match status {
        200 => "OK",
        202 => "Accepted",
        400 => "Bad Request",
        404 => "Not Found",
        409 => "Conflict",
        _ => "Error",
    };
    write!(
        stream,
        "HTTP/1.1 {status} {reason}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .map_err(|e| e.to_string())
}

/// Percent-decodes `text`; `+` stands for a space only in a query (`plus_is_space`), not in a path.
pub(super) fn decode(text: &str, plus_is_space: bool) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).ok();
            if let Some(b) = hex.and_then(|h| u8::from_str_radix(h, 16).ok()) {
                out.push(b);
                i += 3;
                continue;
            }
        }
        out.push(if plus_is_space && bytes[i] == b'+' {
            b' '
        } else {
            bytes[i]
        });
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

pub(super) fn html_escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plus_is_a_space_in_the_query_only() {
        let head = RequestHead::parse("GET /play/a+b/c%20d?name=x+y%21 HTTP/1.1\r\nHost: h\r\n");
        assert_eq!(head.segments, ["play", "a+b", "c d"]);
        assert_eq!(head.query["name"], "x y!");
    }
}
