//! `playtest --until-decided`: a playtest of one bot against another that stops as soon as a
//! sequential test ([`super::sprt`], the one `ttrmap ladder` uses) settles whether the first
//! bot wins at least `p1` of the games or at most `p0` (50 %), or the game limit is reached.
//! The report then describes the games played up to the one that settled it.
//!
//! Deterministic: games are played in batches on any number of threads, fed to the test in
//! game order, and the games after the one that settled it are dropped, so the same seed
//! gives the same report at any thread count. The test looks only after an even number of
//! games: the seats rotate by one bot each game, so both bots have then held each seat alike.

use super::sprt::{Params, Sprt, Verdict};
use super::totals::{Context, Totals};
use super::{Config, Line, PlaytestError, Recording, bots_for, play_into};
use crate::engine::{Game, State};
use rayon::prelude::*;
use serde::Serialize;

/// Games played at once before the test looks again.
const BATCH: u64 = 32;

/// What the sequential test said, and after how many games.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Decided {
    /// The bot tested (the first of `--bots`) and the one it plays.
    pub tested: String,
    pub against: String,
    #[serde(flatten)]
    pub params: Params,
    pub verdict: Verdict,
    /// Games played (the report's games); at most `most`.
    pub games: u64,
    /// The game limit (`--games`).
    pub most: u64,
}

impl Decided {
    /// The sentence a report opens with.
    pub fn sentence(&self) -> String {
        let pct = |v: f64| format!("{:.0} %", v * 100.0);
        let errors = format!(
            "at most {} wrongly ahead, {} wrongly not",
            pct(self.params.alpha),
            pct(self.params.beta)
        );
        match self.verdict {
            Verdict::Ahead => format!(
                "Decided after {} of at most {} games: {} is ahead of {} (wins at least {} of \
                 the games rather than at most {}; sequential test, {errors}).",
                self.games,
                self.most,
                self.tested,
                self.against,
                pct(self.params.p1),
                pct(self.params.p0)
            ),
            Verdict::NotAhead => format!(
                "Decided after {} of at most {} games: {} is not ahead of {} (wins at most {} \
                 of the games rather than at least {}; sequential test, {errors}).",
                self.games,
                self.most,
                self.tested,
                self.against,
                pct(self.params.p0),
                pct(self.params.p1)
            ),
            Verdict::Undecided => format!(
                "Not decided after {} games (the most --games allows): whether {} wins at least \
                 {} of the games against {}, or at most {}, needs more games.",
                self.games,
                self.tested,
                pct(self.params.p1),
                self.against,
                pct(self.params.p0)
            ),
        }
    }
}

/// The first bot's share of the win in a finished game (a shared win counts in part);
/// `None` for a game that did not finish.
fn share(state: &State, seat_bot: &[usize]) -> Option<f64> {
    let result = state.result.as_ref()?;
    let winners = result.iter().filter(|r| r.winner).count().max(1) as f64;
    let first = (0..result.len())
        .filter(|&s| result[s].winner && seat_bot[s] == 0)
        .count() as f64;
    Some(first / winners)
}

/// Plays games of a run of `config` in order until `params`' test settles or `config.games`
/// are played; returns their totals and what the test said. `config.bots` must name two
/// bots.
pub fn play_until_decided(
    game: &Game,
    config: &Config,
    params: Params,
    mut recording: Option<Recording<'_>>,
) -> Result<(Totals, Decided), PlaytestError> {
    params.check()?;
    let roster = bots_for(game, config)?;
    let [tested, against] = roster.names.as_slice() else {
        return Err(PlaytestError::NotTwoBots(roster.names.clone()));
    };
    let record = recording.is_some();
    let context = Context::new(game, roster.names.len());
    let progress = super::progress_bar(config.progress, config.games);
    let pool = super::thread_pool(config.threads)?;
    let mut test = Sprt::new(params);
    let mut totals = Totals::new(&context);
    let mut played = 0;
    'play: while played < config.games {
        let end = (played + BATCH).min(config.games);
        let batch: Vec<(Totals, Option<f64>, Option<Line>)> = pool.install(|| {
            (played..end)
                .into_par_iter()
                .map(|i| {
                    let mut one = Totals::new(&context);
                    let (state, seats, line) =
                        play_into(game, config, &roster, &context, i, record, &mut one);
                    progress.inc(1);
                    (one, share(&state, &seats), line)
                })
                .collect()
        });
        for (one, x, line) in batch {
            played += 1;
            totals = totals.merge(one);
            if let (Some(rec), Some((i, seed, bots, actions))) = (recording.as_mut(), line) {
                rec.write_game(i, seed, bots.split(',').collect(), &actions)
                    .map_err(PlaytestError::Recording)?;
            }
            if let Some(x) = x {
                test.add(x);
            }
            if played % 2 == 0 && test.verdict() != Verdict::Undecided {
                break 'play;
            }
        }
    }
    progress.finish_and_clear();
    let decided = Decided {
        tested: tested.clone(),
        against: against.clone(),
        params,
        verdict: test.verdict(),
        games: played,
        most: config.games,
    };
    Ok((totals, decided))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sentence_says_the_verdict_and_the_games() {
        let d = Decided {
            tested: "search:64".into(),
            against: "random".into(),
            params: Params::default(),
            verdict: Verdict::Ahead,
            games: 32,
            most: 1000,
        };
        assert_eq!(
            d.sentence(),
            "Decided after 32 of at most 1000 games: search:64 is ahead of random (wins at \
             least 55 % of the games rather than at most 50 %; sequential test, at most 5 % \
             wrongly ahead, 5 % wrongly not)."
        );
    }
}
