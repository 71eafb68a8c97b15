//! The kit read back from its PDF bytes with lopdf: pages, their size, the text on them (through
//! the embedded fonts' ToUnicode maps), and the board's squares measured from the drawing.
use game_print::{PT_PER_MM, Paper, PrintGame, kit_with};
use lopdf::content::Operation;
use lopdf::{Document, Object, ObjectId};

fn load(game: PrintGame, paper: Paper) -> Document {
    let bytes = kit_with(game, paper, false).expect("a kit");
    assert!(bytes.starts_with(b"%PDF-"), "not a PDF");
    Document::load_mem(&bytes).expect("the kit reads back")
}

fn pages(doc: &Document) -> Vec<(u32, ObjectId)> {
    doc.get_pages().into_iter().collect()
}

/// Each page's text, whitespace squeezed.
fn texts(doc: &Document) -> Vec<String> {
    pages(doc)
        .iter()
        .map(|(n, _)| {
            let t = doc.extract_text(&[*n]).expect("text");
            t.split_whitespace().collect::<Vec<_>>().join(" ")
        })
        .collect()
}

fn number(o: &Object) -> f32 {
    match o {
        Object::Integer(i) => *i as f32,
        Object::Real(r) => *r,
        other => panic!("not a number: {other:?}"),
    }
}

fn media_box(doc: &Document, id: ObjectId) -> [f32; 4] {
    let page = doc.get_dictionary(id).expect("a page");
    let mb = page
        .get(b"MediaBox")
        .expect("a MediaBox")
        .as_array()
        .expect("an array");
    [
        number(&mb[0]),
        number(&mb[1]),
        number(&mb[2]),
        number(&mb[3]),
    ]
}

/// Every fill colour (`rg`) the page sets, in 0–255 steps.
fn fill_colours(doc: &Document, id: ObjectId) -> Vec<[u8; 3]> {
    let content = doc.get_and_decode_page_content(id).expect("content");
    content
        .operations
        .iter()
        .filter(|op| op.operator == "rg" && op.operands.len() == 3)
        .map(|op| {
            let c = |i: usize| (number(&op.operands[i]) * 255.0).round() as u8;
            [c(0), c(1), c(2)]
        })
        .collect()
}

#[test]
fn pages_have_the_papers_size_in_points() {
    // ISO 216: A4 210 × 297 mm, A3 297 × 420 mm; US Letter 8.5 × 11 in = 612 × 792 pt.
    let expected = [
        (Paper::A4, 595.276, 841.890),
        (Paper::Letter, 612.0, 792.0),
        (Paper::A3, 841.890, 1190.551),
    ];
    for game in PrintGame::ALL {
        for (paper, w, h) in expected {
            let doc = load(game, paper);
            for (n, id) in pages(&doc) {
                let mb = media_box(&doc, id);
                assert!(
                    (mb[2] - mb[0] - w).abs() < 0.05 && (mb[3] - mb[1] - h).abs() < 0.05,
                    "{game:?} {paper:?} page {n}: {mb:?}"
                );
            }
        }
    }
}

/// Ruling R-PRINT-SHEETS: the Veney board is one measure a sheet on A4 and Letter (four sheets) and two measures a sheet on A3.
#[test]
fn veney_kit_pages_in_order() {
    let set = veney_rules::PieceSet::standard();
    for (paper, sheets) in [(Paper::A4, 4), (Paper::Letter, 4), (Paper::A3, 2)] {
        // §2.0.V: four measures of 4 × 4; one measure a sheet on A4 or Letter, two on A3.
        let doc = load(PrintGame::Veney, paper);
        let t = texts(&doc);
        assert!(
            t[0].contains("Contents") && t[0].contains("Veney"),
            "{paper:?}: cover {}",
            t[0]
        );
        let boards: Vec<usize> = (0..t.len())
            .filter(|&i| t[i].contains("Veney board — sheet"))
            .collect();
        assert_eq!(boards.len(), sheets, "{paper:?}: board sheets");
        assert_eq!(
            boards,
            (1..=sheets).collect::<Vec<_>>(),
            "{paper:?}: the board follows the cover"
        );
        assert!(t[1].contains(&format!("sheet 1 of {sheets}")));
        let token_pages = t
            .iter()
            .filter(|p| p.contains("Veney tokens — sheet"))
            .count();
        assert!(token_pages >= 1);
        // A card per piece of the set, each with its name and its section (§2.0.01–§2.0.12).
        let cards: Vec<&String> = t.iter().filter(|p| p.contains("Standard set")).collect();
        assert_eq!(cards.len(), set.len(), "{paper:?}: cards");
        for (card, piece) in cards.iter().zip(&set.pieces) {
            assert!(
                card.contains(&piece.def.name),
                "{paper:?}: card for {}",
                piece.def.name
            );
            assert!(
                card.contains(&piece.def.section),
                "{paper:?}: {}",
                piece.def.section
            );
        }
        // The shared free engagement is in no set: its rules have a card of their own after
        // the set's (§2.0.05; a review found them nowhere in the kit).
        let free = &t[t.len() - 4];
        assert!(
            free.contains("Free engagement") && free.contains("§2.0.05"),
            "{paper:?}: {free}"
        );
        // `(a=)` and `(a==)` whole: "a=" alone is found in "a==" (a review found the return's
        // check unable to fail); the reset's limit after two passes (R-PASS-FORCED).
        for words in [
            "centre point",
            "Possession",
            "meta-move",
            "(a=)",
            "(a==)",
            "counts as a pass",
            "§2.0.17",
        ] {
            assert!(free.contains(words), "{paper:?}: {words} in {free}");
        }
        assert!(t[t.len() - 3].contains("Dagger Throw odds"));
        assert!(t[t.len() - 2].contains("Veney — score sheet"));
        // R-PRINT-SCORE: "the game's options with their defaults" (config/rules/default.ron),
        // as Tirachen's and Kelasu's sheets list theirs (a review found one blank "Rules and
        // dice" line).
        for field in [
            "Optional pieces (default Ruin):",
            "Retreats (default 1 each):",
            // Strict is the app's teaching mode, said at a real board as what it means.
            "Untenable moves (default strict: taken back):",
            "Dagger throws (default stick-dice):",
            "Draw by no contest (default 100 turns):",
            "Setup (default baselines):",
            "First (default White):",
            "Donkey (default no):",
            "Hug (default no):",
            "Time control:",
        ] {
            assert!(t[t.len() - 2].contains(field), "{paper:?}: {field}");
        }
        // The free engagement on its card is in its token's neutral colours, like neither side
        // (§2.0.19: "shouldn't more closely resemble one side or another"; a review found it
        // drawn as White's).
        let (_, free_page) = pages(&doc)[t.len() - 4];
        let fills = fill_colours(&doc, free_page);
        assert!(
            fills.contains(&[236, 228, 200]),
            "{paper:?}: the neutral face among {fills:?}"
        );
        assert!(t[t.len() - 1].contains("Veney — score sheet, continued"));
        assert_eq!(
            t.len(),
            1 + sheets + token_pages + set.len() + 4,
            "{paper:?}: page count"
        );
    }
}

/// Ruling R-PRINT-ORIENTATION: White sits at step 1 and Black at step 16, lines W–Z and steps labelled, the centre line (8 | 9) marked.
#[test]
fn veney_board_names_lines_and_steps_and_marks_the_centre_line() {
    let doc = load(PrintGame::Veney, Paper::A4);
    let t = texts(&doc);
    let boards: Vec<&String> = t
        .iter()
        .filter(|p| p.contains("Veney board — sheet"))
        .collect();
    for (i, page) in boards.iter().enumerate() {
        // §2.0.V: lines W X Y Z; steps 1–16, four to a measure.
        for line in ["W", "X", "Y", "Z"] {
            assert!(
                page.split(' ').any(|w| w == line),
                "sheet {}: line {line}",
                i + 1
            );
        }
        for step in (i * 4 + 1)..=(i * 4 + 4) {
            assert!(
                page.split(' ').any(|w| w == step.to_string()),
                "sheet {}: step {step}",
                i + 1
            );
        }
        // The centre line divides the second measure from the third: named once, inside the
        // board of the third sheet, which is trimmed along it (the second's margin there lies
        // under the third; a review found the label lost on both).
        assert_eq!(
            page.contains("centre line (8 | 9)"),
            i == 2,
            "sheet {}",
            i + 1
        );
    }
    assert!(boards[0].contains("Measure 1 (White's first, Black's fourth)"));
    assert!(boards[3].contains("Measure 4 (White's fourth, Black's first)"));
    assert!(boards[0].contains("White sits at this edge"));
    assert!(boards[3].contains("Black sits at this edge"));
}

/// Every filled, closed, axis-aligned four-cornered path on the page (`m`/`l` paths and `re`),
/// as its box in page points after the transformation (PDF's y grows upward: [x0, y0, x1, y1])
/// and its fill colour (`rg`) in 0–255 steps.
fn filled_boxes(doc: &Document, id: ObjectId) -> Vec<([f32; 4], [u8; 3])> {
    let content = doc.get_and_decode_page_content(id).expect("content");
    // The graphics state: the transformation [a b c d e f] and the fill colour.
    let mut stack = vec![([1.0f32, 0.0, 0.0, 1.0, 0.0, 0.0], [0u8; 3])];
    let mut path: Vec<(f32, f32)> = Vec::new();
    let mut subpaths: Vec<Vec<(f32, f32)>> = Vec::new();
    let mut out = Vec::new();
    let nums = |op: &Operation| op.operands.iter().map(number).collect::<Vec<f32>>();
    for op in &content.operations {
        let (m, _) = *stack.last().unwrap();
        let at = |x: f32, y: f32| (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]);
        match op.operator.as_str() {
            "q" => stack.push(*stack.last().unwrap()),
            "Q" => {
                stack.pop();
            }
            "cm" => {
                let v = nums(op);
                let top = &mut stack.last_mut().unwrap().0;
                let o = *top;
                *top = [
                    v[0] * o[0] + v[1] * o[2],
                    v[0] * o[1] + v[1] * o[3],
                    v[2] * o[0] + v[3] * o[2],
                    v[2] * o[1] + v[3] * o[3],
                    v[4] * o[0] + v[5] * o[2] + o[4],
                    v[4] * o[1] + v[5] * o[3] + o[5],
                ];
            }
            "rg" if op.operands.len() == 3 => {
                let v = nums(op);
                stack.last_mut().unwrap().1 = [0, 1, 2].map(|i| (v[i] * 255.0).round() as u8);
            }
            "m" => {
                if !path.is_empty() {
                    subpaths.push(std::mem::take(&mut path));
                }
                let v = nums(op);
                path.push(at(v[0], v[1]));
            }
            "l" => {
                let v = nums(op);
                path.push(at(v[0], v[1]));
            }
            "re" => {
                let v = nums(op);
                subpaths.push(vec![
                    at(v[0], v[1]),
                    at(v[0] + v[2], v[1]),
                    at(v[0] + v[2], v[1] + v[3]),
                    at(v[0], v[1] + v[3]),
                ]);
            }
            "f" | "f*" | "B" | "B*" | "n" | "S" => {
                if !path.is_empty() {
                    subpaths.push(std::mem::take(&mut path));
                }
                let fill = op.operator.starts_with('f') || op.operator.starts_with('B');
                let colour = stack.last().unwrap().1;
                for p in subpaths.drain(..) {
                    if !fill || p.len() != 4 {
                        continue;
                    }
                    let axis = p
                        .iter()
                        .zip(p.iter().cycle().skip(1))
                        .all(|(a, b)| (a.0 - b.0).abs() < 0.01 || (a.1 - b.1).abs() < 0.01);
                    if !axis {
                        continue;
                    }
                    let x0 = p.iter().map(|q| q.0).fold(f32::MAX, f32::min);
                    let x1 = p.iter().map(|q| q.0).fold(f32::MIN, f32::max);
                    let y0 = p.iter().map(|q| q.1).fold(f32::MAX, f32::min);
                    let y1 = p.iter().map(|q| q.1).fold(f32::MIN, f32::max);
                    out.push(([x0, y0, x1, y1], colour));
                }
            }
            _ => {}
        }
    }
    out
}

/// Every filled axis-aligned rectangle on the page, as (width, height) in points.
fn filled_rects(doc: &Document, id: ObjectId) -> Vec<(f32, f32)> {
    filled_boxes(doc, id)
        .into_iter()
        .map(|(b, _)| (b[2] - b[0], b[3] - b[1]))
        .collect()
}

/// Every filled square of side `side` points (±1) on the page: its lower-left corner in page
/// points and its fill colour.
fn squares(doc: &Document, id: ObjectId, side: f32) -> Vec<(f32, f32, [u8; 3])> {
    filled_boxes(doc, id)
        .into_iter()
        .filter(|(b, _)| ((b[2] - b[0]) - side).abs() < 1.0 && ((b[3] - b[1]) - side).abs() < 1.0)
        .map(|(b, c)| (b[0], b[1], c))
        .collect()
}

/// §2.0.V: "Each player should have a light square on the left end of their nearest step (W1
/// is a light square)" — R-PRINT-ORIENTATION: White sits at step 1 with line W on the left.
/// Sheet 1's lowest, leftmost square (W1) is light and the one beside it (X1) dark; sheet 4's
/// highest, rightmost (Z16, on Black's left) is light (a review found the test above unable to
/// tell a board turned round or coloured the wrong way).
#[test]
fn veney_board_has_w1_light_at_whites_left() {
    let doc = load(PrintGame::Veney, Paper::A4);
    let t = texts(&doc);
    let side = 45.0 * PT_PER_MM;
    let sheet = |n: usize| {
        let i = t
            .iter()
            .position(|p| p.contains(&format!("Veney board — sheet {n} of 4")))
            .expect("the sheet");
        let mut sq = squares(&doc, pages(&doc)[i].1, side);
        assert_eq!(sq.len(), 16, "sheet {n}: a measure of 4 × 4");
        sq.sort_by(|a, b| (a.1, a.0).partial_cmp(&(b.1, b.0)).unwrap());
        sq
    };
    let light = |c: [u8; 3]| c.iter().map(|&v| v as u32).sum::<u32>() > 600;
    let first = sheet(1);
    assert!(light(first[0].2), "W1 light: {:?}", first[0]);
    assert!(!light(first[1].2), "X1 dark: {:?}", first[1]);
    assert!(first[1].0 > first[0].0, "X1 right of W1");
    let last = sheet(4);
    assert!(light(last[15].2), "Z16 light: {:?}", last[15]);
    assert!(!light(last[14].2), "Y16 dark: {:?}", last[14]);
}

/// Ruling R-PRINT-SQUARE: a Veney square prints at 45 mm on every paper.
/// Ruling R-PRINT-OTHER-SQUARES: Tirachen's squares print at 30 mm and Kelasu's at 25 mm.
#[test]
fn board_squares_measure_their_true_size() {
    // docs/rulings/print-kit.md: Veney 45 mm (§2.0.V gives no size), Tirachen 30 mm, Kelasu
    // 25 mm; every square of the board drawn once, at that size, on every paper.
    for (game, side_mm, squares) in [
        (PrintGame::Veney, 45.0, 64),
        (PrintGame::Tirachen, 30.0, 81),
        (PrintGame::Kelasu, 25.0, 100),
    ] {
        assert_eq!(game_print::square_mm(game), side_mm);
        let side = side_mm * PT_PER_MM;
        for paper in Paper::ALL {
            let doc = load(game, paper);
            let t = texts(&doc);
            let mut found = 0;
            for (i, (_, id)) in pages(&doc).into_iter().enumerate() {
                if !t[i].contains("board — sheet") {
                    continue;
                }
                found += filled_rects(&doc, id)
                    .into_iter()
                    .filter(|(w, h)| (w - side).abs() < 0.05 && (h - side).abs() < 0.05)
                    .count();
            }
            assert_eq!(found, squares, "{game:?} on {paper:?}");
        }
    }
}

#[test]
fn odds_page_shows_the_rulebooks_figures_and_the_donkey() {
    let doc = load(PrintGame::Veney, Paper::A4);
    let t = texts(&doc);
    let odds = t
        .iter()
        .find(|p| p.contains("Dagger Throw odds §2.0.08"))
        .expect("an odds page");
    // §2.0.08: "At full starting distance, this is a one-in-32 chance of success. At close
    // range, it's a one-in-four chance of success."
    assert!(odds.contains("1/32 · 3.125 %"), "{odds}");
    assert!(odds.contains("1/4 · 25 %"), "{odds}");
    // One off-colour of five sticks: five landings of 32.
    assert!(odds.contains("5/32 · 15.625 %"), "{odds}");
    // §2.0.R1 flat odds one-in-six; §2.0.23 the Donkey's five directions.
    assert!(odds.contains("1 in 6"), "{odds}");
    for d in [
        "forward-left",
        "forward-right",
        "backward-left",
        "backward-right",
        "stays put",
    ] {
        assert!(odds.contains(d), "{d}");
    }
}

#[test]
fn tirachen_and_kelasu_kits_have_board_tokens_and_score_sheet() {
    for (game, title, a4_sheets, letters) in [
        (
            PrintGame::Tirachen,
            "Tirachen",
            4,
            ["G", "F", "C", "S", "A", "W", "P", "T"],
        ),
        (
            PrintGame::Kelasu,
            "Kelasu",
            4,
            ["B", "W", "R", "D", "C", "G", "S", "S"],
        ),
    ] {
        for (paper, sheets) in [
            (Paper::A4, a4_sheets),
            (Paper::Letter, a4_sheets),
            (Paper::A3, 1),
        ] {
            let doc = load(game, paper);
            let t = texts(&doc);
            let boards = t
                .iter()
                .filter(|p| p.contains(&format!("{title} board — sheet")))
                .count();
            assert_eq!(boards, sheets, "{title} {paper:?}");
            let tokens: Vec<&String> = t
                .iter()
                .filter(|p| p.contains(&format!("{title} tokens")))
                .collect();
            assert!(!tokens.is_empty());
            let all_tokens = tokens
                .iter()
                .map(|s| s.as_str())
                .collect::<Vec<_>>()
                .join(" ");
            for l in letters {
                assert!(all_tokens.split(' ').any(|w| w == l), "{title}: token {l}");
            }
            // Each side's heading names the side once (a review found "Blue (blue)"), and
            // Tirachen's tells both sides to choose their masters, not Red's alone.
            assert!(!all_tokens.contains("(blue)") && !all_tokens.contains("(red)"));
            if game == PrintGame::Tirachen {
                for side in ["Red", "White"] {
                    let heading = format!("{side} (nine of each master");
                    assert!(all_tokens.contains(&heading), "{heading}: {all_tokens}");
                }
            }
            assert!(t[t.len() - 2].contains(&format!("{title} — score sheet")));
            assert!(
                t.last()
                    .unwrap()
                    .contains(&format!("{title} — score sheet, continued"))
            );
            assert_eq!(
                t.len(),
                1 + sheets + tokens.len() + 2,
                "{title} {paper:?}: page count"
            );
        }
    }
}

/// The printed words agree with the rule text (a review of the kit, session 19).
/// Ruling R-PRINT-SCORE: the score sheet heads "First to move" for Veney and "Blue (first)" for Kelasu, with examples in the game's notation.
#[test]
fn printed_words_follow_the_rule_text() {
    let flat = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    let t: Vec<String> = texts(&load(PrintGame::Veney, Paper::A4))
        .iter()
        .map(|p| flat(p))
        .collect();
    // §2.0.08 Persistence: "The Dagger cannot be used to execute disarmament unless you have
    // lost your Sword"; Cavazione and Opposition "only against the opponent's Dagger".
    let dagger = t
        .iter()
        .find(|p| p.contains("Standard set") && p.contains("Dagger") && p.contains("Persistence"))
        .expect("the Dagger's card");
    assert!(dagger.contains("only as your last blade"), "{dagger}");
    assert!(
        dagger.contains("against the opposing Dagger only"),
        "{dagger}"
    );
    // §2.0.VII "Take or Fend?": the reach's legend says what these pieces do — fend (a review
    // found "move or take" on the Self's card, which "takes nothing", §2.0.02, and on the
    // engagement's, which "can take no pieces", §2.0.VII; a later one "take or fend").
    for name in ["Self", "Engagement"] {
        let card = t
            .iter()
            .find(|p| p.contains("Standard set") && p.contains(&format!("{name} §")))
            .unwrap_or_else(|| panic!("the {name}'s card"));
        let legend = &card[card.find("Its reach from").expect("a legend")..];
        assert!(legend.contains("fend"), "{card}");
        assert!(!legend.contains("take"), "{card}");
        assert!(!card.contains("move or take"), "{card}");
    }
    // §2.0.03 "Jutsu is taken indirectly, by fending Balance (shadow-stabbing)", "Cloak is only
    // taken in counter-action, by cutting free from its special move (severed)" (a review found
    // neither on any card).
    for (name, words) in [
        ("Sword", &["Shadow-stabbing", "Severed"][..]),
        ("Dagger", &["Shadow-stabbing", "Severed"]),
        (
            "Balance",
            &["Shadow-stabbing", "lost to discard", "it is discarded"],
        ),
        (
            "Jutsu",
            &["Shadow-stabbing", "lost to discard", "it is discarded"],
        ),
        ("Cloak", &["Severed", "lost to discard", "it is discarded"]),
        // §2.0.18: the trap takes "technical pieces"; Shima spares "Daggers and engagements".
        ("Guard", &["lost to discard", "it is discarded"]),
        ("Lantern", &["lost to discard", "it is discarded"]),
        ("Ruin", &["it is discarded"]),
        // R-SHIMA-RESERVE: discarded too when it reaches a reserve later under Shima.
        ("Guard", &["reaches a reserve after"]),
        // §2.0.VII "All your pieces (except Ruin) can also step-stone your own engagements".
        ("Engagement", &["but the Ruin"]),
    ] {
        let card = t
            .iter()
            .find(|p| p.contains("Standard set") && p.contains(&format!("{name} §")))
            .unwrap_or_else(|| panic!("the {name}'s card"));
        for w in words {
            assert!(card.contains(w), "{name}: {w}: {card}");
        }
    }
    let self_card = t
        .iter()
        .find(|p| p.contains("Standard set") && p.contains("Self §"))
        .unwrap();
    assert!(!self_card.contains("Devices"), "{self_card}");
    for name in ["Sword", "Dagger", "Ruin", "Engagement"] {
        let card = t
            .iter()
            .find(|p| p.contains("Standard set") && p.contains(&format!("{name} §")))
            .unwrap();
        assert!(!card.contains("lost to discard"), "{name}: {card}");
    }
    for name in ["Sword", "Dagger", "Engagement"] {
        let card = t
            .iter()
            .find(|p| p.contains("Standard set") && p.contains(&format!("{name} §")))
            .unwrap();
        assert!(!card.contains("it is discarded"), "{name}: {card}");
    }
    let odds = t
        .iter()
        .find(|p| p.contains("Dagger Throw odds §2.0.08"))
        .unwrap();
    // R-THROW-STICKS: "2 + the distance in measures".
    assert!(odds.contains("the distance in measures"), "{odds}");
    // §2.0.23: "The Donkey will fend both players' engagements or the free engagement".
    assert!(odds.contains("is fended"), "{odds}");
    // §2.0.19 step 4: who moves first is agreed or drawn, so the sheet asks; Kelasu's Blue
    // always does.
    let sheet = &t[t.len() - 2];
    assert!(
        sheet.contains("First to move") && !sheet.contains("White (first)"),
        "{sheet}"
    );
    // Nor does its note assume White first (a review found "a comma separates White's turn
    // from Black's").
    assert!(!sheet.contains("White's turn from Black's"), "{sheet}");
    assert!(
        sheet.contains("the first mover's turn from the second's"),
        "{sheet}"
    );
    // The free engagement's card: a corner point touches one square (a review found "two from
    // a point on the edge" for every edge point), and the board's lines are lines (§2.0.V).
    let free = t
        .iter()
        .find(|p| p.contains("Out of play at the start"))
        .expect("the free engagement's card");
    assert!(free.contains("one from a corner"), "{free}");
    assert!(free.contains("lines X and Y"), "{free}");
    let kelasu: Vec<String> = texts(&load(PrintGame::Kelasu, Paper::A4))
        .iter()
        .map(|p| flat(p))
        .collect();
    let sheet = &kelasu[kelasu.len() - 2];
    assert!(sheet.contains("Blue (first)"), "{sheet}");
    // Merging: the text's "[H5|H6|I4|I5]=>(J5)", a Champion of five Blanks.
    assert!(sheet.contains("C=J5/H5+H6+I4+I5"), "{sheet}");
    // "Once your energy runs out, your turn ends": the example's turns end with a comma.
    assert!(sheet.contains("1. ") && sheet.contains(", "), "{sheet}");
    // `end` is open only when no piece can act, unless EndEarly (docs/rulings/kelasu.md; a
    // review found the key's "end the turn" read as open at any time).
    assert!(
        sheet.contains("end the turn when no piece can act"),
        "{sheet}"
    );
    assert!(sheet.contains("“end” when no piece can act"), "{sheet}");
    // A long game goes on on the continuation, its turn numbers left to write (a review found
    // one sheet of 22 to 42 turns, games running longer), printed as often as needed.
    for t in [&t, &kelasu] {
        let sheet = &t[t.len() - 2];
        let more = t.last().unwrap();
        assert!(more.contains("score sheet, continued"), "{more}");
        assert!(
            more.contains("print this page as often as the game needs"),
            "{more}"
        );
        assert!(sheet.contains(" 1 ") || sheet.contains("No. 1"), "{sheet}");
        let numbers = |p: &str| {
            p.split("Notation")
                .next()
                .unwrap_or("")
                .split_whitespace()
                .filter(|w| w.parse::<u32>().is_ok_and(|n| n > 1 && n < 200))
                .count()
        };
        assert!(numbers(sheet) > 10, "{sheet}");
        assert!(numbers(more) < 3, "no turn numbers printed: {more}");
    }
}

/// Ruling R-PRINT-FONT: DejaVu Sans and DejaVu Sans Bold, embedded and subset (each font's
/// descriptor carries its `FontFile2`), no built-in Helvetica, and the key's "▼" reads back.
#[test]
fn the_kit_embeds_its_own_fonts() {
    let doc = load(PrintGame::Veney, Paper::A4);
    let mut bases = Vec::new();
    let mut embedded = 0;
    for obj in doc.objects.values() {
        let Ok(d) = obj.as_dict() else { continue };
        if let Ok(name) = d.get(b"BaseFont").and_then(|b| b.as_name()) {
            bases.push(String::from_utf8_lossy(name).into_owned());
        }
        if d.has(b"FontFile2") {
            embedded += 1;
        }
    }
    assert!(bases.iter().any(|b| b.ends_with("DejaVuSans")), "{bases:?}");
    assert!(
        bases.iter().any(|b| b.ends_with("DejaVuSans-Bold")),
        "{bases:?}"
    );
    assert!(!bases.iter().any(|b| b.contains("Helvetica")), "{bases:?}");
    // Subset: a six-letter tag before the name.
    assert!(
        bases.iter().all(|b| b.len() > 7 && b.as_bytes()[6] == b'+'),
        "{bases:?}"
    );
    assert!(embedded >= 2, "{embedded} embedded font files");
    assert!(texts(&doc).iter().any(|p| p.contains('▼')));
}
