//! Plain reference checks for the tests, written from the rules'
//! definitions (the doc comments of [`Rule`]) and sharing nothing with
//! the search's tables: whether a cell's digit breaks a rule with the
//! filled cells around it, and a brute-force counter filling cells in
//! reading order.

use crate::variant::layout::Layout;
use crate::variant::rule::{PairKind, Rule};

/// Whether digits `a`, `b` stand in the relation `kind`/`value`.
fn relation(kind: PairKind, value: u32, a: u32, b: u32) -> bool {
    match kind {
        PairKind::Difference => (a as i64 - b as i64).abs() == value as i64,
        PairKind::Ratio => a * value == b || b * value == a,
        PairKind::Sum => a + b == value,
    }
}

fn rc(layout: &Layout, cell: usize) -> (i64, i64) {
    let n = layout.size();
    ((cell / n) as i64, (cell % n) as i64)
}

/// Whether the digit in `cell` (filled) breaks any rule with another
/// filled cell: houses of the layout and of the rules, and pair rules.
/// Only the kinds the search owns, thermometers (and a killer cage's
/// distinct digits) are known here.
pub(crate) fn breaks_at(layout: &Layout, rules: &[Rule], grid: &[u8], cell: usize) -> bool {
    let n = layout.size() as i64;
    let d = grid[cell];
    assert!(d != 0);
    let (r, c) = rc(layout, cell);
    let same = |other: usize| other != cell && grid[other] == d;
    for other in 0..grid.len() {
        let (r2, c2) = rc(layout, other);
        if same(other) && (r2 == r || c2 == c || layout.region_of(other) == layout.region_of(cell))
        {
            return true;
        }
    }
    let filled = |other: usize| grid[other] != 0;
    let at = |r2: i64, c2: i64| (r2 * n + c2) as usize;
    let on_board = |r2: i64, c2: i64| r2 >= 0 && c2 >= 0 && r2 < n && c2 < n;
    let orthogonal: Vec<usize> = [(-1, 0), (1, 0), (0, -1), (0, 1)]
        .iter()
        .filter(|(dr, dc)| on_board(r + dr, c + dc))
        .map(|(dr, dc)| at(r + dr, c + dc))
        .collect();
    for rule in rules {
        let bad = match rule {
            Rule::Diagonal { falling: true } => r == c && (0..n).any(|i| same(at(i, i))),
            Rule::Diagonal { falling: false } => {
                r + c == n - 1 && (0..n).any(|i| same(at(i, n - 1 - i)))
            }
            Rule::Windoku => [(1, 1), (1, 5), (5, 1), (5, 5)].iter().any(|&(top, left)| {
                let inside = |r2: i64, c2: i64| {
                    (top..top + 3).contains(&r2) && (left..left + 3).contains(&c2)
                };
                inside(r, c)
                    && (0..grid.len()).any(|o| {
                        let (r2, c2) = rc(layout, o);
                        inside(r2, c2) && same(o)
                    })
            }),
            Rule::Disjoint => {
                let (br, bc) = layout.box_shape().unwrap();
                let (br, bc) = (br as i64, bc as i64);
                (0..grid.len()).any(|o| {
                    let (r2, c2) = rc(layout, o);
                    r2 % br == r % br && c2 % bc == c % bc && same(o)
                })
            }
            Rule::ExtraRegion { cells } | Rule::Killer { cells, sum: None } => {
                cells.contains(&(cell as u16)) && cells.iter().any(|&o| same(usize::from(o)))
            }
            Rule::AntiKnight => [
                (1, 2),
                (2, 1),
                (-1, 2),
                (-2, 1),
                (1, -2),
                (2, -1),
                (-1, -2),
                (-2, -1),
            ]
            .iter()
            .any(|(dr, dc)| on_board(r + dr, c + dc) && same(at(r + dr, c + dc))),
            Rule::AntiKing => (-1..=1).any(|dr| {
                (-1..=1).any(|dc| {
                    (dr, dc) != (0, 0) && on_board(r + dr, c + dc) && same(at(r + dr, c + dc))
                })
            }),
            Rule::NonConsecutive => orthogonal
                .iter()
                .any(|&o| filled(o) && (grid[o] as i32 - d as i32).abs() == 1),
            Rule::Pair { kind, cells, value } => {
                let [a, b] = cells.map(usize::from);
                (a == cell || b == cell)
                    && filled(a)
                    && filled(b)
                    && !relation(*kind, *value, grid[a].into(), grid[b].into())
            }
            Rule::Negative {
                kind,
                values,
                marked,
            } => orthogonal.iter().any(|&o| {
                let pair = [cell.min(o) as u16, cell.max(o) as u16];
                filled(o)
                    && !marked.contains(&pair)
                    && values
                        .iter()
                        .any(|&v| relation(*kind, v, d.into(), grid[o].into()))
            }),
            Rule::Clone { cells, clones } => cells.iter().zip(clones).any(|(&a, &b)| {
                let (a, b) = (usize::from(a), usize::from(b));
                (a == cell || b == cell) && filled(a) && filled(b) && grid[a] != grid[b]
            }),
            Rule::Thermometer { cells, slow } => cells.windows(2).any(|pair| {
                let [a, b] = [usize::from(pair[0]), usize::from(pair[1])];
                (a == cell || b == cell)
                    && filled(a)
                    && filled(b)
                    && (grid[a] > grid[b] || (grid[a] == grid[b] && !slow))
            }),
            other => panic!("the reference does not know {}", other.name()),
        };
        if bad {
            return true;
        }
    }
    false
}

/// Whether `grid` is filled and breaks nothing.
pub(crate) fn solves(layout: &Layout, rules: &[Rule], givens: &[u8], grid: &[u8]) -> bool {
    grid.len() == layout.cells()
        && grid.iter().all(|&d| (1..=layout.size() as u8).contains(&d))
        && givens.iter().zip(grid).all(|(&g, &d)| g == 0 || g == d)
        && (0..grid.len()).all(|cell| !breaks_at(layout, rules, grid, cell))
}

/// Counts solutions up to `limit` by filling empty cells in reading
/// order with every digit that breaks nothing so far.
pub(crate) fn brute_count(layout: &Layout, rules: &[Rule], givens: &[u8], limit: u64) -> u64 {
    let mut grid = givens.to_vec();
    if (0..grid.len()).any(|c| grid[c] != 0 && breaks_at(layout, rules, &grid, c)) {
        return 0;
    }
    let mut count = 0;
    fill(layout, rules, &mut grid, 0, limit, &mut count);
    count
}

fn fill(
    layout: &Layout,
    rules: &[Rule],
    grid: &mut [u8],
    from: usize,
    limit: u64,
    count: &mut u64,
) {
    let Some(cell) = (from..grid.len()).find(|&c| grid[c] == 0) else {
        *count += 1;
        return;
    };
    for d in 1..=layout.size() as u8 {
        grid[cell] = d;
        if !breaks_at(layout, rules, grid, cell) {
            fill(layout, rules, grid, cell + 1, limit, count);
            if *count >= limit {
                break;
            }
        }
    }
    grid[cell] = 0;
}
