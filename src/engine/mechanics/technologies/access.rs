//! Which routes a player's technologies open, and what they change in a claim's cost.

use super::Technologies;
use crate::engine::{Game, LaneClass, State};
use crate::model::TechEffect;

/// What a set of technologies opens, read once from its cards: regions, lengths, ferries.
#[derive(Debug, Clone, Copy)]
pub struct Access {
    regions: u64,
    lengths: u64,
    ferries: bool,
}

impl Technologies {
    /// What technologies `owned` (bits over `techs`) open, with the base regions and lengths.
    pub fn access(&self, owned: u32) -> Access {
        let mut access = Access {
            regions: self.base_regions,
            lengths: self.base_lengths,
            ferries: false,
        };
        for (t, tech) in self.techs.iter().enumerate() {
            if owned & (1 << t) == 0 {
                continue;
            }
            match tech.effect {
                TechEffect::Concession => access.regions |= tech.regions,
                TechEffect::ClaimLengths => access.lengths |= tech.lengths,
                TechEffect::ClaimFerries => access.ferries = true,
                _ => {}
            }
        }
        access
    }

    /// Whether a player whose technologies open `access` may claim route `r`.
    pub fn route_open_in(&self, game: &Game, access: Access, r: usize) -> bool {
        if self.route_free[r] {
            return true;
        }
        let route = &game.routes[r];
        self.route_regions[r] & !access.regions == 0
            && route.length < 64
            && access.lengths & (1 << route.length) != 0
            && (route.ferry == 0 || access.ferries)
    }

    /// Whether technologies `owned` (bits over `techs`) let a player claim route `r`.
    pub fn route_open_with(&self, game: &Game, owned: u32, r: usize) -> bool {
        self.route_open_in(game, self.access(owned), r)
    }

    /// Opens to player `p` the lanes their technologies allow and closes the others.
    pub(super) fn refresh_access(&self, game: &Game, state: &mut State, me: usize, p: u8) {
        let access = self.access(self.owned(game, state, me, p));
        // The lanes to close, as a bitset, and only the lanes that change are set: setting
        // every lane after every purchase was a twentieth of a random UK game.
        let mut closed: smallvec::SmallVec<[u64; 8]> = smallvec::smallvec![0; game.lane_words];
        for r in 0..game.routes.len() {
            if self.route_open_in(game, access, r) {
                continue;
            }
            let route = &game.routes[r];
            let first = route.first_lane as usize;
            for lane in first..first + route.lane_count as usize {
                closed[lane / 64] |= 1 << (lane % 64);
            }
        }
        for (word, &closed) in closed.iter().enumerate() {
            let mut change = closed ^ state.lanes_blocked_word(game, p, word);
            while change != 0 {
                let bit = change.trailing_zeros() as usize;
                change &= change - 1;
                state.set_lane_blocked(game, p, word * 64 + bit, closed >> bit & 1 != 0);
            }
        }
    }

    /// Booster's any 3 and Diesel Power's one card fewer, for player `p`.
    pub(super) fn adjust_cost(
        &self,
        game: &Game,
        state: &State,
        me: usize,
        p: u8,
        class: &mut LaneClass,
    ) {
        let owned = self.owned(game, state, me, p);
        if owned == 0 {
            return;
        }
        // Asked for every class priced: the technologies are read once, not once an effect.
        if let Some(t) = self.held_with(owned, TechEffect::AnyCardsAsLocomotive) {
            let n = self.techs[t].value.clamp(1, 20) as u8;
            if class.loco_on_spaces {
                class.any_for_one = match class.any_for_one {
                    0 => n,
                    m => m.min(n),
                };
            }
            if class.ferry > 0 {
                class.ferry_substitute = match class.ferry_substitute {
                    None => Some((n, false)),
                    Some((cards, false)) => Some((cards.min(n), false)),
                    same => same,
                };
            }
        }
        if self.held_with(owned, TechEffect::DiscountOneCard).is_some()
            && class.length > class.ferry
            && class.length >= 2
        {
            class.discount = 1;
        }
    }

    /// Whether [`Technologies::adjust_cost`] changes anything for player `p`: only Booster
    /// and Diesel Power do.
    pub(super) fn changes_cost(&self, game: &Game, state: &State, me: usize, p: u8) -> bool {
        let owned = self.owned(game, state, me, p);
        self.held_with(owned, TechEffect::AnyCardsAsLocomotive)
            .is_some()
            || self.held_with(owned, TechEffect::DiscountOneCard).is_some()
    }

    /// The cards standing for one locomotive for player `p` (Booster's, or the rules').
    pub fn any_as_one_for(&self, game: &Game, state: &State, me: usize, p: u8) -> u8 {
        match self.holds(game, state, me, p, TechEffect::AnyCardsAsLocomotive) {
            Some(t) => match (self.techs[t].value.clamp(1, 20) as u8, self.any_as_one) {
                (n, 0) => n,
                (n, m) => n.min(m),
            },
            None => self.any_as_one,
        }
    }

    /// Whether `lane`, closed to `p` by their technologies, opens with technologies still in
    /// the supply (for planners).
    pub(super) fn can_open(
        &self,
        game: &Game,
        state: &State,
        me: usize,
        p: u8,
        lane: usize,
    ) -> bool {
        let reachable = self.reachable(game, state, me, p);
        self.route_open_with(game, reachable, game.lane_route[lane] as usize)
    }

    /// The technologies player `p` holds or could still buy (a copy in the supply).
    pub(super) fn reachable(&self, game: &Game, state: &State, me: usize, p: u8) -> u32 {
        (0..self.techs.len())
            .filter(|&t| self.supply(game, state, me, t) > 0)
            .fold(self.owned(game, state, me, p), |m, t| m | 1 << t)
    }
}
