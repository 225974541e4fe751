//! Reporting: what a module says about a finished game (counters and their ratios, what of
//! its data is a placeholder) and about a choice (in words for replays), reached through
//! [`Mechanic::report`](super::Mechanic::report). The rules never ask.

use crate::engine::{Game, State};

/// A count a module reports about a finished game ([`Report::counters`]), summed over a
/// playtest's games as integers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Counter {
    /// What is counted (`markers placed`, `start: Salt Lake City`).
    pub name: String,
    /// The player it is about, or `None` for the whole game.
    pub player: Option<u8>,
    pub value: i64,
}

/// A figure reports derive from two of a module's counters ([`Report::counter_ratios`]):
/// for every counter named `ROW: {name}` with a counter `ROW: {over}`, the report shows
/// `ROW: {label}`, the sum of the first over the sum of the second (Σ/Σ over the games, so
/// still byte-identical at any thread count).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CounterRatio {
    pub name: &'static str,
    pub over: &'static str,
    pub label: &'static str,
    /// Whether the two counters are counted per player, so the ratio has a figure by seat;
    /// `false`: counted for the game only, the report gives the ratio for all seats alone.
    pub per_seat: bool,
}

/// Reporting. Every method has a default that says nothing: a module overrides what it has
/// to say.
pub trait Report {
    /// Report figures: named integer counts about the finished game `state` (markers
    /// placed, captures), pushed to `out`. Playtests sum each (module, name, player) over
    /// their games and print the means.
    fn counters(&self, _game: &Game, _state: &State, _me: usize, _out: &mut Vec<Counter>) {}

    /// Report figures derived from two counters (cards per pile taken).
    fn counter_ratios(&self) -> &'static [CounterRatio] {
        &[]
    }

    /// Whether counter `name` is kept only as an operand of a ratio (seats that bought a
    /// card, their wins): the text report leaves it out; json keeps it, marked `operand`.
    fn counter_is_operand(&self, _name: &str) -> bool {
        false
    }

    /// What of the module's data is a placeholder (`unverified = true` in the map), for
    /// reports to say that the figures depending on it are provisional; `None`: nothing.
    fn unverified(&self) -> Option<String> {
        None
    }

    /// What `choice` of the decision or action at `step` (`None`: a main-phase action)
    /// means, in words for replays (`starting city Salt Lake City`); `None`: the replay says
    /// the number. `state` is the position before the choice.
    fn describe(
        &self,
        _game: &Game,
        _state: &State,
        _me: usize,
        _step: Option<u16>,
        _choice: u16,
    ) -> Option<String> {
        None
    }
}
