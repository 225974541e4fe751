//! One file per lint rule, named after its id (`color-balance` → `color_balance.rs`).

pub mod articulation_city;
pub mod board_capacity;
pub mod city_off_board;
pub mod city_ticket_overload;
pub mod city_without_ticket;
pub mod color_balance;
pub mod crossing_declaration;
pub mod dead_end;
pub mod deck_size;
pub mod duplicate_id;
pub mod duplicate_ticket;
pub mod ferry_locomotive_demand;
pub mod label_collision;
pub mod no_tickets;
pub mod region_color;
pub mod route_drawn_length;
pub mod route_slack;
pub mod shape_ignored;
pub mod single_lane_bridge;
pub mod space_overlap;
pub mod stacked_route;
pub mod ticket_reach;
pub mod ticket_unreachable;
pub mod ticket_value;
pub mod total_spaces;
pub mod undeclared_crossing;
pub mod unknown_city;
pub mod unreachable_city;

/// What every rule file uses.
mod prelude {
    pub use crate::lint::{Level, LintCx, Rule};
    pub use crate::load::inputs::{DRAWN, DRAWN_ITEMS, GRAPH, GRAPH_ITEMS, TICKETS_ON_GRAPH};
    pub use crate::path;
}

/// A route's drawn line: its cities' positions with its waypoints between, in board units;
/// `None` when a city is unknown.
pub(crate) fn polyline(
    map: &crate::model::MapFile,
    r: &crate::model::Route,
) -> Option<Vec<[f64; 2]>> {
    let pos = |id: &str| map.cities.iter().find(|c| c.id == id).map(|c| c.position);
    let mut out = vec![pos(&r.from)?];
    out.extend(r.waypoints.iter().copied());
    out.push(pos(&r.to)?);
    Some(out)
}
