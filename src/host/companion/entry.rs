//! Entering a move in the game's notation, with completion: as the player types, the legal
//! actions whose notation matches are listed (the rules crate writes them: Veney's `San`, the
//! grid games' `Game::action_text`); Enter plays the one picked in the list (↑ ↓), else the one
//! typed exactly, or the only one left — otherwise the text goes to the rules as typed, which play it or
//! say why not. Nothing here decides legality.

/// The most candidates the list shows.
pub const SHOWN: usize = 8;

/// The legal actions' notations that match `typed`: those beginning with it first (exact case
/// before any case), then those containing it (any case). Empty text matches nothing.
pub fn complete<'a>(typed: &str, moves: &'a [String]) -> Vec<&'a str> {
    let t = typed.trim();
    if t.is_empty() {
        return Vec::new();
    }
    let lower = t.to_lowercase();
    let mut out: Vec<&str> = Vec::new();
    let mut push = |m: &'a String| {
        if !out.contains(&m.as_str()) {
            out.push(m.as_str());
        }
    };
    for m in moves.iter().filter(|m| m.starts_with(t)) {
        push(m);
    }
    for m in moves
        .iter()
        .filter(|m| m.to_lowercase().starts_with(&lower))
    {
        push(m);
    }
    for m in moves.iter().filter(|m| m.to_lowercase().contains(&lower)) {
        push(m);
    }
    out
}

/// What Enter sends: the one picked in the list (↑ ↓), else the candidate typed exactly, else the only
/// candidate — not one of `warned`, which a click asks about first (a Fort's capture, which
/// costs the capturer: a review found one played by completing `f6`) — else the text as typed
/// (the rules read it: an untenable move played with sand, or a refusal that names the rule).
pub fn chosen(typed: &str, moves: &[String], picked: Option<usize>, warned: &[String]) -> String {
    let t = typed.trim();
    // A pick made with the arrows is the one highlighted, so it is the one played, even where
    // the typed text is itself a legal action another candidate begins with (a review found
    // `Ce3xe5` played with `Ce3xe5=T` highlighted). Typing again clears the pick.
    let c = complete(t, moves);
    if let Some(p) = picked.and_then(|i| c.get(i)) {
        return p.to_string();
    }
    if moves.iter().any(|m| m == t) {
        return t.to_string();
    }
    // The same text in another case, when it is one action's (README: "The same text in
    // another case still completes"; a review found `ce3xe5` sent as typed beside
    // `Ce3xe5=T`, and refused for its letter's case).
    let same: Vec<&String> = moves.iter().filter(|m| m.eq_ignore_ascii_case(t)).collect();
    if let [only] = same.as_slice()
        && !warned.iter().any(|w| w == *only)
    {
        return only.to_string();
    }
    // A throw typed as it landed (`@xooo`, `K@oxoxx`) is whole as typed: each stick a fact of
    // the table, never one more completed (a review found four sticks sent as five, the
    // rules' count of sticks never asked).
    let landed = t.starts_with('@') || t.to_ascii_uppercase().starts_with("K@");
    if let [only] = c.as_slice()
        && !landed
        && !rewrites_a_whole_move(t, only)
        && !warned.iter().any(|w| w == only)
    {
        return only.to_string();
    }
    t.to_string()
}

/// Whether completing `typed` to `candidate` would change a move written whole: text that ends
/// with a square (`$X1`, `DtX12`) is a complete notation — the move the table made, perhaps
/// untenable — so it goes to the rules as typed, which play it or say why not, rather than as a
/// longer legal one: another square (`$X10`; a review found `$X1` sent so), a special move
/// (`DtX12~`, a Dagger Throw), a declaration (`!$tX10`) or an enactment (`$tX10!`) — a review
/// found a typed move played as a throw), one more Blank of a Kelasu merge (`R=C3/C4+C5` to
/// `…+D5`) or a Tirachen capture made a sacrifice for the Traitor (`Ce3xe5` to `Ce3xe5=T`; a
/// review found the merge sent so). The same text in another case still completes, and so does
/// a square that begins a grid game's move (`b1` to `B1-C1`).
fn rewrites_a_whole_move(typed: &str, candidate: &str) -> bool {
    let (t, c) = (typed.to_lowercase(), candidate.to_lowercase());
    // A grid game's move written whole (`B1-C1`, `R=C3/C4+C5`, `Ce3xe5`): more Blanks or a
    // sacrifice after it make another move; a bare square (`c5`) still completes.
    let grid_whole = t.contains(['-', '='])
        || t.as_bytes()
            .windows(2)
            .any(|w| w[0].is_ascii_digit() && w[1] == b'x');
    // A piece's letter before the square (`eW5`): a move written whole, which another square
    // after it (`eW5X6`, the origin written to tell two pieces apart) would make another move
    // (a review found `eW5` sent as the move of the engagement from W5 to X6).
    let lettered = t
        .trim_end_matches(|ch: char| ch.is_ascii_digit())
        .len()
        .checked_sub(1)
        .is_some_and(|n| n > 0);
    t.ends_with(|ch: char| ch.is_ascii_digit())
        && c.match_indices(&t).all(|(at, m)| {
            let rest = &c[at + m.len()..];
            let mut after = rest.chars();
            let next = after.next();
            let square_next = lettered
                && next.is_some_and(|ch| ch.is_ascii_alphabetic())
                && after.next().is_some_and(|ch| ch.is_ascii_digit());
            square_next
                || next.is_some_and(|ch| {
                    ch.is_ascii_digit() || "~!".contains(ch) || (grid_whole && "+=".contains(ch))
                })
                || c[..at].ends_with('!')
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn the_same_text_in_another_case_is_the_action() {
        let list = moves(&["Ce3xe5", "Ce3xe5=T", "Pc2-c3"]);
        assert_eq!(chosen("ce3xe5", &list, None, &[]), "Ce3xe5");
        assert_eq!(chosen("CE3XE5=t", &list, None, &[]), "Ce3xe5=T");
        // One warned of is asked about first: sent as typed.
        assert_eq!(chosen("ce3xe5", &list, None, &moves(&["Ce3xe5"])), "ce3xe5");
    }

    #[test]
    fn prefixes_come_first_then_any_case_then_inside() {
        let m = moves(&["SY5", "$X7", "$X6", "eW6", "SX5"]);
        assert_eq!(complete("$", &m), vec!["$X7", "$X6"]);
        assert_eq!(complete("sy", &m), vec!["SY5"]);
        assert_eq!(complete("X", &m), vec!["$X7", "$X6", "SX5"]);
        assert!(complete("  ", &m).is_empty());
    }

    #[test]
    fn enter_plays_the_exact_picked_or_only_candidate() {
        let m = moves(&["SY5", "$X7", "$X6"]);
        assert_eq!(chosen("$X6", &m, Some(0), &[]), "$X6", "typed exactly");
        assert_eq!(chosen("$X", &m, Some(1), &[]), "$X6", "picked in the list");
        assert_eq!(chosen("sy", &m, None, &[]), "SY5", "the only candidate");
        assert_eq!(chosen("$X", &m, None, &[]), "$X", "several: as typed");
        assert_eq!(chosen("$X11", &m, None, &[]), "$X11", "none: as typed");
        // A pick beats an exact match another candidate begins with: the highlighted one plays
        // (a review found `Ce3xe5` played with `Ce3xe5=T` picked), in either case typed.
        let tirachen = moves(&["Ce3xe5", "Ce3xe5=T"]);
        assert_eq!(chosen("Ce3xe5", &tirachen, Some(1), &[]), "Ce3xe5=T");
        assert_eq!(chosen("ce3xe5", &tirachen, Some(1), &[]), "Ce3xe5=T");
        assert_eq!(chosen("Ce3xe5", &tirachen, Some(0), &[]), "Ce3xe5");
        assert_eq!(chosen("Ce3xe5", &tirachen, None, &[]), "Ce3xe5");
        // A throw typed as it landed goes as typed: four sticks are not completed to five (a
        // review found `@xooo` sent as `@xoooo`), nor the Donkey's.
        let throws: Vec<String> = ["@ooooo", "@xoooo", "@xxxxx", "K@ooxox"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(chosen("@xooo", &throws, None, &[]), "@xooo");
        assert_eq!(chosen("@xo", &throws, None, &[]), "@xo");
        assert_eq!(chosen("k@oox", &throws, None, &[]), "k@oox");
        assert_eq!(
            chosen("@xoooo", &throws, None, &[]),
            "@xoooo",
            "whole: as typed"
        );
    }

    #[test]
    fn a_square_written_whole_is_not_completed_to_a_longer_one() {
        // `$X1` is a complete notation (a move the table made, perhaps untenable): it goes to
        // the rules as typed, not as the only candidate `$X10`.
        let m = moves(&["$X10", "SY5"]);
        assert_eq!(chosen("$X1", &m, None, &[]), "$X1");
        assert_eq!(
            chosen("$x", &m, None, &[]),
            "$X10",
            "a letter still completes"
        );
        assert_eq!(
            chosen("sy5", &m, None, &[]),
            "SY5",
            "the same square in another case"
        );
        assert_eq!(
            chosen("$X1", &m, Some(0), &[]),
            "$X10",
            "picked in the list"
        );
    }

    #[test]
    fn a_move_written_whole_is_not_completed_to_a_special_move() {
        // `DtX12` is the Dagger's move onto the Self, which the rules read (or refuse) as
        // typed — not the only candidate, the throw `DtX12~`; nor a move its declaration or
        // enactment.
        assert_eq!(chosen("DtX12", &moves(&["DtX12~"]), None, &[]), "DtX12");
        assert_eq!(chosen("$tX10", &moves(&["!$tX10"]), None, &[]), "$tX10");
        assert_eq!(chosen("$tX10", &moves(&["$tX10!"]), None, &[]), "$tX10");
        assert_eq!(
            chosen("Dt", &moves(&["DtX12~"]), None, &[]),
            "DtX12~",
            "a start completes"
        );
        assert_eq!(
            chosen("b1", &moves(&["B1-C1"]), None, &[]),
            "B1-C1",
            "a grid move's square"
        );
    }

    #[test]
    fn a_grid_move_written_whole_is_not_completed_to_another() {
        // Kelasu: a Runner of three Blanks (it costs four) goes to the rules, which refuse it
        // for its cost, not as the only merge listed, one more Blank. Tirachen: a capture of
        // the Traitor is not made the sacrifice that gains it.
        let merge = moves(&["R=C3/C4+C5+D5"]);
        assert_eq!(chosen("R=C3/C4+C5", &merge, None, &[]), "R=C3/C4+C5");
        assert_eq!(chosen("R=C3/C4+C5+", &merge, None, &[]), "R=C3/C4+C5+D5");
        assert_eq!(chosen("Ce3xe5", &moves(&["Ce3xe5=T"]), None, &[]), "Ce3xe5");
        // A Fort's capture, which a click asks about first, is played only typed whole.
        let fort = moves(&["Ge5xf6"]);
        assert_eq!(chosen("f6", &fort, None, &fort), "f6");
        assert_eq!(chosen("Ge5xf6", &fort, None, &fort), "Ge5xf6");
        // Veney's `eW5` is a move written whole: not the engagement from W5 to X6; a bare
        // square still completes to the move from it.
        assert_eq!(chosen("eW5", &moves(&["eW5X6"]), None, &[]), "eW5");
        assert_eq!(chosen("W5", &moves(&["eW5X6"]), None, &[]), "eW5X6");
        // A bare square inside them still completes.
        assert_eq!(chosen("C5", &merge, None, &[]), "R=C3/C4+C5+D5");
        assert_eq!(chosen("e5", &moves(&["Ce3xe5=T"]), None, &[]), "Ce3xe5=T");
    }
}
