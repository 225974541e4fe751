//! One summary line per diagnostic code, whoever reports it (loader, checks, lint rules,
//! the `[lint]` table), for outputs that describe their codes (SARIF's rules). It lives with
//! the lints, the last of the three checking passes, which can see the other two's tables;
//! the reports below are handed [`summary`] rather than reaching up for it.

/// The one-line summary of `code`, if it is one of ttrmap's.
pub fn summary(code: &str) -> Option<String> {
    if let Some(rule) = super::registry::find(code) {
        return Some(rule.summary());
    }
    crate::load::CODES
        .iter()
        .chain(crate::check::CODES)
        .chain(super::TABLE_CODES)
        .find(|(c, _)| *c == code)
        .map(|(_, s)| (*s).to_string())
}

/// Every code of ttrmap's (lint rules, loader, checks, the `[lint]` table), for a
/// "did you mean" on a code the designer wrote.
pub fn all() -> impl Iterator<Item = &'static str> {
    super::registry::RULES.iter().map(|r| r.id).chain(
        crate::load::CODES
            .iter()
            .chain(crate::check::CODES)
            .chain(super::TABLE_CODES)
            .map(|(c, _)| *c),
    )
}
