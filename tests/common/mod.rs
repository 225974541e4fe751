//! Helpers shared by the integration tests that run the real `ttrmap` binary.
#![allow(dead_code)] // the browser tests' crate includes these helpers too and uses a subset

pub mod engine;
pub mod longest_before;
pub mod play;
pub mod studio;
pub mod trail_boards;

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use ttrmap::model::MapFile;

/// A temporary directory removed when dropped, unique per test and process (`tempfile`'s,
/// named after the test's `tag`); `.0` is its path.
pub struct TempDir(pub PathBuf, tempfile::TempDir);

impl TempDir {
    pub fn new(tag: &str) -> TempDir {
        let dir = tempfile::Builder::new()
            .prefix(&format!("ttrmap-test-{tag}-"))
            .tempdir()
            .expect("temp dir can be created");
        TempDir(dir.path().to_path_buf(), dir)
    }
}

/// Runs `ttrmap ARGS` in `dir`; fails the test if the binary panicked.
pub fn ttrmap_in(dir: &Path, args: &[&str]) -> Output {
    let out = Command::new(env!("CARGO_BIN_EXE_ttrmap"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("the ttrmap binary runs");
    assert!(
        !String::from_utf8_lossy(&out.stderr).contains("panicked"),
        "{args:?} panicked"
    );
    out
}

/// Shortest path in train spaces from `from` to every city it reaches: a Dijkstra written
/// here, independently of `ttrmap::graph`, so map tests do not check the code with itself.
/// Every lane of a route has the route's length, so one edge per route is enough.
pub fn shortest_spaces(map: &MapFile, from: &str) -> HashMap<String, u32> {
    let mut adjacent: HashMap<&str, Vec<(&str, u32)>> = HashMap::new();
    for r in &map.routes {
        let len = u32::from(r.length);
        adjacent.entry(&r.from).or_default().push((&r.to, len));
        adjacent.entry(&r.to).or_default().push((&r.from, len));
    }
    let mut dist: HashMap<String, u32> = HashMap::new();
    let mut heap = BinaryHeap::new();
    dist.insert(from.to_string(), 0);
    heap.push(Reverse((0u32, from.to_string())));
    while let Some(Reverse((d, city))) = heap.pop() {
        if dist.get(&city).is_some_and(|&best| d > best) {
            continue;
        }
        for &(next, len) in adjacent.get(city.as_str()).into_iter().flatten() {
            let nd = d + len;
            if dist.get(next).is_none_or(|&best| nd < best) {
                dist.insert(next.to_string(), nd);
                heap.push(Reverse((nd, next.to_string())));
            }
        }
    }
    dist
}

/// The shipped maps' files (`maps/*.toml`), in name order.
pub fn shipped_map_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("maps/")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    paths.sort();
    paths
}

/// Every shipped map, loaded and checked free of errors: its file's stem and the load.
pub fn shipped_maps() -> Vec<(String, ttrmap::load::Loaded)> {
    shipped_map_files()
        .into_iter()
        .map(|p| {
            let loaded = ttrmap::load::load_path(&p).expect("readable");
            assert!(!loaded.has_errors(), "{}", p.display());
            let name = p.file_stem().unwrap().to_string_lossy().into_owned();
            (name, loaded)
        })
        .collect()
}
