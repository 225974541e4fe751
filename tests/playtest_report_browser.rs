//! The playtest HTML report in headless Chromium: it loads with no console error, the heat
//! board and histograms are there, and a city named like a script tag stays text. Same harness
//! idea as `render_html_browser.rs`; set TTRMAP_SKIP_BROWSER_TESTS=1 to skip locally.

use std::path::Path;
use std::process::Command;
use ttrmap::engine::Game;
use ttrmap::playtest::{Config, html::render_html, run};

const CHROMIUM: &str = "/usr/bin/chromium";

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

const HEAD: &str = r#"<script>window.__errors=[];window.__alerts=0;
window.alert=function(){window.__alerts++;};
var __ce=console.error;console.error=function(){window.__errors.push(Array.prototype.join.call(arguments,' '));__ce.apply(console,arguments);};
window.addEventListener('error',function(e){window.__errors.push('uncaught: '+(e.message||e.target&&e.target.outerHTML));},true);</script>"#;

const TAIL: &str = r#"<script>(function(){var r={};try{
r.spaces=document.querySelectorAll('.board rect.space').length;
var sp=document.querySelector('.board rect.space');
r.fill=sp?getComputedStyle(sp).fill:'';r.inline=sp?sp.style.fill:'';
r.hists=document.querySelectorAll('figure.hist svg').length;
r.cityCell=Array.prototype.some.call(document.querySelectorAll('td'),function(td){return td.textContent==='<script>alert(1)<\/script>';});
r.scripts=document.querySelectorAll('script').length;
}catch(e){window.__errors.push('harness: '+e);}
r.errors=window.__errors;r.alerts=window.__alerts;
var pre=document.createElement('pre');pre.id='tt-test-result';pre.textContent=JSON.stringify(r);
document.body.append(pre);})();</script>"#;

#[test]
fn report_page_loads_cleanly_in_chromium() {
    if std::env::var_os("TTRMAP_SKIP_BROWSER_TESTS").is_some() {
        eprintln!("TTRMAP_SKIP_BROWSER_TESTS is set: browser test skipped");
        return;
    }
    assert!(
        Path::new(CHROMIUM).exists(),
        "{CHROMIUM} is missing: `apt-get install -y chromium` (or set TTRMAP_SKIP_BROWSER_TESTS=1)"
    );
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
    let dir = std::env::temp_dir().join(format!("ttrmap-report-browser-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("report.html");
    let wrapped = page
        .replacen("<head>", &format!("<head>{HEAD}"), 1)
        .replacen("</body>", &format!("{TAIL}</body>"), 1);
    std::fs::write(&file, wrapped).unwrap();
    let out = Command::new(CHROMIUM)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            &format!("--user-data-dir={}", dir.join("profile").display()),
            "--virtual-time-budget=2000",
            "--dump-dom",
            &format!("file://{}", file.display()),
        ])
        .output()
        .expect("chromium runs");
    let dom = String::from_utf8_lossy(&out.stdout);
    let start = dom.find("<pre id=\"tt-test-result\">").unwrap_or_else(|| {
        panic!(
            "no result; chromium said: {}",
            String::from_utf8_lossy(&out.stderr)
        )
    });
    let rest = &dom[start + "<pre id=\"tt-test-result\">".len()..];
    let json = rest[..rest.find("</pre>").unwrap()]
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&amp;", "&");
    let _ = std::fs::remove_dir_all(&dir);
    let r: serde_json::Value = serde_json::from_str(&json).unwrap();
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
