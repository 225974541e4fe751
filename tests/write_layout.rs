//! `ttrmap layout --write`: the board layout written back into the map. Round trip (the map
//! written, reloaded and rendered gives the same SVG), the file otherwise kept line for line
//! (comments, order), a second write changes nothing, what the designer placed by hand
//! (`waypoints`, `label`, a zone's `position`) is untouched, and a broken map or an unwritable path writes nothing.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn ttrmap(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ttrmap"))
        .args(args)
        .output()
        .expect("ttrmap runs")
}

fn svg_of(path: &Path) -> String {
    let loaded = ttrmap::load::load_path(path).expect("readable");
    assert!(!loaded.has_errors(), "{:?}", loaded.diagnostics);
    let map = loaded.map.expect("model");
    ttrmap::render::to_svg(&map, &ttrmap::render::Options::default()).expect("svg")
}

/// A copy of `text` as `name` in a fresh folder (kept alive by the returned guard).
fn copy(name: &str, text: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join(name);
    std::fs::write(&path, text).expect("write copy");
    (dir, path)
}

/// Every line of `old` is in `new`, in order, and every other line of `new` is a `shape`,
/// `label` or (zone) `position` the command added.
fn only_added(old: &str, new: &str) -> Result<usize, String> {
    let mut old_lines = old.lines().peekable();
    let mut added = 0;
    for line in new.lines() {
        if old_lines.peek() == Some(&line) {
            old_lines.next();
        } else if ["shape = {", "label = {", "position = ["]
            .iter()
            .any(|k| line.starts_with(k))
        {
            added += 1;
        } else {
            return Err(format!("a line changed or was added: {line:?}"));
        }
    }
    match old_lines.next() {
        Some(l) => Err(format!("a line of the map was lost: {l:?}")),
        None => Ok(added),
    }
}

/// `text` without the `position` lines of its `[[zones]]` tables.
fn without_zone_positions(text: &str) -> String {
    let mut in_zone = false;
    let mut out = String::new();
    for line in text.lines() {
        if line.starts_with('[') {
            in_zone = line.trim_end() == "[[zones]]";
        }
        if !(in_zone && line.starts_with("position = ")) {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// The two SVGs draw the same board: the same text, numbers within 0.15 (the written shapes
/// are rounded to three decimals, and the curve a rounded shape gives is flattened to a
/// polyline within 0.1 mm of it, whose points can fall differently: a car moves by up to a
/// tenth of a millimetre along it, a small fraction of a degree round).
fn same_board(a: &str, b: &str) -> bool {
    fn tokens(s: &str) -> Vec<(bool, &str)> {
        let mut out = Vec::new();
        let mut start = 0;
        let mut numeric = None;
        for (i, c) in s.char_indices() {
            let n = c.is_ascii_digit() || c == '.' || c == '-';
            if numeric != Some(n) {
                if let Some(was) = numeric {
                    out.push((was, &s[start..i]));
                }
                start = i;
                numeric = Some(n);
            }
        }
        if let Some(was) = numeric {
            out.push((was, &s[start..]));
        }
        out
    }
    let (ta, tb) = (tokens(a), tokens(b));
    ta.len() == tb.len()
        && ta.iter().zip(&tb).all(|((na, a), (_, b))| {
            a == b
                || (*na
                    && matches!((a.parse::<f64>(), b.parse::<f64>()), (Ok(x), Ok(y)) if (x - y).abs() <= 0.15))
        })
}

fn round_trip(map: &str) {
    round_trip_of(map, |t| t.to_string());
}

/// `ttrmap layout --write` on shipped map `map` as `edit` changes it.
fn round_trip_of(map: &str, edit: impl Fn(&str) -> String) {
    let shipped =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("maps").join(map))
            .expect("shipped map");
    let original = edit(&shipped);
    let (_dir, path) = copy(map, &original);
    // What the file leaves open (a map may fix some shapes and labels by hand).
    let (open_routes, open_cities, open_zones) = {
        let m = ttrmap::load::load_path(&path).unwrap().map.expect("model");
        (
            m.routes
                .iter()
                .filter(|r| r.waypoints.is_empty() && r.shape.is_none())
                .count(),
            m.cities.iter().filter(|c| c.label.is_none()).count(),
            m.zones.iter().filter(|z| z.position.is_none()).count(),
        )
    };
    let before = svg_of(&path);
    let out = ttrmap(&["layout", path.to_str().unwrap(), "--write"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let written = std::fs::read_to_string(&path).expect("written");
    let added = only_added(&original, &written).unwrap_or_else(|e| panic!("{map}: {e}"));
    let said = String::from_utf8_lossy(&out.stderr);
    let reloaded = ttrmap::load::load_path(&path).expect("readable");
    assert!(!reloaded.has_errors(), "{:?}", reloaded.diagnostics);
    let m = reloaded.map.as_ref().expect("model");
    // Every route without waypoints now keeps its shape, except those drawn straight, which
    // are left open; every city keeps its label.
    let drawn = ttrmap::render::layout(m, &ttrmap::render::Options::default()).expect("layout");
    let still_open: Vec<usize> = m
        .routes
        .iter()
        .enumerate()
        .filter(|(_, r)| r.waypoints.is_empty() && r.shape.is_none())
        .map(|(i, _)| i)
        .collect();
    for &i in &still_open {
        let r = drawn.routes.iter().find(|r| r.index == i).expect("drawn");
        let s = r.shape.expect("a shape");
        assert!(
            [s.bend, s.skew, s.slide].iter().all(|v| v.abs() < 0.0005),
            "{map}: route {i} left open but drawn {s:?}"
        );
    }
    assert!(m.cities.iter().all(|c| c.label.is_some()), "{map}");
    assert!(m.zones.iter().all(|z| z.position.is_some()), "{map}");
    let shapes = open_routes - still_open.len();
    assert_eq!(
        added,
        shapes + open_cities + open_zones,
        "{map}: one line per bent open route, city and zone"
    );
    // Shapes are written to three decimals, never as a plain `bend = 0.0`.
    for line in written.lines().filter(|l| l.starts_with("shape = {")) {
        assert!(!line.starts_with("shape = { bend = 0.0 }"), "{map}: {line}");
        for n in line.split(|c: char| !(c.is_ascii_digit() || c == '.')) {
            let decimals = n.split_once('.').map_or(0, |(_, f)| f.len());
            assert!(decimals <= 3, "{map}: {line}");
        }
    }
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    let (cities, zones) = (open_cities, open_zones);
    assert!(
        said.contains(&format!(
            "wrote {shapes} route shape{}, {cities} label{} and {zones} zone position{}",
            plural(shapes),
            plural(cities),
            plural(zones)
        )),
        "{map}: {said}"
    );
    assert!(
        same_board(&before, &svg_of(&path)),
        "{map}: the board changed"
    );
    // A second write finds nothing open and leaves the file as it is.
    let out = ttrmap(&["layout", path.to_str().unwrap(), "--write"]);
    assert!(out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("nothing to write"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), written);
}

#[test]
fn castilla_round_trips_with_its_comments() {
    round_trip("castilla.toml");
}

#[test]
fn south_korea_round_trips() {
    round_trip("south-korea.toml");
}

/// France's six zones (Corse an island) have no `position` (the renderer places their
/// names clear of the routes): the layout places them and `--write` writes the centres back,
/// the board unchanged.
#[test]
fn france_round_trips_its_zone_names() {
    let shipped =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/france.toml"))
            .unwrap();
    assert_eq!(
        without_zone_positions(&shipped),
        shipped,
        "no zone position in the shipped file"
    );
    round_trip("france.toml");
}

/// Switzerland's zones keep the `position`s the file gives them; only the others are written.
#[test]
fn switzerland_writes_only_the_zone_positions_it_lacks() {
    // Italia and France keep theirs, Österreich and Deutschland are placed.
    round_trip_of("switzerland.toml", |t| {
        t.replace("position = [1540, 400]\n", "")
            .replace("position = [1470, 60]\n", "")
    });
}

const HAND_PLACED: &str = r#"# A map with parts placed by hand.
[map]
id = "hand"
name = "Hand placed"
players = { min = 2, max = 4 }
board = { width = 800, height = 500, units = "mm", space_mm = [23, 9] }

[[cities]]
id = "a"
position = [100, 100]
label = { anchor = "w" }   # kept where the designer put it

[[cities]]
id = "b"
position = [400, 120]

[[cities]]
id = "c"
position = [200, 200]   # near enough to `a` that the layout bends a-c

# Drawn through a point the designer chose.
[[routes]]
from = "a"
to = "b"
length = 4
waypoints = [[250, 60]]

[[routes]]
from = "b"
to = "c"
length = 5
color = "red"

[[routes]]
from = "a"
to = "c"
length = 6
"#;

#[test]
fn hand_waypoints_and_labels_are_untouched() {
    let (_dir, path) = copy("hand.toml", HAND_PLACED);
    let before = svg_of(&path);
    let out = ttrmap(&["layout", path.to_str().unwrap(), "--write"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let written = std::fs::read_to_string(&path).unwrap();
    // Two labels and the bent route's shape; the straight one is left open.
    let m = ttrmap::load::load_path(&path).unwrap().map.unwrap();
    let bent = m.routes.iter().filter(|r| r.shape.is_some()).count();
    assert_eq!(only_added(HAND_PLACED, &written), Ok(2 + bent), "{written}");
    let m = ttrmap::load::load_path(&path).unwrap().map.unwrap();
    assert_eq!(m.routes[0].waypoints, vec![[250.0, 60.0]]);
    assert!(m.routes[0].shape.is_none(), "the waypoints win: no shape");
    let drawn = ttrmap::render::layout(&m, &ttrmap::render::Options::default()).unwrap();
    for (i, r) in m.routes.iter().enumerate().skip(1) {
        let s = drawn
            .routes
            .iter()
            .find(|d| d.index == i)
            .unwrap()
            .shape
            .unwrap();
        let straight = [s.bend, s.skew, s.slide].iter().all(|v| v.abs() < 0.0005);
        assert_eq!(r.shape.is_none(), straight, "route {i}: {s:?}");
    }
    let a = m.cities[0].label.as_ref().unwrap();
    assert_eq!(a.anchor, ttrmap::model::LabelAnchor::W);
    assert!(a.offset.is_none());
    assert!(m.cities[1].label.is_some() && m.cities[2].label.is_some());
    assert!(same_board(&before, &svg_of(&path)), "the board changed");
}

#[test]
fn without_write_the_change_is_shown_and_nothing_written() {
    let (_dir, path) = copy("hand.toml", HAND_PLACED);
    let out = ttrmap(&["layout", path.to_str().unwrap()]);
    assert!(out.status.success());
    let diff = String::from_utf8_lossy(&out.stdout);
    assert!(diff.contains("+shape = { bend = "), "{diff}");
    assert!(diff.contains("+label = { anchor = "), "{diff}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), HAND_PLACED);
}

#[test]
fn a_map_with_errors_exits_1_and_writes_nothing() {
    let broken = HAND_PLACED.replace("to = \"c\"\nlength = 6", "to = \"nowhere\"\nlength = 6");
    let (_dir, path) = copy("hand.toml", &broken);
    let out = ttrmap(&["layout", path.to_str().unwrap(), "--write"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), broken);
}

#[test]
fn an_unreadable_map_exits_2() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing.toml");
    let out = ttrmap(&["layout", missing.to_str().unwrap(), "--write"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(!missing.exists());
}
