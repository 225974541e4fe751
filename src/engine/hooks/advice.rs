//! Advice for planning bots: what a module tells them about its rules, reached through
//! [`Mechanic::advice`](super::Mechanic::advice). The rules never ask, and random bots
//! ignore it.

use crate::engine::{Action, Game, State};

/// What a planning bot intends, for a module to rank a decision's choices by
/// ([`Advice::advise`]). Routes are indices into `game.routes`, not yet claimed.
#[derive(Debug, Clone, Copy)]
pub struct PlanView<'a> {
    /// The deciding player.
    pub player: u8,
    /// The player's planned routes.
    pub own_routes: &'a [u16],
    /// The other players' planned routes as the bot guesses them (a route planned by two
    /// players is listed twice).
    pub others_routes: &'a [u16],
    /// Route → how many times it is in `own_routes` and in `others_routes`
    /// ([`PlanView::count_routes`]), for a module pricing many choices route by route; empty
    /// when the bot did not count them, and [`PlanView::times`] then scans the lists.
    pub counts: &'a [(u16, u16)],
}

impl PlanView<'_> {
    /// How many times route `r` is in the player's plan and in the others' plans.
    pub fn times(&self, r: u16) -> (usize, usize) {
        match self.counts.get(r as usize) {
            Some(&(own, others)) => (own as usize, others as usize),
            None => {
                let count = |routes: &[u16]| routes.iter().filter(|&&x| x == r).count();
                (count(self.own_routes), count(self.others_routes))
            }
        }
    }

    /// [`PlanView::counts`] for `routes` routes and these lists.
    pub fn count_routes(routes: usize, own: &[u16], others: &[u16]) -> Vec<(u16, u16)> {
        let mut counts = vec![(0u16, 0u16); routes];
        for &r in own {
            if let Some(c) = counts.get_mut(r as usize) {
                c.0 = c.0.saturating_add(1);
            }
        }
        for &r in others {
            if let Some(c) = counts.get_mut(r as usize) {
                c.1 = c.1.saturating_add(1);
            }
        }
        counts
    }
}

/// A decision whose choices are tickets ([`Advice::ticket_decision`]): planning bots
/// price them on top of their own plans. Only what the deciding player may see: the tickets
/// in their hand and the ones they took earlier in the same draft.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TicketDecision {
    /// The tickets the choices are about.
    pub tickets: Vec<u16>,
    /// Tickets the player took earlier in this decision's draft (not kept yet, but theirs
    /// to keep): planned together with the kept ones.
    pub held: Vec<u16>,
    /// `None`: choice `i` takes `tickets[i]`. `Some(k)`: choice `c` keeps the `c`-th set of
    /// exactly `k` of `tickets` ([`subset_mask`]).
    pub keep: Option<u8>,
}

/// The bits of the `index`-th set of exactly `k` of `n` items, the sets in increasing order
/// of their masks; `None` past the last. The choices of a keep-exactly decision.
pub fn subset_mask(n: u8, k: u8, index: u32) -> Option<u32> {
    let mut seen = 0u32;
    for mask in 0u32..(1u32 << n.min(20)) {
        if mask.count_ones() == k as u32 {
            if seen == index {
                return Some(mask);
            }
            seen += 1;
        }
    }
    None
}

/// How many sets of exactly `k` of `n` items there are (`n` choose `k`).
pub fn subsets(n: u8, k: u8) -> u32 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k) as u64;
    let mut c = 1u64;
    for i in 0..k {
        c = c * (n as u64 - i) / (i + 1);
    }
    c as u32
}

/// Advice for planning bots. Every method has a neutral default: a module overrides what
/// it has to say.
pub trait Advice {
    /// How good `choice` of the decision at `step` is for `view.player` (higher is better;
    /// the bot takes the best, the first on a tie). The default, 0 for every choice, leaves
    /// the bot the first choice.
    fn advise(
        &self,
        _game: &Game,
        _state: &State,
        _me: usize,
        _step: u16,
        _view: &PlanView,
        _choice: u16,
    ) -> i32 {
        0
    }

    /// The choice of the decision at `step` that [`Advice::advise`] ranks best among the
    /// legal ones (the first in the order the module lists them, on a tie), found without
    /// listing them: for a module whose decisions have hundreds of choices (France's builds).
    /// `None`, the default: the bot lists the legal choices and asks `advise` of each. Asked
    /// only when the decision has two legal choices or more. It must answer as `advise` over
    /// the listed choices would (`tests/bots.rs` checks it).
    fn best_advised(
        &self,
        _game: &Game,
        _state: &State,
        _me: usize,
        _step: u16,
        _view: &PlanView,
    ) -> Option<u16> {
        None
    }

    /// When the decision at `step` chooses tickets (a draft), what they are, so a bot prices
    /// them with its own plan instead of [`Advice::advise`].
    fn ticket_decision(
        &self,
        _game: &Game,
        _state: &State,
        _me: usize,
        _step: u16,
    ) -> Option<TicketDecision> {
        None
    }

    /// Whether `lane`, which this module closed to player `p`, may open later in the game
    /// (a network not grown there yet), so that planners may plan through it.
    fn opens_later(&self, _game: &Game, _state: &State, _me: usize, _p: u8, _lane: usize) -> bool {
        false
    }

    /// A module action to take now for `view.player`'s plan (a purchase before the turn's
    /// action: the UK's technologies), or `None`. Only asked of modules with
    /// [`Actions`](super::Actions), at the start of a main-phase action.
    fn advise_action(
        &self,
        _game: &Game,
        _state: &State,
        _me: usize,
        _view: &PlanView,
    ) -> Option<Action> {
        None
    }

    /// A city player `p`'s routes must connect to (Old West's starting city): planners join
    /// every ticket to it.
    fn plan_anchor(&self, _game: &Game, _state: &State, _me: usize, _p: u8) -> Option<u16> {
        None
    }

    /// Whether the module's scoring pays player `p`, now, for the number of tickets it
    /// completes, beyond the tickets' own values (a bonus for the most completed tickets; a
    /// card paying points per completed ticket that `p` holds), so that one more ticket may
    /// be worth drawing.
    fn rewards_completed_tickets(&self, _game: &Game, _state: &State, _me: usize, _p: u8) -> bool {
        false
    }
}

/// What a claim is worth beyond its route's points, for planning bots: a hook of its own
/// rather than a method of [`Advice`] because a style bot asks it of every claimable lane
/// at every turn, and on a map where no module gives such points (the USA's bonus advises
/// on tickets only) it must not be asked at all.
pub trait ClaimBonus {
    /// Points beyond the route's own that claiming `lane` now is expected to give player `p`
    /// (Alvin's capture, a festival's cards), so a bot may claim it off its plan.
    fn claim_bonus(&self, game: &Game, state: &State, me: usize, p: u8, lane: usize) -> i32;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The counted view answers as the scanned lists do, a route twice in a list counted
    /// twice, a route in no list 0.
    #[test]
    fn counted_routes_answer_as_the_lists() {
        let own = [3u16, 5, 3];
        let others = [5u16, 7, 7, 0];
        let counts = PlanView::count_routes(9, &own, &others);
        let view = |counts| PlanView {
            player: 0,
            own_routes: &own,
            others_routes: &others,
            counts,
        };
        for r in 0..9 {
            assert_eq!(view(&counts).times(r), view(&[]).times(r), "route {r}");
        }
        assert_eq!(view(&counts).times(3), (2, 0));
        assert_eq!(view(&counts).times(7), (0, 2));
    }
}
