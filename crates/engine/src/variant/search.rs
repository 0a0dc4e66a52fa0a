//! The variant search: counts a [`Puzzle`]'s solutions up to a limit.
//!
//! # Representation
//!
//! One `u32` candidate mask per cell (bit `d - 1` for digit `d`), in a
//! vector of the board's cells; houses, peers, pair relations and house
//! crossings are flat lists built once by [`Puzzle::new`]. A cell with one
//! candidate is placed.
//!
//! # Propagation, to a fixed point
//!
//! Every narrowing of a cell goes through one function that queues what
//! must be looked at again, so each step runs only where something changed:
//!
//! - **Naked singles.** A cell left with one digit removes it from its
//!   peers (its houses, and knight or king neighbours under those rules).
//! - **Pair relations.** A changed cell with relations (non-consecutive,
//!   dots, XV, negative, clones) keeps in each partner only the digits
//!   some candidate of its own allows.
//! - **Hidden singles.** A changed house: a digit with one place is
//!   placed there; a digit with none, in a full house, is a contradiction
//!   (as is a smaller house with fewer digits than cells).
//! - **Other rules.** A rule with a changed cell is pruned by
//!   `rules::prune`.
//! - **Locked candidates.** For two full houses sharing cells (box and
//!   line, region and line, diagonal and box, ...), a digit that one of
//!   them can only place in the shared cells leaves the other's rest.
//!
//! # Search
//!
//! At a fixed point, branch on the open cell with the fewest candidates
//! for its weight (dom/wdeg: a cell's weight counts the contradictions it
//! took part in, so the search learns where a puzzle is tight), or on a
//! digit with two places in a full house when that cell has more; a
//! stack of saved candidate vectors (one per depth, reused) restores the
//! state for the next way. The ways of a choice exclude each other and
//! cover every solution, so counting is exact. A filled grid is checked
//! against every house, relation and rule before it counts, so a rule
//! whose pruning is incomplete never lets a wrong grid through.

use super::puzzle::Puzzle;
use super::rules::{self, Pruned};

/// The result of [`Puzzle::solve`]: how many solutions were found (never
/// more than the limit) and the first of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Solutions found, at most the limit.
    pub count: u64,
    /// The first solution found: one digit per cell in reading order.
    pub solution: Option<Box<[u8]>>,
}

impl Puzzle {
    /// Counts the solutions up to `limit` (taken as at least 1), keeping
    /// the first found. Solving is `limit` 1, proving uniqueness 2.
    pub fn solve(&self, limit: u64) -> Outcome {
        let mut search = Search::new(self, None);
        let count = search.run(limit.max(1));
        Outcome {
            count,
            solution: search.first,
        }
    }

    /// A solution found with the search's digit choices shuffled by
    /// `seed`: different seeds give different solutions of a loose puzzle
    /// (an empty board, say), as a puzzle maker needs. `None` when there
    /// is none.
    pub fn solve_random(&self, seed: u64) -> Option<Box<[u8]>> {
        let mut search = Search::new(self, Some(Rng(seed)));
        search.run(1);
        search.first
    }

    /// Solutions up to `limit` and the number of choices the search made:
    /// a measure of its work, for tests and timings.
    pub fn solve_counting_nodes(&self, limit: u64) -> (Outcome, u64) {
        let mut search = Search::new(self, None);
        let count = search.run(limit.max(1));
        (
            Outcome {
                count,
                solution: search.first,
            },
            search.nodes,
        )
    }
}

/// A small random number generator (splitmix64) for shuffled searches.
#[derive(Clone, Debug)]
pub(crate) struct Rng(pub(crate) u64);

impl Rng {
    /// The next 64 random bits.
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `bound` (> 0).
    pub(crate) fn below(&mut self, bound: usize) -> usize {
        (self.next() % bound as u64) as usize
    }
}

/// One of a mask's set bits: the lowest, or a random one.
fn pick(mask: u32, rng: &mut Option<Rng>) -> u32 {
    match rng {
        None => mask & mask.wrapping_neg(), // two's complement: the lowest set bit
        Some(rng) => {
            let mut k = rng.below(mask.count_ones() as usize);
            let mut m = mask;
            while k > 0 {
                m &= m - 1; // clears the lowest set bit
                k -= 1;
            }
            m & m.wrapping_neg()
        }
    }
}

/// Cells with two candidates looked ahead from at one node, at most.
const MAX_PROBES: usize = 60;

/// What `Search::choose` found.
enum Pick {
    /// Every cell is placed.
    Solved,
    /// Looking ahead proved this node has no solution.
    Dead,
    /// Branch here.
    Branch(Choice),
}

/// A choice with ways still to try.
#[derive(Clone, Copy, Debug)]
enum Choice {
    /// The digits (mask) still to try in a cell.
    Cell { cell: u16, left: u32 },
    /// The places (bits over the house's cells) still to try for a digit
    /// in a full house; `all` is every place it had.
    Place {
        house: u16,
        digit: u32,
        left: u32,
        all: u32,
    },
}

/// The search's working memory, allocated once per solve.
struct Search<'p> {
    p: &'p Puzzle,
    cells: usize,
    cands: Vec<u32>,
    /// Cells placed whose peers still hold their digit.
    singles: Vec<u16>,
    /// Cells with relations changed since their partners were pruned.
    related: Vec<u16>,
    related_queued: Vec<bool>,
    /// Houses changed since their hidden singles were looked for, as a
    /// bit set (`Puzzle::house_words` words).
    houses: Vec<u64>,
    /// Houses changed since the last locked-candidates pass, as a bit set.
    locked_dirty: Vec<u64>,
    locked_now: Vec<u64>,
    locked_any: bool,
    /// Rules (positions in `Puzzle::pruned`) to prune again.
    rules: Vec<u16>,
    rule_queued: Vec<bool>,
    snapshot: Vec<u32>,
    /// The state while ways are looked ahead from.
    probe: Vec<u32>,
    /// Saved candidates, `cells` per open choice.
    saved: Vec<u32>,
    choices: Vec<Choice>,
    grid: Vec<u8>,
    rng: Option<Rng>,
    first: Option<Box<[u8]>>,
    nodes: u64,
    /// Candidates removed since last reset (by looking ahead).
    removed: u64,
    /// Per cell, 1 plus how often it took part in a contradiction (emptied
    /// by narrowing, or a cell of a rule found broken): the branching
    /// weight.
    weight: Vec<u32>,
    /// Set while a way is looked ahead from: propagation skips locked
    /// candidates, the dearest step, which a probe seldom needs to fail.
    light: bool,
}

impl<'p> Search<'p> {
    fn new(p: &'p Puzzle, rng: Option<Rng>) -> Self {
        let cells = p.layout.cells();
        Search {
            p,
            cells,
            cands: p.domain.clone(),
            singles: Vec::with_capacity(cells),
            related: Vec::with_capacity(cells),
            related_queued: vec![false; cells],
            houses: vec![0; p.house_words],
            locked_dirty: vec![0; p.house_words],
            locked_now: vec![0; p.house_words],
            locked_any: false,
            rules: Vec::with_capacity(p.pruned.len()),
            rule_queued: vec![false; p.pruned.len()],
            snapshot: vec![0; cells],
            probe: vec![0; cells],
            saved: Vec::new(),
            choices: Vec::new(),
            grid: vec![0; cells],
            rng,
            first: None,
            nodes: 0,
            removed: 0,
            weight: vec![1; cells],
            light: false,
        }
    }

    /// Counts solutions up to `limit`.
    fn run(&mut self, limit: u64) -> u64 {
        if !self.start() {
            self.clear_queues();
            return 0;
        }
        let mut count = 0;
        loop {
            match self.choose() {
                Pick::Dead => {}
                Pick::Solved => {
                    if self.verify() {
                        count += 1;
                        if self.first.is_none() {
                            self.first = Some(self.grid.clone().into_boxed_slice());
                        }
                        if count >= limit {
                            return count;
                        }
                    }
                }
                Pick::Branch(choice) => {
                    self.nodes += 1;
                    let depth = self.choices.len();
                    let need = (depth + 1) * self.cells;
                    if self.saved.len() < need {
                        self.saved.resize(need, 0);
                    }
                    self.saved[depth * self.cells..need].copy_from_slice(&self.cands);
                    self.choices.push(choice);
                }
            }
            if !self.next_way() {
                return count;
            }
        }
    }

    /// Sets up the givens and propagates; false on a contradiction.
    fn start(&mut self) -> bool {
        let p = self.p;
        for (cell, &digit) in p.givens.iter().enumerate() {
            if digit != 0 {
                let bit = 1u32 << (digit - 1);
                if self.cands[cell] & bit == 0 {
                    return false;
                }
                self.cands[cell] = bit;
            }
        }
        for cell in 0..self.cells {
            let m = self.cands[cell];
            if m == 0 {
                return false;
            }
            if m & (m - 1) == 0 {
                // x & (x - 1) clears the lowest bit: zero means one bit set.
                self.singles.push(cell as u16);
            }
            if !p.edges.of(cell).is_empty() {
                self.related.push(cell as u16);
                self.related_queued[cell] = true;
            }
        }
        for h in 0..p.houses.len() {
            self.houses[h / 64] |= 1 << (h % 64);
        }
        self.locked_dirty.copy_from_slice(&self.houses);
        self.locked_any = !p.crossings.is_empty();
        for r in 0..p.pruned.len() {
            self.rules.push(r as u16);
            self.rule_queued[r] = true;
        }
        self.propagate()
    }

    /// Takes the next way of the innermost open choice, backing up past
    /// exhausted ones, until one propagates without contradiction; false
    /// when none is left.
    fn next_way(&mut self) -> bool {
        let cells = self.cells;
        while !self.choices.is_empty() {
            let depth = self.choices.len() - 1;
            let choice = &mut self.choices[depth];
            let base = depth * cells;
            self.cands.copy_from_slice(&self.saved[base..base + cells]);
            let ok = match choice {
                Choice::Cell { cell, left } => {
                    let cell = usize::from(*cell);
                    let bit = pick(*left, &mut self.rng);
                    *left &= !bit;
                    if *left == 0 {
                        self.choices.pop();
                    }
                    self.narrow(cell, bit)
                }
                Choice::Place {
                    house,
                    digit,
                    left,
                    all,
                } => {
                    let (house, digit, all) = (usize::from(*house), *digit, *all);
                    let place = pick(*left, &mut self.rng);
                    *left &= !place;
                    let tried = all & !*left & !place;
                    if *left == 0 {
                        self.choices.pop();
                    }
                    let members = self.p.house(house);
                    let mut ok = true;
                    // The places tried before hold no solution with this digit.
                    let mut t = tried;
                    while t != 0 && ok {
                        let cell = usize::from(members[t.trailing_zeros() as usize]);
                        t &= t - 1;
                        let m = self.cands[cell];
                        if m & digit != 0 {
                            ok = self.narrow(cell, m & !digit);
                        }
                    }
                    let cell = usize::from(members[place.trailing_zeros() as usize]);
                    ok && self.narrow(cell, digit)
                }
            };
            if ok && self.propagate() {
                return true;
            }
            self.clear_queues();
        }
        false
    }

    /// Empties the work queues after a contradiction.
    fn clear_queues(&mut self) {
        self.singles.clear();
        for c in self.related.drain(..) {
            self.related_queued[usize::from(c)] = false;
        }
        self.houses.fill(0);
        for r in self.rules.drain(..) {
            self.rule_queued[usize::from(r)] = false;
        }
        self.locked_dirty.fill(0);
        self.locked_any = false;
    }

    /// Sets `cell`'s candidates to `new` (a proper subset of its current
    /// ones) and queues what must be looked at again; false when empty.
    #[inline]
    fn narrow(&mut self, cell: usize, new: u32) -> bool {
        let p = self.p;
        self.removed += u64::from((self.cands[cell] & !new).count_ones());
        self.cands[cell] = new;
        if new == 0 {
            self.weight[cell] += 1;
            return false;
        }
        if new & (new - 1) == 0 {
            // One bit left (x & (x - 1) clears the lowest one): placed.
            self.singles.push(cell as u16);
        }
        let words = p.house_words;
        let bits = &p.cell_house_bits[cell * words..(cell + 1) * words];
        for ((dirty, locked), &b) in self.houses.iter_mut().zip(&mut self.locked_dirty).zip(bits) {
            *dirty |= b;
            *locked |= b;
        }
        self.locked_any |= !p.crossings.is_empty();
        for &r in p.cell_rules.of(cell) {
            let r = usize::from(r);
            if !self.rule_queued[r] {
                self.rule_queued[r] = true;
                self.rules.push(r as u16);
            }
        }
        if !self.related_queued[cell] && !p.edges.of(cell).is_empty() {
            self.related_queued[cell] = true;
            self.related.push(cell as u16);
        }
        true
    }

    /// Runs every step until nothing changes; false on a contradiction.
    fn propagate(&mut self) -> bool {
        let p = self.p;
        loop {
            if let Some(cell) = self.singles.pop() {
                let cell = usize::from(cell);
                let digit = self.cands[cell];
                for &q in p.peers.of(cell) {
                    let q = usize::from(q);
                    let m = self.cands[q];
                    if m & digit != 0 && !self.narrow(q, m & !digit) {
                        return false;
                    }
                }
            } else if let Some(cell) = self.related.pop() {
                let cell = usize::from(cell);
                self.related_queued[cell] = false;
                let mine = self.cands[cell];
                for &(other, t) in p.edges.of(cell) {
                    let table = &p.tables[usize::from(t)];
                    let mut allowed = 0;
                    let mut bits = mine;
                    while bits != 0 {
                        allowed |= table[bits.trailing_zeros() as usize];
                        bits &= bits - 1; // clears the lowest set bit
                    }
                    let other = usize::from(other);
                    let m = self.cands[other];
                    if m & !allowed != 0 && !self.narrow(other, m & allowed) {
                        return false;
                    }
                }
            } else if let Some(w) = self.houses.iter().position(|&word| word != 0) {
                let word = self.houses[w];
                self.houses[w] = word & (word - 1); // clears the lowest set bit
                let h = w * 64 + word.trailing_zeros() as usize;
                if !self.hidden_singles(h) {
                    return false;
                }
            } else if let Some(r) = self.rules.pop() {
                let r = usize::from(r);
                self.rule_queued[r] = false;
                if !self.prune_rule(r) {
                    return false;
                }
            } else if self.locked_any && !self.light {
                if !self.locked_candidates() {
                    return false;
                }
            } else {
                return true;
            }
        }
    }

    /// Hidden singles of house `h`, and its digit count.
    fn hidden_singles(&mut self, h: usize) -> bool {
        let p = self.p;
        let house = &p.houses[h];
        let members = p.house(h);
        // Bit-sliced counting: `once` has the digits seen, `twice` those
        // seen in two cells or more.
        // `placed` has the digits of placed cells, already hidden singles.
        let (mut once, mut twice, mut placed) = (0u32, 0u32, 0u32);
        for &c in members {
            let m = self.cands[usize::from(c)];
            twice |= once & m;
            once |= m;
            // x & (x - 1) clears the lowest bit: zero means one bit set.
            if m & (m - 1) == 0 {
                placed |= m;
            }
        }
        if !house.full {
            return once.count_ones() >= house.len;
        }
        if once != p.full {
            return false;
        }
        let mut hidden = once & !twice & !placed;
        while hidden != 0 {
            let bit = hidden & hidden.wrapping_neg(); // the lowest set bit
            hidden &= hidden - 1;
            let Some(&cell) = members
                .iter()
                .find(|&&c| self.cands[usize::from(c)] & bit != 0)
            else {
                // Another hidden single took the digit's only cell.
                return false;
            };
            let cell = usize::from(cell);
            if self.cands[cell] != bit && !self.narrow(cell, bit) {
                return false;
            }
        }
        true
    }

    /// Prunes rule `r` (a position in `Puzzle::pruned`) with `rules::prune`
    /// and queues the cells it changed.
    fn prune_rule(&mut self, r: usize) -> bool {
        let p = self.p;
        let rule = &p.rules[p.pruned[r]];
        let cells = p.rule_cells.of(r);
        for (i, &c) in cells.iter().enumerate() {
            self.snapshot[i] = self.cands[usize::from(c)];
        }
        match rules::prune(rule, &p.layout, &mut self.cands) {
            Pruned::Same => true,
            Pruned::Broken => {
                for (i, &c) in cells.iter().enumerate() {
                    self.cands[usize::from(c)] = self.snapshot[i];
                    self.weight[usize::from(c)] += 1;
                }
                false
            }
            Pruned::Changed => {
                for (i, &c) in cells.iter().enumerate() {
                    let cell = usize::from(c);
                    let before = self.snapshot[i];
                    let after = self.cands[cell] & before;
                    self.cands[cell] = before;
                    if after != before && !self.narrow(cell, after) {
                        return false;
                    }
                }
                true
            }
        }
    }

    /// Locked candidates over the crossings of changed houses.
    fn locked_candidates(&mut self) -> bool {
        let p = self.p;
        std::mem::swap(&mut self.locked_now, &mut self.locked_dirty);
        self.locked_dirty.fill(0);
        self.locked_any = false;
        let mut ok = true;
        for x in &p.crossings {
            let [a, b] = x.houses.map(usize::from);
            let dirty = |h: usize| self.locked_now[h / 64] >> (h % 64) & 1 != 0;
            if !(dirty(a) || dirty(b)) {
                continue;
            }
            let [shared, rest_a, rest_b] = p.crossing(x);
            let or = |cands: &[u32], list: &[u16]| {
                list.iter().fold(0, |acc, &c| acc | cands[usize::from(c)])
            };
            let in_shared = or(&self.cands, shared);
            let in_a = or(&self.cands, rest_a);
            let in_b = or(&self.cands, rest_b);
            // Digits that house a can only place in the shared cells leave
            // the rest of b, and the other way round.
            let only_a = in_shared & !in_a;
            if only_a & in_b != 0 && !self.remove(rest_b, only_a) {
                ok = false;
                break;
            }
            let only_b = in_shared & !in_b;
            if only_b & in_a != 0 && !self.remove(rest_a, only_b) {
                ok = false;
                break;
            }
        }
        self.locked_now.fill(0);
        ok
    }

    /// Removes `digits` from `cells`.
    fn remove(&mut self, cells: &[u16], digits: u32) -> bool {
        for &c in cells {
            let c = usize::from(c);
            let m = self.cands[c];
            if m & digits != 0 && !self.narrow(c, m & !digits) {
                return false;
            }
        }
        true
    }

    /// What to do at a fixed point: count a filled grid, back up from a
    /// dead end found by looking ahead, or branch.
    ///
    /// Before branching, each way of every cell with two candidates (up to
    /// [`MAX_PROBES`] cells) is propagated on the side. A way that fails
    /// leaves the other as a fact (and the look goes on from there);
    /// otherwise the cell whose two ways leave the fewest candidates is the
    /// choice. A way is propagated without locked candidates (`light`):
    /// probes are most of the work, that step is the dearest of a
    /// propagation, and it seldom decides whether a way fails (a third
    /// fewer instructions on 16x16 boards). Far dearer per node, but it
    /// cuts the trees of sparse 16x16 and 25x25 boards by orders of
    /// magnitude; the deductions are sound, so counts stay exact. It starts
    /// at the root: on 16x16 and 25x25 boards that is 18% and 12% fewer
    /// instructions than after two choices, and the same on 9x9 variants.
    fn choose(&mut self) -> Pick {
        loop {
            let Some(simple) = self.simple_choice() else {
                return Pick::Solved;
            };
            self.probe.copy_from_slice(&self.cands);
            let mut total: u64 = self.cands.iter().map(|m| u64::from(m.count_ones())).sum();
            let mut best: Option<(u64, usize)> = None;
            let mut facts = false;
            let mut probes = 0;
            for cell in 0..self.cells {
                let m = self.probe[cell];
                if m.count_ones() != 2 {
                    continue;
                }
                probes += 1;
                if probes > MAX_PROBES {
                    break;
                }
                let low = m & m.wrapping_neg(); // the lowest set bit
                let high = m & !low;
                let mut left = [0u64; 2];
                for (i, bit) in [low, high].into_iter().enumerate() {
                    self.removed = 0;
                    self.light = true;
                    let ok = self.narrow(cell, bit) && self.propagate();
                    self.light = false;
                    if ok {
                        self.locked_dirty.fill(0);
                        self.locked_any = false;
                        // Candidates left, but for the node's own: fewer is better.
                        left[i] = 1 + total - self.removed;
                    } else {
                        self.clear_queues();
                    }
                    self.cands.copy_from_slice(&self.probe);
                }
                let bit = match left {
                    [0, 0] => return Pick::Dead,
                    [0, _] => high,
                    [_, 0] => low,
                    [a, b] => {
                        if best.is_none_or(|(score, _)| a + b < score) {
                            best = Some((a + b, cell));
                        }
                        continue;
                    }
                };
                // One way fails: the other is a fact; go on from there.
                if !(self.narrow(cell, bit) && self.propagate()) {
                    self.clear_queues();
                    return Pick::Dead;
                }
                self.probe.copy_from_slice(&self.cands);
                total = self.cands.iter().map(|m| u64::from(m.count_ones())).sum();
                facts = true;
            }
            if facts {
                continue;
            }
            return Pick::Branch(match best {
                Some((_, cell)) => Choice::Cell {
                    cell: cell as u16,
                    left: self.cands[cell],
                },
                None => simple,
            });
        }
    }

    /// The open cell with the fewest candidates per unit of weight (how
    /// often it took part in contradictions so far), or a digit with two
    /// places in a full house when that cell has more than two; `None`
    /// when every cell is placed.
    fn simple_choice(&mut self) -> Option<Choice> {
        let p = self.p;
        let mut best = u32::MAX;
        let mut best_cell = usize::MAX;
        // The best ratio so far, candidates over weight, as a fraction.
        let (mut best_k, mut best_w) = (u64::from(u32::MAX), 1u64);
        for (cell, &m) in self.cands.iter().enumerate() {
            // x & (x - 1) clears the lowest bit: zero means placed.
            if m & (m - 1) == 0 {
                continue;
            }
            let k = m.count_ones();
            let w = u64::from(self.weight[cell]);
            // k / w < best_k / best_w, cross-multiplied (both fit in u64).
            if u64::from(k) * best_w < best_k * w {
                (best_k, best_w) = (u64::from(k), w);
                best = k;
                best_cell = cell;
            }
        }
        if best_cell == usize::MAX {
            return None;
        }
        if best > 2 {
            // A digit with two places in a full house is a smaller choice.
            for (h, house) in p.houses.iter().enumerate() {
                if !house.full {
                    continue;
                }
                let members = p.house(h);
                // Bit-sliced counting to three: digits in 1, 2+, 3+ cells.
                let (mut one, mut two, mut three) = (0u32, 0u32, 0u32);
                for &c in members {
                    let m = self.cands[usize::from(c)];
                    if m & (m - 1) == 0 {
                        continue; // placed
                    }
                    three |= two & m;
                    two |= one & m;
                    one |= m;
                }
                let pairs = two & !three;
                if pairs != 0 {
                    let digit = pick(pairs, &mut self.rng);
                    let mut places = 0u32;
                    for (i, &c) in members.iter().enumerate() {
                        if self.cands[usize::from(c)] & digit != 0 {
                            places |= 1 << i;
                        }
                    }
                    return Some(Choice::Place {
                        house: h as u16,
                        digit,
                        left: places,
                        all: places,
                    });
                }
            }
        }
        Some(Choice::Cell {
            cell: best_cell as u16,
            left: self.cands[best_cell],
        })
    }

    /// Whether the placed grid (every cell one digit) keeps every house,
    /// peer, relation and rule; fills `grid`.
    fn verify(&mut self) -> bool {
        let p = self.p;
        for (cell, &m) in self.cands.iter().enumerate() {
            self.grid[cell] = m.trailing_zeros() as u8 + 1;
        }
        for cell in 0..self.cells {
            let m = self.cands[cell];
            if p.peers
                .of(cell)
                .iter()
                .any(|&q| self.cands[usize::from(q)] == m)
            {
                return false;
            }
            let d = m.trailing_zeros() as usize;
            if p.edges
                .of(cell)
                .iter()
                .any(|&(o, t)| p.tables[usize::from(t)][d] & self.cands[usize::from(o)] == 0)
            {
                return false;
            }
            if p.domain[cell] & m == 0 {
                return false;
            }
        }
        p.pruned
            .iter()
            .all(|&r| rules::check(&p.rules[r], &p.layout, &self.grid).is_none())
    }
}

#[cfg(test)]
pub(crate) mod reference;

#[cfg(test)]
pub(crate) mod tests;
