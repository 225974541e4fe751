//! The hooks: how a mechanic module plugs into the engine.
//!
//! The core (`engine/state/`) plays what every map of the family shares; a [`Mechanic`] adds
//! a map's own rules. Its hooks are grouped by concern: the rules, one small trait per hook
//! ([`rules`]: [`OnClaim`], [`EndScoring`]...), advice for planning bots ([`Advice`]) and
//! reporting ([`Report`]). A module plays a hook by implementing its trait and returning
//! `Some(self)` from the [`Mechanic`] accessor of the same name (`fn on_claim(&self) ->
//! Option<&dyn OnClaim> { Some(self) }`, which [`plays!`](crate::plays)`(on_claim)` writes):
//! the accessor is the declaration, so a module cannot say it plays a hook it does not
//! implement, and it may answer per game (`None` when the map leaves the rule off). Per-game
//! words and lane colours set in play are not hooks but facts about the module
//! ([`Mechanic::state_words`], [`Mechanic::sets_lane_colors`]). [`Installed`] lists, once per
//! game, the modules whose accessor answers; the engine calls a hook only on those, so a map
//! without mechanics pays nothing, and random 2-player USA keeps its closed-form claim
//! counting.
//!
//! One hook is not reached through a game's modules: a position file (`ttrmap score`) is
//! read before its map is known, and a module's key on a map without the module still gets
//! its "the map has no ..." problem, so the modules that read entries of a position are
//! listed in `mechanics::POSITION_ENTRIES`
//! ([`PositionEntries`](crate::engine::position::PositionEntries), defined with the
//! position reader in `engine/position/`, which the modules reach and which imports none of
//! them).
//!
//! | hook | what it may do | made for | invariant the engine keeps |
//! |---|---|---|---|
//! | [`costs`](Costs::costs) | set lanes' cost fields once, at compile time | Nordic, Switzerland, Castilla, Legendary Asia | claims still counted by formula per payment class |
//! | [`player_cost`](PlayerCost::player_cost) | change a payment class's cost for one player, now (the same for every lane of the class) | UK technologies (any 4 as a locomotive, Booster, Diesel Power) | with any such module, each class is priced for the player and its payments counted once a decision, the lanes walked one by one; a claim is legal exactly when listed |
//! | [`State::set_lane_color`] ([`Mechanic::sets_lane_colors`]) | give a lane its colour during play | France's track pieces | the lane moves between payment classes and fast slots in every open-lane count |
//! | [`deck_cards`](DeckCards::deck_cards), [`on_deck_card`](DeckCards::on_deck_card), [`State::place_in_deck`] | shuffle cards of the module's kinds into the train deck, or put one at a depth; take them when drawn | Iberia's festival cards and Ticket Draft card | a draw goes on until a train card comes; hands, display and discards only ever hold train cards |
//! | [`setup`](Setup::setup) | per-game state ([`state_words`](Mechanic::state_words)), ask for decisions before the first turn | every module with state; Old West's starting cities; Iberia and South Korea's drafts | the state stays one cheap clone |
//! | [`State::ask`], [`State::ask_round`] with [`decision_actions`](Decisions::decision_actions) / [`apply_decision`](Decisions::apply_decision) (and [`is_legal_decision`](Decisions::is_legal_decision) and [`sample_decision`](Decisions::sample_decision), answered directly where listing every choice is dear) | a queue of decisions, each by a named player: at the end of a turn, or a round of every player between turns (seat order either way) | France's track piece, Old West's marker and Alvin, drafts | one decision at a time, in the order asked; the turn owner's turn resumes (or the next turn starts) only when the queue is empty; the decider sees only their own choices |
//! | [`main_actions`](Actions::main_actions) / [`apply_action`](Actions::apply_action) | whole-turn actions, or **modifiers** that do not take the turn ([`AfterAction::Continue`]) and change it through [`State::turn_mods`] | Express cards, technology purchases, Water Tenders, Thermocompressor | [`TurnMods`] last one turn; a modifier never ends a turn |
//! | [`allows`](Allows::allows) | remove a core action ([`Core`]) for a player, now | Iberia (no ticket draws before the second draft), an Express card's restriction to one kind of action | `legal_actions`, `is_legal`, `legal_count` and the samplers agree |
//! | [`State::set_lane_blocked`] | close lanes to one player, or open them again | France's unbuilt track beds (opened when built), Old West's network (closed until a start is chosen, reopened as the network grows), UK concessions | kept inside the open-lane caches; opening never opens a lane the lane tables keep closed |
//! | [`State::close_lane`] | close a lane to everyone for the rest of the game | crossings (a route cut by a crossing route built or claimed) | part of the lane tables: no module's opening opens it again, so a cut route is never built nor claimed |
//! | [`on_claim`](OnClaim::on_claim) (told the cards paid), [`on_draw`](OnDraw::on_draw), [`on_turn_end`](OnTurnEnd::on_turn_end) | react; [`State::spend`] takes more cards (paying more on purpose) | South Korea's mat, France (a build asked at the first card drawn, a piece back to the supply at a claim; crossings cut at a claim), festivals | |
//! | [`route_points`](RouteSplit::route_points), [`State::share_lane`] | send a route's points to other players; a second owner of a lane | Old West's city markers, UK Right of Way | the same split counts on the score track at the claim and in the final scoring (`ttrmap score` too) |
//! | [`ticket_value`](TicketValue::ticket_value), [`end_scoring`](EndScoring::end_scoring) | value tickets; add bonus lines | Switzerland, Castilla, India, every bonus, festivals, the mat | one scoring for play and `ttrmap score` |
//! | [`redeal`](Mechanic::redeal): [`observe`](Redeal::observe), [`lift`](Redeal::lift), [`redeal`](Redeal::redeal) | say the module's words are public ([`PublicWords`]), or deal what a player cannot know of them again in a determinized copy, from what it saw | every stateful module (public); Iberia and South Korea's drafts (draft hands, others' kept draft tickets) | a copy depends only on what the viewer knows; no ticket lost or doubled; without it, the search bot refuses the game |
//! | [`describe`](Report::describe) | a choice in words for replays | Old West's starts, markers, Alvin's moves | |
//! | [`counters`](Report::counters), [`counter_ratios`](Report::counter_ratios), [`counter_is_operand`](Report::counter_is_operand), [`unverified`](Report::unverified) | named integer counts about a finished game (per player or for the game) and ratios of two counts' sums (their operands left out of the text report); what of the module's data is a placeholder, which reports say first | Old West's markers, starting cities and Alvin; France's beds built, never claimed, built for others, builds skipped, routes cut; Iberia's festivals (cards a pile taken) and second draft; South Korea's Express cards and mat; any module's report figures | playtests sum them as integers, so reports are byte-identical at any thread count |
//! | [`PositionEntries`](crate::engine::position::PositionEntries): [`keys`](crate::engine::position::PositionEntries::keys), [`read`](crate::engine::position::PositionEntries::read), [`leaves_out`](crate::engine::position::PositionEntries::leaves_out), [`check_claims`](crate::engine::position::PositionEntries::check_claims), [`before_claims`](crate::engine::position::PositionEntries::before_claims), [`check`](crate::engine::position::PositionEntries::check), [`trains_off_board`](crate::engine::position::PositionEntries::trains_off_board) | read the module's own keys of a position file and check them, putting them in the position at their phase (before the claims, once they are made, with every claim, trains off the board); leave out an optional variant nobody wrote | Old West's `markers` and `alvin`, Iberia's `festivals`, South Korea's `mat`, the UK's `technologies`, `technology_points` and `right_of_way`; crossings (two crossing routes both claimed) | problems keep the position codes and their places; the list's order and the phases fix the order of problems; a key no reader knows gets the closest known key |
//! | [`ticket_decision`](Advice::ticket_decision) | say that a decision's choices are tickets (a draft pick, a keep of exactly N), so planning bots price them with their own plans | Iberia and South Korea's drafts | advice only, as below |
//! | [`advise`](Advice::advise), [`advise_action`](Advice::advise_action), [`opens_later`](Advice::opens_later), [`plan_anchor`](Advice::plan_anchor), [`rewards_completed_tickets`](Advice::rewards_completed_tickets) | tell planning bots how good a decision's choices are for their plan, which module action (a purchase) their plan calls for now, what a claim is worth beyond its route, which closed lanes may open, where their network must start, whether one more completed ticket pays beyond its value | Old West's starting city, markers, Alvin's move and capture, network; France's build (own planned beds, cutting others' plans) and unbuilt beds; the UK's purchases and the routes technologies still in the supply open; the most-completed-tickets bonuses (Globetrotter, Castilla's TICKETMAN and CAPITALTICKETMAN), the UK's Double Heading and Risky Contracts | advice only: the rules never read it, and random bots ignore it |
//! | [`claim_bonus`](ClaimBonus::claim_bonus) | say what claiming a lane is worth beyond its route's points | Alvin's capture, Iberia's festival cards | advice only, as above; asked of no module on a map where none plays it |
mod advice;
pub mod packed;
mod report;
pub mod rules;

pub use advice::{Advice, ClaimBonus, PlanView, TicketDecision, subset_mask, subsets};
pub use packed::{Choice, Word};
pub use report::{Counter, CounterKey, CounterRatio, Report};
pub use rules::{
    Actions, AfterAction, Allows, Core, Costs, Decisions, DeckCards, EndScoring, OnClaim, OnDraw,
    OnTurnEnd, PlayerCost, RoutePoints, RouteSplit, Setup, TicketValue, TurnMods,
};

use super::{Action, Game, Seen, State};
use rand_chacha::ChaCha8Rng;
use std::fmt;
use std::sync::Arc;

/// One module: what it is (name, id, per-game words) and, through one accessor per hook,
/// what it plays. `me` in every hook is the module's index in [`Game::mechanics`]: it is
/// what [`Action::Mechanic`] and [`State::mechanic_words`] name.
pub trait Mechanic: fmt::Debug + Send + Sync {
    /// What the module plays, for reports and score sheets (`European Express (longest
    /// path)`).
    fn name(&self) -> String;
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

    /// Words of per-game state the module keeps in the [`State`].
    fn state_words(&self, _game: &Game) -> usize {
        0
    }
    /// How a determinized copy ([`State::determinize`]) deals the module's per-game words
    /// again for a player that must not read hidden state (the search bot): [`Redeal`].
    /// [`PublicWords`] (the `public` marker of `mechanic_basics!`) says every player may
    /// know them (a piece's place on the board, markers taken, routes cut, a shared supply)
    /// and nothing is dealt again. `None` (the default) says the module cannot hide them:
    /// such a player cannot play a game where the module keeps words
    /// ([`State::hidden_word_modules`]).
    fn redeal(&self) -> Option<&dyn Redeal> {
        None
    }
    /// Whether the module gives lanes their colour during play ([`State::set_lane_color`]):
    /// the game is then compiled with a payment class for every colour of every lane. Not a
    /// hook (the module calls the state), so it is said here.
    fn sets_lane_colors(&self) -> bool {
        false
    }

    // The rules: each accessor answers `Some(self)` when the module plays the hook.

    /// Costs set once, at compile time.
    fn costs(&self) -> Option<&dyn Costs> {
        None
    }
    /// Costs per player, now.
    fn player_cost(&self) -> Option<&dyn PlayerCost> {
        None
    }
    /// Cards of the module's own kinds in the train deck.
    fn deck_cards(&self) -> Option<&dyn DeckCards> {
        None
    }
    /// Setup of the per-game state.
    fn setup(&self) -> Option<&dyn Setup> {
        None
    }
    /// Main-phase actions of the module's own.
    fn actions(&self) -> Option<&dyn Actions> {
        None
    }
    /// Core actions taken away.
    fn allows(&self) -> Option<&dyn Allows> {
        None
    }
    /// A reaction to claims.
    fn on_claim(&self) -> Option<&dyn OnClaim> {
        None
    }
    /// A reaction to card draws.
    fn on_draw(&self) -> Option<&dyn OnDraw> {
        None
    }
    /// A reaction to the end of a turn.
    fn on_turn_end(&self) -> Option<&dyn OnTurnEnd> {
        None
    }
    /// The decisions the module asks for.
    fn decisions(&self) -> Option<&dyn Decisions> {
        None
    }
    /// Route points sent to other players.
    fn route_points(&self) -> Option<&dyn RouteSplit> {
        None
    }
    /// Ticket values.
    fn ticket_value(&self) -> Option<&dyn TicketValue> {
        None
    }
    /// Lines of the final scoring.
    fn end_scoring(&self) -> Option<&dyn EndScoring> {
        None
    }

    /// Advice for planning bots.
    fn advice(&self) -> Option<&dyn Advice> {
        None
    }
    /// Points a claim gives beyond its route's, for planning bots.
    fn claim_bonus(&self) -> Option<&dyn ClaimBonus> {
        None
    }
    /// Reporting: counters, placeholders, choices in words.
    fn report(&self) -> Option<&dyn Report> {
        None
    }
}

/// How a module deals its hidden per-game words again in a determinized copy
/// ([`State::determinize`]) for `viewer`, from what that player knows: its own words, the
/// public ones, and what it saw earlier, which it remembers in a [`Seen`] (the module's own
/// words there, written by [`Redeal::observe`] at each of the viewer's decisions).
///
/// A copy is dealt in three steps, so that the tickets a module hides are pooled with the
/// tickets the core hides (others' hands, the decks' order) and dealt from one pool:
/// [`Redeal::lift`] puts into their ticket decks the tickets of the module's words (and of
/// the other players' tickets it deals itself) the viewer cannot place; the core deals the
/// cards and tickets again ([`State::determinize`]); [`Redeal::redeal`] deals the module's
/// words again, drawing from the decks the core dealt. Every step reads of the hidden parts
/// only their counts and sizes, so two positions that differ only in what the viewer
/// cannot see give the same copy for the same `rng`; every random choice comes from `rng`.
/// All three do nothing by default: a module whose words are all public implements none
/// ([`PublicWords`]).
pub trait Redeal: Sync {
    /// Remembers in `seen` what `viewer` sees of the module's words now (called at each of
    /// its decisions, before a copy is dealt). `seen.module_words(me)` is the module's own
    /// memory; tickets the viewer saw go into `seen.tickets`.
    fn observe(&self, _game: &Game, _state: &State, _me: usize, _viewer: u8, _seen: &mut Seen) {}
    /// Puts into their ticket decks ([`State::ticket_decks`]) the tickets the module's words
    /// hold (or the module deals in the other players' hands) that `viewer` cannot place:
    /// the core then pools them with its own hidden tickets.
    fn lift(&self, _game: &Game, _state: &mut State, _me: usize, _viewer: u8, _seen: &Seen) {}
    /// Deals the hidden words again after the core dealt the cards and tickets: what was
    /// lifted is drawn back from the decks.
    fn redeal(
        &self,
        _game: &Game,
        _state: &mut State,
        _me: usize,
        _viewer: u8,
        _seen: &Seen,
        _rng: &mut ChaCha8Rng,
    ) {
    }
}

/// The [`Redeal`] of a module whose per-game words every player may know: nothing to deal.
#[derive(Debug)]
pub struct PublicWords;

impl Redeal for PublicWords {}

/// The modules and per-hook indices a [`Game`] carries: each list holds, in module order,
/// the modules whose accessor for that hook answers (`each_*` hands out the hooks).
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
    pub claim_bonus: Vec<u8>,
    /// Whether some module sets lane colours during play ([`Mechanic::sets_lane_colors`]).
    pub lane_colors: bool,
    /// Module → its first word in `State::mechanic_state`, and the total at the end.
    pub state_offsets: Vec<u32>,
    /// Cards of modules' kinds in the train deck: each global kind's (module, own kind).
    pub deck_kinds: Vec<(u8, u16)>,
    /// Global kind → copies shuffled into the deck at the start.
    pub deck_counts: Vec<u16>,
}

/// `Installed::$each()`: the modules of list `$list`, each with its index and its hook
/// `$accessor` answers.
macro_rules! each_hook {
    ($($each:ident: $list:ident, $accessor:ident -> $hook:ident;)*) => {
        $(
            #[doc = concat!(
                "The modules playing [`", stringify!($hook), "`], in module order, with their ",
                "indices."
            )]
            pub fn $each(&self) -> impl Iterator<Item = (usize, &dyn $hook)> {
                self.$list
                    .iter()
                    .filter_map(|&m| Some((m as usize, self.modules[m as usize].$accessor()?)))
            }
        )*
    };
}

impl Installed {
    /// Indexes `modules` by hook.
    pub fn new(modules: Vec<Arc<dyn Mechanic>>) -> Installed {
        let mut out = Installed::default();
        for (i, m) in modules.iter().enumerate() {
            let i = i as u8;
            for (on, list) in [
                (m.player_cost().is_some(), &mut out.player_costs),
                (m.setup().is_some(), &mut out.setup),
                (m.actions().is_some(), &mut out.actions),
                (m.allows().is_some(), &mut out.allows),
                (m.on_claim().is_some(), &mut out.on_claim),
                (m.on_draw().is_some(), &mut out.on_draw),
                (m.on_turn_end().is_some(), &mut out.on_turn_end),
                (m.route_points().is_some(), &mut out.route_points),
                (m.ticket_value().is_some(), &mut out.ticket_value),
                (m.end_scoring().is_some(), &mut out.end_scoring),
                (m.claim_bonus().is_some(), &mut out.claim_bonus),
            ] {
                if on {
                    list.push(i);
                }
            }
            out.lane_colors |= m.sets_lane_colors();
        }
        out.modules = modules;
        out
    }

    each_hook! {
        each_player_cost: player_costs, player_cost -> PlayerCost;
        each_setup: setup, setup -> Setup;
        each_actions: actions, actions -> Actions;
        each_allows: allows, allows -> Allows;
        each_on_claim: on_claim, on_claim -> OnClaim;
        each_on_draw: on_draw, on_draw -> OnDraw;
        each_on_turn_end: on_turn_end, on_turn_end -> OnTurnEnd;
        each_route_points: route_points, route_points -> RouteSplit;
        each_ticket_value: ticket_value, ticket_value -> TicketValue;
        each_end_scoring: end_scoring, end_scoring -> EndScoring;
        each_claim_bonus: claim_bonus, claim_bonus -> ClaimBonus;
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

    /// The modules that advise planning bots ([`Mechanic::advice`]), with their indices.
    pub fn each_advice(&self) -> impl Iterator<Item = (usize, &dyn Advice)> {
        self.modules
            .iter()
            .enumerate()
            .filter_map(|(m, module)| Some((m, module.advice()?)))
    }

    /// The first legal action a module with actions advises for `view`'s plan
    /// ([`Advice::advise_action`]), in module order.
    pub fn advise_action(&self, game: &Game, state: &State, view: &PlanView) -> Option<Action> {
        self.actions.iter().find_map(|&m| {
            self.modules[m as usize]
                .advice()?
                .advise_action(game, state, m as usize, view)
                .filter(|&a| state.is_legal(game, a))
        })
    }

    /// Whether some module pays player `p` now for the number of tickets it completes
    /// ([`Advice::rewards_completed_tickets`]).
    pub fn reward_completed_tickets(&self, game: &Game, state: &State, p: u8) -> bool {
        self.each_advice()
            .any(|(i, a)| a.rewards_completed_tickets(game, state, i, p))
    }

    /// The global deck kind of module `me`'s own kind `kind`, if it declared it.
    pub fn deck_kind(&self, me: usize, kind: u16) -> Option<u16> {
        self.deck_kinds
            .iter()
            .position(|&(m, k)| m as usize == me && k == kind)
            .map(|i| i as u16)
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    /// Each hook trait with the accessor that reaches it.
    const HOOKS: &[(&str, &str)] = &[
        ("Costs", "costs"),
        ("PlayerCost", "player_cost"),
        ("DeckCards", "deck_cards"),
        ("Setup", "setup"),
        ("Actions", "actions"),
        ("Allows", "allows"),
        ("OnClaim", "on_claim"),
        ("OnDraw", "on_draw"),
        ("OnTurnEnd", "on_turn_end"),
        ("Decisions", "decisions"),
        ("RouteSplit", "route_points"),
        ("TicketValue", "ticket_value"),
        ("EndScoring", "end_scoring"),
        ("Advice", "advice"),
        ("ClaimBonus", "claim_bonus"),
        ("Report", "report"),
        ("Redeal", "redeal"),
    ];

    fn sources(dir: &Path, out: &mut Vec<(String, String)>) {
        for entry in std::fs::read_dir(dir).expect("reads the modules' folder") {
            let path = entry.expect("a folder entry").path();
            if path.is_dir() {
                sources(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).expect("reads a module");
                out.push((path.display().to_string(), text));
            }
        }
    }

    /// A module that implements a hook's trait also answers its accessor (in `plays!` or
    /// written out): the compiler checks the other way only (an accessor answering
    /// `Some(self)` needs the trait), and an implemented hook nobody reaches would be skipped
    /// without a word.
    #[test]
    fn every_hook_a_module_implements_is_reached() {
        let mut files = Vec::new();
        sources(
            &Path::new(env!("CARGO_MANIFEST_DIR")).join("src/engine/mechanics"),
            &mut files,
        );
        let mut checked = 0;
        for (path, text) in &files {
            for (hook, accessor) in HOOKS {
                for at in text.match_indices(&format!("\nimpl {hook} for ")) {
                    let rest = &text[at.0 + hook.len() + 11..];
                    let ty = &rest[..rest.find(' ').expect("impl ... for TYPE {")];
                    let head = format!("\nimpl Mechanic for {ty} {{");
                    let start = text.find(&head).unwrap_or_else(|| {
                        panic!("{path}: {ty} implements {hook} but not Mechanic")
                    });
                    let block = &text[start..];
                    let block = &block[..block.find("\n}\n").expect("the impl's end")];
                    let plays = block.find("plays!(").map(|i| {
                        let list = &block[i + 7..];
                        &list[..list.find(')').expect("plays!(...)")]
                    });
                    let listed =
                        plays.is_some_and(|list| list.split(',').any(|a| a.trim() == *accessor));
                    assert!(
                        listed || block.contains(&format!("fn {accessor}(&self)")),
                        "{path}: {ty} implements {hook} but its accessor `{accessor}` does not \
                         answer (add it to `plays!`)"
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked > 50, "found only {checked} hook impls");
    }
}
