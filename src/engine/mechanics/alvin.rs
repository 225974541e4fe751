//! Alvin the Alien (Old West's optional variant), played with the city markers.
//!
//! Alvin starts in his city (`mechanics.alvin.start`), where no start and no marker may go.
//! The first claim of a route into his city captures him: the claimer scores
//! `capture_points` and must move him to a city they control (a city with one of their
//! markers, the starting city included). From then on, another player claiming a route
//! into Alvin's city captures him the same way; his holder claiming into it captures
//! nothing. Whoever holds him at the end scores `end_points`.
//!
//! After a claim, the marker decision comes first and then Alvin's move, so a marker
//! placed on the route just claimed may take him. The points are one end-of-game line per
//! player: its measure is the captures, its points the captures' and the holder's.
//!
//! Decision: step 0, the city Alvin moves to (a city index).

use super::city_markers::CityMarkers;
use super::{Game, Mechanic, State};
use crate::engine::hooks::{
    Advice, Counter, Decisions, EndScoring, OnClaim, PlanView, Report, Setup, Word,
};
use crate::engine::scoring::{BonusLine, DetailedScore};
use crate::engine::{Action, Cards};
use rand_chacha::ChaCha8Rng;

/// The move after a capture.
pub const MOVE: u16 = 0;

#[derive(Debug)]
pub struct Alvin {
    /// His first city (a city index).
    pub start: u16,
    pub capture_points: i32,
    pub end_points: i32,
    /// The city markers module (its index in the game's modules).
    pub markers: usize,
}

// Words: his holder (`Option<u8>`, none: nobody yet), his city, then each player's captures.
const HOLDER: usize = 0;
const CITY: usize = 1;
const CAPTURES: usize = 2;

impl Alvin {
    /// Alvin's holder, once captured.
    pub fn holder(game: &Game, state: &State, me: usize) -> Option<u8> {
        Option::from_word(state.mechanic_words(game, me)[HOLDER])
    }

    /// The city Alvin is in.
    pub fn city(game: &Game, state: &State, me: usize) -> u16 {
        state.mechanic_words(game, me)[CITY] as u16
    }

    /// Player `p`'s captures.
    pub fn captures(game: &Game, state: &State, me: usize, p: u8) -> u32 {
        state.mechanic_words(game, me)[CAPTURES + p as usize]
    }

    /// Puts Alvin with `holder` in `city` (positions written by hand: who holds him at the
    /// end, and how often each player captured him).
    pub fn set(
        game: &Game,
        state: &mut State,
        me: usize,
        holder: Option<u8>,
        city: u16,
        captures: &[u32],
    ) {
        let w = state.mechanic_words_mut(game, me);
        w[HOLDER] = holder.to_word();
        w[CITY] = city as u32;
        for (p, &n) in captures.iter().enumerate().take(game.players as usize) {
            w[CAPTURES + p] = n;
        }
    }
}

impl Mechanic for Alvin {
    // Public words: Alvin's city is on the board.
    mechanic_basics!("alvin", public);

    fn name(&self) -> String {
        format!(
            "Alvin the Alien ({} a capture, {} to his holder at the end)",
            self.capture_points, self.end_points
        )
    }

    fn state_words(&self, game: &Game) -> usize {
        CAPTURES + game.players as usize
    }

    plays!(setup, on_claim, decisions, end_scoring, advice, report);
}

impl Setup for Alvin {
    fn setup(&self, game: &Game, state: &mut State, me: usize, _rng: &mut ChaCha8Rng) {
        state.mechanic_words_mut(game, me)[CITY] = self.start as u32;
    }
}

impl OnClaim for Alvin {
    fn on_claim(&self, game: &Game, state: &mut State, me: usize, p: u8, lane: u16, _: &Cards) {
        let route = &game.routes[game.lane_route[lane as usize] as usize];
        let w = state.mechanic_words_mut(game, me);
        let city = w[CITY] as u16;
        if (route.city_a != city && route.city_b != city)
            || Option::<u8>::from_word(w[HOLDER]) == Some(p)
        {
            return;
        }
        w[HOLDER] = Some(p).to_word();
        w[CAPTURES + p as usize] += 1;
        state.ask(me, MOVE, p);
    }
}

impl Decisions for Alvin {
    fn decision_actions(
        &self,
        game: &Game,
        state: &State,
        me: usize,
        _step: u16,
        push: &mut dyn FnMut(Action),
    ) {
        let p = state.current_player();
        let mechanic = me as u8;
        let cities = CityMarkers::controlled_by(game, state, self.markers, p);
        if cities.is_empty() {
            // No city controlled (no start was possible): he stays where he is.
            push(Action::Mechanic {
                mechanic,
                choice: Self::city(game, state, me),
            });
        }
        for c in cities {
            push(Action::Mechanic {
                mechanic,
                choice: c,
            });
        }
    }

    fn apply_decision(
        &self,
        game: &Game,
        state: &mut State,
        me: usize,
        _step: u16,
        choice: u32,
        _rng: &mut ChaCha8Rng,
    ) -> Result<(), String> {
        let p = state.current_player();
        let cities = CityMarkers::controlled_by(game, state, self.markers, p);
        let stays = cities.is_empty() && choice == Self::city(game, state, me) as u32;
        if !stays && !cities.contains(&(choice as u16)) {
            return Err("Alvin moves only to a city his captor controls".into());
        }
        state.mechanic_words_mut(game, me)[CITY] = choice;
        Ok(())
    }
}

impl EndScoring for Alvin {
    fn end_scoring(&self, game: &Game, state: &State, me: usize, scores: &mut [DetailedScore]) {
        let holder = Self::holder(game, state, me);
        for (p, d) in scores.iter_mut().enumerate() {
            let captures = Self::captures(game, state, me, p as u8);
            let held = holder == Some(p as u8);
            d.add_bonus(BonusLine {
                mechanic: me,
                measure: captures,
                points: captures as i32 * self.capture_points
                    + if held { self.end_points } else { 0 },
            });
        }
    }
}

impl Report for Alvin {
    fn counters(&self, game: &Game, state: &State, me: usize, out: &mut Vec<Counter>) {
        let holder = Self::holder(game, state, me);
        for p in 0..game.players {
            out.push(Counter {
                name: "Alvin captures".into(),
                player: Some(p),
                value: Self::captures(game, state, me, p) as i64,
            });
            out.push(Counter {
                name: "Alvin held at the end".into(),
                player: Some(p),
                value: (holder == Some(p)) as i64,
            });
        }
    }

    fn describe(
        &self,
        game: &Game,
        _state: &State,
        _me: usize,
        _step: Option<u16>,
        choice: u16,
    ) -> Option<String> {
        let city = game.city_ids.get(choice as usize)?;
        Some(format!("moved Alvin to {city}"))
    }
}

impl Advice for Alvin {
    fn claim_bonus(&self, game: &Game, state: &State, me: usize, p: u8, lane: usize) -> i32 {
        let route = &game.routes[game.lane_route[lane] as usize];
        let city = Self::city(game, state, me);
        let holds = Self::holder(game, state, me) == Some(p);
        if holds || (route.city_a != city && route.city_b != city) {
            return 0;
        }
        // The capture, and half the holder's points (he may be taken back).
        self.capture_points + self.end_points / 2
    }

    fn advise(
        &self,
        game: &Game,
        _state: &State,
        _me: usize,
        _step: u16,
        view: &PlanView,
        choice: u16,
    ) -> i32 {
        // Where the fewest of the others' planned routes arrive: kept longest.
        -(view
            .others_routes
            .iter()
            .map(|&r| &game.routes[r as usize])
            .filter(|r| r.city_a == choice || r.city_b == choice)
            .count() as i32)
    }
}
