//! Rules from `map-settings.json`: each setting is compared with the preset named by `--base`,
//! and only a difference becomes a `[rules]` line, with a comment naming the setting. Bonuses
//! are only noted (a bonus list replaces the preset's whole list, which is a designer's call).

use super::{Imported, LaneColor};
use crate::model::{BonusKind, FerrySubstitute, LocomotiveUse, Rules, TicketDiscard};
use serde_json::Value;
use std::collections::BTreeSet;

/// The fully resolved rules of a preset (its chain merged over the base game).
pub(super) fn preset_rules(base: &str) -> Result<Rules, String> {
    let merged = crate::load::resolve_rules(base).map_err(|d| {
        let help = d.help.clone().unwrap_or_default();
        format!("{} ({help})", d.message)
    })?;
    let mut rules = merged.get("rules").cloned().unwrap_or(Value::Null);
    if let Some(obj) = rules.as_object_mut() {
        obj.remove("base");
    }
    if rules.is_null() {
        return Ok(Rules::default());
    }
    serde_json::from_value(rules).map_err(|e| format!("preset `{base}` does not resolve: {e}"))
}

/// Fills `rule_lines`, `rule_notes` and the ferry substitutes.
pub(super) fn derive(imported: &mut Imported, preset: &Rules, settings: Option<&Value>) {
    ferry_substitutes(imported, preset);
    route_points(imported, preset, settings);
    let Some(s) = settings else { return };
    let mut lines: Vec<(String, String)> = Vec::new();
    let mut notes: Vec<String> = Vec::new();
    let int = |key: &str| s.get(key).and_then(Value::as_i64);
    let differ = |lines: &mut Vec<(String, String)>, key: &str, value: String, from: String| {
        lines.push((
            format!("{key} = {value}"),
            format!("map-settings.json: {from}"),
        ));
    };

    if let Some(n) = int("trainCarsPerPlayer")
        && n != preset.trains.per_player as i64
    {
        differ(
            &mut lines,
            "trains.per_player",
            n.to_string(),
            format!("trainCarsPerPlayer = {n}"),
        );
    }
    if let Some(n) = int("numberOfLocomotiveCards")
        && n != preset.train_deck.locomotives as i64
    {
        differ(
            &mut lines,
            "train_deck.locomotives",
            n.to_string(),
            format!("numberOfLocomotiveCards = {n}"),
        );
    }
    if let Some(n) = int("numberOfColoredCards")
        && n != preset.train_deck.per_color as i64
    {
        differ(
            &mut lines,
            "train_deck.per_color",
            n.to_string(),
            format!("numberOfColoredCards = {n}"),
        );
    }
    if let Some(n) = int("initialTrainCarCardsInHand")
        && n != preset.starting_hand.cards as i64
    {
        differ(
            &mut lines,
            "starting_hand.cards",
            n.to_string(),
            format!("initialTrainCarCardsInHand = {n}"),
        );
    }
    if let Some(b) = s
        .get("visibleLocomotivesCountsAsTwoCards")
        .and_then(Value::as_bool)
        && b != preset.face_up.locomotive_takes_whole_draw
    {
        differ(
            &mut lines,
            "face_up.locomotive_takes_whole_draw",
            b.to_string(),
            format!("visibleLocomotivesCountsAsTwoCards = {b}"),
        );
    }
    if let Some(n) = int("locomotiveUsageRestriction") {
        // 0: anywhere, 1: tunnels only, 3: tunnels and ferries (the reference data's coding).
        let usage = match n {
            0 => Some((LocomotiveUse::Anywhere, "anywhere")),
            1 => Some((LocomotiveUse::TunnelsOnly, "tunnels-only")),
            3 => Some((LocomotiveUse::TunnelsAndFerries, "tunnels-and-ferries")),
            _ => None,
        };
        match usage {
            Some((u, name)) if u != preset.locomotives.usable_on => differ(
                &mut lines,
                "locomotives.usable_on",
                format!("\"{name}\""),
                format!("locomotiveUsageRestriction = {n}"),
            ),
            Some(_) => {}
            None => notes.push(format!(
                "map-settings.json: locomotiveUsageRestriction = {n} has no meaning known to ttrmap; not applied"
            )),
        }
    }
    if let Some(n) = int("resetVisibleCardsWithLocomotives")
        && n != preset.face_up.locomotive_reset as i64
    {
        differ(
            &mut lines,
            "face_up.locomotive_reset",
            n.to_string(),
            format!("resetVisibleCardsWithLocomotives = {n}"),
        );
    }
    if let Some(n) = int("trainCarsNumberToStartLastTurn")
        && n != preset.end_game.trains_at_most as i64
    {
        differ(
            &mut lines,
            "end_game.trains_at_most",
            n.to_string(),
            format!("trainCarsNumberToStartLastTurn = {n}"),
        );
    }
    // A deal is written whole: `deal` and `keep_at_least` have no defaults of their own.
    let mut initial = preset.tickets.initial;
    let mut initial_from = Vec::new();
    if let Some(init) = s.get("initialDestinations") {
        if let Some(d) = init.get("deal").and_then(Value::as_i64) {
            initial.deal = d.clamp(0, 255) as u8;
            initial_from.push(format!("initialDestinations.deal = {d}"));
        }
        if let Some(k) = init.get("keepAtLeast").and_then(Value::as_i64) {
            initial.keep_at_least = k.clamp(0, 255) as u8;
            initial_from.push(format!("initialDestinations.keepAtLeast = {k}"));
        }
    }
    if initial != preset.tickets.initial {
        differ(
            &mut lines,
            "tickets.initial",
            format!(
                "{{ deal = {}, keep_at_least = {} }}",
                initial.deal, initial.keep_at_least
            ),
            initial_from.join(", "),
        );
    }
    if let Some(n) = int("additionalDestinationMinimumKept")
        && n != preset.tickets.draw.keep_at_least as i64
    {
        differ(
            &mut lines,
            "tickets.draw",
            format!(
                "{{ deal = {}, keep_at_least = {n} }}",
                preset.tickets.draw.deal
            ),
            format!("additionalDestinationMinimumKept = {n}"),
        );
    }
    for (key, field, current) in [
        (
            "unusedInitialDestinationsGoToDeckBottom",
            "tickets.initial_discard",
            preset.tickets.initial_discard,
        ),
        (
            "unusedAdditionalDestinationsGoToDeckBottom",
            "tickets.draw_discard",
            preset.tickets.draw_discard,
        ),
    ] {
        if let Some(bottom) = s.get(key).and_then(Value::as_bool) {
            let (want, name) = if bottom {
                (TicketDiscard::Bottom, "bottom")
            } else {
                (TicketDiscard::OutOfGame, "out-of-game")
            };
            if want != current {
                differ(
                    &mut lines,
                    field,
                    format!("\"{name}\""),
                    format!("{key} = {bottom}"),
                );
            }
        }
    }
    let double_min = int("minimumPlayerForDoubleRoutes").or_else(|| {
        // The UK's form: player count → usable lanes of a double route.
        let table = s.get("maximumPlayerForDoubleRoutes")?.as_object()?;
        table
            .iter()
            .filter(|(_, v)| v.as_i64().is_some_and(|l| l >= 2))
            .filter_map(|(k, _)| k.parse::<i64>().ok())
            .min()
    });
    if let Some(n) = double_min
        && n != preset.lanes.double_min_players as i64
    {
        differ(
            &mut lines,
            "lanes.double_min_players",
            n.to_string(),
            format!("doubles from {n} players"),
        );
    }
    if let Some(v) = s.get("stations") {
        let n = v.as_i64().unwrap_or(0);
        if n != preset.stations.per_player as i64 {
            differ(
                &mut lines,
                "stations.per_player",
                n.to_string(),
                format!("stations = {v}"),
            );
        }
    }
    for (key, kind, label) in [
        (
            "pointsForLongestPath",
            BonusKind::LongestPath,
            "longest-path",
        ),
        (
            "pointsForGlobetrotter",
            BonusKind::Globetrotter,
            "globetrotter",
        ),
        (
            "pointsForMostConnectedCities",
            BonusKind::MostConnectedCities,
            "most-connected-cities",
        ),
    ] {
        let Some(v) = s.get(key) else { continue };
        let given = v.as_i64();
        let have = preset
            .bonuses
            .iter()
            .find(|b| b.kind == kind)
            .map(|b| b.points as i64);
        if given != have {
            let have = have.map_or("none".to_string(), |p| p.to_string());
            notes.push(format!(
                "map-settings.json: {key} = {v}; the preset's {label} bonus: {have}. Not applied: edit [[rules.bonuses]] if the map differs"
            ));
        }
    }
    if let Some(m) = s.get("mandalaPoints").and_then(Value::as_array) {
        // BGA gives running totals (0, 5, 10, 20, ...); the preset's table gives each ticket's share.
        let totals: Vec<i64> = m.iter().filter_map(Value::as_i64).collect();
        let table: Vec<i64> = preset
            .bonuses
            .iter()
            .find(|b| b.kind == BonusKind::GrandTour)
            .map(|b| b.table.iter().map(|&p| p as i64).collect())
            .unwrap_or_default();
        let running: Vec<i64> = std::iter::once(0)
            .chain(table.iter().scan(0, |acc, p| {
                *acc += p;
                Some(*acc)
            }))
            .collect();
        if running != totals {
            notes.push(format!(
                "map-settings.json: mandalaPoints = {totals:?} (running totals); the preset's Grand Tour gives {running:?}. Not applied"
            ));
        }
    }
    imported.rule_lines.extend(lines);
    imported.rule_notes.extend(notes);
}

/// `any_cards_per_locomotive` on ferries: one map-wide substitute when every ferry agrees,
/// else one per route. On other routes it is `any_cards_for_one` (written with the route).
fn ferry_substitutes(imported: &mut Imported, preset: &Rules) {
    let ferries: Vec<Option<u8>> = imported
        .routes
        .iter()
        .filter(|r| r.first.ferry > 0 && r.lanes.iter().all(|l| *l != LaneColor::TrackBed))
        .map(|r| r.first.any_cards)
        .collect();
    let values: BTreeSet<Option<u8>> = ferries.iter().copied().collect();
    match values.into_iter().collect::<Vec<_>>().as_slice() {
        [] | [None] => {}
        [Some(n)] => {
            let want = FerrySubstitute {
                cards: *n,
                same_color: false,
            };
            if preset.ferries.substitute.as_ref() != Some(&want) {
                imported.rule_lines.push((
                    format!("ferries.substitute = {{ cards = {n}, same_color = false }}"),
                    format!("routes.csv: every ferry has any_cards_per_locomotive = {n}"),
                ));
            }
        }
        _ => {
            for r in &mut imported.routes {
                if r.first.ferry > 0 {
                    r.ferry_substitute = r.first.any_cards;
                }
            }
        }
    }
}

/// Points by route length used by Ticket to Ride maps (OEIS A306221): the fallback for a length neither the preset nor the settings
/// score.
const STANDARD_ROUTE_POINTS: [(u8, i32); 9] = [
    (1, 1),
    (2, 2),
    (3, 4),
    (4, 7),
    (5, 10),
    (6, 15),
    (7, 18),
    (8, 21),
    (9, 27),
];

/// `route_points` from the settings' `routePoints`/`extraRoutePoints`, then the standard table
/// for lengths still unscored. The table is written whole: a partial table would replace the
/// base game's, whose values come from `Rules::default` rather than from a preset file.
fn route_points(imported: &mut Imported, preset: &Rules, settings: Option<&Value>) {
    let used_lengths: BTreeSet<u8> = imported.routes.iter().map(|r| r.first.length).collect();
    let mut points = preset.route_points.clone();
    let mut from = Vec::new();
    for key in ["routePoints", "extraRoutePoints"] {
        let Some(table) = settings.and_then(|s| s.get(key)).and_then(Value::as_object) else {
            continue;
        };
        let mut entries: Vec<(u8, i64)> = table
            .iter()
            .filter_map(|(k, v)| Some((k.parse::<u8>().ok()?, v.as_i64()?)))
            .collect();
        entries.sort();
        for (len, pts) in entries {
            let differs = match preset.route_points.get(&len) {
                Some(&p) => p as i64 != pts,
                None => used_lengths.contains(&len),
            };
            if differs {
                points.insert(len, pts as i32);
                from.push(format!("map-settings.json {key} {len} = {pts}"));
            }
        }
    }
    for len in used_lengths {
        if !points.contains_key(&len)
            && let Some(&(_, p)) = STANDARD_ROUTE_POINTS.iter().find(|(l, _)| *l == len)
        {
            points.insert(len, p);
            from.push(format!(
                "{len} = {p} from the standard table (OEIS A306221)"
            ));
        }
    }
    if points != preset.route_points {
        let table: Vec<String> = points.iter().map(|(l, p)| format!("{l} = {p}")).collect();
        imported.rule_lines.push((
            format!("route_points = {{ {} }}", table.join(", ")),
            from.join(", "),
        ));
    }
}
