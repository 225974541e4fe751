//! Rasterising with resvg. The font is embedded (Noto Sans, OFL): usvg's font database starts
//! empty, and without a font every label would silently disappear. No system font is loaded,
//! so the PNG is the same on every machine.

use super::RenderError;
use resvg::{tiny_skia, usvg};
use std::sync::{Arc, OnceLock};

/// Largest PNG side and area we agree to draw. The image is drawn and encoded in strips of
/// [`STRIP_ROWS`] rows, so memory does not grow with the area (a strip of the widest image
/// is 20,000 × 512 × 4 bytes, 41 MB, beside the compressed PNG); the area bounds the time.
pub const MAX_SIDE_PX: u32 = 20_000;
pub const MAX_PIXELS: u64 = 400_000_000;
/// Rows drawn at a time.
pub const STRIP_ROWS: u32 = 512;

/// Whether a `width` × `height` px image is within the limits.
pub fn fits(width: u32, height: u32) -> bool {
    width > 0
        && width <= MAX_SIDE_PX
        && height <= MAX_SIDE_PX
        && width as u64 * height as u64 <= MAX_PIXELS
}

/// The highest whole dpi at which a drawing of `mm` (width, height in millimetres) fits.
pub fn max_dpi(mm: [f64; 2]) -> u32 {
    let side = MAX_SIDE_PX as f64 / (mm[0].max(mm[1]) / 25.4);
    let area = (MAX_PIXELS as f64 / (mm[0] * mm[1] / (25.4 * 25.4))).sqrt();
    let mut dpi = side.min(area).floor().max(0.0) as u32;
    // Rounding of the pixel sizes may put the bound one dpi off.
    let px = |dpi: u32, len: f64| (len / 25.4 * dpi as f64).round() as u32;
    while dpi > 0 && !fits(px(dpi, mm[0]), px(dpi, mm[1]).max(1)) {
        dpi -= 1;
    }
    dpi
}

fn fonts() -> Arc<usvg::fontdb::Database> {
    static DB: OnceLock<Arc<usvg::fontdb::Database>> = OnceLock::new();
    DB.get_or_init(|| {
        let mut db = usvg::fontdb::Database::new();
        db.load_font_data(super::fonts::REGULAR_TTF.to_vec());
        db.load_font_data(super::fonts::BOLD_TTF.to_vec());
        db.load_font_data(super::fonts::ITALIC_TTF.to_vec());
        db.set_sans_serif_family("Noto Sans");
        db.set_serif_family("Noto Sans");
        db.set_monospace_family("Noto Sans");
        Arc::new(db)
    })
    .clone()
}

/// Renders `svg` to PNG bytes `width_px` wide (height by the SVG's aspect ratio), strip by
/// strip: each strip of rows is drawn into a small pixmap, turned from premultiplied to plain
/// RGBA and handed to the PNG encoder's stream, so a 300 dpi board needs tens of megabytes,
/// not gigabytes. The bytes are the same for the same SVG and width.
pub fn png(svg: &str, width_px: u32) -> Result<Vec<u8>, RenderError> {
    png_in_strips(svg, width_px, STRIP_ROWS)
}

fn png_in_strips(svg: &str, width_px: u32, strip_rows: u32) -> Result<Vec<u8>, RenderError> {
    let opt = usvg::Options {
        font_family: "Noto Sans".into(),
        fontdb: fonts(),
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(svg, &opt).map_err(|e| RenderError::Raster(e.to_string()))?;
    let size = tree.size();
    let scale = width_px as f32 / size.width();
    let height_px = ((size.height() * scale).ceil() as u32).max(1);
    if !fits(width_px, height_px) {
        return Err(RenderError::TooLarge {
            width: width_px,
            height: height_px,
            max_dpi: None,
        });
    }
    let raster = |e: &dyn std::fmt::Display| RenderError::Raster(e.to_string());
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, width_px, height_px);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().map_err(|e| raster(&e))?;
    let mut stream = writer.stream_writer().map_err(|e| raster(&e))?;
    let rows = strip_rows.clamp(1, height_px);
    let mut strip = tiny_skia::Pixmap::new(width_px, rows).ok_or(RenderError::TooLarge {
        width: width_px,
        height: height_px,
        max_dpi: None,
    })?;
    let mut bytes = Vec::with_capacity(width_px as usize * rows as usize * 4);
    let mut top = 0;
    while top < height_px {
        let n = rows.min(height_px - top);
        strip.fill(tiny_skia::Color::TRANSPARENT);
        resvg::render(
            &tree,
            tiny_skia::Transform::from_row(scale, 0.0, 0.0, scale, 0.0, -(top as f32)),
            &mut strip.as_mut(),
        );
        bytes.clear();
        for p in &strip.pixels()[..(n * width_px) as usize] {
            let c = p.demultiply();
            bytes.extend_from_slice(&[c.red(), c.green(), c.blue(), c.alpha()]);
        }
        std::io::Write::write_all(&mut stream, &bytes).map_err(|e| raster(&e))?;
        top += n;
    }
    stream.finish().map_err(|e| raster(&e))?;
    writer.finish().map_err(|e| raster(&e))?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SVG: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="70" viewBox="0 0 100 70"><rect width="100" height="70" fill="#eee"/><circle cx="40" cy="33" r="21" fill="#d7312a" stroke="#000"/><path d="M10 60L90 8" stroke="#2c6cc4" stroke-width="3"/><text x="50" y="40" font-size="14">Abc</text></svg>"##;

    fn pixels(png: &[u8]) -> Vec<u8> {
        let mut r = png::Decoder::new(std::io::Cursor::new(png))
            .read_info()
            .unwrap();
        let mut buf = vec![0; r.output_buffer_size().unwrap()];
        r.next_frame(&mut buf).unwrap();
        buf
    }

    #[test]
    fn strips_differ_from_one_pass_only_in_a_few_edge_pixels() {
        let whole = png_in_strips(SVG, 300, u32::MAX).unwrap();
        // A strip as tall as the image is the one pass, byte for byte.
        assert_eq!(png_in_strips(SVG, 300, 210).unwrap(), whole);
        let one = pixels(&whole);
        // A curve cut by a strip's edge is flattened in two parts, which moves the
        // antialiasing of some of its edge pixels; nothing else changes.
        let strips = pixels(&png_in_strips(SVG, 300, 50).unwrap());
        let differ = one.iter().zip(&strips).filter(|(a, b)| a != b).count();
        assert!(
            differ * 200 < one.len(),
            "{differ} of {} values differ",
            one.len()
        );
        assert_eq!(
            png_in_strips(SVG, 300, 50).unwrap(),
            png_in_strips(SVG, 300, 50).unwrap()
        );
    }

    #[test]
    fn max_dpi_is_the_last_that_fits() {
        for mm in [[523.0, 860.0], [816.0, 560.0], [10.0, 3000.0]] {
            let d = max_dpi(mm);
            let px = |dpi: u32, len: f64| (len / 25.4 * dpi as f64).round() as u32;
            assert!(fits(px(d, mm[0]), px(d, mm[1])), "{mm:?} at {d}");
            assert!(
                !fits(px(d + 1, mm[0]), px(d + 1, mm[1])),
                "{mm:?} at {}",
                d + 1
            );
        }
    }
}
