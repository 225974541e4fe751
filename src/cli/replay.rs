//! `ttrmap replay FILE [--game K] [--map MAP]`: re-plays a game recorded by
//! `ttrmap playtest --record` through the engine and tells it turn by turn, then the final
//! scores. Exit 1 when the recorded actions are not legal under this engine (a recording from
//! another version, or the map changed); 2 on I/O or usage errors.

use super::{EXIT_OK, EXIT_PROBLEMS, usage_error};
use crate::engine::Game;
use crate::playtest::record::{GameRecord, map_hash, replay};
use std::fmt::Write as _;
use std::io::BufRead;
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

/// Finds the recorded game: the one numbered `wanted`, or the first.
fn find(file: &std::path::Path, wanted: Option<u64>) -> Result<GameRecord, (i32, String)> {
    let f = std::fs::File::open(file).map_err(|e| {
        (
            super::EXIT_USAGE,
            format!("cannot read {}: {e}", file.display()),
        )
    })?;
    let mut games = 0u64;
    for (n, line) in std::io::BufReader::new(f).lines().enumerate() {
        let line = line.map_err(|e| {
            (
                super::EXIT_USAGE,
                format!("cannot read {}: {e}", file.display()),
            )
        })?;
        if line.trim().is_empty() {
            continue;
        }
        let record: GameRecord = serde_json::from_str(&line).map_err(|e| {
            (
                EXIT_PROBLEMS,
                format!("{}:{}: not a recorded game: {e}", file.display(), n + 1),
            )
        })?;
        games += 1;
        if wanted.is_none_or(|k| k == record.game) {
            return Ok(record);
        }
    }
    Err(match wanted {
        Some(k) => (
            super::EXIT_USAGE,
            format!("{}: no game {k} among its {games} games", file.display()),
        ),
        None => (
            super::EXIT_USAGE,
            format!("{}: the recording has no games", file.display()),
        ),
    })
}

pub fn run(args: Args) -> i32 {
    let record = match find(&args.file, args.game) {
        Ok(r) => r,
        Err((code, message)) if code == EXIT_PROBLEMS => {
            eprintln!("error: {message}");
            return code;
        }
        Err((_, message)) => return usage_error(message),
    };
    let map_path = args
        .map
        .clone()
        .unwrap_or_else(|| PathBuf::from(&record.map));
    let clean = match super::load_clean_map(&map_path, " (give the map with --map)") {
        Ok(clean) => clean,
        Err(code) => return code,
    };
    let map = &clean.map;
    if map_hash(clean.text.as_bytes()) != record.map_hash {
        eprintln!(
            "warning: {} changed since the game was recorded; the replay may not fit",
            map_path.display()
        );
    }
    let game = match Game::new_without(map, record.players, record.mode.as_deref(), &record.without)
    {
        Ok(g) => g,
        Err(e) => {
            eprintln!("error: {}: {e}", map_path.display());
            return EXIT_PROBLEMS;
        }
    };
    let told = match replay(&game, map, record.seed, &record.actions) {
        Ok(t) => t,
        Err(e) => {
            eprintln!(
                "error: {} game {} (recorded by ttrmap {}): {e}",
                args.file.display(),
                record.game,
                record.ttrmap
            );
            return EXIT_PROBLEMS;
        }
    };
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
    EXIT_OK
}
