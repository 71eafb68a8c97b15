//! The state of a game between turns and mid-turn: board, reserves, discard, whose turn, the
//! phase of the turn state machine and the few things players must otherwise remember.
use crate::bitboard::Bitboard;
use crate::direction::Dir;
use crate::intersection::Intersection;
use crate::measure::Measure;
use crate::outcome::Outcome;
use crate::piece_set::{Kind, MAX_KINDS};
use crate::pins::Pins;
use crate::rules::Rules;
use crate::side::Side;
use crate::square::Square;

/// Where the free engagement is (§2.0.05).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FreePlace {
    /// Out of play on a grid intersection.
    Off(Intersection),
    /// In play on a square.
    On(Square),
}

/// Where the turn state machine stands (§2.0.15 Double-Moves).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The turn's first action.
    Start,
    /// After a first action that allows a second. `stone`: the square of a piece that landed on a
    /// stepping stone and may move again. `concert`: the Self's square when the Self moved and
    /// one armament may move in concert. Either may be absent, not both.
    Second {
        stone: Option<Square>,
        concert: Option<Square>,
    },
    /// A Dagger on `from` was thrown at the opposing Self on `target` (§2.0.08 Dagger Throw);
    /// the throw's roll comes next (`Action::Roll`).
    Throw { from: Square, target: Square },
    /// After a throw's distraction (§2.0.08): the Self and the Sword may each be repositioned
    /// once (`Action::Reposition`); `life` and `blade` say which already were.
    Distraction { life: bool, blade: bool },
    /// The turn's moves are made; the player may still invoke Glare (§2.0.10) or end the turn.
    Glare,
    /// A piece of this kind was cast into the measure (§2.0.18); its landing comes next.
    Cast { kind: Kind, measure: u8 },
    /// Shima's reclaimed Dagger may be placed next to the Self now (§2.0.18), the Self having
    /// entered the Shima square on the turn's first move: the placement is the turn's second
    /// move. `stone` and `concert` are the other second move still open after that Self move, as
    /// in `Second` (both `None`: none), which may be made instead.
    Reclaim {
        stone: Option<Square>,
        concert: Option<Square>,
    },
    /// The Donkey placed by `placer` moves before the side to move acts (§2.0.23).
    DonkeyMove { placer: Side },
    /// Hirakamae ended with a move from `began` to `first`; any own piece, that one included,
    /// may move once more (§2.0.18, §2.0.15) — or, instead, the second move that first move
    /// opens by its own method of double-move, as in `Second`: `stone` (it landed on a stepping
    /// stone) and `concert` (the Self moved), both `None` when it opens none (R-HIRAKAMAE).
    Hirakamae {
        first: Square,
        began: Square,
        stone: Option<Square>,
        concert: Option<Square>,
    },
}

/// A concert partner in hand (§2.0.02 Concert: "picking up both pieces in one hand, Self first
/// … then placing them, either one first"): the Self landed on its square or passed over it, so
/// it is off the board until the concert's second move places it, moving from `from` (ruling
/// R-CONCERT).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Lifted {
    pub kind: Kind,
    /// The square it was lifted from: its move is made from there.
    pub from: Square,
    /// Its facing, if it is an oriented piece.
    pub facing: u8,
}

/// An engagement that just moved more than one step past an opposing pawn (§2.0.04).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EnPassant {
    /// The first square it passed: the fending pawn moves here.
    pub target: Square,
    /// Where the engagement now stands: it is fended.
    pub victim: Square,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// Square → 0 if empty, else 1 + side * 16 + kind (the free engagement is kept apart).
    pub(crate) mailbox: [u8; 64],
    pub(crate) by_kind: [[Bitboard; MAX_KINDS]; 2],
    pub(crate) by_side: [Bitboard; 2],
    pub(crate) free: FreePlace,
    pub(crate) reserve: [[u8; MAX_KINDS]; 2],
    pub(crate) discard: [[u8; MAX_KINDS]; 2],
    pub(crate) turn: Side,
    pub(crate) phase: Phase,
    /// En passant open to the side to move in this turn.
    pub(crate) en_passant: Option<EnPassant>,
    /// En passant made possible by the side to move, open to the opponent next turn.
    pub(crate) en_passant_next: Option<EnPassant>,
    /// The direction of each side's last no-repeat slide (the Lantern, §2.0.10).
    pub(crate) last_dir: [Option<Dir>; 2],
    /// Consecutive passes so far (§2.0.17).
    pub(crate) passes: u8,
    /// Turns completed since the start.
    pub(crate) turns: u16,
    pub(crate) outcome: Option<Outcome>,
    /// Retreats each side has played (§2.0.02 Retreat).
    pub(crate) retreats: [u8; 2],
    /// A side whose Jutsu was fended by Glare may not place it during its next turn (§2.0.10).
    pub(crate) glare_block: [bool; 2],
    /// Time penalties each side has received for called untenable moves (§2.0.22).
    pub(crate) penalties: [u8; 2],
    /// The side to move has made its meta-move this turn (§2.0.05).
    pub(crate) meta_moved: bool,
    /// The square the free engagement last moved from, and how many times in a row it was moved
    /// back to the square it had just come from (§2.0.05 repetition return).
    pub(crate) free_from: Option<Square>,
    pub(crate) free_bounces: u8,
    /// After a checkmate by touch: the mated side, who may still make one dying move
    /// (§2.0.20 Dying Moves), and the square where its Self was taken (constraints are judged
    /// from it; "the taken Self is dead on the spot").
    pub(crate) dying: Option<(Side, Square)>,
    /// The dying move was Jutsu-takes-Jutsu: the Death Spell (§2.0.18).
    pub(crate) death_spell: bool,
    /// Each side's declared intention (§2.0.11), by side: the opponent's own declaration on
    /// the intervening turn leaves it standing ("…unless your opponent moves the target piece or
    /// removes your Jutsu from the board"; a review found one side's declaration erasing the
    /// other's).
    pub(crate) intention: [Option<Intent>; 2],
    /// Turns in a row with nothing taken, fended, struck or thrown (§2.0.20 non-fencing), and
    /// whether the turn in progress has had such a contact.
    pub(crate) quiet: u16,
    pub(crate) contact: bool,
    /// Each side's blades pinned under opposing Cloaks (§2.0.06, `special::blade_capture`). The
    /// Cloak stands on the square; the blade is kept here.
    pub(crate) pinned: [Pins; 2],
    /// A Cloak left a blade capture this turn (no recapture in the same turn, §2.0.06).
    pub(crate) released: bool,
    /// Each side's cast-squares by device: Fire Dance, Obscurant Chaos, Shima (§2.0.18). Every
    /// cast leaves one ("the players notate or commit to memory a cast-square"), so an army
    /// with two Cloaks may have two Obscurant Chaos squares.
    pub(crate) casts: [[Bitboard; 3]; 2],
    /// Each side's Obscurant Chaos squares already used ("After one use, the cast-square is
    /// spent and cannot be used again", §2.0.18): a subset of its Obscurant Chaos squares.
    pub(crate) chaos_spent: [Bitboard; 2],
    /// Shima is in force (§2.0.18).
    pub(crate) shima: bool,
    /// An Obscurant Chaos repositioning in progress (§2.0.18).
    pub(crate) reposition: Option<crate::device::Reposition>,
    /// Hirakamae per side: 0 unused, 1 in force, 2 used (§2.0.18).
    pub(crate) hirakamae: [u8; 2],
    /// A throw or cast ended hirakamae and is resolving: when it has (a roll that misses, a
    /// landing; a distraction's repositioning closes the turn), the double-move's second move
    /// follows, as `Hirakamae`'s
    /// `first` and `began` (R-HIRAKAMAE: "two moves by one piece, or one move each by any two
    /// different pieces", §2.0.15; "the throw constitutes a move", §2.0.08).
    pub(crate) hira_second: Option<(Square, Square)>,
    /// Each player's Donkey on the board, by its placer (§2.0.23).
    pub(crate) donkey: [Option<Square>; 2],
    /// Each player's Donkey is in reserve.
    pub(crate) donkey_home: [bool; 2],
    /// Returns of the free engagement to the centre by repetition (`a=`) in a row with no other
    /// piece moving between (§2.0.20 quibbling).
    pub(crate) quibbles: u8,
    /// The facing of an oriented piece on each square, two bit planes (0 forward, 1 right,
    /// 2 back, 3 left from its owner's side; docs/SETS.md "Oriented pieces"). Cleared when a piece
    /// leaves a square, so every other piece reads 0.
    pub(crate) facing: [Bitboard; 2],
    /// The concert partner in hand, mid-turn (R-CONCERT).
    pub(crate) lifted: Option<Lifted>,
    /// Each player's hand in the Hug settling the draw standing now (§2.0.23, `hug.rs`).
    pub(crate) hug: [crate::hug_hand::Hand; 2],
}

/// A declared intention (§2.0.11): `side`'s blade of `kind` on `from` will strike the opposing
/// piece of kind `target` on `to` (`None`: the free engagement, the opponent's possession, when
/// not a bluff; a bluff at a square without an opposing piece when one — `Intent::stands`).
/// `fresh` while the declaring turn is not over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Intent {
    pub side: Side,
    pub kind: Kind,
    pub from: Square,
    pub to: Square,
    pub target: Option<Kind>,
    pub fresh: bool,
    /// The own engagement the blade steps onto before striking, when the declared movement is a
    /// stepping-stone double move (§2.0.11; ruling R-INTENTION).
    pub via: Option<Square>,
    /// Declared without the Jutsu's alignment or the blade's sight of the target: "you may bluff
    /// an intention of any describable move, even if it is untenable" (§2.0.11). It draws a
    /// reaction but is never enacted.
    pub bluff: bool,
}

impl Intent {
    /// Whether its target still stands on its square in `pos`: the same opposing piece, or the
    /// free engagement (an intention's target with no kind, `target: None` and no bluff). A
    /// bluff at an empty square has nothing standing.
    pub fn stands(&self, pos: &Position) -> bool {
        match self.target {
            Some(t) => pos.piece_at(self.to) == Some((!self.side, t)),
            None => !self.bluff && pos.free_square() == Some(self.to),
        }
    }
}

impl Position {
    /// An empty board with White to move, for building positions.
    pub fn empty() -> Position {
        Position {
            mailbox: [0; 64],
            by_kind: [[Bitboard::EMPTY; MAX_KINDS]; 2],
            by_side: [Bitboard::EMPTY; 2],
            free: FreePlace::Off(Intersection::CENTRE),
            reserve: [[0; MAX_KINDS]; 2],
            discard: [[0; MAX_KINDS]; 2],
            turn: Side::White,
            phase: Phase::Start,
            en_passant: None,
            en_passant_next: None,
            last_dir: [None; 2],
            passes: 0,
            turns: 0,
            outcome: None,
            retreats: [0; 2],
            glare_block: [false; 2],
            penalties: [0; 2],
            meta_moved: false,
            free_from: None,
            free_bounces: 0,
            dying: None,
            death_spell: false,
            intention: [None; 2],
            quiet: 0,
            contact: false,
            pinned: [Pins::default(); 2],
            released: false,
            casts: [[Bitboard::EMPTY; 3]; 2],
            chaos_spent: [Bitboard::EMPTY; 2],
            shima: false,
            reposition: None,
            hirakamae: [0; 2],
            hira_second: None,
            donkey: [None; 2],
            donkey_home: [false; 2],
            quibbles: 0,
            facing: [Bitboard::EMPTY; 2],
            lifted: None,
            hug: [crate::hug_hand::Hand::Empty; 2],
        }
    }

    /// The starting position of `rules` (its setup; the rest of each side's pieces in reserve).
    pub fn start(rules: &Rules) -> Position {
        let mut p = Position::empty();
        for side in Side::ALL {
            for &(sq, k) in &rules.setup.placements[side.index()] {
                p.put(side, k, sq);
            }
            for k in rules.set(side).kinds() {
                let on = p.by_kind[side.index()][k.index()].count() as u8;
                p.reserve[side.index()][k.index()] =
                    rules.counts[side.index()][k.index()].saturating_sub(on);
            }
        }
        p.turn = rules.options.first_player;
        p.donkey_home = [rules.has_donkey(Side::White), rules.has_donkey(Side::Black)];
        p
    }

    /// A position with the given pieces on the board — `(side, piece name, square)` — the rest of
    /// each side's pieces in reserve and `turn` to move. For tests, tools and setup editors.
    pub fn from_pieces(
        rules: &Rules,
        pieces: &[(Side, &str, &str)],
        turn: Side,
    ) -> Result<Position, String> {
        let mut p = Position::empty();
        p.turn = turn;
        for &(side, name, sq) in pieces {
            let k = rules
                .set(side)
                .by_name(name)
                .ok_or_else(|| format!("no piece named {name:?} in {side}'s set"))?;
            let sq = Square::parse(sq).ok_or_else(|| format!("{sq:?} is not a square"))?;
            if p.occupied().contains(sq) {
                return Err(format!("{sq} is given twice"));
            }
            p.put(side, k, sq);
        }
        for side in Side::ALL {
            for k in rules.set(side).kinds() {
                let on = p.pieces(side, k).count() as u8;
                let count = rules.counts[side.index()][k.index()];
                if on > count {
                    return Err(format!(
                        "{side} has {on} {} but the game has {count}",
                        rules.set(side).piece(k).name()
                    ));
                }
                p.reserve[side.index()][k.index()] = count - on;
            }
        }
        Ok(p)
    }

    /// Puts the free engagement in play on `sq` (for building positions).
    pub fn with_free_on(mut self, sq: Square) -> Position {
        self.free = FreePlace::On(sq);
        self
    }

    /// Empties both reserves into the discard (for building positions).
    pub fn without_reserves(mut self) -> Position {
        for side in 0..2 {
            for k in 0..MAX_KINDS {
                self.discard[side][k] += self.reserve[side][k];
                self.reserve[side][k] = 0;
            }
        }
        self
    }

    #[inline]
    pub fn turn(&self) -> Side {
        self.turn
    }
    #[inline]
    pub fn phase(&self) -> Phase {
        self.phase
    }
    /// The Self's new square while a concert's second move is open: in `Second`, or beside
    /// hirakamae's own second move (`Hirakamae`, R-HIRAKAMAE), where strikes and throws come
    /// only by the concert. Its partners' strikes and throws pass it (R-CONCERT).
    pub fn concert_square(&self) -> Option<Square> {
        match self.phase {
            Phase::Second { concert, .. } | Phase::Hirakamae { concert, .. } => concert,
            _ => None,
        }
    }
    /// The concert partner in hand, which the turn's second move must place (R-CONCERT).
    #[inline]
    pub fn lifted(&self) -> Option<Lifted> {
        self.lifted
    }
    #[inline]
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }
    #[inline]
    pub fn free(&self) -> FreePlace {
        self.free
    }
    #[inline]
    pub fn en_passant(&self) -> Option<EnPassant> {
        self.en_passant
    }
    #[inline]
    pub fn passes(&self) -> u8 {
        self.passes
    }
    #[inline]
    pub fn turns(&self) -> u16 {
        self.turns
    }
    #[inline]
    pub fn last_dir(&self, side: Side) -> Option<Dir> {
        self.last_dir[side.index()]
    }
    /// Whether the turn in progress has made no move yet: its start (not a normal turn made
    /// instead of an Obscurant Chaos repositioning, nor after a meta-move), or the Donkey's move
    /// between turns. What a turn has done (`released`, `contact`) is cleared when it ends, so
    /// none is set here (the position text's check and the invariants ask this).
    pub(crate) fn before_first_move(&self) -> bool {
        matches!(self.phase, Phase::DonkeyMove { .. })
            || (self.phase == Phase::Start && self.reposition.is_none() && !self.meta_moved)
    }
    /// Whether the side to move has made its meta-move this turn (§2.0.05).
    #[inline]
    pub fn meta_moved(&self) -> bool {
        self.meta_moved
    }
    /// How many times in a row the free engagement went back where it came from (§2.0.05).
    #[inline]
    pub fn free_bounces(&self) -> u8 {
        self.free_bounces
    }

    /// Whether this is one player's view with the other's Hug hand sealed (`hug=?:-`,
    /// §2.0.23): an observation, not a position to play from (the hand could never be revealed).
    pub fn is_view(&self) -> bool {
        self.hug.contains(&crate::hug_hand::Hand::Sealed)
    }

    /// How many times in a row the free engagement was returned to the centre by repetition
    /// with no other piece moving since (§2.0.20 quibbling, R-QUIBBLE).
    pub fn quibbles(&self) -> u8 {
        self.quibbles
    }

    /// Retreats `side` has played (§2.0.02).
    #[inline]
    pub fn retreats(&self, side: Side) -> u8 {
        self.retreats[side.index()]
    }
    /// Whether `side` may not place its Jutsu this turn, its Jutsu having been fended by Glare
    /// on the opponent's last turn (§2.0.10).
    #[inline]
    pub fn glare_blocked(&self, side: Side) -> bool {
        self.glare_block[side.index()]
    }
    #[inline]
    pub fn pieces(&self, side: Side, k: Kind) -> Bitboard {
        self.by_kind[side.index()][k.index()]
    }

    /// The free engagement's square when `owner` possesses it (§2.0.05: "whoever's colour its
    /// square is"), else empty.
    pub fn possessed_free(&self, owner: Side) -> Bitboard {
        self.free_square()
            .filter(|sq| sq.colour_owner() == owner)
            .map_or(Bitboard::EMPTY, Bitboard::from_square)
    }

    /// `side`'s pieces of the kinds in `kinds` (a bit mask by kind index, as
    /// `Rules::engagement_kinds` gives).
    #[inline]
    pub fn pieces_of(&self, side: Side, kinds: u16) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        let mut rest = kinds;
        while rest != 0 {
            out |= self.by_kind[side.index()][rest.trailing_zeros() as usize];
            rest &= rest - 1;
        }
        out
    }
    #[inline]
    pub fn occupied_by(&self, side: Side) -> Bitboard {
        self.by_side[side.index()]
    }
    /// Every occupied square, the free engagement and the Donkeys included.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        let mut b = self.by_side[0] | self.by_side[1];
        if let FreePlace::On(sq) = self.free {
            b.set(sq);
        }
        for d in self.donkey.iter().flatten() {
            b.set(*d);
        }
        b
    }

    /// `side`'s Donkey on the board (§2.0.23).
    pub fn donkey(&self, side: Side) -> Option<Square> {
        self.donkey[side.index()]
    }
    /// Whether `side`'s Donkey is in reserve.
    pub fn donkey_in_reserve(&self, side: Side) -> bool {
        self.donkey_home[side.index()]
    }
    #[inline]
    pub fn reserve(&self, side: Side, k: Kind) -> u8 {
        self.reserve[side.index()][k.index()]
    }
    #[inline]
    pub fn discard(&self, side: Side, k: Kind) -> u8 {
        self.discard[side.index()][k.index()]
    }

    /// The piece on a square, if any (not the free engagement).
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<(Side, Kind)> {
        match self.mailbox[sq.index()] {
            0 => None,
            v => {
                let v = v - 1;
                Some((
                    if v >= 16 { Side::Black } else { Side::White },
                    Kind(v % 16),
                ))
            }
        }
    }

    /// The free engagement's square, when in play.
    #[inline]
    pub fn free_square(&self) -> Option<Square> {
        match self.free {
            FreePlace::On(sq) => Some(sq),
            FreePlace::Off(_) => None,
        }
    }

    /// The square of `side`'s Self, if it is on the board.
    #[inline]
    /// In a distraction phase: how its repositioning goes — `None` after a Dagger Throw's
    /// distraction (§2.0.08); after the Obscurant Chaos cast (`takes: false`) or its invocation
    /// (`takes: true`, when a normal turn may be made instead), behind `behind` (§2.0.18).
    pub fn reposition(&self) -> Option<crate::device::Reposition> {
        self.reposition
    }

    pub fn life_square(&self, rules: &Rules, side: Side) -> Option<Square> {
        self.pieces(side, rules.life(side))
            .first()
            .or(match self.dying {
                // The dead Self still anchors its side's constraints for the dying move.
                Some((s, sq)) if s == side => Some(sq),
                _ => None,
            })
    }

    /// How many of `side`'s pieces of kind `k` are in play: on the board, pinned under a Cloak
    /// (§2.0.06) or in the air after a cast (§2.0.18). With the reserve and the discard they make
    /// the set's count.
    pub fn in_play(&self, side: Side, k: Kind) -> u8 {
        let pins = self.pinned[side.index()].iter();
        let pinned = pins.filter(|p| p.0 == k).count() as u8;
        let in_air =
            matches!(self.phase, Phase::Cast { kind, .. } if kind == k && self.turn == side);
        let in_hand = self.turn == side && self.lifted.is_some_and(|l| l.kind == k);
        self.pieces(side, k).count() as u8 + pinned + in_air as u8 + in_hand as u8
    }

    /// Every cast-square of `side` (§2.0.18).
    pub fn cast_squares(&self, side: Side) -> Bitboard {
        let [f, c, s] = self.casts[side.index()];
        f | c | s
    }

    /// `side`'s cast-squares of a device (§2.0.18).
    pub fn cast_squares_of(&self, side: Side, device: crate::device::Device) -> Bitboard {
        self.casts[side.index()][device.index()]
    }
    /// Hirakamae of `side`: 0 unused, 1 in force, 2 used (§2.0.18).
    pub fn hirakamae(&self, side: Side) -> u8 {
        self.hirakamae[side.index()]
    }
    /// Whether Shima is in force (§2.0.18).
    pub fn shima(&self) -> bool {
        self.shima
    }
    /// `side`'s Obscurant Chaos squares already used (§2.0.18).
    pub fn chaos_spent(&self, side: Side) -> Bitboard {
        self.chaos_spent[side.index()]
    }

    /// `side`'s Obscurant Chaos squares not yet used: the traps still set (§2.0.18).
    pub fn chaos_traps(&self, side: Side) -> Bitboard {
        self.casts[side.index()][crate::device::Device::ObscurantChaos.index()]
            & !self.chaos_spent[side.index()]
    }

    /// Turns in a row without contact (§2.0.20 non-fencing counter).
    pub fn quiet_turns(&self) -> u16 {
        self.quiet
    }

    /// `side`'s declared intention, if any (§2.0.11).
    pub fn intention_of(&self, side: Side) -> Option<Intent> {
        self.intention[side.index()]
    }

    /// The declared intentions standing (§2.0.11): White's, then Black's.
    pub fn intentions(&self) -> impl Iterator<Item = Intent> + '_ {
        self.intention.iter().flatten().copied()
    }

    /// The mated side that may still make its dying move (§2.0.20), if any.
    pub fn dying(&self) -> Option<Side> {
        self.dying.map(|d| d.0)
    }

    /// Whether the dying move was the Death Spell (§2.0.18).
    pub fn death_spell(&self) -> bool {
        self.death_spell
    }

    /// The mated player acknowledges defeat: no dying move (§2.0.20).
    pub fn acknowledge(&mut self) {
        self.dying = None;
    }

    /// The measure of `side`'s Self.
    pub fn life_measure(&self, rules: &Rules, side: Side) -> Option<Measure> {
        self.life_square(rules, side).map(Measure::of)
    }

    #[inline]
    pub(crate) fn put(&mut self, side: Side, k: Kind, sq: Square) {
        debug_assert_eq!(self.mailbox[sq.index()], 0, "put on occupied {sq}");
        self.mailbox[sq.index()] = 1 + side.index() as u8 * 16 + k.0;
        self.by_kind[side.index()][k.index()].set(sq);
        self.by_side[side.index()].set(sq);
    }

    #[inline]
    pub(crate) fn remove(&mut self, side: Side, k: Kind, sq: Square) {
        self.mailbox[sq.index()] = 0;
        self.by_kind[side.index()][k.index()].clear(sq);
        self.by_side[side.index()].clear(sq);
        self.facing[0].clear(sq);
        self.facing[1].clear(sq);
    }

    /// The facing of the piece on `sq` (0 forward, 1 right, 2 back, 3 left from its owner's
    /// side); 0 for pieces that face nowhere.
    #[inline]
    pub fn facing(&self, sq: Square) -> u8 {
        self.facing[0].contains(sq) as u8 | (self.facing[1].contains(sq) as u8) << 1
    }

    /// Moves a piece pushed or swapped by another piece's action; an oriented piece keeps its
    /// facing (ruling R-ORIENTED).
    pub(crate) fn relocate(&mut self, side: Side, k: Kind, from: Square, to: Square) {
        let f = self.facing(from);
        self.remove(side, k, from);
        self.put(side, k, to);
        self.set_facing(to, f);
    }

    /// Turns the piece on `sq` to face `f`, for building test positions (play turns pieces
    /// only by their own moves).
    #[doc(hidden)]
    pub fn set_facing_for_tests(&mut self, sq: Square, f: u8) {
        self.set_facing(sq, f);
    }

    /// Turns the piece on `sq` to face `f`.
    pub(crate) fn set_facing(&mut self, sq: Square, f: u8) {
        for (i, plane) in self.facing.iter_mut().enumerate() {
            if f >> i & 1 == 1 {
                plane.set(sq);
            } else {
                plane.clear(sq);
            }
        }
    }

    /// Ends the game (resignation, draw by agreement: endings no move makes, §2.0.21).
    pub fn set_outcome(&mut self, o: Outcome) {
        if self.outcome.is_none() {
            self.outcome = Some(o);
        }
    }

    /// Whether nothing has been done yet this turn (not even a meta-move).
    pub fn at_turn_start(&self) -> bool {
        self.phase == Phase::Start && !self.meta_moved
    }

    /// Whether the game has ended: an ending, and no dying move pending (§2.0.20).
    pub fn is_game_over(&self) -> bool {
        self.outcome.is_some() && self.dying.is_none()
    }

    /// Full turn number for notation: turn pairs numbered from 1 (§2.0.R5).
    pub fn turn_number(&self) -> u16 {
        self.turns / 2 + 1
    }
}
