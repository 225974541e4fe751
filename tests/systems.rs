//! One small map per published rule system (`tests/fixtures/systems/<system>.toml`). Each must
//! load with no diagnostic at all, and the resolved model (preset merged under the file) must
//! state the facts of that system's rule text. Every rule fact below names where it comes from:
//! `seeds/NNN` is the project's numbered rule text of that system (kept beside the repository,
//! not in it), `missing-rule-data` the research note on rule data those texts lack.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use ttrmap::model::*;

/// The rule systems of the seeds, each with a fixture named after it.
const SYSTEMS: &[&str] = &[
    "usa",
    "europe",
    "nordic",
    "switzerland",
    "india",
    "france",
    "old-west",
    "iberia",
    "south-korea",
    "uk",
    "castilla",
];

fn fixture_path(system: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/systems")
        .join(format!("{system}.toml"))
}

/// Loads a fixture and fails with every diagnostic listed unless there are none.
fn load(system: &str) -> MapFile {
    let path = fixture_path(system);
    let loaded = ttrmap::load::load_path(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let problems: Vec<String> = loaded
        .diagnostics
        .iter()
        .map(|d| format!("{} [{}] {}", d.severity.name(), d.code, d.message))
        .collect();
    assert!(
        problems.is_empty(),
        "{system}.toml has diagnostics:\n{}",
        problems.join("\n")
    );
    loaded
        .map
        .unwrap_or_else(|| panic!("{system}.toml produced no model"))
}

fn route<'a>(map: &'a MapFile, id: &str) -> &'a Route {
    map.routes
        .iter()
        .find(|r| r.id() == id)
        .unwrap_or_else(|| panic!("no route `{id}`"))
}

fn city<'a>(map: &'a MapFile, id: &str) -> &'a City {
    map.cities
        .iter()
        .find(|c| c.id == id)
        .unwrap_or_else(|| panic!("no city `{id}`"))
}

fn bonus<'a>(rules: &'a Rules, id: &str) -> &'a Bonus {
    rules
        .bonuses
        .iter()
        .find(|b| b.id == id)
        .unwrap_or_else(|| panic!("no bonus `{id}`"))
}

fn bonus_ids(rules: &Rules) -> Vec<&str> {
    rules.bonuses.iter().map(|b| b.id.as_str()).collect()
}

/// Endpoint cities of a zone.
fn endpoints<'a>(map: &'a MapFile, zone: &str) -> Vec<&'a str> {
    map.cities
        .iter()
        .filter(|c| c.zone.as_deref() == Some(zone))
        .map(|c| c.id.as_str())
        .collect()
}

fn deal(deal: u8, keep_at_least: u8) -> TicketDeal {
    TicketDeal {
        deal,
        keep_at_least,
    }
}

#[test]
fn every_system_has_a_fixture_and_nothing_else_is_there() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/systems");
    let found: BTreeSet<String> = std::fs::read_dir(&dir)
        .expect("fixture directory exists")
        .flatten()
        .filter_map(|e| {
            let p = e.path();
            (p.extension()? == "toml").then(|| p.file_stem()?.to_str().map(str::to_string))?
        })
        .collect();
    let wanted: BTreeSet<String> = SYSTEMS.iter().map(|s| s.to_string()).collect();
    assert_eq!(found, wanted);
}

#[test]
fn every_fixture_loads_clean_names_its_system_and_has_the_schema_line() {
    for &system in SYSTEMS {
        let text = std::fs::read_to_string(fixture_path(system)).unwrap();
        assert!(
            text.starts_with("#:schema ../../../schemas/ttrmap.schema.json\n"),
            "{system}.toml must start with the schema line"
        );
        let map = load(system);
        assert_eq!(map.rules.base.as_deref(), Some(system), "{system}.toml");
        // Small maps, as the fixtures promise: 5 to 12 cities besides zone endpoints.
        let cities = map.cities.iter().filter(|c| c.zone.is_none()).count();
        assert!(
            (5..=12).contains(&cities),
            "{system}.toml has {cities} cities"
        );
        assert!(!map.tickets.is_empty(), "{system}.toml has no tickets");
    }
}

#[test]
fn usa_is_the_base_game() {
    let map = load("usa");
    let r = &map.rules;
    // The base game: 45 trains, 4 cards dealt, 110 train cards (12 per colour + 14 locomotives),
    // 5 face up cleared at 3 locomotives, tickets 3 keep 2 then 3 keep 1 under the deck,
    // 1/2/4/7/10/15 points by length, longest path 10 (src/presets/usa.toml; seeds/000 "the
    // usual rule of clearing the display when 3 Locomotive cards are face up").
    assert_eq!(r.trains_for(2), 45);
    assert_eq!(r.starting_hand.cards, 4);
    assert_eq!(r.train_deck.total(), 110);
    assert_eq!(r.face_up.locomotive_reset, 3);
    assert!(r.face_up.locomotive_takes_whole_draw);
    assert_eq!(r.tickets.initial, deal(3, 2));
    assert_eq!(r.tickets.draw, deal(3, 1));
    assert_eq!(r.tickets.draw_discard, TicketDiscard::Bottom);
    let points: Vec<i32> = (1..=6).map(|l| r.points_for_length(l).unwrap()).collect();
    assert_eq!(points, [1, 2, 4, 7, 10, 15]);
    assert_eq!(bonus_ids(r), ["longest-path"]);
    assert_eq!(bonus(r, "longest-path").points, 10);
    assert_eq!(r.lanes.double_min_players, 4);
}

#[test]
fn europe_has_stations_tunnels_ferries_and_a_long_deck() {
    let map = load("europe");
    let r = &map.rules;
    // Europe: 3 stations costing 1, 2, 3 cards, 4 points each unused; tunnels reveal 3 cards;
    // an 8-space route scores 21; ties go to tickets, then fewer stations (src/presets/europe.toml;
    // seeds/002 keeps Europe's stations, "+4 points for a kept station").
    assert_eq!(r.stations.per_player, 3);
    assert_eq!(r.stations.costs, [1, 2, 3]);
    assert_eq!(r.stations.unused_points, 4);
    assert_eq!(r.tunnels.reveal, 3);
    assert_eq!(r.points_for_length(8), Some(21));
    assert_eq!(route(&map, "stockholm-petrograd").length, 8);
    assert_eq!(
        r.tie_breaks,
        [
            TieBreak::MostCompletedTickets,
            TieBreak::FewestStationsUsed,
            TieBreak::LongestPath
        ]
    );
    // Ferries with one and with two locomotive spaces, and a tunnel.
    assert_eq!(route(&map, "london-dieppe").ferry, 1);
    assert_eq!(route(&map, "london-dieppe").lane_count(), 2);
    assert_eq!(route(&map, "london-amsterdam").ferry, 2);
    assert!(route(&map, "paris-zurich").tunnel);
    // The long deck: one dealt at setup, never drawn later.
    let long = map.decks.iter().find(|d| d.id == "long").unwrap();
    assert_eq!(
        (long.kind, long.initial_deal, long.drawable),
        (DeckKind::Long, Some(1), false)
    );
    let regular = map.decks.iter().find(|d| d.id == "regular").unwrap();
    assert!(regular.drawable);
}

#[test]
fn nordic_locomotives_ferries_and_the_murmansk_lieksa_route() {
    let map = load("nordic");
    let r = &map.rules;
    // seeds/003, Nordic: locomotives only on tunnels, ferries and Murmansk–Lieksa, so they are
    // taken from the display like any card; 3 face-up locomotives still clear the display.
    assert_eq!(r.locomotives.usable_on, LocomotiveUse::TunnelsAndFerries);
    assert!(!r.face_up.locomotive_takes_whole_draw);
    assert_eq!(r.face_up.locomotive_reset, 3);
    // seeds/003: any three cards may replace a ferry locomotive.
    assert_eq!(
        r.ferries.substitute,
        Some(FerrySubstitute {
            cards: 3,
            same_color: false
        })
    );
    // seeds/003: dealt 5 keep 2; every returned ticket leaves the game.
    assert_eq!(r.tickets.initial, deal(5, 2));
    assert_eq!(r.tickets.initial_discard, TicketDiscard::OutOfGame);
    assert_eq!(r.tickets.draw_discard, TicketDiscard::OutOfGame);
    // seeds/003: both lanes of a double route only with 3 players.
    assert_eq!(r.lanes.double_min_players, 3);
    // seeds/003: Globetrotter 10, and no other end-game bonus.
    assert_eq!(bonus_ids(r), ["globetrotter"]);
    assert_eq!(bonus(r, "globetrotter").kind, BonusKind::Globetrotter);
    assert_eq!(bonus(r, "globetrotter").points, 10);
    // seeds/003: the 9-space Murmansk–Lieksa route, any four cards for one needed card.
    let special = route(&map, "lieksa-murmansk");
    assert_eq!(
        (
            special.length,
            special.any_cards_for_one,
            special.lane_color(0)
        ),
        (9, Some(4), Color::Gray)
    );
    assert!(r.points_for_length(9).is_some());
    assert!(route(&map, "lillehammer-oslo").tunnel);
    assert!(map.routes.iter().filter(|r| r.is_ferry()).count() >= 3);
}

#[test]
fn switzerland_countries_and_tunnel_only_locomotives() {
    let map = load("switzerland");
    let r = &map.rules;
    // seeds/003, Switzerland: locomotives only on tunnels, picked up like any card, 3 face up
    // still clear the display; dealt 5 keep 2; discarded tickets are removed from play; both
    // lanes of a double only with 3 players; 10 points for the longest path.
    assert_eq!(r.locomotives.usable_on, LocomotiveUse::TunnelsOnly);
    assert!(!r.face_up.locomotive_takes_whole_draw);
    assert_eq!(r.face_up.locomotive_reset, 3);
    assert_eq!(r.tickets.initial, deal(5, 2));
    assert_eq!(r.tickets.initial_discard, TicketDiscard::OutOfGame);
    assert_eq!(r.tickets.draw_discard, TicketDiscard::OutOfGame);
    assert_eq!(r.lanes.double_min_players, 3);
    assert_eq!(bonus_ids(r), ["longest-path"]);
    assert_eq!(bonus(r, "longest-path").points, 10);
    // Four countries, each reached through two or more separate border endpoints.
    assert_eq!(map.zones.len(), 4);
    for z in &map.zones {
        assert_eq!(z.kind, ZoneKind::Country);
        assert!(endpoints(&map, &z.id).len() >= 2, "zone {}", z.id);
    }
    // seeds/003: Bern to Italia 8 and Bern to France 5 on one card; only the best counts.
    let bern = map
        .tickets
        .iter()
        .find(|t| t.from.as_deref() == Some("bern") && t.targets.is_some())
        .unwrap();
    assert_eq!(bern.shape(), Some(TicketShape::AnyOf));
    let value = |to: &str| {
        bern.targets
            .iter()
            .flatten()
            .find(|t| t.to == to)
            .unwrap()
            .points
    };
    assert_eq!((value("italia"), value("france")), (8, 5));
    assert_eq!(bern.max_points(), 11);
    // A country-to-country ticket: from the primary country to one of the others.
    let zones: BTreeSet<&str> = map.zones.iter().map(|z| z.id.as_str()).collect();
    assert!(map.tickets.iter().any(|t| {
        t.shape() == Some(TicketShape::AnyOf)
            && zones.contains(t.from.as_deref().unwrap())
            && t.targets
                .iter()
                .flatten()
                .all(|x| zones.contains(x.to.as_str()))
    }));
    assert!(
        map.routes
            .iter()
            .any(|r| r.tunnel && r.lane_color(0) == Color::Gray)
    );
}

#[test]
fn india_grand_tour_and_doubles() {
    let map = load("india");
    let r = &map.rules;
    // seeds/003, India: the Mandala pays 5, 5, 10, 10, 10 for the first five qualifying
    // tickets, 40 at most; the Indian Express pays 10 for the longest path.
    let tour = bonus(r, "grand-tour");
    assert_eq!(tour.kind, BonusKind::GrandTour);
    assert_eq!(tour.table, [5, 5, 10, 10, 10]);
    assert_eq!(tour.points, 40);
    assert_eq!(bonus(r, "longest-path").points, 10);
    assert_eq!(bonus(r, "longest-path").kind, BonusKind::LongestPath);
    // seeds/003: dealt 4 keep 2, drawn 3 keep 1, returns to the bottom; both lanes of a double
    // only with 4 players.
    assert_eq!(r.tickets.initial, deal(4, 2));
    assert_eq!(r.tickets.draw, deal(3, 1));
    assert_eq!(r.tickets.initial_discard, TicketDiscard::Bottom);
    assert_eq!(r.tickets.draw_discard, TicketDiscard::Bottom);
    assert_eq!(r.lanes.double_min_players, 4);
    // Gray ferries, one of them double; coloured doubles.
    let double_ferry = route(&map, "calcutta-chittagong");
    assert_eq!((double_ferry.lane_count(), double_ferry.ferry), (2, 1));
    assert!(
        map.routes
            .iter()
            .filter(|r| r.is_ferry())
            .all(|r| r.lane_colors().iter().all(|&c| c == Color::Gray))
    );
    assert_eq!(r.points_for_length(8), Some(21));
}

#[test]
fn france_track_beds_pieces_crossings_and_zones() {
    let map = load("france");
    let r = &map.rules;
    // seeds/001, France: 40 trains, 8 train cards each, dealt 5 keep 3, drawn 4 keep 1,
    // longest path 10 and Globetrotter 15, every tied player scoring.
    assert_eq!(r.trains_for(5), 40);
    assert_eq!(r.starting_hand.cards, 8);
    assert_eq!(r.tickets.initial, deal(5, 3));
    assert_eq!(r.tickets.draw, deal(4, 1));
    assert_eq!(bonus_ids(r), ["longest-path", "globetrotter"]);
    assert_eq!(bonus(r, "longest-path").points, 10);
    assert_eq!(bonus(r, "globetrotter").points, 15);
    assert!(r.bonuses.iter().all(|b| b.ties == TieScoring::All));
    // seeds/001: doubles and triples open in full from 4 players.
    assert_eq!(
        (r.lanes.double_min_players, r.lanes.triple_min_players),
        (4, 4)
    );
    // seeds/001: 64 track pieces; missing-rule-data §6: per colour 3×2, 3×3, 1×4, 1×5.
    let pieces = &map.mechanics.track_pieces.as_ref().unwrap().pieces;
    let total: u32 = pieces.iter().map(|p| p.count as u32).sum();
    assert_eq!(total, 64);
    for c in Color::CARD_COLORS {
        let by_length: BTreeMap<u8, u8> = pieces
            .iter()
            .filter(|p| p.color == c)
            .map(|p| (p.length, p.count))
            .collect();
        assert_eq!(
            by_length,
            BTreeMap::from([(2, 3), (3, 3), (4, 1), (5, 1)]),
            "{c}"
        );
    }
    // seeds/001: a track bed takes the colour of its piece, so none has one of its own; the
    // pre-built ones are the 1-space and the gray routes.
    for route in &map.routes {
        if route.track_bed {
            assert!(route.color.is_none() && route.colors.is_none());
        } else {
            assert!(route.length == 1 || route.lane_colors().iter().all(|&c| c == Color::Gray));
        }
    }
    // Triple routes: a track bed with 3 lanes and a pre-built 1-space route with 3 colours.
    assert_eq!(route(&map, "paris-dijon").lane_count(), 3);
    assert!(route(&map, "paris-dijon").track_bed);
    assert_eq!(route(&map, "dijon-besancon").lane_count(), 3);
    // seeds/001's example: building Marseille–Grenoble cuts off Avignon–Briançon and
    // Avignon–Nice.
    assert_eq!(
        route(&map, "marseille-grenoble").crosses,
        ["avignon-briancon", "avignon-nice"]
    );
    // seeds/001: neighbouring countries and Corsica are zones of separate dead ends.
    let corse = map.zones.iter().find(|z| z.id == "corse").unwrap();
    assert_eq!(corse.kind, ZoneKind::Island);
    assert_eq!(endpoints(&map, "suisse").len(), 2);
    assert_eq!(endpoints(&map, "corse").len(), 2);
    // seeds/001: ferries are gray, pre-built routes.
    for id in ["marseille-corse-marseille", "nice-corse-nice"] {
        let ferry = route(&map, id);
        assert!(ferry.is_ferry() && !ferry.track_bed && ferry.lane_color(0) == Color::Gray);
    }
}

#[test]
fn old_west_markers_alvin_and_globetrotter_only() {
    let map = load("old-west");
    let r = &map.rules;
    // seeds/001, Old West: Globetrotter 15 is the only end-game bonus; ties all score.
    assert_eq!(bonus_ids(r), ["globetrotter"]);
    assert_eq!(bonus(r, "globetrotter").points, 15);
    assert_eq!(bonus(r, "globetrotter").ties, TieScoring::All);
    // seeds/001: dealt 5 keep 3, returns under the deck; missing-rule-data §5.2: drawn 4 keep 1,
    // 40 trains.
    assert_eq!(r.tickets.initial, deal(5, 3));
    assert_eq!(r.tickets.initial_discard, TicketDiscard::Bottom);
    assert_eq!(r.tickets.draw, deal(4, 1));
    assert_eq!(r.trains_for(6), 40);
    // seeds/001: 3 city markers each (the first is the starting city), a pair of one colour
    // for each further one, every claim connected to one's network.
    let markers = map.mechanics.city_markers.as_ref().unwrap();
    assert_eq!(
        (markers.per_player, markers.cost, markers.connected_network),
        (3, 2, true)
    );
    // seeds/001: Alvin starts in Roswell, 10 points per capture and 10 at the end; a variant.
    let alvin = map.mechanics.alvin.as_ref().unwrap();
    assert_eq!(alvin.start, "roswell");
    assert_eq!((alvin.capture_points, alvin.end_points), (10, 10));
    assert!(alvin.optional);
    // seeds/001's example: St. George–Salt Lake City scores 7.
    assert_eq!(
        r.points_for_length(route(&map, "st-george-salt-lake-city").length),
        Some(7)
    );
    assert_eq!(route(&map, "cheyenne-denver").lane_count(), 3);
    assert_eq!(route(&map, "albuquerque-phoenix").lane_count(), 3);
    assert!(map.routes.iter().any(|r| r.lane_count() == 2));
    assert!(map.routes.iter().any(Route::is_ferry));
    assert_eq!(r.lanes.triple_min_players, 4);
}

#[test]
fn iberia_festivals_ticket_draft_and_no_bonus() {
    let map = load("iberia");
    let r = &map.rules;
    // seeds/000, Iberia: 35 trains; no Globetrotter and no longest route.
    assert_eq!(r.trains_for(4), 35);
    assert!(r.bonuses.is_empty());
    // seeds/000: the setup draft deals 6, passes left, keeps exactly 4; leftovers shuffled back.
    assert_eq!(
        r.tickets.draft,
        Some(TicketDraft {
            deal: 6,
            keep: 4,
            pass: PassDirection::Left,
            leftovers: TicketDiscard::Shuffle
        })
    );
    // seeds/000: 3 face-up locomotives still clear the display; 110 train cards.
    assert_eq!(r.face_up.locomotive_reset, 3);
    assert_eq!(r.train_deck.total(), 110);
    // seeds/000: the Ticket Draft card goes 1/2, 2/3, 3/4 down the deck for 2, 3, 4-5 players;
    // the second draft passes right, leftovers go under the deck, no ticket draw before it.
    let card = map.mechanics.ticket_draft_card.as_ref().unwrap();
    assert_eq!(card.depth_by_players[&2], 0.5);
    assert!((card.depth_by_players[&3] - 2.0 / 3.0).abs() < 0.001);
    assert_eq!(card.depth_by_players[&4], 0.75);
    assert_eq!(card.depth_by_players[&5], 0.75);
    assert_eq!((card.deal, card.keep), (6, 4));
    assert_eq!(card.pass, PassDirection::Right);
    assert_eq!(card.leftovers, TicketDiscard::Bottom);
    assert!(card.locks_ticket_draws);
    // seeds/000: Porto and Coimbra share one festival.
    assert_eq!(city(&map, "porto").festival, city(&map, "coimbra").festival);
    assert!(city(&map, "porto").festival.is_some());
    // seeds/000: 54 festival cards; 3 Sevilla cards score 6, 7 Valencia cards score 22.
    let festivals = map.mechanics.festivals.as_ref().unwrap();
    assert!(festivals.unverified);
    let total: u32 = festivals.groups.iter().map(|g| g.cards as u32).sum();
    assert_eq!(total, 54);
    let chart = |id: &str| &festivals.groups.iter().find(|g| g.id == id).unwrap().chart;
    assert_eq!(chart("sevilla")[3 - 1], 6);
    assert_eq!(chart("valencia")[7 - 1], 22);
    // seeds/000: France is an ordinary city here.
    assert!(map.zones.is_empty());
    assert!(city(&map, "france").zone.is_none());
    assert!(map.routes.iter().any(Route::is_ferry));
}

#[test]
fn south_korea_express_cards_and_province_mat() {
    let map = load("south-korea");
    let r = &map.rules;
    // seeds/000, South Korea: 45 trains; no Globetrotter or longest route; the setup draft
    // deals 6 and keeps exactly 4; ticket draws are 3 keep 1.
    assert_eq!(r.trains_for(5), 45);
    assert!(r.bonuses.is_empty());
    let draft = r.tickets.draft.unwrap();
    assert_eq!(
        (draft.deal, draft.keep, draft.pass),
        (6, 4, PassDirection::Left)
    );
    assert_eq!(r.tickets.draw, deal(3, 1));
    assert!(map.mechanics.ticket_draft_card.is_none());
    // seeds/000: a set of +1, +2, +3 per player; 15 cards for 5 players.
    let express = &map.mechanics.express_cards.as_ref().unwrap().values;
    assert_eq!(express, &[1, 2, 3]);
    assert_eq!(express.len() * map.map.players.max as usize, 15);
    // seeds/000: the Province Scoring card, by player count.
    let mat = map.mechanics.province_mat.as_ref().unwrap();
    let expected: BTreeMap<u8, Vec<i32>> = BTreeMap::from([
        (2, vec![10]),
        (3, vec![10, 6]),
        (4, vec![10, 6, 4]),
        (5, vec![10, 6, 4, 2]),
    ]);
    assert_eq!(mat.scoring, expected);
    // One line per card colour (placeholder, flagged).
    assert!(mat.unverified);
    let colors: BTreeSet<Color> = mat.lines.iter().map(|l| l.color).collect();
    assert_eq!(colors, Color::CARD_COLORS.into_iter().collect());
    // seeds/000's example puts a train on spot 6 of the white line after Namwon–Jinju.
    let white = mat.lines.iter().find(|l| l.color == Color::White).unwrap();
    assert!(white.spots.contains(&6));
    assert_eq!(route(&map, "namwon-jinju").lane_color(0), Color::White);
}

/// Every technology effect. The `match` fails to compile when a variant is added, so the list
/// cannot silently fall behind the model.
fn all_tech_effects() -> Vec<TechEffect> {
    use TechEffect::*;
    let all = vec![
        Concession,
        ClaimLengths,
        ClaimFerries,
        AnyCardsAsLocomotive,
        PointsPerRoute,
        PointsPerFerry,
        PointsPerCompletedTicket,
        ClaimClaimedRoute,
        ExtraClaim,
        ExtraBlindDraw,
        MostTicketsGamble,
        LongestPathGamble,
        DiscountOneCard,
    ];
    for e in &all {
        match e {
            Concession
            | ClaimLengths
            | ClaimFerries
            | AnyCardsAsLocomotive
            | PointsPerRoute
            | PointsPerFerry
            | PointsPerCompletedTicket
            | ClaimClaimedRoute
            | ExtraClaim
            | ExtraBlindDraw
            | MostTicketsGamble
            | LongestPathGamble
            | DiscountOneCard => {}
        }
    }
    all
}

#[test]
fn uk_technologies_regions_and_southampton_new_york() {
    let map = load("uk");
    let r = &map.rules;
    // seeds/004, UK: 35 trains; 4 train cards plus 1 locomotive; 6 extra locomotives (20);
    // 3 face-up locomotives are not discarded; any 4 cards as a locomotive; dealt 5 keep 3;
    // no Globetrotter and no longest route; both lanes of a double from 3 players.
    assert_eq!(r.trains_for(4), 35);
    assert_eq!((r.starting_hand.cards, r.starting_hand.locomotives), (4, 1));
    assert_eq!(r.train_deck.locomotives, 20);
    assert_eq!(r.face_up.locomotive_reset, 0);
    assert_eq!(r.locomotives.any_cards_as_one, Some(4));
    assert_eq!(r.tickets.initial, deal(5, 3));
    assert_eq!(r.tickets.draw, deal(3, 1));
    assert!(r.bonuses.is_empty());
    assert_eq!(r.lanes.double_min_players, 3);
    // missing-rule-data §4.2: the 10-space route scores 40.
    assert_eq!(r.route_points.get(&10), Some(&40));
    // seeds/004: Southampton–New York, claimable any time without technology.
    let sny = route(&map, "southampton-new-york");
    assert_eq!(
        (sny.length, sny.ferry, sny.points, sny.no_technology_needed),
        (10, 3, Some(40), true)
    );
    // seeds/004: without technology only 1- and 2-space routes, only in England.
    let tech = map.mechanics.technologies.as_ref().unwrap();
    assert_eq!(tech.base_lengths, [1, 2]);
    assert_eq!(tech.base_regions, ["england"]);
    // Every effect kind is on some card.
    let used: BTreeSet<String> = tech
        .cards
        .iter()
        .map(|c| format!("{:?}", c.effect))
        .collect();
    for e in all_tech_effects() {
        assert!(
            used.contains(&format!("{e:?}")),
            "no card with effect {e:?}"
        );
    }
    // missing-rule-data §4.1: 41 basic and 6 advanced cards.
    let copies = |advanced: bool| -> u32 {
        tech.cards
            .iter()
            .filter(|c| c.advanced == advanced)
            .map(|c| c.copies as u32)
            .sum()
    };
    assert_eq!((copies(false), copies(true)), (41, 6));
    // seeds/004: Booster makes any 3 cards a locomotive; Boiler Lagging +1 per route, Steam
    // Turbine +2 per ferry (3 together); Double Heading 2 per completed ticket.
    let value = |id: &str| tech.cards.iter().find(|c| c.id == id).unwrap().value;
    assert_eq!(value("booster"), Some(3));
    assert_eq!(
        value("boiler-lagging").unwrap() + value("steam-turbine").unwrap(),
        3
    );
    assert_eq!(value("double-heading"), Some(2));
    // seeds/004: concessions for Wales, Scotland, and Ireland with France.
    let regions: Vec<&str> = map.regions.iter().map(|r| r.id.as_str()).collect();
    assert_eq!(
        regions,
        ["england", "wales", "scotland", "ireland", "france"]
    );
    let ireland = tech
        .cards
        .iter()
        .find(|c| c.id == "ireland-france-concession")
        .unwrap();
    assert_eq!(ireland.regions, ["ireland", "france"]);
    // France is a region (for the concession) and a zone of separate endpoints.
    for id in endpoints(&map, "france") {
        assert_eq!(city(&map, id).region.as_deref(), Some("france"));
    }
    assert_eq!(endpoints(&map, "france").len(), 2);
    assert!(
        map.cities
            .iter()
            .filter(|c| c.id != "new-york")
            .all(|c| c.region.is_some())
    );
}

#[test]
fn castilla_modes_decks_bonuses_and_transbordos() {
    let map = load("castilla");
    let r = &map.rules;
    // seeds/002: 45 trains, 40 with 7 players; 4 wagon cards dealt; Europe's stations.
    assert_eq!(r.trains_for(7), 40);
    assert_eq!(r.trains_for(5), 45);
    assert_eq!(r.trains_for(2), 45);
    assert_eq!(r.starting_hand.cards, 4);
    assert_eq!(r.stations.per_player, 3);
    assert_eq!(r.stations.unused_points, 4);
    // seeds/002: a tunnel scores one more than a plain route: 3 spaces 4, a 3-space tunnel 5.
    assert_eq!(r.tunnels.extra_points, 1);
    assert_eq!(r.points_for_length(3).unwrap() + r.tunnels.extra_points, 5);
    // seeds/002: a transbordo locomotive may be paid with 3 cards of the route's colour.
    assert_eq!(
        r.ferries.substitute,
        Some(FerrySubstitute {
            cards: 3,
            same_color: true
        })
    );
    // seeds/002: surplus long tickets and returned tickets are discarded.
    assert_eq!(r.tickets.initial_discard, TicketDiscard::OutOfGame);
    assert_eq!(r.tickets.draw_discard, TicketDiscard::OutOfGame);
    // seeds/002: the eight punctuation cards, four per pair of modes.
    assert_eq!(
        bonus_ids(r),
        [
            "transbordoman",
            "tunelman",
            "interrail",
            "ticketman",
            "capitalman",
            "capitalticketman",
            "supercapitalman",
            "supercapitalticketman"
        ]
    );
    for id in ["transbordoman", "tunelman", "interrail", "ticketman"] {
        let b = bonus(r, id);
        assert_eq!(
            (b.modes.as_slice(), b.ties),
            (
                &["normal".to_string(), "total".to_string()][..],
                TieScoring::All
            ),
            "{id}"
        );
    }
    // seeds/002: capitals cards 10/15/21/27, split on ties (21 between two: 10 each), the
    // SUPER cards replacing the plain ones.
    let points: Vec<i32> = [
        "capitalman",
        "capitalticketman",
        "supercapitalman",
        "supercapitalticketman",
    ]
    .iter()
    .map(|id| bonus(r, id).points)
    .collect();
    assert_eq!(points, [10, 15, 21, 27]);
    for id in [
        "capitalman",
        "capitalticketman",
        "supercapitalman",
        "supercapitalticketman",
    ] {
        let b = bonus(r, id);
        assert_eq!(b.ties, TieScoring::Split, "{id}");
        assert_eq!(b.modes, ["capitals", "total"], "{id}");
    }
    assert_eq!(
        bonus(r, "supercapitalman").replaces.as_deref(),
        Some("capitalman")
    );
    assert_eq!(
        bonus(r, "supercapitalticketman").replaces.as_deref(),
        Some("capitalticketman")
    );
    assert_eq!(bonus(r, "transbordoman").feature, Some(RouteFeature::Ferry));
    assert_eq!(bonus(r, "tunelman").feature, Some(RouteFeature::Tunnel));
    // seeds/002's table: tickets dealt per deck and kept per mode; Total draws 4.
    let mode = |id: &str| map.modes.iter().find(|m| m.id == id).unwrap();
    let table = |pairs: &[(&str, u8)]| -> BTreeMap<String, u8> {
        pairs.iter().map(|(d, n)| (d.to_string(), *n)).collect()
    };
    assert_eq!(mode("normal").deal, table(&[("normal", 3), ("long", 1)]));
    assert_eq!(
        mode("capitals").deal,
        table(&[("double-capitals", 2), ("triple-capitals", 2)])
    );
    assert_eq!(
        mode("total").deal,
        table(&[
            ("normal", 3),
            ("long", 1),
            ("double-capitals", 1),
            ("triple-capitals", 1)
        ])
    );
    let keeps: Vec<u8> = ["normal", "capitals", "total"]
        .iter()
        .map(|m| mode(m).keep_at_least)
        .collect();
    assert_eq!(keeps, [2, 2, 3]);
    assert_eq!(mode("normal").draw.unwrap_or(r.tickets.draw.deal), 3);
    assert_eq!(mode("capitals").draw.unwrap_or(r.tickets.draw.deal), 3);
    assert_eq!(mode("total").draw, Some(4));
    assert_eq!(r.tickets.draw.keep_at_least, 1);
    // seeds/002: recommended players 2-5, 2-3, 5-7.
    let players: Vec<(u8, u8)> = ["normal", "capitals", "total"]
        .iter()
        .map(|m| mode(m).players.map(|p| (p.min, p.max)).unwrap())
        .collect();
    assert_eq!(players, [(2, 5), (2, 3), (5, 7)]);
    // seeds/002's example ticket León–Palencia–Burgos, worth 8: a multi-city ticket.
    let triple = map
        .tickets
        .iter()
        .find(|t| {
            t.cities
                .as_deref()
                .is_some_and(|c| c.contains(&"leon".to_string()))
        })
        .unwrap();
    assert_eq!(triple.shape(), Some(TicketShape::MultiCity));
    assert_eq!(triple.points, Some(8));
    assert_eq!(triple.deck.as_deref(), Some("triple-capitals"));
    // seeds/002: normal and long tickets never start or end in a capital.
    for t in &map.tickets {
        if matches!(t.deck.as_deref(), Some("normal" | "long")) {
            for p in t.places() {
                assert!(
                    !city(&map, p).has_tag("capital"),
                    "{} names capital {p}",
                    t.label()
                );
            }
        }
    }
    let mystery = map.mechanics.mystery_train.as_ref().unwrap();
    assert_eq!((mystery.cards, mystery.deal_per_player), (24, 1));
    assert_eq!(mystery.not_dealt, ["el-mecanico"]);
}

#[test]
fn stats_of_france_match_a_hand_count() {
    let s = ttrmap::stats::compute(&load("france"));
    // Counted from france.toml, route by route (lanes × length):
    //  paris-dijon 3×5 bed, dijon-lyon 3×3 bed, dijon-besancon 3×1 (white, yellow, green),
    //  besancon-suisse 1×2 bed, lyon-suisse 2×3 bed, lyon-grenoble 1×2 bed, lyon-avignon 2×4 bed,
    //  marseille-grenoble 1×5 bed, avignon-briancon 1×4 bed, avignon-nice 1×4 bed,
    //  avignon-marseille 3×2 bed, briancon-nice 1×3 bed, grenoble-briancon 1×2 gray,
    //  marseille-corse 1×3 gray ferry, nice-corse 1×2 gray ferry.
    assert_eq!((s.cities, s.zone_endpoints, s.zones), (9, 4, 2));
    assert_eq!(s.routes, 15);
    assert_eq!(s.lanes, 25); // 3+3+3+1+2+1+2+1+1+1+3+1+1+1+1
    assert_eq!(s.spaces, 74); // 15+9+3+2+6+2+8+5+4+4+6+3+2+3+2
    assert_eq!(s.track_beds, 19); // every lane but the 6 pre-built ones
    assert_eq!((s.ferries, s.tunnels), (2, 0));
    assert_eq!(s.tickets, 4);
    // Track beds have no colour yet: only the pre-built lanes count by colour.
    assert_eq!(s.spaces_by_color["gray"], 7); // 2 + 3 + 2
    assert_eq!(s.spaces_by_color["white"], 1);
    assert_eq!(s.spaces_by_color["red"], 0);
    assert_eq!(
        s.lanes_by_length,
        BTreeMap::from([(1, 3), (2, 7), (3, 7), (4, 4), (5, 4)])
    );
}

#[test]
fn stats_of_castilla_match_a_hand_count() {
    let s = ttrmap::stats::compute(&load("castilla"));
    // Counted from castilla.toml: 14 routes, two of them doubles (Osorno–Burgos yellow/black,
    // Palencia–Valladolid red/blue), so 16 lanes; spaces 2+2+2+2×2+3+3+3+2×1+3+3+4+2+6+4 = 43.
    assert_eq!((s.cities, s.routes, s.lanes, s.spaces), (10, 14, 16, 43));
    // Tunnels: Aranda–Burgos, León–Benavente. Transbordos: Benavente–Zamora, Valladolid–Medina.
    assert_eq!((s.tunnels, s.ferries), (2, 2));
    assert_eq!(
        s.tickets_by_deck,
        BTreeMap::from([
            ("double-capitals".to_string(), 2),
            ("long".to_string(), 1),
            ("normal".to_string(), 3),
            ("triple-capitals".to_string(), 2),
        ])
    );
    // Spaces per colour: red 2+1, blue 2+1, green 2+6, yellow 2+4, black 2+3, white 3,
    // orange 3, pink 3+4, gray 3+2 (the transbordos).
    let expected: BTreeMap<&str, u32> = BTreeMap::from([
        ("red", 3),
        ("blue", 3),
        ("green", 8),
        ("yellow", 6),
        ("black", 5),
        ("white", 3),
        ("orange", 3),
        ("pink", 7),
        ("gray", 5),
    ]);
    assert_eq!(s.spaces_by_color, expected);
}
