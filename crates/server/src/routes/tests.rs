use super::*;

#[test]
fn a_browser_socket_must_name_the_servers_own_host() {
    let mut headers = HeaderMap::new();
    headers.insert(header::HOST, HeaderValue::from_static("127.0.0.1:8080"));
    assert_eq!(check_origin(&headers), Ok(()), "no Origin: not a browser");
    headers.insert(
        header::ORIGIN,
        HeaderValue::from_static("http://127.0.0.1:8080"),
    );
    assert_eq!(check_origin(&headers), Ok(()));
    for other in [
        "http://evil.example",
        "http://127.0.0.1:9090",
        "null",
        "file://",
    ] {
        headers.insert(header::ORIGIN, HeaderValue::from_static(other));
        assert_eq!(check_origin(&headers), Err(ApiError::BadOrigin), "{other}");
    }
}

#[test]
fn a_clock_is_checked() {
    assert_eq!(clock_of(None), Ok(None));
    let clock = clock_of(Some(ClockSpec {
        initial_s: 300.0,
        increment_s: 2.0,
    }));
    assert_eq!(
        clock,
        Ok(Some(Clock {
            initial_ms: 300_000,
            increment_ms: 2_000
        }))
    );
    for (initial_s, increment_s) in [
        (0.0, 0.0),
        (-5.0, 0.0),
        (1e9, 0.0),
        (60.0, -1.0),
        (60.0, 1e6),
    ] {
        assert!(clock_of(Some(ClockSpec {
            initial_s,
            increment_s
        }))
        .is_err());
    }
}
