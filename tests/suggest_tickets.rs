//! `ttrmap suggest tickets`: values from play beside the printed and shortest-path ones, the
//! same at any thread count, and `--write` changing only the values.

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

fn usa_text() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/usa.toml")).unwrap()
}

#[test]
fn usa_values_from_play_beside_the_printed_ones() {
    let dir = TempDir::new("suggest-usa");
    std::fs::write(dir.0.join("usa.toml"), usa_text()).unwrap();
    let base = [
        "suggest",
        "tickets",
        "usa.toml",
        "--games",
        "300",
        "--players",
        "4",
    ];
    let mut one = base.to_vec();
    one.extend(["--format", "json", "--threads", "1"]);
    let (code, a, err) = run(&dir.0, &one);
    assert_eq!(code, 0, "{err}");
    let mut two = one.clone();
    let last = two.len() - 1;
    two[last] = "2";
    let (_, b, _) = run(&dir.0, &two);
    assert_eq!(a, b, "the same numbers at 1 and 2 threads");
    let s: serde_json::Value = serde_json::from_str(&a).unwrap();
    let tickets = s["tickets"].as_array().unwrap();
    assert_eq!(tickets.len(), 30);
    let k = s["points_per_train"].as_f64().unwrap();
    for t in tickets {
        // Every USA ticket is city to city, kept and completed often enough in 300 games.
        let printed = t["printed"].as_i64().unwrap();
        let trains = t["mean_trains"].as_f64().unwrap();
        let suggested = t["suggested"].as_i64().unwrap();
        assert_eq!(suggested, (k * trains).round() as i64, "{t}");
        // The completers' own path is never shorter than the board's shortest path.
        let shortest = t["shortest_path"].as_f64().unwrap();
        assert!(trains >= shortest, "{t}");
        // Official values are close to what play gives.
        assert!((suggested - printed).abs() <= 4, "{t}");
    }
    let (code, human, err) = run(&dir.0, &base);
    assert_eq!(code, 0, "{err}");
    assert!(human.contains("Denver – El Paso"), "{human}");
    assert!(human.contains("printed shortest"), "{human}");
}

#[test]
fn write_changes_only_the_chosen_values() {
    let dir = TempDir::new("suggest-write");
    // Denver – El Paso printed at 40 instead of 4: play says it is worth about 5.
    let text = usa_text().replacen(
        "from = \"denver\"\nto = \"el-paso\"\npoints = 4",
        "from = \"denver\"\nto = \"el-paso\"\npoints = 40 # too much",
        1,
    );
    assert!(text.contains("points = 40 # too much"));
    std::fs::write(dir.0.join("m.toml"), &text).unwrap();
    let args = [
        "suggest",
        "tickets",
        "m.toml",
        "--games",
        "200",
        "--players",
        "4",
        "--format",
        "json",
        "--write",
        "--only",
        "denver–el-paso",
    ];
    let (code, out, err) = run(&dir.0, &args);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("wrote 1 ticket value into m.toml"), "{err}");
    let s: serde_json::Value = serde_json::from_str(&out).unwrap();
    let t = s["tickets"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["label"] == "denver–el-paso")
        .unwrap();
    let v = t["suggested"].as_i64().unwrap();
    assert!((3..=8).contains(&v), "{t}");
    let after = std::fs::read_to_string(dir.0.join("m.toml")).unwrap();
    assert_eq!(
        after,
        text.replace(
            "points = 40 # too much",
            &format!("points = {v} # too much")
        )
    );
    // A label the map does not have is a usage error.
    let (code, _, err) = run(
        &dir.0,
        &[
            "suggest", "tickets", "m.toml", "--games", "5", "--write", "--only", "nowhere",
        ],
    );
    assert_eq!(code, 2, "{err}");
}
