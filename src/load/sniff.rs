//! Whether a `.toml` file is meant as a map, from its text alone, for `check --skip-non-maps`
//! (the pre-commit hooks): a map repository also holds other tools' TOML (`.taplo.toml`,
//! `.cargo/config.toml`, `ruff.toml`, ...), which must not fail the hook. The text is read,
//! not parsed, so a map with a syntax error is still recognised and reported.

/// The top-level tables only a map has (`[lint]` is not one: ruff has it too).
const MAP_TABLES: &[&str] = &["map", "cities", "routes", "tickets"];

/// True when a header names a map table (`[map]`, `[map.board]`, `[[routes]]`), a line before
/// the first header sets `map` (`map = { ... }`, `map.id = ...`), or the `#:schema` line names
/// ttrmap's schema.
pub fn looks_like_map(text: &str) -> bool {
    let mut before_headers = true;
    for line in text.lines() {
        let line = line.trim_start_matches('\u{feff}').trim();
        if line.starts_with("#:schema") && line.contains("ttrmap") {
            return true;
        }
        if let Some(rest) = line.strip_prefix('[') {
            before_headers = false;
            let name = rest.trim_start_matches('[');
            let name = name.split(']').next().unwrap_or("");
            let first = name
                .split('.')
                .next()
                .unwrap_or("")
                .trim()
                .trim_matches('"');
            if MAP_TABLES.contains(&first) {
                return true;
            }
        } else if before_headers {
            let key = line
                .split(['=', '.'])
                .next()
                .unwrap_or("")
                .trim()
                .trim_matches('"');
            if key == "map" && line.len() > key.len() {
                return true;
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::looks_like_map;

    #[test]
    fn maps_and_other_tools_files_are_told_apart() {
        for map in [
            "[map]\nid = \"x\"\n",
            "# a comment\n[ map ]\n",
            "[map.board]\nwidth = 1\n",
            "[[routes]]\nfrom = \"a\"\n",
            "[[ tickets ]]\n",
            "map = { id = \"x\" }\n",
            "map.id = \"x\"\n",
            "#:schema ../schemas/ttrmap.schema.json\nid = 3\n",
            // A syntax error is still a map's.
            "[map\nid = \"x\"\n[[cities]]\nid = \"a\n",
        ] {
            assert!(looks_like_map(map), "{map}");
        }
        for other in [
            "[formatting]\nalign_entries = true\n[[rule]]\ninclude = [\"maps/*.toml\"]\n",
            "max_width = 100\n",
            "[build]\njobs = 2\n",
            "line-length = 100\n[lint]\nselect = [\"E\"]\n",
            "[default.extend-words]\nmap = \"map\"\n",
            "[package]\nname = \"x\"\n[dependencies]\nmap = \"1\"\n",
            "",
        ] {
            assert!(!looks_like_map(other), "{other}");
        }
    }
}
