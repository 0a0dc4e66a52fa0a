//! What dynamic chains of level 1 and up also deduce once their plain
//! links are exhausted (`Chaining.getAdvancedPotentials`): the first of
//! pointing/claiming, hidden pairs, naked pairs and X-wings that applies to
//! the reduced position and rests on a candidate the chain removed yields
//! all its eliminations, each resting on those removed candidates.

use super::fresh;
use super::links::Cands;
use crate::logic::grid::{
    bits, cells_of, houses_at, houses_of, HouseKind, HOUSE_CELLS, HOUSE_MASKS,
};
use crate::logic::grid::{count, several_cells, two_cells};
use crate::logic::singles::BOX_COLUMN_ROW;

/// A list of at most `N` entries on the stack. The simple techniques run
/// on most reduced positions of a chain and name a few cells a hint: a
/// list allocated for each was much of the allocator's work.
#[derive(Clone, Copy)]
struct Few<T: Copy + Default, const N: usize> {
    items: [T; N],
    len: usize,
}

impl<T: Copy + Default, const N: usize> Few<T, N> {
    fn new() -> Self {
        Few {
            items: [T::default(); N],
            len: 0,
        }
    }

    fn clear(&mut self) {
        self.len = 0;
    }

    /// Adds `item`; the callers' bounds keep within `N` (past it, a panic).
    fn push(&mut self, item: T) {
        self.items[self.len] = item;
        self.len += 1;
    }
}

impl<T: Copy + Default, const N: usize> std::ops::Deref for Few<T, N> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        &self.items[..self.len]
    }
}

impl<T: Copy + Default, const N: usize> std::ops::DerefMut for Few<T, N> {
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.items[..self.len]
    }
}

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
    /// The simple technique whose hints these are, in [`simple`]'s order
    /// ([`SIMPLE_RULES`] when none gave any): it and those before it ran.
    fired: u8,
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
        self.fired = SIMPLE_RULES;
    }

    /// Adds a hint's eliminations (in Sudoku Explainer's hash-map order)
    /// resting on `parents`, when it rests on any.
    fn hint(&mut self, removable: &[(usize, u16)], parents: &[u16], origin: Origin) {
        if parents.is_empty() || removable.is_empty() {
            return;
        }
        let first = self.parents.len() as u32;
        self.parents.extend_from_slice(parents);
        // The simple techniques' hints name fourteen cells at most.
        let mut ordered: Few<(usize, u16), 14> = Few::new();
        for &entry in removable {
            ordered.push(entry);
        }
        sort_hash_order(&mut ordered, |&(cell, _)| cell);
        for &(cell, digits) in ordered.iter() {
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

/// Sorts entries (whose cell `cell` reads) into the order of a
/// `HashMap<Cell, BitSet>` in Java: by bucket (the cell index modulo the
/// table size, 16 doubling while more than three quarters full), then in
/// insertion order.
pub(super) fn sort_hash_order<T>(entries: &mut [T], cell: impl Fn(&T) -> usize) {
    let mut size = 16;
    while entries.len() * 4 > size * 3 {
        size *= 2;
    }
    // Stable: a bucket keeps insertion order.
    entries.sort_by_key(|entry| cell(entry) & (size - 1));
}

/// The chain producers that dynamic chains of level 2 and up apply to
/// their reduced positions, handed down to the engine by the module above
/// them all (`nesting`): each of them is a chain producer in its own
/// right, and dynamic chains run the engine themselves, so the engine
/// cannot name them.
///
/// Plain function pointers, called once per nested search (each a whole
/// producer's scan), never in the engine's loop over links.
#[derive(Clone, Copy)]
pub struct Nested {
    /// Every hint of producer `producer` (0: forcing chains and cycles,
    /// 1: multiple forcing chains, 2: dynamic forcing chains of level
    /// `limit`) on `work`, for a chain that started from `source`; each
    /// keeps its step when `keep`: `collect(work, source, producer, limit,
    /// keep)`.
    pub collect: fn(&Cands, &Cands, u8, u8, bool) -> Vec<super::Collected>,
    /// Whether forcing chains and cycles find nothing on a position, nor
    /// could any cycle there remove a candidate (see [`cycles_quiet`]).
    pub find_nothing: fn(&Cands) -> bool,
}

/// Runs the rules in order on `work` (the chain's reduced position; the
/// chain started from `source`) and keeps the first rule's findings: the
/// simple techniques, then at level 2 forcing chains, at level 3 multiple
/// forcing chains, and at level 4 dynamic forcing chains of level `limit`,
/// the producers `nested` (which levels 2 and up must be given).
///
/// When `keep`, each removal's [`Origin`] is kept too.
// Never inlined: in the engine's loop it would crowd the plain links'
// code, which level 0 propagations run alone (6M more instructions on
// forum puzzle 1's dynamic chains when it was).
#[inline(never)]
pub fn advanced(
    (work, source): (&Cands, &Cands),
    (level, limit): (u8, u8),
    nested: Option<&Nested>,
    keep: bool,
    checked: &mut Checked,
    found: &mut Found,
) {
    found.clear();
    found.keep = keep;
    if keep {
        simple(work, source, checked, found);
    } else {
        NESTED.with(|memo| match memo.try_borrow_mut() {
            Ok(mut memo) => memo.replay(work, source, SIMPLE, found, |found| {
                simple(work, source, checked, found)
            }),
            // Busy: this is a chain nested in a nested search (rungs 4,1
            // and 4,2), whose positions the outer search's memo does not
            // hold; it goes without.
            Err(_) => simple(work, source, checked, found),
        });
    }
    checked.ran(work, found.fired);
    if !found.removals.is_empty() || level < 2 {
        return;
    }
    let nested = nested.expect("chains of level 2 and up are given their nested producers");
    let producers: &[u8] = match level {
        2 => &[0],
        3 => &[0, 1],
        _ => &[2],
    };
    for (k, &producer) in producers.iter().enumerate() {
        found.complete = k + 1 == producers.len();
        // Forcing chains and cycles that find nothing on the source find
        // something here only through the strong links its chain made (see
        // `cycles_quiet`): none, nothing is searched; else they are
        // searched only when some state reaches its negation through them
        // (asked only of positions not met before).
        let quiet = producer == 0 && cycles_quiet(source, nested.find_nothing);
        if quiet && !work.has_new_strong_link(source) {
            continue;
        }
        let search = |found: &mut Found| {
            if quiet && !fresh::reaches_negation(work, source) {
                return;
            }
            for hint in &(nested.collect)(work, source, producer, limit, keep) {
                found.chain(hint);
            }
        };
        if keep {
            // Explaining keeps each hint's proof: nothing is remembered.
            search(found);
        } else {
            NESTED.with(|memo| match memo.try_borrow_mut() {
                Ok(mut memo) => memo.replay(work, source, (producer, limit), found, search),
                // Busy: nested in a nested search, as above.
                Err(_) => search(found),
            });
        }
        if !found.removals.is_empty() {
            return;
        }
    }
}

/// Whether forcing chains and cycles find nothing on `source`, the
/// position a chain started from (`find_nothing`, asked once a source):
/// then on `work`, a position that chain reduced, they find nothing
/// unless some state reaches its negation under cell and house links.
///
/// They find something only where some state does (see [`fresh`]): a
/// forcing chain is such a path, and a cycle that removes a candidate
/// makes one from that candidate. On `source` none does; so one does on
/// `work` only through a strong link `source` lacks, which
/// [`fresh::reaches_negation`] follows from the few such links. Removing
/// candidates removes weak links, and adds strong ones only where it
/// leaves a cell with two candidates or a digit with two places in a
/// house: without those, nothing need be searched at all.
///
/// (The ladder tries them on its position before any nested chain; a
/// nested chain's own reduced positions are sources too, tried here once
/// each.)
fn cycles_quiet(source: &Cands, find_nothing: fn(&Cands) -> bool) -> bool {
    NESTED.with(|memo| match memo.try_borrow_mut() {
        Ok(mut memo) => memo.quiet(source, find_nothing),
        // Busy: nested in a nested search (see `advanced`), asked afresh.
        Err(_) => find_nothing(source),
    })
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
    /// asked ([`cycles_quiet`]).
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
    fired: u8,
}

/// At most this many nested searches are remembered for one source (each
/// entry is some 200 bytes and its hints): enough for the hardest
/// position, bounded for any other.
const MEMO_LIMIT: usize = 1 << 16;

impl Memo {
    /// Makes `source` the position the entries belong to, forgetting those
    /// of another.
    fn follow(&mut self, source: &Cands) {
        // Compared in place: a pair built to compare is a copy each call.
        let same = matches!(&self.source,
            Some((cells, placed)) if *cells == source.cells && *placed == source.placed);
        if !same {
            self.source = Some((source.cells, source.placed));
            self.entries.clear();
            self.quiet = None;
        }
    }

    /// Whether forcing chains and cycles find nothing on `source`, as
    /// `find_nothing` tells the first time.
    fn quiet(&mut self, source: &Cands, find_nothing: fn(&Cands) -> bool) -> bool {
        self.follow(source);
        *self.quiet.get_or_insert_with(|| find_nothing(source))
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
            found.fired = entry.fired;
            return;
        }
        debug_assert!(found.removals.is_empty() && found.parents.is_empty());
        search(found);
        if self.entries.len() < MEMO_LIMIT {
            let entry = Remembered {
                removals: found.removals.clone(),
                parents: found.parents.clone(),
                nested: found.nested.clone(),
                fired: found.fired,
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

/// The number of simple techniques [`simple`] tries, in its order:
/// pointing and claiming, hidden pairs, naked pairs, X-wings.
const SIMPLE_RULES: u8 = 4;

/// Where each simple technique last ran in one propagation: the digits'
/// places of that position (None before it ran).
///
/// A propagation only removes candidates, and it removes all that a
/// technique found where it ran. So a hint the technique gives on a
/// position further reduced lies where a candidate was removed since: a
/// lock whose house lost a place of its digit, a hidden pair one of whose
/// digits lost a place in its house, a naked pair one of whose cells lost
/// a candidate, an X-wing one of whose base lines lost a place. Any other
/// was there, with the same parents and more to remove, where the
/// technique last ran: it was applied (nothing is left to remove), or it
/// rested on nothing removed (and still does).
#[derive(Default)]
pub struct Checked {
    at: [Option<Removed>; SIMPLE_RULES as usize],
}

impl Checked {
    /// Forgets every position: a new propagation starts.
    pub fn clear(&mut self) {
        self.at = Default::default();
    }

    /// Notes that the techniques up to `fired` (all when none found
    /// anything) ran on `work`.
    fn ran(&mut self, work: &Cands, fired: u8) {
        let ran = usize::from(fired.min(SIMPLE_RULES - 1)) + 1;
        for at in &mut self.at[..ran] {
            *at = Some(work.digits);
        }
    }

    /// Each digit's candidates removed since technique `rule` last ran
    /// (since the source, `gone`, before it ran).
    fn since(&self, rule: usize, work: &Cands, gone: &Removed) -> Removed {
        match &self.at[rule] {
            Some(then) => std::array::from_fn(|d0| then[d0] & !work.digits[d0]),
            None => *gone,
        }
    }
}

/// The first simple technique's hints on `work` that rest on candidates
/// removed since `source`, each technique looking only where candidates
/// were removed since it last ran in this propagation (see [`Checked`]).
fn simple(work: &Cands, source: &Cands, checked: &Checked, found: &mut Found) {
    let gone: Removed = std::array::from_fn(|d0| source.digits[d0] & !work.digits[d0]);
    if gone.iter().all(|&cells| cells == 0) {
        return; // nothing to rest on
    }
    let since = |rule: u8| checked.since(usize::from(rule), work, &gone);
    let fired = |found: &mut Found, rule: u8| {
        let any = !found.removals.is_empty();
        if any {
            found.fired = rule;
        }
        any
    };
    locking(work, source, &gone, &Touched::of(&since(0)).houses, found);
    if fired(found, 0) {
        return;
    }
    // Pairs are looked for only in houses with four unsolved cells or more.
    let unsolved = unsolved(source);
    hidden_pairs(
        work,
        source,
        (&Touched::of(&since(1)).digits, unsolved),
        found,
    );
    if fired(found, 1) {
        return;
    }
    naked_pairs(work, source, (&since(2), unsolved), found);
    if fired(found, 2) {
        return;
    }
    x_wings(work, source, &since(3), found);
    fired(found, 3);
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
    // The cells of one house outside another: six at most.
    let mut removable: Few<(usize, u16), 6> = Few::new();
    let mut parents: Few<u16, 6> = Few::new();
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
    // The pair's two cells; the digits' places elsewhere in the house.
    let mut removable: Few<(usize, u16), 2> = Few::new();
    let mut parents: Few<u16, 14> = Few::new();
    for kind in BOX_COLUMN_ROW {
        for house in house_kind_range(kind) {
            // Parents: the pair's digits removed from the house's other
            // cells (the pair holds the digits' only places left).
            let removed_here = touched[house];
            if removed_here == 0 || empty_in(unsolved, house) <= 4 {
                continue;
            }
            for &digits in &hidden_pairs_in(work, house, removed_here) {
                let positions = work.places(house, digits.trailing_zeros() as usize);
                // A house's cells ascend as its positions do.
                removable.clear();
                for cell in cells_of(positions) {
                    let others = work.cells[cell] & !digits;
                    if others != 0 {
                        removable.push((cell, others));
                    }
                }
                parents.clear();
                for cell in cells_of(HOUSE_MASKS[house] & !positions) {
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
    // The house's other seven cells; the pair's other digits.
    let mut removable: Few<(usize, u16), 7> = Few::new();
    let mut parents: Few<u16, 14> = Few::new();
    // Parents: the pair cells' other candidates, all removed.
    let changed = gone.iter().fold(0u128, |all, &cells| all | cells);
    for kind in BOX_COLUMN_ROW {
        for house in house_kind_range(kind) {
            if changed & HOUSE_MASKS[house] == 0 || empty_in(unsolved, house) < 4 {
                continue;
            }
            for pair in naked_pairs_in(work, house, changed) {
                let digits = work.cells[pair.trailing_zeros() as usize];
                removable.clear();
                for cell in cells_of(HOUSE_MASKS[house] & !pair) {
                    if work.cells[cell] & digits != 0 {
                        removable.push((cell, work.cells[cell] & digits));
                    }
                }
                parents.clear();
                for cell in cells_of(pair) {
                    for d0 in bits(source.cells[cell] & !digits) {
                        parents.push((cell * 9 + d0) as u16);
                    }
                }
                let origin = Origin::Cell(pair.trailing_zeros() as u8);
                found.hint(&removable, &parents, origin);
            }
        }
    }
}

/// The hidden pairs of `house` with a digit of `touched` (a pair's digits
/// as a mask), in increasing order (the order of `subsets::tuples`): found from
/// each touched digit with two places, whose partner must be a candidate
/// of both, rather than by trying every pair of digits.
fn hidden_pairs_in(work: &Cands, house: usize, touched: u16) -> Vec<u16> {
    let mut pairs = Vec::new();
    for a in bits(touched) {
        let here = work.places(house, a);
        if !two_cells(here) {
            continue;
        }
        let first = here.trailing_zeros() as usize;
        let second = (here & (here - 1)).trailing_zeros() as usize;
        for b in bits(work.cells[first] & work.cells[second] & !(1 << a)) {
            let pair = 1 << a | 1 << b;
            if work.places(house, b) == here && !pairs.contains(&pair) {
                pairs.push(pair);
            }
        }
    }
    pairs.sort_unstable();
    pairs
}

/// The naked pairs of `house` with a cell of `changed` (a pair's cells as
/// a set), in increasing order (a house's positions ascend with its
/// cells, so the order of `subsets::tuples` over positions): found from each
/// changed cell of two candidates, whose partner holds both.
fn naked_pairs_in(work: &Cands, house: usize, changed: u128) -> Vec<u128> {
    let mut pairs = Vec::new();
    for cell in cells_of(changed & HOUSE_MASKS[house]) {
        let digits = work.cells[cell];
        if count(digits) != 2 {
            continue;
        }
        let (x, y) = (digits.trailing_zeros(), 15 - digits.leading_zeros());
        let both = work.digits[x as usize] & work.digits[y as usize] & HOUSE_MASKS[house];
        for other in cells_of(both & !(1u128 << cell)) {
            let pair = 1u128 << cell | 1u128 << other;
            if work.cells[other] == digits && !pairs.contains(&pair) {
                pairs.push(pair);
            }
        }
    }
    pairs.sort_unstable();
    pairs
}

fn x_wings(work: &Cands, source: &Cands, gone: &Removed, found: &mut Found) {
    // Two lines' cells outside two others: fourteen at most.
    let mut removable: Few<(usize, u16), 14> = Few::new();
    let mut parents: Few<u16, 14> = Few::new();
    for (base, cover) in [
        (HouseKind::Column, HouseKind::Row),
        (HouseKind::Row, HouseKind::Column),
    ] {
        for (lines, d0) in x_wings_in(work, source, gone, (base, cover)) {
            let position = |cell: usize| match cover {
                HouseKind::Row => cell / 9,
                _ => cell % 9,
            };
            let base_cells = bits(lines).fold(0u128, |m, l| m | HOUSE_MASKS[base.first() + l]);
            // Two cover lines, as `x_wings_in` found them.
            let covers =
                cells_of(work.digits[d0] & base_cells).fold(0u16, |m, c| m | 1 << position(c));
            debug_assert_eq!(count(covers), 2);
            removable.clear();
            for c in bits(covers) {
                for &cell in &HOUSE_CELLS[cover.first() + c] {
                    let cell = usize::from(cell);
                    if base_cells >> cell & 1 == 0 && work.cells[cell] >> d0 & 1 != 0 {
                        removable.push((cell, 1 << d0));
                    }
                }
            }
            let cover_cells = bits(covers).fold(0u128, |m, l| m | HOUSE_MASKS[cover.first() + l]);
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

/// The X-wings of digits with base lines of kind `base` and cover lines of
/// kind `cover`, as (the base lines, the digit), with a base line that lost
/// a place of the digit in `gone` (only those rest on a removal, or on one
/// made since X-wings last ran; see [`Checked`]): in the order of
/// the plain search, pairs of lines in increasing order, then digits.
/// Found from each such line with two places, whose partner line must
/// hold the digit in the same two cover lines.
fn x_wings_in(
    work: &Cands,
    source: &Cands,
    gone: &Removed,
    (base, cover): (HouseKind, HouseKind),
) -> Vec<(u16, usize)> {
    // A cell's base line and its position along it (its cover line).
    let split = |cell: usize| match base {
        HouseKind::Row => (cell / 9, cell % 9),
        _ => (cell % 9, cell / 9),
    };
    let mut wings = Vec::new();
    for d0 in 0..9 {
        if usize::from(source.placed[d0]) + 4 > 9 || gone[d0] == 0 {
            continue;
        }
        let places = work.digits[d0];
        for line in 0..9 {
            let base_line = HOUSE_MASKS[base.first() + line];
            let here = places & base_line;
            if gone[d0] & base_line == 0 || !two_cells(here) {
                continue;
            }
            let first = split(here.trailing_zeros() as usize).1;
            let second = split((here & (here - 1)).trailing_zeros() as usize).1;
            let covered = HOUSE_MASKS[cover.first() + first] | HOUSE_MASKS[cover.first() + second];
            let across = places & HOUSE_MASKS[cover.first() + first] & !base_line;
            for cell in cells_of(across) {
                let other = split(cell).0;
                let there = places & HOUSE_MASKS[base.first() + other];
                let wing = (1 << line | 1 << other, d0);
                if two_cells(there) && there & !covered == 0 && !wings.contains(&wing) {
                    wings.push(wing);
                }
            }
        }
    }
    wings.sort_unstable();
    wings
}

#[cfg(test)]
mod tests {
    use super::super::nesting::PRODUCERS;
    use super::*;
    use crate::logic::subsets::tuples;

    /// What `found` holds, to compare.
    fn contents(found: &Found) -> String {
        format!(
            "{:?} {:?} {:?}",
            found.removals, found.parents, found.nested
        )
    }

    /// Where forcing chains and cycles find nothing on a position of a
    /// hard puzzle's solving path, they find nothing either on any
    /// position a few candidates short of it where no state reaches its
    /// negation (through the new strong links), as the shortcut says;
    /// positions with new strong links are skipped so too, and others
    /// are searched and hinted.
    #[test]
    fn nested_cycles_find_nothing_where_no_state_reaches_its_negation() {
        let board: crate::board::Board =
            "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"
                .parse()
                .unwrap();
        let mut grid = crate::logic::Grid::new(&board);
        let (mut skipped, mut fresh_skipped, mut hinted) = (0, 0, 0);
        for step in crate::logic::explain(&board).steps.into_iter().take(60) {
            let source = Cands::of(&grid);
            step.apply(&mut grid);
            if !cycles_quiet(&source, PRODUCERS.find_nothing) {
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
                let new_links = work.has_new_strong_link(&source);
                if !new_links || !fresh::reaches_negation(&work, &source) {
                    assert!(hints.is_empty(), "{step}: {first} {second}");
                    skipped += 1;
                    fresh_skipped += usize::from(new_links);
                } else {
                    hinted += usize::from(!hints.is_empty());
                }
            }
        }
        assert!(
            skipped > 50 && fresh_skipped > 50 && hinted > 50,
            "{skipped} {fresh_skipped} {hinted}"
        );
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
            let unchecked = Checked::default();
            simple(&work, &source, &unchecked, &mut direct);
            for _ in 0..2 {
                let mut found = Found::default();
                memo.replay(&work, &source, SIMPLE, &mut found, |found| {
                    simple(&work, &source, &unchecked, found)
                });
                assert_eq!(contents(&found), contents(&direct), "{cand} simple");
                assert_eq!(found.fired, direct.fired, "{cand} simple");
            }
            simple_found += usize::from(!direct.removals.is_empty());
            for producer in 0..3u8 {
                let mut direct = Found::default();
                for hint in &(PRODUCERS.collect)(&work, &source, producer, 0, false) {
                    direct.chain(hint);
                }
                for _ in 0..2 {
                    let mut found = Found::default();
                    memo.replay(&work, &source, (producer, 0), &mut found, |found| {
                        for hint in &(PRODUCERS.collect)(&work, &source, producer, 0, false) {
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

    /// The pairs and X-wings found from the touched digits, changed cells
    /// and lines are those of the plain search over every pair of digits,
    /// cells or lines, in the same order, on positions of bank puzzles
    /// with candidates removed as chains remove them (cells and houses may
    /// be left with one).
    #[test]
    fn pairs_and_x_wings_found_from_removals_are_the_plain_searchs() {
        let (mut hidden, mut naked, mut wings) = (0, 0, 0);
        let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
        crate::logic::testing::for_bank_positions(25, (2, 20), |grid, _| {
            let source = Cands::of(grid);
            let live: Vec<usize> = (0..729)
                .filter(|&c| source.cells[c / 9] >> (c % 9) & 1 != 0)
                .collect();
            for _ in 0..4 {
                let mut work = source.clone();
                let mut changed = 0u128;
                let mut touched = [0u16; 27];
                for _ in 0..(seed % 12 + 1) {
                    // xorshift: a cheap reproducible stream of candidates.
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    let cand = live[(seed % live.len() as u64) as usize];
                    if count(work.cells[cand / 9]) > 1 {
                        work.remove(cand / 9, cand % 9);
                        changed |= 1 << (cand / 9);
                        for house in houses_of(cand / 9) {
                            touched[house] |= 1 << (cand % 9);
                        }
                    }
                }
                for house in 0..27 {
                    let plain_hidden: Vec<u16> = tuples(0x1ff, 2)
                        .filter(|&pair| pair & touched[house] != 0)
                        .filter(|&pair| {
                            let (a, b) = (pair.trailing_zeros(), 15 - pair.leading_zeros());
                            let at = work.places(house, a as usize);
                            two_cells(at) && at == work.places(house, b as usize)
                        })
                        .collect();
                    assert_eq!(hidden_pairs_in(&work, house, touched[house]), plain_hidden);
                    hidden += plain_hidden.len();
                    let cells = HOUSE_CELLS[house].map(usize::from);
                    let plain_naked: Vec<u128> = tuples(0x1ff, 2)
                        .map(|tuple| bits(tuple).fold(0u128, |m, p| m | 1 << cells[p]))
                        .filter(|&pair| pair & changed != 0)
                        .filter(|&pair| {
                            let (a, b) = (pair.trailing_zeros(), 127 - pair.leading_zeros());
                            let digits = work.cells[a as usize];
                            count(digits) == 2 && digits == work.cells[b as usize]
                        })
                        .collect();
                    assert_eq!(naked_pairs_in(&work, house, changed), plain_naked);
                    naked += plain_naked.len();
                }
                let gone: Removed = std::array::from_fn(|d0| source.digits[d0] & !work.digits[d0]);
                for kinds in [
                    (HouseKind::Column, HouseKind::Row),
                    (HouseKind::Row, HouseKind::Column),
                ] {
                    let plain = plain_x_wings(&work, &source, &gone, kinds);
                    assert_eq!(x_wings_in(&work, &source, &gone, kinds), plain);
                    wings += plain.len();
                }
            }
        });
        assert!(
            hidden > 100 && naked > 100 && wings > 20,
            "{hidden} {naked} {wings}"
        );
    }

    /// Along a chain of ever more reduced positions, each applying all the
    /// removals the simple techniques found on the one before, looking
    /// only where candidates were removed since each technique last ran
    /// finds what looking everywhere finds.
    #[test]
    fn simple_techniques_look_only_where_removed_since_they_ran() {
        let (mut compared, mut hinted, mut narrowed) = (0, [0; SIMPLE_RULES as usize + 1], 0);
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = |n: usize| {
            // xorshift: a cheap reproducible stream.
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        crate::logic::testing::for_bank_positions(40, (2, 25), |grid, _| {
            let source = Cands::of(grid);
            let (mut work, mut checked) = (source.clone(), Checked::default());
            'chain: for _ in 0..6 {
                let live: Vec<usize> = (0..729)
                    .filter(|&c| {
                        work.cells[c / 9] >> (c % 9) & 1 != 0 && count(work.cells[c / 9]) > 1
                    })
                    .collect();
                if live.is_empty() {
                    break;
                }
                for _ in 0..next(4) + 1 {
                    let cand = live[next(live.len())];
                    if count(work.cells[cand / 9]) > 1 {
                        work.remove(cand / 9, cand % 9);
                    }
                }
                let mut plain = Found::default();
                simple(&work, &source, &Checked::default(), &mut plain);
                let mut narrow = Found::default();
                simple(&work, &source, &checked, &mut narrow);
                assert_eq!(contents(&narrow), contents(&plain));
                assert_eq!(narrow.fired, plain.fired);
                compared += 1;
                hinted[usize::from(plain.fired)] += 1;
                narrowed += usize::from(checked.at.iter().any(Option::is_some));
                checked.ran(&work, narrow.fired);
                for &(cand, _, _) in &plain.removals {
                    let (cell, d0) = (usize::from(cand) / 9, usize::from(cand) % 9);
                    if count(work.cells[cell]) == 1 {
                        break 'chain; // a contradiction: the chain would stop
                    }
                    work.remove(cell, d0);
                }
            }
        });
        assert!(compared > 1000 && narrowed > 500, "{compared} {narrowed}");
        assert!(hinted[..4].iter().all(|&n| n > 20), "{hinted:?}");
    }

    /// Every pair of base lines (in increasing order) and digit (then)
    /// with two places in each line, in the same two cover lines, and a
    /// removed place in either line.
    fn plain_x_wings(
        work: &Cands,
        source: &Cands,
        gone: &Removed,
        (base, cover): (HouseKind, HouseKind),
    ) -> Vec<(u16, usize)> {
        let line = |l: usize| HOUSE_MASKS[base.first() + l];
        let mut wings = Vec::new();
        for lines in tuples(0x1ff, 2) {
            for d0 in 0..9 {
                if usize::from(source.placed[d0]) + 4 > 9 {
                    continue;
                }
                let both: u128 = bits(lines).fold(0, |m, l| m | line(l));
                let places = work.digits[d0] & both;
                let covers = (0..9)
                    .filter(|&c| places & HOUSE_MASKS[cover.first() + c] != 0)
                    .count();
                if bits(lines).all(|l| two_cells(work.digits[d0] & line(l)))
                    && covers == 2
                    && gone[d0] & both != 0
                {
                    wings.push((lines, d0));
                }
            }
        }
        wings
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
