use super::*;
use crate::canon::{Canonicalizer, Order};
use crate::generate::full_grid;
use crate::random::Random;

/// The most automorphic grids known (the forum's list, each in minlex form)
/// with their automorphism counts, the least and the greatest minlex
/// grids, and one grid with a single automorphism.
const KNOWN: [(&str, u64); 10] = [
    (
        "123456789456789123789123456231564897564897231897231564312645978645978312978312645",
        648,
    ),
    (
        "123456789456789123789123456267591834591834267834267591375618942618942375942375618",
        162,
    ),
    (
        "123456789456789123789123456231564897564897231897231564312978645645312978978645312",
        108,
    ),
    (
        "123456789456789123789123456231564978564978231978231564312645897645897312897312645",
        108,
    ),
    (
        "123456789457289163689173452245968317316745928978312645564897231731524896892631574",
        108,
    ),
    (
        "123456789456789123789123456231564978564897312897231645312978564645312897978645231",
        72,
    ),
    (
        "123456789457893612986217354274538196531964827698721435342685971715349268869172543",
        72,
    ),
    (
        "123456789456789123789123456231564897564897231897231564348672915672915348915348672",
        54,
    ),
    (
        "123456789456789123789123456214365897365897214897214365531642978642978531978531642",
        0,
    ),
    (
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
        0,
    ),
];

fn board(text: &str) -> Board {
    text.parse().unwrap()
}

/// A random valid grid (the generator's, a random look-alike of a solved
/// grid), relabelled at random too.
fn random_grid(seed: u64) -> Board {
    let grid = Board::new(full_grid(&mut Random::new(seed))).unwrap();
    Transform::random(seed ^ 0x5EED).apply(&grid)
}

/// The pair maps of valid bands: permutations of the nine columns that map
/// no column into its own stack.
fn all_pair_maps() -> Vec<Perm> {
    fn extend(map: &mut Perm, c: usize, used: u16, out: &mut Vec<Perm>) {
        if c == 9 {
            out.push(*map);
            return;
        }
        for image in 0..9u8 {
            if used >> image & 1 == 0 && usize::from(image) / 3 != c / 3 {
                map[c] = image;
                extend(map, c + 1, used | 1 << image, out);
            }
        }
    }
    let mut out = Vec::new();
    extend(&mut [0; 16], 0, 0, &mut out);
    out
}

/// The fast path's answer against the general search's, and its map.
fn check_against_general(grid: &Board, scratch: &mut Canonicalizer) -> Canonical {
    let fast = canonical(grid).expect("a valid grid");
    let general = scratch.general(grid, Order::Minlex);
    assert_eq!(fast.form, general.form, "{grid}");
    assert_eq!(fast.automorphisms, general.automorphisms, "{grid}");
    assert!(fast.transform.is_valid(), "{grid}");
    assert_eq!(fast.transform.apply(grid), fast.form, "{grid}");
    fast
}

#[test]
fn the_table_classes_every_pair_map_onto_its_least_conjugate() {
    let tables = Tables::build();
    let maps = all_pair_maps();
    assert_eq!(maps.len(), 12_096);
    let filled = tables.slots.iter().filter(|&&slot| slot != 0).count();
    assert_eq!(filled, maps.len(), "each map is in the table once");
    for map in &maps {
        let (class, order) = tables.class_of(key(map)).unwrap();
        let (to, back) = (
            &tables.orders[usize::from(order)],
            &tables.inverses[usize::from(order)],
        );
        assert_eq!(conjugate(map, to, back), FORMS[usize::from(class)]);
    }
    // Each form is the least of its class's maps, the forms ascend (so
    // classes compare as their forms), and a stabiliser is what it says.
    for (class, form) in FORMS.iter().enumerate() {
        let conjugates = |map: &Perm| -> Vec<Perm> {
            let orders = tables.orders.iter().zip(&tables.inverses);
            orders.map(|(to, back)| conjugate(map, to, back)).collect()
        };
        assert_eq!(conjugates(form).into_iter().min(), Some(*form));
        let onto_form = |map: &Perm| -> Vec<u16> {
            let all = conjugates(map).into_iter().enumerate();
            all.filter(|(_, image)| image == form)
                .map(|(k, _)| k as u16)
                .collect()
        };
        // The orders each list should hold, in any order.
        for (reversed, map) in [(false, *form), (true, inverse(form))] {
            let mut listed = tables.keeping(class as u8, reversed).to_vec();
            listed.sort_unstable();
            assert_eq!(listed, onto_form(&map), "{class} {reversed}");
            assert!(!listed.is_empty() && listed.len() <= MOST_KEPT);
        }
    }
    assert!(FORMS.windows(2).all(|pair| pair[0] < pair[1]));
    // A map mapping a column into its own stack is no pair map.
    assert_eq!(
        tables.class_of(key(&padded(&[0, 1, 2, 3, 4, 5, 6, 7, 8]))),
        None
    );
}

#[test]
fn known_grids_are_their_own_forms_with_their_automorphisms() {
    let mut scratch = Canonicalizer::new();
    for (seed, (text, automorphisms)) in KNOWN.into_iter().enumerate() {
        let grid = board(text);
        let canon = check_against_general(&grid, &mut scratch);
        if automorphisms > 0 {
            assert_eq!(canon.form, grid, "a minlex form is its own");
            assert_eq!(canon.automorphisms, automorphisms, "{text}");
        }
        for round in 0..8 {
            let moved = Transform::random(seed as u64 * 100 + round).apply(&grid);
            let there = check_against_general(&moved, &mut scratch);
            assert_eq!(there.form, canon.form, "{moved}");
            assert_eq!(there.automorphisms, canon.automorphisms);
        }
    }
    // A full board's pattern is kept by every symmetry.
    assert_eq!(crate::canon::symmetries(&board(KNOWN[9].0)).len(), 6);
    // The least minlex grid is automorphic; the example grid is not.
    assert_eq!(
        canonical(&board(KNOWN[8].0)).unwrap().form,
        board(KNOWN[8].0)
    );
    assert_eq!(canonical(&board(KNOWN[9].0)).unwrap().automorphisms, 1);
}

#[test]
fn random_grids_agree_with_the_general_search() {
    let mut scratch = Canonicalizer::new();
    let rounds = if cfg!(debug_assertions) { 40 } else { 400 };
    let mut automorphic = 0;
    for seed in 0..rounds {
        let grid = random_grid(seed);
        let canon = check_against_general(&grid, &mut scratch);
        automorphic += usize::from(canon.automorphisms > 1);
        // The form is its own form, through the dispatching entry point.
        assert_eq!(
            scratch.canonical(&canon.form, Order::Minlex).form,
            canon.form
        );
        assert_eq!(
            scratch.canonical(&grid, Order::PatternFirst).form,
            canon.form
        );
    }
    // Random grids are nearly all asymmetric.
    assert!(automorphic * 10 < rounds as usize, "{automorphic}");
}

#[test]
fn boards_that_are_no_valid_grid_take_the_general_path() {
    let grid = board(KNOWN[9].0);
    let mut cells = *grid.cells();
    cells[40] = 0;
    assert!(canonical(&Board::new(cells).unwrap()).is_none());
    cells[40] = cells[41];
    assert!(canonical(&Board::new(cells).unwrap()).is_none());
    // Rows and columns hold every digit, boxes do not.
    let latin: String = (0..81)
        .map(|i| char::from(b'1' + ((i / 9 + i % 9) % 9) as u8))
        .collect();
    assert!(canonical(&board(&latin)).is_none());
    assert!(canonical(&Board::EMPTY).is_none());
}

/// Whether every row, column and box of `board` holds the nine digits,
/// checked house by house.
fn is_valid_grid(board: &Board) -> bool {
    let house = |cells: [usize; 9]| {
        let mut digits: Vec<u8> = cells.iter().map(|&cell| board.cell(cell)).collect();
        digits.sort_unstable();
        digits == [1, 2, 3, 4, 5, 6, 7, 8, 9]
    };
    (0..9).all(|k| {
        house(std::array::from_fn(|i| k * 9 + i))
            && house(std::array::from_fn(|i| i * 9 + k))
            && house(std::array::from_fn(|i| {
                crate::geometry::HouseKind::Box.cell(k, i)
            }))
    })
}

#[test]
fn the_pair_lookups_tell_valid_grids_from_invalid_ones() {
    // Swapped cells, swapped columns across stacks (every row and column
    // still holding the nine digits, boxes not), a cell changed.
    let mut random = Random::new(99);
    let mut tried = [0usize; 2];
    for seed in 0..300 {
        let grid = random_grid(seed);
        let mut cells = *grid.cells();
        match seed % 3 {
            0 => cells.swap(random.below(81), random.below(81)),
            1 => {
                let (x, y) = (random.below(9), random.below(9));
                for r in 0..9 {
                    cells.swap(r * 9 + x, r * 9 + y);
                }
            }
            _ => cells[random.below(81)] = random.between(1, 9),
        }
        let board = Board::new(cells).unwrap();
        let valid = is_valid_grid(&board);
        tried[usize::from(valid)] += 1;
        assert_eq!(canonical(&board).is_some(), valid, "{board}");
    }
    assert!(tried.iter().all(|&n| n > 30), "{tried:?}");
}

/// Every valid grid of the file `CANON_GRIDS` names (one 81-character line
/// each, e.g. the 17-clue puzzles' solutions) against the general search:
/// `CANON_GRIDS=grids.txt cargo test --lib canon::grid -- --ignored`.
#[test]
#[ignore = "needs CANON_GRIDS, a file of grids"]
fn every_grid_of_a_file_agrees_with_the_general_search() {
    let path = std::env::var("CANON_GRIDS").expect("set CANON_GRIDS to a file of grids");
    let text = std::fs::read_to_string(path).expect("a readable file");
    let mut scratch = Canonicalizer::new();
    let mut checked = 0;
    for line in text.lines() {
        let Ok(grid) = line.trim().parse::<Board>() else {
            continue;
        };
        if is_valid_grid(&grid) {
            check_against_general(&grid, &mut scratch);
            checked += 1;
        }
    }
    eprintln!("{checked} grids agree");
    assert!(checked > 0);
}
