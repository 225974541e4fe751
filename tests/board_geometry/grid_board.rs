//! A board no one laid out by hand, as map TOML: `cols` × `rows` cities on a jittered grid
//! 70 mm apart (names of 4 to 12 letters), joined to their neighbours across and down and by
//! one diagonal in some cells (a planar network, as a printed board's is), each route as
//! long as its distance wants at cars of about 25 mm, one in seven a double, and tickets
//! between cities at most 8 columns and rows apart. Deterministic: the same board on every
//! run. The board-geometry tests read it at 20 × 15; `benches/lint.rs` includes this file to
//! time `check` on it at 50 × 40.

use std::fmt::Write;

const SPACING_MM: f64 = 70.0;
const JITTER_MM: f64 = 10.0;
const COLORS: [&str; 9] = [
    "red", "orange", "yellow", "green", "blue", "pink", "white", "black", "gray",
];

/// A deterministic xorshift, so the board is the same on every run.
struct Rand(u64);

impl Rand {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }

    /// Uniform in [-1, 1].
    fn unit(&mut self) -> f64 {
        self.below(2001) as f64 / 1000.0 - 1.0
    }
}

/// A pronounceable name: consonant–vowel syllables, capitalised.
fn name(rand: &mut Rand) -> String {
    const C: &[u8] = b"bcdfghklmnprstvz";
    const V: &[u8] = b"aeiou";
    let mut s = String::new();
    for i in 0..2 + rand.below(5) {
        let c = C[rand.below(C.len() as u64) as usize] as char;
        s.push(if i == 0 { c.to_ascii_uppercase() } else { c });
        s.push(V[rand.below(V.len() as u64) as usize] as char);
    }
    s
}

/// What to generate: the map's id and name, the grid, the tickets and, with `fitted`, the
/// cities at those positions (by row, then column) and the cars at that size, as `ttrmap
/// layout --fit --write` writes them (the routes' lengths stay the generated ones).
pub struct Grid<'a> {
    pub id: &'a str,
    pub name: &'a str,
    pub cols: usize,
    pub rows: usize,
    pub tickets: usize,
    pub fitted: Option<(&'a [[f64; 2]], [f64; 2])>,
}

/// The board of `g` as map TOML.
pub fn grid_board(g: &Grid) -> String {
    let (cols, rows) = (g.cols, g.rows);
    let mut rand = Rand(0x300c_17e5);
    let (w, h) = (
        150.0 + (cols - 1) as f64 * SPACING_MM,
        140.0 + (rows - 1) as f64 * SPACING_MM,
    );
    let space = g.fitted.map_or(String::new(), |(_, [l, w])| {
        format!(", space_mm = [{l}, {w}]")
    });
    let mut t = format!(
        "[map]\nid = \"{}\"\nname = \"{}\"\nplayers = {{ min = 2, max = 5 }}\n\
         board = {{ width = {w}, height = {h}, units = \"mm\"{space} }}\n\n",
        g.id, g.name
    );
    let mut pos = vec![[0.0f64; 2]; cols * rows];
    for r in 0..rows {
        for c in 0..cols {
            let p = [
                60.0 + c as f64 * SPACING_MM + JITTER_MM * rand.unit(),
                70.0 + r as f64 * SPACING_MM + JITTER_MM * rand.unit(),
            ];
            pos[r * cols + c] = p;
            let p = g.fitted.map_or(p, |(f, _)| f[r * cols + c]);
            let name = name(&mut rand);
            let _ = writeln!(
                t,
                "[[cities]]\nid = \"c{c}-{r}\"\nname = \"{name}\"\nposition = [{:.1}, {:.1}]\n",
                p[0], p[1]
            );
        }
    }
    let route = |t: &mut String, rand: &mut Rand, a: (usize, usize), b: (usize, usize)| {
        let (pa, pb) = (pos[a.1 * cols + a.0], pos[b.1 * cols + b.0]);
        let d = ((pa[0] - pb[0]).powi(2) + (pa[1] - pb[1]).powi(2)).sqrt();
        // Markers of 5 mm, 3 mm clear at each end, cars of 25 mm and gaps of 1.6.
        let length = ((d - 14.4) / 26.6).round().max(1.0) as u32;
        let color = rand.below(COLORS.len() as u64) as usize;
        let _ = write!(
            t,
            "[[routes]]\nfrom = \"c{}-{}\"\nto = \"c{}-{}\"\nlength = {length}\n",
            a.0, a.1, b.0, b.1
        );
        if rand.below(7) == 0 {
            let other = COLORS[(color + 1 + rand.below(8) as usize) % COLORS.len()];
            let _ = writeln!(t, "colors = [\"{}\", \"{other}\"]\n", COLORS[color]);
        } else {
            let _ = writeln!(t, "color = \"{}\"\n", COLORS[color]);
        }
    };
    for r in 0..rows {
        for c in 0..cols {
            if c + 1 < cols {
                route(&mut t, &mut rand, (c, r), (c + 1, r));
            }
            if r + 1 < rows {
                route(&mut t, &mut rand, (c, r), (c, r + 1));
            }
            // One diagonal in some cells: the two of a cell would cross.
            if c + 1 < cols && r + 1 < rows && rand.below(3) == 0 {
                if rand.below(2) == 0 {
                    route(&mut t, &mut rand, (c, r), (c + 1, r + 1));
                } else {
                    route(&mut t, &mut rand, (c + 1, r), (c, r + 1));
                }
            }
        }
    }
    write_tickets(&mut t, &mut rand, cols, rows, g.tickets);
    t
}

/// Tickets between cities at most 8 columns and rows apart, like a real deck's spread.
fn write_tickets(t: &mut String, rand: &mut Rand, cols: usize, rows: usize, tickets: usize) {
    for _ in 0..tickets {
        let (c, r) = (
            rand.below(cols as u64) as usize,
            rand.below(rows as u64) as usize,
        );
        let (dc, dr) = (rand.below(9) as usize, rand.below(9) as usize);
        let (c2, r2) = ((c + dc).min(cols - 1), (r + dr).min(rows - 1));
        if (c, r) == (c2, r2) {
            continue;
        }
        let _ = writeln!(
            t,
            "[[tickets]]\nfrom = \"c{c}-{r}\"\nto = \"c{c2}-{r2}\"\npoints = {}\n",
            2 * (dc + dr)
        );
    }
}
