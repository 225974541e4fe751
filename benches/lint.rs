//! Lint timing: `cargo bench --bench lint` (release build). A plain timing loop (no harness).
//! Runs every lint on the shipped Europe map (47 cities) and on a generated 2,000-city board
//! (a 50 × 40 grid with every east link and about half of the south links: ~3 routes per city,
//! planar) with 2,000 tickets. Goals: under 20 ms for Europe, under 1 s for the large board
//! (every rule, the drawn-board ones included), human output within 2x of JSON. The large
//! board's routes do not fit (cities 15 mm apart, up to six cars); a second 2,000-city board
//! whose routes do (`fitting_board`: the board-geometry tests' grid at 50 × 40) has the same
//! 1 s goal.
//! `--write FILE` writes the large board's TOML and `--write-fitting FILE` the other's, to
//! time `ttrmap check` on them (two builds against each other, measured in the same run,
//! whole-process CPU).

use std::fmt::Write;
use std::time::{Duration, Instant};

#[path = "../tests/board_geometry/grid_board.rs"]
mod grid_board;

/// The 2,000-city board whose routes fit: the board-geometry tests' generated grid at 50 × 40
/// cities, with 2,000 tickets, so the time is that of a board a designer would draw.
fn fitting_board() -> String {
    grid_board::grid_board(&grid_board::Grid {
        id: "fitting",
        name: "Large fitting board",
        cols: 50,
        rows: 40,
        tickets: 2000,
        fitted: None,
    })
}

/// The allocator the `ttrmap` binary runs with (src/main.rs), so that the figures are its.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The generated board as TOML text. Deterministic (xorshift), so runs are comparable.
fn large_board(cols: usize, rows: usize, tickets: usize) -> String {
    let mut seed: u64 = 0x1e57;
    let mut rand = move |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    };
    let colors = [
        "red", "orange", "yellow", "green", "blue", "pink", "white", "black", "gray",
    ];
    let mut t = String::from(
        "[map]\nid = \"large\"\nname = \"Large board\"\nplayers = { min = 2, max = 5 }\n\
         board = { width = 10000, height = 8000 }\n",
    );
    let id = |c: usize, r: usize| format!("c{c}-{r}");
    for r in 0..rows {
        for c in 0..cols {
            let _ = write!(
                t,
                "[[cities]]\nid = \"{}\"\nposition = [{}, {}]\n",
                id(c, r),
                100 + c * 190,
                100 + r * 190
            );
        }
    }
    let route = |t: &mut String, a: String, b: String, rand: &mut dyn FnMut(u64) -> u64| {
        let len = 1 + rand(6);
        let color = colors[rand(colors.len() as u64) as usize];
        let _ = write!(
            t,
            "[[routes]]\nfrom = \"{a}\"\nto = \"{b}\"\nlength = {len}\ncolor = \"{color}\"\n"
        );
    };
    for r in 0..rows {
        for c in 0..cols {
            if c + 1 < cols {
                route(&mut t, id(c, r), id(c + 1, r), &mut rand);
            }
            // The first column always links south, so the board is connected.
            if r + 1 < rows && (c == 0 || rand(2) == 0) {
                route(&mut t, id(c, r), id(c, r + 1), &mut rand);
            }
        }
    }
    for _ in 0..tickets {
        // Tickets between cities at most 8 columns and rows apart, like a real deck's spread.
        let (c, r) = (rand(cols as u64) as usize, rand(rows as u64) as usize);
        let dc = rand(9) as usize;
        let dr = rand(9) as usize;
        let (c2, r2) = ((c + dc).min(cols - 1), (r + dr).min(rows - 1));
        if (c, r) == (c2, r2) {
            continue;
        }
        let _ = write!(
            t,
            "[[tickets]]\nfrom = \"{}\"\nto = \"{}\"\npoints = {}\n",
            id(c, r),
            id(c2, r2),
            2 * (dc + dr)
        );
    }
    t
}

/// Process CPU time (user + system) from /proc, or wall time elsewhere.
fn cpu_time() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let after = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = after.split_whitespace().collect();
    // Fields 14 and 15 of stat (utime, stime) are 12 and 13 after the command name.
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(Duration::from_millis(ticks * 10)) // USER_HZ is 100 on Linux
}

fn time(label: &str, loaded: &ttrmap::load::Loaded, runs: u32, goal: Duration) -> bool {
    let mut best = Duration::MAX;
    let mut findings = 0;
    let cpu_before = cpu_time();
    for _ in 0..runs {
        let start = Instant::now();
        findings = ttrmap::lint::run(loaded).len();
        best = best.min(start.elapsed());
    }
    let cpu = match (cpu_before, cpu_time()) {
        (Some(a), Some(b)) => format!("{:.1?} process time per run", (b - a) / runs),
        _ => "process time unavailable".into(),
    };
    let ok = best <= goal;
    println!(
        "{label}: best of {runs} {best:.2?} ({cpu}), {findings} findings; goal {goal:?}: {}",
        if ok { "ok" } else { "SLOW" }
    );
    ok
}

/// `check` of the large board in human form against JSON, each the whole job (lint, then
/// write every finding): the human form shows each finding's source lines and must stay
/// within 2x of JSON however many findings there are. The writing alone is printed too.
fn output_formats(loaded: &ttrmap::load::Loaded, text: &str) -> bool {
    use ttrmap::report::{FileReport, Format, render};
    let mut took = [Duration::MAX; 2];
    let mut writing = [Duration::MAX; 2];
    let mut count = 0;
    for (k, format) in [Format::Human, Format::Json].into_iter().enumerate() {
        for _ in 0..2 {
            let start = Instant::now();
            let mut diagnostics = loaded.diagnostics.clone();
            diagnostics.extend(ttrmap::lint::run(loaded));
            count = diagnostics.len();
            let files = [FileReport {
                name: "large.toml",
                text,
                diagnostics: &diagnostics,
            }];
            let written = Instant::now();
            std::hint::black_box(render(format, &files, false, ttrmap::lint::codes::summary));
            writing[k] = writing[k].min(written.elapsed());
            took[k] = took[k].min(start.elapsed());
        }
    }
    let ok = took[0] <= took[1] * 2;
    println!(
        "check with {count} findings: human {:.2?} (writing {:.2?}), json {:.2?} (writing {:.2?}); goal human within 2x: {}",
        took[0],
        writing[0],
        took[1],
        writing[1],
        if ok { "ok" } else { "SLOW" }
    );
    ok
}

fn main() {
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        if a == "--write" {
            let path = args.next().expect("--write FILE");
            std::fs::write(&path, large_board(50, 40, 2000)).expect("write the board");
            println!("wrote {path}");
            return;
        }
        if a == "--write-fitting" {
            let path = args.next().expect("--write-fitting FILE");
            std::fs::write(&path, fitting_board()).expect("write the board");
            println!("wrote {path}");
            return;
        }
    }
    let europe_path = concat!(env!("CARGO_MANIFEST_DIR"), "/maps/europe.toml");
    let europe = ttrmap::load::load_path(std::path::Path::new(europe_path)).expect("europe map");
    assert!(!europe.has_errors(), "{:?}", europe.diagnostics);
    let text = large_board(50, 40, 2000);
    let start = Instant::now();
    let large = ttrmap::load::load_str("large.toml", &text);
    println!(
        "large board: {} bytes loaded in {:.2?}",
        text.len(),
        start.elapsed()
    );
    assert!(!large.has_errors(), "{:?}", large.diagnostics.first());
    let map = large.map.as_ref().expect("loaded");
    println!(
        "large board: {} cities, {} routes, {} tickets",
        map.cities.len(),
        map.routes.len(),
        map.tickets.len()
    );
    let fast = time("europe (47 cities)", &europe, 50, Duration::from_millis(20));
    let large_ok = time("large (2,000 cities)", &large, 3, Duration::from_secs(1));
    let fitting = ttrmap::load::load_str("fitting.toml", &fitting_board());
    assert!(!fitting.has_errors(), "{:?}", fitting.diagnostics.first());
    let fitting_ok = time(
        "fitting (2,000 cities)",
        &fitting,
        3,
        Duration::from_secs(1),
    );
    let output_ok = output_formats(&large, &text);
    if !(fast && large_ok && fitting_ok && output_ok) {
        std::process::exit(1);
    }
}
