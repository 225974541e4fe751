//! Issue 32, item 7: the structure of the CI files in `docs/examples/` and `.ci/run`, which no
//! scheduler runs here: the Kubernetes merge runs after the shards, Slurm's logs go to a
//! directory that exists before the job starts, actionlint is given workflows only, and
//! `.ci/run` finds Chromium under every name the browser tests accept.

use crate::common;

use common::TempDir;
use std::path::Path;
use std::process::Command;

fn read(path: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path))
        .unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The YAML documents of a manifest (split at `---` lines), comments and all.
fn documents(text: &str) -> Vec<String> {
    text.split("\n---\n").map(str::to_string).collect()
}

#[test]
fn the_kubernetes_merge_is_applied_after_the_shards_and_waits_for_every_part() {
    let shards = read("docs/examples/playtest-shards-job.yaml");
    let merge = read("docs/examples/playtest-merge-job.yaml");
    // The shards' file holds no merge: applying it cannot start one early.
    assert!(!shards.contains("merge-script") && !shards.contains("name: ttrmap-merge"));
    let jobs: Vec<_> = documents(&shards)
        .into_iter()
        .filter(|d| d.contains("\nkind: Job"))
        .collect();
    assert_eq!(jobs.len(), 1, "one Job, the shards");
    assert!(jobs[0].contains("completionMode: Indexed"), "{}", jobs[0]);
    assert!(!jobs[0].contains("merge-script"));
    // Its header applies the shards, waits for them, then applies the merge.
    let order = [
        "kubectl apply -f docs/examples/playtest-shards-job.yaml",
        "kubectl wait --for=condition=complete job/ttrmap-playtest",
        "kubectl apply -f docs/examples/playtest-merge-job.yaml",
    ];
    let at: Vec<usize> = order
        .iter()
        .map(|s| {
            shards
                .find(s)
                .unwrap_or_else(|| panic!("the header says `{s}`"))
        })
        .collect();
    assert!(
        at.windows(2).all(|w| w[0] < w[1]),
        "in this order: {order:?}"
    );
    // The merge Job: an init container that waits for $SHARDS parts, then the merge.
    assert_eq!(documents(&merge).len(), 1);
    let init = merge.find("initContainers:").expect("an init container");
    let main = merge
        .find("\n      containers:")
        .expect("the merge container");
    let merging = merge.find("ttrmap merge").expect("the merge");
    assert!(init < main && main < merging, "init container first");
    let wait = &merge[init..main];
    assert!(wait.contains("until") && wait.contains("part-*.json") && wait.contains("$SHARDS"));
    // Both name the same shard count and volume.
    assert!(shards.contains("value: \"4\"") && merge.contains("value: \"4\""));
    assert!(
        shards.contains("claimName: ttrmap-parts") && merge.contains("claimName: ttrmap-parts")
    );
}

/// The init container's loop, run: it waits while parts are missing and ends once all are
/// there.
#[test]
fn the_kubernetes_wait_script_ends_only_when_every_part_is_there() {
    let merge = read("docs/examples/playtest-merge-job.yaml");
    let start = merge.find("# wait-script").unwrap();
    let end = merge.find("# end of wait-script").unwrap();
    let script: String = merge[start..end]
        .lines()
        .map(str::trim_start)
        .collect::<Vec<_>>()
        .join("\n")
        .replace("/work/parts", "parts")
        .replace("sleep 30", "exit 3");
    let dir = TempDir::new("k8s-wait");
    let run = || {
        Command::new("bash")
            .args(["-c", &script])
            .current_dir(&dir.0)
            .env("SHARDS", "4")
            .status()
            .unwrap()
            .code()
    };
    assert_eq!(run(), Some(3), "no parts: it waits");
    std::fs::create_dir_all(dir.0.join("parts")).unwrap();
    for i in 1..=3 {
        std::fs::write(dir.0.join(format!("parts/part-{i}.json")), "{}").unwrap();
    }
    assert_eq!(run(), Some(3), "three of four: it waits");
    std::fs::write(dir.0.join("parts/part-4.json"), "{}").unwrap();
    assert_eq!(run(), Some(0), "all four: it ends");
}

#[test]
fn slurm_logs_go_to_a_directory_that_exists_before_the_job() {
    let slurm = read("docs/examples/playtest-shards.slurm");
    let output = slurm
        .lines()
        .find_map(|l| l.strip_prefix("#SBATCH --output="))
        .expect("an --output line");
    // Slurm opens the log before the script runs: a directory in it would have to exist
    // already, and the one the script makes does not.
    assert!(!output.contains('/'), "--output={output}");
    let made: Vec<&str> = slurm
        .lines()
        .filter_map(|l| l.trim().strip_prefix("mkdir -p "))
        .collect();
    for dir in made {
        assert!(!output.starts_with(dir), "--output={output} is under {dir}");
    }
}

/// `tools/ci/actionlint.mjs` lints workflows only: the Kubernetes manifests in docs/examples
/// are not workflows (actionlint exits 1 on them). The same test it applies, here.
#[test]
fn actionlint_is_given_the_workflows_and_not_the_manifests() {
    let script = read("tools/ci/actionlint.mjs");
    assert!(script.contains(r"/^jobs:/m.test(text) && !/^apiVersion:/m.test(text)"));
    let is_workflow = |t: &str| {
        t.lines().any(|l| l.starts_with("jobs:"))
            && !t.lines().any(|l| l.starts_with("apiVersion:"))
    };
    for (file, workflow) in [
        ("docs/examples/check-maps.yml", true),
        ("docs/examples/playtest-shards.yml", true),
        ("docs/examples/playtest-shards-job.yaml", false),
        ("docs/examples/playtest-merge-job.yaml", false),
    ] {
        assert_eq!(is_workflow(&read(file)), workflow, "{file}");
    }
}

/// `.ci/run`'s `have_browser`, run with a PATH holding one fake browser under each name the
/// browser tests accept: found every time, so apt is not asked to install another.
#[test]
fn ci_run_accepts_every_browser_name_the_tests_accept() {
    let run = read(".ci/run");
    let start = run.find("have_browser() {").expect("have_browser");
    let end = start + run[start..].find("\n}\n").expect("its end") + 3;
    let function = &run[start..end];
    let names = read("tests/browser/chromium.rs");
    let list = names
        .split("pub const PATH_NAMES")
        .nth(1)
        .and_then(|s| s.split(']').nth(1))
        .expect("PATH_NAMES");
    let names: Vec<&str> = list.split('"').skip(1).step_by(2).collect();
    assert!(names.len() >= 3, "{names:?}");
    for name in names.iter().copied().chain([""]) {
        let dir = TempDir::new("ci-browser");
        if !name.is_empty() {
            let fake = dir.0.join(name);
            std::fs::write(&fake, "#!/bin/sh\n").unwrap();
            #[cfg(unix)]
            {
                use std::os::unix::fs::PermissionsExt;
                std::fs::set_permissions(&fake, std::fs::Permissions::from_mode(0o755)).unwrap();
            }
        }
        let status = Command::new("/bin/bash")
            .args(["-c", &format!("{function}have_browser")])
            .env_clear()
            .env("PATH", &dir.0)
            .status()
            .unwrap();
        assert_eq!(status.success(), !name.is_empty(), "browser named `{name}`");
    }
}
