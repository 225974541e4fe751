//! Render timing on a 47-city board: `cargo bench --bench render` (release build).
//! A plain timing loop (no harness): the board is generated here, so the numbers do not
//! depend on which maps happen to be shipped. Each figure is the CPU time this thread spent
//! per render (on Linux; the goals are in process time, which a busy machine does not
//! inflate), with the wall time beside it. `--write FILE` writes the board's TOML, to time
//! `ttrmap render` on it as a whole process.

use std::fmt::Write;
use std::time::Instant;
use ttrmap::render::{Options, to_png, to_svg};

/// The allocator the `ttrmap` binary runs with (src/main.rs), so that the figures are its.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

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

/// CPU time of this thread so far, when the system says (Linux: `/proc/thread-self/schedstat`,
/// nanoseconds on the CPU).
fn cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e9)
}

/// Milliseconds per run of `f`: CPU time (when known) and wall time.
fn time(runs: usize, mut f: impl FnMut()) -> (Option<f64>, f64) {
    let (cpu0, start) = (cpu_seconds(), Instant::now());
    for _ in 0..runs {
        f();
    }
    let wall = start.elapsed().as_secs_f64() * 1000.0 / runs as f64;
    let cpu = cpu0
        .zip(cpu_seconds())
        .map(|(a, b)| (b - a) * 1000.0 / runs as f64);
    (cpu, wall)
}

fn shown((cpu, wall): (Option<f64>, f64)) -> String {
    match cpu {
        Some(cpu) => format!("{cpu:.2} ms of CPU per render ({wall:.2} ms wall)"),
        None => format!("{wall:.2} ms per render (wall)"),
    }
}

fn main() {
    let text = board();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        if a == "--write" {
            let path = args.next().expect("--write FILE");
            std::fs::write(&path, &text).expect("write the board");
            println!("wrote {path}");
            return;
        }
    }
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
    let t = time(50, || {
        std::hint::black_box(to_svg(&map, &opts).expect("svg"));
    });
    println!("svg: {} ({} bytes)", shown(t), svg.len());

    let png = to_png(&map, &opts).expect("png");
    let t = time(5, || {
        std::hint::black_box(to_png(&map, &opts).expect("png"));
    });
    println!("png 2000 px: {} ({} bytes)", shown(t), png.len());
}
