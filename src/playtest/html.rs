//! `playtest --format html`: one self-contained page (inline SVG and CSS, a few lines of
//! inline script to sort the tables, nothing fetched). At the top, what stands out; then the
//! win rates with their 95 % intervals against the fair share, the route heat drawn lane by
//! lane on the rendered board (the value on hover, its own legend, tunnels keeping their
//! border), score and game-length histograms with axes and means, and the report's tables,
//! sortable, with names rather than ids. Every piece of user text (map, city, route, ticket
//! and bot names, failure reasons) is escaped.

use super::page::{Cell, legend, painted_board, ramp, table};
use super::plots::{Interval, histogram, intervals};
use super::{Report, names};
use crate::model::MapFile;
use crate::render::RenderError;
use crate::render::svg::esc;
use std::collections::HashMap;
use std::fmt::Write;

/// Heat colours from "never claimed" to "claimed every game" (ColorBrewer YlOrRd ends and
/// middle), interpolated linearly in RGB.
const HEAT: [(f64, [u8; 3]); 3] = [
    (0.0, [0xff, 0xff, 0xcc]),
    (0.5, [0xfd, 0x8d, 0x3c]),
    (1.0, [0xbd, 0x00, 0x26]),
];

/// The board with each lane's spaces coloured by the share of games it was claimed in.
fn heat_board(map: &MapFile, report: &Report) -> Result<String, RenderError> {
    let routes: HashMap<String, (usize, &super::RouteReport)> = report
        .route_claims
        .iter()
        .enumerate()
        .map(|(i, r)| (r.id.clone(), (i, r)))
        .collect();
    painted_board(map, |route, lane| {
        let &(i, r) = routes.get(route)?;
        let rate = *r.lane_claim_rates.get(lane)?;
        let lanes = r.lane_claim_rates.len();
        let which = if lanes > 1 {
            format!(", lane {} of {lanes}", lane + 1)
        } else {
            String::new()
        };
        let turn = r.mean_claim_turn.map_or(String::new(), |t| {
            format!("; first claimed at turn {t:.1} on average")
        });
        let title = format!(
            "{}{which}: claimed in {:.1}% of games{turn}",
            names::route(map, i),
            rate * 100.0
        );
        Some((ramp(&HEAT, rate), title))
    })
}

fn pct(x: f64) -> String {
    format!("{:.1}%", x * 100.0)
}

fn num(x: f64, digits: usize) -> Cell {
    Cell::num(x, format!("{x:.digits$}"))
}

fn rate(x: f64) -> Cell {
    Cell::num(x, pct(x))
}

fn count(x: u64) -> Cell {
    Cell::num(x as f64, x.to_string())
}

fn interval_cell(i: [f64; 2], within_noise: bool) -> Cell {
    let class = if within_noise { "noise" } else { "sig" };
    Cell::html(
        format!(
            "<span class=\"{class}\">{} to {}</span>",
            pct(i[0]),
            pct(i[1])
        ),
        Some(i[0]),
    )
}

/// The HTML page of a report on `map`.
pub fn render_html(report: &Report, map: &MapFile) -> Result<String, RenderError> {
    let board = heat_board(map, report)?;
    let r = report;
    let title = match &r.mode {
        Some(m) => format!("Playtest: {} (mode {m})", r.map),
        None => format!("Playtest: {}", r.map),
    };
    let mut body = String::new();
    if let Some(d) = &r.until_decided {
        let _ = write!(body, "<p class=\"decided\">{}</p>", esc(&d.sentence()));
    }
    if !r.stands_out.is_empty() {
        body.push_str("<section class=\"standout\"><h2>What stands out</h2><ul>");
        for line in &r.stands_out {
            let _ = write!(body, "<li>{}</li>", esc(line));
        }
        body.push_str("</ul></section>");
    }
    let _ = writeln!(
        body,
        "<p>{} games ({} finished, {} failure states), {} players, bots {}, seed {}. Turns: mean {:.1}, min {}, max {}.</p>",
        r.games,
        r.finished,
        r.failures,
        r.players,
        esc(&r.bots.join(", ")),
        r.seed,
        r.turns_mean,
        r.turns_min,
        r.turns_max
    );
    if let Some(note) = super::report::random_note(&r.bots) {
        let _ = writeln!(body, "<p class=\"warning\">{}</p>", esc(note));
    }
    if let Some(note) = super::report::clock_note(r) {
        let _ = writeln!(body, "<p class=\"warning\">{}</p>", esc(&note));
    }
    if let Some(note) = &r.mode_outside_range {
        let _ = writeln!(
            body,
            "<p class=\"warning\"><strong>Note:</strong> {}.</p>",
            esc(note)
        );
    }
    if !r.played_without.is_empty() {
        let _ = writeln!(
            body,
            "<p class=\"warning\"><strong>Played without {}</strong> (<code>--without</code>): these results are not the map's full rules.</p>",
            esc(&r.played_without.join(", "))
        );
    }
    if !r.extensions_not_played.is_empty() {
        let _ = writeln!(
            body,
            "<p>Optional extension not played: {} (<code>--with</code> asks for it).</p>",
            esc(&r.extensions_not_played.join(", "))
        );
    }
    let e = &r.deck_exhaustion;
    let _ = writeln!(
        body,
        "<p>Train deck and discard ran dry in {} games ({}){}.</p>",
        e.games,
        pct(e.rate),
        match (e.first_turn_mean, e.first_turn_min) {
            (Some(m), Some(min)) => format!(", first at turn {m:.1} on average (earliest {min})"),
            _ => String::new(),
        }
    );
    win_rates(&mut body, r);
    let heat_legend = legend(
        "pt-heat",
        "share of games in which the lane was claimed",
        &HEAT,
        &[
            (0.0, "0%".into()),
            (0.5, "50%".into()),
            (1.0, "100%".into()),
        ],
    );
    let _ = writeln!(
        body,
        "<h2>Route heat</h2><p>Each lane's spaces are coloured by the share of finished games in which it was claimed (hover a space for its value); tunnels keep their dark border.</p>{heat_legend}<div class=\"board\">{board}</div>"
    );
    distributions(&mut body, r);
    tables(&mut body, r, map);
    Ok(super::page::page(&title, &body))
}

/// Win rates by seat and by bot with their 95 % intervals against the fair share.
fn win_rates(body: &mut String, r: &Report) {
    let fair = 1.0 / r.players.max(1) as f64;
    body.push_str("<h2>Win rates</h2><div class=\"plots\">");
    let seats: Vec<Interval> = r
        .seats
        .iter()
        .map(|s| Interval {
            name: format!("seat {}", s.seat),
            rate: s.win_rate,
            low: s.win_interval[0],
            high: s.win_interval[1],
        })
        .collect();
    body.push_str(&intervals("by seat, with 95 % intervals", &seats, fair));
    let bots: Vec<Interval> = r
        .by_bot
        .iter()
        .map(|b| Interval {
            name: b.bot.clone(),
            rate: b.win_rate,
            low: b.win_interval[0],
            high: b.win_interval[1],
        })
        .collect();
    body.push_str(&intervals("by bot, with 95 % intervals", &bots, fair));
    body.push_str("</div>");
    let noise = r.seats.iter().all(|s| s.within_noise) && r.by_bot.iter().all(|b| b.within_noise);
    let _ = write!(
        body,
        "<p class=\"noise\">{}</p>",
        if noise {
            format!(
                "Every interval holds the fair share ({}): the differences are within noise.",
                pct(fair)
            )
        } else {
            format!(
                "Red: the interval misses the fair share ({}), a difference more games will not wash out.",
                pct(fair)
            )
        }
    );
}

/// Score histograms per seat and bot on one shared range, and the game length.
fn distributions(body: &mut String, r: &Report) {
    let all = r
        .seats
        .iter()
        .flat_map(|s| s.score_histogram.iter())
        .chain(r.by_bot.iter().flat_map(|b| b.score_histogram.iter()));
    let lo = all.clone().map(|x| x.0).min().unwrap_or(0) as i64;
    let hi = all.map(|x| x.0).max().unwrap_or(0) as i64;
    let widen =
        |h: &[(i32, u64)]| -> Vec<(i64, u64)> { h.iter().map(|&(v, n)| (v as i64, n)).collect() };
    body.push_str("<h2>Score distributions</h2><div class=\"plots\">");
    for s in &r.seats {
        let h = widen(&s.score_histogram);
        body.push_str(&histogram(
            &format!("seat {}", s.seat),
            "final score",
            &h,
            lo,
            hi,
        ));
    }
    for b in &r.by_bot {
        let h = widen(&b.score_histogram);
        body.push_str(&histogram(
            &format!("bot {}", b.bot),
            "final score",
            &h,
            lo,
            hi,
        ));
    }
    body.push_str("</div><h2>Game length</h2><div class=\"plots\">");
    let turns: Vec<(i64, u64)> = r
        .turns_histogram
        .iter()
        .map(|&(t, n)| (t as i64, n))
        .collect();
    let (tlo, thi) = (r.turns_min as i64, r.turns_max as i64);
    body.push_str(&histogram(
        "turns per game (all players)",
        "turns",
        &turns,
        tlo,
        thi,
    ));
    body.push_str("</div>");
}

/// The report's tables, sortable, names rather than ids.
fn tables(body: &mut String, r: &Report, map: &MapFile) {
    player_tables(body, r);
    board_tables(body, r, map);
    module_tables(body, r);
}

/// Seats and bots.
fn player_tables(body: &mut String, r: &Report) {
    let means = |m: &super::MeanScores| {
        [m.routes, m.tickets, m.stations, m.bonuses, m.total].map(|x| num(x, 1))
    };
    let parts = ["routes", "tickets", "stations", "bonuses", "total"];
    let mut headers = vec!["seat", "wins", "95 % interval"];
    headers.extend(parts);
    headers.push("ended the game");
    let rows = r
        .seats
        .iter()
        .map(|s| {
            let mut row = vec![
                count(s.seat as u64),
                rate(s.win_rate),
                interval_cell(s.win_interval, s.within_noise),
            ];
            row.extend(means(&s.mean));
            row.push(rate(s.ended_game));
            row
        })
        .collect();
    table(body, Some("Seats"), &headers, rows);
    let mut headers = vec!["bot", "wins", "95 % interval", "seats"];
    headers.extend(parts);
    headers.push("ended the game");
    let rows = r
        .by_bot
        .iter()
        .map(|b| {
            let mut row = vec![
                Cell::text(&b.bot),
                rate(b.win_rate),
                interval_cell(b.win_interval, b.within_noise),
                count(b.seats_played),
            ];
            row.extend(means(&b.mean));
            row.push(rate(b.ended_game));
            row
        })
        .collect();
    table(body, Some("Bots"), &headers, rows);
}

/// Tickets, routes, cities and card colours.
fn board_tables(body: &mut String, r: &Report, map: &MapFile) {
    let rows = r
        .ticket_completion
        .iter()
        .map(|t| {
            let points = map.tickets.get(t.source).and_then(|x| x.points);
            vec![
                Cell::text(&names::ticket_at(map, t.source)),
                points.map_or(Cell::text("–"), |p| num(p as f64, 0)),
                count(t.kept),
                count(t.completed),
                rate(t.rate),
            ]
        })
        .collect();
    table(
        body,
        Some("Tickets"),
        &["ticket", "points", "kept", "completed", "completion"],
        rows,
    );
    let rows = r
        .route_claims
        .iter()
        .enumerate()
        .map(|(i, x)| {
            vec![
                Cell::text(&names::route(map, i)),
                count(x.length as u64),
                rate(x.claim_rate),
                count(x.lanes_claimed),
                x.mean_claim_turn.map_or(Cell::text("–"), |t| num(t, 1)),
            ]
        })
        .collect();
    table(
        body,
        Some("Routes"),
        &[
            "route",
            "length",
            "claimed in",
            "lanes claimed",
            "mean claim turn",
        ],
        rows,
    );
    let rows = r
        .cities
        .iter()
        .map(|c| {
            vec![
                Cell::text(names::place(map, &c.id)),
                count(c.on_kept_tickets),
                count(c.on_completed_tickets),
                rate(c.touched_rate),
            ]
        })
        .collect();
    table(
        body,
        Some("Cities"),
        &[
            "city",
            "on kept tickets",
            "on completed tickets",
            "touched by claims",
        ],
        rows,
    );
    let rows = r
        .colours
        .iter()
        .map(|c| {
            vec![
                Cell::text(&c.colour),
                count(c.drawn),
                count(c.spent),
                count(c.claimed_spaces),
            ]
        })
        .collect();
    table(
        body,
        Some("Card colours"),
        &["colour", "drawn", "spent", "claimed spaces"],
        rows,
    );
}

/// Bonuses, module counts and failure states.
fn module_tables(body: &mut String, r: &Report) {
    if !r.bonuses.is_empty() {
        let rows = r
            .bonuses
            .iter()
            .map(|b| {
                vec![
                    Cell::text(&b.name),
                    rate(b.awarded_rate),
                    num(b.mean_points, 1),
                    Cell::text(&b.by_seat_text(" / ")),
                ]
            })
            .collect();
        table(
            body,
            Some("Bonuses"),
            &["bonus", "awarded", "mean points", "mean points by seat"],
            rows,
        );
    }
    // Operands (kept for a ratio only) are left out, as in the text report; ratios of two
    // sums get their own table, as they are not means per game.
    for (ratios, title, what) in [
        (false, "Module counts (mean per finished game)", "count"),
        (
            true,
            "Module ratios (sum over sum, all finished games)",
            "ratio",
        ),
    ] {
        let rows: Vec<Vec<Cell>> = r
            .counters
            .iter()
            .filter(|c| !c.operand && c.ratio == ratios)
            .map(|c| {
                vec![
                    Cell::text(&c.module),
                    Cell::text(&c.name),
                    num(c.mean, 2),
                    Cell::text(&c.by_seat_text(" / ")),
                ]
            })
            .collect();
        if !rows.is_empty() {
            table(body, Some(title), &["module", what, "all", "by seat"], rows);
        }
    }
    let _ = write!(body, "<h2>Failure states ({})</h2>", r.failures);
    let _ = write!(
        body,
        "<p>Players with nothing to do passed in {} games ({} passes).</p>",
        r.passes.games, r.passes.total
    );
    if r.failure_list.is_empty() {
        body.push_str("<p>None.</p>");
    } else {
        let rows = r
            .failure_list
            .iter()
            .map(|f| {
                vec![
                    count(f.game),
                    Cell::text(&f.seed.to_string()),
                    count(f.turn as u64),
                    Cell::text(&f.reason),
                ]
            })
            .collect();
        table(body, None, &["game", "seed", "turn", "reason"], rows);
    }
}
