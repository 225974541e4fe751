//! The longest continuous path over one player's routes: the longest trail (no route used
//! twice, cities visited any number of times), exact, on any position.
//!
//! The network is first made smaller without changing the answer: a city with exactly two
//! routes becomes one route of their summed length (a longest trail uses both or neither:
//! one that used only one would end there, with the other free to add), and the network is
//! split into its connected pieces, heaviest first, so that a piece no longer than the best
//! found so far is never searched. A piece with at most two odd cities is one trail whole
//! (Euler). Small pieces are then walked trail by trail; larger ones go to the leave-out
//! search (`leave_out.rs`), whose effort grows with the odd cities to mend rather than with
//! the routes, so a network of many short routes no longer takes exponential time.
//!
//! Speed: the buffers of a search (the contraction's, the pieces', the leave-out search's)
//! are kept per thread from one call to the next, and the walk's sets are u64 bitsets on
//! the stack (`benches/paths.rs`: random 2-player USA networks 1.60 µs each, against 1.78 µs
//! for the walk of old on the same positions).

use super::leave_out::{self, Piece};
use std::cell::RefCell;

/// Pieces of at most this many edges (after contraction) are walked trail by trail: on small
/// pieces the walk is cheaper than setting up the leave-out search (`benches/paths.rs`).
const WALK_LIMIT: usize = 12;

thread_local! {
    /// The buffers of the last search on this thread, kept for the next: a game's final
    /// scoring asks once per player, a playtest thousands of times a second.
    static SCRATCH: RefCell<Contracted> = RefCell::new(Contracted::default());
}

/// The longest continuous path over `edges` (`(a, b, length)`, nodes below `node_count`):
/// the largest total length of a trail, a walk that uses no edge twice and may pass a node
/// any number of times (loops and parallel edges allowed). Separate pieces do not add up:
/// the longest piece's trail counts.
pub fn longest_path(node_count: usize, edges: &[(u16, u16, u8)]) -> u32 {
    SCRATCH.with(|cell| match cell.try_borrow_mut() {
        Ok(mut scratch) => {
            scratch.contract(node_count, edges);
            scratch.longest(WALK_LIMIT)
        }
        // Not reached (the search calls nothing that searches again), but never a panic.
        Err(_) => {
            let mut own = Contracted::default();
            own.contract(node_count, edges);
            own.longest(WALK_LIMIT)
        }
    })
}

/// Per piece (by its root): total length, edges, odd nodes.
#[derive(Clone, Copy, Default)]
struct Sum {
    total: u32,
    edges: usize,
    odd: usize,
}

/// The edges with every node of degree two (two edges, not a loop) replaced by one edge,
/// and the buffers of the search over them, kept from call to call.
#[derive(Default)]
struct Contracted {
    nodes: usize,
    edges: Vec<(u32, u32, u32)>,
    alive: Vec<bool>,
    /// Degree (a loop counts twice); 0 for a node contracted away.
    degree: Vec<u32>,
    // Scratch.
    dense: Vec<u32>,
    first_two: Vec<[u32; 2]>,
    parent: Vec<u32>,
    sums: Vec<Sum>,
    local: Vec<u32>,
    roots: Vec<u32>,
    piece: Piece,
    search: leave_out::Scratch,
}

fn root(parent: &mut [u32], mut x: u32) -> u32 {
    while parent[x as usize] != x {
        parent[x as usize] = parent[parent[x as usize] as usize];
        x = parent[x as usize];
    }
    x
}

impl Contracted {
    #[cfg(test)]
    fn new(node_count: usize, edges: &[(u16, u16, u8)]) -> Contracted {
        let mut c = Contracted::default();
        c.contract(node_count, edges);
        c
    }

    fn contract(&mut self, node_count: usize, edges: &[(u16, u16, u8)]) {
        // Nodes touched by an edge, renumbered densely (a position touches few of the board's).
        let size = edges
            .iter()
            .map(|&(a, b, _)| a.max(b) as usize + 1)
            .max()
            .unwrap_or(0)
            .max(node_count);
        let dense = &mut self.dense;
        dense.clear();
        dense.resize(size, u32::MAX);
        let mut nodes = 0u32;
        let mut id = |x: u16| {
            let slot = &mut dense[x as usize];
            if *slot == u32::MAX {
                *slot = nodes;
                nodes += 1;
            }
            *slot
        };
        let list = &mut self.edges;
        list.clear();
        list.extend(edges.iter().map(|&(a, b, len)| (id(a), id(b), len as u32)));
        let nodes = nodes as usize;
        self.nodes = nodes;
        // The first two edges at each node: all of them for a node of degree two.
        let degree = &mut self.degree;
        degree.clear();
        degree.resize(nodes, 0);
        let first_two = &mut self.first_two;
        first_two.clear();
        first_two.resize(nodes, [u32::MAX; 2]);
        for (e, &(a, b, _)) in list.iter().enumerate() {
            for end in [a, b] {
                let d = &mut degree[end as usize];
                if *d < 2 {
                    first_two[end as usize][*d as usize] = e as u32;
                }
                *d += 1;
            }
        }
        let alive = &mut self.alive;
        alive.clear();
        alive.resize(list.len(), true);
        // Contracting keeps every other node's degree (each end loses the edge to the node
        // and gains the joined one; a common end loses two and gains a loop), so one pass
        // finds every node to contract, chains included.
        for v in 0..nodes {
            let [e1, e2] = first_two[v];
            if degree[v] != 2 || e1 == e2 {
                continue; // not two edges, or one loop
            }
            let ((a1, b1, w1), (a2, b2, w2)) = (list[e1 as usize], list[e2 as usize]);
            let v32 = v as u32;
            let u = if a1 == v32 { b1 } else { a1 };
            let x = if a2 == v32 { b2 } else { a2 };
            // The joined edge takes e1's place; x now meets it where it met e2.
            list[e1 as usize] = (u, x, w1 + w2);
            alive[e2 as usize] = false;
            degree[v] = 0;
            if let Some(slot) = first_two[x as usize].iter_mut().find(|s| **s == e2) {
                *slot = e1;
            }
        }
    }

    /// The longest trail over all pieces; pieces of at most `walk_limit` edges are walked.
    fn longest(&mut self, walk_limit: usize) -> u32 {
        let nodes = self.nodes;
        let parent = &mut self.parent;
        parent.clear();
        parent.extend(0..nodes as u32);
        let live = self
            .edges
            .iter()
            .zip(&self.alive)
            .filter(|(_, alive)| **alive)
            .map(|(e, _)| *e);
        for (a, b, _) in live.clone() {
            let (ra, rb) = (root(parent, a), root(parent, b));
            parent[ra as usize] = rb;
        }
        let sums = &mut self.sums;
        sums.clear();
        sums.resize(nodes, Sum::default());
        for (a, _, w) in live.clone() {
            let s = &mut sums[root(parent, a) as usize];
            s.total += w;
            s.edges += 1;
        }
        for v in 0..nodes {
            if self.degree[v] % 2 == 1 {
                sums[root(parent, v as u32) as usize].odd += 1;
            }
        }
        let roots = &mut self.roots;
        roots.clear();
        roots.extend((0..nodes as u32).filter(|&r| sums[r as usize].edges > 0));
        roots.sort_by_key(|&r| std::cmp::Reverse(sums[r as usize].total));
        let mut best = 0;
        let local = &mut self.local;
        local.clear();
        local.resize(nodes, u32::MAX);
        for &r in roots.iter() {
            let sum = sums[r as usize];
            if sum.total <= best {
                break;
            }
            if sum.odd <= 2 {
                // The heaviest piece left is one trail: nothing after it can be longer.
                return sum.total;
            }
            let piece = &mut self.piece;
            piece.nodes = 0;
            piece.edges.clear();
            piece.total = sum.total;
            for (a, b, w) in live.clone() {
                if root(parent, a) != r {
                    continue;
                }
                let mut id = |x: u32| {
                    if local[x as usize] == u32::MAX {
                        local[x as usize] = piece.nodes as u32;
                        piece.nodes += 1;
                    }
                    local[x as usize]
                };
                let (la, lb) = (id(a), id(b));
                piece.edges.push((la, lb, w));
            }
            best = if piece.edges.len() <= walk_limit.min(64) {
                walk(piece, best)
            } else {
                self.search.leave_out(piece, best)
            };
        }
        best
    }
}

/// The longer of `best` and the longest trail in a piece of at most 64 edges, walking every
/// trail from every odd node. A longest trail that is not closed cannot be made longer at
/// either end, so both its ends are odd; a closed one would use every edge at its nodes
/// (else rotate it to a node with a free edge and add that edge), so it is the whole piece,
/// which has odd nodes here and so is no closed trail.
fn walk(piece: &Piece, best: u32) -> u32 {
    // A connected piece of at most 64 edges has at most 65 nodes.
    let mut incident = [0u64; 65];
    let mut degree = [0u32; 65];
    for (e, &(a, b, _)) in piece.edges.iter().enumerate() {
        incident[a as usize] |= 1 << e;
        incident[b as usize] |= 1 << e;
        degree[a as usize] += 1;
        degree[b as usize] += 1;
    }
    struct Walk<'a> {
        piece: &'a Piece,
        incident: [u64; 65],
        best: u32,
    }
    impl Walk<'_> {
        /// Extends a trail of `length` ending at `node`; `left` is the length not used yet.
        fn from(&mut self, node: usize, used: u64, length: u32, left: u32) {
            self.best = self.best.max(length);
            if length + left <= self.best {
                return;
            }
            let mut free = self.incident[node] & !used;
            while free != 0 {
                let e = free.trailing_zeros() as usize;
                free &= free - 1;
                let (a, b, w) = self.piece.edges[e];
                let next = if a as usize == node { b } else { a } as usize;
                self.from(next, used | 1 << e, length + w, left - w);
            }
        }
    }
    let mut search = Walk {
        piece,
        incident,
        best,
    };
    for (v, &d) in degree.iter().enumerate().take(piece.nodes) {
        if d % 2 == 1 {
            search.from(v, 0, 0, piece.total);
        }
    }
    search.best
}

#[cfg(test)]
mod tests {
    use super::Contracted;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// The walk and the leave-out search are independent exact searches: on every piece
    /// they must agree. (`tests/longest_path.rs` checks both against the walk of old.)
    #[test]
    fn walking_and_leaving_out_agree() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for round in 0..1_000 {
            // Up to 12 edges: both searches on each piece (the walk tries every trail).
            let nodes = rng.random_range(2..10u16);
            let count = rng.random_range(0..13usize);
            let edges: Vec<(u16, u16, u8)> = (0..count)
                .map(|_| {
                    let len = if round % 2 == 0 {
                        1
                    } else {
                        rng.random_range(1..7u8)
                    };
                    (rng.random_range(0..nodes), rng.random_range(0..nodes), len)
                })
                .collect();
            let mut graph = Contracted::new(nodes as usize, &edges);
            assert_eq!(
                graph.longest(64),
                graph.longest(0),
                "round {round}: {edges:?}"
            );
        }
    }
}
