//! Buying technologies, Water Tenders' draw, Right of Way's claim and the cards that go back
//! to the supply.

use super::{DRAW3, STEP_RIGHT_OF_WAY, Technologies};
use crate::engine::hooks::{AfterAction, Choice};
use crate::engine::{
    Action, Cards, ChoiceKind, Game, IllegalMove, LOCO, NOBODY, Phase, State, can_pay,
    can_pay_locomotives, locomotive_payment, pay_with, payment_ways,
};
use crate::model::TechEffect;
use rand_chacha::ChaCha8Rng;
use std::ops::ControlFlow;

/// Where a purchase's locomotive cards start in its choice: 32 technologies at most (one
/// bit each of a player's owned word).
const LOCO_SHIFT: u32 = 5;
/// Counts of locomotive cards a purchase may give (0 up to the cost): one bit each of the
/// mask [`Technologies::right_of_way_hands`] returns, so costs run from 0 to 31. The schema
/// caps a cost at 20, below that, and [`Technologies::for_map`] refuses a card costing more
/// than 31 (a model built in code), so no way to pay is ever left out without a word.
pub(super) const MAX_DIRECT: usize = u32::BITS as usize;

/// A purchase's choice: buying technology `tech` giving `direct` locomotive cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Purchase {
    pub tech: usize,
    pub direct: u8,
}

impl Choice for Purchase {
    /// `tech | direct << 5`: technologies below 32, locomotives below [`MAX_DIRECT`], so a
    /// purchase stays below [`DRAW3`].
    fn to_choice(self) -> u16 {
        (self.tech as u32 | (self.direct as u32) << LOCO_SHIFT) as u16
    }
    fn from_choice(choice: u16) -> Self {
        Purchase {
            tech: (choice & ((1 << LOCO_SHIFT) - 1)) as usize,
            direct: (choice >> LOCO_SHIFT) as u8,
        }
    }
}

impl Technologies {
    /// Whether the current player bought a technology this turn.
    pub fn bought_this_turn(&self, game: &Game, state: &State, me: usize) -> bool {
        state.mechanic_words(game, me)[self.turn_at(game)] != 0
    }

    /// The cards player `p` pays for technology `t` giving `direct` locomotive cards.
    pub fn purchase_payment(
        &self,
        game: &Game,
        state: &State,
        me: usize,
        p: u8,
        t: usize,
        direct: u8,
    ) -> Option<Cards> {
        let hand = &state.players[p as usize].hand;
        let n = self.any_as_one_for(game, state, me, p);
        locomotive_payment(hand, self.techs[t].cost, direct, n)
    }

    /// Pushes the current player's purchases (each technology in the supply they do not
    /// hold, each count of locomotive cards they can pay it with) and Water Tenders' draw.
    pub(super) fn purchase_actions(
        &self,
        game: &Game,
        state: &State,
        me: usize,
        push: &mut dyn FnMut(Action),
    ) {
        if state.phase != Phase::Main {
            return;
        }
        let p = state.current_player();
        if !self.bought_this_turn(game, state, me) {
            let owned = self.owned(game, state, me, p);
            let hand = &state.players[p as usize].hand;
            let locos = hand[LOCO as usize];
            let any_as_one = self.any_as_one_for(game, state, me, p);
            for (t, tech) in self.techs.iter().enumerate() {
                if owned & (1 << t) != 0 || self.supply(game, state, me, t) == 0 {
                    continue;
                }
                let directs = 0..=(tech.cost as u16).min(locos) as u8;
                if tech.effect != TechEffect::ClaimClaimedRoute {
                    // Which payments pay is all the list needs.
                    for direct in directs {
                        if can_pay_locomotives(hand, tech.cost, direct, any_as_one) {
                            push(Action::Mechanic {
                                mechanic: me as u8,
                                choice: Purchase { tech: t, direct }.to_choice(),
                            });
                        }
                    }
                    continue;
                }
                // Right of Way is offered only with a claim the hand left after each payment
                // can make (the lanes checked once for all the payments). Each payment is
                // worked out once (working each out twice was 3 % of a random UK game).
                let mut hands = [None; MAX_DIRECT];
                for (slot, direct) in hands.iter_mut().zip(directs) {
                    *slot = self
                        .purchase_payment(game, state, me, p, t, direct)
                        .map(|paid| {
                            let mut hand = state.players[p as usize].hand;
                            for k in 0..hand.len() {
                                hand[k] -= paid[k];
                            }
                            hand
                        });
                }
                let usable = self.right_of_way_hands(game, state, me, p, &hands);
                for (direct, hand) in hands.iter().enumerate() {
                    if hand.is_some() && usable & 1 << direct != 0 {
                        let direct = direct as u8;
                        push(Action::Mechanic {
                            mechanic: me as u8,
                            choice: Purchase { tech: t, direct }.to_choice(),
                        });
                    }
                }
            }
        }
        if self
            .holds(game, state, me, p, TechEffect::ExtraBlindDraw)
            .is_some()
            && state.can_draw_blind(game)
        {
            push(Action::Mechanic {
                mechanic: me as u8,
                choice: DRAW3,
            });
        }
    }

    /// Plays a purchase or Water Tenders' draw (already checked legal by the engine).
    pub(super) fn play_action(
        &self,
        game: &Game,
        state: &mut State,
        me: usize,
        choice: u32,
        rng: &mut ChaCha8Rng,
    ) -> Result<AfterAction, IllegalMove> {
        let p = state.current_player();
        if choice == DRAW3 as u32 {
            let t = self
                .holds(game, state, me, p, TechEffect::ExtraBlindDraw)
                .ok_or(IllegalMove::NoWaterTenders)?;
            for _ in 0..self.techs[t].value.max(1) {
                if state.deal_card(game, p, rng).is_none() {
                    break;
                }
            }
            return Ok(AfterAction::EndTurn);
        }
        let Purchase { tech: t, direct } = Purchase::from_choice(choice as u16);
        let tech = self
            .techs
            .get(t)
            .ok_or(IllegalMove::NoSuch(ChoiceKind::Technology))?;
        let paid = self
            .purchase_payment(game, state, me, p, t, direct)
            .ok_or(IllegalMove::CannotPayTechnology)?;
        state.spend(p, &paid)?;
        let (owned_at, turn_at, first_at) = (
            self.owned_at(p),
            self.turn_at(game),
            self.first_at(game, p, t),
        );
        let turn = state.players[p as usize].turns + 1;
        let w = state.mechanic_words_mut(game, me);
        w[t] -= 1;
        w[owned_at] |= 1 << t;
        w[turn_at] = 1;
        if w[first_at] == 0 {
            w[first_at] = turn;
        }
        Ok(match tech.effect {
            TechEffect::Concession | TechEffect::ClaimLengths | TechEffect::ClaimFerries => {
                self.refresh_access(game, state, me, p);
                AfterAction::Continue
            }
            TechEffect::ExtraClaim => {
                state.turn_mods.extra_claims += 1;
                AfterAction::Continue
            }
            TechEffect::ClaimClaimedRoute => {
                state.ask_at_turn_end(me, STEP_RIGHT_OF_WAY);
                AfterAction::EndTurn
            }
            _ => AfterAction::Continue,
        })
    }

    /// The turn is over: the purchase may be made again next turn, and the cards used this
    /// turn (Thermocompressor) go back to the supply.
    pub(super) fn turn_over(&self, game: &Game, state: &mut State, me: usize) {
        let p = state.current_player();
        let owned = self.owned(game, state, me, p);
        let turn_at = self.turn_at(game);
        state.mechanic_words_mut(game, me)[turn_at] = 0;
        // Every turn ends here: the cards are looked at only when one is held.
        if self.held_with(owned, TechEffect::ExtraClaim).is_none() {
            return;
        }
        for (t, tech) in self.techs.iter().enumerate() {
            if owned & (1 << t) != 0 && tech.effect == TechEffect::ExtraClaim {
                self.give_back(game, state, me, p, t);
            }
        }
    }

    /// Player `p`'s technology `t` goes back to the supply (Thermocompressor and Right of
    /// Way, once used).
    fn give_back(&self, game: &Game, state: &mut State, me: usize, p: u8, t: usize) {
        let owned_at = self.owned_at(p);
        let w = state.mechanic_words_mut(game, me);
        w[owned_at] &= !(1 << t);
        w[t] += 1;
    }

    /// Calls `f(lane, class)`, in lane order until it breaks, for every lane player `p` could
    /// take by Right of Way whatever their hand, with its payment class (`class`, an index of
    /// `game.lane_classes`, which [`State::class_cost`] prices for `p`): another
    /// player holds it and nobody shares it, its route is one `p` holds no lane of, is in no
    /// parallel group, needs no more trains than `p` has and is open to `p`'s technologies.
    /// The one walk both the claims and the purchase's offer read.
    fn right_of_way_lanes(
        &self,
        game: &Game,
        state: &State,
        me: usize,
        p: u8,
        mut f: impl FnMut(usize, usize) -> ControlFlow<()>,
    ) {
        let access = self.access(self.owned(game, state, me, p));
        let trains = state.players[p as usize].trains;
        for lane in 0..game.lane_count() {
            let owner = state.lane_owner()[lane];
            if owner == NOBODY || owner == p {
                continue;
            }
            let r = game.lane_route[lane] as usize;
            let route = &game.routes[r];
            if route.trains_needed() > trains
                || game.group_of(r).is_some()
                || !self.route_open_in(game, access, r)
            {
                continue;
            }
            let first = route.first_lane as usize;
            let lanes = first..first + route.lane_count as usize;
            let holds = lanes.clone().any(|l| state.lane_owner()[l] == p)
                || state
                    .shared_lanes()
                    .iter()
                    .any(|&(l, q)| l as usize == lane || (q == p && lanes.contains(&(l as usize))));
            if !holds && f(lane, state.class_of(game, lane)).is_break() {
                return;
            }
        }
    }

    /// The claims player `p` could make by Right of Way with `hand`, in lane order: (lane,
    /// colour, locomotives) for every way `hand` pays a lane of
    /// [`Technologies::right_of_way_lanes`]. The decision's choices are their indices.
    pub fn right_of_way_claims(
        &self,
        game: &Game,
        state: &State,
        me: usize,
        p: u8,
        hand: &Cards,
    ) -> Vec<(u16, u8, u16)> {
        let mut out = Vec::new();
        self.right_of_way_lanes(game, state, me, p, |lane, class| {
            let class = state.class_cost(game, p, class);
            payment_ways(hand, &class, |color, locos| {
                out.push((lane as u16, color, locos))
            });
            ControlFlow::Continue(())
        });
        out
    }

    /// Which of `hands` (bit `i` for `hands[i]`; `None` never) could make a Right of Way
    /// claim: the lanes are walked once, until every hand has found one.
    fn right_of_way_hands(
        &self,
        game: &Game,
        state: &State,
        me: usize,
        p: u8,
        hands: &[Option<Cards>],
    ) -> u32 {
        let wanted = hands
            .iter()
            .enumerate()
            .filter(|(_, h)| h.is_some())
            .fold(0u32, |m, (i, _)| m | 1 << i);
        let mut found = 0u32;
        if wanted == 0 {
            return 0;
        }
        // Per payment class, the hands that pay it (`None`: not yet asked): priced and
        // tried once a class, not once for every lane another player holds.
        let mut paying: smallvec::SmallVec<[Option<u32>; 64]> =
            smallvec::smallvec![None; game.lane_classes.len()];
        self.right_of_way_lanes(game, state, me, p, |_, c| {
            found |= *paying[c].get_or_insert_with(|| {
                let class = state.class_cost(game, p, c);
                hands.iter().enumerate().fold(0, |m, (i, hand)| match hand {
                    Some(hand) if can_pay(hand, &class) => m | 1 << i,
                    _ => m,
                })
            });
            if found == wanted {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        found
    }

    /// Right of Way's claim `choice` ([`Technologies::right_of_way_claims`]): paid, the lane
    /// shared, its points scored; the card goes back to the supply.
    pub(super) fn claim_by_right_of_way(
        &self,
        game: &Game,
        state: &mut State,
        me: usize,
        choice: usize,
    ) -> Result<(), IllegalMove> {
        let p = state.current_player();
        let hand = state.players[p as usize].hand;
        let claims = self.right_of_way_claims(game, state, me, p, &hand);
        let &(lane, color, locos) = claims
            .get(choice)
            .ok_or(IllegalMove::NoSuch(ChoiceKind::RightOfWayClaim))?;
        let class = state.lane_cost(game, p, lane as usize);
        let paid = pay_with(&hand, &class, color, locos).ok_or(IllegalMove::CannotPayLane)?;
        state.spend(p, &paid)?;
        state.share_lane(game, lane as usize, p);
        let r = game.lane_route[lane as usize] as usize;
        self.score_claim(game, state, me, p, r);
        if let Some(t) = self.holds(game, state, me, p, TechEffect::ClaimClaimedRoute) {
            self.give_back(game, state, me, p, t);
        }
        Ok(())
    }

    /// A choice in words, for replays.
    pub(super) fn describe_choice(
        &self,
        game: &Game,
        state: &State,
        me: usize,
        step: Option<u16>,
        choice: u16,
    ) -> Option<String> {
        let p = state.current_player();
        match step {
            None if choice == DRAW3 => Some("drew 3 blind cards (Water Tenders)".into()),
            None => {
                let Purchase { tech: t, direct } = Purchase::from_choice(choice);
                let tech = self.techs.get(t)?;
                let n = self.any_as_one_for(game, state, me, p);
                let others = tech.cost.saturating_sub(direct);
                Some(if others == 0 {
                    format!("bought {} with {direct} locomotives", tech.name)
                } else {
                    format!(
                        "bought {} with {direct} locomotives and {others} × {n} cards",
                        tech.name
                    )
                })
            }
            Some(STEP_RIGHT_OF_WAY) => {
                let hand = state.players[p as usize].hand;
                let claims = self.right_of_way_claims(game, state, me, p, &hand);
                let &(lane, _, _) = claims.get(choice as usize)?;
                let route = &game.routes[game.lane_route[lane as usize] as usize];
                Some(format!("claimed {} by Right of Way", route.id))
            }
            Some(_) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `can_pay_locomotives` says `locomotive_payment` pays exactly when it does, over
    /// every hand of up to 3 locomotives and up to 4 cards of each of three colours (the
    /// others empty), costs 0 to 4, any 0, 1, 3 or 4 cards for a locomotive.
    #[test]
    fn a_purchase_pays_exactly_when_its_cards_are_found() {
        let mut checked = 0;
        for code in 0..4 * 5 * 5 * 5 {
            let mut hand = [0u16; crate::engine::CARD_KINDS];
            hand[LOCO as usize] = code % 4;
            hand[0] = code / 4 % 5;
            hand[3] = code / 20 % 5;
            hand[7] = code / 100;
            for cost in 0..=4u8 {
                for direct in 0..=4u8 {
                    for any in [0, 1, 3, 4] {
                        let paid = crate::engine::locomotive_payment(&hand, cost, direct, any);
                        let can = can_pay_locomotives(&hand, cost, direct, any);
                        assert_eq!(can, paid.is_some(), "{hand:?} {cost} {direct} {any}");
                        checked += usize::from(can);
                    }
                }
            }
        }
        assert!(checked > 1000, "{checked}");
    }

    /// `right_of_way_hands` (each payment class priced and tried once) says a hand could
    /// make a Right of Way claim exactly when `right_of_way_claims` (lane by lane) lists
    /// one, for each seat and a few hands, on positions of random UK games.
    #[test]
    fn right_of_way_hands_match_the_claims_listed() {
        use rand::{RngExt, SeedableRng};
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/uk.toml");
        let map = crate::load::load_path(&path).unwrap().map.unwrap();
        let game = Game::new(&map, 4, None).unwrap();
        let (me, tech) = game
            .mechanics
            .modules
            .iter()
            .enumerate()
            .find_map(|(i, m)| Some((i, m.as_any()?.downcast_ref::<Technologies>()?)))
            .expect("the UK plays technologies");
        let (mut some, mut none) = (0, 0);
        for seed in 0..4 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut state = State::new(&game, seed, &mut rng);
            while !state.is_terminal() {
                if state.turn.is_multiple_of(7) {
                    for p in 0..game.players {
                        let mut hands = [None; 4];
                        for (k, hand) in hands.iter_mut().enumerate() {
                            let mut h = state.players[p as usize].hand;
                            // Fewer cards, down to none: hands that pay and that do not.
                            h.iter_mut().for_each(|n| *n = *n * (3 - k as u16) / 3);
                            *hand = Some(h);
                        }
                        let found = tech.right_of_way_hands(&game, &state, me, p, &hands);
                        for (k, hand) in hands.iter().enumerate() {
                            let listed = !tech
                                .right_of_way_claims(&game, &state, me, p, hand.as_ref().unwrap())
                                .is_empty();
                            assert_eq!(found & 1 << k != 0, listed, "seed {seed} player {p}");
                            if listed { some += 1 } else { none += 1 }
                        }
                    }
                }
                let Some(a) =
                    state.sample_legal(&game, |n, _| (n > 0).then(|| rng.random_range(0..n)))
                else {
                    break;
                };
                state.apply(&game, a, &mut rng).unwrap();
            }
        }
        assert!(
            some > 50 && none > 50,
            "{some} hands can claim, {none} cannot"
        );
    }

    #[test]
    fn purchases_round_trip_below_draw3() {
        for tech in [0, 1, 17, 31] {
            for direct in [0, 1, 20, MAX_DIRECT as u8 - 1] {
                let p = Purchase { tech, direct };
                let n = p.to_choice();
                assert_eq!(Purchase::from_choice(n), p);
                assert_eq!(n as usize, tech + 32 * direct as usize);
                assert!(n < DRAW3);
            }
        }
    }
}
