//! Bots: players that choose among the legal actions.
//!
//! A bot is handed the whole [`State`], but plays only on what its seat could know: its own
//! hand and tickets, the public board, and the cards and tickets it has seen. Where a bot
//! must reason about what others hold (a style's module decisions, every search), it works
//! on [`State::determinize`]: a copy with the hidden parts dealt again from what it has not
//! seen. `tests/style_bots_fair.rs` and `tests/search_bot.rs` swap the hidden parts and
//! require the same choice.
//!
//! What a bot saw earlier a state does not keep: the bot remembers it in a
//! [`Seen`](crate::engine::Seen), through `State::observe`. Each mechanic module deals its own
//! state again (`Mechanic::redeal`); the search bot refuses ([`Bot::plays`]) a game with a
//! stateful module that has no redeal.
//!
//! The bots: [`RandomBot`] here; the four playing styles in `styles.rs` (whose `//!` states
//! each style's rules), planning with `planner/` (its shortest-path searches in
//! `planner/search.rs`), ticket drafts with `draft.rs` and tunnels with `tunnels.rs`; the
//! search bot in `search/`. How they play against each other is
//! measured in `docs/bots.md` and `docs/search-experiments.md`.

mod draft;
mod planner;
mod search;
mod styles;
mod tunnels;

pub use planner::Planner;
pub use search::{Budget, SearchBot};
pub use styles::{Style, StyleBot};

use crate::engine::{Action, Game, State};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;

/// A player.
pub trait Bot: Send {
    fn name(&self) -> &'static str;

    /// Whether this bot can play `game` as it must: an error saying why not (the search
    /// bot cannot deal again the state of some modules, and would read hidden information).
    /// Playtests ask before the first game.
    fn plays(&self, _game: &Game) -> Result<(), CannotPlay> {
        Ok(())
    }

    /// For a bot that searches under a budget of CPU time: the decisions it searched so far
    /// and the thread CPU time they took, in nanoseconds (its forced moves not counted).
    /// The report gives their mean, as that time is what the budget bought. `None` for
    /// every other bot.
    fn clock(&self) -> Option<(u64, u64)> {
        None
    }

    /// Chooses among `legal`, which is never empty.
    fn choose(
        &mut self,
        game: &Game,
        state: &State,
        legal: &[Action],
        rng: &mut ChaCha8Rng,
    ) -> Action;

    /// Chooses the next action, `None` when there is no legal action. The default lists the
    /// legal actions into `scratch` and calls [`Bot::choose`]; a bot may find its action
    /// without the list, but must return exactly what `choose` would (same action, same use
    /// of `rng`), so that a seed plays the same game whichever entry point a runner uses.
    fn act(
        &mut self,
        game: &Game,
        state: &State,
        scratch: &mut Vec<Action>,
        rng: &mut ChaCha8Rng,
    ) -> Option<Action> {
        state.legal_actions(game, scratch);
        if scratch.is_empty() {
            return None;
        }
        Some(self.choose(game, state, scratch, rng))
    }
}

/// The bot names `ttrmap playtest --bots` accepts.
pub const BOT_NAMES: &[&str] = &[
    "random",
    "destination-hungry",
    "route-focus",
    "one-step",
    "long-route",
    "search",
];

/// What each bot does, in one line, for `ttrmap playtest --help` and the docs.
pub const BOT_DOCS: &[(&str, &str)] = &[
    (
        "random",
        "any legal action, uniformly (ticket draws 10 times rarer); finds failure states and \
         rule holes fast, says nothing about balance",
    ),
    (
        "destination-hungry",
        "keeps every ticket its trains can still build and draws more when its plan is done",
    ),
    (
        "route-focus",
        "keeps the fewest, cheapest tickets and claims the longest routes first",
    ),
    (
        "one-step",
        "greedy, one turn ahead: at most two tickets, claims toward the one nearest completion",
    ),
    (
        "long-route",
        "few long tickets, one growing network for the longest-path bonus",
    ),
    (
        "search",
        "tree search over its own moves in dealt copies of the position, the styles \
         playing the rest; `search:N` gives N rollouts a decision (default 64; below 4 it \
         plays destination-hungry), `search:Nms` N milliseconds of CPU time a decision (how \
         many rollouts that buys depends on the machine, so a seed does not replay the same \
         games: use rollouts to reproduce a run); never reads others' hidden cards or \
         tickets, it deals them again from what it has not seen",
    ),
];

/// The four playing styles, every command's default bots: a map played with purpose, so a
/// report speaks of balance. `random` (rule holes, games that cannot finish) only when asked.
pub const STYLE_BOTS: &str = "destination-hungry,route-focus,one-step,long-route";

/// The `--bots` help: every bot with what it does, and which to use for what.
pub fn bots_help() -> String {
    let mut s = String::from(
        "Bots, comma-separated; seats take them in turn, rotating each game so every bot plays \
         every seat.\n\n",
    );
    for (name, doc) in BOT_DOCS {
        s.push_str(&format!("  {name}: {doc}\n"));
    }
    s.push_str(
        "\nThe default is the four styles together \
         (destination-hungry,route-focus,one-step,long-route), for balance: a map where one \
         style wins far more than its share favours one way of playing. Use random (--bots \
         random) to find games that cannot finish; it says nothing about balance.",
    );
    s
}

/// Makes a bot by name.
pub fn by_name(name: &str) -> Option<Box<dyn Bot>> {
    name.parse::<BotKind>().ok().map(BotKind::bot)
}

/// A bot as `--bots` names it, parsed once: playtests check the names before the first
/// game and make each game's bots from this, not from the name again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BotKind {
    Random,
    Style(Style),
    /// The search bot with this budget a decision.
    Search(Budget),
}

impl BotKind {
    /// A new bot of this kind.
    pub fn bot(self) -> Box<dyn Bot> {
        match self {
            BotKind::Random => Box::new(RandomBot),
            BotKind::Style(s) => Box::new(StyleBot::new(s)),
            BotKind::Search(b) => Box::new(SearchBot::with_budget(b)),
        }
    }
}

impl std::str::FromStr for BotKind {
    type Err = UnknownBot;

    fn from_str(name: &str) -> Result<BotKind, UnknownBot> {
        match name {
            "random" => Some(BotKind::Random),
            _ if name.starts_with("search") => SearchBot::budget(name).map(BotKind::Search),
            _ => Style::by_name(name).map(BotKind::Style),
        }
        .ok_or_else(|| UnknownBot(name.to_string()))
    }
}

/// A `--bots` name no bot answers to (the name), with the nearest name and the list.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown bot {}{}; bots: {}", .0, did_you_mean(.0), BOT_NAMES.join(", "))]
pub struct UnknownBot(pub String);

fn did_you_mean(name: &str) -> String {
    crate::suggest::did_you_mean(name, BOT_NAMES.iter().copied())
        .map_or(String::new(), |d| format!("; {d}"))
}

/// Why a bot cannot play a game ([`Bot::plays`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CannotPlay {
    /// The search bot on a game whose modules (their names) keep per-game words it cannot
    /// deal again.
    #[error(
        "the search bot cannot hide the state of module(s) {} (it would read other players' hidden information); play this map with the style bots",
        .0.join(", ")
    )]
    HiddenState(Vec<String>),
}

/// Uniform over the legal actions, except that drawing tickets is ten times less likely than
/// any other action (it stays possible), so that random games end in a sensible time.
///
/// Exactly: with `n` legal actions and no ticket draw among them, each has probability
/// `1/n`; with a ticket draw, it has `1/(10(n-1)+1)` and every other action
/// `10/(10(n-1)+1)`. Every legal action is reachable. "Action" here is one entry of
/// [`State::legal_actions`]: a claim paid with a different colour or number of locomotives
/// is a different action, so routes a hand can pay in many ways are claimed more often.
pub struct RandomBot;

/// The weight of `DrawTickets` against 10 for every other action.
const TICKET_DRAW_WEIGHT: u32 = 1;
const OTHER_WEIGHT: u32 = 10;

/// The index among `n` legal actions (`DrawTickets` at `tickets_at`, if legal) that the
/// random bot plays, drawing once from `rng`.
fn random_index(n: u32, tickets_at: Option<u32>, rng: &mut ChaCha8Rng) -> Option<u32> {
    if n == 0 {
        return None;
    }
    let Some(t) = tickets_at else {
        return Some(rng.random_range(0..n));
    };
    let total = (n - 1) * OTHER_WEIGHT + TICKET_DRAW_WEIGHT;
    let r = rng.random_range(0..total);
    // Actions before `DrawTickets` weigh OTHER_WEIGHT each, then DrawTickets, then the rest.
    let before = t * OTHER_WEIGHT;
    Some(if r < before {
        r / OTHER_WEIGHT
    } else if r < before + TICKET_DRAW_WEIGHT {
        t
    } else {
        t + 1 + (r - before - TICKET_DRAW_WEIGHT) / OTHER_WEIGHT
    })
}

impl Bot for RandomBot {
    fn name(&self) -> &'static str {
        "random"
    }

    fn choose(
        &mut self,
        _game: &Game,
        _state: &State,
        legal: &[Action],
        rng: &mut ChaCha8Rng,
    ) -> Action {
        let tickets_at = legal
            .iter()
            .position(|&a| a == Action::DrawTickets)
            .map(|i| i as u32);
        let i = random_index(legal.len() as u32, tickets_at, rng).unwrap_or(0);
        legal[(i as usize).min(legal.len().saturating_sub(1))]
    }

    /// Draws the same index as [`RandomBot::choose`] from counts alone: no list is built.
    fn act(
        &mut self,
        game: &Game,
        state: &State,
        _scratch: &mut Vec<Action>,
        rng: &mut ChaCha8Rng,
    ) -> Option<Action> {
        state.sample_legal(game, |n, tickets_at| random_index(n, tickets_at, rng))
    }
}
