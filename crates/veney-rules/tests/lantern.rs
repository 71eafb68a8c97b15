//! The Lantern's direction (§2.0.10), ruling R-LANTERN-DIRECTION: "While it is inside the Self's
//! measure, as a side-effect of its limitations, it cannot move in the same direction twice" —
//! a consequence of the measure, not a rule of its own, and nothing to do with a flail.
mod common;
use common::*;
use veney_rules::notation::parse_turn;
use veney_rules::{Action, Measure, Position, rng};

/// A side's Lantern's last move inside the Self's measure: its square, its direction, the
/// Self's measure then.
type LastMove = Option<(veney_rules::Square, (i8, i8), Measure)>;

/// The standard set with its Lantern remembering its direction (`no_repeat_direction`), as
/// R-LANTERN-DIRECTION lets a set designer ask for the stricter reading.
fn remembering() -> veney_rules::Rules {
    let src = veney_rules::piece_set::STANDARD_SET.replacen(
        "Slide(dirs: All, min: 2),",
        "Slide(dirs: All, min: 2, no_repeat_direction: true),",
        1,
    );
    let set = std::sync::Arc::new(
        veney_rules::PieceSet::from_ron(std::path::Path::new("remembering.ron"), &src).unwrap(),
    );
    veney_rules::Rules::with_sets([set.clone(), set], Default::default()).unwrap()
}

/// The example: a Lantern on W3 whose last slide went north, the Self on Y4. The Self
/// steps up to Y5 (measure 2) and the Lantern, left behind, flails north after it in concert:
/// a flail ignores the remembered direction, and clears it (R-LANTERN-DIRECTION; a review found
/// this tested on the standard Lantern, which remembers none, so it could not fail).
#[test]
fn a_flail_follows_the_self_whatever_way_the_lantern_went_before() {
    let r = remembering();
    let p = Position::from_text(
        &r,
        "4/4/4/s3/4/4/4/4/4/4/4/4/2S1/L3/4/4 w EEEE/eeee dir=N/-",
    )
    .unwrap();
    assert_eq!(p.last_dir(White).map(|d| d.name()), Some("N"));
    let mut q = p;
    let acts = parse_turn(&r, &p, "SY5 LW7", 1).unwrap_or_else(|e| panic!("{e}"));
    q.play_turn(&r, &acts).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        q.piece_at(sq("W7")).map(|x| x.1),
        Some(r.set(White).by_name("Lantern").unwrap())
    );
    assert_eq!(q.last_dir(White), None, "the flail clears it");
}

/// A remembering Lantern may not slide the way it last slid; another way it may, and that way
/// is then remembered. The standard Lantern remembers nothing, so its position text keeps none.
#[test]
fn a_remembered_direction_is_not_repeated() {
    let r = remembering();
    let text = "4/4/4/s3/4/4/4/4/4/4/4/4/2S1/4/4/L3 w EEEE/eeee";
    let north = Position::from_text(&r, &format!("{text} dir=N/-")).unwrap();
    refuse(&r, &north, "LW3").by("§2.0.10 Lantern", "direction");
    let east = Position::from_text(&r, &format!("{text} dir=E/-")).unwrap();
    let mut q = east;
    let acts = parse_turn(&r, &east, "LW3", 1).unwrap_or_else(|e| panic!("{e}"));
    q.play_turn(&r, &acts).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(q.last_dir(White).map(|d| d.name()), Some("N"));
    // The standard set: no piece remembers, so `dir=` is refused and never written.
    let std = rules();
    let e = Position::from_text(&std, &format!("{text} dir=N/-")).unwrap_err();
    assert!(e.message.contains("no_repeat_direction"), "{e}");
    let mut p = Position::from_text(&std, text).unwrap();
    play(&std, &mut p, "LW3");
    assert!(!p.to_text(&std).contains("dir="), "{}", p.to_text(&std));
}

/// Inside the Self's measure, two moves the same way in a row never happen: over random games,
/// every ordinary Lantern move made with the Self's measure unchanged since the Lantern's last
/// move inside it goes another way than that last move.
#[test]
fn inside_the_measure_it_never_goes_the_same_way_twice() {
    let r = rules();
    let lantern = r.set(White).by_name("Lantern").unwrap();
    let mut checked = 0;
    for seed in 0..300u64 {
        let mut g = rng::seeded(seed);
        let mut p = Position::start(&r);
        // By side.
        let mut last: [LastMove; 2] = [None, None];
        for _ in 0..200 {
            if p.is_game_over() {
                break;
            }
            let legal = p.legal_actions(&r);
            let a = legal[rand::Rng::random_range(&mut g, 0..legal.len())];
            let side = p.turn();
            let self_measure = p.life_measure(&r, side);
            if let Action::Move(m) = a
                && p.piece_at(m.from) == Some((side, lantern))
            {
                let d = dir(m.from, m.to);
                let inside = self_measure == Some(Measure::of(m.from))
                    && self_measure == Some(Measure::of(m.to));
                if let Some((sq0, d0, m0)) = last[side.index()]
                    && inside
                    && sq0 == m.from
                    && Some(m0) == self_measure
                {
                    assert_ne!(d, d0, "seed {seed}: {} {a:?}", p.to_text(&r));
                    checked += 1;
                }
                last[side.index()] = inside.then(|| (m.to, d, Measure::of(m.to)));
            }
            p.play_unchecked(&r, a);
        }
    }
    assert!(checked > 20, "only {checked} repeated inside moves checked");
}

fn dir(a: veney_rules::Square, b: veney_rules::Square) -> (i8, i8) {
    (
        (b.line() as i8 - a.line() as i8).signum(),
        (b.step() as i8 - a.step() as i8).signum(),
    )
}

/// The reach preview (`show-piece`, the workshop, the app's hover tint) of a flailing Lantern
/// is its swing: along its slides, over its Self, into the Self's measure or the one beyond,
/// and that is its range constraint (§2.0.10 Flail, R-FLAIL) — the squares its moves land on
/// over an empty board (a review found its ordinary slides shown, stopped at its Self).
#[test]
fn a_flailing_lanterns_preview_is_its_swing() {
    let r = rules();
    let set = r.set(veney_rules::Side::White);
    let lantern = set.by_name("Lantern").unwrap();
    // With the Self on the Lantern's line two measures or more on, where it blocks the swing
    // (only the next measure's pieces are leapt; a review found squares past it shown).
    for (at, life) in [
        ("Y2", "Y6"),
        ("W3", "X9"),
        ("X14", "Y6"),
        ("W2", "W11"),
        ("X7", "X14"),
        ("Z14", "Z2"),
    ] {
        let p = veney_rules::set_check::preview(set, lantern, sq(at), 0, sq(life));
        let shown = (p.both | p.moves | p.attacks) & p.zone;
        let text = {
            let mut rows = vec![['.'; 4]; 16];
            let mut put = |s: veney_rules::Square, c: char| {
                rows[16 - s.step() as usize][s.line() as usize] = c;
            };
            put(sq(life), 'S');
            put(sq(at), 'L');
            put(sq("Z15"), 's');
            let board: Vec<String> = rows
                .iter()
                .map(|r| {
                    let mut out = String::new();
                    let mut empty = 0;
                    for c in r {
                        if *c == '.' {
                            empty += 1;
                        } else {
                            if empty > 0 {
                                out.push_str(&empty.to_string());
                                empty = 0;
                            }
                            out.push(*c);
                        }
                    }
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                    }
                    out
                })
                .collect();
            format!("{} w EEEE/eeee", board.join("/"))
        };
        let pos = Position::from_text(&r, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let landed: veney_rules::Bitboard = pos
            .legal_actions(&r)
            .iter()
            .filter_map(|a| a.as_move())
            .filter(|m| m.from == sq(at))
            .map(|m| veney_rules::Bitboard::from_square(m.to))
            .fold(veney_rules::Bitboard::EMPTY, |a, b| a | b);
        assert!(!landed.is_empty(), "{text}");
        assert_eq!(shown, landed, "{at} with its Self on {life}: {text}");
    }
}

/// A remembering piece struck by an intention (§2.0.11) forgets its direction, as one taken by
/// a move does (R-LANTERN-DIRECTION; a review found the strike leaving `dir=` behind, the piece
/// later placed again still barred from it).
#[test]
fn a_lantern_struck_by_an_intention_forgets_its_direction() {
    let r = remembering();
    let base = "4/4/4/1wsc/4/4/4/4/1l2/J3/1W2/4/2S1/4/4/4 w EEEEDGLR/eeeedgjr dir=-/S";
    for (text, turn) in [
        (format!("{base} intention=W:X6:X8:l:0"), "$tX8!"),
        (base.to_string(), "$tX8"),
    ] {
        let p = Position::from_text(&r, &text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(p.last_dir(Black).map(|d| d.name()), Some("S"));
        let mut q = p;
        let acts = parse_turn(&r, &p, turn, 1).unwrap_or_else(|e| panic!("{turn}: {e}"));
        q.play_turn(&r, &acts)
            .unwrap_or_else(|e| panic!("{turn}: {e}"));
        // Struck (the strike's blade stays on X6) or taken by the Sword's move.
        assert!(
            q.piece_at(sq("X8")).is_none_or(|(s, _)| s == White),
            "{turn}"
        );
        assert_eq!(q.last_dir(Black), None, "{turn}: {}", q.to_text(&r));
    }
}

/// R-FLAIL: a flail is written with `~`; an ordinary slide a flailing Lantern attempts with sand
/// (untenable: it lands where no flail does) is not one, and is written without (a review found
/// it recorded as a flail).
#[test]
fn an_untenable_slide_of_a_flailing_lantern_is_no_flail_in_the_record() {
    use veney_rules::notation::San;
    let r = veney_rules::Rules::standard_with(veney_rules::options::RuleOptions {
        untenable: veney_rules::options::UntenablePolicy::Friendly,
        ..Default::default()
    });
    let p = Position::from_text(
        &r,
        "1J2/1b2/3w/4/4/E3/4/c3/l3/r3/2Eg/1L1D/S3/3j/1@2/1s2 w EEGBC/eeeed",
    )
    .unwrap();
    let legal = p.legal_actions(&r);
    let from = sq("X5");
    let flails: Vec<String> = legal
        .iter()
        .filter(|a| a.as_move().is_some_and(|m| m.from == from))
        .map(|a| San::of_action(&r, &p, &legal, a).to_string())
        .collect();
    assert!(
        !flails.is_empty() && flails.iter().all(|t| t.ends_with('~')),
        "{flails:?}"
    );
    let slide = veney_rules::penalty::untenable_actions(&r, &p)
        .into_iter()
        .find(|a| {
            a.as_move()
                .is_some_and(|m| m.from == from && m.to == sq("X7"))
        })
        .expect("the slide to X7 may be attempted with sand");
    let written = San::of_action(&r, &p, &legal, &slide).to_string();
    assert_eq!(written, "LX7");
}
