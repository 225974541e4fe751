//! "Did you mean" suggestions for misspelt ids and keys.

/// The candidate closest to `word`, if it is close enough to be a likely typo.
pub fn closest<'a, I>(word: &str, candidates: I) -> Option<&'a str>
where
    I: IntoIterator<Item = &'a str>,
{
    let lower = word.to_lowercase();
    // One edit per three letters, rounded up: `trian` (5 letters) may be 2 edits from `trains`.
    let limit = word.chars().count().div_ceil(3).clamp(1, 3);
    candidates
        .into_iter()
        .map(|c| (strsim::damerau_levenshtein(&lower, &c.to_lowercase()), c))
        .filter(|(d, _)| *d <= limit)
        .min_by_key(|(d, c)| (*d, c.len()))
        .map(|(_, c)| c)
}

/// The one candidate close to `word`, when exactly one is close enough to be a likely typo:
/// a fix that can be applied without asking which was meant.
pub fn unique_closest<'a, I>(word: &str, candidates: I) -> Option<&'a str>
where
    I: IntoIterator<Item = &'a str>,
{
    let lower = word.to_lowercase();
    let limit = word.chars().count().div_ceil(3).clamp(1, 3);
    let mut close = candidates
        .into_iter()
        .filter(|c| strsim::damerau_levenshtein(&lower, &c.to_lowercase()) <= limit);
    match (close.next(), close.next()) {
        (Some(only), None) => Some(only),
        _ => None,
    }
}

/// `Some("did you mean 'x'?")` when a close candidate exists.
pub fn did_you_mean<'a, I>(word: &str, candidates: I) -> Option<String>
where
    I: IntoIterator<Item = &'a str>,
{
    closest(word, candidates).map(|c| format!("did you mean '{c}'?"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_near_misses_only() {
        let cities = ["madrid", "barcelona", "lisboa"];
        assert_eq!(closest("madird", cities), Some("madrid"));
        assert_eq!(closest("Lisbon", cities), Some("lisboa"));
        assert_eq!(closest("tokyo", cities), None);
    }
}
