//! `ttrmap render MAP`: not implemented yet.

use super::usage_error;

#[derive(clap::Args)]
pub struct Args {
    /// Arguments (this command is not implemented yet).
    rest: Vec<String>,
}

pub fn run(_: Args) -> i32 {
    usage_error("`render` is not implemented yet")
}
