//! `ttrmap import`: a small CSV folder written here becomes the expected map; existing files
//! are never overwritten without `--force`; malformed rows are reported with file and line.

use std::path::Path;
use std::process::{Command, Output};

use crate::common;

/// A fresh, empty folder under the system temp dir, unique to this test, removed when the
/// guard drops (also when the test fails).
fn temp_dir(test: &str) -> common::TempDir {
    common::TempDir::new(&format!("import-{test}"))
}

const CITIES: &str = "\
id,name,x,y,kind,country_id,country_code
-1,Northland,500,10,country,,
1,Zürich,100,200,city,,
2,St. Gallen,300,200,city,,
3,Bern,100,400,city,,
1001,Northland,300,20,country_endpoint,-1,
";

const ROUTES: &str = "\
id,from_id,from,to_id,to,length,color,tunnel,ferry_locomotives,any_cards_per_locomotive,mountain_spaces,stock_shares,parallel_index,parallel_count
1,1,Zürich,2,St. Gallen,2,red,false,0,,0,,1,2
2,1,Zürich,2,St. Gallen,2,blue,false,0,,0,,2,2
3,1,Zürich,3,Bern,3,gray,false,0,,0,,1,2
4,1,Zürich,3,Bern,3,gray,false,0,,0,,2,2
5,2,St. Gallen,1001,Northland,1,yellow,true,0,,0,,1,1
6,3,Bern,2,St. Gallen,4,gray,false,1,,0,,1,1
";

const TICKETS: &str = "\
deck,card_id,from_id,from,to_ids,to,points
base,1,3,Bern,2,St. Gallen,6
base,2,3,Bern,-1|2,Northland|St. Gallen,9|5
";

fn write_folder(dir: &Path, routes: &str) {
    std::fs::write(dir.join("cities.csv"), CITIES).unwrap();
    std::fs::write(dir.join("routes.csv"), routes).unwrap();
    std::fs::write(dir.join("tickets.csv"), TICKETS).unwrap();
}

fn import(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ttrmap"))
        .arg("import")
        .args(args)
        .output()
        .expect("the binary runs")
}

#[test]
fn a_small_folder_becomes_the_expected_map() {
    let tmp = temp_dir("small");
    let dir = tmp.0.clone();
    let src = dir.join("alpine");
    std::fs::create_dir_all(&src).unwrap();
    write_folder(&src, ROUTES);
    let out = dir.join("alpine.toml");
    let o = import(&[
        src.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
        "--name",
        "Alpine",
        "--players",
        "2-4",
    ]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let loaded = ttrmap::load::load_path(&out).unwrap();
    assert!(loaded.diagnostics.is_empty(), "{:?}", loaded.diagnostics);
    let map = loaded.map.unwrap();
    assert_eq!(map.map.id, "alpine");
    assert_eq!(map.map.name, "Alpine");
    assert_eq!((map.map.players.min, map.map.players.max), (2, 4));
    // Board: the largest x (500) and y (400) plus the 50 px margin.
    assert_eq!((map.map.board.width, map.map.board.height), (550.0, 450.0));

    let ids: Vec<&str> = map.cities.iter().map(|c| c.id.as_str()).collect();
    assert_eq!(ids, ["zurich", "st-gallen", "bern", "northland-1"]);
    assert_eq!(map.cities[0].name.as_deref(), Some("Zürich"));
    assert_eq!(map.cities[3].zone.as_deref(), Some("northland"));
    assert_eq!(map.zones.len(), 1);
    assert_eq!(map.zones[0].id, "northland");

    assert_eq!(map.routes.len(), 4, "parallel rows merge into one route");
    let double = &map.routes[0];
    assert_eq!(
        (double.from.as_str(), double.to.as_str()),
        ("zurich", "st-gallen")
    );
    assert_eq!(
        double.colors.as_deref(),
        Some(&[ttrmap::model::Color::Red, ttrmap::model::Color::Blue][..])
    );
    let gray_double = &map.routes[1];
    assert_eq!(gray_double.lanes, Some(2));
    assert_eq!(gray_double.color, Some(ttrmap::model::Color::Gray));
    assert!(map.routes[2].tunnel);
    assert_eq!(map.routes[2].to, "northland-1");
    assert_eq!(map.routes[3].ferry, 1);

    assert_eq!(map.tickets.len(), 2);
    assert_eq!(map.tickets[0].to.as_deref(), Some("st-gallen"));
    assert_eq!(map.tickets[0].points, Some(6));
    let any_of = map.tickets[1].targets.as_ref().expect("an any-of ticket");
    let targets: Vec<(&str, i32)> = any_of.iter().map(|t| (t.to.as_str(), t.points)).collect();
    assert_eq!(targets, [("northland", 9), ("st-gallen", 5)]);
    assert!(map.decks.is_empty(), "one `base` deck stays implicit");

    let stats = ttrmap::stats::compute(&map);
    assert_eq!((stats.lanes, stats.spaces), (6, 2 + 2 + 3 + 3 + 1 + 4));
}

#[test]
fn an_existing_output_is_left_alone_without_force() {
    let tmp = temp_dir("force");
    let dir = tmp.0.clone();
    write_folder(&dir, ROUTES);
    let out = dir.join("map.toml");
    std::fs::write(&out, "# my hand-made map\n").unwrap();
    let o = import(&[dir.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--force"));
    assert_eq!(
        std::fs::read_to_string(&out).unwrap(),
        "# my hand-made map\n"
    );

    let o = import(&[
        dir.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
        "--force",
    ]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(
        std::fs::read_to_string(&out)
            .unwrap()
            .contains("[[routes]]")
    );
}

#[test]
fn a_malformed_row_names_its_file_and_line_and_writes_nothing() {
    let tmp = temp_dir("malformed");
    let dir = tmp.0.clone();
    // Line 4 (the header is line 1) has a length that is not a number.
    let bad = ROUTES.replace("3,1,Zürich,3,Bern,3,gray", "3,1,Zürich,3,Bern,three,gray");
    write_folder(&dir, &bad);
    let out = dir.join("map.toml");
    let o = import(&[dir.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("routes.csv:4:"), "{err}");
    assert!(err.contains("three"), "{err}");
    assert!(!out.exists());

    // A row with a missing field is located the same way.
    let short = ROUTES.replace("6,3,Bern,2,St. Gallen,4,gray,false,1,,0,,1,1", "6,3,Bern");
    write_folder(&dir, &short);
    let o = import(&[dir.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("routes.csv:7:"), "{err}");
    assert!(!out.exists());
}

#[test]
fn a_missing_folder_or_file_is_a_usage_error() {
    let tmp = temp_dir("missing");
    let dir = tmp.0.clone();
    let out = dir.join("map.toml");
    let o = import(&[
        dir.join("nowhere").to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    // cities.csv present, routes.csv missing.
    std::fs::write(dir.join("cities.csv"), CITIES).unwrap();
    let o = import(&[dir.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("routes.csv"));
    assert!(!out.exists());
}

#[test]
fn a_map_that_would_fail_check_is_not_written() {
    let tmp = temp_dir("invalid");
    let dir = tmp.0.clone();
    // A 12-space route has no score in any preset: `check` reports no-route-points.
    let routes = format!("{ROUTES}7,1,Zürich,3,Bern,12,green,false,0,,0,,3,3\n");
    write_folder(&dir, &routes);
    let out = dir.join("map.toml");
    let o = import(&[dir.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("no-route-points"));
    assert!(!out.exists());
}

#[test]
fn reimporting_the_reference_data_reproduces_the_shipped_routes() {
    // The shipped USA map is the import plus comments; the import alone must give the same
    // routes and tickets, so a re-import stays reproducible.
    let reference = Path::new("/work/shared/reference-data/usa");
    if !reference.is_dir() {
        // The reference data lives outside the repository; without it there is nothing to compare.
        eprintln!("skipped: {} is not present", reference.display());
        return;
    }
    let tmp = temp_dir("reimport");
    let dir = tmp.0.clone();
    let out = dir.join("usa.toml");
    let o = import(&[
        reference.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
        "--id",
        "usa",
        "--name",
        "USA",
        "--base",
        "usa",
        "--deck",
        "base",
        "--deck",
        "usa1910",
        "--deck",
        "usa1910-mega",
    ]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let fresh = ttrmap::load::load_path(&out).unwrap().map.unwrap();
    let shipped_path = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/usa.toml");
    let shipped = ttrmap::load::load_path(&shipped_path).unwrap().map.unwrap();
    assert_eq!(fresh.cities, shipped.cities);
    assert_eq!(fresh.routes, shipped.routes);
    assert_eq!(fresh.tickets, shipped.tickets);
    // The three decks, the base game's first (its default mode deals it, in file order).
    assert_eq!(fresh.deck_ids(), ["base", "usa1910", "usa1910-mega"]);
    assert_eq!(shipped.deck_ids(), fresh.deck_ids());
}

/// Every malformed row at once, each on its true line (also in a file saved with CRLF line
/// breaks, where the csv reader's own count ran one short), with a suggestion for a misspelt
/// city; a row naming a city whose own row was malformed is not reported twice.
#[test]
fn every_bad_row_at_once_on_its_line_with_a_suggestion() {
    let tmp = temp_dir("every-row");
    let dir = tmp.0.clone();
    let cities = CITIES.replace("3,Bern,100,400,city,,", "3,Bern,100,four hundred,city,,");
    std::fs::write(dir.join("cities.csv"), cities).unwrap();
    let routes = ROUTES
        .replace(
            "3,1,Zürich,3,Bern,3,gray",
            "3,1,Zürich,2,St. Gallen,three,gray",
        )
        .replace("5,2,St. Gallen,1001", "5,7,St. Gallen,1001")
        .replace('\n', "\r\n");
    std::fs::write(dir.join("routes.csv"), routes).unwrap();
    std::fs::write(dir.join("tickets.csv"), TICKETS).unwrap();
    let out = dir.join("map.toml");
    let o = import(&[dir.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    let lines: Vec<&str> = err.lines().collect();
    assert!(err.contains("cities.csv:5: `y` is `four hundred`"), "{err}");
    assert!(err.contains("routes.csv:4: `length` is `three`"), "{err}");
    assert!(
        err.contains("routes.csv:6: `from` names `7`, which is not in cities.csv"),
        "{err}"
    );
    // Bern's row is broken: the routes and tickets naming it are not reported again.
    assert!(!err.contains("`Bern`") && !err.contains("`3`,"), "{err}");
    assert_eq!(lines.len(), 3, "{err}");
    assert!(!out.exists());

    // A misspelt name gets the closest city.
    let by_name = ROUTES
        .lines()
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            // Drop the id columns: rows then name their cities.
            [&f[..1], &[f[2]], &[f[4]], &f[5..]].concat().join(",")
        })
        .collect::<Vec<_>>()
        .join("\n")
        .replace("Zürich,Bern", "Zürich,Bren");
    std::fs::write(dir.join("cities.csv"), CITIES).unwrap();
    std::fs::write(dir.join("routes.csv"), by_name).unwrap();
    let o = import(&[dir.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("names `Bren`, which is not in cities.csv; did you mean `Bern`?"),
        "{err}"
    );
}
