//! Every input is read up to a limit and no further (README, "Positions and map text in
//! reports": a larger file, or an endless one such as a pipe, is refused as `file-too-large`
//! without being read whole): standard input of `check -`, a `score` position, a `replay`
//! recording, a `--theme` file and `import`'s CSV files. Each case feeds an endless pipe and
//! checks that the command stops reading soon after the limit (the writer sees the pipe
//! closed long before its 64 MiB are out) and says `file-too-large`.
#![cfg(unix)]

use crate::common;
use common::{TempDir, ttrmap_in};
use std::io::Write;
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// What the writers offer: eight times the map limit.
const FEED: usize = 64 * 1024 * 1024;

/// A FIFO at `path`, fed `byte` until the reader closes it or [`FEED`] bytes are out.
struct Fifo {
    path: PathBuf,
    writer: Option<std::thread::JoinHandle<usize>>,
}

impl Fifo {
    fn new(path: PathBuf, byte: u8) -> Fifo {
        let made = Command::new("mkfifo").arg(&path).status().expect("mkfifo");
        assert!(made.success());
        let p = path.clone();
        let writer = std::thread::spawn(move || {
            let Ok(mut f) = std::fs::OpenOptions::new().write(true).open(p) else {
                return 0;
            };
            let chunk = vec![byte; 64 * 1024];
            let mut sent = 0;
            while sent < FEED && f.write_all(&chunk).is_ok() {
                sent += chunk.len();
            }
            sent
        });
        Fifo {
            path,
            writer: Some(writer),
        }
    }

    /// How much the writer got out. A writer still waiting for a reader (the command never
    /// opened the FIFO) is let through by opening and closing the read end here.
    fn sent(mut self) -> usize {
        let _ = std::fs::OpenOptions::new()
            .read(true)
            .custom_flags(0o4000) // O_NONBLOCK: no wait for a writer
            .open(&self.path);
        self.writer.take().unwrap().join().expect("writer ends")
    }
}

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn basic_map(dir: &Path) {
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("templates/basic.toml"))
            .expect("template exists")
            .replace("__MAP_ID__", "reads")
            .replace("__MAP_NAME__", "Reads");
    std::fs::write(dir.join("map.toml"), text).expect("written");
}

/// The command refused the endless input as `file-too-large`, exit 2, having read little of it.
fn refused(what: &str, out: &std::process::Output, sent: usize) {
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(2), "{what}: {err}");
    assert!(err.contains("file-too-large"), "{what}: {err}");
    assert!(
        sent < FEED / 2,
        "{what} read {sent} bytes of an endless input"
    );
}

#[test]
fn check_stops_reading_standard_input_at_the_map_limit() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ttrmap"))
        .args(["check", "--format", "json", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ttrmap runs");
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let chunk = b"a = 1\n".repeat(10_000);
        let mut sent = 0;
        while sent < FEED && stdin.write_all(&chunk).is_ok() {
            sent += chunk.len();
        }
        sent
    });
    let out = child.wait_with_output().expect("ttrmap ends");
    let sent = writer.join().unwrap();
    // As for a map file that is too large: the map's problem, reported as `check` reports any.
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let items: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(items[0]["code"], "file-too-large", "{items}");
    assert!(
        sent < FEED / 2,
        "check - read {sent} bytes of an endless input"
    );
}

#[test]
fn score_stops_reading_a_position_at_the_limit() {
    let dir = TempDir::new("reads-score");
    let fifo = Fifo::new(dir.0.join("pos.toml"), b'#');
    let out = ttrmap_in(&dir.0, &["score", "pos.toml"]);
    refused("score", &out, fifo.sent());
}

#[test]
fn replay_stops_reading_a_recording_line_at_the_limit() {
    let dir = TempDir::new("reads-replay");
    // No line break ever: one endless line.
    let fifo = Fifo::new(dir.0.join("games.jsonl"), b' ');
    let out = ttrmap_in(&dir.0, &["replay", "games.jsonl"]);
    refused("replay", &out, fifo.sent());
}

#[test]
fn render_stops_reading_a_theme_file_at_the_limit() {
    let dir = TempDir::new("reads-theme");
    basic_map(&dir.0);
    let fifo = Fifo::new(dir.0.join("endless.css"), b' ');
    let out = ttrmap_in(
        &dir.0,
        &[
            "render",
            "map.toml",
            "-o",
            "m.svg",
            "--theme",
            "endless.css",
        ],
    );
    refused("render --theme", &out, fifo.sent());
    assert!(!dir.0.join("m.svg").exists());
}

#[test]
fn import_stops_reading_a_csv_file_at_the_limit() {
    let dir = TempDir::new("reads-import");
    let csv = dir.0.join("csv");
    std::fs::create_dir(&csv).unwrap();
    let fifo = Fifo::new(csv.join("cities.csv"), b'x');
    std::fs::write(csv.join("routes.csv"), "from,to,length,color\n").unwrap();
    let out = ttrmap_in(&dir.0, &["import", "csv", "-o", "out.toml"]);
    refused("import", &out, fifo.sent());
    assert!(!dir.0.join("out.toml").exists());
}
