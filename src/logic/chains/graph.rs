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

use super::links::Cands;
use crate::logic::grid::{bits, cells_of, houses_of, HOUSE_MASKS};
use crate::logic::grid::{count, two_cells};

/// No candidate (an absent link or id).
pub const NO: u16 = u16::MAX;

/// The links of a position's candidates, by dense id.
pub struct Graph {
    /// Each id's candidate, `cell * 9 + d0`.
    pub cands: Vec<u16>,
    /// Each candidate's id ([`NO`] for those the position lacks).
    ids: [u16; 729],
    /// Weak links ("on" turns "off") of id `i`: `weak[weak_start[i]..weak_start[i + 1]]`,
    /// the cell's other candidates first, then the digit's other places in
    /// the box, the row outside the box and the column outside the box.
    weak: Vec<u16>,
    weak_start: Vec<u32>,
    /// Where id `i`'s house links start in `weak` (after its cell links).
    weak_house: Vec<u32>,
    /// The other candidate of id `i`'s cell when the cell is bivalue.
    cell_strong: Vec<u16>,
    /// The other place of id `i`'s digit in each house (box, row, column)
    /// where the digit has two places, each place once.
    house_strong: Vec<([u16; 3], u8)>,
}

impl Graph {
    /// The graph of `cands`.
    pub fn new(cands: &Cands) -> Graph {
        let mut ids = [NO; 729];
        let mut list = Vec::with_capacity(384);
        for cell in 0..81 {
            for d0 in bits(cands.cells[cell]) {
                ids[cell * 9 + d0] = list.len() as u16;
                list.push((cell * 9 + d0) as u16);
            }
        }
        let n = list.len();
        let mut graph = Graph {
            cands: list,
            ids,
            weak: Vec::with_capacity(n * 12),
            weak_start: Vec::with_capacity(n + 1),
            weak_house: Vec::with_capacity(n),
            cell_strong: Vec::with_capacity(n),
            house_strong: Vec::with_capacity(n),
        };
        for i in 0..n {
            let cand = usize::from(graph.cands[i]);
            let (cell, d0) = (cand / 9, cand % 9);
            graph.weak_start.push(graph.weak.len() as u32);
            let others = cands.cells[cell] & !(1 << d0);
            for other in bits(others) {
                graph.weak.push(ids[cell * 9 + other]);
            }
            graph.weak_house.push(graph.weak.len() as u32);
            let [bx, row, column] = houses_of(cell);
            let digit = cands.digits[d0] & !(1u128 << cell);
            let in_box = HOUSE_MASKS[bx];
            for peers in [
                digit & in_box,
                digit & HOUSE_MASKS[row] & !in_box,
                digit & HOUSE_MASKS[column] & !in_box,
            ] {
                for peer in cells_of(peers) {
                    graph.weak.push(ids[peer * 9 + d0]);
                }
            }
            graph.cell_strong.push(if count(others) == 1 {
                ids[cell * 9 + others.trailing_zeros() as usize]
            } else {
                NO
            });
            let mut strong = ([NO; 3], 0u8);
            for house in [bx, row, column] {
                let places = cands.digits[d0] & HOUSE_MASKS[house];
                if !two_cells(places) {
                    continue;
                }
                let other = ids[(places & !(1u128 << cell)).trailing_zeros() as usize * 9 + d0];
                if !strong.0[..usize::from(strong.1)].contains(&other) {
                    strong.0[usize::from(strong.1)] = other;
                    strong.1 += 1;
                }
            }
            graph.house_strong.push(strong);
        }
        graph.weak_start.push(graph.weak.len() as u32);
        graph
    }

    /// The number of candidates.
    pub fn len(&self) -> usize {
        self.cands.len()
    }

    /// The ids candidate `id` being "on" turns "off": with the cell's other
    /// candidates first when `cell_links`.
    pub fn weak(&self, id: usize, cell_links: bool) -> &[u16] {
        let from = if cell_links {
            self.weak_start[id]
        } else {
            self.weak_house[id]
        };
        &self.weak[from as usize..self.weak_start[id + 1] as usize]
    }

    /// The ids candidate `id` being "off" turns "on", in order: its cell's
    /// other candidate (when `y`), then its digit's other place in each
    /// house with two (when `x`). A cell link and a house link never name
    /// the same candidate (one keeps the cell, the other the digit), so the
    /// list has no repeats.
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

    /// Where dense state `s`'s links lie: a range of `weak` for an "on"
    /// state, of `strong` (built by [`Graph::components`], four places per
    /// id) for an "off" one.
    #[inline]
    fn link_range(&self, s: Dense, y: bool, strong_len: &[u8]) -> (u32, u32) {
        let id = usize::from(s / 2);
        if s & 1 == 1 {
            let from = if y {
                self.weak_start[id]
            } else {
                self.weak_house[id]
            };
            (from, self.weak_start[id + 1])
        } else {
            let from = id as u32 * 4;
            (from, from + u32::from(strong_len[id]))
        }
    }

    /// The strongly connected components of the states under the given
    /// link kinds (Tarjan's algorithm, without recursion): each state's
    /// component, numbered so that a component only reaches components of
    /// lower numbers, and the number of components.
    pub fn components(&self, y: bool, x: bool) -> Components {
        const UNSEEN: u16 = u16::MAX;
        // The "off" states' links as one flat list, four places per id, so
        // that every state's links are a range and each step is one read.
        let mut strong: Vec<u16> = Vec::with_capacity(self.len() * 4);
        let mut strong_len: Vec<u8> = Vec::with_capacity(self.len());
        for id in 0..self.len() {
            let (links, len) = self.strong(id, y, x);
            strong.extend_from_slice(&links);
            strong_len.push(len as u8);
        }
        let states = self.len() * 2;
        let mut index = vec![UNSEEN; states];
        let mut low = vec![0u16; states];
        let mut component = vec![UNSEEN; states];
        let mut stack: Vec<Dense> = Vec::with_capacity(states);
        // The depth-first path: each state with the range of its links
        // still to follow.
        let mut calls: Vec<(Dense, u32, u32)> = Vec::with_capacity(states);
        let mut next_index = 0u16;
        let mut count = 0usize;
        for root in 0..states as Dense {
            if index[usize::from(root)] != UNSEEN {
                continue;
            }
            index[usize::from(root)] = next_index;
            low[usize::from(root)] = next_index;
            next_index += 1;
            stack.push(root);
            let (from, to) = self.link_range(root, y, &strong_len);
            calls.push((root, from, to));
            while let Some(&mut (s, ref mut at, end)) = calls.last_mut() {
                let si = usize::from(s);
                if *at < end {
                    let k = *at as usize;
                    *at += 1;
                    // "On" states link to "off" states (even), and back.
                    let t = if s & 1 == 1 {
                        self.weak[k] * 2
                    } else {
                        strong[k] * 2 + 1
                    };
                    let ti = usize::from(t);
                    if index[ti] == UNSEEN {
                        index[ti] = next_index;
                        low[ti] = next_index;
                        next_index += 1;
                        stack.push(t);
                        let (from, to) = self.link_range(t, y, &strong_len);
                        calls.push((t, from, to));
                    } else if component[ti] == UNSEEN {
                        // Still on the stack: in the component being built.
                        low[si] = low[si].min(index[ti]);
                    }
                    continue;
                }
                calls.pop();
                if let Some(&(parent, _, _)) = calls.last() {
                    let pi = usize::from(parent);
                    low[pi] = low[pi].min(low[si]);
                }
                if low[si] == index[si] {
                    loop {
                        let t = stack.pop().expect("the component's states");
                        component[usize::from(t)] = count as u16;
                        if t == s {
                            break;
                        }
                    }
                    count += 1;
                }
            }
        }
        (component, count)
    }
}

/// What each state reaches under one choice of link kinds: the strongly
/// connected components, and for each the negations it reaches, as a bit
/// set with one bit per candidate.
pub struct Reach {
    /// Each dense state's component.
    component: Vec<u16>,
    /// Each component's number of states.
    sizes: Vec<u16>,
    /// `words` words per component: the negations it reaches, by bit.
    sets: Vec<u64>,
    words: usize,
    /// The bit of each state that is the negation in the lower component
    /// of its candidate (`u16::MAX` for the others).
    bit: Vec<u16>,
}

impl Reach {
    /// The component of dense state `s`.
    #[inline]
    pub fn component(&self, s: Dense) -> u16 {
        self.component[usize::from(s)]
    }

    /// The number of states in `s`'s component.
    pub fn component_size(&self, s: Dense) -> usize {
        usize::from(self.sizes[usize::from(self.component(s))])
    }

    /// The components, numbered as [`Graph::components`] numbers them, and
    /// their count.
    pub fn into_components(self) -> Components {
        let count = self.sizes.len();
        (self.component, count)
    }

    /// Whether some state reaches its negation (only when built with the
    /// sets).
    pub fn any_negation(&self) -> bool {
        (0..self.component.len() as Dense).any(|s| self.reaches_negation(s))
    }

    /// Whether some chain of links leads from `s` to its negation (only
    /// when built with the sets).
    pub fn reaches_negation(&self, s: Dense) -> bool {
        debug_assert!(self.words > 0, "built without the reached sets");
        let (from, to) = (self.component(s), self.component(s ^ 1));
        if from == to {
            return true;
        }
        if from < to {
            return false;
        }
        let set = usize::from(from) * self.words;
        let b = usize::from(self.bit[usize::from(s ^ 1)]);
        self.sets[set + b / 64] >> (b % 64) & 1 != 0
    }
}

impl Graph {
    /// What each state reaches with the given link kinds: the components
    /// always, the reached sets only `with_sets`. Components come numbered
    /// sinks first, so each one's set is its own targets and the sets of the
    /// (lower-numbered) components its states link to.
    pub fn reach(&self, y: bool, x: bool, with_sets: bool) -> Reach {
        let (component, count) = self.components(y, x);
        let states = component.len();
        let mut sizes = vec![0u16; count];
        for &c in &component {
            sizes[usize::from(c)] += 1;
        }
        if !with_sets {
            return Reach {
                component,
                sizes,
                sets: Vec::new(),
                words: 0,
                bit: Vec::new(),
            };
        }
        // Only negations are ever asked for, and only the negation in the
        // lower-numbered component can be reached (a component reaches
        // lower numbers only): one bit per candidate, for that state.
        let mut bit = vec![u16::MAX; states];
        let mut targets = 0u16;
        for id in 0..states / 2 {
            let (off, on) = (id * 2, id * 2 + 1);
            if component[off] != component[on] {
                let lower = if component[off] < component[on] {
                    off
                } else {
                    on
                };
                bit[lower] = targets;
                targets += 1;
            }
        }
        let words = usize::from(targets).div_ceil(64).max(1);
        let sets = self.component_sets(&component, count, words, y, x, |s| {
            let b = bit[usize::from(s)];
            (b != u16::MAX).then_some(usize::from(b))
        });
        Reach {
            component,
            sizes,
            sets,
            words,
            bit,
        }
    }
}

/// Every state each state reaches under one choice of link kinds, as bit
/// sets over dense states: a cheap test of whether several assumptions
/// can reach a common state at all before propagating each of them.
pub struct Closure {
    /// Each dense state's component.
    component: Vec<u16>,
    /// `words` words per component: the states it reaches, by dense state.
    sets: Vec<u64>,
    words: usize,
}

impl Closure {
    /// Whether the dense states `starts` all reach one common state.
    pub fn share(&self, starts: impl IntoIterator<Item = Dense>) -> bool {
        let mut common = [u64::MAX; 2 * 729 / 64 + 1];
        let common = &mut common[..self.words];
        for s in starts {
            let c = usize::from(self.component[usize::from(s)]);
            let set = &self.sets[c * self.words..(c + 1) * self.words];
            for (word, reached) in common.iter_mut().zip(set) {
                *word &= reached;
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
        let states = component.len();
        let words = states.div_ceil(64).max(1);
        let sets = self.component_sets(&component, count, words, y, x, |s| Some(usize::from(s)));
        Closure {
            component,
            sets,
            words,
        }
    }

    /// The dense id of candidate `cand` (`cell * 9 + d0`), which the
    /// position must have.
    pub fn id(&self, cand: usize) -> usize {
        self.ids[cand] as usize
    }

    /// `words` words per component: the bits (`bit` of each state, when it
    /// has one) of the states the component's states reach. Components
    /// come numbered sinks first, so each one's set is its own bits and the
    /// sets of the (lower-numbered) components its states link to.
    fn component_sets(
        &self,
        component: &[u16],
        count: usize,
        words: usize,
        y: bool,
        x: bool,
        bit: impl Fn(Dense) -> Option<usize>,
    ) -> Vec<u64> {
        // The states of each component, together: a counting sort.
        let mut first = vec![0usize; count + 1];
        for &c in component {
            first[usize::from(c) + 1] += 1;
        }
        for c in 0..count {
            first[c + 1] += first[c];
        }
        let mut members = vec![0 as Dense; component.len()];
        let mut fill = first.clone();
        for (s, &c) in component.iter().enumerate() {
            members[fill[usize::from(c)]] = s as Dense;
            fill[usize::from(c)] += 1;
        }
        let mut sets = vec![0u64; count * words];
        for c in 0..count {
            let (done, rest) = sets.split_at_mut(c * words);
            let own = &mut rest[..words];
            for &s in &members[first[c]..first[c + 1]] {
                if let Some(b) = bit(s) {
                    own[b / 64] |= 1 << (b % 64);
                }
                self.each_next(s, y, x, |t| {
                    let other = usize::from(component[usize::from(t)]);
                    if other != c {
                        let theirs = &done[other * words..(other + 1) * words];
                        for (word, their) in own.iter_mut().zip(theirs) {
                            *word |= their;
                        }
                    }
                });
            }
        }
        sets
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

/// Keeps the graph of `cands` and its components under cell and house
/// links for [`take_xy`].
pub fn keep_xy(cands: &Cands, graph: Graph, components: Components) {
    LAST_XY.with(|last| *last.borrow_mut() = Some((cands.clone(), graph, components)));
}

/// The graph of `cands` and its components under cell and house links,
/// when they were the last kept.
pub fn take_xy(cands: &Cands) -> Option<(Graph, Components)> {
    LAST_XY.with(|last| {
        let mut last = last.borrow_mut();
        match last.take() {
            Some((kept, graph, components)) if kept == *cands => Some((graph, components)),
            other => {
                *last = other;
                None
            }
        }
    })
}
