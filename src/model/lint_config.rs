//! The map's `[lint]` table: which rules are allowed, warned or denied ([`LintLevel`]), their
//! parameters, and the facts the designer expects of the map ([`Expectations`], such as
//! `total_spaces`), which `check` holds as errors whatever the rules' levels.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The map's `[lint]` table: rule levels, rule parameters and the designer's expectations.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct LintConfig {
    /// Rule ids switched off.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub allow: Vec<String>,
    /// Rule ids reported as warnings.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warn: Vec<String>,
    /// Rule ids reported as errors.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub deny: Vec<String>,
    /// Rule id → parameter table (`[lint.params.color-balance] tolerance = 2`).
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub params: BTreeMap<String, BTreeMap<String, serde_json::Value>>,
    /// Facts the designer states; breaking one is an error.
    pub expect: Expectations,
    /// Findings the map knows of and keeps, code → reason (`[lint.known] no-tickets = "the
    /// tickets are not drawn yet"`): their warnings are reported as information (shown with
    /// `--verbose`, the reason in the help line), so `check --strict` passes. Errors stay errors.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub known: BTreeMap<String, String>,
}

/// Stated expectations, checked by the lints.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct Expectations {
    /// Total train spaces over all lanes (Castilla: 300).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total_spaces: Option<u32>,
    /// Every card colour has the same total of spaces, routes and tunnels.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub equal_colors: bool,
    /// Number of cities.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cities: Option<u32>,
    /// Number of lanes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lanes: Option<u32>,
}

/// A rule's level.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum LintLevel {
    Allow,
    Warn,
    Deny,
}
