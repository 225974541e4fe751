//! The tests that drive a real browser (headless Chromium), in one test binary with its own
//! harness (`libtest-mimic`) so that a missing browser is a skip, counted as such, and not a
//! pass or a failure:
//!
//! - browser found (`chromium.rs` says where it looks): every test runs;
//! - no browser: each test prints a line on stderr and is reported as ignored, and the run
//!   ends with one line saying how many did not run and how to run them; the run passes;
//! - no browser and `TTRMAP_REQUIRE_BROWSER=1` (set by `.ci/run`): each test fails.
//!
//! `self_check.rs` runs this binary again with a browser path that does not exist to prove
//! the last two behaviours, so it needs no browser itself.

#[path = "../common/mod.rs"]
mod common;

mod cdp;
mod chromium;
mod hostile_theme;
mod playtest_report;
mod render_html;
mod self_check;
mod studio;
mod studio_play;
use common::studio as studio_process;

use libtest_mimic::{Arguments, Completion, Failed, Trial};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

/// A browser test: its name and its body, given the Chromium binary.
pub type BrowserTest = (&'static str, fn(&Path));

/// Every test that needs the browser, with the name the harness reports.
fn browser_tests() -> impl Iterator<Item = (String, fn(&Path))> {
    let group = |module: &'static str, tests: &'static [BrowserTest]| {
        tests
            .iter()
            .map(move |(name, test)| (format!("{module}::{name}"), *test))
    };
    group("render_html", render_html::TESTS)
        .chain(group("playtest_report", playtest_report::TESTS))
        .chain(group("studio", studio::TESTS))
        .chain(group("studio_play", studio_play::TESTS))
        .chain(group("hostile_theme", hostile_theme::TESTS))
}

/// How many browser tests there are: what a run without a browser reports as skipped.
pub fn browser_test_count() -> usize {
    browser_tests().count()
}

fn main() -> ExitCode {
    let args = Arguments::from_args();
    let browser: Arc<Result<PathBuf, String>> = Arc::new(chromium::find());
    let required = chromium::required();
    let mut trials: Vec<Trial> = browser_tests()
        .map(|(name, test)| {
            let browser = Arc::clone(&browser);
            Trial::ignorable_test(name, move || match browser.as_ref() {
                Ok(path) => {
                    test(path);
                    Ok(Completion::Completed)
                }
                Err(why) if required => Err(Failed::from(format!(
                    "{} is set and {why}",
                    chromium::REQUIRE_VAR
                ))),
                Err(_) => Ok(Completion::ignored_with("no browser")),
            })
        })
        .collect();
    // The skip lines are printed here, before the run, so that tests running in parallel do
    // not interleave them with the harness's own lines.
    let mut skipped = 0;
    if let (Err(why), false) = (browser.as_ref(), required) {
        for trial in trials.iter().filter(|t| !args.is_filtered_out(t)) {
            eprintln!("skipped browser test {}: {why}", trial.name());
            skipped += 1;
        }
    }
    trials.extend(self_check::trials());
    let conclusion = libtest_mimic::run(&args, trials);
    if let (Err(why), true) = (browser.as_ref(), skipped > 0) {
        eprintln!(
            "{skipped} browser test{} did not run: {why}. Install Chromium (or set TTRMAP_CHROMIUM \
             to its path) to run them; {}=1 makes a missing browser a failure.",
            if skipped == 1 { "" } else { "s" },
            chromium::REQUIRE_VAR
        );
    }
    conclusion.exit_code()
}
