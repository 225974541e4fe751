//! `ttrmap render MAP [-o OUT] [--format svg|png|html] [--theme NAME|FILE] [--dpi N] [--tickets]
//! [--print]`: draw the board (or the ticket sheet). A map with errors is not drawn: its
//! diagnostics are printed as `check` prints them and nothing is written.

use super::output::{self, OtherExtension};
use super::{EXIT_OK, usage_error, write_atomic};
use crate::render::{Format, Options, render};
use std::path::{Path, PathBuf};

#[derive(clap::Args)]
pub struct Args {
    /// The map file.
    map: PathBuf,
    /// Output file. Default: beside the map, same name, extension by format
    /// (`-tickets` added for `--tickets`).
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// Output format; default: from the output's extension, else svg.
    #[arg(long, value_enum)]
    format: Option<Format>,
    /// Theme: `classic` or `ink` (built in), or the path of a theme file (`my.css`, or a
    /// folder holding `theme.css`) made as `templates/themes/README.md` in the source says.
    #[arg(long, default_value = crate::render::DEFAULT_THEME)]
    theme: String,
    /// PNG resolution in dots per inch of the printed size (default: 2000 px wide).
    #[arg(long)]
    dpi: Option<f64>,
    /// Draw the destination tickets as a printable sheet of cards instead of the board.
    #[arg(long)]
    tickets: bool,
    /// Real size: train-car spaces at print size (about 20 × 9 mm on a 790 mm board, or the
    /// map's `board.print_width_mm`), SVG width and height in mm.
    #[arg(long)]
    print: bool,
}

/// Output extensions and the format each writes.
const EXTENSIONS: &[(&str, Format)] = &[
    ("svg", Format::Svg),
    ("png", Format::Png),
    ("html", Format::Html),
    ("htm", Format::Html),
];

/// `maps/usa.toml` → `maps/usa.svg` (or `maps/usa-tickets.svg`).
fn default_output(map: &Path, format: Format, tickets: bool) -> PathBuf {
    let stem = map
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "map".into());
    let name = format!(
        "{stem}{}.{}",
        if tickets { "-tickets" } else { "" },
        format.extension()
    );
    map.with_file_name(name)
}

pub fn run(args: Args) -> i32 {
    let format = match output::choose(
        args.format,
        args.output.as_deref(),
        EXTENSIONS,
        Format::Svg,
        OtherExtension::Refuse,
    ) {
        Ok(f) => f,
        Err(e) => return usage_error(e),
    };
    if args.tickets && format == Format::Html {
        return usage_error("--tickets draws a printable sheet: use --format svg or png");
    }
    if args.dpi.is_some() && format != Format::Png {
        return usage_error("--dpi applies to --format png only");
    }
    let opts = Options {
        theme: args.theme,
        print: args.print,
        tickets: args.tickets,
        dpi: args.dpi,
    };
    // Check options before reading the map, so a typo is reported even for a broken map.
    if let Err(e) = crate::render::theme(&opts) {
        return usage_error(e);
    }
    // A map with errors is reported and nothing is drawn.
    let clean = match super::load_clean_map(&args.map, "") {
        Ok(clean) => clean,
        Err(code) => return code,
    };
    let map = &clean.map;
    let bytes = match render(map, format, &opts) {
        Ok(b) => b,
        Err(e) => return usage_error(e),
    };
    let out = args
        .output
        .unwrap_or_else(|| default_output(&args.map, format, opts.tickets));
    if let Err(e) = write_atomic(&out, &bytes) {
        return usage_error(format!("cannot write {}: {e}", out.display()));
    }
    output::wrote(&out);
    EXIT_OK
}
