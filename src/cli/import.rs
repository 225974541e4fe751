//! `ttrmap import DIR -o MAP.toml`: not implemented yet.

use super::usage_error;

#[derive(clap::Args)]
pub struct Args {
    /// Arguments (this command is not implemented yet).
    rest: Vec<String>,
}

pub fn run(_: Args) -> i32 {
    usage_error("`import` is not implemented yet")
}
