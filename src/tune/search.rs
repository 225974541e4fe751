//! The search between rounds ([`Search`]): each round's legal candidates, successive halving
//! among them on the round's seeds ([`round`]), the winner checked on fresh paired games, and
//! what has been tried, kept and spent, against the game allowance or the CPU budget.

use super::*;

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
) -> Result<RoundResult, PlaytestError> {
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
            Err(why) => {
                *search.refused.entry(why).or_default() += 1;
                // To the back of the next rounds, as a played edit: refused once it is most
                // often refused again (the same lint finding), and it kept a slot from an edit
                // that could play (on Castilla y León half a round's slots went so).
                search.tried.push(e);
            }
        }
    }
    legal
}

/// The search between rounds: the current map and what has been tried, kept and spent.
pub(super) struct Search<'a> {
    pub(super) name: &'a str,
    pub(super) s: &'a Settings,
    pub(super) bands: &'a [Band],
    /// The original's lint findings: an edit may add none (but those allowed).
    pub(super) allowed: Findings,
    pub(super) cur: Version,
    pub(super) cur_report: Report,
    /// How far the current map's goals lie outside their bands (0: all hold).
    pub(super) excess: f64,
    pub(super) steps: Vec<Step>,
    pub(super) touched: BTreeSet<(char, usize)>,
    pub(super) tried: Vec<Edit>,
    pub(super) refused: BTreeMap<Refusal, usize>,
    pub(super) rejected_rounds: usize,
    pub(super) rounds: u64,
    pub(super) played: u64,
    pub(super) allowance: u64,
    /// Candidates checked, and the games each check counts as.
    pub(super) checks: u64,
    pub(super) check_cost: u64,
    /// With a CPU budget: when the search started, its threads and the CPU seconds it has.
    pub(super) clock: Option<(std::time::Instant, f64, f64)>,
    /// Wall seconds spent playing (all threads busy); the rest runs on one thread.
    pub(super) playing: f64,
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
    pub(super) fn round(&mut self) -> Result<Option<String>, TuneError> {
        if let Some(why) = self.stop() {
            return Ok(Some(why));
        }
        let s = self.s;
        let tickets = needs_tickets(self.bands);
        let again = if tickets { 2 } else { 1 };
        let confirmation = confirmation_games(self.bands, s);
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
        let verdict = validate::judge(self.bands, &c, &fresh)?;
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

/// Each ticket-pay goal's reading on the current map and the candidate, on the check's games
/// (`None` for the other goals, which `compare` measures).
fn fresh_pay(
    bands: &[Band],
    cur: &Version,
    cand: &Version,
    check: &Config,
) -> Result<Vec<Option<(Reading, Reading)>>, PlaytestError> {
    let pay = |v: &Version| -> Result<Reading, PlaytestError> {
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
