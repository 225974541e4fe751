//! Rule checks: `players`, `ticket-deal`, `bonus-params`, `points-range`.

use super::Cx;
use crate::diagnostic::Diagnostic;
use crate::model::BonusKind;
use crate::path;

/// The most a points value may be, either way: the schema's bound on every single points
/// value, which the tables keyed by a number (not bounded by the schema) share. Scores are
/// added in 32 bits; far below this no sum of a game's points can overflow.
pub const POINTS_LIMIT: i32 = 1000;

/// Points values in the tables the schema cannot bound (keyed by a number): the route score
/// table and the province mat's scoring.
fn points_in_range(cx: &mut Cx) {
    let map = cx.map;
    let mut out = Vec::new();
    for (&len, &p) in &map.rules.route_points {
        out.push((path!["rules", "route_points", len.to_string().as_str()], p));
    }
    if let Some(mat) = &map.mechanics.province_mat {
        for (&n, row) in &mat.scoring {
            for (k, &p) in row.iter().enumerate() {
                out.push((
                    path![
                        "mechanics",
                        "province_mat",
                        "scoring",
                        n.to_string().as_str(),
                        k
                    ],
                    p,
                ));
            }
        }
    }
    for (at, p) in out {
        if !(-POINTS_LIMIT..=POINTS_LIMIT).contains(&p) {
            cx.at(
                at,
                Diagnostic::error(
                    "points-range",
                    format!("{p} points is beyond what any game scores"),
                )
                .with_label(format!("from -{POINTS_LIMIT} to {POINTS_LIMIT}")),
            );
        }
    }
}

pub(super) fn check(cx: &mut Cx) {
    points_in_range(cx);
    let map = cx.map;
    let players = map.map.players;
    if players.min > players.max {
        cx.at(
            path!["map", "players"],
            Diagnostic::error(
                "players",
                format!("player range {}..{} is empty", players.min, players.max),
            )
            .with_label("`min` is above `max`"),
        );
    }
    for &n in map.rules.trains.by_players.keys() {
        if !players.contains(n) {
            cx.at_key(
                path!["rules", "trains", "by_players", n.to_string().as_str()],
                Diagnostic::warning(
                    "players",
                    format!(
                        "trains given for {n} players, outside the map's {}..{}",
                        players.min, players.max
                    ),
                )
                .with_label("never used"),
            );
        }
    }
    let t = &map.rules.tickets;
    for (key, deal) in [("initial", t.initial), ("draw", t.draw)] {
        if deal.keep_at_least > deal.deal {
            cx.at(
                path!["rules", "tickets", key, "keep_at_least"],
                Diagnostic::error(
                    "ticket-deal",
                    format!(
                        "keeping at least {} of {} tickets is impossible",
                        deal.keep_at_least, deal.deal
                    ),
                )
                .with_label(format!("at most {}", deal.deal)),
            );
        }
    }
    if let Some(d) = t.draft
        && d.keep > d.deal
    {
        cx.at(
            path!["rules", "tickets", "draft", "keep"],
            Diagnostic::error(
                "ticket-deal",
                format!("a draft of {} cannot keep {}", d.deal, d.keep),
            )
            .with_label(format!("at most {}", d.deal)),
        );
    }
    for (i, m) in map.modes.iter().enumerate() {
        mode_tickets(cx, i, m);
        let dealt = m.dealt();
        if m.keep_at_least as u32 > dealt {
            cx.at(
                path!["modes", i, "keep_at_least"],
                Diagnostic::error(
                    "ticket-deal",
                    format!(
                        "mode `{}` deals {dealt} tickets but keeps at least {}",
                        m.id, m.keep_at_least
                    ),
                )
                .with_label(format!("at most {dealt}")),
            );
        }
        if let Some(p) = m.players
            && (p.min < players.min || p.max > players.max || p.min > p.max)
        {
            cx.at(
                path!["modes", i, "players"],
                Diagnostic::error(
                    "players",
                    format!(
                        "mode `{}` is for {}..{} players, outside the map's {}..{}",
                        m.id, p.min, p.max, players.min, players.max
                    ),
                )
                .with_label("outside the map's player range"),
            );
        }
    }
    let s = &map.rules.stations;
    if (s.costs.len()) < s.per_player as usize {
        cx.at(
            path!["rules", "stations", "costs"],
            Diagnostic::error(
                "ticket-deal",
                format!(
                    "{} stations per player but only {} costs",
                    s.per_player,
                    s.costs.len()
                ),
            )
            .with_label("one cost per station"),
        );
    }
    for (i, b) in map.rules.bonuses.iter().enumerate() {
        let missing = match b.kind {
            BonusKind::GrandTour if b.table.is_empty() => Some("table"),
            BonusKind::MostRoutesWith if b.feature.is_none() => Some("feature"),
            BonusKind::MostTaggedCities
            | BonusKind::AllTaggedCities
            | BonusKind::TicketsCoverTagged
                if b.tag.is_none() =>
            {
                Some("tag")
            }
            BonusKind::MostTicketsFromDecks if b.decks.is_empty() => Some("decks"),
            _ => None,
        };
        if let Some(key) = missing {
            cx.at_key(
                path!["rules", "bonuses", i],
                Diagnostic::error(
                    "bonus-params",
                    format!("bonus `{}` of kind {:?} needs `{key}`", b.id, b.kind),
                )
                .with_label("this bonus"),
            );
        }
        let most = !matches!(
            b.kind,
            BonusKind::GrandTour | BonusKind::AllTaggedCities | BonusKind::TicketsCoverTagged
        );
        if b.when_best_is_zero.is_some() && !most {
            let kind = serde_json::to_value(b.kind)
                .ok()
                .and_then(|v| v.as_str().map(str::to_string))
                .unwrap_or_default();
            cx.at(
                path!["rules", "bonuses", i, "when_best_is_zero"],
                Diagnostic::error(
                    "bonus-params",
                    format!(
                        "bonus `{}` ({kind}) has no best count: `when_best_is_zero` is for the \
                         bonuses to the most of something",
                        b.id
                    ),
                )
                .with_label("not read by this kind")
                .with_help("remove it"),
            );
        }
        if b.kind == BonusKind::GrandTour && !b.table.is_empty() {
            let sum: i32 = b.table.iter().sum();
            if b.points != 0 && sum != b.points {
                cx.at(
                    path!["rules", "bonuses", i, "points"],
                    Diagnostic::warning(
                        "bonus-params",
                        format!(
                            "Grand Tour cap {} differs from the table's total {sum}",
                            b.points
                        ),
                    )
                    .with_label("not the sum of `table`"),
                );
            }
        }
    }
}

/// A mode deals from `deal` or from `pool`, not both and not neither; a pool holds tickets.
fn mode_tickets(cx: &mut Cx, i: usize, m: &crate::model::GameMode) {
    let (has_deal, has_pool) = (!m.deal.is_empty(), m.pool.is_some());
    if has_deal == has_pool {
        let (at, text) = if has_deal {
            (path!["modes", i, "pool"], "gives both `deal` and `pool`")
        } else {
            (path!["modes", i], "gives neither `deal` nor `pool`")
        };
        cx.at(
            at,
            Diagnostic::error("ticket-deal", format!("mode `{}` {text}", m.id))
                .with_label("give one")
                .with_help(
                    "`deal` names decks and their deals; `pool` shuffles decks into one pile",
                ),
        );
    }
    let Some(pool) = &m.pool else { return };
    let ids = cx.map.deck_ids();
    let first = ids[0];
    let held = cx
        .map
        .tickets
        .iter()
        .filter(|t| pool.holds(t, t.deck.as_deref().unwrap_or(first)))
        .count();
    let decks_known = pool.decks.iter().all(|d| ids.contains(&d.as_str()));
    if held == 0 && decks_known && !cx.map.tickets.is_empty() {
        cx.at(
            path!["modes", i, "pool"],
            Diagnostic::error(
                "ticket-deal",
                format!("mode `{}`: the pool holds no ticket", m.id),
            )
            .with_label("no ticket of these decks names these cities"),
        );
    }
}
