//! The hooks: how a mechanic module plugs into the engine.
//!
//! The core (`engine/state/`) plays what every map of the family shares; a [`Mechanic`] adds
//! a map's own rules by overriding some of the trait's methods and saying which in
//! [`Hooks`]. The engine calls a hook only on the modules that use it, so a map without
//! mechanics pays nothing, and random 2-player USA keeps its closed-form claim counting.
//!
//! | hook | what it may do | made for | invariant the engine keeps |
//! |---|---|---|---|
//! | [`costs`](Mechanic::costs) | set lanes' cost fields once, at compile time | Nordic, Switzerland, Castilla, Legendary Asia | claims still counted by formula per payment class |
//! | [`player_cost`](Mechanic::player_cost) | change a lane's cost for one player, now | UK technologies (any 4 as a locomotive, Booster, Diesel Power) | with any such module, claims are listed lane by lane (never counted by class), so a claim is legal exactly when listed |
//! | [`State::set_lane_color`] ([`Hooks::lane_colors`]) | give a lane its colour during play | France's track pieces | the lane moves between payment classes and fast slots in every open-lane count |
//! | [`deck_cards`](Mechanic::deck_cards), [`on_deck_card`](Mechanic::on_deck_card), [`State::place_in_deck`] | shuffle cards of the module's kinds into the train deck, or put one at a depth; take them when drawn | Iberia's festival cards and Ticket Draft card | a draw goes on until a train card comes; hands, display and discards only ever hold train cards |
//! | [`setup`](Mechanic::setup) | per-game state ([`state_words`](Mechanic::state_words)), ask for decisions before the first turn | every module with state; Old West's starting cities; Iberia and South Korea's drafts | the state stays one cheap clone |
//! | [`State::ask`], [`State::ask_round`] with [`decision_actions`](Mechanic::decision_actions) / [`apply_decision`](Mechanic::apply_decision) | a queue of decisions, each by a named player: at the end of a turn, or a round of every player between turns (seat order either way) | France's track piece, Old West's marker and Alvin, drafts | one decision at a time, in the order asked; the turn owner's turn resumes (or the next turn starts) only when the queue is empty; the decider sees only their own choices |
//! | [`main_actions`](Mechanic::main_actions) / [`apply_action`](Mechanic::apply_action) | whole-turn actions, or **modifiers** that do not take the turn ([`AfterAction::Continue`]) and change it through [`State::turn_mods`] | Express cards, technology purchases, Water Tenders, Thermocompressor | [`TurnMods`] last one turn; a modifier never ends a turn |
//! | [`allows`](Mechanic::allows) | remove a core action ([`Core`]) for a player, now | Iberia (no ticket draws before the second draft), an Express card's restriction to one kind of action | `legal_actions`, `is_legal`, `legal_count` and the samplers agree |
//! | [`State::set_lane_blocked`] | close lanes to one player, or open them again | France's unbuilt track beds (opened when built), Old West's network (closed until a start is chosen, reopened as the network grows), UK concessions | kept inside the open-lane caches; opening never opens a lane the lane tables keep closed |
//! | [`State::close_lane`] | close a lane to everyone for the rest of the game | crossings (a route cut by a crossing route built or claimed) | part of the lane tables: no module's opening opens it again, so a cut route is never built nor claimed |
//! | [`on_claim`](Mechanic::on_claim) (told the cards paid), [`on_draw`](Mechanic::on_draw), [`on_turn_end`](Mechanic::on_turn_end) | react; [`State::spend`] takes more cards (paying more on purpose) | South Korea's mat, France (a build asked at the first card drawn, a piece back to the supply at a claim; crossings cut at a claim), festivals | |
//! | [`route_points`](Mechanic::route_points), [`State::share_lane`] | send a route's points to other players; a second owner of a lane | Old West's city markers, UK Right of Way | the same split counts on the score track at the claim and in the final scoring (`ttrmap score` too) |
//! | [`ticket_value`](Mechanic::ticket_value), [`end_scoring`](Mechanic::end_scoring) | value tickets; add bonus lines | Switzerland, Castilla, India, every bonus, festivals, the mat | one scoring for play and `ttrmap score` |
//! | [`describe`](Mechanic::describe) | a choice in words for replays | Old West's starts, markers, Alvin's moves | |
//! | [`counters`](Mechanic::counters), [`counter_ratios`](Mechanic::counter_ratios), [`unverified`](Mechanic::unverified) | named integer counts about a finished game (per player or for the game) and ratios of two counts' sums; what of the module's data is a placeholder, which reports say first | Old West's markers, starting cities and Alvin; France's beds built, never claimed, built for others, builds skipped, routes cut; Iberia's festivals (cards a pile taken) and second draft; South Korea's Express cards and mat; any module's report figures | playtests sum them as integers, so reports are byte-identical at any thread count |
//! | [`ticket_decision`](Mechanic::ticket_decision) | say that a decision's choices are tickets (a draft pick, a keep of exactly N), so planning bots price them with their own plans | Iberia and South Korea's drafts | advice only, as below |
//! | [`advise`](Mechanic::advise), [`advise_action`](Mechanic::advise_action), [`claim_bonus`](Mechanic::claim_bonus), [`opens_later`](Mechanic::opens_later), [`plan_anchor`](Mechanic::plan_anchor) | tell planning bots how good a decision's choices are for their plan, which module action (a purchase) their plan calls for now, what a claim is worth beyond its route, which closed lanes may open, where their network must start | Old West's starting city, markers, Alvin's move and capture, network; France's build (own planned beds, cutting others' plans) and unbuilt beds; the UK's purchases and the routes technologies still in the supply open | advice only: the rules never read it, and random bots ignore it |

use super::scoring::{Components, DetailedScore};
use super::{Action, Cards, Game, Goal, LaneClass, State};
use crate::model::MapFile;
use rand_chacha::ChaCha8Rng;
use std::fmt;
use std::sync::Arc;

/// Which hooks a module uses (the engine skips the others).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Hooks {
    pub costs: bool,
    pub player_costs: bool,
    /// Lanes get their colour during play ([`State::set_lane_color`]): the game is compiled
    /// with a payment class for every colour of every lane.
    pub lane_colors: bool,
    pub deck_cards: bool,
    pub setup: bool,
    pub actions: bool,
    pub allows: bool,
    pub on_claim: bool,
    pub on_draw: bool,
    pub on_turn_end: bool,
    pub route_points: bool,
    pub ticket_value: bool,
    pub end_scoring: bool,
}

impl Hooks {
    /// Only end scoring: what a bonus uses.
    pub const END_SCORING: Hooks = Hooks {
        costs: false,
        player_costs: false,
        lane_colors: false,
        deck_cards: false,
        setup: false,
        actions: false,
        allows: false,
        on_claim: false,
        on_draw: false,
        on_turn_end: false,
        route_points: false,
        ticket_value: false,
        end_scoring: true,
    };
}

/// A core action a module may take away ([`Mechanic::allows`]).
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

/// Who scores a route's points: a few (player, points) pairs ([`Mechanic::route_points`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RoutePoints {
    pub to: Vec<(u8, i32)>,
}

/// A count a module reports about a finished game ([`Mechanic::counters`]), summed over a
/// playtest's games as integers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Counter {
    /// What is counted (`markers placed`, `start: Salt Lake City`).
    pub name: String,
    /// The player it is about, or `None` for the whole game.
    pub player: Option<u8>,
    pub value: i64,
}

/// A figure reports derive from two of a module's counters ([`Mechanic::counter_ratios`]):
/// for every counter named `ROW: {name}` with a counter `ROW: {over}`, the report shows
/// `ROW: {label}`, the sum of the first over the sum of the second (Σ/Σ over the games, so
/// still byte-identical at any thread count).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CounterRatio {
    pub name: &'static str,
    pub over: &'static str,
    pub label: &'static str,
    /// Whether the two counters are counted per player, so the ratio has a figure by seat;
    /// `false`: counted for the game only, the report gives the ratio for all seats alone.
    pub per_seat: bool,
}

/// What a planning bot intends, for a module to rank a decision's choices by
/// ([`Mechanic::advise`]). Routes are indices into `game.routes`, not yet claimed.
#[derive(Debug, Clone, Copy)]
pub struct PlanView<'a> {
    /// The deciding player.
    pub player: u8,
    /// The player's planned routes.
    pub own_routes: &'a [u16],
    /// The other players' planned routes as the bot guesses them (a route planned by two
    /// players is listed twice).
    pub others_routes: &'a [u16],
}

/// A decision whose choices are tickets ([`Mechanic::ticket_decision`]): planning bots
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

/// One module. `me` is the module's index in [`Game::mechanics`]: it is what
/// [`Action::Mechanic`] and [`State::mechanic_words`] name.
pub trait Mechanic: fmt::Debug + Send + Sync {
    /// What the module plays, for reports and score sheets (`European Express (longest
    /// path)`).
    fn name(&self) -> String;
    /// Which hooks it uses.
    fn hooks(&self) -> Hooks;
    /// The module's id (its file name in kebab case, as `ttrmap explain` knows it), for code
    /// that must find one module of a game (positions); "" for modules nobody looks up.
    fn id(&self) -> &'static str {
        ""
    }

    /// The module itself, for code that reads a module's own tables ([`Installed::get`]:
    /// positions, tests); `None` for modules nobody reads.
    fn as_any(&self) -> Option<&dyn std::any::Any> {
        None
    }

    /// Costs: adjusts how lanes (`game.routes`' cost fields) and stations are paid for, and
    /// any other table of the compiled game. Runs once in [`Game::new`], before lanes are
    /// grouped into payment classes.
    fn costs(&self, _map: &MapFile, _game: &mut Game) {}

    /// Costs per player: changes `class`, the way `lane` is paid for, for player `p` now
    /// (any N cards as a locomotive: `any_for_one` and `ferry_substitute`; one card fewer:
    /// `discount`). Claims are then listed lane by lane.
    fn player_cost(
        &self,
        _game: &Game,
        _state: &State,
        _me: usize,
        _p: u8,
        _lane: usize,
        _class: &mut LaneClass,
    ) {
    }

    /// Cards of the module's own kinds shuffled into the train deck at the start, a count per
    /// kind (kinds are the module's: 0, 1, ...). A kind with count 0 can still be put at a
    /// depth by [`State::place_in_deck`].
    fn deck_cards(&self, _game: &Game) -> Vec<u16> {
        Vec::new()
    }
    /// A card of kind `kind` came off the train deck (a blind draw, a display refill, a
    /// tunnel reveal); it is the module's now. The engine then draws again for the same
    /// purpose.
    fn on_deck_card(&self, _game: &Game, _state: &mut State, _me: usize, _kind: u16) {}

    /// Words of per-game state the module keeps in the [`State`].
    fn state_words(&self, _game: &Game) -> usize {
        0
    }
    /// Whether every player may know the module's per-game words (a piece's place on the
    /// board, markers taken, routes cut, a shared supply): a player that must not read
    /// hidden state (the search bot's determinized copies keep these words as they are)
    /// can play only games whose stateful modules say yes. Default: no.
    fn words_are_public(&self) -> bool {
        false
    }
    /// Setup: after the cards are dealt and before the setup ticket choice; may ask for
    /// decisions ([`State::ask`], [`State::ask_round`]), which are made after the setup
    /// tickets are kept and before the first turn.
    fn setup(&self, _game: &Game, _state: &mut State, _me: usize, _rng: &mut ChaCha8Rng) {}

    /// Legal actions: pushes the module's actions for the current player at the start of a
    /// turn (`Action::Mechanic { mechanic: me, choice }`).
    fn main_actions(
        &self,
        _game: &Game,
        _state: &State,
        _me: usize,
        _push: &mut dyn FnMut(Action),
    ) {
    }
    /// Plays one of the module's actions (listed by `main_actions`); says whether it was
    /// the turn or a modifier. An error changes nothing.
    fn apply_action(
        &self,
        _game: &Game,
        _state: &mut State,
        _me: usize,
        _choice: u32,
        _rng: &mut ChaCha8Rng,
    ) -> Result<AfterAction, String> {
        Err(format!("{} has no actions", self.name()))
    }

    /// Whether player `p` may take core action `what` now (all modules must allow it).
    fn allows(&self, _game: &Game, _state: &State, _me: usize, _p: u8, _what: Core) -> bool {
        true
    }

    /// On claim: player `player` has just taken `lane` paying `paid` (trains and route
    /// points counted). May close lanes ([`State::set_lane_blocked`]), take more cards
    /// ([`State::spend`]) or ask for a decision ([`State::ask`]).
    fn on_claim(
        &self,
        _game: &Game,
        _state: &mut State,
        _me: usize,
        _player: u8,
        _lane: u16,
        _paid: &Cards,
    ) {
    }

    /// On draw: `card` has just gone to `player`'s hand (face up or blind). May ask for a
    /// decision at the end of the turn (France: place a track piece after drawing cards).
    fn on_draw(&self, _game: &Game, _state: &mut State, _me: usize, _player: u8, _card: u8) {}

    /// The current player's turn is over (its decisions made); [`State::turn_mods`] are
    /// about to be reset.
    fn on_turn_end(&self, _game: &Game, _state: &mut State, _me: usize) {}

    /// The choices of a decision the module asked for, as `Action::Mechanic { mechanic: me,
    /// choice }`, for the deciding player (`state.current_player()`). A decision must offer
    /// at least one.
    fn decision_actions(
        &self,
        _game: &Game,
        _state: &State,
        _me: usize,
        _step: u16,
        _push: &mut dyn FnMut(Action),
    ) {
    }
    /// Plays a decision's choice; the next decision asked for follows, then the turn goes
    /// on. An error changes nothing.
    fn apply_decision(
        &self,
        _game: &Game,
        _state: &mut State,
        _me: usize,
        _step: u16,
        _choice: u32,
        _rng: &mut ChaCha8Rng,
    ) -> Result<(), String> {
        Err(format!("{} asks for no decisions", self.name()))
    }

    /// Route points: who scores `lane` held by `owner`. `split` starts as the owner with the
    /// route's points; the module may send them elsewhere. Asked when the lane is taken (the
    /// score track) and again by the final scoring, so a module whose answer may change
    /// later (a marker placed after the claim) decides in its own state which moment counts.
    fn route_points(
        &self,
        _game: &Game,
        _state: &State,
        _me: usize,
        _lane: u16,
        _owner: u8,
        _split: &mut RoutePoints,
    ) {
    }

    /// Ticket completion: the points of `goal` for player `p` whose network (own routes plus
    /// borrowed ones) is `net`, and whether it is completed; `None` leaves the goal to the
    /// next module or the core (printed value of a pair or multi-city ticket).
    fn ticket_value(
        &self,
        _game: &Game,
        _state: &State,
        _p: usize,
        _goal: &Goal,
        _net: &mut Components,
    ) -> Option<(i32, bool)> {
        None
    }

    /// End scoring: adds this module's lines (and points) to every player's score. Runs
    /// after routes, tickets and stations are scored, in module order.
    fn end_scoring(&self, _game: &Game, _state: &State, _me: usize, _scores: &mut [DetailedScore]) {
    }

    /// Report figures: named integer counts about the finished game `state` (markers
    /// placed, captures), pushed to `out`. Playtests sum each (module, name, player) over
    /// their games and print the means.
    fn counters(&self, _game: &Game, _state: &State, _me: usize, _out: &mut Vec<Counter>) {}

    /// What of the module's data is a placeholder (`unverified = true` in the map), for
    /// reports to say that the figures depending on it are provisional; `None`: nothing.
    fn unverified(&self) -> Option<String> {
        None
    }

    /// Report figures derived from two counters (cards per pile taken).
    fn counter_ratios(&self) -> &'static [CounterRatio] {
        &[]
    }

    /// Whether counter `name` is kept only as an operand of a ratio (seats that bought a
    /// card, their wins): the text report leaves it out; json keeps it, marked `operand`.
    fn counter_is_operand(&self, _name: &str) -> bool {
        false
    }

    /// Advice for planning bots: how good `choice` of the decision at `step` is for
    /// `view.player` (higher is better; the bot takes the best, the first on a tie). The
    /// default, 0 for every choice, leaves the bot the first choice. The rules never ask.
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

    /// Advice for planning bots: when the decision at `step` chooses tickets (a draft),
    /// what they are, so a bot prices them with its own plan instead of [`Mechanic::advise`].
    fn ticket_decision(
        &self,
        _game: &Game,
        _state: &State,
        _me: usize,
        _step: u16,
    ) -> Option<TicketDecision> {
        None
    }

    /// What `choice` of the decision or action at `step` (`None`: a main-phase action)
    /// means, in words for replays (`starting city Salt Lake City`); `None`: the replay says
    /// the number. `state` is the position before the choice.
    fn describe(
        &self,
        _game: &Game,
        _state: &State,
        _me: usize,
        _step: Option<u16>,
        _choice: u16,
    ) -> Option<String> {
        None
    }

    /// Advice for planning bots: points beyond the route's own that claiming `lane` now is
    /// expected to give player `p` (Alvin's capture), so a bot may claim it off its plan.
    fn claim_bonus(&self, _game: &Game, _state: &State, _me: usize, _p: u8, _lane: usize) -> i32 {
        0
    }

    /// Whether `lane`, which this module closed to player `p`, may open later in the game
    /// (a network not grown there yet), so that planners may plan through it.
    fn opens_later(&self, _game: &Game, _state: &State, _me: usize, _p: u8, _lane: usize) -> bool {
        false
    }

    /// Advice for planning bots: a module action to take now for `view.player`'s plan (a
    /// purchase before the turn's action: the UK's technologies), or `None`. Only asked at
    /// the start of a main-phase action; the rules never ask, and random bots ignore it.
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

    /// Advice for planning bots: whether the module's scoring pays player `p`, now, for the
    /// number of tickets it completes, beyond the tickets' own values (a bonus for the most
    /// completed tickets; a card paying points per completed ticket that `p` holds), so
    /// that one more ticket may be worth drawing. The rules never ask.
    fn rewards_completed_tickets(&self, _game: &Game, _state: &State, _me: usize, _p: u8) -> bool {
        false
    }
}

/// The modules and per-hook indices a [`Game`] carries.
#[derive(Debug, Clone, Default)]
pub struct Installed {
    pub modules: Vec<Arc<dyn Mechanic>>,
    pub player_costs: Vec<u8>,
    pub setup: Vec<u8>,
    pub actions: Vec<u8>,
    pub allows: Vec<u8>,
    pub on_claim: Vec<u8>,
    pub on_draw: Vec<u8>,
    pub on_turn_end: Vec<u8>,
    pub route_points: Vec<u8>,
    pub ticket_value: Vec<u8>,
    pub end_scoring: Vec<u8>,
    /// Whether some module sets lane colours during play.
    pub lane_colors: bool,
    /// Module → its first word in `State::mechanic_state`, and the total at the end.
    pub state_offsets: Vec<u32>,
    /// Cards of modules' kinds in the train deck: each global kind's (module, own kind).
    pub deck_kinds: Vec<(u8, u16)>,
    /// Global kind → copies shuffled into the deck at the start.
    pub deck_counts: Vec<u16>,
}

impl Installed {
    /// Indexes `modules` by hook.
    pub fn new(modules: Vec<Arc<dyn Mechanic>>) -> Installed {
        let mut out = Installed::default();
        for (i, m) in modules.iter().enumerate() {
            let h = m.hooks();
            let i = i as u8;
            for (on, list) in [
                (h.player_costs, &mut out.player_costs),
                (h.setup, &mut out.setup),
                (h.actions, &mut out.actions),
                (h.allows, &mut out.allows),
                (h.on_claim, &mut out.on_claim),
                (h.on_draw, &mut out.on_draw),
                (h.on_turn_end, &mut out.on_turn_end),
                (h.route_points, &mut out.route_points),
                (h.ticket_value, &mut out.ticket_value),
                (h.end_scoring, &mut out.end_scoring),
            ] {
                if on {
                    list.push(i);
                }
            }
            out.lane_colors |= h.lane_colors;
        }
        out.modules = modules;
        out
    }

    pub fn len(&self) -> usize {
        self.modules.len()
    }

    pub fn is_empty(&self) -> bool {
        self.modules.is_empty()
    }

    /// The index of the module with id `id` ([`Mechanic::id`]), if the game has one.
    pub fn find(&self, id: &str) -> Option<usize> {
        self.modules
            .iter()
            .position(|m| !id.is_empty() && m.id() == id)
    }

    /// The module of type `T` and its index, if the game has one that offers itself
    /// ([`Mechanic::as_any`]).
    pub fn get<T: 'static>(&self) -> Option<(usize, &T)> {
        self.modules
            .iter()
            .enumerate()
            .find_map(|(i, m)| Some((i, m.as_any()?.downcast_ref::<T>()?)))
    }

    /// The first legal action a module with actions advises for `view`'s plan
    /// ([`Mechanic::advise_action`]), in module order.
    pub fn advise_action(&self, game: &Game, state: &State, view: &PlanView) -> Option<Action> {
        self.actions.iter().find_map(|&m| {
            self.modules[m as usize]
                .advise_action(game, state, m as usize, view)
                .filter(|&a| state.is_legal(game, a))
        })
    }

    /// Whether some module pays player `p` now for the number of tickets it completes
    /// ([`Mechanic::rewards_completed_tickets`]).
    pub fn reward_completed_tickets(&self, game: &Game, state: &State, p: u8) -> bool {
        self.modules
            .iter()
            .enumerate()
            .any(|(i, m)| m.rewards_completed_tickets(game, state, i, p))
    }

    /// The global deck kind of module `me`'s own kind `kind`, if it declared it.
    pub fn deck_kind(&self, me: usize, kind: u16) -> Option<u16> {
        self.deck_kinds
            .iter()
            .position(|&(m, k)| m as usize == me && k == kind)
            .map(|i| i as u16)
    }
}
