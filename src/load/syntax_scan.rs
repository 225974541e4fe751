//! A light scan of TOML text for the structure a typo breaks: strings, arrays, inline tables
//! and table headers. It does not parse values; it finds where a string, array or inline table
//! that never closes was opened, where two values meet without a comma, and which table
//! headers are written both as `[x]` and `[[x]]`.
//!
//! Why: the toml crate's recovering parser reports an unclosed array where it gives up (the end
//! of the file) after hundreds of errors it invented on the way; a person fixes it where it was
//! opened. `super::syntax` uses this scan to name that place. The scan is used only on text the
//! parser rejected, and it gives up (`None`) on anything it does not understand, leaving the
//! parser's own error to be reported.

use std::ops::Range;

/// The first break in the structure of the text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Issue {
    /// A single-line string (`"…` or `'…`) whose line ends before it does; or a multi-line one
    /// that runs to the end of the file.
    UnclosedString {
        open: usize,
        /// The end of the line (or of the file) the string runs into.
        end: usize,
        multiline: bool,
    },
    /// An array or inline table still open where a key or a table header begins (or at the
    /// end of the file): its closing bracket belongs after `last`, its last element.
    UnclosedContainer {
        kind: Container,
        open: usize,
        /// The end of the last element (or of the opening bracket or comma) before the break.
        last: usize,
    },
    /// Two array elements (or inline-table entries) with no comma between them.
    MissingComma {
        kind: Container,
        /// The start of the first element (where the parser may begin its own error: it
        /// reads `830 450` as one malformed value).
        first: usize,
        /// The end of the first element.
        after: usize,
        /// The second element.
        next: Range<usize>,
    },
}

impl Issue {
    /// Where the problem begins: the parser's errors from here on follow from it.
    pub(super) fn start(&self) -> usize {
        match self {
            Issue::UnclosedString { open, .. } | Issue::UnclosedContainer { open, .. } => *open,
            Issue::MissingComma { first, .. } => *first,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Container {
    Array,
    InlineTable,
}

/// A `[name]` or `[[name]]` header.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Header {
    /// The dotted name as written, quotes and spaces removed.
    pub name: String,
    pub array: bool,
    /// The header from its first `[` to its last `]`.
    pub span: Range<usize>,
}

/// What the scan found: the first structural issue (if it understood the text up to one),
/// and every table header before the point where it stopped.
#[derive(Debug, Default)]
pub(super) struct Scan {
    pub issue: Option<Issue>,
    pub headers: Vec<Header>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Tok {
    /// A bare word: key, number, boolean, date (letters, digits, `_ - + . :`).
    Bare,
    Str,
    Open(u8),
    Close(u8),
    Comma,
    Eq,
    Newline,
    End,
    /// A character no token starts with: the scan gives up there.
    Unknown,
}

/// One token with its span.
#[derive(Debug, Clone)]
struct Token {
    tok: Tok,
    span: Range<usize>,
}

/// Tokens of the text up to the first string that does not close (returned as the issue) or
/// the first character no TOML token starts with (`Tok::Unknown`: left to the parser).
fn tokens(text: &str) -> (Vec<Token>, Option<Issue>) {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    let line_end = |from: usize| text[from..].find('\n').map_or(text.len(), |n| from + n);
    while i < bytes.len() {
        let c = bytes[i];
        let start = i;
        let tok = match c {
            b' ' | b'\t' | b'\r' => {
                i += 1;
                continue;
            }
            b'#' => {
                i = line_end(i);
                continue;
            }
            b'\n' => {
                i += 1;
                Tok::Newline
            }
            b'[' | b'{' => {
                i += 1;
                Tok::Open(c)
            }
            b']' | b'}' => {
                i += 1;
                Tok::Close(c)
            }
            b',' => {
                i += 1;
                Tok::Comma
            }
            b'=' => {
                i += 1;
                Tok::Eq
            }
            b'"' | b'\'' => {
                let triple = text[i..].starts_with(if c == b'"' { "\"\"\"" } else { "'''" });
                match string_end(text, i, c, triple) {
                    Some(end) => {
                        i = end;
                        Tok::Str
                    }
                    None => {
                        let end = if triple { text.len() } else { line_end(i) };
                        let issue = Issue::UnclosedString {
                            open: i,
                            end: end_of_content(text, end),
                            multiline: triple,
                        };
                        return (out, Some(issue));
                    }
                }
            }
            c if is_bare(c) => {
                while i < bytes.len() && is_bare(bytes[i]) {
                    i += 1;
                }
                Tok::Bare
            }
            _ => break,
        };
        out.push(Token {
            tok,
            span: start..i,
        });
    }
    let tok = if i < bytes.len() {
        Tok::Unknown
    } else {
        Tok::End
    };
    out.push(Token { tok, span: i..i });
    (out, None)
}

/// `end` less the trailing carriage return of a CRLF line.
fn end_of_content(text: &str, end: usize) -> usize {
    if end > 0 && text.as_bytes().get(end - 1) == Some(&b'\r') {
        end - 1
    } else {
        end
    }
}

fn is_bare(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'+' | b'.' | b':')
}

/// The end of the string opening at `i` (past its closing quote), or `None` when it does not
/// close: a single-line string at the end of its line, a multi-line one at the end of the file.
fn string_end(text: &str, i: usize, quote: u8, triple: bool) -> Option<usize> {
    let bytes = text.as_bytes();
    let escapes = quote == b'"';
    let mut j = i + if triple { 3 } else { 1 };
    while j < bytes.len() {
        let c = bytes[j];
        if escapes && c == b'\\' {
            j += 2;
            continue;
        }
        if c == b'\n' && !triple {
            return None;
        }
        if c == quote {
            if !triple {
                return Some(j + 1);
            }
            if bytes.get(j + 1) == Some(&quote) && bytes.get(j + 2) == Some(&quote) {
                // Up to two more quotes belong to the string (`""""` ends `"` + `"""`).
                let mut end = j + 3;
                while end < bytes.len() && bytes[end] == quote && end < j + 5 {
                    end += 1;
                }
                return Some(end);
            }
        }
        j += 1;
    }
    None
}

/// What an open container waits for next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Want {
    /// An array element, or `]`.
    Value,
    /// `,` or the closing bracket.
    CommaOrClose,
    /// An inline table's key, or `}`.
    Key,
    /// `=` after an inline table's key.
    Eq,
    /// An inline table's value.
    TableValue,
}

struct Open {
    kind: Container,
    at: usize,
    want: Want,
    /// The end of the last token inside it that counts as content.
    last: usize,
    /// The start of its last element.
    last_start: usize,
}

/// Scans `text` for its first structural issue and its table headers.
pub(super) fn scan(text: &str) -> Scan {
    let (toks, string_issue) = tokens(text);
    let mut found = Scan::default();
    let mut stack: Vec<Open> = Vec::new();
    let mut line_start_tok = true;
    // Outside any container: expecting a key (line start), `=`, a value, or the line's end.
    let mut top = TopWant::LineStart;
    let mut k = 0;
    while k < toks.len() {
        let t = &toks[k];
        let first_on_line = line_start_tok;
        line_start_tok = t.tok == Tok::Newline;
        if t.tok == Tok::Newline {
            if stack.is_empty() {
                top = TopWant::LineStart;
            }
            k += 1;
            continue;
        }
        if t.tok == Tok::End {
            if let Some(open) = stack.last() {
                found.issue = Some(Issue::UnclosedContainer {
                    kind: open.kind,
                    open: open.at,
                    last: open.last,
                });
                return found;
            }
            break;
        }
        let Some(open) = stack.last_mut() else {
            match top {
                TopWant::LineStart => match t.tok {
                    Tok::Open(b'[') => {
                        let Some((header, next)) = header_at(text, &toks, k) else {
                            return found; // an unclosed header: the parser says it well
                        };
                        found.headers.push(header);
                        k = next;
                        top = TopWant::LineEnd;
                        continue;
                    }
                    Tok::Bare | Tok::Str => top = TopWant::KeyOrEq,
                    _ => return found,
                },
                TopWant::KeyOrEq => match t.tok {
                    Tok::Bare | Tok::Str => {}
                    Tok::Eq => top = TopWant::Value,
                    _ => return found,
                },
                TopWant::Value => match t.tok {
                    Tok::Bare | Tok::Str => top = TopWant::LineEnd,
                    Tok::Open(b) => {
                        stack.push(Open {
                            kind: container(b),
                            at: t.span.start,
                            want: if b == b'[' { Want::Value } else { Want::Key },
                            last: t.span.end,
                            last_start: t.span.start,
                        });
                    }
                    _ => return found,
                },
                TopWant::LineEnd => return found,
            }
            k += 1;
            continue;
        };
        // Inside an array or inline table. A key (`name =`) or a table header at the start of
        // a line cannot be an element: the container was never closed.
        if first_on_line && (starts_key_value(&toks, k) || header_at(text, &toks, k).is_some()) {
            found.issue = Some(Issue::UnclosedContainer {
                kind: open.kind,
                open: open.at,
                last: open.last,
            });
            return found;
        }
        match (open.want, t.tok) {
            (Want::Value | Want::TableValue, Tok::Bare | Tok::Str) => {
                open.want = Want::CommaOrClose;
                open.last = t.span.end;
                open.last_start = t.span.start;
            }
            (Want::Value | Want::TableValue, Tok::Open(b)) => {
                open.want = Want::CommaOrClose;
                stack.push(Open {
                    kind: container(b),
                    at: t.span.start,
                    want: if b == b'[' { Want::Value } else { Want::Key },
                    last: t.span.end,
                    last_start: t.span.start,
                });
            }
            (Want::Value, Tok::Close(b']')) => close(&mut stack, t.span.end, &mut top),
            (Want::CommaOrClose, Tok::Comma) => {
                open.want = match open.kind {
                    Container::Array => Want::Value,
                    Container::InlineTable => Want::Key,
                };
                open.last = t.span.end;
            }
            (Want::CommaOrClose, Tok::Close(b)) if b == closer(open.kind) => {
                close(&mut stack, t.span.end, &mut top)
            }
            (Want::CommaOrClose, Tok::Bare | Tok::Str | Tok::Open(_)) => {
                found.issue = Some(Issue::MissingComma {
                    kind: open.kind,
                    first: open.last_start,
                    after: open.last,
                    next: t.span.clone(),
                });
                return found;
            }
            (Want::Key, Tok::Bare | Tok::Str) => open.want = Want::Eq,
            (Want::Key, Tok::Close(b'}')) => close(&mut stack, t.span.end, &mut top),
            (Want::Eq, Tok::Bare | Tok::Str) => {}
            (Want::Eq, Tok::Eq) => open.want = Want::TableValue,
            _ => return found,
        }
        k += 1;
    }
    if found.issue.is_none() {
        found.issue = string_issue;
    }
    found
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum TopWant {
    LineStart,
    KeyOrEq,
    Value,
    LineEnd,
}

fn container(open: u8) -> Container {
    if open == b'[' {
        Container::Array
    } else {
        Container::InlineTable
    }
}

fn closer(kind: Container) -> u8 {
    match kind {
        Container::Array => b']',
        Container::InlineTable => b'}',
    }
}

/// Closes the innermost container; the closed one is the last element of its parent.
fn close(stack: &mut Vec<Open>, end: usize, top: &mut TopWant) {
    let closed = stack.pop().map_or(end, |o| o.at);
    match stack.last_mut() {
        Some(parent) => {
            parent.last = end;
            parent.last_start = closed;
        }
        None => *top = TopWant::LineEnd,
    }
}

/// Whether the tokens from `k` are a key and `=` (`name =`, `a.b =`, `"q" =`).
fn starts_key_value(toks: &[Token], k: usize) -> bool {
    let mut j = k;
    while matches!(toks.get(j).map(|t| t.tok), Some(Tok::Bare | Tok::Str)) {
        j += 1;
    }
    j > k && toks.get(j).map(|t| t.tok) == Some(Tok::Eq)
}

/// The table header starting at token `k` (`[` or `[[`, a name, the closing brackets, then the
/// end of the line), and the token after it; `None` when these tokens are not one (an
/// array of values is not: its name must hold a word no value is).
fn header_at(text: &str, toks: &[Token], k: usize) -> Option<(Header, usize)> {
    let open = toks.get(k)?;
    if open.tok != Tok::Open(b'[') {
        return None;
    }
    let array = toks
        .get(k + 1)
        .is_some_and(|t| t.tok == Tok::Open(b'[') && t.span.start == open.span.end);
    let mut j = k + if array { 2 } else { 1 };
    let name_from = j;
    while matches!(toks.get(j).map(|t| t.tok), Some(Tok::Bare | Tok::Str)) {
        j += 1;
    }
    if j == name_from {
        return None;
    }
    let words = &toks[name_from..j];
    let is_word = |t: &Token| {
        let s = &text[t.span.clone()];
        t.tok == Tok::Bare
            && s.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
            && !matches!(s, "true" | "false" | "inf" | "nan")
    };
    if !words.iter().any(is_word) {
        return None;
    }
    let closes = if array { 2 } else { 1 };
    for n in 0..closes {
        if toks.get(j + n)?.tok != Tok::Close(b']') {
            return None;
        }
    }
    let end = toks[j + closes - 1].span.end;
    let after = j + closes;
    if !matches!(
        toks.get(after).map(|t| t.tok),
        Some(Tok::Newline | Tok::End)
    ) {
        return None;
    }
    let name: String = words
        .iter()
        .map(|t| text[t.span.clone()].trim_matches(|c| c == '"' || c == '\''))
        .collect::<Vec<_>>()
        .join("");
    Some((
        Header {
            name,
            array,
            span: open.span.start..end,
        },
        after,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn issue(text: &str) -> Option<Issue> {
        scan(text).issue
    }

    #[test]
    fn valid_toml_has_no_issue() {
        let text = "a = 1\n[t]\nb = [1, [2, 3],\n  4, # c\n]\nc = { x = 1, y = \"]\" }\n\
                    [[r]]\nd = '''\nq\n'''\ne = \"\"\"x\"\"\"\"\n";
        assert_eq!(issue(text), None);
        let headers = scan(text).headers;
        assert_eq!(
            headers
                .iter()
                .map(|h| (h.name.as_str(), h.array))
                .collect::<Vec<_>>(),
            vec![("t", false), ("r", true)]
        );
    }

    #[test]
    fn an_unclosed_array_is_found_where_it_opened() {
        let text = "a = [\"x\", \"y\"\n\nb = 2\n";
        assert_eq!(
            issue(text),
            Some(Issue::UnclosedContainer {
                kind: Container::Array,
                open: 4,
                last: 13
            })
        );
        // At the end of the file too.
        assert!(matches!(
            issue("a = [1, 2"),
            Some(Issue::UnclosedContainer {
                open: 4,
                last: 9,
                ..
            })
        ));
        // Before a header.
        assert!(matches!(
            issue("a = [1,\n[[r]]\n"),
            Some(Issue::UnclosedContainer {
                open: 4,
                last: 7,
                ..
            })
        ));
    }

    #[test]
    fn values_without_a_comma() {
        assert_eq!(
            issue("p = [830 450]\n"),
            Some(Issue::MissingComma {
                kind: Container::Array,
                first: 5,
                after: 8,
                next: 9..12
            })
        );
    }

    #[test]
    fn an_unclosed_string_runs_to_its_line_end() {
        assert_eq!(
            issue("t = [\"big]\nx = 1\n"),
            Some(Issue::UnclosedString {
                open: 5,
                end: 10,
                multiline: false
            })
        );
    }
}
