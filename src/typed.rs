//! Names as a designer types them, compared with the map's: a ticket as its card reads
//! (`Northport – Central`) or by its label (`north–centre`), a route by its two cities' names
//! or ids (`Northport-Lakeside`), with a hyphen, an en dash or an em dash, spaces around the
//! dash or none, in any case. `score` and `suggest tickets --only` read names through here.

/// The comparable form of a typed name: lower case, `–` and `—` as `-`, no spaces around a
/// dash, runs of spaces as one (`"Northport – Central"` → `"northport-central"`).
pub fn normalise(name: &str) -> String {
    let lower = name.replace(['–', '—'], "-").to_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    words
        .join(" ")
        .replace(" - ", "-")
        .replace(" -", "-")
        .replace("- ", "-")
}

/// Every normalised form a place–place ticket label (`north–centre`, `a–b–c`) may be typed
/// in: as written and read from the other end, by ids and by the places' names (`name` gives
/// a place's name from its id). Other labels (an explicit id, `from→a|b`) only as written.
pub fn ticket_forms<'a>(label: &str, name: impl Fn(&str) -> Option<&'a str>) -> Vec<String> {
    let mut forms = vec![normalise(label)];
    if !label.contains('–') || label.contains('→') {
        return forms;
    }
    let ids: Vec<&str> = label.split('–').collect();
    let names: Option<Vec<&str>> = ids.iter().map(|id| name(id)).collect();
    let mut orders = vec![ids.clone()];
    if let Some(n) = names {
        orders.push(n);
    }
    for order in orders {
        let forward = normalise(&order.join("–"));
        let back = normalise(&order.iter().rev().copied().collect::<Vec<_>>().join("–"));
        for f in [forward, back] {
            if !forms.contains(&f) {
                forms.push(f);
            }
        }
    }
    forms
}

/// The name a map gives place `id` (a city's or a zone's `name`), when it has one.
pub fn place_name<'a>(map: &'a crate::model::MapFile, id: &str) -> Option<&'a str> {
    let city = map.cities.iter().find(|c| c.id == id).map(|c| &c.name);
    let zone = || map.zones.iter().find(|z| z.id == id).map(|z| &z.name);
    city.or_else(zone).and_then(|n| n.as_deref())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dashes_spaces_and_case_are_alike() {
        for typed in [
            "Northport – Central",
            "northport-central",
            "NORTHPORT - Central",
            "Northport—Central",
            "northport  -central",
        ] {
            assert_eq!(normalise(typed), "northport-central", "{typed}");
        }
        assert_eq!(normalise("Cape Lee – Harbour"), "cape lee-harbour");
    }

    #[test]
    fn a_ticket_reads_by_ids_and_names_from_either_end() {
        let name = |id: &str| match id {
            "north" => Some("Northport"),
            "centre" => Some("Central"),
            _ => None,
        };
        let forms = ticket_forms("north–centre", name);
        for f in [
            "north-centre",
            "centre-north",
            "northport-central",
            "central-northport",
        ] {
            assert!(forms.contains(&f.to_string()), "{f}: {forms:?}");
        }
        assert_eq!(
            ticket_forms("bern→italia|france", name),
            ["bern→italia|france"]
        );
    }
}
