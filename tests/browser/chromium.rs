//! Finds headless Chromium and runs a page in it, returning what a probe script saw, for the
//! tests of the HTML outputs (`render --format html`, the playtest report) in `tests/browser/`.
//!
//! The page is wrapped: a head script counts `alert` calls and records console errors and
//! uncaught errors; a tail script runs the probe (JavaScript filling the object `r`) and dumps
//! `r` as JSON into the DOM, which `--dump-dom` prints.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Variables naming the browser, looked at in this order: ours, then the one Puppeteer and
/// other tools read. A variable that is set wins over PATH, even when it names nothing: a path
/// set on purpose and wrong should be reported, not quietly replaced by another browser.
pub const BROWSER_VARS: [&str; 2] = ["TTRMAP_CHROMIUM", "CHROME"];

/// Names Chromium goes by on PATH (Debian, Ubuntu and Fedora packages, Google's builds).
pub const PATH_NAMES: [&str; 4] = [
    "chromium",
    "chromium-browser",
    "google-chrome",
    "google-chrome-stable",
];

/// Where macOS installs the apps (their binaries are not on PATH).
const APP_PATHS: [&str; 2] = [
    "/Applications/Chromium.app/Contents/MacOS/Chromium",
    "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
];

/// Set (to anything but empty or `0`) by `.ci/run`: a missing browser then fails the browser
/// tests instead of skipping them, so they can never silently stop running in CI.
pub const REQUIRE_VAR: &str = "TTRMAP_REQUIRE_BROWSER";

/// True when the browser tests must run (`TTRMAP_REQUIRE_BROWSER` set, not empty, not `0`).
pub fn required() -> bool {
    std::env::var_os(REQUIRE_VAR).is_some_and(|v| !v.is_empty() && v != "0")
}

/// The Chromium binary to use, or why there is none (one line, naming where it looked).
pub fn find() -> Result<PathBuf, String> {
    for var in BROWSER_VARS {
        if let Some(value) = std::env::var_os(var).filter(|v| !v.is_empty()) {
            return resolve(&value)
                .ok_or_else(|| format!("{var}={} is not a program", value.to_string_lossy()));
        }
    }
    PATH_NAMES
        .iter()
        .find_map(|name| which::which(name).ok())
        .or_else(|| APP_PATHS.iter().map(PathBuf::from).find(|p| p.is_file()))
        .ok_or_else(|| {
            format!(
                "no Chromium on PATH (as {}) and {} not set",
                PATH_NAMES.join(", "),
                BROWSER_VARS.join(" / ")
            )
        })
}

/// A path (absolute or relative) to a file, or a bare name looked up on PATH.
fn resolve(value: &OsString) -> Option<PathBuf> {
    let path = Path::new(value);
    if path.components().count() > 1 {
        path.is_file().then(|| path.to_path_buf())
    } else {
        which::which(value).ok()
    }
}

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

/// Opens `page` in `chromium` with the harness around it, runs `probe` after the page's own
/// scripts, and returns `r` plus `errors` and `alerts`.
pub fn run(chromium: &Path, tag: &str, page: &str, probe: &str) -> serde_json::Value {
    let dir = super::common::TempDir::new(&format!("browser-{tag}"));
    let wrapped = page
        .replacen("<head>", &format!("<head>{HEAD}"), 1)
        .replacen(
            "</body>",
            &format!("{TAIL_START}{probe}{TAIL_END}</body>"),
            1,
        );
    let file = dir.0.join("page.html");
    std::fs::write(&file, wrapped).unwrap();
    let out = Command::new(chromium)
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
        .unwrap_or_else(|e| panic!("{} does not run: {e}", chromium.display()));
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
