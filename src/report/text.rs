//! Making map text safe to print: control characters escaped before they reach a terminal,
//! long values shortened before they are quoted in a message.

use std::borrow::Cow;

/// Characters a terminal acts on instead of showing: C0 and C1 controls (escape sequences
/// can retitle the window, clear the screen or fake output) and the bidirectional overrides
/// that reorder what is shown. Line feeds and tabs are layout and stay.
fn is_unsafe(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t')
        || ('\u{202A}'..='\u{202E}').contains(&c)
        || ('\u{2066}'..='\u{2069}').contains(&c)
        // Invisible marks a terminal acts on or hides: byte-order mark, left-to-right and
        // right-to-left marks, the Arabic letter mark, line and paragraph separators (the
        // zero-width joiner stays: it holds emoji together).
        || matches!(c, '\u{FEFF}' | '\u{200E}' | '\u{200F}' | '\u{61C}' | '\u{2028}' | '\u{2029}')
}

/// `text` with every unsafe character written as its TOML escape (`\u001B`), as the map
/// author would have typed it.
pub fn escape_controls(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_unsafe) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if is_unsafe(c) {
            out.push_str(&format!("\\u{:04X}", c as u32));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// `text` with every unsafe character replaced by a visible one of the same length in bytes
/// and characters, so byte spans into it stay valid: for a source excerpt.
pub fn mask_controls(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_unsafe) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(
        text.chars()
            .map(|c| match (is_unsafe(c), c.len_utf8()) {
                (false, _) => c,
                (true, 1) => '?',
                (true, 2) => '\u{B7}',
                // The bidirectional controls: three bytes, as U+FFFD.
                (true, _) => '\u{FFFD}',
            })
            .collect(),
    )
}

/// Values longer than this many characters are shortened when quoted in a message.
pub const QUOTE_MAX: usize = 60;

/// `text` in backticks for a message; a long value is cut, with its length said after it
/// (`` `xxxx…` (10000 characters) ``), so a report does not repeat a whole file.
pub fn quote(text: &str) -> String {
    match cut(text) {
        None => format!("`{text}`"),
        Some((head, n)) => format!("`{head}…` ({n} characters)"),
    }
}

/// A JSON value as a message shows it (`"text"`, `42`), a long one cut as [`quote`] does.
pub fn quote_json(value: &serde_json::Value) -> String {
    let shown = value.to_string();
    match (value.as_str().and_then(cut), cut(&shown)) {
        (Some((head, n)), _) => format!("{}… ({n} characters)", serde_json::Value::from(head)),
        (None, Some((head, _))) => format!("{head}…"),
        (None, None) => shown,
    }
}

/// `message` with every backtick-quoted value longer than [`QUOTE_MAX`] cut as [`quote`]
/// does: for messages built before their values were known to be long (an unknown city id
/// of 10,000 characters).
pub fn shorten_quoted(message: &str) -> Cow<'_, str> {
    // Split on backticks: odd parts are quoted when a closing backtick follows them.
    let parts: Vec<&str> = message.split('`').collect();
    let quoted = |i: usize| i % 2 == 1 && i + 1 < parts.len();
    if !(0..parts.len()).any(|i| quoted(i) && cut(parts[i]).is_some()) {
        return Cow::Borrowed(message);
    }
    let mut out = String::with_capacity(message.len().min(1024));
    for (i, part) in parts.iter().enumerate() {
        match cut(part).filter(|_| quoted(i)) {
            // Both backticks come from `quote`: skip the closing one that follows.
            Some(_) => out.push_str(&quote(part)),
            None => {
                if i > 0 && !(quoted(i - 1) && cut(parts[i - 1]).is_some()) {
                    out.push('`');
                }
                out.push_str(part);
            }
        }
    }
    Cow::Owned(out)
}

/// Cuts long quoted values in every message (and label) of `diagnostics`.
pub fn shorten_messages(diagnostics: &mut [crate::diagnostic::Diagnostic]) {
    for d in diagnostics {
        if let Cow::Owned(m) = shorten_quoted(&d.message) {
            d.message = m;
        }
        if let Some(Cow::Owned(l)) = d.label.as_deref().map(shorten_quoted) {
            d.label = Some(l);
        }
    }
}

/// Names longer than this many characters are cut in a table's name column.
pub const COLUMN_MAX: usize = 48;

/// `name` as a table's name column shows it: at most [`COLUMN_MAX`] characters, a longer one
/// cut with `…`. A column padded to its longest name stays narrow enough to read, and within
/// what `format!` can pad (a width over 65,535 panics).
pub fn column(name: &str) -> Cow<'_, str> {
    match name.char_indices().nth(COLUMN_MAX) {
        None => Cow::Borrowed(name),
        Some(_) => {
            let mut out: String = name.chars().take(COLUMN_MAX - 1).collect();
            out.push('…');
            Cow::Owned(out)
        }
    }
}

/// The first characters of a text longer than [`QUOTE_MAX`], and its length in characters.
fn cut(text: &str) -> Option<(String, usize)> {
    let n = text.chars().count();
    (n > QUOTE_MAX).then(|| (text.chars().take(QUOTE_MAX - 20).collect(), n))
}

/// A unified diff from `old` to `new` for `name`, two lines of context: how `fix`, `layout`
/// and `tune` show a change to a map file before writing it.
pub fn unified_diff(name: &str, old: &str, new: &str) -> String {
    similar::TextDiff::from_lines(old, new)
        .unified_diff()
        .context_radius(2)
        .header(name, name)
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_what_a_terminal_would_act_on() {
        assert_eq!(escape_controls("a\u{1b}]0;x\u{7}b"), "a\\u001B]0;x\\u0007b");
        assert_eq!(escape_controls("a\u{9b}b\u{202E}c"), "a\\u009Bb\\u202Ec");
        assert_eq!(escape_controls("line\n\tnext León"), "line\n\tnext León");
    }

    #[test]
    fn masking_keeps_every_byte_offset() {
        let text = "a\u{1b}b\u{9b}c\u{202E}d\ne";
        let masked = mask_controls(text);
        assert_eq!(masked.len(), text.len());
        assert_eq!(masked.chars().count(), text.chars().count());
        assert!(!masked.chars().any(is_unsafe));
        assert_eq!(masked.find('e'), text.find('e'));
    }

    /// Issue 41, item 14: a byte-order mark reached a snippet raw (invisible, and it moves a
    /// terminal's cursor); so do the other invisible marks that are not part of a character
    /// sequence (the zero-width joiner stays: it holds emoji together).
    #[test]
    fn invisible_marks_are_masked_and_escaped() {
        let text = "\u{FEFF}[map]\u{200E}x\u{2028}y\u{61C}z 👩\u{200D}👧";
        let masked = mask_controls(text);
        assert_eq!(masked.len(), text.len());
        for c in ['\u{FEFF}', '\u{200E}', '\u{2028}', '\u{61C}'] {
            assert!(!masked.contains(c), "{c:?} in {masked:?}");
        }
        assert!(masked.contains('\u{200D}'));
        assert_eq!(escape_controls("\u{FEFF}a"), "\\uFEFFa");
    }

    #[test]
    fn long_values_are_shortened_with_their_length() {
        assert_eq!(quote("short"), "`short`");
        let long = "é".repeat(10_000);
        let q = quote(&long);
        assert!(q.ends_with("…` (10000 characters)"), "{q}");
        assert!(q.chars().count() < QUOTE_MAX + 10);
        let j = quote_json(&serde_json::Value::from(long));
        assert!(
            j.starts_with("\"éé") && j.ends_with("\"… (10000 characters)"),
            "{j}"
        );
        assert_eq!(quote_json(&serde_json::json!(42)), "42");
    }

    #[test]
    fn long_names_are_cut_to_a_column() {
        assert_eq!(column("Longest path"), "Longest path");
        let exact = "é".repeat(COLUMN_MAX);
        assert_eq!(column(&exact), exact);
        let long = "é".repeat(70_000);
        let cut = column(&long);
        assert_eq!(cut.chars().count(), COLUMN_MAX);
        assert!(cut.ends_with("é…"), "{cut}");
    }

    #[test]
    fn long_quoted_values_in_a_message_are_cut() {
        let long = "y".repeat(10_000);
        let m = format!("route names unknown city `{long}` near `a`");
        let short = shorten_quoted(&m);
        assert!(
            short.starts_with("route names unknown city `yyyy")
                && short.ends_with("…` (10000 characters) near `a`"),
            "{short}"
        );
        assert_eq!(shorten_quoted("`a` and `b`"), "`a` and `b`");
        let unpaired = format!("x `a` `{long}");
        assert_eq!(shorten_quoted(&unpaired), unpaired);
    }
}
