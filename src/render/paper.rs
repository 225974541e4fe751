//! Paper a home printer takes, and card sizes for the ticket sheet. Sizes in millimetres.

/// A sheet of paper, portrait.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Paper {
    #[default]
    A4,
    Letter,
    A3,
}

impl Paper {
    /// Width and height in mm, portrait.
    pub fn size_mm(self) -> [f64; 2] {
        match self {
            Paper::A4 => [210.0, 297.0],
            Paper::Letter => [215.9, 279.4],
            Paper::A3 => [297.0, 420.0],
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Paper::A4 => "A4",
            Paper::Letter => "Letter",
            Paper::A3 => "A3",
        }
    }
}

/// Which way a sheet is turned; `None` where it is asked for: whichever takes fewer sheets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Orientation {
    Portrait,
    Landscape,
}

/// A ticket card's size. The published USA and Europe tickets are 44 × 67 mm (the small
/// card size); 63 × 88 mm is the common poker card, for sleeves a designer already has.
/// Cards are drawn landscape, as the published tickets are.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum CardSize {
    #[default]
    #[value(name = "44x67")]
    Small,
    #[value(name = "63x88")]
    Large,
}

impl CardSize {
    /// Width and height in mm, landscape.
    pub fn size_mm(self) -> [f64; 2] {
        match self {
            CardSize::Small => [67.0, 44.0],
            CardSize::Large => [88.0, 63.0],
        }
    }
}

/// Paper left blank around a page's printed area: most home printers cannot print closer to
/// the edge than about 5 mm; 10 leaves room for trim marks.
pub const PAGE_MARGIN_MM: f64 = 10.0;

/// How near a page's edge anything is drawn (trim and cut marks, the words on a sheet): the
/// edge most home printers leave unprinted.
pub const PRINTABLE_INSET_MM: f64 = 5.0;
