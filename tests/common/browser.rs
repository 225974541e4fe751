//! Runs a page in headless Chromium and returns what a probe script saw, for the tests of the
//! HTML outputs (`render --format html`, the playtest report).
//!
//! The page is wrapped: a head script counts `alert` calls and records console errors and
//! uncaught errors; a tail script runs the probe (JavaScript filling the object `r`) and dumps
//! `r` as JSON into the DOM, which `--dump-dom` prints.

use std::path::Path;
use std::process::Command;

pub const CHROMIUM: &str = "/usr/bin/chromium";

const HEAD: &str = r#"<script>window.__errors=[];window.__alerts=0;
window.alert=function(){window.__alerts++;};
var __ce=console.error;console.error=function(){window.__errors.push(Array.prototype.join.call(arguments,' '));__ce.apply(console,arguments);};
window.addEventListener('error',function(e){window.__errors.push('uncaught: '+(e.message||e.target&&e.target.outerHTML));},true);</script>"#;

const TAIL_START: &str = "<script>(function(){var r={};try{\n";
const TAIL_END: &str = r#"
}catch(e){window.__errors.push('harness: '+e);}
r.errors=window.__errors;r.alerts=window.__alerts;
var pre=document.createElement('pre');pre.id='tt-test-result';pre.textContent=JSON.stringify(r);
document.body.append(pre);})();</script>"#;

/// True when `TTRMAP_SKIP_BROWSER_TESTS` is set; otherwise fails the test if Chromium is
/// missing (CI installs it), so a missing browser never passes silently.
pub fn skip() -> bool {
    if std::env::var_os("TTRMAP_SKIP_BROWSER_TESTS").is_some() {
        eprintln!("TTRMAP_SKIP_BROWSER_TESTS is set: browser test skipped");
        return true;
    }
    assert!(
        Path::new(CHROMIUM).exists(),
        "{CHROMIUM} is missing: `apt-get install -y chromium` (or set TTRMAP_SKIP_BROWSER_TESTS=1)"
    );
    false
}

/// Opens `page` with the harness around it, runs `probe` after the page's own scripts, and
/// returns `r` plus `errors` and `alerts`.
pub fn run(tag: &str, page: &str, probe: &str) -> serde_json::Value {
    let dir = super::TempDir::new(&format!("browser-{tag}"));
    let wrapped = page
        .replacen("<head>", &format!("<head>{HEAD}"), 1)
        .replacen(
            "</body>",
            &format!("{TAIL_START}{probe}{TAIL_END}</body>"),
            1,
        );
    let file = dir.0.join("page.html");
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
            &format!("--user-data-dir={}", dir.0.join("profile").display()),
            "--virtual-time-budget=2000",
            "--dump-dom",
            &format!("file://{}", file.display()),
        ])
        .output()
        .expect("chromium runs");
    let dom = String::from_utf8_lossy(&out.stdout);
    let marker = "<pre id=\"tt-test-result\">";
    let start = dom.find(marker).unwrap_or_else(|| {
        panic!(
            "no harness result; chromium said: {}",
            String::from_utf8_lossy(&out.stderr)
        )
    });
    let rest = &dom[start + marker.len()..];
    let json = rest[..rest.find("</pre>").expect("closed")]
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&amp;", "&");
    serde_json::from_str(&json).unwrap_or_else(|e| panic!("harness JSON {json}: {e}"))
}
