//! Veney's kit: the 4 × 16 board by measures (§2.0.V), the standard set's tokens in §2.0.R6's
//! shapes, a card per piece, the Dagger Throw's odds (§2.0.08, §2.0.R1), the Donkey's table
//! (§2.0.23) and a score sheet in §2.0.R5's notation.
use crate::board::{BoardSpec, RankRule};
use crate::cards::{BLACK_FACE, WHITE_FACE};
use crate::game_kit::{GameKit, example_record};
use crate::odds::{alternate_odds, donkey_table, percent, sticks_at, throw_odds};
use crate::paper::Paper;
use crate::pen::{Align, Line, Pen, Rgb};
use crate::score_sheet::ScoreSheet;
use crate::shapes::Symbol;
use crate::tokens::{Token, TokenGroup};
use veney_rules::square::{LINE_CHARS, LINES, STEPS};
use veney_rules::{Measure, PieceSet, Side, Square, VeneyGame};

/// The side of a square (docs/rulings/print-kit.md: the rulebook gives none).
pub const SQUARE_MM: f32 = 45.0;

const DARK: Rgb = Rgb(196, 196, 196);

fn measure_words(m: Measure) -> String {
    let ord = ["first", "second", "third", "fourth"];
    format!(
        "measure {} (White's {}, Black's {})",
        m.0 + 1,
        ord[m.relative(Side::White) as usize - 1],
        ord[m.relative(Side::Black) as usize - 1]
    )
}

fn caption(lo: u8, hi: u8) -> String {
    let a = Measure::of(Square::new(0, lo + 1));
    let b = Measure::of(Square::new(0, hi + 1));
    if a == b {
        let w = measure_words(a);
        let mut c = w[..1].to_uppercase();
        c.push_str(&w[1..]);
        c
    } else {
        format!("Measures {}–{}", a.0 + 1, b.0 + 1)
    }
}

pub fn board() -> BoardSpec {
    let files = LINES;
    let ranks = STEPS;
    let mut colours = Vec::new();
    for step in 1..=STEPS {
        for line in 0..LINES {
            // §2.0.V: "W1 is a light square", alternating like a chess board.
            colours.push(if Square::new(line, step).is_light() {
                Rgb::WHITE
            } else {
                DARK
            });
        }
    }
    let mut rules = Vec::new();
    for m in Measure::ALL {
        rules.push(RankRule {
            after: m.first_step() - 1,
            line: Line::solid(1.2, Rgb::BLACK),
            label: None,
        });
    }
    rules.push(RankRule {
        after: STEPS,
        line: Line::solid(1.2, Rgb::BLACK),
        label: None,
    });
    // The centre line: between White's second measure and its third (§2.0.V).
    rules.push(RankRule {
        after: Measure::nth_for(Side::White, 2).last_step(),
        line: Line::solid(1.6, Rgb::RED),
        label: Some("centre line".into()),
    });
    BoardSpec {
        game: "Veney".into(),
        files,
        ranks,
        file_labels: LINE_CHARS.iter().map(|c| c.to_string()).collect(),
        rank_labels: (1..=STEPS).map(|s| s.to_string()).collect(),
        cell_mm: SQUARE_MM,
        colours,
        first_rank_at_top: false,
        rules,
        rank_multiple: 4,
        words: ["steps", "lines"],
        outlines: Vec::new(),
        // White's first step is step 1 (§2.0.V: "W1 is a light square" on White's left).
        edge_names: [
            Side::White.name().to_string(),
            Side::Black.name().to_string(),
        ],
        tile_caption: caption,
    }
}

/// The options the players agree before a game (§2.0.19 step 1, "prior agreement"), each with
/// its default, as the Tirachen and Kelasu sheets name theirs (R-PRINT-SCORE: "the game's
/// options with their defaults"; a review found one blank "Rules and dice" line). The fine
/// points (`hirakamae_breaks` and the like) are the rulings'; the sheet names the ones a table
/// settles first.
fn option_fields(o: &veney_rules::options::RuleOptions) -> Vec<String> {
    use veney_rules::options::{FirstPlayerMethod, RetreatLimit, SetupStyle};
    let retreats = |r: RetreatLimit| match r {
        RetreatLimit::Unlimited => "unlimited".to_string(),
        RetreatLimit::Limited(n) => format!("{n} each"),
    };
    let optional = if o.optional_pieces.is_empty() {
        "none".to_string()
    } else {
        o.optional_pieces.join(", ")
    };
    // The app's words, their gloss left out: the field's own parentheses hold the default.
    let short = |w: &str| w.split(" (").next().unwrap_or(w).to_string();
    // Strict is the app's teaching mode, no policy of §2.0.22's: at a real board it means an
    // untenable move is taken back and made otherwise (a review found "strict" alone on the
    // sheet, readable as the harshest policy).
    let untenable = match o.untenable {
        veney_rules::options::UntenablePolicy::Strict => "strict: taken back".to_string(),
        u => short(u.words()),
    };
    let dice = short(&o.dice.words());
    let no_contest = match o.no_contest_turns {
        Some(n) => format!("{n} turns"),
        None => "never".to_string(),
    };
    let setup = match o.setup_style {
        SetupStyle::Standard => "baselines",
        SetupStyle::Concealed => "concealed",
        SetupStyle::InTurns => "in turns",
    };
    let first = match o.first_by {
        FirstPlayerMethod::Agreed => o.first_player.name().to_string(),
        FirstPlayerMethod::RandomDraw => "drawn".to_string(),
        FirstPlayerMethod::Initiative => "by initiative".to_string(),
    };
    let yes_no = |b: bool| if b { "yes" } else { "no" };
    let mut retreat = retreats(o.retreat_limit);
    if let Some(b) = o.black_retreat_limit {
        retreat = format!("White {retreat}, Black {}", retreats(b));
    }
    vec![
        format!("Optional pieces (default {optional})"),
        format!("Retreats (default {retreat})"),
        format!("Untenable moves (default {untenable})"),
        format!("Dagger throws (default {dice})"),
        format!("Draw by no contest (default {no_contest})"),
        format!("Setup (default {setup})"),
        format!("First (default {first})"),
        format!("Devices (default {})", yes_no(o.devices)),
        format!("Donkey (default {})", yes_no(o.donkey)),
        format!("Hug (default {})", yes_no(o.hug)),
    ]
}

/// The neutral pieces' colours (the free engagement, the Donkeys): like neither side's
/// (§2.0.19: "The free engagement shouldn't more closely resemble one side or another").
pub(crate) const NEUTRAL_FACE: Rgb = Rgb(236, 228, 200);
pub(crate) const NEUTRAL_INK: Rgb = Rgb(90, 70, 40);

pub fn tokens(set: &PieceSet) -> Vec<TokenGroup> {
    let side_tokens = || -> Vec<Token> {
        set.pieces
            .iter()
            .map(|p| {
                let shape = p.def.drawn_shape();
                let (size, square) = crate::shapes::token_size(shape);
                Token {
                    letter: p.def.letter.to_string(),
                    name: p.def.name.clone(),
                    symbol: Some(Symbol::Veney(shape)),
                    size,
                    square,
                    count: p.def.count as u32,
                }
            })
            .collect()
    };
    vec![
        TokenGroup {
            heading: "White".into(),
            face: WHITE_FACE,
            ink: BLACK_FACE,
            tokens: side_tokens(),
        },
        TokenGroup {
            heading: "Black".into(),
            face: BLACK_FACE,
            ink: WHITE_FACE,
            tokens: side_tokens(),
        },
        TokenGroup {
            heading: "Neutral: free engagement (§2.0.05); Donkeys K White's, k Black's (§2.0.23)"
                .into(),
            face: NEUTRAL_FACE,
            ink: NEUTRAL_INK,
            tokens: vec![
                Token {
                    letter: "a".into(),
                    name: "Free engagement".into(),
                    symbol: Some(Symbol::Button),
                    size: 20.0,
                    square: false,
                    count: 1,
                },
                // Each player's own Donkey (R-DONKEY): it moves after its placer's turn, rolls
                // from their perspective and goes back to their reserve, so the two must be told
                // apart — by the letters the app and `veney-cli show` give them (a review found
                // two identical discs).
                donkey("K", "White's Donkey"),
                donkey("k", "Black's Donkey"),
            ],
        },
    ]
}

/// One player's Donkey token, in the neutral colour "distinct from either player" (§2.0.23).
fn donkey(letter: &str, name: &str) -> Token {
    Token {
        letter: letter.into(),
        name: name.into(),
        symbol: Some(Symbol::Donkey),
        size: 26.0,
        square: false,
        count: 1,
    }
}

pub fn kit() -> GameKit {
    let set = PieceSet::standard();
    let examples = example_record(VeneyGame::standard(), 4);
    let mut key: Vec<(String, String)> = set
        .pieces
        .iter()
        .map(|p| (p.def.letter.to_string(), p.def.name.clone()))
        .collect();
    key.push(("a".into(), "Free engagement".into()));
    for (s, m) in [
        ("t / f", "take / fend"),
        ("---", "pass"),
        ("==", "reset board (retreat)"),
        ("G*Y9, *G", "piece drop / withdrawal"),
        ("~", "special move or device"),
        ("#, ##", "checkmate, double checkmate"),
        ("!", "intention (Jutsu)"),
        ("U", "untenable move marker"),
        ("aw az a+ a-", "free engagement meta moves"),
        ("a=", "free engagement reset by repetition"),
        (
            "DtX14~ @ooxoo",
            "Dagger Throw and its sticks (o: own colour)",
        ),
    ] {
        key.push((s.into(), m.into()));
    }
    GameKit {
        title: "Veney".into(),
        byline: "Scribe's Veney 2.0 — C. Persimmon".into(),
        board: board(),
        tokens: tokens(&set),
        score: ScoreSheet {
            wide_turns: false,
            game: "Veney".into(),
            players: ["White".into(), "Black".into()],
            first_fixed: false,
            fields: ["White's set".to_string(), "Black's set".to_string()]
                .into_iter()
                .chain(option_fields(&veney_rules::options::RuleOptions::default()))
                .chain(["Time control".to_string()])
                .collect(),
            key,
            example: format!(
                "{} (the first turns of a game from the standard start, as the rules crate writes them; a double move is written as two actions separated by a space, SX4 $tZ5, and a comma separates the first mover's turn from the second's).",
                examples.trim()
            ),
        },
        cards: Some(set),
        odds: true,
        notes: vec![
            "The board: four sheets on A4 or Letter, one measure each (two on A3). Trim each sheet's margin at its dashed line and lay it over the sheet before, steps 1 to 16, its board edge on that sheet's frame and the lines running on. Tape underneath.".into(),
            "W1 is light (§2.0.V): White sits at step 1 with W on the left; Black at step 16. The red line is the centre line between steps 8 and 9.".into(),
            "Tokens stand in for found objects (§2.0.R7): glue them to card, coins or buttons.".into(),
        ],
    }
}

/// The odds page: the throw by distance, the alternate dice, the Donkey.
pub fn odds_page(pen: &mut Pen, paper: Paper) {
    let (w, _h) = paper.size_mm();
    let m = 18.0;
    pen.text(
        m,
        22.0,
        18.0,
        true,
        Align::Left,
        Rgb::BLACK,
        "Dagger Throw odds",
    );
    pen.text(
        w - m,
        22.0,
        9.5,
        false,
        Align::Right,
        Rgb::GREY,
        "§2.0.08, §2.0.R1",
    );
    let mut y = 31.0;
    y = pen.paragraph(m, y, w - 2.0 * m, 9.5, false, Rgb::BLACK, "Throw stick-dice for your colour: all your colour hits (checkmate by touch); exactly one off-colour is a short success (the distraction effect: reposition your Self and Sword); anything else misses and the Dagger is lost. Sticks: two plus the distance in measures between the Selves' measures (ruling R-THROW-STICKS: the same measure 2, neighbouring measures 3, the first and fourth 5), which gives the rulebook's 1 in 32 at the start and 1 in 4 at close range. Counted over every landing:");
    y += 3.0;
    let cols = [m, m + 42.0, m + 64.0, m + 100.0, m + 136.0];
    let heads = ["Selves", "Sticks", "Hit", "Distraction", "Miss"];
    for (x, hd) in cols.iter().zip(heads) {
        pen.text(*x, y, 9.5, true, Align::Left, Rgb::BLACK, hd);
    }
    y += 2.0;
    pen.line(m, y, w - m, y, Line::solid(0.4, Rgb::BLACK));
    y += 5.5;
    for apart in 0..=3u8 {
        let o = throw_odds(sticks_at(apart));
        let selves = match apart {
            0 => "same measure".to_string(),
            1 => "adjacent measures".to_string(),
            n => format!("{n} measures apart"),
        };
        let cell = |a: u32| format!("{a}/{} · {}", o.total, percent(a, o.total));
        let row = [
            selves,
            o.sticks.to_string(),
            cell(o.hit),
            cell(o.distraction),
            cell(o.miss),
        ];
        for (x, t) in cols.iter().zip(row) {
            pen.text(*x, y, 9.5, false, Align::Left, Rgb::BLACK, &t);
        }
        y += 6.0;
    }
    y += 6.0;
    pen.heading(m, y, "Without sticks (§2.0.R1)");
    y += 6.5;
    pen.text(
        m,
        y,
        9.0,
        false,
        Align::Left,
        Rgb::GREY,
        "Coin flips read like sticks (heads: your colour). No distraction with the methods below.",
    );
    y += 6.0;
    for (what, a, b) in alternate_odds() {
        pen.text(m + 2.0, y, 9.5, false, Align::Left, Rgb::BLACK, &what);
        pen.text(
            w - m,
            y,
            9.5,
            false,
            Align::Right,
            Rgb::BLACK,
            &format!("{a} in {b} · {}", percent(a, b)),
        );
        y += 5.5;
    }
    y += 8.0;
    pen.text(m, y, 18.0, true, Align::Left, Rgb::BLACK, "The Donkey");
    pen.text(
        w - m,
        y,
        9.5,
        false,
        Align::Right,
        Rgb::GREY,
        "§2.0.23, ruling R-DONKEY",
    );
    y += 8.0;
    y = pen.paragraph(m, y, w - 2.0 * m, 9.5, false, Rgb::BLACK, "After each turn of its placer: with only one open square next to it, it moves there. Otherwise its placer throws five sticks; the black ones say where it goes, seen from the placer's side. An engagement or the free engagement in its way is fended (§2.0.23: \u{201c}The Donkey will fend both players' engagements or the free engagement to move into a square\u{201d}). Blocked by a Self: it pushes the Self one square on (or stays). Blocked by another piece: it goes the opposite way once, else stays. Off the board: back to reserve.");
    y += 3.0;
    let cols = [m, m + 36.0, m + 80.0];
    for (x, hd) in cols
        .iter()
        .zip(["Black sticks", "Landings of 32", "The Donkey moves"])
    {
        pen.text(*x, y, 9.5, true, Align::Left, Rgb::BLACK, hd);
    }
    y += 2.0;
    pen.line(m, y, w - m, y, Line::solid(0.4, Rgb::BLACK));
    y += 5.5;
    for r in donkey_table() {
        let row = [
            r.black.to_string(),
            format!("{} · {}", r.ways, percent(r.ways, 32)),
            r.direction.clone(),
        ];
        for (x, t) in cols.iter().zip(row) {
            pen.text(*x, y, 9.5, false, Align::Left, Rgb::BLACK, &t);
        }
        y += 6.0;
    }
}

#[cfg(test)]
mod tests {
    /// §2.0.23 "Each player may have a donkey in reserve" (R-DONKEY: each its placer's): the kit
    /// has one Donkey for each player, told apart by its letter.
    #[test]
    fn each_player_has_a_donkey_token_of_their_own() {
        let groups = super::tokens(&veney_rules::PieceSet::standard());
        let donkeys: Vec<(String, u32)> = groups
            .iter()
            .flat_map(|g| &g.tokens)
            .filter(|t| t.name.contains("Donkey"))
            .map(|t| (t.letter.clone(), t.count))
            .collect();
        assert_eq!(donkeys, [("K".to_string(), 1), ("k".to_string(), 1)]);
    }
}
