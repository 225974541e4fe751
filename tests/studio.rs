//! `ttrmap studio` without a browser: what the server refuses (no token, another Host or
//! Origin: 403), what it serves with the token, that a drag from a page that read an older
//! file is refused and writes nothing, and that Ctrl-C stops it.

use crate::common;
use crate::common::studio;

use common::TempDir;
use studio::Studio;

fn castilla_copy(tag: &str) -> (TempDir, std::path::PathBuf) {
    let dir = TempDir::new(tag);
    let map = dir.0.join("castilla.toml");
    std::fs::copy("maps/castilla.toml", &map).unwrap();
    (dir, map)
}

#[test]
fn requests_without_the_token_or_from_another_host_get_403() {
    let (_dir, map) = castilla_copy("studio-guard");
    let s = Studio::start(&map);
    let host = s.host();
    let with = format!("/api/state?token={}", s.token);
    let (code, body) = s.request("GET", &with, &[("Host", &host)], "");
    assert_eq!(code, 200);
    assert!(
        body.contains("\"board\":\"<svg"),
        "the state holds the board"
    );
    for path in ["/", "/api/state", "/api/state?token=0", "/studio.js"] {
        assert_eq!(
            s.request("GET", path, &[("Host", &host)], "").0,
            403,
            "{path}"
        );
    }
    let evil = format!("evil.example:{}", s.port);
    assert_eq!(s.request("GET", &with, &[("Host", &evil)], "").0, 403);
    assert_eq!(s.request("GET", &with, &[], "").0, 403, "no Host at all");
    let other = [("Host", host.as_str()), ("Origin", "http://evil.example")];
    assert_eq!(s.request("GET", &with, &other, "").0, 403);
    let page = format!("/?token={}", s.token);
    let (code, body) = s.request("GET", &page, &[("Host", &host)], "");
    assert_eq!(code, 200);
    assert!(body.contains(&format!("/studio.js?token={}", s.token)));
}

#[test]
fn a_drag_from_a_page_of_an_older_file_writes_nothing() {
    let (_dir, map) = castilla_copy("studio-stale");
    let s = Studio::start(&map);
    let before = std::fs::read(&map).unwrap();
    let path = format!("/api/position?token={}", s.token);
    let body = r#"{"index":0,"id":"leon","position":[1,2],"stamp":"0000000000000000"}"#;
    let (code, answer) = s.request("POST", &path, &[("Host", &s.host())], body);
    assert_eq!(code, 409, "{answer}");
    assert!(answer.contains("\"reload\":true"), "{answer}");
    assert_eq!(std::fs::read(&map).unwrap(), before);
}

#[cfg(unix)]
#[test]
fn ctrl_c_stops_the_studio() {
    let (_dir, map) = castilla_copy("studio-stop");
    let mut s = Studio::start(&map);
    // An event stream is open, as a page keeps one: it must not hold the server up.
    let port = s.port;
    let token = s.token.clone();
    let host = s.host();
    std::thread::spawn(move || {
        use std::io::{Read, Write};
        let mut c = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
        let req = format!("GET /api/events?token={token} HTTP/1.1\r\nHost: {host}\r\n\r\n");
        c.write_all(req.as_bytes()).unwrap();
        let mut buf = [0u8; 256];
        while c.read(&mut buf).is_ok_and(|n| n > 0) {}
    });
    std::thread::sleep(std::time::Duration::from_millis(300));
    let status = s
        .interrupt(std::time::Duration::from_secs(10))
        .expect("the studio stops on SIGINT");
    assert!(status.success(), "{status:?}");
    assert!(std::net::TcpStream::connect(("127.0.0.1", port)).is_err());
}
