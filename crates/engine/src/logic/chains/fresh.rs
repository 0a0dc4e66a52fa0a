//! Whether a reduced position's new strong links let a state reach its
//! own negation, when none could in the position it was reduced from: the
//! test that spares nested forcing chains and cycles most of their scans.
//!
//! Nested in dynamic chains, forcing chains and cycles run on thousands of
//! positions reduced from one source where they found nothing, and four
//! scans in five find nothing again; building each position's graph and
//! its strongly connected components was most of their cost. They find
//! something only where some state reaches its negation under cell and
//! house links:
//! - a forcing chain is such a path;
//! - a cycle removing candidate `r` lies in one strongly connected
//!   component holding an "on" state `a` and an "off" state `b` of `r`'s
//!   digit, both seen by `r`; then "`r` on" turns `a` off, which leads to
//!   `b` on (the contrapositive of the component's path from `b` off to
//!   `a` on), which turns `r` off.
//!
//! The reduced position's links are the source's, less those of the
//! candidates removed, plus the strong links the removals made (a cell
//! left with two candidates, a digit left with two places in a house). So
//! when no state reaches its negation in the source, a path from a state
//! `s` to its negation here takes some new strong link, "`u` off" to "`v`
//! on": `s` leads to `u` off, and by contraposition `u` on leads to `s`
//! off, which `v` on leads to too. Conversely, a state `t` that both `u`
//! on and `v` on lead to makes a path from `t`'s negation to `u` off, on
//! to `v` on and on to `t`. So some state reaches its negation exactly
//! when, for some new strong link, the states its two ends' "on" states
//! reach meet: a few searches from a few states, on the position's bit
//! sets, with no graph to build.

use super::graph::twice_in;
use super::links::Cands;
use crate::logic::grid::{
    bits, count, houses_at, two_cells, Cells, CELL_HOUSE_MASKS, HOUSE_MASKS, PEERS,
};

/// Whether some state of `work` reaches its own negation under cell and
/// house links (the states of every candidate, in any cell), given that
/// none does in `source`, which `work` was reduced from (it lacks only
/// candidates `source` has). See the module's docs.
pub(super) fn reaches_negation(work: &Cands, source: &Cands) -> bool {
    let links = Links::of(work);
    let mut search = Search::new(&links);
    // New cell links: cells that lost candidates and were left with two.
    for cell in 0..81 {
        let here = work.cells[cell];
        if count(here) == 2 && here != source.cells[cell] {
            let a = here.trailing_zeros() as usize;
            let b = (here & (here - 1)).trailing_zeros() as usize;
            if search.meet((cell, a), (cell, b)) {
                return true;
            }
        }
    }
    // New house links: houses where a digit that lost a place there was
    // left with two.
    for d0 in 0..9 {
        let gone = source.digits[d0] & !work.digits[d0];
        if gone == 0 {
            continue;
        }
        let mut houses = links.pairs[d0];
        while houses != 0 {
            let house = houses.trailing_zeros() as usize;
            houses &= houses - 1; // clear the lowest set bit
            if HOUSE_MASKS[house] & gone == 0 {
                continue;
            }
            let places = work.digits[d0] & HOUSE_MASKS[house];
            let a = places.trailing_zeros() as usize;
            let b = (places & (places - 1)).trailing_zeros() as usize;
            if search.meet((a, d0), (b, d0)) {
                return true;
            }
        }
    }
    false
}

/// A position's strong links, as bit sets to follow them by.
struct Links<'a> {
    cands: &'a Cands,
    /// Each digit's houses (bits 0-26) where it has exactly two places.
    pairs: [u32; 9],
    /// Each digit's cells whose "off" state turns something on: its places
    /// in those houses, and the bivalue cells holding it.
    strong: [Cells; 9],
    /// The cells with exactly two candidates.
    bivalue: Cells,
}

impl Links<'_> {
    fn of(cands: &Cands) -> Links<'_> {
        let mut links = Links {
            cands,
            pairs: [0; 9],
            strong: [0; 9],
            bivalue: 0,
        };
        for house in 0..27 {
            for d0 in bits(twice_in(cands, house)) {
                links.pairs[d0] |= 1 << house;
                links.strong[d0] |= cands.digits[d0] & HOUSE_MASKS[house];
            }
        }
        for cell in 0..81 {
            let here = cands.cells[cell];
            if count(here) == 2 {
                links.bivalue |= 1 << cell;
                for d0 in bits(here) {
                    links.strong[d0] |= 1 << cell;
                }
            }
        }
        links
    }
}

/// The states one "on" state reaches: "on" and "off" states, as each
/// digit's cells.
#[derive(Clone, Copy)]
struct Reached {
    on: [Cells; 9],
    off: [Cells; 9],
}

/// Nothing reached: a search against it never stops early.
const NOTHING: Reached = Reached {
    on: [0; 9],
    off: [0; 9],
};

/// The searches of one position, each end's reached states kept (an end
/// may serve several new links).
struct Search<'a> {
    links: &'a Links<'a>,
    /// Each candidate's (`cell * 9 + d0`) place in `done`, or `u16::MAX`.
    slot: [u16; 729],
    /// The searches kept, then the one under way (kept once it meets
    /// nothing).
    done: Vec<Reached>,
    /// "On" states still to follow, as (cell, digit).
    stack: Vec<(u8, u8)>,
}

/// A [`Search`]'s lists: the searches kept, and the stack.
type Lists = (Vec<Reached>, Vec<(u8, u8)>);

thread_local! {
    /// The emptied lists of the last [`Search`], kept for their memory
    /// (a search runs on every reduced position nested chains meet).
    static SPARE: std::cell::Cell<Lists> =
        const { std::cell::Cell::new((Vec::new(), Vec::new())) };
}

impl Drop for Search<'_> {
    fn drop(&mut self) {
        let (mut done, mut stack) = (
            std::mem::take(&mut self.done),
            std::mem::take(&mut self.stack),
        );
        done.clear();
        stack.clear();
        let _ = SPARE.try_with(|spare| spare.set((done, stack)));
    }
}

impl<'a> Search<'a> {
    fn new(links: &'a Links<'a>) -> Search<'a> {
        let (done, stack) = SPARE.try_with(|spare| spare.take()).unwrap_or_default();
        Search {
            links,
            slot: [u16::MAX; 729],
            done,
            stack,
        }
    }

    /// Whether the states "on" states `u` and `v` (cell, digit) reach
    /// meet.
    fn meet(&mut self, u: (usize, usize), v: (usize, usize)) -> bool {
        let slot = |(cell, d0): (usize, usize)| usize::from(self.slot[cell * 9 + d0]);
        let (a, b) = (slot(u), slot(v));
        if a < self.done.len() && b < self.done.len() {
            return meets(&self.done[a], &self.done[b]);
        }
        // The end searched already (or `u`, searched now against nothing)
        // is met by the other's search.
        let (known, second) = match (a < self.done.len(), b < self.done.len()) {
            (true, _) => (a, v),
            (_, true) => (b, u),
            _ => {
                let met = self.search(u, None);
                debug_assert!(!met);
                (self.keep(u), v)
            }
        };
        if self.search(second, Some(known)) {
            return true;
        }
        self.keep(second);
        false
    }

    /// Keeps the search just made (the last in `done`), from `start`,
    /// and says where.
    fn keep(&mut self, (cell, d0): (usize, usize)) -> usize {
        // At most 648 ends: two a link, a link a cell or a house and digit.
        let at = self.done.len() - 1;
        self.slot[cell * 9 + d0] = at as u16;
        at
    }

    /// Searches what "on" state `start` (cell, digit) reaches into a new
    /// last entry of `done` (written in place: no copy to keep it); true,
    /// the search cut short and its entry dropped, as soon as it reaches
    /// one of the states search `other` (a place in `done`) kept.
    fn search(&mut self, start: (usize, usize), other: Option<usize>) -> bool {
        let Search {
            links,
            slot,
            done,
            stack,
        } = self;
        done.push(NOTHING);
        let last = done.len() - 1;
        let (kept, under_way) = done.split_at_mut(last);
        let walk = Walk {
            links,
            slot,
            done: kept,
            other: other.map_or(&NOTHING, |k| &kept[k]),
        };
        let met = walk.reach(start, &mut under_way[0], stack);
        if met {
            done.pop();
        }
        met
    }
}

/// What one search reads: the links, the searches kept (by candidate),
/// and the states of the search it stops at.
struct Walk<'s> {
    links: &'s Links<'s>,
    slot: &'s [u16; 729],
    done: &'s [Reached],
    other: &'s Reached,
}

impl Walk<'_> {
    /// Fills `reached` with what "on" state `start` (cell, digit) reaches;
    /// true, cut short, as soon as a state reached is one of `other`'s.
    /// `stack` is room for the "on" states still to follow.
    fn reach(
        &self,
        (cell, d0): (usize, usize),
        reached: &mut Reached,
        stack: &mut Vec<(u8, u8)>,
    ) -> bool {
        let (links, other) = (self.links, self.other);
        let cands = links.cands;
        if other.on[d0] >> cell & 1 != 0 {
            return true;
        }
        reached.on[d0] |= 1 << cell;
        stack.clear();
        stack.push((cell as u8, d0 as u8));
        while let Some((cell, d0)) = stack.pop() {
            let (cell, d0) = (usize::from(cell), usize::from(d0));
            // The digit's other places the cell sees turn off.
            let seen = PEERS[cell] & cands.digits[d0] & !reached.off[d0];
            if seen & other.off[d0] != 0 {
                return true;
            }
            reached.off[d0] |= seen;
            let mut strong = seen & links.strong[d0];
            while strong != 0 {
                let peer = strong.trailing_zeros() as usize;
                strong &= strong - 1; // clear the lowest set bit
                if self.turn_on_from((peer, d0), reached, stack) {
                    return true;
                }
            }
            // So do the cell's other candidates.
            let mut others = cands.cells[cell] & !(1 << d0);
            while others != 0 {
                let d = others.trailing_zeros() as usize;
                others &= others - 1; // clear the lowest set bit
                if reached.off[d] >> cell & 1 != 0 {
                    continue;
                }
                if other.off[d] >> cell & 1 != 0 {
                    return true;
                }
                reached.off[d] |= 1 << cell;
                if links.strong[d] >> cell & 1 != 0 && self.turn_on_from((cell, d), reached, stack)
                {
                    return true;
                }
            }
        }
        false
    }

    /// Turns on what candidate (`cell`, `d0`) "off" does: its cell's other
    /// candidate when bivalue, its digit's other place in each house with
    /// two; true as soon as one is a state of `other`'s.
    #[inline(always)]
    fn turn_on_from(
        &self,
        (cell, d0): (usize, usize),
        reached: &mut Reached,
        stack: &mut Vec<(u8, u8)>,
    ) -> bool {
        let links = self.links;
        let cands = links.cands;
        let mut on = |cell: usize, d: usize| {
            if reached.on[d] >> cell & 1 != 0 {
                return false;
            }
            // A state searched from before brings all it reaches (a set
            // closed under the links), with nothing left to follow.
            if let Some(known) = self.done.get(usize::from(self.slot[cell * 9 + d])) {
                for d in 0..9 {
                    reached.on[d] |= known.on[d];
                    reached.off[d] |= known.off[d];
                }
                return meets(known, self.other);
            }
            reached.on[d] |= 1 << cell;
            stack.push((cell as u8, d as u8));
            self.other.on[d] >> cell & 1 != 0
        };
        if links.bivalue >> cell & 1 != 0 {
            let d = (cands.cells[cell] & !(1 << d0)).trailing_zeros() as usize;
            if on(cell, d) {
                return true;
            }
        }
        let pairs = links.pairs[d0];
        for (k, house) in houses_at(cell).into_iter().enumerate() {
            if pairs >> house & 1 != 0 {
                let places = cands.digits[d0] & CELL_HOUSE_MASKS[cell][k];
                debug_assert!(two_cells(places));
                let partner = (places & !(1u128 << cell)).trailing_zeros() as usize;
                if on(partner, d0) {
                    return true;
                }
            }
        }
        false
    }
}

/// Whether two searches' reached states share one.
fn meets(a: &Reached, b: &Reached) -> bool {
    (0..9).any(|d0| a.on[d0] & b.on[d0] != 0 || a.off[d0] & b.off[d0] != 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::chains::graph::Graph;
    use crate::logic::testing::for_bank_positions;

    /// Whether some state of `cands` reaches its negation, as the graph's
    /// components and reached sets tell.
    fn by_graph(cands: &Cands) -> bool {
        Graph::core_only(cands)
            .reach(true, true, true)
            .any_negation()
    }

    /// On positions of bank puzzles where no state reaches its negation,
    /// less some candidates, the searches from the new strong links' ends
    /// tell what the graph tells, both ways.
    #[test]
    fn new_links_tell_what_the_graph_tells() {
        let (mut compared, mut reaching) = (0, 0);
        let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
        for_bank_positions(7, (2, 20), |grid, _| {
            let source = Cands::of(grid);
            if by_graph(&source) {
                return;
            }
            for round in 0..6 {
                let mut work = source.clone();
                for _ in 0..3 + round * 3 {
                    // xorshift: a cheap reproducible stream.
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    let (cell, d0) = ((seed % 81) as usize, (seed / 81 % 9) as usize);
                    if count(work.cells[cell]) > 2 && work.cells[cell] >> d0 & 1 != 0 {
                        work.remove(cell, d0);
                    }
                }
                let expected = by_graph(&work);
                assert_eq!(reaches_negation(&work, &source), expected, "round {round}");
                compared += 1;
                reaching += usize::from(expected);
            }
        });
        assert!(compared > 500 && reaching > 50, "{reaching} of {compared}");
        assert!(reaching < compared, "{reaching} of {compared}");
    }
}
