//! The playtest report: built from the totals, printed for people or as JSON.

use super::Config;
use super::totals::{Context, LANE_COLOURS, Totals, WIN_UNITS};
use crate::engine::{CARD_KINDS, CounterKey, Game};
use crate::model::Color;
use crate::report::text::column;
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// Mean scores, split.
#[derive(Debug, Clone, Serialize)]
pub struct MeanScores {
    pub routes: f64,
    pub tickets: f64,
    pub stations: f64,
    pub bonuses: f64,
    pub total: f64,
}

#[derive(Debug, Clone, Serialize)]
pub struct SeatReport {
    pub seat: usize,
    pub win_rate: f64,
    /// The 95 % interval of the win rate (Wilson score interval).
    pub win_interval: [f64; 2],
    /// The fair share (1 / players) is inside the interval: any difference is within noise.
    pub within_noise: bool,
    pub mean: MeanScores,
    /// Share of finished games whose last round this seat started.
    pub ended_game: f64,
    /// Final totals: `[score, games]`, ascending.
    pub score_histogram: Vec<(i32, u64)>,
}

#[derive(Debug, Clone, Serialize)]
pub struct BotReport {
    pub bot: String,
    /// Wins per seat played.
    pub win_rate: f64,
    /// The 95 % interval of the win rate.
    pub win_interval: [f64; 2],
    /// The fair share (1 / players) is inside the interval.
    pub within_noise: bool,
    pub seats_played: u64,
    pub mean: MeanScores,
    /// Share of its seats in which this bot started the last round.
    pub ended_game: f64,
    pub score_histogram: Vec<(i32, u64)>,
    /// A bot under a time budget (`search:50ms`): its searched decisions and the mean CPU
    /// time they took.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub decisions: Option<DecisionClock>,
}

/// What a bot under a time budget spent a decision ([`BotReport::decisions`]).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct DecisionClock {
    /// Decisions it searched (forced moves are not searched).
    pub searched: u64,
    /// Their mean CPU time, in milliseconds.
    pub mean_ms: f64,
}

#[derive(Debug, Clone, Serialize)]
pub struct TicketReport {
    /// The ticket's label (its id, or its places' ids).
    pub name: String,
    /// Its places by name (`Denver – El Paso`); the ids until names are filled in
    /// ([`Report::fill_names`]).
    pub places: String,
    /// Times a player kept it (finished games).
    pub kept: u64,
    pub completed: u64,
    /// completed / kept.
    pub rate: f64,
    /// The ticket's index in the map's `tickets` (the game numbers only its mode's).
    #[serde(skip)]
    pub source: usize,
}

#[derive(Debug, Clone, Serialize)]
pub struct RouteReport {
    pub id: String,
    /// Its cities by name (`Denver – Omaha`); the ids until names are filled in.
    pub name: String,
    pub length: u8,
    /// Finished games in which any lane of it was claimed.
    pub claimed_games: u64,
    /// claimed_games / finished.
    pub claim_rate: f64,
    /// Lanes claimed over all finished games.
    pub lanes_claimed: u64,
    /// Mean global turn number of its first claim, over the games where it was claimed.
    pub mean_claim_turn: Option<f64>,
    /// Per lane (in the file's order): share of finished games in which it was claimed.
    pub lane_claim_rates: Vec<f64>,
}

#[derive(Debug, Clone, Serialize)]
pub struct CityReport {
    pub id: String,
    /// Its name; the id until names are filled in.
    pub name: String,
    /// Kept tickets naming the city (a zone counts for its endpoint cities).
    pub on_kept_tickets: u64,
    pub on_completed_tickets: u64,
    /// Finished games in which a claimed route ends at the city.
    pub touched_games: u64,
    pub touched_rate: f64,
}

#[derive(Debug, Clone, Serialize)]
pub struct ColourReport {
    /// A card colour, `locomotive`, or `gray` (lanes only).
    pub colour: String,
    /// Cards of it taken into hands.
    pub drawn: u64,
    /// Cards of it paid.
    pub spent: u64,
    /// Spaces of claimed lanes printed in it (locomotives: none).
    pub claimed_spaces: u64,
}

/// One bonus (a mechanic module that scores lines at the end).
#[derive(Debug, Clone, Serialize)]
pub struct BonusReport {
    pub name: String,
    /// Share of finished games in which it gave someone points.
    pub awarded_rate: f64,
    /// Mean points it gave per finished game (all players together).
    pub mean_points: f64,
    /// Mean points it gave each seat per finished game.
    pub mean_points_by_seat: Vec<f64>,
}

impl BonusReport {
    /// The mean points by seat, one decimal each, joined by `separator`.
    pub fn by_seat_text(&self, separator: &str) -> String {
        let seats: Vec<String> = self
            .mean_points_by_seat
            .iter()
            .map(|x| format!("{x:.1}"))
            .collect();
        seats.join(separator)
    }
}

/// One count a mechanic module reports about each finished game ([`crate::engine::Counter`]).
#[derive(Debug, Clone, Serialize)]
pub struct CounterReport {
    /// The module counting it.
    pub module: String,
    pub name: String,
    /// Mean per finished game (all players together).
    pub mean: f64,
    /// Mean per finished game by seat; empty when counted for the game only.
    pub mean_by_seat: Vec<f64>,
    /// A ratio of two counters' sums ([`crate::engine::hooks::CounterRatio`]), not a mean
    /// per game.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub ratio: bool,
    /// Kept only as an operand of a ratio
    /// ([`crate::engine::Report::counter_is_operand`]): left out of the text and HTML
    /// reports.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub operand: bool,
}

impl CounterReport {
    /// The mean by seat, two decimals each, joined by `separator`.
    pub fn by_seat_text(&self, separator: &str) -> String {
        let seats: Vec<String> = self
            .mean_by_seat
            .iter()
            .map(|x| format!("{x:.2}"))
            .collect();
        seats.join(separator)
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct ExhaustionReport {
    /// Games (finished or not) in which the train deck and the discard were both empty at
    /// some point.
    pub games: u64,
    pub rate: f64,
    pub first_turn_mean: Option<f64>,
    pub first_turn_min: Option<u32>,
}

/// Passes by players with no other legal action, over all games (finished or not).
#[derive(Debug, Clone, Serialize)]
pub struct PassReport {
    /// Games with at least one pass.
    pub games: u64,
    /// Passes in all.
    pub total: u64,
}

#[derive(Debug, Clone, Serialize)]
pub struct FailureReport {
    pub game: u64,
    pub seed: u64,
    pub turn: u32,
    pub reason: String,
}

/// A playtest's results.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    pub map: String,
    pub players: u8,
    pub games: u64,
    pub finished: u64,
    pub failures: u64,
    pub seed: u64,
    pub bots: Vec<String>,
    /// The game mode played (maps with game modes).
    pub mode: Option<String>,
    /// Set when the game mode is played outside its recommended player counts: the
    /// sentence saying so, the report's first warning.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mode_outside_range: Option<String>,
    /// Rules of the map left out by the designer's choice (`--without`).
    pub played_without: Vec<String>,
    /// Optional extensions of the map not played (not asked for with `--with`).
    pub extensions_not_played: Vec<String>,
    pub seats: Vec<SeatReport>,
    pub by_bot: Vec<BotReport>,
    pub turns_mean: f64,
    pub turns_min: u32,
    pub turns_max: u32,
    /// Game length in turns (all players): `[turns, games]`.
    pub turns_histogram: Vec<(u32, u64)>,
    pub ticket_completion: Vec<TicketReport>,
    pub route_claims: Vec<RouteReport>,
    pub cities: Vec<CityReport>,
    pub colours: Vec<ColourReport>,
    pub bonuses: Vec<BonusReport>,
    /// Mechanic modules' counts (markers placed, starting cities, captures...).
    pub counters: Vec<CounterReport>,
    pub deck_exhaustion: ExhaustionReport,
    /// Turns passed by players with nothing they could do (`rules.end_game.when_stuck`).
    pub passes: PassReport,
    /// The failures of the lowest game indices (at most [`super::FAILURES_LISTED`]).
    pub failure_list: Vec<FailureReport>,
    /// What a designer should look at first ([`super::standout`]).
    pub stands_out: Vec<String>,
    /// Placeholder data the game was played with (modules' `unverified` figures): every
    /// figure depending on it is provisional.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub unverified: Vec<String>,
    /// `--until-decided`: what the sequential test said, and after how many games.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub until_decided: Option<super::sequential::Decided>,
}

impl Report {
    /// Names routes, tickets and cities as the map does (the ids stay in `id` / `name`), and
    /// says again what stands out, in those names.
    pub fn fill_names(&mut self, map: &crate::model::MapFile) {
        for (i, r) in self.route_claims.iter_mut().enumerate() {
            r.name = super::names::route(map, i);
        }
        for t in &mut self.ticket_completion {
            t.places = super::names::ticket_at(map, t.source);
        }
        for c in &mut self.cities {
            c.name = super::names::place(map, &c.id).to_string();
        }
        self.stands_out = super::standout::stands_out(self);
    }
}

/// The 95 % interval of a win rate from the win units' sum over `n` seats: the Wilson score
/// interval, which stays honest at few seats and at rates near 0 or 1 (the normal
/// approximation said "0.0 % to 0.0 %" for a bot that won none of 20 seats). A shared win
/// counts its fraction; as an outcome between 0 and 1 has at most the variance p(1 − p) of a
/// whole win or loss, the interval is, if anything, a little wide when wins are shared.
fn win_interval(units: u64, n: u64) -> [f64; 2] {
    if n == 0 {
        return [0.0, 0.0];
    }
    let (n, p) = (n as f64, units as f64 / n as f64 / WIN_UNITS as f64);
    super::compare::stats::wilson(p, n)
}

fn within(interval: [f64; 2], fair: f64) -> bool {
    interval[0] <= fair && fair <= interval[1]
}

fn ratio(a: u64, b: u64) -> f64 {
    if b == 0 { 0.0 } else { a as f64 / b as f64 }
}

fn means(sums: &[i64; 5], n: u64) -> MeanScores {
    let m = |k: usize| {
        if n == 0 {
            0.0
        } else {
            sums[k] as f64 / n as f64
        }
    };
    MeanScores {
        routes: m(0),
        tickets: m(1),
        stations: m(2),
        bonuses: m(3),
        total: m(4),
    }
}

fn hist<K: Copy>(h: &BTreeMap<K, u64>) -> Vec<(K, u64)> {
    h.iter().map(|(k, v)| (*k, *v)).collect()
}

/// The name of card kind / lane colour `k` (0..8 colours, 8 locomotive, 9 gray).
pub fn colour_name(k: usize) -> &'static str {
    match k {
        k if k < Color::CARD_COLORS.len() => Color::CARD_COLORS[k].name(),
        8 => "locomotive",
        _ => "gray",
    }
}

pub(super) fn build(
    game: &Game,
    config: &Config,
    names: &[String],
    cx: &Context,
    t: &Totals,
) -> Report {
    let finished = t.finished;
    let fair = 1.0 / game.players.max(1) as f64;
    let mut report = Report {
        map: game.name.clone(),
        players: game.players,
        games: t.games,
        finished,
        failures: t.failures,
        seed: config.seed,
        bots: config.bots.clone(),
        mode: game.mode.clone(),
        mode_outside_range: game.mode_range_note(),
        played_without: game.played_without.clone(),
        extensions_not_played: Vec::new(),
        seats: (0..game.players as usize)
            .map(|s| SeatReport {
                seat: s + 1,
                win_rate: ratio(t.seat_win_units[s], finished * WIN_UNITS),
                win_interval: win_interval(t.seat_win_units[s], finished),
                within_noise: within(win_interval(t.seat_win_units[s], finished), fair),
                mean: means(&t.seat_scores[s], finished),
                ended_game: ratio(t.ended_by[s], finished),
                score_histogram: hist(&t.seat_hist[s]),
            })
            .collect(),
        by_bot: names
            .iter()
            .enumerate()
            .map(|(b, name)| BotReport {
                bot: name.clone(),
                win_rate: ratio(t.bot_win_units[b], t.bot_seats_played[b] * WIN_UNITS),
                win_interval: win_interval(t.bot_win_units[b], t.bot_seats_played[b]),
                within_noise: within(
                    win_interval(t.bot_win_units[b], t.bot_seats_played[b]),
                    fair,
                ),
                seats_played: t.bot_seats_played[b],
                mean: means(&t.bot_scores[b], t.bot_seats_played[b]),
                ended_game: ratio(t.bot_ended[b], t.bot_seats_played[b]),
                score_histogram: hist(&t.bot_hist[b]),
                decisions: t.bot_clock[b].map(|(searched, ns)| DecisionClock {
                    searched,
                    mean_ms: ratio(ns, searched) / 1e6,
                }),
            })
            .collect(),
        turns_mean: ratio(t.turns_sum, finished),
        turns_min: if finished == 0 { 0 } else { t.turns_min },
        turns_max: t.turns_max,
        turns_histogram: hist(&t.turns_hist),
        ticket_completion: game
            .tickets
            .iter()
            .enumerate()
            .map(|(i, ticket)| TicketReport {
                name: ticket.label.clone(),
                places: ticket.label.clone(),
                kept: t.ticket_kept[i],
                completed: t.ticket_done[i],
                rate: ratio(t.ticket_done[i], t.ticket_kept[i]),
                source: ticket.source as usize,
            })
            .collect(),
        route_claims: game
            .routes
            .iter()
            .enumerate()
            .map(|(i, r)| RouteReport {
                id: r.id.clone(),
                name: format!(
                    "{} – {}",
                    game.city_ids[r.city_a as usize], game.city_ids[r.city_b as usize]
                ),
                length: r.length,
                claimed_games: t.route_games[i],
                claim_rate: ratio(t.route_games[i], finished),
                lanes_claimed: t.route_lanes[i],
                mean_claim_turn: (t.route_games[i] > 0)
                    .then(|| ratio(t.route_turn_sum[i], t.route_games[i])),
                lane_claim_rates: (0..r.lane_count as usize)
                    .map(|l| ratio(t.lane_games[r.first_lane as usize + l], finished))
                    .collect(),
            })
            .collect(),
        cities: (0..cx.cities)
            .map(|c| CityReport {
                id: game.city_ids[c].clone(),
                name: game.city_ids[c].clone(),
                on_kept_tickets: t.city_kept[c],
                on_completed_tickets: t.city_done[c],
                touched_games: t.city_touched[c],
                touched_rate: ratio(t.city_touched[c], finished),
            })
            .collect(),
        colours: (0..LANE_COLOURS)
            .map(|k| ColourReport {
                colour: colour_name(k).to_string(),
                drawn: if k < CARD_KINDS { t.drawn[k] } else { 0 },
                spent: if k < CARD_KINDS { t.spent[k] } else { 0 },
                claimed_spaces: if k == 8 {
                    0
                } else {
                    t.claimed_spaces[k.min(9)]
                },
            })
            .collect(),
        bonuses: (0..game.mechanics.len())
            .filter(|&m| t.bonus_scored_games[m] > 0)
            .map(|m| {
                let seats = &t.bonus_seat_points[m];
                BonusReport {
                    name: game.mechanics.modules[m].name(),
                    awarded_rate: ratio(t.bonus_awarded_games[m], finished),
                    mean_points: seats.iter().sum::<i64>() as f64 / finished.max(1) as f64,
                    mean_points_by_seat: seats
                        .iter()
                        .map(|&x| x as f64 / finished.max(1) as f64)
                        .collect(),
                }
            })
            .collect(),
        counters: counter_reports(game, t),
        deck_exhaustion: ExhaustionReport {
            games: t.exhausted_games,
            rate: ratio(t.exhausted_games, t.games),
            first_turn_mean: (t.exhausted_games > 0)
                .then(|| ratio(t.exhausted_turn_sum, t.exhausted_games)),
            first_turn_min: (t.exhausted_games > 0).then_some(t.exhausted_turn_min),
        },
        passes: PassReport {
            games: t.pass_games,
            total: t.passes,
        },
        failure_list: t
            .failure_list
            .iter()
            .map(|(i, f)| FailureReport {
                game: *i,
                seed: f.seed,
                turn: f.turn,
                reason: f.reason.clone(),
            })
            .collect(),
        stands_out: Vec::new(),
        unverified: game
            .mechanics
            .modules
            .iter()
            .filter_map(|m| m.report()?.unverified())
            .collect(),
        until_decided: None,
    };
    report.stands_out = super::standout::stands_out(&report);
    report
}

/// The lowest and highest five of a list ranked by `key` (all of it when short).
fn extremes<T>(list: &[T], key: impl Fn(&T) -> f64, name: impl Fn(&T) -> &str) -> Vec<&T> {
    let mut v: Vec<&T> = list.iter().collect();
    v.sort_by(|a, b| key(a).total_cmp(&key(b)).then(name(a).cmp(name(b))));
    if v.len() <= 10 {
        v
    } else {
        v[..5]
            .iter()
            .chain(v[v.len() - 5..].iter())
            .copied()
            .collect()
    }
}

/// What stands out, then the seats' and bots' tables, with their intervals.
fn stands_out_and_players(s: &mut String, r: &Report) {
    if !r.stands_out.is_empty() {
        let _ = writeln!(s, "\nwhat stands out:");
        for line in &r.stands_out {
            let _ = writeln!(s, "  - {line}");
        }
    }
    let _ = writeln!(
        s,
        "\n{:<8} {:>7} {:>15} {:>8} {:>8} {:>8} {:>8} {:>8} {:>7}",
        "seat",
        "wins",
        "95% interval",
        "routes",
        "tickets",
        "stations",
        "bonuses",
        "total",
        "ended"
    );
    for seat in &r.seats {
        let m = &seat.mean;
        let _ = writeln!(
            s,
            "{:<8} {:>6.1}% {:>15} {:>8.1} {:>8.1} {:>8.1} {:>8.1} {:>8.1} {:>6.1}%",
            seat.seat,
            seat.win_rate * 100.0,
            interval_text(seat.win_interval),
            m.routes,
            m.tickets,
            m.stations,
            m.bonuses,
            m.total,
            seat.ended_game * 100.0
        );
    }
    let _ = writeln!(
        s,
        "\n{:<20} {:>7} {:>15} {:>8} {:>8} {:>8} {:>8} {:>8} {:>7}",
        "bot", "wins", "95% interval", "seats", "routes", "tickets", "bonuses", "total", "ended"
    );
    for b in &r.by_bot {
        let _ = writeln!(
            s,
            // 20 columns: the longest bot name, `destination-hungry`, fits.
            "{:<20} {:>6.1}% {:>15} {:>8} {:>8.1} {:>8.1} {:>8.1} {:>8.1} {:>6.1}%",
            b.bot,
            b.win_rate * 100.0,
            interval_text(b.win_interval),
            b.seats_played,
            b.mean.routes,
            b.mean.tickets,
            b.mean.bonuses,
            b.mean.total,
            b.ended_game * 100.0
        );
    }
    let noise = r.seats.iter().all(|x| x.within_noise) && r.by_bot.iter().all(|x| x.within_noise);
    if noise && r.finished > 0 {
        let _ = writeln!(
            s,
            "(every seat's and bot's interval holds the fair share {:.1}%: the differences are within noise)",
            100.0 / r.players.max(1) as f64
        );
    }
}

/// `[low%, high%]`.
pub fn interval_text(i: [f64; 2]) -> String {
    format!("[{:.1}, {:.1}]", i[0] * 100.0, i[1] * 100.0)
}

/// The first line of a report played by random bots: what they are for, so that nobody reads
/// their win rates or never-kept tickets as the map's balance.
pub fn random_note(bots: &[String]) -> Option<&'static str> {
    bots.iter().any(|b| b == "random").then_some(
        "RANDOM BOTS: they find rule holes and games that cannot finish; they say nothing about balance (the default bots, the four playing styles, do)",
    )
}

/// The note of a report where a bot searched under a time budget (`search:50ms`): its
/// games depend on the machine, so the seed does not reproduce them; and what a searched
/// decision took, on the mean.
pub fn clock_note(r: &Report) -> Option<String> {
    let timed: Vec<&str> = r
        .bots
        .iter()
        .filter(|b| {
            matches!(
                b.parse(),
                Ok(crate::bots::BotKind::Search(
                    crate::bots::Budget::CpuMillis(_)
                ))
            )
        })
        .map(String::as_str)
        .collect();
    if timed.is_empty() {
        return None;
    }
    let spent: Vec<String> = r
        .by_bot
        .iter()
        .filter_map(|b| {
            let d = b.decisions?;
            Some(format!(
                "{} {:.1} ms over {} searched decisions",
                b.bot, d.mean_ms, d.searched
            ))
        })
        .collect();
    let spent = if spent.is_empty() {
        String::new()
    } else {
        format!(" (mean CPU time a decision: {})", spent.join("; "))
    };
    Some(format!(
        "TIME BUDGET ({}): a decision searches until its CPU time is spent{spent}, so how many rollouts it makes depends on this machine and its load, and the same seed plays other games on another run; give rollouts (search:N) to reproduce a run",
        timed.join(", ")
    ))
}

/// The report as text for people.
pub fn render_human(r: &Report) -> String {
    let mut s = String::new();
    if let Some(note) = random_note(&r.bots) {
        let _ = writeln!(s, "{note}");
    }
    if let Some(note) = clock_note(r) {
        let _ = writeln!(s, "{note}");
    }
    let _ = writeln!(
        s,
        "{}{}: {} games, {} players, bots {}, seed {}",
        r.map,
        r.mode
            .as_ref()
            .map(|m| format!(" (mode {m})"))
            .unwrap_or_default(),
        r.games,
        r.players,
        r.bots.join(","),
        r.seed
    );
    if let Some(note) = &r.mode_outside_range {
        let _ = writeln!(s, "NOTE: {note}");
    }
    if let Some(d) = &r.until_decided {
        let _ = writeln!(s, "{}", d.sentence());
    }
    if !r.played_without.is_empty() {
        let _ = writeln!(
            s,
            "PLAYED WITHOUT {} (--without): these results are not the map's full rules",
            r.played_without.join(", ")
        );
    }
    if !r.extensions_not_played.is_empty() {
        let _ = writeln!(
            s,
            "optional extension not played: {} (`--with KEY` asks for it)",
            r.extensions_not_played.join(", ")
        );
    }
    let _ = writeln!(
        s,
        "finished {}, failure states {}; turns mean {:.1} (min {}, max {})",
        r.finished, r.failures, r.turns_mean, r.turns_min, r.turns_max
    );
    let _ = writeln!(
        s,
        "players with nothing to do passed in {} games ({} passes)",
        r.passes.games, r.passes.total
    );
    let e = &r.deck_exhaustion;
    let _ = writeln!(
        s,
        "train deck and discard ran dry in {} games ({:.1}%){}",
        e.games,
        e.rate * 100.0,
        match (e.first_turn_mean, e.first_turn_min) {
            (Some(m), Some(min)) => format!(", first at turn {m:.1} on average (earliest {min})"),
            _ => String::new(),
        }
    );
    stands_out_and_players(&mut s, r);
    let kept: Vec<TicketReport> = r
        .ticket_completion
        .iter()
        .filter(|x| x.kept > 0)
        .cloned()
        .collect();
    let _ = writeln!(s, "\nticket completion (lowest and highest five):");
    for x in extremes(&kept, |x| x.rate, |x| &x.places) {
        let _ = writeln!(
            s,
            "  {:<40} {:>6.1}%  ({} of {})",
            x.places,
            x.rate * 100.0,
            x.completed,
            x.kept
        );
    }
    let _ = writeln!(s, "\nroutes claimed in games (lowest and highest five):");
    for x in extremes(&r.route_claims, |x| x.claim_rate, |x| &x.name) {
        let _ = writeln!(
            s,
            "  {:<40} {:>6.1}%  mean turn {}",
            x.name,
            x.claim_rate * 100.0,
            x.mean_claim_turn
                .map_or("-".to_string(), |t| format!("{t:.1}"))
        );
    }
    let _ = writeln!(
        s,
        "\ncities on completed tickets (lowest and highest five):"
    );
    for x in extremes(&r.cities, |x| x.on_completed_tickets as f64, |x| &x.name) {
        let _ = writeln!(
            s,
            "  {:<40} {:>7} completed, touched in {:.1}% of games",
            x.name,
            x.on_completed_tickets,
            x.touched_rate * 100.0
        );
    }
    let _ = writeln!(
        s,
        "\n{:<12} {:>10} {:>10} {:>14}",
        "colour", "drawn", "spent", "claimed spaces"
    );
    for c in &r.colours {
        let _ = writeln!(
            s,
            "{:<12} {:>10} {:>10} {:>14}",
            c.colour, c.drawn, c.spent, c.claimed_spaces
        );
    }
    if !r.bonuses.is_empty() {
        let names: Vec<_> = r.bonuses.iter().map(|b| column(&b.name)).collect();
        let width = names.iter().map(|n| n.chars().count()).max().unwrap_or(5);
        let _ = writeln!(
            s,
            "\n{:<width$} {:>8} {:>8}  points by seat",
            "bonus", "awarded", "points"
        );
        for (b, name) in r.bonuses.iter().zip(&names) {
            let _ = writeln!(
                s,
                "{:<width$} {:>7.1}% {:>8.1}  {}",
                name,
                b.awarded_rate * 100.0,
                b.mean_points,
                b.by_seat_text(" ")
            );
        }
    }
    let mut module = "";
    for c in r.counters.iter().filter(|c| !c.operand) {
        if c.module != module {
            module = &c.module;
            let _ = writeln!(s, "\n{module}, mean per finished game (all; by seat)");
        }
        let _ = writeln!(
            s,
            "  {:<44} {:>8.2}  {}",
            c.name,
            c.mean,
            c.by_seat_text(" ")
        );
    }
    if r.failures > 0 {
        let _ = writeln!(
            s,
            "\nfailure states ({}; the first {} listed):",
            r.failures,
            r.failure_list.len()
        );
        for f in &r.failure_list {
            let _ = writeln!(
                s,
                "  game {} seed {} turn {}: {}",
                f.game, f.seed, f.turn, f.reason
            );
        }
    }
    s
}

/// The modules' counters as means per finished game, with the ratios modules derive from
/// them, in (module, name) order.
fn counter_reports(game: &Game, t: &Totals) -> Vec<CounterReport> {
    let finished = t.finished;
    let per_game = |x: i64| x as f64 / finished.max(1) as f64;
    let mut out: Vec<(u8, String, CounterReport)> = Vec::new();
    for ((m, key), sums) in &t.counters {
        let module = &game.mechanics.modules[*m as usize];
        let by_seat = &sums[1..];
        let name = key.to_string();
        out.push((
            *m,
            name.clone(),
            CounterReport {
                module: module.name(),
                name,
                mean: per_game(sums.iter().sum()),
                mean_by_seat: if by_seat.iter().all(|&x| x == 0) && sums[0] != 0 {
                    Vec::new()
                } else {
                    by_seat.iter().map(|&x| per_game(x)).collect()
                },
                ratio: false,
                operand: module.report().is_some_and(|r| r.counter_is_operand(key)),
            },
        ));
        let ratios = module.report().map_or(&[][..], |r| r.counter_ratios());
        for r in ratios {
            let Some(row) = key.row.as_deref().filter(|_| key.name == r.name) else {
                continue;
            };
            let Some(over) = t.counters.get(&(*m, CounterKey::new(Some(row), r.over))) else {
                continue;
            };
            let ratio = |a: i64, b: i64| if b == 0 { 0.0 } else { a as f64 / b as f64 };
            let label = CounterKey::new(Some(row), r.label).to_string();
            out.push((
                *m,
                label.clone(),
                CounterReport {
                    module: module.name(),
                    name: label,
                    mean: ratio(sums.iter().sum(), over.iter().sum()),
                    // By seat only where the module counts per player (its declaration,
                    // never guessed from seats that happen to be all zero).
                    mean_by_seat: if r.per_seat {
                        by_seat
                            .iter()
                            .zip(&over[1..])
                            .map(|(&a, &b)| ratio(a, b))
                            .collect()
                    } else {
                        Vec::new()
                    },
                    ratio: true,
                    operand: false,
                },
            ));
        }
    }
    out.sort_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
    out.into_iter().map(|x| x.2).collect()
}

#[cfg(test)]
mod interval_tests {
    use super::{WIN_UNITS, win_interval};

    /// A bot that won none of its 20 seats has not been shown to win never: the interval
    /// must leave room above 0. Wilson, z = 1.96: the upper end of 0 of 20 is
    /// z² / (n + z²) = 3.8415 / 23.8415 ≈ 0.1611.
    #[test]
    fn no_wins_in_twenty_seats_still_leaves_room_above_zero() {
        let [low, high] = win_interval(0, 20);
        assert_eq!(low, 0.0);
        assert!((high - 0.1611).abs() < 1e-3, "{high}");
    }

    /// 10 whole wins of 20: p = 0.5, the Wilson centre stays 0.5, half width
    /// 1.96 / (1 + 3.8415/20) × √(0.25/20 + 3.8415/1600) = 1.6440 × 0.12218 ≈ 0.2009.
    #[test]
    fn half_the_seats_won_is_centred_on_one_half() {
        let u = WIN_UNITS;
        let [low, high] = win_interval(10 * u, 20);
        assert!((low - 0.2991).abs() < 1e-3, "{low}");
        assert!((high - 0.7009).abs() < 1e-3, "{high}");
    }
}
