//! The pieces every playtest page shares (the report and the comparison): the page itself in
//! the classic board theme's paper and ink, tables sortable by a click on a heading (a few
//! lines of inline script: nothing is fetched), and the board with each train-car space
//! painted and titled by its lane. Every piece of user text is escaped by the caller with
//! `esc` or here.

use crate::model::MapFile;
use crate::render::svg::SpacePaint;
use crate::render::svg::esc;
use crate::render::{RenderError, to_svg_painted};
use std::fmt::Write;

/// The classic theme's paper, ink and blue, used by the plots and the page.
pub const PAPER: &str = "#f4ecd8";
pub const INK: &str = "#2b2418";
pub const BLUE: &str = "#2c6cc4";
pub const RED: &str = "#d7312a";

/// One table cell: its HTML (already escaped) and, for numbers, the value it sorts by.
pub struct Cell {
    pub html: String,
    pub sort: Option<f64>,
}

impl Cell {
    /// Text, escaped here.
    pub fn text(s: &str) -> Cell {
        Cell {
            html: esc(s),
            sort: None,
        }
    }

    /// A number shown as `shown` and sorted by `value`.
    pub fn num(value: f64, shown: String) -> Cell {
        Cell {
            html: esc(&shown),
            sort: Some(value),
        }
    }

    /// HTML made by the caller (escaped already), sorted by `value` when given.
    pub fn html(html: String, sort: Option<f64>) -> Cell {
        Cell { html, sort }
    }
}

/// Appends a sortable table (under an `<h2>` heading when given): click a heading to sort by
/// that column, again to reverse.
pub fn table(body: &mut String, heading: Option<&str>, headers: &[&str], rows: Vec<Vec<Cell>>) {
    if let Some(h) = heading {
        let _ = write!(body, "<h2>{}</h2>", esc(h));
    }
    body.push_str("<table class=\"sortable\"><thead><tr>");
    for h in headers {
        let _ = write!(
            body,
            "<th aria-sort=\"none\"><button type=\"button\">{}</button></th>",
            esc(h)
        );
    }
    body.push_str("</tr></thead><tbody>");
    for row in rows {
        body.push_str("<tr>");
        for cell in row {
            match cell.sort {
                Some(v) if v.is_finite() => {
                    let _ = write!(body, "<td data-v=\"{}\">{}</td>", v, cell.html);
                }
                _ => {
                    let _ = write!(body, "<td>{}</td>", cell.html);
                }
            }
        }
        body.push_str("</tr>");
    }
    body.push_str("</tbody></table>");
}

/// Sorts a table by the clicked column: by `data-v` where a cell has one, else by text.
const SORT_SCRIPT: &str = r#"document.querySelectorAll('table.sortable').forEach(function(t){
var heads=t.querySelectorAll('thead th');
heads.forEach(function(th,col){th.querySelector('button').addEventListener('click',function(){
var asc=th.getAttribute('aria-sort')!=='ascending';
heads.forEach(function(h){h.setAttribute('aria-sort','none');});
th.setAttribute('aria-sort',asc?'ascending':'descending');
var body=t.tBodies[0],rows=Array.prototype.slice.call(body.rows);
var key=function(r){var c=r.cells[col];var v=c.getAttribute('data-v');return v===null?c.textContent:parseFloat(v);};
rows.sort(function(a,b){var x=key(a),y=key(b);var d=(typeof x==='number'&&typeof y==='number')?x-y:String(x).localeCompare(String(y));return asc?d:-d;});
rows.forEach(function(r){body.appendChild(r);});});});});"#;

const CSS: &str = "body{font-family:'Noto Sans',system-ui,sans-serif;margin:1.5em;color:#2b2418;background:#fbf7ec;max-width:1400px}\
h1,h2{font-weight:600}table{border-collapse:collapse;margin:.5em 0 1.5em;background:#fffdf6}\
td,th{border:1px solid #d8ccb0;padding:2px 8px;text-align:right}\
td:first-child,th:first-child{text-align:left}th{background:#f4ecd8}\
th button{font:inherit;font-weight:600;background:none;border:0;padding:0;cursor:pointer;color:inherit}\
th[aria-sort=ascending] button::after{content:' \\25B2'}th[aria-sort=descending] button::after{content:' \\25BC'}\
.board svg{max-width:100%;height:auto;border:1px solid #d8ccb0}\
.plots{display:flex;flex-wrap:wrap;gap:1em}.plot{margin:0}.plot figcaption{text-align:center}\
.standout{background:#fff3d6;border-left:4px solid #d7312a;padding:.5em 1em}.standout li{margin:.2em 0}\
.sig{font-weight:600}.noise{color:#7a705c}.warning{color:#7a1f1a}";

/// A whole page: `title` (escaped here) and `body` (HTML).
pub fn page(title: &str, body: &str) -> String {
    let title = esc(title);
    let head = crate::render::html::page_head(&title, CSS);
    format!(
        r#"{head}<body>
<h1>{title}</h1>
{body}
<script>{SORT_SCRIPT}</script>
</body>
</html>
"#
    )
}

/// The board with each lane's spaces painted by `paint(route id, lane)`: a fill colour and a
/// hover title (plain text), or `None` to leave the lane as the theme draws it.
pub fn painted_board(
    map: &MapFile,
    paint: impl Fn(&str, usize) -> Option<(String, String)>,
) -> Result<String, RenderError> {
    to_svg_painted(map, &|route, lane| {
        paint(route, lane).map(|(fill, title)| SpacePaint {
            fill,
            outline: INK.to_string(),
            title,
        })
    })
}

/// A colour between stops `(at, rgb)` (ascending `at`), linear in RGB.
pub fn ramp(stops: &[(f64, [u8; 3])], x: f64) -> String {
    let x = if x.is_finite() { x } else { 0.0 };
    let x = x.clamp(stops[0].0, stops[stops.len() - 1].0);
    let k = stops
        .windows(2)
        .position(|w| x <= w[1].0)
        .unwrap_or(stops.len() - 2);
    let (lo, hi) = (stops[k], stops[k + 1]);
    let t = if hi.0 > lo.0 {
        (x - lo.0) / (hi.0 - lo.0)
    } else {
        0.0
    };
    let c: Vec<u8> = (0..3)
        .map(|i| (lo.1[i] as f64 + (hi.1[i] as f64 - lo.1[i] as f64) * t).round() as u8)
        .collect();
    format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2])
}

/// A horizontal colour legend for `stops`, labelled at `labels` (position 0..1, text).
pub fn legend(id: &str, title: &str, stops: &[(f64, [u8; 3])], labels: &[(f64, String)]) -> String {
    let (lo, hi) = (stops[0].0, stops[stops.len() - 1].0);
    let mut s = format!(
        r#"<svg class="legend" width="340" height="58" viewBox="0 0 340 58" role="img" aria-label="{t}"><defs><linearGradient id="{id}">"#,
        t = esc(title)
    );
    for (at, c) in stops {
        let offset = if hi > lo { (at - lo) / (hi - lo) } else { 0.0 };
        let _ = write!(
            s,
            r##"<stop offset="{offset:.3}" stop-color="#{:02x}{:02x}{:02x}"/>"##,
            c[0], c[1], c[2]
        );
    }
    let _ = write!(
        s,
        r##"</linearGradient></defs><text x="20" y="12" font-size="12" fill="{INK}">{}</text><rect x="20" y="18" width="300" height="14" fill="url(#{id})" stroke="{INK}"/>"##,
        esc(title)
    );
    for (at, label) in labels {
        let _ = write!(
            s,
            r#"<text x="{:.1}" y="48" text-anchor="middle" font-size="11" fill="{INK}">{}</text>"#,
            20.0 + 300.0 * at,
            esc(label)
        );
    }
    s.push_str("</svg>");
    s
}
