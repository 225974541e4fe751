//! The playtest HTML report in headless Chromium: it loads with no console error, the heat
//! board and histograms are there, and a city named like a script tag stays text. Harness in
//! `chromium.rs`.

use super::chromium;
use std::path::Path;
use ttrmap::engine::Game;
use ttrmap::playtest::{Config, html::render_html, run};

/// This file's tests, run by `main.rs` when a browser is found.
pub const TESTS: &[super::BrowserTest] = &[(
    "report_page_loads_cleanly_in_chromium",
    report_page_loads_cleanly_in_chromium,
)];

const MAP: &str = r#"
[map]
id = "browser-report"
name = "Report <test>"
players = { min = 2, max = 3 }
board = { width = 400, height = 300 }
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
    assert_eq!(r["spaces"], 5, "{r}");
    // The heat fill (inline style) wins over the theme's colour class.
    let fill = r["fill"].as_str().unwrap();
    assert!(fill.starts_with("rgb("), "{r}");
    assert_eq!(r["fill"], r["inline"], "{r}");
    assert_eq!(r["hists"], 3, "{r}");
    assert_eq!(r["cityCell"], true, "{r}");
    // Only the harness's two scripts: the page has none of its own, and none from a name.
    assert_eq!(r["scripts"], 2, "{r}");
}
