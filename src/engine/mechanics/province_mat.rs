//! South Korea's Province mat (`mechanics.province_mat`): after any claim, the claimer may
//! put one train of their reserve on the mat; at the end each line of the mat gives bonuses.
//!
//! - The train goes on the line of the claimed route's colour (a gray route: any line), on
//!   the spot numbered as the cards played for the claim (spot `k` is the `k`-th of the
//!   line's `spots`, worth its value). The player may play more eligible cards than the
//!   claim needed to reach a higher spot: cards of the colour the claim was paid in, or
//!   locomotives (after a claim paid with locomotives only, locomotives). An Express card
//!   (`express-cards`) spent on the placement raises the spot by its value. A number past
//!   the line's last spot means the last spot. If the spot is taken, the train goes on the
//!   first free spot below it; with none free, it cannot go on that line.
//! - Mat trains stay to the end and are lost for claims: the end of the game counts the
//!   trains left in the reserve, so they bring the last round nearer.
//! - Scoring, per line: each player with a train there sums their spots' values; they are
//!   ranked by the sum, and a tie goes to the player with a train on the higher spot (spots
//!   are never shared, so this decides every tie); the bonuses for the player count
//!   (`scoring`, 1st, 2nd, ...) go down the ranking; one end-of-game line per player, its
//!   measure the mat trains.
//! - `unverified = true`: the spot values are not the published mat's, and the module's
//!   name says so on every report and score sheet.
//!
//! Report figures: mat trains per player, each line's bonus winner by seat, and whether the
//! mat decided the winner (the players with the most points differ without mat bonuses).
//!
//! Decision: step 0 after a claim; choice 0 puts no train; else the placement
//! `1 + ((line × 8 + express) × 16 + colour cards) × 16 + locomotives`, `express` 0 for
//! none or 1 + the Express card's index, the cards the extra ones paid.

use super::express_cards::{ExpressCards, Use};
use super::{Game, Mechanic, State};
use crate::engine::hooks::{
    Advice, Counter, Decisions, EndScoring, OnClaim, PlanView, Report, Word,
};
use crate::engine::scoring::{BonusLine, DetailedScore};
use crate::engine::{Action, CARD_KINDS, Cards, ChoiceKind, GRAY, IllegalMove, LOCO, NOBODY};
use rand_chacha::ChaCha8Rng;

mod position;
pub use position::Entries;

/// Step of the placement after a claim.
pub const PLACE: u16 = 0;

/// One line of the mat.
#[derive(Debug, Clone)]
pub struct Line {
    /// Card colour index (0..8).
    pub color: u8,
    pub name: String,
    pub spots: Vec<i32>,
}

#[derive(Debug)]
pub struct ProvinceMat {
    pub lines: Vec<Line>,
    /// Player count → bonuses for 1st, 2nd, ...
    pub scoring: Vec<(u8, Vec<i32>)>,
    pub unverified: bool,
    /// The Express cards module, if the game has one.
    pub express: Option<usize>,
}

/// A placement, decoded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placement {
    pub line: usize,
    /// The Express card spent (its index), if any.
    pub express: Option<usize>,
    /// Extra cards paid: of the claim's colour, and locomotives.
    pub colour_cards: u16,
    pub locomotives: u16,
}

impl Placement {
    pub fn choice(&self) -> u16 {
        let x = self.express.map_or(0, |c| c + 1);
        (1 + ((self.line * 8 + x) * 16 + self.colour_cards as usize) * 16
            + self.locomotives as usize) as u16
    }

    pub fn from_choice(choice: u16) -> Option<Placement> {
        let c = (choice as usize).checked_sub(1)?;
        let (l, c) = (c % 16, c / 16);
        let (k, c) = (c % 16, c / 16);
        let (x, line) = (c % 8, c / 8);
        Some(Placement {
            line,
            express: x.checked_sub(1),
            colour_cards: k as u16,
            locomotives: l as u16,
        })
    }
}

// Words: the claim waiting for its placement (its lane, `Option<u16>`), the cards it was paid
// with and their colour (`LOCO`: locomotives only), then each line's spots: the owner
// (`Option<u8>`, none: free).
const LANE: usize = 0;
const PAID: usize = 1;
const COLOUR: usize = 2;
const SPOTS: usize = 3;

impl ProvinceMat {
    fn spot_at(&self, line: usize, spot: usize) -> usize {
        SPOTS
            + self.lines[..line]
                .iter()
                .map(|l| l.spots.len())
                .sum::<usize>()
            + spot
    }

    /// Who has a train on spot `spot` (0-based) of line `line`.
    pub fn owner(&self, game: &Game, state: &State, me: usize, line: usize, spot: usize) -> u8 {
        Option::from_word(state.mechanic_words(game, me)[self.spot_at(line, spot)])
            .unwrap_or(NOBODY)
    }

    /// Puts player `p`'s train on spot `spot` (0-based) of line `line`, without taking it
    /// from the reserve (positions written by hand).
    pub fn set_owner(
        &self,
        game: &Game,
        state: &mut State,
        me: usize,
        line: usize,
        spot: usize,
        p: u8,
    ) {
        let at = self.spot_at(line, spot);
        state.mechanic_words_mut(game, me)[at] = Some(p).to_word();
    }

    /// The line of colour `color`.
    pub fn line_of(&self, color: u8) -> Option<usize> {
        self.lines.iter().position(|l| l.color == color)
    }

    /// Player `p`'s trains on the mat.
    pub fn trains(&self, game: &Game, state: &State, me: usize, p: u8) -> u16 {
        let w = state.mechanic_words(game, me);
        w[SPOTS..]
            .iter()
            .filter(|&&x| Option::<u8>::from_word(x) == Some(p))
            .count() as u16
    }

    /// The bonuses with `players` players (the row of the nearest smaller count listed).
    pub fn bonuses(&self, players: u8) -> &[i32] {
        self.scoring
            .iter()
            .filter(|(n, _)| *n <= players)
            .max_by_key(|(n, _)| *n)
            .map_or(&[][..], |x| x.1.as_slice())
    }

    /// Line `line`'s bonus for each player: the ranking by sum of spots, ties to the higher
    /// spot.
    pub fn line_bonus(&self, game: &Game, state: &State, me: usize, line: usize) -> Vec<i32> {
        self.line_bonus_if(game, state, me, line, None)
    }

    /// [`ProvinceMat::line_bonus`] as it would be with `placed`'s train (spot, player) on
    /// the line too: a bot weighing a placement asks without copying the state.
    fn line_bonus_if(
        &self,
        game: &Game,
        state: &State,
        me: usize,
        line: usize,
        placed: Option<(usize, u8)>,
    ) -> Vec<i32> {
        let n = game.players as usize;
        let mut sum = vec![0i32; n];
        let mut top = vec![None::<usize>; n];
        for (k, &value) in self.lines[line].spots.iter().enumerate() {
            let o = match placed {
                Some((spot, p)) if spot == k => p,
                _ => self.owner(game, state, me, line, k),
            };
            if o != NOBODY && (o as usize) < n {
                sum[o as usize] += value;
                top[o as usize] = Some(k);
            }
        }
        let mut ranked: Vec<usize> = (0..n).filter(|&p| top[p].is_some()).collect();
        ranked.sort_by(|&a, &b| sum[b].cmp(&sum[a]).then(top[b].cmp(&top[a])));
        let table = self.bonuses(game.players);
        let mut out = vec![0; n];
        for (rank, &p) in ranked.iter().enumerate() {
            out[p] = table.get(rank).copied().unwrap_or(0);
        }
        out
    }

    /// Player `p`'s mat bonuses, all lines.
    pub fn points(&self, game: &Game, state: &State, me: usize, p: u8) -> i32 {
        (0..self.lines.len())
            .map(|l| self.line_bonus(game, state, me, l)[p as usize])
            .sum()
    }

    /// The spot a train reaching number `number` (1-based) goes on: the first free one at or
    /// below it, 0-based.
    fn free_spot(
        &self,
        game: &Game,
        state: &State,
        me: usize,
        line: usize,
        number: usize,
    ) -> Option<usize> {
        let top = number.min(self.lines[line].spots.len());
        (0..top)
            .rev()
            .find(|&k| self.owner(game, state, me, line, k) == NOBODY)
    }

    /// The claim waiting: (lane, cards paid, their colour).
    fn waiting(game: &Game, state: &State, me: usize) -> Option<(usize, u16, u8)> {
        let w = state.mechanic_words(game, me);
        let lane: Option<u16> = Option::from_word(w[LANE]);
        lane.map(|l| (l as usize, w[PAID] as u16, w[COLOUR] as u8))
    }

    /// Every legal placement of player `p` for the claim waiting, with its spot.
    fn placements(&self, game: &Game, state: &State, me: usize, p: u8) -> Vec<(Placement, usize)> {
        let mut out = Vec::new();
        let Some((lane, paid, colour)) = Self::waiting(game, state, me) else {
            return out;
        };
        if state.players[p as usize].trains == 0 {
            return out;
        }
        let lane_colour = game.lane_color[lane];
        let hand = &state.players[p as usize].hand;
        let express: Vec<Option<usize>> = std::iter::once(None)
            .chain(self.unspent_express(game, state, p).into_iter().map(Some))
            .collect();
        for (line, l) in self.lines.iter().enumerate() {
            if lane_colour != GRAY && lane_colour != l.color {
                continue;
            }
            let top = l.spots.len();
            let colour_left = if (colour as usize) < LOCO as usize {
                hand[colour as usize]
            } else {
                0
            };
            let locos_left = hand[LOCO as usize];
            for &x in &express {
                let boost = x.map_or(0, |c| self.express_value(game, c));
                // Extra cards only while they raise the spot.
                let room = top.saturating_sub(paid as usize + boost) as u16;
                for c in 0..=colour_left.min(room).min(15) {
                    for k in 0..=locos_left.min(room - c).min(15) {
                        let number = paid as usize + c as usize + k as usize + boost;
                        if let Some(spot) = self.free_spot(game, state, me, line, number) {
                            let pl = Placement {
                                line,
                                express: x,
                                colour_cards: c,
                                locomotives: k,
                            };
                            out.push((pl, spot));
                        }
                    }
                }
            }
        }
        out
    }

    /// The Express cards player `p` could spend now (indices).
    fn unspent_express(&self, game: &Game, state: &State, p: u8) -> Vec<usize> {
        match (
            self.express,
            game.mechanics.modules.get(self.express.unwrap_or(0)),
        ) {
            (Some(x), Some(m)) => m
                .as_any()
                .and_then(|a| a.downcast_ref::<ExpressCards>())
                .map(|e| e.unspent(game, state, x, p))
                .unwrap_or_default(),
            _ => Vec::new(),
        }
    }

    fn express_value(&self, game: &Game, card: usize) -> usize {
        self.express
            .and_then(|x| game.mechanics.modules[x].as_any())
            .and_then(|a| a.downcast_ref::<ExpressCards>())
            .and_then(|e| e.values.get(card))
            .map_or(0, |&v| v as usize)
    }

    /// Spot values reached by each player's placement choice (0-based), for advice.
    fn spot_of(
        &self,
        game: &Game,
        state: &State,
        me: usize,
        p: u8,
        choice: u16,
    ) -> Option<(Placement, usize)> {
        // The tests of [`ProvinceMat::placements`] for this one placement (advice asks for
        // every choice: listing them all for each was a seventh of a South Korea game).
        let pl = Placement::from_choice(choice)?;
        let (lane, paid, colour) = Self::waiting(game, state, me)?;
        let player = &state.players[p as usize];
        let line = self.lines.get(pl.line)?;
        let lane_colour = game.lane_color[lane];
        if player.trains == 0 || (lane_colour != GRAY && lane_colour != line.color) {
            return None;
        }
        if let Some(c) = pl.express
            && !self.unspent_express(game, state, p).contains(&c)
        {
            return None;
        }
        let colour_left = if (colour as usize) < LOCO as usize {
            player.hand[colour as usize]
        } else {
            0
        };
        let locos_left = player.hand[LOCO as usize];
        let boost = pl.express.map_or(0, |c| self.express_value(game, c));
        let room = line.spots.len().saturating_sub(paid as usize + boost) as u16;
        if pl.colour_cards > colour_left.min(room).min(15)
            || pl.locomotives > locos_left.min(room - pl.colour_cards).min(15)
        {
            return None;
        }
        let number = paid as usize + pl.colour_cards as usize + pl.locomotives as usize + boost;
        let spot = self.free_spot(game, state, me, pl.line, number)?;
        Some((pl, spot))
    }

    /// Whether the mat decided the winner: the players with the most points differ once the
    /// mat's bonuses are taken off.
    fn decided_winner(&self, game: &Game, state: &State, me: usize) -> bool {
        let Some(result) = &state.result else {
            return false;
        };
        let winners: Vec<usize> = (0..result.len()).filter(|&p| result[p].winner).collect();
        let without: Vec<i32> = (0..result.len())
            .map(|p| result[p].total - self.points(game, state, me, p as u8))
            .collect();
        let best = without.iter().copied().max().unwrap_or(0);
        let top: Vec<usize> = (0..without.len()).filter(|&p| without[p] == best).collect();
        winners != top
    }
}

impl Mechanic for ProvinceMat {
    // Public words: the mat's trains stand on the table, and the claim waiting for its
    // placement was paid with cards laid face up.
    mechanic_basics!("province-mat", as_any, public);

    fn name(&self) -> String {
        if self.unverified {
            "Province mat (spot values are a guess, unverified)".into()
        } else {
            "Province mat".into()
        }
    }

    fn state_words(&self, _game: &Game) -> usize {
        SPOTS + self.lines.iter().map(|l| l.spots.len()).sum::<usize>()
    }

    plays!(on_claim, decisions, end_scoring, advice, report);
}

impl OnClaim for ProvinceMat {
    fn on_claim(&self, game: &Game, state: &mut State, me: usize, p: u8, lane: u16, paid: &Cards) {
        if state.players[p as usize].trains == 0 {
            return;
        }
        let cards: u16 = paid.iter().sum();
        let colour = (0..LOCO as usize)
            .find(|&k| paid[k] > 0)
            .map_or(LOCO, |k| k as u8);
        let w = state.mechanic_words_mut(game, me);
        w[LANE] = Some(lane).to_word();
        w[PAID] = cards as u32;
        w[COLOUR] = colour as u32;
        state.ask(me, PLACE, p);
    }
}

impl Decisions for ProvinceMat {
    fn decision_actions(
        &self,
        game: &Game,
        state: &State,
        me: usize,
        _step: u16,
        push: &mut dyn FnMut(Action) -> bool,
    ) {
        let mechanic = me as u8;
        push(Action::Mechanic {
            mechanic,
            choice: 0,
        });
        for (pl, _) in self.placements(game, state, me, state.current_player()) {
            push(Action::Mechanic {
                mechanic,
                choice: pl.choice(),
            });
        }
    }

    fn apply_decision(
        &self,
        game: &Game,
        state: &mut State,
        me: usize,
        _step: u16,
        choice: u32,
        _rng: &mut ChaCha8Rng,
    ) -> Result<(), IllegalMove> {
        let p = state.current_player();
        if choice != 0 {
            let (pl, spot) = self
                .spot_of(game, state, me, p, choice as u16)
                .ok_or(IllegalMove::NoSuch(ChoiceKind::MatPlacement))?;
            let (_, _, colour) =
                Self::waiting(game, state, me).ok_or(IllegalMove::NoClaimWaiting)?;
            let mut extra: Cards = [0; CARD_KINDS];
            if pl.colour_cards > 0 {
                extra[colour as usize] = pl.colour_cards;
            }
            extra[LOCO as usize] += pl.locomotives;
            state.spend(p, &extra)?;
            state.take_trains(p, 1)?;
            if let (Some(card), Some(x)) = (pl.express, self.express)
                && let Some(e) = game.mechanics.modules[x]
                    .as_any()
                    .and_then(|a| a.downcast_ref::<ExpressCards>())
            {
                e.spend(game, state, x, p, card, Use::Mat);
            }
            self.set_owner(game, state, me, pl.line, spot, p);
        }
        let w = state.mechanic_words_mut(game, me);
        w[LANE] = None::<u16>.to_word();
        w[PAID] = 0;
        w[COLOUR] = 0;
        Ok(())
    }
}

impl EndScoring for ProvinceMat {
    fn end_scoring(&self, game: &Game, state: &State, me: usize, scores: &mut [DetailedScore]) {
        let mut points = vec![0i32; scores.len()];
        for line in 0..self.lines.len() {
            for (p, b) in self
                .line_bonus(game, state, me, line)
                .into_iter()
                .enumerate()
            {
                points[p] += b;
            }
        }
        for (p, d) in scores.iter_mut().enumerate() {
            d.add_bonus(BonusLine {
                mechanic: me,
                measure: self.trains(game, state, me, p as u8) as u32,
                points: points[p],
            });
        }
    }
}

impl Report for ProvinceMat {
    fn counters(&self, game: &Game, state: &State, me: usize, out: &mut Vec<Counter>) {
        for p in 0..game.players {
            out.push(Counter {
                row: None,
                name: "mat trains".into(),
                player: Some(p),
                value: self.trains(game, state, me, p) as i64,
            });
        }
        for (line, l) in self.lines.iter().enumerate() {
            let bonus = self.line_bonus(game, state, me, line);
            let first = self.bonuses(game.players).first().copied();
            for p in 0..game.players {
                let won = first.is_some_and(|f| f != 0 && bonus[p as usize] == f);
                out.push(Counter {
                    row: None,
                    name: format!("{} line: first place", l.name),
                    player: Some(p),
                    value: won as i64,
                });
            }
        }
        out.push(Counter {
            row: None,
            name: "the mat decided the winner".into(),
            player: None,
            value: self.decided_winner(game, state, me) as i64,
        });
    }

    fn unverified(&self) -> Option<String> {
        self.unverified
            .then(|| "the Province mat's spot values".into())
    }

    fn describe(
        &self,
        game: &Game,
        state: &State,
        me: usize,
        _step: Option<u16>,
        choice: u16,
    ) -> Option<String> {
        if choice == 0 {
            return Some("put no train on the Province mat".into());
        }
        let (pl, spot) = self.spot_of(game, state, me, state.current_player(), choice)?;
        let mut s = format!(
            "put a train on spot {} of the {} line",
            spot + 1,
            self.lines[pl.line].name
        );
        if pl.colour_cards + pl.locomotives > 0 {
            s += &format!(" ({} extra cards)", pl.colour_cards + pl.locomotives);
        }
        if let Some(c) = pl.express {
            s += &format!(" (Express +{})", self.express_value(game, c));
        }
        Some(s)
    }
}

impl Advice for ProvinceMat {
    fn advise(
        &self,
        game: &Game,
        state: &State,
        me: usize,
        _step: u16,
        view: &PlanView,
        choice: u16,
    ) -> i32 {
        if choice == 0 {
            return 0;
        }
        let p = view.player;
        let Some((pl, spot)) = self.spot_of(game, state, me, p, choice) else {
            return i32::MIN;
        };
        // A train the plan needs is not spared.
        let planned: u32 = view
            .own_routes
            .iter()
            .map(|&r| game.routes[r as usize].trains_needed() as u32)
            .sum();
        if (state.players[p as usize].trains as u32) < planned + 1 {
            return -1;
        }
        // The line bonus it would bring, less what it costs: cards (about a point each, a
        // locomotive two), an Express card (its value twice: it would draw that many cards).
        let after = self.line_bonus_if(game, state, me, pl.line, Some((spot, p)));
        let gain = after[p as usize] - self.line_bonus(game, state, me, pl.line)[p as usize];
        let express = pl
            .express
            .map_or(0, |c| 2 * self.express_value(game, c) as i32);
        gain * 2 + self.lines[pl.line].spots[spot] / 3
            - pl.colour_cards as i32
            - 2 * pl.locomotives as i32
            - express
            - 2
    }
}
