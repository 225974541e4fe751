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
//! What a check reads is kept here, one line per code ([`of_check`]), and a test checks that
//! every code has its line. What a lint rule reads and counts sits beside the rule, in its
//! `RULE` (`lint::Rule::reads`, `counts`: required fields, so no rule is without them); the
//! parts several rules share are here ([`GRAPH`], [`DRAWN`]). `Gaps::blocks` weighs either.

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

/// Anything: for a code not in the table (never run on a file with gaps).
const ALL: Inputs = i(&["*"], &["*"], &["*"]);

/// The graph of cities and routes (`graph::BoardGraph`): reachability, paths, bridges.
pub const GRAPH: &[&str] = &["cities", "routes", "zones", "rules"];
/// The arrays the graph is built from.
pub const GRAPH_ITEMS: &[&str] = &["cities", "routes", "zones"];

/// The tickets on the graph, and the map's player counts: what `ticket-reach` and
/// `ticket-unreachable` read.
pub const TICKETS_ON_GRAPH: &[&str] = &[
    "tickets",
    "cities",
    "routes",
    "zones",
    "rules",
    "map.players",
];

/// The board as drawn: every city, route, zone and region, the board's size.
pub const DRAWN: &[&str] = &["map.board", "cities", "routes", "zones", "regions", "rules"];
/// The arrays the drawing is made of.
pub const DRAWN_ITEMS: &[&str] = &["cities", "routes", "zones", "regions"];

/// The map's `[lint]` table, which `unknown-lint` reads (not a rule: `lint::TABLE_CODES`).
pub const LINT_TABLE: Inputs = i(&["lint"], &[], &[]);

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
        "points-range" => i(&["rules", "mechanics"], &[], &[]),
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Lint rules need no such test: `lint::Rule::reads` and `counts` are required fields.
    #[test]
    fn every_check_code_has_its_inputs() {
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
        // What `city-off-board`, `board-capacity` and `color-balance` read and count.
        let off_board = i(&["map.board", "cities", "routes"], &[], &[]);
        let capacity = i(&["map.players", "rules", "routes"], &["routes"], &[]);
        let colors = i(&["routes", "lint"], &["routes"], &[]);
        assert!(gaps.blocks(&off_board).is_none());
        assert!(gaps.blocks(&capacity).is_some());
        assert!(gaps.blocks(&colors).is_some());
        // `map` as an input holds `map.players`.
        assert!(gaps.blocks(&of_check("deck-size")).is_some());
        gaps.stood_in = ["map".to_string()].into();
        assert!(gaps.blocks(&off_board).is_some());
        assert!(gaps.blocks(&LINT_TABLE).is_none());
    }
}
