//! `ttrmap layout MAP [--write] [--fit] [--theme NAME|FILE]`: the board layout written back
//! into the map. Every route the designer left open (no `waypoints`, no `shape`) and not drawn
//! straight gets the `shape` the layout drew it with (to three decimals), every city without a `label` the `label` (anchor and offset) its
//! name was placed at, and every zone without a `position` the centre of the box its name was
//! placed in (the render centres a zone's name on its `position`, so that centre puts the
//! name back in the same box), so that later edits elsewhere leave those parts of the board
//! as they are and a designer can adjust them by hand. Without `--write` it prints the change as a
//! diff. Only those keys are added: the rest of the file (comments, order, formatting) is kept
//! byte for byte (`toml_edit`). The file is replaced whole or not at all (`cli::output`); a
//! map with errors is reported (exit 1) and nothing is written; an I/O error exits 2.
//!
//! `--fit` moves cities instead (`render::fit`) so that every route's straight distance
//! between its markers holds its cars, and writes only their `position`s (rounded, comments
//! kept) and, on a map without one, `board.space_mm` (the car length fitted to); pinned
//! cities stay.
//!
//! A separate command rather than a `render` flag: `render` never writes over a file it
//! reads, and rewriting the map is, like `check --fix` and `suggest tickets --write`, an edit
//! of the source the designer asks for on purpose.

use super::{CliError, EXIT_OK, usage};
use crate::model::MapFile;
use crate::render::{Layout, Options};
use crate::report::text::escape_controls;
use std::path::PathBuf;
use toml_edit::{DocumentMut, InlineTable, Item, TableLike, Value};

#[derive(clap::Args)]
pub struct Args {
    /// The map file.
    map: PathBuf,
    /// Write the shapes, labels and zone positions (with `--fit`, the cities' positions and
    /// the car length fitted to) into
    /// the map file (only those keys change; comments, order and formatting are kept). Without
    /// it, the change is printed as a diff.
    #[arg(long)]
    write: bool,
    /// The theme whose sizes the board is laid out with, as `render --theme` takes it.
    #[arg(long, default_value = crate::render::DEFAULT_THEME)]
    theme: String,
    /// Move cities, as little as they can, so that every route's straight distance between
    /// its markers holds its cars (0.95 to 1.1 times the span the cars, gaps and markers
    /// want); cities with `pinned = true` stay. Only `position` values change (one decimal
    /// on a board in mm, whole numbers in px), and on a map without `board.space_mm` the car
    /// length fitted to (the routes' median) is written there, so the board is drawn with the
    /// cars it was fitted for; no shape or label is written with it: run
    /// `ttrmap layout --write` again after fitting to keep those. The report (cities moved,
    /// mean and largest move, routes out of range before → after) goes to stderr.
    #[arg(long)]
    fit: bool,
}

pub fn run(args: Args) -> Result<i32, CliError> {
    let opts = Options {
        theme: args.theme.clone(),
        ..Options::default()
    };
    crate::render::theme(&opts).map_err(usage)?;
    if args.write {
        super::output::check_in_place(&args.map).map_err(usage)?;
    }
    let clean = super::load_clean_map(&args.map, "")?;
    if args.fit {
        return run_fit(&args, &clean);
    }
    let layout = crate::render::layout(&clean.map, &opts).map_err(usage)?;
    // For the messages: a file name is text from anywhere, escaped as map text is.
    let name = escape_controls(&args.map.display().to_string()).into_owned();
    let (text, counts) =
        written(&clean.text, &clean.map, &layout).map_err(|e| usage(format!("{name}: {e}")))?;
    let plural = |n: usize, what: &str| format!("{n} {what}{}", if n == 1 { "" } else { "s" });
    let said = format!(
        "{}, {} and {}",
        plural(counts[0], "route shape"),
        plural(counts[1], "label"),
        plural(counts[2], "zone position")
    );
    if counts == [0, 0, 0] {
        eprintln!(
            "{name}: nothing to write: every route has `waypoints`, a `shape` or is drawn straight, every city a `label` and every zone a `position`"
        );
        return Ok(EXIT_OK);
    }
    if !args.write {
        super::emit(&super::fix::diff(&name, &clean.text, &text));
        eprintln!("{said} to write into {name} (`--write` writes them)");
        return Ok(EXIT_OK);
    }
    // Like `check --fix`, `--write` rewrites the map it read, on purpose.
    super::output::rewrite_in_place(&args.map, &clean.text, &text).map_err(usage)?;
    eprintln!("wrote {said} into {name}");
    Ok(EXIT_OK)
}

/// `layout --fit`: the cities moved so that every route holds its cars, the positions
/// shown as a diff or written.
fn run_fit(args: &Args, clean: &super::CleanMap) -> Result<i32, CliError> {
    // For the messages: a file name is text from anywhere, escaped as map text is.
    let name = escape_controls(&args.map.display().to_string()).into_owned();
    let fit = crate::render::fit::fit(&clean.map);
    let routes = |n: usize| format!("{n} route{}", if n == 1 { "" } else { "s" });
    let out = format!(
        "routes out of range: {} → {} of {} (cars of {:.1} mm)",
        fit.out_before,
        fit.out_after,
        routes(fit.routes),
        fit.car_mm
    );
    // The routes left out of range, by id, and where to read why.
    let out = if fit.still_out.is_empty() {
        out
    } else {
        format!(
            "{out}; still out: {} (`ttrmap check --verbose` says why: route-drawn-length, route-slack)",
            fit.still_out.join(", ")
        )
    };
    if fit.moved == 0 {
        if fit.out_after == 0 {
            eprintln!("{name}: nothing to move; {out}");
        } else {
            // The routes left would need cities moved beyond the fit's limits.
            eprintln!(
                "{name}: no city moved (room for the routes left would move cities beyond the fit's limits); {out}"
            );
        }
        return Ok(EXIT_OK);
    }
    let said = format!(
        "{} cities moved (mean {:.1} mm, max {:.1} mm); {out}",
        fit.moved, fit.mean_move_mm, fit.max_move_mm
    );
    let text = positions_written(&clean.text, &clean.map, &fit.positions, fit.space_mm)
        .map_err(|e| usage(format!("{name}: {e}")))?;
    if !args.write {
        super::emit(&super::fix::diff(&name, &clean.text, &text));
        eprintln!("{name}: {said} (`--write` writes the positions)");
        return Ok(EXIT_OK);
    }
    super::output::rewrite_in_place(&args.map, &clean.text, &text).map_err(usage)?;
    eprintln!("wrote {name}: {said}");
    Ok(EXIT_OK)
}

/// A position number as `--fit` writes it: an integer when it is whole.
fn number(v: f64) -> Value {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        Value::from(v as i64)
    } else {
        Value::from(v)
    }
}

/// The map's text with each city's `position` value replaced by `positions` where it differs
/// (its comment and spacing kept).
fn positions_written(
    text: &str,
    map: &MapFile,
    positions: &[[f64; 2]],
    space_mm: Option<[f64; 2]>,
) -> Result<String, String> {
    let (bom, body) = match text.strip_prefix('\u{feff}') {
        Some(rest) => ("\u{feff}", rest),
        None => ("", text),
    };
    let mut doc: DocumentMut = body.parse().map_err(|e| format!("cannot edit: {e}"))?;
    for (i, (city, to)) in map.cities.iter().zip(positions).enumerate() {
        if city.position == *to {
            continue;
        }
        let entry = entry_mut(&mut doc, "cities", i, |t| {
            t.get("id").and_then(Item::as_str) == Some(city.id.as_str())
        })?;
        let Some(Item::Value(old)) = entry.get_mut("position") else {
            return Err(format!(
                "city `{}`'s `position` is not where the map's text has it; nothing written",
                city.id
            ));
        };
        let mut at = toml_edit::Array::new();
        at.push(number(to[0]));
        at.push(number(to[1]));
        if let Value::Array(was) = &*old {
            at.set_trailing(was.trailing().clone());
            at.set_trailing_comma(was.trailing_comma());
        }
        let mut value = Value::Array(at);
        *value.decor_mut() = old.decor().clone();
        *old = value;
    }
    // The car length the cities were fitted to, kept with them (`render::fit`).
    if let Some([length, width]) = space_mm {
        let mut size = toml_edit::Array::new();
        size.push(number(length));
        size.push(number(width));
        match doc.get_mut("map").and_then(|m| m.get_mut("board")) {
            // `{ width = 800, height = 558, units = "mm", space_mm = [27.2, 9] }`
            Some(Item::Value(Value::InlineTable(board))) => {
                board.insert("space_mm", Value::Array(size));
                board.fmt();
            }
            Some(Item::Table(board)) => {
                board.insert("space_mm", Item::Value(Value::Array(size)));
            }
            _ => {
                return Err(
                    "the map's `board` is not where the map's text has it; nothing written".into(),
                );
            }
        }
    }
    Ok(format!("{bom}{doc}"))
}

/// The map's text with a `shape` for every open route, a `label` for every city and a
/// `position` for every zone without one, and how many of each were added.
fn written(text: &str, map: &MapFile, l: &Layout) -> Result<(String, [usize; 3]), String> {
    let (bom, body) = match text.strip_prefix('\u{feff}') {
        Some(rest) => ("\u{feff}", rest),
        None => ("", text),
    };
    let mut doc: DocumentMut = body.parse().map_err(|e| format!("cannot edit: {e}"))?;
    let mut counts = [0, 0, 0];
    for r in &l.routes {
        let route = &map.routes[r.index];
        let Some(shape) = r
            .shape
            .filter(|_| route.waypoints.is_empty() && route.shape.is_none())
        else {
            continue;
        };
        // Written to three decimals; a straight route (no bend, skew or slide) is left open.
        let (bend, skew, slide) = (
            decimals3(shape.bend),
            decimals3(shape.skew),
            decimals3(shape.slide),
        );
        if [bend, skew, slide] == [0.0, 0.0, 0.0] {
            continue;
        }
        let entry = entry_mut(&mut doc, "routes", r.index, |t| {
            t.get("from").and_then(Item::as_str) == Some(route.from.as_str())
                && t.get("to").and_then(Item::as_str) == Some(route.to.as_str())
        })?;
        let mut v = InlineTable::new();
        v.insert("bend", bend.into());
        if skew != 0.0 {
            v.insert("skew", skew.into());
        }
        if slide != 0.0 {
            v.insert("slide", slide.into());
        }
        entry.insert("shape", Item::Value(Value::InlineTable(v)));
        counts[0] += 1;
    }
    for (i, (city, c)) in map.cities.iter().zip(&l.cities).enumerate() {
        if city.label.is_some() {
            continue;
        }
        let entry = entry_mut(&mut doc, "cities", i, |t| {
            t.get("id").and_then(Item::as_str) == Some(city.id.as_str())
        })?;
        let anchor = serde_json::to_value(c.label.anchor)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .ok_or("a label anchor without a name")?;
        let mut v = InlineTable::new();
        v.insert("anchor", anchor.into());
        if c.label.offset != [0.0, 0.0] {
            let mut off = toml_edit::Array::new();
            off.push(c.label.offset[0]);
            off.push(c.label.offset[1]);
            v.insert("offset", Value::Array(off));
        }
        entry.insert("label", Item::Value(Value::InlineTable(v)));
        counts[1] += 1;
    }
    for z in &l.zones {
        let zone = &map.zones[z.index];
        if zone.position.is_some() {
            continue;
        }
        let entry = entry_mut(&mut doc, "zones", z.index, |t| {
            t.get("id").and_then(Item::as_str) == Some(zone.id.as_str())
        })?;
        // The centre of the chosen box: the render centres the name on `position`.
        let mut at = toml_edit::Array::new();
        at.push(z.pos[0]);
        at.push(z.pos[1]);
        entry.insert("position", Item::Value(Value::Array(at)));
        counts[2] += 1;
    }
    Ok((format!("{bom}{doc}"), counts))
}

/// `v` rounded to three decimals (no `-0`).
fn decimals3(v: f64) -> f64 {
    let r = (v * 1000.0).round() / 1000.0;
    if r == 0.0 { 0.0 } else { r }
}

/// The `i`-th entry of the array `key` (`[[key]]` tables or an inline array of inline
/// tables), checked to be the model's item of that number by `same`.
pub(crate) fn entry_mut<'d>(
    doc: &'d mut DocumentMut,
    key: &str,
    i: usize,
    same: impl Fn(&dyn TableLike) -> bool,
) -> Result<&'d mut dyn TableLike, String> {
    let entry: Option<&mut dyn TableLike> = match doc.get_mut(key) {
        Some(Item::ArrayOfTables(a)) => a.get_mut(i).map(|t| t as &mut dyn TableLike),
        Some(Item::Value(Value::Array(a))) => a
            .get_mut(i)
            .and_then(Value::as_inline_table_mut)
            .map(|t| t as &mut dyn TableLike),
        _ => None,
    };
    match entry {
        Some(t) if same(&*t) => Ok(t),
        _ => Err(format!(
            "`{key}` entry {} is not where the map's text has it; nothing written",
            i + 1
        )),
    }
}
