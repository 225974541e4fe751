//! Printing diagnostics: human text (miette), JSON, GitHub workflow annotations, SARIF 2.1.0.
//! Each format is one file; all read the same [`FileReport`]s.

mod github;
mod human;
mod json;
mod sarif;
pub mod text;

use crate::diagnostic::{Diagnostic, LineIndex, Severity};

/// The output formats of `check`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Source excerpts with the problem underlined (miette).
    Human,
    /// One JSON array of objects with code, severity, message, file, line, column, ...
    Json,
    /// GitHub Actions workflow commands (`::error file=...`).
    Github,
    /// SARIF 2.1.0, for code-scanning tools.
    Sarif,
}

/// One file's text and its diagnostics.
pub struct FileReport<'a> {
    pub name: &'a str,
    pub text: &'a str,
    pub diagnostics: &'a [Diagnostic],
}

/// A diagnostic with its position resolved to lines and columns (1-based, characters).
#[derive(Debug, Clone, serde::Serialize)]
pub struct Located<'a> {
    pub code: &'a str,
    pub severity: Severity,
    pub message: &'a str,
    pub file: &'a str,
    pub line: usize,
    pub column: usize,
    pub end_line: usize,
    pub end_column: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub help: Option<&'a str>,
}

/// Resolves every diagnostic of every file to lines and columns.
pub fn locate<'a>(files: &'a [FileReport<'a>]) -> Vec<Located<'a>> {
    let mut out = Vec::new();
    for f in files {
        let index = LineIndex::new(f.text);
        for d in f.diagnostics {
            let span = d.span.clone().unwrap_or(0..0);
            let (line, column) = index.line_col(span.start);
            let (end_line, end_column) = index.line_col(span.end.max(span.start));
            out.push(Located {
                code: d.code,
                severity: d.severity,
                message: &d.message,
                file: f.name,
                line,
                column,
                end_line,
                end_column,
                label: d.label.as_deref(),
                help: d.help.as_deref(),
            });
        }
    }
    out
}

/// A code's one-line summary, for formats that describe their codes (SARIF): the table is
/// the lints' (`lint::codes::summary`), handed down rather than read from up there.
pub type Summary = fn(&str) -> Option<String>;

/// Renders the reports in `format`; `summary` describes codes where the format does.
pub fn render(format: Format, files: &[FileReport<'_>], color: bool, summary: Summary) -> String {
    match format {
        Format::Human => human::render(files, color),
        Format::Json => json::render(files),
        Format::Github => github::render(files),
        Format::Sarif => sarif::render(files, summary),
    }
}

/// `2 errors, 1 warning in 3 files`.
pub fn summary(files: &[FileReport<'_>]) -> String {
    let count = |s| {
        files
            .iter()
            .flat_map(|f| f.diagnostics)
            .filter(|d| d.severity == s)
            .count()
    };
    let (e, w) = (count(Severity::Error), count(Severity::Warning));
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    format!(
        "{}, {} in {}",
        plural(e, "error"),
        plural(w, "warning"),
        plural(files.len(), "file")
    )
}
