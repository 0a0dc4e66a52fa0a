//! The chain checker (`chain_checker`) on random proper puzzles: every
//! chain step `explain` takes carries branches that prove it, on random
//! minimal puzzles and on random look-alikes (relabelled, transposed, rows
//! and bands permuted) of puzzles whose paths are mostly chains, which
//! `explain` solves along other paths than the originals'.

use crate::chain_checker;

use proptest::prelude::*;
use sudoku_cli::{solve, Board};

/// LeetCode 37's answer: a valid grid that random symmetries turn into
/// others.
const FULL: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// Bank puzzles of ER 7.0 to 8.3 (forcing chains, cycles, Nishio, cell and
/// region forcing chains, dynamic chains).
const CHAINED: [&str; 6] = [
    "9..3.56...5.....7.....74..5....572..2.......3..463....1..42.....9.....1...67.3..8",
    "9265....4.3...2.76........3.9..4...5...9.8...2...1..6.4........68.4...9.7....3148",
    "94..7...8..1..4..6..8..547..69......5...6...7......68..752..1..1..5..8..3...4..52",
    "86..3...52....1.7..7...5...74......8..2.8.5..1......26...1...5..1.9....39...7..81",
    "9..7....6..2......3....89.7..781...9.9.6.7.2.6...923..7.69....2......4..5....6..1",
    "83.9....1.5..7..86..1...5.....3.7..8.7..1..4.2..4.9.....7...9..69..8..1.1....4.65",
];

/// `cells` relabelled by `labels`, possibly transposed, rows permuted by
/// `rows`.
fn look_alike(cells: &[u8; 81], labels: &[u8], transpose: bool, rows: &[usize]) -> [u8; 81] {
    std::array::from_fn(|at| {
        let (r, c) = (at / 9, at % 9);
        let (sr, sc) = if transpose {
            (c, rows[r])
        } else {
            (rows[r], c)
        };
        match cells[sr * 9 + sc] {
            0 => 0,
            digit => labels[usize::from(digit - 1)],
        }
    })
}

fn digits(text: &str) -> [u8; 81] {
    let bytes: Vec<u8> = text
        .bytes()
        .map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 })
        .collect();
    bytes.try_into().unwrap()
}

fn line(cells: &[u8; 81]) -> String {
    cells
        .iter()
        .map(|&d| if d == 0 { '.' } else { char::from(b'0' + d) })
        .collect()
}

/// Digs every cell in `order`, keeping the puzzle proper.
fn dig(solution: [u8; 81], order: &[usize]) -> [u8; 81] {
    let mut cells = solution;
    for &cell in order {
        let kept = cells[cell];
        cells[cell] = 0;
        if solve(&Board::new(cells).unwrap(), 2).unwrap().count != 1 {
            cells[cell] = kept;
        }
    }
    cells
}

/// Rows within bands and bands, shuffled: a validity-preserving order.
fn row_order() -> impl Strategy<Value = Vec<usize>> {
    let three = || Just(vec![0usize, 1, 2]).prop_shuffle();
    (three(), three(), three(), three()).prop_map(|(bands, a, b, c)| {
        let within = [a, b, c];
        (0..9)
            .map(|r| bands[r / 3] * 3 + within[r / 3][r % 3])
            .collect()
    })
}

fn labels() -> impl Strategy<Value = Vec<u8>> {
    Just((1..=9u8).collect::<Vec<u8>>()).prop_shuffle()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn chain_steps_of_random_look_alikes_are_proved(
        which in 0..CHAINED.len(),
        labels in labels(),
        transpose in any::<bool>(),
        rows in row_order(),
    ) {
        let puzzle = line(&look_alike(&digits(CHAINED[which]), &labels, transpose, &rows));
        let tally = chain_checker::check_explained(&puzzle);
        prop_assert!(tally.is_ok(), "{}", tally.unwrap_err());
        prop_assert!(tally.unwrap().steps > 0, "{}", puzzle);
    }

    #[test]
    fn every_step_of_random_minimal_puzzles_is_proved(
        labels in labels(),
        transpose in any::<bool>(),
        rows in row_order(),
        order in Just((0..81usize).collect::<Vec<usize>>()).prop_shuffle(),
    ) {
        let solution = look_alike(&digits(FULL), &labels, transpose, &rows);
        let puzzle = line(&dig(solution, &order));
        let tally = chain_checker::check_explained(&puzzle);
        prop_assert!(tally.is_ok(), "{}", tally.unwrap_err());
    }
}
