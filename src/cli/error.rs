//! The one error type of the commands. A command returns `Ok(exit code)` (its verdict: 0, or
//! 1 for a map with problems or a failed `--fail-if`/`--max-failures`) or a [`CliError`],
//! which `?` carries up to `cli::run`, the one place that prints it and turns it into the
//! exit code.

use super::{EXIT_PROBLEMS, EXIT_USAGE};
use crate::report::text::escape_controls;

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

impl CliError {
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
