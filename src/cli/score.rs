//! `ttrmap score POSITION.toml [--format human|json]`: the final scoring of a game played on
//! paper. The position file names the map and lists what each player ended with:
//!
//! ```toml
//! map = "../maps/usa.toml"     # relative to this file
//! players = 2                  # optional; must match the number of [[player]] tables
//! mode = "grand"               # optional (maps with game modes)
//!
//! [[player]]
//! name = "Ada"
//! routes = ["denver-omaha", { route = "new-york-boston", lane = 2 }]  # lane: 1 = first
//! stations = [{ city = "berlin", borrows = "berlin-wien" }, { city = "paris" }]
//! tickets = ["boston–miami", "denver-el-paso"]   # labels; '-' may stand for '–'
//! ```
//!
//! A station without `borrows` borrows whichever route scores best. Exit 0 with the
//! breakdown, 1 when the position (or its map) has problems, 2 on I/O or usage errors.

use super::{EXIT_OK, EXIT_PROBLEMS, usage_error};
use crate::engine::position::{blank_position, build_station};
use crate::engine::scoring::{Borrow, DetailedScore, borrowable_routes, score_detailed};
use crate::engine::{Game, NOBODY};
use crate::load::load_path;
use crate::model::{MapFile, TieBreak};
use crate::report::{FileReport, Format, render};
use crate::suggest::did_you_mean;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::fmt::Write as _;
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

/// A finished position, as people write it down.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Position {
    /// The map file, relative to the position file.
    pub map: String,
    /// Player count (default: the number of `[[player]]` tables).
    pub players: Option<u8>,
    /// Game mode id, for maps with `[[modes]]`.
    pub mode: Option<String>,
    /// Rules of the map the game was played without (keys as `playtest --without` takes).
    #[serde(default)]
    pub without: Vec<String>,
    /// Seat order.
    #[serde(default)]
    pub player: Vec<PlayerPosition>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerPosition {
    pub name: Option<String>,
    #[serde(default)]
    pub routes: Vec<RouteClaim>,
    #[serde(default)]
    pub stations: Vec<StationPosition>,
    #[serde(default)]
    pub tickets: Vec<String>,
}

/// A route id (its only free lane, or its first free lane), or a route and a lane.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum RouteClaim {
    Id(String),
    Lane(LaneClaim),
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LaneClaim {
    pub route: String,
    /// 1 = the route's first lane (its first listed colour).
    pub lane: u8,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StationPosition {
    pub city: String,
    /// The route (of another player, into `city`) the station borrows; absent: the best.
    pub borrows: Option<String>,
}

#[derive(Serialize)]
struct JsonRoute {
    route: String,
    lane: usize,
    length: u8,
    points: i32,
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

/// A position that was read and checked, ready to score.
struct Checked {
    game: Game,
    state: crate::engine::State,
    borrow: Vec<Vec<Borrow>>,
    names: Vec<String>,
    /// Each player's lanes, in their order (for the breakdown).
    lanes: Vec<Vec<usize>>,
}

/// Reads the position and its map. `Err((exit code, message))`.
fn read(path: &Path) -> Result<(Position, MapFile, PathBuf), (i32, String)> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        (
            super::EXIT_USAGE,
            format!("cannot read {}: {e}", path.display()),
        )
    })?;
    let position: Position =
        toml::from_str(&text).map_err(|e| (EXIT_PROBLEMS, format!("{}: {e}", path.display())))?;
    let base = path.parent().unwrap_or(Path::new("."));
    let map_path = base.join(&position.map);
    let loaded = load_path(&map_path).map_err(|e| {
        (
            super::EXIT_USAGE,
            format!("cannot read map {}: {e}", map_path.display()),
        )
    })?;
    match loaded.map.as_ref().filter(|_| !loaded.has_errors()) {
        Some(map) => Ok((position, map.clone(), map_path)),
        None => {
            let report = FileReport {
                name: &loaded.name,
                text: &loaded.text,
                diagnostics: &loaded.diagnostics,
            };
            Err((EXIT_PROBLEMS, render(Format::Human, &[report], false)))
        }
    }
}

fn normalise(label: &str) -> String {
    label.replace(['–', '—'], "-").to_lowercase()
}

/// Builds the engine position, collecting every problem.
fn check(position: &Position, map: &MapFile) -> Result<Checked, Vec<String>> {
    let count = position.player.len();
    if let Some(n) = position.players
        && n as usize != count
    {
        return Err(vec![format!(
            "players = {n} but the position has {count} [[player]] tables"
        )]);
    }
    let game = Game::new_without(
        map,
        count.min(255) as u8,
        position.mode.as_deref(),
        &position.without,
    )
    .map_err(|e| vec![e.to_string()])?;
    let mut errors = Vec::new();
    let mut state = blank_position(&game);
    let names: Vec<String> = position
        .player
        .iter()
        .enumerate()
        .map(|(i, p)| {
            p.name
                .clone()
                .unwrap_or_else(|| format!("player {}", i + 1))
        })
        .collect();
    let route_ids: Vec<&str> = game.routes.iter().map(|r| r.id.as_str()).collect();
    let route_by_id: HashMap<&str, usize> = route_ids
        .iter()
        .enumerate()
        .map(|(i, &id)| (id, i))
        .collect();
    let find_route = |id: &str, who: &str, errors: &mut Vec<String>| -> Option<usize> {
        let found = route_by_id.get(id).copied();
        if found.is_none() {
            let hint = did_you_mean(id, route_ids.iter().copied())
                .map(|h| format!("; {h}"))
                .unwrap_or_default();
            errors.push(format!("{who}: unknown route `{id}`{hint}"));
        }
        found
    };

    // Lanes: named lanes first, then routes without a lane take their first free lane.
    let mut lanes: Vec<Vec<usize>> = vec![Vec::new(); count];
    let mut owner: Vec<Option<usize>> = vec![None; game.lane_count()];
    let mut unnamed: Vec<(usize, usize, usize)> = Vec::new();
    // (player, position in their list) → lane, to keep each player's routes in file order.
    let mut order: HashMap<(usize, usize), usize> = HashMap::new();
    for (p, player) in position.player.iter().enumerate() {
        for (seq, claim) in player.routes.iter().enumerate() {
            match claim {
                RouteClaim::Id(id) => {
                    if let Some(r) = find_route(id, &names[p], &mut errors) {
                        unnamed.push((p, seq, r));
                    }
                }
                RouteClaim::Lane(LaneClaim { route, lane }) => {
                    let Some(r) = find_route(route, &names[p], &mut errors) else {
                        continue;
                    };
                    let info = &game.routes[r];
                    if *lane == 0 || *lane > info.lane_count {
                        errors.push(format!(
                            "{}: route `{route}` has {} lane{}; lane {lane} does not exist (lanes count from 1)",
                            names[p],
                            info.lane_count,
                            if info.lane_count == 1 { "" } else { "s" }
                        ));
                        continue;
                    }
                    let l = info.first_lane as usize + *lane as usize - 1;
                    match owner[l] {
                        Some(q) => errors.push(format!(
                            "route `{route}` lane {lane} is claimed twice ({} and {})",
                            names[q], names[p]
                        )),
                        None => {
                            owner[l] = Some(p);
                            order.insert((p, seq), l);
                        }
                    }
                }
            }
        }
    }
    for (p, seq, r) in unnamed {
        let info = &game.routes[r];
        let first = info.first_lane as usize;
        match (first..first + info.lane_count as usize).find(|&l| owner[l].is_none()) {
            Some(l) => {
                owner[l] = Some(p);
                order.insert((p, seq), l);
            }
            None => errors.push(format!(
                "{}: route `{}` is claimed twice (every lane already has an owner)",
                names[p], info.id
            )),
        }
    }
    let mut placed: Vec<((usize, usize), usize)> = order.into_iter().collect();
    placed.sort_unstable();
    for ((p, _), l) in placed {
        lanes[p].push(l);
    }
    for info in &game.routes {
        let first = info.first_lane as usize;
        let owners: Vec<usize> = (first..first + info.lane_count as usize)
            .filter_map(|l| owner[l])
            .collect();
        for (p, name) in names.iter().enumerate() {
            if owners.iter().filter(|&&o| o == p).count() > 1 {
                errors.push(format!(
                    "{}: on two lanes of route `{}`; a player may claim only one lane of a route",
                    name, info.id
                ));
            }
        }
        if owners.len() > info.usable_lanes as usize {
            errors.push(format!(
                "route `{}`: {} lanes claimed but only {} may be used with {count} players",
                info.id,
                owners.len(),
                info.usable_lanes
            ));
        }
    }
    for (p, ls) in lanes.iter().enumerate() {
        let used: u32 = ls
            .iter()
            .map(|&l| game.routes[game.lane_route[l] as usize].trains_needed() as u32)
            .sum();
        if used > game.trains as u32 {
            errors.push(format!(
                "{}: the routes use {used} trains but a player has only {}",
                names[p], game.trains
            ));
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    for (p, ls) in lanes.iter().enumerate() {
        for &l in ls {
            state.assign_lane(&game, l, p as u8);
        }
    }

    // Stations.
    let city_ids: Vec<&str> = game.city_ids.iter().map(String::as_str).collect();
    let mut borrow: Vec<Vec<Borrow>> = vec![Vec::new(); count];
    for (p, player) in position.player.iter().enumerate() {
        if player.stations.len() > game.stations as usize {
            errors.push(format!(
                "{}: {} stations but a player has {}",
                names[p],
                player.stations.len(),
                game.stations
            ));
            continue;
        }
        for st in &player.stations {
            let Some(c) = city_ids.iter().position(|&id| id == st.city) else {
                let hint = did_you_mean(&st.city, city_ids.iter().copied())
                    .map(|h| format!("; {h}"))
                    .unwrap_or_default();
                errors.push(format!("{}: unknown city `{}`{hint}", names[p], st.city));
                continue;
            };
            if state.station_owner[c] != NOBODY {
                errors.push(format!(
                    "{}: a station in `{}` is already there ({}); one station per city",
                    names[p], st.city, names[state.station_owner[c] as usize]
                ));
                continue;
            }
            build_station(&mut state, p, c as u16);
            let choice = match &st.borrows {
                None => Borrow::Best,
                Some(id) => {
                    let Some(r) = find_route(id, &names[p], &mut errors) else {
                        continue;
                    };
                    let options = borrowable_routes(&game, &state, p, c as u16);
                    if !options.contains(&(r as u16)) {
                        errors.push(format!(
                            "{}: the station in `{}` cannot borrow `{id}`: a station borrows a route \
                             into its city claimed by another player (and none of its lanes by its owner)",
                            names[p], st.city
                        ));
                        continue;
                    }
                    Borrow::Route(r as u16)
                }
            };
            borrow[p].push(choice);
        }
    }

    // Tickets, by label; copies in the game limit how many players hold the same one.
    let labels: Vec<String> = game.tickets.iter().map(|t| t.label.clone()).collect();
    let mut copies_left: Vec<usize> = vec![0; labels.len()];
    for deck in &game.deck_tickets {
        for &t in deck {
            copies_left[t as usize] += 1;
        }
    }
    for (p, player) in position.player.iter().enumerate() {
        for label in &player.tickets {
            let wanted = normalise(label);
            let matches: Vec<usize> = labels
                .iter()
                .enumerate()
                .filter(|(_, l)| normalise(l) == wanted)
                .map(|(i, _)| i)
                .collect();
            match matches.as_slice() {
                [] => {
                    let hint = did_you_mean(label, labels.iter().map(String::as_str))
                        .map(|h| format!("; {h}"))
                        .unwrap_or_default();
                    errors.push(format!("{}: unknown ticket `{label}`{hint}", names[p]));
                }
                [t] => {
                    if copies_left[*t] == 0 {
                        errors.push(format!(
                            "{}: ticket `{label}` is held more times than the game has copies",
                            names[p]
                        ));
                    } else {
                        copies_left[*t] -= 1;
                        state.players[p].tickets.push(*t as u16);
                    }
                }
                _ => errors.push(format!(
                    "{}: ticket `{label}` matches {} tickets; use its exact label",
                    names[p],
                    matches.len()
                )),
            }
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(Checked {
        game,
        state,
        borrow,
        names,
        lanes,
    })
}

fn bonus_name(c: &Checked, mechanic: usize) -> String {
    c.game.mechanics.modules[mechanic].name()
}

fn city(c: &Checked, i: u16) -> &str {
    &c.game.city_ids[i as usize]
}

fn human(c: &Checked, scores: &[DetailedScore], map_name: &str) -> String {
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
        for (line, &lane) in d.routes.iter().zip(&c.lanes[p]) {
            let info = &c.game.routes[line.route as usize];
            let lane_text = if info.lane_count > 1 {
                format!(" lane {}", lane - info.first_lane as usize + 1)
            } else {
                String::new()
            };
            let _ = writeln!(
                s,
                "    {:<36} {:>2} space{} {:>4}",
                format!("{}{lane_text}", info.id),
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
                c.game.tickets[t.ticket as usize].label,
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
                    city(c, st.city),
                    match st.borrowed {
                        Some(r) => format!("borrows {}", c.game.routes[r as usize].id),
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
                .zip(&c.lanes[p])
                .map(|(line, &lane)| {
                    let info = &c.game.routes[line.route as usize];
                    JsonRoute {
                        route: info.id.clone(),
                        lane: lane - info.first_lane as usize + 1,
                        length: info.length,
                        points: line.points,
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
    let (position, map, _map_path) = match read(&args.file) {
        Ok(x) => x,
        Err((code, message)) => {
            if code == EXIT_PROBLEMS {
                eprintln!("error: {}", message.trim_end());
                return code;
            }
            return usage_error(message);
        }
    };
    let checked = match check(&position, &map) {
        Ok(c) => c,
        Err(errors) => {
            for e in errors {
                eprintln!("error: {}: {e}", args.file.display());
            }
            return EXIT_PROBLEMS;
        }
    };
    let scores = score_detailed(&checked.game, &checked.state, &checked.borrow);
    let text = match args.format {
        ScoreFormat::Human => human(&checked, &scores, &map.map.name),
        ScoreFormat::Json => json(&checked, &scores, &map.map.name),
    };
    super::emit(&text);
    EXIT_OK
}
