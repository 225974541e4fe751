//! The leave-out search for the longest trail of one connected piece: which edges to leave
//! out so that the rest is connected with at most two odd nodes (every such set is one trail,
//! by Euler, and every trail is such a set). It branches once per odd node to mend, so its
//! depth is the number of odd nodes, not of edges, and a lower bound on what must still be
//! left out (usually exact) prunes it; a walk over trails branches at every city it passes.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// One connected piece, nodes numbered `0..nodes`, edges `(a, b, length)`.
pub(super) struct Piece {
    pub nodes: usize,
    pub edges: Vec<(u32, u32, u32)>,
    pub total: u32,
}

/// The longer of `best` and the longest trail in `piece`.
pub(super) fn leave_out(piece: &Piece, best: u32) -> u32 {
    Search::new(piece, best).run()
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
    incident: Vec<Vec<u32>>,
    in_s: Vec<bool>,
    forced: Vec<bool>,
    degree: Vec<u32>,
    total: u32,
    best: u32,
    removed: Vec<u32>,
    // Scratch for the connectivity test and the bound.
    seen: Vec<bool>,
    stack: Vec<u32>,
    dist: Vec<u32>,
    cell: Vec<u32>,
    nearest: Vec<u32>,
    heap: BinaryHeap<Reverse<(u32, u32)>>,
}

const FAR: u32 = u32::MAX;

impl<'a> Search<'a> {
    fn new(piece: &'a Piece, best: u32) -> Search<'a> {
        let n = piece.nodes;
        let mut incident: Vec<Vec<u32>> = vec![Vec::new(); n];
        let mut degree = vec![0u32; n];
        for (e, &(a, b, _)) in piece.edges.iter().enumerate() {
            incident[a as usize].push(e as u32);
            degree[a as usize] += 1;
            degree[b as usize] += 1;
            if b != a {
                incident[b as usize].push(e as u32);
            }
        }
        Search {
            piece,
            incident,
            in_s: vec![true; piece.edges.len()],
            forced: vec![false; piece.edges.len()],
            degree,
            total: piece.total,
            best,
            removed: Vec::new(),
            seen: vec![false; n],
            stack: Vec::new(),
            dist: vec![FAR; n],
            cell: vec![FAR; n],
            nearest: vec![FAR; n],
            heap: BinaryHeap::new(),
        }
    }

    /// The best of `best` and this piece's longest trail.
    fn run(mut self) -> u32 {
        self.search(Ends::default());
        self.best
    }

    fn search(&mut self, mut ends: Ends) {
        if self.total <= self.best {
            return;
        }
        // An end with no edge left is no end: its place goes back.
        let was = ends;
        ends = Ends::default();
        for &v in &was.nodes[..was.len] {
            if self.degree[v as usize] > 0 {
                ends = ends.with(v);
            }
        }
        let free_ends = 2 - ends.len;
        let odd: Vec<u32> = (0..self.piece.nodes as u32)
            .filter(|&v| self.degree[v as usize] % 2 == 1 && !ends.contains(v))
            .collect();
        if odd.len() <= free_ends {
            self.best = self.total;
            return;
        }
        let Some(must_drop) = self.drop_bound(&odd, ends, free_ends) else {
            return;
        };
        if self.total.saturating_sub(must_drop) <= self.best {
            return;
        }
        // Mend the odd node with the fewest choices (fail first), nearest to another first.
        let x = *odd
            .iter()
            .min_by_key(|&&v| (self.options(v).count(), self.nearest[v as usize]))
            .expect("more odd nodes than free ends");
        let mut options: Vec<u32> = self.options(x).collect();
        // Edges to another odd node first: leaving one out mends both ends.
        options.sort_by_key(|&e| {
            let (a, b, w) = self.piece.edges[e as usize];
            let other = if a == x { b } else { a };
            let mends_both = self.degree[other as usize] % 2 == 1 && !ends.contains(other);
            (!mends_both, w)
        });
        for &e in &options {
            self.without(e, ends);
            self.forced[e as usize] = true;
        }
        if free_ends > 0 {
            self.search(ends.with(x));
        }
        for &e in &options {
            self.forced[e as usize] = false;
        }
    }

    /// The edges of `v` that may be left out: in `S`, not forced, not loops (a loop never
    /// changes a node's parity).
    fn options(&self, v: u32) -> impl Iterator<Item = u32> + '_ {
        self.incident[v as usize].iter().copied().filter(|&e| {
            let (a, b, _) = self.piece.edges[e as usize];
            self.in_s[e as usize] && !self.forced[e as usize] && a != b
        })
    }

    /// Searches `S` without edge `e`; when that splits `S`, each half in turn.
    fn without(&mut self, e: u32, ends: Ends) {
        let mark = self.removed.len();
        self.remove(e);
        let (a, b, _) = self.piece.edges[e as usize];
        if self.reaches(a, b) {
            self.search(ends);
        } else {
            // `seen` marks a's half; everything else left in S is b's.
            let (mut half_a, mut half_b) = (Vec::new(), Vec::new());
            for (f, &(u, _, _)) in self.piece.edges.iter().enumerate() {
                if self.in_s[f] {
                    if self.seen[u as usize] {
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
                if w <= self.best || drop.iter().any(|&f| self.forced[f as usize]) {
                    continue;
                }
                let inner = self.removed.len();
                for &f in &drop {
                    self.remove(f);
                }
                self.search(ends);
                self.restore(inner);
            }
        }
        self.restore(mark);
    }

    fn remove(&mut self, e: u32) {
        let (a, b, w) = self.piece.edges[e as usize];
        self.in_s[e as usize] = false;
        self.degree[a as usize] -= 1;
        self.degree[b as usize] -= 1;
        self.total -= w;
        self.removed.push(e);
    }

    fn restore(&mut self, mark: usize) {
        while self.removed.len() > mark {
            let e = self.removed.pop().expect("above the mark");
            let (a, b, w) = self.piece.edges[e as usize];
            self.in_s[e as usize] = true;
            self.degree[a as usize] += 1;
            self.degree[b as usize] += 1;
            self.total += w;
        }
    }

    /// Whether `to` is reached from `from` over `S`; `seen` marks what `from` reaches.
    fn reaches(&mut self, from: u32, to: u32) -> bool {
        self.seen.fill(false);
        self.seen[from as usize] = true;
        self.stack.clear();
        self.stack.push(from);
        while let Some(v) = self.stack.pop() {
            for &e in &self.incident[v as usize] {
                if !self.in_s[e as usize] {
                    continue;
                }
                let (a, b, _) = self.piece.edges[e as usize];
                let next = if a == v { b } else { a };
                if !self.seen[next as usize] {
                    self.seen[next as usize] = true;
                    self.stack.push(next);
                }
            }
        }
        self.seen[to as usize]
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
            s.in_s[e] && !s.forced[e] && a != b
        };
        // Nearest other terminal of each terminal, by one Dijkstra from all of them at once:
        // the shortest way out of a node's own region (the nodes nearest to it) is.
        self.dist.fill(FAR);
        self.cell.fill(FAR);
        self.heap.clear();
        for &t in odd.iter().chain(&ends.nodes[..ends.len]) {
            self.dist[t as usize] = 0;
            self.cell[t as usize] = t;
            self.nearest[t as usize] = FAR;
            self.heap.push(Reverse((0, t)));
        }
        while let Some(Reverse((d, v))) = self.heap.pop() {
            if d > self.dist[v as usize] {
                continue;
            }
            for i in 0..self.incident[v as usize].len() {
                let e = self.incident[v as usize][i] as usize;
                if !droppable(self, e) {
                    continue;
                }
                let (a, b, w) = self.piece.edges[e];
                let next = if a == v { b } else { a } as usize;
                if d + w < self.dist[next] {
                    self.dist[next] = d + w;
                    self.cell[next] = self.cell[v as usize];
                    self.heap.push(Reverse((d + w, next as u32)));
                }
            }
        }
        for e in 0..self.piece.edges.len() {
            if !droppable(self, e) {
                continue;
            }
            let (a, b, w) = self.piece.edges[e];
            let (ca, cb) = (self.cell[a as usize], self.cell[b as usize]);
            if ca == FAR || cb == FAR || ca == cb {
                continue;
            }
            let through = self.dist[a as usize] + w + self.dist[b as usize];
            self.nearest[ca as usize] = self.nearest[ca as usize].min(through);
            self.nearest[cb as usize] = self.nearest[cb as usize].min(through);
        }
        let mut near: Vec<u32> = odd.iter().map(|&v| self.nearest[v as usize]).collect();
        near.sort_unstable();
        let mended = &near[..odd.len() - free_ends];
        if mended.contains(&FAR) {
            return None;
        }
        let sum: u64 = mended.iter().map(|&d| d as u64).sum();
        Some(sum.div_ceil(2).min(u32::MAX as u64) as u32)
    }
}
