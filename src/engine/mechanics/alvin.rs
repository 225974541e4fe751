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
    Advice, ClaimBonus, Counter, Decisions, EndScoring, OnClaim, PlanView, Report, Setup, Word,
};
use crate::engine::position::{
    At, Cx, GAME, MARKER, PlayerEntries, Position, PositionEntries, Reader, Whole,
};
use crate::engine::scoring::{BonusLine, DetailedScore};
use crate::engine::{Action, Cards, IllegalMove};
use crate::model::MapFile;
use crate::spans::Seg;
use rand_chacha::ChaCha8Rng;
use serde_json::{Map, Value};
use std::ops::Range;
use std::sync::Arc;

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
    fn set(
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

    plays!(
        setup,
        on_claim,
        decisions,
        end_scoring,
        advice,
        claim_bonus,
        report
    );
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
        push: &mut dyn FnMut(Action) -> bool,
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
    ) -> Result<(), IllegalMove> {
        let p = state.current_player();
        let cities = CityMarkers::controlled_by(game, state, self.markers, p);
        let stays = cities.is_empty() && choice == Self::city(game, state, me) as u32;
        if !stays && !cities.contains(&(choice as u16)) {
            return Err(IllegalMove::AlvinStaysHome);
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
                row: None,
                name: "Alvin captures".into(),
                player: Some(p),
                value: Self::captures(game, state, me, p) as i64,
            });
            out.push(Counter {
                row: None,
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

impl ClaimBonus for Alvin {
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
}

impl Advice for Alvin {
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

/// Alvin in a position written by hand (`ttrmap score`): each player's
/// `alvin = { captures = 1, holds = true }` (captures 0 and not held when left out). The
/// variant is played when some player writes it, else left out.
pub struct Entries;

/// A player's part in the variant, as their `alvin` says.
#[derive(Debug)]
struct Played {
    /// Times they captured him (default 0).
    captures: Option<At<i64>>,
    /// They hold him at the end.
    holds: bool,
    /// The `alvin` key.
    span: Range<usize>,
}

const KEYS: &[&str] = &["captures", "holds"];

impl PositionEntries for Entries {
    fn keys(&self) -> &'static [&'static str] {
        &["alvin"]
    }

    fn read(
        &self,
        r: &mut Reader,
        i: usize,
        table: &Map<String, Value>,
    ) -> Option<Arc<dyn PlayerEntries>> {
        let path = crate::path!["player", i, "alvin"];
        let what = format!("`alvin` of [[player]] #{}", i + 1);
        let table = r.table(table.get("alvin")?, &path, KEYS, &what)?;
        let mut captures = None;
        if let Some(c) = table.get("captures") {
            let mut at = path.clone();
            at.push(Seg::Key("captures".into()));
            match r.whole(c, &at, "`captures`")? {
                At {
                    value: Whole::Fits(n),
                    span,
                } if (0..=1000).contains(&n) => captures = Some(At { value: n, span }),
                At { span, .. } => {
                    let message = "`captures` counts captures: 0 to 1000";
                    r.error(span, message, "not a number of captures");
                    return None;
                }
            }
        }
        let mut holds = false;
        if let Some(h) = table.get("holds") {
            let mut at = path.clone();
            at.push(Seg::Key("holds".into()));
            match h.as_bool() {
                Some(b) => holds = b,
                None => {
                    r.wrong(&at, "`holds` must be true or false".into(), "not a boolean");
                    return None;
                }
            }
        }
        Some(Arc::new(Played {
            captures,
            holds,
            span: r.key_span(&path),
        }))
    }

    /// Alvin is an optional variant: played when some player's `alvin` says how it went.
    fn leaves_out(&self, map: &MapFile, position: &Position, without: &mut Vec<String>) {
        if map.mechanics.optional().contains(&"alvin")
            && position
                .player
                .iter()
                .all(|p| p.entries::<Played>().is_none())
            && !without.iter().any(|w| w == "mechanics.alvin")
        {
            without.push("mechanics.alvin".into());
        }
    }

    /// Each player's captures, and who holds him at the end.
    fn check(&self, cx: &mut Cx, position: &Position, _: &[Vec<usize>], state: &mut State) {
        let (game, names) = (cx.game(), cx.names());
        let played = position.player.iter().map(|p| p.entries::<Played>());
        let Some(me) = game.mechanics.find("alvin") else {
            for (p, a) in played.enumerate() {
                if let Some(a) = a {
                    let message = format!(
                        "{}: Alvin is not played (the map has no such variant, or `without` leaves it out)",
                        names[p]
                    );
                    cx.problem(GAME, &a.span, message, "no Alvin in this game");
                }
            }
            return;
        };
        let mut holder = None;
        let mut captures = vec![0u32; position.player.len()];
        for (p, a) in played.enumerate() {
            let Some(a) = a else { continue };
            captures[p] = a.captures.as_ref().map_or(0, |c| c.value as u32);
            if !a.holds {
                continue;
            }
            if captures[p] == 0 {
                let message = format!(
                    "{}: holds Alvin but never captured him (`captures` is 0)",
                    names[p]
                );
                cx.problem(MARKER, &a.span, message, "holds without a capture");
            } else if let Some(h) = holder {
                let message = format!(
                    "{}: Alvin is held by {} already; one player holds him",
                    names[p], names[h as usize]
                );
                cx.problem(MARKER, &a.span, message, "a second holder");
            } else {
                holder = Some(p as u8);
            }
        }
        let city = Alvin::city(game, state, me);
        Alvin::set(game, state, me, holder, city, &captures);
    }
}
