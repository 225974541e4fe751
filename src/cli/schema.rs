//! `ttrmap schema`: print the JSON Schema (draft-07) of the map format.

use super::{CliError, EXIT_OK};

#[derive(clap::Args)]
pub struct Args {}

pub fn run(_: Args) -> Result<i32, CliError> {
    super::emit(&crate::schema::schema_text());
    Ok(EXIT_OK)
}
