//! Positions set up by hand and their detailed final scoring (`ttrmap score`, playtest
//! reports).
//!
//! [`final_scores`](super::final_scores) gives the sums a playtest needs; people scoring a
//! game played on paper want every line: each route's points, each ticket with its points,
//! each bonus and who won it, the ranking. [`score_detailed`] computes that from the engine's
//! public data ([`Game`], [`State`]) by the same rules as `final_scores`, with one addition:
//! a station may be told which route it borrows instead of the best one being chosen. With
//! every station left to choose, its totals and winners equal `final_scores`' (tested on
//! played games in `tests/score_position.rs`).

use super::scoring::{self, Components, ticket_value, two_disjoint_paths};
use super::{BonusRule, CARD_KINDS, Game, Goal, Phase, State};
use crate::model::{TieBreak, TieScoring};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// An empty finished-game position: nobody holds cards, tickets, routes or stations; every
/// player has all their trains. Fill it with [`claim_lane`] and [`build_station`].
pub fn blank_position(game: &Game) -> State {
    // The deal is thrown away; the seed only makes the (discarded) shuffle reproducible.
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    let mut s = State::new(game, 0, &mut rng);
    for p in &mut s.players {
        p.hand = [0; CARD_KINDS];
        p.tickets.clear();
        p.routes.clear();
        p.stations.clear();
        p.route_points = 0;
        p.trains = game.trains;
    }
    s.offered.clear();
    s.phase = Phase::Over;
    s
}

/// Gives lane `lane` to player `p` (no legality check: the caller validates the position).
pub fn claim_lane(game: &Game, state: &mut State, p: usize, lane: usize) {
    let r = game.lane_route[lane] as usize;
    let route = &game.routes[r];
    state.lane_owner[lane] = p as u8;
    state.route_claims[r] += 1;
    let player = &mut state.players[p];
    player.routes.push(r as u16);
    player.route_points += route.points;
    player.trains = player.trains.saturating_sub(route.length as u16);
}

/// Puts a station of player `p` in `city`.
pub fn build_station(state: &mut State, p: usize, city: u16) {
    state.station_owner[city as usize] = p as u8;
    state.players[p].stations.push(city);
}

/// Which route a station borrows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Borrow {
    /// The one that scores best (as the engine does).
    Best,
    /// This route (an index into `game.routes`).
    Route(u16),
    /// None.
    Nothing,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RouteLine {
    pub route: u16,
    pub points: i32,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TicketLine {
    pub ticket: u16,
    pub completed: bool,
    pub points: i32,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StationLine {
    pub city: u16,
    /// The route borrowed in the best (or named) choice.
    pub borrowed: Option<u16>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BonusLine {
    /// Index into `game.bonuses`.
    pub bonus: usize,
    /// What the bonus measures for this player (longest path in spaces, completed tickets,
    /// qualifying tickets for a Grand Tour).
    pub measure: u32,
    pub points: i32,
}

/// One player's final score, line by line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DetailedScore {
    pub routes: Vec<RouteLine>,
    pub route_points: i32,
    pub tickets: Vec<TicketLine>,
    pub ticket_points: i32,
    pub completed_tickets: u32,
    pub stations: Vec<StationLine>,
    pub unused_stations: u32,
    pub station_points: i32,
    pub longest_path: u32,
    pub bonuses: Vec<BonusLine>,
    pub bonus_points: i32,
    pub total: i32,
    /// 1 = first; players tied after every tie-break share a rank.
    pub rank: usize,
    pub winner: bool,
}

fn ticket_lines(game: &Game, state: &State, p: usize, borrowed: &[u16]) -> (i32, Vec<TicketLine>) {
    let mut net = Components::new(game.node_count as usize);
    for &r in state.players[p].routes.iter().chain(borrowed) {
        let route = &game.routes[r as usize];
        net.join(route.node_a, route.node_b);
    }
    let mut sum = 0;
    let lines = state.players[p]
        .tickets
        .iter()
        .map(|&t| {
            let (points, completed) = ticket_value(
                &game.tickets[t as usize].goal,
                &mut net,
                game.any_of_penalty,
            );
            sum += points;
            TicketLine {
                ticket: t,
                completed,
                points,
            }
        })
        .collect();
    (sum, lines)
}

/// Routes of other players into `city` that player `p` has no lane of: what a station there
/// may borrow.
pub fn borrowable_routes(game: &Game, state: &State, p: usize, city: u16) -> Vec<u16> {
    scoring::borrowable(game, state, p, city)
}

/// The best station choice: most ticket points, then most completed tickets; on a tie the
/// first choice in odometer order (as the engine).
fn best_tickets(
    game: &Game,
    state: &State,
    p: usize,
    borrow: &[Borrow],
) -> (i32, Vec<TicketLine>, Vec<StationLine>) {
    let stations = &state.players[p].stations;
    // Each station's options; the last, implicit option (index len) is "nothing".
    let options: Vec<Vec<u16>> = stations
        .iter()
        .enumerate()
        .map(
            |(i, &c)| match borrow.get(i).copied().unwrap_or(Borrow::Best) {
                Borrow::Best => borrowable_routes(game, state, p, c),
                Borrow::Route(r) => vec![r],
                Borrow::Nothing => Vec::new(),
            },
        )
        .collect();
    let forced: Vec<bool> = stations
        .iter()
        .enumerate()
        .map(|(i, _)| matches!(borrow.get(i), Some(Borrow::Route(_))))
        .collect();
    let completed = |lines: &[TicketLine]| lines.iter().filter(|l| l.completed).count();
    let mut best: Option<(i32, Vec<TicketLine>, Vec<Option<u16>>)> = None;
    let mut pick = vec![0usize; options.len()];
    loop {
        let chosen: Vec<Option<u16>> = pick
            .iter()
            .enumerate()
            .map(|(i, &k)| options[i].get(k).copied())
            .collect();
        // A named route is always borrowed: skip "nothing" for it.
        let valid = chosen.iter().zip(&forced).all(|(c, &f)| !f || c.is_some());
        if valid {
            let borrowed: Vec<u16> = chosen.iter().flatten().copied().collect();
            let (points, lines) = ticket_lines(game, state, p, &borrowed);
            let better = match &best {
                None => true,
                Some((bp, bl, _)) => (points, completed(&lines)) > (*bp, completed(bl)),
            };
            if better {
                best = Some((points, lines, chosen));
            }
        }
        let mut i = 0;
        loop {
            if i == pick.len() {
                let (points, lines, chosen) = best.unwrap_or_else(|| {
                    let (p0, l0) = ticket_lines(game, state, p, &[]);
                    (p0, l0, vec![None; stations.len()])
                });
                let station_lines = stations
                    .iter()
                    .zip(chosen)
                    .map(|(&city, borrowed)| StationLine { city, borrowed })
                    .collect();
                return (points, lines, station_lines);
            }
            pick[i] += 1;
            if pick[i] <= options[i].len() {
                break;
            }
            pick[i] = 0;
            i += 1;
        }
    }
}

/// Scores a finished position line by line. `borrow[p][i]` says what player `p`'s `i`-th
/// station borrows (missing entries: [`Borrow::Best`]).
pub fn score_detailed(game: &Game, state: &State, borrow: &[Vec<Borrow>]) -> Vec<DetailedScore> {
    let n = state.players.len();
    let mut out: Vec<DetailedScore> = (0..n)
        .map(|p| {
            let player = &state.players[p];
            let (ticket_points, tickets, stations) =
                best_tickets(game, state, p, borrow.get(p).map_or(&[], Vec::as_slice));
            let edges: Vec<(u16, u16, u8)> = player
                .routes
                .iter()
                .map(|&r| {
                    let route = &game.routes[r as usize];
                    (route.node_a, route.node_b, route.length)
                })
                .collect();
            let unused = (game.stations as usize).saturating_sub(player.stations.len()) as u32;
            DetailedScore {
                routes: player
                    .routes
                    .iter()
                    .map(|&r| RouteLine {
                        route: r,
                        points: game.routes[r as usize].points,
                    })
                    .collect(),
                route_points: player.route_points,
                completed_tickets: tickets.iter().filter(|t| t.completed).count() as u32,
                tickets,
                ticket_points,
                stations,
                unused_stations: unused,
                station_points: unused as i32 * game.station_unused_points,
                longest_path: super::longest_path(game.node_count as usize, &edges),
                bonuses: Vec::new(),
                bonus_points: 0,
                total: 0,
                rank: 0,
                winner: false,
            }
        })
        .collect();

    for (bi, bonus) in game.bonuses.iter().enumerate() {
        match bonus {
            BonusRule::LongestPath { points, ties } => {
                let values: Vec<u32> = out.iter().map(|d| d.longest_path).collect();
                award_most(&mut out, bi, &values, *points, *ties);
            }
            BonusRule::Globetrotter { points, ties } => {
                let values: Vec<u32> = out.iter().map(|d| d.completed_tickets).collect();
                award_most(&mut out, bi, &values, *points, *ties);
            }
            BonusRule::GrandTour { table, cap } => {
                for (p, score) in out.iter_mut().enumerate() {
                    let edges: Vec<(u16, u16)> = state.players[p]
                        .routes
                        .iter()
                        .map(|&r| {
                            let route = &game.routes[r as usize];
                            (route.node_a, route.node_b)
                        })
                        .collect();
                    let qualifying = state.players[p]
                        .tickets
                        .iter()
                        .filter(|&&t| match &game.tickets[t as usize].goal {
                            Goal::Pair(a, b, _) => {
                                two_disjoint_paths(game.node_count as usize, &edges, a, b)
                            }
                            _ => false,
                        })
                        .count();
                    let mut points: i32 = table.iter().take(qualifying).sum();
                    if *cap > 0 {
                        points = points.min(*cap);
                    }
                    score.bonuses.push(BonusLine {
                        bonus: bi,
                        measure: qualifying as u32,
                        points,
                    });
                    score.bonus_points += points;
                }
            }
        }
    }
    for d in &mut out {
        d.total = d.route_points + d.ticket_points + d.station_points + d.bonus_points;
    }

    // Ranking: total first, then each tie-break in order (the engine applies them to the
    // players tied for first; applied to every pair they order the whole table the same way).
    let key = |d: &DetailedScore| -> Vec<i64> {
        let mut k = vec![d.total as i64];
        for tb in &game.tie_breaks {
            k.push(match tb {
                TieBreak::MostCompletedTickets => d.completed_tickets as i64,
                TieBreak::FewestStationsUsed => -(d.stations.len() as i64),
                TieBreak::LongestPath => d.longest_path as i64,
            });
        }
        k
    };
    let keys: Vec<Vec<i64>> = out.iter().map(key).collect();
    for p in 0..n {
        out[p].rank = 1 + (0..n).filter(|&q| keys[q] > keys[p]).count();
        out[p].winner = out[p].rank == 1;
    }
    out
}

/// Gives `points` of bonus `bi` to the players with the highest positive value, by the tie
/// rule; every player gets a line (0 points when they did not win it).
fn award_most(out: &mut [DetailedScore], bi: usize, values: &[u32], points: i32, ties: TieScoring) {
    let best = values.iter().copied().max().unwrap_or(0);
    let winners = values.iter().filter(|&&v| v == best).count().max(1) as i32;
    let each = match ties {
        TieScoring::All => points,
        TieScoring::Split => points / winners,
        TieScoring::Nobody if winners > 1 => 0,
        TieScoring::Nobody => points,
    };
    for (p, d) in out.iter_mut().enumerate() {
        let won = best > 0 && values[p] == best;
        let got = if won { each } else { 0 };
        d.bonuses.push(BonusLine {
            bonus: bi,
            measure: values[p],
            points: got,
        });
        d.bonus_points += got;
    }
}
