//! Rungs 27-30: Nishio, multiple and dynamic forcing chains
//! (`Chaining.getMultipleChainsHintList`).
//!
//! Cells in reading order (Nishio and dynamic: every cell with two or more
//! candidates; multiple: three or more), digits ascending. For each
//! candidate: its "on" and "off" assumptions (contradictions: Nishio and
//! dynamic; double chains: dynamic, cells of 3+ candidates), then, except
//! for Nishio, region chains for each house where the candidate is the
//! digit's first place; after the digits, cell chains.

use super::advanced::Nested;
use super::engine::{Arena, Engine, Links, Node};
use super::graph::{closure_of, Closure, Dense, Graph};
use super::links::{candidate, removals, removed_by, state_of};
use super::links::{is_on, state, Cands, Cause, State, STATES};
use super::recall::{Reached, Recall, Reduced};
use super::{conclude, Best, Key};
use crate::logic::grid::{
    bits, cells_of, count, houses_at, houses_of, one_cell, several_cells, two_cells, Cells, Digits,
    Grid, ALL_DIGITS, CELL_HOUSE_MASKS, PEERS,
};
use crate::logic::proof::Candidate;
use crate::logic::step::{Pattern, Step, Technique};

/// Static multiple forcing chains, as this producer ran them before the
/// rung became a graph walk (the tests compare the two).
#[cfg(test)]
const STATIC_MULTIPLE: Mode = Mode {
    multiple: true,
    dynamic: false,
    nishio: false,
    level: 0,
    limit: 0,
};

/// Which of Sudoku Explainer's chain producers runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Mode {
    multiple: bool,
    dynamic: bool,
    nishio: bool,
    level: u8,
    /// For level 4: the level of the dynamic chains nested inside.
    limit: u8,
}

impl Mode {
    /// The producer's difficulty before length (`Chaining.getDifficulty`).
    fn base(self) -> f64 {
        if self.level >= 2 {
            9.5 + 0.5 * f64::from(self.level - 2)
        } else if self.level > 0 {
            8.5 + 0.5 * f64::from(self.level)
        } else if self.nishio {
            7.5
        } else if self.dynamic {
            8.5
        } else {
            8.0
        }
    }
}

/// The first step of Sudoku Explainer's "Nishio Forcing Chains" (7.5+),
/// searching every digit (the ladder uses [`nishio_forcing_chains_of`]).
#[cfg(test)]
pub fn nishio_forcing_chains(grid: &Grid) -> Option<Step> {
    nishio_forcing_chains_of(grid, ALL_DIGITS)
}

/// [`nishio_forcing_chains`] searching only the candidates of `digits`
/// (bits 0-8): a Nishio chain follows house links only, so it never leaves
/// its digit, and its outcome depends on that digit's candidates alone.
/// The ladder asks again only for the digits changed since it found
/// nothing.
pub fn nishio_forcing_chains_of(grid: &Grid, digits: Digits) -> Option<Step> {
    let mode = Mode {
        multiple: false,
        dynamic: true,
        nishio: true,
        level: 0,
        limit: 0,
    };
    let mut producer = Producer::new(Cands::of(grid), mode);
    producer.digits = digits;
    producer.run()
}

/// The first step of Sudoku Explainer's "Multiple Forcing Chains" (8.0+),
/// as this producer's static scan finds it (the rung runs
/// [`multiple_forcing_chains`](super::multiple::multiple_forcing_chains),
/// which finds the same on the chain graph; the tests compare them).
#[cfg(test)]
pub fn multiple_forcing_chains(grid: &Grid) -> Option<Step> {
    let mode = STATIC_MULTIPLE;
    Producer::new(Cands::of(grid), mode).run()
}

/// The first step of Sudoku Explainer's "Dynamic Forcing Chains" (8.5+).
pub fn dynamic_forcing_chains(grid: &Grid) -> Option<Step> {
    let mode = Mode {
        multiple: true,
        dynamic: true,
        nishio: false,
        level: 0,
        limit: 0,
    };
    Producer::new(Cands::of(grid), mode).run()
}

/// The first step of Sudoku Explainer's "Dynamic Forcing Chains (+)" (9.0+):
/// dynamic chains that also apply pointing, claiming, hidden and naked
/// pairs and X-wings to the position each assumption reduces.
pub fn dynamic_forcing_chains_plus(grid: &Grid) -> Option<Step> {
    let mode = Mode {
        multiple: true,
        dynamic: true,
        nishio: false,
        level: 1,
        limit: 0,
    };
    Producer::new(Cands::of(grid), mode).run()
}

/// The first step of Sudoku Explainer's nested dynamic forcing chains:
/// level 2 (+ forcing chains, 9.5+), 3 (+ multiple forcing chains, 10.0+),
/// 4 (+ dynamic forcing chains of level `limit`, 10.5+), nesting the
/// producers `nested` (the rung is `nesting::nested_forcing_chains`, which
/// hands them in).
pub(super) fn nested_forcing_chains_with(
    grid: &Grid,
    level: u8,
    limit: u8,
    nested: Nested,
) -> Option<Step> {
    let mode = Mode {
        multiple: true,
        dynamic: true,
        nishio: false,
        level,
        limit,
    };
    let mut producer = Producer::new(Cands::of(grid), mode);
    producer.engine.nested = Some(nested);
    producer.run()
}

/// Every hint of dynamic forcing chains of `level` on `work`, for a chain
/// that started from `source` and nests them; each keeps its step when
/// `keep`. Level 2 nests the producers `nested` in turn.
pub(super) fn collect(
    work: &Cands,
    source: &Cands,
    level: u8,
    keep: bool,
    nested: Nested,
) -> Vec<super::Collected> {
    let mode = Mode {
        multiple: true,
        dynamic: true,
        nishio: false,
        level,
        limit: 0,
    };
    let mut producer = Producer::new(work.clone(), mode);
    producer.engine.nested = Some(nested);
    producer.best = Best::collecting(source, keep);
    if level == 0 {
        // See `recall`: most of these propagations are the source's.
        producer.recalled = Some(Reduced::new(Recall::of(source), work));
    }
    producer.scan();
    std::mem::take(&mut producer.best).into_collected()
}

/// Nested static multiple forcing chains as this producer scans them (the
/// rung's own scan is [`super::multiple::collect`]; the tests compare the
/// two).
#[cfg(test)]
pub(super) fn collect_static(work: &Cands, source: &Cands, keep: bool) -> Vec<super::Collected> {
    let mode = STATIC_MULTIPLE;
    let mut producer = Producer::new(work.clone(), mode);
    producer.best = Best::collecting(source, keep);
    producer.scan();
    std::mem::take(&mut producer.best).into_collected()
}

/// One run of a producer over a position.
struct Producer {
    cands: Cands,
    /// Static chains' link table, built at the first propagation: most
    /// nested static producers, their branches meeting nowhere, never
    /// propagate (dynamic ones read links from their reduced position).
    links: Option<Links>,
    mode: Mode,
    engine: Engine,
    best: Best,
    /// "On" assumptions computed ahead for region chains, by candidate.
    cache: Cache,
    /// The digits whose candidates the scan assumes (bits 0-8).
    digits: Digits,
    /// Static chains: what each state reaches in the fixed position, to
    /// skip the cell and region chains whose branches share no state.
    closure: Option<(Closure, Graph)>,
    /// The "on" assumptions of the cell being scanned (empty between
    /// cells; kept for its memory).
    #[allow(clippy::vec_box)] // boxed: arenas move often, and are large
    outcomes: Vec<Box<Arena>>,
    /// Whether "off" assumptions known to meet no contradiction are
    /// skipped when that is all they serve (see
    /// [`Producer::off_skippable`]), and Nishio chains propagate only the
    /// assumptions that meet one ([`Producer::scan_nishio`]); false only
    /// in tests, to compare.
    pairs: bool,
    /// What each "on" propagated reached (dynamic chains of level 0).
    ons: Ons,
    /// Whether propagations stop once what follows can only give hints
    /// larger than the best so far (see [`Engine::bound`]; false only in
    /// tests, to compare).
    bounded: bool,
    /// Nested dynamic chains of level 0: the enclosing chain's source
    /// position, whose propagations give most of this one's
    /// ([`Producer::propagate`]).
    recalled: Option<Reduced>,
}

/// The states an "on" assumption reached, by candidate, and whether it met
/// no contradiction: a slot per candidate (`u16::MAX` for none) over a list
/// whose memory the thread keeps (nested producers come and go).
struct Ons {
    slot: [u16; 729],
    sets: Vec<(Reached, bool)>,
}

thread_local! {
    /// The emptied list of the last [`Ons`] dropped on this thread.
    static SPARE_ONS: std::cell::RefCell<Vec<(Reached, bool)>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

impl Ons {
    fn new() -> Ons {
        Ons {
            slot: [u16::MAX; 729],
            sets: SPARE_ONS.with(|spare| std::mem::take(&mut *spare.borrow_mut())),
        }
    }

    fn record(&mut self, cand: usize, arena: &Arena) {
        if self.sets.len() >= usize::from(u16::MAX) {
            return; // unknown stays unknown: nothing is skipped for it
        }
        self.slot[cand] = self.sets.len() as u16;
        self.sets
            .push((*arena.reached(), arena.contradiction.is_none()));
    }

    /// What the "on" of `cand` reached, when it met no contradiction.
    fn consistent(&self, cand: usize) -> Option<&Reached> {
        let (reached, consistent) = self.sets.get(usize::from(self.slot[cand]))?;
        consistent.then_some(reached)
    }

    fn known(&self, cand: usize) -> bool {
        self.slot[cand] != u16::MAX
    }
}

impl Drop for Ons {
    fn drop(&mut self) {
        let mut sets = std::mem::take(&mut self.sets);
        sets.clear();
        SPARE_ONS.with(|spare| *spare.borrow_mut() = sets);
    }
}

/// Propagations kept for later, by candidate: a small index over a list,
/// so a producer that caches little pays for little.
struct Cache {
    /// Each candidate's place in `arenas`, or `u16::MAX`.
    slot: [u16; 729],
    arenas: Vec<Option<Box<Arena>>>,
}

thread_local! {
    /// The emptied list of the last [`Cache`] dropped on this thread
    /// (nested producers come and go, and grew it anew each time).
    static SPARE_CACHE: std::cell::Cell<Vec<Option<Box<Arena>>>> =
        const { std::cell::Cell::new(Vec::new()) };
}

impl Cache {
    fn new() -> Cache {
        Cache {
            slot: [u16::MAX; 729],
            arenas: SPARE_CACHE
                .try_with(|spare| spare.take())
                .unwrap_or_default(),
        }
    }

    fn get(&self, cand: usize) -> Option<&Arena> {
        let slot = self.slot[cand];
        self.arenas.get(usize::from(slot))?.as_deref()
    }

    fn take(&mut self, cand: usize) -> Option<Box<Arena>> {
        let slot = std::mem::replace(&mut self.slot[cand], u16::MAX);
        self.arenas.get_mut(usize::from(slot))?.take()
    }

    fn put(&mut self, cand: usize, arena: Box<Arena>) {
        self.slot[cand] = self.arenas.len() as u16;
        self.arenas.push(Some(arena));
    }
}

impl Drop for Producer {
    fn drop(&mut self) {
        // Arenas computed ahead and never used go back for reuse.
        for arena in self.cache.arenas.drain(..).flatten() {
            self.engine.recycle(arena);
        }
        let arenas = std::mem::take(&mut self.cache.arenas);
        let _ = SPARE_CACHE.try_with(|spare| spare.set(arenas));
    }
}

impl Producer {
    fn new(cands: Cands, mode: Mode) -> Producer {
        // Static chains, at the top or nested, skip the cell and region
        // chains whose branches can meet nowhere.
        let closure = (!mode.dynamic).then(|| closure_of(&cands));
        Producer {
            links: None,
            cands,
            mode,
            engine: Engine::new(),
            best: Best::default(),
            cache: Cache::new(),
            digits: ALL_DIGITS,
            closure,
            outcomes: Vec::with_capacity(9),
            pairs: true,
            ons: Ons::new(),
            bounded: true,
            recalled: None,
        }
    }

    fn run(mut self) -> Option<Step> {
        match self.mode.nishio && self.pairs {
            true => self.scan_nishio(),
            false => self.scan(),
        }
        self.best.step.take()
    }

    /// [`Producer::scan`] of Nishio chains: a Nishio chain's only hints
    /// are the contradictions its assumptions meet, so only the
    /// assumptions that meet one ([`nishio_clashes`], on one digit's
    /// places) are propagated, in the scan's order.
    ///
    /// A place's "off" and its digit's other place's "on", in a house
    /// where the digit has two, imply each other: they reach the same
    /// places and meet a contradiction alike, so the "on" answers for both.
    fn scan_nishio(&mut self) {
        let clashes = NishioClashes::of(&self.cands, self.digits);
        for cell in 0..81 {
            if count(self.cands.cells[cell]) < 2 {
                continue;
            }
            for d0 in bits(self.cands.cells[cell] & self.digits) {
                for on in [true, false] {
                    if clashes.clash(&self.cands, d0, cell, on) {
                        let arena = self.propagate_real(state(cell, d0, on));
                        self.contradiction(cell, d0, &arena, on);
                        self.engine.recycle(arena);
                    }
                }
            }
        }
    }

    fn scan(&mut self) {
        for cell in 0..81 {
            let count = count(self.cands.cells[cell]);
            if count > 2 || (count > 1 && self.mode.dynamic) {
                self.cell(cell, count);
            }
        }
    }

    /// The size of a hint whose chains end at `targets`: their states,
    /// plus the nested chains they use.
    ///
    /// A hint larger than the best so far can never replace it (keys grow
    /// with size), nor, when collecting, one whose removals earlier hints
    /// of smaller keys make add anything: counting stops, with some size
    /// above the limit, once the count passes it. `kind` and `conclusion`
    /// are the hint's.
    fn size(&mut self, targets: &[(&Arena, u32)], kind: u8, conclusion: State) -> u32 {
        let cands = removals(&self.cands, conclusion);
        let limit = self.best.size_limit(self.mode.base(), kind, cands);
        self.engine.take_nested();
        let mut size = 0;
        for &(arena, n) in targets {
            size += self.engine.ancestors(arena, n, limit.saturating_sub(size));
            if size > limit {
                return size;
            }
        }
        size + self.engine.take_nested()
    }

    /// What assumption `s` reaches: recalled from the source position
    /// when that is known to be the same (its reached states alone, with
    /// no nodes; see [`Producer::realize`]), else propagated.
    fn propagate(&mut self, s: State) -> Box<Arena> {
        let recalled = match &self.recalled {
            Some(reduced) => self.engine.recalled(|out| reduced.reached(s, out)),
            None => None,
        };
        let Some(arena) = recalled else {
            return self.propagate_real(s);
        };
        if is_on(s) {
            self.ons.record(usize::from(s / 2), &arena);
        }
        arena
    }

    /// Propagates `arena` (of assumption `s`) for real when it was
    /// recalled: its nodes are wanted.
    fn realize(&mut self, arena: &mut Box<Arena>, s: State) {
        if arena.is_recalled() {
            let real = self.propagate_real(s);
            let recalled = std::mem::replace(arena, real);
            self.engine.recycle(recalled);
        }
    }

    fn propagate_real(&mut self, s: State) -> Box<Arena> {
        let (dynamic, cands) = (self.mode.dynamic, &self.cands);
        let links = self.links.get_or_insert_with(|| {
            if dynamic {
                Links::none()
            } else {
                Links::new(cands, true)
            }
        });
        self.engine.bound = if self.bounded {
            self.best.kept_size()
        } else {
            u32::MAX
        };
        let arena = self.engine.propagate(
            &self.cands,
            links,
            s,
            self.mode.nishio,
            self.mode.dynamic,
            self.mode.level,
            self.mode.limit,
        );
        if is_on(s) && self.mode.dynamic && self.mode.level == 0 {
            self.ons.record(usize::from(s / 2), &arena);
        }
        arena
    }

    /// Whether the "off" assumption of `cell`'s `d0` can be skipped, in
    /// dynamic chains of level 0: when it is known to meet no
    /// contradiction and, in a cell of three candidates or more (not in
    /// Nishio chains), to reach no state that `on` (the "on" of the same
    /// candidate) reaches, so that it would give no double chain either.
    ///
    /// There an assumption reaches the least set of states holding it that
    /// is closed under the links (each link only asks for more states, and
    /// the engine applies every link that holds), so one implied by
    /// another reaches a subset of what the other reaches, and meets no
    /// contradiction when the other meets none. This "off" is implied by
    /// the "on" of the cell's other digits (the cell link; not in Nishio
    /// chains) and of the digit in the cell's peers (the house links): it
    /// reaches no more than what every consistent one of those reaches,
    /// and shares nothing with `on` when their common part does not. An
    /// "on" this scan will propagate anyway is propagated now when needed
    /// (and cached); one it propagated already left its states.
    fn off_skippable(&mut self, cell: usize, d0: usize, on: &Arena) -> bool {
        if !self.mode.dynamic || self.mode.level != 0 {
            return false;
        }
        let others = self.cands.cells[cell] & !(1 << d0);
        let at = cell * 9 + d0;
        // At most eight other digits and twenty peers: no list to allocate.
        let mut impliers = [usize::MAX; 28];
        let mut n = 0;
        if !self.mode.nishio {
            for d in bits(others) {
                impliers[n] = cell * 9 + d;
                n += 1;
            }
        }
        for peer in cells_of(PEERS[cell] & self.cands.digits[d0]) {
            impliers[n] = peer * 9 + d0;
            n += 1;
        }
        let impliers = &impliers[..n];
        // A double chain needs a state the "off" reaches (not in cells of
        // two, nor in Nishio chains): what `on` and every consistent
        // implier reach, bit by bit.
        let doubles = !self.mode.nishio && count(others) >= 2;
        let mut common = *on.reached();
        // Those known first (pass 0), then the others (pass 1, propagated
        // ahead): propagating ahead is free, but holds memory.
        for pass in 0..2 {
            for &cand in impliers {
                if self.ons.known(cand) == (pass == 1) {
                    continue;
                }
                if pass == 1 {
                    self.know(cand, at);
                }
                let Some(reached) = self.ons.consistent(cand) else {
                    continue;
                };
                if !doubles {
                    return true;
                }
                let mut any = 0;
                for (word, other) in common.iter_mut().zip(reached) {
                    *word &= other;
                    any |= *word;
                }
                if any == 0 {
                    return true;
                }
            }
        }
        false
    }

    /// Propagates the "on" of candidate `cand` now (and caches it) when not
    /// known and the scan, now at candidate `at`, will propagate it later
    /// anyway.
    fn know(&mut self, cand: usize, at: usize) {
        if !self.ons.known(cand) && cand > at && self.scans(cand) && self.cache.get(cand).is_none()
        {
            let arena = self.propagate(state(cand / 9, cand % 9, true));
            self.cache.put(cand, arena);
        }
    }

    /// Whether the scan assumes candidate `cand` "on" (dynamic chains).
    fn scans(&self, cand: usize) -> bool {
        let cell = cand / 9;
        count(self.cands.cells[cell]) > 1 && self.digits >> (cand % 9) & 1 != 0
    }

    /// The "on" assumption of candidate `cand`, from the cache or computed.
    fn assume_on(&mut self, cand: usize) -> Box<Arena> {
        match self.cache.take(cand) {
            Some(arena) => arena,
            None => self.propagate(state(cand / 9, cand % 9, true)),
        }
    }

    /// Whether the "on" states of candidates `cands` (`cell * 9 + d0`) may
    /// all lead to one state: always, unless the closure says they cannot.
    fn may_share(&self, cands: impl IntoIterator<Item = usize>) -> bool {
        let Some((closure, graph)) = &self.closure else {
            return true;
        };
        closure.share(
            cands
                .into_iter()
                .map(|cand| (graph.id(cand) * 2 + 1) as Dense),
        )
    }

    /// The digit `d0`'s places in `house` when a region chain starts there
    /// at `cell` (the digit's first place in the house).
    fn region_places(&self, cell: usize, d0: usize, house: usize) -> Option<u128> {
        let places = self.cands.places(house, d0);
        let starts = two_cells(places) || (self.mode.multiple && several_cells(places));
        (starts && places.trailing_zeros() as usize == cell).then_some(places)
    }

    /// Whether a region chain from `cell`'s `d0` may conclude something.
    fn region_may_share(&self, cell: usize, d0: usize) -> bool {
        houses_of(cell).into_iter().any(|house| {
            self.region_places(cell, d0, house)
                .is_some_and(|places| self.may_share(cells_of(places).map(|c| c * 9 + d0)))
        })
    }

    fn cell(&mut self, cell: usize, count: u32) {
        let mode = self.mode;
        let digits = self.cands.cells[cell] & self.digits;
        let cell_chain = !mode.nishio && (count == 2 || (mode.multiple && count > 2));
        // Static chains use only the "on" assumptions, for cell and region
        // chains: those whose branches can meet nowhere are skipped.
        let cell_chain = cell_chain && self.may_share(bits(digits).map(|d0| cell * 9 + d0));
        let mut outcomes = std::mem::take(&mut self.outcomes);
        // Each outcome's digit.
        let mut outcome_digits = [0; 9];
        for d0 in bits(digits) {
            let needed = mode.dynamic || mode.nishio || cell_chain;
            if !needed && !self.region_may_share(cell, d0) {
                continue;
            }
            let mut on = self.assume_on(cell * 9 + d0);
            if mode.dynamic || mode.nishio {
                // Static chains use the "off" assumption for nothing; see
                // `Producer::off_skippable` for when it is skipped.
                let skip = self.pairs && self.off_skippable(cell, d0, &on);
                let off = (!skip).then(|| self.propagate(state(cell, d0, false)));
                self.contradictions(cell, d0, &on, off.as_deref());
                if let Some(mut off) = off {
                    if count >= 3 && !mode.nishio {
                        if to_realize([&*on, &*off].into_iter()) {
                            self.realize(&mut on, state(cell, d0, true));
                            self.realize(&mut off, state(cell, d0, false));
                        }
                        self.doubles(cell, d0, &on, &off);
                    }
                    self.engine.recycle(off);
                }
            }
            if !mode.nishio {
                self.regions(cell, d0, &mut on);
            }
            outcome_digits[outcomes.len()] = d0;
            outcomes.push(on);
        }
        if cell_chain && !outcomes.is_empty() {
            if to_realize(outcomes.iter().map(|on| &**on)) {
                for (k, on) in outcomes.iter_mut().enumerate() {
                    self.realize(on, state(cell, outcome_digits[k], true));
                }
            }
            // At most nine digits: no list to allocate.
            let mut refs: [&Arena; 9] = [&outcomes[0]; 9];
            for (k, arena) in outcomes.iter().enumerate() {
                refs[k] = arena;
            }
            let refs = &refs[..outcomes.len()];
            self.common(refs, Cause::Cell, |target| Pattern::CellForcing {
                cell: cell as u8,
                target,
            });
        }
        for arena in outcomes.drain(..) {
            self.engine.recycle(arena);
        }
        self.outcomes = outcomes;
    }

    fn kind_technique(&self, kind: u8) -> Technique {
        let level = self.mode.level;
        match (self.mode.dynamic, kind) {
            (false, 5) => Technique::CellForcingChains,
            (false, _) => Technique::RegionForcingChains,
            (true, 5) => Technique::DynamicCellForcingChains(level),
            (true, 6) => Technique::DynamicRegionForcingChains(level),
            (true, 1) => Technique::DynamicDoubleForcingChains(level),
            _ if self.mode.nishio => Technique::NishioForcingChains,
            _ => Technique::DynamicContradictionForcingChains(level),
        }
    }
}

/// Which Nishio assumptions meet a contradiction, by digit: the "on" of
/// each place, worked out ahead, and the "off" of a place when asked.
///
/// An assumption reached by a consistent one reaches a subset of its
/// states, so it is consistent too: the places a consistent "on" turns on
/// skip their own rounds, and those it turns off answer for their "off".
/// The rounds ([`nishio_closure`]) only add states: a place is turned off
/// as a peer of one on, or on as the last place left in a house of two or
/// more (where the larger propagation, having turned off at least as
/// many, leaves that one too, or none: a contradiction).
struct NishioClashes {
    /// Each digit's places whose "on" meets a contradiction.
    clashing: [Cells; 9],
    /// Each digit's places whose "off" a consistent "on" reached.
    calm_off: [Cells; 9],
}

impl NishioClashes {
    fn of(cands: &Cands, digits: Digits) -> NishioClashes {
        let mut clashes = NishioClashes {
            clashing: [0; 9],
            calm_off: [0; 9],
        };
        for d0 in bits(digits) {
            let places = cands.digits[d0];
            // Places whose "on" a consistent "on" reached.
            let mut calm_on: Cells = 0;
            for cell in cells_of(places) {
                if calm_on >> cell & 1 != 0 {
                    continue;
                }
                match nishio_closure(places, cell, true) {
                    None => clashes.clashing[d0] |= 1 << cell,
                    Some((ons, offs)) => {
                        calm_on |= ons;
                        clashes.calm_off[d0] |= offs;
                    }
                }
            }
        }
        clashes
    }

    /// Whether the "on" (or "off") of `cell`'s `d0` meets a contradiction.
    ///
    /// A place's "off" and its digit's other place's "on", in a house
    /// where the digit has two, imply each other: they reach the same
    /// places and meet a contradiction alike, so the "on" answers for both.
    fn clash(&self, cands: &Cands, d0: usize, cell: usize, on: bool) -> bool {
        let places = cands.digits[d0];
        if on {
            return self.clashing[d0] >> cell & 1 != 0;
        }
        if self.calm_off[d0] >> cell & 1 != 0 {
            return false;
        }
        let bit: Cells = 1 << cell;
        match CELL_HOUSE_MASKS[cell]
            .into_iter()
            .find(|&mask| two_cells(places & mask))
        {
            Some(mask) => self.clashing[d0] & places & mask & !bit != 0,
            None => nishio_clashes(places, cell, false),
        }
    }
}

/// Whether the Nishio propagation from `cell`'s digit "on" (or "off"),
/// whose places are `places`, meets a contradiction: found on the digit's
/// places as sets, round by round, rather than state by state.
///
/// A Nishio chain follows house links alone, so it never leaves its digit:
/// an "on" place turns off the digit's places among its peers, and a house
/// that has lost a place and keeps one turns that one on. The engine stops
/// at its first contradiction, and meets one exactly when the fixed point
/// of these links holds a place both on and off, or empties a house of
/// two places or more (the engine, expanding the last two places' "off"
/// states, turns the other one on). The rounds reach that fixed point, and
/// stop at the first such clash.
fn nishio_clashes(places: Cells, cell: usize, on: bool) -> bool {
    nishio_closure(places, cell, on).is_none()
}

/// [`nishio_clashes`]' rounds: the places the propagation turns on and
/// off (its fixed point) when it meets no contradiction, else None.
fn nishio_closure(places: Cells, cell: usize, on: bool) -> Option<(Cells, Cells)> {
    let start: Cells = 1 << cell;
    let (mut ons, mut offs) = (0 as Cells, 0 as Cells);
    let (mut new_on, mut new_off) = if on { (start, 0) } else { (0, start) };
    loop {
        if new_on & (offs | new_off) != 0 || new_off & ons != 0 {
            return None;
        }
        ons |= new_on;
        offs |= new_off;
        let mut next_off = 0;
        for on in cells_of(new_on) {
            next_off |= PEERS[on];
        }
        let mut next_on = 0;
        // Each house once a round: bit h of `seen`.
        let mut seen = 0u32;
        for off in cells_of(new_off) {
            for (house, mask) in houses_at(off).into_iter().zip(CELL_HOUSE_MASKS[off]) {
                if seen >> house & 1 != 0 {
                    continue;
                }
                seen |= 1 << house;
                let left = places & mask & !offs;
                if left == 0 && several_cells(places & mask) {
                    return None;
                }
                if one_cell(left) {
                    next_on |= left;
                }
            }
        }
        new_off = next_off & places & !offs;
        new_on = next_on & !ons;
        if new_on | new_off == 0 {
            return Some((ons, offs));
        }
    }
}

impl Producer {
    /// Offers the contradictions `on` and `off` (when propagated) meet.
    fn contradictions(&mut self, cell: usize, d0: usize, on: &Arena, off: Option<&Arena>) {
        self.contradiction(cell, d0, on, true);
        if let Some(off) = off {
            self.contradiction(cell, d0, off, false);
        }
    }

    /// Offers the contradiction `arena`, the propagation of `cell`'s `d0`
    /// on (`assumption`) or off, meets, if any.
    fn contradiction(&mut self, cell: usize, d0: usize, arena: &Arena, assumption: bool) {
        let Some((on_node, off_node)) = arena.contradiction else {
            return;
        };
        let target = arena.nodes[off_node as usize].state;
        let ends = [(arena, on_node), (arena, off_node)];
        let conclusion = state(cell, d0, !assumption);
        let source = state(cell, d0, assumption);
        self.offer_binary(ends, 7, source, target, conclusion);
    }

    fn doubles(&mut self, cell: usize, d0: usize, on: &Arena, off: &Arena) {
        let (commons, found) = common_nodes(&[on, off]);
        for (k, &(i, node)) in commons.iter().enumerate() {
            let ends = [(on, i), (off, found[k * 2 + 1])];
            self.offer_binary(ends, 1, state(cell, d0, true), node.state, node.state);
        }
    }

    /// Offers a hint of two chains (`ends`) from the assumption `source`:
    /// a contradiction (`kind` 7) on `target`, or a double chain (1) both
    /// of whose branches reach `target`; either concludes `conclusion`.
    fn offer_binary(
        &mut self,
        ends: [(&Arena, u32); 2],
        kind: u8,
        source: State,
        target: State,
        conclusion: State,
    ) {
        let size = self.size(&ends, kind, conclusion);
        let key = Key::new(self.mode.base(), size, kind);
        let technique = self.kind_technique(kind);
        let cands = &self.cands;
        self.best.offer_conclusion(
            key,
            conclusion,
            |difficulty| {
                let pattern = Pattern::Binary {
                    source: candidate(source),
                    target: candidate(target),
                    contradiction: kind == 7,
                };
                conclude(cands, conclusion, technique, pattern, difficulty)
            },
            cands,
            |source| rule_parents(&ends, None, source, cands),
        );
    }

    fn regions(&mut self, cell: usize, d0: usize, on: &mut Box<Arena>) {
        for house in houses_of(cell) {
            let Some(places) = self.region_places(cell, d0, house) else {
                continue;
            };
            if !self.may_share(cells_of(places).map(|c| c * 9 + d0)) {
                continue;
            }
            let others = places & !(1u128 << cell);
            for other in cells_of(others) {
                let cand = other * 9 + d0;
                if self.cache.get(cand).is_none() {
                    let arena = self.propagate(state(other, d0, true));
                    self.cache.put(cand, arena);
                }
            }
            // The cached arenas are lent out while `common` offers hints.
            let mut arenas = std::mem::take(&mut self.cache.arenas);
            let slot = |cache: &Cache, other: usize| usize::from(cache.slot[other * 9 + d0]);
            let branches = || {
                let others = cells_of(others).map(|other| &arenas[slot(&self.cache, other)]);
                std::iter::once(&**on).chain(others.filter_map(|arena| arena.as_deref()))
            };
            if to_realize(branches()) {
                // Recalled outcomes that meet are wanted with their nodes.
                self.realize(on, state(cell, d0, true));
                for other in cells_of(others) {
                    if let Some(arena) = &mut arenas[slot(&self.cache, other)] {
                        self.realize(arena, state(other, d0, true));
                    }
                }
            }
            // A house has at most nine places: no list to allocate.
            let (mut branches, mut len) = ([&**on; 9], 1);
            for other in cells_of(others) {
                if let Some(arena) = &arenas[slot(&self.cache, other)] {
                    branches[len] = arena;
                    len += 1;
                }
            }
            self.common(&branches[..len], Cause::House(house as u8), |target| {
                Pattern::RegionForcing {
                    house: house as u8,
                    digit: d0 as u8 + 1,
                    target,
                }
            });
            self.cache.arenas = arenas;
        }
    }

    /// Offers every state all `branches` reach ("on" states first, in the
    /// first branch's order) as a cell (`kind` 5) or region (6) chain.
    fn common(
        &mut self,
        branches: &[&Arena],
        assumption: Cause,
        pattern: impl Fn(Candidate) -> Pattern,
    ) {
        let kind = if matches!(pattern(candidate(0)), Pattern::CellForcing { .. }) {
            5
        } else {
            6
        };
        let (commons, found) = common_nodes(branches);
        for (k, &(_, node)) in commons.iter().enumerate() {
            // At most nine branches (a cell's digits, a digit's places in
            // a house): no list to allocate.
            let mut targets = [(branches[0], 0); 9];
            for (b, &branch) in branches.iter().enumerate() {
                targets[b] = (branch, found[k * branches.len() + b]);
            }
            let targets = &targets[..branches.len()];
            let size = self.size(targets, kind, node.state);
            let key = Key::new(self.mode.base(), size, kind);
            let technique = self.kind_technique(kind);
            let cands = &self.cands;
            self.best.offer_conclusion(
                key,
                node.state,
                |difficulty| {
                    conclude(
                        cands,
                        node.state,
                        technique,
                        pattern(candidate(node.state)),
                        difficulty,
                    )
                },
                cands,
                |source| rule_parents(targets, Some(assumption), source, cands),
            );
        }
    }
}

/// The nodes of `branches[0]` whose state every branch reaches (each a
/// result: a contradiction's extra node is of a state not reached),
/// with their indices: "on" states first, each kind in the first branch's
/// order (the order SE meets them); and the node of each such state in
/// each branch, `[k * branches.len() + b]` for state `k` in branch `b`.
/// The reached sets are intersected first, so branches with nothing in
/// common cost no walk; then one pass over each branch's nodes (the first
/// branch's gives both lists and its own indices).
fn common_nodes(branches: &[&Arena]) -> (Vec<(u32, Node)>, Vec<u32>) {
    let first = branches[0];
    let common = shared(branches.iter().copied());
    if common.iter().all(|&word| word == 0) {
        return (Vec::new(), Vec::new());
    }
    let mut commons = Vec::new();
    OFFS.with(|offs| {
        let offs = &mut *offs.borrow_mut();
        offs.clear();
        for (i, &node) in first.nodes.iter().enumerate() {
            let s = usize::from(node.state);
            if common[s / 64] >> (s % 64) & 1 == 1 {
                match is_on(node.state) {
                    true => commons.push((i as u32, node)),
                    false => offs.push((i as u32, node)),
                }
            }
        }
        commons.extend_from_slice(offs);
    });
    let found = locate(branches, &commons);
    (commons, found)
}

/// The states every one of `branches` (one or more) reached.
fn shared<'a>(mut branches: impl Iterator<Item = &'a Arena>) -> Reached {
    let mut common = *branches.next().expect("a branch").reached();
    for branch in branches {
        for (word, other) in common.iter_mut().zip(branch.reached()) {
            *word &= other;
        }
    }
    common
}

/// Whether some of `branches` (one or more) are recalled and all reached
/// some state: their nodes are read only then, so those are to be
/// propagated for real.
fn to_realize<'a>(branches: impl Iterator<Item = &'a Arena>) -> bool {
    let mut recalled = false;
    let common = shared(branches.inspect(|branch| recalled |= branch.is_recalled()));
    recalled && common.iter().any(|&word| word != 0)
}

/// The node of each of `commons`' states in each branch (all reach them;
/// the first branch's are `commons`' own indices): `[k * branches.len() +
/// b]` for state `k` in branch `b`, found in one pass over each other
/// branch's nodes.
fn locate(branches: &[&Arena], commons: &[(u32, Node)]) -> Vec<u32> {
    let mut found = vec![u32::MAX; commons.len() * branches.len()];
    if commons.is_empty() {
        return found;
    }
    for (k, &(i, _)) in commons.iter().enumerate() {
        found[k * branches.len()] = i;
    }
    SLOTS.with(|slots| {
        let slots = &mut *slots.borrow_mut();
        if slots.is_empty() {
            slots.resize(STATES, u32::MAX);
        }
        for (k, (_, node)) in commons.iter().enumerate() {
            slots[usize::from(node.state)] = k as u32;
        }
        for (b, branch) in branches.iter().enumerate().skip(1) {
            for (i, node) in branch.nodes.iter().enumerate() {
                let k = slots[usize::from(node.state)];
                if k != u32::MAX {
                    found[k as usize * branches.len() + b] = i as u32;
                }
            }
        }
        for (_, node) in commons {
            slots[usize::from(node.state)] = u32::MAX;
        }
    });
    debug_assert!(found.iter().all(|&n| n != u32::MAX), "a reached state");
    found
}

thread_local! {
    /// [`locate`]'s map from a state to its place among the common states
    /// (`u32::MAX` for the others, as it is left).
    static SLOTS: std::cell::RefCell<Vec<u32>> = const { std::cell::RefCell::new(Vec::new()) };
    /// [`common_nodes`]' "off" states, listed after the "on" ones.
    static OFFS: std::cell::RefCell<Vec<(u32, Node)>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The candidates removed since `source` (in `work`) that the chains
/// ending at `targets` rest on (`ChainingHint.collectRuleParents`): for each
/// "on" state, the removed candidates of its cell or of its digit in its
/// house, by why it holds; `assumption` says why the starting states hold
/// (cell and region chains).
fn rule_parents(
    targets: &[(&Arena, u32)],
    assumption: Option<Cause>,
    source: &Cands,
    work: &Cands,
) -> Vec<u16> {
    WALK.with(|walk| {
        let (seen, todo, out) = &mut *walk.borrow_mut();
        out.clear();
        for &(arena, target) in targets {
            seen.clear();
            seen.resize(arena.nodes.len(), false);
            todo.clear();
            todo.push(target);
            while let Some(n) = todo.pop() {
                if std::mem::replace(&mut seen[n as usize], true) {
                    continue;
                }
                let node = arena.nodes[n as usize];
                // Mostly one parent: a loop beats a copy call.
                for &parent in arena.parents_of(n) {
                    todo.push(parent);
                }
                if !is_on(node.state) {
                    continue;
                }
                let cause = match node.cause {
                    Cause::Assumption => match assumption {
                        Some(cause) => cause,
                        None => continue,
                    },
                    cause => cause,
                };
                removed_by(node.state, cause, source, work, out);
            }
        }
        out.sort_unstable();
        out.dedup();
        out.to_vec()
    })
}

thread_local! {
    /// The walk of [`rule_parents`]: nodes seen, nodes to visit and the
    /// candidates found (copied out once, at their final length), kept
    /// with their memory (every hint of a nested producer walks its chains).
    static WALK: std::cell::RefCell<(Vec<bool>, Vec<u32>, Vec<u16>)> =
        const { std::cell::RefCell::new((Vec::new(), Vec::new(), Vec::new())) };
}

/// One branch of a step's proof as a propagation gives it: the arena of
/// its assumption and the nodes the branch ends at (the proof reads the
/// branch off their ancestors).
pub(super) type Ends = (Box<Arena>, Vec<u32>);

/// The branches proving `step`, a Nishio, multiple or dynamic forcing chain
/// step found on `cands`: the step's assumptions propagated again (with
/// what proves the nodes the simple techniques and the producers `nested`
/// give kept). A level-4 step does not say which nesting limit found it:
/// each is tried in the ladder's order until the branches reach the step's
/// target.
///
/// The propagations alone: `prove` turns them into the library's branches,
/// proving nested steps the same way in turn.
pub(super) fn prove(cands: &Cands, step: &Step, nested: Nested) -> Option<Vec<Ends>> {
    let (multiple, dynamic, nishio, level) = match step.technique {
        Technique::NishioForcingChains => (false, true, true, 0),
        Technique::CellForcingChains | Technique::RegionForcingChains => (true, false, false, 0),
        Technique::DynamicCellForcingChains(level)
        | Technique::DynamicRegionForcingChains(level)
        | Technique::DynamicDoubleForcingChains(level)
        | Technique::DynamicContradictionForcingChains(level) => (true, true, false, level),
        _ => return None,
    };
    let limits: &[u8] = if level >= 4 { &[0, 1, 2] } else { &[0] };
    limits.iter().find_map(|&limit| {
        let mode = Mode {
            multiple,
            dynamic,
            nishio,
            level,
            limit,
        };
        let mut producer = Producer::new(cands.clone(), mode);
        producer.engine.keep = true;
        producer.engine.nested = Some(nested);
        producer.branches(&step.pattern)
    })
}

impl Producer {
    /// The branches of a hint with `pattern`, None unless each reaches
    /// the pattern's target.
    fn branches(&mut self, pattern: &Pattern) -> Option<Vec<Ends>> {
        let mut branches = Vec::new();
        match *pattern {
            Pattern::Binary {
                source,
                target,
                contradiction: true,
            } => {
                let arena = self.propagate_real(state_of(source));
                let found = arena.contradiction.filter(|&(_, off)| {
                    let s = arena.nodes[off as usize].state;
                    s == state_of(Candidate {
                        on: false,
                        ..target
                    })
                });
                let Some((on, off)) = found else {
                    self.engine.recycle(arena);
                    return None;
                };
                branches.push((arena, vec![on, off]));
            }
            Pattern::Binary { source, target, .. } => {
                let s = state_of(Candidate { on: true, ..source });
                for start in [s, s ^ 1] {
                    self.branch_to(start, state_of(target), &mut branches)?;
                }
            }
            Pattern::CellForcing { cell, target } => {
                let cell = usize::from(cell);
                for d0 in bits(self.cands.cells[cell]) {
                    self.branch_to(state(cell, d0, true), state_of(target), &mut branches)?;
                }
            }
            Pattern::RegionForcing {
                house,
                digit,
                target,
            } => {
                let d0 = usize::from(digit) - 1;
                for c in cells_of(self.cands.places(usize::from(house), d0)) {
                    self.branch_to(state(c, d0, true), state_of(target), &mut branches)?;
                }
            }
            _ => return None,
        }
        Some(branches)
    }

    /// Adds the branch from `start` to `target`; None when it is not
    /// reached.
    fn branch_to(&mut self, start: State, target: State, branches: &mut Vec<Ends>) -> Option<()> {
        let arena = self.propagate_real(start);
        let Some(end) = arena.find(target) else {
            self.engine.recycle(arena);
            return None;
        };
        branches.push((arena, vec![end]));
        Some(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::links::{cell_of, digit_of};
    use super::super::nesting::PRODUCERS;
    use super::*;

    /// The common states of two or three dynamic propagations, with each
    /// branch's node of them, are those a plain reading finds: the first
    /// branch's nodes of the states every branch reaches, "on" states first,
    /// each in the first branch's order, and each branch's own node.
    #[test]
    fn common_nodes_are_the_first_branchs_shared_states_ons_first() {
        let cands = super::super::engine::sample_position();
        let mut engine = Engine::new();
        let starts: Vec<State> = (0..81)
            .filter(|&cell| count(cands.cells[cell]) >= 2)
            .flat_map(|cell| bits(cands.cells[cell]).map(move |d0| (cell, d0)))
            .step_by(7)
            .flat_map(|(cell, d0)| [state(cell, d0, true), state(cell, d0, false)])
            .collect();
        let arenas: Vec<Box<Arena>> = starts
            .iter()
            .map(|&s| engine.propagate(&cands, &Links::none(), s, false, true, 0, 0))
            .collect();
        let (mut pairs, mut shared) = (0, 0);
        for (a, first) in arenas.iter().enumerate() {
            for b in [a + 1, a + 5].into_iter().filter(|&b| b < arenas.len()) {
                for branches in [
                    vec![&**first, &*arenas[b]],
                    vec![&**first, &*arenas[b], &*arenas[(b + 3) % arenas.len()]],
                ] {
                    let (commons, found) = common_nodes(&branches);
                    let reached_by_all = |s: State| branches.iter().all(|branch| branch.has(s));
                    let mut expected: Vec<(u32, Node)> = Vec::new();
                    for want_on in [true, false] {
                        for (i, &node) in first.nodes.iter().enumerate() {
                            if is_on(node.state) == want_on && reached_by_all(node.state) {
                                expected.push((i as u32, node));
                            }
                        }
                    }
                    let states = |list: &[(u32, Node)]| {
                        list.iter().map(|&(i, n)| (i, n.state)).collect::<Vec<_>>()
                    };
                    assert_eq!(states(&commons), states(&expected), "starts {a} {b}");
                    for (k, &(_, node)) in commons.iter().enumerate() {
                        for (j, branch) in branches.iter().enumerate() {
                            assert_eq!(
                                Some(found[k * branches.len() + j]),
                                branch.find(node.state)
                            );
                        }
                    }
                    pairs += 1;
                    shared += usize::from(!commons.is_empty());
                }
            }
        }
        // Branches that share states and branches that share none.
        assert!(shared > 10 && shared < pairs, "{shared} of {pairs}");
    }

    /// Dynamic (or Nishio) chains of level 0.
    fn level_0(nishio: bool) -> Mode {
        Mode {
            multiple: !nishio,
            dynamic: true,
            nishio,
            level: 0,
            limit: 0,
        }
    }

    /// The dynamic and Nishio producers' hints, and every hint the dynamic
    /// one collects for a nested chain, with and without skipping the
    /// "off" assumptions known to meet no contradiction.
    fn both_ways(cands: &Cands, source: &Cands) -> [(Option<Step>, Option<Step>, String); 2] {
        [true, false].map(|pairs| {
            let mut producer = Producer::new(cands.clone(), level_0(true));
            producer.pairs = pairs;
            let nishio = producer.run();
            let mode = level_0(false);
            let mut producer = Producer::new(cands.clone(), mode);
            producer.pairs = pairs;
            let step = producer.run();
            let mut producer = Producer::new(cands.clone(), mode);
            producer.pairs = pairs;
            producer.best = Best::collecting(source, false);
            producer.scan();
            let collected = described(&std::mem::take(&mut producer.best).into_collected());
            (step, nishio, collected.join("\n"))
        })
    }

    /// The first `steps` steps of `board`'s solving path, each with the
    /// position it applies to.
    fn path(board: &str, steps: usize) -> Vec<(Step, Cands)> {
        let board: crate::board::Board = board.parse().unwrap();
        let mut grid = Grid::new(&board);
        let mut out = Vec::new();
        for step in crate::logic::explain(&board).steps.into_iter().take(steps) {
            out.push((step.clone(), Cands::of(&grid)));
            step.apply(&mut grid);
        }
        out
    }

    /// Each collected hint's key, removals and parents, one line each.
    fn described(hints: &[super::super::Collected]) -> Vec<String> {
        hints
            .iter()
            .map(|hint| format!("{:?} {:?} {:?}", hint.key, hint.removals, hint.parents))
            .collect()
    }

    /// Nested static multiple forcing chains collect the same hints with
    /// the closure's shortcut as without, on positions of a solving path
    /// less one candidate of each of a few cells (for hints to rest on).
    #[test]
    fn nested_static_chains_collect_alike_with_the_closure() {
        let board =
            "..4...95....8..6.....5.9.788.....2...2.7.3.6...9.....374.9.2.....3..4....58...4..";
        let (mut hints, mut skipped) = (0, 0);
        for (step, source) in path(board, 30) {
            let mut work = source.clone();
            for cell in (0..81).filter(|&c| count(source.cells[c]) >= 3).step_by(7) {
                work.remove(cell, source.cells[cell].trailing_zeros() as usize);
            }
            let collected = |closure: bool| -> Vec<String> {
                let mode = STATIC_MULTIPLE;
                let mut producer = Producer::new(work.clone(), mode);
                producer.best = Best::collecting(&source, true);
                if !closure {
                    producer.closure = None;
                }
                producer.scan();
                described(&std::mem::take(&mut producer.best).into_collected())
            };
            let with = collected(true);
            assert_eq!(with, collected(false), "{step}");
            let nested = super::super::multiple::collect(&work, &source, true);
            assert_eq!(with, described(&nested));
            hints += with.len();
            let (closure, graph) = closure_of(&work);
            skipped += (0..81)
                .filter(|&c| count(work.cells[c]) > 2)
                .filter(|&c| {
                    !closure.share(
                        bits(work.cells[c]).map(|d0| (graph.id(c * 9 + d0) * 2 + 1) as Dense),
                    )
                })
                .count();
        }
        // Hints are found and cells are skipped, so the check means something.
        assert!(hints > 0 && skipped > 0, "{hints} {skipped}");
    }

    /// Stopping propagations whose further nodes can only give hints
    /// larger than the best so far changes no step of nested dynamic
    /// chains, and does stop some (or the test compares nothing).
    #[test]
    fn bounded_propagations_give_the_same_steps() {
        // The position of an 8.9 puzzle's hardest step, where nested chains
        // find hints of some size (the engine's sample position, a bare
        // puzzle, has region chains of four states).
        let board =
            "5...........5.3.9497.6..8..3....5.4...7.2.5...5.3....2..8..9.1323.8.7...........8";
        let (_, cands) = path(board, 100)
            .into_iter()
            .max_by_key(|(step, _)| step.difficulty)
            .unwrap();
        let mut stopped = 0;
        for level in 2..=4 {
            let run = |bounded: bool| {
                let mode = Mode {
                    multiple: true,
                    dynamic: true,
                    nishio: false,
                    level,
                    limit: 0,
                };
                let mut producer = Producer::new(cands.clone(), mode);
                producer.engine.nested = Some(PRODUCERS);
                producer.bounded = bounded;
                producer.scan();
                // The key holds the hint's size, which the step's rating
                // rounds.
                let key = format!("{:?}", producer.best.key);
                let step = producer
                    .best
                    .step
                    .take()
                    .map(|step| format!("{step:?} {key}"));
                (step, producer.engine.stopped)
            };
            let (with, stops) = run(true);
            let (without, none) = run(false);
            assert!(with.is_some(), "level {level}");
            assert_eq!(with, without, "level {level}");
            assert_eq!(none, 0);
            stopped += stops;
        }
        assert!(stopped > 0);
    }

    /// Nested dynamic chains of level 0 collect the same hints, keys,
    /// removals and parents alike, with propagations recalled from the
    /// source position as without, on positions of a solving path less a
    /// few candidates (for hints to rest on).
    #[test]
    fn nested_dynamic_chains_collect_alike_with_recalled_propagations() {
        let board =
            "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";
        let (mut hints, mut recalled) = (0, 0);
        for (step, source) in path(board, 40).into_iter().step_by(3) {
            let mut work = source.clone();
            for cell in (0..81).filter(|&c| count(source.cells[c]) >= 3).step_by(5) {
                work.remove(cell, source.cells[cell].trailing_zeros() as usize);
            }
            let with = described(&super::collect(&work, &source, 0, false, PRODUCERS));
            let mut producer = Producer::new(work.clone(), level_0(false));
            producer.best = Best::collecting(&source, false);
            producer.scan();
            let without = described(&std::mem::take(&mut producer.best).into_collected());
            assert_eq!(with, without, "{step}");
            hints += with.len();
            let reduced = Reduced::new(Recall::of(&source), &work);
            let mut reached = [0; STATES.div_ceil(64)];
            recalled += (0..STATES as State)
                .filter(|&s| work.cells[cell_of(s)] >> digit_of(s) & 1 != 0)
                .filter(|&s| reduced.reached(s, &mut reached))
                .count();
        }
        assert!(hints > 0 && recalled > 0, "{hints} {recalled}");
    }

    /// On every position of a hard puzzle's solving path, every Nishio
    /// assumption of every candidate meets a contradiction exactly when
    /// the engine's propagation of it does.
    #[test]
    fn nishio_clashes_as_the_engine_does() {
        let board =
            "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";
        let mut engine = Engine::new();
        let (mut checked, mut clashes) = (0, 0);
        for (step, cands) in path(board, 60) {
            for cell in (0..81).filter(|&c| count(cands.cells[c]) >= 2) {
                for d0 in bits(cands.cells[cell]) {
                    for on in [true, false] {
                        let start = state(cell, d0, on);
                        let arena =
                            engine.propagate(&cands, &Links::none(), start, true, true, 0, 0);
                        let expected = arena.contradiction.is_some();
                        let found = nishio_clashes(cands.digits[d0], cell, on);
                        assert_eq!(found, expected, "{step}: {start}");
                        clashes += usize::from(expected);
                        checked += 1;
                        engine.recycle(arena);
                    }
                }
            }
        }
        assert!(clashes > 10 && checked > 10_000, "{clashes} of {checked}");
    }

    /// Skipping the "off" assumptions that every consistent implier
    /// bounds away from a double chain changes no hint, top-level or
    /// collected, on many positions: those of explained bank puzzles, and
    /// random ones with fewer candidates (more bivalue cells, more ties).
    #[test]
    fn skipping_off_assumptions_changes_no_hint_on_bank_positions() {
        let mut compared = 0;
        crate::logic::testing::for_bank_positions(60, (2, 25), |grid, _| {
            let cands = Cands::of(grid);
            if (0..81).all(|c| count(cands.cells[c]) < 3) {
                return;
            }
            let [with, without] = both_ways(&cands, &cands);
            assert_eq!(with, without, "position {compared}");
            compared += 1;
        });
        assert!(compared > 100, "{compared}");
    }

    /// The Nishio clashes worked out ahead, skipping what a consistent
    /// "on" reached, are each assumption's own rounds, on many positions.
    #[test]
    fn nishio_clashes_ahead_are_each_assumptions_own() {
        let (mut checked, mut clashes) = (0, 0);
        crate::logic::testing::for_bank_positions(20, (3, 25), |grid, _| {
            let cands = Cands::of(grid);
            let ahead = NishioClashes::of(&cands, ALL_DIGITS);
            for d0 in 0..9 {
                let places = cands.digits[d0];
                for cell in cells_of(places) {
                    for on in [true, false] {
                        let expected = nishio_clashes(places, cell, on);
                        assert_eq!(ahead.clash(&cands, d0, cell, on), expected);
                        clashes += usize::from(expected);
                        checked += 1;
                    }
                }
            }
        });
        assert!(clashes > 100 && checked > 100_000, "{clashes} of {checked}");
    }

    #[test]
    fn skipping_consistent_off_assumptions_changes_no_hint() {
        let board =
            "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";
        let mut compared = 0;
        for (step, cands) in path(board, 40) {
            let bivalue = cands.cells.iter().filter(|&&c| count(c) == 2).count();
            if bivalue > 0 {
                // As a top-level rung, and as a nested producer on the
                // position less one candidate of its first bivalue cell.
                let [with, without] = both_ways(&cands, &cands);
                assert_eq!(with, without, "{step}");
                let cell = (0..81).find(|&c| count(cands.cells[c]) == 2).unwrap();
                let mut work = cands.clone();
                work.remove(cell, cands.cells[cell].trailing_zeros() as usize);
                let [with, without] = both_ways(&work, &cands);
                assert_eq!(with, without, "{step}");
                compared += 1;
            }
        }
        assert!(compared > 10, "{compared}");
    }
}
