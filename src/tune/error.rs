//! Why `tune` stops with an error, and why it refuses a candidate edit. Each text is the one
//! `ttrmap tune` printed when these were strings.

use crate::engine::EngineError;
use crate::playtest::PlaytestError;
use serde::{Serialize, Serializer};
use std::cmp::Ordering;

/// What stopped a tuning.
#[derive(Debug, thiserror::Error)]
pub enum TuneError {
    #[error(transparent)]
    Playtest(#[from] PlaytestError),
    /// The map itself cannot be played or proposed.
    #[error(transparent)]
    Refused(#[from] Refusal),
    /// A map bound (the goal as written) whose map cannot be found or read.
    #[error("{0}")]
    Reference(String),
    /// A map bound (the goal as written) whose map cannot be played.
    #[error("goal `{goal}`: {why}")]
    GoalMap { goal: String, why: Refusal },
    /// A ticket-pay goal (as written) with no readings to judge an edit by.
    #[error("goal `{0}`: no ticket readings on the fresh games to judge it by")]
    NoReadings(String),
}

/// Why a version of a map (a candidate edit, the map, a map bound's map) cannot be played or
/// proposed. A tuning counts its candidates' refusals by their text, in the order of the
/// texts, as its reports list them.
#[derive(Debug, Clone, thiserror::Error)]
pub enum Refusal {
    /// The text does not load cleanly: the code of its first error (`syntax` when none).
    #[error("makes a `{0}` check error")]
    CheckError(&'static str),
    /// It adds a lint finding (the lint's code) the designer did not allow.
    #[error("adds a `{0}` lint finding")]
    LintFinding(&'static str),
    /// The engine refuses it (the map's name).
    #[error("{name}: {error}")]
    Engine { name: String, error: EngineError },
    /// The map (its name) does not load cleanly, so no edit is written into it.
    #[error("{0} has errors; run `ttrmap check` on it")]
    MapHasErrors(String),
    /// A value the edit (described) writes is not spelled in the file.
    #[error("{0} is not written in the file")]
    NotWritten(String),
}

// Refusals are counted by their text (`Tuning::refused`), so they compare as their text.
impl Ord for Refusal {
    fn cmp(&self, other: &Refusal) -> Ordering {
        self.to_string().cmp(&other.to_string())
    }
}

impl PartialOrd for Refusal {
    fn partial_cmp(&self, other: &Refusal) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for Refusal {
    fn eq(&self, other: &Refusal) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Refusal {}

impl Serialize for Refusal {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}
