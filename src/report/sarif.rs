//! SARIF 2.1.0 output: one run, the tool `ttrmap` with a rule per code used, one result per
//! diagnostic. Columns are counted in Unicode code points (`columnKind`), as `LineIndex` does.

use super::FileReport;
use crate::diagnostic::Severity;
use serde_json::{Value, json};
use std::collections::BTreeSet;

pub fn render(files: &[FileReport<'_>], summary: super::Summary) -> String {
    let located = super::locate(files);
    let codes: BTreeSet<&str> = located.iter().map(|d| d.code).collect();
    let rules: Vec<Value> = codes
        .iter()
        .map(|c| {
            let text = summary(c).unwrap_or_else(|| c.to_string());
            json!({
                "id": c,
                "name": c,
                "shortDescription": { "text": text },
                "help": { "text": format!("ttrmap explain {c}") },
            })
        })
        .collect();
    let results: Vec<Value> = located
        .iter()
        .map(|d| {
            let level = match d.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
                Severity::Info => "note",
            };
            let mut text = d.message.to_string();
            if let Some(help) = d.help {
                text.push_str(&format!(" (help: {help})"));
            }
            json!({
                "ruleId": d.code,
                "level": level,
                "message": { "text": text },
                "locations": [{
                    "physicalLocation": {
                        "artifactLocation": artifact(d.file),
                        "region": {
                            "startLine": d.line,
                            "startColumn": d.column,
                            "endLine": d.end_line,
                            "endColumn": d.end_column.max(d.column),
                        }
                    }
                }]
            })
        })
        .collect();
    let doc = json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": { "driver": {
                "name": "ttrmap",
                "version": env!("CARGO_PKG_VERSION"),
                "informationUri": "https://github.com/ttrmap/ttrmap",
                "rules": rules,
            }},
            "columnKind": "unicodeCodePoints",
            "results": results,
        }]
    });
    let mut s = serde_json::to_string_pretty(&doc).expect("plain data serialises");
    s.push('\n');
    s
}

/// Characters escaped in a URI path: controls, space and the delimiters that would end or
/// change a path segment; `/` is kept.
const PATH: &percent_encoding::AsciiSet = &percent_encoding::CONTROLS
    .add(b' ')
    .add(b'"')
    .add(b'#')
    .add(b'%')
    .add(b'<')
    .add(b'>')
    .add(b'?')
    .add(b'[')
    .add(b']')
    .add(b'\\')
    .add(b'^')
    .add(b'`')
    .add(b'{')
    .add(b'|')
    .add(b'}');

/// An artifact location as SARIF wants it: a valid URI. An absolute path becomes a `file://`
/// URI; a relative one a relative reference against `%SRCROOT%` (the folder `check` ran in).
fn artifact(file: &str) -> Value {
    let path = file.replace('\\', "/");
    let encoded = percent_encoding::utf8_percent_encode(&path, PATH).to_string();
    if path.starts_with('/') {
        json!({ "uri": format!("file://{encoded}") })
    } else if path.as_bytes().get(1) == Some(&b':') {
        // A Windows drive path: `C:/maps/x.toml` → `file:///C:/maps/x.toml`.
        json!({ "uri": format!("file:///{encoded}") })
    } else {
        json!({ "uri": encoded, "uriBaseId": "%SRCROOT%" })
    }
}
