//! `ttrmap studio` in a real browser, driven through the DevTools protocol (`cdp.rs`): the
//! page shows the board; a route appended to the file appears without a reload; a typo shows
//! its diagnostic on its line and outlines its route; a syntax error keeps the last board,
//! greyed, with the error on top; dragging a city writes its `position` and nothing else; a
//! playtest started from the page finishes and paints the route heat; the page's own request
//! without the token is refused.
//!
//! With `TTRMAP_STUDIO_SCREENSHOT=FILE` the last test also writes a screenshot of the studio
//! on maps/castilla.toml there (docs/studio.png is made so).

use super::cdp::Browser;
use super::studio_process::Studio;
use std::path::Path;
use std::time::Instant;

pub const TESTS: &[super::BrowserTest] = &[
    (
        "edits_of_the_file_reach_the_page",
        edits_of_the_file_reach_the_page,
    ),
    (
        "a_playtest_from_the_page_paints_the_heat",
        a_playtest_from_the_page_paints_the_heat,
    ),
];

/// A small map: three cities, two routes, a comment to keep.
const MAP: &str = r#"# A map for the studio's test: this comment must survive a drag byte for byte.
[map]
id = "studio-test"
name = "Studio test"
version = "0.1.0"
players = { min = 2, max = 2 }
board = { width = 400, height = 300 }

[[cities]]
id = "north"
position = [100, 60]   # north's place

[[cities]]
id = "east"
position = [320, 150]

[[cities]]
id = "south"
position = [110, 240]

[[routes]]
from = "north"
to = "east"
length = 3
colors = ["red"]

[[routes]]
from = "east"
to = "south"
length = 3
colors = ["blue"]

[[tickets]]
from = "north"
to = "south"
points = 6
"#;

const APPENDED: &str =
    "\n[[routes]]\nfrom = \"north\"\nto = \"south\"\nlength = 2\ncolors = [\"green\"]\n";

fn edits_of_the_file_reach_the_page(chromium: &Path) {
    let dir = super::common::TempDir::new("studio-edits");
    let map = dir.0.join("test.toml");
    std::fs::write(&map, MAP).unwrap();
    let studio = Studio::start(&map);
    let mut b = Browser::open(chromium, &studio.url);

    // The board, drawn as `render` draws it.
    let routes = b.wait(
        "document.querySelectorAll('#st-board svg g.route').length",
        20,
    );
    assert_eq!(routes, 2, "the board's routes");

    // A route appended: on the page without a reload.
    let before = b.eval("window.__same = 1; document.body.dataset.version");
    let saved = Instant::now();
    std::fs::write(&map, format!("{MAP}{APPENDED}")).unwrap();
    let seen = b.wait(
        "document.querySelector('#st-board svg g.route[data-route=\"north-south\"]') !== null",
        10,
    );
    let latency = saved.elapsed();
    assert_eq!(seen, true, "the appended route is drawn");
    assert_eq!(b.eval("window.__same"), 1, "no reload");
    assert_ne!(b.eval("document.body.dataset.version"), before);
    eprintln!("studio: save to board update in {latency:?}");

    // A typo in its `to`: the diagnostic on the right line, the route outlined.
    let typo = format!(
        "{MAP}{}",
        APPENDED.replace("to = \"south\"", "to = \"sotuh\"")
    );
    let line = typo.lines().position(|l| l.contains("sotuh")).unwrap() + 1;
    std::fs::write(&map, &typo).unwrap();
    let found = b.wait(
        "(function(){var li=document.querySelector('#st-problems li[data-code=\"unknown-city\"]');return li&&[li.dataset.line,li.dataset.targetKind,li.dataset.targetId];})()",
        10,
    );
    assert_eq!(
        found,
        serde_json::json!([line.to_string(), "route", "north-south"])
    );
    let outlined = b.eval("document.querySelector('#st-board svg g.route[data-route=\"north-south\"]').classList.contains('st-problem')");
    assert_eq!(outlined, true);
    b.eval("document.querySelector('#st-problems li[data-code=\"unknown-city\"]').click(); 1");
    let excerpt = b.eval("document.getElementById('st-problem-excerpt').textContent");
    assert!(excerpt.as_str().unwrap().contains("sotuh"), "{excerpt}");
    let place = b.eval("document.getElementById('st-problem-where').textContent");
    assert!(
        place.as_str().unwrap().ends_with(&format!(":{line}:6")),
        "{place}"
    );

    // A syntax error: the last board stays, greyed, the error on top.
    std::fs::write(&map, format!("{MAP}{APPENDED}\nbroken = [\n")).unwrap();
    let stale = b.wait(
        "document.body.dataset.current === 'false' && !document.getElementById('st-banner').hidden && document.getElementById('st-banner').classList.contains('err')",
        10,
    );
    assert_eq!(stale, true);
    assert_eq!(
        b.eval("document.getElementById('st-board').classList.contains('stale')"),
        true
    );
    assert_eq!(
        b.eval("document.querySelectorAll('#st-board svg g.route').length"),
        3
    );
    let banner = b.eval("document.getElementById('st-banner-excerpt').textContent");
    assert!(banner.as_str().unwrap().contains("broken"), "{banner}");

    // Back to a good file, then a drag of `east`: only its `position` changes.
    let good = format!("{MAP}{APPENDED}");
    std::fs::write(&map, &good).unwrap();
    assert_eq!(b.wait("document.body.dataset.current === 'true'", 10), true);
    let version = b.eval("document.body.dataset.version");
    let at = b.eval("(function(){var r=document.querySelector('#st-board svg g[data-city=\"east\"] circle.city-marker').getBoundingClientRect();return [r.x+r.width/2,r.y+r.height/2];})()");
    let (x, y) = (at[0].as_f64().unwrap(), at[1].as_f64().unwrap());
    b.mouse("mousePressed", x, y);
    for step in 1..=5 {
        b.mouse("mouseMoved", x - 8.0 * step as f64, y + 6.0 * step as f64);
    }
    b.mouse("mouseReleased", x - 40.0, y + 30.0);
    let moved = b.wait(&format!("document.body.dataset.version !== {version}"), 10);
    assert_eq!(moved, true, "the page shows the file written");
    let written = std::fs::read_to_string(&map).unwrap();
    let changed: Vec<(&str, &str)> = good
        .lines()
        .zip(written.lines())
        .filter(|(a, b)| a != b)
        .collect();
    assert_eq!(written.lines().count(), good.lines().count());
    assert_eq!(changed.len(), 1, "{changed:?}");
    assert_eq!(changed[0].0, "position = [320, 150]");
    assert!(changed[0].1.starts_with("position = ["), "{:?}", changed[0]);
    assert!(
        written.starts_with(MAP.lines().next().unwrap()),
        "the comment is kept"
    );
    assert!(written.contains("position = [100, 60]   # north's place\n"));

    // The page's own request without the token is refused.
    let status = b.eval("fetch('/api/state').then(function(r){return r.status;})");
    assert_eq!(status, 403);
    let errors = b.eval("document.body.dataset.play || ''");
    assert_eq!(errors, "");
}

fn a_playtest_from_the_page_paints_the_heat(chromium: &Path) {
    let dir = super::common::TempDir::new("studio-play");
    let map = dir.0.join("castilla.toml");
    std::fs::copy("maps/castilla.toml", &map).unwrap();
    let studio = Studio::start(&map);
    let mut b = Browser::open(chromium, &studio.url);
    assert_eq!(b.wait("document.body.dataset.current === 'true'", 20), true);
    // A save redraws the board: how long from the save to the new board on the page.
    let drawn = b.eval("document.body.dataset.boardVersion");
    let saved = Instant::now();
    let mut text = std::fs::read_to_string(&map).unwrap();
    text.push_str("\n# saved again\n");
    std::fs::write(&map, text).unwrap();
    let redrawn = format!("document.body.dataset.boardVersion !== {drawn}");
    assert_eq!(b.wait(&redrawn, 10), true, "the board is drawn again");
    eprintln!(
        "studio: castilla, save to board update in {:?}",
        saved.elapsed()
    );
    b.eval("document.querySelector('[data-tab=\"playtest\"]').click(); document.getElementById('st-games').value = '8'; document.getElementById('st-play-form').requestSubmit(); 1");
    let done = b.wait("document.body.dataset.play === 'done'", 300);
    assert_eq!(done, true, "the playtest finishes");
    let painted = b.eval("document.querySelectorAll('#st-board svg rect.space[data-heat]').length");
    assert!(painted.as_u64().unwrap() > 0, "route heat on the board");
    let seats = b.eval("document.querySelectorAll('#st-seats tbody tr').length");
    assert!(seats.as_u64().unwrap() >= 2, "a line per seat");
    let bots = b.eval("document.querySelectorAll('#st-bots tbody tr').length");
    assert_eq!(bots, 4, "the four styles");
    if let Some(out) = std::env::var_os("TTRMAP_STUDIO_SCREENSHOT") {
        std::fs::write(out, b.screenshot()).unwrap();
    }
}
