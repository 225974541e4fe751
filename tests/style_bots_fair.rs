//! The style bots never use what they cannot know: another player's tickets are hidden, so
//! two positions that differ only in them must give a style bot the same choice. Checked at
//! every module decision of seeded four-style games on Old West (starting cities, city
//! markers) and France (track beds), where the bots weigh what they expect the others to
//! plan.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use ttrmap::bots::{Bot, Style, StyleBot};
use ttrmap::engine::{Action, Game, Phase, State};
use ttrmap::playtest::{bot_rng, chance_rng, game_seed};

use crate::common::engine as setup;
use setup::game;

/// `state` with every other player's tickets exchanged for tickets of the same decks still
/// in those decks (each swapped ticket takes the other's place): what `viewer` sees is the
/// same. `None` when no ticket could be exchanged.
fn other_hidden_tickets(game: &Game, state: &State, viewer: u8) -> Option<State> {
    let mut alt = state.clone();
    let mut changed = false;
    for q in 0..alt.players.len() {
        if q == viewer as usize {
            continue;
        }
        for i in 0..alt.players[q].tickets.len() {
            let t = alt.players[q].tickets[i];
            let d = game.tickets[t as usize].deck as usize;
            // The deck's last ticket: the furthest from being drawn.
            let Some(at) = alt.ticket_decks[d].len().checked_sub(1) else {
                continue;
            };
            let u = alt.ticket_decks[d][at];
            alt.ticket_decks[d][at] = t;
            alt.players[q].tickets[i] = u;
            changed = true;
        }
    }
    changed.then_some(alt)
}

/// Plays `games` seeded four-style games of `map`; at each module decision with a choice,
/// a fresh bot of the deciding style chooses in the real position and another in the
/// position with the others' tickets exchanged, with the same random stream, and so do two
/// copies of the bot playing the seat (with its beliefs from the game so far). Returns the
/// decisions compared and those that differed (seat, style, the two choices).
fn compare(map: &str, players: u8, games: u64) -> (usize, Vec<String>) {
    let game = game(map, players);
    let mut compared = 0;
    let mut differed = Vec::new();
    for i in 0..games {
        let seed = game_seed(7, i);
        let mut chance = chance_rng(seed);
        let mut choice = bot_rng(seed);
        let mut state = State::new(&game, seed, &mut chance);
        let styles: Vec<Style> = (0..players as usize)
            .map(|s| Style::ALL[(s + i as usize) % 4])
            .collect();
        let mut bots: Vec<StyleBot> = styles.iter().map(|&s| StyleBot::new(s)).collect();
        let mut legal = Vec::new();
        let mut scratch = Vec::new();
        while !state.is_terminal() {
            let p = state.current_player();
            if matches!(state.phase, Phase::Mechanic { .. }) {
                state.legal_actions(&game, &mut legal);
                if legal.len() > 1
                    && let Some(alt) = other_hidden_tickets(&game, &state, p)
                {
                    let style = styles[p as usize];
                    let k = compared as u64;
                    let real = StyleBot::new(style).choose(
                        &game,
                        &state,
                        &legal,
                        &mut ChaCha8Rng::seed_from_u64(k),
                    );
                    let other = StyleBot::new(style).choose(
                        &game,
                        &alt,
                        &legal,
                        &mut ChaCha8Rng::seed_from_u64(k),
                    );
                    // The bot playing the seat, with what it believes of the others from
                    // the game so far (a guess of their tickets is kept between decisions).
                    let playing = &bots[p as usize];
                    let stream = || ChaCha8Rng::seed_from_u64(k + 1);
                    let kept = playing.clone().choose(&game, &state, &legal, &mut stream());
                    let kept_alt = playing.clone().choose(&game, &alt, &legal, &mut stream());
                    compared += 1;
                    if real != other || kept != kept_alt {
                        differed.push(format!(
                            "game {i} turn {} seat {p} {}: {real:?} / {other:?}, kept {kept:?} / {kept_alt:?}",
                            state.turn,
                            style.name()
                        ));
                    }
                }
            }
            let Some(a): Option<Action> =
                bots[p as usize].act(&game, &state, &mut scratch, &mut choice)
            else {
                break;
            };
            state.apply(&game, a, &mut chance).expect("legal");
        }
        assert!(
            state.failure.is_none(),
            "{map} game {i}: {:?}",
            state.failure
        );
    }
    (compared, differed)
}

#[test]
fn old_west_module_decisions_ignore_others_hidden_tickets() {
    let (compared, differed) = compare("old-west.toml", 4, 8);
    assert!(compared >= 50, "only {compared} decisions compared");
    assert!(
        differed.is_empty(),
        "{} of {compared} decisions read others' tickets:\n{}",
        differed.len(),
        differed.join("\n")
    );
}

#[test]
fn france_module_decisions_ignore_others_hidden_tickets() {
    let (compared, differed) = compare("france.toml", 4, 8);
    assert!(compared >= 50, "only {compared} decisions compared");
    assert!(
        differed.is_empty(),
        "{} of {compared} decisions read others' tickets:\n{}",
        differed.len(),
        differed.join("\n")
    );
}
