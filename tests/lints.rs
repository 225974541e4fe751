//! Lint rules on small fixture maps: for every registered rule, `tests/fixtures/lints/<id>/`
//! holds `trigger*.toml` maps that must produce a finding of that rule and `clean*.toml` maps
//! that must not. The findings of every fixture are pinned with insta snapshots (code,
//! severity, line:column, message). Level overrides, parameters, expectations, unknown rule ids
//! and `ttrmap explain` are tested on inline maps.

use crate::common;

use std::path::{Path, PathBuf};
use ttrmap::diagnostic::{Diagnostic, LineIndex, Severity};
use ttrmap::lint::registry::RULES;

fn fixture_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/lints")
}

/// Load diagnostics plus lint findings, as `ttrmap check` gathers them.
fn findings(loaded: &ttrmap::load::Loaded) -> Vec<Diagnostic> {
    let mut out = loaded.diagnostics.clone();
    if !loaded.has_errors() {
        out.extend(ttrmap::lint::run(loaded));
    }
    out
}

/// One line per finding: `code severity line:col message`.
fn render(text: &str, found: &[Diagnostic]) -> String {
    let index = LineIndex::new(text);
    found
        .iter()
        .map(|d| {
            let at = match &d.span {
                Some(s) => {
                    let (line, col) = index.line_col(s.start);
                    format!("{line}:{col}")
                }
                None => "-".to_string(),
            };
            format!("{} {} {at} {}", d.code, d.severity.name(), d.message)
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn load_fixture(path: &Path) -> (ttrmap::load::Loaded, Vec<Diagnostic>) {
    let loaded = ttrmap::load::load_path(path).expect("fixture is readable");
    let found = findings(&loaded);
    (loaded, found)
}

/// The fixture files of one rule whose name starts with `prefix`, sorted.
fn fixtures(rule: &str, prefix: &str) -> Vec<PathBuf> {
    let dir = fixture_dir().join(rule);
    let mut out: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("no fixture directory for `{rule}`: {e}"))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| {
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            name.starts_with(prefix) && name.ends_with(".toml")
        })
        .collect();
    out.sort();
    out
}

#[test]
fn every_rule_has_a_trigger_and_a_clean_fixture() {
    for rule in RULES {
        let triggers = fixtures(rule.id, "trigger");
        let cleans = fixtures(rule.id, "clean");
        assert!(!triggers.is_empty(), "`{}` has no trigger fixture", rule.id);
        assert!(!cleans.is_empty(), "`{}` has no clean fixture", rule.id);
        for path in &triggers {
            let (_, found) = load_fixture(path);
            assert!(
                found.iter().any(|d| d.code == rule.id),
                "{} does not trigger `{}`: {found:#?}",
                path.display(),
                rule.id
            );
        }
        for path in &cleans {
            let (_, found) = load_fixture(path);
            assert!(
                found.iter().all(|d| d.code != rule.id),
                "{} triggers `{}`: {found:#?}",
                path.display(),
                rule.id
            );
        }
    }
}

#[test]
fn every_fixture_directory_names_a_rule() {
    for entry in std::fs::read_dir(fixture_dir()).expect("fixture dir") {
        let name = entry.expect("entry").file_name();
        let name = name.to_string_lossy();
        assert!(
            ttrmap::lint::registry::find(&name).is_some(),
            "fixture directory `{name}` names no rule"
        );
    }
}

#[test]
fn fixture_findings_snapshots() {
    for rule in RULES {
        for path in fixtures(rule.id, "") {
            let (loaded, found) = load_fixture(&path);
            let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("?");
            insta::assert_snapshot!(format!("{}__{stem}", rule.id), render(&loaded.text, &found));
        }
    }
}

#[test]
fn fixtures_start_with_the_schema_line() {
    for rule in RULES {
        for path in fixtures(rule.id, "") {
            let text = std::fs::read_to_string(&path).expect("readable");
            assert_eq!(
                text.lines().next(),
                Some("#:schema ../../../../schemas/ttrmap.schema.json"),
                "{}",
                path.display()
            );
        }
    }
}

// ---- inline maps: levels, parameters, expectations -------------------------------------

/// A ring a–b–c–d of 2-space routes with a tail c–e (single lane), plus `extra` appended.
fn ring_map(lint: &str, extra: &str) -> String {
    let mut s = String::from(
        "[map]\nid = \"t\"\nname = \"T\"\nplayers = { min = 2, max = 5 }\nboard = { width = 100, height = 100 }\n",
    );
    s.push_str(lint);
    s.push('\n');
    for c in ["a", "b", "c", "d", "e"] {
        s.push_str(&format!("[[cities]]\nid = \"{c}\"\nposition = [0, 0]\n"));
    }
    for (a, b, len) in [
        ("a", "b", 2),
        ("b", "c", 2),
        ("c", "d", 2),
        ("d", "a", 2),
        ("c", "e", 3),
    ] {
        s.push_str(&format!(
            "[[routes]]\nfrom = \"{a}\"\nto = \"{b}\"\nlength = {len}\n"
        ));
    }
    s.push_str("[[tickets]]\nfrom = \"a\"\nto = \"e\"\npoints = 9\n");
    s.push_str(extra);
    s
}

fn lint_text(text: &str) -> Vec<Diagnostic> {
    let loaded = ttrmap::load::load_str("inline.toml", text);
    assert!(!loaded.has_errors(), "{:#?}", loaded.diagnostics);
    ttrmap::lint::run(&loaded)
}

fn severity_of(found: &[Diagnostic], code: &str) -> Vec<Severity> {
    found
        .iter()
        .filter(|d| d.code == code)
        .map(|d| d.severity)
        .collect()
}

const QUIET: &str = "allow = [\"board-capacity\", \"deck-size\", \"color-balance\"]";

#[test]
fn default_levels_apply_without_a_lint_table() {
    let found = lint_text(&ring_map(&format!("[lint]\n{QUIET}"), ""));
    // a–e costs 7; the ticket says 9: premium 2 is within the default.
    assert!(severity_of(&found, "ticket-value").is_empty(), "{found:#?}");
    assert_eq!(
        severity_of(&found, "single-lane-bridge"),
        vec![Severity::Warning]
    );
    assert_eq!(severity_of(&found, "dead-end"), vec![Severity::Info]);
}

#[test]
fn allow_warn_and_deny_override_the_default_level() {
    let found = lint_text(&ring_map(
        &format!("[lint]\n{QUIET}\nwarn = [\"dead-end\"]\ndeny = [\"single-lane-bridge\"]"),
        "",
    ));
    assert_eq!(
        severity_of(&found, "single-lane-bridge"),
        vec![Severity::Error]
    );
    assert_eq!(severity_of(&found, "dead-end"), vec![Severity::Warning]);

    let found = lint_text(&ring_map(
        "[lint]\nallow = [\"board-capacity\", \"deck-size\", \"color-balance\", \"single-lane-bridge\", \"dead-end\"]",
        "",
    ));
    assert!(severity_of(&found, "single-lane-bridge").is_empty());
    assert!(severity_of(&found, "dead-end").is_empty());
}

#[test]
fn allow_all_switches_every_rule_off_and_deny_beats_it() {
    let found = lint_text(&ring_map("[lint]\nallow = [\"all\"]", ""));
    assert!(found.is_empty(), "{found:#?}");
    let found = lint_text(&ring_map(
        "[lint]\nallow = [\"all\"]\ndeny = [\"dead-end\"]",
        "",
    ));
    assert_eq!(severity_of(&found, "dead-end"), vec![Severity::Error]);
    assert_eq!(found.len(), 1, "{found:#?}");
}

#[test]
fn a_preset_switches_a_rule_off() {
    // Iberia's preset allows ticket-value: a ticket 10 over its path passes there, not on USA.
    let worth_too_much = "[[tickets]]\nfrom = \"a\"\nto = \"c\"\npoints = 14\n";
    let usa = lint_text(&ring_map(&format!("[lint]\n{QUIET}"), worth_too_much));
    assert_eq!(severity_of(&usa, "ticket-value"), vec![Severity::Warning]);
    let iberia = lint_text(&ring_map(
        &format!("[rules]\nbase = \"iberia\"\n[lint]\n{QUIET}"),
        worth_too_much,
    ));
    assert!(
        severity_of(&iberia, "ticket-value").is_empty(),
        "{iberia:#?}"
    );
    // The map's own list still wins over the preset.
    let denied = lint_text(&ring_map(
        &format!("[rules]\nbase = \"iberia\"\n[lint]\n{QUIET}\ndeny = [\"ticket-value\"]"),
        worth_too_much,
    ));
    assert_eq!(severity_of(&denied, "ticket-value"), vec![Severity::Error]);
}

#[test]
fn params_move_the_thresholds() {
    let worth_more = "[[tickets]]\nfrom = \"a\"\nto = \"c\"\npoints = 7\n"; // path 4: +3
    let strict = lint_text(&ring_map(&format!("[lint]\n{QUIET}"), worth_more));
    assert_eq!(severity_of(&strict, "ticket-value").len(), 1);
    let lenient = lint_text(&ring_map(
        &format!("[lint]\n{QUIET}\n[lint.params.ticket-value]\nmax_premium = 3"),
        worth_more,
    ));
    assert!(severity_of(&lenient, "ticket-value").is_empty());

    // city-ticket-overload: `a` is on 2 tickets; max = 1 reports it, the default does not.
    let two = "[[tickets]]\nfrom = \"a\"\nto = \"b\"\npoints = 2\n";
    let default = lint_text(&ring_map(&format!("[lint]\n{QUIET}"), two));
    assert!(severity_of(&default, "city-ticket-overload").is_empty());
    let tight = lint_text(&ring_map(
        &format!("[lint]\n{QUIET}\n[lint.params.city-ticket-overload]\nmax = 1"),
        two,
    ));
    assert!(
        tight
            .iter()
            .any(|d| d.code == "city-ticket-overload" && d.message.contains("`a`")),
        "{tight:#?}"
    );
}

#[test]
fn a_broken_expectation_is_an_error_even_when_the_rule_is_allowed() {
    // The ring has 4 × 2 + 3 spaces, the extra red route 1: 12, not the 13 stated.
    let text = ring_map(
        "[lint]\nallow = [\"all\"]\n[lint.expect]\ntotal_spaces = 13\nequal_colors = true",
        "[[routes]]\nfrom = \"a\"\nto = \"c\"\nlength = 1\ncolor = \"red\"\n",
    );
    let found = lint_text(&text);
    let index = LineIndex::new(&text);
    let total: Vec<&Diagnostic> = found.iter().filter(|d| d.code == "total-spaces").collect();
    assert_eq!(total.len(), 1, "{found:#?}");
    assert_eq!(total[0].severity, Severity::Error);
    assert_eq!(total[0].message, "the routes have 12 spaces, not 13");
    let line = index.line_col(total[0].span.clone().expect("span").start).0;
    assert_eq!(text.lines().nth(line - 1), Some("total_spaces = 13"));
    // Red has one lane of 1 space and the other colours none: spaces and lanes differ.
    assert_eq!(
        severity_of(&found, "color-balance"),
        vec![Severity::Error, Severity::Error],
        "{found:#?}"
    );
    // Nothing else: the allowed rules' ordinary findings stay hidden.
    assert_eq!(found.len(), 3, "{found:#?}");
}

#[test]
fn unknown_rule_ids_in_the_lint_table_are_warned_about() {
    let text = ring_map(
        &format!(
            "[lint]\n{QUIET}\nwarn = [\"dead-ends\"]\n[lint.params.colour-balance]\ntolerance = 2"
        ),
        "",
    );
    let found = lint_text(&text);
    let unknown: Vec<&Diagnostic> = found.iter().filter(|d| d.code == "unknown-lint").collect();
    assert_eq!(unknown.len(), 2, "{found:#?}");
    assert!(unknown.iter().all(|d| d.severity == Severity::Warning));
    assert!(unknown[0].message.contains("`dead-ends`"));
    assert_eq!(
        unknown[0].help.as_deref().map(|h| h.contains("dead-end")),
        Some(true)
    );
    assert!(unknown[1].message.contains("`colour-balance`"));
    let index = LineIndex::new(&text);
    let (line, _) = index.line_col(unknown[0].span.clone().expect("span").start);
    assert_eq!(text.lines().nth(line - 1), Some("warn = [\"dead-ends\"]"));
}

#[test]
fn explain_prints_each_rules_documentation() {
    let dir = common::TempDir::new("explain");
    for rule in RULES {
        let out = common::ttrmap_in(&dir.0, &["explain", rule.id]);
        assert!(out.status.success(), "explain {}", rule.id);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            stdout.starts_with(&format!("{}\n", rule.doc())),
            "explain {} differs from Rule::doc():\n{stdout}",
            rule.id
        );
        assert!(rule.doc().starts_with(&format!("# {}\n", rule.id)));
    }
}

#[test]
fn shared_ticket_costs_equal_the_graphs_per_ticket_costs_on_every_shipped_map() {
    let mut checked = 0;
    // Only the `.toml` files: `ttrmap render maps/X.toml` (the README's main command) writes
    // beside the maps.
    for path in common::shipped_map_files() {
        let loaded = ttrmap::load::load_path(&path).expect("readable");
        let map = loaded.map.as_ref().expect("shipped maps load");
        let graph = ttrmap::graph::BoardGraph::new(map);
        let shared = graph.all_ticket_costs(map);
        for (t, costs) in map.tickets.iter().zip(&shared) {
            assert_eq!(
                costs,
                &graph.ticket_costs(t),
                "{}: {}",
                loaded.name,
                t.label()
            );
            checked += 1;
        }
    }
    assert!(checked > 500, "only {checked} tickets checked");
}

/// The two boards: a city at `[900, -20]` on a 750-wide board (it vanished from the
/// render and `check` passed), and a route entry stacked on a double route.
#[test]
fn geometry_nobody_checked_is_reported() {
    let base = std::fs::read_to_string(fixture_dir().join("dead-end/clean.toml")).unwrap();
    let off = base
        .replace("width = 1000", "width = 750")
        .replace("position = [400, 100]", "position = [900, -20]");
    let loaded = ttrmap::load::load_str("off.toml", &off);
    let found = findings(&loaded);
    let d = found
        .iter()
        .find(|d| d.code == "city-off-board")
        .expect("reported");
    assert_eq!(d.severity, Severity::Error);
    assert!(
        d.message
            .contains("150 beyond the right edge, 20 above the top"),
        "{}",
        d.message
    );
    let stacked = base.replace(
        "[[routes]]\nfrom = \"a\"\nto = \"b\"\nlength = 2\n",
        "[[routes]]\nfrom = \"a\"\nto = \"b\"\nlength = 2\ncolors = [\"red\", \"blue\"]\n\n\
         [[routes]]\nfrom = \"b\"\nto = \"a\"\nlength = 2\n",
    );
    let loaded = ttrmap::load::load_str("stacked.toml", &stacked);
    assert!(
        findings(&loaded).iter().any(|d| d.code == "stacked-route"),
        "{:?}",
        findings(&loaded)
    );
}

/// South Korea's routes follow its regions' colours (its header: a route between two regions
/// takes either one's colour, Jeju's are gray; many doubles have a gray second lane), so
/// `region-color` finds nothing there; one lane recoloured is named, with its route's line.
#[test]
fn region_color_holds_on_south_korea_and_names_a_recoloured_route() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/south-korea.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    let (_, found) = load_fixture(&path);
    let region: Vec<&Diagnostic> = found.iter().filter(|d| d.code == "region-color").collect();
    assert!(region.is_empty(), "{region:#?}");
    // Seoul and Incheon are both in Sudogwon (yellow): a blue first lane is no region's.
    let old = "from = \"seoul\"\nto = \"incheon\"\nlength = 2\ncolors = [\"yellow\", \"gray\"]";
    assert!(text.contains(old));
    let recoloured = text.replace(old, &old.replace("\"yellow\"", "\"blue\""));
    let loaded = ttrmap::load::load_str("south-korea.toml", &recoloured);
    let found = findings(&loaded);
    let region: Vec<&Diagnostic> = found.iter().filter(|d| d.code == "region-color").collect();
    assert_eq!(region.len(), 1, "{region:#?}");
    assert_eq!(
        region[0].message,
        "route `seoul-incheon` is blue, not its end's region colour yellow (`sudogwon`)"
    );
    let (line, _) = LineIndex::new(&recoloured).line_col(region[0].span.clone().unwrap().start);
    // The route's table: its header, then its `from`.
    let mut at = recoloured.lines().skip(line - 1);
    assert_eq!(at.next(), Some("[[routes]]"));
    assert_eq!(at.next(), Some("from = \"seoul\""));
}
