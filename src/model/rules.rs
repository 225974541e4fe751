//! The rule system a map plays by. `Default` is the base game (USA); presets in
//! `src/presets/` state what other systems change, and a map's `[rules]` overrides both.

use super::{Color, FerrySubstitute};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The rule system. Every key is optional: unset keys come from the preset named by `base`,
/// and from the base game (USA) below that.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct Rules {
    /// Preset this map builds on: `usa`, `europe`, `nordic`, `switzerland`, `india`, `france`,
    /// `old-west`, `iberia`, `south-korea`, `uk`, `castilla`, ... (`ttrmap presets` lists them).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub base: Option<String>,
    pub trains: Trains,
    pub starting_hand: StartingHand,
    pub train_deck: TrainDeck,
    pub face_up: FaceUp,
    pub locomotives: Locomotives,
    pub tickets: TicketRules,
    pub lanes: Lanes,
    pub stations: Stations,
    pub ferries: Ferries,
    pub tunnels: Tunnels,
    /// Points for a claimed route by its length: `{ "1" = 1, "2" = 2, "3" = 4, ... }`.
    #[schemars(inner(range(min = -1000, max = 1000)))]
    pub route_points: BTreeMap<u8, i32>,
    pub end_game: EndGame,
    /// End-of-game bonuses (longest path, globetrotter, Grand Tour, punctuation cards, ...).
    pub bonuses: Vec<Bonus>,
    /// How a tie for the most points is broken, in order; what is left is shared.
    pub tie_breaks: Vec<TieBreak>,
    /// Mechanic tables (`[mechanics.NAME]`) a map on this rule system must declare; `check`
    /// reports a missing one (a UK map without technologies is not a UK map).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub requires_mechanics: Vec<String>,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            base: None,
            trains: Trains::default(),
            starting_hand: StartingHand::default(),
            train_deck: TrainDeck::default(),
            face_up: FaceUp::default(),
            locomotives: Locomotives::default(),
            tickets: TicketRules::default(),
            lanes: Lanes::default(),
            stations: Stations::default(),
            ferries: Ferries::default(),
            tunnels: Tunnels::default(),
            route_points: [(1, 1), (2, 2), (3, 4), (4, 7), (5, 10), (6, 15)]
                .into_iter()
                .collect(),
            end_game: EndGame::default(),
            bonuses: vec![Bonus::simple("longest-path", BonusKind::LongestPath, 10)],
            tie_breaks: vec![TieBreak::MostCompletedTickets, TieBreak::LongestPath],
            requires_mechanics: Vec::new(),
        }
    }
}

impl Rules {
    /// Trains each player starts with at this player count.
    pub fn trains_for(&self, players: u8) -> u16 {
        self.trains
            .by_players
            .get(&players)
            .copied()
            .unwrap_or(self.trains.per_player)
    }

    /// Points for a route of this length, if the table has the length.
    pub fn points_for_length(&self, length: u8) -> Option<i32> {
        self.route_points.get(&length).copied()
    }
}

/// Trains (plastic cars) per player.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct Trains {
    #[schemars(range(min = 1, max = 500))]
    pub per_player: u16,
    /// Player count → trains, where it differs (Castilla: `{ "7" = 40 }`).
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub by_players: BTreeMap<u8, u16>,
}

impl Default for Trains {
    fn default() -> Self {
        Trains {
            per_player: 45,
            by_players: BTreeMap::new(),
        }
    }
}

/// Cards each player is dealt at setup.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct StartingHand {
    /// Cards dealt from the shuffled train deck.
    #[schemars(range(max = 50))]
    pub cards: u8,
    /// Locomotives given on top of them (UK: 1).
    #[schemars(range(max = 20))]
    pub locomotives: u8,
}

impl Default for StartingHand {
    fn default() -> Self {
        StartingHand {
            cards: 4,
            locomotives: 0,
        }
    }
}

/// The train-car card deck.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct TrainDeck {
    /// Cards of each of the eight colours.
    #[schemars(range(max = 1000))]
    pub per_color: u16,
    /// Locomotive (wild) cards.
    #[schemars(range(max = 1000))]
    pub locomotives: u16,
    /// Per-colour counts where they differ from `per_color`.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub colors: BTreeMap<Color, u16>,
}

impl Default for TrainDeck {
    fn default() -> Self {
        TrainDeck {
            per_color: 12,
            locomotives: 14,
            colors: BTreeMap::new(),
        }
    }
}

impl TrainDeck {
    /// Cards of one colour.
    pub fn count(&self, color: Color) -> u16 {
        self.colors.get(&color).copied().unwrap_or(self.per_color)
    }

    /// All cards in the deck.
    pub fn total(&self) -> u32 {
        Color::CARD_COLORS
            .iter()
            .map(|&c| self.count(c) as u32)
            .sum::<u32>()
            + self.locomotives as u32
    }
}

/// The face-up display.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct FaceUp {
    #[schemars(range(min = 0, max = 20))]
    pub count: u8,
    /// The display is discarded and redealt when it shows this many locomotives; 0 = never
    /// (UK).
    #[schemars(range(max = 20))]
    pub locomotive_reset: u8,
    /// Taking a face-up locomotive is the whole draw (base game). `false` where locomotives
    /// are drawn like any card (Switzerland, Nordic).
    pub locomotive_takes_whole_draw: bool,
    /// Cards taken by the draw-cards action.
    #[schemars(range(min = 1, max = 10))]
    pub draws_per_turn: u8,
}

impl Default for FaceUp {
    fn default() -> Self {
        FaceUp {
            count: 5,
            locomotive_reset: 3,
            locomotive_takes_whole_draw: true,
            draws_per_turn: 2,
        }
    }
}

/// Where locomotive cards may be played.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct Locomotives {
    pub usable_on: LocomotiveUse,
    /// Any N cards may be played as one locomotive (UK: 4).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 2, max = 10))]
    pub any_cards_as_one: Option<u8>,
}

impl Default for Locomotives {
    fn default() -> Self {
        Locomotives {
            usable_on: LocomotiveUse::Anywhere,
            any_cards_as_one: None,
        }
    }
}

/// Routes on which locomotive cards may be played.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum LocomotiveUse {
    /// As a wild card on any route (base game).
    #[default]
    Anywhere,
    /// Only on tunnels (Switzerland).
    TunnelsOnly,
    /// Only on tunnels and ferries (Nordic). On a route with `any_cards_for_one` a locomotive
    /// is not wild either: it counts only as one of the N arbitrary cards.
    TunnelsAndFerries,
}

/// Dealing, drawing and discarding destination tickets.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct TicketRules {
    /// The setup deal (ignored when a game mode gives its own, or `draft` is set).
    pub initial: TicketDeal,
    /// The draw-tickets action.
    pub draw: TicketDeal,
    /// Where tickets returned at setup go.
    pub initial_discard: TicketDiscard,
    /// Where tickets returned after a draw go.
    pub draw_discard: TicketDiscard,
    /// A setup draft instead of a plain deal (Iberia, South Korea).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub draft: Option<TicketDraft>,
    /// How a completed multi-city ticket scores.
    pub multi_city_scoring: MultiCityScoring,
    /// What an unfinished any-of ticket costs.
    pub any_of_unfinished: AnyOfPenalty,
}

impl Default for TicketRules {
    fn default() -> Self {
        TicketRules {
            initial: TicketDeal {
                deal: 3,
                keep_at_least: 2,
            },
            draw: TicketDeal {
                deal: 3,
                keep_at_least: 1,
            },
            initial_discard: TicketDiscard::Bottom,
            draw_discard: TicketDiscard::Bottom,
            draft: None,
            multi_city_scoring: MultiCityScoring::default(),
            any_of_unfinished: AnyOfPenalty::default(),
        }
    }
}

/// Scoring of a completed multi-city ticket.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MultiCityScoring {
    pub kind: MultiCityKind,
    /// `trains-used`: the score never exceeds this multiple of the printed value (Castilla: 2).
    #[serde(default = "two")]
    #[schemars(range(min = 1, max = 10))]
    pub max_multiple: u8,
}

fn two() -> u8 {
    2
}

impl Default for MultiCityScoring {
    fn default() -> Self {
        MultiCityScoring {
            kind: MultiCityKind::Printed,
            max_multiple: 2,
        }
    }
}

/// How a multi-city ticket scores.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum MultiCityKind {
    /// The printed value.
    #[default]
    Printed,
    /// Castilla's triple destinations: the trains of the shortest connection the player built
    /// between the cities, at least the printed value and at most `max_multiple` times it.
    TrainsUsed,
}

/// What an unfinished any-of ticket (Switzerland's country tickets) costs. The rule text
/// says only that the best completed target scores; it is silent on failure, so this is an
/// option. Default `lowest`: the smallest value on the card is lost, the reading that keeps
/// a country ticket from being a free gamble.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum AnyOfPenalty {
    #[default]
    Lowest,
    Highest,
    Nothing,
}

/// Deal so many tickets, keep at least so many.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TicketDeal {
    #[schemars(range(min = 1, max = 20))]
    pub deal: u8,
    #[schemars(range(max = 20))]
    pub keep_at_least: u8,
}

/// Where returned tickets go.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum TicketDiscard {
    /// Under the deck (base game).
    #[default]
    Bottom,
    /// Out of the game (Switzerland, Nordic, Castilla).
    OutOfGame,
    /// Shuffled back into the deck.
    Shuffle,
}

/// A ticket draft: deal `deal`, pick one and pass the rest until each player has `deal`,
/// then keep exactly `keep`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TicketDraft {
    #[schemars(range(min = 1, max = 20))]
    pub deal: u8,
    #[schemars(range(min = 1, max = 20))]
    pub keep: u8,
    #[serde(default)]
    pub pass: PassDirection,
    /// Where the leftovers go: `shuffle` (into the deck, Iberia's first draft) or `bottom`.
    #[serde(default = "shuffle")]
    pub leftovers: TicketDiscard,
}

fn shuffle() -> TicketDiscard {
    TicketDiscard::Shuffle
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum PassDirection {
    #[default]
    Left,
    Right,
}

/// Which lanes of double and triple routes are open at a player count. Below the minimum, a
/// claimed lane closes the route's other lanes. No player may ever claim two lanes of one
/// route.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct Lanes {
    /// From this many players on, both lanes of a double route (and two of a triple's) open.
    #[schemars(range(min = 1, max = 12))]
    pub double_min_players: u8,
    /// From this many players on, every lane of a triple route opens.
    #[schemars(range(min = 1, max = 12))]
    pub triple_min_players: u8,
    /// Routes between the same two cities written as separate routes (their lanes differ in
    /// length or kind, as the UK's Penzance–Plymouth: 2 spaces and a 3-space ferry) and not
    /// given a `parallel_group`. The rules speak of double routes; the series defines one as
    /// parallel routes of equally many spaces. `separate` (default): each is a route of its
    /// own, claimable by anyone at any player count; `double`: they are one double (or
    /// triple) route, as a `parallel_group` makes them (one lane each; below
    /// `double_min_players`, one lane in all). A `parallel_group` always groups its routes.
    #[serde(skip_serializing_if = "is_default")]
    pub unequal_parallel: UnequalParallel,
}

impl Lanes {
    /// The lanes of a route of `lane_count` lanes that may be claimed with `players`: all
    /// from the minimum for that many lanes, two of a triple from `double_min_players`,
    /// otherwise one. The engine, the lints and the statistics all count with this.
    pub fn usable(&self, lane_count: u8, players: u8) -> u8 {
        match lane_count {
            0 | 1 => lane_count,
            2 if players >= self.double_min_players => 2,
            _ if lane_count > 2 && players >= self.triple_min_players => lane_count,
            _ if players >= self.double_min_players => 2,
            _ => 1,
        }
    }
}

impl Default for Lanes {
    fn default() -> Self {
        Lanes {
            double_min_players: 4,
            triple_min_players: 4,
            unequal_parallel: UnequalParallel::Separate,
        }
    }
}

/// Whether routes written separately between the same two cities are one double route
/// ([`Lanes::unequal_parallel`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum UnequalParallel {
    /// Each is a route of its own.
    #[default]
    Separate,
    /// Together they are one double (or triple) route.
    Double,
}

/// Train stations (Europe).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct Stations {
    /// Stations per player; 0 = no stations.
    #[schemars(range(max = 20))]
    pub per_player: u8,
    /// Cards (of one colour) paid for the 1st, 2nd, 3rd, ... station.
    pub costs: Vec<u8>,
    /// Points for each station not built.
    #[schemars(range(min = -100, max = 100))]
    pub unused_points: i32,
}

impl Default for Stations {
    fn default() -> Self {
        Stations {
            per_player: 0,
            costs: vec![1, 2, 3],
            unused_points: 4,
        }
    }
}

/// Ferry rules for every route with `ferry` locomotive spaces.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct Ferries {
    /// Cards that may replace one ferry locomotive (Nordic: any 3; Castilla: 3 of the colour).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub substitute: Option<FerrySubstitute>,
}

/// Tunnel rules.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct Tunnels {
    /// Cards revealed from the deck when claiming a tunnel.
    #[schemars(range(max = 10))]
    pub reveal: u8,
    /// Points added to a tunnel's table value (Castilla: 1, so a 3-space tunnel scores 5).
    #[schemars(range(min = -100, max = 100))]
    pub extra_points: i32,
}

impl Default for Tunnels {
    fn default() -> Self {
        Tunnels {
            reveal: 3,
            extra_points: 0,
        }
    }
}

/// When the game ends.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct EndGame {
    /// The last round starts when a player ends a turn with this many trains or fewer; every
    /// player, that one included, then plays one more turn.
    #[schemars(range(max = 100))]
    pub trains_at_most: u16,
    /// What happens to a player who can take no action on their turn (the train deck,
    /// discard and display are empty, no tickets are left to draw and no route or station
    /// can be paid for). Default `pass`.
    pub when_stuck: WhenStuck,
}

impl Default for EndGame {
    fn default() -> Self {
        EndGame {
            trains_at_most: 2,
            when_stuck: WhenStuck::default(),
        }
    }
}

/// A player with no legal action. The rule texts say a player must take exactly one action
/// on their turn (e.g. the France and Iberia rules); none says what happens when no action
/// can be taken, so this is an option.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum WhenStuck {
    /// The player passes: the turn counts as played (also in the last round) and play goes
    /// on. Only when every player passes in a row, a whole round in which nobody could act,
    /// does the game stop as a failure state. The reading: the duty to act cannot demand
    /// the impossible, and another player's action may give the stuck one something to do.
    #[default]
    Pass,
    /// The first player with no legal action stops the game as a failure state. The
    /// reading: the rules require an action, so a position without one is outside them.
    Fail,
    /// As `pass`, but when every player passes in a row the game is over and scored as it
    /// stands. The reading: a game nobody can ever continue has ended (what a table of
    /// players would do when, say, everyone has 3 trains and only longer routes are open).
    End,
}

/// An end-of-game bonus or punctuation card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Bonus {
    /// Unique id (`longest-path`, `tunelman`).
    #[schemars(regex(pattern = r"^[^\s]+$"), length(min = 1, max = 100))]
    pub id: String,
    /// Printed name (`European Express`, `TUNELMAN`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    pub kind: BonusKind,
    /// Points to the winner(s). For `grand-tour`, the cap; see `table`.
    #[serde(default)]
    #[schemars(range(min = -1000, max = 1000))]
    pub points: i32,
    /// How ties are scored.
    #[serde(default)]
    pub ties: TieScoring,
    /// "Most" bonuses (`longest-path`, `globetrotter`, `most-routes-with`,
    /// `most-tagged-cities`, `most-tickets-from-decks`, `most-connected-cities`): what a best
    /// count of 0 gives. The rules reward the player with the most of something and say
    /// nothing of a game where nobody has any. `nobody` (default): a count of 0 is having
    /// none, not the most, so nobody scores; `tied`: every player is tied for the most at 0
    /// and `ties` scores them. The other kinds do not read it (`ttrmap check` says so).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub when_best_is_zero: Option<BestIsZero>,
    /// `grand-tour`: points for the 1st, 2nd, ... qualifying ticket (India: 5, 5, 10, 10, 10).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(inner(range(min = -1000, max = 1000)))]
    pub table: Vec<i32>,
    /// `most-routes-with`: the route feature counted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub feature: Option<RouteFeature>,
    /// `most-tagged-cities`, `all-tagged-cities`, `tickets-cover-tagged`: the city tag.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tag: Option<String>,
    /// `most-tickets-from-decks`: the decks counted.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub decks: Vec<String>,
    /// Game modes this bonus is used in; empty = every mode.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub modes: Vec<String>,
    /// A bonus this one replaces for its winner (SUPERCAPITALMAN replaces CAPITALMAN).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replaces: Option<String>,
    /// With `replaces`: what becomes of the replaced bonus when this one's winner gives it up.
    #[serde(default, skip_serializing_if = "is_default")]
    pub replaced_award: ReplacedAward,
}

fn is_default<T: Default + PartialEq>(value: &T) -> bool {
    *value == T::default()
}

/// What becomes of a replaced bonus (`replaces`) for the players who won the replacing one.
/// Castilla's rule text says only that SUPERCAPITALMAN's winner does not also win
/// CAPITALMAN's points; whether those points are lost or go to the next best player is not
/// said, so the map chooses.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ReplacedAward {
    /// The replacing bonus's winners score 0 for the replaced one; every other player keeps
    /// what the replaced bonus gave them (a tied co-winner keeps their split share). The
    /// literal reading: the winner simply does not win those points too.
    #[default]
    Forfeit,
    /// The replaced bonus is scored again among the other players only, as if the replacing
    /// bonus's winners had not competed for it (the next best player can win it).
    NextBest,
}

impl Bonus {
    /// A bonus with only a kind and points, ties scored in full.
    pub fn simple(id: &str, kind: BonusKind, points: i32) -> Bonus {
        Bonus {
            id: id.to_string(),
            name: None,
            kind,
            points,
            ties: TieScoring::All,
            when_best_is_zero: None,
            table: Vec::new(),
            feature: None,
            tag: None,
            decks: Vec::new(),
            modes: Vec::new(),
            replaces: None,
            replaced_award: ReplacedAward::Forfeit,
        }
    }
}

/// What a bonus rewards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum BonusKind {
    /// The longest continuous path of one player's routes (each route used once).
    LongestPath,
    /// The most completed destination tickets.
    Globetrotter,
    /// India's Mandala: tickets joined by two paths sharing no route score `table` points.
    GrandTour,
    /// The most claimed routes with `feature` (Castilla's TRANSBORDOMAN, TUNELMAN).
    MostRoutesWith,
    /// The most cities tagged `tag` reached (CAPITALMAN).
    MostTaggedCities,
    /// Every city tagged `tag` reached (SUPERCAPITALMAN).
    AllTaggedCities,
    /// The most completed tickets from `decks` (CAPITALTICKETMAN).
    MostTicketsFromDecks,
    /// Completed tickets that start or end in every city tagged `tag` (SUPERCAPITALTICKETMAN).
    TicketsCoverTagged,
    /// The most cities in one's network (Legendary Asia).
    MostConnectedCities,
}

/// A route property counted by a bonus.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum RouteFeature {
    Ferry,
    Tunnel,
}

/// How a bonus is scored when players tie for it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum TieScoring {
    /// Every tied player scores the full points (base game).
    #[default]
    All,
    /// The points are divided among the tied players, rounded down (Castilla's capitals cards).
    Split,
    /// Nobody scores.
    Nobody,
}

/// What a "most" count of 0 gives ([`Bonus::when_best_is_zero`], and a technology's gamble
/// on the most completed tickets or the longest path).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum BestIsZero {
    /// Nobody has the most of nothing: no player wins it (a gamble's holder loses).
    #[default]
    Nobody,
    /// Every player at 0 is tied for the most, and the tie rule applies.
    Tied,
}

/// How a technology's gamble (the UK's Risky Contracts, Equalising Beam) reads a holder tied
/// for the most.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum GambleTies {
    /// Nobody has more: the holder has the most and wins.
    #[default]
    Win,
    /// Another player has as many: the holder does not have the most on their own and loses.
    Lose,
}

/// A tie-break for the most points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum TieBreak {
    MostCompletedTickets,
    FewestStationsUsed,
    LongestPath,
}
