//! `tune`'s report for a person: the goals, the proposed edits with what each did, why the
//! search stopped, the confirmation on fresh games, and the diff `--write` would apply.

use super::goal::{Band, Reading, show};
use super::{Refusal, Tuning};
use crate::model::MapFile;
use crate::render::RenderError;
use crate::render::svg::esc;
use std::fmt::Write;

/// The proposal as a unified diff of the map file (empty when nothing changed).
pub fn diff(name: &str, old: &str, new: &str) -> String {
    if old == new {
        String::new()
    } else {
        crate::report::text::unified_diff(name, old, new)
    }
}

fn reading(b: &Band, r: &Reading) -> String {
    if r.interval == [r.value; 2] {
        // A figure read off the board (a ticket too rarely completed to measure in play).
        return show(b.measure, r.value);
    }
    format!(
        "{} [{}, {}]",
        show(b.measure, r.value),
        show(b.measure, r.interval[0]),
        show(b.measure, r.interval[1])
    )
}

fn band(b: &Band) -> String {
    let side = if b.above { "above" } else { "below" };
    match &b.from_map {
        Some(from) => format!("{side} {} ({from})", show(b.measure, b.bound)),
        None => format!("{side} {}", show(b.measure, b.bound)),
    }
}

/// The human report.
pub fn human(t: &Tuning) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "tune {}: {} players, bots {}, {} games a full evaluation, seed {}",
        t.map,
        t.players,
        t.bots.join(","),
        t.games,
        t.seed
    );
    let _ = writeln!(out, "\nGoals (the whole 95 % interval inside the band):");
    for (b, r) in t.goals.iter().zip(&t.start) {
        let holds = if b.holds(r) { "holds" } else { "does not hold" };
        let _ = writeln!(
            out,
            "  {:<24} now {}: {holds} (band: {})",
            b.goal,
            reading(b, r),
            band(b)
        );
    }
    if t.steps.is_empty() {
        let _ = writeln!(out, "\nNo edit proposed: {}.", t.stopped);
    } else {
        edits(&mut out, t);
    }
    if !t.refused.is_empty() {
        let _ = writeln!(out, "Edits refused before any game:");
        for (why, n) in &t.refused {
            let _ = writeln!(out, "  {n:>4} {why}");
        }
        if t.refused
            .keys()
            .any(|w| matches!(w, Refusal::LintFinding(_)))
        {
            let _ = writeln!(
                out,
                "  (`--allow-lint CODE` lets edits add findings of CODE; `ttrmap explain CODE` says what it checks)"
            );
        }
    }
    if t.rejected_rounds > 0 {
        let _ = writeln!(
            out,
            "Rounds whose best edit fresh games did not confirm: {}.",
            t.rejected_rounds
        );
    }
    let _ = writeln!(
        out,
        "Spent: {} games and {} candidate checks counted as {} games each, {} \
         (`--max-games {} --check-cost {}` repeats this search exactly).",
        t.played,
        t.checks,
        t.check_cost,
        spent_of(t),
        t.allowance,
        t.check_cost
    );
    if let Some(c) = &t.confirmation {
        confirmation(&mut out, t, c);
    }
    if !t.diff.is_empty() {
        let _ = writeln!(out, "\n{}", t.diff.trim_end());
        let _ = writeln!(out, "\n`--write` applies these edits to {}.", t.map);
    }
    out
}

/// The confirmation: original against tuned on fresh games.
fn confirmation(out: &mut String, t: &Tuning, c: &super::Confirmation) {
    let _ = writeln!(
        out,
        "\nConfirmation, original against tuned on {} fresh games:",
        c.games
    );
    for (i, b) in t.goals.iter().enumerate() {
        let _ = writeln!(
            out,
            "  {:<24} {} → {}: {}",
            b.goal,
            reading(b, &c.before[i]),
            reading(b, &c.after[i]),
            if c.holds[i] {
                "holds"
            } else {
                "does not hold yet"
            }
        );
    }
    if c.significant.is_empty() {
        let _ = writeln!(out, "  No figure changed significantly.");
    } else {
        let _ = writeln!(out, "  Changed significantly:");
        for line in &c.significant {
            let _ = writeln!(out, "    {line}");
        }
    }
}

/// The proposed edits, each with what fresh games said of it, and why the search stopped.
fn edits(out: &mut String, t: &Tuning) {
    let _ = writeln!(out, "\nProposed edits ({}):", t.steps.len());
    for (i, s) in t.steps.iter().enumerate() {
        let _ = writeln!(out, "  {}. {}", i + 1, s.description);
        let figures: Vec<String> = t
            .goals
            .iter()
            .zip(s.before.iter().zip(&s.after))
            .map(|(b, (before, after))| {
                format!(
                    "{} {} → {}",
                    b.goal,
                    show(b.measure, *before),
                    show(b.measure, *after)
                )
            })
            .collect();
        let _ = writeln!(
            out,
            "     best of {} edits on the round's games; on {} fresh paired games: {}",
            s.tried,
            t.games,
            figures.join(", ")
        );
        let _ = writeln!(out, "     kept because {}", s.evidence);
    }
    let _ = writeln!(out, "Stopped: {}.", t.stopped);
}

/// The HTML page: the goals and the proposed edits with their evidence, then (when edits were
/// kept) the confirmation as `compare` draws it: the map differences, the significant changes,
/// the route heat difference on the tuned board and every figure before and after side by side.
pub fn html(t: &Tuning, tuned: &MapFile) -> Result<String, RenderError> {
    let mut intro = String::new();
    let _ = write!(
        intro,
        "<p>{} players, bots {}, {} games a full evaluation, seed {}.</p><h2>Goals</h2><ul>",
        t.players,
        esc(&t.bots.join(", ")),
        t.games,
        t.seed
    );
    for (b, r) in t.goals.iter().zip(&t.start) {
        let holds = if b.holds(r) { "holds" } else { "does not hold" };
        let _ = write!(
            intro,
            "<li><code>{}</code>: now {}, {holds} (band: {})</li>",
            esc(&b.goal),
            esc(&reading(b, r)),
            esc(&band(b))
        );
    }
    intro.push_str("</ul><section class=\"standout\"><h2>Proposed edits</h2>");
    if t.steps.is_empty() {
        let _ = write!(intro, "<p>None: {}.</p>", esc(&t.stopped));
    } else {
        intro.push_str("<ol>");
        for s in &t.steps {
            let _ = write!(
                intro,
                "<li>{}<br><small>kept because {}</small></li>",
                esc(&s.description),
                esc(&s.evidence)
            );
        }
        let _ = write!(intro, "</ol><p>Stopped: {}.</p>", esc(&t.stopped));
    }
    let _ = write!(
        intro,
        "</section><p>Spent: {} games and {} candidate checks ({} games each), {}.</p>",
        t.played,
        t.checks,
        t.check_cost,
        spent_of(t)
    );
    let title = format!("Tune: {}", t.map);
    match t.confirmation.as_ref().and_then(|c| c.comparison.as_ref()) {
        Some(c) => {
            intro.push_str("<h2>Confirmation: original against tuned on fresh games</h2>");
            crate::playtest::compare::html::render_html_after(c, tuned, &title, &intro)
        }
        None => Ok(crate::playtest::page::page(&title, &intro)),
    }
}

/// What the search spent against what it could: "N in all" under a CPU budget (whose game
/// allowance is, by construction, what was spent: the `--max-games` that stops at the same
/// place), else "N of an allowance of A".
fn spent_of(t: &Tuning) -> String {
    let spent = t.played + t.checks * t.check_cost;
    if spent == t.allowance {
        format!("{spent} in all")
    } else {
        format!("{spent} of an allowance of {}", t.allowance)
    }
}
