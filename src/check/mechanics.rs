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
    for (i, z) in map.zones.iter().enumerate() {
        if !map
            .cities
            .iter()
            .any(|c| c.zone.as_deref() == Some(z.id.as_str()))
        {
            cx.at(
                path!["zones", i, "id"],
                Diagnostic::warning(
                    "mechanic-data",
                    format!("zone `{}` has no border city", z.id),
                )
                .with_label("nothing reaches this zone")
                .with_help(format!("mark its border cities with `zone = \"{}\"`", z.id)),
            );
        }
    }
    if let Some(p) = &m.province_mat {
        let mut seen = BTreeSet::new();
        for (i, line) in p.lines.iter().enumerate() {
            if line.color == crate::model::Color::Gray || !seen.insert(line.color) {
                cx.at(
                    path!["mechanics", "province_mat", "lines", i, "color"],
                    Diagnostic::error(
                        "mechanic-data",
                        format!(
                            "province mat line {} repeats a colour or is gray",
                            line.color
                        ),
                    )
                    .with_label("one line per card colour"),
                );
            }
        }
        let route_colors: BTreeSet<crate::model::Color> = map
            .routes
            .iter()
            .flat_map(|r| r.lane_colors())
            .filter(|c| *c != crate::model::Color::Gray)
            .collect();
        for color in route_colors.difference(&seen) {
            cx.at_key(
                path!["mechanics", "province_mat", "lines"],
                Diagnostic::warning(
                    "mechanic-data",
                    format!("{color} routes have no line on the province mat"),
                )
                .with_label("claims of this colour can place nothing")
                .with_help(format!("add a `{color}` line")),
            );
        }
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
    if let Some(cm) = &m.city_markers {
        let open = map
            .cities
            .iter()
            .filter(|c| !cm.forbidden.contains(&c.id))
            .count();
        if open == 0 && !map.cities.is_empty() {
            cx.at_key(
                path!["mechanics", "city_markers", "forbidden"],
                Diagnostic::error(
                    "mechanic-data",
                    "city markers are forbidden in every city: no player can mark a starting city",
                )
                .with_label("lists every city")
                .with_help("leave the cities a starting marker may take out of `forbidden`"),
            );
        }
    }
    if let Some(d) = &m.ticket_draft_card {
        if map.rules.tickets.draft.is_none() {
            cx.at_key(
                path!["mechanics", "ticket_draft_card"],
                Diagnostic::error(
                    "mechanic-data",
                    "the ticket draft card starts a second draft, but the rules have none",
                )
                .with_label("no `rules.tickets.draft` to repeat")
                .with_help(
                    "add `[rules.tickets.draft]` (as the `iberia` preset has), or remove the card",
                ),
            );
        }
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
            let gamble = matches!(
                c.effect,
                TechEffect::MostTicketsGamble | TechEffect::LongestPathGamble
            );
            for (key, set) in [
                ("ties", c.ties.is_some()),
                ("when_best_is_zero", c.when_best_is_zero.is_some()),
            ] {
                if set && !gamble {
                    cx.at(
                        path!["mechanics", "technologies", "cards", i, key],
                        Diagnostic::error(
                            "mechanic-data",
                            format!(
                                "technology `{}` does not read `{key}`: only the gambles \
                                 (most-tickets-gamble, longest-path-gamble) do",
                                c.id
                            ),
                        )
                        .with_label("not read by this effect")
                        .with_help("remove it"),
                    );
                }
            }
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

#[cfg(test)]
mod tests {
    use crate::load::load_str;

    const HEAD: &str = "[map]\nid='t'\nname='t'\nplayers={min=2,max=5}\nboard={width=100,height=100}\n\
                        [[cities]]\nid='a'\nposition=[0,0]\n[[cities]]\nid='b'\nposition=[50,0]\n\
                        [[routes]]\nfrom='a'\nto='b'\nlength=2\ncolor='red'\n";

    fn codes(extra: &str) -> Vec<(&'static str, String)> {
        let loaded = load_str("t.toml", &format!("{HEAD}{extra}"));
        loaded
            .diagnostics
            .iter()
            .map(|d| (d.code, d.message.clone()))
            .collect()
    }

    /// `ties` and `when_best_is_zero` are read by the gambles only (technology cards) and by
    /// the bonuses to the most of something; elsewhere they are refused, naming the key.
    #[test]
    fn readings_only_where_they_are_read() {
        let tech = |effect: &str, extra: &str| {
            format!(
                "[mechanics.technologies]\nbase_lengths = [1]\nbase_regions = []\n\
                 [[mechanics.technologies.cards]]\nid = 'x'\ncost = 1\ncopies = 1\n\
                 effect = '{effect}'\nvalue = 5\n{extra}"
            )
        };
        let found = codes(&tech(
            "points-per-route",
            "ties = 'lose'\nwhen_best_is_zero = 'tied'\n",
        ));
        for key in ["ties", "when_best_is_zero"] {
            let wanted = format!("technology `x` does not read `{key}`");
            assert!(
                found
                    .iter()
                    .any(|(c, m)| *c == "mechanic-data" && m.contains(&wanted)),
                "{found:?}"
            );
        }
        let clean = codes(&tech(
            "most-tickets-gamble",
            "ties = 'lose'\nwhen_best_is_zero = 'tied'\n",
        ));
        assert!(clean.is_empty(), "{clean:?}");
        let bonus = |kind: &str| {
            codes(&format!(
                "[rules]\nbonuses = [{{ id = 'b', kind = '{kind}', points = 5, table = [5], \
                 when_best_is_zero = 'tied' }}]\n"
            ))
        };
        let found = bonus("grand-tour");
        assert!(
            found.iter().any(|(c, m)| *c == "bonus-params"
                && m.contains("bonus `b` (grand-tour) has no best count")),
            "{found:?}"
        );
        assert!(
            bonus("globetrotter").is_empty(),
            "{:?}",
            bonus("globetrotter")
        );
    }

    #[test]
    fn a_zone_without_border_cities_is_reported() {
        let found = codes("[[zones]]\nid='italia'\n");
        assert!(
            found
                .iter()
                .any(|(c, m)| *c == "mechanic-data" && m.contains("`italia` has no border city")),
            "{found:?}"
        );
    }

    #[test]
    fn province_mat_lines_must_cover_route_colours_once() {
        // The red route has no red line; blue is listed twice; gray is not a card colour.
        let found = codes(
            "[mechanics.province_mat]\nscoring = { 2 = [10] }\nlines = [{ color = 'blue', spots = [1] }, \
             { color = 'blue', spots = [2] }, { color = 'gray', spots = [1] }]\n",
        );
        let messages: Vec<&str> = found.iter().map(|(_, m)| m.as_str()).collect();
        assert!(
            messages.contains(&"red routes have no line on the province mat"),
            "{messages:?}"
        );
        assert_eq!(
            messages
                .iter()
                .filter(|m| m.contains("repeats a colour or is gray"))
                .count(),
            2,
            "{messages:?}"
        );
        // A mat with exactly the colours used is clean.
        let clean = codes(
            "[mechanics.province_mat]\nscoring = { 2 = [10] }\nlines = [{ color = 'red', spots = [1, 2] }]\n",
        );
        assert!(clean.is_empty(), "{clean:?}");
    }
}
