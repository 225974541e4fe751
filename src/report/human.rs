//! Human output through miette: the file, line and column, the source excerpt, the span
//! underlined with its label, and the help line.

use super::FileReport;
use super::text::{escape_controls, mask_controls};
use crate::diagnostic::{Diagnostic, LineIndex, Severity};
use miette::{
    GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteError, MietteSpanContents,
    NamedSource, SourceCode, SourceSpan, SpanContents,
};
use std::fmt;

/// A source with its line starts indexed once. miette's own `SourceCode` for text scans from
/// the first byte for every excerpt, so a file with thousands of findings was read thousands
/// of times (17 s for 6,000 findings on a 600 KB map); this one starts each excerpt's scan at
/// the first line it shows and hands miette's own scanner only the rest, so the excerpt,
/// line and column are exactly miette's.
struct Indexed {
    text: String,
    /// Byte offset of every line's start, as miette counts lines (`\n`, `\r\n` or `\r`).
    starts: Vec<usize>,
}

impl Indexed {
    fn new(text: String) -> Self {
        let starts = crate::diagnostic::line_starts(&text);
        Indexed { text, starts }
    }
}

/// A line longer than this many bytes is shown only around the span, without context lines.
const LONG_LINE: usize = 240;
/// Bytes shown either side of a span on a long line.
const MARGIN: usize = 60;
/// Bytes of a span underlined at most on a long line.
const UNDERLINE_MAX: usize = 120;

impl Indexed {
    /// The excerpt of a span on a long line: `MARGIN` bytes either side of it, within its
    /// line, at character boundaries; offsets stay absolute, so the line and column are
    /// right while the excerpt stays short (miette pads by column and panics past 65,535,
    /// and its scanner reads the line from its start for every excerpt). `None` for a span
    /// on a short line, or one that runs past its line's break.
    fn window(&self, span: &SourceSpan, line: usize) -> Option<MietteSpanContents<'_>> {
        let start = self.starts[line];
        let next = self
            .starts
            .get(line + 1)
            .copied()
            .unwrap_or(self.text.len());
        let text = &self.text;
        let b = text.as_bytes();
        let mut end = next;
        while end > start && (b[end - 1] == b'\n' || b[end - 1] == b'\r') {
            end -= 1;
        }
        let span_end = span.offset() + span.len();
        if end - start <= LONG_LINE || span_end > next {
            return None;
        }
        let mut from = span.offset().saturating_sub(MARGIN).max(start);
        while !text.is_char_boundary(from) {
            from -= 1;
        }
        let mut to = (span_end + MARGIN).min(end).max(span_end);
        while !text.is_char_boundary(to) {
            to += 1;
        }
        Some(MietteSpanContents::new(
            &b[from..to],
            SourceSpan::new(from.into(), to - from),
            line,
            from - start,
            line,
        ))
    }
}

impl SourceCode for Indexed {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let line = self
            .starts
            .partition_point(|&s| s <= span.offset())
            .saturating_sub(1);
        if let Some(window) = self.window(span, line) {
            return Ok(Box::new(window));
        }
        // A long line is no context line: context stops before one.
        let long = |l: usize| {
            let next = self.starts.get(l + 1).copied().unwrap_or(self.text.len());
            next - self.starts[l] > LONG_LINE
        };
        let context_lines_before = (1..=context_lines_before)
            .take_while(|&k| k > line || !long(line - k))
            .count();
        let last = span.offset() + span.len().saturating_sub(1);
        let last = self
            .starts
            .partition_point(|&s| s <= last)
            .saturating_sub(1);
        let context_lines_after = (1..=context_lines_after)
            .take_while(|&k| last + k >= self.starts.len() || !long(last + k))
            .count();
        let first = line.saturating_sub(context_lines_before);
        let from = self.starts[first];
        let local = SourceSpan::new((span.offset() - from).into(), span.len());
        let inner = self.text.as_bytes()[from..].read_span(
            &local,
            context_lines_before,
            context_lines_after,
        )?;
        let at = inner.span();
        Ok(Box::new(MietteSpanContents::new(
            inner.data(),
            SourceSpan::new((at.offset() + from).into(), at.len()),
            inner.line() + first,
            inner.column(),
            inner.line_count() + first,
        )))
    }
}

/// The source as miette shows it, with our line and column in the `[file:line:col]` header.
/// miette counts columns in bytes; [`LineIndex`] counts characters (as editors and the other
/// formats do) and skips a byte-order mark. Control characters are masked (same byte length)
/// so an excerpt cannot drive the terminal. Excerpts come from `S` (in use, [`Indexed`]).
struct Source<'a, S: SourceCode + 'static> {
    named: NamedSource<S>,
    index: &'a LineIndex<'a>,
    /// The text the spans point into.
    text: &'a str,
}

impl<S: SourceCode + 'static> SourceCode for Source<'_, S> {
    fn read_span<'b>(
        &'b self,
        span: &SourceSpan,
        before: usize,
        after: usize,
    ) -> Result<Box<dyn SpanContents<'b> + 'b>, MietteError> {
        let inner = self.named.read_span(span, before, after)?;
        // The header reads the primary span with no context lines; excerpts keep miette's.
        if before != 0 || after != 0 {
            return Ok(inner);
        }
        let (line, column) = self.index.line_col(span.offset());
        Ok(Box::new(MietteSpanContents::new_named(
            self.named.name().to_string(),
            inner.data(),
            *inner.span(),
            line - 1,
            column - 1,
            inner.line_count(),
        )))
    }
}

/// A diagnostic bound to its source, as miette wants it.
struct Bound<'a, S: SourceCode + 'static> {
    d: &'a Diagnostic,
    source: &'a Source<'a, S>,
}

impl<S: SourceCode + 'static> fmt::Debug for Bound<'_, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&escape_controls(&self.d.message))
    }
}

impl<S: SourceCode + 'static> fmt::Display for Bound<'_, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&escape_controls(&self.d.message))
    }
}

impl<S: SourceCode + 'static> std::error::Error for Bound<'_, S> {}

impl<S: SourceCode + 'static> miette::Diagnostic for Bound<'_, S> {
    fn code<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        Some(Box::new(self.d.code))
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.d.severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
            Severity::Info => miette::Severity::Advice,
        })
    }

    fn help<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.d
            .help
            .as_ref()
            .map(|h| Box::new(escape_controls(h)) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        self.d
            .span
            .as_ref()
            .map(|_| self.source as &dyn miette::SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let span = self.d.span.clone()?;
        let mut end = span.end.max(span.start);
        // On a long line the underline stops within the line and after `UNDERLINE_MAX`
        // bytes (a character boundary of the masked text: the same bytes' boundaries).
        // A span running onto a long line stops at the end of its first line.
        let index = self.source.index;
        let line = index.line_bounds(span.start);
        if line.len() > LONG_LINE && span.start <= line.end {
            end = end.min(line.end).min(span.start + UNDERLINE_MAX);
            while !self.source.text.is_char_boundary(end) {
                end -= 1;
            }
        } else if end > line.end && index.line_bounds(end).len() > LONG_LINE {
            end = line.end.max(span.start);
        }
        let len = end.saturating_sub(span.start);
        let label = LabeledSpan::new_with_span(
            self.d
                .label
                .as_deref()
                .map(|l| escape_controls(l).into_owned()),
            SourceSpan::new(span.start.into(), len),
        );
        Some(Box::new(std::iter::once(label)))
    }
}

/// Renders every diagnostic, then a summary line.
pub fn render(files: &[FileReport<'_>], color: bool) -> String {
    render_with(files, color, |text| Indexed::new(text.to_string()))
}

/// [`render`] with the excerpts read from `source_of(masked text)`.
fn render_with<S: SourceCode + 'static>(
    files: &[FileReport<'_>],
    color: bool,
    source_of: impl Fn(&str) -> S,
) -> String {
    let theme = if color {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    let handler = GraphicalReportHandler::new_themed(theme)
        .with_width(100)
        .with_links(false);
    let mut out = String::new();
    for f in files {
        let index = LineIndex::new(f.text);
        let source = Source {
            named: NamedSource::new(escape_controls(f.name), source_of(&mask_controls(f.text)))
                .with_language("TOML"),
            index: &index,
            text: f.text,
        };
        for d in f.diagnostics {
            let bound = Bound { d, source: &source };
            if handler.render_report(&mut out, &bound).is_err() {
                out.push_str(&format!(
                    "{}: {}: {}\n",
                    escape_controls(f.name),
                    d.code,
                    escape_controls(&d.message)
                ));
            }
        }
    }
    out.push_str(&super::summary(files));
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indexed_excerpts_are_exactly_miettes() {
        // Mixed line ends, a blank line, a last line without one; spans everywhere, empty
        // and multi-line ones too.
        let text =
            "[map]\nid = \"x\"\r\nname = \"Ñame\"\n\n[[cities]]\rid = \"a\"\nposition = [1, 2]";
        let mut diagnostics = Vec::new();
        let mut at = 0;
        while at <= text.len() {
            if text.is_char_boundary(at) {
                for len in [0, 1, 7, 20] {
                    let end = (at + len).min(text.len());
                    if text.is_char_boundary(end) {
                        let mut d = Diagnostic::warning("test", format!("at {at}+{len}"));
                        d.span = Some(at..end);
                        diagnostics.push(d);
                    }
                }
            }
            at += 3;
        }
        let files = [FileReport {
            name: "x.toml",
            text,
            diagnostics: &diagnostics,
        }];
        let plain = render_with(&files, false, |text| text.to_string());
        assert!(plain.matches("x.toml:").count() >= diagnostics.len());
        assert_eq!(render(&files, false), plain);
    }

    #[test]
    fn a_long_line_is_shown_around_the_span() {
        // Multi-byte characters, a line far past column 65,535, a CRLF, a span running into
        // the next line, spans at the line's start, end and break.
        let long = "é".repeat(40_000);
        let text = format!("a = 1\r\nname = \"{long}\" oops\r\nb = 2\n{long}");
        let line2 = 7;
        let end2 = text.find(" oops").unwrap() + 5;
        let at = [
            (line2, 4),
            (line2 + 8 + 2 * 20_000, 2),
            (line2 + 8, 2 * 40_000 + 20),
            (end2 - 4, 4),
            (end2 - 2, 30),
            (end2, 1),
            (end2 + 2, 0),
            (text.len() - 2, 2),
            (end2 + 2, 12 + 2 * 30_000),
            (2, 20),
            (text.len(), 0),
        ];
        let diagnostics: Vec<Diagnostic> = at
            .iter()
            .map(|&(start, len)| {
                let mut d = Diagnostic::warning("test", format!("at {start}+{len}"));
                d.span = Some(start..start + len);
                d
            })
            .collect();
        let index = LineIndex::new(&text);
        for d in &diagnostics {
            let files = [FileReport {
                name: "x.toml",
                text: &text,
                diagnostics: std::slice::from_ref(d),
            }];
            let out = render(&files, false);
            assert!(out.len() < 1_500, "{}: {} bytes", d.message, out.len());
            let (line, col) = index.line_col(d.span.as_ref().unwrap().start);
            assert!(
                out.contains(&format!("[x.toml:{line}:{col}]")),
                "{}: {out}",
                d.message
            );
        }
    }
}
