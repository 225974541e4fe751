//! A theme file is shared like a map, so its CSS is untrusted: hostile themes (closing the
//! `<style>` element, `@import`, `url(...)`, escapes, entities, nested blocks) must produce no
//! script, no request outside the page and a well-formed SVG, in every output that carries the
//! theme (the board SVG and the HTML page, whose style the print sheets share, and the ticket sheet).
//!
//! The theme goes through `Theme::parse`, the parser every theme goes through (`render` itself
//! refuses a theme file that needed anything dropped; `tests/reliability_theme.rs` tests that).
//! A listener on a loopback port stands for "outside": every hostile URL points at it, and it
//! counts the connections the browser makes.

use super::chromium;
use std::io::Read;
use std::net::TcpListener;
use std::path::Path;
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use ttrmap::render::{Layout, Paper, Theme};

/// This file's tests, run by `main.rs` when a browser is found.
pub const TESTS: &[super::BrowserTest] = &[(
    "hostile_themes_run_no_script_fetch_nothing_and_stay_well_formed",
    hostile_themes_run_no_script_fetch_nothing_and_stay_well_formed,
)];

/// Counts TCP connections on a loopback port until dropped.
struct Listener {
    port: u16,
    /// The request line of each connection (`GET /t3/import.css HTTP/1.1`), or `?`.
    hits: Arc<Mutex<Vec<String>>>,
    stop: Arc<AtomicBool>,
}

impl Listener {
    fn start() -> Listener {
        let socket = TcpListener::bind("127.0.0.1:0").expect("a loopback port");
        socket.set_nonblocking(true).unwrap();
        let port = socket.local_addr().unwrap().port();
        let hits = Arc::new(Mutex::new(Vec::new()));
        let stop = Arc::new(AtomicBool::new(false));
        let (h, s) = (Arc::clone(&hits), Arc::clone(&stop));
        std::thread::spawn(move || {
            while !s.load(Ordering::Relaxed) {
                match socket.accept() {
                    Ok((mut conn, _)) => {
                        let _ = conn.set_nonblocking(false);
                        let _ = conn.set_read_timeout(Some(std::time::Duration::from_millis(500)));
                        let mut buf = [0u8; 1024];
                        let n = conn.read(&mut buf).unwrap_or(0);
                        let text = String::from_utf8_lossy(&buf[..n]);
                        let line = text.lines().next().unwrap_or("?").to_string();
                        h.lock().unwrap().push(line);
                    }
                    Err(_) => std::thread::sleep(std::time::Duration::from_millis(5)),
                }
            }
        });
        Listener { port, hits, stop }
    }
}

impl Drop for Listener {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// Hostile theme files; `URL` is replaced by the listener's address.
const HOSTILE: &[&str] = &[
    "</style><script>alert(1)</script><style>",
    ":root { --red: #f00; } </style><script>alert(2)</script>",
    ":root { --ink: #000</style><script>alert(3)</script>; }",
    ".city-label { font-family: 'x</style><script>alert(4)</script>'; }",
    ".space { fill: red; } <img src=x onerror=alert(5)>",
    "@import url(URL/import.css);",
    "@import 'URL/import2.css';",
    ":root { background-image: url(URL/root-bg); }",
    ".board { fill: url(URL/fill#p); background: url('URL/quoted'); }",
    ".board { background: u\\72l(URL/escaped); }",
    ".board { background: \\75rl(URL/escaped2); }",
    ":root { --paper: url(URL/var); } .background-paper { fill: var(--paper); }",
    "@font-face { font-family: X; src: url(URL/font.ttf); } .city-label { font-family: X; }",
    ".board { background: -webkit-image-set(url(URL/set) 1x); cursor: url(URL/cursor), auto; }",
    ".board { .space { background: url(URL/nested); } }",
    ".a { fill: red & blue; } ]]> <![CDATA[ x",
    ".a { fill: red; } .b { fill: expression(alert(6)); }",
    ".space { behavior: url(URL/x.htc); -moz-binding: url(URL/xbl); }",
    "svg, html { background: url(//PORT-HOST/protocol-relative); }",
    ":root { --font: 'Noto Sans', sans-serif; } .city-label { font-family: var(--font); } </style><svg onload=alert(7)>",
];

const MAP: &str = r##"
[map]
id = "theme"
name = "Theme test"
players = { min = 2, max = 5 }
board = { width = 800, height = 500 }

[[cities]]
id = "alpha"
name = "Alpha"
position = [100, 100]

[[cities]]
id = "gamma"
name = "Gamma"
position = [600, 150]

[[routes]]
from = "alpha"
to = "gamma"
length = 5
colors = ["red", "blue"]

[[tickets]]
from = "alpha"
to = "gamma"
points = 8
"##;

/// An SVG document shown inline in an HTML page (the most permissive place for it: HTML's
/// parser, scripts allowed), so the harness can count what it runs and fetches.
fn inline(svg: &str) -> String {
    let svg = svg.trim_start_matches(|c| c != '<');
    let svg = svg
        .strip_prefix("<?xml")
        .map_or(svg, |rest| &rest[rest.find("?>").map_or(0, |i| i + 2)..]);
    format!("<!DOCTYPE html><html><head></head><body>{svg}</body></html>")
}

/// Forces style and layout, so that every stylesheet and image the page names is asked for
/// within the browser's virtual time budget.
const PROBE: &str = "r.height=document.body.offsetHeight;";

pub fn hostile_themes_run_no_script_fetch_nothing_and_stay_well_formed(chromium: &Path) {
    let listener = Listener::start();
    let url = format!("http://127.0.0.1:{}", listener.port);
    let loaded = ttrmap::load::load_str("theme.toml", MAP);
    assert!(!loaded.has_errors(), "{:?}", loaded.diagnostics);
    let map = loaded.map.unwrap();
    let mut pages = Vec::new();
    for (k, text) in HOSTILE.iter().enumerate() {
        let text = text
            .replace("URL", &format!("{url}/t{k}"))
            .replace("PORT-HOST", &format!("127.0.0.1:{}", listener.port));
        let theme = Theme::parse("hostile", &text);
        let layout = Layout::compute(&map, &theme.sizes());
        let board = ttrmap::render::svg::board(&map, &layout, &theme, false);
        let tickets = ttrmap::render::tickets::sheet(
            &map,
            &layout,
            &theme,
            Default::default(),
            Paper::default(),
        );
        for (what, svg) in [("board", &board), ("tickets", &tickets)] {
            if let Err(e) = roxmltree::Document::parse(svg) {
                panic!("theme {k} ({text}): the {what} SVG is not well-formed: {e}");
            }
        }
        // Every output embeds the same `theme.css()`: the HTML page (the board inline, as the
        // print sheets also draw it) with the ticket sheet's SVG inline after it.
        let page = ttrmap::render::html::page(&map, &layout, &board);
        let body = page.rfind("</body>").expect("the page has a body");
        let tickets = inline(&tickets);
        let tickets = &tickets[tickets.find("<svg").unwrap()..tickets.rfind("</body>").unwrap()];
        pages.push((
            format!("{k}: {text}"),
            format!("{}{tickets}{}", &page[..body], &page[body..]),
        ));
    }
    // The watch itself: a page that does fetch the outside address is seen doing so.
    let control = format!(
        "<!DOCTYPE html><html><head></head><body><div style=\"width:9px;height:9px;background:url({url}/control)\"></div></body></html>"
    );
    chromium::run(chromium, "theme-control", &control, PROBE);
    std::thread::sleep(std::time::Duration::from_millis(300));
    let seen = std::mem::take(&mut *listener.hits.lock().unwrap());
    assert!(
        seen.iter().any(|l| l.contains("/control")),
        "the listener saw no request from the control page: {seen:?}"
    );
    // Four browsers at a time: each page takes 2.5 s or more of (mostly idle) wall time.
    let pages = Mutex::new(pages);
    std::thread::scope(|s| {
        for _ in 0..4 {
            s.spawn(|| {
                while let Some((what, page)) = pages.lock().unwrap().pop() {
                    let tag = format!("theme-{}", what.split(':').next().unwrap());
                    let r = chromium::run(chromium, &tag, &page, PROBE);
                    assert_eq!(r["alerts"], 0, "theme {what}: {r}");
                    assert_eq!(r["errors"], serde_json::json!([]), "theme {what}: {r}");
                }
            });
        }
    });
    // Give a late request time to arrive before counting.
    std::thread::sleep(std::time::Duration::from_millis(200));
    let seen = listener.hits.lock().unwrap().clone();
    assert_eq!(
        seen,
        Vec::<String>::new(),
        "the browser asked the outside address for these (`/tK/`: theme K)"
    );
}
