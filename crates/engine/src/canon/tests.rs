use super::marks::line_orders;
use super::*;
use crate::generate::puzzle_seed;
use crate::solver::solve;

const PUZZLE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const GRID: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
/// A grid with the most automorphisms any grid has (648).
const SYMMETRIC_GRID: &str =
    "123456789456789123789123456231564897564897231897231564312645978645978312978312645";

fn board(text: &str) -> Board {
    text.parse().unwrap()
}

/// The slow reference: every one of the 2 x 1296 x 1296 geometric maps,
/// each relabelled by first appearance (the least relabelling of a fixed
/// map), compared cell by cell with the best so far. Returns the least
/// form, in minlex or pattern-first order, and how many maps give it.
fn brute_force(b: &Board, order: Order) -> ([u8; 81], u64) {
    let orders = line_orders();
    let mut best = [u8::MAX; 81];
    let mut best_pattern = [u8::MAX; 81];
    let mut count = 0u64;
    for t in 0..2 {
        let cell = |r: u8, c: u8| -> u8 {
            let (r, c) = (usize::from(r), usize::from(c));
            if t == 0 {
                b.cell(r * 9 + c)
            } else {
                b.cell(c * 9 + r)
            }
        };
        for rows in &orders {
            for cols in &orders {
                let mut form = [0u8; 81];
                let mut label = [0u8; 10];
                let mut next = 1;
                // How the map compares with the best so far, decided by the
                // first differing cell (of the pattern, in pattern-first
                // order); a map that is already greater stops there.
                let mut verdict = Ordering::Equal;
                for i in 0..81 {
                    let d = cell(rows[i / 9], cols[i % 9]);
                    if d != 0 && label[usize::from(d)] == 0 {
                        label[usize::from(d)] = next;
                        next += 1;
                    }
                    form[i] = label[usize::from(d)];
                    if verdict == Ordering::Equal {
                        verdict = match order {
                            Order::Minlex => form[i].cmp(&best[i]),
                            Order::PatternFirst => u8::from(form[i] != 0).cmp(&best_pattern[i]),
                        };
                        if verdict == Ordering::Greater {
                            break;
                        }
                    }
                }
                if verdict == Ordering::Equal && order == Order::PatternFirst {
                    verdict = form.cmp(&best);
                }
                match verdict {
                    Ordering::Less => {
                        best = form;
                        best_pattern = form.map(|d| u8::from(d != 0));
                        count = 1;
                    }
                    Ordering::Equal => count += 1,
                    Ordering::Greater => {}
                }
            }
        }
    }
    let present = (1..=9u8).filter(|&d| b.cells().contains(&d)).count();
    let relabellings: u64 = (1..=(9 - present) as u64).product();
    (best, count * relabellings)
}

/// A random board from a seed: a random valid grid's cells kept with
/// probability `keep`/100, sometimes a given changed (invalid boards).
fn random_board(seed: u64, keep: usize) -> Board {
    let map = Transform::random(seed);
    let grid = map.apply(&board(GRID));
    let mut random = crate::random::Random::new(puzzle_seed(seed, 1));
    let mut cells = *grid.cells();
    for cell in cells.iter_mut() {
        if random.below(100) >= keep {
            *cell = 0;
        }
    }
    if seed.is_multiple_of(5) {
        cells[random.below(81)] = random.below(10) as u8;
    }
    Board::new(cells).unwrap()
}

fn check_against_brute_force(b: &Board, order: Order) {
    let canon = canonical(b, order);
    let (form, count) = brute_force(b, order);
    assert_eq!(canon.form.cells(), &form, "{order:?} {b}");
    assert_eq!(canon.automorphisms, count, "{order:?} {b}");
    assert_eq!(canon.transform.apply(b), canon.form, "{order:?} {b}");
    assert!(canon.transform.is_valid());
    // The form alone, found without counting or recording maps.
    assert_eq!(canonical_form(b, order), canon.form, "{order:?} {b}");
}

/// Random boards `seed` in `seeds` (every fourth also pattern-first)
/// against the brute force: one half per test, so the two run at once.
fn brute_force_half(seeds: impl Iterator<Item = u64>) {
    for seed in seeds {
        let keep = [5, 20, 25, 30, 40, 60, 80, 95, 100][seed as usize % 9];
        let b = random_board(seed, keep);
        check_against_brute_force(&b, Order::Minlex);
        if seed % 4 == 0 {
            check_against_brute_force(&b, Order::PatternFirst);
        }
    }
}

/// Boards per half: fewer in debug builds without optimisation.
fn half() -> u64 {
    if cfg!(debug_assertions) {
        6
    } else {
        120
    }
}

#[test]
fn the_least_of_all_look_alikes_by_brute_force_first_half() {
    brute_force_half(0..half());
}

#[test]
fn the_least_of_all_look_alikes_by_brute_force() {
    brute_force_half(half()..2 * half());
    // A Latin square that is no sudoku (its boxes repeat digits): rows and
    // columns alike, so it must not take the full-grid shortcut.
    let latin: String = (0..81)
        .map(|i| char::from(b'1' + ((i / 9 + i % 9) % 9) as u8))
        .collect();
    for text in [PUZZLE, GRID, SYMMETRIC_GRID, &latin] {
        check_against_brute_force(&board(text), Order::Minlex);
        check_against_brute_force(&board(text), Order::PatternFirst);
    }
}

#[test]
fn automorphisms_of_known_boards() {
    let fact = |n: u64| (1..=n).product::<u64>();
    // Every map and relabelling fixes the empty board.
    assert_eq!(
        canonical(&Board::EMPTY, Order::Minlex).automorphisms,
        3_359_232 * fact(9)
    );
    // One given: maps fixing its cell (2 x 144 x 144), relabellings fixing
    // its digit (8!).
    let one = board(&format!("{}7{}", ".".repeat(40), ".".repeat(40)));
    assert_eq!(
        canonical(&one, Order::Minlex).automorphisms,
        2 * 144 * 144 * fact(8)
    );
    assert_eq!(
        canonical(&one, Order::Minlex).form.to_string(),
        format!("{}1", ".".repeat(80))
    );
    // The most symmetric grid, and any look-alike of it.
    let symmetric = board(SYMMETRIC_GRID);
    assert_eq!(canonical(&symmetric, Order::Minlex).automorphisms, 648);
    let moved = Transform::random(3).apply(&symmetric);
    assert_eq!(canonical(&moved, Order::Minlex).automorphisms, 648);
    assert_eq!(
        canonical(&moved, Order::Minlex).form.to_string(),
        "123456789456789123789123456231564897564897231897231564312645978645978312978312645"
    );
    // Most puzzles have none but the identity.
    assert_eq!(canonical(&board(PUZZLE), Order::Minlex).automorphisms, 1);
}

#[test]
fn canon_is_invariant_under_random_maps() {
    let mut scratch = Canonicalizer::new();
    let rounds = if cfg!(debug_assertions) { 100 } else { 2000 };
    for seed in 0..rounds {
        let b = random_board(seed, [10, 22, 30, 50, 100][seed as usize % 5]);
        let moved = Transform::random(seed ^ 0xABCD).apply(&b);
        for order in [Order::Minlex, Order::PatternFirst] {
            let here = scratch.canonical(&b, order);
            let there = scratch.canonical(&moved, order);
            assert_eq!(here.form, there.form, "{order:?} {b}");
            assert_eq!(here.automorphisms, there.automorphisms, "{order:?} {b}");
            assert_eq!(there.transform.apply(&moved), there.form);
            // The canonical form is its own canonical form.
            assert_eq!(scratch.canonical(&here.form, order).form, here.form);
        }
    }
}

#[test]
fn pattern_first_puts_the_pattern_first() {
    let b = board(PUZZLE);
    let minlex = canonical(&b, Order::Minlex).form;
    let pattern = canonical(&b, Order::PatternFirst).form;
    let mask = |form: &Board| form.cells().map(|d| u8::from(d != 0));
    assert!(mask(&pattern) <= mask(&minlex));
    assert!(minlex.cells() <= pattern.cells());
    // A full grid's pattern is all givens: the two forms agree.
    let grid = board(GRID);
    assert_eq!(
        canonical(&grid, Order::PatternFirst).form,
        canonical(&grid, Order::Minlex).form
    );
}

#[test]
fn canon_of_the_solution_is_canon_of_the_solution_of_the_canon() {
    for text in [
        PUZZLE,
        ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
    ] {
        let puzzle = board(text);
        let solution = solve(&puzzle, 1).unwrap().first.unwrap();
        let form = canonical(&puzzle, Order::Minlex).form;
        let other = solve(&form, 1).unwrap().first.unwrap();
        assert_eq!(
            canonical(&solution, Order::Minlex).form,
            canonical(&other, Order::Minlex).form
        );
    }
}

#[test]
fn symmetries_of_patterns() {
    assert_eq!(symmetries(&Board::EMPTY).len(), 6);
    // LeetCode's puzzle is a newspaper puzzle: half-turn symmetric.
    assert_eq!(symmetries(&board(PUZZLE)), vec![Symmetry::Rotate180]);
    let one = board(&format!(".5{}", ".".repeat(79)));
    assert_eq!(symmetries(&one), Vec::<Symmetry>::new());
    // r1c1 and r9c9: the half turn and the anti-diagonal swap them, the
    // main diagonal fixes both.
    let corners = board(&format!("1{}2", ".".repeat(79)));
    assert_eq!(
        symmetries(&corners),
        vec![
            Symmetry::Rotate180,
            Symmetry::Diagonal,
            Symmetry::Antidiagonal
        ]
    );
}

/// `prepare`'s one pass gives the views, masks and verdict of the
/// references, on boards with and without repeats.
#[test]
fn prepare_matches_the_references() {
    let mut boards = boards_with_ties();
    boards.push(board(PUZZLE));
    boards.push(board(GRID));
    for seed in 0..200 {
        boards.push(random_board(seed, (seed % 40) as usize));
        // Repeats: a given copied into its row, its column, elsewhere.
        let mut cells = *random_board(seed, 20).cells();
        let from = (seed * 7 % 81) as usize;
        let to = [
            from / 9 * 9 + (from + 1) % 9,
            (from + 9) % 81,
            (from + 40) % 81,
        ];
        cells[to[(seed % 3) as usize]] = cells[from].max(1);
        boards.push(Board::new(cells).unwrap());
    }
    for b in boards {
        let super::Read {
            view: v,
            masks,
            repeats,
        } = prepare(&b);
        assert_eq!(v, view(&b, false), "{b}");
        assert_eq!(masks, row::masks(&v), "{b}");
        assert_eq!(!repeats, row::fits(&v, &masks), "{b}");
    }
}

/// The mask tests of `symmetry_set` agree with the definition, cell by
/// cell, on random patterns closed under each symmetry (so every one is
/// kept by some) and on open ones.
#[test]
fn symmetries_by_masks_match_cell_by_cell() {
    let by_cells = |b: &Board| -> Vec<Symmetry> {
        SYMMETRIES
            .into_iter()
            .filter(|&symmetry| symmetry != Symmetry::None)
            .filter(|&symmetry| {
                (0..81).all(|cell| (b.cell(cell) != 0) == (b.cell(symmetry.image(cell)) != 0))
            })
            .collect()
    };
    let mut kept = [0usize; 7];
    for seed in 0..3000u64 {
        let mut cells = [0u8; 81];
        let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        for _ in 0..(seed % 30) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            cells[(x % 81) as usize] = (x >> 8) as u8 % 9 + 1;
        }
        // Close the pattern under one symmetry (or none, for seed % 7 == 0).
        let symmetry = SYMMETRIES[(seed % 7) as usize];
        for _ in 0..4 {
            for cell in 0..81 {
                if cells[cell] != 0 && cells[symmetry.image(cell)] == 0 {
                    cells[symmetry.image(cell)] = cells[cell];
                }
            }
        }
        let b = Board::new(cells).unwrap();
        let found = symmetries(&b);
        assert_eq!(found, by_cells(&b), "{b}");
        for s in found {
            kept[SYMMETRIES.iter().position(|&t| t == s).unwrap()] += 1;
        }
    }
    // Every symmetry is exercised.
    assert!(kept[1..].iter().all(|&n| n > 0), "{kept:?}");
}

/// Boards on which the faster row step branches and ties the most: empty
/// and nearly empty boards, patterns symmetric under many maps, one digit
/// repeated, full grids valid and not.
fn boards_with_ties() -> Vec<Board> {
    let mut boards = vec![Board::EMPTY];
    for cell in [0, 40, 80, 13] {
        let mut cells = [0; 81];
        cells[cell] = 4;
        boards.push(Board::new(cells).unwrap());
    }
    let symmetric = board(SYMMETRIC_GRID);
    // Whole bands, rows, boxes and diagonals of the most symmetric grid.
    let keep: [&dyn Fn(usize, usize) -> bool; 8] = [
        &|r, _| r < 3,
        &|r, _| r == 0,
        &|r, c| r / 3 == 1 && c / 3 == 1,
        &|r, c| r == c,
        &|r, c| r % 3 == c % 3,
        &|r, c| (r + c) % 2 == 0,
        &|r, c| r % 4 == 0 || c % 4 == 0,
        &|r, c| r == 8 - c || r == c,
    ];
    for keep in keep {
        let cells = std::array::from_fn(|i| {
            let (r, c) = (i / 9, i % 9);
            if keep(r, c) {
                symmetric.cell(i)
            } else {
                0
            }
        });
        let b = Board::new(cells).unwrap();
        boards.push(b);
        // The same pattern with one digit only (it "repeats" in rows).
        boards.push(Board::new(cells.map(|d| u8::from(d != 0) * 7)).unwrap());
    }
    boards.push(board(&"3".repeat(81)));
    boards.push(symmetric);
    boards.push(board(GRID));
    // A full grid with one digit changed: invalid, so no grid shortcut.
    let mut broken = *board(GRID).cells();
    broken[10] = broken[11];
    boards.push(Board::new(broken).unwrap());
    boards
}

#[test]
fn the_faster_row_step_gives_what_the_general_one_gives() {
    let mut fast = Canonicalizer::new();
    let mut general = Canonicalizer {
        general_only: true,
        ..Canonicalizer::default()
    };
    let rounds = if cfg!(debug_assertions) { 60 } else { 600 };
    let random = (0..rounds).map(|seed| {
        let keep = [3, 10, 20, 25, 30, 40, 60, 90][seed as usize % 8];
        Transform::random(seed).apply(&random_board(seed, keep))
    });
    for b in boards_with_ties().into_iter().chain(random) {
        for order in [Order::Minlex, Order::PatternFirst] {
            let moved = Transform::random(b.givens() as u64).apply(&b);
            for b in [b, moved] {
                // Form, transform and automorphisms, all alike.
                assert_eq!(
                    fast.canonical(&b, order),
                    general.canonical(&b, order),
                    "{order:?} {b}"
                );
            }
        }
    }
}

#[test]
fn boards_with_ties_against_brute_force() {
    for b in boards_with_ties() {
        check_against_brute_force(&b, Order::Minlex);
    }
}
