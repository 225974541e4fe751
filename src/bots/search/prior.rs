//! The order in which a node of the search tries its actions (its prior): the styles' own
//! choices first, then every other kind of move, so that widening a node adds the moves a
//! player would think of before the odd ones.

use crate::bots::Bot;
use crate::bots::styles::{Style, StyleBot};
use crate::engine::{Action, Game, NOBODY, State};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The style that plays on the bot's seat after an action no style proposed: it keeps every
/// ticket it can still build, so a drawn ticket or an off-plan claim is followed by play
/// that makes use of it.
pub(super) const EXTRA_STYLE: Style = Style::DestinationHungry;

/// The styles' distinct legal choices in `det`, each with the style that proposed it, in
/// the order destination-hungry, route-focus, one-step, long-route (a style's choice in a
/// dealt copy is legal in the real position too: legality reads only the bot's own hand
/// and the public board). Never empty: without a choice, the first legal action.
pub(super) fn proposals(
    game: &Game,
    det: &State,
    legal: &[Action],
    out: &mut Vec<(Action, Style)>,
) {
    out.clear();
    let mut scratch = Vec::new();
    let mut unused = ChaCha8Rng::seed_from_u64(0);
    for style in Style::ALL {
        if let Some(a) = StyleBot::new(style).act(game, det, &mut scratch, &mut unused)
            && legal.contains(&a)
            && !out.iter().any(|&(b, _)| b == a)
        {
            out.push((a, style));
        }
    }
    if out.is_empty() {
        out.push((legal[0], Style::DestinationHungry));
    }
}

/// Appends to `out` the legal actions it does not hold yet, in the order a node widens to
/// them: the blind draw, a face-up card of each colour on display (its first slot), one
/// claim a lane (its first listed payment) longest route first, the rest as listed, and a
/// ticket draw last (tickets drawn late in a rollout are the move most often judged by
/// luck: offered on Europe it cost the bot ten points of its win share).
pub(super) fn extras(game: &Game, det: &State, legal: &[Action], out: &mut Vec<(Action, Style)>) {
    let start = out.len();
    let push = |out: &mut Vec<(Action, Style)>, a: Action| {
        if !out.iter().any(|&(b, _)| b == a) {
            out.push((a, EXTRA_STYLE));
        }
    };
    if legal.contains(&Action::DrawBlind) {
        push(out, Action::DrawBlind);
    }
    let mut colours_seen = [false; 256];
    for &a in legal {
        if let Action::DrawFaceUp(slot) = a {
            let c = det.face_up.get(slot as usize).copied().unwrap_or(NOBODY);
            if !colours_seen[c as usize] {
                colours_seen[c as usize] = true;
                push(out, a);
            }
        }
    }
    let mut claims: Vec<(u8, u16, Action)> = Vec::new();
    for &a in legal {
        if let Action::Claim { lane, .. } = a
            && !claims.iter().any(|&(_, l, _)| l == lane)
        {
            let route = game.lane_route[lane as usize] as usize;
            claims.push((game.routes[route].length, lane, a));
        }
    }
    claims.sort_by(|x, y| y.0.cmp(&x.0).then(x.1.cmp(&y.1)));
    let lanes_in = |out: &Vec<(Action, Style)>, lane: u16| {
        out[..start]
            .iter()
            .any(|&(b, _)| matches!(b, Action::Claim { lane: l, .. } if l == lane))
    };
    for (_, lane, a) in claims {
        // A lane a style already claims (with its own payment) is not tried again.
        if !lanes_in(out, lane) {
            push(out, a);
        }
    }
    for &a in legal {
        if !matches!(
            a,
            Action::DrawBlind | Action::DrawFaceUp(_) | Action::Claim { .. } | Action::DrawTickets
        ) {
            push(out, a);
        }
    }
    if legal.contains(&Action::DrawTickets) {
        push(out, Action::DrawTickets);
    }
}

#[cfg(test)]
mod tests {
    use super::{extras, proposals};
    use crate::bots::search::tree::tests::usa_mid_game;
    use crate::engine::Action;

    /// The extras hold every legal action the proposals leave out but for the other
    /// payments of a lane and the other slots of a colour on display: each once, one claim a
    /// lane, the claims longest route first, and the ticket draw last.
    #[test]
    fn extras_widen_in_prior_order() {
        for actions in [10, 30, 50] {
            let (game, state) = usa_mid_game(actions);
            let mut legal = Vec::new();
            state.legal_actions(&game, &mut legal);
            let mut list = Vec::new();
            proposals(&game, &state, &legal, &mut list);
            let proposed = list.len();
            extras(&game, &state, &legal, &mut list);
            let actions: Vec<Action> = list.iter().map(|&(a, _)| a).collect();
            for (i, a) in actions.iter().enumerate() {
                assert!(legal.contains(a), "{a:?} not legal");
                assert!(!actions[..i].contains(a), "{a:?} twice");
            }
            // Two styles may claim one lane with different payments; the extras add a lane
            // no proposal claims, once.
            let lanes_of = |list: &[Action]| -> Vec<u16> {
                list.iter()
                    .filter_map(|a| match a {
                        Action::Claim { lane, .. } => Some(*lane),
                        _ => None,
                    })
                    .collect()
            };
            let proposed_lanes = lanes_of(&actions[..proposed]);
            let extra_lanes = lanes_of(&actions[proposed..]);
            for (i, l) in extra_lanes.iter().enumerate() {
                assert!(!proposed_lanes.contains(l) && !extra_lanes[..i].contains(l));
            }
            let mut covered = [proposed_lanes, extra_lanes].concat();
            covered.sort();
            covered.dedup();
            let mut claimable = lanes_of(&legal);
            claimable.sort();
            claimable.dedup();
            assert_eq!(covered, claimable, "every claimable lane");
            let lengths: Vec<u8> = actions[proposed..]
                .iter()
                .filter_map(|a| match a {
                    Action::Claim { lane, .. } => {
                        Some(game.routes[game.lane_route[*lane as usize] as usize].length)
                    }
                    _ => None,
                })
                .collect();
            assert!(lengths.windows(2).all(|w| w[0] >= w[1]), "{lengths:?}");
            if legal.contains(&Action::DrawTickets) {
                assert!(
                    actions[..proposed].contains(&Action::DrawTickets)
                        || actions.last() == Some(&Action::DrawTickets)
                );
            }
        }
    }
}
