//! The position file: what each player ended a game with, as people write it down.
//!
//! ```toml
//! map = "../maps/usa.toml"     # relative to this file
//! players = 2                  # optional; must match the number of [[player]] tables
//! mode = "grand"               # optional (maps with game modes)
//! without = ["mechanics.mystery_train"]  # optional: rules the game was played without
//!
//! [[player]]
//! name = "Ada"
//! routes = ["denver-omaha", { route = "New York – Boston", lane = 2 }]  # lane: 1 = first
//! stations = [{ city = "berlin", borrows = "berlin-wien" }, { city = "paris" }]
//! tickets = ["boston–miami", "Denver – El Paso"] # labels or card text; '-' for '–'
//! # The mechanic modules' own entries, each read and checked by its module:
//! markers = ["salt-lake-city", "st-george"]  # Old West (mechanics/city_markers/position.rs)
//! alvin = { captures = 1, holds = true }     # Old West's Alvin variant (alvin.rs)
//! festivals = { sevilla = 3, valencia = 7 }  # Iberia (festivals.rs)
//! mat = [{ line = "red", spot = 9 }]          # South Korea (province_mat.rs)
//! technologies = ["wales-concession"]         # the UK (technologies/position.rs), with
//! technology_points = { steam-turbine = 2 }   # `technology_points` and `right_of_way`
//! ```
//!
//! This file reads the top level and the core's keys of a `[[player]]` table (`name`,
//! `routes`, `stations`, `tickets`); every other key belongs to a module, which reads it
//! through the [`Reader`] ([`PositionEntries`](super::PositionEntries), in `entries.rs`,
//! which also has [`read`](super::read)) and keeps what it read in
//! [`PlayerPosition::entries`]. The modules' files say what their entries mean.
//!
//! The file is read by hand from the span tree rather than through serde, so every problem
//! of its shape (an unknown key, a wrong type, a missing `city`) is reported at once and at
//! its place, and an entry that is wrong is left out while the rest is still read and
//! checked. Every value keeps its span so the checks (`check.rs`) can point at it.

use crate::diagnostic::Diagnostic;
use crate::spans::{Seg, SpanNode, convert};
use crate::suggest::did_you_mean;
use serde_json::{Map, Value};
use std::any::Any;
use std::fmt::Debug;
use std::ops::Range;
use std::sync::Arc;

/// A value and the bytes of the file that wrote it (`0..0` for positions built in code).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct At<T> {
    pub value: T,
    pub span: Range<usize>,
}

impl<T> At<T> {
    /// A value that no file wrote (a position built in code or a test).
    pub fn bare(value: T) -> Self {
        At { value, span: 0..0 }
    }
}

/// A finished position.
#[derive(Debug, Clone)]
pub struct Position {
    /// The map file, relative to the position file.
    pub map: At<String>,
    /// Player count (default: the number of `[[player]]` tables).
    pub players: Option<At<i64>>,
    /// Game mode id, for maps with `[[modes]]`.
    pub mode: Option<At<String>>,
    /// Rules of the map the game was played without (keys as `playtest --without` takes).
    pub without: Vec<At<String>>,
    /// Seat order.
    pub player: Vec<PlayerPosition>,
    /// The `player` key, for problems of the player list as a whole.
    pub player_key: Range<usize>,
}

#[derive(Debug, Clone, Default)]
pub struct PlayerPosition {
    pub name: Option<String>,
    /// Where `name` is written, for two players of one name.
    pub name_span: Option<Range<usize>>,
    pub routes: Vec<RouteClaim>,
    /// The `routes` key, for problems of the whole list (too many trains).
    pub routes_key: Range<usize>,
    pub stations: Vec<StationPosition>,
    /// The `stations` key, for problems of the whole list (too many stations).
    pub stations_key: Range<usize>,
    pub tickets: Vec<At<String>>,
    /// The entries the mechanic modules read (`markers`, `festivals`, `technologies`...),
    /// one value a module, each of the module's own type
    /// ([`PositionEntries::read`](super::PositionEntries::read)).
    pub entries: Vec<Arc<dyn PlayerEntries>>,
}

impl PlayerPosition {
    /// This player's entries of type `T` (a module's own), if its module kept any.
    pub fn entries<T: PlayerEntries>(&self) -> Option<&T> {
        self.entries
            .iter()
            .find_map(|e| (&**e as &dyn Any).downcast_ref::<T>())
    }
}

/// One player's entries of one module, as the module read them
/// ([`PositionEntries::read`](super::PositionEntries::read)): any type of the module's own,
/// found again by [`PlayerPosition::entries`].
pub trait PlayerEntries: Any + Debug + Send + Sync {}

impl<T: Any + Debug + Send + Sync> PlayerEntries for T {}

/// A route by id (its first lane no one names), or a route and a lane.
#[derive(Debug, Clone)]
pub struct RouteClaim {
    pub route: At<String>,
    /// 1 = the route's first lane (its first listed colour). Any integer: the checks say
    /// what is wrong with 0, a negative lane or one the route does not have.
    pub lane: Option<At<i64>>,
}

#[derive(Debug, Clone)]
pub struct StationPosition {
    pub city: At<String>,
    /// The route (of another player, into `city`) the station borrows; absent: the best.
    pub borrows: Option<At<String>>,
}

/// What reading a position file gave: the position when its `map` could be read (entries
/// with problems left out), and every problem of the file's shape.
pub struct Read {
    pub position: Option<Position>,
    pub diagnostics: Vec<Diagnostic>,
}

/// The code of a problem in the shape of a position file.
pub const FORMAT: &str = "position-format";

const TOP_KEYS: &[&str] = &["map", "players", "mode", "without", "player"];
/// The keys of a `[[player]]` table the core reads; the modules' keys follow
/// ([`PositionEntries::keys`]).
pub(super) const CORE_PLAYER_KEYS: &[&str] = &["name", "routes", "stations", "tickets"];
const CLAIM_KEYS: &[&str] = &["route", "lane"];
const STATION_KEYS: &[&str] = &["city", "borrows"];

/// The modules' part of reading a `[[player]]` table: one player's entries of every module,
/// read from their table (`entries.rs` goes through the modules).
pub type ReadEntries<'a> =
    &'a dyn Fn(&mut Reader, usize, &Map<String, Value>) -> Vec<Arc<dyn PlayerEntries>>;

/// Reads a position file's text: the top level and the core's keys here, the modules' keys
/// (`module_keys`) through `read_entries`.
pub fn read_with(text: &str, module_keys: &[&str], read_entries: ReadEntries) -> Read {
    let (table, errors) = toml::de::DeTable::parse_recoverable(text);
    if !errors.is_empty() {
        let diagnostics = errors
            .iter()
            .map(|e| {
                Diagnostic::error("toml-syntax", e.message().trim().to_string())
                    .with_span(e.span().unwrap_or(0..0))
                    .with_label("here")
            })
            .collect();
        return Read {
            position: None,
            diagnostics,
        };
    }
    let converted = convert(&table);
    drop(table);
    let player_keys: Vec<&str> = CORE_PLAYER_KEYS
        .iter()
        .chain(module_keys)
        .copied()
        .collect();
    let mut reader = Reader {
        text,
        spans: &converted.spans,
        // Values the converter made null: numbers beyond 64 bits (and nan, inf, dates).
        too_large: converted
            .bad_values
            .iter()
            .map(|b| b.span.clone())
            .collect(),
        read_entries,
        player_keys: &player_keys,
        out: Vec::new(),
    };
    let position = reader.position(&converted.value);
    Read {
        position,
        diagnostics: reader.out,
    }
}

/// A whole number as the file gave it: in range, or beyond 64 bits (its digits kept).
pub enum Whole {
    Fits(i64),
    TooLarge(String),
}

/// The reading of one position file: the span tree every value is located by, and the
/// problems of its shape found so far. The modules read their entries through it
/// ([`PositionEntries::read`](super::PositionEntries::read)), so their problems read as
/// the core's.
pub struct Reader<'a> {
    text: &'a str,
    spans: &'a SpanNode,
    /// Integers beyond 64 bits: `convert` made them null.
    too_large: Vec<Range<usize>>,
    /// Reads the modules' entries of a player.
    read_entries: ReadEntries<'a>,
    /// Every key a `[[player]]` table may have: the core's, then the modules'.
    player_keys: &'a [&'a str],
    out: Vec<Diagnostic>,
}

impl Reader<'_> {
    /// A problem of the file's shape at `span`.
    pub fn error(&mut self, span: Range<usize>, message: impl Into<String>, label: &str) {
        self.out.push(
            Diagnostic::error(FORMAT, message)
                .with_span(span)
                .with_label(label),
        );
    }

    pub fn value_span(&self, path: &[Seg]) -> Range<usize> {
        self.spans.locate(path).value
    }

    pub fn key_span(&self, path: &[Seg]) -> Range<usize> {
        let loc = self.spans.locate(path);
        loc.key.unwrap_or(loc.value)
    }

    /// `what` is wrong at `path`: "`lane` must be a whole number".
    pub fn wrong(&mut self, path: &[Seg], message: String, label: &str) {
        let span = self.value_span(path);
        self.out.push(
            Diagnostic::error(FORMAT, message)
                .with_span(span)
                .with_label(label),
        );
    }

    /// The table at `path`, its unknown keys reported (with the closest known key).
    pub fn table<'v>(
        &mut self,
        v: &'v Value,
        path: &[Seg],
        known: &[&str],
        what: &str,
    ) -> Option<&'v Map<String, Value>> {
        let Some(map) = v.as_object() else {
            self.wrong(path, format!("{what} must be a table"), "not a table");
            return None;
        };
        for key in map.keys().filter(|k| !known.contains(&k.as_str())) {
            let mut at = path.to_vec();
            at.push(Seg::Key(key.clone()));
            let span = self.key_span(&at);
            let help = did_you_mean(key, known.iter().copied())
                .unwrap_or_else(|| format!("the keys here are {}", known.join(", ")));
            self.out.push(
                Diagnostic::error(FORMAT, format!("unknown key `{key}` in {what}"))
                    .with_span(span)
                    .with_label("not a key of this table")
                    .with_help(help),
            );
        }
        Some(map)
    }

    /// The values of `keys` in `table` (an entry at `path`), or `None` with the first missing
    /// key reported ([`Reader::missing`]).
    pub fn required<'v, const N: usize>(
        &mut self,
        table: &'v Map<String, Value>,
        path: &[Seg],
        keys: [&str; N],
        what: &str,
        example: &str,
    ) -> Option<[&'v Value; N]> {
        if let Some(key) = keys.iter().find(|k| !table.contains_key(**k)) {
            self.missing(path, key, what, example);
            return None;
        }
        Some(keys.map(|k| &table[k]))
    }

    pub fn missing(&mut self, path: &[Seg], key: &str, what: &str, example: &str) {
        let span = self.value_span(path);
        self.out.push(
            Diagnostic::error(FORMAT, format!("missing key `{key}` in {what}"))
                .with_span(span)
                .with_label(format!("this table needs `{key}`"))
                .with_help(format!("for example {example}")),
        );
    }

    pub fn string(&mut self, v: &Value, path: &[Seg], what: &str) -> Option<At<String>> {
        match v.as_str() {
            Some(s) => Some(At {
                value: s.to_string(),
                span: self.value_span(path),
            }),
            None => {
                self.wrong(path, format!("{what} must be a string"), "not a string");
                None
            }
        }
    }

    pub fn whole(&mut self, v: &Value, path: &[Seg], what: &str) -> Option<At<Whole>> {
        let span = self.value_span(path);
        let whole = match v {
            Value::Number(n) => n.as_i64().map(Whole::Fits).or_else(|| {
                // Beyond i64 but within u64: still far too large for a count or a lane.
                n.as_u64().map(|u| Whole::TooLarge(u.to_string()))
            }),
            Value::Null if self.too_large.contains(&span) => {
                let written = self.text.get(span.clone()).unwrap_or("").to_string();
                Some(Whole::TooLarge(written))
            }
            _ => None,
        };
        match whole {
            Some(value) => Some(At { value, span }),
            None => {
                self.wrong(
                    path,
                    format!("{what} must be a whole number"),
                    "not a whole number",
                );
                None
            }
        }
    }

    /// Player `i`'s entries under `key` (an array), each read by `item` (the reader, the
    /// entry, `i`, the entry's index); those read well and the key's span. `None` when the
    /// key is not written.
    pub fn entries<T>(
        &mut self,
        table: &Map<String, Value>,
        i: usize,
        key: &str,
        mut item: impl FnMut(&mut Self, &Value, usize, usize) -> Option<T>,
    ) -> Option<(Vec<T>, Range<usize>)> {
        let path = crate::path!["player", i, key];
        let span = self.key_span(&path);
        let items = self.array(table.get(key)?, &path, &format!("`{key}`"));
        let read = (items.iter().enumerate())
            .filter_map(|(j, v)| item(self, v, i, j))
            .collect();
        Some((read, span))
    }

    pub fn array<'v>(&mut self, v: &'v Value, path: &[Seg], what: &str) -> &'v [Value] {
        match v.as_array() {
            Some(items) => items,
            None => {
                self.wrong(path, format!("{what} must be an array"), "not an array");
                &[]
            }
        }
    }

    fn position(&mut self, doc: &Value) -> Option<Position> {
        let top = self.table(doc, &[], TOP_KEYS, "the top level")?;
        let map = match top.get("map") {
            Some(v) => self.string(v, crate::path!["map"].as_slice(), "`map`"),
            None => {
                self.out.push(
                    Diagnostic::error(FORMAT, "missing key `map` at the top level")
                        .with_span(0..0)
                        .with_label("the position needs its map")
                        .with_help(
                            "name the map file, relative to this file: map = \"../maps/usa.toml\"",
                        ),
                );
                None
            }
        };
        let players = top.get("players").and_then(|v| {
            let path = crate::path!["players"];
            match self.whole(v, &path, "`players`")? {
                At {
                    value: Whole::Fits(n),
                    span,
                } => Some(At { value: n, span }),
                At {
                    value: Whole::TooLarge(written),
                    span,
                } => {
                    self.out.push(
                        Diagnostic::error(
                            FORMAT,
                            format!("players = {written}: no game has that many players"),
                        )
                        .with_span(span)
                        .with_label("not a player count"),
                    );
                    None
                }
            }
        });
        let mode = top
            .get("mode")
            .and_then(|v| self.string(v, crate::path!["mode"].as_slice(), "`mode`"));
        let mut without = Vec::new();
        if let Some(v) = top.get("without") {
            for (i, item) in self
                .array(v, crate::path!["without"].as_slice(), "`without`")
                .iter()
                .enumerate()
            {
                without.extend(self.string(
                    item,
                    crate::path!["without", i].as_slice(),
                    "each entry of `without`",
                ));
            }
        }
        let mut player = Vec::new();
        if let Some(v) = top.get("player") {
            let items = match v.as_array() {
                Some(items) => items.as_slice(),
                None => {
                    self.wrong(
                        crate::path!["player"].as_slice(),
                        "`player` must be an array of tables: write each player as a [[player]] table".into(),
                        "not an array of tables",
                    );
                    &[]
                }
            };
            for (i, item) in items.iter().enumerate() {
                player.extend(self.player(item, i));
            }
        }
        Some(Position {
            map: map?,
            players,
            mode,
            without,
            player,
            player_key: self.key_span(crate::path!["player"].as_slice()),
        })
    }

    fn player(&mut self, v: &Value, i: usize) -> Option<PlayerPosition> {
        let what = format!("[[player]] #{}", i + 1);
        let known = self.player_keys;
        let table = self.table(v, crate::path!["player", i].as_slice(), known, &what)?;
        let name = table
            .get("name")
            .and_then(|v| self.string(v, crate::path!["player", i, "name"].as_slice(), "`name`"));
        let mut p = PlayerPosition {
            name_span: name.as_ref().map(|n| n.span.clone()),
            name: name.map(|n| n.value),
            routes_key: self.key_span(crate::path!["player", i, "routes"].as_slice()),
            stations_key: self.key_span(crate::path!["player", i, "stations"].as_slice()),
            ..PlayerPosition::default()
        };
        let read_entries = self.read_entries;
        p.entries = read_entries(self, i, table);
        if let Some(v) = table.get("routes") {
            let path = crate::path!["player", i, "routes"];
            for (j, item) in self.array(v, &path, "`routes`").iter().enumerate() {
                p.routes.extend(self.claim(item, i, "routes", j));
            }
        }
        if let Some(v) = table.get("stations") {
            let path = crate::path!["player", i, "stations"];
            for (j, item) in self.array(v, &path, "`stations`").iter().enumerate() {
                p.stations.extend(self.station(item, i, j));
            }
        }
        if let Some(v) = table.get("tickets") {
            let path = crate::path!["player", i, "tickets"];
            for (j, item) in self.array(v, &path, "`tickets`").iter().enumerate() {
                let at = crate::path!["player", i, "tickets", j];
                p.tickets
                    .extend(self.string(item, &at, "each ticket (its label)"));
            }
        }
        Some(p)
    }

    /// A table of counts, 0 to 1000, by any id (the check knows the ids).
    pub fn counts(
        &mut self,
        v: &Value,
        path: Vec<Seg>,
        what: &str,
        example: &str,
        (each, label): (&str, &str),
    ) -> Vec<(At<String>, At<i64>)> {
        let Some(table) = v.as_object() else {
            self.wrong(
                &path,
                format!("{what} must be a table: {example}"),
                "not a table",
            );
            return Vec::new();
        };
        let mut out = Vec::new();
        for (group, n) in table {
            let mut at = path.clone();
            at.push(Seg::Key(group.clone()));
            let key = At {
                value: group.clone(),
                span: self.key_span(&at),
            };
            match self.whole(n, &at, each) {
                Some(At {
                    value: Whole::Fits(n),
                    span,
                }) if (0..=1000).contains(&n) => out.push((key, At { value: n, span })),
                Some(At { span, .. }) => self.out.push(
                    Diagnostic::error(FORMAT, format!("{each} are a count: 0 to 1000"))
                        .with_span(span)
                        .with_label(label),
                ),
                None => {}
            }
        }
        out
    }

    /// Item `j` of `[[player]]` `i`'s `key` (`routes`, `right_of_way`).
    pub fn claim(&mut self, v: &Value, i: usize, key: &str, j: usize) -> Option<RouteClaim> {
        let what = format!("a route of [[player]] #{}", i + 1);
        self.claim_at(v, crate::path!["player", i, key, j], &what)
    }

    /// A route id, or `{ route = "id", lane = N }`, at `path`.
    pub fn claim_at(&mut self, v: &Value, path: Vec<Seg>, what: &str) -> Option<RouteClaim> {
        if let Some(id) = v.as_str() {
            return Some(RouteClaim {
                route: At {
                    value: id.to_string(),
                    span: self.value_span(&path),
                },
                lane: None,
            });
        }
        if !v.is_object() {
            self.wrong(
                &path,
                "each route is a route id or { route = \"id\", lane = N }".into(),
                "not a route",
            );
            return None;
        }
        let table = self.table(v, &path, CLAIM_KEYS, what)?;
        let route = match table.get("route") {
            Some(r) => {
                let mut at = path.clone();
                at.push(Seg::Key("route".into()));
                self.string(r, &at, "`route`")
            }
            None => {
                self.missing(
                    &path,
                    "route",
                    what,
                    "{ route = \"denver-omaha\", lane = 1 }",
                );
                None
            }
        };
        let lane = match table.get("lane") {
            None => None,
            Some(l) => {
                let mut at = path.clone();
                at.push(Seg::Key("lane".into()));
                match self.whole(l, &at, "`lane` (a lane is a whole number, 1 = the first)") {
                    None => return None,
                    Some(At {
                        value: Whole::Fits(n),
                        span,
                    }) => Some(At { value: n, span }),
                    Some(At {
                        value: Whole::TooLarge(written),
                        span,
                    }) => {
                        let id = route.as_ref().map_or("?", |r| r.value.as_str());
                        self.out.push(
                            Diagnostic::error(
                                FORMAT,
                                format!(
                                    "lane {written}: route `{id}` has no such lane; lanes are numbered from 1"
                                ),
                            )
                            .with_span(span)
                            .with_label("no such lane"),
                        );
                        return None;
                    }
                }
            }
        };
        Some(RouteClaim {
            route: route?,
            lane,
        })
    }

    fn station(&mut self, v: &Value, i: usize, j: usize) -> Option<StationPosition> {
        let path = crate::path!["player", i, "stations", j];
        let what = format!("a station of [[player]] #{}", i + 1);
        let table = self.table(v, &path, STATION_KEYS, &what)?;
        let city = match table.get("city") {
            Some(c) => {
                let mut at = path.clone();
                at.push(Seg::Key("city".into()));
                self.string(c, &at, "`city`")
            }
            None => {
                self.missing(&path, "city", &what, "{ city = \"wien\" }");
                None
            }
        };
        let borrows = table.get("borrows").and_then(|b| {
            let mut at = path.clone();
            at.push(Seg::Key("borrows".into()));
            self.string(b, &at, "`borrows`")
        });
        Some(StationPosition {
            city: city?,
            borrows,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The core's reading alone.
    fn read(text: &str) -> Read {
        read_with(text, &[], &|_, _, _| Vec::new())
    }

    #[test]
    fn a_well_formed_position_keeps_every_span() {
        let text =
            "map = \"m.toml\"\n[[player]]\nroutes = [\"a-b\", { route = \"b-c\", lane = 2 }]\n";
        let read = read(text);
        assert!(read.diagnostics.is_empty(), "{:?}", read.diagnostics);
        let p = read.position.unwrap();
        assert_eq!(&text[p.map.span.clone()], "\"m.toml\"");
        let claims = &p.player[0].routes;
        assert_eq!(&text[claims[0].route.span.clone()], "\"a-b\"");
        let lane = claims[1].lane.as_ref().unwrap();
        assert_eq!((lane.value, &text[lane.span.clone()]), (2, "2"));
        assert_eq!(&text[p.player[0].routes_key.clone()], "routes");
    }

    #[test]
    fn a_bad_entry_is_left_out_and_the_rest_is_read() {
        let text = "map = \"m.toml\"\n[[player]]\nroutes = [\"a-b\", 7, { lane = 1 }, \"c-d\"]\n";
        let read = read(text);
        assert_eq!(read.diagnostics.len(), 2, "{:?}", read.diagnostics);
        let p = read.position.unwrap();
        let ids: Vec<&str> = p.player[0]
            .routes
            .iter()
            .map(|c| c.route.value.as_str())
            .collect();
        assert_eq!(ids, ["a-b", "c-d"]);
    }

    #[test]
    fn integers_beyond_64_bits_are_named_as_written() {
        let text = "map = \"m\"\nplayers = 123456789012345678901\n[[player]]\n\
                    routes = [{ route = \"a-b\", lane = -99999999999999999999 }]\n";
        let read = read(text);
        let messages: Vec<&str> = read
            .diagnostics
            .iter()
            .map(|d| d.message.as_str())
            .collect();
        assert_eq!(
            messages,
            [
                "players = 123456789012345678901: no game has that many players",
                "lane -99999999999999999999: route `a-b` has no such lane; lanes are numbered from 1",
            ]
        );
        let p = read.position.unwrap();
        assert!(p.players.is_none() && p.player[0].routes.is_empty());
    }

    #[test]
    fn without_a_map_there_is_no_position() {
        let read = read("[[player]]\n");
        assert!(read.position.is_none());
        assert!(read.diagnostics[0].message.contains("missing key `map`"));
    }
}
