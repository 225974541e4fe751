//! Playtests: many games between bots, played in parallel and summed into one report.
//!
//! Game `i` is played with the seed `game_seed(seed, i)`, whatever thread plays it, and every
//! figure is summed as integers (order does not matter), so a report is byte-identical for
//! any thread count. Memory does not grow with the number of games: each game is folded into
//! its thread's running totals as soon as it ends.

use crate::bots::{self, Bot};
use crate::engine::{Failure, Game, State};
use rayon::prelude::*;
use serde::Serialize;
use std::fmt::Write as _;

/// Failures listed in a report (the ones of the lowest game indices); all are counted.
const FAILURES_LISTED: usize = 20;
/// A shared win is worth 1/k of a win; this is divisible by every k from 1 to 12.
const WIN_UNITS: u64 = 27_720;

/// The seed of game `index` (SplitMix64 of the pair), independent of threads.
pub fn game_seed(base: u64, index: u64) -> u64 {
    let mut z = base ^ index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Plays one game to its end (or to a failure state). The bots sit in seat order.
/// (The loop lives with the bots, which may pick an action without listing them all.)
pub fn play_game(game: &Game, bots: &mut [Box<dyn Bot>], seed: u64) -> State {
    bots::play_game(game, bots, seed)
}

/// What to play.
#[derive(Debug, Clone)]
pub struct Config {
    pub games: u64,
    pub seed: u64,
    /// Bot names; seats take them in turn, and the order rotates by one each game so every
    /// bot plays every seat.
    pub bots: Vec<String>,
    /// 0 = rayon's default.
    pub threads: usize,
    pub progress: bool,
}

/// Running totals, all integers so that merging is exact and order-free.
#[derive(Debug, Clone)]
struct Totals {
    games: u64,
    finished: u64,
    failures: u64,
    failure_list: Vec<(u64, Failure)>,
    seat_win_units: Vec<u64>,
    seat_scores: Vec<[i64; 5]>,
    bot_win_units: Vec<u64>,
    bot_seats_played: Vec<u64>,
    bot_scores: Vec<[i64; 5]>,
    turns_sum: u64,
    turns_min: u32,
    turns_max: u32,
    ended_by: Vec<u64>,
    ticket_kept: Vec<u64>,
    ticket_done: Vec<u64>,
    route_claimed: Vec<u64>,
}

impl Totals {
    fn new(game: &Game, bots: usize) -> Totals {
        let p = game.players as usize;
        Totals {
            games: 0,
            finished: 0,
            failures: 0,
            failure_list: Vec::new(),
            seat_win_units: vec![0; p],
            seat_scores: vec![[0; 5]; p],
            bot_win_units: vec![0; bots],
            bot_seats_played: vec![0; bots],
            bot_scores: vec![[0; 5]; bots],
            turns_sum: 0,
            turns_min: u32::MAX,
            turns_max: 0,
            ended_by: vec![0; p],
            ticket_kept: vec![0; game.tickets.len()],
            ticket_done: vec![0; game.tickets.len()],
            route_claimed: vec![0; game.routes.len()],
        }
    }

    fn add(&mut self, index: u64, state: &State, seat_bot: &[usize]) {
        self.games += 1;
        if let Some(f) = &state.failure {
            self.failures += 1;
            self.failure_list.push((index, f.clone()));
            self.failure_list.sort_by_key(|(i, _)| *i);
            self.failure_list.truncate(FAILURES_LISTED);
            return;
        }
        let Some(result) = &state.result else { return };
        self.finished += 1;
        let winners = result.iter().filter(|b| b.winner).count().max(1) as u64;
        for (seat, b) in result.iter().enumerate() {
            let parts = [
                b.routes as i64,
                b.tickets as i64,
                b.stations as i64,
                b.bonuses as i64,
                b.total as i64,
            ];
            let bot = seat_bot[seat];
            for (k, &part) in parts.iter().enumerate() {
                self.seat_scores[seat][k] += part;
                self.bot_scores[bot][k] += part;
            }
            self.bot_seats_played[bot] += 1;
            if b.winner {
                self.seat_win_units[seat] += WIN_UNITS / winners;
                self.bot_win_units[bot] += WIN_UNITS / winners;
            }
            for &(t, done) in &b.ticket_results {
                self.ticket_kept[t as usize] += 1;
                self.ticket_done[t as usize] += done as u64;
            }
        }
        self.turns_sum += state.turn as u64;
        self.turns_min = self.turns_min.min(state.turn);
        self.turns_max = self.turns_max.max(state.turn);
        if let Some(p) = state.ended_by {
            self.ended_by[p as usize] += 1;
        }
        for (r, &n) in state.route_claims.iter().enumerate() {
            self.route_claimed[r] += (n > 0) as u64;
        }
    }

    fn merge(mut self, other: Totals) -> Totals {
        fn add_all(a: &mut [u64], b: &[u64]) {
            a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
        }
        fn add_scores(a: &mut [[i64; 5]], b: &[[i64; 5]]) {
            for (x, y) in a.iter_mut().zip(b) {
                for k in 0..5 {
                    x[k] += y[k];
                }
            }
        }
        self.games += other.games;
        self.finished += other.finished;
        self.failures += other.failures;
        self.failure_list.extend(other.failure_list);
        self.failure_list.sort_by_key(|(i, _)| *i);
        self.failure_list.truncate(FAILURES_LISTED);
        add_all(&mut self.seat_win_units, &other.seat_win_units);
        add_scores(&mut self.seat_scores, &other.seat_scores);
        add_all(&mut self.bot_win_units, &other.bot_win_units);
        add_all(&mut self.bot_seats_played, &other.bot_seats_played);
        add_scores(&mut self.bot_scores, &other.bot_scores);
        self.turns_sum += other.turns_sum;
        self.turns_min = self.turns_min.min(other.turns_min);
        self.turns_max = self.turns_max.max(other.turns_max);
        add_all(&mut self.ended_by, &other.ended_by);
        add_all(&mut self.ticket_kept, &other.ticket_kept);
        add_all(&mut self.ticket_done, &other.ticket_done);
        add_all(&mut self.route_claimed, &other.route_claimed);
        self
    }
}

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
    pub mean: MeanScores,
    /// Share of finished games whose last round this seat started.
    pub ended_game: f64,
}

#[derive(Debug, Clone, Serialize)]
pub struct BotReport {
    pub bot: String,
    /// Wins per seat played.
    pub win_rate: f64,
    pub seats_played: u64,
    pub mean: MeanScores,
}

#[derive(Debug, Clone, Serialize)]
pub struct RateReport {
    pub name: String,
    pub rate: f64,
    pub count: u64,
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
    pub seats: Vec<SeatReport>,
    pub by_bot: Vec<BotReport>,
    pub turns_mean: f64,
    pub turns_min: u32,
    pub turns_max: u32,
    /// Completed / kept, per ticket (kept at least once).
    pub ticket_completion: Vec<RateReport>,
    /// Games in which the route was claimed (any lane), per route.
    pub route_claims: Vec<RateReport>,
    pub failure_list: Vec<FailureReport>,
}

/// Plays the games and builds the report. Unknown bot names are an error.
pub fn run(game: &Game, config: &Config) -> Result<Report, String> {
    let mut names: Vec<String> = Vec::new();
    for b in &config.bots {
        if bots::by_name(b).is_none() {
            return Err(format!(
                "unknown bot {b}; bots: {}",
                bots::BOT_NAMES.join(", ")
            ));
        }
        if !names.contains(b) {
            names.push(b.clone());
        }
    }
    if config.bots.is_empty() {
        return Err("no bots given".into());
    }
    let players = game.players as usize;
    let bot_list = &config.bots;
    let progress = if config.progress {
        indicatif::ProgressBar::new(config.games)
    } else {
        indicatif::ProgressBar::hidden()
    };
    let play_range = || {
        (0..config.games)
            .into_par_iter()
            .fold(
                || Totals::new(game, names.len()),
                |mut totals, i| {
                    let seat_bot: Vec<usize> = (0..players)
                        .map(|s| {
                            let name = &bot_list[(s + i as usize) % bot_list.len()];
                            names.iter().position(|n| n == name).unwrap_or(0)
                        })
                        .collect();
                    let mut seats: Vec<Box<dyn Bot>> = seat_bot
                        .iter()
                        .map(|&b| bots::by_name(&names[b]).expect("checked above"))
                        .collect();
                    let state = play_game(game, &mut seats, game_seed(config.seed, i));
                    totals.add(i, &state, &seat_bot);
                    progress.inc(1);
                    totals
                },
            )
            .reduce(|| Totals::new(game, names.len()), Totals::merge)
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(config.threads)
        .build()
        .map_err(|e| format!("cannot start threads: {e}"))?;
    let totals = pool.install(play_range);
    progress.finish_and_clear();
    Ok(report(game, config, &names, &totals))
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

fn report(game: &Game, config: &Config, names: &[String], t: &Totals) -> Report {
    let finished = t.finished;
    Report {
        map: game.name.clone(),
        players: game.players,
        games: t.games,
        finished,
        failures: t.failures,
        seed: config.seed,
        bots: config.bots.clone(),
        seats: (0..game.players as usize)
            .map(|s| SeatReport {
                seat: s + 1,
                win_rate: ratio(t.seat_win_units[s], finished * WIN_UNITS),
                mean: means(&t.seat_scores[s], finished),
                ended_game: ratio(t.ended_by[s], finished),
            })
            .collect(),
        by_bot: names
            .iter()
            .enumerate()
            .map(|(b, name)| BotReport {
                bot: name.clone(),
                win_rate: ratio(t.bot_win_units[b], t.bot_seats_played[b] * WIN_UNITS),
                seats_played: t.bot_seats_played[b],
                mean: means(&t.bot_scores[b], t.bot_seats_played[b]),
            })
            .collect(),
        turns_mean: ratio(t.turns_sum, finished),
        turns_min: if finished == 0 { 0 } else { t.turns_min },
        turns_max: t.turns_max,
        ticket_completion: game
            .tickets
            .iter()
            .enumerate()
            .map(|(i, ticket)| RateReport {
                name: ticket.label.clone(),
                rate: ratio(t.ticket_done[i], t.ticket_kept[i]),
                count: t.ticket_kept[i],
            })
            .collect(),
        route_claims: game
            .routes
            .iter()
            .enumerate()
            .map(|(i, r)| RateReport {
                name: r.id.clone(),
                rate: ratio(t.route_claimed[i], finished),
                count: t.route_claimed[i],
            })
            .collect(),
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
    }
}

/// The report as text for people.
pub fn render_human(r: &Report) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{}: {} games, {} players, bots {}, seed {}",
        r.map,
        r.games,
        r.players,
        r.bots.join(","),
        r.seed
    );
    let _ = writeln!(
        s,
        "finished {}, failure states {}; turns mean {:.1} (min {}, max {})",
        r.finished, r.failures, r.turns_mean, r.turns_min, r.turns_max
    );
    let _ = writeln!(
        s,
        "\n{:<8} {:>7} {:>8} {:>8} {:>8} {:>8} {:>8} {:>7}",
        "seat", "wins", "routes", "tickets", "stations", "bonuses", "total", "ended"
    );
    for seat in &r.seats {
        let m = &seat.mean;
        let _ = writeln!(
            s,
            "{:<8} {:>6.1}% {:>8.1} {:>8.1} {:>8.1} {:>8.1} {:>8.1} {:>6.1}%",
            seat.seat,
            seat.win_rate * 100.0,
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
        "\n{:<16} {:>7} {:>8} {:>8}",
        "bot", "wins", "seats", "total"
    );
    for b in &r.by_bot {
        let _ = writeln!(
            s,
            "{:<16} {:>6.1}% {:>8} {:>8.1}",
            b.bot,
            b.win_rate * 100.0,
            b.seats_played,
            b.mean.total
        );
    }
    let extremes = |title: &str, list: &[RateReport], s: &mut String| {
        let mut v: Vec<&RateReport> = list.iter().filter(|x| x.count > 0).collect();
        v.sort_by(|a, b| a.rate.total_cmp(&b.rate).then(a.name.cmp(&b.name)));
        let _ = writeln!(s, "\n{title} (lowest and highest five):");
        let shown: Vec<&&RateReport> = if v.len() <= 10 {
            v.iter().collect()
        } else {
            v[..5].iter().chain(v[v.len() - 5..].iter()).collect()
        };
        for x in shown {
            let _ = writeln!(
                s,
                "  {:<40} {:>6.1}%  ({})",
                x.name,
                x.rate * 100.0,
                x.count
            );
        }
    };
    extremes("ticket completion", &r.ticket_completion, &mut s);
    extremes("route claimed in games", &r.route_claims, &mut s);
    if r.failures > 0 {
        let _ = writeln!(s, "\nfailure states ({}):", r.failures);
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
