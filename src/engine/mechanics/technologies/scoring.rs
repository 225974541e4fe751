//! The scoring technologies' end-of-game lines (one module per card, so each line is named
//! by its card) and the report's figures per technology.

use super::Technologies;
use crate::engine::hooks::{Advice, Counter, CounterKey, CounterRatio, EndScoring, Mechanic};
use crate::engine::scoring::{BonusLine, DetailedScore};
use crate::engine::{Game, State};
use crate::model::{BestIsZero, GambleTies, TechEffect};

/// The lines of one scoring technology (`tech` of the technologies module `main`).
#[derive(Debug)]
pub struct TechnologyLine {
    pub main: usize,
    pub tech: usize,
    pub name: String,
}

impl TechnologyLine {
    /// Whether technology `effect` has an end-of-game line.
    pub fn scores(effect: TechEffect) -> bool {
        matches!(
            effect,
            TechEffect::PointsPerRoute
                | TechEffect::PointsPerFerry
                | TechEffect::PointsPerCompletedTicket
                | TechEffect::MostTicketsGamble
                | TechEffect::LongestPathGamble
        )
    }
}

impl Mechanic for TechnologyLine {
    fn name(&self) -> String {
        format!("{} (technology)", self.name)
    }

    plays!(end_scoring, advice);
}

impl Advice for TechnologyLine {
    /// Double Heading (points per completed ticket) and Risky Contracts (a gamble on the
    /// most completed tickets) pay their holder for the count of completed tickets.
    fn rewards_completed_tickets(&self, game: &Game, state: &State, _me: usize, p: u8) -> bool {
        let Some(main) = game.mechanics.modules[self.main]
            .as_any()
            .and_then(|m| m.downcast_ref::<Technologies>())
        else {
            return false;
        };
        matches!(
            main.techs[self.tech].effect,
            TechEffect::PointsPerCompletedTicket | TechEffect::MostTicketsGamble
        ) && main.owned(game, state, self.main, p) & (1 << self.tech) != 0
    }
}

impl EndScoring for TechnologyLine {
    fn end_scoring(&self, game: &Game, state: &State, me: usize, scores: &mut [DetailedScore]) {
        let Some(main) = game.mechanics.modules[self.main]
            .as_any()
            .and_then(|m| m.downcast_ref::<Technologies>())
        else {
            return;
        };
        let tech = &main.techs[self.tech];
        let tickets: Vec<u32> = scores.iter().map(|d| d.completed_tickets).collect();
        let paths: Vec<u32> = scores.iter().map(|d| d.longest_path).collect();
        for (p, d) in scores.iter_mut().enumerate() {
            let p8 = p as u8;
            let holds = main.owned(game, state, self.main, p8) & (1 << self.tech) != 0;
            let gamble = |values: &[u32]| {
                if !holds {
                    return 0;
                }
                // The holder has the most when no other player's count is higher, alone
                // when none is as high (else a tie), and of something when above 0.
                let mine = values[p];
                let others = values.iter().enumerate().filter(|&(q, _)| q != p);
                let higher = others.clone().any(|(_, &v)| v > mine);
                let tied = others.clone().any(|(_, &v)| v == mine);
                let most = !higher
                    && (mine > 0 || tech.zero == BestIsZero::Tied)
                    && (!tied || tech.ties == GambleTies::Win);
                if most { tech.value } else { -tech.value }
            };
            let (measure, points) = match tech.effect {
                TechEffect::PointsPerRoute | TechEffect::PointsPerFerry => {
                    let points = main.claim_points(game, state, self.main, p8, self.tech);
                    (points.max(0) as u32, points)
                }
                TechEffect::PointsPerCompletedTicket => (
                    d.completed_tickets,
                    if holds {
                        tech.value * d.completed_tickets as i32
                    } else {
                        0
                    },
                ),
                TechEffect::MostTicketsGamble => (d.completed_tickets, gamble(&tickets)),
                TechEffect::LongestPathGamble => (d.longest_path, gamble(&paths)),
                _ => (0, 0),
            };
            d.add_bonus(BonusLine {
                mechanic: me,
                measure,
                points,
            });
        }
    }
}

/// The ratios the report derives per technology (`{card}: ...` counters, for the game only).
pub(super) const RATIOS: &[CounterRatio] = &[
    CounterRatio {
        name: "first-purchase turns",
        over: "buyers",
        label: "mean own turn of the first purchase",
        per_seat: false,
    },
    CounterRatio {
        name: "buyer wins",
        over: "buyers",
        label: "win rate of buyers",
        per_seat: false,
    },
    CounterRatio {
        name: "non-buyer wins",
        over: "non-buyers",
        label: "win rate of non-buyers",
        per_seat: false,
    },
];

/// The counters kept only for the ratios.
const OPERANDS: &[&str] = &[
    "buyers",
    "first-purchase turns",
    "buyer wins",
    "non-buyers",
    "non-buyer wins",
];

/// Whether `key` is one of a technology's operands (its row is the technology).
pub(super) fn is_operand(key: &CounterKey) -> bool {
    key.row.is_some() && OPERANDS.contains(&key.name.as_str())
}

impl Technologies {
    /// Per technology: bought in the game, by the winner, buyers and their first turns,
    /// wins of buyers and of the others.
    pub(super) fn report_counters(
        &self,
        game: &Game,
        state: &State,
        me: usize,
        out: &mut Vec<Counter>,
    ) {
        let winners: Vec<bool> = match &state.result {
            Some(r) => r.iter().map(|b| b.winner).collect(),
            None => vec![false; game.players as usize],
        };
        for (t, tech) in self.techs.iter().enumerate() {
            let (mut buyers, mut turns, mut buyer_wins, mut other_wins) = (0, 0, 0, 0);
            let mut winner_bought = 0;
            for p in 0..game.players {
                let first = self.first_bought(game, state, me, p, t) as i64;
                let won = winners[p as usize] as i64;
                if first > 0 {
                    buyers += 1;
                    turns += first;
                    buyer_wins += won;
                    winner_bought |= won;
                } else {
                    other_wins += won;
                }
            }
            let n = &tech.name;
            for (name, value) in [
                ("share of games it was bought in", (buyers > 0) as i64),
                ("share of games won by a buyer", winner_bought),
                ("buyers", buyers),
                ("first-purchase turns", turns),
                ("buyer wins", buyer_wins),
                ("non-buyers", game.players as i64 - buyers),
                ("non-buyer wins", other_wins),
            ] {
                out.push(Counter {
                    row: Some(n.clone()),
                    name: name.to_string(),
                    player: None,
                    value,
                });
            }
        }
    }
}
