//! Why an action is refused, naming the rule as the text names it ("Tirachen: Fort",
//! "Tirachen: deployment phase", "Tirachen: Pike" …). Called only for actions that are not legal.
use crate::action::Action;
use crate::bitboard::Bitboard;
use crate::deployment;
use crate::fort;
use crate::legal;
use crate::moves::{self, Surroundings};
use crate::options::{MasterChoice, TirachenOptions};
use crate::piece::Kind;
use crate::position::{Phase, Position};
use crate::side::Side;
use crate::square::Square;
use crate::traitor;
use game_api::Refusal;

pub const MASTERS: &str = "Tirachen: masters";
pub const OWN_PIECES: &str = "Tirachen: your pieces";
pub const UNDEPLOYED: &str = "Tirachen: undeployed pieces";
pub const DEPLOYMENT: &str = "Tirachen: deployment phase";
pub const MOBILIZED: &str = "Tirachen: mobilized phase";
pub const FORT: &str = "Tirachen: Fort";
pub const TRAITOR: &str = "Tirachen: Traitor";

/// The rule of a piece's movement ("Tirachen: Pike").
pub fn piece_rule(kind: Kind) -> &'static str {
    match kind {
        Kind::General => "Tirachen: General",
        Kind::Fort => FORT,
        Kind::Commander => "Tirachen: Commander",
        Kind::Arms => "Tirachen: Master of arms",
        Kind::Spells => "Tirachen: Master of spells",
        Kind::Hunt => "Tirachen: Master of the hunt",
        Kind::Pike => "Tirachen: Pike",
        Kind::Traitor => TRAITOR,
    }
}

pub(crate) fn how_it_moves(kind: Kind) -> &'static str {
    match kind {
        Kind::General => "a General moves one square in any direction",
        Kind::Fort => "once placed, a Fort does not move",
        Kind::Commander => {
            "a Commander moves any number of squares in a straight line over empty squares"
        }
        Kind::Arms => {
            "a Master of arms moves up to 3 squares orthogonally, turning if it likes, over empty squares"
        }
        Kind::Spells => {
            "a Master of spells moves up to 2 squares in any direction over empty squares"
        }
        Kind::Hunt => {
            "a Master of the hunt moves up to 3 squares in a straight line over empty squares"
        }
        Kind::Pike => {
            "a Pike moves 1 square orthogonally to an open square and captures 1 square diagonally forward"
        }
        Kind::Traitor => {
            "the Traitor moves exactly 3 squares in a straight line or in an L of 2 and 1, over anything"
        }
    }
}

/// Why `side` may not take `a` in `pos`.
pub fn refusal(pos: &Position, opts: &TirachenOptions, side: Side, a: Action) -> Refusal {
    if pos.choosing() {
        return match a {
            Action::Choose(m) if !m.is_valid() => {
                Refusal::new(MASTERS, "the masters chosen must total 9")
            }
            Action::Choose(_) if pos.phase(side) != Phase::Choosing => {
                Refusal::new(MASTERS, "you have already chosen your masters")
            }
            Action::Choose(_) if opts.masters == MasterChoice::Open => {
                Refusal::new(MASTERS, format!("{} chooses first", pos.to_move().name()))
            }
            Action::Choose(_) => Refusal::not_your_turn(),
            _ => Refusal::new(
                MASTERS,
                "both sides choose their masters before anything else is played",
            ),
        };
    }
    if side != pos.to_move() {
        return Refusal::not_your_turn();
    }
    if let Some(t) = pos.extra_move() {
        return match a {
            Action::Move { from, to, control } if from == t => {
                move_refusal(pos, opts, side, from, to, control)
            }
            _ => Refusal::new(
                TRAITOR,
                format!(
                    "the extra move may only move the Traitor on {t}, now; or decline it with `-`"
                ),
            ),
        };
    }
    match a {
        Action::Choose(_) => Refusal::new(MASTERS, "the masters were chosen before play"),
        Action::Decline => Refusal::new(TRAITOR, "there is no Traitor's extra move to decline"),
        Action::Mobilise => Refusal::new(MOBILIZED, "you have already mobilized"),
        Action::Move { from, to, control } => move_refusal(pos, opts, side, from, to, control),
        Action::Place { kind, to } => place_refusal(pos, opts, side, kind, to),
    }
}

fn move_refusal(
    pos: &Position,
    opts: &TirachenOptions,
    side: Side,
    from: Square,
    to: Square,
    control: bool,
) -> Refusal {
    let Some(piece) = pos.piece_at(from) else {
        return Refusal::new(OWN_PIECES, format!("there is no piece on {from}"));
    };
    match piece.owner {
        None => {
            return Refusal::new(
                TRAITOR,
                "the Traitor is under no one's control until a piece takes it",
            );
        }
        Some(o) if o != side => {
            return Refusal::new(
                OWN_PIECES,
                format!("the {} on {from} is not yours to move", piece.kind.name()),
            );
        }
        _ => {}
    }
    let kind = piece.kind;
    if kind == Kind::Fort {
        return Refusal::new(FORT, how_it_moves(Kind::Fort));
    }
    if pos.side(side).contains(to) {
        return Refusal::new(
            piece_rule(kind),
            format!("{to} holds your own piece; pieces capture only opposing pieces"),
        );
    }
    let target = pos.piece_at(to);
    let free = Surroundings {
        occupied: pos.occupied(),
        capturable: traitor::capturable(pos, side),
        walk: Bitboard::ALL,
    };
    if !moves::reach(kind, side, from, &free).contains(to) {
        let why = match (kind, target) {
            (Kind::Pike, None)
                if to.rank() as i8 - from.rank() as i8 == side.forward()
                    && (to.file() as i8 - from.file() as i8).abs() == 1 =>
            {
                "a Pike moves diagonally only to capture".to_string()
            }
            (Kind::Pike, Some(_)) => "a Pike captures only 1 square diagonally forward".to_string(),
            // A sentence: the piece, the square, then how it moves — and a way it would have
            // on an empty board is named as blocked (a review found "a Commander moves … over
            // empty squares cannot reach e6 from e2").
            _ => {
                let open = Surroundings {
                    occupied: Bitboard::EMPTY,
                    capturable: Bitboard::EMPTY,
                    walk: Bitboard::ALL,
                };
                let blocked = if moves::reach(kind, side, from, &open).contains(to) {
                    " (a piece stands in the way)"
                } else {
                    ""
                };
                format!(
                    "the {} on {from} cannot reach {to}{blocked}: {}",
                    kind.name(),
                    how_it_moves(kind)
                )
            }
        };
        return Refusal::new(piece_rule(kind), why);
    }
    if pos.phase(side) == Phase::Deploying {
        let area = Surroundings {
            walk: deployment::walk(pos, side),
            ..free
        };
        if !moves::reach(kind, side, from, &area).contains(to) {
            return Refusal::new(
                DEPLOYMENT,
                "in your deployment phase a piece moves only within your deployment area",
            );
        }
        if target.is_some() && !opts.deployment_captures {
            return Refusal::new(
                DEPLOYMENT,
                "moves within your deployment area may not capture (option DeploymentCaptures is off)",
            );
        }
    }
    let barred = fort::barred(pos, side);
    if barred.contains(to) {
        let why = if barred.contains(from) {
            format!(
                "{to} is next to the opposing Fort; opposing pieces may not end a move there, even one already standing next to it (it may take the Fort or move away)"
            )
        } else {
            format!("{to} is next to the opposing Fort; opposing pieces may not end a move there")
        };
        return Refusal::new(FORT, why);
    }
    if control {
        if target.is_none_or(|t| t.kind != Kind::Traitor) {
            return Refusal::new(
                TRAITOR,
                "only a piece taking the Traitor may be sacrificed to control it (`=T`)",
            );
        }
        if !traitor::may_control(opts, kind) {
            return Refusal::new(
                TRAITOR,
                "your General may not be sacrificed to control the Traitor (option GeneralForTraitor is no)",
            );
        }
    }
    Refusal::new("legal moves", "that move is not legal here")
}

/// Why `side`'s piece on `from`, which has squares within its reach but no legal move, is
/// held: the one rule that refuses every square it could reach (the deployment area, the
/// opposing Fort's ring). `None` when the squares are refused for different reasons, or when
/// the piece is simply hemmed in (a review found "no legal action from d3" where the
/// deployment area held it).
pub(crate) fn stuck(
    pos: &Position,
    opts: &TirachenOptions,
    side: Side,
    from: Square,
) -> Option<Refusal> {
    let piece = pos.piece_at(from)?;
    let mut legal = Vec::new();
    legal::legal_actions(pos, opts, side, &mut legal);
    if legal
        .iter()
        .any(|a| matches!(a, Action::Move { from: f, .. } if *f == from))
    {
        return None;
    }
    let free = Surroundings {
        occupied: pos.occupied(),
        capturable: traitor::capturable(pos, side),
        walk: Bitboard::ALL,
    };
    let mut whys = (moves::reach(piece.kind, side, from, &free) & !pos.side(side))
        .iter()
        .map(|to| refusal(pos, opts, side, Action::step(from, to)));
    let first = whys.next()?;
    whys.all(|w| w == first).then_some(first)
}

fn place_refusal(
    pos: &Position,
    opts: &TirachenOptions,
    side: Side,
    kind: Kind,
    to: Square,
) -> Refusal {
    if matches!(kind, Kind::General | Kind::Traitor) {
        return Refusal::new(
            UNDEPLOYED,
            format!("the {} is never among the undeployed pieces", kind.name()),
        );
    }
    if pos.reserve(side).count(kind) == 0 {
        return Refusal::new(
            UNDEPLOYED,
            format!("you have no undeployed {}", kind.name()),
        );
    }
    let rule = match pos.phase(side) {
        Phase::Deploying => DEPLOYMENT,
        _ => MOBILIZED,
    };
    // No open square anywhere it may enter: said the same on every square, so a tray pick is
    // told why (a review found "no legal action places P now" for a full homeland).
    let area = deployment::placement_area(pos, side, kind);
    // (A square of the area barred by the opposing Fort keeps the Fort's own reason.)
    if pos.phase(side) != Phase::Choosing
        && (area & !pos.occupied() & !fort::barred(pos, side)).is_empty()
        && (!area.contains(to) || pos.occupied().contains(to))
    {
        let why = match (pos.phase(side), kind) {
            (Phase::Mobilised, k) if k != Kind::Fort => {
                "once mobilized, an undeployed piece enters only on an open square of your homeland, and none is open"
            }
            _ => "pieces are placed only in your deployment area, and none of its squares is open",
        };
        return Refusal::new(rule, why);
    }
    if !area.contains(to) {
        let why = match (pos.phase(side), kind) {
            (Phase::Mobilised, k) if k != Kind::Fort => {
                "once mobilized, an undeployed piece enters only on an open square of your homeland"
            }
            _ => "pieces are placed only in your deployment area",
        };
        return Refusal::new(rule, why);
    }
    if pos.occupied().contains(to) {
        return Refusal::new(rule, format!("{to} is not open"));
    }
    if fort::barred(pos, side).contains(to) {
        return Refusal::new(FORT, format!("{to} is next to the opposing Fort"));
    }
    if kind == Kind::Fort
        && opts.fort_ring_must_be_clear
        && fort::ring_occupied(pos, side).contains(to)
    {
        return Refusal::new(
            FORT,
            format!(
                "an opposing piece stands next to {to}; a Fort's ring must be free of them (option FortRingClear is yes)"
            ),
        );
    }
    Refusal::new("legal moves", "that placement is not legal here")
}

/// Why no legal action takes `side` from `from` (or from the undeployed pieces) to `to`.
pub fn explain_click(
    pos: &Position,
    opts: &TirachenOptions,
    side: Side,
    from: Option<Square>,
    to: Square,
) -> Refusal {
    if let Some(from) = from {
        return refusal(pos, opts, side, Action::step(from, to));
    }
    // Nothing picked, a piece clicked (an opposing one, the Traitor): what to pick first, not
    // a placement's reason (a review found "pieces are placed only in your deployment area").
    if pos.piece_at(to).is_some() {
        return Refusal::new(
            "legal moves",
            format!(
                "nothing is picked: pick one of your pieces, or one from your tray, then where it goes ({to} is taken)"
            ),
        );
    }
    let reserve = pos.reserve(side);
    let mut legal = Vec::new();
    legal::legal_actions(pos, opts, side, &mut legal);
    let mut first = None;
    let mut any = false;
    let mut fits = Vec::new();
    for kind in Kind::UNDEPLOYED {
        if reserve.count(kind) == 0 {
            continue;
        }
        any = true;
        let a = Action::Place { kind, to };
        if legal.contains(&a) {
            fits.push(kind);
        } else {
            first.get_or_insert(refusal(pos, opts, side, a));
        }
    }
    match first {
        // Some piece of the tray may go there: pick it (a review found the Commander's refusal
        // said where only the Fort might go).
        Some(_) if !fits.is_empty() => {
            let names: Vec<&str> = fits.iter().map(|k| k.name()).collect();
            Refusal::new(
                UNDEPLOYED,
                format!(
                    "pick a piece from your tray first: the {} may go on {to}",
                    names.join(" or the ")
                ),
            )
        }
        Some(r) => r,
        // Every piece in the tray may go there: one is to be picked first (a review found
        // "you have no undeployed piece to place" said over a full tray).
        None if any => Refusal::new(
            UNDEPLOYED,
            format!("pick a piece from your tray first, then {to} to place it"),
        ),
        None => Refusal::new(UNDEPLOYED, "you have no undeployed piece to place"),
    }
}
