//! Crossings (France): routes drawn across each other, listed in `crosses`.
//!
//! - A crossing is one pair, whichever route of it names the other (naming it on both
//!   sides says the same thing once more).
//! - The first of a pair to be taken, by a track piece placed on one of its lanes or by a
//!   claim of one of its lanes, cuts the other for the rest of the game: "you can never place
//!   a Track Piece on top of or under another Track Piece or through a claimed Route". A cut
//!   route is never built nor claimed: its lanes are closed to every player
//!   (`State::close_lane`), and stay closed when the piece that cut it goes back to the
//!   supply at a claim.
//! - A route that is already taken (a lane claimed) is never cut: the pair was decided when
//!   it was taken.
//!
//! The track pieces module tells this one when a piece is placed; claims are seen here
//! (`on_claim`). Report figure: routes cut by crossings.

use super::{Game, Mechanic, State};
use crate::engine::hooks::{Counter, OnClaim, Report};
use crate::engine::position::{Cx, LANE, Position, PositionEntries};
use crate::engine::{Cards, NOBODY};
use crate::model::MapFile;
use std::collections::HashMap;

#[derive(Debug)]
pub struct Crossings {
    /// Route → the routes crossing it (both ways, each once, in route order).
    pub crosses: Vec<Vec<u16>>,
}

impl Crossings {
    /// The crossings `map` declares, read both ways; `None` when it declares none.
    pub fn for_map(map: &MapFile) -> Option<Crossings> {
        let index: HashMap<String, u16> = map
            .routes
            .iter()
            .enumerate()
            .map(|(i, r)| (r.id(), i as u16))
            .collect();
        let mut crosses: Vec<Vec<u16>> = vec![Vec::new(); map.routes.len()];
        let mut any = false;
        for (i, r) in map.routes.iter().enumerate() {
            for other in &r.crosses {
                // `check` reports unknown ids and a route crossing itself.
                let Some(&j) = index.get(other) else {
                    continue;
                };
                if j as usize == i {
                    continue;
                }
                crosses[i].push(j);
                crosses[j as usize].push(i as u16);
                any = true;
            }
        }
        for c in &mut crosses {
            c.sort_unstable();
            c.dedup();
        }
        any.then_some(Crossings { crosses })
    }

    /// Whether route `r` has been cut by a crossing.
    pub fn is_cut(game: &Game, state: &State, me: usize, r: usize) -> bool {
        state.mechanic_words(game, me)[r] != 0
    }

    /// Whether routes `a` and `b` cross.
    pub fn cross(&self, a: usize, b: usize) -> bool {
        self.crosses.get(a).is_some_and(|c| c.contains(&(b as u16)))
    }

    /// Route `r` has been taken (a piece placed on a lane of it, or a lane claimed): every
    /// route crossing it that is not taken itself is cut for good.
    pub fn take(&self, game: &Game, state: &mut State, me: usize, r: usize) {
        let Some(crossing) = self.crosses.get(r) else {
            return;
        };
        for &c in crossing {
            let c = c as usize;
            let route = &game.routes[c];
            let first = route.first_lane as usize;
            let lanes = first..first + route.lane_count as usize;
            if Self::is_cut(game, state, me, c)
                || lanes.clone().any(|l| state.lane_owner()[l] != NOBODY)
            {
                continue;
            }
            state.mechanic_words_mut(game, me)[c] = 1;
            for lane in lanes {
                state.close_lane(game, lane);
            }
        }
    }
}

impl Mechanic for Crossings {
    // Public words: cut routes are on the board.
    mechanic_basics!("crossings", as_any, public);

    fn name(&self) -> String {
        "crossings (the first of two crossing routes taken cuts the other)".into()
    }

    /// Route → 1 once cut.
    fn state_words(&self, game: &Game) -> usize {
        game.routes.len()
    }

    plays!(on_claim, report);
}

impl OnClaim for Crossings {
    fn on_claim(&self, game: &Game, state: &mut State, me: usize, _: u8, lane: u16, _: &Cards) {
        let r = game.lane_route[lane as usize] as usize;
        self.take(game, state, me, r);
    }
}

impl Report for Crossings {
    fn counters(&self, game: &Game, state: &State, me: usize, out: &mut Vec<Counter>) {
        let cut = (0..game.routes.len())
            .filter(|&r| Self::is_cut(game, state, me, r))
            .count();
        out.push(Counter {
            row: None,
            name: "routes cut by crossings".into(),
            player: None,
            value: cut as i64,
        });
    }
}

/// Crossings in a position written by hand (`ttrmap score`): no entries of their own, but
/// the first of two crossing routes taken cuts the other for good, so no position holds
/// both (reported at the second in file order).
pub struct Entries;

impl PositionEntries for Entries {
    fn check_claims(&self, cx: &mut Cx, position: &Position) {
        let game = cx.game();
        let Some((_, crossings)) = game.mechanics.get::<Crossings>() else {
            return;
        };
        let names = cx.names();
        let mut seen: Vec<(usize, usize)> = Vec::new();
        for (p, player) in position.player.iter().enumerate() {
            for claim in &player.routes {
                let Some(r) = cx.route_quietly(&claim.route.value) else {
                    continue;
                };
                let crossed = seen.iter().find(|&&(c, _)| crossings.cross(r, c)).copied();
                if let Some((c, q)) = crossed {
                    let message = format!(
                        "{}'s route `{}` crosses {}'s route `{}`: the first of two crossing routes built or claimed cuts the other, so both cannot be claimed",
                        names[p], game.routes[r].id, names[q], game.routes[c].id
                    );
                    let label = format!("crosses `{}`", game.routes[c].id);
                    cx.problem(LANE, &claim.route.span, message, &label);
                }
                seen.push((r, p));
            }
        }
    }
}
