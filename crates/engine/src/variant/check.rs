//! What a (partial) grid breaks: repeated digits in houses, pair rules
//! between filled cells, and the other rules through `rules::check`.

use std::fmt::Write;

use super::layout::Layout;
use super::puzzle::{offsets, orthogonal, related, Puzzle, KING, KNIGHT};
use super::rule::{PairKind, Rule};
use super::rules;

/// One broken rule in a grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Conflict {
    /// What is broken: `row`, `column`, `box`, `region`, `diagonal`,
    /// `extra region`, or the rule's [`Rule::name`] (`windoku`,
    /// `disjoint`, `killer cage`, `anti-knight`, ...).
    pub rule: &'static str,
    /// The house's number from 1, for rows and columns (1..N), boxes and
    /// regions (in reading order of their first cells), windoku windows,
    /// disjoint groups (by place in the box) and extra regions (in rule
    /// order); `None` otherwise.
    pub index: Option<usize>,
    /// The repeated digit, for a house or an anti-knight or anti-king
    /// pair.
    pub digit: Option<u8>,
    /// The cells involved, in reading order.
    pub cells: Vec<usize>,
    /// The whole conflict as printed: `5 twice in region 4 (r2c3, r4c1)`.
    pub text: String,
}

/// `(r1c1, r1c4)`: cell names in parentheses, after `prefix`.
fn cell_list(layout: &Layout, prefix: &str, cells: &[usize]) -> String {
    let mut text = String::from(" (");
    text.push_str(prefix);
    for (i, &c) in cells.iter().enumerate() {
        if i > 0 {
            text.push_str(", ");
        }
        let _ = write!(text, "{}", layout.name(c));
    }
    text.push(')');
    text
}

impl Puzzle {
    /// What `grid` (one digit per cell in reading order, 0 for empty)
    /// breaks: rows, then columns, then boxes or regions (each by index,
    /// then digit), then each rule in the order given. On a partial grid
    /// only definite breaks count: a digit repeated, a relation broken
    /// between two filled cells, a rule its filled cells already break.
    ///
    /// # Panics
    ///
    /// When `grid` does not hold one digit per cell.
    pub fn conflicts(&self, grid: &[u8]) -> Vec<Conflict> {
        assert_eq!(grid.len(), self.layout.cells(), "one digit per cell");
        let mut found = Vec::new();
        for h in (0..self.houses.len()).filter(|&h| self.houses[h].rule.is_none()) {
            self.house_conflicts(h, grid, &mut found);
        }
        for (index, rule) in self.rules.iter().enumerate() {
            match rule {
                Rule::Diagonal { .. }
                | Rule::Windoku
                | Rule::Disjoint
                | Rule::ExtraRegion { .. } => {
                    self.rule_houses(index, grid, &mut found);
                }
                Rule::Killer { .. } => {
                    self.rule_houses(index, grid, &mut found);
                    self.rules_check(rule, grid, &mut found);
                }
                Rule::AntiKnight => {
                    self.equal_pairs(rule, &KNIGHT, "a knight's move", grid, &mut found)
                }
                Rule::AntiKing => self.equal_pairs(rule, &KING, "a king's move", grid, &mut found),
                Rule::NonConsecutive => self.neighbour_pairs(
                    grid,
                    &mut found,
                    |a, b| (a.abs_diff(b) == 1).then(|| "adjacent".to_string()),
                    rule,
                    &[],
                ),
                Rule::Pair { kind, cells, value } => {
                    let (a, b) = (
                        usize::from(cells[0].min(cells[1])),
                        usize::from(cells[0].max(cells[1])),
                    );
                    let (x, y) = (u32::from(grid[a]), u32::from(grid[b]));
                    if x != 0 && y != 0 && !related(*kind, *value, x, y) {
                        let what = match kind {
                            PairKind::Difference => format!("do not differ by {value}"),
                            PairKind::Ratio => format!("are not in ratio 1:{value}"),
                            PairKind::Sum => format!("do not sum to {value}"),
                        };
                        self.pair(
                            rule,
                            None,
                            format!("{x} and {y} {what}"),
                            &[a, b],
                            &mut found,
                        );
                    }
                }
                Rule::Negative {
                    kind,
                    values,
                    marked,
                } => self.neighbour_pairs(
                    grid,
                    &mut found,
                    |x, y| {
                        values
                            .iter()
                            .find(|&&v| related(*kind, v, x, y))
                            .map(|v| match kind {
                                PairKind::Difference => format!("differ by {v}"),
                                PairKind::Ratio => format!("are in ratio 1:{v}"),
                                PairKind::Sum => format!("sum to {v}"),
                            })
                    },
                    rule,
                    marked,
                ),
                Rule::Clone { cells, clones } => {
                    for (&a, &b) in cells.iter().zip(clones) {
                        let (a, b) = (usize::from(a.min(b)), usize::from(a.max(b)));
                        let (x, y) = (grid[a], grid[b]);
                        if x != 0 && y != 0 && x != y {
                            self.pair(
                                rule,
                                None,
                                format!("{x} and {y} differ"),
                                &[a, b],
                                &mut found,
                            );
                        }
                    }
                }
                _ => self.rules_check(rule, grid, &mut found),
            }
        }
        found
    }

    /// Digits repeated in house `h`, by digit.
    fn house_conflicts(&self, h: usize, grid: &[u8], found: &mut Vec<Conflict>) {
        let label = self.houses[h].label;
        let members = self.house(h);
        let mut seen = [0u8; 256];
        for &c in members {
            seen[usize::from(grid[usize::from(c)])] += 1;
        }
        // Only digits up to the house's largest can repeat in it.
        let top = members
            .iter()
            .fold(0, |top, &c| top.max(grid[usize::from(c)]));
        for digit in 1..=top {
            if seen[usize::from(digit)] < 2 {
                continue;
            }
            let cells: Vec<usize> = members
                .iter()
                .map(|&c| usize::from(c))
                .filter(|&c| grid[c] == digit)
                .collect();
            let times = match cells.len() {
                2 => "twice".to_string(),
                k => format!("{k} times"),
            };
            let text = format!("{digit} {times} {}", label.place(&self.layout))
                + &cell_list(&self.layout, "", &cells);
            found.push(Conflict {
                rule: label.rule(),
                index: label.index(),
                digit: Some(digit),
                cells,
                text,
            });
        }
    }

    /// The house conflicts of the houses rule `index` made.
    fn rule_houses(&self, index: usize, grid: &[u8], found: &mut Vec<Conflict>) {
        for h in (0..self.houses.len()).filter(|&h| self.houses[h].rule == Some(index)) {
            self.house_conflicts(h, grid, found);
        }
    }

    /// A rule of `rules.rs`, as its `Break` says.
    fn rules_check(&self, rule: &Rule, grid: &[u8], found: &mut Vec<Conflict>) {
        if let Some(broken) = rules::check(rule, &self.layout, grid) {
            let mut cells = broken.cells;
            cells.sort_unstable();
            cells.dedup();
            let text = broken.text + &cell_list(&self.layout, "", &cells);
            found.push(Conflict {
                rule: rule.name(),
                index: None,
                digit: None,
                cells,
                text,
            });
        }
    }

    /// A conflict between two cells (`a < b`): `WHAT (RULE: a, b)`.
    fn pair(
        &self,
        rule: &Rule,
        digit: Option<u8>,
        what: String,
        cells: &[usize],
        found: &mut Vec<Conflict>,
    ) {
        let prefix = format!("{}: ", rule.name());
        let text = what + &cell_list(&self.layout, &prefix, cells);
        found.push(Conflict {
            rule: rule.name(),
            index: None,
            digit,
            cells: cells.to_vec(),
            text,
        });
    }

    /// Equal digits a knight's or king's move apart.
    fn equal_pairs(
        &self,
        rule: &Rule,
        steps: &'static [(i32, i32)],
        move_name: &str,
        grid: &[u8],
        found: &mut Vec<Conflict>,
    ) {
        for a in 0..grid.len() {
            let d = grid[a];
            if d == 0 {
                continue;
            }
            let mut others: Vec<usize> = offsets(&self.layout, a, steps)
                .filter(|&b| b > a && grid[b] == d)
                .collect();
            others.sort_unstable();
            for b in others {
                self.pair(
                    rule,
                    Some(d),
                    format!("{d} {move_name} apart"),
                    &[a, b],
                    found,
                );
            }
        }
    }

    /// Orthogonal neighbours (outside `marked`) whose digits `broken`
    /// describes as a break.
    fn neighbour_pairs(
        &self,
        grid: &[u8],
        found: &mut Vec<Conflict>,
        broken: impl Fn(u32, u32) -> Option<String>,
        rule: &Rule,
        marked: &[[u16; 2]],
    ) {
        for a in 0..grid.len() {
            if grid[a] == 0 {
                continue;
            }
            let mut others: Vec<usize> = orthogonal(&self.layout, a)
                .filter(|&b| b > a && grid[b] != 0)
                .collect();
            others.sort_unstable();
            for b in others {
                let pair = [a as u16, b as u16];
                if marked.iter().any(|m| *m == pair || [m[1], m[0]] == pair) {
                    continue;
                }
                let (x, y) = (u32::from(grid[a]), u32::from(grid[b]));
                if let Some(what) = broken(x, y) {
                    self.pair(rule, None, format!("{x} and {y} {what}"), &[a, b], found);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::variant::search::tests::jigsaw5;
    use crate::variant::{Layout, PairKind, Puzzle, Rule};

    /// The texts of the conflicts of a 9x9 (or `layout`) grid with
    /// `digits` at (row, column) from 1.
    fn texts_on(layout: Layout, rules: Vec<Rule>, digits: &[(usize, usize, u8)]) -> Vec<String> {
        let n = layout.size();
        let mut grid = vec![0; n * n];
        for &(r, c, d) in digits {
            grid[(r - 1) * n + c - 1] = d;
        }
        let puzzle = Puzzle::new(layout, vec![0; n * n], rules).unwrap();
        puzzle
            .conflicts(&grid)
            .into_iter()
            .map(|c| c.text)
            .collect()
    }

    fn texts(rules: Vec<Rule>, digits: &[(usize, usize, u8)]) -> Vec<String> {
        texts_on(Layout::standard(9).unwrap(), rules, digits)
    }

    fn at(r: usize, c: usize) -> u16 {
        ((r - 1) * 9 + c - 1) as u16
    }

    #[test]
    fn houses_come_rows_columns_boxes() {
        let found = texts(
            vec![],
            &[
                (1, 1, 5),
                (1, 4, 5),
                (2, 5, 5),
                (5, 2, 7),
                (9, 2, 7),
                (1, 2, 7),
            ],
        );
        assert_eq!(
            found,
            [
                "5 twice in row 1 (r1c1, r1c4)",
                "7 3 times in column 2 (r1c2, r5c2, r9c2)",
                "5 twice in box 2 (r1c4, r2c5)",
            ]
        );
        let layout = Layout::standard(9).unwrap();
        let mut grid = vec![0; 81];
        grid[0] = 5;
        grid[3] = 5;
        let conflict = &Puzzle::new(layout, vec![0; 81], vec![])
            .unwrap()
            .conflicts(&grid)[0];
        assert_eq!(
            (conflict.rule, conflict.index, conflict.digit),
            ("row", Some(1), Some(5))
        );
        assert_eq!(conflict.cells, [0, 3]);
    }

    #[test]
    fn jigsaw_regions_are_numbered_by_first_cell() {
        let found = texts_on(jigsaw5(), vec![], &[(3, 4, 3), (4, 3, 3)]);
        assert_eq!(found, ["3 twice in region 4 (r3c4, r4c3)"]);
        let puzzle = Puzzle::new(jigsaw5(), vec![0; 25], vec![]).unwrap();
        let mut grid = vec![0; 25];
        grid[13] = 3;
        grid[17] = 3;
        let conflict = &puzzle.conflicts(&grid)[0];
        assert_eq!((conflict.rule, conflict.index), ("region", Some(4)));
        assert_eq!(puzzle.rule_names(), ["region"]);
    }

    #[test]
    fn extra_houses_name_themselves() {
        let diagonals = vec![
            Rule::Diagonal { falling: true },
            Rule::Diagonal { falling: false },
        ];
        assert_eq!(
            texts(diagonals, &[(1, 1, 7), (5, 5, 7), (3, 7, 2), (7, 3, 2)]),
            [
                "7 twice on the main diagonal (r1c1, r5c5)",
                "2 twice on the anti-diagonal (r3c7, r7c3)"
            ]
        );
        assert_eq!(
            texts(vec![Rule::Windoku], &[(2, 2, 4), (4, 4, 4)]),
            ["4 twice in window 1 (r2c2, r4c4)"]
        );
        assert_eq!(
            texts(vec![Rule::Disjoint], &[(1, 2, 6), (4, 8, 6)]),
            ["6 twice in disjoint group 2 (r1c2, r4c8)"]
        );
        let extra = vec![
            Rule::ExtraRegion {
                cells: vec![at(1, 1), at(2, 5)],
            },
            Rule::ExtraRegion {
                cells: vec![at(9, 9), at(5, 1)],
            },
        ];
        assert_eq!(
            texts(extra, &[(9, 9, 1), (5, 1, 1)]),
            ["1 twice in extra region 2 (r5c1, r9c9)"]
        );
        let cage = vec![Rule::Killer {
            cells: vec![at(2, 2), at(1, 5), at(3, 3)],
            sum: None,
        }];
        let found = texts(cage, &[(1, 5, 8), (3, 3, 8)]);
        assert_eq!(found, ["8 twice in killer cage at r1c5 (r1c5, r3c3)"]);
    }

    #[test]
    fn pair_rules_name_both_cells() {
        assert_eq!(
            texts(vec![Rule::AntiKnight], &[(3, 3, 5), (4, 5, 5), (3, 2, 4)]),
            ["5 a knight's move apart (anti-knight: r3c3, r4c5)"]
        );
        assert_eq!(
            texts(
                vec![Rule::AntiKing],
                &[(3, 3, 9), (4, 4, 9), (6, 6, 1), (7, 7, 1)]
            ),
            [
                "9 a king's move apart (anti-king: r3c3, r4c4)",
                "1 a king's move apart (anti-king: r6c6, r7c7)"
            ]
        );
        assert_eq!(
            texts(
                vec![Rule::NonConsecutive],
                &[(3, 3, 4), (3, 4, 5), (4, 4, 7)]
            ),
            ["4 and 5 adjacent (non-consecutive: r3c3, r3c4)"]
        );
        let pair = |kind, value| Rule::Pair {
            kind,
            cells: [at(1, 2), at(1, 1)],
            value,
        };
        assert_eq!(
            texts(vec![pair(PairKind::Difference, 1)], &[(1, 1, 3), (1, 2, 5)]),
            ["3 and 5 do not differ by 1 (difference dot: r1c1, r1c2)"]
        );
        assert_eq!(
            texts(vec![pair(PairKind::Ratio, 2)], &[(1, 1, 3), (1, 2, 5)]),
            ["3 and 5 are not in ratio 1:2 (ratio dot: r1c1, r1c2)"]
        );
        assert_eq!(
            texts(vec![pair(PairKind::Sum, 10)], &[(1, 1, 3), (1, 2, 5)]),
            ["3 and 5 do not sum to 10 (xv: r1c1, r1c2)"]
        );
        assert!(texts(vec![pair(PairKind::Sum, 8)], &[(1, 1, 3), (1, 2, 5)]).is_empty());
        let negative = Rule::Negative {
            kind: PairKind::Sum,
            values: vec![5, 10],
            marked: vec![[at(1, 1), at(1, 2)]],
        };
        assert_eq!(
            texts(
                vec![negative],
                &[(1, 1, 3), (1, 2, 2), (2, 1, 7), (2, 2, 9)]
            ),
            ["3 and 7 sum to 10 (negative: r1c1, r2c1)"]
        );
        let clone = Rule::Clone {
            cells: vec![at(1, 1), at(1, 2)],
            clones: vec![at(9, 9), at(9, 8)],
        };
        assert_eq!(
            texts(vec![clone], &[(1, 1, 3), (9, 9, 4), (1, 2, 6)]),
            ["3 and 4 differ (clone: r1c1, r9c9)"]
        );
    }

    #[test]
    fn rules_follow_in_their_order_after_the_houses() {
        let rules = vec![Rule::NonConsecutive, Rule::Diagonal { falling: true }];
        assert_eq!(
            texts(rules, &[(1, 1, 2), (1, 2, 3), (2, 2, 2), (1, 5, 2)]),
            [
                "2 twice in row 1 (r1c1, r1c5)",
                "2 twice in box 1 (r1c1, r2c2)",
                "2 and 3 adjacent (non-consecutive: r1c1, r1c2)",
                "3 and 2 adjacent (non-consecutive: r1c2, r2c2)",
                "2 twice on the main diagonal (r1c1, r2c2)",
            ]
        );
    }

    #[test]
    fn empty_cells_break_nothing() {
        let rules = vec![
            Rule::AntiKnight,
            Rule::AntiKing,
            Rule::NonConsecutive,
            Rule::Windoku,
        ];
        assert!(texts(rules, &[(1, 1, 5)]).is_empty());
    }
}
