//! Mechanic modules: the rules a map adds to the core game, each switched on by the map's
//! data and consulted by the engine at a small set of hooks.
//!
//! The core (`engine/state.rs`) plays what every map of the family shares: the train deck
//! and display, draws, claims of single/double/triple lanes, tunnels, ferries, stations,
//! ticket deals and the end trigger; `engine/scoring.rs` scores routes, tickets, stations and
//! tie-breaks. Everything a map adds on top is a [`Mechanic`]: [`modules_for`] reads the map and
//! returns the modules it needs (never `if map == ...`), or refuses the map naming **every**
//! rule and feature no module plays yet.
//!
//! The hooks, and the systems they are made for:
//! - **costs** ([`Mechanic::costs`]): how lanes and stations are paid for, fixed once when the
//!   game is compiled, so the fast claim counting still works (Switzerland/Nordic locomotive
//!   limits, Nordic's any-4 route and any-3 ferry substitute, Castilla's transbordos). A cost
//!   that depends on what a player owns (the UK's technologies) will need a per-player cost
//!   hook; the claim counting then has to fall back to listing.
//! - **setup** ([`Mechanic::setup`]) with per-game state ([`Mechanic::state_words`], kept in
//!   `State::mechanic_state` so a state stays one cheap clone): festival cards laid out,
//!   city markers or track pieces handed out.
//! - **legal actions** ([`Mechanic::main_actions`], [`Mechanic::apply_action`]): extra
//!   whole-turn actions, [`Action::Mechanic`] (buy a technology, build a track bed, place a
//!   city marker).
//! - **on claim** ([`Mechanic::on_claim`]) and **on draw** ([`Mechanic::on_draw`]): after a
//!   lane is taken (take a festival card, mark the province mat, close the crossing lanes with
//!   `State::set_lane_blocked`) or a card is drawn (France: a track piece is placed after
//!   drawing).
//! - **decisions** ([`Mechanic::decision_actions`], [`Mechanic::apply_decision`]): a hook
//!   may ask the current player for one more choice at the end of their turn
//!   (`State::ask_at_turn_end`, played in `Phase::Mechanic`): where to put the track piece,
//!   which city gets a marker.
//! - **ticket completion** ([`Mechanic::ticket_value`]): what a ticket is worth in a network
//!   (Switzerland's country tickets, Castilla's trains-used triple destinations).
//! - **end scoring** ([`Mechanic::end_scoring`]): bonus lines (longest path, globetrotter,
//!   India's Grand Tour, Castilla's punctuation cards, festival and province scoring).
//!
//! The engine calls a hook only on the modules that say they use it ([`Hooks`]), so a map
//! with no mechanics pays nothing for them.

mod any_of_tickets;
mod bonus;
mod card_substitutes;
mod connected_cities;
mod grand_tour;
mod locomotive_limits;
mod mountains;
mod replaces;
mod routes_with_feature;
mod tagged_cities;
mod tickets_cover_tagged;
mod tickets_from_decks;
mod trains_used_tickets;

use super::scoring::{Components, DetailedScore};
use super::{Action, EngineError, Game, Goal, State};
use crate::model::{
    Bonus, BonusKind, GameMode, LocomotiveUse, MapFile, MultiCityKind, TicketShape,
};
use rand_chacha::ChaCha8Rng;
use std::fmt;
use std::sync::Arc;

/// Every module file, by the id `ttrmap explain` knows it as (its file name in kebab case),
/// with its source: the file's `//!` comment is what `explain` prints.
pub const MODULE_DOCS: &[(&str, &str)] = &[
    ("any-of-tickets", include_str!("any_of_tickets.rs")),
    ("bonus", include_str!("bonus.rs")),
    ("card-substitutes", include_str!("card_substitutes.rs")),
    ("connected-cities", include_str!("connected_cities.rs")),
    ("grand-tour", include_str!("grand_tour.rs")),
    ("locomotive-limits", include_str!("locomotive_limits.rs")),
    ("mountains", include_str!("mountains.rs")),
    ("replaces", include_str!("replaces.rs")),
    (
        "routes-with-feature",
        include_str!("routes_with_feature.rs"),
    ),
    ("tagged-cities", include_str!("tagged_cities.rs")),
    (
        "tickets-cover-tagged",
        include_str!("tickets_cover_tagged.rs"),
    ),
    ("tickets-from-decks", include_str!("tickets_from_decks.rs")),
    (
        "trains-used-tickets",
        include_str!("trains_used_tickets.rs"),
    ),
];

/// Which hooks a module uses (the engine skips the others).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Hooks {
    pub costs: bool,
    pub setup: bool,
    pub actions: bool,
    pub on_claim: bool,
    pub on_draw: bool,
    pub ticket_value: bool,
    pub end_scoring: bool,
}

impl Hooks {
    /// Only end scoring: what a bonus uses.
    pub const END_SCORING: Hooks = Hooks {
        costs: false,
        setup: false,
        actions: false,
        on_claim: false,
        on_draw: false,
        ticket_value: false,
        end_scoring: true,
    };
}

/// One mechanic module. `me` is the module's index in [`Game::mechanics`]: it is what
/// [`Action::Mechanic`] and [`State::mechanic_words`] name.
pub trait Mechanic: fmt::Debug + Send + Sync {
    /// What the module plays, for reports and score sheets (`European Express (longest
    /// path)`).
    fn name(&self) -> String;
    /// Which hooks it uses.
    fn hooks(&self) -> Hooks;

    /// Costs: adjusts how lanes (`game.routes`' cost fields) and stations are paid for. Runs
    /// once in [`Game::new`], before lanes are grouped into payment classes.
    fn costs(&self, _map: &MapFile, _game: &mut Game) {}

    /// Words of per-game state the module keeps in the [`State`].
    fn state_words(&self, _game: &Game) -> usize {
        0
    }
    /// Setup: after the cards are dealt and before the first ticket choice.
    fn setup(&self, _game: &Game, _state: &mut State, _me: usize, _rng: &mut ChaCha8Rng) {}

    /// Legal actions: pushes the module's whole-turn actions for the current player at the
    /// start of a turn (`Action::Mechanic { mechanic: me, choice }`).
    fn main_actions(
        &self,
        _game: &Game,
        _state: &State,
        _me: usize,
        _push: &mut dyn FnMut(Action),
    ) {
    }
    /// Plays one of the module's actions (listed by `main_actions`); the engine ends the
    /// turn afterwards. An error changes nothing.
    fn apply_action(
        &self,
        _game: &Game,
        _state: &mut State,
        _me: usize,
        _choice: u32,
        _rng: &mut ChaCha8Rng,
    ) -> Result<(), String> {
        Err(format!("{} has no actions", self.name()))
    }

    /// On claim: player `player` has just taken `lane` (trains and route points counted).
    /// May close lanes ([`State::set_lane_blocked`]) or ask for a decision
    /// ([`State::ask_at_turn_end`]).
    fn on_claim(&self, _game: &Game, _state: &mut State, _me: usize, _player: u8, _lane: u16) {}

    /// On draw: `card` has just gone to `player`'s hand (face up or blind). May ask for a
    /// decision at the end of the turn (France: place a track piece after drawing cards).
    fn on_draw(&self, _game: &Game, _state: &mut State, _me: usize, _player: u8, _card: u8) {}

    /// The choices of a decision the module asked for ([`State::ask_at_turn_end`]), as
    /// `Action::Mechanic { mechanic: me, choice }`. A decision must offer at least one.
    fn decision_actions(
        &self,
        _game: &Game,
        _state: &State,
        _me: usize,
        _step: u16,
        _push: &mut dyn FnMut(Action),
    ) {
    }
    /// Plays a decision's choice; the turn then ends (unless the module asks again). An
    /// error changes nothing.
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
}

/// The modules and per-hook indices a [`Game`] carries.
#[derive(Debug, Clone, Default)]
pub struct Installed {
    pub modules: Vec<Arc<dyn Mechanic>>,
    pub setup: Vec<u8>,
    pub actions: Vec<u8>,
    pub on_claim: Vec<u8>,
    pub on_draw: Vec<u8>,
    pub ticket_value: Vec<u8>,
    pub end_scoring: Vec<u8>,
    /// Module → its first word in `State::mechanic_state`, and the total at the end.
    pub state_offsets: Vec<u32>,
}

impl Installed {
    /// Indexes `modules` by hook.
    pub fn new(modules: Vec<Arc<dyn Mechanic>>) -> Installed {
        let mut out = Installed::default();
        for (i, m) in modules.iter().enumerate() {
            let h = m.hooks();
            let i = i as u8;
            for (on, list) in [
                (h.setup, &mut out.setup),
                (h.actions, &mut out.actions),
                (h.on_claim, &mut out.on_claim),
                (h.on_draw, &mut out.on_draw),
                (h.ticket_value, &mut out.ticket_value),
                (h.end_scoring, &mut out.end_scoring),
            ] {
                if on {
                    list.push(i);
                }
            }
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
}

/// A rule or feature of a map that no module plays yet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unplayed {
    /// Where a designer finds it in the file, and what `--without` names to play the map
    /// without it (`mechanics.mystery_train`, `routes.track_bed`, `rules.bonuses.tunelman`).
    pub key: String,
    /// What it is, for the message (`the mystery_train mechanic`, `route feature track_bed
    /// (route amiens-calais and others)`).
    pub what: String,
}

/// Everything in `map` no module plays yet. (Every bonus kind has a module, so the game
/// mode, which picks the bonuses in play, does not matter here.)
pub fn unsupported(map: &MapFile) -> Vec<Unplayed> {
    let mut out = Vec::new();
    let mut add = |key: String, what: String| out.push(Unplayed { key, what });
    // Mechanic tables a module plays.
    const PLAYED: &[&str] = &["mountains"];
    for m in map.mechanics.declared() {
        if !PLAYED.contains(&m) {
            add(format!("mechanics.{m}"), format!("the {m} mechanic"));
        }
    }
    let rules = &map.rules;
    if rules.tickets.draft.is_some() {
        add("rules.tickets.draft".into(), "drafted tickets".into());
    }
    if rules.locomotives.any_cards_as_one.is_some() {
        add(
            "rules.locomotives.any_cards_as_one".into(),
            "any cards as a locomotive".into(),
        );
    }
    let mut features: Vec<(&str, String)> = Vec::new();
    for r in &map.routes {
        for (on, f) in [
            (r.track_bed, "track_bed"),
            // Played when the map says what a mountain costs (`mechanics.mountains`).
            (
                r.mountains > 0 && map.mechanics.mountains.is_none(),
                "mountains",
            ),
            (!r.crosses.is_empty(), "crosses"),
            (!r.stock_shares.is_empty(), "stock_shares"),
            (r.parallel_group.is_some(), "parallel_group"),
        ] {
            if on && !features.iter().any(|(x, _)| *x == f) {
                features.push((f, r.id()));
            }
        }
    }
    for (f, first) in features {
        add(
            format!("routes.{f}"),
            format!("route feature {f} (route {first} and others)"),
        );
    }
    // Every bonus kind has a module (the match in `modules_for` names them all).
    out
}

/// The bonuses of `rules.bonuses` that apply in `mode`, minus those `without` names.
fn bonuses_in_play<'a>(
    map: &'a MapFile,
    mode: Option<&'a GameMode>,
    without: &'a [String],
) -> impl Iterator<Item = &'a crate::model::Bonus> + 'a {
    map.rules.bonuses.iter().filter(move |b| {
        (b.modes.is_empty() || mode.is_some_and(|m| b.modes.iter().any(|x| x == &m.id)))
            && !without
                .iter()
                .any(|w| w.strip_prefix("rules.bonuses.") == Some(&b.id))
    })
}

/// The modules `map` needs in `mode`, in the order their hooks run; refuses the map with
/// every unsupported rule named when there is any. `without` names rules to play the map
/// without (keys of [`Unplayed`], or any bonus as `rules.bonuses.ID`): a designer's
/// explicit choice, which reports show.
pub fn modules_for(
    map: &MapFile,
    mode: Option<&GameMode>,
    without: &[String],
) -> Result<Vec<Arc<dyn Mechanic>>, EngineError> {
    let unplayed = unsupported(map);
    // What `--without` may name: the unplayed rules, and any bonus in play.
    let leavable: Vec<String> = unplayed
        .iter()
        .map(|u| u.key.clone())
        .chain(bonuses_in_play(map, mode, &[]).map(|b| format!("rules.bonuses.{}", b.id)))
        .collect();
    if let Some(w) = without.iter().find(|w| !leavable.contains(w)) {
        return Err(EngineError::Setup(format!(
            "--without {w}: the map has no such rule to leave out (in this mode); it can leave out {}",
            if leavable.is_empty() {
                "nothing".to_string()
            } else {
                leavable.join(", ")
            }
        )));
    }
    let missing: Vec<String> = unplayed
        .into_iter()
        .filter(|u| !without.contains(&u.key))
        .map(|u| format!("{} ({})", u.what, u.key))
        .collect();
    if !missing.is_empty() {
        return Err(EngineError::Unsupported(missing));
    }
    let rules = &map.rules;
    let mut modules: Vec<Arc<dyn Mechanic>> = Vec::new();
    // Substitutes first: the locomotive limits read which routes take them.
    if let Some(m) = card_substitutes::CardSubstitutes::for_map(map) {
        modules.push(Arc::new(m));
    }
    if rules.locomotives.usable_on != LocomotiveUse::Anywhere {
        modules.push(Arc::new(locomotive_limits::LocomotiveLimits {
            usable_on: rules.locomotives.usable_on,
        }));
    }
    if let Some(m) = &map.mechanics.mountains {
        modules.push(Arc::new(mountains::Mountains {
            trains_lost: m.trains_lost,
            points_per_train: m.points_per_train,
        }));
    }
    if map
        .tickets
        .iter()
        .any(|t| t.shape() == Some(TicketShape::AnyOf))
    {
        modules.push(Arc::new(any_of_tickets::AnyOfTickets {
            unfinished: rules.tickets.any_of_unfinished,
        }));
    }
    if rules.tickets.multi_city_scoring.kind == MultiCityKind::TrainsUsed {
        modules.push(Arc::new(trains_used_tickets::TrainsUsedTickets {
            max_multiple: rules.tickets.multi_city_scoring.max_multiple,
        }));
    }
    // Bonuses that replace another come after all the others, so that the lines they change
    // exist when they run (`replaces.rs`).
    let (plain, replacing): (Vec<&Bonus>, Vec<&Bonus>) =
        bonuses_in_play(map, mode, without).partition(|b| b.replaces.is_none());
    let bonuses: Vec<&Bonus> = plain.into_iter().chain(replacing).collect();
    // Bonus index → its module's index (a replacement module follows its bonus).
    let mut module_of: Vec<usize> = Vec::with_capacity(bonuses.len());
    for (i, b) in bonuses.iter().enumerate() {
        module_of.push(modules.len());
        modules.push(bonus_module(map, b)?);
        // Only a bonus installed before this one can be replaced (a replacing bonus
        // replacing a later replacing one is not played as a replacement).
        let replaced = b
            .replaces
            .as_ref()
            .and_then(|id| bonuses[..i].iter().position(|x| &x.id == id));
        if let Some(j) = replaced {
            let r = bonuses[j];
            modules.push(Arc::new(replaces::Replacement {
                replacing: modules.len() - 1,
                replacing_label: b.name.clone().unwrap_or_else(|| b.id.clone()),
                replaced: replaces::Replaced {
                    module: module_of[j],
                    points: r.points,
                    ties: r.ties,
                    award: b.replaced_award,
                },
                replaced_label: r.name.clone().unwrap_or_else(|| r.id.clone()),
            }));
        }
    }
    Ok(modules)
}

/// The module playing bonus `b`; a bonus missing the data its kind needs is refused.
fn bonus_module(map: &MapFile, b: &Bonus) -> Result<Arc<dyn Mechanic>, EngineError> {
    let label = b.name.clone().unwrap_or_else(|| b.id.clone());
    let (points, ties) = (b.points, b.ties);
    let missing = |what: &str| {
        EngineError::Setup(format!(
            "bonus {} ({}) needs `{what}`",
            b.id,
            serde_json::to_value(b.kind)
                .ok()
                .and_then(|v| v.as_str().map(str::to_string))
                .unwrap_or_default()
        ))
    };
    let tagged = |tag: &str| -> Vec<u16> {
        (0..map.cities.len() as u16)
            .filter(|&c| map.cities[c as usize].has_tag(tag))
            .collect()
    };
    Ok(match b.kind {
        BonusKind::LongestPath => Arc::new(bonus::LongestPath {
            label,
            points,
            ties,
        }),
        BonusKind::Globetrotter => Arc::new(bonus::Globetrotter {
            label,
            points,
            ties,
        }),
        BonusKind::GrandTour => Arc::new(grand_tour::GrandTour {
            label,
            table: b.table.clone(),
            cap: points,
        }),
        BonusKind::MostRoutesWith => Arc::new(routes_with_feature::MostRoutesWith {
            label,
            points,
            ties,
            feature: b.feature.ok_or_else(|| missing("feature"))?,
        }),
        BonusKind::MostTaggedCities => {
            let tag = b.tag.clone().ok_or_else(|| missing("tag"))?;
            Arc::new(tagged_cities::MostTaggedCities {
                label,
                points,
                ties,
                cities: tagged(&tag),
                tag,
            })
        }
        BonusKind::AllTaggedCities => {
            let tag = b.tag.clone().ok_or_else(|| missing("tag"))?;
            Arc::new(tagged_cities::AllTaggedCities {
                label,
                points,
                ties,
                cities: tagged(&tag),
                tag,
            })
        }
        BonusKind::MostTicketsFromDecks => {
            if b.decks.is_empty() {
                return Err(missing("decks"));
            }
            let ids = map.deck_ids();
            let decks = b
                .decks
                .iter()
                .map(|d| {
                    ids.iter()
                        .position(|x| x == d)
                        .map(|i| i as u8)
                        .ok_or_else(|| {
                            EngineError::Setup(format!("bonus {} names unknown deck {d}", b.id))
                        })
                })
                .collect::<Result<Vec<u8>, EngineError>>()?;
            Arc::new(tickets_from_decks::MostTicketsFromDecks {
                label,
                points,
                ties,
                decks,
            })
        }
        BonusKind::TicketsCoverTagged => {
            let tag = b.tag.clone().ok_or_else(|| missing("tag"))?;
            // A ticket's cities: each place it names, a zone standing for its endpoints.
            let ticket_cities = map
                .tickets
                .iter()
                .map(|t| {
                    let places = t.places();
                    (0..map.cities.len() as u16)
                        .filter(|&c| {
                            let city = &map.cities[c as usize];
                            places
                                .iter()
                                .any(|&p| city.id == p || city.zone.as_deref() == Some(p))
                        })
                        .collect()
                })
                .collect();
            Arc::new(tickets_cover_tagged::TicketsCoverTagged {
                label,
                points,
                ties,
                cities: tagged(&tag),
                tag,
                ticket_cities,
            })
        }
        BonusKind::MostConnectedCities => Arc::new(connected_cities::MostConnectedCities {
            label,
            points,
            ties,
        }),
    })
}
