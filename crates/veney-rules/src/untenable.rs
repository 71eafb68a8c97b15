//! Explaining untenable actions (§2.0.22): when a player tries an action the rules do not
//! allow, say which rule it breaks and cite the section.
use crate::action::{Action, Move, Mover};
use crate::bitboard::Bitboard;
use crate::constraint::zone_of;
use crate::errors::Untenable;
use crate::measure::own_side;
use crate::piece_def::{Mode, Relation, Withdraw};
use crate::position::{FreePlace, Phase, Position};
use crate::rules::Rules;

const DOUBLE: &str = "§2.0.15 Double-Moves";
const PLACING: &str = "§2.0.13 Placing & Withdrawing";
const HIRAKAMAE: &str = "§2.0.18 Devices: Hirakamae";

pub fn explain(rules: &Rules, pos: &Position, action: &Action) -> Untenable {
    // After the move that ended hirakamae, a throw, strike or cast comes only by that move's
    // own method (R-HIRAKAMAE): refused, it is explained as in that method's phase (a review
    // found a blocked throw in concert told it was not open at all).
    if let Phase::Hirakamae { stone, concert, .. } = pos.phase()
        && (stone.is_some() || concert.is_some())
        && matches!(
            action,
            Action::Throw { .. } | Action::Enact { .. } | Action::Cast { .. }
        )
    {
        let mut then = *pos;
        then.phase = Phase::Second { stone, concert };
        return explain(rules, &then, action);
    }
    if let Action::Hug(c) = *action {
        let mut p = *pos;
        let side = crate::hug::first_waiting(rules, pos).unwrap_or(pos.turn());
        return match p.pick_hug(rules, side, c) {
            Err(u) => u,
            Ok(()) => Untenable::new(
                crate::hug::SECTION,
                "each player hides a pick in their own hand: a pick is made with the player named (the Hug dialog)",
            ),
        };
    }
    if let Some(o) = pos.outcome().filter(|_| pos.is_game_over()) {
        return Untenable::new("§2.0.21 Endings", format!("the game is over: {o}"));
    }
    // The free engagement is no piece of the dying side's (a review found its move refused by
    // its own movement, W8 one open square away).
    let piece_moves = match action {
        Action::Move(m) => m.mover != Mover::Free,
        Action::Enact { .. } => true,
        _ => false,
    };
    if pos.dying() == Some(pos.turn()) && !piece_moves {
        return Untenable::new(
            "§2.0.20 Dying Moves",
            match action {
                Action::Move(_) | Action::EnterFree { .. } => {
                    "after checkmate by touch only a dying move of a piece on the board is left; the free engagement is no piece of yours"
                }
                Action::Place { .. } => {
                    "after checkmate by touch only a dying move of a piece on the board is left; nothing is placed"
                }
                Action::Withdraw { .. } => {
                    "after checkmate by touch only a dying move of a piece on the board is left; nothing is withdrawn"
                }
                // Each refused in its own words (R-DYING: "no placing, withdrawing, passing,
                // meta-moves, glare"; a review found a pass refused as "the Self cannot move").
                Action::Pass => {
                    "after checkmate by touch only a dying move of a piece on the board is left; it is not passed (R-DYING)"
                }
                Action::Meta(_) | Action::QuibbleReset | Action::Retreat => {
                    "after checkmate by touch only a dying move of a piece on the board is left; no meta-move or reset of the board (R-DYING)"
                }
                Action::Glare { .. } | Action::Declare { .. } => {
                    "after checkmate by touch only a dying move of a piece on the board is left; no glare or declaration (R-DYING)"
                }
                Action::Throw { .. } => {
                    "after checkmate by touch only a dying move of a piece on the board is left; a Dagger Throw is none: its sticks are counted between the two Selves, and the dead Self cannot be repositioned (R-DYING)"
                }
                _ => {
                    "after checkmate by touch only a dying move of a piece on the board is left (R-DYING)"
                }
            },
        );
    }
    let side = pos.turn();
    if let Some(l) = pos.lifted() {
        let placing = matches!(action, Action::Move(m) if m.mover == crate::action::Mover::Piece(l.kind) && m.from == l.from);
        if !placing {
            return Untenable::new(
                "§2.0.02 Concert",
                format!(
                    "the {} lifted from {} is in hand (the Self landed on it or passed over it): the concert's second move must place it",
                    rules.set(side).piece(l.kind).name(),
                    l.from
                ),
            );
        }
    }
    // A phase that waits for one thing — a throw's roll, a cast's landing, the Donkey's move,
    // a distraction's repositioning — refuses anything else by saying so (a review found a
    // pass refused there as "two passes in a row already").
    if let Some(why) = awaited(rules, pos, action) {
        return why;
    }
    // After the turn's move: a double-move's second, glare and declaring after the moves
    // (Phase::Glare), hirakamae's second move, Shima's reclaim after the Self's move (its
    // Dagger's placement aside) (a review found these phases refused with the wrong rule).
    let reclaim_place = matches!(*action, Action::Place { kind, .. }
        if rules.info(side, kind).cast == Some(crate::device::Device::Shima));
    let second = match pos.phase() {
        Phase::Second { .. } | Phase::Glare | Phase::Hirakamae { .. } => true,
        Phase::Reclaim { .. } => !reclaim_place,
        _ => false,
    };
    // The normal turn made instead of the Obscurant Chaos invocation's repositioning, before
    // its move (R-CAST; `cast_piece::opens_normal_turn`).
    let instead = crate::special::cast_piece::may_turn_instead(pos)
        || (pos.phase() == Phase::Start && pos.reposition.is_some());
    if instead
        && matches!(
            action,
            Action::Pass
                | Action::Retreat
                | Action::QuibbleReset
                | Action::Invoke { .. }
                | Action::PlaceDonkey { .. }
                | Action::Glare { .. }
                | Action::Declare { .. }
        )
    {
        return Untenable::new(
            "§2.0.18 Devices: Obscurant Chaos",
            "the invocation counts as your turn: reposition, or make a normal move or double-move instead — not a pass (nor a glare or declaration counting as one), a retreat, a reset, the Donkey's placement or another invocation",
        );
    }
    match *action {
        // R-HIRAKAMAE: the move that ends the stance is followed by one move of any piece — a
        // strike made directly (a review found the strike refused as out of range): by way of
        // its declared stepping stone it is two moves already.
        Action::Enact { kind, from, to }
            if matches!(pos.phase(), Phase::Hirakamae { .. })
                && crate::special::intention::strike(rules, pos, side, kind, from, to)
                    .is_none() =>
        {
            Untenable::new(
                HIRAKAMAE,
                "the move that ended hirakamae is followed by one move of any of your pieces: a strike by way of its declared stepping stone is two moves already (ruling R-HIRAKAMAE)",
            )
        }
        Action::Pass if second => Untenable::new(
            "§2.0.17 Passing",
            "you cannot pass after a move of your turn; end the turn instead",
        ),
        Action::Pass if crate::special::hirakamae::active(pos, !side) => Untenable::new(
            HIRAKAMAE,
            "your opponent stands in hirakamae: they may pass indefinitely, and you may not pass — you must move",
        ),
        Action::Pass => Untenable::new(
            "§2.0.17 Passing",
            "two passes in a row already: the first player who passed must now move",
        ),
        Action::EndTurn if pos.phase() == Phase::Start && pos.passes() >= 2 => Untenable::new(
            DOUBLE,
            "there is no double-move to decline, and two passes in a row already: make a move",
        ),
        Action::EndTurn => Untenable::new(
            DOUBLE,
            "there is no double-move to decline: make a move or pass",
        ),
        Action::Place { .. } if second => Untenable::new(
            PLACING,
            "you can never place a piece as part of a double-move",
        ),
        // The text's own definition makes a withdrawal a whole turn (a review found the
        // refusal citing §2.0.15, which lists it as "a move" and says no more).
        Action::Withdraw { .. } if second => Untenable::new(
            "§2.0.VII Take or Fend?",
            "a withdrawal is a whole turn (\"When a player spends a turn putting one of their own pieces back into reserve\"): it cannot be the second move of a double-move (ruling R-SECOND-MOVE)",
        ),
        Action::EnterFree { .. } if second => Untenable::new(
            DOUBLE,
            "the free engagement cannot enter play as the second move of a double-move",
        ),
        Action::Place { kind, to, face } => {
            let name = rules.set(side).piece(kind).name().to_string();
            let oriented = rules.set(side).piece(kind).is_oriented();
            if oriented != face.is_some() {
                return Untenable::new(
                    "§2.0.23 Custom Rules & Extra: oriented pieces",
                    if oriented {
                        format!(
                            "the {name} is placed facing one of the four orthogonal directions: give its facing (>f, >r, >b or >l)"
                        )
                    } else {
                        format!("the {name} faces no way: it is placed without a facing")
                    },
                );
            }
            if pos.reserve(side, kind) == 0 {
                return Untenable::new(PLACING, format!("you have no {name} in reserve"));
            }
            if let Some(why) = drawn_at_most(rules, pos, side, kind) {
                return why;
            }
            let Some(life) = pos.life_square(rules, side) else {
                return Untenable::new(
                    PLACING,
                    "pieces are placed next to the Self, which is not on the board",
                );
            };
            if pos.occupied().contains(to) {
                Untenable::new(PLACING, format!("{to} is not empty"))
            } else if !rules.info(side, kind).floating && !Bitboard::adjacent(life).contains(to) {
                Untenable::new(
                    PLACING,
                    format!(
                        "pieces are placed on an empty square adjacent to the Self ({life}); {to} is not"
                    ),
                )
            } else if crate::special::presence::barred(rules, pos, !side).contains(to) {
                Untenable::new(
                    "§2.0.11 Jutsu: Presence",
                    format!(
                        "your opponent's Jutsu and Self share {to}'s measure: nothing may be placed there"
                    ),
                )
            } else if rules.info(side, kind).jutsu && pos.glare_blocked(side) {
                Untenable::new(
                    "§2.0.10 Lantern: Glare",
                    format!(
                        "your {name} was fended by glare last turn and may not be replaced yet"
                    ),
                )
            } else if rules.info(side, kind).jutsu
                && crate::special::glare::holds(rules, pos, !side)
            {
                Untenable::new(
                    "§2.0.10 Lantern: Glare",
                    format!(
                        "your opponent's glare holds on your Self: the {name} cannot be placed until it is broken"
                    ),
                )
            } else if rules.info(side, kind).jutsu
                && crate::special::control::controlled(rules, pos, !side).contains(to)
            {
                Untenable::new(
                    "§2.0.07 Balance: Control",
                    format!(
                        "your opponent's Balance and Self control {to}'s measure: your {name} may not enter it"
                    ),
                )
            } else if !zone_of(rules, pos, side, kind).contains(to) {
                Untenable::new(
                    PLACING,
                    format!("{to} is outside the {name}'s range constraint"),
                )
            } else {
                Untenable::new(PLACING, format!("the {name} cannot be placed on {to}"))
            }
        }
        Action::Withdraw { kind, from } => {
            let info = rules.info(side, kind);
            let name = rules.set(side).piece(kind).name().to_string();
            // A blade pinned under the opposing Cloak is on the board (R-BLADE-CAPTURE) but
            // "pinned in one place" (§2.0.06): freed only by its own move off (R-WITHDRAW; a
            // review found it refused as no piece there).
            if crate::special::blade_capture::pinned_at(pos, side, from)
                .is_some_and(|(k, _)| k == kind)
            {
                Untenable::new(
                    "§2.0.06 Cloak: Blade Capture",
                    format!(
                        "your {name} on {from} is pinned under the opposing Cloak (\"keeps it pinned in one place\"): it is freed only by its own move off, not withdrawn"
                    ),
                )
            } else if !pos.pieces(side, kind).contains(from) {
                Untenable::new(PLACING, format!("you have no {name} on {from}"))
            } else if !own_side(side).contains(from) {
                Untenable::new(
                    PLACING,
                    format!(
                        "pieces are withdrawn only from your own side of the board; {from} is on your opponent's"
                    ),
                )
            } else if info.life || info.withdraw == Withdraw::Never {
                Untenable::new(PLACING, format!("the {name} can never be withdrawn"))
            } else if pos.shima() && rules.kept_under_shima(side) & (1 << kind.index()) == 0 {
                Untenable::new(
                    "§2.0.18 Devices: Shima",
                    format!(
                        "under Shima the players \"continue with what is already on the board\": the reserve keeps only Daggers and engagements, so the {name} is not withdrawn (R-SHIMA-RESERVE)"
                    ),
                )
            } else {
                Untenable::new(
                    PLACING,
                    format!("the {name} is your only remaining blade and cannot be withdrawn"),
                )
            }
        }
        Action::EnterFree { to } => match pos.free() {
            FreePlace::On(_) => Untenable::new(
                "§2.0.05 The Free Engagement",
                "the free engagement is already in play",
            ),
            FreePlace::Off(point) if !point.touching().contains(to) => Untenable::new(
                "§2.0.05 The Free Engagement",
                format!(
                    "the free engagement enters play only onto a square touching its point; {to} does not"
                ),
            ),
            FreePlace::Off(_) => Untenable::new(
                "§2.0.05 The Free Engagement",
                format!("{to} is not open; entering play cannot take a piece"),
            ),
        },
        Action::Move(m) => explain_move(rules, pos, &m, second),
        Action::Throw { from, target, .. } => explain_throw(rules, pos, from, target),
        Action::Roll(r) => match pos.phase() {
            Phase::Throw { .. } => Untenable::new("§2.0.R1 Alternate Dice", {
                // Named as the app and the kit name the method, with a result it gives
                // (a review found `FlatOdds(6)` and "with 5 sticks" said of a die).
                let dice = rules.options.dice;
                let sticks = crate::special::dagger_throw::sticks(rules, pos, side).unwrap_or(0);
                let count = if dice.uses_sticks() {
                    format!(" with {sticks} sticks")
                } else {
                    String::new()
                };
                let like = dice
                    .representatives(sticks)
                    .first()
                    .map(|e| format!(", such as `@{e}`"))
                    .unwrap_or_default();
                format!(
                    "{r} is not a result of the agreed dice ({}){count}{like}",
                    dice.words()
                )
            }),
            _ => Untenable::new("§2.0.08 Dagger Throw", "there is no throw to roll for"),
        },
        Action::Reposition { kind, to, .. } => match pos.phase() {
            // Only the Self and a blade are repositioned (a review found any other piece told
            // its square was outside the area).
            Phase::Distraction { .. }
                if !(rules.info(side, kind).life || rules.is_blade(side, kind)) =>
            {
                Untenable::new(
                    if pos.reposition.is_some() {
                        "§2.0.18 Devices: Obscurant Chaos"
                    } else {
                        "§2.0.08 Dagger Throw"
                    },
                    format!(
                        "only the Self and a blade are repositioned now: the {} is not",
                        rules.set(side).piece(kind).name()
                    ),
                )
            }
            Phase::Distraction { .. } if pos.reposition.is_some() => {
                let r = pos.reposition.expect("checked");
                Untenable::new(
                    "§2.0.18 Devices: Obscurant Chaos",
                    format!(
                        "the caster repositions the Self and one blade, once each, anywhere on their own side of the board behind step {} (the cast-square's step){}; {to} is not such a square",
                        r.behind,
                        if r.takes {
                            ", taking by the piece's own relations"
                        } else {
                            ", onto empty squares (without taking pieces)"
                        }
                    ),
                )
            }
            Phase::Distraction { .. } => Untenable::new(
                "§2.0.08 Dagger Throw",
                "the distraction repositions the Self and the Sword, once each, to empty squares on your side behind the opposing Self's step",
            ),
            _ => Untenable::new(
                "§2.0.08 Dagger Throw",
                "pieces are repositioned only by a throw's distraction",
            ),
        },
        Action::Glare { .. } => {
            if crate::special::glare::victims(rules, pos, side).is_empty() {
                Untenable::new(
                    "§2.0.10 Lantern: Glare",
                    "your opponent has no Jutsu on the board to fend",
                )
            } else if pos.phase() == Phase::Start && crate::special::hirakamae::active(pos, !side) {
                Untenable::new(
                    HIRAKAMAE,
                    "your opponent stands in hirakamae and you may not pass: glare with no move before it is a pass (§2.0.16) — move first",
                )
            } else if pos.phase() == Phase::Start && pos.passes() >= 2 {
                Untenable::new(
                    "§2.0.17 Passing",
                    "two passes in a row already: glare does not answer this forced move (\"the three immaterial actions … will not suffice\"): make a move on the board",
                )
            } else if matches!(pos.phase(), Phase::Second { .. })
                && crate::special::glare::holds(rules, pos, side)
            {
                // (Glare between a double-move's moves declines the second, R-GLARE-WHEN: a
                // Lantern that is not aligned is refused for that, not for the moment; a review
                // found "end the double-move first" for a Cloak in the way.)
                Untenable::new(
                    "§2.0.10 Lantern: Glare",
                    "glare ends the turn: end the double-move first, then glare",
                )
            } else {
                Untenable::new(
                    "§2.0.10 Lantern: Glare",
                    "your Lantern is not aligned with the opposing Self unobstructed by a Guard, a Cloak or your own Self",
                )
            }
        }
        Action::Retreat => explain_retreat(rules, pos),
        // Declared on one's own turn instead of a move (§2.0.20 "on their own turn … The other
        // player's turn follows"): not after a move (a review found the repetition blamed).
        Action::QuibbleReset if second => Untenable::new(
            "§2.0.20 Impasse",
            "a reset of the board is declared at the start of your turn, instead of a move: not after a move of it",
        ),
        Action::QuibbleReset if pos.passes() >= 2 && pos.quibbles >= 2 => Untenable::new(
            "§2.0.17 Passing",
            "two passes in a row already: the first player who passed must now make a move on the board, and a reset of the board is none (ruling R-PASS-FORCED)",
        ),
        Action::QuibbleReset
            if pos.quibbles >= 2 && crate::special::hirakamae::active(pos, !side) =>
        {
            Untenable::new(
                HIRAKAMAE,
                "your opponent stands in hirakamae and you may not pass: a reset of the board is none of a move (ruling R-PASS-FORCED) — move",
            )
        }
        Action::QuibbleReset if pos.shima() => Untenable::new(
            "§2.0.18 Devices: Shima",
            "under Shima \"retreat and reset are now impossible\"",
        ),
        Action::QuibbleReset => Untenable::new(
            "§2.0.20 Impasse",
            "the board resets only after the free engagement was returned to the centre by repetition twice in a row, with no other piece moving since",
        ),
        // Answered before the game-over check, above.
        Action::Hug(_) => Untenable::new(crate::hug::SECTION, "no draw awaits a Hug"),
        Action::PlaceDonkey { .. } => Untenable::new(
            "§2.0.23 The Donkey",
            "the Donkey is placed from reserve, as a turn, on any empty square",
        ),
        Action::Donkey(_) => Untenable::new(
            "§2.0.23 The Donkey",
            "the Donkey moves after its placer's turn: by five sticks, or its one way out",
        ),
        // A piece that is never cast: said first, with the pieces that are (a review found the
        // Guard's "cast" refused as from reserve, or for want of an empty measure).
        Action::Cast { kind, .. } if rules.info(side, kind).cast.is_none() => {
            let set = rules.set(side);
            let casters: Vec<&str> = set
                .kinds()
                .filter(|&k| rules.info(side, k).cast.is_some())
                .map(|k| set.piece(k).name())
                .collect();
            Untenable::new(
                "§2.0.18 Devices: Cast Piece",
                if casters.is_empty() {
                    format!(
                        "the {} is not a cast piece, and your army casts none",
                        set.piece(kind).name()
                    )
                } else {
                    format!(
                        "the {} is not a cast piece: only your {} are cast",
                        set.piece(kind).name(),
                        casters.join(", ")
                    )
                },
            )
        }
        Action::Cast { .. } if !rules.options.devices => Untenable::new(
            "§2.0.19 Setup: the terms of play",
            "the players agreed to play without the more obscure devices: no piece is cast (option devices)",
        ),
        Action::Cast {
            kind,
            from: Some(_),
            ..
        } if rules.is_blade(side, kind)
            && crate::special::disarm::blades_on_board(rules, pos, side) <= 1 =>
        {
            Untenable::new(
                "§2.0.18 Devices: Cast Piece",
                format!(
                    "the {} is your only remaining blade: it is not cast, as it is not withdrawn (§2.0.13 \"only remaining blade\"; ruling R-CAST)",
                    rules.set(side).piece(kind).name()
                ),
            )
        }
        Action::Cast {
            kind, from: None, ..
        } if drawn_at_most(rules, pos, side, kind).is_some() => {
            drawn_at_most(rules, pos, side, kind).expect("checked")
        }
        // After a move: only in concert with the Self, the Lantern or Dagger from the board
        // (ruling R-CAST; a review found these refused as if no measure were empty).
        Action::Cast { kind, from, .. } if second => {
            // Hirakamae's second move is a move like the first: a Lantern's or Dagger's cast
            // from the board may be it (R-HIRAKAMAE), refused then for the cast's own reason
            // below (a review found "not after another move" said).
            let concert = pos.concert_square().is_some()
                || matches!(pos.phase(), crate::position::Phase::Hirakamae { .. });
            let device = rules.info(side, kind).cast;
            Untenable::new(
                "§2.0.18 Devices: Cast Piece",
                if !concert {
                    "a piece is cast as a whole turn, or as the second move in concert with the Self (the Lantern, the Dagger): not after another move (ruling R-CAST)"
                } else if device == Some(crate::device::Device::ObscurantChaos) {
                    "as a second move (in concert with the Self, or hirakamae's) only the Lantern and the Dagger are cast; the Cloak's cast is a whole turn (ruling R-CAST)"
                } else if from.is_none() {
                    "a cast as a second move (in concert with the Self, or hirakamae's) is from the board, not from reserve (ruling R-CAST)"
                } else if crate::special::cast_piece::nearest_empty_measure(rules, pos, side)
                    .is_none()
                {
                    "a piece is cast into an empty measure between the two Selves, and none is empty now (ruling R-CAST)"
                } else {
                    "a piece is cast into an empty measure between the two Selves (ruling R-CAST)"
                },
            )
        }
        Action::Cast { .. }
            if crate::special::cast_piece::nearest_empty_measure(rules, pos, side).is_none() =>
        {
            Untenable::new(
                "§2.0.18 Devices: Cast Piece",
                "a piece is cast into an empty measure between the two Selves, and none is empty now",
            )
        }
        Action::Cast { .. } => Untenable::new(
            "§2.0.18 Devices: Cast Piece",
            "a piece is cast into an empty measure between the two Selves, from the board or reserve, as a whole turn (the Lantern and Dagger also in concert)",
        ),
        Action::Land(_) => Untenable::new(
            "§2.0.18 Devices: Cast Piece",
            "no cast piece is in the air, or it cannot land there",
        ),
        Action::Invoke { .. } if second => Untenable::new(
            "§2.0.18 Devices: Obscurant Chaos",
            "the invocation is the caster's whole turn, at its start (or an interruption of the opponent's double-move): not after a move of your turn",
        ),
        Action::Invoke { at }
            if pos.chaos_traps(side).contains(at)
                && crate::special::blade_capture::holding(pos, !side).contains(at) =>
        {
            Untenable::new(
                "§2.0.18 Devices: Obscurant Chaos",
                "the trap does not spring on a Cloak holding your blade: you remove it only by freeing the blade, not \"with an attack from another piece\" (§2.0.06 FAQ; ruling R-CAST)",
            )
        }
        Action::Invoke { .. } => Untenable::new(
            "§2.0.18 Devices: Obscurant Chaos",
            "the trap is sprung at the start of your turn on an opposing technical piece standing on your unspent cast-square",
        ),
        Action::Declare { .. }
            if pos.phase() == Phase::Start && crate::special::hirakamae::active(pos, !side) =>
        {
            Untenable::new(
                HIRAKAMAE,
                "your opponent stands in hirakamae and you may not pass: declaring with no move before it is a pass (§2.0.16) — move first",
            )
        }
        Action::Declare { .. } if pos.phase() == Phase::Start && pos.passes() >= 2 => {
            Untenable::new(
                "§2.0.17 Passing",
                "two passes in a row already: the first player who passed must now move, and declaring with no move before it is a pass (§2.0.16)",
            )
        }
        Action::Declare { .. } => Untenable::new(
            "§2.0.11 Jutsu: Intention",
            if pos.meta_moved() {
                "you cannot meta-move and declare intention on the same turn"
            } else {
                "intention is declared with one of your blades, before a move or after your moves, and ends the turn"
            },
        ),
        Action::Enact { .. } if pos.intention_of(side).is_some_and(|i| i.bluff) => Untenable::new(
            "§2.0.11 Jutsu: Intention",
            "that intention was a bluff (your Jutsu was not aligned with the target, or the blade did not see it): a bluff is never enacted",
        ),
        // A standing intention whose target and Jutsu stay, by the declaring blade, out of its
        // range for now (R-INTENTION).
        Action::Enact { kind, from, to }
            if pos.intention_of(side).is_some_and(|i| {
                !i.fresh && i.kind == kind && i.from == from && i.to == to && i.stands(pos)
            }) && !pos.pieces_of(side, rules.jutsu_kinds(side)).is_empty()
                && pos.piece_at(from) == Some((side, kind)) =>
        {
            // After another move, other than the Self's in concert, the strike is no longer
            // open, whatever its range (a review found a move of the Cloak onto its stone, then
            // the strike, blamed on the blade's range).
            // (Not after a Self move in concert, nor at a Shima reclaim made by one, nor at a
            // distraction the turn may start over from: the strike is open there.)
            if matches!(
                pos.phase(),
                Phase::Second { concert: None, .. } | Phase::Glare
            ) {
                return Untenable::new(
                    "§2.0.11 Jutsu: Intention",
                    "the strike is the turn's first move, or the second after a Self move in concert: \"If you disregard your prior intention by making any other move, the intention is forfeit\"",
                );
            }
            // A direct strike that fails for another reason than its reach — a piece in the
            // way, Persistence (§2.0.08), no disarm condition (§2.0.14) — is refused by that
            // rule, as the same move would be (a review found each blamed on the range). (Not
            // one declared by a stepping stone: its route is the stone's.)
            let direct = pos.intention_of(side).is_some_and(|i| i.via.is_none());
            if direct {
                let strike = Move {
                    mover: Mover::Piece(kind),
                    from,
                    to,
                    effect: crate::action::Effect::Quiet,
                    dir: None,
                    face: None,
                };
                // Made instead of an Obscurant Chaos repositioning, the strike is a normal turn's
                // (no repositioning: a review found it explained as one).
                let mut turn = *pos;
                if matches!(pos.phase(), Phase::Distraction { .. })
                    && crate::special::cast_piece::may_turn_instead(pos)
                {
                    turn.phase = Phase::Start;
                    turn.reposition = None;
                }
                let second = matches!(turn.phase(), Phase::Second { .. });
                let plain = explain_move(rules, &turn, &strike, second);
                if !about_reach(&plain) {
                    return plain;
                }
            }
            Untenable::new(
                "§2.0.11 Jutsu: Intention",
                format!(
                    "the {} on {from} does not strike {to} from where it stands now: \"The attacking blade otherwise cannot enact an intention outside its range constraint\" — a concert Self move may bring it within range",
                    rules.set(side).piece(kind).name()
                ),
            )
        }
        Action::Enact { .. } => Untenable::new(
            "§2.0.11 Jutsu: Intention",
            "an intention is enacted on the very next turn, while the target stays and your Jutsu is on the board",
        ),
        Action::Meta(crate::action::Meta::Reset) => Untenable::new(
            "§2.0.05 The Free Engagement",
            "the free engagement returns to the centre only after being pushed back to where it came from twice in a row",
        ),
        Action::Meta(_) => Untenable::new(
            "§2.0.05 The Free Engagement",
            if pos.meta_moved() {
                "one meta-move a turn, before the turn's move"
            } else if pos.phase() != Phase::Start {
                "a meta-move comes before the turn's move"
            } else if pos.free_square().is_some() {
                "meta-moves are made only while the free engagement is out of play"
            } else {
                "the free engagement is on the edge of the grid: no point further that way"
            },
        ),
    }
}

/// What a phase waiting for one kind of action says of another: the throw's roll (§2.0.08),
/// the cast piece's landing (§2.0.18), the Donkey's move (§2.0.23), and after a throw's
/// distraction its repositionings or the turn's end (§2.0.08; Obscurant Chaos's repositioning,
/// which a normal turn may replace, is explained by the caller).
fn awaited(rules: &Rules, pos: &Position, action: &Action) -> Option<Untenable> {
    match (pos.phase(), action) {
        (Phase::Throw { .. }, Action::Roll(_)) => None,
        (Phase::Throw { .. }, _) => Some(Untenable::new(
            "§2.0.08 Dagger Throw",
            "the Dagger is thrown: its roll comes first, and nothing else",
        )),
        (Phase::Cast { .. }, Action::Land(_)) => None,
        (Phase::Cast { kind, .. }, _) => Some(Untenable::new(
            "§2.0.18 Devices",
            format!(
                "the {} is cast into the measure: where it lands comes first, and nothing else",
                rules.set(pos.turn()).piece(kind).name()
            ),
        )),
        (Phase::DonkeyMove { .. }, Action::Donkey(_)) => None,
        (Phase::DonkeyMove { .. }, _) => Some(Untenable::new(
            "§2.0.23 The Donkey",
            "the Donkey moves first, before anything else this turn",
        )),
        // A piece's move there is read as a repositioning and explained so (`explain_move`);
        // the free engagement is no piece to reposition (a review found its move refused by its
        // own movement, an open square next to it).
        (Phase::Distraction { .. }, Action::Reposition { .. } | Action::EndTurn) => None,
        (Phase::Distraction { .. }, Action::Move(m)) if m.mover != Mover::Free => None,
        (Phase::Distraction { .. }, _) => distraction_only(pos),
        _ => None,
    }
}

/// What a distraction leaves open, said of anything else: after a throw's, the repositionings
/// or the turn's end (§2.0.08); after an Obscurant Chaos repositioning, the same (§2.0.18) —
/// before it, a normal turn may replace the invocation (`None`).
fn distraction_only(pos: &Position) -> Option<Untenable> {
    if pos.reposition.is_none() {
        return Some(Untenable::new(
            "§2.0.08 Dagger Throw",
            "after the distraction the Self and the Sword may each be repositioned once, or the turn ended — nothing else",
        ));
    }
    // After a repositioning of the Obscurant Chaos invocation (its normal turn instead is
    // open only while nothing is repositioned): "all one move, but incidentally it can never
    // be linked to further moves on one turn" (§2.0.15; a review found a placement refused
    // as "cannot be placed" and a withdrawal as "your only remaining blade").
    (!crate::special::cast_piece::may_turn_instead(pos)).then(|| {
        Untenable::new(
            "§2.0.18 Devices: Obscurant Chaos",
            "the rearrangement is all one move, never linked to further moves on one turn (§2.0.15): reposition the Self and a blade, each once, or end the turn — nothing else",
        )
    })
}

fn explain_throw(
    rules: &Rules,
    pos: &Position,
    from: crate::square::Square,
    target: crate::square::Square,
) -> Untenable {
    const THROW: &str = "§2.0.08 Dagger Throw";
    let side = pos.turn();
    if matches!(
        pos.phase(),
        Phase::Throw { .. } | Phase::Distraction { .. } | Phase::Glare
    ) {
        return Untenable::new(THROW, "a throw cannot follow this action in the same turn");
    }
    // A Dagger captured under the opposing Cloak stays "pinned in one place" (§2.0.06): it
    // is thrown no more than it moves (a review found the refusal blaming the turn's order).
    if let Some((k, _)) = crate::special::blade_capture::pinned_at(pos, side, from) {
        return Untenable::new(
            "§2.0.06 Cloak: Blade Capture",
            format!(
                "the {} on {from} is pinned under the opposing Cloak: it cannot be thrown",
                rules.set(side).piece(k).name()
            ),
        );
    }
    if pos.life_square(rules, !side) != Some(target) {
        return Untenable::new(
            THROW,
            format!("the Dagger is thrown at the opposing Self, which is not on {target}"),
        );
    }
    if crate::direction::aligned(from, target).is_none() {
        return Untenable::new(
            THROW,
            format!("{from} and {target} are not on one line, step or diagonal"),
        );
    }
    if !crate::special::dagger_throw::clear_line(rules, pos, side, from, target) {
        return Untenable::new(THROW, "a piece other than an engagement stands in the way");
    }
    if crate::special::glare::holds(rules, pos, !side) {
        return Untenable::new(
            "§2.0.10 Lantern: Glare",
            "your opponent's glare holds on your Self and prevents the throw",
        );
    }
    Untenable::new(
        DOUBLE,
        "a throw is the turn's first move, the second after a stepping stone, or in concert with the Self — never after placing the Dagger",
    )
}

fn explain_retreat(rules: &Rules, pos: &Position) -> Untenable {
    const RETREAT: &str = "§2.0.02 Self: Retreat";
    let side = pos.turn();
    // What `special::retreat` asks first, named first (a review found a retreat under Shima
    // blamed on the opposing Self's whereabouts).
    if pos.shima() {
        return Untenable::new(
            "§2.0.18 Devices: Shima",
            "under Shima \"retreat and reset are now impossible\"",
        );
    }
    if !rules.info(side, rules.life(side)).retreat {
        return Untenable::new(
            RETREAT,
            "your set's Self does not retreat (its `retreat` is off in the set file)",
        );
    }
    if pos.phase() != Phase::Start {
        return Untenable::new(
            RETREAT,
            "the final step of a retreat is a whole turn: no double-move",
        );
    }
    match pos.life_square(rules, side) {
        Some(sq) if sq.relative_step(side) != 1 => Untenable::new(
            RETREAT,
            format!("the Self retreats off the board from your first step; it stands on {sq}"),
        ),
        None => Untenable::new(RETREAT, "your Self is not on the board"),
        Some(_) => Untenable::new(
            RETREAT,
            "retreat is impossible while your opponent's Self is on your side of the board",
        ),
    }
}

/// Whether `explain_move`'s refusal is about where the piece reaches — its pattern, its range
/// constraint — or its last, general words, rather than a rule of its own.
fn about_reach(u: &Untenable) -> bool {
    u.reason.ends_with("'s range constraint")
        || u.reason.contains(" does not move from ")
        || u.reason.contains(" cannot make that move (")
}

fn explain_move(rules: &Rules, pos: &Position, m: &Move, second: bool) -> Untenable {
    let side = pos.turn();
    let Mover::Piece(kind) = m.mover else {
        return match pos.free_square() {
            Some(sq) if sq.colour_owner() != side => Untenable::new(
                "§2.0.05 The Free Engagement",
                format!(
                    "the free engagement stands on {sq}, a square of your opponent's colour: only they may move it"
                ),
            ),
            Some(_) if second => Untenable::new(
                DOUBLE,
                "the free engagement cannot be moved as the second move of a double-move",
            ),
            // Onto a piece it may never fend (§2.0.VII), or the Cloak holding one's blade: said
            // so (a review found the general rule repeated for a move that followed it).
            Some(_)
                if let Some((s, k)) = pos.piece_at(m.to)
                    && s != side
                    && !rules.info(s, k).fendable =>
            {
                Untenable::new(
                    "§2.0.VII Take or Fend",
                    format!(
                        "the free engagement cannot fend the {}",
                        rules.set(s).piece(k).name()
                    ),
                )
            }
            Some(_) => Untenable::new(
                "§2.0.05 The Free Engagement",
                "the free engagement moves one square to an open square, or fends one square diagonally forward",
            ),
            None => Untenable::new(
                "§2.0.05 The Free Engagement",
                "the free engagement is not in play",
            ),
        };
    };
    let piece = rules.set(side).piece(kind);
    let name = piece.name();
    let section = match piece.def.section.as_str() {
        "" => "§2.0.01 The Pieces",
        s => s,
    };
    let in_hand = pos
        .lifted()
        .is_some_and(|l| l.kind == kind && l.from == m.from);
    // A blade pinned under an opposing Cloak is on the board (R-BLADE-CAPTURE), kept apart
    // from the pieces: freed by its own move, but "not immediately" (§2.0.06; a review found
    // every refused freeing move told "you have no Sword on …").
    let pinned =
        crate::special::blade_capture::pinned_at(pos, side, m.from).is_some_and(|(k, _)| k == kind);
    if pinned
        && !crate::special::blade_capture::freeable(pos, side)
            .any(|(k, sq)| k == kind && sq == m.from)
    {
        return Untenable::new(
            "§2.0.06 Blade Capture",
            format!(
                "your {name} pinned under the Cloak on {} may not be freed immediately: from your second turn after the capture on",
                m.from
            ),
        );
    }
    if !pos.pieces(side, kind).contains(m.from) && !in_hand && !pinned {
        return Untenable::new(section, format!("you have no {name} on {}", m.from));
    }
    // After a throw's distraction or an Obscurant Chaos cast, the Self and a blade are
    // repositioned, irrespective of their movement (§2.0.08, §2.0.18).
    if matches!(pos.phase(), Phase::Distraction { .. }) {
        let repositioned = explain(
            rules,
            pos,
            &Action::Reposition {
                kind,
                from: m.from,
                to: m.to,
            },
        );
        // A normal move made instead of the invocation's repositioning (§2.0.18 "or instead
        // make a normal move"): its own rule first, as in any turn (a review found every such
        // move told it was no repositioning, W7 named outside an area it was in).
        if crate::special::cast_piece::may_turn_instead(pos) {
            let mut turn = *pos;
            turn.phase = Phase::Start;
            turn.reposition = None;
            let normal = explain_move(rules, &turn, m, second);
            let repositions = rules.info(side, kind).life || rules.is_blade(side, kind);
            return if repositions {
                Untenable::new(
                    normal.section,
                    format!(
                        "{}; as a repositioning: {}",
                        normal.reason, repositioned.reason
                    ),
                )
            } else {
                normal
            };
        }
        return repositioned;
    }
    if second && let Some(special) = two_piece_special(rules, pos, kind, m.to) {
        return Untenable::new(
            DOUBLE,
            format!(
                "{special} moves two of your own pieces, so it is a double-move itself: a special that moves two pieces is never the second move of a double-move"
            ),
        );
    }
    // After the turn's moves, only glare, a declaration or the end of the turn (§2.0.10,
    // §2.0.16): a move then is refused for that, not for the piece's pattern (a review found
    // the Sword's range cited).
    if pos.phase() == Phase::Glare {
        return Untenable::new(
            DOUBLE,
            "the turn's moves are made: glare, declare an intention, or end the turn",
        );
    }
    if let Phase::Second { stone, concert } | Phase::Reclaim { stone, concert } = pos.phase() {
        let is_stone_piece = stone == Some(m.from);
        let is_partner = concert.is_some() && rules.info(side, kind).concert_partner;
        if !is_stone_piece && !is_partner {
            // The set's own concert partners, the Lantern's Pseudo-Armament (§2.0.10) among
            // them (a review found the Lantern left out of "only an armament").
            let partners = rules.concert_partner_names(side).join(", ");
            let what = match (stone, concert) {
                (Some(s), Some(_)) => {
                    format!("the piece on {s} may move again, or a piece in concert ({partners})")
                }
                (Some(s), None) => format!("only the piece on {s} may move again"),
                _ => format!("only a piece in concert with the Self may move ({partners})"),
            };
            return Untenable::new(
                DOUBLE,
                format!("a second move must be linked to the first: {what}"),
            );
        }
    }
    // Onto the Donkey: it "has the same [non]interaction mechanics as a Ruin" — never taken,
    // fended or stood on (§2.0.23; a review found the mover's own section blamed).
    if crate::special::donkey::squares(pos).contains(m.to) {
        return Untenable::new(
            "§2.0.23 The Donkey",
            format!(
                "the Donkey stands on {}: like the Ruin it cannot be taken or fended, and no piece moves onto it",
                m.to
            ),
        );
    }
    // Does the movement pattern reach the square at all, ignoring other pieces?
    let t = piece.tables_for(side, pos.facing(m.from));
    let lp = t.leaps_from(m.from, pos.life_square(rules, side));
    let mut reach = lp.both | lp.move_only | lp.attack_only;
    // A leap passes over the squares of its path; none leaps over the Donkey (§2.0.23).
    let donkeys = crate::special::donkey::squares(pos);
    if t.pathed[m.from.index()] & reach & (1 << m.to.index()) != 0
        && crate::bitboard::Bitboard::path_blocked(m.from, m.to, donkeys)
    {
        return Untenable::new(
            "§2.0.23 The Donkey",
            format!(
                "no piece can leap over the Donkey: every path of the {name}'s leap to {} passes over one",
                m.to
            ),
        );
    }
    let mut blocked = false;
    let mut ray_hit = false;
    let (mut move_only_ray, mut attacking_ray, mut moving_ray) = (false, false, false);
    let mut view = crate::view::View::new(rules, pos, side);
    // A concert partner's move after the Self's passes the Self's new square as if it were not
    // there, as the generator lists it (R-CONCERT; a review found such a move, and a strike in
    // concert, refused as blocked by the Self).
    // (Its square as the strikes and throws read it, and a Shima reclaim's, whose concert move
    // is still open.)
    let concert = match pos.phase() {
        Phase::Reclaim { concert, .. } => concert,
        _ => pos.concert_square(),
    };
    if let Some(self_sq) = concert
        && m.from != self_sq
        && rules.info(side, kind).concert_partner
    {
        view.transparent = crate::bitboard::Bitboard::from_square(self_sq);
    }
    for ray in t.rays_from(m.from) {
        for (i, sq) in ray.squares().enumerate() {
            if sq == m.to && i + 1 >= ray.min as usize {
                ray_hit = true;
                reach |= 1 << sq.index();
                // Anything before it on the ray that blocks? (`View::passable_for`, the generator's
                // own judgement: no piece leaps the Donkey.)
                let mut before = ray.squares().take(i);
                let blade = rules.is_blade(side, kind);
                if let Some(b) = before.find(|&b| !view.passable_for(b, ray.jump, blade)) {
                    if view.donkeys.contains(b) {
                        return Untenable::new(
                            "§2.0.23 The Donkey",
                            format!("no piece can leap over the Donkey on {b}"),
                        );
                    }
                    // A blade stopped by its own Cloak holding an opposing blade: §2.0.06's
                    // rule, not its own movement's (a review found "the path is blocked" under
                    // §2.0.03, which lets the Sword leap its own pieces).
                    if blade && crate::special::blade_capture::holding(pos, side).contains(b) {
                        return Untenable::new(
                            "§2.0.06 Cloak: Blade Capture",
                            format!(
                                "your blades may not leap over your Cloak on {b} while it captures"
                            ),
                        );
                    }
                    blocked = true;
                }
                if ray.no_repeat && pos.last_dir(side) == Some(ray.dir) {
                    return Untenable::new(
                        section,
                        format!("the {name} may not move in the same direction twice in a row"),
                    );
                }
                if ray.mode == Mode::AttackOnly && !view.occupied.contains(m.to) {
                    return Untenable::new(
                        section,
                        format!("the {name} moves that way only to fend or take"),
                    );
                }
                if ray.mode == Mode::MoveOnly {
                    move_only_ray = true;
                } else {
                    attacking_ray = true;
                }
                if ray.mode != Mode::AttackOnly {
                    moving_ray = true;
                }
            }
        }
    }
    // A leap that only attacks onto an open square, or only moves onto an opposing piece (an
    // engagement's diagonal fend, its straight step): the pattern's way, named (a review found
    // "cannot make that move now" for both).
    let to_bit = 1u64 << m.to.index();
    if move_only_ray
        && !attacking_ray
        && !blocked
        && (lp.both | lp.attack_only) & to_bit == 0
        && view.opp.contains(m.to)
    {
        return Untenable::new(
            section,
            format!(
                "the {name} moves that way only onto an open square: it fends or takes by another way"
            ),
        );
    }
    if !ray_hit && (lp.both & to_bit) == 0 {
        if lp.attack_only & to_bit != 0
            && lp.move_only & to_bit == 0
            && !view.occupied.contains(m.to)
        {
            return Untenable::new(
                section,
                format!("the {name} moves that way only to fend or take"),
            );
        }
        if lp.move_only & to_bit != 0 && lp.attack_only & to_bit == 0 && view.opp.contains(m.to) {
            return Untenable::new(
                section,
                format!(
                    "the {name} moves that way only onto an open square: it fends or takes by another way"
                ),
            );
        }
    }
    // A Feign asked for from afar: "When the Cloak and the Self are adjacent to one another
    // (orthogonally or diagonally) they can switch places" (a review found it refused as a move
    // onto an own piece, adjacency never named) — asked before the Cloak's own reach, which a
    // Self two squares away is outside (a review found "the Cloak does not move" said then).
    // A Cloak holding a blade does not feign (R-BLADE-CAPTURE).
    if rules.info(side, kind).feign && pos.piece_at(m.to) == Some((side, rules.life(side))) {
        if !crate::bitboard::Bitboard::adjacent(m.to).contains(m.from) {
            return Untenable::new(
                "§2.0.06 Cloak: Feign",
                format!(
                    "the {name} trades places with its Self only when the two are adjacent (orthogonally or diagonally); {} is not next to {}",
                    m.from, m.to
                ),
            );
        }
        if let Some((blade, _)) = crate::special::blade_capture::pinned_at(pos, !side, m.from) {
            return Untenable::new(
                "§2.0.06 Cloak: Blade Capture",
                format!(
                    "the {name} on {} holds your opponent's {}: a capturing Cloak does not feign (R-BLADE-CAPTURE)",
                    m.from,
                    rules.set(!side).piece(blade).name()
                ),
            );
        }
    }
    if piece.anywhere.is_some() {
        reach = u64::MAX;
    }
    if reach & (1 << m.to.index()) == 0 {
        return Untenable::new(
            section,
            format!("the {name} does not move from {} to {}", m.from, m.to),
        );
    }
    // A flailing Lantern lands only in its Self's measure or the one beyond (§2.0.10 Flail): a
    // square past them is out of the swing, not behind a piece in the way (a review found a
    // flail too long refused as blocked, over pieces it may leap).
    // (Not its second move from a stepping stone it flailed onto: that is an ordinary move
    // within the stone's measure, R-FLAIL.)
    let from_stone = matches!(pos.phase(), Phase::Second { stone: Some(s), .. } if s == m.from);
    if !from_stone
        && crate::special::flail::flailing(rules, pos, side, kind, m.from)
        && !crate::special::flail::destinations(rules, pos, side, m.from).contains(m.to)
    {
        return Untenable::new(
            section,
            format!(
                "the flailing {name} lands only in its Self's measure or the one beyond it, not on {}",
                m.to
            ),
        );
    }
    if blocked {
        return Untenable::new(
            section,
            format!("the {name}'s path from {} to {} is blocked", m.from, m.to),
        );
    }
    // Onto your own Cloak holding their blade: a disarm of that blade, which fends the Cloak
    // ("Disarming a captured blade fends the Cloak", §2.0.06) — judged as a disarm, then by the
    // range below (a review found it refused as a move onto your own piece).
    let held = crate::special::blade_capture::pinned_at(pos, !side, m.to)
        .filter(|_| view.holding.contains(m.to))
        .map(|(blade, _)| blade);
    if let Some(blade) = held {
        let bname = rules.set(!side).piece(blade).name();
        if rules.relation(side, kind, blade) != Relation::Disarm {
            return Untenable::new(
                "§2.0.06 Cloak: Blade Capture",
                format!(
                    "your Cloak on {} holds your opponent's {bname}: only a blade that disarms it may attack there, and the {name} does not",
                    m.to
                ),
            );
        }
        if !crate::special::disarm::may_disarm(rules, pos, side, kind) {
            return Untenable::new(
                "§2.0.14 Disarm",
                format!(
                    "the {name} disarms only once it is its side's last blade on the board (Persistence)"
                ),
            );
        }
    } else if view.own.contains(m.to) && !view.stones.contains(m.to) {
        // A Feign or Shift written from the other piece: the swap is that piece's move onto this
        // one (R-FEIGN, R-SHIFT), so it is named as written (a review found a Self-first Feign
        // refused as a move onto your own piece, the way to write it never said).
        // (Asked of the list only when the other piece's aspects make it such a special,
        // `two_piece_special`.)
        let other = pos
            .piece_at(m.to)
            .map(|(_, k)| k)
            .filter(|&k| two_piece_special(rules, pos, k, m.from).is_some());
        let swap = |other: crate::piece_set::Kind| {
            let mut legal = Vec::new();
            crate::movegen::legal_actions(rules, pos, &mut legal);
            legal.into_iter().any(|a| {
                matches!(a, Action::Move(s) if s.mover == Mover::Piece(other)
                    && s.from == m.to && s.to == m.from
                    && matches!(s.effect, crate::action::Effect::Swap(_)))
            })
        };
        if let Some(other) = other
            && swap(other)
        {
            let feign = rules.info(side, other).feign;
            return Untenable::new(
                if feign {
                    "§2.0.06 Cloak: Feign"
                } else {
                    "§2.0.07 Balance: Shift"
                },
                format!(
                    "{} is occupied by your own piece: to trade places with it, the {} moves onto the {name} — the {} written as the {}'s move from {} to {}, marked `~` (R-{})",
                    m.to,
                    rules.set(side).piece(other).name(),
                    if feign { "Feign" } else { "Shift" },
                    rules.set(side).piece(other).name(),
                    m.to,
                    m.from,
                    if feign { "FEIGN" } else { "SHIFT" },
                ),
            );
        }
        return Untenable::new(section, format!("{} is occupied by your own piece", m.to));
    }
    if let Some((s, target)) = pos.piece_at(m.to)
        && s != side
    {
        let tname = rules.set(!side).piece(target).name();
        // The Cloak holding your blade: "no piece of theirs may attack the Cloak"
        // (R-BLADE-CAPTURE; a review found the attack refused as a move the piece "cannot make
        // now").
        if let Some((blade, _)) = crate::special::blade_capture::pinned_at(pos, side, m.to) {
            return Untenable::new(
                "§2.0.06 Cloak: Blade Capture",
                format!(
                    "the {tname} on {} holds your {}: none of your pieces may attack it; the blade is freed by its own move, from your second turn after the capture",
                    m.to,
                    rules.set(side).piece(blade).name()
                ),
            );
        }
        match rules.relation(side, kind, target) {
            Relation::Never => {
                return Untenable::new(
                    "§2.0.VII Take or Fend",
                    format!("the {name} cannot take or fend the {tname}"),
                );
            }
            // A disarm whose conditions hold is refused for another reason, below (the
            // blade's own range constraint: a review found it blamed on the target).
            Relation::Disarm if !crate::special::disarm::may_disarm(rules, pos, side, kind) => {
                return Untenable::new(
                    "§2.0.14 Disarm",
                    format!(
                        "the {name} disarms only once it is its side's last blade on the board (Persistence)"
                    ),
                );
            }
            Relation::Disarm
                if !crate::special::disarm::disarms(
                    rules,
                    pos,
                    side,
                    kind,
                    target,
                    m.to,
                    || crate::special::disarm::disadvantaged_squares(rules, pos, side),
                ) =>
            {
                // Disadvantaged but for Control (a review found "it is neither" said of a blade
                // the Jutsu attacks).
                if crate::special::disarm::held_off_by_control(rules, pos, side, m.to) {
                    return Untenable::new(
                        "§2.0.07 Balance: Control",
                        format!(
                            "the {tname} on {} is disadvantaged only by your Jutsu, which attacks into a measure your opponent's Balance and Self control: \"The Balance's aspect of 'Control' may be invoked to prevent a disarmament which would rely on the Jutsu attacking into a controlled measure\" (§2.0.14)",
                            m.to
                        ),
                    );
                }
                return Untenable::new(
                    "§2.0.14 Disarm",
                    format!(
                        "the {name} takes the {tname} only by disarm: the {tname} must be overextended (outside its range constraint) or disadvantaged (attacked directly by one of your technical pieces within its range), and it is neither"
                    ),
                );
            }
            Relation::BladeCapture => {
                use crate::special::blade_capture;
                if blade_capture::holding(pos, side).contains(m.from) {
                    return Untenable::new(
                        "§2.0.06 Cloak",
                        format!(
                            "the {name} on {} holds a blade captured: a move may not begin and end with blade capture",
                            m.from
                        ),
                    );
                }
                if pos.released {
                    return Untenable::new(
                        "§2.0.06 Cloak",
                        "a Cloak left a blade capture this turn: no recapture in the same turn",
                    );
                }
                if blade_capture::pins_full(pos, !side) {
                    return Untenable::new(
                        "§2.0.06 Cloak",
                        format!(
                            "at most {} of a side's blades lie captured at once (ruling R-BLADE-CAPTURE)",
                            blade_capture::MAX_PINS
                        ),
                    );
                }
                return Untenable::new(
                    "§2.0.06 Cloak",
                    format!("the {name} attacks the {tname} only by blade capture"),
                );
            }
            // A deflection tried: the conditions §2.0.09 names, "if there is at least one open
            // square immediately behind the latter and as long as the Guard doesn't move
            // outside its constraints" (a review found "only by deflection" said of a
            // deflection).
            Relation::Deflect => {
                if crate::special::deflection::pushed_to(pos, side, m.from, m.to).is_none() {
                    return Untenable::new(
                        "§2.0.09 Guard: Deflection",
                        format!(
                            "the {name} deflects the {tname} only with an open square immediately behind it, on the far side from the {name}"
                        ),
                    );
                }
                if !zone_of(rules, pos, side, kind).contains(m.to) {
                    return Untenable::new(
                        "§2.0.09 Guard: Deflection",
                        format!(
                            "the {name} deflects only as long as it does not move outside its constraints: {} is outside its range",
                            m.to
                        ),
                    );
                }
                return Untenable::new(
                    "§2.0.09 Guard",
                    format!("the {name} acts on the {tname} only by deflection"),
                );
            }
            _ => {}
        }
    }
    if !zone_of(rules, pos, side, kind).contains(m.to) {
        return Untenable::new(
            section,
            format!("{} is outside the {name}'s range constraint", m.to),
        );
    }
    if rules.info(side, kind).jutsu
        && crate::special::control::controlled(rules, pos, !side).contains(m.to)
    {
        return Untenable::new(
            "§2.0.07 Balance: Control",
            format!(
                "your opponent's Balance and Self control {}'s measure: your {name} may not enter it",
                m.to
            ),
        );
    }
    // A stepping stone is landed on by movement, a fend made by attack: a way onto the square
    // that only attacks, or only moves, is named with the rule (a review found both refused in
    // the general words below).
    let moves_there = moving_ray || (lp.both | lp.move_only) & to_bit != 0;
    let attacks_there = attacking_ray || (lp.both | lp.attack_only) & to_bit != 0;
    let inert = rules.info(side, kind).inert;
    let free_here = view.free_sq == Some(m.to);
    let own_stone = view.own.contains(m.to) && view.stones.contains(m.to);
    if own_stone || (free_here && view.possessed) {
        let what = if free_here {
            "the free engagement you possess"
        } else {
            "your own engagement"
        };
        if inert {
            return Untenable::new(
                "§2.0.VII Take or Fend",
                format!(
                    "the {name} is inert: it never lands on {what} on {} (\"All your pieces (except Ruin) can also step-stone your own engagements\")",
                    m.to
                ),
            );
        }
        if !moves_there {
            return Untenable::new(
                section,
                format!(
                    "the {name} reaches {} only by a way that fends or takes: {what} there is a stepping stone, landed on by movement (R-STONE-BY-MOVEMENT)",
                    m.to
                ),
            );
        }
    }
    if free_here && !view.possessed {
        let why = format!(
            "the free engagement on {} stands on a square of your opponent's colour: it is their possession, and a landing on it fends it (§2.0.05, R-STONE-FREE)",
            m.to
        );
        if inert {
            return Untenable::new(
                "§2.0.VII Take or Fend",
                format!("the {name} is inert and fends nothing: {why}"),
            );
        }
        if !attacks_there {
            return Untenable::new(
                "§2.0.05 The Free Engagement",
                format!("the {name} moves that way only onto an open square: {why}"),
            );
        }
    }
    Untenable::new(
        section,
        format!(
            "the {name} cannot make that move ({} to {}) now",
            m.from, m.to
        ),
    )
}

/// The special a move of `kind` onto `to` would be when it trades places with an own piece
/// there: Feign (the Cloak with the Self, §2.0.06) or Shift (the Balance with a blade, §2.0.07).
/// §2.0.15: "you can never use a special ability involving two of your own pieces as the second
/// move in a double-move, because the special ability isn't one move; it's a double-move."
fn two_piece_special(
    rules: &Rules,
    pos: &Position,
    kind: crate::piece_set::Kind,
    to: crate::square::Square,
) -> Option<String> {
    let side = pos.turn();
    let (owner, there) = pos.piece_at(to)?;
    if owner != side {
        return None;
    }
    let info = rules.info(side, kind);
    let name = rules.set(side).piece(kind).name();
    let other = rules.set(side).piece(there).name();
    if info.feign && there == rules.life(side) {
        Some(format!(
            "Feign (the {name} trading places with the {other}, §2.0.06)"
        ))
    } else if info.shift && rules.is_blade(side, there) {
        Some(format!(
            "Shift (the {name} trading places with the {other}, §2.0.07)"
        ))
    } else {
        None
    }
}

/// A set that draws fewer of a kind at a time than it has (§2.0.23, the Archives Assassin's "four
/// Daggers (up to two drawn at a time)"; `max_on_board`): refused once that many are in play (a
/// review found the placement refused with no reason given).
fn drawn_at_most(
    rules: &Rules,
    pos: &Position,
    side: crate::side::Side,
    kind: crate::piece_set::Kind,
) -> Option<Untenable> {
    let max = rules.info(side, kind).max_on_board;
    let n = pos.in_play(side, kind);
    (n >= max).then(|| {
        Untenable::new(
            "§2.0.23 Custom Rules & Extra: the armies",
            format!(
                "your set draws at most {max} {} at a time, and {n} are in play",
                rules.set(side).piece(kind).name()
            ),
        )
    })
}
