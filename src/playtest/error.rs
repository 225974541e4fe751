//! Why a playtest (a run, a comparison, a ladder, a ticket-value suggestion) cannot be
//! played. Each variant's text is what `ttrmap` prints after `error: `, word for word as it
//! was when these were strings; the commands choose the exit code from the variant
//! (`cli::error`), never from the text.

use crate::bots::{CannotPlay, UnknownBot};

/// What stopped a playtest before or while its games were played.
#[derive(Debug, thiserror::Error)]
pub enum PlaytestError {
    #[error("no bots given")]
    NoBots,
    #[error(transparent)]
    UnknownBot(#[from] UnknownBot),
    /// A bot (its name) that cannot play the game.
    #[error("bot {bot}: {why}")]
    BotCannotPlay { bot: String, why: CannotPlay },
    /// `--until-decided` given other than two bots (their names).
    #[error(
        "--until-decided tests one bot against another, and --bots names {} ({}): give two, the one tested first (--bots search:64,destination-hungry)",
        .0.len(),
        .0.join(", ")
    )]
    NotTwoBots(Vec<String>),
    #[error("cannot start threads: {0}")]
    Threads(#[from] rayon::ThreadPoolBuildError),
    #[error("cannot write the recording: {0}")]
    Recording(#[source] std::io::Error),
    /// Totals that are not of the game (a part made from another map).
    #[error(transparent)]
    Shape(#[from] ShapeError),
    /// A sequential test's rates that make no test.
    #[error(transparent)]
    Sprt(#[from] super::sprt::BadParams),
    #[error("a ladder needs at least two tiers")]
    FewTiers,
    #[error("the two versions must be played at the same player count")]
    PlayerCountsDiffer,
    #[error("no games to compare")]
    NoGames,
    /// `--fail-if` conditions `--until-decided` cannot settle.
    #[error(transparent)]
    Unsettled(#[from] super::compare::until_decided::Unsettled),
    /// Ticket values cannot be written into a map file (its name) with errors.
    #[error("{0} has errors; run `ttrmap check` on it")]
    MapHasErrors(String),
    /// A ticket (numbered from 1) without a `points` key to write.
    #[error("ticket {0} has no points to write")]
    NoPoints(usize),
}

/// Why totals do not have the shape of a game (a part read from a file may not).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ShapeError {
    /// A list (its field name) of another length than the game's.
    #[error("{list} has {got} entries, the map {want}")]
    Length {
        list: &'static str,
        got: usize,
        want: usize,
    },
    #[error("bonus_seat_points has {got} seats, the game {want}")]
    BonusSeats { got: usize, want: usize },
    /// A module's counter (its key) of a module or a seat count the game lacks.
    #[error("counter {name} of module {module} does not fit the game ({values} values)")]
    Counter {
        name: String,
        module: u8,
        values: usize,
    },
    #[error("more than {} failures listed", super::FAILURES_LISTED)]
    TooManyFailures,
    #[error("{finished} finished and {failures} failed games do not make {games}")]
    Games {
        finished: u64,
        failures: u64,
        games: u64,
    },
}
