//! X-sums: the first X cells of a row or column, X being the first cell's
//! digit, sum to the clue.

use super::{bit, digits, distinct_support, Break, Cands, Contradiction, Grid, Step};

/// Prunes the row or column `line` of a size-`n` board with x-sum `sum`:
/// every candidate X of the first cell is tried, and a digit stays where
/// some feasible X lets it.
pub(super) fn prune(e: &mut Cands, n: usize, line: &[u16], sum: u32) -> Step {
    e.all_live(line)?;
    if line.len() != n {
        // The distinct digits the reasoning leans on need a whole line.
        return Ok(());
    }
    let sum = i64::from(sum);
    let mut allowed = [0u32; 32];
    for x in digits(e.get(line[0])) {
        let count = x as usize;
        let rest = sum - i64::from(x);
        if count > n || rest < 0 {
            continue;
        }
        // Every other cell of the line holds a digit other than X.
        let mut here = [0u32; 32];
        for (k, &c) in line.iter().enumerate().skip(1) {
            here[k] = e.get(c) & !bit(x);
        }
        if here[1..n].contains(&0) || !distinct_support(&mut here[1..count], rest) {
            continue;
        }
        allowed[0] |= bit(x);
        for k in 1..n {
            allowed[k] |= here[k];
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

/// A line whose first X cells are filled and sum to anything but `sum`.
pub(super) fn check(g: &Grid, line: &[u16], sum: u32) -> Option<Break> {
    let x = g.at(*line.first()?) as usize;
    if x == 0 || x > line.len() || !g.filled(&line[..x]) {
        return None;
    }
    let got = g.sum(&line[..x]);
    (got != sum).then_some(())?;
    g.broken(
        format!("x-sum at {} sums to {got}, not {sum}", g.name(line[0])),
        line[..x].iter().copied(),
    )
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::super::*;

    fn clue(line: &[u16], sum: u32) -> Rule {
        Rule::XSum {
            line: line.to_vec(),
            sum,
        }
    }

    #[test]
    fn prunes_the_count_and_the_sum() {
        let layout = nine();
        let row: Vec<u16> = (0..9).collect();
        // Sum 1: X is 1.
        let mut cands = vec![all(9); 81];
        assert_eq!(run(&clue(&row, 1), &layout, &mut cands), Pruned::Changed);
        assert_eq!(cands[0], mask(&[1]));
        assert_eq!(cands[1], span(2, 9));
        // Sum 45: all nine, X = 9.
        let mut cands = vec![all(9); 81];
        run(&clue(&row, 45), &layout, &mut cands);
        assert_eq!(cands[0], mask(&[9]));
        assert_eq!(cands[8], span(1, 8));
        // Sum 5: X = 2 with 3 next (2 + 3), X = 3 needs 2 more from two
        // distinct digits other than 3: 1 + 1 only, no; so X = 2, next 3.
        let mut cands = vec![all(9); 81];
        run(&clue(&row, 5), &layout, &mut cands);
        assert_eq!(cands[0], mask(&[2]));
        assert_eq!(cands[1], mask(&[3]));
        assert_eq!(cands[2], all(9) & !mask(&[2]));
        // Sum 2 is impossible (X = 1 sums 1, X = 2 at least 2 + 1).
        let mut cands = vec![all(9); 81];
        assert_eq!(run(&clue(&row, 2), &layout, &mut cands), Pruned::Broken);
    }

    #[test]
    fn never_removes_a_solution_digit() {
        sound(4, 400, |rng| {
            let n = [4, 6, 9][rng.below(3)];
            let p = rng.perm(n);
            let c = rng.below(n);
            let line: Vec<u16> = (0..n).rev().map(|r| (r * n + c) as u16).collect();
            let mut grid = vec![0u8; n * n];
            for (k, &cell) in line.iter().enumerate() {
                grid[usize::from(cell)] = p[k];
            }
            let sum = p[..usize::from(p[0])].iter().map(|&d| u32::from(d)).sum();
            (Layout::standard(n).unwrap(), clue(&line, sum), grid)
        });
    }

    #[test]
    fn check_names_the_wrong_sum() {
        let layout = nine();
        let row: Vec<u16> = (0..9).rev().collect();
        let mut grid = vec![0u8; 81];
        grid[8] = 3;
        grid[7] = 5;
        assert_eq!(check(&clue(&row, 10), &layout, &grid), None);
        grid[6] = 2;
        assert_eq!(check(&clue(&row, 10), &layout, &grid), None);
        let b = check(&clue(&row, 12), &layout, &grid).unwrap();
        assert_eq!(b.text, "x-sum at r1c9 sums to 10, not 12");
        assert_eq!(b.cells, [6, 7, 8]);
    }
}
