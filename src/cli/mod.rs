//! Command-line parsing and dispatch. Each subcommand is one file named after it, holding its
//! arguments and its printing; the work is in the modules it calls. The files shared by the
//! commands: `error.rs` (the one error type, and the one place the crate's typed errors get
//! their exit codes), `output.rs` (the one rule for output paths and in-place rewrites),
//! `out_format.rs` (`--format` or the extension), `play_options.rs` (the options of the
//! commands that play games), `fix.rs` (`check --fix`) and `partial_lints.rs` (the lints of a
//! file with errors).

mod check;
mod compare;
mod error;
mod explain;
mod fix;
mod import;
mod ladder;
mod layout;
mod merge;
mod new;
mod out_format;
mod output;
mod partial_lints;
mod play_options;
mod playtest;
mod presets;
mod render;
mod replay;
mod schema;
mod score;
mod stats;
mod studio;
mod suggest;
mod tune;

use clap::{Parser, Subcommand};
pub(crate) use error::{CliError, usage};

/// Exit code: everything fine.
pub const EXIT_OK: i32 = 0;
/// Exit code: a map has problems.
pub const EXIT_PROBLEMS: i32 = 1;
/// Exit code: usage or I/O error.
pub const EXIT_USAGE: i32 = 2;

#[derive(Parser)]
#[command(
    name = "ttrmap",
    version,
    about = "Check, lint, render and playtest Ticket to Ride map designs"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Check map files: TOML syntax, the schema, references and consistency, then the graph
    /// lints.
    Check(check::Args),
    /// Print the counts a designer checks first.
    Stats(stats::Args),
    /// Print the JSON Schema of the map format.
    Schema(schema::Args),
    /// Write a starter map from a template.
    New(new::Args),
    /// Explain a lint rule, a diagnostic code or an engine mechanic module (all of them
    /// without CODE).
    Explain(explain::Args),
    /// List the rule presets a map can build on.
    Presets(presets::Args),
    /// Turn a folder of CSV files (cities, routes, tickets) into a map file.
    Import(import::Args),
    /// Draw a map as SVG, PNG or a self-contained HTML page.
    Render(render::Args),
    /// Write the board layout back into the map: a `shape` for every route, a `label` for
    /// every city and a `position` for every zone the file leaves open (`--write`; without
    /// it, the diff).
    Layout(layout::Args),
    /// Play many games between bots and report win rates, scores and failure states.
    Playtest(playtest::Args),
    /// Play two versions of a map with the same seeds and report what changed, with 95 %
    /// intervals.
    ///
    /// `--seed`, `--bots`, `--mode`, `--without` and `--with` apply to both versions;
    /// `--new-mode`, `--new-without` and `--new-with` to the new one only.
    Compare(compare::Args),
    /// Each tier of bot against the one below it (two players, seats swapped each deal),
    /// until a sequential test settles whether it is ahead.
    Ladder(ladder::Args),
    /// Propose small edits (ticket values, route lengths, colours) that bring the playtest
    /// inside the designer's goals (`--goal style-spread<=usa`), each measured on paired
    /// games; `--write` applies them.
    Tune(tune::Args),
    /// Suggest map values from play (`suggest tickets MAP`).
    #[command(subcommand)]
    Suggest(suggest::What),
    /// Merge the parts of a playtest played in shards (`playtest --shard I/N`) into its report.
    Merge(merge::Args),
    /// Score a finished position played on paper: every route, ticket, station and bonus.
    Score(score::Args),
    /// Re-play a game recorded by `playtest --record`, turn by turn.
    Replay(replay::Args),
    /// A live page of one map in the browser: the board as `render` draws it and every
    /// problem `check` finds, updated on every save; drag a city to move it; run playtests;
    /// play the map by hand against bots (`--play`).
    Studio(studio::Args),
}

/// Parses the command line and runs the command; returns the exit code. The one place where
/// a command's error is printed (a [`CliError::Usage`] or [`CliError::Problem`]) and turned
/// into the exit code.
pub fn run() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            if e.kind() == clap::error::ErrorKind::InvalidSubcommand
                && let Some(typed) = std::env::args().skip(1).find(|a| !a.starts_with('-'))
                && let Some(meant) = meant_command(&typed)
            {
                eprintln!("\nDid you mean `{meant}`? (`ttrmap {meant} --help`)");
            }
            return if e.use_stderr() { EXIT_USAGE } else { EXIT_OK };
        }
    };
    let done = match cli.command {
        Command::Check(a) => check::run(a),
        Command::Stats(a) => stats::run(a),
        Command::Schema(a) => schema::run(a),
        Command::New(a) => new::run(a),
        Command::Explain(a) => explain::run(a),
        Command::Presets(a) => presets::run(a),
        Command::Import(a) => import::run(a),
        Command::Render(a) => render::run(a),
        Command::Layout(a) => layout::run(a),
        Command::Playtest(a) => playtest::run(a),
        Command::Merge(a) => merge::run(a),
        Command::Compare(a) => compare::run(a),
        Command::Suggest(w) => suggest::run(w),
        Command::Tune(a) => tune::run(a),
        Command::Ladder(a) => ladder::run(a),
        Command::Score(a) => score::run(a),
        Command::Replay(a) => replay::run(a),
        Command::Studio(a) => studio::run(a),
    };
    done.unwrap_or_else(|e| e.report())
}

/// Words other tools use for what a ttrmap command does.
const COMMAND_SYNONYMS: &[(&str, &str)] = &[
    ("lint", "check"),
    ("validate", "check"),
    ("verify", "check"),
    ("test", "check"),
    ("draw", "render"),
    ("export", "render"),
    ("play", "playtest"),
    ("simulate", "playtest"),
    ("init", "new"),
    ("create", "new"),
    ("rules", "presets"),
];

/// The command a mistyped or foreign command word most likely meant.
fn meant_command(typed: &str) -> Option<String> {
    let typed = typed.to_lowercase();
    if let Some((_, meant)) = COMMAND_SYNONYMS.iter().find(|(w, _)| *w == typed) {
        return Some((*meant).to_string());
    }
    use clap::CommandFactory;
    let command = Cli::command();
    command
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .map(|name| (strsim::damerau_levenshtein(&typed, &name), name))
        .filter(|(d, name)| *d <= 2.max(name.len() / 3))
        .min()
        .map(|(_, name)| name)
}

/// Colour in human output: only on a terminal, and never when `NO_COLOR` is set to anything
/// but the empty string (no-color.org).
pub(crate) fn color_wanted(is_terminal: bool, no_color: Option<std::ffi::OsString>) -> bool {
    is_terminal && no_color.is_none_or(|v| v.is_empty())
}

/// Writes command output to stdout. A closed pipe (`ttrmap explain | head`) ends the process
/// quietly with success instead of panicking as `print!` would.
pub(crate) fn emit(text: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(EXIT_OK);
        }
        eprintln!("error: cannot write output: {e}");
        std::process::exit(EXIT_USAGE);
    }
}

/// A map that loaded without errors, with the text it came from.
pub(crate) struct CleanMap {
    pub map: crate::model::MapFile,
    pub text: String,
}

/// Loads a map for a command that needs it free of errors (stats, render, playtest, replay).
/// A map with errors has its diagnostics printed here ([`CliError::Reported`], exit 1); a
/// file that cannot be read is a [`CliError::Usage`] (exit 2; `io_hint` is added to its
/// message).
pub(crate) fn load_clean_map(path: &std::path::Path, io_hint: &str) -> Result<CleanMap, CliError> {
    let loaded = crate::load::load_path(path)
        .map_err(|e| usage(format!("cannot read {}: {e}{io_hint}", path.display())))?;
    match loaded.map {
        Some(map) if !loaded.has_errors() => Ok(CleanMap {
            map,
            text: loaded.text,
        }),
        _ => {
            let file = crate::report::FileReport {
                name: &loaded.name,
                text: &loaded.text,
                diagnostics: &loaded.diagnostics,
            };
            eprint!(
                "{}",
                crate::report::render(
                    crate::report::Format::Human,
                    &[file],
                    false,
                    crate::lint::codes::summary
                )
            );
            Err(CliError::Problem(format!(
                "{} has errors; run `ttrmap check` on it",
                path.display()
            )))
        }
    }
}

/// Human text for the terminal (or a file a terminal will show): map text in it may hold
/// control characters, which are escaped so a map cannot retitle the window or clear the
/// screen.
pub(crate) fn emit_human(text: &str) {
    emit(&crate::report::text::escape_controls(text));
}

/// Checks an output path against the rule of [`output`] and writes `contents` there; on
/// failure nothing was written or left behind.
pub(crate) fn write_output(req: &output::Request<'_>, contents: &[u8]) -> Result<(), CliError> {
    let target = output::resolve(req).map_err(usage)?;
    write_to(&target, req.path, contents)
}

/// Writes `contents` to an output already resolved from the user's `path`; on failure
/// nothing was written or left behind.
pub(crate) fn write_to(
    target: &output::Target,
    path: &std::path::Path,
    contents: &[u8],
) -> Result<(), CliError> {
    output::write(target, contents)
        .map_err(|e| usage(format!("cannot write {}: {e}", path.display())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_color_turns_colour_off_on_a_terminal() {
        assert!(color_wanted(true, None));
        assert!(!color_wanted(true, Some("1".into())));
        assert!(color_wanted(true, Some("".into())));
        assert!(!color_wanted(false, None));
    }

    #[test]
    fn foreign_and_mistyped_commands_find_theirs() {
        assert_eq!(meant_command("lint").as_deref(), Some("check"));
        assert_eq!(meant_command("Validate").as_deref(), Some("check"));
        assert_eq!(meant_command("rendr").as_deref(), Some("render"));
        assert_eq!(meant_command("zzzzzzzz"), None);
    }
}
