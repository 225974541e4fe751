//! Recorded games (`playtest --record`) and their replay (`ttrmap replay`).
//!
//! A recording is JSON Lines, one game per line:
//! `{"game":0,"seed":…,"map":"/abs/usa.toml","map_hash":"…","mode":null,"players":2,
//! "bots":["random","random"],"ttrmap":"0.1.0","actions":["k7","b","f3",…]}`.
//! Actions are short codes (a game has hundreds):
//!
//! | code | action |
//! |---|---|
//! | `kM` | keep the offered tickets whose bits are set in M |
//! | `fS` | take face-up card in slot S |
//! | `b` | take a blind card |
//! | `cL.C.N` | claim lane L paying colour C (8 = locomotives only) with N locomotives |
//! | `t` | draw tickets |
//! | `sY.C.N` | build a station in city Y paying colour C with N locomotives |
//! | `pN` | pay a tunnel's extra cards with N locomotives |
//! | `w` | withdraw from a tunnel |
//! | `n` | pass: nothing the player can do (`rules.end_game.when_stuck = "pass"`) |
//!
//! Lane, city and colour numbers are the engine's indices (map order; colours in
//! `Color::CARD_COLORS` order). Replaying uses only the seed (chance) and the actions, and
//! checks every action against the engine's legal list, so a recording made by another
//! version that no longer fits is refused rather than replayed wrongly.

use super::chance_rng;
use super::words::Teller;
use crate::engine::scoring::score_detailed;
use crate::engine::{Action, Game, Phase, State};
use crate::model::MapFile;
use serde::{Deserialize, Serialize};
use std::io::Write;

/// What every line of a recording says about the setup.
#[derive(Debug, Clone)]
pub struct RecordHeader {
    /// The map file (absolute when it could be made so).
    pub map: String,
    /// [`map_hash`] of the map file's bytes.
    pub map_hash: String,
    pub mode: Option<String>,
    pub players: u8,
    /// Rules the games were played without (`playtest --without`).
    pub without: Vec<String>,
}

/// A destination for recorded games.
pub struct Recording<'a> {
    pub header: RecordHeader,
    pub out: &'a mut dyn Write,
}

/// One line of a recording.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    pub game: u64,
    pub seed: u64,
    pub map: String,
    pub map_hash: String,
    pub mode: Option<String>,
    pub players: u8,
    /// Rules the game was played without (`playtest --without`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub without: Vec<String>,
    /// Bot of each seat, seat order.
    pub bots: Vec<String>,
    /// The ttrmap version that recorded it.
    pub ttrmap: String,
    pub actions: Vec<String>,
}

impl Recording<'_> {
    pub(super) fn write_game(
        &mut self,
        game: u64,
        seed: u64,
        bots: Vec<&str>,
        actions: &[Action],
    ) -> std::io::Result<()> {
        let record = GameRecord {
            game,
            seed,
            map: self.header.map.clone(),
            map_hash: self.header.map_hash.clone(),
            mode: self.header.mode.clone(),
            players: self.header.players,
            without: self.header.without.clone(),
            bots: bots.into_iter().map(str::to_string).collect(),
            ttrmap: env!("CARGO_PKG_VERSION").to_string(),
            actions: actions.iter().map(|&a| encode(a)).collect(),
        };
        let line = serde_json::to_string(&record).map_err(std::io::Error::other)?;
        writeln!(self.out, "{line}")
    }
}

/// FNV-1a (64 bits) of the map bytes, in hex: enough to notice that a map changed since a
/// game was recorded (not a security measure).
pub fn map_hash(bytes: &[u8]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// The short code of an action.
pub fn encode(a: Action) -> String {
    match a {
        Action::KeepTickets(m) => format!("k{m}"),
        Action::DrawFaceUp(s) => format!("f{s}"),
        Action::DrawBlind => "b".into(),
        Action::Claim { lane, color, locos } => format!("c{lane}.{color}.{locos}"),
        Action::DrawTickets => "t".into(),
        Action::BuildStation { city, color, locos } => format!("s{city}.{color}.{locos}"),
        Action::TunnelPay { locos } => format!("p{locos}"),
        Action::TunnelWithdraw => "w".into(),
        Action::Mechanic { mechanic, choice } => format!("m{mechanic}.{choice}"),
        Action::Pass => "n".into(),
        Action::EndTurn => "e".into(),
    }
}

/// The action of a short code, or `None` when it is not one.
pub fn decode(code: &str) -> Option<Action> {
    let (kind, rest) = code.split_at_checked(1)?;
    let three = || -> Option<(u16, u8, u16)> {
        let mut it = rest.split('.');
        let a = it.next()?.parse().ok()?;
        let b = it.next()?.parse().ok()?;
        let c = it.next()?.parse().ok()?;
        it.next().is_none().then_some((a, b, c))
    };
    Some(match kind {
        "k" => Action::KeepTickets(rest.parse().ok()?),
        "f" => Action::DrawFaceUp(rest.parse().ok()?),
        "b" if rest.is_empty() => Action::DrawBlind,
        "c" => {
            let (lane, color, locos) = three()?;
            Action::Claim { lane, color, locos }
        }
        "t" if rest.is_empty() => Action::DrawTickets,
        "s" => {
            let (city, color, locos) = three()?;
            Action::BuildStation {
                city,
                color,
                locos: u8::try_from(locos).ok()?,
            }
        }
        "p" => Action::TunnelPay {
            locos: rest.parse().ok()?,
        },
        "w" if rest.is_empty() => Action::TunnelWithdraw,
        "m" => {
            let (mechanic, choice) = rest.split_once('.')?;
            Action::Mechanic {
                mechanic: mechanic.parse().ok()?,
                choice: choice.parse().ok()?,
            }
        }
        "n" if rest.is_empty() => Action::Pass,
        "e" if rest.is_empty() => Action::EndTurn,
        _ => return None,
    })
}

/// A replayed game, told turn by turn.
#[derive(Debug, Clone)]
pub struct Replay {
    /// `(turn number from 1, player from 1, what they did)`; setup ticket choices are turn 0.
    pub turns: Vec<(u32, u8, String)>,
    /// Final scoring lines, one per player.
    pub scores: Vec<String>,
    /// The failure state the game ended in, if any.
    pub failure: Option<String>,
}

/// Why a recorded game cannot be replayed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    #[error("action {index} `{code}` is not an action code")]
    BadCode { index: usize, code: String },
    #[error(
        "action {index} `{code}` (turn {turn}, player {player}) is not legal under this engine: \
         the game was recorded by another version of ttrmap or on another version of the map"
    )]
    Illegal {
        index: usize,
        code: String,
        turn: u32,
        player: u8,
    },
    #[error("the recording ends at action {0} but the game is not over")]
    Unfinished(usize),
    #[error("the game ended at action {0} but the recording goes on")]
    TooLong(usize),
}

/// Replays a recorded game through the engine and tells it.
pub fn replay(
    game: &Game,
    map: &MapFile,
    seed: u64,
    codes: &[String],
) -> Result<Replay, ReplayError> {
    let mut rng = chance_rng(seed);
    let mut state = State::new(game, seed, &mut rng);
    let mut turns: Vec<(u32, u8, String)> = Vec::new();
    // The words of the turn being played, finished when the turn changes hands.
    let mut teller = Teller::default();
    let mut index = 0;
    while !state.is_terminal() {
        let Some(code) = codes.get(index) else {
            return Err(ReplayError::Unfinished(index));
        };
        let action = decode(code).ok_or_else(|| ReplayError::BadCode {
            index,
            code: code.clone(),
        })?;
        let p = state.current_player();
        let turn = if state.phase == Phase::SetupTickets {
            0
        } else {
            state.turn + 1
        };
        if !state.is_legal(game, action) {
            return Err(ReplayError::Illegal {
                index,
                code: code.clone(),
                turn,
                player: p + 1,
            });
        }
        let before = state.clone();
        state
            .apply(game, action, &mut rng)
            .map_err(|_| ReplayError::Illegal {
                index,
                code: code.clone(),
                turn,
                player: p + 1,
            })?;
        index += 1;
        if let Some(text) = teller.tell(game, map, &before, &state, action, false) {
            turns.push((turn, p + 1, text));
        }
    }
    if index < codes.len() {
        return Err(ReplayError::TooLong(index));
    }
    let failure = state.failure.as_ref().map(|f| f.reason.clone());
    let scores = if state.result.is_some() {
        score_detailed(game, &state, &[])
            .iter()
            .enumerate()
            .map(|(p, d)| {
                format!(
                    "player {}: {} points (routes {}, tickets {} with {} of {} completed, stations {}, bonuses {}, longest path {}), rank {}{}",
                    p + 1,
                    d.total,
                    d.route_points,
                    d.ticket_points,
                    d.completed_tickets,
                    d.tickets.len(),
                    d.station_points,
                    d.bonus_points,
                    d.longest_path,
                    d.rank,
                    if d.winner { ", winner" } else { "" }
                )
            })
            .collect()
    } else {
        Vec::new()
    };
    Ok(Replay {
        turns,
        scores,
        failure,
    })
}
