//! `ttrmap studio MAP [--port N] [--open] [--listen ADDR]`: the live page of one map
//! (`crate::studio`). This file gives the studio what it shares with the other commands:
//! `check`'s reading of a file (lints included) and `layout --write`'s writing of one (only
//! the keys it sets change; the file replaced whole or not at all).

use super::{EXIT_OK, usage_error};
use crate::diagnostic::Severity;
use crate::load::Loaded;
use crate::studio::{Hooks, PositionEdit};
use std::io::Write;
use std::net::IpAddr;
use std::path::{Path, PathBuf};
use toml_edit::{DocumentMut, Item, Value};

#[derive(clap::Args)]
pub struct Args {
    /// The map file.
    map: PathBuf,
    /// The port to listen on (default: any free port; the URL printed says which).
    #[arg(long, default_value_t = 0)]
    port: u16,
    /// Open the page in the default browser.
    #[arg(long)]
    open: bool,
    /// Listen on this address instead of 127.0.0.1 (e.g. 0.0.0.0 to reach the page from
    /// another machine; the token in the URL is still required).
    #[arg(long, value_name = "ADDR")]
    listen: Option<IpAddr>,
}

pub fn run(args: Args) -> i32 {
    if let Some(ip) = args.listen.filter(|ip| !ip.is_loopback()) {
        eprintln!(
            "warning: --listen {ip}: the studio can be reached from other machines; anyone \
             with its URL (the token in it) can read the map and move its cities"
        );
    }
    let open = args.open;
    let opts = crate::studio::Options {
        path: args.map,
        port: args.port,
        listen: args.listen,
        hooks: Hooks {
            check,
            write_position,
        },
        on_listening: Box::new(move |url| {
            println!("ttrmap studio: {url}");
            eprintln!("watching the file; Ctrl-C stops");
            let _ = std::io::stdout().flush();
            if open {
                open_browser(url);
            }
        }),
    };
    match crate::studio::serve(opts) {
        Ok(()) => {
            eprintln!("studio stopped");
            EXIT_OK
        }
        Err(e) => usage_error(e),
    }
}

/// The file as `ttrmap check` reports it: loaded, then linted (on a file with errors, the
/// parts that loaded), information-level findings left out as `check` leaves them without
/// `--verbose`.
fn check(name: &str, bytes: &[u8]) -> Loaded {
    let mut l = crate::load::load_bytes(name, bytes);
    let clean = !l.has_errors();
    let mut found = std::mem::take(&mut l.diagnostics);
    found.extend(if clean {
        crate::lint::run(&l)
    } else {
        super::partial_lints::run(&l)
    });
    // The map's `[lint.known]` findings are information here too, as in `check`.
    crate::lint::known::apply(&l, &mut found, clean);
    found.retain(|d| d.severity != Severity::Info);
    l.diagnostics = found;
    crate::load::sort_diagnostics(&mut l.diagnostics);
    l
}

/// Writes a dragged city's `position` into the file: only that value changes (its comments
/// and spacing kept), through `layout --write`'s item lookup and output rule.
fn write_position(path: &Path, text: &str, edit: &PositionEdit) -> Result<(), String> {
    let new = with_position(text, edit)?;
    let target = super::output::resolve(&super::output::Request {
        path,
        inputs: &[],
        kinds: &["toml"],
        force: false,
    })?;
    super::output::write(&target, new.as_bytes())
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// `text` with city `edit.index`'s `position` set (to a tenth of a board unit; whole numbers
/// as integers, as maps write them).
pub(crate) fn with_position(text: &str, edit: &PositionEdit) -> Result<String, String> {
    let (bom, body) = match text.strip_prefix('\u{feff}') {
        Some(rest) => ("\u{feff}", rest),
        None => ("", text),
    };
    let mut doc: DocumentMut = body.parse().map_err(|e| format!("cannot edit: {e}"))?;
    let city = super::layout::entry_mut(&mut doc, "cities", edit.index, |t| {
        t.get("id").and_then(Item::as_str) == Some(edit.id.as_str())
    })?;
    let mut position = toml_edit::Array::new();
    for v in edit.position {
        let tenth = (v * 10.0).round() / 10.0;
        if tenth.fract() == 0.0 && tenth.abs() < 1e15 {
            position.push(tenth as i64);
        } else {
            position.push(tenth);
        }
    }
    let mut value = Value::Array(position);
    match city.get_mut("position") {
        Some(Item::Value(old)) => {
            // Keep the spaces and any comment around the old value.
            *value.decor_mut() = old.decor().clone();
            *old = value;
        }
        _ => return Err(format!("city `{}` has no `position` to move", edit.id)),
    }
    Ok(format!("{bom}{doc}"))
}

/// Opens `url` in the default browser; says so when it cannot.
fn open_browser(url: &str) {
    let mut cmd = if cfg!(target_os = "macos") {
        std::process::Command::new("open")
    } else if cfg!(windows) {
        let mut c = std::process::Command::new("cmd");
        c.args(["/C", "start", ""]);
        c
    } else {
        std::process::Command::new("xdg-open")
    };
    if cmd.arg(url).spawn().is_err() {
        eprintln!("cannot open a browser here: open the URL above yourself");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edit(index: usize, id: &str, position: [f64; 2]) -> PositionEdit {
        PositionEdit {
            index,
            id: id.into(),
            position,
            stamp: String::new(),
        }
    }

    const MAP: &str = "# a comment that stays\n[[cities]]\nid = \"a\"   # A's own comment\nposition = [ 10, 20 ]  # where A is\nname = \"A\"\n\n[[cities]]\nid = \"b\"\nposition = [30, 40]\n";

    #[test]
    fn only_the_position_changes() {
        let out = with_position(MAP, &edit(0, "a", [12.04, 25.0])).unwrap();
        assert_eq!(
            out,
            MAP.replace("position = [ 10, 20 ]", "position = [12, 25]")
        );
        let out = with_position(MAP, &edit(1, "b", [1.25, -3.0])).unwrap();
        assert_eq!(out, MAP.replace("[30, 40]", "[1.3, -3]"));
    }

    #[test]
    fn inline_cities_and_a_byte_order_mark_are_kept() {
        let text = "\u{feff}cities = [{ id = \"a\", position = [1, 2] }, { id = \"b\", position = [3, 4] }]\n";
        let out = with_position(text, &edit(1, "b", [5.0, 6.0])).unwrap();
        assert_eq!(out, text.replace("[3, 4]", "[5, 6]"));
    }

    #[test]
    fn a_city_not_where_the_page_saw_it_is_refused() {
        let err = with_position(MAP, &edit(0, "b", [1.0, 1.0])).unwrap_err();
        assert!(err.contains("nothing written"), "{err}");
        assert!(with_position(MAP, &edit(5, "a", [1.0, 1.0])).is_err());
    }
}
