//! The search against the plain reference checks and brute force of
//! `reference.rs`.

use super::reference::{brute_count, solves};
use super::Rng;
use crate::variant::layout::Layout;
use crate::variant::puzzle::Puzzle;
use crate::variant::rule::{PairKind, Rule};

pub(crate) fn puzzle(layout: &Layout, givens: &[u8], rules: &[Rule]) -> Puzzle {
    Puzzle::new(layout.clone(), givens.to_vec(), rules.to_vec()).unwrap()
}

/// A solution of the empty board under `rules`, shuffled by `seed`.
pub(crate) fn random_solution(layout: &Layout, rules: &[Rule], seed: u64) -> Vec<u8> {
    let empty = vec![0; layout.cells()];
    puzzle(layout, &empty, rules)
        .solve_random(seed)
        .expect("the empty board has a solution")
        .to_vec()
}

/// `solution` with only `keep` random cells left.
fn keep_some(solution: &[u8], keep: usize, rng: &mut Rng) -> Vec<u8> {
    let mut order: Vec<usize> = (0..solution.len()).collect();
    shuffle(&mut order, rng);
    let mut givens = vec![0; solution.len()];
    for &c in &order[..keep.min(order.len())] {
        givens[c] = solution[c];
    }
    givens
}

fn shuffle<T>(list: &mut [T], rng: &mut Rng) {
    for i in (1..list.len()).rev() {
        list.swap(i, rng.below(i + 1));
    }
}

/// `solution`'s cells removed in random order while the puzzle under
/// `rules` stays unique.
pub(crate) fn minimal(layout: &Layout, rules: &[Rule], solution: &[u8], rng: &mut Rng) -> Vec<u8> {
    let mut givens = solution.to_vec();
    let mut order: Vec<usize> = (0..solution.len()).collect();
    shuffle(&mut order, rng);
    for c in order {
        givens[c] = 0;
        if puzzle(layout, &givens, rules).solve(2).count != 1 {
            givens[c] = solution[c];
        }
    }
    givens
}

#[test]
fn every_boxed_size_solves_empty_and_with_givens() {
    let mut rng = Rng(7);
    for size in 4..=25 {
        let Ok(layout) = Layout::standard(size) else {
            continue;
        };
        let empty = vec![0; layout.cells()];
        let found = puzzle(&layout, &empty, &[]).solve(1);
        assert_eq!(found.count, 1, "{size}x{size}");
        assert!(
            solves(&layout, &[], &empty, &found.solution.unwrap()),
            "{size}x{size}"
        );
        let a = random_solution(&layout, &[], 1);
        let b = random_solution(&layout, &[], 2);
        assert!(solves(&layout, &[], &empty, &a) && solves(&layout, &[], &empty, &b));
        assert_ne!(a, b, "shuffled searches differ on {size}x{size}");
        let givens = keep_some(&a, layout.cells() / 2, &mut rng);
        let found = puzzle(&layout, &givens, &[]).solve(2);
        assert!(found.count >= 1);
        assert!(solves(&layout, &[], &givens, &found.solution.unwrap()));
    }
}

#[test]
fn sizes_with_other_box_shapes_solve() {
    for (size, rows, columns) in [(6, 3, 2), (8, 4, 2), (12, 4, 3), (12, 2, 6), (10, 5, 2)] {
        let layout = Layout::boxed(size, rows, columns).unwrap();
        let grid = random_solution(&layout, &[], 3);
        assert!(solves(&layout, &[], &vec![0; layout.cells()], &grid));
    }
}

#[test]
fn counts_agree_with_brute_force_on_small_boards() {
    let mut rng = Rng(11);
    for (size, keep_range, limit) in [(4, 0..7, 1000), (6, 8..17, 300)] {
        let layout = Layout::standard(size).unwrap();
        for seed in 0..30 {
            let solution = random_solution(&layout, &[], seed);
            let keep = keep_range.start + rng.below(keep_range.len());
            let mut givens = keep_some(&solution, keep, &mut rng);
            if seed % 3 == 0 {
                // Some random digits too: boards with no solution, or
                // with givens that already clash.
                for _ in 0..2 {
                    givens[rng.below(layout.cells())] = 1 + rng.below(size) as u8;
                }
            }
            let expected = brute_count(&layout, &[], &givens, limit);
            let found = puzzle(&layout, &givens, &[]).solve(limit);
            assert_eq!(found.count, expected, "{size}x{size} {givens:?}");
            if let Some(grid) = found.solution {
                assert!(solves(&layout, &[], &givens, &grid));
            }
        }
    }
}

fn global_rules() -> Vec<Vec<Rule>> {
    vec![
        vec![
            Rule::Diagonal { falling: true },
            Rule::Diagonal { falling: false },
        ],
        vec![Rule::Diagonal { falling: false }],
        vec![Rule::Windoku],
        vec![Rule::Disjoint],
        vec![Rule::AntiKnight],
        vec![Rule::AntiKing],
        vec![Rule::NonConsecutive],
    ]
}

#[test]
fn counts_agree_with_brute_force_on_9x9_variants() {
    let layout = Layout::standard(9).unwrap();
    let mut rng = Rng(5);
    for rules in global_rules() {
        for seed in 0..3 {
            let solution = random_solution(&layout, &rules, seed);
            assert!(solves(&layout, &rules, &[0; 81], &solution), "{rules:?}");
            for keep in [56, 50, 46] {
                let givens = keep_some(&solution, keep, &mut rng);
                for with in [&rules[..], &[]] {
                    let expected = brute_count(&layout, with, &givens, 100);
                    let found = puzzle(&layout, &givens, with).solve(100);
                    assert_eq!(found.count, expected, "{with:?} {givens:?}");
                    assert!(solves(&layout, with, &givens, &found.solution.unwrap()));
                }
            }
        }
    }
}

/// Local rules true of `solution`: dots, XV, negative, clones, extra
/// regions, killer cages without sums.
fn local_rules(layout: &Layout, solution: &[u8], rng: &mut Rng) -> Vec<Vec<Rule>> {
    let n = layout.size();
    let mut neighbours = Vec::new();
    for a in 0..layout.cells() {
        if layout.column_of(a) + 1 < n {
            neighbours.push([a, a + 1]);
        }
        if layout.row_of(a) + 1 < n {
            neighbours.push([a, a + n]);
        }
    }
    let digit = |c: usize| u32::from(solution[c]);
    let pairs_where = |kind: PairKind, value: u32| -> Vec<Rule> {
        neighbours
            .iter()
            .filter(|&&[a, b]| crate::variant::puzzle::related(kind, value, digit(a), digit(b)))
            .map(|&[a, b]| Rule::Pair {
                kind,
                cells: [a as u16, b as u16],
                value,
            })
            .collect()
    };
    let white = pairs_where(PairKind::Difference, 1);
    let marked: Vec<[u16; 2]> = white
        .iter()
        .map(|r| match r {
            Rule::Pair { cells, .. } => *cells,
            _ => unreachable!(),
        })
        .collect();
    let mut negative = white.clone();
    negative.push(Rule::Negative {
        kind: PairKind::Difference,
        values: vec![1],
        marked,
    });
    // Clones: the first box's cells and the cells of the last box with
    // the same digits.
    let last = n - 1;
    let first_box: Vec<usize> = layout.region_cells(layout.region_of(0)).collect();
    let last_box: Vec<usize> = layout
        .region_cells(layout.region_of(layout.cells() - 1))
        .collect();
    let clones = Rule::Clone {
        cells: first_box.iter().map(|&c| c as u16).collect(),
        clones: first_box
            .iter()
            .map(|&c| {
                *last_box
                    .iter()
                    .find(|&&o| solution[o] == solution[c])
                    .unwrap() as u16
            })
            .collect(),
    };
    let _ = last;
    // Extra regions: one random cell of each digit, twice.
    let extra: Vec<Rule> = (0..2)
        .map(|_| Rule::ExtraRegion {
            cells: (1..=n as u8)
                .map(|d| {
                    let places: Vec<usize> =
                        (0..layout.cells()).filter(|&c| solution[c] == d).collect();
                    places[rng.below(places.len())] as u16
                })
                .collect(),
        })
        .collect();
    // Cages: diagonal neighbours holding different digits.
    let cages: Vec<Rule> = (0..layout.cells())
        .filter(|&a| layout.row_of(a) + 1 < n && layout.column_of(a) + 1 < n && a % 3 == 0)
        .filter(|&a| solution[a] != solution[a + n + 1])
        .map(|a| Rule::Killer {
            cells: vec![a as u16, (a + n + 1) as u16],
            sum: None,
        })
        .collect();
    vec![
        white,
        pairs_where(PairKind::Ratio, 2),
        pairs_where(PairKind::Sum, 10),
        negative,
        vec![clones],
        extra,
        cages,
    ]
}

#[test]
fn counts_agree_with_brute_force_on_local_rules() {
    let mut rng = Rng(9);
    for (size, keep) in [(6, 12), (6, 9), (9, 44)] {
        let layout = Layout::standard(size).unwrap();
        for seed in 0..4 {
            let solution = random_solution(&layout, &[], seed);
            for rules in local_rules(&layout, &solution, &mut rng) {
                let givens = keep_some(&solution, keep, &mut rng);
                let expected = brute_count(&layout, &rules, &givens, 200);
                let found = puzzle(&layout, &givens, &rules).solve(200);
                assert_eq!(found.count, expected, "{size}x{size} {rules:?}");
                assert!(expected >= 1);
                assert!(solves(&layout, &rules, &givens, &found.solution.unwrap()));
            }
        }
    }
}

/// Finds a puzzle unique under `base` + `extra` but not under `base`.
fn assert_matters(
    layout: &Layout,
    make: impl Fn(u64, &mut Rng) -> (Vec<u8>, Vec<Rule>, Vec<Rule>),
) {
    let mut rng = Rng(3);
    for seed in 0..6 {
        let (solution, base, extra) = make(seed, &mut rng);
        let all: Vec<Rule> = base.iter().chain(&extra).cloned().collect();
        assert!(solves(layout, &all, &vec![0; layout.cells()], &solution));
        let givens = minimal(layout, &all, &solution, &mut rng);
        let with = puzzle(layout, &givens, &all).solve(2);
        assert_eq!(with.count, 1);
        assert_eq!(&*with.solution.unwrap(), &solution[..]);
        if puzzle(layout, &givens, &base).solve(2).count == 2 {
            return;
        }
    }
    panic!("no puzzle needs the rule");
}

#[test]
fn each_global_rule_makes_a_puzzle_unique() {
    let layout = Layout::standard(9).unwrap();
    for rules in global_rules() {
        assert_matters(&layout, |seed, _| {
            (
                random_solution(&layout, &rules, seed),
                vec![],
                rules.clone(),
            )
        });
    }
}

#[test]
fn each_local_rule_makes_a_puzzle_unique() {
    let layout = Layout::standard(9).unwrap();
    for kind in 0..7 {
        assert_matters(&layout, |seed, rng| {
            let solution = random_solution(&layout, &[], 100 + seed);
            let rules = local_rules(&layout, &solution, rng).swap_remove(kind);
            // Negative is tested against its dots alone.
            let (base, extra) = if kind == 3 {
                let k = rules.len() - 1;
                (rules[..k].to_vec(), rules[k..].to_vec())
            } else {
                (vec![], rules)
            };
            (solution, base, extra)
        });
    }
}

/// A 5x5 layout whose region symbols are not in first-cell order.
pub(crate) fn jigsaw5() -> Layout {
    let rows = ["11100", "11000", "22233", "22333", "44444"];
    let regions: Vec<u8> = rows.concat().bytes().map(|b| b - b'0').collect();
    Layout::with_regions(5, &regions).unwrap()
}

#[test]
fn jigsaw_layouts_solve_and_count() {
    let layout = jigsaw5();
    let empty = vec![0; 25];
    let found = puzzle(&layout, &empty, &[]).solve(1000);
    assert_eq!(found.count, brute_count(&layout, &[], &empty, 1000));
    assert!(found.count >= 1);
    assert!(solves(&layout, &[], &empty, &found.solution.unwrap()));
    // A 6x6 jigsaw: boxes with two cells traded.
    let boxes = Layout::standard(6).unwrap();
    let mut regions = boxes.regions().to_vec();
    regions.swap(2, 3 + 6 * 2);
    let layout = Layout::with_regions(6, &regions).unwrap();
    let mut rng = Rng(1);
    for seed in 0..5 {
        let solution = random_solution(&layout, &[], seed);
        let givens = keep_some(&solution, 10, &mut rng);
        let found = puzzle(&layout, &givens, &[]).solve(500);
        assert_eq!(found.count, brute_count(&layout, &[], &givens, 500));
        assert!(solves(&layout, &[], &givens, &found.solution.unwrap()));
        let givens = minimal(&layout, &[], &solution, &mut rng);
        assert_eq!(puzzle(&layout, &givens, &[]).solve(2).count, 1);
    }
}

#[test]
fn counting_is_exact_on_the_empty_4x4() {
    let layout = Layout::standard(4).unwrap();
    let empty = vec![0; 16];
    assert_eq!(puzzle(&layout, &empty, &[]).solve(u64::MAX).count, 288);
    assert_eq!(puzzle(&layout, &empty, &[]).solve(100).count, 100);
    assert_eq!(puzzle(&layout, &empty, &[]).solve(0).count, 1);
}

/// Times solving random puzzles of every boxed size (run with
/// `--ignored --nocapture`).
#[test]
#[ignore]
fn timing() {
    use std::time::Instant;
    let sizes: Vec<usize> = std::env::var("VARIANT_SIZES")
        .map(|s| s.split(',').map(|x| x.parse().unwrap()).collect())
        .unwrap_or_else(|_| vec![4, 6, 8, 9, 10, 12, 15, 16, 20, 25]);
    for size in sizes {
        let layout = Layout::standard(size).unwrap();
        let mut rng = Rng(size as u64);
        let count = if size >= 20 { 3 } else { 10 };
        let (mut total, mut worst, mut nodes, mut givens_total) = (0.0, 0.0f64, 0, 0);
        let made = Instant::now();
        for seed in 0..count {
            let solution = random_solution(&layout, &[], seed);
            let givens = match std::env::var("VARIANT_KEEP") {
                Ok(keep) => {
                    let keep: f64 = keep.parse().unwrap();
                    keep_some(&solution, (keep * layout.cells() as f64) as usize, &mut rng)
                }
                Err(_) => minimal(&layout, &[], &solution, &mut rng),
            };
            givens_total += givens.iter().filter(|&&d| d != 0).count();
            let p = puzzle(&layout, &givens, &[]);
            let start = Instant::now();
            let (found, n) = p.solve_counting_nodes(2);
            let took = start.elapsed().as_secs_f64();
            assert!(found.count >= 1);
            total += took;
            worst = worst.max(took);
            nodes += n;
        }
        println!(
            "{size}x{size}: {count} puzzles (avg {} givens), solve(2) avg {:.3} ms, worst {:.3} ms, {} nodes avg; making them took {:.2} s",
            givens_total / count as usize,
            total / count as f64 * 1e3,
            worst * 1e3,
            nodes / count,
            made.elapsed().as_secs_f64()
        );
    }
}

#[test]
fn two_bits_agrees_with_a_population_count() {
    let mut rng = Rng(2);
    let edges = [0, 1, 3, 5, 6, 7, 1 << 31, 3 << 30, 1 | 1 << 31, u32::MAX];
    let masks = (0..1 << 16).chain(edges).chain((0..4096).map(|_| {
        // Sparse random masks: ANDs of random words.
        let (a, b) = (rng.next() as u32, rng.next() as u32);
        a & b & (rng.next() as u32)
    }));
    for m in masks {
        assert_eq!(super::two_bits(m), m.count_ones() == 2, "{m:#x}");
    }
}

/// Drives a search as `Search::run` does, for up to `steps` fixed points,
/// calling `check` at each: after the givens' propagation, at each
/// branch and after each way taken.
fn at_fixed_points(p: &Puzzle, steps: usize, mut check: impl FnMut(&super::Search)) {
    use super::{Pick, Search};
    let mut search = Search::new(p, None);
    if !search.start() {
        return;
    }
    check(&search);
    for _ in 0..steps {
        match search.choose() {
            Pick::Branch(choice) => {
                check(&search);
                let depth = search.choices.len();
                search.save(depth);
                search.choices.push(choice);
            }
            Pick::Solved => check(&search),
            Pick::Dead => {}
        }
        if !search.next_way() {
            return;
        }
        check(&search);
    }
}

/// The digit cells, and the counts with their [`super::PLACED`] marks,
/// agree with the candidates.
fn assert_in_step(search: &super::Search) {
    let p = search.p;
    let (n, words) = (search.size, p.cell_words);
    for d in 0..n {
        for cell in 0..search.cells {
            let held = search.cands[cell] >> d & 1 != 0;
            let bit = search.dcells[d * words + cell / 64] >> (cell % 64) & 1 != 0;
            assert_eq!(held, bit, "digit {d} cell {cell}");
        }
    }
    for (h, house) in p.houses.iter().enumerate() {
        let members = p.house(h);
        for (w, &bits) in p.house_bits[h * words..(h + 1) * words].iter().enumerate() {
            let expected = members
                .iter()
                .filter(|&&c| usize::from(c) / 64 == w)
                .fold(0u64, |acc, &c| acc | 1 << (c % 64));
            assert_eq!(bits, expected, "house {h}");
        }
        if !house.full {
            continue;
        }
        for d in 0..n {
            let bit = 1u32 << d;
            let cands = members.iter().map(|&c| search.cands[usize::from(c)]);
            let holding = cands.clone().filter(|&m| m & bit != 0).count() as u8;
            let placed = cands.clone().any(|m| m == bit);
            let expected = holding | if placed { super::PLACED } else { 0 };
            assert_eq!(search.counts[h * n + d], expected, "house {h} digit {d}");
        }
    }
}

#[test]
fn counts_and_digit_cells_follow_the_candidates_at_every_fixed_point() {
    let mut rng = Rng(11);
    let jigsaw = jigsaw5();
    let nine = Layout::standard(9).unwrap();
    let sixteen = Layout::standard(16).unwrap();
    let six = Layout::boxed(6, 2, 3).unwrap();
    // Boxed (the fast paths), jigsaw (`place_plain` only), a diagonal and
    // anti-knight (the general steps), and a relation.
    let cases: [(&Layout, Vec<Rule>); 6] = [
        (&nine, vec![]),
        (&sixteen, vec![]),
        (&six, vec![]),
        (&jigsaw, vec![]),
        (
            &nine,
            vec![Rule::Diagonal { falling: true }, Rule::AntiKnight],
        ),
        (&nine, vec![Rule::NonConsecutive]),
    ];
    for (layout, rules) in cases {
        for seed in 0..3 {
            let solution = random_solution(layout, &rules, seed);
            for keep in [layout.cells() / 5, layout.cells() / 3] {
                let mut givens = keep_some(&solution, keep, &mut rng);
                let p = puzzle(layout, &givens, &rules);
                at_fixed_points(&p, 200, assert_in_step);
                // A wrong digit: contradictions on the way.
                let c = rng.below(givens.len());
                givens[c] = solution[c] % layout.size() as u8 + 1;
                let p = puzzle(layout, &givens, &rules);
                at_fixed_points(&p, 200, assert_in_step);
            }
        }
    }
}

/// No line and box crossing leaves a locked candidate: a digit that a
/// line (box) holds only in their shared cells is gone from the rest of
/// the box (line).
fn assert_no_locked_candidates(search: &super::Search) {
    let p = search.p;
    let n = search.size;
    let (rows, columns) = p.layout.box_shape().unwrap();
    let line = |k: usize, i: usize, column: bool| if column { i * n + k } else { k * n + i };
    for column in [false, true] {
        for k in 0..n {
            for i in 0..n {
                let cell = line(k, i, column);
                let b = p.layout.region_of(cell);
                let in_box = |c: usize| p.layout.region_of(c) == b;
                let shared: Vec<usize> = (0..n)
                    .map(|j| line(k, j, column))
                    .filter(|&c| in_box(c))
                    .collect();
                if shared[0] != cell {
                    continue; // each crossing once, from its first cell
                }
                let or = |cells: &mut dyn Iterator<Item = usize>| {
                    cells.fold(0u32, |acc, c| acc | search.cands[c])
                };
                let in_shared = or(&mut shared.iter().copied());
                let in_line = or(&mut (0..n).map(|j| line(k, j, column)).filter(|&c| !in_box(c)));
                let in_box = or(&mut p.layout.region_cells(b).filter(|c| !shared.contains(c)));
                assert_eq!(
                    in_shared & !in_line & in_box,
                    0,
                    "{rows}x{columns} line {k}"
                );
                assert_eq!(in_shared & !in_box & in_line, 0, "{rows}x{columns} box {b}");
            }
        }
    }
}

#[test]
fn boxed_locked_candidates_leave_none_at_fixed_points_of_every_box_shape() {
    let mut rng = Rng(13);
    let shapes = [
        (2, 2),
        (2, 3),
        (3, 2),
        (2, 4),
        (4, 2),
        (3, 3),
        (3, 4),
        (4, 3),
        (4, 4),
        (5, 5),
    ];
    for (rows, columns) in shapes {
        let layout = Layout::boxed(rows * columns, rows, columns).unwrap();
        for seed in 0..3 {
            let solution = random_solution(&layout, &[], seed);
            for keep in [layout.cells() / 4, layout.cells() / 3] {
                let givens = keep_some(&solution, keep, &mut rng);
                let p = puzzle(&layout, &givens, &[]);
                assert!(p.boxed);
                let mut checks = 0;
                at_fixed_points(&p, 30, |search| {
                    // The look ahead's fact rounds end with a pass over
                    // the houses they changed; the others are unchanged.
                    assert_no_locked_candidates(search);
                    checks += 1;
                });
                assert!(checks > 0);
            }
        }
    }
}

/// Two-cell thermometers true of `solution`, one in each box, from its
/// smaller digit to its larger: inequalities that plain propagation
/// barely narrows, where three-way looks find the most.
fn box_thermometers(layout: &Layout, solution: &[u8], rng: &mut Rng) -> Vec<Rule> {
    (0..layout.size())
        .map(|b| {
            let cells: Vec<usize> = layout.region_cells(b).collect();
            let a = cells[rng.below(cells.len())];
            let mut c = cells[rng.below(cells.len())];
            if c == a {
                c = cells[(cells.iter().position(|&x| x == a).unwrap() + 1) % cells.len()];
            }
            let (low, high) = if solution[a] < solution[c] {
                (a, c)
            } else {
                (c, a)
            };
            Rule::Thermometer {
                cells: vec![low as u16, high as u16],
                slow: false,
            }
        })
        .collect()
}

#[test]
fn counts_agree_with_brute_force_with_every_look_on() {
    let mut rng = Rng(13);
    let nine = Layout::standard(9).unwrap();
    let six = Layout::standard(6).unwrap();
    for seed in 0..6 {
        for (layout, keep) in [(&six, 8), (&nine, 34)] {
            let solution = random_solution(layout, &[], seed);
            let thermometers = box_thermometers(layout, &solution, &mut rng);
            let mut rule_sets = local_rules(layout, &solution, &mut rng);
            rule_sets.push(thermometers);
            rule_sets.push(vec![]);
            if layout.size() == 9 {
                rule_sets.extend(global_rules().into_iter().take(2));
            }
            for rules in rule_sets {
                if !solves(layout, &rules, &vec![0; layout.cells()], &solution) {
                    continue; // a global rule the random grid breaks
                }
                let givens = keep_some(&solution, keep, &mut rng);
                let expected = brute_count(layout, &rules, &givens, 200);
                let found = puzzle(layout, &givens, &rules).solve_eager(200);
                assert_eq!(found.count, expected, "{rules:?} {givens:?}");
                assert!(solves(layout, &rules, &givens, &found.solution.unwrap()));
            }
        }
    }
}

#[test]
fn three_way_looks_remove_only_what_no_solution_holds() {
    use super::{Look, Search};
    let mut rng = Rng(17);
    let layout = Layout::standard(9).unwrap();
    let mut removed = 0;
    for seed in 0..24 {
        let solution = random_solution(&layout, &[], seed);
        let rules = box_thermometers(&layout, &solution, &mut rng);
        let mut givens = keep_some(&solution, 24 + seed as usize % 8, &mut rng);
        if seed % 2 == 1 {
            // A wrong digit: a board with no solution, for dead ends.
            let c = rng.below(givens.len());
            givens[c] = solution[c] % 9 + 1;
        }
        let p = puzzle(&layout, &givens, &rules);
        let mut search = Search::new(&p, None);
        if !search.start() {
            continue;
        }
        search
            .probe
            .put(0, &search.cands, &search.dcells, &search.counts);
        let before = search.cands.clone();
        match search.look_threes() {
            Look::Dead => {
                assert_eq!(brute_count(&layout, &rules, &givens, 1), 0, "{givens:?}");
            }
            _ => {
                assert_in_step(&search);
                for (cell, (&was, &now)) in before.iter().zip(&search.cands).enumerate() {
                    let mut gone = was & !now;
                    while gone != 0 {
                        let d = gone.trailing_zeros() as u8 + 1;
                        gone &= gone - 1;
                        removed += 1;
                        let mut with = givens.clone();
                        with[cell] = d;
                        assert_eq!(brute_count(&layout, &rules, &with, 1), 0, "{cell} {d}");
                    }
                }
            }
        }
    }
    // The looks found facts to check (a dead end is checked where one is
    // found; the counts of the test above cover the rest).
    assert!(removed > 50, "removed {removed}");
}
