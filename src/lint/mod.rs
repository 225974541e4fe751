//! Graph lints: the second pair of eyes on a checked map. Each rule is one file in `rules/`,
//! named after its id, whose `//!` comment is its documentation (`ttrmap explain ID` prints
//! exactly that text). `registry::RULES` lists them.
//!
//! Lints run only on maps that loaded without errors. A rule's level comes from its default,
//! then the preset's `[lint]` table, then the map's (`allow`, `warn`, `deny`, as clippy does).
//! A broken `[lint.expect]` statement is always an error.
//!
//! A rule's file holds a `RULE` constant ([`Rule`]: its id, default level, the parts of a map
//! it `reads` and `counts` over, and its check); its fixtures are in
//! `tests/fixtures/lints/<id>/`. `unknown-city`, `duplicate-id` and `shape-ignored` are
//! registered for their documentation and levels but reported by `check` (`from_loader`).
//! A rule sees only a model that checks clean (the map, or `Loaded::partial` for a file with
//! errors), through [`LintCx`]: the model, its graph and, for the rules that measure the
//! drawn board, the `render` layout and audit, computed once per run. `codes.rs` is the table
//! of every code (loader, checks, lints), handed to `report` for SARIF rather than imported
//! by it.

pub mod codes;
pub mod registry;

/// Codes about the map's `[lint]` table itself (not lint rules), with a one-line summary for
/// `ttrmap explain`. Warnings: a misspelt rule id should not fail a map, but must be seen.
pub const TABLE_CODES: &[(&str, &str)] = &[
    (
        "unknown-lint",
        "a `[lint]` table (`allow`, `warn`, `deny`, `params` or `known`) names a lint rule or \
         code that does not exist, so the setting does nothing; a warning, with the closest id \
         suggested (`ttrmap explain` lists them)",
    ),
    (
        "known-unused",
        "`[lint.known]` gives a reason for a code that finds nothing in the map any more; a \
         warning: remove the entry",
    ),
];
pub mod known;
pub(crate) mod rules;

use crate::diagnostic::{Diagnostic, Severity};
use crate::graph::{BoardGraph, TicketCosts};
use crate::load::Loaded;
use crate::model::MapFile;
use crate::spans::Seg;
use serde_json::Value;
use std::cell::OnceCell;
use std::collections::BTreeMap;

/// A rule's level: `Allow` switches it off; `Info` findings are shown with `--verbose`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    Allow,
    Info,
    Warn,
    Deny,
}

impl Level {
    pub fn name(self) -> &'static str {
        match self {
            Level::Allow => "allow",
            Level::Info => "info",
            Level::Warn => "warn",
            Level::Deny => "deny",
        }
    }

    fn severity(self) -> Option<Severity> {
        match self {
            Level::Allow => None,
            Level::Info => Some(Severity::Info),
            Level::Warn => Some(Severity::Warning),
            Level::Deny => Some(Severity::Error),
        }
    }
}

/// One lint rule.
pub struct Rule {
    pub id: &'static str,
    pub default: Level,
    /// The rule's source file; its leading `//!` lines are the documentation.
    pub source: &'static str,
    /// Reported by the loader's checks rather than by `check` below (its level is fixed).
    pub from_loader: bool,
    /// The parts of a map the rule reads, besides `lint` (top-level sections, `map` key by
    /// key: `map.board`): on a file with errors it is not run when one of them did not load
    /// (`load::inputs`). Empty for a rule reported by the loader (its check's are there).
    pub reads: &'static [&'static str],
    /// The arrays the rule counts over as a whole (totals, paths, deck sizes): it is not run
    /// when an item of one of them was left out.
    pub counts: &'static [&'static str],
    pub check: fn(&mut LintCx),
}

impl Rule {
    /// The rule's documentation: its file's `//!` comment, without the markers.
    pub fn doc(&self) -> String {
        crate::doc_comment::module_doc(self.source)
    }

    /// What the rule depends on, as the partial lints of a file with errors weigh it.
    pub fn inputs(&self) -> crate::load::inputs::Inputs {
        crate::load::inputs::Inputs {
            reads: self.reads,
            counts: self.counts,
            names: &[],
        }
    }

    /// The first sentence of the documentation's first paragraph.
    pub fn summary(&self) -> String {
        crate::doc_comment::summary(&self.doc())
    }
}

/// What a rule sees: the model, its graph, the spans, its parameters; where it reports.
pub struct LintCx<'a> {
    pub map: &'a MapFile,
    pub graph: &'a BoardGraph,
    loaded: &'a Loaded,
    rule: &'static Rule,
    severity: Severity,
    params: Option<&'a BTreeMap<String, Value>>,
    ticket_costs: &'a OnceCell<Vec<TicketCosts<'a>>>,
    drawing: &'a OnceCell<Drawing>,
    out: Vec<Diagnostic>,
}

/// The board as `ttrmap render` draws it (default theme) and what is wrong with it,
/// computed once per run for the rules that measure the drawing.
pub struct Drawing {
    pub layout: crate::render::Layout,
    pub audit: crate::render::audit::Audit,
}

impl<'a> LintCx<'a> {
    /// Every ticket's network costs, in ticket order, computed once per run for all rules.
    pub fn ticket_costs(&self) -> &'a [TicketCosts<'a>] {
        self.ticket_costs
            .get_or_init(|| self.graph.all_ticket_costs(self.map))
    }

    /// The drawn board and its audit, laid out once per run for all rules (cars of any
    /// shortfall are listed; rules filter by their own tolerance).
    pub fn drawing(&self) -> &'a Drawing {
        self.drawing.get_or_init(|| {
            let (layout, audit) = crate::render::audit::drawn(self.map);
            Drawing { layout, audit }
        })
    }

    /// Reports a finding of this rule at the value at `path`, at the rule's level.
    pub fn report(
        &mut self,
        path: Vec<Seg>,
        message: impl Into<String>,
        label: impl Into<String>,
        help: Option<String>,
    ) {
        let d = Diagnostic {
            code: self.rule.id,
            severity: self.severity,
            message: message.into(),
            span: self.loaded.span_of(&path),
            label: Some(label.into()),
            help,
            fix: None,
        };
        self.out.push(d);
    }

    /// Gives the finding just reported the text that fixes it (see [`Diagnostic::fix`]).
    pub fn fix_last(&mut self, text: impl Into<String>) {
        if let Some(d) = self.out.last_mut() {
            d.fix = Some(Box::new(text.into()));
        }
    }

    /// Reports a broken `[lint.expect]` statement: always an error.
    pub fn expectation_broken(
        &mut self,
        path: Vec<Seg>,
        message: impl Into<String>,
        label: impl Into<String>,
    ) {
        let span = self.loaded.span_of(&path);
        self.out.push(Diagnostic {
            code: self.rule.id,
            severity: Severity::Error,
            message: message.into(),
            span,
            label: Some(label.into()),
            help: Some("the map states this in `[lint.expect]`".into()),
            fix: None,
        });
    }

    /// A numeric parameter from `[lint.params.RULE-ID]`, or its default.
    pub fn param(&self, name: &str, default: f64) -> f64 {
        self.params
            .and_then(|p| p.get(name))
            .and_then(Value::as_f64)
            .unwrap_or(default)
    }
}

/// The level of `rule` for this map: default, then `[lint]` lists (deny beats warn beats allow).
pub fn level_for(map: &MapFile, rule: &Rule) -> Level {
    let has = |list: &[String]| list.iter().any(|id| id == rule.id || id == "all");
    let lint = &map.lint;
    if has(&lint.deny) {
        Level::Deny
    } else if has(&lint.warn) {
        Level::Warn
    } else if has(&lint.allow) {
        Level::Allow
    } else {
        rule.default
    }
}

/// Runs every enabled lint on a map that loaded without errors.
pub fn run(loaded: &Loaded) -> Vec<Diagnostic> {
    let Some(map) = loaded.map.as_ref() else {
        return Vec::new();
    };
    let graph = BoardGraph::new(map);
    let ticket_costs = OnceCell::new();
    let drawing = OnceCell::new();
    let mut out = unknown_rule_ids(loaded, map);
    for rule in registry::RULES {
        if rule.from_loader {
            continue;
        }
        let level = level_for(map, rule);
        // Expectations are errors even when the rule is allowed, so allowed rules still run
        // with severity info and only their expectation findings are kept.
        let severity = level.severity().unwrap_or(Severity::Info);
        let mut cx = LintCx {
            map,
            graph: &graph,
            loaded,
            rule,
            severity,
            params: map.lint.params.get(rule.id),
            ticket_costs: &ticket_costs,
            drawing: &drawing,
            out: Vec::new(),
        };
        (rule.check)(&mut cx);
        out.extend(
            cx.out
                .into_iter()
                .filter(|d| level != Level::Allow || d.severity == Severity::Error),
        );
    }
    crate::report::text::shorten_messages(&mut out);
    crate::load::sort_diagnostics(&mut out);
    out
}

/// `[lint]` naming a rule that does not exist is a mistake worth a warning.
fn unknown_rule_ids(loaded: &Loaded, map: &MapFile) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let known = |id: &str| id == "all" || registry::find(id).is_some();
    for (list, ids) in [
        ("allow", &map.lint.allow),
        ("warn", &map.lint.warn),
        ("deny", &map.lint.deny),
    ] {
        for (i, id) in ids.iter().enumerate() {
            if !known(id) {
                let path = crate::path!["lint", list, i];
                out.push(
                    Diagnostic::warning("unknown-lint", format!("unknown lint `{id}`"))
                        .with_label("no rule of this id")
                        .with_help_opt(crate::suggest::did_you_mean(
                            id,
                            registry::RULES.iter().map(|r| r.id),
                        )),
                );
                if let Some(last) = out.last_mut() {
                    last.span = loaded.span_of(&path);
                }
            }
        }
    }
    for id in map.lint.params.keys() {
        if !known(id) {
            let path = crate::path!["lint", "params", id.as_str()];
            let mut d = Diagnostic::warning(
                "unknown-lint",
                format!("parameters for unknown lint `{id}`"),
            )
            .with_label("no rule of this id")
            .with_help_opt(crate::suggest::did_you_mean(
                id,
                registry::RULES.iter().map(|r| r.id),
            ));
            d.span = loaded.key_span_of(&path);
            out.push(d);
        }
    }
    out
}
