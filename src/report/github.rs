//! GitHub Actions workflow commands: one `::error` / `::warning` / `::notice` line per
//! diagnostic, shown as annotations on the pull request. Escaping follows actions/toolkit.

use super::FileReport;
use crate::diagnostic::Severity;

pub fn render(files: &[FileReport<'_>]) -> String {
    let mut out = String::new();
    for d in super::locate(files) {
        let command = match d.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "notice",
        };
        let mut message = d.message.to_string();
        if let Some(help) = d.help {
            message.push_str("\nhelp: ");
            message.push_str(help);
        }
        let mut props = format!("file={},line={}", property(d.file), d.line);
        if d.line == d.end_line {
            props.push_str(&format!(",col={},endColumn={}", d.column, d.end_column));
        } else {
            props.push_str(&format!(",col={},endLine={}", d.column, d.end_line));
        }
        props.push_str(&format!(
            ",title={}",
            property(&format!("ttrmap {}", d.code))
        ));
        out.push_str(&format!("::{command} {props}::{}\n", data(&message)));
    }
    out
}

/// The toolkit's escaping, then any other control character as its TOML escape: the log
/// that shows these lines is a terminal too.
fn data(s: &str) -> String {
    let s = s
        .replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A");
    super::text::escape_controls(&s).into_owned()
}

fn property(s: &str) -> String {
    data(s).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_as_the_toolkit_does() {
        assert_eq!(data("50%\nnext"), "50%25%0Anext");
        assert_eq!(property("a:b,c"), "a%3Ab%2Cc");
    }
}
