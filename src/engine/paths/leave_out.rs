//! The leave-out search for the longest trail of one connected piece: which edges to leave
//! out so that the rest is connected with at most two odd nodes (every such set is one trail,
//! by Euler, and every trail is such a set). It branches once per odd node to mend, so its
//! depth is the number of odd nodes, not of edges, and a lower bound on what must still be
//! left out (usually exact) prunes it; a walk over trails branches at every city it passes.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// One connected piece, nodes numbered `0..nodes`, edges `(a, b, length)`.
#[derive(Default)]
pub(super) struct Piece {
    pub nodes: usize,
    pub edges: Vec<(u32, u32, u32)>,
    pub total: u32,
}

/// The buffers of a search, kept from one search to the next (their sizes change, their
/// allocations stay).
#[derive(Default)]
pub(super) struct Scratch {
    incident: Vec<Vec<u32>>,
    in_s: Vec<bool>,
    forced: Vec<bool>,
    degree: Vec<u32>,
    removed: Vec<u32>,
    seen: Vec<bool>,
    stack: Vec<u32>,
    dist: Vec<u32>,
    cell: Vec<u32>,
    nearest: Vec<u32>,
    heap: BinaryHeap<Reverse<(u32, u32)>>,
    odd: Vec<u32>,
    near: Vec<u32>,
    lists: Vec<Vec<u32>>,
}

impl Scratch {
    /// The longer of `best` and the longest trail in `piece`.
    pub(super) fn leave_out(&mut self, piece: &Piece, best: u32) -> u32 {
        let mut search = Search::new(piece, best, std::mem::take(self));
        search.search(Ends::default());
        *self = search.scratch;
        search.best
    }
}

/// At most two nodes allowed to stay odd (the trail's ends), chosen during the search.
#[derive(Clone, Copy, Default)]
struct Ends {
    nodes: [u32; 2],
    len: usize,
}

impl Ends {
    fn contains(&self, v: u32) -> bool {
        self.nodes[..self.len].contains(&v)
    }

    fn with(mut self, v: u32) -> Ends {
        self.nodes[self.len] = v;
        self.len += 1;
        self
    }
}

/// Branch and bound over the edges to leave out of one piece. A search node is a connected
/// edge set `S` (the edges still in), edges `forced` to stay, and the ends chosen so far; it
/// stands for every connected subset of `S` keeping the forced edges whose odd nodes are the
/// chosen ends plus at most `2 - ends` others. When `S` itself qualifies it is the best of
/// them; otherwise an odd node `x` that is not an end is mended: either some edge of `x`
/// goes (one branch per edge, the earlier ones forced to stay, so no subset is searched
/// twice), or all of them stay and `x` becomes an end. Leaving out an edge that splits `S`
/// continues in either half.
struct Search<'a> {
    piece: &'a Piece,
    total: u32,
    best: u32,
    scratch: Scratch,
}

const FAR: u32 = u32::MAX;

impl<'a> Search<'a> {
    fn new(piece: &'a Piece, best: u32, mut scratch: Scratch) -> Search<'a> {
        let n = piece.nodes;
        let m = piece.edges.len();
        let incident = &mut scratch.incident;
        for list in incident.iter_mut() {
            list.clear();
        }
        if incident.len() < n {
            incident.resize_with(n, Vec::new);
        }
        let degree = &mut scratch.degree;
        degree.clear();
        degree.resize(n, 0);
        for (e, &(a, b, _)) in piece.edges.iter().enumerate() {
            incident[a as usize].push(e as u32);
            degree[a as usize] += 1;
            degree[b as usize] += 1;
            if b != a {
                incident[b as usize].push(e as u32);
            }
        }
        let reset = |v: &mut Vec<bool>, len: usize, x: bool| {
            v.clear();
            v.resize(len, x);
        };
        reset(&mut scratch.in_s, m, true);
        reset(&mut scratch.forced, m, false);
        reset(&mut scratch.seen, n, false);
        for v in [&mut scratch.dist, &mut scratch.cell, &mut scratch.nearest] {
            v.clear();
            v.resize(n, FAR);
        }
        scratch.removed.clear();
        scratch.stack.clear();
        scratch.heap.clear();
        Search {
            piece,
            total: piece.total,
            best,
            scratch,
        }
    }

    /// An empty list from the pool (returned with [`Search::give_back`]).
    fn list(&mut self) -> Vec<u32> {
        let mut list = self.scratch.lists.pop().unwrap_or_default();
        list.clear();
        list
    }

    fn give_back(&mut self, list: Vec<u32>) {
        self.scratch.lists.push(list);
    }

    fn search(&mut self, mut ends: Ends) {
        if self.total <= self.best {
            return;
        }
        // An end with no edge left is no end: its place goes back.
        let was = ends;
        ends = Ends::default();
        for &v in &was.nodes[..was.len] {
            if self.scratch.degree[v as usize] > 0 {
                ends = ends.with(v);
            }
        }
        let free_ends = 2 - ends.len;
        let mut odd = std::mem::take(&mut self.scratch.odd);
        odd.clear();
        odd.extend(
            (0..self.piece.nodes as u32)
                .filter(|&v| self.scratch.degree[v as usize] % 2 == 1 && !ends.contains(v)),
        );
        let x = self.mended_node(&odd, ends, free_ends);
        self.scratch.odd = odd;
        let Some(x) = x else {
            return;
        };
        let mut options = self.list();
        options.extend(self.options(x));
        // Edges to another odd node first: leaving one out mends both ends.
        options.sort_by_key(|&e| {
            let (a, b, w) = self.piece.edges[e as usize];
            let other = if a == x { b } else { a };
            let mends_both = self.scratch.degree[other as usize] % 2 == 1 && !ends.contains(other);
            (!mends_both, w)
        });
        for &e in &options {
            self.without(e, ends);
            self.scratch.forced[e as usize] = true;
        }
        if free_ends > 0 {
            self.search(ends.with(x));
        }
        for &e in &options {
            self.scratch.forced[e as usize] = false;
        }
        self.give_back(options);
    }

    /// The odd node to mend next, or `None` when the search ends here: `S` qualifies (its
    /// length is then the best), or the bound rules it out. The node with the fewest
    /// choices (fail first), nearest to another first.
    fn mended_node(&mut self, odd: &[u32], ends: Ends, free_ends: usize) -> Option<u32> {
        if odd.len() <= free_ends {
            self.best = self.total;
            return None;
        }
        let must_drop = self.drop_bound(odd, ends, free_ends)?;
        if self.total.saturating_sub(must_drop) <= self.best {
            return None;
        }
        odd.iter()
            .copied()
            .min_by_key(|&v| (self.options(v).count(), self.scratch.nearest[v as usize]))
    }

    /// The edges of `v` that may be left out: in `S`, not forced, not loops (a loop never
    /// changes a node's parity).
    fn options(&self, v: u32) -> impl Iterator<Item = u32> + '_ {
        self.scratch.incident[v as usize]
            .iter()
            .copied()
            .filter(|&e| {
                let (a, b, _) = self.piece.edges[e as usize];
                self.scratch.in_s[e as usize] && !self.scratch.forced[e as usize] && a != b
            })
    }

    /// Searches `S` without edge `e`; when that splits `S`, each half in turn.
    fn without(&mut self, e: u32, ends: Ends) {
        let mark = self.scratch.removed.len();
        self.remove(e);
        let (a, b, _) = self.piece.edges[e as usize];
        if self.reaches(a, b) {
            self.search(ends);
        } else {
            // `seen` marks a's half; everything else left in S is b's.
            let (mut half_a, mut half_b) = (self.list(), self.list());
            for (f, &(u, _, _)) in self.piece.edges.iter().enumerate() {
                if self.scratch.in_s[f] {
                    if self.scratch.seen[u as usize] {
                        half_a.push(f as u32);
                    } else {
                        half_b.push(f as u32);
                    }
                }
            }
            let weight = |half: &[u32]| -> u32 {
                half.iter().map(|&f| self.piece.edges[f as usize].2).sum()
            };
            // (what stays, what goes), the heavier half first.
            let (weight_a, weight_b) = (weight(&half_a), weight(&half_b));
            let mut order = [(weight_a, half_b), (weight_b, half_a)];
            order.sort_by_key(|(w, _)| Reverse(*w));
            for (w, drop) in order {
                if w > self.best && !drop.iter().any(|&f| self.scratch.forced[f as usize]) {
                    let inner = self.scratch.removed.len();
                    for &f in &drop {
                        self.remove(f);
                    }
                    self.search(ends);
                    self.restore(inner);
                }
                self.give_back(drop);
            }
        }
        self.restore(mark);
    }

    fn remove(&mut self, e: u32) {
        let (a, b, w) = self.piece.edges[e as usize];
        self.scratch.in_s[e as usize] = false;
        self.scratch.degree[a as usize] -= 1;
        self.scratch.degree[b as usize] -= 1;
        self.total -= w;
        self.scratch.removed.push(e);
    }

    fn restore(&mut self, mark: usize) {
        while self.scratch.removed.len() > mark {
            let e = self.scratch.removed.pop().expect("above the mark");
            let (a, b, w) = self.piece.edges[e as usize];
            self.scratch.in_s[e as usize] = true;
            self.scratch.degree[a as usize] += 1;
            self.scratch.degree[b as usize] += 1;
            self.total += w;
        }
    }

    /// Whether `to` is reached from `from` over `S`; `seen` marks what `from` reaches.
    fn reaches(&mut self, from: u32, to: u32) -> bool {
        self.scratch.seen.fill(false);
        self.scratch.seen[from as usize] = true;
        self.scratch.stack.clear();
        self.scratch.stack.push(from);
        while let Some(v) = self.scratch.stack.pop() {
            for &e in &self.scratch.incident[v as usize] {
                if !self.scratch.in_s[e as usize] {
                    continue;
                }
                let (a, b, _) = self.piece.edges[e as usize];
                let next = if a == v { b } else { a };
                if !self.scratch.seen[next as usize] {
                    self.scratch.seen[next as usize] = true;
                    self.scratch.stack.push(next);
                }
            }
        }
        self.scratch.seen[to as usize]
    }

    /// A lower bound on the length that must still be left out, or `None` when no subset
    /// qualifies. The edges left out have odd degree exactly where a node changes parity,
    /// so they hold edge-disjoint paths pairing those nodes up. Every odd node `x` that is
    /// not an end and does not stay odd is such a node, and its path runs (over edges that
    /// may go) to another odd node or chosen end, at least `d(x)` away, or to a node that
    /// turns odd, which then takes a free end's place; so do odd nodes that stay odd. Each
    /// path is counted from both of its ends, hence half of the sum of `d(x)` over all but
    /// the `free_ends` farthest.
    fn drop_bound(&mut self, odd: &[u32], ends: Ends, free_ends: usize) -> Option<u32> {
        let droppable = |s: &Self, e: usize| {
            let (a, b, _) = s.piece.edges[e];
            s.scratch.in_s[e] && !s.scratch.forced[e] && a != b
        };
        // Nearest other terminal of each terminal, by one Dijkstra from all of them at once:
        // the shortest way out of a node's own region (the nodes nearest to it) is.
        self.scratch.dist.fill(FAR);
        self.scratch.cell.fill(FAR);
        self.scratch.heap.clear();
        for &t in odd.iter().chain(&ends.nodes[..ends.len]) {
            self.scratch.dist[t as usize] = 0;
            self.scratch.cell[t as usize] = t;
            self.scratch.nearest[t as usize] = FAR;
            self.scratch.heap.push(Reverse((0, t)));
        }
        while let Some(Reverse((d, v))) = self.scratch.heap.pop() {
            if d > self.scratch.dist[v as usize] {
                continue;
            }
            for i in 0..self.scratch.incident[v as usize].len() {
                let e = self.scratch.incident[v as usize][i] as usize;
                if !droppable(self, e) {
                    continue;
                }
                let (a, b, w) = self.piece.edges[e];
                let next = if a == v { b } else { a } as usize;
                if d + w < self.scratch.dist[next] {
                    self.scratch.dist[next] = d + w;
                    self.scratch.cell[next] = self.scratch.cell[v as usize];
                    self.scratch.heap.push(Reverse((d + w, next as u32)));
                }
            }
        }
        for e in 0..self.piece.edges.len() {
            if !droppable(self, e) {
                continue;
            }
            let (a, b, w) = self.piece.edges[e];
            let (ca, cb) = (self.scratch.cell[a as usize], self.scratch.cell[b as usize]);
            if ca == FAR || cb == FAR || ca == cb {
                continue;
            }
            let through = self.scratch.dist[a as usize] + w + self.scratch.dist[b as usize];
            self.scratch.nearest[ca as usize] = self.scratch.nearest[ca as usize].min(through);
            self.scratch.nearest[cb as usize] = self.scratch.nearest[cb as usize].min(through);
        }
        let mut near = std::mem::take(&mut self.scratch.near);
        near.clear();
        near.extend(odd.iter().map(|&v| self.scratch.nearest[v as usize]));
        near.sort_unstable();
        let mended = &near[..odd.len() - free_ends];
        let bound = if mended.contains(&FAR) {
            None
        } else {
            let sum: u64 = mended.iter().map(|&d| d as u64).sum();
            Some(sum.div_ceil(2).min(u32::MAX as u64) as u32)
        };
        self.scratch.near = near;
        bound
    }
}
