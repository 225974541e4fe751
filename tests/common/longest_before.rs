//! The longest-path search as it was before the leave-out search replaced it (issue 11): a
//! walk over trails from every odd node (every node above 64 edges). Exact and exponential;
//! kept as the reference the new search is checked against (`tests/longest_path.rs`) and as
//! the "before" of `benches/paths.rs`.
#![allow(dead_code)] // the browser tests' crate includes it too and uses a subset

/// The longest continuous path over `edges` (`(a, b, length)`): no edge used twice, nodes
/// may repeat. Exhaustive depth-first search with backtracking, started only where a
/// longest path can start: a longest trail that is closed uses every edge at its nodes
/// (otherwise rotating it to start at a node with an unused edge and adding that edge would
/// make it longer), so it is a whole component with only even degrees, scored as the
/// component's total; an open longest trail cannot be extended at its ends either, so both
/// ends have odd degree, and the search starts from odd-degree nodes only.
pub fn longest_path_before(node_count: usize, edges: &[(u16, u16, u8)]) -> u32 {
    if edges.len() > 64 {
        return longest_path_any_size(node_count, edges);
    }
    // Nodes touched by the edges, renumbered 0..n (at most 128 for 64 edges).
    let mut nodes = [0u16; 128];
    let mut n = 0;
    let index_of = |x: u16, nodes: &mut [u16; 128], n: &mut usize| -> usize {
        match nodes[..*n].iter().position(|&y| y == x) {
            Some(i) => i,
            None => {
                nodes[*n] = x;
                *n += 1;
                *n - 1
            }
        }
    };
    let mut incident = [0u64; 128];
    let mut degree = [0u32; 128];
    let mut ends = [(0u8, 0u8, 0u8); 64];
    let mut component: [u8; 128] = std::array::from_fn(|i| i as u8);
    fn root(component: &mut [u8; 128], mut x: usize) -> usize {
        while component[x] as usize != x {
            component[x] = component[component[x] as usize];
            x = component[x] as usize;
        }
        x
    }
    for (e, &(a, b, len)) in edges.iter().enumerate() {
        let ia = index_of(a, &mut nodes, &mut n);
        let ib = index_of(b, &mut nodes, &mut n);
        ends[e] = (ia as u8, ib as u8, len);
        incident[ia] |= 1 << e;
        incident[ib] |= 1 << e;
        // A loop edge adds two to its node's degree.
        degree[ia] += 1;
        degree[ib] += 1;
        let (ra, rb) = (root(&mut component, ia), root(&mut component, ib));
        component[ra] = rb as u8;
    }
    // Per component: total length and whether any node has odd degree.
    let mut total = [0u32; 128];
    let mut has_odd = [false; 128];
    for &(a, _, len) in &ends[..edges.len()] {
        total[root(&mut component, a as usize)] += len as u32;
    }
    for (i, &d) in degree.iter().enumerate().take(n) {
        if d % 2 == 1 {
            has_odd[root(&mut component, i)] = true;
        }
    }
    fn walk(node: usize, used: u64, incident: &[u64; 128], ends: &[(u8, u8, u8); 64]) -> u32 {
        let mut best = 0;
        let mut free = incident[node] & !used;
        while free != 0 {
            let e = free.trailing_zeros() as usize;
            free &= free - 1;
            let (a, b, len) = ends[e];
            let next = if a as usize == node { b } else { a } as usize;
            best = best.max(len as u32 + walk(next, used | 1 << e, incident, ends));
        }
        best
    }
    let mut best = 0;
    for (i, &d) in degree.iter().enumerate().take(n) {
        let r = root(&mut component, i);
        if !has_odd[r] {
            best = best.max(total[r]);
        } else if d % 2 == 1 {
            best = best.max(walk(i, 0, &incident, &ends));
        }
    }
    best
}

/// [`longest_path_before`] for any number of edges: search from every node.
pub fn longest_path_any_size(node_count: usize, edges: &[(u16, u16, u8)]) -> u32 {
    let mut adjacency: Vec<Vec<(u16, usize)>> = vec![Vec::new(); node_count];
    for (i, &(a, b, _)) in edges.iter().enumerate() {
        adjacency[a as usize].push((b, i));
        adjacency[b as usize].push((a, i));
    }
    fn walk(
        node: u16,
        adjacency: &[Vec<(u16, usize)>],
        edges: &[(u16, u16, u8)],
        used: &mut [bool],
    ) -> u32 {
        let mut best = 0;
        for &(next, e) in &adjacency[node as usize] {
            if !used[e] {
                used[e] = true;
                let len = edges[e].2 as u32 + walk(next, adjacency, edges, used);
                used[e] = false;
                best = best.max(len);
            }
        }
        best
    }
    let mut used = vec![false; edges.len()];
    let mut best = 0;
    for (node, adj) in adjacency.iter().enumerate() {
        if !adj.is_empty() {
            best = best.max(walk(node as u16, &adjacency, edges, &mut used));
        }
    }
    best
}
