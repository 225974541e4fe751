//! Path questions on one player's routes: the longest continuous path (the longest-path
//! bonus and tie-break), whether two route-disjoint paths join two places (India's Grand
//! Tour), and the lightest tree joining several places (trains-used tickets).

use std::cmp::Reverse;
use std::collections::BinaryHeap;

mod leave_out;
mod longest;
pub use longest::longest_path;

/// Whether two paths sharing no route join `from` and `to`: a unit-capacity max flow of 2.
pub(crate) fn two_disjoint_paths(
    node_count: usize,
    edges: &[(u16, u16)],
    from: &[u16],
    to: &[u16],
) -> bool {
    // Nodes: the graph's, then a source and a sink. Each route is two opposite arcs of
    // capacity 1; arc i's reverse is i ^ 1.
    let source = node_count;
    let sink = node_count + 1;
    let mut head = Vec::new();
    let mut cap = Vec::new();
    let mut adjacency: Vec<Vec<usize>> = vec![Vec::new(); node_count + 2];
    let mut arc = |a: usize, b: usize, c: i32, rev_c: i32| {
        adjacency[a].push(head.len());
        head.push(b);
        cap.push(c);
        adjacency[b].push(head.len());
        head.push(a);
        cap.push(rev_c);
    };
    for &(a, b) in edges {
        arc(a as usize, b as usize, 1, 1);
    }
    for &f in from {
        arc(source, f as usize, 2, 0);
    }
    for &t in to {
        arc(t as usize, sink, 2, 0);
    }
    let mut flow = 0;
    while flow < 2 {
        let mut came: Vec<Option<usize>> = vec![None; node_count + 2];
        let mut queue = std::collections::VecDeque::from([source]);
        let mut seen = vec![false; node_count + 2];
        seen[source] = true;
        while let Some(n) = queue.pop_front() {
            for &a in &adjacency[n] {
                let m = head[a];
                if cap[a] > 0 && !seen[m] {
                    seen[m] = true;
                    came[m] = Some(a);
                    queue.push_back(m);
                }
            }
        }
        if !seen[sink] {
            return false;
        }
        let mut n = sink;
        while let Some(a) = came[n] {
            cap[a] -= 1;
            cap[a ^ 1] += 1;
            n = head[a ^ 1];
        }
        flow += 1;
    }
    true
}

/// More places than this are not searched for a Steiner tree (the table grows as 3^k); a
/// ticket with more scores its printed value. Castilla's are triples.
const MAX_PLACES: usize = 10;

/// The least total weight of edges joining at least one node of every place (a group
/// Steiner tree, by the Dreyfus–Wagner table over subsets of places), or `None` when the
/// edges do not join them all (or there are more than [`MAX_PLACES`] places).
pub fn steiner_tree_weight(
    nodes: usize,
    edges: &[(u16, u16, u32)],
    places: &[Vec<u16>],
) -> Option<u32> {
    let k = places.len();
    if k == 0 || k > MAX_PLACES {
        return None;
    }
    let mut adjacent: Vec<Vec<(usize, u32)>> = vec![Vec::new(); nodes];
    for &(a, b, w) in edges {
        let (a, b) = (a as usize, b as usize);
        if a < nodes && b < nodes {
            adjacent[a].push((b, w));
            adjacent[b].push((a, w));
        }
    }
    const NONE: u32 = u32::MAX;
    let full = (1usize << k) - 1;
    // best[mask][v]: the lightest tree containing v that touches every place in mask.
    let mut best = vec![vec![NONE; nodes]; full + 1];
    for (i, place) in places.iter().enumerate() {
        for &v in place {
            if (v as usize) < nodes {
                best[1 << i][v as usize] = 0;
            }
        }
    }
    for mask in 1..=full {
        // Two trees meeting at v.
        let mut sub = (mask - 1) & mask;
        while sub > 0 {
            let rest = mask ^ sub;
            if sub < rest {
                let joined: Vec<u32> = best[sub]
                    .iter()
                    .zip(&best[rest])
                    .map(|(&x, &y)| {
                        if x == NONE || y == NONE {
                            NONE
                        } else {
                            x.saturating_add(y)
                        }
                    })
                    .collect();
                for (cell, w) in best[mask].iter_mut().zip(joined) {
                    *cell = (*cell).min(w);
                }
            }
            sub = (sub - 1) & mask;
        }
        // Then grown along edges (Dijkstra from every node at once).
        let row = &mut best[mask];
        let mut queue: BinaryHeap<Reverse<(u32, usize)>> = row
            .iter()
            .enumerate()
            .filter(|(_, w)| **w != NONE)
            .map(|(v, &w)| Reverse((w, v)))
            .collect();
        while let Some(Reverse((w, v))) = queue.pop() {
            if w > row[v] {
                continue;
            }
            for &(u, e) in &adjacent[v] {
                let through = w.saturating_add(e);
                if through < row[u] {
                    row[u] = through;
                    queue.push(Reverse((through, u)));
                }
            }
        }
    }
    best[full].iter().copied().filter(|&w| w != NONE).min()
}

#[cfg(test)]
mod tests {
    use super::steiner_tree_weight;

    // A star: centre 0 joined to 1, 2, 3 by 2 spaces each, and a long way 1–2 of 5.
    const STAR: [(u16, u16, u32); 4] = [(0, 1, 2), (0, 2, 2), (0, 3, 2), (1, 2, 5)];

    #[test]
    fn a_fork_counts_both_sides_and_ignores_the_longer_way() {
        // 1, 2 and 3 joined through the centre: 2 + 2 + 2 = 6 (not 5 + 2 + 2 via 1–2).
        let places = [vec![1], vec![2], vec![3]];
        assert_eq!(steiner_tree_weight(4, &STAR, &places), Some(6));
        // Just 1 and 2: through the centre 4 beats the direct 5.
        assert_eq!(steiner_tree_weight(4, &STAR, &[vec![1], vec![2]]), Some(4));
    }

    #[test]
    fn unjoined_places_have_no_tree() {
        let places = [vec![1], vec![4]];
        assert_eq!(steiner_tree_weight(5, &STAR, &places), None);
        assert_eq!(steiner_tree_weight(5, &[], &[]), None);
    }

    #[test]
    fn a_place_of_several_nodes_needs_only_one() {
        // Place {2, 3}: reaching 2 from 1 costs 4, reaching 3 from 1 costs 4; either will do.
        let places = [vec![1], vec![2, 3]];
        assert_eq!(steiner_tree_weight(4, &STAR, &places), Some(4));
    }
}
