//! One legal action picked without listing them all (the random bot's fast path), and the
//! number of legal actions.

use super::*;

impl State {
    /// How many legal actions there are now, and the position of `DrawTickets` among them
    /// (in [`State::legal_actions`] order), without listing them.
    pub fn legal_count(&self, game: &Game) -> (u32, Option<u32>) {
        let mut out = (0, None);
        self.sample_legal(game, |n, tickets| {
            out = (n, tickets);
            None
        });
        out
    }

    /// Picks one legal action without listing them all: `pick` gets the number of legal
    /// actions and the index of `DrawTickets` among them (if legal), and returns an index;
    /// the result is the action at that index of [`State::legal_actions`]'s list (`None`
    /// when there is no legal action, `pick` returns `None`, or the index is out of range).
    pub fn sample_legal(
        &self,
        game: &Game,
        pick: impl FnOnce(u32, Option<u32>) -> Option<u32>,
    ) -> Option<Action> {
        let mut pick = Some(pick);
        if let Phase::Mechanic { mechanic, step } = self.phase
            && let Some(decisions) = game.mechanics.modules[mechanic as usize].decisions()
            && let Some(picked) =
                decisions.sample_decision(game, self, mechanic as usize, step, &mut |n| {
                    pick.take().and_then(|pick| pick(n, None))
                })
        {
            // A module that counts its choices without listing them (France's builds).
            return picked;
        }
        // Not taken above: a module that does not count its choices never calls it.
        let pick = pick.take()?;
        if self.phase != Phase::Main {
            // Listed once, on the stack while few (France's track-bed builds can run to
            // hundreds: listing them twice, to find they do not fit and again, was half of a
            // random France game). No phase but the main one offers `DrawTickets`.
            let mut list: smallvec::SmallVec<[Action; SMALL_ACTIONS]> = smallvec::SmallVec::new();
            self.other_phase_actions(game, |a| {
                list.push(a);
                true
            });
            let i = pick(list.len() as u32, None)?;
            return list.get(i as usize).copied();
        }
        // Module actions, actions modules take away and per-player costs are not counted
        // without listing them.
        if self.face_up.len() + 2 > DRAW_ACTIONS
            || !game.mechanics.actions.is_empty()
            || !self.plain_main(game)
        {
            return self.sample_main_general(game, pick);
        }
        let mut draws: SmallActions<DRAW_ACTIONS> = SmallActions::default();
        for (slot, &c) in self.face_up.iter().enumerate() {
            if c != NOBODY {
                draws.push(Action::DrawFaceUp(slot as u8));
            }
        }
        if self.drawable_cards() > 0 {
            draws.push(Action::DrawBlind);
        }
        let mut tickets_at = None;
        if self.tickets_drawable(game) {
            tickets_at = Some(draws.len as u32);
            draws.push(Action::DrawTickets);
        }
        let mut ways = [0u16; FAST_SLOTS];
        let claims = self.claim_total(game, &mut ways);
        let (payments, cities) = self.station_counts(game);
        let total = draws.len as u32 + claims + payments * cities;
        if total == 0 && game.when_stuck != WhenStuck::Fail {
            // Nothing else is legal: the pass is the whole list, at index 0.
            return (pick(1, None)? == 0).then_some(Action::Pass);
        }
        let i = pick(total, tickets_at)?;
        if i >= total {
            return None;
        }
        if (i as usize) < draws.len {
            return Some(draws.items[i as usize]);
        }
        let mut rest = i - draws.len as u32;
        if rest < claims {
            return self.nth_claim(game, &ways, rest);
        }
        rest -= claims;
        // Stations: cities in order, each with every payment.
        let city_rank = rest / payments;
        let payment_rank = rest % payments;
        let city = (0..game.city_ids.len())
            .filter(|&c| self.station_owner[c] == NOBODY)
            .nth(city_rank as usize)?;
        let (color, locos) = self
            .station_payment_options(game)
            .nth(payment_rank as usize)?;
        Some(Action::BuildStation {
            city: city as u16,
            color,
            locos,
        })
    }

    /// The claim at index `rest` among the current player's claims (lanes in order), with
    /// `ways` from [`State::claim_total`].
    pub(super) fn nth_claim(
        &self,
        game: &Game,
        ways: &[u16; FAST_SLOTS],
        mut rest: u32,
    ) -> Option<Action> {
        let hand = &self.players[self.current as usize].hand;
        let tables = (self.lane_slots(game), self.lane_classes(game));
        for lane in self.open_lanes(game, self.current as usize) {
            let n = self.lane_ways(game, ways, lane, tables);
            if rest >= n {
                rest -= n;
                continue;
            }
            let class = &game.lane_classes[tables.1[lane] as usize];
            let mut k = 0;
            let mut found = None;
            for_each_claim(hand, class, |color, locos| {
                if k == rest {
                    found = Some(Action::Claim {
                        lane: lane as u16,
                        color,
                        locos,
                    });
                }
                k += 1;
            });
            return found;
        }
        None
    }

    /// [`State::sample_legal`] for a main phase the core alone does not count (module
    /// actions, actions modules take away, lanes priced per player, a very large display):
    /// the draws, stations and module actions are listed, the claims counted per payment
    /// class ([`State::class_claim_ways`]: each class priced and counted once, times its
    /// open lanes) and only the picked lane's listed. The order is [`State::legal_actions`]'s:
    /// draws, claims, stations, module actions, the end of an extra claim; the pass when
    /// nothing else is legal.
    pub(super) fn sample_main_general(
        &self,
        game: &Game,
        pick: impl FnOnce(u32, Option<u32>) -> Option<u32>,
    ) -> Option<Action> {
        let mut draws = Vec::new();
        self.main_draw_actions(game, &mut draws);
        let mut stack = [0u32; STACK_CLASSES];
        let mut heap = Vec::new();
        let ways = class_buffer(game, &mut stack, &mut heap);
        // Summed per class, not lane by lane: walking every open lane to add up its ways
        // was an eighth of a random UK game; only a picked claim walks them, to find its lane.
        let claims = self.class_claim_ways(game, ways);
        let mut rest_list = Vec::new();
        self.station_actions(game, &mut rest_list);
        self.mechanic_actions(game, &mut rest_list);
        if self.turn_mods.claiming {
            rest_list.push(Action::EndTurn);
        }
        let total = draws.len() as u32 + claims + rest_list.len() as u32;
        if total == 0 && game.when_stuck != WhenStuck::Fail {
            return (pick(1, None)? == 0).then_some(Action::Pass);
        }
        let tickets_at = draws
            .iter()
            .position(|&a| a == Action::DrawTickets)
            .map(|i| i as u32);
        let i = pick(total, tickets_at)?;
        if (i as usize) < draws.len() {
            return Some(draws[i as usize]);
        }
        let mut rest = i - draws.len() as u32;
        if rest >= claims {
            return rest_list.get((rest - claims) as usize).copied();
        }
        let classes = self.lane_classes(game);
        let lane = self.open_lanes(game, self.current as usize).find(|&lane| {
            let n = ways[classes[lane] as usize];
            let here = rest < n;
            if !here {
                rest -= n;
            }
            here
        })?;
        let mut found = None;
        let mut k = 0;
        self.for_each_claim_of_lane(game, lane, |a| {
            if k == rest {
                found = Some(a);
            }
            k += 1;
        });
        found
    }
}
