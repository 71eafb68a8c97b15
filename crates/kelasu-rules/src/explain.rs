//! Why an action is refused, naming the rule as the text names it.
use crate::action::Action;
use crate::attacks::{conversion_targets, destinations, recall_target};
use crate::bitboard::Bitboard;
use crate::merge::connected;
use crate::options::KelasuOptions;
use crate::piece::{Kind, Piece};
use crate::position::Position;
use crate::side::Side;
use crate::square::Square;
use crate::zones::home_rows;
use game_api::Refusal;

pub const PIECES: &str = "Kelasu: your pieces";
pub const ONCE_PER_TURN: &str = "Kelasu: no piece moves twice in a turn";
pub const ENERGY: &str = "Kelasu: energy";
pub const STONES: &str = "Kelasu: Stones cannot move";
pub const RECALL: &str = "Kelasu: Warrior Recall";
pub const CONVERSION: &str = "Kelasu: Diplomat conversion";
pub const MERGING: &str = "Kelasu: Merging";
pub const MERGE_COST: &str = "Kelasu: Merging costs";
pub const PASSING: &str = "Kelasu: turns (no passing)";
pub const TURN_END: &str = "Kelasu: a turn ends when energy runs out";
pub const CAPTURE: &str = "Kelasu: capture as in chess";

/// The rule of a kind's moves ("Kelasu: Warrior moves").
pub fn piece_rule(kind: Kind) -> &'static str {
    match kind {
        Kind::Blank => "Kelasu: Blank moves",
        Kind::Warrior => "Kelasu: Warrior moves",
        Kind::Runner => "Kelasu: Runner moves",
        Kind::Diplomat => "Kelasu: Diplomat moves",
        Kind::Champion => "Kelasu: Champion moves",
        Kind::General => "Kelasu: General moves",
        Kind::Stone => STONES,
    }
}

/// `side`'s own piece on `from`, or the rule that keeps it still (not yours, moved this turn, a
/// Stone).
pub(crate) fn own_piece(p: &Position, side: Side, from: Square) -> Result<Piece, Refusal> {
    match p.piece_at(from) {
        None => Err(Refusal::new(
            PIECES,
            format!("there is no piece on {}", from.name()),
        )),
        Some(q) if q.side != side => Err(Refusal::new(
            PIECES,
            format!("the piece on {} is {}'s", from.name(), q.side.name()),
        )),
        Some(q) if p.moved.contains(from) => Err(Refusal::new(
            ONCE_PER_TURN,
            format!(
                "the {} on {} has already moved this turn (\"You cannot move the same piece twice in the same turn.\")",
                q.kind.name(),
                from.name()
            ),
        )),
        Some(q) if q.kind == Kind::Stone => Err(Refusal::new(
            STONES,
            format!("the Stone on {} cannot move", from.name()),
        )),
        Some(q) => Ok(q),
    }
}

/// Why `side`'s own piece on `from`, free to act this turn, has no move, recall or conversion
/// now, from the squares of its pattern: each held by one of the mover's pieces, or the rules'
/// refusal of each (a review found "no legal action from A3" for a hemmed-in Blank). `None`
/// when it has an action, or is not the mover's piece to act.
pub(crate) fn hemmed(p: &Position, o: &KelasuOptions, side: Side, from: Square) -> Option<Refusal> {
    let piece = own_piece(p, side, from).ok()?;
    if side != p.to_move || p.energy <= 0 {
        return None;
    }
    let mut steps = Vec::new();
    crate::legal::steps(p, o, side, &mut steps);
    let acts = |a: &Action| match *a {
        Action::Move { from: f, .. }
        | Action::Recall { from: f, .. }
        | Action::Convert { from: f, .. } => f == from,
        _ => false,
    };
    if steps.iter().any(acts) {
        return None;
    }
    // The squares of its pattern on a board holding only it.
    let mut lone = p.clone();
    lone.board = [None; 100];
    lone.board[from.index()] = Some(piece);
    let mut pattern = Vec::new();
    destinations(&lone, o, from, piece, &mut pattern);
    let (mut own, mut others): (Vec<String>, Vec<Refusal>) = (Vec::new(), Vec::new());
    for to in pattern {
        match p.piece_at(to) {
            Some(q) if q.side == side => own.push(to.name()),
            _ => {
                let r = move_refusal(p, o, piece, from, to);
                if !others.contains(&r) {
                    others.push(r);
                }
            }
        }
    }
    // A Warrior on the far rank could Recall too: why it cannot is said with the rest ("At the
    // end of the board, Warriors can 'Recall' back to their home rank"; a review found the
    // Recall left unsaid).
    if piece.kind == Kind::Warrior
        && from.rank() == side.far_rank()
        && let Some(home) = Square::new(side.home_rank(), from.file())
    {
        let r = refusal(p, o, side, Action::Recall { from, to: home });
        if !others.contains(&r) {
            others.push(r);
        }
    }
    let (kind, at) = (piece.kind.name(), from.name());
    let rule = piece_rule(piece.kind);
    Some(match (own.as_slice(), others.as_slice()) {
        ([], []) => Refusal::new(rule, format!("the {kind} on {at} has no square to move to")),
        (own, []) => Refusal::new(
            rule,
            format!(
                "every square the {kind} on {at} moves to holds one of your own pieces ({})",
                own.join(", ")
            ),
        ),
        ([], [one]) => one.clone(),
        (own, others) => {
            let mut why: Vec<String> = others.iter().take(2).map(|r| r.why.clone()).collect();
            if !own.is_empty() {
                why.push(format!("your own pieces stand on {}", own.join(", ")));
            }
            Refusal::new(
                rule,
                format!("the {kind} on {at} has no move now: {}", why.join("; ")),
            )
        }
    })
}

fn move_refusal(
    p: &Position,
    o: &KelasuOptions,
    piece: Piece,
    from: Square,
    to: Square,
) -> Refusal {
    let rule = piece_rule(piece.kind);
    if let Some(q) = p.piece_at(to)
        && q.side == piece.side
    {
        return Refusal::new(
            CAPTURE,
            format!("your own {} stands on {}", q.kind.name(), to.name()),
        );
    }
    // The piece's squares on a board holding only it: is `to` on its pattern at all?
    let mut lone = p.clone();
    lone.board = [None; 100];
    lone.board[from.index()] = Some(piece);
    let mut pattern = Vec::new();
    destinations(&lone, o, from, piece, &mut pattern);
    let diagonal_capture = piece.kind == Kind::Warrior
        && !o.warrior_diagonals_move
        && to.rank() as i8 == from.rank() as i8 + piece.side.forward()
        && to.file().abs_diff(from.file()) == 1;
    if diagonal_capture {
        return Refusal::new(
            rule,
            format!(
                "a Warrior's forward diagonals only capture, and {} is empty",
                to.name()
            ),
        );
    }
    if !pattern.contains(&to) {
        // A Recall or conversion typed as a move (`-`) is pointed to its own sign (a review
        // found "does not move" alone, with no hint at `@` or `%`).
        let mut converts = Vec::new();
        if piece.kind == Kind::Diplomat {
            conversion_targets(p, from, piece.side, &mut converts);
        }
        let other =
            if piece.kind == Kind::Warrior && recall_target(p, o, from, piece.side) == Some(to) {
                Some(("its Recall there", '@'))
            } else if converts.contains(&to) {
                Some(("its conversion of the piece there", '%'))
            } else {
                None
            };
        let hint = other.map_or(String::new(), |(what, sign)| {
            format!("; {what} is written {}{sign}{}", from.name(), to.name())
        });
        return Refusal::new(
            rule,
            format!(
                "a {} does not move from {} to {}{hint}",
                piece.kind.name(),
                from.name(),
                to.name()
            ),
        );
    }
    // An opposing piece on `to`: a Move Only square, unless the piece could capture there on
    // a board holding only the two — then something stands in the way (a review found a
    // blocked capture called a Move Only square).
    if let Some(target) = p.piece_at(to) {
        let mut two = lone.clone();
        two.board[to.index()] = Some(target);
        let mut reach = Vec::new();
        destinations(&two, o, from, piece, &mut reach);
        if !reach.contains(&to) {
            return Refusal::new(
                rule,
                format!(
                    "a {} may only move to {}, not capture there (a Move Only square)",
                    piece.kind.name(),
                    to.name()
                ),
            );
        }
    }
    Refusal::new(
        rule,
        format!(
            "a piece stands in the way from {} to {}",
            from.name(),
            to.name()
        ),
    )
}

fn merge_refusal(
    p: &Position,
    o: &KelasuOptions,
    side: Side,
    kind: Kind,
    to: Square,
    blanks: Bitboard,
) -> Refusal {
    let Some(cost) = kind.merge_cost() else {
        return Refusal::new(
            MERGE_COST,
            "Blanks merge into a Warrior, Runner, Diplomat, Champion, General or Stone",
        );
    };
    for s in blanks.squares() {
        if p.piece_at(s) != Some(Piece::new(side, Kind::Blank)) {
            return Refusal::new(
                MERGING,
                format!("{} does not hold one of your Blanks", s.name()),
            );
        }
        if home_rows(side).contains(s) {
            return Refusal::new(
                MERGING,
                format!(
                    "the Blank on {} is within your starting 2 rows, where Blanks cannot merge",
                    s.name()
                ),
            );
        }
        if !o.moved_blanks_merge && p.moved.contains(s) {
            return Refusal::new(
                MERGING,
                format!(
                    "the Blank on {} moved this turn (MovedBlanksMerge=no)",
                    s.name()
                ),
            );
        }
    }
    if blanks.count() != cost {
        return Refusal::new(
            MERGE_COST,
            format!(
                "a {} costs {cost} Blanks, not {}",
                kind.name(),
                blanks.count()
            ),
        );
    }
    if !connected(blanks) {
        return Refusal::new(
            MERGING,
            "the Blanks must be next to each other (orthogonally, in one group)",
        );
    }
    if !blanks.contains(to) {
        return Refusal::new(
            MERGING,
            format!(
                "the merged piece appears on one of the Blanks' squares, not {}",
                to.name()
            ),
        );
    }
    Refusal::new(MERGING, "that merge is not legal here")
}

/// Why `a` is not legal for `side` (called for actions that are not).
pub fn refusal(p: &Position, o: &KelasuOptions, side: Side, a: Action) -> Refusal {
    if side != p.to_move {
        return Refusal::not_your_turn();
    }
    // A square off the board (its number is public: a library caller can make one) names no
    // piece: refused before any square is looked up (a review found `Square(150)` panicking
    // here, where the game promises a refusal).
    let on_board = |sq: Square| usize::from(sq.0) < Square::COUNT;
    let off = match a {
        Action::Move { from, to } | Action::Recall { from, to } => !on_board(from) || !on_board(to),
        Action::Convert { from, target } => !on_board(from) || !on_board(target),
        Action::Merge { to, blanks, .. } => !on_board(to) || blanks.0 >> Square::COUNT != 0,
        Action::End => false,
    };
    if off {
        return Refusal::new(PIECES, "that is not a square of the board");
    }
    if p.energy <= 0 {
        return Refusal::new(ENERGY, "no energy is left this turn");
    }

    match a {
        Action::End if p.acted => {
            let mut steps = Vec::new();
            crate::legal::steps(p, o, side, &mut steps);
            let who = if steps.is_empty() {
                "Blanks can still merge"
            } else {
                "a piece can still act"
            };
            Refusal::new(
                TURN_END,
                format!(
                    "{} energy left and {who}: \"Once your energy runs out, your turn ends.\" (EndEarly=no)",
                    p.energy
                ),
            )
        }
        Action::End => Refusal::new(
            PASSING,
            "a turn ends after at least one action: the text has no pass (Pass=no)",
        ),
        Action::Move { from, to } => match own_piece(p, side, from) {
            Err(r) => r,
            Ok(q) => move_refusal(p, o, q, from, to),
        },
        Action::Recall { from, to } => match own_piece(p, side, from) {
            Err(r) => r,
            Ok(q) if q.kind != Kind::Warrior => Refusal::new(RECALL, "only Warriors recall"),
            Ok(_) if from.rank() != side.far_rank() => Refusal::new(
                RECALL,
                "a Warrior recalls only from the end of the board (rank J for Blue, A for Red)",
            ),
            Ok(_) if Square::new(side.home_rank(), from.file()) != Some(to) => Refusal::new(
                RECALL,
                format!(
                    "a Recall goes back exactly 9 ranks on the Warrior's file, not to {}",
                    to.name()
                ),
            ),
            Ok(_) if recall_target(p, o, from, side).is_none() => Refusal::new(
                RECALL,
                match p.piece_at(to) {
                    // Never onto one's own piece, whatever the option (ruling).
                    Some(q) if q.side == side => {
                        format!("your own {} stands on {}", q.kind.name(), to.name())
                    }
                    _ => format!(
                        "{} is occupied (a Recall lands on an empty square; RecallCaptures=no)",
                        to.name()
                    ),
                },
            ),
            Ok(_) => Refusal::new(RECALL, "that Recall is not legal here"),
        },
        Action::Convert { from, target } => match own_piece(p, side, from) {
            Err(r) => r,
            Ok(q) if q.kind != Kind::Diplomat => {
                Refusal::new(CONVERSION, "only a Diplomat converts")
            }
            Ok(_) => {
                let mut t = Vec::new();
                conversion_targets(p, from, side, &mut t);
                if from.file().abs_diff(target.file()) != 1
                    || from.rank().abs_diff(target.rank()) != 1
                {
                    Refusal::new(
                        CONVERSION,
                        format!(
                            "a Diplomat converts only diagonally next to it, not on {}",
                            target.name()
                        ),
                    )
                } else if !t.contains(&target) {
                    Refusal::new(
                        CONVERSION,
                        format!("there is no opposing piece on {} to convert", target.name()),
                    )
                } else {
                    Refusal::new(CONVERSION, "that conversion is not legal here")
                }
            }
        },
        Action::Merge { kind, to, blanks } => merge_refusal(p, o, side, kind, to, blanks),
    }
}

/// Why a click from `from` to `to` matched no action.
pub fn explain_click(
    p: &Position,
    o: &KelasuOptions,
    side: Side,
    from: Option<Square>,
    to: Square,
) -> Refusal {
    let Some(from) = from else {
        return match p.piece_at(to) {
            Some(q) if q.side != side => Refusal::new(
                PIECES,
                format!(
                    "the {} on {} is {}'s: choose one of your own pieces",
                    q.kind.name(),
                    to.name(),
                    q.side.name()
                ),
            ),
            _ => Refusal::new(
                PIECES,
                "choose one of your pieces to move first (a merge is chosen by its Blanks)",
            ),
        };
    };
    match p.piece_at(from) {
        Some(q)
            if q.side == side
                && q.kind == Kind::Warrior
                && from.rank() == side.far_rank()
                && to.file() == from.file()
                && to.rank() == side.home_rank() =>
        {
            refusal(p, o, side, Action::Recall { from, to })
        }
        Some(q)
            if q.side == side
                && q.kind == Kind::Diplomat
                && p.piece_at(to).is_some_and(|t| t.side != side) =>
        {
            refusal(p, o, side, Action::Convert { from, target: to })
        }
        _ => refusal(p, o, side, Action::Move { from, to }),
    }
}
