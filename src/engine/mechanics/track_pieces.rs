//! Track pieces (France): track beds built during play, each by a piece that gives it its
//! colour.
//!
//! - A route marked `track_bed` cannot be claimed until a lane of it is built; every other
//!   route (the 1-space and the printed gray ones, ferries among them) is built from the
//!   start. Bed lanes are closed to every player until built (`State::set_lane_blocked`).
//! - A player who draws train cards then builds one bed: a piece of the supply on an unbuilt
//!   bed lane of the same length, whose colour the lane takes for the rest of the game
//!   (`State::set_lane_color`). The build is a decision asked at the first card drawn and
//!   made once the draw is done. Building is not claiming: the builder may claim it later,
//!   or anyone else.
//! - Each lane of a double or triple bed is built on its own; with fewer players than the
//!   map's `rules.lanes` open such lanes to (France: 2 and 3 players), only as many lanes
//!   of a route as may be claimed can be built (one).
//! - A claim puts the lane's piece back in the supply; the lane keeps its colour.
//! - Crossings: placing a piece takes the route for the crossings module, which cuts the
//!   routes across it; a cut bed is never built.
//! - No piece fits any bed: the rules are silent. `when_none_fits = "skip-build"`
//!   (default): the cards are drawn and the build skipped; `"no-card-draw"`: drawing cards
//!   is then not allowed.
//!
//! Decision: step 0, the build: a [`LaneColour`] (colour 0..8 in card order, 9 gray).
//! Report figures: beds built, beds built and never claimed, builds skipped, beds built by
//! one player and claimed by another.

use super::crossings::Crossings;
use super::{Game, Mechanic, State};
use crate::engine::error::colour_name;
use crate::engine::hooks::{
    Advice, Allows, Choice, Core, Counter, Decisions, OnClaim, OnDraw, PlanView, Report, Setup,
    Word,
};
use crate::engine::{Action, Cards, GRAY, IllegalMove, LOCO, NOBODY, Phase};
use crate::model::NoPieceFits;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

mod position;
pub use position::Entries;

/// The build decision.
pub const BUILD: u16 = 0;
/// The only choice when nothing can be built (never offered when something can).
pub const SKIP: u16 = u16::MAX;
/// Colours in a build choice (eight card colours and gray).
const COLOURS: u16 = GRAY as u16 + 1;

#[derive(Debug)]
pub struct TrackPieces {
    /// Piece kinds: (length, colour 0..8 or `GRAY`), each once, sorted.
    pub kinds: Vec<(u8, u8)>,
    /// Kind → pieces in the game.
    pub counts: Vec<u16>,
    /// Route → the kinds of its length, `kinds[from..to]`.
    pub route_kinds: Vec<(u16, u16)>,
    /// Route → whether it is a track bed.
    pub beds: Vec<bool>,
    pub when_none_fits: NoPieceFits,
    /// The crossings module (its index and itself), told of every piece placed.
    pub crossings: Option<(usize, Arc<Crossings>)>,
    /// Route → its name (`Marseille–Grenoble`), for replays.
    pub route_names: Vec<String>,
}

/// Where the module's words are: kind → pieces in the supply; lane → [`Bed`]; player →
/// beds built, builds skipped; the turn (+ 1) whose draw asked for a build.
struct Words {
    kinds: usize,
    lanes: usize,
    players: usize,
}

impl Words {
    fn of(game: &Game, me: &TrackPieces) -> Words {
        Words {
            kinds: me.kinds.len(),
            lanes: game.lane_count(),
            players: game.players as usize,
        }
    }
    fn lane(&self, lane: usize) -> usize {
        self.kinds + lane
    }
    fn built(&self, p: u8) -> usize {
        self.kinds + self.lanes + p as usize
    }
    fn skipped(&self, p: u8) -> usize {
        self.kinds + self.lanes + self.players + p as usize
    }
    fn asked(&self) -> usize {
        self.kinds + self.lanes + 2 * self.players
    }
    fn total(&self) -> usize {
        self.asked() + 1
    }
}

/// A lane's word: whether it was built, by whom, and the piece on it now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct Bed {
    /// Set once built; it stays when the piece goes back at a claim.
    built: bool,
    /// The player who built it (below 255).
    builder: Option<u8>,
    /// The kind of the piece on it (an index of `TrackPieces::kinds`, below 65535); none
    /// once it went back to the supply.
    piece: Option<u16>,
}

impl Word for Bed {
    /// Bit 31: `built`; bits 16..24: builder + 1; bits 0..16: piece kind + 1 (0 for none).
    fn to_word(self) -> u32 {
        (self.built as u32) << 31 | self.builder.to_word() << 16 | self.piece.to_word()
    }
    fn from_word(word: u32) -> Self {
        Bed {
            built: word >> 31 != 0,
            builder: Option::from_word((word >> 16) & 0xff),
            piece: Option::from_word(word & 0xffff),
        }
    }
}

/// A build choice: a lane and a colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LaneColour {
    pub lane: usize,
    /// 0..8 in card order, `GRAY`.
    pub colour: u8,
}

impl Choice for LaneColour {
    /// `lane * 10 + colour` ([`TrackPieces::fits`] checks that a map's lanes fit).
    fn to_choice(self) -> u16 {
        (self.lane as u16) * COLOURS + self.colour as u16
    }
    fn from_choice(choice: u16) -> Self {
        LaneColour {
            lane: (choice / COLOURS) as usize,
            colour: (choice % COLOURS) as u8,
        }
    }
}

impl TrackPieces {
    /// Whether every build choice ([`LaneColour`]) fits in a decision's number below `SKIP`.
    pub fn fits(lanes: usize) -> bool {
        lanes * (COLOURS as usize) < SKIP as usize
    }

    fn kind(&self, length: u8, color: u8) -> Option<usize> {
        self.kinds.iter().position(|&k| k == (length, color))
    }

    /// Pieces of kind `(length, color)` in the supply now.
    pub fn supply(&self, game: &Game, state: &State, me: usize, length: u8, color: u8) -> u16 {
        self.kind(length, color)
            .map_or(0, |k| state.mechanic_words(game, me)[k] as u16)
    }

    /// Whether `lane` is a lane of a track bed.
    pub fn is_bed(&self, game: &Game, lane: usize) -> bool {
        self.beds[game.lane_route[lane] as usize]
    }

    /// Whether bed lane `lane` has been built (a piece placed, whether or not it went back
    /// at a claim).
    pub fn built(&self, game: &Game, state: &State, me: usize, lane: usize) -> bool {
        self.bed(game, state, me, lane).built
    }

    fn bed(&self, game: &Game, state: &State, me: usize, lane: usize) -> Bed {
        Bed::from_word(state.mechanic_words(game, me)[Words::of(game, self).lane(lane)])
    }

    /// The piece on `lane` now: (length, colour).
    pub fn piece_on(&self, game: &Game, state: &State, me: usize, lane: usize) -> Option<(u8, u8)> {
        let kind = self.bed(game, state, me, lane).piece?;
        Some(self.kinds[kind as usize])
    }

    /// Who built `lane`, if it was built.
    pub fn builder(&self, game: &Game, state: &State, me: usize, lane: usize) -> Option<u8> {
        let bed = self.bed(game, state, me, lane);
        bed.builder.filter(|_| bed.built)
    }

    /// Lanes of route `r` built so far.
    fn built_lanes(&self, game: &Game, state: &State, me: usize, r: usize) -> u8 {
        let route = &game.routes[r];
        let first = route.first_lane as usize;
        (first..first + route.lane_count as usize)
            .filter(|&l| self.built(game, state, me, l))
            .count() as u8
    }

    /// Whether a piece may go on `lane` now (given one of its length): an unbuilt bed lane
    /// of a route not cut, with fewer lanes built than the player count lets be claimed.
    pub fn buildable(&self, game: &Game, state: &State, me: usize, lane: usize) -> bool {
        let r = game.lane_route[lane] as usize;
        self.beds[r]
            && !self.built(game, state, me, lane)
            && state.lane_owner()[lane] == NOBODY
            && !state.lane_closed(lane)
            && self.built_lanes(game, state, me, r) < game.routes[r].usable_lanes
    }

    /// The supply's kind of piece of colour `color` that fits `lane`'s length, if one is left.
    fn piece_left(
        &self,
        game: &Game,
        state: &State,
        me: usize,
        lane: usize,
        color: u8,
    ) -> Option<usize> {
        let length = game.routes[game.lane_route[lane] as usize].length;
        self.kind(length, color)
            .filter(|&k| state.mechanic_words(game, me)[k] > 0)
    }

    /// Whether a piece of colour `color` can be built on `lane` (`lane` in range) now:
    /// exactly when [`TrackPieces::for_each_build`] lists it.
    pub fn can_build(&self, game: &Game, state: &State, me: usize, lane: usize, color: u8) -> bool {
        self.buildable(game, state, me, lane)
            && self.piece_left(game, state, me, lane, color).is_some()
    }

    /// Every bed a piece may go on now, in route order, until `f` returns `false`: `f` gets
    /// the route, its kinds of piece (`kinds[from..to]`), how many of those kinds have a
    /// piece left (at least one) and how many of its lanes may take one (at least one). A
    /// bed is open while it is built on fewer lanes than may be claimed; a lane takes a
    /// piece while unbuilt, unowned and not closed. Counting a bed at a time is what lets
    /// the random bot pick one of France's hundreds of builds without listing them.
    fn for_each_open_bed(
        &self,
        game: &Game,
        state: &State,
        me: usize,
        mut f: impl FnMut(usize, (usize, usize), u32, u32) -> bool,
    ) {
        let words = Words::of(game, self);
        let w = state.mechanic_words(game, me);
        // Kinds with a piece left among `kinds[..i]`: a bed's count is one subtraction.
        let mut left_before: smallvec::SmallVec<[u32; 64]> = smallvec::SmallVec::new();
        left_before.push(0);
        for &left in &w[..self.kinds.len()] {
            let last = left_before[left_before.len() - 1];
            left_before.push(last + u32::from(left > 0));
        }
        for (r, route) in game.routes.iter().enumerate() {
            if !self.beds[r] {
                continue;
            }
            let (from, to) = self.route_kinds[r];
            let (from, to) = (from as usize, to as usize);
            let kinds = left_before[to] - left_before[from];
            if kinds == 0 {
                continue;
            }
            let (mut built, mut free) = (0, 0);
            let first = route.first_lane as usize;
            for l in first..first + route.lane_count as usize {
                if Bed::from_word(w[words.lane(l)]).built {
                    built += 1;
                } else if state.lane_owner()[l] == NOBODY && !state.lane_closed(l) {
                    free += 1;
                }
            }
            if built < route.usable_lanes && free > 0 && !f(r, (from, to), kinds, free) {
                return;
            }
        }
    }

    /// Route `r`'s lanes a piece may go on now, in order (see [`TrackPieces::for_each_open_bed`]).
    fn free_lanes<'a>(
        &self,
        game: &'a Game,
        state: &'a State,
        me: usize,
        r: usize,
    ) -> impl Iterator<Item = usize> + 'a {
        let words = Words::of(game, self);
        let w = state.mechanic_words(game, me);
        let route = &game.routes[r];
        let first = route.first_lane as usize;
        (first..first + route.lane_count as usize).filter(move |&l| {
            !Bed::from_word(w[words.lane(l)]).built
                && state.lane_owner()[l] == NOBODY
                && !state.lane_closed(l)
        })
    }

    /// The colours of `kinds[from..to]` with a piece left, in card order.
    fn colours_left<'a>(
        &'a self,
        game: &Game,
        state: &'a State,
        me: usize,
        (from, to): (usize, usize),
    ) -> impl Iterator<Item = u8> + 'a {
        let w = &state.mechanic_words(game, me)[from..to];
        w.iter()
            .zip(&self.kinds[from..to])
            .filter(|&(&left, _)| left > 0)
            .map(|(_, &(_, colour))| colour)
    }

    /// Every build possible now, as (lane, colour), lanes in order, colours in card order.
    pub fn for_each_build(
        &self,
        game: &Game,
        state: &State,
        me: usize,
        mut f: impl FnMut(usize, u8) -> bool,
    ) {
        self.for_each_open_bed(game, state, me, |r, kinds, _, _| {
            for lane in self.free_lanes(game, state, me, r) {
                for colour in self.colours_left(game, state, me, kinds) {
                    if !f(lane, colour) {
                        return false;
                    }
                }
            }
            true
        });
    }

    /// Whether any piece of the supply fits any bed now.
    pub fn any_build(&self, game: &Game, state: &State, me: usize) -> bool {
        let mut any = false;
        self.for_each_build(game, state, me, |_, _| {
            any = true;
            false
        });
        any
    }

    /// Player `p` places a piece of colour `color` on `lane`: from the supply, the lane takes
    /// the colour and opens to claims (as the lane tables allow), and the routes across it
    /// are cut. Refused, changing nothing, when the lane cannot be built or no such piece
    /// is left.
    pub fn build(
        &self,
        game: &Game,
        state: &mut State,
        me: usize,
        p: u8,
        lane: usize,
        color: u8,
    ) -> Result<(), IllegalMove> {
        if lane >= game.lane_count() || !self.buildable(game, state, me, lane) {
            return Err(IllegalMove::LaneNotBuildable(lane as u32));
        }
        let r = game.lane_route[lane] as usize;
        let length = game.routes[r].length;
        let kind = self
            .piece_left(game, state, me, lane, color)
            .ok_or(IllegalMove::NoTrackPiece { color, length })?;
        let words = Words::of(game, self);
        let w = state.mechanic_words_mut(game, me);
        w[kind] -= 1;
        w[words.lane(lane)] = Bed {
            built: true,
            builder: Some(p),
            piece: Some(kind as u16),
        }
        .to_word();
        w[words.built(p)] += 1;
        state.set_lane_color(game, lane, color);
        for q in 0..game.players {
            state.set_lane_blocked(game, q, lane, false);
        }
        if let Some((c, crossings)) = &self.crossings {
            crossings.take(game, state, *c, r);
        }
        Ok(())
    }

    /// A piece goes back to the supply: `lane`'s, when it is claimed.
    fn return_piece(&self, game: &Game, state: &mut State, me: usize, lane: usize) {
        let at = Words::of(game, self).lane(lane);
        let w = state.mechanic_words_mut(game, me);
        let mut bed = Bed::from_word(w[at]);
        if let Some(kind) = bed.piece.take() {
            w[kind as usize] += 1;
            w[at] = bed.to_word();
        }
    }

    /// Builds skipped by player `p` because no piece fitted.
    pub fn skipped(&self, game: &Game, state: &State, me: usize, p: u8) -> u32 {
        state.mechanic_words(game, me)[Words::of(game, self).skipped(p)]
    }
}

impl Mechanic for TrackPieces {
    // Public words: built beds are on the board and the supply is shared.
    mechanic_basics!("track-pieces", as_any, public);

    fn name(&self) -> String {
        let total: u32 = self.counts.iter().map(|&n| n as u32).sum();
        format!(
            "track pieces ({total}; no piece fits: {})",
            match self.when_none_fits {
                NoPieceFits::SkipBuild => "build skipped",
                NoPieceFits::NoCardDraw => "no card draw",
            }
        )
    }

    fn state_words(&self, game: &Game) -> usize {
        Words::of(game, self).total()
    }

    fn sets_lane_colors(&self) -> bool {
        true
    }

    plays!(setup, on_claim, on_draw, decisions, advice, report);
    /// Draws are taken away only when a draw with no piece to build is not allowed.
    fn allows(&self) -> Option<&dyn Allows> {
        (self.when_none_fits == NoPieceFits::NoCardDraw).then_some(self as &dyn Allows)
    }
}

impl Setup for TrackPieces {
    fn setup(&self, game: &Game, state: &mut State, me: usize, _rng: &mut ChaCha8Rng) {
        let w = state.mechanic_words_mut(game, me);
        for (k, &n) in self.counts.iter().enumerate() {
            w[k] = n as u32;
        }
        for lane in 0..game.lane_count() {
            if self.is_bed(game, lane) {
                for p in 0..game.players {
                    state.set_lane_blocked(game, p, lane, true);
                }
            }
        }
    }
}

impl Allows for TrackPieces {
    fn allows(&self, game: &Game, state: &State, me: usize, _p: u8, what: Core) -> bool {
        // Only the turn's first draw needs a build to be possible (the later draws belong
        // to the same action).
        !matches!(what, Core::DrawFaceUp | Core::DrawBlind)
            || state.phase != Phase::Main
            || self.any_build(game, state, me)
    }
}

impl OnDraw for TrackPieces {
    fn on_draw(&self, game: &Game, state: &mut State, me: usize, player: u8, _card: u8) {
        if !matches!(state.phase, Phase::Main | Phase::Drawing { .. })
            || player != state.current_player()
        {
            return;
        }
        let words = Words::of(game, self);
        let turn = state.turn + 1;
        if state.mechanic_words(game, me)[words.asked()] == turn {
            return;
        }
        let can_build = self.any_build(game, state, me);
        let w = state.mechanic_words_mut(game, me);
        w[words.asked()] = turn;
        if !can_build {
            w[words.skipped(player)] += 1;
            return;
        }
        state.ask(me, BUILD, player);
    }
}

impl OnClaim for TrackPieces {
    fn on_claim(&self, game: &Game, state: &mut State, me: usize, _: u8, lane: u16, _: &Cards) {
        self.return_piece(game, state, me, lane as usize);
    }
}

impl Decisions for TrackPieces {
    fn decision_actions(
        &self,
        game: &Game,
        state: &State,
        me: usize,
        _step: u16,
        push: &mut dyn FnMut(Action) -> bool,
    ) {
        let mechanic = me as u8;
        let mut any = false;
        self.for_each_build(game, state, me, |lane, color| {
            any = true;
            push(Action::Mechanic {
                mechanic,
                choice: LaneColour {
                    lane,
                    colour: color,
                }
                .to_choice(),
            })
        });
        if !any {
            push(Action::Mechanic {
                mechanic,
                choice: SKIP,
            });
        }
    }

    /// Counted a bed at a time, each open bed met once (France offers up to a few hundred
    /// builds after every card drawn; listing them was half of a random France game, and
    /// walking the beds a second time to find the picked one was a seventh).
    fn sample_decision(
        &self,
        game: &Game,
        state: &State,
        me: usize,
        _step: u16,
        pick: &mut dyn FnMut(u32) -> Option<u32>,
    ) -> Option<Option<Action>> {
        // Each open bed with its builds: (route, kinds' range, kinds with a piece left, lanes).
        type OpenBed = (usize, (usize, usize), u32, u32);
        let mut beds: smallvec::SmallVec<[OpenBed; 64]> = smallvec::SmallVec::new();
        let mut count = 0;
        self.for_each_open_bed(game, state, me, |r, range, kinds, lanes| {
            beds.push((r, range, kinds, lanes));
            count += kinds * lanes;
            true
        });
        let Some(mut i) = pick(count.max(1)) else {
            return Some(None);
        };
        let mechanic = me as u8;
        if count == 0 {
            // No piece fits any bed: the skip is the one choice.
            return Some((i == 0).then_some(Action::Mechanic {
                mechanic,
                choice: SKIP,
            }));
        }
        let build = beds.iter().find_map(|&(r, range, kinds, lanes)| {
            if i >= kinds * lanes {
                i -= kinds * lanes;
                return None;
            }
            let lane = self
                .free_lanes(game, state, me, r)
                .nth((i / kinds) as usize)?;
            let colour = self
                .colours_left(game, state, me, range)
                .nth((i % kinds) as usize)?;
            Some(Action::Mechanic {
                mechanic,
                choice: LaneColour { lane, colour }.to_choice(),
            })
        });
        Some(build)
    }

    /// Answered without listing every build (France offers up to a few hundred): a build
    /// is legal when [`TrackPieces::build`] would take it, the skip when no build is.
    fn is_legal_decision(
        &self,
        game: &Game,
        state: &State,
        me: usize,
        _step: u16,
        action: Action,
    ) -> bool {
        let Action::Mechanic { mechanic, choice } = action else {
            return false;
        };
        if mechanic as usize != me {
            return false;
        }
        if choice == SKIP {
            return !self.any_build(game, state, me);
        }
        let LaneColour { lane, colour } = LaneColour::from_choice(choice);
        lane < game.lane_count() && self.can_build(game, state, me, lane, colour)
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
        if choice == SKIP as u32 {
            if self.any_build(game, state, me) {
                return Err(IllegalMove::MustBuild);
            }
            let at = Words::of(game, self).skipped(p);
            state.mechanic_words_mut(game, me)[at] += 1;
            return Ok(());
        }
        let LaneColour { lane, colour } = LaneColour::from_choice(choice as u16);
        self.build(game, state, me, p, lane, colour)
    }
}

impl Report for TrackPieces {
    fn describe(
        &self,
        game: &Game,
        _state: &State,
        _me: usize,
        step: Option<u16>,
        choice: u16,
    ) -> Option<String> {
        step?;
        if choice == SKIP {
            return Some("no track piece fits a bed: no build".into());
        }
        let LaneColour { lane, colour } = LaneColour::from_choice(choice);
        let r = *game.lane_route.get(lane)? as usize;
        let route = &game.routes[r];
        let which = if route.lane_count > 1 {
            format!(" lane {}", lane - route.first_lane as usize + 1)
        } else {
            String::new()
        };
        let colour = colour_name(colour);
        let article = if colour.starts_with(['a', 'e', 'i', 'o', 'u']) {
            "an"
        } else {
            "a"
        };
        Some(format!(
            "builds {}{which} with {article} {colour} piece of {}",
            self.route_names.get(r).cloned().unwrap_or_default(),
            route.length
        ))
    }

    fn counters(&self, game: &Game, state: &State, me: usize, out: &mut Vec<Counter>) {
        let players = game.players as usize;
        let mut unclaimed = 0i64;
        let mut for_others = vec![0i64; players];
        let mut from_others = vec![0i64; players];
        for lane in 0..game.lane_count() {
            let Some(b) = self.builder(game, state, me, lane) else {
                continue;
            };
            match state.lane_owner()[lane] {
                NOBODY => unclaimed += 1,
                o if o != b => {
                    for_others[b as usize] += 1;
                    from_others[o as usize] += 1;
                }
                _ => {}
            }
        }
        let words = Words::of(game, self);
        let w = state.mechanic_words(game, me);
        // A figure counted per player is not counted for the game as well: a report's mean
        // per game of a name is the sum of its counters over the players.
        out.push(Counter {
            row: None,
            name: "beds built and never claimed".into(),
            player: None,
            value: unclaimed,
        });
        for p in 0..game.players {
            for (name, value) in [
                ("beds built", w[words.built(p)] as i64),
                (
                    "beds built, then claimed by another player",
                    for_others[p as usize],
                ),
                (
                    "beds claimed that another player built",
                    from_others[p as usize],
                ),
                ("builds skipped: no piece fits", w[words.skipped(p)] as i64),
            ] {
                out.push(Counter {
                    row: None,
                    name: name.into(),
                    player: Some(p),
                    value,
                });
            }
        }
    }
}

/// What a build on a bed of one route is worth to a planning bot, but for the cards it
/// holds of the piece's colour ([`BedValue::with`]).
struct BedValue {
    length: i32,
    /// Whether the route is on the bot's own plan.
    own: bool,
    /// The value of the plans' counts and the crossings it cuts.
    base: i32,
}

impl BedValue {
    /// A build of `colour` for a player holding `hand`.
    fn with(&self, hand: &Cards, colour: u8) -> i32 {
        let held = if colour < LOCO {
            hand[colour as usize] as i32
        } else {
            hand[..LOCO as usize].iter().copied().max().unwrap_or(0) as i32
        };
        let claimable_soon = held + hand[LOCO as usize] as i32 >= self.length;
        let soon = if self.own {
            200 * claimable_soon as i32
        } else {
            0
        };
        8 * held.min(self.length) + self.base + soon
    }
}

impl TrackPieces {
    /// [`BedValue`] of a bed of route `r` for the plans in `view`.
    fn bed_value(&self, game: &Game, r: u16, view: &PlanView) -> BedValue {
        let crossing: &[u16] = self
            .crossings
            .as_ref()
            .and_then(|(_, c)| c.crosses.get(r as usize))
            .map_or(&[], Vec::as_slice);
        let (mut cuts_own, mut cuts_others) = (0, 0);
        for &c in crossing {
            let (own, others) = view.times(c);
            cuts_own += own as i32;
            cuts_others += others as i32;
        }
        let (own, others) = view.times(r);
        let plans = if own > 0 { 1000 } else { -100 * others as i32 };
        BedValue {
            length: game.routes[r as usize].length as i32,
            own: own > 0,
            base: plans + 150 * cuts_others - 2000 * cuts_own,
        }
    }
}

impl Advice for TrackPieces {
    /// A bed on the bot's own plan in the colour it holds most of (and can soon claim);
    /// otherwise a bed whose piece cuts routes the others plan, never one that cuts its own
    /// plan, and not a bed the others plan (that would build it for them).
    fn advise(
        &self,
        game: &Game,
        state: &State,
        _me: usize,
        _step: u16,
        view: &PlanView,
        choice: u16,
    ) -> i32 {
        if choice == SKIP {
            return 0;
        }
        let LaneColour { lane, colour } = LaneColour::from_choice(choice);
        let Some(&r) = game.lane_route.get(lane) else {
            return i32::MIN;
        };
        let hand = &state.players[view.player as usize].hand;
        self.bed_value(game, r, view).with(hand, colour)
    }

    /// The builds as [`TrackPieces::for_each_build`] lists them (the skip only when none
    /// is legal), each bed's plan counts and crossings weighed once for all its colours:
    /// listing a few hundred builds and asking `advise` of each was a third of a France
    /// style game.
    fn best_advised(
        &self,
        game: &Game,
        state: &State,
        me: usize,
        _step: u16,
        view: &PlanView,
    ) -> Option<u16> {
        let hand = &state.players[view.player as usize].hand;
        let mut best: Option<(i32, u16)> = None;
        let mut bed: Option<(usize, BedValue)> = None;
        self.for_each_build(game, state, me, |lane, colour| {
            if bed.as_ref().is_none_or(|b| b.0 != lane) {
                let r = game.lane_route[lane];
                bed = Some((lane, self.bed_value(game, r, view)));
            }
            let value = bed.as_ref().map_or(0, |b| b.1.with(hand, colour));
            if best.is_none_or(|b| value > b.0) {
                best = Some((value, LaneColour { lane, colour }.to_choice()));
            }
            true
        });
        Some(best.map_or(SKIP, |b| b.1))
    }

    fn opens_later(&self, game: &Game, state: &State, me: usize, _p: u8, lane: usize) -> bool {
        // An unbuilt bed lane that may still be built (a piece of its length comes back to
        // the supply at every claim).
        self.buildable(game, state, me, lane)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn beds_round_trip_in_the_old_layout() {
        for built in [false, true] {
            for builder in [None, Some(0), Some(1), Some(4), Some(254)] {
                for piece in [None, Some(0), Some(1), Some(40), Some(65534)] {
                    let bed = Bed {
                        built,
                        builder,
                        piece,
                    };
                    let w = bed.to_word();
                    assert_eq!(Bed::from_word(w), bed);
                    let plus = |o: Option<u32>| o.map_or(0, |o| o + 1);
                    // The layout written by hand before: BUILT | builder + 1 << 16 | kind + 1.
                    assert_eq!(
                        w,
                        (built as u32) << 31
                            | plus(builder.map(u32::from)) << 16
                            | plus(piece.map(u32::from))
                    );
                }
            }
        }
        assert_eq!(Bed::default().to_word(), 0);
        // A built lane whose piece went back: only the low 16 bits cleared.
        let w = (1 << 31) | 3 << 16 | 7;
        let mut bed = Bed::from_word(w);
        assert_eq!(bed.piece.take(), Some(6));
        assert_eq!(bed.to_word(), w & !0xffff);
    }

    #[test]
    fn lane_colours_round_trip_in_the_old_layout() {
        for lane in [0, 1, 9, 10, 500, (SKIP as usize - 1) / COLOURS as usize - 1] {
            for colour in [0, 1, LOCO - 1, GRAY] {
                let c = LaneColour { lane, colour };
                let n = c.to_choice();
                assert_eq!(LaneColour::from_choice(n), c);
                assert_eq!(n as usize, lane * 10 + colour as usize);
                assert!(TrackPieces::fits(lane + 1));
            }
        }
        assert!(!TrackPieces::fits(SKIP as usize / COLOURS as usize + 1));
    }
}
