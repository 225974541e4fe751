//! The report's plots as plain inline SVG, in the board theme's ink and colours: histograms
//! with both axes, tick labels and the mean marked, and rates with their 95 % intervals
//! against a reference line. Plain SVG keeps the page self-contained and byte-stable.

use super::page::{BLUE, INK, RED};
use crate::render::svg::esc;
use std::fmt::Write;

/// Bars per histogram at most.
const BINS: i64 = 30;

/// "Nice" tick step (1, 2 or 5 times a power of ten) giving about `n` ticks over `span`.
fn nice_step(span: f64, n: f64) -> f64 {
    if span <= 0.0 || !span.is_finite() {
        return 1.0;
    }
    let raw = span / n;
    let p = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * p)
        .find(|s| *s >= raw)
        .unwrap_or(10.0 * p)
}

fn label(x: f64) -> String {
    if x.fract() == 0.0 {
        format!("{x:.0}")
    } else {
        format!("{x:.2}")
    }
}

/// A histogram of `values` (`[value, games]`, integers) over the shared range `lo..=hi`,
/// titled `title`, with the x axis named `x_name`, the count axis, and the mean as a line.
pub fn histogram(title: &str, x_name: &str, values: &[(i64, u64)], lo: i64, hi: i64) -> String {
    let (w, h) = (380.0, 200.0);
    let (left, right, top, bottom) = (46.0, 12.0, 10.0, 44.0);
    let (pw, ph) = (w - left - right, h - top - bottom);
    let span = (hi - lo + 1).max(1);
    let width = ((span + BINS - 1) / BINS).max(1);
    let bins = ((span + width - 1) / width) as usize;
    let mut counts = vec![0u64; bins];
    let (mut n, mut sum) = (0u64, 0i128);
    for &(v, c) in values {
        let b = ((v - lo) / width).clamp(0, bins as i64 - 1) as usize;
        counts[b] += c;
        n += c;
        sum += v as i128 * c as i128;
    }
    let top_count = counts.iter().copied().max().unwrap_or(0).max(1) as f64;
    let x_of = |v: f64| left + pw * (v - lo as f64) / (bins as i64 * width) as f64;
    let y_of = |c: f64| top + ph - ph * c / top_count;
    let mut s = format!(
        r#"<figure class="plot hist"><svg width="{w}" height="{h}" viewBox="0 0 {w} {h}" role="img" aria-label="{t}">"#,
        t = esc(title)
    );
    let bar = pw / bins as f64;
    for (i, &c) in counts.iter().enumerate() {
        let from = lo + i as i64 * width;
        let to = from + width - 1;
        let range = if width == 1 {
            from.to_string()
        } else {
            format!("{from} to {to}")
        };
        let _ = write!(
            s,
            r#"<rect x="{:.2}" y="{:.2}" width="{:.2}" height="{:.2}" fill="{BLUE}"><title>{range}: {c} games</title></rect>"#,
            left + i as f64 * bar,
            y_of(c as f64),
            (bar - 1.0).max(0.5),
            ph - (y_of(c as f64) - top)
        );
    }
    // Axes, ticks and labels.
    let _ = write!(
        s,
        r#"<g stroke="{INK}" fill="none"><line x1="{left}" y1="{b}" x2="{r}" y2="{b}"/><line x1="{left}" y1="{top}" x2="{left}" y2="{b}"/></g>"#,
        b = top + ph,
        r = left + pw
    );
    let xs = nice_step((bins as i64 * width) as f64, 6.0);
    let mut x = (lo as f64 / xs).ceil() * xs;
    while x <= (lo + bins as i64 * width) as f64 {
        let px = x_of(x);
        let _ = write!(
            s,
            r#"<line x1="{px:.2}" y1="{b}" x2="{px:.2}" y2="{b2}" stroke="{INK}"/><text x="{px:.2}" y="{ty}" font-size="10" text-anchor="middle" fill="{INK}">{}</text>"#,
            label(x),
            b = top + ph,
            b2 = top + ph + 4.0,
            ty = top + ph + 15.0
        );
        x += xs;
    }
    let ys = nice_step(top_count, 4.0).max(1.0);
    let mut y = 0.0;
    while y <= top_count {
        let py = y_of(y);
        let _ = write!(
            s,
            r#"<line x1="{l2}" y1="{py:.2}" x2="{left}" y2="{py:.2}" stroke="{INK}"/><text x="{tx}" y="{ty:.2}" font-size="10" text-anchor="end" fill="{INK}">{}</text>"#,
            label(y),
            l2 = left - 4.0,
            tx = left - 6.0,
            ty = py + 3.5
        );
        y += ys;
    }
    let _ = write!(
        s,
        r#"<text x="{:.1}" y="{}" font-size="11" text-anchor="middle" fill="{INK}">{}</text><text transform="translate(11 {:.1}) rotate(-90)" font-size="11" text-anchor="middle" fill="{INK}">games</text>"#,
        left + pw / 2.0,
        h - 6.0,
        esc(x_name),
        top + ph / 2.0
    );
    if n > 0 {
        let mean = sum as f64 / n as f64;
        // The mean of a value v sits at the middle of v's bar slot.
        let px = x_of(mean + 0.5);
        let _ = write!(
            s,
            r#"<line class="mean" x1="{px:.2}" y1="{top}" x2="{px:.2}" y2="{b}" stroke="{RED}" stroke-width="2" stroke-dasharray="4 3"><title>mean {mean:.1}</title></line><text x="{tx:.2}" y="{ty}" font-size="10" fill="{RED}">mean {mean:.1}</text>"#,
            b = top + ph,
            tx = (px + 3.0).min(w - right - 52.0),
            ty = top + 10.0
        );
    }
    let _ = write!(s, "</svg><figcaption>{}</figcaption></figure>", esc(title));
    s
}

/// One rate with its 95 % interval.
pub struct Interval {
    pub name: String,
    pub rate: f64,
    pub low: f64,
    pub high: f64,
}

/// Rates as dots with their 95 % intervals as bars, one row each, against a dashed reference
/// line at `reference` (the fair share), on a 0..max scale in percent.
pub fn intervals(title: &str, rows: &[Interval], reference: f64) -> String {
    let (w, left, right, row_h, top) = (520.0, 170.0, 20.0, 24.0, 10.0);
    let h = top + row_h * rows.len() as f64 + 40.0;
    let pw = w - left - right;
    let max = rows
        .iter()
        .map(|r| r.high)
        .fold(reference, f64::max)
        .clamp(0.01, 1.0);
    let step = nice_step(max * 100.0, 5.0) / 100.0;
    let scale_max = ((max / step).ceil() * step).min(1.0);
    let x_of = |v: f64| left + pw * (v.clamp(0.0, scale_max) / scale_max);
    let mut s = format!(
        r#"<figure class="plot intervals"><svg width="{w}" height="{h}" viewBox="0 0 {w} {h}" role="img" aria-label="{t}">"#,
        t = esc(title)
    );
    let axis_y = top + row_h * rows.len() as f64;
    let mut x = 0.0;
    while x <= scale_max + 1e-9 {
        let px = x_of(x);
        let _ = write!(
            s,
            r##"<line x1="{px:.2}" y1="{top}" x2="{px:.2}" y2="{axis_y}" stroke="#d8ccb0"/><text x="{px:.2}" y="{ty}" font-size="10" text-anchor="middle" fill="{INK}">{:.0}%</text>"##,
            x * 100.0,
            ty = axis_y + 14.0
        );
        x += step;
    }
    let rx = x_of(reference);
    let _ = write!(
        s,
        r#"<line class="reference" x1="{rx:.2}" y1="{top}" x2="{rx:.2}" y2="{axis_y}" stroke="{INK}" stroke-dasharray="5 3"><title>fair share {:.1}%</title></line><line x1="{left}" y1="{axis_y}" x2="{r}" y2="{axis_y}" stroke="{INK}"/>"#,
        reference * 100.0,
        r = left + pw
    );
    for (i, row) in rows.iter().enumerate() {
        let y = top + row_h * (i as f64 + 0.5);
        let outside = row.low > reference || row.high < reference;
        let colour = if outside { RED } else { BLUE };
        let _ = write!(
            s,
            r#"<g class="interval" data-low="{:.4}" data-high="{:.4}" data-rate="{:.4}"><title>{}: {:.1}% (95 % interval {:.1}% to {:.1}%)</title><text x="{tx}" y="{ty:.1}" font-size="11" text-anchor="end" fill="{INK}">{}</text><line x1="{:.2}" y1="{y:.1}" x2="{:.2}" y2="{y:.1}" stroke="{colour}" stroke-width="3"/><circle cx="{:.2}" cy="{y:.1}" r="4.5" fill="{colour}"/></g>"#,
            row.low,
            row.high,
            row.rate,
            esc(&row.name),
            row.rate * 100.0,
            row.low * 100.0,
            row.high * 100.0,
            esc(&row.name),
            x_of(row.low),
            x_of(row.high),
            x_of(row.rate),
            tx = left - 8.0,
            ty = y + 4.0
        );
    }
    let _ = write!(
        s,
        r#"<text x="{:.1}" y="{}" font-size="11" text-anchor="middle" fill="{INK}">win rate (dashed: fair share)</text></svg><figcaption>{}</figcaption></figure>"#,
        left + pw / 2.0,
        h - 4.0,
        esc(title)
    );
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_are_round_numbers() {
        assert_eq!(nice_step(100.0, 5.0), 20.0);
        assert_eq!(nice_step(7.0, 4.0), 2.0);
        assert_eq!(nice_step(0.0, 4.0), 1.0);
    }

    #[test]
    fn a_histogram_has_axes_and_its_mean() {
        let svg = histogram("seat 1", "final score", &[(10, 1), (20, 3)], 0, 40);
        assert!(svg.contains("mean 17.5"), "{svg}");
        assert!(svg.contains(">games</text>") && svg.contains(">final score</text>"));
    }
}
