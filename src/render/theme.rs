//! Render themes: one CSS file per theme in `templates/themes/<name>/theme.css`, embedded at
//! build time, holding the theme's `:root` variables (and any rules of its own), on top of the
//! rules every theme shares in `templates/themes/base.css`. The CSS is the designer's to
//! change; the renderer only reads the layout sizes from the variables and turns the whole
//! into plain CSS for the SVG.

mod sanitize;

use super::colours;
use crate::model::Color;
use palette::Srgb;
use std::collections::BTreeMap;
use std::fmt::Write;

pub use sanitize::{FONTS, PROPERTIES};

/// The shipped themes, by name. The first is the default.
pub const THEMES: &[(&str, &str)] = &[
    (
        "classic",
        include_str!("../../templates/themes/classic/theme.css"),
    ),
    ("ink", include_str!("../../templates/themes/ink/theme.css")),
];

/// Rules shared by every theme; a theme's own rules come after them and so win.
const BASE_RULES: &str = include_str!("../../templates/themes/base.css");

/// The name of the default theme.
pub const DEFAULT_THEME: &str = "classic";

/// The names of the shipped themes.
pub fn theme_names() -> Vec<&'static str> {
    THEMES.iter().map(|(n, _)| *n).collect()
}

/// A parsed theme: its `:root` variables and the rest of its CSS.
#[derive(Debug, Clone)]
pub struct Theme {
    pub name: String,
    /// Draw each card colour's symbol on its spaces (`--symbols`): a choice of the reader,
    /// not of the look, so it goes with any theme, shipped or a file.
    pub symbols: bool,
    vars: BTreeMap<String, String>,
    css: String,
}

/// Layout sizes a theme gives, in millimetres on the printed board.
#[derive(Debug, Clone, Copy)]
pub struct Sizes {
    pub space_length: f64,
    pub space_width: f64,
    pub space_gap: f64,
    pub space_corner: f64,
    pub lane_gap: f64,
    pub city_radius: f64,
    pub label_size: f64,
    pub zone_size: f64,
    pub legend_size: f64,
    pub title_size: f64,
    pub margin: f64,
    /// How much longer than `space_length` a car may be drawn to fill its route (a
    /// fraction, not a length: the map's `board.car_stretch`, else [`CAR_STRETCH`]).
    pub car_stretch: f64,
}

/// How much a car may stretch to fill its route, and shrink to fit it, unless the map says
/// otherwise (`board.car_stretch`): printed boards vary a few percent.
pub const CAR_STRETCH: f64 = 0.09;

impl Theme {
    /// The shipped theme with this name.
    pub fn named(name: &str) -> Option<Theme> {
        THEMES
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(n, css)| Theme::parse(n, css))
    }

    /// Splits a theme file into its `:root { --name: value; }` variables and the other rules,
    /// which follow the shared base rules. A variable the theme leaves out keeps the default
    /// theme's value. Comments are dropped, and so is whatever a theme may not say
    /// ([`sanitize`]): [`Theme::parse_checked`] says what.
    pub fn parse(name: &str, text: &str) -> Theme {
        Theme::parse_checked(name, text).0
    }

    /// [`Theme::parse`], and what it dropped from `text`, each as `LINE:COL: why` (columns
    /// count characters; a byte-order mark is not a column): a theme file with any is refused
    /// by `render`.
    pub fn parse_checked(name: &str, text: &str) -> (Theme, Vec<String>) {
        let body = text.strip_prefix('\u{FEFF}').unwrap_or(text);
        let own = sanitize::sanitize(body);
        let mut theme = Theme::parse_own(name, &own.css);
        if name != DEFAULT_THEME
            && let Some((_, default)) = THEMES.iter().find(|(n, _)| *n == DEFAULT_THEME)
        {
            let default = sanitize::sanitize(default).css;
            for (k, v) in Theme::parse_own(DEFAULT_THEME, &default).vars {
                theme.vars.entry(k).or_insert(v);
            }
        }
        theme.css = format!("{}{}", sanitize::sanitize(BASE_RULES).css, theme.css);
        let dropped = own
            .dropped
            .iter()
            .map(|d| {
                let (line, col) = line_col(body, d.offset);
                format!("{line}:{col}: {}", d.why)
            })
            .collect();
        (theme, dropped)
    }

    /// A theme's own text, comments already out: its variables and its rules.
    fn parse_own(name: &str, text: &str) -> Theme {
        let mut vars = BTreeMap::new();
        let mut css = text.to_string();
        if let Some(start) = text.find(":root")
            && let Some(open) = text[start..].find('{').map(|i| start + i)
            && let Some(close) = text[open..].find('}').map(|i| open + i)
        {
            for decl in text[open + 1..close].split(';') {
                if let Some((k, v)) = decl.split_once(':') {
                    let k = k.trim();
                    if let Some(k) = k.strip_prefix("--") {
                        vars.insert(k.to_string(), v.trim().to_string());
                    }
                }
            }
            css = format!("{}{}", &text[..start], &text[close + 1..]);
        }
        Theme {
            name: name.to_string(),
            symbols: false,
            vars,
            css,
        }
    }

    /// A variable's value in millimetres, when it is written `<number>mm`.
    fn mm(&self, name: &str) -> Option<f64> {
        let v = self.vars.get(name)?;
        v.strip_suffix("mm")?.trim().parse().ok()
    }

    /// A colour variable's value, when it is written `#rgb` or `#rrggbb`.
    pub fn colour(&self, name: &str) -> Option<Srgb<u8>> {
        colours::parse_hex(self.vars.get(name)?)
    }

    /// The ring colours of regions that stand for these card colours (`None`: for none): the
    /// theme's colour of that card colour; else the theme's own `--region-N`; else a colour
    /// chosen as far as it can be (CIEDE2000) from the others, from the board under the rings
    /// (`--land`) and from the city markers' outline (`--city-stroke`).
    pub fn region_colours(&self, named: &[Option<Color>]) -> Vec<Srgb<u8>> {
        let avoid: Vec<Srgb<u8>> = ["land", "city-stroke"]
            .iter()
            .filter_map(|v| self.colour(v))
            .collect();
        let given: Vec<Option<Srgb<u8>>> = named
            .iter()
            .enumerate()
            .map(|(k, c)| {
                c.and_then(|c| self.colour(c.name()))
                    .or_else(|| self.colour(&format!("region-{k}")))
            })
            .collect();
        colours::distinct(named.len(), &avoid, &given)
    }

    /// The fill and outline of colour `c`'s symbol: of `--ink` and `--white`, the one whose
    /// lightness differs most from the space's fill (what a greyscale print and a deuteranope
    /// both keep), outlined in the other.
    pub fn symbol_inks(&self, c: Color) -> Option<(Srgb<u8>, Srgb<u8>)> {
        let fill = self.colour(c.name())?;
        let (ink, white) = (self.colour("ink")?, self.colour("white")?);
        if colours::delta_l(fill, ink) >= colours::delta_l(fill, white) {
            Some((ink, white))
        } else {
            Some((white, ink))
        }
    }

    /// CSS derived from the theme's colours for one board: the ring and legend colours of its
    /// regions (each standing for a card colour or none, see [`Theme::region_colours`]), and
    /// with [`Theme::symbols`] the inks of the colour symbols.
    pub fn derived_css(&self, regions: &[Option<Color>]) -> String {
        let mut out = String::new();
        for (k, c) in self.region_colours(regions).into_iter().enumerate() {
            let c = colours::hex(c);
            let _ = writeln!(
                out,
                ".region-ring.region-{k} {{ stroke: {c}; }} .swatch.region-{k} {{ fill: {c}; }}"
            );
        }
        if self.symbols {
            for c in Color::CARD_COLORS {
                if let Some((fill, stroke)) = self.symbol_inks(c) {
                    let _ = writeln!(
                        out,
                        ".symbol.s-{} {{ fill: {}; stroke: {}; }}",
                        c.name(),
                        colours::hex(fill),
                        colours::hex(stroke)
                    );
                }
            }
        }
        out
    }

    /// The layout sizes; a size the theme leaves out falls back to the classic value, so a
    /// trimmed-down theme still lays out.
    pub fn sizes(&self) -> Sizes {
        let get = |name: &str, fallback: f64| {
            self.mm(name)
                .filter(|v| v.is_finite() && *v >= 0.0)
                .unwrap_or(fallback)
        };
        Sizes {
            space_length: get("space-length", 22.0).max(1.0),
            space_width: get("space-width", 9.0).max(0.5),
            space_gap: get("space-gap", 1.6),
            space_corner: get("space-corner", 1.4),
            lane_gap: get("lane-gap", 1.2),
            city_radius: get("city-radius", 5.0).max(0.5),
            label_size: get("label-size", 5.0).max(0.5),
            zone_size: get("zone-size", 7.0).max(0.5),
            legend_size: get("legend-size", 4.2).max(0.5),
            title_size: get("title-size", 11.0).max(0.5),
            margin: get("margin", 8.0),
            car_stretch: CAR_STRETCH,
        }
    }

    /// The CSS to embed: every `var(--x)` replaced by its value and every length in `mm`
    /// converted to board units (`units_per_mm`), so that SVG viewers without CSS variables
    /// or with a different idea of a millimetre draw the same board.
    pub fn css(&self, units_per_mm: f64) -> String {
        let mut out = String::with_capacity(self.css.len());
        let mut rest = self.css.as_str();
        while let Some(i) = rest.find("var(--") {
            out.push_str(&rest[..i]);
            let after = &rest[i + 6..];
            let Some(end) = after.find(')') else {
                out.push_str(&rest[i..]);
                rest = "";
                break;
            };
            let name = after[..end].trim();
            // An unknown variable becomes `initial` rather than leaking `var(` into viewers
            // that would then drop the whole declaration anyway.
            out.push_str(self.vars.get(name).map(String::as_str).unwrap_or("initial"));
            rest = &after[end + 1..];
        }
        out.push_str(rest);
        convert_mm(&out, units_per_mm)
    }
}

/// The line and column (in characters) of byte `offset`: a line ends at LF, CRLF or a lone CR.
fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset];
    let line_start = before.rfind(['\n', '\r']).map_or(0, |i| i + 1);
    let line = 1 + before.matches('\n').count() + before.matches('\r').count()
        - before.matches("\r\n").count();
    (line, before[line_start..].chars().count() + 1)
}

/// Replaces each `<number>mm` by the number scaled to board units, written in `px`: in SVG
/// a CSS pixel is one user unit, and a browser drops a declaration whose length has no unit
/// (a unitless `font-size` made every label fall back to the page's 16 units; resvg accepts
/// both, so PNGs are unchanged).
fn convert_mm(css: &str, units_per_mm: f64) -> String {
    let bytes = css.as_bytes();
    let mut out = String::with_capacity(css.len());
    let mut i = 0;
    let mut copied = 0;
    while i < bytes.len() {
        let starts_number = (bytes[i].is_ascii_digit() || bytes[i] == b'.')
            && (i == 0
                || !(bytes[i - 1].is_ascii_alphanumeric()
                    || bytes[i - 1] == b'-'
                    || bytes[i - 1] == b'#'));
        if starts_number {
            let mut j = i;
            while j < bytes.len() && (bytes[j].is_ascii_digit() || bytes[j] == b'.') {
                j += 1;
            }
            let unit_end = j + 2;
            let is_mm = css.get(j..unit_end) == Some("mm")
                && !bytes
                    .get(unit_end)
                    .is_some_and(|b| b.is_ascii_alphanumeric());
            if is_mm && let Ok(v) = css[i..j].parse::<f64>() {
                out.push_str(&css[copied..i]);
                out.push_str(&super::num::num(v * units_per_mm));
                out.push_str("px");
                copied = unit_end;
                i = unit_end;
                continue;
            }
            i = j;
            continue;
        }
        i += 1;
    }
    out.push_str(&css[copied..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_theme_gives_its_own_sizes_and_resolves_all_variables() {
        for (name, text) in THEMES {
            let (theme, dropped) = Theme::parse_checked(name, text);
            assert_eq!(
                dropped,
                Vec::<String>::new(),
                "{name}: a shipped theme is whole"
            );
            assert!(theme.mm("space-length").is_some(), "{name}: --space-length");
            let css = theme.css(2.0);
            assert!(!css.contains("var("), "{name}: unresolved variable");
            assert!(!css.contains("initial"), "{name}: unknown variable used");
            assert!(!css.contains("mm;"), "{name}: a length left in mm");
        }
    }

    #[test]
    fn the_base_rules_are_what_a_theme_may_say() {
        assert_eq!(sanitize::sanitize(BASE_RULES).dropped, vec![]);
    }

    #[test]
    fn dropped_text_is_placed_by_line_and_column() {
        let text = "\u{FEFF}:root {\r\n  --ink: #000;\r\n}\r.a { fill: url(x); }\n";
        let (_, dropped) = Theme::parse_checked("t", text);
        assert_eq!(dropped.len(), 1, "{dropped:?}");
        assert!(dropped[0].starts_with("4:6: "), "{dropped:?}");
    }

    #[test]
    fn mm_lengths_are_scaled_and_colours_left_alone() {
        let t = Theme::parse(
            "t",
            ":root { --w: 2mm; --c: #123; } .a { stroke-width: var(--w); fill: var(--c); stroke-dashoffset: 1.5mm; }",
        );
        // The theme's own rules come last, after the shared base rules.
        assert!(
            t.css(10.0)
                .trim()
                .ends_with(".a { stroke-width: 20px; fill: #123; stroke-dashoffset: 15px; }")
        );
        assert_eq!(t.mm("w"), Some(2.0));
    }

    #[test]
    fn a_theme_inherits_unset_variables_from_the_default() {
        // Only one colour set: every other variable the base rules use keeps classic's value.
        let t = Theme::parse("t", ":root { --red: #ff0000; }");
        let css = t.css(1.0);
        assert!(css.contains("#ff0000"));
        assert!(!css.contains("initial"), "every base variable resolves");
        assert_eq!(t.mm("space-length"), Some(22.0));
    }
}
