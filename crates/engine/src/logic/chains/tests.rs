use super::*;

#[test]
fn length_difficulty_follows_the_thresholds() {
    let tenths = |size| (length_difficulty(size) * 10.0).round() as u32;
    assert_eq!(tenths(6), 0);
    assert_eq!(tenths(7), 1);
    assert_eq!(tenths(8), 1);
    assert_eq!(tenths(9), 2);
    assert_eq!(tenths(10), 2);
    assert_eq!(tenths(11), 3);
    assert_eq!(tenths(14), 3);
    assert_eq!(tenths(15), 4);
    assert_eq!(tenths(19), 5);
    assert_eq!(tenths(26), 5);
    assert_eq!(tenths(27), 6);
    assert_eq!(tenths(34), 6);
    assert_eq!(tenths(35), 7);
}

use crate::logic::explain;
use crate::Board;

/// Bank puzzles with their published rating (the one loader, in
/// `logic/testing.rs`: it panics when the file is missing).
pub(super) use crate::logic::testing::bank_rated as bank;

pub(super) fn er(rating: &str) -> f64 {
    rating.split('/').next().unwrap().parse().unwrap()
}

/// Every step taken on `board` agrees with its solution.
fn assert_sound(board: &Board) {
    let solution = crate::solve(board, 1).unwrap().first.unwrap();
    let solution = solution.cells();
    for step in explain(board).steps {
        if let Some((cell, digit)) = step.placed {
            assert_eq!(solution[usize::from(cell)], digit, "{board}: {step}");
        }
        for &(cell, digit) in &step.eliminated {
            assert_ne!(solution[usize::from(cell)], digit, "{board}: {step}");
        }
    }
}

#[test]
fn chain_steps_on_bank_puzzles_are_sound() {
    let hard: Vec<_> = bank().into_iter().filter(|(_, r)| er(r) >= 6.5).collect();
    assert_eq!(hard.len(), 927, "bank puzzles of ER 6.5 and up");
    let mut checked = 0;
    for (board, _) in hard.iter().step_by(24) {
        assert_sound(board);
        checked += 1;
    }
    assert_eq!(checked, 39);
}

/// The position of `board` (values) with `removed` candidates taken out.
fn position(board: &str, removed: &[(usize, u8)]) -> crate::logic::Grid {
    let mut grid = crate::logic::Grid::new(&board.parse().unwrap());
    for &(cell, digit) in removed {
        assert!(
            grid.remove(cell, digit),
            "r{}c{} holds {digit}",
            cell / 9 + 1,
            cell % 9 + 1
        );
    }
    grid
}

fn first(producer: fn(&crate::logic::Grid) -> Option<Step>, grid: &crate::logic::Grid) -> String {
    producer(grid).expect("a step").to_string()
}

#[test]
fn a_turbot_fish_places_a_digit() {
    let grid = position(
        "196527438..7948651548361729475683192.6317.58481.4..3766..71.843781234965..48.6217",
        &[],
    );
    assert_eq!(
        first(forcing_chains_and_cycles, &grid),
        "6.6  Turbot Fish (r5c1.9 on): r5c1=9"
    );
}

#[test]
fn a_bidirectional_x_cycle_removes_what_sees_both_colours() {
    let grid = position(
        ".983.42...2.8.9.3..3572689...2..84...6.24..8.84.16752.35648197228.....4.9.46.2.58",
        &[
            (15, 1),
            (27, 1),
            (31, 5),
            (35, 7),
            (35, 9),
            (36, 7),
            (38, 1),
            (38, 7),
            (42, 3),
            (67, 5),
            (71, 3),
        ],
    );
    assert_eq!(
        first(forcing_chains_and_cycles, &grid),
        "6.5  Bidirectional X-Cycle (r3c9, r3c1, r5c1, r4c2, r4c8, r1c8): \
         r1c1<>1, r1c9<>1, r2c1<>1, r2c9<>1, r4c9<>1"
    );
}

#[test]
fn a_bidirectional_y_cycle_of_four_bivalue_cells() {
    let grid = position(
        "4.95.67.2..7294.....57.84695.3981.7474.653.9.89.427..3314865927.5.17934.97.3421..",
        &[],
    );
    assert_eq!(
        first(forcing_chains_and_cycles, &grid),
        "6.6  Bidirectional Y-Cycle (r6c8, r9c8, r9c3, r6c3): r2c8<>5, r8c3<>6, r9c9<>8"
    );
}

#[test]
fn a_forcing_x_chain_eliminates_its_start() {
    let grid = position(
        "5......1.1678.5.2...97.156.6..51...3.73...15.451273986..4.5.8....6.....5325487691",
        &[(1, 8), (19, 8), (69, 3)],
    );
    assert_eq!(
        first(forcing_chains_and_cycles, &grid),
        "6.7  Forcing X-Chain (r1c6.2 off): r1c6<>2"
    );
}

#[test]
fn cycles_and_chains_with_both_link_kinds_rate_seven() {
    let grid = position(
        "3.17.6.29.2...17....7..251.1..4.3.577.89253.1.3.1.7.9..7351.6....627.13.41.63897.",
        &[
            (1, 4),
            (4, 8),
            (9, 6),
            (9, 8),
            (13, 8),
            (16, 4),
            (17, 4),
            (22, 8),
            (26, 6),
            (53, 2),
        ],
    );
    assert_eq!(
        first(forcing_chains_and_cycles, &grid),
        "7.0  Bidirectional Cycle (r6c1, r7c1, r9c3, r6c3): r2c3<>5"
    );
    let grid = position(
        "..3....1...2..6.8787.9...4.91...4.3..3.1.8..4248395176.64..9.2138.6..4...29...76.",
        &[
            (0, 5),
            (4, 2),
            (4, 7),
            (6, 2),
            (9, 5),
            (20, 5),
            (22, 2),
            (22, 3),
            (24, 3),
            (36, 5),
            (58, 7),
            (60, 5),
            (65, 5),
            (67, 1),
            (67, 5),
            (76, 3),
            (80, 5),
        ],
    );
    assert_eq!(
        first(forcing_chains_and_cycles, &grid),
        "7.1  Forcing Chain (r2c1.1 on): r2c1=1"
    );
}

#[test]
fn a_nishio_chain_contradicts_its_assumption() {
    let grid = position(
        "....463.....3295.8.32.5.6945.96...83...93..57374.859..68...3.4.2.146873...35..8..",
        &[(0, 1), (9, 1)],
    );
    assert_eq!(
        first(nishio_forcing_chains, &grid),
        "7.6  Nishio Forcing Chains (r6c8.2 on ==> r7c4.2 both on & off): r6c8<>2"
    );
}

/// A Nishio chain never leaves its digit: searching the step's digit alone
/// finds the same step, even after other digits lose candidates, and
/// searching the other digits never finds a step of that digit.
#[test]
fn a_nishio_chain_depends_on_its_digit_alone() {
    let board = "....463.....3295.8.32.5.6945.96...83...93..57374.859..68...3.4.2.146873...35..8..";
    let grid = position(board, &[(0, 1), (9, 1)]);
    let step = "7.6  Nishio Forcing Chains (r6c8.2 on ==> r7c4.2 both on & off): r6c8<>2";
    let two = 1 << 1;
    assert_eq!(first(|g| nishio_forcing_chains_of(g, 1 << 1), &grid), step);
    let others = nishio_forcing_chains_of(&grid, crate::logic::grid::ALL_DIGITS & !two);
    assert!(others.is_none_or(|other| other.eliminated.iter().all(|&(_, d)| d != 2)));
    // Other digits' candidates going change nothing for digit 2.
    let fewer = position(board, &[(0, 1), (9, 1), (0, 7), (9, 7)]);
    assert_eq!(first(|g| nishio_forcing_chains_of(g, 1 << 1), &fewer), step);
}

const MULTIPLE: &str =
    ".7.....39...9.381.......6..613489752587216493.2.3..186..5.......628.1...79.5...6.";

#[test]
fn multiple_forcing_chains_from_a_region_and_a_cell() {
    let removed = [
        (5, 5),
        (17, 5),
        (25, 7),
        (54, 3),
        (54, 4),
        (58, 4),
        (59, 4),
        (62, 4),
        (62, 7),
        (67, 4),
        (71, 7),
        (74, 4),
        (80, 4),
    ];
    let grid = position(MULTIPLE, &removed);
    assert_eq!(
        first(multiple_forcing_chains, &grid),
        "8.3  Region Forcing Chains (1 in row 3 ==> r3c1.2 off): r3c1<>2"
    );
    let mut grid = grid;
    grid.remove(18, 2);
    assert_eq!(
        first(multiple_forcing_chains, &grid),
        "8.4  Cell Forcing Chains (r3c9 ==> r3c6.4 off): r3c6<>4"
    );
}

#[test]
fn dynamic_forcing_chains_of_each_kind() {
    let grid = position(
        MULTIPLE,
        &[
            (5, 5),
            (17, 5),
            (18, 2),
            (23, 2),
            (23, 4),
            (25, 7),
            (54, 3),
            (54, 4),
            (58, 4),
            (59, 4),
            (60, 2),
            (62, 4),
            (62, 7),
            (67, 3),
            (67, 4),
            (71, 7),
            (74, 4),
            (76, 2),
            (80, 4),
        ],
    );
    assert_eq!(
        first(dynamic_forcing_chains, &grid),
        "8.9  Dynamic Region Forcing Chains (4 in box 3 ==> r3c1.4 off): r3c1<>4"
    );
    let grid = position(
        "......29.4...9....971582..4...3.58.9.9..4..7.6.87.9...5..9.148.......9.6.39......",
        &[
            (4, 6),
            (8, 3),
            (11, 5),
            (15, 3),
            (15, 6),
            (16, 3),
            (16, 6),
            (17, 3),
            (17, 5),
            (38, 2),
            (42, 3),
            (42, 5),
            (44, 3),
            (52, 1),
            (58, 6),
            (65, 7),
            (66, 4),
            (68, 4),
            (68, 8),
            (76, 7),
            (77, 7),
        ],
    );
    assert_eq!(
        first(dynamic_forcing_chains, &grid),
        "8.7  Dynamic Cell Forcing Chains (r8c6 ==> r1c5.1 off): r1c5<>1"
    );
    let grid = position(
        "..36.42..6..3.2..8....9.....1.579.2.....83...3.5..69.7..8.6.4..94..3..52.........",
        &[
            (0, 5),
            (18, 5),
            (18, 7),
            (18, 8),
            (19, 7),
            (19, 8),
            (20, 7),
            (21, 1),
            (23, 1),
            (23, 5),
            (24, 7),
            (25, 7),
            (26, 5),
            (42, 6),
            (49, 1),
            (55, 2),
            (55, 5),
            (57, 1),
            (57, 7),
            (66, 1),
            (69, 1),
            (72, 1),
            (73, 2),
            (73, 5),
            (75, 1),
            (75, 7),
            (75, 8),
            (76, 1),
            (76, 5),
            (79, 1),
        ],
    );
    assert_eq!(
        first(dynamic_forcing_chains, &grid),
        "8.9  Dynamic Contradiction Forcing Chains (r1c2.5 on ==> r2c7.1 both on & off): r1c2<>5"
    );
    let grid = position(
        "4.7.832...2.597...3...4...791....78...28.19....3....122...651.4....18...1.64..5.8",
        &[
            (1, 6),
            (16, 6),
            (20, 5),
            (25, 6),
            (31, 5),
            (32, 2),
            (37, 5),
            (45, 6),
            (46, 5),
            (48, 6),
            (55, 3),
            (55, 7),
            (57, 9),
            (61, 9),
            (64, 5),
            (64, 9),
            (65, 9),
            (70, 3),
            (73, 9),
        ],
    );
    assert_eq!(
        first(dynamic_forcing_chains, &grid),
        "8.8  Dynamic Double Forcing Chains (r8c8.2 on & off ==> r8c8.6 off): r8c8<>6"
    );
}

#[test]
fn nested_chains_rate_a_forum_hardest_puzzle_soundly() {
    // Needs chains nested in dynamic chains; every step must still hold.
    let board: Board =
        "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"
            .parse()
            .unwrap();
    assert_sound(&board);
    let rating = crate::logic::rate(&board);
    assert!(rating.er.0 >= 95 && rating.er.0 < 200, "{rating}");
}

/// The link tables built once per position (the engine's and rung 25's)
/// list exactly the links, in the order and with the reasons, that the
/// link functions compute from the position.
#[test]
fn link_tables_agree_with_the_link_functions() {
    use super::links::{off_to_on, on_to_off, state, Cands};
    let hard: Vec<_> = bank().into_iter().filter(|(_, r)| er(r) >= 7.0).collect();
    assert_eq!(hard.len(), 767, "bank puzzles of ER 7.0 and up");
    let mut checked = 0;
    for (board, _) in hard.iter().step_by(40) {
        checked += 1;
        let mut grid = crate::logic::Grid::new(board);
        for step in explain(board).steps {
            let cands = Cands::of(&grid);
            let links = super::engine::Links::new(&cands, true);
            let graph = super::graph::Graph::new(&cands);
            let mut id = 0;
            for cell in 0..81 {
                for d0 in crate::logic::grid::bits(cands.cells[cell]) {
                    let cand = cell * 9 + d0;
                    assert_eq!(graph.cands[id], cand as u16);
                    let real = |ids: &[u16]| -> Vec<u16> {
                        ids.iter().map(|&i| graph.cands[usize::from(i)]).collect()
                    };
                    for cell_links in [false, true] {
                        let mut offs = Vec::new();
                        on_to_off(&cands, state(cell, d0, true), cell_links, |s, c| {
                            offs.push((s, c));
                        });
                        assert_eq!(links.weak(cand, cell_links), &offs[..], "{board} {cand}");
                        let cands_off: Vec<u16> = offs.iter().map(|&(s, _)| s / 2).collect();
                        assert_eq!(real(graph.weak(id, cell_links)), cands_off);
                        let mut ons = Vec::new();
                        off_to_on(
                            &cands,
                            &cands,
                            state(cell, d0, false),
                            cell_links,
                            true,
                            &mut ons,
                        );
                        let ons_table: Vec<_> = ons.iter().map(|l| (l.state, l.cause)).collect();
                        assert_eq!(links.strong(cand, cell_links), &ons_table[..]);
                        for house_links in [false, true] {
                            if !cell_links && !house_links {
                                continue;
                            }
                            let off = state(cell, d0, false);
                            off_to_on(&cands, &cands, off, cell_links, house_links, &mut ons);
                            let (ids, len) = graph.strong(id, cell_links, house_links);
                            let expected: Vec<u16> = ons.iter().map(|l| l.state / 2).collect();
                            assert_eq!(real(&ids[..len]), expected);
                        }
                    }
                    id += 1;
                }
            }
            step.apply(&mut grid);
        }
    }
    assert_eq!(checked, 20);
}

/// Writes what every chain producer returns on the positions the bank's
/// puzzles of ER 6.2 and up meet, to the file `CHAINS_DIGEST` names: a
/// before/after check for changes that must not change any hint.
/// `cargo test --lib chains::tests::digest -- --ignored`.
#[test]
#[ignore = "a diagnostic: writes the file CHAINS_DIGEST names"]
fn digest() {
    use std::fmt::Write as _;
    let path = std::env::var("CHAINS_DIGEST").expect("set CHAINS_DIGEST to the file to write");
    type Producer = fn(&crate::logic::Grid) -> Option<Step>;
    let producers: [(&str, Producer); 5] = [
        ("cycles", forcing_chains_and_cycles),
        ("nishio", nishio_forcing_chains),
        ("multiple", multiple_forcing_chains),
        ("dynamic", dynamic_forcing_chains),
        ("plus", dynamic_forcing_chains_plus),
    ];
    let mut out = String::new();
    let mut seconds = [0f64; 5];
    for (board, rating) in bank() {
        if er(&rating) < 6.2 {
            continue;
        }
        let mut grid = crate::logic::Grid::new(&board);
        for step in explain(&board).steps {
            if step.difficulty.0 >= 62 {
                for (k, (name, producer)) in producers.iter().enumerate() {
                    let started = std::time::Instant::now();
                    let found = producer(&grid);
                    seconds[k] += started.elapsed().as_secs_f64();
                    writeln!(out, "{board} {name} {found:?}").unwrap();
                    if found.as_ref() == Some(&step) {
                        break;
                    }
                }
            }
            step.apply(&mut grid);
        }
    }
    for (k, (name, _)) in producers.iter().enumerate() {
        eprintln!("{name}: {:.2} s", seconds[k]);
    }
    std::fs::write(path, out).unwrap();
}

/// The closure that lets static cell and region chains skip branches with
/// nothing in common says "they share a state" exactly when following the
/// links from each start (a plain search) reaches one common "off" state,
/// which for the "on" states of distinct candidates (the chains' starts)
/// is reaching one common state of either kind.
#[test]
fn closure_agrees_with_a_search_from_each_state() {
    use super::graph::{Dense, Graph};
    use super::links::Cands;
    let board: Board =
        "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1"
            .parse()
            .unwrap();
    let cands = Cands::of(&crate::logic::Grid::new(&board));
    let graph = Graph::new(&cands);
    let closure = graph.closure_of(graph.components(true, true), true, true);
    let states = graph.len() * 2;
    let reached: Vec<Vec<bool>> = (0..states as Dense)
        .map(|start| {
            let mut seen = vec![false; states];
            let mut todo = vec![start];
            seen[usize::from(start)] = true;
            while let Some(s) = todo.pop() {
                graph.each_next(s, true, true, |t| {
                    if !std::mem::replace(&mut seen[usize::from(t)], true) {
                        todo.push(t);
                    }
                });
            }
            seen
        })
        .collect();
    let (mut shared, mut apart) = (0, 0);
    for a in 0..states {
        for b in (a..states).step_by(7) {
            let common = (0..states)
                .step_by(2)
                .any(|s| reached[a][s] && reached[b][s]);
            assert_eq!(closure.share([a as Dense, b as Dense]), common, "{a} {b}");
            if a % 2 == 1 && b % 2 == 1 && a != b {
                let any = (0..states).any(|s| reached[a][s] && reached[b][s]);
                assert_eq!(any, common, "{a} {b}");
            }
            if common {
                shared += 1;
            } else {
                apart += 1;
            }
        }
    }
    // Both answers occur, so the check means something.
    assert!(shared > 0 && apart > 0, "{shared} {apart}");
}

/// Rung 25 builds the X pass's reached sets only when some XY start
/// reaches its negation, as X links are a subset of XY links: along the
/// solving path of a hard puzzle, no X start reaches its negation unless
/// the same start does with XY links.
#[test]
fn x_chains_are_xy_chains() {
    use super::graph::{Dense, Graph};
    use super::links::Cands;
    let board: Board =
        "..4...95....8..6.....5.9.788.....2...2.7.3.6...9.....374.9.2.....3..4....58...4.."
            .parse()
            .unwrap();
    let mut grid = crate::logic::Grid::new(&board);
    let mut x_starts = 0;
    for step in explain(&board).steps {
        let cands = Cands::of(&grid);
        let graph = Graph::new(&cands);
        let (x, xy) = (
            graph.reach(false, true, true),
            graph.reach(true, true, true),
        );
        for s in 0..graph.len() as Dense * 2 {
            if x.reaches_negation(s) {
                x_starts += 1;
                assert!(xy.reaches_negation(s), "{board} {s}");
            }
        }
        assert!(xy.any_negation() || !x.any_negation());
        step.apply(&mut grid);
    }
    assert!(x_starts > 0, "the path has X chains to check");
}

/// The components and negations rung 25 reads (built on the few
/// candidates with strong links) agree with a plain search from every
/// state: two states share a component exactly when each reaches the
/// other, sizes count those, links never lead to a higher-numbered
/// component, and a state reaches its negation exactly when the search
/// from it meets it; in every pass, along the solving path of a hard
/// puzzle. The graph with only the core's weak links gives the same.
#[test]
fn reach_agrees_with_a_search_from_each_state() {
    use super::graph::{Dense, Graph};
    use super::links::Cands;
    let board: Board =
        "..4...95....8..6.....5.9.788.....2...2.7.3.6...9.....374.9.2.....3..4....58...4.."
            .parse()
            .unwrap();
    let mut grid = crate::logic::Grid::new(&board);
    let (mut shared, mut negations) = (0, 0);
    for step in explain(&board).steps {
        let cands = Cands::of(&grid);
        let graph = Graph::new(&cands);
        let states = graph.len() * 2;
        let core = Graph::core_only(&cands);
        for (y, x) in [(false, true), (true, false), (true, true)] {
            let reach = graph.reach(y, x, true);
            // The graph with only the core's weak links reaches alike.
            let core_reach = core.reach(y, x, true);
            for s in 0..states as Dense {
                assert_eq!(core_reach.component(s), reach.component(s));
                assert_eq!(core_reach.reaches_negation(s), reach.reaches_negation(s));
            }
            let reached: Vec<Vec<bool>> = (0..states as Dense)
                .map(|start| {
                    let mut seen = vec![false; states];
                    let mut todo = vec![start];
                    let mut negation = false;
                    while let Some(s) = todo.pop() {
                        graph.each_next(s, y, x, |t| {
                            negation |= t == start ^ 1;
                            if !std::mem::replace(&mut seen[usize::from(t)], true) {
                                todo.push(t);
                            }
                        });
                    }
                    assert_eq!(reach.reaches_negation(start), negation, "{y} {x} {start}");
                    negations += usize::from(negation);
                    seen[usize::from(start)] = true;
                    seen
                })
                .collect();
            for s in 0..states {
                let together = (0..states).filter(|&t| reached[s][t] && reached[t][s]);
                assert_eq!(reach.component_size(s as Dense), together.clone().count());
                for t in together {
                    assert_eq!(reach.component(s as Dense), reach.component(t as Dense));
                    shared += usize::from(s != t);
                }
                graph.each_next(s as Dense, y, x, |t| {
                    assert!(reach.component(t) <= reach.component(s as Dense));
                    if !reached[usize::from(t)][s] {
                        assert_ne!(reach.component(t), reach.component(s as Dense));
                    }
                });
            }
        }
        step.apply(&mut grid);
    }
    // Both kinds of answer occur, so the check means something.
    assert!(shared > 0 && negations > 0, "{shared} {negations}");
}

/// Rungs 4,1 and 4,2 nest dynamic chains that nest chains themselves: the
/// inner searches run while the outer one holds the nested memo, and once
/// panicked on it ("RefCell already borrowed"; the ladder never reached
/// those rungs on the public sets). On the first puzzle of forum hardest
/// 1106, each rung now gives a step that keeps the solution.
#[test]
fn nested_searches_within_nested_searches_give_sound_steps() {
    let board: Board =
        "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"
            .parse()
            .unwrap();
    let solution = crate::solve(&board, 1).unwrap().first.unwrap();
    let grid = crate::logic::grid::Grid::new(&board);
    for limit in [1, 2] {
        let step = super::nested_forcing_chains(&grid, 4, limit)
            .unwrap_or_else(|| panic!("rung 4,{limit} finds a step"));
        assert!(
            step.placed.is_some() || !step.eliminated.is_empty(),
            "{step}"
        );
        if let Some((cell, digit)) = step.placed {
            assert_eq!(solution.cells()[usize::from(cell)], digit, "{step}");
        }
        for &(cell, digit) in &step.eliminated {
            assert_ne!(solution.cells()[usize::from(cell)], digit, "{step}");
        }
    }
}
