//! JSON output: an array of objects with `code`, `severity`, `message`, `file`, `line`,
//! `column`, `end_line`, `end_column`, and `label` and `help` when present.

use super::FileReport;

pub fn render(files: &[FileReport<'_>]) -> String {
    let located = super::locate(files);
    let mut s = serde_json::to_string_pretty(&located).expect("plain data serialises");
    s.push('\n');
    s
}
