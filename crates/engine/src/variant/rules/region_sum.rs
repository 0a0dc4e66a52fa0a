//! Region-sum lines: region borders cut the line into segments, and every
//! segment sums to the same total.

use super::{
    distinct_bounds, hi, lo, prune_distinct_sum, Break, Cands, Contradiction, Grid, Layout, Step,
};

/// The line's segments: maximal runs of consecutive cells in one region.
fn segments<'a>(layout: &'a Layout, cells: &'a [u16]) -> impl Iterator<Item = &'a [u16]> + 'a {
    let mut rest = cells;
    std::iter::from_fn(move || {
        let first = *rest.first()?;
        let region = layout.region_of(usize::from(first));
        let len = rest
            .iter()
            .position(|&c| layout.region_of(usize::from(c)) != region)
            .unwrap_or(rest.len());
        let (seg, tail) = rest.split_at(len);
        rest = tail;
        Some(seg)
    })
}

/// Prunes the line: the common total lies in every segment's range (a
/// segment's digits are distinct, being in one region), and each segment
/// is pruned to that range, until nothing changes.
pub(super) fn prune(e: &mut Cands, layout: &Layout, cells: &[u16]) -> Step {
    e.all_live(cells)?;
    if segments(layout, cells).nth(1).is_none() {
        return Ok(());
    }
    loop {
        let (mut low, mut high) = (i64::MIN, i64::MAX);
        for seg in segments(layout, cells) {
            let (mut min, mut max, mut union) = (0i64, 0i64, 0u32);
            for &c in seg {
                let m = e.get(c);
                min += i64::from(lo(m));
                max += i64::from(hi(m));
                union |= m;
            }
            let (dmin, dmax) = distinct_bounds(union, seg.len()).ok_or(Contradiction)?;
            low = low.max(min).max(dmin);
            high = high.min(max).min(dmax);
        }
        if low > high {
            return Err(Contradiction);
        }
        let before = e.changed;
        e.changed = false;
        for seg in segments(layout, cells) {
            prune_distinct_sum(e, seg, low, high)?;
        }
        let changed = e.changed;
        e.changed |= before;
        if !changed {
            return Ok(());
        }
    }
}

/// Two filled segments with different sums.
pub(super) fn check(g: &Grid, cells: &[u16]) -> Option<Break> {
    let mut full = segments(g.layout, cells).filter(|seg| g.filled(seg));
    let first = full.next()?;
    let want = g.sum(first);
    let other = full.find(|seg| g.sum(seg) != want)?;
    g.broken(
        format!(
            "region-sum line at {}: segments sum to {want} and {}",
            g.name(cells[0]),
            g.sum(other)
        ),
        first.iter().chain(other).copied(),
    )
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::super::*;

    fn line(cells: &[u16]) -> Rule {
        Rule::RegionSum {
            cells: cells.to_vec(),
        }
    }

    #[test]
    fn segments_share_a_total() {
        let layout = nine();
        // r1c3 alone in box 1, then r1c4, r1c5 in box 2: the single cell
        // equals the pair's sum, at least 3.
        let mut cands = vec![all(9); 81];
        assert_eq!(run(&line(&[2, 3, 4]), &layout, &mut cands), Pruned::Changed);
        assert_eq!(cands[2], span(3, 9));
        assert_eq!(cands[3], span(1, 8));
        // With the single cell 3: the pair is 1 and 2.
        cands[2] = mask(&[3]);
        run(&line(&[2, 3, 4]), &layout, &mut cands);
        assert_eq!(cands[3], mask(&[1, 2]));
        assert_eq!(cands[4], mask(&[1, 2]));
        // A single cell against three distinct cells (at least 6): 6..9.
        let mut cands = vec![all(9); 81];
        run(&line(&[2, 3, 4, 5]), &layout, &mut cands);
        assert_eq!(cands[2], span(6, 9));
        // Fixed 2 against a pair of distinct digits: impossible.
        cands[2] = mask(&[2]);
        assert_eq!(run(&line(&[2, 3, 4]), &layout, &mut cands), Pruned::Broken);
        // One segment only: nothing.
        let mut cands = vec![all(9); 81];
        assert_eq!(run(&line(&[0, 1, 2]), &layout, &mut cands), Pruned::Same);
    }

    #[test]
    fn never_removes_a_solution_digit() {
        sound(16, 400, |rng| {
            // A 9x9 grid from a Latin square does not keep boxes, so build
            // segments directly: row 1 from some column, cut by boxes.
            let layout = nine();
            let start = rng.below(3);
            let len = 2 + rng.below(6);
            let cells: Vec<u16> = (start..start + len).map(|c| c as u16).collect();
            // Fill each segment with distinct digits summing to one total;
            // retry until a total fits every segment.
            loop {
                let mut grid = vec![0u8; 81];
                let mut total = None;
                let mut ok = true;
                for seg in super::segments(&layout, &cells) {
                    let p = rng.perm(9);
                    let ds = &p[..seg.len()];
                    let s: u32 = ds.iter().map(|&d| u32::from(d)).sum();
                    match total {
                        None => total = Some(s),
                        Some(t) if t != s => ok = false,
                        _ => {}
                    }
                    for (i, &c) in seg.iter().enumerate() {
                        grid[usize::from(c)] = ds[i];
                    }
                }
                if ok {
                    return (layout, line(&cells), grid);
                }
            }
        });
    }

    #[test]
    fn check_compares_full_segments() {
        let layout = nine();
        let mut grid = vec![0u8; 81];
        grid[2] = 7;
        grid[3] = 3;
        assert_eq!(check(&line(&[2, 3, 4]), &layout, &grid), None);
        grid[4] = 5;
        let b = check(&line(&[2, 3, 4]), &layout, &grid).unwrap();
        assert_eq!(b.text, "region-sum line at r1c3: segments sum to 7 and 8");
        assert_eq!(b.cells, [2, 3, 4]);
        grid[4] = 4;
        assert_eq!(check(&line(&[2, 3, 4]), &layout, &grid), None);
    }
}
