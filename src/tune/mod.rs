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
pub mod goal;
pub mod render;
pub mod validate;

use crate::engine::Game;
use crate::model::MapFile;
use crate::playtest::compare;
use crate::playtest::totals::Totals;
use crate::playtest::{Config, Report, game_seed, play_range, report_from_totals};
use candidates::Frozen;
use edit::Edit;
use goal::{Band, Bound, Goal, Measured, Reading};
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
    pub refused: BTreeMap<String, usize>,
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
    ) -> Result<(Version, Findings), String> {
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
                return Err(format!("makes a `{code}` check error"));
            }
        };
        let found = findings(&loaded);
        if let Some(allowed) = allowed
            && let Some((code, _)) = found.iter().find(|(c, n)| {
                **n > allowed.get(*c).copied().unwrap_or(0) && !s.allow_lint.iter().any(|a| a == *c)
            })
        {
            return Err(format!("adds a `{code}` lint finding"));
        }
        let game = Game::new_without(&map, s.players, s.mode.as_deref(), &s.without)
            .map_err(|e| format!("{name}: {e}"))?;
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
) -> Result<Totals, String> {
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

/// The evaluation of a version from the totals of its games `0..at` of the run `seed`, with
/// each ticket's trains (the same games replayed) when a goal needs them.
fn measure(
    v: &Version,
    bands: &[Band],
    s: &Settings,
    seed: u64,
    totals: &Totals,
    at: u64,
) -> Result<Measured, String> {
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

/// The games a round's steps play up to, the last the full count.
fn steps(games: u64) -> Vec<u64> {
    let first = (games / 8).max(1);
    let mut out = vec![first];
    while *out.last().unwrap() * 2 < games {
        out.push(out.last().unwrap() * 2);
    }
    if *out.last().unwrap() < games {
        out.push(games);
    }
    out
}

/// The most games a round with `n` candidates plays (the current map included), when each
/// evaluation also replays its games for the tickets' trains (`tickets`) or not.
fn round_cost(games: u64, n: usize, tickets: bool) -> u64 {
    let mut alive = n as u64;
    let mut prev = 0;
    let mut cost = 0;
    for at in steps(games) {
        cost += (alive + 1) * (at - prev);
        if tickets {
            cost += (alive + 1) * at;
        }
        prev = at;
        alive = alive.div_ceil(2);
    }
    cost
}

/// What a round found: the best candidate (its index, readings, score, report) if any kept
/// playing to the full count, the current map's readings and score, and the games played.
struct RoundResult {
    best: Option<(usize, Vec<Reading>, f64, Measured)>,
    current: (Vec<Reading>, f64),
    played: u64,
}

/// One round of successive halving among `cands` on the seeds `seed`.
fn round(
    cur: &Version,
    cands: &[Version],
    bands: &[Band],
    s: &Settings,
    seed: u64,
) -> Result<RoundResult, String> {
    let mut cur_totals: Option<Totals> = None;
    let mut alive: Vec<(usize, Option<Totals>)> = (0..cands.len()).map(|i| (i, None)).collect();
    let mut prev = 0;
    let mut played = 0;
    let plan = steps(s.games);
    let mut current = (Vec::new(), f64::INFINITY);
    let mut best = None;
    for (k, &at) in plan.iter().enumerate() {
        let t = grow(cur, s, seed, cur_totals.take(), prev, at)?;
        current = score(bands, &measure(cur, bands, s, seed, &t, at)?);
        cur_totals = Some(t);
        played += (alive.len() as u64 + 1) * (at - prev);
        if needs_tickets(bands) {
            played += (alive.len() as u64 + 1) * at;
        }
        let mut scored: Vec<(f64, usize, Totals, Vec<Reading>, Measured)> = Vec::new();
        for (i, totals) in alive.drain(..) {
            let t = grow(&cands[i], s, seed, totals, prev, at)?;
            let r = measure(&cands[i], bands, s, seed, &t, at)?;
            let (readings, excess) = score(bands, &r);
            scored.push((excess, i, t, readings, r));
        }
        prev = at;
        scored.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        let last = k + 1 == plan.len();
        if last {
            best = scored
                .into_iter()
                .next()
                .map(|(e, i, _, readings, r)| (i, readings, e, r));
            break;
        }
        let keep = scored.len().div_ceil(2);
        // After the first step a candidate behind the current map stops: clearly worse.
        let behind = |e: f64| k > 0 && e > current.1;
        alive = scored
            .into_iter()
            .take(keep)
            .filter(|c| !behind(c.0))
            .map(|(_, i, t, _, _)| (i, Some(t)))
            .collect();
        if alive.is_empty() {
            break;
        }
    }
    Ok(RoundResult {
        best,
        current,
        played,
    })
}

/// Finds a map bound's map: its name and text, from the bound as written (`usa`, a path).
pub type Reference = dyn Fn(&str) -> Result<(String, String), String>;

/// The band of each goal: a map bound is that map's own figure, played with the same
/// players, bots, games and seed. `reference` gives a map bound's name and text.
fn bands(goals: &[Goal], s: &Settings, reference: &Reference) -> Result<(Vec<Band>, u64), String> {
    let mut out = Vec::new();
    let mut played = 0;
    for g in goals {
        let (bound, from_map) = match &g.bound {
            Bound::Value(v) => (*v, None),
            Bound::Map(m) => {
                let (name, text) = reference(m)?;
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
                let (v, _) = Version::new(&name, text, &rs, None)
                    .map_err(|e| format!("goal `{}`: {e}", g.text))?;
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

/// The round's candidates that load, lint clean (no new finding the designer did not allow)
/// and compile, each with its version; the others are counted in `refused` by reason.
fn legal_candidates(search: &mut Search<'_>) -> Vec<(Edit, Version)> {
    let (s, cur) = (search.s, &search.cur);
    let edits = candidates::candidates(
        &cur.map,
        &search.cur_report,
        &s.frozen,
        &search.touched,
        &search.tried,
        s.candidates,
    );
    search.checks += edits.len() as u64;
    let mut legal = Vec::new();
    for e in edits {
        let checked = edit::apply(search.name, &cur.text, &cur.map, &e)
            .and_then(|t| Version::new(search.name, t, s, Some(&search.allowed)));
        match checked {
            Ok((v, _)) => legal.push((e, v)),
            Err(why) => *search.refused.entry(why).or_default() += 1,
        }
    }
    legal
}

/// The search between rounds: the current map and what has been tried, kept and spent.
struct Search<'a> {
    name: &'a str,
    s: &'a Settings,
    bands: &'a [Band],
    /// The original's lint findings: an edit may add none (but those allowed).
    allowed: Findings,
    cur: Version,
    cur_report: Report,
    /// How far the current map's goals lie outside their bands (0: all hold).
    excess: f64,
    steps: Vec<Step>,
    touched: BTreeSet<(char, usize)>,
    tried: Vec<Edit>,
    refused: BTreeMap<String, usize>,
    rejected_rounds: usize,
    rounds: u64,
    played: u64,
    allowance: u64,
    /// Candidates checked, and the games each check counts as.
    checks: u64,
    check_cost: u64,
    /// With a CPU budget: when the search started, its threads and the CPU seconds it has.
    clock: Option<(std::time::Instant, f64, f64)>,
    /// Wall seconds spent playing (all threads busy); the rest runs on one thread.
    playing: f64,
}

impl Search<'_> {
    /// What the search has spent, in games.
    fn spent(&self) -> u64 {
        self.played + self.checks * self.check_cost
    }

    /// Whether `more` games (and game-counted checks) still fit: in the allowance, and with a
    /// CPU budget at the pace measured so far.
    fn fits(&self, more: u64) -> bool {
        if let Some((start, threads, cpu)) = self.clock {
            let wall = start.elapsed().as_secs_f64();
            let used = self.playing * threads + (wall - self.playing).max(0.0);
            let pace = used / self.spent().max(1) as f64;
            return used + pace * more as f64 <= cpu;
        }
        self.spent() + more <= self.allowance
    }

    /// Why the search stops before another round, if it does.
    fn stop(&self) -> Option<String> {
        if self.excess == 0.0 {
            return Some(if self.steps.is_empty() {
                "every goal already holds".to_string()
            } else {
                "every goal holds on the last round's games".to_string()
            });
        }
        if self.steps.len() >= self.s.max_edits {
            return Some(format!("the edit limit ({}) is reached", self.s.max_edits));
        }
        let patience = self.s.patience;
        (self.rejected_rounds >= patience)
            .then(|| format!("{patience} rounds in a row found no edit that fresh games confirm"))
    }

    /// Plays one round and keeps its winner if fresh games confirm it; `Some(why)` when the
    /// search stops instead.
    fn round(&mut self) -> Result<Option<String>, String> {
        if let Some(why) = self.stop() {
            return Ok(Some(why));
        }
        let s = self.s;
        let tickets = needs_tickets(self.bands);
        let again = if tickets { 2 } else { 1 };
        let confirmation = (2 + 2 * again) * s.confirm_games;
        let (allowance, clock) = (self.allowance, self.clock.is_some());
        let too_much = move || {
            Ok(Some(if clock {
                "another round would pass the CPU budget".to_string()
            } else {
                format!("another round would pass the game allowance ({allowance})")
            }))
        };
        if !self.fits(s.candidates as u64 * self.check_cost + confirmation) {
            return too_much();
        }
        let legal = legal_candidates(self);
        if legal.is_empty() {
            return Ok(Some("no legal edit is left to try".to_string()));
        }
        let cost = round_cost(s.games, legal.len(), tickets) + 2 * again * s.games;
        if !self.fits(cost + confirmation) {
            return too_much();
        }
        self.rounds += 1;
        let (edits, versions): (Vec<Edit>, Vec<Version>) = legal.into_iter().unzip();
        let seed = round_seed(s.seed, self.rounds);
        let playing = std::time::Instant::now();
        let result = round(&self.cur, &versions, self.bands, s, seed)?;
        self.played += result.played;
        self.tried.extend(edits.iter().cloned());
        let Some((i, _, excess, report)) = result.best.filter(|b| b.2 < result.current.1) else {
            self.playing += playing.elapsed().as_secs_f64();
            self.rejected_rounds += 1;
            return Ok(None);
        };
        // Fresh paired games judge the round's winner.
        let check = Config {
            games: s.games,
            ..config(s, round_seed(s.seed, u64::MAX - self.rounds))
        };
        let c = compare::compare(
            &side("current", &self.cur),
            &side("edited", &versions[i]),
            &check,
        )?;
        self.played += 2 * s.games;
        let fresh = fresh_pay(self.bands, &self.cur, &versions[i], &check)?;
        if needs_tickets(self.bands) {
            self.played += 2 * s.games;
        }
        self.playing += playing.elapsed().as_secs_f64();
        let verdict = validate::judge(self.bands, &c, &fresh);
        if s.progress {
            eprintln!(
                "tune: round {}: {} {} on fresh games ({} games so far)",
                self.rounds,
                edits[i].describe(&self.cur.map),
                if verdict.kept {
                    "kept"
                } else {
                    "not confirmed"
                },
                self.played
            );
        }
        if !verdict.kept {
            self.rejected_rounds += 1;
            return Ok(None);
        }
        self.rejected_rounds = 0;
        let edit = edits[i].clone();
        self.touched.extend(edit.touches());
        self.steps.push(Step {
            description: edit.describe(&self.cur.map),
            edit,
            before: verdict.before,
            after: verdict.after,
            evidence: verdict.evidence,
            tried: edits.len(),
        });
        self.excess = excess;
        self.cur = versions.into_iter().nth(i).expect("index of a candidate");
        self.cur_report = report.report;
        Ok(None)
    }
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
) -> Result<Tuning, String> {
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
        // Both maps twice: their readings, then `compare`'s paired figures (and a third time
        // for the tickets' trains).
        played += if needs_tickets(&bands) { 6 } else { 4 } * s.confirm_games;
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

/// Each ticket-pay goal's reading on the current map and the candidate, on the check's games
/// (`None` for the other goals, which `compare` measures).
fn fresh_pay(
    bands: &[Band],
    cur: &Version,
    cand: &Version,
    check: &Config,
) -> Result<Vec<Option<(Reading, Reading)>>, String> {
    let pay = |v: &Version| -> Result<Reading, String> {
        let t = crate::playtest::ticket_values::suggest(&v.game, &v.map, check)?;
        Ok(goal::ticket_pay(&t))
    };
    let mut out = Vec::new();
    for b in bands {
        out.push(if b.measure.needs_tickets() {
            Some((pay(cur)?, pay(cand)?))
        } else {
            None
        });
    }
    Ok(out)
}

/// Original and tuned, the same fresh games on both.
fn confirm(
    orig: &Version,
    tuned: &Version,
    bands: &[Band],
    s: &Settings,
) -> Result<Confirmation, String> {
    let seed = round_seed(s.seed, u64::MAX);
    let config = Config {
        games: s.confirm_games,
        ..config(s, seed)
    };
    let read = |v: &Version| -> Result<Vec<Reading>, String> {
        let t = play_range(&v.game, &config, 0..config.games, None)?;
        Ok(score(bands, &measure(v, bands, s, seed, &t, config.games)?).0)
    };
    let (before, after) = (read(orig)?, read(tuned)?);
    let c = compare::compare(&side("original", orig), &side("tuned", tuned), &config)?;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_double_up_to_the_full_count() {
        assert_eq!(steps(800), vec![100, 200, 400, 800]);
        assert_eq!(steps(1000), vec![125, 250, 500, 1000]);
        assert_eq!(steps(4), vec![1, 2, 4]);
        // 3 candidates and the current map: 4 × 100, then 2 + 1 play 100 more, then 1 + 1
        // play 200 more, then 1 + 1 play 400 more: 400 + 300 + 400 + 800 = 1900.
        assert_eq!(round_cost(800, 3, false), 1900);
        // Replaying for the tickets' trains adds each evaluation's games again: 4 × 100 +
        // 3 × 200 + 2 × 400 + 2 × 800 = 3400.
        assert_eq!(round_cost(800, 3, true), 1900 + 3400);
    }
}
