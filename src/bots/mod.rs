//! Bots: players that choose among the legal actions.

use crate::engine::{Action, Game, State};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;

/// A player. `legal` is never empty.
pub trait Bot: Send {
    fn name(&self) -> &'static str;
    fn choose(
        &mut self,
        game: &Game,
        state: &State,
        legal: &[Action],
        rng: &mut ChaCha8Rng,
    ) -> Action;
}

/// The bot names `ttrmap playtest --bots` accepts.
pub const BOT_NAMES: &[&str] = &["random"];

/// Makes a bot by name.
pub fn by_name(name: &str) -> Option<Box<dyn Bot>> {
    match name {
        "random" => Some(Box::new(RandomBot)),
        _ => None,
    }
}

/// Uniform over the legal actions, except that drawing tickets is ten times less likely than
/// any other action (it stays possible), so that random games end in a sensible time.
pub struct RandomBot;

/// The weight of `DrawTickets` against 10 for every other action.
const TICKET_DRAW_WEIGHT: u32 = 1;
const OTHER_WEIGHT: u32 = 10;

impl Bot for RandomBot {
    fn name(&self) -> &'static str {
        "random"
    }

    fn choose(
        &mut self,
        _game: &Game,
        _state: &State,
        legal: &[Action],
        rng: &mut ChaCha8Rng,
    ) -> Action {
        let has_tickets = legal.contains(&Action::DrawTickets);
        if !has_tickets {
            return legal[rng.random_range(0..legal.len())];
        }
        let total = (legal.len() as u32 - 1) * OTHER_WEIGHT + TICKET_DRAW_WEIGHT;
        let mut r = rng.random_range(0..total);
        for &a in legal {
            let w = if a == Action::DrawTickets {
                TICKET_DRAW_WEIGHT
            } else {
                OTHER_WEIGHT
            };
            if r < w {
                return a;
            }
            r -= w;
        }
        legal[legal.len() - 1]
    }
}
