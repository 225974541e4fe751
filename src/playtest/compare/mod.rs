//! `ttrmap compare`: two versions of a map (or one map under two sets of options) played with
//! the same seeds, bots and seats, game by game, so that the luck of the deal is the same on
//! both sides and cancels in each game's difference (paired games). Every figure is reported
//! on both versions with its change and a 95 % interval ([`stats`]).
//!
//! Game `i` is played on both versions with `game_seed(seed, i)` and the seats a playtest
//! gives it; the old and new game of one index run on the same thread, and every sum is an
//! integer, so the comparison is byte-identical at any thread count.

pub mod fail_if;
pub mod html;
pub mod mapdiff;
pub mod render;
pub mod stats;
pub mod until_decided;

use super::totals::{Context, PARTS, Totals, WIN_UNITS, module_counters};
use super::{Config, GameLog, PlaytestError, bots_for, game_seed, play_logged};
use crate::engine::scoring::score_detailed;
use crate::engine::{Game, State};
use crate::model::MapFile;
use rayon::prelude::*;
use serde::Serialize;
use stats::{Change, Paired, Proportions, Samples};

/// One version: its compiled game, its map and how it is called in the report.
pub struct Side<'a> {
    pub label: String,
    pub game: &'a Game,
    pub map: &'a MapFile,
    /// The codes of its lint findings (`crate::lint::run`), for the map differences.
    pub lint: Vec<&'static str>,
}

/// What one game showed on one version.
struct Seen {
    failed: bool,
    turns: i64,
    /// Per seat: win units, then the score parts (routes, tickets, stations, bonuses, total).
    seats: Vec<(i64, [i64; PARTS])>,
    /// Every kept ticket of every player: (ticket, points, completed).
    tickets: Vec<(u16, i32, bool)>,
    /// Route → the turn of its first claim.
    first_claim: Vec<Option<u32>>,
}

fn observe(game: &Game, state: &State, log: &GameLog) -> Seen {
    let mut first_claim = vec![None; game.routes.len()];
    for &(r, turn) in &log.claims {
        let at = &mut first_claim[r as usize];
        if at.is_none_or(|t| turn < t) {
            *at = Some(turn);
        }
    }
    let Some(result) = &state.result else {
        return Seen {
            failed: true,
            turns: state.turn as i64,
            seats: Vec::new(),
            tickets: Vec::new(),
            first_claim,
        };
    };
    let winners = result.iter().filter(|b| b.winner).count().max(1) as u64;
    let seats = result
        .iter()
        .map(|b| {
            let units = if b.winner { WIN_UNITS / winners } else { 0 } as i64;
            let parts = [b.routes, b.tickets, b.stations, b.bonuses, b.total].map(i64::from);
            (units, parts)
        })
        .collect();
    let tickets = score_detailed(game, state, &[])
        .iter()
        .flat_map(|d| d.tickets.iter().map(|t| (t.ticket, t.points, t.completed)))
        .collect();
    Seen {
        failed: false,
        turns: state.turn as i64,
        seats,
        tickets,
        first_claim,
    }
}

/// Tickets and routes present in both versions: (old index, new index), tickets matched by
/// label, routes by id.
struct Matches {
    tickets: Vec<(usize, usize)>,
    routes: Vec<(usize, usize)>,
    old_ticket: Vec<Option<usize>>,
    new_ticket: Vec<Option<usize>>,
}

impl Matches {
    fn new(old: &Game, new: &Game) -> Matches {
        let tickets: Vec<(usize, usize)> = old
            .tickets
            .iter()
            .enumerate()
            .filter_map(|(i, t)| {
                new.tickets
                    .iter()
                    .position(|n| n.label == t.label)
                    .map(|j| (i, j))
            })
            .collect();
        let routes = old
            .routes
            .iter()
            .enumerate()
            .filter_map(|(i, r)| new.routes.iter().position(|n| n.id == r.id).map(|j| (i, j)))
            .collect();
        let mut old_ticket = vec![None; old.tickets.len()];
        let mut new_ticket = vec![None; new.tickets.len()];
        for (k, &(i, j)) in tickets.iter().enumerate() {
            old_ticket[i] = Some(k);
            new_ticket[j] = Some(k);
        }
        Matches {
            tickets,
            routes,
            old_ticket,
            new_ticket,
        }
    }
}

/// The paired sums of all games so far.
#[derive(Clone)]
struct Acc {
    games: u64,
    failed: Paired,
    both_finished: u64,
    turns: Paired,
    seat_win: Vec<Paired>,
    seat_parts: Vec<[Paired; PARTS]>,
    bot_win: Vec<Paired>,
    bot_total: Vec<Paired>,
    /// Per matched ticket: net points per game (all players), completion among kept.
    ticket_points: Vec<Paired>,
    ticket_done: Vec<Proportions>,
    /// Per matched route: claimed in the game (0/1), and the turn of its first claim.
    route_claimed: Vec<Paired>,
    route_turn: Vec<Samples>,
}

impl Acc {
    fn new(players: usize, bots: usize, m: &Matches) -> Acc {
        Acc {
            games: 0,
            failed: Paired::default(),
            both_finished: 0,
            turns: Paired::default(),
            seat_win: vec![Paired::default(); players],
            seat_parts: vec![[Paired::default(); PARTS]; players],
            bot_win: vec![Paired::default(); bots],
            bot_total: vec![Paired::default(); bots],
            ticket_points: vec![Paired::default(); m.tickets.len()],
            ticket_done: vec![Proportions::default(); m.tickets.len()],
            route_claimed: vec![Paired::default(); m.routes.len()],
            route_turn: vec![Samples::default(); m.routes.len()],
        }
    }

    fn add(&mut self, m: &Matches, seat_bot: &[usize], old: &Seen, new: &Seen) {
        self.games += 1;
        self.failed.add(old.failed as i64, new.failed as i64, 1);
        if old.failed || new.failed {
            return;
        }
        self.both_finished += 1;
        self.turns.add(old.turns, new.turns, 1);
        for (s, (o, n)) in old.seats.iter().zip(&new.seats).enumerate() {
            self.seat_win[s].add(o.0, n.0, 1);
            for k in 0..PARTS {
                self.seat_parts[s][k].add(o.1[k], n.1[k], 1);
            }
        }
        for b in 0..self.bot_win.len() {
            let seats: Vec<usize> = (0..seat_bot.len()).filter(|&s| seat_bot[s] == b).collect();
            if seats.is_empty() {
                continue;
            }
            let sum = |seen: &Seen, f: fn(&(i64, [i64; PARTS])) -> i64| {
                seats.iter().map(|&s| f(&seen.seats[s])).sum::<i64>()
            };
            let w = seats.len() as i64;
            self.bot_win[b].add(sum(old, |x| x.0), sum(new, |x| x.0), w);
            self.bot_total[b].add(sum(old, |x| x.1[4]), sum(new, |x| x.1[4]), w);
        }
        let mut points = vec![(0i64, 0i64); m.tickets.len()];
        for &(t, p, done) in &old.tickets {
            if let Some(k) = m.old_ticket[t as usize] {
                points[k].0 += p as i64;
                self.ticket_done[k].old_n += 1;
                self.ticket_done[k].old_yes += done as u64;
            }
        }
        for &(t, p, done) in &new.tickets {
            if let Some(k) = m.new_ticket[t as usize] {
                points[k].1 += p as i64;
                self.ticket_done[k].new_n += 1;
                self.ticket_done[k].new_yes += done as u64;
            }
        }
        for (k, (o, n)) in points.into_iter().enumerate() {
            self.ticket_points[k].add(o, n, 1);
        }
        for (k, &(i, j)) in m.routes.iter().enumerate() {
            let (o, n) = (old.first_claim[i], new.first_claim[j]);
            self.route_claimed[k].add(o.is_some() as i64, n.is_some() as i64, 1);
            if let Some(t) = o {
                self.route_turn[k].add_old(t as i64);
            }
            if let Some(t) = n {
                self.route_turn[k].add_new(t as i64);
            }
        }
    }

    fn merge(mut self, o: Acc) -> Acc {
        self.games += o.games;
        self.failed.merge(&o.failed);
        self.both_finished += o.both_finished;
        self.turns.merge(&o.turns);
        let pairs =
            |a: &mut [Paired], b: &[Paired]| a.iter_mut().zip(b).for_each(|(x, y)| x.merge(y));
        pairs(&mut self.seat_win, &o.seat_win);
        for (a, b) in self.seat_parts.iter_mut().zip(&o.seat_parts) {
            pairs(a, b);
        }
        pairs(&mut self.bot_win, &o.bot_win);
        pairs(&mut self.bot_total, &o.bot_total);
        pairs(&mut self.ticket_points, &o.ticket_points);
        pairs(&mut self.route_claimed, &o.route_claimed);
        for (a, b) in self.ticket_done.iter_mut().zip(&o.ticket_done) {
            a.merge(b);
        }
        for (a, b) in self.route_turn.iter_mut().zip(&o.route_turn) {
            a.merge(b);
        }
        self
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct SeatChange {
    pub seat: usize,
    pub win_rate: Change,
    pub routes: Change,
    pub tickets: Change,
    pub stations: Change,
    pub bonuses: Change,
    pub total: Change,
}

#[derive(Debug, Clone, Serialize)]
pub struct BotChange {
    pub bot: String,
    /// Wins per seat played.
    pub win_rate: Change,
    pub mean_total: Change,
}

#[derive(Debug, Clone, Serialize)]
pub struct TicketChange {
    /// The ticket's places by name (as the new version calls them).
    pub name: String,
    pub label: String,
    /// Completed among the times it was kept.
    pub completion: Change,
    /// Net points per game from it, all players together (won when completed, lost when
    /// not; 0 when nobody kept it).
    pub mean_points: Change,
}

#[derive(Debug, Clone, Serialize)]
pub struct RouteChange {
    pub name: String,
    pub id: String,
    /// Share of the games in which it was claimed.
    pub claim_rate: Change,
    /// Mean turn of its first claim, over the games it was claimed in.
    pub claim_turn: Change,
}

/// The win-rate spread among seats (or bots): highest minus lowest.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct Spread {
    pub old: f64,
    pub new: f64,
}

/// The comparison of two versions.
#[derive(Debug, Clone, Serialize)]
pub struct Comparison {
    pub old: String,
    pub new: String,
    pub players: u8,
    pub games: u64,
    pub seed: u64,
    pub bots: Vec<String>,
    /// Games finished on both versions (the paired figures below are over these).
    pub both_finished: u64,
    /// Share of games ending in a failure state.
    pub failure_rate: Change,
    pub turns: Change,
    pub seats: Vec<SeatChange>,
    pub by_bot: Vec<BotChange>,
    pub seat_spread: Spread,
    pub bot_spread: Spread,
    pub tickets: Vec<TicketChange>,
    pub routes: Vec<RouteChange>,
    /// What differs between the two map files: routes, tickets, colours, lint findings.
    pub map_changes: mapdiff::MapDiff,
    /// Every change whose interval excludes 0, in words, the largest first in each group.
    pub significant: Vec<String>,
    /// How `--until-decided` stopped (absent without it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub decided: Option<until_decided::Decided>,
}

/// Plays `config.games` paired games of `old` and `new` and compares them. The two games
/// must have the same player count.
pub fn compare(
    old: &Side<'_>,
    new: &Side<'_>,
    config: &Config,
) -> Result<Comparison, PlaytestError> {
    Ok(run(old, new, config, false, &[config.games], &mut |_, _| false)?.0)
}

/// [`compare`] that stops at the first look where every condition is settled at error rate
/// `alpha` (`compare --until-decided`, see [`until_decided`]); `config.games` is the most
/// it plays. The comparison is the one `compare` gives for the games played, with
/// `decided` saying how it stopped.
pub fn compare_until_decided(
    old: &Side<'_>,
    new: &Side<'_>,
    config: &Config,
    conditions: &[fail_if::Condition],
    alpha: f64,
) -> Result<Comparison, PlaytestError> {
    until_decided::check(conditions)?;
    let looks = until_decided::looks(config.games);
    let rate = alpha / looks.len() as f64;
    let mut settled = Vec::new();
    let mut taken = 0;
    let (mut c, _) = run(old, new, config, false, &looks, &mut |c, acc| {
        taken += 1;
        settled = until_decided::settle(conditions, c, acc, rate);
        settled
            .iter()
            .all(|s| s.verdict != until_decided::Verdict::Undecided)
    })?;
    c.decided = Some(until_decided::Decided {
        alpha,
        games: c.games,
        most: config.games,
        looks: taken,
        planned_looks: looks.len(),
        conditions: settled,
    });
    Ok(c)
}

/// [`compare`], and each version's playtest [`Totals`] of the same games (the totals
/// `play_range` gives for `0..config.games`, to the byte): one run serves a comparison and
/// both versions' reports.
pub fn compare_played(
    old: &Side<'_>,
    new: &Side<'_>,
    config: &Config,
) -> Result<(Comparison, [Totals; 2]), PlaytestError> {
    let (c, totals) = run(old, new, config, true, &[config.games], &mut |_, _| false)?;
    let [o, n] = totals.expect("kept");
    Ok((c, [o, n]))
}

/// The paired games, looking at each count of `looks` (ascending, the last `config.games`)
/// until `stop` says so on the comparison so far; each version's totals too when `keep`.
#[allow(clippy::type_complexity)]
fn run(
    old: &Side<'_>,
    new: &Side<'_>,
    config: &Config,
    keep: bool,
    looks: &[u64],
    stop: &mut dyn FnMut(&Comparison, &Acc) -> bool,
) -> Result<(Comparison, Option<[Totals; 2]>), PlaytestError> {
    if old.game.players != new.game.players {
        return Err(PlaytestError::PlayerCountsDiffer);
    }
    let roster = bots_for(old.game, config)?;
    let names = &roster.names;
    bots_for(new.game, config)?;
    let players = old.game.players as usize;
    let matches = Matches::new(old.game, new.game);
    let contexts = [
        Context::new(old.game, names.len()),
        Context::new(new.game, names.len()),
    ];
    let progress = super::progress_bar(config.progress, config.games);
    let pool = super::thread_pool(config.threads)?;
    let empty = || {
        (
            Acc::new(players, names.len(), &matches),
            keep.then(|| contexts.each_ref().map(Totals::new)),
        )
    };
    // One version's game: what the comparison reads, added to its totals when kept.
    let play_side =
        |side: usize, game: &Game, seat_bot: &[usize], i: u64, totals: &mut Option<[Totals; 2]>| {
            let mut seats = super::seated(&roster, seat_bot);
            let mut log = GameLog::default();
            let state = play_logged(game, &mut seats, game_seed(config.seed, i), &mut log);
            if let Some(t) = totals {
                let counters = if state.result.is_some() {
                    module_counters(game, &state)
                } else {
                    Vec::new()
                };
                t[side].add(&contexts[side], i, &state, &log, seat_bot, &counters);
            }
            observe(game, &state, &log)
        };
    let merge = |(a, ta): (Acc, Option<[Totals; 2]>), (b, tb): (Acc, Option<[Totals; 2]>)| {
        let totals = match (ta, tb) {
            (Some([ao, an]), Some([bo, bn])) => Some([ao.merge(bo), an.merge(bn)]),
            _ => None,
        };
        (a.merge(b), totals)
    };
    let play = |range: std::ops::Range<u64>| {
        pool.install(|| {
            range
                .into_par_iter()
                .fold(empty, |(mut acc, mut totals), i| {
                    let seat_bot = super::seat_bots(config, names, players, i);
                    let o = play_side(0, old.game, &seat_bot, i, &mut totals);
                    let n = play_side(1, new.game, &seat_bot, i, &mut totals);
                    acc.add(&matches, &seat_bot, &o, &n);
                    progress.inc(1);
                    (acc, totals)
                })
                .reduce(empty, merge)
        })
    };
    let mut played: Option<(Acc, Option<[Totals; 2]>)> = None;
    let mut from = 0;
    for (k, &look) in looks.iter().enumerate() {
        let more = play(from..look);
        from = look;
        // The first look's sums are taken as they are, so a single look is the whole run.
        let sums = match played.take() {
            None => more,
            Some(before) => merge(before, more),
        };
        let last = k + 1 == looks.len();
        let c = build(old, new, config, names, &matches, &sums.0);
        if stop(&c, &sums.0) || last {
            progress.finish_and_clear();
            return Ok((c, sums.1));
        }
        played = Some(sums);
    }
    Err(PlaytestError::NoGames)
}

fn spread(rates: impl Iterator<Item = (f64, f64)> + Clone) -> Spread {
    let range = |xs: Vec<f64>| {
        let hi = xs.iter().copied().fold(f64::MIN, f64::max);
        let lo = xs.iter().copied().fold(f64::MAX, f64::min);
        if xs.is_empty() { 0.0 } else { hi - lo }
    };
    Spread {
        old: range(rates.clone().map(|r| r.0).collect()),
        new: range(rates.map(|r| r.1).collect()),
    }
}

fn build(
    old: &Side<'_>,
    new: &Side<'_>,
    config: &Config,
    names: &[String],
    m: &Matches,
    acc: &Acc,
) -> Comparison {
    let win_scale = 1.0 / WIN_UNITS as f64;
    let seats: Vec<SeatChange> = (0..acc.seat_win.len())
        .map(|s| {
            let p = &acc.seat_parts[s];
            SeatChange {
                seat: s + 1,
                win_rate: acc.seat_win[s].change(win_scale),
                routes: p[0].change(1.0),
                tickets: p[1].change(1.0),
                stations: p[2].change(1.0),
                bonuses: p[3].change(1.0),
                total: p[4].change(1.0),
            }
        })
        .collect();
    let by_bot: Vec<BotChange> = names
        .iter()
        .enumerate()
        .map(|(b, name)| BotChange {
            bot: name.clone(),
            win_rate: acc.bot_win[b].change(win_scale),
            mean_total: acc.bot_total[b].change(1.0),
        })
        .collect();
    let tickets: Vec<TicketChange> = m
        .tickets
        .iter()
        .enumerate()
        .map(|(k, &(_, j))| TicketChange {
            name: super::names::ticket_at(new.map, new.game.tickets[j].source as usize),
            label: new.game.tickets[j].label.clone(),
            completion: acc.ticket_done[k].change(),
            mean_points: acc.ticket_points[k].change(1.0),
        })
        .collect();
    let routes: Vec<RouteChange> = m
        .routes
        .iter()
        .enumerate()
        .map(|(k, &(_, j))| RouteChange {
            name: super::names::route(new.map, j),
            id: new.game.routes[j].id.clone(),
            claim_rate: acc.route_claimed[k].change(1.0),
            claim_turn: acc.route_turn[k].change(),
        })
        .collect();
    let mut c = Comparison {
        old: old.label.clone(),
        new: new.label.clone(),
        players: old.game.players,
        games: acc.games,
        seed: config.seed,
        bots: config.bots.clone(),
        both_finished: acc.both_finished,
        failure_rate: acc.failed.change(1.0),
        turns: acc.turns.change(1.0),
        seat_spread: spread(seats.iter().map(|s| (s.win_rate.old, s.win_rate.new))),
        bot_spread: spread(by_bot.iter().map(|b| (b.win_rate.old, b.win_rate.new))),
        seats,
        by_bot,
        tickets,
        routes,
        map_changes: mapdiff::diff(old.map, new.map, &old.lint, &new.lint),
        significant: Vec::new(),
        decided: None,
    };
    c.significant = render::significant_lines(&c);
    c
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::playtest::{play_range, report_from_totals};

    /// The totals `compare_played` folds beside the comparison are those a playtest of the
    /// same games gives: the same report, byte for byte, for each version (two different
    /// maps, four styles, two threads).
    #[test]
    fn compared_games_total_as_a_playtest_of_them() {
        let map = |text: &str| crate::load::load_str("m.toml", text).map.expect("loads");
        let (a, b) = (
            map(include_str!("../../../maps/usa.toml")),
            map(include_str!("../../../maps/europe.toml")),
        );
        let (ga, gb) = (
            Game::new(&a, 2, None).expect("plays"),
            Game::new(&b, 2, None).expect("plays"),
        );
        let side = |label: &str, game, map| Side {
            label: label.into(),
            game,
            map,
            lint: Vec::new(),
        };
        let config = Config {
            games: 24,
            seed: 5,
            bots: [
                "destination-hungry",
                "route-focus",
                "one-step",
                "long-route",
            ]
            .map(String::from)
            .to_vec(),
            threads: 2,
            progress: false,
        };
        let (c, [ta, tb]) =
            compare_played(&side("a", &ga, &a), &side("b", &gb, &b), &config).unwrap();
        assert_eq!(c.games, 24);
        let json = |g: &Game, t: &Totals| {
            serde_json::to_string(&report_from_totals(g, &config, t).unwrap()).unwrap()
        };
        for (g, t) in [(&ga, &ta), (&gb, &tb)] {
            let alone = play_range(g, &config, 0..config.games, None).unwrap();
            assert_eq!(json(g, t), json(g, &alone));
        }
        assert_ne!(json(&ga, &ta), json(&gb, &tb));
    }
}
