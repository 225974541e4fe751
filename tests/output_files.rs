//! Nothing lost, nothing overwritten: what `render`, `playtest`, `import` and `new` do with
//! the paths they write (src/cli/output.rs). Every case runs the real binary in a temporary
//! folder; none touches a real device.

use crate::common;
use common::{TempDir, ttrmap_in};
use std::path::Path;
use std::process::Command;

fn write_map(dir: &Path, file: &str) -> String {
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("templates/basic.toml"))
            .expect("template exists")
            .replace("__MAP_ID__", "out")
            .replace("__MAP_NAME__", "Out");
    std::fs::write(dir.join(file), &text).expect("written");
    text
}

/// The folder's entries, sorted: shows stray temporary files.
fn entries(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("readable")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn render_and_playtest_never_write_over_the_map_they_read() {
    let dir = TempDir::new("out-input");
    let text = write_map(&dir.0, "map.toml");
    for args in [
        &["render", "map.toml", "-o", "map.toml"][..],
        &["render", "map.toml", "-o", "./map.toml", "--force"],
        &[
            "playtest", "map.toml", "--games", "1", "--record", "map.toml",
        ],
        &[
            "playtest", "map.toml", "--games", "1", "-o", "map.toml", "--force",
        ],
    ] {
        let out = ttrmap_in(&dir.0, args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains("reads"), "{args:?}: {}", stderr(&out));
        assert_eq!(
            std::fs::read_to_string(dir.0.join("map.toml")).unwrap(),
            text,
            "{args:?} changed the map"
        );
    }
    assert_eq!(entries(&dir.0), vec!["map.toml"]);
}

#[test]
fn report_and_recording_may_not_be_one_file() {
    let dir = TempDir::new("out-same");
    write_map(&dir.0, "map.toml");
    let out = ttrmap_in(
        &dir.0,
        &[
            "playtest", "map.toml", "--games", "1", "-o", "x.json", "--record", "x.json",
        ],
    );
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert_eq!(entries(&dir.0), vec!["map.toml"]);
}

#[test]
fn an_existing_file_of_another_kind_is_replaced_only_with_force() {
    let dir = TempDir::new("out-force");
    write_map(&dir.0, "map.toml");
    write_map(&dir.0, "other.toml");
    std::fs::write(dir.0.join("notes.txt"), "mine").unwrap();
    for args in [
        &["render", "map.toml", "-o", "other.toml"][..],
        &[
            "playtest",
            "map.toml",
            "--games",
            "1",
            "--record",
            "notes.txt",
        ],
        &["import", ".", "-o", "other.toml"],
        &["new", "other"],
    ] {
        let out = ttrmap_in(&dir.0, args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&out).contains("--force"),
            "{args:?}: {}",
            stderr(&out)
        );
    }
    assert_eq!(
        std::fs::read_to_string(dir.0.join("notes.txt")).unwrap(),
        "mine"
    );
    // With --force the file is replaced (the format named: a .toml name chooses none).
    let out = ttrmap_in(
        &dir.0,
        &[
            "render",
            "map.toml",
            "-o",
            "other.toml",
            "--force",
            "--format",
            "svg",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let svg = std::fs::read_to_string(dir.0.join("other.toml")).unwrap();
    assert!(svg.contains("<svg"), "{svg:.100}");
    // A file of the kind the command writes is regenerated without it.
    std::fs::write(dir.0.join("map.svg"), "old drawing").unwrap();
    let out = ttrmap_in(&dir.0, &["render", "map.toml"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        std::fs::read_to_string(dir.0.join("map.svg"))
            .unwrap()
            .contains("<svg")
    );
    assert_eq!(
        entries(&dir.0),
        vec!["map.svg", "map.toml", "notes.txt", "other.toml"]
    );
}

#[cfg(unix)]
#[test]
fn a_symlink_is_written_through_not_replaced() {
    let dir = TempDir::new("out-link");
    write_map(&dir.0, "map.toml");
    std::fs::create_dir(dir.0.join("real")).unwrap();
    std::fs::write(dir.0.join("real/board.svg"), "old").unwrap();
    std::os::unix::fs::symlink("real/board.svg", dir.0.join("board.svg")).unwrap();
    let out = ttrmap_in(&dir.0, &["render", "map.toml", "-o", "board.svg"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let link = std::fs::symlink_metadata(dir.0.join("board.svg")).unwrap();
    assert!(link.file_type().is_symlink(), "the link was replaced");
    let svg = std::fs::read_to_string(dir.0.join("real/board.svg")).unwrap();
    assert!(svg.contains("<svg"));
    assert_eq!(entries(&dir.0.join("real")), vec!["board.svg"]);
    // A symlink to the map is the map.
    std::os::unix::fs::symlink("map.toml", dir.0.join("map-link.svg")).unwrap();
    let out = ttrmap_in(
        &dir.0,
        &["render", "map.toml", "-o", "map-link.svg", "--force"],
    );
    assert_eq!(out.status.code(), Some(2));
}

#[cfg(unix)]
#[test]
fn a_fifo_is_written_through_not_replaced() {
    use std::os::unix::fs::FileTypeExt;
    let dir = TempDir::new("out-fifo");
    write_map(&dir.0, "map.toml");
    let fifo = dir.0.join("pipe.svg");
    let made = Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    let (tx, rx) = std::sync::mpsc::channel();
    {
        let fifo = fifo.clone();
        std::thread::spawn(move || tx.send(std::fs::read(fifo).expect("the fifo is readable")));
    }
    let out = ttrmap_in(&dir.0, &["render", "map.toml", "-o", "pipe.svg"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    // A FIFO replaced by a file never gets a writer: fail instead of waiting forever.
    let got = rx
        .recv_timeout(std::time::Duration::from_secs(120))
        .expect("the FIFO was written");
    assert!(String::from_utf8_lossy(&got).contains("<svg"));
    let meta = std::fs::symlink_metadata(&fifo).unwrap();
    assert!(meta.file_type().is_fifo(), "the FIFO was replaced");
    assert_eq!(entries(&dir.0), vec!["map.toml", "pipe.svg"]);
    // No "wrote" line for a stream: with `-o /dev/stdout` it would land inside the output.
    assert!(
        !String::from_utf8_lossy(&out.stdout).contains("wrote"),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

/// Runs ttrmap with a file-size limit of a few hundred bytes (SIGXFSZ ignored, so a write past
/// it fails with EFBIG as on a full disk).
#[cfg(unix)]
fn ttrmap_with_tiny_disk(dir: &Path, args: &[&str]) -> std::process::Output {
    Command::new("sh")
        .arg("-c")
        .arg("trap '' XFSZ; ulimit -f 1 && exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_ttrmap"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("sh runs")
}

#[cfg(unix)]
#[test]
fn a_write_that_fails_halfway_leaves_no_temporary_file() {
    let dir = TempDir::new("out-full");
    write_map(&dir.0, "map.toml");
    std::fs::write(dir.0.join("old.svg"), "old").unwrap();
    for args in [
        &["render", "map.toml", "-o", "old.svg"][..],
        &["render", "map.toml", "-o", "new.svg"],
        &[
            "playtest",
            "map.toml",
            "--games",
            "20",
            "--record",
            "rec.jsonl",
        ],
    ] {
        let out = ttrmap_with_tiny_disk(&dir.0, args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert_eq!(entries(&dir.0), vec!["map.toml", "old.svg"], "{args:?}");
    }
    assert_eq!(
        std::fs::read_to_string(dir.0.join("old.svg")).unwrap(),
        "old"
    );
}

#[cfg(unix)]
#[test]
fn a_read_only_folder_is_an_error_and_nothing_is_left() {
    use std::os::unix::fs::PermissionsExt;
    let dir = TempDir::new("out-ro");
    write_map(&dir.0, "map.toml");
    let ro = dir.0.join("ro");
    std::fs::create_dir(&ro).unwrap();
    std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o555)).unwrap();
    // Root ignores permissions; the check is then only that the command does not fail.
    let as_root = std::fs::write(ro.join("probe"), "").is_ok();
    let out = ttrmap_in(&dir.0, &["render", "map.toml", "-o", "ro/out.svg"]);
    if !as_root {
        assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
        assert!(entries(&ro).is_empty());
    }
    std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o755)).unwrap();
}

/// Starts a long recorded playtest, waits for its temporary file, sends `signal`, and checks
/// that the process removed it.
#[cfg(unix)]
fn interrupted_recording_leaves_nothing(signal: &str, code: i32) {
    let dir = TempDir::new(&format!("out-{signal}"));
    write_map(&dir.0, "map.toml");
    let mut child = Command::new(env!("CARGO_BIN_EXE_ttrmap"))
        .args([
            "playtest",
            "map.toml",
            "--games",
            "10000000",
            "--threads",
            "1",
            "--record",
            "rec.jsonl",
        ])
        .current_dir(&dir.0)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("ttrmap starts");
    // Wait (a generous bound, not a speed check) until the recording has started.
    let mut started = false;
    for _ in 0..600 {
        if entries(&dir.0).iter().any(|n| n.contains("ttrmap-tmp")) {
            started = true;
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    let sent = Command::new("kill")
        .args([&format!("-{signal}"), &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
    let status = child.wait().expect("ttrmap ends");
    assert!(started, "the recording never started");
    assert_eq!(status.code(), Some(code), "{status:?}");
    assert_eq!(entries(&dir.0), vec!["map.toml"]);
}

#[cfg(unix)]
#[test]
fn sigterm_during_a_recording_removes_its_temporary_file() {
    interrupted_recording_leaves_nothing("TERM", 143);
}

#[cfg(unix)]
#[test]
fn sigint_during_a_recording_removes_its_temporary_file() {
    interrupted_recording_leaves_nothing("INT", 130);
}

#[cfg(unix)]
#[test]
fn sighup_during_a_recording_removes_its_temporary_file() {
    interrupted_recording_leaves_nothing("HUP", 129);
}

#[cfg(unix)]
#[test]
fn sigquit_during_a_recording_removes_its_temporary_file() {
    interrupted_recording_leaves_nothing("QUIT", 131);
}
