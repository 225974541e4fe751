//! `--print --paper a4|letter|a3`: the board at its real size tiled onto sheets a home printer
//! takes, as one HTML document with a page per sheet (print it from a browser at 100 %, no
//! margins). Each sheet shows its part of the board inside a 10 mm margin, with trim marks at
//! the corners of that part; neighbouring parts overlap by [`OVERLAP_MM`], and a dashed line
//! on a sheet shows where the next sheet's trimmed edge goes. The board is defined once in
//! the document and shown on every sheet through `<use>`, so the file grows with the board,
//! not with the number of sheets.

use super::layout::Layout;
use super::num::num;
use super::paper::{Orientation, PAGE_MARGIN_MM, PRINTABLE_INSET_MM, Paper};
use super::svg::{board_layers, esc};
use super::theme::Theme;
use super::types::text_width;
use crate::model::MapFile;
use std::fmt::Write;

/// How much two neighbouring sheets show of the same board, in mm: room to glue or tape.
pub const OVERLAP_MM: f64 = 10.0;
/// Length of a trim mark, in mm (drawn in the margin, off the printed part, ending
/// [`PRINTABLE_INSET_MM`] or more from the paper's edge).
const TRIM_MM: f64 = 3.5;
/// Room between a trim mark and the part's corner, in mm.
const TRIM_GAP_MM: f64 = 1.0;
/// The words on a sheet, in mm (shrunk to fit the part's width when longer).
const LABEL_MM: f64 = 3.0;

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
    pub fn new(l: &Layout, paper: Paper, orientation: Option<Orientation>) -> Tiling {
        Tiling::of_view(l.view, l.print_units_per_mm, paper, orientation)
    }

    /// The tiling of a drawing `view` in board units, `u` of them per printed mm: turned as
    /// `orientation` says, else whichever way takes fewer sheets (portrait on a tie).
    pub fn of_view(
        view: super::layout::Rect,
        u: f64,
        paper: Paper,
        orientation: Option<Orientation>,
    ) -> Tiling {
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
        match orientation {
            Some(Orientation::Portrait) => portrait,
            Some(Orientation::Landscape) => landscape,
            None if landscape.pages() < portrait.pages() => landscape,
            None => portrait,
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
pub fn document(
    map: &MapFile,
    l: &Layout,
    theme: &Theme,
    paper: Paper,
    orientation: Option<Orientation>,
) -> String {
    let view = super::svg::view(map, l);
    let u = l.print_units_per_mm;
    let t = Tiling::of_view(view, u, paper, orientation);
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
            sheet_marks(&mut out, &t, [c, r], &map.map.name, paper);
            out.push_str("</svg>\n");
        }
    }
    out.push_str("</body>\n</html>\n");
    out
}

/// What a sheet carries besides its part of the board, in the sheet's mm: trim marks, the
/// dashed line where the next sheet's trimmed edge goes, and two lines of words (which sheet
/// this is above the part, how to print and join below it). All of it lies in the margin and
/// at least [`PRINTABLE_INSET_MM`] from the paper's edge, where a home printer prints. The
/// HTML sheets and the PDF pages both draw it.
pub fn sheet_marks(out: &mut String, t: &Tiling, [c, r]: [usize; 2], name: &str, paper: Paper) {
    let m = PAGE_MARGIN_MM;
    let [sw, sh] = t.sheet;
    trim_marks(out, [m, m], t.part);
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
    let k = r * t.cols + c + 1;
    let top = format!(
        "{name} – sheet {k} of {n}: row {row} of {rows}, column {col} of {cols}",
        n = t.pages(),
        row = r + 1,
        rows = t.rows,
        col = c + 1,
        cols = t.cols,
    );
    let foot = format!(
        "Print on {} at 100 %. Trim the left and top edges at the marks; lay each sheet over its neighbour up to the dashed line.",
        paper.name()
    );
    // Above the part, clear of the corner marks; baselines placed so that accents and
    // descenders stay between the printable edge and the part.
    sheet_label(out, &top, [m + 2.0, m - 1.5], sw - 2.0 * m - 4.0);
    sheet_label(out, &foot, [m + 2.0, sh - m + 3.5], sw - 2.0 * m - 4.0);
}

/// One line of words at `at` (baseline start), shrunk when it would be wider than `room`.
/// [`text_width`] estimates Noto Sans's advance; a tenth more keeps a wide name inside.
fn sheet_label(out: &mut String, text: &str, at: [f64; 2], room: f64) {
    let size = LABEL_MM.min(room / (1.1 * text_width(text, 1.0)).max(1e-9));
    let _ = writeln!(
        out,
        r#"<text class="sheet-label" x="{}" y="{}" style="font-size:{}px">{}</text>"#,
        num(at[0]),
        num(at[1]),
        num(size),
        esc(text)
    );
}

/// Two short lines at each corner of the printed part, in the margin outside it, along its
/// edges: cut from mark to mark.
fn trim_marks(out: &mut String, at: [f64; 2], size: [f64; 2]) {
    let gap = TRIM_GAP_MM;
    debug_assert!(PAGE_MARGIN_MM - gap - TRIM_MM >= PRINTABLE_INSET_MM);
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

/// One sheet's marks and words alone, as an SVG the size of the sheet: what a PDF page shows
/// over its part of the board.
pub fn sheet_overlay(t: &Tiling, at: [usize; 2], name: &str, paper: Paper) -> String {
    let [sw, sh] = t.sheet;
    let mut out = String::with_capacity(4096);
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}mm" height="{h}mm" viewBox="0 0 {w} {h}"><style>{DOC_CSS}</style>"#,
        w = num(sw),
        h = num(sh)
    );
    sheet_marks(&mut out, t, at, name, paper);
    out.push_str("</svg>\n");
    out
}

/// The first page of the PDF sheets, as an SVG the size of a sheet: the drawing's outline cut
/// into its sheets, each numbered where it lies, so the sheets can be laid out before they are
/// taped together.
pub fn sheet_map(t: &Tiling, name: &str, paper: Paper) -> String {
    let m = PAGE_MARGIN_MM;
    let [sw, sh] = t.sheet;
    let mut out = String::with_capacity(4096 + t.pages() * 400);
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}mm" height="{h}mm" viewBox="0 0 {w} {h}" font-family="Noto Sans">"#,
        w = num(sw),
        h = num(sh)
    );
    let room = sw - 2.0 * m;
    let lines = [
        (
            format!("{name} – the board on {} {} sheets", t.pages(), paper.name()),
            6.0_f64,
            "bold",
        ),
        (
            format!(
                "{} × {} mm at real size: {} columns, {} rows, {} mm overlap, {}.",
                num(t.drawing[0].round()),
                num(t.drawing[1].round()),
                t.cols,
                t.rows,
                num(OVERLAP_MM),
                if t.landscape { "landscape" } else { "portrait" }
            ),
            3.5,
            "normal",
        ),
        (
            format!("Print every sheet on {} at 100 % (no fit to page).", paper.name()),
            3.5,
            "normal",
        ),
        (
            "Trim each sheet's left and top edges at its marks, then lay it over its left and upper neighbours up to their dashed lines.".to_string(),
            3.5,
            "normal",
        ),
    ];
    let mut y = m + 6.0;
    for (text, size, weight) in &lines {
        let size: f64 = size.min(room / (1.1 * text_width(text, 1.0)).max(1e-9));
        let _ = writeln!(
            out,
            r##"<text x="{}" y="{}" font-size="{}" font-weight="{weight}" fill="#222">{}</text>"##,
            num(m),
            num(y),
            num(size),
            esc(text)
        );
        y += size * 1.6;
    }
    // The map of sheets, as large as the rest of the page allows.
    let top = y + 4.0;
    let s = (room / t.drawing[0]).min((sh - m - top) / t.drawing[1]);
    let _ = writeln!(
        out,
        r##"<rect x="{}" y="{}" width="{}" height="{}" fill="#eef2e6" stroke="#222" stroke-width="0.4"/>"##,
        num(m),
        num(top),
        num(t.drawing[0] * s),
        num(t.drawing[1] * s)
    );
    for r in 0..t.rows {
        for c in 0..t.cols {
            let [x0, y0] = t.part_origin(c, r);
            let w = t.part[0].min(t.drawing[0] - x0);
            let h = t.part[1].min(t.drawing[1] - y0);
            let (x, yy) = (m + x0 * s, top + y0 * s);
            let _ = writeln!(
                out,
                r##"<rect x="{}" y="{}" width="{}" height="{}" fill="#4a7bd0" fill-opacity="0.08" stroke="#4a7bd0" stroke-width="0.3"/>"##,
                num(x),
                num(yy),
                num(w * s),
                num(h * s)
            );
            let size = (w.min(h) * s * 0.3).min(12.0);
            let _ = writeln!(
                out,
                r##"<text x="{}" y="{}" font-size="{}" text-anchor="middle" fill="#1d3f7a">{}</text>"##,
                num(x + w * s / 2.0),
                num(yy + h * s / 2.0 + size * 0.35),
                num(size),
                r * t.cols + c + 1
            );
        }
    }
    out.push_str("</svg>\n");
    out
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
