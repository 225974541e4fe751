//! Tests of the harness itself: this test binary is run again with `TTRMAP_CHROMIUM` naming a
//! file that does not exist (so no browser is found, whatever the machine has), once as a
//! developer runs it and once as CI does.

use libtest_mimic::{Failed, Trial};
use std::process::{Command, Output};

pub fn trials() -> Vec<Trial> {
    vec![
        Trial::test(
            "self_check::no_browser_skips_loudly_and_passes",
            no_browser_skips_loudly_and_passes,
        ),
        Trial::test(
            "self_check::no_browser_fails_when_required",
            no_browser_fails_when_required,
        ),
    ]
}

/// Runs this binary's browser tests (not these, which would recurse) with no browser.
fn run_without_browser(require: bool) -> Output {
    let exe = std::env::current_exe().expect("the test binary knows its path");
    let mut cmd = Command::new(exe);
    cmd.args(["--skip", "self_check::", "--test-threads", "1"])
        .env("TTRMAP_CHROMIUM", "/nonexistent/ttrmap-test/chromium")
        .env_remove("CHROME");
    if require {
        cmd.env(super::chromium::REQUIRE_VAR, "1");
    } else {
        cmd.env_remove(super::chromium::REQUIRE_VAR);
    }
    cmd.output().expect("the test binary runs again")
}

fn no_browser_skips_loudly_and_passes() -> Result<(), Failed> {
    let out = run_without_browser(false);
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    let n = super::browser_test_count();
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(
        stdout.contains(&format!("0 passed; 0 failed; {n} ignored")),
        "skipped tests are counted as ignored, not passed: {stdout}"
    );
    let per_test = stderr.matches("skipped browser test ").count();
    assert_eq!(per_test, n, "one line per skipped test: {stderr}");
    let last = stderr.lines().last().unwrap_or_default();
    assert!(
        last.starts_with(&format!("{n} browser tests did not run: TTRMAP_CHROMIUM="))
            && last.contains("Install Chromium"),
        "the closing line says how many and how to run them: {stderr}"
    );
    Ok(())
}

fn no_browser_fails_when_required() -> Result<(), Failed> {
    let out = run_without_browser(true);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let n = super::browser_test_count();
    assert!(!out.status.success(), "{stdout}");
    assert!(
        stdout.contains(&format!("0 passed; {n} failed")),
        "every browser test fails: {stdout}"
    );
    assert!(
        stdout.contains("TTRMAP_REQUIRE_BROWSER is set and TTRMAP_CHROMIUM="),
        "the failure says why: {stdout}"
    );
    Ok(())
}
