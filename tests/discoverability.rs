//! What a new user finds from `--help`, `explain` and error messages alone: the bots, the
//! templates, the resolved presets, every code `check` can emit, theme files, and a
//! mistyped command.

use crate::common;
use common::{TempDir, ttrmap_in};
use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let out = ttrmap_in(root(), args);
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn playtest_help_names_every_bot_and_what_it_does() {
    let (code, help, _) = run(&["playtest", "--help"]);
    assert_eq!(code, Some(0));
    for bot in ttrmap::bots::BOT_NAMES {
        let line = help
            .lines()
            .find(|l| l.trim_start().starts_with(&format!("{bot}:")))
            .unwrap_or_else(|| panic!("no line for {bot} in\n{help}"));
        assert!(line.len() > bot.len() + 20, "{line}");
    }
    assert!(
        help.contains("balance"),
        "which bots to use for balance: {help}"
    );
}

#[test]
fn new_help_lists_the_templates() {
    let (_, help, _) = run(&["new", "--help"]);
    for name in ["basic", "europe"] {
        assert!(
            help.lines().any(|l| l
                .trim_start_matches([' ', '-'])
                .starts_with(&format!("{name}:"))),
            "{name}: {help}"
        );
    }
}

#[test]
fn presets_print_every_resolved_value() {
    let (code, usa, _) = run(&["presets", "usa"]);
    assert_eq!(code, Some(0));
    let v: toml::Value = toml::from_str(&usa).expect("toml");
    let rules = &v["rules"];
    assert_eq!(rules["trains"]["per_player"].as_integer(), Some(45));
    assert_eq!(rules["route_points"]["6"].as_integer(), Some(15));
    assert_eq!(rules["end_game"]["trains_at_most"].as_integer(), Some(2));
    // Europe: its own keys, and the base game's below them.
    let (_, europe, _) = run(&["presets", "europe"]);
    let v: toml::Value = toml::from_str(&europe).expect("toml");
    assert_eq!(v["rules"]["stations"]["per_player"].as_integer(), Some(3));
    assert_eq!(v["rules"]["trains"]["per_player"].as_integer(), Some(45));
    assert_eq!(v["rules"]["route_points"]["8"].as_integer(), Some(21));
}

#[test]
fn explain_knows_every_code_check_emits_and_cites_no_missing_file() {
    let (code, text, err) = run(&["explain", "unknown-lint"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(text.contains("[lint]"), "{text}");
    let (_, list, _) = run(&["explain"]);
    let codes: Vec<&str> = list
        .lines()
        .filter(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert!(codes.len() > 40, "{list}");
    assert!(codes.contains(&"unknown-lint"), "{list}");
    for code in codes {
        let (status, text, _) = run(&["explain", code]);
        assert_eq!(status, Some(0), "{code}");
        for cite in ["notes/", "../shared", ".md"] {
            assert!(!text.contains(cite), "{code} cites {cite}:\n{text}");
        }
    }
}

#[test]
fn a_theme_file_is_loaded_by_path() {
    let dir = TempDir::new("theme-file");
    let css = dir.0.join("mine.css");
    std::fs::write(&css, ":root { --paper: #123456; }\n").unwrap();
    let out = dir.0.join("board.svg");
    let (code, _, err) = run(&[
        "render",
        "maps/usa.toml",
        "--theme",
        css.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{err}");
    let svg = std::fs::read_to_string(&out).unwrap();
    assert!(svg.contains("#123456"), "the file's colour is used");
    let (code, _, err) = run(&["render", "maps/usa.toml", "--theme", "missing/none.css"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("missing/none.css"), "{err}");
    let (_, help, _) = run(&["render", "--help"]);
    assert!(!help.contains("themes live in"), "{help}");
}

#[test]
fn a_wrong_command_gets_a_did_you_mean() {
    for (typed, meant) in [("lint", "check"), ("validate", "check"), ("chek", "check")] {
        let (code, _, err) = run(&[typed, "maps/usa.toml"]);
        assert_eq!(code, Some(2), "{typed}");
        assert!(err.contains(&format!("`{meant}`")), "{typed}: {err}");
    }
}

/// The options of one flag in a `--help` text: the flag line and its indented help, up to
/// the next flag.
fn flag_help(help: &str, flag: &str) -> String {
    let mut lines = help
        .lines()
        .skip_while(|l| !l.trim_start().starts_with(flag));
    let first = lines
        .next()
        .unwrap_or_else(|| panic!("{flag} missing:\n{help}"));
    let rest: Vec<&str> = lines
        .take_while(|l| !l.trim_start().starts_with("--"))
        .collect();
    format!("{first}\n{}", rest.join("\n"))
}

#[test]
fn the_commands_that_play_share_their_play_options_and_help() {
    let helps: Vec<(String, String)> = [
        vec!["playtest", "--help"],
        vec!["compare", "--help"],
        vec!["suggest", "tickets", "--help"],
    ]
    .iter()
    .map(|args| (args.join(" "), run(args).1))
    .collect();
    for flag in ["--seed ", "--threads ", "--mode ", "--without ", "--with "] {
        let (first_cmd, first) = &helps[0];
        let want = flag_help(first, flag);
        for (cmd, help) in &helps[1..] {
            assert_eq!(
                flag_help(help, flag),
                want,
                "{flag} differs between `{first_cmd}` and `{cmd}`"
            );
        }
    }
    // `--bots` has one help line everywhere; only its default differs.
    for (cmd, _) in &helps {
        let args: Vec<&str> = cmd
            .split(' ')
            .map(|a| if a == "--help" { "-h" } else { a })
            .collect();
        let short = run(&args).1;
        let line = short
            .lines()
            .find(|l| l.trim_start().starts_with("--bots"))
            .unwrap();
        assert!(
            line.contains("Bots, comma-separated; seats take them in turn"),
            "{cmd}: {line}"
        );
    }
}
