//! The same measures on a board no one laid out by hand: 300 cities a designer might have
//! placed (a jittered grid on an 800 × 600 mm board, names of 4 to 12 letters), joined to
//! their neighbours across and down and by one diagonal in some cells (a planar network, as
//! a printed board's is), each route as long as its distance wants at cars of about 19 mm,
//! one in seven a double. The shipped maps' bounds are sums tuned on 14 boards; this board
//! checks that the layout keeps its rules on a map it was never tried on, at 5 to 20 times
//! the size.

use super::*;

const COLS: usize = 20;
const ROWS: usize = 15;

/// The generated board as map TOML ([`grid_board`](super::grid_board)); with `fitted`, the
/// cities at those positions and the cars at that size, as `ttrmap layout --fit --write`
/// writes them (the routes' lengths are the generated board's).
fn board(fitted: Option<(&[[f64; 2]], [f64; 2])>) -> String {
    super::grid_board::grid_board(&super::grid_board::Grid {
        id: "generated",
        name: "Generated 300",
        cols: COLS,
        rows: ROWS,
        tickets: 0,
        fitted,
    })
}

/// The board's counts, in the order of [`LABELS`], and a report line.
fn counts(name: &str, text: &str) -> ([usize; 17], String) {
    let loaded = ttrmap::load::load_str("generated.toml", text);
    assert!(!loaded.has_errors(), "the generated board loads");
    // One run of the lints (it lays the 300 cities out) for both rules.
    let found = ttrmap::lint::run(&loaded);
    let short = named_in(&found, "route-drawn-length");
    let slack = named_in(&found, "route-slack");
    let map = loaded.map.expect("model");
    assert_eq!(map.cities.len(), COLS * ROWS);
    let map = &map;
    let l = layout(map, &Options::default()).expect("layout");
    let c = measure(map, &l, &short);
    let r = read_board(map, &l);
    let unnamed = r.loose.iter().filter(|id| !slack.contains(id)).count();
    let got = [
        c.overlapping_pairs,
        c.hidden_routes,
        c.through_city,
        c.label_on_space,
        c.label_on_marker,
        c.label_off_board,
        c.car_off_size,
        r.lanes_turning,
        r.cars_on_neighbour,
        r.lanes_apart,
        r.ends_far,
        r.gappy_lanes,
        r.names_astray,
        r.cars_off_board,
        r.undeclared_crossings,
        r.ends_short,
        unnamed,
    ];
    let mut examples = c.examples;
    examples.extend(r.examples);
    let tail = format!(
        "{} routes, car {:.1} mm",
        map.routes.len(),
        l.sizes.space_length / l.print_units_per_mm
    );
    (got, row(name, &LABELS, &got, tail, &examples))
}

const LABELS: [&str; 17] = [
    "overlap",
    "hidden",
    "through",
    "label-space",
    "label-marker",
    "label-off",
    "cars-off",
    "turn",
    "on-neighbour",
    "apart",
    "ends>6",
    "gappy",
    "names",
    "off",
    "crossings",
    "ends>30",
    "unnamed",
];

/// The board as generated, and after `ttrmap layout --fit` (its positions and car length
/// written back as `--write` does): the fit is what the layout's docs and lints tell a
/// designer to run, so both are held.
#[test]
fn a_generated_300_city_board_reads_as_printed() {
    let text = board(None);
    let (placed, mut report) = counts("generated", &text);
    let map = ttrmap::load::load_str("generated.toml", &text)
        .map
        .expect("model");
    let fit = ttrmap::render::fit::fit(&map);
    let space = fit.space_mm.expect("the generated board gives no car size");
    let (after, line) = counts("fitted", &board(Some((&fit.positions, space))));
    report.push_str(&line);
    eprintln!("{report}");
    for (got, bounds) in [(placed, GENERATED_BOUNDS), (after, FITTED_BOUNDS)] {
        assert!(
            got.iter().zip(bounds).all(|(g, b)| *g <= b),
            "{got:?} over {bounds:?} ({LABELS:?})\n{report}"
        );
    }
}

/// Upper bounds, in the order of [`LABELS`], as measured when the board was added. As
/// generated, the cities' spans want cars from about 19 to 30 mm, so at the board's pitch
/// (22.8 mm, a quarter of the way up) most routes have room to spare: 380 lane ends beyond
/// 6 mm and 276 lanes with a wide gap, each route named by `route-slack`. Fitted (cars of
/// 25.5 mm, cities moved by the fit's stress solve): 72 and 54, but 20 -> 46 overlapping
/// pairs, nearly all a diagonal's first car on a neighbour's 45° away at a shared city,
/// where the longer cars need more angle than the grid's cells give.
const GENERATED_BOUNDS: [usize; 17] = [20, 0, 0, 2, 0, 0, 0, 0, 0, 0, 380, 276, 0, 0, 0, 0, 0];
const FITTED_BOUNDS: [usize; 17] = [46, 0, 0, 2, 0, 0, 0, 0, 0, 0, 72, 54, 0, 0, 0, 0, 0];
