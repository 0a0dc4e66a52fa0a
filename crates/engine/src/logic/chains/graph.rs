//! The implication graph of one fixed position, for the chains of rung 25
//! (forcing chains and cycles), built once per position so the searches
//! from every starting candidate only walk flat arrays; its closure tells
//! static multiple forcing chains which branches can meet at all.
//!
//! Candidates get dense ids (cells in reading order, digits ascending), so
//! a search's marks cover only the candidates the position has. Each id
//! keeps its links in Sudoku Explainer's order, the same order
//! `links::on_to_off` and `links::off_to_on` (the tests' references)
//! produce.

use super::links::{house_peers, Cands};
use crate::logic::grid::{bits, Cells, HOUSE_CELLS, HOUSE_MASKS};
use crate::logic::grid::{count, two_cells};

/// No candidate (an absent link or id).
pub const NO: u16 = u16::MAX;

/// The links of a position's candidates, by dense id.
pub struct Graph {
    /// Each id's candidate, `cell * 9 + d0`.
    pub cands: Vec<u16>,
    /// Each candidate's id ([`NO`] for those the position lacks).
    ids: [u16; 729],
    /// Weak links ("on" turns "off") of id `i`, in its own [`STRIDE`]
    /// slots from `weak[i * STRIDE]`: the cell's other candidates first,
    /// then the digit's other places in the box, the row outside the box
    /// and the column outside the box. Each id having room of its own, the
    /// lists are written for some ids and more added later, the others
    /// untouched.
    weak: Vec<u16>,
    /// Id `i`'s list in its slots: where its house links start (after its
    /// cell links) and where it ends; (0, 0), empty, until written.
    bounds: Vec<(u8, u8)>,
    /// The ids whose weak lists are written, as a bit set.
    listed: [u64; IDS_WORDS],
    /// The number of weak links written.
    links: usize,
    /// Each cell's first id (its candidates' ids follow it).
    first: [u16; 81],
    /// The other candidate of id `i`'s cell when the cell is bivalue.
    cell_strong: Vec<u16>,
    /// The other place of id `i`'s digit in each house (box, row, column)
    /// where the digit has two places, each place once.
    house_strong: Vec<([u16; 3], u8)>,
    /// The ids with a strong link of either kind, ascending: the core of
    /// cell and house links together ([`Core`]).
    linked: Vec<u16>,
}

/// Calls `f` with each cell of `set`, ascending: word by word, as a
/// 128-bit set's lowest bit costs a branch and two words' arithmetic.
#[inline(always)]
fn each_cell(set: Cells, mut f: impl FnMut(usize)) {
    for (base, word) in [(0, set as u64), (64, (set >> 64) as u64)] {
        let mut rest = word;
        while rest != 0 {
            f(base + rest.trailing_zeros() as usize);
            rest &= rest - 1; // clear the lowest set bit
        }
    }
}

/// Adds `id` to a candidate's house links unless there already (the two
/// places share a box and a line).
fn add_once(strong: &mut ([u16; 3], u8), id: u16) {
    if !strong.0[..usize::from(strong.1)].contains(&id) {
        strong.0[usize::from(strong.1)] = id;
        strong.1 += 1;
    }
}

/// The digits with exactly two places in `house`, as a mask: counted
/// over its nine cells' candidates at once (bit by bit, whether a digit
/// was seen once, twice, or more), rather than one digit at a time (a
/// cell's candidates and a digit's places say the same, as `Cands` keeps
/// them).
#[inline(always)]
pub(super) fn twice_in(cands: &Cands, house: usize) -> u16 {
    let (mut once, mut twice, mut more) = (0u16, 0u16, 0u16);
    for cell in HOUSE_CELLS[house] {
        let here = cands.cells[usize::from(cell)];
        more |= twice & here;
        twice |= once & here;
        once |= here;
    }
    twice & !more
}

/// Whether a set of cells of one house holds exactly two, in 64-bit steps
/// rather than 128-bit ones: no two cells of a house are 64 apart, so
/// OR-ing the set's high half onto its low half keeps every cell apart.
#[inline(always)]
fn two_in_house(places: u128) -> bool {
    let folded = places as u64 | (places >> 64) as u64;
    let rest = folded & folded.wrapping_sub(1); // the set less its lowest cell
    rest != 0 && rest & rest.wrapping_sub(1) == 0 // one cell left
}

/// Empties `list` and gives it `len` copies of `value`, keeping its
/// memory.
fn resize<T: Copy>(list: &mut Vec<T>, len: usize, value: T) {
    list.clear();
    list.resize(len, value);
}

/// A type whose emptied lists are kept for reuse: cores and reached sets
/// are built several times on every reduced position nested chains meet,
/// and allocating their lists anew was a twentieth of the work.
trait Spare: Copy + 'static {
    /// Runs `f` on this type's spare lists (None once the thread's are
    /// gone, or while in use).
    fn spares<R>(f: impl FnOnce(&mut Vec<Vec<Self>>) -> R) -> Option<R>;
}

macro_rules! spare_lists {
    ($($t:ty => $name:ident),*) => {$(
        thread_local! {
            static $name: std::cell::RefCell<Vec<Vec<$t>>> = const { std::cell::RefCell::new(Vec::new()) };
        }
        impl Spare for $t {
            fn spares<R>(f: impl FnOnce(&mut Vec<Vec<$t>>) -> R) -> Option<R> {
                $name.try_with(|s| s.try_borrow_mut().ok().map(|mut s| f(&mut s))).ok().flatten()
            }
        }
    )*};
}

spare_lists!(u16 => SPARE_U16, u32 => SPARE_U32, u64 => SPARE_U64, (u16, u32, u32) => SPARE_CALLS);

/// At most this many lists of a type are kept.
const SPARE_LISTS: usize = 32;

/// An empty list, in a spare one's memory when there is one.
fn list<T: Spare>() -> Vec<T> {
    T::spares(|s| s.pop()).flatten().unwrap_or_default()
}

/// A list of `len` copies of `value`, in a spare one's memory when there is one.
fn filled<T: Spare>(value: T, len: usize) -> Vec<T> {
    let mut out = list();
    out.resize(len, value);
    out
}

/// Keeps `list`'s memory for a later [`list`].
fn give<T: Spare>(mut list: Vec<T>) {
    if list.capacity() == 0 {
        return;
    }
    list.clear();
    T::spares(|s| {
        if s.len() < SPARE_LISTS {
            s.push(list);
        }
    });
}

thread_local! {
    /// Graphs dropped, to build the next ones in their memory: nested
    /// chains build two on every reduced position, and allocating their
    /// lists anew was a tenth of the build.
    static SPARE_GRAPHS: std::cell::RefCell<Vec<Graph>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// At most this many graphs are kept for reuse (a scan holds two).
const SPARE_LIMIT: usize = 4;

impl Drop for Graph {
    fn drop(&mut self) {
        // `try_with`: the pool is gone when its thread ends (and its own
        // graphs are dropped then, with nowhere to go).
        let _ = SPARE_GRAPHS.try_with(|spare| {
            let Ok(mut spare) = spare.try_borrow_mut() else {
                return;
            };
            if spare.len() < SPARE_LIMIT && self.cands.capacity() > 0 {
                spare.push(Graph {
                    cands: std::mem::take(&mut self.cands),
                    ids: self.ids,
                    weak: std::mem::take(&mut self.weak),
                    bounds: std::mem::take(&mut self.bounds),
                    listed: self.listed,
                    links: 0,
                    first: self.first,
                    cell_strong: std::mem::take(&mut self.cell_strong),
                    house_strong: std::mem::take(&mut self.house_strong),
                    linked: std::mem::take(&mut self.linked),
                });
            }
        });
    }
}

/// The room for an id's weak links: 8 in its cell, 20 in its houses.
const STRIDE: usize = 28;

/// Words of a bit set over a graph's ids (at most 729).
pub const IDS_WORDS: usize = 729usize.div_ceil(64);

/// Calls `f` with each id of a bit set over ids, ascending.
#[inline(always)]
fn each_id(set: &[u64; IDS_WORDS], mut f: impl FnMut(usize)) {
    for (k, &word) in set.iter().enumerate() {
        let mut rest = word;
        while rest != 0 {
            f(k * 64 + rest.trailing_zeros() as usize);
            rest &= rest - 1; // clear the lowest set bit
        }
    }
}

/// No cell, in [`partners`].
pub const NO_CELL: u8 = u8::MAX;

/// For each candidate (`cell * 9 + d0`), the other place of its digit in
/// its box, row and column when the digit has two places there
/// ([`NO_CELL`] otherwise): found once per house and digit rather than
/// once per candidate and house.
pub fn partners(cands: &Cands) -> [[u8; 3]; 729] {
    let mut partners = [[NO_CELL; 3]; 729];
    for d0 in 0..9 {
        for house in 0..27 {
            let places = cands.digits[d0] & HOUSE_MASKS[house];
            if !two_cells(places) {
                continue;
            }
            let a = places.trailing_zeros() as usize;
            let b = (places & (places - 1)).trailing_zeros() as usize;
            // Houses 0-8 are boxes, 9-17 rows, 18-26 columns.
            partners[a * 9 + d0][house / 9] = b as u8;
            partners[b * 9 + d0][house / 9] = a as u8;
        }
    }
    partners
}

impl Graph {
    /// The graph of `cands`.
    pub fn new(cands: &Cands) -> Graph {
        Graph::build(cands, None)
    }

    /// The graph of `cands` with the weak links of only the candidates
    /// that have a strong link (the others list none): all that the
    /// components, the negations ([`Graph::reach`]) and the cycle searches
    /// read, which stay inside components. Searches for forcing chains,
    /// which may leave them, need [`Graph::add_starts`] (or [`Graph::new`]).
    pub fn core_only(cands: &Cands) -> Graph {
        Graph::build(cands, Some(&[0; IDS_WORDS]))
    }

    /// [`Graph::core_only`] that also lists the weak links of the ids in
    /// `starts` (a bit set): the forcing chains from a candidate without
    /// a strong link leave it by a weak link and then stay in the core
    /// (only core candidates are turned on), so the core and their own
    /// lists are all the searches from those starts read. (The scan makes
    /// it of its core graph, [`Graph::add_starts`]; the tests build it.)
    #[cfg(test)]
    pub fn core_and(cands: &Cands, starts: &[u64; IDS_WORDS]) -> Graph {
        Graph::build(cands, Some(starts))
    }

    /// `listed`: the ids besides the core's that list their weak links
    /// (None: every id).
    fn build(cands: &Cands, listed: Option<&[u64; IDS_WORDS]>) -> Graph {
        let mut graph = SPARE_GRAPHS
            .with(|spare| spare.borrow_mut().pop())
            .unwrap_or_else(Graph::empty);
        graph.fill(cands, listed);
        graph
    }

    fn empty() -> Graph {
        Graph {
            cands: Vec::new(),
            ids: [NO; 729],
            weak: Vec::new(),
            bounds: Vec::new(),
            listed: [0; IDS_WORDS],
            links: 0,
            first: [0; 81],
            cell_strong: Vec::new(),
            house_strong: Vec::new(),
            linked: Vec::new(),
        }
    }

    /// Builds the graph of `cands` in this one's memory. Strong links are
    /// read per bivalue cell and per house with two places of a digit, so
    /// that a candidate without any (most, in the positions chains meet)
    /// costs nothing more unless its weak links are wanted. Ids follow
    /// cells, so a cell's candidates have consecutive ids.
    fn fill(&mut self, cands: &Cands, listed: Option<&[u64; IDS_WORDS]>) {
        self.ids = [NO; 729];
        self.cands.clear();
        for cell in 0..81 {
            self.first[cell] = self.cands.len() as u16;
            for d0 in bits(cands.cells[cell]) {
                self.ids[cell * 9 + d0] = self.cands.len() as u16;
                self.cands.push((cell * 9 + d0) as u16);
            }
        }
        let n = self.cands.len();
        resize(&mut self.cell_strong, n, NO);
        resize(&mut self.house_strong, n, ([NO; 3], 0));
        resize(&mut self.bounds, n, (0, 0));
        self.listed = [0; IDS_WORDS];
        self.links = 0;
        // Room for every id's links: nothing past a list's end is read, so
        // the room left from the last build is reused as it is.
        if self.weak.len() < n * STRIDE {
            self.weak.resize(n * STRIDE, 0);
        }
        // The ids with a strong link, as a bit set.
        let mut linked = [0u64; IDS_WORDS];
        let mut link = |id: usize| linked[id / 64] |= 1 << (id % 64);
        for cell in 0..81 {
            if count(cands.cells[cell]) == 2 {
                let a = usize::from(self.first[cell]);
                self.cell_strong[a] = a as u16 + 1;
                self.cell_strong[a + 1] = a as u16;
                link(a);
                link(a + 1);
            }
        }
        // Houses 0-8 are boxes, 9-17 rows, 18-26 columns: each id's house
        // links come box, row, column, a cell named once.
        for house in 0..27 {
            for d0 in bits(twice_in(cands, house)) {
                let places = cands.digits[d0] & HOUSE_MASKS[house];
                debug_assert!(two_in_house(places));
                let a = places.trailing_zeros() as usize;
                let b = (places & (places - 1)).trailing_zeros() as usize;
                let (a, b) = (self.ids[a * 9 + d0], self.ids[b * 9 + d0]);
                add_once(&mut self.house_strong[usize::from(a)], b);
                add_once(&mut self.house_strong[usize::from(b)], a);
                link(usize::from(a));
                link(usize::from(b));
            }
        }
        self.linked.clear();
        each_id(&linked, |id| self.linked.push(id as u16));
        let listed = match listed {
            Some(extra) => std::array::from_fn(|k| linked[k] | extra[k]),
            None => [u64::MAX; IDS_WORDS],
        };
        self.list_weak(cands, &listed);
    }

    /// [`Graph::core_and`] made of this graph of `cands` (built by
    /// [`Graph::core_only`]), which keeps its ids, strong links and the
    /// weak lists written: those of `starts` are added.
    pub fn add_starts(&mut self, cands: &Cands, starts: &[u64; IDS_WORDS]) {
        self.list_weak(cands, starts);
    }

    /// The whole graph of `cands` ([`Graph::new`]) made of this one built
    /// with only some weak lists: the others are added.
    pub fn complete(&mut self, cands: &Cands) {
        self.list_weak(cands, &[u64::MAX; IDS_WORDS]);
    }

    /// Writes the weak lists of the ids in `ids` (a bit set, which may run
    /// past the last id) not written yet.
    fn list_weak(&mut self, cands: &Cands, ids: &[u64; IDS_WORDS]) {
        let n = self.cands.len();
        for k in 0..n.div_ceil(64) {
            // The ids below `n` in word `k`.
            let below = (n - k * 64).min(64);
            let mask = if below == 64 {
                u64::MAX
            } else {
                (1 << below) - 1
            };
            let mut rest = ids[k] & !self.listed[k] & mask;
            self.listed[k] |= rest;
            while rest != 0 {
                self.write_links(cands, k * 64 + rest.trailing_zeros() as usize);
                rest &= rest - 1; // clear the lowest set bit
            }
        }
    }

    /// Writes what candidate `id` "on" turns off in its slots (the cell's
    /// other candidates, then the digit's other places in the box, the row
    /// outside it and the column outside it), and its list's bounds.
    #[inline(always)]
    fn write_links(&mut self, cands: &Cands, id: usize) {
        let base = id * STRIDE;
        let cand = usize::from(self.cands[id]);
        let (cell, d0) = (cand / 9, cand % 9);
        let first = self.first[cell];
        // The cell's other ids, `first` on without `id`: eight written at
        // once (a fixed-size loop, no branch), those past the cell's
        // overwritten by the house links or past the list's end.
        let skip = id as u16 - first;
        let slots: &mut [u16; 8] = (&mut self.weak[base..base + 8])
            .try_into()
            .expect("8 slots");
        for (k, slot) in (0u16..).zip(slots.iter_mut()) {
            *slot = first + k + u16::from(k >= skip);
        }
        let mut len = base + count(cands.cells[cell]) as usize - 1;
        let house = len - base;
        for (peers, _) in house_peers(cands, cell, d0) {
            each_cell(peers, |peer| {
                self.weak[len] = self.ids[peer * 9 + d0];
                len += 1;
            });
        }
        self.bounds[id] = (house as u8, (len - base) as u8);
        self.links += len - base;
    }

    /// The number of candidates.
    pub fn len(&self) -> usize {
        self.cands.len()
    }

    /// The ids candidate `id` being "on" turns "off": with the cell's other
    /// candidates first when `cell_links`.
    #[inline]
    pub fn weak(&self, id: usize, cell_links: bool) -> &[u16] {
        let (house, end) = self.bounds[id];
        let from = if cell_links { 0 } else { house };
        let base = id * STRIDE;
        &self.weak[base + usize::from(from)..base + usize::from(end)]
    }

    /// Whether id `id` has a strong link (cell or house).
    #[cfg(test)]
    pub fn has_strong_link(&self, id: usize) -> bool {
        self.has_strong(id, true, true)
    }

    /// Whether [`Graph::strong`] lists anything, without listing it.
    #[inline]
    fn has_strong(&self, id: usize, y: bool, x: bool) -> bool {
        (y && self.cell_strong[id] != NO) || (x && self.house_strong[id].1 > 0)
    }

    /// The ids candidate `id` being "off" turns "on", in order: its cell's
    /// other candidate (when `y`), then its digit's other place in each
    /// house with two (when `x`). A cell link and a house link never name
    /// the same candidate (one keeps the cell, the other the digit), so the
    /// list has no repeats.
    #[inline]
    pub fn strong(&self, id: usize, y: bool, x: bool) -> ([u16; 4], usize) {
        let mut out = [NO; 4];
        let mut len = 0;
        if y && self.cell_strong[id] != NO {
            out[0] = self.cell_strong[id];
            len = 1;
        }
        if x {
            // Unused places hold NO: copying all three is a fixed-size
            // move, where copying `count` would be a call to memmove.
            let (house, count) = self.house_strong[id];
            out[len..len + 3].copy_from_slice(&house);
            len += usize::from(count);
        }
        (out, len)
    }
}

/// The strongly connected components of a graph's states: each dense
/// state's component, numbered so that a component only reaches
/// components of lower numbers, and how many there are.
pub type Components = (Vec<u16>, usize);

/// A state on the graph's dense ids: `id * 2 + on`.
pub type Dense = u16;

impl Graph {
    /// The states dense state `s` implies with the given link kinds, in
    /// order: `f` gets each.
    #[inline]
    pub fn each_next(&self, s: Dense, y: bool, x: bool, mut f: impl FnMut(Dense)) {
        let id = usize::from(s / 2);
        if s & 1 == 1 {
            for &off in self.weak(id, y) {
                f(off * 2);
            }
        } else {
            let (links, len) = self.strong(id, y, x);
            for &on in &links[..len] {
                f(on * 2 + 1);
            }
        }
    }

    /// The strongly connected components of the states under the given
    /// link kinds: each state's component, numbered so that a component
    /// only reaches components of lower numbers, and the number of
    /// components.
    ///
    /// Only a state with links both in and out can lie inside a path, and
    /// those are the two states of a candidate with a strong link (its
    /// "off" state turns something on; links are symmetric, so its "on"
    /// state is turned on by something): the others are alone in their
    /// components, the "off" ones sinks (numbered first), the "on" ones
    /// sources (numbered last). In the positions chains meet, a tenth of
    /// the candidates or fewer have strong links, so Tarjan's algorithm
    /// runs on the few states of the [`Core`] alone.
    pub fn components(&self, y: bool, x: bool) -> Components {
        let core = Core::new(self, y, x);
        let (component, count) = core.number(self.len());
        (component, count)
    }
}

/// The candidates with a strong link under one choice of link kinds and
/// the links among their states: the only states that can share a
/// component or lie inside a path (see [`Graph::components`]).
struct Core {
    /// The dense ids, ascending.
    ids: Vec<u16>,
    /// Each dense id's index in `ids` ([`NO`] outside the core).
    local: Vec<u16>,
    /// Links between the core's local states (`index * 2 + on`):
    /// `targets[first[s]..first[s + 1]]`.
    first: Vec<u32>,
    targets: Vec<u16>,
    /// Each local state's component, numbered so that a component only
    /// reaches lower numbers, and their count.
    component: Vec<u16>,
    count: usize,
}

impl Core {
    fn new(graph: &Graph, y: bool, x: bool) -> Core {
        let mut local = filled(NO, graph.len());
        // Sized once (growing them push by push was a tenth of the
        // allocator's work in nested searches): every id at most, and every
        // weak link and up to four strong links an id (counting the core's
        // exactly took a walk of its own).
        let mut ids = list();
        ids.reserve(graph.len());
        if y && x {
            // The graph has listed them.
            ids.extend_from_slice(&graph.linked);
        } else {
            ids.extend((0..graph.len() as u16).filter(|&id| graph.has_strong(id.into(), y, x)));
        }
        for (k, &id) in ids.iter().enumerate() {
            local[usize::from(id)] = k as u16;
        }
        let states = ids.len() * 2;
        let (mut first, mut targets) = (list(), list());
        first.reserve(states + 1);
        targets.reserve(graph.links + 4 * ids.len());
        for &id in &ids {
            let id = usize::from(id);
            // "Off" state first (local state k * 2), then "on".
            first.push(targets.len() as u32);
            let (links, len) = graph.strong(id, y, x);
            for &on in &links[..len] {
                // Strong links are symmetric: the target is in the core.
                debug_assert_ne!(local[usize::from(on)], NO);
                targets.push(local[usize::from(on)] * 2 + 1);
            }
            first.push(targets.len() as u32);
            for &off in graph.weak(id, y) {
                let k = local[usize::from(off)];
                if k != NO {
                    targets.push(k * 2);
                }
            }
        }
        first.push(targets.len() as u32);
        let mut core = Core {
            ids,
            local,
            first,
            targets,
            component: list(),
            count: 0,
        };
        core.tarjan();
        core
    }

    /// Tarjan's algorithm on the core's states, without recursion.
    fn tarjan(&mut self) {
        const UNSEEN: u16 = u16::MAX;
        let states = self.ids.len() * 2;
        let mut index = filled(UNSEEN, states);
        let mut low = filled(0u16, states);
        let mut component = std::mem::take(&mut self.component);
        component.resize(states, UNSEEN);
        // Both hold each state at most once, so they are sized for all and
        // indexed by their tops (no growth checks on the way).
        let (mut stack, mut top): (Vec<u16>, usize) = (filled(0, states), 0);
        // The depth-first path above the state being explored: each state
        // with the next of its links to follow and their end.
        let (mut calls, mut depth): (Vec<(u16, u32, u32)>, usize) = (filled((0, 0, 0), states), 0);
        let (mut next_index, mut count) = (0u16, 0usize);
        for root in 0..states {
            if index[root] != UNSEEN {
                continue;
            }
            // The state being explored, kept out of `calls` (each link
            // reads it).
            let (mut s, mut at, mut end) = (root, self.first[root], self.first[root + 1]);
            index[s] = next_index;
            low[s] = next_index;
            next_index += 1;
            stack[top] = s as u16;
            top += 1;
            loop {
                if at < end {
                    let t = usize::from(self.targets[at as usize]);
                    at += 1;
                    if index[t] == UNSEEN {
                        calls[depth] = (s as u16, at, end);
                        depth += 1;
                        (s, at, end) = (t, self.first[t], self.first[t + 1]);
                        index[t] = next_index;
                        low[t] = next_index;
                        next_index += 1;
                        stack[top] = t as u16;
                        top += 1;
                    } else if component[t] == UNSEEN {
                        // Still on the stack: in the component being built.
                        low[s] = low[s].min(index[t]);
                    }
                    continue;
                }
                if low[s] == index[s] {
                    loop {
                        top -= 1;
                        let t = stack[top];
                        component[usize::from(t)] = count as u16;
                        if usize::from(t) == s {
                            break;
                        }
                    }
                    count += 1;
                }
                if depth == 0 {
                    break;
                }
                depth -= 1;
                let (parent, parent_at, parent_end) = calls[depth];
                let parent = usize::from(parent);
                low[parent] = low[parent].min(low[s]);
                (s, at, end) = (parent, parent_at, parent_end);
            }
        }
        self.component = component;
        self.count = count;
        for spare in [index, low, stack] {
            give(spare);
        }
        give(calls);
    }

    /// Every dense state's component over a graph of `len` ids: the sinks
    /// outside the core first, then the core's components, then the
    /// sources outside the core (a source links only to sinks and core
    /// states, a core state only to core states and sinks).
    fn number(&self, len: usize) -> Components {
        let outside = len - self.ids.len();
        let mut component = filled(0u16, len * 2);
        let mut sink = 0;
        // Each id's pair of states beside its index in the core (zipped:
        // no bounds checks).
        for (states, &k) in component.chunks_exact_mut(2).zip(&self.local[..len]) {
            if k == NO {
                states[0] = sink as u16;
                states[1] = (outside + self.count + sink) as u16;
                sink += 1;
            } else {
                let k = usize::from(k);
                states[0] = (outside + usize::from(self.component[k * 2])) as u16;
                states[1] = (outside + usize::from(self.component[k * 2 + 1])) as u16;
            }
        }
        (component, outside * 2 + self.count)
    }

    /// The local states of each component, together (a counting sort):
    /// component `c`'s are `members[start[c]..start[c + 1]]`.
    fn members(&self) -> (Vec<u16>, Vec<u32>) {
        let mut start = filled(0u32, self.count + 1);
        for &c in &self.component {
            start[usize::from(c) + 1] += 1;
        }
        for c in 0..self.count {
            start[c + 1] += start[c];
        }
        let mut members = filled(0u16, self.component.len());
        let mut fill = list();
        fill.extend_from_slice(&start);
        for (s, &c) in self.component.iter().enumerate() {
            members[fill[usize::from(c)] as usize] = s as u16;
            fill[usize::from(c)] += 1;
        }
        give(fill);
        (members, start)
    }

    /// For each dense state, whether some chain of links leads from it to
    /// its negation, as a bit set over dense states.
    ///
    /// A path's inner states are core states, and a state turned "on"
    /// inside one is a core state, so each core component's set of "on"
    /// core states it reaches (bits by local index) answers it all: an
    /// "off" state reaches its "on" state when its own set holds it (only
    /// core "off" states link anywhere); candidate `a` "on" reaches `a`
    /// "off" when it sees (`weak`) some core `w` whose "off" state turns on
    /// some `v` that `a` sees too: `a` turns `w` off, `v` turns `a` off.
    /// So each component also keeps the candidates the "on" states it
    /// reaches see (bits by dense id, a union that follows the links as
    /// the sets do), and `a` is one of them seen by `w` too.
    /// `(members, start)`: the local states by component, from
    /// [`Core::members`].
    fn negations(&self, graph: &Graph, y: bool, (members, start): (&[u16], &[u32])) -> Vec<u64> {
        let local_words = self.ids.len().div_ceil(64).max(1);
        let seen_words = graph.len().div_ceil(64).max(1);
        let words = local_words + seen_words;
        // Components come numbered sinks first: each one's sets are its own
        // "on" states (and what they see) and the sets of the components
        // its states link to. Per component: `local_words` words of "on"
        // states, then `seen_words` words of the candidates they see.
        let mut sets = filled(0u64, self.count * words);
        for c in 0..self.count {
            let (done, rest) = sets.split_at_mut(c * words);
            let own = &mut rest[..words];
            for &s in &members[start[c] as usize..start[c + 1] as usize] {
                let s = usize::from(s);
                if s & 1 == 1 {
                    let k = s / 2;
                    own[k / 64] |= 1 << (k % 64);
                    for &a in graph.weak(usize::from(self.ids[k]), y) {
                        let a = usize::from(a);
                        own[local_words + a / 64] |= 1 << (a % 64);
                    }
                }
                for &t in &self.targets[self.first[s] as usize..self.first[s + 1] as usize] {
                    let other = usize::from(self.component[usize::from(t)]);
                    if other != c {
                        let theirs = &done[other * words..(other + 1) * words];
                        for (word, their) in own.iter_mut().zip(theirs) {
                            *word |= their;
                        }
                    }
                }
            }
        }
        let mut negations = filled(0u64, (graph.len() * 2).div_ceil(64));
        for (k, &w) in self.ids.iter().enumerate() {
            let w = usize::from(w);
            let c = usize::from(self.component[k * 2]);
            let set = &sets[c * words..(c + 1) * words];
            if set[k / 64] >> (k % 64) & 1 != 0 {
                // Off, it turns itself back on.
                negations[w * 2 / 64] |= 1 << (w * 2 % 64);
            }
            let sees = &set[local_words..];
            for &a in graph.weak(w, y) {
                let a = usize::from(a);
                if sees[a / 64] >> (a % 64) & 1 != 0 {
                    let on = a * 2 + 1;
                    negations[on / 64] |= 1 << (on % 64);
                }
            }
        }
        give(sets);
        negations
    }
}

impl Drop for Core {
    fn drop(&mut self) {
        for spare in [
            &mut self.ids,
            &mut self.local,
            &mut self.targets,
            &mut self.component,
        ] {
            give(std::mem::take(spare));
        }
        give(std::mem::take(&mut self.first));
    }
}

/// What each state reaches under one choice of link kinds: the strongly
/// connected components, and which states reach their own negation.
pub struct Reach {
    /// Each dense state's component.
    component: Vec<u16>,
    /// Each component's number of states.
    sizes: Vec<u16>,
    /// The core's components: the first one's number, and each one's
    /// dense states, `members[start[k]..start[k + 1]]` for component
    /// `core + k` (the others have one state each).
    core: usize,
    members: Vec<Dense>,
    start: Vec<u32>,
    /// The states that reach their negation, as a bit set over dense
    /// states (empty when built without).
    negations: Vec<u64>,
}

impl Reach {
    /// The component of dense state `s`.
    #[inline]
    pub fn component(&self, s: Dense) -> u16 {
        self.component[usize::from(s)]
    }

    /// The number of components.
    pub fn count(&self) -> usize {
        self.sizes.len()
    }

    /// The components of two states or more (all in the core), each with
    /// its dense states.
    pub fn shared(&self) -> impl Iterator<Item = (u16, &[Dense])> + '_ {
        self.start.windows(2).enumerate().filter_map(|(k, ends)| {
            let states = &self.members[ends[0] as usize..ends[1] as usize];
            (states.len() > 1).then_some(((self.core + k) as u16, states))
        })
    }

    /// The number of states in `s`'s component.
    pub fn component_size(&self, s: Dense) -> usize {
        usize::from(self.sizes[usize::from(self.component(s))])
    }

    /// The components, numbered as [`Graph::components`] numbers them, and
    /// their count.
    pub fn into_components(mut self) -> Components {
        let count = self.sizes.len();
        (std::mem::take(&mut self.component), count)
    }

    /// Whether some state reaches its negation (only when built with the
    /// sets).
    pub fn any_negation(&self) -> bool {
        self.negations.iter().any(|&word| word != 0)
    }

    /// Calls `f` with each dense state that reaches its negation,
    /// ascending (only when built with the sets): the few chain starts,
    /// without testing every state.
    pub fn each_negation(&self, mut f: impl FnMut(Dense)) {
        debug_assert!(!self.negations.is_empty(), "built without the sets");
        for (k, &word) in self.negations.iter().enumerate() {
            let mut rest = word;
            while rest != 0 {
                f((k * 64) as Dense + rest.trailing_zeros() as Dense);
                rest &= rest - 1; // clear the lowest set bit
            }
        }
    }

    /// Whether some chain of links leads from `s` to its negation (only
    /// when built with the sets).
    pub fn reaches_negation(&self, s: Dense) -> bool {
        debug_assert!(!self.negations.is_empty(), "built without the sets");
        let s = usize::from(s);
        self.negations[s / 64] >> (s % 64) & 1 != 0
    }
}

impl Graph {
    /// What each state reaches with the given link kinds: the components
    /// always, which states reach their negation only `with_sets`.
    pub fn reach(&self, y: bool, x: bool, with_sets: bool) -> Reach {
        let core = Core::new(self, y, x);
        let (component, count) = core.number(self.len());
        let first = self.len() - core.ids.len();
        let (members, start) = core.members();
        let mut sizes = filled(1u16, count);
        for (k, ends) in start.windows(2).enumerate() {
            sizes[first + k] = (ends[1] - ends[0]) as u16;
        }
        let negations = if with_sets {
            core.negations(self, y, (&members, &start))
        } else {
            Vec::new()
        };
        // Local state `k * 2 + on` is dense state `ids[k] * 2 + on`.
        let mut members = members;
        for s in &mut members {
            *s = core.ids[usize::from(*s / 2)] * 2 + (*s & 1);
        }
        Reach {
            component,
            sizes,
            core: first,
            members,
            start,
            negations,
        }
    }
}

impl Drop for Reach {
    fn drop(&mut self) {
        for spare in [&mut self.component, &mut self.sizes, &mut self.members] {
            give(std::mem::take(spare));
        }
        give(std::mem::take(&mut self.start));
        give(std::mem::take(&mut self.negations));
    }
}

/// The words of a [`Closure`]'s sets come in blocks of this many.
const BLOCK: usize = 4;

/// The "off" states each state reaches under one choice of link kinds, as
/// bit sets over dense ids: a cheap test of whether several assumptions
/// can reach a common state at all before propagating each of them.
///
/// "On" states are left out of the sets (half the words to build and to
/// meet): an "on" state that starts reach, other than a start reaching
/// itself, is reached through a strong link, so its candidate has a
/// partner in its cell or in a house, which it turns off. So the "on"
/// states of distinct candidates that all reach an "on" state all reach
/// that partner's "off" state too.
pub struct Closure {
    /// Each dense state's component.
    component: Vec<u16>,
    /// The components that are "off" states with no link out, numbered
    /// first (see [`Core::number`]): each reaches itself alone, so no set
    /// is kept for them.
    sinks: usize,
    /// `words` words per component from `sinks` on: the "off" states it
    /// reaches, by dense id.
    sets: Vec<u64>,
    words: usize,
}

impl Closure {
    /// Whether the dense states `starts` (at least two, "on" states of
    /// distinct candidates, or "off" states) all reach one common "off"
    /// state: for such starts, whether they reach one common state.
    pub fn share(&self, starts: impl IntoIterator<Item = Dense>) -> bool {
        let mut common = [u64::MAX; IDS_WORDS];
        let common = &mut common[..self.words];
        for s in starts {
            let c = usize::from(self.component[usize::from(s)]);
            if c < self.sinks {
                // A sink, an "off" state: it reaches itself alone.
                let own = usize::from(s / 2);
                for (k, word) in common.iter_mut().enumerate() {
                    *word &= if k == own / 64 { 1 << (own % 64) } else { 0 };
                }
                continue;
            }
            let c = c - self.sinks;
            let set = &self.sets[c * self.words..(c + 1) * self.words];
            let mut any = 0;
            for (block, reached) in common.chunks_exact_mut(BLOCK).zip(set.chunks_exact(BLOCK)) {
                for (word, reached) in block.iter_mut().zip(reached) {
                    *word &= reached;
                    any |= *word;
                }
            }
            if any == 0 {
                // Nothing left in common: the other starts cannot add any.
                return false;
            }
        }
        common.iter().any(|&word| word != 0)
    }
}

impl Graph {
    /// What each state reaches with the given link kinds, from their
    /// `components` (as [`Graph::components`] gives them). Components come
    /// numbered sinks first, so each one's set is its own states and the
    /// sets of the (lower-numbered) components its states link to.
    pub fn closure_of(&self, components: Components, y: bool, x: bool) -> Closure {
        let (component, count) = components;
        // Whole blocks of four words: a fixed-size block is met or joined
        // in a few vector instructions, where a word count known only at
        // run time costs a loop.
        let words = self.len().div_ceil(64).max(1).next_multiple_of(BLOCK);
        // The ids without a strong link: their "off" states come first.
        let sinks = (0..self.len())
            .filter(|&id| !self.has_strong(id, y, x))
            .count();
        let sets = self.component_sets(&component, (sinks, count), words, y, x);
        Closure {
            component,
            sinks,
            sets,
            words,
        }
    }

    /// The dense id of candidate `cand` (`cell * 9 + d0`), which the
    /// position must have.
    pub fn id(&self, cand: usize) -> usize {
        self.ids[cand] as usize
    }

    /// `words` words per component from `sinks` to `count`: the "off"
    /// states (by dense id) the component's states reach. Components come
    /// numbered sinks first, so each one's set is its own "off" states and
    /// the sets of the (lower-numbered) components its states link to; a
    /// sink's set is its own state, whose bit is set where a link ends at
    /// it.
    fn component_sets(
        &self,
        component: &[u16],
        (sinks, count): (usize, usize),
        words: usize,
        y: bool,
        x: bool,
    ) -> Vec<u64> {
        // The states of each component past the sinks, together: a
        // counting sort.
        let kept = count - sinks;
        let mut first = filled(0u32, kept + 1);
        for &c in component {
            if usize::from(c) >= sinks {
                first[usize::from(c) - sinks + 1] += 1;
            }
        }
        for c in 0..kept {
            first[c + 1] += first[c];
        }
        let mut members = filled(0 as Dense, first[kept] as usize);
        let mut fill = list();
        fill.extend_from_slice(&first);
        for (s, &c) in component.iter().enumerate() {
            if let Some(c) = usize::from(c).checked_sub(sinks) {
                members[fill[c] as usize] = s as Dense;
                fill[c] += 1;
            }
        }
        give(fill);
        let mut sets = filled(0u64, kept * words);
        for c in 0..kept {
            let (done, rest) = sets.split_at_mut(c * words);
            let own = &mut rest[..words];
            for &s in &members[first[c] as usize..first[c + 1] as usize] {
                if s & 1 == 0 {
                    let id = usize::from(s / 2);
                    own[id / 64] |= 1 << (id % 64);
                }
                self.each_next(s, y, x, |t| {
                    let other = usize::from(component[usize::from(t)]);
                    if other < sinks {
                        // A sink reaches itself alone.
                        let id = usize::from(t / 2);
                        own[id / 64] |= 1 << (id % 64);
                        return;
                    }
                    let other = other - sinks;
                    if other == c {
                        return;
                    }
                    let theirs = &done[other * words..(other + 1) * words];
                    for (block, their) in
                        own.chunks_exact_mut(BLOCK).zip(theirs.chunks_exact(BLOCK))
                    {
                        for (word, their) in block.iter_mut().zip(their) {
                            *word |= their;
                        }
                    }
                });
            }
        }
        give(first);
        give(members);
        sets
    }
}

impl Drop for Closure {
    fn drop(&mut self) {
        give(std::mem::take(&mut self.component));
        give(std::mem::take(&mut self.sets));
    }
}

/// A position, its graph, and the graph's components under cell and house
/// links.
type KeptXy = (Cands, Graph, Components);

thread_local! {
    /// The last position whose graph and XY components rung 25 built, kept
    /// for multiple forcing chains: they run on the same position when no
    /// rung in between found a step.
    static LAST_XY: std::cell::RefCell<Option<KeptXy>> = const { std::cell::RefCell::new(None) };
}

/// Keeps the graph of `cands` (whose weak lists may be only those rung 25
/// read) and its components under cell and house links for [`take_xy`].
pub fn keep_xy(cands: &Cands, graph: Graph, components: Components) {
    LAST_XY.with(|last| *last.borrow_mut() = Some((cands.clone(), graph, components)));
}

/// The graph of `cands` and its components under cell and house links,
/// when they were the last kept: the whole graph, its weak lists that rung
/// 25 did not read added now (when the position's hint is found there,
/// they never are).
fn take_xy(cands: &Cands) -> Option<(Graph, Components)> {
    LAST_XY.with(|last| {
        let mut last = last.borrow_mut();
        match last.take() {
            Some((kept, mut graph, components)) if kept == *cands => {
                graph.complete(cands);
                Some((graph, components))
            }
            other => {
                *last = other;
                None
            }
        }
    })
}

/// What each state of `cands` reaches under cell and house links, with
/// the graph it is read on: rung 25's graph and components when it kept
/// them for this position (it runs just before on the same position when
/// it finds nothing). Static multiple forcing chains, as a rung or nested,
/// skip by it the cell and region chains whose branches can meet nowhere.
pub fn closure_of(cands: &Cands) -> (Closure, Graph) {
    let (graph, components) = take_xy(cands).unwrap_or_else(|| {
        let graph = Graph::new(cands);
        let components = graph.components(true, true);
        (graph, components)
    });
    (graph.closure_of(components, true, true), graph)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::grid::{houses_of, Grid};

    /// Asserts that two graphs have the same ids, strong links, core and
    /// weak lists; the number of weak links compared.
    fn same_graphs(graph: &Graph, built: &Graph) -> usize {
        assert_eq!(graph.cands, built.cands);
        assert_eq!(graph.ids, built.ids);
        assert_eq!(graph.linked, built.linked);
        assert_eq!(graph.links, built.links);
        let mut listed = 0;
        for id in 0..graph.len() {
            for cell_links in [false, true] {
                assert_eq!(graph.weak(id, cell_links), built.weak(id, cell_links));
                assert_eq!(
                    graph.strong(id, cell_links, true),
                    built.strong(id, cell_links, true)
                );
            }
            listed += graph.weak(id, true).len();
        }
        listed
    }

    /// A core graph given the weak lists of some starts is the graph built
    /// with them from the start, and completed, the whole graph: the same
    /// ids, strong links, core and weak lists, on positions of bank puzzles
    /// met on their way.
    #[test]
    fn starts_added_to_a_core_graph_make_the_graph_built_with_them() {
        let mut listed = 0;
        for (board, _) in crate::logic::chains::tests::bank().into_iter().step_by(40) {
            let mut grid = Grid::new(&board);
            for step in crate::logic::explain(&board).steps.into_iter().step_by(3) {
                let cands = Cands::of(&grid);
                let mut graph = Graph::core_only(&cands);
                // Every third id without a strong link, as chain starts.
                let mut starts = [0u64; IDS_WORDS];
                for id in (0..graph.len())
                    .filter(|&id| !graph.has_strong_link(id))
                    .step_by(3)
                {
                    starts[id / 64] |= 1 << (id % 64);
                }
                graph.add_starts(&cands, &starts);
                let built = Graph::core_and(&cands, &starts);
                listed += same_graphs(&graph, &built);
                // Completed, it is the whole graph.
                graph.complete(&cands);
                listed += same_graphs(&graph, &Graph::new(&cands));
                step.apply(&mut grid);
            }
        }
        assert!(listed > 10_000, "only {listed} links compared");
    }

    /// The digits `twice_in` counts over a house's cells are those with
    /// two places there, on positions of bank puzzles met on their way.
    #[test]
    fn digits_twice_in_a_house_have_two_places() {
        let mut found = 0;
        for (board, _) in crate::logic::chains::tests::bank().into_iter().step_by(20) {
            let mut grid = Grid::new(&board);
            for step in crate::logic::explain(&board).steps {
                let cands = Cands::of(&grid);
                for house in 0..27 {
                    let expected = (0..9)
                        .filter(|&d0| two_cells(cands.places(house, d0)))
                        .fold(0u16, |mask, d0| mask | 1 << d0);
                    assert_eq!(twice_in(&cands, house), expected, "house {house}");
                    found += expected.count_ones();
                }
                step.apply(&mut grid);
            }
        }
        assert!(found > 1000, "only {found} found");
    }

    /// `partners` agrees with looking at each candidate's houses.
    #[test]
    fn partners_are_the_other_place_in_houses_with_two() {
        let board =
            "..8...5...4...2.9.7.......3.2...4......93.......2.1.6.5.......8.1.6...2...3...7..";
        let cands = Cands::of(&Grid::new(&board.parse().unwrap()));
        let partners = partners(&cands);
        let mut found = 0;
        for cell in 0..81 {
            for d0 in 0..9 {
                for (k, house) in houses_of(cell).into_iter().enumerate() {
                    let places = cands.digits[d0] & HOUSE_MASKS[house];
                    let expected = if cands.cells[cell] >> d0 & 1 == 1 && two_cells(places) {
                        found += 1;
                        (places & !(1u128 << cell)).trailing_zeros() as u8
                    } else {
                        NO_CELL
                    };
                    assert_eq!(
                        partners[cell * 9 + d0][k],
                        expected,
                        "cell {cell} digit {d0}"
                    );
                }
            }
        }
        assert!(found > 0);
    }

    #[test]
    fn two_in_house_agrees_with_two_cells_on_every_subset_of_every_house() {
        for cells in HOUSE_CELLS {
            for subset in 0u32..512 {
                let places = (0..9)
                    .filter(|&k| subset >> k & 1 != 0)
                    .fold(0u128, |set, k| set | 1 << cells[k]);
                assert_eq!(two_in_house(places), two_cells(places), "{places:#x}");
            }
        }
    }
}
