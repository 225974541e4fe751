//! One problem found in a map file, independent of how it is printed.
//!
//! Every stage (syntax, schema, semantic checks, lints) produces [`Diagnostic`]s; the
//! `report` module prints them as human text (miette), JSON, GitHub annotations or SARIF.

use serde::Serialize;
use std::ops::Range;

/// How serious a problem is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Info,
    Warning,
    Error,
}

impl Severity {
    pub fn name(self) -> &'static str {
        match self {
            Severity::Info => "info",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

/// A problem with a stable code, a message and the byte span it concerns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// Stable id: `toml-syntax`, `schema`, `unknown-city`, ... (`ttrmap explain CODE`).
    pub code: &'static str,
    pub severity: Severity,
    pub message: String,
    /// Byte range in the source; `None` for whole-file problems.
    pub span: Option<Range<usize>>,
    /// Text under the underline.
    pub label: Option<String>,
    pub help: Option<String>,
    /// Text that replaces the text at `span` and fixes the problem, when there is exactly one
    /// sure fix (a ticket's value, a misspelt id with one close match): `check --fix` applies it.
    /// Boxed: rare, and the diagnostic stays small enough to travel in a `Result`.
    pub fix: Option<Box<String>>,
}

impl Diagnostic {
    /// Sets the text that replaces the span to fix the problem (see [`Diagnostic::fix`]).
    pub fn with_fix(mut self, text: impl Into<String>) -> Self {
        self.fix = Some(Box::new(text.into()));
        self
    }

    pub fn error(code: &'static str, message: impl Into<String>) -> Self {
        Diagnostic {
            code,
            severity: Severity::Error,
            message: message.into(),
            span: None,
            label: None,
            help: None,
            fix: None,
        }
    }

    pub fn warning(code: &'static str, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            ..Self::error(code, message)
        }
    }

    pub fn with_span(mut self, span: Range<usize>) -> Self {
        self.span = Some(span);
        self
    }

    pub fn with_label(mut self, label: impl Into<String>) -> Self {
        self.label = Some(label.into());
        self
    }

    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    pub fn with_help_opt(mut self, help: Option<String>) -> Self {
        self.help = help;
        self
    }
}

/// Byte offset of every line's start, as miette counts lines (`\n`, `\r\n` or a lone `\r`).
pub fn line_starts(text: &str) -> Vec<usize> {
    let bytes = text.as_bytes();
    let mut starts = vec![0];
    for (i, &b) in bytes.iter().enumerate() {
        if b == b'\n' || (b == b'\r' && bytes.get(i + 1) != Some(&b'\n')) {
            starts.push(i + 1);
        }
    }
    starts
}

/// Turns byte offsets into 1-based line and column, by the one rule every report format
/// uses: columns count characters (not bytes, not display width), a byte-order mark is not a
/// column, and a line ends at LF, CRLF or a lone CR (as editors and miette's excerpts show it).
pub struct LineIndex<'a> {
    text: &'a str,
    line_starts: Vec<usize>,
}

impl<'a> LineIndex<'a> {
    pub fn new(text: &'a str) -> Self {
        LineIndex {
            text,
            line_starts: line_starts(text),
        }
    }

    /// Byte range of the line holding `offset` (clamped to the text), without its line break.
    pub fn line_bounds(&self, offset: usize) -> std::ops::Range<usize> {
        let offset = offset.min(self.text.len());
        let line = self.line_starts.partition_point(|&s| s <= offset) - 1;
        let start = self.line_starts[line];
        let next = self
            .line_starts
            .get(line + 1)
            .copied()
            .unwrap_or(self.text.len());
        let line_text = &self.text.as_bytes()[start..next];
        let breaks = line_text
            .iter()
            .rev()
            .take(2)
            .take_while(|&&b| b == b'\n' || b == b'\r')
            .count();
        start..next - breaks
    }

    /// `(line, column)`, both 1-based, of a byte offset (clamped to the text).
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let line = self.line_starts.partition_point(|&s| s <= offset) - 1;
        let start = self.line_starts[line];
        let mut end = offset;
        while !self.text.is_char_boundary(end) {
            end -= 1;
        }
        let mut col = self.text[start..end].chars().count() + 1;
        if start == 0 && end > 0 && self.text.starts_with('\u{FEFF}') {
            col -= 1;
        }
        (line + 1, col)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_counts_characters() {
        let idx = LineIndex::new("a = 1\nname = \"León\"\nx");
        assert_eq!(idx.line_col(0), (1, 1));
        assert_eq!(idx.line_col(6), (2, 1));
        // "name = \"Le" is 10 bytes, 10 chars; 'ó' is 2 bytes, so 'n' is at byte 6+12.
        assert_eq!(idx.line_col(6 + 12), (2, 12));
        assert_eq!(idx.line_col(10_000), (3, 2));
        assert_eq!(idx.line_bounds(8), 6..20);
        assert_eq!(idx.line_bounds(20), 6..20);
        assert_eq!(idx.line_bounds(21), 21..22);
        let crlf = LineIndex::new("ab\r\ncd\re\n\n");
        assert_eq!(crlf.line_bounds(1), 0..2);
        assert_eq!(crlf.line_bounds(3), 0..2);
        assert_eq!(crlf.line_bounds(5), 4..6);
        assert_eq!(crlf.line_bounds(7), 7..8);
        assert_eq!(crlf.line_bounds(9), 9..9);
        assert_eq!(crlf.line_bounds(10), 10..10);
    }

    #[test]
    fn lines_end_at_lf_crlf_and_lone_cr_and_a_bom_is_no_column() {
        let idx = LineIndex::new("a\r\nb\rc\nd");
        assert_eq!(idx.line_col(3), (2, 1));
        assert_eq!(idx.line_col(5), (3, 1));
        assert_eq!(idx.line_col(7), (4, 1));
        let bom = LineIndex::new("\u{FEFF}ab");
        assert_eq!(bom.line_col(0), (1, 1));
        assert_eq!(bom.line_col(3), (1, 1));
        assert_eq!(bom.line_col(4), (1, 2));
    }
}
