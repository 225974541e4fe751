//! Playtests: many games between bots, played in parallel and summed into one report.
//!
//! Game `i` is played with the seed `game_seed(seed, i)`, whatever thread plays it, and every
//! figure is summed as integers (order does not matter), so a report is byte-identical for
//! any thread count. Memory does not grow with the number of games: games are played in
//! chunks, each game is folded into its thread's running totals as soon as it ends, and only
//! bounded lists (the first failures) are kept. A recording (`--record`) is written chunk by
//! chunk to the caller's writer, in game order.
//!
//! Each game has two random streams from its seed: chance (deck, shuffles, tunnel reveals;
//! stream 0) and the bots' choices (stream 1). A replay needs only the seed and the actions,
//! whatever the bots did with their own randomness.
//!
//! [`report_from_totals`] is the one path from totals to a report, for a run and a merge
//! alike, so shards merge into the bytes of one run. Built on the same runner: `record.rs`
//! (`--record`, `replay`), `partial.rs` (`--shard I/N`, `merge`), `compare/` (`compare`, and
//! `until_decided.rs`: `compare --until-decided`, looking at doubling game counts until
//! every `--fail-if` condition is settled), `ladder.rs` with `sprt.rs`, `sequential.rs`
//! (`playtest --until-decided`) and `ticket_values.rs` (`suggest tickets`). `error.rs` has
//! `PlaytestError`, what stops a playtest; a run's bots are parsed once into
//! `bots::BotKind`s.

pub mod compare;
pub mod diagnose;
mod error;
pub mod html;
pub mod ladder;
pub mod names;
pub mod page;
pub mod partial;
pub mod plots;
pub mod record;
mod report;
pub mod sequential;
pub mod sprt;
pub mod standout;
pub mod ticket_values;
pub mod totals;
pub mod words;

pub use error::{PlaytestError, ShapeError};
pub use record::{RecordHeader, Recording};
pub use report::*;

use crate::bots::{Bot, BotKind};
use crate::engine::{Action, CARD_KINDS, Game, State};
use crate::model::WhenStuck;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use std::ops::Range;
use totals::{Context, Totals};

/// Failures listed in a report (the ones of the lowest game indices); all are counted.
pub const FAILURES_LISTED: usize = 100;
/// Games played between two merges of the running totals (and two writes of a recording).
const CHUNK: u64 = 2048;

/// The seed of game `index` (SplitMix64 of the pair), independent of threads.
pub fn game_seed(base: u64, index: u64) -> u64 {
    let mut z = base ^ index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The chance stream of a game: deals, blind draws, shuffles, tunnel reveals.
pub fn chance_rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// The bots' stream of a game, separate from chance so that a replay of the actions alone
/// draws the same cards.
pub fn bot_rng(seed: u64) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(1);
    rng
}

/// What one game did beyond its final state, observed while it was played.
#[derive(Debug, Clone, Default)]
pub struct GameLog {
    /// Each completed claim: (route index, global turn number at the claim).
    pub claims: Vec<(u16, u32)>,
    /// Cards taken into hands (draws), per kind.
    pub drawn: [u32; CARD_KINDS],
    /// Cards paid from hands (claims, tunnels, stations), per kind.
    pub spent: [u32; CARD_KINDS],
    /// The first turn at which the train deck and the discard pile were both empty.
    pub exhausted_at: Option<u32>,
    /// Turns the players passed, having nothing they could do ([`Action::Pass`]).
    pub passes: u32,
    /// Every action in order, when `record` is set.
    pub actions: Vec<Action>,
    pub record: bool,
    /// By seat, what a bot under a time budget reports of its decisions ([`Bot::clock`]),
    /// filled in at the game's end.
    pub clocks: Vec<Option<(u64, u64)>>,
}

/// Plays one game to its end (or to a failure state). The bots sit in seat order.
pub fn play_game(game: &Game, bots: &mut [Box<dyn Bot>], seed: u64) -> State {
    play(game, bots, seed, None)
}

/// [`play_game`], filling `log` as the game goes.
pub fn play_logged(game: &Game, bots: &mut [Box<dyn Bot>], seed: u64, log: &mut GameLog) -> State {
    play(game, bots, seed, Some(log))
}

/// The one game loop. Chance and the bots draw from separate streams of the seed, so a
/// replay of the actions alone draws the same cards. Bots act through [`Bot::act`], which may
/// pick an action without listing them all (the random bot's fast path).
fn play(game: &Game, bots: &mut [Box<dyn Bot>], seed: u64, mut log: Option<&mut GameLog>) -> State {
    let mut rng = chance_rng(seed);
    let mut choice_rng = bot_rng(seed);
    let mut state = State::new(game, seed, &mut rng);
    let mut scratch: Vec<Action> = Vec::with_capacity(256);
    while !state.is_terminal() {
        let p = state.current_player();
        // Under `when_stuck = "pass"` a stuck player's one legal action is `Action::Pass`
        // (the engine ends the game when a whole round passes), so an empty list is the
        // `"fail"` reading: the first stuck player stops the game.
        let Some(action) = bots[p as usize].act(game, &state, &mut scratch, &mut choice_rng) else {
            state.fail(format!(
                "player {} has no legal action in {:?} (rules.end_game.when_stuck = \"{}\"; \
                 train deck and discard: {} cards, tickets left: {})",
                p + 1,
                state.phase,
                match game.when_stuck {
                    WhenStuck::Pass => "pass",
                    WhenStuck::Fail => "fail",
                    WhenStuck::End => "end",
                },
                state.deck_size + state.discard.iter().sum::<u16>(),
                state.ticket_decks.iter().map(|d| d.len()).sum::<usize>()
            ));
            break;
        };
        let hand = state.players[p as usize].hand;
        let routes_before = state.players[p as usize].routes.len();
        let turn = state.turn;
        if let Err(e) = state.apply(game, action, &mut rng) {
            state.fail(format!("bot chose an illegal action: {e}"));
            break;
        }
        if let Some(log) = log.as_deref_mut() {
            observe(log, &state, p as usize, action, hand, routes_before, turn);
        }
    }
    state
}

/// Folds one applied action into the game's log.
fn observe(
    log: &mut GameLog,
    state: &State,
    p: usize,
    action: Action,
    hand_before: crate::engine::Cards,
    routes_before: usize,
    turn: u32,
) {
    if log.record {
        log.actions.push(action);
    }
    log.passes += (action == Action::Pass) as u32;
    let after = &state.players[p];
    for (k, (&now, &was)) in after.hand.iter().zip(&hand_before).enumerate() {
        if now > was {
            log.drawn[k] += (now - was) as u32;
        } else {
            log.spent[k] += (was - now) as u32;
        }
    }
    if after.routes.len() > routes_before {
        log.claims
            .push((after.routes[after.routes.len() - 1], turn));
    }
    if log.exhausted_at.is_none() && state.deck_size == 0 && state.discard.iter().all(|&n| n == 0) {
        log.exhausted_at = Some(turn);
    }
}

/// The progress bar's line: games done of all, games a second, time left.
pub const PROGRESS_TEMPLATE: &str = "{wide_bar} {human_pos}/{human_len} games ({rate}, {eta} left)";

/// A progress bar over `games` (stderr) when `show`, else a hidden one.
fn progress_bar(show: bool, games: u64) -> indicatif::ProgressBar {
    if show {
        indicatif::ProgressBar::new(games).with_style(progress_style())
    } else {
        indicatif::ProgressBar::hidden()
    }
}

/// A pool of `threads` workers (0: rayon's default) for a run's games.
fn thread_pool(threads: usize) -> Result<rayon::ThreadPool, PlaytestError> {
    Ok(rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()?)
}

fn progress_style() -> indicatif::ProgressStyle {
    indicatif::ProgressStyle::with_template(PROGRESS_TEMPLATE)
        .map(|style| {
            // Whole games a second: indicatif's own `per_sec` shows four decimals.
            style.with_key(
                "rate",
                |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                    let _ = write!(w, "{:.0} games/s", state.per_sec());
                },
            )
        })
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar())
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

/// Plays the games and builds the report. Unknown bot names are an error.
pub fn run(game: &Game, config: &Config) -> Result<Report, PlaytestError> {
    run_with(game, config, None)
}

/// [`run`], also writing every game (seed, seats, actions) to `recording` as JSON Lines.
pub fn run_with(
    game: &Game,
    config: &Config,
    recording: Option<Recording<'_>>,
) -> Result<Report, PlaytestError> {
    let totals = play_range(game, config, 0..config.games, recording)?;
    report_from_totals(game, config, &totals)
}

/// The distinct bots of `config`, in order of first seat: the bots the report has a line for.
pub fn bot_names(config: &Config) -> Result<Vec<String>, PlaytestError> {
    Ok(roster(config)?.names)
}

/// The distinct bots of a run, in order of first seat: their names as given and their kinds,
/// parsed once before the first game.
#[derive(Debug, Clone)]
pub struct Roster {
    pub names: Vec<String>,
    kinds: Vec<BotKind>,
}

/// The run's [`Roster`]; an unknown name is an error.
fn roster(config: &Config) -> Result<Roster, PlaytestError> {
    if config.bots.is_empty() {
        return Err(PlaytestError::NoBots);
    }
    let mut r = Roster {
        names: Vec::new(),
        kinds: Vec::new(),
    };
    for b in &config.bots {
        let kind: BotKind = b.parse()?;
        if !r.names.contains(b) {
            r.names.push(b.clone());
            r.kinds.push(kind);
        }
    }
    Ok(r)
}

/// The run's [`Roster`], each bot checked to play `game` as it must ([`Bot::plays`]: the
/// search bot refuses a game whose modules keep state it cannot hide).
pub fn bots_for(game: &Game, config: &Config) -> Result<Roster, PlaytestError> {
    let r = roster(config)?;
    for (name, kind) in r.names.iter().zip(&r.kinds) {
        kind.bot()
            .plays(game)
            .map_err(|why| PlaytestError::BotCannotPlay {
                bot: name.clone(),
                why,
            })?;
    }
    Ok(r)
}

/// The empty totals of a playtest of `game` by `config`'s bots.
pub fn empty_totals(game: &Game, config: &Config) -> Result<Totals, PlaytestError> {
    let names = bot_names(config)?;
    Ok(Totals::new(&Context::new(game, names.len())))
}

/// The report of `totals`, the games of one run or the merged parts of a sharded one: the one
/// path from totals to a report, so both give the same bytes. Totals of another shape than
/// `game` (a part made from another map) are an error.
pub fn report_from_totals(
    game: &Game,
    config: &Config,
    totals: &Totals,
) -> Result<Report, PlaytestError> {
    let names = bot_names(config)?;
    let context = Context::new(game, names.len());
    totals.check_shape(&context)?;
    Ok(report::build(game, config, &names, &context, totals))
}

/// The bots of game `index` by seat, as indices into [`bot_names`]: the list rotates by one
/// each game so every bot plays every seat.
fn seat_bots(config: &Config, names: &[String], players: usize, index: u64) -> Vec<usize> {
    let list = &config.bots;
    (0..players)
        .map(|s| {
            let name = &list[(s + (index % list.len() as u64) as usize) % list.len()];
            names.iter().position(|n| n == name).unwrap_or(0)
        })
        .collect()
}

/// A new bot for each seat of `seat_bot` (indices into the roster [`bots_for`] checked).
fn seated(roster: &Roster, seat_bot: &[usize]) -> Vec<Box<dyn Bot>> {
    seat_bot.iter().map(|&b| roster.kinds[b].bot()).collect()
}

/// A recorded game: index, seed, the bots by seat (comma-separated), the actions.
type Line = (u64, u64, String, Vec<Action>);

/// Plays game `i` of a run of `config` (its seed and seats) and adds it to `totals`; returns
/// the game's state, its bots by seat (indices into the roster) and, when `record`, its line
/// for the recording.
fn play_into(
    game: &Game,
    config: &Config,
    roster: &Roster,
    context: &Context,
    i: u64,
    record: bool,
    totals: &mut Totals,
) -> (State, Vec<usize>, Option<Line>) {
    let seat_bot = seat_bots(config, &roster.names, game.players as usize, i);
    let mut seats = seated(roster, &seat_bot);
    let seed = game_seed(config.seed, i);
    let mut log = GameLog {
        record,
        ..GameLog::default()
    };
    let state = play_logged(game, &mut seats, seed, &mut log);
    log.clocks = seats.iter().map(|b| b.clock()).collect();
    let counters = if state.result.is_some() {
        totals::module_counters(game, &state)
    } else {
        Vec::new()
    };
    totals.add(context, i, &state, &log, &seat_bot, &counters);
    let line = record.then(|| {
        let bots: Vec<&str> = seat_bot.iter().map(|&b| roster.names[b].as_str()).collect();
        (i, seed, bots.join(","), log.actions)
    });
    (state, seat_bot, line)
}

/// Plays games `range` of a run of `config` (each with the seed and seats it has in the whole
/// run, so any split of the games into ranges plays the same games) and returns their totals.
pub fn play_range(
    game: &Game,
    config: &Config,
    range: Range<u64>,
    mut recording: Option<Recording<'_>>,
) -> Result<Totals, PlaytestError> {
    let roster = bots_for(game, config)?;
    let record = recording.is_some();
    let context = Context::new(game, roster.names.len());
    let progress = progress_bar(config.progress, range.end.saturating_sub(range.start));
    let play_chunk = |start: u64, end: u64| {
        (start..end)
            .into_par_iter()
            .fold(
                || (Totals::new(&context), Vec::new()),
                |(mut totals, mut lines), i| {
                    let (_, _, line) =
                        play_into(game, config, &roster, &context, i, record, &mut totals);
                    lines.extend(line);
                    progress.inc(1);
                    (totals, lines)
                },
            )
            .reduce(
                || (Totals::new(&context), Vec::new()),
                |(a, mut la), (b, lb)| {
                    la.extend(lb);
                    (a.merge(b), la)
                },
            )
    };
    let pool = thread_pool(config.threads)?;
    let mut totals = Totals::new(&context);
    let mut start = range.start;
    while start < range.end {
        let end = (start + CHUNK).min(range.end);
        let (chunk, mut lines) = pool.install(|| play_chunk(start, end));
        totals = totals.merge(chunk);
        if let Some(rec) = recording.as_mut() {
            lines.sort_by_key(|l| l.0);
            for (i, seed, bots, actions) in lines {
                rec.write_game(i, seed, bots.split(',').collect(), &actions)
                    .map_err(PlaytestError::Recording)?;
            }
        }
        start = end;
    }
    progress.finish_and_clear();
    Ok(totals)
}
