//! The variant engine on its own (`sudoku_cli::variant`): making a
//! [`Puzzle`] (its houses, peers and rule tables) and solving it with
//! uniqueness proved (`solve(2)`, what `sudoku solve --unique` asks), one
//! thread, on a few fixed boards: a 16x16 and a 25x25 with few givens
//! (made by `scripts/variant_sets.py`: a random grid, blanked while the
//! puzzle stays unique), a 9x9 for `--variant x`, and a 9x9 killer of 28
//! cages and no givens (a random partition of a random grid into cages of
//! 1-5 cells, kept because it has one solution). Whole-command timings
//! against pencilmark and a CP-SAT model are `scripts/variant-bench.sh`
//! (docs/performance.md, "Sizes and variants").
//!
//! Run with `cargo bench --bench variant`.

// Only the criterion settings are used here.
#[allow(dead_code)]
mod common;

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use sudoku_cli::variant::{Layout, Puzzle, Rule};

const SYMBOLS: &str = "123456789ABCDEFGHIJKLMNOP";

/// 16x16, 88 givens, minimal (no given can go).
const BOARD_16: &str = "7....3...G..E.......D...B.7...6..F....68E.C1B...G..8B...46.5.....G.FEC.4.35.6.....5.AD.F.C......ED9.......A812...8.B........FE.D2.....BD3..4...CD.G......1...7..5.3....C6.E...F...B.5..7....D8.A.3.....51.............71..D.9C..6.....3.G....D78A5.9..G...8...E.";

/// 25x25, 300 givens: blanked in a random order while unique, stopped at
/// 300 givens (48%; `KEEP25=300 scripts/variant_sets.py`).
const BOARD_25: &str = concat!(
    ".....H..94.1.I.D...KB68.P..2.7.1...E...N5.B.I...J..8.OPI7.6J.5.B..F..3.C...",
    ".I..6.FBP..3..DN....4A15O4.K.BC3...A..O8.7G.1..F.H......6OJMC9..H.A.NPL.3F.",
    ".3........LIA.OKCH...1.62O...GN.5IHD8.....FE6..A.JCA...1.L.K...F..3..8M.B..",
    ".6.MI.43CA2.....B.G.K....6.P.2...795.MCJ.G.3...E..M.I.35G.8..D.L7.P.KF.4...",
    ".D.4.3.JA1BGE9.CM.7.H..2.JFN..OCMH....4P.DI.L57K.85..C.D..LP8.I3F.J......1.",
    "1PEF...72....DC..O6.N3...HOA3..MGNI7B...F.D.4PJLK.B.6.8JK.4D.O51.PLE..AG..7",
    "754..F.A1........KJ....8I.J.I.....3K.4.A....H...D.D..7.P.HF...C8...J....N.9",
    "...E.....N47.H2GK.A..MJPC..9.N.J1........I3.C6..4.3G56A....7.......P42.B..K",
    "8.HJL4...2...5.B..FE...A.",
);

/// 9x9 for `--variant x` (both diagonals are houses), 18 givens, minimal.
const BOARD_X: &str =
    ".6....9.....3.....2...8..4..1..2..8...2....1..........3...4..6.....5.8..9..2.....";

/// The killer: its grid's cages, cells in reading order from 0, and sums.
const KILLER: &[(&[u16], u32)] = &[
    (&[0, 9], 3),
    (&[1, 10, 19, 18, 2], 26),
    (&[3, 12, 21, 20], 26),
    (&[4, 13, 5], 15),
    (&[6, 7, 8], 23),
    (&[11], 7),
    (&[14, 15, 24], 12),
    (&[16, 25, 26], 15),
    (&[17], 4),
    (&[22, 23], 4),
    (&[27, 36, 28, 29], 22),
    (&[30, 31, 40], 11),
    (&[32, 33, 34], 13),
    (&[35, 44, 53, 43, 52], 23),
    (&[37, 46], 10),
    (&[38, 47], 10),
    (&[39, 48], 15),
    (&[41, 42], 9),
    (&[45, 54], 7),
    (&[49, 58, 57], 20),
    (&[50, 51, 60, 61], 28),
    (&[55, 64], 10),
    (&[56, 65, 66], 9),
    (&[59, 68, 77], 12),
    (&[62, 71, 70, 80, 79], 20),
    (&[63, 72, 73], 22),
    (&[67, 76, 75, 74], 18),
    (&[69, 78], 11),
];

/// The killer's one solution.
const KILLER_SOLUTION: &str =
    "134527896257869134869413275546172389798634521312958647421786953985341762673295418";

fn givens(board: &str) -> Vec<u8> {
    board
        .bytes()
        .map(|b| match b {
            b'.' => 0,
            _ => SYMBOLS.bytes().position(|s| s == b).unwrap() as u8 + 1,
        })
        .collect()
}

/// A board's size, givens and rules: what `Puzzle::new` takes.
struct Case {
    name: &'static str,
    size: usize,
    givens: Vec<u8>,
    rules: Vec<Rule>,
}

impl Case {
    fn puzzle(&self) -> Puzzle {
        let layout = Layout::standard(self.size).unwrap();
        Puzzle::new(layout, self.givens.clone(), self.rules.clone()).unwrap()
    }
}

fn cases() -> Vec<Case> {
    let killer = KILLER
        .iter()
        .map(|&(cells, sum)| Rule::Killer {
            cells: cells.to_vec(),
            sum: Some(sum),
        })
        .collect();
    vec![
        Case {
            name: "16x16",
            size: 16,
            givens: givens(BOARD_16),
            rules: Vec::new(),
        },
        Case {
            name: "25x25",
            size: 25,
            givens: givens(BOARD_25),
            rules: Vec::new(),
        },
        Case {
            name: "9x9_x",
            size: 9,
            givens: givens(BOARD_X),
            rules: vec![
                Rule::Diagonal { falling: true },
                Rule::Diagonal { falling: false },
            ],
        },
        Case {
            name: "9x9_killer",
            size: 9,
            givens: vec![0; 81],
            rules: killer,
        },
    ]
}

fn variant(c: &mut Criterion) {
    let mut group = c.benchmark_group("variant");
    for case in cases() {
        // Every board has one solution; the killer's is known.
        let outcome = case.puzzle().solve(2);
        assert_eq!(outcome.count, 1, "{}", case.name);
        if case.name == "9x9_killer" {
            assert_eq!(
                outcome.solution.as_deref(),
                Some(&givens(KILLER_SOLUTION)[..])
            );
        }
        group.bench_function(format!("new/{}", case.name), |b| {
            b.iter(|| black_box(case.puzzle()))
        });
        let puzzle = case.puzzle();
        group.bench_function(format!("solve_unique/{}", case.name), |b| {
            b.iter(|| black_box(&puzzle).solve(2))
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = variant
}
criterion_main!(benches);
