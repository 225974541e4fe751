//! Mechanic modules: the rules a map adds to the core game, each switched on by the map's
//! data and consulted by the engine at a small set of hooks.
//!
//! The core (`engine/state/`) plays what every map of the family shares: the train deck
//! and display, draws, claims of single/double/triple lanes, tunnels, ferries, stations,
//! ticket deals and the end trigger; `engine/scoring.rs` scores routes, tickets, stations and
//! tie-breaks. Everything a map adds on top is a [`Mechanic`]: [`modules_for`] reads the map and
//! returns the modules it needs (never `if map == ...`), or refuses the map naming **every**
//! rule and feature no module plays yet.
//!
//! The hooks a module may use, the systems each is made for and the invariant the engine keeps
//! are in `engine/hooks/` ([`Mechanic`] and the hook traits it reaches).

/// The lines of `impl Mechanic` that say what a module is rather than what it plays, as one
/// line inside the impl: `mechanic_basics!("crossings", as_any, public);` gives
/// [`Mechanic::id`] (`"crossings"`); `as_any` gives [`Mechanic::as_any`] (the module itself,
/// for [`Installed::get`]); `public` gives a [`Mechanic::redeal`] that deals nothing again
/// ([`PublicWords`](crate::engine::hooks::PublicWords): every player may know the words; say
/// why in a comment beside it); `name = "..."` gives a [`Mechanic::name`] that never changes.
///
/// A macro rather than default methods driven by an associated const: `Mechanic` is used as
/// `dyn Mechanic`, and a trait with associated consts cannot be made into an object, so the
/// consts would need a second trait and a second `impl` block in every module.
macro_rules! mechanic_basics {
    ($id:literal $(, $what:ident $(= $value:literal)?)* $(,)?) => {
        fn id(&self) -> &'static str {
            $id
        }
        $( mechanic_basics!(@$what $($value)?); )*
    };
    (@as_any) => {
        fn as_any(&self) -> Option<&dyn std::any::Any> {
            Some(self)
        }
    };
    (@public) => {
        fn redeal(&self) -> Option<&dyn $crate::engine::hooks::Redeal> {
            Some(&$crate::engine::hooks::PublicWords)
        }
    };
    (@name $name:literal) => {
        fn name(&self) -> String {
            $name.into()
        }
    };
}

/// The hooks a module plays, as one line inside its `impl Mechanic`: `plays!(setup,
/// on_claim)` gives each named accessor
/// ([`Mechanic::setup`](crate::engine::Mechanic::setup),
/// [`Mechanic::on_claim`](crate::engine::Mechanic::on_claim)) answering `Some(self)`; a
/// module that does not implement the hook's trait does not compile. A hook played only in
/// some games (a rule the map switches on) is an accessor written out, answering `None` when
/// off. Exported (`ttrmap::plays!`) for modules defined outside the crate
/// ([`Game::add_mechanic`](crate::engine::Game::add_mechanic)).
#[macro_export]
macro_rules! plays {
    ($($accessor:ident),* $(,)?) => { $( $crate::plays!(@$accessor); )* };
    (@costs) => { $crate::plays!(@@costs Costs); };
    (@player_cost) => { $crate::plays!(@@player_cost PlayerCost); };
    (@deck_cards) => { $crate::plays!(@@deck_cards DeckCards); };
    (@setup) => { $crate::plays!(@@setup Setup); };
    (@actions) => { $crate::plays!(@@actions Actions); };
    (@allows) => { $crate::plays!(@@allows Allows); };
    (@on_claim) => { $crate::plays!(@@on_claim OnClaim); };
    (@on_draw) => { $crate::plays!(@@on_draw OnDraw); };
    (@on_turn_end) => { $crate::plays!(@@on_turn_end OnTurnEnd); };
    (@decisions) => { $crate::plays!(@@decisions Decisions); };
    (@route_points) => { $crate::plays!(@@route_points RouteSplit); };
    (@ticket_value) => { $crate::plays!(@@ticket_value TicketValue); };
    (@end_scoring) => { $crate::plays!(@@end_scoring EndScoring); };
    (@advice) => { $crate::plays!(@@advice Advice); };
    (@claim_bonus) => { $crate::plays!(@@claim_bonus ClaimBonus); };
    (@report) => { $crate::plays!(@@report Report); };
    (@redeal) => { $crate::plays!(@@redeal Redeal); };
    (@@$accessor:ident $hook:ident) => {
        fn $accessor(&self) -> Option<&dyn $crate::engine::hooks::$hook> {
            Some(self)
        }
    };
}

pub mod alvin;
mod any_of_tickets;
mod bonus;
mod card_substitutes;
pub mod city_markers;
mod connected_cities;
pub mod crossings;
pub mod express_cards;
pub mod festivals;
mod grand_tour;
mod locomotive_limits;
mod mountains;
pub mod province_mat;
mod replaces;
mod routes_with_feature;
mod tagged_cities;
pub mod technologies;
pub mod ticket_draft;
pub mod ticket_draft_card;
mod tickets_cover_tagged;
mod tickets_from_decks;
pub mod track_pieces;
mod trains_used_tickets;

pub use super::hooks::{Installed, Mechanic};
use super::position::PositionEntries;
use super::{EngineError, Game, Goal, State};
use crate::model::{
    Bonus, BonusKind, GameMode, LocomotiveUse, MapFile, MultiCityKind, TicketShape,
};
use std::sync::Arc;

/// Every module file, by the id `ttrmap explain` knows it as (its file name in kebab case),
/// with its source: the file's `//!` comment is what `explain` prints.
pub const MODULE_DOCS: &[(&str, &str)] = &[
    ("alvin", include_str!("alvin.rs")),
    ("any-of-tickets", include_str!("any_of_tickets.rs")),
    ("bonus", include_str!("bonus.rs")),
    ("card-substitutes", include_str!("card_substitutes.rs")),
    ("city-markers", include_str!("city_markers.rs")),
    ("connected-cities", include_str!("connected_cities.rs")),
    ("crossings", include_str!("crossings.rs")),
    ("express-cards", include_str!("express_cards.rs")),
    ("festivals", include_str!("festivals.rs")),
    ("grand-tour", include_str!("grand_tour.rs")),
    ("locomotive-limits", include_str!("locomotive_limits.rs")),
    ("mountains", include_str!("mountains.rs")),
    ("province-mat", include_str!("province_mat.rs")),
    ("replaces", include_str!("replaces.rs")),
    (
        "routes-with-feature",
        include_str!("routes_with_feature.rs"),
    ),
    ("tagged-cities", include_str!("tagged_cities.rs")),
    ("technologies", include_str!("technologies.rs")),
    ("ticket-draft", include_str!("ticket_draft.rs")),
    ("ticket-draft-card", include_str!("ticket_draft_card.rs")),
    (
        "tickets-cover-tagged",
        include_str!("tickets_cover_tagged.rs"),
    ),
    ("tickets-from-decks", include_str!("tickets_from_decks.rs")),
    ("track-pieces", include_str!("track_pieces.rs")),
    (
        "trains-used-tickets",
        include_str!("trains_used_tickets.rs"),
    ),
];

/// Every module that reads and checks entries of a position file ([`PositionEntries`]), in
/// the order the reader and each phase of the checks go through them: the order of the
/// keys in a "did you mean" list, and of the problems found.
pub const POSITION_ENTRIES: &[&dyn PositionEntries] = &[
    &crossings::Entries,
    &city_markers::Entries,
    &alvin::Entries,
    &festivals::Entries,
    &province_mat::Entries,
    &technologies::Entries,
    &track_pieces::Entries,
];

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
    const PLAYED: &[&str] = &[
        "mountains",
        "city_markers",
        "alvin",
        "track_pieces",
        "festivals",
        "ticket_draft_card",
        "express_cards",
        "province_mat",
        "technologies",
    ];
    for m in map.mechanics.declared() {
        if !PLAYED.contains(&m) {
            add(format!("mechanics.{m}"), format!("the {m} mechanic"));
        }
    }
    let mut features: Vec<(&str, String)> = Vec::new();
    for r in &map.routes {
        for (on, f) in [
            // Played with the pieces that build it (`mechanics.track_pieces`).
            (
                r.track_bed && map.mechanics.track_pieces.is_none(),
                "track_bed",
            ),
            // Played when the map says what a mountain costs (`mechanics.mountains`).
            (
                r.mountains > 0 && map.mechanics.mountains.is_none(),
                "mountains",
            ),
            (!r.stock_shares.is_empty(), "stock_shares"),
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
    // What `--without` may name: the unplayed rules, the optional extensions (variants
    // the players choose to add) and any bonus in play.
    let leavable: Vec<String> = unplayed
        .iter()
        .map(|u| u.key.clone())
        .chain(
            map.mechanics
                .optional()
                .into_iter()
                .map(|m| format!("mechanics.{m}")),
        )
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
    city_marker_modules(map, without, &mut modules)?;
    track_modules(map, &mut modules)?;
    draft_modules(map, &mut modules)?;
    if let Some(f) = &map.mechanics.festivals {
        modules.push(Arc::new(festivals_module(map, f)));
    }
    korea_modules(map, &mut modules);
    technology_modules(map, without, &mut modules)?;
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
                    zero: r.when_best_is_zero.unwrap_or_default(),
                    award: b.replaced_award,
                },
                replaced_label: r.name.clone().unwrap_or_else(|| r.id.clone()),
            }));
        }
    }
    Ok(modules)
}

/// Crossings (any map whose routes name others in `crosses`) and France's track pieces,
/// which tell the crossings of every piece placed.
fn track_modules(map: &MapFile, modules: &mut Vec<Arc<dyn Mechanic>>) -> Result<(), EngineError> {
    let crossings = crossings::Crossings::for_map(map).map(|c| {
        let c = Arc::new(c);
        modules.push(c.clone());
        (modules.len() - 1, c)
    });
    let Some(t) = &map.mechanics.track_pieces else {
        return Ok(());
    };
    let lanes: usize = map
        .routes
        .iter()
        .map(|r| r.lane_count().max(1) as usize)
        .sum();
    if !track_pieces::TrackPieces::fits(lanes) {
        return Err(EngineError::Setup(format!(
            "mechanics.track_pieces: {lanes} lanes are more than the engine builds on"
        )));
    }
    // Kinds of one length and colour are one kind, sorted by length, then colour.
    let mut kinds: Vec<((u8, u8), u16)> = Vec::new();
    for p in &t.pieces {
        let kind = (p.length, super::compile::color_index(p.color));
        match kinds.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, n)) => *n += p.count as u16,
            None => kinds.push((kind, p.count as u16)),
        }
    }
    kinds.sort_unstable();
    let name = |id: &str| {
        map.cities
            .iter()
            .find(|c| c.id == id)
            .and_then(|c| c.name.clone())
            .unwrap_or_else(|| id.to_string())
    };
    // Kinds are sorted by length, then colour: each length's are one run.
    let run = |length: u8| {
        let from = kinds.partition_point(|k| k.0.0 < length);
        let to = kinds.partition_point(|k| k.0.0 <= length);
        (from as u16, to as u16)
    };
    modules.push(Arc::new(track_pieces::TrackPieces {
        route_kinds: map.routes.iter().map(|r| run(r.length)).collect(),
        kinds: kinds.iter().map(|x| x.0).collect(),
        counts: kinds.iter().map(|x| x.1).collect(),
        beds: map.routes.iter().map(|r| r.track_bed).collect(),
        when_none_fits: t.when_none_fits,
        crossings,
        route_names: map
            .routes
            .iter()
            .map(|r| format!("{}–{}", name(&r.from), name(&r.to)))
            .collect(),
    }));
    Ok(())
}

/// The ticket drafts (`rules.tickets.draft`) and Iberia's Ticket Draft card, which starts
/// the second.
fn draft_modules(map: &MapFile, modules: &mut Vec<Arc<dyn Mechanic>>) -> Result<(), EngineError> {
    let card = map.mechanics.ticket_draft_card.as_ref();
    let Some(d) = map.rules.tickets.draft else {
        if card.is_some() {
            return Err(EngineError::Setup(
                "mechanics.ticket_draft_card needs rules.tickets.draft: the card starts a second draft"
                    .into(),
            ));
        }
        return Ok(());
    };
    let mut drafts = vec![ticket_draft::DraftRules::new(
        d.deal,
        d.keep,
        d.pass,
        d.leftovers,
    )];
    if let Some(c) = card {
        drafts.push(ticket_draft::DraftRules::new(
            c.deal,
            c.keep,
            c.pass,
            c.leftovers,
        ));
    }
    let draft = modules.len();
    modules.push(Arc::new(ticket_draft::TicketDraft { drafts }));
    if let Some(c) = card {
        modules.push(Arc::new(ticket_draft_card::TicketDraftCard {
            depth_by_players: c.depth_by_players.iter().map(|(&n, &f)| (n, f)).collect(),
            draft,
            which: 1,
            locks_ticket_draws: c.locks_ticket_draws,
        }));
    }
    Ok(())
}

/// South Korea's Express cards and Province mat (which spends the cards on a placement).
fn korea_modules(map: &MapFile, modules: &mut Vec<Arc<dyn Mechanic>>) {
    let express = map.mechanics.express_cards.as_ref().map(|e| {
        modules.push(Arc::new(express_cards::ExpressCards {
            values: e.values.clone(),
        }));
        modules.len() - 1
    });
    if let Some(m) = &map.mechanics.province_mat {
        let lines = m
            .lines
            .iter()
            .map(|l| province_mat::Line {
                color: super::compile::color_index(l.color),
                name: serde_json::to_value(l.color)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_string))
                    .unwrap_or_default(),
                spots: l.spots.iter().map(|&v| v as i32).collect(),
            })
            .collect();
        modules.push(Arc::new(province_mat::ProvinceMat {
            lines,
            scoring: m.scoring.iter().map(|(&n, b)| (n, b.clone())).collect(),
            unverified: m.unverified,
            express,
        }));
    }
}

/// The UK's technologies and a line module per scoring technology; the advanced cards
/// unless left out (`mechanics.technologies.advanced`, optional unless the map says
/// `use_advanced`).
fn technology_modules(
    map: &MapFile,
    without: &[String],
    modules: &mut Vec<Arc<dyn Mechanic>>,
) -> Result<(), EngineError> {
    let advanced = !without
        .iter()
        .any(|w| w == "mechanics.technologies.advanced");
    let Some(t) = technologies::Technologies::for_map(map, advanced)? else {
        return Ok(());
    };
    let main = modules.len();
    let lines: Vec<technologies::TechnologyLine> = t
        .techs
        .iter()
        .enumerate()
        .filter(|(_, x)| technologies::TechnologyLine::scores(x.effect))
        .map(|(tech, x)| technologies::TechnologyLine {
            main,
            tech,
            name: x.name.clone(),
        })
        .collect();
    modules.push(Arc::new(t));
    for l in lines {
        modules.push(Arc::new(l));
    }
    Ok(())
}

/// Iberia's festivals: the groups and which city is in which.
fn festivals_module(map: &MapFile, f: &crate::model::Festivals) -> festivals::Festivals {
    let groups: Vec<festivals::Group> = f
        .groups
        .iter()
        .map(|g| festivals::Group {
            id: g.id.clone(),
            name: g.name.clone().unwrap_or_else(|| g.id.clone()),
            cards: g.cards as u16,
            chart: g.chart.clone(),
            falls: festivals::falls(&g.chart),
        })
        .collect();
    let city_group = map
        .cities
        .iter()
        .map(|c| {
            c.festival
                .as_deref()
                .and_then(|id| groups.iter().position(|g| g.id == id))
                .map_or(festivals::NONE, |g| g as u8)
        })
        .collect();
    festivals::Festivals {
        groups,
        city_group,
        unverified: f.unverified,
        take: f.take,
    }
}

/// Old West's city markers and, unless left out, Alvin (who needs the markers: he moves to
/// a city his captor controls, and forbids his own city to them).
fn city_marker_modules(
    map: &MapFile,
    without: &[String],
    modules: &mut Vec<Arc<dyn Mechanic>>,
) -> Result<(), EngineError> {
    let city = |id: &str, what: &str| {
        map.cities
            .iter()
            .position(|c| c.id == id)
            .map(|i| i as u16)
            .ok_or_else(|| EngineError::Setup(format!("{what} names unknown city {id}")))
    };
    let alvin = map
        .mechanics
        .alvin
        .as_ref()
        .filter(|_| !without.iter().any(|w| w == "mechanics.alvin"));
    let Some(m) = &map.mechanics.city_markers else {
        if alvin.is_some() {
            return Err(EngineError::Setup(
                "mechanics.alvin needs mechanics.city_markers: Alvin moves to a city his captor controls"
                    .into(),
            ));
        }
        return Ok(());
    };
    let mut forbidden = m
        .forbidden
        .iter()
        .map(|c| city(c, "mechanics.city_markers.forbidden"))
        .collect::<Result<Vec<u16>, EngineError>>()?;
    let alvin_start = alvin
        .map(|a| city(&a.start, "mechanics.alvin.start"))
        .transpose()?;
    forbidden.extend(alvin_start);
    let markers = modules.len();
    modules.push(Arc::new(city_markers::CityMarkers {
        per_player: m.per_player,
        connected_network: m.connected_network,
        cost: m.cost,
        forbidden,
        counted_at: m.counted_at,
        city_names: map
            .cities
            .iter()
            .map(|c| c.name.clone().unwrap_or_else(|| c.id.clone()))
            .collect(),
    }));
    if let (Some(a), Some(start)) = (alvin, alvin_start) {
        modules.push(Arc::new(alvin::Alvin {
            start,
            capture_points: a.capture_points,
            end_points: a.end_points,
            markers,
        }));
    }
    Ok(())
}

/// The module playing bonus `b`; a bonus missing the data its kind needs is refused.
fn bonus_module(map: &MapFile, b: &Bonus) -> Result<Arc<dyn Mechanic>, EngineError> {
    let label = b.name.clone().unwrap_or_else(|| b.id.clone());
    let (points, ties) = (b.points, b.ties);
    let zero = b.when_best_is_zero.unwrap_or_default();
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
            zero,
        }),
        BonusKind::Globetrotter => Arc::new(bonus::Globetrotter {
            label,
            points,
            ties,
            zero,
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
            zero,
            feature: b.feature.ok_or_else(|| missing("feature"))?,
        }),
        BonusKind::MostTaggedCities => {
            let tag = b.tag.clone().ok_or_else(|| missing("tag"))?;
            Arc::new(tagged_cities::MostTaggedCities {
                label,
                points,
                ties,
                zero,
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
                zero,
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
            zero,
        }),
    })
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    fn count_impls(dir: &Path, what: &str) -> usize {
        let mut n = 0;
        for entry in std::fs::read_dir(dir).expect("reads the modules' folder") {
            let path = entry.expect("a folder entry").path();
            if path.is_dir() {
                n += count_impls(&path, what);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).expect("reads a module");
                n += text.matches(what).count();
            }
        }
        n
    }

    /// Every module's [`PositionEntries`](super::PositionEntries) is in
    /// [`POSITION_ENTRIES`](super::POSITION_ENTRIES): the list is the hook's declaration,
    /// and an entry reader left out of it would be skipped without a word.
    #[test]
    fn every_position_entries_is_listed() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/engine/mechanics");
        let impls = count_impls(&dir, "\nimpl PositionEntries for ");
        assert_eq!(impls, super::POSITION_ENTRIES.len());
    }
}
