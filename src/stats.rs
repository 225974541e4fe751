//! The counts a designer checks first: cities, lanes, spaces, tickets, tunnels, ferries, and
//! spaces per colour. Every lane of a double or triple route counts once.

use crate::model::{Color, MapFile};
use serde::Serialize;
use std::collections::BTreeMap;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Stats {
    /// Cities on the board, not counting zone border endpoints.
    pub cities: usize,
    /// Border endpoints of zones (France's neighbours, Switzerland's countries).
    pub zone_endpoints: usize,
    pub zones: usize,
    /// Routes as written (a double route is one).
    pub routes: usize,
    /// Lanes: each lane of a double or triple route counts once.
    pub lanes: usize,
    /// Sum of lane lengths.
    pub spaces: u32,
    /// Ticket cards over all decks, copies included.
    pub tickets: u32,
    pub tickets_by_deck: BTreeMap<String, u32>,
    /// Tunnel lanes.
    pub tunnels: usize,
    /// Ferry lanes (lanes with at least one locomotive space).
    pub ferries: usize,
    pub track_beds: usize,
    /// Colour name → spaces (gray as `gray`). Track beds have no colour and are left out.
    pub spaces_by_color: BTreeMap<&'static str, u32>,
    /// Colour name → lanes.
    pub lanes_by_color: BTreeMap<&'static str, u32>,
    /// Lane length → lanes.
    pub lanes_by_length: BTreeMap<u8, u32>,
}

pub fn compute(map: &MapFile) -> Stats {
    let mut spaces_by_color = BTreeMap::new();
    let mut lanes_by_color = BTreeMap::new();
    let mut lanes_by_length = BTreeMap::new();
    let (mut lanes, mut spaces, mut tunnels, mut ferries, mut beds) = (0, 0, 0, 0, 0);
    for r in &map.routes {
        for color in r.lane_colors() {
            lanes += 1;
            spaces += r.length as u32;
            *lanes_by_length.entry(r.length).or_insert(0) += 1;
            tunnels += r.tunnel as usize;
            ferries += r.is_ferry() as usize;
            if r.track_bed {
                beds += 1;
                continue;
            }
            *spaces_by_color.entry(color.name()).or_insert(0) += r.length as u32;
            *lanes_by_color.entry(color.name()).or_insert(0) += 1;
        }
    }
    for c in Color::CARD_COLORS.iter().chain([&Color::Gray]) {
        spaces_by_color.entry(c.name()).or_insert(0);
        lanes_by_color.entry(c.name()).or_insert(0);
    }
    let first_deck = map.deck_ids()[0].to_string();
    let mut tickets_by_deck = BTreeMap::new();
    for d in map.deck_ids() {
        tickets_by_deck.insert(d.to_string(), 0);
    }
    for t in &map.tickets {
        let deck = t.deck.clone().unwrap_or_else(|| first_deck.clone());
        *tickets_by_deck.entry(deck).or_insert(0) += t.copies as u32;
    }
    Stats {
        cities: map.cities.iter().filter(|c| c.zone.is_none()).count(),
        zone_endpoints: map.cities.iter().filter(|c| c.zone.is_some()).count(),
        zones: map.zones.len(),
        routes: map.routes.len(),
        lanes,
        spaces,
        tickets: tickets_by_deck.values().sum(),
        tickets_by_deck,
        tunnels,
        ferries,
        track_beds: beds,
        spaces_by_color,
        lanes_by_color,
        lanes_by_length,
    }
}

/// A plain-text table of the stats.
pub fn render_text(name: &str, s: &Stats) -> String {
    let mut out = format!("{name}\n");
    let row = |out: &mut String, k: &str, v: String| out.push_str(&format!("  {k:<16} {v}\n"));
    row(&mut out, "cities", s.cities.to_string());
    if s.zones > 0 {
        row(
            &mut out,
            "zones",
            format!("{} ({} border endpoints)", s.zones, s.zone_endpoints),
        );
    }
    row(&mut out, "routes", s.routes.to_string());
    row(&mut out, "lanes", s.lanes.to_string());
    row(&mut out, "spaces", s.spaces.to_string());
    row(&mut out, "tunnels", s.tunnels.to_string());
    row(&mut out, "ferries", s.ferries.to_string());
    if s.track_beds > 0 {
        row(&mut out, "track beds", s.track_beds.to_string());
    }
    let decks: Vec<String> = s
        .tickets_by_deck
        .iter()
        .map(|(d, n)| format!("{d} {n}"))
        .collect();
    row(
        &mut out,
        "tickets",
        format!("{} ({})", s.tickets, decks.join(", ")),
    );
    out.push_str("  colour           lanes  spaces\n");
    for (c, sp) in &s.spaces_by_color {
        out.push_str(&format!(
            "    {c:<14} {:>5}  {sp:>6}\n",
            s.lanes_by_color[c]
        ));
    }
    let lengths: Vec<String> = s
        .lanes_by_length
        .iter()
        .map(|(l, n)| format!("{l}×{n}"))
        .collect();
    row(&mut out, "lengths", lengths.join(" "));
    out
}

/// The design tables of `ttrmap stats`, each beside the range of the official maps where
/// one is known. Computed from the board graph, so
/// kept apart from the plain counts (which the `total-spaces` lint recomputes).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Tables {
    /// Colour name → lane length → lanes (track beds aside).
    pub color_by_length: BTreeMap<&'static str, BTreeMap<u8, u32>>,
    pub color_by_length_official: &'static str,
    pub spaces_by_color_official: &'static str,
    pub degrees: Degrees,
    pub ticket_lengths: TicketLengths,
    /// The 10 routes with the highest ticket load, busiest first.
    pub busiest_routes: Vec<RouteLoad>,
    pub busiest_routes_note: &'static str,
}

/// City degrees: distinct neighbouring cities, over cities that are not zone endpoints.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Degrees {
    pub min: usize,
    pub mean: f64,
    pub max: usize,
    /// Degree → cities.
    pub histogram: BTreeMap<usize, u32>,
    pub official: &'static str,
}

/// Ticket lengths (cheapest network in spaces) binned by the map's reach.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TicketLengths {
    /// 0.47 × trains per player (the fewest over the player counts).
    pub reach: f64,
    /// Bin labels, in order: `<.30`, `.30-.45`, `.45-.60`, `.60-.75`, `>=.75` of reach.
    pub bins: Vec<&'static str>,
    /// Ticket cards per bin (copies counted; tickets that cannot be completed left out; with
    /// game modes, only the first mode's tickets: the default game).
    pub counts: Vec<u32>,
    /// Shares of the binned tickets, per bin.
    pub shares: Vec<f64>,
    pub longest: u32,
    pub official: &'static str,
}

/// One route's ticket load.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RouteLoad {
    pub route: String,
    /// Ticket cards whose shortest path uses the route.
    pub tickets: u32,
    /// Lanes usable at the map's maximum player count.
    pub usable_lanes: u8,
    /// `tickets / usable_lanes`.
    pub load: f64,
}

/// Reach as a share of a player's trains: the longest official tickets (as measured by
/// TICKET-SUGGESTER).
pub const REACH_FACTOR: f64 = 0.47;
/// Upper bounds of the reach bins (the last bin is open), as TICKET-SUGGESTER bins them.
const BIN_BOUNDS: [f64; 4] = [0.30, 0.45, 0.60, 0.75];
const BIN_LABELS: [&str; 5] = ["<.30", ".30-.45", ".45-.60", ".60-.75", ">=.75"];

pub fn tables(map: &MapFile) -> Tables {
    let graph = crate::graph::BoardGraph::new(map);
    let mut color_by_length: BTreeMap<&'static str, BTreeMap<u8, u32>> = BTreeMap::new();
    for r in map.routes.iter().filter(|r| !r.track_bed) {
        for color in r.lane_colors() {
            *color_by_length
                .entry(color.name())
                .or_default()
                .entry(r.length)
                .or_insert(0) += 1;
        }
    }
    Tables {
        color_by_length,
        color_by_length_official: "USA: every colour {2,3,3,4,4,5,6}, green and white {2,2,3,4,5,5,6}",
        spaces_by_color_official: "USA 27 per colour (7 routes); Europe 22-23 (8 routes)",
        degrees: degrees(map, &graph),
        ticket_lengths: ticket_lengths(map, &graph),
        busiest_routes: busiest_routes(map, &graph),
        busiest_routes_note: "official boards put their busiest corridors on double routes",
    }
}

fn degrees(map: &MapFile, graph: &crate::graph::BoardGraph) -> Degrees {
    let mut histogram = BTreeMap::new();
    let mut all = Vec::new();
    for (i, c) in map.cities.iter().enumerate() {
        if c.zone.is_some() {
            continue;
        }
        let mut neighbours: Vec<usize> = graph.adjacency[i].iter().map(|&(m, _)| m).collect();
        neighbours.sort_unstable();
        neighbours.dedup();
        all.push(neighbours.len());
        *histogram.entry(neighbours.len()).or_insert(0) += 1;
    }
    let mean = if all.is_empty() {
        0.0
    } else {
        all.iter().sum::<usize>() as f64 / all.len() as f64
    };
    Degrees {
        min: all.iter().copied().min().unwrap_or(0),
        mean,
        max: all.iter().copied().max().unwrap_or(0),
        histogram,
        official: "min / mean / max: USA 2 / 4.33 / 7, Europe 1 / 3.83 / 7",
    }
}

fn ticket_lengths(map: &MapFile, graph: &crate::graph::BoardGraph) -> TicketLengths {
    let players = map.map.players;
    let trains = (players.min..=players.max)
        .map(|p| map.rules.trains_for(p))
        .min()
        .unwrap_or(0);
    let reach = REACH_FACTOR * trains as f64;
    let mut counts = vec![0u32; BIN_LABELS.len()];
    let mut longest = 0;
    let costs = graph.all_ticket_costs(map);
    let in_game = (0..map.tickets.len()).map(|i| map.in_default_game(i));
    for ((t, entries), _) in map.tickets.iter().zip(&costs).zip(in_game).filter(|x| x.1) {
        // An any-of ticket is binned by its most valuable target.
        let Some(&(_, _, cost)) = entries.iter().max_by_key(|&&(_, points, _)| points) else {
            continue;
        };
        if cost == crate::graph::UNREACHABLE || reach <= 0.0 {
            continue;
        }
        longest = longest.max(cost);
        let share = cost as f64 / reach;
        let bin = BIN_BOUNDS
            .iter()
            .position(|&b| share < b)
            .unwrap_or(BIN_BOUNDS.len());
        counts[bin] += t.copies as u32;
    }
    let total: u32 = counts.iter().sum();
    let shares = counts
        .iter()
        .map(|&n| {
            if total == 0 {
                0.0
            } else {
                n as f64 / total as f64
            }
        })
        .collect();
    TicketLengths {
        reach,
        bins: BIN_LABELS.to_vec(),
        counts,
        shares,
        longest,
        official: "USA .10 .30 .27 .13 .20; Europe regular .25 .53 .20 .02 0; mean of 7 classic decks .18 .33 .22 .16 .11",
    }
}

/// Ticket load per route: each city-to-city ticket's shortest path (from the origin node that
/// reaches the destination cheapest; ties to the lowest edge index, so output is stable) adds
/// the ticket's copies to every route on it. Multi-city and any-of tickets are left out: their
/// network is not one path. With game modes, only the first mode's tickets count.
fn busiest_routes(map: &MapFile, graph: &crate::graph::BoardGraph) -> Vec<RouteLoad> {
    use crate::graph::UNREACHABLE;
    let mut uses = vec![0u32; graph.edges.len()];
    let mut by_origin: BTreeMap<&str, Vec<(&str, u32)>> = BTreeMap::new();
    let in_game = (0..map.tickets.len()).map(|i| map.in_default_game(i));
    for (t, _) in map.tickets.iter().zip(in_game).filter(|x| x.1) {
        if let (Some(from), Some(to)) = (t.from.as_deref(), t.to.as_deref()) {
            by_origin
                .entry(from)
                .or_default()
                .push((to, t.copies as u32));
        }
    }
    for (origin, wanted) in by_origin {
        let sources = graph.nodes_of(origin);
        let dists: Vec<Vec<u32>> = sources
            .iter()
            .map(|&s| graph.distances_from(&[s], |_| true))
            .collect();
        for (to, copies) in wanted {
            // The best (source, target) pair.
            let best = dists
                .iter()
                .enumerate()
                .flat_map(|(k, d)| graph.nodes_of(to).iter().map(move |&n| (d[n], k, n)))
                .min();
            let Some((d, k, mut node)) = best.filter(|b| b.0 != UNREACHABLE) else {
                continue;
            };
            let (dist, source) = (&dists[k], sources[k]);
            let mut left = d;
            while node != source && left > 0 {
                // A predecessor on a shortest path; dead ends are never passed through.
                let step = graph.adjacency[node]
                    .iter()
                    .filter(|&&(m, e)| {
                        dist[m] != UNREACHABLE
                            && dist[m] + graph.edges[e].length as u32 == dist[node]
                            && (m == source || !graph.dead_end[m])
                    })
                    .min_by_key(|&&(_, e)| e);
                let Some(&(m, e)) = step else { break };
                uses[e] += copies;
                left -= graph.edges[e].length as u32;
                node = m;
            }
        }
    }
    let players = map.map.players.max;
    let mut loads: Vec<RouteLoad> = graph
        .edges
        .iter()
        .zip(&uses)
        .filter(|&(_, &n)| n > 0)
        .map(|(e, &n)| {
            let lanes = map.rules.lanes.usable(e.lanes, players).max(1);
            RouteLoad {
                route: map.routes[e.route].id(),
                tickets: n,
                usable_lanes: lanes,
                load: n as f64 / lanes as f64,
            }
        })
        .collect();
    loads.sort_by(|a, b| {
        b.load
            .total_cmp(&a.load)
            .then(b.tickets.cmp(&a.tickets))
            .then(a.route.cmp(&b.route))
    });
    loads.truncate(10);
    loads
}

/// The stats and the design tables as one JSON object (the counts' keys first, unchanged).
#[derive(Serialize)]
pub struct Full<'a> {
    #[serde(flatten)]
    pub stats: &'a Stats,
    #[serde(flatten)]
    pub tables: &'a Tables,
}

/// The design tables as plain text, after `render_text`.
pub fn render_tables_text(t: &Tables) -> String {
    let mut out = String::new();
    let colors: Vec<&str> = Color::CARD_COLORS
        .iter()
        .chain([&Color::Gray])
        .map(|c| c.name())
        .collect();
    let lengths: std::collections::BTreeSet<u8> = t
        .color_by_length
        .values()
        .flat_map(|m| m.keys().copied())
        .collect();
    out.push_str("  lanes by colour and length\n    colour    ");
    for l in &lengths {
        out.push_str(&format!("{l:>4}"));
    }
    out.push('\n');
    for c in colors {
        let Some(row) = t.color_by_length.get(c) else {
            continue;
        };
        out.push_str(&format!("    {c:<10}"));
        for l in &lengths {
            out.push_str(&format!("{:>4}", row.get(l).copied().unwrap_or(0)));
        }
        out.push('\n');
    }
    out.push_str(&format!("    official: {}\n", t.color_by_length_official));
    out.push_str(&format!(
        "  spaces per colour official: {}\n",
        t.spaces_by_color_official
    ));
    let d = &t.degrees;
    let hist: Vec<String> = d
        .histogram
        .iter()
        .map(|(k, n)| format!("{k}×{n}"))
        .collect();
    out.push_str(&format!(
        "  city degree      min {} / mean {:.2} / max {}   ({})\n    official: {}\n",
        d.min,
        d.mean,
        d.max,
        hist.join(" "),
        d.official
    ));
    let tl = &t.ticket_lengths;
    // The bins mean nothing without their unit: say what is binned and what reach is.
    out.push_str(&format!(
        "  ticket lengths   each ticket's cheapest network in spaces, as a share of reach: {:.1} spaces\n",
        tl.reach
    ));
    out.push_str(&format!(
        "                   ({REACH_FACTOR} × {} trains, the longest official tickets); longest {}\n",
        (tl.reach / REACH_FACTOR).round(),
        tl.longest
    ));
    out.push_str("    of reach  tickets  of the deck\n");
    for ((label, n), share) in tl.bins.iter().zip(&tl.counts).zip(&tl.shares) {
        out.push_str(&format!("    {label:<8}  {n:>7}  {share:.2}\n"));
    }
    out.push_str(&format!("    official: {}\n", tl.official));
    out.push_str("  busiest routes (tickets on the shortest path / usable lanes)\n");
    for r in &t.busiest_routes {
        out.push_str(&format!(
            "    {:<28} {:>3} / {}  {:.1}\n",
            r.route, r.tickets, r.usable_lanes, r.load
        ));
    }
    out.push_str(&format!("    note: {}\n", t.busiest_routes_note));
    out
}
