//! Tunnels for the style bots: when a tunnel claim is worth trying, and the memory of
//! tunnels given up.
//!
//! A tunnel's claim turns over cards from the deck (3 in the published rules), and each one
//! of the paying colour or a locomotive (only locomotives when the claim is paid with
//! locomotives alone) asks for one more card of the same kind; a player who cannot or will
//! not pay takes the cards back and the turn is over. A bot that tries with exactly the
//! cost loses its turn about half the time, and trying again with the same hand loses it
//! again just as often.
//!
//! So a style bot tries a tunnel only when the cards left after paying the cost (the
//! paying colour and locomotives, or locomotives alone) cover the extra cards with a
//! chance of at least [`COVER`]: each turned card matches with the share of matching
//! cards among the cards it has not seen (the deck and the other hands, counted as the
//! whole deck less its own hand, the display, the discard pile and the cards on show), so
//! the extra is counted as binomial over the turned cards: an expected extra of 3 × that
//! share. When the hand falls short it leaves the tunnel and plays as if the route were
//! not claimable now: another route, or cards, which it draws for its planned routes. In
//! the last round, where cards left in hand score nothing, such a tunnel is tried when no
//! other route can be claimed.
//!
//! It never tries a tunnel again with the hand it withdrew from it with: the memory holds
//! the lane and the hand of each withdrawal in the game (a new card, or cards spent on
//! another claim, make a new hand). Nothing here uses chance or reads another player's
//! cards: the same position and memory give the same answer.

use crate::engine::{Action, CARD_KINDS, Cards, Game, LOCO, NOBODY, State};

/// The chance with which the cards kept after a tunnel's cost must cover its extra cards
/// for a style bot to try it (see the module doc). With 3 cards turned and a quarter of the
/// unseen cards matching, a reserve of 0 covers 42 %, 1 covers 84 %, 2 covers 98 %.
pub const COVER: f64 = 0.8;

/// The tunnels a bot withdrew from in the current game, with the hand it held then.
#[derive(Debug, Clone, Default)]
pub struct TunnelMemory {
    /// The game (its seed) and seat the memory belongs to.
    game: Option<(u64, u8)>,
    /// (lane, hand at the withdrawal).
    withdrawals: Vec<(u16, Cards)>,
}

impl TunnelMemory {
    /// Forgets another game's or seat's withdrawals.
    fn for_game(&mut self, state: &State) {
        let key = (state.seed, state.current);
        if self.game != Some(key) {
            self.game = Some(key);
            self.withdrawals.clear();
        }
    }

    /// The current player withdraws from the tunnel of `lane`.
    pub fn withdrew(&mut self, state: &State, lane: u16) {
        self.for_game(state);
        let hand = state.players[state.current as usize].hand;
        if !self.withdrawals.contains(&(lane, hand)) {
            self.withdrawals.push((lane, hand));
        }
    }

    /// Whether the current player withdrew from `lane` holding the hand it holds now.
    pub fn gave_up(&mut self, state: &State, lane: u16) -> bool {
        self.for_game(state);
        let hand = state.players[state.current as usize].hand;
        self.withdrawals.contains(&(lane, hand))
    }
}

/// The cards the current player has not seen, by kind: the deck's composition less its own
/// hand, the face-up display, the discard pile and the cards a tunnel has on show. This is
/// what the deck and the other hands hold together, counted from public things only.
pub fn unseen(game: &Game, state: &State) -> Cards {
    let hand = &state.players[state.current as usize].hand;
    let mut left = game.composition;
    for k in 0..CARD_KINDS {
        left[k] = left[k]
            .saturating_sub(hand[k])
            .saturating_sub(state.discard[k])
            .saturating_sub(state.revealed[k]);
    }
    for &c in &state.face_up {
        if c != NOBODY {
            left[c as usize] = left[c as usize].saturating_sub(1);
        }
    }
    left
}

/// The chance that a binomial count of `n` trials of chance `p` is at most `k`.
fn at_most(n: u8, p: f64, k: u16) -> f64 {
    let mut term = (1.0 - p).powi(n as i32); // P(X = 0)
    let mut sum = 0.0;
    for i in 0..=n.min(k.min(u8::MAX as u16) as u8) {
        if i > 0 {
            // P(X = i) from P(X = i - 1).
            term *= (n - i + 1) as f64 / i as f64 * p / (1.0 - p);
        }
        sum += term;
    }
    sum
}

/// The chance that the hand left after paying `claim` (a tunnel's claim) covers the extra
/// cards its reveal asks for; 1 for anything but a tunnel's claim.
pub fn cover_chance(game: &Game, state: &State, claim: Action) -> f64 {
    let Action::Claim { lane, color, locos } = claim else {
        return 1.0;
    };
    let route = &game.routes[game.lane_route[lane as usize] as usize];
    if !route.tunnel || game.tunnel_reveal == 0 {
        return 1.0;
    }
    let Some(spent) = state.payment(game, lane as usize, color, locos) else {
        return 0.0;
    };
    let hand = &state.players[state.current as usize].hand;
    let free = |k: u8| hand[k as usize].saturating_sub(spent[k as usize]);
    let unseen = unseen(game, state);
    let total: u16 = unseen.iter().sum();
    if total == 0 {
        // Nothing left to turn over: no extra.
        return 1.0;
    }
    let (reserve, matching) = if color == LOCO {
        (free(LOCO), unseen[LOCO as usize])
    } else {
        (
            free(color) + free(LOCO),
            unseen[color as usize] + unseen[LOCO as usize],
        )
    };
    let p = matching as f64 / total as f64;
    if p >= 1.0 {
        return if reserve >= game.tunnel_reveal as u16 {
            1.0
        } else {
            0.0
        };
    }
    at_most(game.tunnel_reveal, p, reserve)
}

/// Whether to try `claim` now: not a tunnel, or a tunnel not given up with this hand whose
/// extra cards the hand covers with a chance of [`COVER`] (or any chance when `urgent`).
pub fn worth_trying(
    game: &Game,
    state: &State,
    memory: &mut TunnelMemory,
    claim: Action,
    urgent: bool,
) -> bool {
    let Action::Claim { lane, .. } = claim else {
        return true;
    };
    if !game.routes[game.lane_route[lane as usize] as usize].tunnel {
        return true;
    }
    !memory.gave_up(state, lane) && (urgent || cover_chance(game, state, claim) >= COVER)
}

#[cfg(test)]
mod tests {
    use super::at_most;

    /// Three cards turned, a quarter matching: P(0) = 0.75³ = 0.421875,
    /// P(1) = 3 × 0.25 × 0.75² = 0.421875, P(2) = 3 × 0.25² × 0.75 = 0.140625.
    #[test]
    fn binomial_cover() {
        let close = |a: f64, b: f64| (a - b).abs() < 1e-12;
        assert!(close(at_most(3, 0.25, 0), 0.421875));
        assert!(close(at_most(3, 0.25, 1), 0.84375));
        assert!(close(at_most(3, 0.25, 2), 0.984375));
        assert!(close(at_most(3, 0.25, 3), 1.0));
        assert!(close(at_most(3, 0.25, 9), 1.0));
        assert!(close(at_most(3, 0.0, 0), 1.0));
    }
}
