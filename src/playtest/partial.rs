//! Playtests past one machine: a shard's partial result (`playtest --shard I/N`) and the merge
//! of the parts (`ttrmap merge`).
//!
//! Shard `I` of `N` plays games `⌊G·(I−1)/N⌋ .. ⌊G·I/N⌋` of the `G` games a single run would
//! play, each with the seed and seats it has in that run ([`super::play_range`]). Its part is
//! the run's settings (to check that the parts belong together and to rebuild the report) plus
//! the [`Totals`] of its games, one per player count. The totals are integer sums, counts and
//! histograms, so adding the parts gives exactly the totals of the single run, and the report
//! is built from them by the same code: the same bytes. Merging keeps one running total per
//! player count, so its memory does not depend on the number of games or parts.

use super::totals::Totals;
use serde::{Deserialize, Serialize};
use std::ops::Range;

/// What a part file says it is.
pub const KIND: &str = "ttrmap-playtest-part";
/// The part format; a part of another format is refused. Format 2 added the `digest`, format 3
/// the bots' decision clocks (`bot_clock`).
pub const FORMAT: u32 = 3;
/// The largest part file read: a part is sized by the board, not the games.
pub const MAX_PART_BYTES: u64 = 256 * 1024 * 1024;
/// The most shards a run is split into: far more machines than a playtest needs, and few
/// enough that keeping track of them costs nothing (a part claiming 4,294,967,295 shards made
/// `merge` abort allocating for them).
pub const MAX_SHARDS: u32 = 100_000;

/// `I/N`, with `1 <= I <= N`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    pub index: u32,
    pub count: u32,
}

impl std::str::FromStr for Shard {
    type Err = BadShard;

    fn from_str(s: &str) -> Result<Shard, BadShard> {
        let bad = || BadShard::NotAShard(s.to_string());
        let (i, n) = s.split_once('/').ok_or_else(bad)?;
        let index: u32 = i.trim().parse().map_err(|_| bad())?;
        let count: u32 = n.trim().parse().map_err(|_| bad())?;
        if index == 0 || count == 0 || index > count {
            return Err(bad());
        }
        if count > MAX_SHARDS {
            return Err(BadShard::TooMany(s.to_string()));
        }
        Ok(Shard { index, count })
    }
}

/// Why a `--shard` value (the value) is not a shard.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BadShard {
    #[error("`{0}` is not a shard: give I/N with 1 <= I <= N (`--shard 2/4`)")]
    NotAShard(String),
    #[error("`{}`: a run is split into at most {} shards", .0, MAX_SHARDS)]
    TooMany(String),
}

/// Why a file is not a part, or not a part of the run merged.
#[derive(Debug, thiserror::Error)]
pub enum PartError {
    #[error("not a playtest part: {0}")]
    NotJson(#[source] serde_json::Error),
    #[error(
        "not a playtest part (no \"kind\": \"{}\"; `playtest --shard I/N -o FILE` writes one)",
        KIND
    )]
    OtherKind,
    #[error(
        "a part of another format (this ttrmap reads format {}; play the shards again with it)",
        FORMAT
    )]
    OtherFormat,
    #[error("bad part: {0}")]
    Bad(#[source] serde_json::Error),
    /// A run of more shards (how many) than a run is split into.
    #[error("a run of {} shards: a run is split into at most {}", .0, MAX_SHARDS)]
    TooManyShards(u32),
    #[error(
        "the part was changed after its shard wrote it (its digest does not match its totals and settings); play the shard again"
    )]
    Digest,
    /// A shard index outside the run's shards.
    #[error("shard {shard}/{shards} is not a shard")]
    NotAShard { shard: u32, shards: u32 },
    /// A shard whose games are not its share of the run's.
    #[error(
        "shard {shard}/{shards} of {games} games plays games {}..{}, not {}..{}",
        .plays.start, .plays.end, .holds.start, .holds.end
    )]
    Games {
        shard: u32,
        shards: u32,
        games: u64,
        plays: Range<u64>,
        holds: Range<u64>,
    },
    #[error("{sections} sections for {counts} player counts")]
    Sections { sections: usize, counts: usize },
    /// A section of another number of games than the shard plays.
    #[error("a section holds {holds} games, the shard plays {plays}")]
    SectionGames { holds: u64, plays: u64 },
    #[error(
        "a section claims {failures} failures listing {listed} in {games} games (at most the games, {} listed)",
        super::FAILURES_LISTED
    )]
    Failures {
        failures: u64,
        listed: usize,
        games: u64,
    },
    /// A part of another run: how its settings differ from the first part's.
    #[error("not from the same run as the first part: {}", .0.join("; "))]
    OtherRun(Vec<String>),
    #[error("shard {shard}/{shards} is given twice")]
    Twice { shard: u32, shards: u32 },
}

impl Shard {
    /// The games of this shard among `games`: consecutive, the shards together playing each
    /// game once.
    pub fn range(self, games: u64) -> Range<u64> {
        let at = |k: u32| (games as u128 * k as u128 / self.count as u128) as u64;
        at(self.index - 1)..at(self.index)
    }
}

/// The settings of the whole run, the same in every part of it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunSettings {
    /// The map file as given to the shard (absolute), and the hash of its bytes.
    pub map: String,
    pub map_hash: String,
    /// The ttrmap version that played: another version may play other games.
    pub ttrmap: String,
    pub mode: Option<String>,
    /// Rules left out by `--without`.
    pub without: Vec<String>,
    /// Optional extensions not asked for with `--with` (left out too).
    pub extensions_not_played: Vec<String>,
    pub bots: Vec<String>,
    pub seed: u64,
    /// Games of the whole run, per player count.
    pub games: u64,
    /// Player counts, one section each.
    pub players: Vec<u8>,
    /// Shards of the run.
    pub shards: u32,
}

/// One shard's partial result.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Part {
    pub kind: String,
    pub format: u32,
    /// This part's shard, 1-based.
    pub shard: u32,
    /// The games it played: `first_game..end_game` of every player count's run.
    pub first_game: u64,
    pub end_game: u64,
    pub settings: RunSettings,
    /// The totals of its games, per player count in the order of `settings.players`.
    pub sections: Vec<Totals>,
    /// Ties the totals to the run and the shard: a digest over the settings, the shard, its
    /// games and the totals ([`Part::digest_of`]). A part whose totals (or anything else)
    /// were edited no longer matches and is refused. It guards against edits and damage, not
    /// against someone who recomputes it: the parts are as trusted as the machines that
    /// played them.
    pub digest: String,
}

impl Part {
    pub fn new(settings: RunSettings, shard: Shard, sections: Vec<Totals>) -> Part {
        let range = shard.range(settings.games);
        let mut part = Part {
            kind: KIND.into(),
            format: FORMAT,
            shard: shard.index,
            first_game: range.start,
            end_game: range.end,
            settings,
            sections,
            digest: String::new(),
        };
        part.digest = part.digest_of();
        part
    }

    /// The digest of everything in the part but the digest itself: FNV-1a (as the map hash)
    /// over the JSON of the settings, the shard, its games and the totals.
    pub fn digest_of(&self) -> String {
        let text = serde_json::to_string(&(
            &self.kind,
            self.format,
            self.shard,
            self.first_game,
            self.end_game,
            &self.settings,
            &self.sections,
        ))
        .expect("plain data");
        super::record::map_hash(text.as_bytes())
    }

    /// The part as a file's text (JSON, one line: parts are read by programs).
    pub fn to_text(&self) -> String {
        format!("{}\n", serde_json::to_string(self).expect("plain data"))
    }

    /// Reads a part from a file's text; `Err` says what is wrong with it.
    pub fn from_text(text: &str) -> Result<Part, PartError> {
        // Only `kind` and `format` first (the rest is skipped, not built), so a file of
        // another kind or format is named as such before it is read as a part.
        #[derive(Deserialize)]
        struct Probe {
            kind: Option<String>,
            format: Option<serde_json::Value>,
        }
        let probe: Probe = serde_json::from_str(text).map_err(PartError::NotJson)?;
        if probe.kind.as_deref() != Some(KIND) {
            return Err(PartError::OtherKind);
        }
        if probe.format.as_ref().and_then(|k| k.as_u64()) != Some(FORMAT as u64) {
            return Err(PartError::OtherFormat);
        }
        let part: Part = serde_json::from_str(text).map_err(PartError::Bad)?;
        if part.settings.shards > MAX_SHARDS {
            return Err(PartError::TooManyShards(part.settings.shards));
        }
        if part.digest != part.digest_of() {
            return Err(PartError::Digest);
        }
        let s = &part.settings;
        if s.shards == 0 || part.shard == 0 || part.shard > s.shards {
            return Err(PartError::NotAShard {
                shard: part.shard,
                shards: s.shards,
            });
        }
        let range = Shard {
            index: part.shard,
            count: s.shards,
        }
        .range(s.games);
        if (part.first_game, part.end_game) != (range.start, range.end) {
            return Err(PartError::Games {
                shard: part.shard,
                shards: s.shards,
                games: s.games,
                plays: range,
                holds: part.first_game..part.end_game,
            });
        }
        if part.sections.len() != s.players.len() {
            return Err(PartError::Sections {
                sections: part.sections.len(),
                counts: s.players.len(),
            });
        }
        let games = range.end - range.start;
        if let Some(t) = part.sections.iter().find(|t| t.games != games) {
            return Err(PartError::SectionGames {
                holds: t.games,
                plays: games,
            });
        }
        let listed = super::FAILURES_LISTED as u64;
        if let Some(t) = part
            .sections
            .iter()
            .find(|t| t.failures > t.games || t.failure_list.len() as u64 > t.failures.min(listed))
        {
            return Err(PartError::Failures {
                failures: t.failures,
                listed: t.failure_list.len(),
                games: t.games,
            });
        }
        Ok(part)
    }
}

/// The parts merged so far: one running total per player count.
#[derive(Debug)]
pub struct Merger {
    pub settings: RunSettings,
    seen: Vec<bool>,
    pub sections: Vec<Totals>,
}

impl Merger {
    /// Starts from the first part.
    pub fn new(first: Part) -> Merger {
        let mut seen = vec![false; first.settings.shards as usize];
        seen[first.shard as usize - 1] = true;
        Merger {
            settings: first.settings,
            seen,
            sections: first.sections,
        }
    }

    /// Adds a part of the same run; `Err` says why it does not belong.
    pub fn add(&mut self, part: Part) -> Result<(), PartError> {
        if part.settings != self.settings {
            return Err(PartError::OtherRun(differences(
                &self.settings,
                &part.settings,
            )));
        }
        let seen = &mut self.seen[part.shard as usize - 1];
        if *seen {
            return Err(PartError::Twice {
                shard: part.shard,
                shards: self.settings.shards,
            });
        }
        *seen = true;
        let sections = std::mem::take(&mut self.sections);
        self.sections = sections
            .into_iter()
            .zip(part.sections)
            .map(|(a, b)| a.merge(b))
            .collect();
        Ok(())
    }

    /// The shards no part was given for (1-based).
    pub fn missing(&self) -> Vec<u32> {
        (1..=self.settings.shards)
            .filter(|&i| !self.seen[i as usize - 1])
            .collect()
    }
}

/// What differs between two runs' settings, in words.
fn differences(a: &RunSettings, b: &RunSettings) -> Vec<String> {
    let mut out = Vec::new();
    let mut field = |name: &str, x: String, y: String| {
        if x != y {
            out.push(format!("{name} {x} vs {y}"));
        }
    };
    field("map", a.map.clone(), b.map.clone());
    field("map hash", a.map_hash.clone(), b.map_hash.clone());
    field("ttrmap", a.ttrmap.clone(), b.ttrmap.clone());
    field("mode", format!("{:?}", a.mode), format!("{:?}", b.mode));
    field("--without", a.without.join(","), b.without.join(","));
    field(
        "optional extensions left out",
        a.extensions_not_played.join(","),
        b.extensions_not_played.join(","),
    );
    field("--bots", a.bots.join(","), b.bots.join(","));
    field("--seed", a.seed.to_string(), b.seed.to_string());
    field("--games", a.games.to_string(), b.games.to_string());
    field(
        "--players",
        format!("{:?}", a.players),
        format!("{:?}", b.players),
    );
    field("shards", a.shards.to_string(), b.shards.to_string());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_cover_every_game_once() {
        for games in [0u64, 1, 7, 100, 1001] {
            for count in 1..=9u32 {
                let mut next = 0;
                for index in 1..=count {
                    let r = Shard { index, count }.range(games);
                    assert_eq!(r.start, next);
                    next = r.end;
                }
                assert_eq!(next, games);
            }
        }
    }

    #[test]
    fn shard_text_is_checked() {
        assert_eq!("2/4".parse(), Ok(Shard { index: 2, count: 4 }));
        for bad in ["0/4", "5/4", "4", "a/b", "1/0", "-1/4"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
    }
}
