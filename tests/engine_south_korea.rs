//! South Korea (`mechanics.express_cards`, `mechanics.province_mat`): the rule text's worked
//! examples, played through the engine one action at a time.
//!
//! Players get cards by hand before each claim (said where), so these positions do not keep
//! the deck's card count; `engine_invariants` checks real games.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use ttrmap::engine::mechanics::express_cards::{ExpressCards, Use};
use ttrmap::engine::mechanics::province_mat::{self, Placement, ProvinceMat};
use ttrmap::engine::mechanics::ticket_draft::TicketDraft;
use ttrmap::engine::position::blank_position;
use ttrmap::engine::scoring::score_detailed;
use ttrmap::engine::{Action, Game, LOCO, NOBODY, Phase, State};
use ttrmap::model::Color;

use crate::common::engine as setup;
use setup::{claim, colour, game, give_hand, lane, legal, route};

fn korea(players: u8) -> Game {
    game("south-korea.toml", players)
}

fn mat(game: &Game) -> (usize, &ProvinceMat) {
    game.mechanics.get::<ProvinceMat>().expect("a mat")
}

fn express(game: &Game) -> (usize, &ExpressCards) {
    game.mechanics.get::<ExpressCards>().expect("express cards")
}

/// A game after the setup draft (everyone takes their first ticket, keeps the first four),
/// at player 0's first turn.
fn started(players: u8) -> (Game, State, ChaCha8Rng) {
    let game = korea(players);
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let mut state = State::new(&game, 4, &mut rng);
    let (dm, _) = game.mechanics.get::<TicketDraft>().expect("a draft");
    while let Phase::Mechanic { mechanic, .. } = state.phase {
        assert_eq!(mechanic as usize, dm);
        state
            .apply(
                &game,
                Action::Mechanic {
                    mechanic,
                    choice: 0,
                },
                &mut rng,
            )
            .unwrap();
    }
    assert_eq!(state.phase, Phase::Main);
    assert!(state.players.iter().all(|p| p.tickets.len() == 4));
    (game, state, rng)
}

fn place(game: &Game, state: &mut State, rng: &mut ChaCha8Rng, pl: Placement) {
    let (me, _) = mat(game);
    let a = Action::Mechanic {
        mechanic: me as u8,
        choice: pl.choice(),
    };
    assert!(legal(game, state).contains(&a), "{pl:?} is offered");
    state.apply(game, a, rng).unwrap();
}

#[test]
fn blue_places_on_spot_6_of_the_white_line_with_express_plus_1() {
    let (game, mut state, mut rng) = started(4);
    let (mm, m) = mat(&game);
    let (xm, _) = express(&game);
    let p = state.current_player();
    // By hand: 4 white cards and 1 locomotive.
    let white = colour(Color::White);
    give_hand(&mut state, p, &[(white, 4), (LOCO, 1)]);
    let r = route(&game, "namwon", "jinju");
    let lane = game.routes[r].first_lane as usize;
    state.apply(&game, claim(lane, white, 1), &mut rng).unwrap();
    assert_eq!(
        state.phase,
        Phase::Mechanic {
            mechanic: mm as u8,
            step: province_mat::PLACE
        }
    );
    // 4 white + 1 locomotive = 5 cards, +1 with the Express card: spot 6 of the white line.
    let line = m.line_of(white).unwrap();
    place(
        &game,
        &mut state,
        &mut rng,
        Placement {
            line,
            express: Some(0),
            colour_cards: 0,
            locomotives: 0,
        },
    );
    assert_eq!(m.owner(&game, &state, mm, line, 5), p, "spot 6");
    assert!(ExpressCards::spent(&game, &state, xm, p, 0), "+1 spent");
    assert_eq!(ExpressCards::spent_on(&game, &state, xm, p, Use::Mat), 1);
    // 45 trains less 5 for the route and 1 on the mat.
    assert_eq!(state.players[p as usize].trains, 39);
    assert_eq!(state.phase, Phase::Main);
    assert_ne!(state.current_player(), p);
}

#[test]
fn the_red_line_tie_goes_to_the_higher_spot() {
    // The rule text's 4-player Red example: green 9 -> 10; black 8 with a train on spot 6
    // -> 6; blue 8 with spot 5 -> 4; red 7 -> 0. Spots are worth their numbers here.
    let game = korea(4);
    let (mm, m) = mat(&game);
    let mut state = blank_position(&game);
    let red = m.line_of(colour(Color::Red)).unwrap();
    let (green, black, blue, redp) = (0u8, 1u8, 2u8, 3u8);
    for (p, spots) in [
        (green, &[9][..]),
        (black, &[6, 2]),
        (blue, &[5, 3]),
        (redp, &[7]),
    ] {
        for &s in spots {
            m.set_owner(&game, &mut state, mm, red, s - 1, p);
        }
    }
    assert_eq!(m.line_bonus(&game, &state, mm, red), vec![10, 6, 4, 0]);
    let scores = score_detailed(&game, &state, &vec![Vec::new(); 4]);
    let mat_points: Vec<i32> = scores
        .iter()
        .map(|d| d.bonuses.iter().find(|b| b.mechanic == mm).unwrap().points)
        .collect();
    assert_eq!(mat_points, vec![10, 6, 4, 0]);
}

#[test]
fn extra_cards_reach_a_higher_spot_and_a_taken_spot_falls_to_the_first_free_lower_one() {
    let (game, mut state, mut rng) = started(2);
    let (mm, m) = mat(&game);
    let p = state.current_player();
    // Namwon–Suncheon: orange, 3 spaces. By hand: 6 orange cards and 2 locomotives.
    let orange = colour(Color::Orange);
    give_hand(&mut state, p, &[(orange, 6), (LOCO, 2)]);
    let line = m.line_of(orange).unwrap();
    // Spots 6 and 5 are taken by the other player already.
    m.set_owner(&game, &mut state, mm, line, 5, 1 - p);
    m.set_owner(&game, &mut state, mm, line, 4, 1 - p);
    let lane = lane(&game, "namwon", "suncheon");
    state
        .apply(&game, claim(lane, orange, 0), &mut rng)
        .unwrap();
    // 3 orange cards paid, 2 orange and 1 locomotive more: 6 cards, spot 6; taken, and 5
    // too: the first free spot below is 4.
    place(
        &game,
        &mut state,
        &mut rng,
        Placement {
            line,
            express: None,
            colour_cards: 2,
            locomotives: 1,
        },
    );
    assert_eq!(m.owner(&game, &state, mm, line, 3), p, "spot 4");
    let hand = state.players[p as usize].hand;
    assert_eq!((hand[orange as usize], hand[LOCO as usize]), (1, 1));
    assert_eq!(state.players[p as usize].trains, 45 - 3 - 1);
    assert_eq!(m.trains(&game, &state, mm, p), 1);
}

#[test]
fn overpaying_reaches_the_spot_of_all_the_cards_played() {
    let (game, mut state, mut rng) = started(3);
    let (mm, m) = mat(&game);
    let p = state.current_player();
    let orange = colour(Color::Orange);
    give_hand(&mut state, p, &[(orange, 5)]);
    let line = m.line_of(orange).unwrap();
    let lane = lane(&game, "namwon", "suncheon");
    state
        .apply(&game, claim(lane, orange, 0), &mut rng)
        .unwrap();
    // Only orange cards (no locomotive in hand) may be added: 3 + 2 = spot 5.
    let offered = legal(&game, &state);
    assert!(
        !offered.contains(&Action::Mechanic {
            mechanic: mm as u8,
            choice: Placement {
                line,
                express: None,
                colour_cards: 0,
                locomotives: 1
            }
            .choice()
        })
    );
    place(
        &game,
        &mut state,
        &mut rng,
        Placement {
            line,
            express: None,
            colour_cards: 2,
            locomotives: 0,
        },
    );
    assert_eq!(m.owner(&game, &state, mm, line, 4), p, "spot 5");
    assert_eq!(state.players[p as usize].hand[orange as usize], 0);
    assert!(
        state.discard[orange as usize] >= 5,
        "the extra cards are discarded"
    );
}

#[test]
fn a_line_with_no_free_spot_low_enough_takes_no_train() {
    let (game, mut state, mut rng) = started(2);
    let (mm, m) = mat(&game);
    let p = state.current_player();
    let orange = colour(Color::Orange);
    give_hand(&mut state, p, &[(orange, 3)]);
    let line = m.line_of(orange).unwrap();
    for k in 0..3 {
        m.set_owner(&game, &mut state, mm, line, k, 1 - p);
    }
    // Every Express card spent before (they would raise the spot to 4, 5 or 6).
    let (xm, _) = express(&game);
    for card in 0..3 {
        ExpressCards::set_spent(&game, &mut state, xm, p, card, Use::Draw);
    }
    let lane = lane(&game, "namwon", "suncheon");
    state
        .apply(&game, claim(lane, orange, 0), &mut rng)
        .unwrap();
    // Spots 1-3 taken, no card left to reach higher, no Express card: only "no train".
    assert_eq!(
        legal(&game, &state),
        vec![Action::Mechanic {
            mechanic: mm as u8,
            choice: 0
        }]
    );
}

#[test]
fn express_cards_draw_more_cards_or_tickets_once_each_and_one_a_turn() {
    let (game, mut state, mut rng) = started(2);
    let (xm, _) = express(&game);
    let p = state.current_player();
    let hand = |s: &State| s.players[p as usize].hand.iter().sum::<u16>();
    let before = hand(&state);
    // +2 (card 1) on drawing train cards: two blind cards at once.
    let draw2 = Action::Mechanic {
        mechanic: xm as u8,
        choice: 2,
    };
    assert!(legal(&game, &state).contains(&draw2));
    state.apply(&game, draw2, &mut rng).unwrap();
    assert_eq!(hand(&state), before + 2);
    // Then the usual draw and nothing else: no claim, no tickets, no second Express card.
    let now = legal(&game, &state);
    assert!(
        now.iter()
            .all(|a| matches!(a, Action::DrawBlind | Action::DrawFaceUp(_))),
        "{now:?}"
    );
    state.apply(&game, Action::DrawBlind, &mut rng).unwrap();
    state.apply(&game, Action::DrawBlind, &mut rng).unwrap();
    assert_eq!(hand(&state), before + 4);
    assert_eq!(ExpressCards::spent_on(&game, &state, xm, p, Use::Draw), 1);
    // The other player draws; then the first: +3 (card 2) on tickets deals 3 + 3.
    state.apply(&game, Action::DrawBlind, &mut rng).unwrap();
    state.apply(&game, Action::DrawBlind, &mut rng).unwrap();
    assert_eq!(state.current_player(), p);
    let spent_again = Action::Mechanic {
        mechanic: xm as u8,
        choice: 2,
    };
    assert!(!legal(&game, &state).contains(&spent_again), "+2 is spent");
    state
        .apply(
            &game,
            Action::Mechanic {
                mechanic: xm as u8,
                choice: 5,
            },
            &mut rng,
        )
        .unwrap();
    assert_eq!(legal(&game, &state), vec![Action::DrawTickets]);
    state.apply(&game, Action::DrawTickets, &mut rng).unwrap();
    assert_eq!(state.offered.len(), 6);
    assert_eq!(state.tickets_to_keep(&game), 1);
    let _ = NOBODY;
}

#[test]
fn no_longest_path_45_trains_and_ties_go_to_the_most_completed_tickets() {
    let game = korea(3);
    let names: Vec<String> = game.mechanics.modules.iter().map(|m| m.name()).collect();
    assert!(
        names
            .iter()
            .all(|n| !n.contains("longest") && !n.contains("Globetrotter")),
        "{names:?}"
    );
    assert_eq!(
        game.tie_breaks,
        vec![ttrmap::model::TieBreak::MostCompletedTickets]
    );
    assert_eq!(
        (game.trains, game.deck_total, game.start_cards),
        (45, 110, 4)
    );
    assert_eq!(game.loco_reset, 3);
    assert!(game.mechanics.get::<TicketDraft>().is_some());
    assert_eq!(game.when_stuck, ttrmap::model::WhenStuck::End);
}

/// A random 4-player game (seed from a 10,000-game playtest) in which every card ends in a
/// hand, no ticket is left and nobody can pay for an open route: with the preset's
/// `when_stuck = "end"` it is over and scored after a round of passes, not a failure.
#[test]
fn a_game_nobody_can_continue_is_scored() {
    let game = korea(4);
    let mut bots: Vec<Box<dyn ttrmap::bots::Bot>> = (0..4)
        .map(|_| ttrmap::bots::by_name("random").unwrap())
        .collect();
    let state = ttrmap::playtest::play_game(&game, &mut bots, 15819710437052427196);
    assert!(state.failure.is_none(), "{:?}", state.failure);
    let result = state.result.expect("scored");
    assert!(result.iter().any(|b| b.winner));
    assert_eq!(state.passes_in_row, 4, "a whole round of passes ended it");
    assert!(
        state.players.iter().all(|p| p.trains > 2),
        "not by the trains"
    );
}

/// The Express cards' advice for player `p`'s plan `routes`.
fn express_advice(game: &Game, state: &State, p: u8, routes: &[usize]) -> Option<Action> {
    use ttrmap::engine::{Advice, PlanView};
    let (xm, x) = express(game);
    let own: Vec<u16> = routes.iter().map(|&r| r as u16).collect();
    let view = PlanView {
        player: p,
        own_routes: &own,
        others_routes: &[],
        counts: &[],
    };
    x.advise_action(game, state, xm, &view)
}

#[test]
fn style_bots_spend_the_smallest_express_card_on_cards_only_when_no_planned_route_is_claimable() {
    let (game, mut state, mut rng) = started(2);
    let (xm, _) = express(&game);
    let p = state.current_player();
    let r = route(&game, "namwon", "jinju");
    let white = colour(Color::White);
    let length = game.routes[r].length as u16;
    // The hand pays the planned route: claim it, no Express card.
    give_hand(&mut state, p, &[(white, length)]);
    assert_eq!(express_advice(&game, &state, p, &[r]), None);
    // Nothing planned: no advice either.
    give_hand(&mut state, p, &[]);
    assert_eq!(express_advice(&game, &state, p, &[]), None);
    // Nothing planned can be claimed: the +1 card (card 0, the smallest; the others reach
    // higher mat spots) on drawing train cards (choice 2 × card).
    let plus_one = Action::Mechanic {
        mechanic: xm as u8,
        choice: 0,
    };
    assert_eq!(express_advice(&game, &state, p, &[r]), Some(plus_one));
    state.apply(&game, plus_one, &mut rng).unwrap();
    state.apply(&game, Action::DrawBlind, &mut rng).unwrap();
    state.apply(&game, Action::DrawBlind, &mut rng).unwrap();
    // The other player's turn, then p's again: +1 is spent, and +2 and +3 are kept for the
    // mat.
    state.apply(&game, Action::DrawBlind, &mut rng).unwrap();
    state.apply(&game, Action::DrawBlind, &mut rng).unwrap();
    assert_eq!(state.current_player(), p);
    give_hand(&mut state, p, &[]);
    assert_eq!(express_advice(&game, &state, p, &[r]), None);
}
