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
    &duplicate_ticket::RULE,
    &city_without_ticket::RULE,
    &city_ticket_overload::RULE,
    &articulation_city::RULE,
    &dead_end::RULE,
    &ferry_locomotive_demand::RULE,
    &ticket_reach::RULE,
    &route_drawn_length::RULE,
    &undeclared_crossing::RULE,
    &crossing_declaration::RULE,
    &label_collision::RULE,
    &space_overlap::RULE,
];

/// The rule with this id.
pub fn find(id: &str) -> Option<&'static Rule> {
    RULES.iter().copied().find(|r| r.id == id)
}
