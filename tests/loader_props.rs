//! Property tests of the loader: no input makes it panic, and its central invariant holds on
//! near-valid maps, where bugs hide (a real map one edit away from valid).
//!
//! Invariants checked on every generated input:
//! - `load_str` / `load_bytes` return (a panic fails the property);
//! - a result without an error diagnostic has a map (`ARCHITECTURE.md`: `map` is `Some`
//!   exactly when syntax and schema passed, and errors are what stops it);
//! - every span lies within the text on character boundaries, so reports can slice it;
//! - every output format renders the result without panicking.

use proptest::prelude::*;
use proptest::sample::Index;
use ttrmap::load::{Loaded, load_bytes, load_str};
use ttrmap::report::{FileReport, Format, render};

const TEMPLATES: [&str; 2] = [
    include_str!("../templates/basic.toml"),
    include_str!("../templates/europe.toml"),
];

/// A template as `ttrmap new` would write it.
fn valid_map(which: usize) -> String {
    TEMPLATES[which % TEMPLATES.len()]
        .replace("__MAP_ID__", "prop-map")
        .replace("__MAP_NAME__", "Prop Map")
}

fn config() -> ProptestConfig {
    // Modest counts keep `cargo test` fast; each case renders four report formats.
    ProptestConfig {
        cases: 256,
        // A failure prints its minimal input; no regression file is written into tests/.
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// The invariants every load result must satisfy, as a test-case error rather than a panic so
/// proptest can shrink the input.
fn invariants(loaded: &Loaded) -> Result<(), TestCaseError> {
    if !loaded.has_errors() {
        prop_assert!(
            loaded.map.is_some(),
            "no error diagnostic but no map: {:?}",
            loaded.diagnostics
        );
    }
    for d in &loaded.diagnostics {
        if let Some(span) = &d.span {
            prop_assert!(
                span.start <= span.end && span.end <= loaded.text.len(),
                "span {span:?} outside a text of {} bytes: {d:?}",
                loaded.text.len()
            );
            prop_assert!(
                loaded.text.is_char_boundary(span.start) && loaded.text.is_char_boundary(span.end),
                "span {span:?} splits a character: {d:?}"
            );
        }
    }
    // The parts of a file with errors that `check` lints: a model that checks clean, whose
    // lints never panic and point into the file.
    if let Some(Ok(p)) = &loaded.partial {
        let errors: Vec<_> = ttrmap::check::check(&p.map, &loaded.text, &p.spans)
            .into_iter()
            .filter(|d| d.severity == ttrmap::diagnostic::Severity::Error)
            .collect();
        prop_assert!(
            errors.is_empty(),
            "the lintable part has errors: {errors:?}"
        );
        let view = Loaded {
            name: loaded.name.clone(),
            text: loaded.text.clone(),
            map: Some(p.map.clone()),
            spans: Some(p.spans.clone()),
            diagnostics: Vec::new(),
            partial: None,
        };
        for d in ttrmap::lint::run(&view) {
            if let Some(span) = &d.span {
                prop_assert!(
                    span.end <= loaded.text.len() && loaded.text.is_char_boundary(span.start),
                    "lint span {span:?} outside the text: {d:?}"
                );
            }
        }
    }
    let report = [FileReport {
        name: &loaded.name,
        text: &loaded.text,
        diagnostics: &loaded.diagnostics,
    }];
    for format in [Format::Human, Format::Json, Format::Sarif] {
        let out = render(format, &report, false, ttrmap::lint::codes::summary);
        prop_assert!(!out.is_empty(), "{format:?} rendered nothing");
    }
    // GitHub output is one line per diagnostic and nothing else.
    let github = render(Format::Github, &report, false, ttrmap::lint::codes::summary);
    prop_assert_eq!(github.lines().count(), loaded.diagnostics.len());
    Ok(())
}

/// Text that looks like TOML often enough to get past the tokenizer into the parser.
fn tomlish() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            Just("[map]\n".to_string()),
            Just("[[routes]]\n".to_string()),
            Just("[[cities]]\n".to_string()),
            Just("[rules]\n".to_string()),
            Just(" = ".to_string()),
            Just("\n".to_string()),
            Just("\"".to_string()),
            Just("'''".to_string()),
            Just("[".to_string()),
            Just("]".to_string()),
            Just("{".to_string()),
            Just("}".to_string()),
            Just(",".to_string()),
            Just(".".to_string()),
            "[a-z_]{1,8}",
            "-?[0-9]{1,22}",
            "[0-9]{4}-[0-9]{2}-[0-9]{2}",
            "\"[^\"\\\\]{0,10}\"",
            any::<String>(),
        ],
        0..40,
    )
    .prop_map(|parts| parts.concat())
}

/// A line-level or token-level edit of a valid map.
#[derive(Debug, Clone)]
enum Mutation {
    DeleteLine(Index),
    DuplicateLine(Index),
    SwapLines(Index, Index),
    ReplaceNumber(Index, String),
    ReplaceString(Index, String),
    TruncateBytes(Index),
}

fn number_replacement() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<i64>().prop_map(|n| n.to_string()),
        (-30i64..30).prop_map(|n| n.to_string()),
        any::<f64>().prop_map(|f| format!("{f:?}")),
        Just("0".to_string()),
        Just("-1".to_string()),
        Just("999".to_string()),
        Just("100000000000000000000".to_string()),
        Just("1e20".to_string()),
        Just("-0.0".to_string()),
        Just("nan".to_string()),
        Just("inf".to_string()),
    ]
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        any::<Index>().prop_map(Mutation::DeleteLine),
        any::<Index>().prop_map(Mutation::DuplicateLine),
        (any::<Index>(), any::<Index>()).prop_map(|(a, b)| Mutation::SwapLines(a, b)),
        (any::<Index>(), number_replacement()).prop_map(|(i, n)| Mutation::ReplaceNumber(i, n)),
        (any::<Index>(), any::<String>()).prop_map(|(i, s)| Mutation::ReplaceString(i, s)),
        any::<Index>().prop_map(Mutation::TruncateBytes),
    ]
}

/// Byte ranges of every run of ASCII digits (with a leading `-`): the numbers of the map.
fn number_spans(text: &str) -> Vec<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut spans = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_digit() {
            let start = if i > 0 && bytes[i - 1] == b'-' {
                i - 1
            } else {
                i
            };
            while i < bytes.len() && (bytes[i].is_ascii_digit() || bytes[i] == b'.') {
                i += 1;
            }
            spans.push((start, i));
        } else {
            i += 1;
        }
    }
    spans
}

/// Byte ranges of the contents of every `"..."` on one line (the map's string values).
fn string_spans(text: &str) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let mut open: Option<usize> = None;
    for (i, b) in text.bytes().enumerate() {
        match (b, open) {
            (b'"', None) => open = Some(i + 1),
            (b'"', Some(start)) => {
                spans.push((start, i));
                open = None;
            }
            (b'\n', _) => open = None,
            _ => {}
        }
    }
    spans
}

/// Applies `m` to `text`; bytes, since truncation may cut a character in half.
fn apply(text: &str, m: &Mutation) -> Vec<u8> {
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let splice = |(start, end): (usize, usize), with: &str| {
        format!("{}{with}{}", &text[..start], &text[end..]).into_bytes()
    };
    // An earlier mutation may have left nothing to act on (an empty or number-free text).
    let (numbers, strings) = (number_spans(text), string_spans(text));
    let nothing_to_do = match m {
        Mutation::DeleteLine(_) | Mutation::DuplicateLine(_) | Mutation::SwapLines(..) => {
            lines.is_empty()
        }
        Mutation::ReplaceNumber(..) => numbers.is_empty(),
        Mutation::ReplaceString(..) => strings.is_empty(),
        Mutation::TruncateBytes(_) => false,
    };
    if nothing_to_do {
        return text.as_bytes().to_vec();
    }
    match m {
        Mutation::DeleteLine(i) => {
            let at = i.index(lines.len());
            let mut l = lines.clone();
            l.remove(at);
            l.concat().into_bytes()
        }
        Mutation::DuplicateLine(i) => {
            let at = i.index(lines.len());
            let mut l = lines.clone();
            l.insert(at, lines[at]);
            l.concat().into_bytes()
        }
        Mutation::SwapLines(a, b) => {
            let mut l = lines.clone();
            l.swap(a.index(lines.len()), b.index(lines.len()));
            l.concat().into_bytes()
        }
        Mutation::ReplaceNumber(i, n) => splice(numbers[i.index(numbers.len())], n),
        Mutation::ReplaceString(i, s) => splice(strings[i.index(strings.len())], s),
        Mutation::TruncateBytes(i) => text.as_bytes()[..i.index(text.len() + 1)].to_vec(),
    }
}

#[test]
fn templates_are_valid_so_mutations_start_from_a_clean_map() {
    for which in 0..TEMPLATES.len() {
        let loaded = load_str("template.toml", &valid_map(which));
        assert!(loaded.diagnostics.is_empty(), "{:?}", loaded.diagnostics);
        assert!(loaded.map.is_some());
        // The mutation helpers need something to act on in each template.
        assert!(number_spans(&valid_map(which)).len() > 5);
        assert!(string_spans(&valid_map(which)).len() > 5);
    }
}

#[test]
fn helpers_find_numbers_and_strings() {
    let text = "a = \"x\"\nb = -12\nc = [1.5, 2]\n";
    let numbers: Vec<&str> = number_spans(text)
        .iter()
        .map(|&(s, e)| &text[s..e])
        .collect();
    assert_eq!(numbers, ["-12", "1.5", "2"]);
    let strings: Vec<&str> = string_spans(text)
        .iter()
        .map(|&(s, e)| &text[s..e])
        .collect();
    assert_eq!(strings, ["x"]);
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn arbitrary_strings_never_panic(text in any::<String>()) {
        invariants(&load_str("arbitrary.toml", &text))?;
    }

    #[test]
    fn tomlish_strings_never_panic(text in tomlish()) {
        invariants(&load_str("tomlish.toml", &text))?;
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..512)) {
        invariants(&load_bytes("bytes.toml", &bytes))?;
    }

    #[test]
    fn mutated_maps_never_panic_and_keep_the_map_invariant(
        which in 0..TEMPLATES.len(),
        mutations in prop::collection::vec(mutation(), 1..4),
    ) {
        let mut text = valid_map(which);
        let mut bytes = text.clone().into_bytes();
        for m in &mutations {
            bytes = apply(&text, m);
            // Later mutations act on text; a cut character ends the chain as lossy text,
            // while `bytes` keeps the exact (possibly invalid) input for the load below.
            text = String::from_utf8_lossy(&bytes).into_owned();
        }
        invariants(&load_bytes("mutated.toml", &bytes))?;
    }
}
