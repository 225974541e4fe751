//! `ttrmap schema`: print the JSON Schema (draft-07) of the map format.

use super::EXIT_OK;

#[derive(clap::Args)]
pub struct Args {}

pub fn run(_: Args) -> i32 {
    super::emit(&crate::schema::schema_text());
    EXIT_OK
}
