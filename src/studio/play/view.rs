//! What the page of a designer's seat is sent: the public table (claimed lanes, stations,
//! the display, the decks' sizes, every seat's trains, score, ticket and card counts, whose
//! turn, the account of every action) and the designer's own hand, tickets and actions.
//! Nothing of another seat's hand or tickets is in it: those are counted, never named, until
//! the game is over and the score sheet shows every seat's tickets (as players turn their
//! tickets over at the end of a game).

use super::session::{End, Session};
use crate::engine::scoring::score_detailed;
use crate::engine::{Action, CARD_KINDS, Game, NOBODY, Phase, State};
use crate::model::MapFile;
use crate::playtest::words::{cards_text, city_name, colour, paying_text, plural, route_name};
use serde::Serialize;

#[derive(Serialize)]
pub struct View<'a> {
    pub map: &'a str,
    pub seed: u64,
    pub players: u8,
    /// The seat this view is of, from 1.
    pub seat: u8,
    /// Every designer's seat, from 1 (several: hot-seat).
    pub designers: Vec<u8>,
    /// The game of this studio, from 1 (a new game counts up).
    pub game: u64,
    /// The position the page acts on ([`Session::act`]).
    pub version: u64,
    /// Turns completed.
    pub turn: u32,
    /// The seat that decides now, from 1.
    pub current: u8,
    pub phase: &'static str,
    pub your_turn: bool,
    pub over: bool,
    /// Face-up cards by slot (`None`: an empty slot).
    pub display: Vec<Option<&'static str>>,
    pub deck: u16,
    pub discard: u16,
    pub tickets_left: usize,
    /// Stations each player may build (0: the map has none).
    pub stations_each: u8,
    /// Cards revealed for a pending tunnel (public).
    pub revealed: String,
    pub claims: Vec<Claim>,
    pub stations: Vec<Station>,
    pub seats: Vec<Seat>,
    pub hand: Vec<Held>,
    pub tickets: Vec<Ticket>,
    pub actions: Vec<Offer>,
    pub log: Vec<Told<'a>>,
    pub end: Option<&'a End>,
}

/// A line of the table's account, in the words this seat reads.
#[derive(Serialize)]
pub struct Told<'a> {
    pub turn: u32,
    pub player: u8,
    pub text: &'a str,
}

#[derive(Serialize)]
pub struct Claim {
    pub route: String,
    /// The lane within its route, from 0 (as the board's `data-lane`).
    pub lane: u16,
    pub player: u8,
}

#[derive(Serialize)]
pub struct Station {
    pub city: String,
    pub player: u8,
}

/// What every seat shows the table.
#[derive(Serialize)]
pub struct Seat {
    pub seat: u8,
    pub name: String,
    pub trains: u16,
    /// Points on the score track (routes claimed).
    pub score: i32,
    pub tickets: usize,
    pub cards: u16,
    pub stations: usize,
}

#[derive(Serialize)]
pub struct Held {
    pub card: &'static str,
    pub count: u16,
}

#[derive(Serialize)]
pub struct Ticket {
    pub name: String,
    pub completed: bool,
}

/// One of the designer's legal actions, in the engine's order.
#[derive(Serialize)]
pub struct Offer {
    pub index: usize,
    /// `draw`, `deck`, `claim`, `tickets`, `keep`, `station`, `tunnel`, `module`, `pass`,
    /// `end-turn`.
    pub kind: &'static str,
    pub words: String,
    /// A claim's route and lane (the board's `data-route` and `data-lane`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub route: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lane: Option<u16>,
    /// A face-up draw's slot.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub slot: Option<u8>,
}

/// The view of designer's seat `viewer` (from 0).
pub fn view(s: &Session, viewer: u8) -> View<'_> {
    let (game, state) = (&s.game, &s.state);
    let me = &state.players[viewer as usize];
    let deciding = s.designers_turn() && state.current_player() == viewer;
    View {
        map: &s.map.map.name,
        seed: s.setup.seed,
        players: s.setup.players,
        seat: viewer + 1,
        designers: s.setup.seats.iter().map(|k| k + 1).collect(),
        game: s.number,
        version: s.version,
        turn: state.turn,
        current: state.current_player() + 1,
        phase: phase_name(state.phase),
        your_turn: deciding,
        over: s.over(),
        display: state
            .face_up
            .iter()
            .map(|&c| (c != NOBODY).then(|| colour(c as usize)))
            .collect(),
        deck: state.deck_size,
        discard: state.discard.iter().sum(),
        tickets_left: state.ticket_decks.iter().map(|d| d.len()).sum(),
        stations_each: game.stations,
        revealed: match state.phase {
            Phase::Tunnel { .. } => cards_text(&state.revealed),
            _ => String::new(),
        },
        claims: claims(game, state),
        stations: state
            .station_owner
            .iter()
            .enumerate()
            .filter(|(_, o)| **o != NOBODY)
            .map(|(c, &o)| Station {
                city: game.city_ids[c].clone(),
                player: o + 1,
            })
            .collect(),
        seats: seats(s, viewer),
        hand: (0..CARD_KINDS)
            .filter(|&k| me.hand[k] > 0)
            .map(|k| Held {
                card: colour(k),
                count: me.hand[k],
            })
            .collect(),
        tickets: own_tickets(s, viewer),
        actions: s
            .offered()
            .into_iter()
            .filter(|_| deciding)
            .enumerate()
            .map(|(index, a)| offer(game, &s.map, state, index, a))
            .collect(),
        log: s
            .log
            .iter()
            .map(|l| Told {
                turn: l.turn,
                player: l.player,
                text: if l.player == viewer + 1 {
                    &l.own
                } else {
                    &l.public
                },
            })
            .collect(),
        end: s.end.as_ref(),
    }
}

/// Every claimed lane with its owner (and a lane's second owner, the UK's Right of Way).
fn claims(game: &Game, state: &State) -> Vec<Claim> {
    state
        .lane_owner()
        .iter()
        .enumerate()
        .filter(|(_, o)| **o != NOBODY)
        .map(|(l, &o)| (l, o))
        .chain(state.shared_lanes().iter().map(|&(l, p)| (l as usize, p)))
        .map(|(l, o)| {
            let route = &game.routes[game.lane_route[l] as usize];
            Claim {
                route: route.id.clone(),
                lane: l as u16 - route.first_lane,
                player: o + 1,
            }
        })
        .collect()
}

/// What every seat shows the table: counts, never cards or tickets.
fn seats(s: &Session, viewer: u8) -> Vec<Seat> {
    let players = &s.state.players;
    (0..players.len())
        .map(|p| {
            let ps = &players[p];
            Seat {
                seat: p as u8 + 1,
                name: if p == viewer as usize {
                    "you".into()
                } else {
                    s.names[p].clone()
                },
                trains: ps.trains,
                score: ps.route_points,
                tickets: ps.tickets.len(),
                cards: ps.hand.iter().sum(),
                stations: ps.stations.len(),
            }
        })
        .collect()
}

/// The designer's tickets, each marked completed when its network completes it now.
fn own_tickets(s: &Session, viewer: u8) -> Vec<Ticket> {
    let seat = viewer as usize;
    let mine = &s.state.players[seat].tickets;
    if mine.is_empty() {
        return Vec::new();
    }
    let lines = score_detailed(&s.game, &s.state, &[])
        .swap_remove(seat)
        .tickets;
    mine.iter()
        .map(|&t| Ticket {
            name: ticket_name(&s.game, &s.map, t),
            completed: lines.iter().any(|l| l.ticket == t && l.completed),
        })
        .collect()
}

/// Ticket `t` as its card reads (`Vancouver – Santa Fe`; its label when the map has no such
/// ticket, which the engine's order rules out).
fn ticket_name(game: &Game, map: &MapFile, t: u16) -> String {
    let label = &game.tickets[t as usize].label;
    map.tickets
        .iter()
        .find(|m| &m.label() == label)
        .map_or_else(|| label.clone(), |m| crate::playtest::names::ticket(map, m))
}

fn phase_name(p: Phase) -> &'static str {
    match p {
        Phase::SetupTickets => "setup tickets",
        Phase::Main => "turn",
        Phase::Drawing { .. } => "drawing",
        Phase::Tunnel { .. } => "tunnel",
        Phase::KeepTickets => "keeping tickets",
        Phase::Mechanic { .. } => "decision",
        Phase::Over => "over",
    }
}

/// A legal action of the designer in words, before it is taken.
fn offer(game: &Game, map: &MapFile, state: &State, index: usize, a: Action) -> Offer {
    let mut o = Offer {
        index,
        kind: "",
        words: String::new(),
        route: None,
        lane: None,
        slot: None,
    };
    (o.kind, o.words) = match a {
        Action::DrawFaceUp(slot) => {
            o.slot = Some(slot);
            let card = state.face_up.get(slot as usize).copied().unwrap_or(NOBODY);
            let card = if card == NOBODY {
                "?"
            } else {
                colour(card as usize)
            };
            ("draw", format!("take the face-up {card} card"))
        }
        Action::DrawBlind => ("deck", "draw a card from the deck".into()),
        Action::DrawTickets => ("tickets", "draw tickets".into()),
        Action::KeepTickets(mask) => ("keep", keep_words(game, map, state, mask)),
        Action::Claim { lane, color, locos } => {
            let route = &game.routes[game.lane_route[lane as usize] as usize];
            o.route = Some(route.id.clone());
            o.lane = Some(lane - route.first_lane);
            ("claim", claim_words(game, map, state, lane, color, locos))
        }
        Action::BuildStation { city, color, locos } => (
            "station",
            format!(
                "build a station in {} paying {} ({})",
                city_name(game, map, city),
                if color == crate::engine::LOCO {
                    "locomotives".to_string()
                } else {
                    colour(color as usize).to_string()
                },
                plural(locos, "locomotive")
            ),
        ),
        Action::TunnelPay { locos } => {
            let extra = match state.phase {
                Phase::Tunnel { extra, .. } => extra,
                _ => 0,
            };
            (
                "tunnel",
                format!(
                    "pay the tunnel's {} ({} of them locomotives) and claim it",
                    plural(extra, "extra card"),
                    locos
                ),
            )
        }
        Action::TunnelWithdraw => ("tunnel", "withdraw from the tunnel".into()),
        Action::Mechanic { mechanic, choice } => {
            ("module", module_words(game, state, mechanic, choice))
        }
        Action::Pass => ("pass", "pass: there is nothing you can do".into()),
        Action::EndTurn => (
            "end-turn",
            "end the turn (without the claim to spare)".into(),
        ),
    };
    o
}

/// Keeping the offered tickets of `mask`, as their cards read.
fn keep_words(game: &Game, map: &MapFile, state: &State, mask: u32) -> String {
    let (mut kept, mut back) = (Vec::new(), Vec::new());
    for (i, &t) in state.offered.iter().enumerate() {
        let name = ticket_name(game, map, t);
        if mask & (1 << i) != 0 {
            kept.push(name);
        } else {
            back.push(name);
        }
    }
    if back.is_empty() {
        format!("keep {}", kept.join(", "))
    } else {
        format!("keep {}; return {}", kept.join(", "), back.join(", "))
    }
}

/// A claim: the route (its lane when it has several), the cards it pays, its spaces and
/// points; a tunnel is tried.
fn claim_words(
    game: &Game,
    map: &MapFile,
    state: &State,
    lane: u16,
    color: u8,
    locos: u16,
) -> String {
    let r = game.lane_route[lane as usize] as usize;
    let route = &game.routes[r];
    let lane_text = if route.lane_count > 1 {
        format!(" (lane {})", lane - route.first_lane + 1)
    } else {
        String::new()
    };
    let cards = state
        .payment(game, lane as usize, color, locos)
        .map_or_else(|| paying_text(color, locos), |c| cards_text(&c));
    let verb = if route.tunnel {
        "try the tunnel"
    } else {
        "claim"
    };
    format!(
        "{verb} {}{lane_text} with {cards}: {}, {}",
        route_name(game, map, r),
        plural(route.length, "space"),
        plural(route.points, "point")
    )
}

/// A module's choice in the module's own words (its name, then what the choice does).
fn module_words(game: &Game, state: &State, mechanic: u8, choice: u16) -> String {
    let step = match state.phase {
        Phase::Mechanic { step, .. } => Some(step),
        _ => None,
    };
    let module = game.mechanics.modules.get(mechanic as usize);
    let words = module
        .and_then(|m| {
            m.report()?
                .describe(game, state, mechanic as usize, step, choice)
        })
        .unwrap_or_else(|| format!("choice {choice}"));
    let name = module.map_or_else(|| format!("mechanic {mechanic}"), |m| m.name());
    format!("{name}: {words}")
}
