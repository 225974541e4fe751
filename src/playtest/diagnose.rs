//! Why a playtest's games failed, in one line, for `playtest --max-failures`.
//!
//! The commonest cause on a new map is a board too small for the trains: the game ends only
//! when a player is down to `rules.end_game.trains_at_most`, so when the players' share of the
//! board is smaller than the trains one of them must lay, the board fills first and the game
//! stops with nobody able to act. That is said with the numbers; otherwise the line names the
//! failure reason seen most often.

use super::Report;
use crate::model::MapFile;

/// The cause of a report's failures in one line (no trailing newline); `None` when no game
/// failed.
pub fn failure_cause(report: &Report, map: &MapFile) -> Option<String> {
    if report.failures == 0 {
        return None;
    }
    let players = report.players;
    let trains = u32::from(map.rules.trains_for(players));
    let at_most = u32::from(map.rules.end_game.trains_at_most);
    let usable = map.usable_spaces(players);
    let to_lay = trains.saturating_sub(at_most);
    if usable < u32::from(players) * to_lay {
        return Some(format!(
            "{trains} trains each, {usable} spaces on the board at {players} players: the game \
             ends when a player is down to {at_most} trains, and the board fills up first; \
             give fewer trains ([rules.trains]) or add routes"
        ));
    }
    let mut reasons: Vec<(&str, usize)> = Vec::new();
    for f in &report.failure_list {
        match reasons.iter_mut().find(|(r, _)| *r == f.reason) {
            Some((_, n)) => *n += 1,
            None => reasons.push((&f.reason, 1)),
        }
    }
    // The most frequent; the earliest seen among equals (the list is in game order).
    let (reason, _) = reasons
        .iter()
        .copied()
        .rev()
        .max_by_key(|(_, n)| *n)
        .unwrap_or(("unknown", 0));
    let first = report.failure_list.iter().find(|f| f.reason == reason);
    Some(match first {
        Some(f) => format!(
            "most often: {reason} (first in game {}, seed {}, turn {})",
            f.game, f.seed, f.turn
        ),
        None => format!("most often: {reason}"),
    })
}
