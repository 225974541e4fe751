//! `ttrmap render`: boards you could print and play on.
//!
//! Following usvg/resvg's "parse into a clean tree, then render from the tree": the renderer
//! reads only the checked [`MapFile`], computes a [`Layout`] once (city markers, every
//! train-car space of every lane, labels, zones, legend, title block), and every output is
//! written from that layout: the board SVG ([`svg`]), the PNG rasterised from it ([`png`]), the
//! HTML page around it ([`html`]), the ticket sheet ([`tickets`]) and the PDF made from these
//! SVGs ([`pdf`]). Colours, fonts and sizes come from a theme ([`theme`]), never from the Rust
//! code.
//!
//! Where the rest is: cars are placed by `routing.rs` (and `routing/`), names by `labels.rs`;
//! [`audit`] measures the drawn board for the lints; [`fit`] is `ttrmap layout --fit`;
//! [`pages`] tiles a board onto sheets. Theme CSS is untrusted (a user's file, pasted into
//! every SVG and HTML page): `theme.rs` drops what `theme/sanitize.rs` cuts, and `render`
//! refuses a theme file that had anything cut.
//!
//! What holds of every board:
//! - user text is escaped; the SVG has one `<g>` per layer and one `space`-class element per
//!   train-car space;
//! - a car off the board's size (beyond the stretch allowed) is on a route the
//!   `route-drawn-length` lint reports, and a chain of cars stopping more than 6 mm
//!   ([`audit::END_MM`]) short of its city marker, or broken by a wide gap, is on a route
//!   `route-slack` reports (`tests/board_geometry.rs` measures this with geometry of its own,
//!   on the 14 shipped maps and a generated 300-city board);
//! - the layout is deterministic: fixed orders, ties go to the earlier candidate, and the
//!   spatial index's order is never used.

pub mod audit;
pub mod colours;
pub mod crossings;
pub mod curves;
pub mod fit;
pub mod fonts;
pub mod geom;
pub mod html;
mod label_choice;
mod label_obstacles;
mod labels;
pub mod layout;
pub mod num;
pub mod pages;
pub mod paper;
pub mod pdf;
pub mod pitch;
pub mod png;
mod routing;
pub mod score_track;
pub mod shares;
pub mod svg;
pub mod symbols;
pub mod theme;
pub mod tickets;
pub mod types;

pub use layout::Layout;
pub use paper::{CardSize, Orientation, Paper};
pub use theme::{DEFAULT_THEME, Theme, theme_names};

use crate::model::MapFile;

/// Output format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Svg,
    Png,
    Html,
    Pdf,
}

impl Format {
    pub fn extension(self) -> &'static str {
        match self {
            Format::Svg => "svg",
            Format::Png => "png",
            Format::Html => "html",
            Format::Pdf => "pdf",
        }
    }
}

/// What to draw and how.
#[derive(Debug, Clone)]
pub struct Options {
    /// A name from [`theme_names`], or the path of a theme file (see [`theme`]).
    pub theme: String,
    /// Real size: spaces at the theme's millimetre size on the printed board, SVG size in mm.
    pub print: bool,
    /// The ticket sheet instead of the board.
    pub tickets: bool,
    /// PNG resolution in dots per inch of the printed size; `None`: [`DEFAULT_PNG_WIDTH`].
    pub dpi: Option<f64>,
    /// The ticket sheet's card size.
    pub card: CardSize,
    /// Paper: the ticket sheet's pages (A4 when `None`), or, with `print`, the sheets the
    /// real-size board is tiled onto (an HTML or PDF document to print).
    pub paper: Option<Paper>,
    /// A shape per card colour on its spaces and legend swatch ([`symbols`]), for players
    /// who do not tell the colours apart and for greyscale prints.
    pub symbols: bool,
    /// With `print` and `paper`: the sheets turned this way, else whichever takes fewer.
    pub orientation: Option<Orientation>,
    /// PDF for a print shop: the board's paper colour this many mm past the trim.
    pub bleed: Option<f64>,
    /// The board's score track, numbered 0 to this ([`score_track`]); `None`: no track.
    pub score_track: Option<u32>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            theme: DEFAULT_THEME.to_string(),
            print: false,
            tickets: false,
            dpi: None,
            card: CardSize::default(),
            paper: None,
            symbols: false,
            orientation: None,
            bleed: None,
            score_track: Some(score_track::DEFAULT_LAST),
        }
    }
}

/// PNG width when no `dpi` is given.
pub const DEFAULT_PNG_WIDTH: u32 = 2000;

#[derive(Debug, thiserror::Error, PartialEq)]
pub enum RenderError {
    #[error("unknown theme `{0}`; themes: {themes}, or the path of a theme's .css file", themes = theme_names().join(", "))]
    UnknownTheme(String),
    #[error("cannot read the theme file {0}: {1}")]
    ThemeFile(String, String),
    /// A theme file holding what a theme may not say (script, at-rules, URLs, properties or
    /// fonts outside the allowed set): each problem as `FILE:LINE:COL: why`.
    #[error("the theme file {file} is refused: it holds what a theme may not say\n{}", problems.join("\n"))]
    ThemeRefused { file: String, problems: Vec<String> },
    #[error("a {width} × {height} px image is too large to draw (at most {side} px a side and {mp} million pixels){}", max_dpi.map(|d| format!("; this board takes --dpi {d} at most")).unwrap_or_default(), side = png::MAX_SIDE_PX, mp = png::MAX_PIXELS / 1_000_000)]
    TooLarge {
        width: u32,
        height: u32,
        /// The highest `--dpi` that fits, when a dpi was asked for.
        max_dpi: Option<u32>,
    },
    #[error("--dpi must be a positive number, not {0}")]
    BadDpi(f64),
    #[error("--bleed must be more than 0 and at most {max} mm, not {0}", max = pdf::MAX_BLEED_MM)]
    BadBleed(f64),
    #[error("the score track runs from 0 to {min} at least and {max} at most, not {0}", min = score_track::LAST_RANGE.start(), max = score_track::LAST_RANGE.end())]
    BadScoreTrack(u32),
    #[error("cannot draw the image: {0}")]
    Raster(String),
    #[error("{0}")]
    Unsupported(&'static str),
}

/// The theme `opts` names: a shipped theme by name, or a theme file by path (a `.css` file,
/// or a folder holding `theme.css`, as in `templates/themes/`).
pub fn theme(opts: &Options) -> Result<Theme, RenderError> {
    let mut theme = theme_named(opts)?;
    theme.symbols = opts.symbols;
    Ok(theme)
}

fn theme_named(opts: &Options) -> Result<Theme, RenderError> {
    if let Some(theme) = Theme::named(&opts.theme) {
        return Ok(theme);
    }
    let path = std::path::Path::new(&opts.theme);
    let looks_like_path = opts.theme.ends_with(".css") || path.components().count() > 1;
    if !looks_like_path && !path.exists() {
        return Err(RenderError::UnknownTheme(opts.theme.clone()));
    }
    let file = if path.is_dir() {
        path.join("theme.css")
    } else {
        path.to_path_buf()
    };
    let limit = crate::load::MAX_FILE_BYTES;
    let text = crate::load::read_text_limited(&file, limit, "theme files")
        .map_err(|e| RenderError::ThemeFile(file.display().to_string(), e.to_string()))?;
    let name = file
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let (theme, dropped) = Theme::parse_checked(&name, &text);
    if dropped.is_empty() {
        return Ok(theme);
    }
    // A long list is cut: the first problems say what is wrong, the count how much.
    const SHOWN: usize = 20;
    let file = file.display().to_string();
    let mut problems: Vec<String> = dropped
        .iter()
        .take(SHOWN)
        .map(|d| format!("  {file}:{d}"))
        .collect();
    if dropped.len() > SHOWN {
        problems.push(format!("  ... and {} more", dropped.len() - SHOWN));
    }
    Err(RenderError::ThemeRefused { file, problems })
}

/// The layout for these options.
pub fn layout(map: &MapFile, opts: &Options) -> Result<Layout, RenderError> {
    layout_in(map, &theme(opts)?, opts)
}

/// The layout in `theme`: the board's, with its score track unless the options leave it out
/// (the ticket sheet draws none).
fn layout_in(map: &MapFile, theme: &Theme, opts: &Options) -> Result<Layout, RenderError> {
    let track = match opts.score_track {
        Some(last) if !score_track::LAST_RANGE.contains(&last) => {
            return Err(RenderError::BadScoreTrack(last));
        }
        track => track.filter(|_| !opts.tickets),
    };
    Ok(Layout::compute_with(map, &theme.sizes(), track))
}

/// Board sheets (`print` with a `paper`) are an HTML or PDF document only.
const SHEETS_ARE_HTML: &str =
    "--paper with --print tiles the board onto sheets to print: use --format html or pdf";

/// Whether the options ask for the board tiled onto sheets, and refuses what cannot go with it.
fn board_sheets(opts: &Options) -> Result<bool, RenderError> {
    match (opts.tickets, opts.print, opts.paper) {
        (false, false, Some(_)) => Err(RenderError::Unsupported(
            "--paper lays out the ticket sheet (--tickets) or tiles the real-size board (--print)",
        )),
        (false, true, Some(_)) => Ok(true),
        _ => Ok(false),
    }
}

/// The board (or, with `opts.tickets`, the ticket sheet) as SVG text.
pub fn to_svg(map: &MapFile, opts: &Options) -> Result<String, RenderError> {
    if board_sheets(opts)? {
        return Err(RenderError::Unsupported(SHEETS_ARE_HTML));
    }
    let theme = theme(opts)?;
    let layout = layout_in(map, &theme, opts)?;
    Ok(svg_from(map, &layout, &theme, opts))
}

/// The board on screen in the default theme, its lanes painted by `paint` (a playtest's heat,
/// a comparison's change; see [`svg::Paint`]).
pub fn to_svg_painted(map: &MapFile, paint: svg::Paint) -> Result<String, RenderError> {
    let opts = Options::default();
    let theme = theme(&opts)?;
    let layout = layout_in(map, &theme, &opts)?;
    Ok(svg::board_painted(map, &layout, &theme, paint))
}

fn svg_from(map: &MapFile, layout: &Layout, theme: &Theme, opts: &Options) -> String {
    if opts.tickets {
        tickets::sheet(
            map,
            layout,
            theme,
            opts.card,
            opts.paper.unwrap_or_default(),
        )
    } else {
        svg::board(map, layout, theme, opts.print)
    }
}

/// The self-contained HTML page.
pub fn to_html(map: &MapFile, opts: &Options) -> Result<String, RenderError> {
    if opts.tickets {
        return Err(RenderError::Unsupported(
            "--tickets draws a printable sheet (svg or png); the html page already lists the tickets",
        ));
    }
    let sheets = board_sheets(opts)?;
    let theme = theme(opts)?;
    let layout = layout_in(map, &theme, opts)?;
    if let (true, Some(paper)) = (sheets, opts.paper) {
        return Ok(pages::document(
            map,
            &layout,
            &theme,
            paper,
            opts.orientation,
        ));
    }
    let svg = svg::board(map, &layout, &theme, opts.print);
    Ok(html::page(map, &layout, &svg))
}

/// PNG bytes.
pub fn to_png(map: &MapFile, opts: &Options) -> Result<Vec<u8>, RenderError> {
    if board_sheets(opts)? {
        return Err(RenderError::Unsupported(SHEETS_ARE_HTML));
    }
    let theme = theme(opts)?;
    let layout = layout_in(map, &theme, opts)?;
    let svg = svg_from(map, &layout, &theme, opts);
    let width = match opts.dpi {
        None => DEFAULT_PNG_WIDTH,
        Some(dpi) if !(dpi.is_finite() && dpi > 0.0) => return Err(RenderError::BadDpi(dpi)),
        Some(dpi) => {
            let mm = if opts.tickets {
                let cards = map.tickets.iter().map(|t| t.copies.max(1) as usize).sum();
                tickets::sheet_size(cards, opts.card, opts.paper.unwrap_or_default())
            } else {
                let v = svg::view(map, &layout);
                [
                    v.w / layout.print_units_per_mm,
                    v.h / layout.print_units_per_mm,
                ]
            };
            let px = |len: f64| (len / 25.4 * dpi).round().clamp(1.0, u32::MAX as f64) as u32;
            let (w, h) = (px(mm[0]), px(mm[1]));
            if !png::fits(w, h) {
                return Err(RenderError::TooLarge {
                    width: w,
                    height: h,
                    max_dpi: Some(png::max_dpi(mm)),
                });
            }
            w
        }
    };
    png::png(&svg, width)
}

/// The output in `format`, as bytes to write.
pub fn render(map: &MapFile, format: Format, opts: &Options) -> Result<Vec<u8>, RenderError> {
    match format {
        Format::Svg => to_svg(map, opts).map(String::into_bytes),
        Format::Html => to_html(map, opts).map(String::into_bytes),
        Format::Png => to_png(map, opts),
        Format::Pdf => pdf::to_pdf(map, opts).map(|r| r.bytes),
    }
}
