//! Positions set up by hand (`ttrmap score`, tests): an empty finished game, then lanes and
//! stations given to players without playing. Scoring them is `engine::scoring`'s.

use super::{CARD_KINDS, Game, Phase, State};
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
