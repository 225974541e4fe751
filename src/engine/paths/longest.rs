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

use super::leave_out::{Piece, leave_out};

/// Pieces of at most this many edges (after contraction) are walked trail by trail: on small
/// pieces the walk is cheaper than setting up the leave-out search (`benches/paths.rs`).
const WALK_LIMIT: usize = 12;

/// The longest continuous path over `edges` (`(a, b, length)`, nodes below `node_count`):
/// the largest total length of a trail, a walk that uses no edge twice and may pass a node
/// any number of times (loops and parallel edges allowed). Separate pieces do not add up:
/// the longest piece's trail counts.
pub fn longest_path(node_count: usize, edges: &[(u16, u16, u8)]) -> u32 {
    Contracted::new(node_count, edges).longest(WALK_LIMIT)
}

/// The edges with every node of degree two (two edges, not a loop) replaced by one edge.
struct Contracted {
    nodes: usize,
    edges: Vec<(u32, u32, u32)>,
    alive: Vec<bool>,
    /// Degree (a loop counts twice); 0 for a node contracted away.
    degree: Vec<u32>,
}

impl Contracted {
    fn new(node_count: usize, edges: &[(u16, u16, u8)]) -> Contracted {
        // Nodes touched by an edge, renumbered densely (a position touches few of the board's).
        let size = edges
            .iter()
            .map(|&(a, b, _)| a.max(b) as usize + 1)
            .max()
            .unwrap_or(0)
            .max(node_count);
        let mut dense = vec![u32::MAX; size];
        let mut nodes = 0u32;
        let mut id = |x: u16| {
            let slot = &mut dense[x as usize];
            if *slot == u32::MAX {
                *slot = nodes;
                nodes += 1;
            }
            *slot
        };
        let mut list: Vec<(u32, u32, u32)> = edges
            .iter()
            .map(|&(a, b, len)| (id(a), id(b), len as u32))
            .collect();
        let nodes = nodes as usize;
        // The first two edges at each node: all of them for a node of degree two.
        let mut degree = vec![0u32; nodes];
        let mut first_two = vec![[u32::MAX; 2]; nodes];
        for (e, &(a, b, _)) in list.iter().enumerate() {
            for end in [a, b] {
                let d = &mut degree[end as usize];
                if *d < 2 {
                    first_two[end as usize][*d as usize] = e as u32;
                }
                *d += 1;
            }
        }
        let mut alive = vec![true; list.len()];
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
        Contracted {
            nodes,
            edges: list,
            alive,
            degree,
        }
    }

    /// The longest trail over all pieces; pieces of at most `walk_limit` edges are walked.
    fn longest(&self, walk_limit: usize) -> u32 {
        let mut parent: Vec<u32> = (0..self.nodes as u32).collect();
        fn root(parent: &mut [u32], mut x: u32) -> u32 {
            while parent[x as usize] != x {
                parent[x as usize] = parent[parent[x as usize] as usize];
                x = parent[x as usize];
            }
            x
        }
        let live = || {
            self.edges
                .iter()
                .zip(&self.alive)
                .filter(|(_, alive)| **alive)
                .map(|(e, _)| *e)
        };
        for (a, b, _) in live() {
            let (ra, rb) = (root(&mut parent, a), root(&mut parent, b));
            parent[ra as usize] = rb;
        }
        // Per piece (by its root): total length, edges, odd nodes.
        #[derive(Clone, Copy, Default)]
        struct Sum {
            total: u32,
            edges: usize,
            odd: usize,
        }
        let mut sums = vec![Sum::default(); self.nodes];
        for (a, _, w) in live() {
            let s = &mut sums[root(&mut parent, a) as usize];
            s.total += w;
            s.edges += 1;
        }
        for v in 0..self.nodes {
            if self.degree[v] % 2 == 1 {
                sums[root(&mut parent, v as u32) as usize].odd += 1;
            }
        }
        let mut roots: Vec<u32> = (0..self.nodes as u32)
            .filter(|&r| sums[r as usize].edges > 0)
            .collect();
        roots.sort_by_key(|&r| std::cmp::Reverse(sums[r as usize].total));
        let mut best = 0;
        let mut local = vec![u32::MAX; self.nodes];
        for r in roots {
            let sum = sums[r as usize];
            if sum.total <= best {
                break;
            }
            if sum.odd <= 2 {
                // The heaviest piece left is one trail: nothing after it can be longer.
                return sum.total;
            }
            let mut piece = Piece {
                nodes: 0,
                edges: Vec::with_capacity(sum.edges),
                total: sum.total,
            };
            for (a, b, w) in live() {
                if root(&mut parent, a) != r {
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
                walk(&piece, best)
            } else {
                leave_out(&piece, best)
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
    let mut incident = vec![0u64; piece.nodes];
    for (e, &(a, b, _)) in piece.edges.iter().enumerate() {
        incident[a as usize] |= 1 << e;
        incident[b as usize] |= 1 << e;
    }
    struct Walk<'a> {
        piece: &'a Piece,
        incident: Vec<u64>,
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
    for v in 0..piece.nodes {
        let degree: u32 = piece
            .edges
            .iter()
            .map(|&(a, b, _)| (a as usize == v) as u32 + (b as usize == v) as u32)
            .sum();
        if degree % 2 == 1 {
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
            let graph = Contracted::new(nodes as usize, &edges);
            assert_eq!(
                graph.longest(64),
                graph.longest(0),
                "round {round}: {edges:?}"
            );
        }
    }
}
