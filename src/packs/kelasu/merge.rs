//! The merge builder. "Blanks that are next to each other and outside of their starting 2 rows
//! can Merge into another piece on any of the blanks' squares" (Kelasu, Merging): the player
//! gathers Blanks on the board, then picks the piece among those the gathered Blanks pay for
//! exactly, then its square. Everything offered comes from the rules' own legal merges (their
//! indices in the match's actions, played as `Intent::Play`); a Blank that cannot take part, or
//! a gathering that makes no piece, is explained by the rules' refusal.
//!
//! While the builder is open it claims the board's clicks (`GridClicksClaimed`) and marks the
//! gathered Blanks and what the next click may take (`GridPackMarks`).
use super::{KelasuStage, kelasu};
use crate::host::grid::{
    ActiveMatch, GridClicksClaimed, GridPackMarks, GridSelection, GridStatus, GridSystems, Intent,
};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use game_api::{Actor, Cell, Game, Match};
use kelasu_rules::{Action, Bitboard, Kelasu, Kind, Square};

/// One merge the rules allow now, and its index among the match's actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MergeOption {
    pub index: usize,
    pub kind: Kind,
    pub to: Square,
    pub blanks: Bitboard,
}

/// The legal merges of one position (computed once per position: a crowded board has tens of
/// thousands).
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct MergeMenu {
    key: Option<(usize, u64, u64)>,
    pub options: Vec<MergeOption>,
    /// Every Blank some legal merge uses.
    pub usable: Bitboard,
}

/// Where the builder is.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct MergeBuilder {
    pub open: bool,
    /// The Blanks gathered so far.
    pub chosen: Bitboard,
    /// The piece chosen for them: the next click picks its square.
    pub kind: Option<Kind>,
    /// The position the builder was opened in (another position closes it).
    at: Option<(usize, u64, u64)>,
}

/// What the player does with the builder (its window's buttons, the M key, a test).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum MergeIntent {
    /// Open the builder, or close it when open.
    Toggle,
    /// Gather this cell's Blank, or let it go.
    Gather(Cell),
    /// Make the gathered Blanks this piece: the next click (or `Place`) picks its square.
    Make(Kind),
    /// Back to gathering.
    Back,
    /// Play the merge onto this square.
    Place(Cell),
    Close,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<MergeMenu>()
        .init_resource::<MergeBuilder>()
        .add_message::<MergeIntent>()
        .add_systems(
            Update,
            (refresh, clicks, apply, marks, keep_room)
                .chain()
                .after(crate::host::grid::GridGameSet)
                .in_set(GridSystems)
                .run_if(in_state(KelasuStage::Playing)),
        )
        .add_systems(OnExit(KelasuStage::Playing), close_on_exit);
}

pub(super) fn view_plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        window
            .in_set(GridSystems)
            .run_if(in_state(KelasuStage::Playing)),
    );
}

/// The match and position the merges are listed for: a declared ending (which leaves the
/// position as it was) and another match at the same position (its own options) list them
/// afresh (a review found the builder opening after a resignation, on the old list) — also a
/// new game begun from the same position with the same seed under other options (its
/// generation: a review found the old list's indices played in the new game's list).
fn key(m: &ActiveMatch) -> (usize, u64, u64) {
    let declared = m.game.declared().map_or(0, |d| {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        d.hash(&mut h);
        h.finish() | 1
    });
    (
        m.game.history_len(),
        m.game.position_hash() ^ m.game.seed().rotate_left(29) ^ declared,
        m.generation,
    )
}

/// The legal merges now, from the rules' actions, with their indices.
pub fn legal_merges(m: &Match<Kelasu>) -> Vec<MergeOption> {
    let Some(actor) = m.actor() else {
        return Vec::new();
    };
    m.legal_actions(actor)
        .into_iter()
        .enumerate()
        .filter_map(|(index, a)| match a {
            Action::Merge { kind, to, blanks } => Some(MergeOption {
                index,
                kind,
                to,
                blanks,
            }),
            _ => None,
        })
        .collect()
}

fn square(c: Cell) -> Option<Square> {
    (c.0 < 100).then_some(Square(c.0 as u8))
}

fn cell(s: Square) -> Cell {
    Cell(s.0 as u16)
}

impl MergeMenu {
    /// The merges of exactly the gathered Blanks.
    pub fn of(&self, chosen: Bitboard) -> impl Iterator<Item = &MergeOption> {
        self.options.iter().filter(move |o| o.blanks == chosen)
    }

    /// The pieces the gathered Blanks make, in the cost table's order.
    pub fn kinds(&self, chosen: Bitboard) -> Vec<Kind> {
        Kind::MERGEABLE
            .into_iter()
            .filter(|k| self.of(chosen).any(|o| o.kind == *k))
            .collect()
    }
}

/// Why the rules would not let these Blanks make a `kind` on `to` (a refusal of the rules).
fn why_not(m: &Match<Kelasu>, kind: Kind, to: Square, blanks: Bitboard) -> game_api::Refusal {
    // A declared ending (a resignation, a flag, a draw agreed) is the match's, which the
    // state alone does not know (a review found "not your decision now" after a resignation).
    if let game_api::Decision::Over(_) = m.decision() {
        return game_api::Refusal::game_over();
    }
    let actor = m.actor().unwrap_or(Actor::Chance);
    m.game()
        .refusal(m.state(), actor, Action::Merge { kind, to, blanks })
}

/// Why the Blank (or square) `s` joins no merge, in the rules' words: its own refusal (not the
/// mover's Blank, in the starting rows, moved this turn), else the refusal of merging it with
/// each of the mover's Blanks next to it, else that it has none next to it.
pub fn unusable(m: &Match<Kelasu>, s: Square) -> String {
    let alone = why_not(m, Kind::Warrior, s, Bitboard::from_square(s));
    if alone.rule != kelasu_rules::rules::MERGE_COST {
        return alone.to_string();
    }
    let p = m.state();
    let own = p.squares_of(p.to_move(), Kind::Blank);
    let mut pairs = Vec::new();
    let next = Bitboard(Bitboard::from_square(s).orthogonal_neighbours().0 & own.0);
    for n in next.squares() {
        let r = why_not(m, Kind::Warrior, s, Bitboard::from_square(s).with(n));
        pairs.push(format!("with the one on {}: {}", n.name(), r.why));
    }
    if pairs.is_empty() {
        format!(
            "the Blank on {} has none of your Blanks next to it to merge with ({})",
            s.name(),
            kelasu_rules::rules::MERGING
        )
    } else {
        format!(
            "the Blank on {} merges with no Blank next to it: {} ({})",
            s.name(),
            pairs.join("; "),
            kelasu_rules::rules::MERGING
        )
    }
}

/// Why no merge is open: none of the mover's Blanks stands outside its starting rows, or what
/// keeps the first that does from merging (`unusable`).
fn no_merge(m: &Match<Kelasu>) -> String {
    if let game_api::Decision::Over(_) = m.decision() {
        return game_api::Refusal::game_over().to_string();
    }
    let p = m.state();
    let side = p.to_move();
    let outside =
        Bitboard(p.squares_of(side, Kind::Blank).0 & !kelasu_rules::zone::home_rows(side).0);
    match outside.squares().next() {
        Some(s) => unusable(m, s),
        None => format!(
            "none of your Blanks stands outside your starting 2 rows ({})",
            kelasu_rules::rules::MERGING
        ),
    }
}

/// What the builder says about the gathered Blanks when they make no piece: the rules' refusal
/// for each piece of that cost, or the cost table.
pub fn gathered_note(m: &Match<Kelasu>, menu: &MergeMenu, chosen: Bitboard) -> Option<String> {
    if chosen.is_empty() || !menu.kinds(chosen).is_empty() {
        return None;
    }
    let n = chosen.count();
    let first = chosen.squares().next()?;
    match Kind::MERGEABLE
        .into_iter()
        .find(|k| k.merge_cost() == Some(n))
    {
        Some(k) => Some(why_not(m, k, first, chosen).to_string()),
        None => Some(format!(
            "no piece costs {n} Blank{}: Warrior 2, Runner 4, Diplomat 4, Champion 5, General 10, Stone 21",
            if n == 1 { "" } else { "s" }
        )),
    }
}

fn refresh(
    m: Res<ActiveMatch>,
    review: Res<crate::host::grid::GridReview>,
    mut menu: ResMut<MergeMenu>,
    mut b: ResMut<MergeBuilder>,
) {
    let k = key(&m);
    if menu.key != Some(k) {
        let options = kelasu(&m).map(legal_merges).unwrap_or_default();
        let usable = Bitboard(options.iter().fold(0, |acc, o| acc | o.blanks.0));
        *menu = MergeMenu {
            key: Some(k),
            options,
            usable,
        };
    }
    // Another position (a move, an undo, a load) closes the builder, and so does a review of
    // the move list: the board then shows an earlier position (a review found the gathering
    // drawn over it, and lost at the Place refused there).
    if b.open && (b.at != Some(k) || review.0.is_some()) {
        *b = MergeBuilder::default();
    }
}

/// While open, the board's clicks gather Blanks or place the piece; Esc or a right click closes.
fn clicks(
    b: Res<MergeBuilder>,
    mut intents: MessageReader<Intent>,
    mut out: MessageWriter<MergeIntent>,
) {
    for i in intents.read() {
        if !b.open {
            continue;
        }
        match i {
            Intent::Click(c) if b.kind.is_some() => {
                out.write(MergeIntent::Place(*c));
            }
            Intent::Click(c) => {
                out.write(MergeIntent::Gather(*c));
            }
            Intent::Cancel => {
                out.write(MergeIntent::Close);
            }
            _ => {}
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn apply(
    m: Res<ActiveMatch>,
    menu: Res<MergeMenu>,
    mut b: ResMut<MergeBuilder>,
    mut msgs: MessageReader<MergeIntent>,
    mut status: ResMut<GridStatus>,
    mut sel: ResMut<GridSelection>,
    mut claimed: ResMut<GridClicksClaimed>,
    mut play: MessageWriter<Intent>,
    (review, seats): (
        Res<crate::host::grid::GridReview>,
        Res<crate::host::grid::ComputerSeats>,
    ),
) {
    let Some(km) = kelasu(&m) else { return };
    // The computer's seat merges for itself (a review found the builder opened on its turn,
    // its Blanks offered to the person's clicks).
    let computers_turn = m.decider().is_some_and(|p| seats.plays(p).is_some());
    for msg in msgs.read() {
        match *msg {
            MergeIntent::Toggle if b.open => *b = MergeBuilder::default(),
            MergeIntent::Toggle if review.0.is_some() => {
                status.info = Some(crate::host::grid::review::RETURN_FIRST.into());
            }
            MergeIntent::Toggle if computers_turn => {
                status.info = Some(crate::host::grid::COMPUTER_TO_MOVE.into());
            }
            MergeIntent::Toggle => {
                if menu.options.is_empty() {
                    status.refusal = Some(format!("no merge is open now: {}", no_merge(km)));
                    continue;
                }
                sel.0 = None;
                status.refusal = None;
                *b = MergeBuilder {
                    open: true,
                    at: Some(key(&m)),
                    ..default()
                };
            }
            MergeIntent::Close => *b = MergeBuilder::default(),
            MergeIntent::Back => b.kind = None,
            MergeIntent::Gather(c) => {
                let Some(s) = square(c) else { continue };
                b.kind = None;
                if b.chosen.contains(s) {
                    b.chosen = b.chosen.without(s);
                    status.refusal = None;
                } else if menu.usable.contains(s) {
                    b.chosen = b.chosen.with(s);
                    status.refusal = None;
                } else {
                    status.refusal = Some(unusable(km, s));
                }
            }
            MergeIntent::Make(k) => {
                if menu.kinds(b.chosen).contains(&k) {
                    b.kind = Some(k);
                    status.refusal = None;
                } else if let Some(first) = b.chosen.squares().next() {
                    status.refusal = Some(why_not(km, k, first, b.chosen).to_string());
                }
            }
            MergeIntent::Place(c) => {
                let Some(kind) = b.kind else { continue };
                let hit = square(c).and_then(|s| {
                    menu.of(b.chosen)
                        .find(|o| o.kind == kind && o.to == s)
                        .copied()
                });
                match hit {
                    Some(o) => {
                        play.write(Intent::Play(o.index));
                        *b = MergeBuilder::default();
                    }
                    None => match square(c) {
                        // A click off the offered squares goes back to gathering.
                        Some(s) if menu.usable.contains(s) => {
                            b.kind = None;
                            if b.chosen.contains(s) {
                                b.chosen = b.chosen.without(s);
                            } else {
                                b.chosen = b.chosen.with(s);
                            }
                        }
                        Some(s) => {
                            status.refusal = Some(why_not(km, kind, s, b.chosen).to_string());
                        }
                        None => {}
                    },
                }
            }
        }
    }
    if claimed.0 != b.open {
        claimed.0 = b.open;
    }
}

/// The board's marks: the gathered Blanks, and the squares the next click may take (the Blanks
/// that can join, or the piece's squares once it is chosen).
fn marks(b: Res<MergeBuilder>, menu: Res<MergeMenu>, mut marks: ResMut<GridPackMarks>) {
    let new = if !b.open {
        GridPackMarks::default()
    } else {
        let offered: Vec<Cell> = match b.kind {
            Some(k) => {
                let mut v: Vec<Cell> = menu
                    .of(b.chosen)
                    .filter(|o| o.kind == k)
                    .map(|o| cell(o.to))
                    .collect();
                v.sort();
                v.dedup();
                v
            }
            None => Bitboard(menu.usable.0 & !b.chosen.0)
                .squares()
                .map(cell)
                .collect(),
        };
        GridPackMarks {
            chosen: b.chosen.squares().map(cell).collect(),
            offered,
        }
    };
    if *marks != new {
        *marks = new;
    }
}

/// The builder's window with its title bar and margins, and the turn bar above the board,
/// logical pixels at type size 1.
const BUILDER_ROOM: f32 = 175.0;
const TURN_BAR_ROOM: f32 = 80.0;

/// While the builder is open the board is fitted above it (`BoardReserve`): every Blank stays
/// clickable (a review found rank J under the builder on a window 800 px tall, whose clicks
/// never reach the board).
fn keep_room(
    b: Res<MergeBuilder>,
    zoom: Res<crate::host::UiZoom>,
    mut room: ResMut<crate::host::grid::view::BoardReserve>,
) {
    let want = if b.open {
        crate::host::grid::view::BoardReserve {
            top: TURN_BAR_ROOM * zoom.0,
            bottom: BUILDER_ROOM * zoom.0,
        }
    } else {
        Default::default()
    };
    room.set_if_neq(want);
}

fn close_on_exit(
    mut b: ResMut<MergeBuilder>,
    mut claimed: ResMut<GridClicksClaimed>,
    mut marks: ResMut<GridPackMarks>,
    mut room: ResMut<crate::host::grid::view::BoardReserve>,
) {
    *b = MergeBuilder::default();
    *room = Default::default();
    claimed.0 = false;
    // Its marks go with it: the host draws them on whatever grid board comes next (a review
    // found Kelasu's gathered Blanks tinted on Tirachen's board).
    *marks = GridPackMarks::default();
}

/// The builder's window, below the board (the board fitted above it, `keep_room`).
fn window(
    mut contexts: EguiContexts,
    m: Res<ActiveMatch>,
    b: Res<MergeBuilder>,
    menu: Res<MergeMenu>,
    mut out: MessageWriter<MergeIntent>,
) -> Result {
    if !b.open {
        return Ok(());
    }
    let Some(km) = kelasu(&m) else { return Ok(()) };
    let energy = km.state().energy();
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Merge Blanks")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::LEFT_BOTTOM, egui::vec2(12.0, -12.0))
        .fixed_size(egui::vec2(530.0, 150.0))
        .show(ctx, |ui| {
            let names: Vec<String> = b.chosen.squares().map(Square::name).collect();
            match b.kind {
                None => {
                    ui.label(
                        "Click your Blanks to gather them (outlined: Blanks that can merge); click again to let one go.",
                    );
                    ui.label(if names.is_empty() {
                        "Gathered: none".to_string()
                    } else {
                        format!("Gathered: {} ({} Blanks)", names.join(" "), names.len())
                    });
                    let kinds = menu.kinds(b.chosen);
                    if !kinds.is_empty() {
                        ui.horizontal_wrapped(|ui| {
                            ui.label("Make:");
                            for k in kinds {
                                let cost = k.merge_cost().unwrap_or(0);
                                if ui
                                    .button(format!("{} ({cost} energy)", k.name()))
                                    .clicked()
                                {
                                    out.write(MergeIntent::Make(k));
                                }
                            }
                        });
                        let cost = b.chosen.count() as i16;
                        if cost > energy {
                            ui.label(format!(
                                "It costs {cost} energy and {energy} is left: allowed, and it ends your turn."
                            ));
                        }
                    } else if let Some(note) = gathered_note(km, &menu, b.chosen) {
                        ui.colored_label(egui::Color32::from_rgb(225, 150, 90), note);
                    }
                }
                Some(k) => {
                    ui.label(format!(
                        "{} Blanks become a {}: click its square (outlined), or:",
                        names.len(),
                        k.name()
                    ));
                    ui.horizontal_wrapped(|ui| {
                        let mut squares: Vec<Square> = menu
                            .of(b.chosen)
                            .filter(|o| o.kind == k)
                            .map(|o| o.to)
                            .collect();
                        squares.sort_by_key(|s| s.0);
                        squares.dedup();
                        for s in squares {
                            if ui.button(s.name()).clicked() {
                                out.write(MergeIntent::Place(cell(s)));
                            }
                        }
                        if ui.button("Back").clicked() {
                            out.write(MergeIntent::Back);
                        }
                    });
                }
            }
            if ui.button("Cancel (Esc)").clicked() {
                out.write(MergeIntent::Close);
            }
        });
    Ok(())
}
