//! The benches' one argument rule, shared by `#[path]`: a bench runs the figures (or parts)
//! whose label contains a word given after `--`, every one without words.

/// Whether the figure `label` was asked for: every figure without arguments, else those
/// whose label contains one of the arguments (cargo passes `--bench`: flags are skipped).
pub fn wanted(label: &str) -> bool {
    let words: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .map(|a| a.to_lowercase())
        .collect();
    let label = label.to_lowercase();
    words.is_empty() || words.iter().any(|w| label.contains(w.as_str()))
}
