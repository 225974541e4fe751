//! The embedded Noto Sans (OFL; see THIRD-PARTY.md) as CSS `@font-face` rules with data URLs,
//! for the HTML pages. Boards are laid out with Noto Sans's metrics (labels, legend columns);
//! a browser without the font would draw them in a wider fallback and the texts would run
//! into each other, so the pages carry it (about 830 KB of base64) and stay self-contained.

use base64::Engine as _;
use std::sync::OnceLock;

/// `@font-face` rules for Noto Sans regular, bold, italic and bold italic.
pub fn font_face_css() -> &'static str {
    static CSS: OnceLock<String> = OnceLock::new();
    CSS.get_or_init(|| {
        let b64 = base64::engine::general_purpose::STANDARD;
        [
            (notosans::REGULAR_TTF, "normal", "normal"),
            (notosans::BOLD_TTF, "bold", "normal"),
            (notosans::ITALIC_TTF, "normal", "italic"),
            (notosans::BOLD_ITALIC_TTF, "bold", "italic"),
        ]
        .iter()
        .map(|(ttf, weight, style)| {
            format!(
                "@font-face{{font-family:'Noto Sans';font-weight:{weight};font-style:{style};src:url(data:font/ttf;base64,{}) format('truetype')}}",
                b64.encode(ttf)
            )
        })
        .collect()
    })
}
