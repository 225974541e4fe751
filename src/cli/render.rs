//! `ttrmap render MAP [-o OUT] [--format svg|png|html|pdf] [--theme NAME|FILE] [--dpi N] [--tickets
//! [--card 44x67|63x88]] [--print] [--paper a4|letter|a3] [--orientation portrait|landscape]
//! [--bleed [MM]] [--symbols] [--no-score-track | --score-track-to N]`: draw the board (or the ticket sheet). A map with errors is not drawn: its
//! diagnostics are printed as `check` prints them and nothing is written.

use super::out_format::{self, OtherExtension};
use super::output::{self, Request};
use super::{CliError, EXIT_OK, usage};
use crate::render::{CardSize, Format, Options, Orientation, Paper, render};
use std::path::{Path, PathBuf};

#[derive(clap::Args)]
pub struct Args {
    /// The map file.
    map: PathBuf,
    /// Output file. Default: beside the map, same name, extension by format
    /// (`-tickets` added for `--tickets`).
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// Output format; default: from the output's extension, else svg. pdf: print-ready
    /// vector PDF, fonts embedded: the board at real size on one page, or with --print
    /// --paper its sheets, or with --tickets pages of cards at their true size.
    #[arg(long, value_enum)]
    format: Option<Format>,
    /// Theme: `classic` or `ink` (built in), or the path of a theme file (`my.css`, or a
    /// folder holding `theme.css`) made as `templates/themes/README.md` in the source says.
    #[arg(long, default_value = crate::render::DEFAULT_THEME)]
    theme: String,
    /// PNG resolution in dots per inch of the printed size (default: 2000 px wide). Up to
    /// 20,000 px a side and 400 million pixels (an 800 mm board takes about 590 dpi); beyond,
    /// the error names the highest dpi the board takes.
    #[arg(long)]
    dpi: Option<f64>,
    /// Draw the destination tickets as printable pages of cards instead of the board.
    #[arg(long)]
    tickets: bool,
    /// Ticket card size in mm (with --tickets): 44x67, the published USA and Europe size,
    /// or 63x88, a poker card.
    #[arg(long, value_enum, default_value = "44x67", requires = "tickets")]
    card: CardSize,
    /// Paper: the ticket sheet's pages (with --tickets; default a4), or the sheets the
    /// real-size board is tiled onto (with --print and --format html or pdf: one page per
    /// sheet, 10 mm overlap, trim marks 5 mm or more from the paper's edge, to print at 100 %
    /// and tape together; the pdf's first page maps the sheets).
    #[arg(long, value_enum)]
    paper: Option<Paper>,
    /// The sheets of --print --paper turned this way (default: whichever takes fewer sheets,
    /// portrait on a tie).
    #[arg(long, value_enum)]
    orientation: Option<Orientation>,
    /// Print-shop PDF of the board (--format pdf, one page): its paper colour runs MM past
    /// the trim on every side (3 when no MM is given; at most 25), the page's trim and bleed
    /// boxes set, and every name, car space, marker, legend or title within 5 mm of the trim
    /// named in a warning on stderr.
    #[arg(long, value_name = "MM", num_args = 0..=1, default_missing_value = "3")]
    bleed: Option<f64>,
    /// Real size: SVG width and height in mm (the board's long side 800 mm, or the map's
    /// `board.print_width_mm`; every train-car space `board.space_mm`, else sized from the
    /// distances between the map's cities, 9 mm wide).
    #[arg(long)]
    print: bool,
    /// A small shape on the spaces of each card colour and on its legend swatch (red a disc,
    /// orange a downward triangle, yellow a diamond, green a square, blue a plus, pink a
    /// heart, white a ring, black a star; gray plain), so the board reads without colour
    /// vision or printed in greyscale. Goes with any theme (and with --print sheets and the
    /// html page; the ticket sheet's mini-maps draw no route colours, so it changes nothing
    /// there).
    #[arg(long)]
    symbols: bool,
    /// Leave out the score track. By default the board has one, as printed boards do:
    /// numbered cells 12 mm deep round the board's edge, outside it (no city, route or name
    /// under it), every fifth set apart; the drawing grows by the track and the legend moves
    /// below it.
    #[arg(long, conflicts_with = "score_track_to")]
    no_score_track: bool,
    /// The score track's last number (it starts at 0): 99 by default, as the published
    /// boards count; 100 for a track of 0 to 100; from 20 to 300.
    #[arg(long, value_name = "N", value_parser = score_track_range())]
    score_track_to: Option<u32>,
    /// Replace the output file even when it is not an .svg, .png, .html or .pdf file. A map this
    /// command reads is never replaced.
    #[arg(long)]
    force: bool,
}

/// The files `render` writes: an existing one of these kinds is replaced without `--force`.
const KINDS: &[&str] = &["svg", "png", "html", "htm", "pdf"];

/// Output extensions and the format each writes.
const EXTENSIONS: &[(&str, Format)] = &[
    ("svg", Format::Svg),
    ("png", Format::Png),
    ("html", Format::Html),
    ("htm", Format::Html),
    ("pdf", Format::Pdf),
];

/// `--score-track-to`'s parser: the numbers the renderer takes.
fn score_track_range() -> clap::builder::RangedI64ValueParser<u32> {
    let r = crate::render::score_track::LAST_RANGE;
    clap::value_parser!(u32).range(i64::from(*r.start())..=i64::from(*r.end()))
}

/// `maps/usa.toml` → `maps/usa.svg` (or `maps/usa-tickets.svg`, or `maps/usa-sheets.html` or
/// `.pdf` for the board tiled onto sheets).
fn default_output(map: &Path, format: Format, tickets: bool, sheets: bool) -> PathBuf {
    let stem = map
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "map".into());
    let name = format!(
        "{stem}{}.{}",
        if tickets {
            "-tickets"
        } else if sheets {
            "-sheets"
        } else {
            ""
        },
        format.extension()
    );
    map.with_file_name(name)
}

pub fn run(args: Args) -> Result<i32, CliError> {
    // The output rule first: an output that is the map, or an existing file of another kind,
    // is refused for that reason before its extension is read as a format.
    let resolve = |out: &Path| {
        output::resolve(&Request {
            path: out,
            inputs: &[&args.map],
            kinds: KINDS,
            force: args.force,
        })
    };
    let given = args
        .output
        .as_deref()
        .map(resolve)
        .transpose()
        .map_err(usage)?;
    let format = out_format::choose(
        args.format,
        args.output.as_deref(),
        EXTENSIONS,
        Format::Svg,
        OtherExtension::Refuse,
    )
    .map_err(usage)?;
    if args.tickets && format == Format::Html {
        return Err(usage(
            "--tickets draws a printable sheet: use --format svg, png or pdf",
        ));
    }
    if args.dpi.is_some() && format != Format::Png {
        return Err(usage("--dpi applies to --format png only"));
    }
    if args.paper.is_some() && !args.tickets && !args.print {
        return Err(usage(
            "--paper lays out the ticket sheet (--tickets) or tiles the real-size board (--print)",
        ));
    }
    let sheets = args.paper.is_some() && args.print && !args.tickets;
    if sheets && !matches!(format, Format::Html | Format::Pdf) {
        return Err(usage(
            "--paper with --print tiles the board onto sheets to print: use --format html or pdf",
        ));
    }
    if args.orientation.is_some() && !sheets {
        return Err(usage("--orientation turns the sheets of --print --paper"));
    }
    if args.bleed.is_some() && (format != Format::Pdf || args.tickets || sheets) {
        return Err(usage(
            "--bleed is for a print shop's one-page board: --format pdf, without --tickets or --paper",
        ));
    }
    let opts = Options {
        theme: args.theme,
        print: args.print,
        tickets: args.tickets,
        dpi: args.dpi,
        card: args.card,
        paper: args.paper,
        symbols: args.symbols,
        orientation: args.orientation,
        bleed: args.bleed,
        score_track: (!args.no_score_track).then(|| {
            args.score_track_to
                .unwrap_or(crate::render::score_track::DEFAULT_LAST)
        }),
    };
    // Check options before reading the map, so a typo is reported even for a broken map.
    crate::render::theme(&opts).map_err(usage)?;
    if let Some(b) = opts.bleed
        && !(b.is_finite() && b > 0.0 && b <= crate::render::pdf::MAX_BLEED_MM)
    {
        return Err(usage(crate::render::RenderError::BadBleed(b)));
    }
    let out = args
        .output
        .clone()
        .unwrap_or_else(|| default_output(&args.map, format, opts.tickets, sheets));
    let target = given.map_or_else(|| resolve(&out), Ok).map_err(usage)?;
    // A map with errors is reported and nothing is drawn.
    let clean = super::load_clean_map(&args.map, "")?;
    let map = &clean.map;
    let rendered = if format == Format::Pdf {
        crate::render::pdf::to_pdf(map, &opts)
    } else {
        render(map, format, &opts).map(|bytes| crate::render::pdf::Rendered {
            bytes,
            warnings: Vec::new(),
        })
    };
    let rendered = rendered.map_err(usage)?;
    for w in &rendered.warnings {
        eprintln!("warning: {}", crate::report::text::escape_controls(w));
    }
    super::write_to(&target, &out, &rendered.bytes)?;
    out_format::wrote(&out, &target);
    Ok(EXIT_OK)
}
