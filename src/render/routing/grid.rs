//! The chosen spaces of every route (and the names kept clear), in a uniform grid of cells
//! about a car long: the choice asks, for each space of each shape it tries, which chosen
//! spaces meet its box, and moves a route's spaces in and out at every change. A grid does
//! both in a few steps (a space's box meets at most four cells; a move is a few removals
//! from short lists), where a tree's removals rebalance. What a query finds is the same
//! as an R-tree's (every space whose box meets the box asked, touching included), each once;
//! its order is not meaningful, and the costs put what they sum in a fixed order.

use crate::render::geom::Prepared;
use crate::render::types::P;

/// One chosen space: its route (or [`super::cost::NAME`]), its number among the route's
/// spaces (or the name's) and its corners.
#[derive(Debug, Clone, Copy)]
pub(super) struct Item {
    pub route: usize,
    pub index: usize,
    pub q: Prepared,
}

/// A cell's reference to an item: its box, the first cell its box meets (where a query
/// meeting several of its cells reports it) and where it is kept.
#[derive(Debug, Clone, Copy)]
struct Slot {
    lo: P,
    hi: P,
    first: [u32; 2],
    at: u32,
}

pub(super) struct Grid {
    cell: f64,
    size: [usize; 2],
    cells: Vec<Vec<Slot>>,
    items: Vec<Item>,
    /// Places in `items` free for reuse.
    free: Vec<u32>,
    /// Where each (route, space) is kept.
    place: std::collections::HashMap<(usize, usize), u32>,
}

/// Whether two boxes meet (touching counts).
pub(super) fn meets([alo, ahi]: &[P; 2], [blo, bhi]: &[P; 2]) -> bool {
    alo[0] <= bhi[0] && blo[0] <= ahi[0] && alo[1] <= bhi[1] && blo[1] <= ahi[1]
}

impl Grid {
    /// An empty grid over the board `[0, w] × [0, h]` (what lies beyond goes in the edge
    /// cells) with cells of about `cell` on a side.
    pub fn new(board: [f64; 2], cell: f64) -> Self {
        // Not more than about a thousand cells a side, however small the cars.
        let cell = cell
            .max(board[0].max(board[1]) / 1024.0)
            .max(f64::MIN_POSITIVE);
        let size = board.map(|b| ((b / cell).ceil() as usize).max(1));
        Grid {
            cell,
            size,
            cells: vec![Vec::new(); size[0] * size[1]],
            items: Vec::new(),
            free: Vec::new(),
            place: Default::default(),
        }
    }

    /// The cell holding `p`, the edge cells holding what lies beyond.
    fn cell_of(&self, p: P) -> [u32; 2] {
        // `as` saturates: negative (and NaN) to 0.
        [0, 1].map(|k| ((p[k] / self.cell) as usize).min(self.size[k] - 1) as u32)
    }

    pub fn insert(&mut self, q: &Prepared, route: usize, index: usize) {
        let item = Item {
            route,
            index,
            q: *q,
        };
        let at = match self.free.pop() {
            Some(at) => {
                self.items[at as usize] = item;
                at
            }
            None => {
                self.items.push(item);
                (self.items.len() - 1) as u32
            }
        };
        self.place.insert((route, index), at);
        let [lo, hi] = q.bbox;
        let (first, last) = (self.cell_of(lo), self.cell_of(hi));
        for y in first[1]..=last[1] {
            for x in first[0]..=last[0] {
                let cell = y as usize * self.size[0] + x as usize;
                self.cells[cell].push(Slot { lo, hi, first, at });
            }
        }
    }

    /// Takes out the space `index` of `route` (inserted with corners `q`).
    pub fn remove(&mut self, q: &Prepared, route: usize, index: usize) {
        let Some(at) = self.place.remove(&(route, index)) else {
            return;
        };
        let [lo, hi] = q.bbox;
        let (first, last) = (self.cell_of(lo), self.cell_of(hi));
        for y in first[1]..=last[1] {
            for x in first[0]..=last[0] {
                let cell = &mut self.cells[y as usize * self.size[0] + x as usize];
                if let Some(k) = cell.iter().position(|s| s.at == at) {
                    cell.swap_remove(k);
                }
            }
        }
        self.free.push(at);
    }

    /// Calls `f` once for every item whose box meets `[lo, hi]`.
    pub fn meeting(&self, [lo, hi]: [P; 2], mut f: impl FnMut(&Item)) {
        let (first, last) = (self.cell_of(lo), self.cell_of(hi));
        for y in first[1]..=last[1] {
            for x in first[0]..=last[0] {
                for s in &self.cells[y as usize * self.size[0] + x as usize] {
                    // Reported in the first cell that both boxes meet: once.
                    let home = [s.first[0].max(first[0]), s.first[1].max(first[1])];
                    if home == [x, y] && meets(&[s.lo, s.hi], &[lo, hi]) {
                        f(&self.items[s.at as usize]);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::geom::{bounds, quad};

    /// What the grid finds is what a pass over every space finds: each space whose box meets
    /// the box asked, once, also beyond the board and after removals.
    #[test]
    fn a_query_finds_each_meeting_space_once() {
        let mut grid = Grid::new([100.0, 60.0], 10.0);
        let mut all = Vec::new();
        for i in 0..60 {
            let c = [(i * 37 % 130) as f64 - 15.0, (i * 23 % 80) as f64 - 10.0];
            let q = Prepared::new(&quad(c, (i * 29) as f64, 22.0, 9.0));
            grid.insert(&q, i % 7, i);
            all.push((i % 7, i, q));
        }
        for &(r, i, q) in all.iter().step_by(3) {
            grid.remove(&q, r, i);
        }
        let kept: Vec<_> = all
            .iter()
            .enumerate()
            .filter(|(k, _)| k % 3 != 0)
            .map(|(_, x)| *x)
            .collect();
        for k in 0..40 {
            let lo = [(k * 13 % 120) as f64 - 20.0, (k * 7 % 70) as f64 - 10.0];
            let area = [lo, [lo[0] + 5.0 + k as f64, lo[1] + 3.0 + (k % 9) as f64]];
            let mut found = Vec::new();
            grid.meeting(area, |it| found.push(it.index));
            found.sort();
            let mut want: Vec<usize> = kept
                .iter()
                .filter(|(_, _, q)| meets(&bounds(&q.q), &area))
                .map(|x| x.1)
                .collect();
            want.sort();
            assert_eq!(found, want, "{area:?}");
        }
    }
}
