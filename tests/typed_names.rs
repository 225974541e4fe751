//! Issue 32, item 10: the names a designer types. `score` takes a ticket as its card reads
//! (`"Northport – Central"`, en dash or hyphen, city names or ids) and a route as
//! `"Northport-Lakeside"` or `"north – lake"`; `suggest tickets --only` takes a hyphen for the
//! en dash; a misspelt ticket or bot gets a "did you mean".

use crate::common;

use common::{TempDir, ttrmap_in};

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// The basic starter map (`ttrmap new`): Northport (`north`), Lakeside (`lake`), Central
/// (`centre`), ...
fn starter(tag: &str) -> TempDir {
    let dir = TempDir::new(tag);
    let out = ttrmap_in(&dir.0, &["new", "demo"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    dir
}

fn position(dir: &TempDir, routes: &str, tickets: &str) -> std::process::Output {
    let body = format!(
        "map = \"demo.toml\"\n\n[[player]]\nname = \"Ada\"\nroutes = [{routes}]\ntickets = [{tickets}]\n\n[[player]]\nname = \"Bo\"\nroutes = []\ntickets = []\n"
    );
    std::fs::write(dir.0.join("position.toml"), body).unwrap();
    ttrmap_in(&dir.0, &["score", "position.toml", "--format", "json"])
}

fn total(out: &std::process::Output) -> serde_json::Value {
    let v: serde_json::Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}{}", text(&out.stdout), text(&out.stderr)));
    v["players"][0].clone()
}

#[test]
fn score_takes_tickets_as_the_card_reads_and_routes_by_their_cities_names() {
    let dir = starter("typed-score");
    // By ids, as before: the reference.
    let ids = position(&dir, "\"north-lake\", \"lake-centre\"", "\"north–centre\"");
    assert_eq!(ids.status.code(), Some(0), "{}", text(&ids.stdout));
    let want = total(&ids);
    for (routes, tickets) in [
        (
            "\"Northport-Lakeside\", \"Lakeside – Central\"",
            "\"Northport – Central\"",
        ),
        (
            "\"north – lake\", \"Central-Lakeside\"",
            "\"Northport - Central\"",
        ),
        (
            "\"NORTHPORT - LAKESIDE\", \"lake-centre\"",
            "\"Central–Northport\"",
        ),
        ("\"north-lake\", \"lake-centre\"", "\"north-centre\""),
    ] {
        let out = position(&dir, routes, tickets);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{routes} {tickets}: {}",
            text(&out.stdout)
        );
        assert_eq!(total(&out), want, "{routes} {tickets}");
    }
}

#[test]
fn score_suggests_the_closest_ticket_for_a_misspelt_card() {
    let dir = starter("typed-score-typo");
    let out = position(&dir, "", "\"Northprot – Central\"");
    let said = format!("{}{}", text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(said.contains("did you mean"), "{said}");
    assert!(said.contains("'north-centre'"), "{said}");
}

#[test]
fn suggest_only_takes_a_hyphen_or_the_card_text_and_suggests_a_close_label() {
    let dir = starter("typed-only");
    let before = std::fs::read_to_string(dir.0.join("demo.toml")).unwrap();
    for only in ["north-centre", "Northport – Central", "centre-north"] {
        let out = ttrmap_in(
            &dir.0,
            &[
                "suggest",
                "tickets",
                "demo.toml",
                "--games",
                "20",
                "--write",
                "--only",
                only,
            ],
        );
        assert_eq!(
            out.status.code(),
            Some(0),
            "--only {only}: {}",
            text(&out.stderr)
        );
        std::fs::write(dir.0.join("demo.toml"), &before).unwrap();
    }
    let out = ttrmap_in(
        &dir.0,
        &[
            "suggest",
            "tickets",
            "demo.toml",
            "--games",
            "20",
            "--write",
            "--only",
            "north-centr",
        ],
    );
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("did you mean 'north-centre'?"), "{err}");
}

#[test]
fn a_misspelt_bot_gets_a_did_you_mean() {
    let dir = starter("typed-bots");
    let out = ttrmap_in(
        &dir.0,
        &[
            "playtest",
            "demo.toml",
            "--games",
            "2",
            "--bots",
            "destination-hungy,route-focus",
        ],
    );
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("did you mean 'destination-hungry'?"), "{err}");
}
