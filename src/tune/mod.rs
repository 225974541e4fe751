//! `ttrmap tune`: from "what is wrong" to "change these things". Given goals read from a
//! playtest ([`goal`]), the search proposes small edits a designer would make ([`edit`]),
//! one at a time, each the best of a round of candidates ([`candidates`]) played on the same
//! seeds as the current map:
//!
//! 1. The current map and every candidate play the round's first games; the better half of
//!    the candidates (by how far the goals' intervals lie outside their bands) play on with
//!    twice the games, and so on until one plays the full count. A candidate worse than the
//!    current map at a step stops there (successive halving: a clearly worse edit costs a
//!    few games, a promising one is measured in full).
//! 2. The survivor is kept when it brings the goals closer than the current map on the full
//!    count; then the next round starts from it on fresh seeds. The search stops when every
//!    goal holds, no candidate helps, the edit limit or the game allowance is reached.
//! 3. Original and tuned maps then play a confirmation on seeds no round used.
//!
//! Deterministic: every round's games are fixed by the seed, each evaluation's totals are
//! integer sums (the same at any thread count), and ties go to the earlier candidate. A CPU
//! budget only decides after which round to stop; the report gives the game allowance (with
//! each candidate check counted as games) that stops at the same place on any machine.

pub mod candidates;
pub mod edit;
mod error;
pub mod goal;
pub mod render;
mod search;
pub mod validate;

pub use error::{Refusal, TuneError};

use crate::engine::Game;
use crate::model::MapFile;
use crate::playtest::totals::Totals;
use crate::playtest::{Config, Report, game_seed, play_range, report_from_totals};
use crate::playtest::{PlaytestError, compare};
use candidates::Frozen;
use edit::Edit;
use goal::{Band, Bound, Goal, Measured, Reading};
use search::Search;
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

/// How the search plays.
#[derive(Debug, Clone)]
pub struct Settings {
    pub players: u8,
    pub mode: Option<String>,
    /// Rules left out (the designer's `--without` and optional extensions not asked for).
    pub without: Vec<String>,
    pub bots: Vec<String>,
    /// Games of a full evaluation (a round's last step).
    pub games: u64,
    pub seed: u64,
    pub threads: usize,
    pub max_edits: usize,
    /// Candidates a round tries.
    pub candidates: usize,
    /// Rounds in a row whose best edit fresh games do not keep before the search gives up
    /// (each such round puts its candidates at the back of the next).
    pub patience: usize,
    pub frozen: Frozen,
    /// Games of the final confirmation.
    pub confirm_games: u64,
    /// Lint codes an edit may add findings of (`--allow-lint route-drawn-length`).
    pub allow_lint: Vec<String>,
    pub progress: bool,
}

/// What the search may spend.
#[derive(Debug, Clone, Copy)]
pub enum Budget {
    /// Games in all (rounds and confirmation), each candidate check (load, lint, compile)
    /// counted as `check_cost` games: the same proposals on any machine.
    Games { games: u64, check_cost: u64 },
    /// CPU seconds (the time spent playing × threads, the rest × 1): a round starts only if
    /// what it and the final confirmation will cost, at the pace measured so far, fits in
    /// what is left. The rounds are the same as without a budget; the budget decides after
    /// which one to stop, and the report gives the `Games` budget that stops there too.
    CpuSeconds(f64),
}

/// One accepted edit and what it did.
#[derive(Debug, Clone, Serialize)]
pub struct Step {
    pub edit: Edit,
    pub description: String,
    /// The goals' figures on the fresh paired games that kept it: the map before the edit,
    /// then after (unbiased: these games did not choose it).
    pub before: Vec<f64>,
    pub after: Vec<f64>,
    /// The significant change that kept it.
    pub evidence: String,
    /// Candidates the round played.
    pub tried: usize,
}

/// Original against tuned on seeds no round used.
#[derive(Debug, Clone, Serialize)]
pub struct Confirmation {
    pub games: u64,
    pub seed: u64,
    pub before: Vec<Reading>,
    pub after: Vec<Reading>,
    /// Whether each goal holds on the tuned map.
    pub holds: Vec<bool>,
    /// The figures that changed with a 95 % interval excluding 0 (as `compare` lists them).
    pub significant: Vec<String>,
    /// The whole paired comparison (the HTML page draws it).
    #[serde(skip)]
    pub comparison: Option<compare::Comparison>,
}

/// Everything `tune` found.
#[derive(Debug, Clone, Serialize)]
pub struct Tuning {
    pub map: String,
    pub players: u8,
    pub bots: Vec<String>,
    pub games: u64,
    pub seed: u64,
    pub goals: Vec<Band>,
    /// The original's readings on the first round's games.
    pub start: Vec<Reading>,
    pub held_at_start: bool,
    pub steps: Vec<Step>,
    /// Why the search stopped.
    pub stopped: String,
    /// Candidate edits refused before any game, by reason (an added lint finding...).
    pub refused: BTreeMap<Refusal, usize>,
    /// Rounds whose best edit the fresh games did not keep.
    pub rejected_rounds: usize,
    /// The games the search could spend in all, those it played, the candidates it checked
    /// (loaded, linted, compiled) and the games each check counted as.
    pub allowance: u64,
    pub played: u64,
    pub checks: u64,
    pub check_cost: u64,
    pub confirmation: Option<Confirmation>,
    /// The proposal as a unified diff of the map file.
    pub diff: String,
    #[serde(skip)]
    pub tuned_text: String,
}

/// A map under evaluation.
struct Version {
    text: String,
    map: MapFile,
    game: Game,
}

/// Lint findings by code: a candidate may not add one.
type Findings = BTreeMap<&'static str, usize>;

fn findings(loaded: &crate::load::Loaded) -> Findings {
    let mut out = Findings::new();
    for d in crate::lint::run(loaded) {
        *out.entry(d.code).or_default() += 1;
    }
    out
}

impl Version {
    /// Loads, lints and compiles `text`; `Err` says why it cannot be played or proposed.
    fn new(
        name: &str,
        text: String,
        s: &Settings,
        allowed: Option<&Findings>,
    ) -> Result<(Version, Findings), Refusal> {
        let loaded = crate::load::load_str(name, &text);
        let map = match (&loaded.map, loaded.has_errors()) {
            (Some(m), false) => m.clone(),
            _ => {
                // Counted by code: one reason per kind of error, not per message.
                let code = loaded
                    .diagnostics
                    .iter()
                    .find(|d| d.severity == crate::diagnostic::Severity::Error)
                    .map_or("syntax", |d| d.code);
                return Err(Refusal::CheckError(code));
            }
        };
        let found = findings(&loaded);
        if let Some(allowed) = allowed
            && let Some((code, _)) = found.iter().find(|(c, n)| {
                **n > allowed.get(*c).copied().unwrap_or(0) && !s.allow_lint.iter().any(|a| a == *c)
            })
        {
            return Err(Refusal::LintFinding(code));
        }
        let game =
            Game::new_without(&map, s.players, s.mode.as_deref(), &s.without).map_err(|error| {
                Refusal::Engine {
                    name: name.to_string(),
                    error,
                }
            })?;
        Ok((Version { text, map, game }, found))
    }
}

fn config(s: &Settings, seed: u64) -> Config {
    Config {
        games: s.games,
        seed,
        bots: s.bots.clone(),
        threads: s.threads,
        progress: false,
    }
}

/// A version's games `from..to` of the run seeded `seed`, added to `totals`.
fn grow(
    v: &Version,
    s: &Settings,
    seed: u64,
    totals: Option<Totals>,
    from: u64,
    to: u64,
) -> Result<Totals, PlaytestError> {
    let more = play_range(&v.game, &config(s, seed), from..to, None)?;
    Ok(match totals {
        Some(t) => t.merge(more),
        None => more,
    })
}

/// Whether a goal needs each ticket's trains: the games are then replayed with a log
/// (`suggest tickets`' measure), which costs as many games again.
fn needs_tickets(bands: &[Band]) -> bool {
    bands.iter().any(|b| b.measure.needs_tickets())
}

/// The games the final confirmation plays: both maps once, paired (and again for the
/// tickets' trains).
fn confirmation_games(bands: &[Band], s: &Settings) -> u64 {
    (if needs_tickets(bands) { 4 } else { 2 }) * s.confirm_games
}

/// The evaluation of a version from the totals of its games `0..at` of the run `seed`, with
/// each ticket's trains (the same games replayed) when a goal needs them.
fn measure(
    v: &Version,
    bands: &[Band],
    s: &Settings,
    seed: u64,
    totals: &Totals,
    at: u64,
) -> Result<Measured, PlaytestError> {
    let c = config(s, seed);
    let report = report_from_totals(&v.game, &c, totals)?;
    let tickets = if needs_tickets(bands) {
        let c = Config { games: at, ..c };
        Some(crate::playtest::ticket_values::suggest(
            &v.game, &v.map, &c,
        )?)
    } else {
        None
    };
    Ok(Measured { report, tickets })
}

/// The goals' readings and how far they lie outside their bands in all.
fn score(bands: &[Band], r: &Measured) -> (Vec<Reading>, f64) {
    let readings: Vec<Reading> = bands.iter().map(|b| goal::read(b.measure, r)).collect();
    let excess = bands.iter().zip(&readings).map(|(b, r)| b.excess(r)).sum();
    (readings, excess)
}

/// The seeds of round `r` (the confirmation uses `u64::MAX`).
fn round_seed(seed: u64, r: u64) -> u64 {
    game_seed(seed ^ 0x7475_6e65, r)
}

/// Finds a map bound's map: its name and text, from the bound as written (`usa`, a path).
pub type Reference = dyn Fn(&str) -> Result<(String, String), String>;

/// The band of each goal: a map bound is that map's own figure, played with the same
/// players, bots, games and seed. `reference` gives a map bound's name and text.
fn bands(
    goals: &[Goal],
    s: &Settings,
    reference: &Reference,
) -> Result<(Vec<Band>, u64), TuneError> {
    let mut out = Vec::new();
    let mut played = 0;
    for g in goals {
        let (bound, from_map) = match &g.bound {
            Bound::Value(v) => (*v, None),
            Bound::Map(m) => {
                let (name, text) = reference(m).map_err(TuneError::Reference)?;
                // The other map as it plays by default: its own first mode, its optional
                // extensions left out.
                let optional = crate::load::load_str(&name, &text).map.map(|m| {
                    let keys = m.mechanics.optional();
                    keys.iter().map(|k| format!("mechanics.{k}")).collect()
                });
                let rs = Settings {
                    mode: None,
                    without: optional.unwrap_or_default(),
                    ..s.clone()
                };
                let (v, _) =
                    Version::new(&name, text, &rs, None).map_err(|why| TuneError::GoalMap {
                        goal: g.text.clone(),
                        why,
                    })?;
                let seed = round_seed(s.seed, 0);
                let t = grow(&v, &rs, seed, None, 0, s.games)?;
                played += s.games;
                let m = Measured {
                    report: report_from_totals(&v.game, &config(&rs, seed), &t)?,
                    tickets: None,
                };
                let r = goal::read(g.measure, &m);
                (
                    r.value,
                    Some(format!("{name}: {}", goal::show(g.measure, r.value))),
                )
            }
        };
        out.push(Band {
            goal: g.text.clone(),
            measure: g.measure,
            above: g.above,
            bound,
            from_map,
        });
    }
    Ok((out, played))
}

/// Runs the search on the map `text` (named `name`) toward `goals`' bands; `reference` finds
/// a map bound's map. The games a map bound's map plays for its figure are spent from the
/// budget like the search's own.
pub fn tune(
    name: &str,
    text: &str,
    goals: &[Goal],
    reference: &Reference,
    s: &Settings,
    budget: Budget,
) -> Result<Tuning, TuneError> {
    let begun = std::time::Instant::now();
    let (bands, reference_games) = bands(goals, s, reference)?;
    let referencing = begun.elapsed().as_secs_f64();
    let checking = std::time::Instant::now();
    let (original, allowed) = Version::new(name, text.to_string(), s, None)?;
    let check_secs = checking.elapsed().as_secs_f64();
    let started = std::time::Instant::now();
    let seed0 = round_seed(s.seed, 0);
    let t0 = grow(&original, s, seed0, None, 0, s.games)?;
    let report0 = measure(&original, &bands, s, seed0, &t0, s.games)?;
    let (start, excess) = score(&bands, &report0);
    let played = s.games * if needs_tickets(&bands) { 2 } else { 1 } + reference_games;
    // Wall seconds with every thread playing: the reference map's games and the first
    // evaluation's.
    let playing = referencing + started.elapsed().as_secs_f64();
    let threads = s.threads.max(1) as f64;
    let (allowance, check_cost, clock) = match budget {
        Budget::Games { games, check_cost } => (games, check_cost, None),
        Budget::CpuSeconds(cpu) => {
            // A check runs on one thread; the games on all of them.
            let per_game = (playing * threads / played as f64).max(1e-9);
            let check_cost = (check_secs / per_game).ceil() as u64;
            (u64::MAX, check_cost, Some((begun, threads, cpu)))
        }
    };
    let mut search = Search {
        name,
        s,
        bands: &bands,
        allowed,
        cur: original,
        cur_report: report0.report,
        excess,
        steps: Vec::new(),
        touched: BTreeSet::new(),
        tried: Vec::new(),
        refused: BTreeMap::new(),
        rejected_rounds: 0,
        rounds: 0,
        played,
        allowance,
        checks: 0,
        check_cost,
        clock,
        playing,
    };
    let stopped = loop {
        if let Some(why) = search.round()? {
            break why;
        }
    };
    let Search {
        cur,
        steps: steps_taken,
        refused,
        rejected_rounds,
        mut played,
        checks,
        clock,
        ..
    } = search;
    let confirmation = if steps_taken.is_empty() {
        None
    } else {
        let (orig, _) = Version::new(name, text.to_string(), s, None)?;
        let c = confirm(&orig, &cur, &bands, s)?;
        played += confirmation_games(&bands, s);
        Some(c)
    };
    // Under a CPU budget, the game allowance that stops the search where it stopped.
    let allowance = if clock.is_some() {
        played + checks * check_cost
    } else {
        allowance
    };
    Ok(Tuning {
        map: name.to_string(),
        players: s.players,
        bots: s.bots.clone(),
        games: s.games,
        seed: s.seed,
        held_at_start: bands.iter().zip(&start).all(|(b, r)| b.holds(r)),
        goals: bands,
        start,
        steps: steps_taken,
        stopped,
        refused,
        rejected_rounds,
        allowance,
        played,
        checks,
        check_cost,
        confirmation,
        diff: render::diff(name, text, &cur.text),
        tuned_text: cur.text,
    })
}

fn side<'a>(label: &str, v: &'a Version) -> compare::Side<'a> {
    compare::Side {
        label: label.to_string(),
        game: &v.game,
        map: &v.map,
        lint: Vec::new(),
    }
}

/// Original and tuned, the same fresh games on both.
fn confirm(
    orig: &Version,
    tuned: &Version,
    bands: &[Band],
    s: &Settings,
) -> Result<Confirmation, TuneError> {
    let seed = round_seed(s.seed, u64::MAX);
    let config = Config {
        games: s.confirm_games,
        ..config(s, seed)
    };
    // One run of paired games gives `compare`'s figures and both maps' readings.
    let (c, [t_orig, t_tuned]) =
        compare::compare_played(&side("original", orig), &side("tuned", tuned), &config)?;
    let read = |v: &Version, t: &Totals| -> Result<Vec<Reading>, PlaytestError> {
        Ok(score(bands, &measure(v, bands, s, seed, t, config.games)?).0)
    };
    let (before, after) = (read(orig, &t_orig)?, read(tuned, &t_tuned)?);
    Ok(Confirmation {
        games: s.confirm_games,
        seed,
        holds: bands.iter().zip(&after).map(|(b, r)| b.holds(r)).collect(),
        before,
        after,
        significant: compare::render::significant_lines(&c),
        comparison: Some(c),
    })
}
