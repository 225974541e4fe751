//! The embedded Noto Sans (OFL; see THIRD-PARTY.md): its four faces as TrueType bytes, for
//! the PNG's and the PDF's font databases, and as CSS `@font-face` rules with data URLs, for
//! the HTML pages. Boards are laid out with Noto Sans's metrics (labels, legend columns);
//! a browser without the font would draw them in a wider fallback and the texts would run
//! into each other, so the pages carry it (about 830 KB of base64) and stay self-contained.
//!
//! The files are in `assets/fonts/` with their licence, byte for byte those of the
//! `notosans` crate 0.1.0 (unmaintained since 2019), which ttrmap used before. A face's
//! bytes decide the bytes of every PNG, HTML page and PDF: replacing a file changes them.

use base64::Engine as _;
use std::sync::OnceLock;

/// Noto Sans Regular.
pub const REGULAR_TTF: &[u8] = include_bytes!("../../assets/fonts/NotoSans-Regular.ttf");
/// Noto Sans Bold.
pub const BOLD_TTF: &[u8] = include_bytes!("../../assets/fonts/NotoSans-Bold.ttf");
/// Noto Sans Italic.
pub const ITALIC_TTF: &[u8] = include_bytes!("../../assets/fonts/NotoSans-Italic.ttf");
/// Noto Sans Bold Italic.
pub const BOLD_ITALIC_TTF: &[u8] = include_bytes!("../../assets/fonts/NotoSans-BoldItalic.ttf");

/// `@font-face` rules for Noto Sans regular, bold, italic and bold italic.
pub fn font_face_css() -> &'static str {
    static CSS: OnceLock<String> = OnceLock::new();
    CSS.get_or_init(|| {
        let b64 = base64::engine::general_purpose::STANDARD;
        [
            (REGULAR_TTF, "normal", "normal"),
            (BOLD_TTF, "bold", "normal"),
            (ITALIC_TTF, "normal", "italic"),
            (BOLD_ITALIC_TTF, "bold", "italic"),
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
