//! Sudoku Explainer's chain techniques (`chaining/Chaining.java`): forcing
//! chains and bidirectional cycles, Nishio, multiple (cell and region)
//! forcing chains and dynamic forcing chains, each producer returning the
//! hint Sudoku Explainer would apply.
//!
//! Every producer collects all its hints and keeps the one with the lowest
//! difficulty, then the smallest size (the number of candidate states the
//! chains use), then the lowest kind key; ties keep the first found, as
//! Sudoku Explainer's stable sort does. Difficulties are computed in `f64`
//! exactly as Sudoku Explainer adds them, so ties and near-ties order the
//! same way.

mod advanced;
mod cover;
mod cycles;
mod engine;
mod forcing;
mod fresh;
mod graph;
mod links;
mod multiple;
mod nesting;
mod prove;
mod recall;

#[cfg(test)]
pub use cycles::forcing_chains_and_cycles;
pub use cycles::{forcing_chains_and_cycles_along, Quiet};
#[cfg(test)]
pub use forcing::nishio_forcing_chains;
pub use forcing::{dynamic_forcing_chains, dynamic_forcing_chains_plus, nishio_forcing_chains_of};
pub use multiple::multiple_forcing_chains;
pub use nesting::nested_forcing_chains;
pub use prove::prove;

use super::proof::Chains;
use super::step::{Difficulty, Pattern, Step, Technique};
use links::{cell_of, digit_of, is_on, Cands, State};

/// What Sudoku Explainer adds to a chain's base difficulty for its size
/// (`ChainingHint.getLengthDifficulty`): 0.1 for each threshold 4, 6, 8,
/// 12, 16, 24, ... that the size minus 2 exceeds, summed in `f64`.
fn length_difficulty(size: u32) -> f64 {
    let length = i64::from(size) - 2;
    let (mut added, mut ceiling, mut odd) = (0.0, 4i64, false);
    while length > ceiling {
        added += 0.1;
        ceiling = if odd {
            ceiling * 4 / 3
        } else {
            ceiling * 3 / 2
        };
        odd = !odd;
    }
    added
}

/// A difficulty in tenths, as `serate` prints it (add 0.05, truncate).
fn tenths(difficulty: f64) -> Difficulty {
    Difficulty(((difficulty + 0.05) * 10.0) as u16)
}

/// The sort key of a chain hint: difficulty, size, kind.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Key {
    difficulty: f64,
    size: u32,
    kind: u8,
}

impl Key {
    fn new(base: f64, size: u32, kind: u8) -> Key {
        Key {
            difficulty: base + length_difficulty(size),
            size,
            kind,
        }
    }

    fn before(self, other: Key) -> bool {
        if self.difficulty != other.difficulty {
            return self.difficulty < other.difficulty;
        }
        (self.size, self.kind) < (other.size, other.kind)
    }
}

/// The thread's last `T` built from a position (`last`), when `position`
/// says it was built from `source`; else one built now, which becomes the
/// last. Producers ask for the same source's tables many times running.
fn last_built<T>(
    last: &'static std::thread::LocalKey<std::cell::RefCell<Option<std::rc::Rc<T>>>>,
    source: &Cands,
    position: impl Fn(&T) -> &Cands,
    build: impl FnOnce(&Cands) -> T,
) -> std::rc::Rc<T> {
    last.with(|last| {
        let mut last = last.borrow_mut();
        match &*last {
            Some(built) if position(built) == source => built.clone(),
            _ => {
                let built = std::rc::Rc::new(build(source));
                *last = Some(built.clone());
                built
            }
        }
    })
}

/// A step concluding `target`, the state a hint's chains all reach: a
/// placement for an "on" state (None when the cell has no other candidate
/// to lose), an elimination for "off". Forcing chains of every kind
/// conclude so, static and dynamic alike.
fn conclude(
    cands: &Cands,
    target: State,
    technique: Technique,
    pattern: Pattern,
    difficulty: Difficulty,
) -> Option<Step> {
    let (cell, d0) = (cell_of(target), digit_of(target));
    let digit = d0 as u8 + 1;
    let (placed, eliminated) = if is_on(target) {
        if cands.cells[cell] & !(1 << d0) == 0 {
            return None;
        }
        (Some((cell as u8, digit)), Vec::new())
    } else {
        (None, vec![(cell as u8, digit)])
    };
    Some(Step {
        technique,
        difficulty,
        pattern,
        placed,
        eliminated,
        chains: Chains::NONE,
    })
}

/// A hint of a nested chain producer: what it removes and the candidates
/// the enclosing chain must have removed for it to hold.
struct Collected {
    key: Key,
    /// Candidates (`cell * 9 + d0`) removed, in Sudoku Explainer's order.
    removals: Vec<u16>,
    /// Candidates of the enclosing chain's removals it rests on.
    parents: Vec<u16>,
    /// The hint's step, kept when explaining (its branches prove the
    /// removals).
    step: Option<Box<Step>>,
}

/// The best hint found so far, or every hint when collecting for an
/// enclosing chain.
#[derive(Default)]
struct Best {
    key: Option<Key>,
    step: Option<Step>,
    /// When collecting: the enclosing chain's starting position and the
    /// hints so far.
    all: Option<Box<Collecting>>,
    /// When collecting: whether to keep each hint's step.
    keep: bool,
}

impl Best {
    /// A sink keeping every hint, for a chain that started from `source`.
    /// When `keep`, each hint keeps its step.
    fn collecting(source: &links::Cands, keep: bool) -> Best {
        // The last collector's memory, when no other holds it.
        let all = match SPARE_COLLECTING.try_with(|spare| spare.take()) {
            Ok(Some(mut all)) => {
                all.source.clone_from(source);
                all.cover.clear();
                all
            }
            _ => Box::new(Collecting {
                source: source.clone(),
                cover: cover::Cover::new(),
                hints: Vec::new(),
                cells: Vec::new(),
            }),
        };
        Best {
            all: Some(all),
            keep,
            ..Best::default()
        }
    }

    /// The largest size a hint of `base` and `kind` removing `cands` may
    /// have and still replace the best one (keys grow with size, the base
    /// being the producer's, so a larger hint never does) or, when
    /// collecting, still add a removal to the enclosing chain.
    fn size_limit(&self, base: f64, kind: u8, cands: impl Iterator<Item = usize>) -> u32 {
        match &self.all {
            Some(collecting) => {
                let hints = &collecting.hints;
                collecting
                    .cover
                    .size_limit(base, kind, cands, |i| hints[i as usize].key)
            }
            None => self.kept_size(),
        }
    }

    /// The size a hint must stay within to replace the best one, whatever
    /// it removes: the best's size when keeping one hint, `u32::MAX` when
    /// there is none yet or when collecting (what adds a removal depends
    /// on the removals).
    fn kept_size(&self) -> u32 {
        match (&self.all, self.key) {
            (None, Some(best)) => best.size,
            _ => u32::MAX,
        }
    }

    /// Whether a hint with `key` would replace the best one.
    fn wants(&self, key: Key) -> bool {
        self.all.is_some() || self.key.is_none_or(|best| key.before(best))
    }

    /// Offers a hint concluding state `target` on `work`, as
    /// [`Best::offer`] does, `make` building it with [`conclude`]. When
    /// collecting without steps its removals are read off `target`, and no
    /// step is built (most such hints add nothing, and are dropped).
    fn offer_conclusion(
        &mut self,
        key: Key,
        target: State,
        make: impl FnOnce(Difficulty) -> Option<Step>,
        work: &links::Cands,
        parents: impl FnOnce(&links::Cands) -> Vec<u16>,
    ) {
        match &mut self.all {
            Some(collecting) if !self.keep => {
                // What `conclude` removes (nothing: no step).
                let (cell, removed) = links::removed_digits(work, target);
                if removed != 0 {
                    collecting.push_cells(key, &mut [(cell as u8, removed)], parents, None);
                }
            }
            _ => self.offer(key, make, work, parents),
        }
    }

    /// Offers a hint: `make` builds it (None when it removes nothing); when
    /// collecting, `parents` lists what it rests on (given the enclosing
    /// chain's starting position) and `work` is the position it applies to.
    fn offer(
        &mut self,
        key: Key,
        make: impl FnOnce(Difficulty) -> Option<Step>,
        work: &links::Cands,
        parents: impl FnOnce(&links::Cands) -> Vec<u16>,
    ) {
        if !self.wants(key) {
            return;
        }
        let Some(step) = make(tenths(key.difficulty)) else {
            return;
        };
        if let Some(collecting) = &mut self.all {
            collecting.push(key, step, work, parents, self.keep);
        } else {
            self.key = Some(key);
            self.step = Some(step);
        }
    }

    /// The collected hints in Sudoku Explainer's order (stable sort by
    /// key), each set of removals once.
    fn into_collected(self) -> Vec<Collected> {
        let Some(mut collecting) = self.all else {
            return Vec::new();
        };
        let mut all = std::mem::take(&mut collecting.hints);
        let _ = SPARE_COLLECTING.try_with(|spare| spare.set(Some(collecting)));
        all.sort_by(|a, b| {
            if a.key.before(b.key) {
                std::cmp::Ordering::Less
            } else if b.key.before(a.key) {
                std::cmp::Ordering::Greater
            } else {
                std::cmp::Ordering::Equal
            }
        });
        // Most hints remove one candidate: those are told apart by a bit
        // set, without a list to sort and hash.
        let mut single = [0u64; 729usize.div_ceil(64)];
        let mut seen = std::collections::HashSet::new();
        all.into_iter()
            .filter(|hint| {
                if let [cand] = hint.removals[..] {
                    let cand = usize::from(cand);
                    let fresh = single[cand / 64] >> (cand % 64) & 1 == 0;
                    single[cand / 64] |= 1 << (cand % 64);
                    return fresh;
                }
                let mut set = hint.removals.clone();
                set.sort_unstable();
                seen.insert(set)
            })
            .collect()
    }
}

/// What a collecting sink holds: the enclosing chain's starting position,
/// the hints so far, and which removals they make.
struct Collecting {
    source: links::Cands,
    cover: cover::Cover,
    hints: Vec<Collected>,
    /// Scratch for [`Collecting::push`]: a hint's cells, each with the
    /// digits it removes there (kept for its memory: a list allocated, or
    /// an array of 81 zeroed, for every hint offered cost more than the
    /// cover's test).
    cells: Vec<(u8, u16)>,
}

thread_local! {
    /// The last [`Collecting`] emptied, kept for its memory (one a nested
    /// search: thousands a rating).
    static SPARE_COLLECTING: std::cell::Cell<Option<Box<Collecting>>> =
        const { std::cell::Cell::new(None) };
}

/// The candidates (`cell * 9 + d0`) of cells and their digits, in order.
fn cell_cands(cells: &[(u8, u16)]) -> impl Iterator<Item = usize> + '_ {
    cells.iter().flat_map(|&(cell, digits)| {
        super::grid::bits(digits).map(move |d0| usize::from(cell) * 9 + d0)
    })
}

impl Collecting {
    /// Adds the hint with `key` and `step` (found on `work`), unless
    /// hints collected before make all its removals and sort no later
    /// (it would add nothing to the enclosing chain).
    fn push(
        &mut self,
        key: Key,
        step: Step,
        work: &links::Cands,
        parents: impl FnOnce(&links::Cands) -> Vec<u16>,
        keep: bool,
    ) {
        // Each cell once.
        let mut cells = std::mem::take(&mut self.cells);
        cells.clear();
        if let Some((cell, digit)) = step.placed {
            cells.push((cell, work.cells[usize::from(cell)] & !(1 << (digit - 1))));
        }
        for &(cell, digit) in &step.eliminated {
            match cells.iter_mut().find(|(c, _)| *c == cell) {
                Some(entry) => entry.1 |= 1 << (digit - 1),
                None => cells.push((cell, 1 << (digit - 1))),
            }
        }
        self.push_cells(key, &mut cells, parents, keep.then(|| Box::new(step)));
        self.cells = cells;
    }

    /// [`Collecting::push`] of a hint removing `cells` (each cell once,
    /// with its digits removed), keeping `step` when given.
    fn push_cells(
        &mut self,
        key: Key,
        cells: &mut [(u8, u16)],
        parents: impl FnOnce(&links::Cands) -> Vec<u16>,
        step: Option<Box<Step>>,
    ) {
        let hints = &self.hints;
        if self
            .cover
            .covers(cell_cands(cells), key, |i| hints[i as usize].key)
        {
            return;
        }
        let parents = parents(&self.source);
        if !parents.is_empty() {
            let index = self.hints.len() as u32;
            let hints = &self.hints;
            self.cover
                .add(cell_cands(cells), key, index, |i| hints[i as usize].key);
        }
        advanced::sort_hash_order(cells, |&(cell, _)| usize::from(cell));
        let removals = cell_cands(cells).map(|cand| cand as u16).collect();
        self.hints.push(Collected {
            key,
            removals,
            parents,
            step,
        });
    }
}

#[cfg(test)]
mod tests;
