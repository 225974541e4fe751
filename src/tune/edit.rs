//! The edits `tune` may propose: small changes a designer would make by hand, each written
//! into the map's own text at the value it changes (comments, order and layout kept), so the
//! proposal is a diff the designer can read and `--write` applies.
//!
//! An edit is legal when the edited map loads without errors and lints with no finding the
//! original did not have: the map's `[lint.expect]` facts (Castilla y León's 300 spaces,
//! equal colours) are lint findings when broken, so no accepted edit breaks them.

use super::Refusal;
use crate::model::MapFile;
use crate::playtest::names;
use crate::spans::Seg;
use serde::Serialize;

/// One lane's colour: a route's `color`, or entry `lane` of its `colors`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LaneColour {
    pub route: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lane: Option<usize>,
    pub colour: String,
}

/// A ticket worth exactly its shortest path before a length change, given its new one: what
/// the designer of such a map (Castilla y León's normal tickets) does after moving a space.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Revalue {
    pub ticket: usize,
    pub from: i32,
    pub to: i32,
}

/// One proposed change.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Edit {
    /// A ticket's value.
    TicketPoints { ticket: usize, from: i32, to: i32 },
    /// One space moved from one route to another of the same colours: the total spaces and
    /// each colour's spaces are kept (for maps whose `[lint.expect]` fixes them).
    MoveSpace {
        shorter: usize,
        longer: usize,
        #[serde(skip_serializing_if = "Vec::is_empty")]
        revalued: Vec<Revalue>,
    },
    /// A route one space longer or shorter (maps without a fixed total).
    RouteLength {
        route: usize,
        from: u8,
        to: u8,
        #[serde(skip_serializing_if = "Vec::is_empty")]
        revalued: Vec<Revalue>,
    },
    /// Two lanes of the same length and kind exchange colours: every colour keeps its spaces.
    SwapColours { a: LaneColour, b: LaneColour },
    /// The locomotives a ferry asks for.
    FerryLocomotives { route: usize, from: u8, to: u8 },
    /// Every ticket of a deck worth `percent` % of its value, rounded (at least 1): the
    /// designer's lever when the whole deck pays too much or too little against the routes.
    /// `tickets` lists the values that change.
    TicketDeck {
        deck: String,
        percent: u32,
        tickets: Vec<Revalue>,
    },
    /// One entry of the route scoring table (`[rules] route_points`): what a claimed route of
    /// `length` spaces scores. Routes against tickets, without touching a ticket.
    RoutePoints { length: u8, from: i32, to: i32 },
}

impl Edit {
    /// The values this edit writes: (path in the map's tree, new value as TOML).
    fn writes(&self, map: &MapFile) -> Vec<(Vec<Seg>, String)> {
        let length = |r: usize| -> Vec<Seg> { vec!["routes".into(), r.into(), "length".into()] };
        let colour = |c: &LaneColour| -> Vec<Seg> {
            let mut p: Vec<Seg> = vec!["routes".into(), c.route.into()];
            match c.lane {
                Some(k) => p.extend([Seg::from("colors"), Seg::from(k)]),
                None => p.push("color".into()),
            }
            p
        };
        let len = |r: usize| map.routes.get(r).map_or(0, |r| r.length);
        let points = |t: usize, to: i32| -> (Vec<Seg>, String) {
            (
                vec!["tickets".into(), t.into(), "points".into()],
                to.to_string(),
            )
        };
        match self {
            Edit::TicketPoints { ticket, to, .. } => vec![points(*ticket, *to)],
            Edit::MoveSpace {
                shorter,
                longer,
                revalued,
            } => [
                (length(*shorter), (len(*shorter) - 1).to_string()),
                (length(*longer), (len(*longer) + 1).to_string()),
            ]
            .into_iter()
            .chain(revalued.iter().map(|v| points(v.ticket, v.to)))
            .collect(),
            Edit::RouteLength {
                route,
                to,
                revalued,
                ..
            } => std::iter::once((length(*route), to.to_string()))
                .chain(revalued.iter().map(|v| points(v.ticket, v.to)))
                .collect(),
            Edit::SwapColours { a, b } => vec![
                (colour(a), format!("\"{}\"", b.colour)),
                (colour(b), format!("\"{}\"", a.colour)),
            ],
            Edit::FerryLocomotives { route, to, .. } => vec![(
                vec!["routes".into(), (*route).into(), "ferry".into()],
                to.to_string(),
            )],
            Edit::TicketDeck { tickets, .. } => {
                tickets.iter().map(|v| points(v.ticket, v.to)).collect()
            }
            // Written where the map spells the entry; `apply` adds it when the map does not.
            Edit::RoutePoints { length, to, .. } => vec![(
                vec![
                    "rules".into(),
                    "route_points".into(),
                    Seg::Key(length.to_string()),
                ],
                to.to_string(),
            )],
        }
    }

    /// The routes and tickets it touches, so one proposal never edits a thing twice.
    pub fn touches(&self) -> Vec<(char, usize)> {
        match self {
            Edit::TicketPoints { ticket, .. } => vec![('t', *ticket)],
            Edit::MoveSpace {
                shorter,
                longer,
                revalued,
            } => [('r', *shorter), ('r', *longer)]
                .into_iter()
                .chain(revalued.iter().map(|v| ('t', v.ticket)))
                .collect(),
            Edit::RouteLength {
                route, revalued, ..
            } => std::iter::once(('r', *route))
                .chain(revalued.iter().map(|v| ('t', v.ticket)))
                .collect(),
            Edit::SwapColours { a, b } => vec![('r', a.route), ('r', b.route)],
            Edit::FerryLocomotives { route, .. } => vec![('r', *route)],
            Edit::TicketDeck { tickets, .. } => tickets.iter().map(|v| ('t', v.ticket)).collect(),
            // No route or ticket: a table entry may move again in a later round (one point
            // at a time, each step confirmed on its own fresh games).
            Edit::RoutePoints { .. } => Vec::new(),
        }
    }

    /// The kind's name, as `--freeze` names it.
    pub fn kind(&self) -> &'static str {
        match self {
            Edit::TicketPoints { .. } => "ticket-points",
            Edit::MoveSpace { .. } | Edit::RouteLength { .. } => "route-length",
            Edit::SwapColours { .. } => "route-colour",
            Edit::FerryLocomotives { .. } => "ferry-locomotives",
            Edit::TicketDeck { .. } => "ticket-deck",
            Edit::RoutePoints { .. } => "route-points",
        }
    }

    /// The edit in a designer's words: `ticket León–Soria: 8 → 11 points`.
    pub fn describe(&self, map: &MapFile) -> String {
        let len = |r: usize| map.routes.get(r).map_or(0, |r| r.length);
        match self {
            Edit::TicketPoints { ticket, from, to } => format!(
                "ticket {}: {from} → {to} points",
                names::ticket_at(map, *ticket)
            ),
            Edit::MoveSpace {
                shorter,
                longer,
                revalued,
            } => format!(
                "route {}: {} → {} spaces, and route {}: {} → {} spaces{}",
                names::route(map, *shorter),
                len(*shorter),
                len(*shorter) - 1,
                names::route(map, *longer),
                len(*longer),
                len(*longer) + 1,
                revalue_words(map, revalued)
            ),
            Edit::RouteLength {
                route,
                from,
                to,
                revalued,
            } => format!(
                "route {}: {from} → {to} spaces{}",
                names::route(map, *route),
                revalue_words(map, revalued)
            ),
            Edit::SwapColours { a, b } => format!(
                "route {} {} ↔ route {} {}",
                names::route(map, a.route),
                a.colour,
                names::route(map, b.route),
                b.colour
            ),
            Edit::FerryLocomotives { route, from, to } => format!(
                "ferry {}: {from} → {to} locomotives",
                names::route(map, *route)
            ),
            Edit::TicketDeck {
                deck,
                percent,
                tickets,
            } => {
                let (old, new) = tickets
                    .iter()
                    .fold((0, 0), |(o, n), v| (o + v.from, n + v.to));
                format!(
                    "deck {deck}: every ticket worth {percent} % of its value, rounded \
                     ({} ticket{} change, {old} → {new} points in all)",
                    tickets.len(),
                    if tickets.len() == 1 { "" } else { "s" }
                )
            }
            Edit::RoutePoints { length, from, to } => format!(
                "route scoring: a route of {length} space{} scores {from} → {to} points",
                if *length == 1 { "" } else { "s" }
            ),
        }
    }
}

/// `; tickets A 8 → 9, B 12 → 11 (their new shortest paths)`, or nothing.
fn revalue_words(map: &MapFile, revalued: &[Revalue]) -> String {
    if revalued.is_empty() {
        return String::new();
    }
    let each: Vec<String> = revalued
        .iter()
        .map(|v| format!("{} {} → {}", names::ticket_at(map, v.ticket), v.from, v.to))
        .collect();
    format!(
        "; ticket{} {} (worth their shortest path, as before)",
        if each.len() == 1 { "" } else { "s" },
        each.join(", ")
    )
}

/// `text` with `edit` written into it; `Err` when the text does not load cleanly or a value
/// the edit writes is not spelled in the file (a route whose length comes from elsewhere).
pub fn apply(name: &str, text: &str, map: &MapFile, edit: &Edit) -> Result<String, Refusal> {
    let loaded = crate::load::load_str(name, text);
    let spans = loaded
        .spans
        .as_ref()
        .filter(|_| !loaded.has_errors())
        .ok_or_else(|| Refusal::MapHasErrors(name.to_string()))?;
    let mut writes: Vec<(std::ops::Range<usize>, String)> = Vec::new();
    for (path, value) in edit.writes(map) {
        let at = spans.locate(&path);
        if !at.exact {
            // A scoring table entry usually comes from the preset: the map gets its own.
            if let Edit::RoutePoints { length, to, .. } = edit {
                return add_route_points(name, text, map, *length, *to)
                    .ok_or_else(|| Refusal::NotWritten(edit.describe(map)));
            }
            return Err(Refusal::NotWritten(edit.describe(map)));
        }
        writes.push((at.value, value));
    }
    Ok(crate::spans::splice(text, writes))
}

/// `text` with the scoring table entry `length = to` added to the map's `[rules]`: into its
/// `route_points` when it has one, else as a new `route_points` holding the whole table the map
/// plays by (its preset's, with the one entry changed), so the map says what it scores whether
/// the table is merged over the preset's or replaces it. The rest of the text is kept as it was
/// (`toml_edit`); `None` unless the edited text loads with exactly that table.
fn add_route_points(name: &str, text: &str, map: &MapFile, length: u8, to: i32) -> Option<String> {
    use toml_edit::{DocumentMut, InlineTable, Item, Table, Value};
    let mut want = map.rules.route_points.clone();
    want.insert(length, to);
    let mut doc: DocumentMut = text.parse().ok()?;
    let rules = doc
        .as_table_mut()
        .entry("rules")
        .or_insert_with(|| Item::Table(Table::new()))
        .as_table_like_mut()?;
    let key = length.to_string();
    match rules.get_mut("route_points") {
        Some(table) => {
            table
                .as_table_like_mut()?
                .insert(&key, Item::Value(Value::from(i64::from(to))));
        }
        None => {
            let mut table = InlineTable::new();
            for (l, p) in &want {
                table.insert(l.to_string(), Value::from(i64::from(*p)));
            }
            rules.insert("route_points", Item::Value(Value::InlineTable(table)));
        }
    }
    let out = doc.to_string();
    let loaded = crate::load::load_str(name, &out);
    match (&loaded.map, loaded.has_errors()) {
        (Some(m), false) if m.rules.route_points == want => Some(out),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "[map]\nid = \"w\"\nname = \"W\"\nplayers = { min = 2, max = 2 }\n\
        board = { width = 10, height = 10 }\n\n[[cities]]\nid = \"a\"\nposition = [1, 1]\n\
        [[cities]]\nid = \"b\"\nposition = [5, 5]\n\
        [[routes]]\nfrom = \"a\"\nto = \"b\"\nlength = 2 # short\ncolor = \"red\"\n\
        [[routes]]\nfrom = \"b\"\nto = \"a\"\nlength = 3\ncolors = [\"blue\", \"green\"]\n\n\
        [[tickets]]\nfrom = \"a\"\nto = \"b\"\npoints = 4 # hand-tuned\n";

    fn map() -> MapFile {
        crate::load::load_str("w.toml", TEXT).map.unwrap()
    }

    #[test]
    fn edits_write_their_values_and_keep_the_rest() {
        let m = map();
        let e = Edit::TicketPoints {
            ticket: 0,
            from: 4,
            to: 7,
        };
        assert_eq!(
            apply("w.toml", TEXT, &m, &e).unwrap(),
            TEXT.replace("points = 4 #", "points = 7 #")
        );
        let e = Edit::MoveSpace {
            shorter: 1,
            longer: 0,
            revalued: vec![Revalue {
                ticket: 0,
                from: 4,
                to: 5,
            }],
        };
        assert_eq!(
            apply("w.toml", TEXT, &m, &e).unwrap(),
            TEXT.replace("length = 2 #", "length = 3 #")
                .replace("length = 3\ncolors", "length = 2\ncolors")
                .replace("points = 4 #", "points = 5 #")
        );
        let e = Edit::SwapColours {
            a: LaneColour {
                route: 0,
                lane: None,
                colour: "red".into(),
            },
            b: LaneColour {
                route: 1,
                lane: Some(1),
                colour: "green".into(),
            },
        };
        assert_eq!(
            apply("w.toml", TEXT, &m, &e).unwrap(),
            TEXT.replace("color = \"red\"", "color = \"green\"")
                .replace("\"blue\", \"green\"", "\"blue\", \"red\"")
        );
        let ferry = Edit::FerryLocomotives {
            route: 0,
            from: 1,
            to: 2,
        };
        // The starter text has no `ferry` on its first route: nothing to rewrite.
        assert!(apply("w.toml", TEXT, &m, &ferry).is_err());
        let with_ferry = TEXT.replace("length = 2 # short\n", "length = 2 # short\nferry = 1\n");
        let fm = crate::load::load_str("w.toml", &with_ferry).map.unwrap();
        assert_eq!(
            apply("w.toml", &with_ferry, &fm, &ferry).unwrap(),
            with_ferry.replace("ferry = 1", "ferry = 2")
        );
        let missing = Edit::TicketPoints {
            ticket: 3,
            from: 4,
            to: 7,
        };
        assert!(apply("w.toml", TEXT, &m, &missing).is_err());
    }
}
