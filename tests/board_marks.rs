//! Issue 17's marks on the drawn board, on every shipped map: colour symbols (`--symbols`)
//! and what a deuteranope tells apart, one ring colour per region with a legend that agrees,
//! Pennsylvania's stock shares, upright mountains, and Germany's 300 dpi PNG. Issue 35's
//! score track round every board, with nothing of the board under it.

use crate::common;

use common::{TempDir, ttrmap_in};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use ttrmap::model::{Color, MapFile};
use ttrmap::render::colours::{self, delta_e, delta_e_deuteranopia, delta_l};
use ttrmap::render::layout::{Layout, Rect};
use ttrmap::render::types::text_width;
use ttrmap::render::{Options, Theme, layout, symbols, theme_names, to_png, to_svg};

fn shipped() -> Vec<(String, MapFile)> {
    common::shipped_maps()
        .into_iter()
        .map(|(name, loaded)| (name, loaded.map.expect("model")))
        .collect()
}

fn map(name: &str) -> MapFile {
    shipped()
        .into_iter()
        .find(|(n, _)| n == name)
        .map(|(_, m)| m)
        .expect(name)
}

/// The value of attribute `name` in one element's text.
fn attr<'a>(element: &'a str, name: &str) -> Option<&'a str> {
    let key = format!(" {name}=\"");
    let i = element.find(&key)? + key.len();
    Some(&element[i..i + element[i..].find('"')?])
}

/// Every element (its text up to `>`) whose start is `<tag class="class`.
fn elements<'a>(svg: &'a str, start: &str) -> Vec<&'a str> {
    svg.match_indices(start)
        .map(|(i, _)| &svg[i..i + svg[i..].find('>').unwrap()])
        .collect()
}

fn card_colours_used(m: &MapFile) -> BTreeSet<Color> {
    m.routes
        .iter()
        .filter(|r| !r.track_bed)
        .flat_map(|r| r.lane_colors())
        .filter(|c| *c != Color::Gray)
        .collect()
}

#[test]
fn with_symbols_every_colour_of_every_shipped_map_has_its_own_shape_on_each_space() {
    let opts = Options {
        symbols: true,
        ..Options::default()
    };
    for (name, m) in shipped() {
        let plain = to_svg(&m, &Options::default()).unwrap();
        assert!(!plain.contains("class=\"symbol"), "{name}: symbols unasked");
        let svg = to_svg(&m, &opts).unwrap();
        let mut shape_of: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for e in elements(&svg, "<path class=\"symbol ") {
            let colour = attr(e, "class").unwrap().trim_start_matches("symbol s-");
            let shape = attr(e, "data-symbol").unwrap();
            shape_of
                .entry(colour.to_string())
                .or_default()
                .insert(shape.to_string());
            assert!(!attr(e, "transform").unwrap().contains("rotate"), "{name}");
        }
        let used: BTreeSet<String> = card_colours_used(&m)
            .iter()
            .map(|c| c.name().to_string())
            .collect();
        assert_eq!(
            shape_of.keys().cloned().collect::<BTreeSet<_>>(),
            used,
            "{name}"
        );
        let shapes: BTreeSet<&String> = shape_of.values().flatten().collect();
        assert!(
            shape_of.values().all(|s| s.len() == 1),
            "{name}: {shape_of:?}"
        );
        assert_eq!(shapes.len(), used.len(), "{name}: a shape shared");
        // One symbol per space of a card colour, and one on each colour's legend swatch.
        let spaces: usize = m
            .routes
            .iter()
            .filter(|r| !r.track_bed)
            .map(|r| {
                r.lane_colors()
                    .iter()
                    .filter(|c| **c != Color::Gray)
                    .count()
                    * r.length as usize
            })
            .sum();
        // And on the swatch of each listed region that stands for a card colour.
        let regions = m
            .regions
            .iter()
            .filter(|r| r.color.is_some_and(|c| c != Color::Gray))
            .filter(|r| m.cities.iter().any(|c| c.region.as_ref() == Some(&r.id)))
            .count();
        let drawn = elements(&svg, "<path class=\"symbol ").len();
        assert_eq!(drawn, spaces + used.len() + regions, "{name}");
        // The inks are in the style.
        assert!(svg.contains(".symbol.s-"), "{name}");
    }
}

#[test]
fn a_deuteranope_tells_the_route_colours_apart_by_their_symbols() {
    let all: Vec<Color> = Color::CARD_COLORS
        .into_iter()
        .chain([Color::Gray])
        .collect();
    for theme_name in theme_names() {
        let theme = Theme::named(theme_name).unwrap();
        let colour = |c: Color| theme.colour(c.name()).unwrap();
        let mut close = Vec::new();
        for (i, a) in all.iter().enumerate() {
            for b in &all[i + 1..] {
                let d = delta_e_deuteranopia(colour(*a), colour(*b));
                if d < 20.0 {
                    close.push((*a, *b, d));
                    // Told apart by shape: different symbols (gray has none).
                    assert_ne!(
                        symbols::name(*a),
                        symbols::name(*b),
                        "{theme_name}: {a} {b}"
                    );
                }
            }
        }
        // The problem the symbols answer: red and green are close for a deuteranope.
        assert!(
            close
                .iter()
                .any(|(a, b, _)| (*a, *b) == (Color::Red, Color::Green)),
            "{theme_name}: {close:?}"
        );
        // Each symbol stands out on its own space, in greyscale and for a deuteranope.
        for c in Color::CARD_COLORS {
            let (ink, _) = theme.symbol_inks(c).unwrap();
            assert!(
                delta_l(ink, colour(c)) >= 30.0,
                "{theme_name}: {c} symbol in greyscale"
            );
            assert!(
                delta_e_deuteranopia(ink, colour(c)) >= 25.0,
                "{theme_name}: {c} symbol for a deuteranope"
            );
        }
    }
}

/// Ring colour of each region class written in the board's style.
fn region_colours(svg: &str) -> BTreeMap<usize, String> {
    svg.match_indices(".region-")
        .filter_map(|(i, _)| {
            let rest = &svg[i + 8..];
            let k: usize = rest[..rest.find(' ')?].parse().ok()?;
            let rule = &rest[..rest.find('}')?];
            let hex = rule.split("stroke: ").nth(1)?.split(';').next()?;
            Some((k, hex.trim().to_string()))
        })
        .collect()
}

#[test]
fn every_region_of_every_shipped_map_has_its_own_colour_and_the_legend_agrees() {
    let mut seen = 0;
    for (name, m) in shipped() {
        if m.regions.is_empty() {
            continue;
        }
        seen += 1;
        for theme_name in theme_names() {
            let opts = Options {
                theme: theme_name.to_string(),
                ..Options::default()
            };
            let svg = to_svg(&m, &opts).unwrap();
            let colours_of = region_colours(&svg);
            assert_eq!(colours_of.len(), m.regions.len(), "{name} {theme_name}");
            let theme = Theme::named(theme_name).unwrap();
            let land = theme.colour("land").unwrap();
            let parsed: Vec<_> = colours_of
                .values()
                .map(|h| colours::parse_hex(h).unwrap())
                .collect();
            // The legend swatch has the ring's colour as its fill, and keeps its outline.
            for (k, hex) in &colours_of {
                assert!(svg.contains(&format!(".region-ring.region-{k} {{ stroke: {hex}; }}")));
                assert!(svg.contains(&format!(".swatch.region-{k} {{ fill: {hex}; }}")));
                assert!(
                    !svg.contains(&format!("}} .region-{k} {{ stroke")),
                    "{name}"
                );
            }
            // Every region its own colour.
            let distinct: BTreeSet<_> = colours_of.values().collect();
            assert_eq!(distinct.len(), m.regions.len(), "{name} {theme_name}");
            for (k, r) in m.regions.iter().enumerate() {
                match r.color {
                    // A region standing for a card colour is drawn in it (South Korea).
                    Some(c) => assert_eq!(parsed[k], theme.colour(c.name()).unwrap(), "{name}"),
                    // Any other is far from the land and from every other region's colour.
                    None => {
                        assert!(delta_e(parsed[k], land) >= 15.0, "{name} {theme_name}");
                        for (j, b) in parsed.iter().enumerate() {
                            if j != k {
                                assert!(
                                    delta_e(parsed[k], *b) >= 15.0,
                                    "{name} {theme_name}: region {k} and {j}"
                                );
                            }
                        }
                    }
                }
                // No name says another colour than its swatch's.
                let label = r.name.as_deref().unwrap_or(&r.id);
                for c in Color::CARD_COLORS.into_iter().chain([Color::Gray]) {
                    if Some(c) != r.color {
                        assert!(
                            !label.contains(&format!("({})", c.name())),
                            "{name}: {label}"
                        );
                    }
                }
            }
            // Each city's ring is its own region's class.
            for e in elements(&svg, "<g class=\"city") {
                let id = attr(e, "data-city").unwrap();
                let city = m.cities.iter().find(|c| c.id == id).unwrap();
                let at = svg.find(e).unwrap();
                let group = &svg[at..at + svg[at..].find("</g>").unwrap()];
                let ring = elements(group, "<circle class=\"region-ring ");
                match &city.region {
                    Some(r) => {
                        let k = m.regions.iter().position(|x| &x.id == r).unwrap();
                        assert_eq!(ring.len(), 1, "{name}: {id}");
                        let class = attr(ring[0], "class").unwrap();
                        assert_eq!(class, format!("region-ring region-{k}"), "{name}: {id}");
                    }
                    None => assert!(ring.is_empty(), "{name}: {id}"),
                }
            }
            // Each legend swatch of a region sits beside that region's name.
            let mut listed = 0;
            for (i, _) in svg.match_indices("<g class=\"legend-item\"><rect class=\"swatch region-")
            {
                let item = &svg[i..i + svg[i..].find("</g>").unwrap()];
                let after = item.split("swatch region-").nth(1).unwrap();
                let k: usize = after[..after.find('"').unwrap()].parse().unwrap();
                let text = item.split("<text").nth(1).unwrap();
                let text = &text[text.find('>').unwrap() + 1..text.find("</text").unwrap()];
                let r = &m.regions[k];
                assert_eq!(
                    text,
                    r.name.as_deref().unwrap_or(&r.id),
                    "{name}: region-{k}"
                );
                listed += 1;
            }
            assert!(listed > 0, "{name}: no region in the legend");
        }
    }
    assert!(seen >= 1, "no shipped map has regions");
}

#[test]
fn mountain_marks_stand_upright_on_every_map_with_mountains() {
    let mut seen = 0;
    for (name, m) in shipped() {
        if !m.routes.iter().any(|r| r.mountains > 0) {
            continue;
        }
        let svg = to_svg(&m, &Options::default()).unwrap();
        for e in elements(&svg, "<path class=\"mountain\"") {
            seen += 1;
            let t = attr(e, "transform").unwrap();
            assert!(
                t.starts_with("translate(") && !t.contains("rotate"),
                "{name}: {t}"
            );
            // M left-base L apex L right-base: the apex is above (smaller y than) the base.
            let d = attr(e, "d").unwrap();
            let nums: Vec<f64> = d
                .split(|c: char| "MLZ ".contains(c))
                .filter_map(|v| v.parse().ok())
                .collect();
            assert_eq!(nums.len(), 6, "{d}");
            assert!(nums[3] < nums[1] && nums[3] < nums[5], "{name}: {d}");
            assert!((nums[1] - nums[5]).abs() < 1e-9, "{name}: a level base {d}");
        }
    }
    assert!(seen > 0, "no mountain drawn");
}

#[test]
fn pennsylvanias_stock_shares_are_printed_beside_their_routes_with_a_legend_entry() {
    let m = map("pennsylvania");
    let svg = to_svg(&m, &Options::default()).unwrap();
    let with: Vec<_> = m
        .routes
        .iter()
        .filter(|r| !r.stock_shares.is_empty())
        .collect();
    assert!(with.len() > 10);
    for r in &with {
        let id = r.id();
        let start = format!("<g class=\"stock-share\" data-route=\"{id}\"");
        let at = svg
            .find(&start)
            .unwrap_or_else(|| panic!("{id}: no shares"));
        let group = &svg[at..at + svg[at..].find("</g>").unwrap()];
        let values: Vec<String> = r.stock_shares.iter().map(|v| v.to_string()).collect();
        assert_eq!(attr(group, "data-shares"), Some(values.join(" ").as_str()));
        assert_eq!(group.matches("class=\"share-tag\"").count(), values.len());
        for v in &values {
            assert!(group.contains(&format!(">{v}</text>")), "{id}: {v}");
        }
    }
    assert_eq!(svg.matches("<g class=\"stock-share\"").count(), with.len());
    assert!(svg.contains(">stock shares a claim offers</text>"));
    // Beside the route: near one of its spaces, never on them.
    let layout = ttrmap::render::layout(&m, &Options::default()).unwrap();
    for tags in ttrmap::render::shares::place(&m, &layout) {
        let route = layout
            .routes
            .iter()
            .find(|r| r.index == tags.route)
            .unwrap();
        for (_, at) in &tags.tags {
            let quads: Vec<_> = route
                .lanes
                .iter()
                .flat_map(|l| &l.spaces)
                .map(ttrmap::render::geom::corners)
                .collect();
            let near = quads
                .iter()
                .any(|q| ttrmap::render::geom::circle_depth(*at, tags.radius * 3.0, q) > 0.0);
            let on = quads.iter().any(|q| {
                ttrmap::render::geom::circle_depth(*at, tags.radius, q)
                    > 0.3 * layout.print_units_per_mm
            });
            assert!(near && !on, "{}: tag at {at:?}", route.id);
        }
    }
    // No map without stock shares draws any.
    let usa = to_svg(&map("usa"), &Options::default()).unwrap();
    assert!(!usa.contains("<g class=\"stock-share"));
}

#[test]
fn germany_renders_at_300_dpi_and_a_dpi_too_high_names_the_highest_that_works() {
    let m = map("germany");
    let layout = ttrmap::render::layout(&m, &Options::default()).unwrap();
    let u = layout.print_units_per_mm;
    let mm = [layout.view.w / u, layout.view.h / u];
    let png = to_png(
        &m,
        &Options {
            dpi: Some(300.0),
            ..Options::default()
        },
    )
    .expect("Germany at 300 dpi");
    let be = |i: usize| u32::from_be_bytes([png[i], png[i + 1], png[i + 2], png[i + 3]]);
    let (w, h) = (be(16), be(20));
    assert_eq!(w, (mm[0] / 25.4 * 300.0).round() as u32);
    assert!((h as f64 - mm[1] / 25.4 * 300.0).abs() <= 1.0, "{w} × {h}");
    let best = ttrmap::render::png::max_dpi(mm);
    assert!(best > 300, "{best}");
    let err = to_png(
        &m,
        &Options {
            dpi: Some(best as f64 * 2.0),
            ..Options::default()
        },
    )
    .unwrap_err()
    .to_string();
    assert!(err.contains(&format!("--dpi {best} at most")), "{err}");
}

// Issue 35, item 2: the score track.

/// Every box of the board a player reads: car spaces (by their corners), city markers, city
/// names and zone names, each with what it is.
fn board_boxes(map: &MapFile, l: &Layout) -> Vec<(String, Rect)> {
    let mut out = Vec::new();
    let of_points = |pts: &[[f64; 2]]| {
        let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
        for p in pts {
            (x0, y0, x1, y1) = (x0.min(p[0]), y0.min(p[1]), x1.max(p[0]), y1.max(p[1]));
        }
        Rect {
            x: x0,
            y: y0,
            w: x1 - x0,
            h: y1 - y0,
        }
    };
    for r in &l.routes {
        for s in r.lanes.iter().flat_map(|lane| &lane.spaces) {
            let (sin, cos) = s.angle.to_radians().sin_cos();
            let (hl, hw) = (s.length / 2.0, s.width / 2.0);
            let corners = [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)].map(|(a, b)| {
                [
                    s.center[0] + a * hl * cos - b * hw * sin,
                    s.center[1] + a * hl * sin + b * hw * cos,
                ]
            });
            out.push((format!("a space of {}", r.id), of_points(&corners)));
        }
    }
    for (c, city) in l.cities.iter().zip(&map.cities) {
        let r = c.radius;
        out.push((
            format!("the marker of {}", city.id),
            Rect {
                x: c.pos[0] - r,
                y: c.pos[1] - r,
                w: 2.0 * r,
                h: 2.0 * r,
            },
        ));
        out.push((format!("the name of {}", city.id), c.label.bbox));
    }
    for z in &l.zones {
        let name = map.zones[z.index].display_name();
        let (size, half) = (l.sizes.zone_size, text_width(name, l.sizes.zone_size) / 2.0);
        out.push((
            format!("the name of zone {name}"),
            Rect {
                x: z.pos[0] - half,
                y: z.pos[1] - 0.75 * size,
                w: 2.0 * half,
                h: 1.1 * size,
            },
        ));
    }
    out
}

fn inside(a: &Rect, outer: &Rect) -> bool {
    a.x >= outer.x
        && a.y >= outer.y
        && a.x + a.w <= outer.x + outer.w
        && a.y + a.h <= outer.y + outer.h
}

#[test]
fn every_shipped_board_has_a_track_from_0_to_99_with_nothing_under_it() {
    let maps = shipped();
    assert_eq!(maps.len(), 14);
    for (name, map) in &maps {
        let l = layout(map, &Options::default()).expect("layout");
        let track = l.score_track.as_ref().expect("a track by default");
        assert_eq!(track.cells.len(), 100, "{name}");
        let boxes = board_boxes(map, &l);
        for (k, cell) in track.cells.iter().enumerate() {
            for (what, b) in &boxes {
                assert!(
                    !cell.overlaps(b),
                    "{name}: {what} lies under score cell {k}"
                );
            }
            assert!(
                !cell.overlaps(&l.legend.frame),
                "{name}: legend on cell {k}"
            );
            assert!(!cell.overlaps(&l.title.frame), "{name}: title on cell {k}");
            assert!(
                inside(cell, &l.view),
                "{name}: cell {k} outside the drawing"
            );
            // A scoring marker (about 10 mm) fits in every cell.
            let mm = cell.w.min(cell.h) / l.print_units_per_mm;
            assert!(mm >= 10.0 - 1e-9, "{name}: cell {k} is {mm:.1} mm");
        }
        // The drawing grew by the track: the board and its margin inside, the track around.
        let without = layout(
            map,
            &Options {
                score_track: None,
                ..Options::default()
            },
        )
        .unwrap();
        assert!(
            (l.view.w - without.view.w - 2.0 * track.band).abs() < 1e-6,
            "{name}"
        );
        assert!(
            (l.view.h - without.view.h - 2.0 * track.band).abs() < 1e-6,
            "{name}"
        );
        assert!(without.score_track.is_none());
    }
}

#[test]
fn the_svg_numbers_every_cell_and_sets_every_fifth_apart() {
    let (_, map) = shipped()
        .into_iter()
        .find(|(n, _)| n == "castilla")
        .unwrap();
    let svg = to_svg(&map, &Options::default()).unwrap();
    let numbers: Vec<u32> = svg
        .match_indices(r#"<text class="score-number"#)
        .map(|(i, _)| {
            let t = &svg[i..];
            let start = t.find('>').unwrap() + 1;
            t[start..start + t[start..].find('<').unwrap()]
                .parse()
                .unwrap()
        })
        .collect();
    assert_eq!(numbers, (0..=99).collect::<Vec<_>>());
    assert_eq!(svg.matches(r#"class="score-cell score-five""#).count(), 20);
    let none = to_svg(
        &map,
        &Options {
            score_track: None,
            ..Options::default()
        },
    )
    .unwrap();
    assert!(!none.contains("<rect class=\"score-cell"));
    // The ticket sheet has no track.
    let tickets = to_svg(
        &map,
        &Options {
            tickets: true,
            ..Options::default()
        },
    )
    .unwrap();
    assert!(!tickets.contains("<rect class=\"score-cell"));
}

#[test]
fn the_command_line_sets_the_track_or_leaves_it_out() {
    let dir = TempDir::new("score-track");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let map = root.join("maps/iberia.toml");
    let map = map.to_str().unwrap();
    let cells = |args: &[&str]| {
        let out = dir.0.as_path().join("b.svg");
        let mut all = vec!["render", map, "-o", out.to_str().unwrap(), "--force"];
        all.extend_from_slice(args);
        let run = ttrmap_in(dir.0.as_path(), &all);
        assert!(
            run.status.success(),
            "{}",
            String::from_utf8_lossy(&run.stderr)
        );
        std::fs::read_to_string(&out)
            .unwrap()
            .matches("<rect class=\"score-cell")
            .count()
    };
    assert_eq!(cells(&[]), 100);
    assert_eq!(cells(&["--score-track-to", "100"]), 101);
    assert_eq!(cells(&["--no-score-track"]), 0);
    for bad in [
        &["--score-track-to", "5"][..],
        &["--score-track-to", "100", "--no-score-track"],
    ] {
        let out = dir.0.as_path().join("bad.svg");
        let mut all = vec!["render", map, "-o", out.to_str().unwrap()];
        all.extend_from_slice(bad);
        let run = ttrmap_in(dir.0.as_path(), &all);
        assert_eq!(run.status.code(), Some(2), "{bad:?}");
        assert!(!out.exists(), "{bad:?} wrote a file");
    }
}
