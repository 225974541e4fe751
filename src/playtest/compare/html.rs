//! `compare --format html`: the comparison as one self-contained page: the significant
//! changes first, the map differences, the route-heat difference drawn on the new board (blue
//! where a route is claimed more often, red where less), and sortable tables of every figure
//! with its 95 % interval.

use super::super::page::{BLUE, Cell, RED, legend, page, painted_board, ramp, table};
use super::render::{Unit, describe, map_lines};
use super::stats::Change;
use super::{Comparison, RouteChange};
use crate::model::MapFile;
use crate::render::RenderError;
use crate::render::svg::esc;
use std::collections::HashMap;
use std::fmt::Write;

/// Red for "claimed less", paper white for no change, blue for "claimed more".
fn stops(max: f64) -> [(f64, [u8; 3]); 3] {
    let hex = |c: &str| {
        let v = u32::from_str_radix(&c[1..], 16).unwrap_or(0);
        [(v >> 16) as u8, (v >> 8) as u8, v as u8]
    };
    [
        (-max, hex(RED)),
        (0.0, [0xfb, 0xf7, 0xec]),
        (max, hex(BLUE)),
    ]
}

fn change_cells(c: &Change, unit: Unit) -> Vec<Cell> {
    let (k, suffix) = match unit {
        Unit::Rate => (100.0, "%"),
        Unit::Number => (1.0, ""),
    };
    let shown = |x: f64| format!("{:.2}{suffix}", x * k);
    let class = if c.significant { "sig" } else { "noise" };
    vec![
        Cell::num(c.old, shown(c.old)),
        Cell::num(c.new, shown(c.new)),
        Cell::html(
            format!(
                "<span class=\"{class}\">{:+.2}{suffix}</span>",
                c.change * k
            ),
            Some(c.change),
        ),
        Cell::num(c.low, format!("{} to {}", shown(c.low), shown(c.high))),
        Cell::text(if c.significant { "yes" } else { "" }),
    ]
}

const CHANGE_HEADERS: [&str; 5] = ["old", "new", "change", "95 % interval", "significant"];

fn headers(first: &'static str) -> Vec<&'static str> {
    let mut h = vec![first];
    h.extend(CHANGE_HEADERS);
    h
}

/// The new board with each route coloured by the change of its claim rate.
fn heat_difference(c: &Comparison, new: &MapFile) -> Result<(String, f64), RenderError> {
    let by_id: HashMap<String, &RouteChange> = c.routes.iter().map(|r| (r.id.clone(), r)).collect();
    let max = c
        .routes
        .iter()
        .map(|r| r.claim_rate.change.abs())
        .fold(0.05, f64::max);
    let colours = stops(max);
    let board = painted_board(new, |route, _lane| {
        let r = by_id.get(route)?;
        let title = format!(
            "{}: claimed {}{}",
            r.name,
            describe(&r.claim_rate, Unit::Rate),
            if r.claim_rate.significant {
                ", significant"
            } else {
                ", within noise"
            }
        );
        Some((ramp(&colours, r.claim_rate.change), title))
    })?;
    Ok((board, max))
}

/// The page of a comparison; `new` is the new version's map (its board is drawn).
pub fn render_html(c: &Comparison, new: &MapFile) -> Result<String, RenderError> {
    let title = format!("Compare: {} → {}", c.old, c.new);
    render_html_after(c, new, &title, "")
}

/// [`render_html`] titled `title`, with `intro` (HTML) before the comparison: how `tune`
/// shows its proposal above the confirmation's figures.
pub fn render_html_after(
    c: &Comparison,
    new: &MapFile,
    title: &str,
    intro: &str,
) -> Result<String, RenderError> {
    let (board, max) = heat_difference(c, new)?;
    let mut body = intro.to_string();
    let _ = write!(
        body,
        "<p>{} paired games ({} finished on both), {} players, bots {}, seed {}: every game played on both versions with the same seed and seats, so the luck of the deal cancels.</p>",
        c.games,
        c.both_finished,
        c.players,
        esc(&c.bots.join(", ")),
        c.seed
    );
    if let Some(d) = &c.decided {
        let lines = d.lines();
        let _ = write!(body, "<p>{}</p><ul>", esc(&lines[0]));
        for line in &lines[1..] {
            let _ = write!(body, "<li>{}</li>", esc(line.trim()));
        }
        body.push_str("</ul>");
    }
    // As the text report: what the designer changed first, then what it did to the games.
    body.push_str("<h2>Map differences</h2>");
    let lines = map_lines(&c.map_changes);
    if lines.is_empty() {
        body.push_str("<p>None.</p>");
    } else {
        body.push_str("<ul>");
        for line in lines {
            let _ = write!(body, "<li>{}</li>", esc(&line));
        }
        body.push_str("</ul>");
    }
    body.push_str("<section class=\"standout\"><h2>Significant changes</h2>");
    if c.significant.is_empty() {
        body.push_str("<p>None: every difference is within noise.</p>");
    } else {
        body.push_str("<ul>");
        for line in &c.significant {
            let _ = write!(body, "<li>{}</li>", esc(line));
        }
        body.push_str("</ul>");
    }
    body.push_str("<p class=\"noise\">Significant: the 95 % interval of the change excludes 0. Among many figures about one in twenty looks significant by chance alone.</p></section>");
    let pp = |x: f64| format!("{:+.0} pp", x * 100.0);
    let heat_legend = legend(
        "cmp-heat",
        "change of the share of games a route is claimed in",
        &stops(max),
        &[(0.0, pp(-max)), (0.5, "0".into()), (1.0, pp(max))],
    );
    let _ = write!(
        body,
        "<h2>Route heat difference</h2><p>Blue: claimed more often in the new version; red: less (hover a space for the figures).</p>{heat_legend}<div class=\"board\">{board}</div>"
    );
    tables(&mut body, c);
    Ok(page(title, &body))
}

/// Every figure in sortable tables: games and seats, bots, tickets, routes.
fn tables(body: &mut String, c: &Comparison) {
    let mut rows = vec![
        {
            let mut r = vec![Cell::text("failure states")];
            r.extend(change_cells(&c.failure_rate, Unit::Rate));
            r
        },
        {
            let mut r = vec![Cell::text("game length (turns)")];
            r.extend(change_cells(&c.turns, Unit::Number));
            r
        },
    ];
    for s in &c.seats {
        for (what, ch, unit) in [
            ("win rate", &s.win_rate, Unit::Rate),
            ("mean score", &s.total, Unit::Number),
            ("route points", &s.routes, Unit::Number),
            ("ticket points", &s.tickets, Unit::Number),
            ("bonus points", &s.bonuses, Unit::Number),
        ] {
            let mut r = vec![Cell::text(&format!("seat {} {what}", s.seat))];
            r.extend(change_cells(ch, unit));
            rows.push(r);
        }
    }
    table(body, Some("Games and seats"), &headers("figure"), rows);
    let mut rows = Vec::new();
    for b in &c.by_bot {
        let mut r = vec![Cell::text(&format!("{} win rate", b.bot))];
        r.extend(change_cells(&b.win_rate, Unit::Rate));
        rows.push(r);
        let mut r = vec![Cell::text(&format!("{} mean score", b.bot))];
        r.extend(change_cells(&b.mean_total, Unit::Number));
        rows.push(r);
    }
    table(body, Some("Bots"), &headers("figure"), rows);
    let rows = c
        .tickets
        .iter()
        .map(|t| {
            let mut r = vec![Cell::text(&t.name)];
            r.extend(change_cells(&t.mean_points, Unit::Number));
            r.extend(change_cells(&t.completion, Unit::Rate));
            r
        })
        .collect();
    let mut h = vec!["ticket"];
    h.extend([
        "points per game: old",
        "new",
        "change",
        "95 % interval",
        "significant",
    ]);
    h.extend([
        "completion: old",
        "new",
        "change",
        "95 % interval",
        "significant",
    ]);
    table(body, Some("Tickets"), &h, rows);
    let rows = c
        .routes
        .iter()
        .map(|x| {
            let mut r = vec![Cell::text(&x.name)];
            r.extend(change_cells(&x.claim_rate, Unit::Rate));
            r.extend(change_cells(&x.claim_turn, Unit::Number));
            r
        })
        .collect();
    let mut h = vec!["route"];
    h.extend([
        "claimed: old",
        "new",
        "change",
        "95 % interval",
        "significant",
    ]);
    h.extend([
        "first claim turn: old",
        "new",
        "change",
        "95 % interval",
        "significant",
    ]);
    table(body, Some("Routes"), &h, rows);
}
