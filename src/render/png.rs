//! Rasterising with resvg. The font is embedded (Noto Sans, OFL): usvg's font database starts
//! empty, and without a font every label would silently disappear. No system font is loaded,
//! so the PNG is the same on every machine.

use super::RenderError;
use resvg::{tiny_skia, usvg};
use std::sync::{Arc, OnceLock};

/// Largest PNG side and area we agree to draw: beyond this the pixmap alone would need
/// gigabytes.
pub const MAX_SIDE_PX: u32 = 20_000;
pub const MAX_PIXELS: u64 = 120_000_000;

fn fonts() -> Arc<usvg::fontdb::Database> {
    static DB: OnceLock<Arc<usvg::fontdb::Database>> = OnceLock::new();
    DB.get_or_init(|| {
        let mut db = usvg::fontdb::Database::new();
        db.load_font_data(notosans::REGULAR_TTF.to_vec());
        db.load_font_data(notosans::BOLD_TTF.to_vec());
        db.load_font_data(notosans::ITALIC_TTF.to_vec());
        db.set_sans_serif_family("Noto Sans");
        db.set_serif_family("Noto Sans");
        db.set_monospace_family("Noto Sans");
        Arc::new(db)
    })
    .clone()
}

/// Renders `svg` to PNG bytes `width_px` wide (height by the SVG's aspect ratio).
pub fn png(svg: &str, width_px: u32) -> Result<Vec<u8>, RenderError> {
    let opt = usvg::Options {
        font_family: "Noto Sans".into(),
        fontdb: fonts(),
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(svg, &opt).map_err(|e| RenderError::Raster(e.to_string()))?;
    let size = tree.size();
    let scale = width_px as f32 / size.width();
    let height_px = (size.height() * scale).ceil() as u32;
    if width_px == 0
        || width_px > MAX_SIDE_PX
        || height_px > MAX_SIDE_PX
        || width_px as u64 * height_px as u64 > MAX_PIXELS
    {
        return Err(RenderError::TooLarge {
            width: width_px,
            height: height_px,
        });
    }
    let mut pixmap =
        tiny_skia::Pixmap::new(width_px, height_px.max(1)).ok_or(RenderError::TooLarge {
            width: width_px,
            height: height_px,
        })?;
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    pixmap
        .encode_png()
        .map_err(|e| RenderError::Raster(e.to_string()))
}
