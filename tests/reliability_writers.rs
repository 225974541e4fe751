//! The in-place writers (`check --fix`, `layout --write`, `suggest tickets --write`) rewrite
//! only a regular map file they may replace whole: a FIFO or standard input is refused with a
//! clear message (no hang, no "fixed" written nowhere), and so are a read-only file and a file
//! with other hard links (replacing it would change its owner or split the links). A file
//! changed since it was read is refused too (`src/cli/output.rs` tests that case directly).
#![cfg(unix)]

use crate::common;
use common::{TempDir, ttrmap_in};
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn clean_map() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("templates/basic.toml"))
        .expect("template exists")
        .replace("__MAP_ID__", "writers")
        .replace("__MAP_NAME__", "Writers")
}

/// The in-place commands, as arguments around the map's path, each with a map it would
/// change: for `check --fix` a misspelt id with one close match (a sure fix).
fn writers(map: &str) -> Vec<(Vec<String>, String)> {
    let misspelt = clean_map().replacen("from = \"north\"", "from = \"nort\"", 1);
    [
        (vec!["check", "--fix", map], misspelt),
        (vec!["layout", map, "--write"], clean_map()),
        (
            vec!["suggest", "tickets", map, "--games", "4", "--write"],
            clean_map(),
        ),
    ]
    .into_iter()
    .map(|(a, text)| (a.into_iter().map(String::from).collect(), text))
    .collect()
}

/// Runs ttrmap and waits at most a minute (a bound for a hang, not a speed check).
fn run_bounded(dir: &Path, args: &[String], stdin: Option<&str>) -> std::process::Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ttrmap"))
        .args(args)
        .current_dir(dir)
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ttrmap runs");
    if let Some(text) = stdin {
        let mut pipe = child.stdin.take().unwrap();
        let _ = pipe.write_all(text.as_bytes());
    }
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("{args:?} hung");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    child.wait_with_output().unwrap()
}

#[test]
fn a_fifo_map_is_refused_not_waited_on() {
    let dir = TempDir::new("writers-fifo");
    let fifo = dir.0.join("map.toml");
    for (args, text) in writers("map.toml") {
        let _ = std::fs::remove_file(&fifo);
        assert!(
            Command::new("mkfifo")
                .arg(&fifo)
                .status()
                .unwrap()
                .success()
        );
        // The map arrives through the FIFO once, as `cat map > fifo` would send it.
        let path = fifo.clone();
        let feeder = std::thread::spawn(move || {
            if let Ok(mut f) = std::fs::OpenOptions::new().write(true).open(path) {
                let _ = f.write_all(text.as_bytes());
            }
        });
        let out = run_bounded(&dir.0, &args, None);
        let err = String::from_utf8_lossy(&out.stderr);
        // A refusal before reading leaves the feeder waiting for a reader: let it through.
        let _ = std::fs::OpenOptions::new()
            .read(true)
            .custom_flags_nonblock()
            .open(&fifo);
        feeder.join().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("not a regular file"), "{args:?}: {err}");
        assert!(!err.contains("fixed") && !err.contains("wrote"), "{err}");
    }
}

trait NonBlock {
    fn custom_flags_nonblock(&mut self) -> &mut Self;
}

impl NonBlock for std::fs::OpenOptions {
    fn custom_flags_nonblock(&mut self) -> &mut Self {
        use std::os::unix::fs::OpenOptionsExt;
        self.custom_flags(0o4000) // O_NONBLOCK
    }
}

#[test]
fn standard_input_is_refused_as_an_in_place_target() {
    let dir = TempDir::new("writers-stdin");
    for (args, text) in writers("/dev/stdin") {
        let out = run_bounded(&dir.0, &args, Some(&text));
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("not a regular file"), "{args:?}: {err}");
        assert!(!err.contains("fixed") && !err.contains("wrote"), "{err}");
    }
}

#[test]
fn read_only_and_hard_linked_maps_are_refused_untouched() {
    use std::os::unix::fs::PermissionsExt;
    let dir = TempDir::new("writers-ro");
    let map = dir.0.join("map.toml");
    for (args, text) in writers("map.toml") {
        std::fs::write(&map, &text).unwrap();
        std::fs::set_permissions(&map, std::fs::Permissions::from_mode(0o444)).unwrap();
        let out = ttrmap_in(&dir.0, &args.iter().map(String::as_str).collect::<Vec<_>>());
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("read-only"), "{args:?}: {err}");
        assert_eq!(std::fs::read_to_string(&map).unwrap(), text);
        std::fs::set_permissions(&map, std::fs::Permissions::from_mode(0o644)).unwrap();

        let link = dir.0.join("other-name.toml");
        let _ = std::fs::remove_file(&link);
        std::fs::hard_link(&map, &link).unwrap();
        let out = ttrmap_in(&dir.0, &args.iter().map(String::as_str).collect::<Vec<_>>());
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("hard link"), "{args:?}: {err}");
        assert_eq!(std::fs::read_to_string(&link).unwrap(), text);
        std::fs::remove_file(&link).unwrap();
    }
}
