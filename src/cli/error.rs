//! The one error type of the commands. A command returns `Ok(exit code)` (its verdict: 0, or
//! 1 for a map with problems or a failed `--fail-if`/`--max-failures`) or a [`CliError`],
//! which `?` carries up to `cli::run`, the one place that prints it and turns it into the
//! exit code.

use super::{EXIT_PROBLEMS, EXIT_USAGE};
use crate::engine::EngineError;
use crate::playtest::PlaytestError;
use crate::playtest::partial::PartError;
use crate::report::text::escape_controls;
use crate::tune::TuneError;
use std::path::Path;

/// What stopped a command.
#[derive(Debug, thiserror::Error)]
pub(crate) enum CliError {
    /// A usage or I/O error, not printed yet: printed once, at the edge, as `error: MESSAGE`
    /// on stderr; exit 2.
    #[error("{0}")]
    Usage(String),
    /// A problem with what a file holds (a recording the engine cannot replay, a map it
    /// cannot play), not printed yet: printed as `error: MESSAGE`; exit 1.
    #[error("{0}")]
    Problem(String),
    /// Already said where it was found (a map's diagnostics, a line worded on the spot, the
    /// errors of several files a command went on past): exit with this code, print nothing.
    #[error("reported (exit {0})")]
    Reported(i32),
}

/// A usage or I/O error with this message ([`CliError::Usage`]).
pub(crate) fn usage(message: impl std::fmt::Display) -> CliError {
    CliError::Usage(message.to_string())
}

// The exit code of each of the crate's typed errors, in one place: what a command's `?` makes
// of them. Their text is the message printed.

/// A rule the engine does not play yet is a problem with the map (exit 1); a mode or player
/// count the options ask for, or anything else the engine cannot set up, a usage error
/// (exit 2). (`replay` and `studio` set up a game a file describes: they say it is a
/// problem with that file themselves.)
impl From<EngineError> for CliError {
    fn from(e: EngineError) -> CliError {
        match e {
            EngineError::Unsupported(_) => CliError::Problem(e.to_string()),
            _ => CliError::Usage(e.to_string()),
        }
    }
}

/// A playtest that cannot be played as asked (its bots, its settings, its output): usage.
impl From<PlaytestError> for CliError {
    fn from(e: PlaytestError) -> CliError {
        CliError::Usage(e.to_string())
    }
}

/// A tuning that cannot go on (its goals' maps, its games): usage.
impl From<TuneError> for CliError {
    fn from(e: TuneError) -> CliError {
        CliError::Usage(e.to_string())
    }
}

/// A file given to `merge` that is not a part of the run: usage.
impl From<PartError> for CliError {
    fn from(e: PartError) -> CliError {
        CliError::Usage(e.to_string())
    }
}

impl CliError {
    /// The error said of `file`: its message after the path (`maps/usa.toml: ...`).
    pub(crate) fn in_file(self, file: &Path) -> CliError {
        match self {
            CliError::Usage(m) => CliError::Usage(format!("{}: {m}", file.display())),
            CliError::Problem(m) => CliError::Problem(format!("{}: {m}", file.display())),
            reported => reported,
        }
    }

    /// The exit code.
    pub(crate) fn code(&self) -> i32 {
        match self {
            CliError::Usage(_) => EXIT_USAGE,
            CliError::Problem(_) => EXIT_PROBLEMS,
            CliError::Reported(code) => *code,
        }
    }

    /// Prints the error on stderr (a `Usage` or `Problem` one; a `Reported` one was printed
    /// already) and returns its exit code. Control characters (from a map's text or a file
    /// name) are escaped, not sent raw. `cli::run` calls it, and a command that goes on past
    /// an error (`check` with several files) calls it on the spot.
    pub(crate) fn report(&self) -> i32 {
        if let CliError::Usage(message) | CliError::Problem(message) = self {
            eprintln!("error: {}", escape_controls(message));
        }
        self.code()
    }

    /// The error printed now, as [`CliError::Reported`]: for a command that goes on after it
    /// (`compare` loading and compiling both versions, then failing on the first) so that
    /// the messages come in the order things were found.
    pub(crate) fn reported_now(self) -> CliError {
        CliError::Reported(self.report())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::PlayerRange;

    /// A rule the engine does not play is a map's problem (exit 1), a player count or a
    /// playtest's settings usage (exit 2); a path goes before the message, not on a
    /// reported error.
    #[test]
    fn typed_errors_map_to_their_exit_codes() {
        let unsupported = EngineError::Unsupported(vec!["x (mechanics.x)".into()]);
        assert_eq!(CliError::from(unsupported).code(), EXIT_PROBLEMS);
        let players = EngineError::Players {
            players: 9,
            why: PlayerRange::Map { min: 2, max: 5 },
        };
        let e = CliError::from(players).in_file(Path::new("maps/usa.toml"));
        assert_eq!(e.code(), EXIT_USAGE);
        assert_eq!(
            e.to_string(),
            "maps/usa.toml: 9 players: the map is for 2 to 5"
        );
        assert_eq!(CliError::from(PlaytestError::NoBots).code(), EXIT_USAGE);
        let reported = CliError::Reported(EXIT_PROBLEMS).in_file(Path::new("x"));
        assert!(matches!(reported, CliError::Reported(EXIT_PROBLEMS)));
    }
}
