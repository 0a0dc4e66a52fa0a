//! What dynamic chains of level 1 and up also deduce once their plain
//! links are exhausted (`Chaining.getAdvancedPotentials`): the first of
//! pointing/claiming, hidden pairs, naked pairs and X-wings that applies to
//! the reduced position and rests on a candidate the chain removed yields
//! all its eliminations, each resting on those removed candidates.

use super::links::Cands;
use crate::logic::grid::{
    bits, cells_of, houses_at, houses_of, HouseKind, HOUSE_CELLS, HOUSE_MASKS,
};
use crate::logic::grid::{count, several_cells, two_cells};
use crate::logic::singles::BOX_COLUMN_ROW;
use crate::logic::subsets::tuples;

/// Eliminations found, each with the removed candidates it rests on.
#[derive(Default)]
pub struct Found {
    /// (candidate, first parent, parent count): parents are
    /// `parents[first..first + count]`, candidates `cell * 9 + d0`.
    pub removals: Vec<(u16, u32, u32)>,
    /// Parent candidates.
    pub parents: Vec<u16>,
    /// For each removal, the size of the nested chain it comes from (0 for
    /// the simple techniques).
    pub nested: Vec<u32>,
    /// Whether to keep where each removal comes from (when explaining).
    keep: bool,
    /// When keeping: for each removal, what proves it.
    pub origins: Vec<Origin>,
    /// Whether every rule ran (none but the last found anything): then
    /// any removal a further reduced position gives and this one did not
    /// rests on a candidate removed after it.
    pub complete: bool,
}

/// What proves a removal a chain's reduced position yields, kept when
/// explaining: a forcing chain on that position from a cell's candidates
/// or a digit's places in a house (the simple techniques read as chains),
/// or a nested chain's step.
#[derive(Clone, Debug)]
pub enum Origin {
    /// Every candidate of the cell leads to the removal.
    Cell(u8),
    /// Every place of the digit (0-based) in the house leads to it.
    Region {
        /// The house (0-26).
        house: u8,
        /// The digit, 0-based.
        d0: u8,
    },
    /// A nested chain's step, whose branches prove it.
    Chain(Box<crate::logic::step::Step>),
}

impl Found {
    fn clear(&mut self) {
        self.removals.clear();
        self.parents.clear();
        self.nested.clear();
        self.origins.clear();
        self.complete = false;
    }

    /// Adds a hint's eliminations (in Sudoku Explainer's hash-map order)
    /// resting on `parents`, when it rests on any.
    fn hint(&mut self, removable: &[(usize, u16)], parents: &[u16], origin: Origin) {
        if parents.is_empty() || removable.is_empty() {
            return;
        }
        let first = self.parents.len() as u32;
        self.parents.extend_from_slice(parents);
        for &(cell, digits) in &hash_order(removable) {
            for d0 in bits(digits) {
                self.removals
                    .push(((cell * 9 + d0) as u16, first, parents.len() as u32));
                self.nested.push(0);
                if self.keep {
                    self.origins.push(origin.clone());
                }
            }
        }
    }

    /// Adds a nested chain's removals, in its own order.
    fn chain(&mut self, hint: &super::Collected) {
        if hint.parents.is_empty() || hint.removals.is_empty() {
            return;
        }
        let first = self.parents.len() as u32;
        self.parents.extend_from_slice(&hint.parents);
        for &cand in &hint.removals {
            self.removals.push((cand, first, hint.parents.len() as u32));
            self.nested.push(hint.key.size);
            if let Some(step) = &hint.step {
                self.origins.push(Origin::Chain(step.clone()));
            }
        }
    }
}

/// The cells of a `HashMap<Cell, BitSet>` in Java's iteration order: by
/// bucket (the cell index modulo the table size, 16 doubling while more
/// than three quarters full), then in insertion order.
pub(super) fn hash_order(removable: &[(usize, u16)]) -> Vec<(usize, u16)> {
    let mut size = 16;
    while removable.len() * 4 > size * 3 {
        size *= 2;
    }
    let mut ordered = removable.to_vec();
    ordered.sort_by_key(|&(cell, _)| cell & (size - 1));
    ordered
}

/// Runs the rules in order on `work` (the chain's reduced position; the
/// chain started from `source`) and keeps the first rule's findings: the
/// simple techniques, then at level 2 forcing chains, at level 3 multiple
/// forcing chains, and at level 4 dynamic forcing chains of level `limit`.
///
/// When `keep`, each removal's [`Origin`] is kept too.
// Never inlined: in the engine's loop it would crowd the plain links'
// code, which level 0 propagations run alone (6M more instructions on
// forum puzzle 1's dynamic chains when it was).
#[inline(never)]
pub fn advanced(work: &Cands, source: &Cands, level: u8, limit: u8, keep: bool, found: &mut Found) {
    found.clear();
    found.keep = keep;
    if keep {
        simple(work, source, found);
    } else {
        NESTED.with(|memo| {
            memo.borrow_mut()
                .replay(work, source, SIMPLE, found, |found| {
                    simple(work, source, found)
                });
        });
    }
    if !found.removals.is_empty() || level < 2 {
        return;
    }
    let producers: &[u8] = match level {
        2 => &[0],
        3 => &[0, 1],
        _ => &[2],
    };
    for (k, &producer) in producers.iter().enumerate() {
        found.complete = k + 1 == producers.len();
        if producer == 0 && cycles_find_nothing(work, source) {
            continue;
        }
        if keep {
            // Explaining keeps each hint's proof: nothing is remembered.
            for hint in &nested(work, source, producer, limit, keep) {
                found.chain(hint);
            }
        } else {
            NESTED.with(|memo| {
                memo.borrow_mut()
                    .replay(work, source, (producer, limit), found, |found| {
                        for hint in &nested(work, source, producer, limit, false) {
                            found.chain(hint);
                        }
                    });
            });
        }
        if !found.removals.is_empty() {
            return;
        }
    }
}

/// Every hint of nested producer `producer` (0: forcing chains and
/// cycles, 1: multiple forcing chains, 2: dynamic forcing chains of level
/// `limit`) on `work`, for a chain that started from `source`.
fn nested(
    work: &Cands,
    source: &Cands,
    producer: u8,
    limit: u8,
    keep: bool,
) -> Vec<super::Collected> {
    match producer {
        0 => super::cycles::collect(work, source, keep),
        1 => super::forcing::collect(work, source, false, 0, 0, keep),
        _ => super::forcing::collect(work, source, true, limit, 0, keep),
    }
}

/// Whether forcing chains and cycles surely find nothing on `work`, a
/// reduced position of a chain from `source`: when `work` has no strong
/// link that `source` lacks, and on `source` they find nothing and no
/// cycle could remove anything.
///
/// Removing candidates removes weak links, and adds strong ones only
/// where it leaves a cell with two candidates or a digit with two places
/// in a house; without those, every link of `work` is one of `source`.
/// - A forcing chain is a path from a candidate's "on" to its "off" (or
///   back): the same path is one of `source`, whose search, reaching
///   every state a path leads to, would have found a chain from that
///   start, removing or placing the candidate there too.
/// - A cycle of `work` lies in one component of cell and house links of
///   `source` (its states stay strongly connected), and what it removes
///   sees one of its "on" and one of its "off" states of its digit: then
///   `may_remove` holds for that component of `source`, which the
///   search there found to hold for none.
///
/// (The ladder tries them on its position before any nested chain; a
/// nested chain's own reduced positions are sources too, tried here once
/// each.)
fn cycles_find_nothing(work: &Cands, source: &Cands) -> bool {
    for d0 in 0..9 {
        for cell in cells_of(source.digits[d0] & !work.digits[d0]) {
            if count(work.cells[cell]) == 2 {
                return false;
            }
            for house in houses_at(cell) {
                if two_cells(work.digits[d0] & HOUSE_MASKS[house]) {
                    return false;
                }
            }
        }
    }
    NESTED.with(|memo| memo.borrow_mut().quiet(source))
}

/// The [`Memo`] stage of the simple techniques (nested producers' stages
/// are their number and nesting limit).
const SIMPLE: (u8, u8) = (u8::MAX, 0);

thread_local! {
    /// What the simple techniques and nested producers found on the
    /// reduced positions of chains from one source position.
    static NESTED: std::cell::RefCell<Memo> = std::cell::RefCell::new(Memo::default());
}

/// The removals the simple techniques and nested producers gave on reduced
/// positions of one source position, by stage (the simple techniques, or
/// a producer and its nesting limit) and position.
///
/// What each finds depends on the reduced position and the source alone,
/// and the same reduced positions recur. Different starts reach them: a
/// bivalue cell's "a off" and "b on" (or a digit's two places in a house)
/// imply each other, so their propagations reach the same states in
/// another order and run dry on the same positions. And a chain of level
/// 3 is the chain of level 2 from the same start until that one runs dry
/// (the rules are tried in the same order and the first that finds
/// anything wins), while the ladder asks level 3 on the very position
/// where level 2 found nothing. On the forum's hardest, about a third of
/// the simple techniques' positions and a seventh of the nested searches'
/// are met again.
#[derive(Default)]
struct Memo {
    /// The source position the entries belong to: its candidates and
    /// placed counts (a reduced position keeps the latter, and its digits'
    /// cells follow from its cells, so a position's cells name it).
    source: Option<([u16; 81], [u8; 9])>,
    entries: std::collections::HashMap<((u8, u8), [u16; 81]), Remembered, WordHash>,
    /// Whether forcing chains and cycles find nothing on the source, once
    /// asked ([`cycles_find_nothing`]).
    quiet: Option<bool>,
}

/// A hash of a position eight bytes at a time: the default hasher's
/// resistance to chosen keys buys nothing here, and costs a few hundred
/// instructions a position.
type WordHash = std::hash::BuildHasherDefault<WordHasher>;

/// The state of [`WordHash`]: each word rotated in and multiplied (as
/// `FxHash` does), so every input bit reaches the high bits the table uses.
#[derive(Default)]
struct WordHasher(u64);

impl std::hash::Hasher for WordHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut words = bytes.chunks_exact(8);
        for word in &mut words {
            self.add(u64::from_le_bytes(word.try_into().expect("eight bytes")));
        }
        let mut rest = [0u8; 8];
        rest[..words.remainder().len()].copy_from_slice(words.remainder());
        self.add(u64::from_le_bytes(rest));
    }

    fn write_u8(&mut self, byte: u8) {
        self.add(u64::from(byte));
    }

    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

impl WordHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

/// One stage's removals as [`Found`] holds them: each candidate with its
/// parents (`parents[first..first + count]`) and the size of the nested
/// chain it comes from (0 for the simple techniques).
struct Remembered {
    removals: Vec<(u16, u32, u32)>,
    parents: Vec<u16>,
    nested: Vec<u32>,
}

/// At most this many nested searches are remembered for one source (each
/// entry is some 200 bytes and its hints): enough for the hardest
/// position, bounded for any other.
const MEMO_LIMIT: usize = 1 << 16;

impl Memo {
    /// Makes `source` the position the entries belong to, forgetting those
    /// of another.
    fn follow(&mut self, source: &Cands) {
        if self.source != Some((source.cells, source.placed)) {
            self.source = Some((source.cells, source.placed));
            self.entries.clear();
            self.quiet = None;
        }
    }

    /// Whether forcing chains and cycles find nothing on `source`.
    fn quiet(&mut self, source: &Cands) -> bool {
        self.follow(source);
        *self
            .quiet
            .get_or_insert_with(|| super::cycles::find_nothing(source))
    }

    /// Adds to `found` (empty) what `stage` finds on `work`: remembered,
    /// or by `search`, which adds it to `found`.
    fn replay(
        &mut self,
        work: &Cands,
        source: &Cands,
        stage: (u8, u8),
        found: &mut Found,
        search: impl FnOnce(&mut Found),
    ) {
        self.follow(source);
        let key = (stage, work.cells);
        if let Some(entry) = self.entries.get(&key) {
            found.parents.extend_from_slice(&entry.parents);
            found.removals.extend_from_slice(&entry.removals);
            found.nested.extend_from_slice(&entry.nested);
            return;
        }
        debug_assert!(found.removals.is_empty() && found.parents.is_empty());
        search(found);
        if self.entries.len() < MEMO_LIMIT {
            let entry = Remembered {
                removals: found.removals.clone(),
                parents: found.parents.clone(),
                nested: found.nested.clone(),
            };
            self.entries.insert(key, entry);
        }
    }
}

/// Each digit's candidates removed since `source` (`work` lacks them).
///
/// A hint of the simple techniques counts only when it rests on one of
/// them ([`Found::hint`] drops it otherwise), and each technique names
/// the removals it could rest on: a house, line or cell pair without any
/// is skipped before it is looked at.
type Removed = [u128; 9];

fn simple(work: &Cands, source: &Cands, found: &mut Found) {
    let gone: Removed = std::array::from_fn(|d0| source.digits[d0] & !work.digits[d0]);
    if gone.iter().all(|&cells| cells == 0) {
        return; // nothing to rest on
    }
    let touched = Touched::of(&gone);
    locking(work, source, &gone, &touched.houses, found);
    if !found.removals.is_empty() {
        return;
    }
    // Pairs are looked for only in houses with four unsolved cells or more.
    let unsolved = unsolved(source);
    hidden_pairs(work, source, (&touched.digits, unsolved), found);
    if !found.removals.is_empty() {
        return;
    }
    naked_pairs(work, source, (&gone, unsolved), found);
    if !found.removals.is_empty() {
        return;
    }
    x_wings(work, source, &gone, found);
}

/// Where the removed candidates lie, found from the few removed
/// candidates rather than by one test per house and digit.
struct Touched {
    /// Each house's digits (bits 0-8) that lost a candidate there.
    digits: [u16; 27],
    /// Each digit's houses (bits 0-26) where it lost a candidate.
    houses: [u32; 9],
}

impl Touched {
    fn of(gone: &Removed) -> Touched {
        let mut touched = Touched {
            digits: [0; 27],
            houses: [0; 9],
        };
        for (d0, &cells) in gone.iter().enumerate() {
            for cell in cells_of(cells) {
                for house in houses_at(cell) {
                    touched.digits[house] |= 1 << d0;
                    touched.houses[d0] |= 1 << house;
                }
            }
        }
        touched
    }
}

/// The houses of a set (bits 0-26), ascending.
fn houses_in(mut set: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let house = set.trailing_zeros() as usize;
            set &= set - 1;
            house
        })
    })
}

fn house_kind_range(kind: HouseKind) -> std::ops::Range<usize> {
    kind.first()..kind.first() + 9
}

fn locking(work: &Cands, source: &Cands, gone: &Removed, touched: &[u32; 9], found: &mut Found) {
    const ORDER: [(HouseKind, HouseKind); 4] = [
        (HouseKind::Box, HouseKind::Column),
        (HouseKind::Box, HouseKind::Row),
        (HouseKind::Column, HouseKind::Box),
        (HouseKind::Row, HouseKind::Box),
    ];
    let mut removable = Vec::new();
    let mut parents = Vec::new();
    for (kind1, kind2) in ORDER {
        let kind_houses = 0x1ffu32 << kind1.first();
        for d0 in 0..9 {
            // Parents: places removed in `from` outside `to`.
            for from in houses_in(touched[d0] & kind_houses) {
                let places = work.digits[d0] & HOUSE_MASKS[from];
                if !several_cells(places) {
                    continue;
                }
                // Two or more places lie in at most one house of the
                // other kind: that of the first place, if any.
                let to = houses_of(places.trailing_zeros() as usize)[kind2.first() / 9];
                if places & !HOUSE_MASKS[to] != 0
                    || work.digits[d0] & HOUSE_MASKS[to] & !HOUSE_MASKS[from] == 0
                    || gone[d0] & HOUSE_MASKS[from] & !HOUSE_MASKS[to] == 0
                {
                    continue; // not locked, nothing to remove, or to rest on
                }
                removable.clear();
                for &cell in &HOUSE_CELLS[to] {
                    let cell = usize::from(cell);
                    if HOUSE_MASKS[from] >> cell & 1 == 0 && work.cells[cell] >> d0 & 1 != 0 {
                        removable.push((cell, 1 << d0));
                    }
                }
                parents.clear();
                for &cell in &HOUSE_CELLS[from] {
                    let cell = usize::from(cell);
                    if removed(work, source, cell, d0) && HOUSE_MASKS[to] >> cell & 1 == 0 {
                        parents.push((cell * 9 + d0) as u16);
                    }
                }
                let origin = Origin::Region {
                    house: from as u8,
                    d0: d0 as u8,
                };
                found.hint(&removable, &parents, origin);
            }
        }
    }
}

fn removed(work: &Cands, source: &Cands, cell: usize, d0: usize) -> bool {
    (source.cells[cell] & !work.cells[cell]) >> d0 & 1 != 0
}

fn empty_in(unsolved: u128, house: usize) -> u32 {
    (unsolved & HOUSE_MASKS[house]).count_ones()
}

/// The cells of `source` with candidates (those not yet solved).
fn unsolved(source: &Cands) -> u128 {
    source.digits.iter().fold(0, |cells, &digit| cells | digit)
}

fn hidden_pairs(
    work: &Cands,
    source: &Cands,
    (touched, unsolved): (&[u16; 27], u128),
    found: &mut Found,
) {
    let mut removable = Vec::new();
    let mut parents = Vec::new();
    for kind in BOX_COLUMN_ROW {
        for house in house_kind_range(kind) {
            // Parents: the pair's digits removed from the house's other
            // cells (the pair holds the digits' only places left).
            let removed_here = touched[house];
            if removed_here == 0 || empty_in(unsolved, house) <= 4 {
                continue;
            }
            let places = |d0: usize| -> u16 {
                (0..9).fold(0, |m, p| {
                    m | (work.cells[usize::from(HOUSE_CELLS[house][p])] >> d0 & 1) << p
                })
            };
            let eligible = (0..9)
                .filter(|&d| two_cells(work.places(house, d)))
                .fold(0u16, |m, d| m | 1 << d);
            for digits in tuples(eligible, 2) {
                if digits & removed_here == 0 {
                    continue;
                }
                let positions = bits(digits).fold(0, |all, d| all | places(d));
                if count(positions) != 2 {
                    continue;
                }
                removable.clear();
                for p in bits(positions) {
                    let cell = usize::from(HOUSE_CELLS[house][p]);
                    let others = work.cells[cell] & !digits;
                    if others != 0 {
                        removable.push((cell, others));
                    }
                }
                parents.clear();
                for p in 0..9 {
                    if positions >> p & 1 != 0 {
                        continue;
                    }
                    let cell = usize::from(HOUSE_CELLS[house][p]);
                    for d0 in bits(digits) {
                        if source.cells[cell] >> d0 & 1 != 0 {
                            parents.push((cell * 9 + d0) as u16);
                        }
                    }
                }
                let origin = Origin::Region {
                    house: house as u8,
                    d0: digits.trailing_zeros() as u8,
                };
                found.hint(&removable, &parents, origin);
            }
        }
    }
}

fn naked_pairs(
    work: &Cands,
    source: &Cands,
    (gone, unsolved): (&Removed, u128),
    found: &mut Found,
) {
    let mut removable = Vec::new();
    let mut parents = Vec::new();
    // Parents: the pair cells' other candidates, all removed.
    let changed = gone.iter().fold(0u128, |all, &cells| all | cells);
    for kind in BOX_COLUMN_ROW {
        for house in house_kind_range(kind) {
            if changed & HOUSE_MASKS[house] == 0 || empty_in(unsolved, house) < 4 {
                continue;
            }
            let cells = &HOUSE_CELLS[house];
            let candidates = |p: usize| work.cells[usize::from(cells[p])];
            let eligible = (0..9)
                .filter(|&p| count(candidates(p)) == 2)
                .fold(0u16, |m, p| m | 1 << p);
            for tuple in tuples(eligible, 2) {
                if bits(tuple).all(|p| changed >> cells[p] & 1 == 0) {
                    continue;
                }
                let digits = bits(tuple).fold(0, |all, p| all | candidates(p));
                if count(digits) != 2 {
                    continue;
                }
                removable.clear();
                for p in 0..9 {
                    if tuple >> p & 1 == 0 && candidates(p) & digits != 0 {
                        removable.push((usize::from(cells[p]), candidates(p) & digits));
                    }
                }
                parents.clear();
                for p in bits(tuple) {
                    let cell = usize::from(cells[p]);
                    for d0 in bits(source.cells[cell] & !digits) {
                        parents.push((cell * 9 + d0) as u16);
                    }
                }
                let origin = Origin::Cell(cells[tuple.trailing_zeros() as usize]);
                found.hint(&removable, &parents, origin);
            }
        }
    }
}

fn x_wings(work: &Cands, source: &Cands, gone: &Removed, found: &mut Found) {
    let mut removable = Vec::new();
    let mut parents = Vec::new();
    for (base, cover) in [
        (HouseKind::Column, HouseKind::Row),
        (HouseKind::Row, HouseKind::Column),
    ] {
        let mut eligible = [0u16; 9];
        for d0 in 0..9 {
            // Parents: places removed from the base lines.
            if usize::from(source.placed[d0]) + 4 > 9 || gone[d0] == 0 {
                continue;
            }
            for line in 0..9 {
                if two_cells(work.digits[d0] & HOUSE_MASKS[base.first() + line]) {
                    eligible[d0] |= 1 << line;
                }
            }
        }
        // A pair of lines counts only for a digit with two places in each.
        let any = eligible.iter().fold(0, |all, &lines| all | lines);
        for lines in tuples(any, 2) {
            for d0 in 0..9 {
                if lines & !eligible[d0] != 0 {
                    continue;
                }
                let position = |cell: usize| match cover {
                    HouseKind::Row => cell / 9,
                    _ => cell % 9,
                };
                let base_cells = bits(lines).fold(0u128, |m, l| m | HOUSE_MASKS[base.first() + l]);
                let covers =
                    cells_of(work.digits[d0] & base_cells).fold(0u16, |m, c| m | 1 << position(c));
                if count(covers) != 2 {
                    continue;
                }
                removable.clear();
                for c in bits(covers) {
                    for &cell in &HOUSE_CELLS[cover.first() + c] {
                        let cell = usize::from(cell);
                        if base_cells >> cell & 1 == 0 && work.cells[cell] >> d0 & 1 != 0 {
                            removable.push((cell, 1 << d0));
                        }
                    }
                }
                let cover_cells =
                    bits(covers).fold(0u128, |m, l| m | HOUSE_MASKS[cover.first() + l]);
                parents.clear();
                for l in bits(lines) {
                    for &cell in &HOUSE_CELLS[base.first() + l] {
                        let cell = usize::from(cell);
                        if removed(work, source, cell, d0) && cover_cells >> cell & 1 == 0 {
                            parents.push((cell * 9 + d0) as u16);
                        }
                    }
                }
                let origin = Origin::Region {
                    house: (base.first() + lines.trailing_zeros() as usize) as u8,
                    d0: d0 as u8,
                };
                found.hint(&removable, &parents, origin);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What `found` holds, to compare.
    fn contents(found: &Found) -> String {
        format!(
            "{:?} {:?} {:?}",
            found.removals, found.parents, found.nested
        )
    }

    /// Where forcing chains and cycles find nothing on a position of a
    /// hard puzzle's solving path, they find nothing either on any
    /// position a few candidates short of it without a new strong link,
    /// as the shortcut says; and positions with one are searched.
    #[test]
    fn nested_cycles_find_nothing_without_new_strong_links() {
        let board: crate::board::Board =
            "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"
                .parse()
                .unwrap();
        let mut grid = crate::logic::Grid::new(&board);
        let (mut skipped, mut searched, mut hinted) = (0, 0, 0);
        for step in crate::logic::explain(&board).steps.into_iter().take(60) {
            let source = Cands::of(&grid);
            step.apply(&mut grid);
            if !super::super::cycles::find_nothing(&source) {
                continue;
            }
            let cands: Vec<usize> = (0..729)
                .filter(|&c| source.cells[c / 9] >> (c % 9) & 1 != 0)
                .collect();
            for (k, &first) in cands.iter().enumerate().step_by(5) {
                let mut work = source.clone();
                work.remove(first / 9, first % 9);
                let second = cands[(k * 7 + 3) % cands.len()];
                if k % 2 == 0 && count(work.cells[second / 9]) > 1 {
                    work.remove(second / 9, second % 9);
                }
                let hints = super::super::cycles::collect(&work, &source, false);
                if cycles_find_nothing(&work, &source) {
                    assert!(hints.is_empty(), "{step}: {first} {second}");
                    skipped += 1;
                } else {
                    searched += 1;
                    hinted += usize::from(!hints.is_empty());
                }
            }
        }
        assert!(skipped > 50 && hinted > 50, "{skipped} {searched} {hinted}");
    }

    #[test]
    fn remembered_searches_give_what_searching_gives() {
        let board: crate::board::Board =
            "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"
                .parse()
                .unwrap();
        let source = Cands::of(&crate::logic::Grid::new(&board));
        let mut memo = Memo::default();
        let (mut nonempty, mut simple_found) = ([0; 3], 0);
        // Positions one candidate short of the source, each searched
        // directly, then through the memo twice (a search, then a replay).
        for cand in (0..729)
            .filter(|&c| source.cells[c / 9] >> (c % 9) & 1 != 0)
            .step_by(7)
        {
            let mut work = source.clone();
            work.remove(cand / 9, cand % 9);
            let mut direct = Found::default();
            simple(&work, &source, &mut direct);
            for _ in 0..2 {
                let mut found = Found::default();
                memo.replay(&work, &source, SIMPLE, &mut found, |found| {
                    simple(&work, &source, found)
                });
                assert_eq!(contents(&found), contents(&direct), "{cand} simple");
            }
            simple_found += usize::from(!direct.removals.is_empty());
            for producer in 0..3u8 {
                let mut direct = Found::default();
                for hint in &nested(&work, &source, producer, 0, false) {
                    direct.chain(hint);
                }
                for _ in 0..2 {
                    let mut found = Found::default();
                    memo.replay(&work, &source, (producer, 0), &mut found, |found| {
                        for hint in &nested(&work, &source, producer, 0, false) {
                            found.chain(hint);
                        }
                    });
                    assert_eq!(contents(&found), contents(&direct), "{cand} {producer}");
                }
                nonempty[usize::from(producer)] += usize::from(!direct.removals.is_empty());
            }
        }
        assert!(nonempty.iter().all(|&n| n > 0), "{nonempty:?}");
        assert!(simple_found > 0);
        assert!(!memo.entries.is_empty());
        // Another source starts afresh.
        let mut other = source.clone();
        other.remove(0, source.cells[0].trailing_zeros() as usize);
        memo.replay(&other, &other, SIMPLE, &mut Found::default(), |_| {});
        assert_eq!(memo.entries.len(), 1);
    }

    #[test]
    fn touched_houses_are_those_of_the_removed_candidates() {
        let mut gone: Removed = [0; 9];
        gone[2] = 1 << 10; // r2c2: box 0, row 10, column 19
        gone[5] = 1 << 80 | 1 << 0; // r9c9 and r1c1
        let touched = Touched::of(&gone);
        assert_eq!(touched.houses[2], 1 << 0 | 1 << 10 | 1 << 19);
        assert_eq!(
            touched.houses[5],
            1 << 8 | 1 << 17 | 1 << 26 | 1 << 0 | 1 << 9 | 1 << 18
        );
        assert_eq!(touched.digits[0], 1 << 2 | 1 << 5);
        assert_eq!(touched.digits[26], 1 << 5);
        assert_eq!(touched.houses[0], 0);
        assert_eq!(houses_in(1 << 3 | 1 << 20).collect::<Vec<_>>(), [3, 20]);
    }
}
