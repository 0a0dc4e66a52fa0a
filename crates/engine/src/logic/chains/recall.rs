//! What the propagations of nested dynamic forcing chains reach, read off
//! the enclosing chain's source position instead of propagated again.
//!
//! Nested dynamic chains (level 4, limit 0) scan every reduced position
//! `W` that a chain from source position `S` runs dry on: both assumptions
//! of every candidate, level-0 dynamic chains, some four hundred
//! propagations each. Most of them reach just what the same assumption
//! reaches in `S`, less the candidates `W` lacks, and of most of those the
//! scan reads only the states reached (to meet other branches, or to skip
//! an "off" assumption): their nodes matter only when branches meet. So
//! [`Recall`] propagates every assumption of `S` once, and a propagation
//! on `W` that provably reaches the same is handed out as its reached set
//! alone ([`Reduced::reached`]), propagated for real only when its nodes
//! are wanted.
//!
//! **When `S`'s states are `W`'s.** Let `R` be the states assumption `t`
//! reaches in `S` with no contradiction, and `D` the candidates `S` has
//! and `W` lacks. A unit is a cell or a digit in a house; "touched" when
//! it lost candidates of `D`. Then `R` less `D`'s states is exactly what
//! `t` reaches in `W` when
//! 1. `R` turns no candidate of `D` on;
//! 2. each "on" state of `R` came (in `S`'s propagation) from a unit that
//!    keeps two candidates or more in `W`;
//! 3. each touched unit keeping two or more in `W`, where `R` turns some
//!    off, keeps two that `R` does not turn off, or one that it turns on.
//!
//! Along `S`'s propagation every state of `R` less `D` also follows in
//! `W`: a weak link of `W` is one of `S`, and a unit that gave an "on"
//! state still has two candidates or more (2), all but that one off, so
//! the engine's strong link fires on the last of them (1 keeps every "on"
//! state a candidate of `W`). Conversely that set is closed under `W`'s
//! links: weak links are `S`'s; an untouched unit holds what it holds in
//! `S`, where `R` is closed; a touched one gives nothing new (3); and the
//! engine reaches nothing that links do not force, nor a contradiction.
//! Level 0 only: a level-1 chain applies techniques to its positions,
//! which this does not follow.

use super::engine::{Arena, Engine, Links};
use super::links::{cell_of, digit_of, is_on, Cands, Cause, State, STATES};
use crate::logic::grid::{bits, count, several_cells, HOUSE_MASKS};

/// A set of states, as [`Arena::reached`] holds them.
pub type Reached = [u64; STATES.div_ceil(64)];

/// A set of units: cells 0-80, then digit `d0` in house `h` at
/// `81 + h * 9 + d0`.
type Units = [u64; 6];

/// No unit (an assumption's "on" state comes from none).
const NO_UNIT: usize = u16::MAX as usize;

fn unit_of_house(house: usize, d0: usize) -> usize {
    81 + house * 9 + d0
}

fn add(set: &mut [u64], bit: usize) {
    set[bit / 64] |= 1 << (bit % 64);
}

/// Whether `f` holds for every member of a set (tried ascending, up to
/// the first it fails for).
fn each(set: &[u64], mut f: impl FnMut(usize) -> bool) -> bool {
    for (k, &word) in set.iter().enumerate() {
        let mut rest = word;
        while rest != 0 {
            if !f(k * 64 + rest.trailing_zeros() as usize) {
                return false;
            }
            rest &= rest - 1; // clear the lowest set bit
        }
    }
    true
}

/// What the checks of one assumption's outcome in the source position
/// read first (kept apart and small: they are read cold, and most
/// outcomes that fail them are never read further).
struct Entry {
    /// Its "on" states in [`Recall::ons`].
    ons: std::ops::Range<u32>,
    /// The units with a state off.
    off_units: Units,
}

/// The rest of one assumption's outcome in the source position.
struct Outcome {
    reached: Reached,
    /// The cells turned on and off, by digit: `reached` again, in the
    /// shape the checks of touched units read.
    on: [u128; 9],
    off: [u128; 9],
}

/// The entry and outcome of `arena` (with no contradiction), its "on"
/// states added to `ons`: each one's candidate and the unit it came from
/// (`NO_UNIT` for the assumption).
fn outcome_of(arena: &Arena, ons: &mut Vec<(u16, u16)>) -> (Entry, Outcome) {
    let first = ons.len() as u32;
    let mut off_units = [0; 6];
    let mut outcome = Outcome {
        reached: *arena.reached(),
        on: [0; 9],
        off: [0; 9],
    };
    for (n, node) in arena.nodes.iter().enumerate() {
        let (cell, d0) = (cell_of(node.state), digit_of(node.state));
        if !is_on(node.state) {
            outcome.off[d0] |= 1 << cell;
            add(&mut off_units, cell);
            for house in crate::logic::grid::houses_of(cell) {
                add(&mut off_units, unit_of_house(house, d0));
            }
            continue;
        }
        outcome.on[d0] |= 1 << cell;
        let unit = match node.cause {
            Cause::Cell => cell,
            Cause::House(house) => unit_of_house(house.into(), d0),
            // The assumption itself (level 0 has no other cause).
            _ => {
                debug_assert_eq!(n, 0);
                NO_UNIT
            }
        };
        ons.push(((cell * 9 + d0) as u16, unit as u16));
    }
    let entry = Entry {
        ons: first..ons.len() as u32,
        off_units,
    };
    (entry, outcome)
}

/// Every assumption's outcome in one source position: level-0 dynamic
/// chains from both states of each of its candidates.
pub struct Recall {
    source: Cands,
    /// Each state's entry in `entries` and `outcomes`, `u16::MAX` for
    /// none (a contradiction, or not a candidate).
    slot: Vec<u16>,
    entries: Vec<Entry>,
    outcomes: Vec<Outcome>,
    ons: Vec<(u16, u16)>,
}

thread_local! {
    /// The last source position's [`Recall`]: nested producers of one
    /// enclosing scan share it.
    static LAST: std::cell::RefCell<Option<std::rc::Rc<Recall>>> =
        const { std::cell::RefCell::new(None) };
}

impl Recall {
    /// The outcomes in `source`, from this thread's last ones when they
    /// are of `source`.
    pub fn of(source: &Cands) -> std::rc::Rc<Recall> {
        super::last_built(&LAST, source, |recall| &recall.source, Recall::build)
    }

    /// No outcomes yet, in `source`.
    fn empty(source: &Cands) -> Recall {
        Recall {
            source: source.clone(),
            slot: vec![u16::MAX; STATES],
            entries: Vec::new(),
            outcomes: Vec::new(),
            ons: Vec::new(),
        }
    }

    /// Adds the outcome `arena` of assumption `s`, unless it met a
    /// contradiction.
    fn add(&mut self, s: State, arena: &Arena) {
        if arena.contradiction.is_some() {
            return;
        }
        self.slot[usize::from(s)] = self.entries.len() as u16;
        let (entry, outcome) = outcome_of(arena, &mut self.ons);
        self.entries.push(entry);
        self.outcomes.push(outcome);
    }

    fn build(source: &Cands) -> Recall {
        let mut engine = Engine::new();
        let links = Links::none();
        let mut recall = Recall::empty(source);
        for cell in 0..81 {
            for d0 in bits(source.cells[cell]) {
                for on in [false, true] {
                    let s = super::links::state(cell, d0, on);
                    let arena = engine.propagate(source, &links, s, false, true, 0, 0);
                    recall.add(s, &arena);
                    engine.recycle(arena);
                }
            }
        }
        recall
    }
}

/// A reduced position `W` of [`Recall`]'s source, with what tells which
/// of its propagations the source's give.
pub struct Reduced {
    recall: std::rc::Rc<Recall>,
    work: Cands,
    /// The states of `W`'s candidates.
    states: Reached,
    /// The units left with one candidate or none.
    thin: Units,
    /// The touched units left with two candidates or more.
    touched: Units,
}

impl Reduced {
    /// `work`, a reduced position of `recall`'s source.
    pub fn new(recall: std::rc::Rc<Recall>, work: &Cands) -> Reduced {
        let (cells, source) = (recall.source.cells, recall.source.digits);
        let mut reduced = Reduced {
            recall,
            work: work.clone(),
            states: [0; STATES.div_ceil(64)],
            thin: [0; 6],
            touched: [0; 6],
        };
        for cell in 0..81 {
            for d0 in bits(work.cells[cell]) {
                add(&mut reduced.states, (cell * 9 + d0) * 2);
                add(&mut reduced.states, (cell * 9 + d0) * 2 + 1);
            }
            reduced.classify(
                cell,
                count(work.cells[cell]) >= 2,
                cells[cell] != work.cells[cell],
            );
        }
        for (house, mask) in HOUSE_MASKS.iter().enumerate() {
            for d0 in 0..9 {
                let places = work.digits[d0] & mask;
                let touched = source[d0] & mask != places;
                reduced.classify(unit_of_house(house, d0), several_cells(places), touched);
            }
        }
        reduced
    }

    /// Files `unit` by whether it keeps `two` candidates or more (bit
    /// counts are software in the portable build) and was `touched`.
    fn classify(&mut self, unit: usize, two: bool, touched: bool) {
        if !two {
            add(&mut self.thin, unit);
        } else if touched {
            add(&mut self.touched, unit);
        }
    }

    /// Writes to `out` what assumption `s` reaches in `W` when it is what
    /// it reaches in the source less the candidates `W` lacks (then with
    /// no contradiction); false, `out` untouched, when that is not shown.
    pub fn reached(&self, s: State, out: &mut Reached) -> bool {
        let slot = usize::from(self.recall.slot[usize::from(s)]);
        let Some(entry) = self.recall.entries.get(slot) else {
            return false;
        };
        let holds = |&(cand, unit): &(u16, u16)| {
            let (cand, unit) = (usize::from(cand), usize::from(unit));
            let kept = self.work.cells[cand / 9] >> (cand % 9) & 1 != 0;
            kept && (unit == NO_UNIT || self.thin[unit / 64] >> (unit % 64) & 1 == 0)
        };
        let ons = &self.recall.ons[entry.ons.start as usize..entry.ons.end as usize];
        if !ons.iter().all(holds) {
            return false; // 1 or 2 fails
        }
        let outcome = &self.recall.outcomes[slot];
        let suspect: Units = std::array::from_fn(|k| self.touched[k] & entry.off_units[k]);
        if !each(&suspect, |unit| self.keeps_two(outcome, unit)) {
            return false; // 3 fails
        }
        let reached = outcome.reached.iter().zip(&self.states);
        for (word, (reached, states)) in out.iter_mut().zip(reached) {
            *word = reached & states;
        }
        true
    }

    /// Whether `unit` keeps two candidates in `W` that `outcome` does not
    /// turn off, or one that it turns on.
    fn keeps_two(&self, outcome: &Outcome, unit: usize) -> bool {
        let (several, left, on) = if unit < 81 {
            // The cell's 18 states, read off `reached` at once: bit
            // `2 * d0` is its digit's "off" state, bit `2 * d0 + 1` its "on".
            let at = unit * 18;
            let (word, shift) = (at / 64, at % 64);
            let mut states = outcome.reached[word] >> shift;
            if shift > 64 - 18 {
                states |= outcome.reached[word + 1] << (64 - shift);
            }
            let left = spread(self.work.cells[unit]) & !(states as u32);
            // Clearing the lowest bit leaves some: two or more.
            (
                left & left.wrapping_sub(1) != 0,
                left != 0,
                left << 1 & states as u32 != 0,
            )
        } else {
            let (house, d0) = ((unit - 81) / 9, (unit - 81) % 9);
            let left = self.work.digits[d0] & HOUSE_MASKS[house] & !outcome.off[d0];
            (several_cells(left), left != 0, left & outcome.on[d0] != 0)
        };
        several || (left && on)
    }
}

/// A cell's digits (bits 0-8) moved to the places of their "off" states
/// among the cell's states (bits 0, 2, ..., 16).
fn spread(digits: u16) -> u32 {
    // Each step opens a gap in every group, halving the groups' width.
    let mut x = u32::from(digits);
    x = (x | x << 8) & 0x00ff_00ff;
    x = (x | x << 4) & 0x0f0f_0f0f;
    x = (x | x << 2) & 0x3333_3333;
    (x | x << 1) & 0x5555_5555
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every set of a cell's digits lands on its "off" states' places
    /// among the cell's 18 states.
    #[test]
    fn spread_digits_sit_on_their_off_states() {
        for digits in 0..512u16 {
            let places = bits(digits).fold(0u32, |set, d0| set | 1 << (2 * d0));
            assert_eq!(spread(digits), places, "{digits:09b}");
        }
    }

    /// On reduced positions of a hard puzzle (less some candidates of
    /// its cells), every propagation [`Reduced::reached`] vouches for
    /// reaches exactly that set, with no contradiction; it vouches for
    /// most, and among the others are some that the source's states less
    /// the lost candidates would misstate (the three conditions matter).
    #[test]
    fn vouched_propagations_reach_the_sources_states() {
        let source = super::super::engine::sample_position();
        let recall = std::rc::Rc::new(Recall::build(&source));
        let mut engine = Engine::new();
        let links = Links::none();
        let (mut vouched, mut tried, mut misstated) = (0, 0, 0);
        for step in [2, 3, 5, 11] {
            let mut work = source.clone();
            for cell in (0..81)
                .filter(|&c| count(source.cells[c]) >= 2)
                .step_by(step)
            {
                work.remove(cell, source.cells[cell].trailing_zeros() as usize);
            }
            let reduced = Reduced::new(recall.clone(), &work);
            for cell in 0..81 {
                for d0 in bits(work.cells[cell]) {
                    for on in [false, true] {
                        let s = super::super::links::state(cell, d0, on);
                        let arena = engine.propagate(&work, &links, s, false, true, 0, 0);
                        tried += 1;
                        let mut reached = [0; STATES.div_ceil(64)];
                        if reduced.reached(s, &mut reached) {
                            vouched += 1;
                            assert!(arena.contradiction.is_none(), "state {s}");
                            assert_eq!(arena.reached(), &reached, "state {s}");
                        } else if let Some(outcome) = recall
                            .outcomes
                            .get(usize::from(recall.slot[usize::from(s)]))
                        {
                            let naive: Reached =
                                std::array::from_fn(|k| outcome.reached[k] & reduced.states[k]);
                            misstated += usize::from(
                                arena.reached() != &naive || arena.contradiction.is_some(),
                            );
                        }
                        engine.recycle(arena);
                    }
                }
            }
        }
        assert!(
            vouched * 2 > tried && misstated > 0,
            "{vouched} {misstated} of {tried}"
        );
    }
}
