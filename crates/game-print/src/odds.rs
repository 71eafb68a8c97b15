//! The Dagger Throw's odds (§2.0.08) and the Donkey's movement (§2.0.23), counted over every
//! way the sticks can land, read by the rules crate's own `Roll::verdict` and
//! `donkey::direction` (so the table and the game cannot disagree).
use veney_rules::Side;
use veney_rules::dice::{DiceMethod, Roll, Verdict};
use veney_rules::special::donkey;

/// How `sticks` sticks land: of `total` equally likely faces, how many hit (all the thrower's
/// colour), give the distraction effect (exactly one off-colour), or miss.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ThrowOdds {
    pub sticks: u8,
    pub total: u32,
    pub hit: u32,
    pub distraction: u32,
    pub miss: u32,
}

pub fn throw_odds(sticks: u8) -> ThrowOdds {
    let total = 1u32 << sticks;
    let mut o = ThrowOdds {
        sticks,
        total,
        hit: 0,
        distraction: 0,
        miss: 0,
    };
    for own in 0..total {
        let roll = Roll::Sticks {
            thrown: sticks,
            own: own as u8,
        };
        match roll.verdict() {
            Verdict::Hit => o.hit += 1,
            Verdict::Distraction => o.distraction += 1,
            Verdict::Miss => o.miss += 1,
        }
    }
    o
}

/// Sticks thrown with the Selves `apart` measures apart (0 = the same measure): ruling
/// R-THROW-STICKS, 2 + the distance in measures (5 at the start, 1/32; 2 close, 1/4).
pub fn sticks_at(apart: u8) -> u8 {
    2 + apart
}

/// The alternate methods of §2.0.R1 with their chance to hit, for the table.
pub fn alternate_odds() -> Vec<(String, u32, u32)> {
    let mut v = Vec::new();
    for n in [6u8, 8, 10, 12, 20] {
        let (a, b) = DiceMethod::FlatOdds(n).hit_odds(0);
        v.push((
            format!("Flat odds: the target rolls a d{n}, a 1 hits"),
            a,
            b,
        ));
    }
    for s in 2..=5u8 {
        let (a, b) = DiceMethod::GuessMeasureStep.hit_odds(s);
        let what = match s {
            2 => "which measure",
            3 => "measure and odd/even step",
            4 => "the exact step",
            _ => "the step and the X or Y half",
        };
        v.push((format!("Guess by measure & step: {what}"), a, b));
    }
    let (a, b) = DiceMethod::GuessSide.hit_odds(5);
    v.push((
        "Guess, high-risk variant: which side, at any distance".to_string(),
        a,
        b,
    ));
    let (a, b) = DiceMethod::PenAndPaper(6).hit_odds(0);
    v.push(("Pen & paper: guess the number 1–6".to_string(), a, b));
    v
}

/// One row of the Donkey's table: black sticks of five, in how many of the 32 landings, and
/// where it goes from its placer's point of view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DonkeyRow {
    pub black: u32,
    pub ways: u32,
    pub direction: String,
}

pub fn donkey_table() -> Vec<DonkeyRow> {
    let side = Side::White;
    let f = side.forward();
    let mut rows: Vec<DonkeyRow> = (0..=5)
        .map(|black| DonkeyRow {
            black,
            ways: 0,
            direction: match donkey::direction(side, black) {
                None => "stays put".to_string(),
                Some((dl, ds)) => {
                    let along = if ds == f { "forward" } else { "backward" };
                    // Seen by the placer facing up the board, -f lines is its left.
                    let across = if dl == -f {
                        "-left"
                    } else if dl == f {
                        "-right"
                    } else {
                        ""
                    };
                    format!("{along}{across}")
                }
            },
        })
        .collect();
    for landing in 0u32..32 {
        rows[landing.count_ones() as usize].ways += 1;
    }
    rows
}

/// `a/b` as a percentage, to three decimals without trailing zeros (3.125 %, 25 %).
pub fn percent(a: u32, b: u32) -> String {
    let s = format!("{:.3}", 100.0 * a as f64 / b as f64);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    format!("{s} %")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Ruling R-PRINT-ODDS: the throw table is counted over all 2^n landings: 1/32 far, 1/4 close, one distraction landing per stick.
    #[test]
    fn the_rulebooks_own_figures() {
        // §2.0.08 "At full starting distance, this is a one-in-32 chance of success. At close
        // range, it's a one-in-four chance of success."
        let far = throw_odds(sticks_at(3));
        assert_eq!((far.hit, far.total), (1, 32));
        let close = throw_odds(sticks_at(0));
        assert_eq!((close.hit, close.total), (1, 4));
        // "If the attacker throws only one off-color": one landing per stick.
        assert_eq!(far.distraction, 5);
        assert_eq!(far.hit + far.distraction + far.miss, far.total);
    }

    /// Ruling R-PRINT-DONKEY: the Donkey table counts the 32 landings of five sticks by black sticks, named in §2.0.23's order.
    #[test]
    fn donkey_rows_follow_the_list() {
        // §2.0.23: "forward-left(1), forward(2), forward-right(3), backward-left(4), or
        // backward-right(5) … If no black sticks are thrown, the Donkey stays put".
        let t = donkey_table();
        let names: Vec<&str> = t.iter().map(|r| r.direction.as_str()).collect();
        assert_eq!(
            names,
            [
                "stays put",
                "forward-left",
                "forward",
                "forward-right",
                "backward-left",
                "backward-right"
            ]
        );
        assert_eq!(t.iter().map(|r| r.ways).sum::<u32>(), 32);
        assert_eq!(t[2].ways, 10);
    }
}
