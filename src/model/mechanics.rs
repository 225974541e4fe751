//! Mechanic modules a map may declare. Each is data only; the engine plays the ones it
//! supports and reports the rest as unsupported. A table present here switches the mechanic on.

use super::{BestIsZero, Color, GambleTies, PassDirection, TicketDiscard};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The optional mechanic modules of a map.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct Mechanics {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub festivals: Option<Festivals>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ticket_draft_card: Option<TicketDraftCard>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub express_cards: Option<ExpressCards>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub province_mat: Option<ProvinceMat>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub track_pieces: Option<TrackPieces>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub city_markers: Option<CityMarkers>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub alvin: Option<Alvin>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub technologies: Option<Technologies>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mystery_train: Option<MysteryTrain>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mountains: Option<Mountains>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stock_shares: Option<StockShares>,
}

impl Mechanics {
    /// Names of the mechanics this map declares, as in the file (`festivals`, ...).
    pub fn declared(&self) -> Vec<&'static str> {
        let mut out = Vec::new();
        let mut add = |on: bool, name| {
            if on {
                out.push(name)
            }
        };
        add(self.festivals.is_some(), "festivals");
        add(self.ticket_draft_card.is_some(), "ticket_draft_card");
        add(self.express_cards.is_some(), "express_cards");
        add(self.province_mat.is_some(), "province_mat");
        add(self.track_pieces.is_some(), "track_pieces");
        add(self.city_markers.is_some(), "city_markers");
        add(self.alvin.is_some(), "alvin");
        add(self.technologies.is_some(), "technologies");
        add(self.mystery_train.is_some(), "mystery_train");
        add(self.mountains.is_some(), "mountains");
        add(self.stock_shares.is_some(), "stock_shares");
        out
    }

    /// Names of the declared mechanics marked `optional`: variants and extensions a game
    /// is played without unless the players choose them.
    pub fn optional(&self) -> Vec<&'static str> {
        let mut out = Vec::new();
        if self.alvin.as_ref().is_some_and(|a| a.optional) {
            out.push("alvin");
        }
        if self.mystery_train.as_ref().is_some_and(|m| m.optional) {
            out.push("mystery_train");
        }
        if self
            .technologies
            .as_ref()
            .is_some_and(|t| !t.use_advanced && t.cards.iter().any(|c| c.advanced))
        {
            out.push("technologies.advanced");
        }
        out
    }
}

/// Iberia's festival cards: shuffled into the train deck, laid by their city when drawn, and
/// there for whoever claims a route into that city to take.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Festivals {
    /// One entry per festival (cities name it with `festival = "id"`).
    pub groups: Vec<FestivalGroup>,
    /// The published total of festival cards (Iberia: 54); `check` compares the groups' sum.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub total_cards: Option<u16>,
    /// The figures are placeholders, not read from the published cards.
    #[serde(default)]
    pub unverified: bool,
    /// Whether the claimer of a route into a festival city may leave its cards laid (the
    /// rule text: the claimer *may* take them). Default `auto`.
    #[serde(default)]
    pub take: FestivalTake,
}

/// Whether a claim into a festival city takes its cards or asks ([`Festivals::take`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum FestivalTake {
    /// The claimer is asked (take the pile, or leave it laid) only where a pile could lower
    /// their score, a chart that falls somewhere; elsewhere the cards are taken, since
    /// leaving them could never help.
    #[default]
    Auto,
    /// The claimer is always asked: take the pile, or leave it laid.
    Ask,
    /// The cards are always taken, never left (a table reading in which the cards go to the
    /// claimer whether they want them or not).
    Always,
}

/// One festival's cards and scoring chart.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FestivalGroup {
    #[schemars(regex(pattern = r"^[^\s]+$"), length(min = 1, max = 100))]
    pub id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Cards of this festival in the deck.
    #[schemars(range(min = 1, max = 100))]
    pub cards: u8,
    /// Points for holding 1, 2, 3, ... of its cards (`chart[k-1]` for k cards).
    #[schemars(inner(range(min = -1000, max = 1000)))]
    pub chart: Vec<i32>,
}

/// Iberia's Ticket Draft card: placed in the train deck; when drawn, everyone drafts again.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TicketDraftCard {
    /// Player count → how far down the deck the card goes (0.5 = halfway).
    pub depth_by_players: BTreeMap<u8, f64>,
    #[schemars(range(min = 1, max = 20))]
    pub deal: u8,
    #[schemars(range(min = 1, max = 20))]
    pub keep: u8,
    #[serde(default = "right")]
    pub pass: PassDirection,
    #[serde(default)]
    pub leftovers: TicketDiscard,
    /// The draw-tickets action is closed until this draft has happened.
    #[serde(default = "yes")]
    pub locks_ticket_draws: bool,
}

fn right() -> PassDirection {
    PassDirection::Right
}

fn yes() -> bool {
    true
}

/// South Korea's Express Train cards: each player's set, each spent once for +value.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ExpressCards {
    /// Values of one player's cards (`[1, 2, 3]`); at most 7 cards, the most the engine
    /// tells apart in a turn's action.
    #[schemars(length(max = 7))]
    pub values: Vec<u8>,
}

/// South Korea's province mat: a line of spots per colour, filled by claims, ranked at the end.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ProvinceMat {
    pub lines: Vec<ProvinceLine>,
    /// Player count → points for 1st, 2nd, ... in each line (`{ "4" = [10, 6, 4] }`).
    #[schemars(inner(inner(range(min = -1000, max = 1000))))]
    pub scoring: BTreeMap<u8, Vec<i32>>,
    #[serde(default)]
    pub unverified: bool,
}

/// One colour line of the province mat.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ProvinceLine {
    pub color: Color,
    /// The spot values on the line, in order.
    pub spots: Vec<u8>,
}

/// France's track pieces: a track-bed route must be built with a piece of its length, which
/// gives it its colour; a player who draws train cards then builds one bed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TrackPieces {
    pub pieces: Vec<TrackPiece>,
    /// What a card draw does when no piece of the supply fits any bed that may still be
    /// built. The rules make the build part of the draw-cards action without saying what
    /// happens when none is possible. `skip-build` (default): the cards are drawn and the
    /// build is skipped (playtest reports count it). `no-card-draw`: drawing cards is then
    /// not allowed at all, as the action cannot be completed.
    #[serde(default)]
    pub when_none_fits: NoPieceFits,
}

/// What a card draw does when no track piece fits any bed
/// ([`TrackPieces::when_none_fits`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum NoPieceFits {
    /// The cards are drawn; the build is skipped.
    #[default]
    SkipBuild,
    /// Drawing cards is not allowed while no piece fits a bed.
    NoCardDraw,
}

/// A kind of track piece and how many there are.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TrackPiece {
    #[schemars(range(min = 1, max = 20))]
    pub length: u8,
    pub color: Color,
    #[schemars(range(min = 1, max = 100))]
    pub count: u8,
}

/// Old West's starting city and city markers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CityMarkers {
    /// Markers per player; the first marks the starting city.
    #[schemars(range(min = 1, max = 20))]
    pub per_player: u8,
    /// Every claim must touch the player's network grown from the starting city.
    #[serde(default = "yes")]
    pub connected_network: bool,
    /// Cards of one colour paid to place a marker after a claim.
    #[schemars(range(max = 20))]
    pub cost: u8,
    /// Cities where no marker may go (Alvin's city is added by the Alvin variant itself,
    /// only when it is played).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub forbidden: Vec<String>,
    /// Which markers decide who scores a route. The rules say a claimed route scores for
    /// the owner of a marker at either end, without saying whether a marker placed after
    /// the claim counts; route points go on the score track when a route is claimed, so by
    /// default (`claim`) the markers in place at the claim decide it for good and a later
    /// marker diverts only routes claimed after it. `end`: the markers on the board at the
    /// end of the game decide every route (the final scoring corrects the score track).
    #[serde(default)]
    pub counted_at: MarkersCountedAt,
}

/// When the city markers that divert a route's points are read
/// ([`CityMarkers::counted_at`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum MarkersCountedAt {
    /// When the route is claimed: a marker placed later does not divert it.
    #[default]
    Claim,
    /// At the end of the game: every marker diverts every route into its city.
    End,
}

/// Old West's Alvin the Alien variant.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Alvin {
    /// City where Alvin starts (no marker or start may go there).
    pub start: String,
    #[schemars(range(min = -1000, max = 1000))]
    pub capture_points: i32,
    #[schemars(range(min = -1000, max = 1000))]
    pub end_points: i32,
    /// Only played when the variant is chosen.
    #[serde(default = "yes")]
    pub optional: bool,
}

/// The UK's technology cards.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Technologies {
    /// Route lengths anyone may claim without a technology.
    pub base_lengths: Vec<u8>,
    /// Regions anyone may claim routes in without a concession.
    pub base_regions: Vec<String>,
    /// Play with the advanced cards. Without it they are an optional extension a playtest
    /// adds with `--with mechanics.technologies.advanced`.
    #[serde(default)]
    pub use_advanced: bool,
    pub cards: Vec<Technology>,
}

/// One technology card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Technology {
    #[schemars(regex(pattern = r"^[^\s]+$"), length(min = 1, max = 100))]
    pub id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Locomotives paid to buy it.
    #[schemars(range(max = 20))]
    pub cost: u8,
    #[schemars(range(min = 1, max = 20))]
    pub copies: u8,
    #[serde(default)]
    pub advanced: bool,
    pub effect: TechEffect,
    /// `concession`: regions opened.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub regions: Vec<String>,
    /// `claim-lengths`: lengths opened.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lengths: Vec<u8>,
    /// Points or card counts the effect uses. Required (a `mechanic-data` error without it,
    /// no default) for `any-cards-as-locomotive`, `points-per-route`, `points-per-ferry`,
    /// `points-per-completed-ticket`, `extra-blind-draw`, `most-tickets-gamble` and
    /// `longest-path-gamble`; the other effects do not read it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = -1000, max = 1000))]
    pub value: Option<i32>,
    /// `most-tickets-gamble`, `longest-path-gamble`: a holder tied with another player for
    /// the most. The card gives its points to the holder with the most and takes them
    /// otherwise, silent on ties. `win` (default): nobody has more, so the holder has the
    /// most (as every tied player scores the base game's longest-path bonus); `lose`: the
    /// holder does not have the most alone. The other effects do not read it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ties: Option<GambleTies>,
    /// `most-tickets-gamble`, `longest-path-gamble`: a best count of 0 (nobody completed a
    /// ticket; nobody has a route). `nobody` (default): nobody has the most of nothing, so
    /// the holder loses; `tied`: every player is tied for the most, and `ties` decides. The
    /// other effects do not read it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub when_best_is_zero: Option<BestIsZero>,
}

/// What a technology card does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum TechEffect {
    /// Claim routes into `regions`.
    Concession,
    /// Claim routes of `lengths`.
    ClaimLengths,
    /// Claim ferry routes.
    ClaimFerries,
    /// Any `value` cards count as a locomotive.
    AnyCardsAsLocomotive,
    /// `value` extra points per route claimed from then on.
    PointsPerRoute,
    /// `value` extra points per ferry claimed from then on.
    PointsPerFerry,
    /// `value` points per completed ticket at the end.
    PointsPerCompletedTicket,
    /// Claim a route already claimed by another player, then return the card.
    ClaimClaimedRoute,
    /// Claim two routes this turn, then return the card.
    ExtraClaim,
    /// Draw `value` blind cards instead of two.
    ExtraBlindDraw,
    /// `value` points with the most completed tickets, minus `value` otherwise.
    MostTicketsGamble,
    /// `value` points with the longest path, minus `value` otherwise.
    LongestPathGamble,
    /// Pay one card fewer per claim.
    DiscountOneCard,
}

/// Castilla's Mystery Train cards, dealt face down and resolved at scoring.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MysteryTrain {
    #[schemars(range(min = 1, max = 200))]
    pub cards: u8,
    #[schemars(range(max = 10))]
    pub deal_per_player: u8,
    /// Cards never dealt face down (`el-mecanico`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub not_dealt: Vec<String>,
    #[serde(default)]
    pub unverified: bool,
    /// An extension the players may choose to add (Castilla's rules make the Mystery Train
    /// one): a playtest leaves it out unless asked for with `--with`, and its report says so.
    #[serde(default)]
    pub optional: bool,
}

/// Legendary Asia's mountain spaces (see `Route::mountains`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Mountains {
    /// Trains given up per mountain space.
    #[schemars(range(max = 10))]
    pub trains_lost: u8,
    /// Points per train given up.
    #[schemars(range(min = -1000, max = 1000))]
    pub points_per_train: i32,
}

/// Pennsylvania's stock shares (see `Route::stock_shares`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StockShares {
    /// Company names, by id.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub companies: BTreeMap<String, String>,
    #[serde(default)]
    pub unverified: bool,
}
