//! Colour distances for the board: CIEDE2000 (the `palette` crate) on the theme's colours as
//! seen with full colour vision, with deuteranopia (the commonest colour-vision deficiency,
//! simulated after Machado, Oliveira and Fernandes 2009, severity 1) and in greyscale (CIE
//! L* alone). The renderer uses them to give every region a ring colour of its own and to
//! choose the ink of the colour symbols (`--symbols`); the tests use them to show what a
//! player without full colour vision can tell apart.

use palette::color_difference::Ciede2000;
use palette::{FromColor, Lab, LinSrgb, Srgb};

/// An sRGB colour from `#rgb` or `#rrggbb`.
pub fn parse_hex(text: &str) -> Option<Srgb<u8>> {
    let h = text.trim().strip_prefix('#')?;
    let digits: Vec<u8> = h
        .chars()
        .map(|c| c.to_digit(16).map(|d| d as u8))
        .collect::<Option<_>>()?;
    match digits.as_slice() {
        [r, g, b] => Some(Srgb::new(r * 17, g * 17, b * 17)),
        [r1, r0, g1, g0, b1, b0] => Some(Srgb::new(r1 * 16 + r0, g1 * 16 + g0, b1 * 16 + b0)),
        _ => None,
    }
}

/// `#rrggbb`.
pub fn hex(c: Srgb<u8>) -> String {
    format!("#{:02x}{:02x}{:02x}", c.red, c.green, c.blue)
}

/// CIE L*a*b* (D65) of an sRGB colour.
pub fn lab(c: Srgb<u8>) -> Lab {
    Lab::from_color(c.into_format::<f32>())
}

/// CIEDE2000 colour difference: about 1 is the smallest difference an observer sees side by
/// side; colours that must be told apart at a glance on a board want 20 or more.
pub fn delta_e(a: Srgb<u8>, b: Srgb<u8>) -> f32 {
    lab(a).difference(lab(b))
}

/// The colour as a deuteranope sees it: Machado et al.'s severity-1 matrix on linear RGB.
pub fn deuteranopia(c: Srgb<u8>) -> Srgb<u8> {
    const M: [[f32; 3]; 3] = [
        [0.367_322, 0.860_646, -0.227_968],
        [0.280_085, 0.672_501, 0.047_413],
        [-0.011_820, 0.042_940, 0.968_881],
    ];
    let lin: LinSrgb = c.into_format::<f32>().into_linear();
    let v = [lin.red, lin.green, lin.blue];
    let row = |r: [f32; 3]| (r[0] * v[0] + r[1] * v[1] + r[2] * v[2]).clamp(0.0, 1.0);
    let out = LinSrgb::new(row(M[0]), row(M[1]), row(M[2]));
    let s: Srgb<f32> = Srgb::from_linear(out);
    s.into_format::<u8>()
}

/// CIEDE2000 difference as a deuteranope sees the two colours.
pub fn delta_e_deuteranopia(a: Srgb<u8>, b: Srgb<u8>) -> f32 {
    delta_e(deuteranopia(a), deuteranopia(b))
}

/// Difference of lightness alone (CIE L*, 0–100): what a greyscale print keeps.
pub fn delta_l(a: Srgb<u8>, b: Srgb<u8>) -> f32 {
    (lab(a).l - lab(b).l).abs()
}

/// Ring colours a region ring may take: an sRGB grid, kept where a ring reads as a colour
/// (L* 30–75, chroma 35 or more).
fn candidates() -> Vec<Srgb<u8>> {
    const STEPS: [u8; 9] = [0, 32, 64, 96, 128, 160, 192, 224, 255];
    let mut out = Vec::new();
    for r in STEPS {
        for g in STEPS {
            for b in STEPS {
                let c = Srgb::new(r, g, b);
                let l = lab(c);
                let chroma = (l.a * l.a + l.b * l.b).sqrt();
                if (30.0..=75.0).contains(&l.l) && chroma >= 35.0 {
                    out.push(c);
                }
            }
        }
    }
    out
}

/// `n` colours as far apart as a greedy choice makes them: each next colour is the candidate
/// whose smallest CIEDE2000 distance to the colours already chosen and to the `avoid` colours
/// (the board under the rings, the city markers) and to the `given` colours is largest; a
/// colour in `given` (the region's own card colour, a theme's `--region-N`) takes its place.
/// Without given colours the choice does not depend on `n`: the first `k` of `n` colours are
/// the `k` colours.
pub fn distinct(n: usize, avoid: &[Srgb<u8>], given: &[Option<Srgb<u8>>]) -> Vec<Srgb<u8>> {
    let pool = candidates();
    let pool_lab: Vec<Lab> = pool.iter().map(|c| lab(*c)).collect();
    // Each candidate's distance to the nearest colour chosen or avoided so far.
    let mut nearest: Vec<f32> = vec![f32::INFINITY; pool.len()];
    let take = |c: Srgb<u8>, nearest: &mut Vec<f32>| {
        let l = lab(c);
        for (d, p) in nearest.iter_mut().zip(&pool_lab) {
            *d = d.min(p.difference(l));
        }
    };
    for c in avoid.iter().chain(given.iter().take(n).flatten()) {
        take(*c, &mut nearest);
    }
    let mut out = Vec::with_capacity(n);
    for k in 0..n {
        let c = match given.get(k).copied().flatten() {
            Some(c) => c,
            None => {
                // Ties go to the first candidate in grid order: the same colours every run.
                let mut best = 0;
                for (i, d) in nearest.iter().enumerate() {
                    if *d > nearest[best] {
                        best = i;
                    }
                }
                pool[best]
            }
        };
        if given.get(k).copied().flatten().is_none() {
            take(c, &mut nearest);
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_round_trips_and_short_form_expands() {
        assert_eq!(parse_hex("#d7312a").map(hex).as_deref(), Some("#d7312a"));
        assert_eq!(parse_hex("#fff").map(hex).as_deref(), Some("#ffffff"));
        assert_eq!(parse_hex("red"), None);
        assert_eq!(parse_hex("#12345"), None);
    }

    #[test]
    fn ciede2000_matches_a_published_pair() {
        // Sharma, Wu and Dalal's test data, pair 1: Lab (50, 2.6772, -79.7751) and
        // (50, 0, -82.7485) differ by 2.0425.
        let a: Lab = Lab::new(50.0, 2.6772, -79.7751);
        let b: Lab = Lab::new(50.0, 0.0, -82.7485);
        let d: f32 = a.difference(b);
        assert!((d - 2.0425).abs() < 1e-3, "{d}");
    }

    #[test]
    fn deuteranopia_keeps_grey_and_folds_red_onto_green() {
        let grey = Srgb::new(128u8, 128, 128);
        let g = deuteranopia(grey);
        assert!(delta_e(grey, g) < 1.0, "{g:?}");
        let (red, green) = (Srgb::new(215u8, 49, 42), Srgb::new(63u8, 154, 58));
        assert!(delta_e(red, green) > 40.0);
        assert!(delta_e_deuteranopia(red, green) < 20.0);
    }

    #[test]
    fn distinct_colours_are_far_apart_and_a_prefix_of_more() {
        let land = Srgb::new(0xebu8, 0xdf, 0xbf);
        let twelve = distinct(12, &[land], &[]);
        assert_eq!(&distinct(5, &[land], &[])[..], &twelve[..5]);
        for (i, a) in twelve.iter().enumerate() {
            assert!(delta_e(*a, land) > 15.0);
            for b in &twelve[i + 1..] {
                assert!(delta_e(*a, *b) > 15.0, "{} {}", hex(*a), hex(*b));
            }
        }
        let given = distinct(3, &[land], &[None, Some(Srgb::new(1, 2, 3))]);
        assert_eq!(given[1], Srgb::new(1, 2, 3));
    }
}
