//! Sandwich sums: in a whole row or column, the digits strictly between
//! the 1 and the highest digit sum to the clue.

use super::{bit, distinct_support, span, Break, Cands, Contradiction, Grid, Step};

/// Prunes the row or column `line` of a size-`n` board with sandwich
/// `sum`: every placement of the 1 and the `n` is tried, and a digit stays
/// where some feasible placement lets it.
pub(super) fn prune(e: &mut Cands, n: usize, line: &[u16], sum: u32) -> Step {
    e.all_live(line)?;
    if line.len() != n {
        // Not a whole row or column: the 1 and n need not be there, and
        // nothing sound is cheap to say.
        return Ok(());
    }
    let top = n as u32;
    let mid = span(2, i64::from(top) - 1);
    let sum = i64::from(sum);
    // Per cell, the digits it may hold between or around the ends; a cell
    // with none must be an end.
    let mut middle = [0u32; 32];
    let mut must_end = 0u32;
    for (k, &c) in line.iter().enumerate() {
        middle[k] = e.get(c) & mid;
        if middle[k] == 0 {
            must_end |= 1 << k;
        }
    }
    let ends = |k: usize| e.get(line[k]) & (1 | bit(top));
    let mut allowed = [0u32; 32];
    // Cells outside the sandwich of some feasible pair of ends.
    let mut outside = 0u32;
    // The cells between and around depend only on the two ends' places,
    // not on which holds the 1: each pair of places is worked out once,
    // for both ways round it allows.
    for a in 0..n {
        if ends(a) == 0 {
            continue;
        }
        for b in a + 1..n {
            let one_first = ends(a) & 1 != 0 && ends(b) & bit(top) != 0;
            let top_first = ends(a) & bit(top) != 0 && ends(b) & 1 != 0;
            if !(one_first || top_first) || must_end & !((1 << a) | (1 << b)) != 0 {
                continue;
            }
            // The cells between hold distinct digits summing to the clue.
            let mut between = [0u32; 32];
            let between = &mut between[..b - a - 1];
            between.copy_from_slice(&middle[a + 1..b]);
            if !distinct_support(between, sum) {
                continue;
            }
            for (k, &m) in between.iter().enumerate() {
                allowed[a + 1 + k] |= m;
            }
            // Below a, and above b: (2 << b) - 1 is every position to b.
            outside |= ((1u32 << a) - 1) | !((2u32 << b) - 1);
            if one_first {
                allowed[a] |= 1;
                allowed[b] |= bit(top);
            }
            if top_first {
                allowed[a] |= bit(top);
                allowed[b] |= 1;
            }
        }
    }
    for (k, allow) in allowed.iter_mut().enumerate().take(n) {
        if outside >> k & 1 != 0 {
            *allow |= middle[k];
        }
    }
    if allowed[0] == 0 {
        return Err(Contradiction);
    }
    for (k, &c) in line.iter().enumerate() {
        e.keep(c, allowed[k])?;
    }
    Ok(())
}

/// A line whose 1, highest digit and the cells between are filled, with
/// the wrong sum between.
pub(super) fn check(g: &Grid, line: &[u16], sum: u32) -> Option<Break> {
    let top = g.layout.size() as u32;
    let i = line.iter().position(|&c| g.at(c) == 1)?;
    let j = line.iter().position(|&c| g.at(c) == top)?;
    let (a, b) = (i.min(j), i.max(j));
    let inside = &line[a + 1..b];
    if !g.filled(inside) {
        return None;
    }
    let got = g.sum(inside);
    (got != sum).then_some(())?;
    g.broken(
        format!("sandwich in {} sums to {got}, not {sum}", g.line_name(line)),
        line[a..=b].iter().copied(),
    )
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::super::*;

    fn clue(line: &[u16], sum: u32) -> Rule {
        Rule::Sandwich {
            line: line.to_vec(),
            sum,
        }
    }

    #[test]
    fn prunes_placements_and_sums() {
        let layout = Layout::standard(4).unwrap();
        let row: Vec<u16> = (0..4).collect();
        // 4x4, sum 0: the 1 and 4 touch. With the 1 at the first cell the 4
        // must be second.
        let mut cands = vec![all(4); 16];
        cands[0] = mask(&[1]);
        assert_eq!(run(&clue(&row, 0), &layout, &mut cands), Pruned::Changed);
        assert_eq!(cands[1], mask(&[4]));
        assert_eq!(cands[2], mask(&[2, 3]));
        // 4x4, sum 5: 2 and 3 between, so the 1 and 4 are at the ends.
        let mut cands = vec![all(4); 16];
        run(&clue(&row, 5), &layout, &mut cands);
        assert_eq!(cands[0], mask(&[1, 4]));
        assert_eq!(cands[1], mask(&[2, 3]));
        assert_eq!(cands[3], mask(&[1, 4]));
        // 9x9, sum 35 = 2+..+8 - 0: all seven between, ends 1 and 9.
        let layout = nine();
        let row: Vec<u16> = (0..9).collect();
        let mut cands = vec![all(9); 81];
        run(&clue(&row, 35), &layout, &mut cands);
        assert_eq!(cands[0], mask(&[1, 9]));
        assert_eq!(cands[4], span(2, 8));
        // Sum 2 cannot be made with distinct 2..8 (2 alone is fine: one
        // cell between holds 2).
        let mut cands = vec![all(9); 81];
        run(&clue(&row, 2), &layout, &mut cands);
        assert_eq!(cands[4], all(9));
        cands[1] = mask(&[5]);
        cands[2] = mask(&[6]);
        cands[3] = mask(&[7]);
        cands[5] = mask(&[3]);
        cands[6] = mask(&[4]);
        cands[7] = mask(&[8]);
        assert_eq!(run(&clue(&row, 2), &layout, &mut cands), Pruned::Broken);
    }

    #[test]
    fn never_removes_a_solution_digit() {
        sound(3, 400, |rng| {
            let n = [4, 6, 9][rng.below(3)];
            let layout = Layout::standard(n).unwrap();
            let p = rng.perm(n);
            let r = rng.below(n);
            let mut grid = vec![0u8; n * n];
            let line: Vec<u16> = (0..n).map(|c| (r * n + c) as u16).collect();
            for (k, &c) in line.iter().enumerate() {
                grid[usize::from(c)] = p[k];
            }
            let i = p.iter().position(|&d| d == 1).unwrap();
            let j = p.iter().position(|&d| d == n as u8).unwrap();
            let sum = p[i.min(j) + 1..i.max(j)]
                .iter()
                .map(|&d| u32::from(d))
                .sum();
            (layout, clue(&line, sum), grid)
        });
    }

    #[test]
    fn check_names_the_wrong_sum() {
        let layout = nine();
        let row: Vec<u16> = (18..27).collect();
        let mut grid = vec![0u8; 81];
        for (k, d) in [3, 1, 4, 6, 9, 2, 5, 7, 8].iter().enumerate() {
            grid[18 + k] = *d;
        }
        assert_eq!(check(&clue(&row, 10), &layout, &grid), None);
        let b = check(&clue(&row, 12), &layout, &grid).unwrap();
        assert_eq!(b.text, "sandwich in row 3 sums to 10, not 12");
        assert_eq!(b.cells, [19, 20, 21, 22]);
        let col: Vec<u16> = (0..9).map(|r| r * 9 + 4).collect();
        grid[4] = 1;
        grid[13] = 9;
        let b = check(&clue(&col, 3), &layout, &grid).unwrap();
        assert_eq!(b.text, "sandwich in column 5 sums to 0, not 3");
        grid[13] = 0;
        assert_eq!(check(&clue(&col, 3), &layout, &grid), None);
    }
}
