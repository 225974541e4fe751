//! The playtest report: deterministic whatever the thread count (JSON and HTML), internally
//! consistent, and an HTML page that escapes names and draws the route heat.

use std::path::Path;
use ttrmap::engine::Game;
use ttrmap::playtest::{Config, Report, html::render_html, run};

fn usa() -> ttrmap::model::MapFile {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/usa.toml");
    ttrmap::load::load_path(&path).unwrap().map.unwrap()
}

fn config(games: u64, threads: usize) -> Config {
    Config {
        games,
        seed: 7,
        bots: vec!["random".into()],
        threads,
        progress: false,
    }
}

#[test]
fn same_bytes_with_one_or_two_threads_json_and_html() {
    let map = usa();
    let game = Game::new(&map, 3, None).unwrap();
    let one = run(&game, &config(80, 1)).unwrap();
    let two = run(&game, &config(80, 2)).unwrap();
    assert_eq!(
        serde_json::to_string(&one).unwrap(),
        serde_json::to_string(&two).unwrap()
    );
    let page = render_html(&one, &map).unwrap();
    assert_eq!(page, render_html(&two, &map).unwrap());
    assert!(page.starts_with("<!DOCTYPE html>"));
}

fn consistent(r: &Report) {
    assert_eq!(r.games, r.finished + r.failures);
    // Every finished game has a histogram entry per seat.
    for s in &r.seats {
        assert_eq!(
            s.score_histogram.iter().map(|x| x.1).sum::<u64>(),
            r.finished
        );
    }
    assert_eq!(
        r.turns_histogram.iter().map(|x| x.1).sum::<u64>(),
        r.finished
    );
    // The claimed spaces by lane colour add up to the lanes claimed times their lengths.
    let by_colour: u64 = r.colours.iter().map(|c| c.claimed_spaces).sum();
    let by_route: u64 = r
        .route_claims
        .iter()
        .map(|x| x.lanes_claimed * x.length as u64)
        .sum();
    assert_eq!(by_colour, by_route);
    for x in &r.route_claims {
        assert!(x.claimed_games <= r.finished && x.lanes_claimed >= x.claimed_games);
        assert_eq!(x.mean_claim_turn.is_some(), x.claimed_games > 0);
    }
    // A city is on at least as many kept tickets as completed ones.
    for c in &r.cities {
        assert!(c.on_completed_tickets <= c.on_kept_tickets);
        assert!(c.touched_rate <= 1.0);
    }
    // Cards are never spent that were not dealt or drawn: total spent ≤ total drawn plus
    // the starting hands.
    let drawn: u64 = r.colours.iter().map(|c| c.drawn).sum();
    let spent: u64 = r.colours.iter().map(|c| c.spent).sum();
    assert!(spent <= drawn + r.games * r.players as u64 * 4);
    assert!(r.failure_list.len() as u64 <= r.failures.min(100));
}

#[test]
fn report_figures_are_consistent() {
    let map = usa();
    let game = Game::new(&map, 2, None).unwrap();
    let r = run(&game, &config(150, 2)).unwrap();
    consistent(&r);
    assert!(r.finished > 100, "{}", r.finished);
    // In two-player USA games somebody claims the short routes: not every rate is zero.
    assert!(r.route_claims.iter().any(|x| x.claim_rate > 0.5));
    let human = ttrmap::playtest::render_human(&r);
    assert!(human.contains("claimed spaces"), "{human}");
    assert!(human.contains("ran dry"), "{human}");
}

#[test]
fn a_tiny_deck_runs_dry_and_is_reported_with_its_seed() {
    // Eight train cards in all: the starting hands take them, nobody can pay for a route of
    // 6, and the game stops with no legal action.
    let text = r#"
[map]
id = "dry"
name = "Dry"
players = { min = 2, max = 2 }
board = { width = 100, height = 100 }
[rules]
base = "usa"
train_deck = { per_color = 1, locomotives = 0 }
[[cities]]
id = "a"
position = [10, 10]
[[cities]]
id = "b"
position = [90, 90]
[[routes]]
from = "a"
to = "b"
length = 6
[[tickets]]
from = "a"
to = "b"
points = 9
"#;
    let loaded = ttrmap::load::load_str("dry.toml", text);
    let map = loaded.map.clone().unwrap();
    let game = Game::new(&map, 2, None).unwrap();
    let r = run(&game, &config(130, 2)).unwrap();
    assert_eq!(r.failures, 130);
    assert_eq!(r.failure_list.len(), 100);
    assert_eq!(r.failure_list[0].game, 0);
    assert_eq!(r.failure_list[99].game, 99);
    assert_eq!(r.failure_list[5].seed, ttrmap::playtest::game_seed(7, 5));
    assert_eq!(r.deck_exhaustion.games, 130);
    assert_eq!(r.deck_exhaustion.first_turn_min, Some(0));
}

const SCRIPT_MAP: &str = r#"
[map]
id = "esc"
name = "Esc <b>bold</b> & co"
players = { min = 2, max = 3 }
board = { width = 400, height = 300 }
[[cities]]
id = "alpha"
position = [50, 50]
[[cities]]
id = "gamma"
name = "<script>alert(1)</script>"
position = [300, 80]
[[cities]]
id = "delta"
position = [200, 250]
[[routes]]
from = "alpha"
to = "gamma"
length = 2
[[routes]]
from = "gamma"
to = "delta"
length = 3
[[routes]]
from = "alpha"
to = "delta"
length = 1
[[tickets]]
from = "alpha"
to = "gamma"
points = 4
[[tickets]]
from = "delta"
to = "gamma"
points = 5
"#;

#[test]
fn html_escapes_names_and_draws_every_space_by_claim_rate() {
    let loaded = ttrmap::load::load_str("esc.toml", SCRIPT_MAP);
    assert!(!loaded.has_errors(), "{:?}", loaded.diagnostics);
    let map = loaded.map.clone().unwrap();
    let game = Game::new(&map, 2, None).unwrap();
    let report = run(&game, &config(40, 2)).unwrap();
    let page = render_html(&report, &map).unwrap();
    // One script, the page's own table sorter (inline); none from a name.
    assert_eq!(page.matches("<script").count(), 1);
    assert!(page.contains("<script>document.querySelectorAll('table.sortable')"));
    assert!(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
    assert!(page.contains("Esc &lt;b&gt;bold&lt;/b&gt; &amp; co"));
    // 2 + 3 + 1 spaces, each filled by its route's heat.
    let spaces = page.matches("class=\"space").count();
    assert_eq!(spaces, 6);
    assert_eq!(page.matches("<rect style=\"fill:#").count(), 6);
    // No URL is fetched: the page is self-contained.
    assert!(!page.contains("http://") || page.contains("xmlns=\"http://www.w3.org"));
    assert!(!page.contains("src="));
    assert_eq!(
        page.matches("<figure class=\"plot hist\">").count(),
        4,
        "2 seats + 1 bot + the game length"
    );
    // Each space says on hover which route (by its cities' names) and how often.
    assert!(
        page.contains("<title>alpha – &lt;script&gt;alert(1)&lt;/script&gt;: claimed in "),
        "{page}"
    );
    // Win rates are drawn with their intervals against the fair share.
    assert_eq!(page.matches("<g class=\"interval\"").count(), 3);
    assert!(page.contains("fair share 50.0%"));
}

#[test]
fn win_rates_have_intervals_and_what_stands_out_is_said() {
    let map = usa();
    let game = Game::new(&map, 2, None).unwrap();
    let mut r = run(&game, &config(120, 2)).unwrap();
    r.fill_names(&map);
    for s in &r.seats {
        let [low, high] = s.win_interval;
        assert!(low <= s.win_rate && s.win_rate <= high, "{s:?}");
        // 120 games: the half width is about 1.96 × sqrt(.25 / 120) ≈ 9 points.
        assert!(high - low > 0.1 && high - low < 0.25, "{s:?}");
        assert_eq!(s.within_noise, low <= 0.5 && 0.5 <= high);
    }
    // Random bots on the USA leave some routes unclaimed in 120 games; whatever stands out
    // is named by cities, not ids.
    let human = ttrmap::playtest::render_human(&r);
    assert!(human.contains("95% interval"), "{human}");
    for line in &r.stands_out {
        assert!(!line.contains("salt-lake-city"), "{line}");
    }
    let names: Vec<&str> = r.route_claims.iter().map(|x| x.name.as_str()).collect();
    assert!(names.contains(&"Denver – Omaha"), "{names:?}");
}

/// Iberia's report: per festival the piles taken, their mean size (cards over piles, the
/// ratio of two sums), the points, how often each count of cards was reached; the second
/// draft's timing; the placeholder chart is named as such.
#[test]
fn iberia_reports_festivals_and_the_second_draft() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/iberia.toml");
    let map = ttrmap::load::load_path(&path).unwrap().map.unwrap();
    let game = Game::new(&map, 3, None).unwrap();
    let r = run(&game, &config(60, 1)).unwrap();
    assert_eq!(r.failures, 0);
    let get = |name: &str| {
        r.counters
            .iter()
            .find(|c| c.name == name)
            .unwrap_or_else(|| panic!("no counter {name}"))
    };
    let valencia = "Les Falles (València)";
    let cards = get(&format!("{valencia}: cards taken"));
    let piles = get(&format!("{valencia}: piles taken"));
    let per_pile = get(&format!("{valencia}: cards a pile taken"));
    assert!(per_pile.ratio && !cards.ratio);
    // Festivals count per player, and say so: the ratio has a figure for each seat.
    assert_eq!(per_pile.mean_by_seat.len(), 3);
    assert!(piles.mean > 0.0);
    assert!((per_pile.mean - cards.mean / piles.mean).abs() < 1e-9);
    assert!(cards.module.contains("unverified"), "{}", cards.module);
    // Every game has 8 Valencia cards: taken or still laid (or in the deck at the end).
    let laid = get(&format!("{valencia}: cards laid, never taken"));
    assert!(cards.mean + laid.mean <= 8.0 + 1e-9);
    // Reaching 8 cards implies reaching 1: the shares fall with the count.
    let share = |k: u32| {
        get(&format!(
            "{valencia}: share of games someone held {k:>2}+ cards"
        ))
        .mean
    };
    assert!((1..8).all(|k| share(k) >= share(k + 1)));
    let held = get("second draft held").mean;
    let turn = get("second draft: turn drawn (0 when not held)").mean;
    // Three players: the card lies two thirds down a deck of 151 (110 - 12 - 5 + 54
    // festival cards), so a few dozen turns pass first.
    assert!(held > 0.9 && turn > 20.0, "held {held}, turn {turn}");
    let text = ttrmap::playtest::render_human(&r);
    assert!(text.contains("cards a pile taken"), "{text}");
    // The placeholder chart comes first in what stands out.
    assert!(
        r.stands_out[0].starts_with("played with placeholder data (unverified): the festival"),
        "{:?}",
        r.stands_out
    );
}

/// The HTML table of `title`'s rows: each row's cells as text (tags stripped).
fn html_table(page: &str, title: &str) -> Vec<Vec<String>> {
    let Some(at) = page.find(&format!("{title}</h2>")) else {
        return Vec::new();
    };
    let rest = &page[at..];
    let body = &rest[rest.find("<tbody>").unwrap()..rest.find("</tbody>").unwrap()];
    body.split("<tr>")
        .skip(1)
        .map(|row| {
            row.split("<td")
                .skip(1)
                .map(|cell| {
                    let text = &cell[cell.find('>').unwrap() + 1..];
                    text[..text.find("</td>").unwrap()].to_string()
                })
                .collect()
        })
        .collect()
}

/// The UK's technology counts: the operands of its ratios (buyers, their wins, their first
/// turns) are in neither the text nor the HTML report; the ratios are, the HTML giving them
/// a table of their own, each for the game only (its module says so: no figure by seat,
/// even for a card nobody bought).
#[test]
fn ratio_operands_are_hidden_and_ratios_shown_in_both_reports() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/uk.toml");
    let map = ttrmap::load::load_path(&path).unwrap().map.unwrap();
    let game = Game::new(&map, 4, None).unwrap();
    let mut cfg = config(20, 1);
    cfg.bots = [
        "destination-hungry",
        "route-focus",
        "one-step",
        "long-route",
    ]
    .map(String::from)
    .to_vec();
    let r = run(&game, &cfg).unwrap();
    let operand = |name: &str| {
        [
            "buyers",
            "buyer wins",
            "non-buyers",
            "non-buyer wins",
            "first-purchase turns",
        ]
        .iter()
        .any(|o| name.ends_with(&format!(": {o}")))
    };
    // The json keeps them all, marked.
    assert!(r.counters.iter().any(|c| c.operand && operand(&c.name)));
    assert!(r.counters.iter().all(|c| c.operand == operand(&c.name)));
    let text = ttrmap::playtest::render_human(&r);
    let page = render_html(&r, &map).unwrap();
    for c in &r.counters {
        let shown_in_text = text.lines().any(|l| l.trim_start().starts_with(&c.name));
        assert_eq!(shown_in_text, !c.operand, "text: {}", c.name);
    }
    let counts = html_table(&page, "Module counts (mean per finished game)");
    let ratios = html_table(&page, "Module ratios (sum over sum, all finished games)");
    let names =
        |rows: &[Vec<String>]| -> Vec<String> { rows.iter().map(|r| r[1].clone()).collect() };
    assert!(names(&counts).iter().all(|n| !operand(n)), "{counts:?}");
    let expected: Vec<String> = r
        .counters
        .iter()
        .filter(|c| c.ratio)
        .map(|c| c.name.clone())
        .collect();
    // Three ratios for each of the 16 cards.
    assert_eq!(expected.len(), 3 * 16);
    assert_eq!(names(&ratios), expected);
    assert!(names(&counts).iter().all(|n| !expected.contains(n)));
    // The ratios are for the game only: no figure by seat, in the json and on the page.
    assert!(
        r.counters
            .iter()
            .filter(|c| c.ratio)
            .all(|c| c.mean_by_seat.is_empty())
    );
    assert!(ratios.iter().all(|row| row[3].is_empty()), "{ratios:?}");
    let booster = ratios
        .iter()
        .find(|row| row[1] == "Booster: win rate of buyers")
        .expect("Booster's ratio");
    assert_eq!(booster[0], r.counters[0].module);
}
