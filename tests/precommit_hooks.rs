//! Issue 32, item 6: the pre-commit hooks in `.pre-commit-hooks.yaml` on an ordinary map
//! repository, which also holds other tools' `.toml` files (Taplo, rustfmt, cargo, ruff,
//! typos): good maps pass, a broken map fails, the other files are skipped with a note.
//!
//! Two runs: what pre-commit passes the hook, simulated from the hooks file (every staged file
//! matching `files:`), and, where `pre-commit` is installed, the real `pre-commit try-repo`
//! (`.ci/run` installs it and sets `TTRMAP_REQUIRE_PRE_COMMIT=1`, so CI never skips it).

use crate::common;

use common::TempDir;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// PATH with the built ttrmap first, as `ttrmap-check-system` expects.
fn path_with_ttrmap() -> std::ffi::OsString {
    let bin: PathBuf = Path::new(env!("CARGO_BIN_EXE_ttrmap"))
        .parent()
        .unwrap()
        .to_path_buf();
    std::env::join_paths(
        std::iter::once(bin).chain(std::env::split_paths(&std::env::var_os("PATH").unwrap())),
    )
    .unwrap()
}

/// The other tools' configuration files a map repository commonly holds.
const CONFIGS: &[(&str, &str)] = &[
    (
        ".taplo.toml",
        "[formatting]\nalign_entries = true\n\n[[rule]]\ninclude = [\"maps/*.toml\"]\n",
    ),
    (".rustfmt.toml", "max_width = 100\n"),
    (
        ".cargo/config.toml",
        "[build]\njobs = 2\n\n[alias]\nmaps = \"run -- check maps\"\n",
    ),
    (
        "ruff.toml",
        "line-length = 100\n\n[lint]\nselect = [\"E\", \"F\"]\n",
    ),
    ("_typos.toml", "[default.extend-words]\nleon = \"leon\"\n"),
    (
        "Cargo.toml",
        "[package]\nname = \"tools\"\nversion = \"0.1.0\"\nedition = \"2024\"\n",
    ),
    (
        "pyproject.toml",
        "[project]\nname = \"map-tools\"\nversion = \"0.1.0\"\n",
    ),
    ("tools/dist-workspace.toml", "[workspace]\nmembers = []\n"),
];

/// A sample map repository: two good maps (one with its schema line) and the configs.
fn sample_repo(tag: &str, broken: bool) -> TempDir {
    let dir = TempDir::new(tag);
    let good =
        std::fs::read_to_string(root().join("tests/fixtures/lints/deck-size/clean.toml")).unwrap();
    let mut files: Vec<(String, String)> = vec![
        ("maps/first.toml".into(), good.clone()),
        (
            "maps/regions/second.toml".into(),
            good.replace("id = \"fixture\"", "id = \"second\""),
        ),
    ];
    for (name, body) in CONFIGS {
        files.push((name.to_string(), body.to_string()));
    }
    if broken {
        // A route to a city that does not exist: an error.
        files.push((
            "maps/broken.toml".into(),
            good.replace("from = \"d\"\nto = \"a\"", "from = \"d\"\nto = \"nowhere\""),
        ));
    }
    for (name, body) in &files {
        let p = dir.0.join(name);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, body).unwrap();
    }
    dir
}

/// The hooks file's `key: value` lines of hook `id`.
fn hook(id: &str) -> Vec<(String, String)> {
    let hooks = std::fs::read_to_string(root().join(".pre-commit-hooks.yaml")).unwrap();
    let block = hooks
        .split("- id: ")
        .find(|b| b.lines().next() == Some(id))
        .unwrap_or_else(|| panic!("hook {id}"));
    block
        .lines()
        .skip(1)
        .filter_map(|l| l.trim().split_once(": "))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

fn toml_files(dir: &Path, under: &Path, out: &mut Vec<String>) {
    for e in std::fs::read_dir(under).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            toml_files(dir, &p, out);
        } else if p.extension().is_some_and(|x| x == "toml") {
            out.push(p.strip_prefix(dir).unwrap().to_string_lossy().into_owned());
        }
    }
}

/// What pre-commit runs for hook `id`: its entry, then every file `files:` matches. The
/// simulation knows one pattern, `\.toml$`, and no `exclude:`; the hooks file is held to it.
fn simulate(id: &str, dir: &Path) -> Output {
    let keys = hook(id);
    let get = |k: &str| {
        keys.iter()
            .find(|(key, _)| key == k)
            .map(|(_, v)| v.clone())
    };
    assert_eq!(get("files").as_deref(), Some(r"\.toml$"), "{id}");
    assert_eq!(
        get("exclude"),
        None,
        "{id}: the check itself tells maps from other files"
    );
    let entry = get("entry").expect("entry");
    let mut words = entry.split_whitespace();
    assert_eq!(words.next(), Some("ttrmap"));
    let mut files = Vec::new();
    toml_files(dir, dir, &mut files);
    files.sort();
    let out = Command::new(env!("CARGO_BIN_EXE_ttrmap"))
        .args(words)
        .args(&files)
        .current_dir(dir)
        .output()
        .expect("ttrmap runs");
    assert!(!text(&out.stderr).contains("panicked"));
    out
}

#[test]
fn the_hooks_pass_good_maps_beside_other_tools_toml_files() {
    let dir = sample_repo("hooks-good", false);
    for id in ["ttrmap-check", "ttrmap-check-system"] {
        let out = simulate(id, &dir.0);
        let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
        assert_eq!(out.status.code(), Some(0), "{id}: {stdout}{stderr}");
        for (name, _) in CONFIGS {
            assert!(
                stderr.contains(&format!("{name}: not a map")),
                "{id}: {name}: {stderr}"
            );
        }
        assert!(
            stdout.contains("in 2 files"),
            "{id}: the two maps checked: {stdout}"
        );
    }
}

#[test]
fn the_hooks_fail_on_a_broken_map() {
    let dir = sample_repo("hooks-broken", true);
    for id in ["ttrmap-check", "ttrmap-check-system"] {
        let out = simulate(id, &dir.0);
        let stdout = text(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "{id}: {stdout}");
        assert!(stdout.contains("maps/broken.toml"), "{stdout}");
        assert!(stdout.contains("nowhere"), "{stdout}");
    }
}

/// Without `--skip-non-maps`, `check` still reports a file it was asked about that is not a
/// map: named on the command line, it is meant to be one.
#[test]
fn plain_check_still_reports_a_toml_file_that_is_not_a_map() {
    let dir = sample_repo("hooks-plain", false);
    let out = common::ttrmap_in(&dir.0, &["check", ".taplo.toml"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stdout));
}

fn git(dir: &Path, args: &[&str]) {
    let out = Command::new("git")
        .args(args)
        .current_dir(dir)
        .env("GIT_AUTHOR_NAME", "t")
        .env("GIT_AUTHOR_EMAIL", "t@example.com")
        .env("GIT_COMMITTER_NAME", "t")
        .env("GIT_COMMITTER_EMAIL", "t@example.com")
        .output()
        .expect("git runs");
    assert!(out.status.success(), "git {args:?}: {}", text(&out.stderr));
}

/// pre-commit itself: `try-repo` on this repository's hooks (working tree as it is), in the
/// sample repository, with the ttrmap just built on PATH.
fn pre_commit(dir: &Path) -> Option<Output> {
    let found = Command::new("pre-commit").arg("--version").output().is_ok();
    if !found {
        assert!(
            std::env::var_os("TTRMAP_REQUIRE_PRE_COMMIT").is_none(),
            "TTRMAP_REQUIRE_PRE_COMMIT is set and pre-commit is not on PATH"
        );
        eprintln!("pre-commit is not installed: only the simulated run was checked");
        return None;
    }
    git(dir, &["init", "-q"]);
    git(dir, &["add", "-A"]);
    let home = dir.join(".pre-commit-home");
    let out = Command::new("pre-commit")
        .args([
            "try-repo",
            &root().to_string_lossy(),
            "ttrmap-check-system",
            "--all-files",
        ])
        .current_dir(dir)
        .env("PATH", path_with_ttrmap())
        .env("PRE_COMMIT_HOME", &home)
        .env("GIT_AUTHOR_NAME", "t")
        .env("GIT_AUTHOR_EMAIL", "t@example.com")
        .env("GIT_COMMITTER_NAME", "t")
        .env("GIT_COMMITTER_EMAIL", "t@example.com")
        .output()
        .expect("pre-commit runs");
    Some(out)
}

#[test]
fn pre_commit_run_all_files_passes_good_maps_and_fails_a_broken_one() {
    let good = sample_repo("pre-commit-good", false);
    let Some(out) = pre_commit(&good.0) else {
        return;
    };
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    let broken = sample_repo("pre-commit-broken", true);
    let out = pre_commit(&broken.0).expect("installed");
    let said = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{said}{}", text(&out.stderr));
    assert!(said.contains("maps/broken.toml"), "{said}");
}
