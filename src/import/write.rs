//! The map file's text: tables in a fixed order, rows in CSV order, so the same folder always
//! gives the same bytes.

use super::{Imported, ImportedRoute, ImportedTicket, LaneColor, Options};
use crate::model::{Color, IMPLICIT_DECK};
use std::collections::BTreeSet;
use std::fmt::Write;

/// France's track pieces (from Board Game Arena's setup; the total of 64
/// matches the rulebook): per colour 3 of length 2, 3 of length 3, 1 of 4 and 1 of 5.
const FRANCE_TRACK_PIECES: [(u8, u8); 4] = [(2, 3), (3, 3), (4, 1), (5, 1)];

/// A TOML basic string.
pub(super) fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for ch in s.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04X}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Whole numbers without a fraction (`1395`), others as given.
fn num(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        format!("{}", v as i64)
    } else {
        format!("{v}")
    }
}

fn position(p: [f64; 2]) -> String {
    format!("[{}, {}]", num(p[0]), num(p[1]))
}

pub(super) fn map_text(m: &Imported, opts: &Options) -> String {
    let mut out = String::new();
    let w = &mut out;
    if let Some(r) = &opts.schema_ref {
        let _ = writeln!(w, "#:schema {r}");
    }
    let _ = writeln!(
        w,
        "# Imported by `ttrmap import` from `{}/` ({}).",
        m.source_name,
        m.files.join(", ")
    );
    let _ = writeln!(
        w,
        "# Ids are slugs of the names; parallel rows of one city pair are one route with lanes."
    );
    let _ = writeln!(w, "\n[map]");
    let _ = writeln!(w, "id = {}", quote(&opts.id));
    let _ = writeln!(w, "name = {}", quote(&opts.name));
    let _ = writeln!(
        w,
        "players = {{ min = {}, max = {} }}",
        opts.players.min, opts.players.max
    );
    let _ = writeln!(
        w,
        "board = {{ width = {}, height = {}, units = \"px\" }}",
        num(m.board[0]),
        num(m.board[1])
    );

    let _ = writeln!(w, "\n[rules]");
    let _ = writeln!(w, "base = {}", quote(&opts.base));
    for (line, comment) in &m.rule_lines {
        let _ = writeln!(w, "{line}  # {comment}");
    }
    for note in &m.rule_notes {
        let _ = writeln!(w, "# {note}");
    }

    mechanics(w, m);

    for (id, name) in &m.regions {
        let _ = writeln!(
            w,
            "\n[[regions]]\nid = {}\nname = {}",
            quote(id),
            quote(name)
        );
    }
    for z in &m.zones {
        let _ = writeln!(
            w,
            "\n[[zones]]\nid = {}\nname = {}",
            quote(&z.id),
            quote(&z.name)
        );
        if z.offboard {
            let _ = writeln!(w, "kind = \"offboard\"");
        }
        let _ = writeln!(w, "position = {}", position(z.position));
    }
    for c in &m.cities {
        let _ = writeln!(
            w,
            "\n[[cities]]\nid = {}\nname = {}",
            quote(&c.id),
            quote(&c.name)
        );
        let _ = writeln!(w, "position = {}", position(c.position));
        if let Some(z) = &c.zone {
            let _ = writeln!(w, "zone = {}", quote(z));
        }
        if let Some(r) = &c.region {
            let _ = writeln!(w, "region = {}", quote(r));
        }
    }
    for r in &m.routes {
        route(w, r);
    }
    let implicit_only = m.decks.iter().all(|d| d == IMPLICIT_DECK);
    if !implicit_only {
        let has_regular = m.decks.iter().any(|d| !is_long(d));
        for d in &m.decks {
            let _ = writeln!(w, "\n[[decks]]\nid = {}", quote(d));
            if is_long(d) && has_regular {
                // As Europe's long deck: one dealt at setup, never drawn later.
                let _ = writeln!(w, "kind = \"long\"\ninitial_deal = 1\ndrawable = false");
            } else if is_long(d) {
                let _ = writeln!(w, "kind = \"long\"");
            }
        }
    }
    for t in &m.tickets {
        ticket(w, t, !implicit_only);
    }
    out
}

fn is_long(deck: &str) -> bool {
    deck.ends_with("long")
}

fn mechanics(w: &mut String, m: &Imported) {
    let beds: BTreeSet<u8> = m
        .routes
        .iter()
        .filter(|r| r.lanes.contains(&LaneColor::TrackBed))
        .map(|r| r.first.length)
        .collect();
    if !beds.is_empty() {
        let _ = writeln!(w, "\n[mechanics.track_pieces]");
        let _ = writeln!(
            w,
            "# France's split (per colour 3×2, 3×3, 1×4, 1×5, as Board Game Arena sets it up);\n# other track-bed lengths get 1 piece per colour. Edit for another map."
        );
        let _ = writeln!(w, "pieces = [");
        let mut lengths: Vec<(u8, u8)> = FRANCE_TRACK_PIECES.to_vec();
        for &len in &beds {
            if !lengths.iter().any(|(l, _)| *l == len) {
                lengths.push((len, 1));
            }
        }
        lengths.sort();
        for (len, count) in lengths {
            for c in Color::CARD_COLORS {
                let _ = writeln!(
                    w,
                    "  {{ length = {len}, color = \"{}\", count = {count} }},",
                    c.name()
                );
            }
        }
        let _ = writeln!(w, "]");
    }
    if m.routes.iter().any(|r| r.first.mountains > 0) {
        let _ = writeln!(
            w,
            "\n[mechanics.mountains]\n# Each mountain space costs one more train, which scores 2 points.\ntrains_lost = 1\npoints_per_train = 2"
        );
    }
    if m.routes.iter().any(|r| !r.first.stock_shares.is_empty()) {
        let _ = writeln!(
            w,
            "\n[mechanics.stock_shares]\n# Share values are on the routes; companies are not in the CSV files.\nunverified = true"
        );
    }
}

fn route(w: &mut String, r: &ImportedRoute) {
    let _ = writeln!(w, "\n[[routes]]");
    if let Some(id) = &r.id {
        let _ = writeln!(w, "id = {}", quote(id));
    }
    let _ = writeln!(w, "from = {}\nto = {}", quote(&r.from), quote(&r.to));
    let _ = writeln!(w, "length = {}", r.first.length);
    let colors: Vec<Color> = r
        .lanes
        .iter()
        .filter_map(|l| match l {
            LaneColor::Color(c) => Some(*c),
            LaneColor::TrackBed => None,
        })
        .collect();
    let n = r.lanes.len();
    if colors.is_empty() {
        let _ = writeln!(w, "track_bed = true");
        if n > 1 {
            let _ = writeln!(w, "lanes = {n}");
        }
    } else if colors.iter().all(|c| *c == colors[0]) {
        let _ = writeln!(w, "color = \"{}\"", colors[0].name());
        if n > 1 {
            let _ = writeln!(w, "lanes = {n}");
        }
    } else {
        let names: Vec<String> = colors.iter().map(|c| format!("\"{}\"", c.name())).collect();
        let _ = writeln!(w, "colors = [{}]", names.join(", "));
    }
    let f = &r.first;
    if f.tunnel {
        let _ = writeln!(w, "tunnel = true");
    }
    if f.ferry > 0 {
        let _ = writeln!(w, "ferry = {}", f.ferry);
    }
    if f.mountains > 0 {
        let _ = writeln!(w, "mountains = {}", f.mountains);
    }
    if f.ferry == 0
        && let Some(k) = f.any_cards
    {
        let _ = writeln!(w, "any_cards_for_one = {k}");
    }
    if let Some(k) = r.ferry_substitute {
        let _ = writeln!(w, "ferry_substitute = {{ cards = {k} }}");
    }
    if !f.stock_shares.is_empty() {
        let v: Vec<String> = f.stock_shares.iter().map(u32::to_string).collect();
        let _ = writeln!(w, "stock_shares = [{}]", v.join(", "));
    }
}

fn ticket(w: &mut String, t: &ImportedTicket, with_deck: bool) {
    let _ = writeln!(w, "\n[[tickets]]");
    if with_deck {
        let _ = writeln!(w, "deck = {}", quote(&t.deck));
    }
    let _ = writeln!(w, "from = {}", quote(&t.from));
    match t.targets.as_slice() {
        [(to, points)] => {
            let _ = writeln!(w, "to = {}\npoints = {points}", quote(to));
        }
        targets => {
            let items: Vec<String> = targets
                .iter()
                .map(|(to, p)| format!("{{ to = {}, points = {p} }}", quote(to)))
                .collect();
            let _ = writeln!(w, "targets = [{}]", items.join(", "));
        }
    }
}
