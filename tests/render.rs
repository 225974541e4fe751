//! `ttrmap render`: every shipped map, template and test map renders to SVG, PNG and HTML;
//! the SVG has the promised structure; every train-car space is drawn; user text is escaped;
//! output is deterministic; a broken map writes nothing.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use ttrmap::model::MapFile;
use ttrmap::render::{Format, Options, render, to_html, to_png, to_svg};

/// A map using every feature the board draws: a triple route, a track bed, a tunnel, mountains
/// on a route with a waypoint, a double ferry, regions, a capital, a festival city, a zone
/// endpoint, and names that need escaping.
const FEATURES: &str = r##"#:schema ./ttrmap.schema.json
[map]
id = "features"
name = "Feature <b>board</b> & \"friends\""
version = "1.0"
authors = ["A. Tester", "B. O'Brien"]
license = "CC0-1.0"
players = { min = 2, max = 5 }
board = { width = 1200, height = 800 }

[rules]
base = "europe"

[mechanics.festivals]
groups = [{ id = "carnival", cards = 3, chart = [2, 5, 9] }]

[mechanics.track_pieces]
pieces = [{ length = 3, color = "red", count = 2 }]

[mechanics.mountains]
trains_lost = 1
points_per_train = 2

[[regions]]
id = "north"
name = "Northland"

[[regions]]
id = "south"
name = "Southland"

[[zones]]
id = "overseas"
name = "Overseas"

[[cities]]
id = "alpha"
name = "Alpha"
position = [150, 150]
region = "north"
tags = ["capital"]

[[cities]]
id = "beta"
name = "Béta"
position = [450, 120]
region = "north"
festival = "carnival"

[[cities]]
id = "gamma"
name = "<script>alert(1)</script>"
position = [750, 200]
region = "south"

[[cities]]
id = "delta"
name = "Delta"
position = [450, 450]
region = "south"
label = { anchor = "w", offset = [-4, 0], rotate = -10 }

[[cities]]
id = "eps"
name = "Epsilon"
position = [900, 550]

[[cities]]
id = "port-over"
name = "Overseas Port"
position = [1100, 700]
zone = "overseas"

[[routes]]
from = "alpha"
to = "beta"
length = 3
colors = ["red", "blue", "green"]

[[routes]]
from = "beta"
to = "gamma"
length = 3
track_bed = true

[[routes]]
from = "gamma"
to = "delta"
length = 4
color = "yellow"
tunnel = true

[[routes]]
from = "alpha"
to = "delta"
length = 4
color = "pink"
mountains = 2
waypoints = [[200, 380]]

[[routes]]
from = "delta"
to = "eps"
length = 5
ferry = 2
colors = ["gray", "gray"]

[[routes]]
from = "eps"
to = "port-over"
length = 2
color = "black"

[[routes]]
from = "gamma"
to = "eps"
length = 4
color = "white"

[[tickets]]
from = "alpha"
to = "eps"
points = 11

[[tickets]]
cities = ["alpha", "beta", "gamma"]
points = 9

[[tickets]]
from = "gamma"
to = "overseas"
points = 7
copies = 2
"##;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn load(name: &str, text: &str) -> MapFile {
    let loaded = ttrmap::load::load_str(name, text);
    assert!(
        !loaded.has_errors(),
        "{name} has errors: {:?}",
        loaded.diagnostics
    );
    loaded.map.expect("a map without errors has a model")
}

/// A template with its placeholders filled the way `ttrmap new` fills them.
fn template(name: &str) -> MapFile {
    let text = std::fs::read_to_string(root().join("templates").join(format!("{name}.toml")))
        .expect("template exists")
        .replace("__MAP_ID__", name)
        .replace("__MAP_NAME__", &format!("Template {name}"));
    load(name, &text)
}

/// Every map file that loads cleanly under `maps/` and `tests/fixtures/` (other branches add
/// them; fixtures with deliberate errors are skipped), plus the templates and FEATURES.
fn all_maps() -> Vec<(String, MapFile)> {
    let mut out = vec![
        ("basic".to_string(), template("basic")),
        ("europe".to_string(), template("europe")),
        ("features".to_string(), load("features", FEATURES)),
    ];
    for dir in ["maps", "tests/fixtures"] {
        let Ok(entries) = std::fs::read_dir(root().join(dir)) else {
            continue;
        };
        let mut paths: Vec<PathBuf> = entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "toml"))
            .collect();
        paths.sort();
        for p in paths {
            let loaded = ttrmap::load::load_path(&p).expect("readable");
            if let Some(map) = loaded.map.as_ref().filter(|_| !loaded.has_errors()) {
                out.push((p.display().to_string(), map.clone()));
            }
        }
    }
    out
}

/// Every `class="..."` attribute's tokens, counted.
fn class_counts(svg: &str) -> BTreeMap<String, usize> {
    let mut counts = BTreeMap::new();
    for part in svg.split(" class=\"").skip(1) {
        let value = &part[..part.find('"').expect("closed attribute")];
        for token in value.split_whitespace() {
            *counts.entry(token.to_string()).or_insert(0) += 1;
        }
    }
    counts
}

/// Ids of the Inkscape layers, in document order.
fn layer_ids(svg: &str) -> Vec<String> {
    svg.lines()
        .filter(|l| l.starts_with("<g id=\"") && l.contains("inkscape:groupmode=\"layer\""))
        .map(|l| l[7..].split('"').next().unwrap_or_default().to_string())
        .collect()
}

/// What the snapshot records: the layers and how many elements carry each class. Not the
/// coordinates, which may move when the layout improves.
fn structure(svg: &str) -> String {
    let mut s = format!("layers: {}\n", layer_ids(svg).join(", "));
    for (class, n) in class_counts(svg) {
        s.push_str(&format!("{class}: {n}\n"));
    }
    s
}

fn total_lane_spaces(map: &MapFile) -> usize {
    map.routes
        .iter()
        .map(|r| r.lane_count() as usize * r.length as usize)
        .sum()
}

/// Elements whose class list contains `space`, with their `data-route` and `data-lane`.
fn spaces(svg: &str) -> Vec<(String, String)> {
    svg.lines()
        .filter(|l| {
            l.split(" class=\"")
                .nth(1)
                .and_then(|c| c.split('"').next())
                .is_some_and(|c| c.split_whitespace().any(|t| t == "space"))
        })
        .map(|l| {
            let attr = |name: &str| {
                l.split(&format!(" {name}=\""))
                    .nth(1)
                    .and_then(|v| v.split('"').next())
                    .unwrap_or_default()
                    .to_string()
            };
            (attr("data-route"), attr("data-lane"))
        })
        .collect()
}

fn png_size(png: &[u8]) -> (u32, u32) {
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "PNG signature");
    let be = |i: usize| u32::from_be_bytes([png[i], png[i + 1], png[i + 2], png[i + 3]]);
    (be(16), be(20))
}

#[test]
fn svg_structure_of_the_templates_and_the_feature_map() {
    for (name, map) in [
        ("basic", template("basic")),
        ("europe", template("europe")),
        ("features", load("features", FEATURES)),
    ] {
        let svg = to_svg(&map, &Options::default()).expect("renders");
        insta::assert_snapshot!(format!("structure_{name}"), structure(&svg));
    }
}

#[test]
fn every_map_renders_every_lane_space_with_its_route_and_lane() {
    let maps = all_maps();
    assert!(maps.len() >= 3);
    for (name, map) in &maps {
        let svg = to_svg(map, &Options::default()).expect("renders");
        assert_eq!(
            layer_ids(&svg),
            [
                "background",
                "score-track",
                "zones",
                "routes",
                "crossings",
                "cities",
                "labels",
                "legend",
                "title"
            ],
            "{name}"
        );
        let found = spaces(&svg);
        assert_eq!(found.len(), total_lane_spaces(map), "{name}: spaces drawn");
        for r in &map.routes {
            let id = r.id();
            for lane in 0..r.lane_count() {
                let n = found
                    .iter()
                    .filter(|(route, l)| *route == id && *l == lane.to_string())
                    .count();
                assert_eq!(n, r.length as usize, "{name}: route {id} lane {lane}");
            }
        }
        let cities = class_counts(&svg).get("city").copied().unwrap_or(0);
        assert_eq!(cities, map.cities.len(), "{name}: one class=city per city");
        for c in &map.cities {
            let escaped = ttrmap::render::svg::esc(&c.id);
            assert!(
                svg.contains(&format!("data-city=\"{escaped}\">")),
                "{name}: city {}",
                c.id
            );
        }
        // The SVG is well-formed: usvg parses it (it refuses malformed XML).
        resvg::usvg::Tree::from_str(&svg, &resvg::usvg::Options::default())
            .unwrap_or_else(|e| panic!("{name}: SVG does not parse: {e}"));
    }
}

#[test]
fn every_map_renders_to_png_and_html() {
    for (name, map) in all_maps() {
        let png = to_png(&map, &Options::default()).expect("renders");
        let (w, h) = png_size(&png);
        assert_eq!(w, ttrmap::render::DEFAULT_PNG_WIDTH, "{name}");
        assert!(h > 100, "{name}: height {h}");
        let html = to_html(&map, &Options::default()).expect("renders");
        assert!(html.starts_with("<!DOCTYPE html>"), "{name}");
        assert_eq!(spaces(&html).len(), total_lane_spaces(&map), "{name}");
        // Self-contained: nothing is loaded from anywhere (the xmlns values are names, not
        // fetches; the embedded font is a `data:` URL).
        for fetch in ["src=", "href=", "@import", "<link"] {
            assert!(
                !html.contains(fetch),
                "{name}: page loads something: {fetch}"
            );
        }
        assert_eq!(
            html.matches("url(").count(),
            html.matches("url(data:").count(),
            "{name}: page loads something: url("
        );
        assert_eq!(
            html.matches("@font-face").count(),
            4,
            "{name}: Noto Sans embedded"
        );
    }
}

#[test]
fn png_is_byte_identical_across_renders_and_has_visible_text() {
    let map = load("features", FEATURES);
    let a = to_png(&map, &Options::default()).unwrap();
    let b = to_png(&map, &Options::default()).unwrap();
    assert!(a == b, "two renders differ");
    // The ink theme gives a different picture from the same layout.
    let ink = to_png(
        &map,
        &Options {
            theme: "ink".into(),
            ..Options::default()
        },
    )
    .unwrap();
    assert!(ink != a);
}

#[test]
fn labels_are_drawn_with_the_embedded_font() {
    // A board whose only text is a city name: with no font the PNG would be the same as with
    // the name removed (usvg drops text silently).
    let with_name = load("features", FEATURES);
    let mut without = with_name.clone();
    for c in &mut without.cities {
        c.name = Some(" ".into());
    }
    let a = to_png(&with_name, &Options::default()).unwrap();
    let b = to_png(&without, &Options::default()).unwrap();
    assert!(a != b);
}

#[test]
fn user_text_is_escaped_in_svg_html_and_tickets() {
    let map = load("features", FEATURES);
    let raw = "<script>alert(1)</script>";
    let escaped = "&lt;script&gt;alert(1)&lt;/script&gt;";
    let svg = to_svg(&map, &Options::default()).unwrap();
    assert!(!svg.contains(raw) && svg.contains(escaped));
    assert!(svg.contains("Feature &lt;b&gt;board&lt;/b&gt; &amp; &quot;friends&quot;"));
    assert!(svg.contains("B. O&#39;Brien"));
    let html = to_html(&map, &Options::default()).unwrap();
    assert!(!html.contains(raw), "raw script tag in the page");
    assert!(html.contains(escaped));
    // Only the page's own two script elements exist; the JSON data escapes `<`.
    assert_eq!(html.matches("<script").count(), 2);
    assert!(html.contains("\\u003cscript\\u003ealert(1)\\u003c/script\\u003e"));
    let sheet = to_svg(
        &map,
        &Options {
            tickets: true,
            ..Options::default()
        },
    )
    .unwrap();
    assert!(!sheet.contains(raw) && sheet.contains(escaped));
}

#[test]
fn ticket_sheet_has_one_card_per_copy_with_its_cities_ringed() {
    let map = load("features", FEATURES);
    let sheet = to_svg(
        &map,
        &Options {
            tickets: true,
            ..Options::default()
        },
    )
    .unwrap();
    let counts = class_counts(&sheet);
    let copies: usize = map.tickets.iter().map(|t| t.copies as usize).sum();
    assert_eq!(counts["ticket"], copies);
    // alpha–eps (2) + alpha–beta–gamma (3) + 2 × gamma–overseas (1 city + 1 endpoint).
    assert_eq!(counts["ticket-ring"], 2 + 3 + 2 * 2);
    // Four cards of 67 × 44 mm fit one A4 page (two columns of six).
    assert!(
        sheet.contains("width=\"210mm\" height=\"297mm\""),
        "one A4 page"
    );
    assert_eq!(counts["page"], 1);
    assert!(sheet.contains(">11</text>"));
}

/// The attribute `name` of the first element of class `class` in `svg`, as a number.
fn attr_of(svg: &str, class: &str, name: &str) -> f64 {
    let at = svg.find(&format!("class=\"{class}\"")).expect(class);
    let rest = &svg[at..];
    let v = rest.split(&format!(" {name}=\"")).nth(1).expect(name);
    v[..v.find('"').unwrap()].parse().expect("a number")
}

#[test]
fn ticket_pages_hold_castilla_at_either_card_size_and_its_png_draws_by_default() {
    let map = ttrmap::load::load_path(&root().join("maps/castilla.toml"))
        .unwrap()
        .map
        .unwrap();
    let cards: usize = map.tickets.iter().map(|t| t.copies as usize).sum();
    for (card, per_page) in [
        // A4 less 10 mm margins is 190 × 277 mm; with 2 mm between cards, 67 × 44 cards go
        // two across ((190 + 2) / 69 = 2.8) and six down ((277 + 2) / 46 = 6.1): 12 a page;
        // 88 × 63 cards two across ((192) / 90 = 2.1) and four down (279 / 65 = 4.3): 8.
        (ttrmap::render::CardSize::Small, 12),
        (ttrmap::render::CardSize::Large, 8),
    ] {
        let opts = Options {
            tickets: true,
            card,
            ..Options::default()
        };
        let sheet = to_svg(&map, &opts).unwrap();
        let counts = class_counts(&sheet);
        assert_eq!(counts["ticket"], cards);
        assert_eq!(counts["page"], cards.div_ceil(per_page), "{card:?}");
        // The points badge stands beside the mini map, never on it.
        let map_right = attr_of(&sheet, "ticket-map", "x") + attr_of(&sheet, "ticket-map", "width");
        let badge_left =
            attr_of(&sheet, "ticket-badge", "cx") - attr_of(&sheet, "ticket-badge", "r");
        assert!(badge_left >= map_right, "{badge_left} < {map_right}");
    }
    // Castilla's sheet was one strip 3,211 mm tall, too tall for a 2,000 px wide PNG.
    let png = to_png(
        &map,
        &Options {
            tickets: true,
            ..Options::default()
        },
    )
    .expect("the default ticket PNG draws");
    let (w, h) = png_size(&png);
    assert_eq!(w, ttrmap::render::DEFAULT_PNG_WIDTH);
    assert!(h < 2 * w, "{w} × {h}");
}

#[test]
fn long_tickets_are_set_apart_on_the_sheet() {
    let map = ttrmap::load::load_path(&root().join("maps/europe.toml"))
        .unwrap()
        .map
        .unwrap();
    let sheet = to_svg(
        &map,
        &Options {
            tickets: true,
            ..Options::default()
        },
    )
    .unwrap();
    // Europe's long deck holds 6 tickets.
    let counts = class_counts(&sheet);
    assert_eq!(counts["long"], 6);
    assert_eq!(counts["long-card"], 6);
    assert_eq!(counts["ticket-long"], 6);
}

/// Two track beds drawn across each other (France's crossing beds): a square a–b–c–d (800 mm
/// wide at print) whose diagonals a–c and b–d cross in its middle, declared with `crosses`.
const CROSSING_BEDS: &str = r##"
[map]
id = "crossing"
name = "Crossing beds"
players = { min = 2, max = 5 }
board = { width = 800, height = 800, units = "mm" }

[rules]
base = "france"

[mechanics.track_pieces]
pieces = [{ length = 4, color = "red", count = 2 }]

[[cities]]
id = "a"
position = [200, 200]

[[cities]]
id = "b"
position = [600, 200]

[[cities]]
id = "c"
position = [600, 600]

[[cities]]
id = "d"
position = [200, 600]

[[routes]]
from = "a"
to = "c"
length = 4
track_bed = true
crosses = ["b-d"]

[[routes]]
from = "b"
to = "d"
length = 4
track_bed = true
"##;

#[test]
fn declared_crossings_are_marked_where_the_beds_meet_and_beds_are_filled() {
    let map = load("crossing", CROSSING_BEDS);
    let layout = ttrmap::render::layout(&map, &Options::default()).unwrap();
    // The diagonals of the square meet at its centre, (400, 400) mm; four 22 mm cars fit on
    // the 566 mm diagonal less two city clearances, so neither route needs to bend.
    assert_eq!(layout.crossings.len(), 1, "{:?}", layout.crossings);
    let c = layout.crossings[0];
    assert_eq!(c.routes, (0, 1));
    assert!(
        (c.at[0] - 400.0).abs() < 1.0 && (c.at[1] - 400.0).abs() < 1.0,
        "{:?}",
        c.at
    );
    // Crossing beds lie on each other by design: not an overlap the lints report.
    let audit = ttrmap::render::audit::audit(&map, &layout, 0.1);
    assert!(audit.overlaps.is_empty(), "{:?}", audit.overlaps);
    let svg = to_svg(&map, &Options::default()).unwrap();
    assert_eq!(
        class_counts(&svg)["crossing"],
        1,
        "one mark on the board (the legend's swatch is a crossing-mark)"
    );
    assert!(svg.contains(r#"<g class="crossing" data-routes="a-c b-d">"#));
    assert!(svg.contains("crossing: building one blocks the other"));
    // An unbuilt bed is an uncoloured space (filled, so it answers the pointer), not a dashed
    // outline with nothing inside.
    assert_eq!(
        class_counts(&svg)["track-bed"],
        8 + 1,
        "8 spaces and the swatch"
    );
    let style = &svg[svg.find("<style>").unwrap()..svg.find("</style>").unwrap()];
    let bed_rule = style
        .split('}')
        .find(|r| r.trim_start().starts_with(".track-bed {"))
        .expect("a .track-bed rule");
    assert!(bed_rule.contains("fill: #"), "{bed_rule}");
    assert!(
        style.contains(".space { pointer-events: visible; }"),
        "{style}"
    );
}

#[test]
fn print_sheets_tile_castilla_at_real_size_with_overlap_and_trim_marks() {
    let map = ttrmap::load::load_path(&root().join("maps/castilla.toml"))
        .unwrap()
        .map
        .unwrap();
    let layout = ttrmap::render::layout(&map, &Options::default()).unwrap();
    let u = layout.print_units_per_mm;
    let view = layout.view;
    for paper in [
        ttrmap::render::Paper::A4,
        ttrmap::render::Paper::Letter,
        ttrmap::render::Paper::A3,
    ] {
        let opts = Options {
            print: true,
            paper: Some(paper),
            ..Options::default()
        };
        let doc = to_html(&map, &opts).unwrap();
        let t = ttrmap::render::pages::Tiling::new(&layout, paper, None);
        let sheets = doc.matches(r#"<svg class="sheet""#).count();
        assert_eq!(sheets, t.cols * t.rows, "{paper:?}");
        assert!(
            sheets > 1,
            "an 800 mm board does not fit one {paper:?} sheet"
        );
        // The board is drawn once and shown on every sheet.
        assert_eq!(doc.matches(r#"id="tt-board-art""#).count(), 1);
        assert_eq!(doc.matches("#tt-board-art").count(), sheets);
        // Four trim marks a sheet.
        assert_eq!(doc.matches(r#"class="trim""#).count(), 4 * sheets);
        // Every part at real size (its viewBox is its mm size in board units), neighbours
        // sharing 10 mm, and together they cover the whole drawing.
        let parts: Vec<[f64; 4]> = doc
            .split(r#"<svg class="part""#)
            .skip(1)
            .map(|p| {
                let v = p.split(r#"viewBox=""#).nth(1).unwrap();
                let n: Vec<f64> = v[..v.find('"').unwrap()]
                    .split(' ')
                    .map(|x| x.parse().unwrap())
                    .collect();
                [n[0], n[1], n[2], n[3]]
            })
            .collect();
        assert_eq!(parts.len(), sheets);
        for p in &parts {
            assert!((p[2] / u - t.part[0]).abs() < 0.01, "{p:?}");
        }
        if t.cols > 1 {
            let shared = parts[0][0] + parts[0][2] - parts[1][0];
            assert!((shared / u - 10.0).abs() < 0.01, "{shared}");
        }
        let right = parts.iter().map(|p| p[0] + p[2]).fold(f64::MIN, f64::max);
        let bottom = parts.iter().map(|p| p[1] + p[3]).fold(f64::MIN, f64::max);
        assert!((parts[0][0] - view.x).abs() < 1e-6 && (parts[0][1] - view.y).abs() < 1e-6);
        assert!(right >= view.x + view.w - 1e-6 && bottom >= view.y + view.h - 1e-6);
    }
    // A board's sheets are a document to print, not one SVG or PNG.
    let svg_sheets = Options {
        print: true,
        paper: Some(ttrmap::render::Paper::A4),
        ..Options::default()
    };
    assert!(to_svg(&map, &svg_sheets).is_err());
}

#[test]
fn print_size_spaces_are_the_boards_pitch_by_9_mm_on_an_800_mm_board() {
    // The europe template without its print width and car size: what a map that gives
    // neither is drawn at.
    let mut map = template("europe");
    map.map.board.print_width_mm = None;
    map.map.board.space_mm = None;
    let opts = Options {
        print: true,
        ..Options::default()
    };
    let layout = ttrmap::render::layout(&map, &opts).unwrap();
    // No print width: its long side (the width) is 800 mm.
    assert!(map.map.board.width >= map.map.board.height);
    assert!((map.map.board.width / layout.print_units_per_mm - 800.0).abs() < 1e-6);
    for r in &layout.routes {
        for sp in r.lanes.iter().flat_map(|l| &l.spaces) {
            let (len_mm, w_mm) = (
                sp.length / layout.print_units_per_mm,
                sp.width / layout.print_units_per_mm,
            );
            assert!((w_mm - 9.0).abs() < 1e-6, "width {w_mm}");
            // Every car the board's size, read off its cities' distances, on bends too
            // (within a tenth).
            let pitch = ttrmap::render::pitch::car_length_mm(&map);
            assert!(
                (len_mm - pitch).abs() <= pitch * 0.1,
                "length {len_mm} of {pitch}"
            );
        }
    }
    let svg = to_svg(&map, &opts).unwrap();
    let head = svg.lines().next().unwrap();
    assert!(
        head.contains("mm\" height=\"") && head.contains("mm\" viewBox"),
        "{head}"
    );
}

/// The drawn spaces of a layout as (route id, corners).
fn drawn_spaces(l: &ttrmap::render::Layout) -> Vec<(String, [[f64; 2]; 4])> {
    l.routes
        .iter()
        .flat_map(|r| {
            r.lanes
                .iter()
                .flat_map(|lane| &lane.spaces)
                .map(|s| (r.id.clone(), ttrmap::render::geom::corners(s)))
        })
        .collect()
}

#[test]
fn routes_give_way_to_names_the_map_places_on_their_line() {
    // Both names are placed east of their towns by the map, so they lie along the lines of
    // `west-east` and `east-far`: the routes bend gently around them (their cars 22 mm, so
    // that both have the room).
    let map = load(
        "names.toml",
        r#"
[map]
id = "names"
name = "Names"
players = { min = 2, max = 5 }
board = { width = 790, height = 500, units = "mm", space_mm = [22, 9] }

[[cities]]
id = "west"
name = "Villanueva de los Infantes"
position = [200, 250]
label = { anchor = "e" }

[[cities]]
id = "east"
name = "Villanueva del Arzobispo"
position = [330, 250]
label = { anchor = "e" }

[[cities]]
id = "far"
position = [600, 250]

[[routes]]
from = "west"
to = "east"
length = 4

[[routes]]
from = "east"
to = "far"
length = 6
"#,
    );
    let l = ttrmap::render::layout(&map, &Options::default()).unwrap();
    let touch = 0.3 * l.print_units_per_mm;
    for (i, c) in l.cities.iter().enumerate() {
        let name = ttrmap::render::geom::rect_quad(&c.label.bbox);
        for (route, q) in drawn_spaces(&l) {
            let depth = ttrmap::render::geom::penetration(&name, &q);
            assert!(
                depth <= touch,
                "a space of {route} is {depth:.1} deep in the name of {}",
                map.cities[i].id
            );
        }
    }
}

#[test]
fn routes_leaving_a_city_close_together_fan_apart_in_gentle_chains() {
    // Two routes leave the hub 12° apart with room to spare: their first spaces would
    // touch by the hub, so one or both leave it at a wider angle, bending gently, each still
    // one chain of cars from the hub's marker to its other city's.
    let map = load(
        "hub.toml",
        r#"
[map]
id = "hub"
name = "Hub"
players = { min = 2, max = 5 }
board = { width = 800, height = 500, units = "mm" }

[[cities]]
id = "hub"
position = [100, 250]

[[cities]]
id = "a"
position = [370, 250]

[[cities]]
id = "b"
position = [364.1, 306.1]

[[routes]]
from = "hub"
to = "a"
length = 6

[[routes]]
from = "hub"
to = "b"
length = 6
"#,
    );
    let l = ttrmap::render::layout(&map, &Options::default()).unwrap();
    let touch = 0.3 * l.print_units_per_mm;
    let spaces = drawn_spaces(&l);
    for (r1, q1) in &spaces {
        for (r2, q2) in &spaces {
            if r1 < r2 {
                let depth = ttrmap::render::geom::penetration(q1, q2);
                assert!(depth <= touch, "{r1} over {r2} by {depth:.1}");
            }
        }
    }
    for r in &l.routes {
        let (a, b) = (r.centre[0], r.centre[r.centre.len() - 1]);
        let chord = ((b[0] - a[0]).powi(2) + (b[1] - a[1]).powi(2)).sqrt();
        for p in &r.centre {
            // Distance from the chord: gently, at most a tenth of it.
            let off = ((b[0] - a[0]) * (a[1] - p[1]) - (a[0] - p[0]) * (b[1] - a[1])).abs() / chord;
            assert!(off < chord * 0.1, "{} bends {off:.1} mm", r.id);
        }
        let cars = &r.lanes[0].spaces;
        for w in cars.windows(2) {
            let turn = (w[0].angle - w[1].angle).rem_euclid(360.0);
            assert!(turn.min(360.0 - turn) <= 30.0, "{} turns {turn:.0}°", r.id);
        }
        // The chain starts and ends at the markers (within 6 mm of their edges).
        for (end, city) in [(cars[0].ends[0], a), (cars[cars.len() - 1].ends[1], b)] {
            let d = ((end[0] - city[0]).powi(2) + (end[1] - city[1]).powi(2)).sqrt();
            assert!(d - l.cities[0].radius <= 6.0, "{} ends {d:.1} mm out", r.id);
        }
    }
}

#[test]
fn unknown_theme_and_bad_dpi_are_errors_not_panics() {
    let map = template("basic");
    let bad = Options {
        theme: "nope".into(),
        ..Options::default()
    };
    assert!(render(&map, Format::Svg, &bad).is_err());
    for dpi in [0.0, -3.0, f64::NAN, 1e9] {
        let o = Options {
            dpi: Some(dpi),
            ..Options::default()
        };
        assert!(to_png(&map, &o).is_err(), "dpi {dpi}");
    }
    let o = Options {
        dpi: Some(50.0),
        ..Options::default()
    };
    let (w, _) = png_size(&to_png(&map, &o).unwrap());
    // The template prints 400 mm wide (`print_width_mm`); with 8 mm margins and the score
    // track's 13.5 mm band on each side, 443 mm, about 17.4 inches: about 872 px at 50 dpi.
    assert!((840..900).contains(&w), "{w}");
}

// ---- the command line ----

fn ttrmap(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_ttrmap"))
        .args(args)
        .output()
        .expect("runs")
}

fn temp_dir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("ttrmap-render-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn cli_writes_beside_the_map_by_format() {
    let dir = temp_dir("cli");
    let map = dir.join("feat.toml");
    std::fs::write(&map, FEATURES).unwrap();
    let m = map.to_str().unwrap();
    for (args, file) in [
        (vec!["render", m], "feat.svg"),
        (vec!["render", m, "--format", "png"], "feat.png"),
        (vec!["render", m, "--format", "html"], "feat.html"),
        (vec!["render", m, "--tickets"], "feat-tickets.svg"),
    ] {
        let out = ttrmap(&args);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(dir.join(file).is_file(), "{file}");
    }
    let out = ttrmap(&["render", m, "-o", dir.join("x.png").to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    let bytes = std::fs::read(dir.join("x.png")).unwrap();
    assert_eq!(&bytes[1..4], b"PNG", "format follows the -o extension");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn cli_writes_nothing_for_a_map_with_errors() {
    let dir = temp_dir("bad");
    let map = dir.join("bad.toml");
    // A route to a city that does not exist.
    let text = FEATURES.replace("to = \"port-over\"", "to = \"nowhere\"");
    std::fs::write(&map, text).unwrap();
    let out = ttrmap(&["render", map.to_str().unwrap(), "--format", "png"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("nowhere"));
    assert!(!dir.join("bad.png").exists());
    let leftovers: Vec<_> = std::fs::read_dir(&dir).unwrap().flatten().collect();
    assert_eq!(
        leftovers.len(),
        1,
        "only the map: no partial or temporary file"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn cli_usage_errors_exit_2() {
    let dir = temp_dir("usage");
    let map = dir.join("m.toml");
    std::fs::write(&map, FEATURES).unwrap();
    let m = map.to_str().unwrap();
    for args in [
        vec!["render", m, "--theme", "nope"],
        vec!["render", m, "--tickets", "--format", "html"],
        vec!["render", m, "--dpi", "100"],
        vec!["render", dir.join("missing.toml").to_str().unwrap()],
        vec![
            "render",
            m,
            "-o",
            dir.join("no/such/dir/x.svg").to_str().unwrap(),
        ],
    ] {
        let out = ttrmap(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
