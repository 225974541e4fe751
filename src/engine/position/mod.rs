//! Positions set up by hand: an empty finished game, then lanes and stations given to
//! players without playing. A position file (`format.rs`) is read with every value's place,
//! checked against its map (`check.rs`, names resolved by `names.rs`) and scored by
//! `engine::scoring`, the same way for `ttrmap score`, the tests and any other front end:
//!
//! ```text
//! read(text) ─▶ Position ─▶ check::check(&position, &map) ─▶ Checked ─▶ .score()
//! ```
//!
//! The core's part of a position (routes, stations, tickets, trains, lanes) is read and
//! checked here; a mechanic module reads and checks its own entries (Old West's markers,
//! the UK's technologies...) through the [`PositionEntries`] hook (`entries.rs`), which this
//! folder defines and the modules implement: nothing here imports a module.

pub mod check;
mod cx;
mod entries;
pub mod format;
mod names;

pub use check::{Checked, check};
pub use cx::{CLAIM, Cx, GAME, LANE, LIMIT, MARKER, STATION, TRACK, UNKNOWN};
pub use entries::{OnceClaimed, PositionEntries, read};
pub use format::{
    At, FORMAT, PlayerEntries, PlayerPosition, Position, Read, Reader, RouteClaim, StationPosition,
    Whole,
};

use super::{CARD_KINDS, Game, Phase, State};

/// Every code a position problem can have, with a one-line summary (`ttrmap explain`).
pub const CODES: &[(&str, &str)] = &[
    (
        format::FORMAT,
        "a position file's shape is wrong: an unknown key, a value of the wrong type, a missing `map`, `route` or `city`",
    ),
    (
        cx::UNKNOWN,
        "a position names a route, city, ticket, festival, mat line, card colour, Express card or technology its map does not have (or one that fits several)",
    ),
    (
        cx::GAME,
        "a position's game cannot be set up: `players` differs from the [[player]] tables, the map refuses the count, mode or rules, or it lacks what a key needs (city markers, Alvin, festivals, a Province mat, Express cards, track beds, technologies to hold, a Right of Way card)",
    ),
    (
        cx::LANE,
        "a position claims a lane that does not exist, a lane twice, two lanes of one route, a lane its player count keeps closed, two routes that cross, a route its player's technologies do not open, a track bed built across a route built or claimed, or a Right of Way claim of a route nobody else holds, that the player holds, or that has a second owner already",
    ),
    (
        cx::LIMIT,
        "a position gives a player more trains or stations than a game has, a ticket more often than its copies, more festival cards than a festival has, a mat spot twice, an Express card spent twice, more track pieces of a kind on unclaimed beds than the game has, a technology twice or beyond its copies, or technology points its routes could not score",
    ),
    (
        cx::STATION,
        "a position puts a second station in a city, or a station borrows a route it may not",
    ),
    (
        cx::MARKER,
        "a position puts a second city marker in a city or one in a forbidden city, names a route `after` a marker that does not end there, or has Alvin held by two players or by one who never captured him",
    ),
    (
        cx::CLAIM,
        "what a position says came with a claim does not fit it: a mat train from a route its player did not claim or a second one from a claim, on a line the route's colour does not allow, with cards that do not pay for the route or on a spot its cards and Express card do not reach (or below a free spot); festival cards taken with a claim not of the player's or not into the city named, two takes from one claim, or takes that do not add up to the festival cards held",
    ),
    (
        cx::TRACK,
        "a position's `built` track bed is no bed, a lane built twice or beyond the lanes the player count lets be built, or built with a piece its length has none of; or a bed is claimed that no `built` names",
    ),
];
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// An empty finished-game position: nobody holds cards, tickets, routes or stations; every
/// player has all their trains. Fill it with [`State::assign_lane`] and [`build_station`].
pub fn blank_position(game: &Game) -> State {
    // The deal is thrown away; the seed only makes the (discarded) shuffle reproducible.
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    let mut s = State::new(game, 0, &mut rng);
    for p in &mut s.players {
        p.hand = [0; CARD_KINDS];
        p.tickets.clear();
        p.routes.clear();
        p.stations.clear();
        p.route_points = 0;
        p.trains = game.trains;
    }
    s.offered.clear();
    s.phase = Phase::Over;
    s
}

/// Puts a station of player `p` in `city`.
pub fn build_station(state: &mut State, p: usize, city: u16) {
    state.station_owner[city as usize] = p as u8;
    state.players[p].stations.push(city);
}
