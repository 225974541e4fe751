//! A theme file (`--theme FILE.css`) is shared like a map: `render` and `layout` take from it
//! only what a theme may say (colours, sizes, keywords, `var(--name)` and the embedded font)
//! and refuse a file holding anything else, naming where, with exit 2 and nothing written.
//! What a browser makes of hostile themes is tested in `tests/browser/hostile_theme.rs`.

use crate::common;
use common::{TempDir, ttrmap_in};
use std::path::Path;

fn basic_map(dir: &TempDir) {
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("templates/basic.toml"))
            .expect("template exists")
            .replace("__MAP_ID__", "basic")
            .replace("__MAP_NAME__", "Basic");
    std::fs::write(dir.0.join("m.toml"), text).unwrap();
}

#[test]
fn a_hostile_theme_file_is_refused_naming_where() {
    let dir = TempDir::new("theme-hostile");
    basic_map(&dir);
    let cases: &[(&str, &str)] = &[
        // (theme text, what the message must point at: `line:col`)
        (
            ":root { --red: #f00; }\n</style><script>alert(1)</script>\n",
            "2:1",
        ),
        (":root {\n  --ink: #000</style>;\n}\n", "2:3"),
        (
            ".board { background: url(http://example.invalid/x); }",
            "1:10",
        ),
        ("@import url(http://example.invalid/a.css);\n", "1:1"),
        (
            "/* a comment */ .city-label { font-family: 'Comic Sans'; }",
            "1:31",
        ),
        (".board { fill: u\\72l(x); }", "1:10"),
        (".space { fill: red & blue; }", "1:10"),
    ];
    for (k, (text, at)) in cases.iter().enumerate() {
        let file = format!("t{k}.css");
        std::fs::write(dir.0.join(&file), text).unwrap();
        for args in [
            vec!["render", "m.toml", "-o", "out.svg", "--theme", &file],
            vec!["layout", "m.toml", "--theme", &file],
        ] {
            let out = ttrmap_in(&dir.0, &args);
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{text}: {args:?}: {err}");
            assert!(
                err.contains(&format!("{file}:{at}")),
                "{text}: {args:?} should name {file}:{at}: {err}"
            );
            assert!(err.contains("theme"), "{err}");
            assert!(
                !dir.0.join("out.svg").exists(),
                "{text}: nothing is written"
            );
        }
    }
}

#[test]
fn a_theme_using_what_the_shipped_themes_use_is_taken() {
    let dir = TempDir::new("theme-good");
    basic_map(&dir);
    let text = "/* mine */\n:root { --red: #e00; --font: 'Noto Sans', sans-serif; --space-length: 24mm; }\n\
                .city-label { font-weight: bold; letter-spacing: -0.1mm; fill: rgb(10, 20, 30); }\n\
                .zone-link, .ticket-link { stroke-dasharray: 1mm 0.5mm; opacity: 0.8; }\n";
    std::fs::write(dir.0.join("good.css"), text).unwrap();
    let out = ttrmap_in(
        &dir.0,
        &["render", "m.toml", "-o", "out.svg", "--theme", "good.css"],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let svg = std::fs::read_to_string(dir.0.join("out.svg")).unwrap();
    assert!(svg.contains("#e00"), "the theme's colour is used");
    assert!(svg.contains("rgb(10, 20, 30)"), "its own rule is kept");
    roxmltree::Document::parse(&svg).expect("well-formed");
}
