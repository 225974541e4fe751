//! Scoring on hand-built positions, with the arithmetic in comments.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use ttrmap::engine::{Game, State, final_scores, longest_path};
use ttrmap::load::load_bytes;
use ttrmap::playtest::{Config, run};

/// A small map: `cities` are ids, `routes` are `from to length`, `tickets` TOML blocks.
fn map(
    base: &str,
    zones: &str,
    cities: &[(&str, Option<&str>)],
    routes: &[(&str, &str, u8)],
    tickets: &str,
) -> Game {
    let mut s = format!(
        "[map]\nid = \"t\"\nname = \"T\"\nplayers = {{ min = 2, max = 5 }}\n\
         board = {{ width = 100, height = 100 }}\n[rules]\nbase = \"{base}\"\n{zones}\n"
    );
    for (i, (c, zone)) in cities.iter().enumerate() {
        s += &format!(
            "[[cities]]\nid = \"{c}\"\nposition = [{}, {}]\n",
            i * 10,
            i * 7
        );
        if let Some(z) = zone {
            s += &format!("zone = \"{z}\"\n");
        }
    }
    for (a, b, len) in routes {
        s += &format!("[[routes]]\nfrom = \"{a}\"\nto = \"{b}\"\nlength = {len}\n");
    }
    s += tickets;
    let loaded = load_bytes("t.toml", s.as_bytes());
    let m = loaded
        .map
        .clone()
        .unwrap_or_else(|| panic!("{:?}", loaded.diagnostics));
    Game::new(&m, 2, None).expect("playable")
}

fn route_index(game: &Game, id: &str) -> usize {
    game.routes.iter().position(|r| r.id == id).expect("route")
}

/// Gives route `id` (its first lane) to player `p`.
fn give(game: &Game, state: &mut State, p: usize, id: &str) {
    let r = route_index(game, id);
    state.assign_lane(game, game.routes[r].first_lane as usize, p as u8);
}

fn empty_state(game: &Game) -> State {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut s = State::new(game, 1, &mut rng);
    for p in &mut s.players {
        p.tickets.clear();
    }
    s
}

fn ticket(game: &Game, label: &str) -> u16 {
    game.tickets
        .iter()
        .position(|t| t.label == label)
        .expect("ticket") as u16
}

#[test]
fn longest_path_with_a_loop_and_a_branch() {
    // Triangle a-b (1), b-c (2), c-a (3), with branches c-d (4) and b-e (5). Four nodes
    // have odd degree (b, c, d, e), so no trail uses every edge (15 spaces); dropping b-c
    // (2) leaves an Euler trail e-b-a-c-d = 5 + 1 + 3 + 4 = 13, and dropping anything else
    // leaves four odd nodes or loses more.
    let edges = [(0, 1, 1), (1, 2, 2), (2, 0, 3), (2, 3, 4), (1, 4, 5)];
    assert_eq!(longest_path(5, &edges), 13);
    // A pure loop is used whole: 1 + 2 + 3 = 6.
    assert_eq!(longest_path(3, &edges[..3]), 6);
    // Two separate pieces: the longer piece counts, 4 and not 4 + 5.
    assert_eq!(longest_path(6, &[(0, 1, 4), (2, 3, 5)]), 5);
}

#[test]
fn longest_path_bonus_and_route_points_in_final_scores() {
    let game = map(
        "usa",
        "",
        &[
            ("a", None),
            ("b", None),
            ("c", None),
            ("d", None),
            ("e", None),
        ],
        &[
            ("a", "b", 1),
            ("b", "c", 2),
            ("c", "a", 3),
            ("c", "d", 4),
            ("b", "e", 5),
        ],
        "[[tickets]]\nfrom = \"a\"\nto = \"e\"\npoints = 9\n",
    );
    let mut s = empty_state(&game);
    for id in ["a-b", "b-c", "c-a", "c-d"] {
        give(&game, &mut s, 0, id);
    }
    give(&game, &mut s, 1, "b-e");
    let scores = final_scores(&game, &s);
    // Player 1: routes 1 + 2 + 4 + 7 = 14 (USA table), longest path d-c-a-b-c = 4+3+1+2 = 10
    // beats player 2's 5, so +10 = 24. Player 2: a 5-space route scores 10.
    assert_eq!(scores[0].longest_path, 10);
    assert_eq!(scores[0].total, 24);
    assert_eq!(scores[1].total, 10);
    assert!(scores[0].winner && !scores[1].winner);
}

#[test]
fn a_station_borrows_the_best_route_of_another_player() {
    let game = map(
        "europe",
        "",
        &[("a", None), ("b", None), ("c", None), ("x", None)],
        &[("a", "b", 2), ("b", "c", 3), ("c", "x", 1)],
        "[[tickets]]\nfrom = \"a\"\nto = \"c\"\npoints = 10\n",
    );
    let mut s = empty_state(&game);
    give(&game, &mut s, 0, "a-b");
    give(&game, &mut s, 1, "b-c");
    give(&game, &mut s, 1, "c-x");
    let t = ticket(&game, "a–c");
    s.players[0].tickets.push(t);
    // Without a station the ticket fails: 2 (route) - 10 + 3 unused stations × 4 = 4.
    let scores = final_scores(&game, &s);
    assert_eq!(scores[0].tickets, -10);
    assert_eq!(scores[0].total, 2 - 10 + 12);
    // A station at c may borrow b-c or c-x; b-c completes a-c: 2 + 10 + 2 × 4 = 20.
    s.players[0].stations.push(2);
    s.station_owner[2] = 0;
    let scores = final_scores(&game, &s);
    assert_eq!(scores[0].tickets, 10);
    assert_eq!(scores[0].completed_tickets, 1);
    assert_eq!(scores[0].total, 20);
    // Player 2: 4 + 1 = 5 for routes, 12 for stations, longest path 4 beats 2: +10 = 27.
    assert_eq!(scores[1].total, 27);
}

#[test]
fn grand_tour_counts_tickets_joined_by_two_route_disjoint_paths() {
    let tickets = "[[tickets]]\nfrom = \"a\"\nto = \"c\"\npoints = 4\n\
                   [[tickets]]\nfrom = \"b\"\nto = \"d\"\npoints = 4\n\
                   [[tickets]]\nfrom = \"a\"\nto = \"b\"\npoints = 2\n\
                   [[tickets]]\nfrom = \"a\"\nto = \"e\"\npoints = 6\n";
    let game = map(
        "india",
        "",
        &[
            ("a", None),
            ("b", None),
            ("c", None),
            ("d", None),
            ("e", None),
        ],
        &[
            ("a", "b", 1),
            ("b", "c", 1),
            ("c", "d", 1),
            ("d", "a", 1),
            ("c", "e", 1),
        ],
        tickets,
    );
    let mut s = empty_state(&game);
    for id in ["a-b", "b-c", "c-d", "d-a", "c-e"] {
        give(&game, &mut s, 0, id);
    }
    for label in ["a–c", "b–d", "a–b", "a–e"] {
        let t = ticket(&game, label);
        s.players[0].tickets.push(t);
    }
    let scores = final_scores(&game, &s);
    // Square a-b-c-d plus a spur c-e. a-c, b-d and a-b each have two paths around the
    // square; a-e must use c-e twice, so it does not qualify. Three tickets: 5 + 5 + 10 = 20.
    // Longest path: the square (4) plus the spur (1) = 5, alone, so +10. Tickets: 4+4+2+6.
    // Routes: five 1-space routes = 5. Total 5 + 16 + 20 + 10 = 51.
    assert_eq!(scores[0].tickets, 16);
    assert_eq!(scores[0].bonuses, 30);
    assert_eq!(scores[0].total, 51);
}

#[test]
fn grand_tour_is_capped_by_its_points() {
    // Six parallel pairs would qualify, but the table has five entries capped at 40.
    let mut tickets = String::new();
    for _ in 0..6 {
        tickets += "[[tickets]]\nfrom = \"a\"\nto = \"c\"\npoints = 1\n";
    }
    let game = map(
        "india",
        "",
        &[("a", None), ("b", None), ("c", None), ("d", None)],
        &[("a", "b", 1), ("b", "c", 1), ("c", "d", 1), ("d", "a", 1)],
        &tickets,
    );
    let mut s = empty_state(&game);
    for id in ["a-b", "b-c", "c-d", "d-a"] {
        give(&game, &mut s, 0, id);
    }
    for t in 0..6 {
        s.players[0].tickets.push(t);
    }
    let scores = final_scores(&game, &s);
    // 5 + 5 + 10 + 10 + 10 = 40 (the sixth earns nothing), plus 10 for the longest path (4).
    assert_eq!(scores[0].bonuses, 50);
}

#[test]
fn country_ticket_scores_its_best_completed_target() {
    let zones = "[[zones]]\nid = \"fr\"\n[[zones]]\nid = \"it\"\n";
    let tickets = "[[tickets]]\nfrom = \"bern\"\n\
                   targets = [{ to = \"fr\", points = 5 }, { to = \"it\", points = 8 }]\n\
                   [[tickets]]\nfrom = \"bern\"\nto = \"zurich\"\npoints = 3\n";
    let game = map(
        "switzerland",
        zones,
        &[
            ("bern", None),
            ("zurich", None),
            ("fr1", Some("fr")),
            ("it1", Some("it")),
        ],
        &[("bern", "fr1", 2), ("zurich", "fr1", 2), ("bern", "it1", 3)],
        tickets,
    );
    let mut s = empty_state(&game);
    s.players[0].tickets.push(0);
    s.players[0].tickets.push(1);
    // Nothing built: the country ticket loses its lowest target (5), bern-zurich loses 3.
    assert_eq!(final_scores(&game, &s)[0].tickets, -8);
    // bern-fr1 reaches France (+5); zurich-fr1 too, but a zone endpoint is a dead end, so
    // bern-zurich through fr1 is still not joined (-3): 5 - 3 = 2.
    give(&game, &mut s, 0, "bern-fr1");
    give(&game, &mut s, 0, "zurich-fr1");
    assert_eq!(final_scores(&game, &s)[0].tickets, 2);
    // Adding bern-it1 reaches Italy: the best target, 8, scores alone: 8 - 3 = 5.
    give(&game, &mut s, 0, "bern-it1");
    assert_eq!(final_scores(&game, &s)[0].tickets, 5);
}

#[test]
fn an_unfinished_country_ticket_costs_what_the_rules_choose() {
    // `rules.tickets.any_of_unfinished` decides (the rule text is silent). Ticket: bern to
    // France 5 or Italy 8, nothing built.
    for (choice, expected) in [("lowest", -5), ("highest", -8), ("nothing", 0)] {
        let rules = format!(
            "tickets = {{ any_of_unfinished = \"{choice}\" }}\n[[zones]]\nid = \"fr\"\n[[zones]]\nid = \"it\"\n"
        );
        let tickets = "[[tickets]]\nfrom = \"bern\"\n\
                       targets = [{ to = \"fr\", points = 5 }, { to = \"it\", points = 8 }]\n";
        let game = map(
            "switzerland",
            &rules,
            &[("bern", None), ("fr1", Some("fr")), ("it1", Some("it"))],
            &[("bern", "fr1", 2), ("bern", "it1", 3)],
            tickets,
        );
        let mut s = empty_state(&game);
        s.players[0].tickets.push(0);
        assert_eq!(final_scores(&game, &s)[0].tickets, expected, "{choice}");
    }
}

#[test]
fn same_seed_same_report_whatever_the_thread_count() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/usa.toml");
    let loaded = ttrmap::load::load_path(&path).expect("readable");
    let game = Game::new(loaded.map.as_ref().expect("loads"), 3, None).expect("playable");
    let report = |threads| {
        let config = Config {
            games: 60,
            seed: 42,
            bots: vec!["random".into()],
            threads,
            progress: false,
        };
        serde_json::to_string(&run(&game, &config).expect("runs")).expect("json")
    };
    let one = report(1);
    assert_eq!(one, report(2));
    assert!(one.contains("\"finished\":"));
    // A different seed gives a different report.
    let config = Config {
        games: 60,
        seed: 43,
        bots: vec!["random".into()],
        threads: 2,
        progress: false,
    };
    assert_ne!(
        one,
        serde_json::to_string(&run(&game, &config).expect("runs")).unwrap()
    );
}

#[test]
fn an_exhausted_deck_is_a_failure_state_not_free_cards() {
    // Eight cards in all (one per colour, no locomotives): the two starting hands take them
    // all, nobody can pay for a 6-space route, and the single ticket is dealt at setup. The
    // rules then leave both players nothing to do: each passes (`when_stuck = "pass"`, the
    // default), and a whole round of passes is a failure state carrying the seed.
    let game = map(
        "usa",
        "train_deck = { per_color = 1, locomotives = 0 }\n",
        &[("a", None), ("b", None), ("c", None)],
        &[("a", "b", 6), ("b", "c", 6)],
        "[[tickets]]\nfrom = \"a\"\nto = \"c\"\npoints = 9\n",
    );
    assert_eq!(game.deck_total, 8);
    let mut bots: Vec<Box<dyn ttrmap::bots::Bot>> = vec![
        Box::new(ttrmap::bots::RandomBot),
        Box::new(ttrmap::bots::RandomBot),
    ];
    let state = ttrmap::playtest::play_game(&game, &mut bots, 99);
    let failure = state.failure.clone().expect("a failure state");
    assert_eq!(failure.seed, 99);
    assert_eq!(failure.turn, 2);
    assert!(
        failure.reason.contains("no legal action"),
        "{}",
        failure.reason
    );
    assert_eq!(state.cards_in_play(), 8);
    assert!(state.result.is_none());
}

/// The plain exhaustive search (every start node, every trail), to check the pruned one.
fn longest_trail_by_brute_force(edges: &[(u16, u16, u8)]) -> u32 {
    fn walk(node: u16, edges: &[(u16, u16, u8)], used: &mut [bool]) -> u32 {
        let mut best = 0;
        for (e, &(a, b, len)) in edges.iter().enumerate() {
            if used[e] || (a != node && b != node) {
                continue;
            }
            let next = if a == node { b } else { a };
            used[e] = true;
            best = best.max(len as u32 + walk(next, edges, used));
            used[e] = false;
        }
        best
    }
    let mut used = vec![false; edges.len()];
    edges
        .iter()
        .flat_map(|&(a, b, _)| [a, b])
        .map(|start| walk(start, edges, &mut used))
        .max()
        .unwrap_or(0)
}

#[test]
fn longest_path_matches_brute_force_on_random_networks() {
    use rand::RngExt;
    let mut rng = ChaCha8Rng::seed_from_u64(99);
    let mut nonzero = 0;
    for round in 0..2_000 {
        // Few nodes and many edges give loops, parallel edges, even and odd components; at
        // most 9 edges keep the brute force quick.
        let nodes = rng.random_range(2..9u16);
        let count = rng.random_range(0..10usize);
        let edges: Vec<(u16, u16, u8)> = (0..count)
            .map(|_| {
                (
                    rng.random_range(0..nodes),
                    rng.random_range(0..nodes),
                    rng.random_range(1..7u8),
                )
            })
            .collect();
        let expected = longest_trail_by_brute_force(&edges);
        assert_eq!(
            longest_path(nodes as usize, &edges),
            expected,
            "round {round}: {edges:?}"
        );
        nonzero += (expected > 0) as u32;
    }
    assert!(nonzero > 1_500, "too few non-empty networks: {nonzero}");
}

/// A "most" bonus when the best count is 0 (`when_best_is_zero`): nobody has a route or a
/// completed ticket. `nobody` (default): longest path (10) and Globetrotter (15) go to
/// nobody, totals 0 and 0. `tied`: both players are tied for the most at 0, so with
/// `ties = "all"` each scores 10 + 15 = 25; with Globetrotter `ties = "split"`, 15 / 2 = 7
/// (rounded down) each: 10 + 7 = 17.
#[test]
fn a_most_bonus_with_a_best_of_zero_scores_as_the_map_says() {
    for (zero, glob_ties, total) in [
        ("", "all", 0),
        (", when_best_is_zero = \"nobody\"", "all", 0),
        (", when_best_is_zero = \"tied\"", "all", 25),
        (", when_best_is_zero = \"tied\"", "split", 17),
    ] {
        let bonuses = format!(
            "bonuses = [{{ id = \"lp\", kind = \"longest-path\", points = 10{zero} }}, \
             {{ id = \"gt\", kind = \"globetrotter\", points = 15, ties = \"{glob_ties}\"{zero} }}]"
        );
        let game = map(
            "usa",
            &bonuses,
            &[("a", None), ("b", None)],
            &[("a", "b", 2)],
            "[[tickets]]\nfrom = \"a\"\nto = \"b\"\npoints = 4\n",
        );
        let s = empty_state(&game);
        let scores = final_scores(&game, &s);
        let totals: Vec<i32> = scores.iter().map(|f| f.total).collect();
        assert_eq!(totals, [total, total], "{bonuses}");
    }
}
