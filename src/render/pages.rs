//! `--print --paper a4|letter|a3`: the board at its real size tiled onto sheets a home printer
//! takes, as one HTML document with a page per sheet (print it from a browser at 100 %, no
//! margins). Each sheet shows its part of the board inside a 10 mm margin, with trim marks at
//! the corners of that part; neighbouring parts overlap by [`OVERLAP_MM`], and a dashed line
//! on a sheet shows where the next sheet's trimmed edge goes. The board is defined once in
//! the document and shown on every sheet through `<use>`, so the file grows with the board,
//! not with the number of sheets.

use super::layout::Layout;
use super::num::num;
use super::paper::{PAGE_MARGIN_MM, Paper};
use super::svg::{board_layers, esc};
use super::theme::Theme;
use crate::model::MapFile;
use std::fmt::Write;

/// How much two neighbouring sheets show of the same board, in mm: room to glue or tape.
pub const OVERLAP_MM: f64 = 10.0;
/// Length of a trim mark, in mm (drawn in the margin, off the printed part).
const TRIM_MM: f64 = 6.0;

/// How a board is cut into sheets.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Tiling {
    /// The sheet in mm as printed (portrait or landscape, whichever takes fewer sheets).
    pub sheet: [f64; 2],
    pub landscape: bool,
    /// The part of the board on each sheet, in mm (the sheet less its margins).
    pub part: [f64; 2],
    pub cols: usize,
    pub rows: usize,
    /// The drawing's size in mm (board, margin, legend band).
    pub drawing: [f64; 2],
}

impl Tiling {
    pub fn new(l: &Layout, paper: Paper) -> Tiling {
        Tiling::of_view(l.view, l.print_units_per_mm, paper)
    }

    /// The tiling of a drawing `view` in board units, `u` of them per printed mm.
    pub fn of_view(view: super::layout::Rect, u: f64, paper: Paper) -> Tiling {
        let drawing = [view.w / u, view.h / u];
        let [pw, ph] = paper.size_mm();
        let count = |len: f64, part: f64| {
            if len <= part {
                1
            } else {
                ((len - OVERLAP_MM) / (part - OVERLAP_MM)).ceil() as usize
            }
        };
        let tiling = |sheet: [f64; 2], landscape: bool| {
            let part = [
                sheet[0] - 2.0 * PAGE_MARGIN_MM,
                sheet[1] - 2.0 * PAGE_MARGIN_MM,
            ];
            Tiling {
                sheet,
                landscape,
                part,
                cols: count(drawing[0], part[0]),
                rows: count(drawing[1], part[1]),
                drawing,
            }
        };
        let portrait = tiling([pw, ph], false);
        let landscape = tiling([ph, pw], true);
        if landscape.pages() < portrait.pages() {
            landscape
        } else {
            portrait
        }
    }

    pub fn pages(&self) -> usize {
        self.cols * self.rows
    }

    /// The top-left corner, in mm from the drawing's top-left, of the part on the sheet in
    /// column `c`, row `r`.
    pub fn part_origin(&self, c: usize, r: usize) -> [f64; 2] {
        [
            c as f64 * (self.part[0] - OVERLAP_MM),
            r as f64 * (self.part[1] - OVERLAP_MM),
        ]
    }
}

const DOC_CSS: &str = "body{margin:0;background:#888}\
.sheet{display:block;margin:0 auto;background:#fff;break-after:page;page-break-after:always}\
.sheet:last-of-type{break-after:auto;page-break-after:auto}\
.trim{stroke:#000;stroke-width:0.2}\
.overlap-edge{stroke:#555;stroke-width:0.2;stroke-dasharray:2 1.5;fill:none}\
.sheet-label{font-family:'Noto Sans',sans-serif;font-size:3px;fill:#333}\
@media print{body{background:none}}";

/// The print document: one sheet per part, in reading order.
pub fn document(map: &MapFile, l: &Layout, theme: &Theme, paper: Paper) -> String {
    let view = super::svg::view(map, l);
    let u = l.print_units_per_mm;
    let t = Tiling::of_view(view, u, paper);
    let [sw, sh] = t.sheet;
    let m = PAGE_MARGIN_MM;
    let name = esc(&map.map.name);
    let mut art = String::new();
    board_layers(&mut art, map, l, theme);
    let mut out = String::with_capacity(art.len() + t.pages() * 2048 + 4096);
    let _ = write!(
        out,
        r#"<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{name} – print on {pages} {paper} sheets</title>
<style>@page{{size:{w}mm {h}mm;margin:0}}{fonts}{DOC_CSS}</style>
</head>
<body>
<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0" style="position:absolute" aria-hidden="true"><defs><g id="tt-board-art">
{art}</g></defs></svg>
"#,
        pages = t.pages(),
        paper = paper.name(),
        w = num(sw),
        h = num(sh),
        fonts = super::fonts::font_face_css(),
    );
    let mut k = 0;
    for r in 0..t.rows {
        for c in 0..t.cols {
            k += 1;
            let [x0, y0] = t.part_origin(c, r);
            let _ = writeln!(
                out,
                r#"<svg class="sheet" xmlns="http://www.w3.org/2000/svg" width="{w}mm" height="{h}mm" viewBox="0 0 {w} {h}" data-page="{k}" data-row="{row}" data-col="{col}">"#,
                w = num(sw),
                h = num(sh),
                row = r + 1,
                col = c + 1
            );
            let _ = writeln!(
                out,
                r##"<svg class="part" x="{m}" y="{m}" width="{pw}" height="{ph}" viewBox="{vx} {vy} {vw} {vh}"><use href="#tt-board-art"/></svg>"##,
                m = num(m),
                pw = num(t.part[0]),
                ph = num(t.part[1]),
                vx = num(view.x + x0 * u),
                vy = num(view.y + y0 * u),
                vw = num(t.part[0] * u),
                vh = num(t.part[1] * u),
            );
            trim_marks(&mut out, [m, m], t.part);
            // Where the next sheet's trimmed edge is laid: the overlap's inner line.
            if c + 1 < t.cols {
                let x = m + t.part[0] - OVERLAP_MM;
                let _ = writeln!(
                    out,
                    r#"<line class="overlap-edge" x1="{x}" y1="{}" x2="{x}" y2="{}"/>"#,
                    num(m),
                    num(m + t.part[1]),
                    x = num(x)
                );
            }
            if r + 1 < t.rows {
                let y = m + t.part[1] - OVERLAP_MM;
                let _ = writeln!(
                    out,
                    r#"<line class="overlap-edge" x1="{}" y1="{y}" x2="{}" y2="{y}"/>"#,
                    num(m),
                    num(m + t.part[0]),
                    y = num(y)
                );
            }
            let _ = writeln!(
                out,
                r#"<text class="sheet-label" x="{}" y="{}">{name} – sheet {k} of {n}: row {row} of {rows}, column {col} of {cols} ({paper}, 100 %). Trim the left and top edges at the marks; lay each sheet over its neighbour up to the dashed line.</text>"#,
                num(m),
                num(sh - m / 2.0 + 1.0),
                n = t.pages(),
                row = r + 1,
                rows = t.rows,
                col = c + 1,
                cols = t.cols,
                paper = paper.name()
            );
            out.push_str("</svg>\n");
        }
    }
    out.push_str("</body>\n</html>\n");
    out
}

/// Two short lines at each corner of the printed part, in the margin outside it, along its
/// edges: cut from mark to mark.
fn trim_marks(out: &mut String, at: [f64; 2], size: [f64; 2]) {
    let gap = 1.0;
    for (x, dx) in [(at[0], -1.0), (at[0] + size[0], 1.0)] {
        for (y, dy) in [(at[1], -1.0), (at[1] + size[1], 1.0)] {
            let _ = writeln!(
                out,
                r#"<path class="trim" d="M{} {}H{}M{} {}V{}"/>"#,
                num(x + dx * gap),
                num(y),
                num(x + dx * (gap + TRIM_MM)),
                num(x),
                num(y + dy * gap),
                num(y + dy * (gap + TRIM_MM)),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sheets_cover_the_drawing_with_the_overlap() {
        // 190 × 277 mm parts (A4 less 10 mm margins) stepping 180 × 267 mm: a drawing
        // 820 × 560 mm needs ceil((820 − 10) / 180) = 5 columns and ceil((560 − 10) / 267)
        // = 3 rows portrait (15 sheets); landscape parts 277 × 190 step 267 × 180:
        // ceil(810 / 267) = 4 columns, ceil(550 / 180) = 4 rows (16): portrait wins.
        let t = Tiling {
            sheet: [210.0, 297.0],
            landscape: false,
            part: [190.0, 277.0],
            cols: 5,
            rows: 3,
            drawing: [820.0, 560.0],
        };
        let last = t.part_origin(4, 2);
        assert!(last[0] + t.part[0] >= 820.0 && last[1] + t.part[1] >= 560.0);
        assert_eq!(t.part_origin(1, 0)[0], 180.0);
    }
}
