//! SARIF 2.1.0 output: one run, the tool `ttrmap` with a rule per code used, one result per
//! diagnostic. Columns are counted in Unicode code points (`columnKind`), as `LineIndex` does.

use super::FileReport;
use crate::diagnostic::Severity;
use serde_json::{Value, json};
use std::collections::BTreeSet;

pub fn render(files: &[FileReport<'_>]) -> String {
    let located = super::locate(files);
    let codes: BTreeSet<&str> = located.iter().map(|d| d.code).collect();
    let rules: Vec<Value> = codes
        .iter()
        .map(|c| json!({ "id": c, "name": c }))
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
                        "artifactLocation": { "uri": d.file },
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
