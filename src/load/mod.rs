//! From bytes to a [`MapFile`]: decode, parse, validate against the schema, merge presets,
//! deserialise, then run the semantic checks of `crate::check`.
//!
//! Every stage reports all the problems it finds, not the first. A stage runs only when the
//! previous one succeeded (a document with syntax errors has no reliable structure to
//! validate), so `Loaded::map` is `Some` exactly when syntax and schema passed; after schema
//! errors, the parts that are valid are still checked (`partial`). A file with errors also
//! gets `Loaded::partial`, the parts that loaded and check clean, for the lints (`lintable`).

mod bounded;
pub mod inputs;
mod lintable;
mod partial;
mod presets;
mod schema_errors;
pub mod sniff;
mod syntax;
mod syntax_scan;

pub use bounded::{
    read_file_limited, read_limited, read_line_limited, read_text_limited, regular_size,
    too_large as too_large_error,
};
pub use lintable::Partial;
pub use presets::{PRESETS, preset_names, resolve_rules};

use crate::diagnostic::Diagnostic;
use crate::model::MapFile;
use crate::spans::{Seg, SpanNode};
use std::ops::Range;
use std::path::Path;

/// Files larger than this are refused before parsing: no real map comes near it, and parsing
/// tens of megabytes of TOML only to report a schema error would make `check` slow.
pub const MAX_FILE_BYTES: usize = 8 * 1024 * 1024;

/// A loaded map file: its text, what was understood of it, and the problems found.
#[derive(Debug, Clone)]
pub struct Loaded {
    /// The name used in reports (the path as given).
    pub name: String,
    /// The file's text (lossily decoded when it was not UTF-8).
    pub text: String,
    /// The model, when the file parsed and matched the schema.
    pub map: Option<MapFile>,
    /// Spans of every key and value, when the file parsed.
    pub spans: Option<SpanNode>,
    pub diagnostics: Vec<Diagnostic>,
    /// When the file parsed but has errors: the parts of it that loaded and check clean
    /// (what `ttrmap check` lints, `lintable`), or why there are none.
    pub partial: Option<Result<Partial, String>>,
}

impl Loaded {
    /// The span of the value at `path` (or of its deepest existing ancestor).
    pub fn span_of(&self, path: &[Seg]) -> Option<Range<usize>> {
        self.spans.as_ref().map(|s| s.locate(path).value)
    }

    /// The span of the key at `path`, falling back to the value's.
    pub fn key_span_of(&self, path: &[Seg]) -> Option<Range<usize>> {
        self.spans.as_ref().map(|s| {
            let loc = s.locate(path);
            loc.key.unwrap_or(loc.value)
        })
    }

    pub fn has_errors(&self) -> bool {
        self.diagnostics
            .iter()
            .any(|d| d.severity == crate::diagnostic::Severity::Error)
    }
}

/// Codes reported by the loader itself, before the semantic checks.
pub const CODES: &[(&str, &str)] = &[
    ("toml-syntax", "the file is not valid TOML"),
    (
        "schema",
        "the file does not match the map format's JSON Schema (`ttrmap schema`)",
    ),
    ("encoding", "the file is not valid UTF-8"),
    (
        "file-too-large",
        "the file is larger than any map file should be",
    ),
    (
        "unknown-preset",
        "`rules.base` names a preset that does not exist",
    ),
    (
        "lint-skipped",
        "information (`check --verbose`): a lint rule not run on a file with errors, because a part of the map it reads did not load",
    ),
    (
        "internal",
        "a bug in ttrmap: the map passed the schema but not the model",
    ),
];

/// Reads and loads a file. `Err` is an I/O problem (exit code 2), not a map problem.
///
/// Reading stops one byte past [`MAX_FILE_BYTES`]: a 1 GiB file costs 8 MiB of memory, and an
/// endless one (`/dev/zero`, a pipe) ends instead of growing until memory runs out.
pub fn load_path(path: &Path) -> std::io::Result<Loaded> {
    let file = std::fs::File::open(path)?;
    let size = regular_size(&file);
    load_reader(&path.display().to_string(), file, size)
}

/// Reads and loads a map from `reader` (standard input for `check -`), bounded as
/// [`load_path`]; `size` when known, for the message.
pub fn load_reader(
    name: &str,
    reader: impl std::io::Read,
    size: Option<u64>,
) -> std::io::Result<Loaded> {
    Ok(match read_limited(reader, MAX_FILE_BYTES)? {
        Some(bytes) => load_bytes(name, &bytes),
        None => too_large(name, size),
    })
}

/// The `file-too-large` refusal; `size` when known (a regular file), else only "more than".
fn too_large(name: &str, size: Option<u64>) -> Loaded {
    let message = match size {
        Some(size) => {
            format!("file is {size} bytes; map files are limited to {MAX_FILE_BYTES} bytes")
        }
        None => format!(
            "file has more than {MAX_FILE_BYTES} bytes; map files are limited to {MAX_FILE_BYTES} bytes"
        ),
    };
    let d = Diagnostic::error("file-too-large", message)
        .with_span(0..0)
        .with_help("a map of a few thousand cities is well under 1 MB; is this the right file?");
    failed(name, String::new(), d)
}

/// Loads raw bytes: refuses oversized input and reports invalid UTF-8 at its position.
pub fn load_bytes(name: &str, bytes: &[u8]) -> Loaded {
    if bytes.len() > MAX_FILE_BYTES {
        return too_large(name, Some(bytes.len() as u64));
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => load_str(name, text),
        Err(e) => {
            let text = String::from_utf8_lossy(bytes).into_owned();
            // Offsets up to `valid_up_to` are identical in the lossy text.
            let at = e.valid_up_to();
            let d = Diagnostic::error("encoding", "file is not valid UTF-8")
                .with_span(at..at)
                .with_label("invalid byte here")
                .with_help("save the file as UTF-8; TOML requires it");
            failed(name, text, d)
        }
    }
}

fn failed(name: &str, text: String, d: Diagnostic) -> Loaded {
    Loaded {
        name: name.to_string(),
        text,
        map: None,
        spans: None,
        diagnostics: vec![d],
        partial: None,
    }
}

/// Loads TOML text.
pub fn load_str(name: &str, text: &str) -> Loaded {
    let mut loaded = Loaded {
        name: name.to_string(),
        text: text.to_string(),
        map: None,
        spans: None,
        diagnostics: Vec::new(),
        partial: None,
    };
    run_stages(&mut loaded, text);
    crate::report::text::shorten_messages(&mut loaded.diagnostics);
    sort_diagnostics(&mut loaded.diagnostics);
    loaded
}

/// The pipeline; each stage returns early when it found errors.
fn run_stages(loaded: &mut Loaded, text: &str) {
    let (table, errors) = toml::de::DeTable::parse_recoverable(text);
    if !errors.is_empty() {
        // One diagnostic, where the first problem began: what the parser reports after it
        // may follow from it (`syntax`).
        loaded.diagnostics.push(syntax::diagnose(text, &errors));
        return;
    }
    let converted = crate::spans::convert(&table);
    drop(table);
    // Numbers JSON cannot hold, date-times and noncharacters, each reported at its value.
    let bad_spans: Vec<_> = converted
        .bad_values
        .iter()
        .map(|b| b.span.clone())
        .collect();
    for bad in converted.bad_values {
        loaded.diagnostics.push(
            Diagnostic::error("schema", bad.message)
                .with_span(bad.span)
                .with_label(bad.label),
        );
    }
    loaded.spans = Some(converted.spans);

    // Presets are merged before validation, so a map may override one key of a preset's
    // table (`tickets = { draw = { deal = 4 } }`) without restating the others.
    let doc = converted.value;
    let (preset, known) = match presets::preset_of(&doc) {
        Ok(p) => (p, true),
        Err(d) => {
            let base_path = crate::path!["rules", "base"];
            let span = loaded.key_span_of(&base_path);
            loaded.diagnostics.push(Diagnostic { span, ..d });
            // Still validate the rest against the base game, so every problem shows at once.
            (serde_json::Value::Object(Default::default()), false)
        }
    };
    let resolved = presets::apply_preset(doc, preset);
    let spans = loaded.spans.as_ref().expect("set above");
    let schema = schema_errors::validate(&resolved, spans, text);
    // A value the converter already reported shows up again as a type error: keep one.
    loaded.diagnostics.extend(
        schema
            .into_iter()
            .filter(|d| d.span.as_ref().is_none_or(|s| !bad_spans.contains(s))),
    );
    if !known {
        loaded.partial = Some(Err("`rules.base` names no preset".into()));
        return;
    }
    if loaded.has_errors() {
        let spans = loaded.spans.as_ref().expect("set above");
        let (mut found, rest) = partial::check_rest(&resolved, spans, text);
        loaded.diagnostics.append(&mut found);
        loaded.partial = Some(match rest {
            // An item with a stood-in value is set aside for the lints (`partial`).
            Some(r) => match r.for_lints {
                Some(l) => lintable::lintable(l.map, l.dropped, l.gaps, text, spans),
                None => lintable::lintable(r.map, r.dropped, r.gaps, text, spans),
            },
            None => {
                Err("the schema errors outside the `[[...]]` items could not be set aside".into())
            }
        });
        return;
    }
    match serde_path_to_error::deserialize::<_, MapFile>(resolved) {
        Ok(map) => {
            let spans = loaded.spans.as_ref().expect("set above");
            let mut found = crate::check::check(&map, &loaded.text, spans);
            loaded.diagnostics.append(&mut found);
            if loaded.has_errors() {
                let gaps = inputs::Gaps::default();
                loaded.partial = Some(lintable::lintable(
                    map.clone(),
                    Vec::new(),
                    gaps,
                    text,
                    spans,
                ));
            }
            loaded.map = Some(map);
        }
        Err(e) => {
            // The schema is generated from the same types; what it cannot say (a whole
            // number written `2.0`, numeric keys out of range) stops the model here.
            let spans = loaded.spans.as_ref().expect("set above");
            loaded
                .diagnostics
                .push(schema_errors::model_error(&e, spans));
        }
    }
}

/// Source order, then severity: the order a reader expects.
pub fn sort_diagnostics(ds: &mut [Diagnostic]) {
    ds.sort_by(|a, b| {
        let ka = a
            .span
            .as_ref()
            .map(|s| (s.start, s.end))
            .unwrap_or((usize::MAX, 0));
        let kb = b
            .span
            .as_ref()
            .map(|s| (s.start, s.end))
            .unwrap_or((usize::MAX, 0));
        ka.cmp(&kb)
            .then(b.severity.cmp(&a.severity))
            .then(a.message.cmp(&b.message))
    });
}
