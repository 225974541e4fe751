//! `--symbols`: a small shape of its own on every space of each card colour (and on its legend
//! swatch), so that a player who cannot tell the colours apart, or a greyscale print, still
//! reads which cards a route takes. Gray routes stay plain: gray is "any one colour", and the
//! absence of a shape is itself the mark. The shapes stand upright whatever the route's angle,
//! and none is the mountain's peak or the crossing's ringed cross, which the board already uses.

use super::num::num;
use crate::model::Color;
use std::fmt::Write;

/// The shape a colour's spaces carry: its name (the SVG's `data-symbol`), or `None` for gray.
pub fn name(c: Color) -> Option<&'static str> {
    Some(match c {
        Color::Red => "disc",
        Color::Orange => "triangle-down",
        Color::Yellow => "diamond",
        Color::Green => "square",
        Color::Blue => "plus",
        Color::Pink => "heart",
        Color::White => "ring",
        Color::Black => "star",
        Color::Gray => return None,
    })
}

/// The path of colour `c`'s shape, centred on the origin, about `r` from the centre to its
/// edge (so `2r` across), pointing up.
pub fn path(c: Color, r: f64) -> Option<String> {
    let poly = |pts: &[(f64, f64)]| {
        let mut d = String::new();
        for (k, (x, y)) in pts.iter().enumerate() {
            let _ = write!(
                d,
                "{}{} {}",
                if k == 0 { "M" } else { "L" },
                num(x * r),
                num(y * r)
            );
        }
        d.push('Z');
        d
    };
    // A circle of radius `k` as two arcs (`sweep` 1 clockwise, 0 against, for a hole).
    let circle = |k: f64, sweep: u8| {
        format!(
            "M{} 0a{k} {k} 0 1 {sweep} {d} 0a{k} {k} 0 1 {sweep} -{d} 0Z",
            num(-k * r),
            k = num(k * r),
            d = num(2.0 * k * r)
        )
    };
    Some(match c {
        Color::Red => circle(0.85, 1),
        Color::Orange => poly(&[(-1.0, -0.75), (1.0, -0.75), (0.0, 0.95)]),
        Color::Yellow => poly(&[(0.0, -1.05), (0.9, 0.0), (0.0, 1.05), (-0.9, 0.0)]),
        Color::Green => poly(&[(-0.78, -0.78), (0.78, -0.78), (0.78, 0.78), (-0.78, 0.78)]),
        Color::Blue => poly(&[
            (-0.3, -1.0),
            (0.3, -1.0),
            (0.3, -0.3),
            (1.0, -0.3),
            (1.0, 0.3),
            (0.3, 0.3),
            (0.3, 1.0),
            (-0.3, 1.0),
            (-0.3, 0.3),
            (-1.0, 0.3),
            (-1.0, -0.3),
            (-0.3, -0.3),
        ]),
        Color::Pink => heart(r),
        // A ring: the outer circle clockwise, the hole against it (nonzero fill leaves it open).
        Color::White => format!("{}{}", circle(0.9, 1), circle(0.5, 0)),
        Color::Black => star(r * 1.05),
        Color::Gray => return None,
    })
}

/// Two lobes and a point.
fn heart(r: f64) -> String {
    let p = |x: f64, y: f64| format!("{} {}", num(x * r), num(y * r));
    format!(
        "M{}C{} {} {}C{} {} {}C{} {} {}C{} {} {}Z",
        p(0.0, -0.45),
        p(-0.3, -1.05),
        p(-1.15, -0.85),
        p(-0.95, -0.15),
        p(-0.8, 0.35),
        p(-0.3, 0.6),
        p(0.0, 0.95),
        p(0.3, 0.6),
        p(0.8, 0.35),
        p(0.95, -0.15),
        p(1.15, -0.85),
        p(0.3, -1.05),
        p(0.0, -0.45)
    )
}

/// A five-pointed star of outer radius `r` around the origin.
fn star(r: f64) -> String {
    let mut d = String::new();
    for k in 0..10 {
        let rr = if k % 2 == 0 { r } else { r * 0.45 };
        let a = (-90.0 + 36.0 * k as f64).to_radians();
        let _ = write!(
            d,
            "{}{} {}",
            if k == 0 { "M" } else { "L" },
            num(rr * a.cos()),
            num(rr * a.sin())
        );
    }
    d.push('Z');
    d
}

/// The symbol of colour `c` at `at`, upright: one `<path>`, or nothing for gray.
pub fn mark(c: Color, at: [f64; 2], r: f64) -> String {
    match (name(c), path(c, r)) {
        (Some(name), Some(d)) => format!(
            r#"<path class="symbol s-{}" data-symbol="{name}" d="{d}" transform="translate({} {})"/>"#,
            c.name(),
            num(at[0]),
            num(at[1])
        ),
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_card_colour_has_its_own_shape_and_gray_none() {
        let mut names = std::collections::BTreeSet::new();
        let mut paths = std::collections::BTreeSet::new();
        for c in Color::CARD_COLORS {
            assert!(names.insert(name(c).unwrap()), "{c}: shape used twice");
            assert!(paths.insert(path(c, 1.0).unwrap()), "{c}: path used twice");
        }
        assert_eq!(name(Color::Gray), None);
        assert_eq!(mark(Color::Gray, [0.0, 0.0], 1.0), "");
    }

    #[test]
    fn shapes_stay_within_their_size() {
        for c in Color::CARD_COLORS {
            let d = path(c, 10.0).unwrap();
            // Every absolute coordinate (after M, L, C) lies within 1.2 r of the centre.
            for part in d.split(|ch: char| "MLCZ".contains(ch)) {
                for v in part
                    .split_whitespace()
                    .filter_map(|t| t.parse::<f64>().ok())
                {
                    if !part.contains('a') {
                        assert!(v.abs() <= 12.0, "{c}: {v} in {d}");
                    }
                }
            }
        }
    }
}
