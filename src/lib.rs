//! ttrmap: check, lint, render and playtest Ticket to Ride map designs.
//!
//! See `ARCHITECTURE.md` for the code map.

pub mod bots;
pub mod check;
pub mod cli;
pub mod cpu_time;
pub mod diagnostic;
pub mod doc_comment;
pub mod engine;
pub mod graph;
pub mod import;
pub mod lint;
pub mod load;
pub mod model;
pub mod playtest;
pub mod render;
pub mod report;
pub mod schema;
pub mod score_sheet;
pub mod spans;
pub mod stats;
pub mod studio;
pub mod suggest;
pub mod tune;
pub mod typed;
