//! Check timing: `cargo bench --bench check` (release build). A plain timing loop (no
//! harness). For each shipped map it reports the first load in the process (which also
//! compiles the JSON Schema validator once) and the mean of later loads, each load being
//! the whole of `ttrmap check`: parse, presets, schema, semantic checks and every lint.

use std::time::Instant;

/// The allocator the `ttrmap` binary runs with (src/main.rs), so that the figures are its.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn check(name: &str, text: &str) -> usize {
    let loaded = ttrmap::load::load_str(name, text);
    let lints = ttrmap::lint::run(&loaded);
    loaded.diagnostics.len() + lints.len()
}

fn main() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("maps");
    let mut maps: Vec<(String, String)> = std::fs::read_dir(&dir)
        .expect("maps/ exists")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("readable map");
            (p.file_name().unwrap().to_string_lossy().into_owned(), text)
        })
        .collect();
    maps.sort();
    let start = Instant::now();
    let findings = check(&maps[0].0, &maps[0].1);
    println!(
        "first check in the process ({}, includes compiling the schema validator): {:.2} ms, {findings} findings",
        maps[0].0,
        start.elapsed().as_secs_f64() * 1e3
    );
    println!("{:<24} {:>7} {:>10}", "map", "cities", "mean ms");
    for (name, text) in &maps {
        let cities = text.matches("[[cities]]").count();
        let runs = 50;
        let start = Instant::now();
        for _ in 0..runs {
            std::hint::black_box(check(name, text));
        }
        let ms = start.elapsed().as_secs_f64() * 1e3 / runs as f64;
        println!("{name:<24} {cities:>7} {ms:>10.2}");
    }
}
