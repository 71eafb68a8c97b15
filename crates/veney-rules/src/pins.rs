//! One side's blades pinned under opposing Cloaks (§2.0.06 Cloak, "blade capture"; ruling
//! R-BLADE-CAPTURE): a short list in square order with no gaps, and the squares it covers kept
//! beside it. The list is the position's data; `special::blade_capture` holds the rule that
//! fills and empties it.

use crate::bitboard::Bitboard;
use crate::piece_set::Kind;
use crate::square::Square;

/// A blade pinned under an opposing Cloak: its kind, its square (where the Cloak stands) and the
/// turn count at the capture.
pub type Pin = (Kind, Square, u16);

/// How many of one side's blades may lie captured at once: more than any shipped army has blades
/// (the Assassin's four Daggers stand at most two at a time on the board) or the opponent
/// Cloaks (the Ceremonial Guard's two). A fifth capture is refused (ruling R-BLADE-CAPTURE).
pub const MAX_PINS: usize = 4;

/// Why a pin could not be added.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PinRefused {
    /// Every place is taken (`MAX_PINS`).
    Full,
    /// A blade already lies pinned on that square.
    Taken,
}

/// One side's pins, in square order, the empty places last. `squares` is always the union of
/// the pins' squares: only `insert`, `remove` and `clear` change the list.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Pins {
    list: [Option<Pin>; MAX_PINS],
    squares: Bitboard,
}

impl Pins {
    /// The pins in square order.
    pub fn iter(&self) -> impl Iterator<Item = Pin> + '_ {
        self.list.iter().map_while(|p| *p)
    }

    /// The squares the pins lie on (the Cloaks holding them).
    pub fn squares(&self) -> Bitboard {
        self.squares
    }

    /// The pin on `at`, if there is one.
    pub fn get(&self, at: Square) -> Option<Pin> {
        if !self.squares.contains(at) {
            return None;
        }
        self.iter().find(|p| p.1 == at)
    }

    /// Whether no blade is pinned.
    pub fn is_empty(&self) -> bool {
        self.list[0].is_none()
    }

    /// Whether every place is taken.
    pub fn is_full(&self) -> bool {
        self.list[MAX_PINS - 1].is_some()
    }

    /// Adds `pin` in its square's place.
    pub(crate) fn insert(&mut self, pin: Pin) -> Result<(), PinRefused> {
        if self.is_full() {
            return Err(PinRefused::Full);
        }
        if self.squares.contains(pin.1) {
            return Err(PinRefused::Taken);
        }
        let at = pin.1.index();
        let i = self
            .list
            .iter()
            .position(|p| p.is_none_or(|p| p.1.index() > at))
            .expect("a place is free: the list is not full");
        self.list[i..].rotate_right(1);
        self.list[i] = Some(pin);
        self.squares.set(pin.1);
        Ok(())
    }

    /// Takes the pin on `at` out of the list, if there is one; the later ones move up.
    pub(crate) fn remove(&mut self, at: Square) -> Option<Pin> {
        if !self.squares.contains(at) {
            return None;
        }
        let i = self
            .list
            .iter()
            .position(|p| p.is_some_and(|p| p.1 == at))?;
        let pin = self.list[i].take();
        self.list[i..].rotate_left(1);
        self.squares.clear(at);
        pin
    }

    /// Empties the list.
    pub(crate) fn clear(&mut self) {
        *self = Pins::default();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(i: u8) -> Square {
        Square::from_index(i).unwrap()
    }

    fn pin(i: u8) -> Pin {
        (Kind(0), sq(i), 0)
    }

    #[test]
    fn pins_stay_in_square_order_with_their_squares() {
        let mut p = Pins::default();
        for i in [40, 3, 17] {
            p.insert(pin(i)).unwrap();
        }
        let order: Vec<u8> = p.iter().map(|p| p.1.index() as u8).collect();
        assert_eq!(order, [3, 17, 40]);
        assert_eq!(p.squares().count(), 3);
        assert_eq!(p.remove(sq(17)), Some(pin(17)));
        let order: Vec<u8> = p.iter().map(|p| p.1.index() as u8).collect();
        assert_eq!(order, [3, 40], "the later pin moved up: no gap");
        assert!(!p.squares().contains(sq(17)));
        assert_eq!(p.remove(sq(17)), None);
        assert_eq!(p.get(sq(40)), Some(pin(40)));
    }

    #[test]
    fn a_full_list_and_a_taken_square_are_refused() {
        let mut p = Pins::default();
        assert_eq!(p.insert(pin(5)), Ok(()));
        assert_eq!(p.insert((Kind(1), sq(5), 3)), Err(PinRefused::Taken));
        for i in [1, 2, 3] {
            p.insert(pin(i)).unwrap();
        }
        assert!(p.is_full());
        assert_eq!(p.insert(pin(9)), Err(PinRefused::Full));
        p.clear();
        assert!(p.is_empty() && p.squares().is_empty());
    }
}
