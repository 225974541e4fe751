//! Pennsylvania's stock shares (`stock_shares` on a route): the share values printed beside
//! the route, one small tag per value in a row along the track, as the published board
//! prints its company shares beside the routes that give them. The tags go on the side and
//! at the space (the middle one or its neighbours) where they cover the least of the other
//! routes' spaces, the city markers and the names, so the board stays readable; the
//! legend says what they are. This module places them; `svg.rs` draws them.

use super::geom::dist;
use super::geom::{circle_depth, corners, rect_quad};
use super::layout::{Layout, P, Rect};
use super::types::{RouteLayout, Space};
use crate::model::MapFile;

/// The tags of one route: the share values and where each tag's centre is.
#[derive(Debug, Clone, PartialEq)]
pub struct Tags {
    /// Index into `map.routes`.
    pub route: usize,
    pub tags: Vec<(u32, P)>,
    pub radius: f64,
}

/// Tag radius for spaces `width` wide.
fn radius(width: f64) -> f64 {
    width * 0.3
}

/// Where the tags of every route with stock shares go.
pub fn place(map: &MapFile, l: &Layout) -> Vec<Tags> {
    let quads: Vec<(usize, [P; 4])> = l
        .routes
        .iter()
        .flat_map(|r| {
            r.lanes
                .iter()
                .flat_map(|lane| &lane.spaces)
                .map(move |s| (r.index, corners(s)))
        })
        .collect();
    let labels: Vec<[P; 4]> = l.cities.iter().map(|c| rect_quad(&c.label.bbox)).collect();
    let mut out = Vec::new();
    for r in &l.routes {
        let values = &map.routes[r.index].stock_shares;
        if values.is_empty() {
            continue;
        }
        let t = radius(l.sizes.space_width);
        // What a tag at `c` covers: other routes' spaces, markers, names (depth summed).
        let cost = |c: P| {
            let reach = t + l.sizes.space_gap;
            let spaces: f64 = quads
                .iter()
                .filter(|(k, _)| *k != r.index)
                .map(|(_, q)| circle_depth(c, reach, q).max(0.0))
                .sum();
            let markers: f64 = l
                .cities
                .iter()
                .map(|m| (reach + m.radius - dist(c, m.pos)).max(0.0))
                .sum();
            let names: f64 = labels
                .iter()
                .map(|q| circle_depth(c, reach, q).max(0.0))
                .sum();
            let off = |v: f64, hi: f64| (t - v).max(0.0) + (v + t - hi).max(0.0);
            spaces + markers + names + off(c[0], l.board_w) + off(c[1], l.board_h)
        };
        let mut best: Option<(f64, Vec<P>)> = None;
        for row in candidates(r, values.len(), t, l.sizes.space_gap) {
            let c: f64 = row.iter().map(|p| cost(*p)).sum();
            if best.as_ref().is_none_or(|(b, _)| c < *b - 1e-9) {
                best = Some((c, row));
            }
        }
        if let Some((_, row)) = best {
            out.push(Tags {
                route: r.index,
                tags: values.iter().copied().zip(row).collect(),
                radius: t,
            });
        }
    }
    out
}

/// Rows of `n` tag centres beside the route: at its middle space and the two next to it,
/// on either side, just outside the outermost lane on that side.
fn candidates(r: &RouteLayout, n: usize, t: f64, gap: f64) -> Vec<Vec<P>> {
    let mut rows = Vec::new();
    let Some(first) = r.lanes.first().filter(|l| !l.spaces.is_empty()) else {
        return rows;
    };
    let m = first.spaces.len() / 2;
    let mut picks = vec![m];
    if m > 0 {
        picks.push(m - 1);
    }
    if m + 1 < first.spaces.len() {
        picks.push(m + 1);
    }
    for k in picks {
        for side in [-1.0, 1.0] {
            let sp = &first.spaces[k];
            let (sin, cos) = sp.angle.to_radians().sin_cos();
            let normal = [-sin * side, cos * side];
            // The lane that lies farthest out on this side, at the same place along the route.
            let outer: &Space = r
                .lanes
                .iter()
                .filter_map(|lane| lane.spaces.get(k))
                .max_by(|a, b| {
                    let along = |s: &Space| s.center[0] * normal[0] + s.center[1] * normal[1];
                    along(a).total_cmp(&along(b))
                })
                .unwrap_or(sp);
            let out = outer.width / 2.0 + gap + t;
            let base = [
                outer.center[0] + normal[0] * out,
                outer.center[1] + normal[1] * out,
            ];
            let step = 2.0 * t + gap * 0.5;
            rows.push(
                (0..n)
                    .map(|i| {
                        let s = (i as f64 - (n as f64 - 1.0) / 2.0) * step;
                        [base[0] + cos * s, base[1] + sin * s]
                    })
                    .collect(),
            );
        }
    }
    rows
}

/// Where an item the layout's legend does not list goes, and the legend frame around it:
/// a free place in the last column, else a new column when the band has room before the
/// title block, else a row under the legend (the frame taller; `grow` is how much taller
/// the drawing must be to hold it).
pub fn legend_slot(l: &Layout, text_w: f64) -> (P, Rect, f64) {
    let g = &l.legend;
    let ls = l.sizes.legend_size;
    let frame = g.frame;
    let row_h = ls * 1.9;
    let Some(&(_, first)) = g.items.first() else {
        let at = [frame.x + ls * 0.9, frame.y + ls * 2.7];
        let mut f = frame;
        f.h = f.h.max(at[1] + row_h - frame.y);
        return (at, f, (f.h - frame.h).max(0.0));
    };
    let rows = g.items.iter().filter(|(_, p)| p[0] == first[0]).count();
    let cols = g.items.len().div_ceil(rows);
    let col_x: Vec<f64> = {
        let mut xs: Vec<f64> = g.items.iter().map(|(_, p)| p[0]).collect();
        xs.dedup();
        xs
    };
    let col_w = if col_x.len() > 1 {
        col_x[1] - col_x[0]
    } else {
        g.swatch[0] + ls * 2.0 + text_w
    };
    if g.items.len() < rows * cols {
        let k = g.items.len() % rows;
        let at = [col_x[cols - 1], first[1] + k as f64 * row_h];
        return (at, frame, 0.0);
    }
    let at = [col_x[cols - 1] + col_w, first[1]];
    let need = g.swatch[0] + ls * 2.0 + text_w;
    let right = at[0] + need + ls * 0.9;
    let title_left = l.title.frame.x - l.sizes.margin;
    if right <= title_left && right <= l.board_w {
        let mut f = frame;
        f.w = f.w.max(right - f.x);
        return (at, f, 0.0);
    }
    // Below everything the legend holds.
    let at = [col_x[0], frame.y + frame.h];
    let mut f = frame;
    f.h += row_h;
    let bottom = f.y + f.h + l.sizes.margin;
    let grow = (bottom - (l.view.y + l.view.h)).max(0.0);
    (at, f, grow)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::layout::LegendItem;

    const MAP: &str = r#"
[map]
id = "t"
name = "T"
players = { min = 2, max = 5 }
board = { width = 400, height = 300, units = "mm" }

[mechanics.stock_shares]

[[cities]]
id = "a"
position = [100, 150]

[[cities]]
id = "b"
position = [300, 150]

[[routes]]
from = "a"
to = "b"
length = 3
stock_shares = [10, 5]
"#;

    fn layout() -> (MapFile, Layout) {
        let loaded = crate::load::load_str("t", MAP);
        assert!(!loaded.has_errors(), "{:?}", loaded.diagnostics);
        let map = loaded.map.unwrap();
        let sizes = crate::render::Theme::named("classic").unwrap().sizes();
        let l = Layout::compute(&map, &sizes);
        (map, l)
    }

    #[test]
    fn tags_sit_beside_their_route_one_per_value() {
        let (map, l) = layout();
        let placed = place(&map, &l);
        assert_eq!(placed.len(), 1);
        let values: Vec<u32> = placed[0].tags.iter().map(|(v, _)| *v).collect();
        assert_eq!(values, [10, 5]);
        // The route runs along y = 150: the tags lie off it, clear of its spaces' width.
        let half = l.sizes.space_width / 2.0;
        for (_, at) in &placed[0].tags {
            assert!((at[1] - 150.0).abs() > half, "{at:?}");
            assert!((at[1] - 150.0).abs() < half * 3.0, "{at:?}");
        }
    }

    #[test]
    fn the_legend_entry_takes_a_free_place_else_a_new_column_else_a_row_below() {
        let (_, mut l) = layout();
        let (row_h, x0, y0) = (l.sizes.legend_size * 1.9, 10.0, l.legend.frame.y + 20.0);
        let col_w = 60.0;
        let grid = |cols: usize, rows: usize, n: usize| {
            (0..n)
                .map(|k| {
                    let (c, r) = (k / rows, k % rows);
                    (
                        LegendItem::Capital,
                        [x0 + c as f64 * col_w, y0 + r as f64 * row_h],
                    )
                })
                .take(cols * rows)
                .collect::<Vec<_>>()
        };
        // Two columns of two rows, three items: the fourth place is free.
        l.legend.items = grid(2, 2, 3);
        let (at, frame, grow) = legend_slot(&l, 50.0);
        assert_eq!(at, [x0 + col_w, y0 + row_h]);
        assert_eq!((frame, grow), (l.legend.frame, 0.0));
        // Full, the title block far away: a third column, the frame wider.
        l.legend.items = grid(2, 2, 4);
        l.title.frame.x = l.board_w;
        let (at, frame, _) = legend_slot(&l, 50.0);
        assert_eq!(at, [x0 + 2.0 * col_w, y0]);
        assert!(frame.x + frame.w >= at[0] + 50.0);
        // Full, the title block right beside it: a row under the legend, the frame taller.
        l.title.frame.x = x0 + 2.0 * col_w + 10.0;
        let (at, frame, grow) = legend_slot(&l, 50.0);
        assert_eq!(at, [x0, l.legend.frame.y + l.legend.frame.h]);
        assert!((frame.h - l.legend.frame.h - row_h).abs() < 1e-9);
        assert!(frame.y + frame.h + l.sizes.margin <= l.view.y + l.view.h + grow + 1e-9);
    }
}
