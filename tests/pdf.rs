//! `render --format pdf` read back by real PDF tools: `qpdf --check`, `pdfinfo` (page sizes,
//! trim boxes), `pdffonts` (every font embedded), `pdftoppm` (pixels: the overlap of two
//! sheets, a card's size, the bleed) and `pdftotext -bbox` (every word inside the printable
//! area). Debian's qpdf and poppler-utils; `.ci/run` installs them. Without them a test says
//! so on stderr and passes, unless `TTRMAP_REQUIRE_BROWSER` is set (as `.ci/run` sets it),
//! when it fails: these tests can never silently stop running in CI.

use crate::common;
use crate::common::engine as engine_common;

use common::{TempDir, ttrmap_in};
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use ttrmap::model::MapFile;
use ttrmap::render::pdf::to_pdf;
use ttrmap::render::{CardSize, Options, Orientation, Paper};

const PT_PER_MM: f64 = 72.0 / 25.4;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn map(name: &str) -> MapFile {
    engine_common::map_file(name)
}

/// Whether the PDF tools are here; without them, `false` after a line on stderr, or a
/// failure when they are required.
fn tools(test: &str) -> bool {
    let missing: Vec<&str> = ["qpdf", "pdfinfo", "pdffonts", "pdftoppm", "pdftotext"]
        .into_iter()
        .filter(|t| which::which(t).is_err())
        .collect();
    if missing.is_empty() {
        return true;
    }
    let required =
        std::env::var_os("TTRMAP_REQUIRE_BROWSER").is_some_and(|v| !v.is_empty() && v != "0");
    assert!(
        !required,
        "{test}: TTRMAP_REQUIRE_BROWSER is set and {} not on PATH (apt-get install qpdf poppler-utils)",
        missing.join(", ")
    );
    // Straight to the stream, not through eprintln!, which the test harness captures and
    // shows only for a failing test: a test that did not run says so in every run.
    let _ = writeln!(
        std::io::stderr(),
        "{test}: NOT RUN, {} not on PATH (apt-get install qpdf poppler-utils)",
        missing.join(", ")
    );
    false
}

/// Writes the PDF of `opts` into `dir` as `name` and returns its path.
fn write_pdf(dir: &TempDir, name: &str, map: &MapFile, opts: &Options) -> PathBuf {
    let pdf = to_pdf(map, opts).expect("the PDF renders");
    let path = dir.0.join(name);
    std::fs::write(&path, pdf.bytes).unwrap();
    path
}

fn run(program: &str, args: &[&str]) -> String {
    let out = Command::new(program).args(args).output().expect(program);
    assert!(
        out.status.success(),
        "{program} {args:?}: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Each page's width and height in points, from `pdfinfo`.
fn page_sizes(pdf: &Path) -> Vec<[f64; 2]> {
    let text = run("pdfinfo", &["-f", "1", "-l", "9999", pdf.to_str().unwrap()]);
    text.lines()
        .filter(|l| l.starts_with("Page ") && l.contains(" size: "))
        .map(|l| {
            let size = l.split(" size: ").nth(1).unwrap();
            let mut it = size.split_whitespace();
            let w: f64 = it.next().unwrap().parse().unwrap();
            it.next(); // "x"
            let h: f64 = it.next().unwrap().parse().unwrap();
            [w, h]
        })
        .collect()
}

fn check_and_fonts(pdf: &Path) {
    let p = pdf.to_str().unwrap();
    run("qpdf", &["--check", p]);
    let fonts = run("pdffonts", &[p]);
    let rows: Vec<&str> = fonts.lines().skip(2).collect();
    assert!(!rows.is_empty(), "{p}: no font at all: {fonts}");
    for row in rows {
        // name, type words..., encoding, then emb sub uni: the `emb` column is the third
        // from the end before the object number and generation.
        let cols: Vec<&str> = row.split_whitespace().collect();
        let emb = cols[cols.len() - 5];
        assert_eq!(emb, "yes", "{p}: a font not embedded: {row}");
    }
}

/// A page drawn by `pdftoppm` at `dpi`: width, height and RGB bytes.
struct Image {
    w: usize,
    h: usize,
    px: Vec<u8>,
}

impl Image {
    fn at(&self, x: usize, y: usize) -> [u8; 3] {
        let i = (y * self.w + x) * 3;
        [self.px[i], self.px[i + 1], self.px[i + 2]]
    }

    fn dark(&self, x: usize, y: usize) -> bool {
        self.at(x, y).iter().map(|&c| c as u32).sum::<u32>() < 300
    }
}

fn raster(pdf: &Path, page: usize, dpi: u32, dir: &TempDir) -> Image {
    let stem = dir.0.join(format!("page-{page}-{dpi}"));
    let page_s = page.to_string();
    run(
        "pdftoppm",
        &[
            "-r",
            &dpi.to_string(),
            "-f",
            &page_s,
            "-l",
            &page_s,
            "-singlefile",
            pdf.to_str().unwrap(),
            stem.to_str().unwrap(),
        ],
    );
    let bytes = std::fs::read(stem.with_extension("ppm")).unwrap();
    // P6 header: magic, width height, max value, each ended by one whitespace byte.
    let mut fields = Vec::new();
    let mut at = 0;
    while fields.len() < 4 {
        while bytes[at].is_ascii_whitespace() {
            at += 1;
        }
        let start = at;
        while !bytes[at].is_ascii_whitespace() {
            at += 1;
        }
        fields.push(String::from_utf8_lossy(&bytes[start..at]).into_owned());
    }
    assert_eq!(fields[0], "P6");
    let (w, h): (usize, usize) = (fields[1].parse().unwrap(), fields[2].parse().unwrap());
    let px = bytes[at + 1..].to_vec();
    assert_eq!(px.len(), w * h * 3);
    Image { w, h, px }
}

fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol
}

#[test]
fn board_page_is_one_real_size_page_that_qpdf_accepts_with_fonts_embedded() {
    if !tools("board_page") {
        return;
    }
    let dir = TempDir::new("pdf-board");
    let m = map("castilla.toml");
    let pdf = write_pdf(&dir, "board.pdf", &m, &Options::default());
    check_and_fonts(&pdf);
    let sizes = page_sizes(&pdf);
    assert_eq!(sizes.len(), 1);
    // The drawing's size with its score track.
    let l = ttrmap::render::layout(&m, &Options::default()).unwrap();
    let v = ttrmap::render::svg::view(&m, &l);
    let mm = [v.w / l.print_units_per_mm, v.h / l.print_units_per_mm];
    assert!(
        close(sizes[0][0], mm[0] * PT_PER_MM, 1.0),
        "{sizes:?} vs {mm:?} mm"
    );
    assert!(
        close(sizes[0][1], mm[1] * PT_PER_MM, 1.0),
        "{sizes:?} vs {mm:?} mm"
    );
}

#[test]
fn the_same_map_gives_the_same_pdf_bytes() {
    let m = map("castilla.toml");
    for opts in [
        Options::default(),
        Options {
            tickets: true,
            ..Options::default()
        },
        Options {
            print: true,
            paper: Some(Paper::A4),
            ..Options::default()
        },
    ] {
        let a = to_pdf(&m, &opts).unwrap().bytes;
        let b = to_pdf(&m, &opts).unwrap().bytes;
        assert!(a == b, "two renders differ");
        assert!(a.starts_with(b"%PDF-"));
    }
}

#[test]
fn sheets_are_the_paper_turned_for_the_fewest_or_as_asked_and_words_lie_inside() {
    if !tools("sheets") {
        return;
    }
    let dir = TempDir::new("pdf-sheets");
    let m = map("castilla.toml");
    let a4 = [595.28, 841.89];
    for (orientation, want) in [
        (None, a4),
        (Some(Orientation::Portrait), a4),
        (Some(Orientation::Landscape), [a4[1], a4[0]]),
    ] {
        let opts = Options {
            print: true,
            paper: Some(Paper::A4),
            orientation,
            ..Options::default()
        };
        let pdf = write_pdf(&dir, "sheets.pdf", &m, &opts);
        check_and_fonts(&pdf);
        let sizes = page_sizes(&pdf);
        let theme = ttrmap::render::theme(&opts).unwrap();
        let l = ttrmap::render::Layout::compute(&m, &theme.sizes());
        let t = ttrmap::render::pages::Tiling::new(&l, Paper::A4, orientation);
        // The first page maps the sheets.
        assert_eq!(sizes.len(), t.pages() + 1, "{orientation:?}");
        for s in &sizes {
            assert!(
                close(s[0], want[0], 1.0) && close(s[1], want[1], 1.0),
                "{orientation:?}: {s:?}"
            );
        }
        sheet_words_inside_printable_area(&pdf);
    }
}

/// A line of words and its box (x0, y0, x1, y1 in points from the top-left).
type Line = (String, [f64; 4]);

/// A page's size and each line of words on it, from `pdftotext -bbox-layout`.
fn text_lines(pdf: &Path) -> Vec<([f64; 2], Vec<Line>)> {
    let html = run("pdftotext", &["-bbox-layout", pdf.to_str().unwrap(), "-"]);
    let attr = |tag: &str, name: &str| -> f64 {
        let v = tag.split(&format!("{name}=\"")).nth(1).unwrap();
        v[..v.find('"').unwrap()].parse().unwrap()
    };
    let bbox = |tag: &str| {
        [
            attr(tag, "xMin"),
            attr(tag, "yMin"),
            attr(tag, "xMax"),
            attr(tag, "yMax"),
        ]
    };
    let mut pages: Vec<([f64; 2], Vec<Line>)> = Vec::new();
    for tag in html.split('<').filter(|t| !t.starts_with('/')) {
        if tag.starts_with("page ") {
            pages.push(([attr(tag, "width"), attr(tag, "height")], Vec::new()));
        } else if tag.starts_with("line ") {
            let page = pages.last_mut().unwrap();
            page.1.push((String::new(), bbox(tag)));
        } else if tag.starts_with("word ") {
            let word = tag.split('>').nth(1).unwrap_or("");
            let line = pages.last_mut().unwrap().1.last_mut().unwrap();
            if !line.0.is_empty() {
                line.0.push(' ');
            }
            line.0.push_str(word);
        }
    }
    pages
}

/// Whether a box lies 5 mm or more inside a page.
fn inside_printable_area(b: [f64; 4], page: [f64; 2]) -> bool {
    let inset = 5.0 * PT_PER_MM - 0.5;
    b[0] >= inset && b[1] >= inset && b[2] <= page[0] - inset && b[3] <= page[1] - inset
}

/// A sheet's two lines of words (which sheet it is; how to print and join) lie 5 mm or more
/// inside its page, on every sheet. (The board's own names are left out: a sheet's clip cuts
/// them, but pdftotext reads them whole.)
fn sheet_words_inside_printable_area(pdf: &Path) {
    let pages = text_lines(pdf);
    for (k, (page, lines)) in pages.iter().enumerate().skip(1) {
        let ours: Vec<&Line> = lines
            .iter()
            .filter(|(t, _)| t.contains(" – sheet ") || t.contains("Trim the left"))
            .collect();
        assert_eq!(ours.len(), 2, "page {}: {lines:?}", k + 1);
        for (text, b) in ours {
            assert!(
                inside_printable_area(*b, *page),
                "page {}: `{text}` at {b:?} pt is within 5 mm of the {page:?} pt page's edge",
                k + 1
            );
        }
    }
}

/// Every word on every page lies 5 mm or more inside it, `needle` among them.
fn all_words_inside_printable_area(pdf: &Path, needle: &str) {
    let mut found = false;
    for (page, lines) in text_lines(pdf) {
        for (text, b) in lines {
            found |= text.contains(needle);
            assert!(
                inside_printable_area(b, page),
                "`{text}` at {b:?} pt is within 5 mm of the {page:?} pt page's edge"
            );
        }
    }
    assert!(found, "no `{needle}`");
}

#[test]
fn neighbouring_sheets_show_the_same_overlap_strip() {
    if !tools("overlap") {
        return;
    }
    let dir = TempDir::new("pdf-overlap");
    let m = map("castilla.toml");
    let opts = Options {
        print: true,
        paper: Some(Paper::A4),
        ..Options::default()
    };
    let pdf = write_pdf(&dir, "sheets.pdf", &m, &opts);
    // At 127 dpi a millimetre is 5 pixels, so the 10 mm margin, the 190 × 277 mm part and its
    // 10 mm overlap fall on whole pixels and the two strips are drawn at the same phase.
    let px = |mm: f64| (mm * 5.0).round() as usize;
    let (first, second) = (raster(&pdf, 2, 127, &dir), raster(&pdf, 3, 127, &dir));
    assert_eq!((first.w, first.h), (second.w, second.h));
    // Sheet 1's last 10 mm of part (x from 190 to 200 mm on the page) is sheet 2's first
    // (10 to 20 mm). Sheet 1's dashed line runs down the strip's left edge: left out.
    let (mut differ, mut total, mut inked) = (0usize, 0usize, 0usize);
    for y in px(10.0)..px(10.0 + 277.0) {
        for dx in px(1.0)..px(10.0) {
            let (a, b) = (first.at(px(190.0) + dx, y), second.at(px(10.0) + dx, y));
            let d = a
                .iter()
                .zip(&b)
                .map(|(p, q)| (*p as i32 - *q as i32).unsigned_abs())
                .max()
                .unwrap();
            total += 1;
            differ += usize::from(d > 48);
            inked += usize::from(first.dark(px(190.0) + dx, y));
        }
    }
    assert!(
        inked > 50,
        "the strip holds some of the board ({inked} dark pixels)"
    );
    assert!(
        differ * 100 < total,
        "{differ} of {total} pixels of the overlap differ"
    );
}

/// Measures the first card on page 1 of a ticket PDF: its outline's width and height in mm,
/// from the centres of its strokes, at 254 dpi (10 pixels a millimetre).
fn first_card_mm(pdf: &Path, dir: &TempDir, paper: Paper) -> [f64; 2] {
    let img = raster(pdf, 1, 254, dir);
    let [pw, ph] = paper.size_mm();
    // Where the card grid starts: cards of 67 × 44 mm with 2 mm between them, as many as fit
    // inside 10 mm margins, centred on the page (tickets.rs says the same in its own words).
    let fit = |room: f64, size: f64| ((room - 20.0 + 2.0) / (size + 2.0)).floor();
    let used = |n: f64, size: f64| n * size + (n - 1.0) * 2.0;
    let x0 = (pw - used(fit(pw, 67.0), 67.0)) / 2.0;
    let y0 = (ph - used(fit(ph, 44.0), 44.0)) / 2.0;
    let px = |mm: f64| (mm * 10.0).round() as usize;
    // A dark run's centre, scanning from `from` by `step` along a row or column.
    let stroke_centre = |from: usize, step: isize, along_x: bool, fixed: usize| -> f64 {
        let mut i = from as isize;
        let dark = |i: isize| {
            if along_x {
                img.dark(i as usize, fixed)
            } else {
                img.dark(fixed, i as usize)
            }
        };
        while !dark(i) {
            i += step;
        }
        let start = i;
        while dark(i) {
            i += step;
        }
        (start + i - step) as f64 / 2.0
    };
    // Across the card's middle row, from outside each side inwards; and down a column 10 mm
    // inside its left edge (clear of the rounded corners), from outside top and bottom.
    let row = px(y0 + 22.0);
    let left = stroke_centre(px(x0 - 1.0), 1, true, row);
    let right = stroke_centre(px(x0 + 68.0), -1, true, row);
    let col = px(x0 + 10.0);
    let top = stroke_centre(px(y0 - 0.9), 1, false, col);
    let bottom = stroke_centre(px(y0 + 45.0), -1, false, col);
    [(right - left) / 10.0, (bottom - top) / 10.0]
}

#[test]
fn ticket_cards_print_at_their_true_size_on_a4_and_letter_pages() {
    if !tools("tickets") {
        return;
    }
    let dir = TempDir::new("pdf-tickets");
    let m = map("castilla.toml");
    for (paper, want) in [
        (Paper::A4, [595.28, 841.89]),
        (Paper::Letter, [612.0, 792.0]),
    ] {
        let opts = Options {
            tickets: true,
            card: CardSize::Small,
            paper: Some(paper),
            ..Options::default()
        };
        let pdf = write_pdf(&dir, "tickets.pdf", &m, &opts);
        check_and_fonts(&pdf);
        for s in page_sizes(&pdf) {
            assert!(
                close(s[0], want[0], 1.0) && close(s[1], want[1], 1.0),
                "{paper:?}: {s:?}"
            );
        }
        let [w, h] = first_card_mm(&pdf, &dir, paper);
        assert!(
            close(w, 67.0, 0.5) && close(h, 44.0, 0.5),
            "{paper:?}: a card measures {w:.2} × {h:.2} mm"
        );
        all_words_inside_printable_area(&pdf, "tickets – page 1 of");
    }
}

#[test]
fn a_bleed_extends_the_background_past_the_trim_and_keeps_the_safe_margin_clear() {
    if !tools("bleed") {
        return;
    }
    let dir = TempDir::new("pdf-bleed");
    let m = map("castilla.toml");
    let plain = to_pdf(&m, &Options::default()).unwrap();
    let opts = Options {
        bleed: Some(3.0),
        ..Options::default()
    };
    let bled = to_pdf(&m, &opts).unwrap();
    assert!(bled.warnings.is_empty(), "{:?}", bled.warnings);
    let path = dir.0.join("bleed.pdf");
    std::fs::write(&path, &bled.bytes).unwrap();
    let plain_path = dir.0.join("plain.pdf");
    std::fs::write(&plain_path, &plain.bytes).unwrap();
    check_and_fonts(&path);
    let (with, without) = (page_sizes(&path)[0], page_sizes(&plain_path)[0]);
    let six = 6.0 * PT_PER_MM;
    assert!(close(with[0], without[0] + six, 0.5) && close(with[1], without[1] + six, 0.5));
    let boxes = run("pdfinfo", &["-box", path.to_str().unwrap()]);
    let trim: Vec<f64> = boxes
        .lines()
        .find(|l| l.starts_with("TrimBox:"))
        .unwrap()
        .split_whitespace()
        .skip(1)
        .map(|v| v.parse().unwrap())
        .collect();
    let b = 3.0 * PT_PER_MM;
    assert!(close(trim[0], b, 0.1) && close(trim[1], b, 0.1), "{trim:?}");
    assert!(close(trim[2], with[0] - b, 0.1) && close(trim[3], with[1] - b, 0.1));
    bleed_and_safe_margin_are_paper(&path, &dir, 3.0);
}

/// The bleed and the 5 mm safe margin inside the trim hold nothing but the paper's colour.
fn bleed_and_safe_margin_are_paper(path: &Path, dir: &TempDir, bleed: f64) {
    let img = raster(path, 1, 50, dir);
    let band = ((bleed + 5.0) / 25.4 * 50.0).floor() as usize - 1;
    let paper = img.at(0, 0);
    for y in 0..img.h {
        for x in 0..img.w {
            let edge = x.min(y).min(img.w - 1 - x).min(img.h - 1 - y);
            // The last column and row are partly off the page: left out.
            if edge < band && x + 1 < img.w && y + 1 < img.h {
                assert_eq!(
                    img.at(x, y),
                    paper,
                    "{}: at {x},{y} px in the bleed or safe margin",
                    path.display()
                );
            }
        }
    }
}

#[test]
fn every_shipped_board_keeps_its_safe_margin_clear() {
    let with_tools = tools("shipped_bleeds");
    let dir = TempDir::new("pdf-shipped");
    let maps = common::shipped_map_files();
    assert!(maps.len() >= 14, "{maps:?}");
    for file in maps {
        let m = ttrmap::load::load_path(&file).unwrap().map.unwrap();
        let opts = Options {
            bleed: Some(3.0),
            ..Options::default()
        };
        let pdf = to_pdf(&m, &opts).unwrap();
        assert!(
            pdf.warnings.is_empty(),
            "{}: {:?}",
            file.display(),
            pdf.warnings
        );
        if with_tools {
            let path = dir.0.join(file.with_extension("pdf").file_name().unwrap());
            std::fs::write(&path, &pdf.bytes).unwrap();
            bleed_and_safe_margin_are_paper(&path, &dir, 3.0);
        }
    }
}

#[test]
fn a_city_at_the_boards_edge_is_named_in_a_safe_margin_warning() {
    let mut m = map("castilla.toml");
    m.cities[0].position = [0.0, 0.0];
    let name = m.cities[0].display_name().to_string();
    // Without the score track, whose band would keep the city 21.5 mm from the trim.
    let opts = Options {
        bleed: Some(3.0),
        score_track: None,
        ..Options::default()
    };
    let warnings = to_pdf(&m, &opts).unwrap().warnings;
    assert!(
        warnings
            .iter()
            .any(|w| w.contains(&format!("city `{name}`")) && w.contains("safe margin")),
        "{warnings:?}"
    );
    // Without a bleed there is no print shop to warn for.
    assert!(to_pdf(&m, &Options::default()).unwrap().warnings.is_empty());
}

#[test]
fn pdf_options_that_do_not_go_together_are_refused_with_exit_2() {
    let dir = TempDir::new("pdf-cli");
    let map = root().join("maps/castilla.toml");
    let map = map.to_str().unwrap();
    for (args, says) in [
        (vec!["--format", "pdf", "--bleed=0"], "--bleed must be"),
        (vec!["--format", "pdf", "--bleed=40"], "--bleed must be"),
        (vec!["--format", "svg", "--bleed=3"], "--bleed is for"),
        (
            vec!["--format", "pdf", "--tickets", "--bleed=3"],
            "--bleed is for",
        ),
        (
            vec!["--format", "pdf", "--orientation", "landscape"],
            "--orientation",
        ),
        (
            vec!["--format", "svg", "--print", "--paper", "a4"],
            "--format html or pdf",
        ),
    ] {
        let mut all = vec!["render", map, "-o"];
        let out = dir.0.join("out.pdf");
        all.push(out.to_str().unwrap());
        // The output's extension and --format must agree: an svg run writes .svg.
        let svg_out = dir.0.join("out.svg");
        if args.contains(&"svg") {
            all.pop();
            all.push(svg_out.to_str().unwrap());
        }
        all.extend(&args);
        let r = ttrmap_in(&dir.0, &all);
        let stderr = String::from_utf8_lossy(&r.stderr);
        assert_eq!(r.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
        assert!(!out.exists() && !svg_out.exists(), "{args:?} wrote a file");
    }
    // The default name of the sheets and a bleed's warning line.
    let r = ttrmap_in(&dir.0, &["render", map, "-o", "b.pdf", "--bleed"]);
    assert_eq!(
        r.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&r.stderr)
    );
    assert!(dir.0.join("b.pdf").exists());
}

#[test]
fn html_sheets_keep_their_trim_marks_and_words_5_mm_from_the_paper_edge() {
    let m = map("castilla.toml");
    for paper in [Paper::A4, Paper::Letter, Paper::A3] {
        let opts = Options {
            print: true,
            paper: Some(paper),
            ..Options::default()
        };
        let doc = ttrmap::render::to_html(&m, &opts).unwrap();
        let theme = ttrmap::render::theme(&opts).unwrap();
        let l = ttrmap::render::Layout::compute(&m, &theme.sizes());
        let t = ttrmap::render::pages::Tiling::new(&l, paper, None);
        let [sw, sh] = t.sheet;
        let inside = |x: f64, y: f64| x >= 5.0 && y >= 5.0 && x <= sw - 5.0 && y <= sh - 5.0;
        let marks: Vec<&str> = doc
            .split(r#"<path class="trim" d=""#)
            .skip(1)
            .map(|s| &s[..s.find('"').unwrap()])
            .collect();
        assert_eq!(marks.len(), 4 * t.pages());
        for d in marks {
            // M x y H x' M x y V y': every point of the two arms.
            let n: Vec<f64> = d
                .split(|c: char| c.is_ascii_alphabetic() || c == ' ')
                .filter(|s| !s.is_empty())
                .map(|s| s.parse().unwrap())
                .collect();
            let points = [(n[0], n[1]), (n[2], n[1]), (n[3], n[4]), (n[3], n[5])];
            for (x, y) in points {
                assert!(inside(x, y), "{paper:?}: a trim mark reaches {x},{y} mm");
            }
        }
        // The words' baselines: above the part's top (which is 10 mm in) with room for
        // accents, and below its foot with room for descenders.
        for label in doc.split(r#"<text class="sheet-label" "#).skip(1) {
            let attr = |name: &str| -> f64 {
                let v = label.split(&format!("{name}=\"")).nth(1).unwrap();
                v[..v.find('"').unwrap()].parse().unwrap()
            };
            let size: f64 = label
                .split("font-size:")
                .nth(1)
                .unwrap()
                .split("px")
                .next()
                .unwrap()
                .parse()
                .unwrap();
            let (x, y) = (attr("x"), attr("y"));
            assert!(size <= 3.0);
            assert!(
                inside(x, y - 1.07 * size) && inside(x, y + 0.3 * size),
                "{paper:?}: {label}"
            );
        }
    }
}
