//! `ttrmap ladder`: how much stronger each tier of bot is than the one below it. Neighbouring
//! tiers play games against each other (taking the seats in turn: at two players one each,
//! at four two each), each deal twice with the seats swapped,
//! until a sequential test ([`super::sprt`]) settles whether the upper tier wins at least
//! `p1` of the games or at most `p0`, or a game limit is reached. A step that does not hold
//! (the upper tier not ahead) is what a designer should distrust: a playtest verdict is only
//! as good as the players behind it.
//!
//! Deterministic: games are played in batches on any number of threads but fed to the test
//! in game order, and the games after the one that settled it are dropped, so the same seed
//! gives the same steps at any thread count.

use super::compare::stats::wilson;
use super::sprt::{Params, Sprt, Verdict};
use super::{PlaytestError, game_seed, play_game};
use crate::bots;
use crate::engine::Game;
use rayon::prelude::*;
use serde::Serialize;

/// The default tiers, weakest first: random, the four styles (in the order they rank on the
/// USA and Castilla y León at two players), the search bot at two budgets.
pub const DEFAULT_TIERS: &str =
    "random,long-route,route-focus,one-step,destination-hungry,search:16,search:64";

/// Deals played at once before the test looks again (each deal is two games).
const BATCH_DEALS: u64 = 16;

/// What to play.
#[derive(Debug, Clone)]
pub struct Config {
    pub tiers: Vec<String>,
    /// Default tiers left out because they cannot play the map, each with why.
    pub left_out: Vec<String>,
    /// The most games a step plays (rounded up to whole deals).
    pub max_games: u64,
    pub seed: u64,
    /// 0 = rayon's default.
    pub threads: usize,
    pub sprt: Params,
}

/// One step of the ladder: `upper` against `lower`.
#[derive(Debug, Clone, Serialize)]
pub struct Step {
    pub lower: String,
    pub upper: String,
    /// Games played (finished or not).
    pub games: u64,
    /// Games that ended in a failure state (not fed to the test).
    pub failures: u64,
    /// The upper tier's share of the finished games' wins.
    pub upper_win_rate: f64,
    /// Its 95 % Wilson interval.
    pub interval: [f64; 2],
    pub verdict: Verdict,
}

/// The whole ladder.
#[derive(Debug, Clone, Serialize)]
pub struct Ladder {
    pub map: String,
    pub players: u8,
    pub seed: u64,
    pub max_games: u64,
    pub sprt: Params,
    /// Default tiers left out because they cannot play the map, each with why.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub left_out: Vec<String>,
    pub steps: Vec<Step>,
}

/// Checks the tiers: at least two, each a bot that plays `game`.
pub fn check_tiers(game: &Game, tiers: &[String]) -> Result<(), PlaytestError> {
    if tiers.len() < 2 {
        return Err(PlaytestError::FewTiers);
    }
    let config = super::Config {
        games: 1,
        seed: 0,
        bots: tiers.to_vec(),
        threads: 1,
        progress: false,
    };
    super::bots_for(game, &config).map(|_| ())
}

/// One game of a step: the tiers take the seats in turn, the upper one first when
/// `upper_first` (seats 0, 2, 4...), else second. The upper tier's share of the win (the sum
/// over its seats of each winner's share), or `None` for a failure state. With the seats
/// swapped on each deal's second game, each tier holds every seat equally often, so two
/// equal tiers share the wins half and half at any player count.
fn play_one(game: &Game, lower: &str, upper: &str, seed: u64, upper_first: bool) -> Option<f64> {
    let is_upper = |seat: usize| seat.is_multiple_of(2) == upper_first;
    let mut seats: Vec<Box<dyn bots::Bot>> = (0..game.players as usize)
        .map(|s| bots::by_name(if is_upper(s) { upper } else { lower }).expect("tiers checked"))
        .collect();
    let state = play_game(game, &mut seats, seed);
    let result = state.result?;
    let winners = result.iter().filter(|b| b.winner).count().max(1) as f64;
    let upper_wins = (0..result.len())
        .filter(|&s| is_upper(s) && result[s].winner)
        .count() as f64;
    Some(upper_wins / winners)
}

/// Plays step `index` (`upper` against `lower`) until the test settles or `max_games`.
fn step(game: &Game, config: &Config, index: u64, lower: &str, upper: &str) -> Step {
    let base = game_seed(config.seed, index);
    let max_deals = config.max_games.div_ceil(2).max(1);
    let mut test = Sprt::new(config.sprt);
    let (mut games, mut failures, mut finished, mut share) = (0u64, 0u64, 0u64, 0.0f64);
    let mut deal = 0u64;
    'play: while deal < max_deals {
        let end = (deal + BATCH_DEALS).min(max_deals);
        let outcomes: Vec<[Option<f64>; 2]> = (deal..end)
            .into_par_iter()
            .map(|d| {
                let seed = game_seed(base, d);
                [
                    play_one(game, lower, upper, seed, true),
                    play_one(game, lower, upper, seed, false),
                ]
            })
            .collect();
        for pair in outcomes {
            deal += 1;
            for outcome in pair {
                games += 1;
                match outcome {
                    Some(x) => {
                        finished += 1;
                        share += x;
                        test.add(x);
                    }
                    None => failures += 1,
                }
            }
            // The test looks only after whole deals, so both seats count alike.
            if test.verdict() != Verdict::Undecided {
                break 'play;
            }
        }
    }
    let rate = if finished > 0 {
        share / finished as f64
    } else {
        0.0
    };
    Step {
        lower: lower.to_string(),
        upper: upper.to_string(),
        games,
        failures,
        upper_win_rate: rate,
        interval: if finished > 0 {
            wilson(rate, finished as f64)
        } else {
            [0.0, 1.0]
        },
        verdict: test.verdict(),
    }
}

/// Plays every step of the ladder of `game`, at its player count.
pub fn ladder(game: &Game, map: &str, config: &Config) -> Result<Ladder, PlaytestError> {
    config.sprt.check()?;
    check_tiers(game, &config.tiers)?;
    let pool = super::thread_pool(config.threads)?;
    let steps = config
        .tiers
        .windows(2)
        .enumerate()
        .map(|(k, pair)| pool.install(|| step(game, config, k as u64, &pair[0], &pair[1])))
        .collect();
    Ok(Ladder {
        map: map.to_string(),
        players: game.players,
        seed: config.seed,
        max_games: config.max_games,
        sprt: config.sprt,
        left_out: config.left_out.clone(),
        steps,
    })
}

/// The line that says what the ladder played.
fn header(l: &Ladder) -> String {
    format!(
        "Ladder of {}, {} players, seed {}: each tier plays the one below it, each deal twice \
         with the seats swapped, until a sequential test settles whether it wins at least {} \
         of the games or at most {} ({} and {} error), or {} games.",
        l.map,
        l.players,
        l.seed,
        pct(l.sprt.p1),
        pct(l.sprt.p0),
        pct(l.sprt.alpha),
        pct(l.sprt.beta),
        l.max_games
    )
}

/// What stands out: the tiers left out, and each step that does not hold (or that every
/// step holds).
fn findings(l: &Ladder) -> Vec<String> {
    let mut lines: Vec<String> = l
        .left_out
        .iter()
        .map(|t| format!("Left out: {t}."))
        .collect();
    let weak: Vec<&Step> = l
        .steps
        .iter()
        .filter(|s| s.verdict != Verdict::Ahead)
        .collect();
    if weak.is_empty() {
        lines.push("Every step holds: each tier is ahead of the one below.".into());
    }
    for s in weak {
        lines.push(format!(
            "Stands out: {} is {} {} ({} of {} games).",
            s.upper,
            match s.verdict {
                Verdict::NotAhead => "not ahead of",
                _ => "not shown ahead of",
            },
            s.lower,
            pct(s.upper_win_rate),
            s.games
        ));
    }
    lines
}

/// A step's verdict in words.
fn verdict_word(v: Verdict) -> &'static str {
    match v {
        Verdict::Ahead => "holds",
        Verdict::NotAhead => "does not hold",
        Verdict::Undecided => "undecided",
    }
}

fn pct(v: f64) -> String {
    format!("{:.1} %", 100.0 * v)
}

/// The ladder as a table, the steps that do not hold first.
pub fn render_human(l: &Ladder) -> String {
    use std::fmt::Write as _;
    let mut out = header(l) + "\n";
    for line in findings(l) {
        let _ = writeln!(out, "{line}");
    }
    let _ = writeln!(out);
    let rows: Vec<[String; 5]> = l
        .steps
        .iter()
        .map(|s| {
            [
                format!("{} over {}", s.upper, s.lower),
                s.games.to_string(),
                pct(s.upper_win_rate),
                format!(
                    "{:.1}-{:.1} %",
                    100.0 * s.interval[0],
                    100.0 * s.interval[1]
                ),
                match s.verdict {
                    Verdict::Undecided => format!("undecided after {} games", s.games),
                    v => verdict_word(v).to_string(),
                } + &if s.failures > 0 {
                    format!(" ({} failed games)", s.failures)
                } else {
                    String::new()
                },
            ]
        })
        .collect();
    let head = ["step", "games", "upper wins", "95 % interval", "verdict"];
    let width: Vec<usize> = (0..5)
        .map(|c| {
            rows.iter()
                .map(|r| r[c].chars().count())
                .chain([head[c].len()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    for r in std::iter::once(head.map(String::from)).chain(rows) {
        let line: Vec<String> = r
            .iter()
            .enumerate()
            .map(|(c, v)| {
                if c == 0 || c == 4 {
                    format!("{v:<w$}", w = width[c])
                } else {
                    format!("{v:>w$}", w = width[c])
                }
            })
            .collect();
        let _ = writeln!(out, "{}", line.join("  ").trim_end());
    }
    out
}

/// The ladder as a page: what stands out, each step's win rate with its interval against the
/// 50 % line, and the sortable table.
pub fn render_html(l: &Ladder) -> String {
    use super::page::{Cell, page, table};
    use super::plots::{Interval, intervals};
    use crate::render::svg::esc;
    use std::fmt::Write as _;
    let mut body = String::new();
    let _ = write!(body, "<p>{}</p><ul class=\"standout\">", esc(&header(l)));
    for line in findings(l) {
        let _ = write!(body, "<li>{}</li>", esc(&line));
    }
    body.push_str("</ul>");
    let rows: Vec<Interval> = l
        .steps
        .iter()
        .map(|s| Interval {
            name: format!("{} over {}", s.upper, s.lower),
            rate: s.upper_win_rate,
            low: s.interval[0],
            high: s.interval[1],
        })
        .collect();
    let _ = write!(
        body,
        "<div class=\"plots\">{}</div>",
        intervals("upper tier's win rate, 95 % interval", &rows, 0.5)
    );
    let share = |v: f64| Cell::num(v, pct(v));
    let cells = l
        .steps
        .iter()
        .map(|s| {
            vec![
                Cell::text(&format!("{} over {}", s.upper, s.lower)),
                Cell::num(s.games as f64, s.games.to_string()),
                share(s.upper_win_rate),
                share(s.interval[0]),
                share(s.interval[1]),
                Cell::text(verdict_word(s.verdict)),
                Cell::num(s.failures as f64, s.failures.to_string()),
            ]
        })
        .collect();
    table(
        &mut body,
        Some("Steps"),
        &[
            "step",
            "games",
            "upper wins",
            "95 % low",
            "95 % high",
            "verdict",
            "failed games",
        ],
        cells,
    );
    page(&format!("Ladder of {}", l.map), &body)
}
