//! Numbers as SVG/CSS text. A module of its own because both the theme (CSS lengths) and the
//! writers (coordinates) format numbers, and the theme must not depend on a writer.

/// A coordinate as short text: two decimals at most, no `-0`, never `NaN` (a bad number would
/// make the whole SVG unreadable).
pub fn num(v: f64) -> String {
    if !v.is_finite() {
        return "0".into();
    }
    let r = (v * 100.0).round() / 100.0;
    let s = format!("{r:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    match s {
        "-0" | "" => "0".into(),
        s => s.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short_and_always_valid() {
        assert_eq!(num(1.0), "1");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(2.345), "2.35");
        assert_eq!(num(f64::NAN), "0");
    }
}
