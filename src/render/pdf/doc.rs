//! A PDF put together from SVG drawings with krilla: each drawing is parsed by usvg and drawn
//! by krilla-svg (vector paths, its text as text in the embedded Noto Sans, each face subset
//! once for the whole document). A drawing shown on many pages (the board on every tiled
//! sheet) is made once into a [`Graphic`], which the file holds once. Sizes are millimetres
//! from a page's top-left, as in the SVGs; points are this module's business only.

use super::super::RenderError;
use krilla::Document;
use krilla::geom::{PathBuilder, Rect, Size, Transform};
use krilla::graphic::Graphic;
use krilla::metadata::Metadata;
use krilla::page::PageSettings;
use krilla::paint::FillRule;
use krilla::surface::Surface;
use krilla_svg::{SurfaceExt, SvgSettings};
use std::sync::{Arc, OnceLock};
use usvg_pdf as usvg;

/// Points per millimetre.
const PT: f64 = 72.0 / 25.4;

fn pt(mm: f64) -> f32 {
    (mm * PT) as f32
}

/// An SVG drawing, parsed, and its size in mm (its own width and height).
pub struct Drawing {
    tree: usvg::Tree,
    pub size: [f64; 2],
}

/// The embedded Noto Sans faces in the font database of krilla-svg's usvg (an older usvg than
/// the PNG's, with a database of its own): no system font, so the PDF is the same everywhere.
fn fonts() -> Arc<usvg::fontdb::Database> {
    static DB: OnceLock<Arc<usvg::fontdb::Database>> = OnceLock::new();
    DB.get_or_init(|| {
        let mut db = usvg::fontdb::Database::new();
        for ttf in [
            crate::render::fonts::REGULAR_TTF,
            crate::render::fonts::BOLD_TTF,
            crate::render::fonts::ITALIC_TTF,
            crate::render::fonts::BOLD_ITALIC_TTF,
        ] {
            db.load_font_data(ttf.to_vec());
        }
        db.set_sans_serif_family("Noto Sans");
        db.set_serif_family("Noto Sans");
        db.set_monospace_family("Noto Sans");
        Arc::new(db)
    })
    .clone()
}

impl Drawing {
    pub fn new(svg: &str, size: [f64; 2]) -> Result<Drawing, RenderError> {
        let opt = usvg::Options {
            font_family: "Noto Sans".into(),
            fontdb: fonts(),
            ..usvg::Options::default()
        };
        let tree =
            usvg::Tree::from_str(svg, &opt).map_err(|e| RenderError::Raster(e.to_string()))?;
        Ok(Drawing { tree, size })
    }

    fn draw(&self, s: &mut Surface) {
        if let Some(size) = Size::from_wh(pt(self.size[0]), pt(self.size[1])) {
            s.draw_svg(&self.tree, size, SvgSettings::default());
        }
    }

    /// The drawing as a graphic, to show on many pages and hold once.
    pub fn graphic(&self, s: &mut Surface) -> Graphic {
        let mut builder = s.stream_builder();
        let mut inner = builder.surface();
        self.draw(&mut inner);
        inner.finish();
        Graphic::new(builder.finish(), false)
    }
}

/// What a page shows: a drawing, or a graphic of one `size` mm large.
pub enum Art<'a> {
    Drawing(&'a Drawing),
    Graphic(&'a Graphic),
}

/// A drawing shown on a page: its top-left at `at`, clipped to `clip` (x, y, w, h) if given.
pub struct Show<'a> {
    pub art: Art<'a>,
    pub at: [f64; 2],
    pub clip: Option<[f64; 4]>,
}

/// Draws a whole drawing at the page's origin, unclipped.
pub fn show_whole(s: &mut Surface, d: &Drawing) {
    show(
        s,
        &Show {
            art: Art::Drawing(d),
            at: [0.0, 0.0],
            clip: None,
        },
    )
}

/// Draws `show` on a page's surface.
pub fn show(s: &mut Surface, show: &Show) {
    let mut pushed = 0;
    if let Some([x, y, w, h]) = show.clip
        && let Some(r) = Rect::from_xywh(pt(x), pt(y), pt(w), pt(h))
    {
        let mut pb = PathBuilder::new();
        pb.push_rect(r);
        if let Some(path) = pb.finish() {
            s.push_clip_path(&path, &FillRule::NonZero);
            pushed += 1;
        }
    }
    s.push_transform(&Transform::from_translate(pt(show.at[0]), pt(show.at[1])));
    match show.art {
        Art::Drawing(d) => d.draw(s),
        Art::Graphic(g) => s.draw_graphic(g.clone()),
    }
    s.pop();
    for _ in 0..pushed {
        s.pop();
    }
}

pub struct Doc {
    doc: Document,
}

impl Doc {
    pub fn new(title: &str) -> Doc {
        let mut doc = Document::new();
        // No date: the same map and options give the same bytes (krilla's file ID is a
        // digest of the content).
        doc.set_metadata(
            Metadata::new()
                .title(title.to_string())
                .producer(concat!("ttrmap ", env!("CARGO_PKG_VERSION")).to_string()),
        );
        Doc { doc }
    }

    /// A page `size` mm large (with, for a print shop, its trim box `[x, y, w, h]` and the
    /// whole page as the bleed box), drawn by `draw`.
    pub fn page<T>(
        &mut self,
        size: [f64; 2],
        trim: Option<[f64; 4]>,
        draw: impl FnOnce(&mut Surface) -> T,
    ) -> Result<T, RenderError> {
        let bad = || RenderError::Raster(format!("a page of {size:?} mm"));
        let mut settings =
            PageSettings::new(Size::from_wh(pt(size[0]), pt(size[1])).ok_or_else(bad)?);
        if let Some([x, y, w, h]) = trim {
            let rect = |x, y, w, h| Rect::from_xywh(pt(x), pt(y), pt(w), pt(h));
            settings = settings
                .with_bleed_box(rect(0.0, 0.0, size[0], size[1]))
                .with_trim_box(Some(rect(x, y, w, h).ok_or_else(bad)?));
        }
        let mut page = self.doc.start_page_with(settings);
        let mut surface = page.surface();
        let out = draw(&mut surface);
        surface.finish();
        page.finish();
        Ok(out)
    }

    pub fn finish(self) -> Result<Vec<u8>, RenderError> {
        self.doc
            .finish()
            .map_err(|e| RenderError::Raster(format!("cannot write the PDF: {e:?}")))
    }
}
