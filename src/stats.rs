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
