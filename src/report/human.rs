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

/// The source as miette shows it, with our line and column in the `[file:line:col]` header.
/// miette counts columns in bytes; [`LineIndex`] counts characters (as editors and the other
/// formats do) and skips a byte-order mark. Control characters are masked (same byte length)
/// so an excerpt cannot drive the terminal.
struct Source<'a> {
    named: NamedSource<String>,
    index: &'a LineIndex<'a>,
}

impl SourceCode for Source<'_> {
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
struct Bound<'a> {
    d: &'a Diagnostic,
    source: &'a Source<'a>,
}

impl fmt::Debug for Bound<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&escape_controls(&self.d.message))
    }
}

impl fmt::Display for Bound<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&escape_controls(&self.d.message))
    }
}

impl std::error::Error for Bound<'_> {}

impl miette::Diagnostic for Bound<'_> {
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
        let len = span.end.saturating_sub(span.start);
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
            named: NamedSource::new(escape_controls(f.name), mask_controls(f.text).into_owned())
                .with_language("TOML"),
            index: &index,
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
