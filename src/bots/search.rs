//! `search`: determinized Monte Carlo search with the style bots as rollout policies.
//!
//! At each decision with more than one legal action the bot:
//!
//! 1. draws a determinization ([`State::determinize`]): a copy of the
//!    position in which what it cannot know (the other players' train cards and tickets,
//!    the order of the ticket decks, the tickets others returned out of the game) is dealt
//!    again from what it has not seen. It never reads another player's hidden cards: the
//!    only hidden things it looks at are in that copy, drawn afresh, and the engine pools
//!    what it deals in a canonical order, so the deal a seed gives depends on public
//!    things only (tested). It remembers the tickets it was offered in the game
//!    (they are known to it, so they are not dealt to others);
//! 2. asks the four style bots what they would play in that copy: their distinct legal
//!    choices are the candidates (a style's choice is legal in the real position too:
//!    legality depends only on the bot's own hand and the public board). In a game where a
//!    module pays the bot's seat for the number of tickets it completes (a bonus for the
//!    most completed tickets; `Advice::rewards_completed_tickets`), a ticket draw no
//!    style proposed is one more candidate (`SearchBot::candidates`): on Castilla y León it lifted the
//!    bot from under 60 % to 61.0 % of 1,000 games (62.6 % [59.6, 65.5] with the
//!    engine's canonical deal); offered on Europe too it cost 10 points;
//! 3. plays each candidate out to the end of the game in `iterations / candidates`
//!    determinizations (the same determinizations and the same chance for every candidate,
//!    so candidates are compared on the same deals): after the candidate, its own seat plays
//!    the style that proposed it, and each other seat a style that changes with the
//!    determinization (seat `p` in determinization `k` plays style `(k + p) mod 4`), as
//!    the bot does not know how the others play;
//! 4. plays the candidate with the best total value, a win counting 1, a shared first
//!    place one half, plus [`MARGIN_WEIGHT`] a point of its margin over the best other
//!    score (so that among equally winning moves the one winning by more is taken); on a
//!    tie, the candidate proposed first (styles in the order destination-hungry,
//!    route-focus, one-step, long-route).
//!
//! Chance: every card and ticket drawn inside the search comes from sub-streams seeded from
//! the `rng` the runner passes (one draw of it per searched decision), never from the
//! game's own chance or the clock, so a seed plays the same game at any thread count.
//!
//! The budget is the number of rollouts (iterations) per decision: `search` means
//! [`DEFAULT_ITERATIONS`], `search:N` means `N`. With fewer than [`MIN_ITERATIONS`], one
//! legal action, or one candidate, there is nothing to compare and the bot plays its
//! rollout policy: destination-hungry's choice in the determinized copy (the candidate
//! proposed first).
//!
//! Modules: the bot plays every module the engine plays, through the same `apply`. Each
//! module deals its per-game words again in a determinization
//! ([`Mechanic::redeal`](crate::engine::Mechanic::redeal)): public words are copied; the
//! ticket drafts (Iberia, South Korea) deal the other players' draft hands and takes again
//! from what the bot saw (it remembers the draft hands it held, [`State::observe`]: the
//! tickets it saw go on stay among the places they can be, the rest come from the tickets
//! it has not seen), and after a draft the others' kept tickets from their takes as the bot
//! knows them. A game with a stateful module that has no redeal
//! ([`State::hidden_word_modules`]) is refused by [`SearchBot::supports`], which playtests
//! ask through `Bot::plays` before the first game (exit 2, naming the module): the bot
//! never plays such a game, so it never reads those words.
//!
//! Simplification: cards another player took from the face-up display are public in the
//! game, but the bot does not track them; they are dealt again with the rest.
//!
//! Measured (release, 2 players, seats alternating, seed 2026, against the best style on
//! the map at 2 players): strength, speed (`benches/search.rs`), the diagnosis of the
//! Castilla y León games and every change screened are in docs/search-experiments.md:
//! `search:128` takes 3.9 ms a decision of CPU on USA, 7.5 on Europe and 37.7 on
//! Castilla y León (where the ticket draw is searched whenever legal). Iberia and South Korea
//! (seed 1, 200 games, against route-focus, the best style there at 2 players): 71.5 %
//! [64.9, 77.3] and 80.5 % [74.5, 85.4], about 1.2 s and 2.9 s of CPU a game.

use super::styles::{Style, StyleBot};
use super::{Bot, CannotPlay};
use crate::engine::{Action, Game, Seen, State};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Rollouts per decision of `search` without a budget.
pub const DEFAULT_ITERATIONS: u32 = 64;
/// Below this many rollouts per decision the bot does not search.
pub const MIN_ITERATIONS: u32 = 4;
/// Value a point of margin over the best other score adds to a rollout (a win is 1). 0.01
/// was tried (docs/search-experiments.md): 59.8 % of the screening's 200 Castilla y León games
/// against 57.0 %, but 58.4 % of 1,000, no better than 0.002.
pub const MARGIN_WEIGHT: f64 = 0.002;
/// The style that plays on the bot's seat after a ticket draw no style proposed (it keeps
/// the drawn tickets its trains can still build).
const TICKET_DRAW_STYLE: Style = Style::DestinationHungry;
/// A ticket draw no style proposed is a candidate only when every candidate still gets
/// this many rollouts: with fewer, one lucky rollout of a draw (whose tickets the
/// determinized deck and the rollout's own draws happen to fit) outweighs the styles'
/// choices, and at `search:4` the bot lost three games of four to random by drawing.
const MIN_DRAW_DEALS: u32 = 8;
/// Actions after which a rollout stops and counts as a shared result (the engine ends
/// games long before: this only bounds a rollout that could not finish).
const ROLLOUT_CAP: u32 = 5_000;

/// The search bot (see the module doc).
#[derive(Debug, Clone)]
pub struct SearchBot {
    iterations: u32,
    /// What this bot saw in the game `seen_in` (its seed): the tickets offered to it, the
    /// draft hands it held ([`State::observe`]).
    seen: Seen,
    seen_in: Option<u64>,
}

impl SearchBot {
    pub fn new(iterations: u32) -> SearchBot {
        SearchBot {
            iterations,
            seen: Seen::default(),
            seen_in: None,
        }
    }

    /// The rollouts a decision of a `--bots` name: `search` or `search:N` (N rollouts per
    /// decision).
    pub fn iterations(name: &str) -> Option<u32> {
        if name == "search" {
            return Some(DEFAULT_ITERATIONS);
        }
        name.strip_prefix("search:")?.parse().ok()
    }

    /// Whether this bot can play `game` without reading hidden state: an error naming the
    /// modules whose per-game words it cannot hide.
    pub fn supports(game: &Game) -> Result<(), CannotPlay> {
        let hidden = State::hidden_word_modules(game);
        if hidden.is_empty() {
            Ok(())
        } else {
            Err(CannotPlay::HiddenState(hidden))
        }
    }

    /// Remembers what it sees now that the state will not keep: the tickets offered to
    /// it, the draft hand it holds ([`State::observe`]).
    fn remember(&mut self, game: &Game, state: &State) {
        if self.seen_in != Some(state.seed) {
            self.seen = Seen::default();
            self.seen_in = Some(state.seed);
        }
        state.observe(game, state.current_player(), &mut self.seen);
    }

    /// The candidates: the styles' distinct legal choices in `copy`, with the style that
    /// proposed each first, then, in a game with a bonus for the most completed tickets, a
    /// ticket draw when it is legal and no style proposed it (played on by
    /// [`TICKET_DRAW_STYLE`]).
    fn candidates(
        game: &Game,
        copy: &State,
        legal: &[Action],
        iterations: u32,
    ) -> Vec<(Action, Style)> {
        let mut out: Vec<(Action, Style)> = Vec::new();
        let mut scratch = Vec::new();
        let mut unused = ChaCha8Rng::seed_from_u64(0);
        for style in Style::ALL {
            let mut bot = StyleBot::new(style);
            if let Some(a) = bot.act(game, copy, &mut scratch, &mut unused)
                && legal.contains(&a)
                && !out.iter().any(|&(b, _)| b == a)
            {
                out.push((a, style));
            }
        }
        if out.is_empty() {
            out.push((legal[0], Style::DestinationHungry));
        }
        if rewards_completed_tickets(game, copy)
            && legal.contains(&Action::DrawTickets)
            && !out.iter().any(|&(a, _)| a == Action::DrawTickets)
            && iterations / (out.len() as u32 + 1) >= MIN_DRAW_DEALS
        {
            out.push((Action::DrawTickets, TICKET_DRAW_STYLE));
        }
        out
    }
}

/// Whether the game pays the bot's seat for the number of tickets it completes (a bonus for
/// the most completed tickets, Castilla y León's TICKETMAN; [`Advice::rewards_completed_tickets`]
/// of every module): there a ticket beyond the styles' few can take the bonus from a tie, and
/// a drawn ticket is worth searching. Elsewhere the draw stays out: offered on Europe (no
/// such bonus) it took the bot from 69.8 % to 59.0 % of 400 games.
///
/// [`Advice::rewards_completed_tickets`]: crate::engine::hooks::Advice::rewards_completed_tickets
fn rewards_completed_tickets(game: &Game, state: &State) -> bool {
    game.mechanics
        .reward_completed_tickets(game, state, state.current_player())
}

/// Plays `first` then the styles to the end of the game in `copy`; the value for `me`.
fn rollout(
    game: &Game,
    mut copy: State,
    me: u8,
    first: Action,
    mine: Style,
    k: u32,
    chance: &mut ChaCha8Rng,
) -> f64 {
    if copy.apply(game, first, chance).is_err() {
        return 0.0;
    }
    let mut bots: Vec<StyleBot> = (0..copy.players.len())
        .map(|p| {
            if p == me as usize {
                StyleBot::new(mine)
            } else {
                StyleBot::new(Style::ALL[(k as usize + p) % Style::ALL.len()])
            }
        })
        .collect();
    let mut scratch = Vec::new();
    let mut unused = ChaCha8Rng::seed_from_u64(0);
    for _ in 0..ROLLOUT_CAP {
        if copy.is_terminal() {
            break;
        }
        let p = copy.current_player() as usize;
        let Some(a) = bots[p].act(game, &copy, &mut scratch, &mut unused) else {
            return 0.5;
        };
        if copy.apply(game, a, chance).is_err() {
            return 0.5;
        }
    }
    value(&copy.scores(), me as usize)
}

/// A finished game's value for seat `me`: 1 a win, 1/2 a shared first place, plus the
/// margin over the best other score times [`MARGIN_WEIGHT`]; 1/2 for a game without scores.
fn value(scores: &[i32], me: usize) -> f64 {
    let Some(&mine) = scores.get(me) else {
        return 0.5;
    };
    let best_other = scores
        .iter()
        .enumerate()
        .filter(|&(p, _)| p != me)
        .map(|(_, &s)| s)
        .max()
        .unwrap_or(mine);
    let place = match mine.cmp(&best_other) {
        std::cmp::Ordering::Greater => 1.0,
        std::cmp::Ordering::Equal => 0.5,
        std::cmp::Ordering::Less => 0.0,
    };
    place + MARGIN_WEIGHT * (mine - best_other) as f64
}

impl Bot for SearchBot {
    fn name(&self) -> &'static str {
        "search"
    }

    fn plays(&self, game: &Game) -> Result<(), CannotPlay> {
        Self::supports(game)
    }

    fn choose(
        &mut self,
        game: &Game,
        state: &State,
        legal: &[Action],
        rng: &mut ChaCha8Rng,
    ) -> Action {
        self.remember(game, state);
        if legal.len() == 1 {
            return legal[0];
        }
        let me = state.current_player();
        let base: u64 = rng.random();
        let stream = |k: u32, s: u64| {
            let mut r = ChaCha8Rng::seed_from_u64(base);
            r.set_stream(2 * k as u64 + s);
            r
        };
        let copy0 = state.determinize(game, me, &self.seen, &mut stream(0, 0));
        let cands = Self::candidates(game, &copy0, legal, self.iterations);
        if cands.len() == 1 || self.iterations < MIN_ITERATIONS || Self::supports(game).is_err() {
            return cands[0].0;
        }
        let deals = (self.iterations / cands.len() as u32).max(1);
        let mut totals = vec![0.0f64; cands.len()];
        for k in 0..deals {
            let copy = if k == 0 {
                copy0.clone()
            } else {
                state.determinize(game, me, &self.seen, &mut stream(k, 0))
            };
            let chance = stream(k, 1);
            for (i, &(a, style)) in cands.iter().enumerate() {
                totals[i] += rollout(game, copy.clone(), me, a, style, k, &mut chance.clone());
            }
        }
        let mut best = 0;
        for i in 1..cands.len() {
            if totals[i] > totals[best] {
                best = i;
            }
        }
        cands[best].0
    }
}

#[cfg(test)]
mod tests {
    use super::{MARGIN_WEIGHT, SearchBot, TICKET_DRAW_STYLE, value};
    use crate::bots::Bot;
    use crate::bots::styles::{Style, StyleBot};
    use crate::engine::{Action, Game, Phase, State};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// Plays a game of `map` between two styles and returns, over the main-phase positions
    /// where a ticket draw is legal and no style proposes it, how many had the draw as the
    /// last candidate and how many did not (the other candidates are the styles' choices).
    fn draws_offered(map: &str, without: &[&str]) -> (u32, u32) {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("maps")
            .join(map);
        let loaded = crate::load::load_path(&path).expect("readable");
        let without: Vec<String> = without.iter().map(|w| w.to_string()).collect();
        let map_file = loaded.map.as_ref().expect("loaded");
        let game = Game::new_without(map_file, 2, None, &without).expect("playable");
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut state = State::new(&game, 5, &mut rng);
        let mut bots = [
            StyleBot::new(Style::DestinationHungry),
            StyleBot::new(Style::OneStep),
        ];
        let (mut scratch, mut legal) = (Vec::new(), Vec::new());
        let mut unused = ChaCha8Rng::seed_from_u64(0);
        let (mut offered, mut not) = (0, 0);
        while !state.is_terminal() {
            state.legal_actions(&game, &mut legal);
            if state.phase == Phase::Main && legal.contains(&Action::DrawTickets) {
                let cands = SearchBot::candidates(&game, &state, &legal, 128);
                let styles: Vec<Action> = Style::ALL
                    .iter()
                    .filter_map(|&s| StyleBot::new(s).act(&game, &state, &mut scratch, &mut unused))
                    .collect();
                if !styles.contains(&Action::DrawTickets) {
                    let draw = cands.last() == Some(&(Action::DrawTickets, TICKET_DRAW_STYLE));
                    let rest = if draw {
                        &cands[..cands.len() - 1]
                    } else {
                        &cands[..]
                    };
                    assert!(rest.iter().all(|c| styles.contains(&c.0)), "{map}");
                    if draw { offered += 1 } else { not += 1 }
                }
            }
            let p = state.current_player() as usize;
            let a = bots[p]
                .act(&game, &state, &mut scratch, &mut unused)
                .expect("an action");
            state.apply(&game, a, &mut rng).expect("legal");
        }
        (offered, not)
    }

    /// Where a bonus rewards the most completed tickets (Castilla y León's TICKETMAN), a
    /// legal ticket draw no style proposed is always a candidate, after the styles' choices
    /// (ties go to them); where none does (USA), it never is.
    #[test]
    fn a_ticket_draw_is_a_candidate_where_completed_tickets_win_a_bonus() {
        // Castilla y León's optional mystery train is left out, as a playtest leaves it.
        let (offered, not) = draws_offered("castilla.toml", &["mechanics.mystery_train"]);
        assert!(
            offered > 10 && not == 0,
            "castilla: {offered} offered, {not} not"
        );
        let (offered, not) = draws_offered("usa.toml", &[]);
        assert!(
            offered == 0 && not > 10,
            "usa: {offered} offered, {not} not"
        );
    }

    /// A win (1 plus the margin) beats a shared first place (1/2) beats a loss, a larger
    /// margin is worth more, and the margin is over the best other score.
    #[test]
    fn a_rollout_is_valued_by_place_then_margin() {
        // Won by 10: 1 + 10 × the weight.
        assert!((value(&[130, 120], 0) - (1.0 + 10.0 * MARGIN_WEIGHT)).abs() < 1e-12);
        let shared = value(&[100, 100], 0);
        assert_eq!(shared, 0.5);
        for m in 1..50 {
            assert!(value(&[101, 100], 0) > shared, "win by 1");
            assert!(shared > value(&[100, 100 + m], 0), "loss by {m}");
            assert!(value(&[100 + m, 100], 0) > value(&[100 + m - 1, 100], 0));
        }
        // Three players: the margin is over the best other score only.
        assert_eq!(value(&[120, 110, 90], 0), value(&[120, 110, 0], 0));
        assert!(value(&[120, 110, 90], 0) > value(&[120, 115, 90], 0));
    }
}
