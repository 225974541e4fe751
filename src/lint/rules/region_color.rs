//! # region-color
//!
//! A route's colour is none of its end cities' region colours. Where regions have a `color`
//! (South Korea), that colour is the colour of the region's routes: a route inside a region
//! has the region's colour, and a route between two regions has the colour of one of them.
//!
//! - Only regions with a `color` count. An end in no region, in a region without a `color`,
//!   or at a zone offers no colour of its own: the route must then have the colour of its
//!   other end's region. A route with no end in a coloured region is not looked at.
//! - A gray lane is never reported: gray is no card colour (any colour pays for it), so a gray
//!   route belongs to no region's colour and contradicts none; South Korea gives many
//!   coloured regions' double routes a gray second lane. A region whose `color` is gray
//!   (South Korea's Jeju) has gray routes: a coloured route to it must have the other end's
//!   colour.
//! - Every lane of a double route must have one of the ends' colours (the lanes may differ:
//!   one the colour of each region).
//! - A track bed (France) takes its colour from the piece built on it and is not looked at.
//!
//! ## Why it matters
//! The rules tie a region's colour to its routes (South Korea's province mat ranks claims by
//! colour, and the board draws each region's rings in it): a route of another colour reads as
//! belonging to no region and breaks the pattern players go by, most often a copy-and-paste
//! slip or a city put in the wrong region.
//!
//! ## Example
//! ```toml
//! [[regions]]
//! id = "gangwon"
//! color = "blue"
//!
//! [[regions]]
//! id = "sudogwon"
//! color = "yellow"
//!
//! [[routes]]
//! from = "seoul"        # region = "sudogwon"
//! to = "chuncheon"      # region = "gangwon"
//! length = 2
//! color = "red"         # warning: neither yellow (sudogwon) nor blue (gangwon)
//! ```

use super::prelude::*;
use crate::model::Color;

pub const RULE: Rule = Rule {
    id: "region-color",
    default: Level::Warn,
    source: include_str!("region_color.rs"),
    from_loader: false,
    // A region left out would make its cities' routes look uncoloured by it.
    reads: &["routes", "cities", "regions"],
    counts: &["regions"],
    check,
};

fn check(cx: &mut LintCx) {
    let map = cx.map;
    if map.regions.iter().all(|r| r.color.is_none()) {
        return;
    }
    // The coloured region of a route end, if it has one: (region id, colour).
    let region_of = |end: &str| {
        let city = map.cities.iter().find(|c| c.id == end)?;
        let id = city.region.as_deref()?;
        let region = map.regions.iter().find(|r| r.id == id)?;
        Some((region.id.as_str(), region.color?))
    };
    for (i, r) in map.routes.iter().enumerate() {
        if r.track_bed {
            continue;
        }
        let mut ends: Vec<(&str, Color)> = [r.from.as_str(), r.to.as_str()]
            .into_iter()
            .filter_map(region_of)
            .collect();
        ends.dedup();
        if ends.is_empty() {
            continue;
        }
        let mut odd: Vec<Color> = r
            .lane_colors()
            .into_iter()
            .filter(|c| *c != Color::Gray && ends.iter().all(|(_, e)| e != c))
            .collect();
        odd.sort_unstable();
        odd.dedup();
        if odd.is_empty() {
            continue;
        }
        let names = |cs: &[Color], with: &str| {
            cs.iter()
                .map(Color::to_string)
                .collect::<Vec<_>>()
                .join(with)
        };
        let colours = names(&odd, " and ");
        let regions = ends
            .iter()
            .map(|(id, c)| format!("{c} (`{id}`)"))
            .collect::<Vec<_>>()
            .join(" and ");
        let mut wanted: Vec<Color> = ends.iter().map(|e| e.1).collect();
        wanted.sort_unstable();
        wanted.dedup();
        let wanted = names(&wanted, " or ");
        let whose = if ends.len() == 1 {
            "its end's region colour"
        } else {
            "its ends' region colours"
        };
        cx.report(
            path!["routes", i],
            format!("route `{}` is {colours}, not {whose} {regions}", r.id()),
            "a colour of no region it joins",
            Some(format!(
                "colour it {wanted}, or check the `region` of `{}` and `{}`",
                r.from, r.to
            )),
        );
    }
}
