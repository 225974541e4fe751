//! `ttrmap score POSITION.toml [--format human|json]`: the final scoring of a game played on
//! paper. The position format, its checks and the scoring are the engine's
//! (`engine::position`); this file reads the files, prints the breakdown (human or JSON) or
//! the problems (through `report`, as `check` prints a map's). Exit 0 with the breakdown, 1
//! when the position (or its map) has problems, 2 on I/O or usage errors.

use super::{CliError, EXIT_OK, EXIT_PROBLEMS, usage};
use crate::diagnostic::Diagnostic;
use crate::engine::position::{self, Checked};
use crate::engine::scoring::DetailedScore;
use crate::load::{load_path, sort_diagnostics};
use crate::report::{FileReport, Format, render};
use crate::score_sheet::{bonus_name, city, human, line_lane, right_of_way_beside};
use serde::Serialize;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ScoreFormat {
    Human,
    Json,
}

#[derive(clap::Args)]
pub struct Args {
    /// The position file (TOML).
    file: PathBuf,
    #[arg(long, value_enum, default_value = "human")]
    format: ScoreFormat,
}

#[derive(Serialize)]
struct JsonRoute {
    route: String,
    lane: usize,
    length: u8,
    points: i32,
    /// The player whose route it is, when its points came to this one (Old West's markers).
    #[serde(skip_serializing_if = "Option::is_none")]
    from: Option<String>,
    /// The player whose lane this one shares, held by Right of Way (the UK).
    #[serde(skip_serializing_if = "Option::is_none")]
    right_of_way_beside: Option<String>,
}

#[derive(Serialize)]
struct JsonTicket {
    ticket: String,
    completed: bool,
    points: i32,
}

#[derive(Serialize)]
struct JsonStation {
    city: String,
    borrows: Option<String>,
}

#[derive(Serialize)]
struct JsonBonus {
    bonus: String,
    measure: u32,
    points: i32,
}

#[derive(Serialize)]
struct JsonPlayer {
    name: String,
    routes: Vec<JsonRoute>,
    route_points: i32,
    tickets: Vec<JsonTicket>,
    ticket_points: i32,
    completed_tickets: u32,
    stations: Vec<JsonStation>,
    unused_stations: u32,
    station_points: i32,
    longest_path: u32,
    bonuses: Vec<JsonBonus>,
    bonus_points: i32,
    total: i32,
    rank: usize,
    winner: bool,
}

#[derive(Serialize)]
struct JsonScore {
    map: String,
    players: Vec<JsonPlayer>,
}

fn json(c: &Checked, scores: &[DetailedScore], map_name: &str) -> String {
    let players = scores
        .iter()
        .enumerate()
        .map(|(p, d)| JsonPlayer {
            name: c.names[p].clone(),
            routes: d
                .routes
                .iter()
                .map(|line| {
                    let info = &c.game.routes[line.route as usize];
                    JsonRoute {
                        route: info.id.clone(),
                        lane: line_lane(c, p, line),
                        length: info.length,
                        points: line.points,
                        from: line.from.map(|q| c.names[q as usize].clone()),
                        right_of_way_beside: right_of_way_beside(c, p, line)
                            .map(|q| c.names[q].clone()),
                    }
                })
                .collect(),
            route_points: d.route_points,
            tickets: d
                .tickets
                .iter()
                .map(|t| JsonTicket {
                    ticket: c.game.tickets[t.ticket as usize].label.clone(),
                    completed: t.completed,
                    points: t.points,
                })
                .collect(),
            ticket_points: d.ticket_points,
            completed_tickets: d.completed_tickets,
            stations: d
                .stations
                .iter()
                .map(|st| JsonStation {
                    city: city(c, st.city).to_string(),
                    borrows: st.borrowed.map(|r| c.game.routes[r as usize].id.clone()),
                })
                .collect(),
            unused_stations: d.unused_stations,
            station_points: d.station_points,
            longest_path: d.longest_path,
            bonuses: d
                .bonuses
                .iter()
                .map(|b| JsonBonus {
                    bonus: bonus_name(c, b.mechanic),
                    measure: b.measure,
                    points: b.points,
                })
                .collect(),
            bonus_points: d.bonus_points,
            total: d.total,
            rank: d.rank,
            winner: d.winner,
        })
        .collect();
    let out = JsonScore {
        map: map_name.to_string(),
        players,
    };
    format!(
        "{}\n",
        serde_json::to_string_pretty(&out).expect("plain data")
    )
}

pub fn run(args: Args) -> Result<i32, CliError> {
    let limit = crate::load::MAX_FILE_BYTES;
    let text = crate::load::read_text_limited(&args.file, limit, "position files")
        .map_err(|e| usage(format!("cannot read {}: {e}", args.file.display())))?;
    let name = args.file.display().to_string();
    let read = position::read(&text);
    let mut problems = read.diagnostics;
    let Some(position) = read.position else {
        return report(&args, &[(&name, &text, problems)]);
    };
    let base = args.file.parent().unwrap_or(Path::new("."));
    let map_path = base.join(&position.map.value);
    let loaded = load_path(&map_path)
        .map_err(|e| usage(format!("cannot read map {}: {e}", map_path.display())))?;
    let Some(map) = loaded.map.as_ref().filter(|_| !loaded.has_errors()) else {
        let map_problems = loaded.diagnostics.clone();
        return report(
            &args,
            &[
                (&loaded.name, &loaded.text, map_problems),
                (&name, &text, problems),
            ],
        );
    };
    let checked = match position::check(&position, map) {
        Ok(c) if problems.is_empty() => c,
        Ok(_) => return report(&args, &[(&name, &text, problems)]),
        Err(found) => {
            problems.extend(found);
            return report(&args, &[(&name, &text, problems)]);
        }
    };
    let scores = checked.score();
    match args.format {
        // Names from the map and the position reach the terminal escaped.
        ScoreFormat::Human => super::emit_human(&human(&checked, &scores, map)),
        ScoreFormat::Json => super::emit(&json(&checked, &scores, &map.map.name)),
    }
    Ok(EXIT_OK)
}

/// Prints the problems of the position (and of its map), every one located, and returns
/// exit 1 ([`CliError::Reported`]): as `check` does, human text on stderr, or a JSON array on stdout with `--format
/// json` so that a program reading the score reads its problems the same way.
fn report(args: &Args, files: &[(&str, &str, Vec<Diagnostic>)]) -> Result<i32, CliError> {
    let mut sorted: Vec<(&str, &str, Vec<Diagnostic>)> = files
        .iter()
        .filter(|(_, _, ds)| !ds.is_empty())
        .map(|(n, t, ds)| (*n, *t, ds.clone()))
        .collect();
    for (_, _, ds) in &mut sorted {
        sort_diagnostics(ds);
    }
    let reports: Vec<FileReport> = sorted
        .iter()
        .map(|(name, text, ds)| FileReport {
            name,
            text,
            diagnostics: ds,
        })
        .collect();
    match args.format {
        ScoreFormat::Human => {
            let color = std::io::stderr().is_terminal();
            eprint!(
                "{}",
                render(Format::Human, &reports, color, crate::lint::codes::summary)
            );
        }
        ScoreFormat::Json => super::emit(&render(
            Format::Json,
            &reports,
            false,
            crate::lint::codes::summary,
        )),
    }
    Err(CliError::Reported(EXIT_PROBLEMS))
}
