//! The playtest HTML report in headless Chromium: it loads with no console error and asks
//! for nothing outside the page, the heat board, histograms and win-rate intervals are there,
//! a click on a table heading sorts the table, and a city named like a script tag stays text.
//! Harness in `chromium.rs`.

use super::chromium;
use std::path::Path;
use ttrmap::engine::Game;
use ttrmap::playtest::{Config, html::render_html, run};

/// This file's tests, run by `main.rs` when a browser is found.
pub const TESTS: &[super::BrowserTest] = &[
    (
        "report_page_loads_cleanly_in_chromium",
        report_page_loads_cleanly_in_chromium,
    ),
    (
        "compare_page_loads_cleanly_in_chromium",
        compare_page_loads_cleanly_in_chromium,
    ),
];

const MAP: &str = r#"
[map]
id = "browser-report"
name = "Report <test>"
players = { min = 2, max = 3 }
board = { width = 400, height = 300 }
[rules]
# Few trains, so games on this small board end (a player down to 2) before it fills.
trains = { per_player = 4 }
[[cities]]
id = "alpha"
position = [50, 50]
[[cities]]
id = "gamma"
name = "<script>alert(1)</script>"
position = [300, 80]
[[cities]]
id = "delta"
position = [200, 250]
[[routes]]
from = "alpha"
to = "gamma"
length = 2
[[routes]]
from = "gamma"
to = "delta"
length = 3
[[routes]]
from = "delta"
to = "alpha"
length = 1
[[tickets]]
from = "alpha"
to = "delta"
points = 5
"#;

/// Counts heat-coloured spaces, histograms and scripts, and looks for the script-named city.
const PROBE: &str = r#"r.spaces=document.querySelectorAll('.board rect.space').length;
var sp=document.querySelector('.board rect.space');
r.fill=sp?getComputedStyle(sp).fill:'';r.inline=sp?sp.style.fill:'';
r.hists=document.querySelectorAll('figure.hist svg').length;
r.cityCell=Array.prototype.some.call(document.querySelectorAll('td'),function(td){return td.textContent==='<script>alert(1)<\/script>';});
r.scripts=document.querySelectorAll('script').length;
r.outside=performance.getEntriesByType('resource').map(function(e){return e.name;}).filter(function(n){return !/^(file|data|blob):/.test(n);});
var iv=document.querySelectorAll('g.interval');r.intervals=iv.length;
r.intervalsHold=Array.prototype.every.call(iv,function(g){var lo=+g.dataset.low,hi=+g.dataset.high,x=+g.dataset.rate;return lo<=x&&x<=hi&&hi-lo>0;});
var t=null;document.querySelectorAll('h2').forEach(function(h){if(h.textContent==='Routes')t=h.nextElementSibling;});
var col=function(){return Array.prototype.map.call(t.tBodies[0].rows,function(row){return +row.cells[2].getAttribute('data-v');});};
r.before=col();var b=t.querySelectorAll('thead th button')[2];b.click();r.asc=col();
r.ariaAsc=t.querySelectorAll('thead th')[2].getAttribute('aria-sort');b.click();r.desc=col();
"#;

pub fn report_page_loads_cleanly_in_chromium(chromium: &Path) {
    let loaded = ttrmap::load::load_str("r.toml", MAP);
    let map = loaded.map.clone().expect("loads");
    let game = Game::new(&map, 2, None).unwrap();
    let config = Config {
        games: 30,
        seed: 1,
        bots: vec!["random".into()],
        threads: 1,
        progress: false,
    };
    let page = render_html(&run(&game, &config).unwrap(), &map).unwrap();
    let r = chromium::run(chromium, "report", &page, PROBE);
    assert_eq!(r["errors"], serde_json::json!([]), "{r}");
    assert_eq!(r["alerts"], 0, "{r}");
    assert_eq!(r["spaces"], 6, "{r}");
    // The heat fill (inline style) wins over the theme's colour class.
    let fill = r["fill"].as_str().unwrap();
    assert!(fill.starts_with("rgb("), "{r}");
    assert_eq!(r["fill"], r["inline"], "{r}");
    assert_eq!(r["hists"], 4, "{r}");
    assert_eq!(r["cityCell"], true, "{r}");
    // The harness's two scripts and the page's table sorter: none from a name.
    assert_eq!(r["scripts"], 3, "{r}");
    assert_eq!(r["outside"], serde_json::json!([]), "{r}");
    // 2 seats and 1 bot, each rate inside its interval.
    assert_eq!(r["intervals"], 3, "{r}");
    assert_eq!(r["intervalsHold"], true, "{r}");
    // A click on "claimed in" sorts the routes ascending, a second click descending.
    let rates = |k: &str| -> Vec<f64> {
        r[k].as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_f64().unwrap())
            .collect()
    };
    let mut sorted = rates("before");
    sorted.sort_by(f64::total_cmp);
    assert_eq!(rates("asc"), sorted, "{r}");
    assert_eq!(r["ariaAsc"], "ascending", "{r}");
    sorted.reverse();
    assert_eq!(rates("desc"), sorted, "{r}");
    assert_ne!(
        rates("asc"),
        rates("desc"),
        "the rates differ, so the order shows: {r}"
    );
}

/// The comparison page: no console error, nothing fetched, the heat difference on the board
/// and the tables sortable.
pub fn compare_page_loads_cleanly_in_chromium(chromium: &Path) {
    use ttrmap::playtest::compare::{Side, compare, html};
    let loaded = ttrmap::load::load_str("r.toml", MAP);
    let old = loaded.map.clone().expect("loads");
    let mut new = old.clone();
    new.tickets[0].points = Some(9);
    let (a, b) = (
        Game::new(&old, 2, None).unwrap(),
        Game::new(&new, 2, None).unwrap(),
    );
    let side = |label: &str, game, map| Side {
        label: label.into(),
        game,
        map,
        lint: Vec::new(),
    };
    let config = Config {
        games: 40,
        seed: 3,
        bots: vec!["random".into()],
        threads: 1,
        progress: false,
    };
    let c = compare(&side("old", &a, &old), &side("new", &b, &new), &config).unwrap();
    let page = html::render_html(&c, &new).unwrap();
    let probe = r#"r.outside=performance.getEntriesByType('resource').map(function(e){return e.name;}).filter(function(n){return !/^(file|data|blob):/.test(n);});
r.painted=document.querySelectorAll('.board rect.space title').length;
r.tables=document.querySelectorAll('table.sortable').length;
var th=document.querySelector('table.sortable thead th');th.querySelector('button').click();
r.sorted=th.getAttribute('aria-sort');
"#;
    let r = chromium::run(chromium, "compare", &page, probe);
    assert_eq!(r["errors"], serde_json::json!([]), "{r}");
    assert_eq!(r["outside"], serde_json::json!([]), "{r}");
    assert_eq!(r["painted"], 6, "{r}");
    assert_eq!(r["tables"], 4, "{r}");
    assert_eq!(r["sorted"], "ascending", "{r}");
}
