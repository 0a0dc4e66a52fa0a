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
use crate::logic::grid::{bits, count, HOUSE_MASKS};

/// A set of states, as [`Arena::reached`] holds them.
pub type Reached = [u64; STATES.div_ceil(64)];

/// A set of units: cells 0-80, then digit `d0` in house `h` at
/// `81 + h * 9 + d0`.
type Units = [u64; 6];

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

/// What one assumption reached in the source position, without
/// contradiction.
struct Entry {
    reached: Reached,
    /// The cells turned on and off, by digit.
    on: [u128; 9],
    off: [u128; 9],
    /// The units that gave an "on" state, and those with a state off.
    on_units: Units,
    off_units: Units,
}

impl Entry {
    fn of(arena: &Arena) -> Entry {
        let mut entry = Entry {
            reached: *arena.reached(),
            on: [0; 9],
            off: [0; 9],
            on_units: [0; 6],
            off_units: [0; 6],
        };
        for (n, node) in arena.nodes.iter().enumerate() {
            let (cell, d0) = (cell_of(node.state), digit_of(node.state));
            if !is_on(node.state) {
                entry.off[d0] |= 1 << cell;
                add(&mut entry.off_units, cell);
                for house in crate::logic::grid::houses_of(cell) {
                    add(&mut entry.off_units, unit_of_house(house, d0));
                }
                continue;
            }
            entry.on[d0] |= 1 << cell;
            match node.cause {
                Cause::Cell => add(&mut entry.on_units, cell),
                Cause::House(house) => add(&mut entry.on_units, unit_of_house(house.into(), d0)),
                // The assumption itself (level 0 has no other cause).
                _ => debug_assert_eq!(n, 0),
            }
        }
        entry
    }
}

/// Every assumption's outcome in one source position: level-0 dynamic
/// chains from both states of each of its candidates.
pub struct Recall {
    source: ([u16; 81], [u8; 9]),
    /// Each state's entry in `entries`, `u16::MAX` for none (a
    /// contradiction, or not a candidate).
    slot: Vec<u16>,
    entries: Vec<Entry>,
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
        LAST.with(|last| {
            let mut last = last.borrow_mut();
            match &*last {
                Some(recall) if recall.source == (source.cells, source.placed) => recall.clone(),
                _ => {
                    let recall = std::rc::Rc::new(Recall::build(source));
                    *last = Some(recall.clone());
                    recall
                }
            }
        })
    }

    fn build(source: &Cands) -> Recall {
        let mut engine = Engine::new();
        let links = Links::none();
        let mut recall = Recall {
            source: (source.cells, source.placed),
            slot: vec![u16::MAX; STATES],
            entries: Vec::new(),
        };
        for cell in 0..81 {
            for d0 in bits(source.cells[cell]) {
                for on in [false, true] {
                    let s = super::links::state(cell, d0, on);
                    let arena = engine.propagate(source, &links, s, false, true, 0, 0);
                    if arena.contradiction.is_none() {
                        recall.slot[usize::from(s)] = recall.entries.len() as u16;
                        recall.entries.push(Entry::of(&arena));
                    }
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
    /// The "on" states of the candidates `W` lacks.
    gone_on: Reached,
    /// The units left with one candidate or none.
    thin: Units,
    /// The touched units left with two candidates or more.
    touched: Units,
}

impl Reduced {
    /// `work`, a reduced position of `recall`'s source.
    pub fn new(recall: std::rc::Rc<Recall>, work: &Cands) -> Reduced {
        let (cells, _) = recall.source;
        let mut reduced = Reduced {
            recall,
            work: work.clone(),
            states: [0; STATES.div_ceil(64)],
            gone_on: [0; STATES.div_ceil(64)],
            thin: [0; 6],
            touched: [0; 6],
        };
        for cell in 0..81 {
            for d0 in bits(work.cells[cell]) {
                add(&mut reduced.states, (cell * 9 + d0) * 2);
                add(&mut reduced.states, (cell * 9 + d0) * 2 + 1);
            }
            for d0 in bits(cells[cell] & !work.cells[cell]) {
                add(&mut reduced.gone_on, (cell * 9 + d0) * 2 + 1);
            }
            reduced.classify(
                cell,
                count(work.cells[cell]),
                cells[cell] != work.cells[cell],
            );
        }
        let source: [u128; 9] = std::array::from_fn(|d0| {
            (0..81)
                .filter(|&cell| cells[cell] >> d0 & 1 != 0)
                .fold(0, |set, cell| set | 1u128 << cell)
        });
        for (house, mask) in HOUSE_MASKS.iter().enumerate() {
            for d0 in 0..9 {
                let places = work.digits[d0] & mask;
                let touched = source[d0] & mask != places;
                reduced.classify(unit_of_house(house, d0), places.count_ones(), touched);
            }
        }
        reduced
    }

    fn classify(&mut self, unit: usize, left: u32, touched: bool) {
        if left <= 1 {
            add(&mut self.thin, unit);
        } else if touched {
            add(&mut self.touched, unit);
        }
    }

    /// Writes to `out` what assumption `s` reaches in `W` when it is what
    /// it reaches in the source less the candidates `W` lacks (then with
    /// no contradiction); false, `out` untouched, when that is not shown.
    pub fn reached(&self, s: State, out: &mut Reached) -> bool {
        let slot = self.recall.slot[usize::from(s)];
        let Some(entry) = self.recall.entries.get(usize::from(slot)) else {
            return false;
        };
        let meets = |a: &[u64], b: &[u64]| a.iter().zip(b).any(|(x, y)| x & y != 0);
        if meets(&entry.on_units, &self.thin) || meets(&entry.reached, &self.gone_on) {
            return false; // 2 or 1 fails
        }
        let suspect: Units = std::array::from_fn(|k| self.touched[k] & entry.off_units[k]);
        if !each(&suspect, |unit| self.keeps_two(entry, unit)) {
            return false; // 3 fails
        }
        for (word, (reached, states)) in out.iter_mut().zip(entry.reached.iter().zip(&self.states))
        {
            *word = reached & states;
        }
        true
    }

    /// Whether `unit` keeps two candidates in `W` that `entry` does not
    /// turn off, or one that it turns on.
    fn keeps_two(&self, entry: &Entry, unit: usize) -> bool {
        let (left, on) = if unit < 81 {
            let digits = self.work.cells[unit];
            let (mut off, mut on) = (0u16, 0u16);
            for d0 in bits(digits) {
                off |= ((entry.off[d0] >> unit & 1) as u16) << d0;
                on |= ((entry.on[d0] >> unit & 1) as u16) << d0;
            }
            let left = digits & !off;
            (count(left), left & on != 0)
        } else {
            let (house, d0) = ((unit - 81) / 9, (unit - 81) % 9);
            let left = self.work.digits[d0] & HOUSE_MASKS[house] & !entry.off[d0];
            (left.count_ones(), left & entry.on[d0] != 0)
        };
        left >= 2 || (left == 1 && on)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
                        } else if let Some(entry) =
                            recall.entries.get(usize::from(recall.slot[usize::from(s)]))
                        {
                            let naive: Reached =
                                std::array::from_fn(|k| entry.reached[k] & reduced.states[k]);
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
