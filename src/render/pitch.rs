//! The car pitch a board is drawn at, from the board itself.
//!
//! A printed board sizes its cars to its cities: a route fills the span between its two
//! markers with its cars and small even gaps. So the default car length is read off the map:
//! for every route, the straight room between its two markers (less each marker's radius and a
//! small clearance at either end) divided by its length gives the pitch that route would want;
//! the board's pitch is the [`PITCH_QUANTILE`] of those. Below the median because the two
//! errors are not alike: a route with room to spare is drawn with its cars a little longer
//! and its gaps a little wider, while a route short of room must bend (and crowd its
//! neighbours) or squeeze its cars. Official boards' city positions spread the pitches their
//! routes want widely (the UK's middle half from 31 to 41 mm), so one pitch cannot suit
//! every route. `board.space_mm` overrides it. `ttrmap layout --fit`
//! moves cities towards the same relation, so a fitted board and its pitch agree.

use crate::model::{MapFile, Units};

/// The printed long side of a board whose map gives no size, in millimetres: the published
/// boards' (about 800 × 530 mm).
pub const DEFAULT_LONG_SIDE_MM: f64 = 800.0;

/// Board units per millimetre of the print: from `print_width_mm`, else 1 for a board in
/// millimetres, else the long side at [`DEFAULT_LONG_SIDE_MM`] (a portrait map is scaled by
/// its height, not its width).
pub fn board_units_per_mm(board: &crate::model::Board) -> f64 {
    match (
        board.print_width_mm.filter(|w| w.is_finite() && *w > 0.0),
        board.units,
    ) {
        (Some(w), _) => board.width / w,
        (None, Units::Mm) => 1.0,
        (None, Units::Px) => board.width.max(board.height) / DEFAULT_LONG_SIDE_MM,
    }
}

/// Room between a marker's edge and the first or last car of a route, in millimetres: the
/// layout's clearance (a car gap) and, on average, what fanning the routes apart at a city
/// adds to it.
pub const END_CLEARANCE_MM: f64 = 3.0;
/// How much shorter than the board's a car may be drawn before the route reads as squeezed:
/// the renderer then prefers a bend, and `route-drawn-length` reports it (its default
/// tolerance).
pub const SQUEEZE_REPORTED: f64 = 0.1;
/// The gap between two cars of a lane, in millimetres (the theme's `space-gap` default).
pub const CAR_GAP_MM: f64 = 1.6;
/// A marker's radius in millimetres (the theme's `city-radius` default); big cities and
/// capitals are drawn 1.25 times larger.
pub const MARKER_RADIUS_MM: f64 = 5.0;
/// The car length used when a map gives no route to measure, or the measure is out of range
/// (the published boards' cars are about 22 mm long).
pub const FALLBACK_CAR_MM: f64 = 22.0;
/// The derived car length is kept within these bounds, in millimetres: shorter cars stop
/// reading as cars, longer ones as a printed board's.
pub const CAR_MM_RANGE: [f64; 2] = [14.0, 40.0];
/// Which of the routes' wanted car lengths, from the shortest, is the board's: a quarter of
/// the way up. Measured on the 14 shipped boards (`tests/board_geometry.rs`, with a 1 mm
/// end clearance): at 0.35, 315 pairs of routes' spaces on each other and 239 routes
/// squeezed; at 0.2, 211 and 122 but 823 lane ends beyond 6 mm of their marker (573 at
/// 0.35).
pub const PITCH_QUANTILE: f64 = 0.25;

/// A marker's drawn radius in millimetres for a city with these tags.
pub fn marker_radius_mm(big: bool) -> f64 {
    if big {
        MARKER_RADIUS_MM * 1.25
    } else {
        MARKER_RADIUS_MM
    }
}

/// The centre-to-centre distance, in millimetres of the print, that a route of `length`
/// spaces at `car_mm` wants between its two markers of radii `r_a` and `r_b` (mm): its cars,
/// the gaps between them, and a clearance at each marker.
pub fn span_mm(length: u8, car_mm: f64, r_a: f64, r_b: f64) -> f64 {
    let n = f64::from(length.max(1));
    n * car_mm + (n - 1.0) * CAR_GAP_MM + 2.0 * END_CLEARANCE_MM + r_a + r_b
}

/// The car length (mm) a board's routes want: `board.space_mm`'s when given, else the
/// [`PITCH_QUANTILE`] of each route's straight room per space (see the module doc), within
/// [`CAR_MM_RANGE`].
pub fn car_length_mm(map: &MapFile) -> f64 {
    if let Some([length, _]) = map.map.board.space_mm {
        return length;
    }
    derived_car_length_mm(map).unwrap_or(FALLBACK_CAR_MM)
}

/// The car length the routes' spans give (their [`PITCH_QUANTILE`]), or `None` for a map with
/// no route between two distinct placed cities.
pub fn derived_car_length_mm(map: &MapFile) -> Option<f64> {
    car_length_at_mm(map, PITCH_QUANTILE)
}

/// The car length at `quantile` (0 the shortest, 1 the longest) of the lengths the routes'
/// spans want, within [`CAR_MM_RANGE`]; `None` for a map with no route to measure.
pub fn car_length_at_mm(map: &MapFile, quantile: f64) -> Option<f64> {
    let u = board_units_per_mm(&map.map.board);
    if !(u.is_finite() && u > 0.0) {
        return None;
    }
    let index = map.city_indices();
    let city = |id: &str| index.get(id).map(|&k| &map.cities[k]);
    let mut wants: Vec<f64> = map
        .routes
        .iter()
        .filter_map(|r| {
            let (a, b) = (city(&r.from)?, city(&r.to)?);
            let d = ((a.position[0] - b.position[0]).hypot(a.position[1] - b.position[1])) / u;
            let ra = marker_radius_mm(a.has_tag("big") || a.has_tag("capital"));
            let rb = marker_radius_mm(b.has_tag("big") || b.has_tag("capital"));
            let n = f64::from(r.length.max(1));
            // Solve span_mm(n, car, ra, rb) = d for car.
            let car = (d - ra - rb - 2.0 * END_CLEARANCE_MM - (n - 1.0) * CAR_GAP_MM) / n;
            (d > 0.0 && car.is_finite()).then_some(car)
        })
        .collect();
    if wants.is_empty() {
        return None;
    }
    wants.sort_by(f64::total_cmp);
    // Linear interpolation between the two nearest ranks.
    let at = quantile.clamp(0.0, 1.0) * (wants.len() - 1) as f64;
    let (lo, hi) = (at.floor() as usize, at.ceil() as usize);
    let car = wants[lo] + (wants[hi] - wants[lo]) * (at - lo as f64);
    Some(car.clamp(CAR_MM_RANGE[0], CAR_MM_RANGE[1]))
}

/// The chord a route's chain of cars can be drawn on, as fractions of its [`span_mm`]: from
/// 0.95× (the cars follow a gentle bend) to 1.1× (cars stretched a little, the ends nearer
/// their markers, the gaps wider). Lopsided because the board absorbs room to spare more
/// readily than a lack of it (a short route bends, and crowds its neighbours). Outside
/// that range the board cannot draw the route as one even chain from marker to marker, and
/// `ttrmap layout --fit` moves cities until every route's chord is inside it.
pub const FIT_RANGE: [f64; 2] = [0.95, 1.1];

/// [`FIT_RANGE`]: the chord a route's cars absorb, as fractions of its span.
pub fn fit_range() -> [f64; 2] {
    FIT_RANGE
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_span_holds_its_cars_gaps_and_clearances() {
        // 3 cars of 20 mm, 2 gaps of 1.6, 3 mm clearance at each end, markers of 5 and 6.25:
        // 60 + 3.2 + 6 + 11.25 = 80.45 mm.
        assert!((span_mm(3, 20.0, 5.0, 6.25) - 80.45).abs() < 1e-9);
    }
}
