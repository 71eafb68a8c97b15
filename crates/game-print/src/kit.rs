//! The kit of one game: which pages, in which order, drawn into one PDF.
use crate::game_kit::GameKit;
use crate::paper::Paper;
use crate::pen::{Align, Line, Pen, Rgb};
use crate::score_sheet;
use crate::tokens;
use crate::{cards, fonts::Fonts, kelasu, tirachen, veney};
use krilla::Document;
use krilla::SerializeSettings;
use krilla::metadata::Metadata;
use krilla::page::PageSettings;
use std::fmt;
use std::path::Path;
use std::str::FromStr;

/// The games the host offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PrintGame {
    Veney,
    Tirachen,
    Kelasu,
}

impl PrintGame {
    pub const ALL: [PrintGame; 3] = [PrintGame::Veney, PrintGame::Tirachen, PrintGame::Kelasu];

    pub fn name(self) -> &'static str {
        match self {
            PrintGame::Veney => "veney",
            PrintGame::Tirachen => "tirachen",
            PrintGame::Kelasu => "kelasu",
        }
    }
}

/// A game name that is not one of the host's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownGame(pub String);

impl fmt::Display for UnknownGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "no game {:?}: expected veney, tirachen or kelasu",
            self.0
        )
    }
}

impl std::error::Error for UnknownGame {}

impl FromStr for PrintGame {
    type Err = UnknownGame;
    fn from_str(s: &str) -> Result<PrintGame, UnknownGame> {
        PrintGame::ALL
            .into_iter()
            .find(|g| g.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownGame(s.to_string()))
    }
}

/// Why no kit was made.
#[derive(Debug)]
pub enum KitError {
    /// The PDF writer refused the document.
    Pdf(String),
    /// Writing the file failed.
    Io(std::path::PathBuf, std::io::Error),
}

impl fmt::Display for KitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KitError::Pdf(e) => write!(f, "the PDF could not be written: {e}"),
            // The path once: the game API's refusals name it already (a review found
            // `/dev/null: /dev/null is not a regular file`).
            KitError::Io(p, e) => {
                let (p, e) = (p.display().to_string(), e.to_string());
                if e.starts_with(&p) {
                    write!(f, "{e}")
                } else {
                    write!(f, "{p}: {e}")
                }
            }
        }
    }
}

impl std::error::Error for KitError {}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PageKind {
    Cover,
    Board(usize),
    Tokens(usize),
    Card(veney_rules::Kind),
    FreeEngagement,
    Odds,
    Score,
    /// The score sheet's continuation: its turn numbers left to write, printed as often as a
    /// long game needs (a review found one sheet holding 22 to 42 turns, games running longer).
    ScoreContinued,
}

impl PageKind {
    fn section(self) -> &'static str {
        match self {
            PageKind::Cover => "This page",
            PageKind::Board(_) => "The board",
            PageKind::Tokens(_) => "Tokens to cut out",
            PageKind::Card(_) => "A rules card per piece",
            PageKind::FreeEngagement => "The free engagement",
            PageKind::Odds => "Dagger Throw odds and the Donkey",
            PageKind::Score => "Score sheet",
            PageKind::ScoreContinued => "Score sheet, continued",
        }
    }
}

fn plan(k: &GameKit, paper: Paper) -> Vec<PageKind> {
    let mut pages = vec![PageKind::Cover];
    pages.extend((0..k.board.tiles(paper).len()).map(PageKind::Board));
    pages.extend((0..tokens::pages(paper, &k.tokens)).map(PageKind::Tokens));
    if let Some(set) = &k.cards {
        pages.extend(set.kinds().map(PageKind::Card));
        // The shared piece belongs to no set: its card follows the set's (Veney's kit alone
        // has cards, and the free engagement).
        pages.push(PageKind::FreeEngagement);
    }
    if k.odds {
        pages.push(PageKind::Odds);
    }
    pages.push(PageKind::Score);
    pages.push(PageKind::ScoreContinued);
    pages
}

/// The kit for `game` on `paper`, as PDF bytes.
pub fn kit(game: PrintGame, paper: Paper) -> Result<Vec<u8>, KitError> {
    kit_with(game, paper, true)
}

/// The kit, with the page contents compressed or not (uncompressed for tests that read them).
pub fn kit_with(game: PrintGame, paper: Paper, compress: bool) -> Result<Vec<u8>, KitError> {
    let k = match game {
        PrintGame::Veney => veney::kit(),
        PrintGame::Tirachen => tirachen::kit(),
        PrintGame::Kelasu => kelasu::kit(),
    };
    let fonts = Fonts::load();
    let settings = SerializeSettings {
        compress_content_streams: compress,
        ..SerializeSettings::default()
    };
    let mut doc = Document::new_with(settings);
    doc.set_metadata(
        Metadata::new()
            .title(format!("{} — printable kit ({})", k.title, paper))
            .creator("game-print (veney-cli print)".to_string()),
    );
    let pages = plan(&k, paper);
    let tiles = k.board.tiles(paper);
    let token_pages = tokens::pages(paper, &k.tokens);
    let (w, h) = paper.size_pt();
    for &pk in &pages {
        let mut page = doc.start_page_with(PageSettings::from_wh(w, h).expect("a paper size"));
        let mut surface = page.surface();
        {
            let mut pen = Pen::new(&mut surface, &fonts);
            match pk {
                PageKind::Cover => cover(&mut pen, paper, &k, &pages),
                PageKind::Board(i) => k.board.draw_tile(&mut pen, paper, &tiles, i),
                PageKind::Tokens(i) => {
                    tokens::draw_page(&mut pen, paper, &k.title, &k.tokens, i, token_pages)
                }
                PageKind::Card(kind) => {
                    cards::draw(&mut pen, paper, k.cards.as_ref().expect("cards"), kind)
                }
                PageKind::FreeEngagement => crate::free_card::draw(&mut pen, paper),
                PageKind::Odds => veney::odds_page(&mut pen, paper),
                PageKind::Score => score_sheet::draw(&mut pen, paper, &k.score, false),
                PageKind::ScoreContinued => score_sheet::draw(&mut pen, paper, &k.score, true),
            }
        }
        surface.finish();
        page.finish();
    }
    doc.finish().map_err(|e| KitError::Pdf(format!("{e:?}")))
}

fn cover(pen: &mut Pen, paper: Paper, k: &GameKit, pages: &[PageKind]) {
    let (w, _h) = paper.size_mm();
    let m = 20.0;
    pen.text(m, 34.0, 28.0, true, Align::Left, Rgb::BLACK, &k.title);
    pen.text(m, 44.0, 12.0, false, Align::Left, Rgb::GREY, &k.byline);
    pen.text(
        m,
        54.0,
        12.0,
        false,
        Align::Left,
        Rgb::BLACK,
        &format!("A printable kit · {} paper", paper.name().to_uppercase()),
    );
    pen.line(m, 59.0, w - m, 59.0, Line::solid(0.5, Rgb::BLACK));
    // Contents: each section and its pages.
    let mut y = 70.0;
    pen.text(m, y, 12.0, true, Align::Left, Rgb::BLACK, "Contents");
    y += 7.0;
    let mut i = 0;
    while i < pages.len() {
        let sec = pages[i].section();
        let start = i;
        while i < pages.len() && pages[i].section() == sec {
            i += 1;
        }
        let range = if i - start == 1 {
            format!("page {}", start + 1)
        } else {
            format!("pages {}–{}", start + 1, i)
        };
        pen.text(m + 4.0, y, 10.5, false, Align::Left, Rgb::BLACK, sec);
        pen.text(w - m, y, 10.5, false, Align::Right, Rgb::BLACK, &range);
        y += 6.0;
    }
    y += 6.0;
    pen.heading(m, y, "Printing and assembling");
    y += 7.0;
    let mut notes = vec![format!(
        "Print at actual size (100 %, not “fit to page”). The bar below is 100 mm long; measure it. Board squares are {} mm.",
        k.board.cell_mm
    )];
    notes.extend(k.notes.iter().cloned());
    for n in &notes {
        y = pen.paragraph(
            m + 4.0,
            y,
            w - 2.0 * m - 4.0,
            10.0,
            false,
            Rgb::BLACK,
            &format!("• {n}"),
        );
        y += 1.5;
    }
    // A 100 mm scale bar with millimetre ticks.
    y += 6.0;
    pen.rect(m, y, 100.0, 3.0, Some(Rgb::BLACK), None);
    for t in 0..=100 {
        let len = if t % 10 == 0 {
            4.0
        } else if t % 5 == 0 {
            2.5
        } else {
            1.5
        };
        pen.line(
            m + t as f32,
            y + 3.0,
            m + t as f32,
            y + 3.0 + len,
            Line::solid(0.15, Rgb::BLACK),
        );
    }
    for t in (0..=100).step_by(10) {
        pen.text(
            m + t as f32,
            y + 11.0,
            7.0,
            false,
            Align::Centre,
            Rgb::BLACK,
            &t.to_string(),
        );
    }
    pen.text(
        m + 104.0,
        y + 3.0,
        8.0,
        false,
        Align::Left,
        Rgb::GREY,
        "100 mm",
    );
}

/// Writes `bytes` to `path` through a temporary file beside it and a rename, so a failed write
/// never leaves half a PDF in place of an old one.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), KitError> {
    let err = |e| KitError::Io(path.to_path_buf(), e);
    if path.file_name().is_none() {
        return Err(err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "not a file name",
        )));
    }
    game_api::write_atomic(path, bytes).map_err(err)
}

/// The token pages of every game's kit: tested here, where the games' token lists meet.
#[cfg(test)]
mod token_tests {
    use crate::paper::Paper;
    use crate::tokens::{MARGIN, Placed, TokenGroup, layout};

    fn groups() -> Vec<Vec<TokenGroup>> {
        vec![
            crate::veney::tokens(&veney_rules::PieceSet::standard()),
            crate::tirachen::kit().tokens,
            crate::kelasu::kit().tokens,
        ]
    }

    #[test]
    fn every_token_heading_fits_between_the_margins() {
        // A review found Veney's neutral heading running 12 mm past the right margin on A4.
        let fonts = crate::fonts::Fonts::load();
        for paper in Paper::ALL {
            let (w, _) = paper.size_mm();
            for gs in groups() {
                for g in &gs {
                    let heading = format!("{} (continued)", g.heading);
                    let wide = fonts.bold.width(&heading, 10.0) / crate::paper::mm(1.0);
                    assert!(
                        MARGIN + wide <= w - MARGIN,
                        "{paper:?}: {heading:?} is {wide:.0} mm"
                    );
                }
            }
        }
    }

    #[test]
    fn every_token_is_placed_once_on_the_page_and_none_overlap() {
        for paper in Paper::ALL {
            let (w, h) = paper.size_mm();
            for gs in groups() {
                let (placed, heads) = layout(paper, &gs);
                let wanted: u32 = gs.iter().flat_map(|g| &g.tokens).map(|t| t.count).sum();
                assert_eq!(placed.len() as u32, wanted, "{paper:?}");
                assert!(heads.iter().filter(|h| !h.3).count() == gs.len());
                let size = |p: &Placed| gs[p.group].tokens[p.token].size;
                for (i, a) in placed.iter().enumerate() {
                    let r = size(a) / 2.0;
                    assert!(
                        a.cx - r >= MARGIN - 0.01 && a.cx + r <= w - MARGIN + 0.01,
                        "{paper:?}"
                    );
                    assert!(
                        a.cy - r >= 20.0 && a.cy + r <= h - MARGIN + 0.01,
                        "{paper:?}"
                    );
                    for b in &placed[i + 1..] {
                        if a.page == b.page {
                            let apart = (a.cx - b.cx).abs().max((a.cy - b.cy).abs());
                            assert!(apart >= (size(a) + size(b)) / 2.0, "{paper:?}: overlap");
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod game_tests {
    use super::PrintGame;

    /// `PrintGame::ALL` holds every game (the command line's `--game` and its hints read it): the
    /// match names each variant, so a new game stops this test compiling until it is listed.
    #[test]
    fn every_game_is_listed() {
        let index = |g: PrintGame| match g {
            PrintGame::Veney => 0,
            PrintGame::Tirachen => 1,
            PrintGame::Kelasu => 2,
        };
        let listed: Vec<usize> = PrintGame::ALL.into_iter().map(index).collect();
        assert_eq!(listed, [0, 1, 2]);
    }
}
