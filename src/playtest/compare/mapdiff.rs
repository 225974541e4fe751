//! What differs between two map files, before any game: routes and tickets added, removed or
//! changed (the keys that changed), cities renamed, the `stats` counts and spaces per colour,
//! and the lint findings per rule.

use super::super::names;
use crate::model::{MapFile, Ticket};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

/// A count on both versions.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CountChange {
    pub name: String,
    pub old: i64,
    pub new: i64,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct MapDiff {
    pub routes_added: Vec<String>,
    pub routes_removed: Vec<String>,
    /// `name: key old → new, ...` for routes in both with other values.
    pub routes_changed: Vec<String>,
    pub tickets_added: Vec<String>,
    pub tickets_removed: Vec<String>,
    pub tickets_changed: Vec<String>,
    /// `id: old name → new name`.
    pub cities_renamed: Vec<String>,
    /// The rules values that differ, resolved through the presets, as `trains.per_player 12
    /// → 16` (a change of rules is a change of the map even where no count shows it).
    pub rules_changed: Vec<String>,
    /// The mechanic values that differ, as `mechanics.alvin.optional false → true`.
    pub mechanics_changed: Vec<String>,
    /// The `ttrmap stats` counts that differ (cities, lanes, spaces, tickets, ...), and the
    /// spaces per colour that differ (`spaces red`).
    pub counts: Vec<CountChange>,
    /// Lint findings per rule, where the number differs.
    pub lint: Vec<CountChange>,
}

impl MapDiff {
    /// Nothing differs.
    pub fn is_empty(&self) -> bool {
        *self == MapDiff::default()
    }
}

/// The top-level keys whose values differ between two serialized items, as `key a → b`.
fn changed_keys(a: &impl Serialize, b: &impl Serialize) -> Vec<String> {
    let (Ok(serde_json::Value::Object(a)), Ok(serde_json::Value::Object(b))) =
        (serde_json::to_value(a), serde_json::to_value(b))
    else {
        return Vec::new();
    };
    let keys: BTreeSet<&String> = a.keys().chain(b.keys()).collect();
    let shown = |v: Option<&serde_json::Value>| v.map_or("none".to_string(), |v| v.to_string());
    keys.into_iter()
        .filter(|k| a.get(*k) != b.get(*k))
        .map(|k| format!("{k} {} → {}", shown(a.get(k)), shown(b.get(k))))
        .collect()
}

/// Every leaf that differs between two serialized values, by its dotted path under `prefix`
/// (`trains.by_players.3 13 → 17`); arrays are compared whole.
fn changed_leaves(prefix: &str, a: &impl Serialize, b: &impl Serialize) -> Vec<String> {
    fn walk(path: &str, a: Option<&Value>, b: Option<&Value>, out: &mut Vec<String>) {
        if a == b {
            return;
        }
        if let (Some(Value::Object(x)), Some(Value::Object(y))) = (a, b) {
            let keys: BTreeSet<&String> = x.keys().chain(y.keys()).collect();
            for k in keys {
                let sub = if path.is_empty() {
                    k.clone()
                } else {
                    format!("{path}.{k}")
                };
                walk(&sub, x.get(k), y.get(k), out);
            }
            return;
        }
        let shown = |v: Option<&Value>| v.map_or("none".to_string(), |v| v.to_string());
        out.push(format!("{path} {} → {}", shown(a), shown(b)));
    }
    use serde_json::Value;
    let mut out = Vec::new();
    if let (Ok(a), Ok(b)) = (serde_json::to_value(a), serde_json::to_value(b)) {
        walk(prefix, Some(&a), Some(&b), &mut out);
    }
    out
}

/// Ticket `t` of `from` in `to`: the ticket of the same deck and label, else one of the same
/// label (the USA holds Boston–Miami twice, as first printed and as reprinted in another
/// deck).
fn counterpart<'a>(t: &Ticket, from: &MapFile, to: &'a MapFile) -> Option<&'a Ticket> {
    let deck = |m: &MapFile, x: &Ticket| {
        x.deck
            .clone()
            .unwrap_or_else(|| m.deck_ids()[0].to_string())
    };
    let same = |n: &&Ticket| n.label() == t.label();
    to.tickets
        .iter()
        .filter(same)
        .find(|n| deck(to, n) == deck(from, t))
        .or_else(|| to.tickets.iter().find(same))
}

/// The differences between `old` and `new`; `lint_old` and `lint_new` are their lint
/// findings' codes.
pub fn diff(old: &MapFile, new: &MapFile, lint_old: &[&str], lint_new: &[&str]) -> MapDiff {
    let mut d = MapDiff::default();
    for (i, r) in old.routes.iter().enumerate() {
        match new.routes.iter().position(|n| n.id() == r.id()) {
            None => d.routes_removed.push(names::route(old, i)),
            Some(j) => {
                let keys = changed_keys(r, &new.routes[j]);
                if !keys.is_empty() {
                    d.routes_changed
                        .push(format!("{}: {}", names::route(new, j), keys.join(", ")));
                }
            }
        }
    }
    for (j, r) in new.routes.iter().enumerate() {
        if !old.routes.iter().any(|o| o.id() == r.id()) {
            d.routes_added.push(names::route(new, j));
        }
    }
    for t in &old.tickets {
        match counterpart(t, old, new) {
            None => d.tickets_removed.push(names::ticket(old, t)),
            Some(n) => {
                let keys = changed_keys(t, n);
                if !keys.is_empty() {
                    d.tickets_changed.push(format!(
                        "{}: {}",
                        names::ticket(new, n),
                        keys.join(", ")
                    ));
                }
            }
        }
    }
    for t in &new.tickets {
        if counterpart(t, new, old).is_none() {
            d.tickets_added.push(names::ticket(new, t));
        }
    }
    for c in &old.cities {
        if let Some(n) = new.cities.iter().find(|n| n.id == c.id)
            && n.display_name() != c.display_name()
        {
            d.cities_renamed.push(format!(
                "{}: {} → {}",
                c.id,
                c.display_name(),
                n.display_name()
            ));
        }
    }
    d.rules_changed = changed_leaves("", &old.rules, &new.rules);
    d.mechanics_changed = changed_leaves("mechanics", &old.mechanics, &new.mechanics);
    d.counts = counts(old, new);
    let tally = |codes: &[&str]| {
        let mut m: BTreeMap<String, i64> = BTreeMap::new();
        for c in codes {
            *m.entry(c.to_string()).or_default() += 1;
        }
        m
    };
    let (a, b) = (tally(lint_old), tally(lint_new));
    let codes: BTreeSet<&String> = a.keys().chain(b.keys()).collect();
    d.lint = codes
        .into_iter()
        .map(|c| CountChange {
            name: c.clone(),
            old: a.get(c).copied().unwrap_or(0),
            new: b.get(c).copied().unwrap_or(0),
        })
        .filter(|c| c.old != c.new)
        .collect();
    d
}

/// The `stats` counts and spaces per colour that differ.
fn counts(old: &MapFile, new: &MapFile) -> Vec<CountChange> {
    let (a, b) = (crate::stats::compute(old), crate::stats::compute(new));
    let mut out = Vec::new();
    let mut count = |name: &str, x: i64, y: i64| {
        if x != y {
            out.push(CountChange {
                name: name.into(),
                old: x,
                new: y,
            });
        }
    };
    count("cities", a.cities as i64, b.cities as i64);
    count("routes", a.routes as i64, b.routes as i64);
    count("lanes", a.lanes as i64, b.lanes as i64);
    count("spaces", a.spaces as i64, b.spaces as i64);
    count("tickets", a.tickets as i64, b.tickets as i64);
    count("tunnels", a.tunnels as i64, b.tunnels as i64);
    count("ferries", a.ferries as i64, b.ferries as i64);
    let colours: BTreeSet<&&str> = a
        .spaces_by_color
        .keys()
        .chain(b.spaces_by_color.keys())
        .collect();
    for c in colours {
        let get = |m: &BTreeMap<&'static str, u32>| m.get(*c).copied().unwrap_or(0) as i64;
        count(
            &format!("spaces {c}"),
            get(&a.spaces_by_color),
            get(&b.spaces_by_color),
        );
    }
    out
}
