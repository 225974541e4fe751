//! End-of-game scoring, line by line: each route, each ticket (stations borrowing a route
//! each, mechanic modules valuing the tickets they own), unused stations, every bonus line
//! from the mechanic modules, the ranking with tie-breaks.
//!
//! There is one scoring: [`score_detailed`] is what `ttrmap score` prints, and
//! [`final_scores`] (what a playtest counts) is its sums. A station may be told which route
//! it borrows ([`Borrow`]); left to choose, it borrows what scores best, as the engine does.

use super::paths::longest_path;
use super::{Game, Goal, NOBODY, State};
use crate::model::TieBreak;

/// Union-find over graph nodes: a player's network.
pub struct Components {
    parent: Vec<u16>,
}

impl Components {
    pub fn new(n: usize) -> Components {
        Components {
            parent: (0..n as u16).collect(),
        }
    }
    /// The representative of `x`'s network.
    pub fn find(&mut self, mut x: u16) -> u16 {
        while self.parent[x as usize] != x {
            let up = self.parent[self.parent[x as usize] as usize];
            self.parent[x as usize] = up;
            x = up;
        }
        x
    }
    pub fn join(&mut self, a: u16, b: u16) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            self.parent[ra as usize] = rb;
        }
    }
    /// Whether some node of `a` is joined to some node of `b` (a place is a set of nodes).
    pub fn joined(&mut self, a: &[u16], b: &[u16]) -> bool {
        a.iter()
            .any(|&x| b.iter().any(|&y| self.find(x) == self.find(y)))
    }
}

/// The points and completion of one ticket of player `p` in network `net`: the first
/// mechanic module that values the goal decides; otherwise the printed value, won when
/// completed and lost when not.
pub(super) fn ticket_value(
    game: &Game,
    state: &State,
    p: usize,
    goal: &Goal,
    net: &mut Components,
) -> (i32, bool) {
    for (_, module) in game.mechanics.each_ticket_value() {
        if let Some(v) = module.ticket_value(game, state, p, goal, net) {
            return v;
        }
    }
    let (done, points) = match goal {
        Goal::Pair(a, b, points) => (net.joined(a, b), *points),
        Goal::Multi(places, points) => {
            let first = places.first().map(Vec::as_slice).unwrap_or(&[]);
            let all = first.iter().any(|&start| {
                places[1..]
                    .iter()
                    .all(|p| net.joined(std::slice::from_ref(&start), p))
            });
            (all, *points)
        }
        // `mechanics::modules_for` always installs the any-of module when a map has such
        // tickets, and it values every `AnyOf` goal.
        Goal::AnyOf(..) => (false, 0),
    };
    if done {
        (points, true)
    } else {
        (-points, false)
    }
}

/// The routes of other players into `city` that player `p` has no lane of: what a station
/// there may borrow.
pub fn borrowable_routes(game: &Game, state: &State, p: usize, city: u16) -> Vec<u16> {
    let mut out = Vec::new();
    for (r, route) in game.routes.iter().enumerate() {
        if route.city_a != city && route.city_b != city {
            continue;
        }
        let first = route.first_lane as usize;
        let lanes = first..first + route.lane_count as usize;
        let other = lanes
            .clone()
            .any(|l| state.lane_owner()[l] != NOBODY && state.lane_owner()[l] as usize != p);
        let own = lanes.clone().any(|l| state.lane_owner()[l] as usize == p);
        if other && !own {
            out.push(r as u16);
        }
    }
    out
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
    /// The player whose route it is, when the points came from another player's route (a
    /// module's route-points hook sent them here: Old West's city markers).
    pub from: Option<u8>,
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

/// One bonus line of a mechanic module.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BonusLine {
    /// Index into `game.mechanics.modules` (its `name()` says what the line is).
    pub mechanic: usize,
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

impl DetailedScore {
    /// Adds a bonus line and its points (the total is summed after every module ran).
    pub fn add_bonus(&mut self, line: BonusLine) {
        self.bonus_points += line.points;
        self.bonuses.push(line);
    }
}

/// One player's final score, as sums (what playtest reports count).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ScoreBreakdown {
    pub routes: i32,
    pub tickets: i32,
    /// Points for stations not built.
    pub stations: i32,
    pub bonuses: i32,
    pub total: i32,
    pub completed_tickets: u32,
    pub stations_used: u32,
    pub longest_path: u32,
    /// Each kept ticket and whether it was completed.
    pub ticket_results: Vec<(u16, bool)>,
    /// Each bonus line: the mechanic module that scored it and its points.
    pub bonus_lines: Vec<(u8, i32)>,
    /// Won, alone or sharing the win after the tie-breaks.
    pub winner: bool,
}

impl From<DetailedScore> for ScoreBreakdown {
    fn from(d: DetailedScore) -> ScoreBreakdown {
        ScoreBreakdown {
            routes: d.route_points,
            tickets: d.ticket_points,
            stations: d.station_points,
            bonuses: d.bonus_points,
            total: d.total,
            completed_tickets: d.completed_tickets,
            stations_used: d.stations.len() as u32,
            longest_path: d.longest_path,
            ticket_results: d.tickets.iter().map(|t| (t.ticket, t.completed)).collect(),
            bonus_lines: d
                .bonuses
                .iter()
                .map(|b| (b.mechanic as u8, b.points))
                .collect(),
            winner: d.winner,
        }
    }
}

/// Scores every player at the end of the game and marks the winner(s): the sums of
/// [`score_detailed`] with every station choosing its best borrow.
pub fn final_scores(game: &Game, state: &State) -> Vec<ScoreBreakdown> {
    score_detailed(game, state, &[])
        .into_iter()
        .map(ScoreBreakdown::from)
        .collect()
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
            let (points, completed) =
                ticket_value(game, state, p, &game.tickets[t as usize].goal, &mut net);
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

/// The station choice: most ticket points, then most completed tickets; on a tie the first
/// choice in odometer order (each station's routes in route order, then nothing).
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
    let no_borrow = || {
        let (points, lines) = ticket_lines(game, state, p, &[]);
        let stations = stations
            .iter()
            .map(|&city| StationLine {
                city,
                borrowed: None,
            })
            .collect();
        (points, lines, stations)
    };
    if options.iter().all(Vec::is_empty) {
        return no_borrow();
    }
    let forced: Vec<bool> = (0..stations.len())
        .map(|i| matches!(borrow.get(i), Some(Borrow::Route(_))))
        .collect();
    let completed = |lines: &[TicketLine]| lines.iter().filter(|l| l.completed).count();
    let mut best: Option<(i32, Vec<TicketLine>, Vec<Option<u16>>)> = None;
    let mut pick = vec![0usize; options.len()];
    let mut borrowed = Vec::with_capacity(options.len());
    loop {
        // A named route is always borrowed: skip "nothing" for it.
        let valid = pick
            .iter()
            .zip(&options)
            .zip(&forced)
            .all(|((&k, o), &f)| !f || k < o.len());
        if valid {
            borrowed.clear();
            borrowed.extend(pick.iter().zip(&options).filter_map(|(&k, o)| o.get(k)));
            let (points, lines) = ticket_lines(game, state, p, &borrowed);
            let better = match &best {
                None => true,
                Some((bp, bl, _)) => (points, completed(&lines)) > (*bp, completed(bl)),
            };
            if better {
                let chosen = pick
                    .iter()
                    .zip(&options)
                    .map(|(&k, o)| o.get(k).copied())
                    .collect();
                best = Some((points, lines, chosen));
            }
        }
        let mut i = 0;
        loop {
            if i == pick.len() {
                let Some((points, lines, chosen)) = best else {
                    return no_borrow();
                };
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

/// Route lines as the modules' route-points hooks split them, asked again now (the score
/// track counted them at each claim): each holder's routes with the points they keep, then
/// the points each player receives from others' routes.
fn split_route_lines(game: &Game, state: &State, out: &mut [DetailedScore]) {
    let mut lines: Vec<Vec<RouteLine>> = vec![Vec::new(); out.len()];
    let mut received: Vec<Vec<RouteLine>> = vec![Vec::new(); out.len()];
    let held = (0..game.lane_count())
        .filter(|&l| state.lane_owner()[l] != NOBODY)
        .map(|l| (l, state.lane_owner()[l]))
        .chain(state.shared_lanes().iter().map(|&(l, p)| (l as usize, p)));
    for (lane, holder) in held {
        let route = game.lane_route[lane];
        let split = state.route_split(game, lane, holder);
        let kept = split.to.iter().filter(|x| x.0 == holder).map(|x| x.1).sum();
        lines[holder as usize].push(RouteLine {
            route,
            points: kept,
            from: None,
        });
        for &(p, points) in split.to.iter().filter(|x| x.0 != holder) {
            received[p as usize].push(RouteLine {
                route,
                points,
                from: Some(holder),
            });
        }
    }
    for (p, d) in out.iter_mut().enumerate() {
        // Each holder's lines in the order they took the routes.
        let order = &state.players[p].routes;
        let mut own = std::mem::take(&mut lines[p]);
        own.sort_by_key(|l| order.iter().position(|&r| r == l.route));
        own.append(&mut received[p]);
        d.route_points = own.iter().map(|l| l.points).sum();
        d.routes = own;
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
                        from: None,
                    })
                    .collect(),
                route_points: player.route_points,
                completed_tickets: tickets.iter().filter(|t| t.completed).count() as u32,
                tickets,
                ticket_points,
                stations,
                unused_stations: unused,
                station_points: unused as i32 * game.station_unused_points,
                longest_path: longest_path(game.node_count as usize, &edges),
                bonuses: Vec::new(),
                bonus_points: 0,
                total: 0,
                rank: 0,
                winner: false,
            }
        })
        .collect();

    if !game.mechanics.route_points.is_empty() {
        split_route_lines(game, state, &mut out);
    }
    for (m, module) in game.mechanics.each_end_scoring() {
        module.end_scoring(game, state, m, &mut out);
    }
    for d in &mut out {
        d.total = d.route_points + d.ticket_points + d.station_points + d.bonus_points;
    }

    // Ranking: the most points first, then each tie-break in order; players still tied
    // share the rank. The winners are the players ranked first.
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
