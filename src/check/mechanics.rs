//! Mechanic data checks: `mechanic-data`.

use super::Cx;
use crate::diagnostic::Diagnostic;
use crate::model::TechEffect;
use crate::path;
use std::collections::BTreeSet;

pub(super) fn check(cx: &mut Cx) {
    let map = cx.map;
    let m = &map.mechanics;
    for (i, name) in map.rules.requires_mechanics.iter().enumerate() {
        if !m.declared().contains(&name.as_str()) {
            let preset = map.rules.base.as_deref().unwrap_or("this map");
            cx.at_key(
                path!["rules", "requires_mechanics", i],
                Diagnostic::warning("missing-mechanic", format!("rule system `{preset}` needs `[mechanics.{name}]`, which this map does not declare"))
                    .with_label("required here")
                    .with_help(format!("add a `[mechanics.{name}]` table (see `ttrmap schema`), or build on another preset")),
            );
        }
    }
    if let Some(f) = &m.festivals {
        let sum: u32 = f.groups.iter().map(|g| g.cards as u32).sum();
        if let Some(total) = f.total_cards
            && sum != total as u32
        {
            cx.at(
                path!["mechanics", "festivals", "total_cards"],
                Diagnostic::error(
                    "mechanic-data",
                    format!("the festival groups hold {sum} cards, not {total}"),
                )
                .with_label(format!("groups add up to {sum}")),
            );
        }
        for (i, g) in f.groups.iter().enumerate() {
            if g.chart.len() < g.cards as usize {
                cx.at(
                    path!["mechanics", "festivals", "groups", i, "chart"],
                    Diagnostic::error(
                        "mechanic-data",
                        format!(
                            "festival `{}` has {} cards but its chart stops at {}",
                            g.id,
                            g.cards,
                            g.chart.len()
                        ),
                    )
                    .with_label(format!("needs {} entries", g.cards)),
                );
            }
            if !map
                .cities
                .iter()
                .any(|c| c.festival.as_deref() == Some(&g.id))
            {
                cx.at(
                    path!["mechanics", "festivals", "groups", i, "id"],
                    Diagnostic::warning(
                        "mechanic-data",
                        format!("no city holds festival `{}`", g.id),
                    )
                    .with_label("set `festival` on its cities"),
                );
            }
        }
    }
    if let Some(t) = &m.track_pieces {
        let lengths: BTreeSet<u8> = t.pieces.iter().map(|p| p.length).collect();
        for (i, r) in map.routes.iter().enumerate() {
            if r.track_bed && !lengths.contains(&r.length) {
                cx.at(
                    path!["routes", i, "length"],
                    Diagnostic::error(
                        "mechanic-data",
                        format!(
                            "no track piece of length {} for track bed `{}`",
                            r.length,
                            r.id()
                        ),
                    )
                    .with_label("cannot be built"),
                );
            }
        }
    }
    if let Some(p) = &m.province_mat {
        for &n in p.scoring.keys() {
            if !map.map.players.contains(n) {
                cx.at_key(
                    path![
                        "mechanics",
                        "province_mat",
                        "scoring",
                        n.to_string().as_str()
                    ],
                    Diagnostic::warning(
                        "mechanic-data",
                        format!("province scoring for {n} players, outside the map's range"),
                    )
                    .with_label("never used"),
                );
            }
        }
    }
    if let Some(d) = &m.ticket_draft_card {
        if d.keep > d.deal {
            cx.at(
                path!["mechanics", "ticket_draft_card", "keep"],
                Diagnostic::error(
                    "mechanic-data",
                    format!("a draft of {} cannot keep {}", d.deal, d.keep),
                )
                .with_label(format!("at most {}", d.deal)),
            );
        }
        for (&n, &depth) in &d.depth_by_players {
            if !(0.0..=1.0).contains(&depth) {
                cx.at(
                    path![
                        "mechanics",
                        "ticket_draft_card",
                        "depth_by_players",
                        n.to_string().as_str()
                    ],
                    Diagnostic::error(
                        "mechanic-data",
                        format!("depth {depth} is not a fraction of the deck"),
                    )
                    .with_label("between 0 and 1"),
                );
            }
        }
    }
    if let Some(t) = &m.technologies {
        for (i, c) in t.cards.iter().enumerate() {
            let needs = match c.effect {
                TechEffect::Concession if c.regions.is_empty() => Some("regions"),
                TechEffect::ClaimLengths if c.lengths.is_empty() => Some("lengths"),
                TechEffect::AnyCardsAsLocomotive
                | TechEffect::PointsPerRoute
                | TechEffect::PointsPerFerry
                | TechEffect::PointsPerCompletedTicket
                | TechEffect::ExtraBlindDraw
                | TechEffect::MostTicketsGamble
                | TechEffect::LongestPathGamble
                    if c.value.is_none() =>
                {
                    Some("value")
                }
                _ => None,
            };
            if let Some(key) = needs {
                cx.at_key(
                    path!["mechanics", "technologies", "cards", i],
                    Diagnostic::error(
                        "mechanic-data",
                        format!("technology `{}` needs `{key}` for its effect", c.id),
                    )
                    .with_label("this card"),
                );
            }
        }
    }
}
