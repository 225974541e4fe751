//! `ttrmap replay FILE [--game K] [--map MAP]`: re-plays a game recorded by
//! `ttrmap playtest --record` through the engine and tells it turn by turn, then the final
//! scores. Exit 1 when the recorded actions are not legal under this engine (a recording from
//! another version, or the map changed); 2 on I/O or usage errors.

use super::{CliError, EXIT_OK, usage};
use crate::engine::Game;
use crate::playtest::record::{GameRecord, map_hash, replay};
use crate::report::text::escape_controls;
use std::fmt::Write as _;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// A recording (JSON Lines) written by `ttrmap playtest --record`.
    file: PathBuf,
    /// The game number to replay (the `game` field; default the first line's).
    #[arg(long)]
    game: Option<u64>,
    /// The map file, instead of the path stored in the recording.
    #[arg(long)]
    map: Option<PathBuf>,
}

/// Finds the recorded game: the one numbered `wanted`, or the first. A line that is not a
/// recorded game is a [`CliError::Problem`] (exit 1); I/O and a game not there, usage errors.
fn find(file: &std::path::Path, wanted: Option<u64>) -> Result<GameRecord, CliError> {
    let cannot = |e: std::io::Error| usage(format!("cannot read {}: {e}", file.display()));
    let f = std::fs::File::open(file).map_err(cannot)?;
    let mut games = 0u64;
    let mut reader = std::io::BufReader::new(f);
    // One game a line: each line is read up to the map limit and no further, so a file
    // without line breaks (or an endless one) is refused instead of read whole.
    let limit = crate::load::MAX_FILE_BYTES;
    for n in 0u64.. {
        let line = crate::load::read_line_limited(&mut reader, limit)
            .map_err(cannot)?
            .ok_or_else(|| cannot(crate::load::too_large_error("recording lines", limit, None)))?;
        if line.is_empty() {
            break;
        }
        let line = String::from_utf8(line).map_err(|_| {
            usage(format!(
                "cannot read {}: line {} is not valid UTF-8",
                file.display(),
                n + 1
            ))
        })?;
        if line.trim().is_empty() {
            continue;
        }
        let record: GameRecord = serde_json::from_str(&line).map_err(|e| {
            CliError::Problem(format!(
                "{}:{}: not a recorded game: {e}",
                file.display(),
                n + 1
            ))
        })?;
        games += 1;
        if wanted.is_none_or(|k| k == record.game) {
            return Ok(record);
        }
    }
    Err(usage(match wanted {
        Some(k) => format!("{}: no game {k} among its {games} games", file.display()),
        None => format!("{}: the recording has no games", file.display()),
    }))
}

/// A problem with the recording (exit 1). Its text quotes the recording (action codes,
/// `mode`, `without`, the version), a file from anywhere: `CliError` escapes control
/// characters when it prints it.
fn problem(message: impl std::fmt::Display) -> CliError {
    CliError::Problem(message.to_string())
}

pub fn run(args: Args) -> Result<i32, CliError> {
    let record = find(&args.file, args.game)?;
    let map_path = args
        .map
        .clone()
        .unwrap_or_else(|| PathBuf::from(&record.map));
    let clean = super::load_clean_map(&map_path, " (give the map with --map)")?;
    let map = &clean.map;
    if map_hash(clean.text.as_bytes()) != record.map_hash {
        eprintln!(
            "warning: {}",
            escape_controls(&format!(
                "{} changed since the game was recorded; the replay may not fit",
                map_path.display()
            ))
        );
    }
    let game = Game::new_without(map, record.players, record.mode.as_deref(), &record.without)
        .map_err(|e| problem(format!("{}: {e}", map_path.display())))?;
    let told = replay(&game, map, record.seed, &record.actions).map_err(|e| {
        problem(format!(
            "{} game {} (recorded by ttrmap {}): {e}",
            args.file.display(),
            record.game,
            record.ttrmap
        ))
    })?;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{}: game {}, seed {}, {} players ({})",
        map.map.name,
        record.game,
        record.seed,
        record.players,
        record.bots.join(", ")
    );
    for (turn, player, text) in &told.turns {
        let bot = record
            .bots
            .get(*player as usize - 1)
            .map_or("?", String::as_str);
        if *turn == 0 {
            let _ = writeln!(s, "setup    player {player} ({bot}): {text}");
        } else {
            let _ = writeln!(s, "turn {turn:<4} player {player} ({bot}): {text}");
        }
    }
    if let Some(f) = &told.failure {
        let _ = writeln!(s, "the game ended in a failure state: {f}");
    }
    if !told.scores.is_empty() {
        let _ = writeln!(s, "final scores:");
        for line in &told.scores {
            let _ = writeln!(s, "  {line}");
        }
    }
    super::emit_human(&s);
    Ok(EXIT_OK)
}
