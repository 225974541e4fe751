//! `ttrmap score POSITION.toml [--format human|json]`: the final scoring of a game played on
//! paper. The position format, its checks and the scoring are the engine's
//! (`engine::position`); this file reads the files, prints the breakdown (human or JSON) or
//! the problems (through `report`, as `check` prints a map's). Exit 0 with the breakdown, 1
//! when the position (or its map) has problems, 2 on I/O or usage errors.

use super::{EXIT_OK, EXIT_PROBLEMS, usage_error};
use crate::diagnostic::Diagnostic;
use crate::engine::position::{self, Checked};
use crate::engine::scoring::DetailedScore;
use crate::load::{load_path, sort_diagnostics};
use crate::model::{MapFile, TieBreak};
use crate::report::{FileReport, Format, render};
use serde::Serialize;
use std::fmt::Write as _;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ScoreFormat {
    Human,
    Json,
}

#[derive(clap::Args)]
pub struct Args {
    /// The position file (TOML).
    file: PathBuf,
    #[arg(long, value_enum, default_value = "human")]
    format: ScoreFormat,
}

#[derive(Serialize)]
struct JsonRoute {
    route: String,
    lane: usize,
    length: u8,
    points: i32,
    /// The player whose route it is, when its points came to this one (Old West's markers).
    #[serde(skip_serializing_if = "Option::is_none")]
    from: Option<String>,
    /// The player whose lane this one shares, held by Right of Way (the UK).
    #[serde(skip_serializing_if = "Option::is_none")]
    right_of_way_beside: Option<String>,
}

/// The first owner of the lane player `p` holds by Right of Way on route line `line`, if
/// that is how `p` holds it.
fn right_of_way_beside(
    c: &Checked,
    p: usize,
    line: &crate::engine::scoring::RouteLine,
) -> Option<usize> {
    if line.from.is_some() {
        return None;
    }
    c.state
        .shared_lanes
        .iter()
        .find(|&&(l, q)| q as usize == p && c.game.lane_route[l as usize] == line.route)
        .map(|&(l, _)| c.state.lane_owner[l as usize] as usize)
}

/// The lane number (1 = first) of route line `line` of player `p`: the lane its holder
/// (`p`, or the player the points came from) holds.
fn line_lane(c: &Checked, p: usize, line: &crate::engine::scoring::RouteLine) -> usize {
    let holder = line.from.map_or(p, |q| q as usize);
    let info = &c.game.routes[line.route as usize];
    let first = info.first_lane as usize;
    let held = |l: &usize| {
        c.state.lane_owner[*l] as usize == holder
            || c.state
                .shared_lanes
                .iter()
                .any(|&(x, q)| x as usize == *l && q as usize == holder)
    };
    (first..first + info.lane_count as usize)
        .find(held)
        .map_or(1, |l| l - first + 1)
}

#[derive(Serialize)]
struct JsonTicket {
    ticket: String,
    completed: bool,
    points: i32,
}

#[derive(Serialize)]
struct JsonStation {
    city: String,
    borrows: Option<String>,
}

#[derive(Serialize)]
struct JsonBonus {
    bonus: String,
    measure: u32,
    points: i32,
}

#[derive(Serialize)]
struct JsonPlayer {
    name: String,
    routes: Vec<JsonRoute>,
    route_points: i32,
    tickets: Vec<JsonTicket>,
    ticket_points: i32,
    completed_tickets: u32,
    stations: Vec<JsonStation>,
    unused_stations: u32,
    station_points: i32,
    longest_path: u32,
    bonuses: Vec<JsonBonus>,
    bonus_points: i32,
    total: i32,
    rank: usize,
    winner: bool,
}

#[derive(Serialize)]
struct JsonScore {
    map: String,
    players: Vec<JsonPlayer>,
}

fn bonus_name(c: &Checked, mechanic: usize) -> String {
    c.game.mechanics.modules[mechanic].name()
}

fn city(c: &Checked, i: u16) -> &str {
    &c.game.city_ids[i as usize]
}

/// Route `r` of the game as the board prints it (`Northport – Lakeside`), its id when the
/// map's routes do not line up with the game's (they do: the engine keeps the map's order).
fn route_name(c: &Checked, map: &MapFile, r: usize) -> String {
    let id = &c.game.routes[r].id;
    match map.routes.iter().position(|m| &m.id() == id) {
        Some(i) => crate::playtest::names::route(map, i),
        None => id.clone(),
    }
}

/// Ticket `t` of the game as its card reads (`Northport – Central`).
fn ticket_name(c: &Checked, map: &MapFile, t: usize) -> String {
    let label = &c.game.tickets[t].label;
    match map.tickets.iter().find(|m| &m.label() == label) {
        Some(m) => crate::playtest::names::ticket(map, m),
        None => label.clone(),
    }
}

/// The human report: routes and tickets by the names on the board and the cards (the json
/// keeps ids and labels, for programs).
fn human(c: &Checked, scores: &[DetailedScore], map: &MapFile) -> String {
    let map_name = &map.map.name;
    let mut s = String::new();
    let _ = writeln!(s, "{map_name}, {} players\n", scores.len());
    for (p, d) in scores.iter().enumerate() {
        let _ = writeln!(
            s,
            "{}: {} points, rank {}{}",
            c.names[p],
            d.total,
            d.rank,
            if d.winner { " (winner)" } else { "" }
        );
        let _ = writeln!(
            s,
            "  routes ({}): {} points",
            d.routes.len(),
            d.route_points
        );
        for line in &d.routes {
            let info = &c.game.routes[line.route as usize];
            let lane_text = if info.lane_count > 1 {
                format!(" lane {}", line_lane(c, p, line))
            } else {
                String::new()
            };
            let from = match (line.from, right_of_way_beside(c, p, line)) {
                (Some(q), _) => format!("  (claimed by {})", c.names[q as usize]),
                (None, Some(q)) => format!("  (by Right of Way, beside {})", c.names[q]),
                (None, None) => String::new(),
            };
            let _ = writeln!(
                s,
                "    {:<36} {:>2} space{} {:>4}{from}",
                format!("{}{lane_text}", route_name(c, map, line.route as usize)),
                info.length,
                if info.length == 1 { " " } else { "s" },
                line.points
            );
        }
        let _ = writeln!(
            s,
            "  tickets ({} of {} completed): {:+} points",
            d.completed_tickets,
            d.tickets.len(),
            d.ticket_points
        );
        for t in &d.tickets {
            let _ = writeln!(
                s,
                "    {:<36} {:<9} {:>+4}",
                ticket_name(c, map, t.ticket as usize),
                if t.completed { "completed" } else { "failed" },
                t.points
            );
        }
        if c.game.stations > 0 {
            let _ = writeln!(
                s,
                "  stations: {} built, {} unused: {} points",
                d.stations.len(),
                d.unused_stations,
                d.station_points
            );
            for st in &d.stations {
                let _ = writeln!(
                    s,
                    "    station in {}: {}",
                    crate::playtest::names::place(map, city(c, st.city)),
                    match st.borrowed {
                        Some(r) => format!("borrows {}", route_name(c, map, r as usize)),
                        None => "borrows nothing".into(),
                    }
                );
            }
        }
        let _ = writeln!(s, "  bonuses: {} points", d.bonus_points);
        for b in &d.bonuses {
            let _ = writeln!(
                s,
                "    {:<36} {:>4} {:>+4}",
                bonus_name(c, b.mechanic),
                b.measure,
                b.points
            );
        }
        let _ = writeln!(s, "  total {}\n", d.total);
    }
    // Ranking, and the tie-break that separated equal totals.
    let mut order: Vec<usize> = (0..scores.len()).collect();
    order.sort_by_key(|&p| (scores[p].rank, p));
    let _ = writeln!(s, "ranking:");
    for (i, &p) in order.iter().enumerate() {
        let d = &scores[p];
        let mut note = String::new();
        let tied_with: Vec<usize> = order
            .iter()
            .copied()
            .filter(|&q| q != p && scores[q].total == d.total)
            .collect();
        if !tied_with.is_empty() {
            let shared = tied_with.iter().any(|&q| scores[q].rank == d.rank);
            let decided = c.game.tie_breaks.iter().find(|tb| {
                tied_with
                    .iter()
                    .any(|&q| tie_key(tb, &scores[q]) != tie_key(tb, d) && scores[q].rank != d.rank)
            });
            note = match (shared, decided) {
                (true, _) => " (tied after every tie-break)".into(),
                (false, Some(tb)) => format!(" (tie on points broken by {})", tie_name(tb)),
                (false, None) => String::new(),
            };
        }
        let _ = writeln!(s, "  {}. {} {}{}", d.rank, c.names[p], d.total, note);
        let _ = i;
    }
    s
}

fn tie_key(tb: &TieBreak, d: &DetailedScore) -> i64 {
    match tb {
        TieBreak::MostCompletedTickets => d.completed_tickets as i64,
        TieBreak::FewestStationsUsed => -(d.stations.len() as i64),
        TieBreak::LongestPath => d.longest_path as i64,
    }
}

fn tie_name(tb: &TieBreak) -> &'static str {
    match tb {
        TieBreak::MostCompletedTickets => "most completed tickets",
        TieBreak::FewestStationsUsed => "fewest stations used",
        TieBreak::LongestPath => "longest path",
    }
}

fn json(c: &Checked, scores: &[DetailedScore], map_name: &str) -> String {
    let players = scores
        .iter()
        .enumerate()
        .map(|(p, d)| JsonPlayer {
            name: c.names[p].clone(),
            routes: d
                .routes
                .iter()
                .map(|line| {
                    let info = &c.game.routes[line.route as usize];
                    JsonRoute {
                        route: info.id.clone(),
                        lane: line_lane(c, p, line),
                        length: info.length,
                        points: line.points,
                        from: line.from.map(|q| c.names[q as usize].clone()),
                        right_of_way_beside: right_of_way_beside(c, p, line)
                            .map(|q| c.names[q].clone()),
                    }
                })
                .collect(),
            route_points: d.route_points,
            tickets: d
                .tickets
                .iter()
                .map(|t| JsonTicket {
                    ticket: c.game.tickets[t.ticket as usize].label.clone(),
                    completed: t.completed,
                    points: t.points,
                })
                .collect(),
            ticket_points: d.ticket_points,
            completed_tickets: d.completed_tickets,
            stations: d
                .stations
                .iter()
                .map(|st| JsonStation {
                    city: city(c, st.city).to_string(),
                    borrows: st.borrowed.map(|r| c.game.routes[r as usize].id.clone()),
                })
                .collect(),
            unused_stations: d.unused_stations,
            station_points: d.station_points,
            longest_path: d.longest_path,
            bonuses: d
                .bonuses
                .iter()
                .map(|b| JsonBonus {
                    bonus: bonus_name(c, b.mechanic),
                    measure: b.measure,
                    points: b.points,
                })
                .collect(),
            bonus_points: d.bonus_points,
            total: d.total,
            rank: d.rank,
            winner: d.winner,
        })
        .collect();
    let out = JsonScore {
        map: map_name.to_string(),
        players,
    };
    format!(
        "{}\n",
        serde_json::to_string_pretty(&out).expect("plain data")
    )
}

pub fn run(args: Args) -> i32 {
    let limit = crate::load::MAX_FILE_BYTES;
    let text = match crate::load::read_text_limited(&args.file, limit, "position files") {
        Ok(t) => t,
        Err(e) => return usage_error(format!("cannot read {}: {e}", args.file.display())),
    };
    let name = args.file.display().to_string();
    let read = position::read(&text);
    let mut problems = read.diagnostics;
    let Some(position) = read.position else {
        return report(&args, &[(&name, &text, problems)]);
    };
    let base = args.file.parent().unwrap_or(Path::new("."));
    let map_path = base.join(&position.map.value);
    let loaded = match load_path(&map_path) {
        Ok(l) => l,
        Err(e) => {
            return usage_error(format!("cannot read map {}: {e}", map_path.display()));
        }
    };
    let Some(map) = loaded.map.as_ref().filter(|_| !loaded.has_errors()) else {
        let map_problems = loaded.diagnostics.clone();
        return report(
            &args,
            &[
                (&loaded.name, &loaded.text, map_problems),
                (&name, &text, problems),
            ],
        );
    };
    let checked = match position::check(&position, map) {
        Ok(c) if problems.is_empty() => c,
        Ok(_) => return report(&args, &[(&name, &text, problems)]),
        Err(found) => {
            problems.extend(found);
            return report(&args, &[(&name, &text, problems)]);
        }
    };
    let scores = checked.score();
    match args.format {
        // Names from the map and the position reach the terminal escaped.
        ScoreFormat::Human => super::emit_human(&human(&checked, &scores, map)),
        ScoreFormat::Json => super::emit(&json(&checked, &scores, &map.map.name)),
    }
    EXIT_OK
}

/// Prints the problems of the position (and of its map), every one located, and returns
/// exit 1: as `check` does, human text on stderr, or a JSON array on stdout with `--format
/// json` so that a program reading the score reads its problems the same way.
fn report(args: &Args, files: &[(&str, &str, Vec<Diagnostic>)]) -> i32 {
    let mut sorted: Vec<(&str, &str, Vec<Diagnostic>)> = files
        .iter()
        .filter(|(_, _, ds)| !ds.is_empty())
        .map(|(n, t, ds)| (*n, *t, ds.clone()))
        .collect();
    for (_, _, ds) in &mut sorted {
        sort_diagnostics(ds);
    }
    let reports: Vec<FileReport> = sorted
        .iter()
        .map(|(name, text, ds)| FileReport {
            name,
            text,
            diagnostics: ds,
        })
        .collect();
    match args.format {
        ScoreFormat::Human => {
            let color = std::io::stderr().is_terminal();
            eprint!("{}", render(Format::Human, &reports, color));
        }
        ScoreFormat::Json => super::emit(&render(Format::Json, &reports, false)),
    }
    EXIT_PROBLEMS
}
