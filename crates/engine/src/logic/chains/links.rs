//! The candidates a chain reasons on, and the two kinds of implication
//! Sudoku Explainer's chains follow from one candidate state to the next.
//!
//! A candidate is `cell * 9 + digit - 1` (0-728); a state is a candidate
//! and a flag, `candidate * 2 + on` (0-1457).

use crate::logic::grid::{bits, cells_of, count, houses_of, two_cells};
use crate::logic::grid::{houses_at, Cells, Grid, CELL_PEER_GROUPS, HOUSE_MASKS};
use crate::logic::proof::{Candidate, Rule};

/// A candidate state: `(cell * 9 + digit - 1) * 2 + on`.
pub type State = u16;

/// The number of candidate states.
pub const STATES: usize = 81 * 9 * 2;

/// The state of `cell`'s `digit` (0-based).
pub const fn state(cell: usize, d0: usize, on: bool) -> State {
    ((cell * 9 + d0) * 2 + on as usize) as State
}

/// The cell of a state.
pub const fn cell_of(s: State) -> usize {
    s as usize / 18
}

/// The 0-based digit of a state.
pub const fn digit_of(s: State) -> usize {
    s as usize / 2 % 9
}

/// Whether a state is "on".
pub const fn is_on(s: State) -> bool {
    s & 1 == 1
}

/// The other places of digit `d0` that candidate (`cell`, `d0`) sees, each
/// set with its house, in the order of Sudoku Explainer's weak links: the
/// box, the row outside the box, the column outside the box. The link
/// tables, the chain graph and dynamic propagations all list them so.
#[inline(always)]
pub fn house_peers(cands: &Cands, cell: usize, d0: usize) -> [(Cells, usize); 3] {
    let [bx, row, column] = houses_at(cell);
    let digit = cands.digits[d0];
    let [in_box, in_row, in_column] = CELL_PEER_GROUPS[cell];
    [
        (digit & in_box, bx),
        (digit & in_row, row),
        (digit & in_column, column),
    ]
}

/// Why a chain's state follows from its parent, as Sudoku Explainer's
/// `Potential.Cause` records it (nested chains collect their parents by it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cause {
    /// The assumption a chain starts from.
    Assumption,
    /// The cell's only other candidate, or a cell's other candidates.
    Cell,
    /// The digit's only other place (or its other places) in a house.
    House(u8),
    /// A technique applied inside the chain (nested chains).
    Advanced,
}

/// Candidates per cell and cells per digit: the position a chain works on.
#[derive(Clone, PartialEq, Eq)]
pub struct Cands {
    /// Each cell's candidates (bits 0-8).
    pub cells: [u16; 81],
    /// Each digit's candidate cells.
    pub digits: [u128; 9],
    /// How many cells hold each digit.
    pub placed: [u8; 9],
}

impl Cands {
    /// The candidates of a grid.
    pub fn of(grid: &Grid) -> Cands {
        let mut cands = Cands {
            cells: [0; 81],
            digits: [0; 9],
            placed: [0; 9],
        };
        for cell in 0..81 {
            cands.cells[cell] = grid.candidates(cell);
        }
        for d0 in 0..9 {
            cands.digits[d0] = grid.digit_cells(d0 as u8 + 1);
            cands.placed[d0] = grid.placed_count(d0 as u8 + 1) as u8;
        }
        cands
    }

    /// Removes candidate `d0` from `cell` (the engine keeps its own
    /// reduced position; tests build theirs with this).
    #[cfg(test)]
    pub fn remove(&mut self, cell: usize, d0: usize) {
        self.cells[cell] &= !(1 << d0);
        self.digits[d0] &= !(1u128 << cell);
    }

    /// The cells of `house` holding candidate `d0`.
    pub fn places(&self, house: usize, d0: usize) -> u128 {
        self.digits[d0] & HOUSE_MASKS[house]
    }

    /// Whether every candidate here is one of `before` too.
    pub fn within(&self, before: &Cands) -> bool {
        self.cells
            .iter()
            .zip(&before.cells)
            .all(|(now, then)| now & !then == 0)
    }

    /// Whether this position, made from `before` by removing candidates
    /// ([`Cands::within`] it), has a strong link `before` lacks. Removing
    /// candidates removes weak links, and adds strong ones only where it
    /// leaves a cell with two candidates or a digit with two places in a
    /// house: without those, every link here is one of `before`.
    pub fn has_new_strong_link(&self, before: &Cands) -> bool {
        (0..9).any(|d0| {
            cells_of(before.digits[d0] & !self.digits[d0]).any(|cell| {
                count(self.cells[cell]) == 2
                    || houses_at(cell)
                        .into_iter()
                        .any(|house| two_cells(self.digits[d0] & HOUSE_MASKS[house]))
            })
        })
    }
}

/// Why state `s` follows from state `p` in the fixed position `cands`: the
/// same cell, or the first house (box, row, column) linking them; from an
/// "off" state only a house where the digit has two places links.
///
/// Static chains keep a state's parent but not why it follows: the cause
/// is read back from the two states when a hint's parents or proof need it.
pub fn link_cause(cands: &Cands, s: State, p: State) -> Cause {
    let (cell, other) = (cell_of(s), cell_of(p));
    if cell == other {
        return Cause::Cell;
    }
    let d0 = digit_of(s);
    for house in houses_of(cell) {
        if HOUSE_MASKS[house] >> other & 1 == 0 {
            continue;
        }
        if !is_on(s) || two_cells(cands.places(house, d0)) {
            return Cause::House(house as u8);
        }
    }
    Cause::Assumption
}

/// Adds the candidates removed since `source` (`work` lacks them) that an
/// "on" state `s` resting on `cause` needs: its cell's, or its digit's in
/// the house. A nested chain's hint holds only while the enclosing chain
/// has removed them (`ChainingHint.collectRuleParents`).
pub fn removed_by(s: State, cause: Cause, source: &Cands, work: &Cands, out: &mut Vec<u16>) {
    let (cell, d0) = (cell_of(s), digit_of(s));
    match cause {
        Cause::Cell => {
            for d in bits(source.cells[cell] & !work.cells[cell]) {
                out.push((cell * 9 + d) as u16);
            }
        }
        Cause::House(house) => {
            let gone = source.places(usize::from(house), d0) & !work.digits[d0];
            for c in cells_of(gone) {
                out.push((c * 9 + d0) as u16);
            }
        }
        _ => {}
    }
}

/// The candidates (`cell * 9 + d0`) that concluding state `s` removes: its
/// cell's other candidates for an "on" state, its own for "off". Producers
/// bound a hint's size by what it removes before sizing it.
pub fn removals(cands: &Cands, s: State) -> impl Iterator<Item = usize> {
    let (cell, digits) = removed_digits(cands, s);
    bits(digits).map(move |d| cell * 9 + d)
}

/// [`removals`] as the cell of state `s` and the digits removed there
/// (none for the "on" state of a cell's only candidate).
pub fn removed_digits(cands: &Cands, s: State) -> (usize, u16) {
    let (cell, d0) = (cell_of(s), digit_of(s));
    let digits = if is_on(s) {
        cands.cells[cell] & !(1 << d0)
    } else {
        1 << d0
    };
    (cell, digits)
}

/// A chain state as the library shows it (steps' patterns and proofs).
pub fn candidate(s: State) -> Candidate {
    Candidate {
        cell: cell_of(s) as u8,
        digit: digit_of(s) as u8 + 1,
        on: is_on(s),
    }
}

/// The chain state of a candidate as the library shows it: the inverse of
/// [`candidate`], for proving a step from its pattern.
pub fn state_of(c: Candidate) -> State {
    state(usize::from(c.cell), usize::from(c.digit) - 1, c.on)
}

/// The rule the library shows for a plain link's cause.
pub fn rule_of(cause: Cause) -> Rule {
    match cause {
        Cause::House(house) => Rule::House(house),
        _ => Rule::Cell,
    }
}

/// Calls `f` with each state an "on" candidate turns off, in Sudoku
/// Explainer's order: the cell's other digits (when `cell_links`), then the
/// digit's other places in the box, the row outside the box, and the column
/// outside the box.
#[cfg(test)]
pub fn on_to_off(cands: &Cands, s: State, cell_links: bool, mut f: impl FnMut(State, Cause)) {
    let (cell, d0) = (cell_of(s), digit_of(s));
    if cell_links {
        for other in bits(cands.cells[cell] & !(1 << d0)) {
            f(state(cell, other, false), Cause::Cell);
        }
    }
    let [bx, row, column] = houses_of(cell);
    let digit = cands.digits[d0] & !(1u128 << cell);
    let in_box = HOUSE_MASKS[bx];
    for (cells, house) in [
        (digit & in_box, bx),
        (digit & HOUSE_MASKS[row] & !in_box, row),
        (digit & HOUSE_MASKS[column] & !in_box, column),
    ] {
        for other in cells_of(cells) {
            f(state(other, d0, false), Cause::House(house as u8));
        }
    }
}

/// A state an "off" candidate turns on, with the candidates removed since
/// the chain started that it also rests on (dynamic chains).
#[cfg(test)]
#[derive(Clone, Copy)]
pub struct OnLink {
    /// The state turned on.
    pub state: State,
    /// Why.
    pub cause: Cause,
    /// Candidates (cell * 9 + d0) that were removed, in Sudoku Explainer's
    /// order: they are the state's extra parents.
    pub hidden: [u16; 9],
    /// How many of `hidden` are used.
    pub hidden_len: u8,
}

/// The states an "off" candidate turns on, in Sudoku Explainer's order:
/// the cell's only other digit (when `cell_links`), then the digit's only
/// other place in the box, row and column (when `house_links`); each state
/// once. `source` is the position the chain started from: candidates it
/// has and `cands` lacks become hidden parents.
#[cfg(test)]
pub fn off_to_on(
    cands: &Cands,
    source: &Cands,
    s: State,
    cell_links: bool,
    house_links: bool,
    out: &mut Vec<OnLink>,
) {
    out.clear();
    let (cell, d0) = (cell_of(s), digit_of(s));
    if cell_links && count(cands.cells[cell]) == 2 {
        let other = (cands.cells[cell] & !(1 << d0)).trailing_zeros() as usize;
        let mut link = OnLink {
            state: state(cell, other, true),
            cause: Cause::Cell,
            hidden: [0; 9],
            hidden_len: 0,
        };
        for gone in bits(source.cells[cell] & !cands.cells[cell]) {
            link.hidden[usize::from(link.hidden_len)] = (cell * 9 + gone) as u16;
            link.hidden_len += 1;
        }
        out.push(link);
    }
    if house_links {
        for house in houses_of(cell) {
            let places = cands.places(house, d0);
            if !two_cells(places) {
                continue;
            }
            let other = (places & !(1u128 << cell)).trailing_zeros() as usize;
            let on = state(other, d0, true);
            if out.iter().any(|link| link.state == on) {
                continue;
            }
            let mut link = OnLink {
                state: on,
                cause: Cause::House(house as u8),
                hidden: [0; 9],
                hidden_len: 0,
            };
            for gone in cells_of(source.places(house, d0) & !places) {
                link.hidden[usize::from(link.hidden_len)] = (gone * 9 + d0) as u16;
                link.hidden_len += 1;
            }
            out.push(link);
        }
    }
}
