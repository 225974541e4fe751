//! `ttrmap studio MAP --play`: the designer plays the map by hand against the bots, in the
//! studio's page (its Play tab). The server holds the game ([`session::Session`]); the page
//! is sent only what the designer's seat may see ([`view::view`]) and acts only by posting
//! the index of an action the engine listed for that seat ([`api`]); the bots play their
//! seats in a thread of their own, one action at a time with a short pause between, so the
//! page shows each as it happens.
//!
//! - `session.rs`: the game, the bots, the recording, the end.
//! - `view.rs`: the seat's JSON, each legal action in words.
//! - `api.rs`: the table shared by the server and the bots' thread, and the HTTP handlers.

pub mod api;
pub mod session;
pub mod view;

pub use api::Table;
pub use session::{Session, Setup, WriteNew};

use std::time::Duration;

/// A game to play, from the command line.
#[derive(Debug, Clone)]
pub struct PlayOptions {
    pub setup: Setup,
    /// The pause before each bot action (0 in tests).
    pub delay: Duration,
    /// How a recording is written: a new file only, never over one.
    pub write_new: WriteNew,
}
