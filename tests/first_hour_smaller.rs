//! Issue 32, item 11: the smaller things a first hour runs into. `--with` for a mechanic the
//! map always plays says so; `presets` gives whole sentences; `stats` says what its ticket
//! bins are; `replay` names a blind card's colour; `score` lists routes and tickets by the
//! names on the board; `--mode`'s help says the default the engine plays.

use crate::common;

use common::{TempDir, ttrmap_in};
use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn with_a_mechanic_the_map_always_plays_says_so() {
    let out = ttrmap_in(
        root(),
        &[
            "playtest",
            "maps/old-west.toml",
            "--games",
            "2",
            "--with",
            "mechanics.city_markers",
        ],
    );
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("always plays `mechanics.city_markers`"),
        "{err}"
    );
    assert!(
        err.contains("mechanics.alvin"),
        "names what --with takes: {err}"
    );
    assert!(
        !err.contains("--without"),
        "no advice about --without: {err}"
    );
    // A misspelt optional extension gets a did-you-mean.
    let out = ttrmap_in(
        root(),
        &[
            "playtest",
            "maps/castilla.toml",
            "--games",
            "2",
            "--with",
            "mechanics.mystery_trian",
        ],
    );
    let err = text(&out.stderr);
    assert!(
        err.contains("did you mean 'mechanics.mystery_train'?"),
        "{err}"
    );
}

#[test]
fn presets_give_whole_sentences() {
    let out = ttrmap_in(root(), &["presets"]);
    let listing = text(&out.stdout);
    // Each preset's entry (its line and the indented lines after it) ends a sentence.
    let mut entries: Vec<String> = Vec::new();
    for line in listing.lines() {
        if line.starts_with(' ') {
            let last = entries.last_mut().expect("a first line");
            last.push(' ');
            last.push_str(line.trim());
        } else {
            entries.push(line.to_string());
        }
    }
    assert!(entries.len() >= 14, "{listing}");
    for e in &entries {
        assert!(e.ends_with('.'), "cut mid-sentence: {e}");
    }
    assert!(
        listing.lines().all(|l| l.chars().count() <= 100),
        "{listing}"
    );
    assert!(
        listing.contains("Globetrotter 10 and no longest-path bonus."),
        "{listing}"
    );
}

#[test]
fn stats_says_what_its_ticket_bins_are() {
    let out = ttrmap_in(root(), &["stats", "maps/usa.toml"]);
    let said = text(&out.stdout);
    assert!(said.contains("as a share of reach: 21.1 spaces"), "{said}");
    assert!(
        said.contains("(0.47 × 45 trains, the longest official tickets)"),
        "{said}"
    );
    assert!(said.contains("of reach  tickets  of the deck"), "{said}");
    assert!(said.contains("    <.30            3  0.10"), "{said}");
}

#[test]
fn replay_names_the_colour_of_a_blind_card() {
    let dir = TempDir::new("replay-blind");
    let map = root().join("maps/usa.toml");
    let out = ttrmap_in(
        &dir.0,
        &[
            "playtest",
            map.to_str().unwrap(),
            "--games",
            "1",
            "--players",
            "2",
            "--bots",
            "random",
            "--record",
            "games.jsonl",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let out = ttrmap_in(&dir.0, &["replay", "games.jsonl"]);
    let said = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(!said.contains("blind"), "{said}");
    let colours = [
        "red",
        "orange",
        "yellow",
        "green",
        "blue",
        "pink",
        "white",
        "black",
        "locomotive",
    ];
    let blind: Vec<&str> = said.matches(" from the deck").collect();
    assert!(!blind.is_empty(), "random bots draw blind: {said}");
    for line in said.lines().filter(|l| l.contains("from the deck")) {
        assert!(
            colours
                .iter()
                .any(|c| line.contains(&format!("{c} from the deck"))),
            "{line}"
        );
    }
}

#[test]
fn score_lists_routes_and_tickets_by_their_names() {
    let dir = TempDir::new("score-names");
    assert!(ttrmap_in(&dir.0, &["new", "demo"]).status.success());
    std::fs::write(
        dir.0.join("position.toml"),
        "map = \"demo.toml\"\n[[player]]\nname = \"Ada\"\nroutes = [\"north-lake\", \"lake-centre\"]\ntickets = [\"north-centre\"]\n[[player]]\nname = \"Bo\"\n",
    )
    .unwrap();
    let out = ttrmap_in(&dir.0, &["score", "position.toml"]);
    let said = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{said}{}", text(&out.stderr));
    for name in [
        "Northport – Lakeside",
        "Lakeside – Central",
        "Northport – Central",
    ] {
        assert!(said.contains(name), "{name}: {said}");
    }
    assert!(!said.contains("north-lake"), "{said}");
}

#[test]
fn mode_help_says_the_default_the_engine_plays() {
    let out = ttrmap_in(root(), &["playtest", "--help"]);
    let help = text(&out.stdout)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        help.contains(
            "default: the first mode recommended for the player count, else the first mode"
        ),
        "{help}"
    );
    let docs = std::fs::read_to_string(root().join("docs/playtest.md")).unwrap();
    assert!(docs.contains("plays the first mode recommended for the player count"));
}

/// docs/playtest.md starts with a quick start, and the search bot's experiment logs are a
/// page of their own.
#[test]
fn the_playtest_guide_starts_with_a_quick_start() {
    let docs = std::fs::read_to_string(root().join("docs/playtest.md")).unwrap();
    let first_section = docs.lines().find(|l| l.starts_with("## ")).unwrap();
    assert_eq!(first_section, "## Quick start");
    assert!(docs.lines().count() < 650, "{}", docs.lines().count());
    assert!(docs.contains("(search-experiments.md)"));
    let experiments = std::fs::read_to_string(root().join("docs/search-experiments.md")).unwrap();
    assert!(experiments.contains("Why Castilla is harder"));
}
