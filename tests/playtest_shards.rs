//! `playtest --shard I/N` and `ttrmap merge`: the parts of a run merge into the same bytes as
//! one run of all the games (JSON and HTML, at 1 and 2 threads), and parts that do not make a
//! whole run are refused with the reason.

use crate::common;

use common::{TempDir, ttrmap_in};
use std::path::Path;

fn run(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = ttrmap_in(dir, args);
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn usa() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("maps/usa.toml")
        .display()
        .to_string()
}

/// 4 shards of 150 USA games (uneven: 37, 38, 37, 38), merged, against one run.
fn shards_merge_to_the_single_run(threads: &str, players: &str) {
    let dir = TempDir::new(&format!("shards-{threads}"));
    let map = usa();
    let base = [
        "playtest",
        &map,
        "--games",
        "150",
        "--players",
        players,
        "--seed",
        "11",
        "--threads",
        threads,
        "--bots",
        "random,one-step",
    ];
    for ext in ["json", "html"] {
        let single = format!("single.{ext}");
        let mut args = base.to_vec();
        args.extend(["-o", &single]);
        let (code, _, err) = run(&dir.0, &args);
        assert_eq!(code, 0, "{err}");
        let mut parts = Vec::new();
        for i in 1..=4 {
            let (shard, part) = (format!("{i}/4"), format!("part-{ext}-{i}.json"));
            let mut args = base.to_vec();
            args.extend(["--shard", &shard, "-o", &part]);
            let (code, _, err) = run(&dir.0, &args);
            assert_eq!(code, 0, "{err}");
            parts.push(part);
        }
        // Any order of the parts gives the same report.
        parts.reverse();
        let merged = format!("merged.{ext}");
        let mut args = vec!["merge"];
        args.extend(parts.iter().map(String::as_str));
        args.extend(["-o", &merged]);
        let (code, _, err) = run(&dir.0, &args);
        assert_eq!(code, 0, "{err}");
        let a = std::fs::read(dir.0.join(&single)).unwrap();
        let b = std::fs::read(dir.0.join(&merged)).unwrap();
        assert!(a == b, "{ext}: merged report differs from the single run");
    }
}

#[test]
fn four_shards_merge_to_the_single_run_at_one_thread() {
    shards_merge_to_the_single_run("1", "3");
}

#[test]
fn four_shards_merge_to_the_single_run_at_two_threads() {
    shards_merge_to_the_single_run("2", "3");
}

#[test]
fn parts_that_do_not_make_one_run_are_refused() {
    let dir = TempDir::new("shards-bad");
    let map = usa();
    let part = |shard: &str, seed: &str, out: &str| {
        let args = [
            "playtest", &map, "--games", "8", "--seed", seed, "--shard", shard, "-o", out,
        ];
        let (code, _, err) = run(&dir.0, &args);
        assert_eq!(code, 0, "{err}");
    };
    part("1/2", "1", "a.json");
    part("2/2", "1", "b.json");
    part("2/2", "2", "c.json");
    // A missing shard.
    let (code, _, err) = run(&dir.0, &["merge", "a.json"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("shard 2 of 2 missing"), "{err}");
    // The same shard twice.
    let (code, _, err) = run(&dir.0, &["merge", "a.json", "a.json"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("shard 1/2 is given twice"), "{err}");
    // Another run's part: the difference is named.
    let (code, _, err) = run(&dir.0, &["merge", "a.json", "c.json"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--seed 1 vs 2"), "{err}");
    // Not a part at all, and a part edited out of shape: refused, no panic.
    std::fs::write(dir.0.join("x.json"), "{\"kind\":\"something\"}").unwrap();
    let (code, _, err) = run(&dir.0, &["merge", "x.json", "b.json"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("not a playtest part"), "{err}");
    let text = std::fs::read_to_string(dir.0.join("a.json")).unwrap();
    let mut value: serde_json::Value = serde_json::from_str(&text).unwrap();
    value["sections"][0]["route_games"] = serde_json::json!([1, 2]);
    std::fs::write(dir.0.join("d.json"), value.to_string()).unwrap();
    let (code, _, err) = run(&dir.0, &["merge", "d.json", "b.json"]);
    assert_eq!(code, 2, "{err}");
    // The part's digest no longer matches (before, the shape was caught later, against the
    // map: "route_games has 2 entries").
    assert!(err.contains("changed after its shard wrote it"), "{err}");
    // The whole run merges, and a changed map is noticed.
    let (code, out, err) = run(&dir.0, &["merge", "b.json", "a.json"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("8 games"), "{out}");
    let copy = dir.0.join("usa-changed.toml");
    let text = std::fs::read_to_string(&map).unwrap() + "\n# changed\n";
    std::fs::write(&copy, text).unwrap();
    let args = ["merge", "a.json", "b.json", "--map", "usa-changed.toml"];
    let (code, _, err) = run(&dir.0, &args);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("is not the map the parts were played on"),
        "{err}"
    );
    // A shard writes a part, not a report format.
    let args = [
        "playtest", &map, "--games", "8", "--shard", "1/2", "--format", "html",
    ];
    let (code, _, err) = run(&dir.0, &args);
    assert_eq!(code, 2, "{err}");
    let (code, _, err) = run(&dir.0, &["playtest", &map, "--shard", "3/2"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("not a shard"), "{err}");
}

#[test]
fn player_ranges_merge_section_by_section() {
    let dir = TempDir::new("shards-range");
    let map = usa();
    let base = [
        "playtest",
        &map,
        "--games",
        "20",
        "--players",
        "2-3",
        "--format",
        "json",
    ];
    let (code, single, err) = run(&dir.0, &base);
    assert_eq!(code, 0, "{err}");
    for (shard, out) in [("1/3", "p1.json"), ("2/3", "p2.json"), ("3/3", "p3.json")] {
        let args = [
            "playtest",
            &map,
            "--games",
            "20",
            "--players",
            "2-3",
            "--shard",
            shard,
            "-o",
            out,
        ];
        let (code, _, err) = run(&dir.0, &args);
        assert_eq!(code, 0, "{err}");
    }
    let args = ["merge", "p2.json", "p3.json", "p1.json", "--format", "json"];
    let (code, merged, err) = run(&dir.0, &args);
    assert_eq!(code, 0, "{err}");
    assert_eq!(single, merged);
}

/// The lines of `file` (under docs/examples) from the line `# NAME` to `# end of NAME`,
/// without their common indentation: the script a runner, an array task or a pod runs.
fn script(file: &str, name: &str) -> String {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("docs/examples")
            .join(file),
    )
    .unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let start = lines
        .iter()
        .position(|l| l.trim_start().starts_with(&format!("# {name}")))
        .unwrap_or_else(|| panic!("{file} has no {name}"));
    let end = lines
        .iter()
        .position(|l| l.trim() == format!("# end of {name}"))
        .unwrap_or_else(|| panic!("{file} does not end its {name}"));
    let indent = lines[start].len() - lines[start].trim_start().len();
    lines[start..=end]
        .iter()
        .map(|l| l.get(indent..).unwrap_or(l.trim_start()))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Runs `script` with bash in `dir`, the ttrmap under test first on PATH.
fn bash(dir: &Path, script: &str, env: &[(&str, String)]) {
    let bin = Path::new(env!("CARGO_BIN_EXE_ttrmap")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = std::process::Command::new("bash")
        .args(["-c", script])
        .current_dir(dir)
        .env("PATH", path)
        .envs(env.iter().map(|(k, v)| (*k, v.as_str())))
        .output()
        .expect("bash runs");
    assert!(
        out.status.success(),
        "{script}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The three ways docs/examples runs shards (a GitHub Actions matrix, a Slurm job array, a
/// Kubernetes indexed Job), each shard's commands run as its runner would with its own index
/// variable, then merged: the report of one run.
#[test]
fn the_documented_shard_scripts_merge_to_the_single_run() {
    let map = usa();
    let common = [
        ("MAP", map.clone()),
        ("GAMES", "40".to_string()),
        ("SHARDS", "4".to_string()),
    ];
    let single = TempDir::new("shards-docs-single");
    let args = [
        "playtest",
        &map,
        "--games",
        "40",
        "--players",
        "4",
        "--seed",
        "1",
        "-o",
        "r.json",
    ];
    let (code, _, err) = run(&single.0, &args);
    assert_eq!(code, 0, "{err}");
    let want = std::fs::read(single.0.join("r.json")).unwrap();
    type Index = fn(u32) -> Vec<(&'static str, String)>;
    let files: [(&str, Index, bool); 3] = [
        (
            "playtest-shards.yml",
            |i| vec![("SHARD", i.to_string())],
            true,
        ),
        (
            "playtest-shards.slurm",
            |i| {
                vec![
                    ("SLURM_ARRAY_TASK_ID", i.to_string()),
                    ("SLURM_ARRAY_TASK_COUNT", "4".to_string()),
                    ("SLURM_CPUS_PER_TASK", "2".to_string()),
                ]
            },
            false,
        ),
        (
            "playtest-shards-job.yaml",
            |i| vec![("JOB_COMPLETION_INDEX", (i - 1).to_string())],
            true,
        ),
    ];
    for (file, index, has_merge) in files {
        let dir = TempDir::new("shards-docs");
        let shard = script(file, "shard-script");
        for i in 1..=4 {
            let mut env = common.to_vec();
            env.extend(index(i));
            bash(&dir.0, &shard, &env);
        }
        let merge = if has_merge {
            // The Kubernetes merge is a Job of its own, applied after the shards' Job.
            let merge_file = if file == "playtest-shards-job.yaml" {
                "playtest-merge-job.yaml"
            } else {
                file
            };
            script(merge_file, "merge-script")
        } else {
            "ttrmap merge parts/part-*.json -o report.json".to_string()
        };
        bash(&dir.0, &merge, &common);
        let got = std::fs::read(dir.0.join("report.json")).unwrap();
        assert!(
            got == want,
            "{file}: the merged report differs from one run"
        );
    }
}

/// Ctrl-C in the middle of a long shard (or any playtest) leaves no part and no temporary
/// file: the output is written only when every game is played.
#[cfg(unix)]
#[test]
fn an_interrupted_shard_writes_nothing() {
    let dir = TempDir::new("shards-interrupt");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_ttrmap"))
        .args([
            "playtest",
            &usa(),
            "--games",
            "10000000",
            "--threads",
            "1",
            "--shard",
            "1/2",
            "-o",
            "part.json",
        ])
        .current_dir(&dir.0)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("ttrmap starts");
    // Let it get well into its games (not a speed check: any moment mid-run will do).
    std::thread::sleep(std::time::Duration::from_millis(700));
    let sent = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
    let status = child.wait().expect("ttrmap ends");
    assert!(!status.success(), "{status:?}");
    let left: Vec<_> = std::fs::read_dir(&dir.0).unwrap().collect();
    assert!(left.is_empty(), "{left:?}");
}
