//! The rule hooks: one small trait per hook, each reached through its accessor on
//! [`Mechanic`](super::Mechanic) (a module that plays the hook returns `Some(self)`). Every
//! method gets `me`, the module's index in [`Game::mechanics`].

use crate::engine::scoring::{Components, DetailedScore};
use crate::engine::{Action, Cards, Game, Goal, IllegalMove, LaneClass, State};
use crate::model::MapFile;
use rand_chacha::ChaCha8Rng;

/// A core action a module may take away ([`Allows`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Core {
    DrawFaceUp,
    DrawBlind,
    DrawTickets,
    Claim,
    BuildStation,
}

/// What happens after a module's main-phase action.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AfterAction {
    /// The action was the turn (buy, build, place...): the turn ends.
    EndTurn,
    /// A modifier: the player still takes the turn's action (an Express card, a purchase
    /// before the action).
    Continue,
}

/// What the current turn has been changed to by modifiers. Reset when a turn ends.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TurnMods {
    /// Cards more to draw in a draw-cards turn (Water Tenders: a third).
    pub extra_draws: u8,
    /// Tickets more in a ticket draw (South Korea's Express card: 3 + N).
    pub extra_tickets: u8,
    /// Claims more in a claim turn (Thermocompressor): after a claim, the player may claim
    /// again or end the turn ([`Action::EndTurn`]).
    pub extra_claims: u8,
    /// Set by the engine after a claim that leaves extra claims: only claims and
    /// [`Action::EndTurn`] are legal.
    pub claiming: bool,
}

/// Who scores a route's points: a few (player, points) pairs ([`RouteSplit`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RoutePoints {
    pub to: Vec<(u8, i32)>,
}

/// Costs: adjusts how lanes (`game.routes`' cost fields) and stations are paid for, and any
/// other table of the compiled game.
pub trait Costs {
    /// Runs once in [`Game::new`], before lanes are grouped into payment classes.
    fn costs(&self, map: &MapFile, game: &mut Game);
}

/// Costs per player. With any such module, claims are listed lane by lane.
pub trait PlayerCost {
    /// Changes `class`, the way a lane of that payment class is paid for, for player `p` now
    /// (any N cards as a locomotive: `any_for_one` and `ferry_substitute`; one card fewer:
    /// `discount`). The price depends on the class and the player, not on which lane: the
    /// engine prices each class once a decision (pricing a UK game's hundred lanes one by
    /// one, for every decision, was a fifth of a random game).
    fn player_cost(&self, game: &Game, state: &State, me: usize, p: u8, class: &mut LaneClass);

    /// Whether [`PlayerCost::player_cost`] may change any class for player `p` now (by
    /// default it may). Answering `false` only when it would leave every class as it is
    /// lets the engine count `p`'s claims as the core does, without pricing each class (a
    /// UK player without Booster or Diesel Power pays as everyone does).
    fn changes_costs(&self, _game: &Game, _state: &State, _me: usize, _p: u8) -> bool {
        true
    }
}

/// Cards of the module's own kinds in the train deck (kinds are the module's: 0, 1, ...).
pub trait DeckCards {
    /// The cards shuffled into the train deck at the start, a count per kind. A kind with
    /// count 0 can still be put at a depth by [`State::place_in_deck`].
    fn deck_cards(&self, game: &Game) -> Vec<u16>;
    /// A card of kind `kind` came off the train deck (a blind draw, a display refill, a
    /// tunnel reveal); it is the module's now. The engine then draws again for the same
    /// purpose.
    fn on_deck_card(&self, game: &Game, state: &mut State, me: usize, kind: u16);
}

/// Setup of the module's per-game state.
pub trait Setup {
    /// After the cards are dealt and before the setup ticket choice; may ask for decisions
    /// ([`State::ask`], [`State::ask_round`]), which are made after the setup tickets are
    /// kept and before the first turn.
    fn setup(&self, game: &Game, state: &mut State, me: usize, rng: &mut ChaCha8Rng);
}

/// Main-phase actions of the module's own: whole-turn actions or modifiers.
pub trait Actions {
    /// Pushes the module's actions for the current player at the start of a turn
    /// (`Action::Mechanic { mechanic: me, choice }`).
    fn main_actions(&self, game: &Game, state: &State, me: usize, push: &mut dyn FnMut(Action));
    /// Plays one of the module's actions (listed by `main_actions`); says whether it was
    /// the turn or a modifier. An error changes nothing.
    fn apply_action(
        &self,
        game: &Game,
        state: &mut State,
        me: usize,
        choice: u32,
        rng: &mut ChaCha8Rng,
    ) -> Result<AfterAction, IllegalMove>;
}

/// Core actions the module may take away.
pub trait Allows {
    /// Whether player `p` may take core action `what` now (all modules must allow it).
    fn allows(&self, game: &Game, state: &State, me: usize, p: u8, what: Core) -> bool;
}

/// A reaction to claims.
pub trait OnClaim {
    /// Player `player` has just taken `lane` paying `paid` (trains and route points
    /// counted). May close lanes ([`State::set_lane_blocked`]), take more cards
    /// ([`State::spend`]) or ask for a decision ([`State::ask`]).
    fn on_claim(
        &self,
        game: &Game,
        state: &mut State,
        me: usize,
        player: u8,
        lane: u16,
        paid: &Cards,
    );
}

/// A reaction to card draws.
pub trait OnDraw {
    /// `card` has just gone to `player`'s hand (face up or blind). May ask for a decision at
    /// the end of the turn (France: place a track piece after drawing cards).
    fn on_draw(&self, game: &Game, state: &mut State, me: usize, player: u8, card: u8);
}

/// A reaction to the end of a turn.
pub trait OnTurnEnd {
    /// The current player's turn is over (its decisions made); [`State::turn_mods`] are
    /// about to be reset.
    fn on_turn_end(&self, game: &Game, state: &mut State, me: usize);
}

/// The decisions the module asks for ([`State::ask`], [`State::ask_round`]).
pub trait Decisions {
    /// The choices of the decision at `step`, as `Action::Mechanic { mechanic: me, choice }`,
    /// for the deciding player (`state.current_player()`), until `push` returns `false` (a
    /// module offering many may stop there; one that goes on is not wrong, only slower). A
    /// decision must offer at least one.
    fn decision_actions(
        &self,
        game: &Game,
        state: &State,
        me: usize,
        step: u16,
        push: &mut dyn FnMut(Action) -> bool,
    );
    /// Plays a decision's choice; the next decision asked for follows, then the turn goes
    /// on. An error changes nothing.
    fn apply_decision(
        &self,
        game: &Game,
        state: &mut State,
        me: usize,
        step: u16,
        choice: u32,
        rng: &mut ChaCha8Rng,
    ) -> Result<(), IllegalMove>;
    /// One choice of those [`Decisions::decision_actions`] lists at `step` now, picked
    /// without listing them, for a module that counts them (France's hundreds of builds):
    /// `pick` gets how many there are and returns the index wanted, and the answer is the
    /// listing's action at that index, `Some(None)` when `pick` returns `None` or an index
    /// past the end. `None`, the default, says the module does not count its choices (the
    /// random bot then lists them); `pick` is then not called.
    fn sample_decision(
        &self,
        _game: &Game,
        _state: &State,
        _me: usize,
        _step: u16,
        _pick: &mut dyn FnMut(u32) -> Option<u32>,
    ) -> Option<Option<Action>> {
        None
    }
    /// Whether `action` is one of [`Decisions::decision_actions`] at `step` now: what
    /// [`State::is_legal`] asks of every decision a player makes. By default the choices
    /// are listed and searched; a module offering many choices may answer directly, and must
    /// answer exactly as the listing would.
    fn is_legal_decision(
        &self,
        game: &Game,
        state: &State,
        me: usize,
        step: u16,
        action: Action,
    ) -> bool {
        let mut found = false;
        self.decision_actions(game, state, me, step, &mut |a| {
            found |= a == action;
            !found
        });
        found
    }
}

/// Route points sent to other players.
pub trait RouteSplit {
    /// Who scores `lane` held by `owner`. `split` starts as the owner with the route's
    /// points; the module may send them elsewhere. Asked when the lane is taken (the score
    /// track) and again by the final scoring, so a module whose answer may change later (a
    /// marker placed after the claim) decides in its own state which moment counts.
    fn route_points(
        &self,
        game: &Game,
        state: &State,
        me: usize,
        lane: u16,
        owner: u8,
        split: &mut RoutePoints,
    );
}

/// Ticket completion and value.
pub trait TicketValue {
    /// The points of `goal` for player `p` whose network (own routes plus borrowed ones) is
    /// `net`, and whether it is completed; `None` leaves the goal to the next module or the
    /// core (printed value of a pair or multi-city ticket).
    fn ticket_value(
        &self,
        game: &Game,
        state: &State,
        p: usize,
        goal: &Goal,
        net: &mut Components,
    ) -> Option<(i32, bool)>;
}

/// Lines of the final scoring.
pub trait EndScoring {
    /// Adds this module's lines (and points) to every player's score. Runs after routes,
    /// tickets and stations are scored, in module order.
    fn end_scoring(&self, game: &Game, state: &State, me: usize, scores: &mut [DetailedScore]);
}
