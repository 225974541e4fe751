//! Every integration test in one crate, one executable: a module per file of `tests/`
//! (the browser tests, which run Chromium under their own harness, are `tests/browser/`).
//! One crate links once where 75 linked 75 times: a clean test build wrote about 5 GB of
//! executables, and a one-line change relinked every one of them.

mod common;

mod bad_inputs;
mod board_geometry;
mod board_marks;
mod bots;
mod castilla;
mod check_fix;
mod ci_examples;
mod ci_files;
mod claim_audit;
mod cli_exit_codes;
mod compare;
mod compare_report;
mod default_bots;
mod discoverability;
mod duplicate_routes;
mod engine_castilla;
mod engine_determinize;
mod engine_display;
mod engine_fidelity;
mod engine_france;
mod engine_iberia;
mod engine_invariants;
mod engine_mechanics;
mod engine_mountains;
mod engine_old_west;
mod engine_scoring;
mod engine_south_korea;
mod engine_stuck;
mod engine_uk;
mod every_problem_at_once;
mod first_hour_smaller;
mod formats;
mod fuzz_pipeline;
mod hostile_text;
mod import;
mod ladder;
mod layout_fit;
mod lint_mutations;
mod lints;
mod loader_props;
mod longest_path;
mod official_maps;
mod output_files;
mod output_handling;
mod pdf;
mod playtest_report;
mod playtest_shards;
mod playtest_without;
mod precommit_hooks;
mod reliability_merge;
mod reliability_reads;
mod reliability_replay;
mod reliability_theme;
mod reliability_writers;
mod render;
mod replay_roundtrip;
mod resource_limits;
mod schema;
mod score_positions;
mod search_bot;
mod seed_maps;
mod shipped_maps_strict;
mod smaller_items;
mod starter_maps;
mod stats_tables;
mod studio;
mod studio_play;
mod style_bots_fair;
mod suggest_tickets;
mod syntax_errors;
mod systems;
mod tune;
mod typed_names;
mod usa_modes;
mod write_layout;

/// With `autotests = false`, a file of `tests/` not declared above would never be compiled or
/// run, and nothing would say so.
#[test]
fn every_test_file_is_a_module_of_this_crate() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let root = std::fs::read_to_string(dir.join("integration.rs")).expect("tests/integration.rs");
    let mut missing: Vec<String> = std::fs::read_dir(&dir)
        .expect("tests/")
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .filter_map(|name| name.strip_suffix(".rs").map(str::to_owned))
        .filter(|stem| stem != "integration" && !root.contains(&format!("\nmod {stem};\n")))
        .collect();
    missing.sort();
    assert!(
        missing.is_empty(),
        "tests/{{{}}}.rs: declare each as `mod NAME;` in tests/integration.rs",
        missing.join(",")
    );
}
