//! The engine's two refusals: a map it cannot play ([`EngineError`], from [`Game::new`]) and
//! an action it will not apply ([`IllegalMove`], from [`State::apply`] and the modules'
//! action and decision hooks). Their `Display` is what users read (a playtest's failed
//! game, `ttrmap score`'s diagnostics, the studio), so each variant's text is kept word for
//! word when a variant is added for a text that was a string.
//!
//! [`Game::new`]: super::Game::new
//! [`State::apply`]: super::State::apply

use super::{Action, Phase};
use crate::model::Color;

/// Why a map cannot be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EngineError {
    /// Every rule or feature of the map no mechanic module plays yet.
    #[error(
        "unsupported mechanic: the engine does not play {} yet; `--without KEY` plays the map without one, by the key in parentheses",
        .0.join(", ")
    )]
    Unsupported(Vec<String>),
    /// The game mode asked for is not one of the map's (`known`: the map's modes, in file
    /// order; empty when it has none).
    #[error("mode {mode}: {}", unknown_mode(known))]
    UnknownMode { mode: String, known: Vec<String> },
    /// A player count the engine or the map cannot seat.
    #[error("{players} players: {why}")]
    Players { players: u8, why: PlayerRange },
    /// Anything else in the map that the engine cannot set up (a ticket naming an unknown
    /// place, a board too large...); these are refused where the map is compiled.
    #[error("{0}")]
    Setup(String),
}

fn unknown_mode(known: &[String]) -> String {
    if known.is_empty() {
        "the map has no game modes".to_string()
    } else {
        format!("unknown; the map has {}", known.join(", "))
    }
}

/// Whose range a refused player count is outside.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PlayerRange {
    /// The engine's own (2 to 12).
    #[error("the engine plays 2 to 12")]
    Engine,
    /// The map's `map.players`.
    #[error("the map is for {min} to {max}")]
    Map { min: u8, max: u8 },
}

/// Why an action was refused. An illegal action changes nothing; a bot or a replay that
/// meets one has a bug or a recording of another game, so the error path may allocate (a
/// module's name), but the error stays two words: `State::apply` returns it on the hot path
/// of every game, and what would make it larger is boxed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    // The core rules (`state/turn.rs`).
    #[error("no tickets to draw")]
    NoTicketsToDraw,
    #[error("{0:?} is not legal now")]
    NotLegalNow(Action),
    /// A module's action named for a module without actions (its name).
    #[error("{0} has no actions")]
    NoActions(Box<String>),
    /// A decision named for a module that asks for none (its name).
    #[error("{0} asks for no decisions")]
    NoDecisions(Box<String>),
    /// An action the phase does not take at all.
    #[error("{:?} is not legal in {:?}", .0.0, .0.1)]
    WrongPhase(Box<(Action, Phase)>),
    #[error("cannot keep tickets {0:b}")]
    CannotKeepTickets(u32),
    #[error("empty face-up slot")]
    EmptyFaceUpSlot,
    #[error("a face-up locomotive cannot be a later draw")]
    LocomotiveLaterDraw,
    #[error("that card cannot be taken now")]
    CardNotTakable,
    #[error("no card to draw")]
    NoCardToDraw,
    #[error("lane {0} cannot be claimed")]
    LaneNotClaimable(u16),
    #[error("no card of that colour")]
    NoCardOfColour,
    #[error("cannot pay for that lane")]
    CannotPayLane,
    #[error("no tunnel to pay")]
    NoTunnel,
    #[error("bad tunnel payment")]
    BadTunnelPayment,
    #[error("not enough cards for the tunnel")]
    TunnelShort,
    #[error("no station can be built there")]
    NoStationThere,
    #[error("cannot pay for the station")]
    CannotPayStation,
    #[error(
        "only a player with nothing else to do may pass, and not when rules.end_game.when_stuck = \"fail\""
    )]
    NoPass,
    // What modules take from a player (`state/for_modules.rs`).
    #[error("not enough cards")]
    NotEnoughCards,
    #[error("not enough trains")]
    NotEnoughTrains,
    // The modules' own refusals.
    /// A choice number that names nothing: what kind of thing it would have named.
    #[error("no such {0}")]
    NoSuch(ChoiceKind),
    #[error("lane {0} cannot be built")]
    LaneNotBuildable(u32),
    /// France: no piece of this card colour (index; gray past the colours) and length.
    #[error("no {} track piece of length {length} in the supply", colour_name(*color))]
    NoTrackPiece { color: u8, length: u8 },
    #[error("a track piece fits a bed: the build cannot be skipped")]
    MustBuild,
    #[error("Alvin moves only to a city his captor controls")]
    AlvinStaysHome,
    #[error("that Express card is spent, or one was spent this turn")]
    ExpressCardSpent,
    /// A city (its id) taken or forbidden.
    #[error("{0} cannot take a marker (taken or forbidden)")]
    CityTaken(Box<String>),
    /// Every marker placed (how many each player has).
    #[error("no marker left ({0} each)")]
    NoMarkerLeft(u8),
    #[error("the starting city is chosen")]
    StartChosen,
    #[error("that city cannot take a marker")]
    NoMarkerCity,
    #[error("the hand cannot pay that")]
    HandCannotPay,
    #[error("no Water Tenders")]
    NoWaterTenders,
    #[error("cannot pay for that technology")]
    CannotPayTechnology,
    #[error("no draft under way")]
    NoDraft,
    #[error("no ticket {0} in the draft hand")]
    NoDraftTicket(u32),
    #[error("no keep {0}")]
    NoKeep(u32),
    #[error("no claim waiting")]
    NoClaimWaiting,
}

/// What a module's choice number names, for [`IllegalMove::NoSuch`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ChoiceKind {
    /// Any choice (a module's own, when no other kind says more).
    #[error("choice")]
    Any,
    #[error("city or player")]
    CityOrPlayer,
    #[error("Express card")]
    ExpressCard,
    #[error("technology")]
    Technology,
    #[error("technology decision")]
    TechnologyDecision,
    #[error("Right of Way claim")]
    RightOfWayClaim,
    #[error("festival pile")]
    FestivalPile,
    #[error("placement on the mat")]
    MatPlacement,
}

// Two words: no larger than the `String` it replaced, so refusing is no slower.
const _: () = assert!(std::mem::size_of::<IllegalMove>() <= 16);

/// A card colour's name (gray past the eight colours), as France's supply names pieces.
pub(in crate::engine) fn colour_name(c: u8) -> &'static str {
    Color::CARD_COLORS
        .get(c as usize)
        .map_or("gray", |c| c.name())
}
