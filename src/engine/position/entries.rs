//! The hook through which a mechanic module reads and checks its own entries of a position
//! file ([`PositionEntries`]): Old West's `markers` and `alvin`, Iberia's `festivals` and
//! `festival_takes`, South Korea's `mat`, France's `built`, the UK's `technologies`,
//! `technology_points` and `right_of_way`.
//!
//! A position is read before its map is known (the file names the map), and a key of a
//! module the map does not play still gets its located "the map has no ..." problem, so the
//! hook is not reached through a game's modules: `mechanics::POSITION_ENTRIES` lists one
//! [`PositionEntries`] per module that has entries, and the reader (`format.rs`) and the
//! checks (`check.rs`) go through that list in its order. A module adds an entry in its own
//! files: its key in [`PositionEntries::keys`], its reading in [`PositionEntries::read`], its
//! check in the phase where it belongs.
//!
//! The checks run in phases, each over the list in order, because what a module puts in the
//! position may depend on the claims or the claims on it:
//!
//! ```text
//! check_claims ─▶ before_claims ─▶ (lanes assigned) ─▶ once claimed ─▶ check ─▶ trains_off_board
//! ```

use super::cx::Cx;
use super::format::{self, PlayerEntries, Position, Read, Reader};
use crate::engine::{Game, POSITION_ENTRIES, State};
use crate::model::MapFile;
use serde_json::{Map, Value};
use std::sync::Arc;

/// Reads a position file's text: the core's keys (`format.rs`), each module's through its
/// [`PositionEntries`], in the list's order.
pub fn read(text: &str) -> Read {
    let modules = POSITION_ENTRIES;
    let keys: Vec<&str> = modules.iter().flat_map(|m| m.keys()).copied().collect();
    format::read_with(text, &keys, &|r, i, table| {
        modules.iter().filter_map(|m| m.read(r, i, table)).collect()
    })
}

/// How a module reads and checks its own entries of a position file. Every method does
/// nothing by default. The problems it reports keep the position codes (`ttrmap explain`),
/// located at the values they concern; an entry with a problem is left out and the rest is
/// still read and checked.
pub trait PositionEntries: Sync {
    /// The keys of a `[[player]]` table the module reads, so that the reader knows them (a
    /// key no module nor the core reads is refused with the closest known key).
    fn keys(&self) -> &'static [&'static str] {
        &[]
    }
    /// Reads player `player`'s entries from their `[[player]]` table, reporting every problem
    /// of their shape through `r` (as `position-format`). Called for every player, keys
    /// written or not (a missing key's span is the player's table); `None` when there is
    /// nothing to keep. The checks find the value again by its type
    /// ([`PlayerPosition::entries`](super::PlayerPosition::entries)).
    fn read(
        &self,
        _r: &mut Reader,
        _player: usize,
        _table: &Map<String, Value>,
    ) -> Option<Arc<dyn PlayerEntries>> {
        None
    }
    /// Rules of `map` the game was played without because the position writes nothing of
    /// them (an optional variant nobody played), pushed onto `without` before the game is
    /// set up.
    fn leaves_out(&self, _map: &MapFile, _position: &Position, _without: &mut Vec<String>) {}
    /// Checks the claims as written, before any is placed (two crossing routes both
    /// claimed).
    fn check_claims(&self, _cx: &mut Cx, _position: &Position) {}
    /// Puts what was on the board before the claims (city markers), so that the claims'
    /// hooks see it; returns what to do once every lane is assigned (a marker placed after a
    /// claim lets that claim's points go).
    fn before_claims(
        &self,
        _cx: &mut Cx,
        _position: &Position,
        _state: &mut State,
    ) -> Option<OnceClaimed> {
        None
    }
    /// Checks the module's entries and puts them in `state`, every lane assigned (`lanes`:
    /// each player's, in the order their file lists them).
    fn check(&self, _cx: &mut Cx, _position: &Position, _lanes: &[Vec<usize>], _state: &mut State) {
    }
    /// Puts the trains a player keeps off the board (South Korea's mat), after every claim,
    /// the modules' own ones (Right of Way) included, took its trains.
    fn trains_off_board(
        &self,
        _cx: &mut Cx,
        _position: &Position,
        _lanes: &[Vec<usize>],
        _state: &mut State,
    ) {
    }
}

/// What [`PositionEntries::before_claims`] leaves to do once every lane is assigned.
pub type OnceClaimed = Box<dyn FnOnce(&Game, &mut State)>;

#[cfg(test)]
mod tests {
    use super::super::format::CORE_PLAYER_KEYS;
    use super::*;

    /// A key of a `[[player]]` table is read by one module, or by the core.
    #[test]
    fn every_player_key_has_one_reader() {
        let mut keys: Vec<&str> = CORE_PLAYER_KEYS.to_vec();
        keys.extend(POSITION_ENTRIES.iter().flat_map(|m| m.keys()));
        let mut unique = keys.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), keys.len(), "{keys:?}");
    }
}
