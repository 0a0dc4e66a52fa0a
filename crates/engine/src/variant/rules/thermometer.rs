//! Thermometers: digits rise from the bulb, strictly, or (slow) never
//! fall.

use super::{hi, lo, span, Break, Cands, Grid, Step};

/// Prunes the thermometer `cells` (bulb first) by sweeping the least
/// digit up from the bulb and the greatest down from the tip.
pub(super) fn prune(e: &mut Cands, cells: &[u16], slow: bool) -> Step {
    e.all_live(cells)?;
    let step = i64::from(!slow);
    let mut floor = 1i64;
    for &c in cells {
        e.keep(c, span(floor, 32))?;
        floor = i64::from(lo(e.get(c))) + step;
    }
    let mut ceiling = 32i64;
    for &c in cells.iter().rev() {
        e.keep(c, span(1, ceiling))?;
        ceiling = i64::from(hi(e.get(c))) - step;
    }
    Ok(())
}

/// Two filled cells out of order: a later one not above (slow: below) an
/// earlier one.
pub(super) fn check(g: &Grid, cells: &[u16], slow: bool) -> Option<Break> {
    // The filled cell with the highest digit so far: any later digit not
    // above it breaks the order, whatever lies between.
    let mut top: Option<u16> = None;
    for &c in cells {
        let d = g.at(c);
        if d == 0 {
            continue;
        }
        if let Some(t) = top {
            let t_d = g.at(t);
            if d < t_d || (!slow && d == t_d) {
                let (name, relation) = if slow {
                    ("slow thermometer", "below")
                } else {
                    ("thermometer", "not above")
                };
                return g.broken(
                    format!("{name} at {}: {d} {relation} {t_d}", g.name(cells[0])),
                    [t, c],
                );
            }
            if d > t_d {
                top = Some(c);
            }
        } else {
            top = Some(c);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::super::*;

    fn thermo(cells: &[u16], slow: bool) -> Rule {
        Rule::Thermometer {
            cells: cells.to_vec(),
            slow,
        }
    }

    #[test]
    fn sweeps_both_ways() {
        let layout = nine();
        let mut cands = vec![all(9); 81];
        cands[1] = mask(&[4, 8]);
        assert_eq!(
            run(&thermo(&[0, 1, 2], false), &layout, &mut cands),
            Pruned::Changed
        );
        assert_eq!(cands[0], span(1, 7));
        assert_eq!(cands[1], mask(&[4, 8]));
        assert_eq!(cands[2], span(5, 9));
        let mut cands = vec![all(9); 81];
        cands[1] = mask(&[4, 8]);
        run(&thermo(&[0, 1, 2], true), &layout, &mut cands);
        assert_eq!(cands[0], span(1, 8));
        assert_eq!(cands[2], span(4, 9));
        // Nine cells strict: 1 to 9.
        let mut cands = vec![all(9); 81];
        let line: Vec<u16> = (0..9).collect();
        run(&thermo(&line, false), &layout, &mut cands);
        assert_eq!(cands[4], mask(&[5]));
        let mut cands = vec![all(9); 81];
        cands[0] = mask(&[5]);
        cands[2] = mask(&[6]);
        assert_eq!(
            run(&thermo(&[0, 1, 2], false), &layout, &mut cands),
            Pruned::Broken
        );
        let ten: Vec<u16> = (0..10).collect();
        let mut cands = vec![all(9); 81];
        assert_eq!(
            run(&thermo(&ten, false), &layout, &mut cands),
            Pruned::Broken
        );
    }

    #[test]
    fn never_removes_a_solution_digit() {
        sound(6, 400, |rng| {
            let n = [4, 6, 9][rng.below(3)];
            let slow = rng.below(2) == 0;
            let k = 1 + rng.below(if slow { n + 2 } else { n });
            let mut ds: Vec<u8> = (0..k).map(|_| rng.digit(n)).collect();
            ds.sort_unstable();
            if !slow {
                // Distinct and rising: pick k of the n digits.
                ds = rng.perm(n)[..k].to_vec();
                ds.sort_unstable();
            }
            let mut grid = vec![0u8; n * n];
            let cells: Vec<u16> = (0..k).map(|i| (i * 2 + i % 2) as u16).collect();
            for (i, &c) in cells.iter().enumerate() {
                grid[usize::from(c)] = ds[i];
            }
            (Layout::standard(n).unwrap(), thermo(&cells, slow), grid)
        });
    }

    #[test]
    fn check_finds_cells_out_of_order() {
        let layout = nine();
        let mut grid = vec![0u8; 81];
        // Bulb r2c3, then r2c4, r2c5.
        let cells = [11, 12, 13];
        grid[11] = 7;
        grid[13] = 8;
        assert_eq!(check(&thermo(&cells, false), &layout, &grid), None);
        grid[13] = 5;
        let b = check(&thermo(&cells, false), &layout, &grid).unwrap();
        assert_eq!(b.text, "thermometer at r2c3: 5 not above 7");
        assert_eq!(b.cells, [11, 13]);
        grid[13] = 7;
        assert!(check(&thermo(&cells, false), &layout, &grid).is_some());
        assert_eq!(check(&thermo(&cells, true), &layout, &grid), None);
        grid[12] = 6;
        let b = check(&thermo(&cells, true), &layout, &grid).unwrap();
        assert_eq!(b.text, "slow thermometer at r2c3: 6 below 7");
    }
}
