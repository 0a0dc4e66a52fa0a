//! How a run makes puzzles of the boards it reads: the rules of
//! `--variant`, the jigsaw regions of `--regions` and the boxes of
//! `--box`, put on every plain board.

use std::sync::OnceLock;

use super::layout::{Layout, MAX_SIZE, MIN_SIZE};
use super::puzzle::Puzzle;
use super::rule::Rule;

/// The rules and shape a run gives its plain boards.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Setup {
    /// Rules every board gets (`--variant`).
    pub rules: Vec<Rule>,
    /// The boards' regions, one per cell, from 0 (`--regions`): one
    /// layout for every board, or one per board in order, held here (as
    /// Python's `regions=` list). The CLI reads a file of layouts in step
    /// with the boards instead, outside the setup, so that a long one
    /// costs no memory.
    pub regions: Vec<Box<[u8]>>,
    /// Every board's box shape, rows and columns (`--box RxC`).
    pub boxes: Option<(u8, u8)>,
    /// The puzzle of an empty board of each size under the run's rules and
    /// boxes, made once: a board's puzzle is a copy with its givens, not
    /// its houses, peers and rule tables built again (as long as solving
    /// it on a 16x16 board).
    pub templates: Templates,
}

/// Empty-board puzzles by size, filled as sizes are met (shared by the
/// run's threads). Equal to any other: a cache, not part of a setup.
#[derive(Clone, Debug, Default)]
pub struct Templates([OnceLock<Puzzle>; MAX_SIZE + 1]);

impl PartialEq for Templates {
    fn eq(&self, _: &Templates) -> bool {
        true
    }
}

impl Eq for Templates {}

/// The names `--variant` takes, in the order help lists them.
pub const VARIANTS: [&str; 6] = [
    "x",
    "windoku",
    "disjoint",
    "anti-knight",
    "anti-king",
    "non-consecutive",
];

impl Setup {
    /// Whether the run leaves boards as they are (classic 9x9 boards then
    /// take the classic engine).
    pub fn is_plain(&self) -> bool {
        self.rules.is_empty() && self.regions.is_empty() && self.boxes.is_none()
    }

    /// The rules one `--variant` name stands for; `None` for an unknown
    /// name.
    pub fn variant(name: &str) -> Option<Vec<Rule>> {
        Some(match name {
            "x" => vec![
                Rule::Diagonal { falling: true },
                Rule::Diagonal { falling: false },
            ],
            "windoku" => vec![Rule::Windoku],
            "disjoint" => vec![Rule::Disjoint],
            "anti-knight" => vec![Rule::AntiKnight],
            "anti-king" => vec![Rule::AntiKing],
            "non-consecutive" => vec![Rule::NonConsecutive],
            _ => return None,
        })
    }

    /// Reads a region layout: one symbol per cell naming its region (blanks
    /// and layout characters ignored), regions numbered in order of first
    /// appearance. Returns the size and each cell's region.
    pub fn read_regions(text: &[u8]) -> Result<(usize, Box<[u8]>), String> {
        let names: Vec<u8> = text
            .iter()
            .copied()
            .filter(|b| !b.is_ascii_whitespace() && !b"|+-=[]\"',".contains(b))
            .collect();
        let size = (MIN_SIZE..=MAX_SIZE)
            .find(|&n| n * n == names.len())
            .ok_or_else(|| {
                format!(
                    "a region layout needs N x N symbols (N from 4 to 25), found {}",
                    names.len()
                )
            })?;
        let mut seen: Vec<u8> = Vec::new();
        let mut regions = Vec::with_capacity(names.len());
        for name in names {
            let index = match seen.iter().position(|&s| s == name) {
                Some(index) => index,
                None => {
                    seen.push(name);
                    seen.len() - 1
                }
            };
            if index >= size {
                return Err(format!(
                    "a {size}x{size} region layout names more than {size} regions"
                ));
            }
            regions.push(index as u8);
        }
        Ok((size, regions.into()))
    }

    /// The regions of the run's board number `ordinal` (from 0): the one
    /// layout, or its own; an error when a list of layouts has run out.
    pub fn regions_for(&self, ordinal: u64) -> Result<Option<&[u8]>, String> {
        match self.regions.len() {
            0 => Ok(None),
            1 => Ok(Some(&self.regions[0])),
            n => match usize::try_from(ordinal)
                .ok()
                .and_then(|i| self.regions.get(i))
            {
                Some(regions) => Ok(Some(regions)),
                None => Err(format!(
                    "--regions gives {n} layouts; this is board {}",
                    ordinal + 1
                )),
            },
        }
    }

    /// The puzzle of a board of `size` with `cells` (0 for empty): this
    /// run's rules on `regions` if given, else on its boxes (`--box`, or
    /// the size's usual ones).
    pub fn puzzle(
        &self,
        size: usize,
        cells: Vec<u8>,
        regions: Option<&[u8]>,
    ) -> Result<Puzzle, String> {
        if regions.is_none() {
            let slot = &self.templates.0[size.min(MAX_SIZE)];
            let template = match slot.get() {
                Some(template) => template,
                None => {
                    let empty = self.build(size, vec![0; size * size], None)?;
                    // Another thread may have set it first: the same puzzle.
                    let _ = slot.set(empty);
                    slot.get().expect("set above")
                }
            };
            return template.with_givens(cells).map_err(|e| e.to_string());
        }
        self.build(size, cells, regions)
    }

    /// The puzzle of a board of `size` with `cells` under this run's rules,
    /// made from scratch.
    fn build(&self, size: usize, cells: Vec<u8>, regions: Option<&[u8]>) -> Result<Puzzle, String> {
        let layout = match (regions, self.boxes) {
            (Some(regions), _) => {
                if regions.len() != size * size {
                    let n = (1..=MAX_SIZE)
                        .find(|&n| n * n >= regions.len())
                        .unwrap_or(0);
                    return Err(format!(
                        "the regions are for a {n}x{n} board, this one is {size}x{size}"
                    ));
                }
                Layout::with_regions(size, regions)
            }
            (None, Some((rows, columns))) => {
                Layout::boxed(size, usize::from(rows), usize::from(columns))
            }
            (None, None) => Layout::standard(size),
        }
        .map_err(|e| e.to_string())?;
        Puzzle::new(layout, cells, self.rules.clone()).map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn region_layouts_name_regions_by_first_appearance() {
        let (size, regions) = Setup::read_regions(b"aabb aabb ccdd ccdd").unwrap();
        assert_eq!(size, 4);
        assert_eq!(&*regions, &[0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3]);
        assert!(Setup::read_regions(b"aabbaabbccddccd")
            .unwrap_err()
            .contains("found 15"));
        assert!(Setup::read_regions(b"abcdeabbccddccdd")
            .unwrap_err()
            .contains("more than 4"));
    }

    #[test]
    fn the_run_shape_applies_unless_the_board_brings_its_own() {
        let setup = Setup {
            boxes: Some((3, 2)),
            ..Setup::default()
        };
        let puzzle = setup.puzzle(6, vec![0; 36], None).unwrap();
        assert_eq!(puzzle.layout().box_shape(), Some((3, 2)));
        let err = Setup::default().puzzle(7, vec![0; 49], None).unwrap_err();
        assert!(err.contains("--regions"), "{err}");
        let x = Setup {
            rules: Setup::variant("x").unwrap(),
            ..Setup::default()
        };
        assert_eq!(
            x.puzzle(9, vec![0; 81], None).unwrap().rule_names(),
            ["diagonal"]
        );
        assert!(Setup::variant("killer").is_none());
    }
}
