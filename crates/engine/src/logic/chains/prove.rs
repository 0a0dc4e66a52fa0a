//! A chain step's proof (its [`Branch`]es), rebuilt once the ladder has
//! chosen the step: rating never pays for it.
//!
//! The producers are deterministic, so propagating the step's assumptions
//! again on the same position reaches the same states with the same
//! parents. Each branch keeps only what its conclusion rests on (the
//! ancestors of its target states), in the order found. A state the
//! simple techniques or a nested chain gave (nested levels) is proved by
//! nested branches on the reduced position it was found on: a forcing
//! chain from the technique's cell or house, or the nested chain's own
//! branches. The candidates those branches need gone from that position
//! join the states it rests on, so every branch can be checked from the
//! position before the step and its own earlier states alone.

use super::advanced::Origin;
use super::cycles;
use super::engine::Arena;
use super::forcing;
use super::links::{candidate, rule_of, state, Cands, Cause, State, STATES};
use super::links::{cell_of, digit_of, is_on};
use super::nesting::PRODUCERS;
use crate::logic::grid::{bits, cells_of, houses_of, Grid, HOUSE_CELLS, HOUSE_MASKS};
use crate::logic::proof::{Branch, Candidate, Implication, Rule};
use crate::logic::step::{Step, Technique};

/// The branches that prove `step`, a step the ladder took from `grid`;
/// empty for a step that is not a chain.
///
/// ```
/// use sudoku_engine::logic::{explain, Rule, StateName};
///
/// let board = "...6.9....8..2..6.63.....24..4...3..2.8...4.636.....585...6...7...953.....37.16.."
///     .parse()
///     .unwrap();
/// let steps = explain(&board).steps;
/// let chain = steps.iter().find(|s| !s.chains.is_empty()).unwrap();
/// assert_eq!(chain.to_string(), "7.1  Forcing Chain (r8c1.4 off): r8c1<>4");
/// // One branch, from r8c1=4 to its own negation, link by link.
/// let branch = &chain.chains[0];
/// assert_eq!(StateName(branch.assume).to_string(), "r8c1=4");
/// let last = branch.implies.last().unwrap();
/// assert_eq!(StateName(last.state).to_string(), "r8c1<>4");
/// assert_eq!(last.rule, Rule::House(16)); // row 8
/// ```
pub fn prove(grid: &Grid, step: &Step) -> Vec<Branch> {
    if !step.technique.is_chain() {
        return Vec::new();
    }
    prove_in(&Cands::of(grid), step).unwrap_or_default()
}

/// The branches that prove `step` on position `cands`, None when it is
/// not a chain step (or, which would be a bug, its chains are not found
/// again).
///
/// Nishio, multiple and dynamic forcing chains are propagated again by
/// their producer (nesting what the ladder's rungs nest), and each branch
/// read off its propagation here, nested steps proved by this in turn.
fn prove_in(cands: &Cands, step: &Step) -> Option<Vec<Branch>> {
    use Technique::*;
    match step.technique {
        BidirectionalXCycle | GeneralizedXWing | BidirectionalYCycle | BidirectionalCycle => {
            cycles::prove_cycle(cands, step)
        }
        ForcingXChain | TurbotFish | ForcingChain => cycles::prove_chain(cands, step),
        NishioForcingChains
        | CellForcingChains
        | RegionForcingChains
        | DynamicCellForcingChains(_)
        | DynamicRegionForcingChains(_)
        | DynamicDoubleForcingChains(_)
        | DynamicContradictionForcingChains(_) => {
            let proved = forcing::prove(cands, step, PRODUCERS)?;
            let branch = |(arena, ends): &forcing::Ends| branch_of(arena, ends, cands);
            Some(proved.iter().map(branch).collect())
        }
        _ => None,
    }
}

/// The branch of `arena` (one assumption's propagation from `source`)
/// that leads to its nodes `targets`: their ancestors in the order found.
fn branch_of(arena: &Arena, targets: &[u32], source: &Cands) -> Branch {
    let len = arena.nodes.len();
    let mut kept = vec![false; len];
    // Advanced nodes: their nested proof and the removals it needs.
    let mut nested: Vec<(u32, Vec<u32>, Vec<Branch>)> = Vec::new();
    let mut todo: Vec<u32> = targets.to_vec();
    while let Some(n) = todo.pop() {
        if std::mem::replace(&mut kept[n as usize], true) {
            continue;
        }
        todo.extend_from_slice(arena.parents_of(n));
        if arena.nodes[n as usize].cause == Cause::Advanced {
            let (branches, needs) = nested_proof(arena, n, source);
            todo.extend_from_slice(&needs);
            nested.push((n, needs, branches));
        }
    }
    // Parents come before their children, so node order is found order.
    let order: Vec<u32> = (0..len as u32).filter(|&n| kept[n as usize]).collect();
    let mut at = vec![u32::MAX; len];
    for (k, &n) in order.iter().enumerate() {
        at[n as usize] = k as u32;
    }
    let mut implies = Vec::with_capacity(order.len().saturating_sub(1));
    for &n in order.iter().skip(1) {
        let node = arena.nodes[n as usize];
        let mut from: Vec<u32> = arena
            .parents_of(n)
            .iter()
            .map(|&p| at[p as usize])
            .collect();
        let rule = if node.cause == Cause::Advanced {
            let k = nested.iter().position(|e| e.0 == n).expect("proved above");
            let (_, needs, branches) = nested.swap_remove(k);
            for m in needs {
                let m = at[m as usize];
                if !from.contains(&m) {
                    from.push(m);
                }
            }
            Rule::Chain(branches)
        } else {
            rule_of(node.cause)
        };
        implies.push(Implication {
            state: candidate(node.state),
            from,
            rule,
        });
    }
    Branch {
        assume: candidate(arena.nodes[0].state),
        implies,
    }
}

/// The nested branches proving Advanced node `n` of `arena`, and the
/// arena's "off" nodes for the candidates (present in `source`) that
/// those branches need gone.
fn nested_proof(arena: &Arena, n: u32, source: &Cands) -> (Vec<Branch>, Vec<u32>) {
    let Some((_, position, origin)) = arena.origins.iter().find(|o| o.0 == n) else {
        return (Vec::new(), Vec::new());
    };
    let work = &arena.positions[*position as usize];
    let target = arena.nodes[n as usize].state;
    let branches = match origin {
        Origin::Cell(cell) => {
            let cell = usize::from(*cell);
            let starts = bits(work.cells[cell]).map(|d0| state(cell, d0, true));
            forcing_in(work, starts, target)
        }
        Origin::Region { house, d0 } => {
            let d0 = usize::from(*d0);
            let places = work.places(usize::from(*house), d0);
            forcing_in(work, cells_of(places).map(|c| state(c, d0, true)), target)
        }
        Origin::Chain(step) => prove_in(work, step).map(|branches| placing(step, target, branches)),
    }
    .unwrap_or_default();
    let mut relied = [0u64; 12];
    rely(&branches, &mut relied);
    let mut needs = Vec::new();
    for cand in 0..729 {
        let (cell, d0) = (cand / 9, cand % 9);
        let gone = source.cells[cell] >> d0 & 1 == 1 && work.cells[cell] >> d0 & 1 == 0;
        if gone && relied[cand / 64] >> (cand % 64) & 1 == 1 {
            if let Some(m) = arena.find(state(cell, d0, false)) {
                needs.push(m);
            }
        }
    }
    (branches, needs)
}

/// The proof of `target` (`X<>e`) from `branches`, the proof of `step`:
/// themselves when the step removes it; when the step places `X=d`
/// instead, one branch `X=e -> X<>d (cell) -> X=d (chain)` whose nested
/// chain is the step's proof, a contradiction.
fn placing(step: &Step, target: State, branches: Vec<Branch>) -> Vec<Branch> {
    let Some((cell, digit)) = step.placed else {
        return branches;
    };
    let target = candidate(target);
    if target.on || target.cell != cell || target.digit == digit {
        return branches;
    }
    let placed = Candidate {
        cell,
        digit,
        on: true,
    };
    vec![Branch {
        assume: Candidate { on: true, ..target },
        implies: vec![
            Implication {
                state: Candidate {
                    on: false,
                    ..placed
                },
                from: vec![0],
                rule: Rule::Cell,
            },
            Implication {
                state: placed,
                from: vec![1],
                rule: Rule::Chain(branches),
            },
        ],
    }]
}

/// Static forcing chains on `work` from each of `starts` to `target`:
/// one branch each (a shortest path), None unless every one reaches it.
/// The position may hold contradictions (it is a branch's reduced
/// position), so the search does not stop at one.
fn forcing_in(
    work: &Cands,
    starts: impl Iterator<Item = State>,
    target: State,
) -> Option<Vec<Branch>> {
    starts.map(|start| shortest(work, start, target)).collect()
}

/// The shortest chain of plain links on `work` from `start` to `target`.
fn shortest(work: &Cands, start: State, target: State) -> Option<Branch> {
    const NONE: u32 = u32::MAX;
    // (state, parent node, cause) in breadth-first order.
    let mut nodes: Vec<(State, u32, Cause)> = vec![(start, NONE, Cause::Assumption)];
    let mut seen = vec![false; STATES];
    seen[usize::from(start)] = true;
    let mut next = 0;
    let mut end = (start == target).then_some(0);
    while end.is_none() && next < nodes.len() {
        let (s, _, _) = nodes[next];
        let (cell, d0) = (cell_of(s), digit_of(s));
        let mut out: Vec<(State, Cause)> = Vec::new();
        if is_on(s) {
            for other in bits(work.cells[cell] & !(1 << d0)) {
                out.push((state(cell, other, false), Cause::Cell));
            }
            for house in houses_of(cell) {
                for peer in cells_of(work.places(house, d0) & !(1u128 << cell)) {
                    out.push((state(peer, d0, false), Cause::House(house as u8)));
                }
            }
        } else {
            let others = work.cells[cell] & !(1 << d0);
            if work.cells[cell] >> d0 & 1 == 1 && others.count_ones() == 1 {
                out.push((
                    state(cell, others.trailing_zeros() as usize, true),
                    Cause::Cell,
                ));
            }
            for house in houses_of(cell) {
                let places = work.places(house, d0);
                if places >> cell & 1 == 1 && places.count_ones() == 2 {
                    let other = (places & !(1u128 << cell)).trailing_zeros() as usize;
                    out.push((state(other, d0, true), Cause::House(house as u8)));
                }
            }
        }
        for (t, cause) in out {
            if !std::mem::replace(&mut seen[usize::from(t)], true) {
                nodes.push((t, next as u32, cause));
                if t == target {
                    end = Some(nodes.len() - 1);
                    break;
                }
            }
        }
        next += 1;
    }
    let mut path = vec![end?];
    while let Some(&at) = path.last() {
        match nodes[at].1 {
            NONE => break,
            parent => path.push(parent as usize),
        }
    }
    path.reverse();
    let implies = (1..path.len())
        .map(|k| Implication {
            state: candidate(nodes[path[k]].0),
            from: vec![k as u32 - 1],
            rule: rule_of(nodes[path[k]].2),
        })
        .collect();
    Some(Branch {
        assume: candidate(start),
        implies,
    })
}

fn set(bits: &mut [u64; 12], cell: usize, digit: u8) {
    let cand = cell * 9 + usize::from(digit) - 1;
    bits[cand / 64] |= 1 << (cand % 64);
}

/// Adds to `out` the candidates `branches` rely on being gone from the
/// position they work on: besides the states they list, what an "on"
/// state's cell or house needs off, and what the starting assumptions of
/// cell or region chains leave out.
fn rely(branches: &[Branch], out: &mut [u64; 12]) {
    if branches.len() >= 2 && branches.iter().all(|b| b.assume.on) {
        let first = branches[0].assume;
        let assumed = |cell: u8, digit: u8| {
            branches
                .iter()
                .any(|b| b.assume.cell == cell && b.assume.digit == digit)
        };
        if branches.iter().all(|b| b.assume.cell == first.cell) {
            for digit in 1..=9 {
                if !assumed(first.cell, digit) {
                    set(out, usize::from(first.cell), digit);
                }
            }
        } else if branches.iter().all(|b| b.assume.digit == first.digit) {
            for house in houses_of(usize::from(first.cell)) {
                if branches
                    .iter()
                    .all(|b| HOUSE_MASKS[house] >> b.assume.cell & 1 == 1)
                {
                    for &cell in &HOUSE_CELLS[house] {
                        if !assumed(cell, first.digit) {
                            set(out, usize::from(cell), first.digit);
                        }
                    }
                }
            }
        }
    }
    for branch in branches {
        for implication in &branch.implies {
            let offs: Vec<Candidate> = implication
                .from
                .iter()
                .map(|&k| branch.state_at(k))
                .filter(|s| !s.on)
                .collect();
            let listed =
                |cell: u8, digit: u8| offs.iter().any(|s| s.cell == cell && s.digit == digit);
            let s = implication.state;
            match &implication.rule {
                Rule::Cell if s.on => {
                    for digit in (1..=9).filter(|&d| d != s.digit) {
                        if !listed(s.cell, digit) {
                            set(out, usize::from(s.cell), digit);
                        }
                    }
                }
                Rule::House(house) if s.on => {
                    for &cell in &HOUSE_CELLS[usize::from(*house)] {
                        if cell != s.cell && !listed(cell, s.digit) {
                            set(out, usize::from(cell), s.digit);
                        }
                    }
                }
                Rule::Chain(nested) => {
                    let mut inner = [0u64; 12];
                    rely(nested, &mut inner);
                    for cand in 0..729 {
                        let (cell, digit) = ((cand / 9) as u8, (cand % 9) as u8 + 1);
                        if inner[cand / 64] >> (cand % 64) & 1 == 1 && !listed(cell, digit) {
                            out[cand / 64] |= 1 << (cand % 64);
                        }
                    }
                }
                _ => {}
            }
        }
    }
}
