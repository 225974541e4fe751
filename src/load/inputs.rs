//! What each semantic check and each lint rule reads, so that a file with errors can still be
//! checked and linted on the parts that loaded without a finding that only a missing part
//! explains (a deck's size "wrong" because one of its tickets was set aside, every route
//! "to an unknown city" because `cities` itself was broken).
//!
//! The parts are the top-level sections of a map: the arrays (`cities`, `routes`, `tickets`,
//! `decks`, `modes`, `zones`, `regions`), `rules`, `mechanics`, `lint`, and `[map]` key by key
//! (`map.board`, `map.players`, ...). A file with errors leaves [`Gaps`] in them:
//!
//! - **stood in**: a section whose value is not the file's (a broken value removed so the
//!   default stands in, a required key filled with a placeholder, an unknown key that was
//!   probably a misspelt one). A check or lint that *reads* it is not run.
//! - **items left out**: an array with items set aside (a schema error inside the item, or,
//!   for the lints, a check error). Findings about the items that loaded stay true, except
//!   for a check or lint that *counts* over the whole array (totals, shortest paths, deck
//!   sizes), which is not run.
//! - **ids lost**: items set aside whose id could not be read, so a reference to them cannot
//!   be told from a misspelt one; the reference checks of those arrays are not run.
//!
//! The lint table would sit best beside each rule (`lint::Rule`); it is kept here, one line
//! per rule, until it moves there, and a test checks that every rule has its line.

use std::collections::BTreeSet;

/// The parts of a map that did not load whole.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Gaps {
    pub stood_in: BTreeSet<String>,
    pub items_left_out: BTreeSet<String>,
    pub ids_lost: BTreeSet<String>,
}

impl Gaps {
    pub fn is_empty(&self) -> bool {
        self.stood_in.is_empty() && self.items_left_out.is_empty() && self.ids_lost.is_empty()
    }

    /// Why a check or lint with these inputs cannot run on the parts that loaded, if so.
    pub fn blocks(&self, inputs: &Inputs) -> Option<String> {
        let hit = |parts: &[&str], gaps: &BTreeSet<String>| {
            gaps.iter()
                .find(|g| parts.iter().any(|p| overlaps(p, g)))
                .cloned()
        };
        if let Some(g) = hit(inputs.reads, &self.stood_in) {
            return Some(format!("`{g}` did not load"));
        }
        if let Some(g) = hit(inputs.counts, &self.items_left_out) {
            return Some(format!("not every item of `{g}` loaded"));
        }
        hit(inputs.names, &self.ids_lost)
            .map(|g| format!("an item of `{g}` whose id could not be read was left out"))
    }
}

/// Whether part `p` (as an input names it) and gap `g` are the same part or one holds the
/// other (`map` holds `map.board`); `*` is every part.
fn overlaps(p: &str, g: &str) -> bool {
    let within = |a: &str, b: &str| a.strip_prefix(b).is_some_and(|r| r.starts_with('.'));
    p == "*" || g == "*" || p == g || within(p, g) || within(g, p)
}

/// The parts a check or lint reads (a stand-in there misleads it), counts over (an item
/// left out misleads it) and resolves names in (an unnamed item left out misleads it).
#[derive(Debug, Clone, Copy)]
pub struct Inputs {
    pub reads: &'static [&'static str],
    pub counts: &'static [&'static str],
    pub names: &'static [&'static str],
}

const fn i(
    reads: &'static [&'static str],
    counts: &'static [&'static str],
    names: &'static [&'static str],
) -> Inputs {
    Inputs {
        reads,
        counts,
        names,
    }
}

/// Anything: for a code or rule not in the tables (never run on a file with gaps).
const ALL: Inputs = i(&["*"], &["*"], &["*"]);

/// The graph of cities and routes (`graph::BoardGraph`): reachability, paths, bridges.
const GRAPH: &[&str] = &["cities", "routes", "zones", "rules"];
const GRAPH_ITEMS: &[&str] = &["cities", "routes", "zones"];

/// The board as drawn: every city, route, zone and region, the board's size.
const DRAWN: &[&str] = &["map.board", "cities", "routes", "zones", "regions", "rules"];
const DRAWN_ITEMS: &[&str] = &["cities", "routes", "zones", "regions"];

/// What the semantic check reporting `code` (`crate::check::CODES`) depends on.
pub fn of_check(code: &str) -> Inputs {
    match code {
        // A stand-in or a left-out item never makes two ids equal, nor a route's own fields
        // or a ticket's own shape wrong.
        "duplicate-id" | "route-self-loop" | "lane-colors" | "ferry-too-long" | "shape-ignored"
        | "ticket-shape" | "ticket-same-city" => i(&[], &[], &[]),
        "unknown-city" => i(&["cities", "zones"], &[], &["cities", "zones"]),
        "unknown-reference" => {
            const PARTS: &[&str] = &[
                "regions",
                "zones",
                "decks",
                "modes",
                "routes",
                "rules",
                "mechanics",
            ];
            i(PARTS, &[], PARTS)
        }
        "route-shape" => i(&["mechanics"], &[], &[]),
        "position-far-off-board" => i(&["map.board"], &[], &[]),
        "no-route-points" => i(&["rules"], &[], &[]),
        "players" => i(&["map.players", "rules", "modes"], &[], &[]),
        "ticket-deal" => i(
            &["rules", "modes", "decks", "tickets"],
            &["tickets", "decks"],
            &[],
        ),
        "bonus-params" => i(&["rules"], &[], &[]),
        "deck-size" | "deck-published-size" => i(
            &["map", "rules", "decks", "tickets"],
            &["decks", "tickets"],
            &[],
        ),
        // Mechanic data names cities, routes, decks and counts over them.
        "mechanic-data" => {
            const PARTS: &[&str] = &["cities", "routes", "tickets", "decks", "zones"];
            i(
                &[
                    "map.players",
                    "rules",
                    "mechanics",
                    "cities",
                    "routes",
                    "tickets",
                    "decks",
                    "zones",
                ],
                PARTS,
                PARTS,
            )
        }
        "missing-mechanic" => i(&["rules", "mechanics"], &[], &[]),
        _ => ALL,
    }
}

/// What lint rule `id` reads (besides `lint`, which every rule reads for its level).
pub fn of_lint(id: &str) -> Inputs {
    match id {
        "city-off-board" => i(&["map.board", "cities", "routes"], &[], &[]),
        "stacked-route" => i(&["routes"], &[], &[]),
        // A region left out would make its cities' routes look uncoloured by it.
        "region-color" => i(&["routes", "cities", "regions"], &["regions"], &[]),
        "duplicate-ticket" => i(&["tickets", "decks"], &[], &[]),
        "unknown-lint" => i(&["lint"], &[], &[]),
        "color-balance" => i(&["routes", "lint"], &["routes"], &[]),
        "ferry-locomotive-demand" => i(&["routes", "rules"], &["routes"], &[]),
        "board-capacity" => i(&["map.players", "rules", "routes"], &["routes"], &[]),
        "city-without-ticket" | "city-ticket-overload" => {
            i(&["cities", "tickets", "decks"], &["tickets"], &[])
        }
        "deck-size" => i(
            &["map.players", "rules", "decks", "tickets", "modes"],
            &["decks", "tickets", "modes"],
            &[],
        ),
        "unreachable-city" | "single-lane-bridge" | "articulation-city" | "dead-end" => {
            i(GRAPH, GRAPH_ITEMS, &[])
        }
        "ticket-value" => i(
            &["tickets", "cities", "routes", "zones", "rules"],
            GRAPH_ITEMS,
            &[],
        ),
        "ticket-unreachable" | "ticket-reach" => i(
            &[
                "tickets",
                "cities",
                "routes",
                "zones",
                "rules",
                "map.players",
            ],
            GRAPH_ITEMS,
            &[],
        ),
        "undeclared-crossing" | "crossing-declaration" => i(
            &["map.board", "cities", "routes"],
            &["cities", "routes"],
            &[],
        ),
        "total-spaces" => i(
            &["cities", "routes", "tickets", "zones", "lint"],
            &["cities", "routes", "tickets", "zones"],
            &[],
        ),
        "route-drawn-length" | "label-collision" | "space-overlap" => i(DRAWN, DRAWN_ITEMS, &[]),
        _ => ALL,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_lint_rule_and_check_code_has_its_inputs() {
        for rule in crate::lint::registry::RULES {
            if !rule.from_loader {
                assert!(
                    of_lint(rule.id).reads != ALL.reads,
                    "{} has no line",
                    rule.id
                );
            }
        }
        for (code, _) in crate::check::CODES {
            let inputs = of_check(code);
            assert!(inputs.reads != ALL.reads, "{code} has no line");
        }
    }

    #[test]
    fn a_gap_blocks_what_reads_or_counts_it() {
        let mut gaps = Gaps::default();
        gaps.stood_in.insert("map.players".into());
        gaps.items_left_out.insert("routes".into());
        assert!(gaps.blocks(&of_lint("city-off-board")).is_none());
        assert!(gaps.blocks(&of_lint("stacked-route")).is_none());
        assert!(gaps.blocks(&of_lint("board-capacity")).is_some());
        assert!(gaps.blocks(&of_lint("color-balance")).is_some());
        // `map` as an input holds `map.players`.
        assert!(gaps.blocks(&of_check("deck-size")).is_some());
        gaps.stood_in = ["map".to_string()].into();
        assert!(gaps.blocks(&of_lint("city-off-board")).is_some());
    }
}
