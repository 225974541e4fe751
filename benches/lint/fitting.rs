//! The other 2,000-city board: one whose routes fit. `large_board` packs cities 15 mm apart
//! with routes of up to six cars, so most routes do not fit and the drawn-board lints report
//! thousands of them; here each route is as long as its distance wants (the 300-city board
//! of `tests/board_geometry/generated.rs` at 50 × 40: a jittered grid 70 mm apart, links
//! across and down and one diagonal in some cells, one route in seven a double, names of 4
//! to 12 letters), so the time is that of a board a designer would draw.

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

/// The board as map TOML: `cols` × `rows` cities and `tickets` tickets.
pub fn fitting_board(cols: usize, rows: usize, tickets: usize) -> String {
    let mut rand = Rand(0x300c_17e5);
    let (w, h) = (
        150.0 + (cols - 1) as f64 * SPACING_MM,
        140.0 + (rows - 1) as f64 * SPACING_MM,
    );
    let mut t = format!(
        "[map]\nid = \"fitting\"\nname = \"Large fitting board\"\nplayers = {{ min = 2, max = 5 }}\n\
         board = {{ width = {w}, height = {h}, units = \"mm\" }}\n\n",
    );
    let mut pos = vec![[0.0f64; 2]; cols * rows];
    for r in 0..rows {
        for c in 0..cols {
            let p = [
                60.0 + c as f64 * SPACING_MM + JITTER_MM * rand.unit(),
                70.0 + r as f64 * SPACING_MM + JITTER_MM * rand.unit(),
            ];
            pos[r * cols + c] = p;
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
    write_tickets(&mut t, &mut rand, cols, rows, tickets);
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
