//! The score sheet of a finished game as `ttrmap score` prints it: each player's routes,
//! tickets (completed or failed), stations, bonuses and total, then the ranking with the
//! tie-break that separated equal totals. `ttrmap score` prints it for a position played on
//! paper; the studio's play page shows it at the end of a game played by hand.

use crate::engine::position::Checked;
use crate::engine::scoring::{DetailedScore, RouteLine};
use crate::model::{MapFile, TieBreak};
use std::fmt::Write as _;

/// The first owner of the lane player `p` holds by Right of Way on route line `line`, if
/// that is how `p` holds it.
pub fn right_of_way_beside(c: &Checked, p: usize, line: &RouteLine) -> Option<usize> {
    if line.from.is_some() {
        return None;
    }
    c.state
        .shared_lanes()
        .iter()
        .find(|&&(l, q)| q as usize == p && c.game.lane_route[l as usize] == line.route)
        .map(|&(l, _)| c.state.lane_owner()[l as usize] as usize)
}

/// The lane number (1 = first) of route line `line` of player `p`: the lane its holder
/// (`p`, or the player the points came from) holds.
pub fn line_lane(c: &Checked, p: usize, line: &RouteLine) -> usize {
    let holder = line.from.map_or(p, |q| q as usize);
    let info = &c.game.routes[line.route as usize];
    let first = info.first_lane as usize;
    let held = |l: &usize| {
        c.state.lane_owner()[*l] as usize == holder
            || c.state
                .shared_lanes()
                .iter()
                .any(|&(x, q)| x as usize == *l && q as usize == holder)
    };
    (first..first + info.lane_count as usize)
        .find(held)
        .map_or(1, |l| l - first + 1)
}

pub fn bonus_name(c: &Checked, mechanic: usize) -> String {
    c.game.mechanics.modules[mechanic].name()
}

pub fn city(c: &Checked, i: u16) -> &str {
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
pub fn human(c: &Checked, scores: &[DetailedScore], map: &MapFile) -> String {
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
