//! Render timing on a 47-city board: `cargo bench --bench render` (release build).
//! A plain timing loop (no harness): the board is generated here, so the numbers do not
//! depend on which maps happen to be shipped.

use std::fmt::Write;
use std::time::Instant;
use ttrmap::render::{Options, to_png, to_svg};

/// A 47-city board: an 8 × 6 grid less one corner, jittered deterministically, with routes
/// to the right and lower neighbours (every third a double route) and 30 tickets.
fn board() -> String {
    let mut seed: u64 = 0x5eed;
    let mut rand = move || {
        // xorshift: deterministic jitter without a dependency.
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % 1000) as f64 / 1000.0
    };
    let colors = [
        "red", "orange", "yellow", "green", "blue", "pink", "white", "black", "gray",
    ];
    let mut t = String::from(
        "[map]\nid = \"bench\"\nname = \"Bench board\"\nplayers = { min = 2, max = 5 }\n\
         board = { width = 1600, height = 1050 }\n",
    );
    let (cols, rows) = (8, 6);
    let id = |c: usize, r: usize| format!("c{c}-{r}");
    let exists = |c: usize, r: usize| !(c == cols - 1 && r == rows - 1);
    for r in 0..rows {
        for c in 0..cols {
            if exists(c, r) {
                let x = 100.0 + c as f64 * 200.0 + (rand() - 0.5) * 60.0;
                let y = 100.0 + r as f64 * 170.0 + (rand() - 0.5) * 50.0;
                let _ = write!(
                    t,
                    "[[cities]]\nid = \"{}\"\nname = \"City {c}{r}\"\nposition = [{x:.0}, {y:.0}]\n",
                    id(c, r)
                );
            }
        }
    }
    let mut n = 0;
    for r in 0..rows {
        for c in 0..cols {
            for (dc, dr) in [(1, 0), (0, 1)] {
                let (c2, r2) = (c + dc, r + dr);
                if c2 < cols && r2 < rows && exists(c, r) && exists(c2, r2) {
                    let len = if dc == 1 { 6 } else { 5 };
                    let color = if n % 3 == 0 {
                        format!(
                            "colors = [\"{}\", \"{}\"]",
                            colors[n % 9],
                            colors[(n + 4) % 9]
                        )
                    } else {
                        format!("color = \"{}\"", colors[n % 9])
                    };
                    let _ = write!(
                        t,
                        "[[routes]]\nfrom = \"{}\"\nto = \"{}\"\nlength = {len}\n{color}\n",
                        id(c, r),
                        id(c2, r2)
                    );
                    n += 1;
                }
            }
        }
    }
    for k in 0..30 {
        let _ = write!(
            t,
            "[[tickets]]\nfrom = \"{}\"\nto = \"{}\"\npoints = {}\n",
            id(k % cols, 0),
            id((k * 3) % (cols - 1), rows - 1 - (k % 2)),
            5 + k % 15
        );
    }
    t
}

fn main() {
    let text = board();
    let loaded = ttrmap::load::load_str("bench.toml", &text);
    assert!(!loaded.has_errors(), "{:?}", loaded.diagnostics);
    let map = loaded.map.expect("model");
    let opts = Options::default();
    let spaces: usize = map
        .routes
        .iter()
        .map(|r| r.lane_count() as usize * r.length as usize)
        .sum();
    println!(
        "board: {} cities, {} routes, {} spaces",
        map.cities.len(),
        map.routes.len(),
        spaces
    );

    let svg = to_svg(&map, &opts).expect("svg");
    let runs = 50;
    let start = Instant::now();
    for _ in 0..runs {
        std::hint::black_box(to_svg(&map, &opts).expect("svg"));
    }
    let svg_ms = start.elapsed().as_secs_f64() * 1000.0 / runs as f64;
    println!("svg: {svg_ms:.2} ms per render ({} bytes)", svg.len());

    let png = to_png(&map, &opts).expect("png");
    let runs = 5;
    let start = Instant::now();
    for _ in 0..runs {
        std::hint::black_box(to_png(&map, &opts).expect("png"));
    }
    let png_ms = start.elapsed().as_secs_f64() * 1000.0 / runs as f64;
    println!(
        "png 2000 px: {png_ms:.1} ms per render ({} bytes)",
        png.len()
    );
}
