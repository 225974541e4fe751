//! `ttrmap layout MAP --fit`: cities moved as little as they can so that every route's
//! straight distance between its markers holds its cars. A route far too short and one far
//! too long both come into range, pinned cities stay, without `--write` only `position`
//! lines change in the diff and the file is untouched, the same input gives the same bytes,
//! positions are written rounded, and a map with errors writes nothing.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use ttrmap::render::pitch;

fn ttrmap(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ttrmap"))
        .args(args)
        .output()
        .expect("ttrmap runs")
}

fn copy(name: &str, text: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join(name);
    std::fs::write(&path, text).expect("write copy");
    (dir, path)
}

/// Cars of 20 mm: `a`–`b` (4 spaces) wants 100.8 mm between centres (80 of cars, 3 gaps of
/// 1.6, 3 mm at each end, markers of 5) and has 30, `c`–`d` (1 space) wants 36 mm and has 90. `e` is pinned, with a route too short to `a`.
const SMALL: &str = r#"# A map whose routes do not fit their cities.
[map]
id = "fit"
name = "Fit"
players = { min = 2, max = 4 }
board = { width = 400, height = 300, units = "mm", space_mm = [20, 9] }

[[cities]]
id = "a"
position = [100, 100]   # the designer's spot

[[cities]]
id = "b"
position = [130, 100]

[[cities]]
id = "c"
position = [60, 220]

[[cities]]
id = "d"
position = [150, 220]

[[cities]]
id = "e"
position = [100, 40]
pinned = true

[[routes]]
from = "a"
to = "b"
length = 4

[[routes]]
from = "c"
to = "d"
length = 1
color = "red"

[[routes]]
from = "e"
to = "a"
length = 3
"#;

fn map_of(path: &Path) -> ttrmap::model::MapFile {
    let loaded = ttrmap::load::load_path(path).expect("readable");
    assert!(!loaded.has_errors(), "{:?}", loaded.diagnostics);
    loaded.map.expect("model")
}

/// Each route's chord against `fit_range` × its span, as (from, to, chord / span).
fn ratios(map: &ttrmap::model::MapFile) -> Vec<(String, String, f64)> {
    let u = ttrmap::render::pitch::board_units_per_mm(&map.map.board);
    let car = pitch::car_length_mm(map);
    let city = |id: &str| map.cities.iter().find(|c| c.id == id).unwrap();
    map.routes
        .iter()
        .map(|r| {
            let (a, b) = (city(&r.from), city(&r.to));
            let d = (a.position[0] - b.position[0]).hypot(a.position[1] - b.position[1]) / u;
            let span = pitch::span_mm(
                r.length,
                car,
                pitch::marker_radius_mm(a.has_tag("big") || a.has_tag("capital")),
                pitch::marker_radius_mm(b.has_tag("big") || b.has_tag("capital")),
            );
            (r.from.clone(), r.to.clone(), d / span)
        })
        .collect()
}

#[test]
fn a_route_too_short_and_one_too_long_both_come_into_range() {
    let (_dir, path) = copy("fit.toml", SMALL);
    let [lo, hi] = pitch::fit_range();
    let before = ratios(&map_of(&path));
    assert!(before[0].2 < lo && before[1].2 > hi, "{before:?}");
    let out = ttrmap(&["layout", path.to_str().unwrap(), "--fit", "--write"]);
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{said}");
    let after = ratios(&map_of(&path));
    for (a, b, k) in &after {
        assert!((lo..=hi).contains(k), "{a}-{b}: {k:.3} of its span\n{said}");
    }
    // The report: cities moved, how far, and the routes out of range before and after.
    assert!(said.contains("routes out of range: 3 → 0"), "{said}");
    assert!(said.contains("cities moved"), "{said}");
    assert!(said.contains("max"), "{said}");
    // The comment after a moved position is kept; only positions changed.
    let written = std::fs::read_to_string(&path).unwrap();
    assert!(written.contains("]   # the designer's spot\n"), "{written}");
    for (old, new) in SMALL.lines().zip(written.lines()) {
        if old != new {
            assert!(
                old.starts_with("position = [") && new.starts_with("position = ["),
                "{old:?} → {new:?}"
            );
        }
    }
    assert_eq!(SMALL.lines().count(), written.lines().count());
}

/// A map that gives no car length is fitted at the one its routes want (their median), and
/// `--write` keeps it as `board.space_mm`: the render draws the cars the cities were moved
/// for, and fitting again finds nothing to move.
#[test]
fn the_car_length_fitted_to_is_written_and_a_second_fit_moves_nothing() {
    let open = SMALL.replace(", space_mm = [20, 9]", "");
    assert_ne!(open, SMALL);
    let (_dir, path) = copy("fit.toml", &open);
    let out = ttrmap(&["layout", path.to_str().unwrap(), "--fit", "--write"]);
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{said}");
    let written = map_of(&path);
    let [length, width] = written.map.board.space_mm.expect("space_mm written");
    assert_eq!(width, 9.0);
    // One decimal, as written, and the length the report names.
    assert_eq!((length * 10.0).round() / 10.0, length);
    assert!(said.contains(&format!("cars of {length:.1} mm")), "{said}");
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        text.contains(&format!("units = \"mm\", space_mm = [{length}, 9] }}")),
        "{text}"
    );
    let again = ttrmap(&["layout", path.to_str().unwrap(), "--fit"]);
    let said = String::from_utf8_lossy(&again.stderr);
    assert!(
        again.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&again.stdout)
    );
    assert!(said.contains("nothing to move"), "{said}");
}

/// A route that only a move of more than a tenth of the board's long side would fit stays
/// out of range, and is counted: the board stays the designer's.
#[test]
fn no_city_moves_further_than_a_tenth_of_the_board() {
    let far = SMALL.replace("position = [150, 220]", "position = [390, 220]");
    let (_dir, path) = copy("fit.toml", &far);
    let out = ttrmap(&["layout", path.to_str().unwrap(), "--fit", "--write"]);
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{said}");
    assert!(said.contains("routes out of range: 3 → 1"), "{said}");
    let (before, after) = (
        ttrmap::load::load_str("fit.toml", &far).map.unwrap(),
        map_of(&path),
    );
    for (a, b) in before.cities.iter().zip(&after.cities) {
        let moved = (a.position[0] - b.position[0]).hypot(a.position[1] - b.position[1]);
        assert!(moved <= 40.0 + 0.1, "{}: {moved:.1} mm", a.id);
    }
}

#[test]
fn positions_are_written_rounded() {
    let (_dir, path) = copy("fit.toml", SMALL);
    let out = ttrmap(&["layout", path.to_str().unwrap(), "--fit", "--write"]);
    assert!(out.status.success());
    let written = std::fs::read_to_string(&path).unwrap();
    for line in written.lines().filter(|l| l.starts_with("position = [")) {
        let inside = &line["position = [".len()..line.find(']').unwrap()];
        for n in inside.split(',') {
            let n = n.trim();
            let decimals = n.split_once('.').map_or(0, |(_, f)| f.len());
            assert!(decimals <= 1, "{line}");
        }
    }
    // A px board: whole numbers.
    let px = SMALL.replace(
        "units = \"mm\", space_mm = [20, 9]",
        "units = \"px\", print_width_mm = 400, space_mm = [20, 9]",
    );
    let (_dir2, path) = copy("fit.toml", &px);
    let out = ttrmap(&["layout", path.to_str().unwrap(), "--fit", "--write"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let written = std::fs::read_to_string(&path).unwrap();
    assert_ne!(written, px);
    for line in written.lines().filter(|l| l.starts_with("position = [")) {
        let inside = &line["position = [".len()..line.find(']').unwrap()];
        assert!(!inside.contains('.'), "{line}");
    }
}

#[test]
fn pinned_cities_do_not_move() {
    let (_dir, path) = copy("fit.toml", SMALL);
    let out = ttrmap(&["layout", path.to_str().unwrap(), "--fit", "--write"]);
    assert!(out.status.success());
    let m = map_of(&path);
    let e = m.cities.iter().find(|c| c.id == "e").unwrap();
    assert!(e.pinned);
    assert_eq!(e.position, [100.0, 40.0]);
    // Everything pinned: nothing moves, nothing is written.
    let all = SMALL.replace(
        "position = [130, 100]\n",
        "position = [130, 100]\npinned = true\n",
    );
    let all = all.replace(
        "position = [150, 220]\n",
        "position = [150, 220]\npinned = true\n",
    );
    let all = all.replace(
        "position = [60, 220]\n",
        "position = [60, 220]\npinned = true\n",
    );
    let all = all.replace(
        "position = [100, 100]   # the designer's spot\n",
        "position = [100, 100]   # the designer's spot\npinned = true\n",
    );
    let (_dir2, path) = copy("fit.toml", &all);
    let out = ttrmap(&["layout", path.to_str().unwrap(), "--fit", "--write"]);
    assert!(out.status.success());
    assert_eq!(std::fs::read_to_string(&path).unwrap(), all);
}

#[test]
fn without_write_the_diff_shows_only_positions_and_nothing_is_written() {
    let (_dir, path) = copy("fit.toml", SMALL);
    let out = ttrmap(&["layout", path.to_str().unwrap(), "--fit"]);
    assert!(out.status.success());
    let diff = String::from_utf8_lossy(&out.stdout);
    let changed: Vec<&str> = diff
        .lines()
        .filter(|l| l.starts_with('+') || l.starts_with('-'))
        .filter(|l| !l.starts_with("+++") && !l.starts_with("---"))
        .collect();
    assert!(!changed.is_empty(), "{diff}");
    for l in &changed {
        assert!(l[1..].starts_with("position = ["), "{l}\n{diff}");
    }
    assert_eq!(std::fs::read_to_string(&path).unwrap(), SMALL);
}

#[test]
fn the_same_input_gives_the_same_bytes() {
    let (_d1, p1) = copy("fit.toml", SMALL);
    let (_d2, p2) = copy("fit.toml", SMALL);
    let o1 = ttrmap(&["layout", p1.to_str().unwrap(), "--fit"]);
    let o2 = ttrmap(&["layout", p1.to_str().unwrap(), "--fit"]);
    assert_eq!(o1.stdout, o2.stdout);
    assert!(
        ttrmap(&["layout", p1.to_str().unwrap(), "--fit", "--write"])
            .status
            .success()
    );
    assert!(
        ttrmap(&["layout", p2.to_str().unwrap(), "--fit", "--write"])
            .status
            .success()
    );
    assert_eq!(std::fs::read(&p1).unwrap(), std::fs::read(&p2).unwrap());
}

#[test]
fn a_map_with_errors_exits_1_and_writes_nothing() {
    let broken = SMALL.replace("to = \"a\"\nlength = 3", "to = \"nowhere\"\nlength = 3");
    assert_ne!(broken, SMALL);
    let (_dir, path) = copy("fit.toml", &broken);
    let out = ttrmap(&["layout", path.to_str().unwrap(), "--fit", "--write"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), broken);
}

/// The three reconstructions are fitted: `--fit` finds nothing to move.
#[test]
fn the_reconstructions_are_fitted() {
    for name in ["castilla.toml", "iberia.toml", "south-korea.toml"] {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("maps")
            .join(name);
        let out = ttrmap(&["layout", path.to_str().unwrap(), "--fit"]);
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{name}: {said}");
        assert!(
            out.stdout.is_empty(),
            "{name}: {}",
            String::from_utf8_lossy(&out.stdout)
        );
    }
}

/// `--fit` counts what the drawn board shows: a reconstruction's routes out of range are the
/// routes its drawn board squeezes (`route-drawn-length`) or throws off their line
/// (`route-slack`'s "drawn off its straight line"): Castilla y León keeps four squeezed
/// two-car routes, South Korea one thrown, Iberia none. A board that squeezes a route is
/// never reported as "0 → 0".
#[test]
fn the_fit_counts_the_routes_the_drawn_board_squeezes() {
    for name in ["castilla.toml", "iberia.toml", "south-korea.toml"] {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("maps")
            .join(name);
        let path = path.to_str().unwrap();
        let fit = ttrmap(&["layout", path, "--fit"]);
        let said = String::from_utf8_lossy(&fit.stderr).into_owned();
        let out: usize = said
            .split("routes out of range: ")
            .nth(1)
            .and_then(|s| s.split(" → ").nth(1))
            .and_then(|s| s.split(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{name}: no count in {said}"));
        let check = ttrmap(&["check", "--verbose", path]);
        let report = String::from_utf8_lossy(&check.stdout).into_owned()
            + &String::from_utf8_lossy(&check.stderr);
        let named = report.matches("route-drawn-length").count()
            + report.matches("drawn off its straight line").count();
        assert_eq!(out, named, "{name}: {said}\n{report}");
    }
    // And the count can be more than nothing: Castilla's two are reported.
    let castilla = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/castilla.toml");
    let fit = ttrmap(&["layout", castilla.to_str().unwrap(), "--fit"]);
    let said = String::from_utf8_lossy(&fit.stderr);
    assert!(said.contains("2 → 2"), "{said}");
    // Named, so the designer knows which to look at.
    assert!(
        said.contains("no city moved") && said.contains("still out: valladolid-medina-de-rioseco"),
        "{said}"
    );
}

/// Two doubles leaving `h` 15° apart, both too short for their five cars: the fit lengthens
/// them, and turns them apart at `h` too, since at 15° their first cars would lie on each
/// other (two doubles of 9 mm cars want about 89° between them at markers of 5 mm:
/// 2·atan((9.6 + 9.6 + 1.6) / 2 / 10.65), half-widths (2 × 10.2 − 1.2) / 2 = 9.6, the first
/// car 5 + 1.6 + 0.45 × 9 = 10.65 mm out). Lengthened along their own lines alone, they
/// would stay 15° apart (their far ends 31 mm apart, clear of each other's markers).
#[test]
fn routes_leaving_a_city_at_a_narrow_angle_are_turned_apart() {
    let map = r#"[map]
id = "fan"
name = "Fan"
players = { min = 2, max = 4 }
board = { width = 400, height = 300, units = "mm", space_mm = [20, 9] }

[[cities]]
id = "h"
position = [100, 150]

[[cities]]
id = "a"
position = [160, 150]

[[cities]]
id = "b"
position = [158, 134.5]

[[routes]]
from = "h"
to = "a"
length = 5
colors = ["red", "blue"]

[[routes]]
from = "h"
to = "b"
length = 5
colors = ["green", "yellow"]
"#;
    let (_dir, path) = copy("fan.toml", map);
    let angle = |m: &ttrmap::model::MapFile| {
        let at = |id: &str| m.cities.iter().find(|c| c.id == id).unwrap().position;
        let (h, a, b) = (at("h"), at("a"), at("b"));
        let t = |p: [f64; 2]| (p[1] - h[1]).atan2(p[0] - h[0]).to_degrees();
        (t(a) - t(b)).abs()
    };
    let before = angle(&map_of(&path));
    assert!((before - 15.0).abs() < 0.5, "{before}");
    let out = ttrmap(&["layout", path.to_str().unwrap(), "--fit", "--write"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let after = angle(&map_of(&path));
    assert!(after > 25.0, "{before:.1}° -> {after:.1}°");
}

/// The three reconstructions are written by their generators, which hold the fitted
/// positions: run in a copy of `tools/`, each writes its map byte for byte as shipped (so
/// an edit of the map file alone, which the next run of the generator would undo, fails
/// here).
#[test]
fn the_generators_reproduce_the_shipped_reconstructions() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::create_dir_all(dir.path().join("maps")).unwrap();
    for (folder, files) in [
        ("castilla", &["generate.py"][..]),
        ("iberia-korea", &["common.py", "iberia.py", "korea.py"][..]),
    ] {
        let to = dir.path().join("tools").join(folder);
        std::fs::create_dir_all(&to).unwrap();
        for f in files {
            std::fs::copy(root.join("tools").join(folder).join(f), to.join(f)).unwrap();
        }
    }
    for (script, map) in [
        ("tools/castilla/generate.py", "castilla.toml"),
        ("tools/iberia-korea/iberia.py", "iberia.toml"),
        ("tools/iberia-korea/korea.py", "south-korea.toml"),
    ] {
        let out = Command::new("python3")
            .arg(script)
            .current_dir(dir.path())
            .output()
            .expect("python3 runs (the generators need only its standard library)");
        assert!(
            out.status.success(),
            "{script}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let written = std::fs::read_to_string(dir.path().join("maps").join(map)).unwrap();
        let shipped = std::fs::read_to_string(root.join("maps").join(map)).unwrap();
        assert!(
            written == shipped,
            "{script} does not write maps/{map} as shipped: run it and commit the result"
        );
    }
}
