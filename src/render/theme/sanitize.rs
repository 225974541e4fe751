//! What a theme file may say. A theme is shared like a map, and its CSS is embedded in every
//! SVG and HTML page ttrmap writes, so it is untrusted text: a `</style><script>`, an
//! `@import` or a `url(...)` in it would run script or fetch from outside wherever the board
//! is opened, and a `<` or `&` would make the SVG ill-formed.
//!
//! So a theme is read as a list of rules and only what the shipped themes use is kept:
//! selectors of class and element names (and `:root`, where the variables are set), the
//! properties in [`PROPERTIES`], and values made of colours (`#hex`, `rgb()`/`hsl()`, names),
//! numbers with units, keywords, `var(--name)` and the embedded font. Everything else is
//! dropped and reported with its position; `render` refuses a theme with any such report.
//! What is kept cannot close the `<style>` element, start markup or an entity, or name a URL,
//! whatever the input (`tests/browser/hostile_theme.rs` opens hostile themes in Chromium).

use crate::report::text::{escape_controls, quote};
use std::ops::Range;

/// The properties a theme may set: those the shipped base rules use, and the opacities,
/// dash offset, miter limit and visibility (plain paint settings, nothing that fetches).
pub const PROPERTIES: &[&str] = &[
    "fill",
    "fill-opacity",
    "font-family",
    "font-size",
    "font-style",
    "font-weight",
    "letter-spacing",
    "opacity",
    "paint-order",
    "pointer-events",
    "stroke",
    "stroke-dasharray",
    "stroke-dashoffset",
    "stroke-linecap",
    "stroke-linejoin",
    "stroke-miterlimit",
    "stroke-opacity",
    "stroke-width",
    "visibility",
];

/// The font families embedded in ttrmap's pages and PNGs ([`super::super::fonts`]): the only
/// names a theme may quote. Generic families (`sans-serif`, `serif`, ...) are keywords.
pub const FONTS: &[&str] = &["Noto Sans"];

/// Functions a value may call: colours, and a variable of the theme.
const FUNCTIONS: &[&str] = &["rgb", "rgba", "hsl", "hsla", "var"];

/// Something dropped from a theme: where (a byte offset into the text given to
/// [`sanitize`]) and why.
#[derive(Debug, Clone, PartialEq)]
pub struct Dropped {
    pub offset: usize,
    pub why: String,
}

/// A theme's text without comments and without what a theme may not say.
#[derive(Debug, Clone, PartialEq)]
pub struct Sanitized {
    pub css: String,
    pub dropped: Vec<Dropped>,
}

/// Reads `text` as a theme file: comments removed, every rule and declaration checked.
pub fn sanitize(text: &str) -> Sanitized {
    let (s, map) = strip_comments_mapped(text);
    let mut drops: Vec<(Range<usize>, String)> = Vec::new();
    let b = s.as_bytes();
    let mut i = 0;
    loop {
        while i < b.len() && is_space(b[i]) {
            i += 1;
        }
        if i >= b.len() {
            break;
        }
        let start = i;
        let Some(j) = s[i..].find(['{', ';', '}']).map(|k| i + k) else {
            drops.push((start..b.len(), outside(&s[start..])));
            break;
        };
        if b[j] != b'{' {
            drops.push((start..j + 1, outside(&s[start..=j])));
            i = j + 1;
            continue;
        }
        let prelude = s[start..j].trim();
        let Some(close) = s[j + 1..].find('}').map(|k| j + 1 + k) else {
            drops.push((
                start..b.len(),
                format!("the rule {} has no closing `}}`", snippet(prelude)),
            ));
            break;
        };
        let block = &s[j + 1..close];
        if let Some(nested) = block.find('{') {
            // A nested block (or a stray brace): the whole rule goes, up to the brace that
            // closes the outermost block.
            let end = matching_close(&s, j).unwrap_or(b.len());
            drops.push((
                start..(end + 1).min(b.len()),
                format!(
                    "a block inside the rule {} (at {}): a theme's rules hold declarations only",
                    snippet(prelude),
                    snippet(&block[nested..])
                ),
            ));
            i = end + 1;
            continue;
        }
        if let Err(why) = selectors(prelude) {
            drops.push((start..close + 1, why));
        } else {
            declarations(block, j + 1, prelude == ":root", &mut drops);
        }
        i = close + 1;
    }
    let mut css = String::with_capacity(s.len());
    let mut copied = 0;
    for (range, _) in &drops {
        css.push_str(&s[copied..range.start]);
        copied = range.end;
    }
    css.push_str(&s[copied..]);
    let dropped = drops
        .into_iter()
        .map(|(range, why)| Dropped {
            offset: original_offset(&map, range.start),
            why,
        })
        .collect();
    Sanitized { css, dropped }
}

/// Checks each `name: value;` of a rule's block (at `offset` in the text), dropping the bad
/// ones.
fn declarations(block: &str, offset: usize, root: bool, drops: &mut Vec<(Range<usize>, String)>) {
    let mut at = 0;
    for part in block.split_inclusive(';') {
        let lead = part.len() - part.trim_start().len();
        let decl = part.trim().trim_end_matches(';').trim_end();
        if !decl.is_empty()
            && let Err(why) = declaration(decl, root)
        {
            drops.push((offset + at + lead..offset + at + part.len(), why));
        }
        at += part.len();
    }
}

fn declaration(decl: &str, root: bool) -> Result<(), String> {
    let Some((name, value)) = decl.split_once(':') else {
        return Err(format!(
            "{} is not a declaration (`property: value`)",
            snippet(decl)
        ));
    };
    let (name, value) = (name.trim(), value.trim());
    if let Some(var) = name.strip_prefix("--") {
        if !is_ident(var) {
            return Err(format!("{} is not a variable name", snippet(name)));
        }
        if !root {
            return Err(format!(
                "the variable {} is set outside `:root`: a theme sets its variables in `:root`",
                snippet(name)
            ));
        }
    } else if !PROPERTIES.contains(&name) {
        return Err(format!(
            "the property {} is not one a theme may set ({})",
            snippet(name),
            PROPERTIES.join(", ")
        ));
    }
    value_ok(value).map_err(|why| format!("the value of {}: {why}", snippet(name)))
}

/// A value: colours, numbers with units, keywords, commas, `var(--name)`, `rgb()`/`hsl()`
/// of numbers, and quoted embedded font names.
fn value_ok(value: &str) -> Result<(), String> {
    let allowed = || {
        format!(
            "{} is not allowed (a theme's values are colours, sizes, keywords, `var(--name)` and the font '{}')",
            snippet(value),
            FONTS.join("', '")
        )
    };
    if value.is_empty() {
        return Err("it is empty".into());
    }
    let b = value.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if is_space(c) || c == b',' {
            i += 1;
        } else if c == b'#' {
            let n = b[i + 1..]
                .iter()
                .take_while(|x| x.is_ascii_hexdigit())
                .count();
            if !(3..=8).contains(&n) {
                return Err(allowed());
            }
            i += 1 + n;
        } else if starts_number(&b[i..]) {
            i += 1;
            while i < b.len() && (b[i].is_ascii_digit() || b[i] == b'.') {
                i += 1;
            }
            while i < b.len() && (b[i].is_ascii_alphabetic() || b[i] == b'%') {
                i += 1;
            }
        } else if c.is_ascii_alphabetic() || c == b'_' || c == b'-' {
            let end = i + value[i..]
                .find(|x: char| !(x.is_ascii_alphanumeric() || x == '_' || x == '-'))
                .unwrap_or(value.len() - i);
            let word = &value[i..end];
            if b.get(end) != Some(&b'(') {
                i = end;
                continue;
            }
            let close = value[end..]
                .find(')')
                .map(|k| end + k)
                .ok_or_else(allowed)?;
            let inner = value[end + 1..close].trim();
            let ok = match word {
                "var" => inner.strip_prefix("--").is_some_and(is_ident),
                w if FUNCTIONS.contains(&w) => inner.bytes().all(|x| {
                    x.is_ascii_digit() || b".,%/ \t-".contains(&x) || x.is_ascii_alphabetic()
                }),
                _ => false,
            };
            if !ok {
                return Err(allowed());
            }
            i = close + 1;
        } else if c == b'\'' || c == b'"' {
            let end = value[i + 1..]
                .find(c as char)
                .map(|k| i + 1 + k)
                .ok_or_else(allowed)?;
            let name = &value[i + 1..end];
            if !FONTS.contains(&name) {
                return Err(format!(
                    "the font {} is not embedded in ttrmap's pages (a theme may name '{}' and the generic families: sans-serif, serif, monospace)",
                    snippet(name),
                    FONTS.join("', '")
                ));
            }
            i = end + 1;
        } else {
            return Err(allowed());
        }
    }
    Ok(())
}

/// A selector list: class (`.city-label`) and element names, combinators, pseudo-classes
/// without arguments, and `:root`.
fn selectors(prelude: &str) -> Result<(), String> {
    let bad = || {
        if prelude.starts_with('@') {
            format!(
                "{} is not allowed: a theme holds rules on the board's classes and its `:root` variables, no at-rules",
                snippet(prelude)
            )
        } else {
            format!(
                "the selector {} is not allowed (a theme's selectors are class and element names, such as `.city-label` or `.zone-end .city-marker`)",
                snippet(prelude)
            )
        }
    };
    let ok = prelude.split(',').all(|sel| {
        let sel = sel.trim();
        !sel.is_empty()
            && sel
                .bytes()
                .all(|x| x.is_ascii_alphanumeric() || b"-_.#>+~*: \t\r\n".contains(&x))
    });
    if ok { Ok(()) } else { Err(bad()) }
}

fn outside(text: &str) -> String {
    format!(
        "{} is not CSS a theme may hold (a theme is rules: `selector {{ property: value; }}`)",
        snippet(text)
    )
}

/// Text quoted for a message: whitespace runs as one space, control characters escaped, a long
/// text cut.
fn snippet(text: &str) -> String {
    let one_line: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    quote(&escape_controls(&one_line))
}

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r')
}

fn is_ident(s: &str) -> bool {
    !s.is_empty()
        && s.bytes()
            .all(|x| x.is_ascii_alphanumeric() || x == b'-' || x == b'_')
}

fn starts_number(b: &[u8]) -> bool {
    let digit = |k: usize| b.get(k).is_some_and(|x| x.is_ascii_digit());
    match b[0] {
        b'0'..=b'9' => true,
        b'.' => digit(1),
        b'-' | b'+' => digit(1) || (b.get(1) == Some(&b'.') && digit(2)),
        _ => false,
    }
}

/// The index of the `}` closing the block opened at `open`, counting nested blocks.
fn matching_close(s: &str, open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (k, c) in s[open..].bytes().enumerate() {
        match c {
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(open + k);
                }
            }
            _ => {}
        }
    }
    None
}

/// `text` without its `/* */` comments (an unclosed one runs to the end, as in CSS), with the
/// offsets where each kept piece starts in both texts, to point back into the file.
fn strip_comments_mapped(text: &str) -> (String, Vec<(usize, usize)>) {
    let mut out = String::with_capacity(text.len());
    let mut map = vec![(0, 0)];
    let mut rest = 0;
    while let Some(k) = text[rest..].find("/*") {
        out.push_str(&text[rest..rest + k]);
        match text[rest + k + 2..].find("*/") {
            Some(e) => rest = rest + k + 2 + e + 2,
            None => {
                rest = text.len();
                break;
            }
        }
        map.push((out.len(), rest));
    }
    out.push_str(&text[rest..]);
    (out, map)
}

fn original_offset(map: &[(usize, usize)], stripped: usize) -> usize {
    let k = map.partition_point(|&(s, _)| s <= stripped) - 1;
    // Of several pieces starting at the same place (comments back to back), the last.
    map[k].1 + (stripped - map[k].0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_a_shipped_theme_says_is_kept_whole() {
        let text = "/* c */ :root { --red: #d7312a; --font: 'Noto Sans', sans-serif; --w: 0.35mm; }\n\
                    .a, .b .c { fill: var(--red); stroke-dasharray: 1.5mm 1.5mm; letter-spacing: -0.6mm; }";
        let s = sanitize(text);
        assert_eq!(s.dropped, vec![]);
        assert_eq!(s.css, text.replace("/* c */", ""));
    }

    #[test]
    fn what_can_run_or_fetch_is_dropped_with_its_place() {
        let text = ":root { --ink: #000; }\n.a { fill: url(x); stroke: red; }\n</style><script>";
        let s = sanitize(text);
        assert_eq!(s.css, ":root { --ink: #000; }\n.a {  stroke: red; }\n");
        let offsets: Vec<usize> = s.dropped.iter().map(|d| d.offset).collect();
        assert_eq!(offsets, vec![28, 57], "{s:?}");
        assert!(s.dropped[0].why.contains("`fill`"), "{s:?}");
    }

    #[test]
    fn offsets_point_into_the_file_past_comments() {
        let text = "/* one */ /* two */ @import 'x';";
        let s = sanitize(text);
        assert_eq!(s.css, "  ");
        assert_eq!(s.dropped[0].offset, 20, "{s:?}");
    }

    #[test]
    fn nothing_kept_can_close_the_style_or_name_a_url() {
        for text in [
            ".a { fill: red } } </style>",
            ".a { fill: u\\72l(x) }",
            ".a { .b { fill: red } } .c { fill: blue }",
            ".a { font-family: 'x</style>' }",
            ":root { --x: a</style>; }",
            ".a { fill: red &amp; }",
            ".a { fill: red",
            "@media print { .a { fill: red } }",
        ] {
            let css = sanitize(text).css;
            for bad in ["<", "&", "\\", "url", "@", "'x"] {
                assert!(!css.contains(bad), "{text:?} kept {bad:?}: {css:?}");
            }
        }
    }
}
