//! Entropic lines: any three consecutive cells hold one low, one middle
//! and one high digit (the digits split in thirds); the two cells of a
//! two-cell line differ in third. The class reasoning is shared with
//! modular lines, whose classes are remainders mod 3.

use super::{Break, Cands, Contradiction, Grid, Step};

/// The third of 1..=n that digit `d` falls in: 0 low, 1 middle, 2 high.
fn third(d: u32, n: u32) -> usize {
    ((d - 1) * 3 / n) as usize
}

/// Prunes an entropic line on a board of size `n`.
pub(super) fn prune(e: &mut Cands, n: usize, cells: &[u16]) -> Step {
    let n = n as u32;
    prune_classes(e, cells, |d| third(d, n))
}

/// Prunes a line whose every three consecutive cells hold digits of three
/// different classes (`class` of a digit is 0, 1 or 2). Cells three apart
/// then share a class, so the line is three groups (positions mod 3) with
/// a class each, all different: every such assignment is tried. A line of
/// two cells is read as f-puzzles' solver reads it: its two digits differ
/// in class (the third group is empty and takes the class left over).
pub(super) fn prune_classes(e: &mut Cands, cells: &[u16], class: impl Fn(u32) -> usize) -> Step {
    e.all_live(cells)?;
    let mut masks = [0u32; 3];
    for d in 1..=32 {
        let k = class(d);
        if k < 3 {
            masks[k] |= super::bit(d);
        }
    }
    // Classes every cell of a group can still take.
    let mut open = [0b111u8; 3];
    for (i, &c) in cells.iter().enumerate() {
        let m = e.get(c);
        let mut has = 0u8;
        for (k, &mask) in masks.iter().enumerate() {
            if m & mask != 0 {
                has |= 1 << k;
            }
        }
        open[i % 3] &= has;
    }
    let mut keep = [0u8; 3];
    for perm in crate::geometry::ORDERS_OF_THREE {
        if (0..3).all(|g| open[g] & (1 << perm[g]) != 0) {
            for g in 0..3 {
                keep[g] |= 1 << perm[g];
            }
        }
    }
    if keep[0] == 0 {
        return Err(Contradiction);
    }
    for (i, &c) in cells.iter().enumerate() {
        let allowed = (0..3)
            .filter(|&k| keep[i % 3] & (1 << k) != 0)
            .fold(0, |a, k| a | masks[k]);
        e.keep(c, allowed)?;
    }
    Ok(())
}

/// Two filled cells at most two apart on the line (so in one window of
/// three, or both on a line of two) whose digits share a class.
pub(super) fn clash(
    g: &Grid,
    cells: &[u16],
    class: impl Fn(u32) -> usize,
) -> Option<(u16, u16, usize)> {
    for (i, &a) in cells.iter().enumerate() {
        for &b in cells.iter().skip(i + 1).take(2) {
            let (x, y) = (g.at(a), g.at(b));
            if x != 0 && y != 0 && class(x) == class(y) {
                return Some((a, b, class(x)));
            }
        }
    }
    None
}

/// Two filled cells in one window of three, both low, middle or high.
pub(super) fn check(g: &Grid, cells: &[u16]) -> Option<Break> {
    let n = g.layout.size() as u32;
    let (a, b, k) = clash(g, cells, |d| third(d, n))?;
    let word = ["low", "middle", "high"][k];
    g.broken(
        format!(
            "entropic line at {}: {} and {} are both {word}",
            g.name(cells[0]),
            g.at(a),
            g.at(b)
        ),
        [a, b],
    )
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::super::*;

    fn line(cells: &[u16]) -> Rule {
        Rule::Entropic {
            cells: cells.to_vec(),
        }
    }

    #[test]
    fn prunes_by_classes() {
        let layout = nine();
        // Cell 0 low, cell 1 middle: cell 2 and cell 3... cell 2 is high,
        // cell 3 low again.
        let mut cands = vec![all(9); 81];
        cands[0] = mask(&[1, 3]);
        cands[1] = mask(&[4, 6]);
        let cells = [0, 1, 2, 3, 4];
        assert_eq!(run(&line(&cells), &layout, &mut cands), Pruned::Changed);
        assert_eq!(cands[2], span(7, 9));
        assert_eq!(cands[3], span(1, 3));
        assert_eq!(cands[4], span(4, 6));
        // Cell 0 low or middle only: the other groups lose nothing yet,
        // but group 0 keeps low and middle.
        let mut cands = vec![all(9); 81];
        cands[0] = mask(&[2, 5]);
        run(&line(&cells), &layout, &mut cands);
        assert_eq!(cands[3], span(1, 6));
        assert_eq!(cands[1], all(9));
        // Two cells of a window both low: broken.
        let mut cands = vec![all(9); 81];
        cands[0] = mask(&[1, 2]);
        cands[2] = mask(&[3]);
        assert_eq!(run(&line(&cells), &layout, &mut cands), Pruned::Broken);
        // 6x6 thirds are 1-2, 3-4, 5-6.
        let layout = Layout::standard(6).unwrap();
        let mut cands = vec![all(6); 36];
        cands[0] = mask(&[1]);
        cands[1] = mask(&[3]);
        run(&line(&[0, 1, 2]), &layout, &mut cands);
        assert_eq!(cands[2], mask(&[5, 6]));
    }

    #[test]
    fn never_removes_a_solution_digit() {
        sound(14, 400, |rng| {
            let n = [6, 9, 12][rng.below(3)];
            let len = 1 + rng.below(8);
            let order = rng.perm(3);
            let mut grid = vec![0u8; n * n];
            let cells: Vec<u16> = (0..len).map(|i| (i * 3 % (n * n)) as u16).collect();
            for (i, &c) in cells.iter().enumerate() {
                let k = usize::from(order[i % 3] - 1);
                // A digit of third k: 1 + k*n/3 .. (k+1)*n/3 (n divisible by 3).
                let d = k * n / 3 + 1 + rng.below(n / 3);
                grid[usize::from(c)] = d as u8;
            }
            (Layout::standard(n).unwrap(), line(&cells), grid)
        });
    }

    #[test]
    fn check_finds_a_shared_third() {
        let layout = nine();
        let mut grid = vec![0u8; 81];
        grid[0] = 2;
        grid[1] = 5;
        grid[2] = 8;
        grid[3] = 3;
        assert_eq!(check(&line(&[0, 1, 2, 3]), &layout, &grid), None);
        grid[3] = 9;
        let b = check(&line(&[0, 1, 2, 3]), &layout, &grid).unwrap();
        assert_eq!(b.text, "entropic line at r1c1: 8 and 9 are both high");
        assert_eq!(b.cells, [2, 3]);
    }

    /// A line of two cells holds two digits of different thirds (as
    /// f-puzzles' solver reads a line shorter than a window).
    #[test]
    fn two_cells_differ_in_third() {
        let layout = nine();
        let mut cands = vec![all(9); 81];
        cands[0] = mask(&[2]);
        assert_eq!(run(&line(&[0, 1]), &layout, &mut cands), Pruned::Changed);
        assert_eq!(cands[1], span(4, 9));
        let mut grid = vec![0u8; 81];
        grid[0] = 2;
        grid[1] = 3;
        let b = check(&line(&[0, 1]), &layout, &grid).unwrap();
        assert_eq!(b.text, "entropic line at r1c1: 2 and 3 are both low");
        grid[1] = 4;
        assert_eq!(check(&line(&[0, 1]), &layout, &grid), None);
    }
}
