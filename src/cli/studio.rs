//! `ttrmap studio MAP [--port N] [--open] [--listen ADDR] [--play ...]`: the live page of one
//! map (`crate::studio`). This file gives the studio what it shares with the other commands:
//! `check`'s reading of a file (lints included), `layout --write`'s writing of one (only the
//! keys it sets change; the file replaced whole or not at all) and, for `--play`, the
//! writing of a recording to a new file (`output::write_new`).

use super::{CliError, EXIT_OK, usage};
use crate::bots::STYLE_BOTS;
use crate::diagnostic::Severity;
use crate::load::Loaded;
use crate::studio::play::{PlayOptions, Setup};
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
    #[command(flatten)]
    play: PlayArgs,
}

/// `--play` and its options: a game played by hand in the page's Play tab.
#[derive(clap::Args)]
struct PlayArgs {
    /// Play the map by hand against bots in the page's Play tab: the studio holds the game,
    /// the page shows your seat's cards, tickets and legal actions; at the end the score
    /// sheet, and the game saved as a `playtest --record` recording (`ttrmap replay` reads it).
    #[arg(long)]
    play: bool,
    /// Players in the game (default: the map's minimum, at least 2).
    #[arg(long, requires = "play", value_parser = clap::value_parser!(u8).range(2..=8))]
    players: Option<u8>,
    /// The bots of the other seats, in seat order, taken in turn (default: the four playing
    /// styles).
    #[arg(long, requires = "play", value_delimiter = ',', value_name = "BOT,...")]
    bots: Vec<String>,
    /// The game's seed: the deals, the deck and the bots' choices follow from it, so the same
    /// seed and the same choices of yours give the same game (default: a random seed, shown
    /// on the page and in the recording).
    #[arg(long, requires = "play")]
    seed: Option<u64>,
    /// Your seat, from 1 (default 1: you play first); several, `1,3`, for players sharing the
    /// screen (hot-seat: the page shows the seat deciding, its cards covered until asked).
    #[arg(long, requires = "play", value_delimiter = ',', default_value = "1",
          value_parser = clap::value_parser!(u8).range(1..=8))]
    seat: Vec<u8>,
    /// Milliseconds the bots wait before each action, so you can follow them (0: at once).
    #[arg(long, requires = "play", default_value_t = 700, value_name = "MS")]
    bot_delay: u64,
    /// Where the finished game's recording goes; a new file only, never written over (default:
    /// MAP.play-SEED.jsonl beside the map, or MAP.play-SEED-2.jsonl and so on when taken; with
    /// --record game.jsonl, the page's later games, its New game button, go to game-2.jsonl,
    /// game-3.jsonl, ...).
    #[arg(long, requires = "play", value_name = "FILE")]
    record: Option<PathBuf>,
}

pub fn run(args: Args) -> Result<i32, CliError> {
    if let Some(ip) = args.listen.filter(|ip| !ip.is_loopback()) {
        eprintln!(
            "warning: --listen {ip}: the studio can be reached from other machines; anyone \
             with its URL (the token in it) can read the map and move its cities"
        );
    }
    let open = args.open;
    let play = play_options(&args.map, &args.play)?;
    let opts = crate::studio::Options {
        path: args.map,
        port: args.port,
        listen: args.listen,
        hooks: Hooks {
            check,
            write_position,
        },
        play,
        on_listening: Box::new(move |url| {
            println!("ttrmap studio: {url}");
            eprintln!("watching the file; Ctrl-C stops");
            let _ = std::io::stdout().flush();
            if open {
                open_browser(url);
            }
        }),
    };
    crate::studio::serve(opts).map_err(usage)?;
    eprintln!("studio stopped");
    Ok(EXIT_OK)
}

/// The game `--play` asks for, its options checked against the map as it is now: a map
/// with errors or that the engine cannot play at that count exits 1, a bad option 2.
fn play_options(map: &Path, a: &PlayArgs) -> Result<Option<PlayOptions>, CliError> {
    if !a.play {
        return Ok(None);
    }
    let clean = super::load_clean_map(map, "")?;
    let players = a
        .players
        .unwrap_or_else(|| clean.map.map.players.min.max(2));
    let game = crate::engine::Game::new(&clean.map, players, None)
        .map_err(|e| CliError::Problem(format!("{}: {e}", map.display())))?;
    if let Some(k) = a.seat.iter().find(|&&k| k > players) {
        return Err(usage(format!("--seat {k}: the game has {players} seats")));
    }
    let mut seats: Vec<u8> = a.seat.iter().map(|k| k - 1).collect();
    seats.sort_unstable();
    seats.dedup();
    let names: Vec<String> = if a.bots.is_empty() {
        STYLE_BOTS.split(',').map(str::to_string).collect()
    } else {
        a.bots.clone()
    };
    let config = crate::playtest::Config {
        games: 1,
        seed: 0,
        bots: names.clone(),
        threads: 1,
        progress: false,
    };
    crate::playtest::bots_for(&game, &config)?;
    let bots = (0..players as usize - seats.len())
        .map(|i| names[i % names.len()].clone())
        .collect();
    let seed = match a.seed {
        Some(s) => s,
        None => {
            let mut b = [0u8; 8];
            getrandom::fill(&mut b).map_err(|e| usage(format!("no random seed: {e}")))?;
            u64::from_le_bytes(b) >> 1
        }
    };
    if let Some(path) = &a.record
        && std::fs::symlink_metadata(path).is_ok()
    {
        return Err(usage(format!(
            "--record {}: the file exists; the studio writes a recording only to a new file",
            path.display()
        )));
    }
    Ok(Some(PlayOptions {
        setup: Setup {
            players,
            seats,
            bots,
            seed,
            record: a.record.clone(),
        },
        delay: std::time::Duration::from_millis(a.bot_delay),
        write_new: super::output::write_new,
    }))
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
