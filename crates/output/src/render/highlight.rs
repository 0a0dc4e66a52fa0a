//! What a picture of a step marks: the pattern's cells and candidates, the
//! eliminated candidates and the placed digit. SVG and the terminal draw
//! the same marks, so both show one reading of the step.

use sudoku_engine::answer::HintLevel;
use sudoku_engine::logic::{Branch, Candidate, Grid, LoopDetail, Pattern, Rule, Step};

/// A set of digits 1-9 as bits 0-8.
type Digits = u16;

/// The links of one branch: from each state an implication rests on to
/// the implication, in the order found.
fn links(branch: &Branch, index: usize) -> impl Iterator<Item = Link> + '_ {
    links_of(branch, index, 0..branch.implies.len())
}

/// The links into implications `range` of `branch` (the step's `index`th
/// branch), in the order found: a part of a long branch.
pub fn links_of(
    branch: &Branch,
    index: usize,
    range: std::ops::Range<usize>,
) -> impl Iterator<Item = Link> + '_ {
    branch.implies[range].iter().flat_map(move |implication| {
        implication.from.iter().map(move |&k| Link {
            from: branch.state_at(k),
            to: implication.state,
            branch: index,
            nested: matches!(implication.rule, Rule::Chain(_)),
        })
    })
}

/// The cells of house `house` (0-26: boxes, rows, columns, as the logic
/// engine numbers them).
fn house_cells(house: u8) -> [u8; 9] {
    let h = usize::from(house % 9);
    let mut cells = [0u8; 9];
    for (p, cell) in cells.iter_mut().enumerate() {
        *cell = match house / 9 {
            0 => (h / 3 * 27 + h % 3 * 3 + p / 3 * 9 + p % 3) as u8,
            1 => (h * 9 + p) as u8,
            _ => (p * 9 + h) as u8,
        };
    }
    cells
}

/// The marks of one step on the position before it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Highlight {
    /// The pattern's cells (bit = cell index), drawn shaded.
    pub shaded: u128,
    /// Per cell, the candidates the pattern rests on, drawn emphasized.
    pub pattern: [Digits; 81],
    /// Per cell, the candidates the step removes.
    pub eliminated: [Digits; 81],
    /// The digit the step places, as (cell, digit).
    pub placed: Option<(u8, u8)>,
    /// A chain step's links, from each state to each it implies.
    pub links: Vec<Link>,
}

/// One link of a chain: `to` follows from `from`. A link that turns a
/// candidate on is strong (one of the two must be true), one that turns
/// it off is weak (they cannot both be true).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Link {
    /// The state it follows from.
    pub from: Candidate,
    /// The state implied.
    pub to: Candidate,
    /// Which of the step's branches it belongs to, from 0.
    pub branch: usize,
    /// Whether `to` follows by a nested chain rather than a cell or house.
    pub nested: bool,
}

impl Link {
    /// Whether the link is strong: it turns `to` on.
    pub fn is_strong(&self) -> bool {
        self.to.on
    }
}

impl Default for Highlight {
    fn default() -> Highlight {
        Highlight {
            shaded: 0,
            pattern: [0; 81],
            eliminated: [0; 81],
            placed: None,
            links: Vec::new(),
        }
    }
}

impl Highlight {
    /// The marks of `step` on `grid`, the position before it: what it
    /// rests on, what it proves, and a chain's links.
    pub fn of(grid: &Grid, step: &Step) -> Highlight {
        let mut marks = Highlight::summary(grid, step);
        for (k, branch) in step.chains.iter().enumerate() {
            marks.links.extend(links(branch, k));
        }
        // The chain's candidates stand out as a pattern's do.
        for link in &marks.links {
            for state in [link.from, link.to] {
                let cell = usize::from(state.cell);
                if grid.has(cell, state.digit) {
                    marks.pattern[cell] |= 1 << (state.digit - 1);
                }
            }
        }
        // A candidate the step removes is drawn as removed, not as support.
        for cell in 0..81 {
            marks.pattern[cell] &= !marks.eliminated[cell];
        }
        marks
    }

    /// The marks of `step` without its chain's links: what it rests on (for
    /// a chain, its assumptions) and what it proves. A long chain's picture,
    /// its links drawn in parts of their own.
    pub fn summary(grid: &Grid, step: &Step) -> Highlight {
        let mut marks = Highlight::pattern_of(grid, step);
        marks.placed = step.placed;
        for &(cell, digit) in &step.eliminated {
            marks.eliminated[usize::from(cell)] |= 1 << (digit - 1);
        }
        if let Some((cell, digit)) = step.placed {
            marks.shaded |= 1 << cell;
            marks.pattern[usize::from(cell)] |= 1 << (digit - 1);
        }
        for cell in 0..81 {
            marks.pattern[cell] &= !marks.eliminated[cell];
        }
        marks
    }

    /// The marks a hint at `level` shows: none at `technique`, the
    /// pattern at `pattern`, everything at `step`.
    pub fn at_level(grid: &Grid, step: &Step, level: HintLevel) -> Highlight {
        match level {
            HintLevel::Technique => Highlight::default(),
            HintLevel::Pattern => Highlight::pattern_of(grid, step),
            HintLevel::Step => Highlight::of(grid, step),
        }
    }

    /// What `step` rests on alone (its cells and digits; for a chain, its
    /// assumptions only, as its text names them: a cycle's other cells
    /// would show where it leads), not what it proves: a hint at `pattern`
    /// level.
    pub fn pattern_of(grid: &Grid, step: &Step) -> Highlight {
        let mut marks = Highlight::default();
        if step.chains.is_empty() {
            marks.mark_pattern(grid, &step.pattern);
        }
        for branch in &step.chains {
            let assume = branch.assume;
            if grid.has(usize::from(assume.cell), assume.digit) {
                marks.candidate(grid, &assume);
            }
        }
        marks
    }

    /// Shades `cells` and emphasizes `digits` among their candidates.
    fn cells(&mut self, grid: &Grid, cells: &[u8], digits: Digits) {
        for &cell in cells {
            self.shaded |= 1 << cell;
            self.pattern[usize::from(cell)] |= digits & grid.candidates(usize::from(cell));
        }
    }

    /// The cells of `cells` holding `digit`, shaded and emphasized.
    fn digit_in(&mut self, grid: &Grid, cells: &[u8], digit: u8) {
        let holding: Vec<u8> = cells
            .iter()
            .copied()
            .filter(|&cell| grid.has(usize::from(cell), digit))
            .collect();
        self.cells(grid, &holding, 1 << (digit - 1));
    }

    fn candidate(&mut self, grid: &Grid, candidate: &Candidate) {
        self.cells(grid, &[candidate.cell], 1 << (candidate.digit - 1));
    }

    fn mark_pattern(&mut self, grid: &Grid, pattern: &Pattern) {
        const ALL: Digits = 0x1ff;
        match pattern {
            Pattern::House { house } => {
                // The house is the reason: shade it, the placement says the rest.
                for cell in house_cells(*house) {
                    self.shaded |= 1 << cell;
                }
            }
            Pattern::Cell => {}
            Pattern::Locked { digit, from, to } => {
                let to = house_cells(*to);
                let both: Vec<u8> = house_cells(*from)
                    .into_iter()
                    .filter(|cell| to.contains(cell))
                    .collect();
                self.digit_in(grid, &both, *digit);
            }
            Pattern::Subset { digits, cells, .. } => self.cells(grid, cells, *digits),
            Pattern::Fish { digit, base, .. } => {
                for &house in base {
                    self.digit_in(grid, &house_cells(house), *digit);
                }
            }
            Pattern::StrongLinks { digit, cells } => self.digit_in(grid, cells, *digit),
            Pattern::Wing { pivot, pincers } => {
                self.cells(grid, &[*pivot], ALL);
                self.cells(grid, pincers, ALL);
            }
            Pattern::UniqueLoop {
                cells,
                digits,
                detail,
            }
            | Pattern::Bug {
                cells,
                digits,
                detail,
            } => {
                self.cells(grid, cells, *digits);
                self.detail(grid, cells, detail);
            }
            Pattern::Aligned { cells } | Pattern::Cycle { cells } => self.cells(grid, cells, 0),
            Pattern::ForcingChain { target } => self.candidate(grid, target),
            Pattern::Binary { source, .. } => self.candidate(grid, source),
            Pattern::CellForcing { cell, .. } => self.cells(grid, &[*cell], ALL),
            Pattern::RegionForcing { house, digit, .. } => {
                self.digit_in(grid, &house_cells(*house), *digit)
            }
        }
    }

    fn detail(&mut self, grid: &Grid, loop_cells: &[u8], detail: &LoopDetail) {
        match detail {
            LoopDetail::None => {}
            LoopDetail::Extra { digit } => self.digit_in(grid, loop_cells, *digit),
            LoopDetail::Set { digits, cells, .. } => self.cells(grid, cells, *digits),
            LoopDetail::Locked { digit, .. } => self.digit_in(grid, loop_cells, *digit),
        }
    }

    /// Whether `cell` is one of the pattern's cells.
    pub fn is_shaded(&self, cell: usize) -> bool {
        self.shaded >> cell & 1 != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn houses_list_their_cells_in_order() {
        assert_eq!(house_cells(0), [0, 1, 2, 9, 10, 11, 18, 19, 20]);
        assert_eq!(house_cells(4)[4], 40);
        assert_eq!(house_cells(8)[8], 80);
        assert_eq!(house_cells(9 + 2)[3], 21);
        assert_eq!(house_cells(18 + 2)[3], 29);
    }

    #[test]
    fn a_pointing_step_marks_its_cells_and_eliminations() {
        let puzzle =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let grid = Grid::new(&puzzle.parse().unwrap());
        let step = Step {
            technique: sudoku_engine::logic::Technique::Pointing,
            difficulty: sudoku_engine::logic::Difficulty(26),
            pattern: Pattern::Locked {
                digit: 1,
                from: 0,
                to: 9,
            },
            placed: None,
            eliminated: vec![(5, 1)],
            chains: sudoku_engine::logic::Chains::NONE,
        };
        let marks = Highlight::of(&grid, &step);
        // Box 1 and row 1 share r1c1-r1c3; only r1c3 holds a 1.
        assert_eq!(marks.shaded, 1 << 2);
        assert_eq!(marks.pattern[2], 1);
        assert_eq!(marks.eliminated[5], 1);
        assert_eq!(marks.placed, None);
        assert!(marks.links.is_empty());
        let pattern = Highlight::pattern_of(&grid, &step);
        assert_eq!((pattern.shaded, pattern.eliminated), (1 << 2, [0; 81]));
    }
}
