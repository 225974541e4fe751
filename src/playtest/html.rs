//! `playtest --format html`: one self-contained page (inline SVG and CSS, no script, nothing
//! fetched) with the route heat drawn on the rendered board, score histograms and the report's
//! tables. Every piece of user text (map, city, route, ticket and bot names, failure reasons)
//! goes through `esc`.

use super::Report;
use crate::model::MapFile;
use crate::render::svg::{esc, num};
use crate::render::{Options, RenderError, to_svg};
use std::collections::HashMap;
use std::fmt::Write;

/// Heat colours from "never claimed" to "claimed every game" (ColorBrewer YlOrRd ends and
/// middle), interpolated linearly in RGB.
const HEAT: [(f64, [u8; 3]); 3] = [
    (0.0, [0xff, 0xff, 0xcc]),
    (0.5, [0xfd, 0x8d, 0x3c]),
    (1.0, [0xbd, 0x00, 0x26]),
];
/// Histogram bins per plot.
const BINS: usize = 24;

fn heat(rate: f64) -> String {
    let r = if rate.is_finite() {
        rate.clamp(0.0, 1.0)
    } else {
        0.0
    };
    let (lo, hi) = if r <= HEAT[1].0 {
        (HEAT[0], HEAT[1])
    } else {
        (HEAT[1], HEAT[2])
    };
    let t = (r - lo.0) / (hi.0 - lo.0);
    let c: Vec<u8> = (0..3)
        .map(|i| (lo.1[i] as f64 + (hi.1[i] as f64 - lo.1[i] as f64) * t).round() as u8)
        .collect();
    format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2])
}

/// The board with each train-car space filled by its route's claim rate (and its outline
/// thickened for often-claimed routes).
fn heat_board(map: &MapFile, report: &Report) -> Result<String, RenderError> {
    let svg = to_svg(map, &Options::default())?;
    // The SVG writes each route id escaped in `data-route`; match on that form.
    let rates: HashMap<String, f64> = report
        .route_claims
        .iter()
        .map(|r| (esc(&r.id), r.claim_rate))
        .collect();
    let mut out = String::with_capacity(svg.len() + svg.len() / 4);
    for line in svg.lines() {
        let is_space = line.trim_start().starts_with("<rect class=\"space");
        let route = is_space
            .then(|| line.split_once("data-route=\""))
            .flatten()
            .and_then(|(_, rest)| rest.split_once('"'))
            .map(|(id, _)| id);
        match route.and_then(|id| rates.get(id)) {
            Some(&rate) => {
                let style = format!(
                    " style=\"fill:{};stroke:#3b0f0f;stroke-width:{}\"",
                    heat(rate),
                    num(0.5 + 2.5 * rate)
                );
                out.push_str(&line.replacen("<rect ", &format!("<rect{style} "), 1));
            }
            None => out.push_str(line),
        }
        out.push('\n');
    }
    Ok(out)
}

fn legend() -> String {
    let mut s = String::from(
        r#"<svg class="legend" width="320" height="46" viewBox="0 0 320 46" role="img" aria-label="claim rate colours"><defs><linearGradient id="pt-heat">"#,
    );
    for (at, c) in HEAT {
        let _ = write!(
            s,
            r##"<stop offset="{}" stop-color="#{:02x}{:02x}{:02x}"/>"##,
            num(at),
            c[0],
            c[1],
            c[2]
        );
    }
    s.push_str(r##"</linearGradient></defs><rect x="10" y="4" width="300" height="16" fill="url(#pt-heat)" stroke="#333"/>"##);
    for (x, label) in [(10, "0%"), (160, "50%"), (310, "100%")] {
        let _ = write!(
            s,
            r#"<text x="{x}" y="38" text-anchor="middle" font-size="12">{label}</text>"#
        );
    }
    s.push_str("</svg>");
    s
}

/// An inline SVG histogram of `values` (`[score, games]`) over the shared range `lo..=hi`.
fn histogram(title: &str, values: &[(i32, u64)], lo: i32, hi: i32) -> String {
    let (w, h, pad) = (360.0, 140.0, 24.0);
    let span = (hi - lo + 1).max(1) as f64;
    let width = (span / BINS as f64).ceil().max(1.0) as i64;
    let mut bins = [0u64; BINS];
    for &(score, n) in values {
        let b = ((score - lo) as i64 / width).clamp(0, BINS as i64 - 1) as usize;
        bins[b] += n;
    }
    let top = bins.iter().copied().max().unwrap_or(0).max(1) as f64;
    let bar_w = (w - 2.0 * pad) / BINS as f64;
    let mut s = format!(
        r#"<figure class="hist"><svg width="{w}" height="{h}" viewBox="0 0 {w} {h}" role="img" aria-label="{t}">"#,
        t = esc(title)
    );
    for (i, &n) in bins.iter().enumerate() {
        let bh = (h - 2.0 * pad) * n as f64 / top;
        let from = lo as i64 + i as i64 * width;
        let _ = write!(
            s,
            r##"<rect x="{}" y="{}" width="{}" height="{}" fill="#4a6fa5"><title>{from} to {}: {n} games</title></rect>"##,
            num(pad + i as f64 * bar_w),
            num(h - pad - bh),
            num((bar_w - 1.0).max(0.5)),
            num(bh),
            from + width - 1
        );
    }
    let _ = write!(
        s,
        r##"<line x1="{pad}" y1="{y}" x2="{x2}" y2="{y}" stroke="#333"/><text x="{pad}" y="{ty}" font-size="11">{lo}</text><text x="{x2}" y="{ty}" font-size="11" text-anchor="end">{hi}</text></svg><figcaption>{t}</figcaption></figure>"##,
        y = h - pad,
        x2 = w - pad,
        ty = h - 6.0,
        t = esc(title)
    );
    s
}

/// Appends a table (under an `<h2>` heading when given): a header row, then one row per item
/// of `rows`, whose cells are already escaped.
fn table(
    body: &mut String,
    heading: Option<&str>,
    headers: &[&str],
    rows: impl Iterator<Item = Vec<String>>,
) {
    if let Some(h) = heading {
        let _ = write!(body, "<h2>{h}</h2>");
    }
    body.push_str("<table><tr>");
    for h in headers {
        let _ = write!(body, "<th>{h}</th>");
    }
    body.push_str("</tr>");
    for row in rows {
        body.push_str("<tr>");
        for cell in row {
            let _ = write!(body, "<td>{cell}</td>");
        }
        body.push_str("</tr>");
    }
    body.push_str("</table>");
}

fn pct(x: f64) -> String {
    format!("{:.1}%", x * 100.0)
}

/// The HTML page of a report on `map`.
pub fn render_html(report: &Report, map: &MapFile) -> Result<String, RenderError> {
    let board = heat_board(map, report)?;
    let name = match &report.mode {
        Some(m) => esc(&format!("{} (mode {m})", report.map)),
        None => esc(&report.map),
    };
    let mut body = String::new();
    let r = report;
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
    let _ = writeln!(
        body,
        "<h2>Route heat</h2><p>Each route's spaces are coloured by the share of finished games in which it was claimed.</p>{}<div class=\"board\">{board}</div>",
        legend()
    );

    // Score distributions on one shared range so plots compare at a glance.
    let all = r
        .seats
        .iter()
        .flat_map(|s| s.score_histogram.iter())
        .chain(r.by_bot.iter().flat_map(|b| b.score_histogram.iter()));
    let lo = all.clone().map(|x| x.0).min().unwrap_or(0);
    let hi = all.map(|x| x.0).max().unwrap_or(0);
    body.push_str("<h2>Score distributions</h2><div class=\"hists\">");
    for s in &r.seats {
        body.push_str(&histogram(
            &format!("seat {}", s.seat),
            &s.score_histogram,
            lo,
            hi,
        ));
    }
    for b in &r.by_bot {
        body.push_str(&histogram(
            &format!("bot {}", b.bot),
            &b.score_histogram,
            lo,
            hi,
        ));
    }
    body.push_str("</div>");

    let means = |m: &super::MeanScores| {
        [m.routes, m.tickets, m.stations, m.bonuses, m.total].map(|x| format!("{x:.1}"))
    };
    table(
        &mut body,
        Some("Seats"),
        &[
            "seat",
            "wins",
            "routes",
            "tickets",
            "stations",
            "bonuses",
            "total",
            "ended the game",
        ],
        r.seats.iter().map(|s| {
            let mut row = vec![s.seat.to_string(), pct(s.win_rate)];
            row.extend(means(&s.mean));
            row.push(pct(s.ended_game));
            row
        }),
    );
    table(
        &mut body,
        Some("Bots"),
        &[
            "bot",
            "wins",
            "seats",
            "routes",
            "tickets",
            "stations",
            "bonuses",
            "total",
            "ended the game",
        ],
        r.by_bot.iter().map(|b| {
            let mut row = vec![esc(&b.bot), pct(b.win_rate), b.seats_played.to_string()];
            row.extend(means(&b.mean));
            row.push(pct(b.ended_game));
            row
        }),
    );
    table(
        &mut body,
        Some("Tickets"),
        &["ticket", "kept", "completed", "rate"],
        r.ticket_completion.iter().map(|t| {
            vec![
                esc(&t.name),
                t.kept.to_string(),
                t.completed.to_string(),
                pct(t.rate),
            ]
        }),
    );
    table(
        &mut body,
        Some("Routes"),
        &[
            "route",
            "length",
            "claimed in",
            "lanes claimed",
            "mean claim turn",
        ],
        r.route_claims.iter().map(|x| {
            vec![
                esc(&x.id),
                x.length.to_string(),
                pct(x.claim_rate),
                x.lanes_claimed.to_string(),
                x.mean_claim_turn
                    .map_or("–".to_string(), |t| format!("{t:.1}")),
            ]
        }),
    );
    table(
        &mut body,
        Some("Cities"),
        &[
            "city",
            "on kept tickets",
            "on completed tickets",
            "touched by claims",
        ],
        r.cities.iter().map(|c| {
            let shown = map
                .cities
                .iter()
                .find(|x| x.id == c.id)
                .map_or(c.id.as_str(), |x| x.display_name());
            vec![
                esc(shown),
                c.on_kept_tickets.to_string(),
                c.on_completed_tickets.to_string(),
                pct(c.touched_rate),
            ]
        }),
    );
    table(
        &mut body,
        Some("Card colours"),
        &["colour", "drawn", "spent", "claimed spaces"],
        r.colours.iter().map(|c| {
            vec![
                esc(&c.colour),
                c.drawn.to_string(),
                c.spent.to_string(),
                c.claimed_spaces.to_string(),
            ]
        }),
    );
    if !r.bonuses.is_empty() {
        table(
            &mut body,
            Some("Bonuses"),
            &["bonus", "awarded", "mean points", "mean points by seat"],
            r.bonuses.iter().map(|b| {
                vec![
                    esc(&b.name),
                    pct(b.awarded_rate),
                    format!("{:.1}", b.mean_points),
                    b.by_seat_text(" / "),
                ]
            }),
        );
    }
    if !r.counters.is_empty() {
        table(
            &mut body,
            Some("Module counts (mean per finished game)"),
            &["module", "count", "all", "by seat"],
            r.counters.iter().map(|c| {
                vec![
                    esc(&c.module),
                    esc(&c.name),
                    format!("{:.2}", c.mean),
                    c.by_seat_text(" / "),
                ]
            }),
        );
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
        table(
            &mut body,
            None,
            &["game", "seed", "turn", "reason"],
            r.failure_list.iter().map(|f| {
                vec![
                    f.game.to_string(),
                    f.seed.to_string(),
                    f.turn.to_string(),
                    esc(&f.reason),
                ]
            }),
        );
    }
    let fonts = crate::render::fonts::font_face_css();
    Ok(format!(
        r#"<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Playtest: {name}</title>
<style>{fonts}{CSS}</style>
</head>
<body>
<h1>Playtest: {name}</h1>
{body}
</body>
</html>
"#
    ))
}

const CSS: &str = "body{font-family:system-ui,sans-serif;margin:1.5em;color:#222;max-width:1400px}\
table{border-collapse:collapse;margin:.5em 0 1.5em}td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}\
td:first-child,th:first-child{text-align:left}th{background:#eee}\
.board svg{max-width:100%;height:auto;border:1px solid #ccc}\
.hists{display:flex;flex-wrap:wrap;gap:1em}.hist{margin:0}.hist figcaption{text-align:center}";
