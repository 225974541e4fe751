//! The score track: numbered cells round the board, as printed boards have, on which each
//! player's marker counts points during play. It lies outside the board's edge, so it covers
//! no city, route or name; the drawing grows to hold it (the legend and title move down).
//!
//! Cell 0 is the top-left corner and the count runs clockwise. The four corners are square
//! cells as deep as the band; the other cells share the four sides in proportion to their
//! lengths, all cells of a side equally long.

use super::types::Rect;

/// The band's depth, in mm of the print: a scoring marker (about 10 mm) with room round it.
pub const DEPTH_MM: f64 = 12.0;
/// Between the board's edge and the track, in mm.
pub const GAP_MM: f64 = 1.5;
/// The shortest a side cell may be, in mm: two digits and a marker. A small board's track
/// stands further off its edge until every cell is at least this long.
pub const MIN_CELL_MM: f64 = 10.0;
/// The default last number: 0 to 99, as the published boards count.
pub const DEFAULT_LAST: u32 = 99;
/// The range `--score-track-to` takes: fewer cells than a game's usual scores, or so many
/// that a side's cells could not hold a marker, help nobody.
pub const LAST_RANGE: std::ops::RangeInclusive<u32> = 20..=300;

#[derive(Debug, Clone)]
pub struct ScoreTrack {
    /// The cells in play order: `cells[k]` holds the number `k`.
    pub cells: Vec<Rect>,
    /// How far the track's outer edge lies outside the board's, in board units.
    pub band: f64,
}

impl ScoreTrack {
    /// The track numbered 0 to `last` round a board `bw` × `bh`, `u` board units per mm.
    pub fn lay(bw: f64, bh: f64, last: u32, u: f64) -> ScoreTrack {
        let n = last as usize + 1;
        let depth = DEPTH_MM * u;
        let side_cells = n.saturating_sub(4);
        let mut gap = GAP_MM * u;
        // Grow the gap in millimetre steps until the shortest side cell is long enough; a
        // board of any size gets there, as each step lengthens all four sides.
        let split = |gap: f64| {
            let (lw, lh) = (bw + 2.0 * gap, bh + 2.0 * gap);
            let across = ((side_cells as f64) * lw / (lw + lh)).round() as usize;
            let down = side_cells - across.min(side_cells);
            let across = side_cells - down;
            // [top, right, bottom, left]
            let counts = [across.div_ceil(2), down.div_ceil(2), across / 2, down / 2];
            (lw, lh, counts)
        };
        let shortest = |lw: f64, lh: f64, c: [usize; 4]| {
            let cell = |len: f64, k: usize| {
                if k == 0 {
                    f64::INFINITY
                } else {
                    len / k as f64
                }
            };
            cell(lw, c[0])
                .min(cell(lh, c[1]))
                .min(cell(lw, c[2]))
                .min(cell(lh, c[3]))
        };
        let (mut lw, mut lh, mut counts) = split(gap);
        while shortest(lw, lh, counts) < MIN_CELL_MM * u {
            gap += u;
            (lw, lh, counts) = split(gap);
        }
        let (x0, y0) = (-gap, -gap);
        let (x1, y1) = (bw + gap, bh + gap);
        let corner = |x: f64, y: f64| Rect {
            x,
            y,
            w: depth,
            h: depth,
        };
        let mut cells = Vec::with_capacity(n);
        cells.push(corner(x0 - depth, y0 - depth));
        let step = lw / counts[0].max(1) as f64;
        cells.extend((0..counts[0]).map(|k| Rect {
            x: x0 + k as f64 * step,
            y: y0 - depth,
            w: step,
            h: depth,
        }));
        cells.push(corner(x1, y0 - depth));
        let step = lh / counts[1].max(1) as f64;
        cells.extend((0..counts[1]).map(|k| Rect {
            x: x1,
            y: y0 + k as f64 * step,
            w: depth,
            h: step,
        }));
        cells.push(corner(x1, y1));
        let step = lw / counts[2].max(1) as f64;
        cells.extend((0..counts[2]).map(|k| Rect {
            x: x1 - (k + 1) as f64 * step,
            y: y1,
            w: step,
            h: depth,
        }));
        cells.push(corner(x0 - depth, y1));
        let step = lh / counts[3].max(1) as f64;
        cells.extend((0..counts[3]).map(|k| Rect {
            x: x0 - depth,
            y: y1 - (k + 1) as f64 * step,
            w: depth,
            h: step,
        }));
        // A track shorter than its four corners (not offered: see LAST_RANGE) keeps its first
        // cells.
        cells.truncate(n);
        ScoreTrack {
            cells,
            band: gap + depth,
        }
    }

    /// Whether cell `k` is set apart, as printed tracks set apart every fifth number.
    pub fn marked(k: usize) -> bool {
        k.is_multiple_of(5)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells_touch_in_order(t: &ScoreTrack) -> bool {
        // Each cell shares an edge with the next (round the ring, the last with the first).
        let near = |a: f64, b: f64| (a - b).abs() < 1e-9;
        let n = t.cells.len();
        (0..n).all(|k| {
            let (a, b) = (t.cells[k], t.cells[(k + 1) % n]);
            let side_by_side = (near(a.x + a.w, b.x) || near(b.x + b.w, a.x))
                && a.y < b.y + b.h
                && b.y < a.y + a.h;
            let stacked = (near(a.y + a.h, b.y) || near(b.y + b.h, a.y))
                && a.x < b.x + b.w
                && b.x < a.x + a.w;
            side_by_side || stacked
        })
    }

    #[test]
    fn a_europe_sized_board_gets_a_hundred_cells_of_one_length_a_side() {
        // 800 × 530 mm: 96 side cells share 2 × (803 + 533) mm of sides; across =
        // round(96 × 803 / 1336) = round(57.7) = 58, so 29 on top and bottom and 19 on each
        // of the other sides: 803 / 29 = 27.7 mm and 533 / 19 = 28.1 mm.
        let t = ScoreTrack::lay(800.0, 530.0, 99, 1.0);
        assert_eq!(t.cells.len(), 100);
        assert!((t.cells[1].w - 803.0 / 29.0).abs() < 1e-9);
        assert!((t.cells[31].h - 533.0 / 19.0).abs() < 1e-9);
        assert!((t.band - 13.5).abs() < 1e-9);
        // Corners at 0, 30, 50, 80.
        for k in [0, 30, 50, 80] {
            assert_eq!((t.cells[k].w, t.cells[k].h), (12.0, 12.0), "cell {k}");
        }
        assert!(cells_touch_in_order(&t));
    }

    #[test]
    fn no_cell_crosses_the_board_or_another_cell() {
        for (bw, bh, last) in [(800.0, 530.0, 99), (300.0, 900.0, 100), (120.0, 80.0, 99)] {
            let t = ScoreTrack::lay(bw, bh, last, 1.0);
            let board = Rect {
                x: 0.0,
                y: 0.0,
                w: bw,
                h: bh,
            };
            assert_eq!(t.cells.len(), last as usize + 1);
            // Neighbours share an edge, up to rounding: each cell is shrunk by a hair.
            let hair = |r: &Rect| Rect {
                x: r.x + 1e-9,
                y: r.y + 1e-9,
                w: r.w - 2e-9,
                h: r.h - 2e-9,
            };
            for (k, a) in t.cells.iter().map(hair).enumerate() {
                assert!(!a.overlaps(&board), "{bw}x{bh}: cell {k} on the board");
                for b in t.cells[k + 1..].iter().map(hair) {
                    assert!(!a.overlaps(&b), "{bw}x{bh}: cell {k} on another");
                }
            }
            assert!(cells_touch_in_order(&t), "{bw}x{bh}");
        }
    }

    #[test]
    fn a_small_board_pushes_its_track_out_until_each_cell_holds_a_marker() {
        // 120 × 80 mm at a 1.5 mm gap: 96 cells on 2 × (123 + 83) = 412 mm are 4.3 mm long;
        // the gap grows in 1 mm steps until every side cell is at least 10 mm: at 70.5 mm the
        // sides are 261 and 221 mm with 26 and 22 cells (10.04 mm each), the band 82.5 mm.
        let t = ScoreTrack::lay(120.0, 80.0, 99, 1.0);
        let shortest = t
            .cells
            .iter()
            .map(|c| c.w.max(c.h))
            .fold(f64::MAX, f64::min);
        assert!(shortest >= MIN_CELL_MM, "{shortest}");
        assert!((t.band - 82.5).abs() < 1e-9, "{}", t.band);
    }

    #[test]
    fn in_board_units_the_track_keeps_its_millimetres() {
        // A board in pixels at 2 units a mm: the same track, every length doubled.
        let mm = ScoreTrack::lay(800.0, 530.0, 99, 1.0);
        let px = ScoreTrack::lay(1600.0, 1060.0, 99, 2.0);
        for (a, b) in mm.cells.iter().zip(&px.cells) {
            assert!((a.x * 2.0 - b.x).abs() < 1e-9 && (a.w * 2.0 - b.w).abs() < 1e-9);
        }
    }
}
