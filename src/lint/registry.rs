//! Every lint rule, in the order `ttrmap explain` lists them.

use super::Rule;
use super::rules::*;

pub static RULES: &[&Rule] = &[
    &unknown_city::RULE,
    &duplicate_id::RULE,
    &unreachable_city::RULE,
    &city_off_board::RULE,
    &stacked_route::RULE,
    &shape_ignored::RULE,
    &color_balance::RULE,
    &region_color::RULE,
    &total_spaces::RULE,
    &ticket_value::RULE,
    &ticket_unreachable::RULE,
    &single_lane_bridge::RULE,
    &board_capacity::RULE,
    &deck_size::RULE,
    &no_tickets::RULE,
    &duplicate_ticket::RULE,
    &city_without_ticket::RULE,
    &city_ticket_overload::RULE,
    &articulation_city::RULE,
    &dead_end::RULE,
    &ferry_locomotive_demand::RULE,
    &ticket_reach::RULE,
    &route_drawn_length::RULE,
    &route_slack::RULE,
    &undeclared_crossing::RULE,
    &crossing_declaration::RULE,
    &label_collision::RULE,
    &space_overlap::RULE,
];

/// The rule with this id.
pub fn find(id: &str) -> Option<&'static Rule> {
    RULES.iter().copied().find(|r| r.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load::inputs::Gaps;

    fn rule(id: &str) -> &'static Rule {
        find(id).expect("registered")
    }

    /// The inputs each rule states in its `RULE` are what a file's gaps are weighed against.
    #[test]
    fn a_gap_blocks_the_rules_that_read_or_count_it() {
        let mut gaps = Gaps::default();
        gaps.stood_in.insert("map.players".into());
        gaps.items_left_out.insert("routes".into());
        // Reads neither `map.players` nor counts over the routes.
        assert!(gaps.blocks(&rule("city-off-board").inputs()).is_none());
        assert!(gaps.blocks(&rule("stacked-route").inputs()).is_none());
        // Reads `map.players`; counts over the routes.
        assert!(gaps.blocks(&rule("board-capacity").inputs()).is_some());
        assert!(gaps.blocks(&rule("color-balance").inputs()).is_some());
        // A region left out blocks `region-color` (its cities' routes would look uncoloured).
        let mut regions = Gaps::default();
        regions.items_left_out.insert("regions".into());
        assert!(regions.blocks(&rule("region-color").inputs()).is_some());
        assert!(regions.blocks(&rule("stacked-route").inputs()).is_none());
        gaps.stood_in = ["map".to_string()].into();
        assert!(gaps.blocks(&rule("city-off-board").inputs()).is_some());
    }

    /// Every part a rule names is a part of a map (a misspelt one would never block).
    #[test]
    fn every_rule_names_real_parts() {
        const PARTS: &[&str] = &[
            "cities",
            "routes",
            "tickets",
            "decks",
            "modes",
            "zones",
            "regions",
            "rules",
            "mechanics",
            "lint",
            "map",
        ];
        for r in RULES {
            for p in r.reads.iter().chain(r.counts) {
                let top = p.split('.').next().unwrap_or(p);
                assert!(PARTS.contains(&top), "{}: `{p}`", r.id);
            }
            for p in r.counts {
                assert!(
                    r.reads.contains(p),
                    "{}: counts `{p}` it does not read",
                    r.id
                );
            }
            assert!(
                r.from_loader || !r.reads.is_empty(),
                "{} reads nothing",
                r.id
            );
        }
    }
}
