//! Every problem at once: schema errors and the reference and consistency problems of the
//! parts of the file that are valid come in the same run (the README's promise), not in
//! rounds.

use ttrmap::load::load_str;

const MAP: &str = r#"
[map]
id = "rounds"
name = "Rounds"
players = { min = 2, max = 5 }
board = { width = 800, height = 500 }

[[cities]]
id = "alpha"
position = [100, 100]

[[cities]]
id = "beta"
position = [300, "oops"]   # schema: a position is two numbers

[[cities]]
id = "gamma"
position = [500, 100]

[[cities]]
id = "gamma"               # check: duplicate id
position = [600, 300]

[[routes]]
from = "alpha"
to = "gamma"
length = 9                 # check: no points for this length

[[routes]]
from = "alpha"
to = "gamam"               # check: unknown city, did you mean gamma
length = 3

[[routes]]
from = "alpha"
to = "beta"                # beta's table is broken: no second report for it
length = 2

[[tickets]]
from = "alpha"
to = "delta"               # check: unknown city
points = 5

[[tickets]]
from = "alpha"
to = "gamma"
points = "five"            # schema: a number
"#;

#[test]
fn schema_and_reference_problems_come_together() {
    let loaded = load_str("rounds.toml", MAP);
    let codes: Vec<(&str, &str)> = loaded
        .diagnostics
        .iter()
        .map(|d| (d.code, d.message.as_str()))
        .collect();
    let count = |code: &str| codes.iter().filter(|(c, _)| *c == code).count();
    assert_eq!(count("schema"), 2, "{codes:#?}");
    assert!(count("unknown-city") == 2, "{codes:#?}");
    assert!(count("duplicate-id") == 1, "{codes:#?}");
    assert!(count("no-route-points") == 1, "{codes:#?}");
    assert!(
        !codes.iter().any(|(_, m)| m.contains("`beta`")),
        "a broken city is not also unknown: {codes:#?}"
    );
    // Every finding points into the file, on the line of its cause.
    let line_of = |needle: &str| MAP[..MAP.find(needle).unwrap()].lines().count();
    let gamam = loaded
        .diagnostics
        .iter()
        .find(|d| d.message.contains("gamam"))
        .unwrap();
    let at = gamam.span.clone().unwrap().start;
    assert_eq!(MAP[..at].lines().count(), line_of("\"gamam\""));
    let delta = loaded
        .diagnostics
        .iter()
        .find(|d| d.message.contains("delta"))
        .unwrap();
    let at = delta.span.clone().unwrap().start;
    assert_eq!(MAP[..at].lines().count(), line_of("\"delta\""));
    // Still no map: the file has errors.
    assert!(loaded.map.is_none());
}

#[test]
fn a_broken_frame_reports_the_schema_alone() {
    // `[map]` itself is broken: nothing else can be trusted.
    let text = MAP.replace("players = { min = 2, max = 5 }\n", "");
    let loaded = load_str("frame.toml", &text);
    assert!(
        loaded.diagnostics.iter().all(|d| d.code == "schema"),
        "{:#?}",
        loaded.diagnostics
    );
}
