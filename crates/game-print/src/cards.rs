//! Veney's rules cards, one page per piece of the set: its symbol in both colours, its letters,
//! its rulebook section, the set's card text, what it takes and its specials, and its reach on an
//! empty board worked out by the rules crate (`set_check::preview`, as `veney-cli show-piece`).
use crate::paper::Paper;
use crate::pen::{Align, Line, Pen, Rgb};
use crate::shapes::{self, Symbol};
use crate::tokens::{self, Token};
use veney_rules::piece_def::Role;
use veney_rules::set_check::preview;
use veney_rules::{Kind, PieceSet, Square};

/// `SteppingStone` → "Stepping Stone".
pub fn spaced(name: &str) -> String {
    let mut out = String::new();
    for (i, c) in name.chars().enumerate() {
        if i > 0 && c.is_uppercase() {
            out.push(' ');
        }
        out.push(c);
    }
    out
}

pub const WHITE_FACE: Rgb = Rgb(250, 248, 242);
pub const BLACK_FACE: Rgb = Rgb(45, 45, 48);

/// A card's head: its title left, where it comes from right, a rule under both.
pub fn head(pen: &mut Pen, paper: Paper, title: &str, source: &str) {
    let (w, _) = paper.size_mm();
    let m = 16.0;
    pen.text(m, 20.0, 20.0, true, Align::Left, Rgb::BLACK, title);
    pen.text(w - m, 20.0, 10.0, false, Align::Right, Rgb::GREY, source);
    pen.line(m, 23.5, w - m, 23.5, Line::solid(0.4, Rgb::BLACK));
}

/// A card's foot: where its words come from, small, centred at the page's bottom.
pub fn foot(pen: &mut Pen, paper: Paper, text: &str) {
    let (w, h) = paper.size_mm();
    pen.text(
        w / 2.0,
        h - 10.0,
        7.5,
        false,
        Align::Centre,
        Rgb::GREY,
        text,
    );
}

/// What a piece's card says of the devices that take it or that it works, which its own set's
/// card text may leave out: shadow-stabbing (§2.0.18 "When your opponent's Balance is on your
/// side of the board, fending it with a blade takes the Jutsu regardless of whether it is on the
/// board or in reserve"; §2.0.03 "Jutsu is taken indirectly, by fending Balance") and the Cloak
/// severed (§2.0.03 "Cloak is only taken in counter-action, by cutting free from its special
/// move"). Pieces are known as the rules know them: the Balance by Control, the Jutsu by
/// Presence or Intention (R-SHADOW-STABBING), blades by their role, the Cloak by Blade Capture
/// (a review found neither device on any card); the cast Cloak's trap and the cast Dagger's
/// Shima discard pieces that no card's "taken by" names.
pub fn devices_of(set: &PieceSet, k: Kind) -> Vec<String> {
    use veney_rules::piece_def::{Category, Relation, Special};
    let names = |f: &dyn Fn(&veney_rules::piece_set::Piece) -> bool| -> String {
        set.kinds()
            .map(|q| set.piece(q))
            .filter(|q| f(q))
            .map(|q| q.def.name.clone())
            .collect::<Vec<_>>()
            .join(" or ")
    };
    let control = names(&|q| q.has_special(Special::Control));
    let jutsu = names(&|q| q.has_special(Special::Presence) || q.has_special(Special::Intention));
    let captures = |q: &veney_rules::piece_set::Piece| {
        q.def.attacks.values().any(|r| *r == Relation::BladeCapture)
    };
    let capturer = names(&captures);
    let p = set.piece(k);
    let mut out = Vec::new();
    let shadow = !control.is_empty() && !jutsu.is_empty();
    if shadow && p.has_role(Role::Blade) {
        out.push(format!(
            "Shadow-stabbing (§2.0.18): fending the opposing {control} on your side of the board takes their {jutsu} too, on the board or in reserve."
        ));
    }
    if shadow && p.has_special(Special::Control) {
        out.push(format!(
            "Shadow-stabbing (§2.0.18): fended by an opposing blade on that blade's side of the board, it takes your {jutsu} with it, on the board or in reserve."
        ));
    }
    if shadow && (p.has_special(Special::Presence) || p.has_special(Special::Intention)) {
        out.push(format!(
            "Shadow-stabbing (§2.0.18): taken too, on the board or in reserve, when an opposing blade fends your {control} on that blade's side of the board."
        ));
    }
    if !capturer.is_empty() && p.has_role(Role::Blade) {
        out.push(format!(
            "Severed (§2.0.06): held by an opposing {capturer}, it takes it by cutting free."
        ));
    }
    if captures(p) {
        out.push("Severed (§2.0.06): taken when the blade it holds cuts free.".to_string());
    }
    // §2.0.VII "All your pieces (except Ruin) can also step-stone your own engagements"
    // (R-STONE-BY-MOVEMENT: the inert piece never does; a review found the standard
    // Engagement's card saying "Any of your pieces may step onto it").
    let inert = names(&|q| q.def.category == Category::Inert);
    if !inert.is_empty() && p.has_special(Special::SteppingStone) {
        out.push(format!(
            "Stepping stone (§2.0.VII): every piece of yours but the {inert} may step onto it."
        ));
    }
    // §2.0.18 Obscurant Chaos: "any one of the opponent's technical pieces which enter the
    // cast-square can be immediately lost to discard if the caster invokes it"; Shima: "All
    // reserved pieces except Daggers and engagements are discarded" (a review found the
    // Balance's "Taken only by the Guard" standing alone on a card for a real board).
    let trap = names(&|q| q.has_special(Special::ObscurantChaos));
    let shima = names(&|q| q.has_special(Special::Shima));
    if !trap.is_empty() && p.def.category == Category::Technical {
        out.push(format!(
            "Obscurant Chaos (§2.0.18): entering the square where an opposing {trap} was cast, it may be lost to discard when the caster invokes the trap."
        ));
    }
    if !shima.is_empty() && matches!(p.def.category, Category::Technical | Category::Inert) {
        out.push(format!(
            "Shima (§2.0.18): in either reserve when a {shima} is cast, it is discarded (every reserved piece but Daggers and engagements), and so whenever it reaches a reserve after."
        ));
    }
    out
}

/// Where a card draws its piece: X6, or the square nearest it inside the piece's own range
/// from a Self on `life` (a review found the Guard drawn outside its range, dots where it
/// cannot go, and the Lantern drawn only flailing, its ordinary move never shown).
pub fn origin(set: &PieceSet, k: Kind, life: Square) -> Square {
    let x6 = Square::parse("X6").expect("a square");
    let mut squares: Vec<Square> = Square::all().filter(|&sq| sq != life).collect();
    squares.sort_by_key(|sq| {
        let d = |a: u8, b: u8| (a as i32 - b as i32).abs();
        (
            d(sq.line(), x6.line()) + d(sq.step(), x6.step()),
            d(sq.step(), x6.step()),
            sq.line(),
        )
    });
    squares
        .into_iter()
        .find(|&sq| preview(set, k, sq, 0, life).zone.contains(sq))
        .unwrap_or(x6)
}

pub fn draw(pen: &mut Pen, paper: Paper, set: &PieceSet, k: Kind) {
    let (w, _) = paper.size_mm();
    let m = 16.0;
    let p = set.piece(k);
    let d = &p.def;
    head(
        pen,
        paper,
        &d.name,
        &format!("{} · {} set", d.section, set.name),
    );

    // Its token, White's and Black's, at 1.3 times the printed tokens' size (their sizes
    // keep §2.0.R6's proportions: the Dagger smaller than the Sword, the Ruin the largest).
    let sym = Symbol::Veney(d.drawn_shape());
    let (size, square) = crate::shapes::token_size(d.drawn_shape());
    let token = Token {
        letter: d.letter.to_string(),
        name: d.name.clone(),
        symbol: Some(sym),
        size: size * 1.3,
        square,
        count: 1,
    };
    for (i, (face, ink)) in [(WHITE_FACE, BLACK_FACE), (BLACK_FACE, WHITE_FACE)]
        .into_iter()
        .enumerate()
    {
        tokens::draw_one(pen, &token, face, ink, m + 22.0 + i as f32 * 48.0, 54.0);
    }
    let mut y = 38.0;
    let x = m + 100.0;
    let facts = [
        format!("Notation: {}", d.letter),
        format!(
            "Position text: {} / {}",
            d.code,
            d.code.to_ascii_lowercase()
        ),
        format!("Kind: {}", spaced(&format!("{:?}", d.category))),
        format!(
            "Each side: {}{}",
            d.count,
            if d.reserve > 0 {
                format!(" ({} in reserve at the start)", d.reserve)
            } else {
                String::new()
            }
        ),
        if d.optional {
            "Optional: only when the rules include it".to_string()
        } else {
            String::new()
        },
    ];
    for f in facts.iter().filter(|f| !f.is_empty()) {
        pen.text(x, y, 10.0, false, Align::Left, Rgb::BLACK, f);
        y += 6.0;
    }

    // The card text and the relations, left; the reach diagram, right.
    let cs = 8.5;
    let text_w = w - 2.0 * m - 4.0 * cs - 18.0;
    let mut y = 86.0;
    y = pen.paragraph(m, y, text_w, 11.0, false, Rgb::BLACK, &d.card);
    y += 4.0;
    if !d.attacks.is_empty() {
        pen.text(
            m,
            y,
            10.0,
            true,
            Align::Left,
            Rgb::BLACK,
            "Against opposing pieces",
        );
        y += 5.5;
        // Persistence: "The Dagger cannot be used to execute disarmament unless you have lost
        // your Sword" (§2.0.08) — a review found the card saying "disarm" with no condition.
        let persistent = d
            .specials
            .contains(&veney_rules::piece_def::Special::Persistence);
        for (target, rel) in &d.attacks {
            let mut line = format!("{target}: {}", spaced(&format!("{rel:?}")).to_lowercase());
            if persistent && *rel == veney_rules::piece_def::Relation::Disarm {
                line.push_str(" (only as your last blade on the board, §2.0.08)");
            }
            pen.text(m + 3.0, y, 9.5, false, Align::Left, Rgb::BLACK, &line);
            y += 5.0;
        }
        pen.text(
            m + 3.0,
            y,
            9.0,
            false,
            Align::Left,
            Rgb::GREY,
            "(any other fendable piece: fended, back to its owner's reserve)",
        );
        y += 7.0;
    }
    if let Some(words) = shapes::rulebook_words(d.drawn_shape()) {
        pen.text(
            m,
            y,
            10.0,
            true,
            Align::Left,
            Rgb::BLACK,
            "Its shape in a standard set (§2.0.R6)",
        );
        y += 5.5;
        y = pen.paragraph(
            m + 3.0,
            y,
            text_w - 3.0,
            9.5,
            false,
            Rgb::BLACK,
            &format!("“{words}”"),
        );
        y += 2.0;
    }
    if !d.specials.is_empty() {
        pen.text(
            m,
            y,
            10.0,
            true,
            Align::Left,
            Rgb::BLACK,
            "Specials and aspects",
        );
        y += 5.5;
        // Blade-to-blade specials name the blades they engage (§2.0.08: "only against the
        // opponent's Dagger").
        let duels = (!d.duels_with.is_empty())
            .then(|| format!(" (against the opposing {} only)", d.duels_with.join(" or ")));
        let names: Vec<String> = d
            .specials
            .iter()
            .map(|s| {
                let name = spaced(&format!("{s:?}"));
                match (s, &duels) {
                    (
                        veney_rules::piece_def::Special::Cavazione
                        | veney_rules::piece_def::Special::Opposition,
                        Some(only),
                    ) => format!("{name}{only}"),
                    _ => name,
                }
            })
            .collect();
        y = pen.paragraph(
            m + 3.0,
            y,
            text_w - 3.0,
            9.5,
            false,
            Rgb::BLACK,
            &names.join(", "),
        );
        y += 2.0;
    }
    let devices = devices_of(set, k);
    if !devices.is_empty() {
        pen.text(m, y, 10.0, true, Align::Left, Rgb::BLACK, "Devices");
        y += 5.5;
        for line in devices {
            y = pen.paragraph(m + 3.0, y, text_w - 3.0, 9.5, false, Rgb::BLACK, &line);
            y += 1.0;
        }
    }

    // Reach diagram: the whole board, W–Z across, step 1 at the bottom (White's view).
    let life = Square::parse("Y4").expect("a square");
    let at = origin(set, k, life);
    let is_life = p.has_role(Role::Life);
    let pv = preview(set, k, at, 0, life);
    let bx = w - m - 4.0 * cs;
    let by = 86.0 - 4.0;
    for sq in Square::all() {
        let cx = bx + sq.line() as f32 * cs;
        let cy = by + (16 - sq.step()) as f32 * cs;
        let base = if sq.is_light() {
            Rgb::WHITE
        } else {
            Rgb(205, 205, 205)
        };
        let fill = if !pv.zone.contains(sq) {
            Rgb(150, 150, 150)
        } else {
            base
        };
        pen.rect(
            cx,
            cy,
            cs,
            cs,
            Some(fill),
            Some(Line::solid(0.15, Rgb::GREY)),
        );
        let (mx, my) = (cx + cs / 2.0, cy + cs / 2.0);
        if sq == at {
            shapes::draw(pen, sym, mx, my, cs * 0.95, BLACK_FACE, Rgb::WHITE);
        } else if !is_life && sq == life {
            pen.text(mx, my + 1.3, 8.0, true, Align::Centre, Rgb::BLACK, "S");
        } else if pv.both.contains(sq) {
            pen.circle(mx, my, 1.5, Some(Rgb::BLACK), None);
        } else if pv.moves.contains(sq) {
            pen.circle(mx, my, 1.4, None, Some(Line::solid(0.35, Rgb::BLACK)));
        } else if pv.attacks.contains(sq) {
            let l = Line::solid(0.45, Rgb::RED);
            pen.line(mx - 1.4, my - 1.4, mx + 1.4, my + 1.4, l);
            pen.line(mx - 1.4, my + 1.4, mx + 1.4, my - 1.4, l);
        }
    }
    for (i, c) in ['W', 'X', 'Y', 'Z'].into_iter().enumerate() {
        pen.text(
            bx + (i as f32 + 0.5) * cs,
            by + 16.0 * cs + 4.0,
            7.0,
            true,
            Align::Centre,
            Rgb::BLACK,
            &c.to_string(),
        );
    }
    for step in [1u8, 4, 5, 8, 9, 12, 13, 16] {
        pen.text(
            bx - 1.2,
            by + (16 - step) as f32 * cs + cs / 2.0 + 1.0,
            6.0,
            false,
            Align::Right,
            Rgb::GREY,
            &step.to_string(),
        );
    }
    for mline in 0..=4 {
        let yy = by + mline as f32 * 4.0 * cs;
        pen.line(
            bx,
            yy,
            bx + 4.0 * cs,
            yy,
            Line::solid(
                if mline == 2 { 0.7 } else { 0.45 },
                if mline == 2 { Rgb::RED } else { Rgb::BLACK },
            ),
        );
    }
    let ky = by + 16.0 * cs + 9.0;
    let legend = legend(d, &pv, is_life, at, life);
    pen.paragraph(
        bx - 14.0,
        ky,
        4.0 * cs + 14.0,
        6.5,
        false,
        Rgb::GREY,
        &legend,
    );
    foot(
        pen,
        paper,
        "Card text from the piece set (config/sets); sections of Scribe's Veney 2.0.",
    );
}

/// The reach diagram's legend: what it shows of this card. Each mark only where the diagram
/// draws it, the list above only where the card has one, the dark squares only where it has a
/// range constraint (a review found the Engagement's card told of both, which it has not).
fn legend(
    d: &veney_rules::piece_def::PieceDef,
    pv: &veney_rules::set_check::Preview,
    is_life: bool,
    at: Square,
    life: Square,
) -> String {
    // A piece with no list of what it takes fends what it attacks (the Self "can only fend",
    // §2.0.02; the engagements "can take no pieces", §2.0.VII; a review found "take" said).
    let (attack, which) = if d.attacks.is_empty() {
        ("fend", "")
    } else {
        ("take or fend", " (see above which)")
    };
    let mut keys = Vec::new();
    if pv.both.any() {
        keys.push(format!("● move there, or {attack} there{which}"));
    }
    if pv.moves.any() {
        keys.push("○ move only".to_string());
    }
    if pv.attacks.any() {
        keys.push(format!("× {attack} only{which}"));
    }
    if Square::all().any(|sq| !pv.zone.contains(sq)) {
        keys.push(
            "dark: outside its range constraint — its pattern only, no move there now".to_string(),
        );
    }
    if is_life {
        format!(
            "Its reach from {at} on an empty board. {}.",
            keys.join(" · ")
        )
    } else {
        format!(
            "Its reach from {at} on an empty board, its Self (S) on {life}. {}.",
            keys.join(" · ")
        )
    }
}

#[cfg(test)]
mod tests {
    use super::{legend, origin};
    use veney_rules::set_check::preview;
    use veney_rules::{Rules, Side, Square};

    /// Each card draws its piece inside its own range (a review found the Guard on X6, outside
    /// "the Self's measure and one step outside", and the Lantern there only flailing).
    #[test]
    fn every_piece_is_drawn_inside_its_own_range() {
        let rules = Rules::standard();
        let set = rules.set(Side::White);
        let life = Square::parse("Y4").unwrap();
        for k in set.kinds() {
            let at = origin(set, k, life);
            assert!(
                preview(set, k, at, 0, life).zone.contains(at),
                "{} at {at}",
                set.piece(k).def.name
            );
        }
        let named = |n: &str| origin(set, set.by_name(n).unwrap(), life).to_string();
        assert_eq!(named("Sword"), "X6", "X6 where the range allows");
        assert_eq!(named("Guard"), "X5");
        assert_eq!(
            named("Lantern"),
            "X4",
            "inside the Self's measure: its own move shown"
        );
    }

    /// The legend tells only what the card shows: the Engagement (§2.0.04: no range
    /// constraint, no list of what it takes) has no "see above which" and no dark squares; the
    /// Sword (§2.0.03, steps 1–8) has both; a mark the diagram does not draw is not told.
    #[test]
    fn the_legend_tells_what_the_card_shows() {
        let rules = Rules::standard();
        let set = rules.set(Side::White);
        let life = Square::parse("Y4").unwrap();
        let of = |n: &str| {
            let k = set.by_name(n).unwrap();
            let p = set.piece(k);
            let at = origin(set, k, life);
            let is_life = p.has_role(veney_rules::piece_def::Role::Life);
            legend(&p.def, &preview(set, k, at, 0, life), is_life, at, life)
        };
        let e = of("Engagement");
        assert!(e.contains("× fend only"), "{e}");
        assert!(
            !e.contains("take"),
            "§2.0.VII: engagements can take no pieces: {e}"
        );
        assert!(!e.contains("see above"), "{e}");
        assert!(!e.contains("range constraint"), "{e}");
        let sword = of("Sword");
        assert!(
            sword.contains("dark: outside its range constraint"),
            "{sword}"
        );
        assert!(
            sword.contains("take or fend there (see above which)"),
            "{sword}"
        );
        let own = of("Self");
        assert!(!own.contains("see above"), "{own}");
        assert!(
            !own.contains("take"),
            "§2.0.02: the Self can only fend: {own}"
        );
        let set_piece = |n: &str| set.piece(set.by_name(n).unwrap());
        for n in ["Self", "Sword", "Engagement", "Cloak", "Jutsu", "Ruin"] {
            let k = set.by_name(n).unwrap();
            let pv = preview(set, k, origin(set, k, life), 0, life);
            let text = of(n);
            assert_eq!(text.contains('○'), pv.moves.any(), "{n}: {text}");
            assert_eq!(text.contains('×'), pv.attacks.any(), "{n}: {text}");
            assert_eq!(
                text.contains("see above"),
                !set_piece(n).def.attacks.is_empty(),
                "{n}: {text}"
            );
        }
    }
}
