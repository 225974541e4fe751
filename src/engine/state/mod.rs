//! A position, its legal actions and how an action changes it.

use super::hooks::{AfterAction, Core, RoutePoints, TurnMods};
use super::scoring::{ScoreBreakdown, final_scores};
use super::{
    CARD_KINDS, Cards, FAST_LEN, FAST_SLOTS, GRAY, Game, IllegalMove, LOCO, LaneClass, NO_SLOT,
    NOBODY,
};
use crate::model::{TicketDiscard, WhenStuck};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use std::collections::VecDeque;

mod claims;
#[cfg(test)]
mod claims_tests;
mod deck;
mod determinize;
mod for_modules;
mod lanes;
mod legal;
mod payments;
mod sample;
mod stations;
mod tickets;
mod turn;

use claims::{STACK_CLASSES, class_buffer};
pub use determinize::Seen;
use lanes::{all_lanes_open, open_counts_by_class, open_counts_by_slot};
use legal::{DRAW_ACTIONS, SMALL_ACTIONS, SmallActions};
pub use payments::{
    MAX_SUBSTITUTE_LOCOS, SUBSTITUTE_LOCOS_SHIFT, can_pay, can_pay_locomotives, claim_locos,
    claim_ways_match_general, locomotive_payment, pack_claim_locos, pay_with, payment_ways,
};
use payments::{class_claim_count, class_payment, for_each_claim};

/// One decision. Payments name a colour (`LOCO` = locomotives only) and how many
/// locomotives are played; the rest of the payment follows from the hand (see
/// [`State::payment`]). A claim's `locos` also packs the locomotives among substitute
/// cards ("any N cards", [`claim_locos`]); it is the plain count of locomotives on every
/// lane without such substitutes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// Keep the offered tickets whose bits are set.
    KeepTickets(u32),
    DrawFaceUp(u8),
    DrawBlind,
    Claim {
        lane: u16,
        color: u8,
        locos: u16,
    },
    DrawTickets,
    BuildStation {
        city: u16,
        color: u8,
        locos: u8,
    },
    /// Pay a tunnel's extra cards with this many locomotives (the rest in the claim colour).
    TunnelPay {
        locos: u8,
    },
    TunnelWithdraw,
    /// A whole-turn action of mechanic module `mechanic` (its index in
    /// `game.mechanics.modules`); what `choice` means is the module's.
    Mechanic {
        mechanic: u8,
        choice: u16,
    },
    /// Do nothing this turn. Legal only at the start of a turn when no other action is,
    /// and not under `rules.end_game.when_stuck = "fail"`; it is then the only action.
    Pass,
    /// End the turn after a claim that left claims to spare ([`TurnMods::extra_claims`]).
    EndTurn,
}

/// A decision a module asked a player for ([`State::ask`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decision {
    /// The module (its index in `game.mechanics.modules`).
    pub mechanic: u8,
    /// The module's own step.
    pub step: u16,
    /// Who decides.
    pub player: u8,
}

/// Where the game is within a turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Setup: the current player chooses among the dealt tickets.
    SetupTickets,
    /// The start of a turn.
    Main,
    /// Later card draws of a draw-cards turn; `left` cards still to take.
    Drawing {
        left: u8,
    },
    /// A tunnel claim waiting for the extra cards.
    Tunnel {
        lane: u16,
        color: u8,
        locos: u16,
        extra: u8,
    },
    /// Choosing among drawn tickets.
    KeepTickets,
    /// A decision module `mechanic` asked the current player for (see [`State::ask`]);
    /// `step` is the module's. While others decide between turns, the current player is the
    /// one deciding.
    Mechanic {
        mechanic: u8,
        step: u16,
    },
    Over,
}

/// A game the rules cannot continue (no legal action) or the safety cap stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    pub reason: String,
    pub seed: u64,
    pub turn: u32,
}

/// A player's list of indices (stations, tickets, routes), kept inline up to `N`: a
/// position's copy (the search bot makes one per rollout) then allocates once for all the
/// players, not three times for each.
pub type Held<const N: usize> = smallvec::SmallVec<[u16; N]>;

#[derive(Debug)]
pub struct PlayerState {
    pub hand: Cards,
    pub trains: u16,
    /// Cities with this player's stations.
    pub stations: Held<4>,
    /// Kept tickets (ticket indices).
    pub tickets: Held<12>,
    /// Claimed routes (route indices).
    pub routes: Held<32>,
    /// Points scored for routes so far.
    pub route_points: i32,
    pub turns: u32,
}

impl Clone for PlayerState {
    fn clone(&self) -> Self {
        // `SmallVec`'s own `clone` pushes item by item; these are plain copies.
        PlayerState {
            hand: self.hand,
            trains: self.trains,
            stations: Held::from_slice(&self.stations),
            tickets: Held::from_slice(&self.tickets),
            routes: Held::from_slice(&self.routes),
            route_points: self.route_points,
            turns: self.turns,
        }
    }
}

#[derive(Debug, Clone)]
pub struct State {
    pub players: Vec<PlayerState>,
    pub current: u8,
    pub phase: Phase,
    /// The face-down train deck as counts (its order is unknown to everyone).
    pub deck: Cards,
    pub deck_size: u16,
    pub discard: Cards,
    /// Face-up slots (`NOBODY` = empty).
    pub face_up: Vec<u8>,
    /// Cards revealed for a pending tunnel claim.
    pub revealed: Cards,
    /// Tickets offered to the current player.
    pub offered: Vec<u16>,
    pub ticket_decks: Vec<VecDeque<u16>>,
    /// The deck holding the draw pile once setup is over and the drawable decks are
    /// shuffled together (`None` before, or with one drawable deck).
    pub draw_pile: Option<u8>,
    /// Tickets returned out of the game.
    pub tickets_removed: Vec<u16>,
    /// Lane → owner ([`State::lane_owner`]). Private: the open-lane caches below follow it,
    /// so it changes only through a claim or [`State::assign_lane`].
    lane_owner: Vec<u8>,
    /// Route → lanes claimed ([`State::route_claims`]), kept with `lane_owner`.
    route_claims: Vec<u8>,
    /// Player → bitset of the lanes still open to them by the lane tables (`lane_words`
    /// words each), kept up to date by every claim so that legal claims need no scan of
    /// the board.
    open: Vec<u64>,
    /// Player → per lane class, how many of the class's lanes are open to them (the
    /// popcount of `open` by class, kept alongside it).
    open_by_class: Vec<u16>,
    /// Player → per fast slot ([`FAST_SLOTS`]), how many of its lanes are open to them.
    open_by_slot: Vec<u16>,
    /// City → station owner.
    pub station_owner: Vec<u8>,
    /// Completed turns of all players.
    pub turn: u32,
    /// Turns left once the last round has started.
    pub last_round_left: Option<u8>,
    /// The player whose train count started the last round.
    pub ended_by: Option<u8>,
    pub failure: Option<Failure>,
    /// Turns passed in a row (see [`Action::Pass`]); any other action resets it. When it
    /// reaches the player count, a whole round went by in which nobody could act, and since
    /// a pass changes nothing, nobody ever will: the game is a failure state, or is over
    /// and scored under `rules.end_game.when_stuck = "end"`.
    pub passes_in_row: u8,
    pub seed: u64,
    /// Final scores, filled when the game ends normally.
    pub result: Option<Vec<ScoreBreakdown>>,
    /// The mechanic modules' per-game state (`game.mechanics.state_offsets` gives each
    /// module its words; see [`State::mechanic_words`]).
    pub mechanic_state: Vec<u32>,
    /// Decisions modules asked for and not yet begun, in the order asked (the one being
    /// made is the phase).
    decisions: VecDeque<Decision>,
    /// The player whose turn it is while decisions are made (others may decide).
    turn_owner: Option<u8>,
    /// Decisions asked for during setup are being made: the first turn follows them.
    setup_decisions: bool,
    /// This turn's modifiers (modules' free actions set them; reset when a turn ends).
    pub turn_mods: TurnMods,
    /// Lane → payment class, once a module has coloured a lane during play
    /// ([`State::set_lane_color`]); empty until then (the game's classes hold).
    lane_class: Vec<u16>,
    /// Lane → fast slot, kept with `lane_class` (empty with it).
    lane_slot: Vec<u8>,
    /// Cards of modules' kinds in the train deck, per global kind
    /// (`game.mechanics.deck_kinds`).
    pub deck_other: Vec<u16>,
    /// Cards put at a depth of the train deck: (cards still above it, global kind).
    deck_placed: Vec<(u16, u16)>,
    /// Lanes with a second owner, (lane, player) ([`State::share_lane`]).
    shared_lanes: Vec<(u16, u8)>,
    /// Player → bitset of lanes mechanic modules closed to them (`lane_words` words each);
    /// empty until a module blocks a lane.
    blocked: Vec<u64>,
    /// Bitset of lanes closed to everyone for the rest of the game ([`State::close_lane`]:
    /// a route cut by a crossing); empty until a module closes one. Part of the lane
    /// tables, so no module's unblocking opens such a lane again.
    closed: Vec<u64>,
}

impl State {
    /// Lane → owner ([`NOBODY`] while unclaimed).
    pub fn lane_owner(&self) -> &[u8] {
        &self.lane_owner
    }

    /// Route → how many of its lanes are claimed.
    pub fn route_claims(&self) -> &[u8] {
        &self.route_claims
    }

    /// Lanes with a second owner, (lane, player) ([`State::share_lane`]).
    pub fn shared_lanes(&self) -> &[(u16, u8)] {
        &self.shared_lanes
    }

    /// Sets up a game: shuffled decks, dealt hands and display, the first player's tickets.
    /// `seed` is only recorded (for failure reports); chance comes from `rng`.
    pub fn new(game: &Game, seed: u64, rng: &mut ChaCha8Rng) -> State {
        use rand::seq::SliceRandom;
        let players = (0..game.players)
            .map(|_| PlayerState {
                hand: [0; CARD_KINDS],
                trains: game.trains,
                stations: Held::new(),
                tickets: Held::new(),
                routes: Held::new(),
                route_points: 0,
                turns: 0,
            })
            .collect();
        let ticket_decks = game
            .deck_tickets
            .iter()
            .map(|d| {
                let mut v = d.clone();
                v.shuffle(rng);
                v.into_iter().collect()
            })
            .collect();
        let mut s = State {
            players,
            current: 0,
            phase: Phase::SetupTickets,
            deck: game.composition,
            deck_size: game.deck_total,
            discard: [0; CARD_KINDS],
            face_up: vec![NOBODY; game.face_up as usize],
            revealed: [0; CARD_KINDS],
            offered: Vec::new(),
            ticket_decks,
            draw_pile: None,
            tickets_removed: Vec::new(),
            lane_owner: vec![NOBODY; game.lane_count()],
            route_claims: vec![0; game.routes.len()],
            open: all_lanes_open(game),
            open_by_class: open_counts_by_class(game),
            open_by_slot: open_counts_by_slot(game),
            station_owner: vec![NOBODY; game.city_ids.len()],
            turn: 0,
            last_round_left: None,
            ended_by: None,
            failure: None,
            passes_in_row: 0,
            seed,
            result: None,
            mechanic_state: vec![
                0;
                game.mechanics.state_offsets.last().copied().unwrap_or(0) as usize
            ],
            decisions: VecDeque::new(),
            turn_owner: None,
            setup_decisions: false,
            turn_mods: TurnMods::default(),
            lane_class: Vec::new(),
            lane_slot: Vec::new(),
            deck_other: Vec::new(),
            deck_placed: Vec::new(),
            shared_lanes: Vec::new(),
            blocked: Vec::new(),
            closed: Vec::new(),
        };
        for p in 0..game.players as usize {
            for _ in 0..game.start_locos {
                if s.deck[LOCO as usize] > 0 {
                    s.deck[LOCO as usize] -= 1;
                    s.deck_size -= 1;
                    s.players[p].hand[LOCO as usize] += 1;
                }
            }
            for _ in 0..game.start_cards {
                if let Some(c) = s.draw_card(game, rng) {
                    s.players[p].hand[c as usize] += 1;
                }
            }
        }
        for slot in 0..s.face_up.len() {
            s.face_up[slot] = s.draw_card(game, rng).unwrap_or(NOBODY);
        }
        s.check_display(game, rng);
        // Modules' cards join the deck once hands and display are dealt.
        s.deck_other = game.mechanics.deck_counts.clone();
        for (m, module) in game.mechanics.each_setup() {
            module.setup(game, &mut s, m, rng);
        }
        if game.initial_deal.iter().all(|&n| n == 0) {
            // No setup tickets (a module deals them some other way, a draft): the draw
            // pile is made now.
            s.merge_draw_pile(game, rng);
            s.start_play();
        } else {
            s.deal_initial(game);
        }
        s
    }

    pub fn is_terminal(&self) -> bool {
        self.phase == Phase::Over
    }

    pub fn current_player(&self) -> u8 {
        self.current
    }

    /// Final totals (empty until the game has ended normally).
    pub fn scores(&self) -> Vec<i32> {
        self.result
            .as_ref()
            .map(|r| r.iter().map(|b| b.total).collect())
            .unwrap_or_default()
    }

    /// Marks the game as a failure: the rules give the current player nothing to do.
    pub fn fail(&mut self, reason: impl Into<String>) {
        self.failure = Some(Failure {
            reason: reason.into(),
            seed: self.seed,
            turn: self.turn,
        });
        self.phase = Phase::Over;
    }

    /// The game is over as it stands: scored.
    fn finish(&mut self, game: &Game) {
        self.phase = Phase::Over;
        self.result = Some(final_scores(game, self));
    }
}
