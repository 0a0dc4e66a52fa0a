//! The test helpers themselves: the independent checker must catch wrong
//! solutions, and the fixtures must be what their names say (proved with
//! the tests' own counter, not the product's solver).

use crate::common;

use common::*;

#[test]
fn the_checker_accepts_a_true_solution() {
    assert_eq!(check_solution(PUZZLE, FULL), Ok(()));
    assert_eq!(check_solution(&empty(), FULL), Ok(()));
}

#[test]
fn the_checker_rejects_what_is_not_a_solution() {
    // Two cells swapped: rows still hold 1-9, columns do not.
    let mut swapped: Vec<u8> = FULL.bytes().collect();
    swapped.swap(0, 1);
    let swapped = String::from_utf8(swapped).unwrap();
    assert!(check_solution(&empty(), &swapped).is_err());
    // A digit changed: a row repeats it.
    let changed = format!("{}{}", "6", &FULL[1..]);
    assert!(check_solution(&empty(), &changed).is_err());
    // A valid full grid that drops a given of the puzzle.
    let relabelled: String = FULL
        .chars()
        .map(|c| match c {
            '1' => '2',
            '2' => '1',
            c => c,
        })
        .collect();
    assert_eq!(check_solution(&empty(), &relabelled), Ok(()));
    assert!(check_solution(PUZZLE, &relabelled).is_err());
    // Not 81 digits.
    assert!(check_solution(PUZZLE, &FULL[..80]).is_err());
    assert!(check_solution(PUZZLE, PUZZLE).is_err());
    assert!(check_solution(PUZZLE, "unsolvable").is_err());
}

#[test]
fn the_fixtures_are_what_they_claim() {
    assert_eq!(count_solutions(PUZZLE, 3), 1);
    assert_eq!(count_solutions(HARD, 3), 1);
    assert_eq!(count_solutions(TWO, 3), 2);
    assert_eq!(count_solutions(&unsolvable(), 3), 0);
    assert_eq!(count_solutions(&invalid(), 3), 0);
    assert_eq!(count_solutions(&empty(), 3), 3);
    assert_eq!(count_solutions(FULL, 3), 1);
}

#[test]
fn variants_are_proper_puzzles_and_differ() {
    let mut seen = std::collections::HashSet::new();
    for seed in 0..12 {
        let puzzle = variant(seed);
        if seed % 5 != 4 {
            assert_eq!(count_solutions(&puzzle, 2), 1, "{puzzle}");
        }
        seen.insert(puzzle);
    }
    assert!(seen.len() >= 11);
}

#[test]
fn boxed_grid_matches_the_contract_picture() {
    let grid = boxed_grid(FULL);
    assert!(grid.starts_with(
        "5 3 4 | 6 7 8 | 9 1 2\n6 7 2 | 1 9 5 | 3 4 8\n1 9 8 | 3 4 2 | 5 6 7\n------+-------+------\n"
    ));
    assert_eq!(grid.lines().count(), 11);
}

#[test]
fn split_records_enforces_the_blank_line_rules() {
    let text = format!(
        "{}\n{FULL}\nerror\n\n{}",
        boxed_grid(FULL),
        boxed_grid(FULL)
    );
    let records = split_records(
        &text,
        &[Look::Grid, Look::Line, Look::Line, Look::Grid],
        false,
    );
    assert_eq!(records, [FULL, FULL, "error", FULL]);
    let bad = std::panic::catch_unwind(|| {
        split_records(
            &format!("{FULL}\n\n{FULL}\n"),
            &[Look::Line, Look::Line],
            false,
        )
    });
    assert!(bad.is_err());
    let trailing =
        std::panic::catch_unwind(|| split_records(&format!("{FULL}\n\n"), &[Look::Line], true));
    assert!(trailing.is_err());
}
