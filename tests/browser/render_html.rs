//! The HTML page in a real browser (headless Chromium): it loads without a console error,
//! hovering a route or a city shows its details, zoom works, and a city named like a script
//! tag is shown as text and never runs.
//!
//! The page is opened through `chromium.rs`'s harness, with a probe that hovers and clicks.

use super::chromium;
use std::path::Path;

/// This file's tests, run by `main.rs` when a browser is found.
pub const TESTS: &[super::BrowserTest] = &[
    (
        "page_loads_cleanly_and_hover_shows_details",
        page_loads_cleanly_and_hover_shows_details,
    ),
    (
        "script_city_name_is_text_and_never_runs",
        script_city_name_is_text_and_never_runs,
    ),
    (
        "the_harness_does_see_alerts_and_errors",
        the_harness_does_see_alerts_and_errors,
    ),
    (
        "theme_font_sizes_are_lengths_the_browser_applies",
        theme_font_sizes_are_lengths_the_browser_applies,
    ),
    (
        "every_track_bed_space_of_france_answers_the_pointer",
        every_track_bed_space_of_france_answers_the_pointer,
    ),
];

const MAP: &str = r##"
[map]
id = "browser"
name = "Browser <test> & co"
players = { min = 2, max = 5 }
board = { width = 800, height = 500 }

[[cities]]
id = "alpha"
name = "Alpha"
position = [100, 100]

[[cities]]
id = "gamma"
name = "<script>alert(1)</script>"
position = [600, 150]

[[cities]]
id = "delta"
name = "Delta \"quoted\" </script>"
position = [350, 400]

[[routes]]
from = "alpha"
to = "gamma"
length = 5
colors = ["red", "blue"]

[[routes]]
from = "gamma"
to = "delta"
length = 3
ferry = 1

[[tickets]]
from = "alpha"
to = "gamma"
points = 8
"##;

/// Hovers a route and a city, reads the info panel, and zooms.
const PROBE: &str = r#"var svg=document.querySelector('#tt-board svg');
if(svg){
var sp=svg.querySelector('.space[data-route="alpha-gamma"]');
sp.dispatchEvent(new MouseEvent('mouseover',{bubbles:true}));
r.routeTitle=document.getElementById('tt-info-title').textContent;
r.routeDetails=document.getElementById('tt-info-list').textContent;
r.dimmed=svg.classList.contains('tt-dim');
var city=svg.querySelector('.city[data-city="gamma"] circle');
city.dispatchEvent(new MouseEvent('mouseover',{bubbles:true}));
r.cityTitle=document.getElementById('tt-info-title').textContent;
r.cityDetails=document.getElementById('tt-info-list').textContent;
r.cityLabel=svg.querySelector('.city-label[data-city="gamma"]').textContent;
r.scriptCount=document.querySelectorAll('script').length;
var vb=svg.getAttribute('viewBox');
document.getElementById('tt-zoom-in').click();
r.zoomed=svg.getAttribute('viewBox')!==vb;
}"#;

fn page() -> String {
    let loaded = ttrmap::load::load_str("browser.toml", MAP);
    assert!(!loaded.has_errors(), "{:?}", loaded.diagnostics);
    ttrmap::render::to_html(loaded.map.as_ref().unwrap(), &Default::default()).unwrap()
}

pub fn page_loads_cleanly_and_hover_shows_details(chromium: &Path) {
    let r = chromium::run(chromium, "page", &page(), PROBE);
    assert_eq!(r["errors"], serde_json::json!([]), "{r}");
    assert_eq!(r["routeTitle"], "Alpha – <script>alert(1)</script>", "{r}");
    let details = r["routeDetails"].as_str().unwrap();
    assert!(details.contains("Length5"), "{details}");
    assert!(details.contains("Coloursred, blue"), "{details}");
    assert!(details.contains("Points10"), "{details}");
    assert_eq!(r["dimmed"], true);
    assert_eq!(r["zoomed"], true);
}

pub fn script_city_name_is_text_and_never_runs(chromium: &Path) {
    let r = chromium::run(chromium, "script", &page(), PROBE);
    assert_eq!(r["alerts"], 0, "{r}");
    assert_eq!(r["cityLabel"], "<script>alert(1)</script>");
    assert_eq!(r["cityTitle"], "<script>alert(1)</script>");
    assert!(
        r["cityDetails"].as_str().unwrap().contains("Tickets"),
        "{r}"
    );
    // The page's two scripts and the harness's two: no script element came from a name.
    assert_eq!(r["scriptCount"], 4, "{r}");
    assert_eq!(r["errors"], serde_json::json!([]), "{r}");
}

pub fn the_harness_does_see_alerts_and_errors(chromium: &Path) {
    // A control: if names were pasted raw, the harness would notice.
    let unsafe_page = "<!DOCTYPE html><html><head></head><body><script>alert(1)</script>\
                       <script>throw new Error('boom')</script></body></html>";
    let r = chromium::run(chromium, "control", unsafe_page, "");
    assert_eq!(r["alerts"], 1, "{r}");
    assert!(r["errors"].to_string().contains("boom"), "{r}");
}

/// The theme's sizes reach the browser: the city label's font size is the one the SVG's CSS
/// declares (a length a browser accepts), not the page's default that a unitless size falls
/// back to.
pub fn theme_font_sizes_are_lengths_the_browser_applies(chromium: &Path) {
    let probe = r#"var label=document.querySelector('#tt-board svg .city-label[data-city="gamma"]');
r.computed=getComputedStyle(label).fontSize;
r.declared='';
for(var s of document.styleSheets){for(var rule of s.cssRules){
if(rule.selectorText==='.city-label'){r.declared=rule.style.fontSize;}}}"#;
    let r = chromium::run(chromium, "font-sizes", &page(), probe);
    assert_eq!(r["errors"], serde_json::json!([]), "{r}");
    let declared = r["declared"].as_str().unwrap();
    assert!(
        declared.ends_with("px"),
        "declared font size {declared:?}: {r}"
    );
    assert_eq!(r["computed"], r["declared"], "{r}");
    assert_ne!(r["computed"], "16px", "{r}");
}

/// France's routes are mostly unbuilt track beds, drawn uncoloured. Each bed space must still
/// answer the pointer over its area (the page shows a route on hover): the browser's own hit
/// test at the centre of every bed space finds that space's route (or a route the layout's
/// audit says lies on it). Before beds were filled, an unfilled bed answered only on its
/// outline, and 356 of 358 centres found the board.
pub fn every_track_bed_space_of_france_answers_the_pointer(chromium: &Path) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/france.toml");
    let loaded = ttrmap::load::load_path(&path).expect("readable");
    let map = loaded.map.expect("france loads");
    let page = ttrmap::render::to_html(&map, &Default::default()).unwrap();
    let probe = r#"var svg=document.querySelector('#tt-board svg');
var beds=svg.querySelectorAll('.space.track-bed');
r.beds=beds.length;r.hit=0;r.missed=[];
beds.forEach(function(sp){
sp.scrollIntoView({block:'center',inline:'center'});
var b=sp.getBoundingClientRect();
var el=document.elementFromPoint(b.left+b.width/2,b.top+b.height/2);
var g=el&&el.closest('[data-route]');
if(g&&g.getAttribute('data-route')===sp.getAttribute('data-route')){r.hit++;}
else{r.missed.push([sp.getAttribute('data-route'),g?g.getAttribute('data-route'):(el?el.outerHTML.slice(0,60):'nothing')]);}
});"#;
    let r = chromium::run(chromium, "france-beds", &page, probe);
    assert_eq!(r["errors"], serde_json::json!([]), "{r}");
    let beds = r["beds"].as_u64().unwrap();
    let spaces: u64 = map
        .routes
        .iter()
        .filter(|x| x.track_bed)
        .map(|x| x.lane_count() as u64 * x.length as u64)
        .sum();
    assert_eq!(beds, spaces, "{r}");
    // A space may be found as another route only where the layout could not keep the two
    // apart and its own audit says so (France's undeclared crossings), or where the map declares the two as crossing.
    let layout = ttrmap::render::layout(&map, &Default::default()).unwrap();
    let audit = ttrmap::render::audit::audit(&map, &layout, 0.1);
    let ids: Vec<String> = map.routes.iter().map(|x| x.id()).collect();
    let audited = |a: &str, b: &str| {
        audit
            .overlaps
            .iter()
            .any(|&(i, j, _)| (ids[i] == a && ids[j] == b) || (ids[i] == b && ids[j] == a))
    };
    // Two routes the map declares as crossing lie on each other where they meet, by design
    // (only one of them can ever be built), so the pointer may find either there.
    let declared = |a: &str, b: &str| {
        map.routes.iter().any(|x| {
            (x.id() == a && x.crosses.iter().any(|c| c == b))
                || (x.id() == b && x.crosses.iter().any(|c| c == a))
        })
    };
    // A name lying on a space answers the pointer there, where the audit (`label-collision`)
    // reports that name on a space.
    let name_on_space = |found: &str| {
        audit.labels.iter().any(|(c, hit)| {
            matches!(hit, ttrmap::render::audit::LabelHit::Space(_))
                && found.contains(&format!("data-city=\"{}\"", map.cities[*c].id))
        })
    };
    let missed = r["missed"].as_array().unwrap();
    for m in missed {
        let (own, found) = (m[0].as_str().unwrap(), m[1].as_str().unwrap());
        assert!(
            audited(own, found) || declared(own, found) || name_on_space(found),
            "{own} found {found}: {r}"
        );
    }
    assert_eq!(
        r["hit"].as_u64().unwrap() + missed.len() as u64,
        beds,
        "{r}"
    );
}
