//! The search tree: open-loop information-set Monte Carlo tree search over the bot's own
//! decisions.
//!
//! A node is a sequence of the bot's own actions from the position searched; what the
//! others do between them and what chance deals are not in the tree (each iteration plays
//! them afresh in its own dealt copy), so a node gathers the statistics of one plan of the
//! bot's over every deal. An iteration walks down from the root: at each of the bot's
//! decisions it picks among the node's children legal in this copy (UCB1, counting for each
//! child the iterations in which it could have been picked, as information-set MCTS does),
//! adds one node where it leaves the tree, and plays the game out with the styles.
//!
//! Progressive widening keeps large action sets tractable: a node tries the styles' choices
//! first ([`prior::proposals`]) and admits one more of the other legal actions
//! ([`prior::extras`]) each time its visits pass the next square of [`WIDEN_STEP`] times
//! the extras it has (1, 4, 9, ... times the step). More rollouts thus buy both a finer
//! estimate of the same moves, deeper plans of the bot's next moves, and moves the styles
//! would not make.

use super::prior::{self, EXTRA_STYLE};
use super::value;
use crate::bots::Bot;
use crate::bots::styles::{Style, StyleBot};
use crate::engine::{Action, Game, State};
use rand_chacha::ChaCha8Rng;

/// UCB1's exploration weight (a win is worth 1).
const EXPLORATION: f64 = 0.7;
/// A node admits its `e`-th extra action once visited `WIDEN_STEP × e²` times.
const WIDEN_STEP: f64 = 16.0;
/// Own decisions the tree holds below the root, at most.
const MAX_DEPTH: u32 = 6;
/// Actions after which a rollout stops and counts as a shared result (the engine ends
/// games long before: this only bounds a rollout that could not finish).
const ROLLOUT_CAP: u32 = 5_000;

/// Extra actions (beyond the styles' choices) a node visited `visits` times tries.
pub(super) fn extras_allowed(visits: u32) -> usize {
    (visits as f64 / WIDEN_STEP).sqrt() as usize
}

#[derive(Debug)]
struct Child {
    action: Action,
    style: Style,
    /// Iterations through this child, and the sum of their values.
    n: u32,
    total: f64,
    /// Iterations in which this child was among the node's candidates.
    avail: u32,
    next: Option<u32>,
}

#[derive(Debug, Default)]
struct Node {
    visits: u32,
    children: Vec<Child>,
}

/// One search: the tree for one decision of seat `me`.
pub(super) struct Tree<'g> {
    game: &'g Game,
    me: u8,
    nodes: Vec<Node>,
    /// The root's candidates, in prior order, and how many of them are the styles' (and the
    /// ticket draw a bonus asks for): the root's legal actions do not depend on the deal.
    root: Vec<(Action, Style)>,
    root_proposed: usize,
    scratch: Vec<Action>,
    list: Vec<(Action, Style)>,
}

impl<'g> Tree<'g> {
    pub(super) fn new(
        game: &'g Game,
        me: u8,
        root: Vec<(Action, Style)>,
        root_proposed: usize,
    ) -> Tree<'g> {
        Tree {
            game,
            me,
            nodes: vec![Node::default()],
            root,
            root_proposed,
            scratch: Vec::new(),
            list: Vec::new(),
        }
    }

    /// The root's action with the most iterations (ties: the higher total, then the earlier
    /// in prior order).
    pub(super) fn best(&self) -> Action {
        let children = &self.nodes[0].children;
        let mut best = 0;
        for (i, c) in children.iter().enumerate().skip(1) {
            let b = &children[best];
            if c.n > b.n || (c.n == b.n && c.total > b.total) {
                best = i;
            }
        }
        children.get(best).map_or(self.root[0].0, |c| c.action)
    }

    /// The candidates of `node` in `det` into `self.list`, in prior order, cut to what the
    /// node's visits admit.
    fn candidates(&mut self, node: u32, det: &State) {
        let visits = self.nodes[node as usize].visits;
        self.list.clear();
        let proposed = if node == 0 {
            self.list.extend_from_slice(&self.root);
            self.root_proposed
        } else {
            det.legal_actions(self.game, &mut self.scratch);
            prior::proposals(self.game, det, &self.scratch, &mut self.list);
            let m = self.list.len();
            if extras_allowed(visits) > 0 {
                prior::extras(self.game, det, &self.scratch, &mut self.list);
            }
            m
        };
        self.list.truncate(proposed + extras_allowed(visits));
    }

    /// Picks a child of `node` among `self.list` (creating the new ones): the first never
    /// tried, else the best by UCB1 over the iterations it was available.
    fn select(&mut self, node: u32) -> usize {
        let n = &mut self.nodes[node as usize];
        let mut pick: Option<usize> = None;
        let mut best = f64::NEG_INFINITY;
        for &(action, style) in &self.list {
            let i = match n.children.iter().position(|c| c.action == action) {
                Some(i) => i,
                None => {
                    n.children.push(Child {
                        action,
                        style,
                        n: 0,
                        total: 0.0,
                        avail: 0,
                        next: None,
                    });
                    n.children.len() - 1
                }
            };
            let c = &mut n.children[i];
            c.avail += 1;
            if pick.is_some() && best == f64::INFINITY {
                continue;
            }
            let score = if c.n == 0 {
                f64::INFINITY
            } else {
                c.total / c.n as f64 + EXPLORATION * ((c.avail as f64).ln() / c.n as f64).sqrt()
            };
            if score > best {
                best = score;
                pick = Some(i);
            }
        }
        pick.unwrap_or(0)
    }

    /// One iteration in the dealt copy `det` with chance `chance`; the others' seats play
    /// the styles of `styles` (by seat). Returns nothing: the value goes up the path.
    pub(super) fn iterate(&mut self, mut det: State, styles: &[Style], chance: &mut ChaCha8Rng) {
        let game = self.game;
        let me = self.me as usize;
        let mut bots: Vec<StyleBot> = styles.iter().map(|&s| StyleBot::new(s)).collect();
        let mut path: Vec<(u32, usize)> = Vec::new();
        let mut node = Some(0u32);
        let mut depth = 0;
        let mut scratch = Vec::new();
        let mut unused = rand::SeedableRng::seed_from_u64(0);
        let mut v = None;
        for _ in 0..ROLLOUT_CAP {
            if det.is_terminal() {
                v = Some(value(&det.scores(), me));
                break;
            }
            let p = det.current_player() as usize;
            let action = match node {
                Some(at) if p == me => {
                    self.candidates(at, &det);
                    if at != 0 && self.scratch.len() == 1 {
                        // A forced move is no decision: no node for it.
                        self.scratch[0]
                    } else {
                        let i = self.select(at);
                        path.push((at, i));
                        let child = &self.nodes[at as usize].children[i];
                        let action = child.action;
                        if at == 0 {
                            bots[me] = StyleBot::new(child.style);
                        }
                        node = match child.next {
                            Some(next) => Some(next),
                            None if depth + 1 < MAX_DEPTH => {
                                self.nodes.push(Node::default());
                                let next = self.nodes.len() as u32 - 1;
                                self.nodes[at as usize].children[i].next = Some(next);
                                // The new node is tried from the next iteration on.
                                None
                            }
                            None => None,
                        };
                        depth += 1;
                        action
                    }
                }
                _ => match bots[p].act(game, &det, &mut scratch, &mut unused) {
                    Some(a) => a,
                    None => break,
                },
            };
            if det.apply(game, action, chance).is_err() {
                break;
            }
        }
        // A rollout that could not finish counts as a shared result.
        let v = v.unwrap_or(0.5);
        for (at, i) in path {
            let n = &mut self.nodes[at as usize];
            n.visits += 1;
            let c = &mut n.children[i];
            c.n += 1;
            c.total += v;
        }
    }
}

/// The style of each seat in iteration `k`: seat `p` plays style `(k + p) mod 4` (the bot does
/// not know how the others play); the bot's own seat is set when it leaves the tree.
pub(super) fn seat_styles(players: usize, me: usize, k: u32) -> Vec<Style> {
    (0..players)
        .map(|p| {
            if p == me {
                EXTRA_STYLE
            } else {
                Style::ALL[(k as usize + p) % Style::ALL.len()]
            }
        })
        .collect()
}

#[cfg(test)]
pub(crate) mod tests {
    use super::{Tree, extras_allowed, seat_styles};
    use crate::bots::Bot;
    use crate::bots::search::prior;
    use crate::bots::styles::{Style, StyleBot};
    use crate::engine::{Action, Game, Phase, Seen, State};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// A 2-player USA game and a position at the start of a turn of seat 0 after `actions`
    /// style-bot actions.
    pub(crate) fn usa_mid_game(actions: usize) -> (Game, State) {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/usa.toml");
        let loaded = crate::load::load_path(&path).expect("readable");
        let game = Game::new(loaded.map.as_ref().expect("loaded"), 2, None).expect("playable");
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut state = State::new(&game, 7, &mut rng);
        let mut bots = [
            StyleBot::new(Style::DestinationHungry),
            StyleBot::new(Style::OneStep),
        ];
        let mut scratch = Vec::new();
        let mut done = 0;
        while done < actions || state.phase != Phase::Main || state.current_player() != 0 {
            let p = state.current_player() as usize;
            let a = bots[p]
                .act(&game, &state, &mut scratch, &mut rng)
                .expect("an action");
            state.apply(&game, a, &mut rng).expect("legal");
            done += 1;
        }
        (game, state)
    }

    /// Runs `iterations` iterations of a tree for seat 0 of `state`, its root holding the
    /// styles' proposals and then the extras.
    fn searched<'g>(game: &'g Game, state: &State, iterations: u32) -> (Tree<'g>, usize) {
        let mut legal = Vec::new();
        state.legal_actions(game, &mut legal);
        let mut root = Vec::new();
        prior::proposals(game, state, &legal, &mut root);
        let proposed = root.len();
        prior::extras(game, state, &legal, &mut root);
        let mut tree = Tree::new(game, 0, root, proposed);
        for k in 0..iterations {
            let mut deal = ChaCha8Rng::seed_from_u64(k as u64);
            let copy = state.determinize(game, 0, &Seen::default(), &mut deal);
            let styles = seat_styles(2, 0, k);
            tree.iterate(
                copy,
                &styles,
                &mut ChaCha8Rng::seed_from_u64(1000 + k as u64),
            );
        }
        (tree, proposed)
    }

    /// A node admits its e-th extra action at 16 e² visits: none below 16, one from 16, two
    /// from 64, three from 144.
    #[test]
    fn a_node_widens_with_its_visits() {
        let admitted: Vec<usize> = [0, 15, 16, 63, 64, 143, 144, 400]
            .iter()
            .map(|&v| extras_allowed(v))
            .collect();
        assert_eq!(admitted, [0, 0, 1, 1, 2, 2, 3, 5]);
        let (game, state) = usa_mid_game(30);
        // 16 iterations: only the styles' choices are tried at the root.
        let (tree, proposed) = searched(&game, &state, 16);
        let tried = tree.nodes[0].children.iter().filter(|c| c.n > 0).count();
        assert!(tried <= proposed, "{tried} tried of {proposed} proposed");
        // 401 iterations, the last one at 400 visits: every proposal and the five extras
        // admitted by then were tried (each once before UCB1 chooses among them), nothing
        // beyond.
        let (tree, proposed) = searched(&game, &state, 401);
        let tried = tree.nodes[0].children.iter().filter(|c| c.n > 0).count();
        assert_eq!(tried, proposed + 5);
        assert_eq!(tree.nodes[0].children.len(), proposed + 5);
    }

    /// Every iteration goes through exactly one root child; a child was available at least
    /// as often as it was played; and the tree grows below the root.
    #[test]
    fn every_iteration_passes_the_root_once() {
        let (game, state) = usa_mid_game(20);
        let (tree, _) = searched(&game, &state, 200);
        let root = &tree.nodes[0];
        assert_eq!(root.visits, 200);
        assert_eq!(root.children.iter().map(|c| c.n).sum::<u32>(), 200);
        assert!(root.children.iter().all(|c| c.avail >= c.n));
        assert!(
            tree.nodes.len() > root.children.len(),
            "{} nodes",
            tree.nodes.len()
        );
        // The chosen action is the most played root child.
        let most = root.children.iter().map(|c| c.n).max().unwrap_or(0);
        let best = tree.best();
        assert!(
            root.children
                .iter()
                .any(|c| c.action == best && c.n == most)
        );
        assert!(matches!(
            best,
            Action::Claim { .. } | Action::DrawBlind | Action::DrawFaceUp(_) | Action::DrawTickets
        ));
    }
}
