//! Human output through miette: the file, line and column, the source excerpt, the span
//! underlined with its label, and the help line.

use super::FileReport;
use crate::diagnostic::{Diagnostic, Severity};
use miette::{GraphicalReportHandler, GraphicalTheme, LabeledSpan, NamedSource, SourceSpan};
use std::fmt;

/// A diagnostic bound to its source, as miette wants it.
struct Bound<'a> {
    d: &'a Diagnostic,
    source: &'a NamedSource<String>,
}

impl fmt::Debug for Bound<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.d.message)
    }
}

impl fmt::Display for Bound<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.d.message)
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
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
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
            self.d.label.clone(),
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
        let source = NamedSource::new(f.name, f.text.to_string()).with_language("TOML");
        for d in f.diagnostics {
            let bound = Bound { d, source: &source };
            if handler.render_report(&mut out, &bound).is_err() {
                out.push_str(&format!("{}: {}: {}\n", f.name, d.code, d.message));
            }
        }
    }
    out.push_str(&super::summary(files));
    out.push('\n');
    out
}
