//! Documentation read from a source file's own `//!` comment, so that `ttrmap explain`
//! prints exactly what the code's authors wrote beside the code (lint rules, engine
//! mechanic modules) and the two never drift apart.

/// The leading `//!` lines of `source`, without the markers.
pub fn module_doc(source: &str) -> String {
    source
        .lines()
        .take_while(|l| l.starts_with("//!"))
        .map(|l| {
            let text = l.trim_start_matches("//!");
            text.strip_prefix(' ').unwrap_or(text)
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The first sentence of the first paragraph of `doc` (headings skipped).
pub fn summary(doc: &str) -> String {
    let paragraph: Vec<&str> = doc
        .lines()
        .skip_while(|l| l.trim().is_empty() || l.starts_with('#'))
        .take_while(|l| !l.trim().is_empty())
        .collect();
    let text = paragraph.join(" ");
    match text.find(". ") {
        Some(i) => text[..=i].to_string(),
        None => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_leading_comment_and_its_first_sentence() {
        let source =
            "//! # Title\n//!\n//! First one. Second.\n//!   indented\nfn x() {}\n//! not this";
        let doc = module_doc(source);
        assert_eq!(doc, "# Title\n\nFirst one. Second.\n  indented");
        assert_eq!(summary(&doc), "First one.");
        assert_eq!(summary("No full stop"), "No full stop");
    }
}
