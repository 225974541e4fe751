//! `render --format pdf`: print-ready PDF made from the SVG the renderer already draws, with
//! krilla and krilla-svg (vector, fonts embedded and subset), so nothing is drawn twice; only
//! `doc.rs` knows PDF. Three kinds of document:
//!
//! - the board at real size on one page; with `--bleed MM` its paper colour runs MM past the
//!   trim on every side (trim and bleed boxes set) and whatever reaches into the safe margin
//!   ([`safe`]) is reported;
//! - with `--print --paper`, the board tiled onto sheets as [`super::pages`] tiles it for the
//!   HTML print document (same parts, overlap, marks and words), after a first page that maps
//!   the sheets;
//! - with `--tickets`, the ticket sheet's pages ([`super::tickets`]) at the paper's size, the
//!   cards at their true size with cut marks.
//!
//! Why krilla and krilla-svg: no PDF writer of the resvg family takes our usvg 0.49, hence a
//! second usvg (`usvg-pdf` in `Cargo.toml`, 0.47, for krilla-svg). svg2pdf is archived in
//! favour of krilla-svg, and its output varies between runs with two font faces (fonts in
//! `HashMap` order; typst issue 6783), which our regular and bold text always has. krilla
//! writes no date and derives the file ID from the content: same map, same bytes. Writing
//! our own PDF (subset CID fonts) or drawing text as outlines (not selectable) was worse.
//! The costs: `rust-version` 1.92, and the second usvg until krilla-svg moves to 0.49.

mod doc;
pub mod safe;

use super::pages::{self, Tiling};
use super::paper::{PAGE_MARGIN_MM, Paper};
use super::{Layout, Options, RenderError, Theme, svg, tickets};
use crate::model::MapFile;
use doc::{Art, Doc, Drawing, Show, show, show_whole};

/// The widest bleed taken, in mm: a board's wrap round a cardboard is about 20.
pub const MAX_BLEED_MM: f64 = 25.0;

/// A PDF and the warnings its drawing raised (the safe margin's, with `--bleed`).
pub struct Rendered {
    pub bytes: Vec<u8>,
    pub warnings: Vec<String>,
}

/// The PDF these options ask for.
pub fn to_pdf(map: &MapFile, opts: &Options) -> Result<Rendered, RenderError> {
    let sheets = opts.print && opts.paper.is_some() && !opts.tickets;
    if let Some(b) = opts.bleed {
        if opts.tickets || sheets {
            return Err(RenderError::Unsupported(
                "--bleed is for a print shop's one-page board: leave out --tickets and --paper",
            ));
        }
        if !(b.is_finite() && b > 0.0 && b <= MAX_BLEED_MM) {
            return Err(RenderError::BadBleed(b));
        }
    }
    if opts.orientation.is_some() && !sheets {
        return Err(RenderError::Unsupported(
            "--orientation turns the sheets of --print --paper",
        ));
    }
    let theme = super::theme(opts)?;
    let layout = super::layout_in(map, &theme, opts)?;
    let mut doc = Doc::new(&map.map.name);
    let mut warnings = Vec::new();
    if opts.tickets {
        ticket_pages(&mut doc, map, &layout, &theme, opts)?;
    } else if let (true, Some(paper)) = (sheets, opts.paper) {
        board_sheets(&mut doc, map, &layout, &theme, paper, opts)?;
    } else {
        warnings = board_page(&mut doc, map, &layout, &theme, opts.bleed)?;
    }
    Ok(Rendered {
        bytes: doc.finish()?,
        warnings,
    })
}

/// The board at real size, one page; with a bleed, the trim box at the drawing's edge, and
/// what lies in the safe margin (in words).
fn board_page(
    doc: &mut Doc,
    map: &MapFile,
    l: &Layout,
    theme: &Theme,
    bleed: Option<f64>,
) -> Result<Vec<String>, RenderError> {
    let u = l.print_units_per_mm;
    let view = svg::view(map, l);
    let b = bleed.unwrap_or(0.0);
    let trim = [view.w / u, view.h / u];
    let size = [trim[0] + 2.0 * b, trim[1] + 2.0 * b];
    let board = Drawing::new(&svg::board_with_bleed(map, l, theme, b), size)?;
    let trim_box = bleed.map(|b| [b, b, trim[0], trim[1]]);
    doc.page(size, trim_box, |s| show_whole(s, &board))?;
    Ok(if bleed.is_some() {
        safe::outside_safe_area(map, l, view)
    } else {
        Vec::new()
    })
}

/// The board on sheets: a page mapping them, then each sheet with its part of the board (the
/// board is one graphic, shown clipped on every sheet) and its marks and words.
fn board_sheets(
    doc: &mut Doc,
    map: &MapFile,
    l: &Layout,
    theme: &Theme,
    paper: Paper,
    opts: &Options,
) -> Result<(), RenderError> {
    let u = l.print_units_per_mm;
    let view = svg::view(map, l);
    let t = Tiling::of_view(view, u, paper, opts.orientation);
    let m = PAGE_MARGIN_MM;
    let board = Drawing::new(&svg::board(map, l, theme, true), t.drawing)?;
    let cover = Drawing::new(&pages::sheet_map(&t, &map.map.name, paper), t.sheet)?;
    let graphic = doc.page(t.sheet, None, |s| {
        show_whole(s, &cover);
        board.graphic(s)
    })?;
    for r in 0..t.rows {
        for c in 0..t.cols {
            let [x0, y0] = t.part_origin(c, r);
            let marks = Drawing::new(
                &pages::sheet_overlay(&t, [c, r], &map.map.name, paper),
                t.sheet,
            )?;
            doc.page(t.sheet, None, |s| {
                show(
                    s,
                    &Show {
                        art: Art::Graphic(&graphic),
                        at: [m - x0, m - y0],
                        clip: Some([m, m, t.part[0], t.part[1]]),
                    },
                );
                show_whole(s, &marks);
            })?;
        }
    }
    Ok(())
}

/// The ticket sheet's pages, each the paper's size.
fn ticket_pages(
    doc: &mut Doc,
    map: &MapFile,
    l: &Layout,
    theme: &Theme,
    opts: &Options,
) -> Result<(), RenderError> {
    let paper = opts.paper.unwrap_or_default();
    let size = paper.size_mm();
    for svg in tickets::page_svgs(map, l, theme, opts.card, paper) {
        let page = Drawing::new(&svg, size)?;
        doc.page(size, None, |s| show_whole(s, &page))?;
    }
    Ok(())
}
