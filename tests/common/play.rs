//! Helpers for the tests of `ttrmap studio --play`: what `ttrmap replay` tells of a game's
//! recording (the final totals, the tickets each seat kept).
#![allow(dead_code)] // the browser tests' crate includes it too and uses a subset

use std::path::Path;

/// Each seat's final total as `ttrmap replay` tells the recording (run in `dir`).
pub fn replay_totals(dir: &Path, recording: &str) -> Vec<i64> {
    let out = crate::common::ttrmap_in(dir, &["replay", recording]);
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "replay: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let tail = text
        .split_once("final scores:")
        .unwrap_or_else(|| panic!("no final scores in {text}"))
        .1;
    tail.lines()
        .filter_map(|l| l.trim().strip_prefix("player "))
        .map(|l| {
            let points = l.split_once(": ").expect("player N: T points").1;
            points
                .split_whitespace()
                .next()
                .and_then(|n| n.parse().ok())
                .expect("a total")
        })
        .collect()
}

/// The tickets each seat kept, as `ttrmap replay` tells the recording (it knows them all):
/// seat (from 1) and the ticket's label.
pub fn kept_tickets(dir: &Path, recording: &str) -> Vec<(u8, String)> {
    let out = crate::common::ttrmap_in(dir, &["replay", recording]);
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let mut kept = Vec::new();
    for line in text.lines() {
        let Some((who, what)) = line.split_once("): ") else {
            continue;
        };
        let Some(seat) = who
            .split("player ")
            .nth(1)
            .and_then(|p| p.split_whitespace().next())
            .and_then(|p| p.parse().ok())
        else {
            continue;
        };
        if let Some(list) = what.split_once(", kept ").map(|(_, k)| k) {
            let list = list.split_once("; returned").map_or(list, |(k, _)| k);
            for t in list.split(", ").filter(|t| *t != "none") {
                kept.push((seat, t.to_string()));
            }
        }
        if let Some(list) = what.split_once(": kept ").map(|(_, k)| k) {
            for t in list.split(", ") {
                kept.push((seat, t.to_string()));
            }
        }
    }
    kept
}
