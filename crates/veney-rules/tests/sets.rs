//! The shipped piece sets (§2.0.23 Custom Rules & Extra; Incomplete Sets & Asymmetrical Games):
//! each loads and checks clean; the armies' particulars (rulings R-ARMIES, R-PRIVILEGE) hold in
//! play; two different armies meet in one game; and 2,000 seeded random games per pairing finish
//! with no panic and every invariant of the rules core after every action.
mod common;
use common::*;
use std::path::Path;
use std::sync::Arc;
use veney_rules::options::RuleOptions;
use veney_rules::{Action, Effect, Outcome, PieceSet, Position, Rules, Side, playout};

#[test]
fn every_shipped_set_checks_clean() {
    for name in ARMIES.iter().chain(&["standard"]) {
        let r = veney_rules::set_check::check_file(&set_path(name));
        assert!(r.is_valid(), "{name}: {:?}", r.errors);
        assert!(r.warnings.is_empty(), "{name}: {:?}", r.warnings);
    }
}

#[test]
fn the_built_in_standard_set_is_the_shipped_file() {
    let shipped = set("standard");
    assert_eq!(shipped.fingerprint, PieceSet::standard().fingerprint);
}

#[test]
fn each_army_starts_on_its_own_baselines() {
    // §2.0.23 Archives Assassin: one Dagger drawn on the Sword's square, three in reserve, five
    // Ruins in reserve (ruling R-ARMIES).
    let r = game("assassin", "standard");
    let p = Position::start(&r);
    let w = r.set(Side::White);
    let dagger = w.by_name("Dagger").unwrap();
    let ruin = w.by_name("Ruin").unwrap();
    assert_eq!(p.piece_at(sq("X4")), Some((Side::White, dagger)));
    assert_eq!(p.reserve(Side::White, dagger), 3);
    assert_eq!(p.reserve(Side::White, ruin), 5);
    assert!(w.by_name("Sword").is_none());
    // Black plays the standard set on the standard baselines, turned 180°.
    let b = r.set(Side::Black);
    assert_eq!(
        p.piece_at(sq("X13")).map(|(s, k)| (s, b.piece(k).name())),
        Some((Side::Black, "Self"))
    );
    // The Illusionist's Lantern stands where a Sword would (R-ARMIES); Black's army is turned.
    let r = game("standard", "illusionist");
    let p = Position::start(&r);
    let lantern = r.set(Side::Black).by_name("Lantern").unwrap();
    assert_eq!(p.piece_at(sq("Y13")), Some((Side::Black, lantern)));
    assert_eq!(p.reserve(Side::Black, lantern), 0);
    invariants_hold(&r, &p);
}

fn invariants_hold(r: &Rules, p: &Position) {
    veney_rules::invariants::check(r, p).unwrap_or_else(|e| panic!("{e}"));
}

/// "Export moves" names the armies of a game not between standard sets, as a save does: a
/// replay under the same armies reads it clean, and one under the standard sets can tell the
/// armies apart by their fingerprints (a review found nothing naming them, the record refused
/// at a piece the standard set lacks).
#[test]
fn an_army_games_export_names_its_armies() {
    let r = Arc::new(game("assassin", "standard"));
    let mut g = veney_rules::Game::new(r.clone());
    for _ in 0..6 {
        let a = g.legal_actions()[0];
        g.play(a).unwrap();
    }
    let text = g.exported_record();
    let hash = |side: &str| {
        veney_rules::replay::header_value(&text, &format!("{side}SetHash")).map(|(_, v)| v)
    };
    assert_eq!(
        hash("White"),
        Some(format!("{:016x}", r.set(Side::White).fingerprint)),
        "{text}"
    );
    assert_eq!(
        hash("Black"),
        Some(format!("{:016x}", r.set(Side::Black).fingerprint))
    );
    let rep = veney_rules::replay::replay(&r, &text).unwrap();
    assert!(rep.all_tenable(), "{:?}", rep.warnings);
    // Between standard sets nothing is named.
    let mut g = veney_rules::Game::new(Arc::new(Rules::standard()));
    g.play(g.legal_actions()[0]).unwrap();
    assert!(!g.exported_record().contains("SetHash"));
}

#[test]
fn the_assassin_draws_at_most_two_daggers() {
    // §2.0.23: "four Daggers (up to two drawn at a time)".
    let r = game("assassin", "standard");
    let p = pos(
        &r,
        &[
            (White, "Self", "Y4"),
            (White, "Dagger", "X4"),
            (Black, "Self", "X13"),
        ],
        White,
    );
    let dagger = r.set(Side::White).by_name("Dagger").unwrap();
    let places = |p: &Position| {
        p.legal_actions(&r)
            .iter()
            .filter(|a| matches!(a, Action::Place { kind, .. } if *kind == dagger))
            .count()
    };
    assert!(places(&p) > 0, "a second Dagger may be drawn");
    let two = pos(
        &r,
        &[
            (White, "Self", "Y4"),
            (White, "Dagger", "X4"),
            (White, "Dagger", "Z4"),
            (Black, "Self", "X13"),
        ],
        White,
    );
    assert_eq!(places(&two), 0, "no third Dagger while two are drawn");
    // Nor read from a position text: three on the board are refused at the third's column (a
    // review found them read, and played on).
    let text = two.to_text(&r);
    let board_row = text.split('/').nth(12).unwrap();
    assert_eq!(board_row, "1DSD", "{text}");
    let reserves = text.split(' ').nth(2).unwrap();
    let three = text.replacen("/1DSD/", "/DDSD/", 1).replacen(
        &format!(" {reserves}"),
        &format!(" {}", reserves.replacen('D', "", 1)),
        1,
    );
    let e = Position::from_text(&r, &three).expect_err(&three);
    assert!(e.message.contains("at most 2 at a time"), "{e}");
    // (Columns count from 1: the third Dagger is the fourth letter of `DDSD`.)
    assert_eq!(e.col, three.find("DDSD").unwrap() + 4, "{e}");
    assert!(two.reserve(Side::White, dagger) >= 1);
    // A third drawn is refused for that reason, placed or cast from reserve (a review found the
    // placement refused with no reason, and the cast's refusal suggesting it was open).
    let place = Action::Place {
        kind: dagger,
        to: veney_rules::Square::parse("Y3").unwrap(),
        face: None,
    };
    let why = veney_rules::untenable::explain(&r, &two, &place);
    assert!(why.section.starts_with("§2.0.23"), "{why}");
    assert!(why.reason.contains("at most 2 Dagger at a time"), "{why}");
    let cast = Action::Cast {
        kind: dagger,
        from: None,
        measure: 2,
    };
    let why = veney_rules::untenable::explain(&r, &two, &cast);
    assert!(why.reason.contains("at most 2 Dagger at a time"), "{why}");
}

#[test]
fn the_illusionists_cloak_checkmates_by_touch() {
    // §2.0.23 Illusionist: "checkmate privileges granted to the Cloak, Lantern, and Jutsu".
    let r = game("illusionist", "standard");
    let p = pos(
        &r,
        &[
            (White, "Self", "Y4"),
            (White, "Cloak", "X10"),
            (Black, "Self", "Y12"),
        ],
        White,
    );
    let mate = p
        .legal_actions(&r)
        .into_iter()
        .find(|a| matches!(a, Action::Move(m) if m.to == sq("Y12")))
        .expect("the Cloak reaches the Self");
    assert!(matches!(mate, Action::Move(m) if m.effect == Effect::Checkmate));
    // A standard Cloak only fends what it may and cannot touch the Self at all.
    let std = game("standard", "illusionist");
    let p = pos(
        &std,
        &[
            (White, "Self", "Y4"),
            (White, "Cloak", "X10"),
            (Black, "Self", "Y12"),
        ],
        White,
    );
    assert!(
        !p.legal_actions(&std)
            .iter()
            .any(|a| matches!(a, Action::Move(m) if m.to == sq("Y12")))
    );
}

#[test]
fn disarming_the_last_privileged_piece_is_checkmate() {
    // §2.0.14 "If the disarmed player has no blade left on the board, disarmament constitutes
    // checkmate", read with the set's privilege (ruling R-PRIVILEGE): the Illusionist's Guard
    // disarmed while none of its privileged pieces is on the board ends the game; while its
    // Lantern stands, it does not.
    let r = game("standard", "illusionist");
    for (lantern, over) in [(false, true), (true, false)] {
        let mut pieces = vec![
            (White, "Self", "Y8"),
            (White, "Sword", "X7"),
            (Black, "Self", "X13"),
            // Overextended: the Guard's range is its Self's measure and one step (§2.0.09).
            (Black, "Guard", "X9"),
        ];
        if lantern {
            pieces.push((Black, "Lantern", "W14"));
        }
        let mut p = pos(&r, &pieces, White);
        let disarm = p
            .legal_actions(&r)
            .into_iter()
            .find(|a| matches!(a, Action::Move(m) if matches!(m.effect, Effect::Disarm(_))))
            .expect("the Sword disarms the overextended Guard");
        p.play(&r, disarm).unwrap();
        assert_eq!(
            matches!(p.outcome(), Some(Outcome::Checkmate { .. })),
            over,
            "Lantern on the board: {lantern}"
        );
    }
}

#[test]
fn the_ceremonial_guard_has_no_dagger_and_two_of_its_pairs() {
    let r = game("ceremonial", "aristocrat");
    let p = Position::start(&r);
    let w = r.set(Side::White);
    assert!(w.by_name("Dagger").is_none());
    let cloak = w.by_name("Cloak").unwrap();
    assert_eq!(p.pieces(Side::White, cloak).count(), 2);
    assert_eq!(p.reserve(Side::White, w.by_name("Guard").unwrap()), 2);
    assert_eq!(p.reserve(Side::White, w.by_name("Ruin").unwrap()), 2);
    // The Aristocrat: only Sword, Dagger, Balance and Cloak besides the Self and engagements.
    let b = r.set(Side::Black);
    let names: Vec<&str> = b.pieces.iter().map(|p| p.name()).collect();
    assert_eq!(
        names,
        ["Self", "Sword", "Engagement", "Cloak", "Balance", "Dagger"]
    );
}

#[test]
fn a_position_names_its_armies_and_refuses_others() {
    let r = game("assassin", "illusionist");
    let p = Position::start(&r);
    let text = p.to_text(&r);
    assert!(
        text.contains("sets=Archives_Assassin/Illusionist"),
        "{text}"
    );
    assert_eq!(Position::from_text(&r, &text).unwrap(), p);
    let other = game("assassin", "standard");
    let e = Position::from_text(&other, &text).unwrap_err();
    assert!(
        e.message
            .contains("for the sets Archives_Assassin/Illusionist, but the game plays Archives_Assassin/Standard"),
        "{e}"
    );
    // The standard game writes no sets field (every older position text still reads).
    assert!(
        !Position::start(&rules())
            .to_text(&rules())
            .contains("sets=")
    );
}

/// 2,000 seeded random games for each pairing of an army with the standard set (both colours)
/// and of armies with each other, checked after every action, on both cores.
#[test]
fn two_thousand_random_games_per_pairing() {
    let mut pairings: Vec<(&str, &str)> = Vec::new();
    for a in ARMIES {
        pairings.push((a, "standard"));
        pairings.push(("standard", a));
    }
    pairings.extend([
        ("assassin", "illusionist"),
        ("ceremonial", "aristocrat"),
        ("illusionist", "fairy"),
        ("half", "assassin"),
    ]);
    let results: Vec<(String, playout::Summary)> = std::thread::scope(|s| {
        let chunks: Vec<Vec<(&str, &str)>> = pairings.chunks(9).map(|c| c.to_vec()).collect();
        let handles: Vec<_> = chunks
            .into_iter()
            .map(|chunk| {
                s.spawn(move || {
                    chunk
                        .into_iter()
                        .map(|(w, b)| {
                            let rules = Arc::new(game(w, b));
                            let sum = playout::random_games(&rules, 2_000, 0xA5A5, 150, true)
                                .unwrap_or_else(|e| panic!("{w} v {b}: {e}"));
                            (format!("{w} v {b}"), sum)
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    });
    assert_eq!(results.len(), pairings.len());
    for (name, s) in &results {
        assert_eq!(s.games, 2_000, "{name}");
        // Games end in play, not only at the turn cap.
        let decided: u64 = s
            .endings
            .iter()
            .filter(|(k, _)| k.as_str() != "turn limit")
            .map(|(_, v)| v)
            .sum();
        assert!(decided > 100, "{name}: {:?}", s.endings);
    }
}

/// Ruling R-SETS-IN-SAVES: a save names each side's set and its fingerprint; a changed or different set is refused, naming the side.
#[test]
fn saves_name_each_army_and_refuse_a_changed_set() {
    use veney_rules::savefile::{self, SaveError};
    let rules = Arc::new(game("aristocrat", "ceremonial"));
    let mut g = veney_rules::Game::new(rules.clone());
    for _ in 0..6 {
        let a = g.legal_actions()[0];
        g.play(a).unwrap();
    }
    let text = savefile::write(&g);
    assert!(text.contains("[WhiteSetName \"Aristocrat\"]"), "{text}");
    assert!(
        text.contains("[BlackSetName \"Ceremonial Guard\"]"),
        "{text}"
    );
    let [w, b] = savefile::sets_of(&text);
    assert!(w.unwrap().ends_with("aristocrat.ron"));
    assert!(b.unwrap().ends_with("ceremonial.ron"));
    let back = savefile::read(rules.clone(), &text).unwrap();
    assert_eq!(back.position(), g.position());
    // The Ceremonial Guard's file changed since (one more Guard): a clear error, not a mismatch.
    let src = std::fs::read_to_string(set_path("ceremonial")).unwrap();
    let changed = Arc::new(
        PieceSet::from_ron(
            &set_path("ceremonial"),
            &src.replace(
                "count: 2,\n            reserve: 2,\n            fendable: false",
                "count: 3,\n            reserve: 3,\n            fendable: false",
            ),
        )
        .unwrap(),
    );
    assert_ne!(changed.fingerprint, set("ceremonial").fingerprint);
    let other =
        Arc::new(Rules::with_sets([set("aristocrat"), changed], RuleOptions::default()).unwrap());
    match savefile::read(other, &text) {
        Err(
            e @ SaveError::SetChanged {
                side: Side::Black, ..
            },
        ) => {
            assert!(
                e.to_string()
                    .contains("has changed since the game was saved"),
                "{e}"
            )
        }
        Err(e) => panic!("wrong error: {e}"),
        Ok(_) => panic!("a changed set loaded silently"),
    }
    // Another army altogether is refused by name.
    let wrong = Arc::new(game("aristocrat", "standard"));
    assert!(matches!(
        savefile::read(wrong, &text),
        Err(SaveError::SetChanged {
            side: Side::Black,
            ..
        })
    ));
}

/// Ruling R-DONKEY-SET: a set saying `donkey: true` (the fairy workshop) brings a Donkey in its own reserve; the other army has none.
#[test]
fn the_fairy_army_brings_its_donkey() {
    // §2.0.23 The Donkey: "Each player may have a donkey in reserve" — here a set entry.
    let r = game("fairy", "standard");
    let p = Position::start(&r);
    assert!(p.donkey_in_reserve(Side::White));
    assert!(!p.donkey_in_reserve(Side::Black));
    assert!(
        p.legal_actions(&r)
            .iter()
            .any(|a| matches!(a, Action::PlaceDonkey { .. }))
    );
    assert!(p.to_text(&r).contains("donkeyhome=w"), "{}", p.to_text(&r));
}

#[test]
fn every_shipped_rule_option_file_loads() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../config/rules");
    let mut n = 0;
    for e in std::fs::read_dir(&dir).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "ron") {
            veney_rules::options::RuleOptions::load(&p).unwrap_or_else(|e| panic!("{e}"));
            n += 1;
        }
    }
    assert!(n >= 3);
}

#[test]
fn the_letter_e_reads_the_piece_lettered_e_when_a_set_has_two_engagement_kinds() {
    // SETS.md: `e` is "only on the piece with role Engagement, which the notation reads it as";
    // a set may give the role to a second kind with its own letter. Every action written reads
    // back to itself (a review found `e` read as the first Engagement kind, a Pawn listed
    // before the Engagement: `eW6` replayed as the Pawn's move and refused).
    let src = veney_rules::piece_set::STANDARD_SET.replacen(
        "        Piece(\n            name: \"Engagement\",",
        "        Piece(\n            name: \"Pawn\",\n            letter: 'p',\n            code: 'P',\n            category: Virtual,\n            roles: [Engagement],\n            count: 1,\n            reserve: 1,\n            fendable: true,\n            moves: [Slide(dirs: Forward, max: Some(1), mode: MoveOnly)],\n        ),\n        Piece(\n            name: \"Engagement\",",
        1,
    );
    let set = Arc::new(PieceSet::from_ron(Path::new("pawn.ron"), &src).unwrap());
    let rules = Rules::with_sets([set.clone(), set], RuleOptions::default()).unwrap();
    let mut pos = Position::start(&rules);
    let mut checked = 0;
    for i in 0..200usize {
        if pos.is_game_over() {
            break;
        }
        let legal = pos.legal_actions(&rules);
        if legal.is_empty() {
            break;
        }
        for a in &legal {
            let san = veney_rules::notation::San::of_action(&rules, &pos, &legal, a);
            let text = san.to_string();
            let back = veney_rules::notation::San::parse(&text)
                .and_then(|s| s.resolve(&rules, &pos, &legal, 0));
            assert_eq!(back.ok(), Some(*a), "{text} in {}", pos.to_text(&rules));
            checked += 1;
        }
        // Engagement moves first, Pawn moves among them: the notation's `e` and `p` both met.
        let a = legal[(i * 7919 + 13) % legal.len()];
        pos.play_unchecked(&rules, a);
    }
    assert!(checked > 1000, "{checked}");
}

/// The position texts of 40 seeded random games of up to `actions` actions under `rules`, each
/// asserted to read back as written (`name` names the set in a failure).
fn positions_read_back(rules: &Rules, name: &str, actions: usize) -> Vec<String> {
    let mut texts = Vec::new();
    for game in 0..40usize {
        let mut pos = Position::start(rules);
        for i in 0..actions {
            if pos.is_game_over() {
                break;
            }
            let legal = pos.legal_actions(rules);
            if legal.is_empty() {
                break;
            }
            let a = legal[(i * 7919 + game * 104_729 + 13) % legal.len()];
            pos.play_unchecked(rules, a);
            let text = pos.to_text(rules);
            let back = Position::from_text(rules, &text)
                .unwrap_or_else(|e| panic!("{name}: game {game}, action {i} ({a:?}): {text}: {e}"));
            assert_eq!(back.to_text(rules), text);
            texts.push(text);
        }
    }
    texts
}

#[test]
fn a_set_whose_engagement_steps_back_writes_positions_that_read_back() {
    // §2.0.04 en passant: "the first square it passed" — only an advance passes one. A set's
    // engagement that may step two back or sideways opens none (a review found a backward move
    // of two opening en passant on a square never passed, and the position text, which checks
    // the advance, refusing what the engine wrote). Every position of random games reads back.
    let src = veney_rules::piece_set::STANDARD_SET.replacen(
        "Slide(dirs: Forward, max: Some(1), mode: MoveOnly),",
        "Slide(dirs: Orthogonal, max: Some(2), mode: MoveOnly),",
        1,
    );
    assert_ne!(src, veney_rules::piece_set::STANDARD_SET);
    let set = Arc::new(PieceSet::from_ron(Path::new("back.ron"), &src).unwrap());
    let rules = Rules::with_sets([set.clone(), set], RuleOptions::default()).unwrap();
    let checked = positions_read_back(&rules, "back.ron", 150).len();
    assert!(checked > 2_000, "{checked}");
}

/// §2.0.04 en passant: an engagement that advances two or more steps on its line by a move
/// relative to its Self (`FromSelf`) or an oriented leap opens it, and the position text that
/// names it reads back (a review found the text's check, which looked at the plain forward
/// pattern only, refusing what the engine wrote).
#[test]
fn en_passant_opened_by_a_relational_or_oriented_advance_reads_back() {
    for (name, advance) in [
        (
            "fromself.ron",
            "FromSelf(offsets: [(0, 3)], symmetry: None, mode: MoveOnly),",
        ),
        (
            "oriented.ron",
            "Leap(offsets: [(2, 0)], symmetry: Facing, mode: MoveOnly),",
        ),
    ] {
        let src = veney_rules::piece_set::STANDARD_SET.replacen(
            "Slide(dirs: Forward, max: Some(3), mode: MoveOnly, from: Some(YourMeasure(2)), within: Some(YourSide)),",
            advance,
            1,
        );
        assert_ne!(src, veney_rules::piece_set::STANDARD_SET);
        let set = Arc::new(PieceSet::from_ron(Path::new(name), &src).unwrap());
        let rules = Rules::with_sets([set.clone(), set], RuleOptions::default()).unwrap();
        let opened = positions_read_back(&rules, name, 120)
            .iter()
            .filter(|t| t.contains(" ep=") || t.contains(" epn="))
            .count();
        assert!(opened > 0, "{name}: no en passant opened");
        // The advance made as the dying move, measured from the Self's square, leaves no Self to
        // measure from in the finished game's position: it reads back all the same (a review
        // found such a game's final position refused, so its save would not load).
        let over = "4/4/1s2/4/4/4/4/2E1/4/4/1W2/4/4/4/4/4 b EEE/eeee ep=Y8-Y9 over=touch:b";
        let p = veney_rules::Position::from_text(&rules, over)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(p.to_text(&rules), over, "{name}");
        // Nor when the Self moved after the advance in the same turn (Hirakamae's ending
        // double move, §2.0.18: "one move each by any two different pieces").
        if name == "fromself.ron" {
            let start = veney_rules::Position::from_text(
                &rules,
                "4/4/4/bswc/eeee/4/4/4/4/4/4/EEEE/1WS1/4/4/4 w CBDGLJR/dgljr",
            )
            .unwrap();
            let mut p = start;
            for turn in ["---", "SX14", "eYY7 SX3"] {
                let acts = veney_rules::notation::parse_turn(&rules, &p, turn, 1)
                    .unwrap_or_else(|e| panic!("{turn}: {e}"));
                p.play_turn(&rules, &acts).unwrap();
            }
            let text = p.to_text(&rules);
            assert!(text.contains(" ep="), "{text}");
            assert_eq!(
                veney_rules::Position::from_text(&rules, &text)
                    .unwrap_or_else(|e| panic!("{text}: {e}")),
                p
            );
        }
    }
}

/// §2.0.12: the Ruin/Rien is "an optional piece"; rule options name optional pieces only — a
/// standard piece that is not optional ("Self") is refused, not silently ignored (a review found
/// it accepted), while the Ruin (in any case) is accepted. The list of the standard set's
/// optional pieces is the standard set's own.
#[test]
fn rule_options_name_only_optional_pieces() {
    use std::sync::Arc;
    use veney_rules::options::RuleOptions;
    let set = veney_rules::PieceSet::standard();
    let optional: Vec<&str> = set
        .kinds()
        .filter(|&k| set.piece(k).def.optional)
        .map(|k| set.piece(k).name())
        .collect();
    assert_eq!(optional, veney_rules::piece_set::STANDARD_OPTIONAL);
    let build = |names: &[&str]| {
        let o = RuleOptions {
            optional_pieces: names.iter().map(|n| n.to_string()).collect(),
            ..RuleOptions::default()
        };
        let set = Arc::new(veney_rules::PieceSet::standard());
        let setup = veney_rules::setup::SetupDef::standard()
            .check(
                std::path::Path::new("config/setups/standard.ron"),
                veney_rules::setup::STANDARD_SETUP,
                [&set, &set],
            )
            .unwrap();
        veney_rules::Rules::new([set.clone(), set], setup, o).map(|_| ())
    };
    let e = build(&["Self"]).unwrap_err().to_string();
    assert!(e.contains("optional piece \"Self\""), "{e}");
    assert!(build(&["ruin"]).is_ok());
}

/// Every army through the shared testkit too, as the standard set is (`random_games.rs`): after
/// every action the invariants, undo and redo, the position text and notation round trips, the
/// observations and the hash; every tenth game saved and resumed through the game API (a review
/// found the armies played only by Veney's own playouts, never saved and reloaded in bulk).
#[test]
fn every_army_keeps_the_testkits_checks() {
    use game_testkit::{Playouts, random_playouts};
    let mut pairings: Vec<(&str, &str)> = ARMIES.iter().map(|&a| (a, "standard")).collect();
    pairings.extend([("assassin", "fairy"), ("illusionist", "ceremonial")]);
    for (i, (w, b)) in pairings.into_iter().enumerate() {
        let g = Arc::new(veney_rules::VeneyGame::new(Arc::new(game(w, b))));
        let r = random_playouts(&g, None, &Playouts::thorough(40, 0xA7 + i as u64, 300, 10))
            .unwrap_or_else(|e| panic!("{w} v {b}: {e}"));
        assert_eq!(r.games, 40, "{w} v {b}");
    }
}
