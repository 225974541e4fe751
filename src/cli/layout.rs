//! `ttrmap layout MAP [--write] [--theme NAME|FILE]`: the board layout written back into the
//! map. Every route the designer left open (no `waypoints`, no `shape`) gets the `shape` the
//! layout drew it with, every city without a `label` the `label` (anchor and offset) its
//! name was placed at, and every zone without a `position` the centre of the box its name was
//! placed in (the render centres a zone's name on its `position`, so that centre puts the
//! name back in the same box), so that later edits elsewhere leave those parts of the board
//! as they are and a designer can adjust them by hand. Without `--write` it prints the change as a
//! diff. Only those keys are added: the rest of the file (comments, order, formatting) is kept
//! byte for byte (`toml_edit`). The file is replaced whole or not at all (`cli::output`); a
//! map with errors is reported (exit 1) and nothing is written; an I/O error exits 2.
//!
//! A separate command rather than a `render` flag: `render` never writes over a file it
//! reads, and rewriting the map is, like `check --fix` and `suggest tickets --write`, an edit
//! of the source the designer asks for on purpose.

use super::{EXIT_OK, usage_error};
use crate::model::MapFile;
use crate::render::{Layout, Options};
use std::path::PathBuf;
use toml_edit::{DocumentMut, InlineTable, Item, TableLike, Value};

#[derive(clap::Args)]
pub struct Args {
    /// The map file.
    map: PathBuf,
    /// Write the shapes, labels and zone positions into the map file (only those keys are
    /// added; comments, order and formatting are kept). Without it, the change is printed as a diff.
    #[arg(long)]
    write: bool,
    /// The theme whose sizes the board is laid out with, as `render --theme` takes it.
    #[arg(long, default_value = crate::render::DEFAULT_THEME)]
    theme: String,
}

pub fn run(args: Args) -> i32 {
    let opts = Options {
        theme: args.theme.clone(),
        ..Options::default()
    };
    if let Err(e) = crate::render::theme(&opts) {
        return usage_error(e);
    }
    if args.write
        && let Err(e) = super::output::check_in_place(&args.map)
    {
        return usage_error(e);
    }
    let clean = match super::load_clean_map(&args.map, "") {
        Ok(c) => c,
        Err(code) => return code,
    };
    let layout = match crate::render::layout(&clean.map, &opts) {
        Ok(l) => l,
        Err(e) => return usage_error(e),
    };
    let name = args.map.display().to_string();
    let (text, counts) = match written(&clean.text, &clean.map, &layout) {
        Ok(t) => t,
        Err(e) => return usage_error(format!("{name}: {e}")),
    };
    let plural = |n: usize, what: &str| format!("{n} {what}{}", if n == 1 { "" } else { "s" });
    let said = format!(
        "{}, {} and {}",
        plural(counts[0], "route shape"),
        plural(counts[1], "label"),
        plural(counts[2], "zone position")
    );
    if counts == [0, 0, 0] {
        eprintln!(
            "{name}: nothing to write: every route has `waypoints` or a `shape`, every city a `label` and every zone a `position`"
        );
        return EXIT_OK;
    }
    if !args.write {
        super::emit(&super::fix::diff(&name, &clean.text, &text));
        eprintln!("{said} to write into {name} (`--write` writes them)");
        return EXIT_OK;
    }
    // Like `check --fix`, `--write` rewrites the map it read, on purpose.
    if let Err(e) = super::output::rewrite_in_place(&args.map, &clean.text, &text) {
        return usage_error(e);
    }
    eprintln!("wrote {said} into {name}");
    EXIT_OK
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
        let entry = entry_mut(&mut doc, "routes", r.index, |t| {
            t.get("from").and_then(Item::as_str) == Some(route.from.as_str())
                && t.get("to").and_then(Item::as_str) == Some(route.to.as_str())
        })?;
        let mut v = InlineTable::new();
        v.insert("bend", shape.bend.into());
        if shape.skew != 0.0 {
            v.insert("skew", shape.skew.into());
        }
        if shape.slide != 0.0 {
            v.insert("slide", shape.slide.into());
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
