//! Sudoku Explainer's technique ladder: the producers in the order it tries
//! them (`docs/rating.md`, "The ladder"). The first producer that
//! finds a step wins, even when a later one would offer an easier step.

use super::grid::{Cells, Digits, Grid, ALL_CELLS, ALL_DIGITS};
use super::step::{Difficulty, Step};
use super::{
    bug, chains, exclusion, fish, intersections, singles, strong_links, subsets, turbot,
    unique_loops, wings,
};

/// A producer: the first step its technique finds, in its scan order.
type Producer = fn(&Grid) -> Option<Step>;

/// A producer whose steps each concern one digit and depend only on that
/// digit's candidates: it searches the digits it is given (bits 0-8).
type DigitProducer = fn(&Grid, Digits) -> Option<Step>;

/// A producer whose every step comes from a pattern of cells (with their
/// candidates) that, with candidates only ever removed, would have given
/// a step before unless it touches a changed cell: it is given the cells
/// changed since it last found nothing (all cells at first) and may skip
/// patterns that cannot involve them.
type LocalProducer = fn(&Grid, Cells) -> Option<Step>;

/// A producer of chains whose every step, with candidates only ever
/// removed, would have been found before unless a strong link has come
/// since: it keeps the position where it last found nothing.
type LinksProducer = fn(&Grid, &mut chains::Quiet) -> Option<Step>;

/// A rung of the ladder.
#[derive(Clone, Copy)]
enum Rung {
    /// A technique that looks at the whole grid.
    Grid(Producer),
    /// A technique whose steps each come from one digit's candidates.
    Digit(DigitProducer),
    /// A technique whose steps come from patterns of cells.
    Local(LocalProducer),
    /// A technique whose steps come from chains of links.
    Links(LinksProducer),
}

use Rung::{Digit, Grid as Whole, Links, Local};

/// The rungs this engine has, in Sudoku Explainer's order (numbers as in
/// `se-rating.md`).
const LADDER: [Rung; 35] = [
    Whole(singles::hidden_single),
    Digit(intersections::direct_locking),
    Local(|g, c| subsets::hidden_set(g, 2, true, c)),
    Whole(singles::naked_single),
    Local(|g, c| subsets::hidden_set(g, 3, true, c)),
    Digit(intersections::locking),
    Local(|g, c| subsets::naked_set(g, 2, c)),
    Digit(|g, d| fish::fish(g, 2, d)),
    Local(|g, c| subsets::hidden_set(g, 2, false, c)),
    Local(|g, c| subsets::naked_set(g, 3, c)),
    Digit(|g, d| fish::fish(g, 3, d)),
    Local(|g, c| subsets::hidden_set(g, 3, false, c)),
    // 13: turbot fish family.
    Digit(turbot::turbot_fish),
    // 14-15: XY-wing, XYZ-wing.
    Local(|g, c| wings::xy_wing(g, false, c)),
    Local(|g, c| wings::xy_wing(g, true, c)),
    // 16: unique rectangles and loops.
    Local(unique_loops::unique_loop),
    // 17-19: naked quad, jellyfish, hidden quad.
    Local(|g, c| subsets::naked_set(g, 4, c)),
    Digit(|g, d| fish::fish(g, 4, d)),
    Local(|g, c| subsets::hidden_set(g, 4, false, c)),
    // 20: three strong links.
    Digit(strong_links::three_strong_links),
    // 21: WXYZ-wing.
    Local(|g, c| wings::als_wing(g, 3, c)),
    // 22: bivalue universal grave.
    Whole(bug::bug),
    // 23: VWXYZ-wing.
    Local(|g, c| wings::als_wing(g, 4, c)),
    // 24: aligned pair exclusion.
    Local(exclusion::aligned_pair),
    // 25: forcing chains and cycles
    Links(chains::forcing_chains_and_cycles_along),
    // 26: aligned triplet exclusion.
    Local(exclusion::aligned_triplet),
    // 27: Nishio forcing chains
    Digit(chains::nishio_forcing_chains_of),
    // 28: multiple forcing chains
    Whole(chains::multiple_forcing_chains),
    // 29: dynamic forcing chains
    Whole(chains::dynamic_forcing_chains),
    // 30: dynamic forcing chains (+)
    Whole(chains::dynamic_forcing_chains_plus),
    // 31: nested forcing chains, levels 2 and 3
    Whole(|g| chains::nested_forcing_chains(g, 2, 0)),
    Whole(|g| chains::nested_forcing_chains(g, 3, 0)),
    // 32: nested dynamic forcing chains, level 4 with nesting limits 0-2
    Whole(|g| chains::nested_forcing_chains(g, 4, 0)),
    Whole(|g| chains::nested_forcing_chains(g, 4, 1)),
    Whole(|g| chains::nested_forcing_chains(g, 4, 2)),
];

/// The least difficulty of each rung's steps, in tenths (`se-rating.md`'s
/// ladder: e.g. hidden singles from 1.0, nested level 4 from 10.5).
const FLOORS: [u16; LADDER.len()] = [
    10, 17, 20, 23, 25, 26, 30, 32, 34, 36, 38, 40, 40, 42, 44, 45, 50, 52, 54, 54, 55, 56, 62, 62,
    65, 75, 75, 80, 85, 90, 95, 100, 105, 105, 105,
];

/// How many rungs, from the first, may take a step of at most `max`:
/// every rung after them has a higher floor. (Floors do not rise
/// monotonically, e.g. 3 strong links from 5.4 follow the hidden quad's
/// 5.4, so this counts from the end.)
fn rungs_within(max: Difficulty) -> usize {
    FLOORS
        .iter()
        .rposition(|&floor| floor <= max.0)
        .map_or(0, |last| last + 1)
}

/// The next step Sudoku Explainer's ladder takes from `grid`, if any.
///
/// Like Sudoku Explainer, the ladder assumes a proper puzzle (one
/// solution): its uniqueness rungs rely on it, and on a board with many
/// solutions its chain rungs may search for a very long time. The commands
/// ask the solver first and never call it there.
pub fn next_step(grid: &Grid) -> Option<Step> {
    LADDER.iter().find_map(|rung| match rung {
        Whole(producer) => producer(grid),
        Digit(producer) => producer(grid, ALL_DIGITS),
        Local(producer) => producer(grid, ALL_CELLS),
        Links(producer) => producer(grid, &mut chains::Quiet::default()),
    })
}

/// The ladder run along one solving path: it takes the same steps as
/// [`next_step`], but remembers what changed since each rung last found
/// nothing. A one-digit rung's answer for a digit depends on that digit's
/// candidates only, so until they change it is still nothing: the rung
/// searches only the digits changed since. A local rung is told the cells
/// changed since.
pub struct Ladder {
    /// Per rung, the digits to search on its next call.
    stale_digits: [Digits; LADDER.len()],
    /// Per rung, the cells changed since it last found nothing.
    stale_cells: [Cells; LADDER.len()],
    /// The position last seen: each digit's candidate cells and how many
    /// cells hold it.
    seen: [(Cells, usize); 9],
    /// The position last seen: each cell's candidates.
    seen_cells: [Digits; 81],
    /// Per rung, where it last found nothing (rungs of chains).
    quiet: [chains::Quiet; LADDER.len()],
}

impl Default for Ladder {
    fn default() -> Ladder {
        Ladder {
            stale_digits: [ALL_DIGITS; LADDER.len()],
            stale_cells: [ALL_CELLS; LADDER.len()],
            seen: [(0, usize::MAX); 9],
            seen_cells: [0; 81],
            quiet: std::array::from_fn(|_| chains::Quiet::default()),
        }
    }
}

impl Ladder {
    /// [`next_step`]'s answer from `grid` when only a step of at most
    /// `max` is wanted (all of it with [`Difficulty::BEYOND`] or more):
    /// the rungs that can only give harder steps are not tried, so `None`
    /// means no step, or none within `max` (a harder step, or none at
    /// all, would be next). A rung skipped keeps what it must search.
    pub fn next_step_within(&mut self, grid: &Grid, max: Difficulty) -> Option<Step> {
        // What changed is looked at only when a rung that remembers is
        // reached: most steps of easy puzzles are hidden singles, found by
        // the first rung. Candidates only go along a path, so comparing
        // with an older position still finds every change since.
        let mut seen = false;
        (0..rungs_within(max)).find_map(|rung| {
            if !seen && !matches!(LADDER[rung], Whole(_)) {
                self.see(grid);
                seen = true;
            }
            self.try_rung(rung, grid)
        })
    }

    /// Asks rung number `rung` (an index in `LADDER`) for its step.
    fn try_rung(&mut self, rung: usize, grid: &Grid) -> Option<Step> {
        match LADDER[rung] {
            Whole(producer) => producer(grid),
            Digit(producer) => {
                let step = producer(grid, self.stale_digits[rung]);
                // After a step, other digits may hold steps too.
                self.stale_digits[rung] = if step.is_some() { ALL_DIGITS } else { 0 };
                step
            }
            Local(producer) => {
                let step = producer(grid, self.stale_cells[rung]);
                self.stale_cells[rung] = if step.is_some() { ALL_CELLS } else { 0 };
                step
            }
            Links(producer) => producer(grid, &mut self.quiet[rung]),
        }
    }

    /// Notes what differs between `grid` and the position last seen, which
    /// becomes `grid`.
    fn see(&mut self, grid: &Grid) {
        let mut digits = 0;
        for (d, seen) in self.seen.iter_mut().enumerate() {
            let digit = d as u8 + 1;
            let now = (grid.digit_cells(digit), grid.placed_count(digit));
            if *seen != now {
                *seen = now;
                digits |= 1 << d;
            }
        }
        let (mut cells, mut gained): (Cells, bool) = (0, false);
        for (cell, seen) in self.seen_cells.iter_mut().enumerate() {
            let now = grid.candidates(cell);
            if *seen != now {
                gained |= now & !*seen != 0;
                *seen = now;
                cells |= 1 << cell;
            }
        }
        if gained {
            // Local rungs rely on candidates only going: start afresh.
            cells = ALL_CELLS;
        }
        for stale in &mut self.stale_digits {
            *stale |= digits;
        }
        for stale in &mut self.stale_cells {
            *stale |= cells;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cap_leaves_out_the_rungs_above_it() {
        let within = |tenths| rungs_within(Difficulty(tenths));
        assert_eq!(within(9), 0);
        // Easy: hidden singles only.
        assert_eq!(within(14), 1);
        // Medium: up to naked singles (2.3), not the direct hidden triple.
        assert_eq!(within(24), 4);
        // Hard: up to unique loops (from 4.5), not the naked quad (5.0) on.
        assert_eq!(within(49), 16);
        // 6.2 reaches aligned pair exclusion, after VWXYZ-wings' 6.2.
        assert_eq!(within(62), 24);
        assert_eq!(within(104), 32);
        assert_eq!(within(105), LADDER.len());
        assert_eq!(within(Difficulty::BEYOND.0), LADDER.len());
    }

    /// A solving path's ladder skips digits and cells it found nothing
    /// for, yet takes every step the stateless ladder takes (bank puzzles
    /// whose paths cross the one-digit rungs (fish, turbot fish, three
    /// strong links, Nishio forcing chains) and the local ones: wings, aligned pair and triplet
    /// exclusion, the last two after forcing chains).
    #[test]
    fn the_remembering_ladder_takes_the_same_steps() {
        let puzzles = [
            ".965.74.....94...15....1..94.5....92.6.....8.81....3.66..7....37...34.....48.621.",
            "9..468..2..........16...58..2..1..9.....5....4.8.2.1.7..........6.2.9.5.84.....26",
            ".5..4..7.48.7...52..2..14....7....8.8.......7.6....2....68..5..91...3.68.7..1..4.",
            ".9.2.......1..43.5..319......6..8..7.3.....6.8..7..9......318..6.85..4.......7.2.",
            "8.......3.9.....2..2.471.8.2...3...7..9.1.4.....8.2...9.......4.7.1.8.5..15.9.27.",
            "5..9..2...6.8...57..1.....8..8.2...6..94.85..1...6.8..7.....6..29...6.8...6..7..1",
            "4..8..7.1.3675..9.9..2...5.......315.6.....7.513.......2...6..7.4..9263.6.5..3..9",
            "7459...3..8....9.4.9..3....57.......2.85731.9.......52....8..2.4.7....1..3...6495",
            ".....49....95....67..92..51.4......896.....278......4.27..35..46....18....86.....",
            "........2.9.7..68..6.283.7....8...1..8196423..2...5....4.396.5..19..8.6.6........",
            "47.6....5.32.4......52.7...5.4....72.........72....6.3...5.13......7.95.9....4.81",
            // Four Nishio forcing chains (one-digit), with other steps between.
            "...6.9....8..2..6.63.....24..4...3..2.8...4.636.....585...6...7...953.....37.16..",
        ];
        for puzzle in puzzles {
            let mut grid = Grid::new(&puzzle.parse().unwrap());
            let mut ladder = Ladder::default();
            let mut steps = 0;
            while let Some(step) = next_step(&grid) {
                assert_eq!(
                    ladder.next_step_within(&grid, Difficulty::BEYOND).as_ref(),
                    Some(&step),
                    "{puzzle}"
                );
                step.apply(&mut grid);
                steps += 1;
            }
            assert!(grid.is_solved() && steps > 20, "{puzzle}");
            assert_eq!(ladder.next_step_within(&grid, Difficulty::BEYOND), None);
        }
    }

    /// Where the ladder's time goes: every rung timed on every position it
    /// is asked about while rating the puzzles of `RUNG_COSTS_FILE` (one
    /// per line). A diagnostic for speed work, not a check:
    /// `RUNG_COSTS_FILE=band.txt cargo test rung_costs -- --ignored --nocapture`.
    #[test]
    #[ignore = "a diagnostic: needs RUNG_COSTS_FILE"]
    fn rung_costs() {
        let path = std::env::var("RUNG_COSTS_FILE").expect("set RUNG_COSTS_FILE to a puzzle file");
        let text = std::fs::read_to_string(path).expect("a readable file");
        let mut spent = [std::time::Duration::ZERO; LADDER.len()];
        let mut calls = [0u32; LADDER.len()];
        let mut taken = [0u32; LADDER.len()];
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let mut grid = Grid::new(&line.trim().parse().expect("a puzzle"));
            let mut ladder = Ladder::default();
            'steps: while !grid.is_solved() {
                ladder.see(&grid);
                for rung in 0..LADDER.len() {
                    let start = std::time::Instant::now();
                    let step = ladder.try_rung(rung, &grid);
                    spent[rung] += start.elapsed();
                    calls[rung] += 1;
                    if let Some(step) = step {
                        taken[rung] += 1;
                        step.apply(&mut grid);
                        continue 'steps;
                    }
                }
                break;
            }
        }
        let total: f64 = spent.iter().map(|d| d.as_secs_f64()).sum();
        for rung in 0..LADDER.len() {
            let s = spent[rung].as_secs_f64();
            println!(
                "rung {rung:2}: {:8.1} ms {:5.1}% calls {:7} taken {:6} {:6.2} us/call",
                s * 1e3,
                100.0 * s / total,
                calls[rung],
                taken[rung],
                s * 1e6 / f64::from(calls[rung].max(1))
            );
        }
        println!("total {:.1} ms", total * 1e3);
    }
}
