//! The board as one side's pieces see it while moves are generated: range-constraint zones,
//! what may be taken or fended, what is untouchable, what may be leapt. Built once per generation.
use crate::action::Effect;
use crate::bitboard::Bitboard;
use crate::constraint::engagements;
use crate::piece_def::{Jump, Mode, Relation};
use crate::piece_set::{Kind, MAX_KINDS};
use crate::position::Position;
use crate::rules::Rules;
use crate::side::Side;
use crate::square::Square;

/// The range-constraint zone of `side`'s pieces of kind `k` as `View::new` judges it (its
/// constraint from the Self, §2.0.07 Control barring a Jutsu), for one kind alone.
pub(crate) fn zone_of(rules: &Rules, pos: &Position, side: Side, k: Kind) -> Bitboard {
    let info = rules.info(side, k);
    let mut zone = match info.zone_group {
        Some(g) => rules.zone_groups(side)[g as usize].zone(
            // The dead Self's square for the dying move (R-DYING).
            pos.life_measure(rules, side),
            engagements(rules, pos, side),
            pos.life_measure(rules, !side),
        ),
        None => Bitboard::FULL,
    };
    if info.jutsu && crate::special::control::has_control(rules, !side) {
        zone &= !crate::special::control::controlled(rules, pos, !side);
    }
    zone
}

/// What a moving piece sees of the board, computed once per generation.
#[derive(Clone)]
pub(crate) struct View {
    pub side: Side,
    pub own: Bitboard,
    pub opp: Bitboard,
    pub occupied: Bitboard,
    pub free_sq: Option<Square>,
    /// The free engagement is on a square of the mover's colour (§2.0.05 possession).
    pub possessed: bool,
    /// Squares a landing on which is a stepping stone: own engagements, the possessed free
    /// engagement.
    pub stones: Bitboard,
    /// Own pieces a Sword-like slider may leap: own pieces but the Self (+ possessed free
    /// engagement).
    pub own_leapable: Bitboard,
    /// Squares that neither block nor can be landed on (the Self for its concert partner).
    pub transparent: Bitboard,
    /// The range-constraint zone of each of the mover's kinds (the whole board if unconstrained).
    pub zones: [Bitboard; MAX_KINDS],
    /// The opponent's blades (targets of cavazione and opposition).
    pub opp_blades: Bitboard,
    /// Generating the second move of a piece that landed on a stepping stone.
    pub stone_move: bool,
    /// Playing with sand (`movegen::unconstrained_actions`): the aspects "invoked in the moment"
    /// to call a move untenable — Presence (§2.0.11) as Control (§2.0.07) — are not enforced, so
    /// breaking them is an untenable move to call.
    pub sand: bool,
    /// The opposing Cloak holding the mover's blade: no piece of the mover may attack it
    /// (§2.0.06).
    pub untouchable: Bitboard,
    /// The mover's Cloaks holding an opposing blade (§2.0.06).
    pub holding: Bitboard,
    /// The Donkeys' squares (§2.0.23).
    pub donkeys: Bitboard,
    /// Own pieces nothing can land on (not a stepping stone, not a Cloak holding a blade, not
    /// the free engagement): `land` answers None for them without being asked. Made with the
    /// view; a square the view later empties or fills is judged by `land` as before.
    pub own_dead: Bitboard,
    /// Disarm condition B's squares (§2.0.14), worked out when first needed: see
    /// `special::disarm::disadvantaged_squares`. Forgotten when the view is changed for another
    /// board (`forget_worked_out`).
    disadvantaged: std::cell::Cell<Option<Bitboard>>,
}

impl View {
    #[inline]
    pub fn new(rules: &Rules, pos: &Position, side: Side) -> View {
        let own = pos.occupied_by(side);
        let opp = pos.occupied_by(!side);
        let free_sq = pos.free_square();
        let possessed = free_sq.is_some_and(|sq| sq.colour_owner() == side);
        let mut stones = engagements(rules, pos, side);
        let life = pos.pieces(side, rules.life(side));
        let mut zones = [Bitboard::FULL; MAX_KINDS];
        let opp_life = pos.life_measure(rules, !side);
        // A dying side's constraints are judged from where its Self was taken (R-DYING).
        let life_measure = pos.life_measure(rules, side);
        for g in rules.zone_groups(side) {
            let z = g.zone(life_measure, stones, opp_life);
            for k in crate::rules::kinds_in(g.kinds) {
                zones[k.index()] = z;
            }
        }
        // §2.0.07 Control: the opposing Balance and Self bar the Jutsu from their measure.
        if crate::special::control::has_control(rules, !side) {
            let barred = crate::special::control::controlled(rules, pos, !side);
            if barred.any() {
                for k in crate::rules::kinds_in(rules.jutsu_kinds(side)) {
                    zones[k.index()] &= !barred;
                }
            }
        }
        let opp_blades = pos.pieces_of(!side, rules.blade_kinds(!side));
        let holding = crate::special::blade_capture::holding(pos, side);
        // "Your blade/s may not leap over your Cloak while it captures" (§2.0.06).
        let mut own_leapable = own & !life & !holding;
        if possessed {
            let fsq = free_sq.unwrap();
            stones.set(fsq);
            own_leapable.set(fsq);
        }
        let mut own_dead = own & !stones & !holding;
        if let Some(f) = free_sq {
            own_dead.clear(f);
        }
        View {
            own_dead,
            side,
            own,
            opp,
            occupied: pos.occupied(),
            free_sq,
            possessed,
            stones,
            own_leapable,
            transparent: Bitboard::EMPTY,
            zones,
            opp_blades,
            stone_move: false,
            sand: false,
            untouchable: crate::special::blade_capture::untouchable(pos, side),
            holding,
            donkeys: crate::special::donkey::squares(pos),
            disadvantaged: std::cell::Cell::new(None),
        }
    }

    /// Drops what was worked out from the board the view was made for, before the view is used
    /// for a changed board.
    pub fn forget_worked_out(&mut self) {
        self.disadvantaged.set(None);
    }

    /// The squares where the opponent's pieces are disadvantaged (disarm condition B, §2.0.14).
    fn disadvantaged(&self, rules: &Rules, pos: &Position) -> Bitboard {
        if let Some(b) = self.disadvantaged.get() {
            return b;
        }
        let b = crate::special::disarm::disadvantaged_squares(rules, pos, self.side);
        self.disadvantaged.set(Some(b));
        b
    }

    /// What landing on `to` does, if the piece may land there, using the square as `mode`
    /// allows (moving onto it, attacking on it, or both).
    #[inline]
    pub fn land(
        &self,
        rules: &Rules,
        pos: &Position,
        kind: Kind,
        inert: bool,
        to: Square,
        mode: Mode,
    ) -> Option<Effect> {
        let can_move = mode != Mode::AttackOnly;
        let can_attack = mode != Mode::MoveOnly;
        if !self.occupied.contains(to) {
            return can_move.then_some(Effect::Quiet);
        }
        if self.transparent.contains(to) || self.untouchable.contains(to) {
            return None;
        }
        if self.free_sq == Some(to) {
            return if self.possessed {
                (can_move && !inert).then_some(Effect::FreeStepStone)
            } else {
                (can_attack && !inert).then_some(Effect::FendFree)
            };
        }
        if self.own.contains(to) {
            // Onto our own Cloak holding their blade: disarm it (§2.0.06).
            if self.holding.contains(to)
                && can_attack
                && let Some((bk, _)) = crate::special::blade_capture::pinned_at(pos, !self.side, to)
            {
                let ok = rules.relation(self.side, kind, bk) == Relation::Disarm
                    && crate::special::disarm::may_disarm(rules, pos, self.side, kind);
                return ok.then_some(Effect::DisarmCaptured(bk));
            }
            return (can_move && !inert && self.stones.contains(to)).then_some(Effect::StepStone);
        }
        if !can_attack {
            return None;
        }
        let (_, target) = pos.piece_at(to)?;
        match rules.relation(self.side, kind, target) {
            Relation::Fend => Some(
                if crate::special::shadow_stabbing::applies(rules, pos, self.side, kind, target, to)
                {
                    Effect::ShadowStab(target)
                } else {
                    Effect::Fend(target)
                },
            ),
            Relation::Take => Some(Effect::Take(target)),
            Relation::Checkmate => Some(Effect::Checkmate),
            Relation::Negate => Some(Effect::Negate(target)),
            Relation::Disarm => {
                let (side, disadvantaged) = (self.side, || self.disadvantaged(rules, pos));
                crate::special::disarm::disarms(rules, pos, side, kind, target, to, disadvantaged)
                    .then_some(Effect::Disarm(target))
            }
            // The push square is found by `piece_moves`, which knows the Guard's direction.
            Relation::Deflect if rules.info(self.side, kind).deflect => {
                Some(Effect::Deflect(target, to))
            }
            // Blade capture (§2.0.06): not from a capture, not twice in a turn (checked in
            // `piece_moves`, which knows where the Cloak starts).
            Relation::BladeCapture => Some(Effect::Capture(target)),
            Relation::Deflect | Relation::Never => None,
        }
    }

    /// The free engagement's square when the mover possesses it: a blade of its may leap it,
    /// whatever its own jump policy (§2.0.05 "Possession also allows a player to leap over the
    /// free engagement with a blade"; the Dagger's "cannot leap" of §2.0.08 gives way to the
    /// particular sentence, R-STONE-FREE).
    #[inline]
    pub(crate) fn possessed_free(&self) -> Bitboard {
        match self.free_sq {
            Some(sq) if self.possessed => Bitboard::from_square(sq),
            _ => Bitboard::EMPTY,
        }
    }

    /// Whether a slider may pass over `sq`; `blade`: the slider is a blade, which may leap the
    /// possessed free engagement (`possessed_free`).
    #[inline]
    pub(crate) fn passable_for(&self, sq: Square, jump: Jump, blade: bool) -> bool {
        if !self.occupied.contains(sq) || self.transparent.contains(sq) {
            return true;
        }
        if blade && self.possessed_free().contains(sq) {
            return true;
        }
        // No piece can leap over the Donkey (§2.0.23).
        if self.donkeys.contains(sq) {
            return false;
        }
        match jump {
            Jump::Nothing => false,
            Jump::Anything => true,
            Jump::OwnExceptSelf => self.own_leapable.contains(sq),
        }
    }
}
