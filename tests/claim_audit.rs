//! The claim-payment audit (issue 11): recorded games replayed, every claim's and station's
//! payment checked against the map's rules as written here, from the map data alone,
//! independently of the engine's payment code (`src/engine/state/payments.rs`).
//!
//! What the rule texts allow, per lane (its route's length L, ferry spaces F, colour):
//! - each ferry space: one locomotive, or the ferry substitute (`cards` cards: of the paid
//!   colour for Castilla's transbordos, any cards for Nordic);
//! - each other space: one card of the paid colour (gray: one colour chosen for the whole
//!   lane), or a locomotive where locomotives may pay spaces (`rules.locomotives.usable_on`:
//!   anywhere; tunnels; tunnels and ferries), or, on a route with `any_cards_for_one = N`,
//!   N cards of any kind (locomotives among them);
//! - a tunnel: as many extra cards as the revealed cards match the paid colour or are
//!   locomotives (only locomotives for an all-locomotive claim), each of the paid colour or
//!   a locomotive (a locomotive for an all-locomotive claim);
//! - trains: one per space;
//! - double routes (and parallel groups): never two lanes to one player; below
//!   `rules.lanes.double_min_players` one lane in all;
//! - a station: its cost in cards of one colour, locomotives standing in only where
//!   locomotives are usable anywhere.
//!
//! The regular test plays 30 games per system (seconds). Checked against the engine before
//! issue 11's fixes, it reports Nordic's Murmansk–Lieksa paid with direct locomotives. The full audit is the
//! same test with more games, in release: `CLAIM_AUDIT_GAMES=10000 cargo test --release
//! --test claim_audit -- --nocapture`; `CLAIM_AUDIT_RECORDING=FILE.jsonl` audits a recording
//! made by `ttrmap playtest --record` instead.

use crate::common::engine as engine_common;

use std::collections::HashMap;
use std::path::Path;
use ttrmap::bots;
use ttrmap::engine::{Action, CARD_KINDS, Game, LOCO, Phase, State};
use ttrmap::load::load_path;
use ttrmap::model::{Color, LocomotiveUse, MapFile, UnequalParallel};
use ttrmap::playtest::record::{GameRecord, decode, encode};
use ttrmap::playtest::{GameLog, chance_rng, game_seed, play_logged};

type Cards = [u16; CARD_KINDS];
/// What a recorded game was played with: map, players, mode, rules left out.
type RecordKey = (String, u8, Option<String>, Vec<String>);

/// One lane as the rule text sees it, from the map data.
#[derive(Debug, Clone)]
struct LaneRule {
    route: usize,
    /// The lanes' group: the route's `parallel_group`, else its pair of cities when the
    /// map's `unequal_parallel` makes such routes a double, else the route itself.
    group: String,
    /// 0..8 in `Color::CARD_COLORS` order, `None` for gray.
    color: Option<usize>,
    length: u16,
    ferry: u16,
    tunnel: bool,
    locos_on_spaces: bool,
    any_for_one: u16,
    /// (cards per ferry locomotive, of the paid colour).
    ferry_substitute: Option<(u16, bool)>,
}

struct MapRules {
    lanes: Vec<LaneRule>,
    /// Group → its lanes in all.
    group_lanes: HashMap<String, usize>,
    double_min: u8,
    triple_min: u8,
    station_costs: Vec<u8>,
    station_locos: bool,
}

fn card_index(c: Color) -> Option<usize> {
    Color::CARD_COLORS.iter().position(|&x| x == c)
}

impl MapRules {
    fn new(map: &MapFile) -> MapRules {
        let rules = &map.rules;
        let mut lanes = Vec::new();
        let mut group_lanes: HashMap<String, usize> = HashMap::new();
        for (ri, r) in map.routes.iter().enumerate() {
            // With `unequal_parallel = "double"`, routes of one pair of cities outside any
            // group are one double route: their group is the pair.
            let pair_is_double = rules.lanes.unequal_parallel == UnequalParallel::Double
                && map.routes.iter().enumerate().any(|(q, o)| {
                    q != ri
                        && o.parallel_group.is_none()
                        && ((&o.from, &o.to) == (&r.from, &r.to)
                            || (&o.from, &o.to) == (&r.to, &r.from))
                });
            let group = match &r.parallel_group {
                Some(g) => g.clone(),
                None if pair_is_double => {
                    let (a, b) = if r.from <= r.to {
                        (&r.from, &r.to)
                    } else {
                        (&r.to, &r.from)
                    };
                    format!("pair {a} {b}")
                }
                None => format!("route #{ri}"),
            };
            let locos_on_spaces = match rules.locomotives.usable_on {
                LocomotiveUse::Anywhere => true,
                LocomotiveUse::TunnelsOnly => r.tunnel,
                // Nordic: tunnels and ferries; the any-4 route takes them only among its 4.
                LocomotiveUse::TunnelsAndFerries => r.tunnel || r.ferry > 0,
            };
            let substitute = r
                .ferry_substitute
                .as_ref()
                .or(rules.ferries.substitute.as_ref())
                .map(|s| (s.cards as u16, s.same_color));
            for l in 0..r.lane_count().max(1) as usize {
                *group_lanes.entry(group.clone()).or_default() += 1;
                lanes.push(LaneRule {
                    route: ri,
                    group: group.clone(),
                    color: card_index(r.lane_color(l)),
                    length: r.length as u16,
                    ferry: (r.ferry as u16).min(r.length as u16),
                    tunnel: r.tunnel,
                    locos_on_spaces,
                    any_for_one: r.any_cards_for_one.unwrap_or(0) as u16,
                    ferry_substitute: substitute,
                });
            }
        }
        MapRules {
            lanes,
            group_lanes,
            double_min: rules.lanes.double_min_players,
            triple_min: rules.lanes.triple_min_players,
            station_costs: rules.stations.costs.clone(),
            station_locos: rules.locomotives.usable_on == LocomotiveUse::Anywhere,
        }
    }

    /// Lanes of a group of `n` that may be claimed with `players`.
    fn usable(&self, n: usize, players: u8) -> usize {
        match n {
            1 => 1,
            2 if players >= self.double_min => 2,
            2 => 1,
            _ if players >= self.triple_min => n,
            _ if players >= self.double_min => 2,
            _ => 1,
        }
    }
}

/// Whether `paid` pays `lane` by the rules above, paying `colour` (`None`: locomotives
/// only) with `extra` tunnel cards asked.
fn lane_paid_right(lane: &LaneRule, paid: &Cards, colour: Option<usize>, extra: u16) -> bool {
    let total: u16 = paid.iter().sum();
    let (f_all, spaces) = (lane.ferry, lane.length - lane.ferry);
    for f_l in 0..=f_all {
        let subst = f_all - f_l;
        let (sub_cards, sub_same) = match (subst, lane.ferry_substitute) {
            (0, _) => (0, false),
            (_, Some((k, same))) => (subst * k, same),
            (_, None) => continue,
        };
        if sub_same && colour.is_none() {
            continue;
        }
        let max_s_l = if lane.locos_on_spaces { spaces } else { 0 };
        for s_l in 0..=max_s_l {
            let max_s_a = if lane.any_for_one > 0 {
                spaces - s_l
            } else {
                0
            };
            for s_a in 0..=max_s_a {
                let s_c = spaces - s_l - s_a;
                if colour.is_none() && s_c > 0 {
                    continue;
                }
                for e_l in 0..=extra {
                    let e_c = extra - e_l;
                    if colour.is_none() && e_c > 0 {
                        continue;
                    }
                    let need_c = s_c + e_c + if sub_same { sub_cards } else { 0 };
                    let need_l = f_l + s_l + e_l;
                    let any = s_a * lane.any_for_one + if sub_same { 0 } else { sub_cards };
                    let have_c = colour.map_or(0, |c| paid[c]);
                    if have_c >= need_c
                        && paid[LOCO as usize] >= need_l
                        && total == need_c + need_l + any
                    {
                        return true;
                    }
                }
            }
        }
    }
    false
}

/// The colours `paid` may be paying for `lane`: its colour, every colour for gray, and
/// locomotives only.
fn colours_to_try(lane: &LaneRule) -> Vec<Option<usize>> {
    match lane.color {
        Some(c) => vec![Some(c), None],
        None => (0..8).map(Some).chain([None]).collect(),
    }
}

#[derive(Default, Debug)]
struct Tally {
    games: u64,
    claims: u64,
    tunnels: u64,
    stations: u64,
    substitute_claims: u64,
    violations: Vec<String>,
}

fn minus(a: &Cards, b: &Cards) -> Cards {
    let mut d = [0u16; CARD_KINDS];
    for k in 0..CARD_KINDS {
        d[k] = a[k].saturating_sub(b[k]);
    }
    d
}

/// Replays one recorded game (seed and action codes) and checks every payment.
fn audit_game(game: &Game, rules: &MapRules, seed: u64, codes: &[String], tally: &mut Tally) {
    let mut rng = chance_rng(seed);
    let mut state = State::new(game, seed, &mut rng);
    // A pending tunnel: (lane, hand before the claim, colour, trains before, extra cards).
    let mut pending: Option<(usize, Cards, Option<usize>, u16, u16)> = None;
    let say = |tally: &mut Tally, what: String| {
        if tally.violations.len() < 20 {
            tally.violations.push(format!("seed {seed}: {what}"));
        } else {
            tally.violations.push(String::new());
        }
    };
    for code in codes {
        let action = decode(code).unwrap_or_else(|| panic!("bad code {code}"));
        let p = state.current_player() as usize;
        let hand = state.players[p].hand;
        let trains = state.players[p].trains;
        state
            .apply(game, action, &mut rng)
            .unwrap_or_else(|e| panic!("seed {seed}: {code} does not replay: {e}"));
        let paid = minus(&hand, &state.players[p].hand);
        let claimed = |lane: usize,
                       before: &Cards,
                       colour: Option<usize>,
                       trains_before: u16,
                       extra: u16,
                       state: &State,
                       tally: &mut Tally| {
            let rule = &rules.lanes[lane];
            let paid = minus(before, &state.players[p].hand);
            tally.claims += 1;
            if rule.any_for_one > 0 || (rule.ferry > 0 && rule.ferry_substitute.is_some()) {
                tally.substitute_claims += 1;
            }
            if !colours_to_try(rule).contains(&colour)
                || !lane_paid_right(rule, &paid, colour, extra)
            {
                say(
                    tally,
                    format!("lane {lane} (route #{}) paid {paid:?}", rule.route),
                );
            }
            if trains_before - state.players[p].trains != rule.length {
                say(tally, format!("lane {lane}: trains"));
            }
            // Double routes and parallel groups.
            let group: Vec<usize> = (0..rules.lanes.len())
                .filter(|&l| rules.lanes[l].group == rule.group)
                .collect();
            let owners: Vec<u8> = group
                .iter()
                .map(|&l| state.lane_owner()[l])
                .filter(|&o| o != ttrmap::engine::NOBODY)
                .collect();
            let mine = owners.iter().filter(|&&o| o as usize == p).count();
            let usable = rules.usable(rules.group_lanes[&rule.group], game.players);
            if mine > 1 || owners.len() > usable {
                say(
                    tally,
                    format!("group {}: lanes held {owners:?}", rule.group),
                );
            }
        };
        match action {
            Action::Claim { lane, color, .. } => {
                let colour = (color != LOCO).then_some(color as usize);
                if let Phase::Tunnel { extra, .. } = state.phase {
                    // The reveal asks for what matches: the colour or locomotives.
                    let r = &state.revealed;
                    let matching = r[LOCO as usize] + colour.map_or(0, |c| r[c]);
                    if matching != extra as u16 {
                        say(tally, format!("tunnel asks {extra}, {matching} match"));
                    }
                    pending = Some((lane as usize, hand, colour, trains, matching));
                } else {
                    if rules.lanes[lane as usize].tunnel {
                        tally.tunnels += 1;
                    }
                    claimed(lane as usize, &hand, colour, trains, 0, &state, tally);
                }
            }
            Action::TunnelPay { .. } => {
                let (lane, before, colour, trains_before, extra) =
                    pending.take().expect("a tunnel was pending");
                tally.tunnels += 1;
                claimed(lane, &before, colour, trains_before, extra, &state, tally);
            }
            Action::TunnelWithdraw => {
                pending = None;
                if paid != [0; CARD_KINDS] {
                    say(tally, "a withdrawn tunnel cost cards".into());
                }
            }
            Action::BuildStation { color, .. } => {
                tally.stations += 1;
                let built = state.players[p].stations.len() - 1;
                let cost = rules
                    .station_costs
                    .get(built)
                    .or(rules.station_costs.last())
                    .copied()
                    .unwrap_or(1) as u16;
                let total: u16 = paid.iter().sum();
                let locos = paid[LOCO as usize];
                let ok = total == cost
                    && (locos == 0 || rules.station_locos)
                    && (color == LOCO && locos == cost
                        || color != LOCO && paid[color as usize] + locos == cost);
                if !ok {
                    say(tally, format!("station paid {paid:?} for cost {cost}"));
                }
            }
            _ => {
                if paid != [0; CARD_KINDS] && !matches!(state.phase, Phase::Tunnel { .. }) {
                    say(tally, format!("{code} cost cards {paid:?}"));
                }
            }
        }
    }
    assert!(state.is_terminal(), "seed {seed}: the recording ends early");
    tally.games += 1;
}

/// Plays `games` seeded games (random and two style bots, seats rotating), records them as
/// action codes, and audits the recordings.
fn audit_system(
    file: &str,
    players: u8,
    mode: Option<&str>,
    without: &[&str],
    games: u64,
) -> Tally {
    let map = engine_common::map_file(file);
    let without: Vec<String> = without.iter().map(|s| s.to_string()).collect();
    let game = Game::new_without(&map, players, mode, &without).expect("playable");
    let rules = MapRules::new(&map);
    let names = ["random", "random", "destination-hungry", "route-focus"];
    let mut tally = Tally::default();
    for i in 0..games {
        let seed = game_seed(11, i);
        let mut seats: Vec<Box<dyn bots::Bot>> = (0..players as usize)
            .map(|s| bots::by_name(names[(s + i as usize) % names.len()]).expect("bot"))
            .collect();
        let mut log = GameLog {
            record: true,
            ..GameLog::default()
        };
        play_logged(&game, &mut seats, seed, &mut log);
        let codes: Vec<String> = log.actions.iter().map(|&a| encode(a)).collect();
        audit_game(&game, &rules, seed, &codes, &mut tally);
    }
    tally
}

fn games_per_system() -> u64 {
    std::env::var("CLAIM_AUDIT_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(30)
}

#[test]
fn every_claim_is_paid_as_the_rule_texts_allow() {
    let n = games_per_system();
    let mystery = ["mechanics.mystery_train"];
    let systems: [(&str, u8, Option<&str>, &[&str]); 8] = [
        ("usa.toml", 3, None, &[]),
        ("europe.toml", 3, None, &[]),
        ("nordic-countries.toml", 2, None, &[]),
        ("switzerland.toml", 2, None, &[]),
        ("india.toml", 3, None, &[]),
        ("castilla.toml", 4, Some("normal"), &mystery),
        ("castilla.toml", 3, Some("capitals"), &mystery),
        ("castilla.toml", 6, Some("total"), &mystery),
    ];
    let mut bad = Vec::new();
    for (file, players, mode, without) in systems {
        let start = std::time::Instant::now();
        let t = audit_system(file, players, mode, without, n);
        println!(
            "claim audit: {file} {} {players} players: {} games, {} claims ({} tunnels, {} on lanes \
             with substitutes), {} stations, {} violations, {:.1} s",
            mode.unwrap_or("-"),
            t.games,
            t.claims,
            t.tunnels,
            t.substitute_claims,
            t.stations,
            t.violations.len(),
            start.elapsed().as_secs_f64()
        );
        assert!(t.claims > 0);
        bad.extend(t.violations.into_iter().filter(|v| !v.is_empty()).take(5));
    }
    assert!(bad.is_empty(), "{bad:#?}");
}

/// A recording from `ttrmap playtest --record` (`CLAIM_AUDIT_RECORDING`), audited line by
/// line; without the variable, a short recording made here through the same format.
#[test]
fn a_recording_replays_with_every_claim_paid_right() {
    let lines: Vec<String> = match std::env::var("CLAIM_AUDIT_RECORDING") {
        Ok(path) => std::fs::read_to_string(path)
            .expect("the recording is readable")
            .lines()
            .map(str::to_string)
            .collect(),
        Err(_) => {
            let file = std::env::temp_dir()
                .join(format!("ttrmap-claim-audit-{}.jsonl", std::process::id()));
            let status = std::process::Command::new(env!("CARGO_BIN_EXE_ttrmap"))
                .current_dir(env!("CARGO_MANIFEST_DIR"))
                .args(["playtest", "maps/nordic-countries.toml", "--games", "20"])
                // Random bots: the audit wants odd claims, not good play.
                .args(["--players", "2", "--bots", "random", "--record"])
                .arg(&file)
                .output()
                .expect("ttrmap runs");
            assert!(status.status.success(), "{status:?}");
            let text = std::fs::read_to_string(&file).expect("the recording was written");
            let _ = std::fs::remove_file(&file);
            text.lines().map(str::to_string).collect()
        }
    };
    let mut games: HashMap<RecordKey, (Game, MapRules)> = HashMap::new();
    let mut tally = Tally::default();
    for line in &lines {
        let record: GameRecord = serde_json::from_str(line).expect("a recorded game");
        let key = (
            record.map.clone(),
            record.players,
            record.mode.clone(),
            record.without.clone(),
        );
        let (game, rules) = games.entry(key).or_insert_with(|| {
            let map = load_path(Path::new(&record.map))
                .expect("the recorded map is readable")
                .map
                .expect("loads");
            let game = Game::new_without(
                &map,
                record.players,
                record.mode.as_deref(),
                &record.without,
            )
            .expect("playable");
            (game, MapRules::new(&map))
        });
        audit_game(game, rules, record.seed, &record.actions, &mut tally);
    }
    println!(
        "claim audit of a recording: {} games, {} claims, {} violations",
        tally.games,
        tally.claims,
        tally.violations.len()
    );
    assert!(tally.games > 0 && tally.claims > 0, "{tally:?}");
    assert!(tally.violations.is_empty(), "{:#?}", tally.violations);
}
