//! Aligned pair and triplet exclusion: a combination of digits for two or
//! three cells is impossible when it repeats a digit in a house or leaves a
//! cell seeing them all (an "excluder") with no candidate; a candidate in no
//! possible combination goes.

use super::grid::{bits, cells_of, houses_of, Cells, Digits, Grid, HOUSE_CELLS, PEERS};
use super::step::{Difficulty, Pattern, Step, Technique};
use super::subsets::sorted;

/// The cells that may take part, in reading order, with their excluders.
struct Bases {
    cells: Vec<u8>,
    /// Each base cell's excluders as a set.
    excluders: Vec<Cells>,
    /// Each base cell's excluders in Sudoku Explainer's order of a cell's
    /// peers: its box, its row, then its column.
    ordered: Vec<Vec<u8>>,
}

/// Base cells: two candidates or more, no peer with a single candidate, and
/// at least one peer with 2..=`degree` candidates (an excluder).
fn bases(grid: &Grid, degree: u32) -> Bases {
    let mut bases = Bases {
        cells: Vec::new(),
        excluders: Vec::new(),
        ordered: Vec::new(),
    };
    for cell in 0..81 {
        if grid.candidates(cell).count_ones() < 2 {
            continue;
        }
        let ordered = peers_in_order(cell);
        if ordered
            .iter()
            .any(|&p| grid.candidates(usize::from(p)).count_ones() == 1)
        {
            continue;
        }
        let ordered: Vec<u8> = ordered
            .into_iter()
            .filter(|&p| (2..=degree).contains(&grid.candidates(usize::from(p)).count_ones()))
            .collect();
        if ordered.is_empty() {
            continue;
        }
        bases.cells.push(cell as u8);
        bases
            .excluders
            .push(ordered.iter().fold(0, |all, &p| all | 1u128 << p));
        bases.ordered.push(ordered);
    }
    bases
}

/// A cell's 20 peers: its box in reading order, then the rest of its row,
/// then the rest of its column.
fn peers_in_order(cell: usize) -> Vec<u8> {
    let mut seen: Cells = 1 << cell;
    let mut out = Vec::with_capacity(20);
    for house in houses_of(cell) {
        for &peer in &HOUSE_CELLS[house] {
            if seen >> peer & 1 == 0 {
                seen |= 1 << peer;
                out.push(peer);
            }
        }
    }
    out
}

/// The first aligned pair exclusion: pairs of base cells in Sudoku
/// Explainer's order (by second cell, then first), with two common
/// excluders or more.
pub fn aligned_pair(grid: &Grid) -> Option<Step> {
    let bases = bases(grid, 2);
    let n = bases.cells.len();
    for j in 1..n {
        for i in 0..j {
            let common = bases.excluders[i] & bases.excluders[j];
            if common.count_ones() < 2 {
                continue;
            }
            let cells = [bases.cells[i], bases.cells[j]];
            if let Some(step) = exclude(grid, &cells, common) {
                return Some(step);
            }
        }
    }
    None
}

/// The first aligned triplet exclusion: for each pair of base cells (as
/// for pairs), third cells from the base cells among either one's
/// excluders, in that list's order.
pub fn aligned_triplet(grid: &Grid) -> Option<Step> {
    let bases = bases(grid, 3);
    let n = bases.cells.len();
    let is_base: Cells = bases.cells.iter().fold(0, |all, &c| all | 1u128 << c);
    let index_of = |cell: u8| bases.cells.iter().position(|&c| c == cell);
    for j in 1..n {
        for i in 0..j {
            let (c0, c1) = (bases.cells[i], bases.cells[j]);
            let pair_common = bases.excluders[i] & bases.excluders[j];
            if pair_common.count_ones() < 2 {
                // Every triplet's common excluders are a subset of these.
                continue;
            }
            let mut listed: Cells = 1 << c0 | 1 << c1;
            for &third in bases.ordered[i].iter().chain(&bases.ordered[j]) {
                let bit = 1u128 << third;
                if listed & bit != 0 || is_base & bit == 0 {
                    continue;
                }
                listed |= bit;
                let Some(k) = index_of(third) else { continue };
                let common = pair_common & bases.excluders[k];
                if common.count_ones() < 2 {
                    continue;
                }
                if let Some(step) = exclude(grid, &[c0, c1, third], common) {
                    return Some(step);
                }
            }
        }
    }
    None
}

/// The eliminations of an aligned set over `cells` with excluders
/// `common`, as a step if there are any.
fn exclude(grid: &Grid, cells: &[u8], common: Cells) -> Option<Step> {
    let excluder_digits: Vec<Digits> = cells_of(common).map(|c| grid.candidates(c)).collect();
    let candidates: Vec<Digits> = cells
        .iter()
        .map(|&c| grid.candidates(usize::from(c)))
        .collect();
    let sees = |a: usize, b: usize| PEERS[usize::from(cells[a])] >> cells[b] & 1 != 0;
    let mut allowed = [0 as Digits; 3];
    let mut values = [0usize; 3];
    // Every combination of one candidate per cell, as an odometer.
    let mut choices: Vec<Vec<usize>> = candidates.iter().map(|&c| bits(c).collect()).collect();
    choices.truncate(cells.len());
    let mut index = vec![0usize; cells.len()];
    'combos: loop {
        for (k, &i) in index.iter().enumerate() {
            values[k] = choices[k][i];
        }
        let combo = index.len();
        let repeats =
            (0..combo).any(|a| (a + 1..combo).any(|b| values[a] == values[b] && sees(a, b)));
        let digits = values[..combo]
            .iter()
            .fold(0 as Digits, |all, &d| all | 1 << d);
        let empties = excluder_digits.iter().any(|&e| e & !digits == 0);
        if !repeats && !empties {
            for k in 0..combo {
                allowed[k] |= 1 << values[k];
            }
        }
        // Advance the odometer; stop after the last combination.
        let mut k = 0;
        loop {
            if k == combo {
                break 'combos;
            }
            index[k] += 1;
            if index[k] < choices[k].len() {
                break;
            }
            index[k] = 0;
            k += 1;
        }
    }
    let eliminated: Vec<(u8, u8)> = cells
        .iter()
        .zip(&candidates)
        .zip(allowed)
        .flat_map(|((&cell, &has), allowed)| bits(has & !allowed).map(move |d| (cell, d as u8 + 1)))
        .collect();
    if eliminated.is_empty() {
        return None;
    }
    let (technique, tenths) = if cells.len() == 2 {
        (Technique::AlignedPairExclusion, 62)
    } else {
        (Technique::AlignedTripletExclusion, 75)
    };
    Some(Step {
        technique,
        difficulty: Difficulty(tenths),
        pattern: Pattern::Aligned {
            cells: cells.to_vec(),
        },
        placed: None,
        eliminated: sorted(eliminated),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::unique_loops::tests::position;

    #[test]
    fn aligned_pair_exclusion_in_scan_order() {
        let grid = position(
            "2..614.39.9.352.6..369785.23.91276.4.4.869..362.5439.1.7.4...96.6429.3..91.7.6..5",
            "58 578 78 147 178 14 78 14 14 58 58 17 157 27 257 78 78 58 23 38 15 128 58 15 17 78 \
             23 38 248 24",
        );
        assert_eq!(
            aligned_pair(&grid).expect("a pair").to_string(),
            "6.2  Aligned pair exclusion (r1c3, r2c3): r2c3<>8"
        );
    }

    #[test]
    fn aligned_triplet_takes_its_third_cell_from_the_excluders() {
        let grid = position(
            "....8..717.8.1.26919..7..8348..917.6..7...9..9.375..2437.1..69.851.6.34.6.9.3....",
            "25 234 2456 23469 23469 45 34 345 345 2456 246 246 45 25 23 35 25 16 23468 24 23468 \
             135 58 16 68 18 24 24 58 58 29 79 27 24 2458 4578 18 15 27",
        );
        assert_eq!(aligned_pair(&grid), None);
        assert_eq!(
            aligned_triplet(&grid).expect("a triplet").to_string(),
            "7.5  Aligned triplet exclusion (r1c1, r1c3, r1c2): r1c3<>4"
        );
    }

    #[test]
    fn peers_come_box_row_column() {
        let peers = peers_in_order(10);
        assert_eq!(&peers[..8], &[0, 1, 2, 9, 11, 18, 19, 20]);
        assert_eq!(&peers[8..14], &[12, 13, 14, 15, 16, 17]);
        assert_eq!(&peers[14..], &[28, 37, 46, 55, 64, 73]);
    }
}
