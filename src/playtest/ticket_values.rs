//! `ttrmap suggest tickets`: ticket values from play. A playtest measures, for each ticket,
//! how often it is kept and completed and how many trains the players who completed it had
//! on the cheapest path joining its cities through their own routes; the suggested value is
//! the one that pays the same points per train as the map's completed tickets do together:
//!
//! `k = Σ printed value × completions / Σ trains on completions`, suggested `= round(k × T)`
//! with `T` the ticket's mean trains when completed.
//!
//! So a ticket whose completers spend more trains than its printed value pays for gets more,
//! one that is cheaper in play than on paper gets less, and the values keep the map's overall
//! points per train. City-to-city tickets only (a multi-city or any-of ticket's trains are
//! another measure); stations' borrowed routes are not counted as trains spent. Integer sums
//! per game, so the numbers are the same at any thread count.

use super::{Config, GameLog, PlaytestError, bots_for, game_seed, play_logged};
use crate::engine::{Game, Goal, State};
use crate::graph::{BoardGraph, UNREACHABLE};
use crate::model::MapFile;
use crate::report::text::column;
use rayon::prelude::*;
use serde::Serialize;

/// Completions a ticket needs before a value is suggested for it.
pub const MIN_COMPLETIONS: u64 = 10;
/// Keeps a ticket needs before its completion rate is called always or rarely.
const MIN_KEEPS: u64 = 20;

/// One ticket's figures and suggestion.
#[derive(Debug, Clone, Serialize)]
pub struct TicketValue {
    /// Its places by name.
    pub name: String,
    pub label: String,
    /// The value printed in the file (`None`: an any-of ticket).
    pub printed: Option<i32>,
    /// Spaces on the shortest path joining its places (city-to-city; `None` when unreachable
    /// or another shape).
    pub shortest_path: Option<u32>,
    /// Times a player kept it, over finished games.
    pub kept: u64,
    pub kept_per_game: f64,
    pub completed: u64,
    pub completion_rate: f64,
    /// Mean trains of the completers' cheapest own path joining it.
    pub mean_trains: Option<f64>,
    /// Printed value per train when completed.
    pub points_per_train: Option<f64>,
    /// The standard error of `mean_trains` (with two or more completions measured).
    #[serde(skip)]
    pub trains_se: Option<f64>,
    /// The value giving it the map's points per train (`None` with fewer than
    /// [`MIN_COMPLETIONS`] completions, or not a city-to-city ticket).
    pub suggested: Option<i32>,
    /// `never kept`, `rarely kept`, `always completed`, `rarely completed`, `few completions`.
    pub flags: Vec<String>,
    /// The ticket's index in the map's `tickets` (`--write` writes there).
    #[serde(skip)]
    pub source: usize,
}

/// The suggestion for a map.
#[derive(Debug, Clone, Serialize)]
pub struct Suggestion {
    pub map: String,
    pub players: u8,
    pub games: u64,
    pub finished: u64,
    pub seed: u64,
    pub bots: Vec<String>,
    /// The map's points per train over all completions (`k`).
    pub points_per_train: f64,
    pub tickets: Vec<TicketValue>,
}

/// Integer sums per ticket.
#[derive(Clone)]
struct Acc {
    finished: u64,
    kept: Vec<u64>,
    done: Vec<u64>,
    trains: Vec<u64>,
    /// Sum of squared trains, for the mean's standard error.
    trains_sq: Vec<u64>,
    measured: Vec<u64>,
}

impl Acc {
    fn new(tickets: usize) -> Acc {
        Acc {
            finished: 0,
            kept: vec![0; tickets],
            done: vec![0; tickets],
            trains: vec![0; tickets],
            trains_sq: vec![0; tickets],
            measured: vec![0; tickets],
        }
    }

    fn merge(mut self, o: Acc) -> Acc {
        self.finished += o.finished;
        for (a, b) in [
            (&mut self.kept, &o.kept),
            (&mut self.done, &o.done),
            (&mut self.trains, &o.trains),
            (&mut self.trains_sq, &o.trains_sq),
            (&mut self.measured, &o.measured),
        ] {
            a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
        }
        self
    }

    fn add(&mut self, game: &Game, state: &State) {
        let Some(result) = &state.result else { return };
        self.finished += 1;
        for (p, score) in result.iter().enumerate() {
            let mut own: Option<Vec<Vec<(u16, u32)>>> = None;
            for &(t, done) in &score.ticket_results {
                let t = t as usize;
                self.kept[t] += 1;
                if !done {
                    continue;
                }
                self.done[t] += 1;
                if let Goal::Pair(a, b, _) = &game.tickets[t].goal {
                    let adjacency = own.get_or_insert_with(|| own_graph(game, state, p));
                    if let Some(d) = cheapest(adjacency, a, b) {
                        self.trains[t] += d as u64;
                        self.trains_sq[t] += d as u64 * d as u64;
                        self.measured[t] += 1;
                    }
                }
            }
        }
    }
}

/// Player `p`'s routes as an adjacency list over graph nodes, weighted by trains.
fn own_graph(game: &Game, state: &State, p: usize) -> Vec<Vec<(u16, u32)>> {
    let mut adj = vec![Vec::new(); game.node_count as usize];
    for &r in &state.players[p].routes {
        let route = &game.routes[r as usize];
        let w = route.trains_needed() as u32;
        adj[route.node_a as usize].push((route.node_b, w));
        adj[route.node_b as usize].push((route.node_a, w));
    }
    adj
}

/// Fewest trains from any node of `from` to any node of `to`.
fn cheapest(adj: &[Vec<(u16, u32)>], from: &[u16], to: &[u16]) -> Option<u32> {
    let index = |ns: &[u16]| {
        ns.iter()
            .map(|&n| n as usize)
            .filter(|&n| n < adj.len())
            .collect::<Vec<_>>()
    };
    let (from, to) = (index(from), index(to));
    let dist = crate::graph::shortest_distances(adj.len(), &from, &to, |n, visit| {
        adj[n].iter().for_each(|&(m, w)| visit(m as usize, w))
    });
    to.iter()
        .map(|&n| dist[n])
        .min()
        .filter(|&d| d != crate::graph::UNREACHABLE)
}

/// Plays the games and suggests values.
pub fn suggest(game: &Game, map: &MapFile, config: &Config) -> Result<Suggestion, PlaytestError> {
    let roster = bots_for(game, config)?;
    let players = game.players as usize;
    let pool = super::thread_pool(config.threads)?;
    let progress = super::progress_bar(config.progress, config.games);
    let tickets = game.tickets.len();
    let acc = pool.install(|| {
        (0..config.games)
            .into_par_iter()
            .fold(
                || Acc::new(tickets),
                |mut acc, i| {
                    let seat_bot = super::seat_bots(config, &roster.names, players, i);
                    let mut seats = super::seated(&roster, &seat_bot);
                    let mut log = GameLog::default();
                    let state = play_logged(game, &mut seats, game_seed(config.seed, i), &mut log);
                    acc.add(game, &state);
                    progress.inc(1);
                    acc
                },
            )
            .reduce(|| Acc::new(tickets), Acc::merge)
    });
    progress.finish_and_clear();
    Ok(build(game, map, config, &acc))
}

fn build(game: &Game, map: &MapFile, config: &Config, acc: &Acc) -> Suggestion {
    let graph = BoardGraph::new(map);
    let costs = graph.all_ticket_costs(map);
    // The game numbers only its mode's tickets: each one's printed value and shortest
    // path are its map ticket's.
    let source = |t: usize| game.tickets[t].source as usize;
    let printed: Vec<Option<i32>> = (0..game.tickets.len())
        .map(|t| map.tickets[source(t)].points)
        .collect();
    let (mut points, mut trains) = (0f64, 0f64);
    for (t, &value) in printed.iter().enumerate() {
        if let (Some(v), true) = (value, acc.measured[t] > 0) {
            points += v as f64 * acc.measured[t] as f64;
            trains += acc.trains[t] as f64;
        }
    }
    let k = if trains > 0.0 { points / trains } else { 0.0 };
    let finished = acc.finished.max(1) as f64;
    let mean_kept = acc.kept.iter().sum::<u64>() as f64 / game.tickets.len().max(1) as f64;
    let tickets = (0..game.tickets.len())
        .map(|t| {
            let pair = matches!(game.tickets[t].goal, Goal::Pair(..));
            let mean_trains =
                (acc.measured[t] > 0).then(|| acc.trains[t] as f64 / acc.measured[t] as f64);
            let rate = if acc.kept[t] > 0 {
                acc.done[t] as f64 / acc.kept[t] as f64
            } else {
                0.0
            };
            let mut flags = Vec::new();
            if acc.kept[t] == 0 {
                flags.push("never kept".to_string());
            } else if (acc.kept[t] as f64) < mean_kept / 3.0 {
                flags.push("rarely kept".to_string());
            }
            if acc.kept[t] >= MIN_KEEPS && rate >= 0.95 {
                flags.push("always completed".to_string());
            }
            if acc.kept[t] >= MIN_KEEPS && rate <= 0.2 {
                flags.push("rarely completed".to_string());
            }
            let enough = acc.measured[t] >= MIN_COMPLETIONS;
            if pair && !enough {
                flags.push("few completions".to_string());
            }
            TicketValue {
                name: super::names::ticket_at(map, source(t)),
                label: game.tickets[t].label.clone(),
                printed: printed[t],
                shortest_path: pair
                    .then(|| costs.get(source(t)).and_then(|c| c.first()).map(|c| c.2))
                    .flatten()
                    .filter(|&d| d != UNREACHABLE),
                kept: acc.kept[t],
                kept_per_game: acc.kept[t] as f64 / finished,
                completed: acc.done[t],
                completion_rate: rate,
                mean_trains,
                trains_se: trains_se(acc, t),
                points_per_train: match (printed[t], mean_trains) {
                    (Some(v), Some(m)) if m > 0.0 => Some(v as f64 / m),
                    _ => None,
                },
                suggested: (pair && enough)
                    .then(|| mean_trains.map(|m| (k * m).round() as i32))
                    .flatten(),
                flags,
                source: source(t),
            }
        })
        .collect();
    Suggestion {
        map: game.name.clone(),
        players: game.players,
        games: config.games,
        finished: acc.finished,
        seed: config.seed,
        bots: config.bots.clone(),
        points_per_train: k,
        tickets,
    }
}

/// The standard error of ticket `t`'s mean trains over its measured completions.
fn trains_se(acc: &Acc, t: usize) -> Option<f64> {
    let n = acc.measured[t];
    (n >= 2).then(|| {
        let (n, sum, sq) = (n as f64, acc.trains[t] as f64, acc.trains_sq[t] as f64);
        let var = ((sq - sum * sum / n) / (n - 1.0)).max(0.0);
        (var / n).sqrt()
    })
}

/// The suggestion as text for people.
pub fn render_human(s: &Suggestion) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}: {} games ({} finished), {} players, bots {}, seed {}",
        s.map,
        s.games,
        s.finished,
        s.players,
        s.bots.join(","),
        s.seed
    );
    let _ = writeln!(
        out,
        "completed tickets pay {:.3} points per train on this map; suggested = that × the trains \
         their completers spent\n",
        s.points_per_train
    );
    let names: Vec<_> = s.tickets.iter().map(|t| column(&t.name)).collect();
    let width = names
        .iter()
        .map(|n| n.chars().count())
        .max()
        .unwrap_or(6)
        .max(6);
    let _ = writeln!(
        out,
        "{:<width$} {:>7} {:>8} {:>6} {:>9} {:>7} {:>8} {:>9}  flags",
        "ticket", "printed", "shortest", "kept", "completed", "trains", "pts/train", "suggested"
    );
    let opt = |x: Option<f64>, d: usize| x.map_or("-".to_string(), |v| format!("{v:.d$}"));
    for (t, name) in s.tickets.iter().zip(&names) {
        let _ = writeln!(
            out,
            "{:<width$} {:>7} {:>8} {:>6} {:>8.0}% {:>7} {:>8} {:>9}  {}",
            name,
            t.printed.map_or("-".to_string(), |v| v.to_string()),
            t.shortest_path.map_or("-".to_string(), |v| v.to_string()),
            t.kept,
            t.completion_rate * 100.0,
            opt(t.mean_trains, 1),
            opt(t.points_per_train, 2),
            t.suggested.map_or("-".to_string(), |v| v.to_string()),
            t.flags.join(", ")
        );
    }
    out
}

/// `text` (a map file) with ticket `i`'s `points` replaced by `value` for each `(i, value)`:
/// only the text under each value changes, so comments, order and layout stay as written.
/// A ticket without a `points` key (an any-of ticket) is an error.
pub fn write_values(
    name: &str,
    text: &str,
    values: &[(usize, i32)],
) -> Result<String, PlaytestError> {
    let loaded = crate::load::load_str(name, text);
    let spans = loaded
        .spans
        .as_ref()
        .filter(|_| !loaded.has_errors())
        .ok_or_else(|| PlaytestError::MapHasErrors(name.to_string()))?;
    let mut edits: Vec<(std::ops::Range<usize>, String)> = Vec::new();
    for &(i, value) in values {
        let path = [
            crate::spans::Seg::from("tickets"),
            crate::spans::Seg::from(i),
            crate::spans::Seg::from("points"),
        ];
        let at = spans.locate(&path);
        if !at.exact {
            return Err(PlaytestError::NoPoints(i + 1));
        }
        edits.push((at.value, value.to_string()));
    }
    Ok(crate::spans::splice(text, edits))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_written_keeping_comments_and_order() {
        let text = "[map]\nid = \"w\"\nname = \"W\"\nplayers = { min = 2, max = 2 }\nboard = { width = 10, height = 10 }\n\n[[cities]]\nid = \"a\"\nposition = [1, 1]\n[[cities]]\nid = \"b\"\nposition = [5, 5]\n[[routes]]\nfrom = \"a\"\nto = \"b\"\nlength = 2\n\n[[tickets]]\nfrom = \"a\"\nto = \"b\"\npoints = 4 # hand-tuned\n";
        let out = write_values("w.toml", text, &[(0, 9)]).unwrap();
        assert_eq!(out, text.replace("points = 4 #", "points = 9 #"));
        assert!(write_values("w.toml", text, &[(1, 9)]).is_err());
    }

    #[test]
    fn cheapest_own_path() {
        // 0 -2- 1 -3- 2, and 0 -9- 2: the cheapest from 0 to 2 is 5.
        let mut adj = vec![Vec::new(); 3];
        for (a, b, w) in [(0u16, 1u16, 2u32), (1, 2, 3), (0, 2, 9)] {
            adj[a as usize].push((b, w));
            adj[b as usize].push((a, w));
        }
        assert_eq!(cheapest(&adj, &[0], &[2]), Some(5));
        assert_eq!(cheapest(&adj, &[0], &[0]), Some(0));
        let apart = vec![Vec::new(); 3];
        assert_eq!(cheapest(&apart, &[0], &[2]), None);
    }
}
