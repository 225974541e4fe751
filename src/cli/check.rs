//! `ttrmap check FILE...`: load every file, run the lints (on a file with errors, on the parts
//! of it that loaded), report every problem, exit 1 if any error (or warning, with
//! `--strict`).

use super::{CliError, EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE, usage};
use crate::diagnostic::Severity;
use crate::load::{Loaded, load_path};
use crate::report::{FileReport, Format, render};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

#[derive(clap::Args)]
pub struct Args {
    /// Map files to check; a folder checks every `.toml` file directly in it, `-` reads
    /// standard input.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value = "human")]
    format: Format,
    /// Exit 1 on warnings too, not only on errors.
    #[arg(long)]
    strict: bool,
    /// Also show information-level findings: lint descriptions (not problems), and on a file
    /// with errors the lints that could not run and why.
    #[arg(long, short)]
    verbose: bool,
    /// Skip the graph lints: syntax, schema and reference checks only.
    #[arg(long)]
    no_lints: bool,
    /// Apply the sure fixes (a ticket's value, a misspelt id with one close match) to the
    /// files, keeping everything else as written, say what changed, then report what is left.
    #[arg(long, conflicts_with = "diff")]
    fix: bool,
    /// Show the fixes `--fix` would apply, as a unified diff, without writing anything.
    #[arg(long)]
    diff: bool,
    /// Skip, with a note on stderr, a file that is not a map: one with no `[map]`,
    /// `[[cities]]`, `[[routes]]` or `[[tickets]]` table and no ttrmap `#:schema` line (other
    /// tools' `.taplo.toml`, `.cargo/config.toml`, `ruff.toml`, ...). The pre-commit hooks
    /// use it, since they are given every `.toml` file of the repository.
    #[arg(long)]
    skip_non_maps: bool,
}

/// The files the arguments name: a folder's `.toml` files (sorted), others as given. A folder
/// that cannot be listed or has no map is an error message.
fn expand(args: &[PathBuf]) -> Vec<Result<PathBuf, String>> {
    let mut out = Vec::new();
    for arg in args {
        if !arg.is_dir() {
            out.push(Ok(arg.clone()));
            continue;
        }
        let listed = std::fs::read_dir(arg).and_then(|entries| {
            entries
                .map(|e| e.map(|e| e.path()))
                .collect::<std::io::Result<Vec<PathBuf>>>()
        });
        match listed {
            Ok(mut files) => {
                files.retain(|p| p.is_file() && p.extension().is_some_and(|x| x == "toml"));
                files.sort();
                if files.is_empty() {
                    out.push(Err(format!(
                        "{}: no .toml file in this folder",
                        arg.display()
                    )));
                }
                out.extend(files.into_iter().map(Ok));
            }
            Err(e) => out.push(Err(format!("cannot read {}: {e}", arg.display()))),
        }
    }
    out
}

/// Loads a map file, or standard input for `-`.
fn load(path: &Path) -> std::io::Result<Loaded> {
    if path.as_os_str() == "-" {
        return crate::load::load_reader("<stdin>", std::io::stdin().lock(), None);
    }
    load_path(path)
}

pub fn run(args: Args) -> Result<i32, CliError> {
    let mut loaded: Vec<Loaded> = Vec::with_capacity(args.files.len());
    // A file that cannot be read is reported at once (`CliError::report`) and the others are
    // still checked; the exit code is then 2 (I/O), whatever the others hold.
    let mut unreadable = false;
    for path in expand(&args.files) {
        let path = match path {
            Ok(p) => p,
            Err(e) => {
                usage(e).report();
                unreadable = true;
                continue;
            }
        };
        let read = load(&path);
        if let Ok(l) = &read
            && args.skip_non_maps
            && path.as_os_str() != "-"
            && !crate::load::sniff::looks_like_map(&l.text)
        {
            eprintln!(
                "note: {}: not a map (no `[map]`, `[[cities]]`, `[[routes]]` or `[[tickets]]` table), skipped",
                crate::report::text::escape_controls(&l.name)
            );
            continue;
        }
        match read.map(|l| lint(l, &args)) {
            Ok(l) if args.fix || args.diff => match fix_file(&path, l, &args) {
                Ok(l) => loaded.push(l),
                Err(e) => {
                    usage(e).report();
                    unreadable = true;
                }
            },
            Ok(l) => loaded.push(l),
            Err(e) => {
                usage(format!("cannot read {}: {e}", path.display())).report();
                unreadable = true;
            }
        }
    }
    if args.diff {
        return if unreadable {
            Err(CliError::Reported(EXIT_USAGE))
        } else {
            Ok(EXIT_OK)
        };
    }
    report(&args, &loaded, unreadable)
}

/// The lints (unless `--no-lints`), findings in source order: on the map, or on a file with
/// errors on the parts that loaded (`partial_lints`).
fn lint(mut l: Loaded, args: &Args) -> Loaded {
    let clean = !l.has_errors();
    let mut found = std::mem::take(&mut l.diagnostics);
    if !args.no_lints {
        found.extend(if clean {
            crate::lint::run(&l)
        } else {
            super::partial_lints::run(&l)
        });
    }
    // After the lints: a known finding may come from a check or a lint rule alike.
    crate::lint::known::apply(&l, &mut found, clean && !args.no_lints);
    found.retain(|d| args.verbose || d.severity != Severity::Info);
    l.diagnostics = found;
    crate::load::sort_diagnostics(&mut l.diagnostics);
    l
}

/// `--fix`: writes the fixed text and returns the fixed file checked again. `--diff`: prints
/// the diff and returns the file as it is. Fixing may bring new findings to light (a lint
/// whose inputs did not all load runs once the errors in them are fixed), so fixes are applied
/// in rounds until none is left (at most [`FIX_ROUNDS`]).
fn fix_file(path: &Path, original: Loaded, args: &Args) -> Result<Loaded, String> {
    let mut current = original.clone();
    let mut applied = Vec::new();
    for _ in 0..FIX_ROUNDS {
        let (fixed, round) = super::fix::apply(&current.text, &current.diagnostics);
        if round.is_empty() {
            break;
        }
        applied.extend(round);
        current = lint(crate::load::load_str(&original.name, &fixed), args);
    }
    if applied.is_empty() {
        return Ok(original);
    }
    if args.diff {
        super::emit(&super::fix::diff(
            &original.name,
            &original.text,
            &current.text,
        ));
        return Ok(original);
    }
    if path.as_os_str() == "-" {
        return Err("--fix cannot write to standard input; use --diff".into());
    }
    // `--fix` rewrites the map it read, on purpose: the one output that may be an input.
    super::output::rewrite_in_place(path, &original.text, &current.text)?;
    for a in &applied {
        // The file's name and the values come from anywhere: escaped, as map text is.
        let line = format!(
            "fixed {}:{}: {} → {} ({})",
            original.name, a.line, a.old, a.new, a.code
        );
        eprintln!("{}", crate::report::text::escape_controls(&line));
    }
    Ok(current)
}

/// Rounds of fixes in one `--fix` run.
const FIX_ROUNDS: usize = 4;

fn report(args: &Args, loaded: &[Loaded], unreadable: bool) -> Result<i32, CliError> {
    let reports: Vec<FileReport> = loaded
        .iter()
        .map(|l| FileReport {
            name: &l.name,
            text: &l.text,
            diagnostics: &l.diagnostics,
        })
        .collect();
    let color = args.format == Format::Human
        && super::color_wanted(
            std::io::stdout().is_terminal(),
            std::env::var_os("NO_COLOR"),
        );
    // Nothing was read: the error lines say it all, no empty report follows them.
    if !loaded.is_empty() {
        super::emit(&render(
            args.format,
            &reports,
            color,
            crate::lint::codes::summary,
        ));
    }
    let worst = loaded
        .iter()
        .flat_map(|l| &l.diagnostics)
        .map(|d| d.severity)
        .max();
    match worst {
        _ if unreadable => Err(CliError::Reported(EXIT_USAGE)),
        Some(Severity::Error) => Ok(EXIT_PROBLEMS),
        Some(Severity::Warning) if args.strict => Ok(EXIT_PROBLEMS),
        _ => Ok(EXIT_OK),
    }
}
