//! The whole pipeline under hostile text: load → lints → every report format → SVG (board
//! and ticket sheet). A proptest run sized for CI (`TTRMAP_FUZZ_CASES` runs more, e.g.
//! `TTRMAP_FUZZ_CASES=20000 cargo test --release --test fuzz_pipeline`).
//!
//! Every generated map must:
//! - load, lint and report without a panic, every diagnostic located inside the text;
//! - print no raw control character in the human and GitHub reports (they reach terminals);
//! - when it loads without errors, render to SVG that is well-formed XML (parsed with
//!   roxmltree), both the board and the ticket sheet, with any text in its names.

use proptest::prelude::*;
use proptest::sample::Index;
use ttrmap::load::{Loaded, load_str};
use ttrmap::report::{FileReport, Format, render};

const TEMPLATES: [&str; 2] = [
    include_str!("../templates/basic.toml"),
    include_str!("../templates/europe.toml"),
];

fn config() -> ProptestConfig {
    let cases = std::env::var("TTRMAP_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(256);
    ProptestConfig {
        cases,
        // A failure prints its minimal input; no regression file is written into tests/.
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// Pieces of text that broke, or could break, a report or an SVG.
fn hostile_piece() -> impl Strategy<Value = String> {
    prop_oneof![
        // Escapes as a map author types them: controls, noncharacters, bidi, BOM, NUL.
        Just("\\u001b]0;title\\u0007".to_string()),
        Just("\\u001b[2J".to_string()),
        Just("\\u009b".to_string()),
        Just("\\uFFFE".to_string()),
        Just("\\uFFFF".to_string()),
        Just("\\U0010FFFF".to_string()),
        Just("\\uFDD0".to_string()),
        Just("\\u202E".to_string()),
        Just("\\uFEFF".to_string()),
        Just("\\u0000".to_string()),
        Just("\\r\\n".to_string()),
        Just("\\t".to_string()),
        // Markup and script.
        Just("<script>alert(1)</script>".to_string()),
        Just("]]><!--".to_string()),
        Just("&amp;&#0;&#xFFFE;".to_string()),
        Just("' onload='x".to_string()),
        Just("\\\"".to_string()),
        // Wide and combining text.
        Just("日本語".to_string()),
        Just("🚂👩‍👩‍👧".to_string()),
        Just("e\u{301}\u{301}\u{301}".to_string()),
        Just("عربى".to_string()),
        "[a-zA-Z ]{0,12}",
        "x{150,260}",
        // Any text, as the raw characters (TOML refuses some: the loader must say where).
        "\\PC{0,8}",
    ]
}

/// Where a mutation puts its text.
#[derive(Debug, Clone)]
enum Edit {
    /// Replace the `i`-th quoted string's content.
    String(Index, String),
    /// Put a date-time (or another bare value) where the `i`-th string was.
    Bare(Index, &'static str),
    /// Insert text at a byte position (snapped to a character boundary).
    Insert(Index, String),
    /// Line endings: all CRLF, or lone CRs.
    LineEndings(bool),
    /// A byte-order mark first.
    Bom,
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        4 => (any::<Index>(), prop::collection::vec(hostile_piece(), 1..4))
            .prop_map(|(i, parts)| Edit::String(i, parts.concat())),
        1 => (any::<Index>(), prop::sample::select(vec![
            "1979-05-27T07:32:00Z", "1979-05-27", "07:32:00", "inf", "-0", "[]", "{}", "true",
        ])).prop_map(|(i, v)| Edit::Bare(i, v)),
        1 => (any::<Index>(), hostile_piece()).prop_map(|(i, s)| Edit::Insert(i, s)),
        1 => any::<bool>().prop_map(Edit::LineEndings),
        1 => Just(Edit::Bom),
    ]
}

/// Byte ranges of the contents of every `"..."` string on a line of its own value.
fn string_contents(text: &str) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        if let Some(eq) = line.find("= \"") {
            let start = offset + eq + 3;
            if let Some(len) = text[start..].find('"')
                && !text[start..start + len].contains('\n')
            {
                out.push(start..start + len);
            }
        }
        offset += line.len();
    }
    out
}

fn apply(text: &str, edit: &Edit) -> String {
    let strings = string_contents(text);
    if strings.is_empty() && matches!(edit, Edit::String(..) | Edit::Bare(..)) {
        return text.to_string();
    }
    match edit {
        Edit::String(i, s) => {
            let r = strings[i.index(strings.len())].clone();
            format!("{}{s}{}", &text[..r.start], &text[r.end..])
        }
        Edit::Bare(i, v) => {
            let r = strings[i.index(strings.len())].clone();
            format!("{}{v}{}", &text[..r.start - 1], &text[r.end + 1..])
        }
        Edit::Insert(i, s) => {
            let mut at = i.index(text.len() + 1);
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            format!("{}{s}{}", &text[..at], &text[at..])
        }
        Edit::LineEndings(crlf) => text.replace('\n', if *crlf { "\r\n" } else { "\r" }),
        Edit::Bom => format!("\u{FEFF}{text}"),
    }
}

fn raw_controls(text: &str) -> Vec<char> {
    text.chars()
        .filter(|&c| c.is_control() && c != '\n' && c != '\t')
        .collect()
}

fn well_formed(what: &str, svg: &[u8]) -> Result<(), TestCaseError> {
    let text = std::str::from_utf8(svg).map_err(|e| TestCaseError::fail(format!("{what}: {e}")))?;
    roxmltree::Document::parse(text)
        .map(|_| ())
        .map_err(|e| TestCaseError::fail(format!("{what} is not well-formed XML: {e}")))
}

fn pipeline(loaded: &mut Loaded) -> Result<(), TestCaseError> {
    if !loaded.has_errors() {
        let found = ttrmap::lint::run(loaded);
        loaded.diagnostics.extend(found);
    }
    for d in &loaded.diagnostics {
        let span = d.span.clone().unwrap_or(0..0);
        prop_assert!(
            span.end <= loaded.text.len()
                && loaded.text.is_char_boundary(span.start)
                && loaded.text.is_char_boundary(span.end),
            "{d:?} is not located in the text"
        );
    }
    let report = [FileReport {
        name: &loaded.name,
        text: &loaded.text,
        diagnostics: &loaded.diagnostics,
    }];
    for format in [Format::Human, Format::Json, Format::Github, Format::Sarif] {
        let out = render(format, &report, false);
        if matches!(format, Format::Human | Format::Github) {
            let raw = raw_controls(&out);
            prop_assert!(raw.is_empty(), "{format:?} prints raw {raw:?}");
        } else {
            prop_assert!(serde_json::from_str::<serde_json::Value>(&out).is_ok());
        }
    }
    let Some(map) = loaded.map.as_ref().filter(|_| !loaded.has_errors()) else {
        return Ok(());
    };
    for tickets in [false, true] {
        let opts = ttrmap::render::Options {
            theme: ttrmap::render::DEFAULT_THEME.to_string(),
            tickets,
            ..Default::default()
        };
        let svg = ttrmap::render::render(map, ttrmap::render::Format::Svg, &opts)
            .map_err(|e| TestCaseError::fail(format!("a clean map did not render: {e}")))?;
        well_formed(if tickets { "ticket sheet" } else { "board" }, &svg)?;
    }
    Ok(())
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn hostile_maps_never_panic_and_render_well_formed_svg(
        which in 0..TEMPLATES.len(),
        edits in prop::collection::vec(edit(), 1..4),
    ) {
        let mut text = TEMPLATES[which]
            .replace("__MAP_ID__", "fuzz")
            .replace("__MAP_NAME__", "Fuzz");
        for e in &edits {
            text = apply(&text, e);
        }
        let mut loaded = load_str("fuzz.toml", &text);
        pipeline(&mut loaded)?;
    }
}
